/*
 * A W^X JIT's dual mapping: one memfd mapped read-write and, elsewhere,
 * read-execute; code is written through the first, IC IVAU'd on the
 * second (the address that runs), run, rewritten, run again. The code is
 * aarch64 or x86-64 for the build; only the results are printed.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

typedef uint32_t (*ret_fn)(uint32_t);

#ifdef __aarch64__
/* movz w1, #v; add w0, w0, w1; ret */
static void emit_add_imm(uint8_t *p, uint32_t v)
{
    uint32_t insn[3] = {0x52800001u | (v << 5), 0x0b010000u, 0xd65f03c0u};
    memcpy(p, insn, sizeof(insn));
}
#else
/* lea eax, [rdi + v]; ret */
static void emit_add_imm(uint8_t *p, uint32_t v)
{
    p[0] = 0x8d;
    p[1] = 0x87;
    memcpy(p + 2, &v, 4);
    p[6] = 0xc3;
}
#endif

int main(void)
{
    int fd = memfd_create("smc_dual", 0);
    uint8_t *rw, *rx;
    long bad = 0, sum = 0;

    if (fd < 0 || ftruncate(fd, 8192) != 0) {
        perror("memfd");
        return 1;
    }
    rw = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    rx = mmap(NULL, 8192, PROT_READ | PROT_EXEC, MAP_SHARED, fd, 0);
    if (rw == MAP_FAILED || rx == MAP_FAILED) {
        perror("mmap");
        return 1;
    }
    for (uint32_t r = 0; r < 500; r++) {
        /* Two functions, one per page, rewritten alternately. */
        size_t off = (r & 1) ? 4096 + 256 : 64;
        ret_fn fn = (ret_fn)(uintptr_t)(rx + off);

        emit_add_imm(rw + off, r);
        __builtin___clear_cache((char *)(rx + off), (char *)(rx + off + 16));
        for (uint32_t k = 0; k < 50; k++) {
            uint32_t got = fn(k);
            sum += got;
            bad += got != k + r;
        }
    }
    printf("dual mapping: sum %ld, %ld stale\n", sum, bad);
    return 0;
}
