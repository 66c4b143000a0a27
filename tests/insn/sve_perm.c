/*
 * SVE permutes, element moves, predicate partitioning and counts by
 * predicate at vector lengths 128, 256 and 512 bits: each instruction on
 * fixed Z, P, X and NZCV inputs under several governing predicates (all
 * false, all true, only the last or first element, mixed), printing Z0,
 * P2, X9 and NZCV after it. The reference is qemu-aarch64 -cpu max.
 * insn-cflags: -march=armv8.2-a+sve -O1
 * insn-arx: -cpu max,+sve
 */
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>

#ifndef PR_SVE_SET_VL
#define PR_SVE_SET_VL 50
#endif

static uint8_t za[256], zb[256], zc[256], ze[256];
static uint8_t zi_b[256], zi_h[256], zi_s[256], zi_d[256];
static uint8_t p0in[32], p1in[32], p2in[32], p3in[32];
static uint8_t zout[256], pout[32];
static uint64_t xin = 0xfedcba9876543210u, x10in = 77, nzcv_in;
static uint64_t xout;
static unsigned vl; /* bytes */

static void show(const char *name, uint64_t nzcv)
{
    printf("%-36s z0=", name);
    for (unsigned i = vl; i-- > 0;)
        printf("%02x", zout[i]);
    printf(" p2=");
    for (unsigned i = vl / 8; i-- > 0;)
        printf("%02x", pout[i]);
    printf(" x9=%llx nzcv=%llx\n", (unsigned long long)xout,
           (unsigned long long)(nzcv >> 28));
}

/* Z0-Z2 from a, b, c; P0-P3 from p0in ... p3in; X9 = xin, X10 = x10in,
 * NZCV = nzcv_in; then insn; then Z0, P2, X9 and NZCV out. */
#define T(name, insn, a, b, c)                                                 \
    do {                                                                       \
        uint64_t f;                                                            \
        memset(zout, 0, sizeof(zout));                                         \
        memset(pout, 0, sizeof(pout));                                         \
        __asm__ volatile(                                                      \
            "ldr z0, [%[ia]]\n\tldr z1, [%[ib]]\n\t"                           \
            "ldr z2, [%[ic]]\n\tldr p0, [%[ip0]]\n\t"                          \
            "ldr p1, [%[ip1]]\n\tldr p2, [%[ip2]]\n\t"                         \
            "ldr p3, [%[ip3]]\n\tldr x9, [%[ix]]\n\t"                          \
            "ldr x10, [%[ix10]]\n\tmsr nzcv, %[nz]\n\t" insn "\n\t"            \
            "str z0, [%[oz]]\n\tstr p2, [%[op]]\n\t"                           \
            "str x9, [%[ox]]\n\tmrs %[f], nzcv"                                \
            : [f] "=&r"(f)                                                     \
            : [ia] "r"(a), [ib] "r"(b), [ic] "r"(c), [ip0] "r"(p0in),          \
              [ip1] "r"(p1in), [ip2] "r"(p2in), [ip3] "r"(p3in),               \
              [ix] "r"(&xin), [ix10] "r"(&x10in), [nz] "r"(nzcv_in),           \
              [oz] "r"(zout), [op] "r"(pout), [ox] "r"(&xout)                  \
            : "memory", "cc", "x9", "x10", "v0", "v1", "v2", "v3", "p0", "p1", \
              "p2", "p3");                                                     \
        show(name, f);                                                         \
    } while (0)

#define TI(insn) T(insn, insn, za, zb, zc)
#define TE(insn) T(insn, insn, ze, zb, zc)

static uint32_t seed = 0x2468ace1;

static uint8_t rnd(void)
{
    seed = seed * 1103515245 + 12345;
    return (uint8_t)(seed >> 16);
}

static void fill_inputs(void)
{
    /* Signed and unsigned limits of every element size (32-byte cycle). */
    static const uint8_t edge[32] = {
        0xfe, 0xff, 0xff, 0x7f, 0x01, 0x00, 0x00, 0x80, 0xff, 0xff, 0xff,
        0xff, 0x00, 0x00, 0x00, 0x00, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0x7f, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80};

    for (unsigned i = 0; i < 256; i++) {
        za[i] = rnd();
        zb[i] = rnd();
        zc[i] = (uint8_t)(i * 7 + 3);
        ze[i] = edge[i % 32];
        zi_b[i] = rnd() % 72;
    }
    /* Table indices, some past the end at each VL. */
    for (unsigned i = 0; i < 128; i++) {
        uint16_t h = rnd() % 40;
        memcpy(zi_h + 2 * i, &h, 2);
    }
    for (unsigned i = 0; i < 64; i++) {
        uint32_t s = rnd() % 20;
        memcpy(zi_s + 4 * i, &s, 4);
    }
    for (unsigned i = 0; i < 32; i++) {
        uint64_t d = rnd() % 10;
        if (i == 3)
            d = UINT64_C(1) << 40;
        memcpy(zi_d + 8 * i, &d, 8);
    }
}

/* The governing predicate cases (P0); P1-P3 are mixed in all. */
enum { NCASES = 6 };

static const char *set_preds(unsigned k)
{
    static const char *names[NCASES] = {"mixed",      "all false",
                                        "all true",   "last only",
                                        "first only", "mixed, sparse p1"};

    for (unsigned i = 0; i < 32; i++) {
        p0in[i] = rnd() | 0x11;
        p1in[i] = rnd();
        p2in[i] = rnd();
        p3in[i] = rnd() & rnd();
    }
    if (k == 1 || k == 3 || k == 4)
        memset(p0in, 0, sizeof(p0in));
    if (k == 2)
        memset(p0in, 0xff, sizeof(p0in));
    if (k == 3) /* the last byte element, and the last doubleword one */
        p0in[vl / 8 - 1] = 0x81;
    if (k == 4)
        p0in[0] = 1;
    if (k == 5) {
        memset(p1in, 0, sizeof(p1in));
        p1in[vl / 16] = 0x10;
        memset(p3in, 0, sizeof(p3in));
    }
    return names[k];
}

static void extract_tests(void)
{
    TI("lasta w9, p0, z1.b");
    TI("lastb w9, p0, z1.h");
    TI("lasta w9, p1, z1.s");
    TI("lastb w9, p0, z1.s");
    TI("lastb x9, p0, z1.d");
    TI("lasta x9, p0, z1.d");
    TI("lasta b0, p0, z1.b");
    TI("lastb b0, p0, z1.b");
    TI("lastb h0, p0, z1.h");
    TI("lasta s0, p0, z1.s");
    TI("lastb d0, p0, z1.d");
    TI("clasta w9, p0, w9, z1.b");
    TI("clastb w9, p0, w9, z1.b");
    TI("clastb w9, p0, w9, z1.h");
    TI("clasta w9, p0, w9, z1.s");
    TI("clasta x9, p0, x9, z1.d");
    TI("clastb x9, p0, x9, z1.d");
    TI("clasta b0, p0, b0, z1.b");
    TI("clastb h0, p0, h0, z1.h");
    TI("clastb s0, p0, s0, z1.s");
    TI("clasta d0, p0, d0, z1.d");
    TI("clasta z0.b, p0, z0.b, z1.b");
    TI("clastb z0.h, p0, z0.h, z1.h");
    TI("clastb z0.s, p0, z0.s, z1.s");
    TI("clasta z0.d, p0, z0.d, z1.d");
    TI("mov z0.b, p0/m, w9");
    TI("mov z0.h, p0/m, w9");
    TI("mov z0.s, p1/m, w9");
    TI("mov z0.d, p0/m, x9");
    TI("mov z0.d, p0/m, sp\n\tmov z3.d, sp\n\tcmpeq p2.d, p0/z, z0.d, z3.d\n\t"
       "mov z0.d, p0/m, #0");
    TI("mov z0.b, p0/m, b2");
    TI("mov z0.h, p0/m, h2");
    TI("mov z0.s, p0/m, s2");
    TI("mov z0.d, p0/m, d2");
    TI("insr z0.b, w9");
    TI("insr z0.h, w9");
    TI("insr z0.s, wzr");
    TI("insr z0.d, x9");
    TI("insr z0.b, b1");
    TI("insr z0.h, h0");
    TI("insr z0.d, d2");
}

static void permute_tests(void)
{
    TI("ext z0.b, z0.b, z1.b, #0");
    TI("ext z0.b, z0.b, z1.b, #1");
    TI("ext z0.b, z0.b, z1.b, #15");
    TI("ext z0.b, z0.b, z1.b, #16");
    TI("ext z0.b, z0.b, z1.b, #33");
    TI("ext z0.b, z0.b, z1.b, #63");
    TI("ext z0.b, z0.b, z1.b, #64");
    TI("ext z0.b, z0.b, z1.b, #255");
    TI("splice z0.b, p0, z0.b, z1.b");
    TI("splice z0.h, p0, z0.h, z1.h");
    TI("splice z0.s, p1, z0.s, z1.s");
    TI("splice z0.d, p0, z0.d, z1.d");
    TI("compact z0.s, p0, z1.s");
    TI("compact z0.d, p0, z1.d");
    TI("compact z0.s, p1, z1.s");
    T("tbl z0.b, {z1.b}, z2.b", "tbl z0.b, {z1.b}, z2.b", za, zb, zi_b);
    T("tbl z0.h, {z1.h}, z2.h", "tbl z0.h, {z1.h}, z2.h", za, zb, zi_h);
    T("tbl z0.s, {z1.s}, z2.s", "tbl z0.s, {z1.s}, z2.s", za, zb, zi_s);
    T("tbl z0.d, {z1.d}, z2.d", "tbl z0.d, {z1.d}, z2.d", za, zb, zi_d);
    TI("tbl z0.b, {z1.b}, z2.b");
    TI("rbit z0.b, p0/m, z1.b");
    TI("rbit z0.h, p0/m, z1.h");
    TI("rbit z0.s, p1/m, z1.s");
    TI("rbit z0.d, p0/m, z1.d");
}

static void partition_tests(void)
{
    TI("brka p2.b, p0/z, p1.b");
    TI("brka p2.b, p0/m, p1.b");
    TI("brkas p2.b, p0/z, p1.b");
    TI("brkb p2.b, p0/z, p1.b");
    TI("brkb p2.b, p0/m, p1.b");
    TI("brkbs p2.b, p0/z, p1.b");
    TI("brkbs p2.b, p0/z, p3.b");
    TI("brkn p2.b, p0/z, p1.b, p2.b");
    TI("brkns p2.b, p0/z, p1.b, p2.b");
    TI("brkns p2.b, p0/z, p0.b, p2.b");
    TI("brkpa p2.b, p0/z, p1.b, p3.b");
    TI("brkpb p2.b, p0/z, p1.b, p3.b");
    TI("brkpas p2.b, p0/z, p0.b, p3.b");
    TI("brkpbs p2.b, p0/z, p0.b, p1.b");
    TI("brkpbs p2.b, p1/z, p0.b, p3.b");
    TI("pfirst p2.b, p0, p2.b");
    TI("pfirst p2.b, p0, p2.b\n\tpfirst p2.b, p3, p2.b");
    TI("pnext p2.b, p0, p2.b");
    TI("pnext p2.h, p0, p2.h");
    TI("pnext p2.s, p0, p2.s");
    TI("pnext p2.d, p0, p2.d");
    TI("pfalse p2.b\n\tpnext p2.h, p0, p2.h\n\tpnext p2.h, p0, p2.h");
    TI("pfalse p2.b\n\tpnext p2.d, p0, p2.d\n\tpnext p2.d, p0, p2.d");
}

static void count_tests(void)
{
    TI("cntp x9, p0, p1.b");
    TI("cntp x9, p0, p1.h");
    TI("cntp x9, p1, p0.s");
    TI("cntp x9, p0, p0.d");
    TI("incp x9, p0.b");
    TI("decp x9, p1.h");
    TI("incp x9, p0.s");
    TI("decp x9, p0.d");
    TI("incp z0.h, p0.h");
    TI("decp z0.s, p1.s");
    TI("incp z0.d, p0.d");
    TE("sqincp z0.h, p0.h");
    TE("uqincp z0.s, p0.s");
    TE("sqdecp z0.d, p0.d");
    TE("uqdecp z0.h, p0.h");
    TE("sqdecp z0.s, p1.s");
    TE("uqincp z0.d, p0.d");
}

/* MOVPRFX (unpredicated, and predicated with the same Pg) before the
 * destructive forms. */
static void movprfx_tests(void)
{
    TI("movprfx z0, z2\n\tsplice z0.s, p0, z0.s, z1.s");
    TI("movprfx z0, z2\n\text z0.b, z0.b, z1.b, #5");
    TI("movprfx z0.s, p0/z, z2.s\n\tmov z0.s, p0/m, w9");
    TI("movprfx z0.d, p0/m, z2.d\n\tmov z0.d, p0/m, d1");
    TI("movprfx z0, z2\n\tclastb z0.h, p0, z0.h, z1.h");
    TE("movprfx z0, z2\n\tsqincp z0.s, p0.s");
    TE("movprfx z0, z1\n\tuqdech z0.h, all, mul #9");
}

/* The scalar saturating forms on edge values of Xdn. */
static void sat_scalar_tests(void)
{
    static const uint64_t edges[] = {0,
                                     5,
                                     0x7ffffffd,
                                     0x80000002u,
                                     0xfffffffeu,
                                     0xffffffff,
                                     0x7ffffffffffffffd,
                                     0x8000000000000002u,
                                     0xfffffffffffffffeu};
    uint64_t keep = xin;

    for (unsigned k = 0; k < sizeof(edges) / sizeof(edges[0]); k++) {
        xin = edges[k];
        TI("sqincp x9, p0.b, w9");
        TI("sqincp x9, p0.h");
        TI("uqincp w9, p0.s");
        TI("uqincp x9, p0.b");
        TI("sqdecp x9, p0.b, w9");
        TI("sqdecp x9, p0.d");
        TI("uqdecp w9, p0.b");
        TI("uqdecp x9, p0.h");
    }
    xin = keep;
}

/* SQINC ... UQDEC (vector) by a pattern; no predicate. */
static void satcnt_tests(void)
{
    TE("sqinch z0.h");
    TE("sqinch z0.h, vl4, mul #3");
    TE("uqinch z0.h, all, mul #16");
    TE("sqdech z0.h, pow2");
    TE("uqdech z0.h");
    TE("sqincw z0.s, vl1");
    TE("uqincw z0.s");
    TE("sqdecw z0.s, all, mul #16");
    TE("uqdecw z0.s");
    TE("sqincd z0.d, all, mul #16");
    TE("uqincd z0.d");
    TE("sqdecd z0.d");
    TE("uqdecd z0.d, vl256");
    TE("uqdecd z0.d, mul3, mul #7");
}

/* CTERMEQ, CTERMNE under each starting NZCV. */
static void cterm_tests(void)
{
    static const uint64_t flags[] = {0, 0x20000000, 0xf0000000, 0x40000000};
    uint64_t keep = x10in;

    for (unsigned k = 0; k < 4; k++) {
        nzcv_in = flags[k];
        x10in = 0x1276543210u;
        TI("ctermeq w9, w10");
        TI("ctermne w9, w10");
        TI("ctermeq x9, x10");
        TI("ctermne x9, x10");
        x10in = xin;
        TI("ctermeq x9, x10");
        TI("ctermne x9, x10");
        TI("ctermeq w10, w9");
    }
    nzcv_in = 0;
    x10in = keep;
}

/* Unallocated encodings of these groups raise SIGILL. */
static sigjmp_buf ill_jmp;

static void on_ill(int sig)
{
    (void)sig;
    siglongjmp(ill_jmp, 1);
}

static void try_insn(const char *name, void (*fn)(void))
{
    if (sigsetjmp(ill_jmp, 1) == 0) {
        fn();
        printf("%s: executed\n", name);
    } else {
        printf("%s: SIGILL\n", name);
    }
}

static void compact_b(void)
{
    __asm__ volatile(".inst 0x05218000" ::: "v0"); /* compact z0.b */
}

static void brkas_merge(void)
{
    __asm__ volatile(".inst 0x25504010" ::: "p0"); /* brkas p0.b, p0/m */
}

static void sqincp_vec_b(void)
{
    __asm__ volatile(".inst 0x25288000" ::: "v0"); /* sqincp z0.b */
}

static void sqinc_vec_b(void)
{
    __asm__ volatile(".inst 0x0420c000" ::: "v0"); /* sqincb z0 */
}

static void undef_tests(void)
{
    struct sigaction sa, old;

    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_ill;
    sigaction(SIGILL, &sa, &old);
    try_insn("compact .b", compact_b);
    try_insn("brkas merging", brkas_merge);
    try_insn("sqincp z .b", sqincp_vec_b);
    try_insn("sqinc z .b", sqinc_vec_b);
    sigaction(SIGILL, &old, NULL);
}

int main(void)
{
    static const unsigned lengths[] = {16, 32, 64};

    setvbuf(stdout, NULL, _IOLBF, 0);
    fill_inputs();
    undef_tests();
    for (unsigned k = 0; k < 3; k++) {
        int r = prctl(PR_SVE_SET_VL, lengths[k], 0, 0, 0);
        uint64_t rdvl;

        __asm__ volatile("rdvl %0, #1" : "=r"(rdvl));
        vl = (unsigned)rdvl;
        printf("== VL %u bytes (prctl %#x)\n", vl, r);
        for (unsigned c = 0; c < NCASES; c++) {
            printf("-- p0 %s\n", set_preds(c));
            extract_tests();
            permute_tests();
            partition_tests();
            count_tests();
            movprfx_tests();
            sat_scalar_tests();
        }
        satcnt_tests();
        cterm_tests();
    }
    return 0;
}
