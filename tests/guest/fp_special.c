/* Differential test: subnormals, signed zeros, infinities, NaNs, conversions
 * at the integer limits, _Float16 conversions, %a/%.17g printing and strtod
 * round trips. It must not print NaN payloads or the sign of a NaN that an
 * operation generated (x86's default NaN is negative, Arm's positive), nor
 * cast out-of-range values to integers (undefined; Arm and x86 differ). */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static volatile double vd_a, vd_b, vd_r;
static volatile float vf_a, vf_r;

static uint64_t bits_d(double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

static double from_bits(uint64_t u)
{
    double d;
    memcpy(&d, &u, sizeof d);
    return d;
}

/* A NaN prints as "nan" with its sign only when it was propagated from an
 * operand (both ISAs keep the operand's sign then). */
static void show(const char *what, double d, int sign_is_defined)
{
    if (isnan(d))
        printf("%-22s %snan\n", what, sign_is_defined && signbit(d) ? "-" : "");
    else
        printf("%-22s %a %.17g %016llx\n", what, d, d,
               (unsigned long long)bits_d(d));
}

static void subnormals(void)
{
    const double tmin = DBL_TRUE_MIN, nmin = DBL_MIN;
    const double smax = from_bits(0x000fffffffffffffull);
    show("true_min", tmin, 0);
    show("max_subnormal", smax, 0);
    vd_a = nmin;
    vd_b = 3.0;
    show("min/3", vd_a / vd_b, 0);
    vd_b = 0x1p52;
    show("min/2^52", vd_a / vd_b, 0);
    vd_b = 0x1p53;
    show("min/2^53 (tie->0)", vd_a / vd_b, 0);
    vd_b = 0x1.0000000000001p53;
    show("min/(2^53+) -> 0", vd_a / vd_b, 0);
    vd_b = 0x1.fffffffffffffp52;
    show("min/(2^53-) -> tmin", vd_a / vd_b, 0);
    vd_a = smax;
    vd_b = tmin;
    show("smax+tmin", vd_a + vd_b, 0);
    show("smax-tmin", vd_a - vd_b, 0);
    show("smax*2", vd_a * 2, 0);
    show("smax/smax", vd_a / vd_a, 0);
    vd_a = tmin;
    show("tmin*0.5", vd_a * 0.5, 0);
    show("tmin*1.5", vd_a * 1.5, 0);
    show("tmin*-2.5", vd_a * -2.5, 0);
    show("sqrt(tmin)", sqrt(vd_a), 0);
    show("tmin*2^1074", vd_a * 0x1p1074, 0);
    vf_a = FLT_TRUE_MIN;
    show("flt_true_min", vf_a, 0);
    vf_r = vf_a * 0.75f;
    show("flt tmin*0.75", vf_r, 0);
    vf_a = FLT_MIN;
    vf_r = vf_a / 7.0f;
    show("flt min/7", vf_r, 0);
    vd_a = 1.0e-40; /* a float subnormal after narrowing */
    vf_r = (float)vd_a;
    show("(float)1e-40", vf_r, 0);
    vd_a = 1.0e-46;
    vf_r = (float)vd_a;
    show("(float)1e-46", vf_r, 0);
    vd_a = DBL_MIN;
    vf_r = (float)vd_a;
    show("(float)DBL_MIN", vf_r, 0);
    printf("fpclassify: %d %d %d %d %d\n", fpclassify(smax) == FP_SUBNORMAL,
           fpclassify(tmin) == FP_SUBNORMAL, fpclassify(nmin) == FP_NORMAL,
           fpclassify(-0.0) == FP_ZERO, fpclassify(vd_r) == FP_NORMAL);
}

static void signed_zeros(void)
{
    vd_a = 0.0;
    vd_b = -1.0;
    show("0*-1", vd_a * vd_b, 0);
    show("-1*0", vd_b * vd_a, 0);
    vd_a = -0.0;
    show("-0+0", vd_a + 0.0, 0);
    show("-0+-0", vd_a + vd_a, 0);
    show("-0-0", vd_a - 0.0, 0);
    show("-0*-0", vd_a * vd_a, 0);
    show("-0/5", vd_a / 5.0, 0);
    show("5/-inf", 5.0 / (vd_b * INFINITY), 0);
    show("sqrt(-0)", sqrt(vd_a), 0);
    show("copysign(3,-0)", copysign(3.0, vd_a), 0);
    show("copysign(-0,1)", copysign(vd_a, 1.0), 0);
    show("fabs(-0)", fabs(vd_a), 0);
    show("-(0)", -(vd_a * -1.0), 0);
    vf_a = -0.0f;
    vd_r = (double)vf_a;
    show("(double)-0f", vd_r, 0);
    show("(float)-1e-50", (float)(vd_b * 1e-50), 0);
    show("trunc(-0.5)", trunc(vd_b * 0.5), 0);
    show("ceil(-0.5)", ceil(vd_b * 0.5), 0);
    show("round(-0.4)", round(vd_b * 0.4), 0);
    show("rint(-0.5)", rint(vd_b * 0.5), 0);
    printf("signbit(-0)=%d -0==0: %d\n", signbit(vd_a) != 0, vd_a == 0.0);
}

static void infinities_nans(void)
{
    vd_a = INFINITY;
    vd_b = -INFINITY;
    show("inf+inf", vd_a + vd_a, 0);
    show("inf-inf", vd_a - vd_a, 0);
    show("inf*0", vd_a * 0.0, 0);
    show("inf*-2", vd_a * -2.0, 0);
    show("inf/inf", vd_a / vd_b, 0);
    show("1/-inf", 1.0 / vd_b, 0);
    show("sqrt(-inf)", sqrt(vd_b), 0);
    show("sqrt(inf)", sqrt(vd_a), 0);
    show("-1/0", -1.0 / (vd_a * 0.0 == 0 ? 1 : 0.0 * vd_b * 0.0 + 0.0), 0);
    show("1e308*10", 1e308 * (vd_a > 0 ? 10.0 : 1.0), 0);
    vd_r = 1e308;
    show("1e308*10 (rt)", vd_r * 10.0, 0);
    show("-1e308*10", -vd_r * 10.0, 0);
    show("(float)1e300", (float)vd_r, 0);
    show("(float)DBL_MAX", (float)(vd_r * 1.7976931348623157), 0);
    vd_a = NAN;
    vd_b = -NAN;
    show("nan+1", vd_a + 1.0, 1);
    show("-nan+1", vd_b + 1.0, 1);
    show("1*-nan", 1.0 * vd_b, 1);
    show("-(nan)", -vd_a, 1);
    show("fabs(-nan)", fabs(vd_b), 1);
    show("copysign(nan,-1)", copysign(vd_a, -1.0), 1);
    show("sqrt(-nan)", sqrt(vd_b), 1);
    show("(float)-nan", (float)vd_b, 1);
    show("0/0", 0.0 / (vd_a != vd_a ? 0.0 : 1.0), 0);
    vd_r = 0.0;
    show("0/0 (rt)", vd_r / vd_r, 0);
    show("sqrt(-1)", sqrt(vd_r - 1.0), 0);
    show("fmin(nan,1)", fmin(vd_a, 1.0), 1);
    show("fmax(-nan,-1)", fmax(vd_b, -1.0), 1);
    show("fmax(-inf,3)", fmax(-INFINITY * (vd_r + 1), 3.0), 1);
    show("fmin(2,-3)", fmin(vd_r + 2, -3.0), 1);
    show("fdim(5,3)", fdim(vd_r + 5, 3.0), 1);
    show("hypot(inf,nan)", hypot(INFINITY, vd_a), 1);
    show("pow(nan,0)", pow(vd_a, 0.0), 1);
    show("pow(1,nan)", pow(1.0, vd_a), 1);
    /* Signalling NaN in: quieted, sign kept. */
    vd_a = from_bits(0xfff0000000000001ull);
    show("snan*1", vd_a * 1.0, 1);
    vd_r = vd_a;
    printf("snan stays nan when copied: %d, signbit %d\n", isnan(vd_r) != 0,
           signbit(vd_r) != 0);
    /* Comparisons involving NaN and infinities. */
    vd_a = NAN;
    vd_b = INFINITY;
    printf("cmp: %d%d%d%d%d%d %d%d%d %d%d\n", vd_a<1, vd_a> 1, vd_a <= 1,
           vd_a >= 1, vd_a == vd_a, vd_a != vd_a, vd_b > DBL_MAX,
           -vd_b < -DBL_MAX, vd_b == vd_b, isunordered(vd_a, 1.0),
           islessgreater(vd_b, 1.0));
    printf("isinf %d %d isnan %d isfinite %d %d\n", isinf(vd_b), isinf(-vd_b),
           isnan(vd_a) != 0, isfinite(vd_b), isfinite(DBL_MAX));
}

/* Saturating conversions, written in C so that every cast is defined. */
static int64_t sat_i64(double d)
{
    if (isnan(d))
        return 0;
    if (d >= 0x1p63)
        return INT64_MAX;
    if (d < -0x1p63)
        return INT64_MIN;
    return (int64_t)d;
}

static uint64_t sat_u64(double d)
{
    if (isnan(d) || d <= -1.0)
        return 0;
    if (d >= 0x1p64)
        return UINT64_MAX;
    return (uint64_t)d;
}

static int32_t sat_i32(double d)
{
    if (isnan(d))
        return 0;
    if (d >= 0x1p31)
        return INT32_MAX;
    if (d <= -0x1p31 - 1)
        return INT32_MIN;
    return (int32_t)d;
}

static uint32_t sat_u32(double d)
{
    if (isnan(d) || d <= -1.0)
        return 0;
    if (d >= 0x1p32)
        return UINT32_MAX;
    return (uint32_t)d;
}

static void limits(void)
{
    static const double in[] = {
        (double)INT64_MAX,
        0x1p63,
        -0x1p63,
        0x1.fffffffffffffp62,
        -0x1.fffffffffffffp62,
        0x1p64,
        0x1.fffffffffffffp63,
        18446744073709551615.0,
        2147483647.0,
        2147483647.999,
        2147483648.0,
        -2147483648.0,
        -2147483648.999,
        -2147483649.0,
        4294967295.0,
        4294967295.5,
        4294967296.0,
        -0.999,
        -1.0,
        1e19,
        -1e19,
        1e300,
        INFINITY,
        -INFINITY,
        NAN,
        0.9999999999999999,
        -0.0,
    };
    for (size_t i = 0; i < sizeof in / sizeof in[0]; i++) {
        vd_a = in[i];
        double d = vd_a;
        printf("lim %-24.17g i64=%lld u64=%llu i32=%d u32=%u\n", d,
               (long long)sat_i64(d), (unsigned long long)sat_u64(d),
               sat_i32(d), sat_u32(d));
    }
    volatile int64_t i64 = INT64_MAX;
    volatile uint64_t u64 = UINT64_MAX;
    show("(double)INT64_MAX", (double)i64, 0);
    show("(float)INT64_MAX", (float)i64, 0);
    show("(double)UINT64_MAX", (double)u64, 0);
    show("(float)UINT64_MAX", (float)u64, 0);
    i64 = INT64_MIN;
    show("(double)INT64_MIN", (double)i64, 0);
    u64 = 0x8000000000000400ull; /* a tie: rounds to even */
    show("(double)2^63+1024", (double)u64, 0);
    u64 = 0x8000000000000c00ull;
    show("(double)2^63+3072", (double)u64, 0);
    u64 = 0x8000000000000401ull;
    show("(double)2^63+1025", (double)u64, 0);
    volatile uint32_t u32 = UINT32_MAX;
    show("(float)UINT32_MAX", (float)u32, 0);
    show("(double)UINT32_MAX", (double)u32, 0);
}

static void half(void)
{
    static const float in[] = {
        1.0f,           65504.0f,       65520.0f,       65519.99f,
        6.1035156e-05f, 5.9604645e-08f, 2.9802322e-08f, 2.9802326e-08f,
        -0.0f,          0.33333334f,    1000.4f,        -2049.0f,
        1e10f,          -1e-10f,
    };
    printf("half:");
    for (size_t i = 0; i < sizeof in / sizeof in[0]; i++) {
        vf_a = in[i];
        volatile _Float16 h = (_Float16)vf_a;
        uint16_t hb;
        memcpy(&hb, (const void *)&h, 2);
        float back = (float)h;
        printf(" %04x:%a", hb, (double)back);
    }
    vd_a = 0.1;
    volatile _Float16 hd = (_Float16)vd_a;
    printf(" d:%a", (double)hd);
    vf_a = NAN;
    volatile _Float16 hn = (_Float16)vf_a;
    printf(" nan:%d inf:%d\n", isnan((float)hn) != 0,
           isinf((float)(_Float16)(vf_a * 0 + INFINITY)) != 0);
}

static void printing(void)
{
    static const double in[] = {
        0.1,
        1.0 / 3,
        2.0 / 3,
        1e23,
        5e-324,
        2.2250738585072009e-308,
        1.7976931348623157e308,
        9007199254740993.0,
        123456.789e-7,
        -0.0,
        0.30000000000000004,
        1e-7,
        4.35,
        2.675,
        1e21,
        1e22,
        0x1.fffffffffffffp-1,
    };
    for (size_t i = 0; i < sizeof in / sizeof in[0]; i++) {
        char buf[64];
        double d = in[i];
        snprintf(buf, sizeof buf, "%.17g", d);
        double back = strtod(buf, NULL);
        printf("p %a|%.17g|%.3e|%.2f|%g|%A rt=%d\n", d, d, d, d, d, d,
               bits_d(back) == bits_d(d));
        snprintf(buf, sizeof buf, "%a", d);
        printf("  hex rt=%d\n", bits_d(strtod(buf, NULL)) == bits_d(d));
    }
    static const char *const strs[] = {
        "0x1.8p1",
        "1e400",
        "-1e-400",
        "4.9406564584124654e-324",
        "2.4703282292062327e-324",
        "2.4703282292062328e-324",
        "inf",
        "-Infinity",
        "nan",
        "-nan(123)",
        "1.00000000000000011102230246251565",
        "9007199254740993",
        "0.1e-30",
        "1_000",
        "  +12.5e+1x",
        "0x1p-1075",
        "1.17549435e-38",
        "3.4028235677973366e38",
    };
    for (size_t i = 0; i < sizeof strs / sizeof strs[0]; i++) {
        char *end;
        double d = strtod(strs[i], &end);
        float f = strtof(strs[i], NULL);
        char tag[40];
        snprintf(tag, sizeof tag, "strtod(%s)", strs[i]);
        show(tag, d, 1);
        printf("  f=%a used=%d\n", isnan(f) ? 0.0 : (double)f,
               (int)(end - strs[i]));
    }
}

int main(void)
{
    subnormals();
    signed_zeros();
    infinities_nans();
    limits();
    half();
    printing();
    return 0;
}
