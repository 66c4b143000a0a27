/*
 * SVE (FEAT_SVE) first instruction groups at vector lengths 128, 256 and
 * 512 bits (prctl PR_SVE_SET_VL): each instruction on fixed Z and P
 * inputs, printing Z0, P2, X9 and NZCV after it, plus prctl, contiguous
 * loads and stores, first-fault loads, faults and the AdvSIMD rule that a
 * V write zeroes Z above bit 128. The reference is qemu-aarch64 -cpu max.
 * insn-cflags: -march=armv8.2-a+sve -O1
 * insn-arx: -cpu max,+sve
 */
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <ucontext.h>
#include <unistd.h>

#ifndef PR_SVE_SET_VL
#define PR_SVE_SET_VL 50
#define PR_SVE_GET_VL 51
#define PR_SVE_SET_VL_ONEXEC (1 << 18)
#define PR_SVE_VL_INHERIT (1 << 17)
#endif

static uint8_t za[256], zb[256], zc[256], fa[256], fb[256], fc[256];
static uint8_t pa[32], pb[32];
static uint8_t zout[256], pout[32];
static uint64_t xout;
static unsigned vl; /* bytes */

static void show(const char *name, uint64_t nzcv)
{
    printf("%-28s z0=", name);
    for (unsigned i = vl; i-- > 0;)
        printf("%02x", zout[i]);
    printf(" p2=");
    for (unsigned i = vl / 8; i-- > 0;)
        printf("%02x", pout[i]);
    printf(" x9=%llx nzcv=%llx\n", (unsigned long long)xout,
           (unsigned long long)(nzcv >> 28));
}

/* Z0-Z2 from a, b, c, P0 and P1 from pa and pb, X9 = 1000, NZCV = 0;
 * then insn; then Z0, P2, X9 and NZCV out. */
#define T(name, insn, a, b, c)                                                 \
    do {                                                                       \
        uint64_t f;                                                            \
        memset(zout, 0, sizeof(zout));                                         \
        memset(pout, 0, sizeof(pout));                                         \
        __asm__ volatile(                                                      \
            "ldr z0, [%[ia]]\n\tldr z1, [%[ib]]\n\t"                           \
            "ldr z2, [%[ic]]\n\tldr p0, [%[ipa]]\n\t"                          \
            "ldr p1, [%[ipb]]\n\tpfalse p2.b\n\t"                              \
            "mov x9, #1000\n\tmsr nzcv, xzr\n\t" insn "\n\t"                   \
            "str z0, [%[oz]]\n\tstr p2, [%[op]]\n\t"                           \
            "str x9, [%[ox]]\n\tmrs %[f], nzcv"                                \
            : [f] "=&r"(f)                                                     \
            : [ia] "r"(a), [ib] "r"(b), [ic] "r"(c), [ipa] "r"(pa),            \
              [ipb] "r"(pb), [oz] "r"(zout), [op] "r"(pout), [ox] "r"(&xout)   \
            : "memory", "cc", "x9", "x10", "x11", "v0", "v1", "v2", "v3",      \
              "v4", "v29", "v30", "v31");                                      \
        show(name, f);                                                         \
    } while (0)

#define TI(insn) T(insn, insn, za, zb, zc)
#define TF(insn) T(insn, insn, fa, fb, fc)

static void fill_inputs(void)
{
    uint32_t x = 0x12345679;
    float fs[64];
    double fd[32];

    for (unsigned i = 0; i < 256; i++) {
        x = x * 1103515245 + 12345;
        za[i] = (uint8_t)(x >> 16);
        x = x * 1103515245 + 12345;
        zb[i] = (uint8_t)(x >> 16);
        zc[i] = (uint8_t)(i * 7 + 3);
    }
    /* Some equal bytes for the compares. */
    for (unsigned i = 0; i < 256; i += 5)
        zb[i] = za[i];
    for (unsigned i = 0; i < 32; i++) {
        x = x * 1103515245 + 12345;
        pa[i] = (uint8_t)(x >> 16) | 0x11;
        x = x * 1103515245 + 12345;
        pb[i] = (uint8_t)(x >> 16);
    }
    for (unsigned i = 0; i < 64; i++)
        fs[i] = (float)((int)i - 20) * 0.37f + 1.0f / (float)(i + 3);
    fs[5] = __builtin_nanf("");
    fs[9] = 1e30f;
    memcpy(fa, fs, sizeof(fs));
    for (unsigned i = 0; i < 64; i++)
        fs[i] = (float)(i % 7) * -1.25f + 1e-3f * (float)i;
    fs[9] = 1e30f;
    memcpy(fb, fs, sizeof(fs));
    for (unsigned i = 0; i < 32; i++)
        fd[i] = (double)i / 3.0 - 2.5;
    memcpy(fc, fd, sizeof(fd));
}

static void int_tests(void)
{
    TI("add z0.b, z1.b, z2.b");
    TI("sub z0.h, z1.h, z2.h");
    TI("add z0.d, z1.d, z0.d");
    TI("and z0.d, z1.d, z2.d");
    TI("orr z0.d, z1.d, z2.d");
    TI("eor z0.d, z1.d, z2.d");
    TI("bic z0.d, z1.d, z2.d");
    TI("add z0.b, p0/m, z0.b, z1.b");
    TI("sub z0.h, p0/m, z0.h, z1.h");
    TI("subr z0.s, p1/m, z0.s, z1.s");
    TI("mul z0.s, p0/m, z0.s, z1.s");
    TI("mul z0.d, p1/m, z0.d, z1.d");
    TI("smulh z0.b, p0/m, z0.b, z1.b");
    TI("smulh z0.d, p0/m, z0.d, z1.d");
    TI("umulh z0.h, p0/m, z0.h, z1.h");
    TI("umulh z0.d, p0/m, z0.d, z1.d");
    TI("sdiv z0.s, p0/m, z0.s, z1.s");
    TI("udiv z0.d, p0/m, z0.d, z1.d");
    TI("sdivr z0.s, p1/m, z0.s, z1.s");
    TI("smax z0.b, p0/m, z0.b, z1.b");
    TI("umax z0.h, p0/m, z0.h, z1.h");
    TI("smin z0.s, p0/m, z0.s, z1.s");
    TI("umin z0.d, p0/m, z0.d, z1.d");
    TI("sabd z0.b, p0/m, z0.b, z1.b");
    TI("uabd z0.s, p1/m, z0.s, z1.s");
    TI("orr z0.b, p0/m, z0.b, z1.b");
    TI("eor z0.h, p0/m, z0.h, z1.h");
    TI("and z0.s, p0/m, z0.s, z1.s");
    TI("bic z0.d, p0/m, z0.d, z1.d");
    TI("movprfx z0.s, p0/z, z1.s");
    TI("movprfx z0.d, p1/m, z1.d");
    TI("movprfx z0, z2\n\tadd z0.h, p0/m, z0.h, z1.h");
    TI("mla z0.s, p0/m, z1.s, z2.s");
    TI("mls z0.b, p0/m, z1.b, z2.b");
    TI("mad z0.h, p0/m, z1.h, z2.h");
    TI("msb z0.d, p1/m, z1.d, z2.d");
    TI("index z0.s, #1, #2");
    TI("index z0.b, #-16, #15");
    TI("index z0.d, x9, #-3");
    TI("index z0.h, #5, w9");
    TI("index z0.s, w9, w9");
    TI("mov z0.s, w9");
    TI("mov z0.b, w9");
    TI("mov z0.d, sp\n\tmov z0.d, #0");
    TI("mov z0.h, #-128");
    TI("mov z0.s, #0x3f00");
    TI("mov z0.d, #-32768");
    TI("dup z0.b, z1.b[3]");
    TI("dup z0.s, z1.s[3]");
    TI("dup z0.d, z1.d[1]");
    TI("dup z0.q, z1.q[1]");
    TI("dup z0.b, z1.b[63]");
    TI("sel z0.b, p0, z1.b, z2.b");
    TI("sel z0.s, p1, z1.s, z2.s");
    TI("mov z0.d, p0/m, z2.d");
    TI("mov z0.b, p0/z, #1");
    TI("mov z0.h, p1/m, #-2");
    TI("mov z0.s, p0/z, #0x200");
    TI("add z0.b, z0.b, #200");
    TI("sub z0.s, z0.s, #0x1100");
    TI("subr z0.h, z0.h, #7");
    TI("mul z0.s, z0.s, #-3");
    TI("mul z0.b, z0.b, #127");
    TI("uaddv d0, p0, z1.b");
    TI("uaddv d0, p1, z1.d");
    TI("saddv d0, p0, z1.h");
    TI("saddv d0, p1, z1.s");
}

static void cmp_tests(void)
{
    TI("cmpeq p2.b, p0/z, z1.b, z0.b");
    TI("cmpne p2.h, p0/z, z1.h, z0.h");
    TI("cmpge p2.s, p0/z, z1.s, z0.s");
    TI("cmpgt p2.d, p0/z, z1.d, z0.d");
    TI("cmphs p2.b, p1/z, z1.b, z0.b");
    TI("cmphi p2.h, p1/z, z1.h, z0.h");
    TI("cmplt p2.s, p0/z, z1.s, z0.s");
    TI("cmpls p2.b, p0/z, z1.b, z0.b");
    TI("cmpeq p2.b, p0/z, z1.b, z0.d");
    TI("cmpne p2.s, p1/z, z1.s, z0.d");
    TI("cmpeq p2.s, p0/z, z1.s, #-3");
    TI("cmpne p2.b, p0/z, z1.b, #0");
    TI("cmpge p2.h, p0/z, z1.h, #1");
    TI("cmpgt p2.d, p1/z, z1.d, #-16");
    TI("cmplt p2.b, p0/z, z1.b, #15");
    TI("cmple p2.s, p0/z, z1.s, #0");
    TI("cmphs p2.b, p0/z, z1.b, #100");
    TI("cmphi p2.h, p0/z, z1.h, #127");
    TI("cmplo p2.s, p1/z, z1.s, #5");
    TI("cmpls p2.d, p0/z, z1.d, #0");
    TI("cmpeq p2.b, p2/z, z1.b, z0.b");
}

static void pred_tests(void)
{
    TI("ptrue p2.b");
    TI("ptrue p2.h, vl3");
    TI("ptrue p2.s, vl8");
    TI("ptrue p2.d, pow2");
    TI("ptrue p2.b, vl16");
    TI("ptrue p2.b, vl32");
    TI("ptrue p2.b, vl64");
    TI("ptrue p2.h, mul3");
    TI("ptrue p2.s, mul4");
    TI("ptrue p2.b, #14");
    TI("ptrues p2.s, vl1");
    TI("ptrues p2.d, vl256");
    TI("ptrues p2.b, all");
    TI("mov x10, #3\n\tmov x11, #9\n\twhilelo p2.b, x10, x11");
    TI("mov x10, #3\n\tmov x11, #3\n\twhilelo p2.h, x10, x11");
    TI("mov x10, #3\n\tmov x11, #7\n\twhilels p2.s, x10, x11");
    TI("mov x10, #-5\n\tmov x11, #2\n\twhilelt p2.b, x10, x11");
    TI("mov x10, #-5\n\tmov x11, #-4\n\twhilele p2.d, x10, x11");
    TI("mov w10, #-2\n\tmov w11, #-1\n\twhilels p2.b, w10, w11");
    TI("mov w10, #0x7ffffffe\n\tmov w11, #0x7fffffff\n\twhilele p2.h, w10, w11");
    TI("mov x10, #-3\n\tmov x11, #-1\n\twhilelo p2.s, x10, x11");
    TI("mov x10, #0\n\tmov x11, #1000\n\twhilelo p2.b, x10, x11");
    TI("ptest p0, p1.b");
    TI("ptest p1, p0.b");
    TI("pfalse p3.b\n\tptest p0, p3.b");
    TI("and p2.b, p0/z, p1.b, p0.b");
    TI("ands p2.b, p0/z, p1.b, p0.b");
    TI("bic p2.b, p1/z, p0.b, p1.b");
    TI("bics p2.b, p1/z, p0.b, p1.b");
    TI("eor p2.b, p0/z, p1.b, p0.b");
    TI("eors p2.b, p0/z, p1.b, p1.b");
    TI("sel p2.b, p0, p1.b, p0.b");
    TI("orr p2.b, p0/z, p1.b, p0.b");
    TI("orrs p2.b, p1/z, p1.b, p0.b");
    TI("orn p2.b, p0/z, p1.b, p0.b");
    TI("nor p2.b, p0/z, p1.b, p0.b");
    TI("nors p2.b, p0/z, p1.b, p0.b");
    TI("nand p2.b, p1/z, p1.b, p0.b");
    TI("nands p2.b, p1/z, p0.b, p0.b");
    TI("setffr\n\trdffr p2.b");
    TI("setffr\n\trdffr p2.b, p0/z");
    TI("setffr\n\trdffrs p2.b, p1/z");
    TI("wrffr p1.b\n\trdffrs p2.b, p0/z");
}

static void count_tests(void)
{
    TI("cntb x9");
    TI("cnth x9, vl8, mul #3");
    TI("cntw x9, pow2");
    TI("cntd x9, all, mul #16");
    TI("cntb x9, mul3");
    TI("cntb x9, vl256");
    TI("incd x9");
    TI("decw x9, all, mul #2");
    TI("incb x9, vl7");
    TI("dech x9, mul4, mul #5");
    TI("incw z0.s");
    TI("decd z0.d, all, mul #4");
    TI("inch z0.h, vl2");
    TI("addvl x9, x9, #3");
    TI("addvl x9, x9, #-32");
    TI("addpl x9, x9, #-2");
    TI("addpl x9, x9, #31");
    TI("rdvl x9, #1");
    TI("rdvl x9, #-7");
    TI("mov x10, sp\n\taddvl sp, sp, #-2\n\tmov x9, sp\n\tmov sp, x10\n\t"
       "sub x9, x10, x9");
}

static void fp_tests(void)
{
    TF("fadd z0.s, z1.s, z2.s");
    TF("fsub z0.s, z1.s, z0.s");
    TF("fmul z0.s, z0.s, z1.s");
    TF("fadd z0.d, z2.d, z2.d");
    TF("fmul z0.d, z2.d, z2.d");
    TF("fadd z0.h, z0.h, z1.h");
    TF("fadd z0.s, p0/m, z0.s, z1.s");
    TF("fsub z0.s, p1/m, z0.s, z1.s");
    TF("fmul z0.d, p0/m, z0.d, z2.d");
    TF("fsubr z0.s, p0/m, z0.s, z1.s");
    TF("fdiv z0.s, p0/m, z0.s, z1.s");
    TF("fdivr z0.d, p0/m, z0.d, z2.d");
    TF("fmla z0.s, p0/m, z1.s, z2.s");
    TF("fmls z0.s, p0/m, z1.s, z2.s");
    TF("fnmla z0.s, p1/m, z1.s, z2.s");
    TF("fnmls z0.d, p0/m, z1.d, z2.d");
    TF("fmad z0.s, p0/m, z1.s, z2.s");
    TF("fmsb z0.s, p1/m, z1.s, z2.s");
    TF("fnmad z0.d, p0/m, z1.d, z2.d");
    TF("fnmsb z0.s, p0/m, z1.s, z2.s");
    TF("fcmla z0.s, p0/m, z1.s, z2.s, #0");
    TF("fcmla z0.s, p1/m, z1.s, z0.s, #90");
    TF("fcmla z0.d, p0/m, z1.d, z2.d, #180");
    TF("fcmla z0.h, p0/m, z1.h, z2.h, #270");
    TF("fadda s0, p0, s0, z1.s");
    TF("fadda d0, p1, d0, z2.d");
    TF("fadda h0, p0, h0, z1.h");
    TF("faddv s0, p0, z0.s");
    TF("faddv s0, p1, z1.s");
    TF("faddv d0, p0, z2.d");
    TF("faddv h0, p0, z1.h");
    TF("mrs x9, fpsr\n\tmsr fpsr, xzr\n\tfmul z0.s, z0.s, z0.s\n\t"
       "mrs x9, fpsr");
}

/* A V register write zeroes the Z bits above 128 (visible at VL > 128). */
static void vwrite_tests(void)
{
    TI("fmov s0, #1.0");
    TI("mov v0.16b, v1.16b");
    TI("add v0.4s, v1.4s, v2.4s");
    TI("fadd d0, d1, d2");
    TI("ldr q0, [%[ia]]");
    TI("ld1 {v31.4s, v0.4s}, [%[ib]]");
    TI("ldp q3, q0, [%[ic]]");
    TI("fmov v0.d[1], x9");
    TI("umov w9, v0.s[1]");
    TI("fcmp s0, s1");
    TI("str q0, [%[oz]]");
    TI("ins v0.s[1], w9");
    TI("uaddv d0, p0, z0.b\n\tadd z0.b, z0.b, z1.b");
}

static void ldst_tests(void)
{
    TI("ld1b {z0.b}, p0/z, [%[ib]]");
    TI("ld1b {z0.h}, p0/z, [%[ib], #1, mul vl]");
    TI("ld1sb {z0.s}, p1/z, [%[ib]]");
    TI("ld1sb {z0.d}, p0/z, [%[ib], #-1, mul vl]");
    TI("ld1h {z0.h}, p0/z, [%[ib]]");
    TI("ld1sh {z0.s}, p0/z, [%[ib], #7, mul vl]");
    TI("ld1w {z0.s}, p1/z, [%[ib]]");
    TI("ld1sw {z0.d}, p0/z, [%[ib]]");
    TI("ld1d {z0.d}, p0/z, [%[ib]]");
    TI("mov x10, #3\n\tld1b {z0.b}, p0/z, [%[ib], x10]");
    TI("mov x10, #5\n\tld1h {z0.s}, p0/z, [%[ib], x10, lsl #1]");
    TI("mov x10, #2\n\tld1w {z0.d}, p0/z, [%[ib], x10, lsl #2]");
    TI("mov x10, #1\n\tld1d {z0.d}, p1/z, [%[ib], x10, lsl #3]");
    TI("mov x10, #9\n\tld1sh {z0.d}, p0/z, [%[ib], x10, lsl #1]");
    TI("mov x10, #4\n\tsetffr\n\tldff1b {z0.b}, p0/z, [%[ib], x10]\n\t"
       "rdffrs p2.b, p0/z");
    TI("setffr\n\tldnf1w {z0.s}, p0/z, [%[ib], #1, mul vl]\n\trdffr p2.b");
    TI("ldr z0, [%[ib], #1, mul vl]");
    TI("ldr p2, [%[ib], #-3, mul vl]");
    TI("ptrue p3.b\n\tst1b {z1.b}, p3, [%[oz], #1, mul vl]\n\t"
       "ldr z0, [%[oz], #1, mul vl]");
    TI("ptrue p3.b\n\tst1b {z0.b}, p3, [%[oz]]\n\t"
       "st1w {z1.s}, p0, [%[oz]]\n\tldr z0, [%[oz]]");
    TI("ptrue p3.b\n\tst1b {z0.b}, p3, [%[oz]]\n\tmov x10, #3\n\t"
       "st1h {z1.d}, p0, [%[oz], x10, lsl #1]\n\tldr z0, [%[oz]]");
    TI("ptrue p3.b\n\tst1b {z0.b}, p3, [%[oz]]\n\t"
       "add x10, %[oz], #64\n\tst1b {z1.s}, p1, [x10, #-1, mul vl]\n\t"
       "ldr z0, [%[oz]]");
    TI("ptrue p3.b\n\tst1b {z0.b}, p3, [%[oz]]\n\tmov x10, #1\n\t"
       "st1d {z1.d}, p1, [%[oz], x10, lsl #3]\n\tldr z0, [%[oz]]");
    TI("str z1, [%[oz]]\n\tldr z0, [%[oz]]");
    TI("str p0, [%[oz]]\n\tldr z0, [%[oz]]");
}

/* Shifts, unary operations, reductions, permutes, immediates. */
static void more_tests(void)
{
    TI("asr z0.s, z1.s, #3");
    TI("lsr z0.b, z1.b, #8");
    TI("lsl z0.d, z1.d, #63");
    TI("asr z0.h, z1.h, #16");
    TI("asr z0.h, p0/m, z0.h, #3");
    TI("lsr z0.s, p1/m, z0.s, #31");
    TI("lsl z0.b, p0/m, z0.b, #7");
    TI("asr z0.s, p0/m, z0.s, z1.s");
    TI("lsr z0.b, p0/m, z0.b, z1.b");
    TI("lsl z0.h, p1/m, z0.h, z2.h");
    TI("asrr z0.d, p0/m, z0.d, z2.d");
    TI("lsrr z0.s, p0/m, z0.s, z2.s");
    TI("lslr z0.b, p0/m, z0.b, z2.b");
    TI("sxtb z0.h, p0/m, z1.h");
    TI("uxtb z0.s, p0/m, z1.s");
    TI("sxth z0.d, p1/m, z1.d");
    TI("uxth z0.s, p0/m, z1.s");
    TI("sxtw z0.d, p0/m, z1.d");
    TI("uxtw z0.d, p0/m, z1.d");
    TI("abs z0.b, p0/m, z1.b");
    TI("neg z0.s, p1/m, z1.s");
    TI("cls z0.h, p0/m, z1.h");
    TI("clz z0.s, p0/m, z1.s");
    TI("cnt z0.b, p0/m, z1.b");
    TI("cnot z0.d, p0/m, z1.d");
    TI("not z0.h, p0/m, z1.h");
    TF("fabs z0.s, p0/m, z1.s");
    TF("fneg z0.d, p1/m, z2.d");
    TI("smaxv b0, p0, z1.b");
    TI("umaxv h0, p0, z1.h");
    TI("sminv s0, p1, z1.s");
    TI("uminv d0, p0, z1.d");
    TI("pfalse p3.b\n\tsmaxv s0, p3, z1.s");
    TI("pfalse p3.b\n\tuminv h0, p3, z1.h");
    TI("orv b0, p0, z1.b");
    TI("eorv h0, p1, z1.h");
    TI("andv s0, p0, z1.s");
    TI("zip1 z0.b, z1.b, z2.b");
    TI("zip2 z0.h, z1.h, z2.h");
    TI("uzp1 z0.s, z1.s, z2.s");
    TI("uzp2 z0.d, z1.d, z2.d");
    TI("trn1 z0.b, z1.b, z2.b");
    TI("trn2 z0.s, z1.s, z2.s");
    TI("zip1 p2.b, p0.b, p1.b");
    TI("zip2 p2.h, p0.h, p1.h");
    TI("uzp1 p2.s, p0.s, p1.s");
    TI("uzp2 p2.b, p0.b, p1.b");
    TI("trn1 p2.d, p0.d, p1.d");
    TI("trn2 p2.h, p0.h, p1.h");
    TI("rev p2.b, p0.b");
    TI("rev p2.s, p1.s");
    TI("punpklo p2.h, p0.b");
    TI("punpkhi p2.h, p1.b");
    TI("uunpklo z0.h, z1.b");
    TI("uunpkhi z0.s, z1.h");
    TI("sunpklo z0.d, z1.s");
    TI("sunpkhi z0.h, z1.b");
    TI("rev z0.b, z1.b");
    TI("rev z0.d, z1.d");
    TI("revb z0.h, p0/m, z1.h");
    TI("revb z0.d, p0/m, z1.d");
    TI("revh z0.s, p1/m, z1.s");
    TI("revw z0.d, p0/m, z1.d");
    TI("mov z0.s, #0xff");
    TI("mov z0.h, #0x7ff0");
    TI("mov z0.d, #0xff00ff00ff00ff");
    TI("and z0.b, z0.b, #0x1");
    TI("orr z0.s, z0.s, #0xff00");
    TI("eor z0.d, z0.d, #0x5555555555555555");
    TF("fcmgt p2.s, p0/z, z0.s, z1.s");
    TF("fcmge p2.d, p1/z, z2.d, z0.d");
    TF("fcmeq p2.s, p0/z, z0.s, z1.s");
    TF("fcmne p2.s, p0/z, z0.s, z0.s");
    TF("fcmuo p2.s, p0/z, z0.s, z1.s");
    TF("facge p2.s, p0/z, z0.s, z1.s");
    TF("facgt p2.h, p0/z, z0.h, z1.h");
    TF("mrs x9, fpsr\n\tmsr fpsr, xzr\n\tfcmge p2.s, p0/z, z0.s, z1.s\n\t"
       "mrs x9, fpsr");
    TF("fcmge p2.s, p0/z, z0.s, #0.0");
    TF("fcmgt p2.d, p0/z, z2.d, #0.0");
    TF("fcmlt p2.s, p1/z, z0.s, #0.0");
    TF("fcmle p2.s, p0/z, z1.s, #0.0");
    TF("fcmeq p2.s, p0/z, z1.s, #0.0");
    TF("fcmne p2.h, p0/z, z1.h, #0.0");
    TI("smax z0.h, z0.h, #-128");
    TI("umax z0.b, z0.b, #200");
    TI("smin z0.s, z0.s, #5");
    TI("umin z0.d, z0.d, #255");
    TI("fmov z0.s, p0/m, #1.0");
    TI("fmov z0.d, p1/m, #-3.0");
    TI("asrd z0.s, p0/m, z0.s, #2");
    TI("asrd z0.b, p0/m, z0.b, #8");
    TI("asrd z0.d, p1/m, z0.d, #1");
    TF("fcvtzs z0.s, p0/m, z1.s");
    TF("fcvtzu z0.s, p0/m, z0.s");
    TF("fcvtzs z0.d, p1/m, z2.d");
    TF("fcvtzu z0.d, p0/m, z1.s");
    TF("fcvtzs z0.s, p0/m, z2.d");
    TF("fcvtzs z0.h, p0/m, z1.h");
    TI("scvtf z0.s, p0/m, z1.s");
    TI("ucvtf z0.d, p1/m, z1.d");
    TI("scvtf z0.d, p0/m, z1.s");
    TI("ucvtf z0.s, p0/m, z1.d");
    TI("scvtf z0.h, p0/m, z1.h");
    TI("ucvtf z0.h, p0/m, z1.s");
    TI("udot z0.s, z1.b, z2.b");
    TI("sdot z0.s, z1.b, z2.b");
    TI("sdot z0.d, z1.h, z2.h");
    TI("udot z0.d, z1.h, z2.h");
    TF("fcvt z0.h, p0/m, z1.s");
    TF("fcvt z0.s, p0/m, z1.h");
    TF("fcvt z0.d, p1/m, z1.s");
    TF("fcvt z0.s, p0/m, z2.d");
    TF("fcvt z0.h, p0/m, z2.d");
    TF("fcvt z0.d, p0/m, z1.h");
    TI("sqincw x9, w9");
    TI("mov x9, #0x7ffffff0\n\tsqincb x9, w9, all, mul #4");
    TI("uqincd x9");
    TI("mov x9, #-2\n\tuqincd x9, all, mul #3");
    TI("sqdecb x9");
    TI("mov x9, #5\n\tuqdech w9, vl4, mul #2");
    TI("mov x9, #-5\n\tsqdecw x9, w9, pow2");
    TI("fmov z0.s, #-0.5");
    TI("fmov z0.d, #2.0");
    TI("fmov z0.h, #31.0");
    TI("ld1rw {z0.s}, p0/z, [%[ib], #8]");
    TI("ld1rd {z0.d}, p1/z, [%[ib], #16]");
    TI("ld1rb {z0.h}, p0/z, [%[ib], #1]");
    TI("ld1rsb {z0.d}, p0/z, [%[ib], #7]");
    TI("ld1rsh {z0.s}, p0/z, [%[ib], #2]");
    TI("ld2b {z0.b, z1.b}, p0/z, [%[ib]]");
    TI("ld2b {z31.b, z0.b}, p0/z, [%[ib]]");
    TI("mov x10, #3\n\tld3h {z0.h, z1.h, z2.h}, p1/z, [%[ib], x10, lsl #1]");
    TI("ld4w {z29.s, z30.s, z31.s, z0.s}, p0/z, [%[ib]]");
    TI("ldnt1d {z0.d}, p0/z, [%[ib], #1, mul vl]");
    TI("ptrue p3.b\n\tst1b {z0.b}, p3, [%[oz]]\n\t"
       "st2w {z1.s, z2.s}, p0, [%[oz]]\n\tldr z0, [%[oz]]");
    TI("ptrue p3.b\n\tst1b {z0.b}, p3, [%[oz]]\n\tmov x10, #1\n\t"
       "st3b {z1.b, z2.b, z3.b}, p1, [%[oz], x10]\n\tldr z0, [%[oz]]");
    TI("ptrue p3.b\n\tst1b {z0.b}, p3, [%[oz]]\n\t"
       "st4d {z1.d, z2.d, z3.d, z4.d}, p0, [%[oz]]\n\tldr z0, [%[oz]]");
    TI("ptrue p3.b\n\tst1b {z0.b}, p3, [%[oz]]\n\t"
       "stnt1h {z1.h}, p0, [%[oz]]\n\tldr z0, [%[oz]]");
}

/* A signal's frame carries an SVE record (vl, Z, P, FFR) that
 * rt_sigreturn restores: the handler rewrites Z5 and P5 there. UDF makes
 * the signal (no syscall, which may discard SVE state on Linux). */
static void on_sigill(int sig, siginfo_t *si, void *ucp)
{
    ucontext_t *uc = ucp;
    uint8_t *rec = (uint8_t *)uc->uc_mcontext.__reserved;

    (void)sig;
    (void)si;
    uc->uc_mcontext.pc += 4;
    for (;;) {
        uint32_t magic, size;

        memcpy(&magic, rec, 4);
        memcpy(&size, rec + 4, 4);
        if (magic == 0 || size == 0) {
            printf("handler: no SVE record\n");
            return;
        }
        if (magic == 0x53564501) {
            uint16_t rvl;
            uint8_t *z5, *p5;

            memcpy(&rvl, rec + 8, 2);
            printf("handler: sve record vl %u size %u\n", rvl, size);
            if (size <= 16)
                return;
            z5 = rec + 16 + 5 * rvl;
            p5 = rec + 16 + 32 * rvl + 5 * (rvl / 8);
            printf("handler: z5 %02x %02x %02x p5 %02x ffr %02x\n", z5[0],
                   z5[17 % rvl], z5[rvl - 1], p5[0],
                   rec[16 + 32 * rvl + 16 * (rvl / 8)]);
            memset(z5, 0x5a, rvl);
            memset(p5, 0xa5, rvl / 8);
            return;
        }
        rec += size;
    }
}

static void signal_tests(void)
{
    struct sigaction sa;
    uint8_t z[256], p[32];

    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = on_sigill;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGILL, &sa, NULL);
    __asm__ volatile("ldr z5, [%[a]]\n\tldr p5, [%[pa]]\n\tptrue p6.s, vl2\n\t"
                     "wrffr p6.b\n\tudf #0\n\tstr z5, [%[z]]\n\tstr p5, [%[p]]"
                     :
                     : [a] "r"(za), [pa] "r"(pa), [z] "r"(z), [p] "r"(p)
                     : "memory", "v5");
    printf("after sigreturn: z5 %02x %02x p5 %02x %02x\n", z[0], z[vl - 1],
           p[0], p[vl / 8 - 1]);
    signal(SIGILL, SIG_DFL);
}

static sigjmp_buf fault_jmp;
static volatile uintptr_t fault_addr;

static void on_segv(int sig, siginfo_t *si, void *uc)
{
    (void)sig;
    (void)uc;
    fault_addr = (uintptr_t)si->si_addr;
    siglongjmp(fault_jmp, 1);
}

/* An unmapped page after a readable one: first-fault and non-fault loads
 * stop at it (FFR), LD1/ST1 fault at the first active element in it. */
static void fault_tests(void)
{
    long page = sysconf(_SC_PAGESIZE);
    uint8_t *m = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    uint8_t *edge = m + page - 24;
    struct sigaction sa;
    uint8_t z[256], p[32];

    for (long i = 0; i < page; i++)
        m[i] = (uint8_t)(i * 13);
    munmap(m + page, page);
    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = on_segv;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGSEGV, &sa, NULL);

    memset(z, 0xee, sizeof(z));
    __asm__ volatile("ptrue p3.b\n\tsetffr\n\tldff1b {z4.b}, p3/z, [%[a], "
                     "xzr]\n\trdffr p4.b\n\tst1b {z4.b}, p3, [%[z]]\n\t"
                     "str p4, [%[p]]"
                     :
                     : [a] "r"(edge), [z] "r"(z), [p] "r"(p)
                     : "memory", "v4");
    printf("ldff1b edge: ffr=");
    for (unsigned i = vl / 8; i-- > 0;)
        printf("%02x", p[i]);
    printf(" z=");
    for (unsigned i = 0; i < vl && i < 24; i++)
        printf("%02x", z[i]);
    printf("\n");

    __asm__ volatile("ptrue p3.b\n\tsetffr\n\tldnf1h {z4.h}, p3/z, [%[a]]\n\t"
                     "rdffr p4.b\n\tstr p4, [%[p]]"
                     :
                     : [a] "r"(edge), [p] "r"(p)
                     : "memory", "v4");
    printf("ldnf1h edge: ffr=");
    for (unsigned i = vl / 8; i-- > 0;)
        printf("%02x", p[i]);
    printf("\n");

    __asm__ volatile("ptrue p3.b\n\tsetffr\n\tldnf1b {z4.b}, p3/z, [%[a]]\n\t"
                     "rdffr p4.b\n\tstr p4, [%[p]]"
                     :
                     : [a] "r"(m + page), [p] "r"(p)
                     : "memory", "v4");
    printf("ldnf1b unmapped: ffr=");
    for (unsigned i = vl / 8; i-- > 0;)
        printf("%02x", p[i]);
    printf("\n");

    if (sigsetjmp(fault_jmp, 1) == 0) {
        __asm__ volatile("ptrue p3.s\n\tld1w {z4.s}, p3/z, [%[a]]"
                         :
                         : [a] "r"(edge)
                         : "memory", "v4");
        printf("ld1w edge: no fault\n");
    } else {
        printf("ld1w edge: SIGSEGV at page+%ld\n",
               (long)(fault_addr - (uintptr_t)(m + page)));
    }
    if (sigsetjmp(fault_jmp, 1) == 0) {
        __asm__ volatile("ptrue p3.b, vl16\n\tst1b {z4.b}, p3, [%[a]]"
                         :
                         : [a] "r"(edge)
                         : "memory");
        printf("st1b vl16 edge: no fault\n");
    } else {
        printf("st1b vl16 edge: SIGSEGV\n");
    }
    if (sigsetjmp(fault_jmp, 1) == 0) {
        __asm__ volatile("ptrue p3.d\n\tsetffr\n\tldff1d {z4.d}, p3/z, "
                         "[%[a], xzr, lsl #3]"
                         :
                         : [a] "r"(m + page + 16)
                         : "memory", "v4");
        printf("ldff1d first unmapped: no fault\n");
    } else {
        printf("ldff1d first unmapped: SIGSEGV at page+%ld\n",
               (long)(fault_addr - (uintptr_t)(m + page)));
    }
    munmap(m, page);
    signal(SIGSEGV, SIG_DFL);
}

/* PR_SVE_SET_VL / GET_VL as both follow Linux (ONEXEC and INHERIT:
 * tests/cpu, qemu does not have them; qemu also takes a length of 0). */
static void prctl_tests(void)
{
    printf("hwcap sve: %d\n", (getauxval(AT_HWCAP) & (1ul << 22)) != 0);
    printf("set 32: %#x\n", prctl(PR_SVE_SET_VL, 32, 0, 0, 0));
    printf("get: %#x\n", prctl(PR_SVE_GET_VL, 0, 0, 0, 0));
    printf("set 1024: %#x\n", prctl(PR_SVE_SET_VL, 1024, 0, 0, 0));
    printf("set 15: %d\n", prctl(PR_SVE_SET_VL, 15, 0, 0, 0));
    printf("set bad flag: %d\n", prctl(PR_SVE_SET_VL, 16 | (1 << 19), 0, 0, 0));
    printf("set 0x8000: %d\n", prctl(PR_SVE_SET_VL, 0x8000, 0, 0, 0));
    printf("set 64: %#x\n", prctl(PR_SVE_SET_VL, 64, 0, 0, 0));
    printf("get: %#x\n", prctl(PR_SVE_GET_VL, 0, 0, 0, 0));
}

int main(void)
{
    static const unsigned lengths[] = {16, 32, 64};

    setvbuf(stdout, NULL, _IOLBF, 0);
    fill_inputs();
    prctl_tests();
    for (unsigned k = 0; k < 3; k++) {
        int r = prctl(PR_SVE_SET_VL, lengths[k], 0, 0, 0);
        uint64_t rdvl;

        __asm__ volatile("rdvl %0, #1" : "=r"(rdvl));
        vl = (unsigned)rdvl;
        printf("== VL %u bytes (prctl %#x)\n", vl, r);
        int_tests();
        cmp_tests();
        pred_tests();
        count_tests();
        fp_tests();
        vwrite_tests();
        ldst_tests();
        more_tests();
        fault_tests();
        signal_tests();
    }
    return 0;
}
