/*
 * Flags that live across a block boundary: a flag-setting instruction, a
 * branch, then an instruction reading the flags in the next block (ADC
 * after ADDS, SBC after SUBS, a conditional move after CMP, RRX after
 * MOVS). arx leaves flags unstored where every successor overwrites them
 * first (target-arm/a32/nzcv_use.c): a successor that reads one must see
 * it. On the host the same sums are computed in C.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>

static uint64_t add64(uint64_t a, uint64_t b)
{
#ifdef __arm__
    uint32_t lo = (uint32_t)a, hi = (uint32_t)(a >> 32);
    __asm__("adds %0, %0, %2\n\t"
            "b 1f\n"
            "1:\n\t"
            "adc %1, %1, %3"
            : "+r"(lo), "+r"(hi)
            : "r"((uint32_t)b), "r"((uint32_t)(b >> 32))
            : "cc");
    return (uint64_t)hi << 32 | lo;
#else
    return a + b;
#endif
}

static uint64_t sub64(uint64_t a, uint64_t b)
{
#ifdef __arm__
    uint32_t lo = (uint32_t)a, hi = (uint32_t)(a >> 32);
    __asm__("subs %0, %0, %2\n\t"
            "b 1f\n"
            "1:\n\t"
            "sbc %1, %1, %3"
            : "+r"(lo), "+r"(hi)
            : "r"((uint32_t)b), "r"((uint32_t)(b >> 32))
            : "cc");
    return (uint64_t)hi << 32 | lo;
#else
    return a - b;
#endif
}

/* max(a, b) unsigned, the compare and the selection in two blocks. */
static uint32_t umax(uint32_t a, uint32_t b)
{
#ifdef __arm__
    uint32_t r = a;
    __asm__("cmp %1, %2\n\t"
            "b 1f\n"
            "1:\n\t"
#ifdef __thumb__
            "it cc\n\t"
#endif
            "movcc %0, %2"
            : "+r"(r)
            : "r"(a), "r"(b)
            : "cc");
    return r;
#else
    return a > b ? a : b;
#endif
}

/* (c << 31) | (x >> 1) where c is the low bit of y: MOVS then RRX. */
static uint32_t rrx_of(uint32_t x, uint32_t y)
{
#ifdef __arm__
    uint32_t r, t;
    __asm__("lsrs %1, %3, #1\n\t"
            "b 1f\n"
            "1:\n\t"
            "rrx %0, %2"
            : "=r"(r), "=&r"(t)
            : "r"(x), "r"(y)
            : "cc");
    return r;
#else
    return (y & 1) << 31 | x >> 1;
#endif
}

int main(void)
{
    uint64_t v = 0x123456789abcdef0ull, acc = 0;
    uint32_t m = 0;

    for (int i = 0; i < 20000; i++) {
        v = v * 6364136223846793005ull + 1442695040888963407ull;
        acc = add64(acc, v);
        acc = sub64(acc, v >> 3);
        m ^= umax((uint32_t)v, (uint32_t)(v >> 32));
        m += rrx_of((uint32_t)(v >> 7), (uint32_t)(v >> 40));
    }
    printf("%016" PRIx64 " %08" PRIx32 "\n", acc, m);
    return 0;
}
