/*
 * What the syscall-level unit tests (test_syscalls, test_arm_syscalls)
 * link instead of arx's main program and translator: the globals of
 * linux-user/main.c, loader.c and vdso.c, and tcg/ and target-arm/ entry points
 * the process model calls. No code is translated in these tests: the
 * calls that would run guest code abort.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "linux-user/gdbstub.h"
#include "linux-user/pcache.h"
#include "linux-user/user.h"
#include "linux-user/vdso.h"
#include "tcg/target_ops.h"
#include "tcg/tb.h"

uintptr_t guest_base;
ImageInfo guest_image;
const char *arx_self_path = "/bin/false";
char **arx_reexec_args;

/* No vDSO here (linux-user/vdso.c): signal.c maps its own trampoline. */
uint64_t vdso_sigreturn(void)
{
    return 0;
}

/* No persistent translation cache (linux-user/pcache.c). */
void pcache_flush(void) {}

uint64_t pcache_place_hint(int fd, uint64_t len, int prot)
{
    (void)fd;
    (void)len;
    (void)prot;
    return 0;
}

void guest_exit(int status)
{
    exit(status);
}

/* Guest threads (linux-user/thread.c) would run translated code. */
void tcg_cpu_exec(void *env)
{
    (void)env;
    abort();
}

void tcg_exec_thread_exit(void) {}

/* -d stats is not turned on in these tests. */
void tcg_log_stats(void) {}

/* Faults in translated code (tcg/): none happen in these tests. */
bool tb_restore_fault_state(void *host_ucontext, TBFault *fault)
{
    (void)host_ucontext;
    (void)fault;
    return false;
}

void tcg_exec_fault_return(void)
{
    abort();
}

/* User mode's code pages (tcg/user_pages.c). */
void user_pages_lock(void) {}
void user_pages_unlock(void) {}
void user_pages_unmap(uint64_t start, uint64_t len)
{
    (void)start;
    (void)len;
}
void user_pages_protect(uint64_t start, uint64_t len, int prot)
{
    (void)start;
    (void)len;
    (void)prot;
}
bool user_pages_write_fault(uint64_t addr)
{
    (void)addr;
    return false;
}
void user_pages_init(int (*fn)(uint64_t addr), uintptr_t base)
{
    (void)fn;
    (void)base;
}
bool user_pages_unprotect_all(void)
{
    return false;
}

/* The translators' hooks (target-arm/). */
const struct TCGTargetOps arm_a64_tcg_ops, arm_a32_tcg_ops;
void tb_invalidate_page(uint64_t addr)
{
    (void)addr;
}
/* Guarded pages (target-arm/cpu.h): recorded, nothing is translated. */
bool arm_bti_active;
void tb_request_flush(void) {}

/* The gdb stub (linux-user/gdbstub.c): never attached here. */
bool gdbstub_active;
void gdbstub_cpu_exec(GuestThread *t)
{
    tcg_cpu_exec(&t->env);
}
int gdbstub_signal(GuestThread *t, const GuestSiginfo *info)
{
    (void)t;
    return info->signo;
}
void gdbstub_thread_start(GuestThread *t)
{
    (void)t;
}
void gdbstub_thread_exit(GuestThread *t)
{
    (void)t;
}
void gdbstub_exited(int status)
{
    (void)status;
}
void gdbstub_killed(int sig)
{
    (void)sig;
}
void gdbstub_after_fork(void) {}
void gdbstub_before_fork(GuestThread *t, bool vfork)
{
    (void)t;
    (void)vfork;
}
void gdbstub_after_fork_parent(GuestThread *t, int child, uint64_t newsp,
                               bool set_tls, uint64_t tls)
{
    (void)t;
    (void)child;
    (void)newsp;
    (void)set_tls;
    (void)tls;
}
bool gdbstub_follows_vfork(GuestThread *t)
{
    (void)t;
    return false;
}
bool gdbstub_follows_exec(void)
{
    return false;
}
const char *gdbstub_exec_begin(void)
{
    return NULL;
}
void gdbstub_exec_failed(void) {}
