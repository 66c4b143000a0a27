/*
 * What linux-user/aarch64/signal.c gives cpu_loop.c, which holds the
 * arch_aarch64 table (linux-user/arch.h).
 */
#ifndef ARX_LINUX_USER_AARCH64_AARCH64_H
#define ARX_LINUX_USER_AARCH64_AARCH64_H

#include "linux-user/arch.h"

void aarch64_signal_setup_frame(GuestThread *t, const SignalFrame *f);
bool aarch64_signal_restore_frame(GuestThread *t, uint64_t *mask,
                                  GuestStack *altstack);
void aarch64_cpu_fault(void *cpu, uint64_t pc, int sig, int si_code,
                       uint64_t addr, bool is_write);
uint64_t aarch64_signal_write_trampoline(void *page);

#endif
