/*
 * Lowering of the IEEE ops (fadd_f32 ... fcmpe_f64, conversions, fround)
 * to scalar SSE, SSE4.1 and FMA3: operands move from their integer
 * registers into xmm0-xmm2 and the result (or a comparison code) back; and
 * of crc32c_i64 to SSE4.2's crc32. Uses the host's MXCSR as it stands;
 * must not change it.
 */
#include <cpuid.h>

#include "tcg/x86_64/host_cpu.h"
#include "tcg/x86_64/lower.h"

static const FpLowering fp_lowerings[] = {
    {INDEX_op_fadd_f32, FP_ARITH, X86_ADDSS, 32},
    {INDEX_op_fsub_f32, FP_ARITH, X86_SUBSS, 32},
    {INDEX_op_fmul_f32, FP_ARITH, X86_MULSS, 32},
    {INDEX_op_fdiv_f32, FP_ARITH, X86_DIVSS, 32},
    {INDEX_op_fsqrt_f32, FP_ARITH, X86_SQRTSS, 32},
    {INDEX_op_fadd_f64, FP_ARITH, X86_ADDSD, 64},
    {INDEX_op_fsub_f64, FP_ARITH, X86_SUBSD, 64},
    {INDEX_op_fmul_f64, FP_ARITH, X86_MULSD, 64},
    {INDEX_op_fdiv_f64, FP_ARITH, X86_DIVSD, 64},
    {INDEX_op_fsqrt_f64, FP_ARITH, X86_SQRTSD, 64},
    {INDEX_op_fmuladd_f32, FP_FMA, X86_VFMADD231, 32},
    {INDEX_op_fmulsub_f32, FP_FMA, X86_VFMSUB231, 32},
    {INDEX_op_fnmuladd_f32, FP_FMA, X86_VFNMADD231, 32},
    {INDEX_op_fnmulsub_f32, FP_FMA, X86_VFNMSUB231, 32},
    {INDEX_op_fmuladd_f64, FP_FMA, X86_VFMADD231, 64},
    {INDEX_op_fmulsub_f64, FP_FMA, X86_VFMSUB231, 64},
    {INDEX_op_fnmuladd_f64, FP_FMA, X86_VFNMADD231, 64},
    {INDEX_op_fnmulsub_f64, FP_FMA, X86_VFNMSUB231, 64},
    {INDEX_op_fcmp_f32, FP_CMP, X86_UCOMISS, 32},
    {INDEX_op_fcmp_f64, FP_CMP, X86_UCOMISD, 64},
    {INDEX_op_fcmpe_f32, FP_CMP, X86_COMISS, 32},
    {INDEX_op_fcmpe_f64, FP_CMP, X86_COMISD, 64},
};

static X86Asm *as(void)
{
    return &be.as;
}

const FpLowering *fp_lowering(TCGOpcode opc)
{
    for (size_t i = 0; i < sizeof(fp_lowerings) / sizeof(fp_lowerings[0]); i++)
        if (fp_lowerings[i].opc == opc)
            return &fp_lowerings[i];
    return NULL;
}

static unsigned host_cpuid1_ecx(void)
{
    return x86_host_cpu()->leaf1_ecx;
}

/* AVX needs the CPU feature and the OS saving AVX state. */
bool x86_host_has_avx(void)
{
    return (host_cpuid1_ecx() & bit_AVX) && x86_host_cpu()->avx_state;
}

/* FMA3: its CPU feature, and AVX. */
bool tcg_can_emit_fma(void)
{
    return (host_cpuid1_ecx() & bit_FMA) && x86_host_has_avx();
}

bool tcg_can_emit_crc32c(void)
{
    return (host_cpuid1_ecx() & bit_SSE4_2) != 0;
}

bool x86_host_has_sse41(void)
{
    return (host_cpuid1_ecx() & bit_SSE4_1) != 0;
}

bool tcg_can_emit_fround(void)
{
    return x86_host_has_sse41();
}

/* Copies input arg i of op into xmm x. */
static void fp_in(const TCGOp *op, int i, int bits, X86Xmm x)
{
    x86_movq_xr(as(), bits, x, ra_in(arg_temp(op, i), 0));
}

static void fp_out(const TCGOp *op, X86Reg rd)
{
    ra_set_out(arg_temp(op, 0), rd);
    if (arg_dies(op, 0))
        ra_release(rd);
}

/* 0 less, 1 equal, 2 greater, 3 unordered from comis flags: unordered
 * sets ZF, PF and CF; less CF; equal ZF. Moves leave the flags alone. */
static void fp_compare_code(X86Reg rd)
{
    x86_mov_ri(as(), rd, 2);
    x86_mov_ri(as(), REG_SCRATCH, 1);
    x86_cmov(as(), 32, X86_CC_E, rd, REG_SCRATCH);
    x86_mov_ri(as(), REG_SCRATCH, 0);
    x86_cmov(as(), 32, X86_CC_B, rd, REG_SCRATCH);
    x86_mov_ri(as(), REG_SCRATCH, 3);
    x86_cmov(as(), 32, X86_CC_P, rd, REG_SCRATCH);
}

/* Does the signed or unsigned compare cond hold for a (0..3) and k? */
static bool code_cond_holds(TCGCond cond, int64_t a, int64_t k)
{
    switch (cond) {
    case TCG_COND_EQ: return a == k;
    case TCG_COND_NE: return a != k;
    case TCG_COND_LT: return a < k;
    case TCG_COND_GE: return a >= k;
    case TCG_COND_LE: return a <= k;
    case TCG_COND_GT: return a > k;
    case TCG_COND_LTU: return (uint64_t)a < (uint64_t)k;
    case TCG_COND_GEU: return (uint64_t)a >= (uint64_t)k;
    case TCG_COND_LEU: return (uint64_t)a <= (uint64_t)k;
    case TCG_COND_GTU: return (uint64_t)a > (uint64_t)k;
    default: return false;
    }
}

/*
 * The x86 condition after comis x, y (swapped: comis y, x) that holds
 * exactly for the set of codes (bit c: code c, 0 less, 1 equal, 2
 * greater, 3 unordered, of x against y). comis sets CF for less and
 * unordered, ZF for equal and unordered, PF for unordered. Equal alone
 * and its complement need two jumps: false.
 */
static bool fcmp_code_set_cc(unsigned set, bool *swap, X86Cond *cc)
{
    static const struct {
        uint8_t set;
        bool swap;
        X86Cond cc;
    } table[] = {
        {0x1, true, X86_CC_A},   {0xe, true, X86_CC_BE},
        {0x4, false, X86_CC_A},  {0xb, false, X86_CC_BE},
        {0x8, false, X86_CC_P},  {0x7, false, X86_CC_NP},
        {0xc, true, X86_CC_B},   {0x3, true, X86_CC_AE},
        {0x6, false, X86_CC_AE}, {0x9, false, X86_CC_B},
        {0xa, false, X86_CC_E},  {0x5, false, X86_CC_NE},
    };

    for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); i++) {
        if (table[i].set == set) {
            *swap = table[i].swap;
            *cc = table[i].cc;
            return true;
        }
    }
    return false;
}

/*
 * An FP compare whose code only the next op reads, a brcond against a
 * constant (target-arm's B.cond after FCMP when no later code reads
 * NZCV): the comis alone, its flags left for lower_brcond, instead of
 * the code through three cmovs and a compare.
 */
static bool fcmp_fuses(const TCGOp *op, bool *swap, X86Cond *cc)
{
    const TCGOp *next = op + 1, *end = &tcg_ctx.ops[tcg_ctx.nb_ops];
    unsigned set = 0;

    while (next < end &&
           (next->opc == INDEX_op_nop || next->opc == INDEX_op_insn_start))
        next++;
    if (next >= end || next->opc != INDEX_op_brcond_i64 ||
        next->args[0] != op->args[0] || !arg_dies(next, 0) ||
        arg_temp(next, 1)->kind != TEMP_CONST)
        return false;
    for (int code = 0; code < 4; code++)
        if (code_cond_holds((TCGCond)next->args[2], code,
                            (int64_t)arg_temp(next, 1)->val))
            set |= 1u << code;
    return fcmp_code_set_cc(set, swap, cc);
}

/* Conversions: the float side's width (bits) and which way. */
typedef enum { CVT_WIDEN, CVT_NARROW, CVT_FROM_S64, CVT_TRUNC_TO_S64 } CvtKind;

typedef struct FpConversion {
    TCGOpcode opc;
    CvtKind kind;
    int bits;
} FpConversion;

static const FpConversion fp_conversions[] = {
    {INDEX_op_fcvt_f32_f64, CVT_WIDEN, 32},
    {INDEX_op_fcvt_f64_f32, CVT_NARROW, 64},
    {INDEX_op_fcvt_s64_f32, CVT_FROM_S64, 32},
    {INDEX_op_fcvt_s64_f64, CVT_FROM_S64, 64},
    {INDEX_op_fcvtz_f32_s64, CVT_TRUNC_TO_S64, 32},
    {INDEX_op_fcvtz_f64_s64, CVT_TRUNC_TO_S64, 64},
};

static const FpConversion *fp_conversion(TCGOpcode opc)
{
    for (size_t i = 0; i < sizeof(fp_conversions) / sizeof(fp_conversions[0]);
         i++)
        if (fp_conversions[i].opc == opc)
            return &fp_conversions[i];
    return NULL;
}

static void lower_fp_convert(const TCGOp *op, const FpConversion *c)
{
    X86Reg rs = X86_NOREG, rd;

    if (c->kind == CVT_FROM_S64)
        rs = ra_in(arg_temp(op, 1), 0);
    else
        fp_in(op, 1, c->bits, X86_XMM0);
    ra_free_dead(op, 1, 2);
    rd = ra_alloc(0);
    switch (c->kind) {
    case CVT_WIDEN:
        x86_sse_rr(as(), X86_CVTSS2SD, X86_XMM0, X86_XMM0);
        x86_movq_rx(as(), 64, rd, X86_XMM0);
        break;
    case CVT_NARROW:
        x86_sse_rr(as(), X86_CVTSD2SS, X86_XMM0, X86_XMM0);
        x86_movq_rx(as(), 32, rd, X86_XMM0);
        break;
    case CVT_FROM_S64:
        /* cvtsi2s* merge into xmm0: clearing it first breaks the false
         * dependence on whatever last wrote it. */
        x86_xorps_rr(as(), X86_XMM0, X86_XMM0);
        if (c->bits == 64)
            x86_cvtsi2sd(as(), 64, X86_XMM0, rs);
        else
            x86_cvtsi2ss(as(), 64, X86_XMM0, rs);
        x86_movq_rx(as(), c->bits, rd, X86_XMM0);
        break;
    case CVT_TRUNC_TO_S64:
        if (c->bits == 64)
            x86_cvttsd2si(as(), 64, rd, X86_XMM0);
        else
            x86_cvttss2si(as(), 64, rd, X86_XMM0);
        break;
    }
    fp_out(op, rd);
}

/* fround's direction (ops.def order) as roundss/roundsd's rounding
 * control; without the inexact request, bit 3 suppresses the flag. */
static void lower_fp_round(const TCGOp *op)
{
    static const uint8_t x86_rc[4] = {0, 2, 1, 3};
    int bits = op->opc == INDEX_op_fround_f64 ? 64 : 32;
    unsigned mode = (unsigned)op->args[2];
    X86Reg rd;

    fp_in(op, 1, bits, X86_XMM0);
    ra_free_dead(op, 1, 2);
    rd = ra_alloc(0);
    x86_round_scalar(as(), bits, X86_XMM0, X86_XMM0,
                     (uint8_t)(x86_rc[mode & 3] | (mode & 4 ? 0 : 8)));
    x86_movq_rx(as(), bits, rd, X86_XMM0);
    fp_out(op, rd);
}

/* out = crc32(a, b): two-address, so a is copied into out's register. */
static void lower_crc32c(const TCGOp *op)
{
    unsigned size = (unsigned)op->args[3];
    X86Reg rb = ra_in(arg_temp(op, 2), 0);
    X86Reg rd = ra_out_from(op, 0, 1, REGSET(rb));

    x86_crc32(as(), (int)size * 8, rd, rb);
    ra_free_dead(op, 1, 3);
    ra_set_out(arg_temp(op, 0), rd);
    if (arg_dies(op, 0))
        ra_release(rd);
}

bool lower_fp(TCGOp *op)
{
    const FpLowering *l = fp_lowering((TCGOpcode)op->opc);
    const FpConversion *c;
    bool swap;
    int nin;
    X86Reg rd;

    if (!l) {
        if (op->opc == INDEX_op_crc32c_i64) {
            lower_crc32c(op);
            return true;
        }
        if (op->opc == INDEX_op_fround_f32 || op->opc == INDEX_op_fround_f64) {
            lower_fp_round(op);
            return true;
        }
        c = fp_conversion((TCGOpcode)op->opc);
        if (c)
            lower_fp_convert(op, c);
        return c != NULL;
    }
    nin = tcg_op_defs[op->opc].nb_iargs;
    fp_in(op, 1, l->bits, X86_XMM0);
    if (nin >= 2)
        fp_in(op, 2, l->bits, X86_XMM1);
    if (nin == 3)
        fp_in(op, 3, l->bits, X86_XMM2);
    ra_free_dead(op, 1, 1 + nin);
    if (l->kind == FP_CMP && fcmp_fuses(op, &swap, &be.fcmp_cc)) {
        x86_sse_rr(as(), (X86SseOp)l->op, swap ? X86_XMM1 : X86_XMM0,
                   swap ? X86_XMM0 : X86_XMM1);
        be.fcmp_code = arg_temp(op, 0);
        return true;
    }
    rd = ra_alloc(0);
    switch (l->kind) {
    case FP_ARITH:
        /* sqrtss/sqrtsd write only the low element: the source is xmm0. */
        x86_sse_rr(as(), (X86SseOp)l->op, X86_XMM0,
                   nin == 2 ? X86_XMM1 : X86_XMM0);
        x86_movq_rx(as(), l->bits, rd, X86_XMM0);
        break;
    case FP_FMA: /* xmm2 (the addend) = +-(xmm0 * xmm1) +- xmm2 */
        x86_vfma231(as(), (X86FmaOp)l->op, l->bits, X86_XMM2, X86_XMM0,
                    X86_XMM1);
        x86_movq_rx(as(), l->bits, rd, X86_XMM2);
        break;
    case FP_CMP:
        x86_sse_rr(as(), (X86SseOp)l->op, X86_XMM0, X86_XMM1);
        fp_compare_code(rd);
        break;
    }
    fp_out(op, rd);
    return true;
}
