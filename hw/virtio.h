/*
 * The virtio device model shared by transports and devices (virtio 1.1):
 * a VirtioDevice is a backend (block, ...) that a transport such as
 * virtio-mmio exposes. No register layout here, no device specifics.
 */
#ifndef ARX_HW_VIRTIO_H
#define ARX_HW_VIRTIO_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "hw/hw.h"
#include "hw/virtqueue.h"

/* Device status bits (section 2.1). */
#define VIRTIO_STATUS_ACKNOWLEDGE 1
#define VIRTIO_STATUS_DRIVER 2
#define VIRTIO_STATUS_DRIVER_OK 4
#define VIRTIO_STATUS_FEATURES_OK 8
#define VIRTIO_STATUS_NEEDS_RESET 0x40
#define VIRTIO_STATUS_FAILED 0x80

/* Feature bits every device may offer (section 6). */
#define VIRTIO_RING_F_INDIRECT_DESC 28
#define VIRTIO_RING_F_EVENT_IDX 29
#define VIRTIO_F_VERSION_1 32

/* Interrupt causes (InterruptStatus on virtio-mmio). */
#define VIRTIO_INT_VRING 1
#define VIRTIO_INT_CONFIG 2

#define VIRTIO_QUEUES_MAX 8

typedef struct VirtioDevice VirtioDevice;

/* Every callback runs with dev->lock held. */
typedef struct VirtioDeviceOps {
    /* Fills buf with the whole config space (config_size bytes). */
    void (*get_config)(VirtioDevice *dev, uint8_t *buf);
    /* The driver wrote config bytes [offset, offset + size); may be NULL
     * (a read-only config space). */
    void (*set_config)(VirtioDevice *dev, uint32_t offset, const void *buf,
                       unsigned size);
    /* The driver notified queue; called only while DRIVER_OK is set and
     * NEEDS_RESET is not. */
    void (*notify)(VirtioDevice *dev, unsigned queue);
    /* Status 0 was written: returns once no request is in flight (it may
     * wait on a condition variable of dev->lock). The transport then
     * clears the queues and the features. */
    void (*reset)(VirtioDevice *dev);
    /* Frees the device; called with dev->lock NOT held. */
    void (*destroy)(VirtioDevice *dev);
} VirtioDeviceOps;

struct VirtioDevice {
    const VirtioDeviceOps *ops;
    uint32_t device_id;
    uint64_t host_features; /* offered; VIRTIO_F_VERSION_1 is added */
    uint32_t config_size;
    unsigned num_queues;
    uint16_t queue_num_max;

    /* Guards everything below, the queues and the transport's registers. */
    pthread_mutex_t lock;
    uint64_t guest_features; /* accepted at FEATURES_OK */
    uint8_t status;
    VirtQueue queue[VIRTIO_QUEUES_MAX];

    /* Set by the transport that takes the device. */
    const GuestRam *ram;
    void (*interrupt)(void *transport, uint32_t cause);
    void *transport;
};

/* Fills the description and sets up the lock and the queues. */
void virtio_device_init(VirtioDevice *dev, const VirtioDeviceOps *ops,
                        uint32_t device_id, uint64_t host_features,
                        uint32_t config_size, unsigned num_queues,
                        uint16_t queue_num_max);

static inline bool virtio_has_feature(const VirtioDevice *dev, unsigned bit)
{
    return (dev->guest_features >> bit) & 1;
}

/* After pushes on vq: interrupts the driver unless it asked not to. */
void virtio_notify_used(VirtioDevice *dev, VirtQueue *vq);

/* The driver broke the protocol beyond repair (section 2.1.2): sets
 * NEEDS_RESET and sends a configuration change interrupt. */
void virtio_device_error(VirtioDevice *dev);

/* Frees the device through its ops (dev->lock not held). */
void virtio_device_destroy(VirtioDevice *dev);

#endif
