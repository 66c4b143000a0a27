/*
 * Operation codes of helper_sve_arith (the SVE integer and FP arithmetic
 * beyond the foundation), shared by trans_sve_arith.c and
 * helper_sve_arith.c. The descriptor is helper_sve.h's; nothing here
 * emits IR.
 */
#ifndef ARX_TARGET_ARM_HELPER_SVE_ARITH_H
#define ARX_TARGET_ARM_HELPER_SVE_ARITH_H

#include <stdint.h>

#include "target-arm/helper_sve.h"

/* What helper_sve_arith does (the descriptor's op field). */
typedef enum SveArithOp {
    SVE_ARITH_SATADD,     /* aux: SVE_SAT_SUB | SVE_SAT_U | SVE_SAT_IMM; a */
    SVE_ARITH_ADR,        /* aux: the opc field | msz << 2 */
    SVE_ARITH_DOT_IDX,    /* aux: 1 unsigned | index << 1 */
    SVE_ARITH_FEXPA,      /* Zd = FPExpA(Zn) */
    SVE_ARITH_FTMAD,      /* aux: imm3 */
    SVE_ARITH_FP_BINARY,  /* aux: SveFpBinary; pg 16: unpredicated */
    SVE_ARITH_FP_IMM,     /* aux: SveFpBinary; a: the immediate's bits */
    SVE_ARITH_FP_UNARY,   /* aux: SveFpUnary; pg 16: unpredicated */
    SVE_ARITH_FP_REDUCE,  /* aux: SveFpBinary (MAXNM ... MIN); writes Vd */
    SVE_ARITH_FMLA_IDX,   /* aux: index | SVE_IDX_SUB | SVE_IDX_MUL */
    SVE_ARITH_FCMLA_IDX,  /* aux: index | rot << 4 */
    SVE_ARITH_FCADD,      /* aux: 0 #90, 1 #270 */
    SVE_ARITH_SHIFT_WIDE, /* aux: 0 ASR, 1 LSR, 3 LSL; pg 16: all */
} SveArithOp;

/* SVE_ARITH_SATADD's aux. */
enum { SVE_SAT_SUB = 1, SVE_SAT_U = 2, SVE_SAT_IMM = 4 };

/* SVE_ARITH_FMLA_IDX's aux above the index: FMLS, FMUL. */
enum { SVE_IDX_SUB = 1 << 4, SVE_IDX_MUL = 1 << 5 };

/* Two-operand FP operations: 0-7 are the immediate forms' opc, 4-10 the
 * predicated FP_zpzz opc values with 4 subtracted back (same order). */
typedef enum SveFpBinary {
    SVE_FB_ADD,
    SVE_FB_SUB,
    SVE_FB_MUL,
    SVE_FB_SUBR,
    SVE_FB_MAXNM,
    SVE_FB_MINNM,
    SVE_FB_MAX,
    SVE_FB_MIN,
    SVE_FB_ABD,
    SVE_FB_SCALE,
    SVE_FB_MULX,
    SVE_FB_RECPS,
    SVE_FB_RSQRTS,
    SVE_FB_TSMUL,
    SVE_FB_TSSEL,
} SveFpBinary;

/* One-operand FP operations: 0-7 FRINTN ... FRINTI (5 unused) and 12,
 * 13 as the FUNARY_zpz opc; then the unpredicated estimates. */
typedef enum SveFpUnary {
    SVE_FU_RECPX = 12,
    SVE_FU_SQRT = 13,
    SVE_FU_RECPE = 16,
    SVE_FU_RSQRTE = 17,
} SveFpUnary;

static inline uint64_t sve_arith_desc(SveArithOp op, unsigned esz, unsigned rd,
                                      unsigned rn, unsigned rm, unsigned pg,
                                      uint32_t aux)
{
    return sve_desc((SveOp)op, esz, rd, rn, rm, pg, aux);
}

#endif
