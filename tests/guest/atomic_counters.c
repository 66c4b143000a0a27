/*
 * Shared counters incremented from 2, 4, 8 and 16 threads through every
 * atomic idiom: LDXR/STXR, LDAXR/STLXR, LDXP/STXP (a 128-bit counter that
 * carries between halves), CAS loops, LDADD and C11 atomic_fetch_add. The
 * totals must be exact; the host build uses __atomic builtins (and
 * cmpxchg16b for the pair) so both builds print the same lines.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>

enum { INCREMENTS = 50000, MAX_THREADS = 16 };

/* The 128-bit counter starts just below a carry into the high half. */
#define PAIR_START_LO (UINT64_MAX - 100000)

typedef struct Pair {
    _Alignas(16) uint64_t lo;
    uint64_t hi;
} Pair;

static _Alignas(64) uint64_t counter64;
static _Alignas(64) uint32_t counter32;
static _Alignas(64) Pair pair;
static _Alignas(64) uint64_t pair32; /* W-pair: two halves, carried */
static _Alignas(64) atomic_ulong counter_c11;
static pthread_barrier_t start_line;

#ifdef __aarch64__

static void inc_ldxr64(void)
{
    uint64_t v;
    uint32_t fail;

    __asm__ volatile("1: ldxr %0, [%2]\n\t"
                     "add %0, %0, #1\n\t"
                     "stxr %w1, %0, [%2]\n\t"
                     "cbnz %w1, 1b"
                     : "=&r"(v), "=&r"(fail)
                     : "r"(&counter64)
                     : "memory");
}

static void inc_ldxr32(void)
{
    uint32_t v, fail;

    __asm__ volatile("1: ldxr %w0, [%2]\n\t"
                     "add %w0, %w0, #1\n\t"
                     "stxr %w1, %w0, [%2]\n\t"
                     "cbnz %w1, 1b"
                     : "=&r"(v), "=&r"(fail)
                     : "r"(&counter32)
                     : "memory");
}

static void inc_ldaxr(void)
{
    uint64_t v;
    uint32_t fail;

    __asm__ volatile("1: ldaxr %0, [%2]\n\t"
                     "add %0, %0, #1\n\t"
                     "stlxr %w1, %0, [%2]\n\t"
                     "cbnz %w1, 1b"
                     : "=&r"(v), "=&r"(fail)
                     : "r"(&counter64)
                     : "memory");
}

/* 128-bit increment: low half with carry into the high half. */
static void inc_ldxp(void)
{
    uint64_t lo, hi;
    uint32_t fail;

    __asm__ volatile("1: ldaxp %0, %1, [%3]\n\t"
                     "adds %0, %0, #1\n\t"
                     "adc %1, %1, xzr\n\t"
                     "stlxp %w2, %0, %1, [%3]\n\t"
                     "cbnz %w2, 1b"
                     : "=&r"(lo), "=&r"(hi), "=&r"(fail)
                     : "r"(&pair)
                     : "memory", "cc");
}

/* W pair: the low word counts, its wrap carries into the high word. */
static void inc_ldxp_w(void)
{
    uint32_t lo, hi, fail;

    __asm__ volatile("1: ldxp %w0, %w1, [%3]\n\t"
                     "adds %w0, %w0, #1\n\t"
                     "adc %w1, %w1, wzr\n\t"
                     "stxp %w2, %w0, %w1, [%3]\n\t"
                     "cbnz %w2, 1b"
                     : "=&r"(lo), "=&r"(hi), "=&r"(fail)
                     : "r"(&pair32)
                     : "memory", "cc");
}

static void inc_cas(void)
{
    uint64_t old, seen, next;

    __asm__ volatile(".arch_extension lse\n\t"
                     "ldr %0, [%3]\n"
                     "1: add %2, %0, #1\n\t"
                     "mov %1, %0\n\t"
                     "casal %1, %2, [%3]\n\t"
                     "cmp %1, %0\n\t"
                     "mov %0, %1\n\t"
                     "b.ne 1b"
                     : "=&r"(old), "=&r"(seen), "=&r"(next)
                     : "r"(&counter64)
                     : "memory", "cc");
}

static void inc_ldadd(void)
{
    uint64_t old;

    __asm__ volatile(".arch_extension lse\n\t"
                     "ldadd %1, %0, [%2]"
                     : "=&r"(old)
                     : "r"(1ul), "r"(&counter64)
                     : "memory");
}

#else /* the host build: the same results through __atomic builtins */

static void inc_ldxr64(void)
{
    __atomic_fetch_add(&counter64, 1, __ATOMIC_RELAXED);
}

static void inc_ldxr32(void)
{
    __atomic_fetch_add(&counter32, 1, __ATOMIC_RELAXED);
}

static void inc_ldaxr(void)
{
    __atomic_fetch_add(&counter64, 1, __ATOMIC_ACQ_REL);
}

static void inc_ldxp(void)
{
    uint64_t lo = __atomic_load_n(&pair.lo, __ATOMIC_RELAXED);
    uint64_t hi = __atomic_load_n(&pair.hi, __ATOMIC_RELAXED);
    _Bool ok;

    do {
        uint64_t new_lo = lo + 1, new_hi = hi + (new_lo == 0);

        __asm__ volatile("lock cmpxchg16b %1"
                         : "=@ccz"(ok), "+m"(pair), "+a"(lo), "+d"(hi)
                         : "b"(new_lo), "c"(new_hi)
                         : "memory");
    } while (!ok);
}

static void inc_ldxp_w(void)
{
    uint64_t old = __atomic_load_n(&pair32, __ATOMIC_RELAXED), next;

    do {
        uint32_t lo = (uint32_t)old + 1;
        uint32_t hi = (uint32_t)(old >> 32) + (lo == 0);

        next = (uint64_t)hi << 32 | lo;
    } while (!__atomic_compare_exchange_n(&pair32, &old, next, 0,
                                          __ATOMIC_RELAXED, __ATOMIC_RELAXED));
}

static void inc_cas(void)
{
    uint64_t old = __atomic_load_n(&counter64, __ATOMIC_RELAXED);

    while (!__atomic_compare_exchange_n(&counter64, &old, old + 1, 0,
                                        __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
        ;
}

static void inc_ldadd(void)
{
    __atomic_fetch_add(&counter64, 1, __ATOMIC_RELAXED);
}

#endif

/*
 * LDXR, then another thread stores a different value, then STXR: the
 * store-exclusive must fail (arx: its compare-and-swap sees the new
 * value). A foreign store of the *same* value is not tested: hardware
 * fails the STXR, arx lets it succeed (ABA, accepted by design as in
 * QEMU: the monitor is the recorded value, not a reservation).
 */
static _Alignas(64) uint64_t foreign_word;
static _Alignas(64) atomic_int foreign_go;
static _Alignas(64) atomic_int foreign_done;

static void *foreign_store(void *arg)
{
    (void)arg;
    while (!atomic_load_explicit(&foreign_go, memory_order_acquire))
        ;
    __atomic_store_n(&foreign_word, 5, __ATOMIC_RELAXED);
    atomic_store_explicit(&foreign_done, 1, memory_order_release);
    return NULL;
}

#ifdef __aarch64__
static uint32_t stxr_after_foreign_store(void)
{
    uint64_t seen, one = 1, newv = 9;
    uint32_t done, fail;

    __asm__ volatile("ldxr %0, [%4]\n\t"
                     "stlr %w5, [%6]\n"
                     "1: ldar %w1, [%7]\n\t"
                     "cbz %w1, 1b\n\t"
                     "stxr %w2, %3, [%4]"
                     : "=&r"(seen), "=&r"(done), "=&r"(fail)
                     : "r"(newv), "r"(&foreign_word), "r"(one),
                       "r"(&foreign_go), "r"(&foreign_done)
                     : "memory");
    return fail;
}
#else
static uint32_t stxr_after_foreign_store(void)
{
    /* No LL/SC on the host: model the same interleaving with a CAS. */
    uint64_t seen = __atomic_load_n(&foreign_word, __ATOMIC_RELAXED);

    atomic_store_explicit(&foreign_go, 1, memory_order_release);
    while (!atomic_load_explicit(&foreign_done, memory_order_acquire))
        ;
    return !__atomic_compare_exchange_n(&foreign_word, &seen, 9, 0,
                                        __ATOMIC_SEQ_CST, __ATOMIC_RELAXED);
}
#endif

static int test_foreign_store(void)
{
    pthread_t t;
    uint32_t fail;

    foreign_word = 3;
    pthread_create(&t, NULL, foreign_store, NULL);
    fail = stxr_after_foreign_store();
    pthread_join(t, NULL);
    printf("stxr after a foreign store: %s, word %llu\n",
           fail ? "failed" : "SUCCEEDED", (unsigned long long)foreign_word);
    return !fail;
}

static void inc_c11(void)
{
    atomic_fetch_add_explicit(&counter_c11, 1, memory_order_relaxed);
}

typedef struct Method {
    const char *name;
    void (*increment)(void);
} Method;

static const Method methods[] = {
    {"ldxr/stxr x", inc_ldxr64}, {"ldxr/stxr w", inc_ldxr32},
    {"ldaxr/stlxr", inc_ldaxr},  {"ldaxp/stlxp x", inc_ldxp},
    {"ldxp/stxp w", inc_ldxp_w}, {"cas loop", inc_cas},
    {"ldadd", inc_ldadd},        {"c11 fetch_add", inc_c11},
};

static void *worker(void *arg)
{
    const Method *m = arg;

    pthread_barrier_wait(&start_line);
    for (int i = 0; i < INCREMENTS; i++)
        m->increment();
    return NULL;
}

static void reset_counters(void)
{
    counter64 = 0;
    counter32 = 0;
    pair.lo = PAIR_START_LO;
    pair.hi = 7;
    pair32 = 0xffffff00u; /* the low word wraps after 256 increments */
    atomic_store(&counter_c11, 0);
}

/* The value this method's counter holds, as hi:lo text. */
static void read_counter(const Method *m, char *buf, size_t len)
{
    if (m->increment == inc_ldxp)
        snprintf(buf, len, "%llu:%llu", (unsigned long long)pair.hi,
                 (unsigned long long)pair.lo);
    else if (m->increment == inc_ldxp_w)
        snprintf(buf, len, "%llu:%llu", (unsigned long long)(pair32 >> 32),
                 (unsigned long long)(uint32_t)pair32);
    else if (m->increment == inc_ldxr32)
        snprintf(buf, len, "%u", counter32);
    else if (m->increment == inc_c11)
        snprintf(buf, len, "%lu", atomic_load(&counter_c11));
    else
        snprintf(buf, len, "%llu", (unsigned long long)counter64);
}

static void expected_counter(const Method *m, int nthreads, char *buf,
                             size_t len)
{
    uint64_t n = (uint64_t)nthreads * INCREMENTS;

    if (m->increment == inc_ldxp) {
        uint64_t lo = PAIR_START_LO + n;

        snprintf(buf, len, "%llu:%llu",
                 (unsigned long long)(7 + (lo < PAIR_START_LO)),
                 (unsigned long long)lo);
    } else if (m->increment == inc_ldxp_w) {
        uint64_t v = 0xffffff00u + n;

        snprintf(buf, len, "%llu:%llu", (unsigned long long)(v >> 32),
                 (unsigned long long)(uint32_t)v);
    } else {
        snprintf(buf, len, "%llu", (unsigned long long)n);
    }
}

static int run(const Method *m, int nthreads)
{
    pthread_t threads[MAX_THREADS];
    char got[64], want[64];

    reset_counters();
    pthread_barrier_init(&start_line, NULL, (unsigned)nthreads);
    for (int t = 0; t < nthreads; t++)
        pthread_create(&threads[t], NULL, worker, (void *)m);
    for (int t = 0; t < nthreads; t++)
        pthread_join(threads[t], NULL);
    pthread_barrier_destroy(&start_line);
    read_counter(m, got, sizeof(got));
    expected_counter(m, nthreads, want, sizeof(want));
    printf("%-14s %2d threads: %s %s\n", m->name, nthreads, got,
           __builtin_strcmp(got, want) ? "LOST UPDATES" : "ok");
    return __builtin_strcmp(got, want) != 0;
}

int main(void)
{
    static const int counts[] = {2, 4, 8, 16};
    int failed = 0;

    for (size_t m = 0; m < sizeof(methods) / sizeof(*methods); m++)
        for (size_t c = 0; c < sizeof(counts) / sizeof(*counts); c++)
            failed |= run(&methods[m], counts[c]);
    failed |= test_foreign_store();
    return failed;
}
