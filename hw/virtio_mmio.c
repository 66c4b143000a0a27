/*
 * virtio-mmio version 2 (virtio 1.1 section 4.2): the register window a
 * driver programs, turned into calls on a VirtioDevice. Must not do any
 * device work itself; all state is guarded by the device's lock.
 */
#include "hw/virtio_mmio.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

struct VirtioMmio {
    VirtioDevice *dev; /* NULL: an empty slot */
    GuestRam *ram;
    IrqLine irq;
    /* Guarded by dev->lock. */
    uint32_t device_features_sel;
    uint32_t driver_features_sel;
    uint32_t queue_sel;
    uint64_t driver_features;
    uint32_t interrupt_status;
};

/* dev->interrupt: called with dev->lock held. */
static void virtio_mmio_interrupt(void *opaque, uint32_t cause)
{
    VirtioMmio *mmio = opaque;

    mmio->interrupt_status |= cause;
    irq_set(mmio->irq, true);
}

VirtioMmio *virtio_mmio_new(VirtioDevice *dev, GuestRam *ram, IrqLine irq)
{
    VirtioMmio *mmio = calloc(1, sizeof(*mmio));
    if (!mmio)
        return NULL;
    mmio->dev = dev;
    mmio->ram = ram;
    mmio->irq = irq;
    if (dev) {
        dev->ram = ram;
        dev->interrupt = virtio_mmio_interrupt;
        dev->transport = mmio;
    }
    return mmio;
}

void virtio_mmio_free(VirtioMmio *mmio)
{
    /* Under the lock: the completion thread may be interrupting now. */
    if (mmio && mmio->dev) {
        pthread_mutex_lock(&mmio->dev->lock);
        mmio->dev->interrupt = NULL;
        mmio->dev->transport = NULL;
        pthread_mutex_unlock(&mmio->dev->lock);
    }
    free(mmio);
}

/* The queue QueueSel names, or NULL beyond the device's queues. */
static VirtQueue *virtio_mmio_queue(VirtioMmio *mmio)
{
    if (mmio->queue_sel >= mmio->dev->num_queues)
        return NULL;
    return &mmio->dev->queue[mmio->queue_sel];
}

static void virtio_mmio_reset(VirtioMmio *mmio)
{
    VirtioDevice *dev = mmio->dev;

    /* Status 0 first: notifies arriving while we wait are ignored. */
    dev->status = 0;
    if (dev->ops->reset)
        dev->ops->reset(dev);
    for (unsigned i = 0; i < VIRTIO_QUEUES_MAX; i++)
        virtq_reset(&dev->queue[i], dev->queue_num_max);
    dev->guest_features = 0;
    mmio->driver_features = 0;
    mmio->device_features_sel = 0;
    mmio->driver_features_sel = 0;
    mmio->queue_sel = 0;
    mmio->interrupt_status = 0;
    irq_set(mmio->irq, false);
}

static bool virtio_mmio_features_ok(VirtioMmio *mmio)
{
    uint64_t features = mmio->driver_features;

    if (!(features & (1ull << VIRTIO_F_VERSION_1))) {
        hw_guest_error("virtio-mmio: driver did not accept VIRTIO_F_VERSION_1");
        return false;
    }
    if (features & ~mmio->dev->host_features) {
        hw_guest_error("virtio-mmio: driver accepted unoffered features "
                       "0x%" PRIx64,
                       features & ~mmio->dev->host_features);
        return false;
    }
    return true;
}

static void virtio_mmio_set_status(VirtioMmio *mmio, uint32_t value)
{
    VirtioDevice *dev = mmio->dev;
    uint8_t old = dev->status;

    if (value == 0) {
        virtio_mmio_reset(mmio);
        return;
    }
    /* Refusing FEATURES_OK: the driver reads Status back and gives up. */
    if ((value & VIRTIO_STATUS_FEATURES_OK) &&
        !(old & VIRTIO_STATUS_FEATURES_OK)) {
        if (virtio_mmio_features_ok(mmio))
            dev->guest_features = mmio->driver_features;
        else
            value &= ~VIRTIO_STATUS_FEATURES_OK;
    }
    dev->status = (value & 0xff) | (old & VIRTIO_STATUS_NEEDS_RESET);
}

static void virtio_mmio_queue_ready(VirtioMmio *mmio, VirtQueue *vq,
                                    uint32_t value)
{
    VirtioDevice *dev = mmio->dev;

    if (!(value & 1)) {
        vq->ready = false;
        vq->size = 0;
        return;
    }
    if (vq->ready)
        return;
    vq->ready = true;
    if (!virtq_map(vq, dev->ram, dev->queue_num_max))
        virtio_device_error(dev);
}

static void virtio_mmio_queue_notify(VirtioMmio *mmio, uint32_t queue)
{
    VirtioDevice *dev = mmio->dev;
    uint8_t status = dev->status;

    if (queue >= dev->num_queues || !dev->queue[queue].ready) {
        hw_guest_error("virtio-mmio: notify of queue %u, not ready", queue);
        return;
    }
    if (!(status & VIRTIO_STATUS_DRIVER_OK) ||
        (status & VIRTIO_STATUS_NEEDS_RESET))
        return;
    dev->ops->notify(dev, queue);
}

/* Writes to the registers of the selected queue, which must be stopped. */
static void virtio_mmio_write_queue(VirtioMmio *mmio, uint64_t offset,
                                    uint32_t value)
{
    VirtQueue *vq = virtio_mmio_queue(mmio);

    if (!vq) {
        hw_guest_error("virtio-mmio: queue %u does not exist", mmio->queue_sel);
        return;
    }
    if (offset == VIRTIO_MMIO_QUEUE_READY) {
        virtio_mmio_queue_ready(mmio, vq, value);
        return;
    }
    if (vq->ready) {
        hw_guest_error("virtio-mmio: queue %u register 0x%" PRIx64
                       " written while ready",
                       mmio->queue_sel, offset);
        return;
    }
    switch (offset) {
    case VIRTIO_MMIO_QUEUE_NUM: vq->num = value; break;
    case VIRTIO_MMIO_QUEUE_DESC_LOW:
        vq->desc_pa = (vq->desc_pa & ~0xffffffffull) | value;
        break;
    case VIRTIO_MMIO_QUEUE_DESC_HIGH:
        vq->desc_pa = (vq->desc_pa & 0xffffffffull) | (uint64_t)value << 32;
        break;
    case VIRTIO_MMIO_QUEUE_DRIVER_LOW:
        vq->avail_pa = (vq->avail_pa & ~0xffffffffull) | value;
        break;
    case VIRTIO_MMIO_QUEUE_DRIVER_HIGH:
        vq->avail_pa = (vq->avail_pa & 0xffffffffull) | (uint64_t)value << 32;
        break;
    case VIRTIO_MMIO_QUEUE_DEVICE_LOW:
        vq->used_pa = (vq->used_pa & ~0xffffffffull) | value;
        break;
    case VIRTIO_MMIO_QUEUE_DEVICE_HIGH:
        vq->used_pa = (vq->used_pa & 0xffffffffull) | (uint64_t)value << 32;
        break;
    }
}

static uint32_t virtio_mmio_read_reg(VirtioMmio *mmio, uint64_t offset)
{
    VirtioDevice *dev = mmio->dev;
    VirtQueue *vq;

    switch (offset) {
    case VIRTIO_MMIO_MAGIC_VALUE: return VIRTIO_MMIO_MAGIC;
    case VIRTIO_MMIO_VERSION: return 2;
    case VIRTIO_MMIO_DEVICE_ID: return dev->device_id;
    case VIRTIO_MMIO_VENDOR_ID: return VIRTIO_MMIO_VENDOR;
    case VIRTIO_MMIO_DEVICE_FEATURES:
        if (mmio->device_features_sel > 1)
            return 0;
        return dev->host_features >> (32 * mmio->device_features_sel);
    case VIRTIO_MMIO_QUEUE_NUM_MAX:
        return virtio_mmio_queue(mmio) ? dev->queue_num_max : 0;
    case VIRTIO_MMIO_QUEUE_READY:
        vq = virtio_mmio_queue(mmio);
        return vq ? vq->ready : 0;
    case VIRTIO_MMIO_INTERRUPT_STATUS: return mmio->interrupt_status;
    case VIRTIO_MMIO_STATUS: return dev->status;
    case VIRTIO_MMIO_CONFIG_GENERATION: return 0; /* config never changes */
    }
    hw_guest_error("virtio-mmio: read of write-only or unknown register "
                   "0x%" PRIx64,
                   offset);
    return 0;
}

static void virtio_mmio_write_reg(VirtioMmio *mmio, uint64_t offset,
                                  uint32_t value)
{
    unsigned shift;

    switch (offset) {
    case VIRTIO_MMIO_DEVICE_FEATURES_SEL:
        mmio->device_features_sel = value;
        return;
    case VIRTIO_MMIO_DRIVER_FEATURES:
        if (mmio->driver_features_sel > 1 ||
            (mmio->dev->status & VIRTIO_STATUS_FEATURES_OK)) {
            hw_guest_error("virtio-mmio: DriverFeatures write ignored");
            return;
        }
        shift = 32 * mmio->driver_features_sel;
        mmio->driver_features &= ~(0xffffffffull << shift);
        mmio->driver_features |= (uint64_t)value << shift;
        return;
    case VIRTIO_MMIO_DRIVER_FEATURES_SEL:
        mmio->driver_features_sel = value;
        return;
    case VIRTIO_MMIO_QUEUE_SEL: mmio->queue_sel = value; return;
    case VIRTIO_MMIO_QUEUE_NUM:
    case VIRTIO_MMIO_QUEUE_READY:
    case VIRTIO_MMIO_QUEUE_DESC_LOW:
    case VIRTIO_MMIO_QUEUE_DESC_HIGH:
    case VIRTIO_MMIO_QUEUE_DRIVER_LOW:
    case VIRTIO_MMIO_QUEUE_DRIVER_HIGH:
    case VIRTIO_MMIO_QUEUE_DEVICE_LOW:
    case VIRTIO_MMIO_QUEUE_DEVICE_HIGH:
        virtio_mmio_write_queue(mmio, offset, value);
        return;
    case VIRTIO_MMIO_QUEUE_NOTIFY:
        /* Without VIRTIO_F_NOTIFICATION_DATA the value is the index. */
        virtio_mmio_queue_notify(mmio, value & 0xffff);
        return;
    case VIRTIO_MMIO_INTERRUPT_ACK:
        mmio->interrupt_status &= ~value;
        irq_set(mmio->irq, mmio->interrupt_status != 0);
        return;
    case VIRTIO_MMIO_STATUS: virtio_mmio_set_status(mmio, value); return;
    }
    hw_guest_error("virtio-mmio: write of read-only or unknown register "
                   "0x%" PRIx64,
                   offset);
}

/* Config space bytes [offset, offset + size) as the device has them. */
static bool virtio_mmio_config_range(VirtioMmio *mmio, uint64_t offset,
                                     unsigned size)
{
    uint64_t config_size = mmio->dev ? mmio->dev->config_size : 0;

    if (offset + size > config_size) {
        hw_guest_error("virtio-mmio: config access at 0x%" PRIx64
                       " beyond its %" PRIu64 " bytes",
                       offset, config_size);
        return false;
    }
    return true;
}

static uint64_t virtio_mmio_read_config(VirtioMmio *mmio, uint64_t offset,
                                        unsigned size)
{
    uint8_t config[VIRTIO_MMIO_SIZE - VIRTIO_MMIO_CONFIG] = {0};
    uint64_t value = 0;

    if (!virtio_mmio_config_range(mmio, offset, size) ||
        !mmio->dev->ops->get_config)
        return 0;
    mmio->dev->ops->get_config(mmio->dev, config);
    memcpy(&value, config + offset, size); /* little-endian, as the host */
    return value;
}

static void virtio_mmio_write_config(VirtioMmio *mmio, uint64_t offset,
                                     uint64_t value, unsigned size)
{
    if (!virtio_mmio_config_range(mmio, offset, size))
        return;
    if (!mmio->dev->ops->set_config) {
        hw_guest_error("virtio-mmio: config space is read-only");
        return;
    }
    mmio->dev->ops->set_config(mmio->dev, offset, &value, size);
}

static uint32_t virtio_mmio_read_empty(uint64_t offset)
{
    switch (offset) {
    case VIRTIO_MMIO_MAGIC_VALUE: return VIRTIO_MMIO_MAGIC;
    case VIRTIO_MMIO_VERSION: return 2;
    }
    return 0; /* DeviceID 0: no device here */
}

static bool virtio_mmio_reg_access_ok(uint64_t offset, unsigned size)
{
    if (size == 4 && !(offset & 3))
        return true;
    hw_guest_error("virtio-mmio: %u-byte access to register 0x%" PRIx64, size,
                   offset);
    return false;
}

static uint64_t virtio_mmio_read(void *opaque, int cpu, uint64_t offset,
                                 unsigned size)
{
    VirtioMmio *mmio = opaque;
    uint64_t value;

    (void)cpu;
    if (offset >= VIRTIO_MMIO_SIZE)
        return 0;
    if (offset < VIRTIO_MMIO_CONFIG && !virtio_mmio_reg_access_ok(offset, size))
        return 0;
    if (!mmio->dev)
        return offset < VIRTIO_MMIO_CONFIG ? virtio_mmio_read_empty(offset) : 0;
    pthread_mutex_lock(&mmio->dev->lock);
    if (offset >= VIRTIO_MMIO_CONFIG)
        value =
            virtio_mmio_read_config(mmio, offset - VIRTIO_MMIO_CONFIG, size);
    else
        value = virtio_mmio_read_reg(mmio, offset);
    pthread_mutex_unlock(&mmio->dev->lock);
    return value;
}

static void virtio_mmio_write(void *opaque, int cpu, uint64_t offset,
                              uint64_t value, unsigned size)
{
    VirtioMmio *mmio = opaque;

    (void)cpu;
    if (offset >= VIRTIO_MMIO_SIZE || !mmio->dev)
        return;
    if (offset < VIRTIO_MMIO_CONFIG && !virtio_mmio_reg_access_ok(offset, size))
        return;
    pthread_mutex_lock(&mmio->dev->lock);
    if (offset >= VIRTIO_MMIO_CONFIG)
        virtio_mmio_write_config(mmio, offset - VIRTIO_MMIO_CONFIG, value,
                                 size);
    else
        virtio_mmio_write_reg(mmio, offset, (uint32_t)value);
    pthread_mutex_unlock(&mmio->dev->lock);
}

const MmioOps virtio_mmio_ops = {
    .read = virtio_mmio_read,
    .write = virtio_mmio_write,
};
