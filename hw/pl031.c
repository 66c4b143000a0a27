/*
 * PL031 RTC model: the counter is the host's time(NULL) plus an offset
 * that loads of RTCLR set. No host timer: a match of RTCMR is
 * noticed at the next register access, so RTCINTR may rise late.
 */
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

#include "hw/pl031.h"

enum {
    RTC_DR = 0x000,
    RTC_MR = 0x004,
    RTC_LR = 0x008,
    RTC_CR = 0x00c,
    RTC_IMSC = 0x010,
    RTC_RIS = 0x014,
    RTC_MIS = 0x018,
    RTC_ICR = 0x01c,
    RTC_ID = 0xfe0, /* RTCPeriphID0-3, RTCPCellID0-3 */
};

static const uint8_t pl031_id_regs[8] = {0x31, 0x10, 0x14, 0x00,
                                         0x0d, 0xf0, 0x05, 0xb1};

struct PL031 {
    pthread_mutex_t lock;
    IrqLine irq;
    bool irq_level;
    uint64_t (*now)(void);
    uint32_t offset; /* counter - wall clock, modulo 2^32 */
    uint32_t last;   /* the counter at the previous match check */
    uint32_t mr, lr, cr, imsc, ris;
};

static uint64_t pl031_wall_clock(void)
{
    return (uint64_t)time(NULL);
}

static uint32_t pl031_counter(const PL031 *rtc)
{
    return (uint32_t)rtc->now() + rtc->offset;
}

PL031 *pl031_new(IrqLine irq)
{
    PL031 *rtc = calloc(1, sizeof(*rtc));
    if (!rtc)
        return NULL;
    pthread_mutex_init(&rtc->lock, NULL);
    rtc->irq = irq;
    rtc->now = pl031_wall_clock;
    rtc->cr = 1; /* the counter runs from the start */
    rtc->last = pl031_counter(rtc);
    return rtc;
}

void pl031_free(PL031 *rtc)
{
    if (!rtc)
        return;
    pthread_mutex_destroy(&rtc->lock);
    free(rtc);
}

void pl031_set_clock(PL031 *rtc, uint64_t (*now)(void))
{
    pthread_mutex_lock(&rtc->lock);
    rtc->now = now;
    rtc->last = pl031_counter(rtc);
    pthread_mutex_unlock(&rtc->lock);
}

/* Did the counter pass through RTCMR since the last look? A counter that
 * went back (host clock set back) matches nothing. */
static void pl031_check_match(PL031 *rtc)
{
    uint32_t now = pl031_counter(rtc);
    uint32_t advance = now - rtc->last;
    if ((int32_t)advance > 0 && rtc->mr - rtc->last - 1 < advance)
        rtc->ris = 1;
    rtc->last = now;
}

static void pl031_update_irq(PL031 *rtc)
{
    bool level = (rtc->ris & rtc->imsc) != 0;
    if (level != rtc->irq_level) {
        rtc->irq_level = level;
        irq_set(rtc->irq, level);
    }
}

static uint32_t pl031_read_locked(PL031 *rtc, uint64_t offset)
{
    switch (offset) {
    case RTC_DR: return pl031_counter(rtc);
    case RTC_MR: return rtc->mr;
    case RTC_LR: return rtc->lr;
    case RTC_CR: return rtc->cr;
    case RTC_IMSC: return rtc->imsc;
    case RTC_RIS: return rtc->ris;
    case RTC_MIS: return rtc->ris & rtc->imsc;
    case RTC_ID ... 0xffc: return pl031_id_regs[(offset - RTC_ID) / 4];
    }
    hw_guest_error("pl031: read of offset 0x%llx", (unsigned long long)offset);
    return 0;
}

static void pl031_write_locked(PL031 *rtc, uint64_t offset, uint32_t value)
{
    switch (offset) {
    case RTC_MR: /* a match with the counter as it is now counts */
        rtc->mr = value;
        rtc->last = pl031_counter(rtc) - 1;
        pl031_check_match(rtc);
        return;
    case RTC_LR: /* a jump of the counter passes no match */
        rtc->lr = value;
        rtc->offset = value - (uint32_t)rtc->now();
        rtc->last = value;
        return;
    case RTC_CR: rtc->cr |= value & 1; return; /* only a reset stops it */
    case RTC_IMSC: rtc->imsc = value & 1; return;
    case RTC_ICR: rtc->ris &= ~(value & 1); return;
    }
    hw_guest_error("pl031: write of offset 0x%llx", (unsigned long long)offset);
}

static bool pl031_access_ok(uint64_t offset, unsigned size)
{
    if (size != 4 || offset >= PL031_SIZE) {
        hw_guest_error("pl031: %u-byte access at 0x%llx", size,
                       (unsigned long long)offset);
        return false;
    }
    return true;
}

static uint64_t pl031_read(void *opaque, int cpu, uint64_t offset,
                           unsigned size)
{
    PL031 *rtc = opaque;
    (void)cpu;
    if (!pl031_access_ok(offset, size))
        return 0;
    pthread_mutex_lock(&rtc->lock);
    pl031_check_match(rtc);
    uint32_t value = pl031_read_locked(rtc, offset);
    pl031_update_irq(rtc);
    pthread_mutex_unlock(&rtc->lock);
    return value;
}

static void pl031_write(void *opaque, int cpu, uint64_t offset, uint64_t value,
                        unsigned size)
{
    PL031 *rtc = opaque;
    (void)cpu;
    if (!pl031_access_ok(offset, size))
        return;
    pthread_mutex_lock(&rtc->lock);
    pl031_check_match(rtc);
    pl031_write_locked(rtc, offset, (uint32_t)value);
    pl031_update_irq(rtc);
    pthread_mutex_unlock(&rtc->lock);
}

const MmioOps pl031_ops = {.read = pl031_read, .write = pl031_write};
