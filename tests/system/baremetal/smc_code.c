/*
 * Bare-metal test, self-modifying code through the SoftMMU: code written,
 * made visible with DC CVAU / IC IVAU / ISB, run, rewritten and run again,
 * with the MMU off, through aliases with the MMU on, and a loop patching
 * itself. A translator must never run the stale translation.
 */
#include "lib.h"
#include "mmu.h"

#define MOV_W0(imm) (0x52800000u | (uint32_t)(imm) << 5) /* movz w0, #imm */
#define RET 0xd65f03c0u
#define CODE_PAGE 20  /* of MMU_PAGE_REGION: the code's frame */
#define ALIAS_PAGE 21 /* mapped to CODE_PAGE's frame when the MMU is on */
#define LOOP_COUNT 1000

typedef uint32_t (*CodeFn)(void);

/* uint64_t smc_loop(uint64_t n, uint64_t delta): n times, rewrites the
 * immediate of the add at 2: to (i * 37) & 0xfff through the address of 2:
 * plus delta (an alias when not 0), makes it visible and runs it; returns
 * the sum of what the add saw. */
extern uint64_t smc_loop(uint64_t n, uint64_t delta);
__asm__(".text\n"
        ".balign 64\n"
        ".global smc_loop\n"
        "smc_loop:\n"
        "    mov x2, #0\n"      /* i */
        "    mov x3, #0\n"      /* sum */
        "    adr x8, 2f\n"      /* where it runs */
        "    add x4, x8, x1\n"  /* where it is written */
        "    mov w7, #0x0063\n" /* add x3, x3, #0 */
        "    movk w7, #0x9100, lsl #16\n"
        "1:  cmp x2, x0\n"
        "    b.hs 3f\n"
        "    mov x5, #37\n"
        "    mul x5, x2, x5\n"
        "    and x5, x5, #0xfff\n"
        "    orr w6, w7, w5, lsl #10\n"
        "    str w6, [x4]\n"
        "    dc cvau, x4\n"
        "    dsb ish\n"
        "    ic ivau, x8\n"
        "    dsb ish\n"
        "    isb\n"
        "2:  add x3, x3, #0\n"
        "    add x2, x2, #1\n"
        "    b 1b\n"
        "3:  mov x0, x3\n"
        "    ret\n");

static int calls;

/* Makes code written through write_va visible to fetches through
 * exec_va: clean to the point of unification, then invalidate. */
static void sync_code(uint64_t write_va, uint64_t exec_va)
{
    __asm__ volatile("dc cvau, %0\n\t"
                     "dsb ish\n\t"
                     "ic ivau, %1\n\t"
                     "dsb ish\n\t"
                     "isb"
                     :
                     : "r"(write_va), "r"(exec_va)
                     : "memory");
}

static void put_insn(uint64_t va, uint32_t insn)
{
    *(volatile uint32_t *)va = insn;
}

static uint32_t run_code(uint64_t va)
{
    calls++;
    return ((CodeFn)va)();
}

/* Writes "mov w0, #imm; ret" through write_va, runs it through exec_va. */
static uint32_t write_and_run(uint64_t write_va, uint64_t exec_va, uint32_t imm)
{
    put_insn(write_va, MOV_W0(imm));
    put_insn(write_va + 4, RET);
    sync_code(write_va, exec_va);
    return run_code(exec_va);
}

/* Rewrites only the first instruction and runs the code again. */
static uint32_t patch_and_run(uint64_t write_va, uint64_t exec_va, uint32_t imm)
{
    put_insn(write_va, MOV_W0(imm));
    sync_code(write_va, exec_va);
    return run_code(exec_va);
}

static void print_results(const char *what, uint32_t a, uint32_t b)
{
    bm_puts(what);
    bm_puts(": ");
    bm_put_dec(a);
    bm_puts(" then ");
    bm_put_dec(b);
    bm_puts("\n");
}

static uint64_t expected_sum(void)
{
    uint64_t sum = 0;
    for (uint64_t i = 0; i < LOOP_COUNT; i++)
        sum += (i * 37) & 0xfff;
    return sum;
}

static void test_loop(const char *what, uint64_t delta)
{
    uint64_t sum = smc_loop(LOOP_COUNT, delta);
    bm_puts(what);
    bm_puts(": ");
    bm_put_dec(sum);
    bm_puts("\n");
    bm_check(sum == expected_sum(), "self-patching loop: checksum");
}

static void test_mmu_off(void)
{
    uint64_t va = mmu_page_va(CODE_PAGE); /* the PA: the MMU is off */
    uint32_t a = write_and_run(va, va, 1);
    uint32_t b = patch_and_run(va, va, 2);
    print_results("mmu off", a, b);
    bm_check(a == 1 && b == 2, "mmu off: rewritten code runs anew");
    /* Two writes before one run: only the last one counts. */
    put_insn(va, MOV_W0(3));
    b = patch_and_run(va, va, 4);
    bm_puts("mmu off, written twice: ");
    bm_put_dec(b);
    bm_puts("\n");
    bm_check(b == 4, "mmu off: the last of two writes runs");
    test_loop("mmu off, self-patching loop sum", 0);
}

static void test_mmu_alias(void)
{
    uint64_t exec_va = mmu_page_va(CODE_PAGE);
    uint64_t alias_va = mmu_page_va(ALIAS_PAGE);
    uint64_t high_va = MMU_HIGH_BASE + (exec_va - MMU_RAM_BASE);
    mmu_set_page(ALIAS_PAGE, MMU_PAGE(exec_va));
    mmu_tlbi_va(alias_va);

    uint32_t a = write_and_run(alias_va, exec_va, 5);
    uint32_t b = patch_and_run(alias_va, exec_va, 6);
    print_results("mmu on, written via alias, run via identity", a, b);
    bm_check(a == 5 && b == 6, "alias write: identity mapping runs new code");

    /* Now run through both mappings, patch through a third (TTBR1). */
    a = run_code(alias_va);
    b = patch_and_run(high_va, exec_va, 7);
    uint32_t c = run_code(alias_va);
    bm_puts("mmu on, written via ttbr1: identity ");
    bm_put_dec(b);
    bm_puts(", alias ");
    bm_put_dec(c);
    bm_puts("\n");
    bm_check(a == 6 && b == 7 && c == 7,
             "ttbr1 write: both other mappings run new code");
    test_loop("mmu on, self-patching loop sum", 0);
    test_loop("mmu on, loop patching itself via ttbr1, sum",
              MMU_HIGH_BASE - MMU_RAM_BASE);
}

int main(void)
{
    bm_puts("smc_code test\n");
    test_mmu_off();
    mmu_enable();
    test_mmu_alias();
    bm_print_hex("calls", calls);
    bm_finish("smc_code");
}
