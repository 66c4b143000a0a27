/*
 * Split virtqueues (virtio 1.1 section 2.6) as a device sees them: pop an
 * available descriptor chain mapped to host memory, push a used element.
 * Knows no device and no transport; the caller holds the device's lock.
 */
#ifndef ARX_HW_VIRTQUEUE_H
#define ARX_HW_VIRTQUEUE_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/uio.h>

#include "hw/hw.h"

/* The longest chain a device accepts, indirect tables included: the spec
 * bounds a chain by the queue size, and our devices offer at most this. */
#define VIRTQ_CHAIN_MAX 256

#define VIRTQ_DESC_F_NEXT 1
#define VIRTQ_DESC_F_WRITE 2
#define VIRTQ_DESC_F_INDIRECT 4
#define VIRTQ_AVAIL_F_NO_INTERRUPT 1

/* The ring layouts in guest memory, little-endian like the host. */
typedef struct VirtqDesc {
    uint64_t addr;
    uint32_t len;
    uint16_t flags;
    uint16_t next;
} VirtqDesc;

typedef struct VirtqAvail {
    uint16_t flags;
    uint16_t idx;
    uint16_t ring[];
} VirtqAvail;

typedef struct VirtqUsedElem {
    uint32_t id;
    uint32_t len;
} VirtqUsedElem;

typedef struct VirtqUsed {
    uint16_t flags;
    uint16_t idx;
    VirtqUsedElem ring[];
} VirtqUsed;

/*
 * One queue: the registers the driver writes (num, the three addresses,
 * ready) and the live rings mapped from them when it set ready. Pop and
 * push use only the live fields, so a driver rewriting the registers of a
 * queue with requests in flight cannot make the device write out of RAM.
 */
typedef struct VirtQueue {
    uint16_t num;
    bool ready;
    uint64_t desc_pa, avail_pa, used_pa;

    uint16_t size; /* 0: not mapped */
    VirtqDesc *desc;
    VirtqAvail *avail;
    VirtqUsed *used;
    uint64_t used_map_pa; /* used_pa when mapped */
    uint16_t last_avail;  /* next avail->ring slot to pop */
    uint16_t used_idx;    /* our copy of used->idx */
} VirtQueue;

/* A popped chain: out_num device-readable buffers, then in_num writable
 * ones; pa[i] is the guest address of iov[i]. */
typedef struct VirtqChain {
    uint16_t head;
    unsigned out_num, in_num;
    struct iovec iov[VIRTQ_CHAIN_MAX];
    uint64_t pa[VIRTQ_CHAIN_MAX];
} VirtqChain;

/* Back to the reset state: nothing mapped, num = num_max. */
void virtq_reset(VirtQueue *vq, uint16_t num_max);

/* QueueReady = 1: checks num (a power of two up to num_max) and maps the
 * three areas. false (and a guest error logged) when they do not fit. */
bool virtq_map(VirtQueue *vq, const GuestRam *ram, uint16_t num_max);

/*
 * Pops the next available chain into *chain: 1 popped, 0 nothing
 * available, -1 a malformed ring or chain (guest error logged; the device
 * should then set NEEDS_RESET). indirect: VIRTIO_RING_F_INDIRECT_DESC was
 * negotiated.
 */
int virtq_pop(VirtQueue *vq, const GuestRam *ram, bool indirect,
              VirtqChain *chain);

/* Returns a chain to the driver with len bytes written into its buffers,
 * publishing used->idx with release ordering. */
void virtq_push(VirtQueue *vq, const GuestRam *ram, uint16_t head,
                uint32_t len);

/* After pushes: whether the driver wants an interrupt (it did not set
 * VIRTQ_AVAIL_F_NO_INTERRUPT). */
bool virtq_should_interrupt(const VirtQueue *vq);

#endif
