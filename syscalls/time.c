/*
 * Guest clock, sleep and timer syscalls. timespec, timeval, itimerval,
 * itimerspec, tms, timex and sigevent agree on both 64-bit ABIs, so all
 * pass through.
 * Must not emulate time (no offsets, no virtual clocks).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "linux-user/signal.h"
#include "syscalls/syscalls.h"

int64_t sys_clock_gettime(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_clock_gettime, a[0], sys_hp(a[1]), 0);
}

int64_t sys_clock_getres(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_clock_getres, a[0], sys_hp(a[1]), 0);
}

int64_t sys_gettimeofday(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_gettimeofday, sys_hp(a[0]), sys_hp(a[1]), 0);
}

int64_t sys_nanosleep(GuestThread *t, const uint64_t *a)
{
    return signal_safe_syscall3(t, SYS_nanosleep, sys_hp(a[0]), sys_hp(a[1]),
                                0);
}

int64_t sys_clock_nanosleep(GuestThread *t, const uint64_t *a)
{
    return signal_safe_syscall6(t, SYS_clock_nanosleep, a[0], a[1],
                                sys_hp(a[2]), sys_hp(a[3]), 0, 0);
}

/* The return value is clock ticks; USER_HZ is 100 on both. */
int64_t sys_times(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_times, sys_hp(a[0]), 0, 0);
}

int64_t sys_getitimer(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_getitimer, a[0], sys_hp(a[1]), 0);
}

int64_t sys_setitimer(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_setitimer, a[0], sys_hp(a[1]), sys_hp(a[2]));
}

int64_t sys_timerfd_create(GuestThread *t, const uint64_t *a)
{
    (void)t;
    /* TFD_CLOEXEC/TFD_NONBLOCK are O_CLOEXEC/O_NONBLOCK: same values. */
    return host_syscall3(SYS_timerfd_create, a[0], a[1], 0);
}

int64_t sys_timerfd_settime(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall6(SYS_timerfd_settime, a[0], a[1], sys_hp(a[2]),
                         sys_hp(a[3]), 0, 0);
}

int64_t sys_timerfd_gettime(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_timerfd_gettime, a[0], sys_hp(a[1]), 0);
}

int64_t sys_clock_settime(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_clock_settime, a[0], sys_hp(a[1]), 0);
}

int64_t sys_settimeofday(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_settimeofday, sys_hp(a[0]), sys_hp(a[1]), 0);
}

/* struct timex is all longs and ints in one order on both 64-bit ABIs. */
int64_t sys_adjtimex(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_adjtimex, sys_hp(a[0]), 0, 0);
}

int64_t sys_clock_adjtime(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_clock_adjtime, a[0], sys_hp(a[1]), 0);
}

/*
 * struct sigevent is 64 bytes on both (sigval, signo, notify, then the
 * thread id or function/attribute union) and signal numbers agree. The
 * kernel timer id is an int on both, so it passes through as well.
 */
int64_t sys_timer_create(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_timer_create, a[0], sys_hp(a[1]), sys_hp(a[2]));
}

int64_t sys_timer_settime(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall6(SYS_timer_settime, a[0], a[1], sys_hp(a[2]),
                         sys_hp(a[3]), 0, 0);
}

int64_t sys_timer_gettime(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_timer_gettime, a[0], sys_hp(a[1]), 0);
}

int64_t sys_timer_getoverrun(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_timer_getoverrun, a[0], 0, 0);
}

int64_t sys_timer_delete(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_timer_delete, a[0], 0, 0);
}
