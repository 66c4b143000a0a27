/*
 * How arx was started: by hand, or by the kernel's binfmt_misc on behalf of
 * an AArch64 program (flags P, O/C), and whether it runs set-id (secure mode).
 * Reads only arx's own argv and auxv; it never loads or runs the guest.
 */
#ifndef ARX_LINUX_USER_BINFMT_H
#define ARX_LINUX_USER_BINFMT_H

#include <stdbool.h>

/* The guest as binfmt_misc handed it to arx. */
typedef struct BinfmtArgs {
    const char *path; /* the file to load, as the kernel named it */
    int exec_fd;      /* AT_EXECFD (flags O and C), or -1 */
    int argc;         /* the guest's argc and argv; argv[0] is the */
    char **argv;      /* original argv[0] the caller of execve chose */
} BinfmtArgs;

/* AT_FLAGS_PRESERVE_ARGV0: the kernel ran arx with binfmt_misc's flag P. */
bool binfmt_preserve_argv0(void);

/*
 * True when main's argv is [arx, path, argv0, args...] from binfmt_misc
 * (flag P, Linux 5.12 or later) and fills *out; then no arx options may
 * be read from argv. False, with *out untouched, for a command line.
 */
bool binfmt_parse_args(int argc, char **argv, BinfmtArgs *out);

/* Whether binfmt_parse_args() found a binfmt_misc start in this process. */
bool binfmt_active(void);

/*
 * A name the loader can open for args: the kernel's path when it is
 * readable, else /proc/self/fd/N of AT_EXECFD (an execute-only program).
 */
const char *binfmt_load_path(const BinfmtArgs *args);

/* Closes AT_EXECFD once the program is loaded, so the guest never sees it. */
void binfmt_close_exec_fd(BinfmtArgs *args);

/*
 * Set-id execution (AT_SECURE, or real and effective ids differ): arx's
 * environment switches must not steer a more privileged process.
 */
bool binfmt_secure_mode(void);

/* getenv() for arx's own settings (ARX_*): NULL in secure mode. */
const char *binfmt_getenv(const char *name);

/*
 * An O_PATH descriptor on arx's own executable, opened once and kept at a
 * high number, for execveat(fd, "", ..., AT_EMPTY_PATH) once arx's path
 * no longer resolves (a chroot). -1 when /proc/self/exe could not be
 * opened (no /proc); then re-executing arx needs binfmt_misc.
 */
int binfmt_self_fd(void);

#endif
