/*
 * Guest memory syscalls: the address-space changes (brk, mmap, munmap,
 * mprotect, mremap, madvise) unpack their arguments for
 * linux-user/mmap.c, which keeps the host mappings, the region table and
 * the code cache in step; the rest pass straight through. Must not
 * record regions or reach the code cache itself. munmap, mprotect,
 * mremap's old address and madvise take tagged pointers (arm64's tagged
 * address ABI); mmap, brk and mremap's new address do not.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "linux-user/mmap.h"
#include "syscalls/syscalls.h"

/* x86-only mmap flags; the aarch64 kernel has nothing at these bits. */
enum {
    HOST_ONLY_MAP_32BIT = 0x40,
    HOST_ONLY_MAP_ABOVE4G = 0x80,
};

int64_t sys_brk(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return mmap_brk(a[0]);
}

int64_t sys_mmap(GuestThread *t, const uint64_t *a)
{
    uint64_t flags =
        a[3] & ~(uint64_t)(HOST_ONLY_MAP_32BIT | HOST_ONLY_MAP_ABOVE4G);

    (void)t;
    return mmap_map(a[0], a[1], a[2], flags, a[4], a[5]);
}

int64_t sys_munmap(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return mmap_unmap(arm_user_untag(a[0]), a[1]);
}

int64_t sys_mprotect(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return mmap_protect(arm_user_untag(a[0]), a[1], a[2]);
}

int64_t sys_mremap(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return mmap_remap(arm_user_untag(a[0]), a[1], a[2], a[3], a[4]);
}

int64_t sys_madvise(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return mmap_advise(arm_user_untag(a[0]), a[1], a[2]);
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
