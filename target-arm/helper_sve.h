/*
 * The SVE helpers' operation codes and descriptor layout, shared by the
 * translator (trans_sve.c) and helper_sve.c: one descriptor word names
 * the operation, the element size and the registers. Nothing here emits
 * IR.
 */
#ifndef ARX_TARGET_ARM_HELPER_SVE_H
#define ARX_TARGET_ARM_HELPER_SVE_H

#include <stdint.h>

/* What helper_sve_op and helper_sve_mem do (desc bits 0-7). */
typedef enum SveOp {
    SVE_OP_ADDSUB_ZZZ, /* aux: 0 ADD, 1 SUB */
    SVE_OP_LOGIC_ZZZ,  /* aux: 0 AND, 1 ORR, 2 EOR, 3 BIC (64-bit lanes) */
    SVE_OP_MOVPRFX,    /* aux: SVE_PRED_* */
    SVE_OP_BINOP_ZPZZ, /* aux: the opc field of the predicated group */
    SVE_OP_ADDV,       /* aux: 1 unsigned; returns the sum */
    SVE_OP_MLA,        /* aux: bit 0 subtract, bit 1 MAD/MSB form */
    SVE_OP_INDEX,      /* a: start, b: step */
    SVE_OP_INCDEC_Z,   /* a: the signed amount per element */
    SVE_OP_DUP,        /* a: the value */
    SVE_OP_DUP_X,      /* aux: element index | SVE_DUP_Q */
    SVE_OP_SEL_Z,      /* Zd = Pg ? Zn : Zm */
    SVE_OP_ARITH_IMM,  /* aux: the BINOP_zpzz opc; a: imm */
    SVE_OP_CMP,        /* aux: SVE_CMP_* | SVE_CMP_IMM | SVE_CMP_WIDE */
    SVE_OP_PTRUE,      /* aux: the pattern */
    SVE_OP_PFALSE,
    SVE_OP_WHILE,    /* a, b: operands; aux: SVE_WHILE_* */
    SVE_OP_PTEST,    /* rn: Pn */
    SVE_OP_PLOGIC,   /* aux: op:o2:o3 of the encoding */
    SVE_OP_RDFFR,    /* pg: 16 for the unpredicated form */
    SVE_OP_WRFFR,    /* rn: Pn; 16: SETFFR */
    SVE_OP_FP_ZZZ,   /* aux: 0 FADD, 1 FSUB, 2 FMUL */
    SVE_OP_FP_ZPZZ,  /* aux: the opc field */
    SVE_OP_FMLA,     /* aux: opc | 4 for the FMAD forms (ra in rm) */
    SVE_OP_FADDV,    /* writes Vd */
    SVE_OP_ELEMENTS, /* DecodePredCount(aux pattern): returns it */
    SVE_OP_LD1,      /* aux: dtype | SVE_LD_* ; helper_sve_mem */
    SVE_OP_ST1,      /* aux: msz | SVE_LD_IMM...; helper_sve_mem */
    SVE_OP_LDR,      /* aux: imm9 | SVE_LDR_PRED; helper_sve_mem */
    SVE_OP_STR,      /* the same */
    SVE_OP_CPY_I,    /* a: imm; aux: 1 merging; sve_op */
    SVE_OP_SHIFT,    /* aux: SVE_SHIFT_*; pg 16: unpredicated */
    SVE_OP_UNARY,    /* aux: the opc field (SXTB ... NOT) */
    SVE_OP_REDUCE,   /* aux: SVE_RED_*; writes Vd */
    SVE_OP_PERM_Z,   /* aux: 0 ZIP1 1 ZIP2 2 UZP1 3 UZP2 4 TRN1 5 TRN2 */
    SVE_OP_PERM_P,   /* the same on predicates */
    SVE_OP_REV_Z,
    SVE_OP_REV_P,
    SVE_OP_PUNPK,   /* aux: 1 high half */
    SVE_OP_UNPK,    /* aux: bit 0 high half, bit 1 unsigned */
    SVE_OP_REVX,    /* aux: 0 REVB, 1 REVH, 2 REVW */
    SVE_OP_LD1R,    /* aux: dtype | imm6 << 8; helper_sve_mem */
    SVE_OP_LDN,     /* aux: msz | count << 2 | SVE_LD_IMM...; mem */
    SVE_OP_STN,     /* the same */
    SVE_OP_FCMP,    /* aux: op:o2:o3 of the encoding; no NZCV */
    SVE_OP_FCVT,    /* aux: fp esz | int esz << 2 | SVE_FCVT_* */
    SVE_OP_DOT,     /* aux: 1 unsigned; esz 2 (.S from .B) or 3 */
    SVE_OP_FCVT_FP, /* aux: from esz | to esz << 2 */
    SVE_OP_SATCNT,  /* a: Xd; aux: pattern | imm << 8 | SVE_SAT_* */
    SVE_OP_FADDA,   /* Vd = Vd + the active Zm elements, in order */
    SVE_OP_FCMLA,   /* aux: the rotation (0-3) */
} SveOp;

/* MOVPRFX, predicated forms. */
enum { SVE_PRED_NONE, SVE_PRED_ZERO, SVE_PRED_MERGE };

/* Integer compares (SVE_OP_CMP's aux bits 0-3). */
enum {
    SVE_CMP_EQ,
    SVE_CMP_NE,
    SVE_CMP_GE,
    SVE_CMP_GT,
    SVE_CMP_LT,
    SVE_CMP_LE,
    SVE_CMP_HS,
    SVE_CMP_HI,
    SVE_CMP_LO,
    SVE_CMP_LS,
    SVE_CMP_IMM = 1 << 4,  /* Zm is the immediate a */
    SVE_CMP_WIDE = 1 << 5, /* Zm holds 64-bit elements */
};

/* WHILE (SVE_OP_WHILE's aux). */
enum {
    SVE_WHILE_UNSIGNED = 1 << 0,
    SVE_WHILE_EQ = 1 << 1, /* LE, LS: <= */
    SVE_WHILE_64 = 1 << 2, /* X operands, else W */
};

/* Contiguous loads and stores (aux above the 4-bit dtype or 2-bit msz
 * and 2-bit esz): the immediate (times the vector's memory size) in
 * bits 8-15, signed. */
enum {
    SVE_LD_FIRST_FAULT = 1 << 4, /* LDFF1 */
    SVE_LD_NON_FAULT = 1 << 5,   /* LDNF1 */
    SVE_LD_IMM_SHIFT = 8,
};

/* SVE_OP_SHIFT's aux: the operation in bits 0-2 (0 ASR, 1 LSR, 2 ASRD, 3 LSL,
 * 4 ASRR, 5 LSRR, 7 LSLR), by the immediate in bits 16-23 or by Zm. */
enum { SVE_SHIFT_IMM = 1 << 8, SVE_SHIFT_AMOUNT = 16 };

/* SVE_OP_REDUCE's aux. */
enum {
    SVE_RED_SMAX,
    SVE_RED_UMAX,
    SVE_RED_SMIN,
    SVE_RED_UMIN,
    SVE_RED_OR,
    SVE_RED_EOR,
    SVE_RED_AND,
};

/* SVE_OP_FCMP's aux above op:o2:o3: compare with +0.0 (as Zm), and
 * with the operands swapped (FCMLT, FCMLE #0.0). */
enum { SVE_FCMP_ZERO = 1 << 8, SVE_FCMP_SWAP = 1 << 9 };

/* SVE_OP_SATCNT's aux above the pattern and multiplier. */
enum {
    SVE_SAT_DEC = 1 << 16,
    SVE_SAT_UNSIGNED = 1 << 17,
    SVE_SAT_64 = 1 << 18
};

/* SVE_OP_FCVT's aux above the two sizes. */
enum { SVE_FCVT_TO_INT = 1 << 4, SVE_FCVT_UNSIGNED = 1 << 5 };

/* DUP (indexed) of a 128-bit element (esz then 0). */
enum { SVE_DUP_Q = 1 << 16 };

/* LDR, STR: a predicate register (VL / 8 bytes), else a Z register;
 * the signed imm9 in bits 0-8 of aux. */
enum { SVE_LDR_PRED = 1 << 9 };

/* The descriptor: op, esz, rd, rn, rm, pg, then aux in the high word. */
static inline uint64_t sve_desc(SveOp op, unsigned esz, unsigned rd,
                                unsigned rn, unsigned rm, unsigned pg,
                                uint32_t aux)
{
    return (uint64_t)op | (uint64_t)esz << 8 | (uint64_t)rd << 10 |
           (uint64_t)rn << 16 | (uint64_t)rm << 22 | (uint64_t)pg << 27 |
           (uint64_t)aux << 32;
}

static inline unsigned sve_desc_op(uint64_t d)
{
    return d & 0xff;
}
static inline unsigned sve_desc_esz(uint64_t d)
{
    return (d >> 8) & 3;
}
static inline unsigned sve_desc_rd(uint64_t d)
{
    return (d >> 10) & 0x1f;
}
static inline unsigned sve_desc_rn(uint64_t d)
{
    return (d >> 16) & 0x1f;
}
static inline unsigned sve_desc_rm(uint64_t d)
{
    return (d >> 22) & 0x1f;
}
static inline unsigned sve_desc_pg(uint64_t d)
{
    return (d >> 27) & 0x1f;
}
static inline uint32_t sve_desc_aux(uint64_t d)
{
    return (uint32_t)(d >> 32);
}

/* ZIP/UZP/TRN (aux of SVE_OP_PERM_Z): the source of result element i
 * of n, bit 8 set for the second operand (also the .Q forms'). */
unsigned sve_perm_src(unsigned opc, unsigned i, unsigned n);

/* The prototypes: helpers.def (helpers_sve.def). */
#include "target-arm/helpers.h"

#endif
