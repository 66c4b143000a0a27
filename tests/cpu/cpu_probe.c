/*
 * What the -cpu model gives a program: for each optional feature, whether
 * its AT_HWCAP/AT_HWCAP2 bit, its ID_AA64ISARn_EL1 field (MRS), its
 * /proc/cpuinfo name and its instruction (SIGILL or not) agree. Prints
 * "NAME on", "NAME off" or "NAME MIXED ..."; then CSSC results checked
 * against C. With argument "exec" it first re-executes itself once.
 */
#include <setjmp.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <unistd.h>

typedef struct Feature {
    const char *name;
    int hwcap_word, hwcap_bit;
    int isar, shift, min; /* field >= min of ID_AA64ISARn_EL1 (n = 0..2),
                             ID_AA64PFR1_EL1 (3), ID_AA64MMFR2_EL1 (4) or
                             ID_AA64PFR0_EL1 (5), ID_AA64ZFR0_EL1 (6) */
    const char *cpuinfo;
    void (*probe)(void);
} Feature;

static _Alignas(16) uint64_t scratch[4] = {1, 2, 3, 4};

#define PROBE(fn, insn)                                                        \
    static void fn(void)                                                       \
    {                                                                          \
        register uint64_t *p __asm__("x1") = scratch;                          \
        __asm__ volatile(".inst " #insn                                        \
                         : "+r"(p)                                             \
                         :                                                     \
                         : "x0", "v0", "v1", "v2", "cc", "memory");            \
    }

PROBE(probe_cfinv, 0xd500401f)    /* CFINV */
PROBE(probe_axflag, 0xd500405f)   /* AXFLAG */
PROBE(probe_sdot, 0x4e829420)     /* SDOT v0.4s, v1.16b, v2.16b */
PROBE(probe_smmla, 0x4e82a420)    /* SMMLA v0.4s, v1.16b, v2.16b */
PROBE(probe_rndr, 0xd53b2400)     /* MRS x0, RNDR */
PROBE(probe_fjcvtzs, 0x1e7e0000)  /* FJCVTZS w0, d0 */
PROBE(probe_fcmla, 0x6e82c420)    /* FCMLA v0.4s, v1.4s, v2.4s, #0 */
PROBE(probe_sm3, 0xce62c020)      /* SM3PARTW1 v0.4s, v1.4s, v2.4s */
PROBE(probe_sm4, 0xcec08420)      /* SM4E v0.4s, v1.4s */
PROBE(probe_bfdot, 0x6e42fc20)    /* BFDOT v0.4s, v1.8h, v2.8h */
PROBE(probe_ldapr, 0xf8bfc020)    /* LDAPR x0, [x1] */
PROBE(probe_ldapur, 0xd9400020)   /* LDAPUR x0, [x1] */
PROBE(probe_frint32z, 0x1e284000) /* FRINT32Z s0, s0 */
PROBE(probe_sb, 0xd50330ff)       /* SB */
PROBE(probe_cnt, 0xdac01c00)      /* CNT x0, x0 */
PROBE(probe_bc, 0x5400003e)       /* BC.AL .+4 */
PROBE(probe_wfet, 0xd503101f)     /* WFET xzr (a deadline passed) */
PROBE(probe_rdvl, 0x04bf5020)     /* RDVL x0, #1 */
PROBE(probe_eor3, 0x04223861)     /* EOR3 z1.d, z1.d, z2.d, z3.d */
PROBE(probe_bext, 0x4503b041)     /* BEXT z1.b, z2.b, z3.b */
PROBE(probe_sve_aese, 0x4522e041) /* AESE z1.b, z1.b, z2.b */
PROBE(probe_sve_rax1, 0x4523f441) /* RAX1 z1.d, z2.d, z3.d */
PROBE(probe_sve_sm4e, 0x4523e041) /* SM4E z1.s, z1.s, z2.s */

/* LSE2: LDADD w0, w0, [x1 + 1] inside a 16-byte granule (else SIGBUS). */
static void probe_ldadd_unaligned(void)
{
    register char *p __asm__("x1") = (char *)scratch + 1;

    __asm__ volatile(".inst 0xb8200020" : : "r"(p) : "x0", "memory");
}

/* BTI has no instruction of its own: PROT_BTI is refused without it. */
static void probe_prot_bti(void)
{
    static _Alignas(4096) char page[4096];

    if (mprotect(page, sizeof(page), PROT_READ | PROT_WRITE | 0x10) != 0)
        raise(SIGILL);
    mprotect(page, sizeof(page), PROT_READ | PROT_WRITE);
}
PROBE(probe_pacga, 0x9ac13020) /* PACGA x0, x1, x1 */
PROBE(probe_irg, 0x9adf1000)   /* IRG x0, x0 */

/* MOPS: SETP/SETM/SETE [x1]!, x0!, xzr of 0 bytes. */
static void probe_set(void)
{
    register uint64_t *p __asm__("x1") = scratch;
    register uint64_t n __asm__("x0") = 0;

    __asm__ volatile(".inst 0x19df0401\n\t.inst 0x19df4401\n\t.inst 0x19df8401"
                     : "+r"(p), "+r"(n)
                     :
                     : "cc", "memory");
}

static const Feature features[] = {
    {"flagm", 1, 27, 0, 52, 1, "flagm", probe_cfinv},
    {"flagm2", 2, 7, 0, 52, 2, "flagm2", probe_axflag},
    {"dotprod", 1, 20, 0, 44, 1, "asimddp", probe_sdot},
    {"i8mm", 2, 13, 1, 52, 1, "i8mm", probe_smmla},
    {"sm3", 1, 18, 0, 36, 1, "sm3", probe_sm3},
    {"sm4", 1, 19, 0, 40, 1, "sm4", probe_sm4},
    {"rng", 2, 16, 0, 60, 1, "rng", probe_rndr},
    {"jscvt", 1, 13, 1, 12, 1, "jscvt", probe_fjcvtzs},
    {"fcma", 1, 14, 1, 16, 1, "fcma", probe_fcmla},
    {"lrcpc", 1, 15, 1, 20, 1, "lrcpc", probe_ldapr},
    {"lrcpc2", 1, 26, 1, 20, 2, "ilrcpc", probe_ldapur},
    {"frintts", 2, 8, 1, 32, 1, "frint", probe_frint32z},
    {"bf16", 2, 14, 1, 44, 1, "bf16", probe_bfdot},
    {"sb", 1, 29, 1, 36, 1, "sb", probe_sb},
    {"cssc", 2, 34, 2, 52, 1, "cssc", probe_cnt},
    {"hbc", 2, 44, 2, 20, 1, "hbc", probe_bc},
    {"wfxt", 2, 31, 2, 0, 2, "wfxt", probe_wfet},
    {"lse2", 1, 25, 4, 32, 1, "uscat", probe_ldadd_unaligned},
    {"bti", 2, 17, 3, 0, 1, "bti", probe_prot_bti},
    {"mte", 2, 18, 3, 8, 2, "mte", probe_irg},
    {"pauth", 1, 30, 1, 4, 1, "paca", probe_pacga},
    {"mops", 2, 43, 2, 16, 1, "mops", probe_set},
};

static sigjmp_buf escape;

static void on_sigill(int sig)
{
    (void)sig;
    siglongjmp(escape, 1);
}

static int sigill_code;

static void on_sigill_info(int sig, siginfo_t *si, void *uc)
{
    (void)sig;
    (void)uc;
    sigill_code = si->si_code;
    siglongjmp(escape, 1);
}

static bool runs(void (*probe)(void))
{
    if (sigsetjmp(escape, 1) != 0)
        return false;
    probe();
    return true;
}

static uint64_t read_isar(int n)
{
    uint64_t v = 0;

    if (n == 0)
        __asm__ volatile("mrs %0, s3_0_c0_c6_0" : "=r"(v));
    else if (n == 1)
        __asm__ volatile("mrs %0, s3_0_c0_c6_1" : "=r"(v));
    else if (n == 2)
        __asm__ volatile("mrs %0, s3_0_c0_c6_2" : "=r"(v));
    else if (n == 3)
        __asm__ volatile("mrs %0, s3_0_c0_c4_1" : "=r"(v));
    else if (n == 5)
        __asm__ volatile("mrs %0, s3_0_c0_c4_0" : "=r"(v));
    else if (n == 6)
        __asm__ volatile("mrs %0, s3_0_c0_c4_4" : "=r"(v)); /* ZFR0 */
    else
        __asm__ volatile("mrs %0, s3_0_c0_c7_2" : "=r"(v));
    return v;
}

/* The "Features" line of /proc/cpuinfo, with a space at each end. */
static void cpuinfo_features(char *buf, size_t len)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[1024];

    snprintf(buf, len, " ");
    while (f && fgets(line, sizeof(line), f)) {
        char *colon = strchr(line, ':');

        if (strncmp(line, "Features", 8) == 0 && colon) {
            line[strcspn(line, "\n")] = '\0';
            snprintf(buf, len, "%s ", colon + 1);
            break;
        }
    }
    if (f)
        fclose(f);
}

/* "NAME on" when HWCAP, ID field, cpuinfo name and instruction agree. */
static void report_feature(const Feature *f, const char *info)
{
    uint64_t hwcap[3] = {0, getauxval(AT_HWCAP), getauxval(AT_HWCAP2)};
    char word[64];
    int hw = (int)((hwcap[f->hwcap_word] >> f->hwcap_bit) & 1);
    int id = ((read_isar(f->isar) >> f->shift) & 0xf) >= (unsigned)f->min;
    int insn = runs(f->probe);
    int name;

    snprintf(word, sizeof(word), " %s ", f->cpuinfo);
    name = strstr(info, word) != NULL;
    if (hw && id && insn && name)
        printf("%s on\n", f->name);
    else if (!hw && !id && !insn && !name)
        printf("%s off\n", f->name);
    else
        printf("%s MIXED hwcap=%d id=%d insn=%d cpuinfo=%d\n", f->name, hw, id,
               insn, name);
}

static void report_features(void)
{
    char info[1024];

    cpuinfo_features(info, sizeof(info));
    for (size_t i = 0; i < sizeof(features) / sizeof(features[0]); i++)
        report_feature(&features[i], info);
}

/* SVE (not in max): HWCAP_SVE, ID_AA64PFR0_EL1.SVE, RDVL; SVE2, BitPerm,
 * AES, SHA3, SM4: HWCAP2 bits, ID_AA64ZFR0_EL1 fields. */
static void report_sve(void)
{
    static const Feature sve[] = {
        {"sve", 1, 22, 5, 32, 1, "sve", probe_rdvl},
        {"sve2", 2, 1, 6, 0, 1, "sve2", probe_eor3},
        {"sve2bitperm", 2, 4, 6, 16, 1, "svebitperm", probe_bext},
        {"sve2aes", 2, 2, 6, 4, 2, "sveaes", probe_sve_aese},
        {"sve2sha3", 2, 5, 6, 32, 1, "svesha3", probe_sve_rax1},
        {"sve2sm4", 2, 6, 6, 40, 1, "svesm4", probe_sve_sm4e},
    };
    char info[1024];

    cpuinfo_features(info, sizeof(info));
    for (size_t i = 0; i < sizeof(sve) / sizeof(sve[0]); i++)
        report_feature(&sve[i], info);
}

/*
 * FEAT_FPAC has no HWCAP: ID_AA64ISAR1.APA >= 4 and an AUTIZA of a pointer
 * signed with another modifier raising SIGILL (ILL_ILLOPN) agree. Without
 * FPAC the AUTIZA gives the pointer with an error code (PAuth) or, under
 * -pauth, nothing happens at all (the PACIA/AUTIZA are not run then).
 * The PAC field has 7 bits here, so one modifier's code matches the zero
 * modifier's one time in 128: FPAC must trap with one of 8 modifiers.
 */
static int autiza_traps(uint64_t modifier)
{
    volatile uint64_t p = (uint64_t)(uintptr_t)scratch;

    sigill_code = 0;
    if (sigsetjmp(escape, 1) == 0) {
        register uint64_t x0 __asm__("x0") = p;
        register uint64_t x1 __asm__("x1") = modifier;
        __asm__ volatile(".inst 0xdac10020\n" /* PACIA x0, x1 */
                         ".inst 0xdac133e0"   /* AUTIZA x0 */
                         : "+r"(x0)
                         : "r"(x1));
        p = x0;
        return 0;
    }
    return sigill_code == ILL_ILLOPN;
}

static void report_fpac(void)
{
    struct sigaction sa = {.sa_sigaction = on_sigill_info,
                           .sa_flags = SA_SIGINFO | SA_NODEFER};
    struct sigaction old;
    int id = ((read_isar(1) >> 4) & 0xf) >= 4;
    int trap = 0;

    sigaction(SIGILL, &sa, &old);
    if (getauxval(AT_HWCAP) & (1ul << 30))
        for (uint64_t modifier = 1; modifier <= 8 && !trap; modifier++)
            trap = autiza_traps(modifier);
    sigaction(SIGILL, &old, NULL);
    if (id == trap)
        printf("fpac %s\n", id ? "on" : "off");
    else
        printf("fpac MIXED id=%d trap=%d\n", id, trap);
}

/*
 * FEAT_FPACCOMBINE has no HWCAP either: ID_AA64ISAR1.APA >= 5 and an
 * LDRAA of a spoiled pointer raising SIGILL (ILL_ILLOPN) rather than
 * SIGSEGV agree (nothing is run without pauth).
 */
static int fault_signal;

static void on_fault_info(int sig, siginfo_t *si, void *uc)
{
    fault_signal = sig;
    on_sigill_info(sig, si, uc);
}

static void report_fpaccombine(void)
{
    struct sigaction sa = {.sa_sigaction = on_fault_info,
                           .sa_flags = SA_SIGINFO | SA_NODEFER};
    struct sigaction old_ill, old_segv;
    int id = ((read_isar(1) >> 4) & 0xf) >= 5;
    int trap = 0;

    sigaction(SIGILL, &sa, &old_ill);
    sigaction(SIGSEGV, &sa, &old_segv);
    sigill_code = 0;
    if (getauxval(AT_HWCAP) & (1ul << 30) && sigsetjmp(escape, 1) == 0) {
        register uint64_t x0 __asm__("x0") = (uint64_t)(uintptr_t)scratch;
        __asm__ volatile(".inst 0xdac12be0\n" /* PACDZA x0 */
                         "eor x0, x0, #0x4000000000000\n"
                         ".inst 0xf8200400" /* LDRAA x0, [x0] */
                         : "+r"(x0)
                         :
                         : "memory");
    } else if (fault_signal == SIGILL && sigill_code == ILL_ILLOPN) {
        trap = 1;
    }
    sigaction(SIGILL, &old_ill, NULL);
    sigaction(SIGSEGV, &old_segv, NULL);
    if (id == trap)
        printf("fpaccombine %s\n", id ? "on" : "off");
    else
        printf("fpaccombine MIXED id=%d trap=%d\n", id, trap);
}

/* ---- CSSC results against C ---- */

#define CSSC_OP(fn, insn)                                                      \
    static uint64_t fn(uint64_t n, uint64_t m)                                 \
    {                                                                          \
        register uint64_t x0 __asm__("x0") = n;                                \
        register uint64_t x1 __asm__("x1") = m;                                \
        __asm__(".inst " #insn : "+r"(x0) : "r"(x1));                          \
        return x0;                                                             \
    }

CSSC_OP(abs_x, 0xdac02000)    /* ABS x0, x0 */
CSSC_OP(abs_w, 0x5ac02000)    /* ABS w0, w0 */
CSSC_OP(cnt_x, 0xdac01c00)    /* CNT x0, x0 */
CSSC_OP(cnt_w, 0x5ac01c00)    /* CNT w0, w0 */
CSSC_OP(ctz_x, 0xdac01800)    /* CTZ x0, x0 */
CSSC_OP(ctz_w, 0x5ac01800)    /* CTZ w0, w0 */
CSSC_OP(smax_x, 0x9ac16000)   /* SMAX x0, x0, x1 */
CSSC_OP(umin_w, 0x1ac16c00)   /* UMIN w0, w0, w1 */
CSSC_OP(smin_i, 0x91cbfc00)   /* SMIN x0, x0, #-1 (imm8 0xff) */
CSSC_OP(umax_w_i, 0x11c7fc00) /* UMAX w0, w0, #255 */

static int check(const char *what, uint64_t in, uint64_t got, uint64_t want)
{
    if (got == want)
        return 0;
    printf("cssc %s(%#llx) = %#llx, want %#llx\n", what, (unsigned long long)in,
           (unsigned long long)got, (unsigned long long)want);
    return 1;
}

static void report_cssc(void)
{
    static const uint64_t in[] = {0,
                                  1,
                                  0x80000000u,
                                  0xffffffffu,
                                  0x8000000000000000ull,
                                  0xffffffffffffffffull,
                                  0x123456789abcdef0ull,
                                  0x00000100000000f0ull,
                                  0x7fffffff00000000ull};
    int bad = 0;

    if (!runs(probe_cnt))
        return;
    for (size_t i = 0; i < sizeof(in) / sizeof(in[0]); i++) {
        uint64_t x = in[i], m = in[(i + 3) % 9];
        uint32_t w = (uint32_t)x;
        int64_t sx = (int64_t)x;
        int32_t sw = (int32_t)w;

        bad += check("abs_x", x, abs_x(x, 0), sx < 0 ? 0 - x : x);
        bad += check("abs_w", x, abs_w(x, 0), (uint32_t)(sw < 0 ? 0u - w : w));
        bad += check("cnt_x", x, cnt_x(x, 0), __builtin_popcountll(x));
        bad += check("cnt_w", x, cnt_w(x, 0), __builtin_popcount(w));
        bad += check("ctz_x", x, ctz_x(x, 0), x ? __builtin_ctzll(x) : 64);
        bad += check("ctz_w", x, ctz_w(x, 0), w ? __builtin_ctz(w) : 32);
        bad += check("smax_x", x, smax_x(x, m), sx > (int64_t)m ? x : m);
        bad +=
            check("umin_w", x, umin_w(x, m), w < (uint32_t)m ? w : (uint32_t)m);
        bad += check("smin_i", x, smin_i(x, 0), sx < -1 ? x : (uint64_t)-1);
        bad += check("umax_w_i", x, umax_w_i(x, 0), w > 255 ? w : 255);
    }
    printf("cssc %s\n", bad ? "WRONG" : "values ok");
}

int main(int argc, char **argv)
{
    signal(SIGILL, on_sigill);
    signal(SIGBUS, on_sigill); /* an alignment fault: no LSE2 */
    if (argc > 1 && strcmp(argv[1], "exec") == 0) {
        execl("/proc/self/exe", argv[0], (char *)NULL);
        perror("execl");
        return 1;
    }
    report_features();
    report_fpac();
    report_fpaccombine();
    report_sve();
    report_cssc();
    return 0;
}
