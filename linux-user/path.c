/*
 * Sysroot redirection (-L): an absolute path the guest names is looked up
 * inside the sysroot first, as qemu-user's -L does, so the dynamic linker
 * finds arm64 libraries; paths the kernel hands back (cwd, /proc links and
 * maps) lose the sysroot prefix again. Kernel file systems are never
 * redirected. Must not fake links: a redirected path is opened, never shown.
 */
#include "linux-user/path.h"

#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

static char sysroot[PATH_MAX];
static size_t sysroot_len;

/*
 * Absolute and without links, so a later chdir cannot change what it
 * names and the kernel's answers (getcwd, /proc links) start with it.
 */
void path_set_sysroot(const char *dir)
{
    char real[PATH_MAX];
    size_t len;

    if (dir && dir[0] && realpath(dir, real))
        dir = real;
    len = dir ? strlen(dir) : 0;

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
           strcmp(path, "/") == 0 || under(path, sysroot);
}

const char *path_sysroot(void)
{
    return sysroot_len ? sysroot : NULL;
}

bool path_is_in_sysroot(const char *host_path)
{
    return sysroot_len && host_path && under(host_path, sysroot);
}

const char *path_guest_view(const char *host_path)
{
    if (!path_is_in_sysroot(host_path))
        return host_path;
    return host_path[sysroot_len] ? host_path + sysroot_len : "/";
}

size_t path_to_guest(char *path)
{
    const char *view = path_guest_view(path);
    size_t len = strlen(view);

    memmove(path, view, len + 1);
    return len;
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

/* dir is a link's own directory: the text is relative to it. */
static bool path_join_dir(char *cur, size_t len, const char *text)
{
    char *slash = strrchr(cur, '/');
    char joined[PATH_MAX];
    int n;

    if (!slash)
        n = snprintf(joined, sizeof(joined), "%s", text);
    else
        n = snprintf(joined, sizeof(joined), "%.*s/%s", (int)(slash - cur), cur,
                     text);
    if (n < 0 || (size_t)n >= len)
        return false;
    memcpy(cur, joined, (size_t)n + 1);
    return true;
}

/* Links the kernel follows, at most (MAXSYMLINKS). */
#define PATH_MAX_LINKS 40

const char *path_redirect_exec(const char *path, char *buf, size_t len)
{
    const char *first = path_redirect(path);
    char text[PATH_MAX];
    bool moved = false;
    struct stat st;
    ssize_t n;

    if (!sysroot_len || !first || len > PATH_MAX ||
        snprintf(buf, len, "%s", first) >= (int)len)
        return first;
    for (int i = 0; i < PATH_MAX_LINKS; i++) {
        if (lstat(buf, &st) != 0 || !S_ISLNK(st.st_mode))
            break;
        n = readlink(buf, text, sizeof(text) - 1);
        if (n <= 0)
            break;
        text[n] = '\0';
        if (text[0] == '/') {
            const char *next = path_redirect(text);
            moved |= next != text;
            if (snprintf(buf, len, "%s", next) >= (int)len)
                return first;
        } else if (!path_join_dir(buf, len, text)) {
            return first;
        }
    }
    /* Untouched unless a link's text was looked up in the sysroot: the
     * kernel follows the others the same way. */
    return moved ? buf : first;
}
