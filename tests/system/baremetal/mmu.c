/*
 * The bare-metal tests' page tables (mmu.h). Tables live in bss and are
 * written with the MMU off; later changes go through mmu_set_page, which
 * the caller follows with mmu_tlbi_va.
 */
#include "mmu.h"
#include "lib.h"

static uint64_t l1_low[512] __attribute__((aligned(4096)));
static uint64_t l2_ram[512] __attribute__((aligned(4096)));
static uint64_t l3_pages[512] __attribute__((aligned(4096)));
static uint64_t l1_high[512] __attribute__((aligned(4096)));

#define GIB (1ul << 30)
#define MIB2 (2ul << 20)

uint64_t mmu_page_va(int n)
{
    return MMU_PAGE_REGION + (uint64_t)n * MMU_PAGE_SIZE;
}

void mmu_set_page(int n, uint64_t desc)
{
    l3_pages[n] = desc;
    dsb(ishst);
}

uint64_t mmu_get_page(int n)
{
    return l3_pages[n];
}

void mmu_tlbi_va(uint64_t va)
{
    __asm__ volatile("tlbi vae1is, %0" : : "r"(va >> 12) : "memory");
    dsb(ish);
    isb();
}

static void build_tables(void)
{
    uint64_t ram_block = PTE_VALID | PTE_ATTR_NORMAL | PTE_SH_INNER | PTE_AF;
    /* 0..1G: the devices, never executable. */
    l1_low[0] = 0 | PTE_VALID | PTE_ATTR_DEVICE | PTE_AF | PTE_PXN | PTE_UXN;
    l1_low[1] = (uint64_t)l2_ram | PTE_VALID | PTE_TABLE;
    for (int i = 0; i < 512; i++)
        l2_ram[i] = (MMU_RAM_BASE + i * MIB2) | ram_block;
    l2_ram[(MMU_PAGE_REGION - MMU_RAM_BASE) / MIB2] =
        (uint64_t)l3_pages | PTE_VALID | PTE_TABLE;
    for (int i = 0; i < 512; i++)
        l3_pages[i] = MMU_PAGE(mmu_page_va(i));
    /* TTBR1: the first 1G of its range is RAM's first 1G. */
    l1_high[0] = MMU_RAM_BASE | ram_block;
}

void mmu_enable(void)
{
    build_tables();
    dsb(ish);
    mmu_enable_cpu();
}

void mmu_enable_cpu(void)
{
    /* MAIR: 0 Device-nGnRnE, 1 Normal write-back. */
    write_sysreg(mair_el1, 0xff00ul);
    /* T0SZ = T1SZ = 25 (39 bits), walks inner-shareable write-back, TG0 4K,
     * TG1 4K, IPS 40 bits. */
    uint64_t tcr = 25 | 1ul << 8 | 1ul << 10 | 3ul << 12 | 25ul << 16 |
                   1ul << 24 | 1ul << 26 | 3ul << 28 | 2ul << 30 | 2ul << 32;
    write_sysreg(tcr_el1, tcr);
    write_sysreg(ttbr0_el1, (uint64_t)l1_low);
    write_sysreg(ttbr1_el1, (uint64_t)l1_high);
    isb();
    __asm__ volatile("tlbi vmalle1" ::: "memory");
    dsb(ish);
    isb();
    /* M, C, I; A (alignment check) stays off. */
    uint64_t sctlr = read_sysreg(sctlr_el1);
    write_sysreg(sctlr_el1, sctlr | 1 | 1 << 2 | 1 << 12);
    isb();
}
