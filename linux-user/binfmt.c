/*
 * binfmt_misc start-up: recognises the argv the kernel builds for arx
 * (flag P), its AT_EXECFD (flags O, C) and set-id starts (secure mode).
 * Must not parse arx options nor load anything: main.c and the loader do.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/auxv.h>
#include <sys/resource.h>
#include <unistd.h>

#include "linux-user/binfmt.h"

/* Linux 5.12's AT_FLAGS bit for binfmt_misc's flag P (linux/binfmts.h). */
#define BINFMT_AT_FLAGS_PRESERVE_ARGV0 1ul

/* The lowest number for the self descriptor: far from where guests' own
 * open() calls land, low enough not to grow the fd table much. */
#define BINFMT_SELF_FD_MIN 1000

static bool binfmt_started;

bool binfmt_preserve_argv0(void)
{
    return (getauxval(AT_FLAGS) & BINFMT_AT_FLAGS_PRESERVE_ARGV0) != 0;
}

/* AT_EXECFD, or -1: 0 is a valid descriptor, so errno tells absence. */
static int binfmt_exec_fd(void)
{
    unsigned long fd;

    errno = 0;
    fd = getauxval(AT_EXECFD);
    if (errno != 0)
        return -1;
    return (int)fd;
}

bool binfmt_parse_args(int argc, char **argv, BinfmtArgs *out)
{
    /* [arx, path, argv0, args...]: P guarantees argv0 even when the
     * caller's argv was empty (the kernel then passes the path again). */
    if (!binfmt_preserve_argv0() || argc < 3)
        return false;
    out->path = argv[1];
    out->exec_fd = binfmt_exec_fd();
    out->argc = argc - 2;
    out->argv = argv + 2;
    binfmt_started = true;
    return true;
}

bool binfmt_active(void)
{
    return binfmt_started;
}

const char *binfmt_load_path(const BinfmtArgs *args)
{
    static char fd_path[40];

    if (args->exec_fd < 0 ||
        faccessat(AT_FDCWD, args->path, R_OK, AT_EACCESS) == 0)
        return args->path;
    snprintf(fd_path, sizeof(fd_path), "/proc/self/fd/%d", args->exec_fd);
    return fd_path;
}

void binfmt_close_exec_fd(BinfmtArgs *args)
{
    if (args->exec_fd >= 0)
        close(args->exec_fd);
    args->exec_fd = -1;
}

bool binfmt_secure_mode(void)
{
    return getauxval(AT_SECURE) != 0 || getuid() != geteuid() ||
           getgid() != getegid();
}

const char *binfmt_getenv(const char *name)
{
    return binfmt_secure_mode() ? NULL : getenv(name);
}

static int binfmt_high_fd_floor(void)
{
    struct rlimit rl;

    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
        rl.rlim_cur <= BINFMT_SELF_FD_MIN)
        return rl.rlim_cur > 16 ? (int)rl.rlim_cur - 8 : 3;
    return BINFMT_SELF_FD_MIN;
}

int binfmt_self_fd(void)
{
    static int self_fd = -2;
    int fd;

    if (self_fd != -2)
        return self_fd;
    self_fd = -1;
    fd = open("/proc/self/exe", O_PATH | O_CLOEXEC);
    if (fd < 0)
        return -1;
    self_fd = fcntl(fd, F_DUPFD_CLOEXEC, binfmt_high_fd_floor());
    if (self_fd < 0)
        self_fd = fd;
    else
        close(fd);
    return self_fd;
}
