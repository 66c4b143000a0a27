/* Guest test: printf of floating point -- %f %e %g %a %A with precisions,
 * denormals, infinities, NaN constants, signed zero, rounding ties and very
 * large/small magnitudes. No long double anywhere (its size differs). */
#include <float.h>
#include <math.h>
#include <stdio.h>

static const double vals[] = {
    0.0,
    -0.0,
    1.0,
    -1.0,
    0.5,
    1.5,
    2.5,
    3.5,
    -2.5,
    0.125,
    0.375,
    1.0 / 3.0,
    2.0 / 3.0,
    3.14159265358979323846,
    2.718281828459045,
    1e-5,
    1e-4,
    9.9999e-5,
    123456.789,
    999999.5,
    1e15,
    1e16,
    1e17,
    1e21,
    1e22,
    1e23,
    0.1,
    0.2,
    0.3,
    1.005,
    2.675,
    1e-300,
    1e300,
    DBL_MIN,
    DBL_MAX,
    DBL_EPSILON,
    4.9406564584124654e-324,
    2.2250738585072009e-308,
    1.7976931348623157e308,
    5e-324,
    -1e-310,
    123.456e-310,
    0x1.fffffffffffffp-1,
    0x1p-1022,
    0x1.8p+1,
    65536.0,
    4294967296.0,
    9007199254740993.0,
    -6.02214076e23,
};

static const char *const fmts[] = {
    "%f",     "%.0f",     "%.1f",  "%.2f",  "%.3f",    "%.10f", "%.17f",
    "%12.4f", "%-12.4f|", "%+f",   "% f",   "%012.3f", "%#.0f", "%e",
    "%.0e",   "%.3e",     "%.16e", "%E",    "%+.2e",   "%g",    "%.0g",
    "%.1g",   "%.3g",     "%.10g", "%.17g", "%#g",     "%G",    "%15.6g",
    "%a",     "%.0a",     "%.3a",  "%.13a", "%A",      "%#a",
};

int main(void)
{
    for (unsigned i = 0; i < sizeof(vals) / sizeof(vals[0]); i++) {
        printf("value #%u\n", i);
        for (unsigned f = 0; f < sizeof(fmts) / sizeof(fmts[0]); f++) {
            printf("  [%s] ", fmts[f]);
            printf(fmts[f], vals[i]);
            printf("\n");
        }
    }
    /* DBL_MAX and friends in full %f. */
    printf("%.0f\n", DBL_MAX);
    printf("%.1080f\n", 5e-324);
    /* Specials: only constants, so the NaN sign is fixed by the source. */
    double specials[] = {INFINITY, -INFINITY, NAN, -NAN};
    const char *sfmts[] = {"%f", "%e",    "%g",     "%a",  "%F",  "%E",   "%G",
                           "%A", "%10f|", "%-10e|", "%+g", "% f", "%010f"};
    for (unsigned i = 0; i < 4; i++) {
        printf("special %u:", i);
        for (unsigned f = 0; f < sizeof(sfmts) / sizeof(sfmts[0]); f++) {
            printf(" ");
            printf(sfmts[f], specials[i]);
        }
        printf("\n");
    }
    /* Floats promoted through varargs. */
    float fv[] = {1.1f,        FLT_MIN, FLT_MAX, FLT_EPSILON, 1.4e-45f,
                  16777217.0f, 0.1f,    -3.75f,  1e10f};
    for (unsigned i = 0; i < sizeof(fv) / sizeof(fv[0]); i++)
        printf("float %.9g %a %e %f\n", fv[i], fv[i], fv[i], fv[i]);
    /* Rounding ties at many precisions. */
    for (int p = 0; p <= 8; p++) {
        double x = 0.5;
        for (int k = 0; k < p; k++)
            x /= 10;
        printf("tie p=%d %.*f %.*f %.*f %.*e\n", p, p, 1.0 + x * 5, p, 2.5 + x,
               p, 0.125, p, 9.5 + x);
    }
    for (int e = -30; e <= 30; e += 3) {
        double x = 1.0;
        for (int k = 0; k < (e < 0 ? -e : e); k++)
            x = e < 0 ? x / 7.0 : x * 7.0;
        printf("pow7 %d %.15g %.6e %a\n", e, x, x, x);
    }
    return 0;
}
