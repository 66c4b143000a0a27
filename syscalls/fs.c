/*
 * Guest syscalls on paths and file metadata: open, stat, directories,
 * links, permissions. Converts struct stat and open flags; shows the guest
 * program (not arx) as /proc/self/exe. Must not do fd I/O (io.c).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statfs.h>
#include <unistd.h>
#include <linux/magic.h>

#include "linux-user/path.h"
#include "linux-user/procfs.h"
#include "syscalls/syscalls.h"

static char fs_exe_path[PATH_MAX];
static pthread_once_t fs_exe_once = PTHREAD_ONCE_INIT;

static void fs_exe_path_init(void)
{
    const char *path = guest_image.path ? guest_image.path : "";

    if (!realpath(path, fs_exe_path))
        snprintf(fs_exe_path, sizeof(fs_exe_path), "%s", path);
}

/*
 * Resolved once. chdir, fchdir and chroot call this first, since a
 * relative guest_image.path only means something in the starting cwd.
 */
const char *sys_exe_path(void)
{
    pthread_once(&fs_exe_once, fs_exe_path_init);
    return fs_exe_path;
}

/* /proc/self/exe, /proc/<own pid>/exe, /proc/thread-self/exe, .../task/. */
static bool fs_is_own_exe_link(const char *path)
{
    const char *entry = procfs_own_entry(path);

    return entry && strcmp(entry, "exe") == 0;
}

const char *sys_fix_path(const char *path)
{
    if (path && fs_is_own_exe_link(path))
        return sys_exe_path();
    return path_redirect(path);
}

/* A guest path argument as a host pointer, after the /proc fix. */
static uint64_t fs_path(uint64_t guest_path)
{
    return sys_path_hp(guest_path);
}

/*
 * Only the sysroot lookup, for calls where /proc/self/exe needs no fix:
 * without -L the pointer is passed through untouched, so a bad one gets
 * the kernel's EFAULT.
 */
static uint64_t fs_sysroot_path(uint64_t guest_path)
{
    const char *path;

    if (guest_string(guest_path, PATH_MAX, &path) != 0)
        return sys_hp(guest_path);
    return (uint64_t)(uintptr_t)path_redirect(path);
}

/* lstat of /proc/self/exe sees the link itself, as on arm64 Linux. */
static uint64_t fs_path_at(uint64_t guest_path, uint64_t at_flags)
{
    if (at_flags & AT_SYMLINK_NOFOLLOW)
        return fs_sysroot_path(guest_path);
    return fs_path(guest_path);
}

int64_t sys_openat(GuestThread *t, const uint64_t *a)
{
    int flags = convert_open_flags_to_host(a[2]);
    const char *path;
    int64_t fd;

    (void)t;
    /* maps, auxv, cmdline...: the guest's, not arx's. */
    if (guest_string(a[1], PATH_MAX, &path) == 0 &&
        procfs_open(path, flags, &fd))
        return fd;
    return host_syscall6(SYS_openat, a[0], fs_path(a[1]), (uint64_t)flags, a[3],
                         0, 0);
}

/*
 * The kernel names the sysroot copy the guest changed into; the guest
 * named, and must read back, the path without the sysroot. The kernel
 * fills the guest's buffer (and judges EFAULT); a cut never lengthens.
 */
int64_t sys_getcwd(GuestThread *t, const uint64_t *a)
{
    char buf[PATH_MAX];
    char *guest = sys_ptr(a[0]);
    int64_t r = host_syscall3(SYS_getcwd, sys_hp(a[0]), a[1], 0);
    size_t len;

    (void)t;
    if (!path_sysroot() || (r < 0 && r != -ERANGE))
        return r;
    if (r > 0) {
        if (!path_is_in_sysroot(guest))
            return r;
        return (int64_t)path_to_guest(guest) + 1;
    }
    /* Too long for the guest as the host names it; cut, it may fit. */
    r = host_syscall3(SYS_getcwd, (uint64_t)(uintptr_t)buf, sizeof(buf), 0);
    if (r < 0)
        return r;
    len = path_to_guest(buf);
    if (len + 1 > a[1])
        return -ERANGE;
    if (copy_to_guest(a[0], buf, len + 1) != 0)
        return -EFAULT;
    return (int64_t)(len + 1);
}

int64_t sys_chdir(GuestThread *t, const uint64_t *a)
{
    (void)t;
    sys_exe_path();
    return host_syscall3(SYS_chdir, fs_sysroot_path(a[0]), 0, 0);
}

int64_t sys_fchdir(GuestThread *t, const uint64_t *a)
{
    (void)t;
    sys_exe_path();
    return host_syscall3(SYS_fchdir, a[0], 0, 0);
}

int64_t sys_chroot(GuestThread *t, const uint64_t *a)
{
    (void)t;
    sys_exe_path();
    return host_syscall3(SYS_chroot, sys_hp(a[0]), 0, 0);
}

int64_t sys_mkdirat(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_mkdirat, a[0], sys_hp(a[1]), a[2]);
}

int64_t sys_mknodat(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall6(SYS_mknodat, a[0], sys_hp(a[1]), a[2], a[3], 0, 0);
}

int64_t sys_unlinkat(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_unlinkat, a[0], sys_hp(a[1]), a[2]);
}

int64_t sys_renameat(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall6(SYS_renameat, a[0], sys_hp(a[1]), a[2], sys_hp(a[3]),
                         0, 0);
}

int64_t sys_renameat2(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall6(SYS_renameat2, a[0], sys_hp(a[1]), a[2], sys_hp(a[3]),
                         a[4], 0);
}

int64_t sys_linkat(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall6(SYS_linkat, a[0], sys_hp(a[1]), a[2], sys_hp(a[3]),
                         a[4], 0);
}

int64_t sys_symlinkat(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_symlinkat, sys_hp(a[0]), a[1], sys_hp(a[2]));
}

/*
 * Links the kernel makes up (/proc/self/fd/N, cwd, map_files/...) name
 * host paths. Asked only when a link's text starts with the sysroot.
 */
static bool fs_is_proc_link(int dirfd, const char *path)
{
    struct statfs st;
    bool proc;
    int fd = openat(dirfd, path, O_PATH | O_NOFOLLOW | O_CLOEXEC);

    if (fd < 0)
        return false;
    proc = fstatfs(fd, &st) == 0 && st.f_type == PROC_SUPER_MAGIC;
    close(fd);
    return proc;
}

static char fs_arx_exe[PATH_MAX];
static pthread_once_t fs_arx_exe_once = PTHREAD_ONCE_INIT;

static void fs_arx_exe_init(void)
{
    ssize_t n = readlink("/proc/self/exe", fs_arx_exe, sizeof(fs_arx_exe) - 1);

    fs_arx_exe[n > 0 ? n : 0] = '\0';
}

/*
 * A relative name of the own exe link (readlink("exe") in /proc/self):
 * asked only when the kernel's answer named arx, it is the directory's
 * name joined with path, checked as an absolute one.
 */
static bool fs_is_own_exe_at(int dirfd, const char *path, const char *text)
{
    char dir[PATH_MAX], full[PATH_MAX * 2], link[32];
    ssize_t n;

    pthread_once(&fs_arx_exe_once, fs_arx_exe_init);
    if (path[0] == '/' || strcmp(text, fs_arx_exe) != 0)
        return false;
    if (dirfd == AT_FDCWD) {
        if (!getcwd(dir, sizeof(dir)))
            return false;
    } else {
        snprintf(link, sizeof(link), "/proc/self/fd/%d", dirfd);
        n = readlink(link, dir, sizeof(dir) - 1);
        if (n <= 0)
            return false;
        dir[n] = '\0';
    }
    snprintf(full, sizeof(full), "%s/%s", dir, path);
    return fs_is_own_exe_link(full);
}

/* Like the kernel: truncated silently, no terminating NUL. */
static int64_t fs_put_link(uint64_t guest_buf, uint64_t size, const char *text,
                           size_t len)
{
    if (len > size)
        len = size;
    if (copy_to_guest(guest_buf, text, len) != 0)
        return -EFAULT;
    return (int64_t)len;
}

/* The guest program, as the guest names it. */
static int64_t fs_put_exe_link(uint64_t guest_buf, uint64_t size)
{
    char buf[PATH_MAX];

    snprintf(buf, sizeof(buf), "%s", sys_exe_path());
    return fs_put_link(guest_buf, size, buf, path_to_guest(buf));
}

/*
 * A real symlink reads as its own text, in the sysroot or not; only the
 * kernel's magic links are rewritten to the guest's view. A directory
 * that exists in the sysroot is read there, so it stays a directory.
 */
/* Whether text[0..n), all the kernel wrote, may begin with what
 * fs_readlink_view rewrites: the sysroot or arx's own path. */
/* One of text[0..n) and s starts with the other. */
static bool fs_prefix_match(const char *text, size_t n, const char *s)
{
    size_t len = strlen(s);

    return memcmp(text, s, n < len ? n : len) == 0;
}

static bool fs_may_rewrite(const char *text, size_t n)
{
    const char *root = path_sysroot();

    pthread_once(&fs_arx_exe_once, fs_arx_exe_init);
    return (root && fs_prefix_match(text, n, root)) ||
           fs_prefix_match(text, n, fs_arx_exe) ||
           fs_prefix_match(text, n, PROCFS_LINK_PREFIX);
}

/*
 * A real symlink reads as its own text, in the sysroot or not; only the
 * kernel's magic links are rewritten to the guest's view. A directory
 * that exists in the sysroot is read there, so it stays a directory. The
 * kernel writes into the guest's buffer first (EFAULT is its to give);
 * the rare text that may need rewriting is read again whole.
 */
int64_t sys_readlinkat(GuestThread *t, const uint64_t *a)
{
    const char *path, *host;
    char buf[PATH_MAX];
    int64_t r, whole;

    (void)t;
    if ((int64_t)a[3] <= 0)
        return -EINVAL;
    /* A bad path is the kernel's EFAULT, in the kernel's order. */
    if (guest_string(a[1], PATH_MAX, &path) != 0)
        return host_syscall6(SYS_readlinkat, a[0], sys_path_hp(a[1]),
                             sys_hp(a[2]), a[3], 0, 0);
    host = path_redirect(path);
    if (fs_is_own_exe_link(path))
        return fs_put_exe_link(a[2], a[3]);
    r = host_syscall6(SYS_readlinkat, a[0], (uint64_t)(uintptr_t)host,
                      sys_hp(a[2]), a[3], 0, 0);
    if (r <= 0 || !fs_may_rewrite(sys_ptr(a[2]), (size_t)r))
        return r;
    whole = host_syscall6(SYS_readlinkat, a[0], (uint64_t)(uintptr_t)host,
                          (uint64_t)(uintptr_t)buf, sizeof(buf) - 1, 0, 0);
    if (whole < 0)
        return r;
    buf[whole] = '\0';
    if (fs_is_own_exe_at((int)a[0], path, buf))
        return fs_put_exe_link(a[2], a[3]);
    if (path_is_in_sysroot(buf) && fs_is_proc_link((int)a[0], host))
        return fs_put_link(a[2], a[3], buf, path_to_guest(buf));
    if (procfs_link_text(buf) && fs_is_proc_link((int)a[0], host))
        return fs_put_link(a[2], a[3], buf, strlen(buf));
    return r;
}

int64_t sys_faccessat(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_faccessat, a[0], fs_path(a[1]), a[2]);
}

int64_t sys_faccessat2(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall6(SYS_faccessat2, a[0], fs_path_at(a[1], a[3]), a[2],
                         a[3], 0, 0);
}

int64_t sys_fchmod(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_fchmod, a[0], a[1], 0);
}

int64_t sys_fchmodat(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_fchmodat, a[0], sys_hp(a[1]), a[2]);
}

int64_t sys_fchownat(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall6(SYS_fchownat, a[0], sys_hp(a[1]), a[2], a[3], a[4], 0);
}

int64_t sys_fchown(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_fchown, a[0], a[1], a[2]);
}

int64_t sys_utimensat(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall6(SYS_utimensat, a[0], sys_hp(a[1]), sys_hp(a[2]), a[3],
                         0, 0);
}

int64_t sys_truncate(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_truncate, sys_hp(a[0]), a[1], 0);
}

int64_t sys_ftruncate(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_ftruncate, a[0], a[1], 0);
}

int64_t sys_umask(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_umask, a[0], 0, 0);
}

/* The kernel has done the work; a bad buffer is still -EFAULT. */
static int64_t fs_stat_to_guest(const struct stat *host, uint64_t guest_addr)
{
    GuestStat g;

    convert_stat_to_guest(host, &g);
    return copy_to_guest(guest_addr, &g, sizeof(g));
}

int64_t sys_newfstatat(GuestThread *t, const uint64_t *a)
{
    struct stat host;
    int64_t r;

    (void)t;
    r = host_syscall6(SYS_newfstatat, a[0], fs_path_at(a[1], a[3]),
                      (uint64_t)(uintptr_t)&host, a[3], 0, 0);
    return r == 0 ? fs_stat_to_guest(&host, a[2]) : r;
}

int64_t sys_fstat(GuestThread *t, const uint64_t *a)
{
    struct stat host;
    int64_t r;

    (void)t;
    r = host_syscall3(SYS_fstat, a[0], (uint64_t)(uintptr_t)&host, 0);
    return r == 0 ? fs_stat_to_guest(&host, a[1]) : r;
}

/* struct statx is fixed-size and arch-independent. */
int64_t sys_statx(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall6(SYS_statx, a[0], fs_path_at(a[1], a[2]), a[2], a[3],
                         sys_hp(a[4]), 0);
}

/* struct statfs: 120 bytes of longs on both 64-bit ABIs (checked). */
int64_t sys_statfs(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_statfs, fs_sysroot_path(a[0]), sys_hp(a[1]), 0);
}

int64_t sys_fstatfs(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_fstatfs, a[0], sys_hp(a[1]), 0);
}

/* struct linux_dirent64 is arch-independent. */
int64_t sys_getdents64(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_getdents64, a[0], sys_hp(a[1]), a[2]);
}

/* Extended attributes: names and values are plain bytes on both ABIs. */
static int64_t fs_xattr_path(long host_nr, const uint64_t *a)
{
    return host_syscall6(host_nr, sys_hp(a[0]), sys_hp(a[1]), sys_hp(a[2]),
                         a[3], a[4], 0);
}

/* Reading looks in the sysroot as stat does; writing never redirects. */
static int64_t fs_xattr_get(long host_nr, const uint64_t *a)
{
    return host_syscall6(host_nr, fs_sysroot_path(a[0]), sys_hp(a[1]),
                         sys_hp(a[2]), a[3], a[4], 0);
}

static int64_t fs_xattr_fd(long host_nr, const uint64_t *a)
{
    return host_syscall6(host_nr, a[0], sys_hp(a[1]), sys_hp(a[2]), a[3], a[4],
                         0);
}

int64_t sys_setxattr(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return fs_xattr_path(SYS_setxattr, a);
}

int64_t sys_lsetxattr(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return fs_xattr_path(SYS_lsetxattr, a);
}

int64_t sys_fsetxattr(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return fs_xattr_fd(SYS_fsetxattr, a);
}

int64_t sys_getxattr(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return fs_xattr_get(SYS_getxattr, a);
}

int64_t sys_lgetxattr(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return fs_xattr_get(SYS_lgetxattr, a);
}

int64_t sys_fgetxattr(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return fs_xattr_fd(SYS_fgetxattr, a);
}

/* listxattr and removexattr take fewer arguments; extras are ignored. */
int64_t sys_listxattr(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_listxattr, fs_sysroot_path(a[0]), sys_hp(a[1]),
                         a[2]);
}

int64_t sys_llistxattr(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_llistxattr, fs_sysroot_path(a[0]), sys_hp(a[1]),
                         a[2]);
}

int64_t sys_flistxattr(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_flistxattr, a[0], sys_hp(a[1]), a[2]);
}

int64_t sys_removexattr(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_removexattr, sys_hp(a[0]), sys_hp(a[1]), 0);
}

int64_t sys_lremovexattr(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_lremovexattr, sys_hp(a[0]), sys_hp(a[1]), 0);
}

int64_t sys_fremovexattr(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_fremovexattr, a[0], sys_hp(a[1]), 0);
}

/* inotify: struct inotify_event is arch-independent. */
int64_t sys_inotify_init1(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_inotify_init1, a[0], 0, 0);
}

int64_t sys_inotify_add_watch(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_inotify_add_watch, a[0], fs_sysroot_path(a[1]),
                         a[2]);
}

int64_t sys_inotify_rm_watch(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_inotify_rm_watch, a[0], a[1], 0);
}
