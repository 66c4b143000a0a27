/*
 * Litmus tests on two threads: LB, 2+2W, S and R, each without barriers
 * and with DMB ISH between the two accesses of each thread. With the
 * barriers the Arm model forbids the weak outcome; without them it is
 * allowed (and reported). Exit status 1 on a forbidden outcome.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum { LB, LB_DMB, W22, W22_DMB, S, S_DMB, R, R_DMB, NB_TESTS };

static const char *const names[NB_TESTS] = {
    "LB", "LB+dmbs", "2+2W", "2+2W+dmbs", "S", "S+dmbs", "R", "R+dmbs",
};

static uint64_t x, y, r0, r1;
static atomic_int start, finished;
static int test, iterations;

/* Two stores or a load then a store, optionally with DMB ISH between. */
#define LD_ST(dmb, ld_addr, st_addr, st_val, out)                         \
    __asm__ volatile("ldr %0, [%1]\n\t" dmb "str %3, [%2]"                 \
                     : "=&r"(out) : "r"(ld_addr), "r"(st_addr), "r"(st_val) \
                     : "memory")
#define ST_ST(dmb, a1, v1, a2, v2)                                         \
    __asm__ volatile("str %1, [%0]\n\t" dmb "str %3, [%2]"                 \
                     :: "r"(a1), "r"(v1), "r"(a2), "r"(v2) : "memory")
#define ST_LD(dmb, st_addr, st_val, ld_addr, out)                         \
    __asm__ volatile("str %2, [%1]\n\t" dmb "ldr %0, [%3]"                 \
                     : "=&r"(out) : "r"(st_addr), "r"(st_val), "r"(ld_addr) \
                     : "memory")

static void thread0(void)
{
    switch (test) {
    case LB: LD_ST("", &x, &y, 1ul, r0); break;
    case LB_DMB: LD_ST("dmb ish\n\t", &x, &y, 1ul, r0); break;
    case W22: ST_ST("", &x, 1ul, &y, 2ul); break;
    case W22_DMB: ST_ST("dmb ish\n\t", &x, 1ul, &y, 2ul); break;
    case S: ST_ST("", &x, 2ul, &y, 1ul); break;
    case S_DMB: ST_ST("dmb ish\n\t", &x, 2ul, &y, 1ul); break;
    case R: ST_ST("", &x, 1ul, &y, 1ul); break;
    default: ST_ST("dmb ish\n\t", &x, 1ul, &y, 1ul); break;
    }
}

static void thread1(void)
{
    switch (test) {
    case LB: LD_ST("", &y, &x, 1ul, r1); break;
    case LB_DMB: LD_ST("dmb ish\n\t", &y, &x, 1ul, r1); break;
    case W22: ST_ST("", &y, 1ul, &x, 2ul); break;
    case W22_DMB: ST_ST("dmb ish\n\t", &y, 1ul, &x, 2ul); break;
    case S: LD_ST("", &y, &x, 1ul, r1); break;
    case S_DMB: LD_ST("dmb ish\n\t", &y, &x, 1ul, r1); break;
    case R: ST_LD("", &y, 2ul, &x, r1); break;
    default: ST_LD("dmb ish\n\t", &y, 2ul, &x, r1); break;
    }
}

/* The weak outcome each shape is about. */
static int weak(void)
{
    switch (test) {
    case LB: case LB_DMB: return r0 == 1 && r1 == 1;
    case W22: case W22_DMB: return x == 1 && y == 1;
    case S: case S_DMB: return r1 == 1 && x == 2;
    default: return y == 2 && r1 == 0;
    }
}

static void *observer(void *arg)
{
    (void)arg;
    for (int i = 1; i <= iterations; i++) {
        while (atomic_load_explicit(&start, memory_order_acquire) != i)
            ;
        thread1();
        atomic_store_explicit(&finished, i, memory_order_release);
    }
    return NULL;
}

static int run_test(int t)
{
    pthread_t th;
    long count = 0;
    int forbidden_shape = t % 2 == 1; /* the +dmbs variants */

    test = t;
    atomic_store(&start, 0);
    atomic_store(&finished, 0);
    pthread_create(&th, NULL, observer, NULL);
    for (int i = 1; i <= iterations; i++) {
        x = y = r0 = r1 = 0;
        atomic_store_explicit(&start, i, memory_order_release);
        thread0();
        while (atomic_load_explicit(&finished, memory_order_acquire) != i)
            ;
        count += weak();
    }
    pthread_join(th, NULL);
    printf("%-10s %d iterations: weak outcome %ld times (%s)\n", names[t],
           iterations, count, forbidden_shape ? "forbidden" : "allowed");
    return forbidden_shape && count != 0;
}

int main(int argc, char **argv)
{
    int failed = 0;

    iterations = argc > 1 ? atoi(argv[1]) : 100000;
    for (int t = 0; t < NB_TESTS; t++)
        failed |= run_test(t);
    return failed;
}
