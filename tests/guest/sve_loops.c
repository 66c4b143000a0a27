/* Differential test: loops whose SVE autovectorisation (GCC -O3
 * -march=armv8.2-a+sve, tests/sve/run-sve-guest.sh) needs the SVE element
 * extraction and counts by predicate: conditional last assignment
 * (CLASTB), the value of the last iteration (LASTB), reductions with a
 * start value (INSR), masked tails (WHILELO, CNTP/INCP). Plain C: the
 * native build is the reference. */
#include <stdint.h>
#include <stdio.h>

#define N 1003

static int32_t a32[N], b32[N];
static int64_t a64[N];
static uint16_t a16[N];
static uint8_t a8[N];
static double ad[N];

static uint64_t rng = 0x243f6a8885a308d3ull;

static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static void fill(void)
{
    for (int i = 0; i < N; i++) {
        a32[i] = (int32_t)(next() % 2001) - 1000;
        b32[i] = (int32_t)(next() % 100);
        a64[i] = (int64_t)(next() % 100001) - 50000;
        a16[i] = (uint16_t)next();
        a8[i] = (uint8_t)(next() % 50);
        ad[i] = (double)((int)(next() % 1000) - 500) / 8.0;
    }
}

/* The last index whose element exceeds t (-1: none). */
__attribute__((noinline)) static int last_index_gt(const int32_t *a, int n,
                                                   int32_t t)
{
    int last = -1;

    for (int i = 0; i < n; i++)
        if (a[i] > t)
            last = i;
    return last;
}

/* The last element equal to key's successor chain: a conditional last
 * value of another array. */
__attribute__((noinline)) static int32_t last_value_if(const int32_t *a,
                                                       const int32_t *b, int n,
                                                       int32_t t, int32_t dflt)
{
    int32_t v = dflt;

    for (int i = 0; i < n; i++)
        if (a[i] < t)
            v = b[i];
    return v;
}

__attribute__((noinline)) static int64_t last_value64_if(const int64_t *a,
                                                         int n, int64_t t)
{
    int64_t v = -7;

    for (int i = 0; i < n; i++)
        if (a[i] >= t)
            v = a[i] - 11;
    return v;
}

__attribute__((noinline)) static uint16_t last_u16_if(const uint16_t *a, int n,
                                                      uint16_t t)
{
    uint16_t v = 0xffff;

    for (int i = 0; i < n; i++)
        if (a[i] < t)
            v = a[i];
    return v;
}

__attribute__((noinline)) static uint8_t last_u8_if(const uint8_t *a, int n,
                                                    uint8_t t)
{
    uint8_t v = 200;

    for (int i = 0; i < n; i++)
        if (a[i] == t)
            v = (uint8_t)(a[i] + i);
    return v;
}

__attribute__((noinline)) static double last_double_if(const double *a, int n,
                                                       double t)
{
    double v = -1.5;

    for (int i = 0; i < n; i++)
        if (a[i] > t)
            v = a[i];
    return v;
}

/* A value computed in every iteration and used after the loop. */
__attribute__((noinline)) static int32_t last_iteration(int32_t *out,
                                                        const int32_t *a, int n)
{
    int32_t x = 0;

    for (int i = 0; i < n; i++) {
        x = a[i] * 3 + 1;
        out[i] = x;
    }
    return x;
}

/* Reductions that start from a value. */
__attribute__((noinline)) static int64_t sum_from(const int32_t *a, int n,
                                                  int64_t start)
{
    int64_t s = start;

    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}

__attribute__((noinline)) static double ordered_sum(const double *a, int n,
                                                    double start)
{
    double s = start;

    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}

/* Counting the elements that pass a test. */
__attribute__((noinline)) static int count_gt(const int32_t *a, int n,
                                              int32_t t)
{
    int c = 0;

    for (int i = 0; i < n; i++)
        c += a[i] > t;
    return c;
}

/* Conditional reduction: the sum of the positive elements. */
__attribute__((noinline)) static int64_t sum_positive(const int64_t *a, int n)
{
    int64_t s = 0;

    for (int i = 0; i < n; i++)
        if (a[i] > 0)
            s += a[i];
    return s;
}

int main(void)
{
    static int32_t out[N];
    static const int lengths[] = {0,  1,  2,  3,  4,  5,  7,  8,   15, 16,
                                  17, 31, 32, 33, 63, 64, 65, 100, N};

    fill();
    for (unsigned k = 0; k < sizeof(lengths) / sizeof(lengths[0]); k++) {
        int n = lengths[k];

        printf("n=%d:", n);
        printf(" lig=%d,%d,%d", last_index_gt(a32, n, 990),
               last_index_gt(a32, n, -2000), last_index_gt(a32, n, 2000));
        printf(" lvi=%d,%d", last_value_if(a32, b32, n, -900, 12345),
               last_value_if(a32, b32, n, 0, -1));
        printf(" lv64=%lld", (long long)last_value64_if(a64, n, 49000));
        printf(" l16=%u l8=%u", last_u16_if(a16, n, 300), last_u8_if(a8, n, 7));
        printf(" ld=%g", last_double_if(ad, n, 60.0));
        printf(" lit=%d", n ? last_iteration(out, a32, n) : 0);
        printf(" sum=%lld", (long long)sum_from(a32, n, 1000000007));
        printf(" osum=%.17g", ordered_sum(ad, n, 0.1));
        printf(" cnt=%d", count_gt(a32, n, 500));
        printf(" spos=%lld\n", (long long)sum_positive(a64, n));
    }
    return 0;
}
