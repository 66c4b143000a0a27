/*
 * Guest syscall dispatch: nr.def is the table, do_syscall() looks the
 * number up, runs the handler and reports unknown numbers once.
 * Must not hold per-syscall logic; that lives in the topic files.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>

#include "linux-user/mmap.h"
#include "syscalls/syscalls.h"
#include "util/log.h"

typedef struct SyscallEntry {
    const char *name;
    SyscallHandler handler;
} SyscallEntry;

static const SyscallEntry syscall_table[GUEST_NR_COUNT] = {
#define SYSCALL(nr, name, handler) [nr] = {#name, handler},
#include "syscalls/nr.def"
#undef SYSCALL
};

const char *syscall_name(uint64_t nr)
{
    if (nr >= GUEST_NR_COUNT)
        return NULL;
    return syscall_table[nr].name;
}

static int64_t syscall_unimplemented(uint64_t nr)
{
    const char *name = syscall_name(nr);

    if (log_enabled(LOG_UNIMP))
        arx_log_once(nr, "arx: unimplemented syscall %d (%s)\n", (int)nr,
                     name ? name : "unknown");
    return -ENOSYS;
}

/* These end the process or replace it, so strace must print before. */
static bool syscall_may_not_return(uint64_t nr)
{
    return nr == GUEST_NR_exit || nr == GUEST_NR_exit_group ||
           nr == GUEST_NR_execve || nr == GUEST_NR_execveat;
}

int64_t do_syscall(GuestThread *thread, uint64_t nr, const uint64_t *args)
{
    SyscallHandler handler = NULL;
    bool trace = log_enabled(LOG_STRACE);
    int64_t ret;

    if (nr < GUEST_NR_COUNT)
        handler = syscall_table[nr].handler;
    if (trace && syscall_may_not_return(nr))
        strace_print_noreturn(nr, args);
    if (handler) {
        ret = handler(thread, args);
        /* The kernel may have tried to write a code page arx protects. */
        if (ret == -EFAULT && mmap_unprotect_code_pages())
            ret = handler(thread, args);
    } else
        ret = syscall_unimplemented(nr);
    if (trace)
        strace_print(nr, args, ret);
    return ret;
}
