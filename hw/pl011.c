/*
 * PL011 UART model: registers, a 32-entry receive FIFO and the interrupt
 * logic. Transmission is immediate (the transmit FIFO is always empty);
 * there is no baud rate timing, so the receive timeout fires at once.
 */
#include <pthread.h>
#include <stdlib.h>

#include "hw/pl011.h"

enum {
    UART_DR = 0x000,
    UART_RSR = 0x004, /* write: UARTECR */
    UART_FR = 0x018,
    UART_ILPR = 0x020,
    UART_IBRD = 0x024,
    UART_FBRD = 0x028,
    UART_LCR_H = 0x02c,
    UART_CR = 0x030,
    UART_IFLS = 0x034,
    UART_IMSC = 0x038,
    UART_RIS = 0x03c,
    UART_MIS = 0x040,
    UART_ICR = 0x044,
    UART_DMACR = 0x048,
    UART_ID = 0xfe0, /* UARTPeriphID0-3, UARTPCellID0-3 */
};

#define FR_BUSY (1u << 3)
#define FR_RXFE (1u << 4)
#define FR_TXFF (1u << 5)
#define FR_RXFF (1u << 6)
#define FR_TXFE (1u << 7)

#define INT_RX (1u << 4)
#define INT_TX (1u << 5)
#define INT_RT (1u << 6)
#define INT_OE (1u << 10)
#define INT_ALL 0x7ffu

#define RSR_OE (1u << 3)
#define LCR_H_FEN (1u << 4)

static const uint8_t pl011_id_regs[8] = {0x11, 0x10, 0x14, 0x00,
                                         0x0d, 0xf0, 0x05, 0xb1};

struct PL011 {
    pthread_mutex_t lock;
    IrqLine irq;
    bool irq_level;
    void (*out)(void *opaque, const uint8_t *buf, size_t len);
    void *out_opaque;
    uint8_t rx[PL011_FIFO_DEPTH];
    unsigned rx_head, rx_count;
    uint32_t rsr, ilpr, ibrd, fbrd, lcr_h, cr, ifls, imsc, dmacr;
    uint32_t ris; /* latched RX, RT and error bits; TX is computed */
};

PL011 *pl011_new(IrqLine irq,
                 void (*out)(void *opaque, const uint8_t *buf, size_t len),
                 void *out_opaque)
{
    PL011 *u = calloc(1, sizeof(*u));
    if (!u)
        return NULL;
    pthread_mutex_init(&u->lock, NULL);
    u->irq = irq;
    u->out = out;
    u->out_opaque = out_opaque;
    u->cr = 0x300;  /* TXE, RXE */
    u->ifls = 0x12; /* both FIFOs at half */
    return u;
}

void pl011_free(PL011 *u)
{
    if (!u)
        return;
    pthread_mutex_destroy(&u->lock);
    free(u);
}

static unsigned pl011_rx_depth(const PL011 *u)
{
    return (u->lcr_h & LCR_H_FEN) ? PL011_FIFO_DEPTH : 1;
}

/* RXIFLSEL: 1/8, 1/4, 1/2, 3/4, 7/8 of the FIFO; one byte without it. */
static unsigned pl011_rx_trigger(const PL011 *u)
{
    static const unsigned eighths[8] = {1, 2, 4, 6, 7, 7, 7, 7};
    if (!(u->lcr_h & LCR_H_FEN))
        return 1;
    return PL011_FIFO_DEPTH * eighths[(u->ifls >> 3) & 7] / 8;
}

/* The transmit FIFO is always empty, so at or below any TXIFLSEL level:
 * TXRIS is a level that is always high (a write to UARTICR cannot hold
 * it down). Linux masks it unless the FIFO was full, which never is. */
static uint32_t pl011_raw_status(const PL011 *u)
{
    return u->ris | INT_TX;
}

static void pl011_update_irq(PL011 *u)
{
    bool level = (pl011_raw_status(u) & u->imsc) != 0;
    if (level != u->irq_level) {
        u->irq_level = level;
        irq_set(u->irq, level);
    }
}

/* RXRIS follows the FIFO level against the trigger level; RTRIS is set
 * whenever data waits (no bit timing) and goes with the last byte. */
static void pl011_rx_level_changed(PL011 *u, bool arrived)
{
    if (u->rx_count >= pl011_rx_trigger(u)) {
        if (arrived)
            u->ris |= INT_RX;
    } else {
        u->ris &= ~INT_RX;
    }
    if (arrived && u->rx_count)
        u->ris |= INT_RT;
    if (!u->rx_count)
        u->ris &= ~INT_RT;
    pl011_update_irq(u);
}

size_t pl011_can_receive(PL011 *u)
{
    pthread_mutex_lock(&u->lock);
    unsigned depth = pl011_rx_depth(u);
    size_t room = u->rx_count < depth ? depth - u->rx_count : 0;
    pthread_mutex_unlock(&u->lock);
    return room;
}

void pl011_receive(PL011 *u, const uint8_t *buf, size_t len)
{
    if (!len)
        return;
    pthread_mutex_lock(&u->lock);
    for (size_t i = 0; i < len; i++) {
        if (u->rx_count >= pl011_rx_depth(u)) {
            u->rsr |= RSR_OE;
            u->ris |= INT_OE;
            continue;
        }
        u->rx[(u->rx_head + u->rx_count) % PL011_FIFO_DEPTH] = buf[i];
        u->rx_count++;
    }
    pl011_rx_level_changed(u, true);
    pthread_mutex_unlock(&u->lock);
}

static uint32_t pl011_read_data(PL011 *u)
{
    if (!u->rx_count)
        return 0;
    uint8_t c = u->rx[u->rx_head];
    u->rx_head = (u->rx_head + 1) % PL011_FIFO_DEPTH;
    u->rx_count--;
    pl011_rx_level_changed(u, false);
    return c;
}

static uint32_t pl011_flags(const PL011 *u)
{
    uint32_t fr = FR_TXFE;
    if (!u->rx_count)
        fr |= FR_RXFE;
    if (u->rx_count >= pl011_rx_depth(u))
        fr |= FR_RXFF;
    return fr;
}

static uint32_t pl011_read_locked(PL011 *u, uint64_t offset)
{
    switch (offset) {
    case UART_DR: return pl011_read_data(u);
    case UART_RSR: return u->rsr;
    case UART_FR: return pl011_flags(u);
    case UART_ILPR: return u->ilpr;
    case UART_IBRD: return u->ibrd;
    case UART_FBRD: return u->fbrd;
    case UART_LCR_H: return u->lcr_h;
    case UART_CR: return u->cr;
    case UART_IFLS: return u->ifls;
    case UART_IMSC: return u->imsc;
    case UART_RIS: return pl011_raw_status(u);
    case UART_MIS: return pl011_raw_status(u) & u->imsc;
    case UART_DMACR: return u->dmacr;
    case UART_ID ... 0xffc: return pl011_id_regs[(offset - UART_ID) / 4];
    }
    hw_guest_error("pl011: read of offset 0x%llx", (unsigned long long)offset);
    return 0;
}

static void pl011_write_locked(PL011 *u, uint64_t offset, uint32_t value)
{
    uint8_t c = value;

    switch (offset) {
    case UART_DR:
        if (u->out)
            u->out(u->out_opaque, &c, 1);
        return;
    case UART_RSR: u->rsr = 0; return;
    case UART_ILPR: u->ilpr = value & 0xff; return;
    case UART_IBRD: u->ibrd = value & 0xffff; return;
    case UART_FBRD: u->fbrd = value & 0x3f; return;
    case UART_LCR_H:
        if ((u->lcr_h ^ value) & LCR_H_FEN) /* FIFOs on or off: flushed */
            u->rx_count = 0;
        u->lcr_h = value & 0xff;
        pl011_rx_level_changed(u, false);
        return;
    case UART_CR: u->cr = value & 0xffff; return;
    case UART_IFLS:
        u->ifls = value & 0x3f;
        pl011_rx_level_changed(u, false);
        return;
    case UART_IMSC:
        u->imsc = value & INT_ALL;
        pl011_update_irq(u);
        return;
    case UART_ICR:
        u->ris &= ~value;
        pl011_update_irq(u);
        return;
    case UART_DMACR: u->dmacr = value & 7; return;
    }
    hw_guest_error("pl011: write of offset 0x%llx", (unsigned long long)offset);
}

/* Byte and halfword accesses reach the low bits of a register (Linux's
 * earlycon may use byte writes to UARTDR). */
static bool pl011_access_ok(uint64_t offset, unsigned size)
{
    if (size > 4 || (offset & 3) || offset >= PL011_SIZE) {
        hw_guest_error("pl011: %u-byte access at 0x%llx", size,
                       (unsigned long long)offset);
        return false;
    }
    return true;
}

static uint64_t pl011_read(void *opaque, int cpu, uint64_t offset,
                           unsigned size)
{
    PL011 *u = opaque;
    (void)cpu;
    if (!pl011_access_ok(offset, size))
        return 0;
    pthread_mutex_lock(&u->lock);
    uint32_t value = pl011_read_locked(u, offset);
    pthread_mutex_unlock(&u->lock);
    return size == 4 ? value : value & ((1u << 8 * size) - 1);
}

static void pl011_write(void *opaque, int cpu, uint64_t offset, uint64_t value,
                        unsigned size)
{
    PL011 *u = opaque;
    (void)cpu;
    if (!pl011_access_ok(offset, size))
        return;
    pthread_mutex_lock(&u->lock);
    pl011_write_locked(u, offset, (uint32_t)value);
    pthread_mutex_unlock(&u->lock);
}

const MmioOps pl011_ops = {.read = pl011_read, .write = pl011_write};
