/*
 * The GICv2's state, shared by its core (gicv2.c: lines, priorities, the
 * CPU interface) and its distributor registers (gicv2_dist.c). Not for
 * use outside the GIC: the board sees only hw/gicv2.h.
 */
#ifndef ARX_HW_GICV2_STATE_H
#define ARX_HW_GICV2_STATE_H

#include <pthread.h>

#include "hw/gicv2.h"

#define GIC_WORDS (GICV2_MAX_IRQS / 32)
#define GIC_NR_SGIS 16
#define GIC_NR_PRIVATE 32

/*
 * Implemented priority bits: 5, as a GIC-400 (32 levels). The minimum
 * binary point is then 2 for group 0 and 3 for group 1, and one active
 * priority bit in GICC_APR0 stands for each of the 32 levels.
 */
#define GIC_PRIORITY_MASK 0xf8
#define GIC_PRIORITY_SHIFT 3
#define GIC_MIN_BPR 2
#define GIC_IDLE_PRIORITY 0xff

/* GICD_CTLR and GICC_CTLR bits used here. */
#define GICD_CTLR_MASK 0x3u
#define GICC_CTLR_GRP0 (1u << 0)
#define GICC_CTLR_GRP1 (1u << 1)
#define GICC_CTLR_ACKCTL (1u << 2)
#define GICC_CTLR_FIQEN (1u << 3)
#define GICC_CTLR_CBPR (1u << 4)
#define GICC_CTLR_EOIMODE (1u << 9) /* split priority drop / deactivate */
#define GICC_CTLR_MASK 0x3ffu

/* The state bits of 32 INTIDs. pending is the latch (edge seen, SPENDR,
 * SGI); a level-sensitive interrupt is also pending while level is set. */
typedef struct GicWord {
    uint32_t enabled;
    uint32_t pending;
    uint32_t level;
    uint32_t edge; /* ICFGR Int_config[1]: 1 = edge-triggered */
    uint32_t active;
    uint32_t group;
} GicWord;

/* What one CPU has of its own: the banked INTIDs 0-31 and its interface. */
typedef struct GicCpu {
    GicWord banked;
    uint8_t priority[GIC_NR_PRIVATE];
    uint8_t sgi_sources[GIC_NR_SGIS]; /* pending SGI n from CPU bit k */
    IrqLine irq, fiq;
    bool irq_level, fiq_level;
    uint32_t ctlr;
    uint32_t pmr;
    uint32_t bpr;  /* group 0 (and group 1 when CBPR) */
    uint32_t abpr; /* group 1 */
    uint32_t apr;  /* active priorities: bit n = group priority n << 3 */
} GicCpu;

struct GICv2 {
    pthread_mutex_t lock;
    int ncpus;
    int nirqs;
    uint32_t ctlr;
    GicWord spi[GIC_WORDS]; /* [0] unused: INTIDs 0-31 are banked */
    uint8_t priority[GICV2_MAX_IRQS];
    uint8_t targets[GICV2_MAX_IRQS];
    GicCpu cpu[GICV2_MAX_CPUS];
};

/* The state word of INTIDs 32 * n .. 32 * n + 31 as seen by cpu. */
static inline GicWord *gic_word(GICv2 *gic, int cpu, int n)
{
    return n == 0 ? &gic->cpu[cpu].banked : &gic->spi[n];
}

static inline uint8_t *gic_priority(GICv2 *gic, int cpu, int intid)
{
    return intid < GIC_NR_PRIVATE ? &gic->cpu[cpu].priority[intid]
                                  : &gic->priority[intid];
}

/* Pending as the distributor reports it: latched, or a level-sensitive
 * line held high. */
static inline uint32_t gic_word_pending(const GicWord *w)
{
    return w->pending | (w->level & ~w->edge);
}

/* Re-evaluates every CPU's IRQ and FIQ outputs; call with the lock held
 * after any state change. */
void gic_update(GICv2 *gic);

#endif
