/* Total set bits of xorshift64 outputs, counted bit by bit. */
#include "smp.h"

uint64_t smp_popcount(uint32_t seed)
{
    uint64_t x = 0x9e3779b97f4a7c15ull ^ seed;
    uint64_t total = 0;
    for (int i = 0; i < 5000; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        for (uint64_t v = x; v; v &= v - 1)
            total++;
    }
    return total;
}
