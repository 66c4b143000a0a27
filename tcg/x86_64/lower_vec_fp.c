/*
 * Lowering of vec_fp: packed SSE (and FMA3) arithmetic on vectors of the
 * CPU state, with the frontend's helper as an out-of-line slow path
 * (slowpath.c) taken when the guest's FP mode is not the default or a
 * result element is a NaN: the helper computes d in the CPU state and the
 * inline code resumes with it.
 */
#include "tcg/x86_64/lower.h"

static X86Asm *as(void)
{
    return &be.as;
}

bool tcg_can_emit_vec_fp(TCGVecFpKind kind, unsigned vece, unsigned oprsz)
{
    if (vece != 2 && vece != 3)
        return false;
    if (oprsz != 16 && !(oprsz == 8 && vece == 2))
        return false;
    /* 8-byte divisions would divide the zeroed upper lanes: 0/0 raises
     * invalid in MXCSR, which the guest would see in FPSR. */
    if (kind == TCG_VEC_FDIV && oprsz == 8)
        return false;
    if (kind == TCG_VEC_FMLA || kind == TCG_VEC_FMLS)
        return tcg_can_emit_fma();
    if (kind == TCG_VEC_FCVTL || kind == TCG_VEC_FCVTL2)
        return vece == 3 && oprsz == 16;
    return kind <= TCG_VEC_FDIV;
}

/* out = a op b (out is xmm0); FMLA/FMLS: acc +-= a * b. With AVX one
 * three-operand instruction reads a and b where they are; else a is
 * out. */
static void emit_arith(TCGVecFpKind kind, int bits, X86Xmm acc, X86Xmm out,
                       X86Xmm a, X86Xmm b)
{
    static const X86PackedFpOp plain[] = {
        [TCG_VEC_FADD] = X86_FP_ADD,
        [TCG_VEC_FSUB] = X86_FP_SUB,
        [TCG_VEC_FMUL] = X86_FP_MUL,
        [TCG_VEC_FDIV] = X86_FP_DIV,
    };

    if (kind == TCG_VEC_FMLA)
        x86_vfma231_packed(as(), X86_VFMADD231, bits, acc, a, b);
    else if (kind == TCG_VEC_FMLS)
        x86_vfma231_packed(as(), X86_VFNMADD231, bits, acc, a, b);
    else if (a != out)
        x86_vpacked_fp(as(), plain[kind], bits, out, a, b);
    else
        x86_packed_fp(as(), plain[kind], bits, out, b);
}

/* To sp when mask (all ones in the elements to test) has a bit set in
 * its low oprsz bytes. */
static void jump_if_any(SlowPath *sp, X86Xmm mask, unsigned oprsz)
{
    if (oprsz == 16) {
        x86_packed_rr(as(), X86_PTEST, mask, mask);
    } else {
        x86_pmovmskb(as(), REG_SCRATCH, mask);
        x86_alu_ri(as(), 32, X86_AND, REG_SCRATCH, 0xff);
    }
    slowpath_jump_if(sp, X86_CC_NE);
}

/* To sp when any of the oprsz bytes of x is part of a NaN. */
static void jump_if_nan(SlowPath *sp, X86Xmm x, int bits, unsigned oprsz,
                        X86Xmm tmp)
{
    if (x86_host_has_avx()) {
        x86_vcmp_unord(as(), bits, tmp, x, x);
    } else {
        x86_movaps_rr(as(), tmp, x);
        x86_cmp_unord(as(), bits, tmp, tmp);
    }
    jump_if_any(sp, tmp, oprsz);
}

/*
 * To sp when an element of x is +-the smallest normal number: it may have
 * been rounded up from below, where Arm (tininess before rounding) raises
 * underflow and x86 does not. Both sides are shifted left one, which
 * drops the sign. t1 and t2 are free.
 */
static void jump_if_min_normal(SlowPath *sp, X86Xmm x, int bits, unsigned oprsz,
                               X86Xmm t1, X86Xmm t2)
{
    bool dbl = bits == 64;
    X86PShiftOp shl = dbl ? X86_PSLLQ : X86_PSLLD;

    if (x86_host_has_avx()) {
        x86_vpshift_ri(as(), shl, t1, x, 1);
    } else {
        x86_movaps_rr(as(), t1, x);
        x86_pshift_ri(as(), shl, t1, 1);
    }
    /* t2 = the smallest normal in every element, shifted the same */
    x86_packed_rr(as(), X86_PCMPEQD, t2, t2);
    x86_pshift_ri(as(), dbl ? X86_PSRLQ : X86_PSRLD, t2, (uint8_t)(bits - 1));
    x86_pshift_ri(as(), shl, t2, dbl ? 53 : 24);
    x86_packed_rr(as(), dbl ? X86_PCMPEQQ : X86_PCMPEQD, t1, t2);
    jump_if_any(sp, t1, oprsz);
}

/* Where the op reads the source at ofs: with AVX, a whole vector where
 * the cache keeps it; else a copy in x (8 bytes: the rest zeroed, so the
 * unused elements raise no flag). */
static X86Xmm vec_fp_source(int32_t ofs, X86Xmm x, unsigned oprsz)
{
    if (oprsz == 16 && x86_host_has_avx() && vcache_can_hold(ofs))
        return vcache_reg(ofs);
    vcache_load(x, ofs, oprsz);
    return x;
}

/* To sp when the mode word (env offset << 32 | mask) has a bit of mask;
 * nothing in a block translated for one mode (TCG_FP_MODE_FIXED). */
void lower_jump_if_mode(SlowPath *sp, uint64_t mode)
{
    if ((int32_t)(mode >> 32) == TCG_FP_MODE_FIXED)
        return;
    x86_load(as(), X86_LD_U32, 32, REG_SCRATCH,
             x86_mem(REG_ENV, (int32_t)(mode >> 32)));
    x86_alu_ri(as(), 32, X86_AND, REG_SCRATCH, (int32_t)(uint32_t)mode);
    slowpath_jump_if(sp, X86_CC_NE);
}

/* Its slow path, which computes d in the CPU state from the unchanged
 * sources (the op's constant args), the result then in xmm result. */
static SlowPath *vec_fp_slowpath(const TCGOp *op, X86Xmm result, unsigned oprsz)
{
    const TCGHelper *slow = (const TCGHelper *)(uintptr_t)op->args[5];
    SlowPath *sp = slowpath_new(slow->func, result);

    for (int i = 0; i < 4; i++)
        slowpath_arg_imm(sp, op->args[i == 0 ? 6 : i]);
    slowpath_result_from_env(sp, (int32_t)op->args[1], oprsz);
    return sp;
}

/* FCVTL, FCVTL2: cvtps2pd of a's low or high two singles. Exact (no
 * underflow, no rounding): only a NaN leaves it to the helper. */
static bool lower_fcvtl(const TCGOp *op, bool high, unsigned maxsz)
{
    SlowPath *sp;

    vcache_load(X86_XMM1, (int32_t)op->args[2], 16);
    sp = vec_fp_slowpath(op, X86_XMM0, 16);
    lower_jump_if_mode(sp, op->args[4]);
    if (high)
        x86_pshufd(as(), X86_XMM1, X86_XMM1, 0xee);
    x86_packed_fp(as(), X86_FP_CVT, 32, X86_XMM0, X86_XMM1);
    jump_if_nan(sp, X86_XMM0, 64, 16, X86_XMM3);
    slowpath_resume_here(sp);
    vcache_store((int32_t)op->args[1], X86_XMM0, 16, maxsz);
    return true;
}

bool lower_vec_fp(TCGOp *op)
{
    uint64_t packed = op->args[0];
    TCGVecFpKind kind = (TCGVecFpKind)(packed & 0xff);
    unsigned vece = (unsigned)(packed >> 8) & 0xff;
    unsigned oprsz = (unsigned)(packed >> 16) & 0xff;
    unsigned maxsz = (unsigned)(packed >> 24) & 0xff;
    int bits = 8 << vece;
    bool fused = kind == TCG_VEC_FMLA || kind == TCG_VEC_FMLS;
    X86Xmm result = fused ? X86_XMM2 : X86_XMM0;
    X86Xmm a, b;
    SlowPath *sp;

    if (op->opc != INDEX_op_vec_fp)
        return false;
    if (kind == TCG_VEC_FCVTL || kind == TCG_VEC_FCVTL2)
        return lower_fcvtl(op, kind == TCG_VEC_FCVTL2, maxsz);
    a = vec_fp_source((int32_t)op->args[2], X86_XMM0, oprsz);
    b = vec_fp_source((int32_t)op->args[3], X86_XMM1, oprsz);
    if (fused)
        vcache_load(X86_XMM2, (int32_t)op->args[1], oprsz);
    /* From here to the store the allocator's state does not change: both
     * jumps leave with the same one, which the slow path restores. The
     * helper computes d in the CPU state from the unchanged sources. */
    sp = vec_fp_slowpath(op, result, oprsz);
    lower_jump_if_mode(sp, op->args[4]);
    emit_arith(kind, bits, X86_XMM2, X86_XMM0, a, b);
    jump_if_nan(sp, result, bits, oprsz, X86_XMM3);
    /* A sum below the smallest normal is exact (see lower_fp_guarded.c's
     * may_round_up_to_min_normal): only products and quotients round up
     * to it. */
    if (kind != TCG_VEC_FADD && kind != TCG_VEC_FSUB)
        jump_if_min_normal(sp, result, bits, oprsz, X86_XMM3,
                           fused ? X86_XMM0 : X86_XMM1);
    slowpath_resume_here(sp);
    vcache_store((int32_t)op->args[1], result, oprsz, maxsz);
    return true;
}
