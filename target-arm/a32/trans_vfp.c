/*
 * A32/T32 VFP (VFPv3-D32, VFPv4 and the ARMv8 AArch32 additions), patterns
 * in vfp.decode: scalar arithmetic, compares, conversions and rounding
 * through the A64 helpers of helper_fp.c (FPSCR's control bits are
 * env->fpcr, its flags env->fpsr) or inline where the host's IEEE result is
 * Arm's; extension register loads, stores and core register moves; VMRS/VMSR.
 * S and D registers are flat over env->v. No Advanced SIMD data processing.
 */
#include "target-arm/a32/translate.h"

#include "target-arm/a32/helper_a32_vfp.h"
#include "target-arm/helper_fp.h"
#include "target-arm/helper_info.h"

/* Non-fused multiply-accumulate (VMLA ...) and fused (VFMA ...) forms. */
enum { VFP_MLA, VFP_MLS, VFP_NMLA, VFP_NMLS };
enum { VFP_FMA, VFP_FMS, VFP_FNMA, VFP_FNMS };
enum { VFP_MOV, VFP_ABS, VFP_NEG, VFP_SQRT };
/* VRINTX: FPSCR's rounding, inexact raised (beside FPR_* for the others). */
enum { VFP_RINTX = 8 };

#include "target-arm/a32/vfp.dec.c"

/* ---- registers ---- */

/* S register number Vx:X, or D register number X:Vx (sz = 1). */
static int vfp_reg(int64_t sz, int64_t v, int64_t x)
{
    return sz ? (int)(x << 4 | v) : (int)(v << 1 | x);
}

static int vfp_sreg(int64_t v, int64_t x)
{
    return vfp_reg(0, v, x);
}

static int32_t vfp_offset(int esz, int reg)
{
    return (int32_t)offsetof(CPUARMState, v) + (esz == FP_D ? 8 : 4) * reg;
}

static int esz_of(int64_t sz)
{
    return sz ? FP_D : FP_S;
}

/* Sreg or Dreg, zero-extended. */
static TCGv_i64 vfp_load(int esz, int reg)
{
    TCGv_i64 t = tcg_temp_new_i64();

    if (esz == FP_D)
        tcg_gen_ld_i64(t, tcg_env, vfp_offset(esz, reg));
    else
        tcg_gen_ld32u_i64(t, tcg_env, vfp_offset(esz, reg));
    return t;
}

static void vfp_store(int esz, int reg, TCGv_i64 val)
{
    if (esz == FP_D)
        tcg_gen_st_i64(val, tcg_env, vfp_offset(esz, reg));
    else
        tcg_gen_st32_i64(val, tcg_env, vfp_offset(esz, reg));
}

static TCGv_i64 env_arg(void)
{
    return tcg_ptr_as_i64(tcg_env);
}

static uint64_t sign_mask(int esz)
{
    return esz == FP_D ? 1ull << 63 : 1ull << 31;
}

static TCGv_i64 gen_neg(int esz, TCGv_i64 v)
{
    TCGv_i64 t = tcg_temp_new_i64();

    tcg_gen_xori_i64(t, v, (int64_t)sign_mask(esz));
    return t;
}

/* ---- arithmetic: inline host IEEE op with the helper as slow path ---- */

static uint64_t slow_binop(uint64_t env, uint64_t n, uint64_t m,
                           uint64_t unused, uint64_t desc)
{
    (void)unused;
    return helper_fp_binop(env, n, m, desc);
}

static uint64_t slow_muladd(uint64_t env, uint64_t n, uint64_t m, uint64_t a,
                            uint64_t desc)
{
    return helper_fp_muladd(env, a, n, m, desc);
}

static uint64_t slow_sqrt(uint64_t env, uint64_t n, uint64_t unused1,
                          uint64_t unused2, uint64_t esz)
{
    (void)unused1;
    (void)unused2;
    return helper_fp_sqrt(env, n, esz);
}

static const TCGHelper vfp_slow_binop = {"fp_binop", (void *)slow_binop,
                                         HELPER_FLAGS_fp_binop};
static const TCGHelper vfp_slow_muladd = {"fp_muladd", (void *)slow_muladd,
                                          HELPER_FLAGS_fp_muladd};
static const TCGHelper vfp_slow_sqrt = {"fp_sqrt", (void *)slow_sqrt,
                                        HELPER_FLAGS_fp_sqrt};

/*
 * d = inner(in) guarded, or false where the host cannot or the block's
 * rounding mode is not to nearest. The block is translated for its FP
 * mode (a32_block_state keys it by FZ and RMode), so the backend tests
 * nothing at run time.
 */
static bool gen_guarded(const DisasContext *s, TCGOpcode inner, TCGv_i64 d,
                        const TCGv_i64 *in, const TCGHelper *slow,
                        uint64_t desc)
{
    if (inner == INDEX_op_nop || !tcg_can_emit_fp_guarded(inner) ||
        (s->fp_mode & A32_TBFLAG_RMODE_MASK))
        return false;
    tcg_gen_fp_guarded(inner, d, in, TCG_FP_MODE_FIXED,
                       s->fp_mode & A32_TBFLAG_FZ ? FPCR_FZ : 0, slow, desc);
    return true;
}

static TCGOpcode inline_binop(int op, int esz)
{
    static const TCGOpcode ops[2][4] = {
        {INDEX_op_fadd_f32, INDEX_op_fsub_f32, INDEX_op_fmul_f32,
         INDEX_op_fdiv_f32},
        {INDEX_op_fadd_f64, INDEX_op_fsub_f64, INDEX_op_fmul_f64,
         INDEX_op_fdiv_f64},
    };

    return op <= FPOP_DIV ? ops[esz == FP_D][op] : INDEX_op_nop;
}

/* FPAdd ... FPMaxNum on esz values (FPOP_*; NMUL is FPNeg(FPMul())). */
static TCGv_i64 gen_binop(const DisasContext *s, int op, int esz, TCGv_i64 n,
                          TCGv_i64 m)
{
    TCGv_i64 d = tcg_temp_new_i64();
    int core = op == FPOP_NMUL ? FPOP_MUL : op;
    uint64_t desc = (uint64_t)(esz | core << 8);

    if (!gen_guarded(s, inline_binop(core, esz), d, (TCGv_i64[]){n, m},
                     &vfp_slow_binop, desc))
        tcg_gen_call4(&helper_info_fp_binop, &d, env_arg(), n, m,
                      tcg_constant_i64((int64_t)desc));
    return op == FPOP_NMUL ? gen_neg(esz, d) : d;
}

/* FPMulAdd(addend, n, m), the negations applied to the operands first. */
static TCGv_i64 gen_muladd(const DisasContext *s, int esz, TCGv_i64 addend,
                           TCGv_i64 n, TCGv_i64 m, bool neg_n, bool neg_addend)
{
    static const TCGOpcode ops[2][2][2] = {
        {{INDEX_op_fmuladd_f32, INDEX_op_fmulsub_f32},
         {INDEX_op_fnmuladd_f32, INDEX_op_fnmulsub_f32}},
        {{INDEX_op_fmuladd_f64, INDEX_op_fmulsub_f64},
         {INDEX_op_fnmuladd_f64, INDEX_op_fnmulsub_f64}},
    };
    TCGv_i64 d = tcg_temp_new_i64();
    uint64_t desc = (uint64_t)(esz | neg_n << 8 | neg_addend << 9);
    TCGOpcode inner =
        tcg_can_emit_fma() ? ops[esz == FP_D][neg_n][neg_addend] : INDEX_op_nop;

    if (!gen_guarded(s, inner, d, (TCGv_i64[]){n, m, addend}, &vfp_slow_muladd,
                     desc))
        tcg_gen_call(&helper_info_fp_muladd, &d, 5,
                     (TCGv_i64[]){env_arg(), addend, n, m,
                                  tcg_constant_i64((int64_t)desc)});
    return d;
}

static bool trans_vfp_binop(DisasContext *s, arg_v3 *a)
{
    int esz = esz_of(a->sz);
    TCGv_i64 n = vfp_load(esz, vfp_reg(a->sz, a->vn, a->n));
    TCGv_i64 m = vfp_load(esz, vfp_reg(a->sz, a->vm, a->m));

    (void)s;
    vfp_store(esz, vfp_reg(a->sz, a->vd, a->d),
              gen_binop(s, (int)a->op, esz, n, m));
    return true;
}

/* VMLA d + n*m, VMLS d + -(n*m), VNMLA -d + -(n*m), VNMLS -d + n*m: the
 * product rounded, FPNeg() applied to NaNs too (the pseudocode's order). */
static bool trans_vfp_mac(DisasContext *s, arg_v3 *a)
{
    int esz = esz_of(a->sz), rd = vfp_reg(a->sz, a->vd, a->d);
    TCGv_i64 n = vfp_load(esz, vfp_reg(a->sz, a->vn, a->n));
    TCGv_i64 m = vfp_load(esz, vfp_reg(a->sz, a->vm, a->m));
    TCGv_i64 d = vfp_load(esz, rd);
    TCGv_i64 product = gen_binop(s, FPOP_MUL, esz, n, m);

    (void)s;
    if (a->op == VFP_MLS || a->op == VFP_NMLA)
        product = gen_neg(esz, product);
    if (a->op == VFP_NMLA || a->op == VFP_NMLS)
        d = gen_neg(esz, d);
    vfp_store(esz, rd, gen_binop(s, FPOP_ADD, esz, d, product));
    return true;
}

/* VFMA d + n*m, VFMS d + -n*m, VFNMA -d + -n*m, VFNMS -d + n*m, fused. */
static bool trans_vfp_fma(DisasContext *s, arg_v3 *a)
{
    int esz = esz_of(a->sz), rd = vfp_reg(a->sz, a->vd, a->d);
    TCGv_i64 n = vfp_load(esz, vfp_reg(a->sz, a->vn, a->n));
    TCGv_i64 m = vfp_load(esz, vfp_reg(a->sz, a->vm, a->m));
    bool neg_n = a->op == VFP_FMS || a->op == VFP_FNMA;
    bool neg_d = a->op == VFP_FNMA || a->op == VFP_FNMS;

    (void)s;
    vfp_store(esz, rd,
              gen_muladd(s, esz, vfp_load(esz, rd), n, m, neg_n, neg_d));
    return true;
}

static bool trans_VSEL(DisasContext *s, arg_v3 *a)
{
    static const int cond[4] = {0 /* EQ */, 6 /* VS */, 10 /* GE */,
                                12 /* GT */};
    int esz = esz_of(a->sz);
    TCGv_i64 n = vfp_load(esz, vfp_reg(a->sz, a->vn, a->n));
    TCGv_i64 m = vfp_load(esz, vfp_reg(a->sz, a->vm, a->m));
    TCGv_i64 d = tcg_temp_new_i64();
    DisasCompare c = arm_test_cc(cond[a->op & 3]);

    (void)s;
    tcg_gen_movcond_i64(c.cond, d, c.value, tcg_constant_i64(0), n, m);
    vfp_store(esz, vfp_reg(a->sz, a->vd, a->d), d);
    return true;
}

/* Branches to slow when FPSCR has any bit of mask set. */
static void gen_fpcr_check(uint32_t mask, TCGLabel slow)
{
    TCGv_i64 fpcr = tcg_temp_new_i64();

    tcg_gen_ld32u_i64(fpcr, tcg_env, offsetof(CPUARMState, fpcr));
    tcg_gen_brcondi_i64(TCG_COND_TSTNE, fpcr, mask, slow);
}

/* The bits of 2^e in S or D. */
static uint64_t pow2_bits(int esz, int e)
{
    return esz == FP_D ? (uint64_t)(1023 + e) << 52 : (uint64_t)(127 + e) << 23;
}

/* ---- one source ---- */

static bool trans_vfp_unary(DisasContext *s, arg_v2 *a)
{
    int esz = esz_of(a->sz);
    TCGv_i64 m = vfp_load(esz, vfp_reg(a->sz, a->vm, a->m));
    TCGv_i64 d = tcg_temp_new_i64();

    switch (a->op) {
    case VFP_MOV: d = m; break;
    case VFP_ABS: tcg_gen_andi_i64(d, m, (int64_t)(sign_mask(esz) - 1)); break;
    case VFP_NEG: d = gen_neg(esz, m); break;
    default:
        if (!gen_guarded(s,
                         esz == FP_D ? INDEX_op_fsqrt_f64 : INDEX_op_fsqrt_f32,
                         d, &m, &vfp_slow_sqrt, (uint64_t)esz))
            tcg_gen_call3(&helper_info_fp_sqrt, &d, env_arg(), m,
                          tcg_constant_i64(esz));
        break;
    }
    vfp_store(esz, vfp_reg(a->sz, a->vd, a->d), d);
    return true;
}

/*
 * FPRoundInt() into rd: inline as the host's round-to-integral (same value,
 * sign of zero and inexact flag) for non-NaN inputs with FPSCR.FZ clear and,
 * where the rounding is FPSCR's, RMode nearest; ties-away (VRINTA) always
 * takes the helper. fround's directions are FPR_N, P, M, Z in that order.
 */
static void gen_round_int(int esz, int rd, int rm, int rmode, bool exact)
{
    TCGv_i64 n = vfp_load(esz, rm);
    TCGv_i64 d = tcg_temp_new_i64(), mag = tcg_temp_new_i64();
    TCGLabel slow = tcg_new_label(), done = tcg_new_label();
    uint64_t inf = esz == FP_D ? 0x7ff0000000000000ull : 0x7f800000u;
    bool fast = rmode != FPR_A && tcg_can_emit_fround();

    if (fast) {
        gen_fpcr_check(rmode == FPR_FPCR ? FPCR_NOT_INLINE : FPCR_FZ, slow);
        tcg_gen_andi_i64(mag, n, (int64_t)(sign_mask(esz) - 1));
        tcg_gen_brcondi_i64(TCG_COND_GTU, mag, (int64_t)inf, slow);
        tcg_gen_fround(
            esz == FP_D ? INDEX_op_fround_f64 : INDEX_op_fround_f32, d, n,
            (unsigned)(rmode == FPR_FPCR ? FPR_N : rmode) | (exact ? 4u : 0u));
        tcg_gen_br(done);
    }
    tcg_gen_set_label(slow);
    tcg_gen_call3(&helper_info_fp_round_int, &d, env_arg(), n,
                  tcg_constant_i64(esz | rmode << 8 | exact << 16));
    tcg_gen_set_label(done);
    vfp_store(esz, rd, d);
}

static bool trans_vrint(DisasContext *s, arg_v2 *a)
{
    bool exact = a->op == VFP_RINTX;

    (void)s;
    gen_round_int(esz_of(a->sz), vfp_reg(a->sz, a->vd, a->d),
                  vfp_reg(a->sz, a->vm, a->m), exact ? FPR_FPCR : (int)a->op,
                  exact);
    return true;
}

/* FPDecodeRM(): the ARMv8 forms' rounding. */
static const int vfp_decode_rm[4] = {FPR_A, FPR_N, FPR_P, FPR_M};

static bool trans_VRINT_v8(DisasContext *s, arg_VRINT_v8 *a)
{
    (void)s;
    gen_round_int(esz_of(a->sz), vfp_reg(a->sz, a->vd, a->d),
                  vfp_reg(a->sz, a->vm, a->m), vfp_decode_rm[a->rm & 3], false);
    return true;
}

/*
 * VCMP/VCMPE: FPCompare() into FPSCR.NZCV (env->fpsr[31:28]). Inline (the
 * host's ucomis/comis flags are Arm's) unless the block's FPSCR.FZ makes
 * denormal inputs compare as zero: then the helper. An unconditional one
 * leaves the NZCV value for a VMRS APSR_nzcv right after it.
 */
static bool trans_VCMP(DisasContext *s, arg_VCMP *a)
{
    static const TCGOpcode ops[2][2] = {
        {INDEX_op_fcmp_f32, INDEX_op_fcmpe_f32},
        {INDEX_op_fcmp_f64, INDEX_op_fcmpe_f64},
    };
    int esz = esz_of(a->sz);
    TCGv_i64 n = vfp_load(esz, vfp_reg(a->sz, a->vd, a->d));
    TCGv_i64 m =
        a->z ? tcg_constant_i64(0) : vfp_load(esz, vfp_reg(a->sz, a->vm, a->m));
    TCGv_i64 nzcv = tcg_temp_new_i64(), fpsr = tcg_temp_new_i64();
    TCGv_i64 code = tcg_temp_new_i64();

    s->fp_code_valid = !(s->fp_mode & A32_TBFLAG_FZ);
    s->fp_code = code;
    if (s->fp_code_valid) {
        tcg_gen_fp_binary(ops[esz == FP_D][a->e != 0], code, n, m);
        tcg_gen_mov_i64(nzcv, gen_nzcv_of_fp_compare(code));
    } else {
        tcg_gen_call4(&helper_info_fp_compare, &nzcv, env_arg(), n, m,
                      tcg_constant_i64(esz | a->e << 8));
        tcg_gen_andi_i64(nzcv, nzcv, (int64_t)0xf0000000u);
    }
    if (!s->cond_active) {
        s->fp_nzcv = nzcv;
        s->fp_nzcv_at = s->pc_next;
    }
    tcg_gen_ld32u_i64(fpsr, tcg_env, offsetof(CPUARMState, fpsr));
    tcg_gen_andi_i64(fpsr, fpsr, 0x0fffffff);
    tcg_gen_or_i64(fpsr, fpsr, nzcv);
    tcg_gen_st32_i64(fpsr, tcg_env, offsetof(CPUARMState, fpsr));
    return true;
}

/* VFPExpandImm(): sign, NOT(b):Replicate(b):cd exponent, efgh fraction. */
static uint64_t vfp_expand_imm(int esz, unsigned imm8)
{
    int total = esz == FP_D ? 64 : 32, exp_bits = esz == FP_D ? 11 : 8;
    int frac_bits = total - 1 - exp_bits;
    unsigned b6 = (imm8 >> 6) & 1;
    uint64_t exp = (uint64_t)(!b6) << (exp_bits - 1);

    if (b6)
        exp |= ((1ull << (exp_bits - 3)) - 1) << 2;
    exp |= (imm8 >> 4) & 3;
    return (uint64_t)(imm8 >> 7) << (total - 1) | exp << frac_bits |
           (uint64_t)(imm8 & 0xf) << (frac_bits - 4);
}

static bool trans_VMOV_i(DisasContext *s, arg_VMOV_i *a)
{
    int esz = esz_of(a->sz);
    unsigned imm8 = (unsigned)(a->imm4h << 4 | a->imm4l);

    (void)s;
    vfp_store(esz, vfp_reg(a->sz, a->vd, a->d),
              tcg_constant_i64((int64_t)vfp_expand_imm(esz, imm8)));
    return true;
}

/* ---- conversions ---- */

static TCGv_i64 gen_convert(int from, int to, TCGv_i64 v)
{
    TCGv_i64 d = tcg_temp_new_i64();

    tcg_gen_call3(&helper_info_fp_convert, &d, env_arg(), v,
                  tcg_constant_i64(from | to << 8));
    return d;
}

/*
 * sz = 0: Dd = Sm; sz = 1: Sd = Dm. Inline for non-NaN inputs with FPSCR.FZ
 * clear (and RMode nearest when narrowing); narrowing leaves to the helper
 * the inputs below single's normal range too (Arm detects tininess before
 * rounding, x86 after). Elsewhere the host raises exactly Arm's flags.
 */
static bool trans_VCVT_sd(DisasContext *s, arg_v2 *a)
{
    int from = esz_of(a->sz), to = esz_of(!a->sz);
    TCGv_i64 n = vfp_load(from, vfp_reg(a->sz, a->vm, a->m));
    TCGv_i64 d = tcg_temp_new_i64(), mag = tcg_temp_new_i64();
    TCGLabel slow = tcg_new_label(), done = tcg_new_label();
    uint64_t inf = from == FP_D ? 0x7ff0000000000000ull : 0x7f800000u;

    (void)s;
    gen_fpcr_check(from == FP_S ? FPCR_FZ : FPCR_NOT_INLINE, slow);
    tcg_gen_andi_i64(mag, n, (int64_t)(sign_mask(from) - 1));
    tcg_gen_brcondi_i64(TCG_COND_GTU, mag, (int64_t)inf, slow);
    if (from == FP_D) {
        TCGv_i64 below = tcg_temp_new_i64();
        /* mag in [1, 2^-126) unsigned: nonzero and tiny as a single */
        tcg_gen_subi_i64(below, mag, 1);
        tcg_gen_brcondi_i64(TCG_COND_LTU, below,
                            (int64_t)pow2_bits(FP_D, -126) - 1, slow);
    }
    tcg_gen_fp_unary(
        from == FP_S ? INDEX_op_fcvt_f32_f64 : INDEX_op_fcvt_f64_f32, d, n);
    tcg_gen_br(done);
    tcg_gen_set_label(slow);
    tcg_gen_mov_i64(d, gen_convert(from, to, n));
    tcg_gen_set_label(done);
    vfp_store(to, vfp_reg(!a->sz, a->vd, a->d), d);
    return true;
}

/* FPToFixed() with int_bits of result, zero-extended. */
static TCGv_i64 gen_to_fixed(int esz, TCGv_i64 v, int fbits, bool is_unsigned,
                             int int_bits, int rmode)
{
    TCGv_i64 d = tcg_temp_new_i64();

    tcg_gen_call3(&helper_info_fp_to_fixed, &d, env_arg(), v,
                  tcg_constant_i64(esz | rmode << 8 | is_unsigned << 16 |
                                   int_bits << 17 | fbits << 25));
    return d;
}

static TCGv_i64 gen_from_fixed(int esz, TCGv_i64 v, int fbits, bool is_unsigned,
                               int int_bits)
{
    TCGv_i64 d = tcg_temp_new_i64();

    tcg_gen_call3(&helper_info_fp_from_fixed, &d, env_arg(), v,
                  tcg_constant_i64(esz | is_unsigned << 16 | int_bits << 17 |
                                   fbits << 25));
    return d;
}

/*
 * VCVT.F32/F64.S32/U32 Sm (op: signed), FPSCR rounding: inline (the host
 * converts the 64-bit extension, exact for D, rounding to nearest with
 * its inexact flag for S) when RMode is nearest, else the helper.
 */
static bool trans_VCVT_fi(DisasContext *s, arg_v2 *a)
{
    int esz = esz_of(a->sz);
    TCGv_i64 m = vfp_load(FP_S, vfp_sreg(a->vm, a->m));
    TCGv_i64 d = tcg_temp_new_i64(), x = tcg_temp_new_i64();
    TCGLabel slow = tcg_new_label(), done = tcg_new_label();

    (void)s;
    gen_fpcr_check(FPCR_RMODE_MASK, slow);
    if (a->op)
        tcg_gen_ext32s_i64(x, m);
    else
        tcg_gen_mov_i64(x, m);
    tcg_gen_fp_unary(
        esz == FP_D ? INDEX_op_fcvt_s64_f64 : INDEX_op_fcvt_s64_f32, d, x);
    tcg_gen_br(done);
    tcg_gen_set_label(slow);
    tcg_gen_mov_i64(d, gen_from_fixed(esz, m, 0, !a->op, 32));
    tcg_gen_set_label(done);
    vfp_store(esz, vfp_reg(a->sz, a->vd, a->d), d);
    return true;
}

/*
 * VCVT (round to zero) to S32/U32 inline when FPSCR.FZ is clear and the
 * truncated value fits (|n| < 2^31, or 0 <= n < 2^32 by its raw bits):
 * the host's truncation and inexact flag are Arm's. NaNs, infinities,
 * saturating values (IOC) and negative inputs to U32 take the helper,
 * as VCVTR does always.
 */
static bool trans_VCVT_if(DisasContext *s, arg_VCVT_if *a)
{
    int esz = esz_of(a->sz);
    TCGv_i64 m = vfp_load(esz, vfp_reg(a->sz, a->vm, a->m));
    TCGv_i64 d = tcg_temp_new_i64(), mag = tcg_temp_new_i64();
    TCGLabel slow = tcg_new_label(), done = tcg_new_label();

    (void)s;
    if (a->rz) {
        gen_fpcr_check(FPCR_FZ, slow);
        if (a->s)
            tcg_gen_andi_i64(mag, m, (int64_t)(sign_mask(esz) - 1));
        else
            tcg_gen_mov_i64(mag, m);
        tcg_gen_brcondi_i64(TCG_COND_GEU, mag,
                            (int64_t)pow2_bits(esz, a->s ? 31 : 32), slow);
        tcg_gen_fp_unary(esz == FP_D ? INDEX_op_fcvtz_f64_s64
                                     : INDEX_op_fcvtz_f32_s64,
                         d, m);
        tcg_gen_ext32u_i64(d, d);
        tcg_gen_br(done);
    }
    tcg_gen_set_label(slow);
    tcg_gen_mov_i64(
        d, gen_to_fixed(esz, m, 0, !a->s, 32, a->rz ? FPR_Z : FPR_FPCR));
    tcg_gen_set_label(done);
    vfp_store(FP_S, vfp_sreg(a->vd, a->d), d);
    return true;
}

/* ARMv8 VCVTA/N/P/M to S32/U32 in Sd. */
static bool trans_VCVT_v8(DisasContext *s, arg_VCVT_v8 *a)
{
    int esz = esz_of(a->sz);
    TCGv_i64 m = vfp_load(esz, vfp_reg(a->sz, a->vm, a->m));

    (void)s;
    vfp_store(FP_S, vfp_sreg(a->vd, a->d),
              gen_to_fixed(esz, m, 0, !a->s, 32, vfp_decode_rm[a->rm & 3]));
    return true;
}

/*
 * Fixed point in place: size 16 (sx = 0) or 32 bits, fbits = size -
 * imm4:i. To fixed rounds to zero and extends the result to the register
 * (sign for signed); from fixed reads the low size bits, rounds to nearest.
 */
static bool trans_VCVT_fix(DisasContext *s, arg_VCVT_fix *a)
{
    int esz = esz_of(a->sz), rd = vfp_reg(a->sz, a->vd, a->d);
    int size = a->sx ? 32 : 16;
    int fbits = size - (int)(a->imm4 << 1 | a->i);
    TCGv_i64 v = vfp_load(esz, rd);

    if (fbits < 0)
        return a32_undef(s); /* UNPREDICTABLE */
    if (!a->to_fixed) {
        /* FixedToFP(..., FPRounding_TIEEVEN): FPSCR.RMode is ignored, so
         * the helper runs with RMode cleared for the call. */
        TCGv_i64 fpcr = tcg_temp_new_i64(), rn = tcg_temp_new_i64();
        tcg_gen_ld32u_i64(fpcr, tcg_env, offsetof(CPUARMState, fpcr));
        tcg_gen_andi_i64(rn, fpcr, ~(int64_t)FPCR_RMODE_MASK);
        tcg_gen_st32_i64(rn, tcg_env, offsetof(CPUARMState, fpcr));
        TCGv_i64 d = gen_from_fixed(esz, v, fbits, a->u, size);
        tcg_gen_st32_i64(fpcr, tcg_env, offsetof(CPUARMState, fpcr));
        vfp_store(esz, rd, d);
        return true;
    }
    TCGv_i64 d = gen_to_fixed(esz, v, fbits, a->u, size, FPR_Z);
    if (!a->u) {
        if (size == 16)
            tcg_gen_ext16s_i64(d, d);
        else
            tcg_gen_ext32s_i64(d, d);
    }
    if (esz == FP_S)
        tcg_gen_ext32u_i64(d, d);
    vfp_store(esz, rd, d);
    return true;
}

/* VCVTB (t = 0: bits 15:0) / VCVTT (t = 1: bits 31:16) between half
 * precision in an S register and single (sz = 0) or double. */
static bool trans_VCVT_hf(DisasContext *s, arg_VCVT_hf *a)
{
    int esz = esz_of(a->sz);
    int shift = a->t ? 16 : 0;

    (void)s;
    if (!a->to_half) {
        TCGv_i64 h = tcg_temp_new_i64();
        tcg_gen_extract_i64(h, vfp_load(FP_S, vfp_sreg(a->vm, a->m)),
                            (unsigned)shift, 16);
        vfp_store(esz, vfp_reg(a->sz, a->vd, a->d), gen_convert(FP_H, esz, h));
        return true;
    }
    int rd = vfp_sreg(a->vd, a->d);
    TCGv_i64 h =
        gen_convert(esz, FP_H, vfp_load(esz, vfp_reg(a->sz, a->vm, a->m)));
    TCGv_i64 d = vfp_load(FP_S, rd);
    tcg_gen_deposit_i64(d, d, h, (unsigned)shift, 16);
    vfp_store(FP_S, rd, d);
    return true;
}

/* ---- loads and stores ---- */

static void gen_vfp_ld(DisasContext *s, int esz, int reg, TCGv_i64 addr)
{
    TCGv_i64 t = tcg_temp_new_i64();

    gen_aa32_ld(s, t, addr, esz == FP_D ? MO_UQ : MO_UL);
    vfp_store(esz, reg, t);
}

static void gen_vfp_st(DisasContext *s, int esz, int reg, TCGv_i64 addr)
{
    gen_aa32_st(s, vfp_load(esz, reg), addr, esz == FP_D ? MO_UQ : MO_UL);
}

static bool trans_VLDR_STR(DisasContext *s, arg_VLDR_STR *a)
{
    int esz = esz_of(a->sz), reg = vfp_reg(a->sz, a->vd, a->d);
    int64_t offset = a->u ? a->imm8 * 4 : -a->imm8 * 4;
    TCGv_i64 addr = a->rn == 15 ? load_pc_aligned(s, offset)
                                : gen_addr_add(load_reg(s, (int)a->rn), offset);

    if (a->l)
        gen_vfp_ld(s, esz, reg, addr);
    else
        gen_vfp_st(s, esz, reg, addr);
    return true;
}

/* VLDM/VSTM (VPUSH, VPOP): IA (p = 0, u = 1) or DB with writeback
 * (p = 1, u = 0, w = 1); FLDMX/FSTMX (D, imm8 odd) move imm8 / 2 regs. */
static bool trans_VLDM_STM(DisasContext *s, arg_VLDM_STM *a)
{
    int esz = esz_of(a->sz), first = vfp_reg(a->sz, a->vd, a->d);
    int regs = a->sz ? (int)a->imm8 / 2 : (int)a->imm8;

    if (a->p == a->u) {
        if (!a->p && !a->w)
            return false; /* 64-bit transfers' space */
        return a32_undef(s);
    }
    if (a->p && !a->w)
        return false; /* VLDR/VSTR */
    if (regs == 0 || first + regs > 32 || (a->w && a->rn == 15))
        return a32_undef(s); /* UNPREDICTABLE */
    TCGv_i64 base = load_reg(s, (int)a->rn);
    int64_t bytes = a->imm8 * 4;
    TCGv_i64 addr = gen_addr_add(base, a->p ? -bytes : 0);
    for (int i = 0; i < regs; i++) {
        TCGv_i64 at = gen_addr_add(addr, i * (esz == FP_D ? 8 : 4));
        if (a->l)
            gen_vfp_ld(s, esz, first + i, at);
        else
            gen_vfp_st(s, esz, first + i, at);
    }
    if (a->w)
        store_reg(s, (int)a->rn, gen_addr_add(base, a->u ? bytes : -bytes));
    return true;
}

/* ---- transfers between core and extension registers ---- */

/* VMOV Rt, Rt2 <-> Sm, Sm+1 (sz = 0) or Dm. */
static bool trans_VMOV_64(DisasContext *s, arg_VMOV_64 *a)
{
    int lo = a->sz ? (int)(a->m << 4 | a->vm) * 2 : vfp_sreg(a->vm, a->m);

    if (lo == 31 || a->rt == 15 || a->rt2 == 15 ||
        (a->to_core && a->rt == a->rt2))
        return a32_undef(s); /* UNPREDICTABLE */
    if (a->to_core) {
        store_reg(s, (int)a->rt, vfp_load(FP_S, lo));
        store_reg(s, (int)a->rt2, vfp_load(FP_S, lo + 1));
    } else {
        vfp_store(FP_S, lo, load_reg(s, (int)a->rt));
        vfp_store(FP_S, lo + 1, load_reg(s, (int)a->rt2));
    }
    return true;
}

static bool trans_VMOV_sr(DisasContext *s, arg_VMOV_sr *a)
{
    int reg = vfp_sreg(a->vn, a->n);

    if (a->rt == 15)
        return a32_undef(s); /* UNPREDICTABLE */
    if (a->to_core)
        store_reg(s, (int)a->rt, vfp_load(FP_S, reg));
    else
        vfp_store(FP_S, reg, load_reg(s, (int)a->rt));
    return true;
}

/* opc1:opc2 -> the lane's byte offset in Dn and its size (log2), or -1. */
static int scalar_lane(int64_t opc1, int64_t opc2, int *size)
{
    int sel = (int)(opc1 << 2 | opc2);

    if (sel & 8) {
        *size = 0;
        return sel & 7;
    }
    if (sel & 1) {
        *size = 1;
        return ((sel >> 2 & 1) << 1 | (sel >> 1 & 1)) * 2;
    }
    if ((sel & 3) == 0) {
        *size = 2;
        return (sel >> 2 & 1) * 4;
    }
    return -1;
}

/* VMOV.<8,16,32> Dd[x], Rt: the rest of Dd kept. */
static bool trans_VMOV_to_scalar(DisasContext *s, arg_VMOV_to_scalar *a)
{
    int size, ofs = scalar_lane(a->opc1, a->opc2, &size);
    int reg = (int)(a->d << 4 | a->vd);

    if (ofs < 0)
        return false;
    if (a->rt == 15)
        return a32_undef(s); /* UNPREDICTABLE */
    int32_t word = vfp_offset(FP_D, reg) + (ofs & 4);
    TCGv_i64 w = tcg_temp_new_i64();
    tcg_gen_ld32u_i64(w, tcg_env, word);
    tcg_gen_deposit_i64(w, w, load_reg(s, (int)a->rt), (unsigned)(ofs & 3) * 8,
                        8u << size);
    tcg_gen_st32_i64(w, tcg_env, word);
    return true;
}

/* VMOV.<S8,U8,S16,U16,32> Rt, Dn[x]. */
static bool trans_VMOV_from_scalar(DisasContext *s, arg_VMOV_from_scalar *a)
{
    int size, ofs = scalar_lane(a->opc1, a->opc2, &size);
    int reg = (int)(a->n << 4 | a->vn);

    if (ofs < 0 || (size == 2 && a->u))
        return false;
    if (a->rt == 15)
        return a32_undef(s); /* UNPREDICTABLE */
    TCGv_i64 v = tcg_temp_new_i64();
    tcg_gen_ld32u_i64(v, tcg_env, vfp_offset(FP_D, reg) + (ofs & 4));
    if (size < 2) {
        tcg_gen_extract_i64(v, v, (unsigned)(ofs & 3) * 8, 8u << size);
        if (!a->u) {
            if (size == 0)
                tcg_gen_ext8s_i64(v, v);
            else
                tcg_gen_ext16s_i64(v, v);
        }
    }
    store_reg(s, (int)a->rt, v);
    return true;
}

/* ---- system registers ---- */

enum {
    VFP_FPSID = 0,
    VFP_FPSCR = 1,
    VFP_MVFR1 = 6,
    VFP_MVFR0 = 7,
    VFP_FPEXC = 8
};

static TCGv_i64 gen_read_fpscr(void)
{
    TCGv_i64 fpsr = tcg_temp_new_i64(), fpcr = tcg_temp_new_i64();

    tcg_gen_call1(&helper_info_get_fpsr, &fpsr, env_arg());
    tcg_gen_ld32u_i64(fpcr, tcg_env, offsetof(CPUARMState, fpcr));
    tcg_gen_or_i64(fpsr, fpsr, fpcr);
    return fpsr;
}

/*
 * User mode: only FPSCR. FPSID, MVFR0/1 and FPEXC are PL1 registers
 * (VFPv3 and later UNDEF their VMRS at PL0; qemu-arm does too).
 */
static bool trans_VMRS(DisasContext *s, arg_VMRS *a)
{
    if (a->reg != VFP_FPSCR)
        return a32_undef(s);
    if (a->rt == 15) {
        /* VMRS APSR_nzcv, FPSCR: FPSCR.NZCV lives in env->fpsr alone (the
         * cumulative flags MXCSR holds lazily are not wanted). */
        if (s->fp_nzcv_at == s->pc_curr) {
            gen_set_nzcv(s->fp_nzcv); /* what the VCMP before stored */
            if (s->fp_code_valid)
                arm_flags_of_fp_compare(s->fp_code);
            return true;
        }
        TCGv_i64 v = tcg_temp_new_i64();
        tcg_gen_ld32u_i64(v, tcg_env, offsetof(CPUARMState, fpsr));
        gen_set_nzcv(v);
        return true;
    }
    store_reg(s, (int)a->rt, gen_read_fpscr());
    return true;
}

/* FPSCR: control bits to env->fpcr (Len and Stride stay 0, so short
 * vectors never start), NZCV, QC and the flags to env->fpsr. */
static bool trans_VMSR(DisasContext *s, arg_VMSR *a)
{
    if (a->reg != VFP_FPSCR || a->rt == 15)
        return a32_undef(s);
    TCGv_i64 v = load_reg(s, (int)a->rt);
    TCGv_i64 t = tcg_temp_new_i64();
    tcg_gen_andi_i64(t, v, ARM_FPCR_WRITABLE);
    tcg_gen_st32_i64(t, tcg_env, offsetof(CPUARMState, fpcr));
    t = tcg_temp_new_i64();
    tcg_gen_andi_i64(t, v, (int64_t)A32_FPSCR_FLAGS);
    tcg_gen_call2(&helper_info_set_fpsr, NULL, env_arg(), t);
    a32_gen_exit_to_next(s);
    return true;
}

/* ---- entry points ---- */

/* A conditional A32 insn reads as its T32 twin (top nibble 1110). */
static uint32_t vfp_normalise(const DisasContext *s, uint32_t insn)
{
    if (!s->thumb && (insn >> 28) != 0xf)
        return (insn & 0x0fffffffu) | 0xe0000000u;
    return insn;
}

bool a32_decode_vfp(DisasContext *s, uint32_t insn)
{
    return vfp_decode(s, vfp_normalise(s, insn));
}

bool t32_decode_vfp(DisasContext *s, uint32_t insn)
{
    return vfp_decode(s, insn);
}

const char *a32_describe_vfp(const DisasContext *s, char *buf, size_t len)
{
    if (s->is_t16)
        return NULL;
    return vfp_describe(vfp_normalise(s, s->insn), buf, len);
}
