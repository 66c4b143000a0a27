/*
 * armhf calls with 32-bit time_t, long and pointers: clock_gettime (the
 * 32-bit and the time64 call), gettimeofday, nanosleep, times,
 * getrlimit/setrlimit, getrusage, sysinfo, epoll, sendmsg with
 * SCM_RIGHTS, readv/writev, sigaction/sigaltstack. Prints only what is
 * the same on every correct run.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/sysinfo.h>
#include <sys/time.h>
#include <sys/times.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

static void check(int ok, const char *what)
{
    printf("%s: %s\n", what, ok ? "ok" : "FAIL");
}

static void test_time(void)
{
    struct timespec ts;
    struct timeval tv;
    struct tms tms;
    long long t64[2] = {0, 0};

    check(clock_gettime(CLOCK_REALTIME, &ts) == 0 && ts.tv_sec > 1600000000,
          "clock_gettime");
    /* The old call with a time_t of the native width, and the 64-bit one. */
    check(syscall(SYS_clock_gettime, CLOCK_REALTIME, &ts) == 0 &&
              ts.tv_sec > 1600000000 && ts.tv_nsec < 1000000000,
          "clock_gettime syscall (native time_t)");
#ifdef SYS_clock_gettime64
    check(syscall(SYS_clock_gettime64, CLOCK_REALTIME, t64) == 0 &&
#else
    check(syscall(SYS_clock_gettime, CLOCK_REALTIME, t64) == 0 &&
#endif
              t64[0] > 1600000000 && t64[1] >= 0 && t64[1] < 1000000000,
          "clock_gettime64");
    check(gettimeofday(&tv, NULL) == 0 && tv.tv_sec > 1600000000 &&
              tv.tv_usec < 1000000,
          "gettimeofday");
    ts = (struct timespec){0, 1000000};
    check(nanosleep(&ts, NULL) == 0, "nanosleep 1 ms");
    check(times(&tms) != (clock_t)-1 && tms.tms_utime >= 0, "times");
}

static void test_limits(void)
{
    struct rlimit rl, old;
    struct rusage ru;
    struct sysinfo si;

    check(getrlimit(RLIMIT_NOFILE, &old) == 0 && old.rlim_cur > 0,
          "getrlimit NOFILE");
    rl = (struct rlimit){old.rlim_cur / 2, old.rlim_max};
    check(setrlimit(RLIMIT_NOFILE, &rl) == 0, "setrlimit NOFILE");
    check(getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur == old.rlim_cur / 2,
          "getrlimit reads it back");
    setrlimit(RLIMIT_NOFILE, &old);
    check(getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur == RLIM_INFINITY,
          "RLIMIT_AS infinite");
    check(getrusage(RUSAGE_SELF, &ru) == 0 && ru.ru_maxrss > 0, "getrusage");
    check(sysinfo(&si) == 0 && si.totalram > 0 && si.mem_unit > 0 &&
              si.procs > 0,
          "sysinfo");
}

static void test_epoll(void)
{
    int p[2], ep = epoll_create1(0);
    struct epoll_event ev = {.events = EPOLLIN,
                             .data.u64 = 0x1122334455667788ull};
    struct epoll_event out[2];

    pipe(p);
    check(epoll_ctl(ep, EPOLL_CTL_ADD, p[0], &ev) == 0, "epoll_ctl");
    write(p[1], "x", 1);
    check(epoll_wait(ep, out, 2, 1000) == 1 &&
              out[0].data.u64 == 0x1122334455667788ull &&
              out[0].events == EPOLLIN,
          "epoll_wait data");
    close(ep);
    close(p[0]);
    close(p[1]);
}

static void test_scm_rights(void)
{
    int sv[2], p[2], got = -1;
    char data = 'd', buf[1], text[4] = {0};
    union {
        char buf[CMSG_SPACE(sizeof(int))];
        struct cmsghdr align;
    } control;
    struct iovec iov = {&data, 1};
    struct msghdr msg = {.msg_iov = &iov,
                         .msg_iovlen = 1,
                         .msg_control = control.buf,
                         .msg_controllen = sizeof(control.buf)};
    struct cmsghdr *c;

    socketpair(AF_UNIX, SOCK_STREAM, 0, sv);
    pipe(p);
    c = CMSG_FIRSTHDR(&msg);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(sizeof(int));
    memcpy(CMSG_DATA(c), &p[1], sizeof(int));
    check(sendmsg(sv[0], &msg, 0) == 1, "sendmsg SCM_RIGHTS");
    memset(&control, 0, sizeof(control));
    iov = (struct iovec){buf, 1};
    msg.msg_controllen = sizeof(control.buf);
    check(recvmsg(sv[1], &msg, 0) == 1 && buf[0] == 'd', "recvmsg data");
    c = CMSG_FIRSTHDR(&msg);
    if (c && c->cmsg_type == SCM_RIGHTS)
        memcpy(&got, CMSG_DATA(c), sizeof(int));
    check(got >= 0 && !(msg.msg_flags & MSG_CTRUNC), "fd received");
    write(got, "abc", 3);
    check(read(p[0], text, 3) == 3 && strcmp(text, "abc") == 0,
          "received fd is the pipe");
}

static void test_iovec(void)
{
    int p[2];
    char a[4] = {0}, b[4] = {0};
    struct iovec out[2] = {{"abc", 3}, {"defg", 4}};
    struct iovec in[2] = {{a, 3}, {b, 4}};

    pipe(p);
    check(writev(p[1], out, 2) == 7, "writev");
    check(readv(p[0], in, 2) == 7 && memcmp(a, "abc", 3) == 0 &&
              memcmp(b, "defg", 4) == 0,
          "readv");
}

static volatile int got_signal;

static void handler(int sig)
{
    int here;

    got_signal = sig;
    (void)here;
}

static void test_signals(void)
{
    struct sigaction sa = {0}, old;
    static char stack[65536];
    stack_t ss = {.ss_sp = stack, .ss_size = sizeof(stack)}, oss;
    sigset_t set;

    sa.sa_handler = handler;
    sigemptyset(&sa.sa_mask);
    sigaddset(&sa.sa_mask, SIGUSR2);
    sa.sa_flags = SA_ONSTACK;
    check(sigaltstack(&ss, NULL) == 0, "sigaltstack set");
    check(sigaltstack(NULL, &oss) == 0 && oss.ss_size == sizeof(stack) &&
              oss.ss_sp == stack,
          "sigaltstack read back");
    check(sigaction(SIGUSR1, &sa, NULL) == 0, "sigaction");
    check(sigaction(SIGUSR1, NULL, &old) == 0 && old.sa_handler == handler &&
              sigismember(&old.sa_mask, SIGUSR2) && (old.sa_flags & SA_ONSTACK),
          "sigaction read back");
    raise(SIGUSR1);
    check(got_signal == SIGUSR1, "handler ran");
    sigemptyset(&set);
    sigaddset(&set, SIGRTMIN + 1);
    check(sigprocmask(SIG_BLOCK, &set, NULL) == 0, "block a real-time signal");
    sigemptyset(&set);
    check(sigprocmask(SIG_BLOCK, NULL, &set) == 0 &&
              sigismember(&set, SIGRTMIN + 1),
          "mask reads back");
}

int main(void)
{
    setvbuf(stdout, NULL, _IONBF, 0);
    test_time();
    test_limits();
    test_epoll();
    test_scm_rights();
    test_iovec();
    test_signals();
    return 0;
}
