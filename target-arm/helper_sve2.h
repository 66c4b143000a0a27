/*
 * The SVE2 helper's operation codes (helper_sve2.c), shared with its
 * translator trans_sve2.c. The descriptor is helper_sve.h's sve_desc();
 * nothing here emits IR.
 */
#ifndef ARX_TARGET_ARM_HELPER_SVE2_H
#define ARX_TARGET_ARM_HELPER_SVE2_H

#include "target-arm/helper_sve.h"

/* What helper_sve2_op does (desc bits 0-7); esz is the destination's
 * element size unless said otherwise. */
typedef enum Sve2Op {
    SVE2_OP_PAIRWISE,   /* aux: opc:U (ADDP, S/UMAXP, S/UMINP) */
    SVE2_OP_LONG,       /* aux: SVE2_LONG_* | T (bottom/top source) */
    SVE2_OP_SHLL,       /* aux: U:T | shift << SVE2_SHIFT */
    SVE2_OP_SHRN,       /* esz: narrow; aux: op:U:R:T | shift << ... */
    SVE2_OP_XTN,        /* esz: narrow; aux: opc:T */
    SVE2_OP_ADDHN,      /* esz: narrow; aux: S:R:T */
    SVE2_OP_TERNARY,    /* rn: Zm, rm: Zk; aux: opc:o2 (EOR3 ... NBSL) */
    SVE2_OP_XAR,        /* aux: the rotation */
    SVE2_OP_MUL,        /* aux: SVE2_MUL_* | SVE2_INDEXED | index */
    SVE2_OP_MULADD,     /* aux: SVE2_MLA_* | SVE2_INDEXED | index */
    SVE2_OP_SRA,        /* aux: R:U | shift << SVE2_SHIFT */
    SVE2_OP_WHILE_DOWN, /* a, b: operands; aux: SVE_WHILE_*; NZCV */
    SVE2_OP_WHILE_PTR,  /* a, b: Xn, Xm; aux: 1 WHILERW; NZCV */
    SVE2_OP_EXT,        /* aux: the byte offset; Zn, Zn+1 */
    SVE2_OP_TBL,        /* aux: 1 TBX, else two-table TBL */
    SVE2_OP_MATCH,      /* rd: Pd; aux: 1 NMATCH; NZCV */
    SVE2_OP_HISTCNT,
    SVE2_OP_HISTSEG,
    SVE2_OP_ELEMENTWISE, /* aux: SVE2_EW_* and its bits; pg 16: all */
    SVE2_OP_CRYPTO,      /* aux: SVE2_CRYPTO_*, per 128-bit segment */
    SVE2_OP_FP_PAIRWISE, /* aux: the opc field */
    SVE2_OP_FP_UNARY,    /* aux: SVE2_FPU_*; predicated, merging */
    SVE2_OP_COMPLEX,     /* aux: SVE2_CPLX_* | rot << 2 | SVE2_INDEXED... */
    SVE2_OP_FMLAL,       /* aux: T | 2 (FMLSL) | SVE2_INDEXED | index */
    SVE2_OP_LDNT1,       /* helper_sve2_mem; aux: msz | SVE2_MEM_* */
    SVE2_OP_STNT1,       /* the same (no SVE2_MEM_SIGNED) */
} Sve2Op;

static inline uint64_t sve2_desc(Sve2Op op, unsigned esz, unsigned rd,
                                 unsigned rn, unsigned rm, unsigned pg,
                                 uint32_t aux)
{
    return sve_desc((SveOp)op, esz, rd, rn, rm, pg, aux);
}

/* The immediate shift's place in aux. */
enum { SVE2_SHIFT = 8 };

/* SVE2_OP_LONG's forms (aux bits 1-3), bit 0 the top half. */
enum {
    SVE2_LONG_ADD = 0 << 1,  /* S/UADDLB/T (bit 4 unsigned) */
    SVE2_LONG_SUB = 1 << 1,  /* S/USUBLB/T */
    SVE2_LONG_ABD = 2 << 1,  /* S/UABDLB/T */
    SVE2_LONG_ADDW = 3 << 1, /* S/UADDWB/T: Zn is already wide */
    SVE2_LONG_SUBW = 4 << 1,
    SVE2_LONG_MUL = 5 << 1, /* S/UMULLB/T */
    SVE2_LONG_SQDMUL = 6 << 1,
    SVE2_LONG_PMUL = 7 << 1,
    SVE2_LONG_UNSIGNED = 1 << 4,
    /* and with bit 5 set (bits 1-3 again): */
    SVE2_LONG_MLA = 32 | 0 << 1,    /* S/UMLALB/T, S/UMLSLB/T: Zda += */
    SVE2_LONG_SQDMLA = 32 | 1 << 1, /* SQDMLALB/T, SQDMLSLB/T */
    SVE2_LONG_ABA = 32 | 2 << 1,    /* S/UABALB/T */
    SVE2_LONG_ADDBT = 32 | 3 << 1,  /* SADDLBT: n bottom, m top */
    SVE2_LONG_SUBBT = 32 | 4 << 1,  /* SSUBLBT, SSUBLTB (bit 0) */
    SVE2_LONG_SUBTRACT = 1 << 6,    /* the MLSL forms */
    SVE2_LONG_BT = 1 << 7,          /* SQDMLALBT: Zm's top elements */
};

/* SVE2_OP_MUL's operations (aux bits 0-2). */
enum {
    SVE2_MUL_MUL,
    SVE2_MUL_PMUL,
    SVE2_MUL_SMULH,
    SVE2_MUL_UMULH,
    SVE2_MUL_SQDMULH,
    SVE2_MUL_SQRDMULH,
};

/* SVE2_OP_MULADD's operations (aux bits 0-1). */
enum { SVE2_MLA_MLA, SVE2_MLA_MLS, SVE2_MLA_SQRDMLAH, SVE2_MLA_SQRDMLSH };

/* SVE2_OP_ELEMENTWISE's operations (bits 4-7; bits 0-3 are the
 * encoding's own, bits 12-14 flags, bits 16-23 a shift amount). */
enum {
    SVE2_EW_ABA = 0 << 4,   /* bit 0 unsigned */
    SVE2_EW_ADALP = 1 << 4, /* bit 0 unsigned */
    SVE2_EW_ADCL = 2 << 4,  /* bit 1 SBCL, bit 0 top */
    SVE2_EW_SRI = 3 << 4,
    SVE2_EW_SLI = 4 << 4,
    SVE2_EW_SATADD = 5 << 4,      /* bits 0-2: the encoding's op */
    SVE2_EW_SHL = 6 << 4,         /* bits 0-3: q:n:r:u */
    SVE2_EW_SQABS = 7 << 4,       /* bit 0 SQNEG */
    SVE2_EW_CADD = 8 << 4,        /* bit 1 SQCADD, bit 0 #270 */
    SVE2_EW_EORBT = 9 << 4,       /* bit 0 EORTB */
    SVE2_EW_HALVE = 10 << 4,      /* bits 0-2: R:S:U, SHADD ... UHSUBR */
    SVE2_EW_BITPERM = 11 << 4,    /* bits 0-1: BEXT, BDEP, BGRP */
    SVE2_EW_SHIFT_IMM = 1 << 12,  /* SVE2_EW_SHL by the immediate */
    SVE2_EW_SHIFT_LEFT = 1 << 13, /* ... to the left, else right */
    SVE2_EW_SHIFT_SU = 1 << 14,   /* SQSHLU: signed in, unsigned out */
    SVE2_EW_AMOUNT = 16,
};

/* SVE2_OP_CRYPTO's operations (AdvSIMD's helpers on each segment). */
enum {
    SVE2_CRYPTO_AESE,
    SVE2_CRYPTO_AESD,
    SVE2_CRYPTO_AESMC,
    SVE2_CRYPTO_AESIMC,
    SVE2_CRYPTO_SM4E,
    SVE2_CRYPTO_SM4EKEY,
    SVE2_CRYPTO_RAX1,
    SVE2_CRYPTO_PMULLB, /* PMULLB .Q; PMULLT next */
    SVE2_CRYPTO_PMULLT,
};

/* SVE2_OP_FP_UNARY's operations; esz is the wide element's for the
 * conversions, the element's for FLOGB. */
enum {
    SVE2_FPU_FCVTNT, /* the narrowed value into the odd half */
    SVE2_FPU_FCVTLT, /* the odd half widened */
    SVE2_FPU_FCVTX,  /* D to S rounding to odd, zero-extended */
    SVE2_FPU_FCVTXNT,
    SVE2_FPU_FLOGB,
    SVE2_FPU_URECPE, /* .S only */
    SVE2_FPU_URSQRTE,
};

/* SVE2_OP_COMPLEX's operations (aux bits 0-1). */
enum { SVE2_CPLX_CMLA, SVE2_CPLX_SQRDCMLAH, SVE2_CPLX_CDOT };

/* LDNT1 / STNT1's aux above the 2-bit memory size. */
enum { SVE2_MEM_SIGNED = 1 << 2 };

/* Zm's element index inside each 128-bit segment (bits 16-19). */
enum { SVE2_INDEXED = 1 << 8, SVE2_INDEX = 16 };

#endif
