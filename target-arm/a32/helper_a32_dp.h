/*
 * The operand encodings the AArch32 media helpers (helper_a32_dp.c) share
 * with trans_dp.c; the helpers' prototypes come from target-arm/helpers.h.
 */
#ifndef ARX_TARGET_ARM_A32_HELPER_A32_DP_H
#define ARX_TARGET_ARM_A32_HELPER_A32_DP_H

/* Parallel add/subtract operations, A32 op2 numbering. */
enum {
    A32_PAR_ADD16 = 0,
    A32_PAR_ASX = 1,
    A32_PAR_SAX = 2,
    A32_PAR_SUB16 = 3,
    A32_PAR_ADD8 = 4,
    A32_PAR_SUB8 = 7,
};

/* Their kinds, A32 op1 numbering (0 and 4 are not used). */
enum {
    A32_PK_S = 1,  /* signed modular, sets GE */
    A32_PK_Q = 2,  /* signed saturating */
    A32_PK_SH = 3, /* signed halving */
    A32_PK_U = 5,  /* unsigned modular, sets GE */
    A32_PK_UQ = 6, /* unsigned saturating */
    A32_PK_UH = 7, /* unsigned halving */
};

#endif
