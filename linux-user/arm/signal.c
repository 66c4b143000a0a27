/*
 * arm (EABI) signal frames: not yet written. Delivery of a caught signal
 * kills the process with a message.
 */
#include "linux-user/arm/arm.h"

#include <stdlib.h>
#include <string.h>

#include "util/log.h"

void arm_signal_setup_frame(GuestThread *t, const SignalFrame *f)
{
    (void)t;
    arx_fatal("signal %d: arm signal frames are not implemented yet", f->sig);
}

bool arm_signal_restore_frame(GuestThread *t, uint64_t *mask,
                              GuestStack *altstack)
{
    (void)t;
    (void)mask;
    (void)altstack;
    return false;
}

void arm_cpu_fault(void *cpu, uint64_t pc, int sig, int si_code, uint64_t addr,
                   bool is_write)
{
    CPUARMState *env = cpu;

    (void)is_write;
    env->pc = pc;
    env->exception = EXCP_FAULT;
    env->fault_signal = sig;
    env->fault_code = si_code;
    env->fault_addr = addr;
}

uint64_t arm_signal_write_trampoline(void *page)
{
    (void)page;
    return 0;
}
