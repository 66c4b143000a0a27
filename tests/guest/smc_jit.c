/*
 * Generated code that changes: a function rewritten with cache maintenance
 * (IC IVAU), rewritten without any (a write to a page code was translated
 * from), rewritten by a store run from its own page, after an mprotect
 * W^X toggle, and after munmap + mmap at the same address. The code is
 * aarch64 or x86-64 for the build; only the results are printed.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

typedef uint32_t (*ret_fn)(void);
typedef void (*store_fn)(void *addr, uint32_t word);

#ifdef __aarch64__
/* movz w0, #v; ret (v < 65536: one instruction holds it) */
static void emit_ret_imm(uint8_t *p, uint32_t v)
{
    uint32_t insn[2] = {0x52800000u | (v << 5), 0xd65f03c0u};
    memcpy(p, insn, sizeof(insn));
}
static uint8_t *imm_field(uint8_t *p)
{
    return p;
}
static uint32_t imm_word(uint32_t v)
{
    return 0x52800000u | (v << 5);
}
/* str w1, [x0]; ret */
static void emit_store(uint8_t *p)
{
    uint32_t insn[2] = {0xb9000001u, 0xd65f03c0u};
    memcpy(p, insn, sizeof(insn));
}
#else
/* mov eax, imm32; ret */
static void emit_ret_imm(uint8_t *p, uint32_t v)
{
    p[0] = 0xb8;
    memcpy(p + 1, &v, 4);
    p[5] = 0xc3;
}
static uint8_t *imm_field(uint8_t *p)
{
    return p + 1;
}
static uint32_t imm_word(uint32_t v)
{
    return v;
}
/* mov [rdi], esi; ret */
static void emit_store(uint8_t *p)
{
    static const uint8_t insn[3] = {0x89, 0x37, 0xc3};
    memcpy(p, insn, sizeof(insn));
}
#endif

static void patch_imm(uint8_t *p, uint32_t v)
{
    uint32_t w = imm_word(v);
    memcpy(imm_field(p), &w, 4);
}

static void sync_code(uint8_t *p, size_t n)
{
    __builtin___clear_cache((char *)p, (char *)(p + n));
}

static uint8_t *map_rwx(void *want, int flags)
{
    uint8_t *p = mmap(want, 4096, PROT_READ | PROT_WRITE | PROT_EXEC,
                      MAP_PRIVATE | MAP_ANONYMOUS | flags, -1, 0);
    if (p == MAP_FAILED) {
        perror("mmap");
        exit(1);
    }
    return p;
}

/* (1) rewrite, IC IVAU, run calls times; rewrites times. */
static void jit_loop(long rewrites, long calls)
{
    uint8_t *code = map_rwx(NULL, 0);
    ret_fn fn = (ret_fn)(uintptr_t)code;
    uint64_t sum = 0;
    long bad = 0;

    emit_ret_imm(code, 0);
    sync_code(code, 16);
    for (long r = 0; r < rewrites; r++) {
        uint32_t v = (uint32_t)(r % 65521);
        patch_imm(code, v);
        sync_code(code, 16);
        for (long k = 0; k < calls; k++) {
            uint32_t got = fn();
            sum += got;
            bad += got != v;
        }
    }
    printf("jit loop: %ld rewrites x %ld calls, sum %llu, %ld stale\n",
           rewrites, calls, (unsigned long long)sum, bad);
    munmap(code, 4096);
}

/* (2) no cache maintenance at all: the write alone must be seen. */
static void no_maintenance(void)
{
    uint8_t *code = map_rwx(NULL, 0);
    ret_fn fn = (ret_fn)(uintptr_t)code;
    long bad = 0;

    emit_ret_imm(code, 1);
    emit_ret_imm(code + 64, 2);
    for (uint32_t r = 0; r < 300; r++) {
        patch_imm(code, r);
        for (int k = 0; k < 20; k++)
            bad += fn() != r;
        /* A write elsewhere in the page drops its code too. */
        bad += ((ret_fn)(uintptr_t)(code + 64))() != 2;
    }
    printf("no maintenance: %ld stale\n", bad);
    munmap(code, 4096);
}

/* (2b) the store is run from the page it changes. */
static void self_page_store(void)
{
    uint8_t *code = map_rwx(NULL, 0);
    store_fn store = (store_fn)(uintptr_t)code;
    ret_fn fn = (ret_fn)(uintptr_t)(code + 128);
    long bad = 0;

    emit_store(code);
    emit_ret_imm(code + 128, 0);
    for (uint32_t r = 1; r < 200; r++) {
        store(imm_field(code + 128), imm_word(r));
        bad += fn() != r;
    }
    printf("store from the same page: %ld stale\n", bad);
    munmap(code, 4096);
}

/* mprotect RW, write, mprotect RX, run: single-mapping W^X, no IC IVAU. */
static void wx_toggle(void)
{
    uint8_t *code = map_rwx(NULL, 0);
    ret_fn fn = (ret_fn)(uintptr_t)code;
    long bad = 0;

    for (uint32_t r = 0; r < 100; r++) {
        mprotect(code, 4096, PROT_READ | PROT_WRITE);
        emit_ret_imm(code, r);
        mprotect(code, 4096, PROT_READ | PROT_EXEC);
        for (int k = 0; k < 10; k++)
            bad += fn() != r;
    }
    printf("W^X toggle: %ld stale\n", bad);
    munmap(code, 4096);
}

/* (5) munmap, then new code mapped at the same address. */
static void remap_same_address(void)
{
    uint8_t *code = map_rwx(NULL, 0);
    long bad = 0;

    for (uint32_t r = 0; r < 100; r++) {
        emit_ret_imm(code, r);
        if (r == 0)
            sync_code(code, 16);
        for (int k = 0; k < 10; k++)
            bad += ((ret_fn)(uintptr_t)code)() != r;
        munmap(code, 4096);
        if (map_rwx(code, r & 1 ? MAP_FIXED : 0) != code) {
            printf("remap: moved\n");
            return;
        }
    }
    /* MAP_FIXED over live code, no munmap first. */
    emit_ret_imm(code, 7);
    bad += ((ret_fn)(uintptr_t)code)() != 7;
    map_rwx(code, MAP_FIXED);
    emit_ret_imm(code, 8);
    bad += ((ret_fn)(uintptr_t)code)() != 8;
    printf("munmap and mmap at the same address: %ld stale\n", bad);
    munmap(code, 4096);
}

int main(int argc, char **argv)
{
    long rewrites = argc > 1 ? atol(argv[1]) : 100;
    long calls = argc > 2 ? atol(argv[2]) : 1000;

    jit_loop(rewrites, calls);
    no_maintenance();
    self_page_store();
    wx_toggle();
    remap_same_address();
    return 0;
}
