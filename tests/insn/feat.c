/*
 * The optional features arx's -cpu max has (target-arm/features.def) and
 * qemu -cpu max shares: FlagM, FlagM2, DotProd, I8MM, FCMA, SM3, SM4,
 * BF16, FRINTTS, JSCVT, LRCPC, LRCPC2, RNG. Prints results, NZCV and FPSR for
 * edge inputs.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

__asm__(".arch armv8.6-a+rng+i8mm+flagm+sm4+bf16");

typedef struct {
    uint64_t lo, hi;
} V128;

static uint64_t nzcv_after_setf8(uint64_t x, uint64_t nzcv)
{
    uint64_t out;

    __asm__ volatile("msr nzcv, %2\n setf8 %w1\n mrs %0, nzcv"
                     : "=r"(out)
                     : "r"(x), "r"(nzcv));
    return out >> 28;
}

static uint64_t nzcv_after_setf16(uint64_t x, uint64_t nzcv)
{
    uint64_t out;

    __asm__ volatile("msr nzcv, %2\n setf16 %w1\n mrs %0, nzcv"
                     : "=r"(out)
                     : "r"(x), "r"(nzcv));
    return out >> 28;
}

static uint64_t nzcv_after_rmif(uint64_t x, uint64_t nzcv)
{
    uint64_t out;

    __asm__ volatile("msr nzcv, %2\n rmif %1, #5, #0b1011\n mrs %0, nzcv"
                     : "=r"(out)
                     : "r"(x), "r"(nzcv));
    return out >> 28;
}

static void flagm(void)
{
    static const uint64_t in[] = {
        0, 0x80, 0x100, 0x17f, 0x8000, 0x18000, 0xffffffffffffffffull, 0x1e0};

    for (int f = 0; f < 16; f++) {
        uint64_t nzcv = (uint64_t)f << 28, x = 0, y = 0, cf = 0;

        __asm__ volatile("msr nzcv, %3\n axflag\n mrs %0, nzcv\n"
                         "msr nzcv, %3\n xaflag\n mrs %1, nzcv\n"
                         "msr nzcv, %3\n cfinv\n mrs %2, nzcv"
                         : "=&r"(x), "=&r"(y), "=&r"(cf)
                         : "r"(nzcv));
        printf("nzcv %x: axflag %x xaflag %x cfinv %x\n", f,
               (unsigned)(x >> 28), (unsigned)(y >> 28), (unsigned)(cf >> 28));
    }
    for (size_t i = 0; i < sizeof(in) / sizeof(in[0]); i++)
        printf("x=%#llx: setf8 %llx setf16 %llx rmif %llx\n",
               (unsigned long long)in[i],
               (unsigned long long)nzcv_after_setf8(in[i], 0x20000000),
               (unsigned long long)nzcv_after_setf16(in[i], 0xd0000000),
               (unsigned long long)nzcv_after_rmif(in[i], 0x40000000));
}

/* The flag instructions right after a compare in the same block, and a
 * conditional branch on what they leave. */
static void flagm_after_cmp(void)
{
    static const uint64_t in[][2] = {
        {1, 2},
        {2, 1},
        {5, 5},
        {0, 0x8000000000000000ull},
        {0x7fffffffffffffffull, 0xffffffffffffffffull}};

    for (size_t i = 0; i < sizeof(in) / sizeof(in[0]); i++) {
        uint64_t a = in[i][0], b = in[i][1], f1, f2, f3, taken;

        __asm__ volatile("cmp %4, %5\n setf8 %w4\n mrs %0, nzcv\n"
                         "cmp %4, %5\n rmif %5, #3, #0b0110\n mrs %1, nzcv\n"
                         "cmp %4, %5\n axflag\n mrs %2, nzcv\n"
                         "cmp %4, %5\n xaflag\n cset %3, ge"
                         : "=&r"(f1), "=&r"(f2), "=&r"(f3), "=&r"(taken)
                         : "r"(a), "r"(b)
                         : "cc");
        printf(
            "after cmp %d: setf8 %llx rmif %llx axflag %llx xaflag ge %llu\n",
            (int)i, (unsigned long long)(f1 >> 28),
            (unsigned long long)(f2 >> 28), (unsigned long long)(f3 >> 28),
            (unsigned long long)taken);
    }
}

static void dot(void)
{
    V128 n = {0x80ff7f0102fe8081ull, 0x00017fff80c0407full};
    V128 m = {0x7f80ff0103fd0280ull, 0xfffe7f808101c0c0ull};
    V128 r[8];

    memset(r, 0x11, sizeof(r));
    __asm__ volatile(
        "ldr q1, [%1]\n ldr q2, [%2]\n"
        "ldr q0, [%0]\n sdot v0.4s, v1.16b, v2.16b\n str q0, [%0]\n"
        "ldr q0, [%0, #16]\n udot v0.2s, v1.8b, v2.8b\n str q0, [%0, #16]\n"
        "ldr q0, [%0, #32]\n sdot v0.4s, v1.16b, v2.4b[3]\n str q0, [%0, #32]\n"
        "ldr q0, [%0, #48]\n usdot v0.4s, v1.16b, v2.16b\n str q0, [%0, #48]\n"
        "ldr q0, [%0, #64]\n sudot v0.4s, v1.16b, v2.4b[1]\n str q0, [%0, #64]\n"
        "ldr q0, [%0, #80]\n smmla v0.4s, v1.16b, v2.16b\n str q0, [%0, #80]\n"
        "ldr q0, [%0, #96]\n ummla v0.4s, v1.16b, v2.16b\n str q0, [%0, #96]\n"
        "ldr q0, [%0, #112]\n usmmla v0.4s, v1.16b, v2.16b\n str q0, [%0, #112]\n"
        :
        : "r"(r), "r"(&n), "r"(&m)
        : "v0", "v1", "v2", "memory");
    static const char *const names[] = {"sdot",  "udot.2s",  "sdot[3]",
                                        "usdot", "sudot[1]", "smmla",
                                        "ummla", "usmmla"};
    for (int i = 0; i < 8; i++)
        printf("%-8s %016llx:%016llx\n", names[i], (unsigned long long)r[i].hi,
               (unsigned long long)r[i].lo);
}

static void fcma(void)
{
    static const float n[4] = {1.5f, -2.0f, 0.25f, 3.0f};
    static const float m[4] = {-0.5f, 4.0f, 1e30f, -1e-30f};
    static const double nd[2] = {1.0 / 3, -7.0}, md[2] = {2.5, 1e300};
    float r[6][4];
    double rd[2][2];

    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 4; j++)
            r[i][j] = (float)(i + j);
    rd[0][0] = rd[0][1] = 1.0;
    rd[1][0] = rd[1][1] = -1.0;
    __asm__ volatile(
        "ldr q1, [%1]\n ldr q2, [%2]\n ldr q3, [%4]\n ldr q4, [%5]\n"
        "ldr q0, [%0]\n fcmla v0.4s, v1.4s, v2.4s, #0\n str q0, [%0]\n"
        "ldr q0, [%0, #16]\n fcmla v0.4s, v1.4s, v2.4s, #90\n"
        "str q0, [%0, #16]\n"
        "ldr q0, [%0, #32]\n fcmla v0.4s, v1.4s, v2.4s, #180\n"
        "str q0, [%0, #32]\n"
        "ldr q0, [%0, #48]\n fcmla v0.4s, v1.4s, v2.s[1], #270\n"
        "str q0, [%0, #48]\n"
        "ldr q0, [%0, #64]\n fcadd v0.4s, v1.4s, v2.4s, #90\n"
        "str q0, [%0, #64]\n"
        "ldr q0, [%0, #80]\n fcadd v0.4s, v1.4s, v2.4s, #270\n"
        "str q0, [%0, #80]\n"
        "ldr q0, [%3]\n fcmla v0.2d, v3.2d, v4.2d, #90\n str q0, [%3]\n"
        "ldr q0, [%3, #16]\n fcadd v0.2d, v3.2d, v4.2d, #270\n"
        "str q0, [%3, #16]\n"
        :
        : "r"(r), "r"(n), "r"(m), "r"(rd), "r"(nd), "r"(md)
        : "v0", "v1", "v2", "v3", "v4", "memory");
    for (int i = 0; i < 6; i++)
        printf("fcma %d: %a %a %a %a\n", i, r[i][0], r[i][1], r[i][2], r[i][3]);
    printf("fcma d: %a %a %a %a\n", rd[0][0], rd[0][1], rd[1][0], rd[1][1]);
}

/* Each SM3/SM4 instruction once on fixed registers; SM4E 8 times (the 32
 * rounds of one block under round keys from SM4EKEY). */
static void sm(void)
{
    static const uint32_t in[4][4] = {
        {0x01234567, 0x89abcdef, 0xfedcba98, 0x76543210},
        {0xa3b1bac6, 0x56aa3350, 0x677d9197, 0xb27022dc},
        {0x00070e15, 0x1c232a31, 0x383f464d, 0x545b6269},
        {0xdeadbeef, 0x80000001, 0x7fffffff, 0x00000000},
    };
    uint32_t r[9][4];

    __asm__ volatile(
        "ldr q1, [%1]\n ldr q2, [%1, #16]\n ldr q3, [%1, #32]\n"
        "ldr q4, [%1, #48]\n"
        "mov v0.16b, v4.16b\n sm3ss1 v0.4s, v1.4s, v2.4s, v3.4s\n"
        "str q0, [%0]\n"
        "mov v0.16b, v4.16b\n sm3tt1a v0.4s, v1.4s, v2.s[1]\n"
        "str q0, [%0, #16]\n"
        "mov v0.16b, v4.16b\n sm3tt1b v0.4s, v1.4s, v2.s[2]\n"
        "str q0, [%0, #32]\n"
        "mov v0.16b, v4.16b\n sm3tt2a v0.4s, v1.4s, v2.s[3]\n"
        "str q0, [%0, #48]\n"
        "mov v0.16b, v4.16b\n sm3tt2b v0.4s, v1.4s, v2.s[0]\n"
        "str q0, [%0, #64]\n"
        "mov v0.16b, v4.16b\n sm3partw1 v0.4s, v1.4s, v2.4s\n"
        "str q0, [%0, #80]\n"
        "mov v0.16b, v4.16b\n sm3partw2 v0.4s, v1.4s, v2.4s\n"
        "str q0, [%0, #96]\n"
        "sm4ekey v5.4s, v2.4s, v3.4s\n str q5, [%0, #112]\n"
        "mov v0.16b, v1.16b\n"
        "sm4e v0.4s, v5.4s\n sm4e v0.4s, v5.4s\n sm4e v0.4s, v5.4s\n"
        "sm4e v0.4s, v5.4s\n sm4e v0.4s, v5.4s\n sm4e v0.4s, v5.4s\n"
        "sm4e v0.4s, v5.4s\n sm4e v0.4s, v5.4s\n str q0, [%0, #128]\n"
        :
        : "r"(r), "r"(in)
        : "v0", "v1", "v2", "v3", "v4", "v5", "memory");
    for (int i = 0; i < 9; i++)
        printf("sm %d: %08x %08x %08x %08x\n", i, r[i][3], r[i][2], r[i][1],
               r[i][0]);
}

/* BF16: conversions under each rounding mode (FPSR too), the dot
 * products (round to odd, flushing), the widening multiply-adds. */
static void bf16(void)
{
    static const uint32_t s[8] = {0x3f808000, 0x3f818000, 0x7f7fffff,
                                  0x00408000, 0xff800001, 0x7fa00000,
                                  0x80000000, 0xc0123456};
    static const uint16_t h[16] = {
        0x3f80, 0xbfc0, 0x0001, 0x7f80, 0x4049, 0xc2f7, 0x3c00, 0x0080,
        0x7f7f, 0x7f7f, 0xff7f, 0x3f81, 0x8000, 0x3eaa, 0x4000, 0x3401};
    uint32_t r[7][4];
    uint64_t fpsr[4];
    uint16_t cv[4][8];

    for (int rm = 0; rm < 4; rm++) {
        uint64_t fpcr = (uint64_t)rm << 22;

        __asm__ volatile("msr fpcr, %2\n msr fpsr, xzr\n"
                         "ldr q1, [%1]\n ldr q2, [%1, #16]\n"
                         "bfcvtn v0.4h, v1.4s\n bfcvtn2 v0.8h, v2.4s\n"
                         "str q0, [%3]\n mrs %0, fpsr\n msr fpcr, xzr"
                         : "=&r"(fpsr[rm])
                         : "r"(s), "r"(fpcr), "r"(cv[rm])
                         : "v0", "v1", "v2", "memory");
    }
    for (int i = 0; i < 7; i++)
        for (int j = 0; j < 4; j++)
            r[i][j] = 0x3f800000u + (uint32_t)(i << 20) - (uint32_t)j;
    __asm__ volatile(
        "ldr q1, [%1]\n ldr q2, [%1, #16]\n"
        "ldr q0, [%0]\n bfdot v0.4s, v1.8h, v2.8h\n str q0, [%0]\n"
        "ldr q0, [%0, #16]\n bfdot v0.2s, v2.4h, v1.2h[3]\n str q0, [%0, #16]\n"
        "ldr q0, [%0, #32]\n bfmmla v0.4s, v1.8h, v2.8h\n str q0, [%0, #32]\n"
        "ldr q0, [%0, #48]\n bfmlalb v0.4s, v1.8h, v2.8h\n str q0, [%0, #48]\n"
        "ldr q0, [%0, #64]\n bfmlalt v0.4s, v2.8h, v1.8h\n str q0, [%0, #64]\n"
        "ldr q0, [%0, #80]\n bfmlalt v0.4s, v1.8h, v2.h[5]\n str q0, [%0, #80]\n"
        "ldr q0, [%0, #96]\n bfcvt h0, s2\n str q0, [%0, #96]\n"
        :
        : "r"(r), "r"(h)
        : "v0", "v1", "v2", "memory");
    for (int rm = 0; rm < 4; rm++)
        printf(
            "bfcvtn rm%d: %04x %04x %04x %04x %04x %04x %04x %04x fpsr %llx\n",
            rm, cv[rm][0], cv[rm][1], cv[rm][2], cv[rm][3], cv[rm][4],
            cv[rm][5], cv[rm][6], cv[rm][7], (unsigned long long)fpsr[rm]);
    for (int i = 0; i < 7; i++)
        printf("bf16 %d: %08x %08x %08x %08x\n", i, r[i][0], r[i][1], r[i][2],
               r[i][3]);
}

static void frint(void)
{
    static const double in[] = {0.0,
                                -0.0,
                                0.5,
                                -0.5,
                                1.5,
                                -2.5,
                                2147483647.4,
                                2147483647.6,
                                -2147483648.9,
                                9.3e18,
                                -9.3e18,
                                1e300,
                                4.9e-324,
                                __builtin_inf(),
                                __builtin_nan("")};

    for (int rm = 0; rm < 4; rm++) {
        uint64_t fpcr = (uint64_t)rm << 22;

        for (size_t i = 0; i < sizeof(in) / sizeof(in[0]); i++) {
            double a = in[i], r[4];
            float s = (float)in[i], rs[2];
            uint64_t fpsr[6];

            __asm__ volatile(
                "msr fpcr, %[c]\n"
                "msr fpsr, xzr\n frint32z %d[r0], %d[a]\n mrs %[f0], fpsr\n"
                "msr fpsr, xzr\n frint32x %d[r1], %d[a]\n mrs %[f1], fpsr\n"
                "msr fpsr, xzr\n frint64z %d[r2], %d[a]\n mrs %[f2], fpsr\n"
                "msr fpsr, xzr\n frint64x %d[r3], %d[a]\n mrs %[f3], fpsr\n"
                "msr fpsr, xzr\n frint32x %s[s0], %s[s]\n mrs %[f4], fpsr\n"
                "msr fpsr, xzr\n frint64z %s[s1], %s[s]\n mrs %[f5], fpsr\n"
                "msr fpcr, xzr"
                : [r0] "=&w"(r[0]), [r1] "=&w"(r[1]), [r2] "=&w"(r[2]),
                  [r3] "=&w"(r[3]), [s0] "=&w"(rs[0]), [s1] "=&w"(rs[1]),
                  [f0] "=&r"(fpsr[0]), [f1] "=&r"(fpsr[1]), [f2] "=&r"(fpsr[2]),
                  [f3] "=&r"(fpsr[3]), [f4] "=&r"(fpsr[4]), [f5] "=&r"(fpsr[5])
                : [a] "w"(a), [s] "w"(s), [c] "r"(fpcr));
            printf("rm%d %a: %a/%llx %a/%llx %a/%llx %a/%llx s %a/%llx "
                   "%a/%llx\n",
                   rm, a, r[0], (unsigned long long)fpsr[0], r[1],
                   (unsigned long long)fpsr[1], r[2],
                   (unsigned long long)fpsr[2], r[3],
                   (unsigned long long)fpsr[3], rs[0],
                   (unsigned long long)fpsr[4], rs[1],
                   (unsigned long long)fpsr[5]);
        }
    }
}

static void jscvt(void)
{
    static const double in[] = {0.0,
                                -0.0,
                                1.0,
                                -1.5,
                                2147483647.0,
                                2147483648.0,
                                -2147483648.0,
                                -2147483649.0,
                                4294967296.0 + 5,
                                1e19,
                                -1e300,
                                4.9e-324,
                                __builtin_inf(),
                                __builtin_nan("")};

    for (size_t i = 0; i < sizeof(in) / sizeof(in[0]); i++) {
        uint64_t nzcv, fpsr;
        uint32_t w;

        __asm__ volatile("msr fpsr, xzr\n msr nzcv, xzr\n"
                         "fjcvtzs %w0, %d3\n mrs %1, nzcv\n mrs %2, fpsr"
                         : "=r"(w), "=r"(nzcv), "=r"(fpsr)
                         : "w"(in[i]));
        printf("fjcvtzs %a = %#x nzcv %llx fpsr %llx\n", in[i], w,
               (unsigned long long)(nzcv >> 28), (unsigned long long)fpsr);
    }
}

static void rcpc_rng(void)
{
    static uint64_t buf[4] = {0x1122334455667788ull, 0x99aabbccddeeff00ull,
                              0x8081828384858687ull, 0};
    uint64_t a, b, c, d, r1, r2, f1, f2;

    __asm__ volatile("ldapr %0, [%4]\n ldaprb %w1, [%4]\n"
                     "ldapur %2, [%4, #8]\n ldapursh %3, [%4, #18]\n"
                     : "=&r"(a), "=&r"(b), "=&r"(c), "=&r"(d)
                     : "r"(buf)
                     : "memory");
    __asm__ volatile("stlurh %w1, [%0, #24]"
                     :
                     : "r"(buf), "r"(0xbeefu)
                     : "memory");
    printf("ldapr %llx %llx ldapur %llx %llx stlurh %llx\n",
           (unsigned long long)a, (unsigned long long)b, (unsigned long long)c,
           (unsigned long long)d, (unsigned long long)buf[3]);
    __asm__ volatile("msr nzcv, %4\n mrs %0, rndr\n mrs %1, nzcv\n"
                     "msr nzcv, %4\n mrs %2, rndrrs\n mrs %3, nzcv"
                     : "=&r"(r1), "=&r"(f1), "=&r"(r2), "=&r"(f2)
                     : "r"(0xf0000000ull));
    printf("rndr nzcv %llx rndrrs nzcv %llx differ %d\n",
           (unsigned long long)(f1 >> 28), (unsigned long long)(f2 >> 28),
           r1 != r2);
}

int main(void)
{
    flagm();
    flagm_after_cmp();
    dot();
    fcma();
    sm();
    bf16();
    frint();
    jscvt();
    rcpc_rng();
    return 0;
}
