/*
 * SVE integer and FP arithmetic beyond the foundation (trans_sve_arith.c)
 * at vector lengths 128, 256 and 512 bits: each instruction on fixed
 * edge inputs (saturation limits, INT_MIN, NaN, sNaN, inf, -0,
 * denormals) under several FPCR settings, printing Z0 and FPSR after it.
 * The reference is qemu-aarch64 -cpu max.
 * insn-cflags: -march=armv8.2-a+sve -O1
 * insn-arx: -cpu max,+sve
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>

#ifndef PR_SVE_SET_VL
#define PR_SVE_SET_VL 50
#endif

enum {
    FZ = 1 << 24,
    DN = 1 << 25,
    RP = 1 << 22,
    RM = 2 << 22,
    RZ = 3 << 22,
    FZ16 = 1 << 19,
    AHP = 1 << 26,
};

/* Inputs (twice the largest VL: some tests read Z3 one VL further on),
 * predicates and the output. */
static uint8_t ia[512], ib[512], ic[512];
static uint8_t ha[512], hb[512], sa[512], sb[512], da[512], db[512];
static uint8_t pa[64], pb[64];
static uint8_t shifts[512]; /* doublewords: 0 ... 65 and one huge */
static uint8_t zout[256];
static unsigned vl;

static void show(const char *name, unsigned fpcr, uint64_t fpsr)
{
    printf("%-40s %07x ", name, fpcr);
    for (unsigned i = vl; i-- > 0;)
        printf("%02x", zout[i]);
    printf(" fpsr=%llx\n", (unsigned long long)fpsr);
}

/* Z0 = a, Z1 = b, Z2 = c, Z3 = a one VL on; P0, P1 from pa, pb; FPCR;
 * insn; Z0 and FPSR out. */
#define RUN(fpcr, insn, a, b, c)                                               \
    do {                                                                       \
        uint64_t cr = (fpcr), sr;                                              \
        __asm__ volatile(                                                      \
            "msr fpcr, %[cr]\n\tmsr fpsr, xzr\n\t"                             \
            "ldr z0, [%[za]]\n\tldr z1, [%[zb]]\n\t"                           \
            "ldr z2, [%[zc]]\n\tldr z3, [%[za], #1, mul vl]\n\t"               \
            "ldr p0, [%[p]]\n\tldr p1, [%[q]]\n\t" insn "\n\t"                 \
            "str z0, [%[o]]\n\tmrs %[sr], fpsr\n\t"                            \
            "msr fpcr, xzr"                                                    \
            : [sr] "=&r"(sr)                                                   \
            : [cr] "r"(cr), [za] "r"(a), [zb] "r"(b), [zc] "r"(c),             \
              [p] "r"(pa), [q] "r"(pb), [o] "r"(zout)                          \
            : "memory", "v0", "v1", "v2", "v3", "p2", "p3");                   \
        show(insn, (unsigned)cr, sr);                                          \
    } while (0)

#define TI(insn) RUN(0, insn, ia, ib, ic)
#define TH(cr, insn) RUN(cr, insn, ha, hb, ic)
#define TS(cr, insn) RUN(cr, insn, sa, sb, ic)
#define TD(cr, insn) RUN(cr, insn, da, db, ic)

static uint32_t seed = 0x2545f491;

static uint32_t next(void)
{
    seed = seed * 1103515245 + 12345;
    return seed >> 8;
}

/* Integers: random bytes with each size's limits, 0 and -1 among them. */
static void fill_ints(void)
{
    static const uint64_t special[] = {0x8000000000000000, 0x7fffffffffffffff,
                                       0xffffffffffffffff, 0,
                                       0x8000000080000000, 0x7fffffff7fffffff,
                                       0x8000800080008000, 0x7fff7fff7fff7fff,
                                       0x8080808080808080, 0x7f7f7f7f7f7f7f7f,
                                       0x0000000100000001, 0xffff0001ff01017f};

    for (unsigned i = 0; i < 512; i++) {
        ia[i] = (uint8_t)next();
        ib[i] = (uint8_t)next();
        ic[i] = (uint8_t)(next() & 0x8f);
    }
    for (unsigned k = 0; k < 24; k++) {
        memcpy(ia + 8 * (3 * k % 64), &special[k % 12], 8);
        memcpy(ib + 8 * ((5 * k + 1) % 64), &special[(k + 5) % 12], 8);
        memcpy(ib + 8 * (3 * k % 64 + 1), &special[(k + 2) % 12], 8);
    }
    for (unsigned k = 0; k < 64; k++) {
        static const uint64_t amount[16] = {5,  1,  3,  7,  8,  9,  15, 16,
                                            17, 31, 32, 33, 63, 64, 65, 0};
        uint64_t v = k == 21 ? UINT64_C(1) << 40 : amount[(k * 7) % 16];

        memcpy(shifts + 8 * k, &v, 8);
    }
    for (unsigned i = 0; i < 64; i++) {
        pa[i] = (uint8_t)(next() | 0x11);
        pb[i] = (uint8_t)next();
    }
}

/* FP inputs: specials (NaN, sNaN, inf, -0, denormals, the largest
 * finite) among ordinary values, at different places in a and b. */
static void fill_fp(void)
{
    static const uint16_t hs[] = {
        0x7e00, 0x7c01, 0x7c00, 0xfc00, 0x0000, 0x8000, 0x0001, 0x83ff,
        0x7bff, 0x3c00, 0xc100, 0x3555, 0x0400, 0x5a40, 0xfe12, 0x2e66};
    static const uint32_t ss[] = {
        0x7fc00000, 0x7f800001, 0x7f800000, 0xff800000, 0x00000000, 0x80000000,
        0x00000001, 0x807fffff, 0x7f7fffff, 0x3f800000, 0xc0200000, 0x3eaaaaab,
        0x00800000, 0x4b3c614e, 0xffc01234, 0x3dcccccd};
    static const uint64_t ds[] = {
        0x7ff8000000000000, 0x7ff0000000000001, 0x7ff0000000000000,
        0xfff0000000000000, 0x0000000000000000, 0x8000000000000000,
        0x0000000000000001, 0x800fffffffffffff, 0x7fefffffffffffff,
        0x3ff0000000000000, 0xc004000000000000, 0x3fd5555555555555,
        0x0010000000000000, 0x4167d8c29a5f8a5b, 0xfff8000000001234,
        0x3fb999999999999a};

    for (unsigned i = 0; i < 256; i++) {
        uint16_t h = (uint16_t)((next() & 0x3fff) + 0x2000);
        uint16_t h2 =
            (uint16_t)(i % 3 == 0 ? hs[(i / 3 + 5) % 16] : h ^ 0x8000);

        h = i % 4 == 0 ? hs[(i / 4) % 16] : h;
        memcpy(ha + 2 * i, &h, 2);
        memcpy(hb + 2 * i, &h2, 2);
    }
    for (unsigned i = 0; i < 128; i++) {
        float f = (float)((int)(next() % 2001) - 1000) / 37.0f;
        uint32_t x = i % 4 == 1 ? ss[(i / 4) % 16] : 0, y;

        if (!x)
            memcpy(&x, &f, 4);
        y = i % 3 == 0 ? ss[(i / 3 + 7) % 16]
                       : x ^ 0x80000000 ^ (next() & 0xfff);
        memcpy(sa + 4 * i, &x, 4);
        memcpy(sb + 4 * i, &y, 4);
    }
    for (unsigned i = 0; i < 64; i++) {
        double f = (double)((int)(next() % 20001) - 10000) / 37.0;
        uint64_t x = i % 3 == 1 ? ds[(i / 3) % 16] : 0, y;

        if (!x)
            memcpy(&x, &f, 8);
        y = i % 2 == 0 ? ds[(i / 2 + 3) % 16] : x ^ 0x8000000000000000 ^ next();
        memcpy(da + 8 * i, &x, 8);
        memcpy(db + 8 * i, &y, 8);
    }
}

static void int_tests(void)
{
    TI("sqadd z0.b, z1.b, z2.b");
    TI("sqadd z0.h, z0.h, z1.h");
    TI("sqadd z0.s, z0.s, z1.s");
    TI("sqadd z0.d, z0.d, z1.d");
    TI("uqadd z0.b, z0.b, z1.b");
    TI("uqadd z0.h, z1.h, z2.h");
    TI("uqadd z0.s, z0.s, z1.s");
    TI("uqadd z0.d, z0.d, z1.d");
    TI("sqsub z0.b, z0.b, z1.b");
    TI("sqsub z0.h, z0.h, z1.h");
    TI("sqsub z0.s, z1.s, z0.s");
    TI("sqsub z0.d, z0.d, z1.d");
    TI("uqsub z0.b, z0.b, z1.b");
    TI("uqsub z0.h, z0.h, z2.h");
    TI("uqsub z0.s, z0.s, z1.s");
    TI("uqsub z0.d, z1.d, z0.d");
    TI("sqadd z0.b, z0.b, #200");
    TI("sqadd z0.h, z0.h, #255, lsl #8");
    TI("uqadd z0.s, z0.s, #17");
    TI("uqadd z0.d, z0.d, #0xff00");
    TI("sqsub z0.b, z0.b, #129");
    TI("sqsub z0.d, z0.d, #1");
    TI("uqsub z0.h, z0.h, #0x8000");
    TI("uqsub z0.s, z0.s, #99");
    TI("sqinch z0.h");
    TI("uqinch z0.h, vl7, mul #16");
    TI("sqincw z0.s, all, mul #3");
    TI("uqdecw z0.s, pow2");
    TI("sqdecd z0.d, vl1, mul #16");
    TI("uqincd z0.d, mul3");
    TI("sqdech z0.h, vl256");
    TI("uqdech z0.h, all, mul #9");
    RUN(0, "asr z0.b, p0/m, z0.b, z2.d", ia, ib, shifts);
    RUN(0, "lsr z0.h, p1/m, z0.h, z2.d", ia, ib, shifts);
    RUN(0, "lsl z0.s, p0/m, z0.s, z2.d", ia, ib, shifts);
    RUN(0, "asr z0.s, p0/m, z0.s, z2.d", ib, ia, shifts);
    RUN(0, "asr z0.h, p0/m, z0.h, z1.d", ia, ib, ib);
    RUN(0, "asr z0.b, z1.b, z2.d", ia, ib, shifts);
    RUN(0, "lsr z0.b, z1.b, z2.d", ia, ib, shifts);
    RUN(0, "lsl z0.h, z1.h, z2.d", ia, ib, shifts);
    RUN(0, "lsr z0.s, z0.s, z2.d", ia, ib, shifts);
    TI("adr z0.s, [z1.s, z2.s]");
    TI("adr z0.s, [z1.s, z2.s, lsl #3]");
    TI("adr z0.d, [z1.d, z2.d, lsl #1]");
    TI("adr z0.d, [z1.d, z0.d, sxtw #2]");
    TI("adr z0.d, [z1.d, z0.d, uxtw]");
    TI("sdot z0.s, z1.b, z2.b[0]");
    TI("sdot z0.s, z1.b, z3.b[3]");
    TI("udot z0.s, z1.b, z2.b[2]");
    TI("sdot z0.d, z1.h, z2.h[1]");
    TI("udot z0.d, z1.h, z3.h[0]");
    TI("sdiv z0.s, p0/m, z0.s, z1.s");
    TI("sdiv z0.d, p0/m, z0.d, z1.d");
    TI("sdivr z0.d, p1/m, z0.d, z1.d");
    TI("udivr z0.s, p0/m, z0.s, z1.s");
}

/* FEXPA over every table index, the exponent field varied too. */
static void fexpa_tests(void)
{
    static uint8_t in[512];

    for (unsigned base = 0; base < 64; base += vl / 4) {
        for (unsigned i = 0; i < vl / 4; i++) {
            uint32_t x = (uint32_t)(base + i) | (uint32_t)(100 + i) << 6;

            memcpy(in + 4 * i, &x, 4);
        }
        RUN(0, "fexpa z0.s, z0.s", in, in, in);
    }
    for (unsigned base = 0; base < 64; base += vl / 8) {
        for (unsigned i = 0; i < vl / 8; i++) {
            uint64_t x = (uint64_t)(base + i) | (uint64_t)(1000 + 3 * i) << 6;

            memcpy(in + 8 * i, &x, 8);
        }
        RUN(0, "fexpa z0.d, z0.d", in, in, in);
    }
    for (unsigned base = 0; base < 32; base += vl / 2) {
        for (unsigned i = 0; i < vl / 2; i++) {
            uint16_t x = (uint16_t)((base + i) | (i % 31) << 5);

            memcpy(in + 2 * i, &x, 2);
        }
        RUN(0, "fexpa z0.h, z0.h", in, in, in);
    }
}

/* MOVPRFX before the destructive forms. */
static void movprfx_tests(void)
{
    TS(0, "movprfx z0.s, p0/z, z1.s\n\tfmaxnm z0.s, p0/m, z0.s, z2.s");
    TD(FZ, "movprfx z0, z1\n\tfscale z0.d, p1/m, z0.d, z2.d");
    TH(0, "movprfx z0.h, p1/m, z1.h\n\tfadd z0.h, p1/m, z0.h, #1.0");
    TS(0, "movprfx z0, z2\n\tfcadd z0.s, p0/m, z0.s, z1.s, #90");
    TI("movprfx z0, z1\n\tsqadd z0.h, z0.h, #3");
    TI("movprfx z0.d, p0/z, z1.d\n\tlsl z0.d, p0/m, z0.d, #3");
    TS(0, "movprfx z0.s, p1/m, z2.s\n\tfrintm z0.s, p1/m, z1.s");
}

static void trig_tests(void)
{
    TS(0, "ftssel z0.s, z1.s, z2.s");
    TD(0, "ftssel z0.d, z0.d, z2.d");
    TH(0, "ftssel z0.h, z1.h, z2.h");
    TS(0, "ftsmul z0.s, z0.s, z2.s");
    TD(0, "ftsmul z0.d, z1.d, z2.d");
    TH(0, "ftsmul z0.h, z0.h, z2.h");
    TS(0, "ftmad z0.s, z0.s, z1.s, #0");
    TS(0, "ftmad z0.s, z0.s, z1.s, #3");
    TD(0, "ftmad z0.d, z0.d, z1.d, #5");
    TD(0, "ftmad z0.d, z0.d, z1.d, #7");
    TH(0, "ftmad z0.h, z0.h, z1.h, #1");
}

/* Binary FP forms at one size, under one FPCR. */
#define FP_BIN(T, cr, sz)                                                      \
    do {                                                                       \
        T(cr, "fmaxnm z0." sz ", p0/m, z0." sz ", z1." sz);                    \
        T(cr, "fminnm z0." sz ", p0/m, z0." sz ", z1." sz);                    \
        T(cr, "fmax z0." sz ", p0/m, z0." sz ", z1." sz);                      \
        T(cr, "fmin z0." sz ", p1/m, z0." sz ", z1." sz);                      \
        T(cr, "fabd z0." sz ", p0/m, z0." sz ", z1." sz);                      \
        T(cr, "fmulx z0." sz ", p0/m, z0." sz ", z1." sz);                     \
        T(cr, "frecps z0." sz ", z0." sz ", z1." sz);                          \
        T(cr, "frsqrts z0." sz ", z0." sz ", z1." sz);                         \
        T(cr, "fadd z0." sz ", p0/m, z0." sz ", #0.5");                        \
        T(cr, "fsub z0." sz ", p0/m, z0." sz ", #1.0");                        \
        T(cr, "fsubr z0." sz ", p1/m, z0." sz ", #0.5");                       \
        T(cr, "fmul z0." sz ", p0/m, z0." sz ", #2.0");                        \
        T(cr, "fmul z0." sz ", p0/m, z0." sz ", #0.5");                        \
        T(cr, "fmaxnm z0." sz ", p0/m, z0." sz ", #0.0");                      \
        T(cr, "fminnm z0." sz ", p0/m, z0." sz ", #1.0");                      \
        T(cr, "fmax z0." sz ", p0/m, z0." sz ", #1.0");                        \
        T(cr, "fmin z0." sz ", p0/m, z0." sz ", #0.0");                        \
    } while (0)

/* One-operand FP forms. */
#define FP_UN(T, cr, sz)                                                       \
    do {                                                                       \
        T(cr, "frintn z0." sz ", p0/m, z1." sz);                               \
        T(cr, "frintp z0." sz ", p0/m, z1." sz);                               \
        T(cr, "frintm z0." sz ", p0/m, z1." sz);                               \
        T(cr, "frintz z0." sz ", p0/m, z1." sz);                               \
        T(cr, "frinta z0." sz ", p0/m, z1." sz);                               \
        T(cr, "frintx z0." sz ", p0/m, z1." sz);                               \
        T(cr, "frinti z0." sz ", p1/m, z1." sz);                               \
        T(cr, "frecpx z0." sz ", p0/m, z1." sz);                               \
        T(cr, "fsqrt z0." sz ", p0/m, z1." sz);                                \
        T(cr, "fsqrt z0." sz ", p0/m, z0." sz);                                \
        T(cr, "frecpe z0." sz ", z1." sz);                                     \
        T(cr, "frsqrte z0." sz ", z0." sz);                                    \
    } while (0)

/* Reductions, the indexed and complex forms. */
#define FP_MORE(T, cr, sz)                                                     \
    do {                                                                       \
        T(cr, "fmaxnmv " sz "0, p0, z1." sz);                                  \
        T(cr, "fminnmv " sz "0, p1, z0." sz);                                  \
        T(cr, "fmaxv " sz "0, p0, z0." sz);                                    \
        T(cr, "fminv " sz "0, p0, z1." sz);                                    \
        T(cr, "pfalse p2.b\n\tfmaxnmv " sz "0, p2, z1." sz);                   \
        T(cr, "pfalse p2.b\n\tfminv " sz "0, p2, z1." sz);                     \
        T(cr, "fcadd z0." sz ", p0/m, z0." sz ", z1." sz ", #90");             \
        T(cr, "fcadd z0." sz ", p1/m, z0." sz ", z1." sz ", #270");            \
    } while (0)

static void fp_tests(void)
{
    static const unsigned crs[] = {0, FZ, DN, RP | FZ16, RM, RZ | DN | FZ};

    for (unsigned k = 0; k < 6; k++) {
        FP_BIN(TS, crs[k], "s");
        FP_BIN(TD, crs[k], "d");
        FP_BIN(TH, crs[k], "h");
        FP_UN(TS, crs[k], "s");
        FP_UN(TD, crs[k], "d");
        FP_UN(TH, crs[k], "h");
        FP_MORE(TS, crs[k], "s");
        FP_MORE(TD, crs[k], "d");
        FP_MORE(TH, crs[k], "h");
    }
}

static void fp_indexed_tests(void)
{
    static const unsigned crs[] = {0, FZ | FZ16, RM | DN};

    for (unsigned k = 0; k < 3; k++) {
        TS(crs[k], "fmla z0.s, z1.s, z2.s[1]");
        TS(crs[k], "fmls z0.s, z1.s, z3.s[3]");
        TS(crs[k], "fmul z0.s, z1.s, z0.s[2]");
        TD(crs[k], "fmla z0.d, z1.d, z3.d[1]");
        TD(crs[k], "fmls z0.d, z1.d, z0.d[0]");
        TD(crs[k], "fmul z0.d, z0.d, z1.d[1]");
        TH(crs[k], "fmla z0.h, z1.h, z3.h[7]");
        TH(crs[k], "fmls z0.h, z1.h, z0.h[4]");
        TH(crs[k], "fmul z0.h, z1.h, z1.h[2]");
        TS(crs[k], "fcmla z0.s, z1.s, z2.s[0], #0");
        TS(crs[k], "fcmla z0.s, z1.s, z3.s[1], #90");
        TS(crs[k], "fcmla z0.s, z0.s, z1.s[1], #180");
        TS(crs[k], "fcmla z0.s, z1.s, z0.s[0], #270");
        TH(crs[k], "fcmla z0.h, z1.h, z3.h[3], #0");
        TH(crs[k], "fcmla z0.h, z1.h, z2.h[2], #90");
        TH(crs[k], "fcmla z0.h, z1.h, z0.h[1], #180");
        TH(crs[k], "fcmla z0.h, z0.h, z1.h[0], #270");
    }
}

/* FSCALE of values just above a power of two, below 1.0, into the
 * denormals: one rounding gives the smallest denormal, two give 0. */
static void fscale_denormal_tests(void)
{
    static uint8_t x[512], n[512];

    for (unsigned i = 0; i < 128; i++) {
        uint32_t v = (i % 2 ? 0xbf000001u : 0x3f000001u) + (i / 2 % 4);
        int32_t s = -149 - (int32_t)(i % 3);

        memcpy(x + 4 * i, &v, 4);
        memcpy(n + 4 * i, &s, 4);
    }
    RUN(0, "ptrue p3.s\n\tfscale z0.s, p3/m, z0.s, z2.s", x, x, n);
    RUN(RP, "ptrue p3.s\n\tfscale z0.s, p3/m, z0.s, z2.s", x, x, n);
    for (unsigned i = 0; i < 64; i++) {
        uint64_t v = UINT64_C(0x3fe0000000000001) + i % 3;
        int64_t s = -1074 - (int64_t)(i % 2);

        memcpy(x + 8 * i, &v, 8);
        memcpy(n + 8 * i, &s, 8);
    }
    RUN(0, "ptrue p3.d\n\tfscale z0.d, p3/m, z0.d, z2.d", x, x, n);
    for (unsigned i = 0; i < 256; i++) {
        uint16_t v = (uint16_t)(0x3801 + i % 3);
        int16_t s = (int16_t)(-24 - (int)(i % 2));

        memcpy(x + 2 * i, &v, 2);
        memcpy(n + 2 * i, &s, 2);
    }
    RUN(0, "ptrue p3.h\n\tfscale z0.h, p3/m, z0.h, z2.h", x, x, n);
    /* The largest finite value far down, the smallest denormal far up. */
    for (unsigned i = 0; i < 256; i++) {
        uint16_t v = i % 2 ? 0x0001 : 0x7bff;
        int16_t s = (int16_t)((i % 2 ? 36 : -46) + (int)(i / 2 % 8));

        memcpy(x + 2 * i, &v, 2);
        memcpy(n + 2 * i, &s, 2);
    }
    RUN(0, "ptrue p3.h\n\tfscale z0.h, p3/m, z0.h, z2.h", x, x, n);
    for (unsigned i = 0; i < 128; i++) {
        uint32_t v = i % 2 ? 0x00000001 : 0x7f7fffff;
        int32_t s = (i % 2 ? 272 : -280) + (int32_t)(i / 2 % 4);

        memcpy(x + 4 * i, &v, 4);
        memcpy(n + 4 * i, &s, 4);
    }
    RUN(RP, "ptrue p3.s\n\tfscale z0.s, p3/m, z0.s, z2.s", x, x, n);
}

/* FSCALE by integer elements of ic (small, some negative) and of the
 * random ia (large): overflow, underflow into denormals, NaNs. */
static void fscale_tests(void)
{
    static const unsigned crs[] = {0, FZ, RP, RZ, RM | FZ16};
    static uint8_t sc[512];

    for (unsigned i = 0; i < 128; i++) {
        int32_t s = (int32_t)(next() % 341) - 170;
        int64_t d = (int64_t)(next() % 2301) - 1150;
        int16_t h = (int16_t)((int)(next() % 81) - 40);

        if (i % 5 == 0)
            s = (int32_t)next() * (i % 2 ? -1 : 1);
        memcpy(sc + 4 * (i % 128), &s, 4);
        if (i < 64)
            memcpy(sc + 8 * i, &d, 8);
        (void)h;
    }
    fscale_denormal_tests();
    for (unsigned k = 0; k < 5; k++) {
        RUN(crs[k], "fscale z0.s, p0/m, z0.s, z2.s", sa, sb, sc);
        RUN(crs[k], "fscale z0.s, p1/m, z0.s, z1.s", sa, ia, sc);
        RUN(crs[k], "fscale z0.d, p0/m, z0.d, z2.d", da, db, sc);
        RUN(crs[k], "fscale z0.h, p0/m, z0.h, z2.h", ha, hb, ic);
        RUN(crs[k], "fscale z0.h, p0/m, z0.h, z1.h", ha, ia, ic);
    }
}

/* CMP<cc> (wide): Pd as the bytes of Z0 (MOV Z0.B, P2/Z, #1) and NZCV;
 * each element of Zn (Z0 = a) against the doubleword of Zm (Z1 = b) it
 * lies in. */
#define TW(insn, a, b)                                                         \
    do {                                                                       \
        uint64_t f;                                                            \
        __asm__ volatile("ldr z0, [%[za]]\n\tldr z1, [%[zb]]\n\t"              \
                         "ldr p0, [%[p]]\n\tldr p1, [%[q]]\n\t"                \
                         "msr nzcv, xzr\n\t" insn "\n\t"                       \
                         "mrs %[f], nzcv\n\tmov z0.b, p2/z, #1\n\t"            \
                         "str z0, [%[o]]"                                      \
                         : [f] "=&r"(f)                                        \
                         : [za] "r"(a), [zb] "r"(b), [p] "r"(pa), [q] "r"(pb), \
                           [o] "r"(zout)                                       \
                         : "memory", "cc", "v0", "v1", "p2");                  \
        printf("nzcv=%x ", (unsigned)(f >> 28));                               \
        show(insn, 0, 0);                                                      \
    } while (0)

/* Small signed elements of each size against small doublewords, so that
 * equal, greater and (unsigned) wrapped pairs all occur. */
static void cmp_wide_tests(void)
{
    static uint8_t wb[512], wh[512], ws[512], wm[512];

    for (unsigned i = 0; i < 512; i++)
        wb[i] = (uint8_t)((int)(i * 5 % 7) - 3);
    for (unsigned i = 0; i < 256; i++) {
        int16_t h = (int16_t)((int)(i * 3 % 7) - 3);

        memcpy(wh + 2 * i, &h, 2);
    }
    for (unsigned i = 0; i < 128; i++) {
        int32_t w = (int32_t)(i * 3 % 5) - 2;

        memcpy(ws + 4 * i, &w, 4);
    }
    for (unsigned i = 0; i < 64; i++) {
        int64_t d = (int64_t)(i % 5) - 2;

        memcpy(wm + 8 * i, &d, 8);
    }
    TW("cmpge p2.b, p0/z, z0.b, z1.d", wb, wm);
    TW("cmpgt p2.h, p0/z, z0.h, z1.d", wh, wm);
    TW("cmplt p2.s, p1/z, z0.s, z1.d", ws, wm);
    TW("cmple p2.b, p1/z, z0.b, z1.d", wb, wm);
    TW("cmphs p2.h, p0/z, z0.h, z1.d", wh, wm);
    TW("cmphi p2.s, p0/z, z0.s, z1.d", ws, wm);
    TW("cmplo p2.b, p0/z, z0.b, z1.d", wb, wm);
    TW("cmpls p2.h, p1/z, z0.h, z1.d", wh, wm);
    TW("cmpgt p2.s, p0/z, z0.s, z1.d", ws, wm);
    TW("cmphi p2.b, p0/z, z0.b, z1.d", wb, wm);
    TW("cmpge p2.b, p1/z, z0.b, z1.d", ia, ib);
    TW("cmplo p2.s, p0/z, z0.s, z1.d", ia, ib);
}

/* FCVT to and from half precision under FPCR.AHP: FPConvertSVE() takes
 * AHP as 0, so NaN and infinity inputs convert as IEEE ones. */
static void fcvt_ahp_tests(void)
{
    static const unsigned crs[] = {AHP, AHP | DN, AHP | RZ | FZ};

    for (unsigned k = 0; k < 3; k++) {
        TH(crs[k], "fcvt z0.s, p0/m, z1.h");
        TH(crs[k], "fcvt z0.d, p0/m, z1.h");
        TS(crs[k], "fcvt z0.h, p0/m, z1.s");
        TD(crs[k], "fcvt z0.h, p1/m, z1.d");
    }
}

int main(void)
{
    static const unsigned lengths[] = {16, 32, 64};

    setvbuf(stdout, NULL, _IOLBF, 0);
    fill_ints();
    fill_fp();
    for (unsigned k = 0; k < 3; k++) {
        int r = prctl(PR_SVE_SET_VL, lengths[k], 0, 0, 0);
        uint64_t rdvl;

        __asm__ volatile("rdvl %0, #1" : "=r"(rdvl));
        vl = (unsigned)rdvl;
        printf("== VL %u bytes (prctl %#x)\n", vl, r);
        int_tests();
        fexpa_tests();
        trig_tests();
        movprfx_tests();
        fp_tests();
        fp_indexed_tests();
        fscale_tests();
        fcvt_ahp_tests();
        cmp_wide_tests();
    }
    return 0;
}
