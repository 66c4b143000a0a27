/*
 * A thread raises FPSR.IXC (1/3 is inexact) and spins; main stops at
 * mark(). gdb must read the flag in the spinning thread, which the stub
 * kicked out of translated code (its flags were in the host's FP status).
 */
#include <pthread.h>

volatile double one = 1.0, three = 3.0, quotient;
volatile int spins;

static void *spinner(void *arg)
{
    quotient = one / three;
    for (;;)
        spins++;
    return arg;
}

static void mark(void) {}

int main(void)
{
    pthread_t th;

    pthread_create(&th, NULL, spinner, NULL);
    while (spins < 1000000)
        continue;
    mark();
    return 0;
}
