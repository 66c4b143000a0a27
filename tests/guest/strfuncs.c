/* Guest test: string functions (strlen, strchr, strrchr, strcmp, strncmp,
 * strcpy, strcat, strstr, strspn, strcspn, strpbrk, strnlen, stpcpy) with
 * strings at every alignment 0..31 and many lengths. Prints offsets only. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char buf_a[512], buf_b[512], buf_c[1024];

static size_t opaque(size_t x)
{
    __asm__ volatile("" : "+r"(x));
    return x;
}

static void make_str(char *p, size_t len, unsigned seed)
{
    for (size_t i = 0; i < len; i++) {
        seed = seed * 1103515245u + 12345u;
        /* Printable letters plus some high bytes, never NUL. */
        unsigned v = (seed >> 16) % 40;
        p[i] = (char)(v < 26 ? 'a' + v : v < 36 ? '0' + (v - 26) : 0x80 + v);
    }
    p[len] = 0;
}

static long off(const char *base, const char *p)
{
    return p ? (long)(p - base) : -1L;
}

static int sgn(int x)
{
    return (x > 0) - (x < 0);
}

static void test_scan(void)
{
    for (unsigned a = 0; a < 32; a++) {
        uint32_t h = 0;
        for (size_t len = 0; len <= 70; len++) {
            char *s = buf_a + a;
            make_str(s, len, (unsigned)(a * 100 + len));
            size_t l = strlen(s);
            long c1 = off(s, strchr(s, 'e'));
            long c2 = off(s, strrchr(s, 'e'));
            long c3 = off(s, strchr(s, 0));
            long c4 = off(s, strchr(s, (char)0xa0));
            long c5 = off(s, strrchr(s, '7'));
            size_t sp = strspn(s, "abcdefghijklm");
            size_t cs = strcspn(s, "xyz0");
            long pb = off(s, strpbrk(s, "q9"));
            size_t nl = strnlen(s, opaque(len / 2 + 1));
            long mc = off(s, memchr(s, 'k', len));
            long mr = off(s, memrchr(s, 'k', len));
            long rc = off(s, rawmemchr(s, 0));
            h = h * 131 + (uint32_t)(l + c1 * 3 + c2 * 5 + c3 * 7 + c4 * 11 +
                                     c5 * 13 + sp * 17 + cs * 19 + pb * 23 +
                                     nl * 29 + mc * 31 + mr * 37 + rc * 41);
            if (len % 10 == 3)
                printf(
                    "scan a=%u len=%zu: %zu %ld %ld %ld %ld %ld %zu %zu %ld %zu %ld %ld\n",
                    a, len, l, c1, c2, c3, c4, c5, sp, cs, pb, nl, mc, mr);
        }
        printf("scan a=%u hash=%08x\n", a, h);
    }
}

static void test_compare(void)
{
    int hist[3][3] = {{0}};
    for (unsigned a = 0; a < 32; a++) {
        uint32_t h = 0;
        for (unsigned b = 0; b < 32; b += 3) {
            for (size_t len = 0; len <= 64; len += 1 + (len > 20) * 4) {
                char *s = buf_a + a, *t = buf_b + b;
                make_str(s, len, (unsigned)len * 7);
                memcpy(t, s, len + 1);
                size_t pos = len ? (a * 3 + b) % len : 0;
                if (len && ((a + b) % 3) == 1)
                    t[pos] = (char)(t[pos] ^ 0x81);
                else if (len && ((a + b) % 3) == 2)
                    t[pos] = 0;
                int r1 = sgn(strcmp(s, t));
                int r2 = sgn(strncmp(s, t, opaque(pos)));
                int r3 = sgn(strncmp(s, t, opaque(pos + 1)));
                int r4 = sgn(strcasecmp(s, t));
                hist[0][r1 + 1]++;
                hist[1][r3 + 1]++;
                hist[2][r4 + 1]++;
                h = h * 31 + (uint32_t)((r1 + 1) * 27 + (r2 + 1) * 9 +
                                        (r3 + 1) * 3 + (r4 + 1));
            }
        }
        printf("cmp a=%u hash=%08x\n", a, h);
    }
    for (int i = 0; i < 3; i++)
        printf("cmp hist %d: %d %d %d\n", i, hist[i][0], hist[i][1],
               hist[i][2]);
    const char *pairs[][2] = {
        {"", ""},         {"a", ""},          {"", "a"},
        {"abc", "abd"},   {"abc", "ab"},      {"\x80", "\x7f"},
        {"\xff", "\x01"}, {"Hello", "hello"}, {"same", "same"}};
    for (unsigned i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++)
        printf("pair %u strcmp=%d strcasecmp=%d strncmp2=%d\n", i,
               sgn(strcmp(pairs[i][0], pairs[i][1])),
               sgn(strcasecmp(pairs[i][0], pairs[i][1])),
               sgn(strncmp(pairs[i][0], pairs[i][1], 2)));
}

static void test_copy(void)
{
    for (unsigned a = 0; a < 32; a++) {
        uint32_t h = 2166136261u;
        for (unsigned d = 0; d < 32; d += 5) {
            for (size_t len = 0; len <= 100; len += 1 + len / 10) {
                char *s = buf_a + a;
                make_str(s, len, (unsigned)(len + a));
                memset(buf_c, '#', sizeof(buf_c));
                char *dst = buf_c + d;
                char *r = strcpy(dst, s);
                char *e = stpcpy(dst + len + 1, "-tail");
                strcat(dst, "+cat");
                strncat(dst, s, 5);
                size_t total = strlen(dst);
                for (size_t i = 0; i < 260; i++)
                    h = (h ^ (unsigned char)buf_c[i]) * 16777619u;
                h ^= (uint32_t)(off(buf_c, r) + off(buf_c, e) * 7 +
                                (long)total * 13);
            }
        }
        printf("copy a=%u hash=%08x\n", a, h);
    }
}

static void test_strstr(void)
{
    const char *hay = "the quick brown fox jumps over the lazy dog; "
                      "aaaaaaaaaaaaaaaaaaaaaaaaaaaaab abababababababac";
    const char *needles[] = {"",
                             "t",
                             "the",
                             "lazy",
                             "dog;",
                             "fox jumps",
                             "cat",
                             "aaab",
                             "aaaaaaaaaaaaaaaaab",
                             "ababac",
                             "abababababac",
                             "bac",
                             "c",
                             "qu",
                             "zz",
                             "; a"};
    for (unsigned a = 0; a < 32; a += 3) {
        char *h = buf_c + a;
        strcpy(h, hay);
        printf("strstr a=%u:", a);
        for (unsigned i = 0; i < sizeof(needles) / sizeof(needles[0]); i++) {
            char *n = buf_b + ((a + i) % 16);
            strcpy(n, needles[i]);
            printf(" %ld", off(h, strstr(h, n)));
        }
        printf(" | %ld %ld\n", off(h, strcasestr(h, "QUICK")),
               off(h, memmem(h, strlen(h), "ob a", 4)));
    }
    char *tok_src = strdup("  alpha,beta;;gamma ,delta  ");
    char *save = NULL;
    for (char *t = strtok_r(tok_src, " ,;", &save); t;
         t = strtok_r(NULL, " ,;", &save))
        printf("tok [%s]\n", t);
    free(tok_src);
}

int main(void)
{
    test_scan();
    test_compare();
    test_copy();
    test_strstr();
    return 0;
}
