/* Guest test: integer edge cases -- unsigned wrap, shifts 0..63, mixed
 * signedness compares, 128-bit high multiply, bit-count builtins, byte swaps.
 * Must never execute C undefined behaviour (signed overflow, x/0, INT_MIN/-1).
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>

/* Hide a value from the optimiser so the guest really computes. */
static uint64_t opaque(uint64_t x)
{
    __asm__ volatile("" : "+r"(x));
    return x;
}

static const uint64_t vals[] = {
    0,
    1,
    2,
    3,
    7,
    0x7f,
    0x80,
    0xff,
    0x100,
    0x7fff,
    0x8000,
    0xffff,
    0x7fffffff,
    0x80000000,
    0xffffffff,
    0x100000000ull,
    0x123456789abcdef0ull,
    0x7fffffffffffffffull,
    0x8000000000000000ull,
    0xfffffffffffffffeull,
    0xffffffffffffffffull,
    0xdeadbeefcafebabeull,
};
#define NVALS (sizeof(vals) / sizeof(vals[0]))

static void test_unsigned_wrap(void)
{
    for (unsigned i = 0; i < NVALS; i++) {
        uint64_t a = opaque(vals[i]);
        uint64_t b = opaque(vals[(i * 7 + 3) % NVALS]);
        printf(
            "u64 %016llx %016llx add=%016llx sub=%016llx mul=%016llx neg=%016llx\n",
            (unsigned long long)a, (unsigned long long)b,
            (unsigned long long)(a + b), (unsigned long long)(a - b),
            (unsigned long long)(a * b), (unsigned long long)(0 - a));
        uint32_t x = (uint32_t)a, y = (uint32_t)b;
        printf("u32 %08x %08x add=%08x sub=%08x mul=%08x not=%08x\n", x, y,
               x + y, x - y, x * y, ~x);
        if (b != 0)
            printf("udiv %llu / %llu = %llu rem %llu\n", (unsigned long long)a,
                   (unsigned long long)b, (unsigned long long)(a / b),
                   (unsigned long long)(a % b));
        if (y != 0)
            printf("udiv32 %u / %u = %u rem %u\n", x, y, x / y, x % y);
        int64_t sa = (int64_t)a, sb = (int64_t)b;
        if (sb != 0 && !(sa == INT64_MIN && sb == -1))
            printf("sdiv %lld / %lld = %lld rem %lld\n", (long long)sa,
                   (long long)sb, (long long)(sa / sb), (long long)(sa % sb));
        int32_t s32a = (int32_t)x, s32b = (int32_t)y;
        if (s32b != 0 && !(s32a == INT32_MIN && s32b == -1))
            printf("sdiv32 %d / %d = %d rem %d\n", s32a, s32b, s32a / s32b,
                   s32a % s32b);
    }
}

static void test_shifts(void)
{
    uint64_t pats[] = {1, 0x8000000000000001ull, 0xdeadbeefcafebabeull,
                       0xffffffffffffffffull, 0x0123456789abcdefull};
    for (unsigned p = 0; p < 5; p++) {
        uint64_t x = opaque(pats[p]);
        for (unsigned s = 0; s < 64; s++) {
            unsigned sh = (unsigned)opaque(s);
            uint64_t rot = (x << sh) | (x >> ((64 - sh) & 63));
            printf(
                "sh64 %016llx %2u shl=%016llx lsr=%016llx asr=%016llx rol=%016llx\n",
                (unsigned long long)x, sh, (unsigned long long)(x << sh),
                (unsigned long long)(x >> sh),
                (unsigned long long)((int64_t)x >> sh),
                (unsigned long long)rot);
        }
        uint32_t w = (uint32_t)(x >> 8);
        for (unsigned s = 0; s < 32; s++) {
            unsigned sh = (unsigned)opaque(s);
            uint32_t rot = (w << sh) | (w >> ((32 - sh) & 31));
            printf("sh32 %08x %2u shl=%08x lsr=%08x asr=%08x ror=%08x\n", w, sh,
                   w << sh, w >> sh, (uint32_t)((int32_t)w >> sh), rot);
        }
    }
}

static void test_compares(void)
{
    for (unsigned i = 0; i < NVALS; i++) {
        for (unsigned j = 0; j < NVALS; j += 3) {
            uint64_t a = opaque(vals[i]), b = opaque(vals[j]);
            int64_t sa = (int64_t)a, sb = (int64_t)b;
            int32_t wa = (int32_t)a, wb = (int32_t)b;
            uint32_t ua = (uint32_t)a, ub = (uint32_t)b;
            unsigned m = 0;
            m |= (a < b) << 0;
            m |= (a <= b) << 1;
            m |= (sa < sb) << 2;
            m |= (sa <= sb) << 3;
            m |= (wa < wb) << 4;
            m |= (wa >= wb) << 5;
            m |= (ua > ub) << 6;
            m |= (ua == ub) << 7;
            m |= (sa > (int64_t)wb) << 8;
            m |= ((uint64_t)wa < b) << 9;
            printf("cmp %2u %2u mask=%03x\n", i, j, m);
        }
    }
}

static void test_mulhigh(void)
{
    for (unsigned i = 0; i < NVALS; i++) {
        for (unsigned j = i; j < NVALS; j += 2) {
            uint64_t a = opaque(vals[i]), b = opaque(vals[j]);
            unsigned __int128 p = (unsigned __int128)a * b;
            __int128 sp = (__int128)(int64_t)a * (int64_t)b;
            printf("umulh %016llx %016llx = %016llx:%016llx smulh=%016llx\n",
                   (unsigned long long)a, (unsigned long long)b,
                   (unsigned long long)(p >> 64), (unsigned long long)p,
                   (unsigned long long)((unsigned __int128)sp >> 64));
        }
    }
}

static void test_bitcount(void)
{
    for (unsigned i = 0; i < NVALS; i++) {
        uint64_t a = opaque(vals[i]);
        uint32_t w = (uint32_t)a;
        printf("bits %016llx pop=%d par=%d", (unsigned long long)a,
               __builtin_popcountll(a), __builtin_parityll(a));
        if (a)
            printf(" clz=%d ctz=%d", __builtin_clzll(a), __builtin_ctzll(a));
        if (w)
            printf(" clz32=%d ctz32=%d", __builtin_clz(w), __builtin_ctz(w));
        printf(" clrsb=%d ffs=%d pop32=%d\n", __builtin_clrsbll((long long)a),
               __builtin_ffsll((long long)a), __builtin_popcount(w));
        printf("bswap %04x %08x %016llx\n", __builtin_bswap16((uint16_t)a),
               __builtin_bswap32(w), (unsigned long long)__builtin_bswap64(a));
        uint64_t r = 0;
        for (int b = 0; b < 64; b++)
            r |= ((a >> b) & 1) << (63 - b);
        printf("rbit %016llx\n", (unsigned long long)r);
    }
}

struct fields {
    unsigned a : 3;
    signed b : 5;
    unsigned c : 12;
    signed d : 20;
    unsigned long long e : 40;
    signed long long f : 23;
};

static void test_bitfields(void)
{
    struct fields f;
    for (int i = 0; i < 40; i++) {
        uint64_t v = opaque(0x9e3779b97f4a7c15ull * (uint64_t)(i + 1));
        f.a = (unsigned)v;
        f.b = (int)(v >> 3) % 16;
        f.c = (unsigned)(v >> 8);
        f.d = (int)((int64_t)(v << 12) >> 44);
        f.e = v >> 5;
        f.f = (long long)((int64_t)v >> 41);
        printf("bf %d a=%u b=%d c=%u d=%d e=%llx f=%lld\n", i, f.a, f.b, f.c,
               f.d, (unsigned long long)f.e, (long long)f.f);
        f.a += 5;
        f.b -= 7;
        f.c ^= 0xabc;
        f.d = -f.d;
        f.e += 0xffffffffffull;
        f.f++;
        printf("bf' %d a=%u b=%d c=%u d=%d e=%llx f=%lld\n", i, f.a, f.b, f.c,
               f.d, (unsigned long long)f.e, (long long)f.f);
    }
    printf("sizeof fields %zu\n", sizeof(struct fields));
}

static void test_limits(void)
{
    printf("INT_MIN=%d INT_MAX=%d UINT_MAX=%u\n", INT_MIN, INT_MAX, UINT_MAX);
    printf("LLONG_MIN=%lld LLONG_MAX=%lld ULLONG_MAX=%llu\n", LLONG_MIN,
           LLONG_MAX, ULLONG_MAX);
    printf("sizes short=%zu int=%zu long=%zu llong=%zu ptr=%zu size_t=%zu\n",
           sizeof(short), sizeof(int), sizeof(long), sizeof(long long),
           sizeof(void *), sizeof(size_t));
    int64_t m = (int64_t)opaque((uint64_t)INT64_MIN);
    printf("abs-ish %llu %llu\n", (unsigned long long)(0 - (uint64_t)m),
           (unsigned long long)(m + 1 < 0 ? -(m + 1) : m + 1));
}

int main(void)
{
    test_limits();
    test_unsigned_wrap();
    test_shifts();
    test_compares();
    test_mulhigh();
    test_bitcount();
    test_bitfields();
    return 0;
}
