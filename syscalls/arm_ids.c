/*
 * The 16-bit uid/gid calls arm EABI still has (getuid, chown, setgroups
 * ...): ids above 65535 read as the overflow id 65534, and 0xffff means
 * -1 ("unchanged") where the kernel's low2highuid says so. glibc uses the
 * *32 calls, which go straight to the arm64 handlers.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>

#include "syscalls/arm_eabi.h"

#define ARM_OVERFLOW_ID 65534

static uint64_t arm_id_in(uint64_t id16)
{
    uint16_t id = (uint16_t)id16;

    return id == 0xffff ? (uint64_t)-1 : id;
}

static uint16_t arm_id_out(uint64_t id)
{
    return (uint32_t)id > 0xffff ? ARM_OVERFLOW_ID : (uint16_t)id;
}

static int64_t arm_id_result(int64_t r)
{
    return host_is_error(r) ? r : arm_id_out((uint64_t)r);
}

int64_t arm_eabi_getuid(GuestThread *t, const uint64_t *a)
{
    return arm_id_result(sys_getuid(t, a));
}

int64_t arm_eabi_getgid(GuestThread *t, const uint64_t *a)
{
    return arm_id_result(sys_getgid(t, a));
}

int64_t arm_eabi_geteuid(GuestThread *t, const uint64_t *a)
{
    return arm_id_result(sys_geteuid(t, a));
}

int64_t arm_eabi_getegid(GuestThread *t, const uint64_t *a)
{
    return arm_id_result(sys_getegid(t, a));
}

/* The handler with each of the first n arguments widened from 16 bits;
 * the rest pass as they are. */
static int64_t arm_ids_call(SyscallHandler handler, GuestThread *t,
                            const uint64_t *a, int first, int n)
{
    uint64_t args[6];

    for (int i = 0; i < 6; i++)
        args[i] = i >= first && i < first + n ? arm_id_in(a[i]) : a[i];
    return handler(t, args);
}

int64_t arm_eabi_setuid(GuestThread *t, const uint64_t *a)
{
    return arm_ids_call(sys_setuid, t, a, 0, 1);
}

int64_t arm_eabi_setgid(GuestThread *t, const uint64_t *a)
{
    return arm_ids_call(sys_setgid, t, a, 0, 1);
}

int64_t arm_eabi_setreuid(GuestThread *t, const uint64_t *a)
{
    return arm_ids_call(sys_setreuid, t, a, 0, 2);
}

int64_t arm_eabi_setregid(GuestThread *t, const uint64_t *a)
{
    return arm_ids_call(sys_setregid, t, a, 0, 2);
}

int64_t arm_eabi_setresuid(GuestThread *t, const uint64_t *a)
{
    return arm_ids_call(sys_setresuid, t, a, 0, 3);
}

int64_t arm_eabi_setresgid(GuestThread *t, const uint64_t *a)
{
    return arm_ids_call(sys_setresgid, t, a, 0, 3);
}

int64_t arm_eabi_setfsuid(GuestThread *t, const uint64_t *a)
{
    return arm_id_result(arm_ids_call(sys_setfsuid, t, a, 0, 1));
}

int64_t arm_eabi_setfsgid(GuestThread *t, const uint64_t *a)
{
    return arm_id_result(arm_ids_call(sys_setfsgid, t, a, 0, 1));
}

int64_t arm_eabi_fchown(GuestThread *t, const uint64_t *a)
{
    return arm_ids_call(sys_fchown, t, a, 1, 2);
}

/* chown(path, uid, gid) and lchown: fchownat with the ids widened. */
static int64_t arm_chown16(GuestThread *t, const uint64_t *a, uint64_t flags)
{
    const uint64_t args[6] = {(uint64_t)(int64_t)AT_FDCWD,
                              a[0],
                              arm_id_in(a[1]),
                              arm_id_in(a[2]),
                              flags,
                              0};

    return sys_fchownat(t, args);
}

int64_t arm_eabi_chown(GuestThread *t, const uint64_t *a)
{
    return arm_chown16(t, a, 0);
}

int64_t arm_eabi_lchown(GuestThread *t, const uint64_t *a)
{
    return arm_chown16(t, a, AT_SYMLINK_NOFOLLOW);
}

static int64_t arm_getres16(GuestThread *t, SyscallHandler handler,
                            const uint64_t *a)
{
    uint32_t ids[3];
    const uint64_t args[3] = {arm_host_arg(&ids[0]), arm_host_arg(&ids[1]),
                              arm_host_arg(&ids[2])};
    int64_t r = handler(t, args);

    for (int i = 0; r == 0 && i < 3; i++) {
        uint16_t id = arm_id_out(ids[i]);

        if (copy_to_guest(a[i], &id, sizeof(id)) != 0)
            r = -EFAULT;
    }
    return r;
}

int64_t arm_eabi_getresuid(GuestThread *t, const uint64_t *a)
{
    return arm_getres16(t, sys_getresuid, a);
}

int64_t arm_eabi_getresgid(GuestThread *t, const uint64_t *a)
{
    return arm_getres16(t, sys_getresgid, a);
}

#define ARM_NGROUPS_MAX 65536

int64_t arm_eabi_getgroups(GuestThread *t, const uint64_t *a)
{
    int32_t size = (int32_t)a[0];
    uint32_t *groups;
    uint16_t *out;
    int64_t r;

    if (size < 0)
        return -EINVAL;
    if (size > ARM_NGROUPS_MAX)
        size = ARM_NGROUPS_MAX;
    groups = calloc((size_t)size + 1, sizeof(*groups));
    out = calloc((size_t)size + 1, sizeof(*out));
    if (!groups || !out) {
        free(groups);
        free(out);
        return -ENOMEM;
    }
    {
        const uint64_t args[2] = {(uint64_t)size, arm_host_arg(groups)};

        r = sys_getgroups(t, args);
    }
    if (r > 0 && size > 0) {
        for (int64_t i = 0; i < r; i++)
            out[i] = arm_id_out(groups[i]);
        if (copy_to_guest(a[1], out, (size_t)r * sizeof(*out)) != 0)
            r = -EFAULT;
    }
    free(groups);
    free(out);
    return r;
}

int64_t arm_eabi_setgroups(GuestThread *t, const uint64_t *a)
{
    uint32_t n = (uint32_t)a[0];
    uint16_t *in;
    uint32_t *groups;
    int64_t r;

    if (n > ARM_NGROUPS_MAX)
        return -EINVAL;
    in = calloc(n + 1, sizeof(*in));
    groups = calloc(n + 1, sizeof(*groups));
    if (!in || !groups) {
        free(in);
        free(groups);
        return -ENOMEM;
    }
    r = copy_from_guest(in, a[1], n * sizeof(*in));
    if (r == 0) {
        const uint64_t args[2] = {n, arm_host_arg(groups)};

        for (uint32_t i = 0; i < n; i++)
            groups[i] = (uint32_t)arm_id_in(in[i]);
        r = sys_setgroups(t, args);
    }
    free(in);
    free(groups);
    return r;
}
