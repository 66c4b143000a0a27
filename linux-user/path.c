/*
 * Sysroot redirection (-L): an absolute path the guest names is looked up
 * inside the sysroot first, as qemu-user's -L does, so the dynamic linker
 * finds arm64 libraries. Kernel file systems are never redirected.
 */
#include "linux-user/path.h"

#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

static char sysroot[PATH_MAX];
static size_t sysroot_len;

void path_set_sysroot(const char *dir)
{
    size_t len = dir ? strlen(dir) : 0;

    while (len > 1 && dir[len - 1] == '/')
        len--;
    if (len == 0 || len >= sizeof(sysroot) || (len == 1 && dir[0] == '/')) {
        sysroot_len = 0;
        return;
    }
    memcpy(sysroot, dir, len);
    sysroot[len] = '\0';
    sysroot_len = len;
}

static bool under(const char *path, const char *dir)
{
    size_t n = strlen(dir);

    return strncmp(path, dir, n) == 0 && (path[n] == '/' || path[n] == '\0');
}

static bool never_redirected(const char *path)
{
    return under(path, "/proc") || under(path, "/dev") || under(path, "/sys") ||
           strcmp(path, "/") == 0 || strncmp(path, sysroot, sysroot_len) == 0;
}

const char *path_redirect(const char *path)
{
    static __thread char buf[2][PATH_MAX];
    static __thread int next;
    char *out;

    if (!sysroot_len || !path || path[0] != '/' || never_redirected(path))
        return path;
    out = buf[next];
    next ^= 1;
    if (snprintf(out, PATH_MAX, "%s%s", sysroot, path) >= PATH_MAX)
        return path;
    /* F_OK on the link itself: a dangling symlink inside counts too. */
    if (faccessat(AT_FDCWD, out, F_OK, AT_SYMLINK_NOFOLLOW) != 0)
        return path;
    return out;
}
