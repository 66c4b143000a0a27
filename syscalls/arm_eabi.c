/*
 * The arm EABI syscall layer: not yet written beyond the calls a static
 * program needs to print and exit.
 */
#include <errno.h>

#include "syscalls/syscalls.h"

int64_t do_syscall_arm(GuestThread *thread, uint64_t nr, const uint64_t *args)
{
    switch (nr) {
    case 1: return do_syscall(thread, GUEST_NR_exit, args);
    case 4: return do_syscall(thread, GUEST_NR_write, args);
    case 248: return do_syscall(thread, GUEST_NR_exit_group, args);
    default: return -ENOSYS;
    }
}
