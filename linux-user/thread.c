/*
 * Guest tasks that share memory: each guest thread is a host pthread
 * running the shared JIT on its own GuestThread; a vfork child is a host
 * vfork child running the CPU loop on a stack of its own. Must not touch
 * JIT internals nor the guest's recorded signal state (syscalls/ does).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "linux-user/thread.h"

#include <errno.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "linux-user/arch.h"
#include "linux-user/gdbstub.h"
#include "linux-user/signal.h"
#include "tcg/exec.h"

/* Threads alive, the main one included: the last exit ends the process. */
static _Atomic int live_threads = 1;

typedef struct ThreadStart {
    GuestThread *child;
    uint64_t flags, ptid, ctid;
    int tid;
    sem_t started;
} ThreadStart;

/* The child's registers: the parent's at the clone, as the kernel copies. */
static void thread_init_child(GuestThread *t, const GuestThread *parent,
                              uint64_t flags, uint64_t newsp, uint64_t tls)
{
    *t = (GuestThread){0};
    t->env = parent->env; /* pc is already past the syscall */
    arch_clone_regs(t, newsp, flags & CLONE_SETTLS, tls);
    t->env.exception = EXCP_NONE;
    t->env.exit_request = 0;
    t->env.exclusive_addr = UINT64_MAX;
    t->env.thread = t;
    signal_thread_start(t, parent);
}

static void *thread_main(void *opaque)
{
    ThreadStart *start = opaque;
    GuestThread *t = start->child;

    signal_host_thread_started();
    t->tid = (int)syscall(SYS_gettid);
    /* Both tids are written before any guest code runs: the thread may
     * exit (and clear its tid for pthread_join) before clone returns. */
    if (start->flags & CLONE_PARENT_SETTID)
        __atomic_store_n((uint32_t *)g2h(start->ptid), (uint32_t)t->tid,
                         __ATOMIC_SEQ_CST);
    if (start->flags & CLONE_CHILD_SETTID)
        __atomic_store_n((uint32_t *)g2h(start->ctid), (uint32_t)t->tid,
                         __ATOMIC_SEQ_CST);
    if (start->flags & CLONE_CHILD_CLEARTID)
        t->clear_child_tid = start->ctid;
    start->tid = t->tid;
    gdbstub_thread_start(t);
    sem_post(&start->started); /* start belongs to the parent from here */
    cpu_loop(t);
}

int64_t thread_clone(GuestThread *parent, uint64_t flags, uint64_t newsp,
                     uint64_t ptid, uint64_t tls, uint64_t ctid)
{
    ThreadStart start = {.flags = flags, .ptid = ptid, .ctid = ctid};
    pthread_attr_t attr;
    pthread_t handle;
    uint64_t host_mask;
    GuestThread *t;
    int err;

    if (posix_memalign((void **)&t, 64, sizeof(*t)) != 0)
        return -ENOMEM;
    thread_init_child(t, parent, flags, newsp, tls);
    start.child = t;
    sem_init(&start.started, 0, 0);

    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_attr_setstacksize(&attr, 1u << 20);
    live_threads++;
    host_mask = signal_host_hold();
    err = pthread_create(&handle, &attr, thread_main, &start);
    signal_host_release(host_mask);
    pthread_attr_destroy(&attr);
    if (err) {
        live_threads--;
        free(t);
        sem_destroy(&start.started);
        return -err;
    }
    while (sem_wait(&start.started) != 0 && errno == EINTR)
        continue;
    sem_destroy(&start.started);
    return start.tid;
}

/*
 * vfork: the host child shares this address space, so the guest memory it
 * writes (glibc's posix_spawn error report, a vfork child's variables) is
 * the parent's, and the parent sleeps in clone until the child execs or
 * exits, as on Linux. The child runs on this thread's host TLS (it has no
 * pthread of its own) while this thread is parked in the kernel; its
 * GuestThread outlives it because signal.c may still point at it.
 */
#define VFORK_STACK_SIZE (1u << 20)

static __thread GuestThread *vfork_child_slot;

static int vfork_child_main(void *opaque)
{
    GuestThread *t = opaque;

    t->tid = (int)syscall(SYS_gettid);
    cpu_loop(t);
}

/* The host does what the kernel would do to the tid words, exec included. */
static int vfork_host_flags(uint64_t flags)
{
    return CLONE_VM | CLONE_VFORK |
           (int)(flags & (CSIGNAL | CLONE_PARENT_SETTID | CLONE_CHILD_SETTID |
                          CLONE_CHILD_CLEARTID));
}

int64_t thread_vfork(GuestThread *parent, uint64_t flags, uint64_t newsp,
                     uint64_t ptid, uint64_t tls, uint64_t ctid)
{
    GuestThread *t = vfork_child_slot;
    void *stack;
    int pid, err;

    /* A vfork child's slot is itself (same TLS): a nested one gets its own
     * GuestThread, kept for the same reason. */
    if (!t || parent->vfork_child) {
        if (posix_memalign((void **)&t, 64, sizeof(*t)) != 0)
            return -ENOMEM;
        if (!parent->vfork_child)
            vfork_child_slot = t;
    }
    stack =
        mmap(NULL, VFORK_STACK_SIZE, PROT_READ | PROT_WRITE,
             MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
    if (stack == MAP_FAILED)
        return -ENOMEM;
    thread_init_child(t, parent, flags, newsp, tls);
    t->vfork_child = true;
    pid = clone(vfork_child_main, (char *)stack + VFORK_STACK_SIZE,
                vfork_host_flags(flags), t, g2h(ptid), NULL, g2h(ctid));
    err = errno;
    munmap(stack, VFORK_STACK_SIZE);
    return pid < 0 ? -err : pid;
}

void thread_before_fork(GuestThread *t, bool vfork)
{
    gdbstub_before_fork(t, vfork);
}

void thread_after_fork_parent(GuestThread *t, int pid, uint64_t newsp,
                              bool set_tls, uint64_t tls)
{
    gdbstub_after_fork_parent(t, pid, newsp, set_tls, tls);
}

void thread_after_fork(GuestThread *t)
{
    live_threads = 1;
    t->tid = (int)syscall(SYS_gettid);
    t->vfork_child = false;
    gdbstub_after_fork();
    signal_after_fork(t);
}

void thread_exit(GuestThread *t, int status)
{
    sigset_t all;

    /* A process of its own: exit_group ends it and none of its parent's. */
    if (t->vfork_child)
        _exit(status);
    signal_thread_exit(t);
    gdbstub_thread_exit(t);
    if (--live_threads == 0)
        guest_exit(status);
    /* CLONE_CHILD_CLEARTID: what pthread_join waits on. */
    if (t->clear_child_tid) {
        uint32_t *tid = g2h(t->clear_child_tid);
        __atomic_store_n(tid, 0, __ATOMIC_SEQ_CST);
        syscall(SYS_futex, tid, FUTEX_WAKE, INT32_MAX, NULL, NULL, 0);
    }
    /* No handler may touch t (or its env) once it is freed. */
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, NULL);
    tcg_exec_thread_exit();
    free(vfork_child_slot);
    vfork_child_slot = NULL;
    if (t->tid != (int)getpid())
        free(t);
    pthread_exit(NULL);
}
