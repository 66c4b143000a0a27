/*
 * A64 "Branches, exception generating and system instructions" translator
 * (branch_sys.decode): branches, SVC/BRK/HLT, hints, barriers, the cache
 * operations and the system registers EL0 may use under Linux. Emits IR
 * only; anything else returns false so the core raises UNDEF (SIGILL).
 */
#include "target-arm/a64/translate.h"

#include "target-arm/helper_fp.h"
#include "target-arm/helper_info.h"
#include "target-arm/helper_sys.h"
#include "tcg/guest_mem.h"

#include "branch_sys.dec.c"

/* ---- branches ---- */

static bool trans_branch_imm(DisasContext *s, arg_branch_imm *a)
{
    if (a->link)
        write_xreg(s, 30, tcg_constant_i64((int64_t)s->pc_next), 1);
    gen_goto_tb(s, 0, s->pc_curr + (uint64_t)(a->imm * 4));
    return true;
}

static uint64_t branch_dest(const DisasContext *s, int64_t imm)
{
    return s->pc_curr + (uint64_t)(imm * 4);
}

static bool trans_cbz(DisasContext *s, arg_cbz *a)
{
    CondBranch b = gen_cond_branch_begin(s, branch_dest(s, a->imm));

    tcg_gen_brcondi_i64(a->nz != b.invert ? TCG_COND_NE : TCG_COND_EQ,
                        read_cpu_reg(s, a->rt, a->sf), 0, b.label);
    gen_cond_branch_end(s, &b);
    return true;
}

static bool trans_tbz(DisasContext *s, arg_tbz *a)
{
    /* A bit below 32 is the same in Wt and Xt, so b5 only picks the bit. */
    unsigned bit = (unsigned)a->bit; /* b5:b40 */
    CondBranch b = gen_cond_branch_begin(s, branch_dest(s, a->imm));

    tcg_gen_brcondi_i64(a->nz != b.invert ? TCG_COND_TSTNE : TCG_COND_TSTEQ,
                        read_xreg(s, a->rt), (int64_t)((uint64_t)1 << bit),
                        b.label);
    gen_cond_branch_end(s, &b);
    return true;
}

/* B.cond and BC.cond (the latter only hints that the branch is consistent). */
static bool trans_bcond(DisasContext *s, arg_bcond *a)
{
    CondBranch b;

    if (a->hbc && !dc_has_feature(s, ARM_FEAT_HBC))
        return false;
    if (a->cond >= 14) { /* AL and NV both mean "always" */
        gen_goto_tb(s, 0, branch_dest(s, a->imm));
        return true;
    }
    b = gen_cond_branch_begin(s, branch_dest(s, a->imm));
    /* Arm's conditions come in pairs: cond ^ 1 is the inverse. */
    gen_brcond_cc((int)a->cond ^ b.invert, b.label);
    gen_cond_branch_end(s, &b);
    return true;
}

/* BR, BLR, RET: Rn is read before X30 is written, so BLR X30 works. */
static bool trans_branch_reg(DisasContext *s, arg_branch_reg *a)
{
    TCGv_i64 dest = tcg_temp_new_i64();

    tcg_gen_mov_i64(dest, read_xreg(s, a->rn));
    if (a->link)
        write_xreg(s, 30, tcg_constant_i64((int64_t)s->pc_next), 1);
    if (((s->insn >> 21) & 0xf) != 2) /* RET leaves BTYPE 0 */
        gen_branch_btype(s, (int)a->rn, a->link);
    gen_jump_reg(s, dest);
    return true;
}

/* ---- exception generation ---- */

/* Leaves the block with excp after this insn: env->pc = the next insn. */
static void gen_exception_after_insn(DisasContext *s, uint32_t excp,
                                     uint32_t syndrome)
{
    tcg_gen_movi_i64(cpu_pc, (int64_t)s->pc_next);
    tcg_gen_st32_i64(tcg_constant_i64(excp), tcg_env,
                     offsetof(CPUARMState, exception));
    tcg_gen_st32_i64(tcg_constant_i64(syndrome), tcg_env,
                     offsetof(CPUARMState, excp_syndrome));
    tcg_gen_exit_tb(-1);
    note_unknown_exit(s);
    s->is_jmp = DISAS_NORETURN;
}

/* Linux ignores the SVC immediate: every SVC is a syscall. */
static bool trans_SVC(DisasContext *s, arg_SVC *a)
{
    gen_exception_after_insn(s, EXCP_SVC, (uint32_t)a->imm);
    return true;
}

static bool trans_BRK(DisasContext *s, arg_BRK *a)
{
    gen_exception_insn(s, EXCP_BRK, (uint32_t)a->imm);
    return true;
}

static bool trans_HLT(DisasContext *s, arg_HLT *a)
{
    gen_exception_insn(s, EXCP_HLT, (uint32_t)a->imm);
    return true;
}

/* HVC and SMC at EL1: the system mode answers PSCI calls (no EL2/EL3).
 * At EL0 in user mode's vDSO page, HVC is a fast call. */
static bool trans_HVC(DisasContext *s, arg_HVC *a)
{
    if (s->el == 0 && arm_user_fastcall_page &&
        (s->pc_curr & ~(uint64_t)(GUEST_PAGE_SIZE - 1)) ==
            arm_user_fastcall_page) {
        tcg_gen_call3(&helper_info_user_fastcall, NULL, tcg_ptr_as_i64(tcg_env),
                      tcg_constant_i64(a->imm),
                      tcg_constant_i64((int64_t)s->pc_curr));
        return true;
    }
    if (s->el == 0)
        return false;
    gen_exception_after_insn(s, EXCP_HVC, (uint32_t)a->imm);
    return true;
}

static bool trans_SMC(DisasContext *s, arg_SMC *a)
{
    if (s->el == 0)
        return false;
    gen_exception_after_insn(s, EXCP_SMC, (uint32_t)a->imm);
    return true;
}

/* ERET: pc and PSTATE come from ELR/SPSR; the next block's flags with
 * them, so back to the dispatcher. */
static bool trans_ERET(DisasContext *s, arg_ERET *a)
{
    (void)a;
    if (s->el == 0)
        return false;
    tcg_gen_call1(&helper_info_eret, NULL, tcg_ptr_as_i64(tcg_env));
    s->unknown_exit = true;
    s->is_jmp = DISAS_EXIT;
    return true;
}

/* ---- hints, barriers, PSTATE ---- */

/*
 * The PAuth hints (PACIASP ...) sign and authenticate when the pauth
 * feature is on (trans_pauth.c). Every other hint is a NOP here: WFE/WFI/
 * YIELD need no wait in user mode (other guest threads are host threads),
 * and arx does not advertise BTI, whose BTI hints are NOPs without it.
 */
static bool trans_HINT(DisasContext *s, arg_HINT *a)
{
    if (a64_trans_pauth_hint(s, (unsigned)a->crm, (unsigned)a->op2))
        return true;
    if (!arm_system_mode || a->crm != 0)
        return true;
    switch (a->op2) {
    case 2: /* WFE: the vCPU sleeps until an event */
        gen_exception_after_insn(s, EXCP_WFE, 0);
        break;
    case 3: /* WFI: the vCPU sleeps until an interrupt */
        gen_exception_after_insn(s, EXCP_WFI, 0);
        break;
    case 4: /* SEV */
        tcg_gen_call1(&helper_info_sev, NULL, tcg_ptr_as_i64(tcg_env));
        break;
    case 5: /* SEVL */
        tcg_gen_st32_i64(tcg_constant_i64(1), tcg_env,
                         offsetof(CPUARMState, sys.event));
        break;
    }
    return true;
}

static bool trans_CLREX(DisasContext *s, arg_CLREX *a)
{
    (void)s;
    (void)a;
    tcg_gen_st_i64(tcg_constant_i64(-1), tcg_env,
                   offsetof(CPUARMState, exclusive_addr));
    return true;
}

/* DMB/DSB: CRm<1:0> picks the access types (01 loads, 10 stores, else all);
 * the shareability domain does not matter to a user-mode process. */
static bool trans_barrier(DisasContext *s, arg_barrier *a)
{
    (void)s;
    switch (a->crm & 3) {
    case 1: tcg_gen_mb(TCG_BAR_LDLD | TCG_BAR_LDST); break;
    case 2: tcg_gen_mb(TCG_BAR_STST); break;
    default: tcg_gen_mb(TCG_BAR_ALL); break;
    }
    return true;
}

/* Ends the block so that code written before the ISB is fetched anew. */
static bool trans_ISB(DisasContext *s, arg_ISB *a)
{
    (void)a;
    s->is_jmp = DISAS_TOO_MANY;
    return true;
}

/* Speculation barrier: arx does not speculate past guest instructions. */
static bool trans_SB(DisasContext *s, arg_SB *a)
{
    (void)a;
    return dc_has_feature(s, ARM_FEAT_SB);
}

static bool trans_CFINV(DisasContext *s, arg_CFINV *a)
{
    (void)a;
    if (!dc_has_feature(s, ARM_FEAT_FLAGM))
        return false;
    tcg_gen_xori_i64(cpu_CF, cpu_CF, 1);
    return true;
}

/*
 * MSR (immediate): Linux lets EL0 write only SSBS, DIT, TCO and SVCR
 * (features arx does not advertise) and traps DAIFSet/DAIFClr, so all
 * of them UNDEF.
 */
static bool trans_MSR_i(DisasContext *s, arg_MSR_i *a)
{
    unsigned op = (unsigned)(a->op1 << 3 | a->op2);

    /* At EL1: PAN (0.4), SPSel (0.5), DAIFSet (3.6), DAIFClr (3.7); UAO
     * is not advertised. PSTATE decides the next block's flags and the
     * interrupts. */
    if (s->el == 0 || (op != 0x04 && op != 0x05 && op != 0x1e && op != 0x1f))
        return false;
    tcg_gen_call3(&helper_info_msr_i, NULL, tcg_ptr_as_i64(tcg_env),
                  tcg_constant_i64(op), tcg_constant_i64(a->crm));
    gen_exit_after_insn(s);
    return true;
}

/* ---- cache maintenance ---- */

/* DC ZVA through the SoftMMU: the block's stores, each checked. */
static void gen_dc_zva_stores(DisasContext *s, int rt)
{
    TCGv_i64 base = tcg_temp_new_i64();

    tcg_gen_andi_i64(base, read_xreg(s, rt), -(int64_t)ARX_DC_ZVA_BYTES);
    for (unsigned i = 0; i < ARX_DC_ZVA_BYTES; i += 8) {
        TCGv_i64 addr = tcg_temp_new_i64();
        tcg_gen_addi_i64(addr, base, i);
        tcg_gen_guest_st_i64(tcg_constant_i64(0), addr, MO_64);
    }
}

/* User mode: Xt, untagged once tagged pointers may exist (FEAT_MTE
 * checks the block's tags first). */
static TCGv_i64 gen_dc_zva_address(DisasContext *s, int rt)
{
    return gen_mte_block_access(s, read_xreg(s, rt), ARX_DC_ZVA_BYTES);
}

static bool trans_DC_ZVA(DisasContext *s, arg_DC_ZVA *a)
{
    if (arm_system_mode) {
        gen_dc_zva_stores(s, a->rt);
        return true;
    }
    /* Where a fault inside the helper is to be reported. Such faults do
     * not reach the guest yet: they kill arx (see helpers.def). */
    tcg_gen_movi_i64(cpu_pc, (int64_t)s->pc_curr);
    tcg_gen_call2(&helper_info_dc_zva, NULL, tcg_ptr_as_i64(tcg_env),
                  gen_dc_zva_address(s, a->rt));
    return true;
}

/* Cleans to a point of coherency or persistence: nothing to do on a host
 * whose caches are coherent. */
static bool trans_dc_nop(DisasContext *s, arg_dc_nop *a)
{
    (void)s;
    (void)a;
    return true;
}

/*
 * IC IVAU: the guest changed code. The blocks of the address's page are
 * dropped at once (no other thread enters them after this), and this
 * block ends, since the code that follows may be what changed.
 */
static bool trans_IC_IVAU(DisasContext *s, arg_IC_IVAU *a)
{
    /* The SoftMMU saw the writes already (code pages are watched). */
    if (arm_system_mode) {
        gen_exit_after_insn(s);
        return true;
    }
    tcg_gen_call1(&helper_info_ic_ivau, NULL, read_xreg(s, a->rt));
    gen_exit_after_insn(s);
    return true;
}

/*
 * The other SYS operations, EL1 only: TLBI (op1 0, CRn 8), AT S1E* (CRn 7
 * CRm 8), IC IALLU(IS) and DC by set/way (nothing to do: no caches to
 * maintain, code writes are watched). Each ends the block: the mappings
 * or the code may have changed.
 */
static bool trans_SYS(DisasContext *s, arg_SYS *a)
{
    unsigned op = (unsigned)(a->crm << 3 | a->op2);

    if (s->el == 0 || a->op1 != 0)
        return false;
    if (a->crn == 8) {
        tcg_gen_call3(&helper_info_tlbi, NULL, tcg_ptr_as_i64(tcg_env),
                      tcg_constant_i64(op), read_xreg(s, a->rt));
    } else if (a->crn == 7 && a->crm == 8 && a->op2 <= 3) {
        tcg_gen_call3(&helper_info_at, NULL, tcg_ptr_as_i64(tcg_env),
                      tcg_constant_i64(a->op2), read_xreg(s, a->rt));
    } else if (a->crn == 7 && (op == (1 << 3 | 0) || op == (5 << 3 | 0) ||
                               op == (6 << 3 | 1) || op == (6 << 3 | 2) ||
                               op == (10 << 3 | 2) || op == (14 << 3 | 2))) {
        /* IC IALLUIS, IC IALLU, DC IVAC, DC ISW, DC CSW, DC CISW */
    } else {
        return false;
    }
    gen_exit_after_insn(s);
    return true;
}

/* ---- MRS / MSR (register) ---- */

/* The Arm ARM's (op0, op1, CRn, CRm, op2) as one number, as Linux does. */
#define SYSREG_KEY(op0, op1, crn, crm, op2)                                    \
    ((op0) << 14 | (op1) << 11 | (crn) << 7 | (crm) << 3 | (op2))

typedef enum SysRegKind {
    SYSREG_CONST, /* read-only constant */
    SYSREG_ENV64, /* 64-bit field of CPUARMState */
    SYSREG_ENV32, /* 32-bit field of CPUARMState, written through a mask */
    SYSREG_NZCV,
    SYSREG_FPSR, /* env->fpsr plus the host's pending flags */
    SYSREG_CNTVCT,
} SysRegKind;

typedef struct SysRegInfo {
    uint32_t key;
    SysRegKind kind;
    bool writable;
    uint32_t offset; /* SYSREG_ENV* */
    uint64_t value;  /* SYSREG_CONST: the value; SYSREG_ENV32: write mask */
} SysRegInfo;

/* FPSR: QC and the cumulative exception flags IDC, IXC, UFC, OFC, DZC, IOC. */
#define FPSR_WRITABLE 0x0800009fu

static const SysRegInfo sysreg_table[] = {
    {SYSREG_KEY(3, 3, 4, 2, 0), SYSREG_NZCV, true, 0, 0},
    {SYSREG_KEY(3, 3, 4, 4, 0), SYSREG_ENV32, true, offsetof(CPUARMState, fpcr),
     ARM_FPCR_WRITABLE},
    {SYSREG_KEY(3, 3, 4, 4, 1), SYSREG_FPSR, true, 0, FPSR_WRITABLE},
    {SYSREG_KEY(3, 3, 13, 0, 2), SYSREG_ENV64, true,
     offsetof(CPUARMState, tpidr_el0), 0},
    {SYSREG_KEY(3, 3, 13, 0, 3), SYSREG_ENV64, false,
     offsetof(CPUARMState, tpidrro_el0), 0},
    {SYSREG_KEY(3, 3, 14, 0, 0), SYSREG_CONST, false, 0, ARX_CNTFRQ_HZ},
    {SYSREG_KEY(3, 3, 14, 0, 2), SYSREG_CNTVCT, false, 0, 0}, /* CNTVCT */
    {SYSREG_KEY(3, 3, 14, 0, 6), SYSREG_CNTVCT, false, 0, 0}, /* ..SS */
    {SYSREG_KEY(3, 3, 0, 0, 7), SYSREG_CONST, false, 0, ARX_DCZID_EL0},
    {SYSREG_KEY(3, 3, 0, 0, 1), SYSREG_CONST, false, 0, ARX_CTR_EL0},
    /* What Linux's MRS emulation answers for op0=3 op1=0 CRn=0 CRm=0. */
    {SYSREG_KEY(3, 0, 0, 0, 0), SYSREG_CONST, false, 0, ARX_MIDR_EL1},
    {SYSREG_KEY(3, 0, 0, 0, 5), SYSREG_CONST, false, 0, ARX_MPIDR_EL1},
    {SYSREG_KEY(3, 0, 0, 0, 6), SYSREG_CONST, false, 0, ARX_REVIDR_EL1},
    /* ID registers in CRm 4..7 that are not zero; the rest read 0. */
    {SYSREG_KEY(3, 0, 0, 4, 0), SYSREG_CONST, false, 0, ARX_ID_AA64PFR0_EL1},
    {SYSREG_KEY(3, 0, 0, 5, 0), SYSREG_CONST, false, 0, ARX_ID_AA64DFR0_EL1},
    /* ID_AA64ISAR0/1/2_EL1 (CRm 6, op2 0..2): the -cpu model's, see
     * trans_MRS. */
};

/*
 * The register at key, or NULL: UNDEF. Like Linux's MRS emulation
 * (HWCAP_CPUID), the ID space op0=3 op1=0 CRn=0 CRm=4..7 (the AArch64
 * feature registers) reads as zero where no entry says otherwise; CRm=0
 * is MIDR, MPIDR and REVIDR only; the AArch32 registers in CRm=1..3
 * (ID_PFR0, ID_ISAR0, MVFR0-2, ...) are UNDEFINED, as Linux before 6.2
 * and qemu-aarch64 have them (6.2 made CRm=2..3 read as sanitised).
 */
static const SysRegInfo *sysreg_lookup(uint32_t key)
{
    static const SysRegInfo id_raz = {0, SYSREG_CONST, false, 0, 0};
    unsigned crm = (key >> 3) & 0xf;

    for (size_t i = 0; i < sizeof(sysreg_table) / sizeof(sysreg_table[0]); i++)
        if (sysreg_table[i].key == key)
            return &sysreg_table[i];
    if ((key & ~(uint32_t)0x7f) == SYSREG_KEY(3, 0, 0, 0, 0) && crm >= 4 &&
        crm <= 7)
        return &id_raz;
    return NULL;
}

/* op0 is 1:o0 in MRS/MSR, so 2 or 3. */
static uint32_t sysreg_key_of(int64_t o0, int64_t op1, int64_t crn, int64_t crm,
                              int64_t op2)
{
    return (uint32_t)SYSREG_KEY(2 + o0, op1, crn, crm, op2);
}

/*
 * arx-system: an EL1 register (target-arm/sys_regs.c), translated as a
 * field access or a helper call; false when the EL1 table has none.
 */
static bool gen_sys_mrs(DisasContext *s, uint32_t key, int rt)
{
    uint32_t offset = 0;
    bool ends_block;
    TCGv_i64 val = tcg_temp_new_i64();

    switch (arm_sysreg_access(key, s->el, false, &offset, &ends_block)) {
    case ARM_SYSREG_UNDEF: return false;
    case ARM_SYSREG_FIELD: tcg_gen_ld_i64(val, tcg_env, (int32_t)offset); break;
    case ARM_SYSREG_HELPER:
        tcg_gen_call2(&helper_info_sys_read, &val, tcg_ptr_as_i64(tcg_env),
                      tcg_constant_i64(key));
        break;
    }
    write_xreg(s, rt, val, 1);
    return true;
}

static bool gen_sys_msr(DisasContext *s, uint32_t key, int rt)
{
    uint32_t offset = 0;
    bool ends_block;

    switch (arm_sysreg_access(key, s->el, true, &offset, &ends_block)) {
    case ARM_SYSREG_UNDEF: return false;
    case ARM_SYSREG_FIELD:
        tcg_gen_st_i64(read_xreg(s, rt), tcg_env, (int32_t)offset);
        break;
    case ARM_SYSREG_HELPER:
        tcg_gen_call3(&helper_info_sys_write, NULL, tcg_ptr_as_i64(tcg_env),
                      tcg_constant_i64(key), read_xreg(s, rt));
        break;
    }
    if (ends_block)
        gen_exit_after_insn(s);
    return true;
}

/* At EL0 of arx-system the ID space traps (the kernel emulates it). */
static bool sys_el0_denied(const DisasContext *s, uint32_t key)
{
    return arm_system_mode && s->el == 0 &&
           (key & ~(uint32_t)0x7f) == SYSREG_KEY(3, 0, 0, 0, 0);
}

static bool trans_MRS(DisasContext *s, arg_sysreg *a)
{
    uint32_t key = sysreg_key_of(a->o0, a->op1, a->crn, a->crm, a->op2);
    const SysRegInfo *r;
    TCGv_i64 val;
    uint64_t id;

    if (arm_system_mode && s->el == 1 && gen_sys_mrs(s, key, a->rt))
        return true;
    if (!sys_el0_denied(s, key) && a->o0 == 1 && a->op1 == 0 && a->crn == 0 &&
        arm_cpu_id_reg_of(a->crm, a->op2) != ARM_ID_NONE) {
        id = arm_cpu_id_reg(arm_cpu_id_reg_of(a->crm, a->op2));
        write_xreg(s, a->rt, tcg_constant_i64((int64_t)id), 1);
        return true;
    }
    r = sys_el0_denied(s, key) ? NULL : sysreg_lookup(key);
    if (!r)
        return false;
    switch (r->kind) {
    case SYSREG_CONST: val = tcg_constant_i64((int64_t)r->value); break;
    case SYSREG_ENV64:
        val = tcg_temp_new_i64();
        tcg_gen_ld_i64(val, tcg_env, (int32_t)r->offset);
        break;
    case SYSREG_ENV32:
        val = tcg_temp_new_i64();
        tcg_gen_ld32u_i64(val, tcg_env, (int32_t)r->offset);
        break;
    case SYSREG_NZCV: val = gen_get_nzcv(); break;
    case SYSREG_FPSR:
        val = tcg_temp_new_i64();
        tcg_gen_call1(&helper_info_get_fpsr, &val, tcg_ptr_as_i64(tcg_env));
        break;
    default: /* SYSREG_CNTVCT */
        val = tcg_temp_new_i64();
        tcg_gen_call0(&helper_info_cntvct, &val);
        break;
    }
    write_xreg(s, a->rt, val, 1);
    return true;
}

static bool trans_MSR_r(DisasContext *s, arg_sysreg *a)
{
    uint32_t key = sysreg_key_of(a->o0, a->op1, a->crn, a->crm, a->op2);
    const SysRegInfo *r;
    TCGv_i64 val;

    if (arm_system_mode && s->el == 1 && gen_sys_msr(s, key, a->rt))
        return true;
    r = sysreg_lookup(key);
    if (!r || !r->writable)
        return false;
    switch (r->kind) {
    case SYSREG_ENV64:
        tcg_gen_st_i64(read_xreg(s, a->rt), tcg_env, (int32_t)r->offset);
        break;
    case SYSREG_ENV32:
        val = tcg_temp_new_i64();
        tcg_gen_andi_i64(val, read_xreg(s, a->rt), (int64_t)r->value);
        tcg_gen_st32_i64(val, tcg_env, (int32_t)r->offset);
        /* User-mode blocks are keyed by the FP mode (cpu.h): the next
         * block is looked up with the new one, never chained to (a
         * chained jump keeps the flags of the block it leaves). */
        if (r->offset == offsetof(CPUARMState, fpcr))
            gen_exit_after_insn(s);
        break;
    case SYSREG_FPSR:
        val = tcg_temp_new_i64();
        tcg_gen_andi_i64(val, read_xreg(s, a->rt), (int64_t)r->value);
        tcg_gen_call2(&helper_info_set_fpsr, NULL, tcg_ptr_as_i64(tcg_env),
                      val);
        /* Under FZ the next block's key depends on IXC (cpu.h). */
        if (s->fp_fixed && (s->fp_mode & FPCR_FZ))
            gen_exit_after_insn(s);
        break;
    default: /* SYSREG_NZCV */ gen_set_nzcv(read_xreg(s, a->rt)); break;
    }
    return true;
}

/* ---- group entry points (translate.h) ---- */

bool a64_decode_branch_sys(DisasContext *s, uint32_t insn)
{
    return branch_sys_decode(s, insn);
}

const char *a64_describe_branch_sys(uint32_t insn, char *buf, size_t len)
{
    return branch_sys_describe(insn, buf, len);
}
