/*
 * The integer "three same" operations (SI_*), the element-wise and the
 * saturating narrowing shifts by immediate (SS_*) and the saturating
 * two-register misc ops (SM_*) of helper_simd.h as vector IR ops, shared
 * by the A64 and the AArch32 Advanced SIMD translators:
 * where the host lowers the IR op, neither calls the helper.
 */
#ifndef ARX_TARGET_ARM_SIMD_VEC_H
#define ARX_TARGET_ARM_SIMD_VEC_H

#include "target-arm/helper_simd.h"
#include "tcg/ir.h"

/* The vector IR op for an SI_ op, or -1 where only the helper has it. */
static inline int arm_simd_int_3same_vec_op(int op)
{
    switch (op) {
    case SI_ADD: return TCG_VEC_ADD;
    case SI_SUB: return TCG_VEC_SUB;
    case SI_MUL: return TCG_VEC_MUL;
    case SI_MLA: return TCG_VEC_MUL | TCG_VEC_ACC;
    case SI_MLS: return TCG_VEC_MUL | TCG_VEC_ACC_SUB;
    case SI_CMEQ: return TCG_VEC_CMPEQ;
    case SI_CMGT: return TCG_VEC_CMPGT;
    case SI_CMGE: return TCG_VEC_CMPGE;
    case SI_CMHI: return TCG_VEC_CMPGTU;
    case SI_CMHS: return TCG_VEC_CMPGEU;
    case SI_CMTST: return TCG_VEC_CMPTST;
    case SI_UMAX: return TCG_VEC_UMAX;
    case SI_UMIN: return TCG_VEC_UMIN;
    case SI_SMAX: return TCG_VEC_SMAX;
    case SI_SMIN: return TCG_VEC_SMIN;
    case SI_ADDP: return TCG_VEC_ADDP;
    case SI_UMAXP: return TCG_VEC_UMAXP;
    case SI_UMINP: return TCG_VEC_UMINP;
    case SI_SMAXP: return TCG_VEC_SMAXP;
    case SI_SMINP: return TCG_VEC_SMINP;
    case SI_UABD: return TCG_VEC_ABDU;
    case SI_SABD: return TCG_VEC_ABDS;
    case SI_UABA: return TCG_VEC_ABDU | TCG_VEC_ACC;
    case SI_SABA: return TCG_VEC_ABDS | TCG_VEC_ACC;
    case SI_SQADD: return TCG_VEC_SQADD;
    case SI_UQADD: return TCG_VEC_UQADD;
    case SI_SQSUB: return TCG_VEC_SQSUB;
    case SI_UQSUB: return TCG_VEC_UQSUB;
    case SI_SQDMULH: return TCG_VEC_SQDMULH;
    case SI_SQRDMULH: return TCG_VEC_SQRDMULH;
    case SI_USHL: return TCG_VEC_USHLV;
    case SI_SSHL: return TCG_VEC_SSHLV;
    default: return -1;
    }
}

/* The vector IR op for an element-wise shift by immediate (SS_ op), or -1
 * where it is not one (narrowing, widening, saturating, fixed point). */
static inline int arm_simd_shift_imm_vec_op(int op)
{
    switch (op) {
    case SS_SHL: return TCG_VEC_SHLI;
    case SS_USHR: return TCG_VEC_SHRI;
    case SS_SSHR: return TCG_VEC_SARI;
    case SS_USRA: return TCG_VEC_SHRI | TCG_VEC_ACC;
    case SS_SSRA: return TCG_VEC_SARI | TCG_VEC_ACC;
    case SS_SRSHR: return TCG_VEC_SARI_RND;
    case SS_URSHR: return TCG_VEC_SHRI_RND;
    case SS_SRSRA: return TCG_VEC_SARI_RND | TCG_VEC_ACC;
    case SS_URSRA: return TCG_VEC_SHRI_RND | TCG_VEC_ACC;
    case SS_SLI: return TCG_VEC_SLI;
    case SS_SRI: return TCG_VEC_SRI;
    case SS_SQSHL: return TCG_VEC_SQSHLI;
    case SS_UQSHL: return TCG_VEC_UQSHLI;
    case SS_SQSHLU: return TCG_VEC_SQSHLUI;
    default: return -1;
    }
}

/* The vector IR op for a saturating SM_ op (SQABS, SQNEG and the
 * narrows SQXTN, UQXTN, SQXTUN), or -1. */
static inline int arm_simd_sat_2misc_vec_op(int op)
{
    switch (op) {
    case SM_SQABS: return TCG_VEC_SQABS;
    case SM_SQNEG: return TCG_VEC_SQNEG;
    case SM_SQXTN: return TCG_VEC_SQXTN;
    case SM_UQXTN: return TCG_VEC_UQXTN;
    case SM_SQXTUN: return TCG_VEC_SQXTUN;
    default: return -1;
    }
}

/*
 * A saturating narrowing shift right (SS_SQSHRN .. SS_SQRSHRUN of esz
 * results, 1 <= shift <= their bits) as the shift of the 16 bytes of
 * wide elements at n into the scratch vector, then their saturating
 * narrow into the 8 bytes at d (maxsz as TCG_VEC_SQXTN's). False, with
 * nothing emitted, where it is not one or the host lacks either op.
 */
static inline bool arm_gen_sat_shrn_vec(int op, int esz, int shift,
                                        unsigned maxsz, int32_t d, int32_t n,
                                        int32_t scratch)
{
    int wide, narrow;

    switch (op) {
    case SS_SQSHRN: wide = TCG_VEC_SARI, narrow = TCG_VEC_SQXTN; break;
    case SS_SQRSHRN: wide = TCG_VEC_SARI_RND, narrow = TCG_VEC_SQXTN; break;
    case SS_UQSHRN: wide = TCG_VEC_SHRI, narrow = TCG_VEC_UQXTN; break;
    case SS_UQRSHRN: wide = TCG_VEC_SHRI_RND, narrow = TCG_VEC_UQXTN; break;
    case SS_SQSHRUN: wide = TCG_VEC_SARI, narrow = TCG_VEC_SQXTUN; break;
    case SS_SQRSHRUN: wide = TCG_VEC_SARI_RND, narrow = TCG_VEC_SQXTUN; break;
    default: return false;
    }
    if (esz > 2 || !tcg_can_emit_vec((unsigned)wide, (unsigned)esz + 1, 16) ||
        !tcg_can_emit_vec((unsigned)narrow, (unsigned)esz, 8)) {
        return false;
    }
    tcg_gen_vec_shi((unsigned)wide, (unsigned)esz + 1, 16, 16, scratch, n,
                    (unsigned)shift);
    tcg_gen_vec_shi((unsigned)narrow, (unsigned)esz, 8, maxsz, d, scratch, 0);
    return true;
}

/*
 * SQDMULL, SQDMLAL, SQDMLSL (SD_ ops; esz 1 or 2, the narrow size) of the
 * low 8 bytes at n and m: their signed long product in the scratch
 * vector, doubled by a saturating add to itself (only min * min
 * overflows), then stored at d or added to / subtracted from it
 * saturating; each step sets the sticky flag (FPSR.QC) as Arm's
 * SignedSatQ() calls do. oprsz 8 for the scalar S forms (one D lane;
 * the upper product in the scratch vector is never read). False, with
 * nothing emitted, where it is not one or the host lacks the ops.
 */
static inline bool arm_gen_sqdmull_vec(int op, int esz, unsigned oprsz,
                                       int32_t d, int32_t n, int32_t m,
                                       int32_t scratch)
{
    unsigned wide = (unsigned)esz + 1;
    unsigned acc = op == SD_SQDMLSL ? TCG_VEC_SQSUB : TCG_VEC_SQADD;

    if ((op != SD_SQDMULL && op != SD_SQDMLAL && op != SD_SQDMLSL) || esz < 1 ||
        esz > 2 || (oprsz == 8 && esz != 2) ||
        !tcg_can_emit_vec(TCG_VEC_MULLS, (unsigned)esz, 16) ||
        !tcg_can_emit_vec(acc, wide, oprsz) ||
        !tcg_can_emit_vec(TCG_VEC_SQADD, wide, oprsz)) {
        return false;
    }
    tcg_gen_vec_bin(TCG_VEC_MULLS, (unsigned)esz, 16, 16, scratch, n, m);
    if (op == SD_SQDMULL) {
        tcg_gen_vec_bin(TCG_VEC_SQADD, wide, oprsz, 16, d, scratch, scratch);
        return true;
    }
    tcg_gen_vec_bin(TCG_VEC_SQADD, wide, oprsz, 16, scratch, scratch, scratch);
    tcg_gen_vec_bin(acc, wide, oprsz, 16, d, d, scratch);
    return true;
}

#endif
