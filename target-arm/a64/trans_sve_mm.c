/*
 * Translator of the SVE forms of BF16, I8MM, F32MM and F64MM
 * (sve_mm.decode, chained after the other SVE decoders): checks the
 * feature and encoding, then calls helper_sve_mm (helper_sve_mm.h), or
 * helper_sve_gs for LD1RO. Nothing here depends on the vector length.
 */
#include "target-arm/a64/translate.h"

#include "target-arm/helper_info.h"
#include "target-arm/helper_sve_mem.h"
#include "target-arm/helper_sve_mm.h"

#include "sve_mm.dec.c"

static bool gen_mm(DisasContext *s, ArmFeature f, uint64_t desc)
{
    if (!dc_has_feature(s, f))
        return false;
    tcg_gen_call2(&helper_info_sve_mm, NULL, tcg_ptr_as_i64(tcg_env),
                  const_arg((int64_t)desc));
    return true;
}

static bool gen_mm3(DisasContext *s, ArmFeature f, SveMmOp op, unsigned esz,
                    int64_t rd, int64_t rn, int64_t rm, uint32_t aux)
{
    return gen_mm(
        s, f,
        sve_mm_desc(op, esz, (unsigned)rd, (unsigned)rn, (unsigned)rm, 0, aux));
}

/* LD1RO, the .Q permutes, FMMLA .D: UNDEFINED below VL 256 (the VL is
 * the thread's, so checked when run). */
static void gen_undef_below_256(DisasContext *s)
{
    TCGv_i64 vq = tcg_temp_new_i64();

    tcg_gen_ld32u_i64(vq, tcg_env, offsetof(CPUARMState, sve_vq));
    tcg_gen_setcondi_i64(TCG_COND_LTU, vq, vq, 2);
    gen_exception_insn_if(s, vq, EXCP_UDEF, s->insn);
}

/* ---- BF16 ---- */

static bool trans_BFCVT(DisasContext *s, arg_BFCVT *a)
{
    return gen_mm(s, ARM_FEAT_BF16,
                  sve_mm_desc(SVE_MM_BFCVT, 2, (unsigned)a->rd, (unsigned)a->rn,
                              0, (unsigned)a->pg, !a->plain));
}

static bool trans_BFDOT_zzz(DisasContext *s, arg_BFDOT_zzz *a)
{
    return gen_mm3(s, ARM_FEAT_BF16, SVE_MM_BFDOT, 2, a->rd, a->rn, a->rm, 0);
}

static bool trans_BFDOT_idx(DisasContext *s, arg_BFDOT_idx *a)
{
    return gen_mm3(s, ARM_FEAT_BF16, SVE_MM_BFDOT, 2, a->rd, a->rn, a->rm,
                   SVE_MM_BY_ELEM | (uint32_t)a->idx);
}

static bool trans_BFMLAL_zzz(DisasContext *s, arg_BFMLAL_zzz *a)
{
    return gen_mm3(s, ARM_FEAT_BF16, SVE_MM_BFMLAL, 2, a->rd, a->rn, a->rm,
                   a->top ? SVE_MM_TOP : 0);
}

static bool trans_BFMLAL_idx(DisasContext *s, arg_BFMLAL_idx *a)
{
    return gen_mm3(s, ARM_FEAT_BF16, SVE_MM_BFMLAL, 2, a->rd, a->rn, a->rm,
                   (a->top ? SVE_MM_TOP : 0) | SVE_MM_BY_ELEM |
                       (uint32_t)a->idx);
}

/* sz 01 BFMMLA (BF16), 10 FMMLA .S (F32MM), 11 FMMLA .D (F64MM). */
static bool trans_FMMLA(DisasContext *s, arg_FMMLA *a)
{
    switch (a->sz) {
    case 1:
        return gen_mm3(s, ARM_FEAT_BF16, SVE_MM_BFMMLA, 2, a->rd, a->rn, a->rm,
                       0);
    case 2:
        return gen_mm3(s, ARM_FEAT_F32MM, SVE_MM_FMMLA, 2, a->rd, a->rn, a->rm,
                       0);
    case 3:
        if (!dc_has_feature(s, ARM_FEAT_F64MM))
            return false;
        gen_undef_below_256(s);
        return gen_mm3(s, ARM_FEAT_F64MM, SVE_MM_FMMLA, 3, a->rd, a->rn, a->rm,
                       0);
    default: return false;
    }
}

/* ---- I8MM ---- */

static bool trans_MMLA(DisasContext *s, arg_MMLA *a)
{
    static const uint32_t sign[4] = {0, 0, SVE_MM_N_UNSIGNED,
                                     SVE_MM_N_UNSIGNED | SVE_MM_M_UNSIGNED};

    if (a->uns == 1)
        return false;
    return gen_mm3(s, ARM_FEAT_I8MM, SVE_MM_IMMLA, 2, a->rd, a->rn, a->rm,
                   sign[a->uns]);
}

static bool trans_USDOT_zzz(DisasContext *s, arg_USDOT_zzz *a)
{
    return gen_mm3(s, ARM_FEAT_I8MM, SVE_MM_DOT, 2, a->rd, a->rn, a->rm,
                   SVE_MM_N_UNSIGNED);
}

/* su 0: USDOT (Zn unsigned), 1: SUDOT (Zm unsigned). */
static bool trans_USDOT_idx(DisasContext *s, arg_USDOT_idx *a)
{
    return gen_mm3(s, ARM_FEAT_I8MM, SVE_MM_DOT, 2, a->rd, a->rn, a->rm,
                   (a->su ? SVE_MM_M_UNSIGNED : SVE_MM_N_UNSIGNED) |
                       SVE_MM_BY_ELEM | (uint32_t)a->idx);
}

/* ---- F64MM ---- */

/* LD1RO* at Xn + imm * 32, or Xn + (Xm << msz) (rm < 31). */
static bool gen_ld1ro(DisasContext *s, int64_t msz, int64_t rd, int64_t pg,
                      int64_t rn, int64_t rm, int64_t imm)
{
    uint64_t desc = sve_desc((SveOp)SVE_MEM_LD1RO, (unsigned)msz, (unsigned)rd,
                             0, 0, (unsigned)pg, 0);
    TCGv_i64 addr = tcg_temp_new_i64();

    if (!dc_has_feature(s, ARM_FEAT_F64MM))
        return false;
    gen_undef_below_256(s);
    if (rm < 31) {
        tcg_gen_shli_i64(addr, read_xreg(s, (int)rm), msz);
        tcg_gen_add_i64(addr, addr, read_xreg_sp(s, (int)rn));
    } else {
        tcg_gen_addi_i64(addr, read_xreg_sp(s, (int)rn), imm * 32);
    }
    tcg_gen_call3(&helper_info_sve_gs, NULL, tcg_ptr_as_i64(tcg_env),
                  const_arg((int64_t)desc), addr);
    return true;
}

static bool trans_LD1RO_si(DisasContext *s, arg_LD1RO_si *a)
{
    return gen_ld1ro(s, a->msz, a->rd, a->pg, a->rn, 31, a->imm);
}

static bool trans_LD1RO_ss(DisasContext *s, arg_LD1RO_ss *a)
{
    if (a->rm == 31)
        return false;
    return gen_ld1ro(s, a->msz, a->rd, a->pg, a->rn, a->rm, 0);
}

/* opc 000-011: ZIP1, ZIP2, UZP1, UZP2; 110, 111: TRN1, TRN2. */
static bool trans_PERM_q(DisasContext *s, arg_PERM_q *a)
{
    if (a->opc == 4 || a->opc == 5 || !dc_has_feature(s, ARM_FEAT_F64MM))
        return false;
    gen_undef_below_256(s);
    return gen_mm3(s, ARM_FEAT_F64MM, SVE_MM_PERM_Q, 0, a->rd, a->rn, a->rm,
                   (uint32_t)(a->opc < 4 ? a->opc : a->opc - 2));
}

/* ---- entry point (a64_decode_sve's sve_parts) ---- */

bool a64_decode_sve_mm(DisasContext *s, uint32_t insn)
{
    return sve_mm_decode(s, insn);
}

/* -d in_asm: the pattern's name. */
const char *a64_describe_sve_mm(uint32_t insn, char *buf, size_t len)
{
    return sve_mm_describe(insn, buf, len);
}
