/*
 * glibc's NEON string routines (__memcpy_neon, __memchr_neon, linked from
 * the cross toolchain's libc.a) over many sizes and alignments: hashes of
 * the results, compared with qemu-arm's. Freestanding (harness.h) apart
 * from those two objects.
 * CFLAGS: -Wl,--start-group -lc -Wl,--end-group
 */
#include "harness.h"

void *__memcpy_neon(void *d, const void *s, size_t n);
void *__memchr_neon(const void *s, int c, size_t n);

static uint8_t src[4096 + 64], dst[4096 + 64];

static uint32_t fnv(uint32_t h, const void *p, size_t n)
{
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++) {
        h = (h ^ b[i]) * 16777619u;
    }
    return h;
}

int main(void)
{
    static const size_t sizes[] = {0,   1,   2,   3,   7,   8,   15,   16,
                                   17,  31,  32,  33,  63,  64,  65,   127,
                                   128, 129, 255, 256, 257, 511, 1000, 4096};
    uint32_t x = 7, h = 2166136261u, hc = 2166136261u;

    for (size_t i = 0; i < sizeof(src); i++) {
        x = x * 1103515245u + 12345u;
        src[i] = (uint8_t)(x >> 16);
    }
    for (size_t k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
        for (int sa = 0; sa < 8; sa++) {
            for (int da = 0; da < 8; da += 3) {
                memset(dst, 0xee, sizeof(dst));
                __memcpy_neon(dst + da, src + sa, sizes[k]);
                h = fnv(h, dst, sizes[k] + 32);
            }
            const uint8_t *r =
                __memchr_neon(src + sa, src[sa + sizes[k] / 2], sizes[k]);
            uint32_t off = r ? (uint32_t)(r - src) : 0xffffffffu;
            hc = (hc ^ off) * 16777619u;
            r = __memchr_neon(src + sa, 0x100 + 0x5a, sizes[k]);
            off = r ? (uint32_t)(r - src) : 0xffffffffu;
            hc = (hc ^ off) * 16777619u;
        }
    }
    SHOW("memcpy_neon", h);
    SHOW("memchr_neon", hc);
    return 0;
}
