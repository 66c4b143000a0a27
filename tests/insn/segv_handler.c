/*
 * Faults inside translated code reach guest SIGSEGV handlers with the
 * exact guest state: si_addr and si_code, the faulting pc, registers set
 * just before the access (still in host registers when it faulted), and a
 * handler that fixes the mapping or skips the instruction is obeyed.
 */
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>

static sigjmp_buf recover;
static char *page;
static int mode; /* 0: longjmp out, 1: make page writable, 2: skip insn */

/* Addresses inside page print as page offsets: mmap placement varies. */
static long where(const void *addr)
{
    const char *a = addr;
    return page && a >= page && a < page + 4096 ? a - page : (long)(uintptr_t)a;
}

static void on_segv(int sig, siginfo_t *si, void *ctx)
{
    ucontext_t *uc = ctx;

    if (mode == 1) {
        mprotect(page, 4096, PROT_READ | PROT_WRITE);
        return;
    }
    if (mode == 2) {
        printf("regs at fault: %llx %llx %llx page+%ld, addr page+%ld, "
               "code %d\n",
               (unsigned long long)uc->uc_mcontext.regs[9],
               (unsigned long long)uc->uc_mcontext.regs[10],
               (unsigned long long)uc->uc_mcontext.regs[11],
               where((void *)(uintptr_t)uc->uc_mcontext.regs[12]),
               where(si->si_addr), si->si_code);
        uc->uc_mcontext.pc += 4;       /* skip the faulting load */
        uc->uc_mcontext.regs[13] = 77; /* as if it had loaded 77 */
        return;
    }
    printf("signal %d code %d addr %ld\n", sig, si->si_code,
           where(si->si_addr));
    siglongjmp(recover, 1);
}

int main(void)
{
    struct sigaction sa;
    uint64_t loaded;

    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = on_segv;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGSEGV, &sa, NULL);

    if (sigsetjmp(recover, 1) == 0)
        *(volatile int *)(uintptr_t)24 = 1;
    printf("null store caught\n");

    page = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    mode = 1;
    page[100] = 42; /* fixed by the handler, then retried */
    printf("retried store: %d\n", page[100]);
    mprotect(page, 4096, PROT_NONE);

    mode = 2;
    __asm__ volatile("mov x9, #0x1111\n\t"
                     "movk x9, #0x2222, lsl #16\n\t"
                     "add x10, x9, #5\n\t"
                     "eor x11, x10, x9, lsl #3\n\t"
                     "mov x12, %1\n\t"
                     "ldr x13, [x12]\n\t"
                     "mov %0, x13\n\t"
                     : "=r"(loaded)
                     : "r"(page + 8)
                     : "x9", "x10", "x11", "x12", "x13", "memory");
    printf("after skipped load: %llu\n", (unsigned long long)loaded);

    mode = 0;
    for (int i = 0; i < 3; i++)
        if (sigsetjmp(recover, 1) == 0)
            (void)*(volatile char *)(page + i);
    printf("three PROT_NONE reads caught\n");
    return 0;
}
