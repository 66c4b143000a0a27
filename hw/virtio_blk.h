/*
 * A virtio block device (device id 2, virtio 1.1 section 5.2) backed by a
 * raw image file, its I/O done with io_uring. Only the device side: a
 * transport (virtio_mmio.h) makes it visible to the guest.
 */
#ifndef ARX_HW_VIRTIO_BLK_H
#define ARX_HW_VIRTIO_BLK_H

#include <stdbool.h>

#include "hw/virtio.h"

#define VIRTIO_ID_BLOCK 2

/* Feature bits (section 5.2.3). */
#define VIRTIO_BLK_F_SIZE_MAX 1
#define VIRTIO_BLK_F_SEG_MAX 2
#define VIRTIO_BLK_F_RO 5
#define VIRTIO_BLK_F_BLK_SIZE 6
#define VIRTIO_BLK_F_FLUSH 9

/* Request types and status bytes (section 5.2.6). */
#define VIRTIO_BLK_T_IN 0
#define VIRTIO_BLK_T_OUT 1
#define VIRTIO_BLK_T_FLUSH 4
#define VIRTIO_BLK_T_GET_ID 8
#define VIRTIO_BLK_S_OK 0
#define VIRTIO_BLK_S_IOERR 1
#define VIRTIO_BLK_S_UNSUPP 2

#define VIRTIO_BLK_SECTOR_SIZE 512
#define VIRTIO_BLK_QUEUE_SIZE 256
/* Data segments per request: the chain also holds header and status. */
#define VIRTIO_BLK_SEG_MAX (VIRTIO_BLK_QUEUE_SIZE - 2)
#define VIRTIO_BLK_ID_BYTES 20
#define VIRTIO_BLK_SERIAL "arx-virtio-blk"

/* Config space layout (section 5.2.4), up to num_queues. */
typedef struct VirtioBlkConfig {
    uint64_t capacity; /* in 512-byte sectors */
    uint32_t size_max;
    uint32_t seg_max;
    uint16_t cylinders;
    uint8_t heads;
    uint8_t sectors;
    uint32_t blk_size;
    uint8_t physical_block_exp;
    uint8_t alignment_offset;
    uint16_t min_io_size;
    uint32_t opt_io_size;
    uint8_t writeback;
    uint8_t unused0;
    uint16_t num_queues;
} VirtioBlkConfig;

/*
 * Opens the raw image at path (read-only if asked) and starts the
 * device's completion thread. NULL on failure with *error set to a
 * message to free().
 */
VirtioDevice *virtio_blk_new(const char *path, bool read_only, char **error);

/* Waits for the requests in flight, then fsyncs the image: safe while
 * vCPUs still run (e.g. at PSCI SYSTEM_OFF, before exit()). */
void virtio_blk_flush(VirtioDevice *dev);

/* Waits for requests in flight, fsyncs the image and frees the device.
 * Call at exit, once no vCPU can reach the device and after
 * virtio_mmio_free, so the guest's written data is on disk. */
void virtio_blk_destroy(VirtioDevice *dev);

#endif
