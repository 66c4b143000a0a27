/*
 * Guest threads: mutex/condvar producer-consumer, atomic counters from 8
 * threads, pthread_join return values and 1000 create/join cycles.
 * Output must not depend on scheduling.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

#define NWORKERS 8
#define QUEUE 64

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;
static int queue[QUEUE], head, tail, done;
static atomic_long consumed_sum, counter;
static long locked_total;

static void *producer(void *arg)
{
    (void)arg;
    for (int i = 1; i <= 20000; i++) {
        pthread_mutex_lock(&lock);
        while ((tail + 1) % QUEUE == head)
            pthread_cond_wait(&changed, &lock);
        queue[tail] = i;
        tail = (tail + 1) % QUEUE;
        pthread_cond_broadcast(&changed);
        pthread_mutex_unlock(&lock);
    }
    pthread_mutex_lock(&lock);
    done = 1;
    pthread_cond_broadcast(&changed);
    pthread_mutex_unlock(&lock);
    return NULL;
}

static void *consumer(void *arg)
{
    (void)arg;
    for (;;) {
        pthread_mutex_lock(&lock);
        while (head == tail && !done)
            pthread_cond_wait(&changed, &lock);
        if (head == tail && done) {
            pthread_mutex_unlock(&lock);
            return NULL;
        }
        int v = queue[head];
        head = (head + 1) % QUEUE;
        pthread_cond_broadcast(&changed);
        pthread_mutex_unlock(&lock);
        atomic_fetch_add(&consumed_sum, v);
    }
}

static void *worker(void *arg)
{
    long id = (long)arg, sum = 0;

    for (long i = 0; i < 100000; i++) {
        sum += i % (id + 3);
        atomic_fetch_add(&counter, 1);
    }
    pthread_mutex_lock(&lock);
    locked_total += sum;
    pthread_mutex_unlock(&lock);
    return (void *)(id * 10);
}

static void *identity(void *arg)
{
    return arg;
}

int main(void)
{
    pthread_t prod, cons[3], workers[NWORKERS];
    long returned = 0, cycles = 0;

    pthread_create(&prod, NULL, producer, NULL);
    for (int i = 0; i < 3; i++)
        pthread_create(&cons[i], NULL, consumer, NULL);
    pthread_join(prod, NULL);
    for (int i = 0; i < 3; i++)
        pthread_join(cons[i], NULL);
    printf("producer/consumer sum: %ld\n", (long)consumed_sum);

    for (long i = 0; i < NWORKERS; i++)
        pthread_create(&workers[i], NULL, worker, (void *)i);
    for (int i = 0; i < NWORKERS; i++) {
        void *r;
        pthread_join(workers[i], &r);
        returned += (long)r;
    }
    printf("atomic counter: %ld, locked total: %ld, returns: %ld\n",
           (long)counter, locked_total, returned);

    for (long i = 0; i < 1000; i++) {
        pthread_t t;
        void *r;
        pthread_create(&t, NULL, identity, (void *)i);
        pthread_join(t, &r);
        cycles += (long)r;
    }
    printf("1000 create/join cycles: %ld\n", cycles);
    return 0;
}
