/*
 * Unit tests of the AArch64 stage 1 translation (target-arm/mmu.c): page
 * tables are built in a fake physical memory and every result, fault
 * status code and syndrome is compared with the value the Arm ARM gives.
 */
#include <check.h>
#include <stdint.h>
#include <string.h>

#include "target-arm/mmu.h"

/* Fake RAM for the tables; anything outside it is not memory. */
#define RAM_BASE 0x40000000ull
#define RAM_SIZE (4u << 20)

static uint8_t ram[RAM_SIZE];
static uint64_t ram_next; /* bump allocator for tables */
static unsigned ram_reads;

static bool ram_read(void *opaque, uint64_t pa, uint64_t *value)
{
    (void)opaque;
    ram_reads++;
    if (pa < RAM_BASE || pa - RAM_BASE > RAM_SIZE - 8 || (pa & 7))
        return false;
    memcpy(value, &ram[pa - RAM_BASE], 8); /* the host is little-endian */
    return true;
}

static uint64_t ram_alloc(uint64_t size)
{
    uint64_t pa = (ram_next + size - 1) & ~(size - 1);

    ck_assert_uint_le(pa + size - RAM_BASE, RAM_SIZE);
    ram_next = pa + size;
    return pa;
}

static void put(uint64_t table, unsigned index, uint64_t desc)
{
    memcpy(&ram[table + index * 8ull - RAM_BASE], &desc, 8);
}

static uint64_t get(uint64_t table, unsigned index)
{
    uint64_t desc;

    memcpy(&desc, &ram[table + index * 8ull - RAM_BASE], 8);
    return desc;
}

/* Descriptor bits (Arm ARM D8.3) */
#define AF (1ull << 10)
#define NG (1ull << 11)
#define AP_EL0 (1ull << 6) /* AP[1] */
#define AP_RO (1ull << 7)  /* AP[2] */
#define PXN (1ull << 53)
#define UXN (1ull << 54)
#define CONTIG (1ull << 52)
#define PXN_TABLE (1ull << 59)
#define UXN_TABLE (1ull << 60)
#define AP_TABLE_NO_EL0 (1ull << 61)
#define AP_TABLE_RO (1ull << 62)
#define ATTR(n) ((uint64_t)(n) << 2)

static uint64_t table_desc(uint64_t pa)
{
    return pa | 3;
}
static uint64_t page_desc(uint64_t pa, uint64_t attrs)
{
    return pa | attrs | AF | 3;
}
static uint64_t block_desc(uint64_t pa, uint64_t attrs)
{
    return pa | attrs | AF | 1;
}

/* TCR_EL1 and SCTLR_EL1 fields */
#define T0SZ(n) ((uint64_t)(n))
#define T1SZ(n) ((uint64_t)(n) << 16)
#define TG0_4K (0ull << 14)
#define TG0_64K (1ull << 14)
#define TG0_16K (2ull << 14)
#define TG1_16K (1ull << 30)
#define TG1_4K (2ull << 30)
#define TG1_64K (3ull << 30)
#define IPS(n) ((uint64_t)(n) << 32)
#define EPD0 (1ull << 7)
#define A1 (1ull << 22)
#define EPD1 (1ull << 23)
#define AS16 (1ull << 36)
#define TBI0 (1ull << 37)
#define TBI1 (1ull << 38)
#define HPD0 (1ull << 41)
#define SCTLR_M (1ull << 0)
#define SCTLR_WXN (1ull << 19)
#define SCTLR_EE (1ull << 25)

/* Linux's 4K, 48-bit configuration with a 48-bit PA. */
#define TCR_LINUX_4K (T0SZ(16) | T1SZ(16) | TG0_4K | TG1_4K | IPS(5))

#define FSC_ADDR_SIZE(l) (0x00u + (l))
#define FSC_TRANS(l) (0x04u + (l))
#define FSC_AF(l) (0x08u + (l))
#define FSC_PERM(l) (0x0cu + (l))
#define FSC_WALK_EA(l) (0x14u + (l))

#define RWX (ARM_PROT_READ | ARM_PROT_WRITE | ARM_PROT_EXEC)
#define RW (ARM_PROT_READ | ARM_PROT_WRITE)
#define RX (ARM_PROT_READ | ARM_PROT_EXEC)

static ArmMmuRegs regs;
static ArmTranslation tr;
static ArmFault fault;

static void setup(void)
{
    memset(ram, 0, sizeof(ram));
    ram_next = RAM_BASE;
    ram_reads = 0;
    regs = (ArmMmuRegs){.sctlr_el1 = SCTLR_M, .tcr_el1 = TCR_LINUX_4K};
    memset(&tr, 0xa5, sizeof(tr));
    memset(&fault, 0xa5, sizeof(fault));
}

static bool xlate(uint64_t va, int el, ArmAccessType type)
{
    return arm_mmu_translate(&regs, va, el, type, ram_read, NULL, &tr, &fault);
}

/* Asserts that translating va faults with status code fsc. */
#define ck_fault(addr, el, type, expected_fsc)                                 \
    do {                                                                       \
        ck_assert(!xlate((addr), (el), (type)));                               \
        ck_assert_uint_eq(fault.fsc, (expected_fsc));                          \
        ck_assert_int_eq(fault.level, (int)((expected_fsc)&3));                \
        ck_assert_uint_eq(fault.va, (addr));                                   \
        ck_assert(!fault.s1ptw);                                               \
    } while (0)

/*
 * Maps va in a 4K, 48-bit TTBR0 tree rooted at root with leaf at
 * leaf_level (1 or 2: block, 3: page); table_attrs go into the level 1
 * table descriptor (when the leaf is below it). Indices computed here
 * independently of mmu.c: 9 bits per level above bit 12.
 */
static void map_4k(uint64_t root, uint64_t va, int leaf_level, uint64_t leaf,
                   uint64_t table_attrs)
{
    uint64_t table = root;

    for (int level = 0; level < leaf_level; level++) {
        unsigned index = (unsigned)(va >> (39 - 9 * level)) & 511;
        uint64_t desc = get(table, index);

        if (!(desc & 1)) {
            desc = table_desc(ram_alloc(4096));
            if (level == 1)
                desc |= table_attrs;
            put(table, index, desc);
        }
        table = desc & 0xfffffffff000ull;
    }
    put(table, (unsigned)(va >> (39 - 9 * leaf_level)) & 511, leaf);
}

/* A fresh 4K tree for TTBR0 and one for TTBR1. */
static uint64_t root0, root1;
static void setup_4k(void)
{
    setup();
    root0 = ram_alloc(4096);
    root1 = ram_alloc(4096);
    regs.ttbr0_el1 = root0;
    regs.ttbr1_el1 = root1;
}

/* ---- walks ---- */

START_TEST(test_4k_four_levels)
{
    uint64_t l0 = ram_alloc(4096), l1 = ram_alloc(4096);
    uint64_t l2 = ram_alloc(4096), l3 = ram_alloc(4096);

    regs.ttbr0_el1 = l0 | (0x77ull << 48); /* ASID in TTBR0 */
    put(l0, 0x24, table_desc(l1));
    put(l1, 0xd1, table_desc(l2));
    put(l2, 0xb3, table_desc(l3));
    put(l3, 0x189, page_desc(0x812345000ull, ATTR(4) | NG));
    ck_assert(xlate(0x123456789abcull, 1, ARM_ACCESS_READ));
    ck_assert_uint_eq(tr.pa, 0x812345abcull);
    ck_assert_uint_eq(tr.page_shift, 12);
    ck_assert_uint_eq(arm_mmu_page_size(&tr), 4096);
    ck_assert_uint_eq(tr.prot, RWX);
    ck_assert(!tr.global);
    ck_assert_uint_eq(tr.asid, 0x77);
    ck_assert_uint_eq(tr.attr_index, 4);
    ck_assert_int_eq(tr.level, 3);
    ck_assert_uint_eq(ram_reads, 4);
    /* The contiguous bit is a hint: same result. */
    put(l3, 0x189, page_desc(0x812345000ull, ATTR(4) | NG | CONTIG));
    ck_assert(xlate(0x123456789abcull, 1, ARM_ACCESS_WRITE));
    ck_assert_uint_eq(tr.pa, 0x812345abcull);
    /* The neighbouring page is unmapped: translation fault, level 3. */
    ck_fault(0x12345678aabcull, 1, ARM_ACCESS_READ, FSC_TRANS(3));
}
END_TEST

START_TEST(test_4k_three_levels_39bit)
{
    uint64_t l1 = ram_alloc(4096), l2 = ram_alloc(4096), l3 = ram_alloc(4096);

    regs.tcr_el1 = T0SZ(25) | TG0_4K | IPS(5);
    regs.ttbr0_el1 = l1;
    put(l1, 0x1ff, table_desc(l2));
    put(l2, 0x1ff, table_desc(l3));
    put(l3, 0x1ff, page_desc(0x40123000ull, 0));
    ck_assert(xlate(0x7ffffff123ull, 1, ARM_ACCESS_READ));
    ck_assert_uint_eq(tr.pa, 0x40123123ull);
    ck_assert_uint_eq(ram_reads, 3);
    /* Bit 39 is outside the 39-bit range: translation fault level 0. */
    ck_fault(0x8000000000ull, 1, ARM_ACCESS_READ, FSC_TRANS(0));
}
END_TEST

START_TEST(test_4k_small_first_tables)
{
    /* T0SZ=33: 31-bit VA, level 1 has 2 entries, table aligned to 16. */
    uint64_t page = ram_alloc(4096);
    uint64_t l1 = page + 0x30, l2 = ram_alloc(4096), l3 = ram_alloc(4096);

    regs.tcr_el1 = T0SZ(33) | TG0_4K | IPS(5);
    regs.ttbr0_el1 = l1 | 0xe; /* BADDR bits below the alignment ignored */
    put(l1, 1, table_desc(l2));
    put(l2, 0xb3, table_desc(l3));
    put(l3, 0x189, page_desc(0x7000ull, 0));
    ck_assert(xlate(0x56789abcull, 1, ARM_ACCESS_READ));
    ck_assert_uint_eq(tr.pa, 0x7abcull);
    ck_assert_uint_eq(ram_reads, 3);

    /* T0SZ=34: 30-bit VA, the walk starts at level 2. */
    setup();
    l2 = ram_alloc(4096);
    l3 = ram_alloc(4096);
    regs.tcr_el1 = T0SZ(34) | TG0_4K | IPS(5);
    regs.ttbr0_el1 = l2;
    put(l2, 0x1ff, table_desc(l3));
    put(l3, 0x1, page_desc(0x9000ull, 0));
    ck_assert(xlate(0x3fe01234ull, 1, ARM_ACCESS_READ));
    ck_assert_uint_eq(tr.pa, 0x9234ull);
    ck_assert_uint_eq(ram_reads, 2);
    ck_fault(0x40000000ull, 1, ARM_ACCESS_READ, FSC_TRANS(0));

    /* T0SZ below 16 is forced to 16: a 48-bit va still translates. */
    setup_4k();
    regs.tcr_el1 = T0SZ(8) | TG0_4K | IPS(5);
    map_4k(root0, 0xffff12345000ull, 3, page_desc(0x5000ull, 0), 0);
    ck_assert(xlate(0xffff12345678ull, 1, ARM_ACCESS_READ));
    ck_assert_uint_eq(tr.pa, 0x5678ull);
    ck_fault(0x1000000000000ull, 1, ARM_ACCESS_READ, FSC_TRANS(0));
}
END_TEST

START_TEST(test_ttbr1_kernel)
{
    uint64_t l0 = ram_alloc(4096), l1 = ram_alloc(4096);
    uint64_t l2 = ram_alloc(4096), l3 = ram_alloc(4096);

    regs.ttbr0_el1 = ram_alloc(4096) | (0x11ull << 48); /* empty */
    regs.ttbr1_el1 = l0 | (0x1234ull << 48);
    put(l0, 0x100, table_desc(l1));
    put(l1, 0x0, table_desc(l2));
    put(l2, 0x91, table_desc(l3));
    put(l3, 0x145, page_desc(0x41000000ull, NG));
    ck_assert(xlate(0xffff800012345678ull, 1, ARM_ACCESS_READ));
    ck_assert_uint_eq(tr.pa, 0x41000678ull);
    ck_assert(!tr.global);
    ck_assert_uint_eq(tr.asid, 0x11); /* A1=0: TTBR0's ASID */
    regs.tcr_el1 |= A1;
    ck_assert(xlate(0xffff800012345678ull, 1, ARM_ACCESS_READ));
    ck_assert_uint_eq(tr.asid, 0x34); /* 8-bit ASIDs */
    regs.tcr_el1 |= AS16;
    ck_assert(xlate(0xffff800012345678ull, 1, ARM_ACCESS_READ));
    ck_assert_uint_eq(tr.asid, 0x1234);
    put(l3, 0x145, page_desc(0x41000000ull, 0));
    ck_assert(xlate(0xffff800012345678ull, 1, ARM_ACCESS_READ));
    ck_assert(tr.global);
    /* TTBR0 is empty: the same offset in the lower range faults. */
    ck_fault(0x800012345678ull, 1, ARM_ACCESS_READ, FSC_TRANS(0));
}
END_TEST

START_TEST(test_4k_blocks)
{
    setup_4k();
    map_4k(root0, 0x40000000ull, 2, block_desc(0x80200000ull, ATTR(1)), 0);
    map_4k(root0, 0x80000000ull, 1, block_desc(0xc0000000ull, 0), 0);
    ck_assert(xlate(0x400abcdeull, 1, ARM_ACCESS_READ));
    ck_assert_uint_eq(tr.pa, 0x802abcdeull);
    ck_assert_uint_eq(tr.page_shift, 21);
    ck_assert_int_eq(tr.level, 2);
    ck_assert_uint_eq(tr.attr_index, 1);
    ck_assert(xlate(0xbfffffffull, 1, ARM_ACCESS_READ));
    ck_assert_uint_eq(tr.pa, 0xffffffffull);
    ck_assert_uint_eq(tr.page_shift, 30);
    ck_assert_int_eq(tr.level, 1);
    /* No blocks at level 0; bit 1 clear at level 3 is reserved. */
    put(root0, 1, block_desc(0, 0));
    ck_fault(0x8000000000ull, 1, ARM_ACCESS_READ, FSC_TRANS(0));
    map_4k(root0, 0x200000000ull, 3, block_desc(0x5000ull, 0), 0);
    ck_fault(0x200000000ull, 1, ARM_ACCESS_READ, FSC_TRANS(3));
}
END_TEST

START_TEST(test_64k_granule)
{
    uint64_t l1 = ram_alloc(65536), l2 = ram_alloc(65536);
    uint64_t l3 = ram_alloc(65536);

    /* 48-bit VA: levels 1 ([47:42]), 2 ([41:29]) and 3 ([28:16]). */
    regs.tcr_el1 = T0SZ(16) | TG0_64K | IPS(5);
    regs.ttbr0_el1 = l1;
    put(l1, 0x21, table_desc(l2));
    put(l2, 0x1b2a, table_desc(l3));
    put(l3, 0x321, page_desc(0x123450000ull, 0));
    ck_assert(xlate(0x87654321fedcull, 1, ARM_ACCESS_READ));
    ck_assert_uint_eq(tr.pa, 0x12345fedcull);
    ck_assert_uint_eq(tr.page_shift, 16);
    ck_assert_uint_eq(ram_reads, 3);
    /* A 512 MiB block at level 2. */
    put(l2, 0x1b2b, block_desc(0x60000000ull, 0));
    ck_assert(xlate(0x87656abcdef0ull, 1, ARM_ACCESS_READ));
    ck_assert_uint_eq(tr.pa, 0x6abcdef0ull);
    ck_assert_uint_eq(tr.page_shift, 29);
    /* A block at level 1 does not exist with 64K pages (no LPA). */
    put(l1, 0x22, block_desc(0, 0));
    ck_fault(0x880000000000ull, 1, ARM_ACCESS_READ, FSC_TRANS(1));

    /* 42-bit VA: the walk starts at level 2. */
    setup();
    l2 = ram_alloc(65536);
    l3 = ram_alloc(65536);
    regs.tcr_el1 = T0SZ(22) | TG0_64K | IPS(5);
    regs.ttbr0_el1 = l2;
    put(l2, 0x155e, table_desc(l3));
    put(l3, 0xdef, page_desc(0x770000ull, 0));
    ck_assert(xlate(0x2abcdef1234ull, 1, ARM_ACCESS_READ));
    ck_assert_uint_eq(tr.pa, 0x771234ull);
    ck_assert_uint_eq(ram_reads, 2);

    /* TTBR1 with TG1=0b11 (64K), same tables. */
    regs.tcr_el1 = T1SZ(22) | TG1_64K | IPS(5) | EPD0;
    regs.ttbr1_el1 = l2;
    ck_assert(xlate(0xfffffeabcdef1234ull, 1, ARM_ACCESS_READ));
    ck_assert_uint_eq(tr.pa, 0x771234ull);
}
END_TEST

START_TEST(test_16k_granule)
{
    uint64_t l0 = ram_alloc(16384), l1 = ram_alloc(16384);
    uint64_t l2 = ram_alloc(16384), l3 = ram_alloc(16384);

    /* 48-bit VA: level 0 has two entries ([47]), then 11 bits a level. */
    regs.tcr_el1 = T0SZ(16) | TG0_16K | IPS(5);
    regs.ttbr0_el1 = l0;
    put(l0, 1, table_desc(l1));
    put(l1, 0x187, table_desc(l2));
    put(l2, 0x32a, table_desc(l3));
    put(l3, 0xc8, page_desc(0x1234c000ull, 0));
    ck_assert(xlate(0x987654321abcull, 1, ARM_ACCESS_READ));
    ck_assert_uint_eq(tr.pa, 0x1234dabcull);
    ck_assert_uint_eq(tr.page_shift, 14);
    ck_assert_uint_eq(ram_reads, 4);
    /* A 32 MiB block at level 2. */
    put(l2, 0x32b, block_desc(0x42000000ull, 0));
    ck_assert(xlate(0x987656789abcull, 1, ARM_ACCESS_READ));
    ck_assert_uint_eq(tr.pa, 0x42789abcull);
    ck_assert_uint_eq(tr.page_shift, 25);
    /* No level 1 blocks with 16K (no LPA2). */
    put(l1, 0x188, block_desc(0, 0));
    ck_fault(0x988000000000ull, 1, ARM_ACCESS_READ, FSC_TRANS(1));

    /* 36-bit VA (Linux's 16K/36): starts at level 2; TTBR1, TG1=0b01. */
    setup();
    l2 = ram_alloc(16384);
    l3 = ram_alloc(16384);
    regs.tcr_el1 = T1SZ(28) | TG1_16K | IPS(5) | EPD0;
    regs.ttbr1_el1 = l2;
    put(l2, 0x4c3, table_desc(l3));
    put(l3, 0x595, page_desc(0x40004000ull, 0));
    ck_assert(xlate(0xfffffff987654321ull, 1, ARM_ACCESS_READ));
    ck_assert_uint_eq(tr.pa, 0x40004321ull);
    ck_assert_uint_eq(ram_reads, 2);
    /* TG1=0b01 is 16K but TG0=0b01 is 64K: T0SZ(28) with TG0 64K. */
    regs.tcr_el1 = T0SZ(28) | TG0_64K | IPS(5);
    regs.ttbr0_el1 = l2;
    ck_fault(0x987654321ull, 1, ARM_ACCESS_READ, FSC_TRANS(2));
}
END_TEST

START_TEST(test_invalid_each_level)
{
    uint64_t va = 0x123456789abcull;

    setup_4k();
    ck_fault(va, 1, ARM_ACCESS_READ, FSC_TRANS(0));
    ck_assert_uint_eq(fault.type, ARM_FAULT_TRANSLATION);
    map_4k(root0, va, 1, 0x2, 0); /* bit 0 clear, bit 1 set: invalid */
    ck_fault(va, 1, ARM_ACCESS_READ, FSC_TRANS(1));
    map_4k(root0, va, 2, 0, 0);
    ck_fault(va, 1, ARM_ACCESS_WRITE, FSC_TRANS(2));
    ck_assert(fault.write);
    map_4k(root0, va, 3, 0x812345000ull, 0); /* valid bit clear */
    ck_fault(va, 0, ARM_ACCESS_FETCH, FSC_TRANS(3));
    ck_assert(!fault.write);
    ck_assert_uint_eq(fault.type_of_access, ARM_ACCESS_FETCH);
}
END_TEST

START_TEST(test_access_flag)
{
    setup_4k();
    map_4k(root0, 0x1000ull, 3, page_desc(0x5000ull, 0) & ~AF, 0);
    ck_fault(0x1000ull, 1, ARM_ACCESS_READ, FSC_AF(3));
    ck_assert_uint_eq(fault.type, ARM_FAULT_ACCESS_FLAG);
    map_4k(root0, 0x40000000ull, 2, block_desc(0x0ull, 0) & ~AF, 0);
    ck_fault(0x40000000ull, 1, ARM_ACCESS_READ, FSC_AF(2));
    /* The access flag fault comes before the permission fault. */
    map_4k(root0, 0x2000ull, 3, page_desc(0x5000ull, AP_RO) & ~AF, 0);
    ck_fault(0x2000ull, 1, ARM_ACCESS_WRITE, FSC_AF(3));
}
END_TEST

START_TEST(test_external_abort_on_walk)
{
    setup_4k();
    regs.ttbr0_el1 = 0x1000; /* not RAM */
    ck_fault(0x5000ull, 1, ARM_ACCESS_READ, FSC_WALK_EA(0));
    ck_assert_uint_eq(fault.type, ARM_FAULT_WALK_EXTERNAL);
    regs.ttbr0_el1 = root0;
    map_4k(root0, 0x5000ull, 2, table_desc(0x80000000ull), 0);
    ck_fault(0x5000ull, 1, ARM_ACCESS_READ, FSC_WALK_EA(3));
}
END_TEST

/* ---- permissions ---- */

START_TEST(test_ap_bits)
{
    setup_4k();
    map_4k(root0, 0x1000ull, 3, page_desc(0x1000ull, 0), 0);
    map_4k(root0, 0x2000ull, 3, page_desc(0x2000ull, AP_EL0 | UXN), 0);
    map_4k(root0, 0x3000ull, 3, page_desc(0x3000ull, AP_RO), 0);
    map_4k(root0, 0x4000ull, 3, page_desc(0x4000ull, AP_RO | AP_EL0), 0);

    /* AP=00: EL1 RW, EL0 none (but executable at EL0: no UXN). */
    ck_assert(xlate(0x1000ull, 1, ARM_ACCESS_WRITE));
    ck_assert_uint_eq(tr.prot, RWX);
    ck_fault(0x1000ull, 0, ARM_ACCESS_READ, FSC_PERM(3));
    ck_assert_uint_eq(fault.type, ARM_FAULT_PERMISSION);
    ck_assert(xlate(0x1000ull, 0, ARM_ACCESS_FETCH));
    ck_assert_uint_eq(tr.prot, ARM_PROT_EXEC);
    /* AP=01: RW for both; EL0-writable means never executable at EL1. */
    ck_assert(xlate(0x2000ull, 0, ARM_ACCESS_WRITE));
    ck_assert_uint_eq(tr.prot, RW);
    ck_assert(xlate(0x2000ull, 1, ARM_ACCESS_WRITE));
    ck_assert_uint_eq(tr.prot, RW);
    ck_fault(0x2000ull, 0, ARM_ACCESS_FETCH, FSC_PERM(3)); /* UXN */
    ck_fault(0x2000ull, 1, ARM_ACCESS_FETCH, FSC_PERM(3)); /* implicit PXN */
    /* AP=10: EL1 RO. */
    ck_fault(0x3000ull, 1, ARM_ACCESS_WRITE, FSC_PERM(3));
    ck_assert(fault.write);
    ck_assert(xlate(0x3000ull, 1, ARM_ACCESS_READ));
    ck_assert_uint_eq(tr.prot, RX);
    ck_fault(0x3000ull, 0, ARM_ACCESS_READ, FSC_PERM(3));
    /* AP=11: RO for both. */
    ck_assert(xlate(0x4000ull, 0, ARM_ACCESS_READ));
    ck_assert_uint_eq(tr.prot, RX);
    ck_fault(0x4000ull, 0, ARM_ACCESS_WRITE, FSC_PERM(3));
    ck_assert(xlate(0x4000ull, 1, ARM_ACCESS_FETCH));
    ck_assert_uint_eq(tr.prot, RX);
}
END_TEST

START_TEST(test_xn_bits)
{
    setup_4k();
    map_4k(root0, 0x1000ull, 3, page_desc(0x1000ull, AP_RO | PXN), 0);
    map_4k(root0, 0x2000ull, 3, page_desc(0x2000ull, AP_RO | AP_EL0 | UXN), 0);
    ck_fault(0x1000ull, 1, ARM_ACCESS_FETCH, FSC_PERM(3));
    ck_assert_uint_eq(tr.prot, ARM_PROT_READ);
    ck_assert(xlate(0x1000ull, 0, ARM_ACCESS_FETCH)); /* PXN is EL1 only */
    ck_fault(0x2000ull, 0, ARM_ACCESS_FETCH, FSC_PERM(3));
    ck_assert(xlate(0x2000ull, 0, ARM_ACCESS_READ));
    ck_assert_uint_eq(tr.prot, ARM_PROT_READ);
    ck_assert(xlate(0x2000ull, 1, ARM_ACCESS_FETCH)); /* UXN is EL0 only */
    /* A permission fault in a 2M block reports level 2. */
    map_4k(root0, 0x40000000ull, 2, block_desc(0x0ull, PXN), 0);
    ck_fault(0x40000000ull, 1, ARM_ACCESS_FETCH, FSC_PERM(2));
}
END_TEST

START_TEST(test_wxn)
{
    setup_4k();
    regs.sctlr_el1 |= SCTLR_WXN;
    map_4k(root0, 0x1000ull, 3, page_desc(0x1000ull, 0), 0);
    map_4k(root0, 0x2000ull, 3, page_desc(0x2000ull, AP_RO), 0);
    map_4k(root0, 0x3000ull, 3, page_desc(0x3000ull, AP_EL0), 0);
    ck_fault(0x1000ull, 1, ARM_ACCESS_FETCH, FSC_PERM(3));
    ck_assert_uint_eq(tr.prot, RW);
    ck_assert(xlate(0x2000ull, 1, ARM_ACCESS_FETCH));
    ck_assert_uint_eq(tr.prot, RX);
    ck_fault(0x3000ull, 0, ARM_ACCESS_FETCH, FSC_PERM(3));
    ck_assert_uint_eq(tr.prot, RW);
    /* AP=00 at EL0: no data access, not EL0-writable: still executable. */
    ck_assert(xlate(0x1000ull, 0, ARM_ACCESS_FETCH));
}
END_TEST

START_TEST(test_pan)
{
    setup_4k();
    regs.pan = true;
    map_4k(root0, 0x1000ull, 3, page_desc(0x1000ull, AP_RO | AP_EL0), 0);
    map_4k(root0, 0x2000ull, 3, page_desc(0x2000ull, AP_EL0 | UXN | PXN), 0);
    map_4k(root0, 0x3000ull, 3, page_desc(0x3000ull, 0), 0);
    /* EL1 data accesses to EL0-accessible pages fault, fetches do not. */
    ck_fault(0x1000ull, 1, ARM_ACCESS_READ, FSC_PERM(3));
    ck_assert(xlate(0x1000ull, 1, ARM_ACCESS_FETCH));
    ck_assert_uint_eq(tr.prot, ARM_PROT_EXEC);
    ck_fault(0x2000ull, 1, ARM_ACCESS_WRITE, FSC_PERM(3));
    ck_assert_uint_eq(tr.prot, 0);
    /* Cache maintenance and EL0 (LDTR/STTR) are not affected. */
    ck_assert(xlate(0x2000ull, 1, ARM_ACCESS_CACHE_MAINT));
    ck_assert(xlate(0x2000ull, 0, ARM_ACCESS_WRITE));
    ck_assert_uint_eq(tr.prot, RW);
    /* EL1-only pages are not affected. */
    ck_assert(xlate(0x3000ull, 1, ARM_ACCESS_WRITE));
    ck_assert_uint_eq(tr.prot, RWX);
    regs.pan = false;
    ck_assert(xlate(0x1000ull, 1, ARM_ACCESS_READ));
    ck_assert_uint_eq(tr.prot, RX);
}
END_TEST

START_TEST(test_cache_maint)
{
    setup_4k();
    map_4k(root0, 0x1000ull, 3, page_desc(0x1000ull, AP_RO), 0);
    ck_assert(xlate(0x1000ull, 1, ARM_ACCESS_CACHE_MAINT));
    ck_fault(0x1000ull, 0, ARM_ACCESS_CACHE_MAINT, FSC_PERM(3));
    ck_assert(fault.write); /* WnR is 1 for cache maintenance */
}
END_TEST

START_TEST(test_table_attrs)
{
    setup_4k();
    map_4k(root0, 0x40001000ull, 3, page_desc(0x1000ull, 0), AP_TABLE_RO);
    map_4k(root0, 0x80001000ull, 3, page_desc(0x1000ull, AP_EL0),
           AP_TABLE_NO_EL0);
    map_4k(root0, 0xc0001000ull, 3, page_desc(0x1000ull, AP_EL0 | AP_RO),
           UXN_TABLE);
    map_4k(root0, 0x100001000ull, 3, page_desc(0x1000ull, AP_RO), PXN_TABLE);

    /* APTable[1]: read-only below, so also executable again at EL1. */
    ck_fault(0x40001000ull, 1, ARM_ACCESS_WRITE, FSC_PERM(3));
    ck_assert_uint_eq(tr.prot, RX);
    /* APTable[0]: no EL0 access; no longer EL0-writable: EL1 may execute */
    ck_fault(0x80001000ull, 0, ARM_ACCESS_READ, FSC_PERM(3));
    ck_assert(xlate(0x80001000ull, 1, ARM_ACCESS_FETCH));
    ck_assert_uint_eq(tr.prot, RWX);
    ck_fault(0xc0001000ull, 0, ARM_ACCESS_FETCH, FSC_PERM(3));
    ck_assert(xlate(0xc0001000ull, 1, ARM_ACCESS_FETCH));
    ck_fault(0x100001000ull, 1, ARM_ACCESS_FETCH, FSC_PERM(3));
    ck_assert(xlate(0x100001000ull, 0, ARM_ACCESS_FETCH));

    /* TCR.HPD0 disables them all. */
    regs.tcr_el1 |= HPD0;
    ck_assert(xlate(0x40001000ull, 1, ARM_ACCESS_WRITE));
    ck_assert(xlate(0x80001000ull, 0, ARM_ACCESS_READ));
    ck_assert(xlate(0xc0001000ull, 0, ARM_ACCESS_FETCH));
    ck_assert(xlate(0x100001000ull, 1, ARM_ACCESS_FETCH));
}
END_TEST

/* ---- ranges, sizes, flat map ---- */

START_TEST(test_address_size)
{
    setup_4k();
    regs.tcr_el1 = (TCR_LINUX_4K & ~IPS(7)) | IPS(0); /* 32-bit PA */
    map_4k(root0, 0x1000ull, 3, page_desc(0x100000000ull, 0), 0);
    map_4k(root0, 0x2000ull, 3, page_desc(0xfffff000ull, 0), 0);
    ck_fault(0x1000ull, 1, ARM_ACCESS_READ, FSC_ADDR_SIZE(3));
    ck_assert_uint_eq(fault.type, ARM_FAULT_ADDRESS_SIZE);
    ck_assert(xlate(0x2000ull, 1, ARM_ACCESS_READ));
    ck_assert_uint_eq(tr.pa, 0xfffff000ull);
    /* A next-level table above 4 GiB: fault at the table's level. */
    map_4k(root0, 0x8000000000ull, 1, table_desc(0x100000000ull), 0);
    ck_fault(0x8000000000ull, 1, ARM_ACCESS_READ, FSC_ADDR_SIZE(1));
    /* A 1G block above 4 GiB. */
    map_4k(root0, 0x10000000000ull, 1, block_desc(0x140000000ull, 0), 0);
    ck_fault(0x10000000000ull, 1, ARM_ACCESS_READ, FSC_ADDR_SIZE(1));
    /* TTBR above 4 GiB: level 0. */
    regs.ttbr0_el1 = 0x100000000ull;
    ck_fault(0x2000ull, 1, ARM_ACCESS_READ, FSC_ADDR_SIZE(0));
    /* IPS=40 bits lets the page through. */
    regs.ttbr0_el1 = root0;
    regs.tcr_el1 = (TCR_LINUX_4K & ~IPS(7)) | IPS(2);
    ck_assert(xlate(0x1000ull, 1, ARM_ACCESS_READ));
    ck_assert_uint_eq(tr.pa, 0x100000000ull);
    /* IPS=52 bits is beyond the CPU: limited to 48. */
    regs.tcr_el1 = (TCR_LINUX_4K & ~IPS(7)) | IPS(6);
    map_4k(root0, 0x3000ull, 3, page_desc(0xfffffffff000ull, 0), 0);
    ck_assert(xlate(0x3000ull, 1, ARM_ACCESS_READ));
    ck_assert_uint_eq(tr.pa, 0xfffffffff000ull);
}
END_TEST

START_TEST(test_epd)
{
    setup_4k();
    map_4k(root0, 0x1000ull, 3, page_desc(0x1000ull, 0), 0);
    map_4k(root1, 0xffff000000001000ull, 3, page_desc(0x2000ull, 0), 0);
    ck_assert(xlate(0xffff000000001000ull, 1, ARM_ACCESS_READ));
    ck_assert_uint_eq(tr.pa, 0x2000ull);
    regs.tcr_el1 |= EPD1;
    ram_reads = 0;
    ck_fault(0xffff000000001000ull, 1, ARM_ACCESS_READ, FSC_TRANS(0));
    ck_assert_uint_eq(ram_reads, 0);
    ck_assert(xlate(0x1000ull, 1, ARM_ACCESS_READ));
    regs.tcr_el1 |= EPD0;
    ck_fault(0x1000ull, 0, ARM_ACCESS_FETCH, FSC_TRANS(0));
}
END_TEST

START_TEST(test_va_hole)
{
    setup_4k();
    ram_reads = 0;
    ck_fault(0x0001000000000000ull, 1, ARM_ACCESS_READ, FSC_TRANS(0));
    ck_fault(0xfffeffffffffffffull, 1, ARM_ACCESS_READ, FSC_TRANS(0));
    ck_fault(0x8000000000000000ull, 1, ARM_ACCESS_READ, FSC_TRANS(0));
    ck_fault(0x00ff000000000000ull, 1, ARM_ACCESS_READ, FSC_TRANS(0));
    ck_assert_uint_eq(ram_reads, 0);
}
END_TEST

START_TEST(test_tbi)
{
    setup_4k();
    map_4k(root0, 0x123456789000ull, 3, page_desc(0x7000ull, 0), 0);
    map_4k(root1, 0xffff800000000000ull, 3, page_desc(0x8000ull, 0), 0);
    ck_fault(0x5a00123456789abcull, 1, ARM_ACCESS_READ, FSC_TRANS(0));
    regs.tcr_el1 |= TBI0;
    ck_assert(xlate(0x5a00123456789abcull, 1, ARM_ACCESS_READ));
    ck_assert_uint_eq(tr.pa, 0x7abcull);
    ck_assert(xlate(0x5a00123456789abcull, 0, ARM_ACCESS_FETCH));
    /* TBI0 says nothing about the upper range. */
    ck_fault(0x12ff800000000010ull, 1, ARM_ACCESS_READ, FSC_TRANS(0));
    regs.tcr_el1 |= TBI1;
    ck_assert(xlate(0x12ff800000000010ull, 1, ARM_ACCESS_READ));
    ck_assert_uint_eq(tr.pa, 0x8010ull);
    /* Bit 55 picks the range even when the tag is ignored. */
    ck_fault(0xff7f800000000010ull, 1, ARM_ACCESS_READ, FSC_TRANS(0));
    ck_assert_uint_eq(fault.va, 0xff7f800000000010ull);
}
END_TEST

START_TEST(test_mmu_off)
{
    regs.sctlr_el1 = SCTLR_WXN; /* M clear; WXN has no effect then */
    regs.tcr_el1 = IPS(0);      /* checked against PAMax, not IPS */
    ck_assert(xlate(0xfedcba987654ull, 0, ARM_ACCESS_FETCH));
    ck_assert_uint_eq(tr.pa, 0xfedcba987654ull);
    ck_assert_uint_eq(tr.prot, RWX);
    ck_assert(tr.global);
    ck_assert_uint_eq(tr.page_shift, 12);
    ck_assert_uint_eq(ram_reads, 0);
    ck_fault(0x1000000000000ull, 1, ARM_ACCESS_READ, FSC_ADDR_SIZE(0));
    ck_fault(0xab00000012345678ull, 1, ARM_ACCESS_WRITE, FSC_ADDR_SIZE(0));
    regs.tcr_el1 |= TBI0;
    ck_assert(xlate(0xab00000012345678ull, 1, ARM_ACCESS_WRITE));
    ck_assert_uint_eq(tr.pa, 0x12345678ull);
}
END_TEST

START_TEST(test_big_endian_walk)
{
    uint64_t l0 = ram_alloc(4096), l1 = ram_alloc(4096);
    uint64_t l2 = ram_alloc(4096), l3 = ram_alloc(4096);

    regs.sctlr_el1 |= SCTLR_EE;
    regs.ttbr0_el1 = l0;
    put(l0, 0x24, __builtin_bswap64(table_desc(l1)));
    put(l1, 0xd1, __builtin_bswap64(table_desc(l2)));
    put(l2, 0xb3, __builtin_bswap64(table_desc(l3)));
    put(l3, 0x189, __builtin_bswap64(page_desc(0x812345000ull, 0)));
    ck_assert(xlate(0x123456789abcull, 1, ARM_ACCESS_READ));
    ck_assert_uint_eq(tr.pa, 0x812345abcull);
}
END_TEST

/* ---- syndromes ---- */

START_TEST(test_esr)
{
    ArmFault f = {.fsc = FSC_PERM(3)};

    ck_assert_uint_eq(arm_esr_data_abort(&f, true, true, false), 0x9600004full);
    ck_assert_uint_eq(arm_esr_data_abort(&f, false, false, false),
                      0x9200000full);
    f.fsc = FSC_TRANS(3);
    ck_assert_uint_eq(arm_esr_data_abort(&f, true, true, true), 0x96000147ull);
    ck_assert_uint_eq(arm_esr_insn_abort(&f, false), 0x82000007ull);
    f.fsc = FSC_AF(2);
    ck_assert_uint_eq(arm_esr_insn_abort(&f, true), 0x8600000aull);
    f.fsc = FSC_WALK_EA(1);
    f.s1ptw = true; /* only a stage 2 sets it; the bit is S1PTW, 7 */
    ck_assert_uint_eq(arm_esr_data_abort(&f, false, false, false),
                      0x92000095ull);
    ck_assert_uint_eq(arm_esr_insn_abort(&f, true), 0x86000095ull);

    /* From a real fault: EL0 write to a read-only page. */
    setup_4k();
    map_4k(root0, 0x1000ull, 3, page_desc(0x1000ull, AP_RO | AP_EL0), 0);
    ck_assert(!xlate(0x1234ull, 0, ARM_ACCESS_WRITE));
    ck_assert_uint_eq(arm_esr_data_abort(&fault, false, fault.write, false),
                      0x9200004full);
    ck_assert_uint_eq(fault.va, 0x1234ull);
}
END_TEST

static Suite *mmu_suite(void)
{
    Suite *s = suite_create("mmu");
    TCase *tc = tcase_create("translate");

    tcase_add_checked_fixture(tc, setup, NULL);
    tcase_add_test(tc, test_4k_four_levels);
    tcase_add_test(tc, test_4k_three_levels_39bit);
    tcase_add_test(tc, test_4k_small_first_tables);
    tcase_add_test(tc, test_ttbr1_kernel);
    tcase_add_test(tc, test_4k_blocks);
    tcase_add_test(tc, test_64k_granule);
    tcase_add_test(tc, test_16k_granule);
    tcase_add_test(tc, test_invalid_each_level);
    tcase_add_test(tc, test_access_flag);
    tcase_add_test(tc, test_external_abort_on_walk);
    tcase_add_test(tc, test_ap_bits);
    tcase_add_test(tc, test_xn_bits);
    tcase_add_test(tc, test_wxn);
    tcase_add_test(tc, test_pan);
    tcase_add_test(tc, test_cache_maint);
    tcase_add_test(tc, test_table_attrs);
    tcase_add_test(tc, test_address_size);
    tcase_add_test(tc, test_epd);
    tcase_add_test(tc, test_va_hole);
    tcase_add_test(tc, test_tbi);
    tcase_add_test(tc, test_mmu_off);
    tcase_add_test(tc, test_big_endian_walk);
    tcase_add_test(tc, test_esr);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(mmu_suite());
    int failed;

    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
