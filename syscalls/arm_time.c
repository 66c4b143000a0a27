/*
 * arm EABI calls with 32-bit time_t and long: timespec, timeval,
 * itimerspec, itimerval, tms, rusage, rlimit, sysinfo, and the siginfo of
 * waitid and sigtimedwait. Each converts into a host struct and calls the
 * arm64 handler (or the host) with it. The *_time64 calls need none of
 * this: arm_nr.def sends them to the arm64 handlers.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <linux/futex.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

#include "syscalls/arm_eabi.h"

static int64_t arm_call(SyscallHandler handler, GuestThread *t, uint64_t a0,
                        uint64_t a1, uint64_t a2, uint64_t a3, uint64_t a4,
                        uint64_t a5)
{
    const uint64_t args[6] = {a0, a1, a2, a3, a4, a5};

    return handler(t, args);
}

/* ---- timespec and timeval ---- */

/*
 * Reads the guest's timespec at addr into *host and sets *arg to what the
 * arm64 handler must get: 0 for NULL, the host copy, or an address that
 * faults where the kernel would read it.
 */
static void arm_timespec_in(uint64_t addr, struct timespec *host, uint64_t *arg)
{
    ArmTimespec guest;

    *arg = 0;
    if (!addr)
        return;
    if (copy_from_guest(&guest, addr, sizeof(guest)) != 0) {
        *arg = h2g((void *)(uintptr_t)SYS_FAULT_ADDR);
        return;
    }
    host->tv_sec = guest.sec;
    host->tv_nsec = guest.nsec;
    *arg = arm_host_arg(host);
}

static int64_t arm_timespec_out(uint64_t addr, const struct timespec *host)
{
    ArmTimespec guest = {(int32_t)host->tv_sec, (int32_t)host->tv_nsec};

    return copy_to_guest(addr, &guest, sizeof(guest));
}

static void arm_timeval_in(uint64_t addr, struct timeval *host, uint64_t *arg)
{
    struct timespec ts = {0, 0};

    arm_timespec_in(addr, &ts, arg);
    if (*arg == arm_host_arg(&ts)) {
        host->tv_sec = ts.tv_sec;
        host->tv_usec = ts.tv_nsec;
        *arg = arm_host_arg(host);
    }
}

static int64_t arm_timeval_out(uint64_t addr, const struct timeval *host)
{
    ArmTimeval guest = {(int32_t)host->tv_sec, (int32_t)host->tv_usec};

    return copy_to_guest(addr, &guest, sizeof(guest));
}

/* An itimerspec or itimerval: two of the above, 16 bytes. */
static void arm_itimerspec_in(uint64_t addr, struct itimerspec *host,
                              uint64_t *arg)
{
    uint64_t a1, a2;

    arm_timespec_in(addr, &host->it_interval, &a1);
    arm_timespec_in(addr ? addr + 8 : 0, &host->it_value, &a2);
    *arg = a1 == arm_host_arg(&host->it_interval) &&
                   a2 == arm_host_arg(&host->it_value)
               ? arm_host_arg(host)
               : a1;
}

static int64_t arm_itimerspec_out(uint64_t addr, const struct itimerspec *host)
{
    if (!addr)
        return 0;
    if (arm_timespec_out(addr, &host->it_interval) != 0)
        return -EFAULT;
    return arm_timespec_out(addr + 8, &host->it_value);
}

/* ---- clocks and sleeps ---- */

int64_t arm_eabi_clock_gettime(GuestThread *t, const uint64_t *a)
{
    struct timespec ts;
    int64_t r =
        arm_call(sys_clock_gettime, t, a[0], arm_host_arg(&ts), 0, 0, 0, 0);

    return r ? r : arm_timespec_out(a[1], &ts);
}

int64_t arm_eabi_clock_getres(GuestThread *t, const uint64_t *a)
{
    struct timespec ts;
    int64_t r =
        arm_call(sys_clock_getres, t, a[0], arm_host_arg(&ts), 0, 0, 0, 0);

    if (r || !a[1])
        return r;
    return arm_timespec_out(a[1], &ts);
}

int64_t arm_eabi_clock_settime(GuestThread *t, const uint64_t *a)
{
    struct timespec ts;
    uint64_t arg;

    arm_timespec_in(a[1], &ts, &arg);
    return arm_call(sys_clock_settime, t, a[0], arg, 0, 0, 0, 0);
}

int64_t arm_eabi_clock_nanosleep(GuestThread *t, const uint64_t *a)
{
    struct timespec req, rem;
    uint64_t arg;
    int64_t r;

    arm_timespec_in(a[2], &req, &arg);
    r = arm_call(sys_clock_nanosleep, t, a[0], a[1], arg,
                 a[3] ? arm_host_arg(&rem) : 0, 0, 0);
    if (r == -EINTR && a[3] && !(a[1] & TIMER_ABSTIME) &&
        arm_timespec_out(a[3], &rem) != 0)
        return -EFAULT;
    return r;
}

int64_t arm_eabi_nanosleep(GuestThread *t, const uint64_t *a)
{
    struct timespec req, rem;
    uint64_t arg;
    int64_t r;

    arm_timespec_in(a[0], &req, &arg);
    r = arm_call(sys_nanosleep, t, arg, a[1] ? arm_host_arg(&rem) : 0, 0, 0, 0,
                 0);
    if (r == -EINTR && a[1] && arm_timespec_out(a[1], &rem) != 0)
        return -EFAULT;
    return r;
}

int64_t arm_eabi_gettimeofday(GuestThread *t, const uint64_t *a)
{
    struct timeval tv;
    int64_t r;

    /* struct timezone is two ints on both. */
    r = arm_call(sys_gettimeofday, t, a[0] ? arm_host_arg(&tv) : 0, a[1], 0, 0,
                 0, 0);
    if (r || !a[0])
        return r;
    return arm_timeval_out(a[0], &tv);
}

int64_t arm_eabi_settimeofday(GuestThread *t, const uint64_t *a)
{
    struct timeval tv;
    uint64_t arg;

    arm_timeval_in(a[0], &tv, &arg);
    return arm_call(sys_settimeofday, t, arg, a[1], 0, 0, 0, 0);
}

int64_t arm_eabi_sched_rr_get_interval(GuestThread *t, const uint64_t *a)
{
    struct timespec ts;
    int64_t r = arm_call(sys_sched_rr_get_interval, t, a[0], arm_host_arg(&ts),
                         0, 0, 0, 0);

    return r ? r : arm_timespec_out(a[1], &ts);
}

/* ---- interval timers ---- */

int64_t arm_eabi_getitimer(GuestThread *t, const uint64_t *a)
{
    struct itimerval host;
    int64_t r =
        arm_call(sys_getitimer, t, a[0], arm_host_arg(&host), 0, 0, 0, 0);

    if (r)
        return r;
    if (arm_timeval_out(a[1], &host.it_interval) != 0)
        return -EFAULT;
    return arm_timeval_out(a[1] + 8, &host.it_value);
}

int64_t arm_eabi_setitimer(GuestThread *t, const uint64_t *a)
{
    struct itimerval new_value, old;
    uint64_t a1, a2;
    int64_t r;

    arm_timeval_in(a[1], &new_value.it_interval, &a1);
    arm_timeval_in(a[1] ? a[1] + 8 : 0, &new_value.it_value, &a2);
    if (a1 == arm_host_arg(&new_value.it_interval))
        a1 = arm_host_arg(&new_value);
    r = arm_call(sys_setitimer, t, a[0], a1, a[2] ? arm_host_arg(&old) : 0, 0,
                 0, 0);
    if (r || !a[2])
        return r;
    if (arm_timeval_out(a[2], &old.it_interval) != 0)
        return -EFAULT;
    return arm_timeval_out(a[2] + 8, &old.it_value);
}

static int64_t arm_settime(SyscallHandler handler, GuestThread *t,
                           const uint64_t *a)
{
    struct itimerspec new_value, old;
    uint64_t arg;
    int64_t r;

    arm_itimerspec_in(a[2], &new_value, &arg);
    r = arm_call(handler, t, a[0], a[1], arg, a[3] ? arm_host_arg(&old) : 0, 0,
                 0);
    return r ? r : arm_itimerspec_out(a[3], &old);
}

static int64_t arm_gettime(SyscallHandler handler, GuestThread *t,
                           const uint64_t *a)
{
    struct itimerspec cur;
    int64_t r = arm_call(handler, t, a[0], arm_host_arg(&cur), 0, 0, 0, 0);

    return r ? r : arm_itimerspec_out(a[1], &cur);
}

int64_t arm_eabi_timer_settime(GuestThread *t, const uint64_t *a)
{
    return arm_settime(sys_timer_settime, t, a);
}

int64_t arm_eabi_timer_gettime(GuestThread *t, const uint64_t *a)
{
    return arm_gettime(sys_timer_gettime, t, a);
}

int64_t arm_eabi_timerfd_settime(GuestThread *t, const uint64_t *a)
{
    return arm_settime(sys_timerfd_settime, t, a);
}

int64_t arm_eabi_timerfd_gettime(GuestThread *t, const uint64_t *a)
{
    return arm_gettime(sys_timerfd_gettime, t, a);
}

/* ---- file times ---- */

int64_t arm_eabi_utimensat(GuestThread *t, const uint64_t *a)
{
    struct timespec ts[2];
    uint64_t a1, a2;

    arm_timespec_in(a[2], &ts[0], &a1);
    arm_timespec_in(a[2] ? a[2] + 8 : 0, &ts[1], &a2);
    if (a1 == arm_host_arg(&ts[0]))
        a1 = arm_host_arg(ts);
    return arm_call(sys_utimensat, t, arm_signed(a[0]), a[1], a1, a[3], 0, 0);
}

int64_t arm_eabi_futimesat(GuestThread *t, const uint64_t *a)
{
    struct timespec ts[2];
    uint64_t a1, a2;

    arm_timespec_in(a[2], &ts[0], &a1);
    arm_timespec_in(a[2] ? a[2] + 8 : 0, &ts[1], &a2);
    if (a1 == arm_host_arg(&ts[0])) {
        a1 = arm_host_arg(ts);
        /* timeval microseconds to nanoseconds, and their range check */
        for (int i = 0; i < 2; i++) {
            if (ts[i].tv_nsec < 0 || ts[i].tv_nsec >= 1000000)
                return -EINVAL;
            ts[i].tv_nsec *= 1000;
        }
    }
    return arm_call(sys_utimensat, t, arm_signed(a[0]), a[1], a1, 0, 0, 0);
}

int64_t arm_eabi_utimes(GuestThread *t, const uint64_t *a)
{
    const uint64_t args[3] = {(uint64_t)(int64_t)AT_FDCWD, a[0], a[1]};

    return arm_eabi_futimesat(t, args);
}

/* ---- futex, poll, select ---- */

static bool arm_futex_has_timeout(int cmd)
{
    return cmd == FUTEX_WAIT || cmd == FUTEX_LOCK_PI || cmd == FUTEX_LOCK_PI2 ||
           cmd == FUTEX_WAIT_BITSET || cmd == FUTEX_WAIT_REQUEUE_PI;
}

int64_t arm_eabi_futex(GuestThread *t, const uint64_t *a)
{
    struct timespec ts;
    uint64_t arg = a[3];

    if (arm_futex_has_timeout((int)a[1] & FUTEX_CMD_MASK))
        arm_timespec_in(a[3], &ts, &arg);
    return arm_call(sys_futex, t, a[0], a[1], a[2], arg, a[4], a[5]);
}

/* ppoll writes the time left back, as the kernel does. */
int64_t arm_eabi_ppoll(GuestThread *t, const uint64_t *a)
{
    struct timespec ts;
    uint64_t arg;
    int64_t r;

    arm_timespec_in(a[2], &ts, &arg);
    r = arm_call(sys_ppoll, t, a[0], a[1], arg, a[3], a[4], 0);
    if (arg == arm_host_arg(&ts))
        arm_timespec_out(a[2], &ts);
    return r;
}

int64_t arm_eabi_poll(GuestThread *t, const uint64_t *a)
{
    int32_t ms = (int32_t)a[2];
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000};

    return arm_call(sys_ppoll, t, a[0], a[1], ms < 0 ? 0 : arm_host_arg(&ts), 0,
                    0, 0);
}

/*
 * fd_set bitmaps: the same bits, but the host reads and writes whole
 * 8-byte words where arm has 4-byte ones, which could touch 4 bytes past
 * a set sized for n descriptors. Each set goes through a host copy.
 */
typedef struct ArmFdSets {
    size_t guest_bytes; /* 4-byte words for n descriptors */
    uint64_t args[3];   /* the host copies, or 0 */
    uint64_t bits[];    /* three sets of whole 8-byte words */
} ArmFdSets;

/* select's n past 2^20 is the kernel's to refuse (past RLIMIT_NOFILE). */
#define ARM_FDSET_MAX (1u << 20)

static int64_t arm_fdsets_in(const uint64_t *a, ArmFdSets **out)
{
    uint32_t n =
        (uint32_t)a[0] > ARM_FDSET_MAX ? ARM_FDSET_MAX : (uint32_t)a[0];
    size_t words = ((size_t)n + 63) / 64;
    ArmFdSets *sets;

    *out = NULL;
    if ((int32_t)a[0] < 0)
        return -EINVAL;
    sets = calloc(1, sizeof(*sets) + 3 * (words + 1) * 8);
    if (!sets)
        return -ENOMEM;
    sets->guest_bytes = ((size_t)n + 31) / 32 * 4;
    for (int i = 0; i < 3; i++) {
        uint64_t *bits = sets->bits + (size_t)i * (words + 1);

        sets->args[i] = 0;
        if (!a[1 + i])
            continue;
        if (copy_from_guest(bits, a[1 + i], sets->guest_bytes) != 0) {
            free(sets);
            return -EFAULT;
        }
        sets->args[i] = arm_host_arg(bits);
    }
    *out = sets;
    return 0;
}

static int64_t arm_fdsets_out(const uint64_t *a, ArmFdSets *sets, int64_t r)
{
    for (int i = 0; !host_is_error(r) && i < 3; i++)
        if (sets->args[i] && copy_to_guest(a[1 + i], sys_ptr(sets->args[i]),
                                           sets->guest_bytes) != 0)
            r = -EFAULT;
    free(sets);
    return r;
}

/* pselect6's sixth argument points at { sigset pointer, size }: two
 * 32-bit words on arm. */
static int64_t arm_pselect(GuestThread *t, const uint64_t *a, uint64_t ts_arg)
{
    uint32_t guest_sigdata[2];
    uint64_t host_sigdata[2];
    uint64_t sigdata = 0;
    ArmFdSets *sets;
    int64_t r = arm_fdsets_in(a, &sets);

    if (r)
        return r;
    if (a[5]) {
        sigdata = (uint64_t)(uintptr_t)host_sigdata;
        if (copy_from_guest(guest_sigdata, a[5], sizeof(guest_sigdata)) != 0)
            sigdata = SYS_FAULT_ADDR;
        host_sigdata[0] = sys_hp(guest_sigdata[0]);
        host_sigdata[1] = guest_sigdata[1];
    }
    r = signal_safe_syscall6(t, SYS_pselect6, a[0], sys_hp(sets->args[0]),
                             sys_hp(sets->args[1]), sys_hp(sets->args[2]),
                             sys_hp(ts_arg), sigdata);
    return arm_fdsets_out(a, sets, r);
}

int64_t arm_eabi_pselect6(GuestThread *t, const uint64_t *a)
{
    struct timespec ts;
    uint64_t arg;
    int64_t r;

    arm_timespec_in(a[4], &ts, &arg);
    r = arm_pselect(t, a, arg);
    if (arg == arm_host_arg(&ts))
        arm_timespec_out(a[4], &ts);
    return r;
}

int64_t arm_eabi_pselect6_time64(GuestThread *t, const uint64_t *a)
{
    return arm_pselect(t, a, a[4]);
}

/* select(2) with a timeval, also written back. */
int64_t arm_eabi__newselect(GuestThread *t, const uint64_t *a)
{
    struct timeval tv;
    uint64_t arg;
    ArmFdSets *sets;
    int64_t r = arm_fdsets_in(a, &sets);

    if (r)
        return r;
    arm_timeval_in(a[4], &tv, &arg);
    r = signal_safe_syscall6(t, SYS_select, a[0], sys_hp(sets->args[0]),
                             sys_hp(sets->args[1]), sys_hp(sets->args[2]),
                             sys_hp(arg), 0);
    if (arg == arm_host_arg(&tv))
        arm_timeval_out(a[4], &tv);
    return arm_fdsets_out(a, sets, r);
}

/* ---- process times and limits ---- */

int64_t arm_eabi_times(GuestThread *t, const uint64_t *a)
{
    struct tms host;
    ArmTms guest;
    int64_t r = arm_call(sys_times, t, arm_host_arg(&host), 0, 0, 0, 0, 0);

    if (host_is_error(r) || !a[0])
        return r;
    guest = (ArmTms){(int32_t)host.tms_utime, (int32_t)host.tms_stime,
                     (int32_t)host.tms_cutime, (int32_t)host.tms_cstime};
    return copy_to_guest(a[0], &guest, sizeof(guest)) ? -EFAULT : r;
}

static int64_t arm_rusage_out(uint64_t addr, const struct rusage *host)
{
    ArmRusage guest;

    arm_convert_rusage(host, &guest);
    return copy_to_guest(addr, &guest, sizeof(guest));
}

int64_t arm_eabi_getrusage(GuestThread *t, const uint64_t *a)
{
    struct rusage host;
    int64_t r =
        arm_call(sys_getrusage, t, a[0], arm_host_arg(&host), 0, 0, 0, 0);

    return r ? r : arm_rusage_out(a[1], &host);
}

int64_t arm_eabi_wait4(GuestThread *t, const uint64_t *a)
{
    struct rusage host;
    int64_t r = arm_call(sys_wait4, t, a[0], a[1], a[2],
                         a[3] ? arm_host_arg(&host) : 0, 0, 0);

    if (r > 0 && a[3] && arm_rusage_out(a[3], &host) != 0)
        return -EFAULT;
    return r;
}

int64_t arm_eabi_waitid(GuestThread *t, const uint64_t *a)
{
    GuestSiginfo info;
    ArmSiginfo guest;
    struct rusage ru;
    int64_t r;

    memset(&info, 0, sizeof(info));
    r = arm_call(sys_waitid, t, a[0], a[1], a[2] ? arm_host_arg(&info) : 0,
                 a[3], a[4] ? arm_host_arg(&ru) : 0, 0);
    if (r != 0)
        return r;
    arm_convert_siginfo(&info, &guest);
    if (a[2] && copy_to_guest(a[2], &guest, sizeof(guest)) != 0)
        return -EFAULT;
    if (a[4] && arm_rusage_out(a[4], &ru) != 0)
        return -EFAULT;
    return 0;
}

int64_t arm_eabi_ugetrlimit(GuestThread *t, const uint64_t *a)
{
    struct rlimit host;
    ArmRlimit guest;
    int64_t r =
        arm_call(sys_prlimit64, t, 0, a[0], 0, arm_host_arg(&host), 0, 0);

    if (r)
        return r;
    arm_convert_rlimit_to_guest(&host, &guest);
    return copy_to_guest(a[1], &guest, sizeof(guest));
}

int64_t arm_eabi_setrlimit(GuestThread *t, const uint64_t *a)
{
    struct rlimit host;
    ArmRlimit guest;

    if (copy_from_guest(&guest, a[1], sizeof(guest)) != 0)
        return -EFAULT;
    arm_convert_rlimit_to_host(&guest, &host);
    return arm_call(sys_prlimit64, t, 0, a[0], arm_host_arg(&host), 0, 0, 0);
}

int64_t arm_eabi_sysinfo(GuestThread *t, const uint64_t *a)
{
    struct sysinfo host;
    ArmSysinfo guest;
    int64_t r = arm_call(sys_sysinfo, t, arm_host_arg(&host), 0, 0, 0, 0, 0);

    if (r)
        return r;
    arm_convert_sysinfo(&host, &guest);
    return copy_to_guest(a[0], &guest, sizeof(guest));
}

/* ---- signal waits: their siginfo is arm's ---- */

static int64_t arm_sigtimedwait(GuestThread *t, const uint64_t *a,
                                uint64_t ts_arg)
{
    GuestSiginfo info;
    ArmSiginfo guest;
    uint64_t set;
    int64_t r;

    if (a[3] != SIGNAL_SET_SIZE)
        return -EINVAL;
    if (copy_from_guest(&set, a[0], sizeof(set)) != 0)
        return -EFAULT;
    r = signal_timed_wait(t, set, &info, ts_arg);
    if (r > 0 && a[1]) {
        arm_convert_siginfo(&info, &guest);
        if (copy_to_guest(a[1], &guest, sizeof(guest)) != 0)
            return -EFAULT;
    }
    return r;
}

int64_t arm_eabi_rt_sigtimedwait(GuestThread *t, const uint64_t *a)
{
    struct timespec ts;
    uint64_t arg;

    arm_timespec_in(a[2], &ts, &arg);
    return arm_sigtimedwait(t, a, sys_hp(arg));
}

int64_t arm_eabi_rt_sigtimedwait_time64(GuestThread *t, const uint64_t *a)
{
    return arm_sigtimedwait(t, a, sys_hp_checked(a[2], 16, PROT_READ));
}
