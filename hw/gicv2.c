/*
 * GICv2 core: interrupt lines, the choice of the highest priority pending
 * interrupt, the IRQ/FIQ outputs and the CPU interface registers. The
 * distributor's registers are in gicv2_dist.c; neither knows a board.
 */
#include <stdlib.h>

#include "hw/gicv2_state.h"

#define GICC_IIDR_VALUE 0x0002043bu /* as an ARM GIC-400 reports */
#define GIC_INTID_MASK 0x3ffu
#define GIC_NO_GROUP1_ACK 1022

GICv2 *gicv2_new(int ncpus, int nirqs)
{
    if (ncpus < 1 || ncpus > GICV2_MAX_CPUS || nirqs < GIC_NR_PRIVATE ||
        nirqs > GICV2_MAX_IRQS || nirqs % 32)
        return NULL;
    GICv2 *gic = calloc(1, sizeof(*gic));
    if (!gic)
        return NULL;
    pthread_mutex_init(&gic->lock, NULL);
    gic->ncpus = ncpus;
    gic->nirqs = nirqs;
    for (int i = 0; i < ncpus; i++) {
        GicCpu *c = &gic->cpu[i];
        c->banked.edge = 0xffff; /* SGIs are always edge-triggered */
        c->bpr = GIC_MIN_BPR;
        c->abpr = GIC_MIN_BPR + 1;
    }
    return gic;
}

void gicv2_free(GICv2 *gic)
{
    if (!gic)
        return;
    pthread_mutex_destroy(&gic->lock);
    free(gic);
}

void gicv2_connect_cpu(GICv2 *gic, int cpu, IrqLine irq, IrqLine fiq)
{
    pthread_mutex_lock(&gic->lock);
    gic->cpu[cpu].irq = irq;
    gic->cpu[cpu].fiq = fiq;
    gic->cpu[cpu].irq_level = false;
    gic->cpu[cpu].fiq_level = false;
    irq_set(irq, false);
    irq_set(fiq, false);
    gic_update(gic);
    pthread_mutex_unlock(&gic->lock);
}

/* A line of the state word w changed to level; edges latch pending. */
static void gic_set_line(GICv2 *gic, GicWord *w, uint32_t bit, bool level)
{
    if (!(w->level & bit) == !level)
        return;
    if (level) {
        w->level |= bit;
        if (w->edge & bit)
            w->pending |= bit;
    } else {
        w->level &= ~bit;
    }
    gic_update(gic);
}

void gicv2_set_spi(GICv2 *gic, int intid, bool level)
{
    if (intid < GIC_NR_PRIVATE || intid >= gic->nirqs) {
        hw_guest_error("gicv2: SPI %d out of range", intid);
        return;
    }
    pthread_mutex_lock(&gic->lock);
    gic_set_line(gic, &gic->spi[intid / 32], 1u << (intid % 32), level);
    pthread_mutex_unlock(&gic->lock);
}

void gicv2_spi_line(void *gic, int intid, bool level)
{
    gicv2_set_spi(gic, intid, level);
}

void gicv2_set_ppi(GICv2 *gic, int cpu, int intid, bool level)
{
    if (cpu < 0 || cpu >= gic->ncpus || intid < GIC_NR_SGIS ||
        intid >= GIC_NR_PRIVATE) {
        hw_guest_error("gicv2: PPI %d of CPU %d out of range", intid, cpu);
        return;
    }
    pthread_mutex_lock(&gic->lock);
    gic_set_line(gic, &gic->cpu[cpu].banked, 1u << intid, level);
    pthread_mutex_unlock(&gic->lock);
}

static bool gic_is_group1(GICv2 *gic, int cpu, int intid)
{
    return gic_word(gic, cpu, intid / 32)->group & (1u << (intid % 32));
}

/* The priority bits that decide preemption, as the binary point says
 * (GICv2 "group priority"); ABPR counts one more than BPR. */
static unsigned gic_group_priority(const GicCpu *c, bool group1, unsigned prio)
{
    unsigned bpr = c->bpr;
    if (group1 && !(c->ctlr & GICC_CTLR_CBPR))
        bpr = c->abpr - 1;
    return prio & (0xffu << (bpr + 1)) & 0xffu;
}

static unsigned gic_running_priority(const GicCpu *c)
{
    if (!c->apr)
        return GIC_IDLE_PRIORITY;
    return (unsigned)__builtin_ctz(c->apr) << GIC_PRIORITY_SHIFT;
}

/* Of the groups in the mask (bit 0: group 0, bit 1: group 1), the INTIDs
 * of a word's group bits. */
static uint32_t gic_group_filter(uint32_t group, uint32_t groups)
{
    return ((groups & 1) ? ~group : 0) | ((groups & 2) ? group : 0);
}

/* With one CPU every SPI goes to it, whatever ITARGETSR says. */
static bool gic_targets_cpu(GICv2 *gic, int intid, int cpu)
{
    return gic->ncpus == 1 || (gic->targets[intid] & (1u << cpu));
}

/* The highest priority pending, enabled, inactive interrupt forwarded to
 * cpu of the given groups (lowest INTID on a tie), or GICV2_SPURIOUS. */
static int gic_best_pending(GICv2 *gic, int cpu, uint32_t groups)
{
    int best = GICV2_SPURIOUS;
    unsigned best_prio = 0x100;

    for (int n = 0; n < gic->nirqs / 32; n++) {
        GicWord *w = gic_word(gic, cpu, n);
        uint32_t todo = w->enabled & gic_word_pending(w) & ~w->active &
                        gic_group_filter(w->group, groups);
        while (todo) {
            int intid = n * 32 + __builtin_ctz(todo);
            todo &= todo - 1;
            if (n > 0 && !gic_targets_cpu(gic, intid, cpu))
                continue;
            unsigned prio = *gic_priority(gic, cpu, intid);
            if (prio < best_prio) {
                best_prio = prio;
                best = intid;
            }
        }
    }
    return best;
}

/* The groups both the distributor and this CPU interface forward. */
static uint32_t gic_enabled_groups(GICv2 *gic, int cpu)
{
    return gic->ctlr & gic->cpu[cpu].ctlr & 3;
}

/* Above the priority mask and above the running priority. */
static bool gic_can_signal(GICv2 *gic, int cpu, int intid)
{
    GicCpu *c = &gic->cpu[cpu];
    unsigned prio = *gic_priority(gic, cpu, intid);
    bool group1 = gic_is_group1(gic, cpu, intid);
    return prio < c->pmr &&
           gic_group_priority(c, group1, prio) < gic_running_priority(c);
}

static void gic_update_cpu(GICv2 *gic, int cpu)
{
    GicCpu *c = &gic->cpu[cpu];
    int intid = gic_best_pending(gic, cpu, gic_enabled_groups(gic, cpu));
    bool irq = false, fiq = false;

    if (intid != GICV2_SPURIOUS && gic_can_signal(gic, cpu, intid)) {
        if (!gic_is_group1(gic, cpu, intid) && (c->ctlr & GICC_CTLR_FIQEN))
            fiq = true;
        else
            irq = true;
    }
    if (irq != c->irq_level) {
        c->irq_level = irq;
        irq_set(c->irq, irq);
    }
    if (fiq != c->fiq_level) {
        c->fiq_level = fiq;
        irq_set(c->fiq, fiq);
    }
}

void gic_update(GICv2 *gic)
{
    for (int cpu = 0; cpu < gic->ncpus; cpu++)
        gic_update_cpu(gic, cpu);
}

bool gicv2_cpu_irq_pending(GICv2 *gic, int cpu)
{
    pthread_mutex_lock(&gic->lock);
    bool level = gic->cpu[cpu].irq_level;
    pthread_mutex_unlock(&gic->lock);
    return level;
}

bool gicv2_cpu_fiq_pending(GICv2 *gic, int cpu)
{
    pthread_mutex_lock(&gic->lock);
    bool level = gic->cpu[cpu].fiq_level;
    pthread_mutex_unlock(&gic->lock);
    return level;
}

/* The IAR/HPPIR value of intid: SGIs carry their lowest source CPU. */
static uint32_t gic_iar_value(GICv2 *gic, int cpu, int intid)
{
    if (intid >= GIC_NR_SGIS)
        return intid;
    unsigned source = __builtin_ctz(gic->cpu[cpu].sgi_sources[intid]);
    return intid | source << 10;
}

/* GICC_HPPIR (group1_only: GICC_AHPPIR). */
static uint32_t gic_highest_pending(GICv2 *gic, int cpu, bool group1_only)
{
    uint32_t groups = gic_enabled_groups(gic, cpu) & (group1_only ? 2 : 3);
    int intid = gic_best_pending(gic, cpu, groups);

    if (intid == GICV2_SPURIOUS)
        return GICV2_SPURIOUS;
    if (!group1_only && gic_is_group1(gic, cpu, intid) &&
        !(gic->cpu[cpu].ctlr & GICC_CTLR_ACKCTL))
        return GIC_NO_GROUP1_ACK;
    return gic_iar_value(gic, cpu, intid);
}

/* GICC_IAR (group1_only: GICC_AIAR): pending becomes active, its group
 * priority becomes the running priority. */
static uint32_t gic_acknowledge(GICv2 *gic, int cpu, bool group1_only)
{
    GicCpu *c = &gic->cpu[cpu];
    uint32_t groups = gic_enabled_groups(gic, cpu) & (group1_only ? 2 : 3);
    int intid = gic_best_pending(gic, cpu, groups);

    if (intid == GICV2_SPURIOUS || !gic_can_signal(gic, cpu, intid))
        return GICV2_SPURIOUS;
    bool group1 = gic_is_group1(gic, cpu, intid);
    if (group1 && !group1_only && !(c->ctlr & GICC_CTLR_ACKCTL))
        return GIC_NO_GROUP1_ACK;

    uint32_t value = gic_iar_value(gic, cpu, intid);
    GicWord *w = gic_word(gic, cpu, intid / 32);
    uint32_t bit = 1u << (intid % 32);
    if (intid < GIC_NR_SGIS) {
        c->sgi_sources[intid] &= ~(1u << (value >> 10));
        if (!c->sgi_sources[intid])
            w->pending &= ~bit;
    } else {
        w->pending &= ~bit;
    }
    w->active |= bit;
    unsigned prio = *gic_priority(gic, cpu, intid);
    c->apr |= 1u << (gic_group_priority(c, group1, prio) >> GIC_PRIORITY_SHIFT);
    gic_update(gic);
    return value;
}

/* The caller re-evaluates the outputs. */
static void gic_deactivate(GICv2 *gic, int cpu, uint32_t value)
{
    unsigned intid = value & GIC_INTID_MASK;
    if (intid >= (unsigned)gic->nirqs) {
        if (intid < 1020)
            hw_guest_error("gicv2: deactivate of INTID %u", intid);
        return;
    }
    gic_word(gic, cpu, intid / 32)->active &= ~(1u << (intid % 32));
}

/* GICC_EOIR: drop the highest active priority; deactivate too unless
 * EOImode splits the two (then GICC_DIR deactivates). */
static void gic_end_of_interrupt(GICv2 *gic, int cpu, uint32_t value)
{
    GicCpu *c = &gic->cpu[cpu];
    unsigned intid = value & GIC_INTID_MASK;

    if (intid >= 1020)
        return; /* special INTIDs: ignored */
    c->apr &= c->apr - 1;
    if (!(c->ctlr & GICC_CTLR_EOIMODE))
        gic_deactivate(gic, cpu, value);
}

static uint32_t gic_cpu_read_locked(GICv2 *gic, int cpu, uint64_t offset)
{
    GicCpu *c = &gic->cpu[cpu];

    switch (offset) {
    case 0x00: return c->ctlr;
    case 0x04: return c->pmr;
    case 0x08: return c->bpr;
    case 0x0c: return gic_acknowledge(gic, cpu, false);
    case 0x14: return gic_running_priority(c);
    case 0x18: return gic_highest_pending(gic, cpu, false);
    case 0x1c: return c->abpr;
    case 0x20: return gic_acknowledge(gic, cpu, true);
    case 0x28: return gic_highest_pending(gic, cpu, true);
    case 0xd0: return c->apr;
    case 0xd4 ... 0xec: return 0; /* APR1-3, NSAPR0-3: none here */
    case 0xfc: return GICC_IIDR_VALUE;
    }
    hw_guest_error("gicv2: read of GICC offset 0x%llx",
                   (unsigned long long)offset);
    return 0;
}

static void gic_cpu_write_locked(GICv2 *gic, int cpu, uint64_t offset,
                                 uint32_t value)
{
    GicCpu *c = &gic->cpu[cpu];

    switch (offset) {
    case 0x00: c->ctlr = value & GICC_CTLR_MASK; break;
    case 0x04: c->pmr = value & GIC_PRIORITY_MASK; break;
    case 0x08:
        c->bpr = (value & 7) < GIC_MIN_BPR ? GIC_MIN_BPR : (value & 7);
        break;
    case 0x10: gic_end_of_interrupt(gic, cpu, value); break;
    case 0x1c:
        c->abpr = (value & 7) < GIC_MIN_BPR + 1 ? GIC_MIN_BPR + 1 : value & 7;
        break;
    case 0x24: gic_end_of_interrupt(gic, cpu, value); break;
    case 0xd0: c->apr = value; break;
    case 0xd4 ... 0xec: break;
    case 0x1000: gic_deactivate(gic, cpu, value); break;
    default:
        hw_guest_error("gicv2: write of GICC offset 0x%llx",
                       (unsigned long long)offset);
        return;
    }
    gic_update(gic);
}

static bool gic_cpu_access_ok(GICv2 *gic, int cpu, uint64_t offset,
                              unsigned size)
{
    if (cpu < 0 || cpu >= gic->ncpus) {
        hw_guest_error("gicv2: GICC access by CPU %d", cpu);
        return false;
    }
    if (size != 4) {
        hw_guest_error("gicv2: %u-byte GICC access at 0x%llx", size,
                       (unsigned long long)offset);
        return false;
    }
    return true;
}

static uint64_t gic_cpu_read(void *opaque, int cpu, uint64_t offset,
                             unsigned size)
{
    GICv2 *gic = opaque;
    if (!gic_cpu_access_ok(gic, cpu, offset, size))
        return 0;
    pthread_mutex_lock(&gic->lock);
    uint32_t value = gic_cpu_read_locked(gic, cpu, offset);
    pthread_mutex_unlock(&gic->lock);
    return value;
}

static void gic_cpu_write(void *opaque, int cpu, uint64_t offset,
                          uint64_t value, unsigned size)
{
    GICv2 *gic = opaque;
    if (!gic_cpu_access_ok(gic, cpu, offset, size))
        return;
    pthread_mutex_lock(&gic->lock);
    gic_cpu_write_locked(gic, cpu, offset, (uint32_t)value);
    pthread_mutex_unlock(&gic->lock);
}

const MmioOps gicv2_cpu_ops = {.read = gic_cpu_read, .write = gic_cpu_write};
