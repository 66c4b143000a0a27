/*
 * A signal that arrives just before a thread enters a blocking syscall
 * must still interrupt it: a reader loops on read() from an empty pipe
 * (readv) while another thread signals it again and again, each time waiting
 * until the handler has run. A lost wake-up shows as a timeout.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#define ROUNDS 20000

static volatile int handled, stop;
static int fds[2];

static void on_usr1(int sig)
{
    (void)sig;
    handled++;
}

/* readv of many pieces: an emulator that converts the vector first has
 * a wide window before the host syscall. */
#define PIECES 1024
static char buf[PIECES];
static struct iovec iov[PIECES];

static void *reader(void *arg)
{
    int *eintr = arg;

    for (int i = 0; i < PIECES; i++)
        iov[i] = (struct iovec){buf + i, 1};
    while (!stop)
        if (readv(fds[0], iov, PIECES) < 0 && errno == EINTR)
            (*eintr)++;
    return NULL;
}

static double now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* restart: SA_RESTART on the handler; the read must restart, not hang. */
static void run(int restart)
{
    struct sigaction sa;
    pthread_t t;
    int eintr = 0, lost = 0;

    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_usr1;
    sa.sa_flags = restart ? SA_RESTART : 0;
    sigaction(SIGUSR1, &sa, NULL);
    handled = 0;
    stop = 0;
    pthread_create(&t, NULL, reader, &eintr);
    for (int i = 0; i < ROUNDS && !lost; i++) {
        double deadline = now() + 5;

        /* Land anywhere in the reader's way back into read(). */
        for (double until = now() + (i % 97) * 2.5e-7; now() < until;)
            continue;
        pthread_kill(t, SIGUSR1);
        while (handled <= i && !lost)
            lost = now() > deadline;
    }
    stop = 1;
    write(fds[1], "x", 1);
    pthread_join(t, NULL);
    printf("SA_RESTART %d: %s, reads interrupted %s\n", restart,
           lost ? "a signal was lost" : "all handled",
           restart ? (eintr ? "yes" : "no") : (eintr ? "some" : "none"));
}

int main(void)
{
    if (pipe(fds) != 0)
        return 1;
    /* The window is narrow: each pass catches a lost signal only often. */
    run(0);
    run(1);
    run(0);
    return 0;
}
