/*
 * FCMP and FCMPE (single, double) followed by each B.cond, the flags dead
 * after it (both ways overwrite them): arx then fuses the compare with
 * the branch (one comis and one jcc, operands swapped for the "less"
 * conditions). Every condition over zeros, ones, infinities, a NaN, a
 * subnormal and huge values, against qemu-aarch64's output.
 */
#include <math.h>
#include <stdio.h>

/* name(a, b): 1 if "op a, b; b.cond" branches. reg: d or s. */
#define CMP_BRANCH(name, type, op, reg, cond)                                  \
    static int name(type a, type b)                                            \
    {                                                                          \
        int r;                                                                 \
        __asm__ volatile(op " %" reg "1, %" reg "2\n\t"                        \
                            "b." cond " 1f\n\t"                                \
                            "mov %w0, #0\n\t"                                  \
                            "b 2f\n"                                           \
                            "1:\n\t"                                           \
                            "mov %w0, #1\n"                                    \
                            "2:\n\t"                                           \
                            "cmp xzr, xzr"                                     \
                         : "=r"(r)                                             \
                         : "w"(a), "w"(b)                                      \
                         : "cc");                                              \
        return r;                                                              \
    }

/* The fourteen conditions (AL and NV branch always). */
#define FOR_EACH_COND(X, prefix, type, op, reg)                                \
    X(prefix##_eq, type, op, reg, "eq")                                        \
    X(prefix##_ne, type, op, reg, "ne")                                        \
    X(prefix##_cs, type, op, reg, "cs")                                        \
    X(prefix##_cc, type, op, reg, "cc")                                        \
    X(prefix##_mi, type, op, reg, "mi")                                        \
    X(prefix##_pl, type, op, reg, "pl")                                        \
    X(prefix##_vs, type, op, reg, "vs")                                        \
    X(prefix##_vc, type, op, reg, "vc")                                        \
    X(prefix##_hi, type, op, reg, "hi")                                        \
    X(prefix##_ls, type, op, reg, "ls")                                        \
    X(prefix##_ge, type, op, reg, "ge")                                        \
    X(prefix##_lt, type, op, reg, "lt")                                        \
    X(prefix##_gt, type, op, reg, "gt")                                        \
    X(prefix##_le, type, op, reg, "le")

FOR_EACH_COND(CMP_BRANCH, fcmp_d, double, "fcmp", "d")
FOR_EACH_COND(CMP_BRANCH, fcmpe_d, double, "fcmpe", "d")
FOR_EACH_COND(CMP_BRANCH, fcmp_s, float, "fcmp", "s")
FOR_EACH_COND(CMP_BRANCH, fcmpe_s, float, "fcmpe", "s")

#define NAME_OF(name, type, op, reg, cond) name,

typedef int (*DoubleCmp)(double, double);
typedef int (*FloatCmp)(float, float);

static const DoubleCmp double_cmps[] = {
    FOR_EACH_COND(NAME_OF, fcmp_d, double, "fcmp", "d")
        FOR_EACH_COND(NAME_OF, fcmpe_d, double, "fcmpe", "d")};
static const FloatCmp float_cmps[] = {
    FOR_EACH_COND(NAME_OF, fcmp_s, float, "fcmp", "s")
        FOR_EACH_COND(NAME_OF, fcmpe_s, float, "fcmpe", "s")};

static const double values[] = {
    0.0,    -0.0,     1.0,      -1.0,      2.0, 1e308,
    -1e308, 4.9e-324, INFINITY, -INFINITY, NAN,
};
#define NVALUES (int)(sizeof(values) / sizeof(values[0]))

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
