/*
 * Faulting in a range of fresh anonymous memory with one system call
 * instead of a page fault per page (tables touched all over, code and
 * block records about to be written). Only a hint: on a kernel without
 * MADV_POPULATE_WRITE the pages come by fault as before.
 */
#ifndef ARX_UTIL_POPULATE_H
#define ARX_UTIL_POPULATE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/mman.h>

/* The pages of [p, p + len); madvise wants a page-aligned start. */
static inline void populate(void *p, size_t len)
{
    uintptr_t start = (uintptr_t)p & ~(uintptr_t)4095;

    len += (uintptr_t)p - start;
    (void)madvise((void *)start, len, MADV_POPULATE_WRITE);
}

#endif
