/*
 * CMP/SUBS immediately followed by a flag reader (B.cond, CSEL, CSET,
 * CSINC...): arx reads such conditions straight from the compare's
 * operands, so every condition is checked over edge operand pairs in both
 * widths, against qemu-aarch64's output.
 */
#include <stdint.h>
#include <stdio.h>

static const uint64_t vals[] = {
    0,
    1,
    2,
    0x7f,
    0x80,
    0x7fffffff,
    0x80000000,
    0xffffffff,
    0x100000000,
    0x7fffffffffffffff,
    0x8000000000000000,
    0xffffffffffffffff,
    0xfffffffffffffffe,
    0x123456789abcdef0,
    0xffffffff80000000,
};
#define NV (sizeof(vals) / sizeof(vals[0]))

/* One condition: B.cond, CSEL and CSET after a 64-bit and a 32-bit CMP. */
#define CHECK_COND(cc)                                                         \
    static void check_##cc(uint64_t a, uint64_t b)                             \
    {                                                                          \
        uint64_t br64, br32, sel64, sel32, set64, inc32;                       \
        __asm__ volatile("cmp %[a], %[b]\n\t"                                  \
                         "b." #cc " 1f\n\t"                                    \
                         "mov %[r], #0\n\t"                                    \
                         "b 2f\n"                                              \
                         "1: mov %[r], #1\n"                                   \
                         "2:\n"                                                \
                         : [r] "=&r"(br64)                                     \
                         : [a] "r"(a), [b] "r"(b)                              \
                         : "cc");                                              \
        __asm__ volatile("cmp %w[a], %w[b]\n\t"                                \
                         "b." #cc " 1f\n\t"                                    \
                         "mov %[r], #0\n\t"                                    \
                         "b 2f\n"                                              \
                         "1: mov %[r], #1\n"                                   \
                         "2:\n"                                                \
                         : [r] "=&r"(br32)                                     \
                         : [a] "r"(a), [b] "r"(b)                              \
                         : "cc");                                              \
        __asm__ volatile("cmp %[a], %[b]\n\t"                                  \
                         "csel %[r], %[a], %[b], " #cc                         \
                         : [r] "=r"(sel64)                                     \
                         : [a] "r"(a), [b] "r"(b)                              \
                         : "cc");                                              \
        __asm__ volatile("cmp %w[a], %w[b]\n\t"                                \
                         "csel %w[r], %w[a], %w[b], " #cc                      \
                         : [r] "=r"(sel32)                                     \
                         : [a] "r"(a), [b] "r"(b)                              \
                         : "cc");                                              \
        __asm__ volatile("subs xzr, %[a], %[b]\n\t"                            \
                         "csetm %[r], " #cc                                    \
                         : [r] "=r"(set64)                                     \
                         : [a] "r"(a), [b] "r"(b)                              \
                         : "cc");                                              \
        __asm__ volatile("cmp %w[a], #5\n\t"                                   \
                         "csinc %w[r], %w[b], wzr, " #cc                       \
                         : [r] "=r"(inc32)                                     \
                         : [a] "r"(a), [b] "r"(b)                              \
                         : "cc");                                              \
        printf("%s %016llx %016llx: %d%d %016llx %08llx %016llx %08llx\n",     \
               #cc, (unsigned long long)a, (unsigned long long)b, (int)br64,   \
               (int)br32, (unsigned long long)sel64,                           \
               (unsigned long long)sel32, (unsigned long long)set64,           \
               (unsigned long long)inc32);                                     \
    }

/* clang-format off */
CHECK_COND(eq) CHECK_COND(ne) CHECK_COND(hs) CHECK_COND(lo)
CHECK_COND(mi) CHECK_COND(pl) CHECK_COND(vs) CHECK_COND(vc)
CHECK_COND(hi) CHECK_COND(ls) CHECK_COND(ge) CHECK_COND(lt)
CHECK_COND(gt) CHECK_COND(le)
    /* clang-format on */

    int main(void)
{
    static void (*const checks[])(uint64_t, uint64_t) = {
        check_eq, check_ne, check_hs, check_lo, check_mi, check_pl, check_vs,
        check_vc, check_hi, check_ls, check_ge, check_lt, check_gt, check_le,
    };

    for (unsigned c = 0; c < sizeof(checks) / sizeof(checks[0]); c++)
        for (unsigned i = 0; i < NV; i++)
            for (unsigned j = 0; j < NV; j++)
                checks[c](vals[i], vals[j]);
    return 0;
}
