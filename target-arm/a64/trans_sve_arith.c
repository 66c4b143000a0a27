/*
 * Translator of the SVE integer and FP arithmetic beyond the foundation
 * (sve_arith.decode, tried after sve.decode): checks the encoding, then
 * calls helper_sve_arith with a descriptor (helper_sve_arith.h). The code
 * does not depend on the vector length.
 */
#include "target-arm/a64/translate.h"

#include "target-arm/helper_info.h"
#include "target-arm/helper_sve_arith.h"

#include "sve_arith.dec.c"

/* The predicate number meaning "every element" (helper_sve_arith.c). */
#define EVERY_ELEMENT 16

static void gen_arith_v(uint64_t desc, TCGv_i64 a)
{
    TCGv_i64 ret = tcg_temp_new_i64();

    tcg_gen_call3(&helper_info_sve_arith, &ret, tcg_ptr_as_i64(tcg_env),
                  const_arg((int64_t)desc), a);
}

static void gen_arith(uint64_t desc, int64_t a)
{
    gen_arith_v(desc, const_arg(a));
}

/* ---- integer ---- */

static bool trans_SATADD_zzz(DisasContext *s, arg_SATADD_zzz *a)
{
    (void)s;
    gen_arith(
        sve_arith_desc(SVE_ARITH_SATADD, a->esz, a->rd, a->rn, a->rm, 0,
                       (a->sub ? SVE_SAT_SUB : 0) | (a->u ? SVE_SAT_U : 0)),
        0);
    return true;
}

static bool trans_SATADD_zi(DisasContext *s, arg_SATADD_zi *a)
{
    (void)s;
    if (a->esz == 0 && a->sh)
        return false;
    gen_arith(sve_arith_desc(SVE_ARITH_SATADD, a->esz, a->rd, a->rd, 0, 0,
                             SVE_SAT_IMM | (a->sub ? SVE_SAT_SUB : 0) |
                                 (a->u ? SVE_SAT_U : 0)),
              a->imm << (a->sh ? 8 : 0));
    return true;
}

/* The count: DecodePredCount() from helper_sve_op (SVE_OP_ELEMENTS). */
static bool trans_SATCNT_z(DisasContext *s, arg_SATCNT_z *a)
{
    TCGv_i64 n = tcg_temp_new_i64();

    (void)s;
    if (a->esz == 0)
        return false;
    tcg_gen_call4(&helper_info_sve_op, &n, tcg_ptr_as_i64(tcg_env),
                  const_arg((int64_t)sve_desc(SVE_OP_ELEMENTS, a->esz, 0, 0, 0,
                                              0, a->pattern)),
                  const_arg(0), const_arg(0));
    tcg_gen_muli_i64(n, n, a->imm4 + 1);
    gen_arith_v(sve_arith_desc(SVE_ARITH_SATADD, a->esz, a->rd, a->rd, 0, 0,
                               SVE_SAT_IMM | (a->d ? SVE_SAT_SUB : 0) |
                                   (a->u ? SVE_SAT_U : 0)),
                n);
    return true;
}

static bool gen_shift_wide(unsigned esz, unsigned opc, unsigned rd, unsigned rn,
                           unsigned rm, unsigned pg)
{
    if (esz == 3 || opc == 2 || opc > 3)
        return false;
    gen_arith(sve_arith_desc(SVE_ARITH_SHIFT_WIDE, esz, rd, rn, rm, pg, opc),
              0);
    return true;
}

static bool trans_SHIFTW_zpzw(DisasContext *s, arg_SHIFTW_zpzw *a)
{
    (void)s;
    return gen_shift_wide(a->esz, a->opc, a->rd, a->rd, a->rm, a->pg);
}

static bool trans_SHIFTW_zzw(DisasContext *s, arg_SHIFTW_zzw *a)
{
    (void)s;
    return gen_shift_wide(a->esz, a->opc, a->rd, a->rn, a->rm, EVERY_ELEMENT);
}

static bool trans_ADR(DisasContext *s, arg_ADR *a)
{
    (void)s;
    gen_arith(sve_arith_desc(SVE_ARITH_ADR, 0, a->rd, a->rn, a->rm, 0,
                             (uint32_t)(a->opc | a->msz << 2)),
              0);
    return true;
}

/* CMP<cc> Pd.T, Pg/Z, Zn.T, Zm.D: helper_sve_op's compare, each element
 * against the doubleword it lies in; NZCV per PredTest. */
static bool trans_CMP_ppzw(DisasContext *s, arg_CMP_ppzw *a)
{
    static const uint8_t cond[8] = {SVE_CMP_GE, SVE_CMP_GT, SVE_CMP_LT,
                                    SVE_CMP_LE, SVE_CMP_HS, SVE_CMP_HI,
                                    SVE_CMP_LO, SVE_CMP_LS};
    unsigned c = cond[a->u << 2 | a->lt << 1 | a->ne] | SVE_CMP_WIDE;
    TCGv_i64 nzcv = tcg_temp_new_i64();

    (void)s;
    if (a->esz == 3)
        return false;
    tcg_gen_call4(&helper_info_sve_op, &nzcv, tcg_ptr_as_i64(tcg_env),
                  const_arg((int64_t)sve_desc(SVE_OP_CMP, a->esz, a->rd, a->rn,
                                              a->rm, a->pg, c)),
                  const_arg(0), const_arg(0));
    gen_set_nzcv(nzcv);
    return true;
}

static bool trans_DOT_idx(DisasContext *s, arg_DOT_idx *a)
{
    (void)s;
    gen_arith(sve_arith_desc(SVE_ARITH_DOT_IDX, a->esz, a->rd, a->rn, a->rm, 0,
                             (uint32_t)(a->u | a->idx << 1)),
              0);
    return true;
}

/* ---- FEXPA, FTSSEL, FTMAD ---- */

static bool trans_FEXPA(DisasContext *s, arg_FEXPA *a)
{
    (void)s;
    if (a->esz == 0)
        return false;
    gen_arith(sve_arith_desc(SVE_ARITH_FEXPA, a->esz, a->rd, a->rn, 0, 0, 0),
              0);
    return true;
}

static bool trans_FTSSEL(DisasContext *s, arg_FTSSEL *a)
{
    (void)s;
    if (a->esz == 0)
        return false;
    gen_arith(sve_arith_desc(SVE_ARITH_FP_BINARY, a->esz, a->rd, a->rn, a->rm,
                             EVERY_ELEMENT, SVE_FB_TSSEL),
              0);
    return true;
}

static bool trans_FTMAD(DisasContext *s, arg_FTMAD *a)
{
    (void)s;
    if (a->esz == 0)
        return false;
    gen_arith(sve_arith_desc(SVE_ARITH_FTMAD, a->esz, a->rd, a->rd, a->rm, 0,
                             (uint32_t)a->imm),
              0);
    return true;
}

/* ---- floating point ---- */

static bool trans_FP_zzz(DisasContext *s, arg_FP_zzz *a)
{
    static const int8_t op[8] = {-1, -1, -1,           SVE_FB_TSMUL,
                                 -1, -1, SVE_FB_RECPS, SVE_FB_RSQRTS};

    (void)s;
    if (a->esz == 0 || op[a->opc] < 0)
        return false;
    gen_arith(sve_arith_desc(SVE_ARITH_FP_BINARY, a->esz, a->rd, a->rn, a->rm,
                             EVERY_ELEMENT, (uint32_t)op[a->opc]),
              0);
    return true;
}

static bool trans_FP_zpzz(DisasContext *s, arg_FP_zpzz *a)
{
    (void)s;
    if (a->esz == 0 || a->opc < 4 || a->opc > 10)
        return false;
    gen_arith(sve_arith_desc(SVE_ARITH_FP_BINARY, a->esz, a->rd, a->rd, a->rm,
                             a->pg, (uint32_t)a->opc),
              0);
    return true;
}

/* The immediate's bits: 0.5 or 1.0 (add, subtract), 0.5 or 2.0 (FMUL),
 * 0.0 or 1.0 (maximum, minimum). */
static uint64_t fp_imm_bits(unsigned esz, unsigned opc, unsigned i1)
{
    static const uint64_t half[4] = {0, 0x3800, 0x3f000000, 0x3fe0000000000000};
    static const uint64_t one[4] = {0, 0x3c00, 0x3f800000, 0x3ff0000000000000};
    static const uint64_t two[4] = {0, 0x4000, 0x40000000, 0x4000000000000000};

    if (opc >= SVE_FB_MAXNM)
        return i1 ? one[esz] : 0;
    if (opc == SVE_FB_MUL)
        return i1 ? two[esz] : half[esz];
    return i1 ? one[esz] : half[esz];
}

static bool trans_FP_zpzi(DisasContext *s, arg_FP_zpzi *a)
{
    (void)s;
    if (a->esz == 0)
        return false;
    gen_arith(sve_arith_desc(SVE_ARITH_FP_IMM, a->esz, a->rd, a->rd, 0, a->pg,
                             (uint32_t)a->opc),
              (int64_t)fp_imm_bits(a->esz, a->opc, a->i1));
    return true;
}

static bool trans_FRECPE(DisasContext *s, arg_FRECPE *a)
{
    (void)s;
    if (a->esz == 0)
        return false;
    gen_arith(sve_arith_desc(SVE_ARITH_FP_UNARY, a->esz, a->rd, a->rn, 0,
                             EVERY_ELEMENT,
                             a->rsqrt ? SVE_FU_RSQRTE : SVE_FU_RECPE),
              0);
    return true;
}

static bool trans_FUNARY_zpz(DisasContext *s, arg_FUNARY_zpz *a)
{
    (void)s;
    if (a->esz == 0 || a->opc == 5 ||
        (a->opc > 7 && a->opc != SVE_FU_RECPX && a->opc != SVE_FU_SQRT))
        return false;
    gen_arith(sve_arith_desc(SVE_ARITH_FP_UNARY, a->esz, a->rd, a->rn, 0, a->pg,
                             (uint32_t)a->opc),
              0);
    return true;
}

static bool trans_FREDUCE(DisasContext *s, arg_FREDUCE *a)
{
    (void)s;
    if (a->esz == 0 || a->opc < 4)
        return false;
    gen_arith(sve_arith_desc(SVE_ARITH_FP_REDUCE, a->esz, a->rd, a->rn, 0,
                             a->pg, (uint32_t)a->opc),
              0);
    return true;
}

static bool trans_FMLA_idx(DisasContext *s, arg_FMLA_idx *a)
{
    (void)s;
    gen_arith(sve_arith_desc(SVE_ARITH_FMLA_IDX, a->esz, a->rd, a->rn, a->rm, 0,
                             (uint32_t)a->idx3 | (a->sub ? SVE_IDX_SUB : 0)),
              0);
    return true;
}

static bool trans_FMUL_idx(DisasContext *s, arg_FMUL_idx *a)
{
    (void)s;
    gen_arith(sve_arith_desc(SVE_ARITH_FMLA_IDX, a->esz, a->rd, a->rn, a->rm, 0,
                             (uint32_t)a->idx3 | SVE_IDX_MUL),
              0);
    return true;
}

static bool trans_FCMLA_idx(DisasContext *s, arg_FCMLA_idx *a)
{
    (void)s;
    gen_arith(sve_arith_desc(SVE_ARITH_FCMLA_IDX, a->esz, a->rd, a->rn, a->rm,
                             0, (uint32_t)(a->idx | a->rot << 4)),
              0);
    return true;
}

static bool trans_FCADD(DisasContext *s, arg_FCADD *a)
{
    (void)s;
    if (a->esz == 0)
        return false;
    gen_arith(sve_arith_desc(SVE_ARITH_FCADD, a->esz, a->rd, a->rd, a->rm,
                             a->pg, (uint32_t)a->rot),
              0);
    return true;
}

/* ---- entry point: a64_decode_sve() tries this after sve.decode ---- */

bool a64_decode_sve_arith(DisasContext *s, uint32_t insn)
{
    return sve_arith_decode(s, insn);
}

/* -d in_asm: the pattern's name. */
const char *a64_describe_sve_arith(uint32_t insn, char *buf, size_t len)
{
    return sve_arith_describe(insn, buf, len);
}
