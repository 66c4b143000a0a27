/*
 * Unit tests for tools/decodegen: decodes real A64 encodings with the decoder
 * generated from tests/unit/decode/sample.decode (built as sample.dec.c).
 * Tests the generator only; arx's own A64 decoder is tested elsewhere.
 */
#include <check.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

typedef struct DisasContext {
    int last;
} DisasContext;

#include "sample.dec.c"

/* What the trans functions saw; reset before every decode. */
enum {
    CALL_NONE,
    CALL_ADD_I,
    CALL_BRANCH,
    CALL_LDST_UI,
    CALL_LDST_UI_TAGGED,
    CALL_LDUR,
    CALL_MOV_R,
    CALL_ORR_R,
    CALL_NOP,
    CALL_HINT,
};

static int n_calls;        /* every trans call, rejected ones included */
static bool reject_add;    /* makes trans_ADD_i return false (UNDEF) */
static arg_ADD_i got_add;
static arg_branch got_branch;
static arg_ldst_ui got_ldst_ui;
static arg_ldst_ui_tagged got_tagged;
static arg_LDUR got_ldur;
static arg_MOV_r got_mov;
static arg_ORR_r got_orr;

static bool record(DisasContext *s, int call)
{
    s->last = call;
    n_calls++;
    return true;
}

static bool trans_ADD_i(DisasContext *s, arg_ADD_i *a)
{
    got_add = *a;
    record(s, CALL_ADD_I);
    return !reject_add;
}

static bool trans_branch(DisasContext *s, arg_branch *a)
{
    got_branch = *a;
    return record(s, CALL_BRANCH);
}

static bool trans_ldst_ui(DisasContext *s, arg_ldst_ui *a)
{
    got_ldst_ui = *a;
    return record(s, CALL_LDST_UI);
}

static bool trans_ldst_ui_tagged(DisasContext *s, arg_ldst_ui_tagged *a)
{
    got_tagged = *a;
    return record(s, CALL_LDST_UI_TAGGED);
}

static bool trans_LDUR(DisasContext *s, arg_LDUR *a)
{
    got_ldur = *a;
    return record(s, CALL_LDUR);
}

/* Declines "mov xd, xzr" so that ORR_r, later in the file, must take it. */
static bool trans_MOV_r(DisasContext *s, arg_MOV_r *a)
{
    got_mov = *a;
    record(s, CALL_MOV_R);
    return a->rm != 31;
}

static bool trans_ORR_r(DisasContext *s, arg_ORR_r *a)
{
    got_orr = *a;
    return record(s, CALL_ORR_R);
}

static bool trans_NOP(DisasContext *s, arg_NOP *a)
{
    (void)a;
    return record(s, CALL_NOP);
}

static bool trans_HINT(DisasContext *s, arg_HINT *a)
{
    (void)a;
    return record(s, CALL_HINT);
}

/* Returns which trans accepted insn last, or CALL_NONE for UNDEF. */
static int decode(uint32_t insn)
{
    DisasContext ctx = { .last = CALL_NONE };

    n_calls = 0;
    if (!sample_decode(&ctx, insn))
        return CALL_NONE;
    return ctx.last;
}

START_TEST(test_add_imm)
{
    ck_assert_int_eq(decode(0x91000420), CALL_ADD_I);  /* add x0, x1, #1 */
    ck_assert_int_eq(got_add.sf, 1);
    ck_assert_int_eq(got_add.sh, 0);
    ck_assert_int_eq(got_add.imm, 1);
    ck_assert_int_eq(got_add.rn, 1);
    ck_assert_int_eq(got_add.rd, 0);

    /* add w3, w4, #0x123, lsl #12 */
    ck_assert_int_eq(decode(0x11448c83), CALL_ADD_I);
    ck_assert_int_eq(got_add.sf, 0);
    ck_assert_int_eq(got_add.sh, 1);
    ck_assert_int_eq(got_add.imm, 0x123);
    ck_assert_int_eq(got_add.rn, 4);
    ck_assert_int_eq(got_add.rd, 3);
}
END_TEST

START_TEST(test_branch_signed_and_constants)
{
    ck_assert_int_eq(decode(0x17ffffff), CALL_BRANCH);  /* b .-4 */
    ck_assert_int_eq(got_branch.imm, -1);
    ck_assert_int_eq(got_branch.link, 0);

    ck_assert_int_eq(decode(0x16000000), CALL_BRANCH);  /* b .-0x8000000 */
    ck_assert_int_eq(got_branch.imm, -(1 << 25));

    ck_assert_int_eq(decode(0x15ffffff), CALL_BRANCH);  /* b .+0x7fffffc */
    ck_assert_int_eq(got_branch.imm, (1 << 25) - 1);

    ck_assert_int_eq(decode(0x94000040), CALL_BRANCH);  /* bl .+0x100 */
    ck_assert_int_eq(got_branch.imm, 64);
    ck_assert_int_eq(got_branch.link, 1);
}
END_TEST

START_TEST(test_shared_handlers)
{
    ck_assert_int_eq(decode(0xf9400441), CALL_LDST_UI);  /* ldr x1, [x2, #8] */
    ck_assert_int_eq(got_ldst_ui.size, 3);
    ck_assert_int_eq(got_ldst_ui.imm, 1);
    ck_assert_int_eq(got_ldst_ui.rn, 2);
    ck_assert_int_eq(got_ldst_ui.rt, 1);
    ck_assert_int_eq(got_ldst_ui.is_load, 1);

    /* str w3, [sp, #4]: the general form */
    ck_assert_int_eq(decode(0xb90007e3), CALL_LDST_UI_TAGGED);
    ck_assert_int_eq(got_tagged.size, 2);
    ck_assert_int_eq(got_tagged.imm, 1);
    ck_assert_int_eq(got_tagged.rn, 31);
    ck_assert_int_eq(got_tagged.rt, 3);
    ck_assert_int_eq(got_tagged.is_load, 0);
    ck_assert_int_eq(got_tagged.tag, 16);

    /* strb w1, [x2, #5]: the specific form listed first wins */
    ck_assert_int_eq(decode(0x39001441), CALL_LDST_UI_TAGGED);
    ck_assert_int_eq(got_tagged.size, 0);
    ck_assert_int_eq(got_tagged.imm, 5);
    ck_assert_int_eq(got_tagged.rn, 2);
    ck_assert_int_eq(got_tagged.rt, 1);
    ck_assert_int_eq(got_tagged.tag, -3);
    ck_assert_int_eq(n_calls, 1);
}
END_TEST

START_TEST(test_signed_mid_word)
{
    ck_assert_int_eq(decode(0xf85f8020), CALL_LDUR);  /* ldur x0, [x1, #-8] */
    ck_assert_int_eq(got_ldur.size, 3);
    ck_assert_int_eq(got_ldur.imm, -8);
    ck_assert_int_eq(got_ldur.rn, 1);
    ck_assert_int_eq(got_ldur.rt, 0);
}
END_TEST

START_TEST(test_overlap_fallthrough)
{
    ck_assert_int_eq(decode(0xaa0103e0), CALL_MOV_R);  /* mov x0, x1 */
    ck_assert_int_eq(n_calls, 1);
    ck_assert_int_eq(got_mov.sf, 1);
    ck_assert_int_eq(got_mov.rm, 1);
    ck_assert_int_eq(got_mov.rd, 0);

    /* mov x0, xzr: MOV_r declines, ORR_r accepts */
    ck_assert_int_eq(decode(0xaa1f03e0), CALL_ORR_R);
    ck_assert_int_eq(n_calls, 2);
    ck_assert_int_eq(got_mov.rm, 31);
    ck_assert_int_eq(got_orr.rn, 31);
    ck_assert_int_eq(got_orr.rm, 31);
    ck_assert_int_eq(got_orr.rd, 0);

    /* orr w5, w6, w7, lsl #3: MOV_r does not even match */
    ck_assert_int_eq(decode(0x2a070cc5), CALL_ORR_R);
    ck_assert_int_eq(n_calls, 1);
    ck_assert_int_eq(got_orr.sf, 0);
    ck_assert_int_eq(got_orr.shift, 0);
    ck_assert_int_eq(got_orr.rm, 7);
    ck_assert_int_eq(got_orr.imm6, 3);
    ck_assert_int_eq(got_orr.rn, 6);
    ck_assert_int_eq(got_orr.rd, 5);
}
END_TEST

START_TEST(test_dots_and_undef)
{
    ck_assert_int_eq(decode(0xd503201f), CALL_NOP);   /* nop */
    ck_assert_int_eq(decode(0xd503203f), CALL_HINT);  /* yield */
    ck_assert_int_eq(decode(0xd50320ff), CALL_HINT);  /* hint #7 */

    ck_assert_int_eq(decode(0x00000000), CALL_NONE);  /* udf #0 */
    ck_assert_int_eq(n_calls, 0);

    reject_add = true;  /* every matching trans declines: UNDEF */
    ck_assert_int_eq(decode(0x91000420), CALL_NONE);
    ck_assert_int_eq(n_calls, 1);
    reject_add = false;
}
END_TEST

START_TEST(test_describe)
{
    char buf[128];
    volatile size_t small = 6;

    ck_assert_str_eq(sample_describe(0x91000420, buf, sizeof(buf)),
                     "ADD_i sf=1 sh=0 imm=1 rn=1 rd=0");
    ck_assert_str_eq(sample_describe(0x17ffffff, buf, sizeof(buf)),
                     "B imm=-1 link=0");
    ck_assert_str_eq(sample_describe(0x39001441, buf, sizeof(buf)),
                     "STRB_ui imm=5 rn=2 rt=1 size=0 is_load=0 tag=-3");
    /* the first match, whatever its trans would decide */
    ck_assert_str_eq(sample_describe(0xaa1f03e0, buf, sizeof(buf)),
                     "MOV_r sf=1 rm=31 rd=0");
    ck_assert_str_eq(sample_describe(0xd503203f, buf, sizeof(buf)), "HINT");
    ck_assert_ptr_null(sample_describe(0, buf, sizeof(buf)));

    /* volatile: truncation is the point here, so keep gcc from warning */
    ck_assert_str_eq(sample_describe(0x91000420, buf, small), "ADD_i");
}
END_TEST

static Suite *decodegen_suite(void)
{
    Suite *suite = suite_create("decodegen");
    TCase *tc = tcase_create("sample");

    tcase_add_test(tc, test_add_imm);
    tcase_add_test(tc, test_branch_signed_and_constants);
    tcase_add_test(tc, test_shared_handlers);
    tcase_add_test(tc, test_signed_mid_word);
    tcase_add_test(tc, test_overlap_fallthrough);
    tcase_add_test(tc, test_dots_and_undef);
    tcase_add_test(tc, test_describe);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    SRunner *runner = srunner_create(decodegen_suite());
    int failed;

    srunner_run_all(runner, CK_NORMAL);
    failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
