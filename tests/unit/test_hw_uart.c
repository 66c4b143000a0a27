/*
 * Check suite for hw/pl011 and hw/pl031: registers driven as Linux's
 * amba-pl011 and rtc-pl031 drivers do, with the interrupt output and the
 * transmitted bytes recorded by fakes. No board, no GIC.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hw/pl011.h"
#include "hw/pl031.h"

#define UART_DR 0x000
#define UART_RSR 0x004
#define UART_FR 0x018
#define UART_IBRD 0x024
#define UART_LCR_H 0x02c
#define UART_CR 0x030
#define UART_IFLS 0x034
#define UART_IMSC 0x038
#define UART_RIS 0x03c
#define UART_MIS 0x040
#define UART_ICR 0x044
#define RXIS 0x10
#define TXIS 0x20
#define RTIS 0x40
#define OEIS 0x400
#define RXFE 0x10
#define RXFF 0x40
#define TXFE 0x80
#define FEN 0x10

#define RTC_DR 0x00
#define RTC_MR 0x04
#define RTC_LR 0x08
#define RTC_CR 0x0c
#define RTC_IMSC 0x10
#define RTC_RIS 0x14
#define RTC_MIS 0x18
#define RTC_ICR 0x1c

static int guest_errors;

void hw_guest_error(const char *fmt, ...)
{
    (void)fmt;
    guest_errors++;
}

static bool irq_level;
static int irq_calls;
static uint8_t sent[64];
static size_t nsent;

static void fake_irq(void *opaque, int line, bool level)
{
    (void)opaque;
    ck_assert_int_eq(line, 33);
    irq_level = level;
    irq_calls++;
}

static void fake_out(void *opaque, const uint8_t *buf, size_t len)
{
    ck_assert_ptr_eq(opaque, sent);
    ck_assert_uint_le(nsent + len, sizeof(sent));
    memcpy(sent + nsent, buf, len);
    nsent += len;
}

static PL011 *uart;

static void uart_setup(void)
{
    guest_errors = 0;
    irq_level = false;
    irq_calls = 0;
    nsent = 0;
    uart = pl011_new((IrqLine){fake_irq, NULL, 33}, fake_out, sent);
    ck_assert_ptr_nonnull(uart);
}

static void uart_teardown(void)
{
    pl011_free(uart);
}

static uint32_t uart_read(uint32_t offset)
{
    return pl011_ops.read(uart, 0, offset, 4);
}

static void uart_write(uint32_t offset, uint32_t value)
{
    pl011_ops.write(uart, 0, offset, value, 4);
}

START_TEST(test_uart_ids_and_reset)
{
    static const uint8_t ids[8] = {0x11, 0x10, 0x14, 0x00,
                                   0x0d, 0xf0, 0x05, 0xb1};
    for (int i = 0; i < 8; i++)
        ck_assert_uint_eq(uart_read(0xfe0 + 4 * i), ids[i]);
    ck_assert_uint_eq(uart_read(UART_FR), TXFE | RXFE);
    ck_assert_uint_eq(uart_read(UART_CR), 0x300);
    ck_assert_uint_eq(uart_read(UART_IFLS), 0x12);
    ck_assert_uint_eq(uart_read(UART_IMSC), 0);
    ck_assert_int_eq(guest_errors, 0);
    ck_assert(!irq_level);
}
END_TEST

START_TEST(test_uart_transmit)
{
    uart_write(UART_CR, 0x301);
    uart_write(UART_DR, 'h');
    uart_write(UART_DR, 0x100 | 'i'); /* only the low 8 bits are data */
    pl011_ops.write(uart, 1, UART_DR, '!', 1);
    ck_assert_uint_eq(nsent, 3);
    ck_assert_mem_eq(sent, "hi!", 3);
    ck_assert_uint_eq(uart_read(UART_FR), TXFE | RXFE);
    /* The empty transmit FIFO is below any level: TXRIS stays high. */
    ck_assert_uint_eq(uart_read(UART_RIS), TXIS);
    uart_write(UART_ICR, 0x7ff);
    ck_assert_uint_eq(uart_read(UART_RIS), TXIS);
    ck_assert(!irq_level);
    uart_write(UART_IMSC, TXIS);
    ck_assert(irq_level);
    ck_assert_uint_eq(uart_read(UART_MIS), TXIS);
    uart_write(UART_IMSC, 0);
    ck_assert(!irq_level);
}
END_TEST

START_TEST(test_uart_receive_fifo)
{
    uart_write(UART_LCR_H, FEN | 0x60); /* 8 bits, FIFOs on */
    ck_assert_uint_eq(pl011_can_receive(uart), 32);
    pl011_receive(uart, (const uint8_t *)"abc", 3);
    ck_assert_uint_eq(pl011_can_receive(uart), 29);
    ck_assert_uint_eq(uart_read(UART_FR), TXFE);
    ck_assert_uint_eq(uart_read(UART_DR), 'a');
    ck_assert_uint_eq(uart_read(UART_DR), 'b');
    ck_assert_uint_eq(uart_read(UART_DR), 'c');
    ck_assert_uint_eq(uart_read(UART_FR), TXFE | RXFE);
    uint8_t buf[40];
    for (int i = 0; i < 40; i++)
        buf[i] = i;
    pl011_receive(uart, buf, 40); /* 8 past the FIFO: overrun */
    ck_assert_uint_eq(uart_read(UART_FR), TXFE | RXFF);
    ck_assert_uint_eq(pl011_can_receive(uart), 0);
    ck_assert_uint_eq(uart_read(UART_RSR), 8);
    ck_assert_uint_eq(uart_read(UART_RIS) & OEIS, OEIS);
    uart_write(UART_RSR, 0); /* UARTECR */
    ck_assert_uint_eq(uart_read(UART_RSR), 0);
    for (int i = 0; i < 32; i++)
        ck_assert_uint_eq(uart_read(UART_DR), i);
    ck_assert_uint_eq(uart_read(UART_DR), 0);
    /* FIFOs off: one byte of room. */
    uart_write(UART_LCR_H, 0x60);
    ck_assert_uint_eq(pl011_can_receive(uart), 1);
    pl011_receive(uart, (const uint8_t *)"x", 1);
    ck_assert_uint_eq(uart_read(UART_FR), TXFE | RXFF);
    ck_assert_int_eq(guest_errors, 0);
}
END_TEST

START_TEST(test_uart_rx_interrupts)
{
    uart_write(UART_LCR_H, FEN | 0x60);
    uart_write(UART_IMSC, RXIS | RTIS);
    pl011_receive(uart, (const uint8_t *)"ab", 2);
    /* Below the half-full trigger: only the receive timeout. */
    ck_assert_uint_eq(uart_read(UART_RIS), TXIS | RTIS);
    ck_assert_uint_eq(uart_read(UART_MIS), RTIS);
    ck_assert(irq_level);
    uart_read(UART_DR);
    ck_assert(irq_level); /* one byte still waits */
    uart_read(UART_DR);
    ck_assert(!irq_level);
    ck_assert_uint_eq(uart_read(UART_RIS), TXIS);

    uint8_t buf[16] = {0};
    pl011_receive(uart, buf, 16);
    ck_assert_uint_eq(uart_read(UART_MIS), RXIS | RTIS);
    uart_read(UART_DR); /* 15 left: below the trigger */
    ck_assert_uint_eq(uart_read(UART_MIS), RTIS);
    /* IFLS 1/8 (4 bytes): no new crossing until more data. */
    uart_write(UART_IFLS, 0);
    ck_assert_uint_eq(uart_read(UART_MIS), RTIS);
    pl011_receive(uart, buf, 1);
    ck_assert_uint_eq(uart_read(UART_MIS), RXIS | RTIS);

    /* UARTICR clears both though data remains (Linux does so at start). */
    uart_write(UART_ICR, RXIS | RTIS);
    ck_assert_uint_eq(uart_read(UART_MIS), 0);
    ck_assert(!irq_level);
    pl011_receive(uart, buf, 1);
    ck_assert(irq_level);
    ck_assert_int_eq(guest_errors, 0);
}
END_TEST

START_TEST(test_uart_bad_accesses)
{
    ck_assert_uint_eq(uart_read(0x008), 0);
    ck_assert_int_eq(guest_errors, 1);
    uart_write(0x04c, 1);
    ck_assert_int_eq(guest_errors, 2);
    ck_assert_uint_eq(pl011_ops.read(uart, 0, UART_FR + 1, 1), 0);
    ck_assert_int_eq(guest_errors, 3);
    uart_write(UART_IBRD, 0x12345);
    ck_assert_uint_eq(uart_read(UART_IBRD), 0x2345);
}
END_TEST

static PL031 *rtc;
static uint64_t fake_seconds;

static uint64_t fake_clock(void)
{
    return fake_seconds;
}

static void rtc_setup(void)
{
    guest_errors = 0;
    irq_level = false;
    irq_calls = 0;
    rtc = pl031_new((IrqLine){fake_irq, NULL, 33});
    ck_assert_ptr_nonnull(rtc);
}

static void rtc_teardown(void)
{
    pl031_free(rtc);
}

static uint32_t rtc_read(uint32_t offset)
{
    return pl031_ops.read(rtc, 0, offset, 4);
}

static void rtc_write(uint32_t offset, uint32_t value)
{
    pl031_ops.write(rtc, 0, offset, value, 4);
}

START_TEST(test_rtc_follows_wall_clock)
{
    static const uint8_t ids[8] = {0x31, 0x10, 0x14, 0x00,
                                   0x0d, 0xf0, 0x05, 0xb1};
    for (int i = 0; i < 8; i++)
        ck_assert_uint_eq(rtc_read(0xfe0 + 4 * i), ids[i]);
    uint32_t before = time(NULL);
    uint32_t dr = rtc_read(RTC_DR);
    uint32_t after = time(NULL);
    ck_assert_uint_ge(dr, before);
    ck_assert_uint_le(dr, after);
    ck_assert_uint_eq(rtc_read(RTC_CR), 1);
    rtc_write(RTC_CR, 0); /* cannot be stopped */
    ck_assert_uint_eq(rtc_read(RTC_CR), 1);
    ck_assert_int_eq(guest_errors, 0);
}
END_TEST

START_TEST(test_rtc_load_sets_offset)
{
    pl031_set_clock(rtc, fake_clock);
    fake_seconds = 1700000000;
    ck_assert_uint_eq(rtc_read(RTC_DR), 1700000000);
    rtc_write(RTC_LR, 1000);
    ck_assert_uint_eq(rtc_read(RTC_DR), 1000);
    ck_assert_uint_eq(rtc_read(RTC_LR), 1000);
    fake_seconds += 61;
    ck_assert_uint_eq(rtc_read(RTC_DR), 1061);
}
END_TEST

START_TEST(test_rtc_real_clock_offset)
{
    uint32_t now = time(NULL);
    rtc_write(RTC_LR, now + 3600);
    uint32_t dr = rtc_read(RTC_DR);
    ck_assert_uint_ge(dr, now + 3600);
    ck_assert_uint_le(dr, (uint32_t)time(NULL) + 3600);
}
END_TEST

START_TEST(test_rtc_match_interrupt)
{
    pl031_set_clock(rtc, fake_clock);
    fake_seconds = 500;
    rtc_write(RTC_IMSC, 1);
    rtc_write(RTC_MR, 505);
    ck_assert_uint_eq(rtc_read(RTC_RIS), 0);
    fake_seconds = 504;
    ck_assert_uint_eq(rtc_read(RTC_RIS), 0);
    ck_assert(!irq_level);
    fake_seconds = 507; /* passed 505 between two accesses */
    ck_assert_uint_eq(rtc_read(RTC_RIS), 1);
    ck_assert_uint_eq(rtc_read(RTC_MIS), 1);
    ck_assert(irq_level);
    rtc_write(RTC_ICR, 1);
    ck_assert(!irq_level);
    ck_assert_uint_eq(rtc_read(RTC_RIS), 0);
    rtc_write(RTC_MR, 507); /* equal to the counter now: matches */
    ck_assert(irq_level);
    rtc_write(RTC_ICR, 1);
    rtc_write(RTC_IMSC, 0);
    rtc_write(RTC_LR, 10000); /* a jump past MR is no match */
    rtc_write(RTC_MR, 9000);
    fake_seconds = 600;
    ck_assert_uint_eq(rtc_read(RTC_RIS), 0);
    ck_assert_int_eq(guest_errors, 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("hw_uart");
    TCase *tc_uart = tcase_create("pl011");
    TCase *tc_rtc = tcase_create("pl031");
    SRunner *sr;
    int failed;

    tcase_add_checked_fixture(tc_uart, uart_setup, uart_teardown);
    tcase_add_test(tc_uart, test_uart_ids_and_reset);
    tcase_add_test(tc_uart, test_uart_transmit);
    tcase_add_test(tc_uart, test_uart_receive_fifo);
    tcase_add_test(tc_uart, test_uart_rx_interrupts);
    tcase_add_test(tc_uart, test_uart_bad_accesses);
    suite_add_tcase(s, tc_uart);
    tcase_add_checked_fixture(tc_rtc, rtc_setup, rtc_teardown);
    tcase_add_test(tc_rtc, test_rtc_follows_wall_clock);
    tcase_add_test(tc_rtc, test_rtc_load_sets_offset);
    tcase_add_test(tc_rtc, test_rtc_real_clock_offset);
    tcase_add_test(tc_rtc, test_rtc_match_interrupt);
    suite_add_tcase(s, tc_rtc);
    sr = srunner_create(s);
    srunner_set_fork_status(sr, CK_NOFORK);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
