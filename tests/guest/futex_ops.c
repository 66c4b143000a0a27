/*
 * Every futex(2) operation glibc and Go use, issued raw: wake counts,
 * requeues, WAKE_OP arithmetic, bitsets, relative and absolute timeouts,
 * PI locking and requeue-to-PI. Waiters are counted in the kernel before
 * anything is woken, so the output must not depend on scheduling.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#ifndef FUTEX_LOCK_PI2
#define FUTEX_LOCK_PI2 13
#endif

#define PRIV FUTEX_PRIVATE_FLAG

/* Result or -errno; the fourth slot is a timespec pointer or val2. */
static long futex(uint32_t *uaddr, int op, uint32_t val, uintptr_t slot4,
                  uint32_t *uaddr2, uint32_t val3)
{
    long r = syscall(SYS_futex, uaddr, op, val, slot4, uaddr2, val3);

    return r < 0 ? -errno : r;
}

static uintptr_t ts_arg(const struct timespec *ts)
{
    return (uintptr_t)ts;
}

static const char *res(long r)
{
    static char buf[8][32];
    static int next;
    char *b = buf[next++ % 8];

    switch (r) {
    case -EAGAIN: return "EAGAIN";
    case -ETIMEDOUT: return "ETIMEDOUT";
    case -EINVAL: return "EINVAL";
    case -ENOSYS: return "ENOSYS";
    case -EDEADLK: return "EDEADLK";
    case -EPERM: return "EPERM";
    case -EINTR: return "EINTR";
    default: break;
    }
    if (r < 0)
        snprintf(b, 32, "errno %ld", -r);
    else
        snprintf(b, 32, "%ld", r);
    return b;
}

static long gettid_now(void)
{
    return syscall(SYS_gettid);
}

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000};

    nanosleep(&ts, NULL);
}

static int64_t now_ns(clockid_t clock)
{
    struct timespec ts;

    clock_gettime(clock, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static struct timespec deadline(clockid_t clock, long ms)
{
    int64_t t = now_ns(clock) + ms * 1000000;

    return (struct timespec){t / 1000000000, t % 1000000000};
}

/* ---- waiter threads ---- */

typedef struct Waiter {
    uint32_t *word;
    int op;
    uint32_t val;
    uint32_t bitset;
    uint32_t *word2; /* WAIT_REQUEUE_PI's target */
    long result;
    int owned; /* after WAIT_REQUEUE_PI: the PI word names this thread */
    pthread_t thread;
} Waiter;

static void *waiter_main(void *arg)
{
    Waiter *w = arg;
    int cmd = w->op & FUTEX_CMD_MASK;

    w->result = futex(w->word, w->op, w->val, 0, w->word2, w->bitset);
    if (cmd == FUTEX_WAIT_REQUEUE_PI && w->result == 0) {
        w->owned = (__atomic_load_n(w->word2, __ATOMIC_SEQ_CST) &
                    FUTEX_TID_MASK) == (uint32_t)gettid_now();
        futex(w->word2, FUTEX_UNLOCK_PI | PRIV, 0, 0, NULL, 0);
    }
    return NULL;
}

static void waiter_start(Waiter *w, uint32_t *word, int op, uint32_t val,
                         uint32_t bitset)
{
    *w = (Waiter){
        .word = word, .op = op, .val = val, .bitset = bitset, .result = 999};
    pthread_create(&w->thread, NULL, waiter_main, w);
}

static long waiter_join(Waiter *w)
{
    pthread_join(w->thread, NULL);
    return w->result;
}

static uint32_t scratch;

/*
 * Waiters asleep on word: requeue them all to a scratch word and back,
 * which counts them without waking any.
 */
static long count_waiters(uint32_t *word, int flags)
{
    long n = futex(word, FUTEX_REQUEUE | flags, 0, INT_MAX, &scratch, 0);

    futex(&scratch, FUTEX_REQUEUE | flags, 0, INT_MAX, word, 0);
    return n;
}

static int await_waiters(uint32_t *word, int flags, long n)
{
    for (int i = 0; i < 5000; i++) {
        if (count_waiters(word, flags) == n)
            return 1;
        sleep_ms(1);
    }
    printf("  (timed out waiting for %ld waiters)\n", n);
    return 0;
}

/* ---- argument checks ---- */

static void test_errors(void)
{
    uint32_t w = 1;
    uint32_t *odd = (uint32_t *)((char *)&scratch + 1);
    struct timespec bad = {0, 1000000000};

    printf("errors:\n");
    printf("  WAIT value mismatch: %s\n",
           res(futex(&w, FUTEX_WAIT | PRIV, 2, 0, NULL, 0)));
    printf("  WAIT misaligned: %s\n",
           res(futex(odd, FUTEX_WAIT | PRIV, 0, 0, NULL, 0)));
    printf("  WAIT tv_nsec 1e9: %s\n",
           res(futex(&w, FUTEX_WAIT | PRIV, 1, ts_arg(&bad), NULL, 0)));
    printf("  WAIT_BITSET bitset 0: %s\n",
           res(futex(&w, FUTEX_WAIT_BITSET | PRIV, 1, 0, NULL, 0)));
    printf("  WAKE_BITSET bitset 0: %s\n",
           res(futex(&w, FUTEX_WAKE_BITSET | PRIV, 1, 0, NULL, 0)));
    printf("  WAKE nobody: %s\n",
           res(futex(&w, FUTEX_WAKE | PRIV, INT_MAX, 0, NULL, 0)));
    printf("  WAKE with CLOCK_REALTIME: %s\n",
           res(futex(&w, FUTEX_WAKE | FUTEX_CLOCK_REALTIME, 1, 0, NULL, 0)));
    printf("  unknown command 99: %s\n",
           res(futex(&w, 99 | PRIV, 0, 0, NULL, 0)));
    printf("  CMP_REQUEUE nobody: %s\n",
           res(futex(&w, FUTEX_CMP_REQUEUE | PRIV, 1, 1, &scratch, 1)));
    printf("  CMP_REQUEUE negative count: %s\n",
           res(futex(&w, FUTEX_CMP_REQUEUE | PRIV, 1, (uintptr_t)-1, &scratch,
                     1)));
}

/* ---- timeouts ---- */

static void print_timeout(const char *what, long r, int64_t waited_ns,
                          int64_t at_least_ns)
{
    printf("  %s: %s, waited long enough: %d\n", what, res(r),
           waited_ns >= at_least_ns);
}

static void test_timeouts(void)
{
    uint32_t w = 7;
    struct timespec rel = {0, 30000000}, zero = {0, 0}, abs;
    int64_t start;
    long r;

    printf("timeouts:\n");
    start = now_ns(CLOCK_MONOTONIC);
    r = futex(&w, FUTEX_WAIT | PRIV, 7, ts_arg(&rel), NULL, 0);
    print_timeout("WAIT relative 30ms", r, now_ns(CLOCK_MONOTONIC) - start,
                  30000000);
    r = futex(&w, FUTEX_WAIT | PRIV, 7, ts_arg(&zero), NULL, 0);
    printf("  WAIT relative 0: %s\n", res(r));

    abs = deadline(CLOCK_MONOTONIC, 30);
    r = futex(&w, FUTEX_WAIT_BITSET | PRIV, 7, ts_arg(&abs), NULL,
              FUTEX_BITSET_MATCH_ANY);
    print_timeout("WAIT_BITSET monotonic deadline", r, now_ns(CLOCK_MONOTONIC),
                  (int64_t)abs.tv_sec * 1000000000 + abs.tv_nsec);

    abs = deadline(CLOCK_REALTIME, 30);
    r = futex(&w, FUTEX_WAIT_BITSET | PRIV | FUTEX_CLOCK_REALTIME, 7,
              ts_arg(&abs), NULL, FUTEX_BITSET_MATCH_ANY);
    print_timeout("WAIT_BITSET realtime deadline", r, now_ns(CLOCK_REALTIME),
                  (int64_t)abs.tv_sec * 1000000000 + abs.tv_nsec);

    abs = deadline(CLOCK_MONOTONIC, -1000);
    r = futex(&w, FUTEX_WAIT_BITSET, 7, ts_arg(&abs), NULL, 0x10);
    printf("  WAIT_BITSET shared, deadline passed: %s\n", res(r));
}

/* ---- FUTEX_WAKE ---- */

static void test_wake(void)
{
    enum { N = 4 };
    Waiter w[N];
    uint32_t word = 3;
    long woken = 0, ok = 0;

    printf("wake (shared futex):\n");
    for (int i = 0; i < N; i++)
        waiter_start(&w[i], &word, FUTEX_WAIT, 3, 0);
    await_waiters(&word, 0, N);
    printf("  WAKE 1: %s\n", res(futex(&word, FUTEX_WAKE, 1, 0, NULL, 0)));
    await_waiters(&word, 0, N - 1);
    printf("  private WAKE of shared waiters: %s\n",
           res(futex(&word, FUTEX_WAKE | PRIV, INT_MAX, 0, NULL, 0)));
    printf("  WAKE all: %s\n",
           res(futex(&word, FUTEX_WAKE, INT_MAX, 0, NULL, 0)));
    for (int i = 0; i < N; i++) {
        woken++;
        ok += waiter_join(&w[i]) == 0;
    }
    printf("  %ld waiters returned, %ld with 0\n", woken, ok);
}

/* ---- FUTEX_REQUEUE and FUTEX_CMP_REQUEUE ---- */

static void test_requeue(void)
{
    enum { N = 5 };
    Waiter w[N];
    uint32_t a = 11, b = 22;
    long ok = 0;

    printf("requeue:\n");
    for (int i = 0; i < N; i++)
        waiter_start(&w[i], &a, FUTEX_WAIT | PRIV, 11, 0);
    await_waiters(&a, PRIV, N);
    printf("  REQUEUE wake 1, move 2: %s\n",
           res(futex(&a, FUTEX_REQUEUE | PRIV, 1, 2, &b, 0)));
    await_waiters(&a, PRIV, 2);
    printf("  on a: %ld, on b: %ld\n", count_waiters(&a, PRIV),
           count_waiters(&b, PRIV));
    printf("  CMP_REQUEUE with a stale value: %s\n",
           res(futex(&a, FUTEX_CMP_REQUEUE | PRIV, 0, INT_MAX, &b, 12)));
    printf("  CMP_REQUEUE wake 1, move 10: %s\n",
           res(futex(&a, FUTEX_CMP_REQUEUE | PRIV, 1, 10, &b, 11)));
    printf("  on a: %ld, on b: %ld\n", count_waiters(&a, PRIV),
           count_waiters(&b, PRIV));
    printf("  WAKE b: %s\n",
           res(futex(&b, FUTEX_WAKE | PRIV, INT_MAX, 0, NULL, 0)));
    for (int i = 0; i < N; i++)
        ok += waiter_join(&w[i]) == 0;
    printf("  %d waiters returned 0: %ld\n", N, ok);
}

/* ---- FUTEX_WAIT_BITSET / FUTEX_WAKE_BITSET ---- */

static void test_bitset(void)
{
    Waiter w[3];
    uint32_t word = 5;

    printf("bitsets:\n");
    for (int i = 0; i < 3; i++)
        waiter_start(&w[i], &word, FUTEX_WAIT_BITSET | PRIV, 5, 1u << i);
    await_waiters(&word, PRIV, 3);
    printf("  WAKE_BITSET 0x8: %s\n",
           res(futex(&word, FUTEX_WAKE_BITSET | PRIV, INT_MAX, 0, NULL, 8)));
    printf("  WAKE_BITSET 0x6: %s\n",
           res(futex(&word, FUTEX_WAKE_BITSET | PRIV, INT_MAX, 0, NULL, 6)));
    printf("  bitset 0x2 waiter: %s", res(waiter_join(&w[1])));
    printf(", bitset 0x4 waiter: %s\n", res(waiter_join(&w[2])));
    printf("  WAKE (any bit): %s",
           res(futex(&word, FUTEX_WAKE | PRIV, INT_MAX, 0, NULL, 0)));
    printf(", bitset 0x1 waiter: %s\n", res(waiter_join(&w[0])));
}

/* ---- FUTEX_WAKE_OP ---- */

static uint32_t wake_op(int op, int oparg, int cmp, int cmparg)
{
    return ((uint32_t)(op & 0xf) << 28) | ((uint32_t)(cmp & 0xf) << 24) |
           ((uint32_t)(oparg & 0xfff) << 12) | (uint32_t)(cmparg & 0xfff);
}

static void test_wake_op(void)
{
    static const struct {
        const char *name;
        int op, oparg, cmp, cmparg;
    } steps[] = {
        {"OR 1<<4, old == 8", FUTEX_OP_OR | FUTEX_OP_OPARG_SHIFT, 4,
         FUTEX_OP_CMP_EQ, 8},
        {"ANDN 8, old < 10", FUTEX_OP_ANDN, 8, FUTEX_OP_CMP_LT, 10},
        {"XOR 0x7ff, old >= 16", FUTEX_OP_XOR, 0x7ff, FUTEX_OP_CMP_GE, 16},
        {"SET -2, old != 0", FUTEX_OP_SET, -2, FUTEX_OP_CMP_NE, 0},
        {"ADD 5, old <= 0xfff", FUTEX_OP_ADD, 5, FUTEX_OP_CMP_LE, 0xfff},
    };
    Waiter w1, w2[2];
    uint32_t a = 1, b = 5;

    printf("wake_op:\n");
    waiter_start(&w1, &a, FUTEX_WAIT | PRIV, 1, 0);
    waiter_start(&w2[0], &b, FUTEX_WAIT | PRIV, 5, 0);
    waiter_start(&w2[1], &b, FUTEX_WAIT | PRIV, 5, 0);
    await_waiters(&a, PRIV, 1);
    await_waiters(&b, PRIV, 2);
    /* nr_wake2 travels in the timeout slot as a number. */
    printf("  ADD 3, old > 4, wake 1 + 2: %s",
           res(futex(&a, FUTEX_WAKE_OP | PRIV, 1, 2, &b,
                     wake_op(FUTEX_OP_ADD, 3, FUTEX_OP_CMP_GT, 4))));
    printf(", b = %u, waiters %s", b, res(waiter_join(&w1)));
    printf(" %s", res(waiter_join(&w2[0])));
    printf(" %s\n", res(waiter_join(&w2[1])));
    for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
        long r = futex(&a, FUTEX_WAKE_OP | PRIV, 1, 1, &b,
                       wake_op(steps[i].op, steps[i].oparg, steps[i].cmp,
                               steps[i].cmparg));
        printf("  %s: %s, b = %#x\n", steps[i].name, res(r), b);
    }
    /* The comparison decides whether waiters on the second word wake. */
    waiter_start(&w2[0], &b, FUTEX_WAIT | PRIV, b, 0);
    await_waiters(&b, PRIV, 1);
    printf("  false comparison: %s",
           res(futex(&a, FUTEX_WAKE_OP | PRIV, 1, 1, &b,
                     wake_op(FUTEX_OP_ADD, 0, FUTEX_OP_CMP_EQ, 1))));
    printf(", still waiting: %ld\n", count_waiters(&b, PRIV));
    printf("  true comparison: %s",
           res(futex(&a, FUTEX_WAKE_OP | PRIV, 1, 1, &b,
                     wake_op(FUTEX_OP_ADD, 0, FUTEX_OP_CMP_NE, 1))));
    printf(", waiter %s\n", res(waiter_join(&w2[0])));
}

/* ---- priority-inheritance futexes ---- */

typedef struct PiTry {
    uint32_t *word;
    long trylock, unlock, lock_rt, lock_pi2;
} PiTry;

/* What another thread sees while main holds the PI futex. */
static void *pi_contender(void *arg)
{
    PiTry *p = arg;
    struct timespec abs;

    p->trylock = futex(p->word, FUTEX_TRYLOCK_PI | PRIV, 0, 0, NULL, 0);
    p->unlock = futex(p->word, FUTEX_UNLOCK_PI | PRIV, 0, 0, NULL, 0);
    abs = deadline(CLOCK_REALTIME, 20);
    p->lock_rt = futex(p->word, FUTEX_LOCK_PI | PRIV, 0, ts_arg(&abs), NULL, 0);
    abs = deadline(CLOCK_MONOTONIC, 20);
    p->lock_pi2 =
        futex(p->word, FUTEX_LOCK_PI2 | PRIV, 0, ts_arg(&abs), NULL, 0);
    return NULL;
}

typedef struct PiBlocked {
    uint32_t *word;
    long lock, unlock;
    int owned;
} PiBlocked;

static void *pi_blocker(void *arg)
{
    PiBlocked *p = arg;

    p->lock = futex(p->word, FUTEX_LOCK_PI | PRIV, 0, 0, NULL, 0);
    p->owned = (__atomic_load_n(p->word, __ATOMIC_SEQ_CST) & FUTEX_TID_MASK) ==
               (uint32_t)gettid_now();
    p->unlock = futex(p->word, FUTEX_UNLOCK_PI | PRIV, 0, 0, NULL, 0);
    return NULL;
}

static void await_bits(uint32_t *word, uint32_t bits)
{
    for (int i = 0; i < 5000; i++) {
        if ((__atomic_load_n(word, __ATOMIC_SEQ_CST) & bits) == bits)
            return;
        sleep_ms(1);
    }
    printf("  (timed out waiting for bits %#x)\n", bits);
}

static void test_pi(void)
{
    uint32_t word = 0, word2 = 0;
    PiTry t = {.word = &word};
    PiBlocked b = {.word = &word2};
    pthread_t th;

    printf("pi:\n");
    printf("  LOCK_PI free: %s",
           res(futex(&word, FUTEX_LOCK_PI | PRIV, 0, 0, NULL, 0)));
    printf(", owner is me: %d\n",
           (word & FUTEX_TID_MASK) == (uint32_t)gettid_now());
    printf("  LOCK_PI again: %s\n",
           res(futex(&word, FUTEX_LOCK_PI | PRIV, 0, 0, NULL, 0)));
    printf("  TRYLOCK_PI again: %s\n",
           res(futex(&word, FUTEX_TRYLOCK_PI | PRIV, 0, 0, NULL, 0)));
    pthread_create(&th, NULL, pi_contender, &t);
    pthread_join(th, NULL);
    printf("  other thread: TRYLOCK_PI %s, UNLOCK_PI %s, LOCK_PI realtime "
           "deadline %s, LOCK_PI2 monotonic deadline %s\n",
           res(t.trylock), res(t.unlock), res(t.lock_rt), res(t.lock_pi2));
    printf("  UNLOCK_PI: %s",
           res(futex(&word, FUTEX_UNLOCK_PI | PRIV, 0, 0, NULL, 0)));
    printf(", word %#x\n", word);
    printf("  UNLOCK_PI unowned: %s\n",
           res(futex(&word, FUTEX_UNLOCK_PI | PRIV, 0, 0, NULL, 0)));
    printf("  TRYLOCK_PI free: %s",
           res(futex(&word, FUTEX_TRYLOCK_PI | PRIV, 0, 0, NULL, 0)));
    printf(", UNLOCK_PI: %s\n",
           res(futex(&word, FUTEX_UNLOCK_PI | PRIV, 0, 0, NULL, 0)));

    /* Hand-over: the kernel gives a blocked waiter the lock on unlock. */
    futex(&word2, FUTEX_LOCK_PI | PRIV, 0, 0, NULL, 0);
    pthread_create(&th, NULL, pi_blocker, &b);
    await_bits(&word2, FUTEX_WAITERS);
    printf("  contended UNLOCK_PI: %s",
           res(futex(&word2, FUTEX_UNLOCK_PI | PRIV, 0, 0, NULL, 0)));
    pthread_join(th, NULL);
    printf(", waiter LOCK_PI %s owned %d UNLOCK_PI %s, word %#x\n", res(b.lock),
           b.owned, res(b.unlock), word2);
}

/* ---- FUTEX_WAIT_REQUEUE_PI / FUTEX_CMP_REQUEUE_PI ---- */

/* Requeues (nr_wake must be 1) until the waiter has reached the kernel. */
static long requeue_pi(uint32_t *cond, uint32_t *pi)
{
    long r = 0;

    for (int i = 0; i < 5000 && r == 0; i++) {
        r = futex(cond, FUTEX_CMP_REQUEUE_PI | PRIV, 1, INT_MAX, pi, *cond);
        if (r == 0)
            sleep_ms(1);
    }
    return r;
}

static void test_requeue_pi(void)
{
    uint32_t cond = 0, pi = 0;
    struct timespec abs;
    Waiter w;

    printf("requeue_pi:\n");
    printf("  CMP_REQUEUE_PI wake 2: %s\n",
           res(futex(&cond, FUTEX_CMP_REQUEUE_PI | PRIV, 2, 1, &pi, 0)));
    printf("  CMP_REQUEUE_PI stale value: %s\n",
           res(futex(&cond, FUTEX_CMP_REQUEUE_PI | PRIV, 1, 1, &pi, 9)));
    printf("  WAIT_REQUEUE_PI onto itself: %s\n",
           res(futex(&cond, FUTEX_WAIT_REQUEUE_PI | PRIV, 0, 0, &cond, 0)));
    abs = deadline(CLOCK_MONOTONIC, 20);
    printf("  WAIT_REQUEUE_PI monotonic deadline: %s\n",
           res(futex(&cond, FUTEX_WAIT_REQUEUE_PI | PRIV, 0, ts_arg(&abs), &pi,
                     0)));
    abs = deadline(CLOCK_REALTIME, 20);
    printf("  WAIT_REQUEUE_PI realtime deadline: %s\n",
           res(futex(&cond, FUTEX_WAIT_REQUEUE_PI | PRIV | FUTEX_CLOCK_REALTIME,
                     0, ts_arg(&abs), &pi, 0)));

    /* PI word free: the kernel takes it for the waiter and wakes it. */
    w = (Waiter){.word = &cond,
                 .op = FUTEX_WAIT_REQUEUE_PI | PRIV,
                 .word2 = &pi,
                 .result = 999};
    pthread_create(&w.thread, NULL, waiter_main, &w);
    printf("  requeue to a free PI word: %s", res(requeue_pi(&cond, &pi)));
    printf(", waiter %s", res(waiter_join(&w)));
    printf(" owned %d, word %#x\n", w.owned, pi);

    /* PI word held: the waiter queues on it until the owner unlocks. */
    futex(&pi, FUTEX_LOCK_PI | PRIV, 0, 0, NULL, 0);
    w = (Waiter){.word = &cond,
                 .op = FUTEX_WAIT_REQUEUE_PI | PRIV,
                 .word2 = &pi,
                 .result = 999};
    pthread_create(&w.thread, NULL, waiter_main, &w);
    printf("  requeue to a held PI word: %s", res(requeue_pi(&cond, &pi)));
    printf(", waiters bit %d", (pi & FUTEX_WAITERS) != 0);
    printf(", UNLOCK_PI %s",
           res(futex(&pi, FUTEX_UNLOCK_PI | PRIV, 0, 0, NULL, 0)));
    printf(", waiter %s", res(waiter_join(&w)));
    printf(" owned %d, word %#x\n", w.owned, pi);
}

int main(void)
{
    test_errors();
    test_timeouts();
    test_wake();
    test_requeue();
    test_bitset();
    test_wake_op();
    test_pi();
    test_requeue_pi();
    return 0;
}
