/*
 * Chains of scalar double ops whose results arx computes straight into
 * the vector cache's registers when the register a result's bytes 8-15
 * come from has them zero. Every register is checked whole (bytes 8-15
 * must be zero after a scalar op) after chains that mix: vectors loaded
 * whole (bytes 8-15 not zero), read as scalars before and after a slow
 * path (a NaN result, a divide by zero) reloads the cache; a result
 * written over one of its own inputs; an FMA whose addend is a whole
 * vector; a loop whose accumulators are loop pins. FPCR varies (FZ, DN,
 * rounding). Checked against qemu-aarch64's output.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static uint64_t state = 0x9e3779b97f4a7c15ull;

static uint64_t next_random(void)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

/* Special values, small numbers, subnormals or any bit pattern. */
static uint64_t random_bits(void)
{
    static const double special[] = {
        0.0,
        -0.0,
        1.0,
        -1.0,
        2.2250738585072014e-308,
        1e308,
        4.9e-324,
        -1e-310,
        0.5,
        __builtin_inf(),
        -__builtin_inf(),
        __builtin_nan(""),
    };
    uint64_t r = next_random(), bits = next_random();
    double d;

    if ((r & 7) == 0) {
        d = special[(r >> 8) % 12];
        memcpy(&bits, &d, 8);
    } else if ((r & 7) < 4) {
        d = (double)(int64_t)(next_random() % 2000) / 7.0 - 140.0;
        memcpy(&bits, &d, 8);
    }
    return bits;
}

static uint64_t mix(uint64_t acc, const uint64_t *words, int n)
{
    for (int i = 0; i < n; i++)
        acc = (acc ^ words[i]) * 0x100000001b3ull;
    return acc;
}

/* FPCR values: none, FZ, DN, FZ and DN, round towards +infinity. */
static const uint64_t fpcrs[] = {0, 1u << 24, 1u << 25, 3u << 24, 1u << 22};

static uint64_t chain(const uint64_t *in, uint64_t fpcr, uint64_t *out)
{
    uint64_t fpsr;

    /* v20: a whole vector, in memory only (a branch ends the block). */
    __asm__ volatile("msr fpcr, %[fpcr]\n\t"
                     "msr fpsr, xzr\n\t"
                     "ld1 {v20.2d}, [%[in]]\n\t"
                     "ldr d22, [%[in], #16]\n\t"
                     "ldr q24, [%[in], #32]\n\t"
                     "b 1f\n"
                     "1:\n\t"
                     "orr v24.16b, v24.16b, v24.16b\n\t" /* cached whole */
                     "fadd d21, d20, d20\n\t"            /* d20 read alone */
                     "fmul d23, d22, d21\n\t"            /* straight in */
                     "fadd d22, d22, d23\n\t"            /* over an input */
                     "fdiv d25, d24, d22\n\t"            /* q24 whole: a copy */
                     "fsub d26, d23, d20\n\t"
                     "fmadd d27, d21, d22, d24\n\t" /* addend whole */
                     "fmadd d28, d24, d21, d23\n\t" /* addend scalar */
                     "fsqrt d29, d26\n\t"           /* a NaN: slow path */
                     "fadd d30, d20, d21\n\t"       /* after the reload */
                     "fnmul d31, d25, d29\n\t"
                     "fmul d21, d21, d21\n\t"
                     "st1 {v20.2d, v21.2d, v22.2d, v23.2d}, [%[out]], #64\n\t"
                     "st1 {v24.2d, v25.2d, v26.2d, v27.2d}, [%[out]], #64\n\t"
                     "st1 {v28.2d, v29.2d, v30.2d, v31.2d}, [%[out]]\n\t"
                     "mrs %[fpsr], fpsr\n\t"
                     "msr fpcr, xzr"
                     : [fpsr] "=r"(fpsr), [out] "+r"(out)
                     : [in] "r"(in), [fpcr] "r"(fpcr)
                     : "v20", "v21", "v22", "v23", "v24", "v25", "v26", "v27",
                       "v28", "v29", "v30", "v31", "memory");
    return fpsr;
}

/* A loop of one block: d20 and d21 are read before written, so they
 * stay in registers across the back edge (loop pins). */
static uint64_t loop(const uint64_t *in, uint64_t fpcr, uint64_t *out)
{
    uint64_t fpsr, n = 5;

    __asm__ volatile("msr fpcr, %[fpcr]\n\t"
                     "msr fpsr, xzr\n\t"
                     "ldr d20, [%[in]]\n\t"
                     "ldr q21, [%[in], #8]\n\t"
                     "ldr d22, [%[in], #24]\n\t"
                     "ldr d23, [%[in], #32]\n\t"
                     "1:\n\t"
                     "fadd d20, d20, d22\n\t"
                     "fmul d21, d21, d23\n\t"
                     "fsub d24, d20, d21\n\t"
                     "fdiv d25, d24, d20\n\t"
                     "subs %[n], %[n], #1\n\t"
                     "b.ne 1b\n\t"
                     "st1 {v20.2d, v21.2d, v22.2d, v23.2d}, [%[out]], #64\n\t"
                     "st1 {v24.2d, v25.2d}, [%[out]]\n\t"
                     "mrs %[fpsr], fpsr\n\t"
                     "msr fpcr, xzr"
                     : [fpsr] "=r"(fpsr), [out] "+r"(out), [n] "+r"(n)
                     : [in] "r"(in), [fpcr] "r"(fpcr)
                     : "v20", "v21", "v22", "v23", "v24", "v25", "memory",
                       "cc");
    return fpsr;
}

int main(void)
{
    uint64_t acc = 0;

    for (int i = 0; i < 30000; i++) {
        uint64_t in[6], out[24], fpcr = fpcrs[i % 5], fpsr;

        for (int k = 0; k < 6; k++)
            in[k] = random_bits();
        fpsr = chain(in, fpcr, out);
        acc = mix(acc, out, 24) ^ fpsr;
        fpsr = loop(in, fpcr, out);
        acc = mix(acc, out, 12) ^ fpsr << 1;
        if (i % 5000 == 0)
            printf("%d %016llx\n", i, (unsigned long long)acc);
    }
    printf("end %016llx\n", (unsigned long long)acc);
    return 0;
}
