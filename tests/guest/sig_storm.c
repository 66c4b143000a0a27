/*
 * A signal storm against threads doing atomics, with nothing lost: queued
 * real-time signals, targeted and process-wide, interrupt workers in
 * fetch-add and compare-and-swap loops; every count and sum must be exact.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define WORKERS 4
#define ITERATIONS 200000
#define SIGNALS 2000
#define IN_FLIGHT_MAX 100 /* far below any RLIMIT_SIGPENDING */
#define WAIT_SECONDS 10   /* bounded waits: a lost signal fails, never hangs */

static pthread_t workers[WORKERS];
static long worker_iterations[WORKERS];
static atomic_int workers_ready, stop_workers;
static atomic_long counter_add, counter_cas;
static atomic_int handled, misdirected, sent_failures;
static atomic_long value_sum;

static double now_seconds(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Values 1..SIGNALS; those of targeted signals name their worker. */
static int is_targeted(int value)
{
    return value % 5 != 0;
}

static void on_signal(int sig, siginfo_t *info, void *uc)
{
    int value = info->si_value.sival_int;

    (void)sig;
    (void)uc;
    if (is_targeted(value) &&
        !pthread_equal(pthread_self(), workers[value % WORKERS]))
        atomic_fetch_add(&misdirected, 1);
    atomic_fetch_add(&value_sum, value);
    atomic_fetch_add(&handled, 1);
}

/*
 * Keeps working until every signal has landed (at least ITERATIONS), so
 * the storm hits the atomics; the counters must match the work done.
 */
static void *worker_main(void *arg)
{
    long *done = arg, i;
    double deadline = now_seconds() + WAIT_SECONDS;

    atomic_fetch_add(&workers_ready, 1);
    for (i = 0; i < ITERATIONS || !atomic_load(&stop_workers); i++) {
        long old = atomic_load(&counter_cas);

        atomic_fetch_add(&counter_add, 1);
        while (!atomic_compare_exchange_weak(&counter_cas, &old, old + 3))
            ;
        if (i % 1024 == 0 && now_seconds() > deadline)
            break;
    }
    *done = i;
    return NULL;
}

/* Waits for cond-like progress: returns 0 when the deadline passed. */
static int wait_handled_at_least(int target, double deadline)
{
    while (atomic_load(&handled) < target) {
        if (now_seconds() > deadline)
            return 0;
        sched_yield();
    }
    return 1;
}

static void send_one(int value)
{
    union sigval v = {.sival_int = value};
    int r;

    if (is_targeted(value))
        r = pthread_sigqueue(workers[value % WORKERS], SIGRTMIN, v);
    else
        r = sigqueue(getpid(), SIGRTMIN, v);
    if (r != 0)
        atomic_fetch_add(&sent_failures, 1);
}

static void *sender_main(void *arg)
{
    double deadline = now_seconds() + WAIT_SECONDS;
    int ok = 1;

    (void)arg;
    for (int value = 1; value <= SIGNALS && ok; value++) {
        ok = wait_handled_at_least(value - 1 - IN_FLIGHT_MAX, deadline);
        send_one(value);
    }
    return NULL;
}

int main(void)
{
    struct sigaction sa;
    sigset_t rt;
    pthread_t sender;
    double deadline;
    long expect_sum = (long)SIGNALS * (SIGNALS + 1) / 2;
    long work = 0;
    int all_in;

    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = on_signal;
    sa.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGRTMIN, &sa, NULL);

    for (int i = 0; i < WORKERS; i++)
        pthread_create(&workers[i], NULL, worker_main, &worker_iterations[i]);
    /* Main and sender block it: process-wide ones go to workers. */
    sigemptyset(&rt);
    sigaddset(&rt, SIGRTMIN);
    pthread_sigmask(SIG_BLOCK, &rt, NULL);
    deadline = now_seconds() + WAIT_SECONDS;
    while (atomic_load(&workers_ready) < WORKERS && now_seconds() < deadline)
        sched_yield();
    pthread_create(&sender, NULL, sender_main, NULL);
    pthread_join(sender, NULL);
    all_in = wait_handled_at_least(SIGNALS, now_seconds() + WAIT_SECONDS);
    atomic_store(&stop_workers, 1);
    for (int i = 0; i < WORKERS; i++)
        pthread_join(workers[i], NULL);

    for (int i = 0; i < WORKERS; i++)
        work += worker_iterations[i];
    printf("counter_add %s\n",
           atomic_load(&counter_add) == work ? "exact" : "WRONG");
    printf("counter_cas %s\n",
           atomic_load(&counter_cas) == 3 * work ? "exact" : "WRONG");
    printf("handled %d of %d, all in %d, send failures %d\n",
           atomic_load(&handled), SIGNALS, all_in, atomic_load(&sent_failures));
    printf("value sum %s, misdirected %d\n",
           atomic_load(&value_sum) == expect_sum ? "exact" : "WRONG",
           atomic_load(&misdirected));
    return 0;
}
