/*
 * Translator of FEAT_SVE2 (sve2.decode), tried after sve.decode: checks
 * the encoding and the feature, then calls helper_sve2_op with a
 * descriptor (helper_sve2.h). The code does not depend on the VL.
 */
#include "target-arm/a64/translate.h"

#include "target-arm/helper_info.h"
#include "target-arm/helper_sve2.h"

#include "sve2.dec.c"

/* The predicate number meaning "every element" (as in helper_sve.c). */
#define ALL_ACTIVE 16

static TCGv_i64 gen_sve2(uint64_t desc, TCGv_i64 a, TCGv_i64 b)
{
    TCGv_i64 ret = tcg_temp_new_i64();

    tcg_gen_call4(&helper_info_sve2_op, &ret, tcg_ptr_as_i64(tcg_env),
                  const_arg((int64_t)desc), a, b);
    return ret;
}

static void gen_sve2_0(uint64_t desc)
{
    gen_sve2(desc, const_arg(0), const_arg(0));
}

static bool has_sve2(DisasContext *s)
{
    return dc_has_feature(s, ARM_FEAT_SVE2);
}

/* The element size of a tsz field (its top set bit), -1 for 0. */
static int tsz_esz(unsigned tsz)
{
    return tsz ? 31 - __builtin_clz(tsz) : -1;
}

/* The same-size element ops of SVE2_OP_ELEMENTWISE. */
static bool gen_elementwise(DisasContext *s, unsigned esz, unsigned rd,
                            unsigned rn, unsigned rm, unsigned pg, uint32_t aux)
{
    if (!has_sve2(s))
        return false;
    gen_sve2_0(sve2_desc(SVE2_OP_ELEMENTWISE, esz, rd, rn, rm, pg, aux));
    return true;
}

/* ---- integer predicated ---- */

static bool trans_HALVE(DisasContext *s, arg_HALVE *a)
{
    return gen_elementwise(s, a->esz, a->rd, a->rd, a->rm, a->pg,
                           SVE2_EW_HALVE | a->op);
}

static bool trans_PAIRWISE(DisasContext *s, arg_PAIRWISE *a)
{
    if (!has_sve2(s) || a->op == 0 || a->op == 2 || a->op == 3)
        return false;
    gen_sve2_0(
        sve2_desc(SVE2_OP_PAIRWISE, a->esz, a->rd, a->rd, a->rm, a->pg, a->op));
    return true;
}

/* ---- widening ---- */

static bool gen_long(DisasContext *s, unsigned esz, unsigned rd, unsigned rn,
                     unsigned rm, uint32_t aux)
{
    if (!has_sve2(s) || esz == 0)
        return false;
    gen_sve2_0(sve2_desc(SVE2_OP_LONG, esz, rd, rn, rm, 0, aux));
    return true;
}

static bool trans_ADDSUB_long(DisasContext *s, arg_ADDSUB_long *a)
{
    /* op:s:u: 0xx ADDL (s 0) or SUBL (s 1); 11x ABDL; 10x unallocated. */
    static const int8_t form[4] = {SVE2_LONG_ADD, SVE2_LONG_SUB, -1,
                                   SVE2_LONG_ABD};
    int f = form[a->op >> 1];

    if (f < 0)
        return false;
    return gen_long(s, a->esz, a->rd, a->rn, a->rm,
                    (uint32_t)f | (a->op & 1 ? SVE2_LONG_UNSIGNED : 0) | a->t);
}

static bool trans_ADDSUB_wide(DisasContext *s, arg_ADDSUB_wide *a)
{
    return gen_long(s, a->esz, a->rd, a->rn, a->rm,
                    (a->op & 2 ? SVE2_LONG_SUBW : SVE2_LONG_ADDW) |
                        (a->op & 1 ? SVE2_LONG_UNSIGNED : 0) | a->t);
}

/* The crypto forms: AdvSIMD's operation on each 128-bit segment. */
static bool gen_crypto(DisasContext *s, ArmFeature feature, unsigned rd,
                       unsigned rn, unsigned rm, unsigned op)
{
    if (!dc_has_feature(s, feature))
        return false;
    gen_sve2_0(sve2_desc(SVE2_OP_CRYPTO, 0, rd, rn, rm, 0, op));
    return true;
}

static bool trans_MUL_long(DisasContext *s, arg_MUL_long *a)
{
    static const uint8_t form[4] = {SVE2_LONG_SQDMUL, SVE2_LONG_PMUL,
                                    SVE2_LONG_MUL,
                                    SVE2_LONG_MUL | SVE2_LONG_UNSIGNED};

    /* PMULLB/T: .H from .B and .D from .S; .Q with FEAT_SVE_PMULL128. */
    if (a->op == 1 && a->esz == 0)
        return gen_crypto(s, ARM_FEAT_SVE2AES, a->rd, a->rn, a->rm,
                          SVE2_CRYPTO_PMULLB + a->t);
    if (a->op == 1 && a->esz != 1 && a->esz != 3)
        return false;
    return gen_long(s, a->esz, a->rd, a->rn, a->rm, form[a->op] | a->t);
}

static bool trans_SHLL(DisasContext *s, arg_SHLL *a)
{
    unsigned tsz = (unsigned)(a->tszh << 2 | a->tszl);
    int nesz = tsz_esz(tsz);

    if (!has_sve2(s) || nesz < 0)
        return false;
    gen_sve2_0(
        sve2_desc(SVE2_OP_SHLL, (unsigned)nesz + 1, a->rd, a->rn, 0, 0,
                  (uint32_t)(a->u << 1 | a->t) |
                      ((tsz << 3 | a->imm3) - (8u << nesz)) << SVE2_SHIFT));
    return true;
}

/* ---- narrowing ---- */

static bool trans_SHRN(DisasContext *s, arg_SHRN *a)
{
    unsigned tsz = (unsigned)(a->tszh << 2 | a->tszl);
    int esz = tsz_esz(tsz);

    if (!has_sve2(s) || esz < 0)
        return false;
    gen_sve2_0(
        sve2_desc(SVE2_OP_SHRN, (unsigned)esz, a->rd, a->rn, 0, 0,
                  (uint32_t)(a->op << 1 | a->t) |
                      ((16u << esz) - (tsz << 3 | a->imm3)) << SVE2_SHIFT));
    return true;
}

/* SQXTNB ... SQXTUNT: tsz must be 001, 010 or 100 (unlike the shifts'
 * tsz, whose low bits are part of the amount). */
static bool trans_XTN(DisasContext *s, arg_XTN *a)
{
    unsigned tsz = (unsigned)(a->tszh << 2 | a->tszl);
    int esz = tsz_esz(tsz);

    if (!has_sve2(s) || esz < 0 || (tsz & (tsz - 1)) || a->opc == 3)
        return false;
    gen_sve2_0(sve2_desc(SVE2_OP_XTN, (unsigned)esz, a->rd, a->rn, 0, 0,
                         (uint32_t)(a->opc << 1 | a->t)));
    return true;
}

static bool trans_ADDHN(DisasContext *s, arg_ADDHN *a)
{
    if (!has_sve2(s) || a->esz == 0)
        return false;
    gen_sve2_0(sve2_desc(SVE2_OP_ADDHN, a->esz - 1, a->rd, a->rn, a->rm, 0,
                         (uint32_t)(a->op << 1 | a->t)));
    return true;
}

/* ---- bitwise ---- */

static bool trans_TERNARY(DisasContext *s, arg_TERNARY *a)
{
    unsigned op = (unsigned)(a->opc << 1 | a->o2);

    if (!has_sve2(s) || op == 4 || op == 6)
        return false;
    gen_sve2_0(sve2_desc(SVE2_OP_TERNARY, 3, a->rd, a->rm, a->rk, 0, op));
    return true;
}

static bool trans_XAR(DisasContext *s, arg_XAR *a)
{
    unsigned tsz = (unsigned)(a->tszh << 2 | a->tszl);
    int esz = tsz_esz(tsz);

    if (!has_sve2(s) || esz < 0)
        return false;
    gen_sve2_0(sve2_desc(SVE2_OP_XAR, (unsigned)esz, a->rd, a->rd, a->rm, 0,
                         (16u << esz) - (tsz << 3 | a->imm3)));
    return true;
}

static bool trans_SRA(DisasContext *s, arg_SRA *a)
{
    unsigned tsz = (unsigned)(a->tszh << 2 | a->tszl);
    int esz = tsz_esz(tsz);

    if (!has_sve2(s) || esz < 0)
        return false;
    gen_sve2_0(
        sve2_desc(SVE2_OP_SRA, (unsigned)esz, a->rd, a->rn, 0, 0,
                  (uint32_t)(a->r << 1 | a->u) |
                      ((16u << esz) - (tsz << 3 | a->imm3)) << SVE2_SHIFT));
    return true;
}

/* ---- multiplies ---- */

static bool trans_MUL_zzz(DisasContext *s, arg_MUL_zzz *a)
{
    if (!has_sve2(s) || (a->opc == SVE2_MUL_PMUL && a->esz != 0))
        return false;
    gen_sve2_0(sve2_desc(SVE2_OP_MUL, a->esz, a->rd, a->rn, a->rm, ALL_ACTIVE,
                         a->opc));
    return true;
}

static bool trans_SQDMULH_zzz(DisasContext *s, arg_SQDMULH_zzz *a)
{
    if (!has_sve2(s))
        return false;
    gen_sve2_0(sve2_desc(SVE2_OP_MUL, a->esz, a->rd, a->rn, a->rm, ALL_ACTIVE,
                         SVE2_MUL_SQDMULH + a->r));
    return true;
}

static bool trans_SQRDMLAH_zzz(DisasContext *s, arg_SQRDMLAH_zzz *a)
{
    if (!has_sve2(s))
        return false;
    gen_sve2_0(sve2_desc(SVE2_OP_MULADD, a->esz, a->rd, a->rn, a->rm,
                         ALL_ACTIVE, SVE2_MLA_SQRDMLAH + a->s));
    return true;
}

/* The indexed forms' op field (bits 15:10): MLA, MLS, SQRDMLAH, SQRDMLSH,
 * SQDMULH, SQRDMULH, MUL. */
static bool gen_indexed(DisasContext *s, unsigned esz, unsigned op, unsigned rd,
                        unsigned rn, unsigned rm, unsigned idx)
{
    uint32_t aux = SVE2_INDEXED | idx << SVE2_INDEX;
    Sve2Op kind = SVE2_OP_MULADD;

    if (!has_sve2(s))
        return false;
    switch (op) {
    case 0x02: aux |= SVE2_MLA_MLA; break;
    case 0x03: aux |= SVE2_MLA_MLS; break;
    case 0x04: aux |= SVE2_MLA_SQRDMLAH; break;
    case 0x05: aux |= SVE2_MLA_SQRDMLSH; break;
    case 0x3c: aux |= SVE2_MUL_SQDMULH, kind = SVE2_OP_MUL; break;
    case 0x3d: aux |= SVE2_MUL_SQRDMULH, kind = SVE2_OP_MUL; break;
    case 0x3e: aux |= SVE2_MUL_MUL, kind = SVE2_OP_MUL; break;
    default: return false;
    }
    gen_sve2_0(sve2_desc(kind, esz, rd, rn, rm, ALL_ACTIVE, aux));
    return true;
}

static bool trans_IDX_h(DisasContext *s, arg_IDX_h *a)
{
    return gen_indexed(s, 1, a->op, a->rd, a->rn, a->rm,
                       (unsigned)(a->ih << 2 | a->il));
}

/* CMLA, SQRDCMLAH, CDOT (indexed): op 0110 rot, 0111 rot, 0100 rot;
 * size 10 is .H (CMLA) or .S from .B (CDOT), 11 .S or .D from .H. */
static bool gen_complex_indexed(DisasContext *s, unsigned size, unsigned op,
                                unsigned rd, unsigned rn, unsigned rm,
                                unsigned idx)
{
    bool dot = (op & 0x3c) == 0x10;
    unsigned kind = dot      ? SVE2_CPLX_CDOT
                    : op & 4 ? SVE2_CPLX_SQRDCMLAH
                             : SVE2_CPLX_CMLA;
    unsigned esz = dot ? size : size - 1;

    if (!has_sve2(s))
        return false;
    gen_sve2_0(
        sve2_desc(SVE2_OP_COMPLEX, esz, rd, rn, rm, 0,
                  kind | (op & 3) << 2 | SVE2_INDEXED | idx << SVE2_INDEX));
    return true;
}

/* The long indexed forms (.S from .H, .D from .S): op is 10 S U il T
 * (S/UMLAL, S/UMLSL), 001 S il T (SQDMLAL, SQDMLSL), 110 U il T (S/UMULL),
 * 1110 il T (SQDMULL); the index is the format's bits then il. */
static bool gen_indexed_long(DisasContext *s, unsigned esz, unsigned op,
                             unsigned rd, unsigned rn, unsigned rm,
                             unsigned idx)
{
    uint32_t aux = (op & 1) | (idx << 1 | (op >> 1 & 1)) << SVE2_INDEX;

    if ((op & 0x38) == 0x18 || (op & 0x3c) == 0x10)
        return gen_complex_indexed(s, esz, op, rd, rn, rm, idx);
    if ((op & 0x30) == 0x20)
        aux |= SVE2_LONG_MLA | (op & 8 ? SVE2_LONG_SUBTRACT : 0) |
               (op & 4 ? SVE2_LONG_UNSIGNED : 0);
    else if ((op & 0x38) == 0x08)
        aux |= SVE2_LONG_SQDMLA | (op & 4 ? SVE2_LONG_SUBTRACT : 0);
    else if ((op & 0x38) == 0x30)
        aux |= SVE2_LONG_MUL | (op & 4 ? SVE2_LONG_UNSIGNED : 0);
    else if ((op & 0x3c) == 0x38)
        aux |= SVE2_LONG_SQDMUL;
    else
        return gen_indexed(s, esz, op, rd, rn, rm, idx);
    if (!has_sve2(s))
        return false;
    gen_sve2_0(sve2_desc(SVE2_OP_LONG, esz, rd, rn, rm, 0, aux | SVE2_INDEXED));
    return true;
}

static bool trans_IDX_s(DisasContext *s, arg_IDX_s *a)
{
    return gen_indexed_long(s, 2, a->op, a->rd, a->rn, a->rm, a->idx);
}

static bool trans_IDX_d(DisasContext *s, arg_IDX_d *a)
{
    return gen_indexed_long(s, 3, a->op, a->rd, a->rn, a->rm, a->idx);
}

/* ---- predicates ---- */

static bool trans_WHILE_down(DisasContext *s, arg_WHILE_down *a)
{
    uint32_t aux = (a->u ? SVE_WHILE_UNSIGNED : 0) |
                   (a->eq ? 0 : SVE_WHILE_EQ) | (a->sf ? SVE_WHILE_64 : 0);

    if (!has_sve2(s))
        return false;
    gen_set_nzcv(
        gen_sve2(sve2_desc(SVE2_OP_WHILE_DOWN, a->esz, a->rd, 0, 0, 0, aux),
                 read_xreg(s, a->rn), read_xreg(s, a->rm)));
    return true;
}

static bool trans_WHILE_ptr(DisasContext *s, arg_WHILE_ptr *a)
{
    if (!has_sve2(s))
        return false;
    gen_set_nzcv(
        gen_sve2(sve2_desc(SVE2_OP_WHILE_PTR, a->esz, a->rd, 0, 0, 0, a->rw),
                 read_xreg(s, a->rn), read_xreg(s, a->rm)));
    return true;
}

static bool trans_MATCH(DisasContext *s, arg_MATCH *a)
{
    if (!has_sve2(s) || a->esz > 1)
        return false;
    gen_set_nzcv(gen_sve2(
        sve2_desc(SVE2_OP_MATCH, a->esz, a->rd, a->rn, a->rm, a->pg, a->n),
        const_arg(0), const_arg(0)));
    return true;
}

/* ---- permutes and tables ---- */

static bool trans_EXT_con(DisasContext *s, arg_EXT_con *a)
{
    if (!has_sve2(s))
        return false;
    gen_sve2_0(sve2_desc(SVE2_OP_EXT, 0, a->rd, a->rn, 0, 0,
                         (uint32_t)(a->imm8h << 3 | a->imm8l)));
    return true;
}

static bool trans_TBL2(DisasContext *s, arg_TBL2 *a)
{
    if (!has_sve2(s))
        return false;
    gen_sve2_0(sve2_desc(SVE2_OP_TBL, a->esz, a->rd, a->rn, a->rm, 0, 0));
    return true;
}

static bool trans_TBX(DisasContext *s, arg_TBX *a)
{
    if (!has_sve2(s))
        return false;
    gen_sve2_0(sve2_desc(SVE2_OP_TBL, a->esz, a->rd, a->rn, a->rm, 0, 1));
    return true;
}

static bool trans_HISTCNT(DisasContext *s, arg_HISTCNT *a)
{
    if (!has_sve2(s) || a->esz < 2)
        return false;
    gen_sve2_0(
        sve2_desc(SVE2_OP_HISTCNT, a->esz, a->rd, a->rn, a->rm, a->pg, 0));
    return true;
}

static bool trans_HISTSEG(DisasContext *s, arg_HISTSEG *a)
{
    if (!has_sve2(s))
        return false;
    gen_sve2_0(sve2_desc(SVE2_OP_HISTSEG, 0, a->rd, a->rn, a->rm, 0, 0));
    return true;
}

static bool trans_BITPERM(DisasContext *s, arg_BITPERM *a)
{
    if (!dc_has_feature(s, ARM_FEAT_SVE2BITPERM) || a->opc == 3)
        return false;
    return gen_elementwise(s, a->esz, a->rd, a->rn, a->rm, ALL_ACTIVE,
                           SVE2_EW_BITPERM | a->opc);
}

/* ---- multiply-add long, absolute difference and accumulate ---- */

static bool trans_MLAL(DisasContext *s, arg_MLAL *a)
{
    return gen_long(s, a->esz, a->rd, a->rn, a->rm,
                    SVE2_LONG_MLA | (a->s ? SVE2_LONG_SUBTRACT : 0) |
                        (a->u ? SVE2_LONG_UNSIGNED : 0) | a->t);
}

static bool trans_SQDMLAL(DisasContext *s, arg_SQDMLAL *a)
{
    return gen_long(s, a->esz, a->rd, a->rn, a->rm,
                    SVE2_LONG_SQDMLA | (a->s ? SVE2_LONG_SUBTRACT : 0) | a->t);
}

static bool trans_ABAL(DisasContext *s, arg_ABAL *a)
{
    return gen_long(s, a->esz, a->rd, a->rn, a->rm,
                    SVE2_LONG_ABA | (a->u ? SVE2_LONG_UNSIGNED : 0) | a->t);
}

static bool trans_ADDSUB_lbt(DisasContext *s, arg_ADDSUB_lbt *a)
{
    if (a->s == 0 && a->tb == 1)
        return false;
    return gen_long(s, a->esz, a->rd, a->rn, a->rm,
                    (a->s ? SVE2_LONG_SUBBT : SVE2_LONG_ADDBT) | a->tb);
}

static bool trans_ABA(DisasContext *s, arg_ABA *a)
{
    return gen_elementwise(s, a->esz, a->rd, a->rn, a->rm, ALL_ACTIVE,
                           SVE2_EW_ABA | a->u);
}

static bool trans_ADALP(DisasContext *s, arg_ADALP *a)
{
    if (a->esz == 0)
        return false;
    return gen_elementwise(s, a->esz, a->rd, a->rn, 0, a->pg,
                           SVE2_EW_ADALP | a->u);
}

static bool trans_ADCL(DisasContext *s, arg_ADCL *a)
{
    return gen_elementwise(s, 2 + a->sz, a->rd, a->rn, a->rm, ALL_ACTIVE,
                           SVE2_EW_ADCL | a->sbc << 1 | a->t);
}

static bool trans_SRI_SLI(DisasContext *s, arg_SRI_SLI *a)
{
    unsigned tsz = (unsigned)(a->tszh << 2 | a->tszl);
    int esz = tsz_esz(tsz);
    unsigned raw = tsz << 3 | a->imm3;

    if (esz < 0)
        return false;
    return gen_elementwise(s, (unsigned)esz, a->rd, a->rn, 0, ALL_ACTIVE,
                           (a->sli ? SVE2_EW_SLI : SVE2_EW_SRI) |
                               (a->sli ? raw - (8u << esz) : (16u << esz) - raw)
                                   << SVE2_EW_AMOUNT);
}

static bool trans_SATADD(DisasContext *s, arg_SATADD *a)
{
    return gen_elementwise(s, a->esz, a->rd, a->rd, a->rm, a->pg,
                           SVE2_EW_SATADD | a->op);
}

static bool trans_SHL_zpzz(DisasContext *s, arg_SHL_zpzz *a)
{
    /* q:n:r:u; q 0 r 0 is unallocated. */
    if ((a->op & 0xa) == 0)
        return false;
    return gen_elementwise(s, a->esz, a->rd, a->rd, a->rm, a->pg,
                           SVE2_EW_SHL | a->op);
}

static bool trans_SHIFT2_zpzi(DisasContext *s, arg_SHIFT2_zpzi *a)
{
    unsigned tsz = (unsigned)(a->tszh << 2 | a->tszl);
    int esz = tsz_esz(tsz);
    unsigned raw = tsz << 3 | a->imm3, aux;

    if (esz < 0)
        return false;
    switch (a->opc) {
    case 0xc:
    case 0xd: /* SRSHR, URSHR: q 0, r 1, a right shift */
        aux = SVE2_EW_SHL | 2 | (a->opc & 1) | SVE2_EW_SHIFT_IMM |
              ((16u << esz) - raw) << SVE2_EW_AMOUNT;
        break;
    case 0x6:
    case 0x7:
    case 0xf: /* SQSHL, UQSHL, SQSHLU: a left shift */
        aux = SVE2_EW_SHL | 8 | (a->opc == 7) | SVE2_EW_SHIFT_IMM |
              (a->opc == 0xf ? SVE2_EW_SHIFT_SU : 0) |
              (raw - (8u << esz)) << SVE2_EW_AMOUNT | SVE2_EW_SHIFT_LEFT;
        break;
    default: return false;
    }
    return gen_elementwise(s, (unsigned)esz, a->rd, a->rd, 0, a->pg, aux);
}

static bool trans_SQABS(DisasContext *s, arg_SQABS *a)
{
    return gen_elementwise(s, a->esz, a->rd, a->rn, 0, a->pg,
                           SVE2_EW_SQABS | a->n);
}

static bool trans_CADD(DisasContext *s, arg_CADD *a)
{
    return gen_elementwise(s, a->esz, a->rd, a->rd, a->rm, ALL_ACTIVE,
                           SVE2_EW_CADD | a->sq << 1 | a->rot);
}

static bool trans_EORBT(DisasContext *s, arg_EORBT *a)
{
    return gen_elementwise(s, a->esz, a->rd, a->rn, a->rm, ALL_ACTIVE,
                           SVE2_EW_EORBT | a->tb);
}

/* ---- crypto ---- */

static bool trans_AESE(DisasContext *s, arg_AESE *a)
{
    return gen_crypto(s, ARM_FEAT_SVE2AES, a->rd, a->rd, a->rm,
                      SVE2_CRYPTO_AESE + a->op);
}

static bool trans_AESMC(DisasContext *s, arg_AESMC *a)
{
    return gen_crypto(s, ARM_FEAT_SVE2AES, a->rd, a->rd, a->rd,
                      SVE2_CRYPTO_AESMC + a->op);
}

static bool trans_SM4E(DisasContext *s, arg_SM4E *a)
{
    return gen_crypto(s, ARM_FEAT_SVE2SM4, a->rd, a->rd, a->rm,
                      SVE2_CRYPTO_SM4E);
}

static bool trans_SM4EKEY(DisasContext *s, arg_SM4EKEY *a)
{
    return gen_crypto(s, ARM_FEAT_SVE2SM4, a->rd, a->rn, a->rm,
                      SVE2_CRYPTO_SM4EKEY);
}

static bool trans_RAX1(DisasContext *s, arg_RAX1 *a)
{
    return gen_crypto(s, ARM_FEAT_SVE2SHA3, a->rd, a->rn, a->rm,
                      SVE2_CRYPTO_RAX1);
}

/* ---- floating point and estimates ---- */

static bool trans_FP_PAIRWISE(DisasContext *s, arg_FP_PAIRWISE *a)
{
    if (!has_sve2(s) || a->esz == 0 || (a->opc > 0 && a->opc < 4))
        return false;
    gen_sve2_0(sve2_desc(SVE2_OP_FP_PAIRWISE, a->esz, a->rd, a->rd, a->rm,
                         a->pg, a->opc));
    return true;
}

static bool gen_fp_unary(DisasContext *s, unsigned esz, unsigned rd,
                         unsigned rn, unsigned pg, unsigned op)
{
    if (!has_sve2(s))
        return false;
    gen_sve2_0(sve2_desc(SVE2_OP_FP_UNARY, esz, rd, rn, 0, pg, op));
    return true;
}

static bool trans_FCVT_nt(DisasContext *s, arg_FCVT_nt *a)
{
    unsigned k = (unsigned)(a->sz << 2 | a->op);

    switch (k) {
    case 0x8: return gen_fp_unary(s, 2, a->rd, a->rn, a->pg, SVE2_FPU_FCVTNT);
    case 0x9: return gen_fp_unary(s, 2, a->rd, a->rn, a->pg, SVE2_FPU_FCVTLT);
    case 0xe: return gen_fp_unary(s, 3, a->rd, a->rn, a->pg, SVE2_FPU_FCVTNT);
    case 0xf: return gen_fp_unary(s, 3, a->rd, a->rn, a->pg, SVE2_FPU_FCVTLT);
    case 0x2: return gen_fp_unary(s, 3, a->rd, a->rn, a->pg, SVE2_FPU_FCVTXNT);
    default: return false;
    }
}

static bool trans_FCVTX(DisasContext *s, arg_FCVTX *a)
{
    return gen_fp_unary(s, 3, a->rd, a->rn, a->pg, SVE2_FPU_FCVTX);
}

static bool trans_FLOGB(DisasContext *s, arg_FLOGB *a)
{
    if (a->sz == 0)
        return false;
    return gen_fp_unary(s, a->sz, a->rd, a->rn, a->pg, SVE2_FPU_FLOGB);
}

static bool trans_URECPE(DisasContext *s, arg_URECPE *a)
{
    return gen_fp_unary(s, 2, a->rd, a->rn, a->pg,
                        a->n ? SVE2_FPU_URSQRTE : SVE2_FPU_URECPE);
}

/* ---- complex integer, FMLAL ---- */

static bool trans_CMLA(DisasContext *s, arg_CMLA *a)
{
    if (!has_sve2(s))
        return false;
    gen_sve2_0(sve2_desc(SVE2_OP_COMPLEX, a->esz, a->rd, a->rn, a->rm, 0,
                         (a->sq ? SVE2_CPLX_SQRDCMLAH : SVE2_CPLX_CMLA) |
                             a->rot << 2));
    return true;
}

static bool trans_CDOT(DisasContext *s, arg_CDOT *a)
{
    if (!has_sve2(s))
        return false;
    gen_sve2_0(sve2_desc(SVE2_OP_COMPLEX, 2 + a->sz, a->rd, a->rn, a->rm, 0,
                         SVE2_CPLX_CDOT | a->rot << 2));
    return true;
}

static bool trans_SQDMLALBT(DisasContext *s, arg_SQDMLALBT *a)
{
    return gen_long(s, a->esz, a->rd, a->rn, a->rm,
                    SVE2_LONG_SQDMLA | SVE2_LONG_BT |
                        (a->s ? SVE2_LONG_SUBTRACT : 0));
}

static bool gen_fmlal(DisasContext *s, unsigned rd, unsigned rn, unsigned rm,
                      uint32_t aux)
{
    if (!has_sve2(s))
        return false;
    gen_sve2_0(sve2_desc(SVE2_OP_FMLAL, 2, rd, rn, rm, 0, aux));
    return true;
}

static bool trans_FMLAL(DisasContext *s, arg_FMLAL *a)
{
    return gen_fmlal(s, a->rd, a->rn, a->rm, (uint32_t)(a->s << 1 | a->t));
}

static bool trans_FMLAL_idx(DisasContext *s, arg_FMLAL_idx *a)
{
    return gen_fmlal(s, a->rd, a->rn, a->rm,
                     (uint32_t)(a->s << 1 | a->t) | SVE2_INDEXED |
                         (uint32_t)(a->ih << 1 | a->il) << SVE2_INDEX);
}

/* ---- non-temporal gathers and scatters ---- */

static bool gen_nt(DisasContext *s, Sve2Op op, unsigned esz, uint32_t aux,
                   unsigned rd, unsigned rn, unsigned rm, unsigned pg)
{
    if (!has_sve2(s))
        return false;
    tcg_gen_call3(&helper_info_sve2_mem, NULL, tcg_ptr_as_i64(tcg_env),
                  const_arg((int64_t)sve2_desc(op, esz, rd, rn, 0, pg, aux)),
                  read_xreg(s, (int)rm));
    return true;
}

static bool trans_LDNT1_s(DisasContext *s, arg_LDNT1_s *a)
{
    if (a->msz == 3 || (a->msz == 2 && !a->u))
        return false;
    return gen_nt(s, SVE2_OP_LDNT1, 2,
                  (uint32_t)a->msz | (a->u ? 0 : SVE2_MEM_SIGNED), a->rd, a->rn,
                  a->rm, a->pg);
}

static bool trans_LDNT1_d(DisasContext *s, arg_LDNT1_d *a)
{
    if (a->msz == 3 && !a->u)
        return false;
    return gen_nt(s, SVE2_OP_LDNT1, 3,
                  (uint32_t)a->msz | (a->u ? 0 : SVE2_MEM_SIGNED), a->rd, a->rn,
                  a->rm, a->pg);
}

static bool trans_STNT1_s(DisasContext *s, arg_STNT1_s *a)
{
    if (a->msz == 3)
        return false;
    return gen_nt(s, SVE2_OP_STNT1, 2, (uint32_t)a->msz, a->rd, a->rn, a->rm,
                  a->pg);
}

static bool trans_STNT1_d(DisasContext *s, arg_STNT1_d *a)
{
    return gen_nt(s, SVE2_OP_STNT1, 3, (uint32_t)a->msz, a->rd, a->rn, a->rm,
                  a->pg);
}

/* ---- entry points ---- */

bool a64_decode_sve2(DisasContext *s, uint32_t insn)
{
    return sve2_decode(s, insn);
}

/* -d in_asm: the pattern's name. */
const char *a64_describe_sve2(uint32_t insn, char *buf, size_t len)
{
    return sve2_describe(insn, buf, len);
}
