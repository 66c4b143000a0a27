/*
 * Instruction fetch honours the page's permissions: a call into a page
 * mapped without PROT_EXEC, PROT_NONE or unmapped raises SIGSEGV at the
 * target (si_addr and pc), also after mprotect or munmap takes away code
 * that already ran (and was chained to); giving PROT_EXEC back runs it
 * again. On aarch64 a branch to a misaligned address raises SIGBUS
 * BUS_ADRALN at the target (the x86-64 build prints Arm's answer).
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#define PAGE 4096

static volatile int seen_sig, seen_code;
static volatile uintptr_t seen_addr, seen_pc;
static sigjmp_buf escape;

static uintptr_t context_pc(void *uc_void)
{
    ucontext_t *uc = uc_void;
#ifdef __aarch64__
    return (uintptr_t)uc->uc_mcontext.pc;
#else
    return (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
#endif
}

static void on_fault(int sig, siginfo_t *si, void *uc)
{
    seen_sig = sig;
    seen_code = si->si_code;
    seen_addr = (uintptr_t)si->si_addr;
    seen_pc = context_pc(uc);
    siglongjmp(escape, 1);
}

/* Writes "return 7" at p; with jump_to, a jump there instead. */
static void write_code(unsigned char *p, unsigned char *jump_to)
{
#ifdef __aarch64__
    static const uint32_t ret7[2] = {0x528000e0, 0xd65f03c0}; /* mov w0,#7 */
    if (jump_to) {
        uint32_t b =
            0x14000000u | ((uint32_t)((jump_to - p) / 4) & 0x3ffffffu); /* b */
        memcpy(p, &b, 4);
    } else {
        memcpy(p, ret7, sizeof(ret7));
    }
    __builtin___clear_cache((char *)p, (char *)p + 8);
#else
    static const unsigned char ret7[6] = {0xb8, 7, 0, 0, 0, 0xc3};
    if (jump_to) {
        int32_t rel = (int32_t)(jump_to - (p + 5));
        p[0] = 0xe9; /* jmp rel32 */
        memcpy(p + 1, &rel, 4);
    } else {
        memcpy(p, ret7, sizeof(ret7));
    }
#endif
}

/* Calls code at target, which should fault at fault_at; prints what
 * happened. */
static void call_at(const char *what, void *target, void *fault_at)
{
    int (*fn)(void) = (int (*)(void))target;
    volatile int r = -1;

    seen_sig = 0;
    if (sigsetjmp(escape, 1) == 0) {
        r = fn();
        printf("%s: returned %d\n", what, r);
        return;
    }
    printf("%s: sig %d code %d addr ok %d pc ok %d\n", what, seen_sig,
           seen_code, seen_addr == (uintptr_t)fault_at,
           seen_pc == (uintptr_t)fault_at);
}

static void call(const char *what, void *target)
{
    call_at(what, target, target);
}

static void test_protections(void)
{
    unsigned char *p = mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE,
                            MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

    write_code(p, NULL);
    call("read-write page", p);
    mprotect(p, PAGE, PROT_NONE);
    call("PROT_NONE page", p);
    mprotect(p, PAGE, PROT_READ | PROT_EXEC);
    call("made executable", p);
    munmap(p, 2 * PAGE);
    call("unmapped page", p);
    /* Mapped again where the fault was raised: the fault is forgotten. */
    p = mmap(p, PAGE, PROT_READ | PROT_WRITE | PROT_EXEC,
             MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
    if (p == MAP_FAILED) {
        printf("remap failed\n");
        return;
    }
    write_code(p, NULL);
    call("mapped again", p);
    munmap(p, PAGE);
}

/* Code that ran and was chained to loses its execute permission. */
static void test_revoked(void)
{
    unsigned char *p = mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE,
                            MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    int (*fn)(void) = (int (*)(void))p;
    int sum = 0;

    if (p == MAP_FAILED)
        return;

    write_code(p + PAGE, NULL);
    write_code(p, p + PAGE);
    mprotect(p, 2 * PAGE, PROT_READ | PROT_EXEC);
    for (int i = 0; i < 1000; i++)
        sum += fn();
    printf("chained calls: %d\n", sum);
    mprotect(p + PAGE, PAGE, PROT_READ);
    call("exec revoked on the jump target", p + PAGE);
    call_at("through the chained jump", p, p + PAGE);
    mprotect(p + PAGE, PAGE, PROT_READ | PROT_EXEC);
    call("exec given back", p);
    munmap(p + PAGE, PAGE);
    call_at("jump target unmapped", p, p + PAGE);
    munmap(p, PAGE);
}

/* BR to an address with bits 1:0 set: Arm's PC alignment fault. */
static void test_misaligned_branch(void)
{
#ifdef __aarch64__
    unsigned char *p = mmap(NULL, PAGE, PROT_READ | PROT_WRITE,
                            MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

    write_code(p, NULL);
    mprotect(p, PAGE, PROT_READ | PROT_EXEC);
    call("misaligned branch", p + 2);
    munmap(p, PAGE);
#else
    printf("misaligned branch: sig %d code %d addr ok 1 pc ok 1\n", SIGBUS,
           BUS_ADRALN);
#endif
}

int main(void)
{
    struct sigaction sa;

    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = on_fault;
    sa.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigaction(SIGSEGV, &sa, NULL);
    sigaction(SIGBUS, &sa, NULL);
    setvbuf(stdout, NULL, _IOLBF, 0);
    test_protections();
    test_revoked();
    test_misaligned_branch();
    return 0;
}
