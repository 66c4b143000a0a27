/*
 * pthread synchronisation with exact results: a mutex/condvar queue with
 * several producers and consumers, pthread_barrier phases, a POSIX
 * semaphore bounded buffer and rwlock readers checking writer invariants.
 * Output must not depend on scheduling.
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <stdatomic.h>
#include <stdio.h>

enum { QUEUE = 16, PRODUCERS = 4, CONSUMERS = 4, ITEMS = 5000 };

/* ---- mutex + condvar queue ---- */

static struct {
    pthread_mutex_t lock;
    pthread_cond_t not_full, not_empty;
    long items[QUEUE];
    int head, count, producers_left;
} queue = {PTHREAD_MUTEX_INITIALIZER,
           PTHREAD_COND_INITIALIZER,
           PTHREAD_COND_INITIALIZER,
           {0},
           0,
           0,
           PRODUCERS};

static void *queue_producer(void *arg)
{
    long base = (long)arg * 1000000;

    for (long i = 1; i <= ITEMS; i++) {
        pthread_mutex_lock(&queue.lock);
        while (queue.count == QUEUE)
            pthread_cond_wait(&queue.not_full, &queue.lock);
        queue.items[(queue.head + queue.count) % QUEUE] = base + i;
        queue.count++;
        pthread_cond_signal(&queue.not_empty);
        pthread_mutex_unlock(&queue.lock);
    }
    pthread_mutex_lock(&queue.lock);
    queue.producers_left--;
    pthread_cond_broadcast(&queue.not_empty);
    pthread_mutex_unlock(&queue.lock);
    return NULL;
}

typedef struct Tally {
    long sum, count;
} Tally;

static void *queue_consumer(void *arg)
{
    Tally *t = arg;

    pthread_mutex_lock(&queue.lock);
    for (;;) {
        while (queue.count == 0 && queue.producers_left > 0)
            pthread_cond_wait(&queue.not_empty, &queue.lock);
        if (queue.count == 0)
            break;
        t->sum += queue.items[queue.head];
        t->count++;
        queue.head = (queue.head + 1) % QUEUE;
        queue.count--;
        pthread_cond_signal(&queue.not_full);
    }
    pthread_mutex_unlock(&queue.lock);
    return NULL;
}

static void test_condvar_queue(void)
{
    pthread_t p[PRODUCERS], c[CONSUMERS];
    Tally tally[CONSUMERS] = {{0, 0}};
    long sum = 0, count = 0, want = 0;

    for (int i = 0; i < CONSUMERS; i++)
        pthread_create(&c[i], NULL, queue_consumer, &tally[i]);
    for (long i = 0; i < PRODUCERS; i++)
        pthread_create(&p[i], NULL, queue_producer, (void *)i);
    for (int i = 0; i < PRODUCERS; i++)
        pthread_join(p[i], NULL);
    for (int i = 0; i < CONSUMERS; i++) {
        pthread_join(c[i], NULL);
        sum += tally[i].sum;
        count += tally[i].count;
    }
    for (long p_id = 0; p_id < PRODUCERS; p_id++)
        want += p_id * 1000000 * ITEMS + (long)ITEMS * (ITEMS + 1) / 2;
    printf("condvar queue: %ld items, sum %ld (%s)\n", count, sum,
           sum == want && count == PRODUCERS * ITEMS ? "ok" : "WRONG");
}

/* ---- barrier phases ---- */

enum { BARRIER_THREADS = 8, PHASES = 200 };

static pthread_barrier_t phase_barrier;
static long phase_slot[BARRIER_THREADS];
static atomic_int serial_count, phase_errors;

static void barrier_wait_counted(void)
{
    if (pthread_barrier_wait(&phase_barrier) == PTHREAD_BARRIER_SERIAL_THREAD)
        atomic_fetch_add(&serial_count, 1);
}

static void *barrier_worker(void *arg)
{
    long self = (long)arg;

    for (long phase = 1; phase <= PHASES; phase++) {
        phase_slot[self] = phase * (self + 1);
        barrier_wait_counted();
        /* Every slot must hold this phase's value, none the next one's. */
        long sum = 0;
        for (int t = 0; t < BARRIER_THREADS; t++)
            sum += phase_slot[t];
        if (sum != phase * BARRIER_THREADS * (BARRIER_THREADS + 1) / 2)
            atomic_fetch_add(&phase_errors, 1);
        barrier_wait_counted();
    }
    return NULL;
}

static void test_barrier(void)
{
    pthread_t t[BARRIER_THREADS];

    pthread_barrier_init(&phase_barrier, NULL, BARRIER_THREADS);
    for (long i = 0; i < BARRIER_THREADS; i++)
        pthread_create(&t[i], NULL, barrier_worker, (void *)i);
    for (int i = 0; i < BARRIER_THREADS; i++)
        pthread_join(t[i], NULL);
    pthread_barrier_destroy(&phase_barrier);
    printf("barrier: %d phases, %d serial returns, %d errors\n", PHASES,
           atomic_load(&serial_count), atomic_load(&phase_errors));
}

/* ---- semaphore bounded buffer ---- */

enum { SEM_SLOTS = 8, SEM_ITEMS = 10000 };

static sem_t sem_free, sem_used;
static pthread_mutex_t sem_lock = PTHREAD_MUTEX_INITIALIZER;
static long sem_buf[SEM_SLOTS];
static int sem_in, sem_out;

static void *sem_producer(void *arg)
{
    (void)arg;
    for (long i = 1; i <= SEM_ITEMS; i++) {
        sem_wait(&sem_free);
        pthread_mutex_lock(&sem_lock);
        sem_buf[sem_in] = i;
        sem_in = (sem_in + 1) % SEM_SLOTS;
        pthread_mutex_unlock(&sem_lock);
        sem_post(&sem_used);
    }
    return NULL;
}

static void *sem_consumer(void *arg)
{
    long *sum = arg;

    for (int i = 0; i < SEM_ITEMS; i++) {
        sem_wait(&sem_used);
        pthread_mutex_lock(&sem_lock);
        *sum += sem_buf[sem_out];
        sem_out = (sem_out + 1) % SEM_SLOTS;
        pthread_mutex_unlock(&sem_lock);
        sem_post(&sem_free);
    }
    return NULL;
}

static void test_semaphore(void)
{
    pthread_t p[2], c[2];
    long sums[2] = {0, 0};
    int free_left, used_left, busy;

    sem_init(&sem_free, 0, SEM_SLOTS);
    sem_init(&sem_used, 0, 0);
    busy = sem_trywait(&sem_used) == -1 && errno == EAGAIN;
    for (int i = 0; i < 2; i++) {
        pthread_create(&c[i], NULL, sem_consumer, &sums[i]);
        pthread_create(&p[i], NULL, sem_producer, NULL);
    }
    for (int i = 0; i < 2; i++) {
        pthread_join(p[i], NULL);
        pthread_join(c[i], NULL);
    }
    sem_getvalue(&sem_free, &free_left);
    sem_getvalue(&sem_used, &used_left);
    printf("semaphore: sum %ld, free %d, used %d, trywait on 0: %s\n",
           sums[0] + sums[1], free_left, used_left, busy ? "EAGAIN" : "WRONG");
    sem_destroy(&sem_free);
    sem_destroy(&sem_used);
}

/* ---- rwlock ---- */

enum { READERS = 4, WRITERS = 2, WRITES = 2000, READS = 5000 };

static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
static long rw_a, rw_b; /* equal whenever no writer holds the lock */
static atomic_long rw_torn, rw_reads;

static void *rw_writer(void *arg)
{
    (void)arg;
    for (int i = 0; i < WRITES; i++) {
        pthread_rwlock_wrlock(&rw);
        rw_a++;
        if (i % 64 == 0)
            sched_yield(); /* invite a reader to run inside the window */
        rw_b++;
        pthread_rwlock_unlock(&rw);
    }
    return NULL;
}

static void *rw_reader(void *arg)
{
    (void)arg;
    for (int i = 0; i < READS; i++) {
        pthread_rwlock_rdlock(&rw);
        if (rw_a != rw_b)
            atomic_fetch_add(&rw_torn, 1);
        atomic_fetch_add(&rw_reads, 1);
        pthread_rwlock_unlock(&rw);
    }
    return NULL;
}

static void test_rwlock(void)
{
    pthread_t r[READERS], w[WRITERS];
    int try_busy, try_ok;

    pthread_rwlock_wrlock(&rw);
    try_busy = pthread_rwlock_tryrdlock(&rw) == EBUSY;
    pthread_rwlock_unlock(&rw);
    try_ok = pthread_rwlock_tryrdlock(&rw) == 0;
    pthread_rwlock_unlock(&rw);

    for (int i = 0; i < READERS; i++)
        pthread_create(&r[i], NULL, rw_reader, NULL);
    for (int i = 0; i < WRITERS; i++)
        pthread_create(&w[i], NULL, rw_writer, NULL);
    for (int i = 0; i < READERS; i++)
        pthread_join(r[i], NULL);
    for (int i = 0; i < WRITERS; i++)
        pthread_join(w[i], NULL);
    printf("rwlock: a=%ld b=%ld, %ld reads, %ld torn, tryrdlock %s/%s\n", rw_a,
           rw_b, atomic_load(&rw_reads), atomic_load(&rw_torn),
           try_busy ? "EBUSY" : "WRONG", try_ok ? "ok" : "WRONG");
}

int main(void)
{
    test_condvar_queue();
    test_barrier();
    test_semaphore();
    test_rwlock();
    return 0;
}
