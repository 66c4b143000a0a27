/*
 * Robust mutexes whose owner thread exits while holding them: the next
 * locker (or a waiter already blocked) must get EOWNERDEAD, plain and
 * priority-inheritance, and the main thread's pthread_exit counts too.
 * Output must not depend on scheduling.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/futex.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static const char *err_name(int e)
{
    switch (e) {
    case 0: return "0";
    case EOWNERDEAD: return "EOWNERDEAD";
    case ENOTRECOVERABLE: return "ENOTRECOVERABLE";
    case EBUSY: return "EBUSY";
    case EINVAL: return "EINVAL";
    case EPERM: return "EPERM";
    case EDEADLK: return "EDEADLK";
    default: return strerror(e);
    }
}

static void robust_init(pthread_mutex_t *m, int protocol)
{
    pthread_mutexattr_t attr;

    pthread_mutexattr_init(&attr);
    pthread_mutexattr_setrobust(&attr, PTHREAD_MUTEX_ROBUST);
    pthread_mutexattr_setprotocol(&attr, protocol);
    pthread_mutex_init(m, &attr);
    pthread_mutexattr_destroy(&attr);
}

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000};

    nanosleep(&ts, NULL);
}

/* ---- owner exits, the next locker recovers ---- */

enum { HELD = 5 };
static pthread_mutex_t held[HELD];

/* Locks every mutex in mask and exits holding them. */
static void *lock_and_die(void *arg)
{
    unsigned mask = (unsigned)(unsigned long)arg;

    for (int i = 0; i < HELD; i++)
        if (mask & (1u << i))
            pthread_mutex_lock(&held[i]);
    return NULL;
}

static void test_dead_owner(const char *title, int protocol)
{
    pthread_t th;

    for (int i = 0; i < HELD; i++)
        robust_init(&held[i], protocol);
    pthread_create(&th, NULL, lock_and_die, (void *)0x1fUL);
    pthread_join(th, NULL);
    printf("%s:\n", title);
    /* Every mutex on the dead thread's list, first, middle and last. */
    for (int i = 0; i < HELD; i++) {
        int r = i == 2 ? pthread_mutex_trylock(&held[i])
                       : pthread_mutex_lock(&held[i]);
        printf("  mutex %d: %s %s", i, i == 2 ? "trylock" : "lock",
               err_name(r));
        if (i == 4) {
            /* Unlocked without consistent: unusable from then on. */
            printf(", unlock %s", err_name(pthread_mutex_unlock(&held[i])));
            printf(", lock %s\n", err_name(pthread_mutex_lock(&held[i])));
            continue;
        }
        printf(", consistent %s", err_name(pthread_mutex_consistent(&held[i])));
        printf(", unlock %s", err_name(pthread_mutex_unlock(&held[i])));
        printf(", lock %s", err_name(pthread_mutex_lock(&held[i])));
        printf(", unlock %s\n", err_name(pthread_mutex_unlock(&held[i])));
    }
    for (int i = 0; i < HELD; i++)
        pthread_mutex_destroy(&held[i]);
}

/* ---- a waiter blocked before the owner dies ---- */

static pthread_mutex_t contended;
static pthread_barrier_t owner_has_it;

static void *owner_waits_for_waiter(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&contended);
    pthread_barrier_wait(&owner_has_it);
    /* The waiter sets FUTEX_WAITERS just before it sleeps (the kernel does
     * for PI); a little more time lets it reach the kernel. */
    for (int i = 0; i < 5000; i++) {
        if (__atomic_load_n(&contended.__data.__lock, __ATOMIC_SEQ_CST) &
            FUTEX_WAITERS)
            break;
        sleep_ms(1);
    }
    sleep_ms(20);
    return NULL;
}

static void *blocked_waiter(void *arg)
{
    int *result = arg;

    pthread_barrier_wait(&owner_has_it);
    result[0] = pthread_mutex_lock(&contended);
    result[1] = pthread_mutex_consistent(&contended);
    result[2] = pthread_mutex_unlock(&contended);
    return NULL;
}

static void test_blocked_waiter(const char *title, int protocol)
{
    pthread_t owner, waiter;
    int result[3] = {-1, -1, -1};

    robust_init(&contended, protocol);
    pthread_barrier_init(&owner_has_it, NULL, 2);
    pthread_create(&owner, NULL, owner_waits_for_waiter, NULL);
    pthread_create(&waiter, NULL, blocked_waiter, result);
    pthread_join(owner, NULL);
    pthread_join(waiter, NULL);
    printf("%s: lock %s, consistent %s, unlock %s", title, err_name(result[0]),
           err_name(result[1]), err_name(result[2]));
    printf(", relock %s", err_name(pthread_mutex_lock(&contended)));
    printf(", unlock %s\n", err_name(pthread_mutex_unlock(&contended)));
    pthread_barrier_destroy(&owner_has_it);
    pthread_mutex_destroy(&contended);
}

/* ---- several waiters: each death wakes one, which recovers ---- */

enum { CHAIN = 4 };
static pthread_mutex_t chain_lock;
static int chain_owner_dead;

/* Each thread takes the mutex and dies holding it; the next gets
 * EOWNERDEAD, makes it consistent and dies holding it in turn. */
static void *chain_link(void *arg)
{
    int r = pthread_mutex_lock(&chain_lock);

    (void)arg;
    if (r == EOWNERDEAD) {
        __atomic_fetch_add(&chain_owner_dead, 1, __ATOMIC_SEQ_CST);
        pthread_mutex_consistent(&chain_lock);
    }
    sleep_ms(2);
    return NULL;
}

static void test_chain(void)
{
    pthread_t th[CHAIN];
    int r;

    robust_init(&chain_lock, PTHREAD_PRIO_NONE);
    for (int i = 0; i < CHAIN; i++)
        pthread_create(&th[i], NULL, chain_link, NULL);
    for (int i = 0; i < CHAIN; i++)
        pthread_join(th[i], NULL);
    r = pthread_mutex_lock(&chain_lock);
    printf("chain of %d dying owners: %d saw EOWNERDEAD, main %s\n", CHAIN,
           chain_owner_dead, err_name(r));
    pthread_mutex_consistent(&chain_lock);
    pthread_mutex_unlock(&chain_lock);
}

/* ---- the kernel-side list: set_robust_list / get_robust_list ---- */

static void test_get_robust_list(void)
{
    void *head = NULL;
    size_t len = 0;
    long r = syscall(SYS_get_robust_list, 0, &head, &len);

    /* struct robust_list_head: three pointer-sized words. */
    printf("get_robust_list: %ld, head %s, len ok %d\n", r,
           head ? "set" : "null", len == 3 * sizeof(void *));
    r = syscall(SYS_set_robust_list, head, len + 1);
    printf("set_robust_list bad len: %s\n", r < 0 ? err_name(errno) : "0");
}

/* ---- the main thread dies with pthread_exit while holding one ---- */

static pthread_mutex_t main_held;

static void *outlive_main(void *arg)
{
    int r;

    (void)arg;
    r = pthread_mutex_lock(&main_held);
    printf("after main's pthread_exit: lock %s", err_name(r));
    printf(", consistent %s", err_name(pthread_mutex_consistent(&main_held)));
    printf(", unlock %s\n", err_name(pthread_mutex_unlock(&main_held)));
    fflush(stdout);
    exit(0);
}

int main(void)
{
    pthread_t th;

    test_get_robust_list();
    test_dead_owner("dead owner, plain", PTHREAD_PRIO_NONE);
    test_dead_owner("dead owner, priority inheritance", PTHREAD_PRIO_INHERIT);
    test_blocked_waiter("blocked waiter, plain", PTHREAD_PRIO_NONE);
    test_blocked_waiter("blocked waiter, priority inheritance",
                        PTHREAD_PRIO_INHERIT);
    test_chain();
    robust_init(&main_held, PTHREAD_PRIO_NONE);
    pthread_mutex_lock(&main_held);
    fflush(stdout);
    pthread_create(&th, NULL, outlive_main, NULL);
    pthread_exit(NULL);
}
