/*
 * Unit tests for tools/decodegen: decodes real A64, T32 and T16 encodings
 * with the decoders generated from tests/unit/decode/{sample,formats,t16}
 * .decode, and runs the generator on malformed input it must reject. Tests
 * the generator only; arx's own A64 decoder is tested elsewhere.
 */
#include <check.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct DisasContext {
    int last;
} DisasContext;

/* What the named constants of formats.decode and t16.decode resolve to. */
enum { SI_ADD = 0, SI_UHADD = 19, SI_SHADD = 20, SI_ADDP = 33 };
enum { SS_SSHR = 7 };
enum { T16_ADD = 100, T16_SUB = 101 };

/* t16.decode's post-processing function for its branch offsets. */
static int64_t t16_times_2(int64_t v)
{
    return v * 2;
}

#include "sample.dec.c"
#include "t16.dec.c"
#include "formats.dec.c"

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
    CALL_MOVS_I,
    CALL_ADDSUB,
    CALL_UDF,
    CALL_SVC,
    CALL_B_COND,
    CALL_B,
    CALL_CBZ,
    CALL_PCREL,
    CALL_ADD_T32,
    CALL_INT_3SAME,
    CALL_PAIRWISE,
    CALL_SXSHR,
};

static int n_calls;     /* every trans call, rejected ones included */
static bool reject_add; /* makes trans_ADD_i return false (UNDEF) */
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
    DisasContext ctx = {.last = CALL_NONE};

    n_calls = 0;
    if (!sample_decode(&ctx, insn))
        return CALL_NONE;
    return ctx.last;
}

/* ---- t16.decode: %width 16 ---- */

/* A 16-bit file decodes 16-bit words: this fails to compile otherwise. */
_Static_assert(__builtin_types_compatible_p(__typeof__(&t16_decode),
                                            bool (*)(DisasContext *, uint16_t)),
               "t16_decode takes a uint16_t");
_Static_assert(__builtin_types_compatible_p(__typeof__(&sample_decode),
                                            bool (*)(DisasContext *, uint32_t)),
               "sample_decode takes a uint32_t");

static arg_MOVS_i got_movs;
static arg_rrr got_rrr;
static arg_UDF got_udf;
static arg_B_cond got_b_cond;
static arg_B got_b;
static arg_CBZ got_cbz;

static bool trans_MOVS_i(DisasContext *s, arg_MOVS_i *a)
{
    got_movs = *a;
    return record(s, CALL_MOVS_I);
}

static bool trans_addsub(DisasContext *s, arg_rrr *a)
{
    got_rrr = *a;
    return record(s, CALL_ADDSUB);
}

static bool trans_UDF(DisasContext *s, arg_UDF *a)
{
    got_udf = *a;
    return record(s, CALL_UDF);
}

static bool trans_SVC(DisasContext *s, arg_SVC *a)
{
    (void)a;
    return record(s, CALL_SVC);
}

static bool trans_B_cond(DisasContext *s, arg_B_cond *a)
{
    got_b_cond = *a;
    return record(s, CALL_B_COND);
}

static bool trans_B(DisasContext *s, arg_B *a)
{
    got_b = *a;
    return record(s, CALL_B);
}

static bool trans_CBZ(DisasContext *s, arg_CBZ *a)
{
    got_cbz = *a;
    return record(s, CALL_CBZ);
}

static int decode16(uint16_t insn)
{
    DisasContext ctx = {.last = CALL_NONE};

    n_calls = 0;
    if (!t16_decode(&ctx, insn))
        return CALL_NONE;
    return ctx.last;
}

/* ---- formats.decode: joins, argument sets, formats ---- */

static arg_pcrel got_pcrel;
static arg_ADD_t32 got_add_t32;
static arg_vrrr got_vrrr;
static arg_shift got_shift;

static bool trans_pcrel(DisasContext *s, arg_pcrel *a)
{
    got_pcrel = *a;
    return record(s, CALL_PCREL);
}

static bool trans_ADD_t32(DisasContext *s, arg_ADD_t32 *a)
{
    got_add_t32 = *a;
    return record(s, CALL_ADD_T32);
}

/* Two handlers taking one struct type. */
static bool trans_int_3same(DisasContext *s, arg_vrrr *a)
{
    got_vrrr = *a;
    return record(s, CALL_INT_3SAME);
}

static bool trans_pairwise(DisasContext *s, arg_vrrr *a)
{
    got_vrrr = *a;
    return record(s, CALL_PAIRWISE);
}

static bool trans_SxSHR_v(DisasContext *s, arg_shift *a)
{
    got_shift = *a;
    return record(s, CALL_SXSHR);
}

static int decode_formats(uint32_t insn)
{
    DisasContext ctx = {.last = CALL_NONE};

    n_calls = 0;
    if (!formats_decode(&ctx, insn))
        return CALL_NONE;
    return ctx.last;
}

START_TEST(test_add_imm)
{
    ck_assert_int_eq(decode(0x91000420), CALL_ADD_I); /* add x0, x1, #1 */
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
    ck_assert_int_eq(decode(0x17ffffff), CALL_BRANCH); /* b .-4 */
    ck_assert_int_eq(got_branch.imm, -1);
    ck_assert_int_eq(got_branch.link, 0);

    ck_assert_int_eq(decode(0x16000000), CALL_BRANCH); /* b .-0x8000000 */
    ck_assert_int_eq(got_branch.imm, -(1 << 25));

    ck_assert_int_eq(decode(0x15ffffff), CALL_BRANCH); /* b .+0x7fffffc */
    ck_assert_int_eq(got_branch.imm, (1 << 25) - 1);

    ck_assert_int_eq(decode(0x94000040), CALL_BRANCH); /* bl .+0x100 */
    ck_assert_int_eq(got_branch.imm, 64);
    ck_assert_int_eq(got_branch.link, 1);
}
END_TEST

START_TEST(test_shared_handlers)
{
    ck_assert_int_eq(decode(0xf9400441), CALL_LDST_UI); /* ldr x1, [x2, #8] */
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
    ck_assert_int_eq(decode(0xf85f8020), CALL_LDUR); /* ldur x0, [x1, #-8] */
    ck_assert_int_eq(got_ldur.size, 3);
    ck_assert_int_eq(got_ldur.imm, -8);
    ck_assert_int_eq(got_ldur.rn, 1);
    ck_assert_int_eq(got_ldur.rt, 0);
}
END_TEST

START_TEST(test_overlap_fallthrough)
{
    ck_assert_int_eq(decode(0xaa0103e0), CALL_MOV_R); /* mov x0, x1 */
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
    ck_assert_int_eq(decode(0xd503201f), CALL_NOP);  /* nop */
    ck_assert_int_eq(decode(0xd503203f), CALL_HINT); /* yield */
    ck_assert_int_eq(decode(0xd50320ff), CALL_HINT); /* hint #7 */

    ck_assert_int_eq(decode(0x00000000), CALL_NONE); /* udf #0 */
    ck_assert_int_eq(n_calls, 0);

    reject_add = true; /* every matching trans declines: UNDEF */
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

START_TEST(test_width16)
{
    char buf[128];

    ck_assert_int_eq(decode16(0x2342), CALL_MOVS_I); /* movs r3, #0x42 */
    ck_assert_int_eq(got_movs.rd, 3);
    ck_assert_int_eq(got_movs.imm, 0x42);

    /* udf and svc come before B_cond, whose cond 1110/1111 they are */
    ck_assert_int_eq(decode16(0xde07), CALL_UDF); /* udf #7 */
    ck_assert_int_eq(got_udf.imm, 7);
    ck_assert_int_eq(decode16(0xdf01), CALL_SVC);    /* svc #1 */
    ck_assert_int_eq(decode16(0xd0fe), CALL_B_COND); /* beq .-0 */
    ck_assert_int_eq(got_b_cond.cond, 0);
    ck_assert_int_eq(got_b_cond.imm, -2);
    ck_assert_int_eq(decode16(0xdc7f), CALL_B_COND); /* bgt .+0x102 */
    ck_assert_int_eq(got_b_cond.cond, 12);
    ck_assert_int_eq(got_b_cond.imm, 127);

    ck_assert_int_eq(decode16(0x0000), CALL_NONE); /* not in the file */
    ck_assert_int_eq(n_calls, 0);
    ck_assert_str_eq(t16_describe(0x2342, buf, sizeof(buf)),
                     "MOVS_i rd=3 imm=66");
    ck_assert_ptr_null(t16_describe(0x0000, buf, sizeof(buf)));
}
END_TEST

START_TEST(test_joins)
{
    ck_assert_int_eq(decode16(0xe7fe), CALL_B); /* b . */
    ck_assert_int_eq(got_b.branch_off, -4);
    ck_assert_int_eq(decode16(0xe3ff), CALL_B); /* b .+0x802 */
    ck_assert_int_eq(got_b.branch_off, 2046);
    ck_assert_int_eq(decode16(0xe400), CALL_B); /* b .-0x7fc */
    ck_assert_int_eq(got_b.branch_off, -2048);

    /* unsigned join of i (bit 9) and imm5 (bits 7:3), times 2 */
    ck_assert_int_eq(decode16(0xb3fa), CALL_CBZ); /* cbz r2, .+0x82 */
    ck_assert_int_eq(got_cbz.nz, 0);
    ck_assert_int_eq(got_cbz.rn, 2);
    ck_assert_int_eq(got_cbz.cb_off, 126);
    ck_assert_int_eq(decode16(0xb910), CALL_CBZ); /* cbnz r0, .+8 */
    ck_assert_int_eq(got_cbz.nz, 1);
    ck_assert_int_eq(got_cbz.cb_off, 4);

    /* ADR: SInt(immhi:immlo) across the word */
    ck_assert_int_eq(decode_formats(0x10ffffe0), CALL_PCREL); /* adr x0,.-4 */
    ck_assert_int_eq(got_pcrel.adr_imm, -4);
    ck_assert_int_eq(got_pcrel.rd, 0);
    ck_assert_int_eq(got_pcrel.page, 0);
    ck_assert_int_eq(decode_formats(0x70000001), CALL_PCREL); /* adr x1,.+3 */
    ck_assert_int_eq(got_pcrel.adr_imm, 3);
    ck_assert_int_eq(got_pcrel.rd, 1);
    ck_assert_int_eq(decode_formats(0x10800000), CALL_PCREL);
    ck_assert_int_eq(got_pcrel.adr_imm, -(1 << 20));
    ck_assert_int_eq(decode_formats(0xb07fffe2), CALL_PCREL); /* adrp */
    ck_assert_int_eq(got_pcrel.adr_imm, (1 << 20) - 3);
    ck_assert_int_eq(got_pcrel.rd, 2);
    ck_assert_int_eq(got_pcrel.page, 1);

    /* T32 add.w r1, r2, #i:imm3:imm8 with parts in both halfwords */
    ck_assert_int_eq(decode_formats(0xf50251a5), CALL_ADD_T32);
    ck_assert_int_eq(got_add_t32.imm12, 0xda5);
    ck_assert_int_eq(got_add_t32.s, 0);
    ck_assert_int_eq(got_add_t32.rn, 2);
    ck_assert_int_eq(got_add_t32.rd, 1);
    ck_assert_int_eq(decode_formats(0xf11f00ff), CALL_ADD_T32);
    ck_assert_int_eq(got_add_t32.imm12, 0xff);
    ck_assert_int_eq(got_add_t32.s, 1);
    ck_assert_int_eq(got_add_t32.rn, 15);
}
END_TEST

START_TEST(test_formats_and_argsets)
{
    /* shadd v1.4s, v2.4s, v3.4s: format fields plus a named constant */
    ck_assert_int_eq(decode_formats(0x4ea30441), CALL_INT_3SAME);
    ck_assert_int_eq(got_vrrr.q, 1);
    ck_assert_int_eq(got_vrrr.size, 2);
    ck_assert_int_eq(got_vrrr.rm, 3);
    ck_assert_int_eq(got_vrrr.rn, 2);
    ck_assert_int_eq(got_vrrr.rd, 1);
    ck_assert_int_eq(got_vrrr.op, SI_SHADD);
    ck_assert_int_eq(decode_formats(0x6ea30441), CALL_INT_3SAME); /* uhadd */
    ck_assert_int_eq(got_vrrr.op, SI_UHADD);
    /* addp: another handler, same struct */
    ck_assert_int_eq(decode_formats(0x4ea3bc41), CALL_PAIRWISE);
    ck_assert_int_eq(got_vrrr.op, SI_ADDP);
    ck_assert_int_eq(got_vrrr.q, 1);
    /* add d1, d2, d3: the struct without the format */
    ck_assert_int_eq(decode_formats(0x5ee38441), CALL_INT_3SAME);
    ck_assert_int_eq(got_vrrr.q, 0);
    ck_assert_int_eq(got_vrrr.size, 3);
    ck_assert_int_eq(got_vrrr.op, SI_ADD);
    /* sqadd: the format's frame matches, no pattern's opcode does */
    ck_assert_int_eq(decode_formats(0x4ea30c41), CALL_NONE);

    /* adds r1, r2, r3 and subs: one 16-bit format, two constants */
    ck_assert_int_eq(decode16(0x18d1), CALL_ADDSUB);
    ck_assert_int_eq(got_rrr.rd, 1);
    ck_assert_int_eq(got_rrr.rn, 2);
    ck_assert_int_eq(got_rrr.rm, 3);
    ck_assert_int_eq(got_rrr.op, T16_ADD);
    ck_assert_int_eq(decode16(0x1ad1), CALL_ADDSUB);
    ck_assert_int_eq(got_rrr.op, T16_SUB);

    /* sshr / srshr v1.4s, v2.4s, #3: format join and constant, own field */
    ck_assert_int_eq(decode_formats(0x4f3d0441), CALL_SXSHR);
    ck_assert_int_eq(got_shift.q, 1);
    ck_assert_int_eq(got_shift.shift, 61);
    ck_assert_int_eq(got_shift.rn, 2);
    ck_assert_int_eq(got_shift.rd, 1);
    ck_assert_int_eq(got_shift.round, 0);
    ck_assert_int_eq(got_shift.scalar, 0);
    ck_assert_int_eq(got_shift.op, SS_SSHR);
    ck_assert_int_eq(decode_formats(0x4f3d2441), CALL_SXSHR);
    ck_assert_int_eq(got_shift.round, 1);
}
END_TEST

START_TEST(test_describe_new_features)
{
    char buf[128];

    ck_assert_str_eq(formats_describe(0x10ffffe0, buf, sizeof(buf)),
                     "ADR rd=0 adr_imm=-4 page=0");
    ck_assert_str_eq(formats_describe(0xf50251a5, buf, sizeof(buf)),
                     "ADD_t32 s=0 rn=2 rd=1 imm12=3493");
    /* named constants print their value */
    ck_assert_str_eq(formats_describe(0x4ea30441, buf, sizeof(buf)),
                     "SHADD_v q=1 size=2 rm=3 rn=2 rd=1 op=20");
    ck_assert_str_eq(formats_describe(0x4f3d2441, buf, sizeof(buf)),
                     "SxSHR_v q=1 rn=2 rd=1 shift=61 round=1 scalar=0 op=7");
    ck_assert_str_eq(t16_describe(0xe7fe, buf, sizeof(buf)), "B branch_off=-4");
    ck_assert_str_eq(t16_describe(0x1ad1, buf, sizeof(buf)),
                     "SUBS_r rm=3 rn=2 rd=1 op=101");
}
END_TEST

/* ---- malformed input: the generator must refuse it ---- */

typedef struct {
    const char *text; /* a whole .decode file */
    int line;         /* where the problem must be reported */
    const char *what; /* part of the message */
} BadInput;

static const BadInput bad_inputs[] = {
    /* width */
    {"X 00000000 00000000 00000000 0000000\n", 1,
     "pattern X has 31 bits, not 32"},
    {"%width 16\nX 00000000 00000000 0\n", 2, "pattern X has 17 bits, not 16"},
    {"%width 16\nX 00000000 0000000 \\\n  imm:2\n", 2,
     "pattern X has 17 bits, not 16"},
    {"%width 24\n", 1, "%width takes 16 or 32"},
    {"X 00000000 00000000 00000000 00000000\n%width 16\n", 2,
     "%width must come before every other line"},
    /* joins */
    {"X 00000000 00000000 00000000 00000000 %nope\n", 1, "unknown join %nope"},
    {"%j hi:lo\nX hi:16 00000000 00000000 %j\n", 2,
     "join %j needs a field 'lo' on this line"},
    {"%j:s hi:lo\nX hi:s16 lo:16 %j\n", 2,
     "field hi is part of join %j and must be unsigned"},
    {"%j:u hi:lo\n", 1, "only ':s' (sign-extend) may follow the name"},
    {"%j\n", 1, "join %j: expected its parts"},
    {"%j hi:hi\n", 1, "join %j: part 'hi' appears twice"},
    {"%j hi:lo fn=f fn=g\n", 1, "join %j: unexpected 'fn=g'"},
    {"%j hi:lo\n%j a:b\n", 2, "join %j already defined at line 1"},
    /* argument sets */
    {"&rr rd rd\n", 1, "argument set rr: 'rd' appears twice"},
    {"&rr rd rn\nX 00000000 00000000 000000 rn:5 00000 &rr\n", 2,
     "pattern X leaves member 'rd' of arg_rr (line 1) unset"},
    {"&rr rd rn\nX 00000000 00000000 0 x:1 0000 rn:5 rd:5 &rr\n", 2,
     "pattern X: 'x' is not a member of arg_rr (line 1)"},
    {"X 00000000 00000000 00000000 00000000 &nope\n", 1,
     "unknown argument set &nope"},
    {"&a rd\n&b rd\nX 00000000 00000000 00000000 000 rd:5 &a -> h\n"
     "Y 11111111 00000000 00000000 000 rd:5 &b -> h\n",
     4, "pattern Y: handler h takes arg_a (line 3), not arg_b"},
    {"X 00000000 00000000 00000000 000 rd:5 -> h\n&h rd\n", 2,
     "argument set h already defined at line 1"},
    /* formats */
    {"@f 00000000 00000000 00000000 000 rd:5\n", 1,
     "format f names no argument set (&name)"},
    {"X 00000000 00000000 00000000 00000000 @nope\n", 1,
     "pattern X: unknown format @nope"},
    {"&a rd\n@f 00000000 00000000 000000 rn:5 rd:5 &a\n", 2,
     "format f: 'rn' is not a member of arg_a (line 1)"},
    {"&a rd\n@f 00000000 00000000 00000000 000 rd:5 &a -> h\n", 2,
     "format f: '->' belongs on patterns"},
    {"&a rd\n@f 00000000 00000000 00000000 000 rd:5 &a\n"
     "X 00000000 00000000 00000000 00000001 @f\n",
     3, "pattern X fixes bits (mask 0x1f) that format f uses for fields"},
    {"&a rd\n@f 1 0000000 00000000 00000000 000 rd:5 &a\n"
     "X 0 0000000 00000000 00000000 000 ..... @f\n",
     3, "pattern X: fixed bits differ from those of format f"},
    {"&a rd x\n@f 00000000 00000000 00000000 000 rd:5 &a\n"
     "X 00000000 00000000 00000000 00 x:2 .... @f\n",
     3, "pattern X: its fields overlap bits of format f (mask 0x30)"},
    {"&a rd\n&b rd\n@f 00000000 00000000 00000000 000 rd:5 &a\n"
     "X 00000000 00000000 00000000 000 ..... @f &b\n",
     4, "pattern X: &b differs from &a of format f"},
    {"&a rd op\n@f 00000000 00000000 00000000 000 rd:5 &a {op=1}\n"
     "X 00000000 00000000 00000000 000 ..... @f {op=2}\n",
     3, "pattern X: 'op' set by both the pattern and its format"},
    /* constants */
    {"X 00000000 00000000 00000000 00000000 {op=SI-ADD}\n", 1,
     "bad constant value 'SI-ADD' (expected an identifier)"},
    {"X 00000000 00000000 00000000 00000000 {op=1x}\n", 1,
     "pattern X: bad value '1x' for op"},
    {"X 00000000 00000000 00000000 00000000\n"
     "X 11111111 00000000 00000000 00000000\n",
     2, "pattern X already defined at line 1"},
};

/* Runs tools/decodegen on text; returns its exit status, stderr in err. */
static int run_decodegen(const char *text, char *in, char *out, char *err,
                         size_t err_size)
{
    char dir[] = "/tmp/test_decodegen.XXXXXX";
    char errpath[256], cmd[1024];
    FILE *f;
    size_t n;
    int status;

    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(in, 256, "%s/in.decode", dir);
    snprintf(out, 256, "%s/out.c", dir);
    snprintf(errpath, sizeof(errpath), "%s/err", dir);
    f = fopen(in, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
    snprintf(cmd, sizeof(cmd), "'%s' -p t -o '%s' '%s' 2>'%s'", DECODEGEN, out,
             in, errpath);
    status = system(cmd);
    f = fopen(errpath, "r");
    ck_assert_ptr_nonnull(f);
    n = fread(err, 1, err_size - 1, f);
    err[n] = '\0';
    fclose(f);
    remove(errpath);
    ck_assert(WIFEXITED(status));
    return WEXITSTATUS(status);
}

static void remove_run(const char *in, const char *out)
{
    char dir[256];

    remove(out);
    remove(in);
    snprintf(dir, sizeof(dir), "%s", in);
    *strrchr(dir, '/') = '\0';
    rmdir(dir);
}

/* The harness must see success too, or the rejections prove nothing. */
START_TEST(test_good_input)
{
    char in[256], out[256], err[1024];
    struct stat st;
    int rc = run_decodegen("%width 16\n&a rd\n%j hi:lo\n"
                           "@f 00000000 hi:3 lo:2 rd:3 %j &a\n"
                           "X 00000000 ........ @f -> h\n",
                           in, out, err, sizeof(err));

    ck_assert_msg(rc == 1, "expected failure: j is no member of arg_a");
    remove_run(in, out);
    rc = run_decodegen("%width 16\n&a rd j\n%j hi:lo\n"
                       "@f 00000000 hi:3 lo:2 rd:3 %j &a\n"
                       "X 00000000 ........ @f -> h\n",
                       in, out, err, sizeof(err));
    ck_assert_msg(rc == 0, "decodegen failed: %s", err);
    ck_assert_str_eq(err, "");
    ck_assert_int_eq(stat(out, &st), 0);
    remove_run(in, out);
}
END_TEST

START_TEST(test_bad_input)
{
    const BadInput *bad = &bad_inputs[_i];
    char in[256], out[256], err[1024], where[300], tmp[300];
    struct stat st;
    int rc = run_decodegen(bad->text, in, out, err, sizeof(err));

    ck_assert_msg(rc == 1, "exit %d for input %d:\n%s", rc, _i, bad->text);
    snprintf(where, sizeof(where), "%s:%d: ", in, bad->line);
    ck_assert_msg(!strncmp(err, where, strlen(where)) &&
                      strstr(err, bad->what) && strchr(err, '\n') &&
                      !strchr(err, '\n')[1],
                  "input %d: expected one line '%s...%s', got '%s'", _i, where,
                  bad->what, err);
    /* no output, not even a partial one */
    snprintf(tmp, sizeof(tmp), "%s.tmp", out);
    ck_assert_int_ne(stat(out, &st), 0);
    ck_assert_int_ne(stat(tmp, &st), 0);
    remove_run(in, out);
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

    tc = tcase_create("width_joins_formats");
    tcase_add_test(tc, test_width16);
    tcase_add_test(tc, test_joins);
    tcase_add_test(tc, test_formats_and_argsets);
    tcase_add_test(tc, test_describe_new_features);
    suite_add_tcase(suite, tc);

    tc = tcase_create("malformed");
    tcase_add_test(tc, test_good_input);
    tcase_add_loop_test(tc, test_bad_input, 0,
                        sizeof(bad_inputs) / sizeof(bad_inputs[0]));
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
