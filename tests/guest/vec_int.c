/* Differential test: integer loops GCC auto-vectorises at -O3 (the pragma
 * below; the script's -O2 build would vectorise less). On aarch64 they become
 * Advanced SIMD: add/sub/mul/mla, smin/umax, abs, sshr/ushl/shl, xtn/uxtl
 * widening and narrowing, cmgt+bsl/bif, tbl/rev64 byte shuffles and the
 * reductions addv, umaxv, sminv, umaxp (checked with objdump). Odd lengths
 * leave scalar tails. It must not rely on signed overflow (undefined). */
#pragma GCC optimize("O3,tree-vectorize")
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXN 1031

static uint64_t rng = 0x9e3779b97f4a7c15ull;

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

static uint8_t u8a[MAXN], u8b[MAXN], u8r[MAXN];
static int8_t s8a[MAXN];
static int16_t s16a[MAXN], s16b[MAXN], s16r[MAXN];
static uint16_t u16r[MAXN];
static int32_t s32a[MAXN], s32b[MAXN], s32r[MAXN];
static uint32_t u32r[MAXN];
static int64_t s64a[MAXN], s64b[MAXN], s64r[MAXN];

/* Each kernel is its own non-inlined function so n is not a constant. */
__attribute__((noinline)) static void k_u8(size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned s = u8a[i] + u8b[i];
        u8r[i] = s > 255 ? 255 : (uint8_t)s; /* uqadd */
    }
    for (size_t i = 0; i < n; i++)
        u16r[i] = (uint16_t)(u8a[i] * u8b[i]); /* umull */
    for (size_t i = 0; i < n; i++)
        u8r[i] ^=
            (uint8_t)(u8a[i] < u8b[i] ? u8b[i] - u8a[i] : u8a[i] - u8b[i]);
    for (size_t i = 0; i < n; i++)
        u8r[i] += (uint8_t)(u8a[i] >> 3) + (uint8_t)(u8b[i] << 2);
    for (size_t i = 0; i < n; i++)
        u8r[i] ^= (uint8_t)((u8a[i] + u8b[i] + 1) >> 1); /* urhadd */
}

__attribute__((noinline)) static void k_s8(size_t n)
{
    for (size_t i = 0; i < n; i++) {
        int s = s8a[i] - (int8_t)u8b[i];
        s = s > 127 ? 127 : s < -128 ? -128 : s; /* sqsub */
        s16r[i] = (int16_t)(s * 3);
    }
    for (size_t i = 0; i < n; i++)
        u8r[i] = (uint8_t)(s8a[i] < 0 ? -s8a[i] : s8a[i]);
}

__attribute__((noinline)) static void k_s16(size_t n)
{
    for (size_t i = 0; i < n; i++) {
        int v = s16a[i] * s16b[i] >> 8;
        s16r[i] = (int16_t)(v > 32767 ? 32767 : v < -32768 ? -32768 : v);
    }
    for (size_t i = 0; i < n; i++)
        s16r[i] = (int16_t)(s16r[i] + (s16a[i] > s16b[i] ? s16a[i] : s16b[i]));
    for (size_t i = 0; i < n; i++)
        s32r[i] = s16a[i] * (int32_t)s16b[i] + s32a[i] / 4; /* smlal */
    for (size_t i = 0; i < n; i++)
        s16r[i] = (int16_t)((uint16_t)s16r[i] >> (i & 7)); /* ushl */
}

__attribute__((noinline)) static void k_s32(size_t n)
{
    for (size_t i = 0; i < n; i++)
        u32r[i] = (uint32_t)s32a[i] * 2654435761u + (uint32_t)s32b[i];
    for (size_t i = 0; i < n; i++) {
        int32_t a = s32a[i] >> 1, b = s32b[i] >> 1;
        s32r[i] = (a < b ? a : b) - (a > b ? b : a);
    }
    for (size_t i = 0; i < n; i++)
        s32r[i] ^= s32a[i] < 0 ? -(s32a[i] / 2) : s32a[i] / 2;
    for (size_t i = 0; i < n; i++)
        s32r[i] = (int32_t)((uint32_t)s32r[i] + (uint32_t)(s32a[i] >> 27));
    for (size_t i = 0; i < n; i++)
        u32r[i] ^= (uint32_t)s32b[i] << (i % 31);
    for (size_t i = 0; i < n; i++)
        s16r[i] = (int16_t)(s32a[i] >> 16); /* shrn/xtn */
}

__attribute__((noinline)) static void k_s64(size_t n)
{
    for (size_t i = 0; i < n; i++)
        s64r[i] = (int64_t)((uint64_t)s64a[i] + (uint64_t)s64b[i]);
    for (size_t i = 0; i < n; i++)
        s64r[i] ^= s64a[i] > s64b[i] ? s64a[i] : s64b[i];
    for (size_t i = 0; i < n; i++)
        s64r[i] = (int64_t)((uint64_t)s64r[i] +
                            (uint64_t)s64a[i] * 0x9e3779b97f4a7c15ull);
    for (size_t i = 0; i < n; i++)
        s64r[i] ^= s64a[i] >> 13;
    for (size_t i = 0; i < n; i++)
        s64r[i] = (int64_t)((uint64_t)s64r[i] +
                            (uint64_t)(int64_t)s32a[i]); /* sxtl */
    for (size_t i = 0; i < n; i++)
        s64r[i] ^= (int64_t)((uint64_t)s64b[i] >> (i & 63));
}

/* Byte shuffles: reversal, pairwise swaps, table lookup. */
__attribute__((noinline)) static void k_shuffle(size_t n)
{
    for (size_t i = 0; i < n; i++)
        u8r[i] = u8a[n - 1 - i];
    for (size_t i = 0; i + 1 < n; i += 2) {
        uint8_t t = u8r[i];
        u8r[i] = u8r[i + 1];
        u8r[i + 1] = t;
    }
    for (size_t i = 0; i < n; i++)
        u32r[i] = __builtin_bswap32((uint32_t)s32a[i]);
    for (size_t i = 0; i < n; i++)
        s16r[i] = (int16_t)__builtin_bswap16((uint16_t)s16a[i]);
}

struct sums {
    uint64_t u8sum, u8xor;
    uint8_t u8max, u8min;
    int64_t s16sum;
    int16_t s16min, s16max;
    int64_t s32sum;
    uint32_t s32xor;
    int32_t s32min, s32max;
    uint64_t s64sum, s64xor;
    int64_t s64min, s64max;
    uint32_t sad;
};

__attribute__((noinline)) static void k_reduce(size_t n, struct sums *s)
{
    uint32_t u8sum = 0, sad = 0;
    uint8_t u8x = 0, u8max = 0, u8min = 255;
    for (size_t i = 0; i < n; i++)
        u8sum += u8a[i];
    for (size_t i = 0; i < n; i++)
        u8x ^= u8a[i];
    for (size_t i = 0; i < n; i++)
        u8max = u8a[i] > u8max ? u8a[i] : u8max;
    for (size_t i = 0; i < n; i++)
        u8min = u8a[i] < u8min ? u8a[i] : u8min;
    for (size_t i = 0; i < n; i++)
        sad += (uint32_t)abs(u8a[i] - u8b[i]); /* uabd/uadalp */
    int32_t s16sum = 0;
    int16_t s16min = INT16_MAX, s16max = INT16_MIN;
    for (size_t i = 0; i < n; i++)
        s16sum += s16a[i];
    for (size_t i = 0; i < n; i++)
        s16min = s16a[i] < s16min ? s16a[i] : s16min;
    for (size_t i = 0; i < n; i++)
        s16max = s16a[i] > s16max ? s16a[i] : s16max;
    int64_t s32sum = 0;
    uint32_t s32x = 0;
    int32_t s32min = INT32_MAX, s32max = INT32_MIN;
    for (size_t i = 0; i < n; i++)
        s32sum += s32a[i];
    for (size_t i = 0; i < n; i++)
        s32x ^= (uint32_t)s32a[i];
    for (size_t i = 0; i < n; i++)
        s32min = s32a[i] < s32min ? s32a[i] : s32min;
    for (size_t i = 0; i < n; i++)
        s32max = s32a[i] > s32max ? s32a[i] : s32max;
    uint64_t s64sum = 0, s64x = 0;
    int64_t s64min = INT64_MAX, s64max = INT64_MIN;
    for (size_t i = 0; i < n; i++)
        s64sum += (uint64_t)s64a[i];
    for (size_t i = 0; i < n; i++)
        s64x ^= (uint64_t)s64a[i];
    for (size_t i = 0; i < n; i++)
        s64min = s64a[i] < s64min ? s64a[i] : s64min;
    for (size_t i = 0; i < n; i++)
        s64max = s64a[i] > s64max ? s64a[i] : s64max;
    s->u8sum = u8sum;
    s->u8xor = u8x;
    s->u8max = u8max;
    s->u8min = u8min;
    s->sad = sad;
    s->s16sum = s16sum;
    s->s16min = s16min;
    s->s16max = s16max;
    s->s32sum = s32sum;
    s->s32xor = s32x;
    s->s32min = s32min;
    s->s32max = s32max;
    s->s64sum = s64sum;
    s->s64xor = s64x;
    s->s64min = s64min;
    s->s64max = s64max;
}

/* Byte histogram and a dependent compare-count: gathers stay scalar. */
__attribute__((noinline)) static uint32_t k_count(size_t n, uint8_t lo,
                                                  uint8_t hi)
{
    uint32_t c = 0;
    for (size_t i = 0; i < n; i++)
        c += u8a[i] >= lo && u8a[i] <= hi;
    return c;
}

static void fill(void)
{
    for (size_t i = 0; i < MAXN; i++) {
        uint64_t r = next();
        u8a[i] = (uint8_t)r;
        u8b[i] = (uint8_t)(r >> 8);
        s8a[i] = (int8_t)(r >> 16);
        s16a[i] = (int16_t)(r >> 24);
        s16b[i] = (int16_t)(r >> 40);
        s32a[i] = (int32_t)(r >> 20);
        s32b[i] = (int32_t)next();
        s64a[i] = (int64_t)next();
        s64b[i] = (int64_t)next();
    }
    /* Extremes at both ends. */
    u8a[0] = 255;
    u8a[MAXN - 1] = 0;
    s16a[1] = INT16_MIN;
    s16a[2] = INT16_MAX;
    s32a[3] = INT32_MIN + 2;
    s32a[4] = INT32_MAX;
    s64a[5] = INT64_MIN;
    s64a[6] = INT64_MAX;
}

int main(void)
{
    static const size_t lens[] = {0,  1,  2,  3,  7,   8,   15,  16,   17,
                                  31, 33, 63, 65, 100, 255, 257, 1001, 1031};
    fill();
    for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
        size_t n = lens[li];
        memset(u8r, 0, sizeof u8r);
        memset(s16r, 0, sizeof s16r);
        memset(s32r, 0, sizeof s32r);
        memset(s64r, 0, sizeof s64r);
        memset(u16r, 0, sizeof u16r);
        memset(u32r, 0, sizeof u32r);
        k_u8(n);
        printf("n=%zu u8 %016llx %016llx", n,
               (unsigned long long)hash(u8r, sizeof u8r),
               (unsigned long long)hash(u16r, sizeof u16r));
        k_s8(n);
        printf(" s8 %016llx %016llx", (unsigned long long)hash(u8r, sizeof u8r),
               (unsigned long long)hash(s16r, sizeof s16r));
        k_s16(n);
        printf(" s16 %016llx %016llx",
               (unsigned long long)hash(s16r, sizeof s16r),
               (unsigned long long)hash(s32r, sizeof s32r));
        k_s32(n);
        printf("\n  s32 %016llx %016llx %016llx",
               (unsigned long long)hash(s32r, sizeof s32r),
               (unsigned long long)hash(u32r, sizeof u32r),
               (unsigned long long)hash(s16r, sizeof s16r));
        k_s64(n);
        printf(" s64 %016llx", (unsigned long long)hash(s64r, sizeof s64r));
        k_shuffle(n);
        printf(" shuf %016llx %016llx %016llx\n",
               (unsigned long long)hash(u8r, sizeof u8r),
               (unsigned long long)hash(u32r, sizeof u32r),
               (unsigned long long)hash(s16r, sizeof s16r));
        struct sums s;
        k_reduce(n, &s);
        printf(
            "  sum u8 %llu x%llu max%u min%u sad%u | s16 %lld %d %d | s32 %lld x%u %d %d | "
            "s64 %llu x%llu %lld %lld | cnt %u\n",
            (unsigned long long)s.u8sum, (unsigned long long)s.u8xor, s.u8max,
            s.u8min, s.sad, (long long)s.s16sum, s.s16min, s.s16max,
            (long long)s.s32sum, s.s32xor, s.s32min, s.s32max,
            (unsigned long long)s.s64sum, (unsigned long long)s.s64xor,
            (long long)s.s64min, (long long)s.s64max, k_count(n, 40, 200));
    }
    return 0;
}
