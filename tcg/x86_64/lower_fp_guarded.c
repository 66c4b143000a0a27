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

/* One guarded op being lowered. */
typedef struct Guarded {
    const FpLowering *g;
    int nin;
    X86Xmm in[3]; /* the inputs, which the slow path passes on */
    X86Xmm out;   /* where the result goes: xmm0, or its vector's */
    const TCGHelper *slow;
    uint64_t slow_arg;
    X86Reg tmp; /* free for the checks */
} Guarded;

/* out = the inner op on in[] (the inputs, kept for the slow path): one
 * VEX instruction with AVX, else a copy and a two-operand one. Bytes
 * 8-15 of out come from in[0] (FMA: in[2], the addend). */
static void emit_inner(const Guarded *o)
{
    const FpLowering *g = o->g;
    const X86Xmm *in = o->in;
    X86Xmm b = o->nin == 2 ? in[1] : in[0];

    if (g->kind == FP_FMA) {
        /* The addend is the third input: out = +-(in0 * in1) +- in2. */
        x86_movaps_rr(as(), o->out, in[2]);
        x86_vfma231(as(), (X86FmaOp)g->op, g->bits, o->out, in[0], in[1]);
        return;
    }
    if (x86_host_has_avx()) {
        x86_vsse_rrr(as(), (X86SseOp)g->op, o->out, in[0], b);
        return;
    }
    x86_movaps_rr(as(), o->out, in[0]);
    /* sqrtss/sqrtsd write only the low element: the source is out. */
    x86_sse_rr(as(), (X86SseOp)g->op, o->out, o->nin == 2 ? b : o->out);
}

/*
 * To sp when x is +-the smallest normal number: it may have been
 * rounded up from below, where Arm (tininess before rounding) raises
 * underflow and x86 (after rounding) does not. tmp is free until the
 * result goes there.
 */
static void jump_if_min_normal(SlowPath *sp, X86Xmm x, int bits, X86Reg tmp)
{
    x86_movq_rx(as(), bits, REG_SCRATCH, x);
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

/* To sp when x is a NaN (unordered with itself). */
static void jump_if_nan(SlowPath *sp, X86Xmm x, int bits)
{
    x86_sse_rr(as(), bits == 64 ? X86_UCOMISD : X86_UCOMISS, x, x);
    slowpath_jump_if(sp, X86_CC_P);
}

/*
 * To sp unless x's magnitude lies above the smallest normal and up to
 * infinity: a NaN, a zero, a subnormal and the smallest normal go there
 * (the flushing attempt's rejects) with one unsigned range test,
 * |x| - (min normal + 1) > inf - (min normal + 1). For doubles the
 * sign is shifted out first and both bounds are shifted with it.
 */
static void jump_unless_above_min_normal(SlowPath *sp, X86Xmm x, int bits,
                                         X86Reg tmp)
{
    x86_movq_rx(as(), bits, REG_SCRATCH, x);
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

/* A slow path calling slow with the inputs and slow_arg. */
static SlowPath *guarded_slowpath(const Guarded *o)
{
    SlowPath *sp = slowpath_new(o->slow->func, o->out);

    for (int i = 0; i < 3; i++)
        slowpath_arg_xmm(sp, o->in[i], o->g->bits);
    slowpath_arg_imm(sp, o->slow_arg);
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
static SlowPath *emit_flush_body(const Guarded *o, bool save)
{
    SlowPath *fz = guarded_slowpath(o);

    if (save) {
        int32_t slot = ra_mxcsr_slot();
        slowpath_restore_mxcsr(fz, slot);
        x86_stmxcsr(as(), x86_mem(X86_RSP, slot));
    }
    for (int i = 0; i < o->nin; i++)
        jump_if_subnormal(fz, o->in[i], o->g->bits);
    emit_inner(o);
    jump_unless_above_min_normal(fz, o->out, o->g->bits, o->tmp);
    return fz;
}

static SlowPath *emit_flush_attempt(const Guarded *o, uint64_t mode,
                                    uint8_t **plain, uint8_t **done)
{
    uint32_t flush = tcg_fp_flush_mask & ~(uint32_t)mode;
    SlowPath *fz;

    if (!flush)
        return NULL;
    x86_load(as(), X86_LD_U32, 32, REG_SCRATCH,
             x86_mem(REG_ENV, (int32_t)(mode >> 32)));
    x86_alu_ri(as(), 32, X86_AND, REG_SCRATCH, (int32_t)flush);
    *plain = x86_jcc32(as(), X86_CC_E);
    fz = emit_flush_body(o, true);
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
static void emit_plain_body(const Guarded *o, SlowPath *sp)
{
    emit_inner(o);
    jump_if_nan(sp, o->out, o->g->bits);
    if (may_round_up_to_min_normal(o->g))
        jump_if_min_normal(sp, o->out, o->g->bits, o->tmp);
}

static bool mode_fixed(uint64_t mode)
{
    return (int32_t)(mode >> 32) == TCG_FP_MODE_FIXED;
}

/* The one attempt a block translated for a fixed mode needs. */
static void emit_fixed_mode(const Guarded *o, uint64_t mode)
{
    SlowPath *sp;

    if (tcg_fp_flush_mask & (uint32_t)mode) {
        sp = emit_flush_body(o, !((uint32_t)mode & TCG_FP_MODE_INEXACT_SET));
    } else {
        sp = guarded_slowpath(o);
        emit_plain_body(o, sp);
    }
    slowpath_resume_here(sp);
}

/*
 * out = the inner op on o's inputs, jumping to a slow path (the
 * helper, called with the inputs and slow_arg) when the mode word asks
 * for it or the result needs Arm's rules. Nothing here changes the
 * allocator's state.
 */
static void emit_guarded(const Guarded *o, uint64_t mode)
{
    SlowPath *sp, *fz;
    uint8_t *plain = NULL, *done = NULL;

    if (mode_fixed(mode)) {
        emit_fixed_mode(o, mode);
        return;
    }
    sp = guarded_slowpath(o);
    lower_jump_if_mode(sp, mode);
    fz = emit_flush_attempt(o, mode, &plain, &done);
    x86_patch_rel32(plain, as()->p);
    emit_plain_body(o, sp);
    x86_patch_rel32(done, as()->p);
    slowpath_resume_here(sp);
    if (fz)
        slowpath_resume_here(fz);
}

/* A Guarded for the inner op inner, its inputs in xmm1..3 until the
 * caller says otherwise. */
static Guarded guarded_for(uint64_t inner, uint64_t slow, uint64_t slow_arg)
{
    return (Guarded){.g = guarded_op(inner),
                     .nin = tcg_op_defs[inner].nb_iargs,
                     .in = {X86_XMM1, X86_XMM2, X86_XMM3},
                     .out = X86_XMM0,
                     .slow = (const TCGHelper *)(uintptr_t)slow,
                     .slow_arg = slow_arg};
}

/*
 * Whether a double's result can be computed straight into its vector's
 * register (set as o->out): the input its bytes 8-15 come from has them
 * zero (a copy made with vcache_load, or a register the cache knows so),
 * as the guest's scalar ops leave them. Then no copy from xmm0 follows
 * the op (one cycle more on a chain of dependent FP ops).
 */
static bool result_in_place(Guarded *o, int32_t d, bool in_place)
{
    X86Xmm hi_from = o->in[o->g->kind == FP_FMA ? 2 : 0];

    if (o->g->bits != 64 || (in_place && !vcache_hi_zero(hi_from)))
        return false;
    return vcache_begin_scalar(d, o->in, o->nin, &o->out);
}

/* fp_guarded_env: operands from the vector cache (with AVX, read where
 * they are), the result back to it with everything above the element
 * zeroed (movd/movq do that). */
static void lower_fp_guarded_env(TCGOp *op)
{
    Guarded o = guarded_for(op->args[0], op->args[6], op->args[7]);
    bool in_place = x86_host_has_avx();
    int32_t d = (int32_t)op->args[1];

    o.tmp = ra_alloc(0); /* scratch for the checks, owned by nobody */
    for (int i = 0; i < o.nin; i++) {
        int32_t ofs = (int32_t)op->args[2 + i];
        if (in_place && vcache_can_hold(ofs))
            o.in[i] = vcache_reg_low(ofs);
        else
            vcache_load(o.in[i], ofs, 8);
    }
    if (result_in_place(&o, d, in_place)) {
        emit_guarded(&o, op->args[5]);
        vcache_end_scalar(d, o.out);
        return;
    }
    emit_guarded(&o, op->args[5]);
    if (o.g->bits == 32) { /* keep only the single: bits 32-127 zero */
        x86_xorps_rr(as(), X86_XMM3, X86_XMM3);
        x86_movss_rr(as(), X86_XMM3, X86_XMM0);
        vcache_store(d, X86_XMM3, 8, 16);
        return;
    }
    vcache_store(d, X86_XMM0, 8, 16);
}

bool lower_fp_guarded(TCGOp *op)
{
    Guarded o;
    X86Reg rd;

    if (op->opc == INDEX_op_fp_guarded_env) {
        lower_fp_guarded_env(op);
        return true;
    }
    if (op->opc != INDEX_op_fp_guarded)
        return false;
    o = guarded_for(op->args[4], op->args[6], op->args[7]);
    for (int i = 0; i < o.nin; i++)
        x86_movq_xr(as(), 64, o.in[i], ra_in(arg_temp(op, 1 + i), 0));
    ra_free_dead(op, 1, 4);
    rd = ra_alloc(0);
    o.tmp = rd;
    emit_guarded(&o, op->args[5]);
    x86_movq_rx(as(), o.g->bits, rd, X86_XMM0);
    ra_set_out(arg_temp(op, 0), rd);
    if (arg_dies(op, 0))
        ra_release(rd);
    return true;
}
