/*
 * A vCPU of arx-system: the A64 CPU state with its SoftMMU TLB, one host
 * thread running it, its generic timer's host thread, and its power
 * state (PSCI). The CPU loop turns the target's exits into exceptions,
 * interrupts, PSCI calls and WFI sleeps.
 */
#ifndef ARX_SYSTEM_VCPU_H
#define ARX_SYSTEM_VCPU_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "target-arm/cpu.h"
#include "tcg/softmmu.h"

typedef struct ArmSysCPU {
    CPUARMState env; /* first: env and vCPU convert both ways */
    SoftTLB tlb;
    int index; /* MPIDR_EL1.Aff0, the GIC's CPU interface */
    pthread_t thread;
    /* Guards the fields below and the sleeps of WFI and power-off. */
    pthread_mutex_t lock;
    pthread_cond_t wake;
    bool powered;       /* PSCI: running, else waiting for CPU_ON */
    bool start_pending; /* CPU_ON: start at start_pc with x0 */
    uint64_t start_pc, start_x0;
    bool kicked;  /* a wake-up a sleeping WFI must not miss */
    bool in_wfe;  /* asleep in WFE: vcpu_wake_wfe signals wake */
    bool stepped; /* software step: an instruction ran since the last one */
    /* The pages last filled with a watchpoint on them (va, pa). */
    uint64_t watch_va[2], watch_pa[2];
    unsigned nwatch;
    /* TLB maintenance other vCPUs asked for (TLBI ...IS), under the
     * requests lock of vcpu.c: done_seq reaches req_seq once done. */
    uint64_t req_seq, done_seq;
    bool req_flush_all;
    uint64_t req_pages[16];
    int req_npages;
    /* The generic timer: outputs as last told to the GIC (under
     * timer_lock, which orders the vCPU's and the timer thread's
     * updates); the thread that raises them on time. */
    pthread_mutex_t timer_lock;
    bool timer_level[2]; /* [0] physical, [1] virtual */
    pthread_t timer_thread;
    pthread_cond_t timer_wake;
} ArmSysCPU;

static inline ArmSysCPU *vcpu_of(CPUARMState *env)
{
    return (ArmSysCPU *)env;
}

/* Creates vCPU index (powered when it is the boot CPU, at entry with x0). */
ArmSysCPU *vcpu_new(int index, bool boot, uint64_t entry, uint64_t x0);
/* Starts its host threads. */
void vcpu_start(ArmSysCPU *cpu);
/* Makes it leave translated code or a sleep soon. Any thread. */
void vcpu_kick(ArmSysCPU *cpu);
/* Wakes the vCPUs asleep in WFE to look at their wake conditions again
 * (an SEV, a write to a monitored page). Any thread. */
void vcpu_wake_wfe(void);
/* The GIC's IRQ and FIQ lines to the vCPU (IrqLine callbacks). */
void vcpu_irq_line(void *cpu, int line, bool level);
void vcpu_fiq_line(void *cpu, int line, bool level);
/* Sets up the target and the SoftMMU for system mode, once. */
void vcpu_init_accelerator(void);

#endif
