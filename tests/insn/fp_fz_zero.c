/*
 * FMUL, FSUB, FMADD and FNMSUB under FPCR.FZ in every rounding mode, on
 * zeros, tiny and huge values and the smallest normal: the results and
 * FPSR, against qemu-aarch64's output. arx's helpers skip FZ's flush
 * trial for an exact zero (a product with a zero, x - x) and must still
 * flush an inexact one (a tiny product) with UFC.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static uint64_t read_fpsr(void)
{
    uint64_t v;
    __asm__ volatile("mrs %0, fpsr" : "=r"(v));
    return v;
}

static void write_fpsr(uint64_t v)
{
    __asm__ volatile("msr fpsr, %0" : : "r"(v));
}

static void write_fpcr(uint64_t v)
{
    __asm__ volatile("msr fpcr, %0" : : "r"(v));
}

static uint64_t bits_of(double d)
{
    uint64_t b;
    memcpy(&b, &d, 8);
    return b;
}

static uint32_t single_bits_of(float f)
{
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

static volatile double doubles[] = {
    0.0,   -0.0,     1.0, -3.5, 1e-300, -1e-300, 2.2250738585072014e-308,
    1e300, 4.9e-324,
};
static volatile float singles[] = {
    0.0f, -0.0f, 1.0f, -3.5f, 1e-30f, -1e-30f, 1.17549435e-38f, 1e30f,
};
#define NDOUBLES (int)(sizeof(doubles) / sizeof(doubles[0]))
#define NSINGLES (int)(sizeof(singles) / sizeof(singles[0]))

static void double_ops(int mode, int i, int j)
{
    double a = doubles[i], b = doubles[j], c = doubles[(i + j) % NDOUBLES];
    double zero = a - a, r[4];
    uint64_t f[4];

    write_fpsr(0);
    r[0] = a * b;
    f[0] = read_fpsr();
    write_fpsr(0);
    r[1] = a - b;
    f[1] = read_fpsr();
    write_fpsr(0);
    __asm__ volatile("fmadd %d0, %d1, %d2, %d3"
                     : "=w"(r[2])
                     : "w"(a), "w"(b), "w"(c));
    f[2] = read_fpsr();
    write_fpsr(0);
    __asm__ volatile("fnmsub %d0, %d1, %d2, %d3"
                     : "=w"(r[3])
                     : "w"(a), "w"(b), "w"(zero));
    f[3] = read_fpsr();
    printf("d %d %d %d", mode, i, j);
    for (int k = 0; k < 4; k++)
        printf(" %016llx %llx", (unsigned long long)bits_of(r[k]),
               (unsigned long long)f[k]);
    printf("\n");
}

static void single_ops(int mode, int i, int j)
{
    float a = singles[i], b = singles[j], c = singles[(i * 3 + j) % NSINGLES];
    float r[2];
    uint64_t f[2];

    write_fpsr(0);
    r[0] = a * b;
    f[0] = read_fpsr();
    write_fpsr(0);
    __asm__ volatile("fmadd %s0, %s1, %s2, %s3"
                     : "=w"(r[1])
                     : "w"(a), "w"(b), "w"(c));
    f[1] = read_fpsr();
    printf("s %d %d %d %08x %llx %08x %llx\n", mode, i, j, single_bits_of(r[0]),
           (unsigned long long)f[0], single_bits_of(r[1]),
           (unsigned long long)f[1]);
}

int main(void)
{
    for (int mode = 0; mode < 4; mode++) {
        write_fpcr(1u << 24 | (uint64_t)mode << 22); /* FZ, RMode */
        for (int i = 0; i < NDOUBLES; i++)
            for (int j = 0; j < NDOUBLES; j++)
                double_ops(mode, i, j);
        for (int i = 0; i < NSINGLES; i++)
            for (int j = 0; j < NSINGLES; j++)
                single_ops(mode, i, j);
    }
    write_fpcr(0);
    return 0;
}
