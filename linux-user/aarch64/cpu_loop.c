/*
 * The arm64 CPU loop and syscall ABI: turns exits from translated code
 * into syscalls (number in x8, arguments in x0-x5, result in x0) and
 * signals, and implements linux-user/arch.h's register accessors. Must not
 * decide what a signal does (linux-user/signal.c does).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <signal.h>

#include "linux-user/arch.h"
#include "linux-user/signal.h"
#include "linux-user/thread.h"
#include "target-arm/helper_fp.h"
#include "tcg/exec.h"
#include "util/log.h"

void arch_start_thread(GuestThread *t, uint64_t entry, uint64_t sp)
{
    t->env.pc = entry;
    t->env.x[31] = sp;
    t->env.exclusive_addr = UINT64_MAX;
    /* FPSR starts clear: no host flag arx's start-up raised is pending. */
    fp_fpsr_write(&t->env, 0);
}

uint64_t arch_stack_pointer(const GuestThread *t)
{
    return t->env.x[31];
}

void arch_clone_regs(GuestThread *child, uint64_t newsp, bool set_tls,
                     uint64_t tls)
{
    child->env.x[0] = 0;
    if (newsp)
        child->env.x[31] = newsp;
    if (set_tls)
        child->env.tpidr_el0 = tls;
}

uint64_t arch_syscall_result_now(const GuestThread *t)
{
    return t->env.x[0];
}

/* A64 SVC #imm16. */
static bool aarch64_is_svc(uint32_t insn)
{
    return (insn & 0xffe0001fu) == 0xd4000001u;
}

/*
 * Whether t is inside a guest syscall: its pc follows an SVC. Only read
 * when pc is not the first word of a page, so the read cannot fault.
 */
static bool aarch64_in_syscall(const GuestThread *t)
{
    uint64_t pc = t->env.pc;

    return (pc & (GUEST_PAGE_SIZE - 1)) != 0 &&
           aarch64_is_svc(*(const uint32_t *)g2h(pc - 4));
}

bool arch_syscall_note_restart(GuestThread *t)
{
    if (!aarch64_in_syscall(t))
        return false;
    t->signals.restart_pc = t->env.pc;
    t->signals.restart_x0 = t->env.x[0];
    return true;
}

bool arch_syscall_at_restart(const GuestThread *t)
{
    return t->signals.restart_pc == t->env.pc &&
           t->env.x[0] == (uint64_t)-EINTR;
}

/* x0 is both the first argument and the result the syscall overwrote. */
void arch_syscall_restart(GuestThread *t)
{
    t->env.pc -= 4;
    t->env.x[0] = t->signals.restart_x0;
}

/* x0-x5 are the first words of env->x: the arguments are read in place. */
static void aarch64_syscall(GuestThread *t)
{
    CPUARMState *env = &t->env;

    env->x[0] = (uint64_t)do_syscall(t, env->x[8], env->x);
}

/* Exception classes and fields of the ESR arm64 Linux reports. */
enum {
    AARCH64_ESR_EC_IABT_LOWER = 0x20,
    AARCH64_ESR_EC_PC_ALIGN = 0x22,
    AARCH64_ESR_IL = 1u << 25,
    AARCH64_FSC_TRANSLATION_L3 = 0x07,
    AARCH64_FSC_PERMISSION_L3 = 0x0f,
};

/* An instruction abort at pc: SIGSEGV with the fetch address, as Linux
 * reports a fetch from an unmapped or non-executable page. */
static void aarch64_prefetch_abort(GuestThread *t)
{
    bool denied = t->env.excp_syndrome == ARM_FETCH_DENIED;

    t->signals.fault_esr =
        AARCH64_ESR_EC_IABT_LOWER << 26 | AARCH64_ESR_IL |
        (denied ? AARCH64_FSC_PERMISSION_L3 : AARCH64_FSC_TRANSLATION_L3);
    signal_raise_sync(t, SIGSEGV, denied ? SEGV_ACCERR : SEGV_MAPERR,
                      t->env.pc);
}

void cpu_loop(GuestThread *thread)
{
    CPUARMState *env = &thread->env;

    for (;;) {
        tcg_cpu_exec(env);
        uint32_t excp = env->exception;
        env->exception = EXCP_NONE;
        switch (excp) {
        case EXCP_NONE: /* exit_request, once translated code polls it */
            signal_deliver_pending(thread);
            break;
        case EXCP_SVC:
            aarch64_syscall(thread);
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
        case EXCP_BRK:
            signal_raise_sync(thread, SIGTRAP, TRAP_BRKPT, env->pc);
            break;
        case EXCP_HLT: /* HLT is UNDEFINED at EL0 */
            signal_raise_sync(thread, SIGILL, ILL_ILLOPC, env->pc);
            break;
        case EXCP_PREFETCH_ABORT: aarch64_prefetch_abort(thread); break;
        default: /* EXCP_ALIGN: a branch to a misaligned pc */
            thread->signals.fault_esr =
                AARCH64_ESR_EC_PC_ALIGN << 26 | AARCH64_ESR_IL;
            signal_raise_sync(thread, SIGBUS, BUS_ADRALN, env->pc);
            break;
        }
    }
}
