/* Guest test: control flow shapes -- dense switch (jump table), sparse
 * switch, computed goto, nested loops with break/continue, setjmp/longjmp.
 * Output depends only on the program, never on timing or addresses. */
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>

static int opaque(int x)
{
    __asm__ volatile("" : "+r"(x));
    return x;
}

static int dense_switch(int x)
{
    switch (x) {
    case 0: return 11;
    case 1: return 23;
    case 2: return 35;
    case 3: return 47;
    case 4: return 59;
    case 5: return 61;
    case 6: return 73;
    case 7: return 85;
    case 8: return 97;
    case 9: return 109;
    case 10: return 111;
    case 11: return 123;
    case 12: return 135;
    case 13: return 147;
    case 14: return 159;
    case 15: return 161;
    case 16: return 173;
    case 17: return 185;
    case 18: return 197;
    case 19: return 209;
    default: return -1;
    }
}

static const char *sparse_switch(int x)
{
    switch (x) {
    case -1000000: return "minus-million";
    case -7: return "minus-seven";
    case 0: return "zero";
    case 13: return "thirteen";
    case 100: return "hundred";
    case 4096: return "page";
    case 65535: return "u16max";
    case 1 << 30: return "2^30";
    default: return "other";
    }
}

static int fallthrough_switch(int x)
{
    int r = 0;
    switch (x & 7) {
    case 0: r += 1;  /* fall through */
    case 1: r += 10; /* fall through */
    case 2: r += 100; break;
    case 3: r += 1000; /* fall through */
    case 4: r += 10000; break;
    default: r = -x;
    }
    return r;
}

/* A small state machine with computed goto: counts runs in a digit string. */
static int run_machine(const char *s, int *out_digits, int *out_alpha)
{
    static void *const table[] = {&&other, &&digit, &&alpha, &&done};
    int digits = 0, alpha = 0, runs = 0, prev = -1;
    unsigned char c;
    int cls;
next:
    c = (unsigned char)*s++;
    cls = c == 0                                 ? 3
          : (c >= '0' && c <= '9')               ? 1
          : ((c | 32) >= 'a' && (c | 32) <= 'z') ? 2
                                                 : 0;
    if (cls != prev)
        runs++;
    prev = cls;
    goto *table[cls];
digit:
    digits++;
    goto next;
alpha:
    alpha++;
    goto next;
other:
    goto next;
done:
    *out_digits = digits;
    *out_alpha = alpha;
    return runs;
}

static void loops(void)
{
    int total = 0;
    for (int i = 0; i < opaque(30); i++) {
        if (i % 3 == 0)
            continue;
        for (int j = i; j > 0; j -= 2) {
            if (j == 17)
                break;
            total += i * j;
        }
    }
    printf("for-total %d\n", total);
    int n = opaque(27), steps = 0;
    while (n != 1) {
        n = (n & 1) ? 3 * n + 1 : n / 2;
        steps++;
    }
    printf("collatz27 %d\n", steps);
    unsigned x = 0x12345678;
    int k = 0;
    do {
        x = (x >> 1) ^ (-(x & 1u) & 0xedb88320u);
        k++;
    } while (x & 0xff);
    printf("do-while %d %08x\n", k, x);
    long long tri = 0;
outer:
    for (int a = 1; a < 40; a++)
        for (int b = a; b < 40; b++)
            for (int c = b; c < 60; c++)
                if (a * a + b * b == c * c) {
                    printf("pyth %d %d %d\n", a, b, c);
                    tri += c;
                }
    if (tri < 0)
        goto outer;
    printf("tri %lld\n", tri);
}

static jmp_buf env;
static int depth_reached;

static void dive(int depth, int target)
{
    depth_reached = depth;
    if (depth == target)
        longjmp(env, depth * 10 + 1);
    if (depth > 1000)
        return;
    dive(depth + 1, target);
    printf("never\n");
}

static void test_setjmp(void)
{
    for (volatile int target = 0; target < 12; target++) {
        volatile int local = target * 3;
        int r = setjmp(env);
        if (r == 0) {
            local += 100;
            dive(0, opaque(target));
        } else {
            printf("longjmp target=%d r=%d depth=%d local=%d\n", target, r,
                   depth_reached, local);
        }
    }
    /* longjmp with value 0 must arrive as 1. */
    volatile int count = 0;
    if (setjmp(env) == 0)
        longjmp(env, 0);
    else
        count++;
    printf("zero-val count=%d\n", count);
}

static int cond_chain(int a, int b)
{
    int r = 0;
    r += a < b ? 1 : 2;
    r += (a & b) ? 4 : 8;
    r += (a > 0 && b > 0) ? 16 : 0;
    r += (a < 0 || b < 0) ? 32 : 0;
    r += !a ? 64 : 0;
    r += (unsigned)a > (unsigned)b ? 128 : 0;
    return r;
}

int main(void)
{
    for (int i = -3; i < 24; i++)
        printf("dense %d -> %d fall %d\n", i, dense_switch(opaque(i)),
               fallthrough_switch(opaque(i)));
    int probes[] = {-1000000, -7,   -6,    0,     1,       13,           100,
                    101,      4096, 65535, 65536, 1 << 30, (1 << 30) + 1};
    for (unsigned i = 0; i < sizeof(probes) / sizeof(probes[0]); i++)
        printf("sparse %d -> %s\n", probes[i],
               sparse_switch(opaque(probes[i])));
    const char *strs[] = {"",
                          "abc",
                          "123",
                          "a1b2c3",
                          "hello, world 42!",
                          "2024-01-01T00:00:00Z",
                          "xx99yy88zz77--",
                          "\x80\xff"
                          "9a"};
    for (unsigned i = 0; i < sizeof(strs) / sizeof(strs[0]); i++) {
        int d, a;
        int runs = run_machine(strs[i], &d, &a);
        printf("machine %u runs=%d digits=%d alpha=%d\n", i, runs, d, a);
    }
    loops();
    test_setjmp();
    for (int a = -2; a <= 2; a++)
        for (int b = -2; b <= 2; b++)
            printf("cond %d %d %d\n", a, b, cond_chain(opaque(a), opaque(b)));
    return 0;
}
