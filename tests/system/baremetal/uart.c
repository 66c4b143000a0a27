/*
 * Bare-metal test (d), the PL011: prints a table of the printable ASCII
 * characters, reads the flag register with nothing received and the
 * PrimeCell ID registers Linux's AMBA bus probes.
 */
#include "lib.h"

#define UART_FR_RXFE (1u << 4)
#define UART_FR_TXFE (1u << 7)
#define UART_FR_BUSY (1u << 3)
#define UART_CR 0x30
#define UART_PERIPH_ID0 0xfe0

int main(void)
{
    bm_puts("uart test\n");
    for (int row = 0x20; row < 0x80; row += 16) {
        bm_put_hex(row);
        bm_puts(":");
        for (int c = row; c < row + 16 && c < 0x7f; c++) {
            bm_putc(' ');
            bm_putc((char)c);
        }
        bm_puts("\n");
    }
    /* Wait for the transmitter to drain so FR is the idle value. */
    while (mmio_read32(UART_BASE + UART_FR) & UART_FR_BUSY)
        ;
    uint32_t fr = mmio_read32(UART_BASE + UART_FR);
    bm_print_hex("fr", fr);
    bm_check(fr & UART_FR_RXFE, "FR.RXFE: receive FIFO empty");
    bm_check(fr & UART_FR_TXFE, "FR.TXFE: transmit FIFO empty");
    bm_check(!(fr & UART_FR_TXFF), "FR.TXFF clear");
    uint32_t id[8];
    for (int i = 0; i < 8; i++)
        id[i] = mmio_read32(UART_BASE + UART_PERIPH_ID0 + 4 * i) & 0xff;
    bm_puts("id:");
    for (int i = 0; i < 8; i++) {
        bm_puts(" ");
        bm_put_hex(id[i]);
    }
    bm_puts("\n");
    bm_check(id[0] == 0x11 && id[1] == 0x10 && (id[2] & 0xf) == 0x4,
             "PeriphID: part 0x011, designer ARM");
    bm_check(id[4] == 0x0d && id[5] == 0xf0 && id[6] == 0x05 && id[7] == 0xb1,
             "PCellID: 0xb105f00d");
    bm_finish("uart");
}
