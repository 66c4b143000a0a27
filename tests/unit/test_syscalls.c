/*
 * Check suite for syscalls/: the struct conversions and do_syscall() on a
 * fake GuestThread with guest_base == 0. Stubs stand in for linux-user/;
 * nothing here runs translated code.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include "linux-user/vma.h"
#include "syscalls/syscalls.h"
#include "tcg/tb.h"
#include "util/log.h"

/* Stubs: tests/unit/user_mode_stubs.c. */

static GuestThread test_thread;

static int64_t call(int nr, uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3,
                    uint64_t a4, uint64_t a5)
{
    const uint64_t args[6] = {a0, a1, a2, a3, a4, a5};

    return do_syscall(&test_thread, (uint64_t)nr, args);
}

static uint64_t gp(const void *p)
{
    return h2g(p);
}

/* ---- conversions ---- */

START_TEST(test_convert_stat)
{
    struct stat host;
    GuestStat guest;
    unsigned char *raw = (unsigned char *)&guest;
    int64_t size;

    memset(&host, 0, sizeof(host));
    host.st_dev = 0x801;
    host.st_ino = 123456789;
    host.st_mode = S_IFREG | 0644;
    host.st_nlink = 3;
    host.st_uid = 1000;
    host.st_gid = 100;
    host.st_size = 0x123456789a;
    host.st_blksize = 4096;
    host.st_blocks = 8;
    host.st_mtim.tv_sec = 1700000000;
    host.st_mtim.tv_nsec = 42;
    memset(&guest, 0xff, sizeof(guest));
    convert_stat_to_guest(&host, &guest);
    ck_assert_uint_eq(guest.dev, 0x801);
    ck_assert_uint_eq(guest.ino, 123456789);
    ck_assert_uint_eq(guest.mode, S_IFREG | 0644);
    ck_assert_uint_eq(guest.nlink, 3);
    ck_assert_uint_eq(guest.uid, 1000);
    ck_assert_uint_eq(guest.gid, 100);
    ck_assert_uint_eq(guest.blksize, 4096);
    ck_assert_uint_eq(guest.blocks, 8);
    ck_assert_uint_eq(guest.pad1, 0);
    ck_assert_uint_eq(guest.unused5, 0);
    /* asm-generic offsets: st_size at 48, st_mtime at 88, nsec at 96. */
    memcpy(&size, raw + 48, 8);
    ck_assert_int_eq(size, 0x123456789a);
    ck_assert_int_eq(*(int64_t *)(raw + 88), 1700000000);
    ck_assert_uint_eq(*(uint64_t *)(raw + 96), 42);
    ck_assert_uint_eq(*(uint32_t *)(raw + 16), S_IFREG | 0644);
}
END_TEST

START_TEST(test_convert_epoll)
{
    GuestEpollEvent guest = {
        .events = EPOLLIN | EPOLLET, .pad = 7, .data = 0x1122334455667788ull};
    struct epoll_event host;
    GuestEpollEvent back;

    convert_epoll_event_to_host(&guest, &host);
    ck_assert_uint_eq(host.events, EPOLLIN | EPOLLET);
    ck_assert_uint_eq(host.data.u64, 0x1122334455667788ull);
    convert_epoll_event_to_guest(&host, &back);
    ck_assert_uint_eq(back.events, EPOLLIN | EPOLLET);
    ck_assert_uint_eq(back.pad, 0);
    ck_assert_uint_eq(back.data, 0x1122334455667788ull);
}
END_TEST

START_TEST(test_convert_open_flags)
{
    /* aarch64 O_DIRECTORY|O_NOFOLLOW|O_CLOEXEC|O_CREAT */
    uint64_t guest = 040000 | 0100000 | 02000000 | 0100;

    ck_assert_int_eq(convert_open_flags_to_host(guest),
                     O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC | O_CREAT);
    ck_assert_uint_eq(convert_open_flags_to_guest(O_DIRECTORY | O_NOFOLLOW |
                                                  O_CLOEXEC | O_CREAT),
                      guest);
    /* glibc defines O_LARGEFILE as 0 on x86-64; the kernel bit is 0100000. */
    ck_assert_int_eq(convert_open_flags_to_host(0400000), 0100000);
    ck_assert_int_eq(convert_open_flags_to_host(0200000), O_DIRECT);
    ck_assert_int_eq(convert_open_flags_to_host(O_RDWR | O_APPEND),
                     O_RDWR | O_APPEND);
}
END_TEST

START_TEST(test_convert_iovec)
{
    char a[4], b[8];
    GuestIovec guest[2] = {{gp(a), sizeof(a)}, {gp(b), sizeof(b)}};
    struct iovec host[2];

    ck_assert_int_eq(convert_iovec_to_host(gp(guest), 2, host), 0);
    ck_assert_ptr_eq(host[0].iov_base, a);
    ck_assert_uint_eq(host[1].iov_len, sizeof(b));
    ck_assert_int_eq(convert_iovec_to_host(gp(guest), -1, host), -EINVAL);
    ck_assert_int_eq(convert_iovec_to_host(gp(guest), IOV_MAX + 1, host),
                     -EINVAL);
}
END_TEST

/* ---- do_syscall ---- */

START_TEST(test_getpid)
{
    ck_assert_int_eq(call(GUEST_NR_getpid, 0, 0, 0, 0, 0, 0), getpid());
    ck_assert_int_eq(call(172, 0, 0, 0, 0, 0, 0), getpid());
    ck_assert_int_eq(call(GUEST_NR_getppid, 0, 0, 0, 0, 0, 0), getppid());
    ck_assert_int_eq(call(GUEST_NR_getuid, 0, 0, 0, 0, 0, 0), getuid());
}
END_TEST

START_TEST(test_uname)
{
    struct utsname u, host;

    memset(&u, 0, sizeof(u));
    ck_assert_int_eq(call(GUEST_NR_uname, gp(&u), 0, 0, 0, 0, 0), 0);
    uname(&host);
    ck_assert_str_eq(u.machine, "aarch64");
    ck_assert_str_eq(u.sysname, host.sysname);
    ck_assert_str_eq(u.release, host.release);
}
END_TEST

START_TEST(test_enosys)
{
    ck_assert_int_eq(call(42 /* nfsservctl: no handler */, 0, 0, 0, 0, 0, 0),
                     -ENOSYS);
    ck_assert_int_eq(call(300, 0, 0, 0, 0, 0, 0), -ENOSYS);
    ck_assert_int_eq(call(100000, 0, 0, 0, 0, 0, 0), -ENOSYS);
    ck_assert_int_eq(call(GUEST_NR_rseq, 0, 0, 0, 0, 0, 0), -ENOSYS);
    ck_assert_str_eq(syscall_name(56), "openat");
    ck_assert_str_eq(syscall_name(79), "newfstatat");
    ck_assert_str_eq(syscall_name(450), "set_mempolicy_home_node");
    ck_assert_ptr_null(syscall_name(300));
}
END_TEST

static char test_file[] = "/tmp/arx-test-syscalls-XXXXXX";

static void file_setup(void)
{
    int fd = mkstemp(test_file);

    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, "hello, world", 12), 12);
    close(fd);
}

static void file_teardown(void)
{
    unlink(test_file);
}

START_TEST(test_newfstatat)
{
    GuestStat g;
    struct stat host;

    memset(&g, 0xaa, sizeof(g));
    ck_assert_int_eq(call(GUEST_NR_newfstatat, (uint64_t)AT_FDCWD,
                          gp(test_file), gp(&g), 0, 0, 0),
                     0);
    stat(test_file, &host);
    ck_assert_int_eq(g.size, 12);
    ck_assert_uint_eq(g.ino, host.st_ino);
    ck_assert_uint_eq(g.mode, host.st_mode);
    ck_assert_uint_eq(g.nlink, 1);
    ck_assert_int_eq(g.mtime_sec, host.st_mtim.tv_sec);
    ck_assert_int_eq(call(GUEST_NR_newfstatat, (uint64_t)AT_FDCWD,
                          gp("/nonexistent/x"), gp(&g), 0, 0, 0),
                     -ENOENT);
}
END_TEST

START_TEST(test_fstat_and_io)
{
    char buf[16] = {0};
    GuestStat g;
    int64_t fd = call(GUEST_NR_openat, (uint64_t)AT_FDCWD, gp(test_file),
                      O_RDWR, 0, 0, 0);

    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(call(GUEST_NR_fstat, (uint64_t)fd, gp(&g), 0, 0, 0, 0), 0);
    ck_assert_int_eq(g.size, 12);
    ck_assert_int_eq(call(GUEST_NR_read, (uint64_t)fd, gp(buf), 5, 0, 0, 0), 5);
    ck_assert_str_eq(buf, "hello");
    ck_assert_int_eq(call(GUEST_NR_lseek, (uint64_t)fd, 0, SEEK_END, 0, 0, 0),
                     12);
    /* F_GETFL answers in guest bits: O_LARGEFILE is 0400000 on aarch64. */
    ck_assert_int_eq(call(GUEST_NR_fcntl, (uint64_t)fd, F_GETFL, 0, 0, 0, 0) &
                         (0400000 | 0100000 | O_ACCMODE),
                     0400000 | O_RDWR);
    ck_assert_int_eq(call(GUEST_NR_close, (uint64_t)fd, 0, 0, 0, 0, 0), 0);
    ck_assert_int_eq(call(GUEST_NR_close, (uint64_t)fd, 0, 0, 0, 0, 0), -EBADF);
}
END_TEST

START_TEST(test_open_directory_flag)
{
    uint64_t guest_o_directory = 040000;
    int64_t fd = call(GUEST_NR_openat, (uint64_t)AT_FDCWD, gp("/tmp"),
                      guest_o_directory, 0, 0, 0);

    ck_assert_int_ge(fd, 0);
    close((int)fd);
    ck_assert_int_eq(call(GUEST_NR_openat, (uint64_t)AT_FDCWD, gp(test_file),
                          guest_o_directory, 0, 0, 0),
                     -ENOTDIR);
}
END_TEST

START_TEST(test_writev)
{
    int p[2];
    char out[16] = {0};
    GuestIovec iov[2] = {{gp("ab"), 2}, {gp("cde"), 3}};

    ck_assert_int_eq(call(GUEST_NR_pipe2, gp(p), 0, 0, 0, 0, 0), 0);
    ck_assert_int_eq(call(GUEST_NR_writev, (uint64_t)p[1], gp(iov), 2, 0, 0, 0),
                     5);
    ck_assert_int_eq(read(p[0], out, sizeof(out)), 5);
    ck_assert_str_eq(out, "abcde");
    close(p[0]);
    close(p[1]);
}
END_TEST

START_TEST(test_readlink_proc_self_exe)
{
    char buf[PATH_MAX];
    char want[PATH_MAX];
    int64_t n;

    guest_image.path = test_file;
    ck_assert_ptr_nonnull(realpath(test_file, want));
    n = call(GUEST_NR_readlinkat, (uint64_t)AT_FDCWD, gp("/proc/self/exe"),
             gp(buf), sizeof(buf), 0, 0);
    ck_assert_int_eq(n, (int64_t)strlen(want));
    buf[n] = 0;
    ck_assert_str_eq(buf, want);
    /* Truncated like the kernel, without a NUL. */
    ck_assert_int_eq(call(GUEST_NR_readlinkat, (uint64_t)AT_FDCWD,
                          gp("/proc/self/exe"), gp(buf), 4, 0, 0),
                     4);
}
END_TEST

START_TEST(test_epoll)
{
    int p[2];
    GuestEpollEvent ev = {.events = EPOLLIN, .data = 0xfeedface12345678ull};
    GuestEpollEvent out[4];
    int64_t ep = call(GUEST_NR_epoll_create1, 0, 0, 0, 0, 0, 0);

    ck_assert_int_ge(ep, 0);
    ck_assert_int_eq(pipe(p), 0);
    ck_assert_int_eq(call(GUEST_NR_epoll_ctl, (uint64_t)ep, EPOLL_CTL_ADD,
                          (uint64_t)p[0], gp(&ev), 0, 0),
                     0);
    ck_assert_int_eq(write(p[1], "x", 1), 1);
    memset(out, 0, sizeof(out));
    ck_assert_int_eq(
        call(GUEST_NR_epoll_pwait, (uint64_t)ep, gp(out), 4, 0, 0, 8), 1);
    ck_assert_uint_eq(out[0].events, EPOLLIN);
    ck_assert_uint_eq(out[0].data, 0xfeedface12345678ull);
    close(p[0]);
    close(p[1]);
    close((int)ep);
}
END_TEST

START_TEST(test_ioctl)
{
    int p[2];
    int n = -1;

    ck_assert_int_eq(pipe(p), 0);
    ck_assert_int_eq(write(p[1], "12345", 5), 5);
    ck_assert_int_eq(call(GUEST_NR_ioctl, (uint64_t)p[0], 0x541b /* FIONREAD */,
                          gp(&n), 0, 0, 0),
                     0);
    ck_assert_int_eq(n, 5);
    ck_assert_int_eq(
        call(GUEST_NR_ioctl, (uint64_t)p[0], 0x12345678, 0, 0, 0, 0), -ENOTTY);
    close(p[0]);
    close(p[1]);
}
END_TEST

/* ---- memory ---- */

static uint64_t test_free_range(size_t pages)
{
    void *p = mmap(NULL, pages * GUEST_PAGE_SIZE, PROT_NONE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

    ck_assert_ptr_ne(p, MAP_FAILED);
    munmap(p, pages * GUEST_PAGE_SIZE);
    return gp(p);
}

START_TEST(test_brk)
{
    uint64_t start = test_free_range(64);
    uint64_t blocker = start + 32 * GUEST_PAGE_SIZE;
    unsigned char *mem;

    guest_image.start_brk = start;
    guest_image.brk = start;
    ck_assert_uint_eq(call(GUEST_NR_brk, 0, 0, 0, 0, 0, 0), start);
    ck_assert_uint_eq(call(GUEST_NR_brk, start + 10000, 0, 0, 0, 0, 0),
                      start + 10000);
    mem = g2h(start);
    mem[0] = 1;
    mem[9999] = 2;
    ck_assert_uint_eq(call(GUEST_NR_brk, start + 40000, 0, 0, 0, 0, 0),
                      start + 40000);
    mem[39999] = 3;
    /* Shrink, then grow back: the old bytes read as zero again. */
    ck_assert_uint_eq(call(GUEST_NR_brk, start + 100, 0, 0, 0, 0, 0),
                      start + 100);
    ck_assert_uint_eq(call(GUEST_NR_brk, start + 10000, 0, 0, 0, 0, 0),
                      start + 10000);
    ck_assert_uint_eq(mem[0], 1);
    ck_assert_uint_eq(mem[9999], 0);
    /* Below start_brk, or into an existing mapping: unchanged break. */
    ck_assert_uint_eq(call(GUEST_NR_brk, start - 1, 0, 0, 0, 0, 0),
                      start + 10000);
    ck_assert_ptr_ne(mmap(g2h(blocker), GUEST_PAGE_SIZE, PROT_READ,
                          MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0),
                     MAP_FAILED);
    ck_assert_uint_eq(
        call(GUEST_NR_brk, blocker + GUEST_PAGE_SIZE, 0, 0, 0, 0, 0),
        start + 10000);
    ck_assert_uint_eq(call(GUEST_NR_brk, 0, 0, 0, 0, 0, 0), start + 10000);
}
END_TEST

START_TEST(test_mmap)
{
    int64_t addr = call(GUEST_NR_mmap, 0, 8192, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS, (uint64_t)-1, 0);
    char *p;

    ck_assert(!host_is_error(addr));
    p = g2h((uint64_t)addr);
    p[8191] = 'x';
    /* PROT_BTI (0x10) is accepted and dropped, as on a non-BTI CPU. */
    ck_assert_int_eq(call(GUEST_NR_mprotect, (uint64_t)addr, 8192,
                          PROT_READ | 0x10, 0, 0, 0),
                     0);
    ck_assert_int_eq(call(GUEST_NR_munmap, (uint64_t)addr, 8192, 0, 0, 0, 0),
                     0);
    ck_assert_int_eq(
        call(GUEST_NR_mmap, 0, 4096, PROT_READ, MAP_PRIVATE, 9999, 0), -EBADF);
}
END_TEST

/* ---- signals and tasks ---- */

START_TEST(test_rt_sigaction)
{
    GuestSigaction act = {.handler = (uint64_t)(uintptr_t)SIG_IGN};
    GuestSigaction old;
    struct sigaction host;

    ck_assert_int_eq(call(GUEST_NR_rt_sigaction, SIGUSR1, gp(&act), 0, 8, 0, 0),
                     0);
    sigaction(SIGUSR1, NULL, &host);
    ck_assert_ptr_eq(host.sa_handler, SIG_IGN);
    act.handler = 0x400123;
    act.flags = SA_SIGINFO;
    act.mask = 1u << (SIGUSR2 - 1);
    ck_assert_int_eq(
        call(GUEST_NR_rt_sigaction, SIGUSR1, gp(&act), gp(&old), 8, 0, 0), 0);
    ck_assert_uint_eq(old.handler, (uint64_t)(uintptr_t)SIG_IGN);
    ck_assert_int_eq(call(GUEST_NR_rt_sigaction, SIGUSR1, 0, gp(&old), 8, 0, 0),
                     0);
    ck_assert_uint_eq(old.handler, 0x400123);
    ck_assert_uint_eq(old.flags, SA_SIGINFO);
    ck_assert_uint_eq(old.mask, 1u << (SIGUSR2 - 1));
    ck_assert_int_eq(call(GUEST_NR_rt_sigaction, SIGKILL, gp(&act), 0, 8, 0, 0),
                     -EINVAL);
    ck_assert_int_eq(
        call(GUEST_NR_rt_sigaction, SIGUSR1, 0, gp(&old), 16, 0, 0), -EINVAL);
}
END_TEST

START_TEST(test_rt_sigprocmask)
{
    uint64_t set = (1ull << (SIGSEGV - 1)) | (1ull << (SIGUSR2 - 1));
    uint64_t old = 0;
    sigset_t host;

    ck_assert_int_eq(
        call(GUEST_NR_rt_sigprocmask, SIG_BLOCK, gp(&set), 0, 8, 0, 0), 0);
    ck_assert_int_eq(
        call(GUEST_NR_rt_sigprocmask, SIG_BLOCK, 0, gp(&old), 8, 0, 0), 0);
    ck_assert_uint_eq(old & set, set);
    sigprocmask(SIG_BLOCK, NULL, &host);
    ck_assert(sigismember(&host, SIGUSR2));
    ck_assert(!sigismember(&host, SIGSEGV));
    ck_assert_int_eq(
        call(GUEST_NR_rt_sigprocmask, SIG_UNBLOCK, gp(&set), gp(&old), 8, 0, 0),
        0);
    ck_assert_uint_eq(signal_guest_mask() & set, 0);
    ck_assert_int_eq(call(GUEST_NR_rt_sigprocmask, 99, gp(&set), 0, 8, 0, 0),
                     -EINVAL);
}
END_TEST

START_TEST(test_sigaltstack)
{
    static uint8_t stack[16384];
    GuestStack st = {.sp = gp(stack), .flags = 0, .size = sizeof(stack)};
    GuestStack old;

    ck_assert_int_eq(call(GUEST_NR_sigaltstack, gp(&st), 0, 0, 0, 0, 0), 0);
    ck_assert_int_eq(call(GUEST_NR_sigaltstack, 0, gp(&old), 0, 0, 0, 0), 0);
    ck_assert_uint_eq(old.sp, gp(stack));
    ck_assert_uint_eq(old.size, sizeof(stack));
    ck_assert_int_eq(old.flags, 0);
    st.size = 4096; /* below arm64's MINSIGSTKSZ */
    ck_assert_int_eq(call(GUEST_NR_sigaltstack, gp(&st), 0, 0, 0, 0, 0),
                     -ENOMEM);
    st.flags = 5;
    ck_assert_int_eq(call(GUEST_NR_sigaltstack, gp(&st), 0, 0, 0, 0, 0),
                     -EINVAL);
    /* Running on it: it may not change, and reads as SS_ONSTACK. */
    test_thread.env.x[31] = gp(stack) + 1024;
    ck_assert_int_eq(call(GUEST_NR_sigaltstack, gp(&st), gp(&old), 0, 0, 0, 0),
                     -EPERM);
    ck_assert_int_eq(call(GUEST_NR_sigaltstack, 0, gp(&old), 0, 0, 0, 0), 0);
    ck_assert_int_eq(old.flags, SS_ONSTACK);
    test_thread.env.x[31] = 0;
    st.flags = SS_DISABLE;
    ck_assert_int_eq(call(GUEST_NR_sigaltstack, gp(&st), 0, 0, 0, 0, 0), 0);
    ck_assert_int_eq(call(GUEST_NR_sigaltstack, 0, gp(&old), 0, 0, 0, 0), 0);
    ck_assert_int_eq(old.flags, SS_DISABLE);
    ck_assert_uint_eq(old.size, 0);
}
END_TEST

START_TEST(test_rt_sigpending)
{
    uint64_t set = 1ull << (SIGUSR2 - 1), pending = 0;

    ck_assert_int_eq(
        call(GUEST_NR_rt_sigprocmask, SIG_BLOCK, gp(&set), 0, 8, 0, 0), 0);
    raise(SIGUSR2);
    ck_assert_int_eq(call(GUEST_NR_rt_sigpending, gp(&pending), 8, 0, 0, 0, 0),
                     0);
    ck_assert_uint_eq(pending & set, set);
    ck_assert_int_eq(call(GUEST_NR_rt_sigtimedwait, gp(&set), 0, 0, 8, 0, 0),
                     SIGUSR2);
    ck_assert_int_eq(call(GUEST_NR_rt_sigpending, gp(&pending), 16, 0, 0, 0, 0),
                     -EINVAL);
}
END_TEST

/* A frame built for a handler and undone by rt_sigreturn (aarch64/). */
START_TEST(test_sigframe_roundtrip)
{
    static uint8_t stack[32768] __attribute__((aligned(16)));
    GuestSigaction act = {.handler = 0x400800, .flags = SA_SIGINFO};
    CPUARMState *env = &test_thread.env;
    uint64_t sp = gp(stack + sizeof(stack));

    ck_assert_int_eq(call(GUEST_NR_rt_sigaction, SIGUSR1, gp(&act), 0, 8, 0, 0),
                     0);
    for (int i = 0; i < 31; i++)
        env->x[i] = 0x1000 + (uint64_t)i;
    env->x[31] = sp;
    env->pc = 0x400100;
    signal_raise_sync(&test_thread, SIGUSR1, SI_USER, 0);
    ck_assert_uint_eq(env->pc, act.handler);
    ck_assert_uint_eq(env->x[0], SIGUSR1);
    ck_assert_uint_lt(env->x[31], sp);
    ck_assert_uint_eq(env->x[31] % 16, 0);
    ck_assert_int_eq(((const GuestSiginfo *)g2h(env->x[1]))->signo, SIGUSR1);
    ck_assert_uint_ne(signal_guest_mask() & signal_bit(SIGUSR1), 0);
    env->x[5] = 99; /* what the handler leaves in registers is undone */
    ck_assert_int_eq(call(GUEST_NR_rt_sigreturn, 0, 0, 0, 0, 0, 0), 0x1000);
    ck_assert_uint_eq(env->pc, 0x400100);
    ck_assert_uint_eq(env->x[31], sp);
    for (int i = 0; i < 31; i++)
        ck_assert_uint_eq(env->x[i], 0x1000 + (uint64_t)i);
    ck_assert_uint_eq(signal_guest_mask() & signal_bit(SIGUSR1), 0);
}
END_TEST

START_TEST(test_set_tid_address)
{
    uint32_t tid_word;

    ck_assert_int_eq(
        call(GUEST_NR_set_tid_address, gp(&tid_word), 0, 0, 0, 0, 0), gettid());
    ck_assert_uint_eq(test_thread.clear_child_tid, gp(&tid_word));
}
END_TEST

START_TEST(test_exit_group)
{
    call(GUEST_NR_exit_group, 3, 0, 0, 0, 0, 0);
}
END_TEST

START_TEST(test_fork_and_wait)
{
    uint32_t child_tid = 0;
    int status = 0;
    int64_t pid = call(GUEST_NR_clone, CLONE_CHILD_SETTID | SIGCHLD, 0, 0, 0,
                       gp(&child_tid), 0);

    ck_assert_int_ge(pid, 0);
    if (pid == 0)
        _exit(child_tid == (uint32_t)gettid() ? 7 : 1);
    ck_assert_int_eq(
        call(GUEST_NR_wait4, (uint64_t)pid, gp(&status), 0, 0, 0, 0), pid);
    ck_assert(WIFEXITED(status));
    ck_assert_int_eq(WEXITSTATUS(status), 7);
    /* Thread-style clone is not supported yet. */
    ck_assert_int_eq(call(GUEST_NR_clone,
                          CLONE_VM | CLONE_THREAD | CLONE_SIGHAND, 0, 0, 0, 0,
                          0),
                     -ENOSYS);
}
END_TEST

/* Runs do_syscall(execve) in a child and returns its exit status. */
static int run_execve(const char *path, char **argv)
{
    uint64_t guest_argv[8] = {0};
    uint64_t guest_envp[1] = {0};
    int status;
    pid_t pid;

    for (int i = 0; argv[i]; i++)
        guest_argv[i] = gp(argv[i]);
    pid = fork();
    if (pid == 0) {
        call(GUEST_NR_execve, gp(path), gp(guest_argv), gp(guest_envp), 0, 0,
             0);
        _exit(99);
    }
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

START_TEST(test_execve_host)
{
    char *argv[] = {"sh", "-c", "exit 5", NULL};

    ck_assert_int_eq(run_execve("/bin/sh", argv), 5);
    ck_assert_int_eq(call(GUEST_NR_execve, gp("/nonexistent"), 0, 0, 0, 0, 0),
                     -ENOENT);
}
END_TEST

/* An AArch64 ELF re-enters arx: here "arx" is a shell that logs argv. */
START_TEST(test_execve_aarch64)
{
    char elf[] = "/tmp/arx-test-elf-XXXXXX";
    char log[] = "/tmp/arx-test-log-XXXXXX";
    unsigned char ehdr[64] = {0x7f, 'E', 'L', 'F', 2, 1, 1};
    char script[256];
    char *reexec[] = {"-c", script, NULL};
    char *argv[] = {"prog", "arg1", NULL};
    char want[512], got[512] = {0};
    int fd = mkstemp(elf);
    int log_fd = mkstemp(log);

    ehdr[18] = 183; /* e_machine = EM_AARCH64, little-endian */
    ck_assert_int_eq(write(fd, ehdr, sizeof(ehdr)), sizeof(ehdr));
    fchmod(fd, 0755);
    close(fd);
    snprintf(script, sizeof(script), "echo \"$0 $*\" > %s", log);
    arx_self_path = "/bin/sh";
    arx_reexec_args = reexec;
    ck_assert_int_eq(run_execve(elf, argv), 0);
    ck_assert_int_gt(read(log_fd, got, sizeof(got) - 1), 0);
    snprintf(want, sizeof(want), "-0 prog %s arg1\n", elf);
    ck_assert_str_eq(got, want);
    close(log_fd);
    unlink(elf);
    unlink(log);
}
END_TEST

START_TEST(test_strace)
{
    char log[] = "/tmp/arx-test-strace-XXXXXX";
    char got[1024] = {0};
    int fd = mkstemp(log);

    ck_assert(log_open(log));
    arx_log_mask = LOG_STRACE;
    call(GUEST_NR_openat, (uint64_t)AT_FDCWD, gp("/nonexistent"), 0, 0, 0, 0);
    call(GUEST_NR_getpid, 0, 0, 0, 0, 0, 0);
    arx_log_mask = 0;
    log_open(NULL);
    ck_assert_int_gt(read(fd, got, sizeof(got) - 1), 0);
    ck_assert_ptr_nonnull(
        strstr(got, "openat(AT_FDCWD, \"/nonexistent\", O_RDONLY, 0) "
                    "= -1 ENOENT (No such file or directory)\n"));
    ck_assert_ptr_nonnull(strstr(got, "getpid() = "));
    close(fd);
    unlink(log);
}
END_TEST

static Suite *syscalls_suite(void)
{
    Suite *s = suite_create("syscalls");
    TCase *convert = tcase_create("convert");
    TCase *basic = tcase_create("basic");
    TCase *files = tcase_create("files");
    TCase *memory = tcase_create("memory");
    TCase *task = tcase_create("signal_task");

    tcase_add_test(convert, test_convert_stat);
    tcase_add_test(convert, test_convert_epoll);
    tcase_add_test(convert, test_convert_open_flags);
    tcase_add_test(convert, test_convert_iovec);
    suite_add_tcase(s, convert);

    tcase_add_test(basic, test_getpid);
    tcase_add_test(basic, test_uname);
    tcase_add_test(basic, test_enosys);
    tcase_add_test(basic, test_epoll);
    tcase_add_test(basic, test_ioctl);
    tcase_add_test(basic, test_writev);
    tcase_add_test(basic, test_strace);
    suite_add_tcase(s, basic);

    tcase_add_checked_fixture(files, file_setup, file_teardown);
    tcase_add_test(files, test_newfstatat);
    tcase_add_test(files, test_fstat_and_io);
    tcase_add_test(files, test_open_directory_flag);
    tcase_add_test(files, test_readlink_proc_self_exe);
    suite_add_tcase(s, files);

    tcase_add_test(memory, test_brk);
    tcase_add_test(memory, test_mmap);
    suite_add_tcase(s, memory);

    tcase_add_test(task, test_rt_sigaction);
    tcase_add_test(task, test_rt_sigprocmask);
    tcase_add_test(task, test_sigaltstack);
    tcase_add_test(task, test_rt_sigpending);
    tcase_add_test(task, test_sigframe_roundtrip);
    tcase_add_test(task, test_set_tid_address);
    tcase_add_exit_test(task, test_exit_group, 3);
    tcase_add_test(task, test_fork_and_wait);
    tcase_add_test(task, test_execve_host);
    tcase_add_test(task, test_execve_aarch64);
    suite_add_tcase(s, task);
    return s;
}

int main(void)
{
    SRunner *runner = srunner_create(syscalls_suite());
    int failed;

    /* guest_base is 0 and every host buffer here is guest memory: the
     * handlers' checks (syscalls/uaccess.c) must see it recorded. */
    vma_map_anon(GUEST_PAGE_SIZE, (1ull << 47) - GUEST_PAGE_SIZE,
                 PROT_READ | PROT_WRITE, false, NULL);

    srunner_run_all(runner, CK_NORMAL);
    failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
