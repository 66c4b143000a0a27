/*
 * Unit tests of the code cache and the x86-64 backend: blocks are built
 * from IR by a fake frontend, run on the host, and their results compared
 * with the same operation computed in C. Also the block hash table and
 * chaining.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tcg/exec.h"
#include "tcg/ir.h"
#include "tcg/tb.h"
#include "tcg/x86_64/backend.h"

typedef struct FakeEnv {
    uint64_t pc;
    uint64_t in[8];
    uint64_t out[4];
    uint64_t stop;
} FakeEnv;

static TCGv_i64 g_pc, g_in[8], g_out[4];
static void (*build_block)(uint64_t pc);
static TCGEnterFn enter;

void gen_intermediate_code(TranslationBlock *tb, int max_insns)
{
    (void)max_insns;
    build_block(tb->pc);
    tb->size = 4;
    tb->icount = 1;
}

void target_log_in_asm(const TranslationBlock *tb)
{
    (void)tb;
}

static uint64_t fake_get_pc(void *env) { return ((FakeEnv *)env)->pc; }
static bool fake_must_stop(void *env) { return ((FakeEnv *)env)->stop != 0; }
static const TCGTargetHooks fake_hooks = { fake_get_pc, fake_must_stop };

static void setup_once(void)
{
    tcg_context_init();
    g_pc = tcg_global_mem_new_i64(offsetof(FakeEnv, pc), "pc");
    for (int i = 0; i < 8; i++)
        g_in[i] = tcg_global_mem_new_i64(
            (int)(offsetof(FakeEnv, in) + 8 * (size_t)i), "in");
    for (int i = 0; i < 4; i++)
        g_out[i] = tcg_global_mem_new_i64(
            (int)(offsetof(FakeEnv, out) + 8 * (size_t)i), "out");
    tcg_exec_init(&fake_hooks, 0);
    enter = tcg_backend_enter();
}

/* Runs the block for pc once and returns the exit value. */
static uintptr_t run_at(FakeEnv *env, uint64_t pc)
{
    TranslationBlock *tb = tb_find_or_translate(pc);
    env->pc = pc;
    return enter(env, tb->code);
}

static uint64_t next_pc = 0x10000;
static uint64_t fresh_pc(void) { next_pc += 4; return next_pc; }

/* ---- binary ops against C ---- */

typedef void GenBin64(TCGv_i64, TCGv_i64, TCGv_i64);
typedef void GenBin32(TCGv_i32, TCGv_i32, TCGv_i32);

static struct {
    GenBin64 *gen64;
    GenBin32 *gen32;
    int use_const_b;
} cur;

static void build_binary(uint64_t pc)
{
    (void)pc;
    if (cur.gen64) {
        TCGv_i64 b = cur.use_const_b ? tcg_constant_i64((int64_t)cur.use_const_b)
                                     : g_in[1];
        cur.gen64(g_out[0], g_in[0], b);
    } else {
        TCGv_i32 a = tcg_temp_new_i32(), b = tcg_temp_new_i32();
        TCGv_i32 r = tcg_temp_new_i32();
        tcg_gen_extrl_i64_i32(a, g_in[0]);
        if (cur.use_const_b)
            b = tcg_constant_i32(cur.use_const_b);
        else
            tcg_gen_extrl_i64_i32(b, g_in[1]);
        cur.gen32(r, a, b);
        tcg_gen_extu_i32_i64(g_out[0], r);
    }
    tcg_gen_exit_tb(-1);
}

static uint64_t rng_state = 0x123456789abcdefull;
static uint64_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static uint64_t interesting(int i)
{
    static const uint64_t v[] = { 0, 1, 2, 31, 32, 63, 64, 0x7fffffff,
        0x80000000, 0xffffffff, 0x100000000ull, 0x7fffffffffffffffull,
        0x8000000000000000ull, 0xffffffffffffffffull, 0xfffffffffffffffeull };
    if (i < (int)(sizeof(v) / sizeof(v[0])))
        return v[i];
    return rnd() >> (rnd() % 64);
}

static uint64_t rotr64(uint64_t x, unsigned n) { n &= 63; return n ? x >> n | x << (64 - n) : x; }
static uint32_t rotr32(uint32_t x, unsigned n) { n &= 31; return n ? x >> n | x << (32 - n) : x; }

enum { OP_ADD, OP_SUB, OP_MUL, OP_AND, OP_OR, OP_XOR, OP_ANDC, OP_SHL,
       OP_SHR, OP_SAR, OP_ROTR, NB_BIN };

static uint64_t ref64(int op, uint64_t a, uint64_t b)
{
    switch (op) {
    case OP_ADD: return a + b;
    case OP_SUB: return a - b;
    case OP_MUL: return a * b;
    case OP_AND: return a & b;
    case OP_OR: return a | b;
    case OP_XOR: return a ^ b;
    case OP_ANDC: return a & ~b;
    case OP_SHL: return a << (b & 63);
    case OP_SHR: return a >> (b & 63);
    case OP_SAR: return (uint64_t)((int64_t)a >> (b & 63));
    default: return rotr64(a, (unsigned)b);
    }
}

static uint32_t ref32(int op, uint32_t a, uint32_t b)
{
    switch (op) {
    case OP_ADD: return a + b;
    case OP_SUB: return a - b;
    case OP_MUL: return a * b;
    case OP_AND: return a & b;
    case OP_OR: return a | b;
    case OP_XOR: return a ^ b;
    case OP_ANDC: return a & ~b;
    case OP_SHL: return a << (b & 31);
    case OP_SHR: return a >> (b & 31);
    case OP_SAR: return (uint32_t)((int32_t)a >> (b & 31));
    default: return rotr32(a, b);
    }
}

static GenBin64 *const gens64[NB_BIN] = { tcg_gen_add_i64, tcg_gen_sub_i64,
    tcg_gen_mul_i64, tcg_gen_and_i64, tcg_gen_or_i64, tcg_gen_xor_i64,
    tcg_gen_andc_i64, tcg_gen_shl_i64, tcg_gen_shr_i64, tcg_gen_sar_i64,
    tcg_gen_rotr_i64 };
static GenBin32 *const gens32[NB_BIN] = { tcg_gen_add_i32, tcg_gen_sub_i32,
    tcg_gen_mul_i32, tcg_gen_and_i32, tcg_gen_or_i32, tcg_gen_xor_i32,
    tcg_gen_andc_i32, tcg_gen_shl_i32, tcg_gen_shr_i32, tcg_gen_sar_i32,
    tcg_gen_rotr_i32 };

START_TEST(test_binary_ops_match_c)
{
    FakeEnv env = { 0 };
    int op = _i;

    build_block = build_binary;
    for (int width = 32; width <= 64; width += 32) {
        for (int konst = 0; konst < 3; konst++) {
            int32_t kval = konst == 0 ? 0 : konst == 1 ? 5 : -100;
            cur.gen64 = width == 64 ? gens64[op] : NULL;
            cur.gen32 = width == 32 ? gens32[op] : NULL;
            cur.use_const_b = kval;
            uint64_t pc = fresh_pc();
            for (int i = 0; i < 40; i++) {
                uint64_t a = interesting(i), b = kval ? (uint64_t)(int64_t)kval
                                                      : interesting(39 - i);
                uint64_t want = width == 64 ? ref64(op, a, b)
                                            : ref32(op, (uint32_t)a, (uint32_t)b);
                env.in[0] = a;
                env.in[1] = b;
                run_at(&env, pc);
                ck_assert_msg(env.out[0] == want,
                              "op %d width %d a=%llx b=%llx: got %llx want %llx",
                              op, width, (unsigned long long)a,
                              (unsigned long long)b,
                              (unsigned long long)env.out[0],
                              (unsigned long long)want);
            }
        }
    }
}
END_TEST

/* ---- comparisons, selects, bit ops ---- */

static TCGCond cur_cond;

static void build_compare(uint64_t pc)
{
    (void)pc;
    tcg_gen_setcond_i64(cur_cond, g_out[0], g_in[0], g_in[1]);
    tcg_gen_movcond_i64(cur_cond, g_out[1], g_in[0], g_in[1], g_in[2], g_in[3]);
    TCGv_i32 a = tcg_temp_new_i32(), b = tcg_temp_new_i32(), r = tcg_temp_new_i32();
    tcg_gen_extrl_i64_i32(a, g_in[0]);
    tcg_gen_extrl_i64_i32(b, g_in[1]);
    tcg_gen_setcond_i32(cur_cond, r, a, b);
    tcg_gen_extu_i32_i64(g_out[2], r);
    tcg_gen_exit_tb(-1);
}

START_TEST(test_conditions_match_c)
{
    FakeEnv env = { 0 };

    build_block = build_compare;
    for (int c = TCG_COND_EQ; c <= TCG_COND_TSTNE; c++) {
        cur_cond = (TCGCond)c;
        uint64_t pc = fresh_pc();
        for (int i = 0; i < 30; i++) {
            uint64_t a = interesting(i), b = interesting((i * 7) % 30);
            int32_t a32 = (int32_t)a, b32 = (int32_t)b;
            bool want32;
            env.in[0] = a; env.in[1] = b; env.in[2] = 111; env.in[3] = 222;
            run_at(&env, pc);
            bool want = tcg_cond_holds_i64(cur_cond, a, b);
            if (c >= TCG_COND_LTU && c <= TCG_COND_GTU)
                want32 = tcg_cond_holds_i64(cur_cond, (uint32_t)a32, (uint32_t)b32);
            else
                want32 = tcg_cond_holds_i64(cur_cond, (uint64_t)(int64_t)a32,
                                            (uint64_t)(int64_t)b32);
            ck_assert_uint_eq(env.out[0], want);
            ck_assert_uint_eq(env.out[1], want ? 111 : 222);
            ck_assert_uint_eq(env.out[2], want32);
        }
    }
}
END_TEST

static void build_bits(uint64_t pc)
{
    (void)pc;
    tcg_gen_clzi_i64(g_out[0], g_in[0], 64);
    tcg_gen_ctz_i64(g_out[1], g_in[0], tcg_constant_i64(64));
    tcg_gen_bswap64_i64(g_out[2], g_in[0]);
    tcg_gen_mulu2_i64(g_out[3], g_in[7], g_in[0], g_in[1]);
    tcg_gen_exit_tb(-1);
}

START_TEST(test_bit_ops_match_c)
{
    FakeEnv env = { 0 };
    uint64_t pc;

    build_block = build_bits;
    pc = fresh_pc();
    for (int i = 0; i < 40; i++) {
        uint64_t a = interesting(i), b = interesting(39 - i);
        unsigned __int128 p = (unsigned __int128)a * b;
        env.in[0] = a; env.in[1] = b;
        run_at(&env, pc);
        ck_assert_uint_eq(env.out[0], a ? (uint64_t)__builtin_clzll(a) : 64);
        ck_assert_uint_eq(env.out[1], a ? (uint64_t)__builtin_ctzll(a) : 64);
        ck_assert_uint_eq(env.out[2], __builtin_bswap64(a));
        ck_assert_uint_eq(env.out[3], (uint64_t)p);
        ck_assert_uint_eq(env.in[7], (uint64_t)(p >> 64));
    }
}
END_TEST

static unsigned cur_pos, cur_len;

static void build_fields(uint64_t pc)
{
    (void)pc;
    tcg_gen_extract_i64(g_out[0], g_in[0], cur_pos, cur_len);
    tcg_gen_sextract_i64(g_out[1], g_in[0], cur_pos, cur_len);
    tcg_gen_deposit_i64(g_out[2], g_in[0], g_in[1], cur_pos, cur_len);
    tcg_gen_exit_tb(-1);
}

START_TEST(test_bitfields_match_c)
{
    FakeEnv env = { 0 };

    build_block = build_fields;
    for (cur_pos = 0; cur_pos < 64; cur_pos += 7) {
        for (cur_len = 1; cur_pos + cur_len <= 64; cur_len += 9) {
            uint64_t pc = fresh_pc();
            uint64_t mask = cur_len == 64 ? ~0ull : (1ull << cur_len) - 1;
            for (int i = 0; i < 10; i++) {
                uint64_t a = rnd(), b = rnd();
                uint64_t field = (a >> cur_pos) & mask;
                uint64_t sfield = (uint64_t)((int64_t)(field << (64 - cur_len)) >>
                                             (64 - cur_len));
                env.in[0] = a; env.in[1] = b;
                run_at(&env, pc);
                ck_assert_uint_eq(env.out[0], field);
                ck_assert_uint_eq(env.out[1], sfield);
                ck_assert_uint_eq(env.out[2], (a & ~(mask << cur_pos)) |
                                              ((b & mask) << cur_pos));
            }
        }
    }
}
END_TEST

/* ---- register pressure, branches, calls ---- */

static void build_pressure(uint64_t pc)
{
    TCGv_i64 t[40];
    (void)pc;
    for (int i = 0; i < 40; i++) {
        t[i] = tcg_temp_new_i64();
        tcg_gen_muli_i64(t[i], g_in[i % 8], i + 3);
    }
    tcg_gen_movi_i64(g_out[0], 0);
    for (int i = 0; i < 40; i++)
        tcg_gen_xor_i64(g_out[0], g_out[0], t[39 - i]);
    tcg_gen_exit_tb(-1);
}

START_TEST(test_spills_keep_values)
{
    FakeEnv env = { 0 };
    uint64_t want = 0;

    build_block = build_pressure;
    for (int i = 0; i < 8; i++)
        env.in[i] = rnd();
    for (int i = 0; i < 40; i++)
        want ^= env.in[i % 8] * (uint64_t)(i + 3);
    run_at(&env, fresh_pc());
    ck_assert_uint_eq(env.out[0], want);
}
END_TEST

static void build_branch(uint64_t pc)
{
    TCGLabel l_else = tcg_new_label(), l_end = tcg_new_label();
    TCGv_i64 t = tcg_temp_new_i64();
    (void)pc;
    tcg_gen_addi_i64(t, g_in[2], 1000); /* live across both paths */
    tcg_gen_brcond_i64(TCG_COND_GE, g_in[0], g_in[1], l_else);
    tcg_gen_addi_i64(g_out[0], t, 1);
    tcg_gen_br(l_end);
    tcg_gen_set_label(l_else);
    tcg_gen_addi_i64(g_out[0], t, 2);
    tcg_gen_set_label(l_end);
    tcg_gen_add_i64(g_out[1], t, g_out[0]);
    tcg_gen_exit_tb(-1);
}

START_TEST(test_branches_inside_block)
{
    FakeEnv env = { .in = { 3, 5, 10 } };
    uint64_t pc = fresh_pc();

    build_block = build_branch;
    run_at(&env, pc);
    ck_assert_uint_eq(env.out[0], 1011);
    ck_assert_uint_eq(env.out[1], 2021);
    env.in[0] = 9;
    run_at(&env, pc);
    ck_assert_uint_eq(env.out[0], 1012);
    ck_assert_uint_eq(env.out[1], 2022);
}
END_TEST

static uint64_t helper_mix(uint64_t a, uint64_t b, uint64_t c, uint64_t d,
                           uint64_t e, uint64_t f)
{
    return a * 1 + b * 10 + c * 100 + d * 1000 + e * 10000 + f * 100000;
}

static const TCGHelper mix_info = { "mix", (void *)helper_mix, TCG_CALL_PURE };

static void build_call(uint64_t pc)
{
    TCGv_i64 r = tcg_temp_new_i64(), keep = tcg_temp_new_i64();
    (void)pc;
    tcg_gen_addi_i64(keep, g_in[0], 7); /* live across the call */
    tcg_gen_call(&mix_info, &r, 6, (TCGv_i64[]){ g_in[0], g_in[1], g_in[2],
                 tcg_constant_i64(4), g_in[4], keep });
    tcg_gen_add_i64(g_out[0], r, keep);
    tcg_gen_exit_tb(-1);
}

START_TEST(test_helper_call_passes_six_args)
{
    FakeEnv env = { .in = { 1, 2, 3, 0, 5 } };

    build_block = build_call;
    run_at(&env, fresh_pc());
    ck_assert_uint_eq(env.out[0], helper_mix(1, 2, 3, 4, 5, 8) + 8);
}
END_TEST

/* ---- the hash table and chaining ---- */

static void build_marker(uint64_t pc)
{
    tcg_gen_movi_i64(g_out[0], (int64_t)pc);
    tcg_gen_exit_tb(-1);
}

START_TEST(test_lookup_finds_each_block)
{
    uint64_t base = 0x40000000;

    build_block = build_marker;
    for (uint64_t i = 0; i < 5000; i++)
        tb_find_or_translate(base + i * 4);
    for (uint64_t i = 0; i < 5000; i++) {
        TranslationBlock *tb = tb_lookup(base + i * 4);
        ck_assert_ptr_nonnull(tb);
        ck_assert_uint_eq(tb->pc, base + i * 4);
        ck_assert_ptr_eq(tb_find_or_translate(base + i * 4), tb);
    }
    ck_assert_ptr_null(tb_lookup(base + 5000 * 4));
    tb_flush();
    ck_assert_ptr_null(tb_lookup(base));
}
END_TEST

static void build_chain(uint64_t pc)
{
    if (pc == 0x50000000) {
        tcg_gen_goto_tb(0);
        tcg_gen_movi_i64(g_pc, 0x50000004);
        tcg_gen_exit_tb(0);
    } else {
        tcg_gen_movi_i64(g_out[0], 0xbeef);
        tcg_gen_exit_tb(-1);
    }
}

START_TEST(test_chaining_jumps_directly)
{
    FakeEnv env = { 0 };
    TranslationBlock *a, *b;
    uintptr_t ret;

    build_block = build_chain;
    a = tb_find_or_translate(0x50000000);
    b = tb_find_or_translate(0x50000004);
    ret = run_at(&env, 0x50000000);
    ck_assert_uint_eq(ret, (uintptr_t)a | 0); /* unchained: asks for slot 0 */
    ck_assert_uint_eq(env.out[0], 0);
    tb_add_jump(a, 0, b);
    ret = run_at(&env, 0x50000000);
    ck_assert_uint_eq(ret, 0); /* went through b */
    ck_assert_uint_eq(env.out[0], 0xbeef);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("tb");
    TCase *tc = tcase_create("backend");
    SRunner *sr;
    int failed;

    setup_once();
    tcase_add_loop_test(tc, test_binary_ops_match_c, 0, NB_BIN);
    tcase_add_test(tc, test_conditions_match_c);
    tcase_add_test(tc, test_bit_ops_match_c);
    tcase_add_test(tc, test_bitfields_match_c);
    tcase_add_test(tc, test_spills_keep_values);
    tcase_add_test(tc, test_branches_inside_block);
    tcase_add_test(tc, test_helper_call_passes_six_args);
    tcase_add_test(tc, test_lookup_finds_each_block);
    tcase_add_test(tc, test_chaining_jumps_directly);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_set_fork_status(sr, CK_NOFORK);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
