/*
 * arx's bundled demo: a small AArch64 program exercising integer and
 * floating-point arithmetic, strings and printf. Built static for aarch64.
 */
#include <stdio.h>
#include <string.h>

static unsigned long fib(unsigned n)
{
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

int main(int argc, char **argv)
{
    char word[64];
    double sum = 0.0;

    printf("Hello from AArch64 under arx!\n");
    printf("argv[0] = %s, %d argument(s)\n", argv[0], argc - 1);
    printf("fib(30) = %lu\n", fib(30));
    for (int i = 1; i <= 1000; i++)
        sum += 1.0 / ((double)i * i);
    printf("sum 1/i^2 for i <= 1000 = %.12f\n", sum);
    strcpy(word, "translated");
    printf("strlen(\"%s\") = %zu\n", word, strlen(word));
    return 0;
}
