/*
 * The program tests/gdb/execer.c executes: gdb, following the exec, has
 * a breakpoint on target_work. Exits with 4 times its argument.
 */
#include <stdlib.h>

static int target_work(int v)
{
    return v * 4;
}

int main(int argc, char **argv)
{
    return target_work(argc > 1 ? atoi(argv[1]) : 0);
}
