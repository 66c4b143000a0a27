/*
 * Bare-metal test (c), the virtual timer through the GICv2: distributor
 * and CPU interface on, CNTV fires PPI 27 every millisecond, WFI between,
 * IAR/EOIR to acknowledge; CNTVCT must advance and CNTFRQ be set.
 */
#include "lib.h"

#define GICD 0x08000000ul
#define GICC 0x08010000ul
#define GICD_CTLR 0x000
#define GICD_ISENABLER0 0x100
#define GICD_IPRIORITYR 0x400
#define GICC_CTLR 0x000
#define GICC_PMR 0x004
#define GICC_IAR 0x00c
#define GICC_EOIR 0x010
#define TIMER_PPI 27 /* virtual timer: PPI 11 */
#define TICKS 5

static volatile int ticks, others;
static uint64_t interval;

static void on_irq(void)
{
    uint32_t iar = mmio_read32(GICC + GICC_IAR);
    uint32_t id = iar & 0x3ff;
    if (id == 1023)
        return; /* spurious */
    if (id == TIMER_PPI) {
        ticks++;
        if (ticks < TICKS)
            write_sysreg(cntv_tval_el0, interval);
        else
            write_sysreg(cntv_ctl_el0, 3); /* enabled, masked */
    } else {
        others++;
    }
    mmio_write32(GICC + GICC_EOIR, iar);
}

static void gic_init(void)
{
    mmio_write32(GICD + GICD_CTLR, 1);
    /* Priority 0x80 for PPI 27: one byte per interrupt. */
    *(volatile uint8_t *)(GICD + GICD_IPRIORITYR + TIMER_PPI) = 0x80;
    mmio_write32(GICD + GICD_ISENABLER0, 1u << TIMER_PPI);
    mmio_write32(GICC + GICC_PMR, 0xff);
    mmio_write32(GICC + GICC_CTLR, 1);
}

int main(void)
{
    bm_puts("timer test\n");
    uint64_t freq = read_sysreg(cntfrq_el0);
    bm_check(freq >= 1000000, "CNTFRQ_EL0 is set (at least 1 MHz)");
    interval = freq / 1000;
    bm_irq_hook = on_irq;
    gic_init();
    bm_check((mmio_read32(GICD + GICD_ISENABLER0) >> TIMER_PPI) & 1,
             "GICD_ISENABLER0 reads back PPI 27 enabled");

    uint64_t start = read_sysreg(cntvct_el0), last = start;
    bool monotonic = true;
    write_sysreg(cntv_tval_el0, interval);
    write_sysreg(cntv_ctl_el0, 1); /* enabled, unmasked */
    __asm__ volatile("msr daifclr, #2" ::: "memory");
    for (int spins = 0; ticks < TICKS && spins < 1000; spins++) {
        __asm__ volatile("wfi" ::: "memory");
        uint64_t now = read_sysreg(cntvct_el0);
        monotonic &= now >= last;
        last = now;
    }
    __asm__ volatile("msr daifset, #2" ::: "memory");
    bm_puts("timer interrupts: ");
    bm_put_dec(ticks);
    bm_puts("\n");
    bm_check(ticks == TICKS, "5 virtual timer interrupts (PPI 27) taken");
    bm_check(others == 0, "no other interrupt");
    bm_check(monotonic, "CNTVCT_EL0 never goes back");
    bm_check(last - start >= TICKS * interval,
             "CNTVCT_EL0 advanced by at least 5 intervals");
    bm_check((read_sysreg(cntv_ctl_el0) & 4) != 0,
             "CNTV_CTL_EL0.ISTATUS set after the last expiry");
    bm_finish("timer");
}
