/*
 * One thread runs generated code in a loop while another rewrites it and
 * issues IC IVAU: once the runner has seen the writer's generation number
 * (published after the rewrite), the code it runs must be that
 * generation's or a later one. Also a second page rewritten without cache
 * maintenance: there only the last value is sure to be seen in the end (an
 * x86 host itself may run a stale copy briefly). aarch64 or x86-64 code
 * for the build; results printed only.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

typedef uint32_t (*ret_fn)(void);

#ifdef __aarch64__
/* movz w0, #v; ret: the value is one 4-byte store away */
static void emit_ret_imm(uint8_t *p, uint32_t v)
{
    uint32_t insn[2] = {0x52800000u | (v << 5), 0xd65f03c0u};
    memcpy(p, insn, sizeof(insn));
}
static void patch_imm(uint8_t *p, uint32_t v)
{
    __atomic_store_n((uint32_t *)(void *)p, 0x52800000u | (v << 5),
                     __ATOMIC_RELAXED);
}
#else
/* mov eax, imm32; ret */
static void emit_ret_imm(uint8_t *p, uint32_t v)
{
    p[0] = 0xb8;
    memcpy(p + 1, &v, 4);
    p[5] = 0xc3;
}
static void patch_imm(uint8_t *p, uint32_t v)
{
    uint32_t *field = (uint32_t *)(void *)(p + 1); /* within one line */
    __atomic_store_n(field, v, __ATOMIC_RELAXED);
}
#endif

#define GENERATIONS 400

static uint8_t *code;
static atomic_uint generation;
static atomic_long calls;
static atomic_int done;
static int strict;

static void *runner(void *arg)
{
    uint8_t *page = arg;
    long bad = 0;

    while (!atomic_load(&done)) {
        unsigned g = atomic_load_explicit(&generation, memory_order_acquire);
        uint32_t v = ((ret_fn)(uintptr_t)page)();
        bad += (strict && v < g) || v >= GENERATIONS;
        atomic_fetch_add(&calls, 1);
    }
    bad += ((ret_fn)(uintptr_t)page)() != GENERATIONS - 1;
    return (void *)(intptr_t)bad;
}

/* Lets the runner call the code at least once more (bounded wait). */
static void wait_for_runner(void)
{
    long seen = atomic_load(&calls);

    for (long spin = 0; spin < 100000000 && atomic_load(&calls) < seen + 2;
         spin++)
        ;
}

static long run(uint8_t *page, int maintain)
{
    pthread_t t;
    void *bad;

    emit_ret_imm(page, 0);
    if (maintain)
        __builtin___clear_cache((char *)page, (char *)(page + 16));
    strict = maintain;
    atomic_store(&generation, 0);
    atomic_store(&calls, 0);
    atomic_store(&done, 0);
    pthread_create(&t, NULL, runner, page);
    for (unsigned g = 1; g < GENERATIONS; g++) {
        wait_for_runner();
        patch_imm(page, g);
        if (maintain)
            __builtin___clear_cache((char *)page, (char *)(page + 16));
        atomic_store_explicit(&generation, g, memory_order_release);
    }
    wait_for_runner();
    atomic_store(&done, 1);
    pthread_join(t, &bad);
    return (long)(intptr_t)bad;
}

int main(void)
{
    code = mmap(NULL, 8192, PROT_READ | PROT_WRITE | PROT_EXEC,
                MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (code == MAP_FAILED)
        return 1;
    printf("rewritten with IC IVAU while running: %ld bad\n", run(code, 1));
    printf("rewritten without maintenance while running: %ld bad\n",
           run(code + 4096, 0));
    return 0;
}
