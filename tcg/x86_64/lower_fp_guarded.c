/*
 * Lowering of fp_guarded: a scalar IEEE op done with SSE/FMA3 inline, and
 * the frontend's helper as an out-of-line slow path (slowpath.c) when the
 * mode word asks for more than the host models or the result is a NaN.
 * No branch reaches the IR, so the block stays one basic block: guest
 * registers stay in host registers across it, and a loop stays a loop.
 */
#include "tcg/x86_64/lower.h"

static X86Asm *as(void)
{
    return &be.as;
}

/* The inner ops fp_guarded takes: lower_fp's arithmetic and FMA ones. */
static const FpLowering *guarded_op(uint64_t opc)
{
    const FpLowering *g = fp_lowering((TCGOpcode)opc);

    return g && g->kind != FP_CMP ? g : NULL;
}

bool tcg_can_emit_fp_guarded(TCGOpcode inner)
{
    const FpLowering *g = guarded_op(inner);

    return g && (g->kind != FP_FMA || tcg_can_emit_fma());
}

/* xmm0 = the inner op on xmm1.. (the inputs, kept for the slow path). */
static void emit_inner(const FpLowering *g, int nin)
{
    if (g->kind == FP_FMA) {
        /* The addend is the third input: xmm0 = +-(xmm1 * xmm2) +- xmm0. */
        x86_movaps_rr(as(), X86_XMM0, X86_XMM3);
        x86_vfma231(as(), (X86FmaOp)g->op, g->bits, X86_XMM0, X86_XMM1,
                    X86_XMM2);
        return;
    }
    x86_movaps_rr(as(), X86_XMM0, X86_XMM1);
    /* sqrtss/sqrtsd write only the low element: the source is xmm0. */
    x86_sse_rr(as(), (X86SseOp)g->op, X86_XMM0, nin == 2 ? X86_XMM2 : X86_XMM0);
}

/*
 * To sp when xmm0 is +-the smallest normal number: it may have been
 * rounded up from below, where Arm (tininess before rounding) raises
 * underflow and x86 (after rounding) does not. tmp is free until the
 * result goes there.
 */
static void jump_if_min_normal(SlowPath *sp, int bits, X86Reg tmp)
{
    x86_movq_rx(as(), bits, REG_SCRATCH, X86_XMM0);
    if (bits == 32) {
        x86_alu_ri(as(), 32, X86_AND, REG_SCRATCH, 0x7fffffff);
        x86_alu_ri(as(), 32, X86_CMP, REG_SCRATCH, 0x00800000);
    } else {
        x86_shift_ri(as(), 64, X86_SHL, REG_SCRATCH, 1); /* drop the sign */
        x86_mov_ri(as(), tmp, 0x0010000000000000ull << 1);
        x86_alu_rr(as(), 64, X86_CMP, REG_SCRATCH, tmp);
    }
    slowpath_jump_if(sp, X86_CC_E);
}

static const X86Xmm in_xmm[3] = {X86_XMM1, X86_XMM2, X86_XMM3};

/* To sp when xmm0 is a NaN (unordered with itself). */
static void jump_if_nan(SlowPath *sp, int bits)
{
    x86_sse_rr(as(), bits == 64 ? X86_UCOMISD : X86_UCOMISS, X86_XMM0,
               X86_XMM0);
    slowpath_jump_if(sp, X86_CC_P);
}

/*
 * To sp unless xmm0's magnitude lies above the smallest normal and up to
 * infinity: a NaN, a zero, a subnormal and the smallest normal go there
 * (the flushing attempt's rejects) with one unsigned range test,
 * |x| - (min normal + 1) > inf - (min normal + 1). For doubles the
 * sign is shifted out first and both bounds are shifted with it.
 */
static void jump_unless_above_min_normal(SlowPath *sp, int bits, X86Reg tmp)
{
    x86_movq_rx(as(), bits, REG_SCRATCH, X86_XMM0);
    if (bits == 32) {
        x86_alu_ri(as(), 32, X86_AND, REG_SCRATCH, 0x7fffffff);
        x86_alu_ri(as(), 32, X86_SUB, REG_SCRATCH, 0x00800001);
        x86_alu_ri(as(), 32, X86_CMP, REG_SCRATCH, 0x7f800000 - 0x00800001);
    } else {
        const uint64_t lo = 0x0010000000000001ull << 1;
        const uint64_t inf = 0x7ff0000000000000ull << 1;

        x86_shift_ri(as(), 64, X86_SHL, REG_SCRATCH, 1);
        x86_mov_ri(as(), tmp, lo);
        x86_alu_rr(as(), 64, X86_SUB, REG_SCRATCH, tmp);
        x86_mov_ri(as(), tmp, inf - lo);
        x86_alu_rr(as(), 64, X86_CMP, REG_SCRATCH, tmp);
    }
    slowpath_jump_if(sp, X86_CC_A);
}

/* To sp when x is subnormal (a zero exponent, not a zero). The smallest
 * normal goes there too, which is only slower. */
static void jump_if_subnormal(SlowPath *sp, X86Xmm x, int bits)
{
    x86_movq_rx(as(), bits, REG_SCRATCH, x);
    if (bits == 32) {
        x86_alu_ri(as(), 32, X86_AND, REG_SCRATCH, 0x7fffffff);
        x86_alu_ri(as(), 32, X86_SUB, REG_SCRATCH, 1); /* a zero wraps */
        x86_alu_ri(as(), 32, X86_CMP, REG_SCRATCH, 0x007fffff);
        slowpath_jump_if(sp, X86_CC_B);
        return;
    }
    x86_shift_ri(as(), 64, X86_SHL, REG_SCRATCH, 1);
    x86_alu_ri(as(), 64, X86_SUB, REG_SCRATCH, 1);
    x86_shift_ri(as(), 64, X86_SHR, REG_SCRATCH, 53);
    slowpath_jump_if(sp, X86_CC_E);
}

/* A slow path calling slow with the inputs (xmm1..3) and slow_arg. */
static SlowPath *guarded_slowpath(const FpLowering *g, const TCGHelper *slow,
                                  uint64_t slow_arg)
{
    SlowPath *sp = slowpath_new(slow->func, X86_XMM0);

    for (int i = 0; i < 3; i++)
        slowpath_arg_xmm(sp, in_xmm[i], g->bits);
    slowpath_arg_imm(sp, slow_arg);
    return sp;
}

/*
 * The attempt under a flush-to-zero bit of the mode word (set: to the
 * code here; clear: on to the plain attempt, whose start is returned
 * through *plain to patch). MXCSR is saved first and restored on the way
 * to the slow path, so an attempt the guest's rules reject leaves no
 * host flag: a subnormal input (flushed, with the guest's own flag), a
 * NaN, and a result below the smallest normal or zero (the guest flushes
 * a tiny result with underflow but no inexact, and tells an exact zero
 * from an underflowed one) go there. Returns the slow path, or NULL
 * without flush bits outside mode's mask.
 */
/* The flushing attempt itself, its own slow path returned. save: MXCSR
 * is saved before and restored on the way to the slow path (not when
 * the target's inexact flag is known set: TCG_FP_MODE_INEXACT_SET). */
static SlowPath *emit_flush_body(const FpLowering *g, int nin,
                                 const TCGHelper *slow, uint64_t slow_arg,
                                 X86Reg tmp, bool save)
{
    SlowPath *fz = guarded_slowpath(g, slow, slow_arg);

    if (save) {
        int32_t slot = ra_mxcsr_slot();
        slowpath_restore_mxcsr(fz, slot);
        x86_stmxcsr(as(), x86_mem(X86_RSP, slot));
    }
    for (int i = 0; i < nin; i++)
        jump_if_subnormal(fz, in_xmm[i], g->bits);
    emit_inner(g, nin);
    jump_unless_above_min_normal(fz, g->bits, tmp);
    return fz;
}

static SlowPath *emit_flush_attempt(const FpLowering *g, int nin,
                                    const TCGHelper *slow, uint64_t slow_arg,
                                    uint64_t mode, X86Reg tmp, uint8_t **plain,
                                    uint8_t **done)
{
    uint32_t flush = tcg_fp_flush_mask & ~(uint32_t)mode;
    SlowPath *fz;

    if (!flush)
        return NULL;
    x86_load(as(), X86_LD_U32, 32, REG_SCRATCH,
             x86_mem(REG_ENV, (int32_t)(mode >> 32)));
    x86_alu_ri(as(), 32, X86_AND, REG_SCRATCH, (int32_t)flush);
    *plain = x86_jcc32(as(), X86_CC_E);
    fz = emit_flush_body(g, nin, slow, slow_arg, tmp, true);
    *done = x86_jmp32(as());
    return fz;
}

/*
 * Whether the op's result may be the smallest normal rounded up from
 * below. Not a sum or difference: every input is a multiple of the
 * smallest subnormal, so a sum below the smallest normal is exact; nor a
 * square root, which is never that small.
 */
static bool may_round_up_to_min_normal(const FpLowering *g)
{
    if (g->kind != FP_ARITH)
        return true;
    switch (g->op) {
    case X86_ADDSS:
    case X86_SUBSS:
    case X86_ADDSD:
    case X86_SUBSD:
    case X86_SQRTSS:
    case X86_SQRTSD: return false;
    default: return true;
    }
}

/* The plain attempt: the inner op, a NaN or smallest normal result to
 * sp. */
static void emit_plain_body(const FpLowering *g, int nin, SlowPath *sp,
                            X86Reg tmp)
{
    emit_inner(g, nin);
    jump_if_nan(sp, g->bits);
    if (may_round_up_to_min_normal(g))
        jump_if_min_normal(sp, g->bits, tmp);
}

static bool mode_fixed(uint64_t mode)
{
    return (int32_t)(mode >> 32) == TCG_FP_MODE_FIXED;
}

/* The one attempt a block translated for a fixed mode needs. */
static void emit_fixed_mode(const FpLowering *g, int nin, const TCGHelper *slow,
                            uint64_t slow_arg, uint64_t mode, X86Reg tmp)
{
    SlowPath *sp;

    if (tcg_fp_flush_mask & (uint32_t)mode) {
        sp = emit_flush_body(g, nin, slow, slow_arg, tmp,
                             !((uint32_t)mode & TCG_FP_MODE_INEXACT_SET));
    } else {
        sp = guarded_slowpath(g, slow, slow_arg);
        emit_plain_body(g, nin, sp, tmp);
    }
    slowpath_resume_here(sp);
}

/*
 * With the inputs in xmm1..: xmm0 = the inner op, jumping to a slow path
 * (the helper, called with the inputs and slow_arg) when the mode word
 * asks for it or the result needs Arm's rules. tmp is a free register.
 * Nothing here changes the allocator's state.
 */
static void emit_guarded(const FpLowering *g, int nin, const TCGHelper *slow,
                         uint64_t slow_arg, uint64_t mode, X86Reg tmp)
{
    SlowPath *sp, *fz;
    uint8_t *plain = NULL, *done = NULL;

    if (mode_fixed(mode)) {
        emit_fixed_mode(g, nin, slow, slow_arg, mode, tmp);
        return;
    }
    sp = guarded_slowpath(g, slow, slow_arg);
    lower_jump_if_mode(sp, mode);
    fz = emit_flush_attempt(g, nin, slow, slow_arg, mode, tmp, &plain, &done);
    x86_patch_rel32(plain, as()->p);
    emit_plain_body(g, nin, sp, tmp);
    x86_patch_rel32(done, as()->p);
    slowpath_resume_here(sp);
    if (fz)
        slowpath_resume_here(fz);
}

/* fp_guarded_env: operands from the vector cache, the result back to it
 * with everything above the element zeroed (movd/movq do that). */
static void lower_fp_guarded_env(TCGOp *op)
{
    const FpLowering *g = guarded_op(op->args[0]);
    const TCGHelper *slow = (const TCGHelper *)(uintptr_t)op->args[6];
    int nin = tcg_op_defs[op->args[0]].nb_iargs;
    X86Reg tmp = ra_alloc(0); /* scratch for the checks, owned by nobody */

    for (int i = 0; i < nin; i++)
        vcache_load(in_xmm[i], (int32_t)op->args[2 + i], 8);
    emit_guarded(g, nin, slow, op->args[7], op->args[5], tmp);
    if (g->bits == 32) { /* keep only the single: bits 32-127 zero */
        x86_xorps_rr(as(), X86_XMM3, X86_XMM3);
        x86_movss_rr(as(), X86_XMM3, X86_XMM0);
        vcache_store((int32_t)op->args[1], X86_XMM3, 8, 16);
        return;
    }
    vcache_store((int32_t)op->args[1], X86_XMM0, 8, 16);
}

bool lower_fp_guarded(TCGOp *op)
{
    const FpLowering *g;
    const TCGHelper *slow;
    int nin;
    X86Reg rd;

    if (op->opc == INDEX_op_fp_guarded_env) {
        lower_fp_guarded_env(op);
        return true;
    }
    if (op->opc != INDEX_op_fp_guarded)
        return false;
    g = guarded_op(op->args[4]);
    slow = (const TCGHelper *)(uintptr_t)op->args[6];
    nin = tcg_op_defs[op->args[4]].nb_iargs;
    for (int i = 0; i < nin; i++)
        x86_movq_xr(as(), 64, in_xmm[i], ra_in(arg_temp(op, 1 + i), 0));
    ra_free_dead(op, 1, 4);
    rd = ra_alloc(0);
    emit_guarded(g, nin, slow, op->args[7], op->args[5], rd);
    x86_movq_rx(as(), g->bits, rd, X86_XMM0);
    ra_set_out(arg_temp(op, 0), rd);
    if (arg_dies(op, 0))
        ra_release(rd);
    return true;
}
