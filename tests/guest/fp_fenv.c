/* Differential test: the IEEE exception flags (FE_INEXACT, FE_OVERFLOW,
 * FE_UNDERFLOW, FE_DIVBYZERO, FE_INVALID) after each operation, cleared in
 * between, plus flag persistence, feraiseexcept and fegetenv/fesetenv.
 * It must not probe cases where the ISAs legitimately differ: underflow of
 * a result that rounds up to the smallest normal (Arm detects tininess
 * before rounding, x86 after), fma(inf, 0, qNaN), out-of-range lrint. */
#include <fenv.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static volatile double va, vb, vc, vr;
static volatile float fa, fb, fr;
static volatile long long vi;

/* Through volatile pointers, so GCC neither folds nor moves the calls. */
static double (*volatile p_sqrt)(double) = sqrt;
static double (*volatile p_fma)(double, double, double) = fma;
static double (*volatile p_rint)(double) = rint;
static double (*volatile p_nearbyint)(double) = nearbyint;
static double (*volatile p_floor)(double) = floor;
static long long (*volatile p_llrint)(double) = llrint;

static void flags(const char *what)
{
    int f = fetestexcept(FE_ALL_EXCEPT);
    printf("%-26s %c%c%c%c%c\n", what, f & FE_INVALID ? 'V' : '-',
           f & FE_DIVBYZERO ? 'Z' : '-', f & FE_OVERFLOW ? 'O' : '-',
           f & FE_UNDERFLOW ? 'U' : '-', f & FE_INEXACT ? 'X' : '-');
    feclearexcept(FE_ALL_EXCEPT);
}

static double from_bits(uint64_t u)
{
    double d;
    memcpy(&d, &u, sizeof d);
    return d;
}

static void arithmetic(void)
{
    va = 1.0;
    vb = 3.0;
    feclearexcept(FE_ALL_EXCEPT);
    flags("cleared");
    vr = va + vb;
    flags("1+3");
    vr = va / vb;
    flags("1/3");
    vr = va * vb;
    flags("1*3");
    vr = va - 0x1p-60;
    flags("1-2^-60");
    va = 0.0;
    vr = vb / va;
    flags("3/0");
    vr = -vb / va;
    flags("-3/0");
    vr = va / va;
    flags("0/0");
    va = INFINITY;
    vr = va - va;
    flags("inf-inf");
    vr = va * 0.0;
    flags("inf*0");
    vr = va + 1.0;
    flags("inf+1");
    vr = 1.0 / va;
    flags("1/inf");
    vr = va / 0.0;
    flags("inf/0");
    va = 1e308;
    vr = va * 10.0;
    flags("1e308*10");
    vr = va + va;
    flags("1e308+1e308");
    vr = -va * va;
    flags("-1e308*1e308");
    va = DBL_MIN;
    vr = va / 3.0;
    flags("min/3 (subnormal)");
    vr = va / 2.0;
    flags("min/2 (exact subnormal)");
    vr = va * 0x1p-60;
    flags("min*2^-60");
    vr = va * va;
    flags("min*min (->0)");
    vr = DBL_TRUE_MIN;
    vr = vr * 0.5;
    flags("tmin*0.5 (->0)");
    vr = DBL_TRUE_MIN;
    vr = vr * 1.0;
    flags("tmin*1 (exact)");
    va = DBL_MIN / 2;
    vr = va + va;
    flags("min/2+min/2 (exact min)");
    va = DBL_MIN;
    vr = va - DBL_TRUE_MIN;
    flags("min-tmin (exact subnormal)");
    vb = -DBL_MIN;
    vr = vb + 0x1p-1021;
    flags("-min+2min (exact min)");
    fa = FLT_MIN;
    fr = fa - FLT_TRUE_MIN;
    flags("fmin-ftmin (exact subnormal)");
    va = NAN;
    vr = va + 1.0;
    flags("qnan+1");
    vr = va * 0.0;
    flags("qnan*0");
    va = from_bits(0x7ff0000000000001ull);
    vr = va + 1.0;
    flags("snan+1");
    va = -2.0;
    vr = p_sqrt(va);
    flags("sqrt(-2)");
    va = 2.0;
    vr = p_sqrt(va);
    flags("sqrt(2)");
    va = 4.0;
    vr = p_sqrt(va);
    flags("sqrt(4)");
    va = 0x1.0000001p0;
    vb = 0x1.0000001p0;
    vc = -1.0;
    vr = p_fma(va, vb, vc);
    flags("fma exact");
    vc = 1.0;
    vr = p_fma(va, vb, vc);
    flags("fma inexact");
    va = INFINITY;
    vb = 0.0;
    vr = p_fma(va, vb, vc);
    flags("fma(inf,0,1)");
    va = 1e300;
    vb = 1e300;
    vr = p_fma(va, vb, vc);
    flags("fma overflow");
}

/* Single NaNs widened: quieted, sign and payload kept (FCVT inline). */
static void widen_nans(void)
{
    static const uint32_t nans[] = {0x7f800001u, 0x7fbfffffu, 0xff800123u,
                                    0x7fc00000u, 0xffc12345u, 0x807fffffu};

    for (unsigned i = 0; i < sizeof(nans) / sizeof(nans[0]); i++) {
        float f;
        double d;
        uint64_t bits;

        memcpy(&f, &nans[i], 4);
        fa = f;
        feclearexcept(FE_ALL_EXCEPT);
        vr = (double)fa;
        d = vr;
        memcpy(&bits, &d, 8);
        printf("(double)%08x = %016llx ", nans[i], (unsigned long long)bits);
        flags("");
    }
}

static void floats_and_conversions(void)
{
    fa = 1.0f;
    fb = 3.0f;
    fr = fa / fb;
    flags("f 1/3");
    fa = 3e38f;
    fr = fa * fb;
    flags("f 3e38*3");
    fa = FLT_MIN;
    fr = fa / fb;
    flags("f min/3");
    fa = 0.0f;
    fr = fb / fa;
    flags("f 3/0");
    va = 1e300;
    fr = (float)va;
    flags("(float)1e300");
    va = 1e-300;
    fr = (float)va;
    flags("(float)1e-300");
    va = 0.1;
    fr = (float)va;
    flags("(float)0.1");
    va = 0.5;
    fr = (float)va;
    flags("(float)0.5");
    fa = from_bits(0x7ff0000000000001ull) > 0 ? 0 : 0; /* reset */
    {
        uint32_t sn = 0x7f800001u;
        float f;
        memcpy(&f, &sn, 4);
        fa = f;
        feclearexcept(FE_ALL_EXCEPT);
        vr = (double)fa;
        flags("(double)f_snan");
    }
    va = 2.5;
    vi = (long long)va;
    flags("(i64)2.5");
    va = 2.0;
    vi = (long long)va;
    flags("(i64)2.0");
    va = -0.5;
    vi = (long long)(uint64_t)va;
    flags("(u64)-0.5");
    va = 0x1.8p63;
    vi = (long long)(uint64_t)va;
    flags("(u64)1.5*2^63");
    va = 3.75;
    vi = (int32_t)va;
    flags("(i32)3.75");
    vi = 0x20000000000001ll;
    vr = (double)vi;
    flags("(double)(2^53+1)");
    vi = 0x20000000000002ll;
    vr = (double)vi;
    flags("(double)(2^53+2)");
    vi = 16777217;
    fr = (float)vi;
    flags("(float)16777217");
    uint64_t u = UINT64_MAX;
    volatile uint64_t vu = u;
    vr = (double)vu;
    flags("(double)UINT64_MAX");
    va = 2.5;
    vr = p_rint(va);
    flags("rint(2.5)");
    vr = p_nearbyint(va);
    flags("nearbyint(2.5)");
    vr = p_floor(va);
    flags("floor(2.5)");
    vi = p_llrint(va);
    flags("llrint(2.5)");
    va = 2.0;
    vi = p_llrint(va);
    flags("llrint(2.0)");
}

static void comparisons(void)
{
    va = NAN;
    vb = 1.0;
    vi = va < vb;
    flags("nan<1");
    vi = va == vb;
    flags("nan==1");
    vi = va != va;
    flags("nan!=nan");
    vi = isless(va, vb);
    flags("isless(nan,1)");
    vi = isgreaterequal(va, vb);
    flags("isgreaterequal(nan,1)");
    vi = vb <= 2.0;
    flags("1<=2");
}

static void env_ops(void)
{
    fenv_t env;
    feclearexcept(FE_ALL_EXCEPT);
    feraiseexcept(FE_OVERFLOW | FE_INEXACT);
    flags("feraise O|X");
    feraiseexcept(FE_INVALID);
    va = 1.0;
    vr = va + 1.0; /* exact: flags accumulate, nothing new */
    flags("raise V then exact add");
    va = 1.0;
    vb = 3.0;
    vr = va / vb;
    fegetenv(&env);
    feclearexcept(FE_ALL_EXCEPT);
    vr = vb / 0.0;
    flags("3/0 after fegetenv");
    fesetenv(&env);
    flags("fesetenv restores X");
    fexcept_t saved;
    vr = va / vb;
    fegetexceptflag(&saved, FE_ALL_EXCEPT);
    feclearexcept(FE_ALL_EXCEPT);
    fesetexceptflag(&saved, FE_INEXACT);
    flags("fesetexceptflag X");
    feholdexcept(&env);
    vr = va / 0.0;
    feupdateenv(&env);
    flags("feholdexcept/update Z");
    /* Sticky across many operations and a function call. */
    vr = va / vb;
    for (int i = 0; i < 1000; i++)
        vr = vr * 1.0;
    printf("sticky: %d\n", fetestexcept(FE_INEXACT) != 0);
    feclearexcept(FE_ALL_EXCEPT);
    for (int i = 0; i < 1000; i++)
        vr = (double)i * 2.0;
    printf("clean loop: %d\n", fetestexcept(FE_ALL_EXCEPT));
}

int main(void)
{
    arithmetic();
    floats_and_conversions();
    widen_nans();
    comparisons();
    env_ops();
    return 0;
}
