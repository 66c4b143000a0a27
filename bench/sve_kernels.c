/* SVE benchmark kernels (bench/run-sve.sh), built -O3 with +sve so GCC
 * vectorises them with WHILELO loops: usage: sve_kernels KERNEL [SCALE],
 * SCALE work units of roughly 0.4 s under qemu (a few ms native). saxpy
 * (FMUL/FADD), dot (strict float sum: FADDA), imul (MAD .S), copy (LD1B/ST1B),
 * strlen (LDFF1B, RDFFR, CMPEQ through ACLE; plain C on other targets), gather
 * (LD1W with a vector index), cond (CMPGT-predicated stores). One checksum
 * each. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kernel_main.h"
#if defined(__ARM_FEATURE_SVE)
#include <arm_sve.h>
#endif

#define N 16384

static float fx[N], fy[N];
static int32_t ia[N], ib[N];
static uint32_t index_of[N];
static uint8_t bytes[N + 64];

static void fill(void)
{
    uint64_t s = 0x9e3779b97f4a7c15ull;
    for (int i = 0; i < N; i++) {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        fx[i] = (float)(int16_t)(s >> 24) / 256.0f;
        fy[i] = (float)(int8_t)(s >> 48) / 16.0f;
        ia[i] = (int32_t)(s >> 8);
        ib[i] = (int32_t)(s >> 32);
        index_of[i] = (uint32_t)(s >> 40) % N;
        bytes[i] = (uint8_t)(s >> 16) | 1; /* no zero inside a string */
    }
}

static uint64_t hash_bytes(const void *p, size_t n, uint64_t h)
{
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

__attribute__((noinline)) static void saxpy(float *y, const float *x, float a,
                                            int n)
{
    for (int i = 0; i < n; i++)
        y[i] = a * x[i] + y[i];
}

static uint64_t kernel_saxpy(int scale)
{
    float *y = malloc(sizeof(float) * N);
    memcpy(y, fy, sizeof(float) * N);
    for (int it = 0; it < 200 * scale; it++)
        saxpy(y, fx, (it & 1) ? 0.5f : -0.5f, N);
    uint64_t h = hash_bytes(y, sizeof(float) * N, 0);
    free(y);
    return h;
}

__attribute__((noinline)) static float dot(const float *x, const float *y,
                                           int n)
{
    float s = 0;
    for (int i = 0; i < n; i++)
        s += x[i] * y[i];
    return s;
}

static uint64_t kernel_dot(int scale)
{
    uint64_t acc = 0;
    for (int it = 0; it < 300 * scale; it++) {
        float d = dot(fx + (it & 7), fy, N - 8);
        uint32_t u;
        memcpy(&u, &d, 4);
        acc = (acc ^ u) * 0x100000001b3ull;
    }
    return acc;
}

__attribute__((noinline)) static void imul(int32_t *d, const int32_t *a,
                                           const int32_t *b, int n)
{
    for (int i = 0; i < n; i++)
        d[i] = a[i] * b[i] + d[i];
}

static uint64_t kernel_imul(int scale)
{
    static int32_t d[N];
    memset(d, 0, sizeof(d));
    for (int it = 0; it < 200 * scale; it++)
        imul(d, ia, ib + (it & 3), N - 4);
    return hash_bytes(d, sizeof(d), 0);
}

/* A byte transform, not a plain copy: GCC would call memcpy for that. */
__attribute__((noinline)) static void copy_xor(uint8_t *d, const uint8_t *s,
                                               int n, uint8_t k)
{
    for (int i = 0; i < n; i++)
        d[i] = s[i] ^ k;
}

static uint64_t kernel_copy(int scale)
{
    static uint8_t d[N];
    uint64_t h = 0;
    for (int it = 0; it < 2000 * scale; it++) {
        copy_xor(d, bytes + (it & 31), N - 32 - (it & 7), (uint8_t)it);
        h += d[it & (N - 64)];
    }
    return hash_bytes(d, sizeof(d), h);
}

/* strlen as glibc's SVE one works: first-fault loads, FFR, a compare. */
__attribute__((noinline)) static size_t sve_strlen(const char *str)
{
#if defined(__ARM_FEATURE_SVE)
    const uint8_t *s = (const uint8_t *)str;
    svbool_t all = svptrue_b8();
    size_t i = 0;
    for (;;) {
        svsetffr();
        svuint8_t v = svldff1_u8(all, s + i);
        svbool_t loaded = svrdffr_z(all);
        svbool_t zero = svcmpeq_n_u8(loaded, v, 0);
        if (svptest_any(loaded, zero)) {
            svbool_t before = svbrkb_b_z(loaded, zero);
            return i + svcntp_b8(loaded, before);
        }
        i += svcntp_b8(all, loaded);
    }
#else
    return strlen(str);
#endif
}

static uint64_t kernel_strlen(int scale)
{
    static char text[N];
    uint64_t acc = 0;
    memcpy(text, bytes, N - 1);
    for (int it = 0; it < 2000 * scale; it++) {
        size_t cut = N - 1 - (it & 1023);
        char saved = text[cut];
        text[cut] = 0;
        acc += sve_strlen(text + (it & 15)) * (it | 1);
        text[cut] = saved;
    }
    return acc;
}

__attribute__((noinline)) static float gather(const float *x,
                                              const uint32_t *idx, int n)
{
    float s = 0;
    for (int i = 0; i < n; i++)
        s += x[idx[i]];
    return s;
}

static uint64_t kernel_gather(int scale)
{
    uint64_t acc = 0;
    for (int it = 0; it < 300 * scale; it++) {
        float g = gather(fx, index_of + (it & 15), N - 16);
        uint32_t u;
        memcpy(&u, &g, 4);
        acc = (acc ^ u) * 0x100000001b3ull;
    }
    return acc;
}

__attribute__((noinline)) static void cond(int32_t *d, const int32_t *a,
                                           const int32_t *b, int n)
{
    for (int i = 0; i < n; i++)
        if (a[i] > b[i])
            d[i] = a[i] - b[i];
}

static uint64_t kernel_cond(int scale)
{
    static int32_t d[N];
    memset(d, 0, sizeof(d));
    for (int it = 0; it < 300 * scale; it++)
        cond(d, ia + (it & 3), ib, N - 4);
    return hash_bytes(d, sizeof(d), 0);
}

int main(int argc, char **argv)
{
    static const BenchKernel kernels[] = {
        {"saxpy", kernel_saxpy},   {"dot", kernel_dot},
        {"imul", kernel_imul},     {"copy", kernel_copy},
        {"strlen", kernel_strlen}, {"gather", kernel_gather},
        {"cond", kernel_cond},
    };
    fill();
    return bench_kernel_main(argc, argv, kernels,
                             (int)(sizeof(kernels) / sizeof(kernels[0])), 1);
}
