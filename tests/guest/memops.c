/* Guest test: memcpy/memmove/memset/memcmp/memchr at every source and
 * destination alignment 0..31 and lengths 0..200, including overlapping
 * moves both ways. Results are checked against byte loops and hashed. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define BUF 512

static unsigned char src_buf[BUF], dst_buf[BUF], ref_buf[BUF];

static void fill(unsigned char *p, size_t n, unsigned seed)
{
    for (size_t i = 0; i < n; i++) {
        seed = seed * 1103515245u + 12345u;
        p[i] = (unsigned char)(seed >> 16);
    }
}

static uint32_t hash(const unsigned char *p, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 16777619u;
    return h;
}

/* Keep the length opaque so the call is a real library call. */
static size_t opaque(size_t x)
{
    __asm__ volatile("" : "+r"(x));
    return x;
}

static void test_memcpy(void)
{
    unsigned errors = 0;
    for (unsigned sa = 0; sa < 32; sa++) {
        uint32_t line = 0;
        for (unsigned da = 0; da < 32; da++) {
            for (size_t len = 0; len <= 200; len += (len < 40 ? 1 : 7)) {
                fill(src_buf, BUF, sa * 977 + da * 13 + (unsigned)len);
                memset(dst_buf, 0xa5, BUF);
                memset(ref_buf, 0xa5, BUF);
                for (size_t i = 0; i < len; i++)
                    ref_buf[64 + da + i] = src_buf[sa + i];
                memcpy(dst_buf + 64 + da, src_buf + sa, opaque(len));
                if (memcmp(dst_buf, ref_buf, BUF) != 0)
                    errors++;
                line = line * 31 + hash(dst_buf, 300);
            }
        }
        printf("memcpy sa=%2u hash=%08x\n", sa, line);
    }
    printf("memcpy errors=%u\n", errors);
}

static void test_memmove(void)
{
    unsigned errors = 0;
    for (unsigned a = 0; a < 32; a++) {
        uint32_t line = 0;
        for (unsigned b = 0; b < 32; b++) {
            for (size_t len = 0; len <= 200; len += (len < 48 ? 1 : 11)) {
                fill(dst_buf, BUF, a * 31 + b + (unsigned)len);
                memcpy(ref_buf, dst_buf, BUF);
                unsigned char tmp[BUF];
                for (size_t i = 0; i < len; i++)
                    tmp[i] = ref_buf[100 + a + i];
                for (size_t i = 0; i < len; i++)
                    ref_buf[100 + b + i] = tmp[i];
                memmove(dst_buf + 100 + b, dst_buf + 100 + a, opaque(len));
                if (memcmp(dst_buf, ref_buf, BUF) != 0)
                    errors++;
                line = line * 31 + hash(dst_buf + 90, 320);
            }
        }
        printf("memmove a=%2u hash=%08x\n", a, line);
    }
    /* Large overlapping moves by small distances. */
    for (int d = -9; d <= 9; d++) {
        fill(dst_buf, BUF, 77u + (unsigned)(d + 9));
        memmove(dst_buf + 128 + d, dst_buf + 128, opaque(300));
        printf("memmove big d=%d hash=%08x\n", d, hash(dst_buf, BUF));
    }
    printf("memmove errors=%u\n", errors);
}

static void test_memset_memcmp(void)
{
    unsigned errors = 0;
    for (unsigned a = 0; a < 32; a++) {
        uint32_t line = 0;
        for (size_t len = 0; len <= 200; len++) {
            int c = (int)(a * 7 + len) & 0xff;
            memset(dst_buf, 0x5a, BUF);
            memset(dst_buf + a, c, opaque(len));
            for (size_t i = 0; i < BUF; i++) {
                int want = (i >= a && i < a + len) ? c : 0x5a;
                if (dst_buf[i] != want)
                    errors++;
            }
            line = line * 31 + hash(dst_buf, 256);
        }
        printf("memset a=%2u hash=%08x\n", a, line);
    }
    printf("memset errors=%u\n", errors);

    int sign_hist[3] = {0, 0, 0};
    for (unsigned a = 0; a < 32; a++) {
        uint32_t line = 0;
        for (size_t len = 0; len <= 200; len += 3) {
            fill(src_buf, BUF, (unsigned)len);
            memcpy(dst_buf + a, src_buf, len);
            size_t pos = len ? (len * 7 + a) % len : 0;
            int expect = 0;
            if (len && (a & 1)) {
                dst_buf[a + pos] ^= (unsigned char)(0x80 >> (a % 8));
                expect = src_buf[pos] < dst_buf[a + pos] ? -1 : 1;
            }
            int r = memcmp(src_buf, dst_buf + a, opaque(len));
            int s = (r > 0) - (r < 0);
            if (s != expect)
                errors++;
            sign_hist[s + 1]++;
            const unsigned char *hit =
                memchr(dst_buf + a, src_buf[len / 2], opaque(len));
            line = line * 31 + (uint32_t)(s + 1) * 1000 +
                   (hit ? (uint32_t)(hit - (dst_buf + a)) : 999u);
        }
        printf("memcmp a=%2u line=%08x\n", a, line);
    }
    printf("memcmp hist %d %d %d errors=%u\n", sign_hist[0], sign_hist[1],
           sign_hist[2], errors);
}

int main(void)
{
    test_memcpy();
    test_memmove();
    test_memset_memcmp();
    return 0;
}
