/* The n-th Fibonacci number (fits 64 bits up to n = 93). */
#include "smp.h"

uint64_t smp_fibonacci(uint32_t n)
{
    uint64_t a = 0, b = 1;
    for (uint32_t i = 0; i < n; i++) {
        uint64_t t = a + b;
        a = b;
        b = t;
    }
    return a;
}
