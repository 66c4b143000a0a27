/* Differential test: float/double loops GCC auto-vectorises at -O3 (pragma
 * below; no -ffast-math, so reductions stay in strict order and scalar).
 * On aarch64: fadd/fsub/fmul/fdiv/fmla v.4s and v.2d, fcmgt/fcmge + bsl,
 * scvtf/ucvtf/fcvtzs, fcvtl/fcvtn (checked with objdump); fsqrt v.4s/v.2d
 * only when built with the -fno-math-errno of the guest-cflags line.
 * Inputs hold subnormals, signed zeros, infinities and NaNs. It must not
 * hash NaN signs where two NaNs meet or a NaN is generated (x86's default
 * NaN is negative, Arm's positive): those NaNs are folded to one value. */
/* guest-cflags: -O3 -fno-math-errno */
#pragma GCC optimize("O3,tree-vectorize,no-math-errno")
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define MAXN 515

static float fa[MAXN], fb[MAXN], fc[MAXN], fr[MAXN], fr2[MAXN];
static double da[MAXN], db[MAXN], dr[MAXN], dr2[MAXN];
static int32_t ia[MAXN], ir[MAXN];
static uint32_t ua[MAXN];
static int64_t la[MAXN], lr[MAXN];

static uint64_t rng = 0x2545f4914f6cdd1dull;

static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* keep_nan_sign: the NaNs here were propagated from a single NaN operand,
 * whose sign both ISAs keep. */
static uint64_t hash_f(const float *p, size_t n, int keep_nan_sign)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++) {
        uint32_t u;
        memcpy(&u, &p[i], 4);
        if (isnan(p[i]))
            u = keep_nan_sign ? (u & 0x80000000u) | 0x7fc00000u : 0x7fc00000u;
        h = (h ^ u) * 0x100000001b3ull;
    }
    return h;
}

static uint64_t hash_d(const double *p, size_t n, int keep_nan_sign)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++) {
        uint64_t u;
        memcpy(&u, &p[i], 8);
        if (isnan(p[i]))
            u = keep_nan_sign ? (u & (1ull << 63)) | 0x7ff8000000000000ull
                              : 0x7ff8000000000000ull;
        h = (h ^ u) * 0x100000001b3ull;
    }
    return h;
}

static uint64_t hash_b(const void *p, size_t n)
{
    const unsigned char *b = p;
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

/* a carries the specials; b and c are finite and non-zero, so a op b
 * only propagates a's NaN and never creates one. */
__attribute__((noinline)) static void k_float(size_t n)
{
    for (size_t i = 0; i < n; i++)
        fr[i] = fa[i] + fb[i];
    for (size_t i = 0; i < n; i++)
        fr[i] = fr[i] * fb[i] - fc[i];
    for (size_t i = 0; i < n; i++)
        fr[i] = fr[i] / fc[i];
    for (size_t i = 0; i < n; i++)
        fr2[i] = fmaf(sqrtf(fabsf(fa[i])), fb[i], fc[i]);
    for (size_t i = 0; i < n; i++)
        fr2[i] = -fr2[i] * 0.5f;
}

/* Results that may meet two NaNs or create one: hashed with NaNs folded. */
__attribute__((noinline)) static void k_float_mixed(size_t n)
{
    for (size_t i = 0; i < n; i++)
        fr[i] = fa[i] * fa[n - 1 - i] - fa[i];
    for (size_t i = 0; i < n; i++)
        fr2[i] = fa[i] > fb[i] ? fa[i] : fb[i];
    for (size_t i = 0; i < n; i++)
        fr2[i] += fa[i] >= 0.0f ? 1.0f : -2.0f;
    for (size_t i = 0; i < n; i++)
        fr2[i] = sqrtf(fr2[i]);
}

__attribute__((noinline)) static void k_double(size_t n)
{
    for (size_t i = 0; i < n; i++)
        dr[i] = da[i] * db[i] + db[i];
    for (size_t i = 0; i < n; i++)
        dr[i] = dr[i] / db[i] - da[i];
    for (size_t i = 0; i < n; i++)
        dr2[i] = fma(da[i], db[i], 1.0);
    for (size_t i = 0; i < n; i++)
        dr2[i] = sqrt(fabs(dr2[i])) + (da[i] < db[i] ? da[i] : db[i]);
}

__attribute__((noinline)) static void k_convert(size_t n)
{
    for (size_t i = 0; i < n; i++)
        fr[i] = (float)ia[i];
    for (size_t i = 0; i < n; i++)
        fr2[i] = (float)ua[i];
    for (size_t i = 0; i < n; i++)
        dr[i] = (double)la[i];
    for (size_t i = 0; i < n; i++)
        dr2[i] = (double)fb[i] * 1.5; /* fcvtl */
    for (size_t i = 0; i < n; i++)
        fr[i] += (float)(db[i] * 3.0); /* fcvtn */
    /* Float to int only for values in range: fb is in (-1e6, 1e6). */
    for (size_t i = 0; i < n; i++)
        ir[i] = (int32_t)(fb[i] * 100.0f);
    for (size_t i = 0; i < n; i++)
        lr[i] = (int64_t)(db[i] * 1e9);
    for (size_t i = 0; i < n; i++)
        ir[i] ^= (int32_t)lrintf(fb[i]);
}

/* Strict-order reductions (not vectorised without -ffast-math, but the
 * loads around them may be): results must match bit for bit. */
__attribute__((noinline)) static void k_reduce(size_t n, double *out)
{
    float fs = 0, fmx = -INFINITY;
    double ds = 0, dot = 0;
    for (size_t i = 0; i < n; i++)
        fs += fb[i];
    for (size_t i = 0; i < n; i++)
        dot += db[i] * (double)fb[i];
    for (size_t i = 0; i < n; i++)
        ds += db[i] * db[i];
    for (size_t i = 0; i < n; i++)
        fmx = fb[i] > fmx ? fb[i] : fmx;
    out[0] = fs;
    out[1] = dot;
    out[2] = ds;
    out[3] = fmx;
}

static float special_f(uint64_t r)
{
    static const float sp[] = {
        0.0f,     -0.0f,    INFINITY,     -INFINITY, NAN,     -NAN,
        FLT_MIN,  -FLT_MIN, FLT_TRUE_MIN, 1e-40f,    -3e-39f, FLT_MAX,
        -FLT_MAX, 1.0f,     -1.0f,        0.5f,
    };
    if ((r & 7) == 0)
        return sp[(r >> 3) & 15];
    return (float)((int64_t)(r >> 20) % 2000001 - 1000000) / 1024.0f;
}

static void fill(void)
{
    for (size_t i = 0; i < MAXN; i++) {
        uint64_t r = next(), s = next();
        fa[i] = special_f(r);
        /* Finite, non-zero, |x| < 1e6. */
        fb[i] = (float)((int64_t)(s % 1999999) - 999999) / 7.0f;
        if (fb[i] == 0.0f)
            fb[i] = 0.25f;
        fc[i] = (float)(s >> 40 | 1) / 65536.0f;
        da[i] =
            (r & 7) == 0 ? (double)special_f(r) : (double)(int64_t)r / 0x1p40;
        db[i] = (double)fb[i] / 3.0;
        ia[i] = (int32_t)s;
        ua[i] = (uint32_t)(s >> 32);
        la[i] = (int64_t)r;
    }
    da[1] = DBL_TRUE_MIN;
    da[2] = -DBL_MIN;
    da[3] = DBL_MAX;
}

int main(void)
{
    static const size_t lens[] = {1,  2,  3,  4,  5,   7,   9,
                                  16, 17, 31, 63, 129, 500, 515};
    fill();
    for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
        size_t n = lens[li];
        double red[4];
        memset(fr, 0, sizeof fr);
        memset(fr2, 0, sizeof fr2);
        memset(dr, 0, sizeof dr);
        memset(dr2, 0, sizeof dr2);
        k_float(n);
        printf("n=%zu f %016llx %016llx", n,
               (unsigned long long)hash_f(fr, n, 1),
               (unsigned long long)hash_f(fr2, n, 1));
        k_float_mixed(n);
        printf(" fm %016llx %016llx", (unsigned long long)hash_f(fr, n, 0),
               (unsigned long long)hash_f(fr2, n, 0));
        k_double(n);
        printf(" d %016llx %016llx\n", (unsigned long long)hash_d(dr, n, 0),
               (unsigned long long)hash_d(dr2, n, 0));
        k_convert(n);
        printf("  cvt %016llx %016llx %016llx %016llx %016llx %016llx\n",
               (unsigned long long)hash_f(fr, n, 0),
               (unsigned long long)hash_f(fr2, n, 0),
               (unsigned long long)hash_d(dr, n, 0),
               (unsigned long long)hash_d(dr2, n, 0),
               (unsigned long long)hash_b(ir, n * 4),
               (unsigned long long)hash_b(lr, n * 8));
        k_reduce(n, red);
        printf("  red %a %a %a %a\n", red[0], red[1], red[2], red[3]);
    }
    /* A few individual elements, readable when a hash differs. */
    k_float(MAXN);
    for (size_t i = 0; i < 24; i++)
        printf("e%zu a=%a r=%a r2=%a\n", i, (double)fa[i],
               isnan(fr[i]) ? 0.0 : (double)fr[i],
               isnan(fr2[i]) ? 0.0 : (double)fr2[i]);
    return 0;
}
