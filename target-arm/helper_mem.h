/*
 * Memory helpers called from translated A64 code for accesses too unusual
 * to inline (128-bit exclusive pairs). Helpers take and return uint64_t as
 * tcg/ir.h requires; they must not touch JIT internals.
 */
#ifndef ARX_TARGET_ARM_HELPER_MEM_H
#define ARX_TARGET_ARM_HELPER_MEM_H

/* LSE atomic read-modify-write operations (LDADD family, SWP). */
enum {
    ATOMIC_ADD,
    ATOMIC_CLR,
    ATOMIC_EOR,
    ATOMIC_SET,
    ATOMIC_SMAX,
    ATOMIC_SMIN,
    ATOMIC_UMAX,
    ATOMIC_UMIN,
    ATOMIC_SWP,
};

/* STXP, LSE atomics and CASP: helpers.def, section guest memory. */
#include "target-arm/helpers.h"

#endif
