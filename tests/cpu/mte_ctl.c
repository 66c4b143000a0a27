/*
 * FEAT_MTE as arm64 Linux behaves where qemu-aarch64 7.2 does not (so
 * tests/insn/mte.c cannot compare them): PROT_MTE refused on a regular
 * file, allowed on memfd; DC ZVA through a tagged pointer; mremap keeping
 * tags; si_addr's tag hidden without SA_EXPOSE_TAGBITS; the prctl value
 * per thread and reset by exec. "nomte": what a CPU without MTE says.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <unistd.h>

#define PROT_MTE_FLAG 0x20
#define SA_EXPOSE_TAGBITS_FLAG 0x800
#define CTRL_SYNC                                                              \
    (PR_TAGGED_ADDR_ENABLE | PR_MTE_TCF_SYNC | (0xfffeUL << PR_MTE_TAG_SHIFT))

static uint64_t tagged(const void *p, unsigned tag)
{
    return ((uint64_t)(uintptr_t)p & ~(0xfful << 56)) | (uint64_t)tag << 56;
}

/* STG Xp, [Xp] and LDG as machine code: no -march needed. */
static void stg(uint64_t p)
{
    register uint64_t x9 __asm__("x9") = p;
    __asm__ volatile(".inst 0xd9200929" : : "r"(x9) : "memory");
}

static unsigned ldg(uint64_t p)
{
    register uint64_t x9 __asm__("x9") = p;
    __asm__ volatile(".inst 0xd9600129" : "+r"(x9));
    return (unsigned)(x9 >> 56) & 0xf;
}

static sigjmp_buf escape;
static volatile int got_sig, got_code;
static volatile uint64_t got_addr;

static void on_signal(int sig, siginfo_t *si, void *uc)
{
    (void)uc;
    got_sig = sig;
    got_code = si->si_code;
    got_addr = (uint64_t)(uintptr_t)si->si_addr;
    siglongjmp(escape, 1);
}

static void handle(int sig, int flags)
{
    struct sigaction sa;

    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = on_signal;
    sa.sa_flags = SA_SIGINFO | flags;
    sigaction(sig, &sa, NULL);
}

static void *map_mte(int fd, int flags)
{
    return mmap(NULL, 8192, PROT_READ | PROT_WRITE | PROT_MTE_FLAG, flags, fd,
                0);
}

static void check_files(void)
{
    char path[] = "/tmp/arx-mte-XXXXXX";
    int fd = mkstemp(path), mfd;
    void *m;

    unlink(path);
    ftruncate(fd, 8192);
    m = map_mte(fd, MAP_SHARED);
    printf("regular file PROT_MTE: %s\n",
           m == MAP_FAILED && errno == EINVAL ? "EINVAL" : "mapped");
    m = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    printf("mprotect file PROT_MTE: %s\n",
           mprotect(m, 8192, PROT_READ | PROT_MTE_FLAG) != 0 && errno == EINVAL
               ? "EINVAL"
               : "done");
    mfd = memfd_create("mte", 0);
    ftruncate(mfd, 8192);
    m = map_mte(mfd, MAP_SHARED);
    printf("memfd PROT_MTE: %s\n", m == MAP_FAILED ? "failed" : "mapped");
}

static void check_faults(char *page)
{
    uint64_t good = tagged(page + 0x100, 6), bad = tagged(page + 0x100, 3);
    volatile int stage = 0;

    for (int i = 0; i < 4; i++)
        stg(tagged(page + 0x100 + 16 * i, 6));
    prctl(PR_SET_TAGGED_ADDR_CTRL, CTRL_SYNC, 0, 0, 0);
    handle(SIGSEGV, SA_EXPOSE_TAGBITS_FLAG);
    if (sigsetjmp(escape, 1) == 0) {
        __asm__ volatile("dc zva, %0" : : "r"(good) : "memory");
        stage = 1;
        __asm__ volatile("dc zva, %0" : : "r"(bad + 8) : "memory");
    }
    printf("dc zva: matching %s, mismatch signal %d code %d at +%#lx tag %u\n",
           stage ? "ok" : "FAULTED", got_sig, got_code,
           (unsigned long)((got_addr & ~(0xfful << 56)) -
                           (uint64_t)(uintptr_t)page),
           (unsigned)(got_addr >> 56));
    handle(SIGSEGV, 0);
    if (sigsetjmp(escape, 1) == 0)
        *(volatile char *)(uintptr_t)(bad + 5) = 1;
    printf("without SA_EXPOSE_TAGBITS: code %d at +%#lx tag %u\n", got_code,
           (unsigned long)((got_addr & ~(0xfful << 56)) -
                           (uint64_t)(uintptr_t)page),
           (unsigned)(got_addr >> 56));
}

static void check_mremap(void)
{
    char *m = map_mte(-1, MAP_PRIVATE | MAP_ANONYMOUS);

    stg(tagged(m + 0x10, 12));
    stg(tagged(m + 0x1010, 11));
    m = mremap(m, 8192, 16384, MREMAP_MAYMOVE);
    printf("mremap: tags %u %u, grown part %u\n", ldg(tagged(m + 0x10, 0)),
           ldg(tagged(m + 0x1010, 0)), ldg(tagged(m + 0x3000, 0)));
}

static void *thread_ctrl(void *arg)
{
    (void)arg;
    return (void *)(uintptr_t)prctl(PR_GET_TAGGED_ADDR_CTRL, 0, 0, 0, 0);
}

static void check_threads_and_exec(const char *self)
{
    pthread_t th;
    void *ctrl;

    pthread_create(&th, NULL, thread_ctrl, NULL);
    pthread_join(th, &ctrl);
    printf("thread inherits ctrl %#lx\n", (unsigned long)(uintptr_t)ctrl);
    fflush(stdout);
    execl(self, self, "after-exec", (char *)NULL);
    perror("execl");
}

static void check_without_mte(void)
{
    void *m = map_mte(-1, MAP_PRIVATE | MAP_ANONYMOUS);
    char *plain = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    long r;

    printf("mmap PROT_MTE: %s\n",
           m == MAP_FAILED && errno == EINVAL ? "EINVAL" : "mapped");
    r = mprotect(plain, 4096, PROT_READ | PROT_MTE_FLAG);
    printf("mprotect PROT_MTE: %ld errno %d\n", r, r ? errno : 0);
    r = prctl(PR_SET_TAGGED_ADDR_CTRL, PR_TAGGED_ADDR_ENABLE, 0, 0, 0);
    printf("tagged address ABI alone: %ld\n", r);
    r = prctl(PR_SET_TAGGED_ADDR_CTRL, CTRL_SYNC, 0, 0, 0);
    printf("with a tag check mode: %ld errno %d\n", r, r ? errno : 0);
    /* The tagged address ABI: a tagged pointer still reaches memory. */
    plain[5] = 9;
    printf("load through a tagged pointer: %d\n",
           *(volatile char *)(uintptr_t)tagged(plain + 5, 0xa));
    handle(SIGILL, 0);
    got_sig = 0;
    if (sigsetjmp(escape, 1) == 0)
        __asm__ volatile(".inst 0x9adf1129" : : : "x9"); /* irg x9, x9 */
    printf("irg: signal %d\n", got_sig);
}

int main(int argc, char **argv)
{
    char *page;

    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc > 1 && strcmp(argv[1], "after-exec") == 0) {
        printf("after exec ctrl %ld\n",
               prctl(PR_GET_TAGGED_ADDR_CTRL, 0, 0, 0, 0));
        return 0;
    }
    if (argc > 1 && strcmp(argv[1], "nomte") == 0) {
        check_without_mte();
        return 0;
    }
    check_files();
    page = map_mte(-1, MAP_PRIVATE | MAP_ANONYMOUS);
    check_mremap();
    check_faults(page);
    check_threads_and_exec(argv[0]);
    return 1;
}
