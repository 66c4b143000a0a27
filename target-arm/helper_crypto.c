/*
 * Cryptographic Extension helpers, from the Arm ARM pseudocode (AESSubBytes,
 * AESMixColumns, SHA256hash, SHAchoose, PolynomialMult...). Each works on
 * copies of whole env->v[] registers, so a destination may alias a source.
 * AES-NI/PCLMULQDQ forms are compiled with target attributes and only
 * chosen when CPUID has them; the plain C forms must keep working alone.
 */
#include "target-arm/helper_crypto.h"

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "target-arm/cpu.h"
#include "tcg/ir.h"

#if defined(__x86_64__)
#include <immintrin.h>
#define CRYPTO_HAVE_X86 1
#else
#define CRYPTO_HAVE_X86 0
#endif

static ARMVReg crypto_vreg(uint64_t env, uint64_t reg)
{
    return ((CPUARMState *)(uintptr_t)env)->v[reg & 31];
}

static void crypto_set_vreg(uint64_t env, uint64_t reg, const ARMVReg *val)
{
    ((CPUARMState *)(uintptr_t)env)->v[reg & 31] = *val;
}

static uint32_t ror32(uint32_t x, unsigned n)
{
    return (x >> n) | (x << ((32 - n) & 31));
}

static uint32_t rol32(uint32_t x, unsigned n)
{
    return ror32(x, (32 - n) & 31);
}

static uint64_t ror64(uint64_t x, unsigned n)
{
    return (x >> n) | (x << ((64 - n) & 63));
}

/* ---- AES ---- */

static uint8_t aes_sbox[256], aes_inv_sbox[256];
static pthread_once_t aes_tables_once = PTHREAD_ONCE_INIT;

/* Multiplication in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1. */
static uint8_t gf_mul(uint8_t a, uint8_t b)
{
    uint8_t r = 0;

    while (b) {
        if (b & 1)
            r ^= a;
        a = (uint8_t)((a << 1) ^ ((a & 0x80) ? 0x1b : 0));
        b >>= 1;
    }
    return r;
}

static uint8_t rol8(uint8_t x, unsigned n)
{
    return (uint8_t)((x << n) | (x >> (8 - n)));
}

/* FIPS-197 5.1.1: the S-box is the affine map of the field inverse. */
static void aes_build_tables(void)
{
    for (int x = 0; x < 256; x++) {
        uint8_t inv = 0;

        for (int y = 1; y < 256 && x; y++) {
            if (gf_mul((uint8_t)x, (uint8_t)y) == 1) {
                inv = (uint8_t)y;
                break;
            }
        }
        uint8_t s = (uint8_t)(inv ^ rol8(inv, 1) ^ rol8(inv, 2) ^ rol8(inv, 3) ^
                              rol8(inv, 4) ^ 0x63);
        aes_sbox[x] = s;
        aes_inv_sbox[s] = (uint8_t)x;
    }
}

/* Byte r + 4c of the state is row r, column c (FIPS-197 order). */
static void aes_shift_rows(ARMVReg *st, bool inverse)
{
    ARMVReg in = *st;

    for (int c = 0; c < 4; c++)
        for (int r = 0; r < 4; r++) {
            int from = inverse ? (c - r + 4) & 3 : (c + r) & 3;
            st->b[r + 4 * c] = in.b[r + 4 * from];
        }
}

static void aes_sub_bytes(ARMVReg *st, const uint8_t *box)
{
    for (int i = 0; i < 16; i++)
        st->b[i] = box[st->b[i]];
}

/* AESMixColumns / AESInvMixColumns: a circulant matrix per column. */
static void aes_mix_columns(ARMVReg *st, bool inverse)
{
    static const uint8_t fwd[4] = {2, 3, 1, 1};
    static const uint8_t inv[4] = {0x0e, 0x0b, 0x0d, 0x09};
    const uint8_t *coef = inverse ? inv : fwd;
    ARMVReg in = *st;

    for (int c = 0; c < 4; c++)
        for (int r = 0; r < 4; r++) {
            uint8_t acc = 0;
            for (int j = 0; j < 4; j++)
                acc ^= gf_mul(coef[(j - r + 4) & 3], in.b[j + 4 * c]);
            st->b[r + 4 * c] = acc;
        }
}

/* AESE: SubBytes(ShiftRows(Vd ^ Vn)); AESD the inverse steps. */
static uint64_t crypto_aes_round(uint64_t env, uint64_t rd, uint64_t rn,
                                 bool decrypt)
{
    ARMVReg st = crypto_vreg(env, rd), key = crypto_vreg(env, rn);

    pthread_once(&aes_tables_once, aes_build_tables);
    st.d[0] ^= key.d[0];
    st.d[1] ^= key.d[1];
    aes_shift_rows(&st, decrypt);
    aes_sub_bytes(&st, decrypt ? aes_inv_sbox : aes_sbox);
    crypto_set_vreg(env, rd, &st);
    return 0;
}

static uint64_t crypto_aese(uint64_t env, uint64_t rd, uint64_t rn, uint64_t rm,
                            uint64_t extra)
{
    (void)rm, (void)extra;
    return crypto_aes_round(env, rd, rn, false);
}

static uint64_t crypto_aesd(uint64_t env, uint64_t rd, uint64_t rn, uint64_t rm,
                            uint64_t extra)
{
    (void)rm, (void)extra;
    return crypto_aes_round(env, rd, rn, true);
}

static uint64_t crypto_aes_mix(uint64_t env, uint64_t rd, uint64_t rn,
                               bool inverse)
{
    ARMVReg st = crypto_vreg(env, rn);

    aes_mix_columns(&st, inverse);
    crypto_set_vreg(env, rd, &st);
    return 0;
}

static uint64_t crypto_aesmc(uint64_t env, uint64_t rd, uint64_t rn,
                             uint64_t rm, uint64_t extra)
{
    (void)rm, (void)extra;
    return crypto_aes_mix(env, rd, rn, false);
}

static uint64_t crypto_aesimc(uint64_t env, uint64_t rd, uint64_t rn,
                              uint64_t rm, uint64_t extra)
{
    (void)rm, (void)extra;
    return crypto_aes_mix(env, rd, rn, true);
}

/* ---- SHA-1 and SHA-256 ---- */

static uint32_t sha_choose(uint32_t x, uint32_t y, uint32_t z)
{
    return ((y ^ z) & x) ^ z;
}

static uint32_t sha_parity(uint32_t x, uint32_t y, uint32_t z)
{
    return x ^ y ^ z;
}

static uint32_t sha_majority(uint32_t x, uint32_t y, uint32_t z)
{
    return (x & y) | ((x | y) & z);
}

typedef uint32_t ShaFn(uint32_t x, uint32_t y, uint32_t z);

/* SHA1C/SHA1P/SHA1M: four rounds on hash ABCD (Qd), E (Sn), W+K (Vm). */
static uint64_t crypto_sha1_rounds(uint64_t env, uint64_t rd, uint64_t rn,
                                   uint64_t rm, ShaFn *f)
{
    ARMVReg x = crypto_vreg(env, rd), w = crypto_vreg(env, rm);
    uint32_t y = crypto_vreg(env, rn).s[0];

    for (int e = 0; e < 4; e++) {
        uint32_t t = f(x.s[1], x.s[2], x.s[3]);
        y += rol32(x.s[0], 5) + t + w.s[e];
        x.s[1] = rol32(x.s[1], 30);
        /* ROL(Y:X, 32) over the 160-bit value */
        uint32_t top = x.s[3];
        x.s[3] = x.s[2];
        x.s[2] = x.s[1];
        x.s[1] = x.s[0];
        x.s[0] = y;
        y = top;
    }
    crypto_set_vreg(env, rd, &x);
    return 0;
}

static uint64_t crypto_sha1c(uint64_t env, uint64_t rd, uint64_t rn,
                             uint64_t rm, uint64_t extra)
{
    (void)extra;
    return crypto_sha1_rounds(env, rd, rn, rm, sha_choose);
}

static uint64_t crypto_sha1p(uint64_t env, uint64_t rd, uint64_t rn,
                             uint64_t rm, uint64_t extra)
{
    (void)extra;
    return crypto_sha1_rounds(env, rd, rn, rm, sha_parity);
}

static uint64_t crypto_sha1m(uint64_t env, uint64_t rd, uint64_t rn,
                             uint64_t rm, uint64_t extra)
{
    (void)extra;
    return crypto_sha1_rounds(env, rd, rn, rm, sha_majority);
}

static uint64_t crypto_sha1su0(uint64_t env, uint64_t rd, uint64_t rn,
                               uint64_t rm, uint64_t extra)
{
    ARMVReg d = crypto_vreg(env, rd), n = crypto_vreg(env, rn);
    ARMVReg m = crypto_vreg(env, rm), r;

    (void)extra;
    r.d[0] = d.d[1] ^ d.d[0] ^ m.d[0];
    r.d[1] = n.d[0] ^ d.d[1] ^ m.d[1];
    crypto_set_vreg(env, rd, &r);
    return 0;
}

static uint64_t crypto_sha1h(uint64_t env, uint64_t rd, uint64_t rn,
                             uint64_t rm, uint64_t extra)
{
    ARMVReg r = {.d = {0, 0}};

    (void)rm, (void)extra;
    r.s[0] = rol32(crypto_vreg(env, rn).s[0], 30);
    crypto_set_vreg(env, rd, &r);
    return 0;
}

static uint64_t crypto_sha1su1(uint64_t env, uint64_t rd, uint64_t rn,
                               uint64_t rm, uint64_t extra)
{
    ARMVReg x = crypto_vreg(env, rd), y = crypto_vreg(env, rn), r;
    uint32_t t[4];

    (void)rm, (void)extra;
    /* T = X ^ LSR(Y, 32) over 128 bits */
    for (int i = 0; i < 4; i++)
        t[i] = x.s[i] ^ (i < 3 ? y.s[i + 1] : 0);
    r.s[0] = rol32(t[0], 1);
    r.s[1] = rol32(t[1], 1);
    r.s[2] = rol32(t[2], 1);
    r.s[3] = rol32(t[3], 1) ^ rol32(t[0], 2);
    crypto_set_vreg(env, rd, &r);
    return 0;
}

static uint32_t sha256_sigma0_big(uint32_t x)
{
    return ror32(x, 2) ^ ror32(x, 13) ^ ror32(x, 22);
}

static uint32_t sha256_sigma1_big(uint32_t x)
{
    return ror32(x, 6) ^ ror32(x, 11) ^ ror32(x, 25);
}

/* SHA256hash(): four rounds; X holds ABCD and Y holds EFGH. */
static ARMVReg sha256_hash(ARMVReg x, ARMVReg y, const ARMVReg *w, bool part1)
{
    for (int e = 0; e < 4; e++) {
        uint32_t chs = sha_choose(y.s[0], y.s[1], y.s[2]);
        uint32_t maj = sha_majority(x.s[0], x.s[1], x.s[2]);
        uint32_t t = y.s[3] + sha256_sigma1_big(y.s[0]) + chs + w->s[e];

        x.s[3] = t + x.s[3];
        y.s[3] = t + sha256_sigma0_big(x.s[0]) + maj;
        /* ROL(Y:X, 32) over the 256-bit value */
        uint32_t x_top = x.s[3], y_top = y.s[3];
        for (int i = 3; i > 0; i--) {
            x.s[i] = x.s[i - 1];
            y.s[i] = y.s[i - 1];
        }
        x.s[0] = y_top;
        y.s[0] = x_top;
    }
    return part1 ? x : y;
}

static uint64_t crypto_sha256h(uint64_t env, uint64_t rd, uint64_t rn,
                               uint64_t rm, uint64_t extra)
{
    ARMVReg w = crypto_vreg(env, rm);
    ARMVReg r =
        sha256_hash(crypto_vreg(env, rd), crypto_vreg(env, rn), &w, true);

    (void)extra;
    crypto_set_vreg(env, rd, &r);
    return 0;
}

static uint64_t crypto_sha256h2(uint64_t env, uint64_t rd, uint64_t rn,
                                uint64_t rm, uint64_t extra)
{
    ARMVReg w = crypto_vreg(env, rm);
    ARMVReg r =
        sha256_hash(crypto_vreg(env, rn), crypto_vreg(env, rd), &w, false);

    (void)extra;
    crypto_set_vreg(env, rd, &r);
    return 0;
}

static uint64_t crypto_sha256su0(uint64_t env, uint64_t rd, uint64_t rn,
                                 uint64_t rm, uint64_t extra)
{
    ARMVReg d = crypto_vreg(env, rd), n = crypto_vreg(env, rn), r;

    (void)rm, (void)extra;
    for (int e = 0; e < 4; e++) {
        /* T = Vn<31:0> : Vd<127:32> */
        uint32_t t = e < 3 ? d.s[e + 1] : n.s[0];
        t = ror32(t, 7) ^ ror32(t, 18) ^ (t >> 3);
        r.s[e] = t + d.s[e];
    }
    crypto_set_vreg(env, rd, &r);
    return 0;
}

static uint32_t sha256_su1_sigma(uint32_t x)
{
    return ror32(x, 17) ^ ror32(x, 19) ^ (x >> 10);
}

static uint64_t crypto_sha256su1(uint64_t env, uint64_t rd, uint64_t rn,
                                 uint64_t rm, uint64_t extra)
{
    ARMVReg d = crypto_vreg(env, rd), n = crypto_vreg(env, rn);
    ARMVReg m = crypto_vreg(env, rm), r;
    uint32_t t0[4] = {n.s[1], n.s[2], n.s[3], m.s[0]};

    (void)extra;
    /* Elements 2 and 3 depend on the freshly computed 0 and 1. */
    for (int e = 0; e < 4; e++) {
        uint32_t src = e < 2 ? m.s[e + 2] : r.s[e - 2];
        r.s[e] = sha256_su1_sigma(src) + d.s[e] + t0[e];
    }
    crypto_set_vreg(env, rd, &r);
    return 0;
}

/* ---- SHA-512 ---- */

static uint64_t sha512_sigma1_big(uint64_t x)
{
    return ror64(x, 14) ^ ror64(x, 18) ^ ror64(x, 41);
}

static uint64_t sha512_sigma0_big(uint64_t x)
{
    return ror64(x, 28) ^ ror64(x, 34) ^ ror64(x, 39);
}

static uint64_t crypto_sha512h(uint64_t env, uint64_t rd, uint64_t rn,
                               uint64_t rm, uint64_t extra)
{
    ARMVReg x = crypto_vreg(env, rn), y = crypto_vreg(env, rm);
    ARMVReg w = crypto_vreg(env, rd), r;
    uint64_t tmp;

    (void)extra;
    r.d[1] = (y.d[1] & x.d[0]) ^ (~y.d[1] & x.d[1]);
    r.d[1] += sha512_sigma1_big(y.d[1]) + w.d[1];
    tmp = r.d[1] + y.d[0];
    r.d[0] = (tmp & y.d[1]) ^ (~tmp & x.d[0]);
    r.d[0] += sha512_sigma1_big(tmp) + w.d[0];
    crypto_set_vreg(env, rd, &r);
    return 0;
}

static uint64_t crypto_sha512h2(uint64_t env, uint64_t rd, uint64_t rn,
                                uint64_t rm, uint64_t extra)
{
    ARMVReg x = crypto_vreg(env, rn), y = crypto_vreg(env, rm);
    ARMVReg w = crypto_vreg(env, rd), r;

    (void)extra;
    r.d[1] = (x.d[0] & y.d[1]) ^ (x.d[0] & y.d[0]) ^ (y.d[1] & y.d[0]);
    r.d[1] += sha512_sigma0_big(y.d[0]) + w.d[1];
    r.d[0] = (r.d[1] & y.d[0]) ^ (r.d[1] & y.d[1]) ^ (y.d[1] & y.d[0]);
    r.d[0] += sha512_sigma0_big(r.d[1]) + w.d[0];
    crypto_set_vreg(env, rd, &r);
    return 0;
}

static uint64_t sha512_su0_sigma(uint64_t x)
{
    return ror64(x, 1) ^ ror64(x, 8) ^ (x >> 7);
}

static uint64_t sha512_su1_sigma(uint64_t x)
{
    return ror64(x, 19) ^ ror64(x, 61) ^ (x >> 6);
}

static uint64_t crypto_sha512su0(uint64_t env, uint64_t rd, uint64_t rn,
                                 uint64_t rm, uint64_t extra)
{
    ARMVReg w = crypto_vreg(env, rd), x = crypto_vreg(env, rn), r;

    (void)rm, (void)extra;
    r.d[0] = w.d[0] + sha512_su0_sigma(w.d[1]);
    r.d[1] = w.d[1] + sha512_su0_sigma(x.d[0]);
    crypto_set_vreg(env, rd, &r);
    return 0;
}

static uint64_t crypto_sha512su1(uint64_t env, uint64_t rd, uint64_t rn,
                                 uint64_t rm, uint64_t extra)
{
    ARMVReg w = crypto_vreg(env, rd), x = crypto_vreg(env, rn);
    ARMVReg y = crypto_vreg(env, rm), r;

    (void)extra;
    for (int i = 0; i < 2; i++)
        r.d[i] = w.d[i] + sha512_su1_sigma(x.d[i]) + y.d[i];
    crypto_set_vreg(env, rd, &r);
    return 0;
}

/* ---- SHA-3 ---- */

static uint64_t crypto_rax1(uint64_t env, uint64_t rd, uint64_t rn, uint64_t rm,
                            uint64_t extra)
{
    ARMVReg n = crypto_vreg(env, rn), m = crypto_vreg(env, rm), r;

    (void)extra;
    for (int i = 0; i < 2; i++)
        r.d[i] = n.d[i] ^ ror64(m.d[i], 63);
    crypto_set_vreg(env, rd, &r);
    return 0;
}

static uint64_t crypto_eor3(uint64_t env, uint64_t rd, uint64_t rn, uint64_t rm,
                            uint64_t ra)
{
    ARMVReg n = crypto_vreg(env, rn), m = crypto_vreg(env, rm);
    ARMVReg a = crypto_vreg(env, ra), r;

    for (int i = 0; i < 2; i++)
        r.d[i] = n.d[i] ^ m.d[i] ^ a.d[i];
    crypto_set_vreg(env, rd, &r);
    return 0;
}

static uint64_t crypto_bcax(uint64_t env, uint64_t rd, uint64_t rn, uint64_t rm,
                            uint64_t ra)
{
    ARMVReg n = crypto_vreg(env, rn), m = crypto_vreg(env, rm);
    ARMVReg a = crypto_vreg(env, ra), r;

    for (int i = 0; i < 2; i++)
        r.d[i] = n.d[i] ^ (m.d[i] & ~a.d[i]);
    crypto_set_vreg(env, rd, &r);
    return 0;
}

static uint64_t crypto_xar(uint64_t env, uint64_t rd, uint64_t rn, uint64_t rm,
                           uint64_t rotate)
{
    ARMVReg n = crypto_vreg(env, rn), m = crypto_vreg(env, rm), r;

    for (int i = 0; i < 2; i++)
        r.d[i] = ror64(n.d[i] ^ m.d[i], (unsigned)rotate & 63);
    crypto_set_vreg(env, rd, &r);
    return 0;
}

/* ---- PMULL ---- */

/* PolynomialMult() of two 64-bit values: a 128-bit carry-less product. */
static void clmul64(uint64_t a, uint64_t b, uint64_t *lo, uint64_t *hi)
{
    uint64_t l = 0, h = 0;

    for (int i = 0; i < 64; i++) {
        if (b & (1ull << i)) {
            l ^= a << i;
            h ^= i ? a >> (64 - i) : 0;
        }
    }
    *lo = l;
    *hi = h;
}

/* PMULL{2} Vd.8H: bytes of the low (high when part2) half of Vn and Vm. */
static uint64_t crypto_pmull8(uint64_t env, uint64_t rd, uint64_t rn,
                              uint64_t rm, uint64_t part2)
{
    ARMVReg n = crypto_vreg(env, rn), m = crypto_vreg(env, rm), r;
    int base = part2 ? 8 : 0;

    for (int e = 0; e < 8; e++) {
        uint16_t a = n.b[base + e], b = m.b[base + e], p = 0;
        for (int i = 0; i < 8; i++)
            if (b & (1u << i))
                p ^= (uint16_t)(a << i);
        r.h[e] = p;
    }
    crypto_set_vreg(env, rd, &r);
    return 0;
}

/* PMULL{2} Vd.1Q: doubleword 0 (1 when part2) of Vn and Vm. */
static uint64_t crypto_pmull64(uint64_t env, uint64_t rd, uint64_t rn,
                               uint64_t rm, uint64_t part2)
{
    ARMVReg n = crypto_vreg(env, rn), m = crypto_vreg(env, rm), r;
    int e = part2 ? 1 : 0;

    clmul64(n.d[e], m.d[e], &r.d[0], &r.d[1]);
    crypto_set_vreg(env, rd, &r);
    return 0;
}

/* ---- host AES-NI / PCLMULQDQ forms ---- */

#if CRYPTO_HAVE_X86

#define CRYPTO_X86_TARGET __attribute__((target("sse2,aes,pclmul")))

CRYPTO_X86_TARGET static __m128i x86_vreg(uint64_t env, uint64_t reg)
{
    return _mm_loadu_si128(
        (const __m128i *)&((CPUARMState *)(uintptr_t)env)->v[reg & 31]);
}

CRYPTO_X86_TARGET static void x86_set_vreg(uint64_t env, uint64_t reg,
                                           __m128i val)
{
    _mm_storeu_si128((__m128i *)&((CPUARMState *)(uintptr_t)env)->v[reg & 31],
                     val);
}

/* AESENCLAST with a zero key is exactly SubBytes(ShiftRows(x)). */
CRYPTO_X86_TARGET static uint64_t
x86_aese(uint64_t env, uint64_t rd, uint64_t rn, uint64_t rm, uint64_t extra)
{
    __m128i x = _mm_xor_si128(x86_vreg(env, rd), x86_vreg(env, rn));

    (void)rm, (void)extra;
    x86_set_vreg(env, rd, _mm_aesenclast_si128(x, _mm_setzero_si128()));
    return 0;
}

CRYPTO_X86_TARGET static uint64_t
x86_aesd(uint64_t env, uint64_t rd, uint64_t rn, uint64_t rm, uint64_t extra)
{
    __m128i x = _mm_xor_si128(x86_vreg(env, rd), x86_vreg(env, rn));

    (void)rm, (void)extra;
    x86_set_vreg(env, rd, _mm_aesdeclast_si128(x, _mm_setzero_si128()));
    return 0;
}

/*
 * MixColumns alone: AESDECLAST undoes the SubBytes/ShiftRows that AESENC
 * applies before its MixColumns (the two byte steps commute).
 */
CRYPTO_X86_TARGET static uint64_t
x86_aesmc(uint64_t env, uint64_t rd, uint64_t rn, uint64_t rm, uint64_t extra)
{
    __m128i zero = _mm_setzero_si128();
    __m128i x = _mm_aesdeclast_si128(x86_vreg(env, rn), zero);

    (void)rm, (void)extra;
    x86_set_vreg(env, rd, _mm_aesenc_si128(x, zero));
    return 0;
}

CRYPTO_X86_TARGET static uint64_t
x86_aesimc(uint64_t env, uint64_t rd, uint64_t rn, uint64_t rm, uint64_t extra)
{
    (void)rm, (void)extra;
    x86_set_vreg(env, rd, _mm_aesimc_si128(x86_vreg(env, rn)));
    return 0;
}

CRYPTO_X86_TARGET static uint64_t
x86_pmull64(uint64_t env, uint64_t rd, uint64_t rn, uint64_t rm, uint64_t part2)
{
    __m128i n = x86_vreg(env, rn), m = x86_vreg(env, rm);

    x86_set_vreg(env, rd,
                 part2 ? _mm_clmulepi64_si128(n, m, 0x11)
                       : _mm_clmulepi64_si128(n, m, 0x00));
    return 0;
}

static bool host_has_aes(void)
{
    return tcg_host_has_aes();
}

static bool host_has_pclmul(void)
{
    return tcg_host_has_clmul();
}

#endif

/* ---- selection ---- */

static CryptoHelperFn *const crypto_portable[CRYPTO_NB_OPS] = {
    [CRYPTO_AESE] = crypto_aese,
    [CRYPTO_AESD] = crypto_aesd,
    [CRYPTO_AESMC] = crypto_aesmc,
    [CRYPTO_AESIMC] = crypto_aesimc,
    [CRYPTO_SHA1C] = crypto_sha1c,
    [CRYPTO_SHA1P] = crypto_sha1p,
    [CRYPTO_SHA1M] = crypto_sha1m,
    [CRYPTO_SHA1SU0] = crypto_sha1su0,
    [CRYPTO_SHA256H] = crypto_sha256h,
    [CRYPTO_SHA256H2] = crypto_sha256h2,
    [CRYPTO_SHA256SU1] = crypto_sha256su1,
    [CRYPTO_SHA1H] = crypto_sha1h,
    [CRYPTO_SHA1SU1] = crypto_sha1su1,
    [CRYPTO_SHA256SU0] = crypto_sha256su0,
    [CRYPTO_SHA512H] = crypto_sha512h,
    [CRYPTO_SHA512H2] = crypto_sha512h2,
    [CRYPTO_SHA512SU1] = crypto_sha512su1,
    [CRYPTO_RAX1] = crypto_rax1,
    [CRYPTO_SHA512SU0] = crypto_sha512su0,
    [CRYPTO_EOR3] = crypto_eor3,
    [CRYPTO_BCAX] = crypto_bcax,
    [CRYPTO_XAR] = crypto_xar,
    [CRYPTO_PMULL8] = crypto_pmull8,
    [CRYPTO_PMULL64] = crypto_pmull64,
};

CryptoHelperFn *helper_crypto_fn(int op, int force_portable)
{
    if (op < 0 || op >= CRYPTO_NB_OPS)
        return NULL;
#if CRYPTO_HAVE_X86
    if (!force_portable && host_has_aes()) {
        switch (op) {
        case CRYPTO_AESE: return x86_aese;
        case CRYPTO_AESD: return x86_aesd;
        case CRYPTO_AESMC: return x86_aesmc;
        case CRYPTO_AESIMC: return x86_aesimc;
        default: break;
        }
    }
    if (!force_portable && op == CRYPTO_PMULL64 && host_has_pclmul())
        return x86_pmull64;
#else
    (void)force_portable;
#endif
    return crypto_portable[op];
}
