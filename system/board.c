/*
 * The virt board: the devices at qemu's addresses and interrupts, wired
 * to the GIC and the vCPUs, the boot files loaded, the threads started
 * and joined.
 */
#include "system/board.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "hw/gicv2.h"
#include "hw/pl011.h"
#include "hw/pl031.h"
#include "hw/virtio_blk.h"
#include "hw/virtio_mmio.h"
#include "system/console.h"
#include "system/fdt.h"
#include "system/machine.h"
#include "system/vcpu.h"
#include "tcg/guest_mem.h"
#include "tcg/exec.h"
#include "tcg/tb.h"
#include "util/log.h"

static VirtioDevice *disks[BOARD_MAX_DRIVES];
static int ndisks;

/* A device wrote guest RAM (DMA): translated code there is stale. */
static void ram_written(void *opaque, uint64_t pa, uint64_t len)
{
    uint64_t page = pa & ~(uint64_t)(GUEST_PAGE_SIZE - 1);

    (void)opaque;
    for (; page < pa + len; page += GUEST_PAGE_SIZE)
        if (machine_is_code_page(page)) {
            tb_drop_page_blocks(page);
            machine_clear_code_page(page);
        }
}

static void create_ram(uint64_t size)
{
    void *host = mmap(NULL, size, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

    if (host == MAP_FAILED) {
        fprintf(stderr, "arx-system: cannot allocate %llu MiB of RAM\n",
                (unsigned long long)(size >> 20));
        exit(1);
    }
    machine.ram = (GuestRam){.host = host,
                             .base = VIRT_RAM_BASE,
                             .size = size,
                             .written = ram_written};
    machine.code_pages = calloc(size / GUEST_PAGE_SIZE / 8 + 1, 1);
    machine.monitored_pages = calloc(size / GUEST_PAGE_SIZE / 8 + 1, 1);
    if (!machine.code_pages || !machine.monitored_pages)
        arx_fatal("out of memory for the code page map");
}

static void create_gic(int ncpus)
{
    machine.gic = gicv2_new(ncpus, 32 + 256);
    machine_map_mmio(VIRT_GIC_DIST_BASE, VIRT_GIC_REGION_SIZE, &gicv2_dist_ops,
                     machine.gic);
    machine_map_mmio(VIRT_GIC_CPU_BASE, VIRT_GIC_REGION_SIZE, &gicv2_cpu_ops,
                     machine.gic);
}

static IrqLine spi(int n)
{
    return (IrqLine){gicv2_spi_line, machine.gic, 32 + n};
}

static PL011 *create_uart_and_rtc(void)
{
    PL011 *uart = pl011_new(spi(VIRT_UART_SPI), console_write, NULL);
    PL031 *rtc = pl031_new(spi(VIRT_RTC_SPI));

    machine_map_mmio(VIRT_UART_BASE, VIRT_PRIMECELL_SIZE, &pl011_ops, uart);
    machine_map_mmio(VIRT_RTC_BASE, VIRT_PRIMECELL_SIZE, &pl031_ops, rtc);
    return uart;
}

/* Every slot answers (an empty one as device 0); disk i sits in slot
 * 31 - i, where qemu puts its i-th virtio-blk-device. */
static void create_virtio(const BoardConfig *cfg)
{
    for (int slot = 0; slot < VIRT_MMIO_SLOTS; slot++) {
        int drive = VIRT_MMIO_SLOTS - 1 - slot;
        VirtioDevice *dev = NULL;
        if (drive < cfg->ndrives) {
            char *error = NULL;
            dev = virtio_blk_new(cfg->drives[drive].path,
                                 cfg->drives[drive].read_only, &error);
            if (!dev) {
                fprintf(stderr, "arx-system: -drive %s\n", error);
                exit(1);
            }
            disks[ndisks++] = dev;
        }
        machine_map_mmio(
            VIRT_MMIO_BASE + (uint64_t)slot * VIRT_MMIO_SIZE, VIRT_MMIO_SIZE,
            &virtio_mmio_ops,
            virtio_mmio_new(dev, &machine.ram, spi(VIRT_MMIO_SPI + slot)));
    }
}

static PL011 *console_uart;

void board_create(const BoardConfig *cfg)
{
    VirtBoardInfo info = {.ncpus = cfg->ncpus,
                          .ram_base = VIRT_RAM_BASE,
                          .ram_size = cfg->ram_size,
                          .bootargs = cfg->bootargs ? cfg->bootargs : "",
                          .nvirtio = VIRT_MMIO_SLOTS};
    BootResult boot;

    machine.ncpus = cfg->ncpus;
    create_ram(cfg->ram_size);
    if (boot_load(&machine.ram, &cfg->boot, &info, &boot) != 0) {
        fprintf(stderr, "arx-system: %s\n", boot.error);
        exit(1);
    }
    vcpu_init_accelerator();
    create_gic(cfg->ncpus);
    console_uart = create_uart_and_rtc();
    create_virtio(cfg);
    for (int i = 0; i < cfg->ncpus; i++) {
        machine.cpu[i] = vcpu_new(i, i == 0, boot.entry, i == 0 ? boot.x0 : 0);
        gicv2_connect_cpu(machine.gic, i,
                          (IrqLine){vcpu_irq_line, machine.cpu[i], 0},
                          (IrqLine){vcpu_fiq_line, machine.cpu[i], 0});
    }
}

void board_run(void)
{
    for (int i = 0; i < machine.ncpus; i++)
        vcpu_start(machine.cpu[i]);
    console_start(console_uart);
    for (int i = 0; i < machine.ncpus; i++)
        pthread_join(machine.cpu[i]->thread, NULL);
}

void board_finish(void)
{
    for (int i = 0; i < ndisks; i++)
        virtio_blk_flush(disks[i]);
    console_restore();
    if (log_enabled(LOG_STATS))
        tcg_log_stats();
}
