/*
 * The FEAT_MOPS helper (helper_mops.c) and the desc its caller passes.
 * Nothing here emits IR.
 */
#ifndef ARX_TARGET_ARM_HELPER_MOPS_H
#define ARX_TARGET_ARM_HELPER_MOPS_H

#include <stdint.h>

/* helper_mops's desc: kind | stage << 2 | Rd << 8 | Rs << 16 | Rn << 24. */
enum {
    MOPS_CPYF = 0, /* forward-only copy */
    MOPS_CPY = 1,  /* copy in the direction the overlap needs */
    MOPS_SET = 2,
    MOPS_PROLOGUE = 0,
    MOPS_MAIN = 1,
    MOPS_EPILOGUE = 2,
};

static inline uint64_t mops_desc(unsigned kind, unsigned stage, unsigned rd,
                                 unsigned rs, unsigned rn)
{
    return kind | stage << 2 | rd << 8 | rs << 16 | (uint64_t)rn << 24;
}

/* The prototypes: helpers.def (helpers_feat.def). */
#include "target-arm/helpers.h"

#endif
