/*
 * arm EABI socket calls beyond sendmsg/recvmsg (arm_io.c): send and
 * recv, which arm keeps as calls of their own, and the socket options
 * holding a struct timeval with arm's 32-bit time_t. socketcall is not
 * in EABI. Must not interpret other options: they pass through.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <sys/socket.h>
#include <sys/time.h>

#include "syscalls/arm_eabi.h"

int64_t arm_eabi_send(GuestThread *t, const uint64_t *a)
{
    const uint64_t args[6] = {a[0], a[1], a[2], a[3], 0, 0};

    return sys_sendto(t, args);
}

int64_t arm_eabi_recv(GuestThread *t, const uint64_t *a)
{
    const uint64_t args[6] = {a[0], a[1], a[2], a[3], 0, 0};

    return sys_recvfrom(t, args);
}

/* SO_RCVTIMEO_OLD and SO_SNDTIMEO_OLD: a timeval of the caller's time_t. */
static bool arm_sockopt_is_timeval(uint64_t level, uint64_t name)
{
    return (int)level == SOL_SOCKET &&
           ((int)name == SO_RCVTIMEO || (int)name == SO_SNDTIMEO);
}

int64_t arm_eabi_setsockopt(GuestThread *t, const uint64_t *a)
{
    ArmTimeval guest;
    struct timeval host;

    if (!arm_sockopt_is_timeval(a[1], a[2]))
        return sys_setsockopt(t, a);
    if ((uint32_t)a[4] < sizeof(guest))
        return -EINVAL;
    if (copy_from_guest(&guest, a[3], sizeof(guest)) != 0)
        return -EFAULT;
    host = (struct timeval){guest.sec, guest.usec};
    {
        const uint64_t args[5] = {a[0], a[1], a[2], arm_host_arg(&host),
                                  sizeof(host)};

        return sys_setsockopt(t, args);
    }
}

int64_t arm_eabi_getsockopt(GuestThread *t, const uint64_t *a)
{
    struct timeval host;
    socklen_t host_len = sizeof(host);
    uint32_t len;
    ArmTimeval guest;
    int64_t r;

    if (!arm_sockopt_is_timeval(a[1], a[2]))
        return sys_getsockopt(t, a);
    if (copy_from_guest(&len, a[4], sizeof(len)) != 0)
        return -EFAULT;
    {
        const uint64_t args[5] = {a[0], a[1], a[2], arm_host_arg(&host),
                                  arm_host_arg(&host_len)};

        r = sys_getsockopt(t, args);
    }
    if (r != 0)
        return r;
    guest = (ArmTimeval){(int32_t)host.tv_sec, (int32_t)host.tv_usec};
    len = len < sizeof(guest) ? len : sizeof(guest);
    if (copy_to_guest(a[3], &guest, len) != 0 ||
        copy_to_guest(a[4], &len, sizeof(len)) != 0)
        return -EFAULT;
    return 0;
}
