/*
 * Advanced SIMD helpers of the AArch32 translator (trans_neon*.c): they run
 * helper_simd.c's and helper_crypto.c's A64 element loops on D and Q
 * registers, and do what A64 lacks (VTBL, structure (de)interleaving).
 * Nothing here emits IR or touches guest memory.
 */
#ifndef ARX_TARGET_ARM_A32_HELPER_A32_NEON_H
#define ARX_TARGET_ARM_A32_HELPER_A32_NEON_H

#include <stdint.h>

/*
 * AArch32 sees D0-D31 = V0-V15; V16-V31 are free and stage operands for
 * the A64 helpers, which work on whole V registers by number.
 * An operand is a D register number (0-31; 32-63 name the staging
 * registers' halves) | NEON_OPND_Q when it is the Q register made of D(n)
 * and D(n+1); regs packs d | n << 7 | m << 14.
 */
enum {
    NEON_OPND_Q = 1 << 6,
    NEON_STAGE_D = 16, /* V16: destination (and accumulator) */
    NEON_STAGE_N = 17,
    NEON_STAGE_M = 18,
    NEON_STAGE_T = 19, /* temporary */
};

static inline uint64_t neon_opnd(int dreg, int q)
{
    return (uint64_t)dreg | (q ? NEON_OPND_Q : 0);
}

static inline uint64_t neon_regs(uint64_t d, uint64_t n, uint64_t m)
{
    return d | n << 7 | m << 14;
}

/* Which A64 helper helper_neon_call runs (extra bits 0-7). */
enum {
    NK_3SAME,    /* helper_simd_3same */
    NK_3SAME_FP, /* helper_simd_3same_fp */
    NK_3DIFF,    /* helper_simd_3diff */
    NK_2MISC,    /* helper_simd_2misc */
    NK_SHIFT,    /* helper_simd_shift_imm */
    NK_PERMUTE,  /* helper_simd_permute */
    NK_MLA_F,    /* VMLA.F32: d + n * m rounded twice (desc op ignored) */
    NK_MLS_F,    /* VMLS.F32: d - n * m rounded twice */
    NK_CRYPTO,   /* helper_crypto_fn(desc op): AES, SHA, PMULL */
    NK_EXT,      /* helper_simd_ext */
    NK_RECPS,    /* VRECPS.F32: 2 - n * m, the product rounded */
    NK_RSQRTS,   /* VRSQRTS.F32: (3 - n * m) / 2, the product rounded */
};

/* extra: kind | NEON_STD_FP | dup << 16, dup = 1 + (esz | idx << 2) to
 * broadcast element idx of m first (the "by scalar" forms), or 0. */
enum { NEON_STD_FP = 1 << 8 };

#include "target-arm/a32/helpers_neon.h"

#endif
