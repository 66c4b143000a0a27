/*
 * Memory helpers called from translated A64 code for accesses too unusual
 * to inline (128-bit exclusive pairs). Helpers take and return uint64_t as
 * tcg/ir.h requires; they must not touch JIT internals.
 */
#ifndef ARX_TARGET_ARM_HELPER_MEM_H
#define ARX_TARGET_ARM_HELPER_MEM_H

#include <stdint.h>

/*
 * STXP/STLXP of an X pair: if addr is the monitored address, swap the
 * recorded 128-bit value (exclusive_val low, exclusive_high high) for
 * lo:hi. Returns the status for Ws (0 success, 1 failure) and clears the
 * monitor.
 */
uint64_t helper_stxp128(uint64_t env, uint64_t addr, uint64_t lo,
                        uint64_t hi);

#endif
