/*
 * Shared harness for the litmus programs in tests/litmus: runs a table
 * of 2- to 4-thread shapes in lock step, counts every outcome and fails
 * when an outcome the Arm model forbids appears. It must not judge allowed
 * relaxed outcomes: those are only reported.
 */
#ifndef LITMUS_H
#define LITMUS_H

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

enum { LITMUS_MAX_THREADS = 4, LITMUS_MAX_VALUES = 4, LITMUS_LINE = 64 };

/* The locations and registers a shape uses, each on its own cache line. */
typedef struct LitmusLine {
    _Alignas(LITMUS_LINE) uint64_t v;
} LitmusLine;

static LitmusLine litmus_x, litmus_y;
static LitmusLine litmus_r[LITMUS_MAX_THREADS][2];

/*
 * One shape (MP, SB, ...): how many threads, what it observes after each
 * iteration (up to four values, each 0..3, named by `labels`) and which
 * observation is the relaxed one the test is about.
 */
typedef struct LitmusShape {
    const char *name;
    int nthreads;
    const char *labels[LITMUS_MAX_VALUES];
    int nvalues;
    void (*observe)(uint64_t *values);
    int (*relaxed)(const uint64_t *values);
} LitmusShape;

/* One variant of a shape: the per-thread bodies and whether the Arm model
 * forbids the relaxed outcome with these barriers or orderings. */
typedef struct LitmusTest {
    const LitmusShape *shape;
    const char *variant;
    void (*body[LITMUS_MAX_THREADS])(void);
    int forbidden;
} LitmusTest;

#define LITMUS_X (&litmus_x.v)
#define LITMUS_Y (&litmus_y.v)

/*
 * One thread's accesses in inline A64. The text names the addresses [a]
 * and [b], the values to store [v] and [w], and the registers loaded [o]
 * and [p], which land in litmus_r[t][0] and litmus_r[t][1].
 * `.arch_extension rcpc` lets the text use LDAPR.
 */
#define LITMUS_ASM(thread, text, addr0, addr1, val0, val1)                     \
    __asm__ volatile(                                                          \
        ".arch_extension rcpc\n\t" text                                        \
        : [o] "=&r"(litmus_r[thread][0].v), [p] "=&r"(litmus_r[thread][1].v)   \
        : [a] "r"(addr0), [b] "r"(addr1), [v] "r"((uint64_t)(val0)),           \
          [w] "r"((uint64_t)(val1))                                            \
        : "memory")

static const LitmusTest *litmus_current;
static atomic_int litmus_start, litmus_done;
static int litmus_iterations;
static int litmus_oversubscribed;

/*
 * Waiting spins while every thread has a core; with more threads than
 * cores the thread being waited for may not be running, so yield at once.
 */
static void litmus_wait_until(atomic_int *word, int value)
{
    int spins = 0;

    while (atomic_load_explicit(word, memory_order_acquire) != value) {
        if (litmus_oversubscribed || ++spins > 256) {
            sched_yield();
            spins = 0;
        }
    }
}

/*
 * The helpers see a new start a cache-line transfer after the main thread
 * publishes it; a varying head start for them makes the bodies overlap in
 * every relative timing instead of mostly running main-first.
 */
static void litmus_stagger(int iteration)
{
    int spins = (int)((unsigned)iteration * 37u % 64u);

    for (int k = 0; k < spins; k++)
        __asm__ volatile("" ::: "memory");
}

static void *litmus_helper(void *arg)
{
    int self = (int)(intptr_t)arg;

    for (int i = 1; i <= litmus_iterations; i++) {
        litmus_wait_until(&litmus_start, i);
        litmus_current->body[self]();
        /* The next start needs every helper done: no lap can overtake. */
        atomic_fetch_add_explicit(&litmus_done, 1, memory_order_release);
    }
    return NULL;
}

static void litmus_reset(void)
{
    litmus_x.v = litmus_y.v = 0;
    for (int t = 0; t < LITMUS_MAX_THREADS; t++)
        litmus_r[t][0].v = litmus_r[t][1].v = 0;
}

static unsigned litmus_pack(const uint64_t *values, int n)
{
    unsigned code = 0;

    for (int i = 0; i < n; i++)
        code |= (unsigned)(values[i] & 3) << (2 * i);
    return code;
}

static void litmus_unpack(unsigned code, uint64_t *values, int n)
{
    for (int i = 0; i < n; i++)
        values[i] = code >> (2 * i) & 3;
}

static void litmus_print_outcome(const LitmusShape *shape, unsigned code,
                                 long count, int relaxed)
{
    uint64_t values[LITMUS_MAX_VALUES];
    char text[80] = "";
    size_t len = 0;

    litmus_unpack(code, values, shape->nvalues);
    for (int i = 0; i < shape->nvalues; i++)
        len += (size_t)snprintf(text + len, sizeof(text) - len, "%s%s=%d",
                                i ? " " : "", shape->labels[i], (int)values[i]);
    printf("    %-28s %9ld%s\n", text, count, relaxed ? "  <- relaxed" : "");
}

/* Runs one variant; returns how often a forbidden outcome appeared. */
static long litmus_run(const LitmusTest *test, int iterations)
{
    const LitmusShape *shape = test->shape;
    long histogram[1 << (2 * LITMUS_MAX_VALUES)] = {0};
    pthread_t threads[LITMUS_MAX_THREADS];
    uint64_t values[LITMUS_MAX_VALUES];
    unsigned relaxed_code = ~0u;
    long relaxed = 0;
    int others = shape->nthreads - 1;
    struct timespec t0, t1;

    litmus_current = test;
    litmus_iterations = iterations;
    atomic_store(&litmus_start, 0);
    atomic_store(&litmus_done, 0);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int t = 1; t < shape->nthreads; t++)
        pthread_create(&threads[t], NULL, litmus_helper, (void *)(intptr_t)t);
    for (int i = 1; i <= iterations; i++) {
        litmus_reset();
        atomic_store_explicit(&litmus_start, i, memory_order_release);
        litmus_stagger(i);
        test->body[0]();
        litmus_wait_until(&litmus_done, others * i);
        shape->observe(values);
        histogram[litmus_pack(values, shape->nvalues)]++;
        if (shape->relaxed(values)) {
            relaxed++;
            relaxed_code = litmus_pack(values, shape->nvalues);
        }
    }
    for (int t = 1; t < shape->nthreads; t++)
        pthread_join(threads[t], NULL);
    clock_gettime(CLOCK_MONOTONIC, &t1);

    printf("%s%s%s: %d threads, %d iterations, %.1f s, relaxed outcome %ld "
           "times (%s)\n",
           shape->name, *test->variant ? "+" : "", test->variant,
           shape->nthreads, iterations,
           (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9,
           relaxed, test->forbidden ? "FORBIDDEN" : "allowed");
    for (unsigned code = 0; code < sizeof(histogram) / sizeof(*histogram);
         code++) {
        if (histogram[code])
            litmus_print_outcome(shape, code, histogram[code],
                                 code == relaxed_code);
    }
    if (test->forbidden && relaxed)
        printf("    FAIL: the Arm model forbids the relaxed outcome\n");
    return test->forbidden ? relaxed : 0;
}

/*
 * argv[1]: iterations per variant (default 10^6). Shapes with more
 * threads than cores run a quarter of that: each iteration then costs
 * scheduler switches (sched_yield) rather than cache-line transfers, about
 * 10 us under arx on 2 cores, so the full count would take ~110 s for
 * iriw_wrc alone; on an x86 host their relaxed outcomes also need a
 * reordering of loads that arx never makes, so the lower count still
 * catches a translation that drops an ordering. LITMUS_FULL=1 in the
 * environment keeps the full count.
 */
static int litmus_main(int argc, char **argv, const LitmusTest *tests,
                       int ntests)
{
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    int iterations = argc > 1 ? atoi(argv[1]) : 1000000;
    int full = getenv("LITMUS_FULL") != NULL;
    long failed = 0;

    setvbuf(stdout, NULL, _IOLBF, 0);
    for (int t = 0; t < ntests; t++) {
        int n = iterations;

        litmus_oversubscribed = tests[t].shape->nthreads > cpus;
        if (litmus_oversubscribed && !full && n >= 4)
            n /= 4;
        failed += litmus_run(&tests[t], n);
    }
    return failed != 0;
}

#endif
