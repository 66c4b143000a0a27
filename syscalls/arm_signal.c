/*
 * arm EABI signal calls whose structs hold 32-bit words: rt_sigaction
 * and the old sigaction, sigaltstack's stack_t, the old one-word masks
 * (sigprocmask, sigpending, sigsuspend), rt_sigqueueinfo's siginfo; and
 * sigreturn, which is the arm frame code's. The signal state itself
 * stays in linux-user/signal.c.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <signal.h>
#include <unistd.h>

#include "syscalls/arm_eabi.h"

static void arm_sigaction_to_host(const ArmSigaction *g, GuestSigaction *h)
{
    h->handler = g->handler;
    h->flags = g->flags;
    h->restorer = g->restorer;
    h->mask = g->mask[0] | (uint64_t)g->mask[1] << 32;
}

static void arm_sigaction_to_guest(const GuestSigaction *h, ArmSigaction *g)
{
    g->handler = (uint32_t)h->handler;
    g->flags = (uint32_t)h->flags;
    g->restorer = (uint32_t)h->restorer;
    g->mask[0] = (uint32_t)h->mask;
    g->mask[1] = (uint32_t)(h->mask >> 32);
}

static int64_t arm_exchange_action(int sig, const GuestSigaction *act,
                                   GuestSigaction *old)
{
    if (sig < 1 || sig > SIGNAL_MAX)
        return -EINVAL;
    if (act && (sig == SIGKILL || sig == SIGSTOP))
        return -EINVAL;
    signal_exchange_action(sig, act, old);
    return 0;
}

int64_t arm_eabi_rt_sigaction(GuestThread *t, const uint64_t *a)
{
    ArmSigaction guest;
    GuestSigaction act, old;
    int64_t r;

    (void)t;
    if (a[3] != SIGNAL_SET_SIZE)
        return -EINVAL;
    /* Read before writing: act and oldact may be the same buffer. */
    if (a[1]) {
        if (copy_from_guest(&guest, a[1], sizeof(guest)) != 0)
            return -EFAULT;
        arm_sigaction_to_host(&guest, &act);
    }
    r = arm_exchange_action((int)a[0], a[1] ? &act : NULL, &old);
    if (r)
        return r;
    arm_sigaction_to_guest(&old, &guest);
    if (a[2] && copy_to_guest(a[2], &guest, sizeof(guest)) != 0)
        return -EFAULT;
    return 0;
}

/* sigaction(67): the mask is one word, signals 1..32. */
int64_t arm_eabi_sigaction(GuestThread *t, const uint64_t *a)
{
    ArmOldSigaction guest;
    GuestSigaction act, old;
    int64_t r;

    (void)t;
    if (a[1]) {
        if (copy_from_guest(&guest, a[1], sizeof(guest)) != 0)
            return -EFAULT;
        act = (GuestSigaction){guest.handler, guest.flags, guest.restorer,
                               guest.mask};
    }
    r = arm_exchange_action((int)a[0], a[1] ? &act : NULL, &old);
    if (r)
        return r;
    guest = (ArmOldSigaction){(uint32_t)old.handler, (uint32_t)old.mask,
                              (uint32_t)old.flags, (uint32_t)old.restorer};
    if (a[2] && copy_to_guest(a[2], &guest, sizeof(guest)) != 0)
        return -EFAULT;
    return 0;
}

int64_t arm_eabi_sigaltstack(GuestThread *t, const uint64_t *a)
{
    ArmStack guest;
    GuestStack new_stack, old;
    int64_t r;

    if (a[0]) {
        if (copy_from_guest(&guest, a[0], sizeof(guest)) != 0)
            return -EFAULT;
        new_stack = (GuestStack){
            .sp = guest.sp, .flags = guest.flags, .size = guest.size};
    }
    r = signal_altstack_exchange(t, a[0] ? &new_stack : NULL, &old);
    if (r != 0 || !a[1])
        return r;
    guest = (ArmStack){(uint32_t)old.sp, old.flags, (uint32_t)old.size};
    return copy_to_guest(a[1], &guest, sizeof(guest));
}

/* sigprocmask(how, old_sigset_t *set, old_sigset_t *old): the low word. */
int64_t arm_eabi_sigprocmask(GuestThread *t, const uint64_t *a)
{
    uint32_t set = 0, old;
    uint64_t mask;

    if (a[1] && copy_from_guest(&set, a[1], sizeof(set)) != 0)
        return -EFAULT;
    signal_thread_enter(t);
    mask = t->signals.mask;
    old = (uint32_t)mask;
    if (a[1]) {
        switch ((int)a[0]) {
        case SIG_BLOCK: mask |= set; break;
        case SIG_UNBLOCK: mask &= ~(uint64_t)set; break;
        case SIG_SETMASK: mask = (mask & ~0xffffffffull) | set; break;
        default: return -EINVAL;
        }
        signal_thread_set_mask(t, mask);
    }
    if (a[2] && copy_to_guest(a[2], &old, sizeof(old)) != 0)
        return -EFAULT;
    return 0;
}

int64_t arm_eabi_sigpending(GuestThread *t, const uint64_t *a)
{
    uint64_t set;
    uint32_t low;
    int64_t r = signal_pending_blocked(t, &set);

    if (r < 0)
        return r;
    low = (uint32_t)set;
    return copy_to_guest(a[0], &low, sizeof(low));
}

/* sigsuspend(unused, unused, mask): arm's kernel takes the mask third and
 * waits with exactly it (siginitset: the high word clear). */
int64_t arm_eabi_sigsuspend(GuestThread *t, const uint64_t *a)
{
    return signal_suspend(t, (uint32_t)a[2]);
}

int64_t arm_eabi_sigreturn(GuestThread *t, const uint64_t *a)
{
    (void)a;
    return arm_sys_sigreturn(t);
}

/* A queued siginfo from the guest: its pid/uid/value words move to the
 * host's union offset. The queue refusal is signal.c's, via sys_*. */
static int64_t arm_siginfo_in(uint64_t addr, GuestSiginfo *host)
{
    ArmSiginfo guest;

    if (copy_from_guest(&guest, addr, sizeof(guest)) != 0)
        return -EFAULT;
    arm_convert_siginfo_to_host(&guest, host);
    return 0;
}

int64_t arm_eabi_rt_sigqueueinfo(GuestThread *t, const uint64_t *a)
{
    GuestSiginfo info;
    const uint64_t args[3] = {a[0], a[1], arm_host_arg(&info)};

    if (arm_siginfo_in(a[2], &info) != 0)
        return -EFAULT;
    return sys_rt_sigqueueinfo(t, args);
}

int64_t arm_eabi_rt_tgsigqueueinfo(GuestThread *t, const uint64_t *a)
{
    GuestSiginfo info;
    const uint64_t args[4] = {a[0], a[1], a[2], arm_host_arg(&info)};

    if (arm_siginfo_in(a[3], &info) != 0)
        return -EFAULT;
    return sys_rt_tgsigqueueinfo(t, args);
}

/*
 * Until the arm signal frame code (helper a17-sig) is merged, sigreturn
 * has nothing to restore from; its strong definition replaces this one.
 */
__attribute__((weak)) int64_t arm_sys_sigreturn(GuestThread *t)
{
    (void)t;
    return -ENOSYS;
}
