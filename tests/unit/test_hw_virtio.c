/*
 * Unit tests of virtio-mmio, the split virtqueue and virtio-blk: the test
 * is the driver, programming the registers and rings in a host-memory
 * GuestRam as Linux would, against a temporary raw image.
 */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "hw/virtio_blk.h"
#include "hw/virtio_mmio.h"

#define RAM_BASE 0x40000000ull
#define RAM_SIZE (16u << 20)
#define DESC_PA (RAM_BASE + 0x1000)
#define AVAIL_PA (RAM_BASE + 0x2000)
#define USED_PA (RAM_BASE + 0x3000)
#define BUF_START 0x10000u
#define QSIZE 256
#define IMAGE_SECTORS 2048 /* 1 MiB */
#define WAIT_MS 5000

#define ALL_FEATURES_LO                                                        \
    ((1u << VIRTIO_BLK_F_SEG_MAX) | (1u << VIRTIO_BLK_F_BLK_SIZE) |            \
     (1u << VIRTIO_BLK_F_FLUSH) | (1u << VIRTIO_RING_F_INDIRECT_DESC))

/* ---- the host side: guest errors, interrupt line, written ranges ---- */

static int guest_errors;

void hw_guest_error(const char *fmt, ...)
{
    (void)fmt;
    __atomic_fetch_add(&guest_errors, 1, __ATOMIC_SEQ_CST);
}

static pthread_mutex_t irq_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t irq_cond = PTHREAD_COND_INITIALIZER;
static bool irq_level;
static int irq_raises;

static void test_irq(void *opaque, int line, bool level)
{
    (void)opaque;
    ck_assert_int_eq(line, 48);
    pthread_mutex_lock(&irq_lock);
    if (level && !irq_level)
        irq_raises++;
    irq_level = level;
    pthread_cond_broadcast(&irq_cond);
    pthread_mutex_unlock(&irq_lock);
}

/* Waits until the line is high; false after WAIT_MS. */
static bool wait_irq(void)
{
    struct timespec deadline;
    bool level;

    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += WAIT_MS / 1000;
    pthread_mutex_lock(&irq_lock);
    while (!irq_level) {
        if (pthread_cond_timedwait(&irq_cond, &irq_lock, &deadline) ==
            ETIMEDOUT)
            break;
    }
    level = irq_level;
    pthread_mutex_unlock(&irq_lock);
    return level;
}

static bool irq_now(void)
{
    pthread_mutex_lock(&irq_lock);
    bool level = irq_level;
    pthread_mutex_unlock(&irq_lock);
    return level;
}

#define WRITTEN_MAX 8192
static pthread_mutex_t written_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
    uint64_t pa, len;
} written[WRITTEN_MAX];
static int written_count;

static void test_written(void *opaque, uint64_t pa, uint64_t len)
{
    (void)opaque;
    pthread_mutex_lock(&written_lock);
    if (written_count < WRITTEN_MAX) {
        written[written_count].pa = pa;
        written[written_count].len = len;
        written_count++;
    }
    pthread_mutex_unlock(&written_lock);
}

/* Whether one reported range covers [pa, pa + len). */
static bool was_written(uint64_t pa, uint64_t len)
{
    bool found = false;
    pthread_mutex_lock(&written_lock);
    for (int i = 0; i < written_count; i++)
        if (written[i].pa <= pa && pa + len <= written[i].pa + written[i].len)
            found = true;
    pthread_mutex_unlock(&written_lock);
    return found;
}

/* ---- the fixture: RAM, image, device, slot ---- */

static GuestRam ram;
static char image_path[64];
static int image_fd;
static VirtioDevice *dev;
static VirtioMmio *mmio;
static uint32_t buf_next;
static uint16_t next_desc, avail_idx;

static uint8_t pattern(uint64_t off)
{
    return (uint8_t)(off * 7 + off / 512 * 13 + 1);
}

static void *host(uint64_t pa)
{
    return ram.host + (pa - RAM_BASE);
}

static uint64_t alloc_buf(uint32_t len)
{
    uint64_t pa = RAM_BASE + buf_next;
    buf_next = (buf_next + len + 15) & ~15u;
    ck_assert_uint_lt(buf_next, RAM_SIZE);
    return pa;
}

static uint32_t rd(VirtioMmio *m, uint64_t off)
{
    return (uint32_t)virtio_mmio_ops.read(m, 0, off, 4);
}

static void wr(VirtioMmio *m, uint64_t off, uint32_t value)
{
    virtio_mmio_ops.write(m, 0, off, value, 4);
}

static void make_device(bool read_only)
{
    char *error = (char *)"unset";
    IrqLine irq = {.fn = test_irq, .opaque = NULL, .line = 48};

    dev = virtio_blk_new(image_path, read_only, &error);
    ck_assert_msg(dev != NULL, "virtio_blk_new: %s", error);
    ck_assert_ptr_null(error);
    mmio = virtio_mmio_new(dev, &ram, irq);
    ck_assert_ptr_nonnull(mmio);
}

static void setup(void)
{
    uint8_t *image = malloc(IMAGE_SECTORS * 512);

    ram.host = aligned_alloc(4096, RAM_SIZE);
    ck_assert_ptr_nonnull(ram.host);
    memset(ram.host, 0, RAM_SIZE);
    ram.base = RAM_BASE;
    ram.size = RAM_SIZE;
    ram.written = test_written;
    ram.opaque = NULL;
    strcpy(image_path, "/tmp/test_hw_virtio.XXXXXX");
    image_fd = mkstemp(image_path);
    ck_assert_int_ge(image_fd, 0);
    for (uint32_t i = 0; i < IMAGE_SECTORS * 512; i++)
        image[i] = pattern(i);
    ck_assert_int_eq(pwrite(image_fd, image, IMAGE_SECTORS * 512, 0),
                     IMAGE_SECTORS * 512);
    free(image);
    guest_errors = 0;
    irq_level = false;
    irq_raises = 0;
    written_count = 0;
    buf_next = BUF_START;
    next_desc = avail_idx = 0;
    make_device(false);
}

static void stop_hammer(void);

static void teardown(void)
{
    stop_hammer();
    virtio_mmio_free(mmio);
    virtio_blk_destroy(dev);
    close(image_fd);
    unlink(image_path);
    free(ram.host);
}

/* ---- the driver ---- */

/* Reset and feature negotiation; returns Status as read back. */
static uint32_t negotiate(uint32_t features_lo, uint32_t features_hi)
{
    wr(mmio, VIRTIO_MMIO_STATUS, 0);
    ck_assert_uint_eq(rd(mmio, VIRTIO_MMIO_STATUS), 0);
    wr(mmio, VIRTIO_MMIO_STATUS, VIRTIO_STATUS_ACKNOWLEDGE);
    wr(mmio, VIRTIO_MMIO_STATUS,
       VIRTIO_STATUS_ACKNOWLEDGE | VIRTIO_STATUS_DRIVER);
    wr(mmio, VIRTIO_MMIO_DRIVER_FEATURES_SEL, 0);
    wr(mmio, VIRTIO_MMIO_DRIVER_FEATURES, features_lo);
    wr(mmio, VIRTIO_MMIO_DRIVER_FEATURES_SEL, 1);
    wr(mmio, VIRTIO_MMIO_DRIVER_FEATURES, features_hi);
    wr(mmio, VIRTIO_MMIO_STATUS,
       VIRTIO_STATUS_ACKNOWLEDGE | VIRTIO_STATUS_DRIVER |
           VIRTIO_STATUS_FEATURES_OK);
    return rd(mmio, VIRTIO_MMIO_STATUS);
}

/* The whole start-up of section 3.1.1 with queue 0 of QSIZE entries. */
static void driver_start(uint32_t features_lo)
{
    ck_assert_uint_eq(negotiate(features_lo, 1), 0xb);
    memset(host(DESC_PA), 0, 0x3000);
    next_desc = avail_idx = 0;
    wr(mmio, VIRTIO_MMIO_QUEUE_SEL, 0);
    ck_assert_uint_eq(rd(mmio, VIRTIO_MMIO_QUEUE_READY), 0);
    ck_assert_uint_eq(rd(mmio, VIRTIO_MMIO_QUEUE_NUM_MAX), 256);
    wr(mmio, VIRTIO_MMIO_QUEUE_NUM, QSIZE);
    wr(mmio, VIRTIO_MMIO_QUEUE_DESC_LOW, (uint32_t)DESC_PA);
    wr(mmio, VIRTIO_MMIO_QUEUE_DESC_HIGH, DESC_PA >> 32);
    wr(mmio, VIRTIO_MMIO_QUEUE_DRIVER_LOW, (uint32_t)AVAIL_PA);
    wr(mmio, VIRTIO_MMIO_QUEUE_DRIVER_HIGH, AVAIL_PA >> 32);
    wr(mmio, VIRTIO_MMIO_QUEUE_DEVICE_LOW, (uint32_t)USED_PA);
    wr(mmio, VIRTIO_MMIO_QUEUE_DEVICE_HIGH, USED_PA >> 32);
    wr(mmio, VIRTIO_MMIO_QUEUE_READY, 1);
    ck_assert_uint_eq(rd(mmio, VIRTIO_MMIO_QUEUE_READY), 1);
    wr(mmio, VIRTIO_MMIO_STATUS, 0xb | VIRTIO_STATUS_DRIVER_OK);
    ck_assert_uint_eq(rd(mmio, VIRTIO_MMIO_STATUS), 0xf);
}

typedef struct Buf {
    uint64_t pa;
    uint32_t len;
    bool write; /* device-writable */
} Buf;

static void put_desc(VirtqDesc *table, unsigned i, const Buf *b, bool next,
                     uint16_t next_index)
{
    table[i].addr = b->pa;
    table[i].len = b->len;
    table[i].flags =
        (b->write ? VIRTQ_DESC_F_WRITE : 0) | (next ? VIRTQ_DESC_F_NEXT : 0);
    table[i].next = next ? next_index : 0;
}

/* Makes a chain of n direct descriptors available; returns its head. */
static uint16_t add_chain(const Buf *bufs, unsigned n)
{
    VirtqDesc *desc = host(DESC_PA);
    VirtqAvail *avail = host(AVAIL_PA);
    uint16_t head = next_desc;

    for (unsigned i = 0; i < n; i++) {
        uint16_t index = (uint16_t)((next_desc + i) % QSIZE);
        put_desc(desc, index, &bufs[i], i + 1 < n,
                 (uint16_t)((index + 1) % QSIZE));
    }
    next_desc = (uint16_t)((next_desc + n) % QSIZE);
    avail->ring[avail_idx % QSIZE] = head;
    avail_idx++;
    __atomic_store_n(&avail->idx, avail_idx, __ATOMIC_RELEASE);
    return head;
}

/* Makes one indirect descriptor over a table of n available. */
static uint16_t add_indirect(const Buf *bufs, unsigned n)
{
    uint64_t table_pa = alloc_buf(16 * n);
    Buf ind = {table_pa, 16 * n, false};
    VirtqDesc *desc = host(DESC_PA);
    uint16_t head;

    for (unsigned i = 0; i < n; i++)
        put_desc(host(table_pa), i, &bufs[i], i + 1 < n, (uint16_t)(i + 1));
    head = add_chain(&ind, 1);
    desc[head].flags = VIRTQ_DESC_F_INDIRECT;
    return head;
}

static VirtqUsed *used_ring(void)
{
    return host(USED_PA);
}

static uint16_t used_idx(void)
{
    return __atomic_load_n(&used_ring()->idx, __ATOMIC_ACQUIRE);
}

/*
 * Interrupt, InterruptStatus 1, ACK, until used->idx is target. As in
 * Linux's vm_interrupt, the ring is read after the ACK: read before, a
 * completion landing in between would leave no interrupt to wait for.
 * The device publishes idx before it interrupts: wait for one at least.
 */
static void wait_used(uint16_t target)
{
    int tries = 0;

    do {
        ck_assert_msg(wait_irq(), "no interrupt (used idx %u, want %u)",
                      used_idx(), target);
        ck_assert_uint_eq(rd(mmio, VIRTIO_MMIO_INTERRUPT_STATUS),
                          VIRTIO_INT_VRING);
        wr(mmio, VIRTIO_MMIO_INTERRUPT_ACK, VIRTIO_INT_VRING);
    } while (used_idx() != target && ++tries < 1000);
    ck_assert_uint_eq(used_idx(), target);
}

typedef struct Request {
    uint16_t head;
    uint64_t header_pa, data_pa, status_pa;
} Request;

/* A request as Linux lays it out: header, data (if len), status. */
static Request blk_request(uint32_t type, uint64_t sector, uint32_t len,
                           bool data_in)
{
    Request r;
    Buf bufs[3];
    unsigned n = 0;

    r.header_pa = alloc_buf(16);
    r.data_pa = len ? alloc_buf(len) : 0;
    r.status_pa = alloc_buf(1);
    uint32_t *h32 = host(r.header_pa);
    h32[0] = type;
    h32[1] = 0;
    memcpy(h32 + 2, &sector, 8);
    *(uint8_t *)host(r.status_pa) = 0xee;
    bufs[n++] = (Buf){r.header_pa, 16, false};
    if (len)
        bufs[n++] = (Buf){r.data_pa, len, data_in};
    bufs[n++] = (Buf){r.status_pa, 1, true};
    r.head = add_chain(bufs, n);
    return r;
}

static uint8_t status_of(const Request *r)
{
    return *(uint8_t *)host(r->status_pa);
}

/* The used element of the request completed n-th (0-based). */
static VirtqUsedElem used_elem(unsigned n)
{
    return used_ring()->ring[n % QSIZE];
}

static void check_image(uint64_t offset, const uint8_t *expect, size_t len)
{
    uint8_t *got = malloc(len);
    ck_assert_int_eq(pread(image_fd, got, len, (off_t)offset), (ssize_t)len);
    ck_assert_mem_eq(got, expect, len);
    free(got);
}

static void check_pattern(const uint8_t *data, uint64_t offset, size_t len)
{
    for (size_t i = 0; i < len; i++)
        ck_assert_msg(data[i] == pattern(offset + i),
                      "byte %zu: 0x%02x, want 0x%02x", i, data[i],
                      pattern(offset + i));
}

/* ---- tests ---- */

START_TEST(test_empty_slot)
{
    IrqLine irq = {.fn = test_irq, .opaque = NULL, .line = 48};
    VirtioMmio *empty = virtio_mmio_new(NULL, &ram, irq);

    ck_assert_uint_eq(rd(empty, VIRTIO_MMIO_MAGIC_VALUE), 0x74726976);
    ck_assert_uint_eq(rd(empty, VIRTIO_MMIO_VERSION), 2);
    ck_assert_uint_eq(rd(empty, VIRTIO_MMIO_DEVICE_ID), 0);
    ck_assert_uint_eq(rd(empty, VIRTIO_MMIO_VENDOR_ID), 0);
    ck_assert_uint_eq(rd(empty, VIRTIO_MMIO_DEVICE_FEATURES), 0);
    ck_assert_uint_eq(rd(empty, VIRTIO_MMIO_QUEUE_NUM_MAX), 0);
    wr(empty, VIRTIO_MMIO_STATUS, VIRTIO_STATUS_ACKNOWLEDGE);
    wr(empty, VIRTIO_MMIO_QUEUE_NOTIFY, 0);
    ck_assert_uint_eq(rd(empty, VIRTIO_MMIO_STATUS), 0);
    ck_assert_uint_eq(virtio_mmio_ops.read(empty, 0, 0x100, 4), 0);
    ck_assert(!irq_now());
    virtio_mmio_free(empty);
}
END_TEST

START_TEST(test_registers_and_config)
{
    ck_assert_uint_eq(rd(mmio, VIRTIO_MMIO_MAGIC_VALUE), 0x74726976);
    ck_assert_uint_eq(rd(mmio, VIRTIO_MMIO_VERSION), 2);
    ck_assert_uint_eq(rd(mmio, VIRTIO_MMIO_DEVICE_ID), 2);
    ck_assert_uint_eq(rd(mmio, VIRTIO_MMIO_VENDOR_ID), 0x00585241);
    ck_assert_uint_eq(rd(mmio, VIRTIO_MMIO_STATUS), 0);
    ck_assert_uint_eq(rd(mmio, VIRTIO_MMIO_INTERRUPT_STATUS), 0);
    ck_assert_uint_eq(rd(mmio, VIRTIO_MMIO_CONFIG_GENERATION), 0);
    wr(mmio, VIRTIO_MMIO_DEVICE_FEATURES_SEL, 0);
    ck_assert_uint_eq(rd(mmio, VIRTIO_MMIO_DEVICE_FEATURES), ALL_FEATURES_LO);
    wr(mmio, VIRTIO_MMIO_DEVICE_FEATURES_SEL, 1);
    ck_assert_uint_eq(rd(mmio, VIRTIO_MMIO_DEVICE_FEATURES), 1);
    wr(mmio, VIRTIO_MMIO_DEVICE_FEATURES_SEL, 2);
    ck_assert_uint_eq(rd(mmio, VIRTIO_MMIO_DEVICE_FEATURES), 0);
    wr(mmio, VIRTIO_MMIO_QUEUE_SEL, 0);
    ck_assert_uint_eq(rd(mmio, VIRTIO_MMIO_QUEUE_NUM_MAX), 256);
    wr(mmio, VIRTIO_MMIO_QUEUE_SEL, 1);
    ck_assert_uint_eq(rd(mmio, VIRTIO_MMIO_QUEUE_NUM_MAX), 0);
    ck_assert_int_eq(guest_errors, 0);

    /* Config space, in the access sizes Linux uses. */
    ck_assert_uint_eq(rd(mmio, 0x100), IMAGE_SECTORS);
    ck_assert_uint_eq(rd(mmio, 0x104), 0);
    ck_assert_uint_eq(virtio_mmio_ops.read(mmio, 0, 0x100, 8), IMAGE_SECTORS);
    ck_assert_uint_eq(virtio_mmio_ops.read(mmio, 0, 0x101, 1),
                      IMAGE_SECTORS >> 8);
    ck_assert_uint_eq(rd(mmio, 0x10c), 254);
    ck_assert_uint_eq(rd(mmio, 0x114), 512);
    ck_assert_uint_eq(virtio_mmio_ops.read(mmio, 0, 0x114, 2), 512);
    ck_assert_uint_eq(virtio_mmio_ops.read(mmio, 0, 0x122, 2), 1);
    ck_assert_int_eq(guest_errors, 0);
    /* Beyond the 36 bytes of config, and a register read as a byte. */
    ck_assert_uint_eq(rd(mmio, 0x124), 0);
    ck_assert_int_eq(guest_errors, 1);
    ck_assert_uint_eq(virtio_mmio_ops.read(mmio, 0, 0, 1), 0);
    ck_assert_int_eq(guest_errors, 2);
    wr(mmio, 0x100, 0);
    ck_assert_int_eq(guest_errors, 3);
    ck_assert_uint_eq(rd(mmio, 0x100), IMAGE_SECTORS);
}
END_TEST

START_TEST(test_features_ok_refused)
{
    /* No VIRTIO_F_VERSION_1: a legacy driver, which we do not serve. */
    ck_assert_uint_eq(negotiate(1u << VIRTIO_BLK_F_FLUSH, 0), 3);
    ck_assert_int_eq(guest_errors, 1);
    /* A feature that was not offered. */
    ck_assert_uint_eq(negotiate(1u << VIRTIO_BLK_F_SIZE_MAX, 1), 3);
    ck_assert_int_eq(guest_errors, 2);
    ck_assert_uint_eq(negotiate(ALL_FEATURES_LO, 1), 0xb);
    /* After FEATURES_OK the features are fixed. */
    wr(mmio, VIRTIO_MMIO_DRIVER_FEATURES_SEL, 1);
    wr(mmio, VIRTIO_MMIO_DRIVER_FEATURES, 0);
    ck_assert_int_eq(guest_errors, 3);
    ck_assert(virtio_has_feature(dev, VIRTIO_F_VERSION_1));
    ck_assert(virtio_has_feature(dev, VIRTIO_RING_F_INDIRECT_DESC));
    wr(mmio, VIRTIO_MMIO_STATUS, 0);
    ck_assert_uint_eq(rd(mmio, VIRTIO_MMIO_STATUS), 0);
    ck_assert(!virtio_has_feature(dev, VIRTIO_F_VERSION_1));
}
END_TEST

START_TEST(test_read_three_descriptors)
{
    driver_start(ALL_FEATURES_LO);
    Request r = blk_request(VIRTIO_BLK_T_IN, 3, 1024, true);
    ck_assert_uint_eq(r.head, 0);
    wr(mmio, VIRTIO_MMIO_QUEUE_NOTIFY, 0);
    wait_used(1);
    ck_assert_uint_eq(used_elem(0).id, 0);
    ck_assert_uint_eq(used_elem(0).len, 1025);
    ck_assert_uint_eq(status_of(&r), VIRTIO_BLK_S_OK);
    check_pattern(host(r.data_pa), 3 * 512, 1024);
    ck_assert(was_written(r.data_pa, 1024));
    ck_assert(was_written(r.status_pa, 1));
    ck_assert(was_written(USED_PA + 4, 8));
    ck_assert(was_written(USED_PA + 2, 2));
    /* One request, one interrupt, acknowledged: the line is low. */
    ck_assert_uint_eq(rd(mmio, VIRTIO_MMIO_INTERRUPT_STATUS), 0);
    ck_assert(!irq_now());
    ck_assert_int_eq(irq_raises, 1);
    ck_assert_int_eq(guest_errors, 0);

    /* A second one lands in the next used slot. */
    r = blk_request(VIRTIO_BLK_T_IN, 0, 512, true);
    ck_assert_uint_eq(r.head, 3);
    wr(mmio, VIRTIO_MMIO_QUEUE_NOTIFY, 0);
    wait_used(2);
    ck_assert_uint_eq(used_elem(1).id, 3);
    ck_assert_uint_eq(used_elem(1).len, 513);
    check_pattern(host(r.data_pa), 0, 512);
}
END_TEST

START_TEST(test_write_and_flush)
{
    uint8_t expect[1536];

    driver_start(ALL_FEATURES_LO);
    Request r = blk_request(VIRTIO_BLK_T_OUT, 10, 512, false);
    for (int i = 0; i < 512; i++)
        ((uint8_t *)host(r.data_pa))[i] = (uint8_t)(0xa5 ^ i);
    wr(mmio, VIRTIO_MMIO_QUEUE_NOTIFY, 0);
    wait_used(1);
    ck_assert_uint_eq(used_elem(0).id, r.head);
    ck_assert_uint_eq(used_elem(0).len, 1);
    ck_assert_uint_eq(status_of(&r), VIRTIO_BLK_S_OK);
    for (int i = 0; i < 512; i++)
        expect[512 + i] = (uint8_t)(0xa5 ^ i);
    for (int i = 0; i < 512; i++) {
        expect[i] = pattern(9 * 512 + i);
        expect[1024 + i] = pattern(11 * 512 + i);
    }
    check_image(9 * 512, expect, sizeof(expect));

    r = blk_request(VIRTIO_BLK_T_FLUSH, 0, 0, false);
    wr(mmio, VIRTIO_MMIO_QUEUE_NOTIFY, 0);
    wait_used(2);
    ck_assert_uint_eq(used_elem(1).id, r.head);
    ck_assert_uint_eq(used_elem(1).len, 1);
    ck_assert_uint_eq(status_of(&r), VIRTIO_BLK_S_OK);
    ck_assert_int_eq(guest_errors, 0);
}
END_TEST

/* Header and data in one readable buffer, data and status in one
 * writable buffer: virtio 1 lets the driver frame requests any way. */
START_TEST(test_any_layout)
{
    uint8_t data[1024];

    driver_start(ALL_FEATURES_LO);
    uint64_t out = alloc_buf(16 + 1024), in = alloc_buf(1);
    uint32_t header[4] = {VIRTIO_BLK_T_OUT, 0, 100, 0};
    memcpy(host(out), header, 16);
    for (int i = 0; i < 1024; i++)
        data[i] = (uint8_t)(i * 3);
    memcpy((uint8_t *)host(out) + 16, data, 1024);
    Buf w[2] = {{out, 16 + 1024, false}, {in, 1, true}};
    add_chain(w, 2);
    wr(mmio, VIRTIO_MMIO_QUEUE_NOTIFY, 0);
    wait_used(1);
    ck_assert_uint_eq(*(uint8_t *)host(in), VIRTIO_BLK_S_OK);
    check_image(100 * 512, data, 1024);

    uint64_t hdr = alloc_buf(16), in2 = alloc_buf(512 + 1);
    header[0] = VIRTIO_BLK_T_IN;
    header[2] = 101;
    memcpy(host(hdr), header, 16);
    Buf r[2] = {{hdr, 16, false}, {in2, 513, true}};
    add_chain(r, 2);
    wr(mmio, VIRTIO_MMIO_QUEUE_NOTIFY, 0);
    wait_used(2);
    ck_assert_uint_eq(used_elem(1).len, 513);
    ck_assert_mem_eq(host(in2), data + 512, 512);
    ck_assert_uint_eq(((uint8_t *)host(in2))[512], VIRTIO_BLK_S_OK);
}
END_TEST

START_TEST(test_get_id)
{
    char expect[20] = "arx-virtio-blk";

    driver_start(ALL_FEATURES_LO);
    Request r = blk_request(VIRTIO_BLK_T_GET_ID, 0, 20, true);
    memset(host(r.data_pa), 0xff, 20);
    wr(mmio, VIRTIO_MMIO_QUEUE_NOTIFY, 0);
    wait_used(1);
    ck_assert_uint_eq(status_of(&r), VIRTIO_BLK_S_OK);
    ck_assert_uint_eq(used_elem(0).len, 21);
    ck_assert_mem_eq(host(r.data_pa), expect, 20);
    ck_assert(was_written(r.data_pa, 20));

    /* A shorter buffer gets what fits. */
    r = blk_request(VIRTIO_BLK_T_GET_ID, 0, 8, true);
    memset(host(r.data_pa), 0xff, 9);
    wr(mmio, VIRTIO_MMIO_QUEUE_NOTIFY, 0);
    wait_used(2);
    ck_assert_uint_eq(used_elem(1).len, 9);
    ck_assert_mem_eq(host(r.data_pa), "arx-virt", 8);
    ck_assert_uint_eq(((uint8_t *)host(r.data_pa))[8], 0xff);
}
END_TEST

START_TEST(test_out_of_range_and_unsupported)
{
    struct {
        uint32_t type;
        uint64_t sector;
        uint32_t len;
        uint8_t status;
    } cases[] = {
        {VIRTIO_BLK_T_IN, IMAGE_SECTORS - 1, 1024, VIRTIO_BLK_S_IOERR},
        {VIRTIO_BLK_T_IN, IMAGE_SECTORS, 512, VIRTIO_BLK_S_IOERR},
        {VIRTIO_BLK_T_OUT, IMAGE_SECTORS, 512, VIRTIO_BLK_S_IOERR},
        {VIRTIO_BLK_T_IN, UINT64_MAX, 512, VIRTIO_BLK_S_IOERR},
        {VIRTIO_BLK_T_IN, 1ull << 55, 512, VIRTIO_BLK_S_IOERR},
        {VIRTIO_BLK_T_IN, 0, 100, VIRTIO_BLK_S_IOERR}, /* not sectors */
        {VIRTIO_BLK_T_IN, IMAGE_SECTORS - 1, 512, VIRTIO_BLK_S_OK},
        {99, 0, 512, VIRTIO_BLK_S_UNSUPP},
        {VIRTIO_BLK_T_OUT + 2, 0, 0, VIRTIO_BLK_S_UNSUPP},
    };
    unsigned n = sizeof(cases) / sizeof(cases[0]);
    Request r[9];

    driver_start(ALL_FEATURES_LO);
    for (unsigned i = 0; i < n; i++)
        r[i] = blk_request(cases[i].type, cases[i].sector, cases[i].len,
                           cases[i].type != VIRTIO_BLK_T_OUT);
    wr(mmio, VIRTIO_MMIO_QUEUE_NOTIFY, 0);
    wait_used((uint16_t)n);
    for (unsigned i = 0; i < n; i++) {
        ck_assert_msg(status_of(&r[i]) == cases[i].status,
                      "case %u: status %u, want %u", i, status_of(&r[i]),
                      cases[i].status);
        /* Find its used element: completions may come in any order. */
        bool found = false;
        for (unsigned u = 0; u < n; u++) {
            if (used_elem(u).id == r[i].head) {
                uint32_t want =
                    cases[i].status == VIRTIO_BLK_S_OK ? cases[i].len + 1 : 1;
                ck_assert_uint_eq(used_elem(u).len, want);
                found = true;
            }
        }
        ck_assert_msg(found, "case %u: no used element", i);
    }
    ck_assert_int_eq(guest_errors, 0);
    check_pattern(host(r[6].data_pa), (IMAGE_SECTORS - 1) * 512ull, 512);
}
END_TEST

START_TEST(test_indirect)
{
    driver_start(ALL_FEATURES_LO);
    uint64_t header = alloc_buf(16), data = alloc_buf(2048),
             status = alloc_buf(1);
    uint32_t h[4] = {VIRTIO_BLK_T_IN, 0, 40, 0};
    memcpy(host(header), h, 16);
    Buf bufs[4] = {{header, 16, false},
                   {data, 1024, true},
                   {data + 1024, 1024, true},
                   {status, 1, true}};
    uint16_t head = add_indirect(bufs, 4);
    wr(mmio, VIRTIO_MMIO_QUEUE_NOTIFY, 0);
    wait_used(1);
    ck_assert_uint_eq(used_elem(0).id, head);
    ck_assert_uint_eq(used_elem(0).len, 2049);
    ck_assert_uint_eq(*(uint8_t *)host(status), VIRTIO_BLK_S_OK);
    check_pattern(host(data), 40 * 512, 2048);
    ck_assert_int_eq(guest_errors, 0);
}
END_TEST

/* Status NEEDS_RESET with a configuration interrupt, nothing used. */
static void check_needs_reset(uint16_t used_before)
{
    ck_assert_int_ge(guest_errors, 1);
    ck_assert(wait_irq());
    ck_assert_uint_eq(rd(mmio, VIRTIO_MMIO_STATUS),
                      0xf | VIRTIO_STATUS_NEEDS_RESET);
    ck_assert_uint_eq(rd(mmio, VIRTIO_MMIO_INTERRUPT_STATUS),
                      VIRTIO_INT_CONFIG);
    ck_assert_uint_eq(used_idx(), used_before);
}

START_TEST(test_descriptor_outside_ram)
{
    driver_start(ALL_FEATURES_LO);
    Request r = blk_request(VIRTIO_BLK_T_IN, 0, 512, true);
    VirtqDesc *desc = host(DESC_PA);
    desc[r.head + 1].addr = RAM_BASE + RAM_SIZE - 256; /* runs past the end */
    wr(mmio, VIRTIO_MMIO_QUEUE_NOTIFY, 0);
    check_needs_reset(0);
    ck_assert_uint_eq(status_of(&r), 0xee);

    /* Further notifies are ignored until a reset. */
    int errors = guest_errors;
    blk_request(VIRTIO_BLK_T_IN, 0, 512, true);
    wr(mmio, VIRTIO_MMIO_QUEUE_NOTIFY, 0);
    usleep(20000);
    ck_assert_uint_eq(used_idx(), 0);
    ck_assert_int_eq(guest_errors, errors);

    wr(mmio, VIRTIO_MMIO_STATUS, 0);
    ck_assert_uint_eq(rd(mmio, VIRTIO_MMIO_STATUS), 0);
    ck_assert_uint_eq(rd(mmio, VIRTIO_MMIO_INTERRUPT_STATUS), 0);
    ck_assert(!irq_now());

    /* The device works again after a fresh start. */
    driver_start(ALL_FEATURES_LO);
    r = blk_request(VIRTIO_BLK_T_IN, 5, 512, true);
    wr(mmio, VIRTIO_MMIO_QUEUE_NOTIFY, 0);
    wait_used(1);
    ck_assert_uint_eq(status_of(&r), VIRTIO_BLK_S_OK);
    check_pattern(host(r.data_pa), 5 * 512, 512);
}
END_TEST

START_TEST(test_bad_chains)
{
    /* A loop: the head names itself as next. */
    driver_start(ALL_FEATURES_LO);
    Request r = blk_request(VIRTIO_BLK_T_IN, 0, 512, true);
    VirtqDesc *desc = host(DESC_PA);
    desc[r.head].next = r.head;
    wr(mmio, VIRTIO_MMIO_QUEUE_NOTIFY, 0);
    check_needs_reset(0);

    /* An indirect descriptor the driver did not negotiate. */
    guest_errors = 0;
    driver_start(ALL_FEATURES_LO & ~(1u << VIRTIO_RING_F_INDIRECT_DESC));
    Buf b[3] = {{alloc_buf(16), 16, false},
                {alloc_buf(512), 512, true},
                {alloc_buf(1), 1, true}};
    add_indirect(b, 3);
    wr(mmio, VIRTIO_MMIO_QUEUE_NOTIFY, 0);
    check_needs_reset(0);

    /* A readable buffer after a writable one. */
    guest_errors = 0;
    driver_start(ALL_FEATURES_LO);
    Buf c[3] = {{alloc_buf(16), 16, false},
                {alloc_buf(1), 1, true},
                {alloc_buf(512), 512, false}};
    add_chain(c, 3);
    wr(mmio, VIRTIO_MMIO_QUEUE_NOTIFY, 0);
    check_needs_reset(0);

    /* A ring placed outside RAM. */
    guest_errors = 0;
    ck_assert_uint_eq(negotiate(ALL_FEATURES_LO, 1), 0xb);
    wr(mmio, VIRTIO_MMIO_QUEUE_NUM, QSIZE);
    wr(mmio, VIRTIO_MMIO_QUEUE_DESC_LOW, 0x1000);
    wr(mmio, VIRTIO_MMIO_QUEUE_DRIVER_LOW, (uint32_t)AVAIL_PA);
    wr(mmio, VIRTIO_MMIO_QUEUE_DEVICE_LOW, (uint32_t)USED_PA);
    wr(mmio, VIRTIO_MMIO_QUEUE_READY, 1);
    ck_assert_int_eq(guest_errors, 1);
    ck_assert_uint_eq(rd(mmio, VIRTIO_MMIO_STATUS),
                      0xb | VIRTIO_STATUS_NEEDS_RESET);
}
END_TEST

START_TEST(test_no_interrupt)
{
    driver_start(ALL_FEATURES_LO);
    VirtqAvail *avail = host(AVAIL_PA);
    avail->flags = VIRTQ_AVAIL_F_NO_INTERRUPT;
    Request r = blk_request(VIRTIO_BLK_T_IN, 1, 512, true);
    wr(mmio, VIRTIO_MMIO_QUEUE_NOTIFY, 0);
    for (int i = 0; i < 500 && used_idx() != 1; i++)
        usleep(10000);
    ck_assert_uint_eq(used_idx(), 1);
    ck_assert_uint_eq(status_of(&r), VIRTIO_BLK_S_OK);
    ck_assert_int_eq(irq_raises, 0);
    ck_assert_uint_eq(rd(mmio, VIRTIO_MMIO_INTERRUPT_STATUS), 0);

    avail->flags = 0;
    blk_request(VIRTIO_BLK_T_IN, 2, 512, true);
    wr(mmio, VIRTIO_MMIO_QUEUE_NOTIFY, 0);
    wait_used(2);
    ck_assert_int_eq(irq_raises, 1);
}
END_TEST

START_TEST(test_read_only)
{
    uint8_t expect[512];

    virtio_mmio_free(mmio);
    virtio_blk_destroy(dev);
    make_device(true);
    ck_assert_uint_eq(rd(mmio, VIRTIO_MMIO_DEVICE_FEATURES),
                      ALL_FEATURES_LO | (1u << VIRTIO_BLK_F_RO));
    driver_start(ALL_FEATURES_LO | (1u << VIRTIO_BLK_F_RO));
    Request w = blk_request(VIRTIO_BLK_T_OUT, 4, 512, false);
    memset(host(w.data_pa), 0x5a, 512);
    Request r = blk_request(VIRTIO_BLK_T_IN, 4, 512, true);
    wr(mmio, VIRTIO_MMIO_QUEUE_NOTIFY, 0);
    wait_used(2);
    ck_assert_uint_eq(status_of(&w), VIRTIO_BLK_S_IOERR);
    ck_assert_uint_eq(status_of(&r), VIRTIO_BLK_S_OK);
    check_pattern(host(r.data_pa), 4 * 512, 512);
    for (int i = 0; i < 512; i++)
        expect[i] = pattern(4 * 512 + i);
    check_image(4 * 512, expect, 512);
}
END_TEST

/* Many requests in flight; reset returns only when all have completed. */
START_TEST(test_reset_waits_for_in_flight)
{
    enum { N = 64, LEN = 8192 };
    Request r[N];

    driver_start(ALL_FEATURES_LO);
    for (int i = 0; i < N; i++) {
        r[i] = blk_request(VIRTIO_BLK_T_OUT, (uint64_t)i * (LEN / 512), LEN,
                           false);
        memset(host(r[i].data_pa), i + 1, LEN);
    }
    wr(mmio, VIRTIO_MMIO_QUEUE_NOTIFY, 0);
    wr(mmio, VIRTIO_MMIO_STATUS, 0);
    ck_assert_uint_eq(used_idx(), N);
    for (int i = 0; i < N; i++)
        ck_assert_uint_eq(status_of(&r[i]), VIRTIO_BLK_S_OK);
    ck_assert_uint_eq(rd(mmio, VIRTIO_MMIO_STATUS), 0);
    ck_assert_uint_eq(rd(mmio, VIRTIO_MMIO_INTERRUPT_STATUS), 0);
    ck_assert(!irq_now());
    for (int i = 0; i < N; i++) {
        uint8_t expect[LEN];
        memset(expect, i + 1, LEN);
        check_image((uint64_t)i * LEN, expect, LEN);
    }
}
END_TEST

START_TEST(test_flush_at_exit)
{
    uint8_t expect[1024];

    driver_start(ALL_FEATURES_LO);
    Request w = blk_request(VIRTIO_BLK_T_OUT, 20, 1024, false);
    memset(host(w.data_pa), 0x3c, 1024);
    wr(mmio, VIRTIO_MMIO_QUEUE_NOTIFY, 0);
    virtio_blk_flush(dev); /* waits for the write */
    ck_assert_uint_eq(used_idx(), 1);
    ck_assert_uint_eq(status_of(&w), VIRTIO_BLK_S_OK);
    memset(expect, 0x3c, 1024);
    check_image(20 * 512, expect, 1024);
    /* The device goes on working after a flush. */
    Request r = blk_request(VIRTIO_BLK_T_IN, 20, 512, true);
    wr(mmio, VIRTIO_MMIO_QUEUE_NOTIFY, 0);
    wait_used(2);
    ck_assert_mem_eq(host(r.data_pa), expect, 512);
}
END_TEST

static bool hammer_stop;
static bool hammer_running;
static pthread_t hammer;

/* Also from teardown: a failed check must not leave it running. */
static void stop_hammer(void)
{
    if (!hammer_running)
        return;
    __atomic_store_n(&hammer_stop, true, __ATOMIC_RELAXED);
    pthread_join(hammer, NULL);
    hammer_running = false;
}

/* A second vCPU notifying without cause, as is legal, all along. */
static void *hammer_notify(void *opaque)
{
    (void)opaque;
    while (!__atomic_load_n(&hammer_stop, __ATOMIC_RELAXED)) {
        wr(mmio, VIRTIO_MMIO_QUEUE_NOTIFY, 0);
        sched_yield();
    }
    return NULL;
}

/* Rounds of 16 writes and 16 reads of the previous round's writes, with
 * notifies and completions racing on other threads. */
START_TEST(test_stress_concurrent_notify)
{
    enum { ROUNDS = 40, PER = 16, LEN = 4096, SECTORS = LEN / 512 };
    Request w[PER], r[PER];
    uint16_t done = 0;

    driver_start(ALL_FEATURES_LO);
    hammer_stop = false;
    ck_assert_int_eq(pthread_create(&hammer, NULL, hammer_notify, NULL), 0);
    hammer_running = true;
    for (int round = 0; round < ROUNDS; round++) {
        buf_next = BUF_START;
        for (int i = 0; i < PER; i++) {
            uint64_t slot = (uint64_t)(round % 2) * PER + i;
            w[i] = blk_request(VIRTIO_BLK_T_OUT, slot * SECTORS, LEN, false);
            memset(host(w[i].data_pa), round * PER + i, LEN);
            if (round > 0)
                r[i] = blk_request(VIRTIO_BLK_T_IN,
                                   (uint64_t)((round - 1) % 2) * PER * SECTORS +
                                       i * SECTORS,
                                   LEN, true);
        }
        done += round > 0 ? 2 * PER : PER;
        wr(mmio, VIRTIO_MMIO_QUEUE_NOTIFY, 0);
        wait_used(done);
        for (int i = 0; i < PER; i++) {
            ck_assert_uint_eq(status_of(&w[i]), VIRTIO_BLK_S_OK);
            if (round == 0)
                continue;
            ck_assert_uint_eq(status_of(&r[i]), VIRTIO_BLK_S_OK);
            uint8_t *got = host(r[i].data_pa);
            uint8_t want = (uint8_t)((round - 1) * PER + i);
            ck_assert_uint_eq(got[0], want);
            ck_assert_uint_eq(got[LEN - 1], want);
        }
    }
    stop_hammer();
    ck_assert_int_eq(guest_errors, 0);
}
END_TEST

START_TEST(test_destroy_and_open_errors)
{
    char *error = NULL;

    driver_start(ALL_FEATURES_LO);
    Request w = blk_request(VIRTIO_BLK_T_OUT, 7, 512, false);
    memset(host(w.data_pa), 0x77, 512);
    wr(mmio, VIRTIO_MMIO_QUEUE_NOTIFY, 0);
    /* Destroy without waiting: it must finish the write first. */
    virtio_mmio_free(mmio);
    virtio_blk_destroy(dev);
    ck_assert_uint_eq(status_of(&w), VIRTIO_BLK_S_OK);
    uint8_t expect[512];
    memset(expect, 0x77, 512);
    check_image(7 * 512, expect, 512);

    ck_assert_ptr_null(virtio_blk_new("/nonexistent/disk.img", false, &error));
    ck_assert_ptr_nonnull(error);
    ck_assert_str_eq(error,
                     "/nonexistent/disk.img: open: No such file or directory");
    free(error);
    make_device(false); /* for teardown */
}
END_TEST

static Suite *hw_virtio_suite(void)
{
    Suite *s = suite_create("hw_virtio");
    TCase *tc = tcase_create("virtio");

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, test_empty_slot);
    tcase_add_test(tc, test_registers_and_config);
    tcase_add_test(tc, test_features_ok_refused);
    tcase_add_test(tc, test_read_three_descriptors);
    tcase_add_test(tc, test_write_and_flush);
    tcase_add_test(tc, test_any_layout);
    tcase_add_test(tc, test_get_id);
    tcase_add_test(tc, test_out_of_range_and_unsupported);
    tcase_add_test(tc, test_indirect);
    tcase_add_test(tc, test_descriptor_outside_ram);
    tcase_add_test(tc, test_bad_chains);
    tcase_add_test(tc, test_no_interrupt);
    tcase_add_test(tc, test_read_only);
    tcase_add_test(tc, test_reset_waits_for_in_flight);
    tcase_add_test(tc, test_flush_at_exit);
    tcase_add_test(tc, test_stress_concurrent_notify);
    tcase_add_test(tc, test_destroy_and_open_errors);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(hw_virtio_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
