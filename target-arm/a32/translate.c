/*
 * The AArch32 user-mode translator core: register access, conditional
 * execution and IT blocks, interworking branches, exits, and the
 * per-block loop that fetches A32 words or T32 halfwords and hands each
 * instruction to the group decoders in turn.
 *
 * Invariant: at a block's entry env->condexec and env->thumb are the
 * block's own flags (the dispatcher keyed the block by them, and chained
 * jumps only join blocks of equal flags). The translator tracks what env
 * holds (env_condexec) and stores ITSTATE only where it changes, so a
 * fault, syscall or exit sees the ITSTATE of its pc.
 */
#include "target-arm/a32/translate.h"

#include <stdio.h>

#include "target-arm/helper_info.h"
#include "target-arm/sys.h" /* ARM_PHYS_STEP */
#include "tcg/debug.h"
#include "tcg/guest_mem.h"
#include "tcg/tb.h"
#include "util/log.h"

/* What env->condexec holds at this point of the generated code. */
static uint32_t env_condexec;

void a32_translate_init(void)
{
    arm_translate_globals_init();
    /* r0-r14 and pc live zero-extended (every write truncates), CF is 0
     * or 1: the optimizer may drop the extensions that change none of
     * them. (ZF may hold a 64-bit result: UMULLS.) */
    for (int i = 0; i < 15; i++)
        tcg_global_set_bits(cpu_X[i], 0xffffffffu);
    tcg_global_set_bits(cpu_pc, 0xffffffffu);
    tcg_global_set_bits(cpu_CF, 1);
    /* SP, r0, r1 and LR: in nearly every function's blocks. */
    tcg_pin_globals((TCGv_i64[]){cpu_X[13], cpu_X[0], cpu_X[1], cpu_X[14]}, 4);
}

/* ---- registers ---- */

static uint32_t pc_read_value(const DisasContext *s)
{
    return (uint32_t)(s->pc_curr + (s->thumb ? 4 : 8));
}

TCGv_i64 load_reg(DisasContext *s, int reg)
{
    TCGv_i64 t = tcg_temp_new_i64();

    if (reg == 15)
        tcg_gen_movi_i64(t, pc_read_value(s));
    else
        tcg_gen_mov_i64(t, cpu_X[reg]);
    return t;
}

TCGv_i64 load_pc_aligned(DisasContext *s, int64_t imm)
{
    TCGv_i64 t = tcg_temp_new_i64();

    tcg_gen_movi_i64(t, (uint32_t)((pc_read_value(s) & ~3u) + (uint64_t)imm));
    return t;
}

static void store_condexec(uint32_t value)
{
    if (value == env_condexec)
        return;
    tcg_gen_st_i32(tcg_constant_i32((int32_t)value), tcg_env,
                   offsetof(CPUARMState, condexec));
    env_condexec = value;
}

/* A stepped insn leaves with pc stored: EXCP_STEP. */
static void gen_step_done(void)
{
    tcg_gen_st_i32(tcg_constant_i32(EXCP_STEP), tcg_env,
                   offsetof(CPUARMState, exception));
    tcg_gen_exit_tb(-1);
}

/* An indirect branch with pc in cpu_pc: to the block for flags, or the
 * end of a step. */
static void gen_lookup_and_goto(DisasContext *s, TCGv_i32 flags)
{
    if (s->single_step) {
        gen_step_done();
        return;
    }
    /* No branch changes the FP mode: the target's is this block's. */
    if (s->fp_mode) {
        TCGv_i32 all = tcg_temp_new_i32();
        tcg_gen_ori_i32(all, flags, (int32_t)s->fp_mode);
        flags = all;
    }
    tcg_gen_lookup_and_goto_ptr(cpu_pc, flags, 0);
}

/* A branch leaves the IT block (it is its last insn, or outside one). */
static void branch_leaves_it(DisasContext *s)
{
    s->condexec_next = 0;
    store_condexec(0);
}

void store_reg(DisasContext *s, int reg, TCGv_i64 val)
{
    if (reg != 15) {
        tcg_gen_ext32u_i64(cpu_X[reg], val);
        return;
    }
    if (!s->thumb) {
        gen_bx(s, val); /* ARMv7: ALUWritePC is BXWritePC in A32 */
        return;
    }
    TCGv_i64 t = tcg_temp_new_i64();
    tcg_gen_andi_i64(t, val, 0xfffffffe);
    branch_leaves_it(s);
    tcg_gen_mov_i64(cpu_pc, t);
    s->all_exits_known = false;
    gen_lookup_and_goto(s, tcg_constant_i32((int32_t)A32_TBFLAG_THUMB));
    s->is_jmp = DISAS_NORETURN;
}

void gen_thumb_jmp_even(DisasContext *s, TCGv_i64 val)
{
    TCGv_i64 t = tcg_temp_new_i64();

    tcg_gen_ext32u_i64(t, val);
    branch_leaves_it(s);
    tcg_gen_mov_i64(cpu_pc, t);
    s->all_exits_known = false;
    gen_lookup_and_goto(s, tcg_constant_i32((int32_t)A32_TBFLAG_THUMB));
    s->is_jmp = DISAS_NORETURN;
}

void store_reg_bx(DisasContext *s, int reg, TCGv_i64 val)
{
    if (reg == 15)
        gen_bx(s, val);
    else
        tcg_gen_ext32u_i64(cpu_X[reg], val);
}

/* ---- branches and exits ---- */

/* The flag globals dead at dest, as a dead-globals mask. */
static uint64_t flags_dead_at(DisasContext *s, uint64_t dest, bool in_it)
{
    unsigned dead;
    uint64_t mask = 0;

    if (in_it)
        return 0;
    dead = a32_nzcv_dead_at(s->env, dest, s->thumb,
                            s->pc_first & ~(GUEST_PAGE_SIZE - 1));
    if (dead & 8)
        mask |= 1ull << cpu_NF.idx;
    if (dead & 4)
        mask |= 1ull << cpu_ZF.idx;
    if (dead & 2)
        mask |= 1ull << cpu_CF.idx;
    if (dead & 1)
        mask |= 1ull << cpu_VF.idx;
    return mask;
}

void a32_goto_tb(DisasContext *s, unsigned slot, uint64_t dest, bool in_it)
{
    uint64_t dead = flags_dead_at(s, dest, in_it);

    if (s->single_step) {
        s->all_exits_known = false;
        tcg_gen_movi_i64(cpu_pc, (uint32_t)dest);
        gen_step_done();
        return;
    }
    s->dead_at_exits &= dead;
    tcg_gen_goto_tb(slot, cpu_pc, (uint32_t)dest, dead);
}

void gen_jmp(DisasContext *s, uint64_t dest)
{
    branch_leaves_it(s);
    a32_goto_tb(s, 0, dest, false);
    s->is_jmp = DISAS_NORETURN;
}

static void store_thumb(bool thumb)
{
    tcg_gen_st_i32(tcg_constant_i32(thumb), tcg_env,
                   offsetof(CPUARMState, thumb));
}

void gen_jmp_exchange(DisasContext *s, uint64_t dest, bool to_thumb)
{
    branch_leaves_it(s);
    store_thumb(to_thumb);
    s->all_exits_known = false;
    tcg_gen_movi_i64(cpu_pc, (uint32_t)dest);
    gen_lookup_and_goto(
        s, tcg_constant_i32(to_thumb ? (int32_t)A32_TBFLAG_THUMB : 0));
    s->is_jmp = DISAS_NORETURN;
}

void gen_bx(DisasContext *s, TCGv_i64 val)
{
    TCGv_i64 bit = tcg_temp_new_i64(), pc = tcg_temp_new_i64();
    TCGv_i32 flags = tcg_temp_new_i32();

    branch_leaves_it(s);
    tcg_gen_andi_i64(bit, val, 1);
    tcg_gen_andi_i64(pc, val, 0xfffffffe);
    tcg_gen_extrl_i64_i32(flags, bit);
    tcg_gen_st_i32(flags, tcg_env, offsetof(CPUARMState, thumb));
    s->all_exits_known = false;
    tcg_gen_mov_i64(cpu_pc, pc);
    gen_lookup_and_goto(s, flags);
    s->is_jmp = DISAS_NORETURN;
}

/*
 * Leaves for the dispatcher at the next insn, which it looks up afresh:
 * after a write to what block flags are made of (the FP mode), where a
 * chained jump would keep going to a block translated for the old one.
 */
void a32_gen_exit_to_next(DisasContext *s)
{
    store_condexec(s->condexec_next);
    s->all_exits_known = false;
    tcg_gen_movi_i64(cpu_pc, (uint32_t)s->pc_next);
    tcg_gen_exit_tb(-1);
    s->is_jmp = DISAS_NORETURN;
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

void a32_gen_exception(DisasContext *s, uint32_t excp, uint32_t syndrome)
{
    s->all_exits_known = false;
    /* An SVC resumes after itself, in the IT state that follows it. */
    if (excp == EXCP_SVC) {
        store_condexec(s->condexec_next);
        gen_raise(s->pc_next, excp, syndrome);
    } else {
        gen_raise(s->pc_curr, excp, syndrome);
    }
    s->is_jmp = DISAS_NORETURN;
}

bool a32_undef(DisasContext *s)
{
    a32_gen_exception(s, EXCP_UDEF, s->insn);
    return true;
}

void a32_exit_after_insn(DisasContext *s)
{
    store_condexec(s->condexec_next);
    s->all_exits_known = false;
    tcg_gen_movi_i64(cpu_pc, (uint32_t)s->pc_next);
    if (s->single_step)
        gen_step_done();
    else
        tcg_gen_exit_tb(-1);
    s->is_jmp = DISAS_NORETURN;
}

/* ---- guest memory ---- */

TCGv_i64 gen_addr_add(TCGv_i64 base, int64_t offset)
{
    TCGv_i64 t = tcg_temp_new_i64();

    tcg_gen_addi_i64(t, base, offset);
    tcg_gen_ext32u_i64(t, t);
    return t;
}

void gen_aa32_ld(DisasContext *s, TCGv_i64 val, TCGv_i64 addr, MemOp mop)
{
    (void)s;
    tcg_gen_guest_ld_i64(val, addr, mop);
    if (mop & MO_SIGN)
        tcg_gen_ext32u_i64(val, val);
}

void gen_aa32_st(DisasContext *s, TCGv_i64 val, TCGv_i64 addr, MemOp mop)
{
    (void)s;
    tcg_gen_guest_st_i64(val, addr, mop);
}

/* ---- the block loop ---- */

static void log_unimp(const DisasContext *s)
{
    if (log_enabled(LOG_UNIMP))
        arx_log("arx: unimplemented %s instruction 0x%0*x at pc 0x%llx\n",
                s->thumb ? "T32" : "A32", s->is_t16 ? 4 : 8, s->insn,
                (unsigned long long)s->pc_curr);
}

/* Makes the insn conditional on cond (0-13): its code is skipped when
 * the condition fails. */
static void begin_conditional(DisasContext *s, int cond)
{
    s->cond_active = true;
    s->cond_label = tcg_new_label();
    s->cond_op = tcg_ctx.nb_ops;
    gen_brcond_cc(cond ^ 1, s->cond_label);
}

static bool decode_a32(DisasContext *s, uint32_t insn)
{
    unsigned cond = insn >> 28;

    if (cond == 0xf)
        return a32_decode_uncond(s, insn) || a32_decode_neon(s, insn) ||
               a32_decode_vfp(s, insn); /* the ARMv8 VSEL, VRINTA... */
    if (cond != 0xe)
        begin_conditional(s, (int)cond);
    /* NEON accepts only VDUP (core register) here: the rest of Advanced
     * SIMD lives in the unconditional space. */
    return a32_decode_dp(s, insn) || a32_decode_ldst(s, insn) ||
           a32_decode_vfp(s, insn) || a32_decode_neon(s, insn);
}

static bool decode_t32(DisasContext *s, uint32_t insn)
{
    if (s->is_t16)
        return t16_decode_dp(s, (uint16_t)insn) ||
               t16_decode_ldst(s, (uint16_t)insn);
    return t32_decode_dp(s, insn) || t32_decode_ldst(s, insn) ||
           t32_decode_vfp(s, insn) || t32_decode_neon(s, insn);
}

/* The ITSTATE after an insn of an IT block (ITAdvance()). */
static uint32_t it_advance(uint32_t condexec)
{
    if ((condexec & 7) == 0)
        return 0;
    return (condexec & 0xe0) | ((condexec << 1) & 0x1f);
}

/* A 32-bit T32 encoding starts with 0b11101, 0b11110 or 0b11111. */
static bool t32_is_32bit(uint16_t hw1)
{
    return (hw1 >> 11) >= 0x1d;
}

/* Fetches the insn at pc_curr into s->insn and sets pc_next; false when a
 * 32-bit T32 insn straddles into the next page and is not the block's
 * first (the next block starts with it). */
static bool fetch_insn(DisasContext *s)
{
    if (!s->thumb) {
        s->insn = guest_fetch32(s->env, s->pc_curr);
        s->pc_next = s->pc_curr + 4;
        s->is_t16 = false;
        return true;
    }
    uint16_t hw1 = guest_fetch16(s->env, s->pc_curr);
    if (!t32_is_32bit(hw1)) {
        s->insn = hw1;
        s->pc_next = s->pc_curr + 2;
        s->is_t16 = true;
        return true;
    }
    if (((s->pc_curr + 2) & (GUEST_PAGE_SIZE - 1)) == 0 && s->insn_count > 0)
        return false;
    s->insn = (uint32_t)hw1 << 16 | guest_fetch16(s->env, s->pc_curr + 2);
    s->pc_next = s->pc_curr + 4;
    s->is_t16 = false;
    return true;
}

static void translate_one(DisasContext *s)
{
    bool ok;

    tcg_gen_insn_start(s->pc_curr);
    s->cond_active = false;
    s->condexec_next = it_advance(s->condexec);
    store_condexec(s->condexec);
    if (s->thumb) {
        if (a32_in_it_block(s) && (s->condexec >> 4) != 0xe)
            begin_conditional(s, (int)(s->condexec >> 4));
        ok = decode_t32(s, s->insn);
    } else {
        ok = decode_a32(s, s->insn);
    }
    if (!ok) {
        log_unimp(s);
        a32_undef(s);
    }
    if (s->cond_active) {
        /* The skip path joins here. Stores of ITSTATE inside the insn
         * were on its way out (exits), so env holds what was stored
         * before the condition test. */
        tcg_gen_set_label(s->cond_label);
        env_condexec = s->condexec;
        /* A compare the insn made may not have run: the flags no longer
         * equal its operands' comparison (an earlier one's still do). */
        arm_flags_join(s->cond_op);
        if (s->is_jmp == DISAS_NORETURN) {
            s->condexec = s->condexec_next;
            store_condexec(s->condexec);
            a32_goto_tb(s, 1, s->pc_next, s->condexec != 0);
        }
    }
    s->condexec = s->condexec_next;
}

/*
 * A block whose first instruction cannot be fetched only raises the
 * fault: a misaligned pc (A32: bit 1 set after an interworking branch),
 * an unmapped or non-executable page (or, for a T32 insn straddling two
 * pages, the second one).
 */
static bool gen_fetch_fault(TranslationBlock *tb, void *env, bool thumb)
{
    GuestFetchState state;

    if (tb->pc & (thumb ? 1 : 3)) {
        gen_raise(tb->pc, EXCP_ALIGN, 0);
    } else {
        state = guest_fetch_state(env, tb->pc);
        if (state == GUEST_FETCH_OK && thumb &&
            ((tb->pc + 2) & (GUEST_PAGE_SIZE - 1)) == 0 &&
            t32_is_32bit(guest_fetch16(env, tb->pc)))
            state = guest_fetch_state(env, tb->pc + 2);
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

void a32_translate_block(TranslationBlock *tb, void *env, int max_insns)
{
    DisasContext s = {.tb = tb,
                      .env = env,
                      .pc_first = tb->pc,
                      .pc_curr = tb->pc,
                      .dead_at_exits = ~0ull,
                      .all_exits_known = true};
    uint64_t page = tb->pc & ~(GUEST_PAGE_SIZE - 1);

    s.thumb = (tb->flags & A32_TBFLAG_THUMB) != 0;
    s.fp_mode = tb->flags & A32_TBFLAG_FP_MODE;
    s.condexec = (tb->flags >> A32_TBFLAG_CONDEXEC_SHIFT) & 0xff;
    env_condexec = s.condexec;
    s.single_step = (tb->phys & ARM_PHYS_STEP) != 0;
    if (s.single_step)
        max_insns = 1;
    /* A debugger's step notes its accesses (read watchpoints). */
    tcg_ctx.access_probe = s.single_step ? &helper_info_debug_access : NULL;
    tcg_ctx.mem_index = 0;
    tcg_gen_exit_check(offsetof(CPUARMState, exit_request), cpu_pc, tb->pc);
    if (gen_fetch_fault(tb, env, s.thumb))
        return;
    /* A debugger's breakpoint: the block stops before the instruction
     * (not a step's, which runs past it when the debugger asks). */
    if (!s.single_step && tcg_debug_breakpoint_at(tb->pc)) {
        gen_raise(tb->pc, EXCP_DEBUG, 0);
        tb->size = 0;
        tb->icount = 0;
        return;
    }

    arm_flags_block_start();
    s.is_jmp = DISAS_NEXT;
    for (;;) {
        if (!fetch_insn(&s)) {
            s.pc_next = s.pc_curr;
            s.is_jmp = DISAS_TOO_MANY;
            break;
        }
        translate_one(&s);
        s.insn_count++;
        if (s.is_jmp != DISAS_NEXT)
            break;
        s.pc_curr = s.pc_next;
        /* Stop at a page end: the next page may be unmapped. */
        if (s.insn_count >= max_insns ||
            (s.pc_curr & ~(GUEST_PAGE_SIZE - 1)) != page ||
            tcg_ctx.nb_ops > TCG_MAX_OPS - 512 ||
            tcg_debug_breakpoint_at(s.pc_curr)) {
            s.is_jmp = DISAS_TOO_MANY;
            break;
        }
    }
    if (s.is_jmp == DISAS_TOO_MANY) {
        store_condexec(s.condexec);
        a32_goto_tb(&s, 0, s.pc_next, s.condexec != 0);
    }
    if (s.all_exits_known)
        tcg_ctx.globals_dead_at_exit = s.dead_at_exits;
    tb->size = (uint32_t)(s.pc_next - tb->pc);
    tb->icount = (uint16_t)s.insn_count;
}

/* ---- -d in_asm ---- */

void a32_log_in_asm(const TranslationBlock *tb, void *env)
{
    char buf[160];
    DisasContext s = {.env = env, .thumb = (tb->flags & A32_TBFLAG_THUMB) != 0};

    arx_log("IN: [guest 0x%08llx] %s, %u insns\n", (unsigned long long)tb->pc,
            s.thumb ? "T32" : "A32", tb->icount);
    for (s.pc_curr = tb->pc; s.pc_curr < tb->pc + tb->size;
         s.pc_curr = s.pc_next) {
        fetch_insn(&s);
        const char *d = a32_describe(&s, buf, sizeof(buf));
        arx_log("0x%08llx:  %0*x  %s\n", (unsigned long long)s.pc_curr,
                s.is_t16 ? 4 : 8, s.insn, d ? d : "(unallocated)");
    }
    arx_log("\n");
}
