/*
 * FEAT_MOPS: CPYP/M/E, CPYFP/M/E and SETP/M/E against byte loops in C
 * (memmove, memcpy, memset) over sizes 0..300, offsets and overlaps both
 * ways; a copy whose page is missing resumes after the SIGSEGV handler
 * maps it; a wrong-option sequence is rewound as Linux does; register
 * clashes and SETG* are SIGILL. Without HWCAP2_MOPS (qemu 7.2) the C
 * loops stand in, so the output is the same where MOPS is right.
 */
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <unistd.h>

/* Only the asm below uses MOPS: the compiler must not expand memcpy
 * into it (that would SIGILL under the reference). */
__asm__(".arch_extension mops");

#define HWCAP2_MOPS (1ul << 43)

static int have_mops;

/* The registers a sequence leaves: Xd, Xs, Xn. */
typedef struct Regs {
    uint64_t d, s, n;
} Regs;

/* ---- the C reference: byte loops through volatile pointers ---- */

/* The direction CPY takes: downwards only when the destination overlaps
 * the source from above (IsMemCpyForward; forward without overlap is the
 * choice arx makes where the Arm ARM leaves it open). */
static int cpy_backward(const volatile uint8_t *d, const volatile uint8_t *s,
                        uint64_t n)
{
    return s < d && s + n > d;
}

static void ref_move(volatile uint8_t *d, const volatile uint8_t *s, uint64_t n)
{
    if (!cpy_backward(d, s, n))
        for (uint64_t i = 0; i < n; i++)
            d[i] = s[i];
    else
        for (uint64_t i = n; i-- > 0;)
            d[i] = s[i];
}

static void ref_set(volatile uint8_t *d, uint8_t v, uint64_t n)
{
    for (uint64_t i = 0; i < n; i++)
        d[i] = v;
}

/* ---- the MOPS sequences ---- */

static Regs mops_cpy(uint8_t *d, const uint8_t *s, uint64_t n)
{
    Regs r = {(uint64_t)d, (uint64_t)s, n};

    if (!have_mops) {
        ref_move(d, s, n);
        r.d += cpy_backward(d, s, n) ? 0 : n;
        r.s += cpy_backward(d, s, n) ? 0 : n;
        r.n = 0;
        return r;
    }
    __asm__ volatile("cpyp [%0]!, [%1]!, %2!\n\t"
                     "cpym [%0]!, [%1]!, %2!\n\t"
                     "cpye [%0]!, [%1]!, %2!"
                     : "+r"(r.d), "+r"(r.s), "+r"(r.n)
                     :
                     : "cc", "memory");
    return r;
}

static Regs mops_cpyf(uint8_t *d, const uint8_t *s, uint64_t n)
{
    Regs r = {(uint64_t)d, (uint64_t)s, n};

    if (!have_mops) {
        ref_move(d, s, n);
        return (Regs){r.d + n, r.s + n, 0};
    }
    __asm__ volatile("cpyfp [%0]!, [%1]!, %2!\n\t"
                     "cpyfm [%0]!, [%1]!, %2!\n\t"
                     "cpyfe [%0]!, [%1]!, %2!"
                     : "+r"(r.d), "+r"(r.s), "+r"(r.n)
                     :
                     : "cc", "memory");
    return r;
}

/* The option spellings decode the same at EL0: CPYFPWTN..., SETPTN... */
static Regs mops_cpyf_opts(uint8_t *d, const uint8_t *s, uint64_t n)
{
    Regs r = {(uint64_t)d, (uint64_t)s, n};

    if (!have_mops) {
        ref_move(d, s, n);
        return (Regs){r.d + n, r.s + n, 0};
    }
    __asm__ volatile("cpyfpwtn [%0]!, [%1]!, %2!\n\t"
                     "cpyfmwtn [%0]!, [%1]!, %2!\n\t"
                     "cpyfewtn [%0]!, [%1]!, %2!"
                     : "+r"(r.d), "+r"(r.s), "+r"(r.n)
                     :
                     : "cc", "memory");
    return r;
}

static Regs mops_set(uint8_t *d, uint64_t v, uint64_t n, int nontemporal)
{
    Regs r = {(uint64_t)d, v, n};

    if (!have_mops) {
        ref_set(d, (uint8_t)v, n);
        return (Regs){r.d + n, v, 0};
    }
    if (nontemporal)
        __asm__ volatile("setptn [%0]!, %1!, %2\n\t"
                         "setmtn [%0]!, %1!, %2\n\t"
                         "setetn [%0]!, %1!, %2"
                         : "+r"(r.d), "+r"(r.n)
                         : "r"(v)
                         : "cc", "memory");
    else
        __asm__ volatile("setp [%0]!, %1!, %2\n\t"
                         "setm [%0]!, %1!, %2\n\t"
                         "sete [%0]!, %1!, %2"
                         : "+r"(r.d), "+r"(r.n)
                         : "r"(v)
                         : "cc", "memory");
    return r;
}

/* SET with Xs = XZR: zeroes. */
static Regs mops_set_xzr(uint8_t *d, uint64_t n)
{
    Regs r = {(uint64_t)d, 0, n};

    if (!have_mops) {
        ref_set(d, 0, n);
        return (Regs){r.d + n, 0, 0};
    }
    __asm__ volatile("setp [%0]!, %1!, xzr\n\t"
                     "setm [%0]!, %1!, xzr\n\t"
                     "sete [%0]!, %1!, xzr"
                     : "+r"(r.d), "+r"(r.n)
                     :
                     : "cc", "memory");
    return r;
}

/* ---- the sweeps ---- */

#define BUF 2048
static uint8_t got[BUF], want[BUF];

static void fill(uint8_t *b, unsigned seed)
{
    for (unsigned i = 0; i < BUF; i++)
        b[i] = (uint8_t)(i * 131 + seed * 7 + (i >> 8));
}

static uint64_t fnv(const uint8_t *b, size_t n, uint64_t h)
{
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

typedef struct Tally {
    unsigned cases, bad_mem, bad_regs;
    uint64_t hash;
} Tally;

static void tally(Tally *t, int regs_ok)
{
    t->cases++;
    t->bad_mem += memcmp(got, want, BUF) != 0;
    t->bad_regs += !regs_ok;
    t->hash = fnv(got, BUF, t->hash);
}

static void report(const char *name, const Tally *t)
{
    printf("%-22s %6u cases, %u memory mismatches, %u register mismatches, "
           "hash %016llx\n",
           name, t->cases, t->bad_mem, t->bad_regs,
           (unsigned long long)t->hash);
}

static const int deltas[] = {-301, -300, -257, -64, -17, -16, -9,  -8,  -1, 0,
                             1,    8,    9,    16,  17,  64,  255, 300, 301};
#define NDELTAS (sizeof(deltas) / sizeof(deltas[0]))

/* CPY: src and dst in one buffer, every overlap both ways (memmove). */
static void sweep_cpy(void)
{
    Tally t = {0, 0, 0, 0xcbf29ce484222325ull};

    for (unsigned n = 0; n <= 300; n++)
        for (unsigned k = 0; k < NDELTAS; k++)
            for (unsigned so = 0; so < 3; so++) {
                unsigned src = 600 + so * 5, dst = src + deltas[k];
                Regs r;
                int dir_ok;

                fill(got, n + k);
                fill(want, n + k);
                ref_move(want + dst, want + src, n);
                r = mops_cpy(got + dst, got + src, n);
                /* Forward ends past the buffers, backward at their
                 * starts; without overlap either is allowed. */
                dir_ok = r.d - (uint64_t)(got + dst) ==
                             r.s - (uint64_t)(got + src) &&
                         (r.d == (uint64_t)(got + dst) + n ||
                          (r.d == (uint64_t)(got + dst) && dst > src));
                tally(&t, r.n == 0 && dir_ok);
            }
    report("cpy (memmove)", &t);
}

/* CPYF: no overlap, or the source above the destination (forward). */
static void sweep_cpyf(int opts)
{
    Tally t = {0, 0, 0, 0xcbf29ce484222325ull};

    for (unsigned n = 0; n <= 300; n++)
        for (unsigned k = 0; k < NDELTAS; k++)
            for (unsigned so = 0; so < 3; so++) {
                unsigned src = 600 + so * 3;
                unsigned dst =
                    deltas[k] <= 0 ? src + deltas[k] : src + n + deltas[k];
                Regs r;

                fill(got, n ^ k);
                fill(want, n ^ k);
                ref_move(want + dst, want + src, n);
                r = opts ? mops_cpyf_opts(got + dst, got + src, n)
                         : mops_cpyf(got + dst, got + src, n);
                tally(&t, r.n == 0 && r.d == (uint64_t)(got + dst) + n &&
                              r.s == (uint64_t)(got + src) + n);
            }
    report(opts ? "cpyf wtn (memcpy)" : "cpyf (memcpy)", &t);
}

static void sweep_set(int variant)
{
    Tally t = {0, 0, 0, 0xcbf29ce484222325ull};

    for (unsigned n = 0; n <= 300; n++)
        for (unsigned off = 0; off < 20; off++) {
            uint64_t v = 0x1234567890abcd00ull | (n * 3 + off);
            Regs r;

            fill(got, n + off);
            fill(want, n + off);
            ref_set(want + 100 + off * 3, variant == 2 ? 0 : (uint8_t)v, n);
            r = variant == 2 ? mops_set_xzr(got + 100 + off * 3, n)
                             : mops_set(got + 100 + off * 3, v, n, variant);
            tally(&t, r.n == 0 && r.d == (uint64_t)(got + 100 + off * 3) + n);
        }
    report(variant == 2 ? "set xzr (memset 0)"
           : variant    ? "settn (memset)"
                        : "set (memset)",
           &t);
}

/* ---- a missing page: the handler maps it and the copy goes on ---- */

static long page;
static uint8_t *area; /* three pages, the middle one unmapped */
static int faults;
static long fault_offset;

static uint8_t pattern(long i)
{
    return (uint8_t)(i * 37 + 11);
}

static void map_missing(int sig, siginfo_t *si, void *uc)
{
    uint8_t *mid = area + page;

    (void)sig;
    (void)uc;
    faults++;
    fault_offset = (uint8_t *)si->si_addr - area;
    if (mmap(mid, page, PROT_READ | PROT_WRITE,
             MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) != mid)
        _exit(3);
    for (long i = 0; i < page; i++)
        mid[i] = pattern(page + i);
}

typedef enum { F_CPY, F_CPYF, F_SET } FaultKind;

/* Copies or sets n bytes between area + dst and area + src (offsets)
 * with the middle page unmapped; compares with the C result on a fully
 * mapped copy of the same bytes. */
static void fault_case(const char *name, FaultKind kind, long dst, long src,
                       long n)
{
    static uint8_t ref[3 * 4096 * 4];
    Regs r;

    for (long i = 0; i < 3 * page; i++)
        ref[i] = pattern(i);
    munmap(area, 3 * page);
    area = mmap(NULL, 3 * page, PROT_READ | PROT_WRITE,
                MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    for (long i = 0; i < 3 * page; i++)
        area[i] = pattern(i);
    munmap(area + page, page);
    faults = 0;
    if (kind == F_SET) {
        ref_set(ref + dst, 0x5a, n);
        r = mops_set(area + dst, 0x5a, n, 0);
    } else {
        ref_move(ref + dst, ref + src, n);
        r = kind == F_CPY ? mops_cpy(area + dst, area + src, n)
                          : mops_cpyf(area + dst, area + src, n);
    }
    printf("%-30s faults %d at page offset %+ld, Xn %llu, memory %s\n", name,
           faults, fault_offset - page, (unsigned long long)r.n,
           memcmp(area, ref, 3 * page) == 0 ? "ok" : "WRONG");
}

static void fault_cases(void)
{
    struct sigaction sa;

    page = sysconf(_SC_PAGESIZE);
    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = map_missing;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGSEGV, &sa, NULL);
    area = mmap(NULL, 3 * page, PROT_READ | PROT_WRITE,
                MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    /* The source runs into the missing page, then the destination. */
    fault_case("cpy src missing, forward", F_CPY, 2 * page + 100, page - 300,
               1000);
    fault_case("cpy dst missing, forward", F_CPY, page - 200, 2 * page + 16,
               900);
    /* Overlapping: the destination above the source, copied downwards. */
    fault_case("cpy overlap backward", F_CPY, page + 100, page - 700, 1500);
    fault_case("cpy overlap forward", F_CPY, page - 700, page + 100, 1500);
    /* ... after part of an overlapping copy: starting over would read
     * source bytes the copy already overwrote. */
    fault_case("cpy overlap forward, midway", F_CPY, page - 600, page - 500,
               1000);
    fault_case("cpy overlap backward, midway", F_CPY, 2 * page, 2 * page - 100,
               500);
    fault_case("cpyf src missing", F_CPYF, 2 * page + 8, page - 1, 3000);
    fault_case("cpyf dst missing", F_CPYF, page - 1000, 2 * page + 1, 2000);
    fault_case("set dst missing", F_SET, page - 10, 0, 2 * page);
    signal(SIGSEGV, SIG_DFL);
}

/* ---- a sequence in option B's format: Linux rewinds to the prologue ---- */

/* Enters at CPYM (epilogue: at CPYE) with Xd, Xs, Xn as an option B
 * prologue leaves them and NZCV from CMP cmp_with_1, 1 (a block ends at
 * the branch; the CMN after the sequence must not make them look dead). */
static Regs enter_cpy(uint64_t cmp_with_1, Regs r, int at_epilogue)
{
    if (!have_mops)
        return r;
    if (at_epilogue)
        __asm__ volatile("cmp %3, %4\n\t"
                         "b 2f\n\t"
                         "cpyp [%0]!, [%1]!, %2!\n\t"
                         "cpym [%0]!, [%1]!, %2!\n"
                         "2:\tcpye [%0]!, [%1]!, %2!\n\t"
                         "cmn xzr, xzr"
                         : "+r"(r.d), "+r"(r.s), "+r"(r.n)
                         : "r"(cmp_with_1), "r"(1ul)
                         : "cc", "memory");
    else
        __asm__ volatile("cmp %3, %4\n\t"
                         "b 2f\n\t"
                         "cpyp [%0]!, [%1]!, %2!\n"
                         "2:\tcpym [%0]!, [%1]!, %2!\n\t"
                         "cpye [%0]!, [%1]!, %2!\n\t"
                         "cmn xzr, xzr"
                         : "+r"(r.d), "+r"(r.s), "+r"(r.n)
                         : "r"(cmp_with_1), "r"(1ul)
                         : "cc", "memory");
    return r;
}

static void rewind_case(const char *name, int backward, int at_epilogue)
{
    unsigned src = 500, dst = backward ? 540 : 460, n = 200;
    Regs r = {(uint64_t)(got + dst), (uint64_t)(got + src), n};

    fill(got, 9);
    fill(want, 9);
    ref_move(want + dst, want + src, n);
    if (!have_mops)
        ref_move(got + dst, got + src, n);
    if (backward) { /* option B backward: the top ends, N and C set */
        r.d += n;
        r.s += n;
    }
    /* C set, and N for backward: 1 - 1 is 0110, -1 - 1 is 1010. */
    r = enter_cpy(backward ? (uint64_t)-1 : 1, r, at_epilogue);
    printf("%-30s memory %s\n", name, memcmp(got, want, BUF) ? "WRONG" : "ok");
}

/* ---- CONSTRAINED UNPREDICTABLE register choices and SETG*: SIGILL ---- */

static sigjmp_buf escape;

static void on_sigill(int sig)
{
    (void)sig;
    siglongjmp(escape, 1);
}

#define TRY_INSN(name, word)                                                   \
    do {                                                                       \
        if (sigsetjmp(escape, 1) == 0) {                                       \
            __asm__ volatile("mov x0, sp\n\t"                                  \
                             "mov x1, sp\n\t"                                  \
                             "mov x2, #0\n\t"                                  \
                             ".inst " #word                                    \
                             :                                                 \
                             :                                                 \
                             : "x0", "x1", "x2", "cc", "memory");              \
            printf("%-30s runs\n", name);                                      \
        } else {                                                               \
            printf("%-30s SIGILL\n", name);                                    \
        }                                                                      \
    } while (0)

static void undef_cases(void)
{
    signal(SIGILL, on_sigill);
    TRY_INSN("cpyp x0, x0, x2 (Rd = Rs)", 0x1d000440);
    TRY_INSN("cpyp x0, x1, x0 (Rd = Rn)", 0x1d010400);
    TRY_INSN("cpyp x0, x1, x1 (Rs = Rn)", 0x1d010420);
    TRY_INSN("cpyfp xzr, x1, x2 (Rd = 31)", 0x1901045f);
    TRY_INSN("setp x0, x0, x2 (Rd = Rn)", 0x19c20400);
    TRY_INSN("setp x0, x2, x0 (Rs = Rd)", 0x19c00440);
    TRY_INSN("setgp x0, x2, x1 (no MTE)", 0x1dc10440);
    TRY_INSN("cpyp, sz = 01", 0x5d010440);
    TRY_INSN("set, op2<3:2> = 11", 0x19c1c440);
    signal(SIGILL, SIG_DFL);
}

int main(void)
{
    have_mops = (getauxval(AT_HWCAP2) & HWCAP2_MOPS) != 0;
    sweep_cpy();
    sweep_cpyf(0);
    sweep_cpyf(1);
    sweep_set(0);
    sweep_set(1);
    sweep_set(2);
    fault_cases();
    rewind_case("option B forward at CPYM", 0, 0);
    rewind_case("option B backward at CPYM", 1, 0);
    rewind_case("option B backward at CPYE", 1, 1);
    undef_cases();
    return 0;
}
