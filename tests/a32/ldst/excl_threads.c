/*
 * a17-ldst: exclusives from several threads. Four threads add to a word
 * with LDREX/STREX, to a halfword with LDREXH/STREXH and to a doubleword
 * with LDREXD/STREXD (carry into the high word); the totals must be
 * exact. Built -marm and -mthumb against glibc (pthreads).
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

#define THREADS 4
#define ROUNDS 100000

static uint32_t counter32;
static uint16_t counter16;
static uint64_t counter64 __attribute__((aligned(8)));

static void add32(uint32_t *p, uint32_t n)
{
    uint32_t v, st;

    __asm__ volatile("1: ldrex %0, [%2]\n\t"
                     "add %0, %0, %3\n\t"
                     "strex %1, %0, [%2]\n\t"
                     "cmp %1, #0\n\t"
                     "bne 1b\n\t"
                     : "=&r"(v), "=&r"(st)
                     : "r"(p), "r"(n)
                     : "cc", "memory");
}

static void add16(uint16_t *p)
{
    uint32_t v, st;

    __asm__ volatile("1: ldrexh %0, [%2]\n\t"
                     "add %0, %0, #1\n\t"
                     "strexh %1, %0, [%2]\n\t"
                     "cmp %1, #0\n\t"
                     "bne 1b\n\t"
                     : "=&r"(v), "=&r"(st)
                     : "r"(p)
                     : "cc", "memory");
}

static void add64(uint64_t *p, uint32_t n)
{
    register uint32_t lo __asm__("r4"), hi __asm__("r5");
    uint32_t st;

    __asm__ volatile("1: ldaexd %0, %1, [%3]\n\t"
                     "adds %0, %0, %4\n\t"
                     "adc %1, %1, #0\n\t"
                     "stlexd %2, %0, %1, [%3]\n\t"
                     "cmp %2, #0\n\t"
                     "bne 1b\n\t"
                     : "=&r"(lo), "=&r"(hi), "=&r"(st)
                     : "r"(p), "r"(n)
                     : "cc", "memory");
}

static void *worker(void *arg)
{
    (void)arg;
    for (int i = 0; i < ROUNDS; i++) {
        add32(&counter32, 3);
        add16(&counter16);
        add64(&counter64, 0x40000000u);
    }
    return NULL;
}

int main(void)
{
    pthread_t t[THREADS];

    for (int i = 0; i < THREADS; i++)
        pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < THREADS; i++)
        pthread_join(t[i], NULL);
    printf("counter32 %u (want %u)\n", counter32, 3u * THREADS * ROUNDS);
    printf("counter16 %u (want %u)\n", counter16, (uint16_t)(THREADS * ROUNDS));
    printf("counter64 %llu (want %llu)\n", (unsigned long long)counter64,
           (unsigned long long)THREADS * ROUNDS * 0x40000000ull);
    return 0;
}
