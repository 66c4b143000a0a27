/* Prints one line per function of the parallel-build test's program. */
#include <inttypes.h>
#include <stdio.h>

#include "smp.h"

int main(void)
{
    printf("crc32 %08" PRIx32 "\n", smp_crc32(1));
    printf("fnv1a %016" PRIx64 "\n", smp_fnv1a(2));
    printf("sort %" PRIu64 "\n", smp_sort(3));
    printf("primes %" PRIu32 "\n", smp_primes(100000));
    printf("fibonacci %" PRIu64 "\n", smp_fibonacci(90));
    printf("matrix %" PRIu64 "\n", smp_matrix(4));
    printf("strings %" PRIu64 "\n", smp_strings(5));
    printf("gcd %" PRIu64 "\n", smp_gcd(300));
    printf("collatz %" PRIu32 "\n", smp_collatz(10000));
    printf("popcount %" PRIu64 "\n", smp_popcount(6));
    printf("base64 %" PRIu64 "\n", smp_base64(7));
    return 0;
}
