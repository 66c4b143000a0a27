/*
 * A SIGUSR1 the guest handles (gdb stops first, then passes it on or
 * not), and eight threads meeting one breakpoint three times each, often
 * at once. Exits with 108 + 10 when the handler ran, 108 when not.
 */
#include <pthread.h>
#include <signal.h>

#define NB_THREADS 8

static volatile int handled;

static void on_usr1(int sig)
{
    handled += sig;
}

static int meet(int id)
{
    return id + 1;
}

static void *worker(void *arg)
{
    long id = (long)arg, sum = 0;

    for (int i = 0; i < 3; i++)
        sum += meet((int)id);
    return (void *)sum;
}

int main(void)
{
    pthread_t th[NB_THREADS];
    long total = 0;

    signal(SIGUSR1, on_usr1);
    raise(SIGUSR1);
    for (long i = 0; i < NB_THREADS; i++)
        if (pthread_create(&th[i], NULL, worker, (void *)i) != 0)
            return 1;
    for (int i = 0; i < NB_THREADS; i++) {
        void *r;

        pthread_join(th[i], &r);
        total += (long)r;
    }
    return (int)(total + handled);
}
