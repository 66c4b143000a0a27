/*
 * The EL1&0 side of the A64 target for arx-system: exception entry and
 * return, PSTATE writes, the system registers of EL1, the generic timer's
 * registers. Knows no board and no host: what it needs of the system
 * mode (TLB maintenance, the timer's outputs, address translation) it
 * asks through ArmSysHooks.
 */
#ifndef ARX_TARGET_ARM_SYS_H
#define ARX_TARGET_ARM_SYS_H

#include <stdbool.h>
#include <stdint.h>

#include "target-arm/cpu.h"

/* MMU indexes (tcg/softmmu.h): the translation regimes a block's accesses
 * use, from its flags. */
enum {
    ARM_MMU_EL0 = 0,
    ARM_MMU_EL1 = 1,
    ARM_MMU_EL1_PAN = 2,
};

/* Block flags in system mode: bit 0 EL1, bit 1 PSTATE.PAN. */
#define ARM_TBFLAG_EL1 1u
#define ARM_TBFLAG_PAN 2u

typedef struct ArmSysHooks {
    /* TLBI: every entry, or the page of va, of this CPU or (is) of every
     * CPU in the inner shareable domain. */
    void (*tlb_flush)(CPUARMState *env, bool is);
    void (*tlb_flush_page)(CPUARMState *env, uint64_t va, bool is);
    /* A timer register changed: outputs and deadline must be redone. */
    void (*timer_changed)(CPUARMState *env);
    /* LDXR and STXR of one register (size log2): the value, and the
     * status (0 stored, 1 not); the monitor tracks the other CPUs. A
     * fault leaves through the call site of retaddr (the helper's). */
    uint64_t (*load_exclusive)(CPUARMState *env, uint64_t addr, unsigned size,
                               uintptr_t retaddr);
    uint64_t (*store_exclusive)(CPUARMState *env, uint64_t addr, unsigned size,
                                uint64_t value);
    /* SEV: sets the event register of every CPU and wakes their WFE. */
    void (*send_event)(CPUARMState *env);
    /* AT S1E*: PAR_EL1's value for va translated at el. */
    uint64_t (*address_translate)(CPUARMState *env, uint64_t va, int el,
                                  bool write);
} ArmSysHooks;

/* Turns the A64 target into its system-mode form: the translator emits
 * EL1 instructions, blocks carry EL and PAN in their flags. */
void arm_sys_init(const ArmSysHooks *hooks);
extern bool arm_system_mode;
extern const ArmSysHooks *arm_sys_hooks;

static inline int arm_current_el(const CPUARMState *env)
{
    return (int)((env->sys.pstate & PSTATE_EL_MASK) >> PSTATE_EL_SHIFT);
}

static inline int arm_mmu_index(const CPUARMState *env)
{
    if (arm_current_el(env) == 0)
        return ARM_MMU_EL0;
    return (env->sys.pstate & PSTATE_PAN) ? ARM_MMU_EL1_PAN : ARM_MMU_EL1;
}

/* The CPU at reset: EL1h, DAIF masked, MMU off, pc at entry. */
void arm_sys_reset(CPUARMState *env, uint64_t entry, uint64_t mpidr);

/*
 * Takes env->exception (not HVC, SMC nor WFI, which the system mode
 * handles) as the architecture takes it to EL1: ESR, FAR, SPSR, ELR,
 * PSTATE, the vector. Clears env->exception.
 */
void arm_sys_take_exception(CPUARMState *env);
/* Takes an IRQ if one is pending and unmasked; true when taken. */
bool arm_sys_take_interrupt(CPUARMState *env);

/* The SPSR value of the current PSTATE (NZCV included). */
uint64_t arm_sys_spsr_of(const CPUARMState *env);
/* Writes PSTATE from an SPSR value, switching SP banks as needed. */
void arm_sys_set_pstate(CPUARMState *env, uint64_t spsr);

/* Self-hosted debug (Arm ARM D2): debug exceptions enabled at the current
 * EL; software step active; a breakpoint at pc (for the translator: any
 * enabled breakpoint register names pc; helper_bkpt_check decides at run
 * time). The translated code of a step is keyed by ARM_PHYS_STEP. */
bool arm_sys_debug_enabled(const CPUARMState *env);
bool arm_sys_step_active(const CPUARMState *env);
bool arm_sys_breakpoint_at(const CPUARMState *env, uint64_t pc);
/* The enabled watchpoint (Arm ARM D2.10) an access of size bytes at va
 * (a write or not) hits, or -1; and its syndrome for a data abort. */
int arm_sys_watchpoint_hit(const CPUARMState *env, uint64_t va, unsigned size,
                           bool write);
bool arm_sys_watchpoint_on_page(const CPUARMState *env, uint64_t page);
uint64_t arm_sys_watchpoint_esr(const CPUARMState *env, bool write);
/* Takes the Software Step exception at pc (stepped: an instruction was
 * stepped, ESR.ISV; else the step was pending from the start). */
void arm_sys_take_step(CPUARMState *env, bool stepped);
#define ARM_PHYS_STEP (1ull << 62) /* in tcg/tb.h's TB_PHYS_VARIANT */

/* Generic timer: the counter, and each timer's output level. */
uint64_t arm_sys_counter(void);
bool arm_sys_timer_output(const CPUARMState *env, bool virt);
/* Counter value at which the timer will fire, or UINT64_MAX. */
uint64_t arm_sys_timer_deadline(const CPUARMState *env, bool virt);

/* ---- for the translator: EL1 system registers ---- */

/* How an MRS or MSR of key (SYSREG_KEY layout) at EL el translates. */
typedef enum ArmSysRegAccess {
    ARM_SYSREG_UNDEF,  /* no such register for this access: UNDEF */
    ARM_SYSREG_FIELD,  /* a plain 64-bit field: env offset */
    ARM_SYSREG_HELPER, /* helper_sys_read / helper_sys_write */
} ArmSysRegAccess;
ArmSysRegAccess arm_sysreg_access(uint32_t key, int el, bool write,
                                  uint32_t *offset, bool *ends_block);

#endif
