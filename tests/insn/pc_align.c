/*
 * PC alignment faults: BR, BLR and RET to an address with bits 1:0 not
 * zero raise SIGBUS, BUS_ADRALN at that address (si_addr and the frame's
 * pc both the misaligned target), BLR having written X30 first. The
 * handler resumes at X30 (for RET: X30 is the target, so do_ret points
 * X30 at its own way back, as RET X0 does not use it).
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <ucontext.h>

static volatile int seen_sig, seen_code;
static volatile uintptr_t seen_addr, seen_pc, seen_lr;

static void on_bus(int sig, siginfo_t *si, void *ctx)
{
    ucontext_t *uc = ctx;

    seen_sig = sig;
    seen_code = si->si_code;
    seen_addr = (uintptr_t)si->si_addr;
    seen_pc = uc->uc_mcontext.pc;
    seen_lr = uc->uc_mcontext.regs[30];
    uc->uc_mcontext.pc = uc->uc_mcontext.regs[30];
}

/* Each returns to its caller through the fault handler (pc = X30). */
__asm__(".text\n"
        ".globl do_br\ndo_br: br x0\n"
        ".globl do_blr\ndo_blr: stp x29, x30, [sp, #-16]!\n blr x0\n"
        ".globl blr_back\nblr_back: ldp x29, x30, [sp], #16\n ret\n"
        ".globl do_ret\ndo_ret: stp x29, x30, [sp, #-16]!\n"
        "    adr x30, ret_back\n ret x0\n"
        "ret_back: ldp x29, x30, [sp], #16\n ret\n");
void do_br(uintptr_t to);
void do_blr(uintptr_t to);
void do_ret(uintptr_t to);
extern char blr_back[];

static void target(void) {}

static void report(const char *what, int offset, uintptr_t to, int lr)
{
    printf("%s +%d: sig %d code %d addr ok %d pc ok %d", what, offset, seen_sig,
           seen_code, seen_addr == to, seen_pc == to);
    if (lr)
        printf(" lr ok %d", seen_lr == (uintptr_t)blr_back);
    printf("\n");
    seen_sig = seen_code = 0;
}

int main(void)
{
    struct sigaction sa;

    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = on_bus;
    sa.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigaction(SIGBUS, &sa, NULL);
    setvbuf(stdout, NULL, _IOLBF, 0);
    for (int off = 1; off < 4; off++) {
        uintptr_t to = (uintptr_t)target + (uintptr_t)off;

        do_br(to);
        report("br", off, to, 0);
        do_blr(to);
        report("blr", off, to, 1);
        do_ret(to);
        report("ret", off, to, 0);
    }
    return 0;
}
