/*
 * Translator of FEAT_SVE (sve.decode): checks the encoding, then calls
 * helper_sve_op / helper_sve_mem with a descriptor (helper_sve.h); the
 * helpers read the thread's VL, and ADDVL/RDVL/CNT* load it from env.
 * Only in blocks keyed for VL 128 (s->sve_vl128) do the hottest forms
 * work on the V registers inline.
 */
#include "target-arm/a64/translate.h"

#include "target-arm/a64/sve_vl128.h"

#include "target-arm/helper_fp.h"
#include "target-arm/helper_info.h"
#include "target-arm/helper_sve.h"
#include "target-arm/sve.h"

#include "sve.dec.c"

/* The predicate number meaning "every element" (helper_sve.c). */
#define ALL_ACTIVE 16

static TCGv_i64 gen_sve(uint64_t desc, TCGv_i64 a, TCGv_i64 b)
{
    TCGv_i64 ret = tcg_temp_new_i64();

    tcg_gen_call4(&helper_info_sve_op, &ret, tcg_ptr_as_i64(tcg_env),
                  const_arg((int64_t)desc), a, b);
    return ret;
}

static void gen_sve0(uint64_t desc)
{
    gen_sve(desc, const_arg(0), const_arg(0));
}

/* A flag-setting operation: NZCV from the helper's bits 31:28. */
static void gen_sve_flags(uint64_t desc, TCGv_i64 a, TCGv_i64 b)
{
    gen_set_nzcv(gen_sve(desc, a, b));
}

/* The VL in bytes times scale, computed at run time. */
static TCGv_i64 gen_vl_times(int64_t scale)
{
    TCGv_i64 vq = tcg_temp_new_i64();

    tcg_gen_ld32u_i64(vq, tcg_env, offsetof(CPUARMState, sve_vq));
    tcg_gen_muli_i64(vq, vq, scale * 16);
    return vq;
}

/* DecodePredCount(pattern, esize) * mul: pattern ALL inline. */
static TCGv_i64 gen_count(unsigned pattern, unsigned esz, unsigned mul)
{
    TCGv_i64 n;

    if (pattern == 31) {
        n = gen_vl_times(mul);
        tcg_gen_shri_i64(n, n, esz);
        return n;
    }
    n = gen_sve(sve_desc(SVE_OP_ELEMENTS, esz, 0, 0, 0, 0, pattern),
                const_arg(0), const_arg(0));
    tcg_gen_muli_i64(n, n, mul);
    return n;
}

/* At VL 128: every element of Zd = v (DUP), as the AdvSIMD dup. */
static bool gen_vl128_dup(DisasContext *s, unsigned esz, int rd, TCGv_i64 v)
{
    if (!s->sve_vl128)
        return false;
    tcg_gen_vec_dup_i64(esz, 16, 16, vreg_offset(rd), v);
    return true;
}

/* At VL 128 (s->sve_vl128) an unpredicated Zd = Zn op Zm is the vector
 * op on Vd, Vn and Vm: inline when the host can; false: the helper. */
static bool gen_vl128_vec_bin(DisasContext *s, unsigned op, unsigned esz,
                              int rd, int rn, int rm)
{
    if (!s->sve_vl128 || !tcg_can_emit_vec(op, esz, 16))
        return false;
    tcg_gen_vec_bin(op, esz, 16, 16, vreg_offset(rd), vreg_offset(rn),
                    vreg_offset(rm));
    return true;
}

/* ---- integer arithmetic ---- */

static bool trans_ADDSUB_zzz(DisasContext *s, arg_ADDSUB_zzz *a)
{
    if (a->opc > 1)
        return false; /* SQADD ... UQSUB: not yet */
    if (gen_vl128_vec_bin(s, a->opc ? TCG_VEC_SUB : TCG_VEC_ADD, a->esz, a->rd,
                          a->rn, a->rm))
        return true;
    gen_sve0(sve_desc(SVE_OP_ADDSUB_ZZZ, a->esz, a->rd, a->rn, a->rm,
                      ALL_ACTIVE, a->opc));
    return true;
}

static bool trans_LOGIC_zzz(DisasContext *s, arg_LOGIC_zzz *a)
{
    static const unsigned op[4] = {TCG_VEC_AND, TCG_VEC_OR, TCG_VEC_XOR,
                                   TCG_VEC_ANDC};

    if (gen_vl128_vec_bin(s, op[a->opc & 3], 3, a->rd, a->rn, a->rm))
        return true;
    gen_sve0(
        sve_desc(SVE_OP_LOGIC_ZZZ, 3, a->rd, a->rn, a->rm, ALL_ACTIVE, a->opc));
    return true;
}

static bool trans_MOVPRFX(DisasContext *s, arg_MOVPRFX *a)
{
    if (sve_vl128_movprfx(s, 0, a->rd, a->rn, -1, false))
        return true;
    gen_sve0(sve_desc(SVE_OP_MOVPRFX, 3, a->rd, a->rn, 0, 0, SVE_PRED_NONE));
    return true;
}

static bool trans_MOVPRFX_p(DisasContext *s, arg_MOVPRFX_p *a)
{
    if (sve_vl128_movprfx(s, a->esz, a->rd, a->rn, a->pg, a->m))
        return true;
    gen_sve0(sve_desc(SVE_OP_MOVPRFX, a->esz, a->rd, a->rn, 0, a->pg,
                      a->m ? SVE_PRED_MERGE : SVE_PRED_ZERO));
    return true;
}

/* The predicated opc values implemented: ADD, SUB, SUBR, S/UMAX, S/UMIN,
 * S/UABD, MUL, S/UMULH, S/UDIV(R), ORR, EOR, AND, BIC. */
static bool binop_valid(unsigned opc, unsigned esz)
{
    if (opc >= 0x14 && opc <= 0x17)
        return esz >= 2;
    return opc == 0 || opc == 1 || opc == 3 || (opc >= 8 && opc <= 0x0d) ||
           opc == 0x10 || opc == 0x12 || opc == 0x13 ||
           (opc >= 0x18 && opc <= 0x1b);
}

static bool trans_BINOP_zpzz(DisasContext *s, arg_BINOP_zpzz *a)
{
    if (!binop_valid(a->opc, a->esz))
        return false;
    if (sve_vl128_binop(s, a->opc, a->esz, a->rd, a->rm, a->pg))
        return true;
    gen_sve0(sve_desc(SVE_OP_BINOP_ZPZZ, a->esz, a->rd, a->rd, a->rm, a->pg,
                      a->opc));
    return true;
}

static bool trans_ADDV(DisasContext *s, arg_ADDV *a)
{
    (void)s;
    if (!a->u && a->esz == 3)
        return false;
    gen_sve0(sve_desc(SVE_OP_ADDV, a->esz, a->rd, a->rn, 0, a->pg, a->u));
    return true;
}

static bool trans_MLA(DisasContext *s, arg_MLA *a)
{
    if (sve_vl128_mla(s, a->opc, false, a->esz, a->rd, a->rn, a->rm, a->pg))
        return true;
    gen_sve0(sve_desc(SVE_OP_MLA, a->esz, a->rd, a->rn, a->rm, a->pg, a->opc));
    return true;
}

static bool trans_MAD(DisasContext *s, arg_MAD *a)
{
    if (sve_vl128_mla(s, a->opc, true, a->esz, a->rd, a->ra, a->rm, a->pg))
        return true;
    gen_sve0(
        sve_desc(SVE_OP_MLA, a->esz, a->rd, a->ra, a->rm, a->pg, a->opc | 2));
    return true;
}

static bool trans_DOT(DisasContext *s, arg_DOT *a)
{
    (void)s;
    gen_sve0(sve_desc(SVE_OP_DOT, 2 + a->sz, a->rd, a->rn, a->rm, 0, a->u));
    return true;
}

/* imm5 fields of INDEX are signed. */
static int64_t sext5(int64_t v)
{
    return (v ^ 16) - 16;
}

static bool trans_INDEX(DisasContext *s, arg_INDEX *a)
{
    TCGv_i64 start =
        a->kind & 1 ? read_xreg(s, (int)a->a) : const_arg(sext5(a->a));
    TCGv_i64 step =
        a->kind & 2 ? read_xreg(s, (int)a->b) : const_arg(sext5(a->b));

    gen_sve(sve_desc(SVE_OP_INDEX, a->esz, a->rd, 0, 0, 0, 0), start, step);
    return true;
}

/* ---- element counts, ADDVL, ADDPL, RDVL ---- */

static bool trans_CNT_r(DisasContext *s, arg_CNT_r *a)
{
    write_xreg(s, a->rd, gen_count(a->pattern, a->esz, a->imm4 + 1), 1);
    return true;
}

static bool trans_INCDEC_r(DisasContext *s, arg_INCDEC_r *a)
{
    TCGv_i64 n = gen_count(a->pattern, a->esz, a->imm4 + 1);

    if (a->d)
        tcg_gen_sub_i64(n, read_xreg(s, a->rd), n);
    else
        tcg_gen_add_i64(n, read_xreg(s, a->rd), n);
    write_xreg(s, a->rd, n, 1);
    return true;
}

static bool trans_SATCNT_r(DisasContext *s, arg_SATCNT_r *a)
{
    uint32_t aux = (uint32_t)(a->pattern | a->imm4 << 8) |
                   (a->d ? SVE_SAT_DEC : 0) | (a->u ? SVE_SAT_UNSIGNED : 0) |
                   (a->sf ? SVE_SAT_64 : 0);

    write_xreg(s, a->rd,
               gen_sve(sve_desc(SVE_OP_SATCNT, a->esz, 0, 0, 0, 0, aux),
                       read_xreg(s, a->rd), const_arg(0)),
               1);
    return true;
}

static bool trans_INCDEC_z(DisasContext *s, arg_INCDEC_z *a)
{
    TCGv_i64 n;

    if (a->esz == 0)
        return false;
    n = gen_count(a->pattern, a->esz, a->imm4 + 1);
    if (a->d)
        tcg_gen_neg_i64(n, n);
    if (sve_vl128_add_each(s, a->esz, a->rd, n))
        return true;
    gen_sve(sve_desc(SVE_OP_INCDEC_Z, a->esz, a->rd, 0, 0, 0, 0), n,
            const_arg(0));
    return true;
}

static void gen_add_vl(DisasContext *s, int rd, int rn, int64_t scale)
{
    TCGv_i64 v = gen_vl_times(scale);

    tcg_gen_add_i64(v, v, read_xreg_sp(s, rn));
    write_xreg_sp(s, rd, v, 1);
}

static bool trans_ADDVL(DisasContext *s, arg_ADDVL *a)
{
    gen_add_vl(s, a->rd, a->rn, a->imm);
    return true;
}

/* ADDPL: a predicate is VL / 8 bytes. */
static bool trans_ADDPL(DisasContext *s, arg_ADDPL *a)
{
    TCGv_i64 v = gen_vl_times(a->imm);

    tcg_gen_sari_i64(v, v, 3);
    tcg_gen_add_i64(v, v, read_xreg_sp(s, a->rn));
    write_xreg_sp(s, a->rd, v, 1);
    return true;
}

static bool trans_RDVL(DisasContext *s, arg_RDVL *a)
{
    write_xreg(s, a->rd, gen_vl_times(a->imm), 1);
    return true;
}

/* ---- shifts, unary operations, reductions ---- */

/* tsz:imm3 of the shift-by-immediate forms: esz from tsz's top set bit,
 * false when tsz is 0. */
static bool shift_imm(unsigned tsz, unsigned imm3, unsigned *esz, unsigned *raw)
{
    if (tsz == 0)
        return false;
    *esz = 31 - (unsigned)__builtin_clz(tsz);
    *raw = tsz << 3 | imm3;
    return true;
}

/* ASR, LSR: 2 * esize - imm; LSL: imm - esize. */
static unsigned shift_amount(unsigned opc, unsigned esz, unsigned raw)
{
    unsigned bits = 8u << esz;

    return opc == 3 ? raw - bits : 2 * bits - raw;
}

/* The vector shifts of ASR, LSR and LSL (#imm; opc 2 is ASRD). */
static const unsigned shift_vec_op[4] = {TCG_VEC_SARI, TCG_VEC_SHRI, 0,
                                         TCG_VEC_SHLI};

/* At VL 128 an unpredicated shift by an immediate is the AdvSIMD one. */
static bool gen_vl128_shift_imm(DisasContext *s, unsigned opc, unsigned esz,
                                unsigned rd, unsigned rn, unsigned amount)
{
    if (!s->sve_vl128 || !tcg_can_emit_vec(shift_vec_op[opc], esz, 16))
        return false;
    tcg_gen_vec_shi(shift_vec_op[opc], esz, 16, 16, vreg_offset((int)rd),
                    vreg_offset((int)rn), amount);
    return true;
}

static bool gen_shift_imm(DisasContext *s, unsigned opc, unsigned tsz,
                          unsigned imm3, unsigned rd, unsigned rn, unsigned pg)
{
    unsigned esz, raw;

    if (opc == 2 || !shift_imm(tsz, imm3, &esz, &raw))
        return false;
    if (pg == ALL_ACTIVE &&
        gen_vl128_shift_imm(s, opc, esz, rd, rn, shift_amount(opc, esz, raw)))
        return true;
    if (pg != ALL_ACTIVE &&
        sve_vl128_shift_imm(s, shift_vec_op[opc], esz, (int)rd, (int)rn,
                            shift_amount(opc, esz, raw), (int)pg))
        return true;
    gen_sve0(sve_desc(SVE_OP_SHIFT, esz, rd, rn, 0, pg,
                      opc | SVE_SHIFT_IMM |
                          shift_amount(opc, esz, raw) << SVE_SHIFT_AMOUNT));
    return true;
}

static bool trans_SHIFT_zzi(DisasContext *s, arg_SHIFT_zzi *a)
{
    return gen_shift_imm(s, a->opc, a->tszh << 2 | a->tszl, a->imm3, a->rd,
                         a->rn, ALL_ACTIVE);
}

static bool trans_SHIFT_zpzi(DisasContext *s, arg_SHIFT_zpzi *a)
{
    return gen_shift_imm(s, a->opc, a->tszh << 2 | a->tszl, a->imm3, a->rd,
                         a->rd, a->pg);
}

static bool trans_ASRD(DisasContext *s, arg_ASRD *a)
{
    unsigned esz, raw;

    (void)s;
    if (!shift_imm((unsigned)(a->tszh << 2 | a->tszl), a->imm3, &esz, &raw))
        return false;
    gen_sve0(sve_desc(SVE_OP_SHIFT, esz, a->rd, a->rd, 0, a->pg,
                      2 | SVE_SHIFT_IMM |
                          shift_amount(0, esz, raw) << SVE_SHIFT_AMOUNT));
    return true;
}

static bool trans_SHIFT_zpzz(DisasContext *s, arg_SHIFT_zpzz *a)
{
    (void)s;
    if ((a->opc & 3) == 2)
        return false;
    gen_sve0(
        sve_desc(SVE_OP_SHIFT, a->esz, a->rd, a->rd, a->rm, a->pg, a->opc));
    return true;
}

/* The element sizes each unary opc allows (bit esz). */
static bool unary_valid(unsigned opc, unsigned esz)
{
    static const uint8_t sizes[15] = {0xe, 0xe, 0xc, 0xc, 0x8, 0x8, 0xf, 0xf,
                                      0xf, 0xf, 0xf, 0xf, 0xe, 0xe, 0xf};

    return opc < 15 && (sizes[opc] >> esz & 1);
}

static bool trans_UNARY_zpz(DisasContext *s, arg_UNARY_zpz *a)
{
    if (!unary_valid(a->opc, a->esz))
        return false;
    if (sve_vl128_unary(s, a->opc, a->esz, a->rd, a->rn, a->pg))
        return true;
    gen_sve0(sve_desc(SVE_OP_UNARY, a->esz, a->rd, a->rn, 0, a->pg, a->opc));
    return true;
}

static bool trans_MAXMINV(DisasContext *s, arg_MAXMINV *a)
{
    (void)s;
    gen_sve0(sve_desc(SVE_OP_REDUCE, a->esz, a->rd, a->rn, 0, a->pg,
                      a->min << 1 | a->u));
    return true;
}

static bool trans_LOGICV(DisasContext *s, arg_LOGICV *a)
{
    (void)s;
    if (a->opc > 2)
        return false;
    gen_sve0(sve_desc(SVE_OP_REDUCE, a->esz, a->rd, a->rn, 0, a->pg,
                      SVE_RED_OR + a->opc));
    return true;
}

/* ---- permutes ---- */

static bool trans_PERM_z(DisasContext *s, arg_PERM_z *a)
{
    static const unsigned vec_op[6] = {
        TCG_VEC_ZIPLO,  TCG_VEC_ZIPHI,   TCG_VEC_UZPEVEN,
        TCG_VEC_UZPODD, TCG_VEC_TRNEVEN, TCG_VEC_TRNODD,
    };

    if (a->opc > 5)
        return false;
    /* At VL 128 the AdvSIMD 16-byte permutes are the same operations. */
    if (gen_vl128_vec_bin(s, vec_op[a->opc], a->esz, a->rd, a->rn, a->rm))
        return true;
    gen_sve0(sve_desc(SVE_OP_PERM_Z, a->esz, a->rd, a->rn, a->rm, 0, a->opc));
    return true;
}

static bool trans_PERM_p(DisasContext *s, arg_PERM_p *a)
{
    (void)s;
    if (a->opc > 5)
        return false;
    gen_sve0(sve_desc(SVE_OP_PERM_P, a->esz, a->rd, a->rn, a->rm, 0, a->opc));
    return true;
}

static bool trans_REV_p(DisasContext *s, arg_REV_p *a)
{
    (void)s;
    gen_sve0(sve_desc(SVE_OP_REV_P, a->esz, a->rd, a->rn, 0, 0, 0));
    return true;
}

static bool trans_PUNPK(DisasContext *s, arg_PUNPK *a)
{
    (void)s;
    gen_sve0(sve_desc(SVE_OP_PUNPK, 0, a->rd, a->rn, 0, 0, a->h));
    return true;
}

static bool trans_UNPK(DisasContext *s, arg_UNPK *a)
{
    (void)s;
    if (a->esz == 0)
        return false;
    gen_sve0(
        sve_desc(SVE_OP_UNPK, a->esz, a->rd, a->rn, 0, 0, a->u << 1 | a->h));
    return true;
}

static bool trans_REV_z(DisasContext *s, arg_REV_z *a)
{
    (void)s;
    gen_sve0(sve_desc(SVE_OP_REV_Z, a->esz, a->rd, a->rn, 0, 0, 0));
    return true;
}

static bool trans_REVX(DisasContext *s, arg_REVX *a)
{
    (void)s;
    if (a->opc == 3 || a->esz <= a->opc)
        return false;
    gen_sve0(sve_desc(SVE_OP_REVX, a->esz, a->rd, a->rn, 0, a->pg, a->opc));
    return true;
}

/* DUPM: a logical immediate in every 64-bit lane. */
static bool trans_DUPM(DisasContext *s, arg_DUPM *a)
{
    uint64_t imm;

    (void)s;
    if (!a64_decode_bit_masks(a->n, a->imms, a->immr, 64, &imm))
        return false;
    gen_sve(sve_desc(SVE_OP_DUP, 3, a->rd, 0, 0, 0, 0), const_arg((int64_t)imm),
            const_arg(0));
    return true;
}

/* AND, ORR, EOR (immediate) on 64-bit lanes: the predicated opc codes. */
static bool trans_LOGIC_zi(DisasContext *s, arg_LOGIC_zi *a)
{
    static const unsigned opc[3] = {0x18, 0x19, 0x1a};
    uint64_t imm;

    (void)s;
    if (a->opc > 2 || !a64_decode_bit_masks(a->n, a->imms, a->immr, 64, &imm))
        return false;
    gen_sve(sve_desc(SVE_OP_ARITH_IMM, 3, a->rd, 0, 0, 0, opc[a->opc]),
            const_arg((int64_t)imm), const_arg(0));
    return true;
}

/* FDUP (FMOV Zd.T, #imm): VFPExpandImm(). */
static bool trans_FDUP(DisasContext *s, arg_FDUP *a)
{
    (void)s;
    if (a->esz == 0)
        return false;
    gen_sve(sve_desc(SVE_OP_DUP, a->esz, a->rd, 0, 0, 0, 0),
            const_arg((int64_t)a64_fp_expand_imm(a->esz, a->imm)),
            const_arg(0));
    return true;
}

/* ---- DUP, SEL, immediates ---- */

static bool trans_DUP_r(DisasContext *s, arg_DUP_r *a)
{
    TCGv_i64 v = read_xreg_sp(s, a->rn);

    if (gen_vl128_dup(s, a->esz, a->rd, v))
        return true;
    gen_sve(sve_desc(SVE_OP_DUP, a->esz, a->rd, 0, 0, 0, 0), v, const_arg(0));
    return true;
}

static bool trans_DUP_x(DisasContext *s, arg_DUP_x *a)
{
    unsigned imm = (unsigned)(a->imm2 << 5 | a->tsz), esz;

    (void)s;
    if (a->tsz == 0)
        return false;
    esz = (unsigned)__builtin_ctz((unsigned)a->tsz); /* 4: Q */
    gen_sve0(sve_desc(SVE_OP_DUP_X, esz & 3, a->rd, a->rn, 0, 0,
                      imm >> (esz + 1) | (esz == 4 ? SVE_DUP_Q : 0)));
    return true;
}

static bool trans_SEL_z(DisasContext *s, arg_SEL_z *a)
{
    if (sve_vl128_sel(s, a->esz, a->rd, a->rn, a->rm, a->pg))
        return true;
    gen_sve0(sve_desc(SVE_OP_SEL_Z, a->esz, a->rd, a->rn, a->rm, a->pg, 0));
    return true;
}

static bool trans_DUP_i(DisasContext *s, arg_DUP_i *a)
{
    if (a->esz == 0 && a->sh)
        return false;
    if (gen_vl128_dup(s, a->esz, a->rd, const_arg(a->imm * (a->sh ? 256 : 1))))
        return true;
    gen_sve(sve_desc(SVE_OP_DUP, a->esz, a->rd, 0, 0, 0, 0),
            const_arg(a->imm * (a->sh ? 256 : 1)), const_arg(0));
    return true;
}

static bool trans_CPY_i(DisasContext *s, arg_CPY_i *a)
{
    if (a->esz == 0 && a->sh)
        return false;
    if (sve_vl128_cpy_imm(s, a->esz, a->rd, a->imm * (a->sh ? 256 : 1), a->pg,
                          a->m))
        return true;
    gen_sve(sve_desc(SVE_OP_CPY_I, a->esz, a->rd, 0, 0, a->pg, a->m),
            const_arg(a->imm * (a->sh ? 256 : 1)), const_arg(0));
    return true;
}

static bool trans_FCPY(DisasContext *s, arg_FCPY *a)
{
    if (a->esz == 0)
        return false;
    if (sve_vl128_cpy_imm(s, a->esz, a->rd,
                          (int64_t)a64_fp_expand_imm(a->esz, a->imm), a->pg,
                          true))
        return true;
    gen_sve(sve_desc(SVE_OP_CPY_I, a->esz, a->rd, 0, 0, a->pg, 1),
            const_arg((int64_t)a64_fp_expand_imm(a->esz, a->imm)),
            const_arg(0));
    return true;
}

static bool trans_ADDSUB_zi(DisasContext *s, arg_ADDSUB_zi *a)
{
    (void)s;
    if ((a->opc != 0 && a->opc != 1 && a->opc != 3) || (a->esz == 0 && a->sh))
        return false;
    gen_sve(sve_desc(SVE_OP_ARITH_IMM, a->esz, a->rd, 0, 0, 0, a->opc),
            const_arg(a->imm << (a->sh ? 8 : 0)), const_arg(0));
    return true;
}

static bool trans_MUL_zi(DisasContext *s, arg_MUL_zi *a)
{
    (void)s;
    gen_sve(sve_desc(SVE_OP_ARITH_IMM, a->esz, a->rd, 0, 0, 0, 0x10),
            const_arg(a->imm), const_arg(0));
    return true;
}

static bool trans_MINMAX_zi(DisasContext *s, arg_MINMAX_zi *a)
{
    int64_t imm = a->opc & 1 ? a->imm : (int8_t)a->imm;

    (void)s;
    gen_sve(sve_desc(SVE_OP_ARITH_IMM, a->esz, a->rd, 0, 0, 0, 8 + a->opc),
            const_arg(imm), const_arg(0));
    return true;
}

/* ---- compares ---- */

static bool trans_CMP_ppzz(DisasContext *s, arg_CMP_ppzz *a)
{
    static const uint8_t cond[8] = {SVE_CMP_HS,
                                    SVE_CMP_HI,
                                    SVE_CMP_EQ | SVE_CMP_WIDE,
                                    SVE_CMP_NE | SVE_CMP_WIDE,
                                    SVE_CMP_GE,
                                    SVE_CMP_GT,
                                    SVE_CMP_EQ,
                                    SVE_CMP_NE};
    unsigned c = cond[a->op << 2 | a->o2 << 1 | a->ne];

    if ((c & SVE_CMP_WIDE) && a->esz == 3)
        return false;
    if (!(c & SVE_CMP_WIDE) &&
        sve_vl128_cmp(s, c, a->esz, a->rd, a->rn, a->rm, a->pg))
        return true;
    gen_sve_flags(sve_desc(SVE_OP_CMP, a->esz, a->rd, a->rn, a->rm, a->pg, c),
                  const_arg(0), const_arg(0));
    return true;
}

static bool trans_CMP_ppzi_s(DisasContext *s, arg_CMP_ppzi_s *a)
{
    static const uint8_t cond[6] = {SVE_CMP_GE, SVE_CMP_GT, SVE_CMP_LT,
                                    SVE_CMP_LE, SVE_CMP_EQ, SVE_CMP_NE};
    unsigned k = (unsigned)(a->op << 2 | a->o2 << 1 | a->ne);

    if (k >= 6)
        return false;
    if (sve_vl128_cmp_imm(s, cond[k], a->esz, a->rd, a->rn, a->imm, a->pg))
        return true;
    gen_sve_flags(sve_desc(SVE_OP_CMP, a->esz, a->rd, a->rn, 0, a->pg,
                           cond[k] | SVE_CMP_IMM),
                  const_arg(a->imm), const_arg(0));
    return true;
}

static bool trans_CMP_ppzi_u(DisasContext *s, arg_CMP_ppzi_u *a)
{
    static const uint8_t cond[4] = {SVE_CMP_HS, SVE_CMP_HI, SVE_CMP_LO,
                                    SVE_CMP_LS};
    unsigned c = cond[a->lt << 1 | a->ne];

    if (sve_vl128_cmp_imm(s, c, a->esz, a->rd, a->rn, a->imm, a->pg))
        return true;
    gen_sve_flags(
        sve_desc(SVE_OP_CMP, a->esz, a->rd, a->rn, 0, a->pg, c | SVE_CMP_IMM),
        const_arg(a->imm), const_arg(0));
    return true;
}

/* ---- predicates and the FFR ---- */

static bool trans_PTRUE(DisasContext *s, arg_PTRUE *a)
{
    uint64_t desc = sve_desc(SVE_OP_PTRUE, a->esz, a->rd, 0, 0, 0, a->pattern);

    if (sve_vl128_ptrue(s, a->esz, a->rd, a->pattern, a->s))
        return true;
    if (a->s)
        gen_sve_flags(desc, const_arg(0), const_arg(0));
    else
        gen_sve0(desc);
    return true;
}

static bool trans_PFALSE(DisasContext *s, arg_PFALSE *a)
{
    if (sve_vl128_pfalse(s, a->rd))
        return true;
    gen_sve0(sve_desc(SVE_OP_PFALSE, 0, a->rd, 0, 0, 0, 0));
    return true;
}

/* The operand of WHILE*: Xn, or Wn extended as the compare reads it. */
static TCGv_i64 while_operand(DisasContext *s, int reg, bool sf, bool u)
{
    TCGv_i64 v = tcg_temp_new_i64();

    if (sf)
        tcg_gen_mov_i64(v, read_xreg(s, reg));
    else if (u)
        tcg_gen_ext32u_i64(v, read_xreg(s, reg));
    else
        tcg_gen_ext32s_i64(v, read_xreg(s, reg));
    return v;
}

/*
 * WHILELO/WHILELT at VL 128 inline: count = a < b ? min(b - a, elements)
 * : 0 (b - a cannot wrap before count reaches it, as helper_sve.c's
 * whilex says), Pd's 16 bits the first count elements, NZCV as PredTest
 * over all elements: N = count != 0, Z = count == 0, C = count < n.
 */
static void gen_while_lt_vl128(DisasContext *s, arg_WHILE *a)
{
    TCGv_i64 x = while_operand(s, a->rn, a->sf, a->u);
    TCGv_i64 y = while_operand(s, a->rm, a->sf, a->u);
    TCGv_i64 first = tcg_temp_new_i64(), count = tcg_temp_new_i64();
    TCGv_i64 n = const_arg(16 >> a->esz), bits = tcg_temp_new_i64();

    tcg_gen_setcond_i64(a->u ? TCG_COND_LTU : TCG_COND_LT, first, x, y);
    tcg_gen_sub_i64(count, y, x);
    tcg_gen_movcond_i64(TCG_COND_LTU, count, count, n, count, n);
    tcg_gen_movcond_i64(TCG_COND_NE, count, first, const_arg(0), count,
                        const_arg(0));
    tcg_gen_shli_i64(bits, count, a->esz);
    tcg_gen_shl_i64(bits, const_arg(1), bits);
    tcg_gen_subi_i64(bits, bits, 1);
    tcg_gen_andi_i64(bits, bits, (int64_t)sve_pred_vl128_bits(a->esz));
    tcg_gen_st_i64(bits, tcg_env,
                   (int32_t)offsetof(CPUARMState, preg[a->rd][0]));
    tcg_gen_neg_i64(cpu_NF, count);
    tcg_gen_mov_i64(cpu_ZF, count);
    tcg_gen_setcond_i64(TCG_COND_LTU, cpu_CF, count, n);
    tcg_gen_movi_i64(cpu_VF, 0);
}

static bool trans_WHILE(DisasContext *s, arg_WHILE *a)
{
    uint32_t aux = (a->u ? SVE_WHILE_UNSIGNED : 0) |
                   (a->eq ? SVE_WHILE_EQ : 0) | (a->sf ? SVE_WHILE_64 : 0);

    if (s->sve_vl128 && !a->eq) {
        gen_while_lt_vl128(s, a);
        return true;
    }
    gen_sve_flags(sve_desc(SVE_OP_WHILE, a->esz, a->rd, 0, 0, 0, aux),
                  read_xreg(s, a->rn), read_xreg(s, a->rm));
    return true;
}

static bool trans_PTEST(DisasContext *s, arg_PTEST *a)
{
    if (sve_vl128_ptest(s, a->pg, a->rn))
        return true;
    gen_sve_flags(sve_desc(SVE_OP_PTEST, 0, 0, a->rn, 0, a->pg, 0),
                  const_arg(0), const_arg(0));
    return true;
}

static bool trans_PLOGIC(DisasContext *s, arg_PLOGIC *a)
{
    unsigned op = (unsigned)(a->op << 2 | a->o2 << 1 | a->o3);
    uint64_t desc = sve_desc(SVE_OP_PLOGIC, 0, a->rd, a->rn, a->rm, a->pg, op);

    if (a->s && op == 3)
        return false; /* SELS does not exist */
    if (sve_vl128_plogic(s, op, a->s, a->rd, a->rn, a->rm, a->pg))
        return true;
    if (a->s)
        gen_sve_flags(desc, const_arg(0), const_arg(1));
    else
        gen_sve0(desc);
    return true;
}

static bool trans_RDFFR_p(DisasContext *s, arg_RDFFR_p *a)
{
    uint64_t desc = sve_desc(SVE_OP_RDFFR, 0, a->rd, 0, 0, a->pg, 0);

    (void)s;
    if (a->s)
        gen_sve_flags(desc, const_arg(0), const_arg(0));
    else
        gen_sve0(desc);
    return true;
}

/* At VL 128 a predicate is its first word's 16 bits (the rest stay 0):
 * RDFFR and SETFFR are one copy or store of that word. */
static bool trans_RDFFR(DisasContext *s, arg_RDFFR *a)
{
    if (s->sve_vl128) {
        TCGv_i64 w = tcg_temp_new_i64();

        tcg_gen_ld_i64(w, tcg_env, (int32_t)offsetof(CPUARMState, ffr[0]));
        tcg_gen_st_i64(w, tcg_env,
                       (int32_t)offsetof(CPUARMState, preg[a->rd][0]));
        return true;
    }
    gen_sve0(sve_desc(SVE_OP_RDFFR, 0, a->rd, 0, 0, ALL_ACTIVE, 0));
    return true;
}

static bool trans_SETFFR(DisasContext *s, arg_SETFFR *a)
{
    (void)a;
    if (s->sve_vl128) {
        tcg_gen_st_i64(const_arg(0xffff), tcg_env,
                       (int32_t)offsetof(CPUARMState, ffr[0]));
        return true;
    }
    gen_sve0(sve_desc(SVE_OP_WRFFR, 0, 0, ALL_ACTIVE, 0, 0, 0));
    return true;
}

static bool trans_WRFFR(DisasContext *s, arg_WRFFR *a)
{
    (void)s;
    gen_sve0(sve_desc(SVE_OP_WRFFR, 0, 0, a->rn, 0, 0, 0));
    return true;
}

/* ---- floating point ---- */

static bool trans_FP_zzz(DisasContext *s, arg_FP_zzz *a)
{
    static const int op[3] = {FPOP_ADD, FPOP_SUB, FPOP_MUL};

    if (a->esz == 0 || a->opc > 2)
        return false;
    /* At VL 128 the AdvSIMD FADD/FSUB/FMUL .4S/.2D: the same FPAdd etc. */
    if (s->sve_vl128 && a->esz >= FP_S &&
        a64_gen_vfp_3same_inline(s, op[a->opc], a->esz, true, a->rd, a->rn,
                                 a->rm))
        return true;
    gen_sve0(sve_desc(SVE_OP_FP_ZZZ, a->esz, a->rd, a->rn, a->rm, ALL_ACTIVE,
                      a->opc));
    return true;
}

static bool trans_FP_zpzz(DisasContext *s, arg_FP_zpzz *a)
{
    if (a->esz == 0 || (a->opc > 3 && a->opc != 12 && a->opc != 13))
        return false;
    if (sve_vl128_fp_binop(s, a->opc, a->esz, a->rd, a->rm, a->pg))
        return true;
    gen_sve0(
        sve_desc(SVE_OP_FP_ZPZZ, a->esz, a->rd, a->rd, a->rm, a->pg, a->opc));
    return true;
}

/* FMLA ... FNMLS; the FMAD forms have Za in bits 20:16, Zm in 9:5. */
static bool trans_FMLA(DisasContext *s, arg_FMLA *a)
{
    if (a->esz == 0)
        return false;
    if (sve_vl128_fmla(s, a->opc, a->mad, a->esz, a->rd, a->rn, a->rm, a->pg))
        return true;
    gen_sve0(sve_desc(SVE_OP_FMLA, a->esz, a->rd, a->rn, a->rm, a->pg,
                      a->opc | (a->mad ? 4 : 0)));
    return true;
}

static bool trans_FCMP_ppzz(DisasContext *s, arg_FCMP_ppzz *a)
{
    unsigned op = (unsigned)(a->op << 2 | a->o2 << 1 | a->o3);

    (void)s;
    if (a->esz == 0 || op == 6)
        return false;
    gen_sve0(sve_desc(SVE_OP_FCMP, a->esz, a->rd, a->rn, a->rm, a->pg, op));
    return true;
}

static bool trans_FCMP_ppz0(DisasContext *s, arg_FCMP_ppz0 *a)
{
    /* As FCMP_ppzz's op:o2:o3 against zero; LT and LE are 0 > x, 0 >= x. */
    static const uint16_t op[8] = {0 | SVE_FCMP_ZERO,
                                   1 | SVE_FCMP_ZERO,
                                   1 | SVE_FCMP_ZERO | SVE_FCMP_SWAP,
                                   0 | SVE_FCMP_ZERO | SVE_FCMP_SWAP,
                                   2 | SVE_FCMP_ZERO,
                                   0,
                                   3 | SVE_FCMP_ZERO,
                                   0};
    unsigned k = (unsigned)(a->eq << 2 | a->lt << 1 | a->ne);

    (void)s;
    if (a->esz == 0 || k == 5 || k == 7)
        return false;
    gen_sve0(sve_desc(SVE_OP_FCMP, a->esz, a->rd, a->rn, 0, a->pg, op[k]));
    return true;
}

/* opc:opc2 of the conversions: the FP size, the integer size (log2). */
static bool fcvt_sizes(unsigned opc, unsigned opc2, unsigned *fsz,
                       unsigned *isz)
{
    static const int8_t f[16] = {-1, -1, -1, -1, -1, 1,  1, 1,
                                 -1, -1, 2,  -1, 3,  -1, 2, 3};
    static const int8_t i[16] = {-1, -1, -1, -1, -1, 1,  2, 3,
                                 -1, -1, 2,  -1, 2,  -1, 3, 3};

    if (f[opc << 2 | opc2] < 0)
        return false;
    *fsz = (unsigned)f[opc << 2 | opc2];
    *isz = (unsigned)i[opc << 2 | opc2];
    return true;
}

static bool trans_FCVT_int(DisasContext *s, arg_FCVT_int *a)
{
    unsigned fsz, isz;

    (void)s;
    if (!fcvt_sizes(a->opc, a->opc2, &fsz, &isz))
        return false;
    gen_sve0(sve_desc(SVE_OP_FCVT, 0, a->rd, a->rn, 0, a->pg,
                      fsz | isz << 2 | (a->to_int ? SVE_FCVT_TO_INT : 0) |
                          (a->u ? SVE_FCVT_UNSIGNED : 0)));
    return true;
}

static bool trans_FCVT_fp(DisasContext *s, arg_FCVT_fp *a)
{
    /* opc:opc2 (from 8): from esz | to esz << 2, 0: unallocated here. */
    static const uint8_t sizes[8] = {2 | 1 << 2, 1 | 2 << 2, 0,
                                     0,          3 | 1 << 2, 1 | 3 << 2,
                                     3 | 2 << 2, 2 | 3 << 2};
    unsigned k = (unsigned)(a->opc << 2 | a->opc2);

    (void)s;
    if (k < 8 || sizes[k - 8] == 0)
        return false;
    gen_sve0(sve_desc(SVE_OP_FCVT_FP, 0, a->rd, a->rn, 0, a->pg, sizes[k - 8]));
    return true;
}

static bool trans_FCMLA(DisasContext *s, arg_FCMLA *a)
{
    (void)s;
    if (a->esz == 0)
        return false;
    gen_sve0(
        sve_desc(SVE_OP_FCMLA, a->esz, a->rd, a->rn, a->rm, a->pg, a->rot));
    return true;
}

/*
 * FADDA .S/.D at VL 128 with every element of Pg active: Vd's element 0
 * plus each of Zm's in order, each add the guarded scalar FADD inline
 * (its own FPCR/NaN slow path: helper_fp_binop); a partial Pg, the
 * helper. False when the host has no guarded FADD.
 */
static bool gen_fadda_vl128(DisasContext *s, arg_FADDA *a, uint64_t desc)
{
    TCGOpcode op = a->esz == FP_D ? INDEX_op_fadd_f64 : INDEX_op_fadd_f32;
    TCGLabel slow, done;
    TCGv_i64 acc;

    if (!s->sve_vl128 || a->esz < FP_S || !tcg_can_emit_fp_guarded(op))
        return false;
    slow = tcg_new_label();
    done = tcg_new_label();
    sve_vl128_unless_all_active(a->pg, a->esz, slow);
    acc = tcg_temp_new_i64();
    if (a->esz == FP_S)
        tcg_gen_ld32u_i64(acc, tcg_env, vreg_offset(a->rd));
    else
        tcg_gen_ld_i64(acc, tcg_env, vreg_offset(a->rd));
    for (int i = 0; i < 16 >> a->esz; i++) {
        TCGv_i64 x = tcg_temp_new_i64(), sum = tcg_temp_new_i64();

        if (a->esz == FP_S)
            tcg_gen_ld32u_i64(x, tcg_env, vreg_elem_offset(a->rm, i, 2));
        else
            tcg_gen_ld_i64(x, tcg_env, vreg_elem_offset(a->rm, i, 3));
        a64_gen_fp_guarded(s, op, sum, (TCGv_i64[]){acc, x}, A64_FP_GUARD_BINOP,
                           (uint64_t)(a->esz | FPOP_ADD << 8));
        acc = sum;
    }
    if (a->esz == FP_S)
        tcg_gen_ext32u_i64(acc, acc);
    tcg_gen_st_i64(acc, tcg_env, vreg_offset(a->rd));
    clear_vreg_high(a->rd);
    tcg_gen_br(done);
    tcg_gen_set_label(slow);
    gen_sve0(desc);
    tcg_gen_set_label(done);
    return true;
}

static bool trans_FADDA(DisasContext *s, arg_FADDA *a)
{
    uint64_t desc;

    if (a->esz == 0)
        return false;
    desc = sve_desc(SVE_OP_FADDA, a->esz, a->rd, 0, a->rm, a->pg, 0);
    if (!gen_fadda_vl128(s, a, desc))
        gen_sve0(desc);
    return true;
}

static bool trans_FADDV(DisasContext *s, arg_FADDV *a)
{
    (void)s;
    if (a->esz == 0)
        return false;
    gen_sve0(sve_desc(SVE_OP_FADDV, a->esz, a->rd, a->rn, 0, a->pg, 0));
    return true;
}

/* ---- contiguous loads and stores ---- */

/* LD1 dtype's memory size (log2): the scalar offset's shift. */
static unsigned dtype_msz(unsigned dtype)
{
    static const uint8_t msz[16] = {0, 0, 0, 0, 2, 1, 1, 1,
                                    1, 1, 2, 2, 0, 0, 0, 3};

    return msz[dtype];
}

static void gen_mem(uint64_t desc, TCGv_i64 addr)
{
    tcg_gen_call3(&helper_info_sve_mem, NULL, tcg_ptr_as_i64(tcg_env),
                  const_arg((int64_t)desc), addr);
}

/* ST1 of Zd at ea within one page, g its predicate's element bits: all
 * active, one vector store; none, nothing; some, one store per element
 * (a masked 16-byte store would write inactive bytes, which another
 * thread may be writing), or for bytes, whose 16 stores would cost more
 * than the helper, the pieces of a prefix (WHILELO's, as memcpy's tail
 * has), others to slow. */
static void gen_store_vl128(int rd, TCGv_i64 ea, TCGv_i64 g, unsigned esz,
                            TCGLabel slow, TCGLabel done)
{
    TCGLabel partial = tcg_new_label();
    TCGv_i64 t;

    tcg_gen_brcondi_i64(TCG_COND_NE, g, (int64_t)sve_pred_vl128_bits(esz),
                        partial);
    tcg_gen_guest_st_vec(vreg_offset(rd), ea, 16);
    tcg_gen_br(done);
    tcg_gen_set_label(partial);
    tcg_gen_brcondi_i64(TCG_COND_EQ, g, 0, done);
    if (esz) {
        sve_vl128_store_active(esz, rd, ea, g);
        tcg_gen_br(done);
        return;
    }
    t = tcg_temp_new_i64();
    tcg_gen_addi_i64(t, g, 1);
    tcg_gen_and_i64(t, t, g);
    tcg_gen_brcondi_i64(TCG_COND_NE, t, 0, slow);
    sve_vl128_store_prefix(rd, ea, g);
    tcg_gen_br(done);
}

/* LD1 of Zd from ea within one page, g its predicate's element bits:
 * element 0 active, one vector load (a fault then reports its address,
 * as the helper's would; an LDFF1 keeps the FFR), the inactive elements
 * zeroed after it; none active, Zd zeroed without an access; others to
 * slow. */
static void gen_load_vl128(int rd, TCGv_i64 ea, TCGv_i64 g, unsigned esz,
                           TCGLabel slow, TCGLabel done)
{
    TCGLabel no_first = tcg_new_label();
    TCGv_i64 first = tcg_temp_new_i64();

    tcg_gen_andi_i64(first, g, 1);
    tcg_gen_brcondi_i64(TCG_COND_EQ, first, 0, no_first);
    tcg_gen_guest_ld_vec(vreg_offset(rd), ea, 16);
    tcg_gen_brcondi_i64(TCG_COND_EQ, g, (int64_t)sve_pred_vl128_bits(esz),
                        done);
    sve_vl128_zero_inactive(esz, rd, g);
    tcg_gen_br(done);
    tcg_gen_set_label(no_first);
    tcg_gen_brcondi_i64(TCG_COND_NE, g, 0, slow);
    tcg_gen_st_i64(const_arg(0), tcg_env, vreg_offset(rd));
    tcg_gen_st_i64(const_arg(0), tcg_env, vreg_offset(rd) + 8);
    tcg_gen_br(done);
}

/*
 * LD1/ST1 with element and memory sizes equal at VL 128: when the 16
 * bytes lie in one guest page (so the whole access faults, or not, as the
 * first element's would), inline (gen_store_vl128, gen_load_vl128);
 * else the helper with desc. Not with tagged pointers (s->mte: the
 * helper drops the tag).
 */
static bool gen_mem_vl128(DisasContext *s, uint64_t desc, TCGv_i64 addr,
                          int64_t imm, unsigned pg, unsigned esz, bool store)
{
    int rd = (int)sve_desc_rd(desc);
    TCGLabel slow, done;
    TCGv_i64 ea, off, g;

    if (!s->sve_vl128 || s->mte)
        return false;
    slow = tcg_new_label();
    done = tcg_new_label();
    ea = tcg_temp_new_i64();
    off = tcg_temp_new_i64();
    tcg_gen_addi_i64(ea, addr, imm * 16);
    tcg_gen_andi_i64(off, ea, (int64_t)(GUEST_PAGE_SIZE - 1));
    tcg_gen_brcondi_i64(TCG_COND_GTU, off, (int64_t)(GUEST_PAGE_SIZE - 16),
                        slow);
    g = tcg_temp_new_i64();
    tcg_gen_ld_i64(g, tcg_env, (int32_t)offsetof(CPUARMState, preg[pg][0]));
    tcg_gen_andi_i64(g, g, (int64_t)sve_pred_vl128_bits(esz));
    if (store)
        gen_store_vl128(rd, ea, g, esz, slow, done);
    else
        gen_load_vl128(rd, ea, g, esz, slow, done);
    tcg_gen_set_label(slow);
    gen_mem(desc, addr);
    tcg_gen_set_label(done);
    return true;
}

/* Xn|SP + (Xm << msz), or Xn|SP alone for rm < 0. */
static TCGv_i64 gen_addr(DisasContext *s, int rn, int rm, unsigned msz)
{
    TCGv_i64 addr = tcg_temp_new_i64();

    if (rm < 0) {
        tcg_gen_mov_i64(addr, read_xreg_sp(s, rn));
        return addr;
    }
    tcg_gen_shli_i64(addr, read_xreg(s, rm), msz);
    tcg_gen_add_i64(addr, addr, read_xreg_sp(s, rn));
    return addr;
}

static uint32_t imm_aux(int64_t imm)
{
    return (uint32_t)(imm & 0xff) << SVE_LD_IMM_SHIFT;
}

/* LD1B/H/W/D (dtype 0, 5, 10, 15): element size = memory size. */
static bool dtype_same_size(unsigned dtype)
{
    return dtype % 5 == 0;
}

static bool trans_LD1_si(DisasContext *s, arg_LD1_si *a)
{
    uint64_t desc = sve_desc(SVE_OP_LD1, 0, a->rd, 0, 0, a->pg,
                             (uint32_t)a->dtype | imm_aux(a->imm));
    TCGv_i64 addr = gen_addr(s, a->rn, -1, 0);

    if (dtype_same_size(a->dtype) &&
        gen_mem_vl128(s, desc, addr, a->imm, a->pg, a->dtype / 5, false))
        return true;
    gen_mem(desc, addr);
    return true;
}

static bool trans_LDNF1_si(DisasContext *s, arg_LDNF1_si *a)
{
    gen_mem(sve_desc(SVE_OP_LD1, 0, a->rd, 0, 0, a->pg,
                     (uint32_t)a->dtype | SVE_LD_NON_FAULT | imm_aux(a->imm)),
            gen_addr(s, a->rn, -1, 0));
    return true;
}

static bool trans_LD1_ss(DisasContext *s, arg_LD1_ss *a)
{
    if (a->rm == 31)
        return false;
    uint64_t desc =
        sve_desc(SVE_OP_LD1, 0, a->rd, 0, 0, a->pg, (uint32_t)a->dtype);
    TCGv_i64 addr = gen_addr(s, a->rn, a->rm, dtype_msz(a->dtype));

    if (dtype_same_size(a->dtype) &&
        gen_mem_vl128(s, desc, addr, 0, a->pg, a->dtype / 5, false))
        return true;
    gen_mem(desc, addr);
    return true;
}

/* In one page, every element of an LDFF1 faults or not as the first
 * (element 0 when gen_mem_vl128 applies) does: the FFR stays. */
static bool trans_LDFF1_ss(DisasContext *s, arg_LDFF1_ss *a)
{
    uint64_t desc = sve_desc(SVE_OP_LD1, 0, a->rd, 0, 0, a->pg,
                             (uint32_t)a->dtype | SVE_LD_FIRST_FAULT);
    TCGv_i64 addr = gen_addr(s, a->rn, a->rm, dtype_msz(a->dtype));

    if (dtype_same_size(a->dtype) &&
        gen_mem_vl128(s, desc, addr, 0, a->pg, a->dtype / 5, false))
        return true;
    gen_mem(desc, addr);
    return true;
}

static bool trans_ST1_si(DisasContext *s, arg_ST1_si *a)
{
    if (a->msz > a->esz)
        return false;
    uint64_t desc =
        sve_desc(SVE_OP_ST1, 0, a->rd, 0, 0, a->pg,
                 (uint32_t)(a->msz | a->esz << 2) | imm_aux(a->imm));
    TCGv_i64 addr = gen_addr(s, a->rn, -1, 0);

    if (a->msz == a->esz &&
        gen_mem_vl128(s, desc, addr, a->imm, a->pg, a->esz, true))
        return true;
    gen_mem(desc, addr);
    return true;
}

static bool trans_ST1_ss(DisasContext *s, arg_ST1_ss *a)
{
    if (a->msz > a->esz || a->rm == 31)
        return false;
    uint64_t desc = sve_desc(SVE_OP_ST1, 0, a->rd, 0, 0, a->pg,
                             (uint32_t)(a->msz | a->esz << 2));
    TCGv_i64 addr = gen_addr(s, a->rn, a->rm, a->msz);

    if (a->msz == a->esz &&
        gen_mem_vl128(s, desc, addr, 0, a->pg, a->esz, true))
        return true;
    gen_mem(desc, addr);
    return true;
}

static bool trans_LD1R(DisasContext *s, arg_LD1R *a)
{
    gen_mem(sve_desc(SVE_OP_LD1R, 0, a->rd, 0, 0, a->pg,
                     (uint32_t)(a->dth << 2 | a->dtl) | (uint32_t)a->imm << 8),
            gen_addr(s, a->rn, -1, 0));
    return true;
}

/* nreg 0 is LDNT1/STNT1 (one register), 1..3 LD2..LD4/ST2..ST4. */
static uint32_t ldn_aux(int64_t msz, int64_t nreg, int64_t imm)
{
    return (uint32_t)(msz | nreg << 2) | imm_aux(imm);
}

static bool trans_LDN_si(DisasContext *s, arg_LDN_si *a)
{
    gen_mem(sve_desc(SVE_OP_LDN, 0, a->rd, 0, 0, a->pg,
                     ldn_aux(a->msz, a->nreg, a->imm)),
            gen_addr(s, a->rn, -1, 0));
    return true;
}

static bool trans_LDN_ss(DisasContext *s, arg_LDN_ss *a)
{
    if (a->rm == 31)
        return false;
    gen_mem(sve_desc(SVE_OP_LDN, 0, a->rd, 0, 0, a->pg,
                     ldn_aux(a->msz, a->nreg, 0)),
            gen_addr(s, a->rn, a->rm, a->msz));
    return true;
}

static bool trans_STN_si(DisasContext *s, arg_STN_si *a)
{
    gen_mem(sve_desc(SVE_OP_STN, 0, a->rd, 0, 0, a->pg,
                     ldn_aux(a->msz, a->nreg, a->imm)),
            gen_addr(s, a->rn, -1, 0));
    return true;
}

static bool trans_STN_ss(DisasContext *s, arg_STN_ss *a)
{
    if (a->rm == 31)
        return false;
    gen_mem(sve_desc(SVE_OP_STN, 0, a->rd, 0, 0, a->pg,
                     ldn_aux(a->msz, a->nreg, 0)),
            gen_addr(s, a->rn, a->rm, a->msz));
    return true;
}

/* ---- LDR, STR (vector, predicate) ---- */

static void gen_ldr_str(DisasContext *s, SveOp op, int rd, int rn, int64_t imm,
                        bool pred)
{
    gen_mem(sve_desc(op, 0, (unsigned)rd, 0, 0, 0,
                     (uint32_t)(imm & 0x1ff) | (pred ? SVE_LDR_PRED : 0)),
            gen_addr(s, rn, -1, 0));
}

static bool trans_LDR_z(DisasContext *s, arg_LDR_z *a)
{
    gen_ldr_str(s, SVE_OP_LDR, a->rd, a->rn, a->imm9, false);
    return true;
}

static bool trans_STR_z(DisasContext *s, arg_STR_z *a)
{
    gen_ldr_str(s, SVE_OP_STR, a->rd, a->rn, a->imm9, false);
    return true;
}

static bool trans_LDR_p(DisasContext *s, arg_LDR_p *a)
{
    gen_ldr_str(s, SVE_OP_LDR, a->rd, a->rn, a->imm9, true);
    return true;
}

static bool trans_STR_p(DisasContext *s, arg_STR_p *a)
{
    gen_ldr_str(s, SVE_OP_STR, a->rd, a->rn, a->imm9, true);
    return true;
}

/* ---- AdvSIMD/FP writes of V registers (Arm: they zero Z above 128) ---- */

/* FP/SIMD data processing (op0 x111): Vd, except the compares (NZCV)
 * and the moves and conversions to a general register. (FMOV Vd.D[1], Xn
 * writes V[d] whole in the Arm ARM's Vpart[], so it zeroes Z too.) */
static uint32_t fp_simd_dest(uint32_t insn)
{
    unsigned opcode = (insn >> 16) & 7;

    if ((insn & 0x5f200000u) == 0x1e200000u) { /* scalar FP, bit 21 set */
        if ((insn & 0xfc00u) == 0 && opcode != 2 && opcode != 3 && opcode != 7)
            return 0; /* FCVT* to general, FMOV to general, FJCVTZS */
        if ((insn & 0x3c00u) == 0x2000u || (insn & 0x0c00u) == 0x0400u)
            return 0; /* FCMP, FCMPE, FCCMP, FCCMPE */
    }
    if ((insn & 0x5f200000u) == 0x1e000000u && opcode <= 1)
        return 0; /* FCVTZS, FCVTZU (fixed-point) to general */
    if ((insn & 0xbfe08400u) == 0x0e000400u &&
        (((insn >> 11) & 0xf) == 5 || ((insn >> 11) & 0xf) == 7))
        return 0; /* SMOV, UMOV */
    return 1u << (insn & 31);
}

/* Vt .. Vt+n-1 (modulo 32). */
static uint32_t vreg_run(unsigned vt, unsigned n)
{
    uint32_t mask = 0;

    for (unsigned i = 0; i < n; i++)
        mask |= 1u << ((vt + i) % 32);
    return mask;
}

/* Loads into V registers (op0 x1x0, bit 26 set); stores write none. */
static uint32_t vload_dest(uint32_t insn)
{
    static const uint8_t multiple_regs[16] = {4, 0, 4, 0, 3, 0, 3, 1,
                                              2, 0, 2, 0, 0, 0, 0, 0};
    unsigned vt = insn & 31, load = (insn >> 22) & 1;

    if (!(insn & (1u << 26)))
        return 0;
    switch ((insn >> 27) & 7) {
    case 3: return (insn >> 24) & 3 ? 0 : 1u << vt; /* literal (not MOPS) */
    case 5: return load ? 1u << vt | 1u << ((insn >> 10) & 31) : 0; /* pair */
    case 7: return load ? 1u << vt : 0;                             /* single */
    case 1:
        if (!load || (insn & 0x3e000000u) != 0x0c000000u)
            return 0;
        if (!(insn & (1u << 24)))
            return vreg_run(vt, multiple_regs[(insn >> 12) & 15]);
        return vreg_run(vt, (((insn >> 12) & 2) | ((insn >> 21) & 1)) + 1);
    default: return 0;
    }
}

void a64_sve_note_vreg_writes(DisasContext *s, uint32_t insn)
{
    unsigned op0 = (insn >> 25) & 0xf;
    uint32_t mask = 0;
    TCGv_i64 live;

    /* At VL 128 Z has no bits above V's, and a change of VL clears
     * zhi_live (sve.c): nothing to note. */
    if (!dc_has_feature(s, ARM_FEAT_SVE) || s->sve_vl128)
        return;
    if ((op0 & 7) == 7)
        mask = fp_simd_dest(insn);
    else if ((op0 & 5) == 4)
        mask = vload_dest(insn);
    if (!mask)
        return;
    live = tcg_temp_new_i64();
    tcg_gen_ld32u_i64(live, tcg_env, offsetof(CPUARMState, zhi_live));
    tcg_gen_andi_i64(live, live, ~(int64_t)mask);
    tcg_gen_st32_i64(live, tcg_env, offsetof(CPUARMState, zhi_live));
}

/* ---- entry points ---- */

/* The SVE decoders after sve.decode's, each owning its file's patterns
 * (trans_sve_<part>.c). */
static const struct {
    bool (*decode)(DisasContext *s, uint32_t insn);
    const char *(*describe)(uint32_t insn, char *buf, size_t len);
} sve_parts[] = {
    {a64_decode_sve_perm, a64_describe_sve_perm},
    {a64_decode_sve_arith, a64_describe_sve_arith},
    {a64_decode_sve_mem, a64_describe_sve_mem},
    {a64_decode_sve2, a64_describe_sve2},
    {a64_decode_sve_mm, a64_describe_sve_mm},
};

bool a64_decode_sve(DisasContext *s, uint32_t insn)
{
    if (!dc_has_feature(s, ARM_FEAT_SVE))
        return false;
    if (sve_decode(s, insn))
        return true;
    for (size_t i = 0; i < sizeof(sve_parts) / sizeof(sve_parts[0]); i++)
        if (sve_parts[i].decode(s, insn))
            return true;
    return false;
}

const char *a64_describe_sve(uint32_t insn, char *buf, size_t len)
{
    const char *d = sve_describe(insn, buf, len);

    for (size_t i = 0; !d && i < sizeof(sve_parts) / sizeof(sve_parts[0]); i++)
        d = sve_parts[i].describe(insn, buf, len);
    return d;
}
