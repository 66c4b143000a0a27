/*
 * Guest syscalls that create, replace, wait for or end tasks: clone (fork
 * only), execve (re-entering arx for AArch64 ELFs), wait, exit, futex and
 * the thread bookkeeping glibc sets up. Must not start host threads yet.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/futex.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "linux-user/thread.h"
#include "syscalls/syscalls.h"
#include "util/log.h"

/* sizeof(struct robust_list_head) on 64-bit Linux. */
#define TASK_ROBUST_LIST_HEAD_SIZE 24

static __thread uint64_t task_robust_head;
static __thread uint64_t task_robust_len;

int64_t sys_set_tid_address(GuestThread *t, const uint64_t *a)
{
    t->clear_child_tid = a[0];
    return host_syscall3(SYS_gettid, 0, 0, 0);
}

/* Recorded only: the host kernel must keep walking the host's own list. */
int64_t sys_set_robust_list(GuestThread *t, const uint64_t *a)
{
    (void)t;
    if (a[1] != TASK_ROBUST_LIST_HEAD_SIZE)
        return -EINVAL;
    task_robust_head = a[0];
    task_robust_len = a[1];
    return 0;
}

int64_t sys_get_robust_list(GuestThread *t, const uint64_t *a)
{
    uint64_t *head = sys_ptr(a[1]);
    uint64_t *len = sys_ptr(a[2]);

    (void)t;
    if (a[0] != 0 && (int64_t)a[0] != host_syscall3(SYS_gettid, 0, 0, 0))
        return -EPERM;
    *head = task_robust_head;
    *len = task_robust_len;
    return 0;
}

/* glibc treats ENOSYS as "no rseq" and carries on; no log wanted. */
int64_t sys_rseq(GuestThread *t, const uint64_t *a)
{
    (void)t;
    (void)a;
    return -ENOSYS;
}

/* Ends one guest thread; the last one ends the process. */
int64_t sys_exit(GuestThread *t, const uint64_t *a)
{
    thread_exit(t, (int)a[0]);
}

int64_t sys_exit_group(GuestThread *t, const uint64_t *a)
{
    (void)t;
    guest_exit((int)a[0]);
}

enum {
    TASK_CLONE_FORK_FLAGS = CLONE_CHILD_SETTID | CLONE_CHILD_CLEARTID |
                            CLONE_PARENT_SETTID | CLONE_VM | CLONE_VFORK |
                            CSIGNAL,
};

/*
 * fork (glibc: SETTID|CLEARTID|SIGCHLD) and vfork/posix_spawn
 * (VM|VFORK|SIGCHLD) both become a host fork(): a copy is always a valid
 * vfork child, and fork() keeps the host libc's atfork locking sane.
 */
static bool task_clone_is_fork(uint64_t flags)
{
    if (flags & ~(uint64_t)TASK_CLONE_FORK_FLAGS)
        return false;
    if ((flags & CSIGNAL) != SIGCHLD)
        return false;
    return !(flags & CLONE_VM) || (flags & CLONE_VFORK);
}

/*
 * A thread shares the address space, signal handlers and thread group, as
 * glibc, musl and Go create them; what the flags leave out (separate files
 * or fs info) is not emulated, so such clones are refused.
 */
static bool task_clone_is_thread(uint64_t flags)
{
    const uint64_t need = CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND |
                          CLONE_THREAD;
    const uint64_t allowed = need | CLONE_SYSVSEM | CLONE_SETTLS |
                             CLONE_PARENT_SETTID | CLONE_CHILD_SETTID |
                             CLONE_CHILD_CLEARTID | CLONE_DETACHED;

    return (flags & need) == need && !(flags & ~allowed & ~(uint64_t)CSIGNAL);
}

/* aarch64 clone argument order: flags, stack, parent_tid, tls, child_tid. */
int64_t sys_clone(GuestThread *t, const uint64_t *a)
{
    uint64_t flags = a[0];
    pid_t pid;

    if (task_clone_is_thread(flags))
        return thread_clone(t, flags, a[1], a[2], a[3], a[4]);
    if (!task_clone_is_fork(flags)) {
        if (log_enabled(LOG_UNIMP))
            arx_log_once(SYS_LOG_KEY_CLONE | (uint32_t)flags,
                         "arx: unsupported clone flags 0x%llx\n",
                         (unsigned long long)flags);
        return -ENOSYS;
    }
    pid = fork();
    if (pid < 0)
        return -errno;
    if (pid == 0) {
        t->tid = (int)host_syscall3(SYS_gettid, 0, 0, 0);
        if (flags & CLONE_CHILD_SETTID)
            *(uint32_t *)sys_ptr(a[4]) = (uint32_t)t->tid;
        if (flags & CLONE_CHILD_CLEARTID)
            t->clear_child_tid = a[4];
        if (a[1])
            t->env.x[31] = a[1];
        return 0;
    }
    if (flags & CLONE_PARENT_SETTID)
        *(uint32_t *)sys_ptr(a[2]) = (uint32_t)pid;
    return pid;
}

int64_t sys_wait4(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall6(SYS_wait4, a[0], sys_hp(a[1]), a[2], sys_hp(a[3]), 0,
                         0);
}

/* siginfo_t is 128 bytes with the same layout on both 64-bit ABIs. */
int64_t sys_waitid(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall6(SYS_waitid, a[0], a[1], sys_hp(a[2]), a[3],
                         sys_hp(a[4]), 0);
}

/* FUTEX_* commands that take a timeout pointer rather than a number. */
static bool task_futex_has_timeout(int cmd)
{
    return cmd == FUTEX_WAIT || cmd == FUTEX_LOCK_PI ||
           cmd == FUTEX_WAIT_BITSET || cmd == FUTEX_WAIT_REQUEUE_PI ||
           cmd == 13 /* FUTEX_LOCK_PI2 */;
}

int64_t sys_futex(GuestThread *t, const uint64_t *a)
{
    int cmd = (int)a[1] & FUTEX_CMD_MASK;
    uint64_t arg3 = task_futex_has_timeout(cmd) ? sys_hp(a[3]) : a[3];

    (void)t;
    return host_syscall6(SYS_futex, sys_hp(a[0]), a[1], a[2], arg3,
                         sys_hp(a[4]), a[5]);
}

/* Counts a guest NULL-terminated pointer array (argv, envp). */
static size_t task_count_vector(uint64_t guest_vec)
{
    const uint64_t *vec = sys_ptr(guest_vec);
    size_t n = 0;

    while (vec && vec[n])
        n++;
    return n;
}

/* Copies n guest pointers into host[] as host pointers. */
static void task_copy_vector(uint64_t guest_vec, size_t n, char **host)
{
    const uint64_t *vec = sys_ptr(guest_vec);

    for (size_t i = 0; i < n; i++)
        host[i] = sys_ptr(vec[i]);
}

static bool task_is_aarch64_elf(const char *path)
{
    Elf64_Ehdr ehdr;
    int fd = (int)host_syscall6(SYS_openat, (uint64_t)AT_FDCWD,
                                (uint64_t)(uintptr_t)path, O_RDONLY | O_CLOEXEC,
                                0, 0, 0);
    int64_t n;

    if (host_is_error(fd))
        return false;
    n = host_syscall3(SYS_read, (uint64_t)fd, (uint64_t)(uintptr_t)&ehdr,
                      sizeof(ehdr));
    host_syscall3(SYS_close, (uint64_t)fd, 0, 0);
    return n == (int64_t)sizeof(ehdr) &&
           memcmp(ehdr.e_ident, ELFMAG, SELFMAG) == 0 &&
           ehdr.e_ident[EI_CLASS] == ELFCLASS64 && ehdr.e_machine == EM_AARCH64;
}

/*
 * arx [reexec options] -0 argv0 path argv[1..]: the new arx runs the
 * program with the guest's own argv[0].
 */
static int64_t task_exec_arx(const char *path, uint64_t guest_argv,
                             char **envp)
{
    size_t argc = task_count_vector(guest_argv);
    size_t nopts = 0;
    size_t i = 0;
    char **argv;
    int64_t r;

    while (arx_reexec_args && arx_reexec_args[nopts])
        nopts++;
    argv = calloc(argc + nopts + 5, sizeof(*argv));
    if (!argv)
        return -ENOMEM;
    argv[i++] = (char *)arx_self_path;
    for (size_t k = 0; k < nopts; k++)
        argv[i++] = arx_reexec_args[k];
    argv[i++] = "-0";
    argv[i++] = argc ? sys_ptr(((const uint64_t *)sys_ptr(guest_argv))[0])
                     : (char *)path;
    argv[i++] = (char *)path;
    if (argc > 1)
        task_copy_vector(guest_argv + 8, argc - 1, &argv[i]);
    r = host_syscall3(SYS_execve, (uint64_t)(uintptr_t)arx_self_path,
                      (uint64_t)(uintptr_t)argv, (uint64_t)(uintptr_t)envp);
    free(argv);
    return r;
}

int64_t sys_execve(GuestThread *t, const uint64_t *a)
{
    const char *path = sys_fix_path(sys_ptr(a[0]));
    size_t argc = task_count_vector(a[1]);
    size_t envc = task_count_vector(a[2]);
    char **argv = calloc(argc + 1, sizeof(*argv));
    char **envp = calloc(envc + 1, sizeof(*envp));
    int64_t r;

    (void)t;
    if (!argv || !envp) {
        r = -ENOMEM;
        goto out;
    }
    task_copy_vector(a[1], argc, argv);
    task_copy_vector(a[2], envc, envp);
    /* The kernel's checks first, so failures name the guest's path. */
    r = host_syscall3(SYS_faccessat, (uint64_t)AT_FDCWD,
                      (uint64_t)(uintptr_t)path, X_OK);
    if (r != 0)
        goto out;
    if (task_is_aarch64_elf(path))
        r = task_exec_arx(path, a[1], envp);
    else
        r = host_syscall3(SYS_execve, (uint64_t)(uintptr_t)path,
                          (uint64_t)(uintptr_t)argv, (uint64_t)(uintptr_t)envp);
out:
    free(argv);
    free(envp);
    return r;
}
