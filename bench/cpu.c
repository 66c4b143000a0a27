/* CPU-bound benchmark kernels for comparing arx with native and qemu-user:
 * usage: cpu KERNEL [SCALE]; SCALE counts work units of roughly 0.1 s native
 * (default 10). Each kernel prints one deterministic checksum line (the
 * harness checks all runners agree); no timing is done in here. */
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel_main.h"

static uint64_t rng_state = 0x853c49e6748fea9bull;

static uint32_t rng32(void)
{
    rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
    uint32_t x = (uint32_t)(((rng_state >> 18) ^ rng_state) >> 27);
    unsigned rot = (unsigned)(rng_state >> 59);
    return (x >> rot) | (x << ((32 - rot) & 31));
}

/* Sieve of Eratosthenes over a byte array: loads, stores, tight loops. */
static uint64_t kernel_sieve(int scale)
{
    const size_t n = 20000000;
    unsigned char *composite = malloc(n + 1);
    uint64_t total = 0;
    for (int round = 0; round < scale; round++) {
        memset(composite, 0, n + 1);
        uint64_t count = 0, sum = 0;
        for (size_t i = 2; i <= n; i++) {
            if (composite[i])
                continue;
            count++;
            sum += i;
            for (size_t j = i * i; j <= n; j += i)
                composite[j] = 1;
        }
        total += count * 1000003 + sum;
    }
    free(composite);
    return total;
}

/* Table-driven CRC-32 (byte at a time): load-dependent address chains. */
static uint64_t kernel_crc32(int scale)
{
    static uint32_t table[256];
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++)
            c = (c >> 1) ^ (0xedb88320u & -(c & 1));
        table[i] = c;
    }
    const size_t len = 1 << 20;
    unsigned char *buf = malloc(len);
    for (size_t i = 0; i < len; i++)
        buf[i] = (unsigned char)rng32();
    uint64_t acc = 0;
    for (int round = 0; round < 30 * scale; round++) {
        uint32_t c = 0xffffffffu ^ (uint32_t)round;
        for (size_t i = 0; i < len; i++)
            c = table[(c ^ buf[i]) & 0xff] ^ (c >> 8);
        acc = acc * 31 + ~c;
    }
    free(buf);
    return acc;
}

/* Integer matrix multiply (i-k-j order): multiply-add throughput. */
static uint64_t kernel_matmul(int scale)
{
    const int n = 320;
    int32_t *a = malloc(sizeof(int32_t) * n * n);
    int32_t *b = malloc(sizeof(int32_t) * n * n);
    int32_t *c = malloc(sizeof(int32_t) * n * n);
    for (int i = 0; i < n * n; i++) {
        a[i] = (int32_t)(rng32() % 2001) - 1000;
        b[i] = (int32_t)(rng32() % 2001) - 1000;
    }
    uint64_t acc = 0;
    for (int round = 0; round < 10 * scale; round++) {
        memset(c, 0, sizeof(int32_t) * n * n);
        for (int i = 0; i < n; i++)
            for (int k = 0; k < n; k++) {
                int32_t aik = a[i * n + k];
                for (int j = 0; j < n; j++)
                    c[i * n + j] += aik * b[k * n + j];
            }
        for (int i = 0; i < n * n; i += 7)
            acc = acc * 1099511628211ull + (uint32_t)c[i];
        a[round % (n * n)] ^= 1;
    }
    free(a);
    free(b);
    free(c);
    return acc;
}

static void quicksort(uint32_t *v, long lo, long hi)
{
    while (hi - lo > 12) {
        uint32_t p = v[lo + (hi - lo) / 2];
        long i = lo, j = hi;
        while (i <= j) {
            while (v[i] < p)
                i++;
            while (v[j] > p)
                j--;
            if (i <= j) {
                uint32_t t = v[i];
                v[i++] = v[j];
                v[j--] = t;
            }
        }
        if (j - lo < hi - i) {
            quicksort(v, lo, j);
            lo = i;
        } else {
            quicksort(v, i, hi);
            hi = j;
        }
    }
    for (long i = lo + 1; i <= hi; i++) {
        uint32_t x = v[i];
        long k = i - 1;
        while (k >= lo && v[k] > x) {
            v[k + 1] = v[k];
            k--;
        }
        v[k + 1] = x;
    }
}

/* Quicksort of random 32-bit keys: unpredictable branches, recursion. */
static uint64_t kernel_sort(int scale)
{
    const long n = 1000000;
    uint32_t *v = malloc(sizeof(uint32_t) * (size_t)n);
    uint64_t acc = 0;
    for (int round = 0; round < scale; round++) {
        for (long i = 0; i < n; i++)
            v[i] = rng32();
        quicksort(v, 0, n - 1);
        for (long i = 0; i < n; i += 1000)
            acc = acc * 31 + v[i];
    }
    free(v);
    return acc;
}

/* Bytecode interpreter: switch dispatch, indirect branches. */
enum {
    OP_PUSH,
    OP_LOAD,
    OP_STORE,
    OP_ADD,
    OP_SUB,
    OP_MUL,
    OP_AND,
    OP_XOR,
    OP_SHR,
    OP_LT,
    OP_JZ,
    OP_JMP,
    OP_HALT
};

static int64_t interp_run(const int32_t *code, int64_t *vars)
{
    int64_t stack[64];
    int sp = 0, pc = 0;
    for (;;) {
        int32_t op = code[pc++];
        switch (op) {
        case OP_PUSH: stack[sp++] = code[pc++]; break;
        case OP_LOAD: stack[sp++] = vars[code[pc++]]; break;
        case OP_STORE: vars[code[pc++]] = stack[--sp]; break;
        case OP_ADD:
            sp--;
            stack[sp - 1] += stack[sp];
            break;
        case OP_SUB:
            sp--;
            stack[sp - 1] -= stack[sp];
            break;
        case OP_MUL:
            sp--;
            stack[sp - 1] *= stack[sp];
            break;
        case OP_AND:
            sp--;
            stack[sp - 1] &= stack[sp];
            break;
        case OP_XOR:
            sp--;
            stack[sp - 1] ^= stack[sp];
            break;
        case OP_SHR:
            sp--;
            stack[sp - 1] = (int64_t)((uint64_t)stack[sp - 1] >> stack[sp]);
            break;
        case OP_LT:
            sp--;
            stack[sp - 1] = stack[sp - 1] < stack[sp];
            break;
        case OP_JZ: pc = stack[--sp] ? pc + 1 : code[pc]; break;
        case OP_JMP: pc = code[pc]; break;
        case OP_HALT: return vars[1];
        default: return -1;
        }
    }
}

static uint64_t kernel_interp(int scale)
{
    /* i = 0; h = 7; while (i < N) { h = (h * 31 + i) ^ (h >> 7) & mask; i++ }
     */
    const int32_t code[] = {
        OP_PUSH,  0,       OP_STORE, 0,              /* 0: i = 0 */
        OP_PUSH,  7,       OP_STORE, 1,              /* 4: h = 7 */
        OP_LOAD,  0,       OP_LOAD,  2,      OP_LT,  /* 8: i < N */
        OP_JZ,    43,                                /* 13 */
        OP_LOAD,  1,       OP_PUSH,  31,     OP_MUL, /* 15 */
        OP_LOAD,  0,       OP_ADD,                   /* 20 */
        OP_LOAD,  1,       OP_PUSH,  7,      OP_SHR, /* 23 */
        OP_XOR,   OP_LOAD, 3,        OP_AND,         /* 28 */
        OP_STORE, 1,                                 /* 32 */
        OP_LOAD,  0,       OP_PUSH,  1,      OP_ADD, /* 34 */
        OP_STORE, 0,       OP_JMP,   8,              /* 39 */
        OP_HALT,                                     /* 43 */
    };
    int64_t vars[4] = {0, 0, 2400000LL * scale, 0xffffffffffffLL};
    uint64_t r = (uint64_t)interp_run(code, vars);
    return r ^ ((uint64_t)vars[0] << 48);
}

/* SHA-256 compression function over a buffer: rotates, adds, logic ops. */
static uint64_t kernel_sha(int scale)
{
    static const uint32_t k[64] = {
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
        0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};
    uint32_t h[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                     0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    const size_t len = 1 << 16;
    unsigned char *buf = malloc(len);
    for (size_t i = 0; i < len; i++)
        buf[i] = (unsigned char)rng32();
#define ROR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))
    for (int round = 0; round < 400 * scale; round++) {
        for (size_t off = 0; off < len; off += 64) {
            uint32_t w[64];
            for (int t = 0; t < 16; t++) {
                const unsigned char *p = buf + off + 4 * t;
                w[t] = (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
                       (uint32_t)p[2] << 8 | p[3];
            }
            for (int t = 16; t < 64; t++) {
                uint32_t s0 =
                    ROR(w[t - 15], 7) ^ ROR(w[t - 15], 18) ^ (w[t - 15] >> 3);
                uint32_t s1 =
                    ROR(w[t - 2], 17) ^ ROR(w[t - 2], 19) ^ (w[t - 2] >> 10);
                w[t] = w[t - 16] + s0 + w[t - 7] + s1;
            }
            uint32_t a = h[0], b = h[1], c = h[2], d = h[3];
            uint32_t e = h[4], f = h[5], g = h[6], hh = h[7];
            for (int t = 0; t < 64; t++) {
                uint32_t t1 = hh + (ROR(e, 6) ^ ROR(e, 11) ^ ROR(e, 25)) +
                              ((e & f) ^ (~e & g)) + k[t] + w[t];
                uint32_t t2 = (ROR(a, 2) ^ ROR(a, 13) ^ ROR(a, 22)) +
                              ((a & b) ^ (a & c) ^ (b & c));
                hh = g;
                g = f;
                f = e;
                e = d + t1;
                d = c;
                c = b;
                b = a;
                a = t1 + t2;
            }
            h[0] += a;
            h[1] += b;
            h[2] += c;
            h[3] += d;
            h[4] += e;
            h[5] += f;
            h[6] += g;
            h[7] += hh;
        }
    }
#undef ROR
    free(buf);
    return (uint64_t)h[0] << 32 | (h[7] ^ h[3]);
}

/* Scalar double arithmetic: multiply-add, divide, sqrt, compare. */
static uint64_t kernel_fpmix(int scale)
{
    double x = 0.5, s = 0.0;
    long n = 2000000L * scale;

    for (long i = 0; i < n; i++) {
        x = x * 1.0000001 + 0.25;
        if (x > 1000.0)
            x = x / 3.0 - 1.0;
        s += sqrt(x) * 0.5;
    }
    return (uint64_t)(s * 1000.0) ^ (uint64_t)(x * 1e6);
}

static const BenchKernel kernels[] = {
    {"sieve", kernel_sieve},   {"crc32", kernel_crc32},
    {"matmul", kernel_matmul}, {"sort", kernel_sort},
    {"interp", kernel_interp}, {"sha256", kernel_sha},
    {"fpmix", kernel_fpmix},
};

int main(int argc, char **argv)
{
    return bench_kernel_main(argc, argv, kernels,
                             (int)(sizeof(kernels) / sizeof(kernels[0])), 10);
}
