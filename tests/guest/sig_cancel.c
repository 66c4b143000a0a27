/*
 * The guest libc's own signals, 32 (SIGCANCEL) and 33 (SIGSETXID): a
 * thread blocked in read() is cancelled (cleanup handler runs, join sees
 * PTHREAD_CANCELED), and set*id in a threaded program changes every
 * thread's ids, which the libc does by signalling each thread (also in a
 * fork child of a threaded process).
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define THREADS 4

/* 32-bit ARM's getresuid is the 16-bit-uid call; its 32-bit one is
 * getresuid32. */
#ifdef SYS_getresuid32
#define SYS_GETRESUID SYS_getresuid32
#define SYS_GETRESGID SYS_getresgid32
#else
#define SYS_GETRESUID SYS_getresuid
#define SYS_GETRESGID SYS_getresgid
#endif

static int cleanup_ran;

static void on_cleanup(void *arg)
{
    (void)arg;
    cleanup_ran = 1;
}

static void *blocked_reader(void *arg)
{
    int *fds = arg;
    char c;

    pthread_cleanup_push(on_cleanup, NULL);
    for (;;)
        read(fds[0], &c, 1);
    pthread_cleanup_pop(0);
    return NULL;
}

static void *sleeper(void *arg)
{
    (void)arg;
    pthread_cleanup_push(on_cleanup, NULL);
    for (;;)
        pause();
    pthread_cleanup_pop(0);
    return NULL;
}

static void cancel_one(const char *name, void *(*fn)(void *), void *arg)
{
    pthread_t t;
    void *r;

    cleanup_ran = 0;
    pthread_create(&t, NULL, fn, arg);
    usleep(50000);
    printf("%s: cancel %d", name, pthread_cancel(t));
    printf(" join %d", pthread_join(t, &r));
    printf(" canceled %d cleanup %d\n", r == PTHREAD_CANCELED, cleanup_ran);
}

static pthread_barrier_t ids_set, ids_read;
static unsigned thread_uid[THREADS], thread_gid[THREADS];

/* The kernel's ids are per thread: each reads its own. */
static void *id_reporter(void *arg)
{
    int i = (int)(long)arg;
    unsigned r, e, s;

    pthread_barrier_wait(&ids_set);
    syscall(SYS_GETRESUID, &r, &e, &s);
    thread_uid[i] = e;
    syscall(SYS_GETRESGID, &r, &e, &s);
    thread_gid[i] = e;
    pthread_barrier_wait(&ids_read);
    return NULL;
}

static void setxid_all_threads(void)
{
    pthread_t t[THREADS];
    int same = 1;
    unsigned uid = 4321, gid = 1234;

    if (geteuid() != 0) { /* cannot change ids: change to the same ones */
        uid = geteuid();
        gid = getegid();
    }
    pthread_barrier_init(&ids_set, NULL, THREADS + 1);
    pthread_barrier_init(&ids_read, NULL, THREADS + 1);
    for (long i = 0; i < THREADS; i++)
        pthread_create(&t[i], NULL, id_reporter, (void *)i);
    printf("setresgid %d", setresgid(gid, gid, gid));
    printf(" setresuid %d\n", setresuid(uid, uid, uid));
    pthread_barrier_wait(&ids_set);
    pthread_barrier_wait(&ids_read);
    for (int i = 0; i < THREADS; i++) {
        pthread_join(t[i], NULL);
        same &= thread_uid[i] == uid && thread_gid[i] == gid;
    }
    printf("every thread has the new ids: %d (main %d)\n", same,
           geteuid() == uid && getegid() == gid);
}

int main(void)
{
    int fds[2], status;
    pid_t child;

    if (pipe(fds) != 0)
        return 1;
    cancel_one("read", blocked_reader, fds);
    /* A fork child of a threaded process starts its own threads. */
    fflush(stdout);
    child = fork();
    if (child == 0) {
        setxid_all_threads();
        exit(0);
    }
    waitpid(child, &status, 0);
    printf("child exited %d\n", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    cancel_one("pause", sleeper, NULL);
    setxid_all_threads();
    return 0;
}
