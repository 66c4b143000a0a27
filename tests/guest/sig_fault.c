/*
 * Signals from faults: SIGSEGV with si_addr and SEGV_MAPERR/SEGV_ACCERR
 * (the handler repairs the page and the access is retried, a write is
 * reported as one), SIGBUS past the end of a file mapping, SIGILL from an
 * undefined instruction, SIGTRAP from a breakpoint, and a SIGSEGV sent by
 * kill reaching the same handler as a user signal.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#define PAGE 4096

static volatile int seen_sig, seen_code, seen_write;
static void *volatile seen_addr;
static volatile char *volatile page;
static int repair; /* 1: map the page again, 2: make it writable */
static sigjmp_buf escape;

/* Whether the faulting access was a write, as each kernel reports it. */
static int fault_was_write(void *uc_void)
{
    ucontext_t *uc = uc_void;
#ifdef __aarch64__
    struct _aarch64_ctx *h = (struct _aarch64_ctx *)uc->uc_mcontext.__reserved;

    while (h->magic != 0) {
        if (h->magic == ESR_MAGIC) {
            uint64_t esr = ((struct esr_context *)h)->esr;
            return (esr >> 26) == 0x24 && ((esr >> 6) & 1);
        }
        h = (struct _aarch64_ctx *)((char *)h + h->size);
    }
    return -1;
#else
    return (uc->uc_mcontext.gregs[REG_ERR] & 2) != 0;
#endif
}

static void on_segv(int sig, siginfo_t *si, void *uc)
{
    seen_sig = sig;
    seen_code = si->si_code;
    seen_addr = si->si_addr;
    if (si->si_code <= 0)
        return; /* sent, not a fault */
    seen_write = fault_was_write(uc);
    if (repair == 1)
        mmap((void *)page, PAGE, PROT_READ | PROT_WRITE,
             MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
    else if (repair == 2)
        mprotect((void *)page, PAGE, PROT_READ | PROT_WRITE);
    else
        siglongjmp(escape, 1);
}

static void on_jump(int sig, siginfo_t *si, void *uc)
{
    (void)uc;
    seen_sig = sig;
    seen_code = si->si_code;
    siglongjmp(escape, 1);
}

static void handle(int sig, void (*fn)(int, siginfo_t *, void *))
{
    struct sigaction sa;

    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = fn;
    sa.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigaction(sig, &sa, NULL);
}

/* Out of line, so the address arrives in x0 from the caller's block. */
static __attribute__((noinline)) void store_byte(volatile char *at, char v)
{
    *at = v;
}

static __attribute__((noinline)) char load_byte(volatile char *at)
{
    return *at;
}

static void test_maperr(void)
{
    page = mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                -1, 0);
    munmap((void *)page, PAGE);
    repair = 1;
    store_byte(page + 100, 42); /* faults; the handler maps the page back */
    printf("MAPERR: sig SEGV %d, code MAPERR %d, addr ok %d, write %d, "
           "retried value %d\n",
           seen_sig == SIGSEGV, seen_code == SEGV_MAPERR,
           seen_addr == page + 100, seen_write, page[100]);
    munmap((void *)page, PAGE);
}

static void test_accerr(void)
{
    page = mmap(NULL, PAGE, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    repair = 2;
    seen_sig = 0;
    printf("read of a read-only page: %d, no signal %d\n", page[8],
           seen_sig == 0);
    store_byte(page + 8, 7);
    printf("ACCERR: sig SEGV %d, code ACCERR %d, addr ok %d, write %d, "
           "retried value %d\n",
           seen_sig == SIGSEGV, seen_code == SEGV_ACCERR, seen_addr == page + 8,
           seen_write, page[8]);
    munmap((void *)page, PAGE);
}

static void test_read_fault(void)
{
    volatile char c;

    page = mmap(NULL, PAGE, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    repair = 2;
    c = load_byte(page + 16);
    printf("read fault: code ACCERR %d, write %d, value %d\n",
           seen_code == SEGV_ACCERR, seen_write, c);
    munmap((void *)page, PAGE);
}

static void test_sigbus(void)
{
    FILE *f = tmpfile();
    char *map;

    fwrite("abc", 1, 3, f);
    fflush(f);
    map = mmap(NULL, 2 * PAGE, PROT_READ, MAP_SHARED, fileno(f), 0);
    handle(SIGBUS, on_segv);
    repair = 0;
    seen_sig = 0;
    if (sigsetjmp(escape, 1) == 0) {
        volatile char c = map[PAGE + 5];
        (void)c;
        printf("SIGBUS: none\n");
    } else {
        printf("SIGBUS: sig BUS %d, code ADRERR %d, addr ok %d, first "
               "page '%c'\n",
               seen_sig == SIGBUS, seen_code == BUS_ADRERR,
               seen_addr == map + PAGE + 5, map[1]);
    }
    munmap(map, 2 * PAGE);
    fclose(f);
}

static void test_sigill(void)
{
    handle(SIGILL, on_jump);
    seen_sig = 0;
    if (sigsetjmp(escape, 1) == 0) {
#ifdef __aarch64__
        __asm__ volatile(".inst 0x00000000");
#else
        __asm__ volatile("ud2");
#endif
        printf("SIGILL: none\n");
    } else {
        printf("SIGILL: caught %d\n", seen_sig == SIGILL);
    }
}

static void test_sigtrap(void)
{
    handle(SIGTRAP, on_jump);
    seen_sig = 0;
    if (sigsetjmp(escape, 1) == 0) {
#ifdef __aarch64__
        __asm__ volatile("brk #0");
#else
        __asm__ volatile("int3");
#endif
        printf("SIGTRAP: none\n");
    } else {
        printf("SIGTRAP: caught %d\n", seen_sig == SIGTRAP);
    }
}

static void test_sent_segv(void)
{
    seen_sig = 0;
    seen_code = 1;
    kill(getpid(), SIGSEGV);
    printf("kill(SIGSEGV): handled %d, sent by a process %d\n",
           seen_sig == SIGSEGV, seen_code <= 0);
}

int main(void)
{
    handle(SIGSEGV, on_segv);
    test_maperr();
    test_accerr();
    test_read_fault();
    test_sigbus();
    test_sigill();
    test_sigtrap();
    test_sent_segv();
    return 0;
}
