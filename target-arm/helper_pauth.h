/*
 * The pointer authentication helpers (helper_pauth.c) and the desc bits
 * their callers pass. Nothing here emits IR.
 */
#ifndef ARX_TARGET_ARM_HELPER_PAUTH_H
#define ARX_TARGET_ARM_HELPER_PAUTH_H

#include <stdint.h>

/* pauth_aut's desc: the key (ARM_PAUTH_IA..DB) and the kind of AUT. */
enum {
    PAUTH_KEY_MASK = 3,
    PAUTH_COMBINED = 1 << 2, /* BRAA, RETAA, LDRAA...: only FPACCOMBINE
                                traps */
};

/* The prototypes: helpers.def (helpers_feat.def). */
#include "target-arm/helpers.h"

#endif
