/*
 * File-descriptor I/O: eventfd, timerfd, signalfd, poll/ppoll/pselect,
 * epoll (level and edge), pipe2/dup3/fcntl locks across fork, inotify.
 * Prints only outcomes that are the same on every run and host.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/select.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static void check(int ok, const char *what)
{
    printf("%s: %s\n", what, ok ? "ok" : "FAIL");
}

static void test_eventfd(void)
{
    int fd = eventfd(3, EFD_NONBLOCK | EFD_CLOEXEC);
    uint64_t v = 0;

    check(fd >= 0, "eventfd");
    check(write(fd, &(uint64_t){4}, 8) == 8, "eventfd write");
    check(read(fd, &v, 8) == 8 && v == 7, "eventfd read sum");
    check(read(fd, &v, 8) < 0 && errno == EAGAIN, "eventfd empty EAGAIN");
    check((fcntl(fd, F_GETFL) & O_NONBLOCK) != 0, "eventfd nonblock flag");
    close(fd);
    fd = eventfd(0, EFD_SEMAPHORE);
    write(fd, &(uint64_t){2}, 8);
    check(read(fd, &v, 8) == 8 && v == 1, "eventfd semaphore");
    close(fd);
}

static void test_timerfd(void)
{
    int fd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC);
    struct itimerspec its = {{0, 2000000}, {0, 5000000}}, cur;
    uint64_t ticks = 0;

    check(fd >= 0, "timerfd_create");
    check(timerfd_settime(fd, 0, &its, NULL) == 0, "timerfd_settime");
    check(timerfd_gettime(fd, &cur) == 0 && cur.it_interval.tv_nsec == 2000000,
          "timerfd_gettime interval");
    check(read(fd, &ticks, 8) == 8 && ticks >= 1, "timerfd expired");
    memset(&its, 0, sizeof(its));
    timerfd_settime(fd, 0, &its, NULL);
    timerfd_gettime(fd, &cur);
    check(cur.it_value.tv_sec == 0 && cur.it_value.tv_nsec == 0,
          "timerfd disarmed");
    close(fd);
}

static void test_signalfd(void)
{
    sigset_t set;
    struct signalfd_siginfo si;
    int fd;

    sigemptyset(&set);
    sigaddset(&set, SIGUSR1);
    sigprocmask(SIG_BLOCK, &set, NULL);
    fd = signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
    check(fd >= 0, "signalfd");
    check(read(fd, &si, sizeof(si)) < 0 && errno == EAGAIN,
          "signalfd empty EAGAIN");
    raise(SIGUSR1);
    check(read(fd, &si, sizeof(si)) == sizeof(si), "signalfd read");
    check(si.ssi_signo == SIGUSR1, "ssi_signo");
    check(si.ssi_pid == (uint32_t)getpid(), "ssi_pid");
    check(si.ssi_code == SI_TKILL, "ssi_code");
    close(fd);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
}

static void test_poll_family(void)
{
    int p[2];
    struct pollfd pfd[2];
    struct timespec ts = {0, 1000000};
    fd_set rfds;
    struct timeval tv = {0, 1000};
    sigset_t mask;

    pipe(p);
    pfd[0] = (struct pollfd){p[0], POLLIN, 0};
    pfd[1] = (struct pollfd){p[1], POLLOUT, 0};
    check(poll(pfd, 2, 0) == 1 && pfd[1].revents == POLLOUT, "poll empty");
    write(p[1], "x", 1);
    sigemptyset(&mask);
    check(ppoll(pfd, 2, &ts, &mask) == 2 && pfd[0].revents == POLLIN,
          "ppoll readable");
    FD_ZERO(&rfds);
    FD_SET(p[0], &rfds);
    check(select(p[0] + 1, &rfds, NULL, NULL, &tv) == 1 &&
              FD_ISSET(p[0], &rfds),
          "select");
    FD_ZERO(&rfds);
    FD_SET(p[0], &rfds);
    check(pselect(p[0] + 1, &rfds, NULL, NULL, &ts, &mask) == 1, "pselect");
    read(p[0], &(char){0}, 1);
    FD_ZERO(&rfds);
    FD_SET(p[0], &rfds);
    check(pselect(p[0] + 1, &rfds, NULL, NULL, &ts, NULL) == 0,
          "pselect timeout");
    close(p[1]);
    check(poll(pfd, 1, 0) == 1 && (pfd[0].revents & POLLHUP), "poll hangup");
    close(p[0]);
}

static void test_epoll(void)
{
    int p[2], ep = epoll_create1(EPOLL_CLOEXEC), n;
    struct epoll_event ev = {0}, out[4];
    sigset_t mask;

    pipe2(p, O_NONBLOCK);
    ev.events = EPOLLIN;
    ev.data.u64 = 0x1122334455667788ull;
    check(epoll_ctl(ep, EPOLL_CTL_ADD, p[0], &ev) == 0, "epoll_ctl add");
    check(epoll_wait(ep, out, 4, 0) == 0, "epoll empty");
    write(p[1], "ab", 2);
    n = epoll_wait(ep, out, 4, 0);
    check(n == 1 && out[0].data.u64 == 0x1122334455667788ull &&
              out[0].events == EPOLLIN,
          "epoll level data");
    check(epoll_wait(ep, out, 4, 0) == 1, "epoll level again");
    ev.events = EPOLLIN | EPOLLET;
    ev.data.fd = p[0];
    check(epoll_ctl(ep, EPOLL_CTL_MOD, p[0], &ev) == 0, "epoll_ctl mod ET");
    check(epoll_wait(ep, out, 4, 0) == 1 && out[0].data.fd == p[0],
          "epoll edge first");
    check(epoll_wait(ep, out, 4, 0) == 0, "epoll edge consumed");
    write(p[1], "c", 1);
    sigemptyset(&mask);
    check(epoll_pwait(ep, out, 4, 10, &mask) == 1, "epoll_pwait new edge");
    check(epoll_ctl(ep, EPOLL_CTL_DEL, p[0], NULL) == 0, "epoll_ctl del");
    check(epoll_ctl(ep, EPOLL_CTL_DEL, p[0], NULL) < 0 && errno == ENOENT,
          "epoll_ctl del again ENOENT");
    close(ep);
    close(p[0]);
    close(p[1]);
}

static void test_dup_and_locks(const char *dir)
{
    char path[256];
    int fd, d, status;
    struct flock fl = {0};
    pid_t child;

    snprintf(path, sizeof(path), "%s/lockfile", dir);
    fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
    write(fd, "0123456789", 10);
    d = dup3(fd, 50, O_CLOEXEC);
    check(d == 50 && (fcntl(d, F_GETFD) & FD_CLOEXEC), "dup3 cloexec");
    check(dup3(fd, fd, 0) < 0 && errno == EINVAL, "dup3 same EINVAL");
    check(fcntl(fd, F_DUPFD_CLOEXEC, 60) >= 60, "F_DUPFD_CLOEXEC");
    fl.l_type = F_WRLCK;
    fl.l_whence = SEEK_SET;
    fl.l_start = 2;
    fl.l_len = 4;
    check(fcntl(fd, F_SETLK, &fl) == 0, "F_SETLK parent");
    fflush(stdout);
    child = fork();
    if (child == 0) {
        struct flock q = {0};
        q.l_type = F_WRLCK;
        q.l_whence = SEEK_SET;
        q.l_start = 0;
        q.l_len = 10;
        if (fcntl(fd, F_GETLK, &q) != 0)
            _exit(10);
        if (q.l_type != F_WRLCK || q.l_pid != getppid() || q.l_start != 2 ||
            q.l_len != 4)
            _exit(11);
        q.l_type = F_WRLCK;
        q.l_start = 3;
        q.l_len = 1;
        if (fcntl(fd, F_SETLK, &q) == 0 || (errno != EAGAIN && errno != EACCES))
            _exit(12);
        q.l_start = 8;
        if (fcntl(fd, F_SETLK, &q) != 0)
            _exit(13);
        _exit(0);
    }
    waitpid(child, &status, 0);
    check(WIFEXITED(status) && WEXITSTATUS(status) == 0, "locks seen by child");
    if (!WIFEXITED(status) || WEXITSTATUS(status))
        printf("child status %d\n", WEXITSTATUS(status));
    close(fd);
    close(d);
    unlink(path);
}

static void test_inotify(const char *dir)
{
    char path[256], buf[4096] __attribute__((aligned(8)));
    int fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC), wd, f;
    ssize_t n;
    struct inotify_event *ev;

    check(fd >= 0, "inotify_init1");
    wd = inotify_add_watch(fd, dir, IN_CREATE | IN_DELETE | IN_CLOSE_WRITE);
    check(wd >= 0, "inotify_add_watch");
    check(read(fd, buf, sizeof(buf)) < 0 && errno == EAGAIN, "inotify empty");
    snprintf(path, sizeof(path), "%s/watched", dir);
    f = open(path, O_WRONLY | O_CREAT, 0600);
    close(f);
    unlink(path);
    n = read(fd, buf, sizeof(buf));
    for (char *p = buf; n > 0 && p < buf + n; p += sizeof(*ev) + ev->len) {
        ev = (struct inotify_event *)p;
        printf("inotify event mask=0x%x name=%s wd_ok=%d\n", ev->mask,
               ev->len ? ev->name : "", ev->wd == wd);
    }
    check(inotify_rm_watch(fd, wd) == 0, "inotify_rm_watch");
    close(fd);
}

int main(void)
{
    char dir[] = "/tmp/arx-fdio-XXXXXX";

    setvbuf(stdout, NULL, _IONBF, 0);
    if (!mkdtemp(dir))
        return 1;
    test_eventfd();
    test_timerfd();
    test_signalfd();
    test_poll_family();
    test_epoll();
    test_dup_and_locks(dir);
    test_inotify(dir);
    rmdir(dir);
    return 0;
}
