/*
 * The SVE forms of BF16, I8MM, F32MM and F64MM (trans_sve_mm.c) at vector
 * lengths 128, 256 and 512 bits: each instruction on fixed edge inputs
 * (BF16 rounding ties, NaN, sNaN, inf, -0, denormals, overflow; signed and
 * unsigned byte extremes) under several FPCR settings, printing Z0 and
 * FPSR, or UNDEF. The reference is qemu-aarch64 -cpu max.
 * insn-cflags: -march=armv8.6-a+sve+bf16+i8mm+f32mm+f64mm -O1
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

enum { FZ = 1 << 24, DN = 1 << 25, RP = 1 << 22, RM = 2 << 22, RZ = 3 << 22 };

/* Inputs: integers, singles (BF16 pairs too), doubles; predicates. */
static uint8_t ia[256], ib[256], ic[256];
static uint8_t sa[256], sb[256], sc[256], da[256], db[256], dc[256];
static uint8_t pa[32], pb[32];
static uint8_t zout[256];
static unsigned vl;
static sigjmp_buf undef_jmp;

static void show(const char *name, unsigned fpcr, uint64_t fpsr)
{
    printf("%-44s %07x ", name, fpcr);
    for (unsigned i = vl; i-- > 0;)
        printf("%02x", zout[i]);
    printf(" fpsr=%llx\n", (unsigned long long)fpsr);
}

static void on_sigill(int sig)
{
    (void)sig;
    siglongjmp(undef_jmp, 1);
}

/* Z0 = a, Z1 = b, Z2 = c; P0, P1 from pa, pb; FPCR; insn; Z0, FPSR out.
 * X1 points at c (the loads' base). */
#define RUN(fpcr, insn, a, b, c)                                               \
    do {                                                                       \
        uint64_t cr = (fpcr), sr = 0;                                          \
        if (sigsetjmp(undef_jmp, 1)) {                                         \
            printf("%-44s %07x UNDEF\n", insn, (unsigned)cr);                  \
            break;                                                             \
        }                                                                      \
        __asm__ volatile(                                                      \
            "msr fpcr, %[cr]\n\tmsr fpsr, xzr\n\t"                             \
            "ldr z0, [%[za]]\n\tldr z1, [%[zb]]\n\t"                           \
            "ldr z2, [%[zc]]\n\tmov x1, %[zc]\n\tmov x2, #3\n\t"               \
            "ldr p0, [%[p]]\n\tldr p1, [%[q]]\n\t" insn "\n\t"                 \
            "str z0, [%[o]]\n\tmrs %[sr], fpsr\n\t"                            \
            "msr fpcr, xzr"                                                    \
            : [sr] "+&r"(sr)                                                   \
            : [cr] "r"(cr), [za] "r"(a), [zb] "r"(b), [zc] "r"(c),             \
              [p] "r"(pa), [q] "r"(pb), [o] "r"(zout)                          \
            : "memory", "x1", "x2", "v0", "v1", "v2", "p0", "p1");             \
        show(insn, (unsigned)cr, sr);                                          \
    } while (0)

static uint32_t seed = 0x1b873593;

static uint32_t next(void)
{
    seed = seed * 1103515245 + 12345;
    return seed >> 8;
}

static void put32(uint8_t *v, unsigned i, uint32_t x)
{
    memcpy(v + 4 * i, &x, 4);
}

static void put64(uint8_t *v, unsigned i, uint64_t x)
{
    memcpy(v + 8 * i, &x, 8);
}

/* Singles near BF16 rounding points (ties to even and odd, just below and
 * above), specials, and ordinary values of mixed exponent. */
static void fill(void)
{
    static const uint32_t special[] = {
        0x3f808000, 0x3f818000, 0x3f807fff, 0x3f808001, 0xbf808000, 0x7f7fffff,
        0xff7f8000, 0x7f7f8000, 0x7fc00000, 0x7f800001, 0xffa00000, 0x7f800000,
        0xff800000, 0x80000000, 0x00000000, 0x007fffff, 0x80008000, 0x00800000,
        0x00018000, 0x3f800000, 0x40490fdb, 0xc0000000, 0x33800000, 0x4b000001};
    static const uint64_t dspecial[] = {0x7ff8000000000000, 0x7ff0000000000001,
                                        0x7ff0000000000000, 0xfff0000000000000,
                                        0x8000000000000000, 0x0000000000000001,
                                        0x000fffffffffffff, 0x7fefffffffffffff,
                                        0x3ff0000000000001, 0xbff8000000000000};

    for (unsigned i = 0; i < 256; i++) {
        ia[i] = (uint8_t)next();
        ib[i] = (uint8_t)next();
        ic[i] = (uint8_t)next();
    }
    for (unsigned i = 0; i < 8; i++) {
        ib[5 * i] = 0x80, ic[7 * i + 1] = 0x80;
        ib[5 * i + 2] = 0x7f, ic[3 * i] = 0xff;
    }
    for (unsigned i = 0; i < 64; i++) {
        uint32_t exp = 110 + next() % 36;

        put32(sa, i, (next() & 0x807fffff) | exp << 23);
        put32(sb, i, (next() & 0x807fffff) | (exp + next() % 5) << 23);
        put32(sc, i, (next() & 0x807fffff) | (250 - exp) << 23);
    }
    for (unsigned k = 0; k < 24; k++) {
        put32(sa, (5 * k) % 64, special[k]);
        put32(sb, (7 * k + 3) % 64, special[(k + 5) % 24]);
        put32(sc, (11 * k + 1) % 64, special[(k + 11) % 24]);
    }
    for (unsigned i = 0; i < 32; i++) {
        uint64_t exp = 1000 + next() % 48;

        put64(da, i, ((uint64_t)next() << 32 | next()) & 0x800fffffffffffff);
        put64(db, i, ((uint64_t)next() << 32 | next()) & 0x800fffffffffffff);
        put64(dc, i, ((uint64_t)next() << 32 | next()) & 0x800fffffffffffff);
        da[8 * i + 6] |= (uint8_t)(exp << 4), da[8 * i + 7] |= exp >> 4;
        db[8 * i + 6] |= (uint8_t)(exp << 4), db[8 * i + 7] |= exp >> 4;
        dc[8 * i + 6] |= (uint8_t)(exp << 4), dc[8 * i + 7] |= exp >> 4;
    }
    for (unsigned k = 0; k < 10; k++) {
        put64(da, (3 * k) % 32, dspecial[k]);
        put64(db, (5 * k + 2) % 32, dspecial[(k + 3) % 10]);
        put64(dc, (7 * k + 1) % 32, dspecial[(k + 6) % 10]);
    }
    for (unsigned i = 0; i < 32; i++) {
        pa[i] = (uint8_t)(next() | 0x11);
        pb[i] = (uint8_t)next();
    }
}

static const unsigned crs[] = {0, FZ, DN, RP, RM, RZ, FZ | DN | RM};

static void bf16_tests(void)
{
    for (unsigned k = 0; k < 7; k++) {
        RUN(crs[k], "bfcvt z0.h, p0/m, z1.s", sa, sb, sc);
        RUN(crs[k], "bfcvt z0.h, p1/m, z2.s", sa, sb, sc);
        RUN(crs[k], "bfcvtnt z0.h, p0/m, z1.s", sa, sb, sc);
        RUN(crs[k], "bfcvtnt z0.h, p1/m, z2.s", sa, sb, sc);
        RUN(crs[k], "bfmlalb z0.s, z1.h, z2.h", sa, sb, sc);
        RUN(crs[k], "bfmlalt z0.s, z1.h, z2.h", sa, sb, sc);
        RUN(crs[k], "bfmlalb z0.s, z1.h, z2.h[0]", sa, sb, sc);
        RUN(crs[k], "bfmlalt z0.s, z1.h, z2.h[5]", sa, sb, sc);
        RUN(crs[k], "bfmlalb z0.s, z2.h, z1.h[7]", sc, sa, sb);
    }
    /* BFDOT and BFMMLA ignore FPCR (round to odd, no flags). */
    for (unsigned k = 0; k < 2; k++) {
        RUN(crs[k * 6], "bfdot z0.s, z1.h, z2.h", sa, sb, sc);
        RUN(crs[k * 6], "bfdot z0.s, z2.h, z1.h", sb, sc, sa);
        RUN(crs[k * 6], "bfdot z0.s, z1.h, z2.h[0]", sa, sb, sc);
        RUN(crs[k * 6], "bfdot z0.s, z1.h, z2.h[3]", sa, sb, sc);
        RUN(crs[k * 6], "bfmmla z0.s, z1.h, z2.h", sa, sb, sc);
        RUN(crs[k * 6], "bfmmla z0.s, z2.h, z1.h", sc, sa, sb);
    }
    RUN(0, "movprfx z0, z2\n\tbfdot z0.s, z1.h, z2.h", sa, sb, sc);
}

static void i8mm_tests(void)
{
    RUN(0, "smmla z0.s, z1.b, z2.b", ia, ib, ic);
    RUN(0, "ummla z0.s, z1.b, z2.b", ia, ib, ic);
    RUN(0, "usmmla z0.s, z1.b, z2.b", ia, ib, ic);
    RUN(0, "usmmla z0.s, z2.b, z1.b", ia, ib, ic);
    RUN(0, "usdot z0.s, z1.b, z2.b", ia, ib, ic);
    RUN(0, "usdot z0.s, z2.b, z1.b", ia, ib, ic);
    RUN(0, "usdot z0.s, z1.b, z2.b[0]", ia, ib, ic);
    RUN(0, "usdot z0.s, z1.b, z2.b[3]", ia, ib, ic);
    RUN(0, "sudot z0.s, z1.b, z2.b[1]", ia, ib, ic);
    RUN(0, "sudot z0.s, z2.b, z1.b[2]", ia, ic, ib);
    RUN(0, "movprfx z0, z1\n\tsmmla z0.s, z1.b, z2.b", ia, ib, ic);
}

/* FMMLA .D is UNDEFINED below VL 256 (Arm ARM); qemu 7.2 runs it there
 * and keeps Zda, so that case is left out. */
static void fmmla_tests(void)
{
    for (unsigned k = 0; k < 7; k++) {
        RUN(crs[k], "fmmla z0.s, z1.s, z2.s", sa, sb, sc);
        if (vl >= 32)
            RUN(crs[k], "fmmla z0.d, z1.d, z2.d", da, db, dc);
    }
}

static void f64mm_tests(void)
{
    RUN(0, "zip1 z0.q, z1.q, z2.q", ia, ib, ic);
    RUN(0, "zip2 z0.q, z1.q, z2.q", ia, ib, ic);
    RUN(0, "uzp1 z0.q, z1.q, z2.q", ia, ib, ic);
    RUN(0, "uzp2 z0.q, z1.q, z2.q", ia, ib, ic);
    RUN(0, "trn1 z0.q, z1.q, z2.q", ia, ib, ic);
    RUN(0, "trn2 z0.q, z1.q, z2.q", ia, ib, ic);
    RUN(0, "ld1rob {z0.b}, p0/z, [x1]", ia, ib, ic);
    RUN(0, "ld1rob {z0.b}, p1/z, [x1, #32]", ia, ib, ic);
    RUN(0, "ld1roh {z0.h}, p1/z, [x1, x2, lsl #1]", ia, ib, ic);
    RUN(0, "ld1row {z0.s}, p1/z, [x1, #64]", ia, ib, ic);
    RUN(0, "ld1row {z0.s}, p0/z, [x1, x2, lsl #2]", ia, ib, ic);
    RUN(0, "ld1rod {z0.d}, p1/z, [x1, x2, lsl #3]", ia, ib, ic);
    RUN(0, "ld1rod {z0.d}, p0/z, [x1, #96]", ia, ib, ic);
}

int main(void)
{
    static const unsigned lengths[] = {16, 32, 64};

    setvbuf(stdout, NULL, _IOLBF, 0);
    signal(SIGILL, on_sigill);
    fill();
    for (unsigned k = 0; k < 3; k++) {
        int r = prctl(PR_SVE_SET_VL, lengths[k], 0, 0, 0);
        uint64_t rdvl;

        __asm__ volatile("rdvl %0, #1" : "=r"(rdvl));
        vl = (unsigned)rdvl;
        printf("== VL %u bytes (prctl %#x)\n", vl, r);
        bf16_tests();
        i8mm_tests();
        fmmla_tests();
        f64mm_tests();
    }
    return 0;
}
