/*
 * Scalar FP values read into general registers (FCMP, FCMPE, FMOV to a
 * general register, FCVTZS) straight after an FP op wrote them: arx then
 * takes the value from the vector cache's register instead of writing it
 * back and loading it. Random and special doubles and singles, checked
 * against qemu-aarch64's output.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static uint64_t state = 88172645463325252ull;

static uint64_t next_random(void)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

/* A random double: special values, small integers or any bit pattern. */
static double random_double(void)
{
    static const double special[] = {
        0.0,
        -0.0,
        1.0,
        -1.0,
        1e308,
        -1e-310,
        4.9e-324,
        __builtin_inf(),
        -__builtin_inf(),
        __builtin_nan(""),
    };
    uint64_t r = next_random(), bits = next_random();
    double d;

    if ((r & 7) == 0)
        return special[(r >> 8) % 10];
    if ((r & 7) == 1)
        return (double)(int64_t)(next_random() % 2000) - 1000;
    memcpy(&d, &bits, 8);
    return d;
}

int main(void)
{
    uint64_t acc = 0;

    for (int i = 0; i < 50000; i++) {
        double a = random_double(), b = random_double(), c = random_double();
        float fa = (float)a, fb = (float)b;
        uint64_t nzcv, bits, gt;
        int64_t fixed;
        uint32_t single;

        __asm__ volatile("fadd d16, %d4, %d5\n\t"
                         "fcmp d16, %d6\n\t"
                         "mrs %0, nzcv\n\t"
                         "fmov %1, d16\n\t"
                         "fmul d17, d16, %d5\n\t"
                         "fcmpe d17, #0.0\n\t"
                         "cset %w2, gt\n\t"
                         "fcvtzs %3, d17"
                         : "=r"(nzcv), "=r"(bits), "=r"(gt), "=r"(fixed)
                         : "w"(a), "w"(b), "w"(c)
                         : "v16", "v17", "cc");
        __asm__ volatile("fadd s18, %s1, %s2\n\t"
                         "fcmp s18, %s2\n\t"
                         "fmov %w0, s18"
                         : "=r"(single)
                         : "w"(fa), "w"(fb)
                         : "v18", "cc");
        acc = acc * 1000003 ^ nzcv ^ bits * 3 ^ gt << 7 ^ (uint64_t)fixed ^
              (uint64_t)single << 13;
        if (i % 10000 == 0)
            printf("%d %016llx\n", i, (unsigned long long)acc);
    }
    printf("%016llx\n", (unsigned long long)acc);
    return 0;
}
