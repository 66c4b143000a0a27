/*
 * The SVE predicated forms arx translates inline at VL 128 (compares with
 * NZCV, PTEST, predicate logic, CNTP/INCP/DECP, merging arithmetic, SEL,
 * MOVPRFX, CPY, LD1/LDFF1 with a partial predicate), with random, prefix,
 * empty and full predicates, at VL 128, 256 and 512 bits in one process.
 * insn-cflags: -march=armv8.2-a+sve -O1
 * insn-arx: -cpu max,+sve
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>

#ifndef PR_SVE_SET_VL
#define PR_SVE_SET_VL 50
#endif

static uint8_t za[256] __attribute__((aligned(16))), zb[256], zout[256];
static uint8_t pa[32], pb[32], pc[32], pout[32];
static uint8_t sbuf[256] __attribute__((aligned(16))); /* ST1's target */
static uint8_t *page_end; /* 16 bytes before a page that is not mapped */
static unsigned vl;       /* bytes */

static void show(const char *name, uint64_t nzcv, uint64_t x)
{
    printf("%-44s z0=", name);
    for (unsigned i = vl; i-- > 0;)
        printf("%02x", zout[i]);
    printf(" p0=");
    for (unsigned i = vl / 8; i-- > 0;)
        printf("%02x", pout[i]);
    printf(" nzcv=%llx x=%llx\n", (unsigned long long)(nzcv >> 28),
           (unsigned long long)x);
}

/* Z0 = Z1 = za, Z2 = zb, P1..P3 = pa..pc, P0 false, NZCV all set, x =
 * 0x1234; then insn; Z0, P0, NZCV and x out. */
#define T(insn)                                                                 \
    do {                                                                        \
        uint64_t f, x = 0x1234;                                                 \
        __asm__ volatile(                                                       \
            "ldr z1, [%[ia]]\n\tldr z2, [%[ib]]\n\tldr z0, [%[ia]]\n\t"         \
            "ldr p1, [%[qa]]\n\tldr p2, [%[qb]]\n\tldr p3, [%[qc]]\n\t"         \
            "pfalse p0.b\n\tmovz x9, #0xf000, lsl #16\n\tmsr nzcv, x9\n\t" insn \
            "\n\t"                                                              \
            "str z0, [%[oz]]\n\tstr p0, [%[op]]\n\tmrs %[f], nzcv"              \
            : [f] "=&r"(f), [x] "+r"(x)                                         \
            : [ia] "r"(za), [ib] "r"(zb), [qa] "r"(pa), [qb] "r"(pb),           \
              [qc] "r"(pc), [oz] "r"(zout), [op] "r"(pout),                     \
              [pe] "r"(page_end), [sb] "r"(sbuf)                                \
            : "memory", "cc", "x9", "v0", "v1", "v2", "p0", "p1", "p2", "p3");  \
        show(insn, f, x);                                                       \
    } while (0)

static void compare_tests(void)
{
    T("cmpeq p0.b, p1/z, z1.b, z2.b");
    T("cmpne p0.h, p1/z, z1.h, z1.h");
    T("cmpne p0.b, p1/z, z1.b, z2.b");
    T("cmpge p0.s, p1/z, z1.s, z2.s");
    T("cmpgt p0.d, p1/z, z1.d, z2.d");
    T("cmphs p0.h, p1/z, z1.h, z2.h");
    T("cmphi p0.b, p1/z, z1.b, z2.b");
    T("cmphi p0.d, p1/z, z1.d, z2.d");
    T("cmple p0.b, p1/z, z1.b, z2.b");
    T("cmplt p0.h, p1/z, z1.h, z2.h");
    T("cmplo p0.s, p1/z, z1.s, z2.s");
    T("cmpls p0.d, p1/z, z1.d, z2.d");
    T("cmpeq p0.b, p3/z, z1.b, z1.b");
    T("cmpeq p0.b, p1/z, z1.b, #0");
    T("cmpne p0.s, p1/z, z1.s, #0");
    T("cmpgt p0.b, p1/z, z1.b, #-3");
    T("cmpge p0.h, p1/z, z1.h, #15");
    T("cmplt p0.d, p1/z, z1.d, #-16");
    T("cmple p0.s, p1/z, z1.s, #7");
    T("cmphi p0.b, p1/z, z1.b, #127");
    T("cmphs p0.h, p1/z, z1.h, #100");
    T("cmplo p0.s, p1/z, z1.s, #1");
    T("cmpls p0.d, p1/z, z1.d, #64");
    T("cmpeq p1.b, p1/z, z1.b, z2.b\n\tmov p0.b, p1.b");
    T("cmpeq p0.b, p1/z, z1.b, z2.b\n\tcset %[x], none");
    T("cmpne p0.h, p2/z, z1.h, z2.h\n\tcset %[x], first");
    T("cmpgt p0.s, p2/z, z1.s, z2.s\n\tcset %[x], last");
}

static void predicate_tests(void)
{
    T("ptest p1, p2.b");
    T("ptest p3, p1.b");
    T("and p0.b, p1/z, p2.b, p3.b");
    T("bic p0.b, p1/z, p2.b, p3.b");
    T("eor p0.b, p1/z, p2.b, p3.b");
    T("sel p0.b, p1, p2.b, p3.b");
    T("orr p0.b, p1/z, p2.b, p3.b");
    T("orn p0.b, p1/z, p2.b, p3.b");
    T("nor p0.b, p1/z, p2.b, p3.b");
    T("nand p0.b, p1/z, p2.b, p3.b");
    T("ands p0.b, p1/z, p2.b, p3.b");
    T("bics p0.b, p2/z, p1.b, p3.b");
    T("eors p0.b, p1/z, p2.b, p3.b");
    T("orrs p0.b, p3/z, p2.b, p1.b");
    T("orns p0.b, p1/z, p2.b, p3.b");
    T("nors p0.b, p1/z, p2.b, p3.b");
    T("nands p0.b, p2/z, p1.b, p3.b");
    T("ptrue p0.h, vl3");
    T("ptrues p0.s, mul3");
    T("ptrues p0.b, vl32");
    T("ptrues p0.d");
    T("ptrues p0.b, pow2");
    T("ptrue p0.h, vl8");
    T("pfalse p0.b");
    T("brka p0.b, p1/z, p2.b");
    T("brkb p0.b, p1/z, p2.b");
    T("brkas p0.b, p1/z, p2.b");
    T("brkbs p0.b, p2/z, p1.b");
    T("mov p0.b, p3.b\n\tbrka p0.b, p1/m, p2.b");
    T("mov p0.b, p3.b\n\tbrkb p0.b, p2/m, p1.b");
    T("cntp %[x], p1, p2.b");
    T("cntp %[x], p3, p2.h");
    T("cntp %[x], p1, p1.s");
    T("cntp %[x], p2, p1.d");
    T("incp %[x], p1.b");
    T("incp %[x], p2.h");
    T("decp %[x], p1.s");
    T("decp %[x], p2.d");
    T("incp z0.h, p1");
    T("decp z0.s, p2");
    T("incp z0.d, p3");
}

static void arith_tests(void)
{
    T("add z0.b, p1/m, z0.b, z2.b");
    T("add z0.h, p1/m, z0.h, z2.h");
    T("sub z0.s, p1/m, z0.s, z2.s");
    T("subr z0.d, p1/m, z0.d, z2.d");
    T("smax z0.b, p1/m, z0.b, z2.b");
    T("umax z0.h, p1/m, z0.h, z2.h");
    T("smin z0.s, p1/m, z0.s, z2.s");
    T("umin z0.d, p1/m, z0.d, z2.d");
    T("sabd z0.b, p1/m, z0.b, z2.b");
    T("uabd z0.s, p1/m, z0.s, z2.s");
    T("mul z0.b, p1/m, z0.b, z2.b");
    T("mul z0.h, p1/m, z0.h, z2.h");
    T("mul z0.s, p1/m, z0.s, z2.s");
    T("mul z0.d, p1/m, z0.d, z2.d");
    T("orr z0.s, p1/m, z0.s, z2.s");
    T("eor z0.h, p1/m, z0.h, z2.h");
    T("and z0.b, p1/m, z0.b, z2.b");
    T("bic z0.d, p1/m, z0.d, z2.d");
    T("mla z0.s, p1/m, z1.s, z2.s");
    T("mls z0.h, p1/m, z2.h, z2.h");
    T("mad z0.b, p1/m, z2.b, z1.b");
    T("msb z0.s, p1/m, z2.s, z1.s");
    T("asr z0.b, p1/m, z0.b, #3");
    T("asr z0.d, p1/m, z0.d, #64");
    T("lsr z0.h, p1/m, z0.h, #16");
    T("lsl z0.s, p1/m, z0.s, #31");
    T("lsl z0.d, p1/m, z0.d, #0");
    T("sxtb z0.h, p1/m, z2.h");
    T("uxtb z0.d, p1/m, z2.d");
    T("sxth z0.s, p1/m, z2.s");
    T("uxth z0.s, p1/m, z2.s");
    T("sxtw z0.d, p1/m, z2.d");
    T("uxtw z0.d, p1/m, z2.d");
    T("abs z0.b, p1/m, z2.b");
    T("abs z0.d, p1/m, z2.d");
    T("neg z0.h, p1/m, z2.h");
    T("neg z0.s, p1/m, z2.s");
    T("not z0.b, p1/m, z2.b");
    T("fabs z0.s, p1/m, z2.s");
    T("fneg z0.d, p1/m, z2.d");
    T("fneg z0.h, p1/m, z2.h");
    T("cnt z0.b, p1/m, z2.b");
    T("sel z0.h, p1, z1.h, z2.h");
    T("sel z0.d, p1, z2.d, z1.d");
    T("movprfx z0, z2\n\tadd z0.s, p1/m, z0.s, z1.s");
    T("movprfx z0.s, p1/z, z2.s\n\tadd z0.s, p1/m, z0.s, z1.s");
    T("movprfx z0.h, p1/m, z2.h\n\tsub z0.h, p1/m, z0.h, z1.h");
    T("mov z0.h, p1/z, #5");
    T("mov z0.s, p1/m, #-3");
    T("mov z0.b, p1/m, #0x7f");
    T("mov z0.d, p1/z, #-256");
    T("fmov z0.s, p1/m, #-1.5");
    T("fmov z0.d, p1/m, #0.125");
    T("fmov z0.h, p1/m, #31.0");
}

/* P1 |= element 0 (P2, P3 changed). */
#define FIRST_ON                                                               \
    "ptrue p2.b\n\tptrue p3.b, vl1\n\torr p1.b, p2/z, p1.b, p3.b\n\t"

static void load_tests(void)
{
    T("ld1b z0.b, p1/z, [%[ib]]");
    T("ld1h z0.h, p1/z, [%[ib]]");
    T("ld1w z0.s, p1/z, [%[ib], #1, mul vl]");
    T("mov %[x], #4\n\tld1d z0.d, p1/z, [%[ib], %[x], lsl #3]");
    /* Element 0 active in LDFF1's P1: qemu 7.2 loads nothing when the
     * first active element is a later one. */
    T(FIRST_ON "mov %[x], #2\n\tsetffr\n\t"
               "ldff1w z0.s, p1/z, [%[ib], %[x], lsl #2]\n\trdffr p0.b");
    T(FIRST_ON "setffr\n\tldff1b z0.b, p1/z, [%[ib], xzr]\n\trdffr p0.b");
    /* The last 16 bytes before an unmapped page: only the first 16 (8, 4)
     * elements may be read. */
    T("mov %[x], #0\n\tmov x9, #16\n\twhilelo p1.b, %[x], x9\n\t"
      "setffr\n\tldff1b z0.b, p1/z, [%[pe], xzr]\n\trdffr p0.b");
    T("mov %[x], #0\n\tptrue p1.h\n\tsetffr\n\t"
      "ldff1h z0.h, p1/z, [%[pe], xzr, lsl #1]\n\trdffr p0.b");
    T("mov %[x], #0\n\tptrue p1.s, vl4\n\tld1w z0.s, p1/z, [%[pe]]");
    T("mov %[x], #1\n\tmov x9, #4\n\twhilelo p1.s, %[x], x9\n\tld1w z0.s, p1/z, [%[pe]]");
    T("mov %[x], #0\n\tpfalse p1.b\n\tld1b z0.b, p1/z, [%[pe], #1, mul vl]");
}

/* ST1 over Z1's bytes at sbuf (page_end): only P1's active elements
 * change; Z0 reads the bytes back. */
#define ST(insn)                                                               \
    T("ptrue p0.b\n\tst1b z1.b, p0, [%[sb]]\n\t" insn                          \
      "\n\tld1b z0.b, p0/z, [%[sb]]")
#define ST_EDGE(insn)                                                          \
    T("mov %[x], #0\n\tmov x9, #16\n\twhilelo p0.b, %[x], x9\n\t"              \
      "st1b z1.b, p0, [%[pe]]\n\tmov x9, #4\n\twhilelo p3.s, %[x], x9\n\t"     \
      "and p3.b, p3/z, p1.b, p1.b\n\t" insn "\n\tld1b z0.b, p0/z, [%[pe]]")

static void store_tests(void)
{
    ST("st1h z2.h, p1, [%[sb]]");
    ST("st1w z2.s, p1, [%[sb]]");
    ST("st1d z2.d, p1, [%[sb]]");
    ST("st1b z2.b, p1, [%[sb]]");
    ST("st1w z2.s, p1, [%[sb], #1, mul vl]");
    ST("mov %[x], #3\n\tst1h z2.h, p1, [%[sb], %[x], lsl #1]");
    ST("pfalse p1.b\n\tst1w z2.s, p1, [%[sb]]");
    ST_EDGE("st1w z2.s, p3, [%[pe]]");
    ST_EDGE(
        "ptrue p1.s\n\tand p3.b, p3/z, p1.b, p1.b\n\tst1w z2.s, p3, [%[pe]]");
}

/* FP: Z0 = Z1 = fa, Z2 = fb, P1 = pa, FPCR = fpcr, FPSR 0; x = FPSR. */
static uint8_t fa[256] __attribute__((aligned(16))), fb[256];

#define TF(insn, fpcr)                                                         \
    do {                                                                       \
        uint64_t x;                                                            \
        __asm__ volatile("ldr z1, [%[ia]]\n\tldr z2, [%[ib]]\n\t"              \
                         "ldr z0, [%[ia]]\n\tldr p1, [%[qa]]\n\t"              \
                         "msr fpcr, %[c]\n\tmsr fpsr, xzr\n\t" insn "\n\t"     \
                         "mrs %[x], fpsr\n\tmsr fpcr, xzr\n\t"                 \
                         "str z0, [%[oz]]"                                     \
                         : [x] "=&r"(x)                                        \
                         : [ia] "r"(fa), [ib] "r"(fb), [qa] "r"(pa),           \
                           [oz] "r"(zout), [c] "r"((uint64_t)(fpcr))           \
                         : "memory", "v0", "v1", "v2", "p1", "p3");            \
        memset(pout, 0, sizeof(pout));                                         \
        show(insn " fpcr=" #fpcr, 0, x);                                       \
    } while (0)

static void fp_tests(void)
{
    static const unsigned long fpcrs[] = {0, 1ul << 24, 1ul << 25, 3ul << 22};

    for (unsigned k = 0; k < 4; k++) {
        TF("fadd z0.s, p1/m, z0.s, z2.s", fpcrs[k]);
        TF("fsub z0.d, p1/m, z0.d, z2.d", fpcrs[k]);
        TF("fmul z0.s, p1/m, z0.s, z2.s", fpcrs[k]);
        TF("fsubr z0.d, p1/m, z0.d, z2.d", fpcrs[k]);
        TF("fmul z0.d, p1/m, z0.d, z0.d", fpcrs[k]);
        TF("fadd z0.h, p1/m, z0.h, z2.h", fpcrs[k]);
        TF("fmla z0.s, p1/m, z1.s, z2.s", fpcrs[k]);
        TF("ptrue p3.s\n\tfmla z0.s, p3/m, z1.s, z2.s", fpcrs[k]);
        TF("ptrue p3.d\n\tfmls z0.d, p3/m, z2.d, z1.d", fpcrs[k]);
        TF("ptrue p3.s\n\tfnmla z0.s, p3/m, z2.s, z2.s", fpcrs[k]);
        TF("ptrue p3.d\n\tfnmls z0.d, p3/m, z1.d, z2.d", fpcrs[k]);
        TF("ptrue p3.s\n\tfmad z0.s, p3/m, z2.s, z1.s", fpcrs[k]);
        TF("ptrue p3.d\n\tfmsb z0.d, p3/m, z1.d, z2.d", fpcrs[k]);
        TF("ptrue p3.s\n\tfnmad z0.s, p3/m, z2.s, z1.s", fpcrs[k]);
        TF("ptrue p3.d\n\tfnmsb z0.d, p3/m, z2.d, z1.d", fpcrs[k]);
        TF("fnmsb z0.d, p1/m, z2.d, z1.d", fpcrs[k]);
        /* Exact cancellations: the sign of the zero. */
        TF("fmov z0.s, #1.0\n\tfmov z1.s, #1.0\n\tfmov z2.s, #-1.0\n\t"
           "ptrue p3.s\n\tfnmla z0.s, p3/m, z1.s, z2.s",
           fpcrs[k]);
        TF("fmov z0.d, #-1.0\n\tfmov z1.d, #1.0\n\tfmov z2.d, #-1.0\n\t"
           "ptrue p3.d\n\tfnmls z0.d, p3/m, z1.d, z2.d",
           fpcrs[k]);
        TF("fmov z0.s, #1.0\n\tfmov z1.s, #1.0\n\tfmov z2.s, #-1.0\n\t"
           "ptrue p3.s\n\tfmla z0.s, p3/m, z1.s, z2.s",
           fpcrs[k]);
        TF("fmov z0.d, #1.0\n\tfmov z1.d, #1.0\n\tfmov z2.d, #1.0\n\t"
           "ptrue p3.d\n\tfmls z0.d, p3/m, z1.d, z2.d",
           fpcrs[k]);
    }
}

/* Singles and doubles over edges: NaNs (quiet, signalling), infinities,
 * -0, denormals, the smallest normal, values whose product is tiny or
 * inexact: each 16-byte block four singles or two doubles. */
static void fill_fp(uint32_t *seed)
{
    static const uint32_t fs[] = {
        0x3fc00000, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0x7f800001,
        0x00800000, 0x00000001, 0x1e3ce508, 0x7f7fffff, 0xc0200000, 0x00000000,
        0x3dcccccd, 0x20000000, 0x9e3ce508, 0x40e00000};
    static const uint64_t fd[] = {
        0x3ff8000000000000, 0x8000000000000000, 0x7ff0000000000000,
        0x7ff8000000000000, 0x0010000000000000, 0x0000000000000001,
        0x2000000000000000, 0x7fefffffffffffff, 0xc008000000000000,
        0x3fb999999999999a, 0x7ff0000000000001, 0x1ff0000000000000};

    for (unsigned base = 0; base < 256; base += 16) {
        *seed = *seed * 1103515245 + 12345;
        if (*seed & 0x10000) {
            for (unsigned i = 0; i < 4; i++) {
                *seed = *seed * 1103515245 + 12345;
                memcpy(fa + base + 4 * i, &fs[(*seed >> 16) % 16], 4);
                memcpy(fb + base + 4 * i, &fs[(*seed >> 8) % 16], 4);
            }
            continue;
        }
        for (unsigned i = 0; i < 2; i++) {
            *seed = *seed * 1103515245 + 12345;
            memcpy(fa + base + 8 * i, &fd[(*seed >> 16) % 12], 8);
            memcpy(fb + base + 8 * i, &fd[(*seed >> 8) % 12], 8);
        }
    }
}

/* The predicates: random bits, a prefix (as WHILELO gives), none, all. */
static void set_predicates(unsigned kind, uint32_t *seed)
{
    for (unsigned i = 0; i < 32; i++) {
        uint8_t r[3];
        for (unsigned k = 0; k < 3; k++) {
            *seed = *seed * 1103515245 + 12345;
            r[k] = (uint8_t)(*seed >> 16);
        }
        switch (kind) {
        case 0:
            pa[i] = r[0];
            pb[i] = r[1];
            pc[i] = r[2];
            break;
        case 1:
            pa[i] = i < 1 ? 0xff : i == 1 ? 0x1f : 0;
            pb[i] = i < 1 ? 0x55 : 0;
            pc[i] = r[2];
            break;
        case 2:
            pa[i] = 0;
            pb[i] = r[1];
            pc[i] = 0;
            break;
        default:
            pa[i] = 0xff;
            pb[i] = 0xff;
            pc[i] = r[2] | 1;
            break;
        }
    }
}

int main(void)
{
    static const unsigned lengths[] = {16, 32, 64, 16};
    uint32_t seed = 0x2545f491;
    uint8_t *map;

    setvbuf(stdout, NULL, _IOLBF, 0);
    for (unsigned i = 0; i < 256; i++) {
        seed = seed * 1103515245 + 12345;
        za[i] = (uint8_t)(seed >> 16);
        seed = seed * 1103515245 + 12345;
        zb[i] = (uint8_t)(seed >> 16);
    }
    /* Some equal lanes and edge values, so EQ and the orders both come up. */
    memcpy(zb + 8, za + 8, 8);
    za[0] = 0x80;
    za[5] = 0x7f;
    za[6] = 0;
    map = mmap(NULL, 2 * 65536, PROT_READ | PROT_WRITE,
               MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (map == MAP_FAILED || munmap(map + 65536, 65536) != 0)
        return 1;
    page_end = map + 65536 - 16;
    memcpy(page_end, za, 16);
    for (unsigned k = 0; k < 4; k++) {
        int r = prctl(PR_SVE_SET_VL, lengths[k], 0, 0, 0);
        uint64_t rdvl;

        __asm__ volatile("rdvl %0, #1" : "=r"(rdvl));
        vl = (unsigned)rdvl;
        printf("== VL %u bytes (prctl %#x)\n", vl, r);
        for (unsigned kind = 0; kind < 4; kind++) {
            printf("-- predicates %u\n", kind);
            set_predicates(kind, &seed);
            compare_tests();
            predicate_tests();
            arith_tests();
            load_tests();
            store_tests();
            for (unsigned f = 0; f < 3; f++) {
                fill_fp(&seed);
                fp_tests();
            }
        }
    }
    return 0;
}
