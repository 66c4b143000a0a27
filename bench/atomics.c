/*
 * Atomics and thread-scaling kernels for bench/run-atomics.sh: a counter
 * contended by two threads through LL/SC (LDXR/STXR), LSE (LDADD) or a CAS
 * loop, and independent work on one or two threads. Each prints one
 * checksum line that must not depend on the ISA or on timing; the host
 * build uses __atomic builtins in place of the A64 instructions.
 *
 * usage: atomics MODE SCALE   MODE: llsc lse cas work1 work2
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Per thread and scale unit: increments, and rounds of private work. */
enum { INCREMENTS_PER_UNIT = 2000000, WORK_PER_UNIT = 40000000 };

static _Alignas(64) uint64_t counter;
static long units;
/* Both threads start together, so the counter is really contended. */
static pthread_barrier_t start_line;

#ifdef __aarch64__

static void add_llsc(void)
{
    uint64_t v;
    uint32_t fail;

    __asm__ volatile("1: ldxr %0, [%2]\n\t"
                     "add %0, %0, #1\n\t"
                     "stxr %w1, %0, [%2]\n\t"
                     "cbnz %w1, 1b"
                     : "=&r"(v), "=&r"(fail)
                     : "r"(&counter)
                     : "memory");
}

static void add_lse(void)
{
    __asm__ volatile(".arch_extension lse\n\t"
                     "stadd %0, [%1]" ::"r"(1ul),
                     "r"(&counter)
                     : "memory");
}

static void add_cas(void)
{
    uint64_t old, seen, next;

    __asm__ volatile(".arch_extension lse\n\t"
                     "ldr %0, [%3]\n"
                     "1: add %2, %0, #1\n\t"
                     "mov %1, %0\n\t"
                     "cas %1, %2, [%3]\n\t"
                     "cmp %1, %0\n\t"
                     "mov %0, %1\n\t"
                     "b.ne 1b"
                     : "=&r"(old), "=&r"(seen), "=&r"(next)
                     : "r"(&counter)
                     : "memory", "cc");
}

#else

/* An LL/SC loop is the host's compare-and-swap loop. */
static void add_llsc(void)
{
    uint64_t old = __atomic_load_n(&counter, __ATOMIC_RELAXED);

    while (!__atomic_compare_exchange_n(&counter, &old, old + 1, 1,
                                        __ATOMIC_RELAXED, __ATOMIC_RELAXED))
        ;
}

static void add_lse(void)
{
    __atomic_fetch_add(&counter, 1, __ATOMIC_RELAXED);
}

static void add_cas(void)
{
    uint64_t old = __atomic_load_n(&counter, __ATOMIC_RELAXED);

    while (!__atomic_compare_exchange_n(&counter, &old, old + 1, 0,
                                        __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
        ;
}

#endif

static void *count_worker(void *arg)
{
    void (*add)(void) = (void (*)(void))arg;
    long n = units * INCREMENTS_PER_UNIT;

    pthread_barrier_wait(&start_line);
    for (long i = 0; i < n; i++)
        add();
    return NULL;
}

/* Private integer work (xorshift and multiply): no shared cache lines. */
static void *work_worker(void *arg)
{
    uint64_t *result = arg;
    uint64_t x = 0x9e3779b97f4a7c15ull, acc = 0;
    long n = units * WORK_PER_UNIT;

    pthread_barrier_wait(&start_line);
    for (long i = 0; i < n; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        acc += x * 0xff51afd7ed558ccdull;
    }
    *result = acc;
    return NULL;
}

static void run_counter(void (*add)(void))
{
    pthread_t t[2];

    pthread_barrier_init(&start_line, NULL, 2);
    for (int i = 0; i < 2; i++)
        pthread_create(&t[i], NULL, count_worker, (void *)add);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    printf("counter %llu\n", (unsigned long long)counter);
}

static void run_work(int nthreads)
{
    pthread_t t[2];
    _Alignas(64) uint64_t results[2][8];

    pthread_barrier_init(&start_line, NULL, (unsigned)nthreads);
    for (int i = 0; i < nthreads; i++)
        pthread_create(&t[i], NULL, work_worker, results[i]);
    for (int i = 0; i < nthreads; i++)
        pthread_join(t[i], NULL);
    printf("work %llu\n", (unsigned long long)results[0][0]);
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "";

    units = argc > 2 ? atol(argv[2]) : 1;
    if (!strcmp(mode, "llsc"))
        run_counter(add_llsc);
    else if (!strcmp(mode, "lse"))
        run_counter(add_lse);
    else if (!strcmp(mode, "cas"))
        run_counter(add_cas);
    else if (!strcmp(mode, "work1"))
        run_work(1);
    else if (!strcmp(mode, "work2"))
        run_work(2);
    else {
        fprintf(stderr, "usage: atomics llsc|lse|cas|work1|work2 SCALE\n");
        return 2;
    }
    return 0;
}
