/* Advanced SIMD benchmark kernels, built -O3 so GCC vectorises them:
 * usage: simd_kernels KERNEL [SCALE], SCALE work units of roughly 0.1 s
 * native. sad (uabdl/uadalp), saxpy (fmul/fadd v.4s), dot (strict-order
 * float sum: scalar FP fed by vector loads), i16dot (smlal), hist (byte
 * histogram: scalar loads/stores), crc32c (the CRC32C instructions on both
 * ISAs). Each prints one checksum line; no timing is done in here. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__aarch64__)
#include <arm_acle.h>
#elif defined(__x86_64__)
#include <nmmintrin.h>
#endif

#define N 65536

static uint8_t ua[N], ub[N];
static int16_t sa[N], sb[N];
static float fx[N], fy[N];

static void fill(void)
{
    uint64_t s = 0x9e3779b97f4a7c15ull;
    for (int i = 0; i < N; i++) {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        ua[i] = (uint8_t)s;
        ub[i] = (uint8_t)(s >> 8);
        sa[i] = (int16_t)(s >> 16);
        sb[i] = (int16_t)(s >> 32);
        fx[i] = (float)(int16_t)(s >> 24) / 256.0f;
        fy[i] = (float)(int8_t)(s >> 48) / 16.0f;
    }
}

__attribute__((noinline)) static uint32_t sad(const uint8_t *a,
                                              const uint8_t *b, int n)
{
    uint32_t s = 0;
    for (int i = 0; i < n; i++)
        s += (uint32_t)abs(a[i] - b[i]);
    return s;
}

static uint64_t kernel_sad(int scale)
{
    uint64_t acc = 0;
    for (int it = 0; it < 36000 * scale; it++)
        acc += sad(ua + (it & 15), ub, N - 16);
    return acc;
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
    for (int it = 0; it < 15000 * scale; it++)
        saxpy(y, fx, (it & 1) ? 0.5f : -0.5f, N);
    uint64_t h = 0;
    for (int i = 0; i < N; i++) {
        uint32_t u;
        memcpy(&u, &y[i], 4);
        h = (h ^ u) * 0x100000001b3ull;
    }
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
    float acc = 0;
    for (int it = 0; it < 1400 * scale; it++)
        acc += dot(fx + (it & 7), fy, N - 8) * 1e-6f;
    uint32_t u;
    memcpy(&u, &acc, 4);
    return u;
}

__attribute__((noinline)) static int64_t i16dot(const int16_t *a,
                                                const int16_t *b, int n)
{
    int64_t s = 0;
    for (int i = 0; i < n; i++)
        s += a[i] * b[i];
    return s;
}

static uint64_t kernel_i16dot(int scale)
{
    uint64_t acc = 0;
    for (int it = 0; it < 7400 * scale; it++)
        acc += (uint64_t)i16dot(sa + (it & 7), sb, N - 8);
    return acc;
}

__attribute__((noinline)) static void hist(uint32_t *h, const uint8_t *p, int n)
{
    for (int i = 0; i < n; i++)
        h[p[i]]++;
}

static uint64_t kernel_hist(int scale)
{
    uint32_t h[256] = {0};
    for (int it = 0; it < 4000 * scale; it++)
        hist(h, ua + (it & 31), N - 32);
    uint64_t r = 0;
    for (int i = 0; i < 256; i++)
        r = r * 31 + h[i];
    return r;
}

#if defined(__x86_64__)
__attribute__((target("sse4.2")))
#elif defined(__aarch64__)
__attribute__((target("+crc")))
#endif
static uint32_t
crc32c(uint32_t c, const uint8_t *p, int n)
{
    for (int i = 0; i + 8 <= n; i += 8) {
        uint64_t v;
        memcpy(&v, p + i, 8);
#if defined(__aarch64__)
        c = __crc32cd(c, v);
#else
        c = (uint32_t)_mm_crc32_u64(c, v);
#endif
    }
    return c;
}

static uint64_t kernel_crc32c(int scale)
{
    uint32_t c = 0xffffffffu;
    for (int it = 0; it < 10500 * scale; it++)
        c = crc32c(c, ua, N);
    return c;
}

int main(int argc, char **argv)
{
    static const struct {
        const char *name;
        uint64_t (*fn)(int);
    } kernels[] = {
        {"sad", kernel_sad},   {"saxpy", kernel_saxpy},
        {"dot", kernel_dot},   {"i16dot", kernel_i16dot},
        {"hist", kernel_hist}, {"crc32c", kernel_crc32c},
    };
    const char *k = argc > 1 ? argv[1] : "";
    int scale = argc > 2 ? atoi(argv[2]) : 10;
    fill();
    for (size_t i = 0; i < sizeof kernels / sizeof kernels[0]; i++) {
        if (!strcmp(k, kernels[i].name)) {
            printf("%s %d %016llx\n", k, scale,
                   (unsigned long long)kernels[i].fn(scale));
            return 0;
        }
    }
    fprintf(stderr,
            "usage: simd_kernels sad|saxpy|dot|i16dot|hist|crc32c [SCALE]\n");
    return 2;
}
