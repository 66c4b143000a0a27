/*
 * A64 scalar floating-point translator (patterns in fp.decode): moves,
 * selects and sign operations inline; arithmetic, compares, rounding and
 * conversions inline where the host's IEEE result and flags are Arm's,
 * else through helper_fp.c on raw bits. Never touches Advanced SIMD
 * encodings.
 */
#include "target-arm/a64/translate.h"
#include "target-arm/helper_fp.h"

#include "target-arm/helper_info.h"

#include "fp.dec.c"

/* ---- operands ---- */

/*
 * ftype -> element size, or -1 for the reserved 10. Half precision (11)
 * is FEAT_FP16 everywhere except FCVT, which is base ARMv8.0; it always
 * takes the helpers (the inline SSE paths are S and D only).
 */
static int fp_esz_of(int64_t ftype)
{
    static const int esz[4] = {FP_S, FP_D, -1, FP_H};
    return esz[ftype & 3];
}

static TCGv_i64 env_arg(void)
{
    return tcg_ptr_as_i64(tcg_env);
}

/* The low element (H, S or D) of Vreg, zero-extended. */
static TCGv_i64 read_fp_reg(int reg, int esz)
{
    TCGv_i64 t = tcg_temp_new_i64();

    if (esz == FP_S) {
        tcg_gen_ld32u_i64(t, tcg_env, vreg_offset(reg));
    } else {
        tcg_gen_ld_i64(t, tcg_env, vreg_offset(reg));
        if (esz == FP_H) {
            tcg_gen_ext16u_i64(t, t);
        }
    }
    return t;
}

/* Vreg = val, already zero-extended above its element; bits 127:64 = 0. */
static void write_fp_reg(int reg, TCGv_i64 val)
{
    tcg_gen_st_i64(val, tcg_env, vreg_offset(reg));
    clear_vreg_high(reg);
}

static uint64_t fp_sign_mask(int esz)
{
    return 1ull << ((8 << esz) - 1);
}

static uint64_t fp_inf_bits(int esz)
{
    return esz == FP_D ? 0x7ff0000000000000ull : 0x7f800000u;
}

/* The bits of 2^e in S or D (e within the normal range). */
static uint64_t fp_pow2_bits(int esz, int e)
{
    return esz == FP_D ? (uint64_t)(1023 + e) << 52 : (uint64_t)(127 + e) << 23;
}

/* The bits of the smallest normal number of S or D. */
static uint64_t fp_min_normal_bits(int esz)
{
    return fp_pow2_bits(esz, esz == FP_D ? -1022 : -126);
}

/* |v| as raw bits: ordered like the magnitudes, NaNs above infinity. */
static TCGv_i64 gen_fp_abs_bits(TCGv_i64 v, int esz)
{
    TCGv_i64 mag = tcg_temp_new_i64();

    tcg_gen_andi_i64(mag, v, (int64_t)(fp_sign_mask(esz) - 1));
    return mag;
}

/* Branches to slow when FPCR has any bit of mask set: at run time, or
 * (user mode) in the mode the block is translated for. */
static void gen_fpcr_check(const DisasContext *s, uint32_t mask, TCGLabel slow)
{
    TCGv_i64 fpcr;

    if (s->fp_fixed) {
        if (s->fp_mode & mask)
            tcg_gen_br(slow);
        return;
    }
    fpcr = tcg_temp_new_i64();
    tcg_gen_ld32u_i64(fpcr, tcg_env, offsetof(CPUARMState, fpcr));
    tcg_gen_brcondi_i64(TCG_COND_TSTNE, fpcr, mask, slow);
}

/*
 * Under FPCR.FZ the inline path stands as long as no input is subnormal
 * (Arm flushes it, with IDC): branches to slow when one is. Inputs of
 * esz (S or D). Costs a test of FPCR when FZ is clear, or nothing in a
 * block translated for FZ clear.
 */
static void gen_fz_inputs_check(const DisasContext *s, const TCGv_i64 *in,
                                int nin, int esz, TCGLabel slow)
{
    TCGLabel plain = tcg_new_label();

    if (s->fp_fixed && !(s->fp_mode & FPCR_FZ))
        return;
    if (!s->fp_fixed) {
        TCGv_i64 fpcr = tcg_temp_new_i64();
        tcg_gen_ld32u_i64(fpcr, tcg_env, offsetof(CPUARMState, fpcr));
        tcg_gen_brcondi_i64(TCG_COND_TSTEQ, fpcr, FPCR_FZ, plain);
    }
    for (int i = 0; i < nin; i++) {
        TCGv_i64 below = tcg_temp_new_i64();
        /* |x| in [1, smallest normal) unsigned: nonzero and subnormal */
        tcg_gen_subi_i64(below, gen_fp_abs_bits(in[i], esz), 1);
        tcg_gen_brcondi_i64(TCG_COND_LTU, below,
                            (int64_t)fp_min_normal_bits(esz) - 1, slow);
    }
    tcg_gen_set_label(plain);
}

/* The inline path is done: jump over the helper call that follows slow. */
static TCGLabel gen_fast_path_end(TCGLabel slow)
{
    TCGLabel done = tcg_new_label();

    tcg_gen_br(done);
    tcg_gen_set_label(slow);
    return done;
}

/* ---- moves ---- */

static bool trans_FMOV_r(DisasContext *s, arg_FMOV_r *a)
{
    int esz = fp_esz_of(a->ftype);

    if (esz < 0) {
        return false;
    }
    (void)s;
    write_fp_reg(a->rd, read_fp_reg(a->rn, esz));
    return true;
}

static bool trans_fmov_gen(DisasContext *s, arg_fmov_gen *a)
{
    int esz = fp_esz_of(a->ftype);

    /* 32-bit with single, 64-bit with double, either width with half. */
    if (esz < 0 || (esz == FP_S && a->sf) || (esz == FP_D && !a->sf)) {
        return false;
    }
    if (a->to_fp) {
        TCGv_i64 v = read_cpu_reg(s, a->rn, 1);
        if (esz == FP_S) {
            tcg_gen_ext32u_i64(v, v);
        } else if (esz == FP_H) {
            tcg_gen_ext16u_i64(v, v);
        }
        write_fp_reg(a->rd, v);
    } else {
        write_xreg(s, a->rd, read_fp_reg(a->rn, esz), a->sf);
    }
    return true;
}

/* FMOV Xd, Vn.D[1] and FMOV Vd.D[1], Xn: the low half is left alone. */
static bool trans_fmov_hi(DisasContext *s, arg_fmov_hi *a)
{
    if (a->to_fp) {
        tcg_gen_st_i64(read_xreg(s, a->rn), tcg_env, vreg_offset(a->rd) + 8);
    } else {
        TCGv_i64 t = tcg_temp_new_i64();
        tcg_gen_ld_i64(t, tcg_env, vreg_offset(a->rn) + 8);
        write_xreg(s, a->rd, t, 1);
    }
    return true;
}

/* VFPExpandImm(): sign, NOT(b):Replicate(b):cd exponent, efgh fraction. */
uint64_t a64_fp_expand_imm(int esz, unsigned imm8)
{
    int total = 8 << esz;
    int exp_bits = esz == FP_H ? 5 : esz == FP_S ? 8 : 11;
    int frac_bits = total - 1 - exp_bits;
    unsigned b6 = (imm8 >> 6) & 1;
    uint64_t exp = (uint64_t)(!b6) << (exp_bits - 1);

    if (b6) {
        exp |= ((1ull << (exp_bits - 3)) - 1) << 2;
    }
    exp |= (imm8 >> 4) & 3;
    return (uint64_t)(imm8 >> 7) << (total - 1) | exp << frac_bits |
           (uint64_t)(imm8 & 0xf) << (frac_bits - 4);
}

static bool trans_FMOV_i(DisasContext *s, arg_FMOV_i *a)
{
    int esz = fp_esz_of(a->ftype);

    if (esz < 0) {
        return false;
    }
    (void)s;
    write_fp_reg(a->rd, tcg_constant_i64((int64_t)a64_fp_expand_imm(
                            esz, (unsigned)a->imm8)));
    return true;
}

/* FABS/FNEG only touch the sign bit, NaNs included. */
static bool trans_fabs_neg(DisasContext *s, arg_fabs_neg *a)
{
    int esz = fp_esz_of(a->ftype);

    if (esz < 0) {
        return false;
    }
    (void)s;
    TCGv_i64 v = read_fp_reg(a->rn, esz);
    if (a->neg) {
        tcg_gen_xori_i64(v, v, (int64_t)fp_sign_mask(esz));
    } else {
        tcg_gen_andi_i64(v, v, (int64_t)(fp_sign_mask(esz) - 1));
    }
    write_fp_reg(a->rd, v);
    return true;
}

static bool trans_FCSEL(DisasContext *s, arg_FCSEL *a)
{
    int esz = fp_esz_of(a->ftype);

    if (esz < 0) {
        return false;
    }
    (void)s;
    TCGv_i64 n = read_fp_reg(a->rn, esz);
    TCGv_i64 m = read_fp_reg(a->rm, esz);
    TCGv_i64 d = tcg_temp_new_i64();
    DisasCompare c = arm_compare_cc((int)a->cond);

    tcg_gen_movcond_i64(c.cond, d, c.value, c.value2, n, m);
    write_fp_reg(a->rd, d);
    return true;
}

/* ---- arithmetic ---- */

/*
 * Inline IEEE arithmetic where Arm and the host agree: round to nearest
 * and a non-NaN result (which NaN, and the default NaN, differ). Anything
 * else branches to slow, where the caller calls the helper; the flags the
 * host raised on the way are the ones the helper raises too. Returns the
 * label that follows the helper call.
 */
static TCGLabel gen_fp_fast_path(const DisasContext *s, TCGOpcode opc,
                                 TCGv_i64 d, const TCGv_i64 *in, int esz,
                                 TCGLabel slow, bool negate)
{
    gen_fpcr_check(s, FPCR_NOT_INLINE, slow);
    switch (tcg_op_defs[opc].nb_iargs) {
    case 1: tcg_gen_fp_unary(opc, d, in[0]); break;
    case 2: tcg_gen_fp_binary(opc, d, in[0], in[1]); break;
    default: tcg_gen_fp_ternary(opc, d, in[0], in[1], in[2]); break;
    }
    tcg_gen_brcondi_i64(TCG_COND_GTU, gen_fp_abs_bits(d, esz),
                        (int64_t)fp_inf_bits(esz), slow);
    if (negate) { /* FNMUL: FPNeg() of the rounded product */
        tcg_gen_xori_i64(d, d, (int64_t)fp_sign_mask(esz));
    }
    return gen_fast_path_end(slow);
}

/* The inline op for FADD/FSUB/FMUL/FDIV (FNMUL: FMUL) in S or D, or nop. */
static TCGOpcode fp_inline_binop(int op, int esz)
{
    static const TCGOpcode ops[2][4] = {
        {INDEX_op_fadd_f32, INDEX_op_fsub_f32, INDEX_op_fmul_f32,
         INDEX_op_fdiv_f32},
        {INDEX_op_fadd_f64, INDEX_op_fsub_f64, INDEX_op_fmul_f64,
         INDEX_op_fdiv_f64},
    };

    if (op == FPOP_NMUL) {
        op = FPOP_MUL;
    }
    if ((esz != FP_S && esz != FP_D) || op > FPOP_DIV) {
        return INDEX_op_nop;
    }
    return ops[esz == FP_D][op];
}

/*
 * FMAX, FMIN, FMAXNM, FMINNM of two numbers that are neither NaNs nor,
 * under FPCR.FZ, subnormal (gen_fz_inputs_check) need no FP unit and
 * raise no flag: the bits of x as x ^ (x < 0 ? magnitude mask : 0) order as
 * signed integers the way FPMax()/FPMin() do, -0 below +0. The rest
 * branches to the helper call that follows; returns the label after it.
 */
static TCGLabel gen_fp_minmax_fast_path(const DisasContext *s, TCGv_i64 d,
                                        TCGv_i64 n, TCGv_i64 m, bool max,
                                        int esz)
{
    TCGLabel slow = tcg_new_label();
    TCGv_i64 in[2] = {n, m}, key[2];
    int64_t mag_mask = (int64_t)(fp_sign_mask(esz) - 1);

    gen_fz_inputs_check(s, in, 2, esz, slow);
    for (int i = 0; i < 2; i++) {
        TCGv_i64 mag = gen_fp_abs_bits(in[i], esz);
        TCGv_i64 sign = tcg_temp_new_i64();

        tcg_gen_brcondi_i64(TCG_COND_GTU, mag, (int64_t)fp_inf_bits(esz), slow);
        key[i] = tcg_temp_new_i64();
        tcg_gen_sextract_i64(key[i], in[i], 0, 8u << esz);
        tcg_gen_sari_i64(sign, key[i], 63);
        tcg_gen_andi_i64(sign, sign, mag_mask);
        tcg_gen_xor_i64(key[i], key[i], sign);
    }
    tcg_gen_movcond_i64(max ? TCG_COND_GT : TCG_COND_LT, d, key[0], key[1], n,
                        m);
    return gen_fast_path_end(slow);
}

static bool fp_is_minmax(int op)
{
    return op == FPOP_MAX || op == FPOP_MIN || op == FPOP_MAXNM ||
           op == FPOP_MINNM;
}

static bool trans_fp_2src(DisasContext *s, arg_fp_2src *a)
{
    int esz = fp_esz_of(a->ftype);
    TCGOpcode inline_op = fp_inline_binop((int)a->op, esz);
    TCGLabel done = {0};
    bool fast = inline_op != INDEX_op_nop;

    if (esz < 0) {
        return false;
    }
    (void)s;
    if (fast && a->op != FPOP_NMUL &&
        a64_gen_fp_guarded_env(
            s, inline_op, (int)a->rd, (int[]){(int)a->rn, (int)a->rm},
            A64_FP_GUARD_BINOP, (uint64_t)(esz | a->op << 8))) {
        return true;
    }
    TCGv_i64 d = tcg_temp_new_i64();
    TCGv_i64 n = read_fp_reg(a->rn, esz), m = read_fp_reg(a->rm, esz);
    TCGv_i64 in[2] = {n, m};
    /* FNMUL is FPNeg() of what FMUL gives, the helper's NaNs included. */
    int guarded_op = a->op == FPOP_NMUL ? FPOP_MUL : (int)a->op;
    if (fast && a64_gen_fp_guarded(s, inline_op, d, in, A64_FP_GUARD_BINOP,
                                   (uint64_t)(esz | guarded_op << 8))) {
        if (a->op == FPOP_NMUL) {
            tcg_gen_xori_i64(d, d, (int64_t)fp_sign_mask(esz));
        }
        write_fp_reg(a->rd, d);
        return true;
    }
    if (fast) {
        done = gen_fp_fast_path(s, inline_op, d, in, esz, tcg_new_label(),
                                a->op == FPOP_NMUL);
    } else if (fp_is_minmax((int)a->op) && (esz == FP_S || esz == FP_D)) {
        done = gen_fp_minmax_fast_path(
            s, d, n, m, a->op == FPOP_MAX || a->op == FPOP_MAXNM, esz);
        fast = true;
    }
    tcg_gen_call4(&helper_info_fp_binop, &d, env_arg(), n, m,
                  tcg_constant_i64(esz | a->op << 8));
    if (fast) {
        tcg_gen_set_label(done);
    }
    write_fp_reg(a->rd, d);
    return true;
}

/*
 * FMADD n*m+a, FMSUB a-n*m, FNMADD -a-n*m, FNMSUB n*m-a as the host's
 * fused ops, indexed by [neg_n][neg_a]; nop where the host has no FMA.
 */
static TCGOpcode fp_inline_fma(int esz, bool neg_n, bool neg_a)
{
    static const TCGOpcode ops[2][2][2] = {
        {{INDEX_op_fmuladd_f32, INDEX_op_fmulsub_f32},
         {INDEX_op_fnmuladd_f32, INDEX_op_fnmulsub_f32}},
        {{INDEX_op_fmuladd_f64, INDEX_op_fmulsub_f64},
         {INDEX_op_fnmuladd_f64, INDEX_op_fnmulsub_f64}},
    };

    if ((esz != FP_S && esz != FP_D) || !tcg_can_emit_fma()) {
        return INDEX_op_nop;
    }
    return ops[esz == FP_D][neg_n][neg_a];
}

static bool trans_fp_3src(DisasContext *s, arg_fp_3src *a)
{
    int esz = fp_esz_of(a->ftype);
    TCGLabel done = {0};

    if (esz < 0) {
        return false;
    }
    (void)s;
    TCGOpcode inline_op = fp_inline_fma(esz, a->neg_n, a->neg_a);
    if (inline_op != INDEX_op_nop &&
        a64_gen_fp_guarded_env(
            s, inline_op, (int)a->rd,
            (int[]){(int)a->rn, (int)a->rm, (int)a->ra}, A64_FP_GUARD_MULADD,
            (uint64_t)(esz | a->neg_n << 8 | a->neg_a << 9))) {
        return true;
    }
    TCGv_i64 d = tcg_temp_new_i64();
    TCGv_i64 args[5] = {
        env_arg(),
        read_fp_reg(a->ra, esz),
        read_fp_reg(a->rn, esz),
        read_fp_reg(a->rm, esz),
        tcg_constant_i64(esz | a->neg_n << 8 | a->neg_a << 9),
    };
    TCGv_i64 in[3] = {args[2], args[3], args[1]}; /* n, m, a */
    if (inline_op != INDEX_op_nop &&
        a64_gen_fp_guarded(s, inline_op, d, in, A64_FP_GUARD_MULADD,
                           (uint64_t)(esz | a->neg_n << 8 | a->neg_a << 9))) {
        write_fp_reg(a->rd, d);
        return true;
    }
    if (inline_op != INDEX_op_nop) {
        done =
            gen_fp_fast_path(s, inline_op, d, in, esz, tcg_new_label(), false);
    }
    tcg_gen_call(&helper_info_fp_muladd, &d, 5, args);
    if (inline_op != INDEX_op_nop) {
        tcg_gen_set_label(done);
    }
    write_fp_reg(a->rd, d);
    return true;
}

static bool trans_FSQRT(DisasContext *s, arg_FSQRT *a)
{
    int esz = fp_esz_of(a->ftype);
    bool fast = esz == FP_S || esz == FP_D;
    TCGLabel done = {0};

    if (esz < 0) {
        return false;
    }
    (void)s;
    if (fast && a64_gen_fp_guarded_env(
                    s, esz == FP_D ? INDEX_op_fsqrt_f64 : INDEX_op_fsqrt_f32,
                    (int)a->rd, (int[]){(int)a->rn}, A64_FP_GUARD_SQRT,
                    (uint64_t)esz)) {
        return true;
    }
    TCGv_i64 d = tcg_temp_new_i64();
    TCGv_i64 n = read_fp_reg(a->rn, esz);
    if (fast && a64_gen_fp_guarded(
                    s, esz == FP_D ? INDEX_op_fsqrt_f64 : INDEX_op_fsqrt_f32, d,
                    &n, A64_FP_GUARD_SQRT, (uint64_t)esz)) {
        write_fp_reg(a->rd, d);
        return true;
    }
    if (fast) {
        done = gen_fp_fast_path(
            s, esz == FP_D ? INDEX_op_fsqrt_f64 : INDEX_op_fsqrt_f32, d, &n,
            esz, tcg_new_label(), false);
    }
    tcg_gen_call3(&helper_info_fp_sqrt, &d, env_arg(), n,
                  tcg_constant_i64(esz));
    if (fast) {
        tcg_gen_set_label(done);
    }
    write_fp_reg(a->rd, d);
    return true;
}

/*
 * FRINT<N,P,M,Z,X,I> inline as the host's round-to-integral: same value,
 * sign of zero and inexact flag (asked for by FRINTX only). FRINTA's ties
 * away, NaNs, a subnormal input under FZ (flushed, with IDC: a result
 * is never subnormal, so FZ changes nothing else) and (for X and I) a
 * directed FPCR.RMode take the helper. fround's directions are
 * FPRounding's N, P, M, Z in that order.
 */
static void gen_frint_fast(const DisasContext *s, TCGv_i64 d, TCGv_i64 n,
                           int esz, int rmode, bool exact, TCGLabel slow)
{
    if (rmode == FPR_FPCR) {
        gen_fpcr_check(s, FPCR_RMODE_MASK, slow);
        rmode = FPR_N;
    }
    gen_fz_inputs_check(s, &n, 1, esz, slow);
    tcg_gen_brcondi_i64(TCG_COND_GTU, gen_fp_abs_bits(n, esz),
                        (int64_t)fp_inf_bits(esz), slow);
    tcg_gen_fround(esz == FP_D ? INDEX_op_fround_f64 : INDEX_op_fround_f32, d,
                   n, (unsigned)rmode | (exact ? 4u : 0u));
}

static bool trans_frint(DisasContext *s, arg_frint *a)
{
    int esz = fp_esz_of(a->ftype);
    bool fast = (esz == FP_S || esz == FP_D) && a->rmode != FPR_A &&
                tcg_can_emit_fround();
    TCGLabel done = {0};

    if (esz < 0) {
        return false;
    }
    (void)s;
    TCGv_i64 d = tcg_temp_new_i64();
    TCGv_i64 n = read_fp_reg(a->rn, esz);
    if (fast) {
        TCGLabel slow = tcg_new_label();
        gen_frint_fast(s, d, n, esz, (int)a->rmode, a->exact, slow);
        done = gen_fast_path_end(slow);
    }
    tcg_gen_call3(&helper_info_fp_round_int, &d, env_arg(), n,
                  tcg_constant_i64(esz | a->rmode << 8 | a->exact << 16));
    if (fast) {
        tcg_gen_set_label(done);
    }
    write_fp_reg(a->rd, d);
    return true;
}

/*
 * FCVT between S and D inline for non-NaN inputs, widening with FPCR.FZ
 * clear or a normal input, narrowing with RMode nearest. Narrowing
 * leaves to the helper the nonzero inputs below single's normal range
 * (which FZ would flush, too): Arm detects tininess before
 * rounding (UFC for a value that rounds up to the smallest normal), x86
 * after. Elsewhere cvtsd2ss raises exactly Arm's OFC and IXC.
 */
static void gen_fcvt_fast(const DisasContext *s, TCGv_i64 d, TCGv_i64 n,
                          int from, TCGLabel slow)
{
    TCGv_i64 mag = gen_fp_abs_bits(n, from);

    /* Widening is exact: only an input FZ flushes differs. Narrowing
     * sends every input that could give a tiny single (which FZ would
     * flush) to the helper below, so only the rounding mode matters. */
    if (from == FP_S)
        gen_fz_inputs_check(s, &n, 1, from, slow);
    else
        gen_fpcr_check(s, FPCR_RMODE_MASK, slow);
    tcg_gen_brcondi_i64(TCG_COND_GTU, mag, (int64_t)fp_inf_bits(from), slow);
    if (from == FP_D) {
        TCGv_i64 below = tcg_temp_new_i64();
        /* mag in [1, 2^-126) unsigned: nonzero and tiny as a single */
        tcg_gen_subi_i64(below, mag, 1);
        tcg_gen_brcondi_i64(TCG_COND_LTU, below,
                            (int64_t)fp_pow2_bits(FP_D, -126) - 1, slow);
    }
    tcg_gen_fp_unary(
        from == FP_S ? INDEX_op_fcvt_f32_f64 : INDEX_op_fcvt_f64_f32, d, n);
}

/*
 * Widening S to D in a block translated for a mode without FZ and DN:
 * exact, and cvtss2sd turns a NaN into Arm's (FPConvertNaN: quieted,
 * sign and payload kept, IOC for a signalling one), so the helper has
 * nothing to add and the block keeps no branch to it (a branch and a
 * call would write back and drop the vector cache).
 */
static bool widen_needs_no_helper(const DisasContext *s, int from, int to)
{
    return from == FP_S && to == FP_D && s->fp_fixed &&
           !(s->fp_mode & (FPCR_FZ | FPCR_DN));
}

static bool trans_FCVT(DisasContext *s, arg_FCVT *a)
{
    int from = fp_esz_of(a->ftype), to = fp_esz_of(a->opc);
    bool fast = (from == FP_S && to == FP_D) || (from == FP_D && to == FP_S);
    TCGLabel done = {0};

    if (from < 0 || to < 0 || from == to) {
        return false;
    }
    TCGv_i64 d = tcg_temp_new_i64();
    TCGv_i64 n = read_fp_reg(a->rn, from);
    if (widen_needs_no_helper(s, from, to)) {
        tcg_gen_fp_unary(INDEX_op_fcvt_f32_f64, d, n);
        write_fp_reg(a->rd, d);
        return true;
    }
    if (fast) {
        TCGLabel slow = tcg_new_label();
        gen_fcvt_fast(s, d, n, from, slow);
        done = gen_fast_path_end(slow);
    }
    tcg_gen_call3(&helper_info_fp_convert, &d, env_arg(), n,
                  tcg_constant_i64(from | to << 8));
    if (fast) {
        tcg_gen_set_label(done);
    }
    write_fp_reg(a->rd, d);
    return true;
}

/* ---- compares ---- */

/*
 * nzcv = FCMP/FCMPE of n and m: inline (their flags match ucomis/comis
 * exactly) unless FPCR.FZ asks for a denormal input to compare as zero:
 * then the helper. Half precision always takes the helper. Returns
 * whether the inline compare's code (0 less, 1 equal, 2 greater, 3
 * unordered) alone gave nzcv: a block translated for a mode without FZ
 * has no helper path.
 */
static bool gen_fp_compare(const DisasContext *s, TCGv_i64 nzcv, TCGv_i64 code,
                           TCGv_i64 n, TCGv_i64 m, int esz, bool signalling)
{
    static const TCGOpcode ops[2][2] = {
        {INDEX_op_fcmp_f32, INDEX_op_fcmpe_f32},
        {INDEX_op_fcmp_f64, INDEX_op_fcmpe_f64},
    };
    TCGLabel slow = tcg_new_label(), done = tcg_new_label();

    if (esz != FP_H) {
        /* Emits nothing in a block translated without FZ. */
        gen_fz_inputs_check(s, (TCGv_i64[]){n, m}, 2, esz, slow);
        tcg_gen_fp_binary(ops[esz == FP_D][signalling], code, n, m);
        tcg_gen_mov_i64(nzcv, gen_nzcv_of_fp_compare(code));
        if (s->fp_fixed && !(s->fp_mode & FPCR_FZ))
            return true;
        tcg_gen_br(done);
    }
    tcg_gen_set_label(slow);
    tcg_gen_call4(&helper_info_fp_compare, &nzcv, env_arg(), n, m,
                  tcg_constant_i64(esz | (int)signalling << 8));
    tcg_gen_set_label(done);
    return false;
}

/* A B.cond before the next flag write tests the compare's code instead
 * of NZCV (gen_brcond_cc) when that code alone set the flags. */
static bool trans_FCMP(DisasContext *s, arg_FCMP *a)
{
    int esz = fp_esz_of(a->ftype);

    if (esz < 0) {
        return false;
    }
    TCGv_i64 n = read_fp_reg(a->rn, esz);
    TCGv_i64 m = a->z ? tcg_constant_i64(0) : read_fp_reg(a->rm, esz);
    TCGv_i64 nzcv = tcg_temp_new_i64(), code = tcg_temp_new_i64();
    bool from_code = gen_fp_compare(s, nzcv, code, n, m, esz, a->e);

    gen_set_nzcv(nzcv);
    if (from_code)
        arm_flags_of_fp_compare(code);
    return true;
}

/* FCCMP: the compare (and its FPSR effects) happens only if cond holds. */
static bool trans_FCCMP(DisasContext *s, arg_FCCMP *a)
{
    int esz = fp_esz_of(a->ftype);

    if (esz < 0) {
        return false;
    }
    (void)s;
    TCGv_i64 nzcv = tcg_temp_new_i64();
    TCGLabel skip = tcg_new_label();
    DisasCompare c = arm_test_cc((int)a->cond);

    tcg_gen_movi_i64(nzcv, a->nzcv << 28);
    tcg_gen_brcondi_i64(tcg_invert_cond(c.cond), c.value, 0, skip);
    gen_fp_compare(s, nzcv, tcg_temp_new_i64(), read_fp_reg(a->rn, esz),
                   read_fp_reg(a->rm, esz), esz, a->e);
    tcg_gen_set_label(skip);
    gen_set_nzcv(nzcv);
    return true;
}

/* ---- conversions with general registers ---- */

/*
 * FCVTZS/FCVTZU inline (cvtts*2si to 64 bits) when FPCR.FZ is clear and
 * |n| * 2^fbits is below the integer's range: then the scaling is exact,
 * the truncation is Arm's, and the host's inexact flag is IXC. NaNs,
 * infinities, out-of-range values (IOC, saturation) and negative inputs
 * to the unsigned forms take the helper, before any host flag is raised.
 */
static void gen_fp_to_fixed_fast(const DisasContext *s, TCGv_i64 d, TCGv_i64 n,
                                 int esz, int sf, bool u, int fbits,
                                 TCGLabel slow)
{
    /* the result's magnitude bound, log2; 63 where u64 passes s64 */
    int limit = u ? (sf ? 63 : 32) : (sf ? 63 : 31);
    TCGv_i64 x = n;

    gen_fz_inputs_check(s, &n, 1, esz, slow);
    tcg_gen_brcondi_i64(TCG_COND_GEU, u ? n : gen_fp_abs_bits(n, esz),
                        (int64_t)fp_pow2_bits(esz, limit - fbits), slow);
    if (fbits) {
        x = tcg_temp_new_i64();
        tcg_gen_fp_binary(esz == FP_D ? INDEX_op_fmul_f64 : INDEX_op_fmul_f32,
                          x, n,
                          tcg_constant_i64((int64_t)fp_pow2_bits(esz, fbits)));
    }
    tcg_gen_fp_unary(
        esz == FP_D ? INDEX_op_fcvtz_f64_s64 : INDEX_op_fcvtz_f32_s64, d, x);
}

static void gen_fp_to_fixed(DisasContext *s, int sf, int rd, int rn, int esz,
                            int64_t rmode, int64_t u, int fbits)
{
    TCGv_i64 d = tcg_temp_new_i64();
    TCGv_i64 n = read_fp_reg(rn, esz);
    int int_bits = sf ? 64 : 32;
    bool fast = rmode == FPR_Z && (esz == FP_S || esz == FP_D);
    TCGLabel done = {0};

    if (fast) {
        TCGLabel slow = tcg_new_label();
        gen_fp_to_fixed_fast(s, d, n, esz, sf, u, fbits, slow);
        done = gen_fast_path_end(slow);
    }
    tcg_gen_call3(&helper_info_fp_to_fixed, &d, env_arg(), n,
                  tcg_constant_i64(esz | rmode << 8 | u << 16 | int_bits << 17 |
                                   (int64_t)fbits << 25));
    if (fast) {
        tcg_gen_set_label(done);
    }
    write_xreg(s, rd, d, sf);
}

/*
 * SCVTF/UCVTF inline (cvtsi2s* from 64 bits) when FPCR.RMode is nearest:
 * every 32-bit value and every signed 64-bit one converts with Arm's
 * rounding and IXC; a u64 with the top bit set takes the helper. Dividing
 * by 2^fbits after rounding is exact (the result stays far above the
 * subnormals), so it commutes with the rounding and raises nothing.
 */
static void gen_fixed_to_fp_fast(const DisasContext *s, TCGv_i64 d, TCGv_i64 v,
                                 int esz, int sf, bool u, int fbits,
                                 TCGLabel slow)
{
    TCGv_i64 x = v;

    gen_fpcr_check(s, FPCR_RMODE_MASK, slow);
    if (!sf && !u) {
        x = tcg_temp_new_i64();
        tcg_gen_ext32s_i64(x, v);
    } else if (sf && u) {
        tcg_gen_brcondi_i64(TCG_COND_LT, v, 0, slow);
    }
    tcg_gen_fp_unary(
        esz == FP_D ? INDEX_op_fcvt_s64_f64 : INDEX_op_fcvt_s64_f32, d, x);
    if (fbits) {
        tcg_gen_fp_binary(esz == FP_D ? INDEX_op_fmul_f64 : INDEX_op_fmul_f32,
                          d, d,
                          tcg_constant_i64((int64_t)fp_pow2_bits(esz, -fbits)));
    }
}

/* v, an integer of sf ? 64 : 32 bits (u: unsigned), over 2^fbits as an
 * esz float: inline where it can be, else helper_fp_from_fixed. */
static TCGv_i64 gen_int_to_fp(DisasContext *s, TCGv_i64 v, int sf, int esz,
                              int64_t u, int fbits)
{
    TCGv_i64 d = tcg_temp_new_i64();
    int int_bits = sf ? 64 : 32;
    bool fast = esz == FP_S || esz == FP_D;
    TCGLabel done = {0};

    if (fast) {
        TCGLabel slow = tcg_new_label();
        gen_fixed_to_fp_fast(s, d, v, esz, sf, u, fbits, slow);
        done = gen_fast_path_end(slow);
    }
    tcg_gen_call3(&helper_info_fp_from_fixed, &d, env_arg(), v,
                  tcg_constant_i64(esz | u << 16 | int_bits << 17 |
                                   (int64_t)fbits << 25));
    if (fast) {
        tcg_gen_set_label(done);
    }
    return d;
}

static void gen_fixed_to_fp(DisasContext *s, int sf, int rd, int rn, int esz,
                            int64_t u, int fbits)
{
    write_fp_reg(rd,
                 gen_int_to_fp(s, read_cpu_reg(s, rn, sf), sf, esz, u, fbits));
}

bool a64_gen_int_to_fp_scalar(DisasContext *s, int rd, int rn, int esz, bool u)
{
    if (esz != FP_S && esz != FP_D)
        return false;
    write_fp_reg(
        rd, gen_int_to_fp(s, read_fp_reg(rn, esz), esz == FP_D, esz, u, 0));
    return true;
}

static bool trans_fcvt_int(DisasContext *s, arg_fcvt_int *a)
{
    int esz = fp_esz_of(a->ftype);

    if (esz < 0) {
        return false;
    }
    gen_fp_to_fixed(s, (int)a->sf, (int)a->rd, (int)a->rn, esz, a->rmode, a->u,
                    0);
    return true;
}

static bool trans_cvtf_int(DisasContext *s, arg_cvtf_int *a)
{
    int esz = fp_esz_of(a->ftype);

    if (esz < 0) {
        return false;
    }
    gen_fixed_to_fp(s, (int)a->sf, (int)a->rd, (int)a->rn, esz, a->u, 0);
    return true;
}

/* Fixed point: fbits = 64 - scale, at most the integer width. */
static bool trans_fcvtz_fix(DisasContext *s, arg_fcvtz_fix *a)
{
    int esz = fp_esz_of(a->ftype);

    if (esz < 0 || (!a->sf && a->scale < 32)) {
        return false;
    }
    gen_fp_to_fixed(s, (int)a->sf, (int)a->rd, (int)a->rn, esz, FPR_Z, a->u,
                    64 - (int)a->scale);
    return true;
}

static bool trans_cvtf_fix(DisasContext *s, arg_cvtf_fix *a)
{
    int esz = fp_esz_of(a->ftype);

    if (esz < 0 || (!a->sf && a->scale < 32)) {
        return false;
    }
    gen_fixed_to_fp(s, (int)a->sf, (int)a->rd, (int)a->rn, esz, a->u,
                    64 - (int)a->scale);
    return true;
}

/* ---- group entry points ---- */

bool a64_decode_fp(DisasContext *s, uint32_t insn)
{
    return fp_decode(s, insn);
}

const char *a64_describe_fp(uint32_t insn, char *buf, size_t len)
{
    return fp_describe(insn, buf, len);
}
