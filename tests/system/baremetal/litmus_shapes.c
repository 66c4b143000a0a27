/*
 * The litmus shapes: which threads (litmus_threads.S) run together and
 * which outcome is counted. Forbidden means forbidden by the Armv8 memory
 * model; allowed outcomes are counted for information only.
 */
#include "litmus.h"

/* Threads in litmus_threads.S. */
void mp_write(LitmusSlot *, uint64_t *);
void mp_write_dmbst(LitmusSlot *, uint64_t *);
void mp_write_stlr(LitmusSlot *, uint64_t *);
void mp_read(LitmusSlot *, uint64_t *);
void mp_read_dmbld(LitmusSlot *, uint64_t *);
void mp_read_ldar(LitmusSlot *, uint64_t *);
void mp_read_addr(LitmusSlot *, uint64_t *);
void sb_0(LitmusSlot *, uint64_t *);
void sb_1(LitmusSlot *, uint64_t *);
void sb_dmb_0(LitmusSlot *, uint64_t *);
void sb_dmb_1(LitmusSlot *, uint64_t *);
void sb_dmbsy_0(LitmusSlot *, uint64_t *);
void sb_dmbsy_1(LitmusSlot *, uint64_t *);
void sb_rel_acq_0(LitmusSlot *, uint64_t *);
void sb_rel_acq_1(LitmusSlot *, uint64_t *);
void lb_0(LitmusSlot *, uint64_t *);
void lb_1(LitmusSlot *, uint64_t *);
void lb_dmb_0(LitmusSlot *, uint64_t *);
void lb_dmb_1(LitmusSlot *, uint64_t *);
void lb_data_0(LitmusSlot *, uint64_t *);
void lb_data_1(LitmusSlot *, uint64_t *);
void ww_0(LitmusSlot *, uint64_t *);
void ww_1(LitmusSlot *, uint64_t *);
void ww_dmb_0(LitmusSlot *, uint64_t *);
void ww_dmb_1(LitmusSlot *, uint64_t *);
void ww_stlr_0(LitmusSlot *, uint64_t *);
void ww_stlr_1(LitmusSlot *, uint64_t *);
void s_0(LitmusSlot *, uint64_t *);
void s_1(LitmusSlot *, uint64_t *);
void r_0(LitmusSlot *, uint64_t *);
void r_1(LitmusSlot *, uint64_t *);
void corr_write(LitmusSlot *, uint64_t *);
void corr_read(LitmusSlot *, uint64_t *);
void iriw_write_y(LitmusSlot *, uint64_t *);
void iriw_read_xy(LitmusSlot *, uint64_t *);
void iriw_read_xy_dmbld(LitmusSlot *, uint64_t *);
void iriw_read_xy_ldar(LitmusSlot *, uint64_t *);
void wrc_relay_dmb(LitmusSlot *, uint64_t *);
void wrc_relay_stlr(LitmusSlot *, uint64_t *);

/* MP: the reader saw the flag but not the data. */
static bool mp_stale(const LitmusSlot *s, uint64_t r[][2])
{
    (void)s;
    return r[1][0] == 1 && r[1][1] == 0;
}

/* SB: neither thread saw the other's store. */
static bool sb_both_zero(const LitmusSlot *s, uint64_t r[][2])
{
    (void)s;
    return r[0][0] == 0 && r[1][0] == 0;
}

/* LB: each load saw the store the other thread made after its load. */
static bool lb_both_one(const LitmusSlot *s, uint64_t r[][2])
{
    (void)s;
    return r[0][0] == 1 && r[1][0] == 1;
}

/* 2+2W: both first stores came last in their word's coherence order. */
static bool ww_both_one(const LitmusSlot *s, uint64_t r[][2])
{
    (void)r;
    return s->x.v == 1 && s->y.v == 1;
}

/* S: thread 1 saw y = 1, yet thread 0's earlier x = 2 overwrote its x. */
static bool s_cycle(const LitmusSlot *s, uint64_t r[][2])
{
    return r[1][0] == 1 && s->x.v == 2;
}

/* R: y = 2 came last, yet thread 1's load after it missed x = 1. */
static bool r_cycle(const LitmusSlot *s, uint64_t r[][2])
{
    return s->y.v == 2 && r[1][0] == 0;
}

/* CoRR: a later load of x saw an older value than an earlier one. */
static bool corr_back(const LitmusSlot *s, uint64_t r[][2])
{
    (void)s;
    return r[1][0] == 1 && r[1][1] == 0;
}

/* IRIW: the readers saw the two independent stores in opposite orders. */
static bool iriw_split(const LitmusSlot *s, uint64_t r[][2])
{
    (void)s;
    return r[2][0] == 1 && r[2][1] == 0 && r[3][0] == 1 && r[3][1] == 0;
}

/* WRC: thread 2 saw y from thread 1, which had seen x, yet x was 0. */
static bool wrc_stale(const LitmusSlot *s, uint64_t r[][2])
{
    (void)s;
    return r[1][0] == 1 && r[2][0] == 1 && r[2][1] == 0;
}

#define MP_TEXT "flag=1 data=0"
#define SB_TEXT "r0=0 r1=0"
#define LB_TEXT "r0=1 r1=1"
#define WW_TEXT "x=1 y=1"

/* One shape a line reads better than one field a line. */
/* clang-format off */
const LitmusShape litmus_two_thread_shapes[] = {
    {"MP", 2, {mp_write, mp_read}, mp_stale, MP_TEXT, LITMUS_ALLOWED},
    {"MP+dmb.st+dmb.ld", 2, {mp_write_dmbst, mp_read_dmbld}, mp_stale, MP_TEXT,
     LITMUS_FORBIDDEN},
    {"MP+stlr+ldar", 2, {mp_write_stlr, mp_read_ldar}, mp_stale, MP_TEXT,
     LITMUS_FORBIDDEN},
    {"MP+dmb.st+addr", 2, {mp_write_dmbst, mp_read_addr}, mp_stale, MP_TEXT,
     LITMUS_FORBIDDEN},
    {"SB", 2, {sb_0, sb_1}, sb_both_zero, SB_TEXT, LITMUS_ALLOWED},
    {"SB+dmb.ish", 2, {sb_dmb_0, sb_dmb_1}, sb_both_zero, SB_TEXT,
     LITMUS_FORBIDDEN},
    {"SB+dmb.sy", 2, {sb_dmbsy_0, sb_dmbsy_1}, sb_both_zero, SB_TEXT,
     LITMUS_FORBIDDEN},
    /* A Store-Release then a Load-Acquire are ordered (RCsc); qemu 7.2 on
     * x86 fences before STLR and after LDAR, not between them. */
    {"SB+stlr+ldar", 2, {sb_rel_acq_0, sb_rel_acq_1}, sb_both_zero, SB_TEXT,
     LITMUS_FORBIDDEN_INFO},
    {"LB", 2, {lb_0, lb_1}, lb_both_one, LB_TEXT, LITMUS_ALLOWED},
    {"LB+dmb.ish", 2, {lb_dmb_0, lb_dmb_1}, lb_both_one, LB_TEXT,
     LITMUS_FORBIDDEN},
    {"LB+data", 2, {lb_data_0, lb_data_1}, lb_both_one, LB_TEXT,
     LITMUS_FORBIDDEN},
    {"2+2W", 2, {ww_0, ww_1}, ww_both_one, WW_TEXT, LITMUS_ALLOWED},
    {"2+2W+dmb.ish", 2, {ww_dmb_0, ww_dmb_1}, ww_both_one, WW_TEXT,
     LITMUS_FORBIDDEN},
    {"2+2W+stlr", 2, {ww_stlr_0, ww_stlr_1}, ww_both_one, WW_TEXT,
     LITMUS_FORBIDDEN},
    {"S+dmb.ish+data", 2, {s_0, s_1}, s_cycle, "r0=1 x=2", LITMUS_FORBIDDEN},
    {"R+dmb.ish", 2, {r_0, r_1}, r_cycle, "y=2 r0=0", LITMUS_FORBIDDEN},
    {"CoRR", 2, {corr_write, corr_read}, corr_back, "r0=1 r1=0",
     LITMUS_FORBIDDEN},
};
/* clang-format on */
const int litmus_two_thread_count =
    sizeof(litmus_two_thread_shapes) / sizeof(litmus_two_thread_shapes[0]);

#define IRIW_TEXT "T2 x=1 y=0, T3 y=1 x=0"
#define WRC_TEXT "T1 x=1, T2 y=1 x=0"

/* clang-format off */
const LitmusShape litmus_multi_thread_shapes[] = {
    {"IRIW", 4, {corr_write, iriw_write_y, iriw_read_xy, mp_read}, iriw_split,
     IRIW_TEXT, LITMUS_ALLOWED},
    {"IRIW+dmb.ld", 4, {corr_write, iriw_write_y, iriw_read_xy_dmbld,
     mp_read_dmbld}, iriw_split, IRIW_TEXT, LITMUS_FORBIDDEN},
    {"IRIW+ldar", 4, {corr_write, iriw_write_y, iriw_read_xy_ldar,
     mp_read_ldar}, iriw_split, IRIW_TEXT, LITMUS_FORBIDDEN},
    {"WRC+dmb.ish+dmb.ld", 3, {corr_write, wrc_relay_dmb, mp_read_dmbld},
     wrc_stale, WRC_TEXT, LITMUS_FORBIDDEN},
    {"WRC+stlr+ldar", 3, {corr_write, wrc_relay_stlr, mp_read_ldar}, wrc_stale,
     WRC_TEXT, LITMUS_FORBIDDEN},
};
/* clang-format on */
const int litmus_multi_thread_count =
    sizeof(litmus_multi_thread_shapes) / sizeof(litmus_multi_thread_shapes[0]);
