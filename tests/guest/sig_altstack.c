/*
 * sigaltstack is per thread: SA_ONSTACK handlers of two threads each run
 * on their own thread's alternate stack. SA_RESETHAND restores SIG_DFL;
 * SA_NODEFER lets a handler be re-entered by its own signal.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ALT_SIZE (64 * 1024)

static __thread char *alt_base;
static __thread int on_alt, reported_onstack;

static void on_usr1(int sig)
{
    char local;
    stack_t now;

    (void)sig;
    on_alt = (uintptr_t)&local >= (uintptr_t)alt_base &&
             (uintptr_t)&local < (uintptr_t)alt_base + ALT_SIZE;
    sigaltstack(NULL, &now);
    reported_onstack = (now.ss_flags & SS_ONSTACK) != 0;
}

static void *run_on_altstack(void *arg)
{
    stack_t st;
    int *result = arg;

    alt_base = malloc(ALT_SIZE);
    st.ss_sp = alt_base;
    st.ss_size = ALT_SIZE;
    st.ss_flags = 0;
    sigaltstack(&st, NULL);
    raise(SIGUSR1);
    result[0] = on_alt;
    result[1] = reported_onstack;
    sigaltstack(NULL, &st);
    result[2] = st.ss_flags == 0;
    return NULL;
}

static void *no_altstack(void *arg)
{
    stack_t st;

    sigaltstack(NULL, &st);
    *(int *)arg = (st.ss_flags & SS_DISABLE) != 0;
    return NULL;
}

static volatile int reset_runs;

static void on_reset(int sig)
{
    (void)sig;
    reset_runs++;
}

static volatile int depth, max_depth, runs;

static void on_nodefer(int sig)
{
    depth++;
    runs++;
    if (depth > max_depth)
        max_depth = depth;
    if (runs < 4)
        raise(sig);
    depth--;
}

int main(void)
{
    struct sigaction sa, old;
    pthread_t t1, t2, t3;
    int r1[3], r2[3], fresh;

    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_usr1;
    sa.sa_flags = SA_ONSTACK;
    sigaction(SIGUSR1, &sa, NULL);
    pthread_create(&t1, NULL, run_on_altstack, r1);
    pthread_create(&t2, NULL, run_on_altstack, r2);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("thread 1: on its altstack %d, SS_ONSTACK %d, off after %d\n", r1[0],
           r1[1], r1[2]);
    printf("thread 2: on its altstack %d, SS_ONSTACK %d, off after %d\n", r2[0],
           r2[1], r2[2]);
    pthread_create(&t3, NULL, no_altstack, &fresh);
    pthread_join(t3, NULL);
    printf("a new thread has no altstack: %d\n", fresh);

    sa.sa_handler = on_reset;
    sa.sa_flags = SA_RESETHAND;
    sigaction(SIGUSR2, &sa, NULL);
    raise(SIGUSR2);
    sigaction(SIGUSR2, NULL, &old);
    printf("SA_RESETHAND: ran %d, now SIG_DFL %d\n", reset_runs,
           old.sa_handler == SIG_DFL);

    sa.sa_handler = on_nodefer;
    sa.sa_flags = SA_NODEFER;
    sigaction(SIGHUP, &sa, NULL);
    raise(SIGHUP);
    printf("SA_NODEFER: runs %d, max depth %d\n", runs, max_depth);

    runs = max_depth = 0;
    sa.sa_flags = 0;
    sigaction(SIGHUP, &sa, NULL);
    raise(SIGHUP);
    printf("deferred: runs %d, max depth %d\n", runs, max_depth);
    return 0;
}
