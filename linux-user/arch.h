/*
 * The per-architecture interface of linux-user/: what a guest
 * architecture's folder (aarch64/ today, arm/ for armhf later) gives the
 * generic process model. Generic code names no guest register; it goes
 * through these. One architecture is linked into a binary.
 */
#ifndef ARX_LINUX_USER_ARCH_H
#define ARX_LINUX_USER_ARCH_H

#include <stdbool.h>
#include <stdint.h>

#include "linux-user/user.h"

/* ---- registers and the syscall ABI (<arch>/cpu_loop.c) ---- */

/* The guest stack pointer. */
uint64_t arch_stack_pointer(const GuestThread *t);

/*
 * The registers of a clone or fork child, copied from its parent: the
 * syscall returns 0 in it; its stack pointer becomes newsp unless that is
 * 0, its thread pointer tls when set_tls (CLONE_SETTLS).
 */
void arch_clone_regs(GuestThread *child, uint64_t newsp, bool set_tls,
                     uint64_t tls);

/*
 * What the syscall result register holds now. A syscall that replaces
 * every register (rt_sigreturn) returns it, so that writing the result
 * changes nothing.
 */
uint64_t arch_syscall_result_now(const GuestThread *t);

/*
 * Restarting a guest syscall a signal cut short (the kernel's
 * -ERESTARTSYS). From a host handler: arch_syscall_note_restart records
 * in t->signals how to run again the syscall t is in, or returns false
 * when t is not in one. Once the syscall has returned,
 * arch_syscall_at_restart tells whether it is the recorded one and it
 * failed with -EINTR; arch_syscall_restart rewinds t onto it with its
 * arguments.
 */
bool arch_syscall_note_restart(GuestThread *t);
bool arch_syscall_at_restart(const GuestThread *t);
void arch_syscall_restart(GuestThread *t);

#endif
