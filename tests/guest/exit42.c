/* Guest test: exit(42) from deep inside nested calls; atexit handlers run
 * in reverse order and stdio buffers are flushed before the process ends. */
#include <stdio.h>
#include <stdlib.h>

static void handler_a(void)
{
    printf("atexit a\n");
}
static void handler_b(void)
{
    printf("atexit b\n");
}

static int level(int n)
{
    printf("level %d\n", n);
    if (n == 5)
        exit(42);
    if (n > 100)
        return 0;
    return level(n + 1) + 1;
}

int main(void)
{
    atexit(handler_a);
    atexit(handler_b);
    fprintf(stderr, "stderr is not compared\n");
    printf("start\n");
    int r = level(0);
    printf("not reached %d\n", r);
    return 0;
}
