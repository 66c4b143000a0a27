/* A guest that writes through a null pointer: gdb must see SIGSEGV. */
#include <stdio.h>

int *volatile null_pointer;

int main(void)
{
    puts("about to fault");
    fflush(stdout);
    *null_pointer = 42;
    return 0;
}
