/*
 * Flags set by a compare just before a call, an indirect branch or a
 * return, and read first thing where that lands: the translator's flag
 * liveness (target-arm/a64/nzcv_use.c) cannot see past such a branch, so
 * it must keep them, and a scheme that leaves them uncomputed there must
 * compute them for these readers, for a signal frame and for MRS. Each
 * reader (B.cond, CSEL, ADC, CCMP, MRS, CFINV) after BLR, after a B.cond
 * to a BLR, after BR and after RET, and a fault before the callee reads
 * the flags, in a block that reads them and in one that does not (the
 * handler reads NZCV from its frame, which sigreturn then restores), for
 * 64- and 32-bit compares of edge and random values. Checked against
 * qemu-aarch64's output.
 */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <ucontext.h>

/* Readers: x0 = what they saw of NZCV. x1 and x2 are inputs. */
__asm__(".text\n"
        ".global lf_mrs\n"
        "lf_mrs: mrs x0, nzcv\n"
        "  ret\n"
        ".global lf_csel\n"
        "lf_csel: csel x0, x1, x2, lt\n"
        "  csinc x0, x0, x2, hi\n"
        "  ret\n"
        ".global lf_adc\n"
        "lf_adc: adc x0, x1, x2\n"
        "  ret\n"
        ".global lf_bcond\n"
        "lf_bcond: b.vs 1f\n"
        "  b.ge 2f\n"
        "  mov x0, #3\n"
        "  ret\n"
        "1: mov x0, #1\n"
        "  ret\n"
        "2: mov x0, #2\n"
        "  ret\n"
        ".global lf_cfinv\n"
        "lf_cfinv: .inst 0xd500401f\n" /* CFINV (FEAT_FlagM) */
        "  mrs x0, nzcv\n"
        "  ret\n"
        ".global lf_ccmp\n"
        "lf_ccmp: ccmp x1, x2, #5, ne\n"
        "  mrs x0, nzcv\n"
        "  ret\n"
        /* A fault first (x3: an unmapped address), then MRS. */
        ".global lf_fault\n"
        "lf_fault: ldr x0, [x3]\n"
        "  mrs x0, nzcv\n"
        "  ret\n"
        /* The same in a block that does not read the flags: the frame
         * gets them from their lazy form, sigreturn restores them. */
        ".global lf_fault2\n"
        "lf_fault2: ldr x0, [x3]\n"
        "  b 1f\n"
        "1: mrs x0, nzcv\n"
        "  ret\n"
        /* Returns the flags of x0 - x1 (64 bits) for the caller. */
        ".global lf_cmp_ret\n"
        "lf_cmp_ret: cmp x0, x1\n"
        "  ret\n"
        ".global lf_cmp_ret32\n"
        "lf_cmp_ret32: cmp w0, w1\n"
        "  ret\n");

uint64_t lf_mrs(void), lf_csel(void), lf_adc(void), lf_bcond(void);
uint64_t lf_ccmp(void), lf_fault(void), lf_fault2(void), lf_cfinv(void);
uint64_t lf_cmp_ret(void), lf_cmp_ret32(void);

static uint64_t (*const readers[])(void) = {
    lf_mrs, lf_csel, lf_adc, lf_bcond, lf_ccmp, lf_fault, lf_fault2, lf_cfinv};
static volatile uint64_t seen_pstate;

static void on_segv(int sig, siginfo_t *info, void *uc_void)
{
    ucontext_t *uc = uc_void;

    (void)sig;
    (void)info;
    seen_pstate = uc->uc_mcontext.pstate & 0xf0000000u;
    uc->uc_mcontext.pc += 4; /* past the load */
}

/* cmp a, b (w: 32 bits), then blr fn. */
static uint64_t after_blr(uint64_t (*fn)(void), uint64_t a, uint64_t b, int w,
                          uint64_t x1, uint64_t x2)
{
    register uint64_t r0 __asm__("x0");
    register uint64_t r1 __asm__("x1") = x1;
    register uint64_t r2 __asm__("x2") = x2;
    register uint64_t r3 __asm__("x3") = 8; /* unmapped */

    if (w)
        __asm__ volatile("cmp %w[a], %w[b]\n\tblr %[fn]"
                         : "=r"(r0), "+r"(r1), "+r"(r2), "+r"(r3)
                         : [a] "r"(a), [b] "r"(b), [fn] "r"(fn)
                         : "x30", "cc", "memory");
    else
        __asm__ volatile("cmp %[a], %[b]\n\tblr %[fn]"
                         : "=r"(r0), "+r"(r1), "+r"(r2), "+r"(r3)
                         : [a] "r"(a), [b] "r"(b), [fn] "r"(fn)
                         : "x30", "cc", "memory");
    return r0;
}

/* cmp a, b; b.ne to a block that only does blr fn (or br to it with
 * the return address set by hand), else the same by the other way. */
static uint64_t after_bcond_blr(uint64_t (*fn)(void), uint64_t a, uint64_t b,
                                uint64_t x1, uint64_t x2)
{
    register uint64_t r0 __asm__("x0");
    register uint64_t r1 __asm__("x1") = x1;
    register uint64_t r2 __asm__("x2") = x2;
    register uint64_t r3 __asm__("x3") = 8;

    __asm__ volatile("cmp %[a], %[b]\n\t"
                     "b.ne 1f\n\t"
                     "adr x30, 2f\n\t"
                     "br %[fn]\n"
                     "1: blr %[fn]\n"
                     "2:"
                     : "=r"(r0), "+r"(r1), "+r"(r2), "+r"(r3)
                     : [a] "r"(a), [b] "r"(b), [fn] "r"(fn)
                     : "x30", "cc", "memory");
    return r0;
}

/* A function that returns flags: read after the return. */
static uint64_t after_ret(uint64_t a, uint64_t b, int w)
{
    register uint64_t r0 __asm__("x0") = a;
    register uint64_t r1 __asm__("x1") = b;
    uint64_t n, lt, hi;

    __asm__ volatile("blr %[fn]\n\t"
                     "mrs %[n], nzcv\n\t"
                     "cset %[lt], lt\n\t"
                     "cset %[hi], hi"
                     : "+r"(r0),
                       "+r"(r1), [n] "=&r"(n), [lt] "=&r"(lt), [hi] "=&r"(hi)
                     : [fn] "r"(w ? lf_cmp_ret32 : lf_cmp_ret)
                     : "x30", "cc", "memory");
    return n | lt << 1 | hi;
}

static uint64_t state = 0x853c49e6748fea9bull;

static uint64_t next_random(void)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

int main(void)
{
    static const uint64_t edges[] = {0,
                                     1,
                                     2,
                                     0x7fffffff,
                                     0x80000000,
                                     0xffffffff,
                                     0x100000000,
                                     0x7fffffffffffffff,
                                     0x8000000000000000,
                                     0xffffffffffffffff,
                                     0xffffffff80000000};
    const int nedges = (int)(sizeof(edges) / sizeof(edges[0]));
    struct sigaction sa;
    uint64_t acc = 0;

    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = on_segv;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGSEGV, &sa, NULL);
    for (int i = 0; i < 4000; i++) {
        uint64_t a = i < nedges * nedges ? edges[i % nedges] : next_random();
        uint64_t b = i < nedges * nedges ? edges[i / nedges] : next_random();
        uint64_t x1 = next_random(), x2 = next_random();
        int w = i & 1;

        if (i >= nedges * nedges && (i & 6) == 0)
            b = a; /* equal */
        for (int k = 0; k < 8; k++) {
            uint64_t r = after_blr(readers[k], a, b, w, x1, x2);
            if (k == 5 || k == 6)
                r ^= seen_pstate << 4;
            acc = (acc ^ r) * 0x100000001b3ull;
            if (i < 24 && k != 1 && k != 2)
                printf("blr %d %016llx %016llx w%d: %llx\n", k,
                       (unsigned long long)a, (unsigned long long)b, w,
                       (unsigned long long)r);
            r = after_bcond_blr(readers[k], a, b, x1, x2);
            if (k == 5 || k == 6)
                r ^= seen_pstate << 4;
            acc = (acc ^ r) * 0x100000001b3ull;
        }
        acc = (acc ^ after_ret(a, b, w)) * 0x100000001b3ull;
        if (i % 500 == 0)
            printf("%d %016llx\n", i, (unsigned long long)acc);
    }
    printf("end %016llx\n", (unsigned long long)acc);
    return 0;
}
