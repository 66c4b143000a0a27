/*
 * Guest ioctl: a table of the requests arx knows, all of which have the
 * same number and argument layout on aarch64 and x86-64 (both use the
 * asm-generic tty ioctls and termios). Unknown requests fail with ENOTTY.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <linux/fiemap.h>
#include <linux/fs.h>
#include <sys/ioctl.h>

#include "syscalls/syscalls.h"
#include "util/log.h"

typedef enum IoctlArg {
    IOCTL_ARG_VALUE,   /* integer or unused: pass as is */
    IOCTL_ARG_POINTER, /* guest pointer to a struct of identical layout */
} IoctlArg;

typedef struct IoctlEntry {
    uint32_t request;
    IoctlArg arg;
    const char *name;
} IoctlEntry;

static const IoctlEntry ioctl_table[] = {
    {0x5401, IOCTL_ARG_POINTER, "TCGETS"}, /* struct termios: 36 bytes */
    {0x5402, IOCTL_ARG_POINTER, "TCSETS"},
    {0x5403, IOCTL_ARG_POINTER, "TCSETSW"},
    {0x5404, IOCTL_ARG_POINTER, "TCSETSF"},
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
    /* struct ifreq: 16-byte name and a 24-byte union, the same on both */
    {0x8910, IOCTL_ARG_POINTER, "SIOCGIFNAME"},
    {0x8913, IOCTL_ARG_POINTER, "SIOCGIFFLAGS"},
    {0x8915, IOCTL_ARG_POINTER, "SIOCGIFADDR"},
    {0x8921, IOCTL_ARG_POINTER, "SIOCGIFMTU"},
    {0x8927, IOCTL_ARG_POINTER, "SIOCGIFHWADDR"},
    {0x8933, IOCTL_ARG_POINTER, "SIOCGIFINDEX"},
    {0x80086601, IOCTL_ARG_POINTER, "FS_IOC_GETFLAGS"},
    {0x40086602, IOCTL_ARG_POINTER, "FS_IOC_SETFLAGS"},
    {0x80087601, IOCTL_ARG_POINTER, "FS_IOC_GETVERSION"},
    {0xc020660b, IOCTL_ARG_POINTER, "FS_IOC_FIEMAP"}, /* u64/u32 only */
    {0x801c581f, IOCTL_ARG_POINTER, "FS_IOC_FSGETXATTR"},
    {0x401c5820, IOCTL_ARG_POINTER, "FS_IOC_FSSETXATTR"},
    {0x40049409, IOCTL_ARG_VALUE, "FICLONE"},
    {0x4020940d, IOCTL_ARG_POINTER, "FICLONERANGE"},
    {0xc0189436, IOCTL_ARG_POINTER, "FIDEDUPERANGE"},
    {0x125e, IOCTL_ARG_POINTER, "BLKROGET"},
    {0x1260, IOCTL_ARG_POINTER, "BLKGETSIZE"},
    {0x1261, IOCTL_ARG_VALUE, "BLKFLSBUF"},
    {0x1268, IOCTL_ARG_POINTER, "BLKSSZGET"},
    {0x80081270, IOCTL_ARG_POINTER, "BLKBSZGET"},
    {0x80081272, IOCTL_ARG_POINTER, "BLKGETSIZE64"},
};

/* The host headers must agree with the guest numbers above. */
_Static_assert(TCGETS == 0x5401 && TCSETSF == 0x5404, "termios ioctls");
_Static_assert(TIOCGWINSZ == 0x5413 && FIONBIO == 0x5421, "tty ioctls");
_Static_assert(FIONREAD == 0x541b && TIOCSPGRP == 0x5410, "tty ioctls");
_Static_assert(TIOCGPTN == 0x80045430 && TIOCSPTLCK == 0x40045431, "pty");
_Static_assert(FS_IOC_GETFLAGS == 0x80086601 && BLKGETSIZE64 == 0x80081272,
               "fs ioctls");
_Static_assert(FS_IOC_FIEMAP == 0xc020660b && FIDEDUPERANGE == 0xc0189436,
               "fs ioctls");
_Static_assert(SIOCGIFINDEX == 0x8933 && FIOQSIZE == 0x5460, "misc ioctls");

static const IoctlEntry *ioctl_lookup(uint32_t request)
{
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

int64_t sys_ioctl(GuestThread *t, const uint64_t *a)
{
    uint32_t request = (uint32_t)a[1];
    const IoctlEntry *entry = ioctl_lookup(request);
    uint64_t arg;

    (void)t;
    if (!entry) {
        if (log_enabled(LOG_UNIMP))
            arx_log_once(SYS_LOG_KEY_IOCTL | request,
                         "arx: unimplemented ioctl 0x%x on fd %d\n", request,
                         (int)a[0]);
        return -ENOTTY;
    }
    arg = entry->arg == IOCTL_ARG_POINTER ? sys_hp(a[2]) : a[2];
    return host_syscall3(SYS_ioctl, a[0], request, arg);
}
