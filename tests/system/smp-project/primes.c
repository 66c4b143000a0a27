/* Counts the primes below limit with a sieve of Eratosthenes. */
#include <stdlib.h>

#include "smp.h"

uint32_t smp_primes(uint32_t limit)
{
    char *composite = calloc(limit, 1);
    uint32_t count = 0;
    if (!composite)
        return 0;
    for (uint32_t i = 2; i < limit; i++) {
        if (composite[i])
            continue;
        count++;
        for (uint64_t j = (uint64_t)i * i; j < limit; j += i)
            composite[j] = 1;
    }
    free(composite);
    return count;
}
