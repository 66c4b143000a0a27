/*
 * Newer Linux calls, each made with arguments the kernel refuses or
 * answers harmlessly: prints whether the call exists (anything but
 * ENOSYS), so arx's armhf output can be compared with the native one.
 * rseq is not here: arx refuses it for every guest (translated code
 * cannot honour restartable sequences) and glibc copes.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

#define TRY(name, ...) try_call(#name, syscall(SYS_##name, __VA_ARGS__))

static void try_call(const char *name, long r)
{
    printf("%s: %s\n", name, r < 0 && errno == ENOSYS ? "ENOSYS" : "present");
}

int main(void)
{
    TRY(clone3, 0, 0);                     /* size 0: EINVAL */
    TRY(openat2, -1, "", 0, 0);            /* size 0: EINVAL */
    TRY(preadv2, -1, 0, 0, 0, 0, 0);       /* EBADF */
    TRY(pwritev2, -1, 0, 0, 0, 0, 0);      /* EBADF */
    TRY(futex_waitv, 0, 0, 1, 0, 0);       /* bad flags: EINVAL */
    TRY(landlock_create_ruleset, 0, 0, 1); /* ABI version */
    TRY(landlock_add_rule, -1, 0, 0, 0);
    TRY(landlock_restrict_self, -1, 0);
    TRY(process_vm_readv, getpid(), 0, 0, 0, 0, 0);
    TRY(process_vm_writev, getpid(), 0, 0, 0, 0, 0);
    TRY(pidfd_open, getpid(), 0);
    TRY(pidfd_send_signal, -1, 0, 0, 0);
    TRY(pidfd_getfd, -1, 0, 0);
    TRY(close_range, 1000, 999, 0); /* EINVAL */
    TRY(faccessat2, -100, "/", 0, 0);
    TRY(epoll_pwait2, -1, 0, 1, 0, 0, 0);
    TRY(copy_file_range, -1, 0, -1, 0, 0, 0);
    TRY(statx, -100, "/", 0, 0, 0); /* EFAULT */
    TRY(getrandom, 0, 0, 0);
    TRY(memfd_create, "", -1);
    TRY(execveat, -1, "", 0, 0, 0);
    TRY(renameat2, -1, "", -1, "", 0);
    TRY(mlock2, 0, 0, -1);
    TRY(membarrier, 0, 0, 0);
    TRY(process_madvise, -1, 0, 0, 0, 0);
    TRY(process_mrelease, -1, 0);
    TRY(mount_setattr, -1, 0, 0, 0, 0);
    TRY(open_tree, -1, "", -1);
    TRY(fsopen, 0, -1);
    return 0;
}
