/*
 * Paths the kernel hands back must not show a sysroot: run once natively,
 * once plain and once under -L with a root that mirrors the host paths
 * named here (run-guest-tests.sh builds it), the output must be the same.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/stat.h>
#include <unistd.h>

static void show_readlink(const char *path)
{
    char buf[PATH_MAX];
    ssize_t n = readlink(path, buf, sizeof(buf) - 1);

    if (n < 0) {
        printf("readlink %s: %s\n", path, strerror(errno));
        return;
    }
    buf[n] = '\0';
    printf("readlink %s: \"%s\" (%zd)\n", path, buf, n);
}

static void show_realpath(const char *path)
{
    char buf[PATH_MAX];

    if (realpath(path, buf))
        printf("realpath %s: %s\n", path, buf);
    else
        printf("realpath %s: %s\n", path, strerror(errno));
}

static void show_type(const char *path)
{
    struct stat st;

    if (lstat(path, &st) != 0)
        printf("lstat %s: %s\n", path, strerror(errno));
    else
        printf("lstat %s: %s\n", path,
               S_ISLNK(st.st_mode)   ? "link"
               : S_ISDIR(st.st_mode) ? "dir"
                                     : "other");
}

static void show_cwd(const char *label)
{
    char buf[PATH_MAX];

    printf("%s getcwd: %s\n", label,
           getcwd(buf, sizeof(buf)) ? buf : strerror(errno));
    show_readlink("/proc/self/cwd");
}

static void show_fd_link(const char *path, int flags)
{
    char link[64];
    int fd = open(path, flags);

    if (fd < 0) {
        printf("open %s: %s\n", path, strerror(errno));
        return;
    }
    snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
    printf("fd of %s -> ", path);
    fflush(stdout);
    show_readlink(link);
    close(fd);
}

/* /proc/self/maps names the program's own file on its first line. */
static void show_maps_name(void)
{
    char line[PATH_MAX + 128];
    FILE *f = fopen("/proc/self/maps", "r");
    char *name;

    if (!f || !fgets(line, sizeof(line), f)) {
        printf("maps: unreadable\n");
        if (f)
            fclose(f);
        return;
    }
    fclose(f);
    line[strcspn(line, "\n")] = '\0';
    name = strchr(line, '/');
    printf("maps first name: %s\n", name ? name : "(none)");
}

int main(void)
{
    const char *execfn = (const char *)getauxval(AT_EXECFN);
    char exe[PATH_MAX], small[4], link[64];
    struct stat a, b;
    int start = open(".", O_RDONLY | O_DIRECTORY), fd;
    ssize_t n;

    /* Directories that exist in the host and the sysroot alike. */
    show_readlink("/var");
    show_readlink("/usr/bin");
    show_readlink("/usr/lib/");
    show_readlink("/");
    /* A real link (merged /usr) reads as its own text. */
    show_readlink("/lib");
    show_readlink("/bin");
    show_type("/var");
    show_type("/lib");
    show_type("/proc/self/exe");
    show_realpath("/var");
    show_realpath("/usr/bin");
    show_realpath("/lib/../bin");
    show_realpath("/usr/lib/.././bin/");
    show_realpath("/no-such-arx-dir/x");

    show_fd_link("/usr/lib", O_RDONLY | O_DIRECTORY);
    show_fd_link("/var", O_PATH);

    if (chdir("/usr/lib") != 0)
        printf("chdir /usr/lib: %s\n", strerror(errno));
    show_cwd("in /usr/lib");
    {
        char nine[9];
        printf("getcwd into 9 bytes: %s\n",
               getcwd(nine, sizeof(nine)) ? nine : strerror(errno));
    }
    if (chdir("..") != 0)
        printf("chdir ..: %s\n", strerror(errno));
    show_cwd("in ..");
    show_realpath("lib");
    errno = 0;
    printf("getcwd into 4 bytes: %s\n",
           getcwd(small, sizeof(small)) ? "fits" : strerror(errno));
    if (start < 0 || fchdir(start) != 0)
        printf("fchdir back: %s\n", strerror(errno));

    /* The kernel's answer cut to the guest's buffer, after the rewrite. */
    fd = open("/usr/lib", O_RDONLY | O_DIRECTORY);
    snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
    n = readlink(link, small, sizeof(small));
    printf("fd link in 4 bytes: %zd \"%.*s\"\n", n, n > 0 ? (int)n : 0, small);
    close(fd);
    /* The own exe link by a relative name. */
    if (chdir("/proc/self") == 0) {
        n = readlink("exe", exe, sizeof(exe) - 1);
        exe[n > 0 ? n : 0] = '\0';
        printf("exe in /proc/self: %s\n", exe);
    }
    if (start < 0 || fchdir(start) != 0)
        printf("fchdir back: %s\n", strerror(errno));

    n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
    exe[n > 0 ? n : 0] = '\0';
    printf("exe: %s\n", exe);
    printf("execfn: %s\n", execfn ? execfn : "(none)");
    printf("exe is execfn: %d\n", execfn && strcmp(exe, execfn) == 0);
    printf("exe opens the same file: %d\n",
           stat(exe, &a) == 0 && stat("/proc/self/exe", &b) == 0 &&
               a.st_ino == b.st_ino && a.st_dev == b.st_dev);
    show_maps_name();
    return 0;
}
