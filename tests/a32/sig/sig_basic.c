/*
 * Portable signal delivery: plain and SA_SIGINFO handlers, raise, kill,
 * pthread_kill, nested signals, sigaltstack, a read restarted (SA_RESTART)
 * or cut short (EINTR) by a signal. Output compared with the host build.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

static volatile sig_atomic_t plain_count, info_count, last_code, depth,
    max_depth;
static volatile int info_pid_ok, info_signo;

static void plain_handler(int sig)
{
    (void)sig;
    plain_count++;
}

static void info_handler(int sig, siginfo_t *info, void *uc)
{
    info_count++;
    info_signo = info->si_signo == sig;
    last_code = info->si_code;
    info_pid_ok = info->si_pid == getpid();
    (void)uc;
}

static void set_handler(int sig, void (*fn)(int), int flags)
{
    struct sigaction sa;

    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = fn;
    sa.sa_flags = flags;
    sigemptyset(&sa.sa_mask);
    sigaction(sig, &sa, NULL);
}

static void set_info_handler(int sig, void (*fn)(int, siginfo_t *, void *),
                             int flags)
{
    struct sigaction sa;

    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = fn;
    sa.sa_flags = flags | SA_SIGINFO;
    sigemptyset(&sa.sa_mask);
    sigaction(sig, &sa, NULL);
}

static void test_plain_and_info(void)
{
    set_handler(SIGUSR1, plain_handler, 0);
    raise(SIGUSR1);
    kill(getpid(), SIGUSR1);
    printf("plain: %d\n", (int)plain_count);
    set_info_handler(SIGUSR2, info_handler, 0);
    raise(SIGUSR2);
    printf("info: count %d signo ok %d code %s pid ok %d\n", (int)info_count,
           info_signo, last_code == SI_TKILL ? "SI_TKILL" : "other",
           info_pid_ok);
    kill(getpid(), SIGUSR2);
    printf("info kill: count %d code %s pid ok %d\n", (int)info_count,
           last_code == SI_USER ? "SI_USER" : "other", info_pid_ok);
    union sigval v = {.sival_int = 42};
    sigqueue(getpid(), SIGUSR2, v);
    printf("info queue: count %d code %s\n", (int)info_count,
           last_code == SI_QUEUE ? "SI_QUEUE" : "other");
}

static void *thread_body(void *arg)
{
    (void)arg;
    pause();
    return (void *)(intptr_t)plain_count;
}

static void test_pthread_kill(void)
{
    pthread_t th;
    void *ret;

    plain_count = 0;
    set_handler(SIGUSR1, plain_handler, 0);
    pthread_create(&th, NULL, thread_body, NULL);
    usleep(20000);
    pthread_kill(th, SIGUSR1);
    pthread_join(th, &ret);
    printf("pthread_kill: count %d in thread %d\n", (int)plain_count,
           (int)(intptr_t)ret);
}

/* SIGUSR1's handler raises SIGUSR2 (not blocked): it nests. */
static void nest_inner(int sig)
{
    (void)sig;
    depth++;
    if (depth > max_depth)
        max_depth = depth;
    depth--;
}

static void nest_outer(int sig)
{
    (void)sig;
    depth++;
    if (depth > max_depth)
        max_depth = depth;
    raise(SIGUSR2);
    if (plain_count++ == 0)
        raise(SIGUSR1); /* blocked in its handler: runs after return */
    depth--;
}

static void test_nested(void)
{
    plain_count = 0;
    set_handler(SIGUSR1, nest_outer, 0);
    set_handler(SIGUSR2, nest_inner, 0);
    depth = max_depth = 0;
    raise(SIGUSR1);
    printf("nested: max depth %d, depth now %d, outer runs %d\n",
           (int)max_depth, (int)depth, (int)plain_count);
    set_handler(SIGUSR1, nest_inner, SA_NODEFER);
}

static char altstack[65536];
static volatile int on_alt, ss_flags_in_handler;

static void alt_handler(int sig)
{
    char local;
    stack_t cur;

    (void)sig;
    on_alt = &local >= altstack && &local < altstack + sizeof(altstack);
    sigaltstack(NULL, &cur);
    ss_flags_in_handler = cur.ss_flags;
}

static void test_altstack(void)
{
    stack_t ss = {
        .ss_sp = altstack, .ss_size = sizeof(altstack), .ss_flags = 0};
    stack_t cur;

    sigaltstack(&ss, NULL);
    set_handler(SIGUSR1, alt_handler, SA_ONSTACK);
    raise(SIGUSR1);
    sigaltstack(NULL, &cur);
    printf("altstack: on alt %d, SS_ONSTACK in handler %d, after %d\n", on_alt,
           (ss_flags_in_handler & SS_ONSTACK) != 0,
           (cur.ss_flags & SS_ONSTACK) != 0);
    set_handler(SIGUSR1, alt_handler, 0);
    raise(SIGUSR1);
    printf("altstack without SA_ONSTACK: on alt %d\n", on_alt);
    ss.ss_flags = SS_DISABLE;
    sigaltstack(&ss, NULL);
}

static int pipe_fds[2];

static void alarm_writes(int sig)
{
    (void)sig;
    write(pipe_fds[1], "x", 1);
}

static void read_with_timer(int flags)
{
    struct itimerval it = {{0, 0}, {0, 50000}};
    char c = 0;
    ssize_t n;

    pipe(pipe_fds);
    set_handler(SIGALRM, alarm_writes, flags);
    setitimer(ITIMER_REAL, &it, NULL);
    n = read(pipe_fds[0], &c, 1);
    if (n < 0)
        printf("read: %s\n", errno == EINTR ? "EINTR" : "error");
    else
        printf("read: %zd byte '%c'\n", n, c);
    close(pipe_fds[0]);
    close(pipe_fds[1]);
}

static void test_restart(void)
{
    printf("SA_RESTART: ");
    read_with_timer(SA_RESTART);
    printf("no SA_RESTART: ");
    read_with_timer(0);
}

static void test_mask_restored(void)
{
    sigset_t set;

    sigprocmask(SIG_SETMASK, NULL, &set);
    printf("mask after handlers: USR1 %d USR2 %d\n", sigismember(&set, SIGUSR1),
           sigismember(&set, SIGUSR2));
}

int main(void)
{
    setvbuf(stdout, NULL, _IONBF, 0);
    test_plain_and_info();
    test_pthread_kill();
    test_nested();
    test_altstack();
    test_restart();
    test_mask_restored();
    return 0;
}
