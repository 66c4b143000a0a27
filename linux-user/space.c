/*
 * An armhf guest's own 4 GiB address space (space.h): one PROT_NONE
 * reservation made at start, replaced piece by piece with MAP_FIXED by
 * the guest's mappings and put back when they go. Placement uses the
 * guest region table (vma.c), which knows every guest mapping.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "linux-user/space.h"

#include <errno.h>
#include <sys/mman.h>

#include "linux-user/user.h"
#include "linux-user/vma.h"

static uint64_t own_end;
static uint64_t mmap_top;

static void *reserve_at(uint64_t addr, uint64_t len, int extra_flags)
{
    return mmap(g2h(addr), len, PROT_NONE,
                MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | extra_flags, -1,
                0);
}

bool space_reserve(uint64_t end)
{
    void *p = reserve_at(SPACE_LOW, end - SPACE_LOW, MAP_FIXED_NOREPLACE);

    if (p == MAP_FAILED)
        return false;
    if (p != g2h(SPACE_LOW)) { /* a kernel without MAP_FIXED_NOREPLACE */
        munmap(p, end - SPACE_LOW);
        errno = EEXIST;
        return false;
    }
    own_end = end;
    mmap_top = end;
    return true;
}

bool space_own(void)
{
    return own_end != 0;
}

uint64_t space_end(void)
{
    return own_end;
}

void space_set_mmap_top(uint64_t top)
{
    mmap_top = top;
}

void *space_map_anon(uint64_t len)
{
    uint64_t where = space_own() ? space_find(len, len, 0) : 0;

    return mmap(where ? g2h(where) : NULL, len, PROT_READ | PROT_WRITE,
                MAP_PRIVATE | MAP_ANONYMOUS | (where ? MAP_FIXED : 0), -1, 0);
}

bool space_contains(uint64_t addr, uint64_t len)
{
    return addr >= SPACE_LOW && addr <= own_end && len <= own_end - addr;
}

uint64_t space_find(uint64_t len, uint64_t align, uint64_t hint)
{
    uint64_t spot;

    if (align < GUEST_PAGE_SIZE)
        align = GUEST_PAGE_SIZE;
    if (hint && (hint & (align - 1)) == 0 && space_contains(hint, len) &&
        vma_range_free(hint, len))
        return hint;
    spot = vma_find_free(len, align, SPACE_LOW, mmap_top);
    if (!spot)
        spot = vma_find_free(len, align, SPACE_LOW, own_end);
    return spot;
}

int64_t space_release(uint64_t addr, uint64_t len)
{
    if (!own_end || !space_contains(addr, len))
        return munmap(g2h(addr), len) == 0 ? 0 : -errno;
    return reserve_at(addr, len, MAP_FIXED) == MAP_FAILED ? -errno : 0;
}

void space_unreserve(uint64_t addr, uint64_t len)
{
    munmap(g2h(addr), len);
}
