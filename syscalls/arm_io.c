/*
 * arm EABI calls carrying iovec arrays and message headers with 32-bit
 * pointers and lengths: readv/writev with their p- and 2-forms, vmsplice,
 * process_vm_readv/writev, sendmsg/recvmsg/sendmmsg/recvmmsg with their
 * control messages. Must not hold state between calls.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#include "syscalls/arm_eabi.h"

/* 0, -EINVAL (count), or -EFAULT (array unreadable): convert_iovec's rules. */
int64_t arm_convert_iovec(uint64_t guest_iov, int64_t count, struct iovec *host)
{
    const ArmIovec *g = sys_ptr(guest_iov);

    if (count < 0 || count > IOV_MAX)
        return -EINVAL;
    if (!guest_range_ok(guest_iov, (uint64_t)count * sizeof(*g), PROT_READ))
        return -EFAULT;
    for (int64_t i = 0; i < count; i++) {
        host[i].iov_base = sys_ptr(g[i].base);
        host[i].iov_len = g[i].len;
    }
    return 0;
}

/* host_nr(fd, iov, count, a3, a4, a5): a bad vector is the kernel's to
 * refuse after its fd checks, as io.c does. */
static int64_t arm_io_vector(GuestThread *t, long host_nr, uint64_t fd,
                             uint64_t guest_iov, uint64_t count, uint64_t a3,
                             uint64_t a4, uint64_t a5)
{
    struct iovec iov[IOV_MAX];
    int64_t r = arm_convert_iovec(guest_iov, (int32_t)count, iov);
    uint64_t host_iov = (uint64_t)(uintptr_t)iov;

    if (r == -EFAULT)
        host_iov = SYS_FAULT_ADDR;
    else if (r != 0)
        return r;
    return signal_safe_syscall6(t, host_nr, fd, host_iov, (uint32_t)count, a3,
                                a4, a5);
}

int64_t arm_eabi_readv(GuestThread *t, const uint64_t *a)
{
    return arm_io_vector(t, SYS_readv, a[0], a[1], a[2], 0, 0, 0);
}

int64_t arm_eabi_writev(GuestThread *t, const uint64_t *a)
{
    return arm_io_vector(t, SYS_writev, a[0], a[1], a[2], 0, 0, 0);
}

/* pos_l, pos_h: the 64-bit host kernel takes the whole offset in pos_l. */
int64_t arm_eabi_preadv(GuestThread *t, const uint64_t *a)
{
    return arm_io_vector(t, SYS_preadv, a[0], a[1], a[2], arm_pair(a, 3), 0, 0);
}

int64_t arm_eabi_pwritev(GuestThread *t, const uint64_t *a)
{
    return arm_io_vector(t, SYS_pwritev, a[0], a[1], a[2], arm_pair(a, 3), 0,
                         0);
}

/* An offset of -1 (the file position) is -1 in both words. */
int64_t arm_eabi_preadv2(GuestThread *t, const uint64_t *a)
{
    return arm_io_vector(t, SYS_preadv2, a[0], a[1], a[2], arm_pair(a, 3), 0,
                         a[5]);
}

int64_t arm_eabi_pwritev2(GuestThread *t, const uint64_t *a)
{
    return arm_io_vector(t, SYS_pwritev2, a[0], a[1], a[2], arm_pair(a, 3), 0,
                         a[5]);
}

int64_t arm_eabi_vmsplice(GuestThread *t, const uint64_t *a)
{
    return arm_io_vector(t, SYS_vmsplice, a[0], a[1], a[2], a[3], 0, 0);
}

/* Both vectors convert; the remote addresses are the other guest's. */
static int64_t arm_process_vm(long host_nr, const uint64_t *a)
{
    static __thread struct iovec local[IOV_MAX], remote[IOV_MAX];
    int64_t r1 = arm_convert_iovec(a[1], (int32_t)a[2], local);
    int64_t r2;

    if (r1 == -EINVAL)
        return r1;
    r2 = arm_convert_iovec(a[3], (int32_t)a[4], remote);
    if (r2 == -EINVAL)
        return r2;
    return host_syscall6(
        host_nr, a[0], r1 ? SYS_FAULT_ADDR : (uint64_t)(uintptr_t)local,
        (uint32_t)a[2], r2 ? SYS_FAULT_ADDR : (uint64_t)(uintptr_t)remote,
        (uint32_t)a[4], a[5]);
}

int64_t arm_eabi_process_vm_readv(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return arm_process_vm(SYS_process_vm_readv, a);
}

int64_t arm_eabi_process_vm_writev(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return arm_process_vm(SYS_process_vm_writev, a);
}

/* Host room for a guest control buffer: each header grows by 4 bytes and
 * alignment, each old timestamp by 8. */
static size_t arm_cmsg_host_room(size_t guest_len)
{
    return guest_len ? guest_len * 2 + 64 : 0;
}

typedef struct ArmMsg {
    struct msghdr host;
    struct iovec iov[IOV_MAX];
    uint8_t *control;
} ArmMsg;

static int64_t arm_msg_in(const ArmMsghdr *g, ArmMsg *m, bool sending)
{
    int64_t r;

    if (g->iovlen > IOV_MAX)
        return -EMSGSIZE;
    r = arm_convert_iovec(g->iov, g->iovlen, m->iov);
    memset(&m->host, 0, sizeof(m->host));
    m->host.msg_name = sys_ptr(g->name);
    m->host.msg_namelen = g->namelen;
    m->host.msg_iov = r ? (struct iovec *)(uintptr_t)SYS_FAULT_ADDR : m->iov;
    m->host.msg_iovlen = g->iovlen;
    m->host.msg_flags = g->flags;
    m->control = NULL;
    if (!g->control || !g->controllen)
        return 0;
    if (!guest_range_ok(g->control, g->controllen,
                        sending ? PROT_READ : PROT_WRITE))
        return -EFAULT;
    m->control = calloc(1, arm_cmsg_host_room(g->controllen));
    if (!m->control)
        return -ENOMEM;
    m->host.msg_control = m->control;
    m->host.msg_controllen = arm_cmsg_host_room(g->controllen);
    if (sending) {
        m->host.msg_controllen =
            arm_cmsg_to_host(sys_ptr(g->control), g->controllen, m->control,
                             m->host.msg_controllen, &r);
        if (r) {
            free(m->control);
            return r;
        }
    }
    return 0;
}

static void arm_msg_out(ArmMsg *m, ArmMsghdr *g)
{
    bool truncated = false;

    g->namelen = m->host.msg_namelen;
    g->flags = m->host.msg_flags;
    if (m->control) {
        g->controllen = (uint32_t)arm_cmsg_to_guest(
            &m->host, sys_ptr(g->control), g->controllen, &truncated);
        if (truncated)
            g->flags |= MSG_CTRUNC;
    } else {
        g->controllen = 0;
    }
}

static int64_t arm_sendmsg_one(GuestThread *t, uint64_t fd, uint64_t msg,
                               uint64_t flags)
{
    ArmMsghdr g;
    ArmMsg m;
    int64_t r;

    if (!msg || copy_from_guest(&g, msg, sizeof(g)) != 0)
        return host_syscall3(SYS_sendmsg, fd, SYS_FAULT_ADDR, flags);
    r = arm_msg_in(&g, &m, true);
    if (r)
        return r;
    r = signal_safe_syscall3(t, SYS_sendmsg, fd, (uint64_t)(uintptr_t)&m.host,
                             flags);
    free(m.control);
    return r;
}

static int64_t arm_recvmsg_one(GuestThread *t, uint64_t fd, uint64_t msg,
                               uint64_t flags)
{
    ArmMsghdr g;
    ArmMsg m;
    int64_t r;

    if (!msg || copy_from_guest(&g, msg, sizeof(g)) != 0)
        return host_syscall3(SYS_recvmsg, fd, SYS_FAULT_ADDR, flags);
    r = arm_msg_in(&g, &m, false);
    if (r)
        return r;
    r = signal_safe_syscall3(t, SYS_recvmsg, fd, (uint64_t)(uintptr_t)&m.host,
                             flags);
    if (!host_is_error(r)) {
        arm_msg_out(&m, &g);
        if (copy_to_guest(msg, &g, sizeof(g)) != 0)
            r = -EFAULT;
    }
    free(m.control);
    return r;
}

int64_t arm_eabi_sendmsg(GuestThread *t, const uint64_t *a)
{
    return arm_sendmsg_one(t, a[0], a[1], a[2]);
}

int64_t arm_eabi_recvmsg(GuestThread *t, const uint64_t *a)
{
    return arm_recvmsg_one(t, a[0], a[1], a[2]);
}

/* struct mmsghdr of arm: a 28-byte msghdr and the byte count. */
#define ARM_MMSGHDR_SIZE 32

/* sendmmsg as the kernel does it: one message at a time, stopping at
 * the first error, which is returned only when nothing was sent. */
int64_t arm_eabi_sendmmsg(GuestThread *t, const uint64_t *a)
{
    uint32_t n = (uint32_t)a[2] > 1024 ? 1024 : (uint32_t)a[2];
    uint32_t i;
    int64_t r = 0;

    for (i = 0; i < n; i++) {
        uint64_t hdr = a[1] + (uint64_t)i * ARM_MMSGHDR_SIZE;
        uint32_t len;

        r = arm_sendmsg_one(t, a[0], hdr, a[3]);
        if (host_is_error(r))
            break;
        len = (uint32_t)r;
        if (copy_to_guest(hdr + 28, &len, 4) != 0) {
            r = -EFAULT;
            break;
        }
    }
    return i ? (int64_t)i : r;
}

static int64_t arm_recvmmsg(GuestThread *t, const uint64_t *a,
                            const struct timespec *timeout)
{
    struct timespec end, now;
    uint64_t flags = a[3];
    uint32_t i;
    int64_t r = 0;

    if (timeout) {
        clock_gettime(CLOCK_MONOTONIC, &end);
        end.tv_sec += timeout->tv_sec;
        end.tv_nsec += timeout->tv_nsec;
        if (end.tv_nsec >= 1000000000) {
            end.tv_sec++;
            end.tv_nsec -= 1000000000;
        }
    }
    for (i = 0; i < (uint32_t)a[2]; i++) {
        uint64_t hdr = a[1] + (uint64_t)i * ARM_MMSGHDR_SIZE;
        uint32_t len;

        r = arm_recvmsg_one(t, a[0], hdr, flags & ~(uint64_t)MSG_WAITFORONE);
        if (host_is_error(r))
            break;
        len = (uint32_t)r;
        if (copy_to_guest(hdr + 28, &len, 4) != 0) {
            r = -EFAULT;
            break;
        }
        if (flags & MSG_WAITFORONE)
            flags |= MSG_DONTWAIT;
        if (timeout) {
            clock_gettime(CLOCK_MONOTONIC, &now);
            if (now.tv_sec > end.tv_sec ||
                (now.tv_sec == end.tv_sec && now.tv_nsec >= end.tv_nsec)) {
                i++;
                break;
            }
        }
    }
    return i ? (int64_t)i : r;
}

int64_t arm_eabi_recvmmsg(GuestThread *t, const uint64_t *a)
{
    ArmTimespec g;
    struct timespec ts;

    if (!a[4])
        return arm_recvmmsg(t, a, NULL);
    if (copy_from_guest(&g, a[4], sizeof(g)) != 0)
        return -EFAULT;
    ts = (struct timespec){g.sec, g.nsec};
    return arm_recvmmsg(t, a, &ts);
}

int64_t arm_eabi_recvmmsg_time64(GuestThread *t, const uint64_t *a)
{
    int64_t g[2];
    struct timespec ts;

    if (!a[4])
        return arm_recvmmsg(t, a, NULL);
    if (copy_from_guest(g, a[4], sizeof(g)) != 0)
        return -EFAULT;
    ts = (struct timespec){g[0], g[1]};
    return arm_recvmmsg(t, a, &ts);
}
