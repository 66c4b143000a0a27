/*
 * The IR builder: temps, constants, labels and the tcg_gen_* functions.
 * Builders canonicalise trivial cases (add of 0 becomes a move) so later
 * stages see fewer ops. Nothing here may name a guest or host architecture.
 */
#include "tcg/ir.h"

#include <assert.h>
#include <string.h>

#include "tcg/tb.h"

TCGContext tcg_ctx;
TCGv_ptr tcg_env;

const TCGOpDef tcg_op_defs[NB_OPS] = {
#define DEF(name, oargs, iargs, cargs, flags, op_class)                        \
    {#name, oargs, iargs, cargs, flags},
#include "tcg/ops.def"
#undef DEF
};

/* ---- temps ---- */

/*
 * Constants are interned per block through a small open-addressing table
 * (temp index + 1, 0 = empty), emptied by tcg_func_start.
 */
#define CONST_TABLE_SIZE 1024
static uint16_t const_table[CONST_TABLE_SIZE];
/* The slots this block filled, so the next block clears only those. */
static uint16_t const_used[CONST_TABLE_SIZE];
static unsigned nb_const_used;

static uint32_t temp_alloc(TCGType type, TCGTempKind kind)
{
    TCGContext *s = &tcg_ctx;
    uint32_t idx;

    if (s->nb_temps >= TCG_MAX_TEMPS) {
        /* Keep going on a scratch temp; the block is retranslated smaller. */
        s->overflow = true;
        idx = TCG_MAX_TEMPS - 1;
    } else {
        idx = (uint32_t)s->nb_temps++;
    }
    memset(&s->temps[idx], 0, sizeof(TCGTemp));
    s->temps[idx].type = type;
    s->temps[idx].kind = kind;
    s->temps[idx].slot = -1;
    s->temps[idx].val_loc = kind == TEMP_CONST ? VAL_CONST : VAL_DEAD;
    return idx;
}

void tcg_context_init(void)
{
    uint32_t env;

    /* tcg_ctx is zeroed storage: reset the counts, not the whole ~1 MiB,
     * so start-up does not touch pages no block will use. */
    tcg_ctx.nb_temps = tcg_ctx.nb_globals = 0;
    tcg_ctx.nb_ops = tcg_ctx.nb_labels = 0;
    env = temp_alloc(TCG_TYPE_I64, TEMP_FIXED);
    tcg_ctx.temps[env].name = "env";
    tcg_ctx.temps[env].fixed_reg = 0; /* the backend maps it */
    tcg_env = (TCGv_ptr){env};
    tcg_ctx.nb_globals = tcg_ctx.nb_temps;
}

static uint32_t global_new(TCGType type, int ofs, const char *name)
{
    uint32_t idx = temp_alloc(type, TEMP_GLOBAL);

    tcg_ctx.temps[idx].mem_offset = ofs;
    tcg_ctx.temps[idx].name = name;
    tcg_ctx.nb_globals = tcg_ctx.nb_temps;
    return idx;
}

TCGv_i32 tcg_global_mem_new_i32(int ofs, const char *name)
{
    return (TCGv_i32){global_new(TCG_TYPE_I32, ofs, name)};
}

TCGv_i64 tcg_global_mem_new_i64(int ofs, const char *name)
{
    return (TCGv_i64){global_new(TCG_TYPE_I64, ofs, name)};
}

void tcg_global_set_bits(TCGv_i64 g, uint64_t bits)
{
    tcg_ctx.temps[g.idx].bits_bound = bits;
}

static int32_t vec_sat_ofs;
static uint32_t vec_sat_bit;

void tcg_set_vec_sat_flag(int32_t ofs, uint32_t bit)
{
    vec_sat_ofs = ofs;
    vec_sat_bit = bit;
}

void tcg_vec_sat_flag(int32_t *ofs, uint32_t *bit)
{
    *ofs = vec_sat_ofs;
    *bit = vec_sat_bit;
}

void tcg_pin_globals(const TCGv_i64 *g, int n)
{
    tcg_ctx.nb_pins = 0;
    for (int i = 0; i < n && i < 4; i++)
        tcg_ctx.pins[tcg_ctx.nb_pins++] = g[i].idx;
}

void tcg_func_start(struct TranslationBlock *tb)
{
    for (unsigned i = 0; i < nb_const_used; i++)
        const_table[const_used[i]] = 0;
    nb_const_used = 0;
    tcg_ctx.nb_temps = tcg_ctx.nb_globals;
    tcg_ctx.nb_ops = 0;
    tcg_ctx.nb_labels = 0;
    tcg_ctx.overflow = false;
    tcg_ctx.globals_dead_at_exit = 0;
    tcg_ctx.nb_calls = 0;
    tcg_ctx.goto_self = false;
    tcg_ctx.tb = tb;
}

TCGv_i32 tcg_temp_new_i32(void)
{
    return (TCGv_i32){temp_alloc(TCG_TYPE_I32, TEMP_NORMAL)};
}

TCGv_i64 tcg_temp_new_i64(void)
{
    return (TCGv_i64){temp_alloc(TCG_TYPE_I64, TEMP_NORMAL)};
}

static unsigned const_hash(TCGType type, int64_t val)
{
    uint64_t h = ((uint64_t)val ^ (uint64_t)type << 63) * 0x9e3779b97f4a7c15ull;
    return (unsigned)(h >> 54); /* top 10 bits */
}

static uint32_t constant_new(TCGType type, int64_t val)
{
    TCGContext *s = &tcg_ctx;
    unsigned slot = const_hash(type, val);
    uint32_t idx;

    for (unsigned probe = 0; probe < CONST_TABLE_SIZE; probe++) {
        uint16_t entry = const_table[slot];
        if (entry == 0)
            break;
        TCGTemp *t = &s->temps[entry - 1];
        if (t->kind == TEMP_CONST && t->type == type && t->val == val)
            return entry - 1u;
        slot = (slot + 1) & (CONST_TABLE_SIZE - 1);
    }
    idx = temp_alloc(type, TEMP_CONST);
    s->temps[idx].val = val;
    if (const_table[slot] == 0 && idx < UINT16_MAX) {
        const_table[slot] = (uint16_t)(idx + 1);
        const_used[nb_const_used++] = (uint16_t)slot;
    }
    return idx;
}

TCGv_i32 tcg_constant_i32(int32_t val)
{
    return (TCGv_i32){constant_new(TCG_TYPE_I32, (int64_t)(uint32_t)val)};
}

TCGv_i64 tcg_constant_i64(int64_t val)
{
    return (TCGv_i64){constant_new(TCG_TYPE_I64, val)};
}

TCGLabel tcg_new_label(void)
{
    if (tcg_ctx.nb_labels >= TCG_MAX_LABELS) {
        tcg_ctx.overflow = true;
        return (TCGLabel){TCG_MAX_LABELS - 1};
    }
    return (TCGLabel){(uint32_t)tcg_ctx.nb_labels++};
}

/* ---- conditions ---- */

TCGCond tcg_invert_cond(TCGCond c)
{
    static const TCGCond inverse[] = {
        [TCG_COND_NEVER] = TCG_COND_ALWAYS, [TCG_COND_ALWAYS] = TCG_COND_NEVER,
        [TCG_COND_EQ] = TCG_COND_NE,        [TCG_COND_NE] = TCG_COND_EQ,
        [TCG_COND_LT] = TCG_COND_GE,        [TCG_COND_GE] = TCG_COND_LT,
        [TCG_COND_LE] = TCG_COND_GT,        [TCG_COND_GT] = TCG_COND_LE,
        [TCG_COND_LTU] = TCG_COND_GEU,      [TCG_COND_GEU] = TCG_COND_LTU,
        [TCG_COND_LEU] = TCG_COND_GTU,      [TCG_COND_GTU] = TCG_COND_LEU,
        [TCG_COND_TSTEQ] = TCG_COND_TSTNE,  [TCG_COND_TSTNE] = TCG_COND_TSTEQ,
    };
    return inverse[c];
}

TCGCond tcg_swap_cond(TCGCond c)
{
    static const TCGCond swapped[] = {
        [TCG_COND_NEVER] = TCG_COND_NEVER, [TCG_COND_ALWAYS] = TCG_COND_ALWAYS,
        [TCG_COND_EQ] = TCG_COND_EQ,       [TCG_COND_NE] = TCG_COND_NE,
        [TCG_COND_LT] = TCG_COND_GT,       [TCG_COND_GE] = TCG_COND_LE,
        [TCG_COND_LE] = TCG_COND_GE,       [TCG_COND_GT] = TCG_COND_LT,
        [TCG_COND_LTU] = TCG_COND_GTU,     [TCG_COND_GEU] = TCG_COND_LEU,
        [TCG_COND_LEU] = TCG_COND_GEU,     [TCG_COND_GTU] = TCG_COND_LTU,
        [TCG_COND_TSTEQ] = TCG_COND_TSTEQ, [TCG_COND_TSTNE] = TCG_COND_TSTNE,
    };
    return swapped[c];
}

bool tcg_cond_holds_i64(TCGCond c, uint64_t a, uint64_t b)
{
    switch (c) {
    case TCG_COND_NEVER: return false;
    case TCG_COND_ALWAYS: return true;
    case TCG_COND_EQ: return a == b;
    case TCG_COND_NE: return a != b;
    case TCG_COND_LT: return (int64_t)a < (int64_t)b;
    case TCG_COND_GE: return (int64_t)a >= (int64_t)b;
    case TCG_COND_LE: return (int64_t)a <= (int64_t)b;
    case TCG_COND_GT: return (int64_t)a > (int64_t)b;
    case TCG_COND_LTU: return a < b;
    case TCG_COND_GEU: return a >= b;
    case TCG_COND_LEU: return a <= b;
    case TCG_COND_GTU: return a > b;
    case TCG_COND_TSTEQ: return (a & b) == 0;
    case TCG_COND_TSTNE: return (a & b) != 0;
    }
    return false;
}

const char *tcg_cond_name(TCGCond c)
{
    static const char *names[] = {
        "never", "always", "eq",  "ne",  "lt",  "ge",    "le",
        "gt",    "ltu",    "geu", "leu", "gtu", "tsteq", "tstne",
    };
    return names[c];
}

/* ---- op emission ---- */

TCGOp *tcg_emit_op(TCGOpcode opc, int nargs, const uint64_t *args)
{
    TCGContext *s = &tcg_ctx;
    TCGOp *op;

    if (s->nb_ops >= TCG_MAX_OPS) {
        s->overflow = true;
        s->nb_ops = TCG_MAX_OPS - 1; /* overwrite; block is discarded */
    }
    op = &s->ops[s->nb_ops++];
    op->opc = (uint16_t)opc;
    op->nargs = (uint8_t)nargs;
    op->life = 0;
    op->dead_globals = 0;
    op->helper = NULL;
    op->call_oargs = op->call_iargs = 0;
    op->recipe = -1;
    op->recipe_use = op->recipe_life = 0;
    for (int i = 0; i < nargs; i++) /* a few args: no libc call */
        op->args[i] = args[i];
    return op;
}

static void emit1(TCGOpcode opc, uint64_t a0)
{
    tcg_emit_op(opc, 1, (uint64_t[]){a0});
}

static void emit2(TCGOpcode opc, uint64_t a0, uint64_t a1)
{
    tcg_emit_op(opc, 2, (uint64_t[]){a0, a1});
}

static void emit3(TCGOpcode opc, uint64_t a0, uint64_t a1, uint64_t a2)
{
    tcg_emit_op(opc, 3, (uint64_t[]){a0, a1, a2});
}

static void emit4(TCGOpcode opc, uint64_t a0, uint64_t a1, uint64_t a2,
                  uint64_t a3)
{
    tcg_emit_op(opc, 4, (uint64_t[]){a0, a1, a2, a3});
}

/* ---- moves ---- */

void tcg_gen_mov_i32(TCGv_i32 ret, TCGv_i32 a)
{
    if (ret.idx != a.idx)
        emit2(INDEX_op_mov_i32, ret.idx, a.idx);
}

void tcg_gen_mov_i64(TCGv_i64 ret, TCGv_i64 a)
{
    if (ret.idx != a.idx)
        emit2(INDEX_op_mov_i64, ret.idx, a.idx);
}

void tcg_gen_movi_i32(TCGv_i32 ret, int32_t val)
{
    tcg_gen_mov_i32(ret, tcg_constant_i32(val));
}

void tcg_gen_movi_i64(TCGv_i64 ret, int64_t val)
{
    tcg_gen_mov_i64(ret, tcg_constant_i64(val));
}

/* ---- binary ops: register forms, then immediate forms ---- */

#define BINARY_REG(op)                                                         \
    void tcg_gen_##op##_i32(TCGv_i32 ret, TCGv_i32 a, TCGv_i32 b)              \
    {                                                                          \
        emit3(INDEX_op_##op##_i32, ret.idx, a.idx, b.idx);                     \
    }                                                                          \
    void tcg_gen_##op##_i64(TCGv_i64 ret, TCGv_i64 a, TCGv_i64 b)              \
    {                                                                          \
        emit3(INDEX_op_##op##_i64, ret.idx, a.idx, b.idx);                     \
    }
BINARY_REG(add)
BINARY_REG(sub)
BINARY_REG(mul)
BINARY_REG(and)
BINARY_REG(or)
BINARY_REG(xor)
BINARY_REG(andc)
BINARY_REG(shl)
BINARY_REG(shr)
BINARY_REG(sar)
BINARY_REG(rotr)
#undef BINARY_REG

/* Immediate forms: identities become moves, annihilators constants. */

void tcg_gen_addi_i32(TCGv_i32 ret, TCGv_i32 a, int32_t b)
{
    if (b == 0)
        tcg_gen_mov_i32(ret, a);
    else
        tcg_gen_add_i32(ret, a, tcg_constant_i32(b));
}

void tcg_gen_addi_i64(TCGv_i64 ret, TCGv_i64 a, int64_t b)
{
    if (b == 0)
        tcg_gen_mov_i64(ret, a);
    else
        tcg_gen_add_i64(ret, a, tcg_constant_i64(b));
}

void tcg_gen_subi_i32(TCGv_i32 ret, TCGv_i32 a, int32_t b)
{
    tcg_gen_addi_i32(ret, a, (int32_t)(0u - (uint32_t)b));
}

void tcg_gen_subi_i64(TCGv_i64 ret, TCGv_i64 a, int64_t b)
{
    tcg_gen_addi_i64(ret, a, (int64_t)(0ull - (uint64_t)b));
}

void tcg_gen_subfi_i64(TCGv_i64 ret, int64_t a, TCGv_i64 b)
{
    tcg_gen_sub_i64(ret, tcg_constant_i64(a), b);
}

void tcg_gen_muli_i32(TCGv_i32 ret, TCGv_i32 a, int32_t b)
{
    if (b == 0)
        tcg_gen_movi_i32(ret, 0);
    else if (b == 1)
        tcg_gen_mov_i32(ret, a);
    else
        tcg_gen_mul_i32(ret, a, tcg_constant_i32(b));
}

void tcg_gen_muli_i64(TCGv_i64 ret, TCGv_i64 a, int64_t b)
{
    if (b == 0)
        tcg_gen_movi_i64(ret, 0);
    else if (b == 1)
        tcg_gen_mov_i64(ret, a);
    else
        tcg_gen_mul_i64(ret, a, tcg_constant_i64(b));
}

void tcg_gen_andi_i32(TCGv_i32 ret, TCGv_i32 a, int32_t b)
{
    if (b == 0)
        tcg_gen_movi_i32(ret, 0);
    else if (b == -1)
        tcg_gen_mov_i32(ret, a);
    else if (b == 0xff)
        tcg_gen_ext8u_i32(ret, a);
    else if (b == 0xffff)
        tcg_gen_ext16u_i32(ret, a);
    else
        tcg_gen_and_i32(ret, a, tcg_constant_i32(b));
}

void tcg_gen_andi_i64(TCGv_i64 ret, TCGv_i64 a, int64_t b)
{
    if (b == 0)
        tcg_gen_movi_i64(ret, 0);
    else if (b == -1)
        tcg_gen_mov_i64(ret, a);
    else if (b == 0xff)
        tcg_gen_ext8u_i64(ret, a);
    else if (b == 0xffff)
        tcg_gen_ext16u_i64(ret, a);
    else if (b == 0xffffffff)
        tcg_gen_ext32u_i64(ret, a);
    else
        tcg_gen_and_i64(ret, a, tcg_constant_i64(b));
}

void tcg_gen_ori_i32(TCGv_i32 ret, TCGv_i32 a, int32_t b)
{
    if (b == 0)
        tcg_gen_mov_i32(ret, a);
    else if (b == -1)
        tcg_gen_movi_i32(ret, -1);
    else
        tcg_gen_or_i32(ret, a, tcg_constant_i32(b));
}

void tcg_gen_ori_i64(TCGv_i64 ret, TCGv_i64 a, int64_t b)
{
    if (b == 0)
        tcg_gen_mov_i64(ret, a);
    else if (b == -1)
        tcg_gen_movi_i64(ret, -1);
    else
        tcg_gen_or_i64(ret, a, tcg_constant_i64(b));
}

void tcg_gen_xori_i32(TCGv_i32 ret, TCGv_i32 a, int32_t b)
{
    if (b == 0)
        tcg_gen_mov_i32(ret, a);
    else if (b == -1)
        tcg_gen_not_i32(ret, a);
    else
        tcg_gen_xor_i32(ret, a, tcg_constant_i32(b));
}

void tcg_gen_xori_i64(TCGv_i64 ret, TCGv_i64 a, int64_t b)
{
    if (b == 0)
        tcg_gen_mov_i64(ret, a);
    else if (b == -1)
        tcg_gen_not_i64(ret, a);
    else
        tcg_gen_xor_i64(ret, a, tcg_constant_i64(b));
}

void tcg_gen_andci_i32(TCGv_i32 ret, TCGv_i32 a, int32_t b)
{
    tcg_gen_andi_i32(ret, a, ~b);
}

void tcg_gen_andci_i64(TCGv_i64 ret, TCGv_i64 a, int64_t b)
{
    tcg_gen_andi_i64(ret, a, ~b);
}

/* Shift immediates are taken modulo the width, matching the ops. */
#define SHIFT_IMM(op)                                                          \
    void tcg_gen_##op##i_i32(TCGv_i32 ret, TCGv_i32 a, int32_t b)              \
    {                                                                          \
        if ((b & 31) == 0)                                                     \
            tcg_gen_mov_i32(ret, a);                                           \
        else                                                                   \
            tcg_gen_##op##_i32(ret, a, tcg_constant_i32(b & 31));              \
    }                                                                          \
    void tcg_gen_##op##i_i64(TCGv_i64 ret, TCGv_i64 a, int64_t b)              \
    {                                                                          \
        if ((b & 63) == 0)                                                     \
            tcg_gen_mov_i64(ret, a);                                           \
        else                                                                   \
            tcg_gen_##op##_i64(ret, a, tcg_constant_i64(b & 63));              \
    }
SHIFT_IMM(shl)
SHIFT_IMM(shr)
SHIFT_IMM(sar)
SHIFT_IMM(rotr)
#undef SHIFT_IMM

void tcg_gen_rotl_i32(TCGv_i32 ret, TCGv_i32 a, TCGv_i32 b)
{
    TCGv_i32 n = tcg_temp_new_i32();

    tcg_gen_neg_i32(n, b);
    tcg_gen_rotr_i32(ret, a, n);
}

void tcg_gen_rotl_i64(TCGv_i64 ret, TCGv_i64 a, TCGv_i64 b)
{
    TCGv_i64 n = tcg_temp_new_i64();

    tcg_gen_neg_i64(n, b);
    tcg_gen_rotr_i64(ret, a, n);
}

void tcg_gen_rotli_i32(TCGv_i32 ret, TCGv_i32 a, int32_t b)
{
    tcg_gen_rotri_i32(ret, a, (32 - (b & 31)) & 31);
}

void tcg_gen_rotli_i64(TCGv_i64 ret, TCGv_i64 a, int64_t b)
{
    tcg_gen_rotri_i64(ret, a, (64 - (b & 63)) & 63);
}

void tcg_gen_orc_i32(TCGv_i32 ret, TCGv_i32 a, TCGv_i32 b)
{
    TCGv_i32 t = tcg_temp_new_i32();

    tcg_gen_not_i32(t, b);
    tcg_gen_or_i32(ret, a, t);
}

void tcg_gen_orc_i64(TCGv_i64 ret, TCGv_i64 a, TCGv_i64 b)
{
    TCGv_i64 t = tcg_temp_new_i64();

    tcg_gen_not_i64(t, b);
    tcg_gen_or_i64(ret, a, t);
}

void tcg_gen_eqv_i32(TCGv_i32 ret, TCGv_i32 a, TCGv_i32 b)
{
    TCGv_i32 t = tcg_temp_new_i32();

    tcg_gen_xor_i32(t, a, b);
    tcg_gen_not_i32(ret, t);
}

void tcg_gen_eqv_i64(TCGv_i64 ret, TCGv_i64 a, TCGv_i64 b)
{
    TCGv_i64 t = tcg_temp_new_i64();

    tcg_gen_xor_i64(t, a, b);
    tcg_gen_not_i64(ret, t);
}

/* ---- unary ops ---- */

#define UNARY(op, t)                                                           \
    void tcg_gen_##op(TCGv_##t ret, TCGv_##t a)                                \
    {                                                                          \
        emit2(INDEX_op_##op, ret.idx, a.idx);                                  \
    }
UNARY(neg_i32, i32)
UNARY(neg_i64, i64)
UNARY(not_i32, i32)
UNARY(not_i64, i64)
UNARY(bswap16_i32, i32)
UNARY(bswap32_i32, i32)
UNARY(bswap32_i64, i64)
UNARY(bswap64_i64, i64)
UNARY(ext8s_i64, i64)
UNARY(ext8u_i64, i64)
UNARY(ext16s_i64, i64)
UNARY(ext16u_i64, i64)
UNARY(ext32s_i64, i64)
UNARY(ext32u_i64, i64)
UNARY(ext8s_i32, i32)
UNARY(ext8u_i32, i32)
UNARY(ext16s_i32, i32)
UNARY(ext16u_i32, i32)
#undef UNARY

void tcg_gen_extu_i32_i64(TCGv_i64 ret, TCGv_i32 a)
{
    emit2(INDEX_op_extu_i32_i64, ret.idx, a.idx);
}

void tcg_gen_exts_i32_i64(TCGv_i64 ret, TCGv_i32 a)
{
    emit2(INDEX_op_exts_i32_i64, ret.idx, a.idx);
}

void tcg_gen_extrl_i64_i32(TCGv_i32 ret, TCGv_i64 a)
{
    emit2(INDEX_op_extrl_i64_i32, ret.idx, a.idx);
}

void tcg_gen_extrh_i64_i32(TCGv_i32 ret, TCGv_i64 a)
{
    emit2(INDEX_op_extrh_i64_i32, ret.idx, a.idx);
}

void tcg_gen_divu_i64(TCGv_i64 ret, TCGv_i64 a, TCGv_i64 b)
{
    emit3(INDEX_op_divu_i64, ret.idx, a.idx, b.idx);
}

void tcg_gen_divs_i64(TCGv_i64 ret, TCGv_i64 a, TCGv_i64 b)
{
    emit3(INDEX_op_divs_i64, ret.idx, a.idx, b.idx);
}

void tcg_gen_mulu2_i64(TCGv_i64 lo, TCGv_i64 hi, TCGv_i64 a, TCGv_i64 b)
{
    emit4(INDEX_op_mulu2_i64, lo.idx, hi.idx, a.idx, b.idx);
}

void tcg_gen_muls2_i64(TCGv_i64 lo, TCGv_i64 hi, TCGv_i64 a, TCGv_i64 b)
{
    emit4(INDEX_op_muls2_i64, lo.idx, hi.idx, a.idx, b.idx);
}

void tcg_gen_clz_i32(TCGv_i32 ret, TCGv_i32 a, TCGv_i32 if_zero)
{
    emit3(INDEX_op_clz_i32, ret.idx, a.idx, if_zero.idx);
}

void tcg_gen_fp_binary(TCGOpcode opc, TCGv_i64 ret, TCGv_i64 a, TCGv_i64 b)
{
    emit3(opc, ret.idx, a.idx, b.idx);
}

void tcg_gen_fp_unary(TCGOpcode opc, TCGv_i64 ret, TCGv_i64 a)
{
    emit2(opc, ret.idx, a.idx);
}

void tcg_gen_crc32c_i64(TCGv_i64 ret, TCGv_i64 acc, TCGv_i64 val, unsigned size)
{
    emit4(INDEX_op_crc32c_i64, ret.idx, acc.idx, val.idx, size);
}

void tcg_gen_fround(TCGOpcode opc, TCGv_i64 ret, TCGv_i64 a, unsigned mode)
{
    emit3(opc, ret.idx, a.idx, mode);
}

void tcg_gen_fp_ternary(TCGOpcode opc, TCGv_i64 ret, TCGv_i64 n, TCGv_i64 m,
                        TCGv_i64 a)
{
    emit4(opc, ret.idx, n.idx, m.idx, a.idx);
}

void tcg_gen_clz_i64(TCGv_i64 ret, TCGv_i64 a, TCGv_i64 if_zero)
{
    emit3(INDEX_op_clz_i64, ret.idx, a.idx, if_zero.idx);
}

void tcg_gen_clzi_i64(TCGv_i64 ret, TCGv_i64 a, int64_t if_zero)
{
    tcg_gen_clz_i64(ret, a, tcg_constant_i64(if_zero));
}

void tcg_gen_clzi_i32(TCGv_i32 ret, TCGv_i32 a, int32_t if_zero)
{
    tcg_gen_clz_i32(ret, a, tcg_constant_i32(if_zero));
}

void tcg_gen_ctz_i32(TCGv_i32 ret, TCGv_i32 a, TCGv_i32 if_zero)
{
    emit3(INDEX_op_ctz_i32, ret.idx, a.idx, if_zero.idx);
}

void tcg_gen_ctz_i64(TCGv_i64 ret, TCGv_i64 a, TCGv_i64 if_zero)
{
    emit3(INDEX_op_ctz_i64, ret.idx, a.idx, if_zero.idx);
}

/* ---- bit fields ---- */

void tcg_gen_extract_i32(TCGv_i32 ret, TCGv_i32 a, unsigned pos, unsigned len)
{
    if (pos == 0 && len == 32)
        tcg_gen_mov_i32(ret, a);
    else if (pos + len == 32)
        tcg_gen_shri_i32(ret, a, (int32_t)pos);
    else
        emit4(INDEX_op_extract_i32, ret.idx, a.idx, pos, len);
}

void tcg_gen_extract_i64(TCGv_i64 ret, TCGv_i64 a, unsigned pos, unsigned len)
{
    if (pos == 0 && len == 64)
        tcg_gen_mov_i64(ret, a);
    else if (pos + len == 64)
        tcg_gen_shri_i64(ret, a, pos);
    else if (pos == 0 && len == 32)
        tcg_gen_ext32u_i64(ret, a);
    else
        emit4(INDEX_op_extract_i64, ret.idx, a.idx, pos, len);
}

void tcg_gen_sextract_i32(TCGv_i32 ret, TCGv_i32 a, unsigned pos, unsigned len)
{
    if (pos == 0 && len == 32)
        tcg_gen_mov_i32(ret, a);
    else if (pos + len == 32)
        tcg_gen_sari_i32(ret, a, (int32_t)pos);
    else
        emit4(INDEX_op_sextract_i32, ret.idx, a.idx, pos, len);
}

void tcg_gen_sextract_i64(TCGv_i64 ret, TCGv_i64 a, unsigned pos, unsigned len)
{
    if (pos == 0 && len == 64)
        tcg_gen_mov_i64(ret, a);
    else if (pos + len == 64)
        tcg_gen_sari_i64(ret, a, pos);
    else if (pos == 0 && len == 32)
        tcg_gen_ext32s_i64(ret, a);
    else
        emit4(INDEX_op_sextract_i64, ret.idx, a.idx, pos, len);
}

void tcg_gen_deposit_i32(TCGv_i32 ret, TCGv_i32 a, TCGv_i32 b, unsigned pos,
                         unsigned len)
{
    if (pos == 0 && len == 32)
        tcg_gen_mov_i32(ret, b);
    else
        tcg_emit_op(INDEX_op_deposit_i32, 5,
                    (uint64_t[]){ret.idx, a.idx, b.idx, pos, len});
}

void tcg_gen_deposit_i64(TCGv_i64 ret, TCGv_i64 a, TCGv_i64 b, unsigned pos,
                         unsigned len)
{
    if (pos == 0 && len == 64)
        tcg_gen_mov_i64(ret, b);
    else
        tcg_emit_op(INDEX_op_deposit_i64, 5,
                    (uint64_t[]){ret.idx, a.idx, b.idx, pos, len});
}

/* ---- comparisons ---- */

void tcg_gen_setcond_i32(TCGCond c, TCGv_i32 ret, TCGv_i32 a, TCGv_i32 b)
{
    if (c == TCG_COND_ALWAYS || c == TCG_COND_NEVER)
        tcg_gen_movi_i32(ret, c == TCG_COND_ALWAYS);
    else
        emit4(INDEX_op_setcond_i32, ret.idx, a.idx, b.idx, c);
}

void tcg_gen_setcond_i64(TCGCond c, TCGv_i64 ret, TCGv_i64 a, TCGv_i64 b)
{
    if (c == TCG_COND_ALWAYS || c == TCG_COND_NEVER)
        tcg_gen_movi_i64(ret, c == TCG_COND_ALWAYS);
    else
        emit4(INDEX_op_setcond_i64, ret.idx, a.idx, b.idx, c);
}

void tcg_gen_setcondi_i64(TCGCond c, TCGv_i64 ret, TCGv_i64 a, int64_t b)
{
    tcg_gen_setcond_i64(c, ret, a, tcg_constant_i64(b));
}

void tcg_gen_setcondi_i32(TCGCond c, TCGv_i32 ret, TCGv_i32 a, int32_t b)
{
    tcg_gen_setcond_i32(c, ret, a, tcg_constant_i32(b));
}

void tcg_gen_movcond_i32(TCGCond c, TCGv_i32 ret, TCGv_i32 c1, TCGv_i32 c2,
                         TCGv_i32 v1, TCGv_i32 v2)
{
    if (c == TCG_COND_ALWAYS)
        tcg_gen_mov_i32(ret, v1);
    else if (c == TCG_COND_NEVER)
        tcg_gen_mov_i32(ret, v2);
    else
        tcg_emit_op(INDEX_op_movcond_i32, 6,
                    (uint64_t[]){ret.idx, c1.idx, c2.idx, v1.idx, v2.idx, c});
}

void tcg_gen_movcond_i64(TCGCond c, TCGv_i64 ret, TCGv_i64 c1, TCGv_i64 c2,
                         TCGv_i64 v1, TCGv_i64 v2)
{
    if (c == TCG_COND_ALWAYS)
        tcg_gen_mov_i64(ret, v1);
    else if (c == TCG_COND_NEVER)
        tcg_gen_mov_i64(ret, v2);
    else
        tcg_emit_op(INDEX_op_movcond_i64, 6,
                    (uint64_t[]){ret.idx, c1.idx, c2.idx, v1.idx, v2.idx, c});
}

void tcg_gen_brcond_i32(TCGCond c, TCGv_i32 a, TCGv_i32 b, TCGLabel l)
{
    if (c == TCG_COND_ALWAYS)
        tcg_gen_br(l);
    else if (c != TCG_COND_NEVER)
        emit4(INDEX_op_brcond_i32, a.idx, b.idx, c, l.id);
}

void tcg_gen_brcond_i64(TCGCond c, TCGv_i64 a, TCGv_i64 b, TCGLabel l)
{
    if (c == TCG_COND_ALWAYS)
        tcg_gen_br(l);
    else if (c != TCG_COND_NEVER)
        emit4(INDEX_op_brcond_i64, a.idx, b.idx, c, l.id);
}

void tcg_gen_brcondi_i64(TCGCond c, TCGv_i64 a, int64_t b, TCGLabel l)
{
    tcg_gen_brcond_i64(c, a, tcg_constant_i64(b), l);
}

void tcg_gen_brcondi_i32(TCGCond c, TCGv_i32 a, int32_t b, TCGLabel l)
{
    tcg_gen_brcond_i32(c, a, tcg_constant_i32(b), l);
}

void tcg_gen_br(TCGLabel l)
{
    emit1(INDEX_op_br, l.id);
}

void tcg_gen_set_label(TCGLabel l)
{
    emit1(INDEX_op_set_label, l.id);
}

/* ---- CPU state and guest memory ---- */

#define LDST_ENV(op, t)                                                        \
    void tcg_gen_##op(TCGv_##t val, TCGv_ptr base, int32_t ofs)                \
    {                                                                          \
        emit3(INDEX_op_##op, val.idx, base.idx, (uint64_t)(int64_t)ofs);       \
    }
LDST_ENV(ld8u_i64, i64)
LDST_ENV(ld32u_i64, i64)
LDST_ENV(ld32s_i64, i64)
LDST_ENV(ld_i32, i32)
LDST_ENV(ld_i64, i64)
LDST_ENV(st8_i64, i64)
LDST_ENV(st32_i64, i64)
LDST_ENV(st_i32, i32)
LDST_ENV(st_i64, i64)
#undef LDST_ENV

/* ---- guest memory: inline ops, or a system mode's SoftMMU calls ---- */

static TCGv_i64 softmmu_desc(uint64_t mop)
{
    return tcg_constant_i64((int64_t)(mop | (uint64_t)tcg_ctx.mem_index << 8));
}

/* With a SoftMMU, the access's MMU index rides in its MemOp. */
static uint64_t guest_mop(MemOp mop)
{
    if (!tcg_ctx.softmmu)
        return mop;
    return mop | (uint64_t)tcg_ctx.mem_index << MO_MMU_SHIFT;
}

/* tcg_ctx.access_probe's call before an access of bytes at addr. */
static void gen_access_probe(TCGv_i64 addr, unsigned bytes, bool read,
                             bool write)
{
    TCGv_i64 args[3];

    if (!tcg_ctx.access_probe)
        return;
    args[0] = tcg_ptr_as_i64(tcg_env);
    args[1] = addr;
    args[2] = tcg_constant_i64((int64_t)bytes << 2 | read << 1 | write);
    tcg_gen_call(tcg_ctx.access_probe, NULL, 3, args);
}

static unsigned mop_bytes(MemOp mop)
{
    return 1u << (mop & MO_SIZE);
}

void tcg_gen_guest_ld_i32(TCGv_i32 ret, TCGv_i64 addr, MemOp mop)
{
    gen_access_probe(addr, mop_bytes(mop), true, false);
    emit4(INDEX_op_guest_ld_i32, ret.idx, addr.idx, guest_mop(mop), 0);
}

void tcg_gen_guest_ld_i64(TCGv_i64 ret, TCGv_i64 addr, MemOp mop)
{
    gen_access_probe(addr, mop_bytes(mop), true, false);
    emit4(INDEX_op_guest_ld_i64, ret.idx, addr.idx, guest_mop(mop), 0);
}

void tcg_gen_guest_st_i32(TCGv_i32 val, TCGv_i64 addr, MemOp mop)
{
    gen_access_probe(addr, mop_bytes(mop), false, true);
    emit4(INDEX_op_guest_st_i32, val.idx, addr.idx, guest_mop(mop), 0);
}

/* CPU-state offsets go in as sign-extended constants, like ld/st ones. */
static uint64_t vec_ofs(int32_t ofs)
{
    return (uint64_t)(int64_t)ofs;
}

/* With a SoftMMU, the access's MMU index rides above the byte count. */
static uint64_t vec_bytes(unsigned bytes)
{
    return tcg_ctx.softmmu ? bytes | (uint64_t)tcg_ctx.mem_index << 8 : bytes;
}

void tcg_gen_guest_ld_vec(int32_t d, TCGv_i64 addr, unsigned bytes)
{
    gen_access_probe(addr, bytes, true, false);
    emit3(INDEX_op_guest_ld_vec, addr.idx, vec_ofs(d), vec_bytes(bytes));
}

void tcg_gen_guest_ld_pair_i64(TCGv_i64 lo, TCGv_i64 hi, TCGv_i64 addr)
{
    gen_access_probe(addr, 16, true, false);
    emit3(INDEX_op_guest_ld_pair_i64, lo.idx, hi.idx, addr.idx);
}

void tcg_gen_guest_st_pair_i64(TCGv_i64 lo, TCGv_i64 hi, TCGv_i64 addr)
{
    gen_access_probe(addr, 16, false, true);
    emit3(INDEX_op_guest_st_pair_i64, lo.idx, hi.idx, addr.idx);
}

void tcg_gen_guest_st_vec(int32_t s, TCGv_i64 addr, unsigned bytes)
{
    gen_access_probe(addr, bytes, false, true);
    emit3(INDEX_op_guest_st_vec, addr.idx, vec_ofs(s), vec_bytes(bytes));
}

void tcg_gen_guest_st_i64(TCGv_i64 val, TCGv_i64 addr, MemOp mop)
{
    gen_access_probe(addr, mop_bytes(mop), false, true);
    emit4(INDEX_op_guest_st_i64, val.idx, addr.idx, guest_mop(mop), 0);
}

void tcg_gen_guest_cmpxchg_i64(TCGv_i64 ret, TCGv_i64 addr, TCGv_i64 cmp,
                               TCGv_i64 newv, MemOp mop)
{
    gen_access_probe(addr, mop_bytes(mop), true, true);
    if (tcg_ctx.softmmu) {
        TCGv_i64 args[5] = {tcg_ptr_as_i64(tcg_env), addr, cmp, newv,
                            softmmu_desc(mop)};
        tcg_gen_call(tcg_ctx.softmmu->cmpxchg, &ret, 5, args);
        return;
    }
    tcg_emit_op(INDEX_op_guest_cmpxchg_i64, 5,
                (uint64_t[]){ret.idx, cmp.idx, newv.idx, addr.idx, mop});
}

void tcg_gen_guest_check_align(TCGv_i64 addr, uint64_t mask, bool is_write)
{
    if (mask)
        tcg_emit_op(INDEX_op_guest_check_align, 3,
                    (uint64_t[]){addr.idx, mask, is_write});
}

void tcg_gen_mb(TCGBar bar)
{
    emit1(INDEX_op_mb, bar);
}

/* ---- vectors in the CPU state ---- */

void tcg_gen_vec_bin(unsigned op, unsigned vece, unsigned oprsz, unsigned maxsz,
                     int32_t d, int32_t a, int32_t b)
{
    tcg_emit_op(INDEX_op_vec_bin, 8,
                (uint64_t[]){op, vece, oprsz, maxsz, vec_ofs(d), vec_ofs(a),
                             vec_ofs(b), 0});
}

/* The FP mode word of a guarded op: env offset << 32 | mask. */
static uint64_t mode_word(int32_t mode_ofs, uint32_t mode_mask)
{
    return (uint64_t)(uint32_t)mode_ofs << 32 | mode_mask;
}

void tcg_gen_vec_fp(TCGVecFpKind kind, unsigned vece, unsigned oprsz,
                    unsigned maxsz, int32_t d, int32_t a, int32_t b,
                    int32_t mode_ofs, uint32_t mode_mask, const TCGHelper *slow,
                    uint64_t slow_arg)
{
    uint64_t packed = (uint64_t)kind | (uint64_t)vece << 8 |
                      (uint64_t)oprsz << 16 | (uint64_t)maxsz << 24;
    uint64_t mode = mode_word(mode_ofs, mode_mask);

    tcg_emit_op(INDEX_op_vec_fp, 7,
                (uint64_t[]){packed, vec_ofs(d), vec_ofs(a), vec_ofs(b), mode,
                             (uint64_t)(uintptr_t)slow, slow_arg});
}

void tcg_gen_fp_guarded(TCGOpcode inner, TCGv_i64 ret, const TCGv_i64 *in,
                        int32_t mode_ofs, uint32_t mode_mask,
                        const TCGHelper *slow, uint64_t slow_arg)
{
    int nin = tcg_op_defs[inner].nb_iargs;
    uint64_t args[8] = {ret.idx};

    for (int i = 0; i < 3; i++)
        args[1 + i] = i < nin ? in[i].idx : tcg_constant_i64(0).idx;
    args[4] = inner;
    args[5] = mode_word(mode_ofs, mode_mask);
    args[6] = (uint64_t)(uintptr_t)slow;
    args[7] = slow_arg;
    tcg_emit_op(INDEX_op_fp_guarded, 8, args);
}

void tcg_gen_fp_guarded_env(TCGOpcode inner, int32_t d, const int32_t *in,
                            int32_t mode_ofs, uint32_t mode_mask,
                            const TCGHelper *slow, uint64_t slow_arg)
{
    int nin = tcg_op_defs[inner].nb_iargs;
    uint64_t args[8] = {inner, vec_ofs(d)};

    for (int i = 0; i < 3; i++)
        args[2 + i] = i < nin ? vec_ofs(in[i]) : vec_ofs(-1);
    args[5] = mode_word(mode_ofs, mode_mask);
    args[6] = (uint64_t)(uintptr_t)slow;
    args[7] = slow_arg;
    tcg_emit_op(INDEX_op_fp_guarded_env, 8, args);
}

void tcg_gen_vec_extract(unsigned oprsz, unsigned maxsz, int32_t d, int32_t a,
                         int32_t b, unsigned pos)
{
    tcg_emit_op(INDEX_op_vec_bin, 8,
                (uint64_t[]){TCG_VEC_EXTRACT, 0, oprsz, maxsz, vec_ofs(d),
                             vec_ofs(a), vec_ofs(b), pos});
}

void tcg_gen_vec_tbl(unsigned op, unsigned oprsz, unsigned maxsz, int32_t d,
                     int32_t table, int32_t idx, unsigned base)
{
    tcg_emit_op(INDEX_op_vec_bin, 8,
                (uint64_t[]){op, 0, oprsz, maxsz, vec_ofs(d), vec_ofs(table),
                             vec_ofs(idx), base});
}

void tcg_gen_vec_un(unsigned op, unsigned vece, unsigned oprsz, unsigned maxsz,
                    int32_t d, int32_t a)
{
    tcg_gen_vec_shi(op, vece, oprsz, maxsz, d, a, 0);
}

void tcg_gen_vec_shi(unsigned op, unsigned vece, unsigned oprsz, unsigned maxsz,
                     int32_t d, int32_t a, unsigned imm)
{
    tcg_emit_op(
        INDEX_op_vec_un, 7,
        (uint64_t[]){op, vece, oprsz, maxsz, vec_ofs(d), vec_ofs(a), imm});
}

void tcg_gen_vec_bitsel(unsigned oprsz, unsigned maxsz, int32_t d, int32_t sel,
                        int32_t t, int32_t f)
{
    tcg_emit_op(INDEX_op_vec_bitsel, 6,
                (uint64_t[]){oprsz, maxsz, vec_ofs(d), vec_ofs(sel), vec_ofs(t),
                             vec_ofs(f)});
}

void tcg_gen_vec_dup_i64(unsigned vece, unsigned oprsz, unsigned maxsz,
                         int32_t d, TCGv_i64 val)
{
    tcg_emit_op(INDEX_op_vec_dup, 5,
                (uint64_t[]){val.idx, vece, oprsz, maxsz, vec_ofs(d)});
}

void tcg_gen_vec_msb_mask(TCGv_i64 ret, int32_t a)
{
    tcg_emit_op(INDEX_op_vec_msb_mask, 2, (uint64_t[]){ret.idx, vec_ofs(a)});
}

void tcg_gen_vec_expand_bits(unsigned vece, int32_t d, TCGv_i64 bits)
{
    tcg_emit_op(INDEX_op_vec_expand_bits, 3,
                (uint64_t[]){bits.idx, vece, vec_ofs(d)});
}

/* ---- calls ---- */

void tcg_gen_call(const TCGHelper *h, const TCGv_i64 *ret, int nargs,
                  const TCGv_i64 *args)
{
    uint64_t a[TCG_MAX_OP_ARGS];
    int n = 0;
    TCGOp *op;

    /* A fault inside must find every global in memory. */
    assert(!(h->flags & TCG_CALL_MAY_FAULT) ||
           !(h->flags & TCG_CALL_NO_READ_GLOBALS));
    if (ret)
        a[n++] = ret->idx;
    for (int i = 0; i < nargs && i < TCG_MAX_CALL_ARGS; i++)
        a[n++] = args[i].idx;
    op = tcg_emit_op(INDEX_op_call, n, a);
    tcg_ctx.nb_calls++;
    op->helper = h;
    op->call_oargs = ret ? 1 : 0;
    op->call_iargs = (uint8_t)(n - op->call_oargs);
}

void tcg_gen_call0(const TCGHelper *h, const TCGv_i64 *ret)
{
    tcg_gen_call(h, ret, 0, NULL);
}

void tcg_gen_call1(const TCGHelper *h, const TCGv_i64 *ret, TCGv_i64 a)
{
    tcg_gen_call(h, ret, 1, (TCGv_i64[]){a});
}

void tcg_gen_call2(const TCGHelper *h, const TCGv_i64 *ret, TCGv_i64 a,
                   TCGv_i64 b)
{
    tcg_gen_call(h, ret, 2, (TCGv_i64[]){a, b});
}

void tcg_gen_call3(const TCGHelper *h, const TCGv_i64 *ret, TCGv_i64 a,
                   TCGv_i64 b, TCGv_i64 c)
{
    tcg_gen_call(h, ret, 3, (TCGv_i64[]){a, b, c});
}

void tcg_gen_call4(const TCGHelper *h, const TCGv_i64 *ret, TCGv_i64 a,
                   TCGv_i64 b, TCGv_i64 c, TCGv_i64 d)
{
    tcg_gen_call(h, ret, 4, (TCGv_i64[]){a, b, c, d});
}

/* ---- fault recipes ---- */

TCGFaultRecipeFn *tcg_fault_recipe_fn;
uint32_t tcg_fp_flush_mask;

void tcg_gen_fault_recipe(unsigned kind, uint64_t globals, TCGv_i64 x,
                          TCGv_i64 y, TCGv_i64 z)
{
    if (tcg_ctx.softmmu || !tcg_fault_recipe_fn)
        return;
    tcg_emit_op(INDEX_op_fault_recipe, 5,
                (uint64_t[]){x.idx, y.idx, z.idx, kind, globals});
}

/* ---- block structure ---- */

void tcg_gen_insn_start(uint64_t guest_pc)
{
    emit1(INDEX_op_insn_start, guest_pc);
}

void tcg_gen_goto_tb(unsigned slot, TCGv_i64 pc, uint64_t dest,
                     uint64_t dead_globals)
{
    if (tcg_ctx.tb && dest == tcg_ctx.tb->pc)
        tcg_ctx.goto_self = true;
    emit4(INDEX_op_goto_tb, pc.idx, slot, dest, dead_globals);
}

uint64_t tcg_exit_dead_globals(const TCGOp *op)
{
    switch (op->opc) {
    case INDEX_op_goto_tb: return op->args[3];
    case INDEX_op_goto_lookup: return op->args[1];
    default: return 0;
    }
}

int tcg_way_out_before_label(int br, int *label)
{
    const TCGOp *ops = tcg_ctx.ops;
    int i = br + 1, lab;

    if (ops[br].opc != INDEX_op_brcond_i32 &&
        ops[br].opc != INDEX_op_brcond_i64)
        return -1;
    for (; i < tcg_ctx.nb_ops; i++) {
        unsigned flags = tcg_op_defs[ops[i].opc].flags;
        if (flags & OPF_NO_RETURN)
            break;
        if (flags & OPF_BB_END)
            return -1;
    }
    for (lab = i + 1; lab < tcg_ctx.nb_ops; lab++)
        if (ops[lab].opc != INDEX_op_nop && ops[lab].opc != INDEX_op_insn_start)
            break;
    if (lab >= tcg_ctx.nb_ops || ops[lab].opc != INDEX_op_set_label ||
        ops[lab].args[0] != ops[br].args[3])
        return -1;
    *label = lab;
    return i;
}

void tcg_gen_exit_check(int32_t flag_offset, TCGv_i64 pc, uint64_t pc_value)
{
    emit3(INDEX_op_exit_check, (uint64_t)(int64_t)flag_offset, pc.idx,
          pc_value);
}

void tcg_gen_exit_tb(int slot)
{
    emit1(INDEX_op_exit_tb, (uint64_t)(int64_t)slot);
}

/* goto_lookup probes with jmp_cache_key(pc, flags): pc itself when the
 * flags are a constant 0. */
void tcg_gen_lookup_and_goto_ptr(TCGv_i64 pc, TCGv_i32 flags,
                                 uint64_t dead_globals)
{
    const TCGTemp *f = tcg_temp(flags.idx);
    TCGv_i64 key = pc;

    if (f->kind == TEMP_CONST && f->val != 0) {
        key = tcg_temp_new_i64();
        tcg_gen_xori_i64(key, pc, (int64_t)jmp_cache_key(0, (uint32_t)f->val));
    } else if (f->kind != TEMP_CONST) {
        TCGv_i64 shifted = tcg_temp_new_i64();
        key = tcg_temp_new_i64();
        tcg_gen_extu_i32_i64(shifted, flags);
        tcg_gen_shli_i64(shifted, shifted, JMP_CACHE_FLAGS_SHIFT);
        tcg_gen_xor_i64(key, pc, shifted);
    }
    emit2(INDEX_op_goto_lookup, key.idx, dead_globals);
}
