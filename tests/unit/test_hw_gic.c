/*
 * Check suite for hw/gicv2: a two-CPU GIC with 64 INTIDs driven through
 * its register windows the way Linux's irq-gic driver does; the CPU
 * outputs are recorded by fake IrqLines. No board, no vCPU.
 */
#include <check.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>

#include "hw/gicv2.h"

#define GICD_CTLR 0x000
#define GICD_TYPER 0x004
#define GICD_IIDR 0x008
#define GICD_IGROUPR 0x080
#define GICD_ISENABLER 0x100
#define GICD_ICENABLER 0x180
#define GICD_ISPENDR 0x200
#define GICD_ICPENDR 0x280
#define GICD_ISACTIVER 0x300
#define GICD_IPRIORITYR 0x400
#define GICD_ITARGETSR 0x800
#define GICD_ICFGR 0xc00
#define GICD_SGIR 0xf00
#define GICD_CPENDSGIR 0xf10
#define GICD_SPENDSGIR 0xf20
#define GICC_CTLR 0x00
#define GICC_PMR 0x04
#define GICC_BPR 0x08
#define GICC_IAR 0x0c
#define GICC_EOIR 0x10
#define GICC_RPR 0x14
#define GICC_HPPIR 0x18
#define GICC_APR0 0xd0
#define GICC_IIDR 0xfc
#define GICC_DIR 0x1000

static int guest_errors;

void hw_guest_error(const char *fmt, ...)
{
    (void)fmt;
    guest_errors++;
}

static GICv2 *gic;
static bool irq_out[2], fiq_out[2];

static void fake_irq(void *opaque, int cpu, bool level)
{
    (void)opaque;
    irq_out[cpu] = level;
}

static void fake_fiq(void *opaque, int cpu, bool level)
{
    (void)opaque;
    fiq_out[cpu] = level;
}

static uint32_t dist_read(int cpu, uint32_t offset)
{
    return gicv2_dist_ops.read(gic, cpu, offset, 4);
}

static void dist_write(int cpu, uint32_t offset, uint32_t value)
{
    gicv2_dist_ops.write(gic, cpu, offset, value, 4);
}

static uint32_t cpu_read(int cpu, uint32_t offset)
{
    return gicv2_cpu_ops.read(gic, cpu, offset, 4);
}

static void cpu_write(int cpu, uint32_t offset, uint32_t value)
{
    gicv2_cpu_ops.write(gic, cpu, offset, value, 4);
}

/* What Linux's gic_dist_init and gic_cpu_init leave: everything group 0,
 * both interfaces on, priority mask 0xf0. */
static void setup(void)
{
    guest_errors = 0;
    gic = gicv2_new(2, 64);
    ck_assert_ptr_nonnull(gic);
    for (int cpu = 0; cpu < 2; cpu++) {
        gicv2_connect_cpu(gic, cpu, (IrqLine){fake_irq, NULL, cpu},
                          (IrqLine){fake_fiq, NULL, cpu});
        cpu_write(cpu, GICC_CTLR, 1);
        cpu_write(cpu, GICC_PMR, 0xf0);
    }
    dist_write(0, GICD_CTLR, 1);
}

static void teardown(void)
{
    gicv2_free(gic);
    gic = NULL;
}

static void set_priority(int cpu, int intid, uint8_t prio)
{
    gicv2_dist_ops.write(gic, cpu, GICD_IPRIORITYR + intid, prio, 1);
}

/* An SPI, enabled, at prio, routed to the CPUs in targets. */
static void enable_spi(int intid, uint8_t prio, uint8_t targets)
{
    set_priority(0, intid, prio);
    gicv2_dist_ops.write(gic, 0, GICD_ITARGETSR + intid, targets, 1);
    dist_write(0, GICD_ISENABLER + intid / 32 * 4, 1u << (intid % 32));
}

static bool is_active(int cpu, int intid)
{
    return dist_read(cpu, GICD_ISACTIVER + intid / 32 * 4) &
           (1u << (intid % 32));
}

START_TEST(test_identification)
{
    ck_assert_uint_eq(dist_read(0, GICD_TYPER), 0x21); /* 64 IDs, 2 CPUs */
    ck_assert_uint_eq(dist_read(0, GICD_IIDR), 0x0200043b);
    ck_assert_uint_eq(cpu_read(1, GICC_IIDR), 0x0002043b);
    ck_assert_uint_eq(dist_read(0, 0xfe8), 0x2b); /* ICPIDR2: arch v2 */
    ck_assert_uint_eq(dist_read(0, 0xff0), 0x0d);
    ck_assert_uint_eq(dist_read(0, 0xffc), 0xb1);
    ck_assert_uint_eq(dist_read(0, GICD_ICFGR), 0xaaaaaaaa);
    ck_assert_int_eq(guest_errors, 0);
    ck_assert_ptr_null(gicv2_new(9, 64));
    ck_assert_ptr_null(gicv2_new(1, 48));
}
END_TEST

START_TEST(test_spi_raise_acknowledge_eoi)
{
    enable_spi(33, 0xa0, 0x01);
    ck_assert(!irq_out[0]);
    gicv2_spi_line(gic, 33, true);
    ck_assert(irq_out[0]);
    ck_assert(!irq_out[1]);
    ck_assert(gicv2_cpu_irq_pending(gic, 0));
    ck_assert_uint_eq(cpu_read(0, GICC_HPPIR), 33);
    ck_assert_uint_eq(cpu_read(0, GICC_IAR), 33);
    ck_assert(!irq_out[0]); /* active and pending: not signalled again */
    ck_assert_uint_eq(cpu_read(0, GICC_RPR), 0xa0);
    ck_assert_uint_eq(cpu_read(0, GICC_APR0), 1u << (0xa0 >> 3));
    ck_assert(is_active(0, 33));
    gicv2_set_spi(gic, 33, false);
    cpu_write(0, GICC_EOIR, 33);
    ck_assert_uint_eq(cpu_read(0, GICC_RPR), 0xff);
    ck_assert(!is_active(0, 33));
    ck_assert(!irq_out[0]);
    ck_assert_uint_eq(cpu_read(0, GICC_IAR), 1023);
}
END_TEST

START_TEST(test_level_stays_pending_while_high)
{
    enable_spi(34, 0xa0, 0x01);
    gicv2_set_spi(gic, 34, true);
    ck_assert_uint_eq(cpu_read(0, GICC_IAR), 34);
    /* Clearing pending does not hold against a high level line. */
    dist_write(0, GICD_ICPENDR + 4, 1u << 2);
    ck_assert_uint_eq(dist_read(0, GICD_ISPENDR + 4), 1u << 2);
    cpu_write(0, GICC_EOIR, 34);
    ck_assert(irq_out[0]);
    ck_assert_uint_eq(cpu_read(0, GICC_IAR), 34);
    gicv2_set_spi(gic, 34, false);
    cpu_write(0, GICC_EOIR, 34);
    ck_assert(!irq_out[0]);
    ck_assert_uint_eq(dist_read(0, GICD_ISPENDR + 4), 0);
    ck_assert_uint_eq(cpu_read(0, GICC_IAR), 1023);
}
END_TEST

START_TEST(test_edge_latches_rising_edge)
{
    dist_write(0, GICD_ICFGR + 8, 2u << 2); /* INTID 33: edge */
    ck_assert_uint_eq(dist_read(0, GICD_ICFGR + 8), 8);
    enable_spi(33, 0xa0, 0x01);
    gicv2_set_spi(gic, 33, true);
    gicv2_set_spi(gic, 33, false);
    ck_assert(irq_out[0]); /* the pulse is latched */
    ck_assert_uint_eq(cpu_read(0, GICC_IAR), 33);
    ck_assert_uint_eq(dist_read(0, GICD_ISPENDR + 4), 0);
    /* A second edge while active: active and pending, held back. */
    gicv2_set_spi(gic, 33, true);
    ck_assert_uint_eq(dist_read(0, GICD_ISPENDR + 4), 2);
    ck_assert(!irq_out[0]);
    cpu_write(0, GICC_EOIR, 33);
    ck_assert(irq_out[0]);
    /* A high line gives no new edge: ICPENDR really clears it. */
    dist_write(0, GICD_ICPENDR + 4, 2);
    ck_assert(!irq_out[0]);
    ck_assert_uint_eq(cpu_read(0, GICC_IAR), 1023);
}
END_TEST

START_TEST(test_priority_mask)
{
    enable_spi(33, 0xa0, 0x01);
    cpu_write(0, GICC_PMR, 0xa0);
    gicv2_set_spi(gic, 33, true);
    ck_assert(!irq_out[0]); /* not higher than the mask */
    ck_assert_uint_eq(cpu_read(0, GICC_IAR), 1023);
    ck_assert_uint_eq(cpu_read(0, GICC_HPPIR), 33);
    cpu_write(0, GICC_PMR, 0xa8);
    ck_assert(irq_out[0]);
    cpu_write(0, GICC_PMR, 0);
    ck_assert(!irq_out[0]);
}
END_TEST

START_TEST(test_priority_bits_and_binary_point)
{
    set_priority(0, 40, 0xff);
    ck_assert_uint_eq(gicv2_dist_ops.read(gic, 0, GICD_IPRIORITYR + 40, 1),
                      0xf8);
    cpu_write(0, GICC_PMR, 0xff);
    ck_assert_uint_eq(cpu_read(0, GICC_PMR), 0xf8);
    cpu_write(0, GICC_BPR, 0);
    ck_assert_uint_eq(cpu_read(0, GICC_BPR), 2);
    /* A word write sets four priorities at once. */
    dist_write(0, GICD_IPRIORITYR + 44, 0x10203040);
    ck_assert_uint_eq(dist_read(0, GICD_IPRIORITYR + 44), 0x10203040);
}
END_TEST

START_TEST(test_preemption)
{
    enable_spi(33, 0xa0, 0x01);
    enable_spi(34, 0xa0, 0x01);
    enable_spi(35, 0x80, 0x01);
    enable_spi(36, 0x90, 0x01);
    gicv2_set_spi(gic, 33, true);
    ck_assert_uint_eq(cpu_read(0, GICC_IAR), 33);
    gicv2_set_spi(gic, 34, true);
    ck_assert(!irq_out[0]); /* same priority: no preemption */
    ck_assert_uint_eq(cpu_read(0, GICC_IAR), 1023);
    gicv2_set_spi(gic, 35, true);
    ck_assert(irq_out[0]);
    ck_assert_uint_eq(cpu_read(0, GICC_IAR), 35);
    ck_assert_uint_eq(cpu_read(0, GICC_RPR), 0x80);
    /* With BPR 4 the group priority is bits 7:5: 0x90 is group 0x80. */
    cpu_write(0, GICC_BPR, 4);
    gicv2_set_spi(gic, 36, true);
    ck_assert(!irq_out[0]);
    gicv2_set_spi(gic, 35, false);
    cpu_write(0, GICC_EOIR, 35);
    ck_assert_uint_eq(cpu_read(0, GICC_RPR), 0xa0);
    ck_assert(irq_out[0]); /* 0x90 preempts 0xa0 */
    ck_assert_uint_eq(cpu_read(0, GICC_IAR), 36);
    gicv2_set_spi(gic, 36, false);
    cpu_write(0, GICC_EOIR, 36);
    ck_assert(!irq_out[0]); /* 34 waits for 33 */
    gicv2_set_spi(gic, 33, false);
    cpu_write(0, GICC_EOIR, 33);
    ck_assert(irq_out[0]);
    ck_assert_uint_eq(cpu_read(0, GICC_IAR), 34);
}
END_TEST

START_TEST(test_eoimode_splits_deactivation)
{
    cpu_write(0, GICC_CTLR, 1 | 1u << 9);
    enable_spi(33, 0xa0, 0x01);
    gicv2_set_spi(gic, 33, true);
    ck_assert_uint_eq(cpu_read(0, GICC_IAR), 33);
    cpu_write(0, GICC_EOIR, 33);
    ck_assert_uint_eq(cpu_read(0, GICC_RPR), 0xff);
    ck_assert(is_active(0, 33));
    ck_assert(!irq_out[0]);
    cpu_write(0, GICC_DIR, 33);
    ck_assert(!is_active(0, 33));
    ck_assert(irq_out[0]); /* the level line is still high */
}
END_TEST

START_TEST(test_sgi_carries_source)
{
    dist_write(0, GICD_ISENABLER, 0xffff);
    dist_write(1, GICD_ISENABLER, 0xffff);
    dist_write(0, GICD_SGIR, 2u << 16 | 5); /* CPU 0 -> CPU 1, SGI 5 */
    ck_assert(irq_out[1]);
    ck_assert(!irq_out[0]);
    ck_assert_uint_eq(gicv2_dist_ops.read(gic, 1, GICD_SPENDSGIR + 5, 1), 1);
    ck_assert_uint_eq(cpu_read(1, GICC_IAR), 5);
    cpu_write(1, GICC_EOIR, 5);
    dist_write(1, GICD_SGIR, 1u << 24 | 3); /* all but self */
    ck_assert_uint_eq(cpu_read(0, GICC_IAR), 1u << 10 | 3);
    cpu_write(0, GICC_EOIR, 1u << 10 | 3);
    /* Two sources of one SGI: acknowledged one after the other. */
    dist_write(0, GICD_SGIR, 2u << 16 | 2);
    dist_write(1, GICD_SGIR, 2u << 24 | 2); /* self */
    ck_assert_uint_eq(dist_read(1, GICD_SPENDSGIR), 0x3u << 16);
    ck_assert_uint_eq(cpu_read(1, GICC_IAR), 2);
    cpu_write(1, GICC_EOIR, 2);
    ck_assert_uint_eq(cpu_read(1, GICC_IAR), 1u << 10 | 2);
    cpu_write(1, GICC_EOIR, 1u << 10 | 2);
    ck_assert_uint_eq(cpu_read(1, GICC_IAR), 1023);
    ck_assert(!irq_out[0] && !irq_out[1]);
    /* CPENDSGIR drops a source before it is taken. */
    dist_write(0, GICD_SGIR, 2u << 16 | 7);
    gicv2_dist_ops.write(gic, 1, GICD_CPENDSGIR + 7, 1, 1);
    ck_assert(!irq_out[1]);
    ck_assert_int_eq(guest_errors, 0);
}
END_TEST

START_TEST(test_ppi_is_banked)
{
    dist_write(1, GICD_ISENABLER, 1u << 27);
    ck_assert_uint_eq(dist_read(0, GICD_ISENABLER), 0);
    set_priority(0, 27, 0x10);
    set_priority(1, 27, 0x20);
    ck_assert_uint_eq(dist_read(0, GICD_IPRIORITYR + 24), 0x10u << 24);
    ck_assert_uint_eq(dist_read(1, GICD_IPRIORITYR + 24), 0x20u << 24);
    gicv2_set_ppi(gic, 1, 27, true);
    ck_assert(irq_out[1]);
    ck_assert(!irq_out[0]);
    ck_assert_uint_eq(dist_read(0, GICD_ISPENDR), 0);
    ck_assert_uint_eq(dist_read(1, GICD_ISPENDR), 1u << 27);
    gicv2_set_ppi(gic, 0, 27, true); /* CPU 0's timer, not enabled there */
    ck_assert(!irq_out[0]);
    ck_assert_uint_eq(cpu_read(1, GICC_IAR), 27);
    ck_assert_uint_eq(cpu_read(0, GICC_IAR), 1023);
    /* PPI trigger mode is writable and banked too (ICFGR1). */
    dist_write(0, GICD_ICFGR + 4, 2u << 22);
    ck_assert_uint_eq(dist_read(0, GICD_ICFGR + 4), 2u << 22);
    ck_assert_uint_eq(dist_read(1, GICD_ICFGR + 4), 0);
}
END_TEST

START_TEST(test_spurious)
{
    ck_assert_uint_eq(cpu_read(0, GICC_IAR), 1023);
    ck_assert_uint_eq(cpu_read(0, GICC_HPPIR), 1023);
    enable_spi(33, 0xa0, 0x01);
    gicv2_set_spi(gic, 33, true);
    dist_write(0, GICD_CTLR, 0); /* distributor off */
    ck_assert(!irq_out[0]);
    ck_assert_uint_eq(cpu_read(0, GICC_IAR), 1023);
    dist_write(0, GICD_CTLR, 1);
    cpu_write(0, GICC_CTLR, 0); /* CPU interface off */
    ck_assert(!irq_out[0]);
    ck_assert_uint_eq(cpu_read(0, GICC_IAR), 1023);
    cpu_write(0, GICC_CTLR, 1);
    dist_write(0, GICD_ICENABLER + 4, 2); /* disabled */
    ck_assert(!irq_out[0]);
    ck_assert_uint_eq(cpu_read(0, GICC_IAR), 1023);
    cpu_write(0, GICC_EOIR, 1023); /* ignored */
    ck_assert_int_eq(guest_errors, 0);
}
END_TEST

START_TEST(test_targets_route_to_cpu1)
{
    ck_assert_uint_eq(dist_read(0, GICD_ITARGETSR), 0x01010101);
    ck_assert_uint_eq(dist_read(1, GICD_ITARGETSR + 28), 0x02020202);
    enable_spi(40, 0xa0, 0x02);
    ck_assert_uint_eq(dist_read(0, GICD_ITARGETSR + 40), 0x02);
    gicv2_set_spi(gic, 40, true);
    ck_assert(irq_out[1]);
    ck_assert(!irq_out[0]);
    ck_assert_uint_eq(cpu_read(0, GICC_IAR), 1023);
    gicv2_dist_ops.write(gic, 0, GICD_ITARGETSR + 40, 0xff, 1);
    ck_assert_uint_eq(dist_read(0, GICD_ITARGETSR + 40), 0x03); /* 2 CPUs */
    ck_assert(irq_out[0] && irq_out[1]);
    /* 1-of-N: taken by one, gone from the other. */
    ck_assert_uint_eq(cpu_read(0, GICC_IAR), 40);
    ck_assert(!irq_out[1]);
    ck_assert_uint_eq(cpu_read(1, GICC_IAR), 1023);
}
END_TEST

START_TEST(test_groups_and_fiq)
{
    enable_spi(33, 0xa0, 0x01);
    cpu_write(0, GICC_CTLR, 1 | 1u << 3); /* FIQEn: group 0 is FIQ */
    gicv2_set_spi(gic, 33, true);
    ck_assert(fiq_out[0]);
    ck_assert(!irq_out[0]);
    ck_assert(gicv2_cpu_fiq_pending(gic, 0));
    /* Group 1 is IRQ; IAR gives 1022 for it unless AckCtl. */
    dist_write(0, GICD_IGROUPR + 4, 2);
    ck_assert(!fiq_out[0]); /* group 1 off */
    dist_write(0, GICD_CTLR, 3);
    cpu_write(0, GICC_CTLR, 3 | 1u << 3);
    ck_assert(irq_out[0]);
    ck_assert(!fiq_out[0]);
    ck_assert_uint_eq(cpu_read(0, GICC_IAR), 1022);
    cpu_write(0, GICC_CTLR, 3 | 1u << 2);
    ck_assert_uint_eq(cpu_read(0, GICC_IAR), 33);
}
END_TEST

START_TEST(test_bad_accesses_are_reported)
{
    ck_assert_uint_eq(dist_read(0, 0x00c), 0);
    ck_assert_int_eq(guest_errors, 1);
    cpu_write(0, 0x40, 1);
    ck_assert_int_eq(guest_errors, 2);
    ck_assert_uint_eq(gicv2_dist_ops.read(gic, 0, GICD_CTLR, 1), 0);
    ck_assert_int_eq(guest_errors, 3);
    ck_assert_uint_eq(dist_read(0, GICD_SGIR), 0); /* write-only */
    ck_assert_int_eq(guest_errors, 4);
    dist_write(2, GICD_CTLR, 0); /* no CPU 2 */
    ck_assert_int_eq(guest_errors, 5);
    ck_assert_uint_eq(dist_read(0, GICD_CTLR), 1);
}
END_TEST

START_TEST(test_uniprocessor)
{
    gicv2_free(gic);
    gic = gicv2_new(1, 64);
    gicv2_connect_cpu(gic, 0, (IrqLine){fake_irq, NULL, 0},
                      (IrqLine){fake_fiq, NULL, 0});
    dist_write(0, GICD_CTLR, 1);
    cpu_write(0, GICC_CTLR, 1);
    cpu_write(0, GICC_PMR, 0xf0);
    ck_assert_uint_eq(dist_read(0, GICD_TYPER), 0x01);
    ck_assert_uint_eq(dist_read(0, GICD_ITARGETSR + 4), 0x01010101);
    /* An SPI whose target was never written still reaches the CPU. */
    dist_write(0, GICD_ISENABLER + 4, 1u << 9);
    gicv2_set_spi(gic, 41, true);
    ck_assert(irq_out[0]);
    ck_assert_uint_eq(cpu_read(0, GICC_IAR), 41);
    cpu_write(0, GICC_EOIR, 41);
    gicv2_set_spi(gic, 41, false);
    /* An SGI to the mask Linux read from ITARGETSR0. */
    dist_write(0, GICD_ISENABLER, 1);
    dist_write(0, GICD_SGIR, 1u << 16 | 0);
    ck_assert_uint_eq(cpu_read(0, GICC_IAR), 0);
    ck_assert_int_eq(guest_errors, 0);
}
END_TEST

/* A device thread toggles its line while both CPUs take and end the
 * interrupt: no deadlock, and the end state is consistent. */
static int toggles_done;

static void *toggle_spi(void *arg)
{
    int intid = (int)(intptr_t)arg;
    for (int i = 0; i < 20000; i++)
        gicv2_set_spi(gic, intid, i % 2 == 0);
    __atomic_add_fetch(&toggles_done, 1, __ATOMIC_RELEASE);
    return NULL;
}

START_TEST(test_concurrent_lines)
{
    pthread_t threads[2];
    int taken = 0;

    toggles_done = 0;
    dist_write(0, GICD_ICFGR + 8, 2u << 4); /* INTID 34 edge, 33 level */
    enable_spi(33, 0xa0, 0x03);
    enable_spi(34, 0x90, 0x03);
    for (int i = 0; i < 2; i++)
        pthread_create(&threads[i], NULL, toggle_spi,
                       (void *)(intptr_t)(33 + i));
    for (int i = 0; __atomic_load_n(&toggles_done, __ATOMIC_ACQUIRE) < 2; i++) {
        int cpu = i % 2;
        uint32_t iar = cpu_read(cpu, GICC_IAR);
        if (iar == 1023)
            continue;
        ck_assert(iar == 33 || iar == 34);
        taken++;
        cpu_write(cpu, GICC_EOIR, iar);
    }
    for (int i = 0; i < 2; i++)
        pthread_join(threads[i], NULL);
    /* Both lines end low; drain the edge latch of 34. Its last edge was
     * taken in the loop or is still latched: at least one take. */
    for (uint32_t iar; (iar = cpu_read(0, GICC_IAR)) != 1023; taken++) {
        ck_assert_uint_eq(iar, 34);
        cpu_write(0, GICC_EOIR, iar);
    }
    ck_assert_int_gt(taken, 0);
    ck_assert(!irq_out[0] && !irq_out[1]);
    ck_assert_uint_eq(cpu_read(0, GICC_RPR), 0xff);
    ck_assert_uint_eq(cpu_read(1, GICC_RPR), 0xff);
    ck_assert_uint_eq(dist_read(0, GICD_ISACTIVER + 4), 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("hw_gic");
    TCase *tc = tcase_create("gicv2");
    SRunner *sr;
    int failed;

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_identification);
    tcase_add_test(tc, test_spi_raise_acknowledge_eoi);
    tcase_add_test(tc, test_level_stays_pending_while_high);
    tcase_add_test(tc, test_edge_latches_rising_edge);
    tcase_add_test(tc, test_priority_mask);
    tcase_add_test(tc, test_priority_bits_and_binary_point);
    tcase_add_test(tc, test_preemption);
    tcase_add_test(tc, test_eoimode_splits_deactivation);
    tcase_add_test(tc, test_sgi_carries_source);
    tcase_add_test(tc, test_ppi_is_banked);
    tcase_add_test(tc, test_spurious);
    tcase_add_test(tc, test_targets_route_to_cpu1);
    tcase_add_test(tc, test_groups_and_fiq);
    tcase_add_test(tc, test_bad_accesses_are_reported);
    tcase_add_test(tc, test_uniprocessor);
    tcase_add_test(tc, test_concurrent_lines);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_set_fork_status(sr, CK_NOFORK);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
