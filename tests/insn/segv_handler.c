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

    /* x9 and x11 are set from loaded values a later op reads again and
     * set again after the fault: held in host registers at the fault. */
    static const uint8_t bytes[4] = {3, 5, 7, 2};
    static const uint64_t table[8] = {10, 11, 12, 13, 14, 15, 16, 17};
    uint64_t x9, x10, x11;
    __asm__ volatile(
        "mov x12, %[addr]\n\t"
        "ldrb w9, [%[bytes]]\n\t"
        "ldr x10, [%[table], x9, lsl #3]\n\t"
        "ldrb w11, [%[bytes], #1]\n\t"
        "add x10, x10, x11\n\t"
        "ldr x13, [x12]\n\t"
        "ldrb w9, [%[bytes], #2]\n\t"
        "ldrb w11, [%[bytes], #3]\n\t"
        "add x10, x10, x9\n\t"
        "mov %[x9], x9\n\t"
        "mov %[x10], x10\n\t"
        "mov %[x11], x11\n\t"
        "mov %[loaded], x13"
        : [x9] "=r"(x9), [x10] "=r"(x10), [x11] "=r"(x11), [loaded] "=r"(loaded)
        : [addr] "r"(page + 16), [bytes] "r"(bytes), [table] "r"(table)
        : "x9", "x10", "x11", "x12", "x13", "memory");
    printf("after: %llu %llu %llu %llu\n", (unsigned long long)x9,
           (unsigned long long)x10, (unsigned long long)x11,
           (unsigned long long)loaded);

    mode = 0;
    for (int i = 0; i < 3; i++)
        if (sigsetjmp(recover, 1) == 0)
            (void)*(volatile char *)(page + i);
    printf("three PROT_NONE reads caught\n");
    return 0;
}
