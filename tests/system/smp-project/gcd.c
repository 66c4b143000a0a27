/* Sum of gcd(i, j) over 1 <= i, j <= n (Euclid's algorithm). */
#include "smp.h"

static uint32_t gcd(uint32_t a, uint32_t b)
{
    while (b) {
        uint32_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

uint64_t smp_gcd(uint32_t n)
{
    uint64_t sum = 0;
    for (uint32_t i = 1; i <= n; i++)
        for (uint32_t j = 1; j <= n; j++)
            sum += gcd(i, j);
    return sum;
}
