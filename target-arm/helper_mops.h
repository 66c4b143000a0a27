/*
 * The FEAT_MOPS helper (helper_mops.c) and the desc its caller passes.
 * Nothing here emits IR.
 */
#ifndef ARX_TARGET_ARM_HELPER_MOPS_H
#define ARX_TARGET_ARM_HELPER_MOPS_H

#include <stdint.h>

/* helper_mops's desc: kind | stage << 2 | Rd << 8 | Rs << 16 | Rn << 24.
 * The translator does the prologues inline; the helper takes the main and
 * epilogue stages. */
enum {
    MOPS_CPYF = 0, /* forward-only copy */
    MOPS_CPY = 1,  /* copy in the direction the overlap needs */
    MOPS_SET = 2,
    MOPS_PROLOGUE = 0,
    MOPS_MAIN = 1,
    MOPS_EPILOGUE = 2,
};

/* ArchMaxMOPSCPYSize: CPYP saturates Xn with bits 63:55 set to this. */
#define MOPS_CPY_MAX UINT64_C(0x007fffffffffffff)
/* CPYFP and SETP saturate Xn with bit 63 set to this. */
#define MOPS_MAX UINT64_C(0x7fffffffffffffff)
/* IsMemCpyForward compares addresses in bits 55:0. */
#define MOPS_ADDR_MASK ((UINT64_C(1) << 56) - 1)

static inline uint64_t mops_desc(unsigned kind, unsigned stage, unsigned rd,
                                 unsigned rs, unsigned rn)
{
    return kind | stage << 2 | rd << 8 | rs << 16 | (uint64_t)rn << 24;
}

/* The prototypes: helpers.def (helpers_feat.def). */
#include "target-arm/helpers.h"

#endif
