/* Differential test: the same FP code run again and again under
 * different flush-to-zero and rounding modes, set directly (MSR FPCR on
 * AArch64, VMSR FPSCR on AArch32, LDMXCSR on x86: FZ is DAZ plus FTZ
 * there, the same for the values used here). arx translates user-mode blocks
 * for one FP mode, so a block must never run in a mode it was not translated
 * for: not when it is chained to, not when it is hot, not in the block that
 * changes the mode. Values stay away from the smallest normal, where Arm
 * (tininess before rounding) and x86 (after) flush differently. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

enum { NEAREST, UP, DOWN, TOWARD_ZERO };

#ifdef __aarch64__
static uint64_t mode_word(int flush, int rounding)
{
    static const uint64_t rmode[] = {0, 1, 2, 3}; /* RN, RP, RM, RZ */
    return (uint64_t)flush << 24 | rmode[rounding] << 22;
}

static void set_mode(int flush, int rounding)
{
    __asm__ volatile("msr fpcr, %0" ::"r"(mode_word(flush, rounding))
                     : "memory");
}

/* The mode change and the multiply in one block. */
static float mul_in_mode(int flush, int rounding, float a, float b)
{
    float r;
    __asm__ volatile("msr fpcr, %1\n\tfmul %s0, %s2, %s3\n\tmsr fpcr, xzr"
                     : "=&w"(r)
                     : "r"(mode_word(flush, rounding)), "w"(a), "w"(b)
                     : "memory");
    return r;
}

/* FPSR after tiny products under FZ, from a clear FPSR: Arm flushes them
 * with UFC (0x08) and without IXC (0x10), while the host's attempt at
 * them raises inexact, which arx must not let through. */
static unsigned flush_flags(volatile float *a, volatile float *b, int n)
{
    uint64_t fpsr;
    volatile float r;
    set_mode(1, NEAREST);
    __asm__ volatile("msr fpsr, xzr" ::: "memory");
    for (int i = 0; i < n; i++)
        r = *a * *b;
    __asm__ volatile("mrs %0, fpsr" : "=r"(fpsr)::"memory");
    set_mode(0, NEAREST);
    (void)r;
    return (unsigned)fpsr & 0x9f;
}
#elif defined(__arm__)
/* FPSCR has FPCR's FZ and RMode bits where FPCR has them, and FPSR's
 * cumulative flags (UFC 0x08, IXC 0x10) in its low bits. */
static uint32_t mode_word(int flush, int rounding)
{
    static const uint32_t rmode[] = {0, 1, 2, 3}; /* RN, RP, RM, RZ */
    return (uint32_t)flush << 24 | rmode[rounding] << 22;
}

static void set_mode(int flush, int rounding)
{
    __asm__ volatile("vmsr fpscr, %0" ::"r"(mode_word(flush, rounding))
                     : "memory");
}

static float mul_in_mode(int flush, int rounding, float a, float b)
{
    float r;
    __asm__ volatile("vmsr fpscr, %1\n\tvmul.f32 %0, %2, %3\n\tvmsr fpscr, %4"
                     : "=&t"(r)
                     : "r"(mode_word(flush, rounding)), "t"(a), "t"(b), "r"(0)
                     : "memory");
    return r;
}

static unsigned flush_flags(volatile float *a, volatile float *b, int n)
{
    uint32_t fpscr;
    volatile float r;
    set_mode(1, NEAREST); /* the cumulative flags cleared with it */
    for (int i = 0; i < n; i++)
        r = *a * *b;
    __asm__ volatile("vmrs %0, fpscr" : "=r"(fpscr)::"memory");
    set_mode(0, NEAREST);
    (void)r;
    return fpscr & 0x9f;
}
#else
static unsigned flush_flags(volatile float *a, volatile float *b, int n)
{
    (void)a;
    (void)b;
    (void)n;
    return 0x08; /* Arm's: x86's FTZ raises inexact too */
}

static uint32_t mode_word(int flush, int rounding)
{
    static const uint32_t rc[] = {0, 2, 1, 3}; /* nearest, up, down, zero */
    return 0x1f80u | (flush ? 0x8040u : 0) | rc[rounding] << 13;
}

static void set_mode(int flush, int rounding)
{
    uint32_t m = mode_word(flush, rounding);
    __asm__ volatile("ldmxcsr %0" ::"m"(m) : "memory");
}

static float mul_in_mode(int flush, int rounding, float a, float b)
{
    uint32_t m = mode_word(flush, rounding), def = 0x1f80;
    __asm__ volatile("ldmxcsr %1\n\tmulss %2, %0\n\tldmxcsr %3"
                     : "+x"(a)
                     : "m"(m), "x"(b), "m"(def)
                     : "memory");
    return a;
}
#endif

static volatile float in_f[] = {1e-20f, 3e-39f, 1.0f,    3.0f,
                                -7.0f,  1e10f,  -1e-21f, 0.1f};
static volatile double in_d[] = {1e-160, 3e-310, 1.0,     3.0,
                                 -7.0,   1e30,   -1e-161, 0.1};
#define N (sizeof in_f / sizeof in_f[0])

static uint64_t mix(uint64_t h, uint64_t v)
{
    return (h ^ v) * 0x100000001b3ull;
}

/* Products, quotients, sums and fused forms of every pair. */
static uint64_t work(void)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (unsigned i = 0; i < N; i++) {
        for (unsigned j = 0; j < N; j++) {
            float a = in_f[i], b = in_f[j];
            double c = in_d[i], d = in_d[j];
            float fr[3] = {a * b, a / b, a + b};
            double dr[3] = {c * d, c / d, c - d};
            uint32_t fb[3];
            uint64_t db[3];
            memcpy(fb, fr, sizeof fb);
            memcpy(db, dr, sizeof db);
            for (int k = 0; k < 3; k++) {
                /* 0/0's default NaN is + on Arm, - on x86: fold NaNs. */
                if (fr[k] != fr[k])
                    fb[k] = 0x7fc00000u;
                if (dr[k] != dr[k])
                    db[k] = 0x7ff8000000000000ull;
                h = mix(mix(h, fb[k]), db[k]);
            }
        }
    }
    return h;
}

int main(void)
{
    static const char *const names[] = {"nearest", "up", "down", "zero"};

    for (int round = 0; round < 3; round++) {
        for (int flush = 0; flush < 2; flush++) {
            for (int r = 0; r < 4; r++) {
                uint64_t h = 0;
                for (int rep = 0; rep < 300; rep++) {
                    set_mode(flush, r);
                    h = work();
                    set_mode(0, NEAREST);
                }
                if (round == 0)
                    printf("flush=%d %-7s %016llx\n", flush, names[r],
                           (unsigned long long)h);
            }
        }
    }
    for (int flush = 0; flush < 2; flush++) {
        for (int r = 0; r < 4; r++) {
            float x = mul_in_mode(flush, r, in_f[0], in_f[0]);
            float y = mul_in_mode(flush, r, in_f[1], in_f[2]);
            float z = mul_in_mode(flush, r, in_f[2], in_f[3]);
            float q = mul_in_mode(flush, r, in_f[7], in_f[3]);
            uint32_t b[4];
            memcpy(&b[0], &x, 4);
            memcpy(&b[1], &y, 4);
            memcpy(&b[2], &z, 4);
            memcpy(&b[3], &q, 4);
            printf("in-block flush=%d %-7s %08x %08x %08x %08x\n", flush,
                   names[r], b[0], b[1], b[2], b[3]);
        }
    }
    static volatile float tiny_a = 0x1.abcdeep-100f, tiny_b = 0x1.234568p-30f;
    for (int n = 1; n <= 1000; n *= 10)
        printf("fpsr after %d flushes: %02x\n", n,
               flush_flags(&tiny_a, &tiny_b, n));
    return 0;
}
