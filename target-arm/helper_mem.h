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

/* LSE atomic read-modify-write operations (LDADD family, SWP). */
enum {
    ATOMIC_ADD, ATOMIC_CLR, ATOMIC_EOR, ATOMIC_SET,
    ATOMIC_SMAX, ATOMIC_SMIN, ATOMIC_UMAX, ATOMIC_UMIN, ATOMIC_SWP,
};

/*
 * Atomically *addr = op(*addr, value) for an access of 1 << size bytes;
 * returns the old value, zero-extended. desc = size | op << 2.
 */
uint64_t helper_atomic_rmw(uint64_t addr, uint64_t value, uint64_t desc);

/*
 * CASP: compares the pair at addr (two 1 << size byte words, size 2 or 3)
 * with cmp_lo:cmp_hi and stores new_lo:new_hi if equal, atomically.
 * Returns the old low word; the old high word goes to *old_hi (env slot).
 */
uint64_t helper_casp(uint64_t env, uint64_t addr, uint64_t desc,
                     uint64_t regs);

#endif
