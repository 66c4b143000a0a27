/*
 * Guest threads: each clone() with CLONE_VM (and without CLONE_VFORK) is a
 * host pthread running the shared JIT on its own GuestThread, so guest
 * threads run in parallel on host cores. Must not touch JIT internals.
 */
#include "linux-user/thread.h"

#include <errno.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "tcg/exec.h"

/* Threads alive, the main one included: the last exit ends the process. */
static _Atomic int live_threads = 1;

typedef struct ThreadStart {
    GuestThread *child;
    uint64_t flags, ptid, ctid;
    int tid;
    sem_t started;
} ThreadStart;

static void *thread_main(void *opaque)
{
    ThreadStart *start = opaque;
    GuestThread *t = start->child;

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
    sem_post(&start->started); /* start belongs to the parent from here */
    cpu_loop(t);
}

int64_t thread_clone(GuestThread *parent, uint64_t flags, uint64_t newsp,
                     uint64_t ptid, uint64_t tls, uint64_t ctid)
{
    ThreadStart start = { .flags = flags, .ptid = ptid, .ctid = ctid };
    pthread_attr_t attr;
    pthread_t handle;
    GuestThread *t;
    int err;

    if (posix_memalign((void **)&t, 64, sizeof(*t)) != 0)
        return -ENOMEM;
    *t = (GuestThread){ 0 };
    t->env = parent->env; /* pc is already past the SVC */
    t->env.x[0] = 0;      /* clone returns 0 in the child */
    if (newsp)
        t->env.x[31] = newsp;
    if (flags & CLONE_SETTLS)
        t->env.tpidr_el0 = tls;
    t->env.exception = EXCP_NONE;
    t->env.exit_request = 0;
    t->env.exclusive_addr = UINT64_MAX;
    t->env.thread = t;
    start.child = t;
    sem_init(&start.started, 0, 0);

    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_attr_setstacksize(&attr, 1u << 20);
    live_threads++;
    err = pthread_create(&handle, &attr, thread_main, &start);
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

void thread_exit(GuestThread *t, int status)
{
    sigset_t all;

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
    if (t->tid != (int)getpid())
        free(t);
    pthread_exit(NULL);
}
