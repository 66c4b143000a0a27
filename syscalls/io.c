/*
 * Guest syscalls on open file descriptors: read/write, vectors, dup,
 * fcntl, pipes, polling and epoll. Pass through where the ABIs agree;
 * must not open paths (fs.c) or touch memory mappings (mm.c).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <limits.h>

#include "linux-user/signal.h"
#include "syscalls/syscalls.h"

int64_t sys_read(GuestThread *t, const uint64_t *a)
{
    return signal_safe_syscall3(t, SYS_read, a[0], sys_hp(a[1]), a[2]);
}

int64_t sys_write(GuestThread *t, const uint64_t *a)
{
    return signal_safe_syscall3(t, SYS_write, a[0], sys_hp(a[1]), a[2]);
}

int64_t sys_pread64(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall6(SYS_pread64, a[0], sys_hp(a[1]), a[2], a[3], 0, 0);
}

int64_t sys_pwrite64(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall6(SYS_pwrite64, a[0], sys_hp(a[1]), a[2], a[3], 0, 0);
}

/* All vector I/O shares this: the iovec array holds guest pointers. */
static int64_t io_vector(GuestThread *t, long host_nr, const uint64_t *a)
{
    struct iovec iov[IOV_MAX];
    int64_t r = convert_iovec_to_host(a[1], (int64_t)a[2], iov);
    uint64_t host_iov = (uint64_t)(uintptr_t)iov;

    /* A bad vector is the kernel's to refuse, after its fd checks. */
    if (r == -EFAULT)
        host_iov = SYS_FAULT_ADDR;
    else if (r != 0)
        return r;
    return signal_safe_syscall6(t, host_nr, a[0], host_iov, a[2], a[3], a[4],
                                a[5]);
}

int64_t sys_readv(GuestThread *t, const uint64_t *a)
{
    return io_vector(t, SYS_readv, a);
}

int64_t sys_writev(GuestThread *t, const uint64_t *a)
{
    return io_vector(t, SYS_writev, a);
}

int64_t sys_preadv(GuestThread *t, const uint64_t *a)
{
    return io_vector(t, SYS_preadv, a);
}

int64_t sys_pwritev(GuestThread *t, const uint64_t *a)
{
    return io_vector(t, SYS_pwritev, a);
}

int64_t sys_preadv2(GuestThread *t, const uint64_t *a)
{
    return io_vector(t, SYS_preadv2, a);
}

int64_t sys_pwritev2(GuestThread *t, const uint64_t *a)
{
    return io_vector(t, SYS_pwritev2, a);
}

int64_t sys_close(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_close, a[0], 0, 0);
}

int64_t sys_close_range(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_close_range, a[0], a[1], a[2]);
}

int64_t sys_lseek(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_lseek, a[0], a[1], a[2]);
}

int64_t sys_dup(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_dup, a[0], 0, 0);
}

int64_t sys_dup3(GuestThread *t, const uint64_t *a)
{
    (void)t;
    /* O_CLOEXEC is the only dup3 flag and has one value on both. */
    return host_syscall3(SYS_dup3, a[0], a[1], a[2]);
}

/* fcntl commands whose third argument points at memory. */
static bool io_fcntl_takes_pointer(int cmd)
{
    switch (cmd) {
    case F_GETLK:
    case F_SETLK:
    case F_SETLKW:
    case F_OFD_GETLK:
    case F_OFD_SETLK:
    case F_OFD_SETLKW:
    case F_GETOWN_EX:
    case F_SETOWN_EX:
    case F_GET_RW_HINT:
    case F_SET_RW_HINT:
    case F_GET_FILE_RW_HINT:
    case F_SET_FILE_RW_HINT: return true;
    default: return false;
    }
}

/* struct flock and f_owner_ex are identical on both 64-bit ABIs. */
int64_t sys_fcntl(GuestThread *t, const uint64_t *a)
{
    int cmd = (int)a[1];
    int64_t r;

    (void)t;
    if (cmd == F_SETFL)
        return host_syscall3(SYS_fcntl, a[0], cmd,
                             (uint64_t)convert_open_flags_to_host(a[2]));
    if (io_fcntl_takes_pointer(cmd))
        return host_syscall3(SYS_fcntl, a[0], cmd, sys_hp(a[2]));
    r = host_syscall3(SYS_fcntl, a[0], cmd, a[2]);
    if (cmd == F_GETFL && !host_is_error(r))
        r = (int64_t)convert_open_flags_to_guest((int)r);
    return r;
}

int64_t sys_pipe2(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_pipe2, sys_hp(a[0]),
                         (uint64_t)convert_open_flags_to_host(a[1]), 0);
}

int64_t sys_flock(GuestThread *t, const uint64_t *a)
{
    return signal_safe_syscall3(t, SYS_flock, a[0], a[1], 0);
}

int64_t sys_fsync(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_fsync, a[0], 0, 0);
}

int64_t sys_fdatasync(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_fdatasync, a[0], 0, 0);
}

int64_t sys_sync(GuestThread *t, const uint64_t *a)
{
    (void)t;
    (void)a;
    return host_syscall3(SYS_sync, 0, 0, 0);
}

int64_t sys_syncfs(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_syncfs, a[0], 0, 0);
}

int64_t sys_sync_file_range(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall6(SYS_sync_file_range, a[0], a[1], a[2], a[3], 0, 0);
}

int64_t sys_fallocate(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall6(SYS_fallocate, a[0], a[1], a[2], a[3], 0, 0);
}

int64_t sys_fadvise64(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall6(SYS_fadvise64, a[0], a[1], a[2], a[3], 0, 0);
}

int64_t sys_readahead(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_readahead, a[0], a[1], a[2]);
}

int64_t sys_sendfile(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall6(SYS_sendfile, a[0], a[1], sys_hp(a[2]), a[3], 0, 0);
}

int64_t sys_copy_file_range(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall6(SYS_copy_file_range, a[0], sys_hp(a[1]), a[2],
                         sys_hp(a[3]), a[4], a[5]);
}

int64_t sys_splice(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall6(SYS_splice, a[0], sys_hp(a[1]), a[2], sys_hp(a[3]),
                         a[4], a[5]);
}

int64_t sys_tee(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall6(SYS_tee, a[0], a[1], a[2], a[3], 0, 0);
}

int64_t sys_memfd_create(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_memfd_create, sys_hp(a[0]), a[1], 0);
}

int64_t sys_eventfd2(GuestThread *t, const uint64_t *a)
{
    (void)t;
    /* EFD_CLOEXEC/EFD_NONBLOCK are O_CLOEXEC/O_NONBLOCK: same values. */
    return host_syscall3(SYS_eventfd2, a[0], a[1], 0);
}

/* struct pollfd and sigset size agree; only pointers need translating. */
int64_t sys_ppoll(GuestThread *t, const uint64_t *a)
{
    return signal_safe_syscall6(t, SYS_ppoll, sys_hp(a[0]), a[1], sys_hp(a[2]),
                                sys_hp(a[3]), a[4], 0);
}

int64_t sys_pselect6(GuestThread *t, const uint64_t *a)
{
    /* The sixth argument points at { sigset pointer, sigset size }. */
    uint64_t host_sigdata[2];
    uint64_t sigdata = 0;

    (void)t;
    if (a[5]) {
        sigdata = (uint64_t)(uintptr_t)host_sigdata;
        if (copy_from_guest(host_sigdata, a[5], sizeof(host_sigdata)) != 0)
            sigdata = SYS_FAULT_ADDR;
        else
            host_sigdata[0] = sys_hp(host_sigdata[0]);
    }
    return signal_safe_syscall6(t, SYS_pselect6, a[0], sys_hp(a[1]),
                                sys_hp(a[2]), sys_hp(a[3]), sys_hp(a[4]),
                                sigdata);
}

int64_t sys_epoll_create1(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_epoll_create1, a[0], 0, 0);
}

int64_t sys_epoll_ctl(GuestThread *t, const uint64_t *a)
{
    GuestEpollEvent guest_event;
    struct epoll_event host_event;
    uint64_t event = 0;

    (void)t;
    /* EPOLL_CTL_DEL ignores the event, so only a read would fail. */
    if (a[3]) {
        event = SYS_FAULT_ADDR;
        if (copy_from_guest(&guest_event, a[3], sizeof(guest_event)) == 0) {
            convert_epoll_event_to_host(&guest_event, &host_event);
            event = (uint64_t)(uintptr_t)&host_event;
        }
    }
    return host_syscall6(SYS_epoll_ctl, a[0], a[1], a[2], event, 0, 0);
}

/* Returning fewer events than asked is allowed, so a fixed buffer does. */
#define IO_EPOLL_BATCH 256

/*
 * epoll_pwait and epoll_pwait2 differ only in the timeout argument (an int
 * or a timespec pointer), which the caller has already made host-ready.
 */
static int64_t io_epoll_wait(GuestThread *t, long host_nr, const uint64_t *a,
                             uint64_t timeout)
{
    struct epoll_event host_events[IO_EPOLL_BATCH];
    GuestEpollEvent guest_event;
    int maxevents = (int)a[2];
    int64_t n;

    if (maxevents > IO_EPOLL_BATCH)
        maxevents = IO_EPOLL_BATCH;
    n = signal_safe_syscall6(t, host_nr, a[0], (uint64_t)(uintptr_t)host_events,
                             (uint64_t)(int64_t)maxevents, timeout,
                             sys_hp(a[4]), a[5]);
    /* Like the kernel's copy-out: EFAULT only when nothing got through. */
    for (int64_t i = 0; i < n; i++) {
        convert_epoll_event_to_guest(&host_events[i], &guest_event);
        if (copy_to_guest(a[1] + (uint64_t)i * sizeof(guest_event),
                          &guest_event, sizeof(guest_event)) != 0)
            return i ? i : -EFAULT;
    }
    return n;
}

int64_t sys_epoll_pwait(GuestThread *t, const uint64_t *a)
{
    return io_epoll_wait(t, SYS_epoll_pwait, a, a[3]);
}

int64_t sys_epoll_pwait2(GuestThread *t, const uint64_t *a)
{
    return io_epoll_wait(t, SYS_epoll_pwait2, a, sys_hp(a[3]));
}

/*
 * The mask is the 8-byte kernel sigset on both and the guest's blocked
 * signals are blocked on the host thread too, so the host signalfd sees
 * exactly what the guest asked for; struct signalfd_siginfo is 128 bytes
 * of fixed-width fields on both. SFD_* flags are O_CLOEXEC/O_NONBLOCK.
 */
int64_t sys_signalfd4(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall6(SYS_signalfd4, a[0], sys_hp(a[1]), a[2], a[3], 0, 0);
}

int64_t sys_vmsplice(GuestThread *t, const uint64_t *a)
{
    return io_vector(t, SYS_vmsplice, a);
}

/*
 * Linux native AIO. struct iocb and struct io_event are the same on both
 * 64-bit ABIs and hold guest addresses, which are host addresses here
 * (guest_base is 0), so every call passes through; the completion ring the
 * kernel maps is the host's, outside the guest's region table.
 */
int64_t sys_io_setup(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_io_setup, a[0], sys_hp(a[1]), 0);
}

int64_t sys_io_destroy(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_io_destroy, a[0], 0, 0);
}

int64_t sys_io_submit(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_io_submit, a[0], a[1], sys_hp(a[2]));
}

int64_t sys_io_cancel(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_io_cancel, a[0], sys_hp(a[1]), sys_hp(a[2]));
}

/* It blocks: a guest signal must be able to cut it short. */
int64_t sys_io_getevents(GuestThread *t, const uint64_t *a)
{
    return signal_safe_syscall6(t, SYS_io_getevents, a[0], a[1], a[2],
                                sys_hp(a[3]), sys_hp(a[4]), 0);
}
