/*
 * Waiting for signals: sigtimedwait (timeout, already pending, arriving
 * while waiting), sigwaitinfo, sigpending, sigsuspend's temporary mask,
 * and sigqueue's value reaching an SA_SIGINFO handler and sigwaitinfo.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static volatile int usr1_count, handler_blocked_usr1;
static volatile int info_code, info_value, info_pid_ok;

static void on_usr1(int sig)
{
    sigset_t cur;

    (void)sig;
    usr1_count++;
    sigprocmask(SIG_SETMASK, NULL, &cur);
    handler_blocked_usr1 = sigismember(&cur, SIGUSR1);
}

static void on_rt(int sig, siginfo_t *si, void *uc)
{
    (void)sig;
    (void)uc;
    info_code = si->si_code;
    info_value = si->si_value.sival_int;
    info_pid_ok = si->si_pid == getpid();
}

static void *send_later(void *arg)
{
    usleep(100000);
    kill(getpid(), (int)(long)arg);
    return NULL;
}

static sigset_t only(int sig)
{
    sigset_t s;

    sigemptyset(&s);
    sigaddset(&s, sig);
    return s;
}

int main(void)
{
    struct timespec ts = {0, 50000000};
    struct sigaction sa;
    sigset_t set, pending, empty, cur;
    siginfo_t si;
    pthread_t helper;
    union sigval v;
    int r;

    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_usr1;
    sigaction(SIGUSR1, &sa, NULL);
    sigemptyset(&set);
    sigaddset(&set, SIGUSR1);
    sigaddset(&set, SIGUSR2);
    sigaddset(&set, SIGRTMIN + 1);
    sigprocmask(SIG_BLOCK, &set, NULL);

    set = only(SIGUSR1);
    r = sigtimedwait(&set, &si, &ts);
    printf("sigtimedwait, nothing pending: %d %s\n", r,
           r < 0 && errno == EAGAIN ? "EAGAIN" : "?");

    raise(SIGUSR1);
    sigpending(&pending);
    printf("sigpending after raise: USR1 %d USR2 %d\n",
           sigismember(&pending, SIGUSR1), sigismember(&pending, SIGUSR2));
    r = sigtimedwait(&set, &si, &ts);
    printf("sigtimedwait, pending: %s, sent by a process %d, handler ran %d\n",
           r == SIGUSR1 ? "SIGUSR1" : "?", si.si_code <= 0, usr1_count);
    sigpending(&pending);
    printf("consumed: USR1 pending %d\n", sigismember(&pending, SIGUSR1));

    set = only(SIGUSR2);
    pthread_create(&helper, NULL, send_later, (void *)(long)SIGUSR2);
    r = sigwaitinfo(&set, &si);
    pthread_join(helper, NULL);
    printf("sigwaitinfo, arrives while waiting: %s, SI_USER %d, pid ok %d\n",
           r == SIGUSR2 ? "SIGUSR2" : "?", si.si_code == SI_USER,
           si.si_pid == getpid());

    pthread_create(&helper, NULL, send_later, (void *)(long)SIGUSR1);
    sigemptyset(&empty);
    r = sigsuspend(&empty);
    pthread_join(helper, NULL);
    sigprocmask(SIG_SETMASK, NULL, &cur);
    printf("sigsuspend: %d %s, handler ran %d, blocked in handler %d, "
           "mask restored %d\n",
           r, errno == EINTR ? "EINTR" : "?", usr1_count, handler_blocked_usr1,
           sigismember(&cur, SIGUSR1));

    sa.sa_sigaction = on_rt;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGRTMIN, &sa, NULL);
    v.sival_int = 4242;
    sigqueue(getpid(), SIGRTMIN, v);
    printf("sigqueue to a handler: SI_QUEUE %d, value %d, pid ok %d\n",
           info_code == SI_QUEUE, info_value, info_pid_ok);

    v.sival_int = 777;
    sigqueue(getpid(), SIGRTMIN + 1, v);
    set = only(SIGRTMIN + 1);
    r = sigwaitinfo(&set, &si);
    printf("sigqueue to sigwaitinfo: %d, SI_QUEUE %d, value %d\n",
           r == SIGRTMIN + 1, si.si_code == SI_QUEUE, si.si_value.sival_int);

    kill(getpid(), SIGUSR2);
    sigpending(&pending);
    printf("kill while blocked: USR2 pending %d\n",
           sigismember(&pending, SIGUSR2));
    set = only(SIGUSR2);
    ts.tv_nsec = 0;
    r = sigtimedwait(&set, &si, &ts);
    printf("polled: %s\n", r == SIGUSR2 ? "SIGUSR2" : "?");
    return 0;
}
