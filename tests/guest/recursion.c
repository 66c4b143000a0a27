/* Guest test: recursion -- Ackermann, naive Fibonacci, Towers of Hanoi,
 * mutual recursion and a deep (tens of thousands of frames) recursion.
 * Depth stays well inside an 8 MiB stack. */
#include <stdint.h>
#include <stdio.h>

static unsigned long ack(unsigned long m, unsigned long n)
{
    if (m == 0)
        return n + 1;
    if (n == 0)
        return ack(m - 1, 1);
    return ack(m - 1, ack(m, n - 1));
}

static long fib(int n)
{
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

static unsigned long moves;
static uint32_t move_hash = 2166136261u;

static void hanoi(int n, int from, int to, int via)
{
    if (n == 0)
        return;
    hanoi(n - 1, from, via, to);
    moves++;
    move_hash = (move_hash ^ (uint32_t)(n * 9 + from * 3 + to)) * 16777619u;
    if (moves <= 40 || moves % 1000 == 0)
        printf("move %lu: disc %d %c -> %c\n", moves, n, 'A' + from, 'A' + to);
    hanoi(n - 1, via, to, from);
}

static int is_odd(unsigned n);
static int is_even(unsigned n)
{
    return n == 0 ? 1 : is_odd(n - 1);
}
static int is_odd(unsigned n)
{
    return n == 0 ? 0 : is_even(n - 1);
}

/* Not a tail call: keeps every frame alive. */
static uint64_t deep(int n, uint64_t acc)
{
    volatile uint64_t pad[2] = {acc, (uint64_t)n};
    if (n == 0)
        return acc;
    uint64_t r = deep(n - 1, acc * 31 + (uint64_t)n);
    return r ^ pad[1] ^ (pad[0] & 0xff);
}

static int gcd(int a, int b)
{
    return b == 0 ? a : gcd(b, a % b);
}

static void permute(char *s, int k, int n, int *count)
{
    if (k == n) {
        (*count)++;
        if (*count <= 24)
            printf("perm %s\n", s);
        return;
    }
    for (int i = k; i < n; i++) {
        char t = s[k];
        s[k] = s[i];
        s[i] = t;
        permute(s, k + 1, n, count);
        t = s[k];
        s[k] = s[i];
        s[i] = t;
    }
}

static int queens(int row, int n, unsigned cols, unsigned d1, unsigned d2)
{
    if (row == n)
        return 1;
    int count = 0;
    for (int c = 0; c < n; c++) {
        unsigned a = 1u << c, b = 1u << (row + c), d = 1u << (row - c + n);
        if ((cols & a) || (d1 & b) || (d2 & d))
            continue;
        count += queens(row + 1, n, cols | a, d1 | b, d2 | d);
    }
    return count;
}

int main(void)
{
    for (unsigned long m = 0; m <= 3; m++)
        for (unsigned long n = 0; n <= (m == 3 ? 6 : 8); n++)
            printf("ack(%lu,%lu) = %lu\n", m, n, ack(m, n));
    for (int i = 0; i <= 27; i++)
        printf("fib(%d) = %ld\n", i, fib(i));
    hanoi(14, 0, 2, 1);
    printf("hanoi moves=%lu hash=%08x\n", moves, move_hash);
    for (unsigned i = 0; i < 2000; i += 333)
        printf("even(%u)=%d odd(%u)=%d\n", i, is_even(i), i, is_odd(i));
    printf("deep %016llx\n", (unsigned long long)deep(50000, 1));
    for (int a = 1; a < 200; a += 37)
        for (int b = 1; b < 300; b += 53)
            printf("gcd(%d,%d)=%d\n", a * 12, b * 18, gcd(a * 12, b * 18));
    char s[] = "abcde";
    int count = 0;
    permute(s, 0, 5, &count);
    printf("perms %d\n", count);
    for (int n = 1; n <= 9; n++)
        printf("queens(%d) = %d\n", n, queens(0, n, 0, 0, 0));
    return 0;
}
