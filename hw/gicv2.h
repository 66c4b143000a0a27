/*
 * The ARM Generic Interrupt Controller v2 of the virt board: distributor
 * and CPU interfaces for up to 8 vCPUs, one security state, no
 * virtualization extensions. It knows no CPU: it drives IrqLines.
 */
#ifndef ARX_HW_GICV2_H
#define ARX_HW_GICV2_H

#include "hw/hw.h"

#define GICV2_MAX_CPUS 8
#define GICV2_MAX_IRQS 1024 /* INTIDs 1020..1023 are the special ones */
#define GICV2_SPURIOUS 1023

#define GICV2_DIST_SIZE 0x1000
#define GICV2_CPU_SIZE 0x2000

typedef struct GICv2 GICv2;

/* nirqs counts every INTID including the 32 private ones: a multiple of
 * 32, 32..1024. NULL when ncpus or nirqs is out of range. */
GICv2 *gicv2_new(int ncpus, int nirqs);
void gicv2_free(GICv2 *gic);

/*
 * The CPU's IRQ and FIQ inputs, called with the new level whenever it
 * changes. They are called with the GIC's mutex held: they must only
 * record the level and wake the vCPU, never call back into the GIC.
 */
void gicv2_connect_cpu(GICv2 *gic, int cpu, IrqLine irq, IrqLine fiq);

/* A shared peripheral interrupt's line (intid 32..nirqs-1). */
void gicv2_set_spi(GICv2 *gic, int intid, bool level);
/* The same as an IrqLine function: a device's output is
 * (IrqLine){gicv2_spi_line, gic, intid}. */
void gicv2_spi_line(void *gic, int intid, bool level);

/* A private peripheral interrupt's line (intid 16..31) of one CPU, e.g.
 * the generic timer's 27 (virtual), 30 (physical), 26 (hyp), 29 (secure). */
void gicv2_set_ppi(GICv2 *gic, int cpu, int intid, bool level);

/* Whether the CPU's IRQ (or FIQ) output is high now: for tests and for a
 * vCPU deciding whether WFI may sleep. */
bool gicv2_cpu_irq_pending(GICv2 *gic, int cpu);
bool gicv2_cpu_fiq_pending(GICv2 *gic, int cpu);

/* The register windows; opaque is the GICv2. The distributor is 4 KiB,
 * the CPU interface 8 KiB (GICC_DIR at 0x1000). */
extern const MmioOps gicv2_dist_ops;
extern const MmioOps gicv2_cpu_ops;

#endif
