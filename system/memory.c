/*
 * The physical address space of arx-system: one block of RAM and a sorted
 * list of device windows, and the bitmap of RAM pages that hold
 * translated code. Lookups take no lock: the map is fixed before any vCPU
 * runs.
 */
#include "system/machine.h"

#include <stdlib.h>

#include "tcg/guest_mem.h"
#include "util/log.h"
#include "system/vcpu.h"

Machine machine;

void machine_map_mmio(uint64_t base, uint64_t size, const MmioOps *ops,
                      void *opaque)
{
    MmioRegion *r;

    if (machine.nmmio == MACHINE_MAX_MMIO)
        arx_fatal("too many device windows");
    r = &machine.mmio[machine.nmmio++];
    r->base = base;
    r->size = size;
    r->ops = ops;
    r->opaque = opaque;
}

const MmioRegion *machine_find_mmio(uint64_t pa)
{
    for (int i = 0; i < machine.nmmio; i++) {
        const MmioRegion *r = &machine.mmio[i];
        if (pa >= r->base && pa - r->base < r->size)
            return r;
    }
    return NULL;
}

uint8_t *machine_ram_page(uint64_t pa)
{
    return guest_ram_ptr(&machine.ram, pa & ~(GUEST_PAGE_SIZE - 1),
                         GUEST_PAGE_SIZE);
}

uint64_t machine_mmio_read(int cpu, uint64_t pa, unsigned size)
{
    const MmioRegion *r = machine_find_mmio(pa);

    if (!r) {
        hw_guest_error("read of %u bytes at unassigned 0x%llx", size,
                       (unsigned long long)pa);
        return 0;
    }
    return r->ops->read(r->opaque, cpu, pa - r->base, size);
}

void machine_mmio_write(int cpu, uint64_t pa, uint64_t value, unsigned size)
{
    const MmioRegion *r = machine_find_mmio(pa);

    if (!r) {
        hw_guest_error("write of %u bytes at unassigned 0x%llx", size,
                       (unsigned long long)pa);
        return;
    }
    r->ops->write(r->opaque, cpu, pa - r->base, value, size);
}

void machine_request_shutdown(int status)
{
    if (__atomic_exchange_n(&machine.shutdown, 1, __ATOMIC_SEQ_CST))
        return;
    machine.exit_status = status;
    for (int i = 0; i < machine.ncpus; i++)
        vcpu_kick(machine.cpu[i]);
}

static uint64_t page_index(uint64_t phys)
{
    return (phys - machine.ram.base) / GUEST_PAGE_SIZE;
}

static bool in_ram(uint64_t phys)
{
    return phys >= machine.ram.base &&
           phys - machine.ram.base < machine.ram.size;
}

static bool bit_get(const uint8_t *map, uint64_t phys)
{
    uint64_t i = page_index(phys);

    return in_ram(phys) &&
           (__atomic_load_n(&map[i / 8], __ATOMIC_RELAXED) >> (i % 8)) & 1;
}

static void bit_set(uint8_t *map, uint64_t phys)
{
    uint64_t i = page_index(phys);

    if (in_ram(phys))
        __atomic_fetch_or(&map[i / 8], (uint8_t)(1u << (i % 8)),
                          __ATOMIC_SEQ_CST);
}

bool machine_is_code_page(uint64_t phys)
{
    return bit_get(machine.code_pages, phys);
}

void machine_set_code_page(uint64_t phys)
{
    bit_set(machine.code_pages, phys);
}

static void bit_clear(uint8_t *map, uint64_t phys)
{
    uint64_t i = page_index(phys);

    if (in_ram(phys))
        __atomic_fetch_and(&map[i / 8], (uint8_t) ~(1u << (i % 8)),
                           __ATOMIC_SEQ_CST);
}

void machine_clear_code_page(uint64_t phys)
{
    bit_clear(machine.code_pages, phys);
}

bool machine_is_monitored_page(uint64_t phys)
{
    return bit_get(machine.monitored_pages, phys);
}

void machine_set_monitored_page(uint64_t phys)
{
    bit_set(machine.monitored_pages, phys);
}

void machine_clear_monitored_page(uint64_t phys)
{
    bit_clear(machine.monitored_pages, phys);
}
