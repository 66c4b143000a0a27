/*
 * Scalar floating-point helpers: host double/float arithmetic wrapped in
 * Arm's rules (NaN propagation, default NaN, saturating conversions,
 * FPCR.RMode, FZ, FZ16, cumulative FPSR flags from the host's fenv). Half
 * precision is computed in double and packed back in software. No IR here.
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
    case FP_H: return (FPFormat){10, 5};
    case FP_S: return (FPFormat){23, 8};
    default: return (FPFormat){52, 11};
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

/* Flush-to-zero for esz: FPCR.FZ16 for half precision, FPCR.FZ else. */
static bool fp_fz(const CPUARMState *env, int esz)
{
    return (env->fpcr & (esz == FP_H ? FPCR_FZ16 : FPCR_FZ)) != 0;
}

/*
 * FPUnpack() under flush-to-zero: a denormal is a zero. FZ (S, D) sets
 * IDC; FZ16 (H) sets nothing.
 */
static uint64_t fp_flush_input(CPUARMState *env, int esz, uint64_t a)
{
    if (!fp_fz(env, esz)) {
        return a;
    }
    if ((a & fp_exp_mask(esz)) == 0 && (a & fp_frac_mask(esz)) != 0) {
        if (esz != FP_H) {
            env->fpsr |= FPSR_IDC;
        }
        return a & fp_sign_bit(esz);
    }
    return a;
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
    case FPR_P: return FE_UPWARD;
    case FPR_M: return FE_DOWNWARD;
    case FPR_Z: return FE_TOWARDZERO;
    default: return FE_TONEAREST;
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
    MXCSR_IE = 1 << 0,
    MXCSR_ZE = 1 << 2,
    MXCSR_OE = 1 << 3,
    MXCSR_UE = 1 << 4,
    MXCSR_PE = 1 << 5,
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

/* alt: FPCR.AHP's format, where exponent 31 is an ordinary one. */
static double fp_half_to_double(uint64_t h, bool alt)
{
    int exp = (h >> 10) & 0x1f;
    double mag;

    if (exp == 0x1f && !alt) {
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
        return fp_half_to_double(a, false);
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
    case FPR_P: ip += negative ? 0 : 1; break;
    case FPR_M: ip += negative ? 1 : 0; break;
    default: break;
    }
    return ip;
}

/* Overflowed result: infinity or the largest finite value, by rmode. */
static uint64_t fp_overflow_value(int esz, bool negative, int rmode)
{
    bool to_inf = rmode == FPR_N || rmode == FPR_A ||
                  (rmode == FPR_P && !negative) || (rmode == FPR_M && negative);
    /* The largest finite value is the infinity encoding minus one. */
    uint64_t mag = to_inf ? fp_exp_mask(esz) : fp_exp_mask(esz) - 1;
    return (negative ? fp_sign_bit(esz) : 0) | mag;
}

/*
 * FPRound() to half precision, raising OFC/UFC/IXC itself. alt: the AHP
 * format, which has no infinity: what rounds beyond it saturates, IOC.
 */
static uint64_t fp_double_to_half(CPUARMState *env, double v, int rmode,
                                  bool alt)
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
    if (alt && mant >= 0x400 && q + 10 > 16) {
        env->fpsr |= FPSR_IOC;
        return sign | 0x7fff;
    }
    if (!alt && mant >= 0x400 && q + 10 > 15) {
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
        return fp_double_to_half(env, v, rmode, false);
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
static uint64_t fp_pack_result(CPUARMState *env, int esz, double v, int rmode)
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
        bool neg = is_max ? signbit(x) && signbit(y) : signbit(x) || signbit(y);
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
    case FPOP_ADD: r = vx + vy; break;
    case FPOP_SUB: r = vx - vy; break;
    case FPOP_MUL: r = vx * vy; break;
    case FPOP_DIV: r = vx / vy; break;
    case FPOP_MAX:
    case FPOP_MAXNM: r = fp_minmax(x, y, true); break;
    default: r = fp_minmax(x, y, false); break;
    }
    return r;
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

/*
 * One host computation whose result FPRound() packs: run once in round
 * towards zero to decide FZ's flush, then for real in the FPCR mode.
 */
enum { CALC_BINOP, CALC_FMA, CALC_SQRT, CALC_VALUE };

typedef struct FPCalc {
    int kind;
    int op;
    double x, y, z;
} FPCalc;

static double fp_calc_run(int esz, const FPCalc *c)
{
    switch (c->kind) {
    case CALC_BINOP: return fp_host_binop(c->op, c->x, c->y);
    case CALC_FMA: return fp_host_fma(esz, c->x, c->y, c->z);
    case CALC_SQRT: {
        volatile double x = c->x;
        return sqrt(x);
    }
    default: return c->x;
    }
}

static void fp_clear_host_flags(void)
{
    __builtin_ia32_ldmxcsr(__builtin_ia32_stmxcsr() & ~(unsigned)MXCSR_FLAGS);
}

/*
 * Most results are far above the smallest normal, or exactly zero (a
 * product with a zero, x - x: no tiny result, FZ flushes nothing and the
 * rounding mode gives its sign): one computation in the host's default
 * rounding tells so without switching rounding modes (a result at least
 * twice the smallest normal comes from an exact value above it, whatever
 * the rounding; a zero without the inexact flag is exact). Its host flags
 * are dropped; FPSR has the pending ones already.
 */
static bool fp_clearly_normal(int esz, const FPCalc *c)
{
    double r = fp_calc_run(esz, c);
    double min_normal = esz == FP_D ? 0x1p-1022 : 0x1p-126;
    bool exact = !(__builtin_ia32_stmxcsr() & MXCSR_PE);

    fp_clear_host_flags();
    return !isnan(r) && (fabs(r) >= 2 * min_normal || (r == 0 && exact));
}

/*
 * FPRound() under FPCR.FZ (S and D results): an exact result that is not
 * zero and below the smallest normal becomes a zero of its sign with UFC
 * only. Rounding towards zero keeps "below the smallest normal" and turns
 * a nonzero result into zero only with an inexact flag. The trial's host
 * flags are discarded (the pending ones are folded into FPSR first).
 */
static bool fp_flush_output(CPUARMState *env, int esz, const FPCalc *c,
                            uint64_t *out)
{
    if (esz == FP_H || !(env->fpcr & FPCR_FZ)) {
        return false;
    }
    env->fpsr = fp_fpsr_read(env);
    fp_clear_host_flags();
    if (fp_clearly_normal(esz, c)) {
        return false;
    }
    fesetround(FE_TOWARDZERO);
    double r = fp_calc_run(esz, c);
    uint64_t bits = isnan(r) ? fp_exp_mask(esz) : fp_pack(env, esz, r, FPR_Z);
    unsigned csr = __builtin_ia32_stmxcsr();
    fesetround(FE_TONEAREST);
    fp_clear_host_flags();

    uint64_t mag = bits & ~fp_sign_bit(esz);
    if (mag >= (1ull << fp_format(esz).frac_bits) ||
        (mag == 0 && !(csr & MXCSR_PE))) {
        return false;
    }
    env->fpsr |= FPSR_UFC;
    *out = bits & fp_sign_bit(esz);
    return true;
}

/*
 * A result of exactly the smallest normal magnitude may have been rounded
 * up from below it: Arm decides tininess before rounding (UFC), the host
 * after (no underflow). Rounding towards zero tells: the exact value was
 * below the smallest normal iff that result is. The trial's host flags
 * are discarded (the pending ones are folded into FPSR first).
 */
static void fp_note_tiny_before_rounding(CPUARMState *env, int esz,
                                         const FPCalc *c, uint64_t result)
{
    uint64_t min_normal = 1ull << fp_format(esz).frac_bits;

    if (esz == FP_H || (result & ~fp_sign_bit(esz)) != min_normal) {
        return;
    }
    env->fpsr = fp_fpsr_read(env);
    fp_clear_host_flags();
    fesetround(FE_TOWARDZERO);
    double r = fp_calc_run(esz, c);
    uint64_t bits = isnan(r) ? fp_exp_mask(esz) : fp_pack(env, esz, r, FPR_Z);
    fesetround(FE_TONEAREST);
    fp_clear_host_flags();
    if ((bits & ~fp_sign_bit(esz)) < min_normal) {
        env->fpsr |= FPSR_UFC;
    }
}

/*
 * Half precision: the operands are exact in double, where the host
 * computes once rounding towards zero, and the last bit is set when that
 * was inexact (round to odd). 53 bits rounded to odd then round to 11
 * bits as the exact value would in every mode, FMA included, and stay
 * below 2^-14 exactly when the exact value is (tininess before rounding,
 * FZ16's flush). Products, sums and quotients of halves never overflow or
 * underflow in double: the host's IE, ZE and PE are all that matter.
 */
static uint64_t fp_half_calc(CPUARMState *env, const FPCalc *c)
{
    int rmode = fp_fpcr_rmode(env);

    env->fpsr = fp_fpsr_read(env);
    fp_clear_host_flags();
    fesetround(FE_TOWARDZERO);
    double r = fp_calc_run(FP_H, c);
    unsigned csr = __builtin_ia32_stmxcsr();
    if (r == 0 && !(csr & MXCSR_PE)) {
        /* An exact zero sum is -0 only when rounding towards minus. */
        fesetround(fp_host_round(rmode));
        r = fp_calc_run(FP_H, c);
    }
    fesetround(FE_TONEAREST);
    fp_clear_host_flags();
    env->fpsr |=
        (csr & MXCSR_IE ? FPSR_IOC : 0) | (csr & MXCSR_ZE ? FPSR_DZC : 0);
    if (isnan(r)) {
        return fp_default_nan(FP_H);
    }
    if (csr & MXCSR_PE) {
        uint64_t bits;
        memcpy(&bits, &r, 8);
        bits |= 1;
        memcpy(&r, &bits, 8);
    }
    if (fp_fz(env, FP_H) && r != 0 && fabs(r) < 0x1p-14) {
        env->fpsr |= FPSR_UFC;
        return signbit(r) ? 0x8000 : 0;
    }
    return fp_double_to_half(env, r, rmode, false);
}

/* The result of c in esz per FPCR: FZ's flush, else host rounding. */
static uint64_t fp_calc_result(CPUARMState *env, int esz, const FPCalc *c)
{
    uint64_t result;

    if (esz == FP_H) {
        return fp_half_calc(env, c);
    }
    if (fp_flush_output(env, esz, c, &result)) {
        return result;
    }
    int rmode = fp_fpcr_rmode(env);
    fp_begin(rmode);
    result = fp_pack_result(env, esz, fp_calc_run(esz, c), rmode);
    fp_end(env, rmode);
    fp_note_tiny_before_rounding(env, esz, c, result);
    return result;
}

uint64_t fp_binop(CPUARMState *env, int op, int esz, uint64_t a, uint64_t b)
{
    uint64_t ops[2];
    uint64_t result;

    if (op == FPOP_NMUL) {
        /* FNMUL negates whatever FPMul() gave, NaNs included. */
        return fp_binop(env, FPOP_MUL, esz, a, b) ^ fp_sign_bit(esz);
    }
    if (op == FPOP_ABD) {
        /* FABD is FPAbs(FPSub()): NaN results lose their sign too. */
        return fp_binop(env, FPOP_SUB, esz, a, b) & ~fp_sign_bit(esz);
    }
    a = fp_flush_input(env, esz, a);
    b = fp_flush_input(env, esz, b);
    if (op == FPOP_MAXNM || op == FPOP_MINNM) {
        /* FPMaxNum/FPMinNum: a lone quiet NaN loses to a number. */
        if (fp_is_qnan(esz, a) && !fp_is_nan(esz, b)) {
            return b;
        }
        if (fp_is_qnan(esz, b) && !fp_is_nan(esz, a)) {
            return a;
        }
    }
    ops[0] = a;
    ops[1] = b;
    if (fp_process_nans(env, esz, ops, 2, &result)) {
        return result;
    }
    /* S and H in double: products are exact, quotients round innocuously. */
    FPCalc c = {CALC_BINOP, op, fp_unpack(esz, a), fp_unpack(esz, b), 0};
    return fp_calc_result(env, esz, &c);
}

static bool fp_is_inf_bits(int esz, uint64_t a)
{
    return (a & ~fp_sign_bit(esz)) == fp_exp_mask(esz);
}

static bool fp_is_zero_bits(int esz, uint64_t a)
{
    return (a & ~fp_sign_bit(esz)) == 0;
}

static uint64_t fp_bias(int esz)
{
    return (1ull << (fp_format(esz).exp_bits - 1)) - 1;
}

/* FMULX: FMUL except that infinity times zero is +-2.0. */
uint64_t fp_mulx(CPUARMState *env, int esz, uint64_t a, uint64_t b)
{
    a = fp_flush_input(env, esz, a);
    b = fp_flush_input(env, esz, b);
    if ((fp_is_inf_bits(esz, a) && fp_is_zero_bits(esz, b)) ||
        (fp_is_zero_bits(esz, a) && fp_is_inf_bits(esz, b))) {
        /* 2.0: biased exponent bias + 1, fraction 0. */
        uint64_t two = (fp_bias(esz) + 1) << fp_format(esz).frac_bits;
        return two | ((a ^ b) & fp_sign_bit(esz));
    }
    return fp_binop(env, FPOP_MUL, esz, a, b);
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
    ops[0] = addend = fp_flush_input(env, esz, addend);
    ops[1] = n = fp_flush_input(env, esz, n);
    ops[2] = m = fp_flush_input(env, esz, m);
    bool inf_times_zero = (fp_is_inf_bits(esz, n) && fp_is_zero_bits(esz, m)) ||
                          (fp_is_zero_bits(esz, n) && fp_is_inf_bits(esz, m));
    if (fp_is_qnan(esz, addend) && inf_times_zero) {
        env->fpsr |= FPSR_IOC;
        return fp_default_nan(esz);
    }
    if (fp_process_nans(env, esz, ops, 3, &result)) {
        return result;
    }
    FPCalc c = {CALC_FMA, 0, fp_unpack(esz, n), fp_unpack(esz, m),
                fp_unpack(esz, addend)};
    return fp_calc_result(env, esz, &c);
}

uint64_t fp_sqrt(CPUARMState *env, int esz, uint64_t a)
{
    a = fp_flush_input(env, esz, a);
    if (fp_is_nan(esz, a)) {
        return fp_process_nan(env, esz, a);
    }
    FPCalc c = {CALC_SQRT, 0, fp_unpack(esz, a), 0, 0};
    return fp_calc_result(env, esz, &c);
}

/* ---- reciprocal estimates and steps ---- */

/* RecipEstimate(): a in 256..511 (units of 1/512), result 256..511. */
unsigned fp_recip_estimate_int(unsigned a)
{
    a = a * 2 + 1;
    unsigned b = (1u << 19) / a;
    return (b + 1) / 2;
}

/* RecipSqrtEstimate(): a in 128..511, result 256..511. */
unsigned fp_rsqrt_estimate_int(unsigned a)
{
    if (a < 256) {
        a = a * 2 + 1;
    } else {
        a = (a >> 1) << 1;
        a = (a + 1) * 2;
    }
    uint64_t b = 512;
    while ((uint64_t)a * (b + 1) * (b + 1) < (1ull << 28)) {
        b++;
    }
    return (unsigned)((b + 1) / 2);
}

/* Exponent field and the fraction left-aligned in 52 bits. */
static void fp_split(int esz, uint64_t a, int *exp, uint64_t *frac)
{
    FPFormat f = fp_format(esz);
    *exp = (int)((a & fp_exp_mask(esz)) >> f.frac_bits);
    *frac = (a & fp_frac_mask(esz)) << (52 - f.frac_bits);
}

/* FPRecipEstimate() for S and D. */
uint64_t fp_recip_estimate(CPUARMState *env, int esz, uint64_t a)
{
    const uint64_t mask52 = (1ull << 52) - 1;
    uint64_t sign, frac;
    int exp;

    a = fp_flush_input(env, esz, a);
    sign = a & fp_sign_bit(esz);
    if (fp_is_nan(esz, a)) {
        return fp_process_nan(env, esz, a);
    }
    if (fp_is_inf_bits(esz, a)) {
        return sign;
    }
    if (fp_is_zero_bits(esz, a)) {
        env->fpsr |= FPSR_DZC;
        return sign | fp_exp_mask(esz);
    }
    fp_split(esz, a, &exp, &frac);
    if (exp == 0 && (frac >> 50) == 0) {
        /* Below 2^-(bias+1): the reciprocal overflows. */
        env->fpsr |= FPSR_OFC | FPSR_IXC;
        return fp_overflow_value(esz, sign != 0, fp_fpcr_rmode(env));
    }
    if (fp_fz(env, esz) && (uint64_t)exp >= 2 * fp_bias(esz) - 1) {
        env->fpsr |= FPSR_UFC;
        return sign;
    }
    if (exp == 0) {
        if (!((frac >> 51) & 1)) {
            exp = -1;
            frac = (frac << 2) & mask52;
        } else {
            frac = (frac << 1) & mask52;
        }
    }
    int result_exp = (int)(2 * fp_bias(esz) - 1) - exp;
    unsigned est = fp_recip_estimate_int(256 | (unsigned)(frac >> 44));
    frac = (uint64_t)(est & 0xff) << 44;
    if (result_exp == 0) {
        frac = 1ull << 51 | frac >> 1;
    } else if (result_exp == -1) {
        frac = 1ull << 50 | frac >> 2;
        result_exp = 0;
    }
    FPFormat f = fp_format(esz);
    return sign | (uint64_t)result_exp << f.frac_bits |
           frac >> (52 - f.frac_bits);
}

/* FPRSqrtEstimate() for S and D. */
uint64_t fp_rsqrt_estimate(CPUARMState *env, int esz, uint64_t a)
{
    const uint64_t mask52 = (1ull << 52) - 1;
    uint64_t frac;
    int exp;

    a = fp_flush_input(env, esz, a);
    if (fp_is_nan(esz, a)) {
        return fp_process_nan(env, esz, a);
    }
    if (fp_is_zero_bits(esz, a)) {
        env->fpsr |= FPSR_DZC;
        return (a & fp_sign_bit(esz)) | fp_exp_mask(esz);
    }
    if (a & fp_sign_bit(esz)) {
        env->fpsr |= FPSR_IOC;
        return fp_default_nan(esz);
    }
    if (fp_is_inf_bits(esz, a)) {
        return 0;
    }
    fp_split(esz, a, &exp, &frac);
    if (exp == 0) {
        while (!((frac >> 51) & 1)) {
            frac = (frac << 1) & mask52;
            exp--;
        }
        frac = (frac << 1) & mask52;
    }
    unsigned scaled = (exp & 1) == 0 ? 256 | (unsigned)(frac >> 44)
                                     : 128 | (unsigned)(frac >> 45);
    int result_exp = ((int)(3 * fp_bias(esz) - 1) - exp) / 2;
    unsigned est = fp_rsqrt_estimate_int(scaled);
    FPFormat f = fp_format(esz);
    return (uint64_t)result_exp << f.frac_bits | (uint64_t)(est & 0xff)
                                                     << (f.frac_bits - 8);
}

/* FPRecpX(): the exponent inverted, fraction zero. */
uint64_t fp_recpx(CPUARMState *env, int esz, uint64_t a)
{
    a = fp_flush_input(env, esz, a);
    if (fp_is_nan(esz, a)) {
        return fp_process_nan(env, esz, a);
    }
    uint64_t sign = a & fp_sign_bit(esz);
    uint64_t exp = a & fp_exp_mask(esz);
    if (exp == 0) {
        /* max_exp = Ones(E-1):'0' */
        return sign | (fp_exp_mask(esz) - (1ull << fp_format(esz).frac_bits));
    }
    return sign | (~a & fp_exp_mask(esz));
}

/*
 * FPRecipStepFused() (2 - n*m) and FPRSqrtStepFused() ((3 - n*m) / 2):
 * one rounding. The halving is exact except that 3 - n*m may overflow
 * where its half does not, so a large operand is halved first instead.
 */
uint64_t fp_recip_step(CPUARMState *env, int esz, uint64_t n, uint64_t m,
                       bool rsqrt)
{
    uint64_t ops[2], result;
    uint64_t one = fp_bias(esz) << fp_format(esz).frac_bits;

    n ^= fp_sign_bit(esz);
    ops[0] = n = fp_flush_input(env, esz, n);
    ops[1] = m = fp_flush_input(env, esz, m);
    if (fp_process_nans(env, esz, ops, 2, &result)) {
        return result;
    }
    bool inf_n = fp_is_inf_bits(esz, n), inf_m = fp_is_inf_bits(esz, m);
    if ((inf_n && fp_is_zero_bits(esz, m)) ||
        (inf_m && fp_is_zero_bits(esz, n))) {
        /* 2.0 or 1.5 */
        return rsqrt ? one | 1ull << (fp_format(esz).frac_bits - 1)
                     : one + (1ull << fp_format(esz).frac_bits);
    }
    if (inf_n || inf_m) {
        return ((n ^ m) & fp_sign_bit(esz)) | fp_exp_mask(esz);
    }
    double x = fp_unpack(esz, n), y = fp_unpack(esz, m);
    double addend = 2.0;
    if (rsqrt) {
        /* H: every nonzero half halves exactly in double. */
        double minimum = esz == FP_H   ? 0x1p-30
                         : esz == FP_S ? 0x1p-120
                                       : 0x1p-1000;
        if (fabs(x) >= fabs(y) && fabs(x) >= minimum) {
            x /= 2;
            addend = 1.5;
        } else if (fabs(y) >= minimum) {
            y /= 2;
            addend = 1.5;
        } else {
            /*
             * Both tiny: n*m/2 lies far below half an ulp of 1.5 and only
             * its sign and being nonzero matter; stand-ins that halve
             * exactly keep both.
             */
            double stand_in = esz == FP_S ? 0x1p-70 : 0x1p-600;
            x = x == 0 ? x : copysign(stand_in, x);
            y = y == 0 ? y : copysign(stand_in, y) / 2;
            addend = 1.5;
        }
    }
    FPCalc c = {CALC_FMA, 0, x, y, addend};
    return fp_calc_result(env, esz, &c);
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
    a = fp_flush_input(env, esz, a);
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
    a = fp_flush_input(env, esz, a);
    if (fp_is_nan(esz, a)) {
        env->fpsr |= FPSR_IOC;
        return 0;
    }
    rmode = fp_resolve_rmode(env, rmode);
    double x = ldexp(fp_unpack(esz, a), fbits);
    double r = fp_round_double(x, rmode);
    double hi = is_unsigned ? ldexp(1.0, int_bits) : ldexp(1.0, int_bits - 1);
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
    /*
     * Exactly in double: bits beyond 53 are folded into a sticky last bit
     * (far below half's 11), so the one rounding is fp_pack's.
     */
    bool negative = !is_unsigned && (int64_t)val < 0;
    uint64_t mag = negative ? -val : val;
    int shift = 0;
    while (mag >> 53) {
        mag = (mag >> 1) | (mag & 1);
        shift++;
    }
    double v = ldexp(negative ? -(double)mag : (double)mag, shift - fbits);
    if (fp_fz(env, FP_H) && v != 0 && fabs(v) < 0x1p-14) {
        env->fpsr |= FPSR_UFC; /* FPRound() under FZ16 */
        return signbit(v) ? 0x8000 : 0;
    }
    return fp_pack(env, FP_H, v, rmode);
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
static uint64_t fp_convert_nan(CPUARMState *env, int from, int to, uint64_t a)
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

/*
 * FPConvert(): FPUnpackCV/FPRoundCV, so FZ applies to S and D only (FZ16
 * is forced off) and AHP selects the alternative half-precision format,
 * which has no NaN or infinity: converting those to it gives IOC.
 */
static uint64_t fp_convert_ahp(CPUARMState *env, int from_esz, int to_esz,
                               uint64_t a, bool ahp)
{
    bool alt_from = ahp && from_esz == FP_H, alt_to = ahp && to_esz == FP_H;
    uint64_t sign_to = (a & fp_sign_bit(from_esz)) ? fp_sign_bit(to_esz) : 0;

    if (from_esz != FP_H) {
        a = fp_flush_input(env, from_esz, a);
    }
    if (!alt_from && fp_is_nan(from_esz, a)) {
        if (alt_to) {
            env->fpsr |= FPSR_IOC;
            return sign_to;
        }
        return fp_convert_nan(env, from_esz, to_esz, a);
    }
    if (!alt_from && fp_is_inf_bits(from_esz, a)) {
        if (alt_to) {
            env->fpsr |= FPSR_IOC;
            return sign_to | 0x7fff;
        }
        return sign_to | fp_exp_mask(to_esz);
    }
    double v = from_esz == FP_H ? fp_half_to_double(a, alt_from)
                                : fp_unpack(from_esz, a);
    int rmode = fp_fpcr_rmode(env);
    if (to_esz == FP_H) {
        return fp_double_to_half(env, v, rmode, alt_to);
    }
    FPCalc c = {CALC_VALUE, 0, v, 0, 0};
    return fp_calc_result(env, to_esz, &c);
}

uint64_t fp_convert(CPUARMState *env, int from_esz, int to_esz, uint64_t a)
{
    return fp_convert_ahp(env, from_esz, to_esz, a,
                          (env->fpcr & FPCR_AHP) != 0);
}

/* FPConvertSVE(): FPConvert() with FPCR.AHP taken as 0 (SVE FCVT, FCVTLT,
 * FCVTNT always use the IEEE half-precision format). */
uint64_t fp_convert_sve(CPUARMState *env, int from_esz, int to_esz, uint64_t a)
{
    return fp_convert_ahp(env, from_esz, to_esz, a, false);
}

/* FCVTXN: FPConvert() from D to S with FPRounding_ODD. */
uint64_t fp_convert_odd(CPUARMState *env, uint64_t a)
{
    a = fp_flush_input(env, FP_D, a);
    if (fp_is_nan(FP_D, a)) {
        return fp_convert_nan(env, FP_D, FP_S, a);
    }
    uint64_t sign = (a >> 63) << 31;
    if (fp_is_inf_bits(FP_D, a)) {
        return sign | 0x7f800000;
    }
    FPCalc c = {CALC_VALUE, 0, fp_unpack(FP_D, a), 0, 0};
    uint64_t result;
    if (fp_flush_output(env, FP_S, &c, &result)) {
        return result;
    }
    /* Truncate, then make the last bit 1 if anything was lost. */
    fp_begin(FPR_Z);
    volatile double src = c.x;
    volatile float f = (float)src;
    float out = f;
    fp_end(env, FPR_Z);
    uint32_t w;
    memcpy(&w, &out, 4);
    if ((double)out != c.x) {
        w |= 1;
    }
    return w;
}

uint64_t fp_compare(CPUARMState *env, int esz, uint64_t a, uint64_t b,
                    bool signal_nans)
{
    a = fp_flush_input(env, esz, a);
    b = fp_flush_input(env, esz, b);
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

bool fp_compare_mask(CPUARMState *env, int cmp, int esz, uint64_t a, uint64_t b)
{
    a = fp_flush_input(env, esz, a);
    b = fp_flush_input(env, esz, b);
    if (fp_is_nan(esz, a) || fp_is_nan(esz, b)) {
        /* FPCompareEQ signals only for SNaN; GE/GT for any NaN. */
        if (cmp != FPCMP_EQ || fp_is_snan(esz, a) || fp_is_snan(esz, b)) {
            env->fpsr |= FPSR_IOC;
        }
        return false;
    }
    double x = fp_unpack(esz, a), y = fp_unpack(esz, b);
    switch (cmp) {
    case FPCMP_EQ: return x == y;
    case FPCMP_GE: return x >= y;
    case FPCMP_GT: return x > y;
    case FPCMP_ACGE: return fabs(x) >= fabs(y);
    default: return fabs(x) > fabs(y);
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

uint64_t helper_fp_muladd(uint64_t env, uint64_t addend, uint64_t n, uint64_t m,
                          uint64_t desc)
{
    CPUARMState *e = (CPUARMState *)env;
    unsigned csr = fp_helper_enter(e);
    uint64_t r;

    r = fp_muladd(e, (int)(desc & 0xff), addend, n, m, (desc >> 8) & 1,
                  (desc >> 9) & 1);
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

    r = fp_round_int(e, (int)(desc & 0xff), a, (int)((desc >> 8) & 0xff),
                     (desc >> 16) & 1);
    fp_helper_leave(csr);
    return r;
}

uint64_t helper_fp_to_fixed(uint64_t env, uint64_t a, uint64_t desc)
{
    CPUARMState *e = (CPUARMState *)env;
    unsigned csr = fp_helper_enter(e);
    uint64_t r;

    r = fp_to_fixed(e, (int)(desc & 0xff), a, (int)((desc >> 25) & 0x7f),
                    (desc >> 16) & 1, (int)((desc >> 17) & 0xff),
                    (int)((desc >> 8) & 0xff));
    fp_helper_leave(csr);
    return r;
}

uint64_t helper_fp_from_fixed(uint64_t env, uint64_t val, uint64_t desc)
{
    CPUARMState *e = (CPUARMState *)env;
    unsigned csr = fp_helper_enter(e);
    uint64_t r;

    r = fp_from_fixed(e, (int)(desc & 0xff), val, (int)((desc >> 25) & 0x7f),
                      (desc >> 16) & 1, (int)((desc >> 17) & 0xff));
    fp_helper_leave(csr);
    return r;
}

uint64_t helper_fp_convert(uint64_t env, uint64_t a, uint64_t desc)
{
    CPUARMState *e = (CPUARMState *)env;
    unsigned csr = fp_helper_enter(e);
    uint64_t r;

    r = fp_convert(e, (int)(desc & 0xff), (int)((desc >> 8) & 0xff), a);
    fp_helper_leave(csr);
    return r;
}

uint64_t helper_fp_compare(uint64_t env, uint64_t a, uint64_t b, uint64_t desc)
{
    CPUARMState *e = (CPUARMState *)env;
    unsigned csr = fp_helper_enter(e);
    uint64_t r;

    r = fp_compare(e, (int)(desc & 0xff), a, b, (desc >> 8) & 1);
    fp_helper_leave(csr);
    return r;
}
