/*
 * Internal API of the arm EABI syscall layer (syscalls/arm_*.c): the
 * armhf guest's struct layouts, their conversions and the directory
 * cookie table. Must not be used for AArch64 guests.
 */
#ifndef ARX_SYSCALLS_ARM_EABI_H
#define ARX_SYSCALLS_ARM_EABI_H

#include <stdint.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysinfo.h>
#include <sys/times.h>
#include <sys/uio.h>
#include <time.h>

#include "syscalls/syscalls.h"

/* Handlers of arm_nr.def rows (the arm_eabi_* ones). */
#define ARM_SYSCALL(nr, name, handler)                                         \
    int64_t arm_eabi_##name(GuestThread *t, const uint64_t *args);
#include "syscalls/arm_nr.def"
#undef ARM_SYSCALL

/* arm's signal frame code (linux-user/arm/signal.c, helper a17-sig). */
int64_t arm_sys_sigreturn(GuestThread *t);

/*
 * A host buffer as a "guest" pointer for the arm64 handlers, which take
 * their pointers through sys_hp(): h2g is its exact inverse.
 */
static inline uint64_t arm_host_arg(const void *p)
{
    return p ? h2g(p) : 0;
}

/* A 64-bit value passed in an even/odd register pair (low word first). */
static inline uint64_t arm_pair(const uint64_t *args, int first)
{
    return (uint32_t)args[first] | (uint64_t)(uint32_t)args[first + 1] << 32;
}

/* A signed 32-bit argument (long, off_t), as the host wants it. */
static inline uint64_t arm_signed(uint64_t arg)
{
    return (uint64_t)(int64_t)(int32_t)arg;
}

/* Name of arm syscall nr, or NULL when the number is not allocated. */
const char *arm_syscall_name(uint64_t nr);

/* newfstatat on the host for a guest path, with -L sysroot (arm_fs.c). */
int64_t arm_host_fstatat(uint64_t dirfd, uint64_t guest_path, uint64_t flags,
                         struct stat *host);

/* ---- arm EABI layouts (sizes checked in tests/unit/test_arm_eabi.c) ---- */

typedef struct ArmTimespec {
    int32_t sec;
    int32_t nsec;
} ArmTimespec;

typedef struct ArmTimeval {
    int32_t sec;
    int32_t usec;
} ArmTimeval;

/* struct stat64: 104 bytes, the 64-bit fields 8-aligned (EABI). */
typedef struct ArmStat64 {
    uint64_t dev;
    uint8_t pad0[4];
    uint32_t ino32;
    uint32_t mode;
    uint32_t nlink;
    uint32_t uid;
    uint32_t gid;
    uint64_t rdev;
    uint8_t pad3[4];
    int64_t size;
    uint32_t blksize;
    uint64_t blocks;
    uint32_t atime_sec;
    uint32_t atime_nsec;
    uint32_t mtime_sec;
    uint32_t mtime_nsec;
    uint32_t ctime_sec;
    uint32_t ctime_nsec;
    uint64_t ino;
} ArmStat64;

/* struct statfs64 of arm: packed to 4-byte alignment, 84 bytes. */
typedef struct __attribute__((packed, aligned(4))) ArmStatfs64 {
    uint32_t type;
    uint32_t bsize;
    uint64_t blocks;
    uint64_t bfree;
    uint64_t bavail;
    uint64_t files;
    uint64_t ffree;
    int32_t fsid[2];
    uint32_t namelen;
    uint32_t frsize;
    uint32_t flags;
    uint32_t spare[4];
} ArmStatfs64;

/* struct statfs of arm (the 32-bit calls): 64 bytes. */
typedef struct ArmStatfs {
    uint32_t type;
    uint32_t bsize;
    uint32_t blocks;
    uint32_t bfree;
    uint32_t bavail;
    uint32_t files;
    uint32_t ffree;
    int32_t fsid[2];
    uint32_t namelen;
    uint32_t frsize;
    uint32_t flags;
    uint32_t spare[4];
} ArmStatfs;

/* struct flock (fcntl F_GETLK/SETLK/SETLKW on arm): 16 bytes. */
typedef struct ArmFlock {
    int16_t type;
    int16_t whence;
    int32_t start;
    int32_t len;
    int32_t pid;
} ArmFlock;

typedef struct ArmRlimit {
    uint32_t cur;
    uint32_t max;
} ArmRlimit;

#define ARM_RLIM_INFINITY 0xffffffffu

typedef struct ArmTms {
    int32_t utime, stime, cutime, cstime;
} ArmTms;

/* struct rusage: two timevals and fourteen longs, 72 bytes. */
typedef struct ArmRusage {
    ArmTimeval utime;
    ArmTimeval stime;
    int32_t rest[14];
} ArmRusage;

/* struct sysinfo of a 32-bit kernel: 64 bytes. */
typedef struct ArmSysinfo {
    int32_t uptime;
    uint32_t loads[3];
    uint32_t totalram, freeram, sharedram, bufferram, totalswap, freeswap;
    uint16_t procs;
    uint16_t pad;
    uint32_t totalhigh, freehigh;
    uint32_t mem_unit;
    char reserved[8];
} ArmSysinfo;

typedef struct ArmIovec {
    uint32_t base;
    uint32_t len;
} ArmIovec;

typedef struct ArmMsghdr {
    uint32_t name;
    uint32_t namelen;
    uint32_t iov;
    uint32_t iovlen;
    uint32_t control;
    uint32_t controllen;
    int32_t flags;
} ArmMsghdr;

typedef struct ArmCmsghdr {
    uint32_t len;
    int32_t level;
    int32_t type;
} ArmCmsghdr;

/* rt_sigaction's struct: the 64-bit mask is two 4-byte words. */
typedef struct ArmSigaction {
    uint32_t handler;
    uint32_t flags;
    uint32_t restorer;
    uint32_t mask[2];
} ArmSigaction;

/* sigaction(67)'s struct old_sigaction. */
typedef struct ArmOldSigaction {
    uint32_t handler;
    uint32_t mask;
    uint32_t flags;
    uint32_t restorer;
} ArmOldSigaction;

typedef struct ArmStack {
    uint32_t sp;
    int32_t flags;
    uint32_t size;
} ArmStack;

/* siginfo_t of arm: 128 bytes, the union at offset 12. */
typedef struct ArmSiginfo {
    int32_t signo;
    int32_t errno_value;
    int32_t code;
    uint32_t fields[29];
} ArmSiginfo;

/* ---- conversions (arm_convert.c) ---- */

void arm_convert_stat64(const struct stat *host, ArmStat64 *guest);
void arm_convert_statfs64(const struct statfs *host, ArmStatfs64 *guest);
/* 0, or -EOVERFLOW when a count does not fit 32 bits. */
int arm_convert_statfs(const struct statfs *host, ArmStatfs *guest);
void arm_convert_rlimit_to_guest(const struct rlimit *host, ArmRlimit *guest);
void arm_convert_rlimit_to_host(const ArmRlimit *guest, struct rlimit *host);
void arm_convert_rusage(const struct rusage *host, ArmRusage *guest);
void arm_convert_sysinfo(const struct sysinfo *host, ArmSysinfo *guest);
void arm_convert_siginfo(const GuestSiginfo *host, ArmSiginfo *guest);
void arm_convert_siginfo_to_host(const ArmSiginfo *guest, GuestSiginfo *host);
/* The host getdents64 records in buf, rewritten in place with cookies. */
void arm_convert_dirents64(void *buf, size_t len);
/* Host getdents64 records to linux_dirent (32-bit) records in out:
 * bytes written, or -EOVERFLOW when an inode does not fit 32 bits,
 * -EINVAL when out is too small for the first record. */
int64_t arm_convert_dirents(const void *buf, size_t len, void *out,
                            size_t out_len, size_t *consumed);

/* ---- iovec and control messages (arm_io.c) ---- */

/* 0, -EINVAL (count), or -EFAULT (array unreadable). */
int64_t arm_convert_iovec(uint64_t guest_iov, int64_t count,
                          struct iovec *host);
/* arm cmsgs (12-byte headers, 4-aligned) to the host's in out: the bytes
 * used; *err -EINVAL for a malformed one, -ENOBUFS when out is full. */
size_t arm_cmsg_to_host(const uint8_t *in, size_t in_len, uint8_t *out,
                        size_t out_room, int64_t *err);
struct msghdr;
/* The host's received cmsgs into arm's buffer: bytes used; *truncated
 * when one did not fit (MSG_CTRUNC). */
size_t arm_cmsg_to_guest(const struct msghdr *host, uint8_t *out, size_t room,
                         bool *truncated);

/* ---- directory cookies (arm_convert.c) ---- */

/* Offsets below this pass as they are; larger ones become cookies. */
#define ARM_DIR_COOKIE_BASE (1u << 30)
/* A 31-bit d_off for the guest standing for the host's 64-bit one. */
uint32_t arm_dir_cookie(int64_t host_off);
/* The host offset a guest's seek offset stands for. */
int64_t arm_dir_offset(uint32_t guest_off);

#endif
