/*
 * Check suite for do_syscall_arm: arm EABI calls made as the CPU loop
 * makes them (r0..r6 zero-extended, 64-bit values in register pairs,
 * guest buffers below 4 GiB) against the host kernel. Runs without the
 * translator; must not depend on the order of the tests.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/mman.h>
#include <sys/ipc.h>
#include <sys/sem.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "linux-user/vma.h"
#include "syscalls/arm_eabi.h"
#include "tcg/target_ops.h"
#include "tcg/tb.h"
#include "util/log.h"

/* Stubs: tests/unit/user_mode_stubs.c. */

/* arm EABI numbers used here. */
enum {
    ARM_read = 3,
    ARM_write = 4,
    ARM_close = 6,
    ARM_lseek = 19,
    ARM_times = 43,
    ARM_setrlimit = 75,
    ARM_socketcall = 102,
    ARM_sysinfo = 116,
    ARM_llseek = 140,
    ARM_getdents = 141,
    ARM_readv = 145,
    ARM_writev = 146,
    ARM_rt_sigaction = 174,
    ARM_pread64 = 180,
    ARM_pwrite64 = 181,
    ARM_sigaltstack = 186,
    ARM_ugetrlimit = 191,
    ARM_mmap2 = 192,
    ARM_ftruncate64 = 194,
    ARM_stat64 = 195,
    ARM_fstat64 = 197,
    ARM_getdents64 = 217,
    ARM_fcntl64 = 221,
    ARM_epoll_ctl = 251,
    ARM_epoll_wait = 252,
    ARM_clock_gettime = 263,
    ARM_statfs64 = 266,
    ARM_socketpair = 288,
    ARM_sendmsg = 296,
    ARM_recvmsg = 297,
    ARM_openat = 322,
    ARM_fstatat64 = 327,
    ARM_epoll_create1 = 357,
    ARM_pipe2 = 359,
    ARM_clock_gettime64 = 403,
    ARM_close_range = 436,
    ARM_faccessat2 = 439,
};

/* arm (and arm64) O_DIRECTORY; x86-64 has another value. */
#define ARM_O_DIRECTORY 040000

static GuestThread test_thread;
static uint8_t *low; /* guest memory below 4 GiB */
#define LOW_SIZE (4u << 20)

static int64_t call(int nr, uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3,
                    uint64_t a4, uint64_t a5)
{
    /* The CPU loop zero-extends 32-bit registers. */
    const uint64_t args[7] = {(uint32_t)a0,
                              (uint32_t)a1,
                              (uint32_t)a2,
                              (uint32_t)a3,
                              (uint32_t)a4,
                              (uint32_t)a5,
                              0};

    return do_syscall_arm(&test_thread, (uint64_t)nr, args);
}

static uint32_t lp(const void *p)
{
    uint64_t g = h2g(p);

    ck_assert_uint_lt(g, 1ull << 32);
    return (uint32_t)g;
}

static char *low_str(size_t off, const char *s)
{
    return strcpy((char *)low + off, s);
}

static char tmpdir[256];

static void make_dir(int entries)
{
    char path[512];

    snprintf(tmpdir, sizeof(tmpdir), "/tmp/arx-test-arm-%d", getpid());
    mkdir(tmpdir, 0755);
    for (int i = 0; i < entries; i++) {
        snprintf(path, sizeof(path), "%s/e%04d", tmpdir, i);
        close(open(path, O_CREAT | O_WRONLY, 0644));
    }
}

static void remove_dir(int entries)
{
    char path[512];

    for (int i = 0; i < entries; i++) {
        snprintf(path, sizeof(path), "%s/e%04d", tmpdir, i);
        unlink(path);
    }
    rmdir(tmpdir);
}

/*
 * glibc's 32-bit readdir/telldir/seekdir: every d_off must fit 31 bits,
 * and _llseek to one must continue after that entry.
 */
START_TEST(test_dir_cookies)
{
    uint8_t *buf = low + 65536;
    char names[400][16];
    int64_t offs[400];
    int n = 0, fd;
    int64_t r;

    make_dir(300);
    fd = (int)call(ARM_openat, (uint32_t)AT_FDCWD, lp(low_str(0, tmpdir)),
                   O_RDONLY | ARM_O_DIRECTORY, 0, 0, 0);
    ck_assert_int_ge(fd, 0);
    while ((r = call(ARM_getdents64, fd, lp(buf), 4096, 0, 0, 0)) > 0) {
        for (int64_t pos = 0; pos < r;) {
            int64_t off;
            uint16_t reclen;

            memcpy(&off, buf + pos + 8, 8);
            memcpy(&reclen, buf + pos + 16, 2);
            ck_assert_int_ge(off, 0);
            ck_assert_int_le(off, INT32_MAX);
            ck_assert_int_lt(n, 400);
            offs[n] = off;
            snprintf(names[n++], 16, "%s", (char *)buf + pos + 19);
            pos += reclen;
        }
    }
    ck_assert_int_eq(r, 0);
    ck_assert_int_eq(n, 302);
    for (int i = 0; i + 1 < n; i += 29) {
        int64_t *result = (int64_t *)(low + 8192);

        ck_assert_int_eq(call(ARM_llseek, fd, (uint64_t)offs[i] >> 32,
                              (uint32_t)offs[i], lp(result), SEEK_SET, 0),
                         0);
        ck_assert_int_eq(*result, offs[i]);
        r = call(ARM_getdents64, fd, lp(buf), 4096, 0, 0, 0);
        ck_assert_int_gt(r, 0);
        ck_assert_str_eq((char *)buf + 19, names[i + 1]);
        /* lseek (32-bit off_t) answers with the cookie too. */
        ck_assert_int_eq(
            call(ARM_lseek, fd, (uint32_t)offs[i], SEEK_SET, 0, 0, 0), offs[i]);
    }
    /* The old getdents: 32-bit records, the same cookies. */
    ck_assert_int_eq(call(ARM_lseek, fd, 0, SEEK_SET, 0, 0, 0), 0);
    r = call(ARM_getdents, fd, lp(buf), 4096, 0, 0, 0);
    ck_assert_int_gt(r, 0);
    {
        uint32_t off32;
        uint16_t reclen;

        memcpy(&off32, buf + 4, 4);
        memcpy(&reclen, buf + 8, 2);
        ck_assert_int_eq(off32, offs[0]);
        ck_assert_str_eq((char *)buf + 10, names[0]);
        ck_assert_uint_eq(reclen % 4, 0);
    }
    call(ARM_close, fd, 0, 0, 0, 0, 0);
    remove_dir(300);
}
END_TEST

START_TEST(test_file_offsets)
{
    char *path = low_str(0, "/tmp/arx-test-arm-file");
    int fd = (int)call(ARM_openat, (uint32_t)AT_FDCWD, lp(path),
                       O_CREAT | O_RDWR | O_TRUNC, 0644, 0, 0);
    uint64_t big = 5ull << 30;
    char *data = low_str(1024, "0123456789");
    char *in = (char *)low + 2048;
    ArmStat64 *st = (ArmStat64 *)(low + 4096);

    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(call(ARM_write, fd, lp(data), 10, 0, 0, 0), 10);
    /* lseek(fd, -3, SEEK_END): the offset arrives as 0xfffffffd. */
    ck_assert_int_eq(call(ARM_lseek, fd, (uint32_t)-3, SEEK_END, 0, 0, 0), 7);
    ck_assert_int_eq(call(ARM_read, fd, lp(in), 3, 0, 0, 0), 3);
    ck_assert_int_eq(memcmp(in, "789", 3), 0);
    ck_assert_int_eq(call(ARM_lseek, fd, (uint32_t)-20, SEEK_SET, 0, 0, 0),
                     -EINVAL);
    /* pwrite64(fd, buf, count, pad, lo, hi) */
    ck_assert_int_eq(
        call(ARM_pwrite64, fd, lp(data), 3, 0, (uint32_t)big, big >> 32), 3);
    ck_assert_int_eq(
        call(ARM_pread64, fd, lp(in), 3, 0, (uint32_t)big + 1, big >> 32), 2);
    ck_assert_int_eq(memcmp(in, "12", 2), 0);
    /* lseek's 32-bit result overflows; _llseek's does not. */
    ck_assert_int_eq(call(ARM_lseek, fd, 0, SEEK_END, 0, 0, 0), -EOVERFLOW);
    ck_assert_int_eq(call(ARM_fstat64, fd, lp(st), 0, 0, 0, 0), 0);
    ck_assert_int_eq(st->size, (int64_t)big + 3);
    ck_assert_uint_eq(st->mode & 0777, 0644);
    ck_assert_uint_eq(st->blksize > 0, 1);
    ck_assert_int_eq(call(ARM_ftruncate64, fd, 0, 1u << 31, 1, 0, 0), 0);
    ck_assert_int_eq(call(ARM_stat64, lp(path), lp(st), 0, 0, 0, 0), 0);
    ck_assert_int_eq(st->size, (1ll << 32) + (1ll << 31));
    ck_assert_int_eq(call(ARM_fstatat64, (uint32_t)AT_FDCWD, lp(path), lp(st),
                          AT_SYMLINK_NOFOLLOW, 0, 0),
                     0);
    ck_assert_uint_eq(st->nlink, 1);
    call(ARM_close, fd, 0, 0, 0, 0, 0);
    unlink(path);
}
END_TEST

START_TEST(test_locks_statfs)
{
    char *path = low_str(0, "/tmp/arx-test-arm-lock");
    int fd = (int)call(ARM_openat, (uint32_t)AT_FDCWD, lp(path),
                       O_CREAT | O_RDWR | O_TRUNC, 0644, 0, 0);
    struct flock *fl = (struct flock *)(low + 1024); /* = arm's flock64 */
    ArmStatfs64 *sf = (ArmStatfs64 *)(low + 2048);

    *fl = (struct flock){.l_type = F_WRLCK, .l_start = 3ll << 30, .l_len = 9};
    ck_assert_int_eq(call(ARM_fcntl64, fd, 13 /* F_SETLK64 */, lp(fl), 0, 0, 0),
                     0);
    ck_assert_int_eq(call(ARM_fcntl64, fd, 12 /* F_GETLK64 */, lp(fl), 0, 0, 0),
                     0);
    ck_assert_int_eq(fl->l_type, F_UNLCK);
    ck_assert_int_eq(call(ARM_fcntl64, fd, F_GETFL, 0, 0, 0, 0) & O_ACCMODE,
                     O_RDWR);
    ck_assert_int_eq(call(ARM_statfs64, lp(path), 84, lp(sf), 0, 0, 0), 0);
    ck_assert_uint_gt(sf->bsize, 0);
    ck_assert_uint_gt(sf->blocks, 0);
    /* glibc passes its sizeof, 88; arm's entry code takes it as 84. */
    ck_assert_int_eq(call(ARM_statfs64, lp(path), 88, lp(sf), 0, 0, 0), 0);
    ck_assert_int_eq(call(ARM_statfs64, lp(path), 64, lp(sf), 0, 0, 0),
                     -EINVAL);
    call(ARM_close, fd, 0, 0, 0, 0, 0);
    unlink(path);
}
END_TEST

START_TEST(test_time_limits)
{
    ArmTimespec *ts = (ArmTimespec *)low;
    int64_t *ts64 = (int64_t *)(low + 64);
    ArmRlimit *rl = (ArmRlimit *)(low + 128);
    ArmTms *tms = (ArmTms *)(low + 256);
    ArmSysinfo *si = (ArmSysinfo *)(low + 512);
    uint32_t old_cur;

    ck_assert_int_eq(
        call(ARM_clock_gettime, CLOCK_REALTIME, lp(ts), 0, 0, 0, 0), 0);
    ck_assert_int_gt(ts->sec, 1600000000);
    ck_assert_int_lt(ts->nsec, 1000000000);
    ck_assert_int_eq(
        call(ARM_clock_gettime64, CLOCK_REALTIME, lp(ts64), 0, 0, 0, 0), 0);
    ck_assert_int_ge(ts64[0], ts->sec);
    ck_assert_int_eq(call(ARM_ugetrlimit, RLIMIT_NOFILE, lp(rl), 0, 0, 0, 0),
                     0);
    old_cur = rl->cur;
    rl->cur = old_cur / 2;
    ck_assert_int_eq(call(ARM_setrlimit, RLIMIT_NOFILE, lp(rl), 0, 0, 0, 0), 0);
    ck_assert_int_eq(call(ARM_ugetrlimit, RLIMIT_NOFILE, lp(rl), 0, 0, 0, 0),
                     0);
    ck_assert_uint_eq(rl->cur, old_cur / 2);
    rl->cur = old_cur;
    call(ARM_setrlimit, RLIMIT_NOFILE, lp(rl), 0, 0, 0, 0);
    ck_assert_int_eq(call(ARM_ugetrlimit, RLIMIT_AS, lp(rl), 0, 0, 0, 0), 0);
    ck_assert_uint_eq(rl->cur, ARM_RLIM_INFINITY);
    ck_assert_int_ge(call(ARM_times, lp(tms), 0, 0, 0, 0, 0), 0);
    ck_assert_int_eq(call(ARM_sysinfo, lp(si), 0, 0, 0, 0, 0), 0);
    ck_assert_uint_gt(si->totalram, 0);
    ck_assert_uint_gt(si->mem_unit, 0);
    ck_assert_uint_gt(si->procs, 0);
}
END_TEST

START_TEST(test_epoll_iovec)
{
    int *p = (int *)low;
    GuestEpollEvent *ev = (GuestEpollEvent *)(low + 64);
    ArmIovec *iov = (ArmIovec *)(low + 256);
    char *a = low_str(512, "abc"), *b = low_str(520, "defg");
    char *in = (char *)low + 1024;
    int ep;

    ck_assert_int_eq(call(ARM_pipe2, lp(p), 0, 0, 0, 0, 0), 0);
    ep = (int)call(ARM_epoll_create1, 0, 0, 0, 0, 0, 0);
    ck_assert_int_ge(ep, 0);
    *ev = (GuestEpollEvent){.events = EPOLLIN, .data = 0x1122334455667788ull};
    ck_assert_int_eq(call(ARM_epoll_ctl, ep, EPOLL_CTL_ADD, p[0], lp(ev), 0, 0),
                     0);
    iov[0] = (ArmIovec){lp(a), 3};
    iov[1] = (ArmIovec){lp(b), 4};
    ck_assert_int_eq(call(ARM_writev, p[1], lp(iov), 2, 0, 0, 0), 7);
    memset(ev, 0, 2 * sizeof(*ev));
    ck_assert_int_eq(call(ARM_epoll_wait, ep, lp(ev), 2, (uint32_t)-1, 0, 0),
                     1);
    ck_assert_uint_eq(ev->data, 0x1122334455667788ull);
    iov[0] = (ArmIovec){lp(in), 5};
    iov[1] = (ArmIovec){lp(in + 8), 2};
    ck_assert_int_eq(call(ARM_readv, p[0], lp(iov), 2, 0, 0, 0), 7);
    ck_assert_int_eq(memcmp(in, "abcde", 5), 0);
    ck_assert_int_eq(memcmp(in + 8, "fg", 2), 0);
    call(ARM_close, ep, 0, 0, 0, 0, 0);
    call(ARM_close, p[0], 0, 0, 0, 0, 0);
    call(ARM_close, p[1], 0, 0, 0, 0, 0);
}
END_TEST

START_TEST(test_scm_rights)
{
    int *sv = (int *)low, *p = (int *)(low + 16);
    ArmMsghdr *msg = (ArmMsghdr *)(low + 64);
    ArmIovec *iov = (ArmIovec *)(low + 128);
    uint8_t *control = low + 256;
    char *data = low_str(512, "d");
    ArmCmsghdr h = {16, SOL_SOCKET, SCM_RIGHTS};
    int got;

    ck_assert_int_eq(
        call(ARM_socketpair, AF_UNIX, SOCK_STREAM, 0, lp(sv), 0, 0), 0);
    ck_assert_int_eq(call(ARM_pipe2, lp(p), 0, 0, 0, 0, 0), 0);
    memcpy(control, &h, sizeof(h));
    memcpy(control + 12, &p[1], 4);
    *iov = (ArmIovec){lp(data), 1};
    *msg = (ArmMsghdr){
        .iov = lp(iov), .iovlen = 1, .control = lp(control), .controllen = 16};
    ck_assert_int_eq(call(ARM_sendmsg, sv[0], lp(msg), 0, 0, 0, 0), 1);
    memset(control, 0, 64);
    *msg = (ArmMsghdr){
        .iov = lp(iov), .iovlen = 1, .control = lp(control), .controllen = 64};
    ck_assert_int_eq(call(ARM_recvmsg, sv[1], lp(msg), 0, 0, 0, 0), 1);
    ck_assert_uint_eq(msg->controllen, 16);
    ck_assert_int_eq(msg->flags & MSG_CTRUNC, 0);
    memcpy(&h, control, sizeof(h));
    ck_assert_int_eq(h.type, SCM_RIGHTS);
    ck_assert_uint_eq(h.len, 16);
    memcpy(&got, control + 12, 4);
    ck_assert_int_eq(write(got, "abc", 3), 3);
    ck_assert_int_eq(read(p[0], data, 3), 3);
    ck_assert_int_eq(memcmp(data, "abc", 3), 0);
    close(got);
    close(p[0]);
    close(p[1]);
    close(sv[0]);
    close(sv[1]);
}
END_TEST

START_TEST(test_signals)
{
    ArmSigaction *act = (ArmSigaction *)low, *old = (ArmSigaction *)(low + 64);
    ArmStack *ss = (ArmStack *)(low + 128), *oss = (ArmStack *)(low + 192);

    *act = (ArmSigaction){.handler = 0x10000,
                          .flags = GUEST_SA_RESTORER | GUEST_SA_ONSTACK,
                          .restorer = 0x10100,
                          .mask = {1u << (SIGUSR2 - 1), 1u << 1}};
    ck_assert_int_eq(call(ARM_rt_sigaction, SIGUSR1, lp(act), 0, 8, 0, 0), 0);
    ck_assert_int_eq(call(ARM_rt_sigaction, SIGUSR1, 0, lp(old), 8, 0, 0), 0);
    ck_assert_uint_eq(old->handler, 0x10000);
    ck_assert_uint_eq(old->restorer, 0x10100);
    ck_assert_uint_eq(old->mask[0], 1u << (SIGUSR2 - 1));
    ck_assert_uint_eq(old->mask[1], 1u << 1);
    act->handler = 0; /* SIG_DFL again */
    call(ARM_rt_sigaction, SIGUSR1, lp(act), 0, 8, 0, 0);
    *ss = (ArmStack){.sp = lp(low + 65536), .flags = 0, .size = 65536};
    ck_assert_int_eq(call(ARM_sigaltstack, lp(ss), 0, 0, 0, 0, 0), 0);
    ck_assert_int_eq(call(ARM_sigaltstack, 0, lp(oss), 0, 0, 0, 0), 0);
    ck_assert_uint_eq(oss->sp, lp(low + 65536));
    ck_assert_uint_eq(oss->size, 65536);
    ss->flags = GUEST_SS_DISABLE;
    call(ARM_sigaltstack, lp(ss), 0, 0, 0, 0, 0);
}
END_TEST

START_TEST(test_table)
{
    int *p = (int *)low;

    ck_assert_int_eq(call(ARM_socketcall, 0, 0, 0, 0, 0, 0), -ENOSYS);
    ck_assert_int_eq(call(451, 0, 0, 0, 0, 0, 0), -ENOSYS);
    ck_assert_str_eq(arm_syscall_name(140), "_llseek");
    ck_assert_str_eq(arm_syscall_name(403), "clock_gettime64");
    ck_assert_str_eq(arm_syscall_name(449), "futex_waitv");
    ck_assert_ptr_null(arm_syscall_name(402));
    /* Newer calls reach the host. */
    ck_assert_int_eq(call(ARM_faccessat2, (uint32_t)AT_FDCWD,
                          lp(low_str(64, "/")), R_OK, AT_EACCESS, 0, 0),
                     0);
    ck_assert_int_eq(call(ARM_pipe2, lp(p), 0, 0, 0, 0, 0), 0);
    ck_assert_int_eq(call(ARM_close_range, p[0], p[1], 0, 0, 0, 0), 0);
    ck_assert_int_eq(fcntl(p[0], F_GETFD), -1);
    /* landlock's ABI version: whatever the host says. */
    {
        long native = syscall(SYS_landlock_create_ruleset, NULL, 0, 1);
        int64_t r = call(444, 0, 0, 1, 0, 0, 0);

        ck_assert_int_eq(r, native >= 0 ? native : -errno);
        /* 447 is memfd_secret elsewhere; arm's kernel has none. */
        ck_assert_int_eq(call(447, 0, 0, 0, 0, 0, 0), -ENOSYS);
    }
}
END_TEST

START_TEST(test_ids_sockopt)
{
    uint16_t *ids = (uint16_t *)low;
    int *sv = (int *)(low + 64);
    ArmTimeval *tv = (ArmTimeval *)(low + 128);
    uint32_t *len = (uint32_t *)(low + 192);
    char *text = low_str(256, "hi");
    uid_t uid = getuid();

    ck_assert_int_eq(call(24 /* getuid */, 0, 0, 0, 0, 0, 0),
                     uid > 65535 ? 65534 : (int)uid);
    ck_assert_int_eq(
        call(165 /* getresuid */, lp(ids), lp(ids + 1), lp(ids + 2), 0, 0, 0),
        0);
    ck_assert_uint_eq(ids[0], uid > 65535 ? 65534 : uid);
    ck_assert_int_eq(call(80 /* getgroups */, 0, 0, 0, 0, 0, 0),
                     getgroups(0, NULL));
    /* setreuid(-1, -1) as 16-bit ids: changes nothing, allowed. */
    ck_assert_int_eq(call(70 /* setreuid */, 0xffff, 0xffff, 0, 0, 0, 0), 0);

    ck_assert_int_eq(call(ARM_socketpair, AF_UNIX, SOCK_DGRAM, 0, lp(sv), 0, 0),
                     0);
    *tv = (ArmTimeval){2, 500000};
    ck_assert_int_eq(call(294 /* setsockopt */, sv[0], SOL_SOCKET, SO_RCVTIMEO,
                          lp(tv), 8, 0),
                     0);
    *tv = (ArmTimeval){0, 0};
    *len = 8;
    ck_assert_int_eq(call(295 /* getsockopt */, sv[0], SOL_SOCKET, SO_RCVTIMEO,
                          lp(tv), lp(len), 0),
                     0);
    ck_assert_int_eq(tv->sec, 2);
    ck_assert_int_eq(tv->usec, 500000);
    ck_assert_uint_eq(*len, 8);
    ck_assert_int_eq(call(289 /* send */, sv[1], lp(text), 2, 0, 0, 0), 2);
    ck_assert_int_eq(call(291 /* recv */, sv[0], lp(text + 8), 8, 0, 0, 0), 2);
    ck_assert_int_eq(memcmp(text + 8, "hi", 2), 0);
    close(sv[0]);
    close(sv[1]);
}
END_TEST

/* System V IPC as glibc calls it on arm: cmd | IPC_64, 32-bit structs. */
START_TEST(test_sysv_ipc)
{
    uint8_t *ds = low + 1024;
    uint8_t *msg = low + 4096;
    int32_t mtype = 42;
    uint32_t v;
    int sem, mq, shm;

    sem =
        (int)call(299 /* semget */, IPC_PRIVATE, 3, IPC_CREAT | 0600, 0, 0, 0);
    ck_assert_int_ge(sem, 0);
    ck_assert_int_eq(call(300 /* semctl */, sem, 1, SETVAL | 0x100, 7, 0, 0),
                     0);
    ck_assert_int_eq(call(300, sem, 1, GETVAL | 0x100, 0, 0, 0), 7);
    memset(ds, 0xff, 64);
    ck_assert_int_eq(call(300, sem, 0, IPC_STAT | 0x100, lp(ds), 0, 0), 0);
    memcpy(&v, ds + 52, 4); /* sem_nsems */
    ck_assert_uint_eq(v, 3);
    memcpy(&v, ds + 20, 4); /* mode, 16 bits, and its padding */
    ck_assert_uint_eq(v & 0777, 0600);
    ck_assert_int_eq(call(300, sem, 0, IPC_RMID | 0x100, 0, 0, 0), 0);

    mq = (int)call(303 /* msgget */, IPC_PRIVATE, IPC_CREAT | 0600, 0, 0, 0, 0);
    ck_assert_int_ge(mq, 0);
    memcpy(msg, &mtype, 4);
    memcpy(msg + 4, "hello", 5);
    ck_assert_int_eq(call(301 /* msgsnd */, mq, lp(msg), 5, 0, 0, 0), 0);
    ck_assert_int_eq(
        call(304 /* msgctl */, mq, IPC_STAT | 0x100, lp(ds), 0, 0, 0), 0);
    memcpy(&v, ds + 64, 4); /* msg_qnum */
    ck_assert_uint_eq(v, 1);
    memset(msg, 0, 16);
    ck_assert_int_eq(call(302 /* msgrcv */, mq, lp(msg), 16, 0, 0, 0), 5);
    memcpy(&mtype, msg, 4);
    ck_assert_int_eq(mtype, 42);
    ck_assert_int_eq(memcmp(msg + 4, "hello", 5), 0);
    ck_assert_int_eq(call(304, mq, IPC_RMID | 0x100, 0, 0, 0, 0), 0);

    shm = (int)call(307 /* shmget */, IPC_PRIVATE, 8192, IPC_CREAT | 0600, 0, 0,
                    0);
    ck_assert_int_ge(shm, 0);
    ck_assert_int_eq(
        call(308 /* shmctl */, shm, IPC_STAT | 0x100, lp(ds), 0, 0, 0), 0);
    memcpy(&v, ds + 36, 4); /* shm_segsz */
    ck_assert_uint_eq(v, 8192);
    ck_assert_int_eq(call(308, shm, IPC_RMID | 0x100, 0, 0, 0, 0), 0);
}
END_TEST

START_TEST(test_misc)
{
    char *uts = (char *)low;
    uint8_t *mask = low + 1024;
    uint32_t *timex = (uint32_t *)(low + 2048);
    uint8_t *st = low + 4096;
    char *path = low_str(8192, "/tmp/arx-test-arm-old");
    uint32_t v;
    int fd;

    ck_assert_int_eq(call(122 /* uname */, lp(uts), 0, 0, 0, 0, 0), 0);
    ck_assert_str_eq(uts + 4 * 65, "armv8l");
    ck_assert_str_eq(uts, "Linux");
    /* A 4-byte mask: the host alone would say EINVAL. */
    ck_assert_int_eq(call(242 /* sched_getaffinity */, 0, 4, lp(mask), 0, 0, 0),
                     sysconf(_SC_NPROCESSORS_CONF) <= 32 ? 4 : -EINVAL);
    ck_assert_int_eq(call(242, 0, 128, lp(mask), 0, 0, 0) > 0, 1);
    memset(timex, 0, 128);
    ck_assert_int_ge(call(124 /* adjtimex */, lp(timex), 0, 0, 0, 0, 0), 0);
    ck_assert_uint_gt(timex[9], 1600000000); /* time.tv_sec */
    /* time.tv_usec, nanoseconds while the host's status has STA_NANO */
    ck_assert_uint_lt(timex[10], timex[5] & 0x2000 ? 1000000000 : 1000000);

    fd = (int)call(ARM_openat, (uint32_t)AT_FDCWD, lp(path),
                   O_CREAT | O_RDWR | O_TRUNC, 0600, 0, 0);
    ck_assert_int_eq(call(ARM_write, fd, lp(path), 7, 0, 0, 0), 7);
    ck_assert_int_eq(call(106 /* stat */, lp(path), lp(st), 0, 0, 0, 0), 0);
    memcpy(&v, st + 20, 4); /* st_size */
    ck_assert_uint_eq(v, 7);
    ck_assert_uint_eq(*(uint16_t *)(st + 8) & 0777, 0600);
    ck_assert_int_eq(call(108 /* fstat */, fd, lp(st), 0, 0, 0, 0), 0);
    memcpy(&v, st + 20, 4);
    ck_assert_uint_eq(v, 7);
    call(ARM_close, fd, 0, 0, 0, 0, 0);
    unlink(path);
}
END_TEST

/* A set sized for n descriptors in 4-byte words: nothing past it moves. */
START_TEST(test_select_fdset)
{
    int *p = (int *)low;
    uint32_t *set = (uint32_t *)(low + 64);
    ArmTimeval *tv = (ArmTimeval *)(low + 128);

    ck_assert_int_eq(call(ARM_pipe2, lp(p), 0, 0, 0, 0, 0), 0);
    ck_assert_int_lt(p[0], 32);
    ck_assert_int_eq(write(p[1], "x", 1), 1);
    set[0] = 1u << p[0];
    set[1] = 0xdeadbeef;
    *tv = (ArmTimeval){1, 0};
    ck_assert_int_eq(
        call(142 /* _newselect */, p[0] + 1, lp(set), 0, 0, lp(tv), 0), 1);
    ck_assert_uint_eq(set[0], 1u << p[0]);
    ck_assert_uint_eq(set[1], 0xdeadbeef);
    ck_assert_int_eq(call(335 /* pselect6 */, p[0] + 1, lp(set), 0, 0, 0, 0),
                     1);
    ck_assert_uint_eq(set[1], 0xdeadbeef);
    close(p[0]);
    close(p[1]);
}
END_TEST

/* Newer calls (qemu-arm 7.2: ENOSYS for 19 of tests/a32/sys/newcalls.c's
 * 30): with zero arguments each fails on its checks, never ENOSYS. */
START_TEST(test_newer_calls)
{
    static const char *const names[] = {
        "rseq",
        "clone3",
        "openat2",
        "preadv2",
        "pwritev2",
        "futex_waitv",
        "landlock_create_ruleset",
        "landlock_add_rule",
        "landlock_restrict_self",
        "process_vm_readv",
        "process_vm_writev",
        "pidfd_open",
        "pidfd_send_signal",
        "pidfd_getfd",
        "faccessat2",
        "epoll_pwait2",
        "copy_file_range",
        "statx",
        "getrandom",
        "memfd_create",
        "renameat2",
        "mlock2",
        "membarrier",
        "process_madvise",
        "process_mrelease",
        "mount_setattr",
        "open_tree",
        "fsopen",
        "clock_gettime64",
        "futex_time64",
        "ppoll_time64",
        "pselect6_time64",
        "recvmmsg_time64",
        "io_pgetevents_time64" /* the one left: arm64 has none either */,
    };

    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        int nr = -1;
        int64_t r;

        for (int n = 0; n < 451 && nr < 0; n++)
            if (arm_syscall_name(n) &&
                strcmp(arm_syscall_name(n), names[i]) == 0)
                nr = n;
        ck_assert_msg(nr >= 0, "%s not in arm_nr.def", names[i]);
        memset(low, 0, 16); /* a zero timeout for the waits */
        if (strcmp(names[i], "ppoll_time64") == 0)
            r = call(nr, 0, 0, lp(low), 0, 0, 0);
        else if (strcmp(names[i], "pselect6_time64") == 0)
            r = call(nr, 0, 0, 0, 0, lp(low), 0);
        else
            r = call(nr, 0, 0, 0, 0, 0, 0);
        if (strcmp(names[i], "io_pgetevents_time64") == 0 ||
            strcmp(names[i], "rseq") == 0)
            ck_assert_int_eq(r, -ENOSYS);
        else
            ck_assert_msg(r != -ENOSYS, "%s: ENOSYS", names[i]);
    }
}
END_TEST

/* -strace names arm's numbers, not arm64's. */
START_TEST(test_strace)
{
    char path[64], text[4096] = {0};
    FILE *f;

    snprintf(path, sizeof(path), "/tmp/arx-test-arm-strace-%d", getpid());
    ck_assert(log_open(path));
    arx_log_mask |= LOG_STRACE;
    call(20 /* getpid */, 0, 0, 0, 0, 0, 0);
    call(ARM_llseek, 999, 0, 0, 0, SEEK_SET, 0);
    call(ARM_clock_gettime64, CLOCK_MONOTONIC, lp(low), 0, 0, 0, 0);
    call(ARM_socketcall, 1, 0, 0, 0, 0, 0);
    arx_log_mask &= ~(unsigned)LOG_STRACE;
    log_open(NULL);
    f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    fread(text, 1, sizeof(text) - 1, f);
    fclose(f);
    unlink(path);
    ck_assert_ptr_nonnull(strstr(text, "getpid() = "));
    ck_assert_ptr_nonnull(strstr(text, "_llseek(0x3e7"));
    ck_assert_ptr_nonnull(strstr(text, "= -1 EBADF"));
    ck_assert_ptr_nonnull(strstr(text, "clock_gettime64("));
    ck_assert_ptr_nonnull(strstr(text, "socketcall("));
    ck_assert_ptr_null(strstr(text, "getpid() = -"));
}
END_TEST

static Suite *arm_syscalls_suite(void)
{
    Suite *s = suite_create("arm_syscalls");
    TCase *tc = tcase_create("eabi");

    tcase_add_test(tc, test_dir_cookies);
    tcase_add_test(tc, test_file_offsets);
    tcase_add_test(tc, test_locks_statfs);
    tcase_add_test(tc, test_time_limits);
    tcase_add_test(tc, test_epoll_iovec);
    tcase_add_test(tc, test_scm_rights);
    tcase_add_test(tc, test_signals);
    tcase_add_test(tc, test_table);
    tcase_add_test(tc, test_ids_sockopt);
    tcase_add_test(tc, test_sysv_ipc);
    tcase_add_test(tc, test_misc);
    tcase_add_test(tc, test_strace);
    tcase_add_test(tc, test_select_fdset);
    tcase_add_test(tc, test_newer_calls);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *runner = srunner_create(arm_syscalls_suite());
    int failed;

    low = mmap(NULL, LOW_SIZE, PROT_READ | PROT_WRITE,
               MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT, -1, 0);
    if (low == MAP_FAILED)
        return EXIT_FAILURE;
    /* guest_base is 0 and every host buffer here is guest memory. */
    vma_map_anon(GUEST_PAGE_SIZE, (1ull << 47) - GUEST_PAGE_SIZE,
                 PROT_READ | PROT_WRITE, false, NULL);
    srunner_run_all(runner, CK_NORMAL);
    failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
