/* Guest test: 32-bit versus 64-bit arithmetic wrap, sign/zero extension and
 * overflow detection with __builtin_*_overflow. Only well-defined C: signed
 * overflow is detected by the builtins, never performed. */
#include <stdint.h>
#include <stdio.h>

static uint64_t opaque(uint64_t x)
{
    __asm__ volatile("" : "+r"(x));
    return x;
}

static uint64_t next_rand(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return *s ^ (*s >> 29);
}

static const uint64_t edges[] = {
    0,
    1,
    0x7f,
    0x80,
    0xff,
    0x7fff,
    0x8000,
    0xffff,
    0x7fffffff,
    0x80000000,
    0xffffffff,
    0x100000000ull,
    0x7fffffffffffffffull,
    0x8000000000000000ull,
    0xffffffffffffffffull,
    0xfffffffffffffff0ull,
    0x00000000fffffff0ull,
};
#define NEDGES (sizeof(edges) / sizeof(edges[0]))

static void show_pair(uint64_t a, uint64_t b)
{
    uint32_t x = (uint32_t)a, y = (uint32_t)b;
    int32_t sx = (int32_t)x, sy = (int32_t)y;
    int64_t sa = (int64_t)a, sb = (int64_t)b;
    int32_t r32;
    int64_t r64;
    uint32_t u32;
    uint64_t u64;
    int o1 = __builtin_add_overflow(sx, sy, &r32);
    int o2 = __builtin_sub_overflow(sx, sy, &r32);
    int o3 = __builtin_mul_overflow(sx, sy, &r32);
    int o4 = __builtin_add_overflow(sa, sb, &r64);
    int o5 = __builtin_sub_overflow(sa, sb, &r64);
    int o6 = __builtin_mul_overflow(sa, sb, &r64);
    int o7 = __builtin_add_overflow(x, y, &u32);
    int o8 = __builtin_sub_overflow(x, y, &u32);
    int o9 = __builtin_mul_overflow(a, b, &u64);
    int o10 = __builtin_add_overflow(a, b, &u64);
    printf("ovf %016llx %016llx %d%d%d %d%d%d %d%d%d%d\n",
           (unsigned long long)a, (unsigned long long)b, o1, o2, o3, o4, o5, o6,
           o7, o8, o9, o10);
    printf("  w32 add=%08x sub=%08x mul=%08x  sext=%016llx zext=%016llx\n",
           x + y, x - y, x * y, (unsigned long long)(int64_t)(int32_t)(x + y),
           (unsigned long long)(uint64_t)(x + y));
    printf("  w64 add=%016llx mixed=%016llx %016llx\n",
           (unsigned long long)(a + b), (unsigned long long)(a + (int64_t)sy),
           (unsigned long long)(a + (uint64_t)y));
    printf("  narrow s8=%d s16=%d u8=%u u16=%u s32=%d\n", (int8_t)a, (int16_t)a,
           (uint8_t)a, (uint16_t)a, (int32_t)a);
    uint64_t sext8 = (uint64_t)(int64_t)(int8_t)b;
    uint64_t sext16 = (uint64_t)(int64_t)(int16_t)b;
    printf("  ext %016llx %016llx %08x %08x\n", (unsigned long long)sext8,
           (unsigned long long)sext16, (uint32_t)(int32_t)(int8_t)b,
           (uint32_t)(int32_t)(int16_t)b);
    /* Add-with-carry chains as a 128-bit add. */
    uint64_t lo = a + b;
    uint64_t carry = lo < a;
    uint64_t hi = (a >> 1) + (b >> 1) + carry;
    printf("  adc lo=%016llx hi=%016llx c=%llu\n", (unsigned long long)lo,
           (unsigned long long)hi, (unsigned long long)carry);
}

int main(void)
{
    for (unsigned i = 0; i < NEDGES; i++)
        for (unsigned j = 0; j < NEDGES; j++)
            show_pair(opaque(edges[i]), opaque(edges[j]));
    uint64_t s = 12345;
    uint32_t acc32 = 1;
    uint64_t acc64 = 1;
    for (int i = 0; i < 2000; i++) {
        uint64_t r = next_rand(&s);
        acc32 = acc32 * 2654435761u + (uint32_t)r;
        acc64 = acc64 * 0x5851f42d4c957f2dull + r;
        acc32 ^= acc32 >> 13;
        acc64 ^= acc64 >> 31;
        if (i % 100 == 0)
            printf("lcg %4d %08x %016llx\n", i, acc32,
                   (unsigned long long)acc64);
        if (i % 250 == 0)
            show_pair(r, next_rand(&s) >> (i % 64));
    }
    printf("final %08x %016llx\n", acc32, (unsigned long long)acc64);
    return 0;
}
