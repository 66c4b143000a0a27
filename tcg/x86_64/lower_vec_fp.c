/*
 * Lowering of vec_fp: packed SSE (and FMA3) arithmetic on vectors of the
 * CPU state, with the frontend's helper as an out-of-line slow path taken
 * when the guest's FP mode is not the default or a result element is a
 * NaN. The slow path saves what the call would destroy, lets the helper
 * compute d from memory, and rejoins the inline code with d's value in
 * the result register, so the code after it cannot tell the two apart.
 */
#include "tcg/x86_64/regalloc.h"

#include "tcg/x86_64/backend.h"

#define MAX_VEC_FP_STUBS 32

typedef struct VecFpStub {
    uint8_t *jumps[2];        /* rel32 fields of the two jcc to the stub */
    uint32_t resume;          /* code offset the stub returns to */
    X86Xmm result;
    unsigned oprsz;
    VCacheSlot cache[16];     /* the cached vectors at the jumps */
    int nb_cache;
    RegSet live;              /* caller-saved registers holding values */
    const TCGHelper *slow;
    uint64_t args[4];         /* slow_arg, d, a, b */
} VecFpStub;

static VecFpStub stubs[MAX_VEC_FP_STUBS];
static int nb_stubs;

static X86Asm *as(void) { return &be.as; }

static X86Mem env_at(int32_t ofs)
{
    return x86_mem(REG_ENV, ofs);
}

void lower_vec_fp_reset(void)
{
    nb_stubs = 0;
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
    return kind <= TCG_VEC_FDIV;
}

static void emit_arith(TCGVecFpKind kind, int bits, X86Xmm acc, X86Xmm a,
                       X86Xmm b)
{
    static const X86PackedFpOp plain[] = {
        [TCG_VEC_FADD] = X86_FP_ADD, [TCG_VEC_FSUB] = X86_FP_SUB,
        [TCG_VEC_FMUL] = X86_FP_MUL, [TCG_VEC_FDIV] = X86_FP_DIV,
    };

    if (kind == TCG_VEC_FMLA)
        x86_vfma231_packed(as(), X86_VFMADD231, bits, acc, a, b);
    else if (kind == TCG_VEC_FMLS)
        x86_vfma231_packed(as(), X86_VFNMADD231, bits, acc, a, b);
    else
        x86_packed_fp(as(), plain[kind], bits, a, b);
}

/* jnz to the stub when any of the oprsz bytes of x is part of a NaN. */
static uint8_t *jump_if_nan(X86Xmm x, int bits, unsigned oprsz, X86Xmm tmp)
{
    x86_movaps_rr(as(), tmp, x);
    x86_cmp_unord(as(), bits, tmp, tmp);
    x86_pmovmskb(as(), REG_SCRATCH, tmp);
    x86_alu_ri(as(), 32, X86_AND, REG_SCRATCH, oprsz == 8 ? 0xff : 0xffff);
    return x86_jcc32(as(), X86_CC_NE);
}

/* jnz to the stub when the mode word has a bit of mask set. */
static uint8_t *jump_if_mode(uint64_t mode)
{
    x86_load(as(), X86_LD_U32, 32, REG_SCRATCH,
             env_at((int32_t)(mode >> 32)));
    x86_alu_ri(as(), 32, X86_AND, REG_SCRATCH, (int32_t)(uint32_t)mode);
    return x86_jcc32(as(), X86_CC_NE);
}

static VecFpStub *new_stub(const TCGOp *op, X86Xmm result, unsigned oprsz)
{
    VecFpStub *st;

    if (nb_stubs >= MAX_VEC_FP_STUBS) {
        be.too_big = true;
        return NULL;
    }
    st = &stubs[nb_stubs++];
    st->result = result;
    st->oprsz = oprsz;
    st->nb_cache = vcache_snapshot(st->cache);
    st->live = ra_live_caller_saved();
    st->slow = (const TCGHelper *)(uintptr_t)op->args[5];
    st->args[0] = op->args[6];
    st->args[1] = op->args[1];
    st->args[2] = op->args[2];
    st->args[3] = op->args[3];
    return st;
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
    VecFpStub *st;

    if (op->opc != INDEX_op_vec_fp)
        return false;
    vcache_load(X86_XMM0, (int32_t)op->args[2], oprsz);
    vcache_load(X86_XMM1, (int32_t)op->args[3], oprsz);
    if (fused)
        vcache_load(X86_XMM2, (int32_t)op->args[1], oprsz);
    /* From here to the store the allocator's state does not change: both
     * jumps leave with the same one, which the stub restores. */
    st = new_stub(op, result, oprsz);
    if (!st)
        return true;
    st->jumps[0] = jump_if_mode(op->args[4]);
    emit_arith(kind, bits, X86_XMM2, X86_XMM0, X86_XMM1);
    st->jumps[1] = jump_if_nan(result, bits, oprsz, X86_XMM3);
    st->resume = (uint32_t)x86_asm_size(&be.as);
    vcache_store((int32_t)op->args[1], result, oprsz, maxsz);
    return true;
}

static void emit_stub(const VecFpStub *st)
{
    static const X86Reg arg_regs[] = { X86_RSI, X86_RDX, X86_RCX, X86_R8 };
    X86Reg saved[16];
    int nb_saved = 0;

    for (int j = 0; j < 2; j++)
        if (st->jumps[j])
            x86_patch_rel32(st->jumps[j], be.as.p);
    /* The helper reads the CPU state: bring cached vectors up to date. */
    for (int i = 0; i < st->nb_cache; i++)
        if (st->cache[i].dirty)
            x86_movdqu_store(as(), env_at(st->cache[i].ofs), st->cache[i].xmm);
    for (int r = 0; r < 16; r++)
        if (st->live & REGSET(r))
            saved[nb_saved++] = (X86Reg)r;
    for (int i = 0; i < nb_saved; i++)
        x86_push(as(), saved[i]);
    if (nb_saved % 2)
        x86_alu_ri(as(), 64, X86_SUB, X86_RSP, 8); /* keep rsp 16-aligned */
    x86_mov_rr(as(), 64, X86_RDI, REG_ENV);
    for (int i = 0; i < 4; i++)
        x86_mov_ri(as(), arg_regs[i], st->args[i]);
    x86_call_abs(as(), st->slow->func);
    if (nb_saved % 2)
        x86_alu_ri(as(), 64, X86_ADD, X86_RSP, 8);
    for (int i = nb_saved - 1; i >= 0; i--)
        x86_pop(as(), saved[i]);
    /* Every xmm register is the call's: reload the cache from memory (the
     * helper wrote d there), then the result as the inline code has it. */
    for (int i = 0; i < st->nb_cache; i++)
        x86_movdqu_load(as(), st->cache[i].xmm, env_at(st->cache[i].ofs));
    if (st->oprsz == 8)
        x86_movq_load(as(), st->result, env_at((int32_t)st->args[1]));
    else
        x86_movdqu_load(as(), st->result, env_at((int32_t)st->args[1]));
    x86_jmp_to(as(), be.as.start + st->resume);
}

void lower_vec_fp_finish(void)
{
    for (int i = 0; i < nb_stubs && !be.as.overflow; i++)
        emit_stub(&stubs[i]);
}
