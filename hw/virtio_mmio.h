/*
 * The virtio-mmio transport, version 2 (virtio 1.1 section 4.2): one
 * 0x200-byte register window per device, as on qemu's -M virt. Carries
 * any VirtioDevice; knows nothing of what the device does.
 */
#ifndef ARX_HW_VIRTIO_MMIO_H
#define ARX_HW_VIRTIO_MMIO_H

#include "hw/hw.h"
#include "hw/virtio.h"

#define VIRTIO_MMIO_SIZE 0x200
#define VIRTIO_MMIO_MAGIC 0x74726976  /* "virt" */
#define VIRTIO_MMIO_VENDOR 0x00585241 /* "ARX" */

/* Register offsets (section 4.2.2). */
enum {
    VIRTIO_MMIO_MAGIC_VALUE = 0x000,
    VIRTIO_MMIO_VERSION = 0x004,
    VIRTIO_MMIO_DEVICE_ID = 0x008,
    VIRTIO_MMIO_VENDOR_ID = 0x00c,
    VIRTIO_MMIO_DEVICE_FEATURES = 0x010,
    VIRTIO_MMIO_DEVICE_FEATURES_SEL = 0x014,
    VIRTIO_MMIO_DRIVER_FEATURES = 0x020,
    VIRTIO_MMIO_DRIVER_FEATURES_SEL = 0x024,
    VIRTIO_MMIO_QUEUE_SEL = 0x030,
    VIRTIO_MMIO_QUEUE_NUM_MAX = 0x034,
    VIRTIO_MMIO_QUEUE_NUM = 0x038,
    VIRTIO_MMIO_QUEUE_READY = 0x044,
    VIRTIO_MMIO_QUEUE_NOTIFY = 0x050,
    VIRTIO_MMIO_INTERRUPT_STATUS = 0x060,
    VIRTIO_MMIO_INTERRUPT_ACK = 0x064,
    VIRTIO_MMIO_STATUS = 0x070,
    VIRTIO_MMIO_QUEUE_DESC_LOW = 0x080,
    VIRTIO_MMIO_QUEUE_DESC_HIGH = 0x084,
    VIRTIO_MMIO_QUEUE_DRIVER_LOW = 0x090,
    VIRTIO_MMIO_QUEUE_DRIVER_HIGH = 0x094,
    VIRTIO_MMIO_QUEUE_DEVICE_LOW = 0x0a0,
    VIRTIO_MMIO_QUEUE_DEVICE_HIGH = 0x0a4,
    VIRTIO_MMIO_CONFIG_GENERATION = 0x0fc,
    VIRTIO_MMIO_CONFIG = 0x100,
};

typedef struct VirtioMmio VirtioMmio;

/*
 * A slot carrying dev, which it takes over (dev->ram, dev->interrupt);
 * dev NULL makes an empty slot (DeviceID 0), which Linux probes and
 * skips. irq goes high while InterruptStatus is non-zero.
 */
VirtioMmio *virtio_mmio_new(VirtioDevice *dev, GuestRam *ram, IrqLine irq);

/* Frees the slot, not its device (virtio_device_destroy does that). */
void virtio_mmio_free(VirtioMmio *mmio);

/* The register window: opaque is the VirtioMmio. */
extern const MmioOps virtio_mmio_ops;

#endif
