/*
 * Alignment faults Arm raises and qemu-aarch64 does not: STXR and STXP to
 * a misaligned address fault (SIGBUS, BUS_ADRALN, si_addr the address, pc
 * the store) before the exclusive monitor is consulted, so even without a
 * preceding LDXR. The esr_context of the frame says alignment fault. The
 * x86-64 build prints what Arm gives.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <ucontext.h>

static _Alignas(64) unsigned char area[128];

#ifdef __aarch64__
static volatile int seen_sig, seen_code;
static volatile uintptr_t seen_addr, seen_pc;
static volatile uint64_t seen_esr;

static void on_fault(int sig, siginfo_t *si, void *ctx)
{
    ucontext_t *uc = ctx;
    struct _aarch64_ctx *h = (struct _aarch64_ctx *)uc->uc_mcontext.__reserved;

    seen_sig = sig;
    seen_code = si->si_code;
    seen_addr = (uintptr_t)si->si_addr;
    seen_pc = uc->uc_mcontext.pc;
    seen_esr = 0;
    for (; h->magic != 0; h = (struct _aarch64_ctx *)((char *)h + h->size))
        if (h->magic == ESR_MAGIC)
            seen_esr = ((struct esr_context *)h)->esr;
    uc->uc_mcontext.pc += 4;
}

__asm__(".text\n.globl do_stxr\ndo_stxr:\nstxr w2, x1, [x0]\nmov x0, x2\nret\n"
        ".globl do_stxp\ndo_stxp:\nstxp w3, x1, x2, [x0]\nmov x0, x3\nret\n");
extern char do_stxr[], do_stxp[];
uint64_t do_stxr_fn(void *at, uint64_t v) __asm__("do_stxr");
uint64_t do_stxp_fn(void *at, uint64_t a, uint64_t b) __asm__("do_stxp");

static void report(const char *what, void *at, char *site)
{
    printf("%s: sig %d code %d addr ok %d pc ok %d esr ec 0x%x dfsc 0x%x "
           "wnr %d\n",
           what, seen_sig, seen_code, seen_addr == (uintptr_t)at,
           seen_pc == (uintptr_t)site, (unsigned)(seen_esr >> 26),
           (unsigned)(seen_esr & 0x3f), (int)((seen_esr >> 6) & 1));
}

int main(void)
{
    struct sigaction sa;

    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = on_fault;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGBUS, &sa, NULL);
    do_stxr_fn(area + 4, 1);
    report("stxr without a monitor", area + 4, do_stxr);
    seen_sig = 0;
    do_stxp_fn(area + 40, 1, 2);
    report("stxp x pair at 8 mod 16", area + 40, do_stxp);
    return 0;
}
#else
int main(void)
{
    (void)area;
    printf("stxr without a monitor: sig %d code %d addr ok 1 pc ok 1 esr ec "
           "0x24 dfsc 0x21 wnr 1\n",
           SIGBUS, BUS_ADRALN);
    printf("stxp x pair at 8 mod 16: sig %d code %d addr ok 1 pc ok 1 esr "
           "ec 0x24 dfsc 0x21 wnr 1\n",
           SIGBUS, BUS_ADRALN);
    return 0;
}
#endif
