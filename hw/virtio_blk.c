/*
 * The virtio block device: requests popped on the notifying vCPU's thread
 * go to io_uring; a completion thread of the device writes the status,
 * pushes the used element and interrupts. Must not block a vCPU on disk
 * I/O, except for reset and destroy, which wait for requests in flight.
 */
#include "hw/virtio_blk.h"

#include <errno.h>
#include <fcntl.h>
#include <liburing.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

_Static_assert(offsetof(VirtioBlkConfig, blk_size) == 20, "config layout");
_Static_assert(offsetof(VirtioBlkConfig, writeback) == 32, "config layout");
_Static_assert(offsetof(VirtioBlkConfig, num_queues) == 34, "config layout");
#define VIRTIO_BLK_CONFIG_SIZE 36

typedef struct VirtioBlk {
    VirtioDevice dev; /* first: the ops get &blk->dev */
    int fd;
    bool read_only;
    uint64_t capacity; /* sectors */
    struct io_uring ring;
    pthread_t completion_thread;
    /* Guarded by dev.lock; idle is signalled when in_flight drops to 0. */
    unsigned in_flight;
    pthread_cond_t idle;
} VirtioBlk;

/* The request header (section 5.2.6), little-endian like the host. */
typedef struct VirtioBlkHeader {
    uint32_t type;
    uint32_t reserved;
    uint64_t sector;
} VirtioBlkHeader;

typedef struct BlkRequest {
    uint16_t queue;
    uint32_t type;
    uint64_t offset; /* in the image, bytes */
    uint8_t *status;
    uint64_t status_pa;
    /* The data buffers: the chain less header and status byte. */
    struct iovec data[VIRTQ_CHAIN_MAX];
    uint64_t data_pa[VIRTQ_CHAIN_MAX];
    unsigned data_num;
    size_t data_len;
    size_t done;        /* bytes transferred so far */
    struct iovec *rest; /* what is left after a short transfer */
    VirtqChain chain;
} BlkRequest;

static VirtioBlk *virtio_blk_of(VirtioDevice *dev)
{
    return (VirtioBlk *)dev;
}

static void blk_get_config(VirtioDevice *dev, uint8_t *buf)
{
    VirtioBlkConfig config = {
        .capacity = virtio_blk_of(dev)->capacity,
        .seg_max = VIRTIO_BLK_SEG_MAX,
        .blk_size = VIRTIO_BLK_SECTOR_SIZE,
        .num_queues = 1,
    };
    memcpy(buf, &config, VIRTIO_BLK_CONFIG_SIZE);
}

/* Appends to req->data the bytes [skip, skip + len) of chain buffers
 * [first, first + count). */
static void blk_collect(BlkRequest *req, unsigned first, unsigned count,
                        size_t skip, size_t len)
{
    const VirtqChain *chain = &req->chain;

    for (unsigned i = first; i < first + count && len; i++) {
        size_t seg = chain->iov[i].iov_len;
        if (skip >= seg) {
            skip -= seg;
            continue;
        }
        size_t take = seg - skip < len ? seg - skip : len;
        req->data[req->data_num].iov_base =
            (uint8_t *)chain->iov[i].iov_base + skip;
        req->data[req->data_num].iov_len = take;
        req->data_pa[req->data_num] = chain->pa[i] + skip;
        req->data_num++;
        req->data_len += take;
        len -= take;
        skip = 0;
    }
}

static size_t blk_chain_bytes(const VirtqChain *chain, unsigned first,
                              unsigned count)
{
    size_t total = 0;
    for (unsigned i = first; i < first + count; i++)
        total += chain->iov[i].iov_len;
    return total;
}

/*
 * Finds header, data and status byte in the chain without assuming how
 * the driver split them into buffers (VIRTIO_F_VERSION_1 implies any
 * layout): the header opens the readable part, the status byte ends the
 * writable part.
 */
static bool blk_parse(BlkRequest *req)
{
    VirtqChain *chain = &req->chain;
    size_t out_len = blk_chain_bytes(chain, 0, chain->out_num);
    size_t in_len = blk_chain_bytes(chain, chain->out_num, chain->in_num);
    VirtioBlkHeader header;
    uint8_t *dst = (uint8_t *)&header;
    size_t got = 0;

    if (out_len < sizeof(header) || in_len < 1) {
        hw_guest_error("virtio-blk: request without header or status byte");
        return false;
    }
    for (unsigned i = 0; got < sizeof(header); i++) {
        size_t take = chain->iov[i].iov_len;
        if (take > sizeof(header) - got)
            take = sizeof(header) - got;
        memcpy(dst + got, chain->iov[i].iov_base, take);
        got += take;
    }
    req->type = header.type;
    req->offset = header.sector * VIRTIO_BLK_SECTOR_SIZE;
    for (unsigned i = chain->out_num + chain->in_num; i-- > chain->out_num;) {
        if (chain->iov[i].iov_len) {
            size_t last = chain->iov[i].iov_len - 1;
            req->status = (uint8_t *)chain->iov[i].iov_base + last;
            req->status_pa = chain->pa[i] + last;
            break;
        }
    }
    if (req->type == VIRTIO_BLK_T_OUT)
        blk_collect(req, 0, chain->out_num, sizeof(header),
                    out_len - sizeof(header));
    else
        blk_collect(req, chain->out_num, chain->in_num, 0, in_len - 1);
    /* The sector must be checked before offset is used: it may wrap. */
    if (header.sector > UINT64_MAX / VIRTIO_BLK_SECTOR_SIZE)
        req->offset = UINT64_MAX;
    return true;
}

/* Gives the request back: status byte, used element, interrupt. written
 * counts the data bytes put into guest memory. */
static void blk_finish(VirtioBlk *blk, BlkRequest *req, uint8_t status,
                       size_t written)
{
    VirtioDevice *dev = &blk->dev;
    VirtQueue *vq = &dev->queue[req->queue];

    *req->status = status;
    guest_ram_written(dev->ram, req->status_pa, 1);
    virtq_push(vq, dev->ram, req->chain.head, (uint32_t)(written + 1));
    virtio_notify_used(dev, vq);
    free(req->rest);
    free(req);
}

static bool blk_in_range(const VirtioBlk *blk, const BlkRequest *req)
{
    uint64_t bytes = blk->capacity * VIRTIO_BLK_SECTOR_SIZE;

    return req->data_len % VIRTIO_BLK_SECTOR_SIZE == 0 &&
           req->offset <= bytes && req->data_len <= bytes - req->offset;
}

/* The iovecs still to transfer: all of data, or what a short read or
 * write left. */
static const struct iovec *blk_remaining(BlkRequest *req, unsigned *num)
{
    size_t skip = req->done;
    unsigned i = 0;

    if (!skip) {
        *num = req->data_num;
        return req->data;
    }
    if (!req->rest)
        req->rest = malloc(sizeof(struct iovec) * req->data_num);
    if (!req->rest)
        return NULL;
    while (skip >= req->data[i].iov_len) {
        skip -= req->data[i].iov_len;
        i++;
    }
    *num = req->data_num - i;
    memcpy(req->rest, &req->data[i], sizeof(struct iovec) * *num);
    req->rest[0].iov_base = (uint8_t *)req->rest[0].iov_base + skip;
    req->rest[0].iov_len -= skip;
    return req->rest;
}

/* Queues the request's next io_uring operation (submitted by the caller). */
static void blk_submit(VirtioBlk *blk, BlkRequest *req)
{
    struct io_uring_sqe *sqe = io_uring_get_sqe(&blk->ring);
    const struct iovec *iov = NULL;
    unsigned num = 0;

    if (!sqe) { /* the ring is full: hand it to the kernel, then retry */
        io_uring_submit(&blk->ring);
        sqe = io_uring_get_sqe(&blk->ring);
    }
    if (req->type != VIRTIO_BLK_T_FLUSH)
        iov = blk_remaining(req, &num);
    if (!sqe || (req->type != VIRTIO_BLK_T_FLUSH && !iov)) {
        blk_finish(blk, req, VIRTIO_BLK_S_IOERR, 0);
        return;
    }
    if (req->type == VIRTIO_BLK_T_IN)
        io_uring_prep_readv(sqe, blk->fd, iov, num, req->offset + req->done);
    else if (req->type == VIRTIO_BLK_T_OUT)
        io_uring_prep_writev(sqe, blk->fd, iov, num, req->offset + req->done);
    else
        io_uring_prep_fsync(sqe, blk->fd, 0);
    io_uring_sqe_set_data(sqe, req);
    blk->in_flight++;
}

static void blk_get_id(VirtioBlk *blk, BlkRequest *req)
{
    char id[VIRTIO_BLK_ID_BYTES] = VIRTIO_BLK_SERIAL;
    size_t left = sizeof(id);
    const char *src = id;

    /* 20 bytes, NUL-padded, as many as the buffers hold. */
    for (unsigned i = 0; i < req->data_num && left; i++) {
        size_t take = req->data[i].iov_len < left ? req->data[i].iov_len : left;
        memcpy(req->data[i].iov_base, src, take);
        guest_ram_written(blk->dev.ram, req->data_pa[i], take);
        src += take;
        left -= take;
    }
    blk_finish(blk, req, VIRTIO_BLK_S_OK, sizeof(id) - left);
}

/* Starts a popped request; false if the chain cannot carry one. */
static bool blk_start(VirtioBlk *blk, BlkRequest *req)
{
    if (!blk_parse(req))
        return false;
    switch (req->type) {
    case VIRTIO_BLK_T_OUT:
        if (blk->read_only) {
            blk_finish(blk, req, VIRTIO_BLK_S_IOERR, 0);
            return true;
        }
        /* fall through */
    case VIRTIO_BLK_T_IN:
        if (!blk_in_range(blk, req))
            blk_finish(blk, req, VIRTIO_BLK_S_IOERR, 0);
        else if (req->data_len == 0)
            blk_finish(blk, req, VIRTIO_BLK_S_OK, 0);
        else
            blk_submit(blk, req);
        return true;
    case VIRTIO_BLK_T_FLUSH: blk_submit(blk, req); return true;
    case VIRTIO_BLK_T_GET_ID: blk_get_id(blk, req); return true;
    }
    blk_finish(blk, req, VIRTIO_BLK_S_UNSUPP, 0);
    return true;
}

/* Not zeroed whole: the chain and data arrays are filled as needed. */
static BlkRequest *blk_request_new(unsigned queue)
{
    BlkRequest *req = malloc(sizeof(*req));

    if (req) {
        req->queue = queue;
        req->status = NULL;
        req->data_num = 0;
        req->data_len = 0;
        req->done = 0;
        req->rest = NULL;
    }
    return req;
}

static void blk_notify(VirtioDevice *dev, unsigned queue)
{
    VirtioBlk *blk = virtio_blk_of(dev);
    bool indirect = virtio_has_feature(dev, VIRTIO_RING_F_INDIRECT_DESC);

    for (;;) {
        BlkRequest *req = blk_request_new(queue);
        if (!req)
            break;
        int popped =
            virtq_pop(&dev->queue[queue], dev->ram, indirect, &req->chain);
        if (popped <= 0 || !blk_start(blk, req)) {
            free(req);
            if (popped != 0)
                virtio_device_error(dev);
            break;
        }
    }
    io_uring_submit(&blk->ring);
}

/* A completion: res is the operation's result (bytes or -errno). */
static void blk_complete(VirtioBlk *blk, BlkRequest *req, int res)
{
    blk->in_flight--;
    if (res < 0) {
        hw_guest_error("virtio-blk: type %u at %llu failed: %s", req->type,
                       (unsigned long long)req->offset, strerror(-res));
        blk_finish(blk, req, VIRTIO_BLK_S_IOERR, 0);
    } else if (req->type == VIRTIO_BLK_T_FLUSH) {
        blk_finish(blk, req, VIRTIO_BLK_S_OK, 0);
    } else {
        req->done += (size_t)res;
        if (res > 0 && req->done < req->data_len) {
            blk_submit(blk, req); /* a short transfer: go on */
            io_uring_submit(&blk->ring);
        } else if (req->done < req->data_len) {
            blk_finish(blk, req, VIRTIO_BLK_S_IOERR, 0);
        } else if (req->type == VIRTIO_BLK_T_IN) {
            for (unsigned i = 0; i < req->data_num; i++)
                guest_ram_written(blk->dev.ram, req->data_pa[i],
                                  req->data[i].iov_len);
            blk_finish(blk, req, VIRTIO_BLK_S_OK, req->data_len);
        } else {
            blk_finish(blk, req, VIRTIO_BLK_S_OK, 0);
        }
    }
    if (blk->in_flight == 0)
        pthread_cond_broadcast(&blk->idle);
}

/* Reaps completions until destroy sends a NOP without a request. */
static void *blk_completion_thread(void *opaque)
{
    VirtioBlk *blk = opaque;

    for (;;) {
        struct io_uring_cqe *cqe;
        int ret = io_uring_wait_cqe(&blk->ring, &cqe);
        if (ret == -EINTR || ret == -EAGAIN)
            continue;
        if (ret < 0)
            return NULL;
        BlkRequest *req = io_uring_cqe_get_data(cqe);
        int res = cqe->res;
        io_uring_cqe_seen(&blk->ring, cqe);
        if (!req)
            return NULL;
        pthread_mutex_lock(&blk->dev.lock);
        blk_complete(blk, req, res);
        pthread_mutex_unlock(&blk->dev.lock);
    }
}

/* Called with dev.lock held. */
static void blk_wait_idle(VirtioBlk *blk)
{
    while (blk->in_flight)
        pthread_cond_wait(&blk->idle, &blk->dev.lock);
}

static void blk_reset(VirtioDevice *dev)
{
    blk_wait_idle(virtio_blk_of(dev));
}

static void blk_destroy(VirtioDevice *dev)
{
    VirtioBlk *blk = virtio_blk_of(dev);
    struct io_uring_sqe *sqe;

    pthread_mutex_lock(&dev->lock);
    blk_wait_idle(blk);
    sqe = io_uring_get_sqe(&blk->ring);
    if (!sqe) {
        io_uring_submit(&blk->ring);
        sqe = io_uring_get_sqe(&blk->ring);
    }
    io_uring_prep_nop(sqe);
    io_uring_sqe_set_data(sqe, NULL);
    io_uring_submit(&blk->ring);
    pthread_mutex_unlock(&dev->lock);
    pthread_join(blk->completion_thread, NULL);
    io_uring_queue_exit(&blk->ring);
    if (!blk->read_only)
        fsync(blk->fd);
    close(blk->fd);
    pthread_cond_destroy(&blk->idle);
    pthread_mutex_destroy(&dev->lock);
    free(blk);
}

void virtio_blk_flush(VirtioDevice *dev)
{
    VirtioBlk *blk = virtio_blk_of(dev);

    pthread_mutex_lock(&dev->lock);
    blk_wait_idle(blk);
    pthread_mutex_unlock(&dev->lock);
    if (!blk->read_only)
        fsync(blk->fd);
}

void virtio_blk_destroy(VirtioDevice *dev)
{
    if (dev)
        blk_destroy(dev);
}

static const VirtioDeviceOps virtio_blk_ops = {
    .get_config = blk_get_config,
    .notify = blk_notify,
    .reset = blk_reset,
    .destroy = blk_destroy,
};

static VirtioDevice *blk_fail(VirtioBlk *blk, char **error, const char *path,
                              const char *what, int err)
{
    if (error && asprintf(error, "%s: %s: %s", path, what, strerror(err)) < 0)
        *error = NULL;
    if (blk->fd >= 0)
        close(blk->fd);
    free(blk);
    return NULL;
}

VirtioDevice *virtio_blk_new(const char *path, bool read_only, char **error)
{
    VirtioBlk *blk = calloc(1, sizeof(*blk));
    uint64_t features =
        (1ull << VIRTIO_BLK_F_SEG_MAX) | (1ull << VIRTIO_BLK_F_BLK_SIZE) |
        (1ull << VIRTIO_BLK_F_FLUSH) | (1ull << VIRTIO_RING_F_INDIRECT_DESC);
    off_t size;
    int ret;

    if (error)
        *error = NULL;
    if (!blk)
        return NULL;
    blk->fd = open(path, (read_only ? O_RDONLY : O_RDWR) | O_CLOEXEC);
    if (blk->fd < 0)
        return blk_fail(blk, error, path, "open", errno);
    size = lseek(blk->fd, 0, SEEK_END);
    if (size < 0)
        return blk_fail(blk, error, path, "size", errno);
    ret = io_uring_queue_init(VIRTIO_BLK_QUEUE_SIZE, &blk->ring, 0);
    if (ret < 0)
        return blk_fail(blk, error, path, "io_uring", -ret);
    if (read_only)
        features |= 1ull << VIRTIO_BLK_F_RO;
    blk->read_only = read_only;
    blk->capacity = (uint64_t)size / VIRTIO_BLK_SECTOR_SIZE;
    virtio_device_init(&blk->dev, &virtio_blk_ops, VIRTIO_ID_BLOCK, features,
                       VIRTIO_BLK_CONFIG_SIZE, 1, VIRTIO_BLK_QUEUE_SIZE);
    pthread_cond_init(&blk->idle, NULL);
    ret = pthread_create(&blk->completion_thread, NULL, blk_completion_thread,
                         blk);
    if (ret) {
        io_uring_queue_exit(&blk->ring);
        pthread_cond_destroy(&blk->idle);
        pthread_mutex_destroy(&blk->dev.lock);
        return blk_fail(blk, error, path, "thread", ret);
    }
    return &blk->dev;
}
