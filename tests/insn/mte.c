/*
 * Memory tagging (FEAT_MTE) in user mode: PROT_MTE pages, tag stores and
 * loads, IRG/ADDG/SUBG/GMI/SUBP, synchronous and asynchronous tag check
 * faults, the tagged-address prctl, fork. IRG is random, so only facts
 * that do not depend on its draws are printed (which tags ever appear).
 * Where qemu-aarch64 7.2 differs from Linux (DC ZVA through a tagged
 * pointer, mremap keeping tags, si_addr's hidden tag, PROT_MTE on a file)
 * tests/cpu/mte_ctl.c checks arx alone.
 * insn-cflags: -march=armv8.5-a+memtag
 */
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#define PROT_MTE_FLAG 0x20
#define HWCAP2_MTE_BIT (1ul << 18)
#define SA_EXPOSE_TAGBITS_FLAG 0x800
#define CTRL_SYNC (PR_TAGGED_ADDR_ENABLE | PR_MTE_TCF_SYNC)
#define CTRL_ASYNC (PR_TAGGED_ADDR_ENABLE | PR_MTE_TCF_ASYNC)
#define ALL_TAGS (0xffffUL << PR_MTE_TAG_SHIFT)

static char *page; /* one PROT_MTE page */

static uint64_t tagged(const void *p, unsigned tag)
{
    return ((uint64_t)(uintptr_t)p & ~(0xfful << 56)) | (uint64_t)tag << 56;
}

static unsigned tag_of(uint64_t p)
{
    return (unsigned)(p >> 56) & 0xf;
}

static uint64_t untagged(uint64_t p)
{
    return p & ~(0xfful << 56);
}

static unsigned ldg(const void *p)
{
    uint64_t r = (uint64_t)(uintptr_t)p;

    __asm__ volatile("ldg %0, [%0]" : "+r"(r));
    return tag_of(r);
}

static void stg(uint64_t p)
{
    __asm__ volatile("stg %0, [%0]" : : "r"(p) : "memory");
}

static long set_ctrl(unsigned long ctrl)
{
    return prctl(PR_SET_TAGGED_ADDR_CTRL, ctrl, 0, 0, 0);
}

/* ---- faults ---- */

static sigjmp_buf escape;
static volatile int fault_code;
static volatile uint64_t fault_addr;

static void on_fault(int sig, siginfo_t *si, void *uc)
{
    (void)uc;
    fault_code = sig * 100 + si->si_code;
    fault_addr = (uint64_t)(uintptr_t)si->si_addr;
    siglongjmp(escape, 1);
}

static void catch_faults(int sig, int flags)
{
    struct sigaction sa;

    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = on_fault;
    sa.sa_flags = SA_SIGINFO | flags;
    sigaction(sig, &sa, NULL);
}

/* Runs fn(p) and says how it ended: "ok", or the signal, code and the
 * fault address relative to p's page (tag shown apart). */
static void try_access(const char *what, void (*fn)(uint64_t), uint64_t p)
{
    fault_code = 0;
    fault_addr = 0;
    if (sigsetjmp(escape, 1) == 0)
        fn(p);
    if (!fault_code)
        printf("%-28s ok\n", what);
    else if (fault_code / 100 == SIGILL) /* si_code: qemu ILLOPN, Linux
                                            ILLOPC */
        printf("%-28s signal %d\n", what, SIGILL);
    else if (fault_addr == 0)
        printf("%-28s signal %d code %d addr 0\n", what, fault_code / 100,
               fault_code % 100);
    else
        printf(
            "%-28s signal %d code %d at +%#lx tag %u\n", what, fault_code / 100,
            fault_code % 100,
            (unsigned long)(untagged(fault_addr) - (uint64_t)(uintptr_t)page),
            (unsigned)(fault_addr >> 56));
}

static void do_ldrb(uint64_t p)
{
    __asm__ volatile("ldrb w9, [%0]" : : "r"(p) : "x9", "memory");
}
static void do_strb(uint64_t p)
{
    __asm__ volatile("strb wzr, [%0]" : : "r"(p) : "memory");
}
static void do_ldr_x_12(uint64_t p) /* 8 bytes over a granule end */
{
    __asm__ volatile("ldr x9, [%0, #12]" : : "r"(p) : "x9", "memory");
}
static void do_ldp(uint64_t p)
{
    __asm__ volatile("ldp x9, x10, [%0]" : : "r"(p) : "x9", "x10", "memory");
}
static void do_stp_pre(uint64_t p)
{
    __asm__ volatile("stp xzr, xzr, [%0, #16]!" : "+r"(p) : : "memory");
}
static void do_ldr_reg(uint64_t p)
{
    __asm__ volatile("mov x10, #32\n ldr x9, [%0, x10]"
                     :
                     : "r"(p)
                     : "x9", "x10", "memory");
}
static void do_ldxr(uint64_t p)
{
    __asm__ volatile("ldxr x9, [%0]\n clrex" : : "r"(p) : "x9", "memory");
}
static void do_ldadd(uint64_t p)
{
    __asm__ volatile(".arch_extension lse\n mov x10, #1\n ldadd x10, x9, [%0]"
                     :
                     : "r"(p)
                     : "x9", "x10", "memory");
}
static void do_ld1(uint64_t p)
{
    __asm__ volatile("ld1 {v0.16b, v1.16b}, [%0]"
                     :
                     : "r"(p)
                     : "v0", "v1", "memory");
}
static void do_str_q(uint64_t p)
{
    __asm__ volatile("movi v0.16b, #0\n str q0, [%0]"
                     :
                     : "r"(p)
                     : "v0", "memory");
}
static void do_ldar(uint64_t p)
{
    __asm__ volatile("ldar x9, [%0]" : : "r"(p) : "x9", "memory");
}
static void do_cas(uint64_t p)
{
    __asm__ volatile(".arch_extension lse\n mov x9, #0\n cas x9, x9, [%0]"
                     :
                     : "r"(p)
                     : "x9", "memory");
}
/* SP as the base: with an immediate offset Tag Unchecked, with
 * writeback checked (the handler runs on an alternate stack). */
static void do_sp_offset(uint64_t p)
{
    __asm__ volatile("mov x10, sp\n mov sp, %0\n str xzr, [sp, #16]\n"
                     "mov sp, x10"
                     :
                     : "r"(p)
                     : "x10", "memory");
}
static void do_sp_writeback(uint64_t p)
{
    __asm__ volatile("mov x10, sp\n mov sp, %0\n str xzr, [sp, #16]!\n"
                     "mov sp, x10"
                     :
                     : "r"(p)
                     : "x10", "memory");
}
static void do_ldgm(uint64_t p)
{
    __asm__ volatile(".inst 0xd9e00129" : : "r"(p) : "x9"); /* ldgm x9,[x9] */
}

/* ---- checks ---- */

static void test_ids(void)
{
    uint64_t pfr1;

    __asm__ volatile("mrs %0, s3_0_c0_c4_1" : "=r"(pfr1));
    /* qemu offers MTE3 (asymmetric checks), arx MTE2: both have MTE2. */
    printf("hwcap2 mte %d, ID_AA64PFR1.MTE at least 2: %d\n",
           (getauxval(AT_HWCAP2) & HWCAP2_MTE_BIT) != 0,
           (pfr1 >> 8 & 0xf) >= 2);
}

static void test_prctl(void)
{
    long r;

    printf("get ctrl at start %ld\n",
           prctl(PR_GET_TAGGED_ADDR_CTRL, 0, 0, 0, 0));
    errno = 0;
    r = set_ctrl(1ul << 20);
    printf("set unknown bit: %ld errno %d\n", r, errno);
    errno = 0;
    r = prctl(PR_SET_TAGGED_ADDR_CTRL, CTRL_SYNC, 1, 0, 0);
    printf("set with arg3: %ld errno %d\n", r, errno);
    errno = 0;
    r = prctl(PR_GET_TAGGED_ADDR_CTRL, 1, 0, 0, 0);
    printf("get with arg2: %ld errno %d\n", r, errno);
    r = set_ctrl(CTRL_SYNC | (0x00f0ul << PR_MTE_TAG_SHIFT));
    printf("set sync, mask 0x00f0: %ld, get %#lx\n", r,
           prctl(PR_GET_TAGGED_ADDR_CTRL, 0, 0, 0, 0));
}

static void test_tag_stores(void)
{
    char *g = page + 0x100;
    uint64_t p;
    int same = 1;

    set_ctrl(PR_TAGGED_ADDR_ENABLE | ALL_TAGS); /* no checks here */
    for (unsigned t = 0; t < 16; t++) {
        stg(tagged(g, t));
        same &= ldg(g) == t && ldg(g + 15) == t && ldg(g + 16) == 0;
    }
    printf("stg/ldg round trips for 16 tags: %s\n", same ? "ok" : "WRONG");

    p = tagged(page + 0x200, 7);
    __asm__ volatile("st2g %0, [%0]" : : "r"(p) : "memory");
    printf("st2g: tags %u %u %u\n", ldg(page + 0x200), ldg(page + 0x210),
           ldg(page + 0x220));

    memset(page + 0x300, 0x5a, 64);
    p = tagged(page + 0x300, 3);
    __asm__ volatile("stzg %0, [%0]" : : "r"(p) : "memory");
    printf("stzg: tag %u bytes %d %d %d\n", ldg(page + 0x300), page[0x300],
           page[0x30f], page[0x310]);
    p = tagged(page + 0x320, 4);
    __asm__ volatile("stz2g %0, [%0]" : : "r"(p) : "memory");
    printf("stz2g: tags %u %u bytes %d %d\n", ldg(page + 0x320),
           ldg(page + 0x330), page[0x320], page[0x33f]);

    p = tagged(page + 0x400, 9);
    __asm__ volatile("stg %0, [%0, #32]!" : "+r"(p) : : "memory");
    printf("stg pre-index: base +%#lx tag %u, granule tag %u\n",
           (unsigned long)(untagged(p) - (uint64_t)(uintptr_t)page), tag_of(p),
           ldg(page + 0x420));
    p = tagged(page + 0x440, 10);
    __asm__ volatile("stg %0, [%0], #-16" : "+r"(p) : : "memory");
    printf("stg post-index: base +%#lx, granule tag %u\n",
           (unsigned long)(untagged(p) - (uint64_t)(uintptr_t)page),
           ldg(page + 0x440));

    p = tagged(page + 0x500, 11);
    __asm__ volatile("mov x9, #0x1111\n mov x10, #0x2222\n"
                     "stgp x9, x10, [%0, #16]"
                     :
                     : "r"(p)
                     : "x9", "x10", "memory");
    printf("stgp: tag %u data %#lx %#lx\n", ldg(page + 0x510),
           *(unsigned long *)(page + 0x510), *(unsigned long *)(page + 0x518));

    /* LDG keeps Xt's other bits. */
    p = 0x0123456789abcdeful;
    __asm__ volatile("ldg %0, [%1]" : "+r"(p) : "r"(page + 0x510));
    printf("ldg into %#lx\n", (unsigned long)p);
}

/* The set of tags IRG gives over many draws (never an excluded one). */
static unsigned irg_seen(uint64_t xm)
{
    unsigned seen = 0;

    for (int i = 0; i < 2000; i++) {
        uint64_t r;
        __asm__ volatile("irg %0, %1, %2" : "=r"(r) : "r"(page), "r"(xm));
        seen |= 1u << tag_of(r);
        if (untagged(r) != (uint64_t)(uintptr_t)page)
            return 0xdead;
    }
    return seen;
}

/* DC GVA, DC GZVA: the block is DCZID_EL0's (qemu 512 bytes, arx 64). */
static void test_dc_tags(void)
{
    char *m = mmap(NULL, 8192, PROT_READ | PROT_WRITE | PROT_MTE_FLAG,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    uint64_t dczid, bs, p;

    __asm__ volatile("mrs %0, dczid_el0" : "=r"(dczid));
    bs = 4ul << (dczid & 0xf);
    p = tagged(m + bs, 8);
    __asm__ volatile("dc gva, %0" : : "r"(p + 16) : "memory");
    printf("dc gva: before %u first %u last %u after %u\n", ldg(m + bs - 16),
           ldg(m + bs), ldg(m + 2 * bs - 16), ldg(m + 2 * bs));
    memset(m + 2 * bs, 0x33, bs + 16);
    p = tagged(m + 2 * bs, 9);
    __asm__ volatile("dc gzva, %0" : : "r"(p + 40) : "memory");
    printf("dc gzva: first %u last %u after %u, bytes %d %d after %d\n",
           ldg(m + 2 * bs), ldg(m + 3 * bs - 16), ldg(m + 3 * bs), m[2 * bs],
           m[3 * bs - 1], m[3 * bs]);
    munmap(m, 8192);
}

static void test_irg(void)
{
    set_ctrl(CTRL_SYNC | ALL_TAGS);
    printf("irg all tags: %#x\n", irg_seen(0));
    printf("irg xm excludes 0x00ff: %#x\n", irg_seen(0x00ff));
    printf("irg xm excludes all but 5: %#x\n", irg_seen(0xffdf));
    printf("irg xm excludes all: %#x\n", irg_seen(0xffff));
    set_ctrl(CTRL_SYNC | (0x0f0ful << PR_MTE_TAG_SHIFT));
    printf("irg prctl mask 0x0f0f: %#x\n", irg_seen(0));
    printf("irg prctl 0x0f0f, xm 0x000f: %#x\n", irg_seen(0x000f));
    set_ctrl(CTRL_SYNC);
    printf("irg prctl mask 0: %#x\n", irg_seen(0));
}

static void test_tag_arith(void)
{
    static const unsigned long masks[] = {0xffff, 0x0f0f, 0x0001, 0x8000, 0};
    uint64_t base = tagged(page + 0x100, 14), r, s;

    for (unsigned m = 0; m < 5; m++) {
        set_ctrl(CTRL_SYNC | masks[m] << PR_MTE_TAG_SHIFT);
        printf("mask %#06lx:", masks[m]);
        __asm__ volatile("addg %0, %1, #32, #0" : "=r"(r) : "r"(base));
        printf(" addg+0 %u/+%#lx", tag_of(r),
               (unsigned long)(untagged(r) - (uint64_t)(uintptr_t)page));
        __asm__ volatile("addg %0, %1, #0, #3" : "=r"(r) : "r"(base));
        printf(" addg+3 %u", tag_of(r));
        __asm__ volatile("addg %0, %1, #1008, #15" : "=r"(r) : "r"(base));
        printf(" addg+15 %u", tag_of(r));
        __asm__ volatile("subg %0, %1, #48, #5" : "=r"(r) : "r"(base));
        printf(" subg+5 %u/+%#lx\n", tag_of(r),
               (unsigned long)(untagged(r) - (uint64_t)(uintptr_t)page));
    }
    r = 0;
    __asm__ volatile("gmi %0, %1, %2" : "=r"(r) : "r"(base), "r"(0x11ul));
    printf("gmi: %#lx\n", (unsigned long)r);

    r = tagged(page + 0x300, 2);
    s = tagged(page + 0x100, 9);
    {
        uint64_t d, nzcv;
        __asm__ volatile("subp %0, %1, %2" : "=r"(d) : "r"(r), "r"(s));
        printf("subp: %ld\n", (long)d);
        __asm__ volatile("subps %0, %2, %3\n mrs %1, nzcv"
                         : "=r"(d), "=r"(nzcv)
                         : "r"(s), "r"(r));
        printf("subps: %ld nzcv %#lx\n", (long)d, (unsigned long)nzcv);
        __asm__ volatile("cmpp %1, %1\n mrs %0, nzcv" : "=r"(nzcv) : "r"(s));
        printf("cmpp equal: nzcv %#lx\n", (unsigned long)nzcv);
    }
}

static void test_checks(void)
{
    char *g = page + 0x800;
    uint64_t good = tagged(g, 6), bad = tagged(g, 1);

    set_ctrl(CTRL_SYNC | ALL_TAGS);
    for (int i = 0; i < 8; i++)
        stg(tagged(g + i * 16, 6));
    stg(tagged(g + 0x80, 6)); /* for DC ZVA's 64 bytes */
    for (int i = 0; i < 4; i++)
        stg(tagged(page + 0x840 + i * 16, 6));
    catch_faults(SIGSEGV, SA_EXPOSE_TAGBITS_FLAG);
    try_access("ldrb matching", do_ldrb, good);
    try_access("ldrb mismatch", do_ldrb, bad);
    *(volatile char *)(uintptr_t)(good + 1) = 7;
    try_access("strb mismatch (not made)", do_strb, bad + 1);
    printf("byte after the faulting store: %d\n",
           *(volatile char *)(uintptr_t)(good + 1));
    try_access("ldrb untagged pointer", do_ldrb, (uint64_t)(uintptr_t)g);
    try_access("ldp matching", do_ldp, good);
    try_access("ldp mismatch", do_ldp, bad);
    try_access("stp pre-index mismatch", do_stp_pre, bad);
    try_access("ldr reg offset mismatch", do_ldr_reg, bad);
    try_access("ldxr mismatch", do_ldxr, bad);
    try_access("ldadd mismatch", do_ldadd, bad);
    try_access("cas mismatch", do_cas, bad);
    try_access("ldar mismatch", do_ldar, bad);
    try_access("ld1 two regs mismatch", do_ld1, bad);
    try_access("str q mismatch", do_str_q, bad);
    stg(tagged(g + 16, 2));
    try_access("ldr over granule end", do_ldr_x_12, good);
    stg(tagged(g + 16, 6));
    try_access("ldr over granule end ok", do_ldr_x_12, good);

    {
        static char alt[65536];
        stack_t ss = {.ss_sp = alt, .ss_size = sizeof(alt)};

        sigaltstack(&ss, NULL);
        catch_faults(SIGSEGV, SA_EXPOSE_TAGBITS_FLAG | SA_ONSTACK);
        try_access("sp + imm mismatch (unchecked)", do_sp_offset, bad);
        try_access("sp + imm! mismatch", do_sp_writeback, bad);
        catch_faults(SIGSEGV, SA_EXPOSE_TAGBITS_FLAG);
    }

    set_ctrl(PR_TAGGED_ADDR_ENABLE | ALL_TAGS);
    try_access("tcf none: mismatch", do_ldrb, bad);

    set_ctrl(CTRL_SYNC | ALL_TAGS);
    try_access("untagged page, any tag", do_ldrb,
               tagged((char *)&fault_code, 9));

    catch_faults(SIGILL, 0);
    try_access("ldgm at EL0", do_ldgm, good);
}

static volatile char async_sink;

static void test_async(void)
{
    char *g = page + 0x900;
    uint64_t bad = tagged(g, 4);

    set_ctrl(CTRL_ASYNC | ALL_TAGS);
    printf("async ctrl %#lx\n", prctl(PR_GET_TAGGED_ADDR_CTRL, 0, 0, 0, 0));
    catch_faults(SIGSEGV, SA_EXPOSE_TAGBITS_FLAG);
    g[0] = 0; /* granule tag 0 */
    fault_code = 0;
    if (sigsetjmp(escape, 1) == 0) {
        *(volatile char *)(uintptr_t)bad = 42;
        getppid(); /* a syscall: the fault is reported by now */
        for (long i = 0; i < 100000000; i++)
            async_sink++;
        printf("async: no signal\n");
    }
    printf("async: signal %d code %d addr %#lx, store made: %d\n",
           fault_code / 100, fault_code % 100, (unsigned long)fault_addr, g[0]);
}

static void test_lifetime(void)
{
    char *m;
    pid_t pid;
    int status;

    set_ctrl(CTRL_SYNC | ALL_TAGS);
    stg(tagged(page + 0xa00, 13));
    pid = fork();
    if (pid == 0)
        _exit(ldg(page + 0xa00));
    waitpid(pid, &status, 0);
    printf("fork: child sees tag %d\n", WEXITSTATUS(status));

    m = mmap(NULL, 8192, PROT_READ | PROT_WRITE | PROT_MTE_FLAG,
             MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    stg(tagged(m + 0x10, 12));
    stg(tagged(m + 0x1010, 11));
    madvise(m, 4096, MADV_DONTNEED);
    printf("madv_dontneed: tags %u %u\n", ldg(m + 0x10), ldg(m + 0x1010));
    munmap(m, 8192);

    m = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
             -1, 0);
    stg(tagged(m, 5));
    printf("untagged page: ldg %u\n", ldg(m));
    printf("mprotect PROT_MTE: %d\n",
           mprotect(m, 4096, PROT_READ | PROT_WRITE | PROT_MTE_FLAG));
    stg(tagged(m, 5));
    printf("then ldg %u\n", ldg(m));
    munmap(m, 4096);
}

/* The tagged address ABI: syscalls take tagged pointers. */
static void test_syscall_pointers(void)
{
    uint64_t out = tagged(page + 0xc00, 5), in = tagged(page + 0xc10, 5);
    int fds[2];
    long w, r;

    set_ctrl(CTRL_SYNC | ALL_TAGS);
    stg(out);
    stg(in);
    memcpy((void *)(uintptr_t)out, "tagged", 7);
    pipe(fds);
    w = write(fds[1], (void *)(uintptr_t)out, 7);
    r = read(fds[0], (void *)(uintptr_t)in, 7);
    printf("pipe through tagged pointers: wrote %ld read %ld \"%s\"\n", w, r,
           (char *)(uintptr_t)in);
    close(fds[0]);
    close(fds[1]);
}

int main(void)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    test_ids();
    test_prctl();
    page = mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_MTE_FLAG,
                MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (page == MAP_FAILED) {
        perror("mmap PROT_MTE");
        return 1;
    }
    printf("new page tags %u %u\n", ldg(page), ldg(page + 4080));
    test_tag_stores();
    test_dc_tags();
    test_irg();
    test_tag_arith();
    test_checks();
    test_async();
    test_syscall_pointers();
    test_lifetime();
    return 0;
}
