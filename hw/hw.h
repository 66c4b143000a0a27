/*
 * What every device model of arx-system is built from: MMIO callbacks,
 * interrupt lines and guest RAM for DMA. Devices know no CPU, no JIT and
 * no board; system/ wires them together.
 */
#ifndef ARX_HW_HW_H
#define ARX_HW_HW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * A device's register window. offset is from the window's base; size is
 * 1, 2, 4 or 8 and the access naturally aligned; cpu is the index of the
 * vCPU that made the access (banked registers, e.g. the GIC's). A read of
 * an unimplemented register returns 0, a write is ignored: each device
 * reports such accesses with hw_guest_error. Callbacks run on the vCPU's
 * thread, several vCPUs at once: a device guards its own state.
 */
typedef struct MmioOps {
    uint64_t (*read)(void *opaque, int cpu, uint64_t offset, unsigned size);
    void (*write)(void *opaque, int cpu, uint64_t offset, uint64_t value,
                  unsigned size);
} MmioOps;

/* An interrupt output: fn(opaque, line, level) on every change. Level
 * sensitive: a device calls it with the current level, repeats harmless. */
typedef struct IrqLine {
    void (*fn)(void *opaque, int line, bool level);
    void *opaque;
    int line;
} IrqLine;

static inline void irq_set(IrqLine irq, bool level)
{
    if (irq.fn)
        irq.fn(irq.opaque, irq.line, level);
}

/*
 * Guest RAM as devices doing DMA see it: one contiguous block of host
 * memory at guest physical address base. written, when set, is told of
 * every range a device wrote (translated code there must be dropped).
 */
typedef struct GuestRam {
    uint8_t *host;
    uint64_t base;
    uint64_t size;
    void (*written)(void *opaque, uint64_t pa, uint64_t len);
    void *opaque;
} GuestRam;

/* The host address of [pa, pa + len) when it lies wholly inside RAM, else
 * NULL (the device then reports a guest error). */
static inline void *guest_ram_ptr(const GuestRam *ram, uint64_t pa,
                                  uint64_t len)
{
    if (pa < ram->base || len > ram->size || pa - ram->base > ram->size - len)
        return NULL;
    return ram->host + (pa - ram->base);
}

/* After a device wrote [pa, pa + len) through guest_ram_ptr. */
static inline void guest_ram_written(const GuestRam *ram, uint64_t pa,
                                     uint64_t len)
{
    if (ram->written)
        ram->written(ram->opaque, pa, len);
}

/*
 * -d guest_errors: the guest used a device wrongly (unimplemented
 * register, bad descriptor). printf-style, one line, to arx's log; a no-op
 * unless the log item is on. Defined by the program (system/).
 */
void hw_guest_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
