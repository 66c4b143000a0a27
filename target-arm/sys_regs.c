/*
 * The system registers of EL1 (arx-system): which MRS/MSR translate to
 * what, and the helpers for those with side effects (MMU, timer, PSTATE),
 * ERET, MSR (immediate), TLBI and AT. The values of the ID registers say
 * exactly what the translator implements. No host, no board.
 */
#include "target-arm/helper_sys.h"
#include "target-arm/sys.h"

#include <stddef.h>

#include "tcg/tb.h"

#define KEY(op0, op1, crn, crm, op2)                                           \
    ((uint32_t)((op0) << 14 | (op1) << 11 | (crn) << 7 | (crm) << 3 | (op2)))
#define SYS(field) offsetof(CPUARMState, sys.field)

/* ID_AA64MMFR0_EL1: PARange 48 bits (5), ASIDBits 16 (2), 16K granule
 * supported (TGran16 = 1), 4K and 64K supported (0), mixed endian no. */
#define ARX_ID_AA64MMFR0 0x00100025ull
/* ID_AA64MMFR1_EL1: PAN = 1 (FEAT_PAN); no VHE, no hardware AF/dirty;
 * ECBHB = 1: arx keeps no branch history a lower EL could train. */
#define ARX_ID_AA64MMFR1 0x1000000000100000ull
/* ID_AA64PFR0_EL1 for EL1: EL0 and EL1 AArch64 only, no EL2/EL3, FP and
 * AdvSIMD with half precision, GIC system registers absent; CSV2 = CSV3 =
 * 1: arx executes nothing speculatively, so neither branch targets nor
 * faulting loads leak across contexts (no KPTI needed). */
#define ARX_SYS_ID_AA64PFR0 0x1100000000110011ull
/* ID_AA64DFR0_EL1: Armv8 debug, 2 breakpoints and 2 watchpoints (the
 * architecture's minimum; their registers read as zero and ignore writes:
 * arx takes no debug exceptions), no PMU. */
#define ARX_SYS_ID_AA64DFR0 0x101006ull
/* CLIDR_EL1: one level of separate I and D caches; CCSIDR: 64-byte
 * lines, 4 ways, 256 sets (the sizes only matter to set/way loops). */
#define ARX_CLIDR 0x0a200023ull
#define ARX_CCSIDR 0x701fe01aull

typedef enum RegKind {
    REG_FIELD, /* plain field, read and write inline */
    REG_FIELD_RO,
    REG_CONST,   /* read-only value */
    REG_RAZ_WI,  /* reads 0, writes ignored */
    REG_SPECIAL, /* helper on both sides */
} RegKind;

typedef struct SysReg {
    uint32_t key;
    RegKind kind;
    uint32_t offset; /* REG_FIELD* */
    uint64_t value;  /* REG_CONST */
    bool ends_block; /* a write changes how later code runs */
} SysReg;

static const SysReg el1_regs[] = {
    {KEY(3, 0, 0, 0, 0), REG_CONST, 0, ARX_MIDR_EL1, false},
    {KEY(3, 0, 0, 0, 5), REG_FIELD_RO, SYS(mpidr_el1), 0, false},
    {KEY(3, 0, 0, 0, 6), REG_CONST, 0, ARX_REVIDR_EL1, false},
    {KEY(3, 0, 0, 4, 0), REG_CONST, 0, ARX_SYS_ID_AA64PFR0, false},
    {KEY(3, 0, 0, 5, 0), REG_CONST, 0, ARX_SYS_ID_AA64DFR0, false},
    {KEY(3, 0, 0, 6, 0), REG_CONST, 0, ARX_ID_AA64ISAR0_EL1, false},
    {KEY(3, 0, 0, 7, 0), REG_CONST, 0, ARX_ID_AA64MMFR0, false},
    {KEY(3, 0, 0, 7, 1), REG_CONST, 0, ARX_ID_AA64MMFR1, false},
    {KEY(3, 1, 0, 0, 0), REG_CONST, 0, ARX_CCSIDR, false},
    {KEY(3, 1, 0, 0, 1), REG_CONST, 0, ARX_CLIDR, false},
    {KEY(3, 2, 0, 0, 0), REG_FIELD, SYS(csselr_el1), 0, false},
    {KEY(3, 3, 0, 0, 1), REG_CONST, 0, ARX_CTR_EL0, false},
    {KEY(3, 3, 0, 0, 7), REG_CONST, 0, ARX_DCZID_EL0, false},
    {KEY(3, 0, 1, 0, 0), REG_SPECIAL, SYS(sctlr_el1), 0, true},
    {KEY(3, 0, 1, 0, 1), REG_RAZ_WI, 0, 0, false}, /* ACTLR_EL1 */
    {KEY(3, 0, 1, 0, 2), REG_SPECIAL, SYS(cpacr_el1), 0, true},
    {KEY(3, 0, 2, 0, 0), REG_SPECIAL, SYS(ttbr0_el1), 0, true},
    {KEY(3, 0, 2, 0, 1), REG_SPECIAL, SYS(ttbr1_el1), 0, true},
    {KEY(3, 0, 2, 0, 2), REG_SPECIAL, SYS(tcr_el1), 0, true},
    {KEY(3, 0, 4, 0, 0), REG_FIELD, SYS(spsr_el1), 0, false},
    {KEY(3, 0, 4, 0, 1), REG_FIELD, SYS(elr_el1), 0, false},
    {KEY(3, 0, 4, 1, 0), REG_FIELD, SYS(sp_el[0]), 0, false}, /* SP_EL0 */
    {KEY(3, 0, 4, 2, 0), REG_SPECIAL, 0, 0, true},            /* SPSel */
    {KEY(3, 0, 4, 2, 2), REG_SPECIAL, 0, 0, false},           /* CurrentEL */
    {KEY(3, 0, 4, 2, 3), REG_SPECIAL, 0, 0, true},            /* PAN */
    {KEY(3, 3, 4, 2, 1), REG_SPECIAL, 0, 0, true},            /* DAIF */
    {KEY(3, 0, 5, 1, 0), REG_FIELD, SYS(afsr0_el1), 0, false},
    {KEY(3, 0, 5, 1, 1), REG_FIELD, SYS(afsr1_el1), 0, false},
    {KEY(3, 0, 5, 2, 0), REG_FIELD, SYS(esr_el1), 0, false},
    {KEY(3, 0, 6, 0, 0), REG_FIELD, SYS(far_el1), 0, false},
    {KEY(3, 0, 7, 4, 0), REG_FIELD, SYS(par_el1), 0, false},
    {KEY(3, 0, 10, 2, 0), REG_SPECIAL, SYS(mair_el1), 0, true},
    {KEY(3, 0, 10, 3, 0), REG_FIELD, SYS(amair_el1), 0, false},
    {KEY(3, 0, 12, 0, 0), REG_FIELD, SYS(vbar_el1), 0, false},
    {KEY(3, 0, 12, 1, 0), REG_SPECIAL, 0, 0, false}, /* ISR_EL1 */
    {KEY(3, 0, 13, 0, 1), REG_FIELD, SYS(contextidr_el1), 0, false},
    {KEY(3, 0, 13, 0, 4), REG_FIELD, SYS(tpidr_el1), 0, false},
    {KEY(3, 0, 14, 1, 0), REG_FIELD, SYS(cntkctl_el1), 0, false},
    {KEY(3, 3, 14, 0, 1), REG_SPECIAL, 0, 0, false}, /* CNTPCT_EL0 */
    {KEY(3, 3, 14, 2, 0), REG_SPECIAL, 0, 0, true},  /* CNTP_TVAL */
    {KEY(3, 3, 14, 2, 1), REG_SPECIAL, 0, 0, true},  /* CNTP_CTL */
    {KEY(3, 3, 14, 2, 2), REG_SPECIAL, 0, 0, true},  /* CNTP_CVAL */
    {KEY(3, 3, 14, 3, 0), REG_SPECIAL, 0, 0, true},  /* CNTV_TVAL */
    {KEY(3, 3, 14, 3, 1), REG_SPECIAL, 0, 0, true},  /* CNTV_CTL */
    {KEY(3, 3, 14, 3, 2), REG_SPECIAL, 0, 0, true},  /* CNTV_CVAL */
    /* Debug: no breakpoints in use, the OS lock kept as state. */
    {KEY(2, 0, 0, 2, 0), REG_FIELD, SYS(mdccint_el1), 0, false},
    {KEY(2, 0, 0, 2, 2), REG_FIELD, SYS(mdscr_el1), 0, false},
    {KEY(2, 0, 1, 0, 0), REG_RAZ_WI, 0, 0, false},  /* MDRAR_EL1 */
    {KEY(2, 0, 1, 0, 4), REG_SPECIAL, 0, 0, false}, /* OSLAR_EL1 (WO) */
    {KEY(2, 0, 1, 1, 4), REG_FIELD_RO, SYS(oslsr_el1), 0, false},
    {KEY(2, 0, 1, 3, 4), REG_RAZ_WI, 0, 0, false}, /* OSDLR_EL1 */
    {KEY(3, 0, 12, 1, 1), REG_FIELD, SYS(disr_el1), 0, false},
    /* TPIDRRO_EL0: read-only at EL0 only. */
    {KEY(3, 3, 13, 0, 3), REG_FIELD, offsetof(CPUARMState, tpidrro_el0), 0,
     false},
};

static const SysReg *find(uint32_t key)
{
    static const SysReg raz = {0, REG_RAZ_WI, 0, 0, false};
    static const SysReg debug_reg = {0, REG_SPECIAL, 0, 0, true};
    unsigned op0 = key >> 14, op1 = (key >> 11) & 7, crn = (key >> 7) & 15;
    unsigned crm = (key >> 3) & 15, op2 = key & 7;

    for (size_t i = 0; i < sizeof(el1_regs) / sizeof(el1_regs[0]); i++)
        if (el1_regs[i].key == key)
            return &el1_regs[i];
    /* The rest of the ID space (op0 3, op1 0, CRn 0, CRm 1..7) reads 0. */
    if (op0 == 3 && op1 == 0 && crn == 0 && crm >= 1)
        return &raz;
    /* Breakpoint and watchpoint registers DBG{B,W}{V,C}R<n>, n < 2
     * (ID_AA64DFR0 says 2 of each). */
    if (op0 == 2 && op1 == 0 && crn == 0 && op2 >= 4 && crm <= 1)
        return &debug_reg;
    return NULL;
}

ArmSysRegAccess arm_sysreg_access(uint32_t key, int el, bool write,
                                  uint32_t *offset, bool *ends_block)
{
    const SysReg *r;

    *ends_block = false;
    if (el == 0)
        return ARM_SYSREG_UNDEF; /* EL0 keeps the user-mode table */
    r = find(key);
    if (!r)
        return ARM_SYSREG_UNDEF;
    if (write && (r->kind == REG_CONST || r->kind == REG_FIELD_RO))
        return ARM_SYSREG_UNDEF;
    if (!write && key == KEY(2, 0, 1, 0, 4))
        return ARM_SYSREG_UNDEF; /* OSLAR is write-only */
    if (r->kind == REG_FIELD) {
        *offset = r->offset;
        return ARM_SYSREG_FIELD;
    }
    *ends_block = write && r->ends_block;
    return ARM_SYSREG_HELPER;
}

/* ---- the helpers ---- */

/* DBGBVR<n> (op2 4), DBGBCR<n> (5), DBGWVR<n> (6), DBGWCR<n> (7), n = CRm. */
static uint64_t *debug_reg_field(CPUARMState *env, uint32_t key)
{
    unsigned n = (key >> 3) & 1;

    switch (key & 7) {
    case 4: return &env->sys.dbgbvr[n];
    case 5: return &env->sys.dbgbcr[n];
    case 6: return &env->sys.dbgwvr[n];
    default: return &env->sys.dbgwcr[n];
    }
}

/* CNT*_CTL with ISTATUS from the counter. A guest that sees ISTATUS
 * set may rely on the interrupt being pending already: the output goes
 * to the interrupt controller now, not when the timer thread wakes. */
static uint64_t timer_ctl_read(CPUARMState *env, bool virt)
{
    uint64_t ctl = virt ? env->sys.cntv_ctl : env->sys.cntp_ctl;
    uint64_t cval = virt ? env->sys.cntv_cval : env->sys.cntp_cval;

    if ((ctl & 1) && arm_sys_counter() >= cval) {
        ctl |= 4; /* ISTATUS */
        if (!(ctl & 2))
            arm_sys_hooks->timer_changed(env);
    }
    return ctl;
}

uint64_t helper_sys_read(uint64_t envp, uint64_t key)
{
    CPUARMState *env = (CPUARMState *)(uintptr_t)envp;
    const SysReg *r = find((uint32_t)key);
    uint64_t now;

    switch (r->kind) {
    case REG_CONST: return r->value;
    case REG_RAZ_WI: return 0;
    case REG_FIELD:
    case REG_FIELD_RO: return *(uint64_t *)((char *)env + r->offset);
    case REG_SPECIAL: break;
    }
    if (r->offset)
        return *(uint64_t *)((char *)env + r->offset);
    if ((key >> 7) == (KEY(2, 0, 0, 0, 0) >> 7))
        return *debug_reg_field(env, (uint32_t)key);
    switch (key) {
    case KEY(3, 0, 4, 2, 0): return env->sys.pstate & PSTATE_SP;
    case KEY(3, 0, 4, 2, 2): return env->sys.pstate & PSTATE_EL_MASK;
    case KEY(3, 0, 4, 2, 3): return env->sys.pstate & PSTATE_PAN;
    case KEY(3, 3, 4, 2, 1): return env->sys.pstate & PSTATE_DAIF;
    case KEY(3, 0, 12, 1, 0): return env->sys.irq_line ? 0x80 : 0;
    case KEY(3, 3, 14, 0, 1): return arm_sys_counter();
    case KEY(3, 3, 14, 2, 1): return timer_ctl_read(env, false);
    case KEY(3, 3, 14, 3, 1): return timer_ctl_read(env, true);
    case KEY(3, 3, 14, 2, 2): return env->sys.cntp_cval;
    case KEY(3, 3, 14, 3, 2): return env->sys.cntv_cval;
    case KEY(3, 3, 14, 2, 0):
        now = arm_sys_counter();
        return (uint32_t)(env->sys.cntp_cval - now);
    case KEY(3, 3, 14, 3, 0):
        now = arm_sys_counter();
        return (uint32_t)(env->sys.cntv_cval - now);
    default: return 0;
    }
}

/* SCTLR_EL1 bits that change translation: M (MMU), A, WXN, SPAN... any
 * write flushes, as TTBR and TCR writes do (ASIDs are not kept). */
static void mmu_changed(CPUARMState *env)
{
    arm_sys_hooks->tlb_flush(env, false);
}

static void set_pstate_bits(CPUARMState *env, uint32_t mask, uint32_t bits)
{
    arm_sys_set_pstate(env, cpu_get_nzcv(env) |
                                ((env->sys.pstate & ~mask) | (bits & mask)));
}

static int64_t tval_to_cval(uint64_t value)
{
    return (int64_t)(arm_sys_counter() + (uint64_t)(int64_t)(int32_t)value);
}

uint64_t helper_sys_write(uint64_t envp, uint64_t key, uint64_t value)
{
    CPUARMState *env = (CPUARMState *)(uintptr_t)envp;

    if ((key >> 7) == (KEY(2, 0, 0, 0, 0) >> 7) && (key & 7) >= 4) {
        uint64_t *field = debug_reg_field(env, (uint32_t)key);
        /* Breakpoints are compiled into translated code: drop it all once
         * the running block has exited (the ISB after the write). */
        if ((key & 7) <= 5 && *field != value)
            tb_request_flush();
        *field = value;
        /* Watchpoints are kept in the TLB (their pages' data accesses
         * reach the mode's check): fill it again. */
        if ((key & 7) >= 6)
            arm_sys_hooks->tlb_flush(env, false);
        return 0;
    }
    switch (key) {
    case KEY(3, 0, 1, 0, 0):
        env->sys.sctlr_el1 = value;
        mmu_changed(env);
        break;
    case KEY(3, 0, 1, 0, 2): env->sys.cpacr_el1 = value; break;
    case KEY(3, 0, 2, 0, 0):
        env->sys.ttbr0_el1 = value;
        mmu_changed(env);
        break;
    case KEY(3, 0, 2, 0, 1):
        env->sys.ttbr1_el1 = value;
        mmu_changed(env);
        break;
    case KEY(3, 0, 2, 0, 2):
        env->sys.tcr_el1 = value;
        mmu_changed(env);
        break;
    case KEY(3, 0, 10, 2, 0): env->sys.mair_el1 = value; break;
    case KEY(3, 0, 4, 2, 0):
        set_pstate_bits(env, PSTATE_SP, (uint32_t)value);
        break;
    case KEY(3, 0, 4, 2, 3):
        set_pstate_bits(env, PSTATE_PAN, (uint32_t)value);
        break;
    case KEY(3, 3, 4, 2, 1):
        set_pstate_bits(env, PSTATE_DAIF, (uint32_t)value);
        break;
    case KEY(2, 0, 1, 0, 4): /* OSLAR: OSLK is OSLSR bit 1 */
        env->sys.oslsr_el1 = (env->sys.oslsr_el1 & ~2ull) | (value & 1) << 1;
        break;
    case KEY(3, 3, 14, 2, 0): env->sys.cntp_cval = tval_to_cval(value); break;
    case KEY(3, 3, 14, 2, 1): env->sys.cntp_ctl = value & 3; break;
    case KEY(3, 3, 14, 2, 2): env->sys.cntp_cval = value; break;
    case KEY(3, 3, 14, 3, 0): env->sys.cntv_cval = tval_to_cval(value); break;
    case KEY(3, 3, 14, 3, 1): env->sys.cntv_ctl = value & 3; break;
    case KEY(3, 3, 14, 3, 2): env->sys.cntv_cval = value; break;
    default: break; /* RAZ/WI */
    }
    if ((key >> 7) == (KEY(3, 3, 14, 0, 0) >> 7))
        arm_sys_hooks->timer_changed(env);
    return 0;
}

/* ERET: PSTATE from SPSR_EL1, pc from ELR_EL1. A return to EL2 or EL3,
 * or to AArch32, is an illegal return: PSTATE.IL set, EL kept. */
uint64_t helper_eret(uint64_t envp)
{
    CPUARMState *env = (CPUARMState *)(uintptr_t)envp;
    uint64_t spsr = env->sys.spsr_el1;
    unsigned el = (spsr >> PSTATE_EL_SHIFT) & 3;

    if (el > 1 || (spsr & 0x10)) {
        env->sys.pstate |= PSTATE_IL;
        env->pc = env->sys.elr_el1;
        return 0;
    }
    arm_sys_set_pstate(env, spsr);
    env->pc = env->sys.elr_el1;
    env->exclusive_addr = (uint64_t)-1;
    env->sys.event = 1; /* an exception return is a local event */
    return 0;
}

/* MSR (immediate): op = op1 << 3 | op2. */
uint64_t helper_msr_i(uint64_t envp, uint64_t op, uint64_t imm)
{
    CPUARMState *env = (CPUARMState *)(uintptr_t)envp;
    uint32_t daif = (uint32_t)(imm & 0xf) << 6;

    switch (op) {
    case 0x05: set_pstate_bits(env, PSTATE_SP, (uint32_t)imm & 1); break;
    case 0x04:
        set_pstate_bits(env, PSTATE_PAN, (imm & 1) ? PSTATE_PAN : 0);
        break;
    case 0x1e: set_pstate_bits(env, daif, daif); break; /* DAIFSet */
    case 0x1f: set_pstate_bits(env, daif, 0); break;    /* DAIFClr */
    default: break;
    }
    return 0;
}

/*
 * TLBI (SYS op0=1 op1=0 CRn=8): op = CRm << 3 | op2. The VA forms carry
 * the page in Xt[43:0] (<< 12); ASID-scoped and VA forms are flushed as
 * wide as needed: a page form drops that page for every ASID, the rest
 * drop everything. CRm 3 is the inner shareable form (all CPUs).
 */
uint64_t helper_tlbi(uint64_t envp, uint64_t op, uint64_t xt)
{
    CPUARMState *env = (CPUARMState *)(uintptr_t)envp;
    unsigned crm = (unsigned)(op >> 3), op2 = (unsigned)(op & 7);
    bool is = crm == 3 || crm == 1;
    uint64_t va = (uint64_t)((int64_t)(xt << 20) >> 8); /* sign-extend 56 */

    switch (op2) {
    case 1: /* VAE1 */
    case 3: /* VAAE1 */
    case 5: /* VALE1 */
    case 7: /* VAALE1 */ arm_sys_hooks->tlb_flush_page(env, va, is); break;
    default: /* VMALLE1, ASIDE1 */ arm_sys_hooks->tlb_flush(env, is); break;
    }
    return 0;
}

/* AT S1E1R (op 0), S1E1W (1), S1E0R (2), S1E0W (3): PAR_EL1. */
uint64_t helper_at(uint64_t envp, uint64_t op, uint64_t va)
{
    CPUARMState *env = (CPUARMState *)(uintptr_t)envp;

    env->sys.par_el1 =
        arm_sys_hooks->address_translate(env, va, op >= 2 ? 0 : 1, op & 1);
    return 0;
}

/* SEV: an event for every CPU (SEVL, local only, is inline). */
uint64_t arm_user_fastcall_page;
void (*arm_user_fastcall_fn)(CPUARMState *env, unsigned n, uint64_t pc);
bool arm_bti_active;

uint64_t helper_user_fastcall(uint64_t envp, uint64_t n, uint64_t pc)
{
    arm_user_fastcall_fn((CPUARMState *)(uintptr_t)envp, (unsigned)n, pc);
    return 0;
}

uint64_t helper_sev(uint64_t envp)
{
    arm_sys_hooks->send_event((CPUARMState *)(uintptr_t)envp);
    return 0;
}

/* LDXR/LDAXR and STXR/STLXR of one register at EL0 or EL1: the system
 * mode's monitor, which other CPUs' writes clear. */
uint64_t helper_sys_ldxr(uint64_t envp, uint64_t addr, uint64_t size)
{
    uintptr_t ra = (uintptr_t)__builtin_return_address(0);

    return arm_sys_hooks->load_exclusive((CPUARMState *)(uintptr_t)envp, addr,
                                         (unsigned)size, ra);
}

uint64_t helper_sys_stxr(uint64_t envp, uint64_t addr, uint64_t size,
                         uint64_t value)
{
    return arm_sys_hooks->store_exclusive((CPUARMState *)(uintptr_t)envp, addr,
                                          (unsigned)size, value);
}
