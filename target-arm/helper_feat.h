/*
 * Helpers of the optional A64 features (features.def) that inline IR
 * would make long: FRINTTS, FJCVTZS, the dot products and matrix
 * multiplies, FCMLA/FCADD, SM3/SM4, BF16, CNT, RNDR. Nothing here emits
 * IR.
 */
#ifndef ARX_TARGET_ARM_HELPER_FEAT_H
#define ARX_TARGET_ARM_HELPER_FEAT_H

#include <stdint.h>

/* feat_frint's desc. */
enum {
    FEAT_FRINT_DOUBLE = 1 << 0, /* D elements, else S */
    FEAT_FRINT_64 = 1 << 1,     /* FRINT64*, else FRINT32* */
    FEAT_FRINT_X = 1 << 2,      /* rounding per FPCR, else toward zero */
    FEAT_FRINT_SCALAR = 1 << 3, /* one element, the rest of Vd zeroed */
    FEAT_FRINT_Q = 1 << 4,      /* 128-bit vector, else 64-bit */
};

/* feat_dot's desc: the operation, signedness of each operand, index. */
enum {
    FEAT_DOT_Q = 1 << 0,          /* 128-bit vector, else 64-bit */
    FEAT_DOT_N_UNSIGNED = 1 << 1, /* Vn's bytes are unsigned */
    FEAT_DOT_M_UNSIGNED = 1 << 2, /* Vm's bytes are unsigned */
    FEAT_DOT_BY_ELEM = 1 << 3,    /* Vm's 32-bit element IDX for every lane */
    FEAT_DOT_MMLA = 1 << 4,       /* 2x8 by 8x2 matrix multiply-accumulate */
    FEAT_DOT_IDX_SHIFT = 8,
};

/* feat_cmplx's desc: element size log2 (1 H, 2 S, 3 D) in bits 0-1. */
enum {
    FEAT_CMPLX_Q = 1 << 2,       /* 128-bit vector, else 64-bit */
    FEAT_CMPLX_ROT_SHIFT = 3,    /* rotation / 90 degrees, 2 bits */
    FEAT_CMPLX_ADD = 1 << 5,     /* FCADD (rot 1 or 3), else FCMLA */
    FEAT_CMPLX_BY_ELEM = 1 << 6, /* Vm's complex pair IDX for every pair */
    FEAT_CMPLX_IDX_SHIFT = 8,
};

/* feat_sm's desc: the operation in bits 0-3, then the SM3TT lane and the
 * SM3SS1 third register. */
enum {
    FEAT_SM3SS1,
    FEAT_SM3TT1A,
    FEAT_SM3TT1B,
    FEAT_SM3TT2A,
    FEAT_SM3TT2B,
    FEAT_SM3PARTW1,
    FEAT_SM3PARTW2,
    FEAT_SM4E,
    FEAT_SM4EKEY,
    FEAT_SM_LANE_SHIFT = 4, /* SM3TT*: imm2 */
    FEAT_SM_RA_SHIFT = 8,   /* SM3SS1: Va */
};

/* feat_bf16's desc: the operation in bits 0-2, Q, the top half (BFMLALT,
 * BFCVTN2), the index of by-element forms. */
enum {
    FEAT_BFDOT,
    FEAT_BFMMLA,
    FEAT_BFMLAL,
    FEAT_BFCVT,  /* scalar: Hd, the rest of Vd zeroed */
    FEAT_BFCVTN, /* four S to four BF16 in the lower (upper: TOP) half */
    FEAT_BF_Q = 1 << 3,
    FEAT_BF_TOP = 1 << 4,
    FEAT_BF_BY_ELEM = 1 << 5,
    FEAT_BF_IDX_SHIFT = 8,
};

/* BFDotAdd() (no FEAT_EBF16): sum plus the products of the BF16 pairs
 * n and m; FPConvertBF() of a single with FPCR's rounding and FPSR's
 * flags. Also the SVE forms' (helper_sve_mm.c). */
uint32_t feat_bf_dot_add(uint32_t sum, uint32_t n, uint32_t m);
struct CPUARMState;
uint16_t feat_bf_convert(struct CPUARMState *env, uint32_t a);

/* The prototypes: helpers.def (helpers_feat.def). */
#include "target-arm/helpers.h"

#endif
