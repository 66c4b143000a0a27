/*
 * A32/T32 Advanced SIMD data processing (patterns in neon_dp.decode; T32
 * encodings are rewritten to the A32 layout first). Common integer
 * operations become vector IR on the D/Q registers in env->v[]; the rest
 * run helper_simd.c's A64 loops through helper_neon_call. Element and
 * structure loads/stores are trans_neon_ls.c's; VFP scalar ops are not here.
 */
#include <stddef.h>

#include "target-arm/a32/helper_a32_neon.h"
#include "target-arm/a32/trans_neon.h"
#include "target-arm/helper_crypto.h"
#include "target-arm/helper_fp.h"
#include "target-arm/helper_simd.h"
#include "target-arm/simd_vec.h"

/* The A32-layout encoding being decoded (VRINT and friends read bits the
 * patterns leave unnamed). */
static uint32_t neon_insn;

#include "target-arm/a32/neon_dp.dec.c"

/* ---- registers and helper calls ---- */

int32_t neon_dofs(int64_t dreg)
{
    return (int32_t)(offsetof(CPUARMState, v) + 8 * (size_t)dreg);
}

/* Q forms need even D numbers: Vd<0> = 1 UNDEFs. */
static bool q_regs_ok(int64_t q, int64_t a, int64_t b, int64_t c)
{
    return !q || !((a | b | c) & 1);
}

static const TCGHelper helper_info_neon_call = {
    "neon_call", (void *)helper_neon_call, TCG_CALL_NO_GLOBALS};
static const TCGHelper helper_info_neon_tbl = {
    "neon_tbl", (void *)helper_neon_tbl, TCG_CALL_NO_GLOBALS};

/* helper_neon_call: opnd_* are neon_opnd() values. */
static void gen_neon_call(int kind, uint64_t desc, uint64_t opnd_d,
                          uint64_t opnd_n, uint64_t opnd_m, uint64_t flags)
{
    TCGv_i64 args[4] = {
        tcg_ptr_as_i64(tcg_env),
        tcg_constant_i64((int64_t)desc),
        tcg_constant_i64((int64_t)neon_regs(opnd_d, opnd_n, opnd_m)),
        tcg_constant_i64((int64_t)((uint64_t)kind | flags)),
    };
    tcg_gen_call(&helper_info_neon_call, NULL, 4, args);
}

static bool vec_ok(int op, int esz, int oprsz)
{
    return op >= 0 &&
           tcg_can_emit_vec((unsigned)op, (unsigned)esz, (unsigned)oprsz);
}

/* d = a op b over oprsz bytes of D/Q registers, inline if the host can. */
static bool gen_vec3(int op, int esz, int oprsz, int64_t d, int64_t a,
                     int64_t b)
{
    bool shlv = op == TCG_VEC_USHLV || op == TCG_VEC_SSHLV;

    if (!vec_ok(op, esz, oprsz)) {
        return false;
    }
    /* The per-element shifts take whole registers (tcg/ir.h): an odd D
     * register is the upper half of a Q one. */
    if (shlv && ((neon_dofs(a) | neon_dofs(b)) & 15)) {
        return false;
    }
    tcg_gen_vec_bin((unsigned)op, (unsigned)esz, (unsigned)oprsz,
                    (unsigned)oprsz, neon_dofs(d), neon_dofs(a), neon_dofs(b));
    return true;
}

static bool gen_vec2(int op, int esz, int oprsz, int maxsz, int64_t d,
                     int64_t a, int imm)
{
    if (!vec_ok(op, esz, oprsz)) {
        return false;
    }
    tcg_gen_vec_shi((unsigned)op, (unsigned)esz, (unsigned)oprsz,
                    (unsigned)maxsz, neon_dofs(d), neon_dofs(a), (unsigned)imm);
    return true;
}

static TCGv_i64 load_dreg(int64_t dreg)
{
    TCGv_i64 t = tcg_temp_new_i64();
    tcg_gen_ld_i64(t, tcg_env, neon_dofs(dreg));
    return t;
}

static void store_dreg(int64_t dreg, TCGv_i64 val)
{
    tcg_gen_st_i64(val, tcg_env, neon_dofs(dreg));
}

/* ---- 3 registers of the same length ---- */

/* The unsigned (U=1) partner of an SI_ op, or -1 when U=1 is UNDEF. */
static int int_3same_u_op(int op)
{
    switch (op) {
    case SI_SHADD: return SI_UHADD;
    case SI_SQADD: return SI_UQADD;
    case SI_SRHADD: return SI_URHADD;
    case SI_SHSUB: return SI_UHSUB;
    case SI_SQSUB: return SI_UQSUB;
    case SI_CMGT: return SI_CMHI;
    case SI_CMGE: return SI_CMHS;
    case SI_SSHL: return SI_USHL;
    case SI_SQSHL: return SI_UQSHL;
    case SI_SRSHL: return SI_URSHL;
    case SI_SQRSHL: return SI_UQRSHL;
    case SI_SMAX: return SI_UMAX;
    case SI_SMIN: return SI_UMIN;
    case SI_SABD: return SI_UABD;
    case SI_SABA: return SI_UABA;
    case SI_ADD: return SI_SUB;
    case SI_CMTST: return SI_CMEQ;
    case SI_MLA: return SI_MLS;
    case SI_MUL: return SI_PMUL;
    case SI_SMAXP: return SI_UMAXP;
    case SI_SMINP: return SI_UMINP;
    case SI_SQDMULH: return SI_SQRDMULH;
    default: return -1; /* VPADD */
    }
}

/* Element sizes (bit n: size n) each op allows. */
static unsigned int_3same_sizes(int op)
{
    switch (op) {
    case SI_UQADD:
    case SI_SQADD:
    case SI_UQSUB:
    case SI_SQSUB:
    case SI_USHL:
    case SI_SSHL:
    case SI_UQSHL:
    case SI_SQSHL:
    case SI_URSHL:
    case SI_SRSHL:
    case SI_UQRSHL:
    case SI_SQRSHL:
    case SI_ADD:
    case SI_SUB: return 0xf;
    case SI_SQDMULH:
    case SI_SQRDMULH: return 0x6;
    case SI_PMUL: return 0x1;
    default: return 0x7;
    }
}

static bool is_pairwise(int op)
{
    return op == SI_ADDP || op == SI_SMAXP || op == SI_UMAXP ||
           op == SI_SMINP || op == SI_UMINP;
}

static bool trans_int_3same(DisasContext *s, arg_same3 *a)
{
    int op = a->u ? int_3same_u_op((int)a->op) : (int)a->op;
    int esz = (int)a->size, oprsz = a->q ? 16 : 8;
    /* VSHL and friends shift Vm by Vn: the helper's n is Vm. */
    int64_t n = a->swap ? a->vm : a->vn, m = a->swap ? a->vn : a->vm;

    (void)s;
    if (op < 0 || !(int_3same_sizes(op) >> esz & 1) ||
        !q_regs_ok(a->q, a->vd, a->vn, a->vm) || (is_pairwise(op) && a->q)) {
        return false;
    }
    if (gen_vec3(arm_simd_int_3same_vec_op(op), esz, oprsz, a->vd, n, m)) {
        return true;
    }
    gen_neon_call(NK_3SAME, simd_desc(op, esz, oprsz, 0, 0),
                  neon_opnd((int)a->vd, (int)a->q),
                  neon_opnd((int)n, (int)a->q), neon_opnd((int)m, (int)a->q),
                  0);
    return true;
}

/* VAND VBIC VORR VORN (U=0) and VEOR VBSL VBIT VBIF (U=1) on one half. */
static void gen_logic_half(int opc, TCGv_i64 d, TCGv_i64 n, TCGv_i64 m)
{
    TCGv_i64 t = tcg_temp_new_i64();

    switch (opc) {
    case 0: tcg_gen_and_i64(d, n, m); break;
    case 1: tcg_gen_andc_i64(d, n, m); break;
    case 2: tcg_gen_or_i64(d, n, m); break;
    case 3: tcg_gen_orc_i64(d, n, m); break;
    case 4: tcg_gen_xor_i64(d, n, m); break;
    case 5: /* VBSL: d selects n (1) or m (0) */
        tcg_gen_xor_i64(t, n, m);
        tcg_gen_and_i64(t, t, d);
        tcg_gen_xor_i64(d, m, t);
        break;
    case 6: /* VBIT: insert n where m is 1 */
        tcg_gen_xor_i64(t, d, n);
        tcg_gen_and_i64(t, t, m);
        tcg_gen_xor_i64(d, d, t);
        break;
    default: /* VBIF: insert n where m is 0 */
        tcg_gen_xor_i64(t, d, n);
        tcg_gen_andc_i64(t, t, m);
        tcg_gen_xor_i64(d, d, t);
        break;
    }
}

static bool gen_logic_vec(int opc, int oprsz, int64_t vd, int64_t vn,
                          int64_t vm)
{
    static const int ops[5] = {TCG_VEC_AND, TCG_VEC_ANDC, TCG_VEC_OR,
                               TCG_VEC_ORC, TCG_VEC_XOR};
    int32_t d = neon_dofs(vd), n = neon_dofs(vn), m = neon_dofs(vm);
    unsigned sz = (unsigned)oprsz;

    if (opc < 5) {
        return gen_vec3(ops[opc], 0, oprsz, vd, vn, vm);
    }
    if (!vec_ok(TCG_VEC_AND, 0, oprsz)) {
        return false;
    }
    switch (opc) {
    case 5: tcg_gen_vec_bitsel(sz, sz, d, d, n, m); break;
    case 6: tcg_gen_vec_bitsel(sz, sz, d, m, n, d); break;
    default: tcg_gen_vec_bitsel(sz, sz, d, m, d, n); break;
    }
    return true;
}

static bool trans_logic_3same(DisasContext *s, arg_same3 *a)
{
    int opc = (int)(a->u << 2 | a->size);

    (void)s;
    if (!q_regs_ok(a->q, a->vd, a->vn, a->vm)) {
        return false;
    }
    if (gen_logic_vec(opc, a->q ? 16 : 8, a->vd, a->vn, a->vm)) {
        return true;
    }
    for (int h = 0; h < (a->q ? 2 : 1); h++) {
        TCGv_i64 d = load_dreg(a->vd + h);
        gen_logic_half(opc, d, load_dreg(a->vn + h), load_dreg(a->vm + h));
        store_dreg(a->vd + h, d);
    }
    return true;
}

/* SHA1C/P/M/SU0 (U=0, by size) and SHA256H/H2/SU1 (U=1): Q registers. */
static bool trans_sha_3reg(DisasContext *s, arg_same3 *a)
{
    static const int ops[2][4] = {
        {CRYPTO_SHA1C, CRYPTO_SHA1P, CRYPTO_SHA1M, CRYPTO_SHA1SU0},
        {CRYPTO_SHA256H, CRYPTO_SHA256H2, CRYPTO_SHA256SU1, -1},
    };
    int op = ops[a->u][a->size];

    (void)s;
    if (!a->q || op < 0 || !q_regs_ok(1, a->vd, a->vn, a->vm)) {
        return false;
    }
    gen_neon_call(NK_CRYPTO, (uint64_t)op, neon_opnd((int)a->vd, 1),
                  neon_opnd((int)a->vn, 1), neon_opnd((int)a->vm, 1), 0);
    return true;
}

/* A float op on F32 elements under the standard FPSCR value. */
static bool gen_fp_3same(int kind, int op, arg_same3 *a)
{
    if (!q_regs_ok(a->q, a->vd, a->vn, a->vm)) {
        return false;
    }
    gen_neon_call(kind, simd_desc(op, FP_S, a->q ? 16 : 8, 0, 0),
                  neon_opnd((int)a->vd, (int)a->q),
                  neon_opnd((int)a->vn, (int)a->q),
                  neon_opnd((int)a->vm, (int)a->q), NEON_STD_FP);
    return true;
}

/* VFMA/VFMS: fused (the A64 FMLA/FMLS loops). */
static bool trans_fp_3same(DisasContext *s, arg_same3 *a)
{
    (void)s;
    if (a->u || (a->size & 1)) {
        return false;
    }
    return gen_fp_3same(NK_3SAME_FP, (a->size & 2) ? SF_MLS : SF_MLA, a);
}

/*
 * The float forms of opc 1101-1111: a->op = (opc - 13) * 2 + o1, then U
 * and size<1> choose. size<0> = 1 is FEAT_FP16: UNDEF.
 */
static bool trans_fp_3same_any(DisasContext *s, arg_same3 *a)
{
    /* [op][u][size<1>]: SF_/FPOP_ op, -1 UNDEF; NK_MLA_F etc. below. */
    static const int ops[6][2][2] = {
        {{FPOP_ADD, FPOP_SUB}, {SF_ADDP, FPOP_ABD}},
        {{-2, -3}, {FPOP_MUL, -1}}, /* -2 VMLA, -3 VMLS (unfused) */
        {{SF_CMEQ, -1}, {SF_CMGE, SF_CMGT}},
        {{-1, -1}, {SF_ACGE, SF_ACGT}},
        {{FPOP_MAX, FPOP_MIN}, {SF_MAXP, SF_MINP}},
        {{-4, -5}, {FPOP_MAXNM, FPOP_MINNM}}, /* -4 VRECPS, -5 VRSQRTS */
    };
    int op = ops[a->op][a->u][a->size >> 1];

    (void)s;
    if (op == -1 || (a->size & 1)) {
        return false;
    }
    if ((op == SF_ADDP || op == SF_MAXP || op == SF_MINP) && a->q) {
        return false;
    }
    if (op == -2 || op == -3) {
        return gen_fp_3same(op == -2 ? NK_MLA_F : NK_MLS_F, FPOP_MUL, a);
    }
    if (op == -4 || op == -5) {
        return gen_fp_3same(op == -4 ? NK_RECPS : NK_RSQRTS, 0, a);
    }
    return gen_fp_3same(NK_3SAME_FP, op, a);
}

/* ---- 1 register and a modified immediate ---- */

/* AdvSIMDExpandImm(op, cmode, imm8); *ok = false where it UNDEFs. */
static uint64_t neon_expand_imm(int op, int cmode, uint64_t imm8, bool *ok)
{
    uint64_t b6 = (imm8 >> 6) & 1;

    *ok = true;
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
    if (op) {
        *ok = false; /* cmode 1111, op 1 */
        return 0;
    }
    uint64_t f = (imm8 >> 7) << 31 | (b6 ^ 1) << 30 | (b6 ? 0x1full << 25 : 0) |
                 (imm8 & 0x3f) << 19;
    return f * 0x0000000100000001ull;
}

/* VMOV, VMVN, VORR, VBIC (immediate). */
static bool trans_VMOV_imm(DisasContext *s, arg_VMOV_imm *a)
{
    int cmode = (int)a->cmode, op = (int)a->op;
    uint64_t imm8 = (uint64_t)(a->i << 7 | a->imm3 << 4 | a->imm4);
    bool ok;
    uint64_t imm = neon_expand_imm(op, cmode, imm8, &ok);

    (void)s;
    if (!ok || !q_regs_ok(a->q, a->vd, 0, 0)) {
        return false;
    }
    bool is_orr_bic = (cmode & 1) && cmode < 0xc;
    for (int h = 0; h < (a->q ? 2 : 1); h++) {
        if (is_orr_bic) {
            TCGv_i64 d = load_dreg(a->vd + h);
            if (op) {
                tcg_gen_andi_i64(d, d, (int64_t)~imm);
            } else {
                tcg_gen_ori_i64(d, d, (int64_t)imm);
            }
            store_dreg(a->vd + h, d);
        } else {
            /* VMVN: op=1 outside cmode 1110 inverts the pattern. */
            uint64_t v = (op && cmode != 0xe) ? ~imm : imm;
            store_dreg(a->vd + h, tcg_constant_i64((int64_t)v));
        }
    }
    return true;
}

/* ---- 2 registers and a shift amount ---- */

/* L:imm6 as A64's immh:immb; the element size is its top set bit's. */
static int shift_esz(int val)
{
    return 31 - __builtin_clz((unsigned)val >> 3);
}

static bool trans_VSHIFT(DisasContext *s, arg_shift *a)
{
    static const int ops[8][2] = {
        {SS_SSHR, SS_USHR},   {SS_SSRA, SS_USRA},   {SS_SRSHR, SS_URSHR},
        {SS_SRSRA, SS_URSRA}, {-1, SS_SRI},         {SS_SHL, SS_SLI},
        {-1, SS_SQSHLU},      {SS_SQSHL, SS_UQSHL},
    };
    int val = (int)(a->l << 6 | a->imm6);
    int op = ops[a->opc][a->u];

    (void)s;
    if (val < 8 || op < 0 || !q_regs_ok(a->q, a->vd, a->vm, 0)) {
        return false;
    }
    int esz = shift_esz(val), oprsz = a->q ? 16 : 8;
    bool left = a->opc >= 5;
    int shift = left ? val - (8 << esz) : (16 << esz) - val;
    int vop = arm_simd_shift_imm_vec_op(op);

    /* A left shift by 0 is a move: SHLI wants 0 < imm. */
    if (vop >= 0 && (shift > 0) &&
        gen_vec2(vop, esz, oprsz, oprsz, a->vd, a->vm, shift)) {
        return true;
    }
    gen_neon_call(NK_SHIFT, simd_desc(op, esz, oprsz, 0, shift),
                  neon_opnd((int)a->vd, (int)a->q), 0,
                  neon_opnd((int)a->vm, (int)a->q), 0);
    return true;
}

/* VSHRN VRSHRN VQSHRUN VQRSHRUN (opc 8) and VQSHRN VQRSHRN (opc 9):
 * Dd from Qm. */
static bool trans_VSHIFT_N(DisasContext *s, arg_shift *a)
{
    int val = (int)a->imm6, op;

    (void)s;
    if (val < 8 || (a->vm & 1)) {
        return false;
    }
    if (a->opc == 8) {
        op = a->u ? (a->b ? SS_SQRSHRUN : SS_SQSHRUN)
                  : (a->b ? SS_RSHRN : SS_SHRN);
    } else if (a->u) {
        op = a->b ? SS_UQRSHRN : SS_UQSHRN;
    } else {
        op = a->b ? SS_SQRSHRN : SS_SQSHRN;
    }
    int esz = shift_esz(val), shift = (16 << esz) - val;

    if ((op == SS_SHRN || op == SS_RSHRN) &&
        gen_vec2(op == SS_SHRN ? TCG_VEC_SHRI_NARROW : TCG_VEC_RSHRI_NARROW,
                 esz, 8, 8, a->vd, a->vm, shift)) {
        return true;
    }
    if (arm_gen_sat_shrn_vec(op, esz, shift, 8, neon_dofs(a->vd),
                             neon_dofs(a->vm),
                             (int32_t)offsetof(CPUARMState, vscratch))) {
        return true;
    }
    gen_neon_call(NK_SHIFT, simd_desc(op, esz, 8, 0, shift),
                  neon_opnd((int)a->vd, 0), 0, neon_opnd((int)a->vm, 1), 0);
    return true;
}

/* VSHLL (shift below the element size) and VMOVL: Qd from Dm. */
static bool trans_VSHLL_VMOVL(DisasContext *s, arg_shift *a)
{
    int val = (int)a->imm6;

    (void)s;
    if (val < 8 || a->b || (a->vd & 1)) {
        return false;
    }
    int esz = shift_esz(val), shift = val - (8 << esz);
    int vop = a->u ? TCG_VEC_ZEXT_SHLI : TCG_VEC_SEXT_SHLI;

    if (gen_vec2(vop, esz, 16, 16, a->vd, a->vm, shift)) {
        return true;
    }
    gen_neon_call(NK_SHIFT,
                  simd_desc(a->u ? SS_USHLL : SS_SSHLL, esz, 8, 0, shift),
                  neon_opnd((int)a->vd, 1), 0, neon_opnd((int)a->vm, 0), 0);
    return true;
}

/* VCVT between F32 and 32-bit fixed point with 64 - imm6 fraction bits. */
static bool trans_VCVT_fixed(DisasContext *s, arg_shift *a)
{
    int op;

    (void)s;
    if (a->l || !(a->imm6 & 0x20) || !q_regs_ok(a->q, a->vd, a->vm, 0)) {
        return false;
    }
    if (a->opc == 14) {
        op = a->u ? SS_UCVTF : SS_SCVTF;
    } else {
        op = a->u ? SS_FCVTZU : SS_FCVTZS;
    }
    int oprsz = a->q ? 16 : 8;
    gen_neon_call(NK_SHIFT, simd_desc(op, FP_S, oprsz, 0, 64 - (int)a->imm6),
                  neon_opnd((int)a->vd, (int)a->q), 0,
                  neon_opnd((int)a->vm, (int)a->q), NEON_STD_FP);
    return true;
}

/* ---- 3 registers of different lengths ---- */

static int diff3_vec_op(int op)
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

static bool trans_diff3(DisasContext *s, arg_diff3 *a)
{
    int op = (int)a->op, esz = (int)a->size;
    bool sqdm = op == SD_SQDMLAL || op == SD_SQDMLSL || op == SD_SQDMULL;
    bool wide = op == SD_ADDW || op == SD_SUBW;
    bool narrow = op == SD_ADDHN || op == SD_SUBHN;

    (void)s;
    if (esz == 3 || (sqdm && (a->u || esz == 0))) {
        return false;
    }
    /* Q operands: Vn and Vm of the narrowing forms, else Vd (and Vn of
     * the wide ones). */
    bool odd_q = narrow ? ((a->vn | a->vm) & 1) != 0
                        : (a->vd & 1) || (wide && (a->vn & 1));
    if (odd_q) {
        return false;
    }
    if (narrow && a->u) {
        op = op == SD_ADDHN ? SD_RADDHN : SD_RSUBHN;
    }
    int vop = diff3_vec_op(op);
    if (vop >= 0) {
        vop += a->u ? 0 : 1; /* the signed form follows the unsigned one */
        if (vec_ok(vop, esz, 16)) {
            tcg_gen_vec_bin((unsigned)vop, (unsigned)esz, 16, 16,
                            neon_dofs(a->vd), neon_dofs(a->vn),
                            neon_dofs(a->vm));
            return true;
        }
    }
    if (sqdm && arm_gen_sqdmull_vec(op, esz, 16, neon_dofs(a->vd),
                                    neon_dofs(a->vn), neon_dofs(a->vm),
                                    (int32_t)offsetof(CPUARMState, vscratch))) {
        return true;
    }
    gen_neon_call(
        NK_3DIFF, simd_desc(op, esz, 16, a->u ? SIMD_DESC_UNSIGNED : 0, 0),
        neon_opnd((int)a->vd, !narrow), neon_opnd((int)a->vn, wide || narrow),
        neon_opnd((int)a->vm, narrow), 0);
    return true;
}

/* VMULL.P8 and VMULL.P64 (the Crypto Extension's). */
static bool trans_VMULL_P(DisasContext *s, arg_diff3 *a)
{
    (void)s;
    if (a->u || (a->size != 0 && a->size != 2) || (a->vd & 1)) {
        return false;
    }
    int op = a->size ? CRYPTO_PMULL64 : CRYPTO_PMULL8;
    gen_neon_call(NK_CRYPTO, (uint64_t)op, neon_opnd((int)a->vd, 1),
                  neon_opnd((int)a->vn, 0), neon_opnd((int)a->vm, 0), 0);
    return true;
}

/* ---- 2 registers and a scalar ---- */

/* Dm[x]: 16-bit scalars are D0-D7 with x = M:Vm<3>, 32-bit D0-D15 with
 * x = M. Bit 24 is Q for the same-length forms, U for the long ones. */
static bool trans_by_scalar(DisasContext *s, arg_scalar *a)
{
    int esz = (int)a->size, op = (int)a->op;
    int dm, idx, kind;
    bool q = !a->lng && a->q;

    (void)s;
    if (esz == 0 || esz == 3 || (a->fp && esz != 2)) {
        return false;
    }
    if (esz == 1) {
        dm = (int)(a->ml & 7);
        idx = (int)(a->mh << 1 | a->ml >> 3);
    } else {
        dm = (int)a->ml;
        idx = (int)a->mh;
    }
    if (a->lng) {
        bool sqdm = op == SD_SQDMLAL || op == SD_SQDMLSL || op == SD_SQDMULL;
        if ((sqdm && a->q) || (a->vd & 1)) {
            return false;
        }
        if (sqdm && vec_ok(TCG_VEC_MULLS, esz, 16)) {
            /* Dm[x] broadcast into the scratch vector (a 32-bit load:
             * dup takes the element's low bits) */
            int32_t scratch = (int32_t)offsetof(CPUARMState, vscratch);
            TCGv_i64 x = tcg_temp_new_i64();

            tcg_gen_ld32u_i64(x, tcg_env, neon_dofs(dm) + (idx << esz));
            tcg_gen_vec_dup_i64((unsigned)esz, 16, 16, scratch, x);
            if (arm_gen_sqdmull_vec(op, esz, 16, neon_dofs(a->vd),
                                    neon_dofs(a->vn), scratch, scratch)) {
                return true;
            }
        }
        gen_neon_call(NK_3DIFF,
                      simd_desc(op, esz, 16, a->q ? SIMD_DESC_UNSIGNED : 0, 0),
                      neon_opnd((int)a->vd, 1), neon_opnd((int)a->vn, 0),
                      neon_opnd(dm, 0), (uint64_t)(1 + (esz | idx << 2)) << 16);
        return true;
    }
    if (!q_regs_ok(q, a->vd, a->vn, 0)) {
        return false;
    }
    uint64_t flags = (uint64_t)(1 + (esz | idx << 2)) << 16;
    if (a->fp) {
        kind = op == SF_MLA ? NK_MLA_F : op == SF_MLS ? NK_MLS_F : NK_3SAME_FP;
        op = FPOP_MUL;
        flags |= NEON_STD_FP;
    } else {
        kind = NK_3SAME;
    }
    gen_neon_call(kind, simd_desc(op, esz, q ? 16 : 8, 0, 0),
                  neon_opnd((int)a->vd, q), neon_opnd((int)a->vn, q),
                  neon_opnd(dm, 0), flags);
    return true;
}

/* ---- VEXT, VTBL/VTBX, VDUP (scalar) ---- */

static bool trans_VEXT(DisasContext *s, arg_VEXT *a)
{
    int oprsz = a->q ? 16 : 8;

    (void)s;
    if ((!a->q && a->imm4 >= 8) || !q_regs_ok(a->q, a->vd, a->vn, a->vm)) {
        return false;
    }
    if (vec_ok(TCG_VEC_EXTRACT, 0, oprsz)) {
        tcg_gen_vec_extract((unsigned)oprsz, (unsigned)oprsz, neon_dofs(a->vd),
                            neon_dofs(a->vn), neon_dofs(a->vm),
                            (unsigned)a->imm4);
        return true;
    }
    gen_neon_call(NK_EXT, simd_desc(0, 0, oprsz, 0, (int)a->imm4),
                  neon_opnd((int)a->vd, (int)a->q),
                  neon_opnd((int)a->vn, (int)a->q),
                  neon_opnd((int)a->vm, (int)a->q), 0);
    return true;
}

static bool trans_VTBL(DisasContext *s, arg_VTBL *a)
{
    (void)s;
    if (a->vn + a->len > 31) {
        return false; /* the list runs past D31: UNPREDICTABLE, UNDEF */
    }
    uint64_t desc = (uint64_t)(a->vd | a->vn << 5 | a->vm << 10 | a->len << 15 |
                               a->tbx << 17);
    TCGv_i64 args[2] = {tcg_ptr_as_i64(tcg_env),
                        tcg_constant_i64((int64_t)desc)};
    tcg_gen_call(&helper_info_neon_tbl, NULL, 2, args);
    return true;
}

static bool trans_VDUP_s(DisasContext *s, arg_VDUP_s *a)
{
    int imm4 = (int)a->imm4;

    (void)s;
    if ((imm4 & 7) == 0 || !q_regs_ok(a->q, a->vd, 0, 0)) {
        return false;
    }
    int esz = __builtin_ctz((unsigned)imm4), idx = imm4 >> (esz + 1);
    TCGv_i64 e = load_dreg(a->vm);
    tcg_gen_extract_i64(e, e, (unsigned)(idx << esz) * 8, 8u << esz);
    tcg_gen_vec_dup_i64((unsigned)esz, a->q ? 16 : 8, a->q ? 16 : 8,
                        neon_dofs(a->vd), e);
    return true;
}

/* VDUP Qd/Dd, Rt: B:E = 00 32-bit, 01 16-bit, 10 8-bit elements. */
static bool trans_VDUP_r(DisasContext *s, arg_VDUP_r *a)
{
    static const int esz[4] = {2, 1, 0, -1};
    int size = esz[a->b << 1 | a->e];

    if (size < 0 || !q_regs_ok(a->q, a->vd, 0, 0) || a->rt == 15) {
        return false;
    }
    tcg_gen_vec_dup_i64((unsigned)size, a->q ? 16 : 8, a->q ? 16 : 8,
                        neon_dofs(a->vd), load_reg(s, (int)a->rt));
    return true;
}

/* ---- 2 registers miscellaneous ---- */

static bool int_2misc_size_ok(int op, int esz)
{
    switch (op) {
    case SM_REV16:
    case SM_CNT: return esz == 0;
    case SM_REV32: return esz < 2;
    default: return esz < 3;
    }
}

static int int_2misc_vec_op(int op)
{
    switch (op) {
    case SM_ABS: return TCG_VEC_ABS;
    case SM_NEG: return TCG_VEC_NEG;
    case SM_CMGT0: return TCG_VEC_CMPGTZ;
    case SM_CMGE0: return TCG_VEC_CMPGEZ;
    case SM_CMEQ0: return TCG_VEC_CMPEQZ;
    case SM_CMLE0: return TCG_VEC_CMPLEZ;
    case SM_CMLT0: return TCG_VEC_CMPLTZ;
    case SM_REV16: return TCG_VEC_REV16;
    case SM_REV32: return TCG_VEC_REV32;
    case SM_REV64: return TCG_VEC_REV64;
    case SM_UADDLP: return TCG_VEC_ADDLPU;
    case SM_SADDLP: return TCG_VEC_ADDLPS;
    case SM_UADALP: return TCG_VEC_ADDLPU | TCG_VEC_ACC;
    case SM_SADALP: return TCG_VEC_ADDLPS | TCG_VEC_ACC;
    case SM_SQABS:
    case SM_SQNEG: return arm_simd_sat_2misc_vec_op(op);
    default: return -1;
    }
}

static bool gen_2misc(int kind, int op, int esz, arg_misc2 *a, int imm,
                      uint64_t flags)
{
    if (!q_regs_ok(a->q, a->vd, a->vm, 0)) {
        return false;
    }
    gen_neon_call(kind, simd_desc(op, esz, a->q ? 16 : 8, 0, imm),
                  neon_opnd((int)a->vd, (int)a->q), 0,
                  neon_opnd((int)a->vm, (int)a->q), flags);
    return true;
}

static bool trans_int_2misc(DisasContext *s, arg_misc2 *a)
{
    int op = (int)a->op, esz = (int)a->size, oprsz = a->q ? 16 : 8;

    (void)s;
    if (!int_2misc_size_ok(op, esz) || !q_regs_ok(a->q, a->vd, a->vm, 0)) {
        return false;
    }
    if (gen_vec2(int_2misc_vec_op(op), esz, oprsz, oprsz, a->vd, a->vm, 0)) {
        return true;
    }
    return gen_2misc(NK_2MISC, op, esz, a, 0, 0);
}

static bool trans_VMVN(DisasContext *s, arg_misc2 *a)
{
    int oprsz = a->q ? 16 : 8;

    (void)s;
    if (a->size != 0 || !q_regs_ok(a->q, a->vd, a->vm, 0)) {
        return false;
    }
    if (gen_vec2(TCG_VEC_NOT, 0, oprsz, oprsz, a->vd, a->vm, 0)) {
        return true;
    }
    for (int h = 0; h < oprsz / 8; h++) {
        TCGv_i64 t = load_dreg(a->vm + h);
        tcg_gen_not_i64(t, t);
        store_dreg(a->vd + h, t);
    }
    return true;
}

/* VCxx #0, VABS, VNEG on F32 (bit 10 set). */
static bool trans_fp_2misc(DisasContext *s, arg_misc2 *a)
{
    (void)s;
    if (a->size != 2) {
        return false;
    }
    return gen_2misc(NK_2MISC, (int)a->op, FP_S, a, 0, NEON_STD_FP);
}

/* AESE/AESD (a->op AESE) and AESMC/AESIMC (AESMC): bit 6 picks. */
static bool trans_aes(DisasContext *s, arg_misc2 *a)
{
    (void)s;
    if (a->size != 0 || ((a->vd | a->vm) & 1)) {
        return false;
    }
    gen_neon_call(NK_CRYPTO, (uint64_t)(a->op + a->q), neon_opnd((int)a->vd, 1),
                  neon_opnd((int)a->vm, 1), 0, 0);
    return true;
}

/* SHA1H, SHA1SU1, SHA256SU0: Qd, Qm (the A64 helpers' n). */
static bool trans_sha_2reg(DisasContext *s, arg_misc2 *a)
{
    (void)s;
    if (a->size != 2 || ((a->vd | a->vm) & 1)) {
        return false;
    }
    gen_neon_call(NK_CRYPTO, (uint64_t)a->op, neon_opnd((int)a->vd, 1),
                  neon_opnd((int)a->vm, 1), 0, 0);
    return true;
}

static bool trans_VSWP(DisasContext *s, arg_misc2 *a)
{
    (void)s;
    if (a->size != 0 || !q_regs_ok(a->q, a->vd, a->vm, 0)) {
        return false;
    }
    for (int h = 0; h < (a->q ? 2 : 1); h++) {
        TCGv_i64 d = load_dreg(a->vd + h), m = load_dreg(a->vm + h);
        store_dreg(a->vd + h, m);
        store_dreg(a->vm + h, d);
    }
    return true;
}

/* Both outputs of a two-register permute: Vd = op_d(Vd, Vm), Vm =
 * op_m(Vd, Vm), Vd's through the staging register V20 (D40). */
static void gen_permute2(int vop_d, int vop_m, int sp_d, int sp_m, int esz,
                         arg_misc2 *a)
{
    int oprsz = a->q ? 16 : 8;
    const int64_t tmp = 40;

    if (vec_ok(vop_d, esz, oprsz) && vec_ok(vop_m, esz, oprsz) &&
        vec_ok(TCG_VEC_OR, 0, oprsz)) {
        gen_vec3(vop_d, esz, oprsz, tmp, a->vd, a->vm);
        gen_vec3(vop_m, esz, oprsz, a->vm, a->vd, a->vm);
        gen_vec3(TCG_VEC_OR, 0, oprsz, a->vd, tmp, tmp);
        return;
    }
    gen_neon_call(NK_PERMUTE, simd_desc(sp_d, esz, oprsz, 0, 0),
                  neon_opnd((int)tmp, (int)a->q),
                  neon_opnd((int)a->vd, (int)a->q),
                  neon_opnd((int)a->vm, (int)a->q), 0);
    gen_neon_call(NK_PERMUTE, simd_desc(sp_m, esz, oprsz, 0, 0),
                  neon_opnd((int)a->vm, (int)a->q),
                  neon_opnd((int)a->vd, (int)a->q),
                  neon_opnd((int)a->vm, (int)a->q), 0);
    for (int h = 0; h < oprsz / 8; h++) {
        store_dreg(a->vd + h, load_dreg(tmp + h));
    }
}

static bool trans_VTRN(DisasContext *s, arg_misc2 *a)
{
    (void)s;
    if (a->size == 3 || !q_regs_ok(a->q, a->vd, a->vm, 0)) {
        return false;
    }
    gen_permute2(TCG_VEC_TRNEVEN, TCG_VEC_TRNODD, SP_TRN1, SP_TRN2,
                 (int)a->size, a);
    return true;
}

/* VUZP (a->op SP_UZP1) and VZIP (SP_ZIP1). */
static bool trans_VZIP_VUZP(DisasContext *s, arg_misc2 *a)
{
    bool zip = a->op == SP_ZIP1;

    (void)s;
    if (a->size == 3 || (!a->q && a->size == 2) ||
        !q_regs_ok(a->q, a->vd, a->vm, 0)) {
        return false;
    }
    if (zip) {
        gen_permute2(TCG_VEC_ZIPLO, TCG_VEC_ZIPHI, SP_ZIP1, SP_ZIP2,
                     (int)a->size, a);
    } else {
        gen_permute2(TCG_VEC_UZPEVEN, TCG_VEC_UZPODD, SP_UZP1, SP_UZP2,
                     (int)a->size, a);
    }
    return true;
}

/* VMOVN, VQMOVUN, VQMOVN: Dd from Qm. */
static bool trans_narrow(DisasContext *s, arg_misc2 *a)
{
    int esz = (int)a->size;

    (void)s;
    if (esz == 3 || (a->vm & 1)) {
        return false;
    }
    if (a->op == SM_XTN &&
        gen_vec2(TCG_VEC_SHRI_NARROW, esz, 8, 8, a->vd, a->vm, 0)) {
        return true;
    }
    if (a->op != SM_XTN && gen_vec2(arm_simd_sat_2misc_vec_op((int)a->op), esz,
                                    8, 8, a->vd, a->vm, 0)) {
        return true;
    }
    gen_neon_call(NK_2MISC, simd_desc((int)a->op, esz, 8, 0, 0),
                  neon_opnd((int)a->vd, 0), 0, neon_opnd((int)a->vm, 1), 0);
    return true;
}

/* VSHLL by the element size: Qd from Dm. */
static bool trans_VSHLL_max(DisasContext *s, arg_misc2 *a)
{
    int esz = (int)a->size;

    (void)s;
    if (esz == 3 || (a->vd & 1)) {
        return false;
    }
    if (gen_vec2(TCG_VEC_ZEXT_SHLI, esz, 16, 16, a->vd, a->vm, 8 << esz)) {
        return true;
    }
    gen_neon_call(NK_2MISC, simd_desc(SM_SHLL, esz, 8, 0, 0),
                  neon_opnd((int)a->vd, 1), 0, neon_opnd((int)a->vm, 0), 0);
    return true;
}

/* VRINT{N,X,A,Z,M,P}: op = insn<9:7>. */
static bool trans_VRINT(DisasContext *s, arg_misc2 *a)
{
    static const int rmode[8] = {FPR_N, FPR_N, FPR_A, FPR_Z,
                                 -1,    FPR_M, -1,    FPR_P};
    int op = (int)(neon_insn >> 7) & 7;

    (void)s;
    if (a->size != 2 || rmode[op] < 0) {
        return false;
    }
    return gen_2misc(NK_2MISC, op == 1 ? SM_FRINTX : SM_FRINT, FP_S, a,
                     rmode[op], NEON_STD_FP);
}

/* VCVT.F16.F32 (insn<8> = 0: Dd from Qm) and VCVT.F32.F16 (Qd from Dm). */
static bool trans_VCVT_hs(DisasContext *s, arg_misc2 *a)
{
    bool to_single = (neon_insn >> 8) & 1;

    (void)s;
    if (a->size != 1 || ((to_single ? a->vd : a->vm) & 1)) {
        return false;
    }
    gen_neon_call(NK_2MISC,
                  simd_desc(to_single ? SM_FCVTL : SM_FCVTN, FP_H, 8, 0, 0),
                  neon_opnd((int)a->vd, to_single), 0,
                  neon_opnd((int)a->vm, !to_single), NEON_STD_FP);
    return true;
}

/* VCVT{A,N,P,M}: F32 to integer rounding as RM = insn<9:8> says. */
static bool trans_VCVT_rm(DisasContext *s, arg_misc2 *a)
{
    static const int rmode[4] = {FPR_A, FPR_N, FPR_P, FPR_M};
    bool is_unsigned = (neon_insn >> 7) & 1;

    (void)s;
    if (a->size != 2) {
        return false;
    }
    return gen_2misc(NK_2MISC, is_unsigned ? SM_FCVTU : SM_FCVTS, FP_S, a,
                     rmode[(neon_insn >> 8) & 3], NEON_STD_FP);
}

static bool trans_VRECPE(DisasContext *s, arg_misc2 *a)
{
    bool fp = (neon_insn >> 8) & 1;

    (void)s;
    if (a->size != 2) {
        return false;
    }
    return gen_2misc(NK_2MISC, fp ? SM_FRECPE : SM_URECPE, FP_S, a, 0,
                     NEON_STD_FP);
}

static bool trans_VRSQRTE(DisasContext *s, arg_misc2 *a)
{
    bool fp = (neon_insn >> 8) & 1;

    (void)s;
    if (a->size != 2) {
        return false;
    }
    return gen_2misc(NK_2MISC, fp ? SM_FRSQRTE : SM_URSQRTE, FP_S, a, 0,
                     NEON_STD_FP);
}

/* VCVT between F32 and S32/U32: insn<8:7> = 00 S32->F32, 01 U32->F32,
 * 10 F32->S32, 11 F32->U32 (rounding towards zero). */
static bool trans_VCVT_if(DisasContext *s, arg_misc2 *a)
{
    static const int ops[4] = {SM_SCVTF, SM_UCVTF, SM_FCVTS, SM_FCVTU};

    (void)s;
    if (a->size != 2) {
        return false;
    }
    return gen_2misc(NK_2MISC, ops[(neon_insn >> 7) & 3], FP_S, a, FPR_Z,
                     NEON_STD_FP);
}

/* ---- group entry points ---- */

/* VDUP (core register) with its A32 cond field made 1110. */
static bool is_vdup_core(uint32_t insn)
{
    return (insn & 0xff900f5fu) == 0xee800b10u;
}

/* T32 111U 1111 ... as A32 1111 001U ...; ldst 1111 1001 xxx0 as
 * 1111 0100 xxx0. Returns 0 for anything else. */
static uint32_t t32_to_a32_neon(uint32_t insn)
{
    if (is_vdup_core(insn)) {
        return insn;
    }
    if ((insn & 0xef000000u) == 0xef000000u) {
        return 0xf2000000u | ((insn >> 28) & 1) << 24 | (insn & 0x00ffffffu);
    }
    if ((insn & 0xff100000u) == 0xf9000000u) {
        return 0xf4000000u | (insn & 0x00ffffffu);
    }
    return 0;
}

static bool neon_decode(DisasContext *s, uint32_t insn)
{
    neon_insn = insn;
    if ((insn & 0xfe000000u) == 0xf2000000u || is_vdup_core(insn)) {
        return neon_dp_decode(s, insn);
    }
    if ((insn & 0xff100000u) == 0xf4000000u) {
        return a32_decode_neon_ls(s, insn);
    }
    return false;
}

/* The cond field is ignored for the conditional VDUP (core register),
 * so the core may call this for insn[31:28] != 0xf too. */
bool a32_decode_neon(DisasContext *s, uint32_t insn)
{
    if ((insn >> 28) != 0xf) {
        insn = (insn & 0x0fffffffu) | 0xe0000000u;
        return is_vdup_core(insn) && neon_decode(s, insn);
    }
    return neon_decode(s, insn);
}

bool t32_decode_neon(DisasContext *s, uint32_t insn)
{
    uint32_t a32 = t32_to_a32_neon(insn);

    return a32 && neon_decode(s, a32);
}

const char *a32_describe_neon(const DisasContext *s, char *buf, size_t len)
{
    uint32_t insn = s->insn;

    if (s->is_t16) {
        return NULL;
    }
    if (s->thumb) {
        insn = t32_to_a32_neon(insn);
    } else if ((insn >> 28) != 0xf) {
        insn = (insn & 0x0fffffffu) | 0xe0000000u;
    }
    if ((insn & 0xfe000000u) == 0xf2000000u || is_vdup_core(insn)) {
        return neon_dp_describe(insn, buf, len);
    }
    if ((insn & 0xff100000u) == 0xf4000000u) {
        return a32_describe_neon_ls(insn, buf, len);
    }
    return NULL;
}
