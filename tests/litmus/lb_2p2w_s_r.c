/*
 * Litmus shapes LB, 2+2W, S and R on two threads, without barriers, with
 * DMB variants and with acquire/release. Outcomes the Arm model forbids
 * fail the run; allowed relaxed outcomes are only counted.
 */
#include "litmus.h"

/* Text fragments: [a] then [b], with an optional barrier between. */
#define LD_ST(fence) "ldr %[o], [%[a]]\n\t" fence "str %[v], [%[b]]"
#define ST_ST(fence) "str %[v], [%[a]]\n\t" fence "str %[w], [%[b]]"
#define ST_LD(fence) "str %[v], [%[a]]\n\t" fence "ldr %[o], [%[b]]"

/* ---- LB: T0 r0=x; y=1 || T1 r1=y; x=1. Relaxed: r0=1 r1=1. ---- */

static void lb_observe(uint64_t *values)
{
    values[0] = litmus_r[0][0].v;
    values[1] = litmus_r[1][0].v;
}

static int lb_relaxed(const uint64_t *values)
{
    return values[0] == 1 && values[1] == 1;
}

static const LitmusShape lb = {"LB", 2,          {"r0", "r1"},
                               2,    lb_observe, lb_relaxed};

static void lb_t0(void)
{
    LITMUS_ASM(0, LD_ST(""), LITMUS_X, LITMUS_Y, 1, 0);
}
static void lb_t1(void)
{
    LITMUS_ASM(1, LD_ST(""), LITMUS_Y, LITMUS_X, 1, 0);
}
static void lb_dmb_t0(void)
{
    LITMUS_ASM(0, LD_ST("dmb ish\n\t"), LITMUS_X, LITMUS_Y, 1, 0);
}
static void lb_dmb_t1(void)
{
    LITMUS_ASM(1, LD_ST("dmb ish\n\t"), LITMUS_Y, LITMUS_X, 1, 0);
}
/* DMB ISHLD orders an earlier load before later loads and stores. */
static void lb_dmbld_t0(void)
{
    LITMUS_ASM(0, LD_ST("dmb ishld\n\t"), LITMUS_X, LITMUS_Y, 1, 0);
}
static void lb_dmbld_t1(void)
{
    LITMUS_ASM(1, LD_ST("dmb ishld\n\t"), LITMUS_Y, LITMUS_X, 1, 0);
}
static void lb_acq_t0(void)
{
    LITMUS_ASM(0, "ldar %[o], [%[a]]\n\tstr %[v], [%[b]]", LITMUS_X, LITMUS_Y,
               1, 0);
}
static void lb_acq_t1(void)
{
    LITMUS_ASM(1, "ldar %[o], [%[a]]\n\tstr %[v], [%[b]]", LITMUS_Y, LITMUS_X,
               1, 0);
}
static void lb_rel_t0(void)
{
    LITMUS_ASM(0, "ldr %[o], [%[a]]\n\tstlr %[v], [%[b]]", LITMUS_X, LITMUS_Y,
               1, 0);
}
static void lb_rel_t1(void)
{
    LITMUS_ASM(1, "ldr %[o], [%[a]]\n\tstlr %[v], [%[b]]", LITMUS_Y, LITMUS_X,
               1, 0);
}

/* ---- 2+2W: T0 x=1; y=2 || T1 y=1; x=2. Relaxed: final x=1 y=1. ---- */

static void w22_observe(uint64_t *values)
{
    values[0] = litmus_x.v;
    values[1] = litmus_y.v;
}

static int w22_relaxed(const uint64_t *values)
{
    return values[0] == 1 && values[1] == 1;
}

static const LitmusShape w22 = {"2+2W", 2,           {"x", "y"},
                                2,      w22_observe, w22_relaxed};

static void w22_t0(void)
{
    LITMUS_ASM(0, ST_ST(""), LITMUS_X, LITMUS_Y, 1, 2);
}
static void w22_t1(void)
{
    LITMUS_ASM(1, ST_ST(""), LITMUS_Y, LITMUS_X, 1, 2);
}
static void w22_dmb_t0(void)
{
    LITMUS_ASM(0, ST_ST("dmb ish\n\t"), LITMUS_X, LITMUS_Y, 1, 2);
}
static void w22_dmb_t1(void)
{
    LITMUS_ASM(1, ST_ST("dmb ish\n\t"), LITMUS_Y, LITMUS_X, 1, 2);
}
static void w22_dmbst_t0(void)
{
    LITMUS_ASM(0, ST_ST("dmb ishst\n\t"), LITMUS_X, LITMUS_Y, 1, 2);
}
static void w22_dmbst_t1(void)
{
    LITMUS_ASM(1, ST_ST("dmb ishst\n\t"), LITMUS_Y, LITMUS_X, 1, 2);
}
static void w22_rel_t0(void)
{
    LITMUS_ASM(0, "str %[v], [%[a]]\n\tstlr %[w], [%[b]]", LITMUS_X, LITMUS_Y,
               1, 2);
}
static void w22_rel_t1(void)
{
    LITMUS_ASM(1, "str %[v], [%[a]]\n\tstlr %[w], [%[b]]", LITMUS_Y, LITMUS_X,
               1, 2);
}

/* ---- S: T0 x=2; y=1 || T1 r1=y; x=1. Relaxed: r1=1, final x=2. ---- */

static void s_observe(uint64_t *values)
{
    values[0] = litmus_r[1][0].v;
    values[1] = litmus_x.v;
}

static int s_relaxed(const uint64_t *values)
{
    return values[0] == 1 && values[1] == 2;
}

static const LitmusShape s_shape = {"S", 2,         {"r1", "x"},
                                    2,   s_observe, s_relaxed};

static void s_t0(void)
{
    LITMUS_ASM(0, ST_ST(""), LITMUS_X, LITMUS_Y, 2, 1);
}
static void s_t1(void)
{
    LITMUS_ASM(1, LD_ST(""), LITMUS_Y, LITMUS_X, 1, 0);
}
static void s_dmb_t0(void)
{
    LITMUS_ASM(0, ST_ST("dmb ish\n\t"), LITMUS_X, LITMUS_Y, 2, 1);
}
static void s_dmb_t1(void)
{
    LITMUS_ASM(1, LD_ST("dmb ish\n\t"), LITMUS_Y, LITMUS_X, 1, 0);
}
static void s_dmbst_t0(void)
{
    LITMUS_ASM(0, ST_ST("dmb ishst\n\t"), LITMUS_X, LITMUS_Y, 2, 1);
}
static void s_dmbld_t1(void)
{
    LITMUS_ASM(1, LD_ST("dmb ishld\n\t"), LITMUS_Y, LITMUS_X, 1, 0);
}
static void s_rel_t0(void)
{
    LITMUS_ASM(0, "str %[v], [%[a]]\n\tstlr %[w], [%[b]]", LITMUS_X, LITMUS_Y,
               2, 1);
}
static void s_acq_t1(void)
{
    LITMUS_ASM(1, "ldar %[o], [%[a]]\n\tstr %[v], [%[b]]", LITMUS_Y, LITMUS_X,
               1, 0);
}

/* ---- R: T0 x=1; y=1 || T1 y=2; r1=x. Relaxed: final y=2, r1=0. ---- */

static void r_observe(uint64_t *values)
{
    values[0] = litmus_y.v;
    values[1] = litmus_r[1][0].v;
}

static int r_relaxed(const uint64_t *values)
{
    return values[0] == 2 && values[1] == 0;
}

static const LitmusShape r_shape = {"R", 2,         {"y", "r1"},
                                    2,   r_observe, r_relaxed};

static void r_t0(void)
{
    LITMUS_ASM(0, ST_ST(""), LITMUS_X, LITMUS_Y, 1, 1);
}
static void r_t1(void)
{
    LITMUS_ASM(1, ST_LD(""), LITMUS_Y, LITMUS_X, 2, 0);
}
static void r_dmb_t0(void)
{
    LITMUS_ASM(0, ST_ST("dmb ish\n\t"), LITMUS_X, LITMUS_Y, 1, 1);
}
static void r_dmb_t1(void)
{
    LITMUS_ASM(1, ST_LD("dmb ish\n\t"), LITMUS_Y, LITMUS_X, 2, 0);
}
static void r_dmbst_t0(void)
{
    LITMUS_ASM(0, ST_ST("dmb ishst\n\t"), LITMUS_X, LITMUS_Y, 1, 1);
}
/* DMB ISHLD does not order T1's store before its load. */
static void r_dmbld_t1(void)
{
    LITMUS_ASM(1, ST_LD("dmb ishld\n\t"), LITMUS_Y, LITMUS_X, 2, 0);
}
static void r_rel_t0(void)
{
    LITMUS_ASM(0, "str %[v], [%[a]]\n\tstlr %[w], [%[b]]", LITMUS_X, LITMUS_Y,
               1, 1);
}
/* RCsc: LDAR may not pass the earlier STLR; LDAPR may. */
static void r_relacq_t1(void)
{
    LITMUS_ASM(1, "stlr %[v], [%[a]]\n\tldar %[o], [%[b]]", LITMUS_Y, LITMUS_X,
               2, 0);
}
static void r_relacqpc_t1(void)
{
    LITMUS_ASM(1, "stlr %[v], [%[a]]\n\tldapr %[o], [%[b]]", LITMUS_Y, LITMUS_X,
               2, 0);
}

static const LitmusTest tests[] = {
    {&lb, "", {lb_t0, lb_t1}, 0},
    {&lb, "dmb.ish", {lb_dmb_t0, lb_dmb_t1}, 1},
    {&lb, "dmb.ishld", {lb_dmbld_t0, lb_dmbld_t1}, 1},
    {&lb, "ldar+ldar", {lb_acq_t0, lb_acq_t1}, 1},
    {&lb, "stlr+stlr", {lb_rel_t0, lb_rel_t1}, 1},
    {&w22, "", {w22_t0, w22_t1}, 0},
    {&w22, "dmb.ish", {w22_dmb_t0, w22_dmb_t1}, 1},
    {&w22, "dmb.ishst", {w22_dmbst_t0, w22_dmbst_t1}, 1},
    {&w22, "stlr+stlr", {w22_rel_t0, w22_rel_t1}, 1},
    {&s_shape, "", {s_t0, s_t1}, 0},
    {&s_shape, "dmb.ish", {s_dmb_t0, s_dmb_t1}, 1},
    {&s_shape, "dmb.ishst+dmb.ishld", {s_dmbst_t0, s_dmbld_t1}, 1},
    {&s_shape, "stlr+ldar", {s_rel_t0, s_acq_t1}, 1},
    {&r_shape, "", {r_t0, r_t1}, 0},
    {&r_shape, "dmb.ish", {r_dmb_t0, r_dmb_t1}, 1},
    {&r_shape, "dmb.ishst+dmb.ish", {r_dmbst_t0, r_dmb_t1}, 1},
    {&r_shape, "dmb.ish+dmb.ishld", {r_dmb_t0, r_dmbld_t1}, 0},
    {&r_shape, "stlr+stlr.ldar", {r_rel_t0, r_relacq_t1}, 1},
    {&r_shape, "stlr+stlr.ldapr", {r_rel_t0, r_relacqpc_t1}, 0},
};

int main(int argc, char **argv)
{
    return litmus_main(argc, argv, tests, sizeof(tests) / sizeof(*tests));
}
