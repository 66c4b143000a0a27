/*
 * Guest socket syscalls. Socket constants, sockaddr, msghdr and cmsghdr
 * agree on both 64-bit ABIs; only the pointers inside msghdr need
 * translating. Must not interpret addresses or options.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <limits.h>

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
    (void)t;
    return host_syscall3(SYS_connect, a[0], sys_hp(a[1]), a[2]);
}

int64_t sys_listen(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_listen, a[0], a[1], 0);
}

int64_t sys_accept(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_accept, a[0], sys_hp(a[1]), sys_hp(a[2]));
}

int64_t sys_accept4(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall6(SYS_accept4, a[0], sys_hp(a[1]), sys_hp(a[2]), a[3],
                         0, 0);
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
    (void)t;
    return host_syscall6(SYS_sendto, a[0], sys_hp(a[1]), a[2], a[3],
                         sys_hp(a[4]), a[5]);
}

int64_t sys_recvfrom(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall6(SYS_recvfrom, a[0], sys_hp(a[1]), a[2], a[3],
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
    struct iovec iov[IOV_MAX];
    struct msghdr host;
    int64_t r;

    (void)t;
    r = convert_msghdr_to_host(sys_ptr(a[1]), &host, iov);
    if (r != 0)
        return r;
    return host_syscall3(SYS_sendmsg, a[0], (uint64_t)(uintptr_t)&host, a[2]);
}

int64_t sys_recvmsg(GuestThread *t, const uint64_t *a)
{
    GuestMsghdr *guest = sys_ptr(a[1]);
    struct iovec iov[IOV_MAX];
    struct msghdr host;
    int64_t r;

    (void)t;
    r = convert_msghdr_to_host(guest, &host, iov);
    if (r != 0)
        return r;
    r = host_syscall3(SYS_recvmsg, a[0], (uint64_t)(uintptr_t)&host, a[2]);
    if (!host_is_error(r))
        convert_msghdr_result_to_guest(&host, guest);
    return r;
}
