/*
 * Scalar floating-point helpers for the A64 translator: Arm arithmetic,
 * NaN, rounding and conversion rules on raw register bits, with FPCR/FPSR
 * kept in CPUARMState. The SIMD helpers reuse the fp_* cores per element.
 * Nothing here emits IR or knows about the host beyond <fenv.h>.
 */
#ifndef ARX_TARGET_ARM_HELPER_FP_H
#define ARX_TARGET_ARM_HELPER_FP_H

#include <stdbool.h>
#include <stdint.h>

#include "target-arm/cpu.h"

/* FPSR cumulative exception bits. */
enum {
    FPSR_IOC = 1u << 0,
    FPSR_DZC = 1u << 1,
    FPSR_OFC = 1u << 2,
    FPSR_UFC = 1u << 3,
    FPSR_IXC = 1u << 4,
    FPSR_IDC = 1u << 7,
    FPSR_QC = 1u << 27,
};

/* FPCR fields used here. */
enum {
    FPCR_RMODE_SHIFT = 22,
    FPCR_RMODE_MASK = 3u << 22,
    FPCR_DN = 1u << 25,
    FPCR_FZ = 1u << 24,
    FPCR_AHP = 1u << 26,
    FPCR_FZ16 = 1u << 19, /* FEAT_FP16: flush-to-zero for half precision */
    /* The bits the translator's inline host FP code does not model: RMode
     * (it rounds to nearest) and FZ (it neither flushes nor sets IDC). DN
     * and AHP need no check: NaN results already take the helper, and
     * AHP is FCVT's only. */
    FPCR_NOT_INLINE = FPCR_RMODE_MASK | FPCR_FZ,
    /* For guarded scalar ops: FZ is the backend's (tcg_fp_flush_mask). */
    FPCR_GUARDED_NOT_INLINE = FPCR_RMODE_MASK,
};

/* Element size as log2 of its bytes: FP_H (half), FP_S, FP_D. */
enum { FP_H = 1, FP_S = 2, FP_D = 3 };

/* FPRounding: N, P, M, Z match FPCR.RMode; A is ties-away; FPCR reads it. */
enum {
    FPR_N = 0,
    FPR_P = 1,
    FPR_M = 2,
    FPR_Z = 3,
    FPR_A = 4,
    FPR_FPCR = 5,
};

/* Two-operand arithmetic (FPAdd ... FPMinNum, FNMUL, FABD, FMULX). */
enum {
    FPOP_ADD,
    FPOP_SUB,
    FPOP_MUL,
    FPOP_DIV,
    FPOP_MAX,
    FPOP_MIN,
    FPOP_MAXNM,
    FPOP_MINNM,
    FPOP_NMUL,
    FPOP_ABD,
};

/* Comparisons producing a mask (FCMEQ/FCMGE/FCMGT/FACGE/FACGT). */
enum { FPCMP_EQ, FPCMP_GE, FPCMP_GT, FPCMP_ACGE, FPCMP_ACGT };

/* ---- element cores (also used by helper_simd.c) ---- */

uint64_t fp_binop(CPUARMState *env, int op, int esz, uint64_t a, uint64_t b);
/* FPMulAdd(addend, n, m) with FMSUB/FNMADD's operand negations applied. */
uint64_t fp_muladd(CPUARMState *env, int esz, uint64_t addend, uint64_t n,
                   uint64_t m, bool neg_n, bool neg_addend);
uint64_t fp_sqrt(CPUARMState *env, int esz, uint64_t a);
/* FPRoundInt(); exact asks for IXC when the value changes (FRINTX). */
uint64_t fp_round_int(CPUARMState *env, int esz, uint64_t a, int rmode,
                      bool exact);
/* FPToFixed(): saturating, NaN -> 0 with IOC; result zero-extended. */
uint64_t fp_to_fixed(CPUARMState *env, int esz, uint64_t a, int fbits,
                     bool is_unsigned, int int_bits, int rmode);
/* FixedToFP(): val holds an int_bits-wide integer, rounding per FPCR. */
uint64_t fp_from_fixed(CPUARMState *env, int esz, uint64_t val, int fbits,
                       bool is_unsigned, int int_bits);
/* FPConvert() between H, S and D, rounding per FPCR. */
uint64_t fp_convert(CPUARMState *env, int from_esz, int to_esz, uint64_t a);
/* FPConvertSVE(): as fp_convert with FPCR.AHP taken as 0. */
uint64_t fp_convert_sve(CPUARMState *env, int from_esz, int to_esz, uint64_t a);
/* FPCompare(): NZCV in bits 31:28; signal_nans for FCMPE. */
uint64_t fp_compare(CPUARMState *env, int esz, uint64_t a, uint64_t b,
                    bool signal_nans);
/* FPCompareEQ/GE/GT and the absolute forms: true or false. */
bool fp_compare_mask(CPUARMState *env, int cmp, int esz, uint64_t a,
                     uint64_t b);
/* FMULX: FPMulX(), infinity times zero is 2.0. */
uint64_t fp_mulx(CPUARMState *env, int esz, uint64_t a, uint64_t b);
/* FRECPE, FRSQRTE, FRECPX: FPRecipEstimate(), FPRSqrtEstimate(), FPRecpX(). */
uint64_t fp_recip_estimate(CPUARMState *env, int esz, uint64_t a);
uint64_t fp_rsqrt_estimate(CPUARMState *env, int esz, uint64_t a);
uint64_t fp_recpx(CPUARMState *env, int esz, uint64_t a);
/* FRECPS (2 - n*m) or FRSQRTS ((3 - n*m) / 2), fused. */
uint64_t fp_recip_step(CPUARMState *env, int esz, uint64_t n, uint64_t m,
                       bool rsqrt);
/* FCVTXN: double to single with FPRounding_ODD. */
uint64_t fp_convert_odd(CPUARMState *env, uint64_t a);
/* RecipEstimate() and RecipSqrtEstimate() on 9-bit fixed point (URECPE). */
unsigned fp_recip_estimate_int(unsigned a);
unsigned fp_rsqrt_estimate_int(unsigned a);

/* ---- called from translated code: helpers.def, section fp ---- */

#include "target-arm/helpers.h"

/*
 * The guest's FPSR: env->fpsr plus the flags pending in the host's FP
 * status (inline arithmetic raises them there). Everything that reads or
 * writes FPSR goes through these: MRS/MSR, signal frames, rt_sigreturn.
 */
uint32_t fp_fpsr_read(const CPUARMState *env);
void fp_fpsr_write(CPUARMState *env, uint32_t fpsr);
/* Brackets every helper entry point that does host FP arithmetic. */
unsigned fp_helper_enter(CPUARMState *env);
void fp_helper_leave(unsigned entry_csr);

#endif
