/*
 * Stage 1 page tables for the bare-metal tests, 4K granule, 39-bit VAs:
 * TTBR0 identity-maps devices (1G block) and RAM (2M blocks) with one 2M
 * stretch at MMU_PAGE_REGION in 4K pages; TTBR1 maps MMU_HIGH_BASE to RAM.
 */
#ifndef BM_MMU_H
#define BM_MMU_H

#include <stdint.h>

#define MMU_RAM_BASE 0x40000000ul
#define MMU_PAGE_REGION 0x40400000ul       /* 512 4K pages, identity */
#define MMU_HIGH_BASE 0xffffff8000000000ul /* TTBR1: PA MMU_RAM_BASE */
#define MMU_PAGE_SIZE 4096ul

#define PTE_VALID (1ul << 0)
#define PTE_TABLE (1ul << 1)       /* also "page" at level 3 */
#define PTE_ATTR_DEVICE (0ul << 2) /* MAIR index 0 */
#define PTE_ATTR_NORMAL (1ul << 2) /* MAIR index 1 */
#define PTE_AP_EL0 (1ul << 6)
#define PTE_AP_RO (1ul << 7)
#define PTE_SH_INNER (3ul << 8)
#define PTE_AF (1ul << 10)
#define PTE_PXN (1ul << 53)
#define PTE_UXN (1ul << 54)

/* A normal-memory RW EL1-only page descriptor for pa. */
#define MMU_PAGE(pa)                                                           \
    ((pa) | PTE_VALID | PTE_TABLE | PTE_ATTR_NORMAL | PTE_SH_INNER | PTE_AF)

/* Builds the tables and turns the MMU and caches on. */
void mmu_enable(void);
/* The same tables (built by mmu_enable) on this CPU: a secondary's way to
 * run with the MMU and caches on. */
void mmu_enable_cpu(void);
/* Page n of MMU_PAGE_REGION: its address and its level 3 descriptor. */
uint64_t mmu_page_va(int n);
void mmu_set_page(int n, uint64_t desc);
uint64_t mmu_get_page(int n);
/* After changing a descriptor: drop the old translation. */
void mmu_tlbi_va(uint64_t va);

#endif
