/*
 * Instruction-level checks of the A64 scalar floating-point group: each
 * instruction over edge inputs, printing bit patterns, NZCV and FPSR in hex
 * so arx's output can be diffed against qemu's. Must stay deterministic.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Half-precision forms (FEAT_FP16) without needing -march on the command line.
 */
asm(".arch armv8.2-a+fp16");

static const uint64_t d_vals[] = {
    0x0000000000000000ull, /* +0 */
    0x8000000000000000ull, /* -0 */
    0x3ff8000000000000ull, /* 1.5 */
    0xc004000000000000ull, /* -2.5 */
    0x3fe0000000000000ull, /* 0.5 */
    0x4004000000000000ull, /* 2.5 */
    0x7fe1ccf385ebc8a0ull, /* 1e308 */
    0x0000000000000001ull, /* smallest denormal */
    0x000fffffffffffffull, /* largest denormal */
    0x7ff0000000000000ull, /* +inf */
    0xfff0000000000000ull, /* -inf */
    0x7ff8000000000000ull, /* qNaN */
    0xfff8000000000123ull, /* -qNaN with payload */
    0x7ff4000000000001ull, /* sNaN */
    0x43e0000000000000ull, /* 2^63 */
    0xc3e0000000000000ull, /* -2^63 */
    0x41dfffffffc00000ull, /* 2^31 - 1 */
    0x41e0000000000000ull, /* 2^31 */
    0xc1e0000000200000ull, /* -2^31 - 1 */
    0x3fb999999999999aull, /* 0.1 */
    0x4340000000000001ull, /* 2^53 + 2 */
    0xbff0000000000000ull, /* -1 */
};
#define N_D (sizeof(d_vals) / sizeof(d_vals[0]))

static const uint32_t s_vals[] = {
    0x00000000u, 0x80000000u, 0x3fc00000u, 0xc0200000u, 0x3f000000u,
    0x40200000u, 0x7f7fffffu, 0x00000001u, 0x007fffffu, 0x7f800000u,
    0xff800000u, 0x7fc00000u, 0xffc00123u, 0x7fa00001u, 0x5f000000u,
    0xdf000000u, 0x4f000000u, 0x3dcccccdu, 0xbf800000u, 0x33800000u,
};
#define N_S (sizeof(s_vals) / sizeof(s_vals[0]))

static const uint16_t h_vals[] = {
    0x0000, 0x8000, 0x3e00, 0xc100, 0x3800, 0x7bff, 0x0001,
    0x03ff, 0x7c00, 0xfc00, 0x7e00, 0x7d01, 0x3555,
};
#define N_H (sizeof(h_vals) / sizeof(h_vals[0]))

static void set_fpcr(uint64_t v)
{
    asm volatile("msr fpcr, %0" ::"r"(v));
}
static void clear_fpsr(void)
{
    asm volatile("msr fpsr, xzr");
}
static uint64_t get_fpsr(void)
{
    uint64_t v;
    asm volatile("mrs %0, fpsr" : "=r"(v));
    return v;
}

/* One function per instruction: operands move in and out through x regs
 * so NaN payloads survive untouched. The result is read as a full Q
 * register (both halves) to check the zeroing of the upper bits. */
#define BIN_D(name, insn)                                                      \
    static void name(uint64_t a, uint64_t b, uint64_t r[2])                    \
    {                                                                          \
        asm volatile("fmov d0, %2\n fmov d1, %3\n movi v2.16b, #0xff\n" insn   \
                     " d2, d0, d1\n fmov %0, d2\n fmov %1, v2.d[1]"            \
                     : "=r"(r[0]), "=r"(r[1])                                  \
                     : "r"(a), "r"(b)                                          \
                     : "v0", "v1", "v2");                                      \
    }
#define BIN_S(name, insn)                                                      \
    static void name(uint64_t a, uint64_t b, uint64_t r[2])                    \
    {                                                                          \
        asm volatile("fmov s0, %w2\n fmov s1, %w3\n movi v2.16b, #0xff\n" insn \
                     " s2, s0, s1\n fmov %0, d2\n fmov %1, v2.d[1]"            \
                     : "=r"(r[0]), "=r"(r[1])                                  \
                     : "r"(a), "r"(b)                                          \
                     : "v0", "v1", "v2");                                      \
    }
#define BIN_H(name, insn)                                                      \
    static void name(uint64_t a, uint64_t b, uint64_t r[2])                    \
    {                                                                          \
        asm volatile("fmov h0, %w2\n fmov h1, %w3\n movi v2.16b, #0xff\n" insn \
                     " h2, h0, h1\n fmov %0, d2\n fmov %1, v2.d[1]"            \
                     : "=r"(r[0]), "=r"(r[1])                                  \
                     : "r"(a), "r"(b)                                          \
                     : "v0", "v1", "v2");                                      \
    }

/* clang-format off */
BIN_D(fadd_d, "fadd") BIN_D(fsub_d, "fsub") BIN_D(fmul_d, "fmul")
BIN_D(fdiv_d, "fdiv") BIN_D(fmax_d, "fmax") BIN_D(fmin_d, "fmin")
BIN_D(fmaxnm_d, "fmaxnm") BIN_D(fminnm_d, "fminnm") BIN_D(fnmul_d, "fnmul")
BIN_S(fadd_s, "fadd") BIN_S(fsub_s, "fsub") BIN_S(fmul_s, "fmul")
BIN_S(fdiv_s, "fdiv") BIN_S(fmax_s, "fmax") BIN_S(fmin_s, "fmin")
BIN_S(fmaxnm_s, "fmaxnm") BIN_S(fminnm_s, "fminnm") BIN_S(fnmul_s, "fnmul")
BIN_H(fadd_h, "fadd") BIN_H(fmul_h, "fmul") BIN_H(fdiv_h, "fdiv")
BIN_H(fmax_h, "fmax")
    /* clang-format on */

    typedef void (*bin_fn)(uint64_t, uint64_t, uint64_t *);
static const struct {
    const char *name;
    bin_fn fn;
    int esz;
} bin_ops[] = {
    {"fadd.d", fadd_d, 3},     {"fsub.d", fsub_d, 3},
    {"fmul.d", fmul_d, 3},     {"fdiv.d", fdiv_d, 3},
    {"fmax.d", fmax_d, 3},     {"fmin.d", fmin_d, 3},
    {"fmaxnm.d", fmaxnm_d, 3}, {"fminnm.d", fminnm_d, 3},
    {"fnmul.d", fnmul_d, 3},   {"fadd.s", fadd_s, 2},
    {"fsub.s", fsub_s, 2},     {"fmul.s", fmul_s, 2},
    {"fdiv.s", fdiv_s, 2},     {"fmax.s", fmax_s, 2},
    {"fmin.s", fmin_s, 2},     {"fmaxnm.s", fmaxnm_s, 2},
    {"fminnm.s", fminnm_s, 2}, {"fnmul.s", fnmul_s, 2},
    {"fadd.h", fadd_h, 1},     {"fmul.h", fmul_h, 1},
    {"fdiv.h", fdiv_h, 1},     {"fmax.h", fmax_h, 1},
};

static uint64_t val_of(int esz, size_t i)
{
    return esz == 3 ? d_vals[i] : esz == 2 ? s_vals[i] : h_vals[i];
}
static size_t n_of(int esz)
{
    return esz == 3 ? N_D : esz == 2 ? N_S : N_H;
}

static void test_binops(void)
{
    uint64_t r[2];
    for (size_t k = 0; k < sizeof(bin_ops) / sizeof(bin_ops[0]); k++) {
        int esz = bin_ops[k].esz;
        for (size_t i = 0; i < n_of(esz); i++) {
            for (size_t j = 0; j < n_of(esz); j++) {
                uint64_t a = val_of(esz, i), b = val_of(esz, j);
                clear_fpsr();
                bin_ops[k].fn(a, b, r);
                printf("%s %llx %llx -> %llx hi=%llx fpsr=%llx\n",
                       bin_ops[k].name, (unsigned long long)a,
                       (unsigned long long)b, (unsigned long long)r[0],
                       (unsigned long long)r[1],
                       (unsigned long long)get_fpsr());
            }
        }
    }
}

/* ---- fused multiply-add ---- */
#define FMA_D(name, insn)                                                      \
    static uint64_t name(uint64_t n, uint64_t m, uint64_t a)                   \
    {                                                                          \
        uint64_t r;                                                            \
        asm volatile("fmov d0, %1\n fmov d1, %2\n fmov d2, %3\n" insn          \
                     " d3, d0, d1, d2\n fmov %0, d3"                           \
                     : "=r"(r)                                                 \
                     : "r"(n), "r"(m), "r"(a)                                  \
                     : "v0", "v1", "v2", "v3");                                \
        return r;                                                              \
    }
#define FMA_S(name, insn)                                                      \
    static uint64_t name(uint64_t n, uint64_t m, uint64_t a)                   \
    {                                                                          \
        uint64_t r;                                                            \
        asm volatile("fmov s0, %w1\n fmov s1, %w2\n fmov s2, %w3\n" insn       \
                     " s3, s0, s1, s2\n fmov %0, d3"                           \
                     : "=r"(r)                                                 \
                     : "r"(n), "r"(m), "r"(a)                                  \
                     : "v0", "v1", "v2", "v3");                                \
        return r;                                                              \
    }
/* clang-format off */
FMA_D(fmadd_d, "fmadd") FMA_D(fmsub_d, "fmsub") FMA_D(fnmadd_d, "fnmadd")
FMA_D(fnmsub_d, "fnmsub")
/* clang-format on */
#define FMA_H(name, insn)                                                      \
    static uint64_t name(uint64_t n, uint64_t m, uint64_t a)                   \
    {                                                                          \
        uint64_t r;                                                            \
        asm volatile("fmov h0, %w1\n fmov h1, %w2\n fmov h2, %w3\n" insn       \
                     " h3, h0, h1, h2\n fmov %0, d3"                           \
                     : "=r"(r)                                                 \
                     : "r"(n), "r"(m), "r"(a)                                  \
                     : "v0", "v1", "v2", "v3");                                \
        return r;                                                              \
    }
    /* clang-format off */
FMA_S(fmadd_s, "fmadd") FMA_S(fmsub_s, "fmsub") FMA_S(fnmadd_s, "fnmadd")
FMA_S(fnmsub_s, "fnmsub")
FMA_H(fmadd_h, "fmadd") FMA_H(fmsub_h, "fmsub") FMA_H(fnmadd_h, "fnmadd")
FMA_H(fnmsub_h, "fnmsub")
    /* clang-format on */

    static void test_fma(void)
{
    static const uint64_t dv[] = {
        0,
        0x8000000000000000ull,
        0x3ff8000000000000ull,
        0xc004000000000000ull,
        0x7ff0000000000000ull,
        0x7ff8000000000000ull,
        0x7ff4000000000001ull,
        0x3fb999999999999aull,
        0x7fe1ccf385ebc8a0ull,
    };
    static const uint64_t sv[] = {
        0,           0x80000000u, 0x3fc00000u, 0xc0200000u, 0x7f800000u,
        0x7fc00000u, 0x7fa00001u, 0x3dcccccdu, 0x7f7fffffu,
    };
    /* half: ties, a tie plus a denormal, cancellation, overflow */
    static const uint64_t hv[] = {
        0, 0x8000, 0x6800, 0x0001, 0xe801, 0x3c01, 0x7c00, 0x7e00, 0x7bff,
    };
    static const struct {
        const char *name;
        uint64_t (*fn)(uint64_t, uint64_t, uint64_t);
        int d;
    } ops[] = {
        {"fmadd.d", fmadd_d, 1},   {"fmsub.d", fmsub_d, 1},
        {"fnmadd.d", fnmadd_d, 1}, {"fnmsub.d", fnmsub_d, 1},
        {"fmadd.s", fmadd_s, 0},   {"fmsub.s", fmsub_s, 0},
        {"fnmadd.s", fnmadd_s, 0}, {"fnmsub.s", fnmsub_s, 0},
        {"fmadd.h", fmadd_h, 2},   {"fmsub.h", fmsub_h, 2},
        {"fnmadd.h", fnmadd_h, 2}, {"fnmsub.h", fnmsub_h, 2},
    };
    for (size_t k = 0; k < sizeof(ops) / sizeof(ops[0]); k++) {
        const uint64_t *v = ops[k].d == 2 ? hv : ops[k].d ? dv : sv;
        for (int i = 0; i < 9; i++)
            for (int j = 0; j < 9; j++)
                for (int l = 0; l < 9; l += 2) {
                    clear_fpsr();
                    uint64_t r = ops[k].fn(v[i], v[j], v[l]);
                    printf("%s %llx %llx %llx -> %llx fpsr=%llx\n", ops[k].name,
                           (unsigned long long)v[i], (unsigned long long)v[j],
                           (unsigned long long)v[l], (unsigned long long)r,
                           (unsigned long long)get_fpsr());
                }
    }
}

/* ---- one-source ops ---- */
#define UN_D(name, insn)                                                       \
    static void name(uint64_t a, uint64_t r[2])                                \
    {                                                                          \
        asm volatile("fmov d0, %2\n movi v2.16b, #0xff\n" insn                 \
                     " d2, d0\n fmov %0, d2\n fmov %1, v2.d[1]"                \
                     : "=r"(r[0]), "=r"(r[1])                                  \
                     : "r"(a)                                                  \
                     : "v0", "v2");                                            \
    }
#define UN_S(name, insn)                                                       \
    static void name(uint64_t a, uint64_t r[2])                                \
    {                                                                          \
        asm volatile("fmov s0, %w2\n movi v2.16b, #0xff\n" insn                \
                     " s2, s0\n fmov %0, d2\n fmov %1, v2.d[1]"                \
                     : "=r"(r[0]), "=r"(r[1])                                  \
                     : "r"(a)                                                  \
                     : "v0", "v2");                                            \
    }
#define UN_H(name, insn)                                                       \
    static void name(uint64_t a, uint64_t r[2])                                \
    {                                                                          \
        asm volatile("fmov h0, %w2\n movi v2.16b, #0xff\n" insn                \
                     " h2, h0\n fmov %0, d2\n fmov %1, v2.d[1]"                \
                     : "=r"(r[0]), "=r"(r[1])                                  \
                     : "r"(a)                                                  \
                     : "v0", "v2");                                            \
    }
/* precision changes: operand forms spelled out */
#define CVT(name, dst, src, movin)                                             \
    static void name(uint64_t a, uint64_t r[2])                                \
    {                                                                          \
        asm volatile(movin "\n movi v2.16b, #0xff\n fcvt " dst ", " src        \
                           "\n fmov %0, d2\n fmov %1, v2.d[1]"                 \
                     : "=r"(r[0]), "=r"(r[1])                                  \
                     : "r"(a)                                                  \
                     : "v0", "v2");                                            \
    }

/* clang-format off */
UN_D(fmov_d, "fmov") UN_D(fabs_d, "fabs") UN_D(fneg_d, "fneg")
UN_D(fsqrt_d, "fsqrt") UN_D(frintn_d, "frintn") UN_D(frintp_d, "frintp")
UN_D(frintm_d, "frintm") UN_D(frintz_d, "frintz") UN_D(frinta_d, "frinta")
UN_D(frintx_d, "frintx") UN_D(frinti_d, "frinti")
UN_S(fmov_s, "fmov") UN_S(fabs_s, "fabs") UN_S(fneg_s, "fneg")
UN_S(fsqrt_s, "fsqrt") UN_S(frintn_s, "frintn") UN_S(frintp_s, "frintp")
UN_S(frintm_s, "frintm") UN_S(frintz_s, "frintz") UN_S(frinta_s, "frinta")
UN_S(frintx_s, "frintx") UN_S(frinti_s, "frinti")
UN_H(fabs_h, "fabs") UN_H(fneg_h, "fneg") UN_H(fsqrt_h, "fsqrt")
UN_H(frintn_h, "frintn") UN_H(frinta_h, "frinta")
CVT(fcvt_sd, "s2", "d0", "fmov d0, %2") CVT(fcvt_hd, "h2", "d0", "fmov d0, %2")
CVT(fcvt_ds, "d2", "s0", "fmov s0, %w2") CVT(fcvt_hs, "h2", "s0", "fmov s0, %w2")
CVT(fcvt_dh, "d2", "h0", "fmov h0, %w2") CVT(fcvt_sh, "s2", "h0", "fmov h0, %w2")
    /* clang-format on */

    typedef void (*un_fn)(uint64_t, uint64_t *);
static const struct {
    const char *name;
    un_fn fn;
    int esz;
} un_ops[] = {
    {"fmov.d", fmov_d, 3},     {"fabs.d", fabs_d, 3},
    {"fneg.d", fneg_d, 3},     {"fsqrt.d", fsqrt_d, 3},
    {"frintn.d", frintn_d, 3}, {"frintp.d", frintp_d, 3},
    {"frintm.d", frintm_d, 3}, {"frintz.d", frintz_d, 3},
    {"frinta.d", frinta_d, 3}, {"frintx.d", frintx_d, 3},
    {"frinti.d", frinti_d, 3}, {"fmov.s", fmov_s, 2},
    {"fabs.s", fabs_s, 2},     {"fneg.s", fneg_s, 2},
    {"fsqrt.s", fsqrt_s, 2},   {"frintn.s", frintn_s, 2},
    {"frintp.s", frintp_s, 2}, {"frintm.s", frintm_s, 2},
    {"frintz.s", frintz_s, 2}, {"frinta.s", frinta_s, 2},
    {"frintx.s", frintx_s, 2}, {"frinti.s", frinti_s, 2},
    {"fabs.h", fabs_h, 1},     {"fneg.h", fneg_h, 1},
    {"fsqrt.h", fsqrt_h, 1},   {"frintn.h", frintn_h, 1},
    {"frinta.h", frinta_h, 1}, {"fcvt.s.d", fcvt_sd, 3},
    {"fcvt.h.d", fcvt_hd, 3},  {"fcvt.d.s", fcvt_ds, 2},
    {"fcvt.h.s", fcvt_hs, 2},  {"fcvt.d.h", fcvt_dh, 1},
    {"fcvt.s.h", fcvt_sh, 1},
};

static void test_unops(void)
{
    uint64_t r[2];
    for (size_t k = 0; k < sizeof(un_ops) / sizeof(un_ops[0]); k++) {
        int esz = un_ops[k].esz;
        for (size_t i = 0; i < n_of(esz); i++) {
            uint64_t a = val_of(esz, i);
            clear_fpsr();
            un_ops[k].fn(a, r);
            printf("%s %llx -> %llx hi=%llx fpsr=%llx\n", un_ops[k].name,
                   (unsigned long long)a, (unsigned long long)r[0],
                   (unsigned long long)r[1], (unsigned long long)get_fpsr());
        }
    }
}

/* FRINTI/FRINTX/FADD/FCVT/SCVTF under each FPCR.RMode, and FPCR.DN. */
static void test_rounding_modes(void)
{
    uint64_t r[2];
    static const uint64_t extra[] = {0x3ff0000000000001ull,
                                     0xbff0000000000001ull};
    for (uint64_t mode = 0; mode < 4; mode++) {
        set_fpcr(mode << 22);
        for (size_t i = 0; i < N_D; i++) {
            clear_fpsr();
            frinti_d(d_vals[i], r);
            printf("rm%llu frinti.d %llx -> %llx fpsr=%llx\n",
                   (unsigned long long)mode, (unsigned long long)d_vals[i],
                   (unsigned long long)r[0], (unsigned long long)get_fpsr());
            clear_fpsr();
            frintx_s(s_vals[i % N_S], r);
            printf("rm%llu frintx.s %llx -> %llx fpsr=%llx\n",
                   (unsigned long long)mode,
                   (unsigned long long)s_vals[i % N_S],
                   (unsigned long long)r[0], (unsigned long long)get_fpsr());
            clear_fpsr();
            fcvt_sd(d_vals[i], r);
            printf("rm%llu fcvt.s.d %llx -> %llx fpsr=%llx\n",
                   (unsigned long long)mode, (unsigned long long)d_vals[i],
                   (unsigned long long)r[0], (unsigned long long)get_fpsr());
            clear_fpsr();
            fcvt_hd(d_vals[i], r);
            printf("rm%llu fcvt.h.d %llx -> %llx fpsr=%llx\n",
                   (unsigned long long)mode, (unsigned long long)d_vals[i],
                   (unsigned long long)r[0], (unsigned long long)get_fpsr());
            for (int e = 0; e < 2; e++) {
                clear_fpsr();
                fadd_d(d_vals[i], extra[e], r);
                printf("rm%llu fadd.d %llx %llx -> %llx fpsr=%llx\n",
                       (unsigned long long)mode, (unsigned long long)d_vals[i],
                       (unsigned long long)extra[e], (unsigned long long)r[0],
                       (unsigned long long)get_fpsr());
            }
        }
        for (int i = 0; i < 8; i++) {
            uint64_t x = 0x7fffffffffffffffull -
                         (uint64_t)i * 0x1111111111111ull,
                     rs, rd;
            asm volatile(
                "scvtf s0, %2\n fmov %w0, s0\n scvtf d0, %2\n fmov %1, d0"
                : "=r"(rs), "=r"(rd)
                : "r"(x)
                : "v0");
            printf("rm%llu scvtf %llx -> s=%llx d=%llx\n",
                   (unsigned long long)mode, (unsigned long long)x,
                   (unsigned long long)rs, (unsigned long long)rd);
        }
    }
    set_fpcr(1u << 25); /* DN */
    for (size_t i = 9; i < 14; i++) {
        clear_fpsr();
        fadd_d(d_vals[i], d_vals[2], r);
        printf("dn fadd.d %llx -> %llx fpsr=%llx\n",
               (unsigned long long)d_vals[i], (unsigned long long)r[0],
               (unsigned long long)get_fpsr());
        clear_fpsr();
        fcvt_sd(d_vals[i], r);
        printf("dn fcvt.s.d %llx -> %llx fpsr=%llx\n",
               (unsigned long long)d_vals[i], (unsigned long long)r[0],
               (unsigned long long)get_fpsr());
    }
    set_fpcr(0);
}

/* ---- compares ---- */
static void test_compares(void)
{
    for (size_t i = 0; i < N_D; i++) {
        for (size_t j = 0; j < N_D; j++) {
            uint64_t a = d_vals[i], b = d_vals[j], f1, f2, n1, n2, f3, n3;
            clear_fpsr();
            asm volatile(
                "fmov d0, %2\n fmov d1, %3\n fcmp d0, d1\n mrs %0, nzcv\n mrs %1, fpsr"
                : "=r"(n1), "=r"(f1)
                : "r"(a), "r"(b)
                : "v0", "v1", "cc");
            clear_fpsr();
            asm volatile(
                "fmov d0, %2\n fmov d1, %3\n fcmpe d0, d1\n mrs %0, nzcv\n mrs %1, fpsr"
                : "=r"(n2), "=r"(f2)
                : "r"(a), "r"(b)
                : "v0", "v1", "cc");
            clear_fpsr();
            asm volatile(
                "fmov s0, %w2\n fmov s1, %w3\n fcmp s0, s1\n mrs %0, nzcv\n mrs %1, fpsr"
                : "=r"(n3), "=r"(f3)
                : "r"(s_vals[i % N_S]), "r"(s_vals[j % N_S])
                : "v0", "v1", "cc");
            printf(
                "fcmp %llx %llx -> %llx/%llx fcmpe %llx/%llx fcmp.s %llx/%llx\n",
                (unsigned long long)a, (unsigned long long)b,
                (unsigned long long)n1, (unsigned long long)f1,
                (unsigned long long)n2, (unsigned long long)f2,
                (unsigned long long)n3, (unsigned long long)f3);
        }
        uint64_t n1, n2;
        asm volatile("fmov d0, %1\n fcmp d0, #0.0\n mrs %0, nzcv"
                     : "=r"(n1)
                     : "r"(d_vals[i])
                     : "v0", "cc");
        asm volatile("fmov d0, %1\n fcmpe d0, #0.0\n mrs %0, nzcv"
                     : "=r"(n2)
                     : "r"(d_vals[i])
                     : "v0", "cc");
        printf("fcmp0 %llx -> %llx %llx\n", (unsigned long long)d_vals[i],
               (unsigned long long)n1, (unsigned long long)n2);
    }
    /* FCCMP/FCCMPE and FCSEL under all 16 flag values: each condition. */
    for (uint64_t flags = 0; flags < 16; flags++) {
        for (size_t k = 0; k < 4; k++) {
            uint64_t a = d_vals[k * 3], b = d_vals[k * 3 + 2], n1, n2, n3, n4,
                     fs;
            clear_fpsr();
            asm volatile(
                "fmov d0, %4\n fmov d1, %5\n msr nzcv, %6\n fccmp d0, d1, #5, eq\n mrs %0, nzcv\n"
                "msr nzcv, %6\n fccmpe d0, d1, #10, lt\n mrs %1, nzcv\n"
                "msr nzcv, %6\n fccmp d0, d1, #15, hi\n mrs %2, nzcv\n"
                "msr nzcv, %6\n fccmp d0, d1, #0, vs\n mrs %3, nzcv\n"
                : "=&r"(n1), "=&r"(n2), "=&r"(n3), "=&r"(n4)
                : "r"(a), "r"(b), "r"(flags << 28)
                : "v0", "v1", "cc");
            fs = get_fpsr();
            printf(
                "fccmp nzcv=%llx %llx %llx -> %llx %llx %llx %llx fpsr=%llx\n",
                (unsigned long long)flags, (unsigned long long)a,
                (unsigned long long)b, (unsigned long long)n1,
                (unsigned long long)n2, (unsigned long long)n3,
                (unsigned long long)n4, (unsigned long long)fs);
        }
        uint64_t r[8];
        asm volatile(
            "fmov d0, #1.0\n fmov d1, #2.0\n msr nzcv, %8\n"
            "fcsel d2, d0, d1, eq\n fmov %0, d2\n fcsel d2, d0, d1, ne\n fmov %1, d2\n"
            "fcsel d2, d0, d1, cs\n fmov %2, d2\n fcsel d2, d0, d1, mi\n fmov %3, d2\n"
            "fcsel d2, d0, d1, vs\n fmov %4, d2\n fcsel d2, d0, d1, hi\n fmov %5, d2\n"
            "fcsel d2, d0, d1, ge\n fmov %6, d2\n fcsel s2, s0, s1, gt\n fmov %7, d2\n"
            : "=&r"(r[0]), "=&r"(r[1]), "=&r"(r[2]), "=&r"(r[3]), "=&r"(r[4]),
              "=&r"(r[5]), "=&r"(r[6]), "=&r"(r[7])
            : "r"(flags << 28)
            : "v0", "v1", "v2", "cc");
        printf("fcsel nzcv=%llx:", (unsigned long long)flags);
        for (int i = 0; i < 8; i++)
            printf(" %llx", (unsigned long long)r[i]);
        printf("\n");
    }
}

/* ---- conversions to and from integers ---- */
#define TO_INT(name, insn)                                                     \
    static void name(uint64_t d, uint64_t s, uint64_t r[4])                    \
    {                                                                          \
        asm volatile("fmov d0, %4\n fmov s1, %w5\n" insn " %w0, d0\n" insn     \
                     " %1, d0\n" insn " %w2, s1\n" insn " %3, s1"              \
                     : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])          \
                     : "r"(d), "r"(s)                                          \
                     : "v0", "v1");                                            \
    }
/* clang-format off */
TO_INT(fcvtzs_i, "fcvtzs") TO_INT(fcvtzu_i, "fcvtzu") TO_INT(fcvtns_i, "fcvtns")
TO_INT(fcvtnu_i, "fcvtnu") TO_INT(fcvtas_i, "fcvtas") TO_INT(fcvtau_i, "fcvtau")
TO_INT(fcvtms_i, "fcvtms") TO_INT(fcvtmu_i, "fcvtmu") TO_INT(fcvtps_i, "fcvtps")
TO_INT(fcvtpu_i, "fcvtpu")
    /* clang-format on */

    static void test_conversions(void)
{
    static const struct {
        const char *name;
        void (*fn)(uint64_t, uint64_t, uint64_t *);
    } ops[] = {
        {"fcvtzs", fcvtzs_i}, {"fcvtzu", fcvtzu_i}, {"fcvtns", fcvtns_i},
        {"fcvtnu", fcvtnu_i}, {"fcvtas", fcvtas_i}, {"fcvtau", fcvtau_i},
        {"fcvtms", fcvtms_i}, {"fcvtmu", fcvtmu_i}, {"fcvtps", fcvtps_i},
        {"fcvtpu", fcvtpu_i},
    };
    uint64_t r[4];
    for (size_t k = 0; k < 10; k++) {
        for (size_t i = 0; i < N_D; i++) {
            clear_fpsr();
            ops[k].fn(d_vals[i], s_vals[i % N_S], r);
            printf("%s %llx %llx -> w=%llx x=%llx ws=%llx xs=%llx fpsr=%llx\n",
                   ops[k].name, (unsigned long long)d_vals[i],
                   (unsigned long long)s_vals[i % N_S],
                   (unsigned long long)r[0], (unsigned long long)r[1],
                   (unsigned long long)r[2], (unsigned long long)r[3],
                   (unsigned long long)get_fpsr());
        }
    }
    /* fixed point */
    for (size_t i = 0; i < N_D; i++) {
        uint64_t a, b, c, d, e;
        clear_fpsr();
        asm volatile(
            "fmov d0, %5\n fcvtzs %w0, d0, #1\n fcvtzs %1, d0, #32\n"
            "fcvtzu %w2, d0, #16\n fcvtzu %3, d0, #64\n fmov s1, %w6\n fcvtzs %w4, s1, #8"
            : "=&r"(a), "=&r"(b), "=&r"(c), "=&r"(d), "=&r"(e)
            : "r"(d_vals[i]), "r"(s_vals[i % N_S])
            : "v0", "v1");
        printf("fcvtz.fix %llx -> %llx %llx %llx %llx %llx fpsr=%llx\n",
               (unsigned long long)d_vals[i], (unsigned long long)a,
               (unsigned long long)b, (unsigned long long)c,
               (unsigned long long)d, (unsigned long long)e,
               (unsigned long long)get_fpsr());
    }
    static const uint64_t ints[] = {
        0,
        1,
        0xffffffffffffffffull,
        0x7fffffffffffffffull,
        0x8000000000000000ull,
        0x80000000ull,
        0x7fffffffull,
        0xffffffffull,
        0x123456789abcdefull,
        0x1000001ull,
        0x20000000000001ull,
        65504,
        65520,
        3,
    };
    for (size_t i = 0; i < sizeof(ints) / sizeof(ints[0]); i++) {
        uint64_t r1, r2, r3, r4, r5, r6, r7, r8, r9;
        uint64_t x = ints[i];
        clear_fpsr();
        asm volatile(
            "scvtf d0, %w9\n fmov %0, d0\n scvtf d0, %9\n fmov %1, d0\n"
            "ucvtf d0, %w9\n fmov %2, d0\n ucvtf d0, %9\n fmov %3, d0\n"
            "scvtf s0, %w9\n fmov %w4, s0\n ucvtf s0, %9\n fmov %w5, s0\n"
            "scvtf d0, %9, #3\n fmov %6, d0\n ucvtf s0, %w9, #32\n fmov %w7, s0\n"
            "ucvtf h0, %w9\n fmov %w8, h0\n"
            : "=&r"(r1), "=&r"(r2), "=&r"(r3), "=&r"(r4), "=&r"(r5), "=&r"(r6),
              "=&r"(r7), "=&r"(r8), "=&r"(r9)
            : "r"(x)
            : "v0");
        printf(
            "cvtf %llx -> %llx %llx %llx %llx %llx %llx %llx %llx %llx fpsr=%llx\n",
            (unsigned long long)x, (unsigned long long)r1,
            (unsigned long long)r2, (unsigned long long)r3,
            (unsigned long long)r4, (unsigned long long)r5,
            (unsigned long long)r6, (unsigned long long)r7,
            (unsigned long long)r8, (unsigned long long)r9,
            (unsigned long long)get_fpsr());
    }
}

/* ---- moves and immediates ---- */
static void test_moves(void)
{
    uint64_t a = 0x0123456789abcdefull, b = 0xfedcba9876543210ull;
    uint64_t r[10];
    asm volatile(
        "movi v0.16b, #0xff\n fmov d0, %10\n fmov %0, v0.d[1]\n"
        "movi v1.16b, #0xff\n fmov s1, %w11\n fmov %1, d1\n fmov %2, v1.d[1]\n"
        "fmov v1.d[1], %10\n fmov %3, v1.d[1]\n fmov %4, d1\n"
        "fmov %w5, s1\n fmov %6, d0\n"
        "movi v2.16b, #0xff\n fmov h2, %w11\n fmov %7, d2\n fmov %w8, h2\n fmov %9, h2\n"
        : "=&r"(r[0]), "=&r"(r[1]), "=&r"(r[2]), "=&r"(r[3]), "=&r"(r[4]),
          "=&r"(r[5]), "=&r"(r[6]), "=&r"(r[7]), "=&r"(r[8]), "=&r"(r[9])
        : "r"(a), "r"(b)
        : "v0", "v1", "v2");
    printf("fmov gen:");
    for (int i = 0; i < 10; i++)
        printf(" %llx", (unsigned long long)r[i]);
    printf("\n");
    asm volatile(
        "fmov d0, #1.5\n fmov %0, d0\n fmov d0, #-2.5\n fmov %1, d0\n"
        "fmov d0, #31.0\n fmov %2, d0\n fmov d0, #0.125\n fmov %3, d0\n"
        "fmov s0, #1.5\n fmov %4, d0\n fmov s0, #-0.1875\n fmov %5, d0\n"
        "fmov h0, #2.0\n fmov %6, d0\n fmov s0, #1.0\n fmov %7, d0\n"
        : "=&r"(r[0]), "=&r"(r[1]), "=&r"(r[2]), "=&r"(r[3]), "=&r"(r[4]),
          "=&r"(r[5]), "=&r"(r[6]), "=&r"(r[7])::"v0");
    printf("fmov imm:");
    for (int i = 0; i < 8; i++)
        printf(" %llx", (unsigned long long)r[i]);
    printf("\n");
}

/*
 * FPCR.FZ (denormal inputs and tiny results flush to zero: IDC, UFC),
 * FPCR.FZ16 (the same for half precision, without IDC), FPCR.AHP (FCVT to and
 * from the alternative half format) and both with directed rounding, over the
 * same instructions and values.
 */
static void test_fpcr_modes(void)
{
    static const uint64_t modes[] = {
        1u << 24,
        1u << 26,
        (1u << 24) | (3u << 22),
        (1u << 24) | (1u << 25),
        (1u << 26) | (1u << 22),
        (1u << 24) | (2u << 22),
        1u << 19,
        (1u << 19) | (2u << 22),
        (1u << 19) | (1u << 25),
    };
    for (size_t m = 0; m < sizeof(modes) / sizeof(modes[0]); m++) {
        printf("== fpcr %llx\n", (unsigned long long)modes[m]);
        set_fpcr(modes[m]);
        test_binops();
        test_fma();
        test_unops();
        test_compares();
        test_conversions();
    }
    set_fpcr(0);
}

int main(void)
{
    test_moves();
    test_binops();
    test_fma();
    test_unops();
    test_rounding_modes();
    test_compares();
    test_conversions();
    test_fpcr_modes();
    return 0;
}
