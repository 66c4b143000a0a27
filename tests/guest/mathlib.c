/* Guest test: libm functions. Transcendental results are printed with
 * %.10g because glibc's x86-64 and aarch64 builds may differ in the last
 * ulp; exact functions (fmod, frexp, ldexp, modf...) are printed with %a. */
#include <math.h>
#include <stdio.h>

static double opaque(double x)
{
    __asm__ volatile("" : "+m"(x));
    return x;
}

static void g(const char *name, double x)
{
    if (isnan(x))
        printf(" %s=nan", name);
    else
        printf(" %s=%.10g", name, x);
}

static const double xs[] = {0.0,    0.25,  0.5,   1.0,   1.5,   2.0,
                            3.0,    10.0,  0.001, 100.0, -0.75, -2.0,
                            12.345, 0.999, 1e-8,  700.0};

int main(void)
{
    for (unsigned i = 0; i < sizeof(xs) / sizeof(xs[0]); i++) {
        double x = opaque(xs[i]);
        printf("x=%g", x);
        g("sin", sin(x));
        g("cos", cos(x));
        g("tan", tan(x));
        g("exp", x < 700 ? exp(x) : exp(x / 10));
        g("exp2", exp2(x / 4));
        g("expm1", expm1(x / 8));
        if (x > 0) {
            g("log", log(x));
            g("log2", log2(x));
            g("log10", log10(x));
            g("sqrt", sqrt(x));
        }
        g("log1p", log1p(fabs(x)));
        g("cbrt", cbrt(x));
        g("atan", atan(x));
        g("sinh", sinh(x / 10));
        g("cosh", cosh(x / 10));
        g("tanh", tanh(x));
        if (fabs(x) <= 1) {
            g("asin", asin(x));
            g("acos", acos(x));
        }
        g("atan2", atan2(x, 1.5));
        g("atan2n", atan2(-1.0, x));
        g("hypot", hypot(x, 3.0));
        g("pow", pow(fabs(x), 1.5));
        g("powi", pow(x, 3.0));
        g("erf", erf(x / 4));
        printf("\n");
    }
    /* Exact functions. */
    const double ex[] = {7.5, -7.5, 1e10, 0.1, 5.0, -0.0, 3.0, 1e-300, 123.456};
    for (unsigned i = 0; i < sizeof(ex) / sizeof(ex[0]); i++) {
        double x = opaque(ex[i]), ip;
        int e;
        double fr = frexp(x, &e);
        double mf = modf(x, &ip);
        printf(
            "exact %a fmod=%a rem=%a frexp=%a,%d ldexp=%a modf=%a,%a logb=%a ilogb=%d scalbn=%a\n",
            x, fmod(x, 2.25), remainder(x, 2.25), fr, e, ldexp(x, -5), mf, ip,
            x != 0 ? logb(x) : 0.0, x != 0 ? ilogb(x) : 0, scalbn(x, 7));
        printf("  nextafter %a %a trunc %a\n", nextafter(x, 0.0),
               nextafter(x, INFINITY), trunc(x));
    }
    /* Values with exactly representable answers. */
    printf("pow2 %a %a %a\n", pow(2.0, 10.0), pow(2.0, -3.0), pow(4.0, 0.5));
    printf("sqrt2 %a %a\n", sqrt(2.0), sqrt(0x1p-1060));
    printf("exp0 %a log1 %a sin0 %a cos0 %a\n", exp(opaque(0.0)),
           log(opaque(1.0)), sin(opaque(0.0)), cos(opaque(0.0)));
    float f = 0.7f;
    printf("float sinf=%.6g cosf=%.6g expf=%.6g logf=%.6g powf=%.6g sqrtf=%a\n",
           (double)sinf(f), (double)cosf(f), (double)expf(f), (double)logf(f),
           (double)powf(f, 2.5f), (double)sqrtf(f));
    /* Specials. */
    printf("special log0=%g exp-inf=%g atan-inf=%.10g pow00=%g\n",
           log(opaque(0.0)), exp(opaque(-INFINITY)), atan(opaque(-INFINITY)),
           pow(opaque(0.0), 0.0));
    printf("nan checks %d %d %d\n", isnan(sqrt(opaque(-1.0))),
           isnan(log(opaque(-1.0))), isnan(acos(opaque(2.0))));
    double acc = 0;
    for (int i = 1; i <= 2000; i++)
        acc += sin(i * 0.01) * cos(i * 0.02) + exp(-i * 0.001);
    printf("sum %.8g\n", acc);
    return 0;
}
