/*
 * Guest socket syscalls. Socket constants, sockaddr, msghdr and cmsghdr
 * agree on both 64-bit ABIs; only the pointers inside msghdr need
 * translating. Must not interpret addresses or options.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <limits.h>

#include "linux-user/signal.h"
#include "syscalls/syscalls.h"

int64_t sys_socket(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_socket, a[0], a[1], a[2]);
}

int64_t sys_socketpair(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall6(SYS_socketpair, a[0], a[1], a[2], sys_hp(a[3]), 0, 0);
}

int64_t sys_bind(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_bind, a[0], sys_hp(a[1]), a[2]);
}

int64_t sys_connect(GuestThread *t, const uint64_t *a)
{
    return signal_safe_syscall3(t, SYS_connect, a[0], sys_hp(a[1]), a[2]);
}

int64_t sys_listen(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_listen, a[0], a[1], 0);
}

int64_t sys_accept(GuestThread *t, const uint64_t *a)
{
    return signal_safe_syscall3(t, SYS_accept, a[0], sys_hp(a[1]),
                                sys_hp(a[2]));
}

int64_t sys_accept4(GuestThread *t, const uint64_t *a)
{
    return signal_safe_syscall6(t, SYS_accept4, a[0], sys_hp(a[1]),
                                sys_hp(a[2]), a[3], 0, 0);
}

int64_t sys_getsockname(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_getsockname, a[0], sys_hp(a[1]), sys_hp(a[2]));
}

int64_t sys_getpeername(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_getpeername, a[0], sys_hp(a[1]), sys_hp(a[2]));
}

int64_t sys_sendto(GuestThread *t, const uint64_t *a)
{
    return signal_safe_syscall6(t, SYS_sendto, a[0], sys_hp(a[1]), a[2], a[3],
                                sys_hp(a[4]), a[5]);
}

int64_t sys_recvfrom(GuestThread *t, const uint64_t *a)
{
    return signal_safe_syscall6(t, SYS_recvfrom, a[0], sys_hp(a[1]), a[2], a[3],
                                sys_hp(a[4]), sys_hp(a[5]));
}

int64_t sys_setsockopt(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall6(SYS_setsockopt, a[0], a[1], a[2], sys_hp(a[3]), a[4],
                         0);
}

int64_t sys_getsockopt(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall6(SYS_getsockopt, a[0], a[1], a[2], sys_hp(a[3]),
                         sys_hp(a[4]), 0);
}

int64_t sys_shutdown(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_shutdown, a[0], a[1], 0);
}

int64_t sys_sendmsg(GuestThread *t, const uint64_t *a)
{
    GuestMsghdr guest;
    struct iovec iov[IOV_MAX];
    struct msghdr host;
    int64_t r;

    (void)t;
    /* A bad header is the kernel's to refuse, after its socket checks. */
    if (copy_from_guest(&guest, a[1], sizeof(guest)) != 0 || !a[1])
        return host_syscall3(SYS_sendmsg, a[0], SYS_FAULT_ADDR, a[2]);
    r = convert_msghdr_to_host(&guest, &host, iov);
    if (r != 0)
        return r;
    return signal_safe_syscall3(t, SYS_sendmsg, a[0],
                                (uint64_t)(uintptr_t)&host, a[2]);
}

int64_t sys_recvmsg(GuestThread *t, const uint64_t *a)
{
    GuestMsghdr guest;
    struct iovec iov[IOV_MAX];
    struct msghdr host;
    int64_t r;

    (void)t;
    if (copy_from_guest(&guest, a[1], sizeof(guest)) != 0 || !a[1])
        return host_syscall3(SYS_recvmsg, a[0], SYS_FAULT_ADDR, a[2]);
    r = convert_msghdr_to_host(&guest, &host, iov);
    if (r != 0)
        return r;
    r = signal_safe_syscall3(t, SYS_recvmsg, a[0], (uint64_t)(uintptr_t)&host,
                             a[2]);
    if (!host_is_error(r)) {
        convert_msghdr_result_to_guest(&host, &guest);
        if (copy_to_guest(a[1], &guest, sizeof(guest)) != 0)
            return -EFAULT;
    }
    return r;
}

/*
 * Messages per host call: sendmmsg and recvmmsg may handle fewer messages
 * than asked, so a bounded batch keeps the host copies on the stack.
 */
#define NET_MMSG_BATCH 64

/*
 * Converts the leading messages of a guest mmsghdr array whose iovecs fit
 * one shared IOV_MAX pool. Returns how many were converted, or -errno
 * when not even the first one could be.
 */
static int64_t net_mmsg_to_host(const GuestMmsghdr *guest, uint64_t vlen,
                                struct mmsghdr *host, struct iovec *iov_pool)
{
    uint64_t used = 0;
    uint64_t n;

    if (vlen > NET_MMSG_BATCH)
        vlen = NET_MMSG_BATCH;
    for (n = 0; n < vlen; n++) {
        uint64_t need = guest[n].hdr.iovlen;
        int64_t r;

        if (n > 0 && need > IOV_MAX - used)
            break;
        r = convert_msghdr_to_host(&guest[n].hdr, &host[n].msg_hdr,
                                   iov_pool + used);
        if (r != 0)
            return n > 0 ? (int64_t)n : r;
        host[n].msg_len = 0;
        used += need;
    }
    return (int64_t)n;
}

static void net_mmsg_result_to_guest(const struct mmsghdr *host, int64_t count,
                                     GuestMmsghdr *guest)
{
    for (int64_t i = 0; i < count; i++) {
        convert_msghdr_result_to_guest(&host[i].msg_hdr, &guest[i].hdr);
        guest[i].len = host[i].msg_len;
    }
}

/*
 * sendmmsg and recvmmsg: the vector is rebuilt with host pointers, lengths
 * come back. timeout is recvmmsg's struct timespec (identical on both ABIs;
 * 0 for sendmmsg, which has no such argument).
 */
static int64_t net_mmsg(long host_nr, const uint64_t *a, uint64_t timeout)
{
    GuestMmsghdr *guest = sys_ptr(a[1]);
    struct mmsghdr host[NET_MMSG_BATCH];
    struct iovec iov[IOV_MAX];
    uint64_t vlen = a[2] < NET_MMSG_BATCH ? a[2] : NET_MMSG_BATCH;
    int64_t count, r;

    if (a[2] == 0 || !guest)
        return host_syscall6(host_nr, a[0], sys_hp(a[1]), a[2], a[3], timeout,
                             0);
    if (!guest_range_ok(a[1], vlen * sizeof(*guest), PROT_READ | PROT_WRITE))
        return host_syscall6(host_nr, a[0], SYS_FAULT_ADDR, a[2], a[3], timeout,
                             0);
    count = net_mmsg_to_host(guest, vlen, host, iov);
    if (count < 0)
        return count;
    r = host_syscall6(host_nr, a[0], (uint64_t)(uintptr_t)host, (uint64_t)count,
                      a[3], timeout, 0);
    if (!host_is_error(r))
        net_mmsg_result_to_guest(host, r, guest);
    return r;
}

int64_t sys_sendmmsg(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return net_mmsg(SYS_sendmmsg, a, 0);
}

int64_t sys_recvmmsg(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return net_mmsg(SYS_recvmmsg, a, sys_hp(a[4]));
}
