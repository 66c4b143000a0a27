/*
 * -d strace: prints each guest syscall as name(arg, ...) = result, with
 * paths quoted and errors named, in one arx_log call per line. Reads guest
 * memory only to show strings; must never change guest or host state.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <ctype.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "syscalls/syscalls.h"
#include "util/log.h"

/*
 * Argument formats, one letter per argument:
 *   d int, l long, u unsigned, x hex, o octal, p pointer,
 *   s guest C string, b guest buffer whose length is the next argument,
 *   f directory fd (AT_FDCWD by name).
 * Results are decimal unless ret is 'x' (addresses).
 */
typedef struct StraceFormat {
    uint16_t nr;
    const char *args;
    char ret;
} StraceFormat;

static const StraceFormat strace_formats[] = {
    { GUEST_NR_getcwd, "pu", 'd' },
    { GUEST_NR_eventfd2, "ux", 'd' },
    { GUEST_NR_epoll_create1, "x", 'd' },
    { GUEST_NR_epoll_ctl, "dddp", 'd' },
    { GUEST_NR_epoll_pwait, "dpddpu", 'd' },
    { GUEST_NR_dup, "d", 'd' },
    { GUEST_NR_dup3, "ddx", 'd' },
    { GUEST_NR_fcntl, "ddx", 'd' },
    { GUEST_NR_ioctl, "dxx", 'd' },
    { GUEST_NR_flock, "dd", 'd' },
    { GUEST_NR_mknodat, "fsox", 'd' },
    { GUEST_NR_mkdirat, "fso", 'd' },
    { GUEST_NR_unlinkat, "fsx", 'd' },
    { GUEST_NR_symlinkat, "sfs", 'd' },
    { GUEST_NR_linkat, "fsfsx", 'd' },
    { GUEST_NR_renameat, "fsfs", 'd' },
    { GUEST_NR_statfs, "sp", 'd' },
    { GUEST_NR_fstatfs, "dp", 'd' },
    { GUEST_NR_truncate, "sl", 'd' },
    { GUEST_NR_ftruncate, "dl", 'd' },
    { GUEST_NR_faccessat, "fsx", 'd' },
    { GUEST_NR_chdir, "s", 'd' },
    { GUEST_NR_fchdir, "d", 'd' },
    { GUEST_NR_chroot, "s", 'd' },
    { GUEST_NR_fchmod, "do", 'd' },
    { GUEST_NR_fchmodat, "fso", 'd' },
    { GUEST_NR_fchownat, "fsddx", 'd' },
    { GUEST_NR_fchown, "ddd", 'd' },
    { GUEST_NR_openat, "fsxo", 'd' },
    { GUEST_NR_close, "d", 'd' },
    { GUEST_NR_pipe2, "px", 'd' },
    { GUEST_NR_getdents64, "dpu", 'd' },
    { GUEST_NR_lseek, "dld", 'd' },
    { GUEST_NR_read, "dpu", 'd' },
    { GUEST_NR_write, "dbu", 'd' },
    { GUEST_NR_readv, "dpd", 'd' },
    { GUEST_NR_writev, "dpd", 'd' },
    { GUEST_NR_pread64, "dpul", 'd' },
    { GUEST_NR_pwrite64, "dbul", 'd' },
    { GUEST_NR_sendfile, "ddpu", 'd' },
    { GUEST_NR_pselect6, "dppppp", 'd' },
    { GUEST_NR_ppoll, "pdppu", 'd' },
    { GUEST_NR_readlinkat, "fspu", 'd' },
    { GUEST_NR_newfstatat, "fspx", 'd' },
    { GUEST_NR_fstat, "dp", 'd' },
    { GUEST_NR_sync, "", 'd' },
    { GUEST_NR_fsync, "d", 'd' },
    { GUEST_NR_fdatasync, "d", 'd' },
    { GUEST_NR_utimensat, "fspx", 'd' },
    { GUEST_NR_exit, "d", 'd' },
    { GUEST_NR_exit_group, "d", 'd' },
    { GUEST_NR_waitid, "ddpxp", 'd' },
    { GUEST_NR_set_tid_address, "p", 'd' },
    { GUEST_NR_futex, "pxuppu", 'd' },
    { GUEST_NR_set_robust_list, "pu", 'd' },
    { GUEST_NR_nanosleep, "pp", 'd' },
    { GUEST_NR_clock_gettime, "dp", 'd' },
    { GUEST_NR_clock_getres, "dp", 'd' },
    { GUEST_NR_clock_nanosleep, "dxpp", 'd' },
    { GUEST_NR_sched_yield, "", 'd' },
    { GUEST_NR_sched_getaffinity, "dup", 'd' },
    { GUEST_NR_kill, "dd", 'd' },
    { GUEST_NR_tkill, "dd", 'd' },
    { GUEST_NR_tgkill, "ddd", 'd' },
    { GUEST_NR_sigaltstack, "pp", 'd' },
    { GUEST_NR_rt_sigaction, "dppu", 'd' },
    { GUEST_NR_rt_sigprocmask, "dppu", 'd' },
    { GUEST_NR_setuid, "d", 'd' },
    { GUEST_NR_setgid, "d", 'd' },
    { GUEST_NR_times, "p", 'd' },
    { GUEST_NR_setpgid, "dd", 'd' },
    { GUEST_NR_getpgid, "d", 'd' },
    { GUEST_NR_getsid, "d", 'd' },
    { GUEST_NR_setsid, "", 'd' },
    { GUEST_NR_getgroups, "dp", 'd' },
    { GUEST_NR_uname, "p", 'd' },
    { GUEST_NR_getrlimit, "dp", 'd' },
    { GUEST_NR_setrlimit, "dp", 'd' },
    { GUEST_NR_getrusage, "dp", 'd' },
    { GUEST_NR_umask, "o", 'o' },
    { GUEST_NR_prctl, "dxxxx", 'd' },
    { GUEST_NR_gettimeofday, "pp", 'd' },
    { GUEST_NR_getpid, "", 'd' },
    { GUEST_NR_getppid, "", 'd' },
    { GUEST_NR_getuid, "", 'd' },
    { GUEST_NR_geteuid, "", 'd' },
    { GUEST_NR_getgid, "", 'd' },
    { GUEST_NR_getegid, "", 'd' },
    { GUEST_NR_gettid, "", 'd' },
    { GUEST_NR_sysinfo, "p", 'd' },
    { GUEST_NR_socket, "ddd", 'd' },
    { GUEST_NR_socketpair, "dddp", 'd' },
    { GUEST_NR_bind, "dpd", 'd' },
    { GUEST_NR_listen, "dd", 'd' },
    { GUEST_NR_accept, "dpp", 'd' },
    { GUEST_NR_connect, "dpd", 'd' },
    { GUEST_NR_sendto, "dbuxpd", 'd' },
    { GUEST_NR_recvfrom, "dpuxpp", 'd' },
    { GUEST_NR_shutdown, "dd", 'd' },
    { GUEST_NR_brk, "x", 'x' },
    { GUEST_NR_munmap, "xu", 'd' },
    { GUEST_NR_mremap, "xuuxx", 'x' },
    { GUEST_NR_clone, "xpppp", 'd' },
    { GUEST_NR_execve, "spp", 'd' },
    { GUEST_NR_mmap, "xuxxdx", 'x' },
    { GUEST_NR_mprotect, "xux", 'd' },
    { GUEST_NR_madvise, "xud", 'd' },
    { GUEST_NR_accept4, "dppx", 'd' },
    { GUEST_NR_wait4, "dpxp", 'd' },
    { GUEST_NR_prlimit64, "ddpp", 'd' },
    { GUEST_NR_renameat2, "fsfsx", 'd' },
    { GUEST_NR_getrandom, "pux", 'd' },
    { GUEST_NR_statx, "fsxxp", 'd' },
    { GUEST_NR_faccessat2, "fsxx", 'd' },
};

static const StraceFormat strace_default = { 0, "xxx", 'd' };

static const StraceFormat *strace_format(uint64_t nr)
{
    for (size_t i = 0; i < sizeof(strace_formats) / sizeof(strace_formats[0]);
         i++)
        if (strace_formats[i].nr == nr)
            return &strace_formats[i];
    return &strace_default;
}

typedef struct StraceLine {
    char text[1024];
    size_t len;
} StraceLine;

static void strace_put(StraceLine *line, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void strace_put(StraceLine *line, const char *fmt, ...)
{
    size_t room = sizeof(line->text) - line->len;
    va_list ap;
    int n;

    va_start(ap, fmt);
    n = vsnprintf(line->text + line->len, room, fmt, ap);
    va_end(ap);
    if (n > 0)
        line->len += (size_t)n < room ? (size_t)n : room - 1;
}

#define STRACE_STRING_MAX 48

/* Quoted and escaped like strace; len < 0 means NUL-terminated. */
static void strace_put_string(StraceLine *line, uint64_t guest_addr,
                              int64_t len)
{
    const unsigned char *s = sys_ptr(guest_addr);
    int64_t i;

    if (!s) {
        strace_put(line, "NULL");
        return;
    }
    strace_put(line, "\"");
    for (i = 0; (len < 0 ? s[i] != 0 : i < len) && i < STRACE_STRING_MAX; i++) {
        unsigned char c = s[i];

        if (c == '"' || c == '\\')
            strace_put(line, "\\%c", c);
        else if (c == '\n')
            strace_put(line, "\\n");
        else if (c == '\t')
            strace_put(line, "\\t");
        else if (isprint(c))
            strace_put(line, "%c", c);
        else
            strace_put(line, "\\%o", c);
    }
    strace_put(line, "\"");
    if (len < 0 ? s[i] != 0 : i < len)
        strace_put(line, "...");
}

static void strace_put_arg(StraceLine *line, char kind, const uint64_t *args,
                           int i)
{
    uint64_t v = args[i];

    switch (kind) {
    case 'd':
        strace_put(line, "%d", (int)v);
        break;
    case 'l':
        strace_put(line, "%lld", (long long)v);
        break;
    case 'u':
        strace_put(line, "%llu", (unsigned long long)v);
        break;
    case 'o':
        strace_put(line, v ? "0%llo" : "%llo", (unsigned long long)v);
        break;
    case 's':
        strace_put_string(line, v, -1);
        break;
    case 'b':
        strace_put_string(line, v, i < 5 ? (int64_t)args[i + 1] : 0);
        break;
    case 'f':
        if ((int)v == AT_FDCWD)
            strace_put(line, "AT_FDCWD");
        else
            strace_put(line, "%d", (int)v);
        break;
    case 'p':
        if (v == 0) {
            strace_put(line, "NULL");
            break;
        }
        /* fall through */
    default:
        strace_put(line, "0x%llx", (unsigned long long)v);
        break;
    }
}

static void strace_put_call(StraceLine *line, uint64_t nr, const uint64_t *args)
{
    const StraceFormat *format = strace_format(nr);
    const char *name = syscall_name(nr);

    if (name)
        strace_put(line, "%s(", name);
    else
        strace_put(line, "syscall_%llu(", (unsigned long long)nr);
    for (int i = 0; format->args[i] && i < 6; i++) {
        if (i)
            strace_put(line, ", ");
        strace_put_arg(line, format->args[i], args, i);
    }
    strace_put(line, ")");
}

static void strace_put_result(StraceLine *line, uint64_t nr, int64_t ret)
{
    if (host_is_error(ret)) {
        const char *errname = strerrorname_np((int)-ret);

        strace_put(line, " = -1 %s (%s)", errname ? errname : "E?",
                   strerror((int)-ret));
    } else if (strace_format(nr)->ret == 'x') {
        strace_put(line, " = 0x%llx", (unsigned long long)ret);
    } else if (strace_format(nr)->ret == 'o') {
        strace_put(line, " = 0%llo", (unsigned long long)ret);
    } else {
        strace_put(line, " = %lld", (long long)ret);
    }
}

void strace_print_noreturn(uint64_t nr, const uint64_t *args)
{
    StraceLine line = { .len = 0 };

    strace_put_call(&line, nr, args);
    strace_put(&line, nr == GUEST_NR_execve ? " ..." : " = ?");
    arx_log("%s\n", line.text);
}

void strace_print(uint64_t nr, const uint64_t *args, int64_t ret)
{
    StraceLine line = { .len = 0 };

    /* The call itself was printed before a failed execve. */
    if (nr == GUEST_NR_execve)
        strace_put(&line, "<... execve resumed>");
    else
        strace_put_call(&line, nr, args);
    strace_put_result(&line, nr, ret);
    arx_log("%s\n", line.text);
}
