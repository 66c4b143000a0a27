/*
 * Loops that carry FP values from one iteration to the next in one block:
 * a scalar FMADD accumulator (single and double), a vector FMLA one, a
 * loop-invariant coefficient, and a fault in the middle of an
 * accumulating loop (FP, then integer vectors), where the signal frame
 * must hold the accumulator as it was. arx keeps such vectors in host registers
 * across the back edge (tcg/x86_64/vcache.c, loop pins). On aarch64 each loop
 * is assembly, so its shape is exactly that; the native build computes the same
 * values in C (fma, which rounds once as FMADD does; sums of small integers,
 * exact in any order).
 */
#include <math.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#ifdef __aarch64__
#include <asm/sigcontext.h>
#endif

#define N 4096

static float fa[N], fb[N];
static double da[N], db[N];

static uint32_t bits_f(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static uint64_t bits_d(double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

static float dot_f(const float *a, const float *b, long n)
{
    float s = 0;
#ifdef __aarch64__
    long i = 0;
    float x, y;
    __asm__ volatile("1: ldr %s[x], [%[a], %[i], lsl #2]\n"
                     "   ldr %s[y], [%[b], %[i], lsl #2]\n"
                     "   add %[i], %[i], #1\n"
                     "   fmadd %s[s], %s[x], %s[y], %s[s]\n"
                     "   cmp %[i], %[n]\n"
                     "   b.lt 1b\n"
                     : [s] "+w"(s), [i] "+r"(i), [x] "=&w"(x), [y] "=&w"(y)
                     : [a] "r"(a), [b] "r"(b), [n] "r"(n)
                     : "cc", "memory");
#else
    for (long i = 0; i < n; i++)
        s = fmaf(a[i], b[i], s);
#endif
    return s;
}

/* s = s * k + a[i]: k is read every iteration and never written. */
static double horner_d(const double *a, double k, long n)
{
    double s = 0;
#ifdef __aarch64__
    long i = 0;
    double x;
    __asm__ volatile("1: ldr %d[x], [%[a], %[i], lsl #3]\n"
                     "   add %[i], %[i], #1\n"
                     "   fmadd %d[s], %d[s], %d[k], %d[x]\n"
                     "   cmp %[i], %[n]\n"
                     "   b.lt 1b\n"
                     : [s] "+w"(s), [i] "+r"(i), [x] "=&w"(x)
                     : [a] "r"(a), [k] "w"(k), [n] "r"(n)
                     : "cc", "memory");
#else
    for (long i = 0; i < n; i++)
        s = fma(s, k, a[i]);
#endif
    return s;
}

/* Four lanes of FMLA into one accumulator vector, summed at the end in
 * lane order. */
static void dot4_f(const float *a, const float *b, long n, float out[4])
{
#ifdef __aarch64__
    long i = 0;
    __asm__ volatile("movi v16.4s, #0\n"
                     "1: ldr q17, [%[a], %[i]]\n"
                     "   ldr q18, [%[b], %[i]]\n"
                     "   add %[i], %[i], #16\n"
                     "   fmla v16.4s, v17.4s, v18.4s\n"
                     "   cmp %[i], %[n], lsl #2\n"
                     "   b.lt 1b\n"
                     "   str q16, [%[out]]\n"
                     : [i] "+r"(i)
                     : [a] "r"(a), [b] "r"(b), [n] "r"(n), [out] "r"(out)
                     : "cc", "memory", "v16", "v17", "v18");
#else
    for (int l = 0; l < 4; l++) {
        out[l] = 0;
        for (long i = l; i < n; i += 4)
            out[l] = fmaf(a[i], b[i], out[l]);
    }
#endif
}

/* ---- a fault in the loop: the frame holds the accumulator ---- */

static sigjmp_buf fault_jump;
static volatile uint32_t fault_bits; /* v20's low 32 bits */
static volatile uint64_t fault_count;

static void on_segv(int sig, siginfo_t *info, void *uc_void)
{
    (void)sig;
    (void)info;
#ifdef __aarch64__
    const ucontext_t *uc = uc_void;
    const struct fpsimd_context *fp =
        (const struct fpsimd_context *)uc->uc_mcontext.__reserved;
    if (fp->head.magic == FPSIMD_MAGIC)
        fault_bits = (uint32_t)fp->vregs[20];
    fault_count = uc->uc_mcontext.regs[9];
#else
    (void)uc_void;
#endif
    siglongjmp(fault_jump, 1);
}

/* Adds floats until the guard page; s20 is the sum, x9 the count. */
static void fault_sum_walk(const float *p)
{
#ifdef __aarch64__
    register uint64_t i __asm__("x9") = 0;
    __asm__ volatile("movi v20.4s, #0\n"
                     "1: ldr s21, [%[p], %[i], lsl #2]\n"
                     "   add %[i], %[i], #1\n"
                     "   fadd s20, s20, s21\n"
                     "   b 1b\n"
                     : [i] "+r"(i)
                     : [p] "r"(p)
                     : "cc", "memory", "v20", "v21");
#else
    long n = sysconf(_SC_PAGESIZE) / (long)sizeof(float);
    float s = 0;
    for (long i = 0; i < n; i++)
        s += p[i];
    fault_bits = bits_f(s);
    fault_count = (uint64_t)n;
    siglongjmp(fault_jump, 1);
#endif
}

/* The same with an integer vector sum: v20.4s, lane 0 kept. */
static void fault_isum_walk(const uint32_t *p)
{
#ifdef __aarch64__
    register uint64_t i __asm__("x9") = 0;
    __asm__ volatile("movi v20.4s, #0\n"
                     "1: ldr q21, [%[p], %[i], lsl #4]\n"
                     "   add %[i], %[i], #1\n"
                     "   add v20.4s, v20.4s, v21.4s\n"
                     "   b 1b\n"
                     : [i] "+r"(i)
                     : [p] "r"(p)
                     : "cc", "memory", "v20", "v21");
#else
    long n = sysconf(_SC_PAGESIZE) / 16;
    uint32_t s = 0;
    for (long i = 0; i < n; i++)
        s += p[4 * i];
    fault_bits = s;
    fault_count = (uint64_t)n;
    siglongjmp(fault_jump, 1);
#endif
}

static void fault_test(void)
{
    long page = sysconf(_SC_PAGESIZE);
    float *m = mmap(NULL, 2 * (size_t)page, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    struct sigaction sa;

    if (m == MAP_FAILED) {
        perror("mmap");
        return;
    }
    for (long i = 0; i < page / (long)sizeof(float); i++)
        m[i] = (float)(i % 13);
    mprotect((char *)m + page, (size_t)page, PROT_NONE);
    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = on_segv;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGSEGV, &sa, NULL);
    if (sigsetjmp(fault_jump, 1) == 0)
        fault_sum_walk(m);
    printf("fault: count %llu sum %08x\n", (unsigned long long)fault_count,
           fault_bits);
    for (long i = 0; i < page / (long)sizeof(uint32_t); i++)
        ((uint32_t *)m)[i] = (uint32_t)(i * 7 + 1);
    if (sigsetjmp(fault_jump, 1) == 0)
        fault_isum_walk((const uint32_t *)m);
    printf("integer fault: count %llu lane 0 sum %08x\n",
           (unsigned long long)fault_count, fault_bits);
    signal(SIGSEGV, SIG_DFL);
    munmap(m, 2 * (size_t)page);
}

int main(void)
{
    float out[4];

    for (int i = 0; i < N; i++) {
        fa[i] = (float)((i * 37) % 101) / 7.0f;
        fb[i] = (float)((i * 11) % 53) / 3.0f - 8.0f;
        da[i] = (double)((i * 29) % 89) / 9.0;
        db[i] = (double)((i * 13) % 61) / 5.0 - 6.0;
    }
    for (int rep = 0; rep < 3; rep++) {
        long n = N >> rep;
        printf("dot_f %ld: %08x\n", n, bits_f(dot_f(fa, fb, n)));
        printf("horner_d %ld: %016llx\n", n,
               (unsigned long long)bits_d(horner_d(da, 0.999, n)));
        dot4_f(fa, fb, n, out);
        printf("dot4_f %ld: %08x %08x %08x %08x\n", n, bits_f(out[0]),
               bits_f(out[1]), bits_f(out[2]), bits_f(out[3]));
    }
    fault_test();
    return 0;
}
