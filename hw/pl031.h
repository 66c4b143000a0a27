/*
 * The ARM PrimeCell RTC PL031 of the virt board: a seconds counter that
 * follows the host's wall clock. It has no timer of its own: the match
 * interrupt is evaluated when the guest touches a register.
 */
#ifndef ARX_HW_PL031_H
#define ARX_HW_PL031_H

#include "hw/hw.h"

#define PL031_SIZE 0x1000

typedef struct PL031 PL031;

/* irq is the RTC's interrupt output (RTCINTR). */
PL031 *pl031_new(IrqLine irq);
void pl031_free(PL031 *rtc);

/* Tests replace the wall clock (time(NULL)) by their own. */
void pl031_set_clock(PL031 *rtc, uint64_t (*now)(void));

/* The register window; opaque is the PL031. */
extern const MmioOps pl031_ops;

#endif
