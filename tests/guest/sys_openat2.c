/*
 * openat2's RESOLVE_NO_MAGICLINKS and RESOLVE_NO_SYMLINKS must refuse
 * /proc/self/exe (ELOOP) even though arx shows the guest program there.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static void try(const char *path, unsigned long long resolve)
{
    struct open_how how = {.flags = O_RDONLY, .resolve = resolve};
    long fd = syscall(SYS_openat2, AT_FDCWD, path, &how, sizeof(how));

    printf("%s resolve 0x%llx: %s\n", path, resolve,
           fd < 0 ? strerrorname_np(errno) : "ok");
    if (fd >= 0)
        close((int)fd);
}

int main(void)
{
    try("/proc/self/exe", 0);
    try("/proc/self/exe", RESOLVE_NO_MAGICLINKS);
    try("/proc/self/exe", RESOLVE_NO_SYMLINKS);
    try("/proc/self/cwd", RESOLVE_NO_MAGICLINKS);
    try("/", RESOLVE_NO_MAGICLINKS);
    return 0;
}
