/*
 * Vector FADD, FSUB, FMUL, FDIV, FMLA and FMLS inline (tcg vec_fp): host
 * packed arithmetic when FPCR asks for nothing the host does not model and
 * no result is a NaN, else helper_simd_3same_fp, the reference. Only the
 * choice of path lives here; the Arm semantics stay in the helper.
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

bool a64_gen_vfp_3same_inline(int op, int esz, bool q, int rd, int rn, int rm)
{
    unsigned oprsz = q ? 16 : 8, vece = esz == FP_D ? 3 : 2;
    TCGVecFpKind kind;

    if (!kind_of(op, &kind) || !tcg_can_emit_vec_fp(kind, vece, oprsz))
        return false;
    tcg_gen_vec_fp(kind, vece, oprsz, 16, vreg_offset(rd), vreg_offset(rn),
                   vreg_offset(rm), offsetof(CPUARMState, fpcr),
                   FPCR_NOT_INLINE, &helper_vfp_slow_info,
                   simd_desc(op, esz, (int)oprsz, 0, 0));
    return true;
}

/* Scalar FABD: FPAbs(FPSub(n, m)), the subtraction guarded like FSUB
 * (the slow path's helper gives the absolute value itself). */
bool a64_gen_fabd_scalar(int esz, int rd, int rn, int rm)
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
    a64_gen_fp_guarded(sub, d, in, A64_FP_GUARD_BINOP,
                       (uint64_t)(esz | FPOP_ABD << 8));
    tcg_gen_andi_i64(d, d, (int64_t)~sign);
    tcg_gen_st_i64(d, tcg_env, vreg_offset(rd));
    tcg_gen_st_i64(tcg_constant_i64(0), tcg_env, vreg_offset(rd) + 8);
    return true;
}
