/*
 * What the A64 and A32/T32 translators share: the TCG globals of the
 * general registers, pc and NZCV, NZCV production (logical, add,
 * subtract, with carry) and condition tests. An AArch32 register Rn is
 * the low half of Xn (the high half kept zero); its flag-setting
 * operations are the sf = 0 forms.
 */
#include "target-arm/flags.h"

#include <stddef.h>

#include "target-arm/cpu.h"
#include "target-arm/helper_fp.h"

TCGv_i64 cpu_X[32];
TCGv_i64 cpu_pc;
TCGv_i64 cpu_NF, cpu_ZF, cpu_CF, cpu_VF;

/* ---- fault recipes: NZCV rebuilt at a fault instead of computed ---- */

/* Recipe kinds: bit 0 set for 64-bit forms. SUB and ADD get (a, b,
 * result), NZ and LOGIC (result, result, result). */
enum { RECIPE_SUB, RECIPE_ADD = 2, RECIPE_NZ = 4, RECIPE_LOGIC = 6 };

/* a and b of a + b = r or a - b = r (sub) from the two valid of x = a,
 * y = b, z = r. */
static void recipe_operands(bool sub, const uint64_t in[3], unsigned valid,
                            uint64_t *a, uint64_t *b)
{
    *a = in[0];
    *b = in[1];
    if (!(valid & 1))
        *a = sub ? in[2] + in[1] : in[2] - in[1];
    else if (!(valid & 2))
        *b = sub ? in[0] - in[2] : in[2] - in[0];
}

/* NZCV as gen_sub_cc, gen_add_cc, set_nz and gen_logic_cc compute them,
 * into the CPU state. */
static void arm_fault_recipe(void *opaque, unsigned kind, const uint64_t in[3],
                             unsigned valid)
{
    CPUARMState *env = opaque;
    bool wide = kind & 1, sub = (kind & ~1u) == RECIPE_SUB;
    uint64_t mask = wide ? ~0ull : 0xffffffffull;
    uint64_t a, b, r, v;
    int shift = wide ? 0 : 32;

    if ((kind & ~1u) == RECIPE_NZ || (kind & ~1u) == RECIPE_LOGIC) {
        r = in[valid & 1 ? 0 : 1] & mask;
        env->nf = wide ? (int64_t)r : (int32_t)r;
        env->zf = r;
        if ((kind & ~1u) == RECIPE_LOGIC)
            env->cf = env->vf = 0;
        return;
    }
    recipe_operands(sub, in, valid, &a, &b);
    a &= mask;
    b &= mask;
    r = (sub ? a - b : a + b) & mask;
    env->cf = sub ? a >= b : r < a;
    v = sub ? (a ^ b) & (a ^ r) : (r ^ a) & ~(a ^ b);
    env->vf = (int64_t)(v << shift);
    env->nf = wide ? (int64_t)r : (int32_t)r;
    env->zf = r;
}

/* The NZCV globals, as a mask of temp indices (0 if one is not below
 * 64, which a recipe cannot name). */
static uint64_t nzcv_globals(unsigned which)
{
    TCGv_i64 flag[4] = {cpu_NF, cpu_ZF, cpu_CF, cpu_VF};
    uint64_t mask = 0;

    for (int i = 0; i < 4; i++) {
        if (!((which >> (3 - i)) & 1))
            continue;
        if (flag[i].idx >= 64)
            return 0;
        mask |= 1ull << flag[i].idx;
    }
    return mask;
}

/* After NZCV (which: N Z C V as bits 3..0) were set from x, y and z:
 * faults on the way to their reader rebuild them (kind RECIPE_*). */
static void flags_recipe(unsigned kind, int sf, unsigned which, TCGv_i64 x,
                         TCGv_i64 y, TCGv_i64 z)
{
    uint64_t globals = nzcv_globals(which);

    if (globals)
        tcg_gen_fault_recipe(kind | (sf ? 1 : 0), globals, x, y, z);
}

void gen_nz_cc(int sf, TCGv_i64 result)
{
    if (sf) {
        tcg_gen_mov_i64(cpu_NF, result);
        tcg_gen_mov_i64(cpu_ZF, result);
    } else {
        tcg_gen_ext32s_i64(cpu_NF, result);
        tcg_gen_ext32u_i64(cpu_ZF, result);
    }
    flags_recipe(RECIPE_NZ, sf, 0xc, result, result, result);
}

void arm_translate_globals_init(void)
{
    static const char *names[32] = {
        "x0",  "x1",  "x2",  "x3",  "x4",  "x5",  "x6",  "x7",
        "x8",  "x9",  "x10", "x11", "x12", "x13", "x14", "x15",
        "x16", "x17", "x18", "x19", "x20", "x21", "x22", "x23",
        "x24", "x25", "x26", "x27", "x28", "x29", "lr",  "sp",
    };

    for (int i = 0; i < 32; i++)
        cpu_X[i] = tcg_global_mem_new_i64(
            (int)(offsetof(CPUARMState, x) + (size_t)i * 8), names[i]);
    cpu_pc = tcg_global_mem_new_i64(offsetof(CPUARMState, pc), "pc");
    cpu_NF = tcg_global_mem_new_i64(offsetof(CPUARMState, nf), "NF");
    cpu_ZF = tcg_global_mem_new_i64(offsetof(CPUARMState, zf), "ZF");
    cpu_CF = tcg_global_mem_new_i64(offsetof(CPUARMState, cf), "CF");
    cpu_VF = tcg_global_mem_new_i64(offsetof(CPUARMState, vf), "VF");
    tcg_fault_recipe_fn = arm_fault_recipe;
    /* FPCR.FZ (FPSCR.FZ): guarded FP ops stay inline under it where the
     * flushed result is the IEEE one. */
    tcg_fp_flush_mask = FPCR_FZ;
    /* FPSR.QC (FPSCR.QC): saturating vector ops set it inline. */
    tcg_set_vec_sat_flag(offsetof(CPUARMState, fpsr), FPSR_QC);
}

/* ---- flags ---- */

/* NF and ZF from a result of the given width. */
static void set_nz(int sf, TCGv_i64 result)
{
    if (sf) {
        tcg_gen_mov_i64(cpu_NF, result);
        tcg_gen_mov_i64(cpu_ZF, result);
    } else {
        tcg_gen_ext32s_i64(cpu_NF, result);
        tcg_gen_ext32u_i64(cpu_ZF, result);
    }
}

void gen_logic_cc(int sf, TCGv_i64 result)
{
    set_nz(sf, result);
    tcg_gen_movi_i64(cpu_CF, 0);
    tcg_gen_movi_i64(cpu_VF, 0);
    flags_recipe(RECIPE_LOGIC, sf, 0xf, result, result, result);
}

/*
 * Shared by ADDS/SUBS/ADCS/SBCS: dest = a + b + carry_in, where b is
 * already inverted for subtraction. 64-bit: carry via unsigned compares;
 * 32-bit: carry is bit 32 of the 64-bit sum of the zero-extended operands.
 */
static void gen_add_carry_cc(int sf, TCGv_i64 dest, TCGv_i64 a, TCGv_i64 b,
                             TCGv_i64 carry_in)
{
    TCGv_i64 sum = tcg_temp_new_i64();
    TCGv_i64 x = tcg_temp_new_i64(), y = tcg_temp_new_i64();

    if (sf) {
        TCGv_i64 c1 = tcg_temp_new_i64(), c2 = tcg_temp_new_i64();
        TCGv_i64 partial = tcg_temp_new_i64();

        tcg_gen_add_i64(partial, a, b);
        tcg_gen_setcond_i64(TCG_COND_LTU, c1, partial, a);
        tcg_gen_add_i64(sum, partial, carry_in);
        tcg_gen_setcond_i64(TCG_COND_LTU, c2, sum, partial);
        tcg_gen_or_i64(cpu_CF, c1, c2);
        /* V: operands have the same sign and the result differs. */
        tcg_gen_xor_i64(x, sum, a);
        tcg_gen_xor_i64(y, a, b);
        tcg_gen_andc_i64(cpu_VF, x, y);
        set_nz(1, sum);
        tcg_gen_mov_i64(dest, sum);
    } else {
        TCGv_i64 a32 = tcg_temp_new_i64(), b32 = tcg_temp_new_i64();

        tcg_gen_ext32u_i64(a32, a);
        tcg_gen_ext32u_i64(b32, b);
        tcg_gen_add_i64(sum, a32, b32);
        tcg_gen_add_i64(sum, sum, carry_in);
        tcg_gen_extract_i64(cpu_CF, sum, 32, 1);
        tcg_gen_xor_i64(x, sum, a32);
        tcg_gen_xor_i64(y, a32, b32);
        tcg_gen_andc_i64(x, x, y);
        tcg_gen_shli_i64(x, x, 32); /* bit 31 -> bit 63 */
        tcg_gen_mov_i64(cpu_VF, x);
        set_nz(0, sum);
        tcg_gen_ext32u_i64(dest, sum);
    }
}

/*
 * ADDS/SUBS without a carry in take the short forms of AddWithCarry():
 * C is one unsigned compare, V one xor/and pair on the sign bits.
 */
void gen_add_cc(int sf, TCGv_i64 dest, TCGv_i64 a, TCGv_i64 b)
{
    TCGv_i64 result = tcg_temp_new_i64();
    TCGv_i64 x = tcg_temp_new_i64(), y = tcg_temp_new_i64();

    if (sf) {
        tcg_gen_add_i64(result, a, b);
        tcg_gen_setcond_i64(TCG_COND_LTU, cpu_CF, result, a);
        tcg_gen_xor_i64(x, a, result);
        tcg_gen_xor_i64(y, a, b);
        tcg_gen_andc_i64(cpu_VF, x, y); /* same-sign inputs, sign flipped */
        set_nz(1, result);
        flags_recipe(RECIPE_ADD, 1, 0xf, a, b, result);
        tcg_gen_mov_i64(dest, result);
        return;
    }
    TCGv_i64 a32 = tcg_temp_new_i64(), b32 = tcg_temp_new_i64();

    tcg_gen_ext32u_i64(a32, a);
    tcg_gen_ext32u_i64(b32, b);
    tcg_gen_add_i64(result, a32, b32);
    tcg_gen_shri_i64(cpu_CF, result, 32);
    tcg_gen_xor_i64(x, a32, result);
    tcg_gen_xor_i64(y, a32, b32);
    tcg_gen_andc_i64(x, x, y);
    tcg_gen_shli_i64(cpu_VF, x, 32); /* bit 31 -> bit 63 */
    set_nz(0, result);
    flags_recipe(RECIPE_ADD, 0, 0xf, a32, b32, result);
    tcg_gen_ext32u_i64(dest, result);
}

/*
 * The last SUBS/CMP of the block being translated: a later condition test
 * with no flag write in between compares its operands directly (cmp; b.hi
 * becomes one host compare and branch) instead of decoding NZCV.
 */
static struct {
    bool valid;
    int op_index; /* first op after the SUBS */
    int sf;
    TCGv_i64 a, b; /* private copies, zero-extended when !sf */
} last_sub;

static TCGv_i64 private_copy(TCGv_i64 v)
{
    TCGv_i64 t;

    if (tcg_temp(v.idx)->kind == TEMP_CONST)
        return v;
    t = tcg_temp_new_i64();
    tcg_gen_mov_i64(t, v);
    return t;
}

void gen_sub_cc(int sf, TCGv_i64 dest, TCGv_i64 a, TCGv_i64 b)
{
    TCGv_i64 result = tcg_temp_new_i64();
    TCGv_i64 x = tcg_temp_new_i64(), y = tcg_temp_new_i64();
    TCGv_i64 a32, b32;

    if (sf) {
        a32 = private_copy(a);
        b32 = private_copy(b);
    } else {
        a32 = tcg_temp_new_i64();
        b32 = tcg_temp_new_i64();
        tcg_gen_ext32u_i64(a32, a);
        tcg_gen_ext32u_i64(b32, b);
    }
    tcg_gen_sub_i64(result, a32, b32);
    /* C is "no borrow": a >= b unsigned. */
    tcg_gen_setcond_i64(TCG_COND_GEU, cpu_CF, a32, b32);
    tcg_gen_xor_i64(x, a32, b32);
    tcg_gen_xor_i64(y, a32, result);
    if (sf) {
        tcg_gen_and_i64(cpu_VF, x, y); /* different-sign inputs, sign flipped */
    } else {
        tcg_gen_and_i64(x, x, y);
        tcg_gen_shli_i64(cpu_VF, x, 32);
    }
    set_nz(sf, result);
    if (sf)
        tcg_gen_mov_i64(dest, result);
    else
        tcg_gen_ext32u_i64(dest, result);
    /* Between here and the branch that usually reads them, a fault can
     * rebuild the flags from the operands: no access keeps them alive. */
    flags_recipe(RECIPE_SUB, sf, 0xf, a32, b32, result);
    last_sub.valid = true;
    last_sub.op_index = tcg_ctx.nb_ops;
    last_sub.sf = sf;
    last_sub.a = a32;
    last_sub.b = b32;
}

static bool writes_flags(const TCGOp *op)
{
    int nout = op->opc == INDEX_op_call ? op->call_oargs
                                        : tcg_op_defs[op->opc].nb_oargs;

    if (op->opc == INDEX_op_call &&
        !(op->helper->flags & TCG_CALL_NO_WRITE_GLOBALS))
        return true;
    for (int i = 0; i < nout; i++) {
        uint64_t t = op->args[i];
        if (t == cpu_NF.idx || t == cpu_ZF.idx || t == cpu_CF.idx ||
            t == cpu_VF.idx)
            return true;
    }
    return false;
}

/* Whether an op emitted from op_index on writes a flag global. */
static bool flags_written_since(int op_index)
{
    for (int i = op_index; i < tcg_ctx.nb_ops; i++)
        if (writes_flags(&tcg_ctx.ops[i]))
            return true;
    return false;
}

uint64_t arm_gen_lazy_flags(void)
{
    uint64_t tag = last_sub.sf ? ARM_CF_LAZY_SUB64 : ARM_CF_LAZY_SUB32;

    if (!last_sub.valid || flags_written_since(last_sub.op_index))
        return 0;
    tcg_gen_st_i64(last_sub.a, tcg_env, offsetof(CPUARMState, lazy_a));
    tcg_gen_st_i64(last_sub.b, tcg_env, offsetof(CPUARMState, lazy_b));
    /* Stored, not written to the global: the way out leaves it dead, so
     * nothing writes it back over the tag. */
    tcg_gen_st_i64(tcg_constant_i64((int64_t)tag), tcg_env,
                   offsetof(CPUARMState, cf));
    return nzcv_globals(0xf);
}

bool arm_fused_compare(int cc, TCGCond *cond, TCGv_i64 *a, TCGv_i64 *b)
{
    static const TCGCond from_subs[8] = {
        [0] = TCG_COND_EQ,  /* EQ: a == b */
        [1] = TCG_COND_GEU, /* CS: no borrow */
        [4] = TCG_COND_GTU, /* HI */
        [5] = TCG_COND_GE,  /* GE: N == V */
        [6] = TCG_COND_GT,  /* GT */
    };
    TCGCond c = from_subs[cc >> 1];
    bool is_signed = c == TCG_COND_GE || c == TCG_COND_GT;

    /* MI/PL and VS/VC depend on the difference, not the order. */
    if (!last_sub.valid || c == TCG_COND_NEVER || cc >= 14 ||
        flags_written_since(last_sub.op_index))
        return false;
    *a = last_sub.a;
    *b = last_sub.b;
    if (is_signed && !last_sub.sf) {
        *a = tcg_temp_new_i64();
        *b = tcg_temp_new_i64();
        tcg_gen_ext32s_i64(*a, last_sub.a);
        tcg_gen_ext32s_i64(*b, last_sub.b);
    }
    *cond = cc & 1 ? tcg_invert_cond(c) : c;
    return true;
}

void gen_adc_cc(int sf, TCGv_i64 dest, TCGv_i64 a, TCGv_i64 b)
{
    gen_add_carry_cc(sf, dest, a, b, cpu_CF);
}

void gen_sbc_cc(int sf, TCGv_i64 dest, TCGv_i64 a, TCGv_i64 b)
{
    TCGv_i64 nb = tcg_temp_new_i64();

    tcg_gen_not_i64(nb, b);
    gen_add_carry_cc(sf, dest, a, nb, cpu_CF);
}

void gen_adc(int sf, TCGv_i64 dest, TCGv_i64 a, TCGv_i64 b)
{
    TCGv_i64 t = tcg_temp_new_i64();

    tcg_gen_add_i64(t, a, b);
    tcg_gen_add_i64(t, t, cpu_CF);
    if (sf)
        tcg_gen_mov_i64(dest, t);
    else
        tcg_gen_ext32u_i64(dest, t);
}

void gen_set_nzcv_imm(unsigned nzcv)
{
    tcg_gen_movi_i64(cpu_NF, (nzcv & 8) ? -1 : 0);
    tcg_gen_movi_i64(cpu_ZF, (nzcv & 4) ? 0 : 1);
    tcg_gen_movi_i64(cpu_CF, (nzcv >> 1) & 1);
    tcg_gen_movi_i64(cpu_VF, (nzcv & 1) ? -1 : 0);
}

TCGv_i64 gen_get_nzcv(void)
{
    TCGv_i64 r = tcg_temp_new_i64(), t = tcg_temp_new_i64();

    tcg_gen_shri_i64(r, cpu_NF, 63);
    tcg_gen_shli_i64(r, r, 31);
    tcg_gen_setcondi_i64(TCG_COND_EQ, t, cpu_ZF, 0);
    tcg_gen_shli_i64(t, t, 30);
    tcg_gen_or_i64(r, r, t);
    t = tcg_temp_new_i64();
    tcg_gen_shli_i64(t, cpu_CF, 29);
    tcg_gen_or_i64(r, r, t);
    t = tcg_temp_new_i64();
    tcg_gen_shri_i64(t, cpu_VF, 63);
    tcg_gen_shli_i64(t, t, 28);
    tcg_gen_or_i64(r, r, t);
    return r;
}

/* 1000, 0110, 0010 and 0011: one nibble each of 0x3268. */
TCGv_i64 gen_nzcv_of_fp_compare(TCGv_i64 code)
{
    TCGv_i64 nzcv = tcg_temp_new_i64();

    tcg_gen_shli_i64(nzcv, code, 2);
    tcg_gen_shr_i64(nzcv, tcg_constant_i64(0x3268), nzcv);
    tcg_gen_andi_i64(nzcv, nzcv, 0xf);
    tcg_gen_shli_i64(nzcv, nzcv, 28);
    return nzcv;
}

void gen_set_nzcv(TCGv_i64 val)
{
    TCGv_i64 t = tcg_temp_new_i64();

    tcg_gen_shli_i64(t, val, 32); /* bit 31 -> 63 */
    tcg_gen_sari_i64(cpu_NF, t, 63);
    tcg_gen_extract_i64(t, val, 30, 1);
    tcg_gen_xori_i64(cpu_ZF, t, 1); /* Z set -> zf == 0 */
    tcg_gen_extract_i64(cpu_CF, val, 29, 1);
    t = tcg_temp_new_i64();
    tcg_gen_shli_i64(t, val, 35); /* bit 28 -> 63 */
    tcg_gen_sari_i64(cpu_VF, t, 63);
}

/* ConditionHolds(): each Arm condition as "value cond 0". */
DisasCompare arm_test_cc(int cc)
{
    DisasCompare c;
    TCGv_i64 t;

    switch (cc >> 1) {
    case 0: /* EQ / NE */
        c.cond = TCG_COND_EQ;
        c.value = cpu_ZF;
        break;
    case 1: /* CS / CC */
        c.cond = TCG_COND_NE;
        c.value = cpu_CF;
        break;
    case 2: /* MI / PL */
        c.cond = TCG_COND_LT;
        c.value = cpu_NF;
        break;
    case 3: /* VS / VC */
        c.cond = TCG_COND_LT;
        c.value = cpu_VF;
        break;
    case 4: /* HI: C && !Z  (LS is the inverse) */
        t = tcg_temp_new_i64();
        tcg_gen_setcondi_i64(TCG_COND_NE, t, cpu_ZF, 0);
        tcg_gen_and_i64(t, t, cpu_CF);
        c.cond = TCG_COND_NE;
        c.value = t;
        break;
    case 5: /* GE: N == V */
        t = tcg_temp_new_i64();
        tcg_gen_xor_i64(t, cpu_NF, cpu_VF);
        c.cond = TCG_COND_GE;
        c.value = t;
        break;
    case 6: { /* GT: !Z && N == V */
        TCGv_i64 nv = tcg_temp_new_i64(), z = tcg_temp_new_i64();
        t = tcg_temp_new_i64();
        tcg_gen_xor_i64(nv, cpu_NF, cpu_VF);
        tcg_gen_setcondi_i64(TCG_COND_GE, nv, nv, 0);
        tcg_gen_setcondi_i64(TCG_COND_NE, z, cpu_ZF, 0);
        tcg_gen_and_i64(t, nv, z);
        c.cond = TCG_COND_NE;
        c.value = t;
        break;
    }
    default: /* AL, NV: always */
        c.cond = TCG_COND_ALWAYS;
        c.value = tcg_constant_i64(0);
        return c;
    }
    if (cc & 1)
        c.cond = tcg_invert_cond(c.cond);
    return c;
}

/* The last FP compare whose code set the flags (arm_flags_of_fp_compare). */
static struct {
    bool valid;
    int op_index; /* first op after the flag write */
    TCGv_i64 code;
} last_fcmp;

void arm_flags_of_fp_compare(TCGv_i64 code)
{
    last_fcmp.valid = true;
    last_fcmp.op_index = tcg_ctx.nb_ops;
    last_fcmp.code = code;
}

/*
 * Condition cc (not AL/NV) on the flags an FP compare set, as "a cond b"
 * on its code. From NZCV 1000 (less), 0110 (equal), 0010 (greater), 0011
 * (unordered): EQ is code 1, CS code >= 1, MI code 0, VS code 3, HI code
 * >= 2, GE code 1 or 2, GT code 2; the odd conditions invert them.
 */
static bool fp_fused_compare(int cc, TCGCond *cond, TCGv_i64 *a, TCGv_i64 *b)
{
    static const struct {
        TCGCond cond;
        int64_t value;
    } even[7] = {
        {TCG_COND_EQ, 1},  /* EQ */
        {TCG_COND_GEU, 1}, /* CS */
        {TCG_COND_EQ, 0},  /* MI */
        {TCG_COND_EQ, 3},  /* VS */
        {TCG_COND_GEU, 2}, /* HI */
        {TCG_COND_LEU, 1}, /* GE: code - 1 <= 1 */
        {TCG_COND_EQ, 2},  /* GT */
    };

    if (!last_fcmp.valid || cc >= 14 || flags_written_since(last_fcmp.op_index))
        return false;
    *a = last_fcmp.code;
    if (cc >> 1 == 5) {
        *a = tcg_temp_new_i64();
        tcg_gen_subi_i64(*a, last_fcmp.code, 1);
    }
    *b = tcg_constant_i64(even[cc >> 1].value);
    *cond = cc & 1 ? tcg_invert_cond(even[cc >> 1].cond) : even[cc >> 1].cond;
    return true;
}

DisasCompare arm_compare_cc(int cc)
{
    DisasCompare c;

    if (arm_fused_compare(cc, &c.cond, &c.value, &c.value2) ||
        fp_fused_compare(cc, &c.cond, &c.value, &c.value2))
        return c;
    c = arm_test_cc(cc);
    c.value2 = tcg_constant_i64(0);
    return c;
}

void gen_brcond_cc(int cc, TCGLabel l)
{
    DisasCompare c = arm_compare_cc(cc);

    tcg_gen_brcond_i64(c.cond, c.value, c.value2, l);
}

void arm_flags_block_start(void)
{
    last_sub.valid = false;
    last_fcmp.valid = false;
}

void arm_flags_join(int branch_op)
{
    if (last_sub.op_index > branch_op)
        last_sub.valid = false;
    if (last_fcmp.op_index > branch_op)
        last_fcmp.valid = false;
}
