/* Scalar floating-point benchmark kernels (built -O2, so mostly scalar FP
 * instructions): usage: fp_kernels KERNEL [SCALE], SCALE work units of
 * roughly 0.1 s native. Each kernel prints one checksum line that all
 * runners must agree on (only exactly rounded operations, no libm beyond
 * sqrt and fma); no timing is done in here. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t bits(double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

/* Double matrix-vector product, row-major: loads, fmul/fadd chains. */
static double kernel_matvec(int scale)
{
    const int n = 512;
    double *m = malloc(sizeof(double) * n * n);
    double *x = malloc(sizeof(double) * n), *y = malloc(sizeof(double) * n);
    for (int i = 0; i < n * n; i++)
        m[i] = (double)((i * 7919) % 1000 - 500) / 997.0;
    for (int i = 0; i < n; i++)
        x[i] = 1.0 / (i + 1);
    for (int it = 0; it < 420 * scale; it++) {
        for (int i = 0; i < n; i++) {
            double s = 0;
            for (int j = 0; j < n; j++)
                s += m[i * n + j] * x[j];
            y[i] = s;
        }
        double norm = 0;
        for (int i = 0; i < n; i++)
            norm += y[i] * y[i];
        norm = 1.0 / sqrt(norm);
        for (int i = 0; i < n; i++)
            x[i] = y[i] * norm;
    }
    double r = x[0] + x[n / 2] + x[n - 1];
    free(m);
    free(x);
    free(y);
    return r;
}

/* 2-D five-point float stencil (Jacobi sweeps) over a 256x256 grid. */
static double kernel_stencil(int scale)
{
    const int n = 256;
    float *a = calloc((size_t)n * n, sizeof(float));
    float *b = calloc((size_t)n * n, sizeof(float));
    for (int i = 0; i < n; i++)
        a[i] = b[i] = 100.0f; /* hot top edge */
    for (int it = 0; it < 2100 * scale; it++) {
        for (int i = 1; i < n - 1; i++)
            for (int j = 1; j < n - 1; j++)
                b[i * n + j] =
                    0.25f * (a[(i - 1) * n + j] + a[(i + 1) * n + j] +
                             a[i * n + j - 1] + a[i * n + j + 1]);
        float *t = a;
        a = b;
        b = t;
    }
    double s = 0;
    for (int i = 0; i < n * n; i++)
        s += a[i];
    free(a);
    free(b);
    return s;
}

/* Horner polynomials with explicit fma(): FMADD on aarch64 (FMA3 on the
 * host when available), a long dependency chain per element. */
static double kernel_poly(int scale)
{
    static const double c[] = {1.0,
                               -0.5,
                               0.16666666666666666,
                               -0.041666666666666664,
                               0.008333333333333333,
                               -0.001388888888888889,
                               0.0001984126984126984,
                               -2.48015873015873e-05,
                               2.7557319223985893e-06,
                               -2.755731922398589e-07};
    double acc = 0;
    for (int it = 0; it < 3000000 * scale; it++) {
        double x = (double)(it & 1023) / 1024.0;
        double p = c[9];
        for (int k = 8; k >= 0; k--)
            p = fma(p, x, c[k]);
        acc = fma(p, 1e-6, acc);
    }
    return acc;
}

/* Mixed: int<->double conversions, divides, compares and selects. */
static double kernel_fpconv(int scale)
{
    double acc = 0;
    int64_t iacc = 0;
    for (int it = 0; it < 24000000 * scale; it++) {
        double x = (double)(it % 10007) * 0.37 - 1500.0;
        int32_t i = (int32_t)x;
        float f = (float)x / 3.0f;
        double y = x > 0 ? x / 7.0 : -x * 1.5;
        iacc += i ^ (int32_t)lrint(y);
        acc += y + (double)f + fabs(x - (double)i);
    }
    return acc + (double)iacc;
}

int main(int argc, char **argv)
{
    const char *k = argc > 1 ? argv[1] : "";
    int scale = argc > 2 ? atoi(argv[2]) : 10;
    double r;
    if (!strcmp(k, "matvec"))
        r = kernel_matvec(scale);
    else if (!strcmp(k, "stencil"))
        r = kernel_stencil(scale);
    else if (!strcmp(k, "poly"))
        r = kernel_poly(scale);
    else if (!strcmp(k, "fpconv"))
        r = kernel_fpconv(scale);
    else {
        fprintf(stderr,
                "usage: fp_kernels matvec|stencil|poly|fpconv [SCALE]\n");
        return 2;
    }
    printf("%s %d %a %016llx\n", k, scale, r, (unsigned long long)bits(r));
    return 0;
}
