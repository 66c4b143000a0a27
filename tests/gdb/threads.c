/*
 * The guest program of tests/gdb/run-gdb-tests.sh: a helper thread writes
 * a shared counter while main waits for it, then main exits with a code
 * computed from it (gdb checks breakpoints, locals, steps and the exit).
 */
#include <pthread.h>
#include <stdio.h>

volatile int shared_counter;

static int add_twice(int x)
{
    int doubled = x * 2;

    return doubled + 1;
}

static void *worker(void *arg)
{
    int base = *(int *)arg;

    for (int i = 0; i < 5; i++)
        shared_counter += add_twice(base + i);
    return NULL;
}

int main(void)
{
    pthread_t th;
    int base = 3;
    int result;

    if (pthread_create(&th, NULL, worker, &base) != 0)
        return 1;
    pthread_join(th, NULL);
    result = add_twice(shared_counter) % 64;
    printf("counter %d result %d\n", shared_counter, result);
    return result;
}
