/*
 * Conversions between aarch64 guest and x86-64 host layouts, one function
 * per struct or flag set whose layout differs. Pure data shuffling: no
 * syscalls, no logging, no policy.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/sem.h>

#include "syscalls/syscalls.h"

_Static_assert(sizeof(GuestStat) == 128, "aarch64 struct stat is 128 bytes");
_Static_assert(offsetof(GuestStat, size) == 48, "st_size offset");
_Static_assert(offsetof(GuestStat, atime_sec) == 72, "st_atime offset");
_Static_assert(sizeof(GuestEpollEvent) == 16, "aarch64 epoll_event");
_Static_assert(sizeof(struct epoll_event) == 12, "x86-64 epoll_event packed");
_Static_assert(sizeof(GuestSigaction) == 32, "aarch64 kernel sigaction");
_Static_assert(sizeof(GuestMsghdr) == sizeof(struct msghdr), "msghdr");
_Static_assert(sizeof(GuestMmsghdr) == sizeof(struct mmsghdr), "mmsghdr");
_Static_assert(sizeof(GuestSemidDs) == 88, "aarch64 semid64_ds");
_Static_assert(sizeof(struct semid_ds) == 104, "x86-64 semid64_ds");
_Static_assert(offsetof(GuestMsghdr, flags) ==
                   offsetof(struct msghdr, msg_flags),
               "msghdr flags");

void convert_stat_to_guest(const struct stat *host, GuestStat *guest)
{
    GuestStat g;

    memset(&g, 0, sizeof(g));
    g.dev = host->st_dev;
    g.ino = host->st_ino;
    g.mode = host->st_mode;
    g.nlink = (uint32_t)host->st_nlink;
    g.uid = host->st_uid;
    g.gid = host->st_gid;
    g.rdev = host->st_rdev;
    g.size = host->st_size;
    g.blksize = (int32_t)host->st_blksize;
    g.blocks = host->st_blocks;
    g.atime_sec = host->st_atim.tv_sec;
    g.atime_nsec = (uint64_t)host->st_atim.tv_nsec;
    g.mtime_sec = host->st_mtim.tv_sec;
    g.mtime_nsec = (uint64_t)host->st_mtim.tv_nsec;
    g.ctime_sec = host->st_ctim.tv_sec;
    g.ctime_nsec = (uint64_t)host->st_ctim.tv_nsec;
    /* One copy into guest memory, so a partial struct is never visible. */
    memcpy(guest, &g, sizeof(g));
}

void convert_epoll_event_to_host(const GuestEpollEvent *guest,
                                 struct epoll_event *host)
{
    host->events = guest->events;
    host->data.u64 = guest->data;
}

void convert_epoll_event_to_guest(const struct epoll_event *host,
                                  GuestEpollEvent *guest)
{
    guest->events = host->events;
    guest->pad = 0;
    guest->data = host->data.u64;
}

/*
 * aarch64 (arch/arm64 asm/fcntl.h) and x86-64 (asm-generic) disagree on
 * four open flags; all other bits have the same value on both.
 */
enum {
    GUEST_O_DIRECTORY = 040000,
    GUEST_O_NOFOLLOW = 0100000,
    GUEST_O_DIRECT = 0200000,
    GUEST_O_LARGEFILE = 0400000,
    HOST_O_DIRECT = 040000,
    HOST_O_LARGEFILE = 0100000,
    HOST_O_DIRECTORY = 0200000,
    HOST_O_NOFOLLOW = 0400000,
};

static const struct {
    uint64_t guest;
    int host;
} open_flag_map[] = {
    {GUEST_O_DIRECTORY, HOST_O_DIRECTORY},
    {GUEST_O_NOFOLLOW, HOST_O_NOFOLLOW},
    {GUEST_O_DIRECT, HOST_O_DIRECT},
    {GUEST_O_LARGEFILE, HOST_O_LARGEFILE},
};

#define OPEN_FLAG_MAP_COUNT (sizeof(open_flag_map) / sizeof(open_flag_map[0]))

int convert_open_flags_to_host(uint64_t guest_flags)
{
    uint64_t moved = GUEST_O_DIRECTORY | GUEST_O_NOFOLLOW | GUEST_O_DIRECT |
                     GUEST_O_LARGEFILE;
    int host = (int)(guest_flags & ~moved);

    for (size_t i = 0; i < OPEN_FLAG_MAP_COUNT; i++)
        if (guest_flags & open_flag_map[i].guest)
            host |= open_flag_map[i].host;
    return host;
}

uint64_t convert_open_flags_to_guest(int host_flags)
{
    int moved =
        HOST_O_DIRECTORY | HOST_O_NOFOLLOW | HOST_O_DIRECT | HOST_O_LARGEFILE;
    uint64_t guest = (uint32_t)(host_flags & ~moved);

    for (size_t i = 0; i < OPEN_FLAG_MAP_COUNT; i++)
        if (host_flags & open_flag_map[i].host)
            guest |= open_flag_map[i].guest;
    return guest;
}

int64_t convert_iovec_to_host(uint64_t guest_iov, int64_t count,
                              struct iovec *host)
{
    const GuestIovec *g = sys_ptr(guest_iov);

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

int64_t convert_msghdr_to_host(const GuestMsghdr *guest, struct msghdr *host,
                               struct iovec *host_iov)
{
    int64_t r;

    if (guest->iovlen > IOV_MAX)
        return -EMSGSIZE;
    r = convert_iovec_to_host(guest->iov, (int64_t)guest->iovlen, host_iov);
    if (r != 0 && r != -EFAULT)
        return r;
    host->msg_name = sys_ptr(guest->name);
    host->msg_namelen = guest->namelen;
    /* A bad vector is the kernel's to refuse, after its socket checks. */
    host->msg_iov = r ? (struct iovec *)(uintptr_t)SYS_FAULT_ADDR : host_iov;
    host->msg_iovlen = guest->iovlen;
    /* cmsghdr has the same layout on both; SCM_RIGHTS fds pass as is. */
    host->msg_control = sys_ptr(guest->control);
    host->msg_controllen = guest->controllen;
    host->msg_flags = guest->flags;
    return 0;
}

void convert_msghdr_result_to_guest(const struct msghdr *host,
                                    GuestMsghdr *guest)
{
    guest->namelen = host->msg_namelen;
    guest->controllen = host->msg_controllen;
    guest->flags = host->msg_flags;
}

void convert_semid_to_guest(const struct semid_ds *host, GuestSemidDs *guest)
{
    GuestSemidDs g;

    memset(&g, 0, sizeof(g));
    memcpy(&g.perm, &host->sem_perm, sizeof(g.perm));
    g.otime = host->sem_otime;
    g.ctime = host->sem_ctime;
    g.nsems = host->sem_nsems;
    memcpy(guest, &g, sizeof(g));
}

void convert_semid_to_host(const GuestSemidDs *guest, struct semid_ds *host)
{
    memset(host, 0, sizeof(*host));
    memcpy(&host->sem_perm, &guest->perm, sizeof(guest->perm));
    host->sem_otime = guest->otime;
    host->sem_ctime = guest->ctime;
    host->sem_nsems = guest->nsems;
}
