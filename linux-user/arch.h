/*
 * The per-architecture interface of linux-user/: what a guest
 * architecture's folder (aarch64/, arm/) gives the generic process model,
 * so that generic code needs no guest register names. Both are linked
 * into arx; the loader chooses one from the ELF header (guest_arch) before
 * any guest code runs, and the arch_* calls below go to it.
 */
#ifndef ARX_LINUX_USER_ARCH_H
#define ARX_LINUX_USER_ARCH_H

#include <stdbool.h>
#include <stdint.h>

#include "linux-user/signal.h"
#include "linux-user/user.h"

/* ---- registers and the syscall ABI (<arch>/cpu_loop.c) ---- */

/* The main thread's registers at the program's entry point, with sp at
 * argc, as the kernel's start_thread() leaves them. */
void arch_start_thread(GuestThread *t, uint64_t entry, uint64_t sp);

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

/* ---- signal frames (<arch>/signal.c; constants in <arch>/target_signal.h,
 * among them ARCH_MINSIGSTKSZ, the smallest sigaltstack and the auxv's
 * AT_MINSIGSTKSZ) ---- */

/* A frame to build: what the handler gets and what sigreturn restores. */
typedef struct SignalFrame {
    int sig;
    const GuestSigaction *act; /* handler, flags, restorer */
    const GuestSiginfo *info;
    uint64_t stack_top;     /* the frame goes below: sp or the altstack's top */
    GuestStack altstack;    /* saved as the frame's uc_stack */
    uint64_t saved_mask;    /* what sigreturn restores */
    uint64_t fault_address; /* for faults, else 0 */
    uint64_t fault_syndrome; /* for faults (arm64: the ESR), else 0 */
    uint64_t trampoline;     /* return address without SA_RESTORER */
} SignalFrame;

/* Writes f's frame to guest memory and points t's registers at the
 * handler. */
void arch_signal_setup_frame(GuestThread *t, const SignalFrame *f);

/*
 * rt_sigreturn from the frame at t's stack pointer: restores t's registers
 * and gives the mask and altstack the frame holds. False (t unchanged)
 * when the frame is corrupt.
 */
bool arch_signal_restore_frame(GuestThread *t, uint64_t *mask,
                               GuestStack *altstack);

/*
 * A host fault at a guest access in translated code, whose guest state
 * tb_restore_fault_state rebuilt in cpu at guest pc: records the
 * exception (guest signal sig, si_code, address, and whether the access
 * wrote) so that the CPU loop raises it and the frame reports it.
 */
void arch_cpu_fault(void *cpu, uint64_t pc, int sig, int si_code, uint64_t addr,
                    bool is_write);

/* Writes the sigreturn trampoline at the start of page (the host address
 * of a guest page); returns the offset of its entry point. */
uint64_t arch_signal_write_trampoline(void *page);

/* ---- the choice ---- */

typedef struct GuestArch {
    const char *name; /* "aarch64", "arm" */
    const struct TCGTargetOps *tcg_ops;
    /* The smallest sigaltstack (uapi MINSIGSTKSZ), also AT_MINSIGSTKSZ. */
    uint32_t minsigstksz;
    void (*cpu_loop)(GuestThread *t); /* never returns */
    void (*start_thread)(GuestThread *t, uint64_t entry, uint64_t sp);
    uint64_t (*stack_pointer)(const GuestThread *t);
    void (*clone_regs)(GuestThread *child, uint64_t newsp, bool set_tls,
                       uint64_t tls);
    uint64_t (*syscall_result_now)(const GuestThread *t);
    bool (*syscall_note_restart)(GuestThread *t);
    bool (*syscall_at_restart)(const GuestThread *t);
    void (*syscall_restart)(GuestThread *t);
    void (*signal_setup_frame)(GuestThread *t, const SignalFrame *f);
    bool (*signal_restore_frame)(GuestThread *t, uint64_t *mask,
                                 GuestStack *altstack);
    void (*cpu_fault)(void *cpu, uint64_t pc, int sig, int si_code,
                      uint64_t addr, bool is_write);
    uint64_t (*signal_write_trampoline)(void *page);
    /* What the process gets besides its ELF images before it starts (arm:
     * the kuser helpers page). May be NULL. */
    void (*process_init)(void);
} GuestArch;

extern const GuestArch arch_aarch64; /* linux-user/aarch64/ */
extern const GuestArch arch_arm;     /* linux-user/arm/ */
/* The guest's architecture: arch_aarch64 until the loader says otherwise. */
extern const GuestArch *guest_arch;

#define ARCH_MINSIGSTKSZ (guest_arch->minsigstksz)

#endif
