/*
 * Guest test: a store faults on an unmapped page, the SIGSEGV handler maps
 * the page and returns, and the store is retried. The store's base
 * register was loaded earlier in the same basic block and is loaded again
 * right after, so the translator must not treat the first load's value as
 * dead: at the fault the handler, and the retry, must see it.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static volatile char *volatile page;
static volatile int faults;

static void on_segv(int sig, siginfo_t *si, void *uc)
{
    (void)sig;
    (void)uc;
    if (++faults > 3 || (volatile char *)si->si_addr != page + 100)
        _exit(3);
    if (mmap((void *)page, 4096, PROT_READ | PROT_WRITE,
             MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == MAP_FAILED)
        _exit(4);
}

int main(void)
{
    struct sigaction sa;

    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = on_segv;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGSEGV, &sa, NULL);
    page = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                -1, 0);
    munmap((void *)page, 4096);
    page[100] = 42;
    printf("value %d after %d fault(s)\n", page[100], faults);
    return 0;
}
