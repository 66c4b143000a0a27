/*
 * Split virtqueues from the device side: the driver's vCPU threads write
 * the rings concurrently, so every descriptor is copied once and then
 * checked, and the indices are read and published with acquire/release.
 * Must not trust any guest value: a bad one is a guest error, not a crash.
 */
#include "hw/virtqueue.h"

#include <inttypes.h>
#include <string.h>

void virtq_reset(VirtQueue *vq, uint16_t num_max)
{
    memset(vq, 0, sizeof(*vq));
    vq->num = num_max;
}

static void *virtq_map_area(const GuestRam *ram, uint64_t pa, uint64_t len,
                            uint64_t align, const char *what)
{
    void *host = (pa & (align - 1)) ? NULL : guest_ram_ptr(ram, pa, len);
    if (!host)
        hw_guest_error("virtqueue: %s at 0x%" PRIx64 " (%" PRIu64
                       " bytes) is misaligned or outside RAM",
                       what, pa, len);
    return host;
}

bool virtq_map(VirtQueue *vq, const GuestRam *ram, uint16_t num_max)
{
    uint64_t n = vq->num;

    vq->size = 0;
    if (n == 0 || n > num_max || (n & (n - 1))) {
        hw_guest_error("virtqueue: size %" PRIu64 " is not a power of two "
                       "up to %u",
                       n, num_max);
        return false;
    }
    /* Alignments and sizes of section 2.6 (no event index fields). */
    vq->desc = virtq_map_area(ram, vq->desc_pa, 16 * n, 16, "descriptors");
    vq->avail = virtq_map_area(ram, vq->avail_pa, 4 + 2 * n, 2, "avail");
    vq->used = virtq_map_area(ram, vq->used_pa, 4 + 8 * n, 4, "used");
    if (!vq->desc || !vq->avail || !vq->used)
        return false;
    vq->used_map_pa = vq->used_pa;
    vq->last_avail = 0;
    vq->used_idx = 0;
    vq->size = n;
    return true;
}

static VirtqDesc virtq_read_desc(const VirtqDesc *table, unsigned i)
{
    VirtqDesc d;
    memcpy(&d, &table[i], sizeof(d));
    return d;
}

static bool virtq_add_buffer(VirtqChain *chain, const GuestRam *ram,
                             const VirtqDesc *d)
{
    unsigned n = chain->out_num + chain->in_num;
    bool writable = d->flags & VIRTQ_DESC_F_WRITE;
    void *host = guest_ram_ptr(ram, d->addr, d->len);

    if (!host) {
        hw_guest_error("virtqueue: buffer 0x%" PRIx64 "+%u outside RAM",
                       d->addr, d->len);
        return false;
    }
    if (!writable && chain->in_num) {
        hw_guest_error("virtqueue: readable buffer after a writable one");
        return false;
    }
    chain->iov[n].iov_base = host;
    chain->iov[n].iov_len = d->len;
    chain->pa[n] = d->addr;
    if (writable)
        chain->in_num++;
    else
        chain->out_num++;
    return true;
}

/* Follows the chain from its head, into an indirect table if the head is
 * one (section 2.6.5.3); bounds the walk so a looping chain ends. */
static bool virtq_walk(const VirtQueue *vq, const GuestRam *ram, bool indirect,
                       VirtqChain *chain)
{
    const VirtqDesc *table = vq->desc;
    unsigned table_size = vq->size;
    VirtqDesc d = virtq_read_desc(table, chain->head);

    if (d.flags & VIRTQ_DESC_F_INDIRECT) {
        if (!indirect || (d.flags & VIRTQ_DESC_F_NEXT) || d.len == 0 ||
            d.len % sizeof(VirtqDesc) ||
            d.len / sizeof(VirtqDesc) > VIRTQ_CHAIN_MAX) {
            hw_guest_error("virtqueue: bad indirect descriptor (len %u, "
                           "flags 0x%x)",
                           d.len, d.flags);
            return false;
        }
        table_size = d.len / sizeof(VirtqDesc);
        table = guest_ram_ptr(ram, d.addr, d.len);
        if (!table) {
            hw_guest_error("virtqueue: indirect table 0x%" PRIx64
                           "+%u outside RAM",
                           d.addr, d.len);
            return false;
        }
        d = virtq_read_desc(table, 0);
    }
    for (unsigned count = 1;; count++) {
        if (d.flags & VIRTQ_DESC_F_INDIRECT) {
            hw_guest_error("virtqueue: indirect descriptor inside a chain");
            return false;
        }
        if (!virtq_add_buffer(chain, ram, &d))
            return false;
        if (!(d.flags & VIRTQ_DESC_F_NEXT))
            return true;
        if (d.next >= table_size || count >= table_size ||
            count >= VIRTQ_CHAIN_MAX) {
            hw_guest_error("virtqueue: chain from %u loops or leaves its "
                           "table (next %u)",
                           chain->head, d.next);
            return false;
        }
        d = virtq_read_desc(table, d.next);
    }
}

int virtq_pop(VirtQueue *vq, const GuestRam *ram, bool indirect,
              VirtqChain *chain)
{
    if (!vq->size)
        return 0;
    /* Acquire: the ring entry and descriptors were written before idx. */
    uint16_t avail_idx = __atomic_load_n(&vq->avail->idx, __ATOMIC_ACQUIRE);
    uint16_t pending = avail_idx - vq->last_avail;
    if (pending == 0)
        return 0;
    if (pending > vq->size) {
        hw_guest_error("virtqueue: avail idx %u is %u ahead of a %u ring",
                       avail_idx, pending, vq->size);
        return -1;
    }
    uint16_t slot = vq->last_avail % vq->size;
    chain->head = __atomic_load_n(&vq->avail->ring[slot], __ATOMIC_RELAXED);
    chain->out_num = chain->in_num = 0;
    vq->last_avail++;
    if (chain->head >= vq->size) {
        hw_guest_error("virtqueue: head %u beyond a %u ring", chain->head,
                       vq->size);
        return -1;
    }
    return virtq_walk(vq, ram, indirect, chain) ? 1 : -1;
}

void virtq_push(VirtQueue *vq, const GuestRam *ram, uint16_t head, uint32_t len)
{
    if (!vq->size)
        return;
    uint16_t slot = vq->used_idx % vq->size;
    vq->used->ring[slot].id = head;
    vq->used->ring[slot].len = len;
    guest_ram_written(ram, vq->used_map_pa + 4 + 8 * (uint64_t)slot, 8);
    vq->used_idx++;
    /* Release: the element is visible before the index that covers it. */
    __atomic_store_n(&vq->used->idx, vq->used_idx, __ATOMIC_RELEASE);
    guest_ram_written(ram, vq->used_map_pa + 2, 2);
}

bool virtq_should_interrupt(const VirtQueue *vq)
{
    if (!vq->size)
        return false;
    /* The driver clears NO_INTERRUPT, then rechecks used->idx: our store of
     * idx must be ordered before this load or an interrupt is lost. */
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    uint16_t flags = __atomic_load_n(&vq->avail->flags, __ATOMIC_RELAXED);
    return !(flags & VIRTQ_AVAIL_F_NO_INTERRUPT);
}
