/* Differential test: IEEE arithmetic, conversions and the rint family in all
 * four rounding modes (fesetround), printed as exact bit patterns.  It must
 * not print libm results other than correctly rounded ones (sqrt, fma,
 * rint...), nor out-of-range C casts (undefined, and Arm and x86 differ). */
#include <fenv.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Operands go through volatile so that GCC folds nothing at compile time
 * (which would use round-to-nearest) and cannot move an operation across a
 * fesetround call. */
static volatile double vd_a, vd_b, vd_c, vd_r;
static volatile float vf_a, vf_b, vf_c, vf_r;

/* libm calls go through volatile pointers: without -frounding-math GCC
 * treats rint() and friends as const and may move them across fesetround. */
static double (*volatile p_sqrt)(double) = sqrt;
static float (*volatile p_sqrtf)(float) = sqrtf;
static double (*volatile p_fma)(double, double, double) = fma;
static float (*volatile p_fmaf)(float, float, float) = fmaf;
static double (*volatile p_rint)(double) = rint;
static double (*volatile p_nearbyint)(double) = nearbyint;
static double (*volatile p_floor)(double) = floor;
static double (*volatile p_ceil)(double) = ceil;
static double (*volatile p_trunc)(double) = trunc;
static double (*volatile p_round)(double) = round;
static float (*volatile p_rintf)(float) = rintf;
static float (*volatile p_floorf)(float) = floorf;
static float (*volatile p_roundf)(float) = roundf;
static long long (*volatile p_llrint)(double) = llrint;
static long (*volatile p_lrint)(double) = lrint;

static const int modes[] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD,
                            FE_TOWARDZERO};
static const char *const mode_names[] = {"near", "up", "down", "zero"};

static uint64_t bits_d(double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

static uint32_t bits_f(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static const double dvals[] = {
    1.0,
    -1.0,
    3.0,
    -3.0,
    0.1,
    -0.1,
    1.0 / 3,
    2.5,
    -2.5,
    0.5,
    1.5,
    -0.5,
    1e308,
    -1e308,
    4.9406564584124654e-324,
    2.2250738585072014e-308,
    0x1.fffffffffffffp+52,
    0x1p+53,
    0x1.0000000000001p+0,
    7.0e-310,
    123456789.987654321,
    -0.0,
    0.0,
    0x1.8p+63,
    4294967295.5,
    2147483647.5,
    -2147483648.5,
    0x1.fffffffffffffp+62,
};
#define NDV (sizeof dvals / sizeof dvals[0])

static const float fvals[] = {
    1.0f,        -1.0f,       3.0f,       0.1f,   -0.1f,      1.0f / 3,
    2.5f,        -2.5f,       1e38f,      -1e38f, 1.4e-45f,   1.17549435e-38f,
    16777215.0f, 16777216.0f, 1.0000001f, -0.0f,  8388607.5f, 0x1.fffffep+30f,
};
#define NFV (sizeof fvals / sizeof fvals[0])

/* One line per mode: the results of op on every ordered pair. */
static void double_binops(void)
{
    static const char ops[] = "+-*/";
    for (int m = 0; m < 4; m++) {
        for (int o = 0; o < 4; o++) {
            uint64_t h = 0;
            printf("d%c %-4s", ops[o], mode_names[m]);
            for (size_t i = 0; i < NDV; i++) {
                for (size_t j = 0; j < NDV; j += 3) {
                    vd_a = dvals[i];
                    vd_b = dvals[j];
                    fesetround(modes[m]);
                    switch (o) {
                    case 0: vd_r = vd_a + vd_b; break;
                    case 1: vd_r = vd_a - vd_b; break;
                    case 2: vd_r = vd_a * vd_b; break;
                    default: vd_r = vd_a / vd_b; break;
                    }
                    fesetround(FE_TONEAREST);
                    double r = vd_r;
                    /* 0/0 gives a default NaN whose sign differs
                     * between Arm (+) and x86 (-): fold NaNs. */
                    uint64_t b = isnan(r) ? 0x7ff8000000000000ull : bits_d(r);
                    h = (h ^ b) * 0x100000001b3ull;
                    if (i == 6 && j % 9 == 0)
                        printf(" %016llx", (unsigned long long)b);
                }
            }
            printf(" h=%016llx\n", (unsigned long long)h);
        }
    }
}

static void float_binops(void)
{
    static const char ops[] = "+-*/";
    for (int m = 0; m < 4; m++) {
        for (int o = 0; o < 4; o++) {
            uint64_t h = 0;
            for (size_t i = 0; i < NFV; i++) {
                for (size_t j = 0; j < NFV; j++) {
                    vf_a = fvals[i];
                    vf_b = fvals[j];
                    fesetround(modes[m]);
                    switch (o) {
                    case 0: vf_r = vf_a + vf_b; break;
                    case 1: vf_r = vf_a - vf_b; break;
                    case 2: vf_r = vf_a * vf_b; break;
                    default: vf_r = vf_a / vf_b; break;
                    }
                    fesetround(FE_TONEAREST);
                    float r = vf_r;
                    uint32_t b = isnan(r) ? 0x7fc00000u : bits_f(r);
                    h = (h ^ b) * 0x100000001b3ull;
                }
            }
            printf("f%c %-4s h=%016llx\n", ops[o], mode_names[m],
                   (unsigned long long)h);
        }
    }
}

/* sqrt and fma are correctly rounded in every mode on both ISAs. */
static void sqrt_fma(void)
{
    for (int m = 0; m < 4; m++) {
        printf("sqrt/fma %s:", mode_names[m]);
        for (size_t i = 0; i < NDV; i += 2) {
            vd_a = fabs(dvals[i]);
            vf_a = fabsf(fvals[i % NFV]);
            fesetround(modes[m]);
            vd_r = p_sqrt(vd_a);
            vf_r = p_sqrtf(vf_a);
            fesetround(FE_TONEAREST);
            printf(" %016llx/%08x", (unsigned long long)bits_d(vd_r),
                   bits_f(vf_r));
        }
        printf("\n fma:");
        for (size_t i = 0; i + 2 < NDV; i += 3) {
            vd_a = dvals[i];
            vd_b = dvals[i + 1];
            vd_c = dvals[i + 2];
            vf_a = fvals[i % NFV];
            vf_b = fvals[(i + 1) % NFV];
            vf_c = fvals[(i + 2) % NFV];
            fesetround(modes[m]);
            vd_r = p_fma(vd_a, vd_b, vd_c);
            vf_r = p_fmaf(vf_a, vf_b, vf_c);
            fesetround(FE_TONEAREST);
            printf(" %016llx/%08x", (unsigned long long)bits_d(vd_r),
                   bits_f(vf_r));
        }
        /* fma exactness: a*b+c with a*b not representable. */
        vd_a = 0x1.0000001p+0;
        vd_b = 0x1.0000001p+0;
        vd_c = -1.0;
        fesetround(modes[m]);
        vd_r = p_fma(vd_a, vd_b, vd_c);
        fesetround(FE_TONEAREST);
        printf(" exact=%a\n", vd_r);
    }
}

/* double->float and int<->fp conversions; only in-range values cast. */
static void conversions(void)
{
    static const int64_t ints[] = {
        0x7fffffffffffffffll,
        -0x7fffffffffffffffll - 1,
        0x20000000000001ll,
        0x20000000000003ll,
        -0x20000000000003ll,
        16777217,
        -16777219,
        0x7fffffff,
        123456789123ll,
        3,
    };
    static const uint64_t uints[] = {
        0xffffffffffffffffull,
        0x8000000000000001ull,
        0x8000000000000fffull,
        0xfffffffffffff7ffull,
        0x20000000000001ull,
        0xffffffffull,
        1,
    };
    for (int m = 0; m < 4; m++) {
        printf("cvt %s:", mode_names[m]);
        for (size_t i = 0; i < NDV; i++) {
            vd_a = dvals[i];
            fesetround(modes[m]);
            vf_r = (float)vd_a;
            fesetround(FE_TONEAREST);
            printf(" %08x", bits_f(vf_r));
        }
        printf("\n i2f:");
        for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++) {
            volatile int64_t v = ints[i];
            volatile int32_t w = (int32_t)ints[i];
            fesetround(modes[m]);
            vd_r = (double)v;
            vf_r = (float)v;
            vd_a = (double)w; /* always exact */
            vf_a = (float)w;
            fesetround(FE_TONEAREST);
            printf(" %016llx/%08x/%08x", (unsigned long long)bits_d(vd_r),
                   bits_f(vf_r), bits_f(vf_a));
        }
        printf("\n u2f:");
        for (size_t i = 0; i < sizeof uints / sizeof uints[0]; i++) {
            volatile uint64_t v = uints[i];
            volatile uint32_t w = (uint32_t)uints[i];
            fesetround(modes[m]);
            vd_r = (double)v;
            vf_r = (float)v;
            vf_a = (float)w;
            fesetround(FE_TONEAREST);
            printf(" %016llx/%08x/%08x", (unsigned long long)bits_d(vd_r),
                   bits_f(vf_r), bits_f(vf_a));
        }
        printf("\n");
    }
}

/* lrint/llrint follow the mode; casts truncate in every mode. */
static void to_int(void)
{
    static const double in[] = {
        0.5,
        1.5,
        2.5,
        -0.5,
        -1.5,
        -2.5,
        2.4999999999999996,
        1e10 + 0.5,
        -1e15 - 0.5,
        2147483647.4,
        -2147483648.4,
        0x1.fffffffffffffp+62,
        -0x1p+63,
        4294967295.25,
        0x1.fffffffffffffp+63,
        1e-300,
        -1e-300,
    };
    for (int m = 0; m < 4; m++) {
        printf("toint %s:", mode_names[m]);
        for (size_t i = 0; i < sizeof in / sizeof in[0]; i++) {
            double x = in[i];
            volatile long long ll = 0, lr = 0, c64 = 0, c32 = 0;
            volatile unsigned long long cu64 = 0, cu32 = 0;
            vd_a = x;
            fesetround(modes[m]);
            if (x > -0x1p63 - 1 && x < 0x1p63) {
                ll = p_llrint(vd_a);
                lr = p_lrint(vd_a);
                c64 = (long long)vd_a;
            }
            if (x > -2147483649.0 && x < 2147483648.0)
                c32 = (int32_t)vd_a;
            if (x > -1.0 && x < 0x1p64)
                cu64 = (uint64_t)vd_a;
            if (x > -1.0 && x < 4294967296.0)
                cu32 = (uint32_t)vd_a;
            volatile float f = (float)x;
            volatile long long cf = 0;
            if (f > -0x1p63f && f < 0x1p63f)
                cf = (long long)f;
            fesetround(FE_TONEAREST);
            printf(" %lld,%lld,%lld,%lld,%llu,%llu,%lld", ll, lr, c64, c32,
                   cu64, cu32, cf);
        }
        printf("\n");
    }
}

static void rint_family(void)
{
    static const double in[] = {
        0.5,
        1.5,
        2.5,
        -0.5,
        -1.5,
        -2.5,
        0.49999999999999994,
        -0.0,
        1e300,
        0x1.fffffffffffffp+51,
        0x1.8p+52,
        -3.7,
        3.7,
        1e-320,
        -1e-320,
    };
    for (int m = 0; m < 4; m++) {
        printf("rint %s:", mode_names[m]);
        for (size_t i = 0; i < sizeof in / sizeof in[0]; i++) {
            volatile double r[6];
            volatile float rf[3];
            vd_a = in[i];
            vf_a = (float)in[i];
            fesetround(modes[m]);
            r[0] = p_rint(vd_a);
            r[1] = p_nearbyint(vd_a);
            r[2] = p_floor(vd_a);
            r[3] = p_ceil(vd_a);
            r[4] = p_trunc(vd_a);
            r[5] = p_round(vd_a);
            rf[0] = p_rintf(vf_a);
            rf[1] = p_floorf(vf_a);
            rf[2] = p_roundf(vf_a);
            fesetround(FE_TONEAREST);
            printf(" [");
            for (int k = 0; k < 6; k++)
                printf("%s%a", k ? "," : "", r[k]);
            for (int k = 0; k < 3; k++)
                printf(",%a", (double)rf[k]);
            printf("]");
        }
        printf("\n");
    }
}

/* -0 + +0 is -0 only when rounding down; x - x likewise. */
static void signed_zero_sums(void)
{
    for (int m = 0; m < 4; m++) {
        vd_a = -0.0;
        vd_b = 0.0;
        vf_a = 3.0f;
        fesetround(modes[m]);
        volatile double s1 = vd_a + vd_b, s2 = vd_b + vd_a;
        volatile double s3 = vd_a + vd_a, s4 = vd_b - vd_b;
        volatile float s5 = vf_a - vf_a;
        fesetround(FE_TONEAREST);
        printf("zero %s: %g %g %g %g %g\n", mode_names[m], s1, s2, s3, s4,
               (double)s5);
    }
    for (int m = 0; m < 4; m++) {
        fesetround(modes[m]);
        int got = fegetround();
        fesetround(FE_TONEAREST);
        printf("mode %s reads back %s\n", mode_names[m],
               got == modes[m] ? "same" : "DIFFERENT");
    }
}

int main(void)
{
    double_binops();
    float_binops();
    sqrt_fma();
    conversions();
    to_int();
    rint_family();
    signed_zero_sums();
    return 0;
}
