/*
 * Lowering of the IEEE arithmetic ops (fadd_f32 ... fsqrt_f64) to scalar
 * SSE: operands move from their integer registers into xmm0/xmm1 and the
 * result back. Uses the host's MXCSR as it stands; must not change it.
 */
#include "tcg/x86_64/regalloc.h"

typedef struct FpLowering {
    TCGOpcode opc;
    X86SseOp sse;
    int bits; /* 32: movd, 64: movq */
} FpLowering;

static const FpLowering fp_lowerings[] = {
    { INDEX_op_fadd_f32, X86_ADDSS, 32 },  { INDEX_op_fsub_f32, X86_SUBSS, 32 },
    { INDEX_op_fmul_f32, X86_MULSS, 32 },  { INDEX_op_fdiv_f32, X86_DIVSS, 32 },
    { INDEX_op_fsqrt_f32, X86_SQRTSS, 32 }, { INDEX_op_fadd_f64, X86_ADDSD, 64 },
    { INDEX_op_fsub_f64, X86_SUBSD, 64 },  { INDEX_op_fmul_f64, X86_MULSD, 64 },
    { INDEX_op_fdiv_f64, X86_DIVSD, 64 },  { INDEX_op_fsqrt_f64, X86_SQRTSD, 64 },
};

static const FpLowering *fp_lowering(TCGOpcode opc)
{
    for (size_t i = 0; i < sizeof(fp_lowerings) / sizeof(fp_lowerings[0]); i++)
        if (fp_lowerings[i].opc == opc)
            return &fp_lowerings[i];
    return NULL;
}

bool lower_fp(TCGOp *op)
{
    const FpLowering *l = fp_lowering((TCGOpcode)op->opc);
    int nin;
    X86Reg rd;

    if (!l)
        return false;
    nin = tcg_op_defs[op->opc].nb_iargs;
    x86_movq_xr(&be.as, l->bits, X86_XMM0, ra_in(arg_temp(op, 1), 0));
    if (nin == 2) {
        x86_movq_xr(&be.as, l->bits, X86_XMM1, ra_in(arg_temp(op, 2), 0));
        x86_sse_rr(&be.as, l->sse, X86_XMM0, X86_XMM1);
    } else {
        /* sqrtss/sqrtsd write only the low element: the source is xmm0. */
        x86_sse_rr(&be.as, l->sse, X86_XMM0, X86_XMM0);
    }
    ra_free_dead(op, 1, 1 + nin);
    rd = ra_alloc(0);
    x86_movq_rx(&be.as, l->bits, rd, X86_XMM0);
    ra_set_out(arg_temp(op, 0), rd);
    if (arg_dies(op, 0))
        ra_release(rd);
    return true;
}
