/*
 * Instruction-level test of the A64 data-processing (register) group: runs
 * each form over edge inputs and NZCV states, printing inputs, result and
 * NZCV in hex so arx's output can be diffed against qemu-user's. Must only
 * print deterministic values (no addresses, no SP values).
 * Build: aarch64-linux-gnu-gcc -static -O1 tests/insn/dp_reg.c
 */
#include <inttypes.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    uint64_t d, f;
} Out;

/* Every test body: inputs n, m, a and NZCV fi; result d and NZCV f. */
typedef Out (*insn_fn)(uint64_t n, uint64_t m, uint64_t a, uint64_t fi);

typedef struct {
    const char *name;
    insn_fn fn;
    int flags; /* TEST_* */
} InsnTest;

enum {
    TEST_FULL = 1,   /* all value pairs, else the smaller shifted-form subset */
    TEST_USES_A = 2, /* 3-source: print the accumulator input too */
};

/* d starts as junk so that a 32-bit form's zero-extension shows. */
#define DEF_INSN(fn, text)                                                     \
    static Out fn(uint64_t n, uint64_t m, uint64_t a, uint64_t fi)             \
    {                                                                          \
        Out o = {0xdeadbeefcafef00dull, 0};                                    \
        __asm__ volatile("msr nzcv, %[fi]\n\t" text "\n\tmrs %[f], nzcv"       \
                         : [d] "+&r"(o.d), [f] "=&r"(o.f)                      \
                         : [n] "r"(n), [m] "r"(m), [a] "r"(a), [fi] "r"(fi));  \
        return o;                                                              \
    }

static const uint64_t vals[] = {
    0,
    1,
    2,
    0x80,
    0x7fffffff,
    0x80000000,
    0xffffffff,
    0x100000000,
    0xffffffff80000000,
    0x7fffffffffffffff,
    0x8000000000000000,
    0xffffffffffffffff,
    0x123456789abcdef0,
    0xfedcba9876543210,
    0x00000000deadbeef,
    0x5555aaaa0f0f3c3c,
};
#define N_VALS (sizeof(vals) / sizeof(vals[0]))

/* Subsets for the many shifted / extended forms. */
static const uint64_t sub_n[] = {
    0, 1, 0x80000000, 0xffffffff, 0x8000000000000000, 0x123456789abcdef0,
};
static const uint64_t sub_m[] = {
    1,
    0x80,
    0x80000000,
    0xffffffffffffffff,
    0x7fffffffffffffff,
    0xfedcba9876543210,
};
#define N_SUB 6

static const uint64_t shift_counts[] = {
    0, 1, 7, 31, 32, 33, 63, 64, 65, 0xffffffffffffffe1,
};

static void print_out(const char *name, uint64_t n, uint64_t m, uint64_t fi,
                      Out o)
{
    printf("%s n=%016" PRIx64 " m=%016" PRIx64 " f=%x -> d=%016" PRIx64
           " f=%x\n",
           name, n, m, (unsigned)(fi >> 28), o.d, (unsigned)(o.f >> 28));
}

static void print_out3(const char *name, uint64_t n, uint64_t m, uint64_t a,
                       uint64_t fi, Out o)
{
    printf("%s n=%016" PRIx64 " m=%016" PRIx64 " a=%016" PRIx64
           " f=%x -> d=%016" PRIx64 " f=%x\n",
           name, n, m, a, (unsigned)(fi >> 28), o.d, (unsigned)(o.f >> 28));
}

/* Input NZCV varies with the position so both flag-preserving and
 * flag-setting forms are checked against many input flag states. */
static uint64_t flags_for(unsigned i, unsigned j)
{
    return (uint64_t)((i * 5 + j * 3) & 15) << 28;
}

static void run_table(const InsnTest *t, size_t count)
{
    for (size_t k = 0; k < count; k++) {
        int full = t[k].flags & TEST_FULL;
        const uint64_t *ns = full ? vals : sub_n;
        const uint64_t *ms = full ? vals : sub_m;
        unsigned nn = full ? N_VALS : N_SUB;
        unsigned nm = full ? N_VALS : N_SUB;

        for (unsigned i = 0; i < nn; i++)
            for (unsigned j = 0; j < nm; j++) {
                uint64_t a = vals[(i * 3 + j * 7) % N_VALS];
                uint64_t fi = flags_for(i, j);
                Out o = t[k].fn(ns[i], ms[j], a, fi);

                if (t[k].flags & TEST_USES_A)
                    print_out3(t[k].name, ns[i], ms[j], a, fi, o);
                else
                    print_out(t[k].name, ns[i], ms[j], fi, o);
            }
    }
}

/* ---- logical (shifted register) ---- */

/* clang-format off */
#define LOGIC_OPS(X, ...)                                                  \
    X(and, __VA_ARGS__) X(bic, __VA_ARGS__) X(orr, __VA_ARGS__)            \
    X(orn, __VA_ARGS__) X(eor, __VA_ARGS__) X(eon, __VA_ARGS__)            \
    X(ands, __VA_ARGS__) X(bics, __VA_ARGS__)
/* clang-format on */

/* (op, X) -> X(op, width, shift, amount) for every shift of interest. */
/* clang-format off */
#define SHIFTS_NO_ROR(op, X)                                                  \
    X(op, x, lsl, 0) X(op, x, lsl, 1) X(op, x, lsl, 32) X(op, x, lsl, 63)     \
    X(op, x, lsr, 1) X(op, x, lsr, 32) X(op, x, lsr, 63)                      \
    X(op, x, asr, 1) X(op, x, asr, 32) X(op, x, asr, 63)                      \
    X(op, w, lsl, 0) X(op, w, lsl, 1) X(op, w, lsl, 31)                       \
    X(op, w, lsr, 1) X(op, w, lsr, 31) X(op, w, asr, 1) X(op, w, asr, 31)
/* clang-format on */
/* clang-format off */
#define SHIFTS_ALL(op, X)                                                     \
    SHIFTS_NO_ROR(op, X)                                                      \
    X(op, x, ror, 1) X(op, x, ror, 32) X(op, x, ror, 63)                      \
    X(op, w, ror, 1) X(op, w, ror, 16) X(op, w, ror, 31)
/* clang-format on */

#define DEF_SHIFTED(op, w, sh, amt)                                            \
    DEF_INSN(t_##op##_##w##_##sh##amt,                                         \
             #op " %" #w "[d], %" #w "[n], %" #w "[m], " #sh " #" #amt)
#define REG_SHIFTED(op, w, sh, amt)                                            \
    {#op " " #w " " #sh " #" #amt, t_##op##_##w##_##sh##amt,                   \
     amt == 0 ? TEST_FULL : 0},

/* clang-format off */
LOGIC_OPS(SHIFTS_ALL, DEF_SHIFTED)
/* clang-format on */
static const InsnTest logic_tests[] = {LOGIC_OPS(SHIFTS_ALL, REG_SHIFTED)};

/* MOV / MVN aliases (ORR / ORN with ZR) and TST (ANDS to ZR). */
/* clang-format off */
DEF_INSN(t_mov_x, "mov %x[d], %x[m]")
DEF_INSN(t_mov_w, "mov %w[d], %w[m]")
DEF_INSN(t_mvn_x, "mvn %x[d], %x[m]")
DEF_INSN(t_mvn_w, "mvn %w[d], %w[m], lsr #3")
DEF_INSN(t_tst_x, "tst %x[n], %x[m]")
DEF_INSN(t_tst_w, "tst %w[n], %w[m], ror #7")
/* clang-format on */
static const InsnTest logic_alias_tests[] = {
    {"mov x", t_mov_x, TEST_FULL}, {"mov w", t_mov_w, TEST_FULL},
    {"mvn x", t_mvn_x, TEST_FULL}, {"mvn w lsr #3", t_mvn_w, TEST_FULL},
    {"tst x", t_tst_x, TEST_FULL}, {"tst w ror #7", t_tst_w, TEST_FULL},
};

/* ---- add/sub (shifted register) ---- */

/* clang-format off */
#define ADDSUB_OPS(X, ...)                                                  \
    X(add, __VA_ARGS__) X(adds, __VA_ARGS__) X(sub, __VA_ARGS__)           \
    X(subs, __VA_ARGS__)
/* clang-format on */

/* clang-format off */
ADDSUB_OPS(SHIFTS_NO_ROR, DEF_SHIFTED)
/* clang-format on */
static const InsnTest addsub_tests[] = {ADDSUB_OPS(SHIFTS_NO_ROR, REG_SHIFTED)};

/* clang-format off */
DEF_INSN(t_cmp_x, "cmp %x[n], %x[m]")
DEF_INSN(t_cmn_w, "cmn %w[n], %w[m]")
DEF_INSN(t_neg_x, "neg %x[d], %x[m], asr #3")
DEF_INSN(t_negs_w, "negs %w[d], %w[m]")
/* clang-format on */
static const InsnTest addsub_alias_tests[] = {
    {"cmp x", t_cmp_x, TEST_FULL},
    {"cmn w", t_cmn_w, TEST_FULL},
    {"neg x asr #3", t_neg_x, TEST_FULL},
    {"negs w", t_negs_w, TEST_FULL},
};

/* ---- add/sub (extended register) ---- */

/* (op, X) -> X(op, width, Rm width, extend, amount) */
/* clang-format off */
#define EXTENDS(op, X)                                                        \
    X(op, x, w, uxtb, 0) X(op, x, w, uxtb, 4) X(op, x, w, uxth, 1)            \
    X(op, x, w, uxtw, 0) X(op, x, w, uxtw, 3) X(op, x, x, uxtx, 0)            \
    X(op, x, x, uxtx, 2) X(op, x, w, sxtb, 0) X(op, x, w, sxtb, 1)            \
    X(op, x, w, sxth, 4) X(op, x, w, sxtw, 0) X(op, x, w, sxtw, 2)            \
    X(op, x, x, sxtx, 3)                                                      \
    X(op, w, w, uxtb, 0) X(op, w, w, uxtb, 3) X(op, w, w, uxth, 4)            \
    X(op, w, w, uxtw, 1) X(op, w, w, uxtx, 2) X(op, w, w, sxtb, 0)            \
    X(op, w, w, sxtb, 2) X(op, w, w, sxth, 1) X(op, w, w, sxtw, 4)            \
    X(op, w, w, sxtx, 0)
/* clang-format on */

#define DEF_EXT(op, w, mw, ext, amt)                                           \
    DEF_INSN(t_##op##_##w##_##ext##amt,                                        \
             #op " %" #w "[d], %" #w "[n], %" #mw "[m], " #ext " #" #amt)
#define REG_EXT(op, w, mw, ext, amt)                                           \
    {#op " " #w " " #ext " #" #amt, t_##op##_##w##_##ext##amt, 0},

/* clang-format off */
ADDSUB_OPS(EXTENDS, DEF_EXT)
/* clang-format on */
static const InsnTest extend_tests[] = {ADDSUB_OPS(EXTENDS, REG_EXT)};

/*
 * SP as Rn and Rd. Only differences from SP are printed, so the output
 * does not depend on where the stack is. The temporary SP stays 16-byte
 * aligned and above the live stack.
 */
static void test_extend_sp(void)
{
    static const uint64_t offs[] = {0, 0x10, 0xff, 0x1234567800000010};

    for (unsigned i = 0; i < 4; i++) {
        uint64_t m = offs[i], r1, r2, r3, r4, base;

        __asm__ volatile("mov %[b], sp\n\t"
                         "add %[r1], sp, %w[m], uxtb #2\n\t"
                         "sub %[r1], %[r1], %[b]\n\t"
                         "sub %[r2], sp, %[m], uxtx #0\n\t"
                         "sub %[r2], %[b], %[r2]\n\t"
                         "adds %[r3], sp, %w[m], sxtb #0\n\t"
                         "sub %[r3], %[r3], %[b]\n\t"
                         "add %w[r4], wsp, %w[m], uxth #1\n\t"
                         "sub %w[r4], %w[r4], %w[b]\n\t"
                         : [b] "=&r"(base), [r1] "=&r"(r1), [r2] "=&r"(r2),
                           [r3] "=&r"(r3), [r4] "=&r"(r4)
                         : [m] "r"(m)
                         : "cc");
        printf("sp-src m=%016" PRIx64 " -> %016" PRIx64 " %016" PRIx64
               " %016" PRIx64 " %016" PRIx64 "\n",
               m, r1, r2, r3, r4);
    }
    for (unsigned i = 0; i < 3; i++) {
        uint64_t m = offs[i] & 0xf0, base, r;

        /* add sp, x, w, uxtb #4 then read SP back; SP grows upwards only. */
        __asm__ volatile("mov %[b], sp\n\t"
                         "add sp, %[b], %w[m], uxtb #4\n\t"
                         "mov %[r], sp\n\t"
                         "mov sp, %[b]\n\t"
                         "sub %[r], %[r], %[b]\n\t"
                         : [b] "=&r"(base), [r] "=&r"(r)
                         : [m] "r"(m));
        printf("sp-dst m=%016" PRIx64 " -> %016" PRIx64 "\n", m, r);
    }
}

/* ---- add/sub with carry (C in and out both ways) ---- */

/* clang-format off */
DEF_INSN(t_adc_x, "adc %x[d], %x[n], %x[m]")
DEF_INSN(t_adc_w, "adc %w[d], %w[n], %w[m]")
DEF_INSN(t_adcs_x, "adcs %x[d], %x[n], %x[m]")
DEF_INSN(t_adcs_w, "adcs %w[d], %w[n], %w[m]")
DEF_INSN(t_sbc_x, "sbc %x[d], %x[n], %x[m]")
DEF_INSN(t_sbc_w, "sbc %w[d], %w[n], %w[m]")
DEF_INSN(t_sbcs_x, "sbcs %x[d], %x[n], %x[m]")
DEF_INSN(t_sbcs_w, "sbcs %w[d], %w[n], %w[m]")
DEF_INSN(t_ngc_x, "ngc %x[d], %x[m]")
DEF_INSN(t_ngcs_w, "ngcs %w[d], %w[m]")
/* clang-format on */
static const InsnTest carry_tests[] = {
    {"adc x", t_adc_x, TEST_FULL},   {"adc w", t_adc_w, TEST_FULL},
    {"adcs x", t_adcs_x, TEST_FULL}, {"adcs w", t_adcs_w, TEST_FULL},
    {"sbc x", t_sbc_x, TEST_FULL},   {"sbc w", t_sbc_w, TEST_FULL},
    {"sbcs x", t_sbcs_x, TEST_FULL}, {"sbcs w", t_sbcs_w, TEST_FULL},
    {"ngc x", t_ngc_x, TEST_FULL},   {"ngcs w", t_ngcs_w, TEST_FULL},
};

static void run_carry(void)
{
    for (size_t k = 0; k < sizeof(carry_tests) / sizeof(carry_tests[0]); k++)
        for (unsigned i = 0; i < N_VALS; i++)
            for (unsigned j = 0; j < N_VALS; j++)
                for (uint64_t c = 0; c < 2; c++) {
                    /* C as given, other flags varying */
                    uint64_t fi = (flags_for(i, j) & ~(1ull << 29)) | c << 29;

                    print_out(carry_tests[k].name, vals[i], vals[j], fi,
                              carry_tests[k].fn(vals[i], vals[j], 0, fi));
                }
}

/* ---- conditional select and compare: all 16 conditions ---- */

/* clang-format off */
#define COND_LIST(X, ...)                                                     \
    X(eq, __VA_ARGS__) X(ne, __VA_ARGS__) X(cs, __VA_ARGS__)                  \
    X(cc, __VA_ARGS__) X(mi, __VA_ARGS__) X(pl, __VA_ARGS__)                  \
    X(vs, __VA_ARGS__) X(vc, __VA_ARGS__) X(hi, __VA_ARGS__)                  \
    X(ls, __VA_ARGS__) X(ge, __VA_ARGS__) X(lt, __VA_ARGS__)                  \
    X(gt, __VA_ARGS__) X(le, __VA_ARGS__) X(al, __VA_ARGS__)                  \
    X(nv, __VA_ARGS__)
/* clang-format on */
/* The aliases (CSET, CINC, ...) reject AL and NV. */
/* clang-format off */
#define COND_LIST14(X, ...)                                                   \
    X(eq, __VA_ARGS__) X(ne, __VA_ARGS__) X(cs, __VA_ARGS__)                  \
    X(cc, __VA_ARGS__) X(mi, __VA_ARGS__) X(pl, __VA_ARGS__)                  \
    X(vs, __VA_ARGS__) X(vc, __VA_ARGS__) X(hi, __VA_ARGS__)                  \
    X(ls, __VA_ARGS__) X(ge, __VA_ARGS__) X(lt, __VA_ARGS__)                  \
    X(gt, __VA_ARGS__) X(le, __VA_ARGS__)
/* clang-format on */

/* clang-format off */
#define CSEL_FORMS(X)                                                         \
    COND_LIST(X, csel, x) COND_LIST(X, csel, w)                               \
    COND_LIST(X, csinc, x) COND_LIST(X, csinc, w)                             \
    COND_LIST(X, csinv, x) COND_LIST(X, csinv, w)                             \
    COND_LIST(X, csneg, x) COND_LIST(X, csneg, w)
/* clang-format on */
#define DEF_CSEL(cond, op, w)                                                  \
    DEF_INSN(t_##op##_##w##_##cond,                                            \
             #op " %" #w "[d], %" #w "[n], %" #w "[m], " #cond)
#define REG_CSEL(cond, op, w) {#op " " #w " " #cond, t_##op##_##w##_##cond, 0},
/* clang-format off */
CSEL_FORMS(DEF_CSEL)
/* clang-format on */

/* Aliases with one source: CSET/CSETM use ZR (the translator special-cases
 * them), CINC/CINV/CNEG use Rn twice. */
/* clang-format off */
#define CSET_FORMS(X)                                                         \
    COND_LIST14(X, cset, x) COND_LIST14(X, cset, w)                           \
    COND_LIST14(X, csetm, x) COND_LIST14(X, csetm, w)
/* clang-format on */
#define DEF_CSET(cond, op, w)                                                  \
    DEF_INSN(t_##op##_##w##_##cond, #op " %" #w "[d], " #cond)
/* clang-format off */
#define CINC_FORMS(X)                                                         \
    COND_LIST14(X, cinc, w) COND_LIST14(X, cinv, x) COND_LIST14(X, cneg, x)
/* clang-format on */
#define DEF_CINC(cond, op, w)                                                  \
    DEF_INSN(t_##op##_##w##_##cond, #op " %" #w "[d], %" #w "[n], " #cond)
/* clang-format off */
CSET_FORMS(DEF_CSET)
CINC_FORMS(DEF_CINC)
/* clang-format on */
static const InsnTest csel_tests[] = {CSEL_FORMS(REG_CSEL) CSET_FORMS(REG_CSEL)
                                          CINC_FORMS(REG_CSEL)};

/* CCMP/CCMN register and immediate; nzcv immediates 0101 and 1010 between
 * them set and clear every flag. X(cond, op, w, tag, src, nzcv). */
/* clang-format off */
#define CCMP_FORMS(X)                                                         \
    COND_LIST(X, ccmp, x, r, "%x[m]", 5) COND_LIST(X, ccmp, x, r, "%x[m]", 10)\
    COND_LIST(X, ccmp, w, r, "%w[m]", 5) COND_LIST(X, ccmp, w, r, "%w[m]", 10)\
    COND_LIST(X, ccmn, x, r, "%x[m]", 5) COND_LIST(X, ccmn, w, r, "%w[m]", 10)\
    COND_LIST(X, ccmp, x, i0, "#0", 10) COND_LIST(X, ccmp, w, i31, "#31", 5)  \
    COND_LIST(X, ccmn, x, i1, "#1", 5) COND_LIST(X, ccmn, w, i0, "#0", 10)
/* clang-format on */
#define DEF_CCMP(cond, op, w, tag, src, nzcv)                                  \
    DEF_INSN(t_##op##_##w##_##tag##_##nzcv##_##cond,                           \
             #op " %" #w "[n], " src ", #" #nzcv ", " #cond)
#define REG_CCMP(cond, op, w, tag, src, nzcv)                                  \
    {#op " " #w " " #tag " #" #nzcv " " #cond,                                 \
     t_##op##_##w##_##tag##_##nzcv##_##cond, 0},
/* clang-format off */
CCMP_FORMS(DEF_CCMP)
/* clang-format on */
static const InsnTest ccmp_tests[] = {CCMP_FORMS(REG_CCMP)};

static const uint64_t cond_pairs[][2] = {
    {5, 5},
    {1, 2},
    {0x8000000080000000, 1},
    {0xffffffffffffffff, 0x7fffffff},
};

/* Every NZCV state for every condition, on operand pairs whose compares
 * give different flags. */
static void run_cond_table(const InsnTest *t, size_t count)
{
    for (size_t k = 0; k < count; k++)
        for (unsigned p = 0; p < 4; p++)
            for (uint64_t f = 0; f < 16; f++) {
                uint64_t n = cond_pairs[p][0], m = cond_pairs[p][1];

                print_out(t[k].name, n, m, f << 28, t[k].fn(n, m, 0, f << 28));
            }
}

/* ---- data-processing (3 source) ---- */

/* clang-format off */
DEF_INSN(t_madd_x, "madd %x[d], %x[n], %x[m], %x[a]")
DEF_INSN(t_madd_w, "madd %w[d], %w[n], %w[m], %w[a]")
DEF_INSN(t_msub_x, "msub %x[d], %x[n], %x[m], %x[a]")
DEF_INSN(t_msub_w, "msub %w[d], %w[n], %w[m], %w[a]")
DEF_INSN(t_mul_x, "mul %x[d], %x[n], %x[m]")
DEF_INSN(t_mul_w, "mul %w[d], %w[n], %w[m]")
DEF_INSN(t_mneg_x, "mneg %x[d], %x[n], %x[m]")
DEF_INSN(t_mneg_w, "mneg %w[d], %w[n], %w[m]")
DEF_INSN(t_smaddl, "smaddl %x[d], %w[n], %w[m], %x[a]")
DEF_INSN(t_smsubl, "smsubl %x[d], %w[n], %w[m], %x[a]")
DEF_INSN(t_umaddl, "umaddl %x[d], %w[n], %w[m], %x[a]")
DEF_INSN(t_umsubl, "umsubl %x[d], %w[n], %w[m], %x[a]")
DEF_INSN(t_smull, "smull %x[d], %w[n], %w[m]")
DEF_INSN(t_umull, "umull %x[d], %w[n], %w[m]")
DEF_INSN(t_smnegl, "smnegl %x[d], %w[n], %w[m]")
DEF_INSN(t_umnegl, "umnegl %x[d], %w[n], %w[m]")
DEF_INSN(t_smulh, "smulh %x[d], %x[n], %x[m]")
DEF_INSN(t_umulh, "umulh %x[d], %x[n], %x[m]")
/* clang-format on */

/* ---- data-processing (2 source) ---- */

/* clang-format off */
DEF_INSN(t_udiv_x, "udiv %x[d], %x[n], %x[m]")
DEF_INSN(t_udiv_w, "udiv %w[d], %w[n], %w[m]")
DEF_INSN(t_sdiv_x, "sdiv %x[d], %x[n], %x[m]")
DEF_INSN(t_sdiv_w, "sdiv %w[d], %w[n], %w[m]")
/* clang-format on */
/* clang-format off */
#define CRC_FORMS(X)                                                          \
    X(crc32b, w) X(crc32h, w) X(crc32w, w) X(crc32x, x)                       \
    X(crc32cb, w) X(crc32ch, w) X(crc32cw, w) X(crc32cx, x)
/* clang-format on */
#define DEF_CRC(op, mw)                                                        \
    DEF_INSN(t_##op, ".arch_extension crc\n\t" #op " %w[d], %w[n], %" #mw "[m]")
#define REG_CRC(op, mw) {#op, t_##op, TEST_FULL},
/* clang-format off */
CRC_FORMS(DEF_CRC)
/* clang-format on */

static const InsnTest arith_tests[] = {
    {"madd x", t_madd_x, TEST_FULL | TEST_USES_A},
    {"madd w", t_madd_w, TEST_FULL | TEST_USES_A},
    {"msub x", t_msub_x, TEST_FULL | TEST_USES_A},
    {"msub w", t_msub_w, TEST_FULL | TEST_USES_A},
    {"mul x", t_mul_x, TEST_FULL},
    {"mul w", t_mul_w, TEST_FULL},
    {"mneg x", t_mneg_x, TEST_FULL},
    {"mneg w", t_mneg_w, TEST_FULL},
    {"smaddl", t_smaddl, TEST_FULL | TEST_USES_A},
    {"smsubl", t_smsubl, TEST_FULL | TEST_USES_A},
    {"umaddl", t_umaddl, TEST_FULL | TEST_USES_A},
    {"umsubl", t_umsubl, TEST_FULL | TEST_USES_A},
    {"smull", t_smull, TEST_FULL},
    {"umull", t_umull, TEST_FULL},
    {"smnegl", t_smnegl, TEST_FULL},
    {"umnegl", t_umnegl, TEST_FULL},
    {"smulh", t_smulh, TEST_FULL},
    {"umulh", t_umulh, TEST_FULL},
    {"udiv x", t_udiv_x, TEST_FULL},
    {"udiv w", t_udiv_w, TEST_FULL},
    {"sdiv x", t_sdiv_x, TEST_FULL},
    {"sdiv w", t_sdiv_w, TEST_FULL},
    CRC_FORMS(REG_CRC)};

/* clang-format off */
DEF_INSN(t_lslv_x, "lslv %x[d], %x[n], %x[m]")
DEF_INSN(t_lslv_w, "lslv %w[d], %w[n], %w[m]")
DEF_INSN(t_lsrv_x, "lsrv %x[d], %x[n], %x[m]")
DEF_INSN(t_lsrv_w, "lsrv %w[d], %w[n], %w[m]")
DEF_INSN(t_asrv_x, "asrv %x[d], %x[n], %x[m]")
DEF_INSN(t_asrv_w, "asrv %w[d], %w[n], %w[m]")
DEF_INSN(t_rorv_x, "rorv %x[d], %x[n], %x[m]")
DEF_INSN(t_rorv_w, "rorv %w[d], %w[n], %w[m]")
/* clang-format on */
static const InsnTest shiftv_tests[] = {
    {"lslv x", t_lslv_x, TEST_FULL}, {"lslv w", t_lslv_w, TEST_FULL},
    {"lsrv x", t_lsrv_x, TEST_FULL}, {"lsrv w", t_lsrv_w, TEST_FULL},
    {"asrv x", t_asrv_x, TEST_FULL}, {"asrv w", t_asrv_w, TEST_FULL},
    {"rorv x", t_rorv_x, TEST_FULL}, {"rorv w", t_rorv_w, TEST_FULL},
};

static void run_shiftv(void)
{
    size_t nc = sizeof(shift_counts) / sizeof(shift_counts[0]);

    for (size_t k = 0; k < sizeof(shiftv_tests) / sizeof(shiftv_tests[0]); k++)
        for (unsigned i = 0; i < N_VALS; i++)
            for (unsigned j = 0; j < nc; j++) {
                uint64_t fi = flags_for(i, j);

                print_out(shiftv_tests[k].name, vals[i], shift_counts[j], fi,
                          shiftv_tests[k].fn(vals[i], shift_counts[j], 0, fi));
            }
}

/* CRC32 / CRC32C of "123456789" (check values cbf43926 and e3069283)
 * byte by byte, and as one X and one B step. */
static void test_crc_check_values(void)
{
    const char *msg = "123456789";
    uint64_t word, a = 0xffffffff, c = 0xffffffff;

    for (int i = 0; msg[i]; i++) {
        a = t_crc32b(a, (uint8_t)msg[i], 0, 0).d;
        c = t_crc32cb(c, (uint8_t)msg[i], 0, 0).d;
    }
    printf("crc32 check %08" PRIx64 " crc32c check %08" PRIx64 "\n",
           a ^ 0xffffffff, c ^ 0xffffffff);
    memcpy(&word, msg, 8);
    a = t_crc32b(t_crc32x(0xffffffff, word, 0, 0).d, '9', 0, 0).d;
    c = t_crc32cb(t_crc32cx(0xffffffff, word, 0, 0).d, '9', 0, 0).d;
    printf("crc32x check %08" PRIx64 " crc32cx check %08" PRIx64 "\n",
           a ^ 0xffffffff, c ^ 0xffffffff);
}

/* ---- data-processing (1 source) ---- */

/* clang-format off */
DEF_INSN(t_rbit_x, "rbit %x[d], %x[n]")
DEF_INSN(t_rbit_w, "rbit %w[d], %w[n]")
DEF_INSN(t_rev16_x, "rev16 %x[d], %x[n]")
DEF_INSN(t_rev16_w, "rev16 %w[d], %w[n]")
DEF_INSN(t_rev32_x, "rev32 %x[d], %x[n]")
DEF_INSN(t_rev_x, "rev %x[d], %x[n]")
DEF_INSN(t_rev_w, "rev %w[d], %w[n]")
DEF_INSN(t_clz_x, "clz %x[d], %x[n]")
DEF_INSN(t_clz_w, "clz %w[d], %w[n]")
DEF_INSN(t_cls_x, "cls %x[d], %x[n]")
DEF_INSN(t_cls_w, "cls %w[d], %w[n]")
/* clang-format on */
static const InsnTest unary_tests[] = {
    {"rbit x", t_rbit_x, TEST_FULL},   {"rbit w", t_rbit_w, TEST_FULL},
    {"rev16 x", t_rev16_x, TEST_FULL}, {"rev16 w", t_rev16_w, TEST_FULL},
    {"rev32 x", t_rev32_x, TEST_FULL}, {"rev x", t_rev_x, TEST_FULL},
    {"rev w", t_rev_w, TEST_FULL},     {"clz x", t_clz_x, TEST_FULL},
    {"clz w", t_clz_w, TEST_FULL},     {"cls x", t_cls_x, TEST_FULL},
    {"cls w", t_cls_w, TEST_FULL},
};

static void run_unary(void)
{
    static const uint64_t extra[] = {
        0x4000000000000000, 0xc000000000000000, 0x40000000,
        0xc0000000,         0x0000ffff00000000, 0x00000001ffffffff,
        0xbfffffffffffffff, 0x0102030405060708, 0x3fffffff,
        0xffffffff7fffffff,
    };

    for (size_t k = 0; k < sizeof(unary_tests) / sizeof(unary_tests[0]); k++) {
        for (unsigned i = 0; i < N_VALS; i++)
            print_out(unary_tests[k].name, vals[i], 0, 0,
                      unary_tests[k].fn(vals[i], 0, 0, 0));
        for (unsigned i = 0; i < sizeof(extra) / sizeof(extra[0]); i++)
            print_out(unary_tests[k].name, extra[i], 0, 0,
                      unary_tests[k].fn(extra[i], 0, 0, 0));
    }
}

/* ---- unallocated encodings must raise SIGILL ---- */

static sigjmp_buf undef_jmp;

static void on_sigill(int sig)
{
    (void)sig;
    siglongjmp(undef_jmp, 1);
}

/* Each is UNDEF on every Armv8/v9 CPU (no optional feature gives it a
 * meaning), so qemu's "max" CPU agrees with arx. */
/* clang-format off */
#define UNDEF_LIST(X)                                                         \
    X(0x0b008000, add_w_lsl32)   /* add w0, w0, w0, lsl #32 */                \
    X(0x0a008000, and_w_lsl32)   /* and w0, w0, w0, lsl #32 */                \
    X(0x2a20fc00, orn_w_lsl63)   /* orn w0, w0, w0, lsl #63 */                \
    X(0x8bc00000, add_ror)       /* add x0, x0, x0, ror #0 */                 \
    X(0x6bc00000, subs_w_ror)    /* subs w0, w0, w0, ror #0 */                \
    X(0x8b201400, add_ext_5)     /* add x0, x0, w0, uxtb #5 */                \
    X(0x8b201c00, add_ext_7)                                                  \
    X(0x8b600000, add_ext_opt01) /* opt field != 00 */                        \
    X(0x9a800800, csel_op2_2)                                                 \
    X(0x9a800c00, csel_op2_3)                                                 \
    X(0xba800000, csel_s1)                                                    \
    X(0xfa400400, ccmp_o2)                                                    \
    X(0xfa400010, ccmp_o3)                                                    \
    X(0x9a400000, ccmp_s0)       /* CCMN without S */                         \
    X(0x9a000400, adc_op3)                                                    \
    X(0x1b407c00, smulh_w)                                                    \
    X(0x1ba07c00, umaddl_w)                                                   \
    X(0x9ac00400, dp2_op1)                                                    \
    X(0x1ac00000, dp2_op0_w)     /* SUBP (MTE) needs sf = 1 */               \
    X(0x1ac04c00, crc32x_w)                                                   \
    X(0x9ac04000, crc32b_x)                                                   \
    X(0x9ac05400, crc32ch_x)                                                  \
    X(0x5ac00c00, rev_w_op3)     /* REV with opcode 000011 and sf = 0 */
/* clang-format on */

/* x0 is clobbered in case the word executes after all. */
#define DEF_UNDEF(word, name)                                                  \
    static void u_##name(void)                                                 \
    {                                                                          \
        __asm__ volatile(".inst " #word ::: "x0", "cc", "memory");             \
    }
/* clang-format off */
UNDEF_LIST(DEF_UNDEF)
/* clang-format on */

static void test_undef(void)
{
    static const struct {
        uint32_t insn;
        const char *name;
        void (*fn)(void);
    } undefs[] = {
#define UNDEF_ENTRY(word, name) {word, #name, u_##name},
        UNDEF_LIST(UNDEF_ENTRY)
#undef UNDEF_ENTRY
    };
    struct sigaction sa;

    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_sigill;
    sa.sa_flags = SA_NODEFER;
    sigaction(SIGILL, &sa, NULL);
    for (size_t i = 0; i < sizeof(undefs) / sizeof(undefs[0]); i++) {
        volatile int trapped = 0;

        if (sigsetjmp(undef_jmp, 1) == 0)
            undefs[i].fn();
        else
            trapped = 1;
        printf("undef %08x %-14s %s\n", undefs[i].insn, undefs[i].name,
               trapped ? "SIGILL" : "executed");
    }
}

#define RUN(table) run_table(table, sizeof(table) / sizeof(table[0]))
#define RUN_COND(table) run_cond_table(table, sizeof(table) / sizeof(table[0]))

int main(void)
{
    setvbuf(stdout, NULL, _IOFBF, 1 << 16);
    RUN(logic_tests);
    RUN(logic_alias_tests);
    RUN(addsub_tests);
    RUN(addsub_alias_tests);
    RUN(extend_tests);
    test_extend_sp();
    run_carry();
    RUN_COND(csel_tests);
    RUN_COND(ccmp_tests);
    RUN(arith_tests);
    test_crc_check_values();
    run_shiftv();
    run_unary();
    fflush(stdout);
    test_undef();
    return 0;
}
