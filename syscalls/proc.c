/*
 * Guest syscalls about the process's identity and resources: ids, uname,
 * limits, scheduling, prctl and sending signals. All structs involved have
 * the same layout on both ABIs. Must not create or end processes (task.c).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/utsname.h>

#include "linux-user/arch.h"
#include "syscalls/syscalls.h"
#include "target-arm/cpu.h"
#include "util/log.h"

int64_t sys_getpid(GuestThread *t, const uint64_t *a)
{
    (void)t;
    (void)a;
    return host_syscall3(SYS_getpid, 0, 0, 0);
}

int64_t sys_getppid(GuestThread *t, const uint64_t *a)
{
    (void)t;
    (void)a;
    return host_syscall3(SYS_getppid, 0, 0, 0);
}

int64_t sys_gettid(GuestThread *t, const uint64_t *a)
{
    (void)t;
    (void)a;
    return host_syscall3(SYS_gettid, 0, 0, 0);
}

int64_t sys_getuid(GuestThread *t, const uint64_t *a)
{
    (void)t;
    (void)a;
    return host_syscall3(SYS_getuid, 0, 0, 0);
}

int64_t sys_geteuid(GuestThread *t, const uint64_t *a)
{
    (void)t;
    (void)a;
    return host_syscall3(SYS_geteuid, 0, 0, 0);
}

int64_t sys_getgid(GuestThread *t, const uint64_t *a)
{
    (void)t;
    (void)a;
    return host_syscall3(SYS_getgid, 0, 0, 0);
}

int64_t sys_getegid(GuestThread *t, const uint64_t *a)
{
    (void)t;
    (void)a;
    return host_syscall3(SYS_getegid, 0, 0, 0);
}

int64_t sys_getgroups(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_getgroups, a[0], sys_hp(a[1]), 0);
}

/*
 * The set*id calls go straight to the kernel, so they change only the
 * calling host thread; fine while guests are single-threaded.
 */
int64_t sys_setgroups(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_setgroups, a[0], sys_hp(a[1]), 0);
}

int64_t sys_setuid(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_setuid, a[0], 0, 0);
}

int64_t sys_setgid(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_setgid, a[0], 0, 0);
}

int64_t sys_setreuid(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_setreuid, a[0], a[1], 0);
}

int64_t sys_setregid(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_setregid, a[0], a[1], 0);
}

int64_t sys_setresuid(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_setresuid, a[0], a[1], a[2]);
}

int64_t sys_setresgid(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_setresgid, a[0], a[1], a[2]);
}

int64_t sys_getresuid(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_getresuid, sys_hp(a[0]), sys_hp(a[1]),
                         sys_hp(a[2]));
}

int64_t sys_getresgid(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_getresgid, sys_hp(a[0]), sys_hp(a[1]),
                         sys_hp(a[2]));
}

int64_t sys_setfsuid(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_setfsuid, a[0], 0, 0);
}

int64_t sys_setfsgid(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_setfsgid, a[0], 0, 0);
}

int64_t sys_setsid(GuestThread *t, const uint64_t *a)
{
    (void)t;
    (void)a;
    return host_syscall3(SYS_setsid, 0, 0, 0);
}

int64_t sys_getsid(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_getsid, a[0], 0, 0);
}

int64_t sys_setpgid(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_setpgid, a[0], a[1], 0);
}

int64_t sys_getpgid(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_getpgid, a[0], 0, 0);
}

/* Host values, except that the guest must see the machine it expects. */
int64_t sys_uname(GuestThread *t, const uint64_t *a)
{
    struct utsname host;
    int64_t r;

    (void)t;
    r = host_syscall3(SYS_uname, (uint64_t)(uintptr_t)&host, 0, 0);
    if (r != 0)
        return r;
    memset(host.machine, 0, sizeof(host.machine));
    strcpy(host.machine, "aarch64");
    return copy_to_guest(a[0], &host, sizeof(host));
}

int64_t sys_sysinfo(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_sysinfo, sys_hp(a[0]), 0, 0);
}

int64_t sys_getrandom(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_getrandom, sys_hp(a[0]), a[1], a[2]);
}

/* RLIMIT_* numbers and struct rlimit64 agree on both ABIs. */
int64_t sys_prlimit64(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall6(SYS_prlimit64, a[0], a[1], sys_hp(a[2]), sys_hp(a[3]),
                         0, 0);
}

int64_t sys_getrlimit(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_getrlimit, a[0], sys_hp(a[1]), 0);
}

int64_t sys_setrlimit(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_setrlimit, a[0], sys_hp(a[1]), 0);
}

int64_t sys_getrusage(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_getrusage, a[0], sys_hp(a[1]), 0);
}

int64_t sys_getpriority(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_getpriority, a[0], a[1], 0);
}

int64_t sys_setpriority(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_setpriority, a[0], a[1], a[2]);
}

int64_t sys_sched_yield(GuestThread *t, const uint64_t *a)
{
    (void)t;
    (void)a;
    return host_syscall3(SYS_sched_yield, 0, 0, 0);
}

int64_t sys_sched_getaffinity(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_sched_getaffinity, a[0], a[1], sys_hp(a[2]));
}

int64_t sys_sched_setaffinity(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_sched_setaffinity, a[0], a[1], sys_hp(a[2]));
}

int64_t sys_sched_getscheduler(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_sched_getscheduler, a[0], 0, 0);
}

int64_t sys_sched_getparam(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_sched_getparam, a[0], sys_hp(a[1]), 0);
}

int64_t sys_sched_get_priority_max(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_sched_get_priority_max, a[0], 0, 0);
}

int64_t sys_sched_get_priority_min(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_sched_get_priority_min, a[0], 0, 0);
}

int64_t sys_getcpu(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_getcpu, sys_hp(a[0]), sys_hp(a[1]), 0);
}

typedef enum ProcPrctl {
    PROC_PRCTL_REFUSE,  /* -EINVAL, as a kernel without the feature says */
    PROC_PRCTL_VALUE,   /* integer arguments: pass as is */
    PROC_PRCTL_POINTER, /* arg2 points at guest memory */
} ProcPrctl;

/*
 * Options about the calling task's credentials, naming, timers and memory
 * policy mean the same for the host thread and pass through. Refused:
 * seccomp (a filter would judge arx's own x86-64 syscalls), x86-only ones
 * (TSC, which an arm64 kernel rejects too), arm64-only ones for features
 * arx does not emulate (SVE, SME), and
 * anything not listed.
 */
static ProcPrctl proc_prctl_kind(int option)
{
    switch (option) {
    case PR_SET_NAME:
    case PR_GET_NAME:
    case PR_GET_PDEATHSIG:
    case PR_GET_CHILD_SUBREAPER: return PROC_PRCTL_POINTER;
    case PR_SET_PDEATHSIG:
    case PR_GET_DUMPABLE:
    case PR_SET_DUMPABLE:
    case PR_SET_CHILD_SUBREAPER:
    case PR_GET_NO_NEW_PRIVS:
    case PR_SET_NO_NEW_PRIVS:
    case PR_GET_KEEPCAPS:
    case PR_SET_KEEPCAPS:
    case PR_CAPBSET_READ:
    case PR_CAPBSET_DROP:
    case PR_CAP_AMBIENT:
    case PR_GET_SECUREBITS:
    case PR_SET_SECUREBITS:
    case PR_GET_TIMERSLACK:
    case PR_SET_TIMERSLACK:
    case PR_GET_TIMING:
    case PR_SET_TIMING:
    case PR_GET_THP_DISABLE:
    case PR_SET_THP_DISABLE:
    case PR_MCE_KILL:
    case PR_MCE_KILL_GET:
    case PR_GET_SPECULATION_CTRL:
    case PR_SET_SPECULATION_CTRL:
    case PR_SET_PTRACER:
    case PR_GET_IO_FLUSHER:
    case PR_SET_IO_FLUSHER:
    case PR_GET_SECCOMP: return PROC_PRCTL_VALUE;
    default: return PROC_PRCTL_REFUSE;
    }
}

/* PR_PAC_RESET_KEYS, PR_PAC_SET_ENABLED_KEYS, PR_PAC_GET_ENABLED_KEYS: the
 * thread's pointer authentication keys, kept by arx (target-arm/cpu.h). */
static bool proc_prctl_is_pac(int option)
{
    return option == PR_PAC_RESET_KEYS || option == PR_PAC_SET_ENABLED_KEYS ||
           option == PR_PAC_GET_ENABLED_KEYS;
}

int64_t sys_prctl(GuestThread *t, const uint64_t *a)
{
    int option = (int)a[0];

    /* The host thread's would be arx's libc's: the guest's is in t. */
    if (option == PR_GET_TID_ADDRESS)
        return copy_to_guest(a[1], &t->clear_child_tid,
                             sizeof(t->clear_child_tid));
    if (option == PR_SET_TAGGED_ADDR_CTRL || option == PR_GET_TAGGED_ADDR_CTRL)
        return guest_arch == &arch_aarch64
                   ? arm_mte_prctl(&t->env, option, &a[1])
                   : -EINVAL;
    if (proc_prctl_is_pac(option))
        return guest_arch == &arch_aarch64
                   ? arm_pauth_prctl(&t->env, option, &a[1])
                   : -EINVAL;
    if (option == PR_SVE_SET_VL || option == PR_SVE_GET_VL)
        return guest_arch == &arch_aarch64
                   ? arm_sve_prctl(&t->env, option, a[1])
                   : -EINVAL;
    switch (proc_prctl_kind(option)) {
    case PROC_PRCTL_VALUE:
        return host_syscall6(SYS_prctl, a[0], a[1], a[2], a[3], a[4], 0);
    case PROC_PRCTL_POINTER:
        return host_syscall6(SYS_prctl, a[0], sys_hp(a[1]), a[2], a[3], a[4],
                             0);
    default: break;
    }
    if (log_enabled(LOG_UNIMP))
        arx_log_once(SYS_LOG_KEY_PRCTL | (uint32_t)option,
                     "arx: unimplemented prctl option %d\n", option);
    return -EINVAL;
}

/* Signal numbers are the same on aarch64 and x86-64 Linux. */
int64_t sys_kill(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_kill, a[0], a[1], 0);
}

int64_t sys_tkill(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_tkill, a[0], a[1], 0);
}

int64_t sys_tgkill(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_tgkill, a[0], a[1], a[2]);
}
