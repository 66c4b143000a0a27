/*
 * Builds the virt board's device tree with libfdt's sequential writer:
 * nodes in the order qemu -M virt lists them, only the devices arx models.
 * Must not place the blob in guest RAM (boot.c does) nor invent devices.
 */
#include "system/fdt.h"

#include <errno.h>
#include <inttypes.h>
#include <libfdt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Phandles: qemu numbers them from 0x8000; any distinct values do. */
enum { PHANDLE_CLOCK = 0x8000, PHANDLE_GIC = 0x8002 };

/* GIC interrupt specifier: type cell, number cell, flags cell. */
enum { GIC_SPI = 0, GIC_PPI = 1 };
enum { IRQ_EDGE_RISING = 1, IRQ_LEVEL_HIGH = 4 };

/* PSCI 0.2 function IDs, for the old binding's per-function properties. */
enum {
    PSCI_CPU_SUSPEND_64 = 0xc4000001u,
    PSCI_CPU_OFF = 0x84000002u,
    PSCI_CPU_ON_64 = 0xc4000003u,
    PSCI_MIGRATE_64 = 0xc4000005u,
};

/* The first libfdt error sticks: later calls do nothing. */
typedef struct FdtWriter {
    void *fdt;
    int err;
} FdtWriter;

static void w_check(FdtWriter *w, int ret)
{
    if (ret < 0 && w->err == 0)
        w->err = ret;
}

static void w_begin(FdtWriter *w, const char *name)
{
    if (!w->err)
        w_check(w, fdt_begin_node(w->fdt, name));
}

static void w_end(FdtWriter *w)
{
    if (!w->err)
        w_check(w, fdt_end_node(w->fdt));
}

static void w_prop(FdtWriter *w, const char *name, const void *val, int len)
{
    if (!w->err)
        w_check(w, fdt_property(w->fdt, name, val, len));
}

/* A string list: the strings separated by NULs, len counts the last NUL. */
static void w_strings(FdtWriter *w, const char *name, const char *list, int len)
{
    w_prop(w, name, list, len);
}

static void w_string(FdtWriter *w, const char *name, const char *s)
{
    w_prop(w, name, s, (int)strlen(s) + 1);
}

static void w_u32(FdtWriter *w, const char *name, uint32_t v)
{
    fdt32_t be = cpu_to_fdt32(v);
    w_prop(w, name, &be, sizeof(be));
}

static void w_u64(FdtWriter *w, const char *name, uint64_t v)
{
    fdt64_t be = cpu_to_fdt64(v);
    w_prop(w, name, &be, sizeof(be));
}

static void w_cells(FdtWriter *w, const char *name, const uint32_t *cells,
                    int n)
{
    fdt32_t be[16];
    for (int i = 0; i < n; i++)
        be[i] = cpu_to_fdt32(cells[i]);
    w_prop(w, name, be, n * (int)sizeof(be[0]));
}

static void w_empty(FdtWriter *w, const char *name)
{
    w_prop(w, name, NULL, 0);
}

/* reg = <base size> with 2 address and 2 size cells, as the root sets. */
static void w_reg(FdtWriter *w, uint64_t base, uint64_t size)
{
    uint32_t cells[4] = {base >> 32, (uint32_t)base, size >> 32,
                         (uint32_t)size};
    w_cells(w, "reg", cells, 4);
}

static void w_irq(FdtWriter *w, uint32_t type, uint32_t num, uint32_t flags)
{
    uint32_t cells[3] = {type, num, flags};
    w_cells(w, "interrupts", cells, 3);
}

static void w_node_name(char *buf, size_t len, const char *name, uint64_t at)
{
    snprintf(buf, len, "%s@%" PRIx64, name, at);
}

static void add_psci(FdtWriter *w)
{
    static const char compat[] = "arm,psci-1.0\0arm,psci-0.2\0arm,psci";
    w_begin(w, "psci");
    w_strings(w, "compatible", compat, sizeof(compat));
    w_string(w, "method", "hvc");
    w_u32(w, "cpu_suspend", PSCI_CPU_SUSPEND_64);
    w_u32(w, "cpu_off", PSCI_CPU_OFF);
    w_u32(w, "cpu_on", PSCI_CPU_ON_64);
    w_u32(w, "migrate", PSCI_MIGRATE_64);
    w_end(w);
}

static void add_memory(FdtWriter *w, const VirtBoardInfo *info)
{
    char name[32];
    w_node_name(name, sizeof(name), "memory", info->ram_base);
    w_begin(w, name);
    w_string(w, "device_type", "memory");
    w_reg(w, info->ram_base, info->ram_size);
    w_end(w);
}

/* Slot n at VIRT_MMIO_BASE + n * VIRT_MMIO_SIZE, edge-triggered like qemu's,
 * lowest address first as in qemu's tree (Linux probes them in this order).
 * Which slot holds which device is the board's choice: qemu puts the first
 * -device in the highest slot. */
static void add_virtio(FdtWriter *w, const VirtBoardInfo *info)
{
    for (int n = 0; n < info->nvirtio; n++) {
        uint64_t base = VIRT_MMIO_BASE + (uint64_t)n * VIRT_MMIO_SIZE;
        char name[32];
        w_node_name(name, sizeof(name), "virtio_mmio", base);
        w_begin(w, name);
        w_empty(w, "dma-coherent");
        w_irq(w, GIC_SPI, VIRT_MMIO_SPI + n, IRQ_EDGE_RISING);
        w_reg(w, base, VIRT_MMIO_SIZE);
        w_string(w, "compatible", "virtio,mmio");
        w_end(w);
    }
}

static void add_primecell(FdtWriter *w, const char *name, uint64_t base,
                          const char *compat0, int spi, bool uart)
{
    char node[32], compat[48];
    int len = snprintf(compat, sizeof(compat), "%s", compat0) + 1;
    len += snprintf(compat + len, sizeof(compat) - len, "arm,primecell") + 1;
    w_node_name(node, sizeof(node), name, base);
    w_begin(w, node);
    w_strings(w, "compatible", compat, len);
    w_reg(w, base, VIRT_PRIMECELL_SIZE);
    w_irq(w, GIC_SPI, spi, IRQ_LEVEL_HIGH);
    if (uart) {
        static const char names[] = "uartclk\0apb_pclk";
        uint32_t clocks[2] = {PHANDLE_CLOCK, PHANDLE_CLOCK};
        w_cells(w, "clocks", clocks, 2);
        w_strings(w, "clock-names", names, sizeof(names));
    } else {
        uint32_t clock = PHANDLE_CLOCK;
        w_cells(w, "clocks", &clock, 1);
        w_string(w, "clock-names", "apb_pclk");
    }
    w_end(w);
}

static void add_gic(FdtWriter *w)
{
    uint32_t reg[8] = {0, VIRT_GIC_DIST_BASE, 0, VIRT_GIC_REGION_SIZE,
                       0, VIRT_GIC_CPU_BASE,  0, VIRT_GIC_REGION_SIZE};
    char name[32];
    w_node_name(name, sizeof(name), "intc", VIRT_GIC_DIST_BASE);
    w_begin(w, name);
    w_u32(w, "phandle", PHANDLE_GIC);
    w_cells(w, "reg", reg, 8);
    w_string(w, "compatible", "arm,cortex-a15-gic");
    w_empty(w, "interrupt-controller");
    w_u32(w, "#address-cells", 0); /* no children; dtc wants it said */
    w_u32(w, "#interrupt-cells", 3);
    w_end(w);
}

static void add_cpus(FdtWriter *w, const VirtBoardInfo *info)
{
    w_begin(w, "cpus");
    w_u32(w, "#size-cells", 0);
    w_u32(w, "#address-cells", 1);
    for (int n = 0; n < info->ncpus; n++) {
        char name[16];
        w_node_name(name, sizeof(name), "cpu", (uint64_t)n);
        w_begin(w, name);
        w_u32(w, "reg", (uint32_t)n); /* MPIDR_EL1.Aff0 */
        /* Secondaries start off; Linux turns them on with PSCI CPU_ON. */
        if (info->ncpus > 1)
            w_string(w, "enable-method", "psci");
        w_string(w, "compatible", "arm,cortex-a57");
        w_string(w, "device_type", "cpu");
        w_end(w);
    }
    w_end(w);
}

/* The four PPIs: secure phys 13, non-secure phys 14, virt 11, hyp 10,
 * each routed to every CPU (GICv2 CPU mask in flags bits 8..15). */
static void add_timer(FdtWriter *w, const VirtBoardInfo *info)
{
    static const char compat[] = "arm,armv8-timer\0arm,armv7-timer";
    uint32_t flags = (((1u << info->ncpus) - 1) << 8) | IRQ_LEVEL_HIGH;
    uint32_t irqs[12] = {GIC_PPI, 13, flags, GIC_PPI, 14, flags,
                         GIC_PPI, 11, flags, GIC_PPI, 10, flags};
    w_begin(w, "timer");
    w_cells(w, "interrupts", irqs, 12);
    w_empty(w, "always-on");
    w_strings(w, "compatible", compat, sizeof(compat));
    w_end(w);
}

static void add_clock(FdtWriter *w)
{
    w_begin(w, "apb-pclk");
    w_u32(w, "phandle", PHANDLE_CLOCK);
    w_string(w, "clock-output-names", "clk24mhz");
    w_u32(w, "clock-frequency", VIRT_APB_CLOCK_HZ);
    w_u32(w, "#clock-cells", 0);
    w_string(w, "compatible", "fixed-clock");
    w_end(w);
}

static void add_chosen(FdtWriter *w, const VirtBoardInfo *info)
{
    char stdout_path[32];
    w_node_name(stdout_path, sizeof(stdout_path), "/pl011", VIRT_UART_BASE);
    w_begin(w, "chosen");
    w_string(w, "stdout-path", stdout_path);
    if (info->bootargs)
        w_string(w, "bootargs", info->bootargs);
    if (info->initrd_end > info->initrd_start) {
        w_u64(w, "linux,initrd-start", info->initrd_start);
        w_u64(w, "linux,initrd-end", info->initrd_end);
    }
    w_end(w);
}

static void build_tree(FdtWriter *w, const VirtBoardInfo *info)
{
    w_check(w, fdt_finish_reservemap(w->fdt));
    w_begin(w, "");
    w_u32(w, "interrupt-parent", PHANDLE_GIC);
    w_string(w, "model", "linux,dummy-virt");
    w_u32(w, "#size-cells", 2);
    w_u32(w, "#address-cells", 2);
    w_string(w, "compatible", "linux,dummy-virt");
    add_psci(w);
    add_memory(w, info);
    add_virtio(w, info);
    add_primecell(w, "pl031", VIRT_RTC_BASE, "arm,pl031", VIRT_RTC_SPI, false);
    add_primecell(w, "pl011", VIRT_UART_BASE, "arm,pl011", VIRT_UART_SPI, true);
    add_gic(w);
    add_cpus(w, info);
    add_timer(w, info);
    add_clock(w);
    add_chosen(w, info);
    w_end(w);
    w_check(w, fdt_finish(w->fdt));
}

static const char *check_info(const VirtBoardInfo *info)
{
    if (info->ncpus < 1 || info->ncpus > VIRT_GIC_MAX_CPUS)
        return "ncpus must be 1..8 (GICv2)";
    if (info->ram_size == 0)
        return "no RAM";
    if (info->nvirtio < 0 || info->nvirtio > VIRT_MMIO_SLOTS)
        return "nvirtio must be 0..32";
    if (info->initrd_end < info->initrd_start)
        return "initrd ends before it starts";
    return NULL;
}

void *virt_fdt_build(const VirtBoardInfo *info, size_t *size, char *err,
                     size_t errlen)
{
    const char *bad = check_info(info);
    if (bad) {
        snprintf(err, errlen, "device tree: %s", bad);
        return NULL;
    }
    size_t args = info->bootargs ? strlen(info->bootargs) : 0;
    int len = (int)(16384 + args + VIRT_MMIO_SLOTS * 128);
    FdtWriter w = {malloc(len), 0};
    if (!w.fdt) {
        snprintf(err, errlen, "device tree: out of memory");
        return NULL;
    }
    w_check(&w, fdt_create(w.fdt, len));
    build_tree(&w, info);
    if (w.err) {
        snprintf(err, errlen, "device tree: %s", fdt_strerror(w.err));
        free(w.fdt);
        return NULL;
    }
    *size = fdt_totalsize(w.fdt);
    return w.fdt;
}

int virt_fdt_write_file(const void *fdt, const char *path, char *err,
                        size_t errlen)
{
    FILE *f = fopen(path, "wb");
    size_t size = fdt_totalsize(fdt);
    if (!f || fwrite(fdt, 1, size, f) != size) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        if (f)
            fclose(f);
        return -1;
    }
    if (fclose(f) != 0) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}
