/*
 * Unit tests of the pointer authentication arithmetic (target-arm/pauth.c):
 * ComputePAC() against the published QARMA-64 / ComputePAC test vector,
 * and AddPAC(), Auth(), Strip() for PAuth and PAuth2 on Linux pointers.
 */
#include <check.h>
#include <stdint.h>

#include "target-arm/pauth.h"

#define FIELD UINT64_C(0x007f000000000000)

static const ArmPauthKey key_a = {UINT64_C(0xec2802d4e0a488e9),
                                  UINT64_C(0x84be85ce9804e94b)};
static const ArmPauthKey key_b = {UINT64_C(0x0123456789abcdef),
                                  UINT64_C(0xfedcba9876543210)};

/* The QARMA paper's plaintext, tweak, w0 and k0 through the Arm ARM's
 * ComputePAC() (sigma2, 5 rounds): the value hardware gives for PACGA's
 * full 64 bits. */
START_TEST(test_compute_pac_vector)
{
    ck_assert_uint_eq(pauth_compute_pac(UINT64_C(0xfb623599da6e8127),
                                        UINT64_C(0x477d469dec0b8762),
                                        UINT64_C(0x84be85ce9804e94b),
                                        UINT64_C(0xec2802d4e0a488e9)),
                      UINT64_C(0xc003b93999b33765));
}
END_TEST

/* Every input bit matters: flipping one of data, modifier or a key
 * changes the PAC. */
START_TEST(test_compute_pac_sensitive)
{
    uint64_t d = 0x0000aaaabbbbcccc, m = 0x7ffffff0, k0 = 1, k1 = 2;
    uint64_t base = pauth_compute_pac(d, m, k0, k1);

    for (int bit = 0; bit < 64; bit++) {
        uint64_t b = UINT64_C(1) << bit;

        ck_assert_uint_ne(pauth_compute_pac(d ^ b, m, k0, k1), base);
        ck_assert_uint_ne(pauth_compute_pac(d, m ^ b, k0, k1), base);
        ck_assert_uint_ne(pauth_compute_pac(d, m, k0 ^ b, k1), base);
        ck_assert_uint_ne(pauth_compute_pac(d, m, k0, k1 ^ b), base);
    }
}
END_TEST

static const uint64_t pointers[] = {
    UINT64_C(0x0000aaaaf7b01234), UINT64_C(0x0000ffffffffeff0),
    UINT64_C(0x5a00000000401000), /* a tag in the top byte */
    UINT64_C(0xffff800000001000), /* the upper range: bit 55 set */
    UINT64_C(0x0000000000000000),
};

/* The PAC goes in the PAC field only, with the key's own value; Auth with
 * the same modifier and key gives the pointer back. */
START_TEST(test_round_trip)
{
    for (int pauth2 = 0; pauth2 < 2; pauth2++)
        for (unsigned i = 0; i < sizeof(pointers) / sizeof(pointers[0]); i++) {
            uint64_t p = pointers[i];
            uint64_t pa = pauth_add_pac(p, 0x1234, &key_a, pauth2);
            uint64_t pb = pauth_add_pac(p, 0x1234, &key_b, pauth2);
            bool failed = true;

            uint64_t field = p >> 55 & 1 ? FIELD | UINT64_C(0xff) << 56 : FIELD;

            ck_assert_uint_eq(pa & ~field, p & ~field);
            ck_assert_uint_ne(pa, pb);
            ck_assert_uint_eq(pauth_strip(pa), p);
            ck_assert_uint_eq(
                pauth_auth(pa, 0x1234, &key_a, false, pauth2, &failed), p);
            ck_assert(!failed);
            ck_assert_uint_eq(
                pauth_auth(pb, 0x1234, &key_b, true, pauth2, &failed), p);
            ck_assert(!failed);
        }
}
END_TEST

/* A wrong modifier, key or PAC fails: PAuth puts the key's error code
 * (A: 01, B: 10) in bits 54:53 of the stripped pointer; PAuth2 leaves a
 * pointer that is not canonical. */
START_TEST(test_auth_failure)
{
    uint64_t p = pointers[0], bad, r;
    bool failed = false;

    bad = pauth_add_pac(p, 1, &key_a, false);
    r = pauth_auth(bad, 2, &key_a, false, false, &failed);
    ck_assert(failed);
    ck_assert_uint_eq(r, p | UINT64_C(1) << 53);
    r = pauth_auth(pauth_add_pac(p, 1, &key_b, false), 1, &key_a, true, false,
                   &failed);
    ck_assert(failed);
    ck_assert_uint_eq(r, p | UINT64_C(2) << 53);

    bad = pauth_add_pac(p, 1, &key_a, true) ^ UINT64_C(1) << 50;
    r = pauth_auth(bad, 1, &key_a, false, true, &failed);
    ck_assert(failed);
    ck_assert_uint_eq(r, p | UINT64_C(1) << 50);
}
END_TEST

/* PAuth: a pointer whose bits 55:48 disagree gets a PAC that cannot
 * verify (bit 54 inverted). */
START_TEST(test_bad_extension)
{
    uint64_t p = UINT64_C(0x0001000000401000);
    uint64_t signed_p = pauth_add_pac(p, 0, &key_a, false);
    bool failed = false;

    pauth_auth(signed_p, 0, &key_a, false, false, &failed);
    ck_assert(failed);
}
END_TEST

START_TEST(test_strip)
{
    ck_assert_uint_eq(pauth_strip(UINT64_C(0x12345678abcdef01)),
                      UINT64_C(0x12005678abcdef01));
    /* Bit 55 set: TBI1 is clear, the top byte is PAC too. */
    ck_assert_uint_eq(pauth_strip(UINT64_C(0x12b5000000001000)),
                      UINT64_C(0xffff000000001000));
}
END_TEST

static Suite *pauth_suite(void)
{
    Suite *s = suite_create("pauth");
    TCase *tc = tcase_create("core");

    tcase_add_test(tc, test_compute_pac_vector);
    tcase_add_test(tc, test_compute_pac_sensitive);
    tcase_add_test(tc, test_round_trip);
    tcase_add_test(tc, test_auth_failure);
    tcase_add_test(tc, test_bad_extension);
    tcase_add_test(tc, test_strip);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(pauth_suite());
    int failed;

    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
