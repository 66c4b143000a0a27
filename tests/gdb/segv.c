/* A guest that writes through a null pointer, at 0x10: gdb must see
 * SIGSEGV, and its siginfo the address. */
#include <stdio.h>

int *volatile null_pointer;

int main(void)
{
    puts("about to fault");
    fflush(stdout);
    null_pointer[4] = 42;
    return 0;
}
