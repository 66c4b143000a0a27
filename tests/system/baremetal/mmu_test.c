/*
 * Bare-metal test (b), the MMU: TTBR0 and TTBR1 views of the same RAM, a
 * permission fault on a read-only page, an access flag fault fixed up and
 * retried, EL0 touching an EL1-only page, a fetch from an XN page, and a
 * TLBI after a descriptor changed. Prints the fault fields it checks.
 */
#include "lib.h"
#include "mmu.h"

/* Pages of MMU_PAGE_REGION and what each is for. */
enum {
    PG_DATA,     /* EL1-only RW data */
    PG_RO,       /* read-only */
    PG_NO_AF,    /* access flag clear */
    PG_XN,       /* holds a ret, privileged execute-never */
    PG_EL0_CODE, /* EL0 code: read-only at EL0 and EL1 */
    PG_ALIAS,    /* points at PG_OLD, then PG_NEW */
    PG_OLD,
    PG_NEW,
};

static volatile uint64_t last_esr, last_far;
static volatile int taken, fix_af;

static bool on_fault(ExcFrame *f, uint64_t esr, uint64_t far)
{
    last_esr = esr;
    last_far = far;
    taken++;
    if (ESR_EC(esr) == EC_IABT_CUR) {
        f->elr = f->x[30]; /* back to the caller of the XN page */
        return true;
    }
    if (fix_af && ESR_FSC(esr) == 0x0b) {
        mmu_set_page(PG_NO_AF, mmu_get_page(PG_NO_AF) | PTE_AF);
        mmu_tlbi_va(far);
        return true; /* retry the access */
    }
    f->elr += 4;
    return true;
}

/* New code at va (one cache line): clean it to PoU, drop stale I-cache. */
static void sync_icache(uint64_t va)
{
    __asm__ volatile("dc cvau, %0" : : "r"(va) : "memory");
    dsb(ish);
    __asm__ volatile("ic iallu" ::: "memory");
    dsb(ish);
    isb();
}

static void print_fault(const char *what)
{
    bm_puts(what);
    bm_puts(": ec=");
    bm_put_hex(ESR_EC(last_esr));
    bm_puts(" fsc=");
    bm_put_hex(ESR_FSC(last_esr));
    if (ESR_EC(last_esr) == EC_DABT_CUR || ESR_EC(last_esr) == EC_DABT_LOWER) {
        bm_puts(" wnr=");
        bm_put_hex(ESR_WNR(last_esr));
    }
    bm_puts(" far=");
    bm_put_hex(last_far);
    bm_puts(" taken=");
    bm_put_dec(taken);
    bm_puts("\n");
}

static void test_two_views(void)
{
    volatile uint64_t *low = (uint64_t *)(mmu_page_va(PG_DATA) + 16);
    volatile uint64_t *high =
        (uint64_t *)(MMU_HIGH_BASE + ((uint64_t)low - MMU_RAM_BASE));
    *low = 0x1122334455667788ul;
    uint64_t seen_high = *high;
    *high = 0x8877665544332211ul;
    uint64_t seen_low = *low;
    bm_print_hex("ttbr1 view", seen_high);
    bm_print_hex("ttbr0 view", seen_low);
    bm_check(seen_high == 0x1122334455667788ul &&
                 seen_low == 0x8877665544332211ul,
             "TTBR0 identity and TTBR1 high mapping share RAM");
}

static void test_read_only(void)
{
    mmu_set_page(PG_RO, MMU_PAGE(mmu_page_va(PG_RO)) | PTE_AP_RO);
    mmu_tlbi_va(mmu_page_va(PG_RO));
    volatile uint64_t *p = (uint64_t *)mmu_page_va(PG_RO);
    taken = 0;
    uint64_t v = *p; /* reading is allowed */
    *p = v + 1;
    print_fault("write to read-only page");
    bm_check(taken == 1 && ESR_EC(last_esr) == EC_DABT_CUR &&
                 ESR_FSC(last_esr) == 0x0f && ESR_WNR(last_esr) == 1 &&
                 last_far == (uint64_t)p,
             "permission fault, level 3, WnR, FAR");
}

static void test_access_flag(void)
{
    volatile uint64_t *p = (uint64_t *)(mmu_page_va(PG_NO_AF) + 8);
    *p = 0x0af0af0af0ul; /* still mapped with AF set */
    mmu_set_page(PG_NO_AF, mmu_get_page(PG_NO_AF) & ~PTE_AF);
    mmu_tlbi_va((uint64_t)p);
    taken = 0;
    fix_af = 1;
    uint64_t v = *p;
    fix_af = 0;
    print_fault("access flag");
    bm_check(taken == 1 && ESR_FSC(last_esr) == 0x0b &&
                 last_far == (uint64_t)p && v == 0x0af0af0af0ul,
             "access flag fault, AF set by the handler, load retried");
}

static void test_el0_to_el1_page(void)
{
    uint64_t code = mmu_page_va(PG_EL0_CODE);
    memcpy((void *)code, bm_el0_load, bm_el0_load_end - bm_el0_load);
    sync_icache(code);
    mmu_set_page(PG_EL0_CODE, MMU_PAGE(code) | PTE_AP_EL0 | PTE_AP_RO);
    mmu_tlbi_va(code);
    taken = 0;
    bm_run_el0(code, mmu_page_va(PG_DATA));
    print_fault("el0 load from el1 page");
    bm_check(taken == 1 && ESR_EC(last_esr) == EC_DABT_LOWER &&
                 ESR_FSC(last_esr) == 0x0f && last_far == mmu_page_va(PG_DATA),
             "EL0 access to an EL1-only page: permission fault");
}

static void test_execute_never(void)
{
    uint64_t page = mmu_page_va(PG_XN);
    *(volatile uint32_t *)page = 0xd65f03c0; /* ret */
    sync_icache(page);
    mmu_set_page(PG_XN, MMU_PAGE(page) | PTE_PXN);
    mmu_tlbi_va(page);
    taken = 0;
    ((void (*)(void))page)();
    print_fault("fetch from xn page");
    bm_check(taken == 1 && ESR_EC(last_esr) == EC_IABT_CUR &&
                 ESR_FSC(last_esr) == 0x0f && last_far == page,
             "instruction abort: permission fault, level 3");
}

static void test_tlbi(void)
{
    *(volatile uint64_t *)mmu_page_va(PG_OLD) = 0x01d01d01dul;
    *(volatile uint64_t *)mmu_page_va(PG_NEW) = 0x0e30e30e3ul;
    volatile uint64_t *alias = (uint64_t *)mmu_page_va(PG_ALIAS);
    mmu_set_page(PG_ALIAS, MMU_PAGE(mmu_page_va(PG_OLD)));
    mmu_tlbi_va((uint64_t)alias);
    uint64_t before = *alias;
    mmu_set_page(PG_ALIAS, MMU_PAGE(mmu_page_va(PG_NEW)));
    mmu_tlbi_va((uint64_t)alias);
    uint64_t after = *alias;
    bm_print_hex("alias before", before);
    bm_print_hex("alias after", after);
    bm_check(before == 0x01d01d01dul && after == 0x0e30e30e3ul,
             "TLBI VAE1IS makes the changed descriptor seen");
}

int main(void)
{
    bm_puts("mmu test\n");
    bm_sync_hook = on_fault;
    mmu_enable();
    bm_print_hex("sctlr.M", read_sysreg(sctlr_el1) & 1);
    test_two_views();
    test_read_only();
    test_access_flag();
    test_el0_to_el1_page();
    test_execute_never();
    test_tlbi();
    bm_finish("mmu");
}
