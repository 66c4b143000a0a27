/*
 * The rest of arm EABI's differences: uname's machine, sched_getaffinity
 * with 4-byte masks, struct timex of 32-bit longs (adjtimex, clock_adjtime),
 * and the 32-bit struct stat of stat/lstat/fstat. Must not keep state.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysmacros.h>
#include <sys/timex.h>
#include <sys/uio.h>
#include <sys/utsname.h>

#include "syscalls/arm_eabi.h"

/* What an arm64 kernel shows a 32-bit task (AT_PLATFORM says v8l). */
#define ARM_UTS_MACHINE "armv8l"

int64_t arm_eabi_uname(GuestThread *t, const uint64_t *a)
{
    char machine[sizeof(((struct utsname *)0)->machine)] = ARM_UTS_MACHINE;
    int64_t r = sys_uname(t, a);

    if (r != 0)
        return r;
    return copy_to_guest(a[0] + offsetof(struct utsname, machine), machine,
                         sizeof(machine));
}

/* The host wants a multiple of 8 bytes; arm's masks are 4-byte words. */
int64_t arm_eabi_sched_getaffinity(GuestThread *t, const uint64_t *a)
{
    uint32_t len = (uint32_t)a[1];
    uint64_t host_len = ((uint64_t)len + 7) & ~7ull;
    uint8_t *mask;
    int64_t r;

    (void)t;
    if (len & 3)
        return -EINVAL;
    mask = calloc(1, host_len ? host_len : 8);
    if (!mask)
        return -ENOMEM;
    r = host_syscall3(SYS_sched_getaffinity, a[0], host_len,
                      (uint64_t)(uintptr_t)mask);
    if (r > (int64_t)len) /* only when the extra word is all zero bits */
        r = len;
    if (r > 0 && copy_to_guest(a[2], mask, (size_t)r) != 0)
        r = -EFAULT;
    free(mask);
    return r;
}

/* ---- struct timex: 32 words on arm ---- */

typedef struct ArmTimex {
    uint32_t modes;
    int32_t offset, freq, maxerror, esterror;
    int32_t status;
    int32_t constant, precision, tolerance;
    ArmTimeval time;
    int32_t tick, ppsfreq, jitter;
    int32_t shift;
    int32_t stabil, jitcnt, calcnt, errcnt, stbcnt;
    int32_t tai;
    int32_t pad[11];
} ArmTimex;

_Static_assert(sizeof(ArmTimex) == 128, "arm struct timex");

static void arm_timex_in(const ArmTimex *g, struct timex *h)
{
    memset(h, 0, sizeof(*h));
    h->modes = g->modes;
    h->offset = g->offset;
    h->freq = g->freq;
    h->maxerror = g->maxerror;
    h->esterror = g->esterror;
    h->status = g->status;
    h->constant = g->constant;
    h->precision = g->precision;
    h->tolerance = g->tolerance;
    h->time.tv_sec = g->time.sec;
    h->time.tv_usec = g->time.usec;
    h->tick = g->tick;
    h->ppsfreq = g->ppsfreq;
    h->jitter = g->jitter;
    h->shift = g->shift;
    h->stabil = g->stabil;
    h->jitcnt = g->jitcnt;
    h->calcnt = g->calcnt;
    h->errcnt = g->errcnt;
    h->stbcnt = g->stbcnt;
    h->tai = g->tai;
}

static void arm_timex_out(const struct timex *h, ArmTimex *g)
{
    memset(g, 0, sizeof(*g));
    g->modes = h->modes;
    g->offset = (int32_t)h->offset;
    g->freq = (int32_t)h->freq;
    g->maxerror = (int32_t)h->maxerror;
    g->esterror = (int32_t)h->esterror;
    g->status = h->status;
    g->constant = (int32_t)h->constant;
    g->precision = (int32_t)h->precision;
    g->tolerance = (int32_t)h->tolerance;
    g->time.sec = (int32_t)h->time.tv_sec;
    g->time.usec = (int32_t)h->time.tv_usec;
    g->tick = (int32_t)h->tick;
    g->ppsfreq = (int32_t)h->ppsfreq;
    g->jitter = (int32_t)h->jitter;
    g->shift = h->shift;
    g->stabil = (int32_t)h->stabil;
    g->jitcnt = (int32_t)h->jitcnt;
    g->calcnt = (int32_t)h->calcnt;
    g->errcnt = (int32_t)h->errcnt;
    g->stbcnt = (int32_t)h->stbcnt;
    g->tai = h->tai;
}

static int64_t arm_adjtime(GuestThread *t, SyscallHandler handler,
                           uint64_t clock, bool has_clock, uint64_t addr)
{
    ArmTimex guest;
    struct timex host;
    int64_t r;

    if (copy_from_guest(&guest, addr, sizeof(guest)) != 0)
        return -EFAULT;
    arm_timex_in(&guest, &host);
    {
        const uint64_t with_clock[2] = {clock, arm_host_arg(&host)};
        const uint64_t without[1] = {arm_host_arg(&host)};

        r = handler(t, has_clock ? with_clock : without);
    }
    if (host_is_error(r))
        return r;
    arm_timex_out(&host, &guest);
    return copy_to_guest(addr, &guest, sizeof(guest)) ? -EFAULT : r;
}

int64_t arm_eabi_adjtimex(GuestThread *t, const uint64_t *a)
{
    return arm_adjtime(t, sys_adjtimex, 0, false, a[0]);
}

int64_t arm_eabi_clock_adjtime(GuestThread *t, const uint64_t *a)
{
    return arm_adjtime(t, sys_clock_adjtime, a[0], true, a[1]);
}

/* ---- stat/lstat/fstat: arm's 64-byte struct stat, EOVERFLOW past it ---- */

typedef struct ArmStat {
    uint32_t dev, ino;
    uint16_t mode, nlink, uid, gid;
    uint32_t rdev;
    uint32_t size, blksize, blocks;
    uint32_t atime_sec, atime_nsec, mtime_sec, mtime_nsec, ctime_sec,
        ctime_nsec;
    uint32_t unused4, unused5;
} ArmStat;

_Static_assert(sizeof(ArmStat) == 64, "arm struct stat");

/* The kernel's old dev_t encoding: 8-bit major and minor. */
static uint32_t arm_old_dev(dev_t dev)
{
    return (major(dev) << 8) | (minor(dev) & 0xff);
}

static int64_t arm_old_stat_out(int64_t r, const struct stat *h, uint64_t dst)
{
    ArmStat g;

    if (r != 0)
        return r;
    if (h->st_ino > UINT32_MAX || h->st_size > INT32_MAX ||
        h->st_nlink > 0xffff || major(h->st_dev) > 0xff ||
        minor(h->st_dev) > 0xff)
        return -EOVERFLOW;
    memset(&g, 0, sizeof(g));
    g.dev = arm_old_dev(h->st_dev);
    g.ino = (uint32_t)h->st_ino;
    g.mode = (uint16_t)h->st_mode;
    g.nlink = (uint16_t)h->st_nlink;
    g.uid = h->st_uid > 0xffff ? 65534 : (uint16_t)h->st_uid;
    g.gid = h->st_gid > 0xffff ? 65534 : (uint16_t)h->st_gid;
    g.rdev = arm_old_dev(h->st_rdev);
    g.size = (uint32_t)h->st_size;
    g.blksize = (uint32_t)h->st_blksize;
    g.blocks = (uint32_t)h->st_blocks;
    g.atime_sec = (uint32_t)h->st_atim.tv_sec;
    g.atime_nsec = (uint32_t)h->st_atim.tv_nsec;
    g.mtime_sec = (uint32_t)h->st_mtim.tv_sec;
    g.mtime_nsec = (uint32_t)h->st_mtim.tv_nsec;
    g.ctime_sec = (uint32_t)h->st_ctim.tv_sec;
    g.ctime_nsec = (uint32_t)h->st_ctim.tv_nsec;
    return copy_to_guest(dst, &g, sizeof(g));
}

static int64_t arm_old_stat(const uint64_t *a, uint64_t flags)
{
    struct stat host;
    int64_t r =
        arm_host_fstatat((uint64_t)(int64_t)AT_FDCWD, a[0], flags, &host);

    return arm_old_stat_out(r, &host, a[1]);
}

int64_t arm_eabi_stat(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return arm_old_stat(a, 0);
}

int64_t arm_eabi_lstat(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return arm_old_stat(a, AT_SYMLINK_NOFOLLOW);
}

int64_t arm_eabi_fstat(GuestThread *t, const uint64_t *a)
{
    struct stat host;

    (void)t;
    return arm_old_stat_out(
        host_syscall3(SYS_fstat, a[0], (uint64_t)(uintptr_t)&host, 0), &host,
        a[1]);
}

/* ---- newer calls arm64's table has no handler for yet ---- */

/*
 * landlock's attributes are u64 fields (path_beneath packed to 12 bytes
 * on every ABI), process_mrelease and set_mempolicy_home_node take no
 * pointers: all go to the host as they are. (arm has no memfd_secret.)
 */
int64_t arm_eabi_landlock_create_ruleset(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_landlock_create_ruleset, sys_hp(a[0]), a[1], a[2]);
}

int64_t arm_eabi_landlock_add_rule(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall6(SYS_landlock_add_rule, a[0], a[1], sys_hp(a[2]), a[3],
                         0, 0);
}

int64_t arm_eabi_landlock_restrict_self(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_landlock_restrict_self, a[0], a[1], 0);
}

int64_t arm_eabi_process_mrelease(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_process_mrelease, a[0], a[1], 0);
}

int64_t arm_eabi_set_mempolicy_home_node(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall6(SYS_set_mempolicy_home_node, a[0], a[1], a[2], a[3], 0,
                         0);
}

/* process_madvise(pidfd, iovec, vlen, advice, flags): arm's iovec. */
int64_t arm_eabi_process_madvise(GuestThread *t, const uint64_t *a)
{
    static __thread struct iovec iov[IOV_MAX];
    int64_t r = arm_convert_iovec(a[1], (int32_t)a[2], iov);

    (void)t;
    if (r == -EINVAL)
        return r;
    return host_syscall6(SYS_process_madvise, a[0],
                         r ? SYS_FAULT_ADDR : (uint64_t)(uintptr_t)iov,
                         (uint32_t)a[2], a[3], a[4], 0);
}
