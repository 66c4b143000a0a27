/*
 * Every signal number: SIGRTMIN..SIGRTMAX queued to self with values,
 * seen in sigpending, taken by sigwaitinfo lowest first, then by handlers;
 * children killed by real-time numbers (40, SIGRTMAX, and the libc's own
 * 32 and 33) and by SIGILL/SIGTRAP/SIGFPE/SIGBUS sent with kill, the
 * parent seeing each in WTERMSIG; those four sent to self reach handlers
 * with the sender's siginfo, stay pending while blocked and are ignored
 * under SIG_IGN.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile int order[64], order_count;
static volatile int last_code, last_value, last_pid_ok;

static void on_signal(int sig, siginfo_t *info, void *uc)
{
    (void)uc;
    if (order_count < 64)
        order[order_count++] = sig;
    last_code = info->si_code;
    last_value = info->si_value.sival_int;
    last_pid_ok = info->si_pid == getpid();
}

static void rt_range(void)
{
    sigset_t all, pending;
    siginfo_t info;
    int n = 0, in_order = 1, values_ok = 1, prev = 0, all_pending = 1;
    struct sigaction sa;

    sigemptyset(&all);
    for (int sig = SIGRTMIN; sig <= SIGRTMAX; sig++)
        sigaddset(&all, sig);
    sigprocmask(SIG_BLOCK, &all, NULL);
    /* Highest first, so order comes from the number, not the sending. */
    for (int sig = SIGRTMAX; sig >= SIGRTMIN; sig--)
        for (int k = 0; k < 2; k++)
            if (sigqueue(getpid(), sig, (union sigval){sig * 10 + k}) != 0)
                printf("sigqueue %d failed\n", sig);
    sigpending(&pending);
    for (int sig = SIGRTMIN; sig <= SIGRTMAX; sig++)
        all_pending &= sigismember(&pending, sig);
    while (sigtimedwait(&all, &info, &(struct timespec){0, 0}) > 0) {
        in_order &= info.si_signo >= prev;
        values_ok &= info.si_value.sival_int / 10 == info.si_signo &&
                     info.si_code == SI_QUEUE;
        if (info.si_signo == prev)
            values_ok &= info.si_value.sival_int % 10 == 1;
        prev = info.si_signo;
        n++;
    }
    printf("rt %d..%d: pending %d, waited %d in order %d values %d\n", SIGRTMIN,
           SIGRTMAX, all_pending, n, in_order, values_ok);

    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = on_signal;
    sa.sa_flags = SA_SIGINFO;
    for (int sig = SIGRTMIN; sig <= SIGRTMAX; sig++)
        sigaction(sig, &sa, NULL);
    for (int sig = SIGRTMAX; sig >= SIGRTMIN; sig--)
        sigqueue(getpid(), sig, (union sigval){sig});
    order_count = 0;
    sigprocmask(SIG_UNBLOCK, &all, NULL);
    /* Each handler's frame stacks on the last: the order is the kernel's. */
    printf("rt handlers: %d ran:", order_count);
    for (int i = 0; i < order_count; i++)
        printf(" %d", order[i]);
    printf("\n");
}

static void child_killed_by(int sig)
{
    int fds[2], status;
    char c;
    pid_t pid;

    pipe(fds);
    pid = fork();
    if (pid == 0) {
        close(fds[0]);
        signal(sig, SIG_DFL); /* the parent may handle it */
        write(fds[1], "r", 1);
        for (;;)
            pause();
    }
    close(fds[1]);
    read(fds[0], &c, 1);
    close(fds[0]);
    kill(pid, sig);
    waitpid(pid, &status, 0);
    printf("child killed by %d: signaled %d termsig %d\n", sig,
           WIFSIGNALED(status), WTERMSIG(status));
}

static void sent_faults(void)
{
    static const int sigs[] = {SIGILL, SIGTRAP, SIGFPE, SIGBUS, SIGSEGV};
    struct sigaction sa;
    sigset_t set, pending;
    siginfo_t info;

    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = on_signal;
    sa.sa_flags = SA_SIGINFO;
    for (unsigned i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
        int sig = sigs[i];

        sigaction(sig, &sa, NULL);
        order_count = 0;
        kill(getpid(), sig);
        printf("kill %d: handled %d code %d pid %d\n", sig, order_count,
               last_code, last_pid_ok);
        order_count = 0;
        sigqueue(getpid(), sig, (union sigval){77});
        printf("sigqueue %d: handled %d code %d value %d\n", sig, order_count,
               last_code, last_value);
        order_count = 0;
        syscall(SYS_tgkill, getpid(), syscall(SYS_gettid), sig);
        printf("tgkill %d: handled %d code %d\n", sig, order_count, last_code);

        sigemptyset(&set);
        sigaddset(&set, sig);
        sigprocmask(SIG_BLOCK, &set, NULL);
        kill(getpid(), sig);
        sigpending(&pending);
        printf("blocked %d: pending %d", sig, sigismember(&pending, sig));
        printf(" waited %d", sigwaitinfo(&set, &info));
        printf(" code %d handled %d\n", info.si_code, order_count);
        sigprocmask(SIG_UNBLOCK, &set, NULL);

        signal(sig, SIG_IGN);
        kill(getpid(), sig);
        printf("ignored %d: still here\n", sig);
        signal(sig, SIG_DFL);
    }
}

int main(void)
{
    static const int deadly[] = {40,      64,     32,     33,      SIGILL,
                                 SIGTRAP, SIGFPE, SIGBUS, SIGSEGV, SIGUSR1};
    struct rlimit no_core = {0, 0};

    setvbuf(stdout, NULL, _IOLBF, 0);
    setrlimit(RLIMIT_CORE, &no_core);
    rt_range();
    for (unsigned i = 0; i < sizeof(deadly) / sizeof(deadly[0]); i++)
        child_killed_by(deadly[i]);
    sent_faults();
    return 0;
}
