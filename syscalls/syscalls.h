/*
 * Internal API of syscalls/: the handler convention, the host syscall
 * primitive, guest struct layouts that differ from x86-64, and shared state.
 * Must not know about the JIT; linux-user/ only sees do_syscall().
 */
#ifndef ARX_SYSCALLS_SYSCALLS_H
#define ARX_SYSCALLS_SYSCALLS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/epoll.h>
#include <sys/mman.h> /* PROT_* for guest_range_ok */
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>

#include "linux-user/signal.h"
#include "linux-user/user.h"
#include "target-arm/cpu.h"

/* Defined by linux-user/main.c; execve of an AArch64 ELF re-enters arx. */
extern const char *arx_self_path;
extern char **arx_reexec_args; /* NULL-terminated options to repeat */

/* Guest syscall numbers (aarch64 asm-generic), never the host's SYS_*. */
enum {
#define SYSCALL(nr, name, handler) GUEST_NR_##name = nr,
#include "syscalls/nr.def"
#undef SYSCALL
    GUEST_NR_COUNT = 451
};

/* Every handler gets the six raw argument registers x0..x5. */
typedef int64_t (*SyscallHandler)(GuestThread *t, const uint64_t *args);

/* Declared for every row; only rows naming a handler in nr.def define it. */
#define SYSCALL(nr, name, handler)                                             \
    int64_t sys_##name(GuestThread *t, const uint64_t *args);
#include "syscalls/nr.def"
#undef SYSCALL

/* Name of guest syscall nr, or NULL when the number is not allocated. */
const char *syscall_name(uint64_t nr);

/*
 * The one host primitive: the raw x86-64 syscall instruction, so every
 * handler sees the kernel's convention (values above -4096UL are -errno)
 * and nothing touches the host libc's errno.
 */
static inline int64_t host_syscall6(long nr, uint64_t a, uint64_t b, uint64_t c,
                                    uint64_t d, uint64_t e, uint64_t f)
{
    register uint64_t r10 __asm__("r10") = d;
    register uint64_t r8 __asm__("r8") = e;
    register uint64_t r9 __asm__("r9") = f;
    uint64_t ret;

    __asm__ volatile("syscall"
                     : "=a"(ret)
                     : "a"(nr), "D"(a), "S"(b), "d"(c), "r"(r10), "r"(r8),
                       "r"(r9)
                     : "rcx", "r11", "memory");
    return (int64_t)ret;
}

static inline int64_t host_syscall3(long nr, uint64_t a, uint64_t b, uint64_t c)
{
    return host_syscall6(nr, a, b, c, 0, 0, 0);
}

static inline bool host_is_error(int64_t r)
{
    return (uint64_t)r > -4096UL;
}

/*
 * Host address for a guest pointer argument. A guest NULL stays NULL so
 * the host kernel sees the same "argument absent" as the guest meant; a
 * tagged aarch64 pointer loses its tag (arm_user_untag).
 */
static inline void *sys_ptr(uint64_t guest_addr)
{
    return guest_addr ? g2h(arm_user_untag(guest_addr)) : NULL;
}

/* sys_ptr() as an integer, for host_syscall arguments. */
static inline uint64_t sys_hp(uint64_t guest_addr)
{
    return (uint64_t)(uintptr_t)sys_ptr(guest_addr);
}

/* Guest's view of a host pointer result (mmap); inverse of sys_ptr. */
static inline uint64_t sys_gp(const void *host_ptr)
{
    return host_ptr ? h2g(host_ptr) : 0;
}

/* ---- guest memory arx touches for a syscall (uaccess.c) ---- */

/*
 * A host address no process can map (non-canonical): handed to the host
 * kernel in place of a bad guest pointer, it fails with EFAULT exactly
 * where the kernel would touch the memory, after its own earlier checks.
 */
#define SYS_FAULT_ADDR ((uint64_t)1 << 63)

/* True when [addr, addr + len) is guest memory allowing prot (PROT_*). */
bool guest_range_ok(uint64_t addr, uint64_t len, int prot);
/* 0, or -EFAULT (nothing copied) when the guest range is not accessible. */
int64_t copy_from_guest(void *dst, uint64_t src, size_t len);
int64_t copy_to_guest(uint64_t dst, const void *src, size_t len);
/* Copies the readable leading part of the range; returns its length. */
size_t copy_from_guest_prefix(void *dst, uint64_t src, size_t len);
/*
 * The NUL-terminated guest string at addr as a host pointer in *out: 0,
 * -EFAULT when it is not readable up to its NUL, -ENAMETOOLONG when the
 * first max bytes hold no NUL.
 */
int64_t guest_string(uint64_t addr, size_t max, const char **out);
/* sys_hp() for the host kernel, SYS_FAULT_ADDR when the range is bad. */
uint64_t sys_hp_checked(uint64_t addr, uint64_t len, int prot);
/* A path argument for the host kernel, after sys_fix_path(). */
uint64_t sys_path_hp(uint64_t addr);

/* ---- guest layouts that differ from x86-64 (convert.c) ---- */

/* aarch64 asm-generic struct stat: 128 bytes (x86-64's is 144). */
typedef struct GuestStat {
    uint64_t dev;
    uint64_t ino;
    uint32_t mode;
    uint32_t nlink;
    uint32_t uid;
    uint32_t gid;
    uint64_t rdev;
    uint64_t pad1;
    int64_t size;
    int32_t blksize;
    int32_t pad2;
    int64_t blocks;
    int64_t atime_sec;
    uint64_t atime_nsec;
    int64_t mtime_sec;
    uint64_t mtime_nsec;
    int64_t ctime_sec;
    uint64_t ctime_nsec;
    uint32_t unused4;
    uint32_t unused5;
} GuestStat;

/* aarch64 struct epoll_event is naturally aligned; x86-64's is packed. */
typedef struct GuestEpollEvent {
    uint32_t events;
    uint32_t pad;
    uint64_t data;
} GuestEpollEvent;

/* struct iovec and struct msghdr hold guest pointers. */
typedef struct GuestIovec {
    uint64_t base;
    uint64_t len;
} GuestIovec;

typedef struct GuestMsghdr {
    uint64_t name;
    uint32_t namelen;
    uint32_t pad1;
    uint64_t iov;
    uint64_t iovlen;
    uint64_t control;
    uint64_t controllen;
    int32_t flags;
    int32_t pad2;
} GuestMsghdr;

/* struct mmsghdr: a msghdr and the byte count, padded to 64 bytes. */
typedef struct GuestMmsghdr {
    GuestMsghdr hdr;
    uint32_t len;
    uint32_t pad;
} GuestMmsghdr;

/*
 * aarch64 (asm-generic) semid64_ds lacks the two padding words x86-64 has
 * after each time field; ipc64_perm itself is the same 48 bytes.
 */
typedef struct GuestSemidDs {
    uint8_t perm[48];
    int64_t otime;
    int64_t ctime;
    uint64_t nsems;
    uint64_t unused3;
    uint64_t unused4;
} GuestSemidDs;

void convert_stat_to_guest(const struct stat *host, GuestStat *guest);
void convert_epoll_event_to_host(const GuestEpollEvent *guest,
                                 struct epoll_event *host);
void convert_epoll_event_to_guest(const struct epoll_event *host,
                                  GuestEpollEvent *guest);
/* open(2)/fcntl(F_GETFL) flags: aarch64 moves O_DIRECTORY and three more. */
int convert_open_flags_to_host(uint64_t guest_flags);
uint64_t convert_open_flags_to_guest(int host_flags);
/* 0, -EINVAL when count is negative or above IOV_MAX, -EFAULT when the
 * array is not readable guest memory. */
int64_t convert_iovec_to_host(uint64_t guest_iov, int64_t count,
                              struct iovec *host);
/* host_iov must hold IOV_MAX entries; returns 0 or -errno. */
int64_t convert_msghdr_to_host(const GuestMsghdr *guest, struct msghdr *host,
                               struct iovec *host_iov);
void convert_msghdr_result_to_guest(const struct msghdr *host,
                                    GuestMsghdr *guest);

struct semid_ds;
void convert_semid_to_guest(const struct semid_ds *host, GuestSemidDs *guest);
void convert_semid_to_host(const GuestSemidDs *guest, struct semid_ds *host);

/* ---- shared helpers ---- */

/* The guest program's absolute path: what /proc/self/exe must show. */
const char *sys_exe_path(void);
/* Substitutes the guest program for "/proc/self/exe" and /proc/<pid>/exe. */
const char *sys_fix_path(const char *path);

/* Name of a known ioctl request, or NULL (ioctl.c). */
const char *ioctl_name(uint32_t request);

/* strace.c: one line per syscall under LOG_STRACE. */
void strace_print(uint64_t nr, const uint64_t *args, int64_t ret);
void strace_print_noreturn(uint64_t nr, const uint64_t *args);

/* Keys for arx_log_once that cannot collide with syscall numbers. */
#define SYS_LOG_KEY_IOCTL (1ul << 32)
#define SYS_LOG_KEY_SIGNAL (2ul << 32)
#define SYS_LOG_KEY_CLONE (3ul << 32)
#define SYS_LOG_KEY_PRCTL (4ul << 32)

#endif
