/*
 * Faults of instructions arx runs in helpers or with several accesses
 * reach the guest's handler as Arm raises them: DC ZVA into a PROT_NONE
 * page, LD4/ST4 (post-indexed) crossing into an unmapped page, CAS,
 * CASP, LDADD, LDCLR, SWP on a read-only page. The handler prints signal,
 * si_code, si_addr and pc (as offsets), checks that registers around the
 * instruction kept their values (the base register was not written
 * back), then skips the instruction.
 */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>

static char *area; /* two pages: the second one is made to fault */
static uintptr_t expect_pc;
static volatile int faults;

__asm__(".arch_extension lse");

#define SITE(name, insn)                                                       \
    __asm__(".text\n.globl " #name "\n" #name ":\n" insn "\nret\n")

/* x0: address, x1..: operands; each faulting insn is first. */
SITE(do_dc_zva, "dc zva, x0");
SITE(do_ld4, "ld4 {v0.16b, v1.16b, v2.16b, v3.16b}, [x0], #64");
SITE(do_st4, "st4 {v0.16b, v1.16b, v2.16b, v3.16b}, [x0], #64");
SITE(do_cas, "cas x1, x2, [x0]");
SITE(do_casp, "casp x2, x3, x4, x5, [x0]");
SITE(do_ldadd, "ldadd x1, x2, [x0]");
SITE(do_ldclr, "ldclr w1, w2, [x0]");
SITE(do_swp, "swp x1, x2, [x0]");

extern char do_dc_zva[], do_ld4[], do_st4[], do_cas[], do_casp[], do_ldadd[],
    do_ldclr[], do_swp[];

static long offset(uintptr_t a)
{
    return (long)(a - (uintptr_t)area);
}

static void on_fault(int sig, siginfo_t *si, void *ctx)
{
    ucontext_t *uc = ctx;
    uint64_t *x = (uint64_t *)uc->uc_mcontext.regs;

    faults++;
    printf("  sig %d code %d addr area+%ld pc %s x0 area+%ld x1 %llx x2 "
           "%llx x3 %llx\n",
           sig, si->si_code, offset((uintptr_t)si->si_addr),
           uc->uc_mcontext.pc == expect_pc ? "ok" : "wrong", offset(x[0]),
           (unsigned long long)x[1], (unsigned long long)x[2],
           (unsigned long long)x[3]);
    uc->uc_mcontext.pc += 4;
}

typedef void Site(void);

/* Runs site with x0 = at and fixed x1..x5; returns x0..x3 after. */
static __attribute__((noinline)) void call_site(char *site, char *at,
                                                uint64_t out[4])
{
    register uint64_t x0 __asm__("x0") = (uint64_t)at;
    register uint64_t x1 __asm__("x1") = 0x1111;
    register uint64_t x2 __asm__("x2") = 0x2222;
    register uint64_t x3 __asm__("x3") = 0x3333;
    register uint64_t x4 __asm__("x4") = 0x4444;
    register uint64_t x5 __asm__("x5") = 0x5555;

    __asm__ volatile("blr %6"
                     : "+r"(x0), "+r"(x1), "+r"(x2), "+r"(x3), "+r"(x4),
                       "+r"(x5)
                     : "r"(site)
                     : "x30", "v0", "v1", "v2", "v3", "memory", "cc");
    out[0] = x0;
    out[1] = x1;
    out[2] = x2;
    out[3] = x3;
}

static void run(const char *name, char *site, long off)
{
    uint64_t x[4];

    printf("%s:\n", name);
    faults = 0;
    expect_pc = (uintptr_t)site;
    call_site(site, area + off, x);
    printf("  faults %d, after: x0 area+%ld x1 %llx x2 %llx x3 %llx\n", faults,
           offset(x[0]), (unsigned long long)x[1], (unsigned long long)x[2],
           (unsigned long long)x[3]);
}

int main(void)
{
    struct sigaction sa;

    setvbuf(stdout, NULL, _IOLBF, 0);
    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = on_fault;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGSEGV, &sa, NULL);
    sigaction(SIGBUS, &sa, NULL);
    area = mmap(NULL, 2 * 4096, PROT_READ | PROT_WRITE,
                MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    memset(area, 0x5a, 2 * 4096);

    mprotect(area + 4096, 4096, PROT_NONE);
    /* At a page start: qemu's block is larger than arx's 64 bytes. */
    run("dc zva, PROT_NONE", do_dc_zva, 4096);
    run("dc zva, mapped", do_dc_zva, 64);
    printf("  zeroed %d\n", area[64] == 0 && area[127] == 0);

    munmap(area + 4096, 4096);
    run("ld4 across into an unmapped page", do_ld4, 4096 - 32);
    run("st4 across into an unmapped page", do_st4, 4096 - 32);
    run("ld4 mapped", do_ld4, 4096 - 64);

    area = mmap(area, 2 * 4096, PROT_READ | PROT_WRITE,
                MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
    mprotect(area + 4096, 4096, PROT_READ);
    run("cas, read-only", do_cas, 4096 + 16);
    run("casp, read-only", do_casp, 4096 + 32);
    run("ldadd, read-only", do_ldadd, 4096 + 48);
    run("ldclr, read-only", do_ldclr, 4096 + 64);
    run("swp, read-only", do_swp, 4096 + 72);
    run("ldadd, writable", do_ldadd, 8);
    return 0;
}
