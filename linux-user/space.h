/*
 * The address space of a guest that has one of its own (armhf: 4 GiB):
 * reserved in full at start, so that nothing of arx's own ever lands in
 * it, and handed out by arx (top-down, as the kernel's mmap does) instead
 * of the host kernel. An AArch64 guest shares the host's address space
 * and the host kernel places its mappings: then every call here is the
 * plain host one. Records nothing itself (vma.c does).
 */
#ifndef ARX_LINUX_USER_SPACE_H
#define ARX_LINUX_USER_SPACE_H

#include <stdbool.h>
#include <stdint.h>

/* The lowest address a mapping may have (the kernel's mmap_min_addr). */
#define SPACE_LOW 0x10000ull

/* Reserves [SPACE_LOW, end) for the guest; false (errno set) when the
 * host has something there. Once, before anything is mapped. */
bool space_reserve(uint64_t end);
/* The guest has a space of its own. */
bool space_own(void);
/* Its end (0 when it has none). */
uint64_t space_end(void);
/* New mappings go below top (under the stack and its gap). */
void space_set_mmap_top(uint64_t top);

/*
 * Where a mapping of len bytes goes: at hint when that range is free and
 * inside the space, else the highest free range below the mmap top (then
 * anywhere in the space), aligned to align; 0 when nothing is free.
 */
uint64_t space_find(uint64_t len, uint64_t align, uint64_t hint);
/*
 * A new read-write anonymous mapping of len bytes for pages arx itself
 * shows the guest (the vDSO, the signal trampoline): inside an own space
 * where space_find puts it, else (or when it finds no room) where the
 * host likes. MAP_FAILED (errno set) when the host has none.
 */
void *space_map_anon(uint64_t len);
/* [addr, addr + len) lies inside the space. */
bool space_contains(uint64_t addr, uint64_t len);
/* Gives [addr, addr + len) back: the host range is unmapped, or in an own
 * space reserved again. 0 or -errno. */
int64_t space_release(uint64_t addr, uint64_t len);
/* Makes the reserved [addr, addr + len) free on the host, so that a host
 * call that needs free space (mremap growing in place) can use it. */
void space_unreserve(uint64_t addr, uint64_t len);

#endif
