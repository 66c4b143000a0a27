/* The parallel-build test's tiny program (run-smp-build.sh): each .c file
 * computes one number from its argument; main prints them. Its only use is
 * to be compiled by make -jN in the guest; it reads no input. */
#ifndef SMP_H
#define SMP_H
#include <stdint.h>

uint32_t smp_crc32(uint32_t seed);
uint64_t smp_fnv1a(uint32_t seed);
uint64_t smp_sort(uint32_t seed);
uint32_t smp_primes(uint32_t limit);
uint64_t smp_fibonacci(uint32_t n);
uint64_t smp_matrix(uint32_t seed);
uint64_t smp_strings(uint32_t seed);
uint64_t smp_gcd(uint32_t n);
uint32_t smp_collatz(uint32_t limit);
uint64_t smp_popcount(uint32_t seed);
uint64_t smp_base64(uint32_t seed);
#endif
