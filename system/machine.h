/*
 * The machine arx-system emulates: guest RAM, the map of device windows,
 * the vCPUs and the devices of the virt board, and how it stops. One
 * machine per process. Knows no JIT internals; user mode is not linked.
 */
#ifndef ARX_SYSTEM_MACHINE_H
#define ARX_SYSTEM_MACHINE_H

#include <stdbool.h>
#include <stdint.h>

#include "hw/hw.h"

#define MACHINE_MAX_CPUS 8
#define MACHINE_MAX_MMIO 64

typedef struct MmioRegion {
    uint64_t base, size;
    const MmioOps *ops;
    void *opaque;
} MmioRegion;

struct ArmSysCPU;

typedef struct Machine {
    GuestRam ram;
    MmioRegion mmio[MACHINE_MAX_MMIO];
    int nmmio;
    int ncpus;
    struct ArmSysCPU *cpu[MACHINE_MAX_CPUS];
    struct GICv2 *gic;
    /* One bit per RAM page that translated code was read from, and per
     * RAM page an exclusive monitor was ever set on (system/exclusive.c). */
    uint8_t *code_pages;
    uint8_t *monitored_pages;
    /* Set once by PSCI SYSTEM_OFF/RESET, Ctrl-A x or a fatal guest
     * error: every vCPU leaves its loop. */
    volatile int shutdown;
    int exit_status;
} Machine;

extern Machine machine;

/* Maps a device window; overlapping windows are a bug of the board. */
void machine_map_mmio(uint64_t base, uint64_t size, const MmioOps *ops,
                      void *opaque);
/* The window holding pa, or NULL (unassigned: reads 0, writes ignored). */
const MmioRegion *machine_find_mmio(uint64_t pa);
/* Host address of the RAM page holding pa, or NULL when pa is not RAM. */
uint8_t *machine_ram_page(uint64_t pa);
/* Device accesses by vCPU cpu at physical address pa. */
uint64_t machine_mmio_read(int cpu, uint64_t pa, unsigned size);
void machine_mmio_write(int cpu, uint64_t pa, uint64_t value, unsigned size);
/* Stops the machine: every vCPU leaves, main exits with status. */
void machine_request_shutdown(int status);

/* Translated code's pages (tcg/tb.h's TBPageWatch and the SoftMMU). */
bool machine_is_code_page(uint64_t phys);
void machine_set_code_page(uint64_t phys);
void machine_clear_code_page(uint64_t phys);
bool machine_is_monitored_page(uint64_t phys);
void machine_set_monitored_page(uint64_t phys);
void machine_clear_monitored_page(uint64_t phys);

#endif
