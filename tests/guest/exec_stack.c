/*
 * A program whose PT_GNU_STACK asks for an executable stack (GCC's nested
 * functions put trampolines there) runs: the stack is mapped executable,
 * as Linux maps it. The other tests' stacks are not (sig_fetch.c).
 */
#include <stdio.h>

static int apply(int (*f)(int), int v)
{
    return f(v);
}

int main(void)
{
    int base = 40;
    int add(int x)
    {
        return x + base;
    }

    printf("nested function through a pointer: %d\n", apply(add, 2));
    base = 100;
    printf("again: %d\n", apply(add, 2));
    return 0;
}
