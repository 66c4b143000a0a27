/*
 * The ARM PrimeCell UART PL011 (r1p5) of the virt board: a console with
 * 32-entry FIFOs and no bit timing. It knows no terminal: bytes leave
 * through out() and arrive through pl011_receive().
 */
#ifndef ARX_HW_PL011_H
#define ARX_HW_PL011_H

#include "hw/hw.h"

#define PL011_SIZE 0x1000
#define PL011_FIFO_DEPTH 32

typedef struct PL011 PL011;

/*
 * out(out_opaque, buf, len) is called on each byte the guest transmits,
 * on the vCPU's thread and with the UART's mutex held (it keeps the
 * order of bytes from several vCPUs): it must not call back into the
 * UART. irq is the UART's interrupt output (UARTINTR).
 */
PL011 *pl011_new(IrqLine irq,
                 void (*out)(void *opaque, const uint8_t *buf, size_t len),
                 void *out_opaque);
void pl011_free(PL011 *u);

/* Free room in the receive FIFO (32 deep, or 1 with FIFOs off). */
size_t pl011_can_receive(PL011 *u);
/* Bytes from the console (any thread); those past the free room are
 * lost as an overrun. */
void pl011_receive(PL011 *u, const uint8_t *buf, size_t len);

/* The register window; opaque is the PL011. */
extern const MmioOps pl011_ops;

#endif
