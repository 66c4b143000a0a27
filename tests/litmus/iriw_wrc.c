/*
 * Litmus shapes on more than two threads: IRIW (four threads: two writers,
 * two readers disagreeing on the order of the writes) and WRC (three
 * threads: write-to-read causality). Arm is other-multicopy-atomic, so
 * ordering the readers (DMB, LDAR, LDAPR) forbids both relaxed outcomes.
 */
#include "litmus.h"

#define LD_LD(fence) "ldr %[o], [%[a]]\n\t" fence "ldr %[p], [%[b]]"

/* ---- IRIW: T0 x=1 || T1 y=1 || T2 x, y || T3 y, x. ---- */

static void iriw_observe(uint64_t *values)
{
    values[0] = litmus_r[2][0].v;
    values[1] = litmus_r[2][1].v;
    values[2] = litmus_r[3][0].v;
    values[3] = litmus_r[3][1].v;
}

/* T2 saw x before y, T3 saw y before x. */
static int iriw_relaxed(const uint64_t *values)
{
    return values[0] == 1 && values[1] == 0 && values[2] == 1 && values[3] == 0;
}

static const LitmusShape iriw = {
    "IRIW", 4, {"T2.x", "T2.y", "T3.y", "T3.x"}, 4, iriw_observe, iriw_relaxed};

static void iriw_t0(void)
{
    LITMUS_ASM(0, "str %[v], [%[a]]", LITMUS_X, LITMUS_Y, 1, 0);
}
static void iriw_t1(void)
{
    LITMUS_ASM(1, "str %[v], [%[a]]", LITMUS_Y, LITMUS_X, 1, 0);
}
static void iriw_t2(void)
{
    LITMUS_ASM(2, LD_LD(""), LITMUS_X, LITMUS_Y, 0, 0);
}
static void iriw_t3(void)
{
    LITMUS_ASM(3, LD_LD(""), LITMUS_Y, LITMUS_X, 0, 0);
}
static void iriw_dmb_t2(void)
{
    LITMUS_ASM(2, LD_LD("dmb ish\n\t"), LITMUS_X, LITMUS_Y, 0, 0);
}
static void iriw_dmb_t3(void)
{
    LITMUS_ASM(3, LD_LD("dmb ish\n\t"), LITMUS_Y, LITMUS_X, 0, 0);
}
static void iriw_dmbld_t2(void)
{
    LITMUS_ASM(2, LD_LD("dmb ishld\n\t"), LITMUS_X, LITMUS_Y, 0, 0);
}
static void iriw_dmbld_t3(void)
{
    LITMUS_ASM(3, LD_LD("dmb ishld\n\t"), LITMUS_Y, LITMUS_X, 0, 0);
}
static void iriw_acq_t2(void)
{
    LITMUS_ASM(2, "ldar %[o], [%[a]]\n\tldr %[p], [%[b]]", LITMUS_X, LITMUS_Y,
               0, 0);
}
static void iriw_acq_t3(void)
{
    LITMUS_ASM(3, "ldar %[o], [%[a]]\n\tldr %[p], [%[b]]", LITMUS_Y, LITMUS_X,
               0, 0);
}
static void iriw_acqpc_t2(void)
{
    LITMUS_ASM(2, "ldapr %[o], [%[a]]\n\tldr %[p], [%[b]]", LITMUS_X, LITMUS_Y,
               0, 0);
}
static void iriw_acqpc_t3(void)
{
    LITMUS_ASM(3, "ldapr %[o], [%[a]]\n\tldr %[p], [%[b]]", LITMUS_Y, LITMUS_X,
               0, 0);
}

/* ---- WRC: T0 x=1 || T1 r0=x; y=1 || T2 r1=y; r2=x. ---- */

static void wrc_observe(uint64_t *values)
{
    values[0] = litmus_r[1][0].v;
    values[1] = litmus_r[2][0].v;
    values[2] = litmus_r[2][1].v;
}

/* T1 saw x and published y; T2 saw y but not x. */
static int wrc_relaxed(const uint64_t *values)
{
    return values[0] == 1 && values[1] == 1 && values[2] == 0;
}

static const LitmusShape wrc = {"WRC", 3,           {"T1.x", "T2.y", "T2.x"},
                                3,     wrc_observe, wrc_relaxed};

static void wrc_t0(void)
{
    LITMUS_ASM(0, "str %[v], [%[a]]", LITMUS_X, LITMUS_Y, 1, 0);
}
static void wrc_t1(void)
{
    LITMUS_ASM(1, "ldr %[o], [%[a]]\n\tstr %[v], [%[b]]", LITMUS_X, LITMUS_Y, 1,
               0);
}
static void wrc_t2(void)
{
    LITMUS_ASM(2, LD_LD(""), LITMUS_Y, LITMUS_X, 0, 0);
}
static void wrc_dmb_t1(void)
{
    LITMUS_ASM(1, "ldr %[o], [%[a]]\n\tdmb ish\n\tstr %[v], [%[b]]", LITMUS_X,
               LITMUS_Y, 1, 0);
}
static void wrc_dmb_t2(void)
{
    LITMUS_ASM(2, LD_LD("dmb ish\n\t"), LITMUS_Y, LITMUS_X, 0, 0);
}
/* DMB ISHLD orders T1's load before its store, and T2's two loads. */
static void wrc_dmbld_t1(void)
{
    LITMUS_ASM(1, "ldr %[o], [%[a]]\n\tdmb ishld\n\tstr %[v], [%[b]]", LITMUS_X,
               LITMUS_Y, 1, 0);
}
static void wrc_dmbld_t2(void)
{
    LITMUS_ASM(2, LD_LD("dmb ishld\n\t"), LITMUS_Y, LITMUS_X, 0, 0);
}
/* A release is cumulative: it orders the write T1 observed, too. */
static void wrc_rel_t1(void)
{
    LITMUS_ASM(1, "ldr %[o], [%[a]]\n\tstlr %[v], [%[b]]", LITMUS_X, LITMUS_Y,
               1, 0);
}
static void wrc_acq_t2(void)
{
    LITMUS_ASM(2, "ldar %[o], [%[a]]\n\tldr %[p], [%[b]]", LITMUS_Y, LITMUS_X,
               0, 0);
}
static void wrc_acqpc_t2(void)
{
    LITMUS_ASM(2, "ldapr %[o], [%[a]]\n\tldr %[p], [%[b]]", LITMUS_Y, LITMUS_X,
               0, 0);
}

static const LitmusTest tests[] = {
    {&iriw, "", {iriw_t0, iriw_t1, iriw_t2, iriw_t3}, 0},
    {&iriw, "dmb.ish", {iriw_t0, iriw_t1, iriw_dmb_t2, iriw_dmb_t3}, 1},
    {&iriw, "dmb.ishld", {iriw_t0, iriw_t1, iriw_dmbld_t2, iriw_dmbld_t3}, 1},
    {&iriw, "ldar", {iriw_t0, iriw_t1, iriw_acq_t2, iriw_acq_t3}, 1},
    {&iriw, "ldapr", {iriw_t0, iriw_t1, iriw_acqpc_t2, iriw_acqpc_t3}, 1},
    {&wrc, "", {wrc_t0, wrc_t1, wrc_t2}, 0},
    {&wrc, "dmb.ish", {wrc_t0, wrc_dmb_t1, wrc_dmb_t2}, 1},
    {&wrc, "dmb.ishld", {wrc_t0, wrc_dmbld_t1, wrc_dmbld_t2}, 1},
    {&wrc, "dmb.ish+po", {wrc_t0, wrc_dmb_t1, wrc_t2}, 0},
    {&wrc, "stlr+ldar", {wrc_t0, wrc_rel_t1, wrc_acq_t2}, 1},
    {&wrc, "stlr+ldapr", {wrc_t0, wrc_rel_t1, wrc_acqpc_t2}, 1},
};

int main(int argc, char **argv)
{
    return litmus_main(argc, argv, tests, sizeof(tests) / sizeof(*tests));
}
