/*
 * VCMP, VMRS APSR_nzcv and a condition right after them, for all fourteen
 * conditions as a conditional move (IT block in T32) and as a branch,
 * over ordered, equal and unordered pairs. arx tests the compare's result
 * code directly there (target-arm/flags.c, fp_fused_compare) instead of
 * the NZCV it decodes to. On the host the conditions are evaluated in C
 * from the NZCV an Arm compare produces.
 */
#include <math.h>
#include <stdio.h>

#ifdef __arm__
#define COND_FNS(cc)                                                           \
    static int move_##cc(double a, double b)                                   \
    {                                                                          \
        int r = 0;                                                             \
        __asm__("vcmp.f64 %P1, %P2\n\t"                                        \
                "vmrs APSR_nzcv, fpscr\n\t"                                    \
                "it " #cc "\n\t"                                               \
                "mov" #cc " %0, #1"                                            \
                : "+r"(r)                                                      \
                : "w"(a), "w"(b)                                               \
                : "cc");                                                       \
        return r;                                                              \
    }                                                                          \
    static int branch_##cc(double a, double b)                                 \
    {                                                                          \
        int r = 1;                                                             \
        __asm__("vcmp.f64 %P1, %P2\n\t"                                        \
                "vmrs APSR_nzcv, fpscr\n\t"                                    \
                "b" #cc " 1f\n\t"                                              \
                "mov %0, #0\n"                                                 \
                "1:"                                                           \
                : "+r"(r)                                                      \
                : "w"(a), "w"(b)                                               \
                : "cc");                                                       \
        return r;                                                              \
    }
#else
static int arm_cond(int cc, double a, double b)
{
    int n, z, c, v;

    if (isnan(a) || isnan(b)) {
        n = 0, z = 0, c = 1, v = 1;
    } else if (a < b) {
        n = 1, z = 0, c = 0, v = 0;
    } else if (a == b) {
        n = 0, z = 1, c = 1, v = 0;
    } else {
        n = 0, z = 0, c = 1, v = 0;
    }
    int r;
    switch (cc >> 1) {
    case 0: r = z; break;
    case 1: r = c; break;
    case 2: r = n; break;
    case 3: r = v; break;
    case 4: r = c && !z; break;
    case 5: r = n == v; break;
    default: r = !z && n == v; break;
    }
    return cc & 1 ? !r : r;
}
#define COND_FNS(cc) /* evaluated by arm_cond */
#endif

#define ALL_CONDS(X)                                                           \
    X(eq)                                                                      \
    X(ne)                                                                      \
    X(cs)                                                                      \
    X(cc)                                                                      \
    X(mi)                                                                      \
    X(pl)                                                                      \
    X(vs)                                                                      \
    X(vc)                                                                      \
    X(hi)                                                                      \
    X(ls)                                                                      \
    X(ge)                                                                      \
    X(lt)                                                                      \
    X(gt)                                                                      \
    X(le)

ALL_CONDS(COND_FNS)

static const char *const names[] = {"eq", "ne", "cs", "cc", "mi", "pl", "vs",
                                    "vc", "hi", "ls", "ge", "lt", "gt", "le"};

#ifdef __arm__
#define MOVE_FN(cc) move_##cc,
#define BRANCH_FN(cc) branch_##cc,
static int (*const moves[14])(double, double) = {ALL_CONDS(MOVE_FN)};
static int (*const branches[14])(double, double) = {ALL_CONDS(BRANCH_FN)};
#endif

static void check(int cc, double a, double b)
{
    int m, br;

#ifdef __arm__
    m = moves[cc](a, b);
    br = branches[cc](a, b);
#else
    m = br = arm_cond(cc, a, b);
#endif
    printf("%s %g %g: %d %d\n", names[cc], a, b, m, br);
}

int main(void)
{
    static const double vals[] = {-1.0, 0.0, -0.0, 2.0, INFINITY, NAN};
    int n = (int)(sizeof(vals) / sizeof(vals[0]));

    for (int cc = 0; cc < 14; cc++)
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                check(cc, vals[i], vals[j]);
    return 0;
}
