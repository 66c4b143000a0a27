/*
 * Flags set by the last compare of a one-block loop and read only after
 * the loop ends (MRS NZCV, CSET, B.cond in the next block). arx computes
 * such flags only on the way out of the loop (tcg/sink.c), so every
 * loop shape here leaves through a different condition, in both widths,
 * and prints the flags the code after it sees; compared with qemu-aarch64.
 */
#include <stdint.h>
#include <stdio.h>

typedef struct Exit {
    uint64_t x0, nzcv, hi, lt;
} Exit;

static void show(const char *name, uint64_t a, uint64_t b, const Exit *e)
{
    printf("%-10s %016llx %016llx -> %016llx nzcv=%llx hi=%d lt=%d\n", name,
           (unsigned long long)a, (unsigned long long)b,
           (unsigned long long)e->x0, (unsigned long long)(e->nzcv >> 28),
           (int)e->hi, (int)e->lt);
}

/* The loop body, then the reads after it, in a block of their own. */
#define LOOP_EXIT(name, body)                                                  \
    static void name(uint64_t a, uint64_t b)                                   \
    {                                                                          \
        Exit e;                                                                \
        uint64_t x0 = a;                                                       \
        __asm__ volatile("1:\n\t" body "\n\t"                                  \
                         "mrs %[nzcv], nzcv\n\t"                               \
                         "cset %[hi], hi\n\t"                                  \
                         "b.lt 2f\n\t"                                         \
                         "mov %[lt], #0\n\t"                                   \
                         "b 3f\n"                                              \
                         "2: mov %[lt], #1\n"                                  \
                         "3:\n"                                                \
                         : [x0] "+r"(x0), [nzcv] "=&r"(e.nzcv),                \
                           [hi] "=&r"(e.hi), [lt] "=&r"(e.lt)                  \
                         : [b] "r"(b)                                          \
                         : "cc");                                              \
        e.x0 = x0;                                                             \
        show(#name, a, b, &e);                                                 \
    }

/* Leaves on signed overflow, on carry, on a negative result. */
LOOP_EXIT(adds_vc, "adds %[x0], %[x0], %[b]\n\tb.vc 1b")
LOOP_EXIT(adds_cc, "adds %[x0], %[x0], %[b]\n\tb.cc 1b")
LOOP_EXIT(subs_pl, "subs %[x0], %[x0], %[b]\n\tb.pl 1b")
LOOP_EXIT(adds_vc_w, "adds %w[x0], %w[x0], %w[b]\n\tb.vc 1b")
LOOP_EXIT(subs_pl_w, "subs %w[x0], %w[x0], %w[b]\n\tb.pl 1b")
/* A compare against a bound that the step overshoots. */
LOOP_EXIT(cmp_lo, "add %[x0], %[x0], #0x234\n\t"
                  "cmp %[x0], %[b]\n\tb.lo 1b")
LOOP_EXIT(cmp_ne_w, "sub %w[x0], %w[x0], #3\n\t"
                    "cmp %w[x0], %w[b]\n\tb.ne 1b")
/* Leaves through the taken branch; the fall-through loops. */
LOOP_EXIT(adds_vs_out, "adds %[x0], %[x0], %[b]\n\tb.vs 4f\n\tb 1b\n4:")
LOOP_EXIT(cmn_eq_out, "add %[x0], %[x0], #1\n\t"
                      "cmn %[x0], %[b]\n\tb.eq 4f\n\tb 1b\n4:")

int main(void)
{
    /* Steps large enough that every loop ends within a few dozen turns:
     * the 64-bit loops take the first list, the 32-bit ones the second. */
    static const uint64_t steps64[] = {
        0x0fffffffffffffff, 0x1000000000000001, 0x7000000000000000,
        0x2345678912345678, 0x8000000000000000, 0xf000000000000001,
        0x9000000000000000,
    };
    static const uint64_t steps32[] = {
        0x12345679, 0x70000001, 0xf0000001, 0x80000001, 0x23456789, 0x7fffffff,
    };
    static const uint64_t starts[] = {0, 1, 0x8000000000000000, 0x7fffffff,
                                      0xfffffffffffffff0};

    for (unsigned i = 0; i < sizeof(starts) / sizeof(starts[0]); i++) {
        uint64_t a = starts[i];
        for (unsigned j = 0; j < sizeof(steps64) / sizeof(steps64[0]); j++) {
            adds_vc(a, steps64[j]);
            adds_cc(a, steps64[j]);
            subs_pl(a & 0x7fffffffffffffff, steps64[j]);
            adds_vs_out(a, steps64[j]);
        }
        for (unsigned j = 0; j < sizeof(steps32) / sizeof(steps32[0]); j++) {
            adds_vc_w(a, steps32[j]);
            subs_pl_w(a & 0x7fffffff, steps32[j]);
        }
    }
    /* Bounds the loop reaches exactly or overshoots. */
    cmp_lo(0, 0x234 * 5);
    cmp_lo(0, 0x234 * 5 + 1);
    cmp_lo(0x7fffffffffff0000, 0x8000000000000000);
    cmp_ne_w(30, 0);
    cmp_ne_w(0x80000005, 0x7fffffff);
    cmn_eq_out(0xfffffffffffffff0, 5);
    cmn_eq_out(0, 0xfffffffffffffff0);
    return 0;
}
