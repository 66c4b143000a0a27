/*
 * Loops GCC auto-vectorises for NEON at -O3 (sums, saxpy, widening
 * multiply-accumulate, min/max, saturation, conversions, byte scans,
 * interleaved RGB, copies): the results, printed as hex, must equal
 * qemu-arm's. Freestanding (harness.h).
 * CFLAGS: -O3 -funsafe-math-optimizations
 */
#include "harness.h"

#define N 203 /* not a multiple of the vector length: tails too */

static uint8_t b8[N + 64], c8[N + 64];
static int16_t s16[N], t16[N];
static int32_t i32[N];
static float f32a[N], f32b[N];
static uint8_t rgb[3 * N], gray[N];

static void show_u32(const char *name, uint32_t v)
{
    SHOW(name, v);
}

/* FNV-1a over an array, to print one line per result. */
static uint32_t hash(const void *p, int n)
{
    const uint8_t *b = p;
    uint32_t h = 2166136261u;
    for (int i = 0; i < n; i++) {
        h = (h ^ b[i]) * 16777619u;
    }
    return h;
}

__attribute__((noinline)) static uint32_t sum_u8(const uint8_t *a, int n)
{
    uint32_t s = 0;
    for (int i = 0; i < n; i++) {
        s += a[i];
    }
    return s;
}

__attribute__((noinline)) static int32_t dot_s16(const int16_t *a,
                                                 const int16_t *b, int n)
{
    int32_t s = 0;
    for (int i = 0; i < n; i++) {
        s += a[i] * b[i];
    }
    return s;
}

__attribute__((noinline)) static void saxpy(float *y, const float *x, float a,
                                            int n)
{
    for (int i = 0; i < n; i++) {
        y[i] = a * x[i] + y[i];
    }
}

__attribute__((noinline)) static void add_sat_u8(uint8_t *d, const uint8_t *a,
                                                 const uint8_t *b, int n)
{
    for (int i = 0; i < n; i++) {
        int v = a[i] + b[i];
        d[i] = v > 255 ? 255 : (uint8_t)v;
    }
}

__attribute__((noinline)) static void minmax_s16(int16_t *d, const int16_t *a,
                                                 const int16_t *b, int n)
{
    for (int i = 0; i < n; i++) {
        int16_t lo = a[i] < b[i] ? a[i] : b[i];
        int16_t hi = a[i] > b[i] ? a[i] : b[i];
        d[i] = (int16_t)((hi - lo) >> 1);
    }
}

__attribute__((noinline)) static void widen_mul(int32_t *d, const int16_t *a,
                                                const int16_t *b, int n)
{
    for (int i = 0; i < n; i++) {
        d[i] += (int32_t)a[i] * b[i];
    }
}

__attribute__((noinline)) static void to_float(float *d, const int32_t *a,
                                               int n)
{
    for (int i = 0; i < n; i++) {
        d[i] = (float)a[i] * 0.25f;
    }
}

__attribute__((noinline)) static void to_int(int32_t *d, const float *a, int n)
{
    for (int i = 0; i < n; i++) {
        d[i] = (int32_t)a[i];
    }
}

__attribute__((noinline)) static void rgb_to_gray(uint8_t *g, const uint8_t *p,
                                                  int n)
{
    for (int i = 0; i < n; i++) {
        g[i] = (uint8_t)((77 * p[3 * i] + 150 * p[3 * i + 1] +
                          29 * p[3 * i + 2]) >>
                         8);
    }
}

__attribute__((noinline)) static void copy_bytes(uint8_t *d, const uint8_t *s,
                                                 int n)
{
    for (int i = 0; i < n; i++) {
        d[i] = s[i];
    }
}

__attribute__((noinline)) static int count_eq(const uint8_t *a, uint8_t c,
                                              int n)
{
    int k = 0;
    for (int i = 0; i < n; i++) {
        k += a[i] == c;
    }
    return k;
}

__attribute__((noinline)) static void abs_diff(uint8_t *d, const uint8_t *a,
                                               const uint8_t *b, int n)
{
    for (int i = 0; i < n; i++) {
        int v = a[i] - b[i];
        d[i] = (uint8_t)(v < 0 ? -v : v);
    }
}

__attribute__((noinline)) static float fmax_reduce(const float *a, int n)
{
    float m = a[0];
    for (int i = 1; i < n; i++) {
        m = a[i] > m ? a[i] : m;
    }
    return m;
}

int main(void)
{
    uint32_t x = 1;
    for (int i = 0; i < N + 64; i++) {
        x = x * 1103515245u + 12345u;
        b8[i] = (uint8_t)(x >> 16);
        c8[i] = (uint8_t)(x >> 8);
    }
    for (int i = 0; i < N; i++) {
        s16[i] = (int16_t)(b8[i] << 8 | c8[i]);
        t16[i] = (int16_t)(c8[i + 1] << 7) - 12000;
        i32[i] = s16[i] * 3 - t16[i];
        f32a[i] = (float)(int8_t)b8[i] / 7.0f;
        f32b[i] = (float)(int8_t)c8[i] * 1.5f;
        rgb[3 * i] = b8[i];
        rgb[3 * i + 1] = c8[i];
        rgb[3 * i + 2] = b8[i + 5];
    }
    show_u32("sum_u8", sum_u8(b8, N));
    show_u32("dot_s16", (uint32_t)dot_s16(s16, t16, N));
    saxpy(f32b, f32a, 2.5f, N);
    show_u32("saxpy", hash(f32b, sizeof(f32b)));
    add_sat_u8(c8, b8, c8, N);
    show_u32("add_sat_u8", hash(c8, N));
    minmax_s16(t16, s16, t16, N);
    show_u32("minmax_s16", hash(t16, sizeof(t16)));
    widen_mul(i32, s16, t16, N);
    show_u32("widen_mul", hash(i32, sizeof(i32)));
    to_float(f32a, i32, N);
    show_u32("to_float", hash(f32a, sizeof(f32a)));
    to_int(i32, f32b, N);
    show_u32("to_int", hash(i32, sizeof(i32)));
    rgb_to_gray(gray, rgb, N);
    show_u32("rgb_to_gray", hash(gray, N));
    copy_bytes(c8 + 3, b8 + 1, N);
    show_u32("copy_bytes", hash(c8, N + 3));
    show_u32("count_eq", (uint32_t)count_eq(b8, b8[7], N));
    abs_diff(gray, b8, c8, N);
    show_u32("abs_diff", hash(gray, N));
    float m = fmax_reduce(f32b, N);
    SHOW("fmax_reduce", m);
    return 0;
}
