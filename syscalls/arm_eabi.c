/*
 * The arm EABI syscall layer: arm_nr.def is the table, do_syscall_arm()
 * dispatches, traces with arm names, and the calls below fix arguments
 * (register pairs, signed longs, the pre-*at calls) before handing them
 * to the arm64 handlers. Struct conversions live in arm_fs/time/io/signal.c.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <linux/sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "linux-user/mmap.h"
#include "syscalls/arm_eabi.h"
#include "util/log.h"

#define ARM_NR_COUNT 451

typedef struct ArmSyscallEntry {
    const char *name;
    SyscallHandler handler;
} ArmSyscallEntry;

static const ArmSyscallEntry arm_syscall_table[ARM_NR_COUNT] = {
#define ARM_SYSCALL(nr, name, handler) [nr] = {#name, handler},
#include "syscalls/arm_nr.def"
#undef ARM_SYSCALL
};

const char *arm_syscall_name(uint64_t nr)
{
    return nr < ARM_NR_COUNT ? arm_syscall_table[nr].name : NULL;
}

/* The arm64 number of the same name and arguments, for -strace's formats. */
static uint64_t arm_strace_twin(uint64_t nr)
{
    const char *name = arm_syscall_name(nr);

    if (!name || !arm_syscall_table[nr].handler ||
        strncmp(name, "arm_", 4) == 0)
        return UINT64_MAX;
    for (uint64_t i = 0; i < GUEST_NR_COUNT; i++)
        if (syscall_name(i) && strcmp(syscall_name(i), name) == 0)
            return i;
    return UINT64_MAX;
}

static void arm_strace(uint64_t nr, const uint64_t *args, int64_t ret)
{
    const char *name = arm_syscall_name(nr);
    uint64_t twin = arm_strace_twin(nr);
    char call[64], result[96];

    if (twin != UINT64_MAX) {
        strace_print(twin, args, ret);
        return;
    }
    if (name)
        snprintf(call, sizeof(call), "%s", name);
    else
        snprintf(call, sizeof(call), "syscall_%llu", (unsigned long long)nr);
    if (host_is_error(ret)) {
        const char *errname = strerrorname_np((int)-ret);

        snprintf(result, sizeof(result), "-1 %s (%s)", errname ? errname : "E?",
                 strerror((int)-ret));
    } else {
        snprintf(result, sizeof(result), "%lld", (long long)ret);
    }
    arx_log("%s(0x%llx, 0x%llx, 0x%llx, 0x%llx) = %s\n", call,
            (unsigned long long)args[0], (unsigned long long)args[1],
            (unsigned long long)args[2], (unsigned long long)args[3], result);
}

static bool arm_may_not_return(uint64_t nr)
{
    /* exit, execve, exit_group, execveat */
    return nr == 1 || nr == 11 || nr == 248 || nr == 387;
}

int64_t do_syscall_arm(GuestThread *thread, uint64_t nr, const uint64_t *args)
{
    SyscallHandler handler =
        nr < ARM_NR_COUNT ? arm_syscall_table[nr].handler : NULL;
    bool trace = log_enabled(LOG_STRACE);
    int64_t ret;

    if (trace && arm_may_not_return(nr))
        arx_log("%s(...) = ?\n", arm_syscall_name(nr));
    if (!handler) {
        const char *name = arm_syscall_name(nr);

        if (log_enabled(LOG_UNIMP))
            arx_log_once(nr | (5ul << 32),
                         "arx: unimplemented arm syscall %d (%s)\n", (int)nr,
                         name ? name : "unknown");
        ret = -ENOSYS;
    } else {
        ret = handler(thread, args);
        /* The kernel may have tried to write a code page arx protects. */
        if (ret == -EFAULT && mmap_unprotect_code_pages())
            ret = handler(thread, args);
    }
    if (trace)
        arm_strace(nr, args, ret);
    return ret;
}

/* ---- calling the arm64 handlers with rearranged arguments ---- */

static int64_t arm_call(SyscallHandler handler, GuestThread *t, uint64_t a0,
                        uint64_t a1, uint64_t a2, uint64_t a3, uint64_t a4,
                        uint64_t a5)
{
    const uint64_t args[6] = {a0, a1, a2, a3, a4, a5};

    return handler(t, args);
}

#define ARM_AT_FDCWD ((uint64_t)(int64_t)AT_FDCWD)

int64_t arm_eabi_open(GuestThread *t, const uint64_t *a)
{
    return arm_call(sys_openat, t, ARM_AT_FDCWD, a[0], a[1], a[2], 0, 0);
}

int64_t arm_eabi_creat(GuestThread *t, const uint64_t *a)
{
    return arm_call(sys_openat, t, ARM_AT_FDCWD, a[0],
                    O_CREAT | O_WRONLY | O_TRUNC, a[1], 0, 0);
}

int64_t arm_eabi_link(GuestThread *t, const uint64_t *a)
{
    return arm_call(sys_linkat, t, ARM_AT_FDCWD, a[0], ARM_AT_FDCWD, a[1], 0,
                    0);
}

int64_t arm_eabi_unlink(GuestThread *t, const uint64_t *a)
{
    return arm_call(sys_unlinkat, t, ARM_AT_FDCWD, a[0], 0, 0, 0, 0);
}

int64_t arm_eabi_mknod(GuestThread *t, const uint64_t *a)
{
    return arm_call(sys_mknodat, t, ARM_AT_FDCWD, a[0], a[1], a[2], 0, 0);
}

int64_t arm_eabi_chmod(GuestThread *t, const uint64_t *a)
{
    return arm_call(sys_fchmodat, t, ARM_AT_FDCWD, a[0], a[1], 0, 0, 0);
}

int64_t arm_eabi_access(GuestThread *t, const uint64_t *a)
{
    return arm_call(sys_faccessat, t, ARM_AT_FDCWD, a[0], a[1], 0, 0, 0);
}

int64_t arm_eabi_rename(GuestThread *t, const uint64_t *a)
{
    return arm_call(sys_renameat, t, ARM_AT_FDCWD, a[0], ARM_AT_FDCWD, a[1], 0,
                    0);
}

int64_t arm_eabi_mkdir(GuestThread *t, const uint64_t *a)
{
    return arm_call(sys_mkdirat, t, ARM_AT_FDCWD, a[0], a[1], 0, 0, 0);
}

int64_t arm_eabi_rmdir(GuestThread *t, const uint64_t *a)
{
    return arm_call(sys_unlinkat, t, ARM_AT_FDCWD, a[0], AT_REMOVEDIR, 0, 0, 0);
}

int64_t arm_eabi_symlink(GuestThread *t, const uint64_t *a)
{
    return arm_call(sys_symlinkat, t, a[0], ARM_AT_FDCWD, a[1], 0, 0, 0);
}

int64_t arm_eabi_readlink(GuestThread *t, const uint64_t *a)
{
    return arm_call(sys_readlinkat, t, ARM_AT_FDCWD, a[0], a[1], a[2], 0, 0);
}

int64_t arm_eabi_chown32(GuestThread *t, const uint64_t *a)
{
    return arm_call(sys_fchownat, t, ARM_AT_FDCWD, a[0], a[1], a[2], 0, 0);
}

int64_t arm_eabi_lchown32(GuestThread *t, const uint64_t *a)
{
    return arm_call(sys_fchownat, t, ARM_AT_FDCWD, a[0], a[1], a[2],
                    AT_SYMLINK_NOFOLLOW, 0);
}

int64_t arm_eabi_pipe(GuestThread *t, const uint64_t *a)
{
    return arm_call(sys_pipe2, t, a[0], 0, 0, 0, 0, 0);
}

/* dup2 of an fd onto itself only checks it, which dup3 refuses. */
int64_t arm_eabi_dup2(GuestThread *t, const uint64_t *a)
{
    if ((uint32_t)a[0] == (uint32_t)a[1]) {
        int64_t r = host_syscall3(SYS_fcntl, a[0], F_GETFD, 0);
        return r < 0 ? r : (int64_t)(uint32_t)a[1];
    }
    return arm_call(sys_dup3, t, a[0], a[1], 0, 0, 0, 0);
}

int64_t arm_eabi_fork(GuestThread *t, const uint64_t *a)
{
    (void)a;
    return arm_call(sys_clone, t, SIGCHLD, 0, 0, 0, 0, 0);
}

int64_t arm_eabi_vfork(GuestThread *t, const uint64_t *a)
{
    (void)a;
    return arm_call(sys_clone, t, CLONE_VM | CLONE_VFORK | SIGCHLD, 0, 0, 0, 0,
                    0);
}

int64_t arm_eabi_getpgrp(GuestThread *t, const uint64_t *a)
{
    (void)a;
    return arm_call(sys_getpgid, t, 0, 0, 0, 0, 0, 0);
}

int64_t arm_eabi_pause(GuestThread *t, const uint64_t *a)
{
    (void)a;
    signal_thread_enter(t);
    return signal_suspend(t, t->signals.mask);
}

int64_t arm_eabi_epoll_create(GuestThread *t, const uint64_t *a)
{
    if ((int32_t)a[0] <= 0)
        return -EINVAL;
    return arm_call(sys_epoll_create1, t, 0, 0, 0, 0, 0, 0);
}

/* struct epoll_event is 16 bytes on arm EABI as on arm64: no conversion. */
int64_t arm_eabi_epoll_wait(GuestThread *t, const uint64_t *a)
{
    return arm_call(sys_epoll_pwait, t, a[0], a[1], a[2], a[3], 0,
                    SIGNAL_SET_SIZE);
}

int64_t arm_eabi_inotify_init(GuestThread *t, const uint64_t *a)
{
    (void)a;
    return arm_call(sys_inotify_init1, t, 0, 0, 0, 0, 0, 0);
}

int64_t arm_eabi_signalfd(GuestThread *t, const uint64_t *a)
{
    return arm_call(sys_signalfd4, t, a[0], a[1], a[2], 0, 0, 0);
}

int64_t arm_eabi_eventfd(GuestThread *t, const uint64_t *a)
{
    return arm_call(sys_eventfd2, t, a[0], 0, 0, 0, 0, 0);
}

/* ---- 64-bit values in register pairs, signed longs ---- */

int64_t arm_eabi_pread64(GuestThread *t, const uint64_t *a)
{
    return arm_call(sys_pread64, t, a[0], a[1], a[2], arm_pair(a, 4), 0, 0);
}

int64_t arm_eabi_pwrite64(GuestThread *t, const uint64_t *a)
{
    return arm_call(sys_pwrite64, t, a[0], a[1], a[2], arm_pair(a, 4), 0, 0);
}

int64_t arm_eabi_truncate(GuestThread *t, const uint64_t *a)
{
    return arm_call(sys_truncate, t, a[0], arm_signed(a[1]), 0, 0, 0, 0);
}

int64_t arm_eabi_ftruncate(GuestThread *t, const uint64_t *a)
{
    return arm_call(sys_ftruncate, t, a[0], arm_signed(a[1]), 0, 0, 0, 0);
}

int64_t arm_eabi_truncate64(GuestThread *t, const uint64_t *a)
{
    return arm_call(sys_truncate, t, a[0], arm_pair(a, 2), 0, 0, 0, 0);
}

int64_t arm_eabi_ftruncate64(GuestThread *t, const uint64_t *a)
{
    return arm_call(sys_ftruncate, t, a[0], arm_pair(a, 2), 0, 0, 0, 0);
}

int64_t arm_eabi_fallocate(GuestThread *t, const uint64_t *a)
{
    return arm_call(sys_fallocate, t, a[0], a[1], arm_pair(a, 2),
                    arm_pair(a, 4), 0, 0);
}

int64_t arm_eabi_readahead(GuestThread *t, const uint64_t *a)
{
    return arm_call(sys_readahead, t, a[0], arm_pair(a, 2), a[4], 0, 0, 0);
}

/* arm's order puts advice second so the pairs stay aligned. */
int64_t arm_eabi_arm_fadvise64_64(GuestThread *t, const uint64_t *a)
{
    return arm_call(sys_fadvise64, t, a[0], arm_pair(a, 2), arm_pair(a, 4),
                    a[1], 0, 0);
}

int64_t arm_eabi_arm_sync_file_range(GuestThread *t, const uint64_t *a)
{
    return arm_call(sys_sync_file_range, t, a[0], arm_pair(a, 2),
                    arm_pair(a, 4), a[1], 0, 0);
}

/* sendfile's offset is a 32-bit off_t; sendfile64's a loff_t, as arm64's. */
int64_t arm_eabi_sendfile(GuestThread *t, const uint64_t *a)
{
    int32_t off32;
    int64_t off, r;

    if (!a[2])
        return arm_call(sys_sendfile, t, a[0], a[1], 0, a[3], 0, 0);
    if (copy_from_guest(&off32, a[2], 4) != 0)
        return -EFAULT;
    off = off32;
    r = arm_call(sys_sendfile, t, a[0], a[1], arm_host_arg(&off), a[3], 0, 0);
    off32 = (int32_t)off;
    if (copy_to_guest(a[2], &off32, 4) != 0)
        return -EFAULT;
    return r;
}

int64_t arm_eabi_sendfile64(GuestThread *t, const uint64_t *a)
{
    return sys_sendfile(t, a);
}

/* mmap2's offset counts 4096-byte units, whatever the page size. */
int64_t arm_eabi_mmap2(GuestThread *t, const uint64_t *a)
{
    return arm_call(sys_mmap, t, a[0], a[1], a[2], a[3], arm_signed(a[4]),
                    (uint64_t)(uint32_t)a[5] << 12);
}
