/* Two threads that never stop on their own: gdb interrupts them (^C). */
#include <pthread.h>

volatile long spins;

static void *spinner(void *arg)
{
    for (;;)
        spins++;
    return arg;
}

int main(void)
{
    pthread_t th;

    pthread_create(&th, NULL, spinner, NULL);
    for (;;)
        spins++;
}
