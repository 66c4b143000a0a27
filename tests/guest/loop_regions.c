/*
 * Loops whose body is several basic blocks, in the shapes arx translates
 * as one region (target-arm/a64/region.c): branches inside the body, a
 * `continue` back to the head, ways out in the middle (more than two, so
 * some leave through the jump-cache probe), an inner loop, an exclusive
 * pair, a fault inside the body (the registers the handler sees), and a
 * signal that must stop a loop making no system call. On aarch64 each
 * loop is written in assembly so that its shape is exactly that; the
 * native build computes the same results in C. Each loop runs its back
 * edges well over 256 times (TB_HOT_STEP), so its head becomes hot and
 * later iterations run in the region: run-guest-tests.sh checks with
 * -d stats that regions were made with the tier on (-d region).
 */
#include <setjmp.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/time.h>
#include <unistd.h>

/* Odd i add 3i, even i are xored in: a branch inside the body and one
 * over the else arm. */
static uint64_t if_else_sum(uint64_t n)
{
    uint64_t s = 0;
#ifdef __aarch64__
    uint64_t i = 0, t;
    if (n == 0)
        return 0;
    __asm__ volatile("1: tbz %[i], #0, 2f\n"
                     "   add %[t], %[i], %[i], lsl #1\n"
                     "   add %[s], %[s], %[t]\n"
                     "   b 3f\n"
                     "2: eor %[s], %[s], %[i]\n"
                     "3: add %[i], %[i], #1\n"
                     "   cmp %[i], %[n]\n"
                     "   b.lo 1b\n"
                     : [s] "+r"(s), [i] "+r"(i), [t] "=&r"(t)
                     : [n] "r"(n)
                     : "cc");
#else
    for (uint64_t i = 0; i < n; i++)
        s = (i & 1) ? s + 3 * i : s ^ i;
#endif
    return s;
}

/*
 * Positive elements add, negative ones subtract (the last back edge),
 * a zero leaves at once (way out 1), a value above limit after the
 * positive arm leaves (way out 2), the end of the array leaves from
 * either arm (ways out 3 and 4). Returns the sum, *why says which way.
 */
static int64_t signed_walk(const int32_t *a, uint64_t n, int64_t limit,
                           int *why)
{
    int64_t s = 0;
#ifdef __aarch64__
    uint64_t i = 0;
    int64_t v;
    int w;
    __asm__ volatile("1: ldrsw %[v], [%[a], %[i], lsl #2]\n"
                     "   cbz %[v], 5f\n"
                     "   tbnz %[v], #63, 2f\n"
                     "   add %[s], %[s], %[v]\n"
                     "   cmp %[s], %[lim]\n"
                     "   b.gt 6f\n"
                     "   add %[i], %[i], #1\n"
                     "   cmp %[i], %[n]\n"
                     "   b.lo 1b\n"
                     "   mov %w[w], #3\n"
                     "   b 9f\n"
                     "2: sub %[s], %[s], %[v]\n"
                     "   add %[i], %[i], #1\n"
                     "   cmp %[i], %[n]\n"
                     "   b.lo 1b\n"
                     "   mov %w[w], #4\n"
                     "   b 9f\n"
                     "5: mov %w[w], #1\n"
                     "   b 9f\n"
                     "6: mov %w[w], #2\n"
                     "9:\n"
                     : [s] "+r"(s), [i] "+r"(i), [v] "=&r"(v), [w] "=&r"(w)
                     : [a] "r"(a), [n] "r"(n), [lim] "r"(limit)
                     : "cc", "memory");
    *why = w;
#else
    for (uint64_t i = 0;; i++) {
        int64_t v = a[i];
        if (v == 0) {
            *why = 1;
            break;
        }
        if (v < 0) {
            s -= v;
            if (i + 1 >= n) {
                *why = 4;
                break;
            }
            continue;
        }
        s += v;
        if (s > limit) {
            *why = 2;
            break;
        }
        if (i + 1 >= n) {
            *why = 3;
            break;
        }
    }
#endif
    return s;
}

/* An outer loop whose body holds an inner loop (a back edge that is not
 * to the head) and a branch over a step. */
static uint64_t nested(uint64_t rows, uint64_t cols)
{
    uint64_t s = 0;
#ifdef __aarch64__
    uint64_t r = 0, c, t;
    __asm__ volatile("1: mov %[c], #0\n"
                     "2: mul %[t], %[r], %[c]\n"
                     "   add %[s], %[s], %[t]\n"
                     "   add %[c], %[c], #1\n"
                     "   cmp %[c], %[cols]\n"
                     "   b.lo 2b\n"
                     "   tst %[r], #3\n"
                     "   b.ne 3f\n"
                     "   lsl %[s], %[s], #1\n"
                     "3: add %[r], %[r], #1\n"
                     "   cmp %[r], %[rows]\n"
                     "   b.lo 1b\n"
                     : [s] "+r"(s), [r] "+r"(r), [c] "=&r"(c), [t] "=&r"(t)
                     : [rows] "r"(rows), [cols] "r"(cols)
                     : "cc");
#else
    for (uint64_t r = 0; r < rows; r++) {
        for (uint64_t c = 0; c < cols; c++)
            s += r * c;
        if ((r & 3) == 0)
            s <<= 1;
    }
#endif
    return s;
}

/* An exclusive pair in a loop body with a branch: adds i to *p for odd
 * i, 1 for even i. */
static void exclusive_adds(uint64_t *p, uint64_t n)
{
#ifdef __aarch64__
    uint64_t i = 0, v, add, ok;
    __asm__ volatile(
        "1: mov %[add], #1\n"
        "   tbz %[i], #0, 2f\n"
        "   mov %[add], %[i]\n"
        "2: ldxr %[v], [%[p]]\n"
        "   add %[v], %[v], %[add]\n"
        "   stxr %w[ok], %[v], [%[p]]\n"
        "   cbnz %w[ok], 2b\n"
        "   add %[i], %[i], #1\n"
        "   cmp %[i], %[n]\n"
        "   b.lo 1b\n"
        : [i] "+r"(i), [v] "=&r"(v), [add] "=&r"(add), [ok] "=&r"(ok)
        : [p] "r"(p), [n] "r"(n)
        : "cc", "memory");
#else
    for (uint64_t i = 0; i < n; i++)
        *p += (i & 1) ? i : 1;
#endif
}

/* ---- a fault inside a region: the handler sees every register ---- */

static sigjmp_buf fault_jump;
static volatile uint64_t fault_i, fault_s, fault_odd;

static void on_segv(int sig, siginfo_t *info, void *uc_void)
{
    (void)sig;
    (void)info;
#ifdef __aarch64__
    const ucontext_t *uc = uc_void;
    fault_i = uc->uc_mcontext.regs[9];
    fault_s = uc->uc_mcontext.regs[10];
    fault_odd = uc->uc_mcontext.regs[11];
#else
    (void)uc_void;
#endif
    siglongjmp(fault_jump, 1);
}

/* Sums bytes until the guard page: odd bytes add twice, and count. */
static void fault_walk(const uint8_t *p)
{
#ifdef __aarch64__
    register uint64_t i __asm__("x9") = 0;
    register uint64_t s __asm__("x10") = 0;
    register uint64_t odd __asm__("x11") = 0;
    uint64_t v;
    __asm__ volatile("1: ldrb %w[v], [%[p], %[i]]\n"
                     "   tbz %w[v], #0, 2f\n"
                     "   add %[s], %[s], %[v]\n"
                     "   add %[odd], %[odd], #1\n"
                     "2: add %[s], %[s], %[v]\n"
                     "   add %[i], %[i], #1\n"
                     "   b 1b\n"
                     : [i] "+r"(i), [s] "+r"(s), [odd] "+r"(odd), [v] "=&r"(v)
                     : [p] "r"(p)
                     : "cc", "memory");
#else
    uint64_t s = 0, odd = 0;
    long page = sysconf(_SC_PAGESIZE);
    for (long i = 0; i < page; i++) {
        s += p[i] & 1 ? 2 * p[i] : p[i];
        odd += p[i] & 1;
    }
    fault_i = (uint64_t)page;
    fault_s = s;
    fault_odd = odd;
    siglongjmp(fault_jump, 1);
#endif
}

static void fault_test(void)
{
    long page = sysconf(_SC_PAGESIZE);
    uint8_t *m = mmap(NULL, 2 * (size_t)page, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    struct sigaction sa;

    if (m == MAP_FAILED) {
        perror("mmap");
        return;
    }
    for (long i = 0; i < page; i++)
        m[i] = (uint8_t)(i * 7 + 3);
    mprotect(m + page, (size_t)page, PROT_NONE);
    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = on_segv;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGSEGV, &sa, NULL);
    if (sigsetjmp(fault_jump, 1) == 0)
        fault_walk(m);
    printf("fault: i %llu sum %llu odd %llu\n", (unsigned long long)fault_i,
           (unsigned long long)fault_s, (unsigned long long)fault_odd);
    signal(SIGSEGV, SIG_DFL);
    munmap(m, 2 * (size_t)page);
}

/* ---- a signal stops a loop that makes no system call ---- */

static volatile int stop_flag;

static void on_alarm(int sig)
{
    (void)sig;
    stop_flag = 1;
}

/* Spins, alternating two arms, until stop_flag is set. */
static void spin_until_flag(void)
{
#ifdef __aarch64__
    uint64_t x = 1, f;
    __asm__ volatile("1: ldr %w[f], [%[flag]]\n"
                     "   cbnz %w[f], 3f\n"
                     "   tbz %[x], #0, 2f\n"
                     "   add %[x], %[x], #3\n"
                     "   b 1b\n"
                     "2: eor %[x], %[x], #6\n"
                     "   b 1b\n"
                     "3:\n"
                     : [x] "+r"(x), [f] "=&r"(f)
                     : [flag] "r"(&stop_flag)
                     : "cc", "memory");
#else
    while (!stop_flag)
        ;
#endif
}

static void signal_test(void)
{
    struct itimerval it = {.it_value = {.tv_usec = 50000}};

    signal(SIGALRM, on_alarm);
    setitimer(ITIMER_REAL, &it, NULL);
    spin_until_flag();
    printf("signal: loop stopped\n");
}

/* NZCV (bits 3..0) of a 64-bit compare x - y, or of x + y. */
static unsigned nzcv_of(int64_t x, int64_t y, bool add)
{
    uint64_t ux = (uint64_t)x, uy = (uint64_t)y;
    uint64_t r = add ? ux + uy : ux - uy;
    bool c = add ? r < ux : ux >= uy;
    bool v = add ? (int64_t)(~(ux ^ uy) & (ux ^ r)) < 0
                 : (int64_t)((ux ^ uy) & (ux ^ r)) < 0;

    return (unsigned)((int64_t)r < 0) << 3 | (unsigned)(r == 0) << 2 |
           (unsigned)c << 1 | (unsigned)v;
}

/*
 * Five ways out, each to code that reads all of NZCV (MRS): an equal
 * compare (1), a signed less (2), an unsigned higher (3), an add that
 * overflows (4, past the chaining slots: the jump-cache probe), the end
 * of the array (0, the probe too). In a region the flags of each way
 * out's compare are computed on that way only (the next compare
 * overwrites them), so each must still arrive whole. Returns the index
 * where it left; *why and *nzcv say how.
 */
static uint64_t flags_at_ways_out(const int64_t *a, uint64_t n, int *why,
                                  unsigned *nzcv)
{
    const int64_t k1 = 7777, k2 = -1000, k3 = (int64_t)1 << 40;
    const int64_t k4 = INT64_MAX - 10;
    uint64_t i = 0;
#ifdef __aarch64__
    uint64_t f;
    int64_t v, t;
    int w;
    __asm__ volatile(
        "1: ldr %[v], [%[a], %[i], lsl #3]\n"
        "   cmp %[v], %[k1]\n"
        "   b.eq 5f\n"
        "   cmp %[v], %[k2]\n"
        "   b.lt 6f\n"
        "   cmp %[v], %[k3]\n"
        "   b.hi 7f\n"
        "   adds %[t], %[v], %[k4]\n"
        "   b.vs 8f\n"
        "   add %[i], %[i], #1\n"
        "   cmp %[i], %[n]\n"
        "   b.lo 1b\n"
        "   mrs %[f], nzcv\n"
        "   mov %w[w], #0\n"
        "   b 9f\n"
        "5: mrs %[f], nzcv\n"
        "   mov %w[w], #1\n"
        "   b 9f\n"
        "6: mrs %[f], nzcv\n"
        "   mov %w[w], #2\n"
        "   b 9f\n"
        "7: mrs %[f], nzcv\n"
        "   mov %w[w], #3\n"
        "   b 9f\n"
        "8: mrs %[f], nzcv\n"
        "   mov %w[w], #4\n"
        "9:\n"
        : [i] "+r"(i), [v] "=&r"(v), [t] "=&r"(t), [f] "=&r"(f), [w] "=&r"(w)
        : [a] "r"(a), [n] "r"(n), [k1] "r"(k1), [k2] "r"(k2), [k3] "r"(k3),
          [k4] "r"(k4)
        : "cc", "memory");
    *why = w;
    *nzcv = (unsigned)(f >> 28);
#else
    for (;; i++) {
        int64_t v = a[i];
        if (v == k1) {
            *why = 1;
            *nzcv = nzcv_of(v, k1, false);
        } else if (v < k2) {
            *why = 2;
            *nzcv = nzcv_of(v, k2, false);
        } else if ((uint64_t)v > (uint64_t)k3) {
            *why = 3;
            *nzcv = nzcv_of(v, k3, false);
        } else if (nzcv_of(v, k4, true) & 1) {
            *why = 4;
            *nzcv = nzcv_of(v, k4, true);
        } else if (i + 1 >= n) {
            i++;
            *why = 0;
            *nzcv = nzcv_of((int64_t)i, (int64_t)n, false);
        } else {
            continue;
        }
        break;
    }
#endif
    return i;
}

static void flags_test(void)
{
    static int64_t a[2000];
    static const int64_t stoppers[] = {7777, -2000, -5, 100, 0};

    for (int s = 0; s < 5; s++) {
        for (int i = 0; i < 2000; i++)
            a[i] = i % 10;
        if (stoppers[s])
            a[1500 + s] = stoppers[s];
        for (int rep = 0; rep < 3; rep++) {
            int why = -1;
            unsigned nzcv = 0;
            uint64_t at = flags_at_ways_out(a, 2000, &why, &nzcv);
            printf("flags_at_ways_out(%lld) = %llu way %d nzcv %x\n",
                   (long long)stoppers[s], (unsigned long long)at, why, nzcv);
        }
    }
}

int main(void)
{
    static int32_t a[64];
    static const int64_t limits[] = {1000000, 300};
    uint64_t x = 5;

    for (uint64_t n = 1; n <= 100000; n *= 10)
        printf("if_else_sum(%llu) = %llu\n", (unsigned long long)n,
               (unsigned long long)if_else_sum(n));
    for (int shape = 0; shape < 4; shape++) {
        for (int i = 0; i < 64; i++)
            a[i] = (i * 37 + shape) % 29 - 9 ? (i * 37 + shape) % 29 - 9 : 5;
        if (shape == 1)
            a[40] = 0;
        for (int l = 0; l < 2; l++) {
            int why = 0;
            int64_t s = 0;
            for (int rep = 0; rep < 20; rep++)
                s = signed_walk(a, 64 - (uint64_t)shape, limits[l], &why);
            printf("signed_walk(%d, %lld) = %lld way %d\n", shape,
                   (long long)limits[l], (long long)s, why);
        }
    }
    printf("nested = %llu\n", (unsigned long long)nested(600, 23));
    exclusive_adds(&x, 1001);
    printf("exclusive_adds = %llu\n", (unsigned long long)x);
    flags_test();
    fault_test();
    signal_test();
    return 0;
}
