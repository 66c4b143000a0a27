/*
 * get_robust_list of another thread of the process returns that thread's
 * own list head; of a missing tid ESRCH.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static long head_store[3];
static volatile long child_tid;
static pthread_barrier_t ready, done;

static void *child(void *arg)
{
    (void)arg;
    head_store[0] = (long)head_store;
    syscall(SYS_set_robust_list, head_store, sizeof(head_store));
    child_tid = syscall(SYS_gettid);
    pthread_barrier_wait(&ready);
    pthread_barrier_wait(&done);
    return NULL;
}

int main(void)
{
    pthread_t th;
    void *head = NULL;
    size_t len = 0;
    long r;

    pthread_barrier_init(&ready, NULL, 2);
    pthread_barrier_init(&done, NULL, 2);
    pthread_create(&th, NULL, child, NULL);
    pthread_barrier_wait(&ready);
    r = syscall(SYS_get_robust_list, child_tid, &head, &len);
    printf("other thread: %ld len ok %d same %d\n", r,
           len == sizeof(head_store), head == (void *)head_store);
    r = syscall(SYS_get_robust_list, 0, &head, &len);
    printf("self: %ld len ok %d other's %d\n", r, len == sizeof(head_store),
           head == (void *)head_store);
    pthread_barrier_wait(&done);
    pthread_join(th, NULL);
    r = syscall(SYS_get_robust_list, 0x3fffffff, &head, &len);
    printf("missing: %ld %s\n", r, r < 0 ? strerrorname_np(errno) : "");
    return 0;
}
