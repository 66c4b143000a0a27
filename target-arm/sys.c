/*
 * EL1&0 of the A64 target (arx-system): exception entry and ERET, PSTATE,
 * the generic timer's arithmetic. The system registers are in
 * sys_regs.c. No host, no board: the system mode's hooks do the rest.
 */
#include "target-arm/sys.h"

#include <string.h>
#include <time.h>

#include "target-arm/features.h"
#include "target-arm/helper_sys.h"

bool arm_system_mode;
const ArmSysHooks *arm_sys_hooks;

void arm_sys_init(const ArmSysHooks *hooks)
{
    const char *bad;

    arm_system_mode = true;
    arm_sys_hooks = hooks;
    /* The ID registers (sys_regs.c) offer no SVE: its instructions UNDEF. */
    arm_cpu_select("max,-sve", &bad);
}

/* ---- PSTATE and the stack pointers ---- */

/* Which SP PSTATE selects: 0 (SP_EL0) or 1 (SP_EL1). */
static int sp_index(uint32_t pstate)
{
    return ((pstate & PSTATE_EL_MASK) && (pstate & PSTATE_SP)) ? 1 : 0;
}

static void switch_pstate(CPUARMState *env, uint32_t pstate)
{
    int from = sp_index(env->sys.pstate), to = sp_index(pstate);

    if (from != to) {
        env->sys.sp_el[from] = env->x[31];
        env->x[31] = env->sys.sp_el[to];
    }
    env->sys.pstate = pstate;
    /* Unmasked with an interrupt pending: leave translated code for it
     * (the line may have risen long ago, when no kick could help). */
    if (env->sys.irq_line && !(pstate & PSTATE_I))
        env->exit_request = 1;
}

uint64_t arm_sys_spsr_of(const CPUARMState *env)
{
    return cpu_get_nzcv(env) | env->sys.pstate;
}

#define SPSR_KEPT                                                              \
    (PSTATE_SP | PSTATE_EL_MASK | PSTATE_DAIF | PSTATE_IL | PSTATE_SS |        \
     PSTATE_PAN | PSTATE_UAO)

void arm_sys_set_pstate(CPUARMState *env, uint64_t spsr)
{
    cpu_set_nzcv(env, (uint32_t)spsr & 0xf0000000u);
    switch_pstate(env, (uint32_t)spsr & SPSR_KEPT);
}

void arm_sys_reset(CPUARMState *env, uint64_t entry, uint64_t mpidr)
{
    memset(&env->sys, 0, offsetof(ARMSysState, cpu));
    env->sys.pstate = 1u << PSTATE_EL_SHIFT | PSTATE_SP | PSTATE_DAIF;
    /* SCTLR_EL1's RES1 bits of Armv8.0 (29:28, 23:22, 20, 11). */
    env->sys.sctlr_el1 = 0x30d00800;
    env->sys.mpidr_el1 = mpidr;
    env->sys.oslsr_el1 = 0xa; /* OSLM = 0b10: OS lock implemented */
    env->exclusive_addr = (uint64_t)-1;
    env->pc = entry;
}

/* ---- exceptions ---- */

/* Exception classes (ESR_ELx.EC). */
enum {
    EC_UNKNOWN = 0x00,
    EC_WFX = 0x01,
    EC_SVC64 = 0x15,
    EC_PC_ALIGN = 0x22,
    EC_BREAKPOINT = 0x30, /* lower EL; + 1: same EL */
    EC_SOFTWARE_STEP = 0x32,
    EC_BRK64 = 0x3c,
};

#define ESR_IL (1u << 25)

static uint64_t syndrome(unsigned ec, uint32_t iss)
{
    return (uint64_t)ec << 26 | ESR_IL | iss;
}

/* The vector offset for a synchronous exception (0), IRQ (0x80), FIQ
 * (0x100) or SError (0x180) taken to EL1 from the current state. */
static uint64_t vector_base(const CPUARMState *env)
{
    if (arm_current_el(env) == 0)
        return 0x400; /* lower EL, AArch64 */
    return (env->sys.pstate & PSTATE_SP) ? 0x200 : 0x0;
}

/* SCTLR_EL1.SPAN: 0 sets PSTATE.PAN on exception entry to EL1. */
#define SCTLR_SPAN (1ull << 23)

static void enter_el1(CPUARMState *env, uint64_t offset, uint64_t return_pc)
{
    uint32_t pstate = 1u << PSTATE_EL_SHIFT | PSTATE_SP | PSTATE_DAIF;
    uint64_t vector = env->sys.vbar_el1 + vector_base(env) + offset;

    if (env->sys.pstate & PSTATE_PAN || !(env->sys.sctlr_el1 & SCTLR_SPAN))
        pstate |= PSTATE_PAN;
    if (env->sys.pstate & PSTATE_UAO)
        pstate |= PSTATE_UAO;
    env->sys.spsr_el1 = arm_sys_spsr_of(env);
    env->sys.elr_el1 = return_pc;
    switch_pstate(env, pstate);
    env->pc = vector;
    env->exclusive_addr = (uint64_t)-1; /* an exception clears the monitor */
}

static void take_sync(CPUARMState *env, uint64_t esr, uint64_t return_pc)
{
    env->sys.esr_el1 = esr;
    enter_el1(env, 0, return_pc);
}

void arm_sys_take_exception(CPUARMState *env)
{
    uint32_t excp = env->exception;
    uint32_t imm = env->excp_syndrome & 0xffff;

    env->exception = EXCP_NONE;
    switch (excp) {
    case EXCP_SVC: /* pc is after the SVC already */
        take_sync(env, syndrome(EC_SVC64, imm), env->pc);
        break;
    case EXCP_BRK: take_sync(env, syndrome(EC_BRK64, imm), env->pc); break;
    case EXCP_BKPT: /* IFSC 0x22: debug exception */
        take_sync(env,
                  syndrome(EC_BREAKPOINT + (arm_current_el(env) == 1), 0x22),
                  env->pc);
        break;
    case EXCP_ALIGN:
        env->sys.far_el1 = env->pc;
        take_sync(env, syndrome(EC_PC_ALIGN, 0), env->pc);
        break;
    case EXCP_DATA_ABORT:
    case EXCP_PREFETCH_ABORT:
        env->sys.far_el1 = env->sys.excp_far;
        take_sync(env, env->sys.excp_esr, env->pc);
        break;
    case EXCP_HVC:
    case EXCP_SMC: /* only from EL0 would they UNDEF; the mode handles
                      them at EL1. An HVC or SMC the mode refuses: */
        take_sync(env, syndrome(EC_UNKNOWN, 0), env->pc - 4);
        break;
    default: /* EXCP_UDEF, EXCP_HLT (no halting debug) */
        take_sync(env, syndrome(EC_UNKNOWN, 0), env->pc);
        break;
    }
}

bool arm_sys_take_interrupt(CPUARMState *env)
{
    if (!env->sys.irq_line || (env->sys.pstate & PSTATE_I))
        return false;
    enter_el1(env, 0x80, env->pc);
    return true;
}

/* ---- the generic timer ---- */

uint64_t arm_sys_counter(void)
{
    return helper_cntvct();
}

#define CNT_CTL_ENABLE 1u
#define CNT_CTL_IMASK 2u
#define CNT_CTL_ISTATUS 4u

bool arm_sys_timer_output(const CPUARMState *env, bool virt)
{
    uint64_t ctl = virt ? env->sys.cntv_ctl : env->sys.cntp_ctl;
    uint64_t cval = virt ? env->sys.cntv_cval : env->sys.cntp_cval;

    return (ctl & CNT_CTL_ENABLE) && !(ctl & CNT_CTL_IMASK) &&
           arm_sys_counter() >= cval;
}

uint64_t arm_sys_timer_deadline(const CPUARMState *env, bool virt)
{
    uint64_t ctl = virt ? env->sys.cntv_ctl : env->sys.cntp_ctl;

    if (!(ctl & CNT_CTL_ENABLE) || (ctl & CNT_CTL_IMASK))
        return UINT64_MAX;
    return virt ? env->sys.cntv_cval : env->sys.cntp_cval;
}

/* ---- self-hosted debug ---- */

#define MDSCR_SS (1ull << 0)
#define MDSCR_KDE (1ull << 13)
#define MDSCR_MDE (1ull << 15)
#define OSLSR_OSLK (1ull << 1)

bool arm_sys_debug_enabled(const CPUARMState *env)
{
    if (env->sys.oslsr_el1 & OSLSR_OSLK)
        return false;
    if (arm_current_el(env) == 0)
        return true; /* debug exceptions target EL1 from EL0 */
    return (env->sys.mdscr_el1 & MDSCR_KDE) && !(env->sys.pstate & PSTATE_D);
}

bool arm_sys_step_active(const CPUARMState *env)
{
    return (env->sys.mdscr_el1 & MDSCR_SS) && arm_sys_debug_enabled(env);
}

/* DBGBVR: VA[48:2], sign-extended from bit 48. */
static uint64_t breakpoint_address(uint64_t bvr)
{
    return (uint64_t)((int64_t)(bvr << 15) >> 15) & ~3ull;
}

bool arm_sys_breakpoint_at(const CPUARMState *env, uint64_t pc)
{
    for (int i = 0; i < 2; i++)
        if ((env->sys.dbgbcr[i] & 1) &&
            breakpoint_address(env->sys.dbgbvr[i]) == pc)
            return true;
    return false;
}

/* At run time: an enabled address-match breakpoint for this EL at pc, with
 * MDSCR_EL1.MDE set and debug exceptions enabled. PMC (BCR[2:1]): 01 EL1,
 * 10 EL0, 11 both; BT (BCR[23:20]) 0: unlinked address match. */
uint64_t helper_bkpt_check(uint64_t envp, uint64_t pc)
{
    const CPUARMState *env = (const CPUARMState *)(uintptr_t)envp;
    unsigned el_bit = arm_current_el(env) == 1 ? 1 : 2;

    if (!(env->sys.mdscr_el1 & MDSCR_MDE) || !arm_sys_debug_enabled(env))
        return 0;
    for (int i = 0; i < 2; i++) {
        uint64_t bcr = env->sys.dbgbcr[i];
        if ((bcr & 1) && (((bcr >> 1) & 3) & el_bit) &&
            ((bcr >> 20) & 15) == 0 &&
            breakpoint_address(env->sys.dbgbvr[i]) == pc)
            return 1;
    }
    return 0;
}

void arm_sys_take_step(CPUARMState *env, bool stepped)
{
    uint32_t iss = (stepped ? 1u << 24 : 0) | 0x22; /* ISV, IFSC: debug */

    take_sync(env, syndrome(EC_SOFTWARE_STEP + (arm_current_el(env) == 1), iss),
              env->pc);
}

/* DBGWVR: VA[48:3], sign-extended; DBGWCR: E (0), PAC (2:1: 01 EL1, 10
 * EL0), LSC (4:3: 01 load, 10 store), BAS (12:5: bytes of the dword). */
static uint64_t watchpoint_address(uint64_t wvr)
{
    return (uint64_t)((int64_t)(wvr << 15) >> 15) & ~7ull;
}

bool arm_sys_watchpoint_on_page(const CPUARMState *env, uint64_t page)
{
    for (int i = 0; i < 2; i++)
        if ((env->sys.dbgwcr[i] & 1) &&
            (watchpoint_address(env->sys.dbgwvr[i]) & ~0xfffull) == page)
            return true;
    return false;
}

int arm_sys_watchpoint_hit(const CPUARMState *env, uint64_t va, unsigned size,
                           bool write)
{
    unsigned el_bit = arm_current_el(env) == 1 ? 1 : 2;

    if (!(env->sys.mdscr_el1 & MDSCR_MDE) || !arm_sys_debug_enabled(env))
        return -1;
    for (int i = 0; i < 2; i++) {
        uint64_t wcr = env->sys.dbgwcr[i];
        uint64_t base = watchpoint_address(env->sys.dbgwvr[i]);
        unsigned bas = (unsigned)(wcr >> 5) & 0xff;
        if (!(wcr & 1) || !(((wcr >> 1) & 3) & el_bit) ||
            !(((wcr >> 3) & 3) & (write ? 2 : 1)))
            continue;
        for (unsigned b = 0; b < 8; b++)
            if ((bas >> b) & 1 && base + b >= va && base + b < va + size)
                return i;
    }
    return -1;
}

uint64_t arm_sys_watchpoint_esr(const CPUARMState *env, bool write)
{
    unsigned ec = arm_current_el(env) == 1 ? 0x35 : 0x34;

    return (uint64_t)ec << 26 | ESR_IL | (write ? 1u << 6 : 0) | 0x22;
}
