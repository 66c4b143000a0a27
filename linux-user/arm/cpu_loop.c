/*
 * The arm (EABI) CPU loop and syscall ABI: turns exits from translated
 * code into syscalls (number in r7, arguments in r0-r6, result in r0)
 * and signals, and implements linux-user/arch.h's register accessors for
 * an AArch32 guest. Must not decide what a signal does (linux-user/
 * signal.c does).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <signal.h>

#include <sys/mman.h>

#include "linux-user/arm/arm.h"
#include "linux-user/vma.h"
#include "linux-user/gdbstub.h"
#include "linux-user/signal.h"
#include "linux-user/thread.h"
#include "tcg/exec.h"
#include "tcg/tb.h"
#include "util/log.h"

static void arm_start_thread(GuestThread *t, uint64_t entry, uint64_t sp)
{
    t->env.pc = entry & ~1ull;
    t->env.thumb = entry & 1;
    t->env.x[13] = sp;
    t->env.exclusive_addr = UINT64_MAX;
    cpu_set_nzcv(&t->env, 0); /* the kernel starts a process with NZCV clear */
}

static uint64_t arm_stack_pointer(const GuestThread *t)
{
    return t->env.x[13];
}

static void arm_clone_regs(GuestThread *child, uint64_t newsp, bool set_tls,
                           uint64_t tls)
{
    child->env.x[0] = 0;
    if (newsp)
        child->env.x[13] = (uint32_t)newsp;
    if (set_tls)
        child->env.tpidrro_el0 = (uint32_t)tls;
}

static uint64_t arm_syscall_result_now(const GuestThread *t)
{
    return t->env.x[0];
}

/* The size of the SVC before pc: 2 in T32, 4 in A32. */
static unsigned svc_size(const GuestThread *t)
{
    return t->env.thumb ? 2 : 4;
}

/* Whether the insn before pc is an SVC (read only when it lies in pc's
 * page, so the read cannot fault). */
static bool arm_in_syscall(const GuestThread *t)
{
    uint64_t pc = t->env.pc;

    if ((pc & (GUEST_PAGE_SIZE - 1)) < svc_size(t))
        return false;
    if (t->env.thumb)
        return (*(const uint16_t *)g2h(pc - 2) & 0xff00) == 0xdf00;
    return (*(const uint32_t *)g2h(pc - 4) & 0x0f000000) == 0x0f000000;
}

static bool arm_syscall_note_restart(GuestThread *t)
{
    if (!arm_in_syscall(t))
        return false;
    t->signals.restart_pc = t->env.pc;
    t->signals.restart_x0 = t->env.x[0];
    return true;
}

static bool arm_syscall_at_restart(const GuestThread *t)
{
    return t->signals.restart_pc == t->env.pc &&
           (uint32_t)t->env.x[0] == (uint32_t)-EINTR;
}

static void arm_syscall_restart(GuestThread *t)
{
    t->env.pc -= svc_size(t);
    t->env.x[0] = t->signals.restart_x0;
}

/* The private ARM syscalls (0xf0000 + n). */
enum {
    ARM_NR_BASE = 0xf0000,
    ARM_NR_breakpoint = ARM_NR_BASE + 1,
    ARM_NR_cacheflush = ARM_NR_BASE + 2,
    ARM_NR_usr26 = ARM_NR_BASE + 3,
    ARM_NR_usr32 = ARM_NR_BASE + 4,
    ARM_NR_set_tls = ARM_NR_BASE + 5,
    ARM_NR_get_tls = ARM_NR_BASE + 6,
};

/* cacheflush(start, end, flags): translated code of the range is
 * dropped, as IC IVAU drops it. */
static int64_t arm_cacheflush(uint64_t start, uint64_t end)
{
    if (end < start)
        return -EINVAL;
    for (uint64_t p = start & ~(GUEST_PAGE_SIZE - 1); p < end;
         p += GUEST_PAGE_SIZE)
        tb_invalidate_page(p);
    return 0;
}

static void arm_syscall(GuestThread *t)
{
    CPUARMState *env = &t->env;
    uint64_t nr = (uint32_t)env->x[7];
    uint64_t args[7];
    int64_t ret;

    for (int i = 0; i < 7; i++)
        args[i] = (uint32_t)env->x[i];
    switch (nr) {
    case ARM_NR_set_tls:
        env->tpidrro_el0 = args[0];
        ret = 0;
        break;
    case ARM_NR_get_tls: ret = (int64_t)env->tpidrro_el0; break;
    case ARM_NR_cacheflush: ret = arm_cacheflush(args[0], args[1]); break;
    case ARM_NR_breakpoint:
        signal_raise_sync(t, SIGTRAP, TRAP_BRKPT, env->pc);
        return;
    default:
        if (nr >= ARM_NR_BASE && nr < ARM_NR_BASE + 0x800)
            ret = -ENOSYS;
        else
            ret = do_syscall_arm(t, nr, args);
        break;
    }
    env->x[0] = (uint32_t)ret;
}

static void arm_cpu_loop(GuestThread *thread)
{
    CPUARMState *env = &thread->env;

    for (;;) {
        gdbstub_cpu_exec(thread);
        uint32_t excp = env->exception;
        env->exception = EXCP_NONE;
        switch (excp) {
        case EXCP_NONE: signal_deliver_pending(thread); break;
        case EXCP_SVC:
            arm_syscall(thread);
            signal_deliver_pending(thread);
            break;
        case EXCP_UDEF:
            if (log_enabled(LOG_UNIMP))
                arx_log("arx: SIGILL: undefined instruction 0x%08x at pc "
                        "0x%llx\n",
                        env->excp_syndrome, (unsigned long long)env->pc);
            signal_raise_sync(thread, SIGILL, ILL_ILLOPC, env->pc);
            break;
        case EXCP_FAULT:
            signal_raise_sync(thread, env->fault_signal, env->fault_code,
                              env->fault_addr);
            break;
        case EXCP_BRK: /* BKPT */
            signal_raise_sync(thread, SIGTRAP, TRAP_BRKPT, env->pc);
            break;
        case EXCP_PREFETCH_ABORT:
            signal_raise_sync(thread, SIGSEGV,
                              env->excp_syndrome == ARM_FETCH_DENIED
                                  ? SEGV_ACCERR
                                  : SEGV_MAPERR,
                              env->pc);
            break;
        default: /* EXCP_ALIGN: a branch to a misaligned pc */
            signal_raise_sync(thread, SIGBUS, BUS_ADRALN, env->pc);
            break;
        }
    }
}

/* The vectors page with the kuser helpers, read and execute only, as an
 * arm64 kernel maps it for a compat task. */
static void arm_process_init(void)
{
    void *page =
        mmap(g2h(ARM_KUSER_PAGE), GUEST_PAGE_SIZE, PROT_READ | PROT_WRITE,
             MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);

    if (page == MAP_FAILED)
        arx_fatal("cannot map the kuser helpers page");
    arm_kuser_write(page);
    mprotect(page, GUEST_PAGE_SIZE, PROT_READ | PROT_EXEC);
    vma_map_anon(ARM_KUSER_PAGE, GUEST_PAGE_SIZE, PROT_READ | PROT_EXEC, false,
                 "[vectors]");
}

const GuestArch arch_arm = {
    .name = "arm",
    .tcg_ops = &arm_a32_tcg_ops,
    .minsigstksz = ARM_MINSIGSTKSZ,
    .cpu_loop = arm_cpu_loop,
    .start_thread = arm_start_thread,
    .stack_pointer = arm_stack_pointer,
    .clone_regs = arm_clone_regs,
    .syscall_result_now = arm_syscall_result_now,
    .syscall_note_restart = arm_syscall_note_restart,
    .syscall_at_restart = arm_syscall_at_restart,
    .syscall_restart = arm_syscall_restart,
    .signal_setup_frame = arm_signal_setup_frame,
    .signal_restore_frame = arm_signal_restore_frame,
    .cpu_fault = arm_cpu_fault,
    .signal_write_trampoline = arm_signal_write_trampoline,
    .process_init = arm_process_init,
};
