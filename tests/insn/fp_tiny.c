/*
 * Results that round up to the smallest normal number: Arm decides
 * tininess before rounding, so FPSR.UFC is set (with IXC), where an x86
 * host, deciding after rounding, raises no underflow. Scalar and vector
 * forms, single and double, FMUL and FMLA; the output must match qemu's.
 */
#include <stdint.h>
#include <stdio.h>

static float fa[4] = {0x1.000002p0f, 1.0f, 1.0f, 1.0f};
static float fb[4] = {0x0.fffffep-126f, 2.0f, 3.0f, 4.0f};
static double da[2] = {1.0, 0x1.0000000000001p0};
static double db[2] = {2.0, 0x0.fffffffffffffp-1022};

#define VEC_OP(insn, x, y)                                                     \
    __asm__ volatile("ldr q0, [%2]\n ldr q1, [%3]\n mov v2.16b, v1.16b\n"      \
                     "msr fpsr, xzr\n " insn "\n mrs %0, fpsr\n str q2, [%1]"  \
                     : "=&r"(fpsr)                                             \
                     : "r"(out), "r"(x), "r"(y)                                \
                     : "v0", "v1", "v2", "memory")

#define SCALAR_OP(insn, x, y)                                                  \
    __asm__ volatile("ldr d0, [%2]\n ldr d1, [%3]\n msr fpsr, xzr\n " insn     \
                     "\n mrs %0, fpsr\n str d2, [%1]"                          \
                     : "=&r"(fpsr)                                             \
                     : "r"(out), "r"(x), "r"(y)                                \
                     : "v0", "v1", "v2", "memory")

static void show(const char *name, const uint64_t *out, uint64_t fpsr)
{
    printf("%-24s %016llx %016llx fpsr=%llx\n", name,
           (unsigned long long)out[0], (unsigned long long)out[1],
           (unsigned long long)fpsr);
}

int main(void)
{
    uint64_t out[2], fpsr;
    float fs[2] = {fa[0], fb[0]};
    double ds[2] = {da[1], db[1]};

    VEC_OP("fmul v2.4s, v0.4s, v1.4s", fa, fb);
    show("fmul 4s", out, fpsr);
    VEC_OP("fmul v2.2d, v0.2d, v1.2d", da, db);
    show("fmul 2d", out, fpsr);
    VEC_OP("fmla v2.4s, v0.4s, v0.4s", fb, fa);
    show("fmla 4s", out, fpsr);
    out[1] = 0;
    SCALAR_OP("fmul s2, s0, s1", &fs[0], &fs[1]);
    show("fmul s", out, fpsr);
    SCALAR_OP("fmul d2, d0, d1", &ds[0], &ds[1]);
    show("fmul d", out, fpsr);
    SCALAR_OP("fmov d2, xzr\n fmadd d2, d0, d1, d2", &ds[0], &ds[1]);
    show("fmadd d", out, fpsr);
    SCALAR_OP("fmul s2, s1, s1", &fs[0], &fs[1]);
    show("fmul s (tiny, zero)", out, fpsr);
    return 0;
}
