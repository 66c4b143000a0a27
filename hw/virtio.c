/*
 * What virtio devices share whatever their transport: initialisation,
 * used-buffer and error interrupts. No register layout, no device logic.
 */
#include "hw/virtio.h"

#include <string.h>

void virtio_device_init(VirtioDevice *dev, const VirtioDeviceOps *ops,
                        uint32_t device_id, uint64_t host_features,
                        uint32_t config_size, unsigned num_queues,
                        uint16_t queue_num_max)
{
    memset(dev, 0, sizeof(*dev));
    dev->ops = ops;
    dev->device_id = device_id;
    dev->host_features = host_features | (1ull << VIRTIO_F_VERSION_1);
    dev->config_size = config_size;
    dev->num_queues = num_queues;
    dev->queue_num_max = queue_num_max;
    pthread_mutex_init(&dev->lock, NULL);
    for (unsigned i = 0; i < VIRTIO_QUEUES_MAX; i++)
        virtq_reset(&dev->queue[i], queue_num_max);
}

static void virtio_raise(VirtioDevice *dev, uint32_t cause)
{
    if (dev->interrupt)
        dev->interrupt(dev->transport, cause);
}

void virtio_notify_used(VirtioDevice *dev, VirtQueue *vq)
{
    if (virtq_should_interrupt(vq))
        virtio_raise(dev, VIRTIO_INT_VRING);
}

void virtio_device_error(VirtioDevice *dev)
{
    if (dev->status & VIRTIO_STATUS_NEEDS_RESET)
        return;
    dev->status |= VIRTIO_STATUS_NEEDS_RESET;
    if (dev->status & VIRTIO_STATUS_DRIVER_OK)
        virtio_raise(dev, VIRTIO_INT_CONFIG);
}

void virtio_device_destroy(VirtioDevice *dev)
{
    if (dev && dev->ops->destroy)
        dev->ops->destroy(dev);
}
