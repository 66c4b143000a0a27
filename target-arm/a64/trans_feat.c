/*
 * Translator of the optional A64 features (feat.decode): FlagM, FlagM2,
 * WFxT, RNG, CSSC, JSCVT, FRINTTS, FCMA, SM3, SM4, BF16, DotProd, I8MM. Every
 * trans_ first checks its feature (dc_has_feature): false makes the
 * encoding UNDEF.
 */
#include "target-arm/a64/translate.h"

#include "target-arm/helper_feat.h"
#include "target-arm/helper_info.h"

#include "feat.dec.c"

/* ---- FEAT_FlagM, FEAT_FlagM2 ---- */

/* RMIF: NZCV bits chosen by mask from Xn rotated right by imm6. */
static bool trans_RMIF(DisasContext *s, arg_RMIF *a)
{
    TCGv_i64 nzcv, bits = tcg_temp_new_i64();
    uint64_t mask = (uint64_t)a->mask << 28;

    if (!dc_has_feature(s, ARM_FEAT_FLAGM))
        return false;
    nzcv = gen_get_nzcv();
    tcg_gen_rotri_i64(bits, read_xreg(s, a->rn), a->imm6);
    tcg_gen_shli_i64(bits, bits, 28);
    tcg_gen_andi_i64(bits, bits, (int64_t)mask);
    tcg_gen_andi_i64(nzcv, nzcv, (int64_t)~mask);
    tcg_gen_or_i64(nzcv, nzcv, bits);
    gen_set_nzcv(nzcv);
    return true;
}

/* SETF8 / SETF16: N = bit 7 (15), Z = low 8 (16) bits zero, V = bit 8
 * (16) XOR bit 7 (15) of Wn; C unchanged. */
static bool trans_SETF(DisasContext *s, arg_SETF *a)
{
    unsigned top = a->sz ? 15 : 7;
    TCGv_i64 x = read_xreg(s, a->rn), t = tcg_temp_new_i64();

    if (!dc_has_feature(s, ARM_FEAT_FLAGM))
        return false;
    tcg_gen_shli_i64(cpu_NF, x, 63 - top);
    tcg_gen_extract_i64(cpu_ZF, x, 0, top + 1);
    tcg_gen_shri_i64(t, x, 1);
    tcg_gen_xor_i64(t, t, x);
    tcg_gen_shli_i64(cpu_VF, t, 63 - top);
    return true;
}

/* XAFLAG: from the external format (FCMP's with the "unordered" case as
 * Z=0 C=0) to Arm's: N = !C & !Z, Z = Z & C, C = C | Z, V = !C & Z. */
static bool trans_XAFLAG(DisasContext *s, arg_XAFLAG *a)
{
    TCGv_i64 z = tcg_temp_new_i64(), c = tcg_temp_new_i64();
    TCGv_i64 t = tcg_temp_new_i64();

    (void)a;
    if (!dc_has_feature(s, ARM_FEAT_FLAGM2))
        return false;
    tcg_gen_setcondi_i64(TCG_COND_EQ, z, cpu_ZF, 0);
    tcg_gen_mov_i64(c, cpu_CF);
    tcg_gen_or_i64(t, z, c); /* !N */
    tcg_gen_subi_i64(cpu_NF, t, 1);
    tcg_gen_and_i64(t, z, c); /* new Z */
    tcg_gen_xori_i64(cpu_ZF, t, 1);
    tcg_gen_or_i64(cpu_CF, c, z);
    tcg_gen_andc_i64(t, z, c); /* new V */
    tcg_gen_neg_i64(cpu_VF, t);
    return true;
}

/* AXFLAG: N = 0, Z = Z | V, C = C & !V, V = 0. */
static bool trans_AXFLAG(DisasContext *s, arg_AXFLAG *a)
{
    TCGv_i64 v = tcg_temp_new_i64(), t = tcg_temp_new_i64();

    (void)a;
    if (!dc_has_feature(s, ARM_FEAT_FLAGM2))
        return false;
    tcg_gen_shri_i64(v, cpu_VF, 63);
    tcg_gen_xori_i64(t, v, 1); /* !V */
    tcg_gen_and_i64(cpu_ZF, cpu_ZF, t);
    tcg_gen_and_i64(cpu_CF, cpu_CF, t);
    tcg_gen_movi_i64(cpu_NF, 0);
    tcg_gen_movi_i64(cpu_VF, 0);
    return true;
}

/* ---- FEAT_WFxT ---- */

/*
 * WFET, WFIT: a wait for an event or interrupt with a timeout (Xt, a
 * CNTVCT value). A wait may end at any time, so returning at once is
 * correct (as WFE/WFI in user mode: trans_HINT); Xt is not read.
 */
static bool trans_WFXT(DisasContext *s, arg_WFXT *a)
{
    (void)a;
    return dc_has_feature(s, ARM_FEAT_WFXT);
}

/* ---- FEAT_RNG ---- */

static bool trans_rndr(DisasContext *s, arg_rndr *a)
{
    TCGv_i64 val = tcg_temp_new_i64();

    if (!dc_has_feature(s, ARM_FEAT_RNG))
        return false;
    tcg_gen_call1(&helper_info_feat_rndr, &val, tcg_ptr_as_i64(tcg_env));
    write_xreg(s, a->rt, val, 1);
    return true;
}

/* ---- FEAT_CSSC ---- */

static bool trans_CTZ(DisasContext *s, arg_CTZ *a)
{
    TCGv_i64 r = tcg_temp_new_i64(), x = read_cpu_reg(s, a->rn, a->sf);

    if (!dc_has_feature(s, ARM_FEAT_CSSC))
        return false;
    if (!a->sf)
        tcg_gen_ori_i64(x, x, INT64_C(1) << 32); /* CTZ(0) = 32 */
    tcg_gen_ctz_i64(r, x, tcg_constant_i64(64));
    write_xreg(s, a->rd, r, a->sf);
    return true;
}

static bool trans_CNT(DisasContext *s, arg_CNT *a)
{
    TCGv_i64 r = tcg_temp_new_i64();

    if (!dc_has_feature(s, ARM_FEAT_CSSC))
        return false;
    tcg_gen_call1(&helper_info_feat_popcount, &r,
                  read_cpu_reg(s, a->rn, a->sf));
    write_xreg(s, a->rd, r, a->sf);
    return true;
}

static bool trans_ABS(DisasContext *s, arg_ABS *a)
{
    TCGv_i64 x = read_cpu_reg(s, a->rn, a->sf), neg = tcg_temp_new_i64();

    if (!dc_has_feature(s, ARM_FEAT_CSSC))
        return false;
    if (!a->sf)
        tcg_gen_ext32s_i64(x, x);
    tcg_gen_neg_i64(neg, x);
    tcg_gen_movcond_i64(TCG_COND_LT, x, x, tcg_constant_i64(0), neg, x);
    write_xreg(s, a->rd, x, a->sf);
    return true;
}

/* op: 0 SMAX, 1 UMAX, 2 SMIN, 3 UMIN; n and m extended to 64 bits. */
static void gen_minmax(DisasContext *s, int op, int sf, int rd, TCGv_i64 n,
                       TCGv_i64 m)
{
    static const TCGCond keep_n[4] = {TCG_COND_GT, TCG_COND_GTU, TCG_COND_LT,
                                      TCG_COND_LTU};
    TCGv_i64 r = tcg_temp_new_i64();

    tcg_gen_movcond_i64(keep_n[op], r, n, m, n, m);
    write_xreg(s, rd, r, sf);
}

/* Wn for a 32-bit min/max: sign-extended for SMAX/SMIN. */
static TCGv_i64 minmax_operand(DisasContext *s, int reg, int sf, int op)
{
    TCGv_i64 x = read_cpu_reg(s, reg, sf);

    if (!sf && !(op & 1))
        tcg_gen_ext32s_i64(x, x);
    return x;
}

static bool trans_MINMAX_r(DisasContext *s, arg_MINMAX_r *a)
{
    int op = (int)a->op;

    if (!dc_has_feature(s, ARM_FEAT_CSSC))
        return false;
    gen_minmax(s, op, (int)a->sf, (int)a->rd,
               minmax_operand(s, (int)a->rn, (int)a->sf, op),
               minmax_operand(s, (int)a->rm, (int)a->sf, op));
    return true;
}

/* The immediate: imm8 signed for SMAX/SMIN, unsigned for UMAX/UMIN. */
static bool trans_MINMAX_i(DisasContext *s, arg_MINMAX_i *a)
{
    int op = (int)a->op;
    int64_t imm = op & 1 ? a->imm : (int8_t)a->imm;

    if (!dc_has_feature(s, ARM_FEAT_CSSC))
        return false;
    gen_minmax(s, op, (int)a->sf, (int)a->rd,
               minmax_operand(s, (int)a->rn, (int)a->sf, op),
               tcg_constant_i64(imm));
    return true;
}

/* ---- FEAT_JSCVT ---- */

/* Wd = the helper's low half; NZCV = 0Z00 with Z its bit 32. */
static bool trans_FJCVTZS(DisasContext *s, arg_FJCVTZS *a)
{
    TCGv_i64 r = tcg_temp_new_i64(), d = tcg_temp_new_i64();

    if (!dc_has_feature(s, ARM_FEAT_JSCVT))
        return false;
    tcg_gen_ld_i64(d, tcg_env, vreg_offset((int)a->rn));
    tcg_gen_call2(&helper_info_feat_fjcvtzs, &r, tcg_ptr_as_i64(tcg_env), d);
    tcg_gen_extract_i64(d, r, 32, 1);
    gen_set_nzcv_imm(0);
    tcg_gen_xori_i64(cpu_ZF, d, 1);
    write_xreg(s, a->rd, r, 0);
    return true;
}

/* ---- FEAT_FRINTTS ---- */

static void gen_frint(int rd, int rn, uint64_t desc)
{
    tcg_gen_call4(&helper_info_feat_frint, NULL, tcg_ptr_as_i64(tcg_env),
                  tcg_constant_i64((int64_t)desc), tcg_constant_i64(rd),
                  tcg_constant_i64(rn));
}

static bool trans_FRINTN_s(DisasContext *s, arg_FRINTN_s *a)
{
    uint64_t desc = FEAT_FRINT_SCALAR;

    if (!dc_has_feature(s, ARM_FEAT_FRINTTS))
        return false;
    desc |= (a->sz ? FEAT_FRINT_DOUBLE : 0) | (a->op & 2 ? FEAT_FRINT_64 : 0) |
            (a->op & 1 ? FEAT_FRINT_X : 0);
    gen_frint((int)a->rd, (int)a->rn, desc);
    return true;
}

static bool trans_FRINTN_v(DisasContext *s, arg_FRINTN_v *a)
{
    uint64_t desc = 0;

    if (!dc_has_feature(s, ARM_FEAT_FRINTTS) || (a->sz && !a->q))
        return false;
    desc |= (a->sz ? FEAT_FRINT_DOUBLE : 0) | (a->n64 ? FEAT_FRINT_64 : 0) |
            (a->x ? FEAT_FRINT_X : 0) | (a->q ? FEAT_FRINT_Q : 0);
    gen_frint((int)a->rd, (int)a->rn, desc);
    return true;
}

/* ---- FEAT_FCMA ---- */

static void gen_cmplx(int rd, int rn, int rm, uint64_t desc)
{
    TCGv_i64 args[5] = {
        tcg_ptr_as_i64(tcg_env), tcg_constant_i64((int64_t)desc),
        tcg_constant_i64(rd),    tcg_constant_i64(rn),
        tcg_constant_i64(rm),
    };
    tcg_gen_call(&helper_info_feat_cmplx, NULL, 5, args);
}

/* Sizes H, S, D (D only in 128-bit vectors); 00 is reserved. */
static bool cmplx_size_ok(int64_t size, int64_t q)
{
    return size != 0 && (size != 3 || q);
}

static bool trans_FCMLA_v(DisasContext *s, arg_FCMLA_v *a)
{
    if (!dc_has_feature(s, ARM_FEAT_FCMA) || !cmplx_size_ok(a->size, a->q))
        return false;
    gen_cmplx((int)a->rd, (int)a->rn, (int)a->rm,
              (uint64_t)a->size | (a->q ? FEAT_CMPLX_Q : 0) |
                  (uint64_t)a->rot << FEAT_CMPLX_ROT_SHIFT);
    return true;
}

/* rot 0: 90 degrees, 1: 270. */
static bool trans_FCADD(DisasContext *s, arg_FCADD *a)
{
    if (!dc_has_feature(s, ARM_FEAT_FCMA) || !cmplx_size_ok(a->size, a->q))
        return false;
    gen_cmplx((int)a->rd, (int)a->rn, (int)a->rm,
              (uint64_t)a->size | (a->q ? FEAT_CMPLX_Q : 0) | FEAT_CMPLX_ADD |
                  (uint64_t)(a->rot ? 3 : 1) << FEAT_CMPLX_ROT_SHIFT);
    return true;
}

/* H: the pair H:L (H only with Q); S: the pair H (L = 0, Q = 1 only). */
static bool trans_FCMLA_e(DisasContext *s, arg_FCMLA_e *a)
{
    int64_t idx;

    if (!dc_has_feature(s, ARM_FEAT_FCMA))
        return false;
    if (a->size == 1 && !(a->h && !a->q))
        idx = a->h << 1 | a->l;
    else if (a->size == 2 && !a->l && a->q)
        idx = a->h;
    else
        return false;
    gen_cmplx((int)a->rd, (int)a->rn, (int)a->dot_rm,
              (uint64_t)a->size | (a->q ? FEAT_CMPLX_Q : 0) |
                  (uint64_t)a->rot << FEAT_CMPLX_ROT_SHIFT |
                  FEAT_CMPLX_BY_ELEM | (uint64_t)idx << FEAT_CMPLX_IDX_SHIFT);
    return true;
}

/* ---- FEAT_SM3, FEAT_SM4 ---- */

static void gen_sm(int rd, int rn, int rm, uint64_t desc)
{
    TCGv_i64 args[5] = {
        tcg_ptr_as_i64(tcg_env), tcg_constant_i64((int64_t)desc),
        tcg_constant_i64(rd),    tcg_constant_i64(rn),
        tcg_constant_i64(rm),
    };
    tcg_gen_call(&helper_info_feat_sm, NULL, 5, args);
}

static bool trans_SM3SS1(DisasContext *s, arg_SM3SS1 *a)
{
    if (!dc_has_feature(s, ARM_FEAT_SM3))
        return false;
    gen_sm((int)a->rd, (int)a->rn, (int)a->rm,
           FEAT_SM3SS1 | (uint64_t)a->ra << FEAT_SM_RA_SHIFT);
    return true;
}

static bool trans_SM3TT(DisasContext *s, arg_SM3TT *a)
{
    if (!dc_has_feature(s, ARM_FEAT_SM3))
        return false;
    gen_sm((int)a->rd, (int)a->rn, (int)a->rm,
           (uint64_t)(FEAT_SM3TT1A + a->op) | (uint64_t)a->imm2
                                                  << FEAT_SM_LANE_SHIFT);
    return true;
}

static bool trans_sm_3reg(DisasContext *s, arg_sm_3reg *a)
{
    ArmFeature f = a->op == FEAT_SM4EKEY ? ARM_FEAT_SM4 : ARM_FEAT_SM3;

    if (!dc_has_feature(s, f))
        return false;
    gen_sm((int)a->rd, (int)a->rn, (int)a->rm, (uint64_t)a->op);
    return true;
}

static bool trans_SM4E(DisasContext *s, arg_SM4E *a)
{
    if (!dc_has_feature(s, ARM_FEAT_SM4))
        return false;
    gen_sm((int)a->rd, (int)a->rn, 0, FEAT_SM4E);
    return true;
}

/* ---- FEAT_BF16 ---- */

static bool gen_bf16(DisasContext *s, int rd, int rn, int rm, uint64_t desc)
{
    TCGv_i64 args[5] = {
        tcg_ptr_as_i64(tcg_env), tcg_constant_i64((int64_t)desc),
        tcg_constant_i64(rd),    tcg_constant_i64(rn),
        tcg_constant_i64(rm),
    };

    if (!dc_has_feature(s, ARM_FEAT_BF16))
        return false;
    tcg_gen_call(&helper_info_feat_bf16, NULL, 5, args);
    return true;
}

static bool trans_BFCVT(DisasContext *s, arg_BFCVT *a)
{
    return gen_bf16(s, (int)a->rd, (int)a->rn, 0, FEAT_BFCVT);
}

/* BFCVTN (Q = 0) and BFCVTN2 (Q = 1: the upper half). */
static bool trans_BFCVTN(DisasContext *s, arg_BFCVTN *a)
{
    return gen_bf16(s, (int)a->rd, (int)a->rn, 0,
                    FEAT_BFCVTN | (a->q ? FEAT_BF_TOP : 0));
}

static bool trans_BFDOT_v(DisasContext *s, arg_BFDOT_v *a)
{
    return gen_bf16(s, (int)a->rd, (int)a->rn, (int)a->rm,
                    FEAT_BFDOT | (a->q ? FEAT_BF_Q : 0));
}

static bool trans_BFDOT_e(DisasContext *s, arg_BFDOT_e *a)
{
    return gen_bf16(s, (int)a->rd, (int)a->rn, (int)a->dot_rm,
                    FEAT_BFDOT | (a->q ? FEAT_BF_Q : 0) | FEAT_BF_BY_ELEM |
                        (uint64_t)a->dot_idx << FEAT_BF_IDX_SHIFT);
}

static bool trans_BFMMLA(DisasContext *s, arg_BFMMLA *a)
{
    return gen_bf16(s, (int)a->rd, (int)a->rn, (int)a->rm, FEAT_BFMMLA);
}

/* Q selects BFMLALT (the odd elements). */
static bool trans_BFMLAL_v(DisasContext *s, arg_BFMLAL_v *a)
{
    return gen_bf16(s, (int)a->rd, (int)a->rn, (int)a->rm,
                    FEAT_BFMLAL | (a->q ? FEAT_BF_TOP : 0));
}

static bool trans_BFMLAL_e(DisasContext *s, arg_BFMLAL_e *a)
{
    return gen_bf16(s, (int)a->rd, (int)a->rn, (int)a->rm,
                    FEAT_BFMLAL | (a->q ? FEAT_BF_TOP : 0) | FEAT_BF_BY_ELEM |
                        (uint64_t)a->bf_idx << FEAT_BF_IDX_SHIFT);
}

/* ---- FEAT_DotProd, FEAT_I8MM ---- */

static void gen_dot(int rd, int rn, int rm, uint64_t desc)
{
    TCGv_i64 args[5] = {
        tcg_ptr_as_i64(tcg_env), tcg_constant_i64((int64_t)desc),
        tcg_constant_i64(rd),    tcg_constant_i64(rn),
        tcg_constant_i64(rm),
    };
    tcg_gen_call(&helper_info_feat_dot, NULL, 5, args);
}

static bool trans_DOT_v(DisasContext *s, arg_DOT_v *a)
{
    uint64_t un = a->u ? FEAT_DOT_N_UNSIGNED | FEAT_DOT_M_UNSIGNED : 0;

    if (!dc_has_feature(s, ARM_FEAT_DOTPROD))
        return false;
    gen_dot((int)a->rd, (int)a->rn, (int)a->rm, un | (a->q ? FEAT_DOT_Q : 0));
    return true;
}

static bool trans_DOT_e(DisasContext *s, arg_DOT_e *a)
{
    uint64_t desc = a->u ? FEAT_DOT_N_UNSIGNED | FEAT_DOT_M_UNSIGNED : 0;

    if (!dc_has_feature(s, ARM_FEAT_DOTPROD))
        return false;
    desc |= FEAT_DOT_BY_ELEM | (a->q ? FEAT_DOT_Q : 0) |
            (uint64_t)a->dot_idx << FEAT_DOT_IDX_SHIFT;
    gen_dot((int)a->rd, (int)a->rn, (int)a->dot_rm, desc);
    return true;
}

static bool trans_USDOT_v(DisasContext *s, arg_USDOT_v *a)
{
    if (!dc_has_feature(s, ARM_FEAT_I8MM))
        return false;
    gen_dot((int)a->rd, (int)a->rn, (int)a->rm,
            FEAT_DOT_N_UNSIGNED | (a->q ? FEAT_DOT_Q : 0));
    return true;
}

static bool trans_XDOT_e(DisasContext *s, arg_XDOT_e *a)
{
    uint64_t desc = a->us ? FEAT_DOT_N_UNSIGNED : FEAT_DOT_M_UNSIGNED;

    if (!dc_has_feature(s, ARM_FEAT_I8MM))
        return false;
    desc |= FEAT_DOT_BY_ELEM | (a->q ? FEAT_DOT_Q : 0) |
            (uint64_t)a->dot_idx << FEAT_DOT_IDX_SHIFT;
    gen_dot((int)a->rd, (int)a->rn, (int)a->dot_rm, desc);
    return true;
}

static bool trans_mmla(DisasContext *s, arg_mmla *a)
{
    if (!dc_has_feature(s, ARM_FEAT_I8MM))
        return false;
    gen_dot((int)a->rd, (int)a->rn, (int)a->rm,
            FEAT_DOT_MMLA | (a->un ? FEAT_DOT_N_UNSIGNED : 0) |
                (a->um ? FEAT_DOT_M_UNSIGNED : 0));
    return true;
}

/* ---- group entry points (translate.h) ---- */

bool a64_decode_feat(DisasContext *s, uint32_t insn)
{
    return feat_decode(s, insn);
}

const char *a64_describe_feat(uint32_t insn, char *buf, size_t len)
{
    return feat_describe(insn, buf, len);
}
