/*
 * SVE gathers, scatters, first-fault gathers, prefetches and LD1RQ at
 * vector lengths 128, 256 and 512 bits (prctl PR_SVE_SET_VL): every
 * addressing mode on fixed offsets, faults at a guard page (si_addr, FFR).
 * The reference is qemu-aarch64 -cpu max.
 * insn-cflags: -march=armv8.2-a+sve -O1
 * insn-arx: -cpu max,+sve
 */
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <unistd.h>

#ifndef PR_SVE_SET_VL
#define PR_SVE_SET_VL 50
#endif

static uint8_t mem[16384], dst[16384];
static int32_t off32s[64];
static uint32_t off32u[64], vb32[64], vd32[64];
static int64_t off64[32];
static uint64_t off64xs[32], off64xu[32], vb64[32], vd64[32];
static uint8_t za[256], junk[256], zout[256], pa[32];
static unsigned vl; /* bytes */

static void show(const char *name)
{
    printf("%-44s ", name);
    for (unsigned i = vl; i-- > 0;)
        printf("%02x", zout[i]);
    printf("\n");
}

/* FNV-1a of dst and how many bytes are not zero, then dst cleared. */
static void show_dst(const char *name)
{
    uint64_t h = 1469598103934665603ull;
    unsigned nz = 0;

    for (unsigned i = 0; i < sizeof(dst); i++) {
        h = (h ^ dst[i]) * 1099511628211ull;
        nz += dst[i] != 0;
    }
    printf("%-44s hash=%016llx nonzero=%u\n", name, (unsigned long long)h, nz);
    memset(dst, 0, sizeof(dst));
}

/* Z1 = offsets o, Z2 = vector bases v, Z0 = junk, P0 = pa, P1 all true,
 * X10 = 3; then insn; then Z0 out. %[b] is mem's middle, %[d] dst's. */
#define G(insn, o, v)                                                          \
    do {                                                                       \
        __asm__ volatile(                                                      \
            "ldr z1, [%[io]]\n\tldr z2, [%[iv]]\n\t"                           \
            "ldr z0, [%[ij]]\n\tldr p0, [%[ip]]\n\t"                           \
            "ptrue p1.b\n\tmov x10, #3\n\t" insn "\n\t"                        \
            "str z0, [%[oz]]"                                                  \
            :                                                                  \
            : [io] "r"(o), [iv] "r"(v), [ij] "r"(junk), [ip] "r"(pa),          \
              [oz] "r"(zout), [b] "r"(mem + 8192), [d] "r"(dst + 8192)         \
            : "memory", "x10", "v0", "v1", "v2");                              \
        show(insn);                                                            \
    } while (0)

/* The same with Z0 = za (the data a scatter stores), then dst's hash. */
#define S(insn, o, v)                                                          \
    do {                                                                       \
        __asm__ volatile(                                                      \
            "ldr z1, [%[io]]\n\tldr z2, [%[iv]]\n\t"                           \
            "ldr z0, [%[ia]]\n\tldr p0, [%[ip]]\n\t"                           \
            "ptrue p1.b\n\t" insn                                              \
            :                                                                  \
            : [io] "r"(o), [iv] "r"(v), [ia] "r"(za), [ip] "r"(pa),            \
              [b] "r"(mem + 8192), [d] "r"(dst + 8192)                         \
            : "memory", "v0", "v1", "v2");                                     \
        show_dst(insn);                                                        \
    } while (0)

static void fill_inputs(void)
{
    uint32_t x = 0x2468ace1;

    for (unsigned i = 0; i < sizeof(mem); i++)
        mem[i] = (uint8_t)(i * 131 + 7 + (i >> 8));
    for (unsigned i = 0; i < 256; i++) {
        x = x * 1103515245 + 12345;
        za[i] = (uint8_t)(x >> 16);
        junk[i] = 0xee;
    }
    for (unsigned i = 0; i < 32; i++)
        pa[i] = (uint8_t)(0xb7 ^ (i * 0x35));
    for (unsigned i = 0; i < 64; i++) {
        off32u[i] = (i * 97) % 1000;
        off32s[i] = (int32_t)off32u[i] - 500;
        vb32[i] = (uint32_t)(uintptr_t)(mem + 8192 + off32s[i]);
        vd32[i] = (uint32_t)(uintptr_t)(dst + 8192 + off32s[i]);
    }
    off32u[5] = off32u[3]; /* a repeated address: the later element wins */
    off32s[9] = off32s[2];
    for (unsigned i = 0; i < 32; i++) {
        off64[i] = (int64_t)((i * 193) % 1000) - 500;
        off64xs[i] = 0xdeadbeef00000000ull | (uint32_t)(int32_t)off64[i];
        off64xu[i] = 0x8badf00d00000000ull | (uint32_t)((i * 193) % 1000);
        vb64[i] = (uint64_t)(uintptr_t)(mem + 8192 + off64[i]);
        vd64[i] = (uint64_t)(uintptr_t)(dst + 8192 + off64[i]);
    }
    off64[7] = off64[1];
}

static void gather_tests(void)
{
    /* 32-bit elements, scalar plus 32-bit offsets */
    G("ld1b {z0.s}, p0/z, [%[b], z1.s, uxtw]", off32u, vb32);
    G("ld1sb {z0.s}, p0/z, [%[b], z1.s, sxtw]", off32s, vb32);
    G("ld1h {z0.s}, p0/z, [%[b], z1.s, uxtw #1]", off32u, vb32);
    G("ld1sh {z0.s}, p0/z, [%[b], z1.s, sxtw #1]", off32s, vb32);
    G("ld1h {z0.s}, p0/z, [%[b], z1.s, sxtw]", off32s, vb32);
    G("ld1sh {z0.s}, p1/z, [%[b], z1.s, uxtw]", off32u, vb32);
    G("ld1w {z0.s}, p0/z, [%[b], z1.s, uxtw #2]", off32u, vb32);
    G("ld1w {z0.s}, p1/z, [%[b], z1.s, sxtw #2]", off32s, vb32);
    G("ld1w {z0.s}, p0/z, [%[b], z1.s, sxtw]", off32s, vb32);
    G("ldff1b {z0.s}, p0/z, [%[b], z1.s, uxtw]", off32u, vb32);
    G("ldff1sh {z0.s}, p0/z, [%[b], z1.s, sxtw #1]", off32s, vb32);
    G("ldff1w {z0.s}, p1/z, [%[b], z1.s, uxtw #2]", off32u, vb32);
    /* 32-bit elements, vector plus immediate */
    G("ld1b {z0.s}, p0/z, [z2.s, #31]", off32u, vb32);
    G("ld1sb {z0.s}, p1/z, [z2.s]", off32u, vb32);
    G("ld1h {z0.s}, p0/z, [z2.s, #62]", off32u, vb32);
    G("ld1sh {z0.s}, p0/z, [z2.s, #2]", off32u, vb32);
    G("ld1w {z0.s}, p0/z, [z2.s, #124]", off32u, vb32);
    G("ldff1w {z0.s}, p1/z, [z2.s, #4]", off32u, vb32);
    G("ldff1sb {z0.s}, p0/z, [z2.s, #1]", off32u, vb32);
    /* 64-bit elements, scalar plus 64-bit offsets */
    G("ld1d {z0.d}, p0/z, [%[b], z1.d, lsl #3]", off64, vb64);
    G("ld1d {z0.d}, p1/z, [%[b], z1.d]", off64, vb64);
    G("ld1sw {z0.d}, p0/z, [%[b], z1.d, lsl #2]", off64, vb64);
    G("ld1w {z0.d}, p0/z, [%[b], z1.d]", off64, vb64);
    G("ld1sh {z0.d}, p1/z, [%[b], z1.d, lsl #1]", off64, vb64);
    G("ld1h {z0.d}, p0/z, [%[b], z1.d]", off64, vb64);
    G("ld1sb {z0.d}, p0/z, [%[b], z1.d]", off64, vb64);
    G("ld1b {z0.d}, p1/z, [%[b], z1.d]", off64, vb64);
    G("ldff1d {z0.d}, p0/z, [%[b], z1.d, lsl #3]", off64, vb64);
    G("ldff1sw {z0.d}, p1/z, [%[b], z1.d]", off64, vb64);
    /* 64-bit elements, scalar plus unpacked 32-bit offsets */
    G("ld1d {z0.d}, p0/z, [%[b], z1.d, sxtw #3]", off64xs, vb64);
    G("ld1d {z0.d}, p1/z, [%[b], z1.d, uxtw]", off64xu, vb64);
    G("ld1sw {z0.d}, p0/z, [%[b], z1.d, sxtw #2]", off64xs, vb64);
    G("ld1w {z0.d}, p0/z, [%[b], z1.d, uxtw #2]", off64xu, vb64);
    G("ld1sh {z0.d}, p1/z, [%[b], z1.d, sxtw]", off64xs, vb64);
    G("ld1h {z0.d}, p0/z, [%[b], z1.d, uxtw #1]", off64xu, vb64);
    G("ld1b {z0.d}, p0/z, [%[b], z1.d, sxtw]", off64xs, vb64);
    G("ld1sb {z0.d}, p1/z, [%[b], z1.d, uxtw]", off64xu, vb64);
    G("ldff1h {z0.d}, p0/z, [%[b], z1.d, sxtw #1]", off64xs, vb64);
    /* 64-bit elements, vector plus immediate */
    G("ld1d {z0.d}, p0/z, [z2.d, #248]", off64, vb64);
    G("ld1sw {z0.d}, p1/z, [z2.d, #4]", off64, vb64);
    G("ld1w {z0.d}, p0/z, [z2.d, #124]", off64, vb64);
    G("ld1sh {z0.d}, p0/z, [z2.d, #2]", off64, vb64);
    G("ld1b {z0.d}, p1/z, [z2.d, #31]", off64, vb64);
    G("ldff1sb {z0.d}, p0/z, [z2.d]", off64, vb64);
    /* the destination is the offsets' register */
    G("ld1d {z1.d}, p0/z, [%[b], z1.d, lsl #3]\n\tmov z0.d, z1.d", off64, vb64);
    G("ld1w {z2.s}, p0/z, [z2.s, #8]\n\tmov z0.d, z2.d", off32u, vb32);
}

static void scatter_tests(void)
{
    memset(dst, 0, sizeof(dst));
    S("st1b {z0.s}, p0, [%[d], z1.s, uxtw]", off32u, vd32);
    S("st1b {z0.s}, p1, [%[d], z1.s, sxtw]", off32s, vd32);
    S("st1h {z0.s}, p0, [%[d], z1.s, sxtw #1]", off32s, vd32);
    S("st1h {z0.s}, p1, [%[d], z1.s, uxtw]", off32u, vd32);
    S("st1w {z0.s}, p0, [%[d], z1.s, uxtw #2]", off32u, vd32);
    S("st1w {z0.s}, p1, [%[d], z1.s, sxtw]", off32s, vd32);
    S("st1d {z0.d}, p0, [%[d], z1.d, lsl #3]", off64, vd64);
    S("st1d {z0.d}, p1, [%[d], z1.d]", off64, vd64);
    S("st1w {z0.d}, p0, [%[d], z1.d, lsl #2]", off64, vd64);
    S("st1h {z0.d}, p1, [%[d], z1.d]", off64, vd64);
    S("st1b {z0.d}, p0, [%[d], z1.d]", off64, vd64);
    S("st1d {z0.d}, p1, [%[d], z1.d, sxtw #3]", off64xs, vd64);
    S("st1w {z0.d}, p0, [%[d], z1.d, uxtw #2]", off64xu, vd64);
    S("st1h {z0.d}, p0, [%[d], z1.d, sxtw]", off64xs, vd64);
    S("st1b {z0.d}, p1, [%[d], z1.d, uxtw]", off64xu, vd64);
    S("st1w {z0.s}, p0, [z2.s, #8]", off32u, vd32);
    S("st1h {z0.s}, p1, [z2.s, #62]", off32u, vd32);
    S("st1b {z0.s}, p0, [z2.s, #31]", off32u, vd32);
    S("st1d {z0.d}, p0, [z2.d, #248]", off64, vd64);
    S("st1w {z0.d}, p1, [z2.d, #4]", off64, vd64);
    S("st1b {z0.d}, p0, [z2.d]", off64, vd64);
}

static void ld1rq_tests(void)
{
    G("ld1rqb {z0.b}, p0/z, [%[b]]", off32u, vb32);
    G("ld1rqb {z0.b}, p1/z, [%[b], #-16]", off32u, vb32);
    G("ld1rqh {z0.h}, p0/z, [%[b], #112]", off32u, vb32);
    G("ld1rqw {z0.s}, p0/z, [%[b], #-128]", off32u, vb32);
    G("ld1rqd {z0.d}, p1/z, [%[b], #32]", off32u, vb32);
    G("ld1rqb {z0.b}, p0/z, [%[b], x10]", off32u, vb32);
    G("ld1rqh {z0.h}, p1/z, [%[b], x10, lsl #1]", off32u, vb32);
    G("ld1rqw {z0.s}, p0/z, [%[b], x10, lsl #2]", off32u, vb32);
    G("ld1rqd {z0.d}, p0/z, [%[b], x10, lsl #3]", off32u, vb32);
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

static void show_ffr(const char *name, const uint8_t *z, const uint8_t *p)
{
    printf("%s: ffr=", name);
    for (unsigned i = vl / 8; i-- > 0;)
        printf("%02x", p[i]);
    printf(" z=");
    for (unsigned i = vl; i-- > 0;)
        printf("%02x", z[i]);
    printf("\n");
}

/* Z3 = the addresses a, Z4 = junk; setffr; insn; Z4 and the FFR out. */
static void ff_case(const char *name, const char *what, const uint64_t *a,
                    int kind)
{
    uint8_t z[256], p[32];

    memset(z, 0, sizeof(z));
    memset(p, 0, sizeof(p));
    if (sigsetjmp(fault_jmp, 1) != 0) {
        printf("%s: SIGSEGV at page%+ld\n", name, (long)(fault_addr - a[31]));
        return;
    }
    __asm__ volatile("ldr z3, [%[a]]\n\tldr z4, [%[j]]\n\tptrue p3.d\n\t"
                     "ldr p5, [%[pa]]"
                     :
                     : [a] "r"(a), [j] "r"(junk), [pa] "r"(pa)
                     : "memory", "v3", "v4");
    switch (kind) {
    case 0:
        __asm__ volatile("setffr\n\tldff1d {z4.d}, p3/z, [z3.d]\n\t"
                         "rdffr p4.b\n\tstr z4, [%[z]]\n\tstr p4, [%[p]]"
                         :
                         : [z] "r"(z), [p] "r"(p)
                         : "memory", "v4");
        break;
    case 1:
        __asm__ volatile("setffr\n\tldff1sh {z4.d}, p5/z, [z3.d, #2]\n\t"
                         "rdffr p4.b\n\tstr z4, [%[z]]\n\tstr p4, [%[p]]"
                         :
                         : [z] "r"(z), [p] "r"(p)
                         : "memory", "v4");
        break;
    case 2:
        __asm__ volatile("ld1d {z4.d}, p3/z, [z3.d]" ::: "memory", "v4");
        break;
    case 3:
        __asm__ volatile("ld1w {z4.d}, p5/z, [z3.d]" ::: "memory", "v4");
        break;
    case 4: __asm__ volatile("st1d {z4.d}, p3, [z3.d]" ::: "memory"); break;
    default:
        __asm__ volatile("ldr z1, [%[o]]\n\tmov x11, %[base]\n\t"
                         "setffr\n\tldff1d {z4.d}, p3/z, [x11, z1.d]\n\t"
                         "rdffr p4.b\n\tstr z4, [%[z]]\n\tstr p4, [%[p]]"
                         :
                         : [o] "r"(a), [base] "r"(a[30]), [z] "r"(z), [p] "r"(p)
                         : "memory", "x11", "v1", "v4");
        break;
    }
    if (kind == 2 || kind == 3 || kind == 4)
        printf("%s: no fault\n", name);
    else
        show_ffr(name, z, p);
    (void)what;
}

/* A readable page then an unmapped one: first-fault gathers stop at it
 * (FFR), LD1/ST1 gathers and scatters fault at the first active element
 * in it, inactive elements and prefetches never fault. Element 31 of the
 * address list holds the unmapped page's address. */
static void fault_tests(void)
{
    long page = sysconf(_SC_PAGESIZE);
    uint8_t *m = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    uint64_t a[32], hole;
    unsigned n = vl / 8;
    struct sigaction sa;

    for (long i = 0; i < page; i++)
        m[i] = (uint8_t)(i * 29 + 3);
    munmap(m + page, page);
    hole = (uint64_t)(uintptr_t)(m + page);
    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = on_segv;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGSEGV, &sa, NULL);

    for (unsigned i = 0; i < 32; i++)
        a[i] = (uint64_t)(uintptr_t)(m + 64 * i + 8);
    a[31] = hole;
    a[n - 1] = hole + 8; /* the last element faults */
    ff_case("ldff1d last unmapped", "", a, 0);
    ff_case("ld1d last unmapped", "", a, 2);
    ff_case("st1d last unmapped", "", a, 4);
    a[2] = hole + 16;
    ff_case("ldff1d third unmapped", "", a, 0);
    ff_case("ldff1sh third unmapped, p5", "", a, 1);
    ff_case("ld1w third unmapped, p5", "", a, 3);
    ff_case("ld1d third unmapped", "", a, 2);
    ff_case("st1d third unmapped", "", a, 4);
    a[2] = hole - 4; /* crosses into the hole */
    ff_case("ldff1d third crossing", "", a, 0);
    a[2] = (uint64_t)(uintptr_t)(m + 200);
    a[0] = hole + 40;
    ff_case("ldff1d first unmapped", "", a, 0);
    ff_case("st1d first unmapped", "", a, 4);
    /* offsets from x11 = a[30] */
    for (unsigned i = 0; i < 30; i++)
        a[i] = 8 * i;
    a[1] = hole - a[30];
    ff_case("ldff1d offsets, second unmapped", "", a, 5);

    __asm__ volatile("ptrue p3.b\n\tdup z5.d, %[h]\n\tdup z6.s, #-1\n\t"
                     "prfb pldl1keep, p3, [%[h], z5.d]\n\t"
                     "prfh pldl2strm, p3, [%[h], z6.s, sxtw #1]\n\t"
                     "prfw pstl1keep, p3, [%[h], z6.d, uxtw #2]\n\t"
                     "prfd pldl3keep, p3, [%[h], z5.d, lsl #3]\n\t"
                     "prfb pldl1keep, p3, [z5.d, #31]\n\t"
                     "prfd pldl1keep, p3, [z6.s, #248]\n\t"
                     "prfw pldl1keep, p3, [%[h], #-32, mul vl]\n\t"
                     "prfh pldl1keep, p3, [%[h], x10, lsl #1]"
                     :
                     : [h] "r"(hole)
                     : "memory", "v5", "v6", "x10");
    printf("prefetches of the hole: no fault\n");
    munmap(m, page);
    signal(SIGSEGV, SIG_DFL);
}

/* With the tagged address ABI on (PR_SET_TAGGED_ADDR_CTRL), addresses
 * with a tag byte (TBI) work: a tagged base, tagged vector bases. */
static void tagged_tests(void)
{
    uint64_t tag = 0x5aull << 56, vt[32], ot[32];
    uint8_t *tb = (uint8_t *)((uintptr_t)(mem + 8192) | tag);
    uint8_t *td = (uint8_t *)((uintptr_t)(dst + 8192) | tag);

    printf("tagged addr ctrl: %d\n", prctl(55, 1, 0, 0, 0));
    for (unsigned i = 0; i < 32; i++) {
        vt[i] = vb64[i] | (uint64_t)(i & 15) << 56;
        ot[i] = vd64[i] | (uint64_t)(i & 7) << 57;
    }
    __asm__ volatile("ldr z1, [%[o]]\n\tptrue p1.b\n\t"
                     "ld1d {z0.d}, p1/z, [%[b], z1.d, lsl #3]\n\t"
                     "str z0, [%[oz]]"
                     :
                     : [o] "r"(off64), [b] "r"(tb), [oz] "r"(zout)
                     : "memory", "v0", "v1");
    show("tagged base: ld1d");
    __asm__ volatile("ldr z2, [%[v]]\n\tptrue p1.b\n\t"
                     "ldff1w {z0.d}, p1/z, [z2.d, #8]\n\tstr z0, [%[oz]]"
                     :
                     : [v] "r"(vt), [oz] "r"(zout)
                     : "memory", "v0", "v2");
    show("tagged vectors: ldff1w");
    __asm__ volatile("ptrue p1.b\n\tld1rqw {z0.s}, p1/z, [%[b], #16]\n\t"
                     "str z0, [%[oz]]"
                     :
                     : [b] "r"(tb), [oz] "r"(zout)
                     : "memory", "v0");
    show("tagged base: ld1rqw");
    __asm__ volatile("ptrue p1.b\n\tld1w {z0.s}, p1/z, [%[b], #1, mul vl]\n\t"
                     "str z0, [%[oz]]"
                     :
                     : [b] "r"(tb), [oz] "r"(zout)
                     : "memory", "v0");
    show("tagged base: ld1w (contiguous)");
    S("st1d {z0.d}, p1, [z2.d, #16]", off64, ot);
    S("st1w {z0.s}, p0, [%[d], z1.s, sxtw #2]", off32s, vd32);
    __asm__ volatile("ldr z0, [%[a]]\n\tldr z1, [%[o]]\n\tptrue p1.b\n\t"
                     "st1h {z0.d}, p1, [%[d], z1.d, lsl #1]"
                     :
                     : [a] "r"(za), [o] "r"(off64), [d] "r"(td)
                     : "memory", "v0", "v1");
    show_dst("tagged base: st1h");
}

int main(void)
{
    static const unsigned lengths[] = {16, 32, 64};

    setvbuf(stdout, NULL, _IOLBF, 0);
    fill_inputs();
    if ((uintptr_t)(mem + sizeof(mem)) >> 32 || (uintptr_t)(dst) >> 32) {
        printf("SKIP: data above 4 GiB\n");
        return 0;
    }
    for (unsigned k = 0; k < 3; k++) {
        int r = prctl(PR_SVE_SET_VL, lengths[k], 0, 0, 0);
        uint64_t rdvl;

        __asm__ volatile("rdvl %0, #1" : "=r"(rdvl));
        vl = (unsigned)rdvl;
        printf("== VL %u bytes (prctl %#x)\n", vl, r);
        gather_tests();
        scatter_tests();
        ld1rq_tests();
        fault_tests();
    }
    tagged_tests();
    return 0;
}
