/*
 * GICv2 distributor registers (GICD_*): enables, pending, active, groups,
 * priorities, targets, trigger modes, SGIs and the ID registers. It only
 * edits state under the GIC's lock; gicv2.c decides what is signalled.
 */
#include "hw/gicv2_state.h"

#define GICD_IIDR_VALUE 0x0200043bu /* GIC-400 */

/* GICD_PIDR4-7, PIDR0-3, CIDR0-3 at 0xfd0..0xffc: a GIC-400, arch v2. */
static const uint8_t gicd_id_regs[12] = {0x04, 0x00, 0x00, 0x00, 0x90, 0xb4,
                                         0x2b, 0x00, 0x0d, 0xf0, 0x05, 0xb1};

static uint32_t gicd_cpu_mask(GICv2 *gic)
{
    return (1u << gic->ncpus) - 1;
}

static void gicd_set_sgi_sources(GICv2 *gic, int cpu, int sgi, uint8_t sources)
{
    GicCpu *c = &gic->cpu[cpu];
    c->sgi_sources[sgi] = sources;
    if (sources)
        c->banked.pending |= 1u << sgi;
    else
        c->banked.pending &= ~(1u << sgi);
}

/* GICD_SGIR: SGI sgi from cpu to the CPUs TargetListFilter selects. */
static void gicd_send_sgi(GICv2 *gic, int cpu, uint32_t value)
{
    int sgi = value & 0xf;
    uint32_t targets;

    switch ((value >> 24) & 3) {
    case 0: targets = (value >> 16) & 0xff; break;
    case 1: targets = ~(1u << cpu); break;
    case 2: targets = 1u << cpu; break;
    default: hw_guest_error("gicv2: GICD_SGIR filter 3"); return;
    }
    targets &= gicd_cpu_mask(gic);
    for (int t = 0; t < gic->ncpus; t++)
        if (targets & (1u << t))
            gicd_set_sgi_sources(gic, t, sgi,
                                 gic->cpu[t].sgi_sources[sgi] | 1u << cpu);
}

/* The banks of one bit per INTID, 0x080..0x3fc: group, (set|clear)
 * enable, pending, active. Words past ITLinesNumber are RAZ/WI. */
static uint32_t gicd_read_bits(GICv2 *gic, int cpu, uint32_t offset)
{
    int n = (offset & 0x7f) / 4;
    if (n >= gic->nirqs / 32)
        return 0;
    GicWord *w = gic_word(gic, cpu, n);
    switch (offset >> 7) {
    case 1: return w->group;
    case 2:
    case 3: return w->enabled;
    case 4:
    case 5: return gic_word_pending(w);
    default: return w->active;
    }
}

static void gicd_write_bits(GICv2 *gic, int cpu, uint32_t offset,
                            uint32_t value)
{
    int n = (offset & 0x7f) / 4;
    if (n >= gic->nirqs / 32)
        return;
    GicWord *w = gic_word(gic, cpu, n);
    uint32_t settable = n == 0 ? 0xffff0000u : ~0u; /* SGIs: GICD_SPENDSGIR */
    switch (offset >> 7) {
    case 1: w->group = value; break;
    case 2: w->enabled |= value; break;
    case 3: w->enabled &= ~value; break;
    case 4: w->pending |= value & settable; break;
    case 5: w->pending &= ~(value & settable); break;
    case 6: w->active |= value; break;
    default: w->active &= ~value; break;
    }
}

/* GICD_ICFGRn: Int_config[1] (bit 2i+1) of 16 INTIDs; SGIs are edge and
 * read-only. */
static uint32_t gicd_read_config(GICv2 *gic, int cpu, int n)
{
    if (n >= gic->nirqs / 16)
        return 0;
    uint32_t edge = gic_word(gic, cpu, n / 2)->edge >> (16 * (n % 2));
    uint32_t value = 0;
    for (int i = 0; i < 16; i++)
        if (edge & (1u << i))
            value |= 2u << (2 * i);
    return value;
}

static void gicd_write_config(GICv2 *gic, int cpu, int n, uint32_t value)
{
    if (n == 0 || n >= gic->nirqs / 16)
        return;
    uint32_t edge = 0;
    for (int i = 0; i < 16; i++)
        if (value & (2u << (2 * i)))
            edge |= 1u << i;
    GicWord *w = gic_word(gic, cpu, n / 2);
    int shift = 16 * (n % 2);
    w->edge = (w->edge & ~(0xffffu << shift)) | edge << shift;
}

/* Byte-accessible registers: IPRIORITYR, ITARGETSR, C/SPENDSGIR. */
static bool gicd_is_byte_reg(uint32_t offset)
{
    return (offset >= 0x400 && offset < 0xc00) ||
           (offset >= 0xf10 && offset < 0xf30);
}

static uint8_t gicd_read_byte(GICv2 *gic, int cpu, uint32_t offset)
{
    if (offset >= 0xf10) /* GICD_CPENDSGIR, GICD_SPENDSGIR */
        return gic->cpu[cpu].sgi_sources[(offset - 0xf10) % 16];
    int intid = (offset - 0x400) % 0x400;
    if (intid >= gic->nirqs)
        return 0;
    if (offset < 0x800)
        return *gic_priority(gic, cpu, intid);
    /* Even with one CPU the banked bytes read as its mask (the spec allows
     * RAZ): Linux takes its SGI target list from them. */
    return intid < GIC_NR_PRIVATE ? 1u << cpu : gic->targets[intid];
}

static void gicd_write_byte(GICv2 *gic, int cpu, uint32_t offset, uint8_t value)
{
    if (offset >= 0xf10) {
        int sgi = (offset - 0xf10) % 16;
        uint8_t sources = gic->cpu[cpu].sgi_sources[sgi];
        if (offset < 0xf20)
            sources &= ~value;
        else
            sources |= value & gicd_cpu_mask(gic);
        gicd_set_sgi_sources(gic, cpu, sgi, sources);
        return;
    }
    int intid = (offset - 0x400) % 0x400;
    if (intid >= gic->nirqs)
        return;
    if (offset < 0x800)
        *gic_priority(gic, cpu, intid) = value & GIC_PRIORITY_MASK;
    else if (intid >= GIC_NR_PRIVATE)
        gic->targets[intid] = value & gicd_cpu_mask(gic);
}

static uint32_t gicd_read_word(GICv2 *gic, int cpu, uint32_t offset)
{
    switch (offset) {
    case 0x000: return gic->ctlr;
    case 0x004: return (gic->nirqs / 32 - 1) | (gic->ncpus - 1) << 5;
    case 0x008: return GICD_IIDR_VALUE;
    case 0x080 ... 0x3fc: return gicd_read_bits(gic, cpu, offset);
    case 0xc00 ... 0xcfc:
        return gicd_read_config(gic, cpu, (offset - 0xc00) / 4);
    case 0xe00 ... 0xefc: return 0; /* NSACR: no security extensions */
    case 0xfd0 ... 0xffc: return gicd_id_regs[(offset - 0xfd0) / 4];
    }
    hw_guest_error("gicv2: read of GICD offset 0x%x", offset);
    return 0;
}

static void gicd_write_word(GICv2 *gic, int cpu, uint32_t offset,
                            uint32_t value)
{
    switch (offset) {
    case 0x000: gic->ctlr = value & GICD_CTLR_MASK; break;
    case 0x080 ... 0x3fc: gicd_write_bits(gic, cpu, offset, value); break;
    case 0xc00 ... 0xcfc:
        gicd_write_config(gic, cpu, (offset - 0xc00) / 4, value);
        break;
    case 0xe00 ... 0xefc: break;
    case 0xf00: gicd_send_sgi(gic, cpu, value); break;
    default: hw_guest_error("gicv2: write of GICD offset 0x%x", offset); break;
    }
}

static bool gicd_access_ok(GICv2 *gic, int cpu, uint64_t offset, unsigned size)
{
    if (cpu < 0 || cpu >= gic->ncpus) {
        hw_guest_error("gicv2: GICD access by CPU %d", cpu);
        return false;
    }
    if (offset >= GICV2_DIST_SIZE ||
        (size != 4 && !(size < 4 && gicd_is_byte_reg(offset)))) {
        hw_guest_error("gicv2: %u-byte GICD access at 0x%llx", size,
                       (unsigned long long)offset);
        return false;
    }
    return true;
}

static uint64_t gicd_read(void *opaque, int cpu, uint64_t offset, unsigned size)
{
    GICv2 *gic = opaque;
    uint32_t value = 0;

    if (!gicd_access_ok(gic, cpu, offset, size))
        return 0;
    pthread_mutex_lock(&gic->lock);
    if (gicd_is_byte_reg(offset)) {
        for (unsigned i = 0; i < size; i++)
            value |= (uint32_t)gicd_read_byte(gic, cpu, offset + i) << 8 * i;
    } else {
        value = gicd_read_word(gic, cpu, offset);
    }
    pthread_mutex_unlock(&gic->lock);
    return value;
}

static void gicd_write(void *opaque, int cpu, uint64_t offset, uint64_t value,
                       unsigned size)
{
    GICv2 *gic = opaque;

    if (!gicd_access_ok(gic, cpu, offset, size))
        return;
    pthread_mutex_lock(&gic->lock);
    if (gicd_is_byte_reg(offset)) {
        for (unsigned i = 0; i < size; i++)
            gicd_write_byte(gic, cpu, offset + i, value >> 8 * i);
    } else {
        gicd_write_word(gic, cpu, offset, value);
    }
    gic_update(gic);
    pthread_mutex_unlock(&gic->lock);
}

const MmioOps gicv2_dist_ops = {.read = gicd_read, .write = gicd_write};
