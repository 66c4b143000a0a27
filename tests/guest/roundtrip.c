/* Guest test: sprintf/sscanf/strtol/strtoul/strtoll/strtod/strtof round
 * trips, bases 0..36, endptr offsets, ERANGE reporting, hex floats. Prints
 * errno by name so no locale or strerror text is involved. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *errname(int e)
{
    return e == 0        ? "0"
           : e == ERANGE ? "ERANGE"
           : e == EINVAL ? "EINVAL"
                         : "other";
}

static void ints(void)
{
    const char *in[] = {"0",
                        "42",
                        "-42",
                        "+17",
                        "  \t 99xyz",
                        "0x1f",
                        "0X1F",
                        "017",
                        "0b101",
                        "zz",
                        "9223372036854775807",
                        "9223372036854775808",
                        "-9223372036854775808",
                        "-9223372036854775809",
                        "18446744073709551615",
                        "18446744073709551616",
                        "-1",
                        "2147483648",
                        "",
                        "-",
                        "0x",
                        "  -0x7fffffff",
                        "1_000",
                        "777777777777777777777777"};
    int bases[] = {0, 2, 8, 10, 16, 36};
    for (unsigned i = 0; i < sizeof(in) / sizeof(in[0]); i++) {
        for (unsigned b = 0; b < sizeof(bases) / sizeof(bases[0]); b++) {
            char *end;
            errno = 0;
            long l = strtol(in[i], &end, bases[b]);
            int e1 = errno;
            long o1 = end - in[i];
            errno = 0;
            unsigned long long u = strtoull(in[i], &end, bases[b]);
            int e2 = errno;
            long o2 = end - in[i];
            errno = 0;
            long long ll = strtoll(in[i], &end, bases[b]);
            printf("[%s] b%d l=%ld/%ld/%s ull=%llu/%ld/%s ll=%lld/%s\n", in[i],
                   bases[b], l, o1, errname(e1), u, o2, errname(e2), ll,
                   errname(errno));
        }
    }
    char buf[64];
    for (long long v = LLONG_MIN;; v = v / 3 * 2 + 1) {
        snprintf(buf, sizeof(buf), "%lld", v);
        long long back = strtoll(buf, NULL, 10);
        unsigned long long ux;
        snprintf(buf, sizeof(buf), "%llx", (unsigned long long)v);
        sscanf(buf, "%llx", &ux);
        printf("rt %lld ok=%d hex=%s ok=%d\n", v, back == v, buf,
               ux == (unsigned long long)v);
        if (v == 1)
            break;
    }
}

static void floats(void)
{
    const char *in[] = {"0",
                        "-0",
                        "1",
                        "1.5e3",
                        "  -2.25xyz",
                        "0x1p-1074",
                        "0x1.8p1",
                        "inf",
                        "-Infinity",
                        "nan",
                        "NAN(123)",
                        "1e-400",
                        "1e400",
                        "-1e400",
                        "2.2250738585072011e-308",
                        "4.9406564584124654e-324",
                        "2.4703282292062327e-324",
                        "2.4703282292062328e-324",
                        "0.1",
                        "123456789012345678901234567890",
                        "1.7976931348623157e308",
                        "1.7976931348623159e308",
                        ".5",
                        "5.",
                        "e5",
                        "0x",
                        "3.14159265358979323846264338327950288"};
    for (unsigned i = 0; i < sizeof(in) / sizeof(in[0]); i++) {
        char *end;
        errno = 0;
        double d = strtod(in[i], &end);
        int e = errno;
        long o = end - in[i];
        errno = 0;
        float f = strtof(in[i], NULL);
        int ef = errno;
        if (isnan(d))
            printf("strtod [%s] nan end=%ld\n", in[i], o);
        else
            printf("strtod [%s] %a %.17g end=%ld %s | f=%a %s\n", in[i], d, d,
                   o, errname(e), (double)f, errname(ef));
    }
    char buf[64];
    double x = 1.0;
    unsigned bad = 0;
    for (int i = 0; i < 2000; i++) {
        x = x * 1.37 + 0.001 * i;
        if (x > 1e200)
            x = x * 1e-210;
        snprintf(buf, sizeof(buf), "%.17g", x);
        double back = strtod(buf, NULL);
        double sc;
        sscanf(buf, "%lf", &sc);
        snprintf(buf, sizeof(buf), "%a", x);
        double hx = strtod(buf, NULL);
        if (back != x || sc != x || hx != x)
            bad++;
        if (i % 200 == 0)
            printf("drt %d %.17g %s\n", i, x, buf);
    }
    printf("double roundtrip failures=%u\n", bad);
}

static void scanf_forms(void)
{
    int a, b, n;
    char word[32], rest[64];
    unsigned x;
    double d;
    short h;
    signed char c;
    int r = sscanf("  12 -34 hello 0x1f 2.5e-3 70000 300 tail of line",
                   "%d %i %31s %x %lf %hd %hhd %63[^\n]%n", &a, &b, word, &x,
                   &d, &h, &c, rest, &n);
    printf("sscanf r=%d a=%d b=%d word=%s x=%u d=%g h=%d c=%d rest=[%s] n=%d\n",
           r, a, b, word, x, d, h, c, rest, n);
    r = sscanf("abc", "%d", &a);
    printf("sscanf mismatch r=%d\n", r);
    r = sscanf("", "%d", &a);
    printf("sscanf empty r=%d\n", r);
    char c1, c2;
    r = sscanf("key=value;x", "%31[^=]=%63[^;]%c%c", word, rest, &c1, &c2);
    printf("sscanf scanset r=%d [%s] [%s] %c %c\n", r, word, rest, c1, c2);
    r = sscanf("0777 0x10 010", "%i %i %o", &a, &b, &x);
    printf("sscanf %%i r=%d %d %d %u\n", r, a, b, x);
    long long ll;
    unsigned long long ull;
    r = sscanf("-9223372036854775808 18446744073709551615", "%lld %llu", &ll,
               &ull);
    printf("sscanf ll r=%d %lld %llu\n", r, ll, ull);
    char out[200];
    int len = sprintf(out, "%s|%d|%5.2f|%-4s|%03u|%c", "mix", -5, 3.14159, "ab",
                      7u, 'Z');
    printf("sprintf len=%d [%s]\n", len, out);
    char *ap;
    r = sscanf("dynamic-string rest", "%ms", &ap);
    printf("sscanf %%ms r=%d [%s]\n", r, ap);
    free(ap);
}

int main(void)
{
    ints();
    floats();
    scanf_forms();
    return 0;
}
