/*
 * QARMA5 as the Arm ARM's ComputePAC() uses it, and the pointer
 * operations AddPAC(), Auth(), Strip() for a Linux EL0 pointer (bit 55
 * picks the range, PAC in bits 54:48, top byte kept). No CPU state here.
 */
#include "target-arm/pauth.h"

/*
 * Linux user space: 48-bit virtual addresses; TCR_EL1.TBI0 set and TBI1
 * clear, so a pointer with bit 55 clear keeps its top byte and has its PAC
 * in bits 54:48, one with bit 55 set (the upper range) in bits 63:56 and
 * 54:48. Bit 55 itself always stays.
 */
#define PAC_LOW_FIELD UINT64_C(0x007f000000000000)
#define PAC_HIGH_FIELD UINT64_C(0xff7f000000000000)
#define BIT55 (UINT64_C(1) << 55)

static bool upper_range(uint64_t ptr)
{
    return (ptr & BIT55) != 0;
}

/* The PAC bits of ptr's range. */
static uint64_t pac_field(uint64_t ptr)
{
    return upper_range(ptr) ? PAC_HIGH_FIELD : PAC_LOW_FIELD;
}

/* PACSub(): the S-box sigma2, and PACInvSub() its inverse. */
static const uint8_t pac_sbox[16] = {0xb, 0x6, 0x8, 0xf, 0xc, 0x0, 0x9, 0xe,
                                     0x3, 0x7, 0x4, 0x5, 0xd, 0x2, 0x1, 0xa};
static const uint8_t pac_inv_sbox[16] = {0x5, 0xe, 0xd, 0x8, 0xa, 0xb,
                                         0x1, 0x9, 0x2, 0x6, 0xf, 0x0,
                                         0x4, 0xc, 0x7, 0x3};

/* PACCellShuffle(): output cell i is input cell pac_shuffle[i];
 * PACCellInvShuffle() the inverse permutation. */
static const uint8_t pac_shuffle[16] = {13, 6, 11, 0, 7, 12, 1, 10,
                                        8,  3, 14, 5, 2, 9,  4, 15};
static const uint8_t pac_inv_shuffle[16] = {3, 6,  12, 9, 14, 11, 1,  4,
                                            8, 13, 7,  2, 5,  0,  10, 15};

/* TweakShuffle(): output cell i is input cell tweak_shuffle[i], passed
 * through TweakCellRot() where bit i of TWEAK_ROT is set. */
static const uint8_t tweak_shuffle[16] = {4,  5,  6,  7,  11, 2, 3,  8,
                                          12, 13, 14, 15, 0,  1, 10, 9};
#define TWEAK_ROT 0xd894u /* cells 2, 4, 7, 11, 12, 14, 15 */

static unsigned cell(uint64_t x, unsigned i)
{
    return (unsigned)(x >> (4 * i)) & 0xf;
}

static uint64_t pac_sub(uint64_t x, const uint8_t *sbox)
{
    uint64_t r = 0;

    for (unsigned i = 0; i < 16; i++)
        r |= (uint64_t)sbox[cell(x, i)] << (4 * i);
    return r;
}

static uint64_t pac_permute(uint64_t x, const uint8_t *perm)
{
    uint64_t r = 0;

    for (unsigned i = 0; i < 16; i++)
        r |= (uint64_t)cell(x, perm[i]) << (4 * i);
    return r;
}

/* RotCell(c, n): a 4-bit rotate left. */
static unsigned rot_cell(unsigned c, unsigned n)
{
    return ((c << n) | (c >> (4 - n))) & 0xf;
}

/* PACMult(): each column (cells i, i+4, i+8, i+12) times the circulant
 * matrix circ(0, rho, rho^2, rho) over 4-bit cells. */
static uint64_t pac_mult(uint64_t x)
{
    uint64_t r = 0;

    for (unsigned i = 0; i < 4; i++) {
        unsigned a = cell(x, i), b = cell(x, i + 4);
        unsigned c = cell(x, i + 8), d = cell(x, i + 12);
        unsigned t0 = rot_cell(c, 1) ^ rot_cell(b, 2) ^ rot_cell(a, 1);
        unsigned t1 = rot_cell(d, 1) ^ rot_cell(b, 1) ^ rot_cell(a, 2);
        unsigned t2 = rot_cell(d, 2) ^ rot_cell(c, 1) ^ rot_cell(a, 1);
        unsigned t3 = rot_cell(d, 1) ^ rot_cell(c, 2) ^ rot_cell(b, 1);

        r |= (uint64_t)t3 << (4 * i) | (uint64_t)t2 << (4 * (i + 4)) |
             (uint64_t)t1 << (4 * (i + 8)) | (uint64_t)t0 << (4 * (i + 12));
    }
    return r;
}

/* TweakCellRot(): an LFSR step of one cell, and TweakCellInvRot(). */
static unsigned tweak_cell_rot(unsigned c)
{
    return (c >> 1) | (((c ^ (c >> 1)) & 1) << 3);
}

static unsigned tweak_cell_inv_rot(unsigned c)
{
    return ((c << 1) & 0xe) | (((c >> 3) ^ c) & 1);
}

static uint64_t tweak_shuffle_fwd(uint64_t x)
{
    uint64_t r = 0;

    for (unsigned i = 0; i < 16; i++) {
        unsigned c = cell(x, tweak_shuffle[i]);

        if (TWEAK_ROT >> i & 1)
            c = tweak_cell_rot(c);
        r |= (uint64_t)c << (4 * i);
    }
    return r;
}

static uint64_t tweak_shuffle_inv(uint64_t x)
{
    uint64_t r = 0;

    for (unsigned i = 0; i < 16; i++) {
        unsigned c = cell(x, i);

        if (TWEAK_ROT >> i & 1)
            c = tweak_cell_inv_rot(c);
        r |= (uint64_t)c << (4 * tweak_shuffle[i]);
    }
    return r;
}

static const uint64_t pac_rc[5] = {
    UINT64_C(0x0000000000000000), UINT64_C(0x13198A2E03707344),
    UINT64_C(0xA4093822299F31D0), UINT64_C(0x082EFA98EC4E6C89),
    UINT64_C(0x452821E638D01377),
};
#define PAC_ALPHA UINT64_C(0xC0AC29B7C97C50DD)

/* The central rounds between the forward and the backward half. */
static uint64_t pac_reflect(uint64_t w, uint64_t key1)
{
    w = pac_permute(w, pac_shuffle);
    w = pac_mult(w);
    w = pac_sub(w, pac_sbox);
    w = pac_permute(w, pac_shuffle);
    w = pac_mult(w);
    w ^= key1;
    w = pac_permute(w, pac_inv_shuffle);
    w = pac_sub(w, pac_inv_sbox);
    w = pac_mult(w);
    return pac_permute(w, pac_inv_shuffle);
}

uint64_t pauth_compute_pac(uint64_t data, uint64_t modifier, uint64_t key0,
                           uint64_t key1)
{
    /* key0<0>:key0<63:2>:(key0<63> EOR key0<1>) */
    uint64_t modk0 = (key0 << 63) | ((key0 >> 1) & ~UINT64_C(1)) |
                     ((key0 >> 63) ^ ((key0 >> 1) & 1));
    uint64_t mod = modifier, w = data ^ key0;

    for (int i = 0; i < 5; i++) {
        w ^= key1 ^ mod ^ pac_rc[i];
        if (i > 0) {
            w = pac_permute(w, pac_shuffle);
            w = pac_mult(w);
        }
        w = pac_sub(w, pac_sbox);
        mod = tweak_shuffle_fwd(mod);
    }
    w ^= modk0 ^ mod;
    w = pac_reflect(w, key1);
    w ^= key0 ^ mod;
    for (int i = 0; i < 5; i++) {
        w = pac_sub(w, pac_inv_sbox);
        if (i < 4) {
            w = pac_mult(w);
            w = pac_permute(w, pac_inv_shuffle);
        }
        mod = tweak_shuffle_inv(mod);
        w ^= key1 ^ mod ^ pac_rc[4 - i] ^ PAC_ALPHA;
    }
    return w ^ modk0;
}

uint64_t pauth_strip(uint64_t ptr)
{
    uint64_t field = pac_field(ptr);

    return (ptr & ~field) | (upper_range(ptr) ? field : 0);
}

/* Whether the PAC field agrees with bit 55 (an unsigned pointer). */
static bool pac_field_canonical(uint64_t ptr)
{
    uint64_t ext = pac_field(ptr) | BIT55;

    return (ptr & ext) == 0 || (ptr & ext) == ext;
}

uint64_t pauth_add_pac_with(uint64_t ptr, uint64_t pac, bool pauth2)
{
    uint64_t field = pac_field(ptr);

    if (pauth2)
        return ptr ^ (pac & field);
    /* A pointer with bad extension bits gets a PAC that cannot verify:
     * PAC<top_bit - 1> inverted (top_bit 55 with TBI, else 63). */
    if (!pac_field_canonical(ptr))
        pac ^= UINT64_C(1) << (upper_range(ptr) ? 62 : 54);
    return (ptr & ~field) | (pac & field);
}

uint64_t pauth_add_pac(uint64_t ptr, uint64_t modifier, const ArmPauthKey *key,
                       bool pauth2)
{
    return pauth_add_pac_with(
        ptr, pauth_compute_pac(pauth_strip(ptr), modifier, key->hi, key->lo),
        pauth2);
}

uint64_t pauth_auth_with(uint64_t ptr, uint64_t pac, bool key_b, bool pauth2,
                         bool *failed)
{
    uint64_t original = pauth_strip(ptr), field = pac_field(ptr);
    uint64_t result;

    if (pauth2) {
        result = ptr ^ (pac & field);
        *failed = !pac_field_canonical(result);
        return result;
    }
    *failed = ((pac ^ ptr) & field) != 0;
    if (!*failed)
        return original;
    /* error_code = key_number:NOT(key_number) in bits 54:53. */
    return (original & ~(UINT64_C(3) << 53)) |
           (key_b ? UINT64_C(2) << 53 : UINT64_C(1) << 53);
}

uint64_t pauth_auth(uint64_t ptr, uint64_t modifier, const ArmPauthKey *key,
                    bool key_b, bool pauth2, bool *failed)
{
    return pauth_auth_with(
        ptr, pauth_compute_pac(pauth_strip(ptr), modifier, key->hi, key->lo),
        key_b, pauth2, failed);
}
