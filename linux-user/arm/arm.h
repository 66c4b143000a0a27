/*
 * What linux-user/arm/signal.c gives cpu_loop.c, which holds the
 * arch_arm table (linux-user/arch.h), and the armhf constants.
 */
#ifndef ARX_LINUX_USER_ARM_ARM_H
#define ARX_LINUX_USER_ARM_ARM_H

#include "linux-user/arch.h"

/* uapi MINSIGSTKSZ of arm. */
#define ARM_MINSIGSTKSZ 2048u

void arm_signal_setup_frame(GuestThread *t, const SignalFrame *f);
bool arm_signal_restore_frame(GuestThread *t, uint64_t *mask,
                              GuestStack *altstack);
void arm_cpu_fault(void *cpu, uint64_t pc, int sig, int si_code, uint64_t addr,
                   bool is_write);
uint64_t arm_signal_write_trampoline(void *page);

/*
 * sigreturn (nr 119, frames of handlers without SA_SIGINFO): restores the
 * registers and the mask from the sigframe at sp, leaves the altstack;
 * a corrupt frame raises SIGSEGV. Returns r0 as restored (the syscall's
 * result, so that writing it changes nothing). rt_sigreturn (173) is the
 * generic signal_return, which calls arm_signal_restore_frame.
 */
int64_t arm_sys_sigreturn(GuestThread *t);

/* Writes a 128-byte 32-bit (arm) siginfo_t at guest from the 64-bit
 * layout arx and the host kernel use (for frames, waitid, sigtimedwait). */
void arm_siginfo_from_host(void *guest, const GuestSiginfo *in);

/* The kuser helpers page (0xffff0000, "[vectors]", linux-user/arm/kuser.c)
 * and its entry points. */
#define ARM_KUSER_PAGE 0xffff0000ull
#define ARM_KUSER_CMPXCHG64 0xffff0f60u
#define ARM_KUSER_MEMORY_BARRIER 0xffff0fa0u
#define ARM_KUSER_CMPXCHG 0xffff0fc0u
#define ARM_KUSER_GET_TLS 0xffff0fe0u
#define ARM_KUSER_HELPER_VERSION 0xffff0ffcu
/* Fills page (4 KiB, the host address of guest ARM_KUSER_PAGE, mapped
 * read+exec by the loader) with the helpers' code and version word (5). */
void arm_kuser_write(void *page);

#endif
