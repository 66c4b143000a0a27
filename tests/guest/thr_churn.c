/*
 * Thread churn: 10,000 pthread create/join cycles (one at a time and in
 * groups of eight), then detached threads that nobody joins, with exact
 * final counts. It checks that thread start and exit leak nothing that
 * makes a later create fail; output must not depend on scheduling.
 */
#include <pthread.h>
#include <semaphore.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>

enum { SINGLE = 5000, GROUPS = 625, GROUP = 8, DETACHED = 500 };

static atomic_long runs;
static sem_t detached_done;

static void *count_and_return(void *arg)
{
    atomic_fetch_add_explicit(&runs, 1, memory_order_relaxed);
    return (void *)((intptr_t)arg * 2 + 1);
}

static void *detached_worker(void *arg)
{
    (void)arg;
    atomic_fetch_add_explicit(&runs, 1, memory_order_relaxed);
    sem_post(&detached_done);
    return NULL;
}

int main(void)
{
    long failures = 0, bad_results = 0, cycles = 0;
    pthread_attr_t detached;

    for (intptr_t i = 0; i < SINGLE; i++, cycles++) {
        pthread_t t;
        void *ret;

        if (pthread_create(&t, NULL, count_and_return, (void *)i)) {
            failures++;
            continue;
        }
        pthread_join(t, &ret);
        bad_results += (intptr_t)ret != i * 2 + 1;
    }
    for (int g = 0; g < GROUPS; g++) {
        pthread_t t[GROUP];
        int started[GROUP];

        for (intptr_t i = 0; i < GROUP; i++)
            started[i] =
                !pthread_create(&t[i], NULL, count_and_return, (void *)i);
        for (intptr_t i = 0; i < GROUP; i++, cycles++) {
            void *ret;

            if (!started[i]) {
                failures++;
                continue;
            }
            pthread_join(t[i], &ret);
            bad_results += (intptr_t)ret != i * 2 + 1;
        }
    }
    printf("joined: %ld cycles, %ld runs, %ld create failures, %ld wrong "
           "results\n",
           cycles, atomic_load(&runs), failures, bad_results);

    sem_init(&detached_done, 0, 0);
    pthread_attr_init(&detached);
    pthread_attr_setdetachstate(&detached, PTHREAD_CREATE_DETACHED);
    long started = 0;
    for (int i = 0; i < DETACHED; i++) {
        pthread_t t;

        started += !pthread_create(&t, &detached, detached_worker, NULL);
    }
    for (long i = 0; i < started; i++)
        sem_wait(&detached_done);
    pthread_attr_destroy(&detached);
    printf("detached: %ld started, total runs %ld\n", started,
           atomic_load(&runs));
    return 0;
}
