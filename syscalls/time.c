/*
 * Guest clock, sleep and timer syscalls. timespec, timeval, itimerval,
 * itimerspec and tms agree on both 64-bit ABIs, so all pass through.
 * Must not emulate time (no offsets, no virtual clocks).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
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
    (void)t;
    return host_syscall3(SYS_nanosleep, sys_hp(a[0]), sys_hp(a[1]), 0);
}

int64_t sys_clock_nanosleep(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall6(SYS_clock_nanosleep, a[0], a[1], sys_hp(a[2]),
                         sys_hp(a[3]), 0, 0);
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
