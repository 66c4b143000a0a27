/*
 * arm EABI file calls whose structs or offsets differ from arm64: the
 * stat64 and statfs families, getdents with 32-bit directory cookies,
 * lseek/_llseek (which translate cookies back), fcntl's struct flock.
 * Must not keep per-file state beyond the cookie table of arm_convert.c.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>

#include "linux-user/path.h"
#include "syscalls/arm_eabi.h"

/* A path for the host, as fs.c's: -L sysroot, and /proc/self/exe unless
 * the call looks at the link itself. */
static uint64_t arm_fs_path(uint64_t guest_path, uint64_t at_flags)
{
    const char *path;

    if (!(at_flags & AT_SYMLINK_NOFOLLOW))
        return sys_path_hp(guest_path);
    if (guest_string(guest_path, PATH_MAX, &path) != 0)
        return sys_hp(guest_path);
    return (uint64_t)(uintptr_t)path_redirect(path);
}

static int64_t arm_stat64_out(int64_t r, const struct stat *host, uint64_t dst)
{
    ArmStat64 guest;

    if (r != 0)
        return r;
    arm_convert_stat64(host, &guest);
    return copy_to_guest(dst, &guest, sizeof(guest));
}

int64_t arm_host_fstatat(uint64_t dirfd, uint64_t path, uint64_t flags,
                         struct stat *host)
{
    return host_syscall6(SYS_newfstatat, dirfd, arm_fs_path(path, flags),
                         (uint64_t)(uintptr_t)host, flags, 0, 0);
}

static int64_t arm_fstatat(uint64_t dirfd, uint64_t path, uint64_t dst,
                           uint64_t flags)
{
    struct stat host;
    int64_t r = arm_host_fstatat(dirfd, path, flags, &host);

    return arm_stat64_out(r, &host, dst);
}

int64_t arm_eabi_stat64(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return arm_fstatat((uint64_t)(int64_t)AT_FDCWD, a[0], a[1], 0);
}

int64_t arm_eabi_lstat64(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return arm_fstatat((uint64_t)(int64_t)AT_FDCWD, a[0], a[1],
                       AT_SYMLINK_NOFOLLOW);
}

int64_t arm_eabi_fstatat64(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return arm_fstatat(arm_signed(a[0]), a[1], a[2], a[3]);
}

int64_t arm_eabi_fstat64(GuestThread *t, const uint64_t *a)
{
    struct stat host;

    (void)t;
    return arm_stat64_out(
        host_syscall3(SYS_fstat, a[0], (uint64_t)(uintptr_t)&host, 0), &host,
        a[1]);
}

/* ---- statfs ---- */

static int64_t arm_statfs_host(bool by_fd, uint64_t arg, struct statfs *host)
{
    if (by_fd)
        return host_syscall3(SYS_fstatfs, arg, (uint64_t)(uintptr_t)host, 0);
    return host_syscall3(SYS_statfs, arm_fs_path(arg, AT_SYMLINK_NOFOLLOW),
                         (uint64_t)(uintptr_t)host, 0);
}

/*
 * statfs64(path or fd, size, buf): the size must be arm's struct's (84),
 * or 88, glibc's sizeof, which arm's kernel entry wrapper turns into 84.
 */
static int64_t arm_statfs64(bool by_fd, const uint64_t *a)
{
    struct statfs host;
    ArmStatfs64 guest;
    int64_t r;

    if ((uint32_t)a[1] != sizeof(ArmStatfs64) && (uint32_t)a[1] != 88)
        return -EINVAL;
    r = arm_statfs_host(by_fd, a[0], &host);
    if (r != 0)
        return r;
    arm_convert_statfs64(&host, &guest);
    return copy_to_guest(a[2], &guest, sizeof(guest));
}

static int64_t arm_statfs32(bool by_fd, const uint64_t *a)
{
    struct statfs host;
    ArmStatfs guest;
    int64_t r = arm_statfs_host(by_fd, a[0], &host);

    if (r != 0)
        return r;
    r = arm_convert_statfs(&host, &guest);
    return r ? r : copy_to_guest(a[1], &guest, sizeof(guest));
}

int64_t arm_eabi_statfs64(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return arm_statfs64(false, a);
}

int64_t arm_eabi_fstatfs64(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return arm_statfs64(true, a);
}

int64_t arm_eabi_statfs(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return arm_statfs32(false, a);
}

int64_t arm_eabi_fstatfs(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return arm_statfs32(true, a);
}

/* ---- directories: 32-bit cookies for the host's 64-bit d_off ---- */

int64_t arm_eabi_getdents64(GuestThread *t, const uint64_t *a)
{
    int64_t r;

    (void)t;
    if (!guest_range_ok(a[1], (uint32_t)a[2], PROT_WRITE))
        return host_syscall3(SYS_getdents64, a[0], SYS_FAULT_ADDR, a[2]);
    r = host_syscall3(SYS_getdents64, a[0], sys_hp(a[1]), (uint32_t)a[2]);
    if (r > 0)
        arm_convert_dirents64(sys_ptr(a[1]), (size_t)r);
    return r;
}

/* Every linux_dirent is shorter than its dirent64, so all fit. */
int64_t arm_eabi_getdents(GuestThread *t, const uint64_t *a)
{
    size_t len = (uint32_t)a[2], consumed;
    void *buf;
    int64_t r;

    (void)t;
    if (!guest_range_ok(a[1], len, PROT_WRITE))
        return host_syscall3(SYS_getdents64, a[0], SYS_FAULT_ADDR, len);
    buf = malloc(len ? len : 1);
    if (!buf)
        return -ENOMEM;
    r = host_syscall3(SYS_getdents64, a[0], (uint64_t)(uintptr_t)buf, len);
    if (r > 0)
        r = arm_convert_dirents(buf, (size_t)r, sys_ptr(a[1]), len, &consumed);
    free(buf);
    return r;
}

static bool arm_fd_is_dir(uint64_t fd)
{
    struct stat st;

    return host_syscall3(SYS_fstat, fd, (uint64_t)(uintptr_t)&st, 0) == 0 &&
           S_ISDIR(st.st_mode);
}

/*
 * A seek, directories' cookies translated both ways. Only offsets at or
 * past the cookie base can be cookies, so most seeks cost no fstat.
 */
static int64_t arm_seek(uint64_t fd, int64_t off, int whence, bool *is_dir)
{
    bool cookie_in =
        whence == SEEK_SET && off >= ARM_DIR_COOKIE_BASE && off <= UINT32_MAX;
    int64_t r;

    *is_dir = cookie_in && arm_fd_is_dir(fd);
    if (*is_dir)
        off = arm_dir_offset((uint32_t)off);
    r = host_syscall3(SYS_lseek, fd, (uint64_t)off, (uint64_t)whence);
    if (r >= ARM_DIR_COOKIE_BASE && (*is_dir || arm_fd_is_dir(fd))) {
        *is_dir = true;
        r = arm_dir_cookie(r);
    }
    return r;
}

int64_t arm_eabi_lseek(GuestThread *t, const uint64_t *a)
{
    bool is_dir;
    int64_t r;

    (void)t;
    r = arm_seek(a[0], (int32_t)a[1], (int)a[2], &is_dir);
    /* The 32-bit off_t result: the kernel's EOVERFLOW past 2 GiB. */
    if (r > INT32_MAX)
        return -EOVERFLOW;
    return r;
}

/* _llseek(fd, offset_high, offset_low, loff_t *result, whence) */
int64_t arm_eabi__llseek(GuestThread *t, const uint64_t *a)
{
    int64_t off = (int64_t)((uint64_t)(uint32_t)a[1] << 32 | (uint32_t)a[2]);
    bool is_dir;
    int64_t r;

    (void)t;
    r = arm_seek(a[0], off, (int)a[4], &is_dir);
    if (r < 0)
        return r;
    return copy_to_guest(a[3], &r, sizeof(r));
}

/* ---- fcntl: arm's F_*LK64 use struct flock64, the host's struct flock ---- */

#define ARM_F_GETLK64 12
#define ARM_F_SETLK64 13
#define ARM_F_SETLKW64 14

static int64_t arm_call_fcntl(GuestThread *t, uint64_t fd, uint64_t cmd,
                              uint64_t arg)
{
    const uint64_t args[6] = {fd, cmd, arg, 0, 0, 0};

    return sys_fcntl(t, args);
}

static int64_t arm_fcntl_lock64(GuestThread *t, const uint64_t *a, int cmd)
{
    return arm_call_fcntl(t, a[0], (uint64_t)cmd, a[2]);
}

/* F_GETLK/F_SETLK/F_SETLKW with arm's 16-byte struct flock (32-bit off_t). */
static int64_t arm_fcntl_lock32(GuestThread *t, const uint64_t *a)
{
    ArmFlock guest;
    struct flock host;
    int64_t r;

    if (copy_from_guest(&guest, a[2], sizeof(guest)) != 0)
        return -EFAULT;
    host = (struct flock){.l_type = guest.type,
                          .l_whence = guest.whence,
                          .l_start = guest.start,
                          .l_len = guest.len,
                          .l_pid = guest.pid};
    r = arm_call_fcntl(t, a[0], a[1], arm_host_arg(&host));
    if (r != 0 || (int)a[1] != F_GETLK)
        return r;
    if (host.l_start > INT32_MAX || host.l_len > INT32_MAX)
        return -EOVERFLOW;
    guest = (ArmFlock){.type = host.l_type,
                       .whence = host.l_whence,
                       .start = (int32_t)host.l_start,
                       .len = (int32_t)host.l_len,
                       .pid = host.l_pid};
    return copy_to_guest(a[2], &guest, sizeof(guest));
}

int64_t arm_eabi_fcntl64(GuestThread *t, const uint64_t *a)
{
    switch ((int)a[1]) {
    case ARM_F_GETLK64: return arm_fcntl_lock64(t, a, F_GETLK);
    case ARM_F_SETLK64: return arm_fcntl_lock64(t, a, F_SETLK);
    case ARM_F_SETLKW64: return arm_fcntl_lock64(t, a, F_SETLKW);
    default: return arm_eabi_fcntl(t, a);
    }
}

int64_t arm_eabi_fcntl(GuestThread *t, const uint64_t *a)
{
    switch ((int)a[1]) {
    case F_GETLK:
    case F_SETLK:
    case F_SETLKW: return arm_fcntl_lock32(t, a);
    default: return sys_fcntl(t, a);
    }
}
