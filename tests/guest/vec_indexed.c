/* Differential test: indexed loops that GCC turns into SVE gathers and
 * scatters at -O3 -march=armv8.2-a+sve (32- and 64-bit indices, signed
 * and unsigned, bytes to doubles, strides) plus a[idx[i]] += b[i] and a
 * histogram with repeated indices; prints hashes of every result. */
#pragma GCC optimize("O3,tree-vectorize")
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define N 1037
#define M 4099

static uint64_t rng = 0x2545f4914f6cdd1dull;

static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static uint64_t hash(const void *p, size_t n)
{
    const unsigned char *b = p;
    uint64_t h = 0xcbf29ce484222325ull;

    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

static int8_t s8[M];
static uint8_t u8[M];
static int16_t s16[M];
static uint16_t u16[M];
static int32_t s32[M], out32[M];
static uint32_t idx32[N], u32[M];
static int32_t sidx32[N];
static int64_t s64[M], out64[M], idx64[N];
static float f32[M], outf[M];
static double f64[M], outd[M];
static uint32_t hist[256];

static void fill(void)
{
    for (int i = 0; i < M; i++) {
        uint64_t r = next();
        s8[i] = (int8_t)r;
        u8[i] = (uint8_t)(r >> 8);
        s16[i] = (int16_t)(r >> 16);
        u16[i] = (uint16_t)(r >> 24);
        s32[i] = (int32_t)(r >> 32);
        u32[i] = (uint32_t)(r >> 20);
        s64[i] = (int64_t)(r * 0x9e3779b97f4a7c15ull);
        f32[i] = (float)(int32_t)(r >> 33) / 1024.0f;
        f64[i] = (double)(int64_t)r / 65536.0;
    }
    for (int i = 0; i < N; i++) {
        idx32[i] = (uint32_t)(next() % M);
        sidx32[i] = (int32_t)(next() % (M / 2)) - M / 4;
        idx64[i] = (int64_t)(next() % M);
    }
}

#define REPORT(name, arr)                                                      \
    printf("%-24s %016llx\n", name, (unsigned long long)hash(arr, sizeof(arr)))

static void gathers(void)
{
    const int mid = M / 2;

    for (int i = 0; i < N; i++)
        out32[i] = s8[idx32[i]] + u8[idx32[i]];
    REPORT("bytes u32 index", out32);
    for (int i = 0; i < N; i++)
        out32[i] = s16[mid + sidx32[i]] - u16[idx32[i]];
    REPORT("halves s32 index", out32);
    for (int i = 0; i < N; i++)
        out32[i] = s32[idx32[i]] ^ (int32_t)u32[mid + sidx32[i]];
    REPORT("words", out32);
    for (int i = 0; i < N; i++)
        out64[i] = s64[idx64[i]] + s32[idx64[i]];
    REPORT("dwords s64 index", out64);
    for (int i = 0; i < N; i++)
        out64[i] = s64[idx32[i]] - (int64_t)u32[idx32[i]];
    REPORT("dwords u32 index", out64);
    for (int i = 0; i < N; i++)
        outf[i] = f32[idx32[i]] * f32[i] + f32[mid + sidx32[i]];
    REPORT("floats", outf);
    for (int i = 0; i < N; i++)
        outd[i] = f64[idx64[i]] - f64[idx32[i]];
    REPORT("doubles", outd);
    for (int i = 0; i < N; i++)
        out32[i] = s32[3 * i] + s16[2 * i];
    REPORT("strides", out32);
}

static void scatters(void)
{
    memset(out32, 0, sizeof(out32));
    for (int i = 0; i < N; i++)
        out32[idx32[i]] = s32[i];
    REPORT("scatter words", out32);
    memset(out64, 0, sizeof(out64));
    for (int i = 0; i < N; i++)
        out64[idx64[i]] = s64[i] >> 3;
    REPORT("scatter dwords", out64);
    memset(outd, 0, sizeof(outd));
    for (int i = 0; i < N; i++)
        outd[idx32[i]] = f64[i] + f64[i + 1];
    REPORT("scatter doubles", outd);
    for (int i = 0; i < N / 3; i++)
        out32[3 * i + 1] = (int32_t)u16[i];
    REPORT("scatter stride", out32);
    for (int i = 0; i < N; i++)
        out32[idx32[i]] += s16[i];
    REPORT("a[idx[i]] += b[i]", out32);
    for (int i = 0; i < M; i++)
        hist[u8[i]]++;
    for (int i = 0; i < N; i++)
        hist[s8[idx32[i]] & 0xff] += 2;
    REPORT("histogram", hist);
}

int main(void)
{
    fill();
    gathers();
    scatters();
    return 0;
}
