/* A small static guest without libc for the persistent-cache tests: few
 * blocks, so a cache file small enough to damage at every byte. MULT is
 * set by the test: two builds differ only in one instruction's constant. */
#ifndef MULT
#define MULT 7
#endif

static long sys3(long nr, long a, long b, long c)
{
    register long x8 __asm__("x8") = nr;
    register long x0 __asm__("x0") = a;
    register long x1 __asm__("x1") = b;
    register long x2 __asm__("x2") = c;

    __asm__ volatile("svc #0"
                     : "+r"(x0)
                     : "r"(x8), "r"(x1), "r"(x2)
                     : "memory");
    return x0;
}

static unsigned compute(volatile unsigned *v)
{
    unsigned s = 0;

    for (unsigned i = 0; i < 100; i++)
        s = s * MULT + v[i % 4];
    return s;
}

void _start(void)
{
    static volatile unsigned v[4] = {1, 2, 3, 4};
    char buf[16];
    unsigned s = compute(v);
    int n = 0;

    buf[n++] = 'r';
    buf[n++] = '=';
    for (int i = 28; i >= 0; i -= 4)
        buf[n++] = "0123456789abcdef"[(s >> i) & 15];
    buf[n++] = '\n';
    sys3(64, 1, (long)buf, n); /* write */
    sys3(93, 0, 0, 0);         /* exit */
}
