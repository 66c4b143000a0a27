/*
 * The FEAT_MTE helpers (helper_mte.c, rows in helpers_feat.def) and the
 * desc bits their callers pass. Nothing here emits IR.
 */
#ifndef ARX_TARGET_ARM_HELPER_MTE_H
#define ARX_TARGET_ARM_HELPER_MTE_H

#include <stdint.h>

/* mte_check's desc: the access's size in bytes; MTE_DESC_BLOCK: the
 * aligned block of that size holding addr, a fault reporting addr (DC
 * ZVA, whose FAR is Xt). */
enum {
    MTE_DESC_BYTES = 0xffff,
    MTE_DESC_BLOCK = 1 << 16,
};

/* The prototypes: helpers.def (helpers_feat.def). */
#include "target-arm/helpers.h"

#endif
