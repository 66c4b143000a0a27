/*
 * Per-thread signal state: masks inherited at pthread_create, a
 * process-directed signal taken by the one thread that does not block it,
 * a thread-directed one pending on its thread only, and a thread spinning
 * without syscalls interrupted by pthread_kill.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static pid_t tid_a, tid_b, tid_c;
static volatile pid_t usr1_tid, usr2_tid;
static volatile int usr1_count, usr2_count;
static volatile int stop_b, spin_started, spin_stop;
static sem_t ready, go_a, done_a;
static int a_inherited, a_pending_before, a_ran_in_a;

static pid_t my_tid(void)
{
    return (pid_t)syscall(SYS_gettid);
}

static void on_usr1(int sig)
{
    (void)sig;
    usr1_tid = my_tid();
    usr1_count++;
}

static void on_usr2(int sig)
{
    (void)sig;
    usr2_tid = my_tid();
    usr2_count++;
    spin_stop = 1;
}

static void set_usr1(int how)
{
    sigset_t s;

    sigemptyset(&s);
    sigaddset(&s, SIGUSR1);
    pthread_sigmask(how, &s, NULL);
}

static int blocks(int sig)
{
    sigset_t cur;

    pthread_sigmask(SIG_SETMASK, NULL, &cur);
    return sigismember(&cur, sig);
}

static int is_pending(int sig)
{
    sigset_t p;

    sigpending(&p);
    return sigismember(&p, sig);
}

static void *thread_a(void *arg)
{
    (void)arg;
    tid_a = my_tid();
    a_inherited = blocks(SIGUSR1);
    sem_post(&ready);
    sem_wait(&go_a);
    a_pending_before = is_pending(SIGUSR1);
    set_usr1(SIG_UNBLOCK); /* the handler runs before this returns */
    a_ran_in_a = usr1_tid == tid_a;
    sem_post(&done_a);
    return NULL;
}

static void *thread_b(void *arg)
{
    (void)arg;
    set_usr1(SIG_UNBLOCK);
    tid_b = my_tid();
    sem_post(&ready);
    while (!stop_b)
        usleep(1000);
    return NULL;
}

static void *thread_c(void *arg)
{
    unsigned long n = 0;

    (void)arg;
    tid_c = my_tid();
    spin_started = 1;
    while (!spin_stop)
        n++;
    return (void *)n;
}

static void wait_for(volatile int *count, int want)
{
    for (int i = 0; i < 5000 && *count < want; i++)
        usleep(1000);
}

int main(void)
{
    struct sigaction sa;
    pthread_t a, b, c;
    void *spins;

    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_usr1;
    sigaction(SIGUSR1, &sa, NULL);
    sa.sa_handler = on_usr2;
    sigaction(SIGUSR2, &sa, NULL);
    sem_init(&ready, 0, 0);
    sem_init(&go_a, 0, 0);
    sem_init(&done_a, 0, 0);

    set_usr1(SIG_BLOCK);
    pthread_create(&a, NULL, thread_a, NULL);
    pthread_create(&b, NULL, thread_b, NULL);
    sem_wait(&ready);
    sem_wait(&ready);
    printf("A inherited the blocked mask: %d\n", a_inherited);

    kill(getpid(), SIGUSR1);
    wait_for(&usr1_count, 1);
    printf("kill: handled %d time(s), by B: %d\n", usr1_count,
           usr1_tid == tid_b);

    pthread_kill(a, SIGUSR1);
    usleep(20000);
    printf("main sees A's signal pending: %d, count still %d\n",
           is_pending(SIGUSR1), usr1_count);
    sem_post(&go_a);
    sem_wait(&done_a);
    printf("A saw it pending: %d, handler ran in A: %d, count %d\n",
           a_pending_before, a_ran_in_a, usr1_count);

    pthread_kill(b, SIGUSR2);
    wait_for(&usr2_count, 1);
    printf("pthread_kill(B): handler ran in B: %d\n", usr2_tid == tid_b);
    stop_b = 1;
    pthread_join(a, NULL);
    pthread_join(b, NULL);

    spin_stop = 0;
    pthread_create(&c, NULL, thread_c, NULL);
    while (!spin_started)
        usleep(1000);
    usleep(20000);
    pthread_kill(c, SIGUSR2);
    pthread_join(c, &spins);
    printf("spinning thread: handler ran in it: %d, spun: %d\n",
           usr2_tid == tid_c, spins != NULL);
    printf("main still blocks SIGUSR1: %d\n", blocks(SIGUSR1));
    return 0;
}
