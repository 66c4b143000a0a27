/* Guest test: exit status from main's return value. The harness compares
 * the status (3) as well as the buffered output flushed at exit. */
#include <stdio.h>

int main(void)
{
    for (int i = 0; i < 50; i++)
        printf("buffered line %d\n", i);
    return 3;
}
