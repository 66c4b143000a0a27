/*
 * Scalar FADD/FSUB/FMUL/FDIV, FSQRT and the FMADD family as tcg
 * fp_guarded ops: the host's IEEE op inline, and the Arm helper (the
 * reference) as the out-of-line slow path when FPCR asks for more than
 * round-to-nearest or the result is a NaN. The adapters below give the
 * helpers the argument order fp_guarded's slow path uses.
 */
#include "target-arm/a64/translate.h"

#include <stddef.h>

#include "target-arm/helper_fp.h"
#include "target-arm/helper_info.h"

static uint64_t slow_binop(uint64_t env, uint64_t n, uint64_t m,
                           uint64_t unused, uint64_t desc)
{
    (void)unused;
    return helper_fp_binop(env, n, m, desc);
}

/* The inline FMA takes n, m, then the addend. */
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

/* The helpers' own flags (TCG_CALL_NO_GLOBALS, which the slow path
 * assumes: see tcg_gen_fp_guarded). */
static const TCGHelper slow_helpers[] = {
    [A64_FP_GUARD_BINOP] = {"fp_binop", (void *)slow_binop,
                            HELPER_FLAGS_fp_binop},
    [A64_FP_GUARD_MULADD] = {"fp_muladd", (void *)slow_muladd,
                             HELPER_FLAGS_fp_muladd},
    [A64_FP_GUARD_SQRT] = {"fp_sqrt", (void *)slow_sqrt, HELPER_FLAGS_fp_sqrt},
};

int32_t a64_fp_mode_ofs(const DisasContext *s, uint32_t mask)
{
    if (s->fp_fixed && !(s->fp_mode & mask))
        return TCG_FP_MODE_FIXED;
    return (int32_t)offsetof(CPUARMState, fpcr);
}

/* A guarded op's mode_mask for its mode word: the flush bits set in a
 * fixed mode (with IXC known set under FZ, TCG_FP_MODE_INEXACT_SET:
 * ARM_TBFLAG_FP_IXC_CLEAR in cpu.h), else the bits that send it to the
 * helper. */
static uint32_t guarded_mode_mask(const DisasContext *s, int32_t mode_ofs)
{
    if (mode_ofs != TCG_FP_MODE_FIXED)
        return FPCR_GUARDED_NOT_INLINE;
    if ((s->fp_mode & FPCR_FZ) && !s->fp_ixc_clear)
        return FPCR_FZ | TCG_FP_MODE_INEXACT_SET;
    return s->fp_mode & FPCR_FZ;
}

bool a64_gen_fp_guarded(const DisasContext *s, TCGOpcode inner, TCGv_i64 d,
                        const TCGv_i64 *in, A64FpGuard slow, uint64_t desc)
{
    int32_t mode_ofs = a64_fp_mode_ofs(s, FPCR_GUARDED_NOT_INLINE);

    if (!tcg_can_emit_fp_guarded(inner))
        return false;
    tcg_gen_fp_guarded(inner, d, in, mode_ofs, guarded_mode_mask(s, mode_ofs),
                       &slow_helpers[slow], desc);
    return true;
}

bool a64_gen_fp_guarded_env(const DisasContext *s, TCGOpcode inner, int rd,
                            const int *rin, A64FpGuard slow, uint64_t desc)
{
    int32_t mode_ofs = a64_fp_mode_ofs(s, FPCR_GUARDED_NOT_INLINE);
    int32_t in[3] = {0, 0, 0};

    if (!tcg_can_emit_fp_guarded(inner))
        return false;
    for (int i = 0; i < tcg_op_defs[inner].nb_iargs; i++)
        in[i] = vreg_offset(rin[i]);
    tcg_gen_fp_guarded_env(inner, vreg_offset(rd), in, mode_ofs,
                           guarded_mode_mask(s, mode_ofs), &slow_helpers[slow],
                           desc);
    return true;
}
