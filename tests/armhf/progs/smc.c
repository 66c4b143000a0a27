/*
 * Self-modifying code on armhf: A32 and T32 functions written into an
 * RWX-then-RX mapping, run, rewritten in place (cache flushed with
 * __builtin___clear_cache: the cacheflush ARM private syscall) and run
 * again. The host build writes x86-64 code with the same results.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

typedef int (*ret_fn)(void);

/* A function returning v, in the mode asked (thumb: T32), at p. */
static void *emit_return(uint8_t *p, int v, int thumb)
{
#if defined(__arm__)
    if (thumb) { /* movw r0, #v; bx lr */
        uint16_t h[4] = {
            (uint16_t)(0xf240 | (v >> 12 & 0xf) | (v >> 11 & 1) << 10),
            (uint16_t)((v >> 8 & 7) << 12 | (v & 0xff)), 0x4770, 0xbf00};

        memcpy(p, h, sizeof(h));
        return p + 1;
    }
    uint32_t w[2] = {0xe3000000u | (v >> 12 & 0xf) << 16 | (v & 0xfff),
                     0xe12fff1eu}; /* movw r0, #v; bx lr */

    memcpy(p, w, sizeof(w));
    return p;
#elif defined(__x86_64__)
    (void)thumb;
    p[0] = 0xb8; /* mov eax, imm32; ret */
    memcpy(p + 1, &v, 4);
    p[5] = 0xc3;
    return p;
#else
#error "armhf or x86-64 only"
#endif
}

static int run(uint8_t *page, size_t off, int v, int thumb)
{
    void *fn;

    mprotect(page, 4096, PROT_READ | PROT_WRITE);
    fn = emit_return(page + off, v, thumb);
    mprotect(page, 4096, PROT_READ | PROT_EXEC);
    __builtin___clear_cache((char *)page + off, (char *)page + off + 16);
    return ((ret_fn)fn)();
}

int main(void)
{
    uint8_t *page = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    int sum = 0;

    if (page == MAP_FAILED)
        return 1;
    for (int round = 0; round < 50; round++) {
        int a = run(page, 0, 1000 + round, 0);
        int t = run(page, 64, 2000 + round, 1);
        int same = run(page, 0, 3000 + round, round & 1); /* mode switch */

        sum += a + t + same;
        if (round % 10 == 0)
            printf("round %d: a32 %d t32 %d rewritten %d\n", round, a, t, same);
    }
    printf("sum %d\n", sum);
    /* RWX: written and run without mprotect between. */
    munmap(page, 4096);
    page = mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC,
                MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    for (int i = 0; i < 5; i++) {
        void *fn = emit_return(page, 40 + i, i & 1);

        __builtin___clear_cache((char *)page, (char *)page + 16);
        printf("rwx %d\n", ((ret_fn)fn)());
    }
    return 0;
}
