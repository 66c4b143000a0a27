/*
 * Guest signal syscalls: check the arguments, move them between guest
 * memory and linux-user/signal.h, which holds the signal state (actions,
 * masks, queues, altstacks) and delivers. Must not keep signal state of
 * its own.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "linux-user/signal.h"
#include "syscalls/syscalls.h"

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
    signal_exchange_action(sig, guest_act ? &act : NULL, &old);
    if (guest_old)
        *guest_old = old;
    return 0;
}

static bool signal_mask_update(int how, uint64_t *mask, uint64_t set)
{
    switch (how) {
    case SIG_BLOCK: *mask |= set; return true;
    case SIG_UNBLOCK: *mask &= ~set; return true;
    case SIG_SETMASK: *mask = set; return true;
    default: return false;
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

int64_t sys_rt_sigpending(GuestThread *t, const uint64_t *a)
{
    uint64_t *guest_set = sys_ptr(a[0]);
    uint64_t set;
    int64_t r;

    if (a[1] > SIGNAL_SET_SIZE)
        return -EINVAL;
    r = signal_pending_blocked(t, &set);
    if (r < 0)
        return r;
    memcpy(guest_set, &set, a[1]);
    return 0;
}

int64_t sys_rt_sigsuspend(GuestThread *t, const uint64_t *a)
{
    const uint64_t *guest_set = sys_ptr(a[0]);

    if (a[1] != SIGNAL_SET_SIZE)
        return -EINVAL;
    return signal_suspend(t, *guest_set);
}

int64_t sys_rt_sigtimedwait(GuestThread *t, const uint64_t *a)
{
    const uint64_t *guest_set = sys_ptr(a[0]);
    GuestSiginfo *guest_info = sys_ptr(a[1]);
    GuestSiginfo info;
    int64_t r;

    if (a[3] != SIGNAL_SET_SIZE)
        return -EINVAL;
    r = signal_timed_wait(t, *guest_set, &info, sys_hp(a[2]));
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

int64_t sys_sigaltstack(GuestThread *t, const uint64_t *a)
{
    const GuestStack *guest_new = sys_ptr(a[0]);
    GuestStack *guest_old = sys_ptr(a[1]);
    GuestStack new_stack, old;
    int64_t r;

    if (guest_new)
        new_stack = *guest_new;
    r = signal_altstack_exchange(t, guest_new ? &new_stack : NULL, &old);
    if (r == 0 && guest_old)
        *guest_old = old;
    return r;
}

/* Every register comes from the frame, the result register too. */
int64_t sys_rt_sigreturn(GuestThread *t, const uint64_t *args)
{
    (void)args;
    return signal_return(t);
}
