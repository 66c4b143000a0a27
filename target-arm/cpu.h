/*
 * Guest CPU state of one AArch64 thread, as the translated code sees it.
 * Generated code addresses these fields by offset from the env register;
 * nothing here knows about the host.
 */
#ifndef ARX_TARGET_ARM_CPU_H
#define ARX_TARGET_ARM_CPU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "target-arm/pauth.h"

/* Why translated code returned to the dispatcher (CPUARMState.exception). */
enum {
    EXCP_NONE = 0,
    EXCP_SVC,   /* SVC #0: syscall; pc already points after the SVC */
    EXCP_UDEF,  /* unallocated or unimplemented encoding at pc: SIGILL */
    EXCP_BRK,   /* BRK #imm at pc: SIGTRAP */
    EXCP_HLT,   /* HLT #imm at pc: SIGILL, as on Linux */
    EXCP_ALIGN, /* misaligned SP or PC: SIGBUS */
    EXCP_FAULT, /* a guest memory access faulted: fault_* say how */
    EXCP_PREFETCH_ABORT, /* no instruction fetch at pc: syndrome ARM_FETCH_* */
    /* System mode only (arx-system's CPU loop): */
    EXCP_DATA_ABORT, /* a SoftMMU access faulted: excp_esr, excp_far */
    EXCP_HVC,        /* HVC #imm at EL1: pc after it (PSCI calls) */
    EXCP_SMC,        /* SMC #imm at EL1: pc after it */
    EXCP_WFI,        /* WFI: pc after it; sleep until an interrupt */
    EXCP_WFE,        /* WFE: pc after it; sleep until an event */
    EXCP_STEP,       /* one instruction stepped (software step): pc next */
    EXCP_BKPT,       /* a hardware breakpoint matched the insn at pc */
    /* User mode under a debugger (EXCP_STEP too, for debug_step): */
    EXCP_DEBUG, /* a debugger's breakpoint (tcg/debug.h) at pc, not run */
    EXCP_BTI,   /* FEAT_BTI: the insn at pc is no landing pad for btype */
    /* FEAT_FPAC: an AUT* at pc failed; syndrome: the key (ARM_PAUTH_IA..DB,
     * the ESR's ISS bits 1:0). Linux: SIGILL, ILL_ILLOPN. */
    EXCP_PAUTH,
    /* FEAT_MTE: a synchronous tag check fault of the access at pc, not
     * made; fault_addr: its tagged address. Linux: SIGSEGV, SEGV_MTESERR. */
    EXCP_MTE,
};

/* EXCP_PREFETCH_ABORT's syndrome: why the page at pc cannot be fetched. */
enum {
    ARM_FETCH_UNMAPPED = 0, /* translation fault */
    ARM_FETCH_DENIED = 1,   /* permission fault: no execute permission */
};

/* FEAT_SVE: the largest vector length in 128-bit units (2048 bits),
 * and the predicate registers P0-P15. */
#define ARM_SVE_VQ_MAX 16
#define ARM_SVE_NPREGS 16

typedef union {
    uint8_t b[16];
    uint16_t h[8];
    uint32_t s[4];
    uint64_t d[2];
    float f32[4];
    double f64[2];
} ARMVReg;

/* FPCR bits with an effect without AFP/EBF: AHP, DN, FZ, RMode, FZ16
 * (FEAT_FP16). MSR and a signal frame's fpsimd record can change only these. */
#define ARM_FPCR_WRITABLE 0x07c80000u

/*
 * A64 user-mode block flags (TCGBlockState.flags) are 0 in the default
 * state, so that an indirect branch's jump-cache key is its pc. They sit
 * at bits 16 and up: folded into a key at JMP_CACHE_FLAGS_SHIFT (32),
 * they land above bit 47, where no user pc reaches, so two blocks with
 * different flags never share a key. Blocks are translated for one FP
 * mode: FPCR.DN, FPCR.FZ and FPCR.RMode (FPCR bits 25, 24 and 23:22),
 * here shifted down by ARM_TBFLAG_FP_SHIFT (bits 19:16);
 * ARM_TBFLAG_SVE_VL_OTHER (bit 21) is sve.h's.
 */
#define ARM_TBFLAG_FP_SHIFT 6
#define ARM_TBFLAG_FP_MODE_FPCR                                                \
    (3u << 22 | 1u << 24 | 1u << 25) /* RMode, FZ, DN */
#define ARM_TBFLAG_FP_MODE (ARM_TBFLAG_FP_MODE_FPCR >> ARM_TBFLAG_FP_SHIFT)
/*
 * With FZ only: the guest's FPSR.IXC was clear when the block was looked
 * up. A flushing attempt that the guest's rules reject (a tiny result)
 * may have raised the host's inexact flag, which Arm's flush does not:
 * such a block saves the host flags before each attempt and restores
 * them on the way to the helper, and it leaves through the dispatcher,
 * which keys the next block by IXC again. Once IXC is set (and only MSR
 * FPSR, which leaves through the dispatcher too, clears it), nothing the
 * attempt raises can show: blocks skip the save and chain.
 */
#define ARM_TBFLAG_FP_IXC_CLEAR (1u << 20)

/* PSTATE bits other than NZCV, in the SPSR layout (Arm ARM C5.2.18). */
#define PSTATE_SP (1u << 0) /* SPSel: SP_ELx rather than SP_EL0 */
#define PSTATE_EL_SHIFT 2
#define PSTATE_EL_MASK (3u << 2)
#define PSTATE_F (1u << 6)
#define PSTATE_I (1u << 7)
#define PSTATE_A (1u << 8)
#define PSTATE_D (1u << 9)
#define PSTATE_DAIF (PSTATE_D | PSTATE_A | PSTATE_I | PSTATE_F)
#define PSTATE_IL (1u << 20)
#define PSTATE_SS (1u << 21)
#define PSTATE_PAN (1u << 22)
#define PSTATE_UAO (1u << 23)

/*
 * The EL1&0 state arx-system adds: PSTATE, the banked stack pointers, the
 * exception registers, the MMU and timer registers. x[31] always holds
 * the current SP; sp_el[] the other one.
 */
typedef struct ARMSysState {
    uint32_t pstate;            /* PSTATE_* */
    volatile uint32_t irq_line; /* the GIC's IRQ output to this CPU */
    volatile uint32_t fiq_line;
    volatile uint32_t event; /* the event register (WFE, SEV, SEVL) */
    uint64_t sp_el[2];       /* SP_EL0 and SP_EL1 while not selected */
    uint64_t elr_el1, spsr_el1, esr_el1, far_el1, vbar_el1;
    uint64_t sctlr_el1, tcr_el1, ttbr0_el1, ttbr1_el1, mair_el1, amair_el1;
    uint64_t contextidr_el1, tpidr_el1, cpacr_el1, par_el1, mdscr_el1;
    uint64_t afsr0_el1, afsr1_el1, csselr_el1, cntkctl_el1, mpidr_el1;
    uint64_t mdccint_el1, oslsr_el1, disr_el1;
    /* Self-hosted debug: breakpoints and watchpoints (2 of each). */
    uint64_t dbgbvr[2], dbgbcr[2], dbgwvr[2], dbgwcr[2];
    /* Generic timer: the virtual and the physical EL1 timer. */
    uint64_t cntv_ctl, cntv_cval, cntp_ctl, cntp_cval;
    /* The exclusive monitor's physical address and its granule's
     * generation when set (system/exclusive.c). */
    uint64_t excl_phys;
    uint32_t excl_gen;
    uint32_t pad2;
    /* The pending abort's syndrome and fault address. */
    uint64_t excp_esr, excp_far;
    void *cpu; /* the vCPU (system/) */
} ARMSysState;

typedef struct CPUARMState {
    uint64_t x[32]; /* x[31] is SP; XZR is handled by the translator */
    uint64_t pc;

    /*
     * NZCV kept apart so each flag is cheap to produce:
     * N is bit 63 of nf, Z is (zf == 0), C is cf (0 or 1), V is bit 63 of vf.
     * Or, with bits 63:32 of cf set (ARM_CF_LAZY_SUB32/64), lazy: NZCV
     * of the compare lazy_a - lazy_b, not computed yet. A block leaving
     * for code that only an unknown branch target might read the flags
     * in stores the compare's operands instead; arm_flags_settle and
     * cpu_get_nzcv compute NZCV from them.
     */
    int64_t nf;
    uint64_t zf;
    uint64_t cf;
    int64_t vf;
    uint64_t lazy_a, lazy_b;

    uint64_t tpidr_el0;
    uint64_t tpidrro_el0;
    uint32_t fpcr;
    uint32_t fpsr;

    /* Exclusive monitor (LDXR/STXR); exclusive_addr == -1 when clear. */
    uint64_t exclusive_addr;
    uint64_t exclusive_val;
    uint64_t exclusive_high;
    uint32_t exclusive_size;
    /* PSTATE.BTYPE (FEAT_BTI) that BR/BLR leave for the next instruction;
     * only kept while arm_bti_active (a64_translate_block). */
    uint32_t btype;

    uint32_t exception;     /* EXCP_* when leaving translated code */
    uint32_t excp_syndrome; /* BRK/HLT immediate, or the UDEF encoding */
    int32_t fault_signal;   /* EXCP_FAULT: SIGSEGV or SIGBUS */
    int32_t fault_code;     /* its si_code (SEGV_MAPERR, SEGV_ACCERR...) */
    uint64_t fault_addr;    /* the guest address that faulted */

    /* Nonzero asks translated code to return to the dispatcher. */
    volatile int32_t exit_request;

    /* ---- AArch32 (A32/T32) user mode: r0-r14 are x[0..14], their high
     * halves zero; r15 is pc; TPIDRURW is tpidr_el0, TPIDRURO
     * tpidrro_el0; FPSCR is fpcr | fpsr (its NZCV in fpsr[31:28]) ---- */
    uint32_t thumb;    /* CPSR.T: executing T32 */
    uint32_t condexec; /* CPSR.IT[7:0] (ITSTATE): cond[7:5] mask[4:0] */
    uint32_t ge;       /* CPSR.GE[3:0] (SADD8 ... SEL) */
    uint32_t qf;       /* CPSR.Q: sticky saturation, nonzero when set */

    ARMVReg v[32] __attribute__((aligned(16)));
    /* The translators' scratch vector (a by-element operand broadcast
     * to every lane): never architectural, dead between instructions. */
    ARMVReg vscratch;
    /* A second one: the SVE element mask of a predicate at VL 128, next
     * to an operation's result in vscratch (a64/sve_vl128.c). */
    ARMVReg vscratch2;

    void *thread; /* the GuestThread running this state (linux-user) */
    /* User mode: a debugger steps this thread: blocks of one
     * instruction, each ending in EXCP_STEP with pc the next one. */
    uint32_t debug_step;

    /* ---- system mode (arx-system) only; zero in user mode ---- */
    ARMSysState sys;

    /* User mode, stepping for a debugger's read or access watchpoint
     * (debug_step): the guest memory the instruction read and wrote, each
     * one span [lo, hi) (empty: lo == hi), cleared before each step. */
    uint64_t debug_read_lo, debug_read_hi;
    uint64_t debug_write_lo, debug_write_hi;

    /* ---- FEAT_PAuth, user mode: this thread's keys (new at exec, kept
     * by fork and clone, PR_PAC_RESET_KEYS), the enabled ones (bits
     * 1 << ARM_PAUTH_IA..DB, PR_PAC_SET_ENABLED_KEYS; a disabled key's
     * instructions leave the pointer as it is), and whether the last
     * AUT* failed where FEAT_FPAC traps (the helper's answer) ---- */
    ArmPauthKey pauth_keys[ARM_PAUTH_NKEYS];
    uint32_t pauth_enabled;
    uint32_t pauth_fail;
    ArmPauthCacheEntry pauth_cache[ARM_PAUTH_CACHE_SIZE];

    /* ---- FEAT_MTE, user mode (target-arm/mte.h): this thread's
     * PR_SET_TAGGED_ADDR_CTRL value (kept by fork and clone, 0 at exec),
     * the last checked access's synchronous tag check fault (the
     * helper's answer; fault_addr: the tagged address) and a pending
     * asynchronous one (TFSRE0_EL1.TF0), reported at the next exit ---- */
    uint32_t tagged_addr_ctrl;
    uint32_t mte_fail;
    uint32_t mte_async_fault;
    /* ---- FEAT_SVE, user mode (target-arm/sve.h): Zn is v[n] (bits
     * 127:0) and zhi[n] (the rest, up to VL); zhi[n] counts only while
     * bit n of zhi_live is set, else those bits are zero (an AdvSIMD/FP
     * write clears the bit, see sve.h). Predicates and the FFR hold one
     * bit per vector byte. VL = sve_vq * 128 bits, per thread. ---- */
    uint32_t sve_vq;        /* 1..ARM_SVE_VQ_MAX */
    uint32_t sve_vq_onexec; /* PR_SVE_SET_VL_ONEXEC's VQ, 0: none */
    uint32_t sve_inherit;   /* PR_SVE_VL_INHERIT: exec keeps the VL */
    uint32_t zhi_live;
    uint64_t preg[ARM_SVE_NPREGS][ARM_SVE_VQ_MAX / 4];
    uint64_t ffr[ARM_SVE_VQ_MAX / 4];
    uint8_t zhi[32][(ARM_SVE_VQ_MAX - 1) * 16] __attribute__((aligned(16)));
} CPUARMState;

/* Adds [addr, addr + len) to a debug_* span (the step's accesses). */
static inline void cpu_debug_span_add(uint64_t *lo, uint64_t *hi, uint64_t addr,
                                      uint64_t len)
{
    if (*lo == *hi) {
        *lo = addr;
        *hi = addr + len;
        return;
    }
    if (addr < *lo)
        *lo = addr;
    if (addr + len > *hi)
        *hi = addr + len;
}

/* The stepped instruction reads and/or writes len bytes at addr. */
static inline void cpu_debug_note_access(CPUARMState *env, uint64_t addr,
                                         uint64_t len, bool read, bool write)
{
    if (read)
        cpu_debug_span_add(&env->debug_read_lo, &env->debug_read_hi, addr, len);
    if (write)
        cpu_debug_span_add(&env->debug_write_lo, &env->debug_write_hi, addr,
                           len);
}

/*
 * User-mode fast calls: the guest page of the vDSO's code (0: none, as in
 * system mode), where `hvc #n` (UNDEFINED at EL0 anywhere else) calls
 * arm_user_fastcall_fn(env, n) instead of trapping. The execution mode
 * sets both once, before the first instruction: the vDSO reads the host's
 * clock this way without a system call. pc: the HVC's, for a fault the
 * call raises (it then leaves translated code itself).
 */
extern uint64_t arm_user_fastcall_page;

/*
 * User mode: the guest has (had) guarded pages (PROT_BTI), so blocks
 * translated from now on keep PSTATE.BTYPE. Only ever set, by the
 * execution mode, which then drops every block translated before.
 */
extern bool arm_bti_active;
extern void (*arm_user_fastcall_fn)(CPUARMState *env, unsigned n, uint64_t pc);

/*
 * User mode: tagged pointers may be in use (a PROT_MTE page exists, or a
 * thread set PR_SET_TAGGED_ADDR_CTRL; target-arm/mte.h): blocks
 * translated from now on drop the tag byte of every data address and
 * check the tag of checked accesses, and syscalls untag their pointer
 * arguments (as Linux's tagged address ABI). Only ever set; before it,
 * nothing pays anything.
 */
extern bool arm_mte_active;

/* A user pointer without its tag byte once tagged pointers may exist
 * (TBI0: bits 63:56 copy bit 55, which a user address has clear). */
static inline uint64_t arm_user_untag(uint64_t addr)
{
    if (!__atomic_load_n(&arm_mte_active, __ATOMIC_RELAXED))
        return addr;
    return (uint64_t)((int64_t)(addr << 8) >> 8);
}

/* cf's lazy tags (bits 63:32 of cf, which a computed C never sets). */
#define ARM_CF_LAZY_SUB32 (1ull << 32)
#define ARM_CF_LAZY_SUB64 (2ull << 32)

/* NZCV of a - b (64 bits when wide, else of the low 32 bits), as nf,
 * zf, cf and vf. */
static inline void arm_nzcv_of_sub(bool wide, uint64_t a, uint64_t b,
                                   int64_t *nf, uint64_t *zf, uint64_t *cf,
                                   int64_t *vf)
{
    uint64_t mask = wide ? ~0ull : 0xffffffffull;
    uint64_t r, v;

    a &= mask;
    b &= mask;
    r = (a - b) & mask;
    v = (a ^ b) & (a ^ r);
    *nf = wide ? (int64_t)r : (int32_t)r;
    *zf = r;
    *cf = a >= b;
    *vf = (int64_t)(wide ? v : v << 32);
}

/* Computes lazy flags (ARM_CF_LAZY_*) into nf, zf, cf and vf. */
static inline void arm_flags_settle(CPUARMState *env)
{
    if (env->cf >> 32)
        arm_nzcv_of_sub(env->cf == ARM_CF_LAZY_SUB64, env->lazy_a, env->lazy_b,
                        &env->nf, &env->zf, &env->cf, &env->vf);
}

/* Reads and writes the architectural NZCV value (bits 31:28). */
static inline uint32_t cpu_get_nzcv(const CPUARMState *env)
{
    int64_t nf = env->nf, vf = env->vf;
    uint64_t zf = env->zf, cf = env->cf;

    if (cf >> 32)
        arm_nzcv_of_sub(cf == ARM_CF_LAZY_SUB64, env->lazy_a, env->lazy_b, &nf,
                        &zf, &cf, &vf);
    return (uint32_t)((nf < 0) << 31 | (zf == 0) << 30 | (cf != 0) << 29 |
                      (vf < 0) << 28);
}

static inline void cpu_set_nzcv(CPUARMState *env, uint32_t nzcv)
{
    env->nf = (nzcv & (1u << 31)) ? -1 : 0;
    env->zf = (nzcv & (1u << 30)) ? 0 : 1;
    env->cf = (nzcv >> 29) & 1;
    env->vf = (nzcv & (1u << 28)) ? -1 : 0;
}

/* The AArch32 CPSR a user-mode program sees: NZCV, Q, GE, IT and T
 * (mode USR, E = 0, A/I/F clear). */
static inline uint32_t cpu_get_cpsr(const CPUARMState *env)
{
    uint32_t it = env->condexec;

    return cpu_get_nzcv(env) | (env->qf ? 1u << 27 : 0) | (it & 3) << 25 |
           (env->ge & 0xf) << 16 | (it >> 2) << 10 |
           (env->thumb ? 1u << 5 : 0) | 0x10 /* USR */;
}

/* Sets the user-writable CPSR bits (NZCV, Q, GE, IT, T), as sigreturn
 * does. */
static inline void cpu_set_cpsr(CPUARMState *env, uint32_t cpsr)
{
    cpu_set_nzcv(env, cpsr);
    env->qf = (cpsr >> 27) & 1;
    env->ge = (cpsr >> 16) & 0xf;
    env->condexec = ((cpsr >> 25) & 3) | ((cpsr >> 10) & 0x3f) << 2;
    env->thumb = (cpsr >> 5) & 1;
}

/*
 * FEAT_PAuth keys in user mode (target-arm/pauth_keys.c). At exec: every
 * key new (getrandom; the host's ARX_PAUTH_TEST_KEYS=HI:LO, in hex, gives
 * every key that value instead, for tests) and enabled.
 */
void arm_pauth_exec_keys(CPUARMState *env);
/* prctl PR_PAC_RESET_KEYS, PR_PAC_SET_ENABLED_KEYS, PR_PAC_GET_ENABLED_KEYS
 * on env's thread, arg: the prctl's arguments 2 to 5; the result or
 * -errno (-EINVAL without the pauth feature, as Linux without PAuth). */
int64_t arm_pauth_prctl(CPUARMState *env, int option, const uint64_t *arg);

/* prctl PR_SET_TAGGED_ADDR_CTRL and PR_GET_TAGGED_ADDR_CTRL on env's
 * thread (target-arm/mte.c), arg: the prctl's arguments 2 to 5; the result
 * or -errno as arm64 Linux gives them. */
int64_t arm_mte_prctl(CPUARMState *env, int option, const uint64_t *arg);
/* prctl PR_SVE_SET_VL / PR_SVE_GET_VL (50, 51) on env's thread, arg the
 * prctl's second argument: as Linux (target-arm/sve.c); -EINVAL without
 * the sve feature. */
int64_t arm_sve_prctl(CPUARMState *env, int option, uint64_t arg);
/* The option an exec passes to the next arx for env's ONEXEC VL and
 * inherit flag (ARM_SVE_EXEC_OPTION...), or NULL when none is needed. */
#define ARM_SVE_EXEC_OPTION "--sve-exec="
const char *arm_sve_exec_arg(const CPUARMState *env);

/* What the accelerator calls in the A64 target (target-arm/cpu.c): pass
 * it to tcg_exec_init. */
struct TCGTargetOps;
extern const struct TCGTargetOps arm_a64_tcg_ops;
/* The A32/T32 user-mode target (target-arm/a32/cpu.c). */
extern const struct TCGTargetOps arm_a32_tcg_ops;
/* The same target in arx-system (EL1&0, SoftMMU): target-arm/sys.h. */
extern const struct TCGTargetOps arm_a64_sys_tcg_ops;

#endif
