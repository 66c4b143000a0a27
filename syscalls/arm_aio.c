/*
 * Linux native AIO for arm EABI programs. The host kernel maps a context's
 * completion ring wherever it likes and names the context by that 64-bit
 * address, out of a 32-bit program's reach; so arx hands out its own ids:
 * addresses of zeroed 32-byte slots in one read-only guest page (libaio
 * peeks at the "ring" there, finds no magic and makes the system call).
 * struct iocb and io_event are fixed u64 layouts, but the buffers they name
 * are guest addresses: each submitted iocb's buffer field is turned into a
 * host pointer while io_submit reads it (PREADV/PWRITEV: a host iovec
 * array), and the events' iocb pointers back into guest ones.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <linux/aio_abi.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>

#include "linux-user/mmap.h"
#include "syscalls/arm_eabi.h"

#define AIO_SLOT 32u
#define AIO_SLOTS (4096u / AIO_SLOT)

static pthread_mutex_t aio_lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t aio_page;            /* the guest page of the ids */
static uint64_t aio_host[AIO_SLOTS]; /* host context per slot; 0: free */

/* The host context of guest id, or 0. */
static uint64_t aio_lookup(uint64_t id)
{
    uint64_t host = 0;

    pthread_mutex_lock(&aio_lock);
    if (aio_page && id >= aio_page && id < aio_page + 4096 &&
        (id - aio_page) % AIO_SLOT == 0)
        host = aio_host[(id - aio_page) / AIO_SLOT];
    pthread_mutex_unlock(&aio_lock);
    return host;
}

/* A free slot's guest id for host context ctx, or a negative errno. */
static int64_t aio_new_id(uint64_t ctx)
{
    int64_t r = -EAGAIN;

    pthread_mutex_lock(&aio_lock);
    if (!aio_page) {
        int64_t page = mmap_map(0, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS,
                                (uint64_t)-1, 0);
        if (page < 0) {
            pthread_mutex_unlock(&aio_lock);
            return page;
        }
        aio_page = (uint64_t)page;
    }
    for (unsigned i = 0; i < AIO_SLOTS; i++) {
        if (!aio_host[i]) {
            aio_host[i] = ctx;
            r = (int64_t)(aio_page + i * AIO_SLOT);
            break;
        }
    }
    pthread_mutex_unlock(&aio_lock);
    return r;
}

static void aio_free_id(uint64_t id)
{
    pthread_mutex_lock(&aio_lock);
    aio_host[(id - aio_page) / AIO_SLOT] = 0;
    pthread_mutex_unlock(&aio_lock);
}

int64_t arm_eabi_io_setup(GuestThread *t, const uint64_t *a)
{
    uint32_t old;
    uint64_t ctx = 0;
    int64_t r, id;

    (void)t;
    if (copy_from_guest(&old, a[1], sizeof(old)) != 0)
        return -EFAULT;
    if (old != 0)
        return -EINVAL;
    r = host_syscall3(SYS_io_setup, (uint32_t)a[0], arm_host_arg(&ctx), 0);
    if (r < 0)
        return r;
    id = aio_new_id(ctx);
    if (id < 0) {
        host_syscall3(SYS_io_destroy, ctx, 0, 0);
        return id;
    }
    old = (uint32_t)id;
    if (copy_to_guest(a[1], &old, sizeof(old)) != 0) {
        aio_free_id((uint64_t)id);
        host_syscall3(SYS_io_destroy, ctx, 0, 0);
        return -EFAULT;
    }
    return 0;
}

int64_t arm_eabi_io_destroy(GuestThread *t, const uint64_t *a)
{
    uint64_t ctx = aio_lookup((uint32_t)a[0]);
    int64_t r;

    (void)t;
    if (!ctx)
        return -EINVAL;
    r = host_syscall3(SYS_io_destroy, ctx, 0, 0);
    if (r == 0)
        aio_free_id((uint32_t)a[0]);
    return r;
}

/* An iocb being submitted: the guest's buffer field while the host one
 * is in place, and the host iovecs a vectored request reads. */
typedef struct AioPatch {
    uint64_t iocb; /* guest address, 0: nothing patched */
    uint64_t buf;
    struct iovec *iov;
} AioPatch;

/* Points the iocb at guest address cb to host memory; false when cb or
 * its vector cannot be read (the kernel then says EFAULT itself). */
static bool aio_patch(uint64_t cb, AioPatch *p)
{
    struct iocb io;
    uint64_t host;

    /* The kernel writes the iocb too: unwritable, it says EFAULT. */
    if (!guest_range_ok(cb, sizeof(io), PROT_READ | PROT_WRITE) ||
        copy_from_guest(&io, cb, sizeof(io)) != 0)
        return false;
    switch (io.aio_lio_opcode) {
    case IOCB_CMD_PREAD:
    case IOCB_CMD_PWRITE: host = sys_hp((uint32_t)io.aio_buf); break;
    case IOCB_CMD_PREADV:
    case IOCB_CMD_PWRITEV: {
        uint32_t n = (uint32_t)io.aio_nbytes;
        uint32_t(*g)[2];
        if (n > 1024)
            return true; /* the kernel's EINVAL */
        g = calloc(n + 1, sizeof(*g));
        p->iov = calloc(n + 1, sizeof(*p->iov));
        if (!g || !p->iov ||
            copy_from_guest(g, (uint32_t)io.aio_buf, n * sizeof(*g)) != 0) {
            free(g);
            return true; /* host buffer field unchanged: EFAULT */
        }
        for (uint32_t i = 0; i < n; i++)
            p->iov[i] = (struct iovec){sys_ptr(g[i][0]), g[i][1]};
        free(g);
        host = (uint64_t)(uintptr_t)p->iov;
        break;
    }
    default: return true; /* no buffer pointer (FSYNC, POLL, NOOP) */
    }
    p->iocb = cb;
    p->buf = io.aio_buf;
    memcpy(g2h(cb + offsetof(struct iocb, aio_buf)), &host, sizeof(host));
    return true;
}

static void aio_unpatch(AioPatch *p)
{
    if (p->iocb)
        memcpy(g2h(p->iocb + offsetof(struct iocb, aio_buf)), &p->buf,
               sizeof(p->buf));
    free(p->iov);
}

int64_t arm_eabi_io_submit(GuestThread *t, const uint64_t *a)
{
    uint64_t ctx = aio_lookup((uint32_t)a[0]);
    int32_t n = (int32_t)a[1];
    uint32_t *guest = NULL;
    uint64_t *host = NULL;
    AioPatch *patch = NULL;
    int64_t r;

    (void)t;
    if (!ctx || n < 0)
        return -EINVAL;
    guest = calloc((size_t)n + 1, sizeof(*guest));
    host = calloc((size_t)n + 1, sizeof(*host));
    patch = calloc((size_t)n + 1, sizeof(*patch));
    if (!guest || !host || !patch) {
        r = -ENOMEM;
        goto out;
    }
    r = copy_from_guest(guest, a[2], (size_t)n * sizeof(*guest));
    if (r != 0)
        goto out;
    for (int32_t i = 0; i < n; i++) {
        host[i] = sys_hp_checked(guest[i], sizeof(struct iocb),
                                 PROT_READ | PROT_WRITE);
        aio_patch(guest[i], &patch[i]);
    }
    r = host_syscall3(SYS_io_submit, ctx, (uint64_t)n, arm_host_arg(host));
    for (int32_t i = 0; i < n; i++)
        aio_unpatch(&patch[i]);
out:
    free(guest);
    free(host);
    free(patch);
    return r;
}

/* The events' iocb pointers, host ones from the kernel, as guest ones. */
static void aio_events_to_guest(uint64_t events, int64_t n)
{
    for (int64_t i = 0; i < n; i++) {
        uint64_t at = events + (uint64_t)i * sizeof(struct io_event) +
                      offsetof(struct io_event, obj);
        uint64_t obj;
        memcpy(&obj, g2h(at), sizeof(obj));
        obj = obj ? h2g((void *)(uintptr_t)obj) : 0;
        memcpy(g2h(at), &obj, sizeof(obj));
    }
}

int64_t arm_eabi_io_cancel(GuestThread *t, const uint64_t *a)
{
    uint64_t ctx = aio_lookup((uint32_t)a[0]);
    int64_t r;

    (void)t;
    if (!ctx)
        return -EINVAL;
    r = host_syscall3(
        SYS_io_cancel, ctx, sys_hp((uint32_t)a[1]),
        sys_hp_checked((uint32_t)a[2], sizeof(struct io_event), PROT_WRITE));
    if (r == 0)
        aio_events_to_guest((uint32_t)a[2], 1);
    return r;
}

int64_t arm_eabi_io_getevents(GuestThread *t, const uint64_t *a)
{
    uint64_t ctx = aio_lookup((uint32_t)a[0]);
    ArmTimespec g;
    struct timespec ts;
    uint64_t arg = 0;
    int64_t r;

    if (!ctx)
        return -EINVAL;
    if (a[4]) {
        if (copy_from_guest(&g, a[4], sizeof(g)) != 0)
            return -EFAULT;
        ts = (struct timespec){g.sec, g.nsec};
        arg = arm_host_arg(&ts);
    }
    {
        const uint64_t args[5] = {ctx, arm_signed(a[1]), arm_signed(a[2]), a[3],
                                  arg};
        r = sys_io_getevents(t, args);
    }
    if (r > 0)
        aio_events_to_guest((uint32_t)a[3], r);
    return r;
}
