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

/* The kuser helpers page (0xffff0000, "[vectors]"): its 4 KiB of A32
 * code as the kernel provides it (linux-user/arm/kuser.c). */
#define ARM_KUSER_PAGE 0xffff0000ull
void arm_kuser_write(void *page);

#endif
