/*
 * Guest ioctl: a table of the requests arx knows, with the same number on
 * aarch64 and x86-64 (both use the asm-generic encoding, tty ioctls and
 * termios); the argument passes as is unless its kind says it needs
 * converting. Unknown requests fail with ENOTTY.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <linux/fiemap.h>
#include <linux/fs.h>
#include <linux/if_tun.h>
#include <linux/random.h>
#include <linux/loop.h>
#include <linux/nsfs.h>
#include <net/if.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>

#include "linux-user/loader.h"
#include "syscalls/syscalls.h"
#include "util/log.h"

typedef enum IoctlArg {
    IOCTL_ARG_VALUE,         /* integer or unused: pass as is */
    IOCTL_ARG_POINTER,       /* guest pointer to a struct of identical layout */
    IOCTL_ARG_LOOP_INFO_SET, /* struct loop_info: old dev_t is 32-bit */
    IOCTL_ARG_LOOP_INFO_GET,
    IOCTL_ARG_IFCONF, /* struct ifconf: holds a guest buffer pointer */
    IOCTL_ARG_IFREQ,  /* struct ifreq: 40 bytes, an arm guest's 32 */
} IoctlArg;

typedef struct IoctlEntry {
    uint32_t request;
    IoctlArg arg;
    const char *name;
} IoctlEntry;

/* The size field of an asm-generic ioctl number (bits 16-29). */
#define IOCTL_SIZE_MASK 0x3fff0000u

/* Extensible structs: listed with size 0, found whatever size is asked. */
static const uint32_t ioctl_any_size[] = {
    0xc000ff0b, /* PIDFD_GET_INFO */
};

static const IoctlEntry ioctl_table[] = {
    {0x5401, IOCTL_ARG_POINTER, "TCGETS"}, /* struct termios: 36 bytes */
    {0x5402, IOCTL_ARG_POINTER, "TCSETS"},
    {0x5403, IOCTL_ARG_POINTER, "TCSETSW"},
    {0x5404, IOCTL_ARG_POINTER, "TCSETSF"},
    {0x5405, IOCTL_ARG_POINTER, "TCGETA"}, /* struct termio: 18 bytes */
    {0x5406, IOCTL_ARG_POINTER, "TCSETA"},
    {0x5407, IOCTL_ARG_POINTER, "TCSETAW"},
    {0x5408, IOCTL_ARG_POINTER, "TCSETAF"},
    {0x5409, IOCTL_ARG_VALUE, "TCSBRK"},
    {0x540a, IOCTL_ARG_VALUE, "TCXONC"},
    {0x540b, IOCTL_ARG_VALUE, "TCFLSH"},
    {0x540c, IOCTL_ARG_VALUE, "TIOCEXCL"},
    {0x540d, IOCTL_ARG_VALUE, "TIOCNXCL"},
    {0x540e, IOCTL_ARG_VALUE, "TIOCSCTTY"},
    {0x540f, IOCTL_ARG_POINTER, "TIOCGPGRP"},
    {0x5410, IOCTL_ARG_POINTER, "TIOCSPGRP"},
    {0x5411, IOCTL_ARG_POINTER, "TIOCOUTQ"},
    {0x5412, IOCTL_ARG_POINTER, "TIOCSTI"},
    {0x5413, IOCTL_ARG_POINTER, "TIOCGWINSZ"},
    {0x5414, IOCTL_ARG_POINTER, "TIOCSWINSZ"},
    {0x5415, IOCTL_ARG_POINTER, "TIOCMGET"},
    {0x5416, IOCTL_ARG_POINTER, "TIOCMBIS"},
    {0x5417, IOCTL_ARG_POINTER, "TIOCMBIC"},
    {0x5418, IOCTL_ARG_POINTER, "TIOCMSET"},
    {0x541b, IOCTL_ARG_POINTER, "FIONREAD"},
    {0x541c, IOCTL_ARG_POINTER, "TIOCLINUX"},
    {0x541d, IOCTL_ARG_VALUE, "TIOCCONS"},
    {0x5420, IOCTL_ARG_POINTER, "TIOCPKT"},
    {0x5421, IOCTL_ARG_POINTER, "FIONBIO"},
    {0x5422, IOCTL_ARG_VALUE, "TIOCNOTTY"},
    {0x5423, IOCTL_ARG_POINTER, "TIOCSETD"},
    {0x5424, IOCTL_ARG_POINTER, "TIOCGETD"},
    {0x5425, IOCTL_ARG_VALUE, "TCSBRKP"},
    {0x5429, IOCTL_ARG_POINTER, "TIOCGSID"},
    {0x802c542a, IOCTL_ARG_POINTER, "TCGETS2"}, /* struct termios2 */
    {0x402c542b, IOCTL_ARG_POINTER, "TCSETS2"},
    {0x402c542c, IOCTL_ARG_POINTER, "TCSETSW2"},
    {0x402c542d, IOCTL_ARG_POINTER, "TCSETSF2"},
    {0x80045430, IOCTL_ARG_POINTER, "TIOCGPTN"},
    {0x40045431, IOCTL_ARG_POINTER, "TIOCSPTLCK"},
    {0x80045432, IOCTL_ARG_POINTER, "TIOCGDEV"},
    {0x40045436, IOCTL_ARG_VALUE, "TIOCSIG"},
    {0x5437, IOCTL_ARG_VALUE, "TIOCVHANGUP"},
    {0x80045438, IOCTL_ARG_POINTER, "TIOCGPKT"},
    {0x80045439, IOCTL_ARG_POINTER, "TIOCGPTLCK"},
    {0x80045440, IOCTL_ARG_POINTER, "TIOCGEXCL"},
    {0x5441, IOCTL_ARG_VALUE, "TIOCGPTPEER"},
    {0x5450, IOCTL_ARG_VALUE, "FIONCLEX"},
    {0x5451, IOCTL_ARG_VALUE, "FIOCLEX"},
    {0x5452, IOCTL_ARG_POINTER, "FIOASYNC"},
    {0x5456, IOCTL_ARG_POINTER, "TIOCGLCKTRMIOS"},
    {0x5457, IOCTL_ARG_POINTER, "TIOCSLCKTRMIOS"},
    {0x5460, IOCTL_ARG_POINTER, "FIOQSIZE"},
    {0x8901, IOCTL_ARG_POINTER, "FIOSETOWN"},
    {0x8903, IOCTL_ARG_POINTER, "FIOGETOWN"},
    {0x8905, IOCTL_ARG_POINTER, "SIOCATMARK"},
    /* struct ifreq: 16-byte name and a 24-byte union (struct ifmap's
     * longs included), the same on both 64-bit ABIs; arm's union is 16
     * bytes (32-bit longs) */
    {0x8910, IOCTL_ARG_IFREQ, "SIOCGIFNAME"},
    {0x8912, IOCTL_ARG_IFCONF, "SIOCGIFCONF"},
    {0x8913, IOCTL_ARG_IFREQ, "SIOCGIFFLAGS"},
    {0x8914, IOCTL_ARG_IFREQ, "SIOCSIFFLAGS"},
    {0x8915, IOCTL_ARG_IFREQ, "SIOCGIFADDR"},
    {0x8916, IOCTL_ARG_IFREQ, "SIOCSIFADDR"},
    {0x8917, IOCTL_ARG_IFREQ, "SIOCGIFDSTADDR"},
    {0x8918, IOCTL_ARG_IFREQ, "SIOCSIFDSTADDR"},
    {0x8919, IOCTL_ARG_IFREQ, "SIOCGIFBRDADDR"},
    {0x891a, IOCTL_ARG_IFREQ, "SIOCSIFBRDADDR"},
    {0x891b, IOCTL_ARG_IFREQ, "SIOCGIFNETMASK"},
    {0x891c, IOCTL_ARG_IFREQ, "SIOCSIFNETMASK"},
    {0x891d, IOCTL_ARG_IFREQ, "SIOCGIFMETRIC"},
    {0x891e, IOCTL_ARG_IFREQ, "SIOCSIFMETRIC"},
    {0x8921, IOCTL_ARG_IFREQ, "SIOCGIFMTU"},
    {0x8922, IOCTL_ARG_IFREQ, "SIOCSIFMTU"},
    {0x8923, IOCTL_ARG_IFREQ, "SIOCSIFNAME"},
    {0x8924, IOCTL_ARG_IFREQ, "SIOCSIFHWADDR"},
    {0x8927, IOCTL_ARG_IFREQ, "SIOCGIFHWADDR"},
    {0x8933, IOCTL_ARG_IFREQ, "SIOCGIFINDEX"},
    {0x8942, IOCTL_ARG_IFREQ, "SIOCGIFTXQLEN"},
    {0x8943, IOCTL_ARG_IFREQ, "SIOCSIFTXQLEN"},
    {0x8970, IOCTL_ARG_IFREQ, "SIOCGIFMAP"},
    {0x8971, IOCTL_ARG_IFREQ, "SIOCSIFMAP"},
    /* tun: TUNSETIFF takes a struct ifreq; the rest ints or flags */
    {0x400454ca, IOCTL_ARG_IFREQ, "TUNSETIFF"},
    {0x800454cf, IOCTL_ARG_POINTER, "TUNGETFEATURES"},
    {0x800454d2, IOCTL_ARG_IFREQ, "TUNGETIFF"},
    {0x400454c8, IOCTL_ARG_VALUE, "TUNSETNOCSUM"},
    {0x400454cb, IOCTL_ARG_VALUE, "TUNSETPERSIST"},
    {0x400454cc, IOCTL_ARG_VALUE, "TUNSETOWNER"},
    {0x400454cd, IOCTL_ARG_VALUE, "TUNSETLINK"},
    {0x400454ce, IOCTL_ARG_VALUE, "TUNSETGROUP"},
    {0x400454d0, IOCTL_ARG_VALUE, "TUNSETOFFLOAD"},
    /* random: ints and struct rand_pool_info (ints and a u32 array) */
    {0x80045200, IOCTL_ARG_POINTER, "RNDGETENTCNT"},
    {0x40045201, IOCTL_ARG_POINTER, "RNDADDTOENTCNT"},
    {0x40085203, IOCTL_ARG_POINTER, "RNDADDENTROPY"},
    {0x5204, IOCTL_ARG_VALUE, "RNDZAPENTCNT"},
    {0x5206, IOCTL_ARG_VALUE, "RNDCLEARPOOL"},
    {0x5207, IOCTL_ARG_VALUE, "RNDRESEEDCRNG"},
    {0x80086601, IOCTL_ARG_POINTER, "FS_IOC_GETFLAGS"},
    {0x40086602, IOCTL_ARG_POINTER, "FS_IOC_SETFLAGS"},
    {0x80087601, IOCTL_ARG_POINTER, "FS_IOC_GETVERSION"},
    {0xc020660b, IOCTL_ARG_POINTER, "FS_IOC_FIEMAP"}, /* u64/u32 only */
    {0x801c581f, IOCTL_ARG_POINTER, "FS_IOC_FSGETXATTR"},
    {0x401c5820, IOCTL_ARG_POINTER, "FS_IOC_FSSETXATTR"},
    {0x40049409, IOCTL_ARG_VALUE, "FICLONE"},
    {0x4020940d, IOCTL_ARG_POINTER, "FICLONERANGE"},
    {0xc0189436, IOCTL_ARG_POINTER, "FIDEDUPERANGE"},
    /* block devices: ints, longs and u64s, the same width on both */
    {0x125d, IOCTL_ARG_POINTER, "BLKROSET"},
    {0x125e, IOCTL_ARG_POINTER, "BLKROGET"},
    {0x125f, IOCTL_ARG_VALUE, "BLKRRPART"},
    {0x1260, IOCTL_ARG_POINTER, "BLKGETSIZE"},
    {0x1261, IOCTL_ARG_VALUE, "BLKFLSBUF"},
    {0x1262, IOCTL_ARG_VALUE, "BLKRASET"},
    {0x1263, IOCTL_ARG_POINTER, "BLKRAGET"},
    {0x1264, IOCTL_ARG_VALUE, "BLKFRASET"},
    {0x1265, IOCTL_ARG_POINTER, "BLKFRAGET"},
    {0x1266, IOCTL_ARG_POINTER, "BLKSECTSET"},
    {0x1267, IOCTL_ARG_POINTER, "BLKSECTGET"},
    {0x1268, IOCTL_ARG_POINTER, "BLKSSZGET"},
    {0x80081270, IOCTL_ARG_POINTER, "BLKBSZGET"},
    {0x40081271, IOCTL_ARG_POINTER, "BLKBSZSET"},
    {0x80081272, IOCTL_ARG_POINTER, "BLKGETSIZE64"},
    {0x1277, IOCTL_ARG_POINTER, "BLKDISCARD"}, /* u64[2] */
    {0x1278, IOCTL_ARG_POINTER, "BLKIOMIN"},
    {0x1279, IOCTL_ARG_POINTER, "BLKIOOPT"},
    {0x127a, IOCTL_ARG_POINTER, "BLKALIGNOFF"},
    {0x127b, IOCTL_ARG_POINTER, "BLKPBSZGET"},
    {0x127c, IOCTL_ARG_POINTER, "BLKDISCARDZEROES"},
    {0x127d, IOCTL_ARG_POINTER, "BLKSECDISCARD"},
    {0x127e, IOCTL_ARG_POINTER, "BLKROTATIONAL"},
    {0x127f, IOCTL_ARG_POINTER, "BLKZEROOUT"},
    {0x80081280, IOCTL_ARG_POINTER, "BLKGETDISKSEQ"},
    /* loop devices: loop_info64 and loop_config are fixed-width */
    {0x4c00, IOCTL_ARG_VALUE, "LOOP_SET_FD"},
    {0x4c01, IOCTL_ARG_VALUE, "LOOP_CLR_FD"},
    {0x4c02, IOCTL_ARG_LOOP_INFO_SET, "LOOP_SET_STATUS"},
    {0x4c03, IOCTL_ARG_LOOP_INFO_GET, "LOOP_GET_STATUS"},
    {0x4c04, IOCTL_ARG_POINTER, "LOOP_SET_STATUS64"},
    {0x4c05, IOCTL_ARG_POINTER, "LOOP_GET_STATUS64"},
    {0x4c06, IOCTL_ARG_VALUE, "LOOP_CHANGE_FD"},
    {0x4c07, IOCTL_ARG_VALUE, "LOOP_SET_CAPACITY"},
    {0x4c08, IOCTL_ARG_VALUE, "LOOP_SET_DIRECT_IO"},
    {0x4c09, IOCTL_ARG_VALUE, "LOOP_SET_BLOCK_SIZE"},
    {0x4c0a, IOCTL_ARG_POINTER, "LOOP_CONFIGURE"},
    {0x4c80, IOCTL_ARG_VALUE, "LOOP_CTL_ADD"},
    {0x4c81, IOCTL_ARG_VALUE, "LOOP_CTL_REMOVE"},
    {0x4c82, IOCTL_ARG_VALUE, "LOOP_CTL_GET_FREE"},
    /* namespace fds: the results are fds, ints and u64s */
    {0xb701, IOCTL_ARG_VALUE, "NS_GET_USERNS"},
    {0xb702, IOCTL_ARG_VALUE, "NS_GET_PARENT"},
    {0xb703, IOCTL_ARG_VALUE, "NS_GET_NSTYPE"},
    {0xb704, IOCTL_ARG_POINTER, "NS_GET_OWNER_UID"}, /* uid_t *, though _IO */
    {0x8008b705, IOCTL_ARG_POINTER, "NS_GET_MNTNS_ID"},
    /* pidfds: namespace fds, and struct pidfd_info (fixed-width, grows) */
    {0xff01, IOCTL_ARG_VALUE, "PIDFD_GET_CGROUP_NAMESPACE"},
    {0xff02, IOCTL_ARG_VALUE, "PIDFD_GET_IPC_NAMESPACE"},
    {0xff03, IOCTL_ARG_VALUE, "PIDFD_GET_MNT_NAMESPACE"},
    {0xff04, IOCTL_ARG_VALUE, "PIDFD_GET_NET_NAMESPACE"},
    {0xff05, IOCTL_ARG_VALUE, "PIDFD_GET_PID_NAMESPACE"},
    {0xff06, IOCTL_ARG_VALUE, "PIDFD_GET_PID_FOR_CHILDREN_NAMESPACE"},
    {0xff07, IOCTL_ARG_VALUE, "PIDFD_GET_TIME_NAMESPACE"},
    {0xff08, IOCTL_ARG_VALUE, "PIDFD_GET_TIME_FOR_CHILDREN_NAMESPACE"},
    {0xff09, IOCTL_ARG_VALUE, "PIDFD_GET_USER_NAMESPACE"},
    {0xff0a, IOCTL_ARG_VALUE, "PIDFD_GET_UTS_NAMESPACE"},
    {0xc000ff0b, IOCTL_ARG_POINTER, "PIDFD_GET_INFO"},
};

/* The host headers must agree with the guest numbers above. */
_Static_assert(TCGETS == 0x5401 && TCSETSF == 0x5404, "termios ioctls");
_Static_assert(TCGETA == 0x5405 && TCSETAF == 0x5408, "termio ioctls");
_Static_assert(TIOCGWINSZ == 0x5413 && FIONBIO == 0x5421, "tty ioctls");
_Static_assert(FIONREAD == 0x541b && TIOCSPGRP == 0x5410, "tty ioctls");
_Static_assert(TIOCGPTN == 0x80045430 && TIOCSPTLCK == 0x40045431, "pty");
_Static_assert(FS_IOC_GETFLAGS == 0x80086601 && BLKGETSIZE64 == 0x80081272,
               "fs ioctls");
_Static_assert(FS_IOC_FIEMAP == 0xc020660b && FIDEDUPERANGE == 0xc0189436,
               "fs ioctls");
_Static_assert(SIOCGIFINDEX == 0x8933 && FIOQSIZE == 0x5460, "misc ioctls");
_Static_assert(SIOCGIFCONF == 0x8912 && SIOCSIFMAP == 0x8971, "net ioctls");
_Static_assert(LOOP_CONFIGURE == 0x4c0a && LOOP_CTL_GET_FREE == 0x4c82, "loop");
_Static_assert(BLKGETDISKSEQ == 0x80081280 && BLKZEROOUT == 0x127f, "blk");
_Static_assert(TUNSETIFF == 0x400454ca && TUNGETFEATURES == 0x800454cf &&
                   TUNSETOWNER == 0x400454cc && TUNSETOFFLOAD == 0x400454d0,
               "tun ioctls");
_Static_assert(RNDGETENTCNT == 0x80045200 && RNDADDENTROPY == 0x40085203,
               "random ioctls");
_Static_assert(NS_GET_USERNS == 0xb701 && NS_GET_OWNER_UID == 0xb704, "nsfs");
_Static_assert(sizeof(struct loop_info64) == 232, "loop_info64 (both)");
_Static_assert(sizeof(struct loop_config) == 304, "loop_config (both)");
_Static_assert(sizeof(struct loop_info) == 168, "x86-64 loop_info");
_Static_assert(sizeof(struct ifreq) == 40 && sizeof(struct ifconf) == 16,
               "ifreq, ifconf (both)");

/*
 * aarch64's struct loop_info (asm-generic __kernel_old_dev_t is 32-bit,
 * x86-64's is 64-bit, which moves every later field).
 */
typedef struct GuestLoopInfo {
    int32_t number;
    uint32_t device;
    uint64_t inode;
    uint32_t rdevice;
    int32_t offset;
    int32_t encrypt_type;
    int32_t encrypt_key_size;
    int32_t flags;
    char name[LO_NAME_SIZE];
    uint8_t encrypt_key[LO_KEY_SIZE];
    uint64_t init[2];
    char reserved[4];
} GuestLoopInfo;

_Static_assert(sizeof(GuestLoopInfo) == 160, "aarch64 loop_info");
_Static_assert(offsetof(GuestLoopInfo, name) == 36, "aarch64 lo_name");

/* The same struct of an arm (EABI) guest: 16-bit old dev_t, 32-bit long. */
typedef struct ArmLoopInfo {
    int32_t number;
    uint16_t device, pad1;
    uint32_t inode;
    uint16_t rdevice, pad2;
    int32_t offset;
    int32_t encrypt_type;
    int32_t encrypt_key_size;
    int32_t flags;
    char name[LO_NAME_SIZE];
    uint8_t encrypt_key[LO_KEY_SIZE];
    uint32_t init[2];
    char reserved[4];
} ArmLoopInfo;

_Static_assert(sizeof(ArmLoopInfo) == 140, "arm loop_info");
_Static_assert(offsetof(ArmLoopInfo, name) == 32, "arm lo_name");
_Static_assert(offsetof(ArmLoopInfo, init) == 128, "arm lo_init");

/* Reads the guest's struct loop_info at arg (either layout) into g. */
static int ioctl_loop_info_in(uint64_t arg, GuestLoopInfo *g)
{
    ArmLoopInfo a;

    if (loader_target->word == 8)
        return copy_from_guest(g, arg, sizeof(*g));
    if (copy_from_guest(&a, arg, sizeof(a)) != 0)
        return -1;
    memset(g, 0, sizeof(*g));
    g->number = a.number;
    g->device = a.device;
    g->inode = a.inode;
    g->rdevice = a.rdevice;
    g->offset = a.offset;
    g->encrypt_type = a.encrypt_type;
    g->encrypt_key_size = a.encrypt_key_size;
    g->flags = a.flags;
    memcpy(g->name, a.name, sizeof(a.name));
    memcpy(g->encrypt_key, a.encrypt_key, sizeof(a.encrypt_key));
    g->init[0] = a.init[0];
    g->init[1] = a.init[1];
    return 0;
}

static int ioctl_loop_info_out(uint64_t arg, const GuestLoopInfo *g)
{
    ArmLoopInfo a;

    if (loader_target->word == 8)
        return copy_to_guest(arg, g, sizeof(*g));
    memset(&a, 0, sizeof(a));
    a.number = g->number;
    a.device = (uint16_t)g->device;
    a.inode = (uint32_t)g->inode;
    a.rdevice = (uint16_t)g->rdevice;
    a.offset = g->offset;
    a.encrypt_type = g->encrypt_type;
    a.encrypt_key_size = g->encrypt_key_size;
    a.flags = g->flags;
    memcpy(a.name, g->name, sizeof(a.name));
    memcpy(a.encrypt_key, g->encrypt_key, sizeof(a.encrypt_key));
    a.init[0] = (uint32_t)g->init[0];
    a.init[1] = (uint32_t)g->init[1];
    return copy_to_guest(arg, &a, sizeof(a));
}

static void ioctl_loop_info_to_host(const GuestLoopInfo *g, struct loop_info *h)
{
    memset(h, 0, sizeof(*h));
    h->lo_number = g->number;
    h->lo_device = g->device;
    h->lo_inode = g->inode;
    h->lo_rdevice = g->rdevice;
    h->lo_offset = g->offset;
    h->lo_encrypt_type = g->encrypt_type;
    h->lo_encrypt_key_size = g->encrypt_key_size;
    h->lo_flags = g->flags;
    memcpy(h->lo_name, g->name, sizeof(g->name));
    memcpy(h->lo_encrypt_key, g->encrypt_key, sizeof(g->encrypt_key));
    h->lo_init[0] = g->init[0];
    h->lo_init[1] = g->init[1];
}

static void ioctl_loop_info_to_guest(const struct loop_info *h,
                                     GuestLoopInfo *g)
{
    memset(g, 0, sizeof(*g));
    g->number = h->lo_number;
    g->device = (uint32_t)h->lo_device;
    g->inode = h->lo_inode;
    g->rdevice = (uint32_t)h->lo_rdevice;
    g->offset = h->lo_offset;
    g->encrypt_type = h->lo_encrypt_type;
    g->encrypt_key_size = h->lo_encrypt_key_size;
    g->flags = h->lo_flags;
    memcpy(g->name, h->lo_name, sizeof(g->name));
    memcpy(g->encrypt_key, h->lo_encrypt_key, sizeof(g->encrypt_key));
    g->init[0] = h->lo_init[0];
    g->init[1] = h->lo_init[1];
}

/* A bad guest struct still goes to the kernel, which decides the error. */
static int64_t ioctl_loop_info(uint64_t fd, uint32_t request, uint64_t arg,
                               bool set)
{
    GuestLoopInfo guest;
    struct loop_info host;
    uint64_t host_arg = (uint64_t)(uintptr_t)&host;
    int64_t r;

    if (set) {
        if (!arg || ioctl_loop_info_in(arg, &guest) != 0)
            host_arg = SYS_FAULT_ADDR;
        else
            ioctl_loop_info_to_host(&guest, &host);
    } else if (!arg ||
               !guest_range_ok(arg,
                               loader_target->word == 8 ? sizeof(GuestLoopInfo)
                                                        : sizeof(ArmLoopInfo),
                               PROT_WRITE)) {
        host_arg = SYS_FAULT_ADDR;
    }
    r = host_syscall3(SYS_ioctl, fd, request, host_arg);
    if (r == 0 && !set) {
        ioctl_loop_info_to_guest(&host, &guest);
        r = ioctl_loop_info_out(arg, &guest);
    }
    return r;
}

/*
 * An arm guest's struct ifreq: the name, then a 16-byte union whose only
 * member laid out otherwise is struct ifmap (two 32-bit longs first).
 */
#define ARM_IFREQ_SIZE 32u

static void ifreq_from_arm(const uint8_t *g, struct ifreq *h, uint32_t request)
{
    memset(h, 0, sizeof(*h));
    memcpy(h, g, ARM_IFREQ_SIZE);
    if (request == SIOCSIFMAP || request == SIOCGIFMAP) {
        uint32_t mem[2];
        memcpy(mem, g + 16, sizeof(mem));
        h->ifr_map.mem_start = mem[0];
        h->ifr_map.mem_end = mem[1];
        memcpy(&h->ifr_map.base_addr, g + 24, 2);
        h->ifr_map.irq = g[26];
        h->ifr_map.dma = g[27];
        h->ifr_map.port = g[28];
    }
}

static void ifreq_to_arm(const struct ifreq *h, uint8_t *g, uint32_t request)
{
    memcpy(g, h, ARM_IFREQ_SIZE);
    if (request == SIOCGIFMAP || request == SIOCSIFMAP) {
        uint32_t mem[2] = {(uint32_t)h->ifr_map.mem_start,
                           (uint32_t)h->ifr_map.mem_end};
        memset(g + 16, 0, 16);
        memcpy(g + 16, mem, sizeof(mem));
        memcpy(g + 24, &h->ifr_map.base_addr, 2);
        g[26] = h->ifr_map.irq;
        g[27] = h->ifr_map.dma;
        g[28] = h->ifr_map.port;
    }
}

/* An ifreq request: passed through on arm64, converted for arm. */
static int64_t ioctl_ifreq(uint64_t fd, uint32_t request, uint64_t arg)
{
    uint8_t g[ARM_IFREQ_SIZE];
    struct ifreq h;
    int64_t r;

    if (loader_target->word == 8)
        return host_syscall3(SYS_ioctl, fd, request, sys_hp(arg));
    if (copy_from_guest(g, arg, sizeof(g)) != 0)
        return host_syscall3(SYS_ioctl, fd, request, SYS_FAULT_ADDR);
    ifreq_from_arm(g, &h, request);
    r = host_syscall3(SYS_ioctl, fd, request, (uint64_t)(uintptr_t)&h);
    ifreq_to_arm(&h, g, request);
    if (r >= 0 && copy_to_guest(arg, g, sizeof(g)) != 0)
        return -EFAULT;
    return r;
}

/* SIOCGIFCONF for arm: struct ifconf { int len; u32 buf; } and 32-byte
 * ifreqs, filled from a host buffer of 40-byte ones. */
static int64_t ioctl_ifconf_arm(uint64_t fd, uint32_t request, uint64_t arg)
{
    struct {
        int32_t len;
        uint32_t buf;
    } g;
    struct ifconf h;
    uint32_t n;
    int64_t r;

    if (copy_from_guest(&g, arg, sizeof(g)) != 0 || !arg)
        return host_syscall3(SYS_ioctl, fd, request, SYS_FAULT_ADDR);
    n = g.len > 0 ? (uint32_t)g.len / ARM_IFREQ_SIZE : 0;
    h.ifc_len = (int)(n * sizeof(struct ifreq));
    /* No buffer asks for the room all would need. */
    h.ifc_req = g.buf ? calloc(n ? n : 1, sizeof(struct ifreq)) : NULL;
    if (g.buf && !h.ifc_req)
        return -ENOMEM;
    r = host_syscall3(SYS_ioctl, fd, request, (uint64_t)(uintptr_t)&h);
    if (r == 0) {
        uint32_t got = (uint32_t)h.ifc_len / sizeof(struct ifreq);
        for (uint32_t i = 0; h.ifc_req && i < got && r == 0; i++) {
            uint8_t e[ARM_IFREQ_SIZE];
            ifreq_to_arm(&h.ifc_req[i], e, request);
            r = copy_to_guest(g.buf + i * ARM_IFREQ_SIZE, e, sizeof(e));
        }
        g.len = (int32_t)(got * ARM_IFREQ_SIZE);
        if (r == 0 && copy_to_guest(arg, &g.len, sizeof(g.len)) != 0)
            r = -EFAULT;
    }
    free(h.ifc_req);
    return r;
}

/* struct ifconf { int len; char *buf; }: the buffer is a guest pointer. */
static int64_t ioctl_ifconf64(uint64_t fd, uint32_t request, uint64_t arg)
{
    struct {
        int32_t len;
        int32_t pad;
        uint64_t buf;
    } ifc;
    int64_t r;

    if (copy_from_guest(&ifc, arg, sizeof(ifc)) != 0 || !arg)
        return host_syscall3(SYS_ioctl, fd, request, SYS_FAULT_ADDR);
    ifc.buf = sys_hp_checked(ifc.buf, (uint64_t)(uint32_t)ifc.len, PROT_WRITE);
    r = host_syscall3(SYS_ioctl, fd, request, (uint64_t)(uintptr_t)&ifc);
    if (r == 0 && copy_to_guest(arg, &ifc.len, sizeof(ifc.len)) != 0)
        return -EFAULT;
    return r;
}

/* SIOCGIFCONF, in the guest's layout. */
static int64_t ioctl_ifconf(uint64_t fd, uint32_t request, uint64_t arg)
{
    if (loader_target->word == 4)
        return ioctl_ifconf_arm(fd, request, arg);
    return ioctl_ifconf64(fd, request, arg);
}

static const IoctlEntry *ioctl_lookup(uint32_t request)
{
    for (size_t i = 0; i < sizeof(ioctl_any_size) / sizeof(ioctl_any_size[0]);
         i++)
        if ((request & ~IOCTL_SIZE_MASK) == ioctl_any_size[i])
            request = ioctl_any_size[i];
    for (size_t i = 0; i < sizeof(ioctl_table) / sizeof(ioctl_table[0]); i++)
        if (ioctl_table[i].request == request)
            return &ioctl_table[i];
    return NULL;
}

const char *ioctl_name(uint32_t request)
{
    const IoctlEntry *entry = ioctl_lookup(request);

    return entry ? entry->name : NULL;
}

/*
 * The kernel looks the fd up before the request: a closed or O_PATH fd is
 * EBADF whatever the request.
 */
static int64_t ioctl_unknown(uint64_t fd, uint32_t request)
{
    int64_t flags = host_syscall3(SYS_fcntl, fd, F_GETFL, 0);

    if (host_is_error(flags))
        return flags;
    if (flags & O_PATH)
        return -EBADF;
    if (log_enabled(LOG_UNIMP))
        arx_log_once(SYS_LOG_KEY_IOCTL | request,
                     "arx: unimplemented ioctl 0x%x on fd %d\n", request,
                     (int)fd);
    return -ENOTTY;
}

/*
 * An arm guest's requests whose size field names a long or size_t (4
 * bytes there) but whose data the kernel reads with a fixed width: the
 * arm64 request of the same meaning.
 */
static uint32_t ioctl_arm_request(uint32_t request)
{
    static const uint32_t map[][2] = {
        {0x80041272, 0x80081272}, /* BLKGETSIZE64: a u64 */
        {0x80041270, 0x80081270}, /* BLKBSZGET: an int */
        {0x40041271, 0x40081271}, /* BLKBSZSET: an int */
        {0x80046601, 0x80086601}, /* FS_IOC_GETFLAGS: an int */
        {0x40046602, 0x40086602}, /* FS_IOC_SETFLAGS: an int */
        {0x80047601, 0x80087601}, /* FS_IOC_GETVERSION: an int */
        {0x40047602, 0x40087602}, /* FS_IOC_SETVERSION: an int */
    };

    for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
        if (map[i][0] == request)
            return map[i][1];
    return request;
}

int64_t sys_ioctl(GuestThread *t, const uint64_t *a)
{
    uint32_t request = loader_target->word == 4
                           ? ioctl_arm_request((uint32_t)a[1])
                           : (uint32_t)a[1];
    const IoctlEntry *entry = ioctl_lookup(request);
    uint64_t arg;

    (void)t;
    if (!entry)
        return ioctl_unknown(a[0], request);
    switch (entry->arg) {
    case IOCTL_ARG_LOOP_INFO_SET:
        return ioctl_loop_info(a[0], request, a[2], true);
    case IOCTL_ARG_LOOP_INFO_GET:
        return ioctl_loop_info(a[0], request, a[2], false);
    case IOCTL_ARG_IFCONF: return ioctl_ifconf(a[0], request, a[2]);
    case IOCTL_ARG_IFREQ: return ioctl_ifreq(a[0], request, a[2]);
    case IOCTL_ARG_POINTER: arg = sys_hp(a[2]); break;
    default: arg = a[2]; break;
    }
    return host_syscall3(SYS_ioctl, a[0], request, arg);
}
