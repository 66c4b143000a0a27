/* Differential test: arithmetic loops that GCC's SVE vectoriser (-O3
 * -march=armv8.2-a+sve, tests/sve) turns into FMAXNM/FMINNM (also with
 * #0.0, #1.0), FADD/FMUL with #0.5/#1.0/#2.0, FABD, FSQRT, FRINTM/P/Z/A/I/X,
 * FMAXNMV/FMINNMV, SDIV/UDIV, UQADD/UQSUB and SDOT/UDOT (objdump shows
 * them); the plain -O2 build checks the same results in scalar code.
 * Inputs hold signed zeros, subnormals, infinities and halfway cases, no
 * NaN: x86 and Arm give NaNs different signs. */
/* guest-cflags: -O3 -fno-math-errno */
#pragma GCC optimize("O3,tree-vectorize,no-math-errno")
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define N 517

static float fa[N], fb[N], fr[N];
static double da[N], db[N], dr[N];
static int32_t ia[N], ib[N], ir[N];
static uint32_t ua[N], ub[N], ur[N];
static int64_t la[N], lb[N], lr[N];
static uint8_t ba[N], bb[N], br[N];
static uint16_t ha[N], hb[N], hr[N];
static int8_t sa[N], sb[N];

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static uint64_t hash(const void *p, size_t bytes)
{
    const uint8_t *b = p;
    uint64_t h = 0xcbf29ce484222325ull;

    for (size_t i = 0; i < bytes; i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

static void fill(void)
{
    static const float fs[] = {
        0.0f,  -0.0f, INFINITY, -INFINITY, 1e-40f,     -3e-39f,     2.5f,
        -2.5f, 0.5f,  -1.5f,    3.4e38f,   8388609.0f, -0.49999997f};
    static const double ds[] = {
        0.0, -0.0, INFINITY, -INFINITY,          4e-320, -2.5, 3.5,
        0.5, -0.5, 1.7e308,  4503599627370497.0, 1e-300};

    for (int i = 0; i < N; i++) {
        fa[i] = (float)((int64_t)(next() % 200001) - 100000) / 1024.0f;
        fb[i] = (float)((int64_t)(next() % 2001) - 1000) / 7.0f;
        da[i] = (double)((int64_t)(next() % 2000001) - 1000000) / 4096.0;
        db[i] = (double)((int64_t)(next() % 20001) - 10000) / 3.0;
        if (i % 5 == 0)
            fa[i] = fs[(i / 5) % 13];
        if (i % 7 == 0)
            fb[i] = fs[(i / 7 + 3) % 13];
        if (i % 5 == 1)
            da[i] = ds[(i / 5) % 12];
        if (i % 6 == 0)
            db[i] = ds[(i / 6 + 5) % 12];
        ia[i] = (int32_t)next();
        ib[i] = (int32_t)(next() % 2001) - 1000;
        if (ib[i] == 0)
            ib[i] = i % 3 ? -1 : 0x7fffffff;
        ua[i] = (uint32_t)next();
        ub[i] = (uint32_t)(next() >> (next() % 60)) | 1;
        la[i] = (int64_t)next();
        lb[i] = (int64_t)(next() >> (next() % 62)) | 3;
        if (i % 11 == 0) {
            ia[i] = INT32_MIN;
            ib[i] = -1;
            la[i] = INT64_MIN;
            lb[i] = -1;
        }
        ba[i] = (uint8_t)next();
        bb[i] = (uint8_t)next();
        ha[i] = (uint16_t)next();
        hb[i] = (uint16_t)(i % 4 ? next() : 0xffff);
        sa[i] = (int8_t)next();
        sb[i] = (int8_t)(i % 9 ? next() : 0x80);
    }
}

#define REPORT(name, arr)                                                      \
    printf("%-10s %016llx\n", name, (unsigned long long)hash(arr, sizeof(arr)))

static void float_loops(void)
{
    /* + 0.0f: glibc's x86 fmaxf may pick -0.0 over +0.0, Arm does not. */
    for (int i = 0; i < N; i++)
        fr[i] = fmaxf(fa[i], fb[i]) + 0.0f;
    REPORT("fmaxf", fr);
    for (int i = 0; i < N; i++)
        dr[i] = fmin(da[i], db[i]);
    REPORT("fmin", dr);
    for (int i = 0; i < N; i++)
        fr[i] = fmaxf(fa[i], 0.0f);
    REPORT("relu", fr);
    for (int i = 0; i < N; i++)
        dr[i] = fmin(da[i], 1.0);
    REPORT("fmin1", dr);
    for (int i = 0; i < N; i++)
        fr[i] = fa[i] * 0.5f + 1.0f;
    REPORT("half+1", fr);
    for (int i = 0; i < N; i++)
        dr[i] = da[i] * 2.0 - 0.5;
    REPORT("twice", dr);
    for (int i = 0; i < N; i++)
        fr[i] = fabsf(fa[i] - fb[i]);
    REPORT("fabd", fr);
    for (int i = 0; i < N; i++)
        fr[i] = sqrtf(fabsf(fa[i]));
    REPORT("sqrtf", fr);
    for (int i = 0; i < N; i++)
        dr[i] = sqrt(fabs(da[i]));
    REPORT("sqrt", dr);
}

static void rounding_loops(void)
{
    for (int i = 0; i < N; i++)
        fr[i] = floorf(fa[i]);
    REPORT("floorf", fr);
    for (int i = 0; i < N; i++)
        dr[i] = ceil(da[i]);
    REPORT("ceil", dr);
    for (int i = 0; i < N; i++)
        fr[i] = truncf(fb[i]);
    REPORT("truncf", fr);
    for (int i = 0; i < N; i++)
        dr[i] = round(da[i]);
    REPORT("round", dr);
    for (int i = 0; i < N; i++)
        fr[i] = rintf(fa[i]);
    REPORT("rintf", fr);
    for (int i = 0; i < N; i++)
        dr[i] = nearbyint(db[i]);
    REPORT("nearbyint", dr);
}

/* Over finite values (fa, da hold infinities), subnormals and -0.0
 * among them. */
static void reductions(void)
{
    float fmx = -INFINITY, fmn = INFINITY;
    double dmx = -INFINITY, dmn = INFINITY;

    for (int i = 0; i < N; i++) {
        fr[i] = (float)((int64_t)(next() % 100001) - 50000) / 3.0f;
        dr[i] = (double)((int64_t)(next() % 100001) - 50000) / 7.0;
    }
    fr[N / 2] = -1e-40f;
    dr[N / 3] = -0.0;
    for (int i = 0; i < N; i++)
        fmx = fmaxf(fmx, fr[i]);
    for (int i = 0; i < N; i++)
        fmn = fminf(fmn, fr[i]);
    for (int i = 0; i < N; i++)
        dmx = fmax(dmx, dr[i]);
    for (int i = 0; i < N; i++)
        dmn = fmin(dmn, dr[i]);
    printf("fmax/fmin  %a %a %a %a\n", fmx, fmn, dmx, dmn);
}

static void int_loops(void)
{
    int32_t dot = 0;
    uint32_t udot = 0;
    int64_t ldot = 0;

    for (int i = 0; i < N; i++)
        ir[i] = ib[i] == 0 ? 0
                           : (ib[i] == -1 ? (int32_t)(0u - (uint32_t)ia[i])
                                          : ia[i] / ib[i]);
    REPORT("sdiv", ir);
    for (int i = 0; i < N; i++)
        ur[i] = ua[i] / ub[i];
    REPORT("udiv", ur);
    for (int i = 0; i < N; i++)
        lr[i] = lb[i] == -1 ? (int64_t)(0ull - (uint64_t)la[i]) : la[i] / lb[i];
    REPORT("sdiv64", lr);
    for (int i = 0; i < N; i++) {
        unsigned s = ba[i] + bb[i];

        br[i] = (uint8_t)(s > 255 ? 255 : s);
    }
    REPORT("uqadd8", br);
    for (int i = 0; i < N; i++)
        hr[i] = (uint16_t)(ha[i] > hb[i] ? ha[i] - hb[i] : 0);
    REPORT("uqsub16", hr);
    for (int i = 0; i < N; i++)
        dot += sa[i] * sb[i];
    for (int i = 0; i < N; i++)
        udot += (uint32_t)ba[i] * bb[i];
    for (int i = 0; i < N; i++)
        ldot += (int64_t)(int16_t)ha[i] * (int16_t)hb[i];
    printf("dot        %d %u %lld\n", dot, udot, (long long)ldot);
}

int main(void)
{
    fill();
    float_loops();
    rounding_loops();
    reductions();
    int_loops();
    return 0;
}
