/* More CPU-bound kernels for bench/run-suite.sh, one per translator hazard
 * the speed issue names (division, unpredictable branches, computed goto,
 * call/return, indirect calls, cache misses, FP, auto-vectorised loops).
 * usage: cpu2 KERNEL [SCALE]; one unit of SCALE is about 0.1-0.2 s native.
 * Each kernel prints one checksum line that must be the same on every ISA:
 * build with -ffp-contract=off so no FP result depends on fused multiply-add,
 * and use no libm call but sqrt (correctly rounded everywhere). No timing
 * is done in here. */
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel_main.h"

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint32_t rng32(void)
{
    rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
    uint32_t x = (uint32_t)(((rng_state >> 18) ^ rng_state) >> 27);
    unsigned rot = (unsigned)(rng_state >> 59);
    return (x >> rot) | (x << ((32 - rot) & 31));
}

/* Integer arithmetic: 64-bit multiply, unsigned and signed divide and
 * remainder (with negative operands), gcd loops, shifts. Divisors are never
 * zero: x86 traps where arm64 returns 0, so that case is no benchmark. */
static uint64_t kernel_intarith(int scale)
{
    uint64_t acc = 1, x = 0x12345678u;
    const uint64_t mod = 4294967291u; /* largest 32-bit prime */
    for (long i = 1; i <= 2400000L * scale; i++) {
        x = x * 2862933555777941757ull + 3037000493u;
        uint64_t a = (x >> 20) | 1, b = (x & 0xfffff) + 3;
        acc = (acc * (a % mod)) % mod; /* modular multiply */
        while (b != 0) {               /* Euclid: udiv chains */
            uint64_t t = a % b;
            a = b;
            b = t;
        }
        int64_t s = (int64_t)(x ^ (x >> 7)) >> 13;
        int32_t q = (int32_t)(s / -((int64_t)(i & 255) + 1));
        acc += a + (uint64_t)(int64_t)q + (uint64_t)(s % 97);
        acc ^= acc << 13 ^ acc >> 7;
    }
    return acc ^ x;
}

/* A character-class state machine over random text: data-dependent
 * branches that no predictor can learn. */
static uint64_t kernel_branchy(int scale)
{
    const size_t len = 1 << 20;
    unsigned char *text = malloc(len);
    for (size_t i = 0; i < len; i++) {
        uint32_t r = rng32() % 100;
        if (r < 40)
            text[i] = (unsigned char)('a' + r % 26);
        else if (r < 60)
            text[i] = (unsigned char)('0' + r % 10);
        else if (r < 85)
            text[i] = ' ';
        else
            text[i] = (unsigned char)"+-*/(),;"[r % 8];
    }
    uint64_t words = 0, numbers = 0, puncts = 0, value = 0, longest = 0;
    for (int round = 0; round < 15 * scale; round++) {
        int state = 0; /* 0 space, 1 word, 2 number */
        uint64_t run = 0;
        for (size_t i = 0; i < len; i++) {
            unsigned c = text[i];
            if (c >= 'a' && c <= 'z') {
                if (state != 1) {
                    words++;
                    run = 0;
                }
                state = 1;
                run++;
                if (run > longest)
                    longest = run;
            } else if (c >= '0' && c <= '9') {
                if (state == 1) {
                    run++; /* identifiers may hold digits */
                } else {
                    if (state != 2)
                        numbers++;
                    state = 2;
                    value = value * 10 + (c - '0');
                }
            } else if (c == ' ') {
                state = 0;
            } else {
                puncts++;
                if (c == ';')
                    value ^= value >> 17;
                state = 0;
            }
        }
        text[round % len] = (unsigned char)('a' + round % 26);
    }
    free(text);
    return words * 1000003 ^ numbers * 7919 ^ puncts ^ value ^ longest << 56;
}

/* A register-machine interpreter dispatched with GCC's labels-as-values:
 * one indirect jump at the end of every handler (threaded code). */
enum {
    CG_LI,
    CG_ADD,
    CG_SUB,
    CG_MUL,
    CG_XOR,
    CG_SHR,
    CG_ANDI,
    CG_ADDI,
    CG_BNE,
    CG_BLT,
    CG_MOV,
    CG_HALT
};

struct cg_insn {
    uint8_t op, rd, ra, rb;
    int32_t imm;
};

static uint64_t cgoto_run(const struct cg_insn *code, uint64_t *r)
{
    static void *const dispatch[] = {
        &&op_li,   &&op_add,  &&op_sub, &&op_mul, &&op_xor, &&op_shr,
        &&op_andi, &&op_addi, &&op_bne, &&op_blt, &&op_mov, &&op_halt,
    };
    const struct cg_insn *pc = code;
    goto *dispatch[pc->op];
op_li:
    r[pc->rd] = (uint64_t)(int64_t)pc->imm;
    pc++;
    goto *dispatch[pc->op];
op_add:
    r[pc->rd] = r[pc->ra] + r[pc->rb];
    pc++;
    goto *dispatch[pc->op];
op_sub:
    r[pc->rd] = r[pc->ra] - r[pc->rb];
    pc++;
    goto *dispatch[pc->op];
op_mul:
    r[pc->rd] = r[pc->ra] * r[pc->rb];
    pc++;
    goto *dispatch[pc->op];
op_xor:
    r[pc->rd] = r[pc->ra] ^ r[pc->rb];
    pc++;
    goto *dispatch[pc->op];
op_shr:
    r[pc->rd] = r[pc->ra] >> (pc->imm & 63);
    pc++;
    goto *dispatch[pc->op];
op_andi:
    r[pc->rd] = r[pc->ra] & (uint64_t)(int64_t)pc->imm;
    pc++;
    goto *dispatch[pc->op];
op_addi:
    r[pc->rd] = r[pc->ra] + (uint64_t)(int64_t)pc->imm;
    pc++;
    goto *dispatch[pc->op];
op_bne:
    pc = r[pc->ra] != r[pc->rb] ? code + pc->imm : pc + 1;
    goto *dispatch[pc->op];
op_blt:
    pc = (int64_t)r[pc->ra] < (int64_t)r[pc->rb] ? code + pc->imm : pc + 1;
    goto *dispatch[pc->op];
op_mov:
    r[pc->rd] = r[pc->ra];
    pc++;
    goto *dispatch[pc->op];
op_halt:
    return r[pc->rd];
}

static uint64_t kernel_cgoto(int scale)
{
    /* r1 = i, r2 = n, r3 = hash, r4 = tmp, r5 = odd count:
     * for (i = 0; i < n; i++) { h = (h ^ i) * K; h ^= h >> 29;
     *                           if ((h & 3) != 0) odd++; } */
    const struct cg_insn code[] = {
        {CG_LI, 1, 0, 0, 0},          /* 0 */
        {CG_LI, 3, 0, 0, 12345},      /* 1 */
        {CG_LI, 6, 0, 0, 0x5bd1e995}, /* 2: K */
        {CG_LI, 0, 0, 0, 0},          /* 3: r0 = 0 */
        {CG_XOR, 3, 3, 1, 0},         /* 4: loop */
        {CG_MUL, 3, 3, 6, 0},         /* 5 */
        {CG_SHR, 4, 3, 0, 29},        /* 6 */
        {CG_XOR, 3, 3, 4, 0},         /* 7 */
        {CG_ANDI, 4, 3, 0, 3},        /* 8 */
        {CG_BNE, 0, 4, 0, 11},        /* 9: tmp != 0 -> 11 */
        {CG_ADDI, 5, 5, 0, -1},       /* 10 */
        {CG_ADDI, 5, 5, 0, 1},        /* 11 */
        {CG_ADDI, 1, 1, 0, 1},        /* 12 */
        {CG_BLT, 0, 1, 2, 4},         /* 13: i < n -> loop */
        {CG_ADD, 3, 3, 5, 0},         /* 14 */
        {CG_HALT, 3, 0, 0, 0},        /* 15 */
    };
    uint64_t r[8] = {0};
    r[2] = 10000000ull * (uint64_t)scale;
    return cgoto_run(code, r) ^ r[5] << 40;
}

/* Call/return-heavy recursion: doubly recursive Fibonacci and Ackermann
 * (deep stacks of tiny frames), kept out of line so GCC cannot flatten. */
static __attribute__((noinline)) uint64_t fib(unsigned n)
{
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

static __attribute__((noinline)) uint64_t ackermann(uint64_t m, uint64_t n)
{
    if (m == 0)
        return n + 1;
    if (n == 0)
        return ackermann(m - 1, 1);
    return ackermann(m - 1, ackermann(m, n - 1));
}

static uint64_t kernel_calls(int scale)
{
    uint64_t acc = 0;
    for (int round = 0; round < 16 * scale; round++) {
        acc = acc * 31 + fib(28 + (unsigned)(round & 1));
        acc = acc * 31 + ackermann(2, 1500 + (uint64_t)round);
        acc = acc * 31 + ackermann(3, 8);
    }
    return acc;
}

/* libc qsort with a comparator: an indirect call per comparison. */
struct record {
    uint32_t key;
    uint16_t group;
    uint16_t pad;
    uint32_t index;
};

static int record_compare(const void *pa, const void *pb)
{
    const struct record *a = pa, *b = pb;
    if (a->group != b->group)
        return a->group < b->group ? -1 : 1;
    if (a->key != b->key)
        return a->key < b->key ? -1 : 1;
    return (a->index > b->index) - (a->index < b->index);
}

static uint64_t kernel_qsort(int scale)
{
    const size_t n = 150000;
    struct record *v = malloc(sizeof(*v) * n);
    uint64_t acc = 0;
    for (int round = 0; round < 6 * scale; round++) {
        for (size_t i = 0; i < n; i++) {
            uint32_t r = rng32();
            v[i] = (struct record){r, (uint16_t)(r % 61), 0, (uint32_t)i};
        }
        qsort(v, n, sizeof(*v), record_compare);
        for (size_t i = 0; i < n; i += 997)
            acc = acc * 1099511628211ull + v[i].key + v[i].index;
    }
    free(v);
    return acc;
}

/* Pointer chasing through a random cyclic permutation of 32 MB of nodes:
 * every load misses L2, so this measures memory latency, which a
 * translator should not add to. */
struct node {
    struct node *next;
    uint64_t value;
};

static uint64_t kernel_chase(int scale)
{
    const size_t n = (size_t)1 << 21; /* 2 Mi nodes of 16 bytes */
    struct node *nodes = malloc(sizeof(*nodes) * n);
    uint32_t *order = malloc(sizeof(*order) * n);
    for (size_t i = 0; i < n; i++)
        order[i] = (uint32_t)i;
    for (size_t i = n - 1; i > 0; i--) { /* Sattolo: one single cycle */
        size_t j = rng32() % i;
        uint32_t t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    for (size_t i = 0; i < n; i++) {
        nodes[order[i]].next = &nodes[order[(i + 1) % n]];
        nodes[i].value = i * 2654435761u;
    }
    free(order);
    const struct node *p = &nodes[0];
    uint64_t acc = 0;
    for (long step = 0; step < 800000L * scale; step++) {
        acc += p->value ^ (uint64_t)step;
        p = p->next;
    }
    acc ^= (uint64_t)(p - nodes);
    free(nodes);
    return acc;
}

/* Mandelbrot set: scalar double multiply/add and a compare-and-branch per
 * iteration. */
static uint64_t kernel_mandel(int scale)
{
    const int width = 400, height = 300, limit = 200;
    uint64_t acc = 0;
    for (int round = 0; round < 6 * scale; round++) {
        double shift = round * 0.001;
        for (int y = 0; y < height; y++) {
            double ci = -1.2 + 2.4 * y / height;
            for (int x = 0; x < width; x++) {
                double cr = -2.1 + shift + 3.0 * x / width;
                double zr = 0, zi = 0, zr2 = 0, zi2 = 0;
                int it = 0;
                while (it < limit && zr2 + zi2 <= 4.0) {
                    zi = 2.0 * zr * zi + ci;
                    zr = zr2 - zi2 + cr;
                    zr2 = zr * zr;
                    zi2 = zi * zi;
                    it++;
                }
                acc = acc * 33 + (uint64_t)it;
            }
        }
    }
    return acc;
}

/* A 1-D heat stencil and a normalisation with divide and sqrt over double
 * arrays: FP loads, stores and arithmetic in loops. */
static uint64_t kernel_stencil(int scale)
{
    const size_t n = 100000;
    double *a = malloc(sizeof(double) * n), *b = malloc(sizeof(double) * n);
    for (size_t i = 0; i < n; i++)
        a[i] = (double)(rng32() % 1000) / 7.0;
    for (int step = 0; step < 700 * scale; step++) {
        b[0] = a[0];
        b[n - 1] = a[n - 1];
        for (size_t i = 1; i < n - 1; i++)
            b[i] = a[i] + 0.25 * (a[i - 1] - 2.0 * a[i] + a[i + 1]);
        double norm = 0;
        for (size_t i = 0; i < n; i++)
            norm += b[i] * b[i];
        norm = sqrt(norm / (double)n) + 1.0;
        for (size_t i = 0; i < n; i++)
            a[i] = b[i] / norm * 100.0;
    }
    uint64_t acc = 0;
    for (size_t i = 0; i < n; i += 101) {
        uint64_t bits;
        memcpy(&bits, &a[i], sizeof(bits));
        acc = acc * 31 + bits;
    }
    free(a);
    free(b);
    return acc;
}

/* Loops GCC vectorises at -O3 (NEON on arm64, SSE2 on x86-64): byte
 * blending, 16-bit saturating-style clamps, 32-bit min/max and an
 * elementwise float expression. Only these functions get -O3, so the rest
 * of the file stays what a -O2 distribution build looks like. */
#define SIMD_N 16384

static __attribute__((optimize("O3"), noinline)) void
simd_blend(uint8_t *restrict out, const uint8_t *restrict a,
           const uint8_t *restrict b, unsigned alpha)
{
    for (int i = 0; i < SIMD_N; i++)
        out[i] = (uint8_t)((a[i] * alpha + b[i] * (256 - alpha)) >> 8);
}

static __attribute__((optimize("O3"), noinline)) void
simd_clamp16(int16_t *restrict out, const int16_t *restrict a,
             const int16_t *restrict b)
{
    for (int i = 0; i < SIMD_N; i++) {
        int v = a[i] + b[i];
        out[i] = (int16_t)(v > 20000 ? 20000 : v < -20000 ? -20000 : v);
    }
}

static __attribute__((optimize("O3"), noinline)) uint32_t
simd_minmax32(const int32_t *restrict a, const int32_t *restrict b)
{
    int32_t lo = INT32_MAX, hi = INT32_MIN;
    uint32_t sum = 0;
    for (int i = 0; i < SIMD_N; i++) {
        int32_t v = a[i] ^ b[i];
        lo = v < lo ? v : lo;
        hi = v > hi ? v : hi;
        sum += (uint32_t)v;
    }
    return (uint32_t)lo ^ (uint32_t)hi ^ sum;
}

static __attribute__((optimize("O3"), noinline)) void
simd_float(float *restrict out, const float *restrict x,
           const float *restrict y, float k)
{
    for (int i = 0; i < SIMD_N; i++)
        out[i] = x[i] * k + y[i] * 0.5f - x[i] * y[i];
}

static uint64_t kernel_simd(int scale)
{
    static uint8_t a8[SIMD_N], b8[SIMD_N], o8[SIMD_N];
    static int16_t a16[SIMD_N], b16[SIMD_N], o16[SIMD_N];
    static int32_t a32[SIMD_N], b32[SIMD_N];
    static float xf[SIMD_N], yf[SIMD_N], of[SIMD_N];
    for (int i = 0; i < SIMD_N; i++) {
        uint32_t r = rng32();
        a8[i] = (uint8_t)r;
        b8[i] = (uint8_t)(r >> 8);
        a16[i] = (int16_t)(r >> 3);
        b16[i] = (int16_t)rng32();
        a32[i] = (int32_t)rng32();
        b32[i] = (int32_t)r;
        xf[i] = (float)(r % 1000) / 16.0f;
        yf[i] = (float)(r % 777) / 8.0f;
    }
    uint64_t acc = 0;
    for (int round = 0; round < 7000 * scale; round++) {
        simd_blend(o8, a8, b8, (unsigned)round & 255);
        simd_clamp16(o16, a16, b16);
        acc = acc * 31 + simd_minmax32(a32, b32);
        simd_float(of, xf, yf, (float)(round & 15) * 0.125f);
        /* Feed results back so no round can be skipped. */
        a8[round & (SIMD_N - 1)] = o8[(round * 7) & (SIMD_N - 1)];
        b16[round & (SIMD_N - 1)] = o16[(round * 13) & (SIMD_N - 1)];
        a32[round & (SIMD_N - 1)] += round;
        xf[round & (SIMD_N - 1)] = of[(round * 3) & (SIMD_N - 1)] * 0.001f;
    }
    for (int i = 0; i < SIMD_N; i += 61) {
        uint32_t bits;
        memcpy(&bits, &of[i], sizeof(bits));
        acc = acc * 31 + o8[i] + (uint16_t)o16[i] + bits;
    }
    return acc;
}

static const BenchKernel kernels[] = {
    {"intarith", kernel_intarith}, {"branchy", kernel_branchy},
    {"cgoto", kernel_cgoto},       {"calls", kernel_calls},
    {"qsort", kernel_qsort},       {"chase", kernel_chase},
    {"mandel", kernel_mandel},     {"stencil", kernel_stencil},
    {"simd", kernel_simd},
};

int main(int argc, char **argv)
{
    return bench_kernel_main(argc, argv, kernels,
                             (int)(sizeof(kernels) / sizeof(kernels[0])), 1);
}
