/*
 * Litmus shapes SB (store buffering) and MP (message passing) on two
 * threads, without barriers, with DMB variants and with acquire/release
 * (LDAR, LDAPR, STLR). Outcomes the Arm model forbids fail the run; allowed
 * relaxed outcomes are only counted.
 */
#include "litmus.h"

/* ---- SB: T0 x=1; r0=y || T1 y=1; r1=x. Relaxed: r0=0 r1=0. ---- */

static void sb_observe(uint64_t *values)
{
    values[0] = litmus_r[0][0].v;
    values[1] = litmus_r[1][0].v;
}

static int sb_relaxed(const uint64_t *values)
{
    return values[0] == 0 && values[1] == 0;
}

static const LitmusShape sb = {"SB", 2,          {"r0", "r1"},
                               2,    sb_observe, sb_relaxed};

static void sb_t0(void)
{
    LITMUS_ASM(0, "str %[v], [%[a]]\n\tldr %[o], [%[b]]", LITMUS_X, LITMUS_Y, 1,
               0);
}
static void sb_t1(void)
{
    LITMUS_ASM(1, "str %[v], [%[a]]\n\tldr %[o], [%[b]]", LITMUS_Y, LITMUS_X, 1,
               0);
}
static void sb_dmb_t0(void)
{
    LITMUS_ASM(0, "str %[v], [%[a]]\n\tdmb ish\n\tldr %[o], [%[b]]", LITMUS_X,
               LITMUS_Y, 1, 0);
}
static void sb_dmb_t1(void)
{
    LITMUS_ASM(1, "str %[v], [%[a]]\n\tdmb ish\n\tldr %[o], [%[b]]", LITMUS_Y,
               LITMUS_X, 1, 0);
}
/* DMB ISHST orders stores with stores only: SB stays allowed. */
static void sb_dmbst_t0(void)
{
    LITMUS_ASM(0, "str %[v], [%[a]]\n\tdmb ishst\n\tldr %[o], [%[b]]", LITMUS_X,
               LITMUS_Y, 1, 0);
}
static void sb_dmbst_t1(void)
{
    LITMUS_ASM(1, "str %[v], [%[a]]\n\tdmb ishst\n\tldr %[o], [%[b]]", LITMUS_Y,
               LITMUS_X, 1, 0);
}
/* DMB ISHLD orders earlier loads only: SB stays allowed. */
static void sb_dmbld_t0(void)
{
    LITMUS_ASM(0, "str %[v], [%[a]]\n\tdmb ishld\n\tldr %[o], [%[b]]", LITMUS_X,
               LITMUS_Y, 1, 0);
}
static void sb_dmbld_t1(void)
{
    LITMUS_ASM(1, "str %[v], [%[a]]\n\tdmb ishld\n\tldr %[o], [%[b]]", LITMUS_Y,
               LITMUS_X, 1, 0);
}
/* RCsc: a load-acquire may not pass an earlier store-release. */
static void sb_acqrel_t0(void)
{
    LITMUS_ASM(0, "stlr %[v], [%[a]]\n\tldar %[o], [%[b]]", LITMUS_X, LITMUS_Y,
               1, 0);
}
static void sb_acqrel_t1(void)
{
    LITMUS_ASM(1, "stlr %[v], [%[a]]\n\tldar %[o], [%[b]]", LITMUS_Y, LITMUS_X,
               1, 0);
}
/* RCpc: LDAPR may pass an earlier STLR, so SB stays allowed. */
static void sb_rcpc_t0(void)
{
    LITMUS_ASM(0, "stlr %[v], [%[a]]\n\tldapr %[o], [%[b]]", LITMUS_X, LITMUS_Y,
               1, 0);
}
static void sb_rcpc_t1(void)
{
    LITMUS_ASM(1, "stlr %[v], [%[a]]\n\tldapr %[o], [%[b]]", LITMUS_Y, LITMUS_X,
               1, 0);
}

/* ---- MP: T0 data=1; flag=1 || T1 r0=flag; r1=data. Relaxed: 1, 0. ---- */

static void mp_observe(uint64_t *values)
{
    values[0] = litmus_r[1][0].v;
    values[1] = litmus_r[1][1].v;
}

static int mp_relaxed(const uint64_t *values)
{
    return values[0] == 1 && values[1] == 0;
}

static const LitmusShape mp = {"MP", 2,          {"flag", "data"},
                               2,    mp_observe, mp_relaxed};

/* Writers: [a] is the data, [b] the flag. */
static void mp_w(void)
{
    LITMUS_ASM(0, "str %[v], [%[a]]\n\tstr %[v], [%[b]]", LITMUS_X, LITMUS_Y, 1,
               0);
}
static void mp_w_dmb(void)
{
    LITMUS_ASM(0, "str %[v], [%[a]]\n\tdmb ish\n\tstr %[v], [%[b]]", LITMUS_X,
               LITMUS_Y, 1, 0);
}
static void mp_w_dmbst(void)
{
    LITMUS_ASM(0, "str %[v], [%[a]]\n\tdmb ishst\n\tstr %[v], [%[b]]", LITMUS_X,
               LITMUS_Y, 1, 0);
}
static void mp_w_rel(void)
{
    LITMUS_ASM(0, "str %[v], [%[a]]\n\tstlr %[v], [%[b]]", LITMUS_X, LITMUS_Y,
               1, 0);
}
/* Readers: flag into [o], data into [p]. */
static void mp_r(void)
{
    LITMUS_ASM(1, "ldr %[o], [%[b]]\n\tldr %[p], [%[a]]", LITMUS_X, LITMUS_Y, 0,
               0);
}
static void mp_r_dmb(void)
{
    LITMUS_ASM(1, "ldr %[o], [%[b]]\n\tdmb ish\n\tldr %[p], [%[a]]", LITMUS_X,
               LITMUS_Y, 0, 0);
}
static void mp_r_dmbld(void)
{
    LITMUS_ASM(1, "ldr %[o], [%[b]]\n\tdmb ishld\n\tldr %[p], [%[a]]", LITMUS_X,
               LITMUS_Y, 0, 0);
}
static void mp_r_acq(void)
{
    LITMUS_ASM(1, "ldar %[o], [%[b]]\n\tldr %[p], [%[a]]", LITMUS_X, LITMUS_Y,
               0, 0);
}
static void mp_r_acqpc(void)
{
    LITMUS_ASM(1, "ldapr %[o], [%[b]]\n\tldr %[p], [%[a]]", LITMUS_X, LITMUS_Y,
               0, 0);
}

static const LitmusTest tests[] = {
    {&sb, "", {sb_t0, sb_t1}, 0},
    {&sb, "dmb.ish", {sb_dmb_t0, sb_dmb_t1}, 1},
    {&sb, "dmb.ishst", {sb_dmbst_t0, sb_dmbst_t1}, 0},
    {&sb, "dmb.ishld", {sb_dmbld_t0, sb_dmbld_t1}, 0},
    {&sb, "stlr+ldar", {sb_acqrel_t0, sb_acqrel_t1}, 1},
    {&sb, "stlr+ldapr", {sb_rcpc_t0, sb_rcpc_t1}, 0},
    {&mp, "", {mp_w, mp_r}, 0},
    {&mp, "dmb.ish", {mp_w_dmb, mp_r_dmb}, 1},
    {&mp, "dmb.ishst+dmb.ishld", {mp_w_dmbst, mp_r_dmbld}, 1},
    {&mp, "dmb.ishst+po", {mp_w_dmbst, mp_r}, 0},
    {&mp, "stlr+ldar", {mp_w_rel, mp_r_acq}, 1},
    {&mp, "stlr+ldapr", {mp_w_rel, mp_r_acqpc}, 1},
};

int main(int argc, char **argv)
{
    return litmus_main(argc, argv, tests, sizeof(tests) / sizeof(*tests));
}
