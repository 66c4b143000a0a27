/*
 * Translator of the SVE permutes, element moves, predicate partitioning
 * and counts by predicate (sve_perm.decode): checks the encoding, then
 * calls helper_sve_perm with a descriptor (helper_sve_perm.h). Tried
 * after sve.decode by a64_decode_sve, which checks the sve feature.
 */
#include "target-arm/a64/translate.h"

#include "target-arm/a64/sve_vl128.h"

#include "target-arm/flags.h"
#include "target-arm/helper_info.h"
#include "target-arm/helper_sve_perm.h"

#include "sve_perm.dec.c"

/* The predicate number meaning "every element" (helper_sve_perm.c). */
#define ALL_ACTIVE 16

static TCGv_i64 gen_perm(uint64_t desc, TCGv_i64 a, TCGv_i64 b)
{
    TCGv_i64 ret = tcg_temp_new_i64();

    tcg_gen_call4(&helper_info_sve_perm, &ret, tcg_ptr_as_i64(tcg_env),
                  const_arg((int64_t)desc), a, b);
    return ret;
}

static void gen_perm0(uint64_t desc)
{
    gen_perm(desc, const_arg(0), const_arg(0));
}

/* ---- element extraction and insertion ---- */

static bool trans_LAST_r(DisasContext *s, arg_LAST_r *a)
{
    uint64_t desc =
        sve_perm_desc(SVE_PERM_LAST, a->esz, 0, a->rn, 0, a->pg, a->b);

    write_xreg(s, a->rd, gen_perm(desc, const_arg(0), const_arg(0)),
               a->esz == 3);
    return true;
}

static bool trans_LAST_v(DisasContext *s, arg_LAST_v *a)
{
    (void)s;
    gen_perm0(sve_perm_desc(SVE_PERM_LAST, a->esz, a->rd, a->rn, 0, a->pg,
                            a->b | SVE_PERM_TO_V));
    return true;
}

static bool trans_CLAST_r(DisasContext *s, arg_CLAST_r *a)
{
    uint64_t desc =
        sve_perm_desc(SVE_PERM_CLAST, a->esz, 0, 0, a->rm, a->pg, a->b);

    write_xreg(s, a->rd, gen_perm(desc, read_xreg(s, a->rd), const_arg(0)),
               a->esz == 3);
    return true;
}

static bool trans_CLAST_v(DisasContext *s, arg_CLAST_v *a)
{
    (void)s;
    gen_perm0(sve_perm_desc(SVE_PERM_CLAST, a->esz, a->rd, 0, a->rm, a->pg,
                            a->b | SVE_PERM_TO_V));
    return true;
}

static bool trans_CLAST_z(DisasContext *s, arg_CLAST_z *a)
{
    (void)s;
    gen_perm0(
        sve_perm_desc(SVE_PERM_CLAST_Z, a->esz, a->rd, 0, a->rm, a->pg, a->b));
    return true;
}

static bool trans_CPY_r(DisasContext *s, arg_CPY_r *a)
{
    gen_perm(sve_perm_desc(SVE_PERM_CPY, a->esz, a->rd, 0, 0, a->pg, 0),
             read_xreg_sp(s, a->rn), const_arg(0));
    return true;
}

static bool trans_CPY_v(DisasContext *s, arg_CPY_v *a)
{
    (void)s;
    gen_perm0(sve_perm_desc(SVE_PERM_CPY, a->esz, a->rd, a->rn, 0, a->pg,
                            SVE_PERM_TO_V));
    return true;
}

static bool trans_INSR_r(DisasContext *s, arg_INSR_r *a)
{
    gen_perm(sve_perm_desc(SVE_PERM_INSR, a->esz, a->rd, 0, 0, 0, 0),
             read_xreg(s, a->rm), const_arg(0));
    return true;
}

static bool trans_INSR_v(DisasContext *s, arg_INSR_v *a)
{
    (void)s;
    gen_perm0(sve_perm_desc(SVE_PERM_INSR, a->esz, a->rd, a->rm, 0, 0,
                            SVE_PERM_TO_V));
    return true;
}

/* ---- permutes ---- */

static bool trans_EXT(DisasContext *s, arg_EXT *a)
{
    (void)s;
    gen_perm0(
        sve_perm_desc(SVE_PERM_EXT, 0, a->rd, 0, a->rm, 0, (uint32_t)a->imm8));
    return true;
}

static bool trans_SPLICE(DisasContext *s, arg_SPLICE *a)
{
    (void)s;
    gen_perm0(
        sve_perm_desc(SVE_PERM_SPLICE, a->esz, a->rd, 0, a->rm, a->pg, 0));
    return true;
}

static bool trans_COMPACT(DisasContext *s, arg_COMPACT *a)
{
    (void)s;
    if (a->esz < 2)
        return false;
    gen_perm0(
        sve_perm_desc(SVE_PERM_COMPACT, a->esz, a->rd, a->rn, 0, a->pg, 0));
    return true;
}

static bool trans_TBL(DisasContext *s, arg_TBL *a)
{
    (void)s;
    gen_perm0(sve_perm_desc(SVE_PERM_TBL, a->esz, a->rd, a->rn, a->rm, 0, 0));
    return true;
}

static bool trans_RBIT(DisasContext *s, arg_RBIT *a)
{
    (void)s;
    gen_perm0(sve_perm_desc(SVE_PERM_RBIT, a->esz, a->rd, a->rn, 0, a->pg, 0));
    return true;
}

/* ---- predicate partitioning: the S forms set NZCV ---- */

static void gen_perm_flags(uint64_t desc, bool set_flags)
{
    TCGv_i64 nzcv = gen_perm(desc, const_arg(0), const_arg(0));

    if (set_flags)
        gen_set_nzcv(nzcv);
}

static bool trans_BRK(DisasContext *s, arg_BRK *a)
{
    if (a->s && a->m)
        return false;
    if (sve_vl128_brk(s, a->b, a->m, a->s, a->rd, a->rn, a->pg))
        return true;
    gen_perm_flags(sve_perm_desc(SVE_PERM_BRK, 0, a->rd, a->rn, 0, a->pg,
                                 a->b | (a->m ? SVE_PERM_MERGE : 0)),
                   a->s);
    return true;
}

static bool trans_BRKN(DisasContext *s, arg_BRKN *a)
{
    (void)s;
    gen_perm_flags(sve_perm_desc(SVE_PERM_BRKN, 0, a->rd, a->rn, 0, a->pg, 0),
                   a->s);
    return true;
}

static bool trans_BRKP(DisasContext *s, arg_BRKP *a)
{
    (void)s;
    gen_perm_flags(
        sve_perm_desc(SVE_PERM_BRKP, 0, a->rd, a->rn, a->rm, a->pg, a->b),
        a->s);
    return true;
}

static bool trans_PFIRST(DisasContext *s, arg_PFIRST *a)
{
    (void)s;
    gen_perm_flags(sve_perm_desc(SVE_PERM_PFIRST, 0, a->rd, 0, 0, a->pg, 0),
                   true);
    return true;
}

static bool trans_PNEXT(DisasContext *s, arg_PNEXT *a)
{
    (void)s;
    gen_perm_flags(sve_perm_desc(SVE_PERM_PNEXT, a->esz, a->rd, 0, 0, a->pg, 0),
                   true);
    return true;
}

/* ---- counts by predicate ---- */

static bool trans_CNTP(DisasContext *s, arg_CNTP *a)
{
    TCGv_i64 count;

    if (sve_vl128_cntp(s, a->esz, a->rn, a->pg, &count)) {
        write_xreg(s, a->rd, count, 1);
        return true;
    }
    write_xreg(
        s, a->rd,
        gen_perm(sve_perm_desc(SVE_PERM_CNTP, a->esz, 0, a->rn, 0, a->pg, 0),
                 const_arg(0), const_arg(0)),
        1);
    return true;
}

/* Xdn +- CNTP(Pm) as flags say (SVE_PERM_SAT_*). */
static void gen_satp(DisasContext *s, unsigned esz, unsigned rd, unsigned pm,
                     unsigned flags)
{
    uint64_t desc =
        sve_perm_desc(SVE_PERM_SATP, esz, 0, ALL_ACTIVE, 0, pm, flags);

    write_xreg(s, (int)rd, gen_perm(desc, read_xreg(s, (int)rd), const_arg(0)),
               1);
}

static bool trans_INCDECP_r(DisasContext *s, arg_INCDECP_r *a)
{
    TCGv_i64 count, sum;

    if (sve_vl128_cntp(s, a->esz, a->pm, -1, &count)) {
        sum = tcg_temp_new_i64();
        if (a->d)
            tcg_gen_sub_i64(sum, read_xreg(s, a->rd), count);
        else
            tcg_gen_add_i64(sum, read_xreg(s, a->rd), count);
        write_xreg(s, a->rd, sum, 1);
        return true;
    }
    gen_satp(s, a->esz, a->rd, a->pm,
             SVE_PERM_SAT_WRAP | SVE_PERM_SAT_64 |
                 (a->d ? SVE_PERM_SAT_DEC : 0));
    return true;
}

static unsigned sat_flags(int64_t d, int64_t u)
{
    return (d ? SVE_PERM_SAT_DEC : 0) | (u ? SVE_PERM_SAT_UNSIGNED : 0);
}

static bool trans_SATP_r(DisasContext *s, arg_SATP_r *a)
{
    gen_satp(s, a->esz, a->rd, a->pm,
             sat_flags(a->d, a->u) | (a->sf ? SVE_PERM_SAT_64 : 0));
    return true;
}

/* The vector forms: no byte elements. */
static bool gen_incdec_z(unsigned esz, unsigned rd, unsigned pm, unsigned flags,
                         TCGv_i64 count)
{
    if (esz == 0)
        return false;
    gen_perm(
        sve_perm_desc(SVE_PERM_INCDEC_Z, esz, rd, ALL_ACTIVE, 0, pm, flags),
        count, const_arg(0));
    return true;
}

static bool trans_INCDECP_z(DisasContext *s, arg_INCDECP_z *a)
{
    TCGv_i64 count;

    if (a->esz != 0 && sve_vl128_cntp(s, a->esz, a->pm, -1, &count)) {
        if (a->d)
            tcg_gen_neg_i64(count, count);
        if (sve_vl128_add_each(s, a->esz, a->rd, count))
            return true;
    }
    return gen_incdec_z(a->esz, a->rd, a->pm,
                        SVE_PERM_SAT_WRAP | (a->d ? SVE_PERM_SAT_DEC : 0),
                        const_arg(0));
}

static bool trans_SATP_z(DisasContext *s, arg_SATP_z *a)
{
    (void)s;
    return gen_incdec_z(a->esz, a->rd, a->pm, sat_flags(a->d, a->u),
                        const_arg(0));
}

/* SQINCH ... UQDECD (vector): DecodePredCount(pattern) * imm, from
 * helper_sve_op's SVE_OP_ELEMENTS. */
static bool trans_SATCNT_z(DisasContext *s, arg_SATCNT_z *a)
{
    TCGv_i64 count = tcg_temp_new_i64();

    (void)s;
    if (a->esz == 0)
        return false;
    tcg_gen_call4(&helper_info_sve_op, &count, tcg_ptr_as_i64(tcg_env),
                  const_arg((int64_t)sve_desc(SVE_OP_ELEMENTS, a->esz, 0, 0, 0,
                                              0, a->pattern)),
                  const_arg(0), const_arg(0));
    tcg_gen_muli_i64(count, count, a->imm4 + 1);
    return gen_incdec_z(a->esz, a->rd, ALL_ACTIVE, sat_flags(a->d, a->u),
                        count);
}

/* CTERMEQ, CTERMNE: the operands' difference and NZCV to the helper. */
static bool trans_CTERM(DisasContext *s, arg_CTERM *a)
{
    TCGv_i64 diff = tcg_temp_new_i64();

    tcg_gen_xor_i64(diff, read_xreg(s, a->rn), read_xreg(s, a->rm));
    if (!a->sz)
        tcg_gen_ext32u_i64(diff, diff);
    gen_set_nzcv(gen_perm(sve_perm_desc(SVE_PERM_CTERM, 0, 0, 0, 0, 0, a->ne),
                          diff, gen_get_nzcv()));
    return true;
}

/* ---- entry point ---- */

bool a64_decode_sve_perm(DisasContext *s, uint32_t insn)
{
    return sve_perm_decode(s, insn);
}

/* -d in_asm: the pattern's name (a64_describe_sve asks after sve.decode). */
const char *a64_describe_sve_perm(uint32_t insn, char *buf, size_t len)
{
    return sve_perm_describe(insn, buf, len);
}
