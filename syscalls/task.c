/*
 * Guest syscalls that create, replace, wait for or end tasks: clone and
 * clone3 (thread, fork and vfork shapes), execve and execveat (re-entering
 * arx for AArch64 and ARM ELFs and for scripts whose interpreter is one), wait,
 * exit, futex and the thread bookkeeping glibc sets up. Host threads and
 * vfork children are started by linux-user/thread.c, not here.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/futex.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "linux-user/pcache.h"
#include "linux-user/arch.h"
#include "linux-user/binfmt.h"
#include "linux-user/gdbstub.h"
#include "linux-user/loader.h"
#include "linux-user/path.h"
#include "linux-user/signal.h"
#include "linux-user/thread.h"
#include "syscalls/syscalls.h"
#include "util/log.h"

/* sizeof(struct robust_list_head): three pointer-sized words. */
#define TASK_ROBUST_LIST_HEAD_SIZE (3 * loader_target->word)
/* The kernel's ROBUST_LIST_LIMIT: a circular or corrupt list ends here. */
#define TASK_ROBUST_LIST_LIMIT 2048

/*
 * The guest's list, per host thread as the kernel keeps it per task; the
 * host kernel walks only the host libc's own list, so arx walks this one
 * when the guest thread exits (task_exit_robust_list).
 */
static __thread uint64_t task_robust_head;
static __thread uint64_t task_robust_len;

/*
 * Every guest thread's list head by tid, for get_robust_list of another
 * thread of the process (the kernel answers with the host libc's list).
 */
typedef struct TaskRobust {
    int tid;
    uint64_t head;
} TaskRobust;

static pthread_mutex_t task_robust_lock = PTHREAD_MUTEX_INITIALIZER;
static TaskRobust *task_robust_table;
static size_t task_robust_count, task_robust_capacity;

/* Finds tid's slot, appending one when add; -1 when none. Lock held. */
static long task_robust_slot(int tid, bool add)
{
    size_t i;

    for (i = 0; i < task_robust_count; i++)
        if (task_robust_table[i].tid == tid)
            return (long)i;
    if (!add)
        return -1;
    if (task_robust_count == task_robust_capacity) {
        size_t cap = task_robust_capacity ? 2 * task_robust_capacity : 16;
        TaskRobust *grown = realloc(task_robust_table, cap * sizeof(*grown));

        if (!grown)
            return -1; /* only the answer for other threads is lost */
        task_robust_table = grown;
        task_robust_capacity = cap;
    }
    task_robust_table[i].tid = tid;
    task_robust_count++;
    return (long)i;
}

/* head 0 forgets tid. */
static void task_robust_record(int tid, uint64_t head)
{
    long i;

    pthread_mutex_lock(&task_robust_lock);
    i = task_robust_slot(tid, head != 0);
    if (i >= 0 && head)
        task_robust_table[i].head = head;
    else if (i >= 0)
        task_robust_table[i] = task_robust_table[--task_robust_count];
    pthread_mutex_unlock(&task_robust_lock);
}

static uint64_t task_robust_lookup(int tid)
{
    uint64_t head = 0;
    long i;

    pthread_mutex_lock(&task_robust_lock);
    i = task_robust_slot(tid, false);
    if (i >= 0)
        head = task_robust_table[i].head;
    pthread_mutex_unlock(&task_robust_lock);
    return head;
}

/* A fork child has one thread, and the lock may have been held. */
static void task_robust_after_fork(void)
{
    pthread_mutex_t fresh = PTHREAD_MUTEX_INITIALIZER;

    task_robust_lock = fresh;
    task_robust_count = 0;
    task_robust_head = 0;
    task_robust_len = 0;
}

int64_t sys_set_tid_address(GuestThread *t, const uint64_t *a)
{
    t->clear_child_tid = a[0];
    return host_syscall3(SYS_gettid, 0, 0, 0);
}

int64_t sys_set_robust_list(GuestThread *t, const uint64_t *a)
{
    (void)t;
    if (a[1] != TASK_ROBUST_LIST_HEAD_SIZE)
        return -EINVAL;
    task_robust_head = a[0];
    task_robust_len = a[1];
    if (!t->vfork_child)
        task_robust_record(t->tid, a[0]);
    return 0;
}

int64_t sys_get_robust_list(GuestThread *t, const uint64_t *a)
{
    int64_t self = host_syscall3(SYS_gettid, 0, 0, 0);
    int64_t pid = host_syscall3(SYS_getpid, 0, 0, 0);
    uint64_t head = task_robust_head, len = TASK_ROBUST_LIST_HEAD_SIZE;
    int64_t r;

    (void)t;
    if (a[0] != 0 && (int64_t)a[0] != self) {
        /* Another thread of ours: its guest list. Another process: the
         * kernel's checks (ESRCH, EPERM) and answer. */
        if (host_syscall3(SYS_tgkill, (uint64_t)pid, a[0], 0) == 0) {
            head = task_robust_lookup((int)a[0]);
        } else {
            r = host_syscall3(SYS_get_robust_list, a[0],
                              (uint64_t)(uintptr_t)&head,
                              (uint64_t)(uintptr_t)&len);
            if (r != 0)
                return r;
        }
    }
    /* The answers are words of the guest's pointer size (little-endian:
     * a 32-bit guest's are the low halves). */
    if (copy_to_guest(a[2], &len, loader_target->word) != 0 ||
        copy_to_guest(a[1], &head, loader_target->word) != 0)
        return -EFAULT;
    return 0;
}

/*
 * Reads guest memory as the kernel's get_user() does: a bad pointer in a
 * guest's list ends the walk instead of faulting inside arx. Where
 * process_vm_readv is refused (seccomp), the list is trusted.
 */
static bool task_read_guest(uint64_t addr, void *out, size_t len)
{
    struct iovec local = {out, len};
    struct iovec remote = {sys_ptr(addr), len};
    int64_t r;

    if (addr == 0)
        return false;
    r = host_syscall6(
        SYS_process_vm_readv, (uint64_t)host_syscall3(SYS_getpid, 0, 0, 0),
        (uint64_t)(uintptr_t)&local, 1, (uint64_t)(uintptr_t)&remote, 1, 0);
    if (r == -ENOSYS || r == -EPERM) {
        memcpy(out, sys_ptr(addr), len);
        return true;
    }
    return r == (int64_t)len;
}

/*
 * The kernel's handle_futex_death() for the futex word at addr: when tid
 * owns it, the word becomes OWNER_DIED (WAITERS kept, tid cleared) by
 * compare-and-swap, since other threads race on it, and one waiter is
 * woken so its lock call returns EOWNERDEAD. PI waiters are the host
 * kernel's to wake when this host thread exits (same tid). A pending
 * entry left unowned (the unlock happened, its wake did not) gets the
 * wake. The wake is shared, as robust mutexes wait. False on a bad word.
 */
static bool task_futex_owner_died(uint64_t addr, uint32_t tid, bool pi,
                                  bool pending)
{
    uint32_t *word = sys_ptr(addr);
    uint32_t old, new;

    if (addr % sizeof(uint32_t) != 0 || !task_read_guest(addr, &old, 4))
        return false;
    for (;;) {
        if (pending && !pi && (old & FUTEX_TID_MASK) == 0) {
            host_syscall6(SYS_futex, (uint64_t)(uintptr_t)word, FUTEX_WAKE, 1,
                          0, 0, 0);
            return true;
        }
        if ((old & FUTEX_TID_MASK) != tid)
            return true;
        new = (old & FUTEX_WAITERS) | FUTEX_OWNER_DIED;
        if (__atomic_compare_exchange_n(word, &old, new, false,
                                        __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
            break;
    }
    if (!pi && (old & FUTEX_WAITERS))
        host_syscall6(SYS_futex, (uint64_t)(uintptr_t)word, FUTEX_WAKE, 1, 0, 0,
                      0);
    return true;
}

/*
 * The kernel's exit_robust_list(): struct robust_list_head is
 * { list.next, futex_offset, list_op_pending }, 64-bit on both ABIs; bit
 * 0 of a list pointer marks a PI futex. The pending entry (a lock or
 * unlock in progress) is handled last and only once.
 */
/* A guest pointer-sized word at addr (32-bit guests: zero-extended; a
 * signed word when is_signed, as the list's futex offset is). */
static bool task_read_word(uint64_t addr, uint64_t *value, bool is_signed)
{
    uint32_t w32;

    if (loader_target->word == 8)
        return task_read_guest(addr, value, sizeof(*value));
    if (!task_read_guest(addr, &w32, sizeof(w32)))
        return false;
    *value = is_signed ? (uint64_t)(int64_t)(int32_t)w32 : w32;
    return true;
}

static void task_exit_robust_list(uint32_t tid)
{
    uint64_t entry, next = 0, pending, offset;
    uint64_t word = loader_target->word;
    int limit = TASK_ROBUST_LIST_LIMIT;
    bool read_ok;

    /* struct robust_list_head: list, futex_offset, list_op_pending. */
    if (!task_read_word(task_robust_head, &entry, false) ||
        !task_read_word(task_robust_head + word, &offset, true) ||
        !task_read_word(task_robust_head + 2 * word, &pending, false))
        return;
    while ((entry & ~1ull) != task_robust_head) {
        read_ok = task_read_word(entry & ~1ull, &next, false);
        if ((entry & ~1ull) != (pending & ~1ull) &&
            !task_futex_owner_died((entry & ~1ull) + (uint64_t)offset, tid,
                                   entry & 1, false))
            return;
        if (!read_ok)
            return;
        if (--limit == 0)
            break;
        entry = next;
    }
    if (pending & ~1ull)
        task_futex_owner_died((pending & ~1ull) + (uint64_t)offset, tid,
                              pending & 1, true);
}

/* glibc treats ENOSYS as "no rseq" and carries on; no log wanted. */
int64_t sys_rseq(GuestThread *t, const uint64_t *a)
{
    (void)t;
    (void)a;
    return -ENOSYS;
}

/*
 * Ends one guest thread; the last one ends the process. Its robust
 * futexes are released first, as the kernel does before clearing the
 * child-tid word. A vfork child runs on its parent's TLS: the list there
 * is the parent's, and exit ends only the child process anyway.
 */
int64_t sys_exit(GuestThread *t, const uint64_t *a)
{
    if (!t->vfork_child && task_robust_head) {
        task_exit_robust_list((uint32_t)t->tid);
        task_robust_record(t->tid, 0);
    }
    thread_exit(t, (int)a[0]);
}

int64_t sys_exit_group(GuestThread *t, const uint64_t *a)
{
    (void)t;
    guest_exit((int)a[0]);
}

/* ---- clone and clone3 ---- */

/* One clone request, from either syscall; flags carry the exit signal. */
typedef struct TaskClone {
    uint64_t flags;
    uint64_t sp; /* the child's initial SP, 0 to keep the parent's */
    uint64_t ptid, tls, ctid;
    uint64_t pidfd; /* guest int * for CLONE_PIDFD */
} TaskClone;

/* clone3-only flag bits (uapi linux/sched.h). */
#define TASK_CLONE_CLEAR_SIGHAND 0x100000000ull
#define TASK_CLONE_INTO_CGROUP 0x200000000ull

enum {
    TASK_CLONE_TID_FLAGS = CLONE_CHILD_SETTID | CLONE_CHILD_CLEARTID |
                           CLONE_PARENT_SETTID | CLONE_SETTLS | CLONE_PIDFD |
                           CSIGNAL,
};

/*
 * A thread shares the address space, signal handlers and thread group, as
 * glibc, musl and Go create them; what the flags leave out (separate files
 * or fs info) is not emulated, so such clones are refused.
 */
static bool task_clone_is_thread(uint64_t flags)
{
    const uint64_t need =
        CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND | CLONE_THREAD;
    const uint64_t allowed = need | CLONE_SYSVSEM | CLONE_SETTLS |
                             CLONE_PARENT_SETTID | CLONE_CHILD_SETTID |
                             CLONE_CHILD_CLEARTID | CLONE_DETACHED;

    return (flags & need) == need && !(flags & ~allowed & ~(uint64_t)CSIGNAL);
}

/* glibc's vfork and posix_spawn: VM|VFORK|SIGCHLD, maybe with a stack. */
static bool task_clone_is_vfork(uint64_t flags)
{
    const uint64_t need = CLONE_VM | CLONE_VFORK;

    return (flags & need) == need &&
           !(flags & ~(uint64_t)(need | TASK_CLONE_TID_FLAGS));
}

/*
 * Namespaces a copy of the process may be created in: the child unshares
 * them itself right after the host fork; a pid namespace has to exist
 * before the child does, so the parent's pid_for_children is switched
 * around the fork (its owner is then the parent's user namespace even
 * with CLONE_NEWUSER, which only matters to an unprivileged caller).
 */
#define TASK_CLONE_NS_UNSHARE                                                  \
    (CLONE_NEWNS | CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWNET |                \
     CLONE_NEWCGROUP | CLONE_NEWUSER)
#define TASK_CLONE_NS (TASK_CLONE_NS_UNSHARE | CLONE_NEWPID)

/*
 * A copy of the process: fork (glibc: SETTID|CLEARTID|SIGCHLD) or any
 * clone without CLONE_VM whose exit signal is SIGCHLD, the only one host
 * fork() can give. CLONE_VFORK without CLONE_VM is run as a plain fork.
 */
static bool task_clone_is_fork(uint64_t flags)
{
    if (flags & ~(uint64_t)(TASK_CLONE_TID_FLAGS | CLONE_VFORK | TASK_CLONE_NS))
        return false;
    return (flags & CSIGNAL) == SIGCHLD;
}

/* Before the fork: a pipe for the child's verdict, the pid namespace. */
static int64_t task_ns_prepare(uint64_t ns, int *pidns_fd, int report[2])
{
    int64_t r = 0;

    *pidns_fd = -1;
    if (pipe2(report, O_CLOEXEC) != 0)
        return -errno;
    if (ns & CLONE_NEWPID) {
        *pidns_fd =
            open("/proc/thread-self/ns/pid_for_children", O_RDONLY | O_CLOEXEC);
        r = *pidns_fd < 0 ? -ENOSYS
                          : host_syscall3(SYS_unshare, CLONE_NEWPID, 0, 0);
    }
    if (r != 0) {
        if (*pidns_fd >= 0)
            close(*pidns_fd);
        close(report[0]);
        close(report[1]);
    }
    return r;
}

/* In the child: the other namespaces, or the error for the parent. */
static void task_ns_child(uint64_t ns, int report[2])
{
    int64_t r = 0;
    int err;

    close(report[0]);
    if (ns & TASK_CLONE_NS_UNSHARE)
        r = host_syscall3(SYS_unshare, ns & TASK_CLONE_NS_UNSHARE, 0, 0);
    if (r != 0) {
        err = (int)-r;
        /* Nothing more to do if even this fails: the parent sees EOF. */
        ssize_t w = write(report[1], &err, sizeof(err));
        (void)w;
        _exit(127);
    }
    close(report[1]);
}

/* In the parent: pid_for_children back; a child that failed is reaped. */
static int64_t task_ns_parent(pid_t pid, int pidns_fd, int report[2])
{
    ssize_t n;
    int err = 0;

    if (pidns_fd >= 0) {
        setns(pidns_fd, CLONE_NEWPID);
        close(pidns_fd);
    }
    if (report[1] >= 0)
        close(report[1]);
    do
        n = read(report[0], &err, sizeof(err));
    while (n < 0 && errno == EINTR);
    close(report[0]);
    if (n != sizeof(err) || err == 0 || pid < 0)
        return 0;
    while (waitpid(pid, NULL, __WALL) < 0 && errno == EINTR)
        ;
    return -err;
}

/*
 * One vfork at a time in the process, so another thread's save cannot see
 * what a vfork child changed; forks take it too, so that no copy starts
 * with it held. Not taken in a vfork child: its parent holds it.
 */
static pthread_mutex_t task_vfork_lock = PTHREAD_MUTEX_INITIALIZER;

/*
 * Host fork(), so the host libc's atfork locking stays sane. The kernel
 * writes the parent tid in the parent only, the child tid in the child.
 */
static int64_t task_fork(GuestThread *t, const TaskClone *c)
{
    bool lock = !t->vfork_child;
    uint64_t ns = c->flags & TASK_CLONE_NS;
    int pidns_fd = -1, report[2] = {-1, -1};
    uint64_t host_mask;
    int64_t r;
    pid_t pid;

    if (ns && (r = task_ns_prepare(ns, &pidns_fd, report)) != 0)
        return r;
    if (lock)
        pthread_mutex_lock(&task_vfork_lock);
    host_mask = signal_host_hold();
    thread_before_fork(t, (c->flags & CLONE_VFORK) != 0);
    pid = fork();
    r = pid < 0 ? -errno : 0;
    if (pid == 0)
        thread_after_fork(t);
    else
        thread_after_fork_parent(t, pid, c->sp, c->flags & CLONE_SETTLS,
                                 c->tls);
    signal_host_release(host_mask);
    if (lock)
        pthread_mutex_unlock(&task_vfork_lock);
    if (pid == 0 && ns)
        task_ns_child(ns, report);
    if (pid != 0 && ns) {
        int64_t ns_r = task_ns_parent(pid, pidns_fd, report);

        r = r ? r : ns_r;
    }
    if (r != 0)
        return r;
    if (pid == 0) {
        /* The kernel gives a new task no robust list. */
        task_robust_after_fork();
        /* A bad address is ignored there, as the kernel's put_user is. */
        if (c->flags & CLONE_CHILD_SETTID)
            copy_to_guest(c->ctid, &(uint32_t){(uint32_t)t->tid}, 4);
        if (c->flags & CLONE_CHILD_CLEARTID)
            t->clear_child_tid = c->ctid;
        arch_clone_regs(t, c->sp, c->flags & CLONE_SETTLS, c->tls);
        return 0;
    }
    if (c->flags & CLONE_PARENT_SETTID)
        copy_to_guest(c->ptid, &(uint32_t){(uint32_t)pid}, 4);
    return pid;
}

/*
 * What a vfork child can change in its parent thread's state: it runs on
 * the same arx data and host TLS (the dispositions table, the mask, the
 * altstack, the robust list), whereas on Linux it has copies of its own.
 */
typedef struct TaskVforkSaved {
    GuestSigaction actions[SIGNAL_MAX + 1];
    uint64_t mask;
    GuestStack altstack;
    uint64_t robust_head, robust_len;
} TaskVforkSaved;

static void task_vfork_save(TaskVforkSaved *s)
{
    for (int sig = 1; sig <= SIGNAL_MAX; sig++)
        s->actions[sig] = *signal_guest_action(sig);
    s->mask = signal_guest_mask();
    s->altstack = signal_guest_altstack();
    s->robust_head = task_robust_head;
    s->robust_len = task_robust_len;
}

static void task_vfork_restore(const TaskVforkSaved *s)
{
    uint64_t suspend_mask;

    for (int sig = 1; sig <= SIGNAL_MAX; sig++)
        if (memcmp(signal_guest_action(sig), &s->actions[sig],
                   sizeof(s->actions[sig])) != 0)
            signal_guest_set_action(sig, &s->actions[sig]);
    if (signal_guest_mask() != s->mask)
        signal_guest_set_mask(s->mask);
    signal_guest_set_altstack(&s->altstack);
    signal_guest_take_suspend_mask(&suspend_mask);
    task_robust_head = s->robust_head;
    task_robust_len = s->robust_len;
}

static int64_t task_vfork(GuestThread *t, const TaskClone *c)
{
    bool lock = !t->vfork_child;
    TaskVforkSaved saved;
    int64_t pid;

    if (lock)
        pthread_mutex_lock(&task_vfork_lock);
    task_vfork_save(&saved);
    pid = thread_vfork(t, c->flags, c->sp, c->ptid, c->tls, c->ctid);
    task_vfork_restore(&saved);
    if (lock)
        pthread_mutex_unlock(&task_vfork_lock);
    return pid;
}

/* CLONE_PIDFD: the child's pidfd, made in the parent after the fact. */
static int64_t task_store_pidfd(const TaskClone *c, int64_t pid)
{
    int64_t fd;

    if (!(c->flags & CLONE_PIDFD) || pid <= 0)
        return pid;
    fd = host_syscall3(SYS_pidfd_open, (uint64_t)pid, 0, 0);
    if (host_is_error(fd))
        return fd; /* the child lives on, as when the kernel fails late */
    if (copy_to_guest(c->pidfd, &(int32_t){(int32_t)fd}, 4) != 0) {
        host_syscall3(SYS_close, (uint64_t)fd, 0, 0);
        return -EFAULT; /* the child lives on, as above */
    }
    return pid;
}

/* Under a gdb that follows vforks, a vfork is a fork whose parent waits
 * (gdbstub.h): a host vfork child could not be debugged. Only with the
 * exit signal a host fork gives. */
static bool task_vfork_as_fork(GuestThread *t, uint64_t flags)
{
    return (flags & CSIGNAL) == SIGCHLD && gdbstub_follows_vfork(t);
}

static int64_t task_clone(GuestThread *t, const TaskClone *c)
{
    int64_t pid;

    if (task_clone_is_thread(c->flags))
        return thread_clone(t, c->flags, c->sp, c->ptid, c->tls, c->ctid);
    if (task_clone_is_vfork(c->flags) && !task_vfork_as_fork(t, c->flags)) {
        pid = task_vfork(t, c);
    } else if (task_clone_is_vfork(c->flags)) {
        pid = task_fork(t, c);
    } else if (task_clone_is_fork(c->flags)) {
        pid = task_fork(t, c);
    } else {
        if (log_enabled(LOG_UNIMP))
            arx_log_once(SYS_LOG_KEY_CLONE | (uint32_t)c->flags,
                         "arx: unsupported clone flags 0x%llx\n",
                         (unsigned long long)c->flags);
        return -ENOSYS;
    }
    return task_store_pidfd(c, pid);
}

/* aarch64 clone argument order: flags, stack, parent_tid, tls, child_tid. */
int64_t sys_clone(GuestThread *t, const uint64_t *a)
{
    TaskClone c = {a[0], a[1], a[2], a[3], a[4], a[2]};

    /* Legacy clone returns the pidfd through parent_tid. */
    if ((c.flags & CLONE_PIDFD) &&
        (c.flags & (CLONE_PARENT_SETTID | CLONE_THREAD)))
        return -EINVAL;
    return task_clone(t, &c);
}

/* struct clone_args (uapi linux/sched.h): 64, 80 or 88 bytes by version. */
typedef struct GuestCloneArgs {
    uint64_t flags;
    uint64_t pidfd;
    uint64_t child_tid;
    uint64_t parent_tid;
    uint64_t exit_signal;
    uint64_t stack;
    uint64_t stack_size;
    uint64_t tls;
    uint64_t set_tid;
    uint64_t set_tid_size;
    uint64_t cgroup;
} GuestCloneArgs;

#define TASK_CLONE_ARGS_SIZE_VER0 64

/* The kernel's copy_clone_args_from_user(): a newer, longer struct is
 * fine while the fields this kernel does not know are zero. */
static int64_t task_read_clone_args(uint64_t addr, uint64_t size,
                                    GuestCloneArgs *out)
{
    const uint8_t *p = sys_ptr(addr);

    if (size < TASK_CLONE_ARGS_SIZE_VER0)
        return -EINVAL;
    if (size > GUEST_PAGE_SIZE)
        return -E2BIG;
    if (!guest_range_ok(addr, size, PROT_READ))
        return -EFAULT;
    for (uint64_t i = sizeof(*out); i < size; i++)
        if (p[i] != 0)
            return -E2BIG;
    memset(out, 0, sizeof(*out));
    memcpy(out, p, size < sizeof(*out) ? size : sizeof(*out));
    return 0;
}

/* The kernel's clone3_args_valid(), less what needs a pid namespace. */
static int64_t task_check_clone_args(const GuestCloneArgs *ca)
{
    const uint64_t legacy = 0xffffffffull & ~(uint64_t)CSIGNAL;

    if (ca->flags &
        ~(legacy | TASK_CLONE_CLEAR_SIGHAND | TASK_CLONE_INTO_CGROUP))
        return -EINVAL;
    if (ca->exit_signal & ~(uint64_t)CSIGNAL)
        return -EINVAL;
    if ((ca->flags & (CLONE_THREAD | CLONE_PARENT)) && ca->exit_signal)
        return -EINVAL;
    if ((ca->flags & CLONE_SIGHAND) && (ca->flags & TASK_CLONE_CLEAR_SIGHAND))
        return -EINVAL;
    if (!ca->stack != !ca->stack_size)
        return -EINVAL;
    if (!ca->set_tid != !ca->set_tid_size)
        return -EINVAL;
    return 0;
}

/*
 * clone3 takes the same paths as clone. What arx cannot do (set_tid,
 * cgroups, clearing handlers) is -ENOSYS, which makes glibc retry with
 * clone, before anything happened.
 */
int64_t sys_clone3(GuestThread *t, const uint64_t *a)
{
    GuestCloneArgs ca;
    TaskClone c;
    int64_t r = task_read_clone_args(a[0], a[1], &ca);

    if (r == 0)
        r = task_check_clone_args(&ca);
    if (r != 0)
        return r;
    if (ca.set_tid_size ||
        (ca.flags & (TASK_CLONE_CLEAR_SIGHAND | TASK_CLONE_INTO_CGROUP))) {
        if (log_enabled(LOG_UNIMP))
            arx_log_once(SYS_LOG_KEY_CLONE | 0xffffffffu,
                         "arx: unsupported clone3 request (flags 0x%llx, "
                         "set_tid_size %llu)\n",
                         (unsigned long long)ca.flags,
                         (unsigned long long)ca.set_tid_size);
        return -ENOSYS;
    }
    c = (TaskClone){
        .flags = ca.flags | ca.exit_signal,
        .sp = ca.stack ? ca.stack + ca.stack_size : 0,
        .ptid = ca.parent_tid,
        .tls = ca.tls,
        .ctid = ca.child_tid,
        .pidfd = ca.pidfd,
    };
    return task_clone(t, &c);
}

int64_t sys_wait4(GuestThread *t, const uint64_t *a)
{
    return signal_safe_syscall6(t, SYS_wait4, a[0], sys_hp(a[1]), a[2],
                                sys_hp(a[3]), 0, 0);
}

/* siginfo_t is 128 bytes with the same layout on both 64-bit ABIs. */
int64_t sys_waitid(GuestThread *t, const uint64_t *a)
{
    return signal_safe_syscall6(t, SYS_waitid, a[0], a[1], sys_hp(a[2]), a[3],
                                sys_hp(a[4]), 0);
}

/*
 * FUTEX_* commands whose fourth argument is a struct timespec pointer
 * (same layout on both ABIs). REQUEUE, CMP_REQUEUE, CMP_REQUEUE_PI and
 * WAKE_OP carry a count (val2) there instead, which must pass untouched.
 */
static bool task_futex_has_timeout(int cmd)
{
    return cmd == FUTEX_WAIT || cmd == FUTEX_LOCK_PI || cmd == FUTEX_LOCK_PI2 ||
           cmd == FUTEX_WAIT_BITSET || cmd == FUTEX_WAIT_REQUEUE_PI;
}

/*
 * futex(uaddr, op, val, timeout or val2, uaddr2, val3): the host kernel
 * does the work, guest and host tids being the same. uaddr2 is unused by
 * the commands that do not requeue or WAKE_OP, so translating it always
 * is harmless; val3 (a value or a bitset) is never a pointer.
 */
int64_t sys_futex(GuestThread *t, const uint64_t *a)
{
    int cmd = (int)a[1] & FUTEX_CMD_MASK;
    uint64_t arg3 = task_futex_has_timeout(cmd) ? sys_hp(a[3]) : a[3];

    return signal_safe_syscall6(t, SYS_futex, sys_hp(a[0]), a[1], a[2], arg3,
                                sys_hp(a[4]), a[5]);
}

/* ---- execve and execveat ---- */

/*
 * Pointer slots kept on the host stack: in a vfork child, malloc'd memory
 * would stay allocated in the parent's heap once the exec succeeds.
 */
#define TASK_EXEC_STACK_SLOTS 2048
/* The re-exec command line besides the guest's arguments and arx's
 * options: arx, the gdb connection, the SVE vector length, -0, argv0,
 * program, #! argument, script, NULL. */
#define TASK_ARX_FIXED_SLOTS 10
/* What the kernel reads of a file to choose a loader (BINPRM_BUF_SIZE). */
#define TASK_BINPRM_BUF_SIZE 256

typedef struct TaskExec {
    char **argv; /* the guest's, as host pointers, NULL-terminated */
    size_t argc;
    char **envp;
    char **arx_argv; /* room for the re-exec command line */
    int dirfd;       /* execveat's arguments, path after the sysroot */
    const char *path;
    const char *guest_path; /* as the guest gave it */
    int flags;
    const char *sve_option; /* arm_sve_exec_arg's, or NULL */
} TaskExec;

/* The kernel's MAX_ARG_STRLEN: one argument or variable at most. */
#define TASK_ARG_STRLEN_MAX (32 * 4096)

/*
 * Counts a guest NULL-terminated pointer array (argv, envp): -EFAULT when
 * the array or one of its strings is not readable, as the kernel's copy.
 */
/* Element i of a guest array of pointers (the guest's word size). */
static uint64_t task_vector_at(uint64_t guest_vec, size_t i)
{
    uint64_t word = loader_target->word, p = 0;

    memcpy(&p, sys_ptr(guest_vec + word * i), word);
    return p;
}

static int64_t task_count_vector(uint64_t guest_vec)
{
    const char *s;
    uint64_t p = 0, word = loader_target->word;
    int64_t n, r;

    for (n = 0; guest_vec; n++) {
        if (copy_from_guest(&p, guest_vec + word * (uint64_t)n, word) != 0)
            return -EFAULT;
        if (!p)
            break;
        r = guest_string(p, TASK_ARG_STRLEN_MAX, &s);
        if (r != 0)
            return r == -ENAMETOOLONG ? -E2BIG : r;
    }
    return n;
}

/* Copies n guest pointers into host[] as host pointers, NULL after. */
static void task_copy_vector(uint64_t guest_vec, size_t n, char **host)
{
    for (size_t i = 0; i < n; i++)
        host[i] = sys_ptr(task_vector_at(guest_vec, i));
    host[n] = NULL;
}

static size_t task_reexec_option_count(void)
{
    size_t n = 0;

    while (arx_reexec_args && arx_reexec_args[n])
        n++;
    return n;
}

/* An ELF arx runs: AArch64 (ELF64), or 32-bit ARM (ELF32), little-endian;
 * arx's loader then tells the rest (e.g. an old-ABI ARM program). */
static bool task_is_guest_elf(const uint8_t *head, size_t n)
{
    Elf32_Ehdr ehdr; /* e_machine sits at the same offset in both classes */

    if (n < sizeof(ehdr))
        return false;
    memcpy(&ehdr, head, sizeof(ehdr));
    if (memcmp(ehdr.e_ident, ELFMAG, SELFMAG) != 0 ||
        ehdr.e_ident[EI_DATA] != ELFDATA2LSB)
        return false;
    return (ehdr.e_ident[EI_CLASS] == ELFCLASS64 &&
            ehdr.e_machine == EM_AARCH64) ||
           (ehdr.e_ident[EI_CLASS] == ELFCLASS32 && ehdr.e_machine == EM_ARM);
}

/* The first bytes of the file; 0 when it cannot be read (a directory). */
static size_t task_read_head(const char *path, char *buf, size_t len)
{
    int64_t fd =
        host_syscall6(SYS_openat, (uint64_t)AT_FDCWD, (uint64_t)(uintptr_t)path,
                      O_RDONLY | O_CLOEXEC, 0, 0, 0);
    int64_t n;

    if (host_is_error(fd))
        return 0;
    n = host_syscall3(SYS_read, (uint64_t)fd, (uint64_t)(uintptr_t)buf, len);
    host_syscall3(SYS_close, (uint64_t)fd, 0, 0);
    return host_is_error(n) ? 0 : (size_t)n;
}

static bool task_file_is_aarch64_elf(const char *path)
{
    uint8_t head[sizeof(Elf64_Ehdr)];

    return task_is_guest_elf(head,
                             task_read_head(path, (char *)head, sizeof(head)));
}

/*
 * arx [reexec options] -0 argv0 program extra... argv[1..]: the new arx
 * runs program with the guest's argv[0] (or a script's interpreter line).
 */
static int64_t task_exec_arx(const TaskExec *ex, const char *program,
                             const char *argv0, const char *const *extra,
                             size_t nextra)
{
    char **v = ex->arx_argv;
    const char *gdb_option = gdbstub_exec_begin(); /* gdb follows the exec */
    size_t i = 0;

    v[i++] = (char *)arx_self_path;
    for (size_t k = 0; arx_reexec_args && arx_reexec_args[k]; k++)
        v[i++] = arx_reexec_args[k];
    if (gdb_option)
        v[i++] = (char *)gdb_option;
    if (ex->sve_option)
        v[i++] = (char *)ex->sve_option;
    v[i++] = "-0";
    v[i++] = (char *)argv0;
    v[i++] = (char *)program;
    for (size_t k = 0; k < nextra; k++)
        v[i++] = (char *)extra[k];
    for (size_t k = 1; k < ex->argc; k++)
        v[i++] = ex->argv[k];
    v[i] = NULL;
    pcache_flush(); /* the new image starts with nothing queued */
    int64_t r =
        host_syscall3(SYS_execve, (uint64_t)(uintptr_t)arx_self_path,
                      (uint64_t)(uintptr_t)v, (uint64_t)(uintptr_t)ex->envp);

    /* arx's path may not resolve any more (a chroot): the descriptor
     * opened at start-up does, unless the guest closed it. */
    if (r == -ENOENT && binfmt_self_fd() >= 0)
        r = host_syscall6(SYS_execveat, (uint64_t)binfmt_self_fd(),
                          (uint64_t)(uintptr_t) "", (uint64_t)(uintptr_t)v,
                          (uint64_t)(uintptr_t)ex->envp, AT_EMPTY_PATH, 0);
    /* Neither (a chroot without /proc, started by a binfmt_misc entry
     * without flag P): the guest's own execve, which that entry, holding
     * arx open (flag F), runs; ENOEXEC if there is none. */
    else if (r == -ENOENT)
        r = host_syscall6(
            SYS_execveat, (uint64_t)ex->dirfd, (uint64_t)(uintptr_t)ex->path,
            (uint64_t)(uintptr_t)ex->argv, (uint64_t)(uintptr_t)ex->envp,
            (uint64_t)ex->flags, 0);
    if (gdb_option)
        gdbstub_exec_failed();
    return r;
}

/*
 * The kernel's #! rules (binfmt_script): the line ends at a newline or at
 * the end of the buffer; the interpreter is its first word and the rest,
 * trimmed, is one optional argument. Edits line in place.
 */
static bool task_parse_shebang(char *line, size_t n, char **interp, char **arg)
{
    char *end, *p;

    if (n < 2 || line[0] != '#' || line[1] != '!')
        return false;
    line[n] = '\0';
    end = memchr(line, '\n', n);
    if (end)
        *end = '\0';
    else
        end = line + n;
    while (end > line + 2 && (end[-1] == ' ' || end[-1] == '\t'))
        *--end = '\0';
    p = line + 2;
    while (*p == ' ' || *p == '\t')
        p++;
    if (*p == '\0')
        return false;
    *interp = p;
    while (*p && *p != ' ' && *p != '\t')
        p++;
    if (*p) {
        *p++ = '\0';
        while (*p == ' ' || *p == '\t')
            p++;
    }
    *arg = *p ? p : NULL;
    return true;
}

/* The script's name for its interpreter, as the kernel makes it. */
static void task_script_name(const TaskExec *ex, char *buf, size_t len)
{
    if (ex->dirfd == AT_FDCWD || ex->guest_path[0] == '/')
        snprintf(buf, len, "%s", ex->guest_path);
    else if (ex->guest_path[0] == '\0')
        snprintf(buf, len, "/dev/fd/%d", ex->dirfd);
    else
        snprintf(buf, len, "/dev/fd/%d/%s", ex->dirfd, ex->guest_path);
}

/*
 * A script whose interpreter (looked up in the sysroot first) is an
 * AArch64 or ARM ELF runs that interpreter under arx. False when the host
 * kernel should handle the file instead (a host interpreter, or no #! line).
 */
static bool task_exec_script(const TaskExec *ex, char *head, size_t n,
                             int64_t *r)
{
    char interp_path[PATH_MAX], script[PATH_MAX + 32], link_path[PATH_MAX];
    const char *extra[2];
    size_t nextra = 0;
    char *interp, *arg;

    if (!task_parse_shebang(head, n, &interp, &arg))
        return false;
    if (snprintf(interp_path, sizeof(interp_path), "%s",
                 path_redirect_exec(interp, link_path, sizeof(link_path))) >=
        (int)sizeof(interp_path))
        return false;
    if (host_syscall3(SYS_faccessat, (uint64_t)AT_FDCWD,
                      (uint64_t)(uintptr_t)interp_path, X_OK) != 0 ||
        !task_file_is_aarch64_elf(interp_path))
        return false;
    task_script_name(ex, script, sizeof(script));
    if (arg)
        extra[nextra++] = arg;
    extra[nextra++] = script;
    *r = task_exec_arx(ex, interp_path, interp, extra, nextra);
    return true;
}

/*
 * The file execveat names, as a host path: the path itself, or
 * /proc/self/fd/N[/path] for a directory fd or AT_EMPTY_PATH.
 */
static int64_t task_exec_target(const TaskExec *ex, char *buf, size_t len,
                                const char **name)
{
    struct stat st;

    if (ex->flags & ~(AT_EMPTY_PATH | AT_SYMLINK_NOFOLLOW))
        return -EINVAL;
    if (ex->path[0] == '\0' && !(ex->flags & AT_EMPTY_PATH))
        return -ENOENT;
    if ((ex->flags & AT_SYMLINK_NOFOLLOW) && ex->path[0] != '\0' &&
        host_syscall6(SYS_newfstatat, (uint64_t)ex->dirfd,
                      (uint64_t)(uintptr_t)ex->path, (uint64_t)(uintptr_t)&st,
                      AT_SYMLINK_NOFOLLOW, 0, 0) == 0 &&
        S_ISLNK(st.st_mode))
        return -ELOOP;
    *name = buf;
    if (ex->path[0] == '/' || ex->dirfd == AT_FDCWD)
        *name = ex->path;
    else if (ex->path[0] == '\0')
        snprintf(buf, len, "/proc/self/fd/%d", ex->dirfd);
    else if (snprintf(buf, len, "/proc/self/fd/%d/%s", ex->dirfd, ex->path) >=
             (int)len)
        return -ENAMETOOLONG;
    return 0;
}

static bool task_same_file(const char *a, const char *b)
{
    struct stat sa, sb;

    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
           sa.st_ino == sb.st_ino;
}

/*
 * A name for the target that still works in the new arx: /proc/self/fd/N
 * dies with a close-on-exec N, so the link's target is used when it is
 * the same file, else a dup of N that survives the exec (*dup_fd).
 */
static const char *task_stable_name(const TaskExec *ex, const char *name,
                                    char *buf, size_t len, int *dup_fd)
{
    char link[32], dir[PATH_MAX];
    ssize_t n;
    int fd;

    if (name == ex->path)
        return name;
    snprintf(link, sizeof(link), "/proc/self/fd/%d", ex->dirfd);
    n = readlink(link, dir, sizeof(dir) - 1);
    if (n > 0 && dir[0] == '/') {
        dir[n] = '\0';
        if (ex->path[0] == '\0')
            snprintf(buf, len, "%s", dir);
        else
            snprintf(buf, len, "%s/%s", dir, ex->path);
        if (task_same_file(buf, name))
            return buf;
    }
    if (!(fcntl(ex->dirfd, F_GETFD) & FD_CLOEXEC))
        return name;
    fd = fcntl(ex->dirfd, F_DUPFD, 0);
    if (fd < 0)
        return name;
    *dup_fd = fd;
    if (ex->path[0] == '\0')
        snprintf(buf, len, "/proc/self/fd/%d", fd);
    else
        snprintf(buf, len, "/proc/self/fd/%d/%s", fd, ex->path);
    return buf;
}

static int64_t task_exec_elf(const TaskExec *ex, const char *name)
{
    char buf[PATH_MAX + 32];
    int dup_fd = -1;
    const char *program = task_stable_name(ex, name, buf, sizeof(buf), &dup_fd);
    int64_t r =
        task_exec_arx(ex, program, ex->argc ? ex->argv[0] : program, NULL, 0);

    if (dup_fd >= 0)
        close(dup_fd);
    return r;
}

/*
 * The kernel's permission checks come first, so failures name the guest's
 * file; then AArch64 and ARM ELFs and scripts with such an interpreter re-enter
 * arx and everything else is the host kernel's (x86-64 programs, host
 * scripts, ENOEXEC, EACCES for directories).
 */
static int64_t task_exec_file(const TaskExec *ex)
{
    char target[PATH_MAX + 32], head[TASK_BINPRM_BUF_SIZE + 1];
    const char *name;
    int64_t r;
    size_t n;

    /* The kernel judges dirfd before the path: a closed one is EBADF, not
     * the ENOENT of a /proc/self/fd name that does not exist. */
    if (ex->dirfd != AT_FDCWD && ex->guest_path[0] != '/' &&
        fcntl(ex->dirfd, F_GETFD) < 0)
        return -EBADF;
    r = task_exec_target(ex, target, sizeof(target), &name);
    if (r != 0)
        return r;
    r = host_syscall3(SYS_faccessat, (uint64_t)AT_FDCWD,
                      (uint64_t)(uintptr_t)name, X_OK);
    if (r != 0)
        return r;
    n = task_read_head(name, head, TASK_BINPRM_BUF_SIZE);
    /* Started by binfmt_misc: the kernel starts the next arx with the
     * program's set-id credentials (flag C) and argv[0] (flag P). ENOEXEC:
     * the entry has gone since, so arx re-executes itself, as it does when
     * gdb follows the exec (its connection is an option to the new arx). */
    if (binfmt_active() && !gdbstub_follows_exec() &&
        (task_is_guest_elf((const uint8_t *)head, n) ||
         (n >= 2 && head[0] == '#' && head[1] == '!'))) {
        r = host_syscall6(
            SYS_execveat, (uint64_t)ex->dirfd, (uint64_t)(uintptr_t)ex->path,
            (uint64_t)(uintptr_t)ex->argv, (uint64_t)(uintptr_t)ex->envp,
            (uint64_t)ex->flags, 0);
        if (r != -ENOEXEC)
            return r;
    }
    if (task_is_guest_elf((const uint8_t *)head, n))
        return task_exec_elf(ex, name);
    if (task_exec_script(ex, head, n, &r))
        return r;
    return host_syscall6(SYS_execveat, (uint64_t)ex->dirfd,
                         (uint64_t)(uintptr_t)ex->path,
                         (uint64_t)(uintptr_t)ex->argv,
                         (uint64_t)(uintptr_t)ex->envp, (uint64_t)ex->flags, 0);
}

static int64_t task_execveat(GuestThread *t, int dirfd, uint64_t guest_path,
                             uint64_t argv, uint64_t envp, int flags)
{
    int64_t argc = task_count_vector(argv);
    int64_t envc = task_count_vector(envp);
    size_t slots = 2 * (size_t)argc + (size_t)envc + 2 +
                   task_reexec_option_count() + TASK_ARX_FIXED_SLOTS;
    char *local[TASK_EXEC_STACK_SLOTS];
    char **vec;
    char exec_path[PATH_MAX];
    TaskExec ex;
    const char *path;
    int64_t r = guest_string(guest_path, PATH_MAX, &path);

    if (r != 0)
        return r;
    if (argc < 0)
        return argc;
    if (envc < 0)
        return envc;
    vec = slots <= TASK_EXEC_STACK_SLOTS ? local : calloc(slots, sizeof(*vec));
    if (!vec)
        return -ENOMEM;
    ex.argv = vec;
    ex.argc = argc;
    ex.envp = vec + argc + 1;
    ex.arx_argv = ex.envp + envc + 1;
    task_copy_vector(argv, argc, ex.argv);
    task_copy_vector(envp, envc, ex.envp);
    ex.dirfd = dirfd;
    ex.guest_path = path;
    ex.path = sys_fix_path(ex.guest_path);
    /* A link to a guest path means the sysroot's file, not the host's. */
    if (ex.path && ex.path != sys_exe_path() &&
        (ex.path[0] == '/' || dirfd == AT_FDCWD) &&
        !(flags & AT_SYMLINK_NOFOLLOW))
        ex.path = path_redirect_exec(ex.path, exec_path, sizeof(exec_path));
    ex.flags = flags;
    ex.sve_option =
        guest_arch == &arch_aarch64 ? arm_sve_exec_arg(&t->env) : NULL;
    r = task_exec_file(&ex);
    if (vec != local)
        free(vec);
    return r;
}

int64_t sys_execve(GuestThread *t, const uint64_t *a)
{
    return task_execveat(t, AT_FDCWD, a[0], a[1], a[2], 0);
}

/* execveat(dirfd, path, argv, envp, flags); fexecve is AT_EMPTY_PATH. */
int64_t sys_execveat(GuestThread *t, const uint64_t *a)
{
    return task_execveat(t, (int)a[0], a[1], a[2], a[3], (int)a[4]);
}
