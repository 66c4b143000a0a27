/*
 * Hammers translation from 16 threads at once: released together by a
 * barrier, each runs 256 distinct functions for the first time in its own
 * order while another thread keeps rewriting a small function in an RWX
 * page (IC IVAU: a full code-cache flush under arx) and calling it.
 * Every result is checked; output must not depend on scheduling.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

enum { THREADS = 16, FUNCS = 256, ROUNDS = 200, FLUSHES = 50 };

/*
 * One generated function per n: a short loop (unrolled differently per n),
 * a data-dependent branch and a per-n tail, so that no two share code.
 */
#define HAMMER_FN(h, l)                                                        \
    static __attribute__((noinline)) uint64_t hammer_fn_##h##l(uint64_t x)     \
    {                                                                          \
        const uint64_t n = 0x##h##l;                                           \
        uint64_t acc = 0x9e3779b97f4a7c15ull * (n + 1);                        \
        for (uint64_t k = 0; k < 2 + n % 5; k++) {                             \
            if ((x >> (n % 13)) & 1)                                           \
                acc += x * (0x100000001b3ull + 2 * n);                         \
            else                                                               \
                acc ^= x >> (n % 7 + 1);                                       \
            x = (x << (n % 11 + 1)) | (x >> (63 - n % 11));                    \
        }                                                                      \
        switch (n % 4) {                                                       \
        case 0: return acc ^ x;                                                \
        case 1: return acc + (x | n);                                          \
        case 2: return acc - (x & (n << 8));                                   \
        default: return (acc * 31) ^ (x >> 3) ^ n;                             \
        }                                                                      \
    }

#define HAMMER_REF(h, l) hammer_fn_##h##l,

/* X-macro tables: X(h, l) for every hex digit pair. */
/* clang-format off */
#define HAMMER_ROW(X, h)                                                     \
    X(h, 0) X(h, 1) X(h, 2) X(h, 3) X(h, 4) X(h, 5) X(h, 6) X(h, 7)          \
    X(h, 8) X(h, 9) X(h, a) X(h, b) X(h, c) X(h, d) X(h, e) X(h, f)
/* clang-format on */
/* clang-format off */
#define HAMMER_ALL(X)                                                        \
    HAMMER_ROW(X, 0) HAMMER_ROW(X, 1) HAMMER_ROW(X, 2) HAMMER_ROW(X, 3)      \
    HAMMER_ROW(X, 4) HAMMER_ROW(X, 5) HAMMER_ROW(X, 6) HAMMER_ROW(X, 7)      \
    HAMMER_ROW(X, 8) HAMMER_ROW(X, 9) HAMMER_ROW(X, a) HAMMER_ROW(X, b)      \
    HAMMER_ROW(X, c) HAMMER_ROW(X, d) HAMMER_ROW(X, e) HAMMER_ROW(X, f)
/* clang-format on */

/* clang-format off */
HAMMER_ALL(HAMMER_FN)
/* clang-format on */

typedef uint64_t (*HammerFn)(uint64_t);

static HammerFn const hammer_table[FUNCS] = {HAMMER_ALL(HAMMER_REF)};

/* Thread t's order: an odd multiplier makes j -> index a permutation. */
static unsigned hammer_index(int t, unsigned j)
{
    return (j * (2u * (unsigned)t + 1) + 17u * (unsigned)t) % FUNCS;
}

static uint64_t hammer_run(int t)
{
    uint64_t x = 0x1234567u + (uint64_t)t, sum = 0;

    for (unsigned r = 0; r < ROUNDS; r++)
        for (unsigned j = 0; j < FUNCS; j++) {
            x = hammer_table[hammer_index(t, j)](x + j + r);
            sum += x;
        }
    return sum;
}

static pthread_barrier_t start_line;
static uint64_t results[THREADS];
static int workers_running = THREADS;

static void *hammer_worker(void *arg)
{
    int t = (int)(intptr_t)arg;

    pthread_barrier_wait(&start_line);
    results[t] = hammer_run(t);
    __atomic_fetch_sub(&workers_running, 1, __ATOMIC_SEQ_CST);
    return NULL;
}

/* ---- the flushing thread: a tiny JIT ---- */

/* Writes "return imm" at code: the host's instructions, whatever it is. */
static size_t jit_write(uint8_t *code, uint16_t imm)
{
#if defined(__aarch64__)
    uint32_t insn[2] = {0x52800000u | ((uint32_t)imm << 5), /* movz w0 */
                        0xd65f03c0u};                       /* ret */
#elif defined(__x86_64__)
    uint8_t insn[6] = {0xb8, (uint8_t)imm, (uint8_t)(imm >> 8), 0, 0, 0xc3};
#else
#error "no JIT encoding for this architecture"
#endif
    memcpy(code, insn, sizeof(insn));
    return sizeof(insn);
}

typedef struct FlushResult {
    int ok, wrong;
} FlushResult;

static void *hammer_flusher(void *arg)
{
    FlushResult *res = arg;
    uint8_t *page = mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC,
                         MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    struct timespec gap = {0, 500000};

    pthread_barrier_wait(&start_line);
    if (page == MAP_FAILED)
        return NULL;
    /* At least FLUSHES, and on until the workers are done, so flushes
     * land in the middle of their translating whatever the timing. */
    for (int i = 0;
         i < FLUSHES || __atomic_load_n(&workers_running, __ATOMIC_SEQ_CST) > 0;
         i++) {
        uint16_t imm = (uint16_t)(i * 977 + 13);
        size_t len = jit_write(page, imm);
        unsigned (*fn)(void) = (unsigned (*)(void))(void *)page;
        unsigned got;

        __builtin___clear_cache((char *)page, (char *)page + len);
        got = fn();
        if (got == imm)
            res->ok++;
        else
            res->wrong++;
        nanosleep(&gap, NULL);
    }
    munmap(page, 4096);
    return NULL;
}

int main(void)
{
    pthread_t workers[THREADS], flusher;
    FlushResult flush = {0};
    uint64_t total = 0;
    int mismatches = 0;

    pthread_barrier_init(&start_line, NULL, THREADS + 1 + 1);
    for (int t = 0; t < THREADS; t++)
        pthread_create(&workers[t], NULL, hammer_worker, (void *)(intptr_t)t);
    pthread_create(&flusher, NULL, hammer_flusher, &flush);
    pthread_barrier_wait(&start_line);
    for (int t = 0; t < THREADS; t++)
        pthread_join(workers[t], NULL);
    pthread_join(flusher, NULL);

    for (int t = 0; t < THREADS; t++) {
        printf("thread %2d: %016llx\n", t, (unsigned long long)results[t]);
        total += results[t];
    }
    /* The same work again, alone: every thread must have got it right. */
    for (int t = 0; t < THREADS; t++)
        mismatches += hammer_run(t) != results[t];
    printf("total %016llx, mismatches %d\n", (unsigned long long)total,
           mismatches);
    printf("jit flushes: at least %d right: %d, wrong: %d\n", FLUSHES,
           flush.ok >= FLUSHES, flush.wrong);
    return mismatches != 0 || flush.wrong != 0;
}
