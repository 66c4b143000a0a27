/* Differential test: byte copies the way an SVE memcpy does its tail
 * (WHILELO, then LD1B and ST1B under that predicate: a prefix of the
 * vector's bytes), where the compiler targets SVE, with the ACLE; a byte
 * loop elsewhere, whose output is the reference. Covers every length up
 * to three vectors at several alignments, a copy whose first byte lands
 * on a read-only page (the fault's address, nothing written), one that
 * runs into a read-only page (the address only: whether the bytes before
 * it are written is not the same everywhere), and an empty predicate on
 * an inaccessible page (no access: no fault, and a load gives zeros). */
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#if defined(__ARM_FEATURE_SVE) && defined(__has_include)
#if __has_include(<arm_sve.h>)
#include <arm_sve.h>
#define USE_ACLE 1
#endif
#endif

static sigjmp_buf fault_jmp;
static volatile uintptr_t fault_addr;

static void on_segv(int sig, siginfo_t *info, void *uc)
{
    (void)sig;
    (void)uc;
    fault_addr = (uintptr_t)info->si_addr;
    siglongjmp(fault_jmp, 1);
}

static void copy_tail(uint8_t *dst, const uint8_t *src, size_t n)
{
#ifdef USE_ACLE
    for (size_t i = 0; i < n; i += svcntb()) {
        svbool_t pg = svwhilelt_b8_u64(i, n);
        svst1_u8(pg, dst + i, svld1_u8(pg, src + i));
    }
#else
    for (size_t i = 0; i < n; i++)
        ((volatile uint8_t *)dst)[i] = src[i];
#endif
}

static uint32_t hash(const uint8_t *p, size_t n)
{
    uint32_t h = 2166136261u;

    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 16777619u;
    return h;
}

static void lengths(void)
{
    static uint8_t src[128], dst[128];
    uint32_t h = 0;

    for (size_t i = 0; i < sizeof(src); i++)
        src[i] = (uint8_t)(i * 37 + 11);
    for (size_t align = 0; align < 4; align++) {
        for (size_t n = 0; n <= 48; n++) {
            memset(dst, 0xee, sizeof(dst));
            copy_tail(dst + 16 + align, src + align, n);
            h = h * 31 + hash(dst, sizeof(dst));
        }
    }
    printf("lengths: %08x\n", h);
}

/* Copies n bytes to dst, which may fault: prints where, relative to
 * base, and the first byte of base afterwards. */
static void faulting_copy(const char *what, uint8_t *base, uint8_t *dst,
                          size_t n)
{
    static uint8_t src[64];

    memset(src, 0x5a, sizeof(src));
    fault_addr = 0;
    if (sigsetjmp(fault_jmp, 1) == 0)
        copy_tail(dst, src, n);
    if (fault_addr)
        printf("%s: fault at base%+ld\n", what,
               (long)(fault_addr - (uintptr_t)base));
    else
        printf("%s: no fault\n", what);
}

static void empty_predicate(uint8_t *none)
{
    volatile size_t zero = 0;
    unsigned long or_bytes = 0;

#ifdef USE_ACLE
    svbool_t pg = svwhilelt_b8_u64(zero, zero);
    svuint8_t v = svld1_u8(pg, none);

    svst1_u8(pg, none, v);
    or_bytes = svorv_u8(svptrue_b8(), v);
#else
    for (size_t i = 0; i < zero; i++)
        none[i] = 0;
#endif
    printf("empty predicate: no fault, loaded %lu\n", or_bytes);
}

int main(void)
{
    long page = sysconf(_SC_PAGESIZE);
    struct sigaction sa;
    uint8_t *area;

    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = on_segv;
    sa.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigaction(SIGSEGV, &sa, NULL);
    lengths();
    area = mmap(NULL, (size_t)page * 3, PROT_READ | PROT_WRITE,
                MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (area == MAP_FAILED)
        return 1;
    memset(area, 0x11, (size_t)page * 2);
    mprotect(area + page, (size_t)page, PROT_READ);
    mprotect(area + 2 * page, (size_t)page, PROT_NONE);
    faulting_copy("5 bytes onto a read-only page", area + page, area + page, 5);
    printf("its first byte: %02x\n", area[page]);
    faulting_copy("13 bytes at 40 into it", area + page, area + page + 40, 13);
    faulting_copy("10 bytes running into it", area + page, area + page - 3, 10);
    faulting_copy("20 bytes before it", area + page, area + page - 40, 20);
    empty_predicate(area + 2 * page);
    return 0;
}
