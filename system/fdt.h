/*
 * The device tree arx-system hands the guest: the virt board's memory map
 * and the devices we model, as qemu -M virt describes them to a cortex-a57
 * with GICv2. Builds a blob only; it places nothing in guest RAM.
 */
#ifndef ARX_SYSTEM_FDT_H
#define ARX_SYSTEM_FDT_H

#include <stddef.h>
#include <stdint.h>

/* The virt board's memory map (the addresses qemu's virt machine uses). */
#define VIRT_GIC_DIST_BASE 0x08000000ull
#define VIRT_GIC_CPU_BASE 0x08010000ull
#define VIRT_GIC_REGION_SIZE 0x10000ull
#define VIRT_UART_BASE 0x09000000ull
#define VIRT_RTC_BASE 0x09010000ull
#define VIRT_PRIMECELL_SIZE 0x1000ull
#define VIRT_MMIO_BASE 0x0a000000ull /* virtio-mmio slot n at + n * SIZE */
#define VIRT_MMIO_SIZE 0x200ull
#define VIRT_RAM_BASE 0x40000000ull

/* SPI numbers (GIC interrupt ID = 32 + SPI); PPIs are ID - 16. */
#define VIRT_UART_SPI 1
#define VIRT_RTC_SPI 2
#define VIRT_MMIO_SPI 16 /* slot n: SPI 16 + n */
#define VIRT_MMIO_SLOTS 32
#define VIRT_GIC_MAX_CPUS 8 /* GICv2 targets 8 CPUs at most */

#define VIRT_APB_CLOCK_HZ 24000000u

typedef struct VirtBoardInfo {
    int ncpus;         /* 1..VIRT_GIC_MAX_CPUS */
    uint64_t ram_base; /* VIRT_RAM_BASE in practice */
    uint64_t ram_size;
    const char *bootargs;              /* NULL: no bootargs property */
    uint64_t initrd_start, initrd_end; /* both 0: no initrd */
    int nvirtio; /* virtio-mmio slots listed, 0..VIRT_MMIO_SLOTS */
} VirtBoardInfo;

/*
 * The blob in a malloc'd buffer (*size set to its total size) or NULL with
 * a one-line reason in err (errlen bytes). No kaslr-seed and no rng-seed:
 * runs must be reproducible.
 */
void *virt_fdt_build(const VirtBoardInfo *info, size_t *size, char *err,
                     size_t errlen);

/* Writes a blob to path (-dumpdtb); 0, or -1 with a reason in err. */
int virt_fdt_write_file(const void *fdt, const char *path, char *err,
                        size_t errlen);

#endif
