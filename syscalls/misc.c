/*
 * Guest syscalls without a topic of their own: capabilities, personality,
 * scheduling attributes, pidfds, namespaces, cross-process memory, file
 * handles and futex_waitv. Pass through where layouts agree; must not keep
 * emulated state beyond what a refusal needs.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <limits.h>
#include <linux/openat2.h>
#include <sched.h>
#include <string.h>

#include "linux-user/path.h"
#include "syscalls/syscalls.h"

/* cap_user_header and cap_user_data are fixed-width u32/int on both. */
int64_t sys_capget(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_capget, sys_hp(a[0]), sys_hp(a[1]), 0);
}

int64_t sys_capset(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_capset, sys_hp(a[0]), sys_hp(a[1]), 0);
}

enum {
    MISC_PER_MASK = 0xff, /* execution domain; the rest are flag bits */
    MISC_PER_LINUX32 = 0x0008,
};

/*
 * As an arm64 kernel with AArch32 at EL0 (arx runs A32 and T32): every
 * execution domain and flag bit is recorded, PER_LINUX32 included. The
 * flags (STICKY_TIMEOUTS, ADDR_NO_RANDOMIZE, ...) mean the same on the
 * host, which keeps the value.
 */
int64_t sys_personality(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_personality, (uint32_t)a[0], 0, 0);
}

/* struct sched_param (one int) and struct sched_attr are fixed-width. */
int64_t sys_sched_setparam(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_sched_setparam, a[0], sys_hp(a[1]), 0);
}

int64_t sys_sched_setscheduler(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_sched_setscheduler, a[0], a[1], sys_hp(a[2]));
}

int64_t sys_sched_setattr(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_sched_setattr, a[0], sys_hp(a[1]), a[2]);
}

int64_t sys_sched_getattr(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall6(SYS_sched_getattr, a[0], sys_hp(a[1]), a[2], a[3], 0,
                         0);
}

int64_t sys_sched_rr_get_interval(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_sched_rr_get_interval, a[0], sys_hp(a[1]), 0);
}

int64_t sys_ioprio_set(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_ioprio_set, a[0], a[1], a[2]);
}

int64_t sys_ioprio_get(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_ioprio_get, a[0], a[1], 0);
}

/* PIDFD_NONBLOCK is O_NONBLOCK, the same value on both. */
int64_t sys_pidfd_open(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_pidfd_open, a[0], a[1], 0);
}

/* siginfo_t is 128 bytes with one layout on both 64-bit ABIs. */
int64_t sys_pidfd_send_signal(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall6(SYS_pidfd_send_signal, a[0], a[1], sys_hp(a[2]), a[3],
                         0, 0);
}

int64_t sys_pidfd_getfd(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_pidfd_getfd, a[0], a[1], a[2]);
}

/*
 * Namespaces and per-thread unsharing behave as the kernel would for the
 * guest thread; sharing changes that only clone() can honour (VM,
 * SIGHAND, THREAD) would act on arx's own threads, so they are refused.
 */
static const uint64_t misc_unshare_allowed =
    CLONE_FILES | CLONE_FS | CLONE_SYSVSEM | CLONE_NEWNS | CLONE_NEWCGROUP |
    CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET |
    0x80 /* CLONE_NEWTIME */;

int64_t sys_unshare(GuestThread *t, const uint64_t *a)
{
    (void)t;
    if (a[0] & ~misc_unshare_allowed)
        return -EINVAL;
    return host_syscall3(SYS_unshare, a[0], 0, 0);
}

/* The accounting file is a path; NULL turns accounting off. */
int64_t sys_acct(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_acct, sys_path_hp(a[0]), 0, 0);
}

/* Swap files are the host kernel's, as for a native program. */
int64_t sys_swapon(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_swapon, sys_path_hp(a[0]), a[1], 0);
}

int64_t sys_swapoff(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_swapoff, sys_path_hp(a[0]), 0, 0);
}

/*
 * As a native program's: the magic numbers and CAP_SYS_BOOT are the
 * kernel's to check, and in a pid namespace a restart ends only that
 * namespace. The argument (RESTART2's command string) is a guest pointer.
 */
int64_t sys_reboot(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall6(SYS_reboot, a[0], a[1], a[2], sys_hp(a[3]), 0, 0);
}

int64_t sys_vhangup(GuestThread *t, const uint64_t *a)
{
    (void)t;
    (void)a;
    return host_syscall3(SYS_vhangup, 0, 0, 0);
}

int64_t sys_setns(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_setns, a[0], a[1], 0);
}

int64_t sys_sethostname(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_sethostname, sys_hp(a[0]), a[1], 0);
}

int64_t sys_setdomainname(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_setdomainname, sys_hp(a[0]), a[1], 0);
}

int64_t sys_syslog(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_syslog, a[0], sys_hp(a[1]), a[2]);
}

/* kcmp's KCMP_EPOLL_TFD takes a pointer to three u32s as its last index. */
enum { MISC_KCMP_EPOLL_TFD = 7 };

int64_t sys_kcmp(GuestThread *t, const uint64_t *a)
{
    uint64_t idx2 = a[2] == MISC_KCMP_EPOLL_TFD ? sys_hp(a[4]) : a[4];

    (void)t;
    return host_syscall6(SYS_kcmp, a[0], a[1], a[2], a[3], idx2, 0);
}

/*
 * The remote iovec names addresses in another guest process; arx places
 * every guest at the same guest_base, so both sides translate alike.
 */
static int64_t misc_process_vm(long host_nr, const uint64_t *a)
{
    struct iovec local[IOV_MAX];
    struct iovec remote[IOV_MAX];
    int64_t r = convert_iovec_to_host(a[1], (int64_t)a[2], local);

    if (r == 0)
        r = convert_iovec_to_host(a[3], (int64_t)a[4], remote);
    if (r != 0)
        return r;
    return host_syscall6(host_nr, a[0], (uint64_t)(uintptr_t)local, a[2],
                         (uint64_t)(uintptr_t)remote, a[4], a[5]);
}

int64_t sys_process_vm_readv(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return misc_process_vm(SYS_process_vm_readv, a);
}

int64_t sys_process_vm_writev(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return misc_process_vm(SYS_process_vm_writev, a);
}

/*
 * struct open_how: u64 flags, mode, resolve (24 bytes, extensible). Only
 * the open flags differ; later extension bytes are copied unchanged so the
 * kernel still judges them.
 */
enum { MISC_OPEN_HOW_MAX = 256 };

/*
 * RESOLVE_NO_MAGICLINKS (and NO_SYMLINKS) must meet /proc/self/exe as the
 * magic link the kernel refuses (ELOOP), not arx's stand-in for it.
 */
static uint64_t misc_openat2_path(uint64_t guest_path, uint64_t resolve)
{
    const char *path;

    if ((resolve & (RESOLVE_NO_MAGICLINKS | RESOLVE_NO_SYMLINKS)) &&
        guest_string(guest_path, PATH_MAX, &path) == 0)
        return (uint64_t)(uintptr_t)path_redirect(path);
    return sys_path_hp(guest_path);
}

int64_t sys_openat2(GuestThread *t, const uint64_t *a)
{
    uint64_t how[MISC_OPEN_HOW_MAX / 8];
    const void *guest_how = sys_ptr(a[2]);
    uint64_t size = a[3];

    (void)t;
    if (!guest_how || size < 24)
        return host_syscall6(SYS_openat2, a[0], sys_hp(a[1]), sys_hp(a[2]),
                             size, 0, 0);
    if (size > MISC_OPEN_HOW_MAX)
        return -E2BIG;
    if (copy_from_guest(how, a[2], size) != 0)
        return -EFAULT;
    /* Unknown guest bits must still reach the kernel to get EINVAL. */
    how[0] = (how[0] & 0xffffffff00000000ull) |
             (uint32_t)convert_open_flags_to_host(how[0]);
    return host_syscall6(SYS_openat2, a[0], misc_openat2_path(a[1], how[2]),
                         (uint64_t)(uintptr_t)how, size, 0, 0);
}

/* struct file_handle is u32, int, then opaque bytes on both. */
int64_t sys_name_to_handle_at(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall6(SYS_name_to_handle_at, a[0], sys_path_hp(a[1]),
                         sys_hp(a[2]), sys_hp(a[3]), a[4], 0);
}

int64_t sys_open_by_handle_at(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_open_by_handle_at, a[0], sys_hp(a[1]),
                         (uint64_t)convert_open_flags_to_host(a[2]));
}

/* struct futex_waitv { u64 val; u64 uaddr; u32 flags; u32 reserved; } */
typedef struct MiscFutexWaitv {
    uint64_t val;
    uint64_t uaddr;
    uint32_t flags;
    uint32_t reserved;
} MiscFutexWaitv;

enum { MISC_FUTEX_WAITV_MAX = 128 };

/* Each waiter's uaddr is a guest pointer, so the array is rebuilt. */
int64_t sys_futex_waitv(GuestThread *t, const uint64_t *a)
{
    MiscFutexWaitv host[MISC_FUTEX_WAITV_MAX];
    const MiscFutexWaitv *guest = sys_ptr(a[0]);
    uint64_t count = a[1];

    (void)t;
    if (!guest || count == 0 || count > MISC_FUTEX_WAITV_MAX)
        return host_syscall6(SYS_futex_waitv, sys_hp(a[0]), count, a[2],
                             sys_hp(a[3]), a[4], 0);
    if (copy_from_guest(host, a[0], count * sizeof(*host)) != 0)
        return -EFAULT;
    for (uint64_t i = 0; i < count; i++)
        host[i].uaddr = sys_hp(host[i].uaddr);
    return host_syscall6(SYS_futex_waitv, (uint64_t)(uintptr_t)host, count,
                         a[2], sys_hp(a[3]), a[4], 0);
}

/* ---- mounts (chroot builds such as debootstrap mount /proc) ---- */

static uint64_t misc_path(uint64_t guest_path)
{
    return sys_path_hp(guest_path);
}

/* Source, target, type, flags, data: the type and data are not paths. */
int64_t sys_mount(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall6(SYS_mount, misc_path(a[0]), misc_path(a[1]),
                         sys_hp(a[2]), a[3], sys_hp(a[4]), 0);
}

int64_t sys_umount2(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_umount2, misc_path(a[0]), a[1], 0);
}

/*
 * The mount API of file descriptors: numbers, flags and struct mount_attr
 * are the same on both ABIs; paths go through the sysroot as mount's do.
 */
int64_t sys_open_tree(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_open_tree, a[0], misc_path(a[1]), a[2]);
}

int64_t sys_move_mount(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall6(SYS_move_mount, a[0], misc_path(a[1]), a[2],
                         misc_path(a[3]), a[4], 0);
}

int64_t sys_fsopen(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_fsopen, sys_hp(a[0]), a[1], 0);
}

/* key and value are strings or a blob; FSCONFIG_SET_PATH's stays as named. */
int64_t sys_fsconfig(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall6(SYS_fsconfig, a[0], a[1], sys_hp(a[2]), sys_hp(a[3]),
                         a[4], 0);
}

int64_t sys_fsmount(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_fsmount, a[0], a[1], a[2]);
}

int64_t sys_fspick(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_fspick, a[0], misc_path(a[1]), a[2]);
}

int64_t sys_mount_setattr(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall6(SYS_mount_setattr, a[0], misc_path(a[1]), a[2],
                         sys_hp(a[3]), a[4], 0);
}

int64_t sys_pivot_root(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_pivot_root, misc_path(a[0]), misc_path(a[1]), 0);
}
