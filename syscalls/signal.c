/*
 * Guest signal syscalls: the guest's dispositions, mask and altstack are
 * recorded here (delivery to guest handlers is linux-user/signal.c's).
 * Must never let the guest block or reset the host's synchronous signals.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>

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
                     "delivered (first: signal %d)\n", sig);
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

/* The guest's view of its mask; the host mask lacks signal_sync_bits(). */
static __thread uint64_t signal_mask;
static __thread bool signal_mask_loaded;

static void signal_mask_load(void)
{
    if (signal_mask_loaded)
        return;
    host_syscall6(SYS_rt_sigprocmask, SIG_BLOCK, 0,
                  (uint64_t)(uintptr_t)&signal_mask, SIGNAL_SET_SIZE, 0, 0);
    signal_mask_loaded = true;
}

uint64_t signal_guest_mask(void)
{
    signal_mask_load();
    return signal_mask;
}

static bool signal_mask_update(int how, uint64_t set)
{
    switch (how) {
    case SIG_BLOCK:
        signal_mask |= set;
        break;
    case SIG_UNBLOCK:
        signal_mask &= ~set;
        break;
    case SIG_SETMASK:
        signal_mask = set;
        break;
    default:
        return false;
    }
    signal_mask &= ~(signal_bit(SIGKILL) | signal_bit(SIGSTOP));
    return true;
}

void signal_guest_set_mask(uint64_t mask)
{
    uint64_t host_set;

    signal_mask_load();
    signal_mask_update(SIG_SETMASK, mask);
    host_set = signal_mask & ~signal_sync_bits();
    host_syscall6(SYS_rt_sigprocmask, SIG_SETMASK,
                  (uint64_t)(uintptr_t)&host_set, 0, SIGNAL_SET_SIZE, 0, 0);
}

int64_t sys_rt_sigprocmask(GuestThread *t, const uint64_t *a)
{
    int how = (int)a[0];
    const uint64_t *guest_set = sys_ptr(a[1]);
    uint64_t *guest_old = sys_ptr(a[2]);
    uint64_t old, set, host_set;

    (void)t;
    if (a[3] != SIGNAL_SET_SIZE)
        return -EINVAL;
    signal_mask_load();
    old = signal_mask;
    if (guest_set) {
        set = *guest_set;
        if (!signal_mask_update(how, set))
            return -EINVAL;
        host_set = how == SIG_UNBLOCK ? set : set & ~signal_sync_bits();
        host_syscall6(SYS_rt_sigprocmask, (uint64_t)how,
                      (uint64_t)(uintptr_t)&host_set, 0, SIGNAL_SET_SIZE, 0, 0);
    }
    if (guest_old)
        *guest_old = old;
    return 0;
}

int64_t sys_rt_sigpending(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_rt_sigpending, sys_hp(a[0]), a[1], 0);
}

/*
 * The kernel delivers what wakes rt_sigsuspend under the temporary mask;
 * arx delivers after the syscall, so the mask is kept for the delivery.
 */
static __thread uint64_t signal_suspend_mask;
static __thread bool signal_suspend_mask_valid;

bool signal_guest_take_suspend_mask(uint64_t *mask)
{
    bool valid = signal_suspend_mask_valid;

    signal_suspend_mask_valid = false;
    *mask = signal_suspend_mask;
    return valid;
}

int64_t sys_rt_sigsuspend(GuestThread *t, const uint64_t *a)
{
    const uint64_t *guest_set = sys_ptr(a[0]);
    uint64_t host_set;
    int64_t r;

    (void)t;
    if (a[1] != SIGNAL_SET_SIZE)
        return -EINVAL;
    host_set = *guest_set & ~signal_sync_bits();
    r = host_syscall3(SYS_rt_sigsuspend, (uint64_t)(uintptr_t)&host_set,
                      SIGNAL_SET_SIZE, 0);
    signal_suspend_mask = *guest_set &
                          ~(signal_bit(SIGKILL) | signal_bit(SIGSTOP));
    signal_suspend_mask_valid = true;
    return r;
}

int64_t sys_rt_sigtimedwait(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall6(SYS_rt_sigtimedwait, sys_hp(a[0]), sys_hp(a[1]),
                         sys_hp(a[2]), a[3], 0, 0);
}

/* GuestStack (linux-user/signal.h) has the same layout on both ABIs. */
static __thread GuestStack signal_altstack = { 0, SS_DISABLE, 0, 0 };

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
    old.flags = (old.size == 0 ? SS_DISABLE : on_stack ? SS_ONSTACK : 0) |
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
