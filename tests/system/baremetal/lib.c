/*
 * The bare-metal tests' library (lib.h): polled PL011 output, PSCI
 * SYSTEM_OFF by hvc, exception dispatch to the test's hooks, check counts.
 * Unexpected exceptions end the test with FAIL, never hang it.
 */
#include "lib.h"

SyncHook bm_sync_hook;
void (*bm_irq_hook)(void);
extern char bm_el0_return[];

static int checks, failures;

void bm_putc(char c)
{
    while (mmio_read32(UART_BASE + UART_FR) & UART_FR_TXFF)
        ;
    mmio_write32(UART_BASE + UART_DR, (uint8_t)c);
}

void bm_puts(const char *s)
{
    while (*s) {
        if (*s == '\n')
            bm_putc('\r');
        bm_putc(*s++);
    }
}

void bm_put_hex(uint64_t v)
{
    int shift = 60;
    bm_puts("0x");
    while (shift > 0 && (v >> shift) == 0)
        shift -= 4;
    for (; shift >= 0; shift -= 4)
        bm_putc("0123456789abcdef"[(v >> shift) & 0xf]);
}

void bm_put_dec(uint64_t v)
{
    char buf[21];
    int n = 0;
    do {
        buf[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (n)
        bm_putc(buf[--n]);
}

void bm_print_hex(const char *name, uint64_t v)
{
    bm_puts(name);
    bm_puts(": ");
    bm_put_hex(v);
    bm_puts("\n");
}

void bm_check(bool ok, const char *what)
{
    checks++;
    if (!ok)
        failures++;
    bm_puts(ok ? "ok - " : "not ok - ");
    bm_puts(what);
    bm_puts("\n");
}

void bm_system_off(void)
{
    register uint64_t x0 __asm__("x0") = 0x84000008; /* PSCI SYSTEM_OFF */
    __asm__ volatile("hvc #0" : "+r"(x0) : : "memory");
    for (;;)
        __asm__ volatile("wfi");
}

void bm_finish(const char *test)
{
    if (failures) {
        bm_puts("FAIL: ");
        bm_puts(test);
        bm_puts(" ");
        bm_put_dec(failures);
        bm_puts(" of ");
        bm_put_dec(checks);
        bm_puts(" failed\n");
    } else {
        bm_puts("PASS: ");
        bm_puts(test);
        bm_puts(" ");
        bm_put_dec(checks);
        bm_puts("/");
        bm_put_dec(checks);
        bm_puts("\n");
    }
    bm_system_off();
}

static void unexpected(ExcFrame *f, uint64_t vector, uint64_t esr)
{
    bm_print_hex("unexpected exception, vector", vector);
    bm_print_hex("esr", esr);
    bm_print_hex("elr", f->elr);
    bm_print_hex("far", read_sysreg(far_el1));
    failures++;
    bm_finish("unexpected exception");
}

/* Called by the vectors (start.S) with the saved frame. */
void bm_exception(ExcFrame *f, uint64_t vector)
{
    uint64_t esr = read_sysreg(esr_el1);
    bool sync = (vector & 3) == 0, irq = (vector & 3) == 1;
    if (irq && bm_irq_hook) {
        bm_irq_hook();
        return;
    }
    /* EL0's way out: svc #0xff returns from bm_run_el0 with its x0. */
    if (sync && vector == 8 && ESR_EC(esr) == EC_SVC64 &&
        (esr & 0xffff) == 0xff) {
        f->elr = (uint64_t)bm_el0_return;
        f->spsr = 0x3c5; /* EL1h, DAIF masked */
        return;
    }
    if (sync && bm_sync_hook && bm_sync_hook(f, esr, read_sysreg(far_el1)))
        return;
    unexpected(f, vector, esr);
}

/* The compiler may call these even with -ffreestanding. */
void *memset(void *s, int c, size_t n)
{
    unsigned char *p = s;
    while (n--)
        *p++ = (unsigned char)c;
    return s;
}

void *memcpy(void *d, const void *s, size_t n)
{
    unsigned char *dp = d;
    const unsigned char *sp = s;
    while (n--)
        *dp++ = *sp++;
    return d;
}
