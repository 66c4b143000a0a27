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

/* In a loop region: the label of the insn at pc, made on first use. */
static TCGLabel region_label(DisasContext *s, uint64_t pc)
{
    unsigned i = (unsigned)((pc - s->pc_first) / 4);

    if (!(s->labels_made >> i & 1)) {
        s->region_labels[i] = tcg_new_label();
        s->labels_made |= 1ull << i;
    }
    return s->region_labels[i];
}

/* Whether a branch from the current insn to dest stays in the loop
 * region: a forward target up to its last back edge. */
static bool region_target(const DisasContext *s, uint64_t dest)
{
    return s->in_region && dest > s->pc_curr && dest <= s->region.end &&
           (s->region.targets >> ((dest - s->pc_first) / 4) & 1);
}

/* A way out to dest through the inline jump-cache probe: a system-mode
 * branch to another page, a loop region's once its chaining slots are
 * taken. Like a chained way out, it need not write back flags the code
 * at dest overwrites (dead: a64_nzcv_dead_at). */
static void gen_lookup_exit(DisasContext *s, uint64_t dest, bool dead)
{
    s->unknown_exit = true;
    tcg_gen_movi_i64(cpu_pc, (int64_t)dest);
    tcg_gen_lookup_and_goto_ptr(cpu_pc, tcg_constant_i32((int32_t)s->tb->flags),
                                dead ? nzcv_globals() : 0);
    s->is_jmp = DISAS_NORETURN;
}

/*
 * A back edge to a loop head other than this block's start, from within
 * the loop region found there: counted, so that the head is translated
 * again as a region once hot (tcg/tb.h). A block's branch to its own
 * start needs no count: it already loops in its own code.
 */
static bool counts_toward_region(const DisasContext *s, uint64_t dest)
{
    uint64_t page = s->pc_first & ~(uint64_t)(GUEST_PAGE_SIZE - 1);
    A64Region r;

    if (arm_system_mode || s->single_step || !log_enabled(LOG_REGION) ||
        dest >= s->pc_curr || dest == s->pc_first ||
        (dest & ~(uint64_t)(GUEST_PAGE_SIZE - 1)) != page ||
        s->pc_curr - dest >= 4 * A64_REGION_MAX_INSNS)
        return false;
    return a64_find_loop_region(s->env, dest, A64_REGION_MAX_INSNS, &r) &&
           r.end >= s->pc_curr;
}

/* Leaves the block for dest (a chained jump through slot). */
static void gen_leave_to(DisasContext *s, unsigned slot, uint64_t dest)
{
    uint64_t page = s->pc_first & ~(uint64_t)(GUEST_PAGE_SIZE - 1);
    A64NZCVFate fate = a64_nzcv_fate(s->env, dest, page);
    bool dead = fate == A64_NZCV_DEAD;
    uint64_t dead_flags = dead ? nzcv_globals() : 0;

    /* A stepped instruction leaves with its next pc for the step
     * exception, never chained. */
    if (s->single_step) {
        s->unknown_exit = true;
        tcg_gen_movi_i64(cpu_pc, (int64_t)dest);
        gen_step_done();
        s->is_jmp = DISAS_NORETURN;
        return;
    }
    /* A block for FZ with IXC clear leaves through the dispatcher, which
     * looks at IXC again for the next block's key (cpu.h). */
    if (s->fp_ixc_clear) {
        s->unknown_exit = true;
        tcg_gen_movi_i64(cpu_pc, (int64_t)dest);
        tcg_gen_exit_tb(-1);
        s->is_jmp = DISAS_NORETURN;
        return;
    }
    /* System mode chains only within a page (the block lookup proves the
     * mapping): another page's block is found by the inline jump-cache
     * probe, without a trip through the dispatcher. */
    if (arm_system_mode && (dest & ~(uint64_t)(GUEST_PAGE_SIZE - 1)) != page) {
        gen_lookup_exit(s, dest, false);
        return;
    }

    /* A loop region's back edges share the last slot (one target: a
     * jump left unchained through it still reaches the dispatcher);
     * its other ways out take the rest in turn, then the probe. */
    if (s->in_region && dest == s->pc_first) {
        slot = TB_MAX_JUMPS - 1;
    } else if (s->in_region && s->next_slot >= TB_MAX_JUMPS - 1) {
        gen_lookup_exit(s, dest, dead);
        return;
    } else if (s->in_region) {
        slot = s->next_slot++;
    }
    if (counts_toward_region(s, dest))
        slot |= TCG_GOTO_TB_HOT;
    /* Flags only code past a call or an indirect branch might read stay
     * lazy (first tier only: a region's ways out keep them computed). */
    if (fate == A64_NZCV_ESCAPES && !s->in_region && !arm_system_mode)
        dead_flags = arm_gen_lazy_flags();
    if (s->nb_exits < 2) {
        s->exit_flags_dead[s->nb_exits] = dead_flags != 0;
        s->exit_pc[s->nb_exits++] = dest;
    } else {
        s->unknown_exit = true;
    }
    /* This way out need not write back flags the code there overwrites. */
    tcg_gen_goto_tb(slot, cpu_pc, dest, dead_flags);
    s->is_jmp = DISAS_NORETURN;
}

void gen_goto_tb(DisasContext *s, unsigned slot, uint64_t dest)
{
    if (region_target(s, dest)) {
        tcg_gen_br(region_label(s, dest));
        s->is_jmp = DISAS_NORETURN;
        return;
    }
    gen_leave_to(s, slot, dest);
}

CondBranch gen_cond_branch_begin(DisasContext *s, uint64_t dest)
{
    CondBranch b = {.dest = dest};

    if (region_target(s, dest)) {
        b.label = region_label(s, dest);
        b.inside = true;
        return b;
    }
    b.label = tcg_new_label();
    b.invert = s->in_region && s->pc_curr != s->region.end;
    return b;
}

/* Not inverted, the fall-through leaves through slot 0, taken slot 1. */
void gen_cond_branch_end(DisasContext *s, const CondBranch *b)
{
    if (b->inside)
        return;
    if (b->invert) {
        gen_goto_tb(s, 0, b->dest);
        tcg_gen_set_label(b->label);
        s->is_jmp = DISAS_NEXT;
        return;
    }
    gen_goto_tb(s, 0, s->pc_next);
    tcg_gen_set_label(b->label);
    gen_goto_tb(s, 1, b->dest);
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
    case DISAS_TOO_MANY: gen_leave_to(s, 0, s->pc_next); break;
    case DISAS_JUMP:
        /* BR, BLR, RET keep the block's state, but for IXC (cpu.h). */
        if (s->fp_ixc_clear) {
            tcg_gen_exit_tb(-1);
            break;
        }
        tcg_gen_lookup_and_goto_ptr(
            cpu_pc, tcg_constant_i32((int32_t)s->tb->flags),
            arm_system_mode || s->in_region ? 0 : arm_gen_lazy_flags());
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

/* ---- loop regions ---- */

/* Labels some branch made but translation never reached (the region
 * stopped early): ways out to their instructions. */
static void region_leave_unbound(DisasContext *s)
{
    for (uint64_t m = s->labels_made & ~s->labels_bound; m; m &= m - 1) {
        uint64_t pc = s->pc_first + 4 * (uint64_t)__builtin_ctzll(m);
        tcg_gen_set_label(s->region_labels[(pc - s->pc_first) / 4]);
        gen_leave_to(s, 0, pc);
    }
}

/*
 * The block is a loop region (region.c): its insns in order up to the
 * last back edge, each branch target's label bound where it is reached
 * (what the translator knew of the flags is forgotten there), code that
 * neither falls in nor is a target skipped. An insn that ends the block
 * some other way (an exception, an indirect branch, ISB) leaves there.
 */
static void translate_region(DisasContext *s)
{
    bool falls_in = true;

    s->in_region = true;
    for (; s->pc_curr <= s->region.end; s->pc_curr += 4) {
        unsigned i = (unsigned)((s->pc_curr - s->pc_first) / 4);

        if (s->region.targets >> i & 1) {
            tcg_gen_set_label(region_label(s, s->pc_curr));
            s->labels_bound |= 1ull << i;
            arm_flags_block_start();
        } else if (!falls_in) {
            continue;
        }
        if (tcg_ctx.nb_ops > TCG_MAX_OPS - 256) {
            gen_leave_to(s, 0, s->pc_curr);
            falls_in = false;
            break;
        }
        s->is_jmp = DISAS_NEXT;
        translate_one(s);
        s->insn_count++;
        if (s->is_jmp != DISAS_NEXT && s->is_jmp != DISAS_NORETURN)
            gen_block_end(s);
        falls_in = s->is_jmp == DISAS_NEXT;
    }
    if (falls_in)
        gen_leave_to(s, 0, s->pc_curr);
    region_leave_unbound(s);
    s->is_jmp = DISAS_NORETURN;
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
    s.sve_vl128 = !arm_system_mode && !(tb->flags & ARM_TBFLAG_SVE_VL_OTHER);
    s.fp_fixed = !arm_system_mode;
    s.fp_mode = (tb->flags & ARM_TBFLAG_FP_MODE) << ARM_TBFLAG_FP_SHIFT;
    s.fp_ixc_clear = !arm_system_mode && (tb->flags & ARM_TBFLAG_FP_IXC_CLEAR);
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
    /* Lazy flags (cpu.h) are computed before a block that may read them
     * first runs: it leaves to the dispatcher, which settles them. A
     * loop region's paths are not followed here: its head checks. */
    if (!arm_system_mode &&
        (a64_nzcv_read_first(env, tb->pc, max_insns) ||
         (log_enabled(LOG_REGION) && tb_loop_is_hot(tb->pc, tb->flags))))
        tcg_gen_exit_check(offsetof(CPUARMState, cf) + 4, cpu_pc, tb->pc);
    arm_flags_block_start();
    if (!arm_system_mode && !s.single_step && log_enabled(LOG_REGION) &&
        tb_loop_is_hot(tb->pc, tb->flags) &&
        a64_find_loop_region(env, tb->pc, max_insns, &s.region)) {
        translate_region(&s);
        tb->tier = 1;
        tb->size = (uint32_t)(s.region.end + 4 - tb->pc);
        tb->icount = (uint16_t)s.insn_count;
        return;
    }
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
