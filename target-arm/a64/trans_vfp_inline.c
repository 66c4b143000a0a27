/*
 * Vector FADD, FSUB, FMUL, FDIV, FMLA and FMLS, and FMUL, FMLA and FMLS
 * by element, and FCVTL (single to double), inline (tcg vec_fp): host
 * packed arithmetic when FPCR asks
 * for nothing the host does not model and no result is a NaN, else
 * helper_simd_3same_fp, helper_simd_by_elem or helper_simd_2misc, the
 * reference. Only the
 * choice of path lives here; the Arm semantics stay in the helpers.
 */
#include "target-arm/a64/translate.h"

#include <stddef.h>

#include "target-arm/helper_fp.h"
#include "target-arm/helper_info.h"
#include "target-arm/helper_simd.h"

static int32_t vreg_index(uint64_t ofs)
{
    return (int32_t)((ofs - vreg_offset(0)) / sizeof(ARMVReg));
}

/* The slow path: the backend passes CPU-state offsets, the helper wants
 * register numbers. */
static uint64_t helper_vfp_slow(uint64_t env, uint64_t desc, uint64_t d,
                                uint64_t n, uint64_t m)
{
    return helper_simd_3same_fp(env, desc, (uint64_t)vreg_index(d),
                                (uint64_t)vreg_index(n),
                                (uint64_t)vreg_index(m));
}

static const TCGHelper helper_vfp_slow_info = {
    "vfp_slow", (void *)helper_vfp_slow, HELPER_FLAGS_simd_3same_fp};

static bool kind_of(int op, TCGVecFpKind *kind)
{
    switch (op) {
    case FPOP_ADD: *kind = TCG_VEC_FADD; return true;
    case FPOP_SUB: *kind = TCG_VEC_FSUB; return true;
    case FPOP_MUL: *kind = TCG_VEC_FMUL; return true;
    case FPOP_DIV: *kind = TCG_VEC_FDIV; return true;
    case SF_MLA: *kind = TCG_VEC_FMLA; return true;
    case SF_MLS: *kind = TCG_VEC_FMLS; return true;
    default: return false;
    }
}

bool a64_gen_vfp_3same_inline(const DisasContext *s, int op, int esz, bool q,
                              int rd, int rn, int rm)
{
    unsigned oprsz = q ? 16 : 8, vece = esz == FP_D ? 3 : 2;
    TCGVecFpKind kind;

    if (!kind_of(op, &kind) || !tcg_can_emit_vec_fp(kind, vece, oprsz))
        return false;
    tcg_gen_vec_fp(kind, vece, oprsz, 16, vreg_offset(rd), vreg_offset(rn),
                   vreg_offset(rm), a64_fp_mode_ofs(s, FPCR_NOT_INLINE),
                   FPCR_NOT_INLINE, &helper_vfp_slow_info,
                   simd_desc(op, esz, (int)oprsz, 0, 0));
    return true;
}

/* By element's slow path: the element's register and index ride in
 * slow_arg above the descriptor (the scratch copy of it is not a
 * register the helper knows). */
static uint64_t helper_vfp_elem_slow(uint64_t env, uint64_t arg, uint64_t d,
                                     uint64_t n, uint64_t m)
{
    (void)m;
    return helper_simd_by_elem(env, arg & 0xffffffffu, (uint64_t)vreg_index(d),
                               (uint64_t)vreg_index(n), (arg >> 32) & 31,
                               (uint64_t)SE_FP | ((arg >> 40) & 0xff) << 8);
}

static const TCGHelper helper_vfp_elem_slow_info = {
    "vfp_elem_slow", (void *)helper_vfp_elem_slow, HELPER_FLAGS_simd_by_elem};

bool a64_gen_vfp_by_elem_inline(const DisasContext *s, int op, int esz, bool q,
                                int rd, int rn, int rm, int idx)
{
    unsigned oprsz = q ? 16 : 8, vece = esz == FP_D ? 3 : 2;
    int32_t scratch = (int32_t)offsetof(CPUARMState, vscratch);
    TCGVecFpKind kind;
    TCGv_i64 elem;

    if ((op != FPOP_MUL && op != SF_MLA && op != SF_MLS) ||
        (esz != FP_S && esz != FP_D) || !kind_of(op, &kind) ||
        !tcg_can_emit_vec_fp(kind, vece, oprsz))
        return false;
    /* Vm[idx] in every lane of the scratch vector, the third operand. */
    elem = tcg_temp_new_i64();
    if (esz == FP_D)
        tcg_gen_ld_i64(elem, tcg_env, vreg_elem_offset(rm, idx, 3));
    else
        tcg_gen_ld32u_i64(elem, tcg_env, vreg_elem_offset(rm, idx, 2));
    tcg_gen_vec_dup_i64(vece, 16, 16, scratch, elem);
    tcg_gen_vec_fp(kind, vece, oprsz, 16, vreg_offset(rd), vreg_offset(rn),
                   scratch, a64_fp_mode_ofs(s, FPCR_NOT_INLINE),
                   FPCR_NOT_INLINE, &helper_vfp_elem_slow_info,
                   simd_desc(op, esz, (int)oprsz, 0, 0) | (uint64_t)rm << 32 |
                       (uint64_t)idx << 40);
    return true;
}

/* FCVTL's slow path: helper_simd_2misc with registers for offsets. */
static uint64_t helper_fcvtl_slow(uint64_t env, uint64_t desc, uint64_t d,
                                  uint64_t n, uint64_t m)
{
    (void)m;
    return helper_simd_2misc(env, desc, (uint64_t)vreg_index(d),
                             (uint64_t)vreg_index(n));
}

static const TCGHelper helper_fcvtl_slow_info = {
    "fcvtl_slow", (void *)helper_fcvtl_slow, HELPER_FLAGS_simd_2misc};

bool a64_gen_fcvtl_inline(const DisasContext *s, bool q, int rd, int rn,
                          uint64_t desc)
{
    TCGVecFpKind kind = q ? TCG_VEC_FCVTL2 : TCG_VEC_FCVTL;

    if (!tcg_can_emit_vec_fp(kind, 3, 16))
        return false;
    tcg_gen_vec_fp(kind, 3, 16, 16, vreg_offset(rd), vreg_offset(rn),
                   vreg_offset(rn), a64_fp_mode_ofs(s, FPCR_NOT_INLINE),
                   FPCR_NOT_INLINE, &helper_fcvtl_slow_info, desc);
    return true;
}

/* Scalar FABD: FPAbs(FPSub(n, m)), the subtraction guarded like FSUB
 * (the slow path's helper gives the absolute value itself). */
bool a64_gen_fabd_scalar(const DisasContext *s, int esz, int rd, int rn, int rm)
{
    TCGOpcode sub = esz == FP_D ? INDEX_op_fsub_f64 : INDEX_op_fsub_f32;
    uint64_t sign = esz == FP_D ? 1ull << 63 : 1ull << 31;
    TCGv_i64 in[2] = {tcg_temp_new_i64(), tcg_temp_new_i64()};
    TCGv_i64 d = tcg_temp_new_i64();
    int regs[2] = {rn, rm};

    if (!tcg_can_emit_fp_guarded(sub))
        return false;
    for (int i = 0; i < 2; i++) {
        if (esz == FP_D)
            tcg_gen_ld_i64(in[i], tcg_env, vreg_offset(regs[i]));
        else
            tcg_gen_ld32u_i64(in[i], tcg_env, vreg_offset(regs[i]));
    }
    a64_gen_fp_guarded(s, sub, d, in, A64_FP_GUARD_BINOP,
                       (uint64_t)(esz | FPOP_ABD << 8));
    tcg_gen_andi_i64(d, d, (int64_t)~sign);
    tcg_gen_st_i64(d, tcg_env, vreg_offset(rd));
    tcg_gen_st_i64(tcg_constant_i64(0), tcg_env, vreg_offset(rd) + 8);
    return true;
}
