/*
 * Guest memory syscalls: brk emulated on guest_image, mmap family passed
 * through with guest<->host address translation, each change recorded in
 * vma.c and told to the code cache (user_pages_unmap, user_pages_protect)
 * under its lock, so no block is made from a range while it changes.
 * Must not look into translated code beyond those calls.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <string.h>
#include <sys/mman.h>

#include "syscalls/syscalls.h"
#include "syscalls/vma.h"
#include "tcg/user_pages.h"

/* aarch64-only protection bits the x86-64 kernel would reject. */
enum {
    GUEST_PROT_BTI = 0x10,
    GUEST_PROT_MTE = 0x20,
};

/* x86-only mmap flags; the aarch64 kernel has nothing at these bits. */
enum {
    HOST_ONLY_MAP_32BIT = 0x40,
    HOST_ONLY_MAP_ABOVE4G = 0x80,
};

static uint64_t mm_page_align(uint64_t addr)
{
    return (addr + GUEST_PAGE_SIZE - 1) & ~(GUEST_PAGE_SIZE - 1);
}

static uint64_t mm_host_prot(uint64_t guest_prot)
{
    return guest_prot & ~(uint64_t)(GUEST_PROT_BTI | GUEST_PROT_MTE);
}

/* Maps [start, end) for the heap without clobbering anything there. */
static bool mm_brk_grow(uint64_t start, uint64_t end)
{
    void *want = g2h(start);
    int64_t r = host_syscall6(SYS_mmap, (uint64_t)(uintptr_t)want, end - start,
                              PROT_READ | PROT_WRITE,
                              MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE,
                              (uint64_t)-1, 0);

    if (host_is_error(r))
        return false;
    /* Kernels before 4.17 treat the flag as a hint and map elsewhere. */
    if ((uintptr_t)r != (uintptr_t)want) {
        host_syscall3(SYS_munmap, (uint64_t)r, end - start, 0);
        return false;
    }
    return true;
}

static int64_t mm_brk_locked(uint64_t want)
{
    uint64_t old_end = mm_page_align(guest_image.brk);
    uint64_t new_end = mm_page_align(want);

    if (want < guest_image.start_brk)
        return (int64_t)guest_image.brk;
    if (new_end > old_end) {
        if (!mm_brk_grow(old_end, new_end))
            return (int64_t)guest_image.brk;
        vma_map_anon(old_end, new_end - old_end, PROT_READ | PROT_WRITE,
                     false, "[heap]");
    }
    if (new_end < old_end) {
        user_pages_unmap(new_end, old_end - new_end);
        host_syscall3(SYS_munmap, (uint64_t)(uintptr_t)g2h(new_end),
                      old_end - new_end, 0);
        vma_unmap(new_end, old_end - new_end);
    }
    /* glibc's malloc assumes memory handed out by brk reads as zero. */
    if (want < guest_image.brk && new_end > want)
        memset(g2h(want), 0, new_end - want);
    guest_image.brk = want;
    return (int64_t)want;
}

/* Like the kernel: on any failure the unchanged break is the answer. */
int64_t sys_brk(GuestThread *t, const uint64_t *a)
{
    int64_t r;

    (void)t;
    user_pages_lock();
    vma_hold();
    r = mm_brk_locked(a[0]);
    vma_release();
    user_pages_unlock();
    return r;
}

/* MAP_SHARED and MAP_SHARED_VALIDATE show as 's' in maps. */
static bool mm_is_shared(uint64_t flags)
{
    return (flags & MAP_TYPE) != MAP_PRIVATE;
}

int64_t sys_mmap(GuestThread *t, const uint64_t *a)
{
    uint64_t flags = a[3] & ~(uint64_t)(HOST_ONLY_MAP_32BIT |
                                        HOST_ONLY_MAP_ABOVE4G);
    uint64_t addr;
    int64_t r;

    (void)t;
    user_pages_lock();
    vma_hold();
    /* Whatever code was there goes (before: its protection may be arx's). */
    if ((flags & MAP_FIXED) && !(flags & MAP_FIXED_NOREPLACE))
        user_pages_unmap(a[0], a[1]);
    r = host_syscall6(SYS_mmap, sys_hp(a[0]), a[1], mm_host_prot(a[2]), flags,
                      a[4], a[5]);
    if (!host_is_error(r)) {
        addr = h2g((void *)(uintptr_t)r);
        if (flags & MAP_ANONYMOUS)
            vma_map_anon(addr, a[1], (int)a[2], mm_is_shared(flags), NULL);
        else
            vma_map_file(addr, a[1], (int)a[2], mm_is_shared(flags), (int)a[4],
                         a[5]);
        r = (int64_t)addr;
    }
    vma_release();
    user_pages_unlock();
    return r;
}

int64_t sys_munmap(GuestThread *t, const uint64_t *a)
{
    int64_t r;

    (void)t;
    user_pages_lock();
    vma_hold();
    user_pages_unmap(a[0], a[1]);
    r = host_syscall3(SYS_munmap, sys_hp(a[0]), a[1], 0);
    if (r == 0)
        vma_unmap(a[0], a[1]);
    vma_release();
    user_pages_unlock();
    return r;
}

int64_t sys_mprotect(GuestThread *t, const uint64_t *a)
{
    int64_t r;

    (void)t;
    user_pages_lock();
    vma_hold();
    r = host_syscall3(SYS_mprotect, sys_hp(a[0]), a[1], mm_host_prot(a[2]));
    if (r == 0) {
        vma_protect(a[0], a[1], (int)a[2]);
        user_pages_protect(a[0], a[1], (int)(a[2] & 7));
    }
    vma_release();
    user_pages_unlock();
    return r;
}

int64_t sys_mremap(GuestThread *t, const uint64_t *a)
{
    uint64_t new_addr = (a[3] & MREMAP_FIXED) ? sys_hp(a[4]) : 0;
    bool keep_old = (a[3] & MREMAP_DONTUNMAP) || a[1] == 0;
    int64_t r;

    (void)t;
    user_pages_lock();
    vma_hold();
    /* Before: the pages would carry arx's write protection with them. */
    user_pages_unmap(a[0], a[1]);
    if (a[3] & MREMAP_FIXED)
        user_pages_unmap(a[4], a[2]);
    r = host_syscall6(SYS_mremap, sys_hp(a[0]), a[1], a[2], a[3], new_addr, 0);
    if (!host_is_error(r)) {
        r = (int64_t)h2g((void *)(uintptr_t)r);
        vma_remap(a[0], a[1], (uint64_t)r, a[2], keep_old);
    }
    vma_release();
    user_pages_unlock();
    return r;
}

/* Advice after which the range reads as zeroes or as the file again:
 * whatever code was translated from it is gone. */
static bool madvise_discards(uint64_t advice)
{
    return advice == MADV_DONTNEED || advice == MADV_FREE ||
           advice == MADV_REMOVE;
}

int64_t sys_madvise(GuestThread *t, const uint64_t *a)
{
    int64_t r;

    (void)t;
    if (!madvise_discards(a[2]))
        return host_syscall3(SYS_madvise, sys_hp(a[0]), a[1], a[2]);
    user_pages_lock();
    user_pages_unmap(a[0], a[1]);
    r = host_syscall3(SYS_madvise, sys_hp(a[0]), a[1], a[2]);
    user_pages_unlock();
    return r;
}

int64_t sys_msync(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_msync, sys_hp(a[0]), a[1], a[2]);
}

int64_t sys_mincore(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_mincore, sys_hp(a[0]), a[1], sys_hp(a[2]));
}

int64_t sys_mlock(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_mlock, sys_hp(a[0]), a[1], 0);
}

int64_t sys_mlock2(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_mlock2, sys_hp(a[0]), a[1], a[2]);
}

int64_t sys_munlock(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_munlock, sys_hp(a[0]), a[1], 0);
}

int64_t sys_mlockall(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_mlockall, a[0], 0, 0);
}

int64_t sys_munlockall(GuestThread *t, const uint64_t *a)
{
    (void)t;
    (void)a;
    return host_syscall3(SYS_munlockall, 0, 0, 0);
}

/*
 * Host barriers order the host threads that run guest threads, which is
 * what the guest asks for; the command bits are the same on both.
 */
int64_t sys_membarrier(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_membarrier, a[0], a[1], a[2]);
}
