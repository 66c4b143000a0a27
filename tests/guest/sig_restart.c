/*
 * Blocking syscalls interrupted by a handled signal: read on a pipe and
 * wait4 come back with EINTR without SA_RESTART and are restarted with it
 * (after the handler ran: it may feed the pipe itself); futex waits too;
 * nanosleep always fails with EINTR and reports the time left.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/futex.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int fds[2];
static volatile int handled, handler_feeds;
static volatile int main_waiting;
static pthread_t main_thread;
static unsigned futex_word;

static void on_usr1(int sig)
{
    (void)sig;
    handled++;
    if (handler_feeds)
        write(fds[1], "h", 1);
}

static void set_handler(int sig, int flags)
{
    struct sigaction sa;

    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_usr1;
    sa.sa_flags = flags;
    sigaction(sig, &sa, NULL);
    handler_feeds = 0;
}

/* Signals main once it is (very likely) blocked, then unblocks it. */
static void *poke(void *arg)
{
    int what = (int)(long)arg;

    while (!main_waiting)
        usleep(1000);
    usleep(150000);
    pthread_kill(main_thread, SIGUSR1);
    usleep(150000);
    if (what == 1)
        write(fds[1], "p", 1);
    if (what == 2) {
        __atomic_store_n(&futex_word, 1, __ATOMIC_SEQ_CST);
        syscall(SYS_futex, &futex_word, FUTEX_WAKE, 1, NULL, NULL, 0);
    }
    return NULL;
}

static pthread_t start_poke(int what)
{
    pthread_t t;

    main_waiting = 0;
    pthread_create(&t, NULL, poke, (void *)(long)what);
    return t;
}

static void test_read(int flags, int feeds, const char *name)
{
    pthread_t t;
    char c = '?';
    ssize_t r;
    int err;

    set_handler(SIGUSR1, flags);
    handled = 0;
    handler_feeds = feeds;

    t = start_poke(feeds ? 0 : 1);
    main_waiting = 1;
    r = read(fds[0], &c, 1);
    err = errno;
    pthread_join(t, NULL);
    printf("read, %s: %zd %s, got '%c', handled %d\n", name, r,
           r < 0 && err == EINTR ? "EINTR" : "", r == 1 ? c : '-', handled);
}

static void test_nanosleep(int flags, const char *name)
{
    struct timespec req = {3, 0}, rem = {0, 0};
    pthread_t t;
    int r, err;

    set_handler(SIGUSR1, flags);
    handled = 0;
    t = start_poke(0);
    main_waiting = 1;
    r = nanosleep(&req, &rem);
    err = errno;
    pthread_join(t, NULL);
    printf("nanosleep, %s: %d %s, time left %d, handled %d\n", name, r,
           r < 0 && err == EINTR ? "EINTR" : "", rem.tv_sec >= 1, handled);
}

static void test_futex(int flags, const char *name)
{
    pthread_t t;
    long r;
    int err;

    set_handler(SIGUSR1, flags);
    handled = 0;
    futex_word = 0;
    t = start_poke(2);
    main_waiting = 1;
    r = syscall(SYS_futex, &futex_word, FUTEX_WAIT, 0, NULL, NULL, 0);
    err = errno;
    pthread_join(t, NULL);
    printf("futex wait, %s: %ld %s, handled %d\n", name, r,
           r < 0 && err == EINTR ? "EINTR" : "", handled);
}

static void test_wait4(int flags, const char *name)
{
    pthread_t t;
    pid_t child, r;
    int status = 0, err;

    set_handler(SIGUSR1, flags);
    handled = 0;
    fflush(stdout);
    child = fork();
    if (child == 0) {
        usleep(500000);
        _exit(7);
    }
    t = start_poke(0);
    main_waiting = 1;
    r = wait4(child, &status, 0, NULL);
    err = errno;
    pthread_join(t, NULL);
    if (r < 0)
        waitpid(child, &status, 0);
    printf("wait4, %s: %s %s, status %d, handled %d\n", name,
           r == child ? "child"
           : r < 0    ? "-1"
                      : "?",
           r < 0 && err == EINTR ? "EINTR" : "", WEXITSTATUS(status), handled);
}

static volatile int alarms;

static void on_alarm(int sig)
{
    (void)sig;
    alarms++;
}

static void test_itimer(void)
{
    struct itimerval it = {{0, 0}, {0, 200000}};
    struct sigaction sa;
    char c;
    ssize_t r;

    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_alarm;
    sigaction(SIGALRM, &sa, NULL);
    setitimer(ITIMER_REAL, &it, NULL);
    r = read(fds[0], &c, 1);
    printf("read, setitimer without SA_RESTART: %zd %s, alarms %d\n", r,
           r < 0 && errno == EINTR ? "EINTR" : "", alarms);
}

int main(void)
{
    char c;

    main_thread = pthread_self();
    pipe(fds);

    test_read(0, 0, "no SA_RESTART");
    read(fds[0], &c, 1); /* the byte poke wrote after the EINTR */
    test_read(SA_RESTART, 0, "SA_RESTART");
    test_read(SA_RESTART, 1, "SA_RESTART, handler writes");
    test_nanosleep(0, "no SA_RESTART");
    test_nanosleep(SA_RESTART, "SA_RESTART");
    test_futex(0, "no SA_RESTART");
    test_futex(SA_RESTART, "SA_RESTART");
    test_wait4(0, "no SA_RESTART");
    test_wait4(SA_RESTART, "SA_RESTART");
    test_itimer();
    return 0;
}
