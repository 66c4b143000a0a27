/*
 * Unit tests of the IR builder, constant folding, sinking into exits and
 * the validator.
 * Checks the op list itself; no code is generated here.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "tcg/ir.h"
#include "tcg/tb.h"

/* tcg/tb.c owns the jump cache's key fold; this test links only the IR
 * (without link-time optimisation ir.c's goto_lookup still names it). */
unsigned jmp_cache_flags_shift = JMP_CACHE_FLAGS_SHIFT;

static TCGv_i64 g0, g1, g2, pc;

static void setup(void)
{
    tcg_context_init();
    g0 = tcg_global_mem_new_i64(0, "g0");
    g1 = tcg_global_mem_new_i64(8, "g1");
    g2 = tcg_global_mem_new_i64(16, "g2");
    pc = tcg_global_mem_new_i64(24, "pc");
    tcg_func_start(NULL);
}

static const TCGOp *last_op(void)
{
    return &tcg_ctx.ops[tcg_ctx.nb_ops - 1];
}

START_TEST(test_constants_are_interned)
{
    TCGv_i64 a = tcg_constant_i64(42), b = tcg_constant_i64(42);
    TCGv_i64 c = tcg_constant_i64(43);
    TCGv_i32 d = tcg_constant_i32(42);

    ck_assert_uint_eq(a.idx, b.idx);
    ck_assert_uint_ne(a.idx, c.idx);
    ck_assert_uint_ne(a.idx, d.idx); /* different type, different temp */
    ck_assert_int_eq(tcg_temp(a.idx)->kind, TEMP_CONST);
}
END_TEST

START_TEST(test_identities_canonicalise)
{
    tcg_gen_addi_i64(g0, g0, 0); /* nothing: g0 = g0 */
    ck_assert_int_eq(tcg_ctx.nb_ops, 0);
    tcg_gen_addi_i64(g0, g1, 0); /* a move */
    ck_assert_int_eq(last_op()->opc, INDEX_op_mov_i64);
    tcg_gen_andi_i64(g0, g1, 0); /* a constant */
    ck_assert_int_eq(last_op()->opc, INDEX_op_mov_i64);
    ck_assert_int_eq(tcg_temp((uint32_t)last_op()->args[1])->val, 0);
    tcg_gen_andi_i64(g0, g1, 0xffffffff);
    ck_assert_int_eq(last_op()->opc, INDEX_op_ext32u_i64);
    tcg_gen_xori_i64(g0, g1, -1);
    ck_assert_int_eq(last_op()->opc, INDEX_op_not_i64);
    tcg_gen_shli_i64(g0, g1, 64); /* modulo the width: a move */
    ck_assert_int_eq(last_op()->opc, INDEX_op_mov_i64);
}
END_TEST

START_TEST(test_folding_propagates_through_temps)
{
    TCGv_i64 t = tcg_temp_new_i64(), u = tcg_temp_new_i64();

    tcg_gen_movi_i64(t, 6);
    tcg_gen_muli_i64(u, t, 7);                   /* 42 */
    tcg_gen_shli_i64(u, u, 4);                   /* 672 */
    tcg_gen_sub_i64(g0, u, tcg_constant_i64(2)); /* 670 */
    tcg_optimize();
    ck_assert_int_eq(last_op()->opc, INDEX_op_mov_i64);
    ck_assert_uint_eq(last_op()->args[0], g0.idx);
    ck_assert_int_eq(tcg_temp((uint32_t)last_op()->args[1])->val, 670);
}
END_TEST

START_TEST(test_folding_respects_width)
{
    TCGv_i32 t = tcg_temp_new_i32();
    TCGv_i64 w = tcg_temp_new_i64();

    tcg_gen_movi_i32(t, (int32_t)0xffffffff);
    tcg_gen_addi_i32(t, t, 1); /* wraps to 0 in 32 bits */
    tcg_gen_extu_i32_i64(w, t);
    tcg_gen_mov_i64(g0, w);
    tcg_optimize();
    ck_assert_int_eq(tcg_temp((uint32_t)last_op()->args[1])->val, 0);
}
END_TEST

START_TEST(test_folding_stops_at_unknown_values)
{
    TCGv_i64 t = tcg_temp_new_i64();

    tcg_gen_addi_i64(t, g1, 5); /* g1 unknown */
    tcg_gen_mov_i64(g0, t);
    tcg_optimize();
    ck_assert_int_eq(tcg_ctx.ops[0].opc, INDEX_op_add_i64);
}
END_TEST

/* The flags of "cmp x, #0" as the A64 frontend builds them: the carry is
 * x >= 0 unsigned (always), the overflow (x ^ 0) & (x ^ (x - 0)) (never). */
START_TEST(test_identities_with_zero_fold)
{
    TCGv_i64 zero = tcg_constant_i64(0);
    TCGv_i64 d = tcg_temp_new_i64(), x = tcg_temp_new_i64();
    TCGv_i64 y = tcg_temp_new_i64(), v = tcg_temp_new_i64();

    tcg_gen_sub_i64(d, g1, zero);
    tcg_gen_setcond_i64(TCG_COND_GEU, g0, g1, zero);
    tcg_gen_xor_i64(x, g1, zero);
    tcg_gen_xor_i64(y, g1, d);
    tcg_gen_and_i64(v, x, y);
    tcg_gen_mov_i64(g2, v);
    tcg_gen_mov_i64(pc, d);
    tcg_optimize();
    ck_assert_int_eq(tcg_ctx.ops[0].opc, INDEX_op_mov_i64); /* d = g1 */
    ck_assert_uint_eq(tcg_ctx.ops[0].args[1], g1.idx);
    ck_assert_int_eq(tcg_temp(tcg_ctx.ops[1].args[1])->kind, TEMP_CONST);
    ck_assert_int_eq(tcg_temp(tcg_ctx.ops[1].args[1])->val, 1);
    ck_assert_int_eq(tcg_temp(tcg_ctx.ops[5].args[1])->kind, TEMP_CONST);
    ck_assert_int_eq(tcg_temp(tcg_ctx.ops[5].args[1])->val, 0);
    ck_assert_uint_eq(tcg_ctx.ops[6].args[1], g1.idx); /* pc = g1 */
}
END_TEST

START_TEST(test_identities_keep_what_they_must)
{
    TCGv_i64 zero = tcg_constant_i64(0), d = tcg_temp_new_i64();
    TCGv_i32 w = tcg_temp_new_i32(), ones = tcg_constant_i32(-1);

    tcg_gen_sub_i64(d, zero, g1);                   /* 0 - x is a negation */
    tcg_gen_setcond_i64(TCG_COND_GE, g0, g1, zero); /* signed: unknown */
    tcg_gen_and_i32(w, w, ones);                    /* a copy in 32 bits */
    tcg_gen_or_i64(g2, g1, g0);                     /* nothing known */
    tcg_optimize();
    ck_assert_int_eq(tcg_ctx.ops[0].opc, INDEX_op_sub_i64);
    ck_assert_int_eq(tcg_ctx.ops[1].opc, INDEX_op_setcond_i64);
    ck_assert_int_eq(tcg_ctx.ops[2].opc, INDEX_op_mov_i32);
    ck_assert_int_eq(tcg_ctx.ops[3].opc, INDEX_op_or_i64);
}
END_TEST

START_TEST(test_label_forgets_constants)
{
    TCGv_i64 t = tcg_temp_new_i64();
    TCGLabel l = tcg_new_label();

    tcg_gen_movi_i64(t, 1);
    tcg_gen_brcondi_i64(TCG_COND_EQ, g1, 0, l);
    tcg_gen_movi_i64(t, 2);
    tcg_gen_set_label(l);
    tcg_gen_addi_i64(g0, t, 1); /* t is 1 or 2 here: must not fold */
    tcg_optimize();
    ck_assert_int_eq(last_op()->opc, INDEX_op_add_i64);
}
END_TEST

/* Index of the first op of kind opc writing temp out, or -1. */
static int find_op(TCGOpcode opc, uint32_t out)
{
    for (int i = 0; i < tcg_ctx.nb_ops; i++)
        if (tcg_ctx.ops[i].opc == opc && tcg_ctx.ops[i].args[0] == out)
            return i;
    return -1;
}

static int find_opc(TCGOpcode opc, int from)
{
    for (int i = from; i < tcg_ctx.nb_ops; i++)
        if (tcg_ctx.ops[i].opc == opc)
            return i;
    return -1;
}

static int count_opc(TCGOpcode opc)
{
    int n = 0;

    for (int i = 0; i < tcg_ctx.nb_ops; i++)
        n += tcg_ctx.ops[i].opc == opc;
    return n;
}

/* A taken constant branch: the code it skips goes, and so do the branch
 * and its label (one basic block is left). */
START_TEST(test_constant_brcond_folds)
{
    TCGLabel l = tcg_new_label();

    tcg_gen_brcond_i64(TCG_COND_LTU, tcg_constant_i64(1), tcg_constant_i64(2),
                       l);
    tcg_gen_mov_i64(g0, g1);
    tcg_gen_set_label(l);
    tcg_gen_mov_i64(g2, g1);
    tcg_optimize();
    ck_assert_int_eq(count_opc(INDEX_op_br), 0);
    ck_assert_int_eq(count_opc(INDEX_op_set_label), 0);
    ck_assert_int_eq(count_opc(INDEX_op_mov_i64), 1);
    ck_assert_uint_eq(last_op()->args[0], g2.idx);
}
END_TEST

/* "if (test) goto slow; g0 = g1; br done; slow: g0 = g2; done: g2 =
 * g0 + 1", test being "0 != 0" (folded) or "g1 != 0". */
static void build_slow_path_shape(bool folded)
{
    TCGLabel slow = tcg_new_label(), done = tcg_new_label();

    if (folded)
        tcg_gen_brcond_i64(TCG_COND_NE, tcg_constant_i64(0),
                           tcg_constant_i64(0), slow);
    else
        tcg_gen_brcondi_i64(TCG_COND_NE, g1, 0, slow);
    tcg_gen_mov_i64(g0, g1);
    tcg_gen_br(done);
    tcg_gen_set_label(slow);
    tcg_gen_mov_i64(g0, g2);
    tcg_gen_set_label(done);
    tcg_gen_addi_i64(g2, g0, 1);
    tcg_optimize();
}

/* A mode test folded away: the slow path and both labels go. */
START_TEST(test_folded_slow_path_is_dropped)
{
    build_slow_path_shape(true);
    ck_assert_int_eq(count_opc(INDEX_op_br), 0);
    ck_assert_int_eq(count_opc(INDEX_op_brcond_i64), 0);
    ck_assert_int_eq(count_opc(INDEX_op_set_label), 0);
    ck_assert_int_eq(count_opc(INDEX_op_mov_i64), 1);
    ck_assert_int_eq(tcg_ctx.ops[find_opc(INDEX_op_mov_i64, 0)].args[1],
                     g1.idx);
}
END_TEST

/* The same shape with a real test: everything stays. */
START_TEST(test_reached_labels_stay)
{
    build_slow_path_shape(false);
    ck_assert_int_eq(count_opc(INDEX_op_br), 1);
    ck_assert_int_eq(count_opc(INDEX_op_brcond_i64), 1);
    ck_assert_int_eq(count_opc(INDEX_op_set_label), 2);
    ck_assert_int_eq(count_opc(INDEX_op_mov_i64), 2);
}
END_TEST

/* "t = g0 - g1; g2 = t; if (g0 != g1) goto L; exit A; L: exit B" with g2
 * dead on the way out given by dead_b (to B) or dead_a (to A). */
static void build_compare_block(uint64_t dead_a, uint64_t dead_b)
{
    TCGv_i64 t = tcg_temp_new_i64();
    TCGLabel l = tcg_new_label();

    tcg_gen_sub_i64(t, g0, g1);
    tcg_gen_mov_i64(g2, t);
    tcg_gen_brcond_i64(TCG_COND_NE, g0, g1, l);
    tcg_gen_goto_tb(0, pc, 0x1000, dead_a);
    tcg_gen_set_label(l);
    tcg_gen_goto_tb(1, pc, 0x2000, dead_b);
}

START_TEST(test_sink_moves_to_the_tail_that_reads)
{
    uint64_t g2_bit = 1ull << g2.idx;
    int br, sub, lab;

    build_compare_block(0, g2_bit); /* only the fall-through reads g2 */
    tcg_sink_to_exits();
    br = find_opc(INDEX_op_brcond_i64, 0);
    lab = find_opc(INDEX_op_set_label, 0);
    sub = find_opc(INDEX_op_sub_i64, 0);
    ck_assert_int_gt(sub, br);
    ck_assert_int_lt(sub, lab);
    ck_assert_int_gt(find_op(INDEX_op_mov_i64, g2.idx), sub);
    ck_assert_int_lt(find_op(INDEX_op_mov_i64, g2.idx), lab);
}
END_TEST

START_TEST(test_sink_moves_to_the_taken_tail)
{
    uint64_t g2_bit = 1ull << g2.idx;

    build_compare_block(g2_bit, 0); /* only the branch target reads g2 */
    tcg_sink_to_exits();
    ck_assert_int_gt(find_opc(INDEX_op_sub_i64, 0),
                     find_opc(INDEX_op_set_label, 0));
}
END_TEST

START_TEST(test_sink_keeps_what_both_ways_read)
{
    build_compare_block(0, 0);
    tcg_sink_to_exits();
    ck_assert_int_lt(find_opc(INDEX_op_sub_i64, 0),
                     find_opc(INDEX_op_brcond_i64, 0));
}
END_TEST

START_TEST(test_sink_stops_at_guest_access)
{
    TCGv_i64 t = tcg_temp_new_i64();
    TCGLabel l = tcg_new_label();

    /* g2 written before a load that may fault: it must stay before it. */
    tcg_gen_add_i64(g2, g0, g1);
    tcg_gen_guest_ld_i64(t, g0, MO_UQ);
    tcg_gen_brcondi_i64(TCG_COND_EQ, t, 0, l);
    tcg_gen_goto_tb(0, pc, 0x1000, 0);
    tcg_gen_set_label(l);
    tcg_gen_goto_tb(1, pc, 0x2000, 1ull << g2.idx);
    tcg_sink_to_exits();
    ck_assert_int_lt(find_opc(INDEX_op_add_i64, 0),
                     find_opc(INDEX_op_guest_ld_i64, 0));
}
END_TEST

START_TEST(test_sink_keeps_inputs_the_body_overwrites)
{
    uint64_t g2_bit = 1ull << g2.idx;
    TCGv_i64 t = tcg_temp_new_i64();
    TCGLabel l = tcg_new_label();

    /* g2 = g0 + 1 reads g0 before g0 changes: moving it would read the
     * new g0, so it stays. */
    tcg_gen_addi_i64(g2, g0, 1);
    tcg_gen_addi_i64(g0, g0, 8);
    tcg_gen_mov_i64(t, g0);
    tcg_gen_brcondi_i64(TCG_COND_EQ, t, 0, l);
    tcg_gen_goto_tb(0, pc, 0x1000, 0);
    tcg_gen_set_label(l);
    tcg_gen_goto_tb(1, pc, 0x2000, g2_bit);
    tcg_sink_to_exits();
    ck_assert_int_lt(find_op(INDEX_op_add_i64, g2.idx),
                     find_opc(INDEX_op_brcond_i64, 0));
}
END_TEST

/* A way out in the middle of a block (a loop region's): "t = g0 - g1;
 * g2 = t; if (g0 != g1) goto L; exit to 0x1000 (goto_tb, or the jump-cache
 * probe when lookup); L: REST; exit to 0x2000", REST by rest. */
enum { REST_OVERWRITES, REST_READS, REST_LOADS_FIRST };

static void build_side_exit(bool lookup, int rest)
{
    TCGv_i64 t = tcg_temp_new_i64(), u = tcg_temp_new_i64();
    TCGLabel l = tcg_new_label();

    tcg_gen_sub_i64(t, g0, g1);
    tcg_gen_mov_i64(g2, t);
    tcg_gen_brcond_i64(TCG_COND_NE, g0, g1, l);
    if (lookup) {
        tcg_gen_movi_i64(pc, 0x1000);
        tcg_gen_lookup_and_goto_ptr(pc, tcg_constant_i32(0), 0);
    } else {
        tcg_gen_goto_tb(0, pc, 0x1000, 0);
    }
    tcg_gen_set_label(l);
    if (rest == REST_READS)
        tcg_gen_addi_i64(g1, g2, 1);
    if (rest == REST_LOADS_FIRST)
        tcg_gen_guest_ld_i64(u, g0, MO_UQ); /* may fault: sees g2 */
    tcg_gen_mov_i64(g2, g0);
    tcg_gen_goto_tb(1, pc, 0x2000, 0);
}

/* Is the sub (and the write of g2) between the branch and its label? */
static bool side_exit_computes_g2(void)
{
    int br = find_opc(INDEX_op_brcond_i64, 0);
    int lab = find_opc(INDEX_op_set_label, 0);
    int sub = find_opc(INDEX_op_sub_i64, 0);
    int mov = find_op(INDEX_op_mov_i64, g2.idx);

    return sub > br && sub < lab && mov > sub && mov < lab;
}

START_TEST(test_sink_moves_to_a_side_exit)
{
    build_side_exit(false, REST_OVERWRITES);
    tcg_sink_to_exits();
    ck_assert(side_exit_computes_g2());
}
END_TEST

START_TEST(test_sink_moves_to_a_lookup_side_exit)
{
    build_side_exit(true, REST_OVERWRITES);
    tcg_sink_to_exits();
    ck_assert(side_exit_computes_g2());
}
END_TEST

START_TEST(test_sink_keeps_what_the_rest_reads)
{
    build_side_exit(false, REST_READS);
    tcg_sink_to_exits();
    ck_assert_int_lt(find_opc(INDEX_op_sub_i64, 0),
                     find_opc(INDEX_op_brcond_i64, 0));
}
END_TEST

START_TEST(test_sink_keeps_what_a_fault_in_the_rest_sees)
{
    build_side_exit(false, REST_LOADS_FIRST);
    tcg_sink_to_exits();
    ck_assert_int_lt(find_opc(INDEX_op_sub_i64, 0),
                     find_opc(INDEX_op_brcond_i64, 0));
}
END_TEST

START_TEST(test_validator_rejects_backward_branch)
{
    char err[128];
    TCGLabel l = tcg_new_label();

    tcg_gen_set_label(l);
    tcg_gen_br(l);
    ck_assert(!tcg_validate(err, sizeof(err)));
    ck_assert_ptr_nonnull(strstr(err, "backward"));
}
END_TEST

START_TEST(test_validator_accepts_builder_output)
{
    char err[128];
    TCGLabel l = tcg_new_label();

    tcg_gen_brcondi_i64(TCG_COND_NE, g0, 3, l);
    tcg_gen_addi_i64(g0, g1, 9);
    tcg_gen_set_label(l);
    tcg_gen_exit_tb(-1);
    ck_assert_msg(tcg_validate(err, sizeof(err)), "%s", err);
}
END_TEST

START_TEST(test_cond_helpers)
{
    ck_assert(tcg_cond_holds_i64(TCG_COND_LT, (uint64_t)-1, 0));
    ck_assert(!tcg_cond_holds_i64(TCG_COND_LTU, (uint64_t)-1, 0));
    ck_assert(tcg_cond_holds_i64(TCG_COND_TSTNE, 6, 2));
    for (int c = TCG_COND_EQ; c <= TCG_COND_TSTNE; c++) {
        ck_assert_int_eq(tcg_invert_cond(tcg_invert_cond((TCGCond)c)), c);
        ck_assert(tcg_cond_holds_i64((TCGCond)c, 5, 9) !=
                  tcg_cond_holds_i64(tcg_invert_cond((TCGCond)c), 5, 9));
        ck_assert(tcg_cond_holds_i64((TCGCond)c, 5, 9) ==
                  tcg_cond_holds_i64(tcg_swap_cond((TCGCond)c), 9, 5));
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ir");
    TCase *tc = tcase_create("builder");
    SRunner *sr;
    int failed;

    tcase_add_checked_fixture(tc, setup, NULL);
    tcase_add_test(tc, test_constants_are_interned);
    tcase_add_test(tc, test_identities_canonicalise);
    tcase_add_test(tc, test_folding_propagates_through_temps);
    tcase_add_test(tc, test_folding_respects_width);
    tcase_add_test(tc, test_folding_stops_at_unknown_values);
    tcase_add_test(tc, test_identities_with_zero_fold);
    tcase_add_test(tc, test_identities_keep_what_they_must);
    tcase_add_test(tc, test_label_forgets_constants);
    tcase_add_test(tc, test_constant_brcond_folds);
    tcase_add_test(tc, test_folded_slow_path_is_dropped);
    tcase_add_test(tc, test_reached_labels_stay);
    tcase_add_test(tc, test_sink_moves_to_the_tail_that_reads);
    tcase_add_test(tc, test_sink_moves_to_the_taken_tail);
    tcase_add_test(tc, test_sink_keeps_what_both_ways_read);
    tcase_add_test(tc, test_sink_stops_at_guest_access);
    tcase_add_test(tc, test_sink_keeps_inputs_the_body_overwrites);
    tcase_add_test(tc, test_sink_moves_to_a_side_exit);
    tcase_add_test(tc, test_sink_moves_to_a_lookup_side_exit);
    tcase_add_test(tc, test_sink_keeps_what_the_rest_reads);
    tcase_add_test(tc, test_sink_keeps_what_a_fault_in_the_rest_sees);
    tcase_add_test(tc, test_validator_rejects_backward_branch);
    tcase_add_test(tc, test_validator_accepts_builder_output);
    tcase_add_test(tc, test_cond_helpers);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
