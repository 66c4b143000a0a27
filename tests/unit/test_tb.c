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
    uint8_t vec[4][16]; /* vector registers for the vec_* ops */
} FakeEnv;

static TCGv_i64 g_pc, g_in[8], g_out[4];
static void (*build_block)(uint64_t pc);
static uint32_t build_flags; /* the flags of the block being built */
static TCGEnterFn enter;

static void fake_translate(TranslationBlock *tb, void *env, int max_insns)
{
    (void)env;
    (void)max_insns;
    build_flags = tb->flags;
    build_block(tb->pc);
    tb->size = 4;
    tb->icount = 1;
}

static void fake_log_in_asm(const TranslationBlock *tb, void *env)
{
    (void)tb;
    (void)env;
}

static TCGBlockState fake_block_state(void *env)
{
    uint64_t pc = ((FakeEnv *)env)->pc;

    return (TCGBlockState){.pc = pc, .flags = 0, .phys = pc};
}
static bool fake_must_stop(void *env)
{
    return ((FakeEnv *)env)->stop != 0;
}

/* The fake target's globals: fake_ops.init, called by tcg_exec_init. */
static void fake_init(void)
{
    g_pc = tcg_global_mem_new_i64(offsetof(FakeEnv, pc), "pc");
    for (int i = 0; i < 8; i++)
        g_in[i] = tcg_global_mem_new_i64(
            (int)(offsetof(FakeEnv, in) + 8 * (size_t)i), "in");
    for (int i = 0; i < 4; i++)
        g_out[i] = tcg_global_mem_new_i64(
            (int)(offsetof(FakeEnv, out) + 8 * (size_t)i), "out");
}

static const TCGTargetOps fake_ops = {
    .init = fake_init,
    .translate = fake_translate,
    .log_in_asm = fake_log_in_asm,
    .block_state = fake_block_state,
    .must_stop = fake_must_stop,
};

static void setup_once(void)
{
    tcg_exec_init(&fake_ops, 0);
    enter = tcg_backend_enter();
}

/* Runs the block for pc once and returns the exit value. */
static uintptr_t run_at(FakeEnv *env, uint64_t pc)
{
    TranslationBlock *tb = tb_find_or_translate(NULL, pc, 0);
    env->pc = pc;
    static JmpCache jc; /* goto_lookup's cache: empty, so it calls the helper */
    static bool jc_ready;

    if (!jc_ready) {
        tb_jmp_cache_clear(&jc);
        jc_ready = true;
    }
    return enter(env, tb->code, &jc);
}

static uint64_t next_pc = 0x10000;
static uint64_t fresh_pc(void)
{
    next_pc += 4;
    return next_pc;
}

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
        TCGv_i64 b = cur.use_const_b
                         ? tcg_constant_i64((int64_t)cur.use_const_b)
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
    static const uint64_t v[] = {0,
                                 1,
                                 2,
                                 31,
                                 32,
                                 63,
                                 64,
                                 0x7fffffff,
                                 0x80000000,
                                 0xffffffff,
                                 0x100000000ull,
                                 0x7fffffffffffffffull,
                                 0x8000000000000000ull,
                                 0xffffffffffffffffull,
                                 0xfffffffffffffffeull};
    if (i < (int)(sizeof(v) / sizeof(v[0])))
        return v[i];
    return rnd() >> (rnd() % 64);
}

static uint64_t rotr64(uint64_t x, unsigned n)
{
    n &= 63;
    return n ? x >> n | x << (64 - n) : x;
}
static uint32_t rotr32(uint32_t x, unsigned n)
{
    n &= 31;
    return n ? x >> n | x << (32 - n) : x;
}

enum {
    OP_ADD,
    OP_SUB,
    OP_MUL,
    OP_AND,
    OP_OR,
    OP_XOR,
    OP_ANDC,
    OP_SHL,
    OP_SHR,
    OP_SAR,
    OP_ROTR,
    NB_BIN
};

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

static GenBin64 *const gens64[NB_BIN] = {
    tcg_gen_add_i64, tcg_gen_sub_i64, tcg_gen_mul_i64,  tcg_gen_and_i64,
    tcg_gen_or_i64,  tcg_gen_xor_i64, tcg_gen_andc_i64, tcg_gen_shl_i64,
    tcg_gen_shr_i64, tcg_gen_sar_i64, tcg_gen_rotr_i64};
static GenBin32 *const gens32[NB_BIN] = {
    tcg_gen_add_i32, tcg_gen_sub_i32, tcg_gen_mul_i32,  tcg_gen_and_i32,
    tcg_gen_or_i32,  tcg_gen_xor_i32, tcg_gen_andc_i32, tcg_gen_shl_i32,
    tcg_gen_shr_i32, tcg_gen_sar_i32, tcg_gen_rotr_i32};

START_TEST(test_binary_ops_match_c)
{
    FakeEnv env = {0};
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
                uint64_t want = width == 64
                                    ? ref64(op, a, b)
                                    : ref32(op, (uint32_t)a, (uint32_t)b);
                env.in[0] = a;
                env.in[1] = b;
                run_at(&env, pc);
                ck_assert_msg(
                    env.out[0] == want,
                    "op %d width %d a=%llx b=%llx: got %llx want %llx", op,
                    width, (unsigned long long)a, (unsigned long long)b,
                    (unsigned long long)env.out[0], (unsigned long long)want);
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
    TCGv_i32 a = tcg_temp_new_i32(), b = tcg_temp_new_i32(),
             r = tcg_temp_new_i32();
    tcg_gen_extrl_i64_i32(a, g_in[0]);
    tcg_gen_extrl_i64_i32(b, g_in[1]);
    tcg_gen_setcond_i32(cur_cond, r, a, b);
    tcg_gen_extu_i32_i64(g_out[2], r);
    tcg_gen_exit_tb(-1);
}

START_TEST(test_conditions_match_c)
{
    FakeEnv env = {0};

    build_block = build_compare;
    for (int c = TCG_COND_EQ; c <= TCG_COND_TSTNE; c++) {
        cur_cond = (TCGCond)c;
        uint64_t pc = fresh_pc();
        for (int i = 0; i < 30; i++) {
            uint64_t a = interesting(i), b = interesting((i * 7) % 30);
            int32_t a32 = (int32_t)a, b32 = (int32_t)b;
            bool want32;
            env.in[0] = a;
            env.in[1] = b;
            env.in[2] = 111;
            env.in[3] = 222;
            run_at(&env, pc);
            bool want = tcg_cond_holds_i64(cur_cond, a, b);
            if (c >= TCG_COND_LTU && c <= TCG_COND_GTU)
                want32 =
                    tcg_cond_holds_i64(cur_cond, (uint32_t)a32, (uint32_t)b32);
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
    FakeEnv env = {0};
    uint64_t pc;

    build_block = build_bits;
    pc = fresh_pc();
    for (int i = 0; i < 40; i++) {
        uint64_t a = interesting(i), b = interesting(39 - i);
        unsigned __int128 p = (unsigned __int128)a * b;
        env.in[0] = a;
        env.in[1] = b;
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
    FakeEnv env = {0};

    build_block = build_fields;
    for (cur_pos = 0; cur_pos < 64; cur_pos += 7) {
        for (cur_len = 1; cur_pos + cur_len <= 64; cur_len += 9) {
            uint64_t pc = fresh_pc();
            uint64_t mask = cur_len == 64 ? ~0ull : (1ull << cur_len) - 1;
            for (int i = 0; i < 10; i++) {
                uint64_t a = rnd(), b = rnd();
                uint64_t field = (a >> cur_pos) & mask;
                uint64_t sfield =
                    (uint64_t)((int64_t)(field << (64 - cur_len)) >>
                               (64 - cur_len));
                env.in[0] = a;
                env.in[1] = b;
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

/*
 * Every field of both widths, b a register or a constant (MOVK's form):
 * the lowering picks among masks, shift pairs and immediates by position.
 */
static uint64_t cur_const;

static void build_deposits(uint64_t pc)
{
    TCGv_i32 a32 = tcg_temp_new_i32(), b32 = tcg_temp_new_i32();
    TCGv_i32 r32 = tcg_temp_new_i32();
    TCGv_i64 r64 = tcg_temp_new_i64();

    (void)pc;
    tcg_gen_deposit_i64(g_out[0], g_in[0], g_in[1], cur_pos, cur_len);
    tcg_gen_deposit_i64(g_out[1], g_in[0], tcg_constant_i64((int64_t)cur_const),
                        cur_pos, cur_len);
    if (cur_pos + cur_len <= 32) {
        tcg_gen_extrl_i64_i32(a32, g_in[0]);
        tcg_gen_extrl_i64_i32(b32, g_in[1]);
        tcg_gen_deposit_i32(r32, a32, b32, cur_pos, cur_len);
        tcg_gen_extu_i32_i64(g_out[2], r32);
        tcg_gen_deposit_i32(r32, a32, tcg_constant_i32((int32_t)cur_const),
                            cur_pos, cur_len);
        tcg_gen_extu_i32_i64(r64, r32);
        tcg_gen_mov_i64(g_out[3], r64);
    }
    tcg_gen_exit_tb(-1);
}

static uint64_t deposit_c(uint64_t a, uint64_t b, unsigned pos, unsigned len)
{
    uint64_t mask = len == 64 ? ~0ull : (1ull << len) - 1;

    return (a & ~(mask << pos)) | ((b & mask) << pos);
}

START_TEST(test_deposits_match_c)
{
    FakeEnv env = {0};

    build_block = build_deposits;
    for (cur_pos = 0; cur_pos < 64; cur_pos++) {
        for (cur_len = 1; cur_pos + cur_len <= 64; cur_len++) {
            uint64_t pc = fresh_pc();
            uint64_t a = rnd(), b = rnd();
            unsigned w32 = cur_pos + cur_len <= 32;

            cur_const = (cur_pos + cur_len) % 3 == 0 ? 0 : rnd();
            if (cur_len % 5 == 0)
                cur_const = ~0ull;
            env.in[0] = a;
            env.in[1] = b;
            run_at(&env, pc);
            ck_assert_uint_eq(env.out[0], deposit_c(a, b, cur_pos, cur_len));
            ck_assert_uint_eq(env.out[1],
                              deposit_c(a, cur_const, cur_pos, cur_len));
            if (!w32)
                continue;
            ck_assert_uint_eq(env.out[2],
                              (uint32_t)deposit_c(a, b, cur_pos, cur_len));
            ck_assert_uint_eq(env.out[3], (uint32_t)deposit_c(
                                              a, cur_const, cur_pos, cur_len));
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
    FakeEnv env = {0};
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
    FakeEnv env = {.in = {3, 5, 10}};
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

static const TCGHelper mix_info = {"mix", (void *)helper_mix,
                                   TCG_CALL_NO_GLOBALS};

static void build_call(uint64_t pc)
{
    TCGv_i64 r = tcg_temp_new_i64(), keep = tcg_temp_new_i64();
    (void)pc;
    tcg_gen_addi_i64(keep, g_in[0], 7); /* live across the call */
    tcg_gen_call(&mix_info, &r, 6,
                 (TCGv_i64[]){g_in[0], g_in[1], g_in[2], tcg_constant_i64(4),
                              g_in[4], keep});
    tcg_gen_add_i64(g_out[0], r, keep);
    tcg_gen_exit_tb(-1);
}

START_TEST(test_helper_call_passes_six_args)
{
    FakeEnv env = {.in = {1, 2, 3, 0, 5}};

    build_block = build_call;
    run_at(&env, fresh_pc());
    ck_assert_uint_eq(env.out[0], helper_mix(1, 2, 3, 4, 5, 8) + 8);
}
END_TEST

/* ---- globals no successor reads ---- */

static void build_dead_global(uint64_t pc)
{
    TCGLabel l = tcg_new_label();
    (void)pc;
    tcg_gen_addi_i64(g_out[0], g_in[0], 5);  /* dead at exit... */
    tcg_gen_addi_i64(g_out[1], g_out[0], 1); /* ...but read here */
    tcg_gen_brcondi_i64(TCG_COND_EQ, g_out[0], 0, l);
    tcg_gen_movi_i64(g_out[2], 7);
    tcg_gen_set_label(l);
    tcg_ctx.globals_dead_at_exit = 1ull << g_out[0].idx;
    tcg_gen_exit_tb(-1);
}

START_TEST(test_dead_globals_are_not_written_back)
{
    FakeEnv env = {.in = {10}, .out = {99, 0, 0}};

    build_block = build_dead_global;
    run_at(&env, fresh_pc());
    ck_assert_uint_eq(env.out[0], 99); /* its store was dropped */
    ck_assert_uint_eq(env.out[1], 16); /* readers inside saw 15 */
    ck_assert_uint_eq(env.out[2], 7);  /* and the branch did too */
}
END_TEST

/* At lookup_pc: out[0] = in[0] + 5, then out[1] = out[0] + 1, and a way
 * out to lookup_pc + 4 through the jump-cache probe, whose target
 * (writing 0x5b to out[2]) overwrites out[0] first when lookup_dead. */
static bool lookup_dead;
static uint64_t lookup_pc;

static void build_lookup_dead(uint64_t pc)
{
    if (pc != lookup_pc) {
        tcg_gen_movi_i64(g_out[2], 0x5b);
        tcg_gen_exit_tb(-1);
        return;
    }
    tcg_gen_addi_i64(g_out[0], g_in[0], 5);
    tcg_gen_addi_i64(g_out[1], g_out[0], 1);
    tcg_gen_movi_i64(g_pc, (int64_t)pc + 4);
    tcg_gen_lookup_and_goto_ptr(g_pc, tcg_constant_i32(0),
                                lookup_dead ? 1ull << g_out[0].idx : 0);
}

START_TEST(test_lookup_exit_drops_dead_globals)
{
    FakeEnv env = {.in = {10}, .out = {99}};

    build_block = build_lookup_dead;
    lookup_dead = true;
    lookup_pc = 0x5b000000;
    tb_find_or_translate(NULL, lookup_pc + 4, 0);
    run_at(&env, lookup_pc);
    ck_assert_uint_eq(env.out[0], 99); /* its store was dropped */
    ck_assert_uint_eq(env.out[1], 16);
    ck_assert_uint_eq(env.out[2], 0x5b);
}
END_TEST

START_TEST(test_lookup_exit_keeps_live_globals)
{
    FakeEnv env = {.in = {10}, .out = {99}};

    build_block = build_lookup_dead;
    lookup_dead = false;
    lookup_pc = 0x5c000000;
    tb_find_or_translate(NULL, lookup_pc + 4, 0);
    run_at(&env, lookup_pc);
    ck_assert_uint_eq(env.out[0], 15);
    ck_assert_uint_eq(env.out[2], 0x5b);
}
END_TEST

/* ---- guest accesses with folded address offsets ---- */

/* guest_base is 0 here: guest addresses are host addresses. */
static void build_offset_accesses(uint64_t pc)
{
    TCGv_i64 t = tcg_temp_new_i64(), u = tcg_temp_new_i64();
    TCGv_i64 w = tcg_temp_new_i64(), v = tcg_temp_new_i64();

    (void)pc;
    tcg_gen_addi_i64(t, g_in[0], 8);
    tcg_gen_guest_ld_i64(g_out[0], t, MO_UQ); /* [in0 + 8] */
    tcg_gen_addi_i64(u, g_in[0], -8);
    tcg_gen_guest_st_i64(g_in[1], u, MO_UL); /* [in0 - 8] = in1 */
    tcg_gen_addi_i64(w, g_in[0], 16);
    tcg_gen_guest_ld_i64(v, w, MO_SW); /* [in0 + 16], w reused */
    tcg_gen_add_i64(g_out[1], v, w);
    tcg_gen_exit_tb(-1);
}

START_TEST(test_address_offsets_fold_into_accesses)
{
    uint64_t mem[5] = {0x1111, 0x5555555566666666, 0x3333, 0x4444, 0xfffe};
    FakeEnv env = {.in = {(uint64_t)(uintptr_t)&mem[2], 0xaabbccdd12345678}};

    build_block = build_offset_accesses;
    run_at(&env, fresh_pc());
    ck_assert_uint_eq(env.out[0], 0x4444);
    ck_assert_uint_eq(mem[1], 0x5555555512345678); /* 4 bytes written */
    ck_assert_uint_eq(env.out[1], (uint64_t)(uintptr_t)&mem[4] - 2);
}
END_TEST

/* ---- the hash table and chaining ---- */

static void build_marker(uint64_t pc)
{
    tcg_gen_movi_i64(g_out[0], (int64_t)pc);
    tcg_gen_exit_tb(-1);
}

/* 140,000 blocks: the table is built again six times, twice as big each
 * time, and every block stays found. */
START_TEST(test_lookup_finds_each_block)
{
    const uint64_t base = 0x40000000, n = 140000;

    build_block = build_marker;
    for (uint64_t i = 0; i < n; i++)
        tb_find_or_translate(NULL, base + i * 4, 0);
    for (uint64_t i = 0; i < n; i++) {
        TranslationBlock *tb = tb_lookup(base + i * 4, 0);
        ck_assert_ptr_nonnull(tb);
        ck_assert_uint_eq(tb->pc, base + i * 4);
        ck_assert_ptr_eq(tb_find_or_translate(NULL, base + i * 4, 0), tb);
    }
    ck_assert_ptr_null(tb_lookup(base + n * 4, 0));
    tb_flush();
    ck_assert_ptr_null(tb_lookup(base, 0));
}
END_TEST

/* 48 blocks at one pc (other flags: they probe the same slots), every
 * other one made from another page (phys), and 30,000 around them; the
 * 24 dropped with their page leave removed slots, which lookups of the
 * other 24 pass and rebuilding the table clears. */
START_TEST(test_lookup_passes_removed_blocks)
{
    const uint64_t pc = 0x48000000, other = 0x48001000, base = 0x48100000;
    TranslationBlock *kept[48], *again;

    build_block = build_marker;
    for (uint32_t f = 0; f < 48; f++)
        kept[f] = tb_find_or_translate_phys(NULL, pc, f, f % 2 ? other : pc);
    tb_invalidate_page(pc);
    for (uint32_t f = 0; f < 48; f += 2)
        ck_assert_ptr_null(tb_lookup(pc, f));
    for (uint32_t f = 1; f < 48; f += 2)
        ck_assert_ptr_eq(tb_lookup_phys(pc, f, other), kept[f]);
    again = tb_find_or_translate(NULL, pc, 46);
    ck_assert_ptr_ne(again, kept[46]);
    ck_assert_ptr_eq(tb_lookup(pc, 46), again);
    ck_assert_ptr_null(tb_lookup(pc, 44));
    for (uint64_t i = 0; i < 30000; i++)
        tb_find_or_translate(NULL, base + i * 4, 1);
    for (uint64_t i = 0; i < 30000; i++)
        ck_assert_uint_eq(tb_lookup(base + i * 4, 1)->pc, base + i * 4);
    for (uint32_t f = 1; f < 48; f += 2)
        ck_assert_ptr_eq(tb_lookup_phys(pc, f, other), kept[f]);
    ck_assert_ptr_eq(tb_lookup(pc, 46), again);
    ck_assert_ptr_null(tb_lookup(pc, 0));
    tb_flush();
}
END_TEST

static void build_chain(uint64_t pc)
{
    if (pc == 0x50000000) {
        tcg_gen_goto_tb(0, g_pc, 0x50000004, 0);
    } else {
        tcg_gen_movi_i64(g_out[0], 0xbeef);
        tcg_gen_exit_tb(-1);
    }
}

START_TEST(test_chaining_jumps_directly)
{
    FakeEnv env = {0};
    TranslationBlock *a, *b;
    uintptr_t ret;

    build_block = build_chain;
    a = tb_find_or_translate(NULL, 0x50000000, 0);
    b = tb_find_or_translate(NULL, 0x50000004, 0);
    ret = run_at(&env, 0x50000000);
    ck_assert_uint_eq(ret, (uintptr_t)a | 0); /* unchained: asks for slot 0 */
    ck_assert_uint_eq(env.pc, 0x50000004);
    ck_assert_uint_eq(env.out[0], 0);
    tb_add_jump(a, 0, b);
    ret = run_at(&env, 0x50000000);
    ck_assert_uint_eq(ret, 0); /* went through b */
    ck_assert_uint_eq(env.out[0], 0xbeef);
}
END_TEST

/* Writes the block's flags to out[0]; at 0x58000000, jumps on. */
static void build_flagged(uint64_t pc)
{
    if (pc == 0x58000000) {
        tcg_gen_goto_tb(0, g_pc, 0x58000004, 0);
        return;
    }
    tcg_gen_movi_i64(g_out[0], (int64_t)build_flags);
    tcg_gen_exit_tb(-1);
}

START_TEST(test_flags_key_blocks)
{
    TranslationBlock *from, *same, *other;

    build_block = build_flagged;
    from = tb_find_or_translate(NULL, 0x58000000, 1);
    same = tb_find_or_translate(NULL, 0x58000004, 1);
    other = tb_find_or_translate(NULL, 0x58000004, 2);
    ck_assert_ptr_ne(same, other);
    ck_assert_uint_eq(other->flags, 2);
    ck_assert_ptr_eq(tb_lookup(0x58000004, 1), same);
    ck_assert_ptr_eq(tb_lookup(0x58000004, 2), other);
    ck_assert_ptr_null(tb_lookup(0x58000004, 0));
    /* A goto_tb chains only to a block with its own block's flags. */
    tb_add_jump(from, 0, other);
    ck_assert_ptr_null(from->jmp_dest[0]);
    tb_add_jump(from, 0, same);
    ck_assert_ptr_eq(from->jmp_dest[0], same);
}
END_TEST

/* At 0x5a000000, an indirect jump to 0x5a000004 with the flags as a
 * value (in[0]); there, writes 0x5a to out[0]. */
static void build_indirect_flags(uint64_t pc)
{
    TCGv_i32 flags = tcg_temp_new_i32();

    if (pc != 0x5a000000) {
        tcg_gen_movi_i64(g_out[0], 0x5a);
        tcg_gen_exit_tb(-1);
        return;
    }
    tcg_gen_movi_i64(g_pc, 0x5a000004);
    tcg_gen_extrl_i64_i32(flags, g_in[0]);
    tcg_gen_lookup_and_goto_ptr(g_pc, flags, 0);
}

START_TEST(test_lookup_with_flags_value)
{
    FakeEnv env = {0};

    build_block = build_indirect_flags;
    tb_find_or_translate(NULL, 0x5a000004, 0);
    run_at(&env, 0x5a000000);
    ck_assert_uint_eq(env.pc, 0x5a000004);
    ck_assert_uint_eq(env.out[0], 0x5a);
}
END_TEST

/* A block that leaves when env.stop is set, else writes out[0]. */
static void build_exit_check(uint64_t pc)
{
    tcg_gen_exit_check(offsetof(FakeEnv, stop), g_pc, pc);
    tcg_gen_movi_i64(g_out[0], 0x1234);
    tcg_gen_movi_i64(g_pc, 0x99);
    tcg_gen_exit_tb(-1);
}

START_TEST(test_exit_check_leaves_only_when_flagged)
{
    FakeEnv env = {0};

    build_block = build_exit_check;
    tb_find_or_translate(NULL, 0x60000000, 0);
    env.stop = 1;
    ck_assert_uint_eq(run_at(&env, 0x60000000), 0);
    ck_assert_uint_eq(env.pc, 0x60000000);
    ck_assert_uint_eq(env.out[0], 0);
    env.stop = 0;
    ck_assert_uint_eq(run_at(&env, 0x60000000), 0);
    ck_assert_uint_eq(env.pc, 0x99);
    ck_assert_uint_eq(env.out[0], 0x1234);
}
END_TEST

/* ---- vector ops in the CPU state against a C model ---- */

typedef struct VecCase {
    unsigned op, vece, oprsz, maxsz, imm;
    unsigned part; /* 8: narrow operands from the upper halves ("2" forms) */
} VecCase;

static VecCase vcur;

static int32_t vec_reg(int i)
{
    return (int32_t)(offsetof(FakeEnv, vec) + 16 * (size_t)i);
}

/* Kinds whose a and b are both the low 8 bytes (widening). */
static bool vec_narrow_a(unsigned kind)
{
    return (kind >= TCG_VEC_MULLU && kind <= TCG_VEC_SUBLS) ||
           kind == TCG_VEC_ZEXT_SHLI || kind == TCG_VEC_SEXT_SHLI;
}

/* Kinds whose b is the low 8 bytes. */
static bool vec_narrow_b(unsigned kind)
{
    return kind >= TCG_VEC_MULLU && kind <= TCG_VEC_SUBWS;
}

static void build_vec(uint64_t pc)
{
    unsigned kind = vcur.op & TCG_VEC_OP_MASK;
    int32_t a = vec_reg(1) + (vec_narrow_a(kind) ? (int32_t)vcur.part : 0);
    int32_t b = vec_reg(2) + (vec_narrow_b(kind) ? (int32_t)vcur.part : 0);

    (void)pc;
    if (kind == TCG_VEC_EXTRACT)
        tcg_gen_vec_extract(vcur.oprsz, vcur.maxsz, vec_reg(0), a, b, vcur.imm);
    else if (kind == TCG_VEC_TBL)
        tcg_gen_vec_tbl(vcur.op, vcur.oprsz, vcur.maxsz, vec_reg(0), a, b,
                        vcur.imm);
    else if (kind < TCG_VEC_NOT)
        tcg_gen_vec_bin(vcur.op, vcur.vece, vcur.oprsz, vcur.maxsz, vec_reg(0),
                        a, b);
    else
        tcg_gen_vec_shi(vcur.op, vcur.vece, vcur.oprsz, vcur.maxsz, vec_reg(0),
                        a, vcur.imm);
    tcg_gen_exit_tb(-1);
}

static uint64_t vget(const uint8_t *v, unsigned i, unsigned vece)
{
    uint64_t x = 0;
    memcpy(&x, v + (i << vece), 1u << vece);
    return x;
}

static void vput(uint8_t *v, unsigned i, unsigned vece, uint64_t x)
{
    memcpy(v + (i << vece), &x, 1u << vece);
}

static int64_t vsext(uint64_t x, unsigned vece)
{
    unsigned sh = 64 - (8u << vece);
    return (int64_t)(x << sh) >> sh;
}

static uint64_t vmask(unsigned vece)
{
    return vece == 3 ? ~0ull : (1ull << (8u << vece)) - 1;
}

/* x shifted by the signed count in y's low byte: left when positive. */
static uint64_t vref_shlv(bool is_signed, unsigned vece, uint64_t x, uint64_t y)
{
    int count = (int8_t)(y & 0xff);
    int bits = 8 << vece;
    int64_t sx = vsext(x, vece);

    if (count >= 0)
        return count >= bits ? 0 : x << count;
    count = -count;
    if (!is_signed)
        return count >= bits ? 0 : x >> count;
    return (uint64_t)(sx >> (count >= bits ? bits - 1 : count));
}

/* One element of an element-wise or pairwise kind. */
static uint64_t vref_elem(unsigned kind, unsigned vece, uint64_t x, uint64_t y)
{
    int64_t sx = vsext(x, vece), sy = vsext(y, vece);

    switch (kind) {
    case TCG_VEC_ADD:
    case TCG_VEC_ADDP: return x + y;
    case TCG_VEC_SUB: return x - y;
    case TCG_VEC_MUL: return x * y;
    case TCG_VEC_AND: return x & y;
    case TCG_VEC_OR: return x | y;
    case TCG_VEC_XOR: return x ^ y;
    case TCG_VEC_ANDC: return x & ~y;
    case TCG_VEC_ORC: return x | ~y;
    case TCG_VEC_CMPEQ: return x == y ? ~0ull : 0;
    case TCG_VEC_CMPGT: return sx > sy ? ~0ull : 0;
    case TCG_VEC_CMPGE: return sx >= sy ? ~0ull : 0;
    case TCG_VEC_CMPGTU: return x > y ? ~0ull : 0;
    case TCG_VEC_CMPGEU: return x >= y ? ~0ull : 0;
    case TCG_VEC_CMPTST: return (x & y) ? ~0ull : 0;
    case TCG_VEC_SMIN:
    case TCG_VEC_SMINP: return sx < sy ? x : y;
    case TCG_VEC_SMAX:
    case TCG_VEC_SMAXP: return sx > sy ? x : y;
    case TCG_VEC_UMIN:
    case TCG_VEC_UMINP: return x < y ? x : y;
    case TCG_VEC_ABDU: return x > y ? x - y : y - x;
    case TCG_VEC_ABDS: return (uint64_t)(sx > sy ? sx - sy : sy - sx);
    case TCG_VEC_USHLV:
    case TCG_VEC_SSHLV: return vref_shlv(kind == TCG_VEC_SSHLV, vece, x, y);
    default: return x > y ? x : y;
    }
}

static uint64_t vref_unary(unsigned kind, unsigned vece, uint64_t x,
                           unsigned imm)
{
    int64_t sx = vsext(x, vece);
    unsigned bits = 8u << vece;

    switch (kind) {
    case TCG_VEC_NOT: return ~x;
    case TCG_VEC_NEG: return -x;
    case TCG_VEC_ABS: return sx < 0 ? -x : x;
    case TCG_VEC_CMPEQZ: return x == 0 ? ~0ull : 0;
    case TCG_VEC_CMPGTZ: return sx > 0 ? ~0ull : 0;
    case TCG_VEC_CMPGEZ: return sx >= 0 ? ~0ull : 0;
    case TCG_VEC_CMPLEZ: return sx <= 0 ? ~0ull : 0;
    case TCG_VEC_CMPLTZ: return sx < 0 ? ~0ull : 0;
    case TCG_VEC_SHLI: return imm >= 64 ? 0 : x << imm;
    case TCG_VEC_SHRI: return imm >= bits ? 0 : x >> imm;
    case TCG_VEC_SHRI_RND:
        return (uint64_t)((((unsigned __int128)x) + (1ull << (imm - 1))) >>
                          imm);
    case TCG_VEC_SARI_RND:
        return (uint64_t)((((__int128)sx) + ((__int128)1 << (imm - 1))) >> imm);
    default: /* SARI */ return (uint64_t)(sx >> (imm >= bits ? bits - 1 : imm));
    }
}

/* Element i of v (of size vece), zero- or sign-extended. */
static uint64_t vget_ext(const uint8_t *v, unsigned i, unsigned vece,
                         bool is_signed)
{
    uint64_t x = vget(v, i, vece);
    return is_signed ? (uint64_t)vsext(x, vece) : x;
}

/* Long and wide kinds: the 16-byte result of elements of twice vece. */
static void vref_long(const VecCase *c, const uint8_t *a, const uint8_t *b,
                      uint8_t *res)
{
    unsigned kind = c->op & TCG_VEC_OP_MASK, vece = c->vece;
    bool s = kind == TCG_VEC_SEXT_SHLI ||
             (kind <= TCG_VEC_SUBWS && ((kind - TCG_VEC_MULLU) & 1));

    for (unsigned i = 0; i < (8u >> vece); i++) {
        uint64_t x = vget_ext(a, i, vece, s), y = vget_ext(b, i, vece, s);
        uint64_t r;
        switch (kind) {
        case TCG_VEC_MULLU:
        case TCG_VEC_MULLS: r = x * y; break;
        case TCG_VEC_ABDLU:
        case TCG_VEC_ABDLS: r = (int64_t)x > (int64_t)y ? x - y : y - x; break;
        case TCG_VEC_ADDLU:
        case TCG_VEC_ADDLS: r = x + y; break;
        case TCG_VEC_SUBLU:
        case TCG_VEC_SUBLS: r = x - y; break;
        case TCG_VEC_ADDWU:
        case TCG_VEC_ADDWS: r = vget(a, i, vece + 1) + y; break;
        case TCG_VEC_SUBWU:
        case TCG_VEC_SUBWS: r = vget(a, i, vece + 1) - y; break;
        default: r = x << c->imm; break; /* [SZ]EXT_SHLI */
        }
        vput(res, i, vece + 1, r);
    }
}

/* The whole 16 bytes of d after the op, from d, a, b before it. */
static void vref(const VecCase *c, const uint8_t *d, const uint8_t *a,
                 const uint8_t *b, uint8_t *out)
{
    unsigned kind = c->op & TCG_VEC_OP_MASK, vece = c->vece;
    unsigned n = c->oprsz >> vece, out_vece = vece;
    uint8_t res[16] = {0}, cat[32];

    memcpy(cat, a, c->oprsz);
    memcpy(cat + c->oprsz, b, c->oprsz);
    switch (kind) {
    case TCG_VEC_ADDP:
    case TCG_VEC_SMINP:
    case TCG_VEC_SMAXP:
    case TCG_VEC_UMINP:
    case TCG_VEC_UMAXP:
        for (unsigned i = 0; i < n; i++)
            vput(res, i, vece,
                 vref_elem(kind, vece, vget(cat, 2 * i, vece),
                           vget(cat, 2 * i + 1, vece)));
        break;
    case TCG_VEC_ZIPLO:
    case TCG_VEC_ZIPHI:
        for (unsigned i = 0; i < n / 2; i++) {
            unsigned k = kind == TCG_VEC_ZIPHI ? n / 2 + i : i;
            vput(res, 2 * i, vece, vget(a, k, vece));
            vput(res, 2 * i + 1, vece, vget(b, k, vece));
        }
        break;
    case TCG_VEC_UZPEVEN:
    case TCG_VEC_UZPODD:
        for (unsigned i = 0; i < n; i++)
            vput(res, i, vece,
                 vget(cat, 2 * i + (kind == TCG_VEC_UZPODD), vece));
        break;
    case TCG_VEC_TRNEVEN:
    case TCG_VEC_TRNODD:
        for (unsigned i = 0; i < n / 2; i++) {
            unsigned k = 2 * i + (kind == TCG_VEC_TRNODD);
            vput(res, 2 * i, vece, vget(a, k, vece));
            vput(res, 2 * i + 1, vece, vget(b, k, vece));
        }
        break;
    case TCG_VEC_MULLU:
    case TCG_VEC_MULLS:
    case TCG_VEC_ABDLU:
    case TCG_VEC_ABDLS:
    case TCG_VEC_ADDLU:
    case TCG_VEC_ADDLS:
    case TCG_VEC_SUBLU:
    case TCG_VEC_SUBLS:
    case TCG_VEC_ADDWU:
    case TCG_VEC_ADDWS:
    case TCG_VEC_SUBWU:
    case TCG_VEC_SUBWS:
    case TCG_VEC_ZEXT_SHLI:
    case TCG_VEC_SEXT_SHLI:
        out_vece = vece + 1;
        vref_long(c, a, b, res);
        break;
    case TCG_VEC_GETEL: vput(res, 0, vece, vget(a, c->imm, vece)); break;
    case TCG_VEC_ADDLPU:
    case TCG_VEC_ADDLPS:
        out_vece = vece + 1;
        for (unsigned i = 0; i < n / 2; i++) {
            bool s = kind == TCG_VEC_ADDLPS;
            vput(res, i, out_vece,
                 vget_ext(a, 2 * i, vece, s) + vget_ext(a, 2 * i + 1, vece, s));
        }
        break;
    case TCG_VEC_REDADDLU:
    case TCG_VEC_REDADDLS: {
        uint64_t acc = 0;
        for (unsigned i = 0; i < n; i++)
            acc += vget_ext(a, i, vece, kind == TCG_VEC_REDADDLS);
        memcpy(out, d, 16);
        memset(out, 0, c->maxsz);
        vput(out, 0, vece + 1, acc);
        return;
    }
    case TCG_VEC_EXTRACT: memcpy(res, cat + c->imm, c->oprsz); break;
    case TCG_VEC_TBL: /* a: a whole 16-byte table, indices from imm */
        for (unsigned i = 0; i < c->oprsz; i++) {
            uint8_t idx = (uint8_t)(b[i] - c->imm);
            res[i] = idx < 16 ? a[idx] : 0;
        }
        break;
    case TCG_VEC_REV16:
    case TCG_VEC_REV32:
    case TCG_VEC_REV64: {
        unsigned m = (2u << (kind - TCG_VEC_REV16)) >> vece;
        for (unsigned i = 0; i < n; i++)
            vput(res, i, vece, vget(a, i / m * m + (m - 1 - i % m), vece));
        break;
    }
    case TCG_VEC_REDADD:
    case TCG_VEC_REDSMIN:
    case TCG_VEC_REDSMAX:
    case TCG_VEC_REDUMIN:
    case TCG_VEC_REDUMAX: {
        static const unsigned elem_kind[] = {TCG_VEC_ADD, TCG_VEC_SMIN,
                                             TCG_VEC_SMAX, TCG_VEC_UMIN,
                                             TCG_VEC_UMAX};
        uint64_t acc = vget(a, 0, vece);
        for (unsigned i = 1; i < n; i++)
            acc = vref_elem(elem_kind[kind - TCG_VEC_REDADD], vece, acc,
                            vget(a, i, vece)) &
                  vmask(vece);
        memcpy(out, d, 16);
        memset(out, 0, c->maxsz);
        vput(out, 0, vece, acc);
        return;
    }
    case TCG_VEC_SHRI_NARROW:
        for (unsigned i = 0; i < n; i++)
            vput(res, i, vece,
                 c->imm >= 64 ? 0 : vget(a, i, vece + 1) >> c->imm);
        break;
    case TCG_VEC_RSHRI_NARROW:
        for (unsigned i = 0; i < n; i++)
            vput(res, i, vece,
                 vref_unary(TCG_VEC_SHRI_RND, vece + 1, vget(a, i, vece + 1),
                            c->imm));
        break;
    case TCG_VEC_SLI:
    case TCG_VEC_SRI:
        for (unsigned i = 0; i < n; i++) {
            unsigned bits = 8u << vece;
            uint64_t x = vget(a, i, vece), old = vget(d, i, vece);
            uint64_t mask = vmask(vece), ins;
            if (kind == TCG_VEC_SLI)
                ins = (mask << c->imm) & mask;
            else
                ins = c->imm >= bits ? 0 : mask >> c->imm;
            uint64_t moved = kind == TCG_VEC_SLI ? x << c->imm
                             : c->imm >= bits    ? 0
                                                 : x >> c->imm;
            vput(res, i, vece, (moved & ins) | (old & ~ins));
        }
        break;
    default:
        for (unsigned i = 0; i < n; i++) {
            uint64_t x = vget(a, i, vece);
            vput(res, i, vece,
                 kind < TCG_VEC_NOT ? vref_elem(kind, vece, x, vget(b, i, vece))
                                    : vref_unary(kind, vece, x, c->imm));
        }
        break;
    }
    if (c->op & (TCG_VEC_ACC | TCG_VEC_ACC_SUB)) {
        for (unsigned i = 0; i < (c->oprsz >> out_vece); i++) {
            uint64_t x = vget(d, i, out_vece), r = vget(res, i, out_vece);
            vput(res, i, out_vece, (c->op & TCG_VEC_ACC) ? x + r : x - r);
        }
    }
    memcpy(out, d, 16);
    memset(out, 0, c->maxsz);
    memcpy(out, res, c->oprsz);
}

/* Random bytes with extreme values mixed in, so comparisons and saturation
 * edges come up. */
static void vfill(uint8_t *v)
{
    static const uint8_t edge[] = {0x00, 0x01, 0x7f, 0x80, 0xff};
    for (int i = 0; i < 16; i++) {
        uint64_t r = rnd();
        v[i] = (r & 3) == 0 ? edge[(r >> 8) % 5] : (uint8_t)(r >> 16);
    }
    if ((rnd() & 7) == 0)
        memcpy(v + 8, v, 8); /* equal halves: equal elements across a, b */
}

/* Immediates worth trying for a kind: shift counts and EXT positions. */
static int vec_imms(unsigned kind, unsigned vece, unsigned oprsz,
                    unsigned *imms)
{
    unsigned bits = 8u << vece;

    switch (kind) {
    case TCG_VEC_SHLI:
        imms[0] = 0;
        imms[1] = 1;
        imms[2] = bits / 2 + 1;
        imms[3] = bits - 1;
        return 4;
    case TCG_VEC_SLI:
        imms[0] = 0;
        imms[1] = 1;
        imms[2] = bits / 2 + 1;
        imms[3] = bits - 1;
        return 4;
    case TCG_VEC_SHRI:
    case TCG_VEC_SARI:
    case TCG_VEC_SHRI_RND:
    case TCG_VEC_SARI_RND:
    case TCG_VEC_SRI:
        imms[0] = 1;
        imms[1] = bits / 2 - 1;
        imms[2] = bits - 1;
        imms[3] = bits;
        return 4;
    case TCG_VEC_SHRI_NARROW:
    case TCG_VEC_ZEXT_SHLI:
    case TCG_VEC_SEXT_SHLI:
        imms[0] = 0;
        imms[1] = 3;
        imms[2] = bits;
        return 3;
    case TCG_VEC_RSHRI_NARROW:
        imms[0] = 1;
        imms[1] = 3;
        imms[2] = bits;
        return 3;
    case TCG_VEC_GETEL:
        imms[0] = 0;
        imms[1] = 1;
        imms[2] = (16u >> vece) - 1;
        return 3;
    case TCG_VEC_EXTRACT:
        imms[0] = 0;
        imms[1] = 3;
        imms[2] = oprsz - 1;
        return 3;
    case TCG_VEC_TBL: /* the first, second and fourth table registers */
        imms[0] = 0;
        imms[1] = 16;
        imms[2] = 48;
        return 3;
    default: imms[0] = 0; return 1;
    }
}

static int vec_run_case(const VecCase *c)
{
    FakeEnv env = {0};
    uint64_t pc = fresh_pc();
    unsigned kind = c->op & TCG_VEC_OP_MASK;
    uint8_t want[16], d[16], a[16], b[16];

    vcur = *c;
    build_block = build_vec;
    for (int i = 0; i < 40; i++) {
        vfill(env.vec[0]);
        vfill(env.vec[1]);
        vfill(env.vec[2]);
        memcpy(d, env.vec[0], 16);
        memcpy(a, env.vec[1], 16);
        memcpy(b, env.vec[2], 16);
        if (c->part && vec_narrow_a(kind))
            memcpy(a, env.vec[1] + 8, 8);
        if (c->part && vec_narrow_b(kind))
            memcpy(b, env.vec[2] + 8, 8);
        vref(c, d, a, b, want);
        run_at(&env, pc);
        for (int k = 0; k < 16; k++)
            ck_assert_msg(env.vec[0][k] == want[k],
                          "vec op %#x vece %u oprsz %u maxsz %u imm %u "
                          "part %u: byte %d got %02x want %02x",
                          c->op, c->vece, c->oprsz, c->maxsz, c->imm, c->part,
                          k, env.vec[0][k], want[k]);
    }
    return 1;
}

/* Every kind, size and shape the backend accepts; _i = 1 limits it to the
 * baseline ISA, where the emulated sequences are used. */
START_TEST(test_vector_ops_match_c)
{
    static const unsigned accs[] = {0, TCG_VEC_ACC, TCG_VEC_ACC_SUB};
    int tried = 0;

    tcg_vec_baseline_only(_i == 1);
    for (unsigned kind = 0; kind < TCG_VEC_NB_OPS; kind++)
        for (unsigned vece = 0; vece < 4; vece++)
            for (unsigned oprsz = 8; oprsz <= 16; oprsz += 8)
                for (int acc = 0; acc < 3; acc++) {
                    unsigned imms[4];
                    VecCase c = {kind | accs[acc], vece, oprsz, 16, 0, 0};
                    if (!tcg_can_emit_vec(c.op, vece, oprsz))
                        continue;
                    int nimm = vec_imms(kind, vece, oprsz, imms);
                    for (int k = 0; k < nimm; k++) {
                        c.imm = imms[k];
                        tried += vec_run_case(&c);
                        if (vec_narrow_b(kind) || vec_narrow_a(kind)) {
                            c.part = 8; /* the "2" forms */
                            tried += vec_run_case(&c);
                            c.part = 0;
                        }
                        if (oprsz == 8 && kind != TCG_VEC_REDADD) {
                            c.maxsz = 8; /* the upper half stays */
                            tried += vec_run_case(&c);
                            c.maxsz = 16;
                        }
                    }
                }
    tcg_vec_baseline_only(false);
    ck_assert_int_gt(tried, 300);
}
END_TEST

static void build_vec_misc(uint64_t pc)
{
    (void)pc;
    tcg_gen_vec_bitsel(16, 16, vec_reg(0), vec_reg(1), vec_reg(2), vec_reg(3));
    tcg_gen_vec_dup_i64(0, 16, 16, vec_reg(1), g_in[0]);
    tcg_gen_vec_dup_i64(1, 8, 16, vec_reg(2), g_in[0]);
    tcg_gen_vec_dup_i64(3, 16, 16, vec_reg(3), tcg_constant_i64(-2));
    tcg_gen_exit_tb(-1);
}

START_TEST(test_vector_select_and_dup)
{
    FakeEnv env = {.in = {0x1122334455667788ull}};
    uint8_t sel[16], t[16], f[16];

    build_block = build_vec_misc;
    vfill(env.vec[1]);
    vfill(env.vec[2]);
    vfill(env.vec[3]);
    memcpy(sel, env.vec[1], 16);
    memcpy(t, env.vec[2], 16);
    memcpy(f, env.vec[3], 16);
    run_at(&env, fresh_pc());
    for (int k = 0; k < 16; k++) {
        ck_assert_uint_eq(env.vec[0][k], (t[k] & sel[k]) | (f[k] & ~sel[k]));
        ck_assert_uint_eq(env.vec[1][k], 0x88);
        ck_assert_uint_eq(env.vec[2][k], k >= 8 ? 0 : k & 1 ? 0x77 : 0x88);
        ck_assert_uint_eq(env.vec[3][k], k % 8 == 0 ? 0xfe : 0xff);
    }
}
END_TEST

/* Element masks: out[0..1] the top bits of vec[0] and vec[1]; vec[0..3]
 * expanded from in[0] at vece 0..3 afterwards. */
static void build_vec_masks(uint64_t pc)
{
    (void)pc;
    tcg_gen_vec_msb_mask(g_out[0], vec_reg(0));
    tcg_gen_vec_msb_mask(g_out[1], vec_reg(1));
    for (unsigned vece = 0; vece < 4; vece++)
        tcg_gen_vec_expand_bits(vece, vec_reg((int)vece), g_in[0]);
    tcg_gen_exit_tb(-1);
}

START_TEST(test_vector_masks_to_and_from_bits)
{
    static const uint64_t bits[] = {0, 0xffff, 0x8001, 0x5a3c, 0x1234ffff0f0f};

    build_block = build_vec_masks;
    for (size_t n = 0; n < sizeof(bits) / sizeof(bits[0]); n++) {
        FakeEnv env = {.in = {bits[n]}};
        uint8_t v0[16], v1[16];
        uint64_t want0 = 0, want1 = 0;

        vfill(env.vec[0]);
        vfill(env.vec[1]);
        env.vec[1][3] = 0x80;
        env.vec[1][15] = 0x7f;
        memcpy(v0, env.vec[0], 16);
        memcpy(v1, env.vec[1], 16);
        for (int k = 0; k < 16; k++) {
            want0 |= (uint64_t)(v0[k] >> 7) << k;
            want1 |= (uint64_t)(v1[k] >> 7) << k;
        }
        run_at(&env, fresh_pc());
        ck_assert_uint_eq(env.out[0], want0);
        ck_assert_uint_eq(env.out[1], want1);
        for (unsigned vece = 0; vece < 4; vece++)
            for (unsigned k = 0; k < 16; k++) {
                unsigned bit = k >> vece << vece;
                uint8_t want = (bits[n] >> bit) & 1 ? 0xff : 0;
                ck_assert_msg(
                    env.vec[vece][k] == want, "bits %llx vece %u byte %u: %02x",
                    (unsigned long long)bits[n], vece, k, env.vec[vece][k]);
            }
    }
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
    tcase_add_test(tc, test_deposits_match_c);
    tcase_add_test(tc, test_spills_keep_values);
    tcase_add_test(tc, test_branches_inside_block);
    tcase_add_test(tc, test_helper_call_passes_six_args);
    tcase_add_test(tc, test_dead_globals_are_not_written_back);
    tcase_add_test(tc, test_lookup_exit_drops_dead_globals);
    tcase_add_test(tc, test_lookup_exit_keeps_live_globals);
    tcase_add_test(tc, test_address_offsets_fold_into_accesses);
    tcase_add_test(tc, test_lookup_finds_each_block);
    tcase_add_test(tc, test_lookup_passes_removed_blocks);
    tcase_add_test(tc, test_chaining_jumps_directly);
    tcase_add_test(tc, test_flags_key_blocks);
    tcase_add_test(tc, test_lookup_with_flags_value);
    tcase_add_test(tc, test_exit_check_leaves_only_when_flagged);
    tcase_add_loop_test(tc, test_vector_ops_match_c, 0, 2);
    tcase_add_test(tc, test_vector_select_and_dup);
    tcase_add_test(tc, test_vector_masks_to_and_from_bits);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_set_fork_status(sr, CK_NOFORK);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
