/*
 * MTE tag checks of SVE memory accesses (helper_sve.c, helper_sve_mem.c):
 * the bytes at a tagged address against its pointer's tag, as
 * helper_mte_check does for the scalar forms. No IR.
 */
#ifndef ARX_TARGET_ARM_SVE_MTE_H
#define ARX_TARGET_ARM_SVE_MTE_H

#include <stdbool.h>
#include <stdint.h>

#include "target-arm/cpu.h"

/* Whether SVE accesses are checked now: tagged pointers may exist, mte is
 * on and the thread asked for sync or async tag check faults. */
bool sve_mte_checking(const CPUARMState *env);

/* Checks bytes at the tagged addr. A sync mismatch leaves the calling
 * TCG_CALL_MAY_FAULT helper: SIGSEGV (SEGV_MTESERR) at its instruction,
 * fault address the first mismatching byte's; an async one notes the
 * fault (SEGV_MTEAERR later) and returns. */
void sve_mte_check(CPUARMState *env, uint64_t addr, uint64_t bytes,
                   bool is_write);
/* Whether the bytes at the tagged addr match (no fault, no note): the
 * non-faulting elements of LDFF1 and LDNF1. */
bool sve_mte_matches(const CPUARMState *env, uint64_t addr, uint64_t bytes);

#endif
