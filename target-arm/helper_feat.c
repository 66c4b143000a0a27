/*
 * Helpers of the optional A64 features: FPRoundIntN() (FRINTTS),
 * FPToFixedJS() (FJCVTZS), the 8-bit dot products and matrix multiplies
 * (DotProd, I8MM), CNT (CSSC) and RNDR (RNG). They read and write
 * CPUARMState only as helpers_feat.def says; no IR.
 */
#include "target-arm/helper_feat.h"

#include <errno.h>
#include <math.h>
#include <string.h>
#include <sys/random.h>

#include "target-arm/cpu.h"
#include "target-arm/helper_fp.h"

/* ---- FRINT32Z, FRINT32X, FRINT64Z, FRINT64X ---- */

/* -2^(bits-1) in S or D: what an out-of-range input gives. */
static uint64_t frint_most_negative(bool dbl, int bits)
{
    if (dbl)
        return (uint64_t)(0x3ff + bits - 1) << 52 | UINT64_C(1) << 63;
    return (uint64_t)(0x7f + bits - 1) << 23 | UINT64_C(1) << 31;
}

static double frint_unpack(bool dbl, uint64_t a)
{
    double d;
    float f;
    uint32_t w = (uint32_t)a;

    if (dbl) {
        memcpy(&d, &a, sizeof(d));
        return d;
    }
    memcpy(&f, &w, sizeof(f));
    return f;
}

/* FPRoundIntN(): round to an integral value that fits a bits-wide
 * signed integer; NaN, infinity or out of range give -2^(bits-1), IOC. */
static uint64_t frint_element(CPUARMState *env, bool dbl, uint64_t a, int bits,
                              int rmode)
{
    int esz = dbl ? FP_D : FP_S;
    uint64_t exp_mask = dbl ? UINT64_C(0x7ff) << 52 : UINT64_C(0xff) << 23;
    uint64_t rounded;
    double x, r, limit = ldexp(1.0, bits - 1);

    if ((a & exp_mask) == exp_mask) { /* NaN or infinity */
        env->fpsr |= FPSR_IOC;
        return frint_most_negative(dbl, bits);
    }
    /* fp_round_int flushes a denormal under FZ (IDC), keeps the sign of
     * zero and sets no flag itself. */
    rounded = fp_round_int(env, esz, a, rmode, false);
    if ((a & exp_mask) == 0 && (env->fpcr & FPCR_FZ))
        return rounded; /* zero or a flushed denormal: exact */
    r = frint_unpack(dbl, rounded);
    x = frint_unpack(dbl, a);
    if (r < -limit || r >= limit) {
        env->fpsr |= FPSR_IOC;
        return frint_most_negative(dbl, bits);
    }
    if (r != x)
        env->fpsr |= FPSR_IXC;
    return rounded;
}

uint64_t helper_feat_frint(uint64_t envp, uint64_t desc, uint64_t rd,
                           uint64_t rn)
{
    CPUARMState *env = (CPUARMState *)(uintptr_t)envp;
    bool dbl = desc & FEAT_FRINT_DOUBLE;
    int bits = desc & FEAT_FRINT_64 ? 64 : 32;
    int rmode = desc & FEAT_FRINT_X ? FPR_FPCR : FPR_Z;
    int esize = dbl ? 8 : 4;
    int bytes = desc & FEAT_FRINT_SCALAR ? esize : desc & FEAT_FRINT_Q ? 16 : 8;
    unsigned csr = fp_helper_enter(env);
    ARMVReg out = {0};

    for (int i = 0; i < bytes / esize; i++) {
        if (dbl)
            out.d[i] = frint_element(env, true, env->v[rn].d[i], bits, rmode);
        else
            out.s[i] = (uint32_t)frint_element(env, false, env->v[rn].s[i],
                                               bits, rmode);
    }
    env->v[rd] = out;
    fp_helper_leave(csr);
    return 0;
}

/* ---- FJCVTZS ---- */

/*
 * FPToFixedJS(): the double rounded toward zero, modulo 2^32; Z says the
 * conversion was exact and in the int32 range (and not -0 or a flushed
 * denormal). Integer arithmetic on the bits only.
 */
uint64_t helper_feat_fjcvtzs(uint64_t envp, uint64_t a)
{
    CPUARMState *env = (CPUARMState *)(uintptr_t)envp;
    bool negative = a >> 63;
    int exp = (int)((a >> 52) & 0x7ff);
    uint64_t frac = a & ((UINT64_C(1) << 52) - 1);
    uint64_t mant, trunc = 0, low32;
    bool inexact = false, overflow = false, z = true;
    int shift;

    if (exp == 0x7ff) { /* NaN or infinity: 0, invalid */
        env->fpsr |= FPSR_IOC;
        return 0;
    }
    if (exp == 0 && frac != 0 && (env->fpcr & FPCR_FZ)) {
        env->fpsr |= FPSR_IDC; /* flushed: converts as a zero, Z clear */
        return 0;
    }
    if (exp == 0) {
        inexact = frac != 0;
        z = !negative && !inexact;
    } else {
        mant = frac | UINT64_C(1) << 52;
        shift = exp - 1075; /* value = mant * 2^shift */
        if (shift >= 0) {
            low32 = shift >= 32 ? 0 : (mant << shift) & 0xffffffffu;
            overflow = true; /* at least 2^52 */
            trunc = low32;
        } else if (shift > -64) {
            trunc = mant >> -shift;
            inexact = (mant & ((UINT64_C(1) << -shift) - 1)) != 0;
        } else {
            inexact = true;
        }
        if (trunc > (negative ? UINT64_C(0x80000000) : 0x7fffffffu))
            overflow = true;
    }
    if (overflow) {
        env->fpsr |= FPSR_IOC;
        z = false;
    } else if (inexact) {
        env->fpsr |= FPSR_IXC;
        z = false;
    }
    low32 = (negative ? 0 - trunc : trunc) & 0xffffffffu;
    return low32 | (uint64_t)z << 32;
}

/* ---- dot products and matrix multiplies ---- */

static int32_t dot_byte(const ARMVReg *v, int i, bool is_unsigned)
{
    return is_unsigned ? (int32_t)v->b[i] : (int32_t)(int8_t)v->b[i];
}

/* Lane i of Vd += the dot product of 4 bytes of n at 4*ni and m at 4*mi. */
static uint32_t dot4(const ARMVReg *n, int ni, bool un, const ARMVReg *m,
                     int mi, bool um)
{
    int32_t sum = 0;

    for (int k = 0; k < 4; k++)
        sum += dot_byte(n, 4 * ni + k, un) * dot_byte(m, 4 * mi + k, um);
    return (uint32_t)sum;
}

uint64_t helper_feat_dot(uint64_t envp, uint64_t desc, uint64_t rd, uint64_t rn,
                         uint64_t rm)
{
    CPUARMState *env = (CPUARMState *)(uintptr_t)envp;
    bool un = desc & FEAT_DOT_N_UNSIGNED, um = desc & FEAT_DOT_M_UNSIGNED;
    int idx = (int)(desc >> FEAT_DOT_IDX_SHIFT) & 3;
    int lanes = desc & FEAT_DOT_Q ? 4 : 2;
    ARMVReg n = env->v[rn], m = env->v[rm], d = env->v[rd];

    if (desc & FEAT_DOT_MMLA) {
        /* Vd (2x2 of S) += Vn (2x8 bytes) times the transpose of Vm. */
        for (int i = 0; i < 2; i++)
            for (int j = 0; j < 2; j++)
                d.s[2 * i + j] += dot4(&n, 2 * i, un, &m, 2 * j, um) +
                                  dot4(&n, 2 * i + 1, un, &m, 2 * j + 1, um);
        env->v[rd] = d;
        return 0;
    }
    for (int i = 0; i < lanes; i++)
        d.s[i] += dot4(&n, i, un, &m, desc & FEAT_DOT_BY_ELEM ? idx : i, um);
    if (lanes == 2)
        d.d[1] = 0;
    env->v[rd] = d;
    return 0;
}

/* ---- FCMLA, FCADD ---- */

static uint64_t cmplx_get(const ARMVReg *v, int esz, int i)
{
    switch (esz) {
    case FP_H: return v->h[i];
    case FP_S: return v->s[i];
    default: return v->d[i];
    }
}

static void cmplx_set(ARMVReg *v, int esz, int i, uint64_t x)
{
    switch (esz) {
    case FP_H: v->h[i] = (uint16_t)x; break;
    case FP_S: v->s[i] = (uint32_t)x; break;
    default: v->d[i] = x; break;
    }
}

/*
 * The Arm ARM's FCMLA and FCADD loops: for each complex pair (re, im),
 * FCMLA adds n.re or n.im (by rot) times the rotated m with FPMulAdd();
 * FCADD adds the rotated m with FPAdd(). FPNeg() is a sign flip.
 */
uint64_t helper_feat_cmplx(uint64_t envp, uint64_t desc, uint64_t rd,
                           uint64_t rn, uint64_t rm)
{
    CPUARMState *env = (CPUARMState *)(uintptr_t)envp;
    int esz = (int)(desc & 3), rot = (int)(desc >> FEAT_CMPLX_ROT_SHIFT) & 3;
    int idx = (int)(desc >> FEAT_CMPLX_IDX_SHIFT) & 3;
    int pairs = (desc & FEAT_CMPLX_Q ? 16 : 8) >> (esz + 1);
    uint64_t sign = UINT64_C(1) << ((8 << esz) - 1);
    ARMVReg n = env->v[rn], m = env->v[rm], d = env->v[rd], out = {0};
    unsigned csr = fp_helper_enter(env);

    for (int e = 0; e < pairs; e++) {
        int mp = desc & FEAT_CMPLX_BY_ELEM ? idx : e;
        uint64_t m_re = cmplx_get(&m, esz, 2 * mp);
        uint64_t m_im = cmplx_get(&m, esz, 2 * mp + 1);
        uint64_t n_re = cmplx_get(&n, esz, 2 * e);
        uint64_t n_im = cmplx_get(&n, esz, 2 * e + 1);
        uint64_t m1, m3, nn, r_re, r_im;

        switch (rot) {
        case 0: m1 = m_re, m3 = m_im, nn = n_re; break;
        case 1: m1 = m_im ^ sign, m3 = m_re, nn = n_im; break;
        case 2: m1 = m_re ^ sign, m3 = m_im ^ sign, nn = n_re; break;
        default: m1 = m_im, m3 = m_re ^ sign, nn = n_im; break;
        }
        if (desc & FEAT_CMPLX_ADD) {
            r_re = fp_binop(env, FPOP_ADD, esz, n_re, m1);
            r_im = fp_binop(env, FPOP_ADD, esz, n_im, m3);
        } else {
            r_re = fp_muladd(env, esz, cmplx_get(&d, esz, 2 * e), nn, m1, false,
                             false);
            r_im = fp_muladd(env, esz, cmplx_get(&d, esz, 2 * e + 1), nn, m3,
                             false, false);
        }
        cmplx_set(&out, esz, 2 * e, r_re);
        cmplx_set(&out, esz, 2 * e + 1, r_im);
    }
    env->v[rd] = out;
    fp_helper_leave(csr);
    return 0;
}

/* ---- CNT, RNDR ---- */

uint64_t helper_feat_popcount(uint64_t x)
{
    return (uint64_t)__builtin_popcountll(x);
}

/* RNDR and RNDRRS: each read is fresh entropy from the host's generator;
 * a failure (none to be had) is NZCV = 0100 and a zero result. */
uint64_t helper_feat_rndr(uint64_t envp)
{
    CPUARMState *env = (CPUARMState *)(uintptr_t)envp;
    uint64_t value = 0;
    ssize_t n;

    do
        n = getrandom(&value, sizeof(value), 0);
    while (n < 0 && errno == EINTR);
    env->nf = 0;
    env->cf = 0;
    env->vf = 0;
    if (n != (ssize_t)sizeof(value)) {
        env->zf = 0; /* Z set */
        return 0;
    }
    env->zf = 1;
    return value;
}
