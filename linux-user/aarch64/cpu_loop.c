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

#include "linux-user/aarch64/aarch64.h"
#include "linux-user/aarch64/target_signal.h"
#include "linux-user/gdbstub.h"
#include "linux-user/signal.h"
#include "linux-user/thread.h"
#include "target-arm/helper_fp.h"
#include "target-arm/sve.h"
#include "tcg/exec.h"
#include "util/log.h"

static void aarch64_start_thread(GuestThread *t, uint64_t entry, uint64_t sp)
{
    t->env.pc = entry;
    t->env.x[31] = sp;
    t->env.exclusive_addr = UINT64_MAX;
    /* FPSR starts clear: no host flag arx's start-up raised is pending. */
    fp_fpsr_write(&t->env, 0);
    arm_pauth_exec_keys(&t->env);
    arm_sve_exec_start(&t->env);
}

static uint64_t aarch64_stack_pointer(const GuestThread *t)
{
    return t->env.x[31];
}

static void aarch64_clone_regs(GuestThread *child, uint64_t newsp, bool set_tls,
                               uint64_t tls)
{
    child->env.x[0] = 0;
    /* A parent's pending tag check fault is its own. */
    child->env.mte_async_fault = 0;
    if (newsp)
        child->env.x[31] = newsp;
    if (set_tls)
        child->env.tpidr_el0 = tls;
}

static uint64_t aarch64_syscall_result_now(const GuestThread *t)
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

static bool aarch64_syscall_note_restart(GuestThread *t)
{
    if (!aarch64_in_syscall(t))
        return false;
    t->signals.restart_pc = t->env.pc;
    t->signals.restart_x0 = t->env.x[0];
    return true;
}

static bool aarch64_syscall_at_restart(const GuestThread *t)
{
    return t->signals.restart_pc == t->env.pc &&
           t->env.x[0] == (uint64_t)-EINTR;
}

/* x0 is both the first argument and the result the syscall overwrote. */
static void aarch64_syscall_restart(GuestThread *t)
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
    AARCH64_ESR_EC_FPAC = 0x1c,
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

/* arm64's si_codes of tag check faults (uapi asm-generic/siginfo.h). */
enum {
    AARCH64_SEGV_MTEAERR = 8,
    AARCH64_SEGV_MTESERR = 9,
    AARCH64_ESR_EC_DABT_LOWER = 0x24,
    AARCH64_ESR_WNR = 1u << 6,
    AARCH64_FSC_TAG_CHECK = 0x11,
};

/* A synchronous tag check fault: SIGSEGV with the access's address, as
 * Linux's do_tag_check_fault (the tag byte hidden unless the handler has
 * SA_EXPOSE_TAGBITS, signal.c). */
static void aarch64_mte_sync_fault(GuestThread *t)
{
    t->env.mte_fail = 0;
    t->signals.fault_esr = AARCH64_ESR_EC_DABT_LOWER << 26 | AARCH64_ESR_IL |
                           (t->env.excp_syndrome ? AARCH64_ESR_WNR : 0) |
                           AARCH64_FSC_TAG_CHECK;
    signal_raise_sync(t, SIGSEGV, AARCH64_SEGV_MTESERR, t->env.fault_addr);
}

/* An asynchronous tag check fault happened since the last exit from
 * translated code (TFSRE0_EL1.TF0): SIGSEGV, SEGV_MTEAERR, no address,
 * once the accesses and any syscall are done. */
static void aarch64_mte_async_fault(GuestThread *t)
{
    if (!t->env.mte_async_fault)
        return;
    t->env.mte_async_fault = 0;
    signal_raise_sync(t, SIGSEGV, AARCH64_SEGV_MTEAERR, 0);
}

static void __attribute__((noreturn)) aarch64_cpu_loop(GuestThread *thread)
{
    CPUARMState *env = &thread->env;

    for (;;) {
        gdbstub_cpu_exec(thread);
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
        case EXCP_BTI: /* as do_el0_bti: no ESR record */
            signal_raise_sync(thread, SIGILL, ILL_ILLOPC, env->pc);
            break;
        case EXCP_PAUTH: /* Linux's do_el0_fpac */
            thread->signals.fault_esr =
                AARCH64_ESR_EC_FPAC << 26 | AARCH64_ESR_IL | env->excp_syndrome;
            signal_raise_sync(thread, SIGILL, ILL_ILLOPN, env->pc);
            break;
        case EXCP_MTE: aarch64_mte_sync_fault(thread); break;
        default: /* EXCP_ALIGN: a branch to a misaligned pc */
            thread->signals.fault_esr =
                AARCH64_ESR_EC_PC_ALIGN << 26 | AARCH64_ESR_IL;
            signal_raise_sync(thread, SIGBUS, BUS_ADRALN, env->pc);
            break;
        }
        aarch64_mte_async_fault(thread);
    }
}

const GuestArch arch_aarch64 = {
    .name = "aarch64",
    .tcg_ops = &arm_a64_tcg_ops,
    .minsigstksz = AARCH64_MINSIGSTKSZ,
    .cpu_loop = aarch64_cpu_loop,
    .start_thread = aarch64_start_thread,
    .stack_pointer = aarch64_stack_pointer,
    .clone_regs = aarch64_clone_regs,
    .syscall_result_now = aarch64_syscall_result_now,
    .syscall_note_restart = aarch64_syscall_note_restart,
    .syscall_at_restart = aarch64_syscall_at_restart,
    .syscall_restart = aarch64_syscall_restart,
    .signal_setup_frame = aarch64_signal_setup_frame,
    .signal_restore_frame = aarch64_signal_restore_frame,
    .cpu_fault = aarch64_cpu_fault,
    .signal_write_trampoline = aarch64_signal_write_trampoline,
};
