/* Differential test: glibc's string and memory functions, which on aarch64
 * use Advanced SIMD (ld1/cmeq/umaxp/addp/shrn/uminv, dc zva in memset),
 * over every length 0..300 and source/destination alignment 0..31, and
 * strings ending right before an unmapped page (those routines read whole
 * aligned 16-byte chunks and must not fault). Each result is checked
 * against a byte loop here and summarised; it must print nothing that
 * depends on addresses. */
#define _GNU_SOURCE /* memrchr, rawmemchr */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define AREA 4096

static unsigned char src_area[AREA], dst_area[AREA], ref_area[AREA];
static unsigned long checks, errors;
static uint64_t digest = 0xcbf29ce484222325ull;

static void note(uint64_t v)
{
    digest = (digest ^ v) * 0x100000001b3ull;
}

static void expect(int ok, const char *what, size_t len, size_t align)
{
    checks++;
    if (!ok && errors++ < 10)
        printf("MISMATCH %s len=%zu align=%zu\n", what, len, align);
}

static void fill(unsigned char *p, size_t n, unsigned seed)
{
    for (size_t i = 0; i < n; i++) {
        seed = seed * 1103515245u + 12345u;
        p[i] = (unsigned char)(seed >> 16 | 1); /* never 0 */
    }
}

static void test_copy_set(void)
{
    for (size_t len = 0; len <= 300; len++) {
        for (size_t sa = 0; sa < 32; sa += (len < 64 ? 1 : 7)) {
            size_t da = (sa * 5 + len) % 32;
            fill(src_area, 512, (unsigned)(len * 131 + sa));
            memset(dst_area, 0xee, 512);
            memcpy(dst_area + da, src_area + sa, len);
            int ok = memcmp(dst_area + da, src_area + sa, len) == 0 &&
                     (da == 0 || dst_area[da - 1] == 0xee) &&
                     dst_area[da + len] == 0xee;
            expect(ok, "memcpy", len, sa);
            memset(dst_area + da, (int)(len & 0xff), len);
            ok = dst_area[da + len] == 0xee &&
                 (da == 0 || dst_area[da - 1] == 0xee);
            for (size_t i = 0; i < len; i++)
                ok &= dst_area[da + i] == (unsigned char)len;
            expect(ok, "memset", len, sa);
            /* Overlapping moves both ways. */
            memcpy(ref_area, src_area, 512);
            memmove(src_area + sa + 3, src_area + sa, len);
            for (size_t i = len; i-- > 0;)
                ref_area[sa + 3 + i] = ref_area[sa + i];
            expect(memcmp(ref_area, src_area, 512) == 0, "memmove+", len, sa);
            memmove(src_area + sa, src_area + sa + 5, len);
            for (size_t i = 0; i < len; i++)
                ref_area[sa + i] = ref_area[sa + 5 + i];
            expect(memcmp(ref_area, src_area, 512) == 0, "memmove-", len, sa);
            note(src_area[sa + len / 2]);
        }
    }
    /* Large copies and clears (dc zva, ldp/stp q loops). */
    static unsigned char big_a[70000], big_b[70000];
    fill(big_a, sizeof big_a, 7);
    for (size_t len = 4096; len <= 65536 + 333; len = len * 2 + 333) {
        memcpy(big_b + 1, big_a + 3, len);
        expect(memcmp(big_b + 1, big_a + 3, len) == 0, "memcpy big", len, 3);
        memset(big_b + 5, 0, len);
        size_t nz = 0;
        for (size_t i = 5; i < len + 5; i++)
            nz += big_b[i] != 0;
        expect(nz == 0 && big_b[4] == big_a[6], "memset big", len, 5);
    }
}

static size_t ref_strlen(const unsigned char *s)
{
    size_t n = 0;
    while (s[n])
        n++;
    return n;
}

static void test_search(void)
{
    for (size_t len = 0; len <= 200; len++) {
        for (size_t sa = 0; sa < 32; sa += (len < 48 ? 1 : 5)) {
            unsigned char *s = src_area + sa;
            fill(s, len + 40, (unsigned)(len * 7 + sa));
            s[len] = 0;
            size_t l = strlen((char *)s);
            expect(l == len, "strlen", len, sa);
            expect(strnlen((char *)s, len / 2) == len / 2, "strnlen", len, sa);
            /* memchr / strchr / memrchr for a byte placed at len/3. */
            unsigned char c = 0x80 | (unsigned char)len;
            for (size_t i = 0; i < len; i++)
                if (s[i] == c)
                    s[i] = 1;
            size_t pos = len / 3;
            if (len > 0)
                s[pos] = c;
            const unsigned char *m = memchr(s, c, len);
            expect(len ? m == s + pos : m == NULL, "memchr", len, sa);
            char *sc = strchr((char *)s, c);
            expect(len ? sc == (char *)s + pos : sc == NULL, "strchr", len, sa);
            expect(strchr((char *)s, 0) == (char *)s + len, "strchr nul", len,
                   sa);
            const unsigned char *mr = memrchr(s, c, len);
            expect(len ? mr == s + pos : mr == NULL, "memrchr", len, sa);
            /* memcmp/strcmp with a difference at the end. */
            memcpy(dst_area + (sa ^ 9), s, len + 1);
            unsigned char *d = dst_area + (sa ^ 9);
            expect(memcmp(d, s, len) == 0 && strcmp((char *)d, (char *)s) == 0,
                   "cmp eq", len, sa);
            if (len > 0) {
                d[len - 1] ^= 0x40;
                int r1 = memcmp(d, s, len), r2 = strcmp((char *)d, (char *)s);
                int want = d[len - 1] > s[len - 1] ? 1 : -1;
                expect((r1 > 0 ? 1 : -1) == want && (r2 > 0 ? 1 : -1) == want,
                       "cmp ne", len, sa);
                expect(strncmp((char *)d, (char *)s, len - 1) == 0, "strncmp",
                       len, sa);
            }
            note(ref_strlen(s) * 31 + pos);
        }
    }
    /* strcpy / stpcpy / strcat / strrchr / strstr / strspn */
    char buf[512], buf2[600];
    memset(buf2, 0x61, sizeof buf2);
    for (size_t len = 0; len < 150; len += 7) {
        fill((unsigned char *)buf, len, (unsigned)len);
        buf[len] = 0;
        char *e = stpcpy(buf2 + (len % 13), buf);
        expect(e == buf2 + (len % 13) + len &&
                   strcmp(buf2 + (len % 13), buf) == 0,
               "stpcpy", len, len % 13);
        strcat(buf2 + (len % 13), "tail");
        expect(strlen(buf2 + (len % 13)) == len + 4, "strcat", len, 0);
        note((uint64_t)(strrchr(buf2, 'a') ? strrchr(buf2, 'a') - buf2 : -1));
        note(strspn(
            buf, "\x01\x03\x05\x07\x09\x0b\x0d\x0f\x11\x13\x15\x17\x19\x1b"));
        note(strcspn(buf, "\x80\x81\x82"));
    }
    const char *hay = "the quick brown fox jumps over the lazy dog; the end";
    printf("strstr %td %td %p\n", strstr(hay, "the lazy") - hay,
           strstr(hay, "end") - hay, (void *)strstr(hay, "cat"));
}

/* Strings that end at the last byte before a PROT_NONE page. */
static void test_page_end(void)
{
    long pg = sysconf(_SC_PAGESIZE);
    unsigned char *map = mmap(NULL, 2 * (size_t)pg, PROT_READ | PROT_WRITE,
                              MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (map == MAP_FAILED) {
        printf("mmap failed\n");
        return;
    }
    mprotect(map + pg, (size_t)pg, PROT_NONE);
    unsigned char *end = map + pg;
    for (size_t len = 0; len < 80; len++) {
        unsigned char *s = end - len - 1;
        fill(s, len, (unsigned)len);
        s[len] = 0;
        expect(strlen((char *)s) == len, "strlen@page", len, 0);
        expect(strchr((char *)s, 0xff) == NULL || len > 0, "strchr@page", len,
               0);
        expect(memchr(s, 0, len + 1) == s + len, "memchr@page", len, 0);
        expect(rawmemchr(s, 0) == s + len, "rawmemchr@page", len, 0);
        char tmp[128];
        strcpy(tmp, (char *)s);
        expect(strcmp(tmp, (char *)s) == 0, "strcpy@page", len, 0);
        memcpy(tmp, end - len, len);
        expect(memcmp(tmp, end - len, len) == 0, "memcpy@page", len, 0);
        note(strlen((char *)s));
    }
    munmap(map, 2 * (size_t)pg);
}

int main(void)
{
    test_copy_set();
    test_search();
    test_page_end();
    printf("%lu checks, %lu errors, digest %016llx\n", checks, errors,
           (unsigned long long)digest);
    return errors != 0;
}
