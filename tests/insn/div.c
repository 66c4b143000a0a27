/*
 * UDIV and SDIV, 64- and 32-bit, over edge operands: division by zero
 * gives 0 and the most negative value divided by -1 gives itself, which
 * the x86 host would trap on. The output must match qemu-aarch64.
 */
#include <stdio.h>
#include <stdint.h>
#include <limits.h>
static volatile int64_t sv[] = {0,         1,         -1,         7, -7,
                                INT64_MIN, INT64_MAX, 1000000007, -3};
static volatile uint64_t uv[] = {
    0, 1, 2, 7, UINT64_MAX, 0x8000000000000000ull, 12345678901234567ull};
static int64_t sdiv(int64_t a, int64_t b)
{
    int64_t r;
    __asm__("sdiv %0, %1, %2" : "=r"(r) : "r"(a), "r"(b));
    return r;
}
static uint64_t udiv(uint64_t a, uint64_t b)
{
    uint64_t r;
    __asm__("udiv %0, %1, %2" : "=r"(r) : "r"(a), "r"(b));
    return r;
}
static int32_t sdivw(int32_t a, int32_t b)
{
    int32_t r;
    __asm__("sdiv %w0, %w1, %w2" : "=r"(r) : "r"(a), "r"(b));
    return r;
}
static uint32_t udivw(uint32_t a, uint32_t b)
{
    uint32_t r;
    __asm__("udiv %w0, %w1, %w2" : "=r"(r) : "r"(a), "r"(b));
    return r;
}
int main(void)
{
    for (unsigned i = 0; i < 9; i++)
        for (unsigned j = 0; j < 9; j++) {
            printf("s %lld %lld %lld | w %d\n", (long long)sv[i],
                   (long long)sv[j], (long long)sdiv(sv[i], sv[j]),
                   sdivw((int32_t)sv[i], (int32_t)sv[j]));
        }
    for (unsigned i = 0; i < 7; i++)
        for (unsigned j = 0; j < 7; j++)
            printf("u %llu %llu %llu | w %u\n", (unsigned long long)uv[i],
                   (unsigned long long)uv[j],
                   (unsigned long long)udiv(uv[i], uv[j]),
                   udivw((uint32_t)uv[i], (uint32_t)uv[j]));
    printf("wmin %d\n", sdivw(INT32_MIN, -1));
    return 0;
}
