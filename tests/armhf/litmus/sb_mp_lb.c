/*
 * armhf litmus shapes SB, MP and LB on two threads, plain, with DMB
 * variants and with acquire/release (LDA, STL), built for A32 and for T32
 * (the same text assembles for both). Uses tests/litmus/litmus.h's harness
 * with 32-bit accesses; forbidden outcomes fail the run, allowed relaxed
 * outcomes are only counted.
 */
#include "../../litmus/litmus.h"

/*
 * The A64 text macro of litmus.h, for AArch32: 32-bit registers, copied
 * to litmus_r[t][0] and [1] after the accesses (outside the shape).
 */
#undef LITMUS_ASM
#define LITMUS_ASM(thread, text, addr0, addr1, val0, val1)                     \
    do {                                                                       \
        uint32_t loaded_o, loaded_p;                                           \
        __asm__ volatile(                                                      \
            text                                                               \
            : [o] "=&r"(loaded_o), [p] "=&r"(loaded_p)                         \
            : [a] "r"(addr0), [b] "r"(addr1), [v] "r"((uint32_t)(val0)),       \
              [w] "r"((uint32_t)(val1))                                        \
            : "memory");                                                       \
        litmus_r[thread][0].v = loaded_o;                                      \
        litmus_r[thread][1].v = loaded_p;                                      \
    } while (0)

/* Text fragments: [a] then [b], with an optional barrier between. */
#define ST_LD(st, fence, ld) st " %[v], [%[a]]\n\t" fence ld " %[o], [%[b]]"
#define LD_ST(ld, fence, st) ld " %[o], [%[a]]\n\t" fence st " %[v], [%[b]]"
#define ST_ST(fence, st2) "str %[v], [%[a]]\n\t" fence st2 " %[v], [%[b]]"
#define LD_LD(ld1, fence) ld1 " %[o], [%[b]]\n\t" fence "ldr %[p], [%[a]]"

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
    LITMUS_ASM(0, ST_LD("str", "", "ldr"), LITMUS_X, LITMUS_Y, 1, 0);
}
static void sb_t1(void)
{
    LITMUS_ASM(1, ST_LD("str", "", "ldr"), LITMUS_Y, LITMUS_X, 1, 0);
}
static void sb_dmb_t0(void)
{
    LITMUS_ASM(0, ST_LD("str", "dmb ish\n\t", "ldr"), LITMUS_X, LITMUS_Y, 1, 0);
}
static void sb_dmb_t1(void)
{
    LITMUS_ASM(1, ST_LD("str", "dmb ish\n\t", "ldr"), LITMUS_Y, LITMUS_X, 1, 0);
}
/* DMB ISHST orders stores with stores only: SB stays allowed. */
static void sb_dmbst_t0(void)
{
    LITMUS_ASM(0, ST_LD("str", "dmb ishst\n\t", "ldr"), LITMUS_X, LITMUS_Y, 1,
               0);
}
static void sb_dmbst_t1(void)
{
    LITMUS_ASM(1, ST_LD("str", "dmb ishst\n\t", "ldr"), LITMUS_Y, LITMUS_X, 1,
               0);
}
/* A load-acquire may not pass an earlier store-release (RCsc). */
static void sb_acqrel_t0(void)
{
    LITMUS_ASM(0, ST_LD("stl", "", "lda"), LITMUS_X, LITMUS_Y, 1, 0);
}
static void sb_acqrel_t1(void)
{
    LITMUS_ASM(1, ST_LD("stl", "", "lda"), LITMUS_Y, LITMUS_X, 1, 0);
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

/* Writers: [a] is the data, [b] the flag. Readers: flag [o], data [p]. */
static void mp_w(void)
{
    LITMUS_ASM(0, ST_ST("", "str"), LITMUS_X, LITMUS_Y, 1, 0);
}
static void mp_w_dmb(void)
{
    LITMUS_ASM(0, ST_ST("dmb ish\n\t", "str"), LITMUS_X, LITMUS_Y, 1, 0);
}
static void mp_w_dmbst(void)
{
    LITMUS_ASM(0, ST_ST("dmb ishst\n\t", "str"), LITMUS_X, LITMUS_Y, 1, 0);
}
static void mp_w_rel(void)
{
    LITMUS_ASM(0, ST_ST("", "stl"), LITMUS_X, LITMUS_Y, 1, 0);
}
static void mp_r(void)
{
    LITMUS_ASM(1, LD_LD("ldr", ""), LITMUS_X, LITMUS_Y, 0, 0);
}
static void mp_r_dmb(void)
{
    LITMUS_ASM(1, LD_LD("ldr", "dmb ish\n\t"), LITMUS_X, LITMUS_Y, 0, 0);
}
static void mp_r_dmbld(void)
{
    LITMUS_ASM(1, LD_LD("ldr", "dmb ishld\n\t"), LITMUS_X, LITMUS_Y, 0, 0);
}
static void mp_r_acq(void)
{
    LITMUS_ASM(1, LD_LD("lda", ""), LITMUS_X, LITMUS_Y, 0, 0);
}

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
    LITMUS_ASM(0, LD_ST("ldr", "", "str"), LITMUS_X, LITMUS_Y, 1, 0);
}
static void lb_t1(void)
{
    LITMUS_ASM(1, LD_ST("ldr", "", "str"), LITMUS_Y, LITMUS_X, 1, 0);
}
static void lb_dmb_t0(void)
{
    LITMUS_ASM(0, LD_ST("ldr", "dmb ish\n\t", "str"), LITMUS_X, LITMUS_Y, 1, 0);
}
static void lb_dmb_t1(void)
{
    LITMUS_ASM(1, LD_ST("ldr", "dmb ish\n\t", "str"), LITMUS_Y, LITMUS_X, 1, 0);
}
static void lb_dmbld_t0(void)
{
    LITMUS_ASM(0, LD_ST("ldr", "dmb ishld\n\t", "str"), LITMUS_X, LITMUS_Y, 1,
               0);
}
static void lb_dmbld_t1(void)
{
    LITMUS_ASM(1, LD_ST("ldr", "dmb ishld\n\t", "str"), LITMUS_Y, LITMUS_X, 1,
               0);
}
static void lb_acq_t0(void)
{
    LITMUS_ASM(0, LD_ST("lda", "", "str"), LITMUS_X, LITMUS_Y, 1, 0);
}
static void lb_acq_t1(void)
{
    LITMUS_ASM(1, LD_ST("lda", "", "str"), LITMUS_Y, LITMUS_X, 1, 0);
}
static void lb_rel_t0(void)
{
    LITMUS_ASM(0, LD_ST("ldr", "", "stl"), LITMUS_X, LITMUS_Y, 1, 0);
}
static void lb_rel_t1(void)
{
    LITMUS_ASM(1, LD_ST("ldr", "", "stl"), LITMUS_Y, LITMUS_X, 1, 0);
}

static const LitmusTest tests[] = {
    {&sb, "", {sb_t0, sb_t1}, 0},
    {&sb, "dmb.ish", {sb_dmb_t0, sb_dmb_t1}, 1},
    {&sb, "dmb.ishst", {sb_dmbst_t0, sb_dmbst_t1}, 0},
    {&sb, "stl+lda", {sb_acqrel_t0, sb_acqrel_t1}, 1},
    {&mp, "", {mp_w, mp_r}, 0},
    {&mp, "dmb.ish", {mp_w_dmb, mp_r_dmb}, 1},
    {&mp, "dmb.ishst+dmb.ishld", {mp_w_dmbst, mp_r_dmbld}, 1},
    {&mp, "dmb.ishst+po", {mp_w_dmbst, mp_r}, 0},
    {&mp, "stl+lda", {mp_w_rel, mp_r_acq}, 1},
    {&lb, "", {lb_t0, lb_t1}, 0},
    {&lb, "dmb.ish", {lb_dmb_t0, lb_dmb_t1}, 1},
    {&lb, "dmb.ishld", {lb_dmbld_t0, lb_dmbld_t1}, 1},
    {&lb, "lda+po", {lb_acq_t0, lb_acq_t1}, 1},
    {&lb, "po+stl", {lb_rel_t0, lb_rel_t1}, 1},
};

int main(int argc, char **argv)
{
    return litmus_main(argc, argv, tests, sizeof(tests) / sizeof(*tests));
}
