/*
 * Guest memory that syscall handlers read or write themselves, checked
 * against the guest's region table (linux-user/vma.h) so a bad pointer is
 * -EFAULT, as the kernel's copy_{from,to}_user make it, and never a fault
 * inside arx. Must not be used from translated code or its helpers.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <limits.h>
#include <string.h>

#include "linux-user/vma.h"
#include "syscalls/syscalls.h"

bool guest_range_ok(uint64_t addr, uint64_t len, int prot)
{
    addr = arm_user_untag(addr);
    if (len == 0)
        return true;
    if (addr + len < addr)
        return false;
    return vma_allowed_end(addr, prot) >= addr + len;
}

int64_t copy_from_guest(void *dst, uint64_t src, size_t len)
{
    src = arm_user_untag(src);
    if (!guest_range_ok(src, len, PROT_READ))
        return -EFAULT;
    memcpy(dst, g2h(src), len);
    return 0;
}

size_t copy_from_guest_prefix(void *dst, uint64_t src, size_t len)
{
    uint64_t from = arm_user_untag(src);
    uint64_t end = vma_allowed_end(from, PROT_READ);
    size_t n = end - from < len ? (size_t)(end - from) : len;

    memcpy(dst, g2h(from), n);
    return n;
}

int64_t copy_to_guest(uint64_t dst, const void *src, size_t len)
{
    dst = arm_user_untag(dst);
    if (!guest_range_ok(dst, len, PROT_WRITE))
        return -EFAULT;
    memcpy(g2h(dst), src, len);
    return 0;
}

/*
 * Like strncpy_from_user's checks: the string must be readable up to its
 * NUL; without a NUL in the first max bytes it is -ENAMETOOLONG.
 */
int64_t guest_string(uint64_t addr, size_t max, const char **out)
{
    uint64_t untagged = arm_user_untag(addr);
    uint64_t end = vma_allowed_end(untagged, PROT_READ);
    uint64_t avail = end - untagged;
    const char *s = g2h(untagged);

    *out = NULL;
    if (addr == 0 || avail == 0)
        return -EFAULT;
    if (memchr(s, '\0', avail < max ? avail : max)) {
        *out = s;
        return 0;
    }
    return avail < max ? -EFAULT : -ENAMETOOLONG;
}

uint64_t sys_hp_checked(uint64_t addr, uint64_t len, int prot)
{
    if (addr == 0)
        return 0;
    return guest_range_ok(addr, len, prot) ? sys_hp(addr) : SYS_FAULT_ADDR;
}

uint64_t sys_path_hp(uint64_t addr)
{
    const char *path;
    int64_t r = guest_string(addr, PATH_MAX, &path);

    if (addr == 0)
        return 0;
    if (r == -ENAMETOOLONG)
        return sys_hp(addr); /* the kernel says so itself */
    return r == 0 ? (uint64_t)(uintptr_t)sys_fix_path(path) : SYS_FAULT_ADDR;
}
