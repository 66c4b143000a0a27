/*
 * -d strace: prints each guest syscall as name(arg, ...) = result, with
 * paths quoted and errors named, in one arx_log call per line. Reads guest
 * memory only to show strings; must never change guest or host state.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <ctype.h>
#include <signal.h>
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
 *   f directory fd (AT_FDCWD by name), O open flags, P mmap prot,
 *   M mmap flags, C clone flags, A AT_* flags, S signal, I ioctl request.
 * Results are decimal unless ret is 'x' (addresses).
 */
typedef struct StraceFormat {
    uint16_t nr;
    const char *args;
    char ret;
} StraceFormat;

static const StraceFormat strace_formats[] = {
    {GUEST_NR_getcwd, "pu", 'd'},
    {GUEST_NR_eventfd2, "ux", 'd'},
    {GUEST_NR_epoll_create1, "x", 'd'},
    {GUEST_NR_epoll_ctl, "dddp", 'd'},
    {GUEST_NR_epoll_pwait, "dpddpu", 'd'},
    {GUEST_NR_dup, "d", 'd'},
    {GUEST_NR_dup3, "ddO", 'd'},
    {GUEST_NR_fcntl, "ddx", 'd'},
    {GUEST_NR_inotify_init1, "O", 'd'},
    {GUEST_NR_inotify_add_watch, "dsx", 'd'},
    {GUEST_NR_inotify_rm_watch, "dd", 'd'},
    {GUEST_NR_ioctl, "dIx", 'd'},
    {GUEST_NR_flock, "dd", 'd'},
    {GUEST_NR_mknodat, "fsox", 'd'},
    {GUEST_NR_mkdirat, "fso", 'd'},
    {GUEST_NR_unlinkat, "fsA", 'd'},
    {GUEST_NR_symlinkat, "sfs", 'd'},
    {GUEST_NR_linkat, "fsfsA", 'd'},
    {GUEST_NR_renameat, "fsfs", 'd'},
    {GUEST_NR_statfs, "sp", 'd'},
    {GUEST_NR_fstatfs, "dp", 'd'},
    {GUEST_NR_truncate, "sl", 'd'},
    {GUEST_NR_ftruncate, "dl", 'd'},
    {GUEST_NR_faccessat, "fso", 'd'},
    {GUEST_NR_chdir, "s", 'd'},
    {GUEST_NR_fchdir, "d", 'd'},
    {GUEST_NR_chroot, "s", 'd'},
    {GUEST_NR_fchmod, "do", 'd'},
    {GUEST_NR_fchmodat, "fso", 'd'},
    {GUEST_NR_fchownat, "fsddA", 'd'},
    {GUEST_NR_fchown, "ddd", 'd'},
    {GUEST_NR_openat, "fsOo", 'd'},
    {GUEST_NR_close, "d", 'd'},
    {GUEST_NR_pipe2, "pO", 'd'},
    {GUEST_NR_getdents64, "dpu", 'd'},
    {GUEST_NR_lseek, "dld", 'd'},
    {GUEST_NR_read, "dpu", 'd'},
    {GUEST_NR_write, "dbu", 'd'},
    {GUEST_NR_readv, "dpd", 'd'},
    {GUEST_NR_writev, "dpd", 'd'},
    {GUEST_NR_pread64, "dpul", 'd'},
    {GUEST_NR_pwrite64, "dbul", 'd'},
    {GUEST_NR_sendfile, "ddpu", 'd'},
    {GUEST_NR_pselect6, "dppppp", 'd'},
    {GUEST_NR_ppoll, "pdppu", 'd'},
    {GUEST_NR_readlinkat, "fspu", 'd'},
    {GUEST_NR_newfstatat, "fspA", 'd'},
    {GUEST_NR_fstat, "dp", 'd'},
    {GUEST_NR_sync, "", 'd'},
    {GUEST_NR_fsync, "d", 'd'},
    {GUEST_NR_fdatasync, "d", 'd'},
    {GUEST_NR_utimensat, "fspA", 'd'},
    {GUEST_NR_exit, "d", 'd'},
    {GUEST_NR_exit_group, "d", 'd'},
    {GUEST_NR_waitid, "ddpxp", 'd'},
    {GUEST_NR_set_tid_address, "p", 'd'},
    {GUEST_NR_futex, "pxuppu", 'd'},
    {GUEST_NR_set_robust_list, "pu", 'd'},
    {GUEST_NR_nanosleep, "pp", 'd'},
    {GUEST_NR_clock_gettime, "dp", 'd'},
    {GUEST_NR_clock_getres, "dp", 'd'},
    {GUEST_NR_clock_nanosleep, "dxpp", 'd'},
    {GUEST_NR_sched_yield, "", 'd'},
    {GUEST_NR_sched_getaffinity, "dup", 'd'},
    {GUEST_NR_kill, "dS", 'd'},
    {GUEST_NR_tkill, "dS", 'd'},
    {GUEST_NR_tgkill, "ddS", 'd'},
    {GUEST_NR_sigaltstack, "pp", 'd'},
    {GUEST_NR_rt_sigaction, "Sppu", 'd'},
    {GUEST_NR_rt_sigprocmask, "dppu", 'd'},
    {GUEST_NR_setuid, "d", 'd'},
    {GUEST_NR_setgid, "d", 'd'},
    {GUEST_NR_times, "p", 'd'},
    {GUEST_NR_setpgid, "dd", 'd'},
    {GUEST_NR_getpgid, "d", 'd'},
    {GUEST_NR_getsid, "d", 'd'},
    {GUEST_NR_setsid, "", 'd'},
    {GUEST_NR_getgroups, "dp", 'd'},
    {GUEST_NR_uname, "p", 'd'},
    {GUEST_NR_getrlimit, "dp", 'd'},
    {GUEST_NR_setrlimit, "dp", 'd'},
    {GUEST_NR_getrusage, "dp", 'd'},
    {GUEST_NR_umask, "o", 'o'},
    {GUEST_NR_prctl, "dxxxx", 'd'},
    {GUEST_NR_gettimeofday, "pp", 'd'},
    {GUEST_NR_getpid, "", 'd'},
    {GUEST_NR_getppid, "", 'd'},
    {GUEST_NR_getuid, "", 'd'},
    {GUEST_NR_geteuid, "", 'd'},
    {GUEST_NR_getgid, "", 'd'},
    {GUEST_NR_getegid, "", 'd'},
    {GUEST_NR_gettid, "", 'd'},
    {GUEST_NR_sysinfo, "p", 'd'},
    {GUEST_NR_socket, "ddd", 'd'},
    {GUEST_NR_socketpair, "dddp", 'd'},
    {GUEST_NR_bind, "dpd", 'd'},
    {GUEST_NR_listen, "dd", 'd'},
    {GUEST_NR_accept, "dpp", 'd'},
    {GUEST_NR_connect, "dpd", 'd'},
    {GUEST_NR_sendto, "dbuxpd", 'd'},
    {GUEST_NR_recvfrom, "dpuxpp", 'd'},
    {GUEST_NR_shutdown, "dd", 'd'},
    {GUEST_NR_brk, "x", 'x'},
    {GUEST_NR_munmap, "xu", 'd'},
    {GUEST_NR_mremap, "xuuxx", 'x'},
    {GUEST_NR_clone, "Cpppp", 'd'},
    {GUEST_NR_execve, "spp", 'd'},
    {GUEST_NR_mmap, "puPMdx", 'x'},
    {GUEST_NR_mprotect, "xuP", 'd'},
    {GUEST_NR_madvise, "xud", 'd'},
    {GUEST_NR_accept4, "dppx", 'd'},
    {GUEST_NR_wait4, "dpxp", 'd'},
    {GUEST_NR_prlimit64, "ddpp", 'd'},
    {GUEST_NR_renameat2, "fsfsx", 'd'},
    {GUEST_NR_getrandom, "pux", 'd'},
    {GUEST_NR_statx, "fsAxp", 'd'},
    {GUEST_NR_faccessat2, "fsoA", 'd'},
    {GUEST_NR_signalfd4, "dpuO", 'd'},
    {GUEST_NR_timerfd_create, "dO", 'd'},
    {GUEST_NR_timerfd_settime, "dxpp", 'd'},
    {GUEST_NR_timerfd_gettime, "dp", 'd'},
    {GUEST_NR_timer_create, "dpp", 'd'},
    {GUEST_NR_timer_settime, "dxpp", 'd'},
    {GUEST_NR_timer_delete, "d", 'd'},
    {GUEST_NR_personality, "x", 'x'},
    {GUEST_NR_unshare, "C", 'd'},
    {GUEST_NR_mq_open, "sOop", 'd'},
    {GUEST_NR_mq_unlink, "s", 'd'},
    {GUEST_NR_msgget, "xo", 'd'},
    {GUEST_NR_semget, "xdo", 'd'},
    {GUEST_NR_semop, "dpu", 'd'},
    {GUEST_NR_semtimedop, "dpup", 'd'},
    {GUEST_NR_msgsnd, "dpux", 'd'},
    {GUEST_NR_msgrcv, "dpulx", 'd'},
    {GUEST_NR_msgctl, "ddp", 'd'},
    {GUEST_NR_semctl, "dddx", 'd'},
    {GUEST_NR_shmget, "xuo", 'd'},
    {GUEST_NR_shmat, "dpx", 'x'},
    {GUEST_NR_shmdt, "p", 'd'},
    {GUEST_NR_shmctl, "ddp", 'd'},
    {GUEST_NR_sendmsg, "dpx", 'd'},
    {GUEST_NR_recvmsg, "dpx", 'd'},
    {GUEST_NR_sendmmsg, "dpux", 'd'},
    {GUEST_NR_recvmmsg, "dpuxp", 'd'},
    {GUEST_NR_setsockopt, "dddpu", 'd'},
    {GUEST_NR_getsockopt, "dddpp", 'd'},
    {GUEST_NR_getsockname, "dpp", 'd'},
    {GUEST_NR_getpeername, "dpp", 'd'},
    {GUEST_NR_openat2, "fspu", 'd'},
    {GUEST_NR_pidfd_open, "dx", 'd'},
    {GUEST_NR_pidfd_send_signal, "dSpx", 'd'},
    {GUEST_NR_memfd_create, "sx", 'd'},
    {GUEST_NR_epoll_pwait2, "dpdppu", 'd'},
    {GUEST_NR_close_range, "ddx", 'd'},
    {GUEST_NR_sched_setaffinity, "dup", 'd'},
};

typedef struct StraceFlag {
    uint64_t bits;
    const char *name;
} StraceFlag;

/*
 * Guest (aarch64) values. Multi-bit flags come before the single bits
 * they contain, so O_SYNC is not shown as O_DSYNC|0x....
 */
static const StraceFlag strace_open_flags[] = {
    {0100, "O_CREAT"},        {0200, "O_EXCL"},         {0400, "O_NOCTTY"},
    {01000, "O_TRUNC"},       {02000, "O_APPEND"},      {04000, "O_NONBLOCK"},
    {04010000, "O_SYNC"},     {010000, "O_DSYNC"},      {020000, "O_ASYNC"},
    {020040000, "O_TMPFILE"}, {040000, "O_DIRECTORY"},  {0100000, "O_NOFOLLOW"},
    {0200000, "O_DIRECT"},    {0400000, "O_LARGEFILE"}, {01000000, "O_NOATIME"},
    {02000000, "O_CLOEXEC"},  {010000000, "O_PATH"},
};

static const StraceFlag strace_prot_flags[] = {
    {0x1, "PROT_READ"}, {0x2, "PROT_WRITE"}, {0x4, "PROT_EXEC"},
    {0x10, "PROT_BTI"}, {0x20, "PROT_MTE"},
};

static const StraceFlag strace_map_flags[] = {
    {0x10, "MAP_FIXED"},
    {0x20, "MAP_ANONYMOUS"},
    {0x100, "MAP_GROWSDOWN"},
    {0x800, "MAP_DENYWRITE"},
    {0x1000, "MAP_EXECUTABLE"},
    {0x2000, "MAP_LOCKED"},
    {0x4000, "MAP_NORESERVE"},
    {0x8000, "MAP_POPULATE"},
    {0x10000, "MAP_NONBLOCK"},
    {0x20000, "MAP_STACK"},
    {0x40000, "MAP_HUGETLB"},
    {0x80000, "MAP_SYNC"},
    {0x100000, "MAP_FIXED_NOREPLACE"},
};

static const StraceFlag strace_clone_flags[] = {
    {0x100, "CLONE_VM"},
    {0x200, "CLONE_FS"},
    {0x400, "CLONE_FILES"},
    {0x800, "CLONE_SIGHAND"},
    {0x1000, "CLONE_PIDFD"},
    {0x2000, "CLONE_PTRACE"},
    {0x4000, "CLONE_VFORK"},
    {0x8000, "CLONE_PARENT"},
    {0x10000, "CLONE_THREAD"},
    {0x20000, "CLONE_NEWNS"},
    {0x40000, "CLONE_SYSVSEM"},
    {0x80000, "CLONE_SETTLS"},
    {0x100000, "CLONE_PARENT_SETTID"},
    {0x200000, "CLONE_CHILD_CLEARTID"},
    {0x400000, "CLONE_DETACHED"},
    {0x800000, "CLONE_UNTRACED"},
    {0x1000000, "CLONE_CHILD_SETTID"},
    {0x2000000, "CLONE_NEWCGROUP"},
    {0x4000000, "CLONE_NEWUTS"},
    {0x8000000, "CLONE_NEWIPC"},
    {0x10000000, "CLONE_NEWUSER"},
    {0x20000000, "CLONE_NEWPID"},
    {0x40000000, "CLONE_NEWNET"},
    {0x80000000, "CLONE_IO"},
    {0x80, "CLONE_NEWTIME"},
};

static const StraceFlag strace_at_flags[] = {
    {0x100, "AT_SYMLINK_NOFOLLOW"}, {0x200, "AT_REMOVEDIR"},
    {0x400, "AT_SYMLINK_FOLLOW"},   {0x800, "AT_NO_AUTOMOUNT"},
    {0x1000, "AT_EMPTY_PATH"},      {0x2000, "AT_STATX_FORCE_SYNC"},
    {0x4000, "AT_STATX_DONT_SYNC"},
};

#define STRACE_FLAGS(table) table, sizeof(table) / sizeof(table[0])

static const StraceFormat strace_default = {0, "xxx", 'd'};

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
    unsigned char s[STRACE_STRING_MAX + 1];
    size_t want = len < 0 || len > STRACE_STRING_MAX ? sizeof(s) : (size_t)len;
    size_t have = copy_from_guest_prefix(s, guest_addr, want);
    int64_t i;

    if (!guest_addr) {
        strace_put(line, "NULL");
        return;
    }
    if (have < want && (len >= 0 || !memchr(s, 0, have))) {
        strace_put(line, "0x%llx", (unsigned long long)guest_addr);
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

/*
 * Appends the names of the set flags joined by '|', any unknown bits as
 * hex; first says whether nothing has been printed for this value yet.
 */
static void strace_put_flags(StraceLine *line, uint64_t v, bool first,
                             const StraceFlag *table, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        if ((v & table[i].bits) != table[i].bits)
            continue;
        strace_put(line, "%s%s", first ? "" : "|", table[i].name);
        v &= ~table[i].bits;
        first = false;
    }
    if (first && v == 0)
        strace_put(line, "0");
    else if (v)
        strace_put(line, first ? "0x%llx" : "|0x%llx", (unsigned long long)v);
}

static void strace_put_open_flags(StraceLine *line, uint64_t v)
{
    static const char *const access[] = {"O_RDONLY", "O_WRONLY", "O_RDWR",
                                         "O_ACCMODE"};
    uint64_t rest = v & ~(uint64_t)3;

    strace_put(line, "%s", access[v & 3]);
    if (rest)
        strace_put_flags(line, rest, false, STRACE_FLAGS(strace_open_flags));
}

static void strace_put_map_flags(StraceLine *line, uint64_t v)
{
    static const char *const type[] = {"0", "MAP_SHARED", "MAP_PRIVATE",
                                       "MAP_SHARED_VALIDATE"};
    uint64_t rest = v & ~(uint64_t)0xf;

    if ((v & 0xf) < 4)
        strace_put(line, "%s", type[v & 0xf]);
    else
        strace_put(line, "0x%llx", (unsigned long long)(v & 0xf));
    if (rest)
        strace_put_flags(line, rest, false, STRACE_FLAGS(strace_map_flags));
}

/* Signal numbers agree between aarch64 and x86-64, so host names fit. */
static void strace_put_signal(StraceLine *line, uint64_t v)
{
    const char *abbrev = v > 0 && v < 65 ? sigabbrev_np((int)v) : NULL;

    if (abbrev)
        strace_put(line, "SIG%s", abbrev);
    else
        strace_put(line, "%d", (int)v);
}

/* clone's low byte is the exit signal, the rest are CLONE_* bits. */
static void strace_put_clone_flags(StraceLine *line, uint64_t v)
{
    uint64_t rest = v & ~(uint64_t)0xff;

    if (rest)
        strace_put_flags(line, rest, true, STRACE_FLAGS(strace_clone_flags));
    if (v & 0xff) {
        if (rest)
            strace_put(line, "|");
        strace_put_signal(line, v & 0xff);
    } else if (!rest) {
        strace_put(line, "0");
    }
}

static void strace_put_ioctl(StraceLine *line, uint64_t v)
{
    const char *name = ioctl_name((uint32_t)v);

    if (name)
        strace_put(line, "%s", name);
    else
        strace_put(line, "0x%llx", (unsigned long long)(uint32_t)v);
}

static void strace_put_arg(StraceLine *line, char kind, const uint64_t *args,
                           int i)
{
    uint64_t v = args[i];

    switch (kind) {
    case 'd': strace_put(line, "%d", (int)v); break;
    case 'l': strace_put(line, "%lld", (long long)v); break;
    case 'u': strace_put(line, "%llu", (unsigned long long)v); break;
    case 'o':
        strace_put(line, v ? "0%llo" : "%llo", (unsigned long long)v);
        break;
    case 's': strace_put_string(line, v, -1); break;
    case 'b':
        strace_put_string(line, v, i < 5 ? (int64_t)args[i + 1] : 0);
        break;
    case 'f':
        if ((int)v == AT_FDCWD)
            strace_put(line, "AT_FDCWD");
        else
            strace_put(line, "%d", (int)v);
        break;
    case 'O': strace_put_open_flags(line, v); break;
    case 'P':
        if (v == 0)
            strace_put(line, "PROT_NONE");
        else
            strace_put_flags(line, v, true, STRACE_FLAGS(strace_prot_flags));
        break;
    case 'M': strace_put_map_flags(line, v); break;
    case 'C': strace_put_clone_flags(line, v); break;
    case 'A':
        strace_put_flags(line, v, true, STRACE_FLAGS(strace_at_flags));
        break;
    case 'S': strace_put_signal(line, v); break;
    case 'I': strace_put_ioctl(line, v); break;
    case 'p':
        if (v == 0) {
            strace_put(line, "NULL");
            break;
        }
        /* fall through */
    default: strace_put(line, "0x%llx", (unsigned long long)v); break;
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
    StraceLine line = {.len = 0};

    strace_put_call(&line, nr, args);
    strace_put(&line, nr == GUEST_NR_execve ? " ..." : " = ?");
    arx_log("%s\n", line.text);
}

void strace_print(uint64_t nr, const uint64_t *args, int64_t ret)
{
    StraceLine line = {.len = 0};

    /* The call itself was printed before a failed execve. */
    if (nr == GUEST_NR_execve)
        strace_put(&line, "<... execve resumed>");
    else
        strace_put_call(&line, nr, args);
    strace_put_result(&line, nr, ret);
    arx_log("%s\n", line.text);
}
