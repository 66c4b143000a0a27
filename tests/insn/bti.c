/*
 * FEAT_BTI in guarded pages (mprotect PROT_BTI): which first instructions
 * BR (through X16/X17 or another register, from a guarded page or not)
 * and BLR may land on, the SIGILL (si_addr the target; code -1: ILL_ILLOPC
 * as Linux gives, or qemu's ILL_ILLOPN) of a wrong landing with the BTYPE
 * the signal frame holds, and that RET and unguarded pages are not
 * checked.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>

#ifndef PROT_BTI
#define PROT_BTI 0x10
#endif

enum {
    NOP = 0xd503201f,
    BTI = 0xd503241f,
    BTI_C = 0xd503245f,
    BTI_J = 0xd503249f,
    BTI_JC = 0xd50324df,
    PACIASP = 0xd503233f,
    AUTIASP = 0xd50323bf,
    PACIBSP = 0xd503237f,
    AUTIBSP = 0xd50323ff,
    BRK0 = 0xd4200000,
    MOV_X0_1 = 0xd2800020,
    RET = 0xd65f03c0,
    BR_X9 = 0xd61f0120,
    BR_X16 = 0xd61f0200,
    BR_X17 = 0xd61f0220,
    BLR_X9 = 0xd63f0120,
    STP_FP_LR = 0xa9bf7bfd, /* stp x29, x30, [sp, #-16]! */
    LDP_FP_LR = 0xa8c17bfd, /* ldp x29, x30, [sp], #16 */
};

/* The landing instructions, one 16-byte target each. */
static const struct {
    const char *name;
    uint32_t code[4];
} targets[] = {
    {"nop", {NOP, MOV_X0_1, RET, NOP}},
    {"bti", {BTI, MOV_X0_1, RET, NOP}},
    {"bti c", {BTI_C, MOV_X0_1, RET, NOP}},
    {"bti j", {BTI_J, MOV_X0_1, RET, NOP}},
    {"bti jc", {BTI_JC, MOV_X0_1, RET, NOP}},
    {"paciasp", {PACIASP, MOV_X0_1, AUTIASP, RET}},
    {"pacibsp", {PACIBSP, MOV_X0_1, AUTIBSP, RET}},
    {"brk", {BRK0, MOV_X0_1, RET, NOP}},
};
#define NTARGETS (sizeof(targets) / sizeof(targets[0]))

/* Trampolines in the guarded page, entered by BR X0 (BTYPE 1), x1 = the
 * target: each branches on with the named instruction. */
enum { TRAMP = 0x400, TRAMP_SIZE = 0x20 };
static const struct {
    const char *name;
    uint32_t code[8];
} tramps[] = {
    {"guarded br x9", {BTI_C, 0xaa0103e9 /* mov x9, x1 */, BR_X9}},
    {"guarded br x16", {BTI_C, 0xaa0103f0 /* mov x16, x1 */, BR_X16}},
    {"guarded br x17", {BTI_C, 0xaa0103f1 /* mov x17, x1 */, BR_X17}},
    {"guarded blr x9", {BTI_C, STP_FP_LR, 0xaa0103e9, BLR_X9, LDP_FP_LR, RET}},
};
#define NTRAMPS (sizeof(tramps) / sizeof(tramps[0]))

/* From this (unguarded) text: BR X9, BR X16 and BR X0 to a trampoline. */
__asm__(".text\n"
        "do_br_x9: mov x9, x0\n br x9\n"
        "do_br_x16: mov x16, x0\n br x16\n"
        "do_tramp: br x0\n");
uint64_t do_br_x9(void *target) __asm__("do_br_x9");
uint64_t do_br_x16(void *target) __asm__("do_br_x16");
uint64_t do_tramp(void *tramp, void *target) __asm__("do_tramp");

static unsigned char *page;
static volatile int seen_sig, seen_code, seen_btype;
static volatile intptr_t seen_addr, seen_pc;

static void on_signal(int sig, siginfo_t *si, void *ctx)
{
    ucontext_t *uc = ctx;

    seen_sig = sig;
    /* Linux: ILL_ILLOPC (do_el0_bti); qemu-aarch64 7.2: ILL_ILLOPN. */
    seen_code = sig == SIGILL &&
                        (si->si_code == ILL_ILLOPC || si->si_code == ILL_ILLOPN)
                    ? -1
                    : si->si_code;
    seen_addr = (intptr_t)si->si_addr - (intptr_t)page;
    seen_pc = (intptr_t)uc->uc_mcontext.pc - (intptr_t)page;
    seen_btype = (int)((uc->uc_mcontext.pstate >> 10) & 3);
    uc->uc_mcontext.regs[0] = 0xbad;
    uc->uc_mcontext.pc = uc->uc_mcontext.regs[30];
    /* Back in the guarded page with BTYPE kept, the return would fault
     * again (and again). */
    uc->uc_mcontext.pstate &= ~(3ull << 10);
}

static void report(const char *how, const char *target, uint64_t r)
{
    if (r == 1)
        printf("%-15s -> %-8s lands\n", how, target);
    else
        printf("%-15s -> %-8s sig %d code %d addr +%#lx pc +%#lx btype %d\n",
               how, target, seen_sig, seen_code, (long)seen_addr, (long)seen_pc,
               seen_btype);
    seen_sig = seen_code = seen_btype = 0;
}

/* The targets and trampolines in a new page with protection prot. */
static unsigned char *code_page(int prot)
{
    unsigned char *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
                            MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

    for (size_t i = 0; i < NTARGETS; i++)
        memcpy(p + 16 * i, targets[i].code, 16);
    for (size_t j = 0; j < NTRAMPS; j++)
        memcpy(p + TRAMP + TRAMP_SIZE * j, tramps[j].code, TRAMP_SIZE);
    __builtin___clear_cache((char *)p, (char *)p + 4096);
    printf("mprotect %s: %d\n", prot & PROT_BTI ? "PROT_BTI" : "no PROT_BTI",
           mprotect(p, 4096, prot));
    return p;
}

static void run_all(void)
{
    for (size_t i = 0; i < NTARGETS; i++) {
        void *t = page + 16 * i;
        uint64_t (*fn)(void) = (uint64_t(*)(void))t;

        report("blr", targets[i].name, fn());
        report("br x9", targets[i].name, do_br_x9(t));
        report("br x16", targets[i].name, do_br_x16(t));
        for (size_t j = 0; j < NTRAMPS; j++)
            report(tramps[j].name, targets[i].name,
                   do_tramp(page + TRAMP + TRAMP_SIZE * j, t));
    }
}

int main(void)
{
    struct sigaction sa;

    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = on_signal;
    sa.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigaction(SIGILL, &sa, NULL);
    sigaction(SIGTRAP, &sa, NULL);
    setvbuf(stdout, NULL, _IOLBF, 0);

    page = code_page(PROT_READ | PROT_EXEC | PROT_BTI);
    run_all();
    /* The same code in a page without PROT_BTI: every landing is fine.
     * (qemu-aarch64 7.2 keeps a page guarded when mprotect drops
     * PROT_BTI, Linux does not: a fresh mapping is what both agree on.) */
    page = code_page(PROT_READ | PROT_EXEC);
    run_all();
    return 0;
}
