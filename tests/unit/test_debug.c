/*
 * Unit tests of tcg/debug.c, the translator's breakpoint table: insert,
 * find, remove, a full table, and that every change drops the blocks of
 * the breakpoint's page under the translation lock. The code cache is
 * faked: only the calls debug.c makes are recorded.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>

#include "tcg/debug.h"
#include "tcg/tb.h"

static int lock_depth, max_lock_depth;
static uint64_t dropped[1024];
static int nb_dropped;

void tb_lock_code(void)
{
    lock_depth++;
    if (lock_depth > max_lock_depth)
        max_lock_depth = lock_depth;
}

void tb_unlock_code(void)
{
    lock_depth--;
}

void tb_drop_page_blocks(uint64_t addr)
{
    ck_assert_int_gt(lock_depth, 0);
    if (nb_dropped < 1024)
        dropped[nb_dropped++] = addr;
}

static void reset(void)
{
    tcg_debug_breakpoint_remove_all();
    nb_dropped = 0;
    max_lock_depth = 0;
}

START_TEST(test_insert_find_remove)
{
    reset();
    ck_assert(!tcg_debug_breakpoint_at(0x400100));
    ck_assert(tcg_debug_breakpoint_insert(0x400100));
    ck_assert(tcg_debug_breakpoint_at(0x400100));
    ck_assert(!tcg_debug_breakpoint_at(0x400104));
    ck_assert_int_eq(tcg_debug_nb_breakpoints, 1);
    /* The same pc twice is one breakpoint. */
    ck_assert(tcg_debug_breakpoint_insert(0x400100));
    ck_assert_int_eq(tcg_debug_nb_breakpoints, 1);
    ck_assert(tcg_debug_breakpoint_remove(0x400100));
    ck_assert(!tcg_debug_breakpoint_at(0x400100));
    ck_assert(!tcg_debug_breakpoint_remove(0x400100));
    ck_assert_int_eq(lock_depth, 0);
}
END_TEST

START_TEST(test_changes_drop_the_page)
{
    reset();
    tcg_debug_breakpoint_insert(0x7f0000001234);
    tcg_debug_breakpoint_remove(0x7f0000001234);
    ck_assert_int_eq(nb_dropped, 2);
    ck_assert_uint_eq(dropped[0], 0x7f0000001234);
    ck_assert_uint_eq(dropped[1], 0x7f0000001234);
    ck_assert_int_gt(max_lock_depth, 0);
    ck_assert_int_eq(lock_depth, 0);
}
END_TEST

START_TEST(test_full_table_refuses)
{
    int i;

    reset();
    for (i = 0; tcg_debug_breakpoint_insert(0x10000 + 4 * (uint64_t)i); i++)
        ck_assert_int_lt(i, 100000);
    ck_assert_int_ge(i, 16);
    ck_assert_int_eq(tcg_debug_nb_breakpoints, i);
    /* Every one is found; removing one makes room again. */
    for (int j = 0; j < i; j++)
        ck_assert(tcg_debug_breakpoint_at(0x10000 + 4 * (uint64_t)j));
    ck_assert(tcg_debug_breakpoint_remove(0x10000));
    ck_assert(tcg_debug_breakpoint_insert(0x90000));
    ck_assert(tcg_debug_breakpoint_at(0x90000));
    ck_assert(!tcg_debug_breakpoint_at(0x10000));
    tcg_debug_breakpoint_remove_all();
    ck_assert_int_eq(tcg_debug_nb_breakpoints, 0);
    ck_assert(!tcg_debug_breakpoint_at(0x10004));
}
END_TEST

int main(void)
{
    Suite *s = suite_create("debug");
    TCase *tc = tcase_create("breakpoints");
    SRunner *sr;
    int failed;

    tcase_add_test(tc, test_insert_find_remove);
    tcase_add_test(tc, test_changes_drop_the_page);
    tcase_add_test(tc, test_full_table_refuses);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
