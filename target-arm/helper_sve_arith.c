/*
 * SVE integer and FP arithmetic beyond the foundation (helper_sve.c):
 * element by element on copies of Z and P at the thread's VL, FP through
 * helper_fp.c's cores (FPCR, FPSR as the scalar forms). No IR.
 */
#include "target-arm/helper_sve_arith.h"

#include <math.h>
#include <string.h>

#include "target-arm/helper_fp.h"
#include "target-arm/sve.h"

/* Whether element i of size esz is active under pg (16: all). */
static bool on(const CPUARMState *env, unsigned pg, unsigned esz, unsigned i)
{
    return pg >= ARM_SVE_NPREGS || sve_pbit(env->preg[pg], i << esz);
}

static uint64_t sign_bit(unsigned esz)
{
    return UINT64_C(1) << ((8u << esz) - 1);
}

/* Exponent and fraction widths of H, S, D. */
static unsigned frac_bits(unsigned esz)
{
    return esz == 1 ? 10 : esz == 2 ? 23 : 52;
}

static unsigned exp_bits(unsigned esz)
{
    return esz == 1 ? 5 : esz == 2 ? 8 : 11;
}

static bool is_nan(unsigned esz, uint64_t x)
{
    uint64_t exp = ((UINT64_C(1) << exp_bits(esz)) - 1) << frac_bits(esz);

    return (x & exp) == exp && (x & ((UINT64_C(1) << frac_bits(esz)) - 1));
}

static uint64_t fp_one(unsigned esz)
{
    return ((UINT64_C(1) << (exp_bits(esz) - 1)) - 1) << frac_bits(esz);
}

/* ---- integer ---- */

/* SatQ(n +- m, esize, unsigned); m is unsigned for the immediate forms. */
static uint64_t sat_addsub(unsigned esz, unsigned aux, uint64_t n, uint64_t m)
{
    unsigned bits = 8u << esz;
    bool is_unsigned = aux & SVE_SAT_U;
    __int128 x = is_unsigned ? (__int128)n : (__int128)sve_elt_sext(n, esz);
    __int128 y =
        is_unsigned || (aux & SVE_SAT_IMM) ? (__int128)m : sve_elt_sext(m, esz);
    __int128 lo = is_unsigned ? 0 : -((__int128)1 << (bits - 1));
    __int128 hi = is_unsigned ? ((__int128)1 << bits) - 1
                              : ((__int128)1 << (bits - 1)) - 1;
    __int128 r = aux & SVE_SAT_SUB ? x - y : x + y;

    return (uint64_t)(r < lo ? lo : r > hi ? hi : r);
}

static void satadd(CPUARMState *env, uint64_t desc, uint64_t imm)
{
    unsigned esz = sve_desc_esz(desc), aux = sve_desc_aux(desc);
    SveVec d, n, m;

    sve_z_read(env, sve_desc_rd(desc), d.b);
    sve_z_read(env, sve_desc_rn(desc), n.b);
    if (!(aux & SVE_SAT_IMM))
        sve_z_read(env, sve_desc_rm(desc), m.b);
    for (unsigned i = 0; i < sve_nelem(env, esz); i++)
        sve_elt_put(&d, esz, i,
                    sat_addsub(esz, aux, sve_elt(&n, esz, i),
                               aux & SVE_SAT_IMM ? imm : sve_elt(&m, esz, i)));
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

/* ADR: Zn + (offset << msz), the offsets Zm's elements, or their low 32
 * bits sign- or zero-extended (opc 00, 01: .D elements). */
static void adr(CPUARMState *env, uint64_t desc)
{
    unsigned aux = sve_desc_aux(desc), opc = aux & 3, msz = aux >> 2;
    unsigned esz = opc == 2 ? 2 : 3;
    SveVec d, n, m;

    sve_z_read(env, sve_desc_rd(desc), d.b);
    sve_z_read(env, sve_desc_rn(desc), n.b);
    sve_z_read(env, sve_desc_rm(desc), m.b);
    for (unsigned i = 0; i < sve_nelem(env, esz); i++) {
        uint64_t off = sve_elt(&m, esz, i);

        if (opc == 0)
            off = (uint64_t)(int64_t)(int32_t)off;
        else if (opc == 1)
            off = (uint32_t)off;
        sve_elt_put(&d, esz, i, sve_elt(&n, esz, i) + (off << msz));
    }
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

/* ASR, LSR, LSL of each element by the doubleword of Zm it lies in; a
 * shift of esize or more gives the sign (ASR) or 0. */
static uint64_t shift_by(unsigned opc, unsigned esz, uint64_t x, uint64_t n)
{
    unsigned bits = 8u << esz;

    switch (opc) {
    case 0:
        return (uint64_t)(sve_elt_sext(x, esz) >> (n >= bits ? bits - 1 : n));
    case 1: return n >= bits ? 0 : x >> n;
    default: return n >= bits ? 0 : x << n;
    }
}

static void shift_wide(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc), pg = sve_desc_pg(desc);
    SveVec d, n, m;

    sve_z_read(env, sve_desc_rd(desc), d.b);
    sve_z_read(env, sve_desc_rn(desc), n.b);
    sve_z_read(env, sve_desc_rm(desc), m.b);
    for (unsigned i = 0; i < sve_nelem(env, esz); i++)
        if (on(env, pg, esz, i))
            sve_elt_put(&d, esz, i,
                        shift_by(sve_desc_aux(desc), esz, sve_elt(&n, esz, i),
                                 sve_elt(&m, 3, (i << esz) / 8)));
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

/* SDOT, UDOT (indexed): Zm's element index of each 128-bit segment. */
static void dot_idx(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc), qsz = esz - 2, aux = sve_desc_aux(desc);
    unsigned per_seg = 16u >> esz, idx = aux >> 1;
    bool is_unsigned = aux & 1;
    SveVec d, n, m;

    sve_z_read(env, sve_desc_rd(desc), d.b);
    sve_z_read(env, sve_desc_rn(desc), n.b);
    sve_z_read(env, sve_desc_rm(desc), m.b);
    for (unsigned i = 0; i < sve_nelem(env, esz); i++) {
        unsigned j = i / per_seg * per_seg + idx;
        uint64_t acc = sve_elt(&d, esz, i);

        for (unsigned k = 0; k < 4; k++) {
            uint64_t a = sve_elt(&n, qsz, 4 * i + k),
                     b = sve_elt(&m, qsz, 4 * j + k);

            acc +=
                is_unsigned
                    ? a * b
                    : (uint64_t)(sve_elt_sext(a, qsz) * sve_elt_sext(b, qsz));
        }
        sve_elt_put(&d, esz, i, acc);
    }
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

/* ---- FEXPA, FTMAD, FTSMUL, FTSSEL ---- */

/* FPExpA(): the fraction of 2^(k / 32) (H) or 2^(k / 64), to nearest. */
static uint64_t exp_fraction(unsigned esz, unsigned k)
{
    unsigned fb = frac_bits(esz);
    long double steps = esz == 1 ? 32.0L : 64.0L;
    long double x = exp2l((long double)k / steps) - 1.0L;

    return (uint64_t)llroundl(ldexpl(x, (int)fb));
}

static uint64_t fexpa_one(unsigned esz, uint64_t x)
{
    unsigned ib = esz == 1 ? 5 : 6, fb = frac_bits(esz);
    uint64_t exp = (x >> ib) & ((UINT64_C(1) << exp_bits(esz)) - 1);

    return exp << fb | exp_fraction(esz, (unsigned)(x & ((1u << ib) - 1)));
}

/* FPTrigMAddCoefficient[]: sine terms 0-7, then cosine terms. */
static uint64_t ftmad_coefficient(unsigned esz, unsigned k)
{
    static const uint16_t h[16] = {0x3c00, 0xb155, 0x2030, 0, 0, 0, 0, 0,
                                   0x3c00, 0xb800, 0x293a, 0, 0, 0, 0, 0};
    static const uint32_t s[16] = {
        0x3f800000, 0xbe2aaaab, 0x3c088886, 0xb95008b9, 0x36369d6d, 0, 0, 0,
        0x3f800000, 0xbf000000, 0x3d2aaaa6, 0xbab60705, 0x37cd37cc, 0, 0, 0};
    static const uint64_t d[16] = {
        0x3ff0000000000000, 0xbfc5555555555543, 0x3f8111111110f30c,
        0xbf2a01a019b92fc6, 0x3ec71de351f3d22b, 0xbe5ae5e2b60f7b91,
        0x3de5d8408868552f, 0x0000000000000000, 0x3ff0000000000000,
        0xbfe0000000000000, 0x3fa5555555555536, 0xbf56c16c16c13a0b,
        0x3efa01a019b1e8d8, 0xbe927e4f7282f468, 0x3e21ee96d2641b13,
        0xbda8f76380fbb401};

    return esz == 1 ? h[k] : esz == 2 ? s[k] : d[k];
}

/* FPTrigMAdd(imm, Zdn, Zm): coefficient + Zdn * |Zm|, cosine terms when
 * Zm is negative. */
static void ftmad(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc), imm = sve_desc_aux(desc);
    unsigned csr = fp_helper_enter(env);
    SveVec d, m;

    sve_z_read(env, sve_desc_rd(desc), d.b);
    sve_z_read(env, sve_desc_rm(desc), m.b);
    for (unsigned i = 0; i < sve_nelem(env, esz); i++) {
        uint64_t y = sve_elt(&m, esz, i);
        unsigned k = imm + (y & sign_bit(esz) ? 8 : 0);

        sve_elt_put(&d, esz, i,
                    fp_muladd(env, (int)esz, ftmad_coefficient(esz, k),
                              sve_elt(&d, esz, i), y & ~sign_bit(esz), false,
                              false));
    }
    sve_z_write(env, sve_desc_rd(desc), d.b);
    fp_helper_leave(csr);
}

static void fexpa(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc);
    SveVec d, n;

    sve_z_read(env, sve_desc_rd(desc), d.b);
    sve_z_read(env, sve_desc_rn(desc), n.b);
    for (unsigned i = 0; i < sve_nelem(env, esz); i++)
        sve_elt_put(&d, esz, i, fexpa_one(esz, sve_elt(&n, esz, i)));
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

/* ---- FP, two operands ---- */

/* FPScale(n, m): n * 2^m, one rounding; m a signed integer element. */
static uint64_t fp_scale(CPUARMState *env, unsigned esz, uint64_t n, uint64_t m)
{
    int64_t scale = sve_elt_sext(m, esz);
    /* Beyond these, even the largest finite value falls below half the
     * smallest denormal, and the smallest denormal overflows. */
    int limit = esz == 1 ? 64 : esz == 2 ? 320 : 2200;
    int step = esz == 1 ? 15 : esz == 2 ? 127 : 1023;
    uint64_t r = fp_binop(env, FPOP_MUL, (int)esz, n, fp_one(esz));

    /* Powers of two within the format, applied while exact: a result
     * below the normal range comes only from the last step. */
    scale = scale < -limit ? -limit : scale > limit ? limit : scale;
    while (scale != 0 && !is_nan(esz, r)) {
        int k = scale > step ? step : scale < 1 - step ? 1 - step : (int)scale;
        int exp =
            (int)((r >> frac_bits(esz)) & ((UINT64_C(1) << exp_bits(esz)) - 1));

        if (k < 0 && exp > 1 && exp + k < 1 && scale != k)
            k = 1 - exp; /* to the smallest normal first, exactly */
        uint64_t f = (uint64_t)(k + step) << frac_bits(esz);

        r = fp_binop(env, FPOP_MUL, (int)esz, r, f);
        scale -= k;
    }
    return r;
}

static uint64_t fp_two(CPUARMState *env, unsigned op, unsigned esz, uint64_t n,
                       uint64_t m)
{
    static const int8_t fpop[8] = {FPOP_ADD,   FPOP_SUB,   FPOP_MUL, FPOP_SUB,
                                   FPOP_MAXNM, FPOP_MINNM, FPOP_MAX, FPOP_MIN};
    uint64_t r;

    switch (op) {
    case SVE_FB_SUBR: return fp_binop(env, FPOP_SUB, (int)esz, m, n);
    case SVE_FB_ABD: return fp_binop(env, FPOP_ABD, (int)esz, n, m);
    case SVE_FB_SCALE: return fp_scale(env, esz, n, m);
    case SVE_FB_MULX: return fp_mulx(env, (int)esz, n, m);
    case SVE_FB_RECPS: return fp_recip_step(env, (int)esz, n, m, false);
    case SVE_FB_RSQRTS: return fp_recip_step(env, (int)esz, n, m, true);
    case SVE_FB_TSMUL: /* FPTrigSMul: n * n, sign from m's bit 0 */
        r = fp_binop(env, FPOP_MUL, (int)esz, n, n);
        if (is_nan(esz, r))
            return r;
        return (r & ~sign_bit(esz)) | (m & 1 ? sign_bit(esz) : 0);
    case SVE_FB_TSSEL: /* FPTrigSSel */
        r = m & 1 ? fp_one(esz) : n;
        return m & 2 ? r ^ sign_bit(esz) : r;
    default: return fp_binop(env, fpop[op & 7], (int)esz, n, m);
    }
}

/* Zd = op(Zn, Zm or the immediate) where Pg; inactive elements keep Zd
 * (the predicated forms are destructive: rn is rd). */
static void fp_binary(CPUARMState *env, uint64_t desc, bool imm_form,
                      uint64_t imm)
{
    unsigned esz = sve_desc_esz(desc), op = sve_desc_aux(desc);
    unsigned pg = sve_desc_pg(desc), csr = fp_helper_enter(env);
    SveVec d, n, m;

    sve_z_read(env, sve_desc_rd(desc), d.b);
    sve_z_read(env, sve_desc_rn(desc), n.b);
    if (!imm_form)
        sve_z_read(env, sve_desc_rm(desc), m.b);
    for (unsigned i = 0; i < sve_nelem(env, esz); i++)
        if (on(env, pg, esz, i))
            sve_elt_put(&d, esz, i,
                        fp_two(env, op, esz, sve_elt(&n, esz, i),
                               imm_form ? imm : sve_elt(&m, esz, i)));
    sve_z_write(env, sve_desc_rd(desc), d.b);
    fp_helper_leave(csr);
}

/* ---- FP, one operand ---- */

static uint64_t fp_one_op(CPUARMState *env, unsigned op, unsigned esz,
                          uint64_t x)
{
    switch (op) {
    case SVE_FU_RECPX: return fp_recpx(env, (int)esz, x);
    case SVE_FU_SQRT: return fp_sqrt(env, (int)esz, x);
    case SVE_FU_RECPE: return fp_recip_estimate(env, (int)esz, x);
    case SVE_FU_RSQRTE: return fp_rsqrt_estimate(env, (int)esz, x);
    case 6: return fp_round_int(env, (int)esz, x, FPR_FPCR, true);
    case 7: return fp_round_int(env, (int)esz, x, FPR_FPCR, false);
    default: /* FRINTN, P, M, Z, A: the FPRounding value */
        return fp_round_int(env, (int)esz, x, (int)op, false);
    }
}

static void fp_unary(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc), op = sve_desc_aux(desc);
    unsigned pg = sve_desc_pg(desc), csr = fp_helper_enter(env);
    SveVec d, n;

    sve_z_read(env, sve_desc_rd(desc), d.b);
    sve_z_read(env, sve_desc_rn(desc), n.b);
    for (unsigned i = 0; i < sve_nelem(env, esz); i++)
        if (on(env, pg, esz, i))
            sve_elt_put(&d, esz, i,
                        fp_one_op(env, op, esz, sve_elt(&n, esz, i)));
    sve_z_write(env, sve_desc_rd(desc), d.b);
    fp_helper_leave(csr);
}

/* ---- FP reductions: the pseudocode's Reduce() pairwise tree ---- */

static uint64_t reduce_tree(CPUARMState *env, unsigned op, unsigned esz,
                            const uint64_t *v, unsigned n)
{
    uint64_t lo, hi;

    if (n == 1)
        return v[0];
    lo = reduce_tree(env, op, esz, v, n / 2);
    hi = reduce_tree(env, op, esz, v + n / 2, n / 2);
    return fp_two(env, op, esz, lo, hi);
}

/* The value inactive elements count as: the default NaN (quiet) for
 * FMAXNMV/FMINNMV, -inf for FMAXV, +inf for FMINV. */
static uint64_t reduce_identity(unsigned op, unsigned esz)
{
    uint64_t inf = ((UINT64_C(1) << exp_bits(esz)) - 1) << frac_bits(esz);

    switch (op) {
    case SVE_FB_MAX: return inf | sign_bit(esz);
    case SVE_FB_MIN: return inf;
    default: return inf | UINT64_C(1) << (frac_bits(esz) - 1);
    }
}

static void fp_reduce(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc), op = sve_desc_aux(desc);
    unsigned pg = sve_desc_pg(desc), csr = fp_helper_enter(env);
    uint64_t v[SVE_VL_MAX_BYTES / 2];
    SveVec n, d;

    sve_z_read(env, sve_desc_rn(desc), n.b);
    for (unsigned i = 0; i < sve_nelem(env, esz); i++)
        v[i] = on(env, pg, esz, i) ? sve_elt(&n, esz, i)
                                   : reduce_identity(op, esz);
    memset(d.b, 0, sizeof(d.b));
    sve_elt_put(&d, esz, 0, reduce_tree(env, op, esz, v, sve_nelem(env, esz)));
    sve_z_write(env, sve_desc_rd(desc), d.b);
    fp_helper_leave(csr);
}

/* ---- FP indexed and complex ---- */

/* FMLA, FMLS, FMUL (indexed): Zm's element idx of each 128-bit segment. */
static void fmla_idx(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc), aux = sve_desc_aux(desc);
    unsigned per_seg = 16u >> esz, idx = aux & 15, csr = fp_helper_enter(env);
    SveVec d, n, m;

    sve_z_read(env, sve_desc_rd(desc), d.b);
    sve_z_read(env, sve_desc_rn(desc), n.b);
    sve_z_read(env, sve_desc_rm(desc), m.b);
    for (unsigned i = 0; i < sve_nelem(env, esz); i++) {
        uint64_t x = sve_elt(&n, esz, i);
        uint64_t y = sve_elt(&m, esz, i / per_seg * per_seg + idx);

        if (aux & SVE_IDX_MUL)
            sve_elt_put(&d, esz, i, fp_binop(env, FPOP_MUL, (int)esz, x, y));
        else
            sve_elt_put(&d, esz, i,
                        fp_muladd(env, (int)esz, sve_elt(&d, esz, i), x, y,
                                  aux & SVE_IDX_SUB, false));
    }
    sve_z_write(env, sve_desc_rd(desc), d.b);
    fp_helper_leave(csr);
}

/* FCMLA (indexed): the complex pair idx of each 128-bit segment of Zm,
 * rotated as FCMLA (vectors) does (sel_a, sel_b, neg_r, neg_i). */
static void fcmla_idx(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc), aux = sve_desc_aux(desc);
    unsigned idx = aux & 15, rot = aux >> 4, pairs = 8u >> esz;
    unsigned sel_a = rot & 1, sel_b = !(rot & 1), csr = fp_helper_enter(env);
    uint64_t neg_r = (rot & 1) ^ (rot >> 1) ? sign_bit(esz) : 0;
    uint64_t neg_i = rot >> 1 ? sign_bit(esz) : 0;
    SveVec d, n, m;

    sve_z_read(env, sve_desc_rd(desc), d.b);
    sve_z_read(env, sve_desc_rn(desc), n.b);
    sve_z_read(env, sve_desc_rm(desc), m.b);
    for (unsigned e = 0; e < sve_nelem(env, esz) / 2; e++) {
        unsigned j = e / pairs * pairs + idx;
        uint64_t a1 = sve_elt(&n, esz, 2 * e + sel_a);
        uint64_t a2 = sve_elt(&m, esz, 2 * j + sel_a) ^ neg_r;
        uint64_t b2 = sve_elt(&m, esz, 2 * j + sel_b) ^ neg_i;

        sve_elt_put(&d, esz, 2 * e,
                    fp_muladd(env, (int)esz, sve_elt(&d, esz, 2 * e), a1, a2,
                              false, false));
        sve_elt_put(&d, esz, 2 * e + 1,
                    fp_muladd(env, (int)esz, sve_elt(&d, esz, 2 * e + 1), a1,
                              b2, false, false));
    }
    sve_z_write(env, sve_desc_rd(desc), d.b);
    fp_helper_leave(csr);
}

/* FCADD: #90 adds (-im, re) of Zm's pairs, #270 (im, -re). */
static void fcadd(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc), pg = sve_desc_pg(desc);
    bool rot270 = sve_desc_aux(desc) & 1;
    unsigned csr = fp_helper_enter(env);
    SveVec d, m;

    sve_z_read(env, sve_desc_rd(desc), d.b);
    sve_z_read(env, sve_desc_rm(desc), m.b);
    for (unsigned e = 0; e < sve_nelem(env, esz) / 2; e++) {
        uint64_t re = sve_elt(&m, esz, 2 * e) ^ (rot270 ? sign_bit(esz) : 0);
        uint64_t im =
            sve_elt(&m, esz, 2 * e + 1) ^ (rot270 ? 0 : sign_bit(esz));

        if (on(env, pg, esz, 2 * e))
            sve_elt_put(
                &d, esz, 2 * e,
                fp_binop(env, FPOP_ADD, (int)esz, sve_elt(&d, esz, 2 * e), im));
        if (on(env, pg, esz, 2 * e + 1))
            sve_elt_put(&d, esz, 2 * e + 1,
                        fp_binop(env, FPOP_ADD, (int)esz,
                                 sve_elt(&d, esz, 2 * e + 1), re));
    }
    sve_z_write(env, sve_desc_rd(desc), d.b);
    fp_helper_leave(csr);
}

uint64_t helper_sve_arith(uint64_t envp, uint64_t desc, uint64_t a)
{
    CPUARMState *env = (CPUARMState *)(uintptr_t)envp;

    switch ((SveArithOp)sve_desc_op(desc)) {
    case SVE_ARITH_SATADD: satadd(env, desc, a); break;
    case SVE_ARITH_ADR: adr(env, desc); break;
    case SVE_ARITH_DOT_IDX: dot_idx(env, desc); break;
    case SVE_ARITH_FEXPA: fexpa(env, desc); break;
    case SVE_ARITH_FTMAD: ftmad(env, desc); break;
    case SVE_ARITH_FP_BINARY: fp_binary(env, desc, false, 0); break;
    case SVE_ARITH_FP_IMM: fp_binary(env, desc, true, a); break;
    case SVE_ARITH_FP_UNARY: fp_unary(env, desc); break;
    case SVE_ARITH_FP_REDUCE: fp_reduce(env, desc); break;
    case SVE_ARITH_FMLA_IDX: fmla_idx(env, desc); break;
    case SVE_ARITH_FCMLA_IDX: fcmla_idx(env, desc); break;
    case SVE_ARITH_FCADD: fcadd(env, desc); break;
    case SVE_ARITH_SHIFT_WIDE: shift_wide(env, desc); break;
    }
    return 0;
}
