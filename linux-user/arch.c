/*
 * The guest architecture the loader chose, and linux-user/arch.h's calls
 * forwarded to it.
 */
#include "linux-user/arch.h"

#include "linux-user/thread.h"

const GuestArch *guest_arch = &arch_aarch64;

void cpu_loop(GuestThread *t)
{
    guest_arch->cpu_loop(t);
    __builtin_unreachable();
}

void arch_start_thread(GuestThread *t, uint64_t entry, uint64_t sp)
{
    guest_arch->start_thread(t, entry, sp);
}

uint64_t arch_stack_pointer(const GuestThread *t)
{
    return guest_arch->stack_pointer(t);
}

void arch_clone_regs(GuestThread *child, uint64_t newsp, bool set_tls,
                     uint64_t tls)
{
    guest_arch->clone_regs(child, newsp, set_tls, tls);
}

uint64_t arch_syscall_result_now(const GuestThread *t)
{
    return guest_arch->syscall_result_now(t);
}

bool arch_syscall_note_restart(GuestThread *t)
{
    return guest_arch->syscall_note_restart(t);
}

bool arch_syscall_at_restart(const GuestThread *t)
{
    return guest_arch->syscall_at_restart(t);
}

void arch_syscall_restart(GuestThread *t)
{
    guest_arch->syscall_restart(t);
}

void arch_signal_setup_frame(GuestThread *t, const SignalFrame *f)
{
    guest_arch->signal_setup_frame(t, f);
}

bool arch_signal_restore_frame(GuestThread *t, uint64_t *mask,
                               GuestStack *altstack)
{
    return guest_arch->signal_restore_frame(t, mask, altstack);
}

void arch_cpu_fault(void *cpu, uint64_t pc, int sig, int si_code, uint64_t addr,
                    bool is_write)
{
    guest_arch->cpu_fault(cpu, pc, sig, si_code, addr, is_write);
}

uint64_t arch_signal_write_trampoline(void *page)
{
    return guest_arch->signal_write_trampoline(page);
}
