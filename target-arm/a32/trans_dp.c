/*
 * A32/T32 data processing, multiply, media and APSR access (A32, T32 and
 * T16 encodings: a32_dp.decode, t32_dp.decode, t16_dp.decode). Inline IR
 * except for the rarely used media operations (helper_a32_dp.c). No loads,
 * stores, branches or system instructions: a write to r15 goes through
 * store_reg, which ends the block.
 */
#include "target-arm/a32/translate.h"

#include "target-arm/a32/helper_a32_dp.h"
#include "target-arm/helper_info.h"

/* Data-processing operations: 0-15 are the A32 opc field; ORN is T32's. */
enum {
    DP_AND,
    DP_EOR,
    DP_SUB,
    DP_RSB,
    DP_ADD,
    DP_ADC,
    DP_SBC,
    DP_RSC,
    DP_TST,
    DP_TEQ,
    DP_CMP,
    DP_CMN,
    DP_ORR,
    DP_MOV,
    DP_BIC,
    DP_MVN,
    DP_ORN,
};

enum { SHIFT_LSL, SHIFT_LSR, SHIFT_ASR, SHIFT_ROR };

#include "a32_dp.dec.c"
#include "t16_dp.dec.c"
#include "t32_dp.dec.c"

/* A shifter operand: its value (zero-extended) and, when the shift
 * produced one, its carry out (0 or 1); without it C is unchanged. */
typedef struct Operand2 {
    TCGv_i64 value;
    TCGv_i64 carry;
    bool has_carry;
} Operand2;

static TCGv_i64 env_arg(void)
{
    return tcg_ptr_as_i64(tcg_env);
}

static bool dp_is_logical(int op)
{
    switch (op) {
    case DP_AND:
    case DP_EOR:
    case DP_TST:
    case DP_TEQ:
    case DP_ORR:
    case DP_MOV:
    case DP_BIC:
    case DP_MVN:
    case DP_ORN: return true;
    default: return false;
    }
}

static bool dp_is_test(int op)
{
    return op >= DP_TST && op <= DP_CMN;
}

/* ---- shifts (Shift_C) ---- */

static TCGv_i64 gen_ror32i(TCGv_i64 val, int amount)
{
    TCGv_i32 t = tcg_temp_new_i32();
    TCGv_i64 r = tcg_temp_new_i64();

    tcg_gen_extrl_i64_i32(t, val);
    tcg_gen_rotri_i32(t, t, amount);
    tcg_gen_extu_i32_i64(r, t);
    return r;
}

static TCGv_i64 gen_bit(TCGv_i64 val, int pos)
{
    TCGv_i64 t = tcg_temp_new_i64();

    tcg_gen_extract_i64(t, val, (unsigned)pos, 1);
    return t;
}

/* DecodeImmShift(type, imm5) applied to val; the carry when want_carry. */
static Operand2 gen_shift_imm(TCGv_i64 val, int shty, int imm, bool want_carry)
{
    Operand2 o = {.value = tcg_temp_new_i64(), .has_carry = want_carry};
    int n = imm ? imm : 32;

    switch (shty) {
    case SHIFT_LSL:
        if (imm == 0) {
            o.value = val;
            o.has_carry = false;
            return o;
        }
        tcg_gen_shli_i64(o.value, val, imm);
        tcg_gen_ext32u_i64(o.value, o.value);
        if (want_carry)
            o.carry = gen_bit(val, 32 - imm);
        break;
    case SHIFT_LSR:
        tcg_gen_shri_i64(o.value, val, n);
        if (want_carry)
            o.carry = gen_bit(val, n - 1);
        break;
    case SHIFT_ASR:
        tcg_gen_ext32s_i64(o.value, val);
        tcg_gen_sari_i64(o.value, o.value, n);
        tcg_gen_ext32u_i64(o.value, o.value);
        if (want_carry)
            o.carry = gen_bit(val, n - 1);
        break;
    default:
        if (imm) {
            o.value = gen_ror32i(val, imm);
            if (want_carry)
                o.carry = gen_bit(val, imm - 1);
            break;
        }
        /* RRX: C:val[31:1], carry out val[0] */
        tcg_gen_shli_i64(o.value, cpu_CF, 31);
        {
            TCGv_i64 t = tcg_temp_new_i64();
            tcg_gen_shri_i64(t, val, 1);
            tcg_gen_or_i64(o.value, o.value, t);
        }
        if (want_carry)
            o.carry = gen_bit(val, 0);
        break;
    }
    return o;
}

/* Shift by Rs[7:0]: amounts of 32 and more as the Arm ARM says (LSL/LSR
 * give 0, ASR the sign), an amount of 0 leaves the carry alone. */
static Operand2 gen_shift_reg(TCGv_i64 val, int shty, TCGv_i64 rs,
                              bool want_carry)
{
    Operand2 o = {.value = tcg_temp_new_i64(), .has_carry = want_carry};
    TCGv_i64 amount = tcg_temp_new_i64(), clamped = tcg_temp_new_i64();
    TCGv_i64 c = tcg_temp_new_i64(), t = tcg_temp_new_i64();
    TCGv_i64 c63 = tcg_constant_i64(63);

    tcg_gen_andi_i64(amount, rs, 0xff);
    tcg_gen_movcond_i64(TCG_COND_GTU, clamped, amount, c63, c63, amount);
    switch (shty) {
    case SHIFT_LSL: /* carry: bit 32 of the 64-bit shift */
        tcg_gen_shl_i64(t, val, clamped);
        tcg_gen_ext32u_i64(o.value, t);
        tcg_gen_extract_i64(c, t, 32, 1);
        break;
    case SHIFT_LSR: /* carry: bit 0 of (val << 1) >> amount */
        tcg_gen_shr_i64(o.value, val, clamped);
        tcg_gen_shli_i64(t, val, 1);
        tcg_gen_shr_i64(t, t, clamped);
        tcg_gen_andi_i64(c, t, 1);
        break;
    case SHIFT_ASR:
        tcg_gen_ext32s_i64(t, val);
        tcg_gen_sar_i64(o.value, t, clamped);
        tcg_gen_ext32u_i64(o.value, o.value);
        tcg_gen_shli_i64(t, t, 1);
        tcg_gen_sar_i64(t, t, clamped);
        tcg_gen_andi_i64(c, t, 1);
        break;
    default: {
        TCGv_i32 v = tcg_temp_new_i32(), n = tcg_temp_new_i32();

        tcg_gen_extrl_i64_i32(v, val);
        tcg_gen_extrl_i64_i32(n, amount);
        tcg_gen_rotr_i32(v, v, n); /* modulo 32 */
        tcg_gen_extu_i32_i64(o.value, v);
        tcg_gen_extract_i64(c, o.value, 31, 1);
        break;
    }
    }
    if (want_carry) {
        o.carry = tcg_temp_new_i64();
        tcg_gen_movcond_i64(TCG_COND_EQ, o.carry, amount, tcg_constant_i64(0),
                            cpu_CF, c);
    }
    return o;
}

/* A constant operand; carry is bit 31 when the expansion rotated. */
static Operand2 gen_imm_operand(uint32_t value, bool rotated, bool want_carry)
{
    Operand2 o = {.value = tcg_constant_i64(value)};

    if (want_carry && rotated) {
        o.carry = tcg_constant_i64(value >> 31);
        o.has_carry = true;
    }
    return o;
}

/* ---- the data-processing core ---- */

/* Rd = Rn op operand2, setting flags when asked; tests write no Rd. */
static bool gen_dp(DisasContext *s, int op, int rd, int rn, Operand2 m,
                   bool setflags)
{
    TCGv_i64 r = tcg_temp_new_i64(), n = m.value;
    TCGv_i64 b = m.value;

    if (op != DP_MOV && op != DP_MVN)
        n = load_reg(s, rn);
    switch (op) {
    case DP_AND:
    case DP_TST: tcg_gen_and_i64(r, n, b); break;
    case DP_EOR:
    case DP_TEQ: tcg_gen_xor_i64(r, n, b); break;
    case DP_ORR: tcg_gen_or_i64(r, n, b); break;
    case DP_ORN:
        tcg_gen_orc_i64(r, n, b);
        tcg_gen_ext32u_i64(r, r);
        break;
    case DP_BIC: tcg_gen_andc_i64(r, n, b); break;
    case DP_MOV: tcg_gen_mov_i64(r, b); break;
    case DP_MVN:
        tcg_gen_not_i64(r, b);
        tcg_gen_ext32u_i64(r, r);
        break;
    case DP_SUB:
    case DP_CMP:
        if (setflags)
            gen_sub_cc(0, r, n, b);
        else
            tcg_gen_sub_i64(r, n, b);
        break;
    case DP_RSB:
        if (setflags)
            gen_sub_cc(0, r, b, n);
        else
            tcg_gen_sub_i64(r, b, n);
        break;
    case DP_ADD:
    case DP_CMN:
        if (setflags)
            gen_add_cc(0, r, n, b);
        else
            tcg_gen_add_i64(r, n, b);
        break;
    case DP_ADC:
        if (setflags)
            gen_adc_cc(0, r, n, b);
        else
            gen_adc(0, r, n, b);
        break;
    case DP_SBC:
    case DP_RSC: {
        TCGv_i64 x = op == DP_SBC ? n : b, y = op == DP_SBC ? b : n;

        if (setflags) {
            gen_sbc_cc(0, r, x, y);
        } else {
            TCGv_i64 t = tcg_temp_new_i64();
            tcg_gen_not_i64(t, y);
            gen_adc(0, r, x, t);
        }
        break;
    }
    }
    if (setflags && dp_is_logical(op)) {
        gen_nz_cc(0, r);
        if (m.has_carry)
            tcg_gen_mov_i64(cpu_CF, m.carry);
    }
    if (!dp_is_test(op))
        store_reg(s, rd, r);
    return true;
}

/* ---- A32 data processing ---- */

/* A32: Rd = 15 with S set is an exception return, not for user mode. */
static bool a32_dp_exception_return(int op, bool setflags, int rd)
{
    return setflags && rd == 15 && !dp_is_test(op);
}

static bool trans_dp_rsi(DisasContext *s, arg_s_rrr_shi *a)
{
    bool want_carry = a->s && dp_is_logical((int)a->op);

    if (a32_dp_exception_return((int)a->op, a->s, (int)a->rd))
        return a32_undef(s);
    return gen_dp(s, (int)a->op, (int)a->rd, (int)a->rn,
                  gen_shift_imm(load_reg(s, (int)a->rm), (int)a->shty,
                                (int)a->shimm, want_carry),
                  a->s);
}

static bool trans_dp_rsr(DisasContext *s, arg_s_rrr_shr *a)
{
    bool want_carry = a->s && dp_is_logical((int)a->op);

    /* Other r15 operands are UNPREDICTABLE: read as usual (as qemu). */
    if (a32_dp_exception_return((int)a->op, a->s, (int)a->rd))
        return a32_undef(s);
    return gen_dp(s, (int)a->op, (int)a->rd, (int)a->rn,
                  gen_shift_reg(load_reg(s, (int)a->rm), (int)a->shty,
                                load_reg(s, (int)a->rs), want_carry),
                  a->s);
}

/* A32ExpandImm_C */
static bool trans_dp_rri(DisasContext *s, arg_s_rri_rot *a)
{
    int rot = (int)a->rot * 2;
    uint32_t imm = (uint32_t)a->imm;
    uint32_t value = rot ? (imm >> rot) | (imm << (32 - rot)) : imm;
    bool want_carry = a->s && dp_is_logical((int)a->op);

    if (a32_dp_exception_return((int)a->op, a->s, (int)a->rd))
        return a32_undef(s);
    return gen_dp(s, (int)a->op, (int)a->rd, (int)a->rn,
                  gen_imm_operand(value, rot != 0, want_carry), a->s);
}

static bool gen_movw(DisasContext *s, int rd, uint32_t imm16, bool top)
{
    TCGv_i64 r;

    if (rd == 15)
        return a32_undef(s); /* UNPREDICTABLE */
    if (!top) {
        store_reg(s, rd, tcg_constant_i64(imm16));
        return true;
    }
    r = load_reg(s, rd);
    tcg_gen_deposit_i64(r, r, tcg_constant_i64(imm16), 16, 16);
    store_reg(s, rd, r);
    return true;
}

static bool trans_movw(DisasContext *s, arg_movw *a)
{
    return gen_movw(s, (int)a->rd, (uint32_t)a->imm16, a->top);
}

/* ---- APSR: NZCV (lazy flags), Q (env->qf), GE (env->ge) ---- */

static bool gen_mrs(DisasContext *s, int rd)
{
    TCGv_i64 r = gen_get_nzcv(), t = tcg_temp_new_i64();

    if (rd == 15)
        return a32_undef(s);
    tcg_gen_ld32u_i64(t, tcg_env, offsetof(CPUARMState, qf));
    tcg_gen_setcondi_i64(TCG_COND_NE, t, t, 0);
    tcg_gen_shli_i64(t, t, 27);
    tcg_gen_or_i64(r, r, t);
    t = tcg_temp_new_i64();
    tcg_gen_ld32u_i64(t, tcg_env, offsetof(CPUARMState, ge));
    tcg_gen_shli_i64(t, t, 16);
    tcg_gen_or_i64(r, r, t);
    tcg_gen_ori_i64(r, r, 0x10); /* CPSR.M: User */
    store_reg(s, rd, r);
    return true;
}

/* mask bit 3: NZCVQ, bit 2: GE; the others name privileged fields,
 * which user mode cannot write. */
static bool gen_msr(DisasContext *s, TCGv_i64 val, int mask)
{
    (void)s;
    if (mask & 8) {
        TCGv_i64 q = tcg_temp_new_i64();

        gen_set_nzcv(val);
        tcg_gen_extract_i64(q, val, 27, 1);
        tcg_gen_st32_i64(q, tcg_env, offsetof(CPUARMState, qf));
    }
    if (mask & 4) {
        TCGv_i64 ge = tcg_temp_new_i64();

        tcg_gen_extract_i64(ge, val, 16, 4);
        tcg_gen_st32_i64(ge, tcg_env, offsetof(CPUARMState, ge));
    }
    return true;
}

static bool trans_MRS(DisasContext *s, arg_MRS *a)
{
    return gen_mrs(s, (int)a->rd);
}

static bool trans_MSR_r(DisasContext *s, arg_MSR_r *a)
{
    if (a->mask == 0 || a->rn == 15)
        return a32_undef(s);
    return gen_msr(s, load_reg(s, (int)a->rn), (int)a->mask);
}

static bool trans_MSR_i(DisasContext *s, arg_MSR_i *a)
{
    int rot = (int)a->rot * 2;
    uint32_t imm = (uint32_t)a->imm;

    if (a->mask == 0)
        return false; /* the hints */
    return gen_msr(
        s, tcg_constant_i64(rot ? (imm >> rot) | (imm << (32 - rot)) : imm),
        (int)a->mask);
}

/* ---- multiplies ---- */

static TCGv_i64 load_reg_s32(DisasContext *s, int reg)
{
    TCGv_i64 t = load_reg(s, reg);

    tcg_gen_ext32s_i64(t, t);
    return t;
}

/* Rd = (Ra +/- Rn * Rm) mod 2^32 (no Ra: ra < 0). */
static bool gen_mul(DisasContext *s, int rd, int rn, int rm, int ra, bool sub,
                    bool setflags)
{
    TCGv_i64 r = tcg_temp_new_i64();

    tcg_gen_mul_i64(r, load_reg(s, rn), load_reg(s, rm));
    if (ra >= 0) {
        if (sub)
            tcg_gen_sub_i64(r, load_reg(s, ra), r);
        else
            tcg_gen_add_i64(r, r, load_reg(s, ra));
    }
    tcg_gen_ext32u_i64(r, r);
    if (setflags)
        gen_nz_cc(0, r);
    store_reg(s, rd, r);
    return true;
}

static void store_reg_pair(DisasContext *s, int rdlo, int rdhi, TCGv_i64 v)
{
    TCGv_i64 hi = tcg_temp_new_i64();

    tcg_gen_shri_i64(hi, v, 32);
    store_reg(s, rdlo, v);
    store_reg(s, rdhi, hi);
}

static TCGv_i64 load_reg_pair(DisasContext *s, int rdlo, int rdhi)
{
    TCGv_i64 v = load_reg(s, rdhi);

    tcg_gen_shli_i64(v, v, 32);
    tcg_gen_or_i64(v, v, load_reg(s, rdlo));
    return v;
}

/* RdHi:RdLo = Rn * Rm (+ RdHi:RdLo), 64 bits. */
static bool gen_mull(DisasContext *s, int rdlo, int rdhi, int rn, int rm,
                     bool is_signed, bool accumulate, bool setflags)
{
    TCGv_i64 r = tcg_temp_new_i64();

    if (rdlo == rdhi || rdlo == 15 || rdhi == 15)
        return a32_undef(s); /* UNPREDICTABLE */
    if (is_signed)
        tcg_gen_mul_i64(r, load_reg_s32(s, rn), load_reg_s32(s, rm));
    else
        tcg_gen_mul_i64(r, load_reg(s, rn), load_reg(s, rm));
    if (accumulate)
        tcg_gen_add_i64(r, r, load_reg_pair(s, rdlo, rdhi));
    if (setflags)
        gen_nz_cc(1, r);
    store_reg_pair(s, rdlo, rdhi, r);
    return true;
}

/* UMAAL: RdHi:RdLo = Rn * Rm + RdHi + RdLo (cannot overflow 64 bits). */
static bool gen_umaal(DisasContext *s, int rdlo, int rdhi, int rn, int rm)
{
    TCGv_i64 r = tcg_temp_new_i64();

    if (rdlo == rdhi || rdlo == 15 || rdhi == 15)
        return a32_undef(s);
    tcg_gen_mul_i64(r, load_reg(s, rn), load_reg(s, rm));
    tcg_gen_add_i64(r, r, load_reg(s, rdlo));
    tcg_gen_add_i64(r, r, load_reg(s, rdhi));
    store_reg_pair(s, rdlo, rdhi, r);
    return true;
}

static bool trans_MUL(DisasContext *s, arg_s_rrrr *a)
{
    return gen_mul(s, (int)a->rd, (int)a->rn, (int)a->rm, -1, false, a->s);
}

static bool trans_MLA(DisasContext *s, arg_s_rrrr *a)
{
    return gen_mul(s, (int)a->rd, (int)a->rn, (int)a->rm, (int)a->ra, false,
                   a->s);
}

static bool trans_MLS(DisasContext *s, arg_s_rrrr *a)
{
    return gen_mul(s, (int)a->rd, (int)a->rn, (int)a->rm, (int)a->ra, true,
                   false);
}

static bool trans_UMAAL(DisasContext *s, arg_s_rrrr *a)
{
    return gen_umaal(s, (int)a->ra, (int)a->rd, (int)a->rn, (int)a->rm);
}

static bool trans_UMULL(DisasContext *s, arg_s_rrrr *a)
{
    return gen_mull(s, (int)a->ra, (int)a->rd, (int)a->rn, (int)a->rm, false,
                    false, a->s);
}

static bool trans_UMLAL(DisasContext *s, arg_s_rrrr *a)
{
    return gen_mull(s, (int)a->ra, (int)a->rd, (int)a->rn, (int)a->rm, false,
                    true, a->s);
}

static bool trans_SMULL(DisasContext *s, arg_s_rrrr *a)
{
    return gen_mull(s, (int)a->ra, (int)a->rd, (int)a->rn, (int)a->rm, true,
                    false, a->s);
}

static bool trans_SMLAL(DisasContext *s, arg_s_rrrr *a)
{
    return gen_mull(s, (int)a->ra, (int)a->rd, (int)a->rn, (int)a->rm, true,
                    true, a->s);
}

/* ---- signed halfword and dual multiplies ---- */

/* The signed top (top) or bottom half of Rn. */
static TCGv_i64 load_half_s(DisasContext *s, int reg, bool top)
{
    TCGv_i64 t = load_reg(s, reg);

    tcg_gen_sextract_i64(t, t, top ? 16 : 0, 16);
    return t;
}

/* Q = 1 when the exact value v does not fit a signed 32-bit register. */
static void gen_q_if_overflow(TCGv_i64 v)
{
    TCGv_i64 t = tcg_temp_new_i64(), q = tcg_temp_new_i64();

    tcg_gen_ext32s_i64(t, v);
    tcg_gen_setcond_i64(TCG_COND_NE, t, t, v);
    tcg_gen_ld32u_i64(q, tcg_env, offsetof(CPUARMState, qf));
    tcg_gen_or_i64(q, q, t);
    tcg_gen_st32_i64(q, tcg_env, offsetof(CPUARMState, qf));
}

/* SMLA<x><y> / SMUL<x><y> (ra < 0), SMLAL<x><y> (long). */
static bool gen_smlaxy(DisasContext *s, int rd, int rn, int rm, int ra, bool nt,
                       bool mt)
{
    TCGv_i64 r = tcg_temp_new_i64();

    tcg_gen_mul_i64(r, load_half_s(s, rn, nt), load_half_s(s, rm, mt));
    if (ra >= 0) {
        tcg_gen_add_i64(r, r, load_reg_s32(s, ra));
        gen_q_if_overflow(r);
    }
    store_reg(s, rd, r);
    return true;
}

static bool gen_smlalxy(DisasContext *s, int rdlo, int rdhi, int rn, int rm,
                        bool nt, bool mt)
{
    TCGv_i64 r = tcg_temp_new_i64();

    if (rdlo == rdhi)
        return a32_undef(s);
    tcg_gen_mul_i64(r, load_half_s(s, rn, nt), load_half_s(s, rm, mt));
    tcg_gen_add_i64(r, r, load_reg_pair(s, rdlo, rdhi));
    store_reg_pair(s, rdlo, rdhi, r);
    return true;
}

/* SMLAW<y> / SMULW<y> (ra < 0): (Rn * Rm.half) >> 16 (+ Ra). */
static bool gen_smlawy(DisasContext *s, int rd, int rn, int rm, int ra, bool mt)
{
    TCGv_i64 r = tcg_temp_new_i64();

    tcg_gen_mul_i64(r, load_reg_s32(s, rn), load_half_s(s, rm, mt));
    tcg_gen_sari_i64(r, r, 16);
    if (ra >= 0) {
        tcg_gen_add_i64(r, r, load_reg_s32(s, ra));
        gen_q_if_overflow(r);
    }
    store_reg(s, rd, r);
    return true;
}

static bool trans_SMLAxy(DisasContext *s, arg_rrrr_nm *a)
{
    return gen_smlaxy(s, (int)a->rd, (int)a->rn, (int)a->rm,
                      a->acc ? (int)a->ra : -1, a->nt, a->mt);
}

static bool trans_SMULxy(DisasContext *s, arg_rrrr_nm *a)
{
    return trans_SMLAxy(s, a);
}

static bool trans_SMLAWy(DisasContext *s, arg_rrrr_nm *a)
{
    return gen_smlawy(s, (int)a->rd, (int)a->rn, (int)a->rm,
                      a->acc ? (int)a->ra : -1, a->mt);
}

static bool trans_SMULWy(DisasContext *s, arg_rrrr_nm *a)
{
    return trans_SMLAWy(s, a);
}

static bool trans_SMLALxy(DisasContext *s, arg_rrrr_nm *a)
{
    return gen_smlalxy(s, (int)a->ra, (int)a->rd, (int)a->rn, (int)a->rm, a->nt,
                       a->mt);
}

/* The exact sum (or difference) of the two halfword products of SMLAD,
 * SMLSD and their long forms; x swaps Rm's halves. */
static TCGv_i64 gen_dual_product(DisasContext *s, int rn, int rm, bool sub,
                                 bool x)
{
    TCGv_i64 p1 = tcg_temp_new_i64(), p2 = tcg_temp_new_i64();

    tcg_gen_mul_i64(p1, load_half_s(s, rn, false), load_half_s(s, rm, x));
    tcg_gen_mul_i64(p2, load_half_s(s, rn, true), load_half_s(s, rm, !x));
    if (sub)
        tcg_gen_sub_i64(p1, p1, p2);
    else
        tcg_gen_add_i64(p1, p1, p2);
    return p1;
}

/* SMLAD, SMLSD; SMUAD, SMUSD when ra = 15. */
static bool gen_smlad(DisasContext *s, int rd, int rn, int rm, int ra, bool sub,
                      bool x)
{
    TCGv_i64 r = gen_dual_product(s, rn, rm, sub, x);

    if (ra != 15)
        tcg_gen_add_i64(r, r, load_reg_s32(s, ra));
    gen_q_if_overflow(r);
    store_reg(s, rd, r);
    return true;
}

static bool gen_smlald(DisasContext *s, int rdlo, int rdhi, int rn, int rm,
                       bool sub, bool x)
{
    TCGv_i64 r = gen_dual_product(s, rn, rm, sub, x);

    if (rdlo == rdhi)
        return a32_undef(s);
    tcg_gen_add_i64(r, r, load_reg_pair(s, rdlo, rdhi));
    store_reg_pair(s, rdlo, rdhi, r);
    return true;
}

/* SMMLA, SMMLS (Ra << 32 +/- Rn * Rm); SMMUL when ra = 15 (SMMLS with
 * ra = 15 is UNPREDICTABLE: qemu runs it as SMMUL, so does arx); r
 * rounds. */
static bool gen_smmla(DisasContext *s, int rd, int rn, int rm, int ra, bool sub,
                      bool round)
{
    TCGv_i64 r = tcg_temp_new_i64();

    tcg_gen_mul_i64(r, load_reg_s32(s, rn), load_reg_s32(s, rm));
    if (ra != 15) {
        TCGv_i64 acc = load_reg(s, ra);

        tcg_gen_shli_i64(acc, acc, 32);
        if (sub)
            tcg_gen_sub_i64(r, acc, r);
        else
            tcg_gen_add_i64(r, r, acc);
    }
    if (round)
        tcg_gen_addi_i64(r, r, 0x80000000);
    tcg_gen_shri_i64(r, r, 32);
    store_reg(s, rd, r);
    return true;
}

static bool trans_smlad(DisasContext *s, arg_dualmul *a)
{
    return gen_smlad(s, (int)a->rd, (int)a->rn, (int)a->rm, (int)a->ra, a->sub,
                     a->x);
}

static bool trans_smlald(DisasContext *s, arg_dualmul *a)
{
    return gen_smlald(s, (int)a->ra, (int)a->rd, (int)a->rn, (int)a->rm, a->sub,
                      a->x);
}

static bool trans_smmla(DisasContext *s, arg_smmla *a)
{
    return gen_smmla(s, (int)a->rd, (int)a->rn, (int)a->rm, (int)a->ra, a->sub,
                     a->r);
}

static bool gen_div(DisasContext *s, int rd, int rn, int rm, bool is_unsigned)
{
    TCGv_i64 r = tcg_temp_new_i64();

    /* x / 0 = 0; INT_MIN / -1 = 2^31, which truncates to INT_MIN. */
    if (is_unsigned)
        tcg_gen_divu_i64(r, load_reg(s, rn), load_reg(s, rm));
    else
        tcg_gen_divs_i64(r, load_reg_s32(s, rn), load_reg_s32(s, rm));
    store_reg(s, rd, r);
    return true;
}

static bool trans_div(DisasContext *s, arg_div *a)
{
    return gen_div(s, (int)a->rd, (int)a->rn, (int)a->rm, a->u);
}

/* ---- miscellaneous ---- */

static bool gen_clz(DisasContext *s, int rd, int rm)
{
    TCGv_i32 t = tcg_temp_new_i32();
    TCGv_i64 r = tcg_temp_new_i64();

    tcg_gen_extrl_i64_i32(t, load_reg(s, rm));
    tcg_gen_clzi_i32(t, t, 32);
    tcg_gen_extu_i32_i64(r, t);
    store_reg(s, rd, r);
    return true;
}

static bool trans_CLZ(DisasContext *s, arg_CLZ *a)
{
    return gen_clz(s, (int)a->rd, (int)a->rm);
}

/* op: bit 0 subtract, bit 1 double Rn first (QADD QSUB QDADD QDSUB). */
static bool gen_qaddsub(DisasContext *s, int rd, int rm, int rn, int op)
{
    TCGv_i64 r = tcg_temp_new_i64();

    tcg_gen_call4(&helper_info_a32_qaddsub, &r, env_arg(), load_reg(s, rm),
                  load_reg(s, rn), tcg_constant_i64(op));
    store_reg(s, rd, r);
    return true;
}

static bool trans_qaddsub(DisasContext *s, arg_rrr_op *a)
{
    return gen_qaddsub(s, (int)a->rd, (int)a->rm, (int)a->rn, (int)a->op);
}

/* CRC32{B,H,W} and CRC32C{B,H,W}: Rd = CRC(Rn, low 2^sz bytes of Rm). */
static bool gen_crc32(DisasContext *s, int rd, int rn, int rm, int sz,
                      bool castagnoli)
{
    TCGv_i64 r = tcg_temp_new_i64();
    unsigned bytes = 1u << sz;

    if (sz == 3)
        return a32_undef(s);
    if (castagnoli && tcg_can_emit_crc32c())
        tcg_gen_crc32c_i64(r, load_reg(s, rn), load_reg(s, rm), bytes);
    else
        tcg_gen_call3(castagnoli ? &helper_info_crc32c : &helper_info_crc32, &r,
                      load_reg(s, rn), load_reg(s, rm),
                      tcg_constant_i64(bytes));
    store_reg(s, rd, r);
    return true;
}

static bool trans_CRC32(DisasContext *s, arg_crc *a)
{
    return gen_crc32(s, (int)a->rd, (int)a->rn, (int)a->rm, (int)a->sz, a->c);
}

/* ---- media ---- */

/* kind: A32 op1 (A32_PK_*), op: A32 op2 (A32_PAR_*). */
static bool gen_parallel(DisasContext *s, int rd, int rn, int rm, int kind,
                         int op)
{
    TCGv_i64 r = tcg_temp_new_i64();

    if (kind == 0 || kind == 4 || op == 5 || op == 6)
        return false;
    tcg_gen_call4(&helper_info_a32_parallel, &r, env_arg(), load_reg(s, rn),
                  load_reg(s, rm), tcg_constant_i64(op | kind << 3));
    store_reg(s, rd, r);
    return true;
}

static bool trans_PARALLEL(DisasContext *s, arg_PARALLEL *a)
{
    return gen_parallel(s, (int)a->rd, (int)a->rn, (int)a->rm, (int)a->op1,
                        (int)a->op2);
}

/* PKHBT (tb = 0): Rn[15:0] with (Rm LSL sh)[31:16]; PKHTB: Rn[31:16] with
 * (Rm ASR sh)[15:0]. */
static bool gen_pkh(DisasContext *s, int rd, int rn, int rm, int shimm, bool tb)
{
    Operand2 m = gen_shift_imm(load_reg(s, rm), tb ? SHIFT_ASR : SHIFT_LSL,
                               shimm, false);
    TCGv_i64 r = load_reg(s, rn);

    if (tb)
        tcg_gen_deposit_i64(r, r, m.value, 0, 16);
    else
        tcg_gen_deposit_i64(r, m.value, r, 0, 16);
    store_reg(s, rd, r);
    return true;
}

static bool trans_PKH(DisasContext *s, arg_PKH *a)
{
    return gen_pkh(s, (int)a->rd, (int)a->rn, (int)a->rm, (int)a->shimm, a->tb);
}

/* SSAT/USAT: (Rn shifted) saturated to bits; Q when it saturates. */
static bool gen_sat(DisasContext *s, int rd, int rn, int bits, bool is_unsigned,
                    bool asr, int shimm, bool halves)
{
    TCGv_i64 r = tcg_temp_new_i64();
    Operand2 v = gen_shift_imm(load_reg(s, rn), asr ? SHIFT_ASR : SHIFT_LSL,
                               shimm, false);

    tcg_gen_call3(&helper_info_a32_sat, &r, env_arg(), v.value,
                  tcg_constant_i64(bits | is_unsigned << 8 | halves << 9));
    store_reg(s, rd, r);
    return true;
}

static bool trans_sat(DisasContext *s, arg_sat *a)
{
    return gen_sat(s, (int)a->rd, (int)a->rn, (int)a->sat + !a->u, a->u, a->sh,
                   (int)a->shimm, false);
}

static bool trans_sat16(DisasContext *s, arg_sat16 *a)
{
    return gen_sat(s, (int)a->rd, (int)a->rn, (int)a->sat + !a->u, a->u, false,
                   0, true);
}

static bool gen_sel(DisasContext *s, int rd, int rn, int rm)
{
    TCGv_i64 r = tcg_temp_new_i64();

    tcg_gen_call3(&helper_info_a32_sel, &r, env_arg(), load_reg(s, rn),
                  load_reg(s, rm));
    store_reg(s, rd, r);
    return true;
}

static bool trans_SEL(DisasContext *s, arg_SEL *a)
{
    return gen_sel(s, (int)a->rd, (int)a->rn, (int)a->rm);
}

/* op: 0 REV, 1 REV16, 2 RBIT, 3 REVSH */
static bool gen_rev(DisasContext *s, int rd, int rm, int op)
{
    TCGv_i64 m = load_reg(s, rm), r = tcg_temp_new_i64();
    TCGv_i64 t = tcg_temp_new_i64();

    switch (op) {
    case 0: tcg_gen_bswap32_i64(r, m); break;
    case 1:
        tcg_gen_shri_i64(r, m, 8);
        tcg_gen_andi_i64(r, r, 0x00ff00ff);
        tcg_gen_shli_i64(t, m, 8);
        tcg_gen_andi_i64(t, t, 0xff00ff00);
        tcg_gen_or_i64(r, r, t);
        break;
    case 2: tcg_gen_call1(&helper_info_a32_rbit, &r, m); break;
    default: /* sign-extended byte swap of the low half */
        tcg_gen_shri_i64(r, m, 8);
        tcg_gen_ext8u_i64(r, r);
        tcg_gen_ext8s_i64(t, m);
        tcg_gen_shli_i64(t, t, 8);
        tcg_gen_or_i64(r, r, t);
        break;
    }
    store_reg(s, rd, r);
    return true;
}

static bool trans_rev(DisasContext *s, arg_rev *a)
{
    return gen_rev(s, (int)a->rd, (int)a->rm, (int)a->op);
}

/* Extends: the byte, halfword or two bytes (B16: bytes 0 and 2 into
 * halfwords) of Rm rotated right by rot bytes, plus Rn (halfword-wise for
 * B16) unless rn = 15. */
enum { EXT_B, EXT_H, EXT_B16 };

static bool gen_extend(DisasContext *s, int rd, int rn, int rm, int rot,
                       int size, bool is_signed)
{
    TCGv_i64 m = load_reg(s, rm), r = tcg_temp_new_i64();

    if (rot)
        m = gen_ror32i(m, rot * 8);
    if (size == EXT_B16) {
        TCGv_i64 lo = tcg_temp_new_i64(), hi = tcg_temp_new_i64();

        if (is_signed) {
            tcg_gen_sextract_i64(lo, m, 0, 8);
            tcg_gen_sextract_i64(hi, m, 16, 8);
        } else {
            tcg_gen_extract_i64(lo, m, 0, 8);
            tcg_gen_extract_i64(hi, m, 16, 8);
        }
        if (rn != 15) {
            TCGv_i64 n = load_reg(s, rn), nhi = tcg_temp_new_i64();

            tcg_gen_shri_i64(nhi, n, 16);
            tcg_gen_add_i64(lo, lo, n);
            tcg_gen_add_i64(hi, hi, nhi);
        }
        tcg_gen_deposit_i64(r, lo, hi, 16, 16);
        tcg_gen_ext32u_i64(r, r);
    } else {
        unsigned len = size == EXT_B ? 8 : 16;

        if (is_signed)
            tcg_gen_sextract_i64(r, m, 0, len);
        else
            tcg_gen_extract_i64(r, m, 0, len);
        if (rn != 15)
            tcg_gen_add_i64(r, r, load_reg(s, rn));
    }
    store_reg(s, rd, r);
    return true;
}

/* A32 op: 000 SXTAB16, 010 SXTAB, 011 SXTAH, 100 UXTAB16, 110 UXTAB,
 * 111 UXTAH. */
static bool trans_EXTEND(DisasContext *s, arg_EXTEND *a)
{
    static const int size[4] = {EXT_B16, -1, EXT_B, EXT_H};
    int op = (int)a->op;

    if (size[op & 3] < 0)
        return false;
    return gen_extend(s, (int)a->rd, (int)a->rn, (int)a->rm, (int)a->rot,
                      size[op & 3], !(op & 4));
}

static bool gen_usada8(DisasContext *s, int rd, int rn, int rm, int ra)
{
    TCGv_i64 r = tcg_temp_new_i64();

    tcg_gen_call2(&helper_info_a32_usad8, &r, load_reg(s, rn), load_reg(s, rm));
    if (ra != 15)
        tcg_gen_add_i64(r, r, load_reg(s, ra));
    store_reg(s, rd, r);
    return true;
}

static bool trans_USADA8(DisasContext *s, arg_USADA8 *a)
{
    return gen_usada8(s, (int)a->rd, (int)a->rn, (int)a->rm, (int)a->ra);
}

static bool gen_bfx(DisasContext *s, int rd, int rn, int lsb, int widthm1,
                    bool is_unsigned)
{
    TCGv_i64 r = tcg_temp_new_i64();

    if (lsb + widthm1 > 31)
        return a32_undef(s); /* UNPREDICTABLE */
    if (is_unsigned)
        tcg_gen_extract_i64(r, load_reg(s, rn), lsb, widthm1 + 1);
    else
        tcg_gen_sextract_i64(r, load_reg(s, rn), lsb, widthm1 + 1);
    store_reg(s, rd, r);
    return true;
}

static bool trans_bfx(DisasContext *s, arg_bfx *a)
{
    return gen_bfx(s, (int)a->rd, (int)a->rn, (int)a->lsb, (int)a->widthm1,
                   a->u);
}

/* BFI; BFC when rn = 15. */
static bool gen_bfi(DisasContext *s, int rd, int rn, int lsb, int msb)
{
    TCGv_i64 r;

    if (msb < lsb)
        return a32_undef(s); /* UNPREDICTABLE */
    r = load_reg(s, rd);
    tcg_gen_deposit_i64(r, r, rn == 15 ? tcg_constant_i64(0) : load_reg(s, rn),
                        lsb, msb - lsb + 1);
    store_reg(s, rd, r);
    return true;
}

static bool trans_BFI(DisasContext *s, arg_BFI *a)
{
    return gen_bfi(s, (int)a->rd, (int)a->rn, (int)a->lsb, (int)a->msb);
}

/* ---- T32 ---- */

/* ThumbExpandImm_C: the value, and whether it was rotated (carry =
 * bit 31). */
static uint32_t thumb_expand_imm(uint32_t imm12, bool *rotated)
{
    uint32_t imm8 = imm12 & 0xff;

    *rotated = (imm12 >> 10) != 0;
    if (*rotated) {
        uint32_t unrotated = 0x80 | (imm12 & 0x7f);
        int rot = (int)(imm12 >> 7);

        return (unrotated >> rot) | (unrotated << (32 - rot));
    }
    switch ((imm12 >> 8) & 3) {
    case 0: return imm8;
    case 1: return imm8 << 16 | imm8;
    case 2: return imm8 << 24 | imm8 << 8;
    default: return imm8 * 0x01010101u;
    }
}

static bool trans_t_dp_mi(DisasContext *s, arg_t_s_rri *a)
{
    bool rotated;
    uint32_t value = thumb_expand_imm((uint32_t)a->imm, &rotated);
    bool want_carry = a->s && dp_is_logical((int)a->op);

    return gen_dp(s, (int)a->op, (int)a->rd, (int)a->rn,
                  gen_imm_operand(value, rotated, want_carry), a->s);
}

static bool trans_t_dp_sr(DisasContext *s, arg_t_s_rrr_shi *a)
{
    bool want_carry = a->s && dp_is_logical((int)a->op);

    return gen_dp(s, (int)a->op, (int)a->rd, (int)a->rn,
                  gen_shift_imm(load_reg(s, (int)a->rm), (int)a->shty,
                                (int)a->shimm, want_carry),
                  a->s);
}

/* ADDW, SUBW; ADR (Rn = 15: from Align(PC, 4)). */
static bool trans_t_addw(DisasContext *s, arg_t_addw *a)
{
    int64_t imm = a->sub ? -a->imm : a->imm;
    TCGv_i64 r;

    if (a->rn == 15) {
        r = load_pc_aligned(s, imm);
    } else {
        r = load_reg(s, (int)a->rn);
        tcg_gen_addi_i64(r, r, imm);
    }
    store_reg(s, (int)a->rd, r);
    return true;
}

static bool trans_t_movw(DisasContext *s, arg_t_movw *a)
{
    return gen_movw(s, (int)a->rd, (uint32_t)a->imm16, a->top);
}

/* T32 has no ASR #32: sh with a zero amount is the SAT16 encoding; with
 * its should-be-zero bit 4 set it arrives here, and saturates halves to
 * the 5-bit width, as qemu does. */
static bool trans_t_sat(DisasContext *s, arg_t_sat *a)
{
    bool halves = a->sh && a->shimm == 0;

    return gen_sat(s, (int)a->rd, (int)a->rn, (int)a->sat + !a->u, a->u,
                   a->sh && !halves, (int)a->shimm, halves);
}

static bool trans_t_sat16(DisasContext *s, arg_t_sat16 *a)
{
    return gen_sat(s, (int)a->rd, (int)a->rn, (int)a->sat + !a->u, a->u, false,
                   0, true);
}

static bool trans_t_bfx(DisasContext *s, arg_t_bfx *a)
{
    return gen_bfx(s, (int)a->rd, (int)a->rn, (int)a->lsb, (int)a->widthm1,
                   a->u);
}

static bool trans_t_bfi(DisasContext *s, arg_t_bfi *a)
{
    return gen_bfi(s, (int)a->rd, (int)a->rn, (int)a->lsb, (int)a->msb);
}

static bool trans_T_PKH(DisasContext *s, arg_T_PKH *a)
{
    return gen_pkh(s, (int)a->rd, (int)a->rn, (int)a->rm, (int)a->shimm, a->tb);
}

/* MOV Rd, Rn, <shift> Rm */
static bool trans_T_SHIFT_r(DisasContext *s, arg_T_SHIFT_r *a)
{
    return gen_dp(s, DP_MOV, (int)a->rd, 15,
                  gen_shift_reg(load_reg(s, (int)a->rn), (int)a->shty,
                                load_reg(s, (int)a->rm), a->s),
                  a->s);
}

/* T32 op: 000 SXTAH, 001 UXTAH, 010 SXTAB16, 011 UXTAB16, 100 SXTAB,
 * 101 UXTAB. */
static bool trans_T_EXTEND(DisasContext *s, arg_T_EXTEND *a)
{
    static const int size[3] = {EXT_H, EXT_B16, EXT_B};
    int op = (int)a->op;

    if (op > 5)
        return false;
    return gen_extend(s, (int)a->rd, (int)a->rn, (int)a->rm, (int)a->rot,
                      size[op >> 1], !(op & 1));
}

static bool trans_T_PARALLEL(DisasContext *s, arg_T_PARALLEL *a)
{
    /* T32 hw1[6:4] and hw2[6:4] to the A32 op2 and op1 numbering. */
    static const int op[8] = {A32_PAR_ADD8, A32_PAR_ADD16, A32_PAR_ASX, 5,
                              A32_PAR_SUB8, A32_PAR_SUB16, A32_PAR_SAX, 5};
    static const int kind[8] = {A32_PK_S, A32_PK_Q,  A32_PK_SH, 0,
                                A32_PK_U, A32_PK_UQ, A32_PK_UH, 0};

    return gen_parallel(s, (int)a->rd, (int)a->rn, (int)a->rm, kind[a->kind],
                        op[a->op]);
}

static bool trans_T_QADDSUB(DisasContext *s, arg_T_QADDSUB *a)
{
    static const int op[4] = {0, 2, 1, 3}; /* QADD QDADD QSUB QDSUB */

    return gen_qaddsub(s, (int)a->rd, (int)a->rm, (int)a->rn, op[a->op]);
}

static bool trans_T_REV(DisasContext *s, arg_T_REV *a)
{
    return gen_rev(s, (int)a->rd, (int)a->rm, (int)a->op);
}

static bool trans_T_SEL(DisasContext *s, arg_T_SEL *a)
{
    return gen_sel(s, (int)a->rd, (int)a->rn, (int)a->rm);
}

static bool trans_T_CLZ(DisasContext *s, arg_T_CLZ *a)
{
    return gen_clz(s, (int)a->rd, (int)a->rm);
}

static bool trans_T_CRC32(DisasContext *s, arg_T_CRC32 *a)
{
    return gen_crc32(s, (int)a->rd, (int)a->rn, (int)a->rm, (int)a->sz, a->c);
}

/* MLA; MUL when ra = 15. */
static bool trans_T_MLA(DisasContext *s, arg_T_MLA *a)
{
    return gen_mul(s, (int)a->rd, (int)a->rn, (int)a->rm,
                   a->ra == 15 ? -1 : (int)a->ra, false, false);
}

static bool trans_T_MLS(DisasContext *s, arg_T_MLS *a)
{
    return gen_mul(s, (int)a->rd, (int)a->rn, (int)a->rm, (int)a->ra, true,
                   false);
}

static bool trans_T_SMLAxy(DisasContext *s, arg_T_SMLAxy *a)
{
    return gen_smlaxy(s, (int)a->rd, (int)a->rn, (int)a->rm,
                      a->ra == 15 ? -1 : (int)a->ra, a->nt, a->mt);
}

static bool trans_T_SMLAWy(DisasContext *s, arg_T_SMLAWy *a)
{
    return gen_smlawy(s, (int)a->rd, (int)a->rn, (int)a->rm,
                      a->ra == 15 ? -1 : (int)a->ra, a->mt);
}

static bool trans_t_smlad(DisasContext *s, arg_t_smlad *a)
{
    return gen_smlad(s, (int)a->rd, (int)a->rn, (int)a->rm, (int)a->ra, a->sub,
                     a->x);
}

static bool trans_t_smmla(DisasContext *s, arg_t_smmla *a)
{
    return gen_smmla(s, (int)a->rd, (int)a->rn, (int)a->rm, (int)a->ra, a->sub,
                     a->r);
}

static bool trans_T_USADA8(DisasContext *s, arg_T_USADA8 *a)
{
    return gen_usada8(s, (int)a->rd, (int)a->rn, (int)a->rm, (int)a->ra);
}

static bool trans_T_SMULL(DisasContext *s, arg_t_long *a)
{
    return gen_mull(s, (int)a->rdlo, (int)a->rdhi, (int)a->rn, (int)a->rm, true,
                    false, false);
}

static bool trans_T_UMULL(DisasContext *s, arg_t_long *a)
{
    return gen_mull(s, (int)a->rdlo, (int)a->rdhi, (int)a->rn, (int)a->rm,
                    false, false, false);
}

static bool trans_T_SMLAL(DisasContext *s, arg_t_long *a)
{
    return gen_mull(s, (int)a->rdlo, (int)a->rdhi, (int)a->rn, (int)a->rm, true,
                    true, false);
}

static bool trans_T_UMLAL(DisasContext *s, arg_t_long *a)
{
    return gen_mull(s, (int)a->rdlo, (int)a->rdhi, (int)a->rn, (int)a->rm,
                    false, true, false);
}

static bool trans_T_UMAAL(DisasContext *s, arg_t_long *a)
{
    return gen_umaal(s, (int)a->rdlo, (int)a->rdhi, (int)a->rn, (int)a->rm);
}

static bool trans_T_SMLALxy(DisasContext *s, arg_T_SMLALxy *a)
{
    return gen_smlalxy(s, (int)a->rdlo, (int)a->rdhi, (int)a->rn, (int)a->rm,
                       a->nt, a->mt);
}

static bool trans_t_smlald(DisasContext *s, arg_t_smlald *a)
{
    return gen_smlald(s, (int)a->rdlo, (int)a->rdhi, (int)a->rn, (int)a->rm,
                      a->sub, a->x);
}

static bool trans_t_div(DisasContext *s, arg_t_div *a)
{
    return gen_div(s, (int)a->rd, (int)a->rn, (int)a->rm, a->u);
}

static bool trans_T_MSR(DisasContext *s, arg_T_MSR *a)
{
    if (a->mask == 0 || a->rn == 15)
        return a32_undef(s);
    return gen_msr(s, load_reg(s, (int)a->rn), (int)a->mask);
}

static bool trans_T_MRS(DisasContext *s, arg_T_MRS *a)
{
    return gen_mrs(s, (int)a->rd);
}

/* ---- T16: flags only outside an IT block, except the compares ---- */

static Operand2 reg_operand(DisasContext *s, int reg)
{
    return (Operand2){.value = load_reg(s, reg)};
}

static bool trans_s_shift_i(DisasContext *s, arg_s_shift_i *a)
{
    bool setflags = !a32_in_it_block(s);

    return gen_dp(s, DP_MOV, (int)a->rd, 15,
                  gen_shift_imm(load_reg(s, (int)a->rm), (int)a->shty,
                                (int)a->imm, setflags),
                  setflags);
}

static bool trans_s_addsub_r(DisasContext *s, arg_s_addsub_r *a)
{
    return gen_dp(s, a->sub ? DP_SUB : DP_ADD, (int)a->rd, (int)a->rn,
                  reg_operand(s, (int)a->rm), !a32_in_it_block(s));
}

static bool trans_s_addsub_i3(DisasContext *s, arg_s_addsub_i3 *a)
{
    return gen_dp(s, a->sub ? DP_SUB : DP_ADD, (int)a->rd, (int)a->rn,
                  gen_imm_operand((uint32_t)a->imm, false, false),
                  !a32_in_it_block(s));
}

/* MOV, CMP, ADD, SUB Rdn, #imm8 */
static bool trans_S_IMM8(DisasContext *s, arg_S_IMM8 *a)
{
    static const int op[4] = {DP_MOV, DP_CMP, DP_ADD, DP_SUB};

    return gen_dp(s, op[a->op], (int)a->rd, (int)a->rd,
                  gen_imm_operand((uint32_t)a->imm, false, false),
                  a->op == 1 || !a32_in_it_block(s));
}

static bool trans_S_DP(DisasContext *s, arg_S_DP *a)
{
    static const int op[16] = {
        DP_AND, DP_EOR, DP_MOV, DP_MOV, DP_MOV, DP_ADC, DP_SBC, DP_MOV,
        DP_TST, DP_RSB, DP_CMP, DP_CMN, DP_ORR, -1,     DP_BIC, DP_MVN,
    };
    static const int shift[16] = {
        [2] = SHIFT_LSL, [3] = SHIFT_LSR, [4] = SHIFT_ASR, [7] = SHIFT_ROR};
    int rdn = (int)a->rdn, rm = (int)a->rm, o = op[a->op];
    bool setflags = !a32_in_it_block(s) || dp_is_test(o);

    switch (a->op) {
    case 2: /* LSL, LSR, ASR, ROR Rdn, Rm */
    case 3:
    case 4:
    case 7:
        return gen_dp(s, DP_MOV, rdn, 15,
                      gen_shift_reg(load_reg(s, rdn), shift[a->op],
                                    load_reg(s, rm), setflags),
                      setflags);
    case 9: /* RSB Rd, Rn, #0 */
        return gen_dp(s, DP_RSB, rdn, rm, gen_imm_operand(0, false, false),
                      setflags);
    case 13: /* MUL Rdm, Rn, Rdm */
        return gen_mul(s, rdn, rm, rdn, -1, false, setflags);
    default: return gen_dp(s, o, rdn, rdn, reg_operand(s, rm), setflags);
    }
}

static bool trans_S_ADD_hi(DisasContext *s, arg_S_ADD_hi *a)
{
    if (a->rdn_hi == 15 && a->rm == 15)
        return a32_undef(s); /* UNPREDICTABLE */
    return gen_dp(s, DP_ADD, (int)a->rdn_hi, (int)a->rdn_hi,
                  reg_operand(s, (int)a->rm), false);
}

static bool trans_S_CMP_hi(DisasContext *s, arg_S_CMP_hi *a)
{
    return gen_dp(s, DP_CMP, 15, (int)a->rdn_hi, reg_operand(s, (int)a->rm),
                  true);
}

static bool trans_S_MOV_hi(DisasContext *s, arg_S_MOV_hi *a)
{
    return gen_dp(s, DP_MOV, (int)a->rdn_hi, 15, reg_operand(s, (int)a->rm),
                  false);
}

static bool trans_S_ADR(DisasContext *s, arg_S_ADR *a)
{
    store_reg(s, (int)a->rd, load_pc_aligned(s, a->imm * 4));
    return true;
}

static bool trans_S_ADD_sp(DisasContext *s, arg_S_ADD_sp *a)
{
    return gen_dp(s, DP_ADD, (int)a->rd, 13,
                  gen_imm_operand((uint32_t)a->imm * 4, false, false), false);
}

static bool trans_S_ADDSUB_sp(DisasContext *s, arg_S_ADDSUB_sp *a)
{
    return gen_dp(s, a->sub ? DP_SUB : DP_ADD, 13, 13,
                  gen_imm_operand((uint32_t)a->imm * 4, false, false), false);
}

/* op: 00 SXTH, 01 SXTB, 10 UXTH, 11 UXTB */
static bool trans_S_EXTEND(DisasContext *s, arg_S_EXTEND *a)
{
    return gen_extend(s, (int)a->rd, 15, (int)a->rm, 0,
                      a->op & 1 ? EXT_B : EXT_H, !(a->op & 2));
}

static bool trans_S_REV(DisasContext *s, arg_S_REV *a)
{
    return gen_rev(s, (int)a->rd, (int)a->rm, (int)a->op);
}

static bool trans_S_REVSH(DisasContext *s, arg_S_REVSH *a)
{
    return gen_rev(s, (int)a->rd, (int)a->rm, 3);
}

/* ---- the group's entry points ---- */

bool a32_decode_dp(DisasContext *s, uint32_t insn)
{
    return a32_dp_decode(s, insn);
}

bool t32_decode_dp(DisasContext *s, uint32_t insn)
{
    return t32_dp_decode(s, insn);
}

bool t16_decode_dp(DisasContext *s, uint16_t insn)
{
    return t16_dp_decode(s, insn);
}

const char *a32_describe_dp(const DisasContext *s, char *buf, size_t len)
{
    if (!s->thumb)
        return a32_dp_describe(s->insn, buf, len);
    if (s->is_t16)
        return t16_dp_describe((uint16_t)s->insn, buf, len);
    return t32_dp_describe(s->insn, buf, len);
}
