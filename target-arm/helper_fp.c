/*
 * Scalar floating-point helpers: host double/float arithmetic wrapped in
 * Arm's rules (NaN propagation, default NaN, saturating conversions,
 * FPCR.RMode, cumulative FPSR flags from the host's fenv). Half precision
 * is unpacked to double and packed back in software. No IR here.
 */
#include <fenv.h>
#include <math.h>
#include <string.h>

#include "target-arm/helper_fp.h"

/*
 * Host FP operations whose rounding mode or flags matter go through
 * volatile variables so the compiler cannot fold them or move them across
 * fesetround()/fetestexcept() (we cannot rely on -frounding-math).
 */

/* ---- raw formats ---- */

typedef struct FPFormat {
    int frac_bits;
    int exp_bits;
} FPFormat;

static FPFormat fp_format(int esz)
{
    switch (esz) {
    case FP_H:
        return (FPFormat){ 10, 5 };
    case FP_S:
        return (FPFormat){ 23, 8 };
    default:
        return (FPFormat){ 52, 11 };
    }
}

static uint64_t fp_sign_bit(int esz)
{
    return 1ull << ((8 << esz) - 1);
}

static uint64_t fp_exp_mask(int esz)
{
    FPFormat f = fp_format(esz);
    return ((1ull << f.exp_bits) - 1) << f.frac_bits;
}

static uint64_t fp_frac_mask(int esz)
{
    return (1ull << fp_format(esz).frac_bits) - 1;
}

static uint64_t fp_quiet_bit(int esz)
{
    return 1ull << (fp_format(esz).frac_bits - 1);
}

static bool fp_is_nan(int esz, uint64_t a)
{
    return (a & fp_exp_mask(esz)) == fp_exp_mask(esz) &&
           (a & fp_frac_mask(esz)) != 0;
}

static bool fp_is_snan(int esz, uint64_t a)
{
    return fp_is_nan(esz, a) && !(a & fp_quiet_bit(esz));
}

static bool fp_is_qnan(int esz, uint64_t a)
{
    return fp_is_nan(esz, a) && (a & fp_quiet_bit(esz));
}

static uint64_t fp_default_nan(int esz)
{
    return fp_exp_mask(esz) | fp_quiet_bit(esz);
}

static bool fp_dn(const CPUARMState *env)
{
    return (env->fpcr & FPCR_DN) != 0;
}

/* FPProcessNaN(): quiet it (IOC if signalling), or the default NaN. */
static uint64_t fp_process_nan(CPUARMState *env, int esz, uint64_t a)
{
    if (fp_is_snan(esz, a)) {
        env->fpsr |= FPSR_IOC;
    }
    if (fp_dn(env)) {
        return fp_default_nan(esz);
    }
    return a | fp_quiet_bit(esz);
}

/* FPProcessNaNs3(): the first signalling NaN, else the first quiet one. */
static bool fp_process_nans(CPUARMState *env, int esz, const uint64_t *ops,
                            int n, uint64_t *result)
{
    for (int i = 0; i < n; i++) {
        if (fp_is_snan(esz, ops[i])) {
            *result = fp_process_nan(env, esz, ops[i]);
            return true;
        }
    }
    for (int i = 0; i < n; i++) {
        if (fp_is_qnan(esz, ops[i])) {
            *result = fp_process_nan(env, esz, ops[i]);
            return true;
        }
    }
    return false;
}

/* ---- host environment ---- */

static int fp_host_round(int rmode)
{
    switch (rmode) {
    case FPR_P:
        return FE_UPWARD;
    case FPR_M:
        return FE_DOWNWARD;
    case FPR_Z:
        return FE_TOWARDZERO;
    default:
        return FE_TONEAREST;
    }
}

static int fp_fpcr_rmode(const CPUARMState *env)
{
    return (env->fpcr >> FPCR_RMODE_SHIFT) & 3;
}

/*
 * The host exception flags live in MXCSR: helpers and inline code
 * (fadd_f64 and friends) compute with SSE, never x87. MXCSR's flags are
 * the guest's pending cumulative flags: the guest's FPSR is env->fpsr with
 * them OR-ed in (fp_fpsr_read), and writing FPSR clears them
 * (fp_fpsr_write). Helpers fold them in at the end of each operation.
 * arx itself must therefore leave MXCSR's flags alone.
 */
enum {
    MXCSR_IE = 1 << 0, MXCSR_ZE = 1 << 2, MXCSR_OE = 1 << 3,
    MXCSR_UE = 1 << 4, MXCSR_PE = 1 << 5,
    MXCSR_FLAGS = 0x3f,
};

static uint32_t fp_mxcsr_to_fpsr(unsigned csr)
{
    return (csr & MXCSR_IE ? FPSR_IOC : 0) | (csr & MXCSR_ZE ? FPSR_DZC : 0) |
           (csr & MXCSR_OE ? FPSR_OFC : 0) | (csr & MXCSR_UE ? FPSR_UFC : 0) |
           (csr & MXCSR_PE ? FPSR_IXC : 0);
}

uint32_t fp_fpsr_read(const CPUARMState *env)
{
    return env->fpsr | fp_mxcsr_to_fpsr(__builtin_ia32_stmxcsr());
}

void fp_fpsr_write(CPUARMState *env, uint32_t fpsr)
{
    env->fpsr = fpsr;
    __builtin_ia32_ldmxcsr(__builtin_ia32_stmxcsr() & ~(unsigned)MXCSR_FLAGS);
}

uint64_t helper_get_fpsr(uint64_t env)
{
    return fp_fpsr_read((CPUARMState *)(uintptr_t)env);
}

uint64_t helper_set_fpsr(uint64_t env, uint64_t fpsr)
{
    fp_fpsr_write((CPUARMState *)(uintptr_t)env, (uint32_t)fpsr);
    return 0;
}

/*
 * A helper begins by making the pending flags FPSR's; its arithmetic's
 * flags reach FPSR through fp_end. Host code outside that arithmetic
 * (libm rounding, packing, scaling) may raise flags that are not the
 * guest's: on the way out MXCSR gets back the flags it had on entry,
 * which costs an ldmxcsr only when such a flag is new.
 */
unsigned fp_helper_enter(CPUARMState *env)
{
    unsigned csr = __builtin_ia32_stmxcsr();

    env->fpsr |= fp_mxcsr_to_fpsr(csr);
    return csr;
}

void fp_helper_leave(unsigned entry_csr)
{
    unsigned csr = __builtin_ia32_stmxcsr();

    if ((csr & ~entry_csr) & MXCSR_FLAGS)
        __builtin_ia32_ldmxcsr(entry_csr);
}

/* Starts a host FP sequence: rounding as Arm asks. */
static void fp_begin(int rmode)
{
    if (rmode != FPR_N) {
        fesetround(fp_host_round(rmode)); /* rare: x87 and SSE both */
    }
}

/* Ends it: host flags accumulate into FPSR, host rounding restored. */
static void fp_end(CPUARMState *env, int rmode)
{
    if (rmode != FPR_N) {
        fesetround(FE_TONEAREST); /* keeps MXCSR's flags */
    }
    env->fpsr = fp_fpsr_read(env);
}

/* ---- unpack to double (exact) and pack with rounding ---- */

static double fp_half_to_double(uint64_t h)
{
    int exp = (h >> 10) & 0x1f;
    double mag;

    if (exp == 0x1f) {
        mag = INFINITY; /* NaNs never reach here */
    } else if (exp == 0) {
        mag = ldexp((double)(h & 0x3ff), -24);
    } else {
        mag = ldexp((double)((h & 0x3ff) | 0x400), exp - 25);
    }
    return (h & 0x8000) ? -mag : mag;
}

static double fp_unpack(int esz, uint64_t a)
{
    if (esz == FP_H) {
        return fp_half_to_double(a);
    }
    if (esz == FP_S) {
        float f;
        uint32_t w = (uint32_t)a;
        memcpy(&f, &w, 4);
        return f;
    }
    double d;
    memcpy(&d, &a, 8);
    return d;
}

/* Rounds a non-negative x to an integer per rmode (sign of the original
 * value for the directed modes). */
static double fp_round_scaled(double x, int rmode, bool negative)
{
    double ip = floor(x);
    double frac = x - ip;

    if (frac == 0) {
        return ip;
    }
    switch (rmode) {
    case FPR_N:
        if (frac > 0.5 || (frac == 0.5 && fmod(ip, 2.0) != 0)) {
            ip += 1;
        }
        break;
    case FPR_A:
        if (frac >= 0.5) {
            ip += 1;
        }
        break;
    case FPR_P:
        ip += negative ? 0 : 1;
        break;
    case FPR_M:
        ip += negative ? 1 : 0;
        break;
    default:
        break;
    }
    return ip;
}

/* Overflowed result: infinity or the largest finite value, by rmode. */
static uint64_t fp_overflow_value(int esz, bool negative, int rmode)
{
    bool to_inf = rmode == FPR_N || rmode == FPR_A ||
                  (rmode == FPR_P && !negative) ||
                  (rmode == FPR_M && negative);
    /* The largest finite value is the infinity encoding minus one. */
    uint64_t mag = to_inf ? fp_exp_mask(esz) : fp_exp_mask(esz) - 1;
    return (negative ? fp_sign_bit(esz) : 0) | mag;
}

/* FPRound() to half precision, raising OFC/UFC/IXC itself. */
static uint64_t fp_double_to_half(CPUARMState *env, double v, int rmode)
{
    bool negative = signbit(v);
    uint64_t sign = negative ? 0x8000 : 0;
    double a = fabs(v);
    int e;

    if (isinf(a)) {
        return sign | 0x7c00;
    }
    if (a == 0) {
        return sign;
    }
    frexp(a, &e);
    int exp = e - 1 < -14 ? -14 : e - 1;
    int q = exp - 10; /* weight of the significand's lowest bit */
    double scaled = ldexp(a, -q);
    double r = fp_round_scaled(scaled, rmode, negative);
    bool inexact = r != scaled;
    uint64_t mant = (uint64_t)r;

    if (mant == 0x800) {
        mant = 0x400;
        q++;
    }
    if (mant >= 0x400 && q + 10 > 15) {
        env->fpsr |= FPSR_OFC | FPSR_IXC;
        return fp_overflow_value(FP_H, negative, rmode);
    }
    if (inexact) {
        env->fpsr |= FPSR_IXC | (a < 0x1p-14 ? FPSR_UFC : 0);
    }
    if (mant < 0x400) {
        return sign | mant;
    }
    return sign | (uint64_t)(q + 25) << 10 | (mant - 0x400);
}

/*
 * Packs v into esz. The host rounding mode must already be rmode; for S
 * the host conversion rounds and raises flags, for H we do it by hand.
 */
static uint64_t fp_pack(CPUARMState *env, int esz, double v, int rmode)
{
    if (esz == FP_H) {
        return fp_double_to_half(env, v, rmode);
    }
    if (esz == FP_S) {
        volatile double src = v;
        volatile float f = (float)src;
        float out = f;
        uint32_t w;
        memcpy(&w, &out, 4);
        return w;
    }
    uint64_t d;
    memcpy(&d, &v, 8);
    return d;
}

/* Packs an operation's result; a host NaN there is Arm's default NaN. */
static uint64_t fp_pack_result(CPUARMState *env, int esz, double v,
                               int rmode)
{
    if (isnan(v)) {
        return fp_default_nan(esz);
    }
    return fp_pack(env, esz, v, rmode);
}

/* ---- arithmetic ---- */

static double fp_minmax(double x, double y, bool is_max)
{
    if (x == 0 && y == 0) {
        bool neg = is_max ? signbit(x) && signbit(y)
                          : signbit(x) || signbit(y);
        return neg ? -0.0 : 0.0;
    }
    if (is_max) {
        return x > y ? x : y;
    }
    return x < y ? x : y;
}

static double fp_host_binop(int op, double x, double y)
{
    volatile double vx = x, vy = y;
    volatile double r;

    switch (op) {
    case FPOP_ADD:
        r = vx + vy;
        break;
    case FPOP_SUB:
        r = vx - vy;
        break;
    case FPOP_MUL:
        r = vx * vy;
        break;
    case FPOP_DIV:
        r = vx / vy;
        break;
    case FPOP_MAX:
    case FPOP_MAXNM:
        r = fp_minmax(x, y, true);
        break;
    default:
        r = fp_minmax(x, y, false);
        break;
    }
    return r;
}

uint64_t fp_binop(CPUARMState *env, int op, int esz, uint64_t a, uint64_t b)
{
    uint64_t ops[2] = { a, b };
    uint64_t result;

    if (op == FPOP_NMUL) {
        /* FNMUL negates whatever FPMul() gave, NaNs included. */
        return fp_binop(env, FPOP_MUL, esz, a, b) ^ fp_sign_bit(esz);
    }
    if (op == FPOP_ABD) {
        /* FABD is FPAbs(FPSub()): NaN results lose their sign too. */
        return fp_binop(env, FPOP_SUB, esz, a, b) & ~fp_sign_bit(esz);
    }
    if (op == FPOP_MAXNM || op == FPOP_MINNM) {
        /* FPMaxNum/FPMinNum: a lone quiet NaN loses to a number. */
        if (fp_is_qnan(esz, a) && !fp_is_nan(esz, b)) {
            return b;
        }
        if (fp_is_qnan(esz, b) && !fp_is_nan(esz, a)) {
            return a;
        }
    }
    if (fp_process_nans(env, esz, ops, 2, &result)) {
        return result;
    }
    int rmode = fp_fpcr_rmode(env);
    fp_begin(rmode);
    /* S and H in double: products are exact, quotients round innocuously. */
    double r = fp_host_binop(op, fp_unpack(esz, a), fp_unpack(esz, b));
    result = fp_pack_result(env, esz, r, rmode);
    fp_end(env, rmode);
    return result;
}

static bool fp_is_inf_bits(int esz, uint64_t a)
{
    return (a & ~fp_sign_bit(esz)) == fp_exp_mask(esz);
}

static bool fp_is_zero_bits(int esz, uint64_t a)
{
    return (a & ~fp_sign_bit(esz)) == 0;
}

static double fp_host_fma(int esz, double x, double y, double z)
{
    if (esz == FP_S) {
        volatile float fx = (float)x, fy = (float)y, fz = (float)z;
        return fmaf(fx, fy, fz);
    }
    volatile double vx = x, vy = y, vz = z;
    return fma(vx, vy, vz);
}

uint64_t fp_muladd(CPUARMState *env, int esz, uint64_t addend, uint64_t n,
                   uint64_t m, bool neg_n, bool neg_addend)
{
    uint64_t ops[3];
    uint64_t result;

    if (neg_n) {
        n ^= fp_sign_bit(esz);
    }
    if (neg_addend) {
        addend ^= fp_sign_bit(esz);
    }
    ops[0] = addend;
    ops[1] = n;
    ops[2] = m;
    bool inf_times_zero =
        (fp_is_inf_bits(esz, n) && fp_is_zero_bits(esz, m)) ||
        (fp_is_zero_bits(esz, n) && fp_is_inf_bits(esz, m));
    if (fp_is_qnan(esz, addend) && inf_times_zero) {
        env->fpsr |= FPSR_IOC;
        return fp_default_nan(esz);
    }
    if (fp_process_nans(env, esz, ops, 3, &result)) {
        return result;
    }
    int rmode = fp_fpcr_rmode(env);
    fp_begin(rmode);
    double r = fp_host_fma(esz, fp_unpack(esz, n), fp_unpack(esz, m),
                           fp_unpack(esz, addend));
    result = fp_pack_result(env, esz, r, rmode);
    fp_end(env, rmode);
    return result;
}

uint64_t fp_sqrt(CPUARMState *env, int esz, uint64_t a)
{
    if (fp_is_nan(esz, a)) {
        return fp_process_nan(env, esz, a);
    }
    int rmode = fp_fpcr_rmode(env);
    fp_begin(rmode);
    volatile double x = fp_unpack(esz, a);
    double r = sqrt(x);
    uint64_t result = fp_pack_result(env, esz, r, rmode);
    fp_end(env, rmode);
    return result;
}

/* ---- rounding to integral and conversions ---- */

static int fp_resolve_rmode(const CPUARMState *env, int rmode)
{
    return rmode == FPR_FPCR ? fp_fpcr_rmode(env) : rmode;
}

/* x rounded to an integral value per rmode, keeping the sign of zero. */
static double fp_round_double(double x, int rmode)
{
    double r = fp_round_scaled(fabs(x), rmode, signbit(x));
    return signbit(x) ? -r : r;
}

uint64_t fp_round_int(CPUARMState *env, int esz, uint64_t a, int rmode,
                      bool exact)
{
    if (fp_is_nan(esz, a)) {
        return fp_process_nan(env, esz, a);
    }
    if (fp_is_inf_bits(esz, a) || fp_is_zero_bits(esz, a)) {
        return a;
    }
    rmode = fp_resolve_rmode(env, rmode);
    double x = fp_unpack(esz, a);
    double r = fp_round_double(x, rmode);
    if (exact && r != x) {
        env->fpsr |= FPSR_IXC;
    }
    /* An integral value no larger than 2^precision packs exactly. */
    return fp_pack(env, esz, r, FPR_N);
}

uint64_t fp_to_fixed(CPUARMState *env, int esz, uint64_t a, int fbits,
                     bool is_unsigned, int int_bits, int rmode)
{
    if (fp_is_nan(esz, a)) {
        env->fpsr |= FPSR_IOC;
        return 0;
    }
    rmode = fp_resolve_rmode(env, rmode);
    double x = ldexp(fp_unpack(esz, a), fbits);
    double r = fp_round_double(x, rmode);
    double hi = is_unsigned ? ldexp(1.0, int_bits)
                            : ldexp(1.0, int_bits - 1);
    double lo = is_unsigned ? 0.0 : -hi;
    uint64_t mask = int_bits == 64 ? ~0ull : (1ull << int_bits) - 1;
    uint64_t smin = 1ull << (int_bits - 1);

    if (r >= hi) {
        env->fpsr |= FPSR_IOC;
        return is_unsigned ? mask : smin - 1;
    }
    if (r < lo) {
        env->fpsr |= FPSR_IOC;
        return is_unsigned ? 0 : smin;
    }
    if (r != x) {
        env->fpsr |= FPSR_IXC;
    }
    if (is_unsigned) {
        return (uint64_t)r & mask;
    }
    return (uint64_t)(int64_t)r & mask;
}

/* Integer to S/D/H with host rounding already set; exact scaling after. */
static uint64_t fp_int_to_format(CPUARMState *env, int esz, uint64_t val,
                                 bool is_unsigned, int fbits, int rmode)
{
    if (esz == FP_S) {
        volatile uint64_t uv = val;
        volatile float f = is_unsigned ? (float)uv : (float)(int64_t)uv;
        return fp_pack(env, FP_S, ldexp((double)f, -fbits), rmode);
    }
    if (esz == FP_D) {
        volatile uint64_t uv = val;
        volatile double d = is_unsigned ? (double)uv : (double)(int64_t)uv;
        return fp_pack(env, FP_D, ldexp(d, -fbits), rmode);
    }
    /* Every integer that does not overflow half is exact in double. */
    double d = is_unsigned ? (double)val : (double)(int64_t)val;
    return fp_pack(env, FP_H, ldexp(d, -fbits), rmode);
}

uint64_t fp_from_fixed(CPUARMState *env, int esz, uint64_t val, int fbits,
                       bool is_unsigned, int int_bits)
{
    if (int_bits < 64) {
        uint64_t mask = (1ull << int_bits) - 1;
        val &= mask;
        if (!is_unsigned && (val >> (int_bits - 1))) {
            val |= ~mask;
        }
    }
    int rmode = fp_fpcr_rmode(env);
    fp_begin(rmode);
    uint64_t result =
        fp_int_to_format(env, esz, val, is_unsigned, fbits, rmode);
    fp_end(env, rmode);
    return result;
}

/* FPConvertNaN(): keep the sign and the top fraction bits, quieted. */
static uint64_t fp_convert_nan(CPUARMState *env, int from, int to,
                               uint64_t a)
{
    if (fp_is_snan(from, a)) {
        env->fpsr |= FPSR_IOC;
    }
    if (fp_dn(env)) {
        return fp_default_nan(to);
    }
    FPFormat f = fp_format(from), t = fp_format(to);
    uint64_t frac = a & fp_frac_mask(from);
    frac = t.frac_bits >= f.frac_bits ? frac << (t.frac_bits - f.frac_bits)
                                      : frac >> (f.frac_bits - t.frac_bits);
    uint64_t sign = (a & fp_sign_bit(from)) ? fp_sign_bit(to) : 0;
    return sign | fp_exp_mask(to) | fp_quiet_bit(to) | frac;
}

uint64_t fp_convert(CPUARMState *env, int from_esz, int to_esz, uint64_t a)
{
    if (fp_is_nan(from_esz, a)) {
        return fp_convert_nan(env, from_esz, to_esz, a);
    }
    int rmode = fp_fpcr_rmode(env);
    fp_begin(rmode);
    uint64_t result = fp_pack(env, to_esz, fp_unpack(from_esz, a), rmode);
    fp_end(env, rmode);
    return result;
}

uint64_t fp_compare(CPUARMState *env, int esz, uint64_t a, uint64_t b,
                    bool signal_nans)
{
    if (fp_is_nan(esz, a) || fp_is_nan(esz, b)) {
        if (signal_nans || fp_is_snan(esz, a) || fp_is_snan(esz, b)) {
            env->fpsr |= FPSR_IOC;
        }
        return 0x3ull << 28;
    }
    double x = fp_unpack(esz, a), y = fp_unpack(esz, b);
    if (x == y) {
        return 0x6ull << 28;
    }
    return (x < y ? 0x8ull : 0x2ull) << 28;
}

bool fp_compare_mask(CPUARMState *env, int cmp, int esz, uint64_t a,
                     uint64_t b)
{
    if (fp_is_nan(esz, a) || fp_is_nan(esz, b)) {
        /* FPCompareEQ signals only for SNaN; GE/GT for any NaN. */
        if (cmp != FPCMP_EQ || fp_is_snan(esz, a) || fp_is_snan(esz, b)) {
            env->fpsr |= FPSR_IOC;
        }
        return false;
    }
    double x = fp_unpack(esz, a), y = fp_unpack(esz, b);
    switch (cmp) {
    case FPCMP_EQ:
        return x == y;
    case FPCMP_GE:
        return x >= y;
    case FPCMP_GT:
        return x > y;
    case FPCMP_ACGE:
        return fabs(x) >= fabs(y);
    default:
        return fabs(x) > fabs(y);
    }
}

/* ---- entry points for translated code ---- */

uint64_t helper_fp_binop(uint64_t env, uint64_t a, uint64_t b, uint64_t desc)
{
    CPUARMState *e = (CPUARMState *)env;
    unsigned csr = fp_helper_enter(e);
    uint64_t r;

    r = fp_binop(e, (int)(desc >> 8), (int)(desc & 0xff), a, b);
    fp_helper_leave(csr);
    return r;
}

uint64_t helper_fp_muladd(uint64_t env, uint64_t addend, uint64_t n,
                          uint64_t m, uint64_t desc)
{
    CPUARMState *e = (CPUARMState *)env;
    unsigned csr = fp_helper_enter(e);
    uint64_t r;

    r = fp_muladd(e, (int)(desc & 0xff), addend, n, m,
                  (desc >> 8) & 1, (desc >> 9) & 1);
    fp_helper_leave(csr);
    return r;
}

uint64_t helper_fp_sqrt(uint64_t env, uint64_t a, uint64_t esz)
{
    CPUARMState *e = (CPUARMState *)env;
    unsigned csr = fp_helper_enter(e);
    uint64_t r;

    r = fp_sqrt(e, (int)esz, a);
    fp_helper_leave(csr);
    return r;
}

uint64_t helper_fp_round_int(uint64_t env, uint64_t a, uint64_t desc)
{
    CPUARMState *e = (CPUARMState *)env;
    unsigned csr = fp_helper_enter(e);
    uint64_t r;

    r = fp_round_int(e, (int)(desc & 0xff), a,
                     (int)((desc >> 8) & 0xff), (desc >> 16) & 1);
    fp_helper_leave(csr);
    return r;
}

uint64_t helper_fp_to_fixed(uint64_t env, uint64_t a, uint64_t desc)
{
    CPUARMState *e = (CPUARMState *)env;
    unsigned csr = fp_helper_enter(e);
    uint64_t r;

    r = fp_to_fixed(e, (int)(desc & 0xff), a,
                    (int)((desc >> 25) & 0x7f), (desc >> 16) & 1,
                    (int)((desc >> 17) & 0xff), (int)((desc >> 8) & 0xff));
    fp_helper_leave(csr);
    return r;
}

uint64_t helper_fp_from_fixed(uint64_t env, uint64_t val, uint64_t desc)
{
    CPUARMState *e = (CPUARMState *)env;
    unsigned csr = fp_helper_enter(e);
    uint64_t r;

    r = fp_from_fixed(e, (int)(desc & 0xff), val,
                      (int)((desc >> 25) & 0x7f), (desc >> 16) & 1,
                      (int)((desc >> 17) & 0xff));
    fp_helper_leave(csr);
    return r;
}

uint64_t helper_fp_convert(uint64_t env, uint64_t a, uint64_t desc)
{
    CPUARMState *e = (CPUARMState *)env;
    unsigned csr = fp_helper_enter(e);
    uint64_t r;

    r = fp_convert(e, (int)(desc & 0xff),
                   (int)((desc >> 8) & 0xff), a);
    fp_helper_leave(csr);
    return r;
}

uint64_t helper_fp_compare(uint64_t env, uint64_t a, uint64_t b,
                           uint64_t desc)
{
    CPUARMState *e = (CPUARMState *)env;
    unsigned csr = fp_helper_enter(e);
    uint64_t r;

    r = fp_compare(e, (int)(desc & 0xff), a, b,
                   (desc >> 8) & 1);
    fp_helper_leave(csr);
    return r;
}
