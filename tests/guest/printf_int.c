/* Guest test: printf of integers -- every length modifier (hh h l ll j z t),
 * widths, precisions, flags (- + space 0 #), %d %i %u %x %X %o %c %s %%,
 * negative values and the 64-bit extremes. */
#include <inttypes.h>
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

static const long long vals[] = {
    0,
    1,
    -1,
    7,
    -7,
    42,
    127,
    -128,
    128,
    255,
    256,
    32767,
    -32768,
    65535,
    65536,
    2147483647LL,
    -2147483647LL - 1,
    4294967295LL,
    4294967296LL,
    1234567890123LL,
    -987654321098LL,
    LLONG_MAX,
    LLONG_MIN,
};

static const char *const int_formats[] = {
    "%d",    "%5d",     "%-5d|", "%05d",   "%+d",     "% d", "%+05d", "%.3d",
    "%8.3d", "%-8.3d|", "%.0d",  "%i",     "%x",      "%X",  "%#x",   "%#X",
    "%#o",   "%o",      "%08x",  "%#010x", "%-#10x|", "%u",  "%.10u", "%+.2d",
    "% 7i",  "%hhd",    "%hhu",  "%hhx",   "%hd",     "%hu", "%hx",   "%#ho",
};

static const char *const long_formats[] = {
    "%ld",  "%lld",  "%20lld", "%-20lld|", "%+lld", "%llx",    "%#llx",
    "%llo", "%#llo", "%llu",   "%020lld",  "%lX",   "%.25lld", "% lld",
    "%jd",  "%jx",   "%zd",    "%zu",      "%zx",   "%td",     "%tx",
};

int main(void)
{
    char buf[128];
    for (unsigned i = 0; i < sizeof(vals) / sizeof(vals[0]); i++) {
        long long v = vals[i];
        int iv = (int)v;
        printf("value %lld\n", v);
        for (unsigned f = 0; f < sizeof(int_formats) / sizeof(int_formats[0]);
             f++) {
            printf("  [%s] ", int_formats[f]);
            int n = printf(int_formats[f], iv);
            printf(" (%d)\n", n);
        }
        for (unsigned f = 0; f < sizeof(long_formats) / sizeof(long_formats[0]);
             f++) {
            printf("  [%s] ", long_formats[f]);
            int n = printf(long_formats[f], v);
            printf(" (%d)\n", n);
        }
    }
    printf("INT64_MIN %" PRId64 " %" PRIx64 " %" PRIo64 "\n", INT64_MIN,
           (uint64_t)INT64_MIN, (uint64_t)INT64_MIN);
    printf("INT64_MAX %" PRIi64 " UINT64_MAX %" PRIu64 " %" PRIX64 "\n",
           INT64_MAX, UINT64_MAX, UINT64_MAX);
    printf("int8 %" PRId8 " %" PRIu8 " int16 %" PRId16 " %" PRIx16 "\n",
           (int8_t)-100, (uint8_t)200, (int16_t)-30000, (uint16_t)0xbeef);
    for (int w = 0; w <= 12; w += 3)
        for (int p = -1; p <= 6; p += 2)
            printf("star w=%d p=%d [%*.*d] [%-*.*x]\n", w, p, w, p, -1234, w, p,
                   0xabcu);
    printf("chars [%c][%5c][%-5c] pct %% [%s] [%.3s] [%10.2s] [%-10s]\n", 'x',
           'y', 'z', "string", "truncate", "ab", "left");
    int n1 = 0, n2 = 0;
    printf("count%n here%n\n", &n1, &n2);
    printf("n1=%d n2=%d\n", n1, n2);
    printf("positional %2$s %1$s %3$05d\n", "world", "hello", 42);
    int n = snprintf(buf, 10, "%d-%d-%d", 123456, 789, -1);
    printf("snprintf trunc n=%d buf=%s\n", n, buf);
    n = snprintf(NULL, 0, "%lld", LLONG_MIN);
    printf("snprintf null n=%d\n", n);
    for (unsigned sh = 0; sh < 64; sh += 5) {
        unsigned long long u = 1ULL << sh;
        printf("pow2 %2u %llu %llx %llo %lld\n", sh, u, u, u,
               -(long long)(u >> 1));
    }
    return 0;
}
