/* Guest test: variadic functions -- int/long/double mixes, more variadic
 * arguments than registers, va_copy, structs through varargs and a
 * vsnprintf-based formatter. Uses only the portable <stdarg.h> interface. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static long sum_ints(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    long s = 0;
    for (int i = 0; i < n; i++)
        s += va_arg(ap, int) * (i + 1);
    va_end(ap);
    return s;
}

static double sum_mixed(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    double s = 0;
    for (const char *p = fmt; *p; p++) {
        switch (*p) {
        case 'i': s += va_arg(ap, int); break;
        case 'l': s += (double)va_arg(ap, long long); break;
        case 'd': s += va_arg(ap, double); break;
        case 'u': s += va_arg(ap, unsigned); break;
        case 's': s += (double)strlen(va_arg(ap, const char *)); break;
        case 'c': s += va_arg(ap, int) % 100; break; /* char promoted to int */
        }
        s *= 1.5;
    }
    va_end(ap);
    return s;
}

struct pair {
    int32_t a;
    int64_t b;
};

struct fl {
    double x, y;
};

static long sum_structs(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    long s = 0;
    for (int i = 0; i < n; i++) {
        struct pair p = va_arg(ap, struct pair);
        struct fl f = va_arg(ap, struct fl);
        s += p.a * 3 + p.b + (long)(f.x * 10) - (long)f.y;
    }
    va_end(ap);
    return s;
}

/* Walks the list twice through va_copy. */
static void twice(const char *tag, int n, ...)
{
    va_list ap, aq;
    va_start(ap, n);
    va_copy(aq, ap);
    long first = 0;
    for (int i = 0; i < n; i++)
        first += va_arg(ap, long);
    double second = 0;
    for (int i = 0; i < n; i++)
        second += (double)va_arg(aq, long) / 2;
    va_end(aq);
    va_end(ap);
    printf("%s first=%ld second=%.1f\n", tag, first, second);
}

static int logf_like(char *out, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = snprintf(out, size, "[log] ");
    n += vsnprintf(out + n, size - (size_t)n, fmt, ap);
    va_end(ap);
    return n;
}

static void vprint_twice(const char *fmt, ...)
{
    va_list ap, aq;
    va_start(ap, fmt);
    va_copy(aq, ap);
    vprintf(fmt, ap);
    vprintf(fmt, aq);
    va_end(aq);
    va_end(ap);
}

int main(void)
{
    printf("sum_ints0=%ld\n", sum_ints(0));
    printf("sum_ints3=%ld\n", sum_ints(3, 10, -20, 30));
    printf("sum_ints20=%ld\n", sum_ints(20, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
                                        12, 13, 14, 15, 16, 17, 18, 19, -20));
    printf("mixed=%.6f\n",
           sum_mixed("idldusc", 5, 2.25, 1LL << 40, -0.125, 7u, "hello", 'A'));
    printf("mixed-long=%.6f\n",
           sum_mixed("dddddddddddiiiiiiiiiiii", 1.0, 2.0, 3.0, 4.0, 5.0, 6.0,
                     7.0, 8.0, 9.0, 10.0, 11.0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
                     11, 12));
    struct pair p1 = {5, 1LL << 35}, p2 = {-7, -100};
    struct fl f1 = {1.5, 2.0}, f2 = {-3.25, 8.0};
    printf("structs=%ld\n", sum_structs(3, p1, f1, p2, f2, p1, f2));
    twice("twice", 5, 10L, 20L, 30L, -5L, 1L << 40);
    twice("twice-many", 12, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L, 11L, 12L);
    char buf[256];
    int n = logf_like(buf, sizeof(buf), "%s=%d (%5.2f) %#x %c%c %lld|", "key",
                      42, 3.14159, 255u, 'o', 'k', -1LL);
    printf("%d %s\n", n, buf);
    n = logf_like(buf, 20, "%s", "this string is too long for the buffer");
    printf("%d %s\n", n, buf);
    vprint_twice("vp %d %s %.3e %ld\n", 7, "seven", 7e7, 7L << 33);
    for (int k = 0; k < 10; k++)
        printf("k=%d %.2f %ld %s %d %.2f %d %.2f %d %.2f %d\n", k, k * 0.5,
               (long)k << 40, k % 2 ? "odd" : "even", k * k, -k * 1.25, k + 1,
               k / 3.0, -k, 1e3 * k, k << 4);
    return 0;
}
