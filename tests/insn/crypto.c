/*
 * Instruction-level checks of the Cryptographic Extension (AES, PMULL,
 * SHA1, SHA256, SHA512, SHA3): each instruction over fixed pseudo-random
 * and edge inputs, then whole known-answer computations (FIPS-197 AES-128,
 * SHA-1/256/512 of "abc") built from the instructions. Output must be
 * deterministic and identical under arx and qemu-aarch64.
 */
#pragma GCC target("arch=armv8.2-a+crypto+sha3")

#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <arm_neon.h>

typedef struct {
    uint64_t lo, hi;
} V128;

/* Inputs: v0 = N, v1 = M, v2 = D (old destination), v3 = A; writes v2. */
#define OP(name, insn)                                                         \
    static void name(const V128 *n, const V128 *m, const V128 *d,              \
                     const V128 *a, V128 *r)                                   \
    {                                                                          \
        asm volatile("ldr q0, [%1]\n ldr q1, [%2]\n ldr q2, [%3]\n"            \
                     "ldr q3, [%4]\n" insn "\n str q2, [%0]" ::"r"(r),         \
                     "r"(n), "r"(m), "r"(d), "r"(a)                            \
                     : "v0", "v1", "v2", "v3", "memory");                      \
    }

OP(t_aese, "aese v2.16b, v0.16b")
OP(t_aesd, "aesd v2.16b, v0.16b")
OP(t_aesmc, "aesmc v2.16b, v0.16b")
OP(t_aesimc, "aesimc v2.16b, v0.16b")
OP(t_aese_self, "aese v2.16b, v2.16b")
OP(t_aesmc_self, "aesmc v2.16b, v2.16b")
OP(t_aesimc_self, "aesimc v2.16b, v2.16b")
OP(t_sha1c, "sha1c q2, s0, v1.4s")
OP(t_sha1p, "sha1p q2, s0, v1.4s")
OP(t_sha1m, "sha1m q2, s0, v1.4s")
OP(t_sha1c_alias, "sha1c q2, s2, v2.4s")
OP(t_sha1h, "sha1h s2, s0")
OP(t_sha1su0, "sha1su0 v2.4s, v0.4s, v1.4s")
OP(t_sha1su0_alias, "sha1su0 v2.4s, v2.4s, v2.4s")
OP(t_sha1su1, "sha1su1 v2.4s, v0.4s")
OP(t_sha256h, "sha256h q2, q0, v1.4s")
OP(t_sha256h2, "sha256h2 q2, q0, v1.4s")
OP(t_sha256h_alias, "sha256h q2, q2, v2.4s")
OP(t_sha256su0, "sha256su0 v2.4s, v0.4s")
OP(t_sha256su1, "sha256su1 v2.4s, v0.4s, v1.4s")
OP(t_sha256su1_alias, "sha256su1 v2.4s, v2.4s, v2.4s")
OP(t_sha512h, "sha512h q2, q0, v1.2d")
OP(t_sha512h2, "sha512h2 q2, q0, v1.2d")
OP(t_sha512h_alias, "sha512h q2, q2, v2.2d")
OP(t_sha512su0, "sha512su0 v2.2d, v0.2d")
OP(t_sha512su1, "sha512su1 v2.2d, v0.2d, v1.2d")
OP(t_rax1, "rax1 v2.2d, v0.2d, v1.2d")
OP(t_eor3, "eor3 v2.16b, v0.16b, v1.16b, v3.16b")
OP(t_eor3_alias, "eor3 v2.16b, v2.16b, v1.16b, v2.16b")
OP(t_bcax, "bcax v2.16b, v0.16b, v1.16b, v3.16b")
OP(t_bcax_alias, "bcax v2.16b, v0.16b, v2.16b, v3.16b")
OP(t_xar0, "xar v2.2d, v0.2d, v1.2d, #0")
OP(t_xar1, "xar v2.2d, v0.2d, v1.2d, #1")
OP(t_xar37, "xar v2.2d, v0.2d, v1.2d, #37")
OP(t_xar63, "xar v2.2d, v0.2d, v1.2d, #63")
OP(t_pmull8, "pmull v2.8h, v0.8b, v1.8b")
OP(t_pmull2_8, "pmull2 v2.8h, v0.16b, v1.16b")
OP(t_pmull64, "pmull v2.1q, v0.1d, v1.1d")
OP(t_pmull2_64, "pmull2 v2.1q, v0.2d, v1.2d")
OP(t_pmull64_alias, "pmull v2.1q, v2.1d, v2.1d")

typedef void OpFn(const V128 *, const V128 *, const V128 *, const V128 *,
                  V128 *);
static const struct {
    const char *name;
    OpFn *fn;
} ops[] = {
    {"aese", t_aese},
    {"aesd", t_aesd},
    {"aesmc", t_aesmc},
    {"aesimc", t_aesimc},
    {"aese_self", t_aese_self},
    {"aesmc_self", t_aesmc_self},
    {"aesimc_self", t_aesimc_self},
    {"sha1c", t_sha1c},
    {"sha1p", t_sha1p},
    {"sha1m", t_sha1m},
    {"sha1c_alias", t_sha1c_alias},
    {"sha1h", t_sha1h},
    {"sha1su0", t_sha1su0},
    {"sha1su0_alias", t_sha1su0_alias},
    {"sha1su1", t_sha1su1},
    {"sha256h", t_sha256h},
    {"sha256h2", t_sha256h2},
    {"sha256h_alias", t_sha256h_alias},
    {"sha256su0", t_sha256su0},
    {"sha256su1", t_sha256su1},
    {"sha256su1_alias", t_sha256su1_alias},
    {"sha512h", t_sha512h},
    {"sha512h2", t_sha512h2},
    {"sha512h_alias", t_sha512h_alias},
    {"sha512su0", t_sha512su0},
    {"sha512su1", t_sha512su1},
    {"rax1", t_rax1},
    {"eor3", t_eor3},
    {"eor3_alias", t_eor3_alias},
    {"bcax", t_bcax},
    {"bcax_alias", t_bcax_alias},
    {"xar0", t_xar0},
    {"xar1", t_xar1},
    {"xar37", t_xar37},
    {"xar63", t_xar63},
    {"pmull8", t_pmull8},
    {"pmull2_8", t_pmull2_8},
    {"pmull64", t_pmull64},
    {"pmull2_64", t_pmull2_64},
    {"pmull64_alias", t_pmull64_alias},
};

/* Edge values first (PMULL's carries and top bits), then xorshift output. */
static V128 vin[12] = {
    {0, 0},
    {~0ull, ~0ull},
    {1, 0x8000000000000000ull},
    {0x8000000000000000ull, 1},
    {0x00000000000000ffull, 0xff00000000000087ull},
    {0x0123456789abcdefull, 0xfedcba9876543210ull},
};
#define NV (sizeof(vin) / sizeof(vin[0]))

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint64_t rng_next(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static void run_ops(void)
{
    for (size_t i = 6; i < NV; i++) {
        vin[i].lo = rng_next();
        vin[i].hi = rng_next();
    }
    for (size_t k = 0; k < sizeof(ops) / sizeof(ops[0]); k++) {
        printf("%s:", ops[k].name);
        for (size_t i = 0; i < NV; i++) {
            const V128 *n = &vin[i], *m = &vin[(i + 1) % NV];
            const V128 *d = &vin[(i + 5) % NV], *a = &vin[(i + 7) % NV];
            V128 r;
            ops[k].fn(n, m, d, a, &r);
            printf(" %016llx%016llx", (unsigned long long)r.hi,
                   (unsigned long long)r.lo);
        }
        printf("\n");
    }
}

/* ---- known answers ---- */

static void print_bytes(const char *what, const uint8_t *p, size_t len,
                        const char *expect)
{
    char hex[2 * 64 + 1];

    for (size_t i = 0; i < len; i++)
        sprintf(hex + 2 * i, "%02x", p[i]);
    printf("%s: %s %s\n", what, hex, strcmp(hex, expect) ? "WRONG" : "ok");
}

/* SubWord() through AESE: with all columns equal, ShiftRows is a no-op. */
static uint32_t sub_word(uint32_t w)
{
    uint8x16_t s =
        vaeseq_u8(vreinterpretq_u8_u32(vdupq_n_u32(w)), vdupq_n_u8(0));
    return vgetq_lane_u32(vreinterpretq_u32_u8(s), 0);
}

/* FIPS-197 5.2 for Nk = 4; words little-endian as loaded. */
static void aes128_expand(const uint8_t key[16], uint8x16_t rk[11])
{
    uint32_t w[44];
    uint8_t rcon = 1;

    memcpy(w, key, 16);
    for (int i = 4; i < 44; i++) {
        uint32_t t = w[i - 1];
        if (i % 4 == 0) {
            t = sub_word((t >> 8) | (t << 24)) ^ rcon;
            rcon = (uint8_t)((rcon << 1) ^ ((rcon & 0x80) ? 0x1b : 0));
        }
        w[i] = w[i - 4] ^ t;
    }
    for (int r = 0; r < 11; r++)
        rk[r] = vld1q_u8((const uint8_t *)&w[4 * r]);
}

static void test_aes(void)
{
    uint8_t key[16], pt[16], out[16];
    uint8x16_t rk[11], dk[10], s;

    for (int i = 0; i < 16; i++) {
        key[i] = (uint8_t)i;
        pt[i] = (uint8_t)(i * 0x11);
    }
    aes128_expand(key, rk);
    s = vld1q_u8(pt);
    for (int r = 0; r < 9; r++)
        s = vaesmcq_u8(vaeseq_u8(s, rk[r]));
    s = veorq_u8(vaeseq_u8(s, rk[9]), rk[10]);
    vst1q_u8(out, s);
    print_bytes("aes128 encrypt", out, 16, "69c4e0d86a7b0430d8cdb78070b4c55a");

    /* Equivalent inverse cipher: InvMixColumns applied to the round keys. */
    dk[0] = rk[10];
    for (int r = 1; r < 10; r++)
        dk[r] = vaesimcq_u8(rk[10 - r]);
    for (int r = 0; r < 9; r++)
        s = vaesimcq_u8(vaesdq_u8(s, dk[r]));
    s = veorq_u8(vaesdq_u8(s, dk[9]), rk[0]);
    vst1q_u8(out, s);
    print_bytes("aes128 decrypt", out, 16, "00112233445566778899aabbccddeeff");
}

static const uint64_t sha512_k[80] = {
    0x428a2f98d728ae22ull, 0x7137449123ef65cdull, 0xb5c0fbcfec4d3b2full,
    0xe9b5dba58189dbbcull, 0x3956c25bf348b538ull, 0x59f111f1b605d019ull,
    0x923f82a4af194f9bull, 0xab1c5ed5da6d8118ull, 0xd807aa98a3030242ull,
    0x12835b0145706fbeull, 0x243185be4ee4b28cull, 0x550c7dc3d5ffb4e2ull,
    0x72be5d74f27b896full, 0x80deb1fe3b1696b1ull, 0x9bdc06a725c71235ull,
    0xc19bf174cf692694ull, 0xe49b69c19ef14ad2ull, 0xefbe4786384f25e3ull,
    0x0fc19dc68b8cd5b5ull, 0x240ca1cc77ac9c65ull, 0x2de92c6f592b0275ull,
    0x4a7484aa6ea6e483ull, 0x5cb0a9dcbd41fbd4ull, 0x76f988da831153b5ull,
    0x983e5152ee66dfabull, 0xa831c66d2db43210ull, 0xb00327c898fb213full,
    0xbf597fc7beef0ee4ull, 0xc6e00bf33da88fc2ull, 0xd5a79147930aa725ull,
    0x06ca6351e003826full, 0x142929670a0e6e70ull, 0x27b70a8546d22ffcull,
    0x2e1b21385c26c926ull, 0x4d2c6dfc5ac42aedull, 0x53380d139d95b3dfull,
    0x650a73548baf63deull, 0x766a0abb3c77b2a8ull, 0x81c2c92e47edaee6ull,
    0x92722c851482353bull, 0xa2bfe8a14cf10364ull, 0xa81a664bbc423001ull,
    0xc24b8b70d0f89791ull, 0xc76c51a30654be30ull, 0xd192e819d6ef5218ull,
    0xd69906245565a910ull, 0xf40e35855771202aull, 0x106aa07032bbd1b8ull,
    0x19a4c116b8d2d0c8ull, 0x1e376c085141ab53ull, 0x2748774cdf8eeb99ull,
    0x34b0bcb5e19b48a8ull, 0x391c0cb3c5c95a63ull, 0x4ed8aa4ae3418acbull,
    0x5b9cca4f7763e373ull, 0x682e6ff3d6b2b8a3ull, 0x748f82ee5defb2fcull,
    0x78a5636f43172f60ull, 0x84c87814a1f0ab72ull, 0x8cc702081a6439ecull,
    0x90befffa23631e28ull, 0xa4506cebde82bde9ull, 0xbef9a3f7b2c67915ull,
    0xc67178f2e372532bull, 0xca273eceea26619cull, 0xd186b8c721c0c207ull,
    0xeada7dd6cde0eb1eull, 0xf57d4f7fee6ed178ull, 0x06f067aa72176fbaull,
    0x0a637dc5a2c898a6ull, 0x113f9804bef90daeull, 0x1b710b35131c471bull,
    0x28db77f523047d84ull, 0x32caab7b40c72493ull, 0x3c9ebe0a15c9bebcull,
    0x431d67c49c100d4cull, 0x4cc5d4becb3e42b6ull, 0x597f299cfc657e2aull,
    0x5fcb6fab3ad6faecull, 0x6c44198c4a475817ull,
};

/* FIPS 180-4 5.3.5: SHA-256's IV is the top half of SHA-512's. */
static const uint64_t sha512_iv[8] = {
    0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull, 0x3c6ef372fe94f82bull,
    0xa54ff53a5f1d36f1ull, 0x510e527fade682d1ull, 0x9b05688c2b3e6c1full,
    0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull,
};

/* The padded one-block message "abc" for a 64- or 128-byte block. */
static void pad_abc(uint8_t *block, size_t len)
{
    memset(block, 0, len);
    memcpy(block, "abc", 3);
    block[3] = 0x80;
    block[len - 1] = 24; /* bit length, big-endian */
}

static void test_sha1(void)
{
    static const uint32_t k[4] = {0x5a827999, 0x6ed9eba1, 0x8f1bbcdc,
                                  0xca62c1d6};
    uint32_t h[5] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476,
                     0xc3d2e1f0};
    uint8_t block[64], out[20];
    uint32x4_t msg[4], abcd = vld1q_u32(h);
    uint32_t e = h[4];

    pad_abc(block, 64);
    for (int i = 0; i < 4; i++)
        msg[i] = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(block + 16 * i)));
    for (int g = 0; g < 20; g++) {
        uint32x4_t wk = vaddq_u32(msg[g % 4], vdupq_n_u32(k[g / 5]));
        uint32_t next_e = vsha1h_u32(vgetq_lane_u32(abcd, 0));
        if (g < 5)
            abcd = vsha1cq_u32(abcd, e, wk);
        else if (g < 10 || g >= 15)
            abcd = vsha1pq_u32(abcd, e, wk);
        else
            abcd = vsha1mq_u32(abcd, e, wk);
        e = next_e;
        if (g < 16)
            msg[g % 4] = vsha1su1q_u32(
                vsha1su0q_u32(msg[g % 4], msg[(g + 1) % 4], msg[(g + 2) % 4]),
                msg[(g + 3) % 4]);
    }
    abcd = vaddq_u32(abcd, vld1q_u32(h));
    e += h[4];
    vst1q_u8(out, vrev32q_u8(vreinterpretq_u8_u32(abcd)));
    for (int i = 0; i < 4; i++)
        out[16 + i] = (uint8_t)(e >> (24 - 8 * i));
    print_bytes("sha1(abc)", out, 20,
                "a9993e364706816aba3e25717850c26c9cd0d89d");
}

static void test_sha256(void)
{
    uint32_t iv[8], k[64];
    uint8_t block[64], out[32];
    uint32x4_t msg[4], abcd, efgh;

    for (int i = 0; i < 8; i++)
        iv[i] = (uint32_t)(sha512_iv[i] >> 32);
    for (int i = 0; i < 64; i++)
        k[i] = (uint32_t)(sha512_k[i] >> 32);
    pad_abc(block, 64);
    for (int i = 0; i < 4; i++)
        msg[i] = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(block + 16 * i)));
    abcd = vld1q_u32(iv);
    efgh = vld1q_u32(iv + 4);
    for (int g = 0; g < 16; g++) {
        uint32x4_t wk = vaddq_u32(msg[g % 4], vld1q_u32(k + 4 * g));
        uint32x4_t old_abcd = abcd;
        abcd = vsha256hq_u32(abcd, efgh, wk);
        efgh = vsha256h2q_u32(efgh, old_abcd, wk);
        if (g < 12)
            msg[g % 4] =
                vsha256su1q_u32(vsha256su0q_u32(msg[g % 4], msg[(g + 1) % 4]),
                                msg[(g + 2) % 4], msg[(g + 3) % 4]);
    }
    abcd = vaddq_u32(abcd, vld1q_u32(iv));
    efgh = vaddq_u32(efgh, vld1q_u32(iv + 4));
    vst1q_u8(out, vrev32q_u8(vreinterpretq_u8_u32(abcd)));
    vst1q_u8(out + 16, vrev32q_u8(vreinterpretq_u8_u32(efgh)));
    print_bytes("sha256(abc)", out, 32,
                "ba7816bf8f01cfea414140de5dae2223"
                "b00361a396177a9cb410ff61f20015ad");
}

/*
 * Two rounds per SHA512H/SHA512H2 pair, with the state as pairs (a,b),
 * (c,d), (e,f), (g,h), first variable in lane 0.
 */
static void test_sha512(void)
{
    uint8_t block[128], out[64];
    uint64x2_t msg[8], ab, cd, ef, gh;

    pad_abc(block, 128);
    for (int i = 0; i < 8; i++)
        msg[i] = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(block + 16 * i)));
    ab = vld1q_u64(sha512_iv);
    cd = vld1q_u64(sha512_iv + 2);
    ef = vld1q_u64(sha512_iv + 4);
    gh = vld1q_u64(sha512_iv + 6);
    for (int g = 0; g < 40; g++) {
        uint64x2_t wk = vaddq_u64(msg[g % 8], vld1q_u64(sha512_k + 2 * g));
        uint64x2_t hk = vaddq_u64(gh, vextq_u64(wk, wk, 1));
        uint64x2_t t =
            vsha512hq_u64(hk, vextq_u64(ef, gh, 1), vextq_u64(cd, ef, 1));
        uint64x2_t new_ef = vaddq_u64(cd, t);
        uint64x2_t new_ab = vsha512h2q_u64(t, cd, ab);
        gh = ef;
        ef = new_ef;
        cd = ab;
        ab = new_ab;
        if (g < 32)
            msg[g % 8] = vsha512su1q_u64(
                vsha512su0q_u64(msg[g % 8], msg[(g + 1) % 8]), msg[(g + 7) % 8],
                vextq_u64(msg[(g + 4) % 8], msg[(g + 5) % 8], 1));
    }
    ab = vaddq_u64(ab, vld1q_u64(sha512_iv));
    cd = vaddq_u64(cd, vld1q_u64(sha512_iv + 2));
    ef = vaddq_u64(ef, vld1q_u64(sha512_iv + 4));
    gh = vaddq_u64(gh, vld1q_u64(sha512_iv + 6));
    vst1q_u8(out, vrev64q_u8(vreinterpretq_u8_u64(ab)));
    vst1q_u8(out + 16, vrev64q_u8(vreinterpretq_u8_u64(cd)));
    vst1q_u8(out + 32, vrev64q_u8(vreinterpretq_u8_u64(ef)));
    vst1q_u8(out + 48, vrev64q_u8(vreinterpretq_u8_u64(gh)));
    print_bytes(
        "sha512(abc)", out, 64,
        "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
        "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f");
}

/* ---- reserved encodings must UNDEF ---- */

static sigjmp_buf undef_jmp;

static void on_sigill(int sig)
{
    (void)sig;
    siglongjmp(undef_jmp, 1);
}

static int traps(void (*fn)(void))
{
    if (sigsetjmp(undef_jmp, 1))
        return 1;
    fn();
    return 0;
}

/* Reserved sizes of PMULL{2} (01, 10) and of AESE (01). */
static void undef_pmull_size1(void)
{
    asm volatile(".inst 0x4e60e002" ::: "v2");
}

static void undef_pmull_size2(void)
{
    asm volatile(".inst 0x0ea1e002" ::: "v2");
}

static void undef_aese_size1(void)
{
    asm volatile(".inst 0x4e684802" ::: "v2");
}

static void test_undef(void)
{
    static const struct {
        const char *name;
        void (*fn)(void);
    } insns[] = {
        {"pmull2 size 01", undef_pmull_size1},
        {"pmull size 10", undef_pmull_size2},
        {"aese size 01", undef_aese_size1},
    };

    signal(SIGILL, on_sigill);
    for (size_t i = 0; i < sizeof(insns) / sizeof(insns[0]); i++)
        printf("%s: %s\n", insns[i].name,
               traps(insns[i].fn) ? "SIGILL" : "executed");
    signal(SIGILL, SIG_DFL);
}

int main(void)
{
    run_ops();
    test_aes();
    test_sha1();
    test_sha256();
    test_sha512();
    test_undef();
    return 0;
}
