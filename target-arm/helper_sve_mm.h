/*
 * Operation codes of helper_sve_mm (the SVE forms of BF16, I8MM, F32MM
 * and F64MM), shared by trans_sve_mm.c and helper_sve_mm.c. The
 * descriptor is helper_sve.h's; nothing here emits IR.
 */
#ifndef ARX_TARGET_ARM_HELPER_SVE_MM_H
#define ARX_TARGET_ARM_HELPER_SVE_MM_H

#include <stdint.h>

#include "target-arm/helper_sve.h"

/* What helper_sve_mm does (the descriptor's op field). */
typedef enum SveMmOp {
    SVE_MM_BFCVT,  /* aux: 1 BFCVTNT (odd halves), else BFCVT; pg */
    SVE_MM_BFDOT,  /* aux: SVE_MM_BY_ELEM | index */
    SVE_MM_BFMLAL, /* aux: SVE_MM_BY_ELEM | SVE_MM_TOP | index */
    SVE_MM_BFMMLA,
    SVE_MM_FMMLA,  /* esz 2 (F32MM) or 3 (F64MM) */
    SVE_MM_IMMLA,  /* aux: SVE_MM_N_UNSIGNED | SVE_MM_M_UNSIGNED */
    SVE_MM_DOT,    /* USDOT, SUDOT: aux as IMMLA's | SVE_MM_BY_ELEM | index */
    SVE_MM_PERM_Q, /* aux: 0 ZIP1 1 ZIP2 2 UZP1 3 UZP2 4 TRN1 5 TRN2 */
} SveMmOp;

/* aux bits above a 3-bit index. */
enum {
    SVE_MM_BY_ELEM = 1 << 3,
    SVE_MM_TOP = 1 << 4,
    SVE_MM_N_UNSIGNED = 1 << 5,
    SVE_MM_M_UNSIGNED = 1 << 6,
};

static inline uint64_t sve_mm_desc(SveMmOp op, unsigned esz, unsigned rd,
                                   unsigned rn, unsigned rm, unsigned pg,
                                   uint32_t aux)
{
    return sve_desc((SveOp)op, esz, rd, rn, rm, pg, aux);
}

#endif
