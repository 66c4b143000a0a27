/*
 * Advanced SIMD helpers for the A64 translator: element loops over
 * env->v[] for the operations not yet inlined as IR. simd.decode names
 * the operation enums below in its constants ({op=SI_SHADD}), which the
 * generated decoder uses as they are. Nothing here emits IR.
 */
#ifndef ARX_TARGET_ARM_HELPER_SIMD_H
#define ARX_TARGET_ARM_HELPER_SIMD_H

#include <stdint.h>

/*
 * Every helper takes a descriptor:
 *   bits 0-7   op (one of the enums below)
 *   bits 8-9   esz: element size log2 (for long/narrow ops: the narrow one)
 *   bits 10-14 oprsz: bytes of the operation (8 or 16 for vectors, the
 *              element size for scalars, the narrow one for long scalars)
 *   bit 16     part2: the "2" forms (upper half of the narrow operand)
 *   bit 17     unsigned (three-different and by-element long forms)
 *   bits 24-31 imm: shift, rounding mode, index, EXT position, TBL length
 */
enum {
    SIMD_DESC_ESZ_SHIFT = 8,
    SIMD_DESC_OPRSZ_SHIFT = 10,
    SIMD_DESC_PART2 = 1 << 16,
    SIMD_DESC_UNSIGNED = 1 << 17,
    SIMD_DESC_IMM_SHIFT = 24,
};

static inline uint64_t simd_desc(int op, int esz, int oprsz, int flags, int imm)
{
    return (uint64_t)op | (uint64_t)esz << SIMD_DESC_ESZ_SHIFT |
           (uint64_t)oprsz << SIMD_DESC_OPRSZ_SHIFT | (uint64_t)flags |
           (uint64_t)(imm & 0xff) << SIMD_DESC_IMM_SHIFT;
}

/* Integer three-same (and by-element MUL/MLA/MLS). */
enum {
    SI_ADD = 0,
    SI_SUB = 1,
    SI_MUL = 2,
    SI_MLA = 3,
    SI_MLS = 4,
    SI_CMEQ = 5,
    SI_CMGT = 6,
    SI_CMGE = 7,
    SI_CMHI = 8,
    SI_CMHS = 9,
    SI_CMTST = 10,
    SI_UMAX = 11,
    SI_UMIN = 12,
    SI_SMAX = 13,
    SI_SMIN = 14,
    SI_USHL = 15,
    SI_SSHL = 16,
    SI_URSHL = 17,
    SI_SRSHL = 18,
    SI_UHADD = 19,
    SI_SHADD = 20,
    SI_URHADD = 21,
    SI_SRHADD = 22,
    SI_UHSUB = 23,
    SI_SHSUB = 24,
    SI_UQADD = 25,
    SI_SQADD = 26,
    SI_UQSUB = 27,
    SI_SQSUB = 28,
    SI_UABD = 29,
    SI_SABD = 30,
    SI_UABA = 31,
    SI_SABA = 32,
    SI_ADDP = 33,
    SI_UMAXP = 34,
    SI_UMINP = 35,
    SI_SMAXP = 36,
    SI_SMINP = 37,
    SI_SQDMULH = 38,
    SI_SQRDMULH = 39,
    SI_PMUL = 40,
    SI_UQSHL = 41,
    SI_SQSHL = 42,
    SI_UQRSHL = 43,
    SI_SQRSHL = 44,
};

/* FP three-same: 0-9 are FPOP_* of helper_fp.h, then these. */
enum {
    SF_MLA = 10,
    SF_MLS = 11,
    SF_CMEQ = 12,
    SF_CMGE = 13,
    SF_CMGT = 14,
    SF_ACGE = 15,
    SF_ACGT = 16,
    SF_ADDP = 17,
    SF_MAXP = 18,
    SF_MINP = 19,
    SF_MAXNMP = 20,
    SF_MINNMP = 21,
    SF_MULX = 22,
    SF_RECPS = 23,
    SF_RSQRTS = 24,
};

/* Three-different (signedness from SIMD_DESC_UNSIGNED). */
enum {
    SD_ADDL = 0,
    SD_SUBL = 1,
    SD_ADDW = 2,
    SD_SUBW = 3,
    SD_MULL = 4,
    SD_MLAL = 5,
    SD_MLSL = 6,
    SD_ABDL = 7,
    SD_ABAL = 8,
    SD_ADDHN = 9,
    SD_SUBHN = 10,
    SD_RADDHN = 11,
    SD_RSUBHN = 12,
    SD_SQDMLAL = 13,
    SD_SQDMLSL = 14,
    SD_SQDMULL = 15,
};

/* Two-register miscellaneous (imm: FPRounding for FRINT/FCVT*). */
enum {
    SM_REV16 = 0,
    SM_REV32 = 1,
    SM_REV64 = 2,
    SM_CNT = 3,
    SM_CLZ = 4,
    SM_CLS = 5,
    SM_RBIT = 6,
    SM_ABS = 7,
    SM_NEG = 8,
    SM_CMGT0 = 9,
    SM_CMGE0 = 10,
    SM_CMEQ0 = 11,
    SM_CMLE0 = 12,
    SM_CMLT0 = 13,
    SM_SADDLP = 14,
    SM_UADDLP = 15,
    SM_SADALP = 16,
    SM_UADALP = 17,
    SM_XTN = 18,
    SM_SQXTN = 19,
    SM_UQXTN = 20,
    SM_SQXTUN = 21,
    SM_SHLL = 22,
    SM_FABS = 23,
    SM_FNEG = 24,
    SM_FSQRT = 25,
    SM_FRINT = 26,
    SM_FRINTX = 27,
    SM_FCVTS = 28,
    SM_FCVTU = 29,
    SM_SCVTF = 30,
    SM_UCVTF = 31,
    SM_FCMGT0 = 32,
    SM_FCMGE0 = 33,
    SM_FCMEQ0 = 34,
    SM_FCMLE0 = 35,
    SM_FCMLT0 = 36,
    SM_FCVTN = 37,
    SM_FCVTL = 38,
    SM_SQABS = 39,
    SM_SQNEG = 40,
    SM_SUQADD = 41,
    SM_USQADD = 42,
    SM_URECPE = 43,
    SM_URSQRTE = 44,
    SM_FRECPE = 45,
    SM_FRSQRTE = 46,
    SM_FRECPX = 47,
    SM_FCVTXN = 48,
};

/* Across lanes (and the scalar pairwise forms, as a 2-element reduce). */
enum {
    SA_ADDV = 0,
    SA_SADDLV = 1,
    SA_UADDLV = 2,
    SA_SMAXV = 3,
    SA_UMAXV = 4,
    SA_SMINV = 5,
    SA_UMINV = 6,
    SA_FMAXV = 7,
    SA_FMINV = 8,
    SA_FMAXNMV = 9,
    SA_FMINNMV = 10,
    SA_FADDP = 11,
};

/* Shift by immediate (imm: the shift amount or fraction bits). */
enum {
    SS_SSHR = 0,
    SS_USHR = 1,
    SS_SSRA = 2,
    SS_USRA = 3,
    SS_SRSHR = 4,
    SS_URSHR = 5,
    SS_SRSRA = 6,
    SS_URSRA = 7,
    SS_SHL = 8,
    SS_SLI = 9,
    SS_SRI = 10,
    SS_SHRN = 11,
    SS_RSHRN = 12,
    SS_SQSHRN = 13,
    SS_UQSHRN = 14,
    SS_SQRSHRN = 15,
    SS_UQRSHRN = 16,
    SS_SQSHRUN = 17,
    SS_SQRSHRUN = 18,
    SS_SSHLL = 19,
    SS_USHLL = 20,
    SS_SCVTF = 21,
    SS_UCVTF = 22,
    SS_FCVTZS = 23,
    SS_FCVTZU = 24,
    SS_SQSHL = 25,
    SS_UQSHL = 26,
    SS_SQSHLU = 27,
};

/* Permutes. */
enum {
    SP_UZP1 = 0,
    SP_UZP2 = 1,
    SP_ZIP1 = 2,
    SP_ZIP2 = 3,
    SP_TRN1 = 4,
    SP_TRN2 = 5,
};

/* By-element: which family the op number belongs to (desc imm bits). */
enum { SE_INT = 0, SE_FP = 1, SE_LONG = 2 };

/* The helpers themselves: helpers.def, section SIMD. */
#include "target-arm/helpers.h"

#endif
