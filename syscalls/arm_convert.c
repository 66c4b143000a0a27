/*
 * The armhf guest's structs to and from the host's: one function per
 * struct, pure (no syscalls), so tests/unit/test_arm_eabi.c checks each.
 * Also the directory cookie table. Must not touch guest memory.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "syscalls/arm_eabi.h"

void arm_convert_stat64(const struct stat *host, ArmStat64 *guest)
{
    memset(guest, 0, sizeof(*guest));
    guest->dev = host->st_dev;
    guest->ino32 = (uint32_t)host->st_ino;
    guest->mode = host->st_mode;
    guest->nlink = (uint32_t)host->st_nlink;
    guest->uid = host->st_uid;
    guest->gid = host->st_gid;
    guest->rdev = host->st_rdev;
    guest->size = host->st_size;
    guest->blksize = (uint32_t)host->st_blksize;
    guest->blocks = (uint64_t)host->st_blocks;
    guest->atime_sec = (uint32_t)host->st_atim.tv_sec;
    guest->atime_nsec = (uint32_t)host->st_atim.tv_nsec;
    guest->mtime_sec = (uint32_t)host->st_mtim.tv_sec;
    guest->mtime_nsec = (uint32_t)host->st_mtim.tv_nsec;
    guest->ctime_sec = (uint32_t)host->st_ctim.tv_sec;
    guest->ctime_nsec = (uint32_t)host->st_ctim.tv_nsec;
    guest->ino = host->st_ino;
}

void arm_convert_statfs64(const struct statfs *host, ArmStatfs64 *guest)
{
    memset(guest, 0, sizeof(*guest));
    guest->type = (uint32_t)host->f_type;
    guest->bsize = (uint32_t)host->f_bsize;
    guest->blocks = host->f_blocks;
    guest->bfree = host->f_bfree;
    guest->bavail = host->f_bavail;
    guest->files = host->f_files;
    guest->ffree = host->f_ffree;
    memcpy(guest->fsid, &host->f_fsid, sizeof(guest->fsid));
    guest->namelen = (uint32_t)host->f_namelen;
    guest->frsize = (uint32_t)host->f_frsize;
    guest->flags = (uint32_t)host->f_flags;
}

/* The 32-bit statfs: a count past 32 bits is EOVERFLOW, as put_compat_statfs.
 */
int arm_convert_statfs(const struct statfs *host, ArmStatfs *guest)
{
    ArmStatfs64 wide;

    arm_convert_statfs64(host, &wide);
    if ((wide.blocks | wide.bfree | wide.bavail) >> 32)
        return -EOVERFLOW;
    /* -1 ("unknown") files counts fit, as the kernel lets them. */
    if ((wide.files != (uint64_t)-1 && wide.files >> 32) ||
        (wide.ffree != (uint64_t)-1 && wide.ffree >> 32))
        return -EOVERFLOW;
    memset(guest, 0, sizeof(*guest));
    guest->type = wide.type;
    guest->bsize = wide.bsize;
    guest->blocks = (uint32_t)wide.blocks;
    guest->bfree = (uint32_t)wide.bfree;
    guest->bavail = (uint32_t)wide.bavail;
    guest->files = (uint32_t)wide.files;
    guest->ffree = (uint32_t)wide.ffree;
    memcpy(guest->fsid, wide.fsid, sizeof(guest->fsid));
    guest->namelen = wide.namelen;
    guest->frsize = wide.frsize;
    guest->flags = wide.flags;
    return 0;
}

/* A limit past 32 bits reads as RLIM_INFINITY, as the compat getrlimit. */
static uint32_t arm_rlim_to_guest(rlim_t v)
{
    return v >= ARM_RLIM_INFINITY ? ARM_RLIM_INFINITY : (uint32_t)v;
}

static rlim_t arm_rlim_to_host(uint32_t v)
{
    return v == ARM_RLIM_INFINITY ? RLIM_INFINITY : v;
}

void arm_convert_rlimit_to_guest(const struct rlimit *host, ArmRlimit *guest)
{
    guest->cur = arm_rlim_to_guest(host->rlim_cur);
    guest->max = arm_rlim_to_guest(host->rlim_max);
}

void arm_convert_rlimit_to_host(const ArmRlimit *guest, struct rlimit *host)
{
    host->rlim_cur = arm_rlim_to_host(guest->cur);
    host->rlim_max = arm_rlim_to_host(guest->max);
}

void arm_convert_rusage(const struct rusage *host, ArmRusage *guest)
{
    const long *longs = &host->ru_maxrss;

    guest->utime.sec = (int32_t)host->ru_utime.tv_sec;
    guest->utime.usec = (int32_t)host->ru_utime.tv_usec;
    guest->stime.sec = (int32_t)host->ru_stime.tv_sec;
    guest->stime.usec = (int32_t)host->ru_stime.tv_usec;
    for (int i = 0; i < 14; i++)
        guest->rest[i] = (int32_t)longs[i];
}

/* Memory sizes past 32 bits are scaled into a larger mem_unit, as the
 * kernel's compat sysinfo does. */
void arm_convert_sysinfo(const struct sysinfo *host, ArmSysinfo *guest)
{
    uint64_t unit = host->mem_unit ? host->mem_unit : 1;
    uint64_t sizes[8] = {host->totalram,  host->freeram,   host->sharedram,
                         host->bufferram, host->totalswap, host->freeswap,
                         host->totalhigh, host->freehigh};
    uint64_t largest = 0;
    int shift = 0;

    for (int i = 0; i < 8; i++)
        largest = sizes[i] > largest ? sizes[i] : largest;
    while ((largest >> shift) > UINT32_MAX)
        shift++;
    memset(guest, 0, sizeof(*guest));
    guest->uptime = (int32_t)host->uptime;
    for (int i = 0; i < 3; i++)
        guest->loads[i] = (uint32_t)host->loads[i];
    guest->totalram = (uint32_t)(sizes[0] >> shift);
    guest->freeram = (uint32_t)(sizes[1] >> shift);
    guest->sharedram = (uint32_t)(sizes[2] >> shift);
    guest->bufferram = (uint32_t)(sizes[3] >> shift);
    guest->totalswap = (uint32_t)(sizes[4] >> shift);
    guest->freeswap = (uint32_t)(sizes[5] >> shift);
    guest->totalhigh = (uint32_t)(sizes[6] >> shift);
    guest->freehigh = (uint32_t)(sizes[7] >> shift);
    guest->procs = host->procs;
    guest->mem_unit = (uint32_t)(unit << shift);
}

/* ---- siginfo: the union starts at 12 on arm, 16 on x86-64 ---- */

typedef enum ArmSiginfoLayout {
    ARM_SI_INTS,  /* kill, rt, timer: three 32-bit words */
    ARM_SI_CHLD,  /* pid, uid, status, utime, stime */
    ARM_SI_FAULT, /* addr, then addr_lsb and its union */
    ARM_SI_POLL,  /* band (long), fd */
    ARM_SI_SYS,   /* call_addr, syscall, arch */
} ArmSiginfoLayout;

static ArmSiginfoLayout arm_siginfo_layout(int signo, int code)
{
    if (code <= 0)
        return ARM_SI_INTS;
    switch (signo) {
    case SIGCHLD: return ARM_SI_CHLD;
    case SIGSEGV:
    case SIGBUS:
    case SIGILL:
    case SIGFPE:
    case SIGTRAP: return ARM_SI_FAULT;
    case SIGIO: return ARM_SI_POLL;
    case SIGSYS: return ARM_SI_SYS;
    default: return ARM_SI_INTS;
    }
}

void arm_convert_siginfo(const GuestSiginfo *host, ArmSiginfo *guest)
{
    const uint8_t *u = (const uint8_t *)host + 16;
    uint32_t *f = guest->fields;
    uint64_t wide;

    memset(guest, 0, sizeof(*guest));
    guest->signo = host->signo;
    guest->errno_value = host->errno_value;
    guest->code = host->code;
    switch (arm_siginfo_layout(host->signo, host->code)) {
    case ARM_SI_INTS: memcpy(f, u, 12); break;
    case ARM_SI_CHLD:
        memcpy(f, u, 12);
        memcpy(&wide, u + 16, 8);
        f[3] = (uint32_t)wide;
        memcpy(&wide, u + 24, 8);
        f[4] = (uint32_t)wide;
        break;
    case ARM_SI_FAULT:
        memcpy(&wide, u, 8);
        f[0] = (uint32_t)wide;
        memcpy(&f[1], u + 8, 24);
        break;
    case ARM_SI_POLL:
        memcpy(&wide, u, 8);
        f[0] = (uint32_t)wide;
        memcpy(&f[1], u + 8, 4);
        break;
    case ARM_SI_SYS:
        memcpy(&wide, u, 8);
        f[0] = (uint32_t)wide;
        memcpy(&f[1], u + 8, 8);
        break;
    }
}

/* rt_sigqueueinfo's siginfo from the guest: kill/rt words (code < 0). */
void arm_convert_siginfo_to_host(const ArmSiginfo *guest, GuestSiginfo *host)
{
    uint8_t *u = (uint8_t *)host + 16;

    memset(host, 0, sizeof(*host));
    host->signo = guest->signo;
    host->errno_value = guest->errno_value;
    host->code = guest->code;
    /* pid, uid and sival_int; sival_ptr is the same 32 bits, zero-extended. */
    memcpy(u, guest->fields, 12);
}

/* ---- directory cookies ---- */

static pthread_mutex_t arm_cookie_lock = PTHREAD_MUTEX_INITIALIZER;
static int64_t *arm_cookie_offsets; /* cookie - BASE -> host offset */
static size_t arm_cookie_count, arm_cookie_room;

/*
 * The host's d_off values (ext4 hash positions: 63-bit) do not fit a
 * 32-bit off_t, so glibc's readdir/telldir would fail with EOVERFLOW.
 * Each large one gets a cookie, kept for the life of the process; the
 * search is linear from the newest, where a readdir loop's seeks land.
 */
uint32_t arm_dir_cookie(int64_t host_off)
{
    uint32_t cookie = 0;

    if (host_off >= 0 && host_off < ARM_DIR_COOKIE_BASE)
        return (uint32_t)host_off;
    pthread_mutex_lock(&arm_cookie_lock);
    for (size_t i = arm_cookie_count; i-- > 0;)
        if (arm_cookie_offsets[i] == host_off) {
            cookie = ARM_DIR_COOKIE_BASE + (uint32_t)i;
            goto out;
        }
    if (arm_cookie_count == arm_cookie_room) {
        size_t room = arm_cookie_room ? arm_cookie_room * 2 : 1024;
        int64_t *grown = NULL;

        if (room <= ARM_DIR_COOKIE_BASE)
            grown = realloc(arm_cookie_offsets, room * sizeof(*grown));
        if (!grown) {
            cookie = INT32_MAX; /* out of cookies: a seek there fails */
            goto out;
        }
        arm_cookie_offsets = grown;
        arm_cookie_room = room;
    }
    arm_cookie_offsets[arm_cookie_count] = host_off;
    cookie = ARM_DIR_COOKIE_BASE + (uint32_t)arm_cookie_count++;
out:
    pthread_mutex_unlock(&arm_cookie_lock);
    return cookie;
}

int64_t arm_dir_offset(uint32_t guest_off)
{
    int64_t off = guest_off;

    if (guest_off < ARM_DIR_COOKIE_BASE)
        return guest_off;
    pthread_mutex_lock(&arm_cookie_lock);
    if (guest_off - ARM_DIR_COOKIE_BASE < arm_cookie_count)
        off = arm_cookie_offsets[guest_off - ARM_DIR_COOKIE_BASE];
    pthread_mutex_unlock(&arm_cookie_lock);
    return off;
}

/* struct linux_dirent64: the same on arm and the host but for d_off. */
typedef struct HostDirent64 {
    uint64_t ino;
    int64_t off;
    uint16_t reclen;
    uint8_t type;
    char name[];
} HostDirent64;

void arm_convert_dirents64(void *buf, size_t len)
{
    for (size_t pos = 0; pos + sizeof(HostDirent64) <= len;) {
        HostDirent64 *d = (HostDirent64 *)((char *)buf + pos);
        int64_t cookie = arm_dir_cookie(d->off);

        memcpy(&d->off, &cookie, sizeof(cookie));
        if (d->reclen == 0)
            break;
        pos += d->reclen;
    }
}

/* linux_dirent of a 32-bit kernel: ino, off, reclen, name, pad, type. */
int64_t arm_convert_dirents(const void *buf, size_t len, void *out,
                            size_t out_len, size_t *consumed)
{
    size_t in = 0, done = 0;

    while (in + sizeof(HostDirent64) <= len) {
        const HostDirent64 *d = (const HostDirent64 *)((const char *)buf + in);
        size_t name_len = strlen(d->name);
        size_t reclen = (10 + name_len + 2 + 3) & ~(size_t)3;
        char *rec = (char *)out + done;
        uint32_t ino = (uint32_t)d->ino, off = arm_dir_cookie(d->off);
        uint16_t reclen16 = (uint16_t)reclen;

        if (d->ino >> 32)
            return -EOVERFLOW;
        if (done + reclen > out_len)
            break;
        memcpy(rec, &ino, 4);
        memcpy(rec + 4, &off, 4);
        memcpy(rec + 8, &reclen16, 2);
        memcpy(rec + 10, d->name, name_len + 1);
        memset(rec + 11 + name_len, 0, reclen - 11 - name_len);
        rec[reclen - 1] = (char)d->type;
        done += reclen;
        in += d->reclen;
    }
    *consumed = in;
    return done || in == len ? (int64_t)done : -EINVAL;
}

/* ---- control messages: 12-byte headers, 4-byte alignment on arm ---- */

#define ARM_CMSG_ALIGN(len) (((len) + 3) & ~(size_t)3)
#define ARM_CMSG_HDR sizeof(ArmCmsghdr)

/* The guest's control buffer as host cmsgs in out (out_room bytes):
 * the host length, or -EINVAL for a malformed one as the kernel says. */
size_t arm_cmsg_to_host(const uint8_t *in, size_t in_len, uint8_t *out,
                        size_t out_room, int64_t *err)
{
    size_t pos = 0, done = 0;

    *err = 0;
    while (pos + ARM_CMSG_HDR <= in_len) {
        ArmCmsghdr g;
        struct cmsghdr *h = (struct cmsghdr *)(out + done);
        size_t payload;

        memcpy(&g, in + pos, sizeof(g));
        if (g.len < ARM_CMSG_HDR || g.len > in_len - pos) {
            *err = -EINVAL;
            return 0;
        }
        payload = g.len - ARM_CMSG_HDR;
        if (done + CMSG_SPACE(payload) > out_room) {
            *err = -ENOBUFS;
            return 0;
        }
        memset(h, 0, CMSG_SPACE(payload));
        h->cmsg_len = CMSG_LEN(payload);
        h->cmsg_level = g.level;
        h->cmsg_type = g.type;
        /* SCM_RIGHTS (ints) and SCM_CREDENTIALS (three ints) are the same. */
        memcpy(CMSG_DATA(h), in + pos + ARM_CMSG_HDR, payload);
        done += CMSG_SPACE(payload);
        pos += ARM_CMSG_ALIGN(g.len);
    }
    return done;
}

/* A payload as arm sees it: the old socket timestamps shrink. */
static size_t arm_cmsg_payload(const struct cmsghdr *h, uint8_t *out)
{
    size_t len = h->cmsg_len - CMSG_LEN(0);
    const uint8_t *data = CMSG_DATA(h);

    if (h->cmsg_level == SOL_SOCKET &&
        (h->cmsg_type == SO_TIMESTAMP || h->cmsg_type == SO_TIMESTAMPNS) &&
        len == 16) {
        int64_t wide[2];
        int32_t narrow[2];

        memcpy(wide, data, sizeof(wide));
        narrow[0] = (int32_t)wide[0];
        narrow[1] = (int32_t)wide[1];
        memcpy(out, narrow, sizeof(narrow));
        return sizeof(narrow);
    }
    memcpy(out, data, len);
    return len;
}

/*
 * Host cmsgs received into arm's buffer (room bytes): the length used;
 * *truncated when one did not fit (MSG_CTRUNC). SCM_RIGHTS fds that do
 * not fit stay open, as when the kernel truncates.
 */
size_t arm_cmsg_to_guest(const struct msghdr *host, uint8_t *out, size_t room,
                         bool *truncated)
{
    size_t done = 0;

    *truncated = false;
    for (struct cmsghdr *h = CMSG_FIRSTHDR(host); h;
         h = CMSG_NXTHDR((struct msghdr *)host, h)) {
        uint8_t payload[256];
        size_t len, plen = h->cmsg_len - CMSG_LEN(0);
        ArmCmsghdr g;

        if (plen > sizeof(payload)) {
            *truncated = true;
            break;
        }
        len = arm_cmsg_payload(h, payload);
        if (done + ARM_CMSG_HDR + len > room) {
            *truncated = true;
            break;
        }
        g = (ArmCmsghdr){(uint32_t)(ARM_CMSG_HDR + len), h->cmsg_level,
                         h->cmsg_type};
        memcpy(out + done, &g, sizeof(g));
        memcpy(out + done + ARM_CMSG_HDR, payload, len);
        done += ARM_CMSG_ALIGN(ARM_CMSG_HDR + len);
        if (done > room)
            done = room;
    }
    return done;
}
