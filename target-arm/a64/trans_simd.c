/*
 * A64 Advanced SIMD data-processing translator (patterns in simd.decode).
 * Common integer operations become vector IR ops on env->v[] (tcg_gen_vec_*)
 * when the backend can lower them; the rest, and every saturating or FP
 * element operation, call helper_simd.c. Loads and stores of vector
 * registers belong to trans_ldst.c, not here.
 */
#include "target-arm/a64/translate.h"
#include "target-arm/helper_fp.h"
#include "target-arm/helper_info.h"
#include "target-arm/helper_simd.h"
#include "target-arm/simd_vec.h"

#include "simd.dec.c"

/* ---- helper calls ---- */

static void gen_simd_call3(const TCGHelper *h, uint64_t desc, int64_t rd,
                           int64_t rn, int64_t rm)
{
    TCGv_i64 args[5] = {
        tcg_ptr_as_i64(tcg_env), tcg_constant_i64((int64_t)desc),
        tcg_constant_i64(rd),    tcg_constant_i64(rn),
        tcg_constant_i64(rm),
    };
    tcg_gen_call(h, NULL, 5, args);
}

static void gen_simd_call2(const TCGHelper *h, uint64_t desc, int64_t rd,
                           int64_t rn)
{
    TCGv_i64 args[4] = {
        tcg_ptr_as_i64(tcg_env),
        tcg_constant_i64((int64_t)desc),
        tcg_constant_i64(rd),
        tcg_constant_i64(rn),
    };
    tcg_gen_call(h, NULL, 4, args);
}

/* Bytes an operation covers: one element for scalars, else 8 or 16. */
static int simd_oprsz(int64_t q, int64_t scalar, int esz)
{
    if (scalar) {
        return 1 << esz;
    }
    return q ? 16 : 8;
}

/* ---- inline vector ops ---- */

static int32_t vofs(int64_t reg)
{
    return vreg_offset((int)reg);
}

/* Emits op inline when the host can; false means "call the helper". */
static bool gen_vec_bin(int op, int esz, int oprsz, int64_t rd, int64_t rn,
                        int64_t rm)
{
    if (op < 0 ||
        !tcg_can_emit_vec((unsigned)op, (unsigned)esz, (unsigned)oprsz)) {
        return false;
    }
    tcg_gen_vec_bin((unsigned)op, (unsigned)esz, (unsigned)oprsz, 16, vofs(rd),
                    vofs(rn), vofs(rm));
    return true;
}

/* One-source ops; dofs/maxsz let narrowing "2" forms fill the top half. */
static bool gen_vec_shi(int op, int esz, int oprsz, int maxsz, int32_t dofs,
                        int32_t aofs, int shift)
{
    if (op < 0 ||
        !tcg_can_emit_vec((unsigned)op, (unsigned)esz, (unsigned)oprsz)) {
        return false;
    }
    tcg_gen_vec_shi((unsigned)op, (unsigned)esz, (unsigned)oprsz,
                    (unsigned)maxsz, dofs, aofs, (unsigned)shift);
    return true;
}

/* ---- 64-bit halves of vector registers ---- */

static TCGv_i64 read_vec_half(int reg, int half)
{
    TCGv_i64 t = tcg_temp_new_i64();
    tcg_gen_ld_i64(t, tcg_env, vreg_offset(reg) + 8 * half);
    return t;
}

static void write_vec_half(int reg, int half, TCGv_i64 val)
{
    tcg_gen_st_i64(val, tcg_env, vreg_offset(reg) + 8 * half);
}

/* Element idx of size esz, zero- or sign-extended to 64 bits. */
static TCGv_i64 read_vec_elem(int reg, int idx, int esz, bool is_signed)
{
    int byte = idx << esz;
    TCGv_i64 t = read_vec_half(reg, byte >> 3);
    unsigned pos = (unsigned)(byte & 7) * 8, len = 8u << esz;

    if (len == 64) {
        return t;
    }
    if (is_signed) {
        tcg_gen_sextract_i64(t, t, pos, len);
    } else {
        tcg_gen_extract_i64(t, t, pos, len);
    }
    return t;
}

/* Element idx of Vreg = low bits of val; the other bits are kept. */
static void write_vec_elem(int reg, int idx, int esz, TCGv_i64 val)
{
    int byte = idx << esz;
    int half = byte >> 3;
    unsigned len = 8u << esz;

    if (len == 64) {
        write_vec_half(reg, half, val);
        return;
    }
    TCGv_i64 t = read_vec_half(reg, half);
    tcg_gen_deposit_i64(t, t, val, (unsigned)(byte & 7) * 8, len);
    write_vec_half(reg, half, t);
}

/* Writes lo (and hi, or zero when !q) as the two halves of Vreg. */
static void write_vec_pair(int reg, int64_t q, TCGv_i64 lo, TCGv_i64 hi)
{
    write_vec_half(reg, 0, lo);
    if (q) {
        write_vec_half(reg, 1, hi);
    } else {
        clear_vreg_high(reg);
    }
}

/* ---- three same ---- */

/* Element sizes each SI_ op allows in vector form (bit n: esz n). */
static unsigned int_3same_sizes(int op)
{
    switch (op) {
    case SI_MUL:
    case SI_MLA:
    case SI_MLS:
    case SI_UMAX:
    case SI_UMIN:
    case SI_SMAX:
    case SI_SMIN:
    case SI_UHADD:
    case SI_SHADD:
    case SI_URHADD:
    case SI_SRHADD:
    case SI_UHSUB:
    case SI_SHSUB:
    case SI_UABD:
    case SI_SABD:
    case SI_UABA:
    case SI_SABA:
    case SI_UMAXP:
    case SI_UMINP:
    case SI_SMAXP:
    case SI_SMINP: return 0x7;
    case SI_SQDMULH:
    case SI_SQRDMULH: return 0x6;
    case SI_PMUL: return 0x1;
    default: return 0xf;
    }
}

/* Scalar forms: saturating ops take any size, SQDMULH H/S, others D. */
static unsigned int_3same_scalar_sizes(int op)
{
    switch (op) {
    case SI_UQADD:
    case SI_SQADD:
    case SI_UQSUB:
    case SI_SQSUB:
    case SI_UQSHL:
    case SI_SQSHL:
    case SI_UQRSHL:
    case SI_SQRSHL: return 0xf;
    case SI_SQDMULH:
    case SI_SQRDMULH: return 0x6;
    default: return 0x8;
    }
}

/*
 * The halving adds and subtracts without a wider element, x = n ^ m
 * shifted right by one (arithmetically for the signed forms) in the
 * scratch vector:
 *   [SU]HADD  = (n & m) + x     [SU]RHADD = (n | m) - x
 *   [SU]HSUB  = x - (~n & m)
 * Vd is written only once x is computed, so it may be Vn or Vm.
 */
static bool gen_halving_vec(arg_int_3same *a, int esz, int oprsz)
{
    int32_t scratch = (int32_t)offsetof(CPUARMState, vscratch);
    int32_t d = vofs(a->rd), n = vofs(a->rn), m = vofs(a->rm);
    bool is_signed =
        a->op == SI_SHADD || a->op == SI_SRHADD || a->op == SI_SHSUB;
    unsigned sz = (unsigned)esz, len = (unsigned)oprsz;

    switch (a->op) {
    case SI_UHADD:
    case SI_SHADD:
    case SI_URHADD:
    case SI_SRHADD:
    case SI_UHSUB:
    case SI_SHSUB: break;
    default: return false;
    }
    if (a->scalar || !tcg_can_emit_vec(TCG_VEC_SARI, sz, len) ||
        !tcg_can_emit_vec(TCG_VEC_SHRI, sz, len)) {
        return false;
    }
    tcg_gen_vec_bin(TCG_VEC_XOR, sz, len, 16, scratch, n, m);
    tcg_gen_vec_shi(is_signed ? TCG_VEC_SARI : TCG_VEC_SHRI, sz, len, 16,
                    scratch, scratch, 1);
    switch (a->op) {
    case SI_UHADD:
    case SI_SHADD:
        tcg_gen_vec_bin(TCG_VEC_AND, sz, len, 16, d, n, m);
        tcg_gen_vec_bin(TCG_VEC_ADD, sz, len, 16, d, d, scratch);
        break;
    case SI_URHADD:
    case SI_SRHADD:
        tcg_gen_vec_bin(TCG_VEC_OR, sz, len, 16, d, n, m);
        tcg_gen_vec_bin(TCG_VEC_SUB, sz, len, 16, d, d, scratch);
        break;
    default:
        tcg_gen_vec_bin(TCG_VEC_ANDC, sz, len, 16, d, m, n);
        tcg_gen_vec_bin(TCG_VEC_SUB, sz, len, 16, d, scratch, d);
        break;
    }
    return true;
}

/*
 * Saturating scalars of B, H and S elements (the D ones are vector ops),
 * r the exact result widened to 64 bits: clamped to [min, max] (the
 * upper bound by the comparison `above`, GT unless r is unsigned), FPSR.QC
 * or-ed with whether the clamp changed it (no branch), and written to Vd
 * zero-extended, the rest of Vd cleared.
 */
static TCGv_i64 gen_sat_clamp_qc(TCGv_i64 r, int64_t min, int64_t max,
                                 TCGCond above)
{
    TCGv_i64 c = tcg_temp_new_i64(), q = tcg_temp_new_i64();
    TCGv_i64 fpsr = tcg_temp_new_i64();
    int32_t fpsr_ofs = (int32_t)offsetof(CPUARMState, fpsr);

    tcg_gen_movcond_i64(above, c, r, tcg_constant_i64(max),
                        tcg_constant_i64(max), r);
    tcg_gen_movcond_i64(TCG_COND_LT, c, c, tcg_constant_i64(min),
                        tcg_constant_i64(min), c);
    tcg_gen_setcond_i64(TCG_COND_NE, q, c, r);
    tcg_gen_shli_i64(q, q, 27); /* FPSR.QC */
    tcg_gen_ld32u_i64(fpsr, tcg_env, fpsr_ofs);
    tcg_gen_or_i64(fpsr, fpsr, q);
    tcg_gen_st32_i64(fpsr, tcg_env, fpsr_ofs);
    return c;
}

static void gen_sat_scalar_clamp(int rd, int esz, TCGv_i64 r, int64_t min,
                                 int64_t max, TCGCond above)
{
    TCGv_i64 c = gen_sat_clamp_qc(r, min, max, above);

    tcg_gen_andi_i64(c, c, (int64_t)((1ull << (8u << esz)) - 1));
    write_vec_half(rd, 0, c);
    write_vec_half(rd, 1, tcg_constant_i64(0));
}

static void gen_sat_scalar_finish(int rd, int esz, TCGv_i64 r, int64_t min,
                                  int64_t max)
{
    gen_sat_scalar_clamp(rd, esz, r, min, max, TCG_COND_GT);
}

/*
 * SQDMULL, SQDMLAL, SQDMLSL Sd, Hn, Hm (n, m sign-extended): the doubled
 * product saturated to 32 bits (only min * min overflows), then for the
 * accumulating forms Sd +/- it saturated again; QC from either step.
 */
static bool gen_sqdmull_h_scalar(int op, int rd, TCGv_i64 n, TCGv_i64 m)
{
    TCGv_i64 r = tcg_temp_new_i64(), p;

    if (op != SD_SQDMULL && op != SD_SQDMLAL && op != SD_SQDMLSL) {
        return false;
    }
    tcg_gen_mul_i64(r, n, m);
    tcg_gen_add_i64(r, r, r);
    if (op == SD_SQDMULL) {
        gen_sat_scalar_finish(rd, 2, r, INT32_MIN, INT32_MAX);
        return true;
    }
    p = gen_sat_clamp_qc(r, INT32_MIN, INT32_MAX, TCG_COND_GT);
    r = read_vec_elem(rd, 0, 2, true);
    if (op == SD_SQDMLSL) {
        tcg_gen_sub_i64(r, r, p);
    } else {
        tcg_gen_add_i64(r, r, p);
    }
    gen_sat_scalar_finish(rd, 2, r, INT32_MIN, INT32_MAX);
    return true;
}

/* SQADD, UQADD, SQSUB, UQSUB on a B, H or S scalar. */
static bool gen_sat_arith_scalar(int op, int esz, int rd, int rn, int rm)
{
    bool is_signed = op == SI_SQADD || op == SI_SQSUB;
    unsigned bits = 8u << esz;
    TCGv_i64 n, m, r = tcg_temp_new_i64();

    if ((op != SI_SQADD && op != SI_UQADD && op != SI_SQSUB &&
         op != SI_UQSUB) ||
        esz > 2) {
        return false;
    }
    n = read_vec_elem(rn, 0, esz, is_signed);
    m = read_vec_elem(rm, 0, esz, is_signed);
    if (op == SI_SQSUB || op == SI_UQSUB) {
        tcg_gen_sub_i64(r, n, m);
    } else {
        tcg_gen_add_i64(r, n, m);
    }
    if (is_signed) {
        gen_sat_scalar_finish(rd, esz, r, -(1ll << (bits - 1)),
                              (1ll << (bits - 1)) - 1);
    } else {
        gen_sat_scalar_finish(rd, esz, r, 0, (1ll << bits) - 1);
    }
    return true;
}

/*
 * SQDMULH, SQRDMULH on an H or S scalar (n, m: the elements sign-extended):
 * (n * m + round) >> (bits - 1) is Arm's (2nm + round') >> bits without
 * the doubling's 64-bit overflow; only min * min passes max, which the
 * clamp catches (QC set).
 */
static bool gen_sat_doubling_mulh_scalar(int op, int esz, int rd, TCGv_i64 n,
                                         TCGv_i64 m)
{
    unsigned bits = 8u << esz;
    TCGv_i64 r = tcg_temp_new_i64();

    if ((op != SI_SQDMULH && op != SI_SQRDMULH) || esz < 1 || esz > 2) {
        return false;
    }
    tcg_gen_mul_i64(r, n, m);
    if (op == SI_SQRDMULH) {
        tcg_gen_addi_i64(r, r, 1ll << (bits - 2));
    }
    tcg_gen_sari_i64(r, r, bits - 1);
    gen_sat_scalar_finish(rd, esz, r, -(1ll << (bits - 1)),
                          (1ll << (bits - 1)) - 1);
    return true;
}

static bool trans_int_3same(DisasContext *s, arg_int_3same *a)
{
    int esz = (int)a->size;
    unsigned ok = a->scalar ? int_3same_scalar_sizes((int)a->op)
                            : int_3same_sizes((int)a->op);
    int oprsz = simd_oprsz(a->q, a->scalar, esz);

    if (!(ok >> esz & 1) || (!a->scalar && esz == 3 && !a->q)) {
        return false;
    }
    (void)s;
    if (gen_vec_bin(arm_simd_int_3same_vec_op((int)a->op), esz, oprsz, a->rd,
                    a->rn, a->rm) ||
        gen_halving_vec(a, esz, oprsz)) {
        return true;
    }
    if (a->scalar && gen_sat_arith_scalar((int)a->op, esz, (int)a->rd,
                                          (int)a->rn, (int)a->rm)) {
        return true;
    }
    if (a->scalar && (a->op == SI_SQDMULH || a->op == SI_SQRDMULH) &&
        gen_sat_doubling_mulh_scalar((int)a->op, esz, (int)a->rd,
                                     read_vec_elem((int)a->rn, 0, esz, true),
                                     read_vec_elem((int)a->rm, 0, esz, true))) {
        return true;
    }
    gen_simd_call3(&helper_info_simd_3same,
                   simd_desc((int)a->op, esz, oprsz, 0, 0), a->rd, a->rn,
                   a->rm);
    return true;
}

/* AND, BIC, ORR, ORN, EOR, BSL, BIT, BIF on each half. */
static void gen_logic_half(int opc, TCGv_i64 d, TCGv_i64 n, TCGv_i64 m)
{
    TCGv_i64 t = tcg_temp_new_i64();

    switch (opc) {
    case 0: tcg_gen_and_i64(d, n, m); break;
    case 1: tcg_gen_andc_i64(d, n, m); break;
    case 2: tcg_gen_or_i64(d, n, m); break;
    case 3: tcg_gen_orc_i64(d, n, m); break;
    case 4: tcg_gen_xor_i64(d, n, m); break;
    case 5: /* BSL: d selects n (1) or m (0) */
        tcg_gen_xor_i64(t, n, m);
        tcg_gen_and_i64(t, t, d);
        tcg_gen_xor_i64(d, m, t);
        break;
    case 6: /* BIT: insert n where m is 1 */
        tcg_gen_xor_i64(t, d, n);
        tcg_gen_and_i64(t, t, m);
        tcg_gen_xor_i64(d, d, t);
        break;
    default: /* BIF: insert n where m is 0 */
        tcg_gen_xor_i64(t, d, n);
        tcg_gen_andc_i64(t, t, m);
        tcg_gen_xor_i64(d, d, t);
        break;
    }
}

/* AND, BIC, ORR, ORN, EOR as vector ops; BSL, BIT, BIF as selects. */
static bool gen_vlogic_vec(arg_vlogic *a)
{
    static const int ops[5] = {TCG_VEC_AND, TCG_VEC_ANDC, TCG_VEC_OR,
                               TCG_VEC_ORC, TCG_VEC_XOR};
    unsigned oprsz = a->q ? 16 : 8;
    int32_t d = vofs(a->rd), n = vofs(a->rn), m = vofs(a->rm);

    if (a->opc < 5) {
        return gen_vec_bin(ops[a->opc], 0, (int)oprsz, a->rd, a->rn, a->rm);
    }
    if (!tcg_can_emit_vec(TCG_VEC_AND, 0, oprsz)) {
        return false; /* the select lowers wherever AND does */
    }
    switch (a->opc) {
    case 5: tcg_gen_vec_bitsel(oprsz, 16, d, d, n, m); break;  /* BSL */
    case 6: tcg_gen_vec_bitsel(oprsz, 16, d, m, n, d); break;  /* BIT */
    default: tcg_gen_vec_bitsel(oprsz, 16, d, m, d, n); break; /* BIF */
    }
    return true;
}

static bool trans_vlogic(DisasContext *s, arg_vlogic *a)
{
    int halves = a->q ? 2 : 1;
    TCGv_i64 res[2];

    (void)s;
    if (gen_vlogic_vec(a)) {
        return true;
    }
    for (int h = 0; h < halves; h++) {
        res[h] = read_vec_half((int)a->rd, h);
        gen_logic_half((int)a->opc, res[h], read_vec_half((int)a->rn, h),
                       read_vec_half((int)a->rm, h));
    }
    write_vec_pair((int)a->rd, a->q, res[0], a->q ? res[1] : res[0]);
    return true;
}

static bool trans_NOT_v(DisasContext *s, arg_NOT_v *a)
{
    if (gen_vec_shi(TCG_VEC_NOT, 0, a->q ? 16 : 8, 16, vofs(a->rd), vofs(a->rn),
                    0)) {
        return true;
    }
    TCGv_i64 lo = read_vec_half((int)a->rn, 0);
    TCGv_i64 hi = read_vec_half((int)a->rn, 1);

    (void)s;
    tcg_gen_not_i64(lo, lo);
    tcg_gen_not_i64(hi, hi);
    write_vec_pair((int)a->rd, a->q, lo, hi);
    return true;
}

/* The sz of the FP patterns: 0 single, 1 double, 2 the FEAT_FP16 forms. */
static int simd_fp_esz(int64_t sz)
{
    static const int esz[3] = {FP_S, FP_D, FP_H};
    return esz[sz];
}

static bool trans_fp_3same(DisasContext *s, arg_fp_3same *a)
{
    int esz = simd_fp_esz(a->sz);

    if (!a->scalar && esz == FP_D && !a->q) {
        return false;
    }
    (void)s;
    if (esz != FP_H && !a->scalar &&
        a64_gen_vfp_3same_inline(s, (int)a->op, esz, a->q, (int)a->rd,
                                 (int)a->rn, (int)a->rm)) {
        return true;
    }
    if (esz != FP_H && a->scalar && a->op == FPOP_ABD &&
        a64_gen_fabd_scalar(s, esz, (int)a->rd, (int)a->rn, (int)a->rm)) {
        return true;
    }
    gen_simd_call3(
        &helper_info_simd_3same_fp,
        simd_desc((int)a->op, esz, simd_oprsz(a->q, a->scalar, esz), 0, 0),
        a->rd, a->rn, a->rm);
    return true;
}

/* ---- three different: long, wide, narrowing high ---- */

/* The vector IR op (unsigned form; the signed one follows it) for an SD_
 * op, or -1 where only the helper has it. */
static int diff_3_vec_op(int op)
{
    switch (op) {
    case SD_ADDL: return TCG_VEC_ADDLU;
    case SD_SUBL: return TCG_VEC_SUBLU;
    case SD_ADDW: return TCG_VEC_ADDWU;
    case SD_SUBW: return TCG_VEC_SUBWU;
    case SD_MULL: return TCG_VEC_MULLU;
    case SD_MLAL: return TCG_VEC_MULLU | TCG_VEC_ACC;
    case SD_MLSL: return TCG_VEC_MULLU | TCG_VEC_ACC_SUB;
    case SD_ABDL: return TCG_VEC_ABDLU;
    case SD_ABAL: return TCG_VEC_ABDLU | TCG_VEC_ACC;
    default: return -1;
    }
}

/* Long and wide forms: the "2" forms read the upper halves of the narrow
 * operands (Rm, and Rn unless it is the wide one). */
static bool gen_diff_3_vec(arg_diff_3 *a)
{
    int op = diff_3_vec_op((int)a->op);
    int part = a->q ? 8 : 0;
    bool wide = a->op == SD_ADDW || a->op == SD_SUBW;

    if (op < 0) {
        return false;
    }
    op += a->u ? 0 : 1;
    if (!tcg_can_emit_vec((unsigned)op, (unsigned)a->size, 16)) {
        return false;
    }
    tcg_gen_vec_bin((unsigned)op, (unsigned)a->size, 16, 16, vofs(a->rd),
                    vofs(a->rn) + (wide ? 0 : part), vofs(a->rm) + part);
    return true;
}

/*
 * ADDHN, SUBHN, RADDHN, RSUBHN: the wide sum or difference (plus the
 * rounding constant, put in the scratch vector first and accumulated
 * into) in the scratch vector, then its high halves narrowed into Vd
 * (the "2" forms fill the top half and keep the bottom).
 */
static bool gen_diff_3_narrow_vec(arg_diff_3 *a)
{
    int32_t scratch = (int32_t)offsetof(CPUARMState, vscratch);
    unsigned wide = (unsigned)a->size + 1, half = 8u << a->size;
    bool sub = a->op == SD_SUBHN || a->op == SD_RSUBHN;
    bool round = a->op == SD_RADDHN || a->op == SD_RSUBHN;
    unsigned op = (sub ? TCG_VEC_SUB : TCG_VEC_ADD) | (round ? TCG_VEC_ACC : 0);
    int32_t d = vofs(a->rd) + (a->q ? 8 : 0);

    if (a->op < SD_ADDHN || a->op > SD_RSUBHN ||
        !tcg_can_emit_vec(op, wide, 16) ||
        !tcg_can_emit_vec(TCG_VEC_SHRI_NARROW, (unsigned)a->size, 8)) {
        return false;
    }
    if (round) {
        tcg_gen_vec_dup_i64(wide, 16, 16, scratch,
                            tcg_constant_i64((int64_t)(1ull << (half - 1))));
    }
    tcg_gen_vec_bin(op, wide, 16, 16, scratch, vofs(a->rn), vofs(a->rm));
    tcg_gen_vec_shi(TCG_VEC_SHRI_NARROW, (unsigned)a->size, 8, a->q ? 8 : 16, d,
                    scratch, half);
    return true;
}

static bool trans_diff_3(DisasContext *s, arg_diff_3 *a)
{
    bool sqdm =
        a->op == SD_SQDMLAL || a->op == SD_SQDMLSL || a->op == SD_SQDMULL;

    /* The saturating doubling forms take H and S only. */
    if (a->size == 3 || (sqdm && a->size == 0)) {
        return false;
    }
    (void)s;
    if (!a->scalar && (gen_diff_3_vec(a) || gen_diff_3_narrow_vec(a))) {
        return true;
    }
    if (sqdm && a->scalar && a->size == 1 &&
        gen_sqdmull_h_scalar((int)a->op, (int)a->rd,
                             read_vec_elem((int)a->rn, 0, 1, true),
                             read_vec_elem((int)a->rm, 0, 1, true))) {
        return true;
    }
    if (sqdm && (!a->scalar || a->size == 2) &&
        arm_gen_sqdmull_vec((int)a->op, (int)a->size, a->scalar ? 8 : 16,
                            vofs(a->rd), vofs(a->rn) + (a->q ? 8 : 0),
                            vofs(a->rm) + (a->q ? 8 : 0),
                            (int32_t)offsetof(CPUARMState, vscratch))) {
        return true;
    }
    int flags = (a->q ? SIMD_DESC_PART2 : 0) | (a->u ? SIMD_DESC_UNSIGNED : 0);
    int oprsz = a->scalar ? 1 << a->size : 16;
    gen_simd_call3(&helper_info_simd_3diff,
                   simd_desc((int)a->op, (int)a->size, oprsz, flags, 0), a->rd,
                   a->rn, a->rm);
    return true;
}

/* ---- two-register misc ---- */

static bool int_2misc_size_ok(int op, int esz, int64_t q, int64_t scalar)
{
    switch (op) {
    case SM_REV16:
    case SM_CNT:
    case SM_RBIT: return esz == 0;
    case SM_REV32: return esz < 2;
    case SM_REV64:
    case SM_CLS:
    case SM_CLZ:
    case SM_SADDLP:
    case SM_UADDLP:
    case SM_SADALP:
    case SM_UADALP:
    case SM_XTN:
    case SM_SHLL:
    case SM_SQXTN:
    case SM_UQXTN:
    case SM_SQXTUN: return esz < 3;
    case SM_SQABS:
    case SM_SQNEG:
    case SM_SUQADD:
    case SM_USQADD: return scalar || esz < 3 || q;
    default: /* ABS, NEG, CMxx #0: scalars are D only */
        return scalar ? esz == 3 : (esz < 3 || q);
    }
}

/* ABS, NEG, compares with zero, REVxx, XTN, SHLL and the pairwise long
 * adds as vector ops. */
static bool gen_int_2misc_vec(arg_int_2misc *a, int op, int esz, int oprsz)
{
    int32_t d = vofs(a->rd), n = vofs(a->rn);

    switch (op) {
    case SM_ABS: return gen_vec_shi(TCG_VEC_ABS, esz, oprsz, 16, d, n, 0);
    case SM_NEG: return gen_vec_shi(TCG_VEC_NEG, esz, oprsz, 16, d, n, 0);
    case SM_CMGT0: return gen_vec_shi(TCG_VEC_CMPGTZ, esz, oprsz, 16, d, n, 0);
    case SM_CMGE0: return gen_vec_shi(TCG_VEC_CMPGEZ, esz, oprsz, 16, d, n, 0);
    case SM_CMEQ0: return gen_vec_shi(TCG_VEC_CMPEQZ, esz, oprsz, 16, d, n, 0);
    case SM_CMLE0: return gen_vec_shi(TCG_VEC_CMPLEZ, esz, oprsz, 16, d, n, 0);
    case SM_CMLT0: return gen_vec_shi(TCG_VEC_CMPLTZ, esz, oprsz, 16, d, n, 0);
    case SM_REV16: return gen_vec_shi(TCG_VEC_REV16, esz, oprsz, 16, d, n, 0);
    case SM_REV32: return gen_vec_shi(TCG_VEC_REV32, esz, oprsz, 16, d, n, 0);
    case SM_REV64: return gen_vec_shi(TCG_VEC_REV64, esz, oprsz, 16, d, n, 0);
    case SM_XTN: /* XTN2 fills the top half and keeps the bottom */
        return gen_vec_shi(TCG_VEC_SHRI_NARROW, esz, 8, a->q ? 8 : 16,
                           a->q ? d + 8 : d, n, 0);
    case SM_SQXTN:
    case SM_UQXTN:
    case SM_SQXTUN:
        if (a->scalar) {
            return false;
        }
        return gen_vec_shi(arm_simd_sat_2misc_vec_op(op), esz, 8, a->q ? 8 : 16,
                           a->q ? d + 8 : d, n, 0);
    case SM_SQABS:
    case SM_SQNEG: /* scalar D too: oprsz 8 */
        return gen_vec_shi(arm_simd_sat_2misc_vec_op(op), esz, oprsz, 16, d, n,
                           0);
    case SM_SHLL:
        return gen_vec_shi(TCG_VEC_ZEXT_SHLI, esz, 16, 16, d, a->q ? n + 8 : n,
                           8 << esz);
    case SM_UADDLP: return gen_vec_shi(TCG_VEC_ADDLPU, esz, oprsz, 16, d, n, 0);
    case SM_SADDLP: return gen_vec_shi(TCG_VEC_ADDLPS, esz, oprsz, 16, d, n, 0);
    case SM_UADALP:
        return gen_vec_shi(TCG_VEC_ADDLPU | TCG_VEC_ACC, esz, oprsz, 16, d, n,
                           0);
    case SM_SADALP:
        return gen_vec_shi(TCG_VEC_ADDLPS | TCG_VEC_ACC, esz, oprsz, 16, d, n,
                           0);
    default: return false;
    }
}

static bool trans_int_2misc(DisasContext *s, arg_int_2misc *a)
{
    int op = (int)a->op, esz = (int)a->size;
    int oprsz = simd_oprsz(a->q, a->scalar, esz);
    int flags = 0;

    if (op == SM_RBIT) {
        if (esz != 1) {
            return false;
        }
        esz = 0; /* RBIT is U=1 size=01; the elements are bytes */
        oprsz = a->q ? 16 : 8;
    }
    if (!int_2misc_size_ok(op, esz, a->q, a->scalar)) {
        return false;
    }
    if (op == SM_XTN || op == SM_SQXTN || op == SM_UQXTN || op == SM_SQXTUN ||
        op == SM_SHLL) {
        flags = a->q ? SIMD_DESC_PART2 : 0;
    }
    (void)s;
    if (op != SM_RBIT && gen_int_2misc_vec(a, op, esz, oprsz)) {
        return true;
    }
    if (a->scalar && esz < 3 &&
        (op == SM_SQXTN || op == SM_UQXTN || op == SM_SQXTUN)) {
        /* Bd from Hn, Hd from Sn, Sd from Dn; UQXTN's D source is
         * unsigned, so its upper clamp compares unsigned */
        int bits = 8 << esz;
        TCGv_i64 r = read_vec_elem((int)a->rn, 0, esz + 1, op != SM_UQXTN);

        gen_sat_scalar_clamp(
            (int)a->rd, esz, r, op == SM_SQXTN ? -(1ll << (bits - 1)) : 0,
            op == SM_SQXTN ? (1ll << (bits - 1)) - 1 : (1ll << bits) - 1,
            op == SM_UQXTN ? TCG_COND_GTU : TCG_COND_GT);
        return true;
    }
    if (a->scalar && esz < 3 && (op == SM_SQABS || op == SM_SQNEG)) {
        /* B, H, S: the only overflow, -min, clamps to max */
        TCGv_i64 r = read_vec_elem((int)a->rn, 0, esz, true);
        TCGv_i64 neg = tcg_temp_new_i64();

        tcg_gen_neg_i64(neg, r);
        if (op == SM_SQNEG) {
            tcg_gen_mov_i64(r, neg);
        } else {
            tcg_gen_movcond_i64(TCG_COND_LT, r, r, tcg_constant_i64(0), neg, r);
        }
        gen_sat_scalar_finish((int)a->rd, esz, r, -(1ll << ((8 << esz) - 1)),
                              (1ll << ((8 << esz) - 1)) - 1);
        return true;
    }
    gen_simd_call2(&helper_info_simd_2misc, simd_desc(op, esz, oprsz, flags, 0),
                   a->rd, a->rn);
    return true;
}

static bool trans_fp_2misc(DisasContext *s, arg_fp_2misc *a)
{
    int op = (int)a->op;
    int esz = simd_fp_esz(a->sz);
    int flags = 0;

    if (op == SM_FCVTN || op == SM_FCVTL || op == SM_FCVTXN) {
        /* esz is the narrow side: S<->D when sz=1, H<->S when sz=0. */
        if (op == SM_FCVTXN && !a->sz) {
            return false;
        }
        esz = a->sz ? FP_S : FP_H;
        flags = a->q ? SIMD_DESC_PART2 : 0;
    } else if ((op == SM_URECPE || op == SM_URSQRTE) && a->sz) {
        return false;
    } else if (!a->scalar && esz == FP_D && !a->q) {
        return false;
    }
    (void)s;
    int oprsz = simd_oprsz(a->q, a->scalar, esz);
    if ((op == SM_SCVTF || op == SM_UCVTF) && a->scalar &&
        a64_gen_int_to_fp_scalar(s, (int)a->rd, (int)a->rn, esz,
                                 op == SM_UCVTF))
        return true;
    if (op == SM_FCVTL && esz == FP_S &&
        a64_gen_fcvtl_inline(s, a->q, (int)a->rd, (int)a->rn,
                             simd_desc(op, esz, oprsz, flags, (int)a->rmode)))
        return true;
    gen_simd_call2(&helper_info_simd_2misc,
                   simd_desc(op, esz, oprsz, flags, (int)a->rmode), a->rd,
                   a->rn);
    return true;
}

/* ---- across lanes and scalar pairwise ---- */

/* The vector IR op for an integer SA_ reduction. */
static int across_vec_op(int op)
{
    switch (op) {
    case SA_ADDV: return TCG_VEC_REDADD;
    case SA_UADDLV: return TCG_VEC_REDADDLU;
    case SA_SADDLV: return TCG_VEC_REDADDLS;
    case SA_SMAXV: return TCG_VEC_REDSMAX;
    case SA_SMINV: return TCG_VEC_REDSMIN;
    case SA_UMAXV: return TCG_VEC_REDUMAX;
    case SA_UMINV: return TCG_VEC_REDUMIN;
    default: return -1;
    }
}

static bool trans_across(DisasContext *s, arg_across *a)
{
    int esz = (int)a->size;

    if (a->fp == 2) {
        esz = FP_H; /* FEAT_FP16: .4H and .8H */
    } else if (a->fp) {
        /* sz=1 is reserved; single has only the 4S form. */
        if (esz != 0 || !a->q) {
            return false;
        }
        esz = FP_S;
    } else if (esz == 3 || (esz == 2 && !a->q)) {
        return false;
    } else if (gen_vec_shi(across_vec_op((int)a->op), esz, a->q ? 16 : 8, 16,
                           vofs(a->rd), vofs(a->rn), 0)) {
        return true;
    }
    (void)s;
    gen_simd_call2(&helper_info_simd_across,
                   simd_desc((int)a->op, esz, a->q ? 16 : 8, 0, 0), a->rd,
                   a->rn);
    return true;
}

static bool trans_ADDP_s(DisasContext *s, arg_ADDP_s *a)
{
    if (a->size != 3) {
        return false;
    }
    (void)s;
    if (gen_vec_shi(TCG_VEC_REDADD, 3, 16, 16, vofs(a->rd), vofs(a->rn), 0)) {
        return true;
    }
    gen_simd_call2(&helper_info_simd_across, simd_desc(SA_ADDV, 3, 16, 0, 0),
                   a->rd, a->rn);
    return true;
}

static bool trans_fp_pair_s(DisasContext *s, arg_fp_pair_s *a)
{
    int esz = simd_fp_esz(a->sz);

    (void)s;
    gen_simd_call2(&helper_info_simd_across,
                   simd_desc((int)a->op, esz, 2 << esz, 0, 0), a->rd, a->rn);
    return true;
}

/* ---- copy: DUP, INS, UMOV, SMOV ---- */

/* imm5 = index:1:Zeros(size); returns size, or -1 when reserved. */
static int imm5_esz(int64_t imm5)
{
    if ((imm5 & 0xf) == 0) {
        return -1;
    }
    return __builtin_ctz((unsigned)imm5);
}

static bool trans_DUP_elem(DisasContext *s, arg_DUP_elem *a)
{
    int esz = imm5_esz(a->imm5);

    if (esz < 0 || (esz == 3 && !a->q)) {
        return false;
    }
    (void)s;
    TCGv_i64 e =
        read_vec_elem((int)a->rn, (int)(a->imm5 >> (esz + 1)), esz, false);
    tcg_gen_vec_dup_i64((unsigned)esz, a->q ? 16 : 8, 16, vofs(a->rd), e);
    return true;
}

static bool trans_DUP_gen(DisasContext *s, arg_DUP_gen *a)
{
    int esz = imm5_esz(a->imm5);

    if (esz < 0 || (esz == 3 && !a->q)) {
        return false;
    }
    tcg_gen_vec_dup_i64((unsigned)esz, a->q ? 16 : 8, 16, vofs(a->rd),
                        read_xreg(s, (int)a->rn));
    return true;
}

static bool trans_DUP_s(DisasContext *s, arg_DUP_s *a)
{
    int esz = imm5_esz(a->imm5);

    if (esz < 0) {
        return false;
    }
    (void)s;
    if (gen_vec_shi(TCG_VEC_GETEL, esz, 16, 16, vofs(a->rd), vofs(a->rn),
                    (int)(a->imm5 >> (esz + 1)))) {
        return true;
    }
    TCGv_i64 e =
        read_vec_elem((int)a->rn, (int)(a->imm5 >> (esz + 1)), esz, false);
    write_vec_half((int)a->rd, 0, e);
    clear_vreg_high((int)a->rd);
    return true;
}

/* UMOV Wd/Xd (zero-extended) and SMOV (sign-extended) of one element. */
static bool trans_mov_to_gen(DisasContext *s, arg_mov_to_gen *a)
{
    int esz = imm5_esz(a->imm5);

    if (esz < 0) {
        return false;
    }
    if (a->u ? (a->q ? esz != 3 : esz == 3)
             : (esz == 3 || (esz == 2 && !a->q))) {
        return false;
    }
    TCGv_i64 e =
        read_vec_elem((int)a->rn, (int)(a->imm5 >> (esz + 1)), esz, !a->u);
    write_xreg(s, (int)a->rd, e, (int)a->q);
    return true;
}

static bool trans_INS_gen(DisasContext *s, arg_INS_gen *a)
{
    int esz = imm5_esz(a->imm5);

    if (esz < 0) {
        return false;
    }
    write_vec_elem((int)a->rd, (int)(a->imm5 >> (esz + 1)), esz,
                   read_xreg(s, (int)a->rn));
    return true;
}

static bool trans_INS_elem(DisasContext *s, arg_INS_elem *a)
{
    int esz = imm5_esz(a->imm5);

    if (esz < 0) {
        return false;
    }
    (void)s;
    TCGv_i64 e = read_vec_elem((int)a->rn, (int)(a->imm4 >> esz), esz, false);
    write_vec_elem((int)a->rd, (int)(a->imm5 >> (esz + 1)), esz, e);
    return true;
}

/* ---- modified immediate ---- */

/* AdvSIMDExpandImm(op, cmode, imm8) for the MOVI/MVNI/ORR/BIC/FMOV forms. */
static uint64_t simd_expand_imm(int op, int cmode, uint64_t imm8)
{
    uint64_t b6 = (imm8 >> 6) & 1;

    switch (cmode >> 1) {
    case 0: return imm8 * 0x0000000100000001ull;
    case 1: return (imm8 << 8) * 0x0000000100000001ull;
    case 2: return (imm8 << 16) * 0x0000000100000001ull;
    case 3: return (imm8 << 24) * 0x0000000100000001ull;
    case 4: return imm8 * 0x0001000100010001ull;
    case 5: return (imm8 << 8) * 0x0001000100010001ull;
    case 6:
        if (cmode & 1) {
            return (imm8 << 16 | 0xffff) * 0x0000000100000001ull;
        }
        return (imm8 << 8 | 0xff) * 0x0000000100000001ull;
    default: break;
    }
    if (!(cmode & 1) && !op) {
        return imm8 * 0x0101010101010101ull;
    }
    if (!(cmode & 1)) {
        uint64_t r = 0;
        for (int i = 0; i < 8; i++) {
            r |= ((imm8 >> i) & 1 ? 0xffull : 0) << (8 * i);
        }
        return r;
    }
    if (!op) {
        /* FMOV (vector, single) */
        uint64_t f = (imm8 >> 7) << 31 | (b6 ^ 1) << 30 |
                     (b6 ? 0x1full << 25 : 0) | (imm8 & 0x3f) << 19;
        return f * 0x0000000100000001ull;
    }
    /* FMOV (vector, double) */
    return (imm8 >> 7) << 63 | (b6 ^ 1) << 62 | (b6 ? 0xffull << 54 : 0) |
           (imm8 & 0x3f) << 48;
}

/* FMOV (vector, half precision): VFPExpandImm() for 16 bits, 4 copies. */
static uint64_t simd_expand_imm_half(uint64_t imm8)
{
    uint64_t b6 = (imm8 >> 6) & 1;
    uint64_t h = (imm8 >> 7) << 15 | (b6 ^ 1) << 14 | (b6 ? 3ull << 12 : 0) |
                 (imm8 & 0x3f) << 6;

    return h * 0x0001000100010001ull;
}

static bool trans_MOVI_group(DisasContext *s, arg_MOVI_group *a)
{
    int cmode = (int)a->cmode, op = (int)a->op;
    uint64_t imm8 = (uint64_t)a->imm8; /* a:b:c:d:e:f:g:h */
    uint64_t imm;

    (void)s;
    /* o2=1 is only FMOV (vector, half precision), op=0 cmode=1111. */
    if (a->o2 && (op || cmode != 0xf)) {
        return false;
    }
    if (cmode == 0xf && op && !a->q) {
        return false;
    }
    imm = a->o2 ? simd_expand_imm_half(imm8) : simd_expand_imm(op, cmode, imm8);
    bool is_orr_bic = (cmode & 1) && (cmode >> 2) != 3 && cmode < 0xc;
    if (is_orr_bic) {
        int halves = a->q ? 2 : 1;
        TCGv_i64 res[2];
        for (int h = 0; h < halves; h++) {
            res[h] = read_vec_half((int)a->rd, h);
            if (op) {
                tcg_gen_andi_i64(res[h], res[h], (int64_t)~imm);
            } else {
                tcg_gen_ori_i64(res[h], res[h], (int64_t)imm);
            }
        }
        write_vec_pair((int)a->rd, a->q, res[0], a->q ? res[1] : res[0]);
        return true;
    }
    /* MVNI: op=1 outside cmode 111x inverts the pattern. */
    if (op && cmode < 0xe) {
        imm = ~imm;
    }
    TCGv_i64 c = tcg_constant_i64((int64_t)imm);
    write_vec_pair((int)a->rd, a->q, c, c);
    return true;
}

/* ---- shift by immediate ---- */

/* Which element sizes a scalar shift-by-immediate op accepts. */
static bool shift_scalar_size_ok(int op, int esz, int shape)
{
    switch (op) {
    case SS_SQSHL:
    case SS_UQSHL:
    case SS_SQSHLU: return true;
    case SS_SCVTF:
    case SS_UCVTF:
    case SS_FCVTZS:
    case SS_FCVTZU: return esz >= 1;
    default: return shape == 1 ? esz < 3 : esz == 3;
    }
}

/* Plain and accumulating shifts, SHRN and [US]SHLL as vector ops. */
static bool gen_shift_imm_vec(arg_shift_imm *a, int op, int esz, int oprsz,
                              int shift)
{
    int32_t d = vofs(a->rd), n = vofs(a->rn);
    int vop = arm_simd_shift_imm_vec_op(op);

    switch (op) {
    case SS_SHRN:
    case SS_RSHRN:
        if (a->scalar) {
            return false;
        }
        return gen_vec_shi(op == SS_SHRN ? TCG_VEC_SHRI_NARROW
                                         : TCG_VEC_RSHRI_NARROW,
                           esz, 8, a->q ? 8 : 16, a->q ? d + 8 : d, n, shift);
    case SS_USHLL:
    case SS_SSHLL:
        return gen_vec_shi(op == SS_USHLL ? TCG_VEC_ZEXT_SHLI
                                          : TCG_VEC_SEXT_SHLI,
                           esz, 16, 16, d, a->q ? n + 8 : n, shift);
    case SS_SQSHRN:
    case SS_UQSHRN:
    case SS_SQRSHRN:
    case SS_UQRSHRN:
    case SS_SQSHRUN:
    case SS_SQRSHRUN:
        return !a->scalar &&
               arm_gen_sat_shrn_vec(op, esz, shift, a->q ? 8 : 16,
                                    a->q ? d + 8 : d, n,
                                    (int32_t)offsetof(CPUARMState, vscratch));
    default: return vop >= 0 && gen_vec_shi(vop, esz, oprsz, 16, d, n, shift);
    }
}

static bool trans_shift_imm(DisasContext *s, arg_shift_imm *a)
{
    int op = (int)a->op, shape = (int)a->shape;
    int immh = (int)a->immh;

    if (immh == 0) {
        return false; /* modified immediate space */
    }
    int esz = 31 - __builtin_clz((unsigned)immh);
    int val = immh << 3 | (int)a->immb;
    int shift = a->left ? val - (8 << esz) : (16 << esz) - val;
    bool fixed =
        op == SS_SCVTF || op == SS_UCVTF || op == SS_FCVTZS || op == SS_FCVTZU;
    int oprsz, flags = 0;

    if (shape != 0 && esz == 3) {
        return false;
    }
    if (fixed && esz < 1) {
        return false; /* H (FEAT_FP16), S and D only */
    }
    if (a->scalar) {
        if (!shift_scalar_size_ok(op, esz, shape)) {
            return false;
        }
        oprsz = 1 << esz;
    } else if (shape == 0) {
        if (esz == 3 && !a->q) {
            return false;
        }
        oprsz = a->q ? 16 : 8;
    } else {
        oprsz = shape == 2 ? 16 : a->q ? 16 : 8;
        flags = a->q ? SIMD_DESC_PART2 : 0;
    }
    (void)s;
    if (gen_shift_imm_vec(a, op, esz, oprsz, shift)) {
        return true;
    }
    if (a->scalar && esz < 3 &&
        (op == SS_SQSHL || op == SS_UQSHL || op == SS_SQSHLU)) {
        /* B, H, S: x << shift (< 32) fits 64 bits; clamp to the result */
        TCGv_i64 r = read_vec_elem((int)a->rn, 0, esz, op != SS_UQSHL);
        int bits = 8 << esz;

        tcg_gen_shli_i64(r, r, shift);
        gen_sat_scalar_finish(
            (int)a->rd, esz, r, op == SS_SQSHL ? -(1ll << (bits - 1)) : 0,
            op == SS_SQSHL ? (1ll << (bits - 1)) - 1 : (1ll << bits) - 1);
        return true;
    }
    gen_simd_call2(&helper_info_simd_shift_imm,
                   simd_desc(op, esz, oprsz, flags, shift), a->rd, a->rn);
    return true;
}

/* ---- permutes, EXT, TBL/TBX ---- */

static bool trans_permute(DisasContext *s, arg_permute *a)
{
    if (a->size == 3 && !a->q) {
        return false;
    }
    (void)s;
    static const int vec_ops[] = {
        [SP_UZP1] = TCG_VEC_UZPEVEN, [SP_UZP2] = TCG_VEC_UZPODD,
        [SP_ZIP1] = TCG_VEC_ZIPLO,   [SP_ZIP2] = TCG_VEC_ZIPHI,
        [SP_TRN1] = TCG_VEC_TRNEVEN, [SP_TRN2] = TCG_VEC_TRNODD,
    };
    if (gen_vec_bin(vec_ops[a->op], (int)a->size, a->q ? 16 : 8, a->rd, a->rn,
                    a->rm)) {
        return true;
    }
    gen_simd_call3(&helper_info_simd_permute,
                   simd_desc((int)a->op, (int)a->size, a->q ? 16 : 8, 0, 0),
                   a->rd, a->rn, a->rm);
    return true;
}

static bool trans_EXT(DisasContext *s, arg_EXT *a)
{
    if (!a->q && a->imm4 >= 8) {
        return false;
    }
    (void)s;
    if (tcg_can_emit_vec(TCG_VEC_EXTRACT, 0, a->q ? 16 : 8)) {
        tcg_gen_vec_extract(a->q ? 16 : 8, 16, vofs(a->rd), vofs(a->rn),
                            vofs(a->rm), (unsigned)a->imm4);
        return true;
    }
    gen_simd_call3(&helper_info_simd_ext,
                   simd_desc(0, 0, a->q ? 16 : 8, 0, (int)a->imm4), a->rd,
                   a->rn, a->rm);
    return true;
}

/*
 * TBL inline: each table register's lookup (indices minus 16 per register
 * before it) added into the scratch vector, at most one of them nonzero
 * per byte, then copied to Vd (Vd may be a table or the index register).
 * TBX, which keeps Vd's bytes, stays with the helper.
 */
static bool gen_tbl_inline(const arg_tbl *a)
{
    unsigned oprsz = a->q ? 16 : 8;
    int32_t scratch = (int32_t)offsetof(CPUARMState, vscratch);

    if (a->tbx || !tcg_can_emit_vec(TCG_VEC_TBL, 0, oprsz))
        return false;
    for (unsigned i = 0; i <= a->len; i++)
        tcg_gen_vec_tbl(TCG_VEC_TBL | (i ? TCG_VEC_ACC : 0), oprsz, 16, scratch,
                        vofs((a->rn + i) & 31), vofs(a->rm), 16 * i);
    tcg_gen_vec_bin(TCG_VEC_OR, 0, oprsz, 16, vofs(a->rd), scratch, scratch);
    return true;
}

static bool trans_tbl(DisasContext *s, arg_tbl *a)
{
    (void)s;
    if (gen_tbl_inline(a))
        return true;
    gen_simd_call3(&helper_info_simd_tbl,
                   simd_desc((int)a->tbx, 0, a->q ? 16 : 8, 0, (int)a->len + 1),
                   a->rd, a->rn, a->rm);
    return true;
}

/* ---- by element ---- */

/*
 * MUL, MLA, MLS and the long multiplies [SU]MULL, [SU]MLAL, [SU]MLSL (and
 * their "2" forms) by element as the vector ops of their three-same and
 * three-different forms, with Vm[idx] broadcast into the scratch vector as
 * the second operand; SQDMULH and SQRDMULH too (their three-same ops), and
 * SQDMULL, SQDMLAL, SQDMLSL (vector, and scalar from S) through
 * arm_gen_sqdmull_vec.
 */
static bool gen_int_by_elem_vec(const arg_by_elem *a, int esz, int idx, int rm)
{
    int32_t scratch = (int32_t)offsetof(CPUARMState, vscratch);
    int32_t n = vofs(a->rn);
    int op, oprsz = a->q ? 16 : 8;

    if (a->kind == SE_LONG &&
        (a->op == SD_SQDMULL || a->op == SD_SQDMLAL || a->op == SD_SQDMLSL)) {
        if (!tcg_can_emit_vec(TCG_VEC_MULLS, (unsigned)esz, 16)) {
            return false;
        }
        tcg_gen_vec_dup_i64((unsigned)esz, 16, 16, scratch,
                            read_vec_elem(rm, idx, esz, false));
        return arm_gen_sqdmull_vec((int)a->op, esz, a->scalar ? 8 : 16,
                                   vofs(a->rd), n + (a->q ? 8 : 0), scratch,
                                   scratch);
    }
    if (a->kind == SE_INT) {
        op = arm_simd_int_3same_vec_op((int)a->op);
    } else {
        op = diff_3_vec_op((int)a->op);
        if (op >= 0) {
            op += a->u ? 0 : 1;
            oprsz = 16;
            n += a->q ? 8 : 0; /* the "2" forms: the upper half of Vn */
        }
    }
    if (op < 0 ||
        !tcg_can_emit_vec((unsigned)op, (unsigned)esz, (unsigned)oprsz)) {
        return false;
    }
    tcg_gen_vec_dup_i64((unsigned)esz, 16, 16, scratch,
                        read_vec_elem(rm, idx, esz, false));
    tcg_gen_vec_bin((unsigned)op, (unsigned)esz, (unsigned)oprsz, 16,
                    vofs(a->rd), n, scratch);
    return true;
}

static bool trans_by_elem(DisasContext *s, arg_by_elem *a)
{
    int kind = (int)a->kind;
    int size = (int)a->size;
    int esz, idx, rm, oprsz, flags = 0;

    if (kind == SE_FP) {
        /* size: 00 half (FEAT_FP16, index H:L:M, Vm 0-15), 10 S, 11 D */
        if (size == 1) {
            return false;
        }
        esz = size == 0 ? FP_H : (size & 1) ? FP_D : FP_S;
        if (esz == FP_D && (a->l || (!a->scalar && !a->q))) {
            return false;
        }
        if (esz == FP_H) {
            idx = (int)(a->h << 2 | a->l << 1 | a->m);
            rm = (int)a->rm;
        } else {
            idx = esz == FP_D ? (int)a->h : (int)(a->h << 1 | a->l);
            rm = (int)(a->m << 4 | a->rm);
        }
    } else {
        if (size != 1 && size != 2) {
            return false;
        }
        esz = size;
        if (esz == 1) {
            idx = (int)(a->h << 2 | a->l << 1 | a->m);
            rm = (int)a->rm;
        } else {
            idx = (int)(a->h << 1 | a->l);
            rm = (int)(a->m << 4 | a->rm);
        }
    }
    if (kind == SE_LONG && a->scalar) {
        oprsz = 1 << esz; /* SQDMLAL Sd, Hn, Vm.H[i] and friends */
    } else if (kind == SE_LONG) {
        oprsz = 16;
        flags = (a->q ? SIMD_DESC_PART2 : 0) | (a->u ? SIMD_DESC_UNSIGNED : 0);
    } else {
        oprsz = simd_oprsz(a->q, a->scalar, esz);
    }
    (void)s;
    if (kind == SE_FP && !a->scalar &&
        a64_gen_vfp_by_elem_inline(s, (int)a->op, esz, a->q, (int)a->rd,
                                   (int)a->rn, rm, idx))
        return true;
    if (kind != SE_FP && (!a->scalar || (kind == SE_LONG && esz == 2)) &&
        gen_int_by_elem_vec(a, esz, idx, rm)) {
        return true;
    }
    if (kind == SE_LONG && a->scalar && esz == 1 &&
        gen_sqdmull_h_scalar((int)a->op, (int)a->rd,
                             read_vec_elem((int)a->rn, 0, 1, true),
                             read_vec_elem(rm, idx, 1, true))) {
        return true;
    }
    if (kind == SE_INT && a->scalar &&
        gen_sat_doubling_mulh_scalar((int)a->op, esz, (int)a->rd,
                                     read_vec_elem((int)a->rn, 0, esz, true),
                                     read_vec_elem(rm, idx, esz, true))) {
        return true;
    }
    TCGv_i64 args[6] = {
        tcg_ptr_as_i64(tcg_env),
        tcg_constant_i64((int64_t)simd_desc((int)a->op, esz, oprsz, flags, 0)),
        tcg_constant_i64(a->rd),
        tcg_constant_i64(a->rn),
        tcg_constant_i64(rm),
        tcg_constant_i64(kind | idx << 8),
    };
    tcg_gen_call(&helper_info_simd_by_elem, NULL, 6, args);
    return true;
}

/* ---- group entry points ---- */

bool a64_decode_simd(DisasContext *s, uint32_t insn)
{
    return simd_decode(s, insn);
}

const char *a64_describe_simd(uint32_t insn, char *buf, size_t len)
{
    return simd_describe(insn, buf, len);
}
