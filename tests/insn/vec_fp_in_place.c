/*
 * Chains of vector FP ops (FADD, FSUB, FMUL, FDIV, FMLA, FMLS on 2D, 4S
 * and 2S) whose sources arx reads straight from the vector cache's
 * registers (with AVX) and whose NaN and smallest-normal checks go to
 * the helper: whole vectors loaded and computed, results over their own
 * inputs, the operand order of the non-commutative ops, a NaN or a
 * product rounded up to the smallest normal in the middle (the slow path
 * reloads the cache), and a loop whose vectors are loop pins. FPCR
 * varies (FZ, DN, rounding); FPSR is checked after each chain. Checked
 * against qemu-aarch64's output.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static uint64_t state = 0x2545f4914f6cdd1dull;

static uint64_t next_random(void)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

/* A double: special values (NaNs, the largest subnormal and a factor that
 * rounds it up to the smallest normal), small numbers, or any bits. */
static uint64_t random_double(void)
{
    static const double special[] = {
        0.0,
        -0.0,
        1.0,
        -1.0,
        2.2250738585072009e-308,
        1.0000000000000002,
        1e308,
        4.9e-324,
        -1e-310,
        0.5,
        __builtin_inf(),
        __builtin_nan(""),
    };
    uint64_t r = next_random(), bits = next_random();
    double d;

    if ((r & 7) < 2) {
        d = special[(r >> 8) % 12];
        memcpy(&bits, &d, 8);
    } else if ((r & 7) < 5) {
        d = (double)(int64_t)(next_random() % 2000) / 7.0 - 140.0;
        memcpy(&bits, &d, 8);
    }
    return bits;
}

/* Two singles the same way. */
static uint64_t random_singles(void)
{
    static const float special[] = {
        0.0f,  -0.0f,  1.0f,    -1.0f, 1.17549421e-38f,  1.00000012f,
        3e38f, 1e-45f, -1e-40f, 0.5f,  __builtin_inff(), __builtin_nanf(""),
    };
    uint64_t out = 0;

    for (int half = 0; half < 2; half++) {
        uint64_t r = next_random();
        uint32_t bits = (uint32_t)next_random();
        float f;

        if ((r & 7) < 2) {
            f = special[(r >> 8) % 12];
            memcpy(&bits, &f, 4);
        } else if ((r & 7) < 5) {
            f = (float)(int64_t)(next_random() % 2000) / 7.0f - 140.0f;
            memcpy(&bits, &f, 4);
        }
        out |= (uint64_t)bits << (32 * half);
    }
    return out;
}

static uint64_t mix(uint64_t acc, const uint64_t *words, int n)
{
    for (int i = 0; i < n; i++)
        acc = (acc ^ words[i]) * 0x100000001b3ull;
    return acc;
}

/* FPCR values: none, FZ, DN, FZ and DN, round towards +infinity. */
static const uint64_t fpcrs[] = {0, 1u << 24, 1u << 25, 3u << 24, 1u << 22};

/* in: 8 vectors (16 words); out: 12 vectors (24 words). */
static uint64_t chain(const uint64_t *in, uint64_t fpcr, uint64_t *out)
{
    uint64_t fpsr;

    __asm__ volatile("msr fpcr, %[fpcr]\n\t"
                     "msr fpsr, xzr\n\t"
                     "ld1 {v16.2d, v17.2d, v18.2d, v19.2d}, [%[in]], #64\n\t"
                     "ld1 {v20.2d, v21.2d, v22.2d, v23.2d}, [%[in]]\n\t"
                     "b 1f\n"
                     "1:\n\t"
                     "fadd v24.2d, v16.2d, v17.2d\n\t"
                     "fsub v25.2d, v24.2d, v18.2d\n\t" /* order matters */
                     "fsub v25.2d, v18.2d, v25.2d\n\t" /* over an input */
                     "fmul v26.2d, v25.2d, v19.2d\n\t" /* min normal? */
                     "fdiv v27.2d, v26.2d, v24.2d\n\t"
                     "fmla v26.2d, v27.2d, v16.2d\n\t"
                     "fmls v24.2d, v26.2d, v25.2d\n\t"
                     "fadd v16.2d, v16.2d, v16.2d\n\t" /* a source twice */
                     "fadd v28.4s, v20.4s, v21.4s\n\t"
                     "fsub v29.4s, v22.4s, v28.4s\n\t"
                     "fmul v30.4s, v29.4s, v23.4s\n\t"
                     "fmla v28.4s, v30.4s, v20.4s\n\t"
                     "fdiv v31.4s, v28.4s, v22.4s\n\t"
                     "fmul v21.2s, v21.2s, v23.2s\n\t" /* 8 bytes */
                     "fadd v22.2s, v20.2s, v22.2s\n\t"
                     "fmla v23.2s, v21.2s, v22.2s\n\t"
                     "st1 {v16.2d}, [%[out]], #16\n\t"
                     "st1 {v21.2d, v22.2d, v23.2d}, [%[out]], #48\n\t"
                     "st1 {v24.2d, v25.2d, v26.2d, v27.2d}, [%[out]], #64\n\t"
                     "st1 {v28.2d, v29.2d, v30.2d, v31.2d}, [%[out]]\n\t"
                     "mrs %[fpsr], fpsr\n\t"
                     "msr fpcr, xzr"
                     : [fpsr] "=r"(fpsr), [out] "+r"(out), [in] "+r"(in)
                     : [fpcr] "r"(fpcr)
                     : "v16", "v17", "v18", "v19", "v20", "v21", "v22", "v23",
                       "v24", "v25", "v26", "v27", "v28", "v29", "v30", "v31",
                       "memory");
    return fpsr;
}

/* A loop of one block: v16 and v17 are read before written, so they
 * stay in registers across the back edge (loop pins). */
static uint64_t loop(const uint64_t *in, uint64_t fpcr, uint64_t *out)
{
    uint64_t fpsr, n = 5;

    __asm__ volatile("msr fpcr, %[fpcr]\n\t"
                     "msr fpsr, xzr\n\t"
                     "ld1 {v16.2d, v17.2d, v18.2d, v19.2d}, [%[in]]\n\t"
                     "1:\n\t"
                     "fadd v16.2d, v16.2d, v18.2d\n\t"
                     "fmul v17.2d, v17.2d, v19.2d\n\t"
                     "fsub v20.2d, v16.2d, v17.2d\n\t"
                     "fmla v16.2d, v20.2d, v19.2d\n\t"
                     "subs %[n], %[n], #1\n\t"
                     "b.ne 1b\n\t"
                     "st1 {v16.2d, v17.2d, v18.2d, v19.2d}, [%[out]], #64\n\t"
                     "st1 {v20.2d}, [%[out]]\n\t"
                     "mrs %[fpsr], fpsr\n\t"
                     "msr fpcr, xzr"
                     : [fpsr] "=r"(fpsr), [out] "+r"(out), [n] "+r"(n)
                     : [in] "r"(in), [fpcr] "r"(fpcr)
                     : "v16", "v17", "v18", "v19", "v20", "memory", "cc");
    return fpsr;
}

int main(void)
{
    uint64_t acc = 0;

    for (int i = 0; i < 30000; i++) {
        uint64_t in[16], out[24], fpcr = fpcrs[i % 5], fpsr;

        for (int k = 0; k < 8; k++)
            in[k] = random_double();
        for (int k = 8; k < 16; k++)
            in[k] = random_singles();
        fpsr = chain(in, fpcr, out);
        acc = mix(acc, out, 24) ^ fpsr;
        fpsr = loop(in, fpcr, out);
        acc = mix(acc, out, 10) ^ fpsr << 1;
        if (i % 5000 == 0)
            printf("%d %016llx\n", i, (unsigned long long)acc);
    }
    printf("end %016llx\n", (unsigned long long)acc);
    return 0;
}
