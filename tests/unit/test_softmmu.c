/*
 * Unit tests of the SoftMMU's C side (tcg/softmmu.c) with a fake mode:
 * fills, hits, flushes, MMIO routing, page-crossing accesses, watched
 * pages and their write hook, peeks. No translated code: faults (which
 * leave through a call site) are not exercised here (tests/system does).
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tcg/softmmu.h"

#define PAGE 4096u
#define NB_PAGES 4

/* The fake CPU: its TLB, and the mode's view of memory: virtual page
 * V + i maps physical page P + i, backed by ram[i]. */
typedef struct FakeCPU {
    SoftTLB tlb;
} FakeCPU;

#define VBASE 0x7000000000ull
#define PBASE 0x40000000ull
#define MMIO_V 0x7100000000ull /* a device page */
#define MMIO_P 0x09000000ull

static FakeCPU cpu;
static uint8_t ram[NB_PAGES][PAGE] __attribute__((aligned(PAGE)));
static int fills, mmio_reads, mmio_writes, before_writes;
static uint64_t last_mmio_pa, last_mmio_value, last_before_pa;
static bool writable = true, watched, via_mmio;

static SoftTLB *fake_tlb(void *env)
{
    return &((FakeCPU *)env)->tlb;
}

static bool fake_fill(void *env, uint64_t va, GuestAccess access, int mmu_idx,
                      SoftmmuFill *out)
{
    uint64_t page = va & ~(uint64_t)(PAGE - 1);

    (void)env;
    (void)access;
    (void)mmu_idx;
    fills++;
    if (page == MMIO_V) {
        *out = (SoftmmuFill){.phys = MMIO_P, .read = true, .write = true};
        return true;
    }
    if (page < VBASE || page >= VBASE + NB_PAGES * PAGE)
        return false;
    *out = (SoftmmuFill){.phys = PBASE + (page - VBASE),
                         .host = ram[(page - VBASE) / PAGE],
                         .read = true,
                         .write = writable,
                         .fetch = true,
                         .data_via_mmio = via_mmio};
    return true;
}

static uint64_t fake_mmio_read(void *env, uint64_t pa, unsigned size)
{
    (void)env;
    (void)size;
    mmio_reads++;
    last_mmio_pa = pa;
    return 0x1234;
}

static void fake_mmio_write(void *env, uint64_t pa, uint64_t value,
                            unsigned size)
{
    (void)env;
    (void)size;
    mmio_writes++;
    last_mmio_pa = pa;
    last_mmio_value = value;
}

static void fake_fault_at(void *env, uint64_t pc)
{
    (void)env;
    (void)pc;
}

static void fake_misaligned(void *env, uint64_t addr, bool is_write)
{
    (void)env;
    (void)addr;
    (void)is_write;
}

static bool fake_is_watched(uint64_t phys)
{
    return watched && phys == PBASE;
}

static void fake_before_write(void *env, uint64_t phys, uint64_t pa,
                              unsigned size)
{
    (void)env;
    (void)phys;
    (void)size;
    before_writes++;
    last_before_pa = pa;
}

static const SoftmmuOps fake_ops = {
    .tlb = fake_tlb,
    .fill = fake_fill,
    .mmio_read = fake_mmio_read,
    .mmio_write = fake_mmio_write,
    .fault_at = fake_fault_at,
    .misaligned = fake_misaligned,
    .is_watched = fake_is_watched,
    .before_write = fake_before_write,
};

static void setup(void)
{
    softmmu_init(&fake_ops, 0);
    softmmu_tlb_init(&cpu.tlb);
    memset(ram, 0, sizeof(ram));
    fills = mmio_reads = mmio_writes = before_writes = 0;
    writable = true;
    watched = via_mmio = false;
}

START_TEST(hit_after_fill)
{
    setup();
    softmmu_store(&cpu, VBASE + 8, 8, 0x1122334455667788ull, 1, 0);
    ck_assert_int_eq(fills, 1);
    ck_assert_uint_eq(softmmu_load(&cpu, VBASE + 8, 8, 1, 0),
                      0x1122334455667788ull);
    ck_assert_uint_eq(softmmu_load(&cpu, VBASE + 8, 2, 1, 0), 0x7788);
    ck_assert_int_eq(fills, 1); /* the read hit the same entry */
    ck_assert_uint_eq(ram[0][8], 0x88);
    /* Another MMU index has its own entries. */
    softmmu_load(&cpu, VBASE + 8, 8, 2, 0);
    ck_assert_int_eq(fills, 2);
}
END_TEST

START_TEST(read_only_entry_refills_for_write)
{
    setup();
    writable = false;
    softmmu_load(&cpu, VBASE, 4, 1, 0);
    ck_assert_int_eq(fills, 1);
    writable = true; /* the page tables changed, no TLBI yet */
    softmmu_store(&cpu, VBASE, 4, 7, 1, 0);
    ck_assert_int_eq(fills, 2); /* the write tag was invalid: asked again */
    ck_assert_uint_eq(ram[0][0], 7);
}
END_TEST

START_TEST(flush_all_and_page)
{
    setup();
    softmmu_load(&cpu, VBASE, 8, 1, 0);
    softmmu_load(&cpu, VBASE + PAGE, 8, 1, 0);
    ck_assert_int_eq(fills, 2);
    softmmu_flush_page(&cpu, VBASE + 123);
    softmmu_load(&cpu, VBASE + PAGE, 8, 1, 0);
    ck_assert_int_eq(fills, 2); /* the other page kept its entry */
    softmmu_load(&cpu, VBASE, 8, 1, 0);
    ck_assert_int_eq(fills, 3);
    softmmu_flush(&cpu);
    softmmu_load(&cpu, VBASE, 8, 1, 0);
    softmmu_load(&cpu, VBASE + PAGE, 8, 1, 0);
    ck_assert_int_eq(fills, 5);
}
END_TEST

START_TEST(mmio_routing)
{
    setup();
    ck_assert_uint_eq(softmmu_load(&cpu, MMIO_V + 0x18, 4, 1, 0), 0x1234);
    ck_assert_int_eq(mmio_reads, 1);
    ck_assert_uint_eq(last_mmio_pa, MMIO_P + 0x18);
    softmmu_store(&cpu, MMIO_V + 0x30, 4, 0xabc, 1, 0);
    ck_assert_int_eq(mmio_writes, 1);
    ck_assert_uint_eq(last_mmio_pa, MMIO_P + 0x30);
    ck_assert_uint_eq(last_mmio_value, 0xabc);
    /* A device page is never fetched from. */
    uint64_t phys;
    ck_assert(!softmmu_fetch_phys(&cpu, MMIO_V, 1, &phys));
}
END_TEST

START_TEST(page_crossing)
{
    setup();
    softmmu_store(&cpu, VBASE + PAGE - 3, 8, 0x0807060504030201ull, 1, 0);
    ck_assert_uint_eq(ram[0][PAGE - 3], 1);
    ck_assert_uint_eq(ram[0][PAGE - 1], 3);
    ck_assert_uint_eq(ram[1][0], 4);
    ck_assert_uint_eq(ram[1][4], 8);
    ck_assert_uint_eq(softmmu_load(&cpu, VBASE + PAGE - 3, 8, 1, 0),
                      0x0807060504030201ull);
}
END_TEST

START_TEST(watched_page_writes)
{
    uint64_t phys;

    setup();
    softmmu_store(&cpu, VBASE + 16, 8, 1, 1, 0); /* filled, not watched */
    ck_assert_int_eq(before_writes, 0);
    watched = true;
    softmmu_watch_page(&cpu.tlb, PBASE); /* the mode starts watching */
    softmmu_store(&cpu, VBASE + 24, 4, 2, 1, 0);
    ck_assert_int_eq(before_writes, 1);
    ck_assert_uint_eq(last_before_pa, PBASE + 24);
    ck_assert_uint_eq(ram[0][24], 2); /* and the write happened */
    softmmu_load(&cpu, VBASE + 24, 4, 1, 0);
    ck_assert_int_eq(before_writes, 1); /* reads are not told */
    watched = false; /* the next write sees it and stops asking */
    softmmu_store(&cpu, VBASE + 24, 4, 3, 1, 0);
    softmmu_store(&cpu, VBASE + 24, 4, 4, 1, 0);
    ck_assert_int_eq(before_writes, 2);
    /* A fill of a page already watched marks the entry at once. */
    watched = true;
    softmmu_flush(&cpu);
    softmmu_store(&cpu, VBASE, 1, 5, 1, 0);
    ck_assert_int_eq(before_writes, 3);
    ck_assert(softmmu_peek_phys(&cpu, VBASE + 5, GUEST_READ, 1, &phys));
    ck_assert_uint_eq(phys, PBASE + 5);
}
END_TEST

START_TEST(data_through_the_mode)
{
    uint64_t phys;

    setup();
    via_mmio = true; /* e.g. a watchpoint on the page */
    ck_assert_uint_eq(softmmu_load(&cpu, VBASE + 40, 8, 1, 0), 0x1234);
    ck_assert_uint_eq(last_mmio_pa, PBASE + 40);
    softmmu_store(&cpu, VBASE + 48, 8, 9, 1, 0);
    ck_assert_int_eq(mmio_writes, 1);
    ck_assert_uint_eq(ram[0][48], 0); /* the mode did not store it */
    /* Fetches still come from RAM. */
    ck_assert(softmmu_fetch_phys(&cpu, VBASE + 64, 1, &phys));
    ck_assert_uint_eq(phys, PBASE + 64);
    ck_assert_ptr_eq(softmmu_fetch_host(&cpu, VBASE + 64, 1), ram[0]);
    ck_assert_ptr_null(softmmu_peek_host(&cpu, VBASE + 40, 1));
}
END_TEST

START_TEST(peeks_never_fill)
{
    uint64_t phys;

    setup();
    ck_assert(!softmmu_peek_phys(&cpu, VBASE, GUEST_READ, 1, &phys));
    ck_assert_ptr_null(softmmu_peek_host(&cpu, VBASE, 1));
    ck_assert_int_eq(fills, 0);
    softmmu_load(&cpu, VBASE + 100, 1, 1, 0);
    ck_assert_ptr_eq(softmmu_peek_host(&cpu, VBASE + 100, 1), &ram[0][100]);
    ck_assert(softmmu_peek_phys(&cpu, VBASE + 100, GUEST_WRITE, 1, &phys));
    ck_assert_uint_eq(phys, PBASE + 100);
}
END_TEST

static Suite *softmmu_suite(void)
{
    Suite *s = suite_create("softmmu");
    TCase *tc = tcase_create("core");

    tcase_add_test(tc, hit_after_fill);
    tcase_add_test(tc, read_only_entry_refills_for_write);
    tcase_add_test(tc, flush_all_and_page);
    tcase_add_test(tc, mmio_routing);
    tcase_add_test(tc, page_crossing);
    tcase_add_test(tc, watched_page_writes);
    tcase_add_test(tc, data_through_the_mode);
    tcase_add_test(tc, peeks_never_fill);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(softmmu_suite());
    int failed;

    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
