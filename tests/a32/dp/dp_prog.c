/*
 * Compiler-generated integer code (SHA-256, a sort, 64-bit multiply,
 * divide and shifts through libgcc, bit tricks, switch tables) as a
 * whole program rather than one instruction at a time; prints digests
 * that must match qemu-arm's. Freestanding, linked with libgcc only.
 */
#include "dp_harness.h"

static const uint32_t k256[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
    0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
    0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
    0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
    0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
    0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
    0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
    0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
    0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static uint32_t ror(uint32_t x, int n)
{
    return x >> n | x << (32 - n);
}

static void sha256_block(uint32_t st[8], const uint8_t *p)
{
    uint32_t w[64], a[8];

    for (int i = 0; i < 16; i++)
        w[i] = (uint32_t)p[4 * i] << 24 | p[4 * i + 1] << 16 |
               p[4 * i + 2] << 8 | p[4 * i + 3];
    for (int i = 16; i < 64; i++) {
        uint32_t s0 = ror(w[i - 15], 7) ^ ror(w[i - 15], 18) ^ w[i - 15] >> 3;
        uint32_t s1 = ror(w[i - 2], 17) ^ ror(w[i - 2], 19) ^ w[i - 2] >> 10;
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    for (int i = 0; i < 8; i++)
        a[i] = st[i];
    for (int i = 0; i < 64; i++) {
        uint32_t t1 = a[7] + (ror(a[4], 6) ^ ror(a[4], 11) ^ ror(a[4], 25)) +
                      ((a[4] & a[5]) ^ (~a[4] & a[6])) + k256[i] + w[i];
        uint32_t t2 = (ror(a[0], 2) ^ ror(a[0], 13) ^ ror(a[0], 22)) +
                      ((a[0] & a[1]) ^ (a[0] & a[2]) ^ (a[1] & a[2]));
        for (int j = 7; j > 0; j--)
            a[j] = a[j - 1];
        a[4] += t1;
        a[0] = t1 + t2;
    }
    for (int i = 0; i < 8; i++)
        st[i] += a[i];
}

static void sort(int32_t *v, int n)
{
    for (int gap = n / 2; gap > 0; gap /= 2)
        for (int i = gap; i < n; i++)
            for (int j = i; j >= gap && v[j - gap] > v[j]; j -= gap) {
                int32_t t = v[j];
                v[j] = v[j - gap];
                v[j - gap] = t;
            }
}

static int classify(uint32_t x)
{
    switch (x % 11) {
    case 0: return 7;
    case 1: return -3;
    case 2: return (int)(x >> 29);
    case 3: return __builtin_popcount(x);
    case 4: return __builtin_clz(x | 1);
    case 5: return __builtin_ctz(x | 0x100);
    case 6: return (int16_t)x >> 3;
    case 7: return (int)(int8_t)(x >> 8);
    case 8: return (int)((x * 0x9e3779b9u) >> 27);
    default: return (int)x / -7;
    }
}

/* libgcc's division by zero calls it; nothing here divides by zero. */
int raise(int sig)
{
    return sig;
}

void _start(void)
{
    uint32_t st[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                      0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    uint8_t block[64];
    int32_t v[300];
    uint64_t x = 88172645463325252ull, acc = 0;
    int64_t s = 0;

    for (int r = 0; r < 200; r++) {
        for (int i = 0; i < 64; i++)
            block[i] = (uint8_t)(r * 31 + i * 7);
        sha256_block(st, block);
    }
    for (int i = 0; i < 8; i++)
        hex(st[i]);
    put("\n");
    for (int i = 0; i < 300; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        v[i] = (int32_t)x;
    }
    sort(v, 300);
    for (int i = 0; i < 300; i++) {
        acc = acc * 1000003u + (uint32_t)v[i];
        s += (int64_t)v[i] * v[299 - i] / (int64_t)(i * 977 + 1);
        s ^= (int64_t)(acc % (uint64_t)(i + 3)) << (i % 40);
        acc += (uint64_t)classify((uint32_t)v[i]) * 0x100000001ull;
    }
    hex(v[0]);
    hex(v[299]);
    hex((uint32_t)(acc >> 32));
    hex((uint32_t)acc);
    hex((uint32_t)((uint64_t)s >> 32));
    hex((uint32_t)s);
    put("\n");
    dp_exit();
}
