/*
 * Bare-metal test (a), exceptions: SVC from EL0, BRK, an undefined
 * instruction, ERET restoring changed SPSR/ELR, and a data abort on an
 * unmapped address with the MMU on. Prints the syndrome fields it checks.
 */
#include "lib.h"
#include "mmu.h"

#define UNMAPPED_VA 0x1000000000ul /* 64 GiB: no level 1 entry */

/* Written by the handler behind the compiler's back. */
static volatile uint64_t last_esr, last_far, last_spsr;
static volatile int taken;

static void print_field(const char *name, uint64_t v)
{
    bm_puts(" ");
    bm_puts(name);
    bm_puts("=");
    bm_put_hex(v);
}

static bool record(ExcFrame *f, uint64_t esr, uint64_t far)
{
    last_esr = esr;
    last_far = far;
    last_spsr = f->spsr;
    taken++;
    switch (ESR_EC(esr)) {
    case EC_SVC64:
        f->x[0] *= 2; /* ELR is already past the svc */
        return true;
    case EC_BRK64:
        if ((esr & 0xffff) == 1)
            f->spsr |= 0xful << 28;            /* NZCV all set on return */
        f->elr += (esr & 0xffff) == 2 ? 8 : 4; /* brk #2: skip one more */
        return true;
    default: f->elr += 4; return true;
    }
}

static void report(const char *what)
{
    bm_puts(what);
    print_field("ec", ESR_EC(last_esr));
    print_field("il", ESR_IL(last_esr));
}

static void test_svc_el0(void)
{
    taken = 0;
    uint64_t result = bm_run_el0((uint64_t)bm_el0_svc, 5);
    report("svc from el0:");
    print_field("imm", last_esr & 0xffff);
    print_field("spsr.M", last_spsr & 0xf);
    print_field("result", result);
    bm_puts("\n");
    bm_check(taken == 1 && ESR_EC(last_esr) == EC_SVC64 &&
                 (last_esr & 0xffff) == 0x42 && (last_spsr & 0xf) == 0,
             "svc #0x42 taken at EL1 from EL0t");
    bm_check(result == 11, "svc returned to EL0 with x0 doubled");
}

static void test_brk(void)
{
    taken = 0;
    __asm__ volatile("brk #7");
    report("brk:");
    print_field("imm", last_esr & 0xffff);
    bm_puts("\n");
    bm_check(taken == 1 && ESR_EC(last_esr) == EC_BRK64 &&
                 (last_esr & 0xffff) == 7,
             "brk #7: EC 0x3c, comment 7");
}

static void test_undef(void)
{
    taken = 0;
    __asm__ volatile(".inst 0x00000000"); /* UDF #0 */
    report("undefined:");
    bm_puts("\n");
    bm_check(taken == 1 && ESR_EC(last_esr) == EC_UNKNOWN &&
                 ESR_IL(last_esr) == 1,
             "udf: EC 0x0");
}

static void test_eret(void)
{
    uint64_t nzcv, skipped = 0;
    __asm__ volatile("msr nzcv, xzr\n\tbrk #1\n\tmrs %0, nzcv" : "=r"(nzcv));
    bm_puts("eret:");
    print_field("nzcv", nzcv);
    bm_puts("\n");
    bm_check(nzcv == 0xf0000000ul, "eret restores the changed SPSR flags");
    __asm__ volatile("mov %0, #0\n\tbrk #2\n\tmov %0, #1\n\tnop"
                     : "=&r"(skipped));
    bm_check(skipped == 0, "eret resumes at the changed ELR");
}

static void test_unmapped(void)
{
    mmu_enable();
    taken = 0;
    volatile uint64_t *p = (volatile uint64_t *)UNMAPPED_VA;
    (void)*p;
    report("unmapped load:");
    print_field("dfsc", ESR_FSC(last_esr));
    print_field("wnr", ESR_WNR(last_esr));
    print_field("far", last_far);
    bm_puts("\n");
    bm_check(taken == 1 && ESR_EC(last_esr) == EC_DABT_CUR &&
                 ESR_FSC(last_esr) == 0x05 && last_far == UNMAPPED_VA,
             "data abort: translation fault level 1, FAR");
}

int main(void)
{
    bm_puts("exceptions test\n");
    bm_print_hex("CurrentEL", read_sysreg(CurrentEL) >> 2);
    bm_sync_hook = record;
    test_svc_el0();
    test_brk();
    test_undef();
    test_eret();
    test_unmapped();
    bm_finish("exceptions");
}
