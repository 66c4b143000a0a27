/*
 * SVE predicated forms inline at VL 128 (sve_vl128.h): Zn is Vn and a
 * predicate the low 16 bits of preg[n][0] (bit i for byte i). Compares
 * go through the top bit of each byte of the result (vec_msb_mask), and
 * predicated results select with the predicate's element mask
 * (vec_expand_bits). Never called at other VLs.
 */
#include "target-arm/a64/sve_vl128.h"

#include <string.h>

#include "target-arm/flags.h"
#include "target-arm/helper_fp.h"
#include "target-arm/helper_info.h"
#include "target-arm/helper_sve.h"
#include "target-arm/sve.h"

static int32_t scratch(void)
{
    return (int32_t)offsetof(CPUARMState, vscratch);
}

/* Where an element mask lives next to a result in scratch(). */
static int32_t mask_scratch(void)
{
    return (int32_t)offsetof(CPUARMState, vscratch2);
}

static int32_t pred_offset(int p)
{
    return (int32_t)offsetof(CPUARMState, preg[p][0]);
}

/* Pp's bits of the elements of size 1 << esz. */
static TCGv_i64 load_pred(int p, unsigned esz)
{
    TCGv_i64 v = tcg_temp_new_i64();

    tcg_gen_ld_i64(v, tcg_env, pred_offset(p));
    tcg_gen_andi_i64(v, v, (int64_t)sve_pred_vl128_bits(esz));
    return v;
}

static void store_pred(int p, TCGv_i64 v)
{
    tcg_gen_st_i64(v, tcg_env, pred_offset(p));
}

/*
 * NZCV = PredTest(g, r) for r within g: N the first active element
 * (g's lowest bit) in r, Z no bit of r, C not the last active one (g's
 * highest bit h) in r, V 0. With r within g, h is in r exactly when
 * r ^ g < r (both sides then lack or hold h); g = 0 gives C 1.
 */
static void gen_pred_test(TCGv_i64 g, TCGv_i64 r)
{
    TCGv_i64 first = tcg_temp_new_i64(), rest = tcg_temp_new_i64();

    tcg_gen_neg_i64(first, g);
    tcg_gen_and_i64(first, first, g);
    tcg_gen_and_i64(first, first, r);
    tcg_gen_xor_i64(rest, r, g);
    tcg_gen_neg_i64(cpu_NF, first);
    tcg_gen_mov_i64(cpu_ZF, r);
    tcg_gen_setcond_i64(TCG_COND_GEU, cpu_CF, rest, r);
    tcg_gen_movi_i64(cpu_VF, 0);
}

void sve_vl128_unless_all_active(int pg, unsigned esz, TCGLabel slow)
{
    tcg_gen_brcondi_i64(TCG_COND_NE, load_pred(pg, esz),
                        (int64_t)sve_pred_vl128_bits(esz), slow);
}

/* ---- compares ---- */

/* SVE_CMP_* as a vector compare, operands swapped or result inverted. */
typedef struct CmpForm {
    uint8_t op;
    bool swap, invert;
} CmpForm;

static const CmpForm cmp_forms[] = {
    [SVE_CMP_EQ] = {TCG_VEC_CMPEQ, false, false},
    [SVE_CMP_NE] = {TCG_VEC_CMPEQ, false, true},
    [SVE_CMP_GE] = {TCG_VEC_CMPGE, false, false},
    [SVE_CMP_GT] = {TCG_VEC_CMPGT, false, false},
    [SVE_CMP_LT] = {TCG_VEC_CMPGT, true, false},
    [SVE_CMP_LE] = {TCG_VEC_CMPGE, true, false},
    [SVE_CMP_HS] = {TCG_VEC_CMPGEU, false, false},
    [SVE_CMP_HI] = {TCG_VEC_CMPGTU, false, false},
    [SVE_CMP_LO] = {TCG_VEC_CMPGTU, true, false},
    [SVE_CMP_LS] = {TCG_VEC_CMPGEU, true, false},
};

/* Pd = (Zn cond b) & Pg, b a vector in the CPU state; NZCV. */
static bool gen_cmp(DisasContext *s, unsigned cond, unsigned esz, int rd,
                    int32_t zn, int32_t b, int pg)
{
    const CmpForm *f;
    TCGv_i64 g, r;

    if (!s->sve_vl128 || cond >= sizeof(cmp_forms) / sizeof(cmp_forms[0]))
        return false;
    f = &cmp_forms[cond];
    if (!tcg_can_emit_vec(f->op, esz, 16))
        return false;
    g = load_pred(pg, esz);
    r = tcg_temp_new_i64();
    tcg_gen_vec_bin(f->op, esz, 16, 16, scratch(), f->swap ? b : zn,
                    f->swap ? zn : b);
    tcg_gen_vec_msb_mask(r, scratch());
    if (f->invert)
        tcg_gen_andc_i64(r, g, r);
    else
        tcg_gen_and_i64(r, r, g);
    store_pred(rd, r);
    gen_pred_test(g, r);
    return true;
}

bool sve_vl128_cmp(DisasContext *s, unsigned cond, unsigned esz, int rd, int rn,
                   int rm, int pg)
{
    return gen_cmp(s, cond, esz, rd, vreg_offset(rn), vreg_offset(rm), pg);
}

bool sve_vl128_cmp_imm(DisasContext *s, unsigned cond, unsigned esz, int rd,
                       int rn, int64_t imm, int pg)
{
    if (!s->sve_vl128 || cond >= sizeof(cmp_forms) / sizeof(cmp_forms[0]) ||
        !tcg_can_emit_vec(cmp_forms[cond].op, esz, 16))
        return false;
    tcg_gen_vec_dup_i64(esz, 16, 16, scratch(), const_arg(imm));
    return gen_cmp(s, cond, esz, rd, vreg_offset(rn), scratch(), pg);
}

/* ---- predicates ---- */

bool sve_vl128_ptest(DisasContext *s, int pg, int pn)
{
    TCGv_i64 g, r;

    if (!s->sve_vl128)
        return false;
    g = load_pred(pg, 0);
    r = load_pred(pn, 0);
    tcg_gen_and_i64(r, r, g);
    gen_pred_test(g, r);
    return true;
}

bool sve_vl128_plogic(DisasContext *s, unsigned op, bool set_flags, int rd,
                      int rn, int rm, int pg)
{
    TCGv_i64 g, n, m, r;

    if (!s->sve_vl128)
        return false;
    g = load_pred(pg, 0);
    n = load_pred(rn, 0);
    m = load_pred(rm, 0);
    r = tcg_temp_new_i64();
    switch (op) {
    case 0: tcg_gen_and_i64(r, n, m); break;
    case 1: tcg_gen_andc_i64(r, n, m); break;
    case 2: tcg_gen_xor_i64(r, n, m); break;
    case 3: /* SEL: n where g, else m */
        tcg_gen_and_i64(r, n, g);
        tcg_gen_andc_i64(m, m, g);
        tcg_gen_or_i64(r, r, m);
        store_pred(rd, r);
        return true;
    case 4: tcg_gen_or_i64(r, n, m); break;
    case 5:
        tcg_gen_not_i64(m, m);
        tcg_gen_or_i64(r, n, m);
        break;
    case 6:
        tcg_gen_or_i64(r, n, m);
        tcg_gen_not_i64(r, r);
        break;
    default:
        tcg_gen_and_i64(r, n, m);
        tcg_gen_not_i64(r, r);
        break;
    }
    tcg_gen_and_i64(r, r, g);
    store_pred(rd, r);
    if (set_flags)
        gen_pred_test(g, r);
    return true;
}

/* DecodePredCount(pattern, esize) for n elements (VL 128: known now). */
static unsigned pattern_count(unsigned pattern, unsigned n)
{
    unsigned p2 = 1;

    switch (pattern) {
    case 0: /* POW2 */
        while (p2 * 2 <= n)
            p2 *= 2;
        return p2;
    case 29: return n - n % 4; /* MUL4 */
    case 30: return n - n % 3; /* MUL3 */
    case 31: return n;         /* ALL */
    default: break;
    }
    if (pattern >= 1 && pattern <= 8) /* VL1 .. VL8 */
        return n >= pattern ? pattern : 0;
    if (pattern >= 9 && pattern <= 13) /* VL16 .. VL256 */
        return n >= 16u << (pattern - 9) ? 16u << (pattern - 9) : 0;
    return 0;
}

bool sve_vl128_ptrue(DisasContext *s, unsigned esz, int rd, unsigned pattern,
                     bool set_flags)
{
    unsigned n = 16u >> esz, count = pattern_count(pattern, n);
    uint64_t bits = ((1ull << (count << esz)) - 1) & sve_pred_vl128_bits(esz);

    if (!s->sve_vl128)
        return false;
    store_pred(rd, const_arg((int64_t)bits));
    /* PredTest(bits, bits): N and not C when any, Z when none. */
    if (set_flags)
        gen_set_nzcv_imm(count ? 8u : 6u);
    return true;
}

bool sve_vl128_pfalse(DisasContext *s, int rd)
{
    if (!s->sve_vl128)
        return false;
    store_pred(rd, const_arg(0));
    return true;
}

/*
 * BRKA/BRKB: the active elements up to and including (BRKA) or before
 * (BRKB) the first active true one of Pn, all of them when there is
 * none: from t, the lowest set bit of Pn & Pg, t ^ (t - 1) or t - 1 (t 0
 * gives all ones either way).
 */
bool sve_vl128_brk(DisasContext *s, bool before, bool merge, bool set_flags,
                   int rd, int rn, int pg)
{
    TCGv_i64 g, n, t, r;

    if (!s->sve_vl128)
        return false;
    g = load_pred(pg, 0);
    n = load_pred(rn, 0);
    t = tcg_temp_new_i64();
    r = tcg_temp_new_i64();
    tcg_gen_and_i64(n, n, g);
    tcg_gen_neg_i64(t, n);
    tcg_gen_and_i64(t, t, n);
    tcg_gen_subi_i64(r, t, 1);
    if (!before)
        tcg_gen_xor_i64(r, r, t);
    tcg_gen_and_i64(r, r, g);
    if (merge) {
        TCGv_i64 d = load_pred(rd, 0), out = tcg_temp_new_i64();

        tcg_gen_andc_i64(d, d, g);
        tcg_gen_or_i64(out, r, d);
        store_pred(rd, out);
    } else {
        store_pred(rd, r);
    }
    if (set_flags)
        gen_pred_test(g, r);
    return true;
}

/* The set bits of x (16 bits at most), pairwise sums in place. */
static void gen_popcount16(TCGv_i64 x)
{
    TCGv_i64 t = tcg_temp_new_i64();

    tcg_gen_shri_i64(t, x, 1);
    tcg_gen_andi_i64(t, t, 0x5555);
    tcg_gen_sub_i64(x, x, t);
    tcg_gen_shri_i64(t, x, 2);
    tcg_gen_andi_i64(t, t, 0x3333);
    tcg_gen_andi_i64(x, x, 0x3333);
    tcg_gen_add_i64(x, x, t);
    tcg_gen_shri_i64(t, x, 4);
    tcg_gen_add_i64(x, x, t);
    tcg_gen_andi_i64(x, x, 0x0f0f);
    tcg_gen_shri_i64(t, x, 8);
    tcg_gen_add_i64(x, x, t);
    tcg_gen_andi_i64(x, x, 0x1f);
}

bool sve_vl128_cntp(DisasContext *s, unsigned esz, int pn, int pg,
                    TCGv_i64 *count)
{
    TCGv_i64 n;

    if (!s->sve_vl128)
        return false;
    n = load_pred(pn, esz);
    if (pg >= 0) {
        TCGv_i64 g = tcg_temp_new_i64();

        tcg_gen_ld_i64(g, tcg_env, pred_offset(pg));
        tcg_gen_and_i64(n, n, g);
    }
    gen_popcount16(n);
    *count = n;
    return true;
}

/* ---- predicated vector operations ---- */

/* The element mask of Pg in mask_scratch(). */
static void gen_element_mask(int pg, unsigned esz)
{
    TCGv_i64 g = tcg_temp_new_i64();

    tcg_gen_ld_i64(g, tcg_env, pred_offset(pg));
    tcg_gen_vec_expand_bits(esz, mask_scratch(), g);
}

/* Zd = Pg ? t : Zd, t a vector in the CPU state. */
static void gen_merge(unsigned esz, int rd, int32_t t, int pg)
{
    gen_element_mask(pg, esz);
    tcg_gen_vec_bitsel(16, 16, vreg_offset(rd), mask_scratch(), t,
                       vreg_offset(rd));
}

/* BINOP_zpzz opc to a vector op (ADD ... BIC; SUBR swaps): -1 none. */
static int binop_vec_op(unsigned opc)
{
    switch (opc) {
    case 0x00: return TCG_VEC_ADD;
    case 0x01:
    case 0x03: return TCG_VEC_SUB;
    case 0x08: return TCG_VEC_SMAX;
    case 0x09: return TCG_VEC_UMAX;
    case 0x0a: return TCG_VEC_SMIN;
    case 0x0b: return TCG_VEC_UMIN;
    case 0x0c: return TCG_VEC_ABDS;
    case 0x0d: return TCG_VEC_ABDU;
    case 0x10: return TCG_VEC_MUL;
    case 0x18: return TCG_VEC_OR;
    case 0x19: return TCG_VEC_XOR;
    case 0x1a: return TCG_VEC_AND;
    case 0x1b: return TCG_VEC_ANDC;
    default: return -1;
    }
}

bool sve_vl128_binop(DisasContext *s, unsigned opc, unsigned esz, int rd,
                     int rm, int pg)
{
    int op = binop_vec_op(opc);
    int32_t d = vreg_offset(rd), m = vreg_offset(rm);

    if (!s->sve_vl128 || op < 0 || !tcg_can_emit_vec((unsigned)op, esz, 16))
        return false;
    if (opc == 0x03)
        tcg_gen_vec_bin((unsigned)op, esz, 16, 16, scratch(), m, d);
    else
        tcg_gen_vec_bin((unsigned)op, esz, 16, 16, scratch(), d, m);
    gen_merge(esz, rd, scratch(), pg);
    return true;
}

bool sve_vl128_mla(DisasContext *s, bool sub, bool mad, unsigned esz, int rd,
                   int rn, int rm, int pg)
{
    unsigned add_op = sub ? TCG_VEC_SUB : TCG_VEC_ADD;
    int32_t d = vreg_offset(rd), n = vreg_offset(rn), m = vreg_offset(rm);

    if (!s->sve_vl128 || !tcg_can_emit_vec(TCG_VEC_MUL, esz, 16) ||
        !tcg_can_emit_vec(add_op, esz, 16))
        return false;
    /* MLA: d +- n * m; MAD: n +- d * m. */
    tcg_gen_vec_bin(TCG_VEC_MUL, esz, 16, 16, scratch(), mad ? d : n, m);
    tcg_gen_vec_bin(add_op, esz, 16, 16, scratch(), mad ? n : d, scratch());
    gen_merge(esz, rd, scratch(), pg);
    return true;
}

bool sve_vl128_shift_imm(DisasContext *s, unsigned op, unsigned esz, int rd,
                         int rn, unsigned amount, int pg)
{
    if (!s->sve_vl128 || !tcg_can_emit_vec(op, esz, 16))
        return false;
    tcg_gen_vec_shi(op, esz, 16, 16, scratch(), vreg_offset(rn), amount);
    gen_merge(esz, rd, scratch(), pg);
    return true;
}

/* scratch() = op(Zn) for UNARY_zpz opc: false when not inline. */
static bool gen_unary(unsigned opc, unsigned esz, int32_t n)
{
    static const uint8_t un_op[15] = {
        [6] = TCG_VEC_ABS, [7] = TCG_VEC_NEG, [14] = TCG_VEC_NOT};
    unsigned bits = 8u << esz, from;
    uint64_t sign = 1ull << (bits - 1);

    if (un_op[opc]) {
        if (!tcg_can_emit_vec(un_op[opc], esz, 16))
            return false;
        tcg_gen_vec_un(un_op[opc], esz, 16, 16, scratch(), n);
        return true;
    }
    if (opc == 12 || opc == 13) { /* FABS: clear the sign; FNEG: flip it */
        tcg_gen_vec_dup_i64(esz, 16, 16, scratch(),
                            const_arg((int64_t)(opc == 12 ? sign - 1 : sign)));
        tcg_gen_vec_bin(opc == 12 ? TCG_VEC_AND : TCG_VEC_XOR, 0, 16, 16,
                        scratch(), n, scratch());
        return true;
    }
    if (opc > 5)
        return false;
    from = 8u << (opc >> 1); /* SXTB/UXTB, SXTH/UXTH, SXTW/UXTW */
    if (opc & 1) {
        tcg_gen_vec_dup_i64(esz, 16, 16, scratch(),
                            const_arg((int64_t)((1ull << from) - 1)));
        tcg_gen_vec_bin(TCG_VEC_AND, 0, 16, 16, scratch(), n, scratch());
        return true;
    }
    if (!tcg_can_emit_vec(TCG_VEC_SHLI, esz, 16) ||
        !tcg_can_emit_vec(TCG_VEC_SARI, esz, 16))
        return false;
    tcg_gen_vec_shi(TCG_VEC_SHLI, esz, 16, 16, scratch(), n, bits - from);
    tcg_gen_vec_shi(TCG_VEC_SARI, esz, 16, 16, scratch(), scratch(),
                    bits - from);
    return true;
}

bool sve_vl128_unary(DisasContext *s, unsigned opc, unsigned esz, int rd,
                     int rn, int pg)
{
    if (!s->sve_vl128 || opc >= 15 || !gen_unary(opc, esz, vreg_offset(rn)))
        return false;
    gen_merge(esz, rd, scratch(), pg);
    return true;
}

/*
 * The slow path of the predicated FP forms (an FPCR mode the host does
 * not model, a NaN or a possibly tiny result): the helper computes Zd
 * from the registers, untouched so far, and the result goes to vscratch
 * too, so the select or copy that follows keeps it everywhere.
 */
static uint64_t sve_fp_slow(uint64_t env, uint64_t desc, uint64_t d, uint64_t a,
                            uint64_t b)
{
    CPUARMState *state = (CPUARMState *)(uintptr_t)env;

    (void)d;
    (void)a;
    (void)b;
    helper_sve_op(env, desc, 0, 0);
    memcpy(&state->vscratch, &state->v[sve_desc_rd(desc)],
           sizeof(state->vscratch));
    return 0;
}

static const TCGHelper sve_fp_slow_info = {"sve_fp_slow", (void *)sve_fp_slow,
                                           HELPER_FLAGS_sve_op};

/*
 * The inactive elements of both operands become +0 first: 0 + 0, 0 - 0
 * and 0 * 0 raise no host flag (the guest's FPSR) and never take the
 * slow path; the active ones go through the host arithmetic or the slow
 * path as the unpredicated forms do.
 */
bool sve_vl128_fp_binop(DisasContext *s, unsigned opc, unsigned esz, int rd,
                        int rm, int pg)
{
    static const TCGVecFpKind kinds[4] = {TCG_VEC_FADD, TCG_VEC_FSUB,
                                          TCG_VEC_FMUL, TCG_VEC_FSUB};
    uint64_t desc = sve_desc(SVE_OP_FP_ZPZZ, esz, (unsigned)rd, (unsigned)rd,
                             (unsigned)rm, (unsigned)pg, opc);
    int32_t d = vreg_offset(rd), m = vreg_offset(rm);
    bool reversed = opc == 3;

    if (!s->sve_vl128 || opc > 3 || esz < 2 ||
        !tcg_can_emit_vec_fp(kinds[opc], esz, 16))
        return false;
    gen_element_mask(pg, esz);
    tcg_gen_vec_bin(TCG_VEC_AND, 0, 16, 16, scratch(), d, mask_scratch());
    tcg_gen_vec_bin(TCG_VEC_AND, 0, 16, 16, mask_scratch(), m, mask_scratch());
    tcg_gen_vec_fp(kinds[opc], esz, 16, 16, scratch(),
                   reversed ? mask_scratch() : scratch(),
                   reversed ? scratch() : mask_scratch(),
                   a64_fp_mode_ofs(s, FPCR_NOT_INLINE), FPCR_NOT_INLINE,
                   &sve_fp_slow_info, desc);
    gen_merge(esz, rd, scratch(), pg);
    return true;
}

/*
 * FMLA, FMLS, FNMLA, FNMLS and their FMAD forms with every element of Pg
 * active (else the helper): acc (negated first for FNMLA/FNMLS, which is
 * exact, so the fused sum is the same) into vscratch, the fused
 * multiply-add there, then the copy to Zd. The slow path is
 * sve_fp_slow's (the helper on the untouched registers).
 */
bool sve_vl128_fmla(DisasContext *s, unsigned opc, bool mad, unsigned esz,
                    int rd, int rn, int rm, int pg)
{
    bool neg_prod = opc == 1 || opc == 2, neg_acc = opc >= 2;
    TCGVecFpKind kind = neg_prod ? TCG_VEC_FMLS : TCG_VEC_FMLA;
    int acc = mad ? rm : rd, x = mad ? rd : rn, y = mad ? rn : rm;
    uint64_t desc = sve_desc(SVE_OP_FMLA, esz, (unsigned)rd, (unsigned)rn,
                             (unsigned)rm, (unsigned)pg, opc | (mad ? 4 : 0));
    TCGLabel slow, done;
    TCGv_i64 ret;

    if (!s->sve_vl128 || esz < 2 || !tcg_can_emit_vec_fp(kind, esz, 16))
        return false;
    slow = tcg_new_label();
    done = tcg_new_label();
    sve_vl128_unless_all_active(pg, esz, slow);
    if (neg_acc) {
        tcg_gen_vec_dup_i64(esz, 16, 16, scratch(),
                            const_arg((int64_t)(1ull << ((8u << esz) - 1))));
        tcg_gen_vec_bin(TCG_VEC_XOR, 0, 16, 16, scratch(), vreg_offset(acc),
                        scratch());
    } else {
        tcg_gen_vec_bin(TCG_VEC_OR, 0, 16, 16, scratch(), vreg_offset(acc),
                        vreg_offset(acc));
    }
    tcg_gen_vec_fp(kind, esz, 16, 16, scratch(), vreg_offset(x), vreg_offset(y),
                   a64_fp_mode_ofs(s, FPCR_NOT_INLINE), FPCR_NOT_INLINE,
                   &sve_fp_slow_info, desc);
    tcg_gen_vec_bin(TCG_VEC_OR, 0, 16, 16, vreg_offset(rd), scratch(),
                    scratch());
    tcg_gen_br(done);
    tcg_gen_set_label(slow);
    ret = tcg_temp_new_i64();
    tcg_gen_call4(&helper_info_sve_op, &ret, tcg_ptr_as_i64(tcg_env),
                  const_arg((int64_t)desc), const_arg(0), const_arg(0));
    tcg_gen_set_label(done);
    return true;
}

bool sve_vl128_sel(DisasContext *s, unsigned esz, int rd, int rn, int rm,
                   int pg)
{
    if (!s->sve_vl128)
        return false;
    gen_element_mask(pg, esz);
    tcg_gen_vec_bitsel(16, 16, vreg_offset(rd), mask_scratch(), vreg_offset(rn),
                       vreg_offset(rm));
    return true;
}

/* Zd = Pg ? t : (merge ? Zd : 0). */
static void gen_predicated_move(unsigned esz, int rd, int32_t t, int pg,
                                bool merge)
{
    if (merge) {
        gen_merge(esz, rd, t, pg);
        return;
    }
    gen_element_mask(pg, esz);
    tcg_gen_vec_bin(TCG_VEC_AND, 0, 16, 16, vreg_offset(rd), t, mask_scratch());
}

bool sve_vl128_movprfx(DisasContext *s, unsigned esz, int rd, int rn, int pg,
                       bool merge)
{
    if (!s->sve_vl128 || !tcg_can_emit_vec(TCG_VEC_AND, 0, 16))
        return false;
    if (pg < 0)
        tcg_gen_vec_bin(TCG_VEC_OR, 0, 16, 16, vreg_offset(rd), vreg_offset(rn),
                        vreg_offset(rn));
    else
        gen_predicated_move(esz, rd, vreg_offset(rn), pg, merge);
    return true;
}

bool sve_vl128_cpy_imm(DisasContext *s, unsigned esz, int rd, int64_t imm,
                       int pg, bool merge)
{
    if (!s->sve_vl128 || !tcg_can_emit_vec(TCG_VEC_AND, 0, 16))
        return false;
    tcg_gen_vec_dup_i64(esz, 16, 16, scratch(), const_arg(imm));
    gen_predicated_move(esz, rd, scratch(), pg, merge);
    return true;
}

void sve_vl128_zero_inactive(unsigned esz, int rd, TCGv_i64 bits)
{
    tcg_gen_vec_expand_bits(esz, mask_scratch(), bits);
    tcg_gen_vec_bin(TCG_VEC_AND, 0, 16, 16, vreg_offset(rd), vreg_offset(rd),
                    mask_scratch());
}

/* Each active element of Zd (esz 1..3) stored alone, in element order;
 * the caller has checked that the 16 bytes lie in one page, so only the
 * first store can fault, and then with nothing written. */
void sve_vl128_store_active(unsigned esz, int rd, TCGv_i64 ea, TCGv_i64 bits)
{
    unsigned size = 1u << esz;

    for (unsigned i = 0; i < 16u >> esz; i++) {
        TCGLabel skip = tcg_new_label();
        TCGv_i64 on = tcg_temp_new_i64(), v = tcg_temp_new_i64();
        TCGv_i64 addr = tcg_temp_new_i64();
        int32_t ofs = vreg_offset(rd) + (int32_t)(i * size);

        tcg_gen_andi_i64(on, bits, (int64_t)(1ull << (i << esz)));
        tcg_gen_brcondi_i64(TCG_COND_EQ, on, 0, skip);
        if (esz == 3)
            tcg_gen_ld_i64(v, tcg_env, ofs);
        else
            tcg_gen_ld32u_i64(v, tcg_env, ofs); /* MO_16 stores 2 of 4 */
        tcg_gen_addi_i64(addr, ea, (int64_t)(i * size));
        tcg_gen_guest_st_i64(v, addr, (MemOp)esz);
        tcg_gen_set_label(skip);
    }
}

/* One piece of a prefix store: when n has the bit piece, d's low piece
 * bytes stored at a, then a and d moved past them. */
static void store_prefix_piece(TCGv_i64 n, unsigned piece, TCGv_i64 a,
                               TCGv_i64 d, int rd)
{
    TCGLabel skip = tcg_new_label();
    TCGv_i64 bit = tcg_temp_new_i64();
    static const MemOp mop[9] = {
        [1] = MO_8, [2] = MO_16, [4] = MO_32, [8] = MO_64};

    tcg_gen_andi_i64(bit, n, piece);
    tcg_gen_brcondi_i64(TCG_COND_EQ, bit, 0, skip);
    tcg_gen_guest_st_i64(d, a, mop[piece]);
    tcg_gen_addi_i64(a, a, piece);
    if (piece == 8)
        tcg_gen_ld_i64(d, tcg_env, vreg_offset(rd) + 8);
    else if (piece > 1)
        tcg_gen_shri_i64(d, d, piece * 8);
    tcg_gen_set_label(skip);
}

/* The first n bytes of Zd (bits, a byte predicate, is 2^n - 1 with n
 * 1..15) stored at ea by 8, 4, 2 and 1 bytes, in address order from ea;
 * the caller has checked that the 16 bytes lie in one page, so only the
 * first store (at ea, element 0's address) can fault, and then with
 * nothing written. */
void sve_vl128_store_prefix(int rd, TCGv_i64 ea, TCGv_i64 bits)
{
    TCGv_i64 n = tcg_temp_new_i64(), a = tcg_temp_new_i64();
    TCGv_i64 d = tcg_temp_new_i64();

    tcg_gen_not_i64(n, bits);
    tcg_gen_ctz_i64(n, n, const_arg(64));
    tcg_gen_mov_i64(a, ea);
    tcg_gen_ld_i64(d, tcg_env, vreg_offset(rd));
    for (unsigned piece = 8; piece; piece >>= 1)
        store_prefix_piece(n, piece, a, d, rd);
}

bool sve_vl128_add_each(DisasContext *s, unsigned esz, int rd, TCGv_i64 v)
{
    if (!s->sve_vl128 || !tcg_can_emit_vec(TCG_VEC_ADD, esz, 16))
        return false;
    tcg_gen_vec_dup_i64(esz, 16, 16, scratch(), v);
    tcg_gen_vec_bin(TCG_VEC_ADD, esz, 16, 16, vreg_offset(rd), vreg_offset(rd),
                    scratch());
    return true;
}
