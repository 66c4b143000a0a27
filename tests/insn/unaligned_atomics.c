/*
 * Exclusives and LSE atomics at addresses not aligned to their size raise
 * an alignment fault (SIGBUS, BUS_ADRALN) at the instruction, with si_addr
 * the address and registers untouched (no FEAT_LSE2): LDXR, LDAXR, LDXP,
 * CAS, CASP, LDADD, LDCLR, SWP. The aligned forms still work. The handler
 * skips the instruction. (STXR/STXP without a monitor fault too on Arm,
 * not in qemu-aarch64: tests/guest/sig_align.c.) qemu-aarch64 7.2 has no
 * FEAT_LSE2, so arx runs it without (tests/guest/lse2.c checks with).
 * insn-arx: -cpu max,-lse2
 */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <ucontext.h>

__asm__(".arch_extension lse");

#define SITE(name, insn)                                                       \
    __asm__(".text\n.globl " #name "\n" #name ":\n" insn "\nret\n")

SITE(do_ldxr, "ldxr x1, [x0]");
SITE(do_ldaxr_w, "ldaxr w1, [x0]");
SITE(do_ldxrh, "ldxrh w1, [x0]");
SITE(do_ldxr_stxr, "ldxr x1, [x0]\nstxr w3, x2, [x0]");
SITE(do_ldxp, "ldxp x1, x2, [x0]");
SITE(do_cas, "cas x1, x2, [x0]");
SITE(do_casp, "casp x2, x3, x4, x5, [x0]");
SITE(do_ldadd, "ldadd x1, x2, [x0]");
SITE(do_ldclrh, "ldclrh w1, w2, [x0]");
SITE(do_swp_w, "swp w1, w2, [x0]");

extern char do_ldxr[], do_ldaxr_w[], do_ldxrh[], do_ldxr_stxr[], do_ldxp[],
    do_cas[], do_casp[], do_ldadd[], do_ldclrh[], do_swp_w[];

static _Alignas(64) unsigned char area[256];
static uintptr_t site_start;
static volatile int faults;

static void on_fault(int sig, siginfo_t *si, void *ctx)
{
    ucontext_t *uc = ctx;

    faults++;
    printf("  sig %d code %d addr area+%ld pc site+%ld\n", sig, si->si_code,
           (long)((unsigned char *)si->si_addr - area),
           (long)(uc->uc_mcontext.pc - site_start));
    uc->uc_mcontext.pc += 4;
}

static __attribute__((noinline)) void call_site(char *site, unsigned char *at,
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
                     : "x30", "memory", "cc");
    out[0] = x0;
    out[1] = x1;
    out[2] = x2;
    out[3] = x3;
}

static void run(const char *name, char *site, long off)
{
    uint64_t x[4];

    printf("%s at +%ld:\n", name, off);
    faults = 0;
    site_start = (uintptr_t)site;
    call_site(site, area + off, x);
    printf("  faults %d, x0 area+%ld x1 %llx x2 %llx x3 %llx\n", faults,
           (long)((unsigned char *)x[0] - area), (unsigned long long)x[1],
           (unsigned long long)x[2], (unsigned long long)x[3]);
}

int main(void)
{
    struct sigaction sa;

    setvbuf(stdout, NULL, _IOLBF, 0);
    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = on_fault;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGBUS, &sa, NULL);
    sigaction(SIGSEGV, &sa, NULL);
    for (int i = 0; i < 256; i++)
        area[i] = (unsigned char)i;

    run("ldxr", do_ldxr, 4);
    run("ldxr", do_ldxr, 8);
    run("ldaxr w", do_ldaxr_w, 2);
    run("ldxrh", do_ldxrh, 1);
    run("ldxrh", do_ldxrh, 2);
    run("ldxr then stxr", do_ldxr_stxr, 24);
    run("ldxr then stxr", do_ldxr_stxr, 32);
    run("ldxp", do_ldxp, 8);
    run("ldxp", do_ldxp, 16);
    run("cas", do_cas, 52);
    run("cas", do_cas, 56);
    run("casp", do_casp, 72);
    run("casp", do_casp, 80);
    run("ldadd", do_ldadd, 100);
    run("ldadd", do_ldadd, 104);
    run("ldclrh", do_ldclrh, 121);
    run("ldclrh", do_ldclrh, 122);
    run("swp w", do_swp_w, 130);
    run("swp w", do_swp_w, 132);
    return 0;
}
