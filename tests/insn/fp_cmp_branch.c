/*
 * FCMP and FCMPE (single, double) followed by each B.cond, the flags dead
 * after it (both ways overwrite them): arx then fuses the compare with
 * the branch (one comis and one jcc, operands swapped for the "less"
 * conditions). Every condition over zeros, ones, infinities, a NaN, a
 * subnormal and huge values, against qemu-aarch64's output.
 */
#include <math.h>
#include <stdio.h>

static int fcmp_d_eq(double a, double b)
{
    int r;
    __asm__ volatile("fcmp %d1, %d2\n\t"
                     "b.eq 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmp_d_ne(double a, double b)
{
    int r;
    __asm__ volatile("fcmp %d1, %d2\n\t"
                     "b.ne 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmp_d_cs(double a, double b)
{
    int r;
    __asm__ volatile("fcmp %d1, %d2\n\t"
                     "b.cs 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmp_d_cc(double a, double b)
{
    int r;
    __asm__ volatile("fcmp %d1, %d2\n\t"
                     "b.cc 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmp_d_mi(double a, double b)
{
    int r;
    __asm__ volatile("fcmp %d1, %d2\n\t"
                     "b.mi 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmp_d_pl(double a, double b)
{
    int r;
    __asm__ volatile("fcmp %d1, %d2\n\t"
                     "b.pl 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmp_d_vs(double a, double b)
{
    int r;
    __asm__ volatile("fcmp %d1, %d2\n\t"
                     "b.vs 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmp_d_vc(double a, double b)
{
    int r;
    __asm__ volatile("fcmp %d1, %d2\n\t"
                     "b.vc 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmp_d_hi(double a, double b)
{
    int r;
    __asm__ volatile("fcmp %d1, %d2\n\t"
                     "b.hi 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmp_d_ls(double a, double b)
{
    int r;
    __asm__ volatile("fcmp %d1, %d2\n\t"
                     "b.ls 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmp_d_ge(double a, double b)
{
    int r;
    __asm__ volatile("fcmp %d1, %d2\n\t"
                     "b.ge 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmp_d_lt(double a, double b)
{
    int r;
    __asm__ volatile("fcmp %d1, %d2\n\t"
                     "b.lt 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmp_d_gt(double a, double b)
{
    int r;
    __asm__ volatile("fcmp %d1, %d2\n\t"
                     "b.gt 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmp_d_le(double a, double b)
{
    int r;
    __asm__ volatile("fcmp %d1, %d2\n\t"
                     "b.le 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmpe_d_eq(double a, double b)
{
    int r;
    __asm__ volatile("fcmpe %d1, %d2\n\t"
                     "b.eq 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmpe_d_ne(double a, double b)
{
    int r;
    __asm__ volatile("fcmpe %d1, %d2\n\t"
                     "b.ne 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmpe_d_cs(double a, double b)
{
    int r;
    __asm__ volatile("fcmpe %d1, %d2\n\t"
                     "b.cs 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmpe_d_cc(double a, double b)
{
    int r;
    __asm__ volatile("fcmpe %d1, %d2\n\t"
                     "b.cc 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmpe_d_mi(double a, double b)
{
    int r;
    __asm__ volatile("fcmpe %d1, %d2\n\t"
                     "b.mi 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmpe_d_pl(double a, double b)
{
    int r;
    __asm__ volatile("fcmpe %d1, %d2\n\t"
                     "b.pl 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmpe_d_vs(double a, double b)
{
    int r;
    __asm__ volatile("fcmpe %d1, %d2\n\t"
                     "b.vs 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmpe_d_vc(double a, double b)
{
    int r;
    __asm__ volatile("fcmpe %d1, %d2\n\t"
                     "b.vc 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmpe_d_hi(double a, double b)
{
    int r;
    __asm__ volatile("fcmpe %d1, %d2\n\t"
                     "b.hi 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmpe_d_ls(double a, double b)
{
    int r;
    __asm__ volatile("fcmpe %d1, %d2\n\t"
                     "b.ls 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmpe_d_ge(double a, double b)
{
    int r;
    __asm__ volatile("fcmpe %d1, %d2\n\t"
                     "b.ge 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmpe_d_lt(double a, double b)
{
    int r;
    __asm__ volatile("fcmpe %d1, %d2\n\t"
                     "b.lt 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmpe_d_gt(double a, double b)
{
    int r;
    __asm__ volatile("fcmpe %d1, %d2\n\t"
                     "b.gt 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmpe_d_le(double a, double b)
{
    int r;
    __asm__ volatile("fcmpe %d1, %d2\n\t"
                     "b.le 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmp_s_eq(float a, float b)
{
    int r;
    __asm__ volatile("fcmp %s1, %s2\n\t"
                     "b.eq 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmp_s_ne(float a, float b)
{
    int r;
    __asm__ volatile("fcmp %s1, %s2\n\t"
                     "b.ne 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmp_s_cs(float a, float b)
{
    int r;
    __asm__ volatile("fcmp %s1, %s2\n\t"
                     "b.cs 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmp_s_cc(float a, float b)
{
    int r;
    __asm__ volatile("fcmp %s1, %s2\n\t"
                     "b.cc 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmp_s_mi(float a, float b)
{
    int r;
    __asm__ volatile("fcmp %s1, %s2\n\t"
                     "b.mi 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmp_s_pl(float a, float b)
{
    int r;
    __asm__ volatile("fcmp %s1, %s2\n\t"
                     "b.pl 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmp_s_vs(float a, float b)
{
    int r;
    __asm__ volatile("fcmp %s1, %s2\n\t"
                     "b.vs 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmp_s_vc(float a, float b)
{
    int r;
    __asm__ volatile("fcmp %s1, %s2\n\t"
                     "b.vc 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmp_s_hi(float a, float b)
{
    int r;
    __asm__ volatile("fcmp %s1, %s2\n\t"
                     "b.hi 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmp_s_ls(float a, float b)
{
    int r;
    __asm__ volatile("fcmp %s1, %s2\n\t"
                     "b.ls 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmp_s_ge(float a, float b)
{
    int r;
    __asm__ volatile("fcmp %s1, %s2\n\t"
                     "b.ge 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmp_s_lt(float a, float b)
{
    int r;
    __asm__ volatile("fcmp %s1, %s2\n\t"
                     "b.lt 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmp_s_gt(float a, float b)
{
    int r;
    __asm__ volatile("fcmp %s1, %s2\n\t"
                     "b.gt 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmp_s_le(float a, float b)
{
    int r;
    __asm__ volatile("fcmp %s1, %s2\n\t"
                     "b.le 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmpe_s_eq(float a, float b)
{
    int r;
    __asm__ volatile("fcmpe %s1, %s2\n\t"
                     "b.eq 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmpe_s_ne(float a, float b)
{
    int r;
    __asm__ volatile("fcmpe %s1, %s2\n\t"
                     "b.ne 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmpe_s_cs(float a, float b)
{
    int r;
    __asm__ volatile("fcmpe %s1, %s2\n\t"
                     "b.cs 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmpe_s_cc(float a, float b)
{
    int r;
    __asm__ volatile("fcmpe %s1, %s2\n\t"
                     "b.cc 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmpe_s_mi(float a, float b)
{
    int r;
    __asm__ volatile("fcmpe %s1, %s2\n\t"
                     "b.mi 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmpe_s_pl(float a, float b)
{
    int r;
    __asm__ volatile("fcmpe %s1, %s2\n\t"
                     "b.pl 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmpe_s_vs(float a, float b)
{
    int r;
    __asm__ volatile("fcmpe %s1, %s2\n\t"
                     "b.vs 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmpe_s_vc(float a, float b)
{
    int r;
    __asm__ volatile("fcmpe %s1, %s2\n\t"
                     "b.vc 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmpe_s_hi(float a, float b)
{
    int r;
    __asm__ volatile("fcmpe %s1, %s2\n\t"
                     "b.hi 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmpe_s_ls(float a, float b)
{
    int r;
    __asm__ volatile("fcmpe %s1, %s2\n\t"
                     "b.ls 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmpe_s_ge(float a, float b)
{
    int r;
    __asm__ volatile("fcmpe %s1, %s2\n\t"
                     "b.ge 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmpe_s_lt(float a, float b)
{
    int r;
    __asm__ volatile("fcmpe %s1, %s2\n\t"
                     "b.lt 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmpe_s_gt(float a, float b)
{
    int r;
    __asm__ volatile("fcmpe %s1, %s2\n\t"
                     "b.gt 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static int fcmpe_s_le(float a, float b)
{
    int r;
    __asm__ volatile("fcmpe %s1, %s2\n\t"
                     "b.le 1f\n\t"
                     "mov %w0, #0\n\t"
                     "b 2f\n"
                     "1:\n\t"
                     "mov %w0, #1\n"
                     "2:\n\t"
                     "cmp xzr, xzr"
                     : "=r"(r)
                     : "w"(a), "w"(b)
                     : "cc");
    return r;
}

static const double values[] = {
    0.0,    -0.0,     1.0,      -1.0,      2.0, 1e308,
    -1e308, 4.9e-324, INFINITY, -INFINITY, NAN,
};
#define NVALUES (int)(sizeof(values) / sizeof(values[0]))

typedef int (*DoubleCmp)(double, double);
typedef int (*FloatCmp)(float, float);

static const DoubleCmp double_cmps[] = {
    fcmp_d_eq,  fcmp_d_ne,  fcmp_d_cs,  fcmp_d_cc,  fcmp_d_mi,  fcmp_d_pl,
    fcmp_d_vs,  fcmp_d_vc,  fcmp_d_hi,  fcmp_d_ls,  fcmp_d_ge,  fcmp_d_lt,
    fcmp_d_gt,  fcmp_d_le,  fcmpe_d_eq, fcmpe_d_ne, fcmpe_d_cs, fcmpe_d_cc,
    fcmpe_d_mi, fcmpe_d_pl, fcmpe_d_vs, fcmpe_d_vc, fcmpe_d_hi, fcmpe_d_ls,
    fcmpe_d_ge, fcmpe_d_lt, fcmpe_d_gt, fcmpe_d_le,
};
static const FloatCmp float_cmps[] = {
    fcmp_s_eq,  fcmp_s_ne,  fcmp_s_cs,  fcmp_s_cc,  fcmp_s_mi,  fcmp_s_pl,
    fcmp_s_vs,  fcmp_s_vc,  fcmp_s_hi,  fcmp_s_ls,  fcmp_s_ge,  fcmp_s_lt,
    fcmp_s_gt,  fcmp_s_le,  fcmpe_s_eq, fcmpe_s_ne, fcmpe_s_cs, fcmpe_s_cc,
    fcmpe_s_mi, fcmpe_s_pl, fcmpe_s_vs, fcmpe_s_vc, fcmpe_s_hi, fcmpe_s_ls,
    fcmpe_s_ge, fcmpe_s_lt, fcmpe_s_gt, fcmpe_s_le,
};

int main(void)
{
    int n = (int)(sizeof(double_cmps) / sizeof(double_cmps[0]));

    for (int i = 0; i < NVALUES; i++) {
        for (int j = 0; j < NVALUES; j++) {
            printf("%d %d ", i, j);
            for (int k = 0; k < n; k++)
                printf("%d", double_cmps[k](values[i], values[j]));
            printf(" ");
            for (int k = 0; k < n; k++)
                printf("%d", float_cmps[k]((float)values[i], (float)values[j]));
            printf("\n");
        }
    }
    return 0;
}
