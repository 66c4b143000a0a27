/*
 * MTE tag checks of SVE memory accesses (sve_mte.c): contiguous loads and
 * stores, LDR/STR, LD1R, LD2/ST2, LD1RQ, LD1RO, gathers, scatters, LDFF1
 * and LDNF1 through a tagged pointer whose range holds one granule of
 * another tag, at VL 128, 256 and 512: fault or not, si_code, the fault
 * address (page offset), Z0, the FFR and memory after; built with SVE2,
 * LDNT1/STNT1 gathers and scatters too. run-cpu-tests.sh
 * compares the output with sve_mte.expected: qemu 7.2 leaves most SVE
 * accesses unchecked, so it cannot be the reference here.
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
#define PROT_MTE_FLAG 0x20
#define CTRL_SYNC (PR_TAGGED_ADDR_ENABLE | PR_MTE_TCF_SYNC)
#define CTRL_ASYNC (PR_TAGGED_ADDR_ENABLE | PR_MTE_TCF_ASYNC)
#define ALL_TAGS (0xffffUL << PR_MTE_TAG_SHIFT)

enum { TAG = 3, BAD_TAG = 5, BAD = 0x120 }; /* the granule of BAD_TAG */

static uint8_t *page; /* two PROT_MTE pages */
static uint8_t zout[64], pout[8];
static unsigned vl;
static sigjmp_buf escape;
static volatile int fault_code;
static volatile uint64_t fault_addr;

static uint64_t tagged(uint64_t p, unsigned tag)
{
    return (p & ~(0xfful << 56)) | (uint64_t)tag << 56;
}

static void on_fault(int sig, siginfo_t *si, void *uc)
{
    (void)uc;
    fault_code = sig * 100 + si->si_code;
    fault_addr = (uint64_t)(uintptr_t)si->si_addr;
    siglongjmp(escape, 1);
}

/* Byte i of the pages through a pointer with its granule's tag. */
static volatile uint8_t *at(unsigned i)
{
    unsigned g = i & ~15u;

    return (volatile uint8_t *)(uintptr_t)tagged((uint64_t)(uintptr_t)page + i,
                                                 g == BAD ? BAD_TAG : TAG);
}

/* Tags every granule TAG but BAD's, and the bytes a known pattern. */
static void reset_memory(void)
{
    for (unsigned g = 0; g < 8192; g += 16) {
        uint64_t p = (uint64_t)(uintptr_t)at(g);

        __asm__ volatile("stg %0, [%0]" : : "r"(p) : "memory");
    }
    for (unsigned i = 0; i < 8192; i++)
        *at(i) = (uint8_t)(i * 7 + 1);
}

static unsigned checksum(void)
{
    unsigned sum = 0;

    for (unsigned i = 0; i < 1024; i++)
        sum = sum * 31 + *at(i);
    return sum;
}

/* X0 = the tagged page + off, X3 = 0x100, X4 = 0x10; Z0 = 0, Z1 =
 * INDEX(X3, X4) as .D, P0 = all, P1 = the first four .S; insn, then Z0
 * and the FFR out. Prints how it ended. */
#define RUN(off, insn)                                                         \
    do {                                                                       \
        uint64_t base = tagged((uint64_t)(uintptr_t)page + (off), TAG);        \
        reset_memory();                                                        \
        memset(zout, 0xee, sizeof(zout));                                      \
        memset(pout, 0xee, sizeof(pout));                                      \
        fault_code = 0;                                                        \
        fault_addr = 0;                                                        \
        if (sigsetjmp(escape, 1) == 0)                                         \
            __asm__ volatile(                                                  \
                "mov x0, %[b]\n\tmov x3, #0x100\n\tmov x4, #0x10\n\t"          \
                "dup z0.b, #0\n\tindex z1.d, x3, x4\n\tptrue p0.b\n\t"         \
                "mov x5, #4\n\twhilelo p1.s, xzr, x5\n\tsetffr\n\t" insn       \
                "\n\tstr z0, [%[z]]\n\trdffr p2.b\n\tstr p2, [%[p]]"           \
                :                                                              \
                : [b] "r"(base), [z] "r"(zout), [p] "r"(pout)                  \
                : "memory", "x0", "x3", "x4", "x5", "v0", "v1", "v2", "p0",    \
                  "p1", "p2");                                                 \
        report(insn, off);                                                     \
    } while (0)

static void report(const char *insn, unsigned off)
{
    int len = 0;

    for (const char *c = insn; *c; c++)
        if (*c != '\t')
            len += printf("%s", *c == '\n' ? "; " : (char[]){*c, 0});
    printf("%*s +%#05x ", len < 44 ? 44 - len : 0, "", off);
    if (fault_code)
        printf("signal %d code %d at +%#lx", fault_code / 100, fault_code % 100,
               (unsigned long)((fault_addr & ~(0xfful << 56)) -
                               (uint64_t)(uintptr_t)page));
    else {
        printf("ok z0=");
        for (unsigned i = vl; i-- > 0;)
            printf("%02x", zout[i]);
        printf(" ffr=");
        for (unsigned i = vl / 8; i-- > 0;)
            printf("%02x", pout[i]);
    }
    printf(" mem=%08x\n", checksum());
}

static void sync_tests(void)
{
    RUN(0x110, "ld1w {z0.s}, p0/z, [x0]");
    RUN(0x110, "ld1w {z0.s}, p1/z, [x0]");
    RUN(0x118, "ld1b {z0.d}, p0/z, [x0]");
    RUN(0x110, "ld1w {z0.s}, p0/z, [x0, #-1, mul vl]");
    RUN(0x110, "st1w {z1.s}, p0, [x0]");
    RUN(0x110, "st1w {z1.s}, p1, [x0]");
    RUN(0x0f0, "st1h {z1.d}, p0, [x0, x4, lsl #1]");
    RUN(0x110, "ldr z0, [x0]");
    RUN(0x110, "str z1, [x0]");
    RUN(0x11c, "ldr p2, [x0]\n\tldr z0, [x0]");
    RUN(0x110, "ld1rw {z0.s}, p0/z, [x0, #16]");
    RUN(0x110, "ld1rw {z0.s}, p1/z, [x0, #12]");
    RUN(0x100, "ld2w {z0.s, z1.s}, p0/z, [x0]");
    RUN(0x100, "st2w {z0.s, z1.s}, p0, [x0]");
    RUN(0x110, "ld1rqw {z0.s}, p0/z, [x0, #16]");
    RUN(0x110, "ld1rqw {z0.s}, p0/z, [x0]");
    RUN(0x000, "ld1d {z0.d}, p0/z, [x0, z1.d]");
    RUN(0x000, "st1d {z1.d}, p0, [x0, z1.d]");
    RUN(0x000, "ld1w {z0.d}, p0/z, [x0, z1.d]");
    RUN(0x000, "dup z2.d, x0\n\tadd z2.d, z2.d, z1.d\n\t"
               "ld1d {z0.d}, p0/z, [z2.d, #8]");
    RUN(0x000, "dup z2.d, x0\n\tadd z2.d, z2.d, z1.d\n\t"
               "st1w {z1.d}, p0, [z2.d]");
#ifdef __ARM_FEATURE_SVE2
    RUN(0x000, "ldnt1d {z0.d}, p0/z, [z1.d, x0]");
    RUN(0x000, "stnt1d {z1.d}, p0, [z1.d, x0]");
#endif
    RUN(0x000, "ldff1d {z0.d}, p0/z, [x0, z1.d]");
    RUN(0x020, "ldff1d {z0.d}, p0/z, [x0, z1.d]");
    RUN(0x110, "ldff1w {z0.s}, p0/z, [x0]");
    RUN(0x120, "ldff1w {z0.s}, p0/z, [x0]");
    RUN(0x110, "ldnf1w {z0.s}, p0/z, [x0]");
    RUN(0x120, "ldnf1w {z0.s}, p0/z, [x0]");
    if (vl >= 32) {
        RUN(0x100, "ld1row {z0.s}, p0/z, [x0]");
        RUN(0x110, "ld1row {z0.s}, p0/z, [x0]");
    }
}

int main(void)
{
    static const unsigned lengths[] = {16, 32, 64};
    struct sigaction sa;

    setvbuf(stdout, NULL, _IOLBF, 0);
    page = mmap(NULL, 8192, PROT_READ | PROT_WRITE | PROT_MTE_FLAG,
                MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (page == MAP_FAILED ||
        prctl(PR_SET_TAGGED_ADDR_CTRL, CTRL_SYNC | ALL_TAGS, 0, 0, 0)) {
        printf("no MTE\n");
        return 0;
    }
    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = on_fault;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGSEGV, &sa, NULL);
    for (unsigned k = 0; k < 3; k++) {
        int r = prctl(PR_SVE_SET_VL, lengths[k], 0, 0, 0);
        uint64_t rdvl;

        __asm__ volatile("rdvl %0, #1" : "=r"(rdvl));
        vl = (unsigned)rdvl;
        printf("== VL %u bytes (prctl %#x)\n", vl, r);
        sync_tests();
    }
    /* Asynchronous: SEGV_MTEAERR, no address, once the accesses are done
     * (arx: at the next exit from translated code, as the scalar path). */
    prctl(PR_SET_TAGGED_ADDR_CTRL, CTRL_ASYNC | ALL_TAGS, 0, 0, 0);
    fault_code = 0;
    if (sigsetjmp(escape, 1) == 0) {
        uint64_t p = tagged((uint64_t)(uintptr_t)page + 0x110, TAG);

        __asm__ volatile("ptrue p0.b\n\tld1w {z0.s}, p0/z, [%0]\n\t"
                         "st1w {z0.s}, p0, [%0]"
                         :
                         : "r"(p)
                         : "memory", "v0", "p0");
        getpid();
    }
    printf("async: signal %d code %d\n", fault_code / 100, fault_code % 100);
    return 0;
}
