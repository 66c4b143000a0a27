/*
 * Process and system queries: statx vs stat, prlimit64, getrusage, sysinfo,
 * times, ids and groups, sessions and process groups, POSIX timers,
 * personality, capabilities and scheduling. Prints only deterministic facts
 * (never uname's machine, which differs between the builds by design).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/personality.h>
#include <sys/resource.h>
#include <sys/sysmacros.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysinfo.h>
#include <sys/times.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static void check(int ok, const char *what)
{
    printf("%s: %s\n", what, ok ? "ok" : "FAIL");
}

static void test_statx(const char *dir)
{
    char path[256];
    struct statx sx;
    struct stat st;
    int fd;

    snprintf(path, sizeof(path), "%s/file", dir);
    fd = open(path, O_WRONLY | O_CREAT, 0640);
    write(fd, "twelve bytes", 12);
    close(fd);
    check(stat(path, &st) == 0, "stat");
    check(statx(AT_FDCWD, path, 0, STATX_BASIC_STATS | STATX_BTIME, &sx) == 0,
          "statx");
    check(sx.stx_size == (unsigned long long)st.st_size && sx.stx_size == 12,
          "statx size");
    check(sx.stx_ino == st.st_ino && sx.stx_nlink == st.st_nlink, "statx ino");
    check(sx.stx_mode == st.st_mode && (sx.stx_mode & 0777) == 0640,
          "statx mode");
    check(sx.stx_uid == st.st_uid && sx.stx_gid == st.st_gid, "statx ids");
    check(sx.stx_mtime.tv_sec == st.st_mtim.tv_sec &&
              sx.stx_mtime.tv_nsec == (unsigned)st.st_mtim.tv_nsec,
          "statx mtime");
    check(makedev(sx.stx_dev_major, sx.stx_dev_minor) == st.st_dev,
          "statx dev");
    check((sx.stx_mask & STATX_BASIC_STATS) == STATX_BASIC_STATS, "statx mask");
    check(statx(AT_FDCWD, dir, AT_SYMLINK_NOFOLLOW, STATX_TYPE, &sx) == 0 &&
              S_ISDIR(sx.stx_mode),
          "statx dir");
    check(statx(AT_FDCWD, "/nonexistent/x", 0, STATX_ALL, &sx) < 0 &&
              errno == ENOENT,
          "statx ENOENT");
    unlink(path);
}

static void test_limits(void)
{
    struct rlimit old, cur, set;
    struct rusage ru;
    struct sysinfo si;
    struct tms t;

    check(prlimit(0, RLIMIT_NOFILE, NULL, &old) == 0, "prlimit get");
    set.rlim_cur = old.rlim_cur > 64 ? 64 : old.rlim_cur;
    set.rlim_max = old.rlim_max;
    check(prlimit(getpid(), RLIMIT_NOFILE, &set, &cur) == 0 &&
              cur.rlim_cur == old.rlim_cur,
          "prlimit set returns old");
    getrlimit(RLIMIT_NOFILE, &cur);
    check(cur.rlim_cur == set.rlim_cur, "getrlimit sees new");
    setrlimit(RLIMIT_NOFILE, &old);
    check(getrlimit(RLIMIT_STACK, &cur) == 0 && cur.rlim_cur > 0,
          "stack rlimit");
    check(getrusage(RUSAGE_SELF, &ru) == 0 && ru.ru_maxrss > 0 &&
              ru.ru_utime.tv_usec < 1000000,
          "getrusage self");
    check(getrusage(RUSAGE_CHILDREN, &ru) == 0, "getrusage children");
    check(getrusage(12345, &ru) < 0 && errno == EINVAL, "getrusage EINVAL");
    check(sysinfo(&si) == 0 && si.uptime > 0 && si.totalram > 0 &&
              si.mem_unit >= 1 && si.procs > 0 && si.freeram <= si.totalram,
          "sysinfo");
    check(times(&t) != (clock_t)-1 && sysconf(_SC_CLK_TCK) == 100, "times");
}

static void test_ids(void)
{
    gid_t groups[256];
    int n = getgroups(256, groups), status;
    uid_t r, e, s;
    pid_t child;

    check(n >= 0 && getgroups(0, NULL) == n, "getgroups count");
    check(getresuid(&r, &e, &s) == 0 && r == getuid() && e == geteuid(),
          "getresuid");
    check(getresgid(&r, &e, &s) == 0 && r == getgid() && e == getegid(),
          "getresgid");
    check(setuid(getuid()) == 0, "setuid self");
    check(getpgid(0) == getpgrp(), "getpgid");
    check(getsid(0) > 0, "getsid");
    fflush(stdout);
    child = fork();
    if (child == 0) {
        if (setsid() != getpid())
            _exit(1);
        if (getsid(0) != getpid() || getpgid(0) != getpid())
            _exit(2);
        if (setpgid(0, 0) != -1 || errno != EPERM)
            _exit(3);
        _exit(0);
    }
    waitpid(child, &status, 0);
    check(WIFEXITED(status) && WEXITSTATUS(status) == 0, "setsid in child");
    child = fork();
    if (child == 0) {
        pause();
        _exit(0);
    }
    check(setpgid(child, child) == 0 && getpgid(child) == child,
          "setpgid child");
    kill(child, SIGTERM);
    waitpid(child, &status, 0);
    check(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM, "child killed");
}

static volatile sig_atomic_t timer_fired;
static volatile int timer_value;

static void on_timer(int sig, siginfo_t *info, void *uc)
{
    (void)sig;
    (void)uc;
    timer_fired++;
    timer_value = info->si_value.sival_int;
}

static void test_timers(void)
{
    struct sigaction sa;
    struct sigevent sev;
    struct itimerspec its = {{0, 0}, {0, 2000000}}, cur;
    timer_t timer;

    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = on_timer;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGRTMIN + 1, &sa, NULL);
    memset(&sev, 0, sizeof(sev));
    sev.sigev_notify = SIGEV_SIGNAL;
    sev.sigev_signo = SIGRTMIN + 1;
    sev.sigev_value.sival_int = 4242;
    check(timer_create(CLOCK_MONOTONIC, &sev, &timer) == 0, "timer_create");
    check(timer_settime(timer, 0, &its, NULL) == 0, "timer_settime");
    for (int i = 0; i < 500 && !timer_fired; i++)
        usleep(1000);
    check(timer_fired == 1 && timer_value == 4242, "timer signal value");
    check(timer_getoverrun(timer) == 0, "timer_getoverrun");
    its.it_value.tv_sec = 100;
    timer_settime(timer, 0, &its, NULL);
    check(timer_gettime(timer, &cur) == 0 && cur.it_value.tv_sec >= 98 &&
              cur.it_value.tv_sec <= 100,
          "timer_gettime");
    check(timer_delete(timer) == 0, "timer_delete");
    check(clock_settime(CLOCK_MONOTONIC, &cur.it_value) < 0,
          "clock_settime refused");
}

static void test_misc(void)
{
    struct utsname u;
    struct sched_param sp = {0};
    struct timespec rr;
    int p = personality(0xffffffff);

    check(uname(&u) == 0 && strcmp(u.sysname, "Linux") == 0, "uname sysname");
    printf("personality query=0x%x\n", p & PER_MASK);
    check(personality(PER_LINUX | (p & ~PER_MASK)) == p,
          "personality set linux");
    check(personality(PER_LINUX32) == -1 && errno == EINVAL ||
              personality(0xffffffff) == PER_LINUX32,
          "personality other domain");
    personality(p);
    check(sched_getscheduler(0) == SCHED_OTHER, "sched_getscheduler");
    check(sched_setscheduler(0, SCHED_OTHER, &sp) == 0, "sched_setscheduler");
    check(sched_setparam(0, &sp) == 0, "sched_setparam");
    check(sched_getparam(0, &sp) == 0 && sp.sched_priority == 0,
          "sched_getparam");
    check(sched_rr_get_interval(0, &rr) == 0, "sched_rr_get_interval");
    check(sched_get_priority_max(SCHED_FIFO) == 99, "priority max");
}

int main(void)
{
    char dir[] = "/tmp/arx-misc-XXXXXX";

    setvbuf(stdout, NULL, _IONBF, 0);
    if (!mkdtemp(dir))
        return 1;
    test_statx(dir);
    test_limits();
    test_ids();
    test_timers();
    test_misc();
    rmdir(dir);
    return 0;
}
