/*
 * Floating point as C programs see it, for comparing an armhf build run
 * under arx with qemu-arm and with the native x86-64 build: arithmetic,
 * fused multiply-add, square root, conversions and rounding under the four
 * rounding modes (fesetround), with the exception flags (fetestexcept).
 * Values avoid what C leaves undefined (out-of-range float to int) and
 * tininess after rounding, where x86 and Arm legitimately differ.
 */
#include <fenv.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static const double values[] = {
    0.0,    -0.0,      1.0,      -1.5,      0.1,         3.0,
    1e-310, -2.5e-320, 1e300,    -7e-39,    123456789.0, 2147483520.0,
    -0.75,  1.0 / 3.0, INFINITY, -INFINITY, NAN,
};
#define NV (sizeof(values) / sizeof(values[0]))

static const int modes[] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD,
                            FE_TOWARDZERO};

static unsigned flags(void)
{
    int e = fetestexcept(FE_ALL_EXCEPT);

    return (e & FE_INVALID ? 1 : 0) | (e & FE_DIVBYZERO ? 2 : 0) |
           (e & FE_OVERFLOW ? 4 : 0) | (e & FE_UNDERFLOW ? 8 : 0) |
           (e & FE_INEXACT ? 16 : 0);
}

static uint64_t bits64(double d)
{
    uint64_t u;

    if (isnan(d))
        return 0x7ff8000000000000ull; /* which NaN is not C's business */
    memcpy(&u, &d, 8);
    return u;
}

static uint32_t bits32(float f)
{
    uint32_t u;

    if (isnan(f))
        return 0x7fc00000u;
    memcpy(&u, &f, 4);
    return u;
}

/* Keeps the compiler from folding or reordering around the fenv calls. */
static volatile double vd[3];
static volatile float vf[3];

static void report(const char *op, int mode, unsigned i, unsigned j, uint64_t r)
{
    printf("%s m%d %u %u: %016llx f=%02x\n", op, mode, i, j,
           (unsigned long long)r, flags());
    feclearexcept(FE_ALL_EXCEPT);
}

int main(void)
{
    for (unsigned m = 0; m < 4; m++) {
        fesetround(modes[m]);
        for (unsigned i = 0; i < NV; i++) {
            for (unsigned j = 0; j < NV; j++) {
                double a = values[i], b = values[j];
                feclearexcept(FE_ALL_EXCEPT);
                vd[0] = a, vd[1] = b, vd[2] = values[(i + j) % NV];
                vf[0] = (float)a, vf[1] = (float)b;
                vf[2] = (float)values[(i + j) % NV];
                feclearexcept(FE_ALL_EXCEPT);
                report("addd", m, i, j, bits64(vd[0] + vd[1]));
                report("subd", m, i, j, bits64(vd[0] - vd[1]));
                report("muld", m, i, j, bits64(vd[0] * vd[1]));
                report("divd", m, i, j, bits64(vd[0] / vd[1]));
                report("fmad", m, i, j, bits64(fma(vd[0], vd[1], vd[2])));
                report("adds", m, i, j, bits32(vf[0] + vf[1]));
                report("muls", m, i, j, bits32(vf[0] * vf[1]));
                report("divs", m, i, j, bits32(vf[0] / vf[1]));
                report("fmas", m, i, j, bits32(fmaf(vf[0], vf[1], vf[2])));
                report("cmpd", m, i, j,
                       (uint64_t)(vd[0] < vd[1]) | (vd[0] == vd[1]) << 1 |
                           (vd[0] > vd[1]) << 2 |
                           isunordered(vd[0], vd[1]) << 3);
                report("lessd", m, i, j, (uint64_t)isless(vd[0], vd[1]));
            }
            double a = values[i];
            vd[0] = a;
            feclearexcept(FE_ALL_EXCEPT);
            report("sqrtd", m, i, 0, bits64(sqrt(vd[0])));
            report("sqrts", m, i, 0, bits32(sqrtf((float)vd[0])));
            report("d2s", m, i, 0, bits32((float)vd[0]));
            report("s2d", m, i, 0, bits64((double)(float)vd[0]));
            report("rint", m, i, 0, bits64(rint(vd[0])));
            report("nearbyint", m, i, 0, bits64(nearbyint(vd[0])));
            report("floor", m, i, 0, bits64(floor(vd[0])));
            report("ceilf", m, i, 0, bits32(ceilf((float)vd[0])));
            report("trunc", m, i, 0, bits64(trunc(vd[0])));
            report("round", m, i, 0, bits64(round(vd[0])));
            if (fabs(a) < 2e9) {
                report("d2i", m, i, 0, (uint32_t)(int32_t)vd[0]);
                report("lrint", m, i, 0, (uint32_t)lrint(vd[0]));
                report("f2i", m, i, 0, (uint32_t)(int32_t)(float)vd[0]);
            }
            if (a >= 0 && a < 4e9)
                report("d2u", m, i, 0, (uint32_t)vd[0]);
            if (fabs(a) < 2e9 && a == (int32_t)a) {
                int32_t k = (int32_t)a;
                report("i2s", m, i, 0, bits32((float)k));
                report("i2d", m, i, 0, bits64((double)k));
                report("u2s", m, i, 0, bits32((float)(uint32_t)k));
            }
        }
    }
    return 0;
}
