/*
 * The SVE forms arx translates inline at VL 128 (WHILELO/WHILELT,
 * unpredicated ADD/SUB, AND/ORR/EOR/BIC, FADD/FSUB/FMUL, FADDA, LD1/ST1,
 * LDFF1, SETFFR, RDFFR), at VL 128, 256
 * and 512 bytes in one process, so a block made for one VL must not run
 * at another: operands at the edges of the 32- and 64-bit ranges, FP
 * NaNs, infinities, -0, denormals and tiny results, FPSR after each.
 * insn-cflags: -march=armv8.2-a+sve -O1
 * insn-arx: -cpu max,+sve
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>

#ifndef PR_SVE_SET_VL
#define PR_SVE_SET_VL 50
#endif

static uint8_t za[256], zb[256], zout[256], pout[32];
static unsigned vl; /* bytes */

static void show(const char *name, uint64_t nzcv, uint64_t fpsr)
{
    printf("%-34s z0=", name);
    for (unsigned i = vl; i-- > 0;)
        printf("%02x", zout[i]);
    printf(" p2=");
    for (unsigned i = vl / 8; i-- > 0;)
        printf("%02x", pout[i]);
    printf(" nzcv=%llx fpsr=%llx\n", (unsigned long long)(nzcv >> 28),
           (unsigned long long)fpsr);
}

/* WHILE<cc> P2 from x10 = a and x11 = b (or w10, w11). */
#define W(insn, a, b)                                                          \
    do {                                                                       \
        uint64_t f;                                                            \
        memset(pout, 0, sizeof(pout));                                         \
        __asm__ volatile(                                                      \
            "mov x10, %[x]\n\tmov x11, %[y]\n\t"                               \
            "msr nzcv, xzr\n\t" insn "\n\t"                                    \
            "str p2, [%[op]]\n\tmrs %[f], nzcv"                                \
            : [f] "=&r"(f)                                                     \
            : [x] "r"((uint64_t)(a)), [y] "r"((uint64_t)(b)), [op] "r"(pout)   \
            : "memory", "cc", "x10", "x11", "p2");                             \
        memset(zout, 0, sizeof(zout));                                         \
        show(insn " " #a " " #b, f, 0);                                        \
    } while (0)

/* Z1 = za, Z2 = zb, Z0 = za too (for z0-aliasing forms), FPSR 0; then
 * insn; Z0 and FPSR out. */
#define Z(insn)                                                                \
    do {                                                                       \
        uint64_t fpsr;                                                         \
        __asm__ volatile("ldr z1, [%[ia]]\n\tldr z2, [%[ib]]\n\t"              \
                         "ldr z0, [%[ia]]\n\tmsr fpsr, xzr\n\t" insn "\n\t"    \
                         "str z0, [%[oz]]\n\tmrs %[s], fpsr"                   \
                         : [s] "=&r"(fpsr)                                     \
                         : [ia] "r"(za), [ib] "r"(zb), [oz] "r"(zout)          \
                         : "memory", "v0", "v1", "v2", "p3");                  \
        memset(pout, 0, sizeof(pout));                                         \
        show(insn, 0, fpsr);                                                   \
    } while (0)

static void while_tests(void)
{
    W("whilelo p2.b, x10, x11", 3, 9);
    W("whilelo p2.b, x10, x11", 9, 3);
    W("whilelo p2.h, x10, x11", 5, 5);
    W("whilelo p2.s, x10, x11", 1, -1);
    W("whilelo p2.d, x10, x11", -2, -1);
    W("whilelo p2.b, x10, x11", 0, 1000);
    W("whilelo p2.s, w10, w11", 0xfffffffe, 0xffffffff);
    W("whilelo p2.h, w10, w11", 0x100000001, 0x5);
    W("whilelo p2.b, w10, w11", 1, 0xffffffff);
    W("whilelt p2.b, x10, x11", 1, -1);
    W("whilelt p2.h, x10, x11", -5, 2);
    W("whilelt p2.s, x10, x11", INT64_MIN, INT64_MAX);
    W("whilelt p2.d, x10, x11", INT64_MAX - 1, INT64_MAX);
    W("whilelt p2.s, w10, w11", 0x7ffffffe, 0x80000000);
    W("whilelt p2.b, w10, w11", 0xfffffff0, 0x3);
    W("whilelt p2.d, w10, w11", 0x80000000, 0x7fffffff);
    W("whilele p2.s, x10, x11", 3, 7);
    W("whilels p2.b, w10, w11", 0xfffffffe, 0xffffffff);
}

static void vec_tests(void)
{
    Z("add z0.b, z1.b, z2.b");
    Z("add z0.h, z1.h, z2.h");
    Z("sub z0.s, z1.s, z2.s");
    Z("sub z0.d, z0.d, z2.d");
    Z("and z0.d, z1.d, z2.d");
    Z("orr z0.d, z1.d, z2.d");
    Z("eor z0.d, z1.d, z0.d");
    Z("bic z0.d, z1.d, z2.d");
    Z("fadd z0.s, z1.s, z2.s");
    Z("fsub z0.s, z1.s, z2.s");
    Z("fmul z0.s, z1.s, z2.s");
    Z("fmul z0.s, z0.s, z0.s");
    Z("fadd z0.d, z1.d, z2.d");
    Z("fsub z0.d, z2.d, z1.d");
    Z("fmul z0.d, z1.d, z2.d");
    Z("fadd z0.h, z1.h, z2.h");
    Z("ptrue p3.s\n\tfadda s0, p3, s0, z2.s");
    Z("ptrue p3.d\n\tfadda d0, p3, d0, z2.d");
    Z("ptrue p3.s\n\tfadda s0, p3, s0, z1.s");
    Z("ptrue p3.s, vl1\n\tfadda s0, p3, s0, z2.s");
    Z("ptrue p3.b\n\tld1w z0.s, p3/z, [%[ia]]");
    Z("ptrue p3.s, vl2\n\tld1w z0.s, p3/z, [%[ib]]");
    Z("ptrue p3.s\n\tst1w z2.s, p3, [%[oz]]\n\tld1w z0.s, p3/z, [%[oz]]");
    Z("ptrue p3.s\n\tsetffr\n\tldff1w z0.s, p3/z, [%[ia], xzr, lsl #2]\n\t"
      "rdffr p3.b\n\tmov z0.b, p3/m, #1");
}

/* Integers and floats over edges: NaNs (quiet, signalling), infinities,
 * -0, denormals, values whose product or difference is tiny. */
static void fill_inputs(void)
{
    static const float fs[] = {1.5f,
                               -0.0f,
                               INFINITY,
                               -INFINITY,
                               NAN,
                               1e-38f,
                               1.17549435e-38f,
                               3e38f,
                               -2.5f,
                               0.0f,
                               1e-45f,
                               7.0f,
                               -1e-20f,
                               1e20f,
                               0.1f,
                               0x1.000002p-126f};
    static const double fd[] = {
        1.5, -0.0, INFINITY, NAN, 2.2250738585072014e-308, 1e-300, -3.0, 1e300};
    uint32_t x = 0x2545f491, snan = 0x7f800001u;

    for (unsigned i = 0; i < 256; i++) {
        x = x * 1103515245 + 12345;
        za[i] = (uint8_t)(x >> 16);
        x = x * 1103515245 + 12345;
        zb[i] = (uint8_t)(x >> 16);
    }
    /* Floats in the first half of each 32 bytes, doubles in the rest. */
    for (unsigned base = 0; base < 256; base += 32) {
        for (unsigned i = 0; i < 4; i++) {
            float a = fs[(base / 32 + i) % 16],
                  b = fs[(base / 32 + 3 * i + 5) % 16];
            memcpy(za + base + 4 * i, &a, 4);
            memcpy(zb + base + 4 * i, &b, 4);
        }
        for (unsigned i = 0; i < 2; i++) {
            double a = fd[(base / 32 + i) % 8],
                   b = fd[(base / 32 + 2 * i + 3) % 8];
            memcpy(za + base + 16 + 8 * i, &a, 8);
            memcpy(zb + base + 16 + 8 * i, &b, 8);
        }
    }
    memcpy(zb + 36, &snan, 4);
}

int main(void)
{
    static const unsigned lengths[] = {16, 32, 64, 16};

    setvbuf(stdout, NULL, _IOLBF, 0);
    fill_inputs();
    for (unsigned k = 0; k < 4; k++) {
        int r = prctl(PR_SVE_SET_VL, lengths[k], 0, 0, 0);
        uint64_t rdvl;

        __asm__ volatile("rdvl %0, #1" : "=r"(rdvl));
        vl = (unsigned)rdvl;
        printf("== VL %u bytes (prctl %#x)\n", vl, r);
        while_tests();
        vec_tests();
    }
    return 0;
}
