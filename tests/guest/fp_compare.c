/*
 * Floating-point compares in every form a compiler emits for them
 * (branches, selects, flag-setting compares feeding conditional
 * instructions, the quiet isgreater family) over signed zeros,
 * subnormals, infinities and NaNs. Prints one line per pair; the
 * differential run compares it with the host's.
 */
#include <math.h>
#include <stdio.h>

static volatile double dvals[] = {-INFINITY, -1.5, -0.0, 0.0,      4.9e-324,
                                  1e-310,    1.0,  2.5,  INFINITY, NAN};
static volatile float fvals[] = {-INFINITY, -1.5f, -0.0f,    0.0f, 1e-40f,
                                 1.0f,      2.5f,  INFINITY, NAN};

/* Each relation as a branch, so the compiler emits compare-and-branch. */
static unsigned branches_d(double a, double b)
{
    unsigned m = 0;

    if (a < b)
        m |= 1;
    if (a <= b)
        m |= 2;
    if (a > b)
        m |= 4;
    if (a >= b)
        m |= 8;
    if (a == b)
        m |= 16;
    if (a != b)
        m |= 32;
    if (!(a < b))
        m |= 64;
    if (!(a >= b))
        m |= 128;
    return m;
}

/* The same as selects (conditional moves, IT blocks). */
static double selects_d(double a, double b)
{
    double s = 0;

    s += a < b ? 1 : 2;
    s += a > b ? 4 : 8;
    s += a <= b ? 16 : 32;
    s += a >= b ? 64 : 128;
    s += a == b ? 256 : 512;
    s += !(a > b) ? 1024 : 2048;
    return s;
}

static unsigned quiet_d(double a, double b)
{
    return (unsigned)isgreater(a, b) | (unsigned)isgreaterequal(a, b) << 1 |
           (unsigned)isless(a, b) << 2 | (unsigned)islessequal(a, b) << 3 |
           (unsigned)islessgreater(a, b) << 4 |
           (unsigned)isunordered(a, b) << 5;
}

static unsigned branches_f(float a, float b)
{
    unsigned m = 0;

    if (a < b)
        m |= 1;
    if (a <= b)
        m |= 2;
    if (a > b)
        m |= 4;
    if (a >= b)
        m |= 8;
    if (a == b)
        m |= 16;
    if (a != b)
        m |= 32;
    if (!(a <= b))
        m |= 64;
    if (!(a > b))
        m |= 128;
    return m;
}

/* A loop whose exit test and body both compare (fused compare-branch
 * inside a block with conditional work after it). */
static int loop_d(double x, double limit)
{
    int n = 0;

    while (x < limit && n < 50) {
        x = x * 1.5 + 0.25;
        if (x > 10.0)
            x = x / 3.0 - 1.0;
        n++;
    }
    return n;
}

int main(void)
{
    int nd = (int)(sizeof(dvals) / sizeof(dvals[0]));
    int nf = (int)(sizeof(fvals) / sizeof(fvals[0]));

    for (int i = 0; i < nd; i++)
        for (int j = 0; j < nd; j++)
            printf("d %d %d: %02x %.0f %02x\n", i, j,
                   branches_d(dvals[i], dvals[j]),
                   selects_d(dvals[i], dvals[j]), quiet_d(dvals[i], dvals[j]));
    for (int i = 0; i < nf; i++)
        for (int j = 0; j < nf; j++)
            printf("f %d %d: %02x\n", i, j, branches_f(fvals[i], fvals[j]));
    for (int i = 0; i < nd; i++)
        printf("loop %d: %d\n", i, loop_d(dvals[i], 8.0));
    return 0;
}
