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
    GuestSigaction act, old;

    (void)t;
    if (a[3] != SIGNAL_SET_SIZE || sig < 1 || sig > SIGNAL_MAX)
        return -EINVAL;
    if (a[1] && (sig == SIGKILL || sig == SIGSTOP))
        return -EINVAL;
    /* Read before writing: act and oldact may be the same buffer. */
    if (a[1] && copy_from_guest(&act, a[1], sizeof(act)) != 0)
        return -EFAULT;
    signal_exchange_action(sig, a[1] ? &act : NULL, &old);
    if (a[2] && copy_to_guest(a[2], &old, sizeof(old)) != 0)
        return -EFAULT;
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
    uint64_t old, mask, set = 0;

    if (a[3] != SIGNAL_SET_SIZE)
        return -EINVAL;
    if (a[1] && copy_from_guest(&set, a[1], sizeof(set)) != 0)
        return -EFAULT;
    signal_thread_enter(t);
    old = mask = t->signals.mask;
    if (a[1]) {
        if (!signal_mask_update(how, &mask, set))
            return -EINVAL;
        signal_thread_set_mask(t, mask);
    }
    if (a[2] && copy_to_guest(a[2], &old, sizeof(old)) != 0)
        return -EFAULT;
    return 0;
}

int64_t sys_rt_sigpending(GuestThread *t, const uint64_t *a)
{
    uint64_t set;
    int64_t r;

    if (a[1] > SIGNAL_SET_SIZE)
        return -EINVAL;
    r = signal_pending_blocked(t, &set);
    if (r < 0)
        return r;
    return copy_to_guest(a[0], &set, a[1]);
}

int64_t sys_rt_sigsuspend(GuestThread *t, const uint64_t *a)
{
    uint64_t set;

    if (a[1] != SIGNAL_SET_SIZE)
        return -EINVAL;
    if (copy_from_guest(&set, a[0], sizeof(set)) != 0)
        return -EFAULT;
    return signal_suspend(t, set);
}

int64_t sys_rt_sigtimedwait(GuestThread *t, const uint64_t *a)
{
    GuestSiginfo info;
    uint64_t set;
    int64_t r;

    if (a[3] != SIGNAL_SET_SIZE)
        return -EINVAL;
    if (copy_from_guest(&set, a[0], sizeof(set)) != 0)
        return -EFAULT;
    r = signal_timed_wait(t, set, &info, sys_hp_checked(a[2], 16, PROT_READ));
    if (r > 0 && a[1] && copy_to_guest(a[1], &info, sizeof(info)) != 0)
        return -EFAULT;
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
    GuestStack new_stack, old;
    int64_t r;

    if (a[0] && copy_from_guest(&new_stack, a[0], sizeof(new_stack)) != 0)
        return -EFAULT;
    r = signal_altstack_exchange(t, a[0] ? &new_stack : NULL, &old);
    if (r == 0 && a[1] && copy_to_guest(a[1], &old, sizeof(old)) != 0)
        return -EFAULT;
    return r;
}

/* Every register comes from the frame, the result register too. */
int64_t sys_rt_sigreturn(GuestThread *t, const uint64_t *args)
{
    (void)args;
    return signal_return(t);
}
