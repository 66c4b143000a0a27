/* The start below limit with the longest Collatz sequence. */
#include "smp.h"

uint32_t smp_collatz(uint32_t limit)
{
    uint32_t best = 1, best_steps = 0;
    for (uint32_t start = 1; start < limit; start++) {
        uint64_t x = start;
        uint32_t steps = 0;
        while (x != 1) {
            x = (x & 1) ? 3 * x + 1 : x / 2;
            steps++;
        }
        if (steps > best_steps) {
            best_steps = steps;
            best = start;
        }
    }
    return best;
}
