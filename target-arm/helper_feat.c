/*
 * Helpers of the optional A64 features: FPRoundIntN() (FRINTTS),
 * FPToFixedJS() (FJCVTZS), the 8-bit dot products and matrix multiplies
 * (DotProd, I8MM), FCMLA/FCADD (FCMA), SM3 and SM4, the BFloat16
 * operations (BF16), CNT (CSSC) and RNDR (RNG). They read and write
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

/* ---- SM3, SM4 ---- */

static uint32_t rol32(uint32_t x, int n)
{
    return x << n | x >> (32 - n);
}

/* SM3TT1A/1B/2A/2B: one round of the compression function on Vd (lane 0
 * = Vd<31:0>), with Vn<127:96> (SS1) and the message word Vm.S[lane]. */
static void sm3tt(int op, uint32_t d[4], const uint32_t n[4], uint32_t wj)
{
    uint32_t tt;

    if (op == FEAT_SM3TT1A || op == FEAT_SM3TT2A)
        tt = d[1] ^ d[3] ^ d[2];
    else if (op == FEAT_SM3TT1B)
        tt = (d[3] & d[1]) | (d[3] & d[2]) | (d[1] & d[2]);
    else
        tt = (d[3] & d[2]) | (~d[3] & d[1]);
    if (op <= FEAT_SM3TT1B) {
        tt += d[0] + (n[3] ^ rol32(d[3], 12)) + wj;
        d[0] = d[1];
        d[1] = rol32(d[2], 9);
    } else {
        tt += d[0] + n[3] + wj;
        tt ^= rol32(tt, 9) ^ rol32(tt, 17);
        d[0] = d[1];
        d[1] = rol32(d[2], 19);
    }
    d[2] = d[3];
    d[3] = tt;
}

static void sm3partw1(uint32_t d[4], const uint32_t n[4], const uint32_t m[4])
{
    uint32_t r[4];

    for (int i = 0; i < 3; i++)
        r[i] = d[i] ^ n[i] ^ rol32(m[i + 1], 15);
    for (int i = 0; i < 4; i++) {
        if (i == 3)
            r[3] = d[3] ^ n[3] ^ rol32(r[0], 15);
        r[i] ^= rol32(r[i], 15) ^ rol32(r[i], 23);
    }
    memcpy(d, r, sizeof(r));
}

static void sm3partw2(uint32_t d[4], const uint32_t n[4], const uint32_t m[4])
{
    uint32_t tmp[4], t2;

    for (int i = 0; i < 4; i++) {
        tmp[i] = n[i] ^ rol32(m[i], 7);
        d[i] ^= tmp[i];
    }
    t2 = rol32(tmp[0], 15);
    d[3] ^= t2 ^ rol32(t2, 15) ^ rol32(t2, 23);
}

/* The SM4 S-box (GB/T 32907-2016). */
static const uint8_t sm4_sbox[256] = {
    0xd6, 0x90, 0xe9, 0xfe, 0xcc, 0xe1, 0x3d, 0xb7, 0x16, 0xb6, 0x14, 0xc2,
    0x28, 0xfb, 0x2c, 0x05, 0x2b, 0x67, 0x9a, 0x76, 0x2a, 0xbe, 0x04, 0xc3,
    0xaa, 0x44, 0x13, 0x26, 0x49, 0x86, 0x06, 0x99, 0x9c, 0x42, 0x50, 0xf4,
    0x91, 0xef, 0x98, 0x7a, 0x33, 0x54, 0x0b, 0x43, 0xed, 0xcf, 0xac, 0x62,
    0xe4, 0xb3, 0x1c, 0xa9, 0xc9, 0x08, 0xe8, 0x95, 0x80, 0xdf, 0x94, 0xfa,
    0x75, 0x8f, 0x3f, 0xa6, 0x47, 0x07, 0xa7, 0xfc, 0xf3, 0x73, 0x17, 0xba,
    0x83, 0x59, 0x3c, 0x19, 0xe6, 0x85, 0x4f, 0xa8, 0x68, 0x6b, 0x81, 0xb2,
    0x71, 0x64, 0xda, 0x8b, 0xf8, 0xeb, 0x0f, 0x4b, 0x70, 0x56, 0x9d, 0x35,
    0x1e, 0x24, 0x0e, 0x5e, 0x63, 0x58, 0xd1, 0xa2, 0x25, 0x22, 0x7c, 0x3b,
    0x01, 0x21, 0x78, 0x87, 0xd4, 0x00, 0x46, 0x57, 0x9f, 0xd3, 0x27, 0x52,
    0x4c, 0x36, 0x02, 0xe7, 0xa0, 0xc4, 0xc8, 0x9e, 0xea, 0xbf, 0x8a, 0xd2,
    0x40, 0xc7, 0x38, 0xb5, 0xa3, 0xf7, 0xf2, 0xce, 0xf9, 0x61, 0x15, 0xa1,
    0xe0, 0xae, 0x5d, 0xa4, 0x9b, 0x34, 0x1a, 0x55, 0xad, 0x93, 0x32, 0x30,
    0xf5, 0x8c, 0xb1, 0xe3, 0x1d, 0xf6, 0xe2, 0x2e, 0x82, 0x66, 0xca, 0x60,
    0xc0, 0x29, 0x23, 0xab, 0x0d, 0x53, 0x4e, 0x6f, 0xd5, 0xdb, 0x37, 0x45,
    0xde, 0xfd, 0x8e, 0x2f, 0x03, 0xff, 0x6a, 0x72, 0x6d, 0x6c, 0x5b, 0x51,
    0x8d, 0x1b, 0xaf, 0x92, 0xbb, 0xdd, 0xbc, 0x7f, 0x11, 0xd9, 0x5c, 0x41,
    0x1f, 0x10, 0x5a, 0xd8, 0x0a, 0xc1, 0x31, 0x88, 0xa5, 0xcd, 0x7b, 0xbd,
    0x2d, 0x74, 0xd0, 0x12, 0xb8, 0xe5, 0xb4, 0xb0, 0x89, 0x69, 0x97, 0x4a,
    0x0c, 0x96, 0x77, 0x7e, 0x65, 0xb9, 0xf1, 0x09, 0xc5, 0x6e, 0xc6, 0x84,
    0x18, 0xf0, 0x7d, 0xec, 0x3a, 0xdc, 0x4d, 0x20, 0x79, 0xee, 0x5f, 0x3e,
    0xd7, 0xcb, 0x39, 0x48,
};

/* SM4E (key schedule false) and SM4EKEY: four rounds on state r, round
 * keys (or constants) k; the S-box per byte, then the linear transform. */
static void sm4_rounds(uint32_t r[4], const uint32_t k[4], bool key_schedule)
{
    for (int i = 0; i < 4; i++) {
        uint32_t t = r[3] ^ r[2] ^ r[1] ^ k[i], s = 0;

        for (int b = 0; b < 32; b += 8)
            s |= (uint32_t)sm4_sbox[(t >> b) & 0xff] << b;
        if (key_schedule)
            s ^= rol32(s, 13) ^ rol32(s, 23);
        else
            s ^= rol32(s, 2) ^ rol32(s, 10) ^ rol32(s, 18) ^ rol32(s, 24);
        s ^= r[0];
        r[0] = r[1];
        r[1] = r[2];
        r[2] = r[3];
        r[3] = s;
    }
}

uint64_t helper_feat_sm(uint64_t envp, uint64_t desc, uint64_t rd, uint64_t rn,
                        uint64_t rm)
{
    CPUARMState *env = (CPUARMState *)(uintptr_t)envp;
    int op = (int)(desc & 15);
    uint32_t d[4], n[4], m[4], a[4];

    memcpy(d, env->v[rd].s, sizeof(d));
    memcpy(n, env->v[rn].s, sizeof(n));
    memcpy(m, env->v[rm].s, sizeof(m));
    switch (op) {
    case FEAT_SM3SS1:
        memcpy(a, env->v[(desc >> FEAT_SM_RA_SHIFT) & 31].s, sizeof(a));
        d[3] = rol32(rol32(n[3], 12) + m[3] + a[3], 7);
        d[0] = d[1] = d[2] = 0;
        break;
    case FEAT_SM3PARTW1: sm3partw1(d, n, m); break;
    case FEAT_SM3PARTW2: sm3partw2(d, n, m); break;
    case FEAT_SM4E: sm4_rounds(d, n, false); break;
    case FEAT_SM4EKEY:
        memcpy(d, n, sizeof(d));
        sm4_rounds(d, m, true);
        break;
    default: sm3tt(op, d, n, m[(desc >> FEAT_SM_LANE_SHIFT) & 3]); break;
    }
    memcpy(env->v[rd].s, d, sizeof(d));
    return 0;
}

/* ---- BF16 ---- */

static double f32_value(uint32_t u)
{
    float f;

    memcpy(&f, &u, sizeof(f));
    return f;
}

static bool f32_is_nan(uint32_t u)
{
    return (u & 0x7fffffffu) > 0x7f800000u;
}

static bool f32_is_inf(uint32_t u)
{
    return (u & 0x7fffffffu) == 0x7f800000u;
}

/* BFUnpack(): denormals are zeros, without a flag. */
static uint32_t bf_unpack(uint32_t u)
{
    return (u & 0x7f800000u) == 0 ? u & 0x80000000u : u;
}

/*
 * BFRound(): v (nonzero, finite, exact or already rounded to odd at 53
 * bits) rounded to odd at single precision; below 2^-126 it is a zero,
 * from 2^128 an infinity.
 */
static uint32_t bf_round(double v)
{
    uint32_t sign = signbit(v) ? 0x80000000u : 0;
    double a = fabs(v);
    uint64_t bits, mant;
    uint32_t keep;

    if (a < 0x1p-126)
        return sign;
    if (a >= 0x1p128)
        return sign | 0x7f800000u;
    memcpy(&bits, &a, sizeof(bits));
    mant = (bits & ((UINT64_C(1) << 52) - 1)) | UINT64_C(1) << 52;
    keep = (uint32_t)(mant >> 29);
    if (mant & ((UINT64_C(1) << 29) - 1))
        keep |= 1;
    return sign | (uint32_t)(((bits >> 52) & 0x7ff) - 1023 + 127) << 23 |
           (keep & 0x7fffffu);
}

/* a + b rounded to odd at 53 bits, from the round-to-nearest sum and its
 * exact error (TwoSum): toward zero when inexact, then the low bit set. */
static double sum_round_odd(double a, double b)
{
    double s = a + b, bb = s - a, err = (a - (s - bb)) + (b - bb);
    uint64_t bits;

    if (err == 0)
        return s;
    if ((err < 0) != (s < 0))
        s = nextafter(s, 0.0);
    memcpy(&bits, &s, sizeof(bits));
    bits |= 1;
    memcpy(&s, &bits, sizeof(s));
    return s;
}

/* BFMulH(): the product of two BF16 values (in the top half of a and b). */
static uint32_t bf_mul(uint32_t a, uint32_t b)
{
    uint32_t sign = (a ^ b) & 0x80000000u;

    a = bf_unpack(a);
    b = bf_unpack(b);
    if (f32_is_nan(a) || f32_is_nan(b))
        return 0x7fc00000u;
    if ((f32_is_inf(a) && !(b << 1)) || (!(a << 1) && f32_is_inf(b)))
        return 0x7fc00000u;
    if (f32_is_inf(a) || f32_is_inf(b))
        return sign | 0x7f800000u;
    if (!(a << 1) || !(b << 1))
        return sign;
    return bf_round(f32_value(a) * f32_value(b)); /* exact in a double */
}

/* BFAdd(): single-precision sum by the BFloat16 rules. */
static uint32_t bf_add(uint32_t a, uint32_t b)
{
    double v;

    a = bf_unpack(a);
    b = bf_unpack(b);
    if (f32_is_nan(a) || f32_is_nan(b))
        return 0x7fc00000u;
    if (f32_is_inf(a) && f32_is_inf(b) && ((a ^ b) >> 31))
        return 0x7fc00000u;
    if (f32_is_inf(a))
        return a;
    if (f32_is_inf(b))
        return b;
    if (!(a << 1) && !(b << 1) && a == b)
        return a;
    v = sum_round_odd(f32_value(a), f32_value(b));
    return v == 0 ? 0 : bf_round(v);
}

/* BFDotAdd() without FEAT_EBF16: two products of pairs, added. */
uint32_t feat_bf_dot_add(uint32_t sum, uint32_t n, uint32_t m)
{
    uint32_t prod = bf_add(bf_mul(n << 16, m << 16),
                           bf_mul(n & 0xffff0000u, m & 0xffff0000u));
    return bf_add(sum, prod);
}

/* FPConvertBF(): single to BFloat16 rounding per FPCR, with its flags. */
uint16_t feat_bf_convert(CPUARMState *env, uint32_t a)
{
    int rmode = (env->fpcr >> FPCR_RMODE_SHIFT) & 3;
    uint32_t sign = a & 0x80000000u, low, keep;
    bool up;

    if (f32_is_nan(a)) {
        if (!(a & 0x00400000u))
            env->fpsr |= FPSR_IOC;
        if (env->fpcr & FPCR_DN)
            return 0x7fc0;
        return (uint16_t)((a | 0x00400000u) >> 16);
    }
    if ((a & 0x7f800000u) == 0 && (a & 0x7fffffu) && (env->fpcr & FPCR_FZ)) {
        env->fpsr |= FPSR_IDC;
        return (uint16_t)(sign >> 16);
    }
    low = a & 0xffff;
    keep = a >> 16;
    if (low == 0 || f32_is_inf(a))
        return (uint16_t)keep;
    switch (rmode) {
    case FPR_N: up = low > 0x8000 || (low == 0x8000 && (keep & 1)); break;
    case FPR_P: up = !sign; break;
    case FPR_M: up = sign != 0; break;
    default: up = false; break;
    }
    if ((a & 0x7f800000u) == 0)
        env->fpsr |= FPSR_UFC; /* tiny before rounding, inexact */
    keep += up;
    env->fpsr |= FPSR_IXC;
    if ((keep & 0x7fff) == 0x7f80)
        env->fpsr |= FPSR_OFC;
    return (uint16_t)keep;
}

static void bf_dot(ARMVReg *d, const ARMVReg *n, const ARMVReg *m,
                   uint64_t desc)
{
    int lanes = desc & FEAT_BF_Q ? 4 : 2;
    int idx = (int)(desc >> FEAT_BF_IDX_SHIFT) & 7;

    for (int i = 0; i < lanes; i++)
        d->s[i] = feat_bf_dot_add(d->s[i], n->s[i],
                                  m->s[desc & FEAT_BF_BY_ELEM ? idx : i]);
    if (lanes == 2)
        d->d[1] = 0;
}

/* BFMMLA: Vd (2x2 of S) += Vn (2x4 BF16) times the transpose of Vm. */
static void bf_mmla(ARMVReg *d, const ARMVReg *n, const ARMVReg *m)
{
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++)
            for (int k = 0; k < 2; k++)
                d->s[2 * i + j] = feat_bf_dot_add(
                    d->s[2 * i + j], n->s[2 * i + k], m->s[2 * j + k]);
}

/* BFMLALB/T: FPMulAdd() of the even (odd) BF16 elements, widened. */
static void bf_mlal(CPUARMState *env, ARMVReg *d, const ARMVReg *n,
                    const ARMVReg *m, uint64_t desc)
{
    int top = desc & FEAT_BF_TOP ? 1 : 0;
    int idx = (int)(desc >> FEAT_BF_IDX_SHIFT) & 7;

    for (int i = 0; i < 4; i++) {
        uint32_t a = (uint32_t)n->h[2 * i + top] << 16;
        uint32_t b = (uint32_t)m->h[desc & FEAT_BF_BY_ELEM ? idx : 2 * i + top]
                     << 16;
        d->s[i] = (uint32_t)fp_muladd(env, FP_S, d->s[i], a, b, false, false);
    }
}

uint64_t helper_feat_bf16(uint64_t envp, uint64_t desc, uint64_t rd,
                          uint64_t rn, uint64_t rm)
{
    CPUARMState *env = (CPUARMState *)(uintptr_t)envp;
    ARMVReg n = env->v[rn], m = env->v[rm], d = env->v[rd];
    unsigned csr = fp_helper_enter(env);

    switch (desc & 7) {
    case FEAT_BFDOT: bf_dot(&d, &n, &m, desc); break;
    case FEAT_BFMMLA: bf_mmla(&d, &n, &m); break;
    case FEAT_BFMLAL: bf_mlal(env, &d, &n, &m, desc); break;
    case FEAT_BFCVT:
        memset(&d, 0, sizeof(d));
        d.h[0] = feat_bf_convert(env, n.s[0]);
        break;
    default: /* FEAT_BFCVTN */
        if (!(desc & FEAT_BF_TOP))
            d.d[1] = 0;
        for (int i = 0; i < 4; i++)
            d.h[(desc & FEAT_BF_TOP ? 4 : 0) + i] =
                feat_bf_convert(env, n.s[i]);
        break;
    }
    env->v[rd] = d;
    fp_helper_leave(csr);
    return 0;
}
