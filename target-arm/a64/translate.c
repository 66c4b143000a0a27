/*
 * The A64 translator core: register accessors, block exits, and the
 * per-block loop that hands each instruction to its encoding group (the
 * register globals, NZCV and conditions are target-arm/flags.c's).
 * Guest code is read only through tcg/guest_mem.h.
 */
#include "target-arm/a64/translate.h"
#include "target-arm/helper_info.h"
#include "target-arm/mte.h"
#include "target-arm/sve.h"

#include <stdio.h>

#include "tcg/debug.h"
#include "tcg/guest_mem.h"
#include "tcg/tb.h"
#include "util/log.h"

void a64_translate_init(void)
{
    arm_translate_globals_init();
    /* The stack pointer, the first two argument/result registers and the
     * link register: in nearly every function's blocks. */
    tcg_pin_globals((TCGv_i64[]){cpu_X[31], cpu_X[0], cpu_X[1], cpu_X[30]}, 4);
}

/* ---- general registers ---- */

TCGv_i64 read_xreg(DisasContext *s, int reg)
{
    (void)s;
    return reg == 31 ? tcg_constant_i64(0) : cpu_X[reg];
}

TCGv_i64 read_xreg_sp(DisasContext *s, int reg)
{
    (void)s;
    return cpu_X[reg];
}

TCGv_i64 read_cpu_reg(DisasContext *s, int reg, int sf)
{
    TCGv_i64 v = tcg_temp_new_i64();

    if (sf)
        tcg_gen_mov_i64(v, read_xreg(s, reg));
    else
        tcg_gen_ext32u_i64(v, read_xreg(s, reg));
    return v;
}

TCGv_i64 read_cpu_reg_sp(DisasContext *s, int reg, int sf)
{
    TCGv_i64 v = tcg_temp_new_i64();

    (void)s;
    if (sf)
        tcg_gen_mov_i64(v, cpu_X[reg]);
    else
        tcg_gen_ext32u_i64(v, cpu_X[reg]);
    return v;
}

void write_xreg(DisasContext *s, int reg, TCGv_i64 val, int sf)
{
    (void)s;
    if (reg == 31)
        return;
    if (sf)
        tcg_gen_mov_i64(cpu_X[reg], val);
    else
        tcg_gen_ext32u_i64(cpu_X[reg], val);
}

void write_xreg_sp(DisasContext *s, int reg, TCGv_i64 val, int sf)
{
    (void)s;
    if (sf)
        tcg_gen_mov_i64(cpu_X[reg], val);
    else
        tcg_gen_ext32u_i64(cpu_X[reg], val);
}

/* ---- block exits ---- */

/* The NZCV globals, as a mask of temp indices (for dead-global masks). */
static uint64_t nzcv_globals(void)
{
    return 1ull << cpu_NF.idx | 1ull << cpu_ZF.idx | 1ull << cpu_CF.idx |
           1ull << cpu_VF.idx;
}

/* Software step: the instruction is done, pc stored: EXCP_STEP. */
static void gen_step_done(void)
{
    tcg_gen_st_i32(tcg_constant_i32(EXCP_STEP), tcg_env,
                   offsetof(CPUARMState, exception));
    tcg_gen_exit_tb(-1);
}

void gen_goto_tb(DisasContext *s, unsigned slot, uint64_t dest)
{
    uint64_t page = s->pc_first & ~(uint64_t)(GUEST_PAGE_SIZE - 1);
    bool dead = a64_nzcv_dead_at(s->env, dest, page);

    /* A stepped instruction leaves with its next pc for the step
     * exception, never chained. */
    if (s->single_step) {
        s->unknown_exit = true;
        tcg_gen_movi_i64(cpu_pc, (int64_t)dest);
        gen_step_done();
        s->is_jmp = DISAS_NORETURN;
        return;
    }
    /* System mode chains only within a page (the block lookup proves the
     * mapping): another page's block is found by the inline jump-cache
     * probe, without a trip through the dispatcher. */
    if (arm_system_mode && (dest & ~(uint64_t)(GUEST_PAGE_SIZE - 1)) != page) {
        s->unknown_exit = true;
        tcg_gen_movi_i64(cpu_pc, (int64_t)dest);
        tcg_gen_lookup_and_goto_ptr(cpu_pc,
                                    tcg_constant_i32((int32_t)s->tb->flags));
        s->is_jmp = DISAS_NORETURN;
        return;
    }

    if (s->nb_exits < 2) {
        s->exit_flags_dead[s->nb_exits] = dead;
        s->exit_pc[s->nb_exits++] = dest;
    } else {
        s->unknown_exit = true;
    }
    /* This way out need not write back flags the code there overwrites. */
    tcg_gen_goto_tb(slot, cpu_pc, dest, dead ? nzcv_globals() : 0);
    s->is_jmp = DISAS_NORETURN;
}

void gen_jump_reg(DisasContext *s, TCGv_i64 val)
{
    s->unknown_exit = true;
    tcg_gen_mov_i64(cpu_pc, val);
    s->is_jmp = DISAS_JUMP;
}

void gen_branch_btype(DisasContext *s, int rn, bool link)
{
    int btype;

    if (!s->keep_btype)
        return;
    if (link)
        btype = 2;
    else /* BR: 3 only from a guarded page and not through X16/X17 */
        btype = s->guarded && rn != 16 && rn != 17 ? 3 : 1;
    tcg_gen_st32_i64(tcg_constant_i64(btype), tcg_env,
                     offsetof(CPUARMState, btype));
}

static void gen_raise(uint64_t pc, uint32_t excp, uint32_t syndrome)
{
    tcg_gen_movi_i64(cpu_pc, (int64_t)pc);
    tcg_gen_st_i32(tcg_constant_i32((int32_t)excp), tcg_env,
                   offsetof(CPUARMState, exception));
    tcg_gen_st_i32(tcg_constant_i32((int32_t)syndrome), tcg_env,
                   offsetof(CPUARMState, excp_syndrome));
    tcg_gen_exit_tb(-1);
}

void gen_exception_insn(DisasContext *s, uint32_t excp, uint32_t syndrome)
{
    s->unknown_exit = true;
    gen_raise(excp == EXCP_SVC ? s->pc_next : s->pc_curr, excp, syndrome);
    s->is_jmp = DISAS_NORETURN;
}

void gen_exception_insn_if(DisasContext *s, TCGv_i64 flag, uint32_t excp,
                           uint32_t syndrome)
{
    TCGLabel skip = tcg_new_label();

    s->unknown_exit = true;
    tcg_gen_brcondi_i64(TCG_COND_EQ, flag, 0, skip);
    gen_raise(s->pc_curr, excp, syndrome);
    tcg_gen_set_label(skip);
}

bool unallocated_encoding(DisasContext *s)
{
    gen_exception_insn(s, EXCP_UDEF, s->insn);
    return true;
}

void gen_exit_after_insn(DisasContext *s)
{
    s->unknown_exit = true;
    tcg_gen_movi_i64(cpu_pc, (int64_t)s->pc_next);
    s->is_jmp = DISAS_EXIT;
}

void clear_vreg_high(int reg)
{
    tcg_gen_st_i64(tcg_constant_i64(0), tcg_env, vreg_offset(reg) + 8);
}

/* ---- BTI: the landing-pad check of a guarded block ---- */

/*
 * The BTYPE values (bit n for BTYPE n) the first instruction of a guarded
 * block is not a landing pad for (Arm ARM BTypeCompatible): BTI c takes
 * BLR and BR X16/X17 (1, 2), BTI j any BR (1, 3), BTI jc all, PACIASP and
 * PACIBSP as BTI c (SCTLR_EL1.BT0 = 1, as Linux sets it), BRK and HLT
 * raise their own exception. Everything else takes none.
 */
static bool a64_insn_is_brk_or_hlt(uint32_t insn)
{
    return (insn & 0xffe0001fu) == 0xd4200000u || /* BRK */
           (insn & 0xffe0001fu) == 0xd4400000u;   /* HLT */
}

static unsigned bti_refused_btypes(uint32_t insn)
{
    enum { ALL = 0xe, BTI_HINT = 0xd503241f, PACIXSP = 0xd503233f };

    if ((insn & ~0xc0u) == BTI_HINT) /* BTI, BTI c, j, jc: op2 = 0 t:2 */
        return (unsigned[]){ALL, 1u << 3, 1u << 2, 0}[(insn >> 6) & 3];
    if ((insn & ~0x40u) == PACIXSP) /* PACIASP, PACIBSP */
        return 1u << 3;
    return a64_insn_is_brk_or_hlt(insn) ? 0 : ALL;
}

/*
 * At a block's entry the previous instruction's BTYPE is in env: a
 * guarded block first checks it against its first instruction (EXCP_BTI
 * at that pc, BTYPE kept for the signal frame), then every block clears
 * it, since any instruction but an indirect branch leaves BTYPE 0. Not
 * BRK and HLT, whose exception saves BTYPE in SPSR: the frame shows it.
 * (Other exceptions of a first instruction save 0 where Arm saves the
 * branch's BTYPE; restarting the instruction behaves the same.)
 */
static void gen_bti_entry(DisasContext *s, uint64_t pc)
{
    uint32_t insn;
    unsigned refused;
    TCGv_i64 btype, hit;
    TCGLabel landed;

    if (!s->keep_btype)
        return;
    insn = guest_fetch32(s->env, pc);
    refused = s->guarded ? bti_refused_btypes(insn) : 0;
    if (refused) {
        btype = tcg_temp_new_i64();
        hit = tcg_temp_new_i64();
        landed = tcg_new_label();
        tcg_gen_ld32u_i64(btype, tcg_env, offsetof(CPUARMState, btype));
        tcg_gen_shr_i64(hit, tcg_constant_i64(refused), btype);
        tcg_gen_andi_i64(hit, hit, 1);
        tcg_gen_brcondi_i64(TCG_COND_EQ, hit, 0, landed);
        gen_raise(pc, EXCP_BTI, 0);
        tcg_gen_set_label(landed);
    }
    if (a64_insn_is_brk_or_hlt(insn))
        return;
    tcg_gen_st32_i64(tcg_constant_i64(0), tcg_env,
                     offsetof(CPUARMState, btype));
}

/* ---- the block loop ---- */

typedef bool DecodeFn(DisasContext *s, uint32_t insn);

/* Encoding groups by op0 (bits 28:25), as the Arm ARM's top-level table. */
static DecodeFn *group_for(uint32_t insn)
{
    switch ((insn >> 25) & 0xf) {
    case 0x8:
    case 0x9: return a64_decode_dp_imm;
    case 0xa:
    case 0xb: return a64_decode_branch_sys;
    case 0x4:
    case 0x6:
    case 0xc:
    case 0xe: return a64_decode_ldst;
    case 0x5:
    case 0xd: return a64_decode_dp_reg;
    case 0x7:
    case 0xf: return NULL; /* FP and SIMD: tried in turn below */
    case 0x2: return a64_decode_sve;
    default: return NULL;
    }
}

static bool decode_insn(DisasContext *s, uint32_t insn)
{
    DecodeFn *fn = group_for(insn);
    unsigned op0 = (insn >> 25) & 0xf;

    if (fn)
        return fn(s, insn) || a64_decode_feat(s, insn) ||
               a64_decode_pauth(s, insn) || a64_decode_mops(s, insn) ||
               a64_decode_mte(s, insn);
    if (op0 == 0x7 || op0 == 0xf)
        return a64_decode_fp(s, insn) || a64_decode_simd(s, insn) ||
               a64_decode_crypto(s, insn) || a64_decode_feat(s, insn);
    return false;
}

static void log_unimp(const DisasContext *s)
{
    if (log_enabled(LOG_UNIMP))
        arx_log("arx: unimplemented instruction 0x%08x at pc 0x%llx\n", s->insn,
                (unsigned long long)s->pc_curr);
}

/* A hardware breakpoint register names pc: whether it fires is decided
 * when the instruction is reached (EL, MDSCR_EL1, PSTATE.D); a write to
 * the registers drops every translated block. */
static void gen_breakpoint_check(DisasContext *s)
{
    TCGLabel no_break = tcg_new_label();
    TCGv_i64 hit = tcg_temp_new_i64();

    tcg_gen_call2(&helper_info_bkpt_check, &hit, tcg_ptr_as_i64(tcg_env),
                  tcg_constant_i64((int64_t)s->pc_curr));
    tcg_gen_brcondi_i64(TCG_COND_EQ, hit, 0, no_break);
    gen_raise(s->pc_curr, EXCP_BKPT, 0);
    tcg_gen_set_label(no_break);
}

static void translate_one(DisasContext *s)
{
    uint32_t insn = guest_fetch32(s->env, s->pc_curr);

    s->insn = insn;
    s->pc_next = s->pc_curr + 4;
    tcg_gen_insn_start(s->pc_curr);
    if (arm_system_mode && arm_sys_breakpoint_at(s->env, s->pc_curr))
        gen_breakpoint_check(s);
    if (!decode_insn(s, insn)) {
        log_unimp(s);
        unallocated_encoding(s);
    } else if (s->is_jmp == DISAS_NEXT) {
        a64_sve_note_vreg_writes(s, insn);
    }
}

static void gen_block_end(DisasContext *s)
{
    if (s->single_step && s->is_jmp != DISAS_NORETURN) {
        if (s->is_jmp == DISAS_NEXT || s->is_jmp == DISAS_TOO_MANY)
            tcg_gen_movi_i64(cpu_pc, (int64_t)s->pc_next);
        gen_step_done();
        return;
    }
    switch (s->is_jmp) {
    case DISAS_NEXT:
    case DISAS_TOO_MANY: gen_goto_tb(s, 0, s->pc_next); break;
    case DISAS_JUMP:
        /* BR, BLR, RET keep the block's state. */
        tcg_gen_lookup_and_goto_ptr(cpu_pc,
                                    tcg_constant_i32((int32_t)s->tb->flags));
        break;
    case DISAS_EXIT: tcg_gen_exit_tb(-1); break;
    case DISAS_NORETURN: break;
    }
}

/* Every way out of the block overwrites NZCV before reading it. */
static bool flags_dead_at_exits(const DisasContext *s)
{
    if (s->unknown_exit || s->nb_exits == 0)
        return false;
    for (int i = 0; i < s->nb_exits; i++)
        if (!s->exit_flags_dead[i])
            return false;
    return true;
}

/*
 * A block whose first instruction cannot be fetched only raises the fault
 * (blocks never cross a page, so the rest of the block fetches from the
 * same page): a misaligned pc (BR/BLR/RET to it) is a PC alignment fault,
 * an unmapped or non-executable page an instruction abort, both taken at
 * that pc as Arm takes them.
 */
static bool gen_fetch_fault(TranslationBlock *tb, void *env)
{
    GuestFetchState state;

    if (tb->pc & 3) {
        gen_raise(tb->pc, EXCP_ALIGN, 0);
    } else if (arm_system_mode) {
        return false; /* the dispatcher's lookup proved the page fetchable */
    } else {
        state = guest_fetch_state(env, tb->pc);
        if (state == GUEST_FETCH_OK)
            return false;
        gen_raise(tb->pc, EXCP_PREFETCH_ABORT,
                  state == GUEST_FETCH_DENIED ? ARM_FETCH_DENIED
                                              : ARM_FETCH_UNMAPPED);
    }
    tb->size = 0;
    tb->icount = 0;
    return true;
}

void a64_translate_block(TranslationBlock *tb, void *env, int max_insns)
{
    DisasContext s = {
        .tb = tb, .env = env, .pc_first = tb->pc, .pc_curr = tb->pc};
    uint64_t page = tb->pc & ~(GUEST_PAGE_SIZE - 1);

    s.el = (tb->flags & ARM_TBFLAG_EL1) ? 1 : 0;
    s.sve_vl128 = !arm_system_mode && (tb->flags & ARM_TBFLAG_SVE_VL128);
    s.features = arm_cpu_features;
    s.keep_btype = arm_bti_active && dc_has_feature(&s, ARM_FEAT_BTI);
    s.mte =
        !arm_system_mode && __atomic_load_n(&arm_mte_active, __ATOMIC_ACQUIRE);
    s.single_step = (tb->phys & ARM_PHYS_STEP) != 0;
    if (s.single_step)
        max_insns = 1;
    /* A debugger's step notes its accesses (read watchpoints). */
    tcg_ctx.access_probe = s.single_step ? &helper_info_debug_access : NULL;
    tcg_ctx.mem_index = !s.el                          ? ARM_MMU_EL0
                        : (tb->flags & ARM_TBFLAG_PAN) ? ARM_MMU_EL1_PAN
                                                       : ARM_MMU_EL1;

    /*
     * Every block first checks exit_request, so a signal reaches even a
     * thread spinning in a loop without syscalls (design decision 9).
     */
    tcg_gen_exit_check(offsetof(CPUARMState, exit_request), cpu_pc, tb->pc);
    if (gen_fetch_fault(tb, env))
        return;
    /* A debugger's breakpoint: the block stops before the instruction
     * (not a step's, which runs past it when the debugger asks). */
    if (!s.single_step && tcg_debug_breakpoint_at(tb->pc)) {
        gen_raise(tb->pc, EXCP_DEBUG, 0);
        tb->size = 0;
        tb->icount = 0;
        return;
    }

    s.guarded = s.keep_btype && guest_fetch_guarded(env, tb->pc);
    gen_bti_entry(&s, tb->pc);
    arm_flags_block_start();
    s.is_jmp = DISAS_NEXT;
    for (;;) {
        translate_one(&s);
        s.insn_count++;
        if (s.is_jmp != DISAS_NEXT)
            break;
        s.pc_curr = s.pc_next;
        /* Stop at a page end: the next page may be unmapped. */
        if (s.insn_count >= max_insns ||
            (s.pc_curr & ~(GUEST_PAGE_SIZE - 1)) != page ||
            tcg_ctx.nb_ops > TCG_MAX_OPS - 256 ||
            tcg_debug_breakpoint_at(s.pc_curr)) {
            s.is_jmp = DISAS_TOO_MANY;
            break;
        }
    }
    gen_block_end(&s);
    if (flags_dead_at_exits(&s))
        tcg_ctx.globals_dead_at_exit = nzcv_globals();
    tb->size = (uint32_t)(s.pc_next - tb->pc);
    tb->icount = (uint16_t)s.insn_count;
}

/* ---- -d in_asm ---- */

static const char *describe_group(uint32_t insn, char *buf, size_t len)
{
    const char *d;

    switch ((insn >> 25) & 0xf) {
    case 0x8:
    case 0x9: return a64_describe_dp_imm(insn, buf, len);
    case 0xa:
    case 0xb: return a64_describe_branch_sys(insn, buf, len);
    case 0x4:
    case 0x6:
    case 0xc:
    case 0xe: return a64_describe_ldst(insn, buf, len);
    case 0x5:
    case 0xd: return a64_describe_dp_reg(insn, buf, len);
    case 0x2: return a64_describe_sve(insn, buf, len);
    case 0x7:
    case 0xf:
        d = a64_describe_fp(insn, buf, len);
        d = d ? d : a64_describe_simd(insn, buf, len);
        return d ? d : a64_describe_crypto(insn, buf, len);
    default: return NULL;
    }
}

/* The group's own patterns first, then the optional features' (ext). */
static const char *describe(uint32_t insn, char *buf, size_t len)
{
    const char *d = describe_group(insn, buf, len);

    d = d ? d : a64_describe_feat(insn, buf, len);
    d = d ? d : a64_describe_pauth(insn, buf, len);
    if (!d)
        d = a64_describe_mops(insn, buf, len);
    return d ? d : a64_describe_mte(insn, buf, len);
}

void a64_log_in_asm(const TranslationBlock *tb, void *env)
{
    char buf[160];

    arx_log("IN: [guest 0x%016llx] %u insns\n", (unsigned long long)tb->pc,
            tb->icount);
    for (uint64_t pc = tb->pc; pc < tb->pc + tb->size; pc += 4) {
        uint32_t insn = guest_fetch32(env, pc);
        const char *d = describe(insn, buf, sizeof(buf));
        arx_log("0x%016llx:  %08x  %s\n", (unsigned long long)pc, insn,
                d ? d : "(unallocated)");
    }
    arx_log("\n");
}
