/*
 * Real-time signals from another process flood a process whose threads
 * all take them, with slow handlers: every instance must arrive (the
 * sender's sigqueue succeeded, so the kernel accepted each one), however
 * many wait at once.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#define THREADS 32
#define PER_SIGNAL 200

static volatile int received, done;

static void on_rt(int sig, siginfo_t *info, void *uc)
{
    (void)sig;
    (void)info;
    (void)uc;
    __atomic_fetch_add(&received, 1, __ATOMIC_RELAXED);
    for (volatile int k = 0; k < 60000; k++) /* slower than the sender */
        continue;
}

static void *spin(void *arg)
{
    while (!done)
        continue;
    return arg;
}

int main(void)
{
    struct sigaction sa = {0};
    pthread_t t[THREADS];
    pid_t parent = getpid(), child;
    int status, expected = PER_SIGNAL * (SIGRTMAX - SIGRTMIN + 1);

    sa.sa_sigaction = on_rt;
    sa.sa_flags = SA_SIGINFO;
    for (int sig = SIGRTMIN; sig <= SIGRTMAX; sig++)
        sigaction(sig, &sa, NULL);
    for (int i = 0; i < THREADS; i++)
        pthread_create(&t[i], NULL, spin, NULL);
    child = fork();
    if (child == 0) {
        int refused = 0;

        for (int k = 0; k < PER_SIGNAL; k++)
            for (int sig = SIGRTMIN; sig <= SIGRTMAX; sig++)
                refused += sigqueue(parent, sig, (union sigval){k}) != 0;
        _exit(refused != 0);
    }
    /* The flood interrupts the wait (no SA_RESTART): wait again. */
    while (waitpid(child, &status, 0) < 0 && errno == EINTR)
        continue;
    for (int wait = 0; wait < 400 && received < expected; wait++)
        usleep(50000);
    done = 1;
    for (int i = 0; i < THREADS; i++)
        pthread_join(t[i], NULL);
    printf("sender refused none %d, all %d received %d\n",
           WIFEXITED(status) && WEXITSTATUS(status) == 0, expected,
           received == expected);
    return 0;
}
