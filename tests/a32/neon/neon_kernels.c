/*
 * Kernels written the way OpenSSL and zlib write their NEON code: a
 * ChaCha20 block (VADD, VEOR, VREV32.16, VSHL+VSRI rotates, VEXT lane
 * shuffles) and an Adler-32 (VPADAL, VMLAL, VPADD), each checked against
 * a scalar version in the same program, and the outputs compared with
 * qemu-arm's. Freestanding (harness.h).
 */
#include <arm_neon.h>

#include "harness.h"

static uint32_t rotl32(uint32_t x, int n)
{
    return x << n | x >> (32 - n);
}

static void chacha_scalar(uint32_t out[16], const uint32_t in[16])
{
    uint32_t x[16];
    for (int i = 0; i < 16; i++) {
        x[i] = in[i];
    }
#define QR(a, b, c, d)                                                         \
    x[a] += x[b], x[d] = rotl32(x[d] ^ x[a], 16);                              \
    x[c] += x[d], x[b] = rotl32(x[b] ^ x[c], 12);                              \
    x[a] += x[b], x[d] = rotl32(x[d] ^ x[a], 8);                               \
    x[c] += x[d], x[b] = rotl32(x[b] ^ x[c], 7)
    for (int i = 0; i < 10; i++) {
        QR(0, 4, 8, 12);
        QR(1, 5, 9, 13);
        QR(2, 6, 10, 14);
        QR(3, 7, 11, 15);
        QR(0, 5, 10, 15);
        QR(1, 6, 11, 12);
        QR(2, 7, 8, 13);
        QR(3, 4, 9, 14);
    }
#undef QR
    for (int i = 0; i < 16; i++) {
        out[i] = x[i] + in[i];
    }
}

static uint32x4_t rotl_v(uint32x4_t x, int n)
{
    /* Constant shifts after inlining: VSHL #n then VSRI #(32 - n). */
    switch (n) {
    case 12: return vsriq_n_u32(vshlq_n_u32(x, 12), x, 20);
    case 8: return vsriq_n_u32(vshlq_n_u32(x, 8), x, 24);
    default: return vsriq_n_u32(vshlq_n_u32(x, 7), x, 25);
    }
}

static void chacha_neon(uint32_t out[16], const uint32_t in[16])
{
    uint32x4_t a = vld1q_u32(in), b = vld1q_u32(in + 4);
    uint32x4_t c = vld1q_u32(in + 8), d = vld1q_u32(in + 12);
    uint32x4_t a0 = a, b0 = b, c0 = c, d0 = d;

    for (int i = 0; i < 10; i++) {
        for (int diag = 0; diag < 2; diag++) {
            a = vaddq_u32(a, b);
            d = vreinterpretq_u32_u16(
                vrev32q_u16(vreinterpretq_u16_u32(veorq_u32(d, a))));
            c = vaddq_u32(c, d);
            b = rotl_v(veorq_u32(b, c), 12);
            a = vaddq_u32(a, b);
            d = rotl_v(veorq_u32(d, a), 8);
            c = vaddq_u32(c, d);
            b = rotl_v(veorq_u32(b, c), 7);
            if (diag == 0) {
                b = vextq_u32(b, b, 1);
                c = vextq_u32(c, c, 2);
                d = vextq_u32(d, d, 3);
            } else {
                b = vextq_u32(b, b, 3);
                c = vextq_u32(c, c, 2);
                d = vextq_u32(d, d, 1);
            }
        }
    }
    vst1q_u32(out, vaddq_u32(a, a0));
    vst1q_u32(out + 4, vaddq_u32(b, b0));
    vst1q_u32(out + 8, vaddq_u32(c, c0));
    vst1q_u32(out + 12, vaddq_u32(d, d0));
}

static uint32_t adler_scalar(const uint8_t *p, int n)
{
    uint32_t a = 1, b = 0;
    for (int i = 0; i < n; i++) {
        a = (a + p[i]) % 65521;
        b = (b + a) % 65521;
    }
    return b << 16 | a;
}

static uint32_t hsum_u32(uint32x4_t v)
{
    uint32x2_t r = vpadd_u32(vget_low_u32(v), vget_high_u32(v));
    return vget_lane_u32(vpadd_u32(r, r), 0);
}

/* 32 bytes per step (n a multiple of 32): the byte sum by VPADDL/VPADAL,
 * the weighted sum (32 - k) * p[k] by VMULL/VMLAL. */
static uint32_t adler_neon(const uint8_t *p, int n)
{
    static const uint8_t taps[32] = {32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22,
                                     21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11,
                                     10, 9,  8,  7,  6,  5,  4,  3,  2,  1};
    uint8x16_t t0 = vld1q_u8(taps), t1 = vld1q_u8(taps + 16);
    uint32_t a = 1, b = 0;

    for (int i = 0; i < n; i += 32) {
        uint8x16_t x0 = vld1q_u8(p + i), x1 = vld1q_u8(p + i + 16);
        uint16x8_t s = vpadalq_u8(vpaddlq_u8(x0), x1);
        uint16x8_t w = vmull_u8(vget_low_u8(x0), vget_low_u8(t0));
        w = vmlal_u8(w, vget_high_u8(x0), vget_high_u8(t0));
        w = vmlal_u8(w, vget_low_u8(x1), vget_low_u8(t1));
        w = vmlal_u8(w, vget_high_u8(x1), vget_high_u8(t1));
        b = (b + 32 * a + hsum_u32(vpaddlq_u16(w))) % 65521;
        a = (a + hsum_u32(vpaddlq_u16(s))) % 65521;
    }
    return b << 16 | a;
}

int main(void)
{
    uint32_t in[16], o1[16], o2[16];
    static uint8_t data[1024];
    uint32_t x = 42;

    for (int i = 0; i < 16; i++) {
        x = x * 1664525u + 1013904223u;
        in[i] = x;
    }
    chacha_scalar(o1, in);
    chacha_neon(o2, in);
    int same = 1;
    for (int i = 0; i < 16; i++) {
        same &= o1[i] == o2[i];
    }
    SHOW("chacha neon == scalar", (uint32_t)same);
    SHOW("chacha word 0", o2[0]);
    SHOW("chacha word 15", o2[15]);
    for (int i = 0; i < 1024; i++) {
        x = x * 1664525u + 1013904223u;
        data[i] = (uint8_t)(x >> 24);
    }
    uint32_t s1 = adler_scalar(data, 1024), s2 = adler_neon(data, 1024);
    SHOW("adler32 scalar", s1);
    SHOW("adler32 neon", s2);
    return 0;
}
