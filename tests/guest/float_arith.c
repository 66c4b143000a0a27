/* Guest test: float and double arithmetic -- the four operations, sqrt,
 * fma(), int<->fp conversions with truncation, rounding functions, min/max,
 * NaN comparisons. NaNs are printed as "nan" without sign: the sign of a
 * generated default NaN differs between x86 and Arm and is not tested here. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static double opaque(double x)
{
    __asm__ volatile("" : "+m"(x));
    return x;
}

static float opaquef(float x)
{
    __asm__ volatile("" : "+m"(x));
    return x;
}

static void pd(const char *tag, double x)
{
    if (isnan(x))
        printf(" %s=nan", tag);
    else
        printf(" %s=%a", tag, x);
}

/* fmin/fmax of +0 and -0 may return either zero (C allows it). */
static void pd_nozero_sign(const char *tag, double x)
{
    if (x == 0)
        printf(" %s=zero", tag);
    else
        pd(tag, x);
}

static void pf(const char *tag, float x)
{
    if (isnan(x))
        printf(" %s=nan", tag);
    else
        printf(" %s=%a", tag, (double)x);
}

static const double dv[] = {
    0.0,
    -0.0,
    1.0,
    -1.0,
    0.1,
    3.0,
    1e-310,
    -2.5e-320,
    1e300,
    -1e300,
    DBL_MAX,
    DBL_MIN,
    0x1.fffffffffffffp0,
    1.0 / 3.0,
    7.5,
    -123456.789,
    INFINITY,
    -INFINITY,
    NAN,
    4503599627370496.5,
    0x1p52,
    0x1p-1074,
};
#define NDV (sizeof(dv) / sizeof(dv[0]))

static void doubles(void)
{
    for (unsigned i = 0; i < NDV; i++) {
        for (unsigned j = 0; j < NDV; j += 2) {
            double a = opaque(dv[i]), b = opaque(dv[j]);
            printf("d %u %u", i, j);
            pd("add", a + b);
            pd("sub", a - b);
            pd("mul", a * b);
            pd("div", a / b);
            pd("fma", fma(a, b, 1.0));
            pd_nozero_sign("fmin", fmin(a, b));
            pd_nozero_sign("fmax", fmax(a, b));
            unsigned m = (a == b) | (a != b) << 1 | (a < b) << 2 |
                         (a <= b) << 3 | (a > b) << 4 | (a >= b) << 5 |
                         isunordered(a, b) << 6 | isless(a, b) << 7 |
                         islessgreater(a, b) << 8;
            printf(" cmp=%03x\n", m);
        }
        double a = opaque(dv[i]);
        printf("d1 %u", i);
        pd("sqrt", sqrt(fabs(a)));
        pd("neg", -a);
        pd("abs", fabs(a));
        pd("floor", floor(a));
        pd("ceil", ceil(a));
        pd("trunc", trunc(a));
        pd("round", round(a));
        pd("rint", rint(a));
        pd("nearby", nearbyint(a));
        pd("copysign", copysign(3.0, a));
        printf(" signbit=%d class=%d fin=%d\n", signbit(a) != 0, fpclassify(a),
               isfinite(a));
    }
}

static const float fv[] = {0.0f,   -0.0f,   1.0f,     0.1f,        3.0f,
                           1e-40f, FLT_MAX, FLT_MIN,  16777216.0f, 16777217.0f,
                           -7.25f, 1e20f,   INFINITY, NAN,         0.33333334f};
#define NFV (sizeof(fv) / sizeof(fv[0]))

static void floats(void)
{
    for (unsigned i = 0; i < NFV; i++) {
        for (unsigned j = 0; j < NFV; j++) {
            float a = opaquef(fv[i]), b = opaquef(fv[j]);
            printf("f %u %u", i, j);
            pf("add", a + b);
            pf("sub", a - b);
            pf("mul", a * b);
            pf("div", a / b);
            pf("fma", fmaf(a, b, -1.0f));
            printf(" lt=%d eq=%d\n", a < b, a == b);
        }
        float a = opaquef(fv[i]);
        printf("f1 %u", i);
        pf("sqrt", sqrtf(fabsf(a)));
        pd("widen", (double)a);
        pf("narrow", (float)opaque((double)a * 1.0000001));
        pf("rint", rintf(a));
        printf("\n");
    }
}

static void conversions(void)
{
    const double cv[] = {0.0,          -0.0,         0.4,
                         0.5,          0.6,          1.5,
                         2.5,          -0.5,         -1.5,
                         -2.5,         -2.6,         123.999,
                         -123.999,     2147483647.0, -2147483648.0,
                         2147483646.7, 4294967295.0, 9.2e18,
                         -9.2e18,      1.8e19,       0x1.fffffffffffffp62,
                         -0x1p63};
    for (unsigned i = 0; i < sizeof(cv) / sizeof(cv[0]); i++) {
        double x = opaque(cv[i]);
        printf("cvt %a:", x);
        if (x > -2147483649.0 && x < 2147483648.0)
            printf(" i32=%d", (int32_t)x);
        if (x > -1.0 && x < 4294967296.0)
            printf(" u32=%u", (uint32_t)x);
        if (x >= -0x1p63 && x < 0x1p63)
            printf(" i64=%lld lround=%ld llrint=%lld", (long long)(int64_t)x,
                   x > -1e18 && x < 1e18 ? lround(x) : 0L, llrint(x));
        if (x > -1.0 && x < 0x1p64)
            printf(" u64=%llu", (unsigned long long)(uint64_t)x);
        printf(" f=%a\n", (double)(float)x);
    }
    const int64_t iv[] = {0,         1,         -1,
                          16777217,  -16777217, 9007199254740993LL,
                          INT64_MAX, INT64_MIN, 123456789012345678LL};
    for (unsigned i = 0; i < sizeof(iv) / sizeof(iv[0]); i++) {
        int64_t v = iv[i];
        __asm__ volatile("" : "+r"(v));
        printf("i2f %lld d=%a f=%a ud=%a uf=%a i32d=%a\n", (long long)v,
               (double)v, (double)(float)v, (double)(uint64_t)v,
               (double)(float)(uint64_t)v, (double)(int32_t)v);
    }
    /* Bit-level views. */
    for (unsigned i = 0; i < NDV; i++) {
        uint64_t bits;
        double x = dv[i];
        if (isnan(x))
            continue;
        memcpy(&bits, &x, 8);
        float f = (float)opaque(x);
        uint32_t fb;
        memcpy(&fb, &f, 4);
        printf("bits %016llx -> %08x\n", (unsigned long long)bits, fb);
    }
}

static void accumulate(void)
{
    double s = 0, c = 0;
    float sf = 0;
    for (int i = 1; i <= 100000; i++) {
        double term = 1.0 / ((double)i * i);
        double y = term - c;
        double t = s + y;
        c = (t - s) - y;
        s = t;
        sf += 1.0f / (float)i;
    }
    printf("basel kahan=%.17g float-harmonic=%.9g\n", s, (double)sf);
    double x = 1.0;
    for (int i = 0; i < 60; i++) {
        x = x * 1.5 - 0.25;
        if (i % 10 == 0)
            printf("iter %d %a\n", i, x);
    }
    /* Newton square roots vs sqrt. */
    for (double v = 2; v < 2e6; v *= 13.7) {
        double r = v;
        for (int k = 0; k < 60; k++)
            r = 0.5 * (r + v / r);
        printf("newton %a %a %a\n", v, r, sqrt(v));
    }
}

int main(void)
{
    doubles();
    floats();
    conversions();
    accumulate();
    return 0;
}
