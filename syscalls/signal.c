/*
 * Guest signal syscalls: the guest's dispositions, per-thread masks and
 * altstacks are recorded here (queues and delivery to guest handlers are
 * linux-user/signal.c's). Must never let the guest block or reset the
 * host's synchronous signals.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "linux-user/signal.h"
#include "syscalls/syscalls.h"
#include "util/log.h"

#define SIGNAL_MAX 64
#define SIGNAL_SET_SIZE 8            /* aarch64 kernel sigset_t, bytes */
#define GUEST_MINSIGSTKSZ 5120       /* arm64 uapi MINSIGSTKSZ */
#define GUEST_SA_RESTORER 0x04000000 /* same value on both */
#define GUEST_SS_AUTODISARM (1u << 31)

static uint64_t signal_bit(int sig)
{
    return 1ull << (sig - 1);
}

/* Faults arx must always see, whatever the guest thinks it blocked. */
static uint64_t signal_sync_bits(void)
{
    return signal_bit(SIGSEGV) | signal_bit(SIGBUS) | signal_bit(SIGILL) |
           signal_bit(SIGFPE) | signal_bit(SIGTRAP);
}

static GuestSigaction signal_actions[SIGNAL_MAX + 1];
static bool signal_action_known[SIGNAL_MAX + 1];
static pthread_mutex_t signal_lock = PTHREAD_MUTEX_INITIALIZER;
/* Set by linux-user/signal.c; runs under signal_lock, so it must not lock. */
static SignalActionHook signal_action_hook;

/* x86-64 kernel struct sigaction, the same shape as the guest's. */
typedef GuestSigaction HostKernelSigaction;

/*
 * A signal never touched by the guest reports what the host has: SIG_IGN
 * survives execve, so "nohup prog" must look ignored to prog.
 */
static void signal_action_load(int sig)
{
    HostKernelSigaction host;

    if (signal_action_known[sig])
        return;
    memset(&signal_actions[sig], 0, sizeof(signal_actions[sig]));
    if (host_syscall6(SYS_rt_sigaction, (uint64_t)sig, 0,
                      (uint64_t)(uintptr_t)&host, SIGNAL_SET_SIZE, 0, 0) == 0 &&
        host.handler == (uint64_t)(uintptr_t)SIG_IGN)
        signal_actions[sig].handler = (uint64_t)(uintptr_t)SIG_IGN;
    signal_action_known[sig] = true;
}

/* Only plain, asynchronous, non-libc-reserved signals go to the host. */
static bool signal_host_may_follow(int sig)
{
    return sig < 32 && !(signal_bit(sig) & signal_sync_bits());
}

static void signal_apply_to_host(int sig, const GuestSigaction *act)
{
    HostKernelSigaction host = {
        .handler = act->handler,
        .flags = act->flags & ~(uint64_t)GUEST_SA_RESTORER,
        .restorer = 0,
        .mask = act->mask,
    };

    host_syscall6(SYS_rt_sigaction, (uint64_t)sig, (uint64_t)(uintptr_t)&host,
                  0, SIGNAL_SET_SIZE, 0, 0);
}

static void signal_record(int sig, const GuestSigaction *act)
{
    bool is_default = act->handler == (uint64_t)(uintptr_t)SIG_DFL;
    bool is_ignore = act->handler == (uint64_t)(uintptr_t)SIG_IGN;

    if ((is_default || is_ignore) && signal_host_may_follow(sig))
        signal_apply_to_host(sig, act);
    if (!is_default && !is_ignore && !signal_action_hook &&
        log_enabled(LOG_UNIMP))
        arx_log_once(SYS_LOG_KEY_SIGNAL,
                     "arx: guest signal handlers are recorded but not "
                     "delivered (first: signal %d)\n",
                     sig);
    signal_actions[sig] = *act;
    if (signal_action_hook)
        signal_action_hook(sig, act);
}

void signal_set_action_hook(SignalActionHook hook)
{
    signal_action_hook = hook;
}

void signal_guest_set_action(int sig, const GuestSigaction *act)
{
    if (sig < 1 || sig > SIGNAL_MAX)
        return;
    pthread_mutex_lock(&signal_lock);
    signal_action_load(sig);
    signal_record(sig, act);
    pthread_mutex_unlock(&signal_lock);
}

int64_t sys_rt_sigaction(GuestThread *t, const uint64_t *a)
{
    int sig = (int)a[0];
    const GuestSigaction *guest_act = sys_ptr(a[1]);
    GuestSigaction *guest_old = sys_ptr(a[2]);
    GuestSigaction act, old;

    (void)t;
    if (a[3] != SIGNAL_SET_SIZE || sig < 1 || sig > SIGNAL_MAX)
        return -EINVAL;
    if (guest_act && (sig == SIGKILL || sig == SIGSTOP))
        return -EINVAL;
    /* Read before writing: act and oldact may be the same buffer. */
    if (guest_act)
        act = *guest_act;
    pthread_mutex_lock(&signal_lock);
    signal_action_load(sig);
    old = signal_actions[sig];
    if (guest_act)
        signal_record(sig, &act);
    pthread_mutex_unlock(&signal_lock);
    if (guest_old)
        *guest_old = old;
    return 0;
}

const GuestSigaction *signal_guest_action(int sig)
{
    if (sig < 1 || sig > SIGNAL_MAX)
        return NULL;
    pthread_mutex_lock(&signal_lock);
    signal_action_load(sig);
    pthread_mutex_unlock(&signal_lock);
    return &signal_actions[sig];
}

/* ---- masks: per thread, in GuestThread (signal.c routes by them) ---- */

static uint64_t signal_unblockable(void)
{
    return signal_bit(SIGKILL) | signal_bit(SIGSTOP);
}

uint64_t signal_host_mask_for(uint64_t guest_mask)
{
    return guest_mask & ~signal_sync_bits();
}

static void signal_host_set_mask(uint64_t host_set)
{
    host_syscall6(SYS_rt_sigprocmask, SIG_SETMASK,
                  (uint64_t)(uintptr_t)&host_set, 0, SIGNAL_SET_SIZE, 0, 0);
}

/*
 * The guest mask first: a host handler that runs in between sees a mask
 * at least as strict as the host's and routes by it.
 */
void signal_thread_set_mask(GuestThread *t, uint64_t mask)
{
    mask &= ~signal_unblockable();
    if (t)
        t->signals.mask = mask;
    signal_host_set_mask(signal_host_mask_for(mask));
}

uint64_t signal_guest_mask(void)
{
    GuestThread *t = signal_current_thread();

    return t ? t->signals.mask : 0;
}

void signal_guest_set_mask(uint64_t mask)
{
    signal_thread_set_mask(signal_current_thread(), mask);
}

static bool signal_mask_update(int how, uint64_t *mask, uint64_t set)
{
    switch (how) {
    case SIG_BLOCK:
        *mask |= set;
        return true;
    case SIG_UNBLOCK:
        *mask &= ~set;
        return true;
    case SIG_SETMASK:
        *mask = set;
        return true;
    default:
        return false;
    }
}

int64_t sys_rt_sigprocmask(GuestThread *t, const uint64_t *a)
{
    int how = (int)a[0];
    const uint64_t *guest_set = sys_ptr(a[1]);
    uint64_t *guest_old = sys_ptr(a[2]);
    uint64_t old, mask;

    if (a[3] != SIGNAL_SET_SIZE)
        return -EINVAL;
    signal_thread_enter(t);
    old = mask = t->signals.mask;
    if (guest_set) {
        if (!signal_mask_update(how, &mask, *guest_set))
            return -EINVAL;
        signal_thread_set_mask(t, mask);
    }
    if (guest_old)
        *guest_old = old;
    return 0;
}

/* Blocked and pending: in the host kernel, or already queued by arx. */
int64_t sys_rt_sigpending(GuestThread *t, const uint64_t *a)
{
    uint64_t *guest_set = sys_ptr(a[0]);
    uint64_t host = 0;
    int64_t r;

    if (a[1] > SIGNAL_SET_SIZE)
        return -EINVAL;
    signal_thread_enter(t);
    r = host_syscall3(SYS_rt_sigpending, (uint64_t)(uintptr_t)&host,
                      SIGNAL_SET_SIZE, 0);
    if (r < 0)
        return r;
    host = (host | signal_queued(t)) & t->signals.mask;
    memcpy(guest_set, &host, a[1]);
    return 0;
}

bool signal_guest_take_suspend_mask(uint64_t *mask)
{
    GuestThread *t = signal_current_thread();
    bool valid = t && t->signals.waiting;

    *mask = valid ? t->signals.wait_mask : 0;
    if (t)
        __atomic_store_n(&t->signals.waiting, false, __ATOMIC_RELEASE);
    return valid;
}

/*
 * The kernel delivers what wakes rt_sigsuspend under the temporary mask;
 * arx delivers after the syscall, so the mask stays in force (waiting)
 * until signal_deliver_pending takes it. Host signals are held while arx
 * looks at its queues, so none is queued between the look and the sleep.
 */
int64_t sys_rt_sigsuspend(GuestThread *t, const uint64_t *a)
{
    const uint64_t *guest_set = sys_ptr(a[0]);
    uint64_t all = ~0ull, old, wait_mask, host_set;

    if (a[1] != SIGNAL_SET_SIZE)
        return -EINVAL;
    signal_thread_enter(t);
    wait_mask = *guest_set & ~signal_unblockable();
    host_syscall6(SYS_rt_sigprocmask, SIG_BLOCK, (uint64_t)(uintptr_t)&all,
                  (uint64_t)(uintptr_t)&old, SIGNAL_SET_SIZE, 0, 0);
    t->signals.wait_mask = wait_mask;
    __atomic_store_n(&t->signals.waiting, true, __ATOMIC_RELEASE);
    /* A wake-up for a signal routed elsewhere is not one for this wait. */
    while (!(signal_queued(t) & ~wait_mask)) {
        host_set = signal_host_mask_for(wait_mask);
        host_syscall3(SYS_rt_sigsuspend, (uint64_t)(uintptr_t)&host_set,
                      SIGNAL_SET_SIZE, 0);
    }
    signal_host_set_mask(old);
    return -EINTR;
}

static uint64_t signal_host_block(uint64_t set)
{
    uint64_t old = 0;

    host_syscall6(SYS_rt_sigprocmask, SIG_BLOCK, (uint64_t)(uintptr_t)&set,
                  (uint64_t)(uintptr_t)&old, SIGNAL_SET_SIZE, 0, 0);
    return old;
}

/*
 * What arx queued already is taken first; otherwise the host waits with
 * the wanted signals blocked on this thread, so the host kernel hands
 * them to the wait rather than to a handler, while others interrupt it.
 */
int64_t sys_rt_sigtimedwait(GuestThread *t, const uint64_t *a)
{
    const uint64_t *guest_set = sys_ptr(a[0]);
    GuestSiginfo *guest_info = sys_ptr(a[1]);
    GuestSiginfo info;
    uint64_t wanted, old;
    int64_t r;

    if (a[3] != SIGNAL_SET_SIZE)
        return -EINVAL;
    signal_thread_enter(t);
    wanted = *guest_set & ~signal_unblockable();
    old = signal_host_block(wanted);
    r = signal_dequeue(t, wanted, &info);
    if (r == 0)
        r = host_syscall6(SYS_rt_sigtimedwait, (uint64_t)(uintptr_t)&wanted,
                          (uint64_t)(uintptr_t)&info, sys_hp(a[2]),
                          SIGNAL_SET_SIZE, 0, 0);
    signal_host_set_mask(old);
    if (r > 0 && guest_info)
        *guest_info = info;
    return r;
}

/*
 * A real-time signal for this process that arx has no room to queue: the
 * host would accept it and arx drop it, so refuse it as Linux does past
 * RLIMIT_SIGPENDING.
 */
static bool signal_queue_refuses(uint64_t tgid, uint64_t sig)
{
    return sig >= 32 && sig <= SIGNAL_MAX && (pid_t)tgid == getpid() &&
           signal_rt_queue_full();
}

/* siginfo_t has one layout on both ABIs; si_value goes through as is. */
int64_t sys_rt_sigqueueinfo(GuestThread *t, const uint64_t *a)
{
    (void)t;
    if (signal_queue_refuses(a[0], a[1]))
        return -EAGAIN;
    return host_syscall3(SYS_rt_sigqueueinfo, a[0], a[1], sys_hp(a[2]));
}

int64_t sys_rt_tgsigqueueinfo(GuestThread *t, const uint64_t *a)
{
    (void)t;
    if (signal_queue_refuses(a[0], a[2]))
        return -EAGAIN;
    return host_syscall6(SYS_rt_tgsigqueueinfo, a[0], a[1], a[2], sys_hp(a[3]),
                         0, 0);
}

/* GuestStack (linux-user/signal.h) has the same layout on both ABIs. */
static __thread GuestStack signal_altstack = {0, SS_DISABLE, 0, 0};

GuestStack signal_guest_altstack(void)
{
    return signal_altstack;
}

void signal_guest_set_altstack(const GuestStack *stack)
{
    signal_altstack = *stack;
}

int64_t sys_sigaltstack(GuestThread *t, const uint64_t *a)
{
    const GuestStack *guest_new = sys_ptr(a[0]);
    GuestStack *guest_old = sys_ptr(a[1]);
    GuestStack old = signal_altstack;
    GuestStack new_stack;
    uint64_t sp = t->env.x[31];
    bool on_stack;
    int mode;

    /* The kernel's sas_ss_flags(): an SS_AUTODISARM stack is never "on". */
    on_stack = !(old.flags & (int32_t)GUEST_SS_AUTODISARM) && sp > old.sp &&
               sp - old.sp <= old.size;
    old.flags = (old.size == 0 ? SS_DISABLE
                 : on_stack    ? SS_ONSTACK
                               : 0) |
                (old.flags & (int32_t)GUEST_SS_AUTODISARM);
    if (guest_new) {
        if (on_stack)
            return -EPERM;
        new_stack = *guest_new;
        mode = new_stack.flags & ~(int32_t)GUEST_SS_AUTODISARM;
        if (mode != 0 && mode != SS_DISABLE && mode != SS_ONSTACK)
            return -EINVAL;
        if (mode == SS_DISABLE) {
            new_stack.sp = 0;
            new_stack.size = 0;
        } else if (new_stack.size < GUEST_MINSIGSTKSZ) {
            return -ENOMEM;
        } else {
            new_stack.flags &= ~SS_ONSTACK;
        }
        new_stack.pad = 0;
        signal_altstack = new_stack;
    }
    if (guest_old)
        *guest_old = old;
    return 0;
}
