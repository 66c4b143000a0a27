/* Insertion sort of pseudo-random numbers; returns a position-weighted sum. */
#include "smp.h"

uint64_t smp_sort(uint32_t seed)
{
    uint32_t a[512];
    uint32_t x = seed;
    for (int i = 0; i < 512; i++) {
        x = x * 1103515245u + 12345u;
        a[i] = x >> 8;
    }
    for (int i = 1; i < 512; i++) {
        uint32_t v = a[i];
        int j = i - 1;
        for (; j >= 0 && a[j] > v; j--)
            a[j + 1] = a[j];
        a[j + 1] = v;
    }
    uint64_t sum = 0;
    for (int i = 0; i < 512; i++)
        sum += (uint64_t)a[i] * (uint64_t)(i + 1);
    return sum;
}
