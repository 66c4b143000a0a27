/*
 * Constant and copy propagation and folding over one block's IR.
 * Only values and op kinds change here: the pass never moves an op, so guest
 * memory accesses keep their order relative to barriers and each other.
 */
#include "tcg/ir.h"

#include <string.h>

/*
 * Per-temp knowledge: is the current value a known constant, or a copy of
 * another temp (after "mov d, s", uses of d read s while s is unchanged)?
 * An entry holds only while its epoch is the current one: forgetting
 * everything (at a label) starts a new epoch instead of visiting every
 * temp, and an entry from an older one reads as nothing known.
 */
typedef struct TempInfo {
    uint32_t epoch;
    bool known;
    int32_t copy_of;         /* -1: not a copy */
    uint32_t copied_version; /* the source's version when copied */
    uint64_t known_val;
    bool bits_known;    /* maybe_one holds; else unknown_bits() */
    uint64_t maybe_one; /* bits that may be set */
} TempInfo;
static TempInfo temp_info[TCG_MAX_TEMPS];
static uint32_t epoch;
/* A copy holds while its source keeps the version it had when copied:
 * changing a temp bumps its version instead of visiting its copies. */
static uint32_t version[TCG_MAX_TEMPS];

/* What t may hold when nothing is known of it: its type's bits, within
 * the bound a frontend declared for a global. */
static uint64_t unknown_bits(uint64_t t)
{
    const TCGTemp *tt = tcg_temp((uint32_t)t);
    uint64_t bits = tt->type == TCG_TYPE_I32 ? 0xffffffffu : ~0ull;

    return tt->bits_bound ? bits & tt->bits_bound : bits;
}

/* t's entry, reset to "nothing known" when it is from an older epoch. */
static TempInfo *info(uint64_t t)
{
    TempInfo *ti = &temp_info[t];

    if (ti->epoch != epoch) {
        ti->epoch = epoch;
        ti->known = false;
        ti->copy_of = -1;
        ti->bits_known = false;
    }
    return ti;
}

/* The temp t currently copies, or -1. */
static int32_t copy_source_of(uint64_t t)
{
    TempInfo *ti = info(t);
    int32_t src = ti->copy_of;

    if (src >= 0 && ti->copied_version != version[src])
        src = ti->copy_of = -1;
    return src;
}

static void forget_all(void)
{
    if (++epoch == 0) { /* wrapped: no stale entry may match */
        memset(temp_info, 0, sizeof(temp_info));
        epoch = 1;
    }
}

/* After a call that may write globals: nothing about them holds. */
static void forget_globals(void)
{
    for (int i = 0; i < tcg_ctx.nb_globals; i++) {
        temp_info[i].epoch = epoch - 1; /* stale: read as unknown */
        version[i]++;                   /* copies of globals end */
    }
}

static uint64_t bits_of(uint64_t t)
{
    TCGTemp *tt = tcg_temp((uint32_t)t);
    TempInfo *ti;

    if (tt->kind == TEMP_CONST)
        return (uint64_t)tt->val;
    ti = info(t);
    if (ti->known)
        return ti->known_val;
    return ti->bits_known ? ti->maybe_one : unknown_bits(t);
}

/* t is about to change: it is no longer a copy, nor copied. */
static void forget_temp(uint64_t t)
{
    TempInfo *ti = &temp_info[t];

    ti->epoch = epoch;
    ti->known = false;
    ti->bits_known = false;
    ti->copy_of = -1;
    version[t]++;
}

/* Ops named *_i32 compute in 32 bits: a table built once from the names. */
static bool is_i32_op(TCGOpcode opc)
{
    static uint8_t i32_op[NB_OPS]; /* 0: not known yet, 1: no, 2: yes */
    uint8_t v = __atomic_load_n(&i32_op[opc], __ATOMIC_RELAXED);

    if (!v) {
        const char *n = tcg_op_defs[opc].name;
        size_t len = strlen(n);
        v = len > 4 && strcmp(n + len - 4, "_i32") == 0 ? 2 : 1;
        __atomic_store_n(&i32_op[opc], v, __ATOMIC_RELAXED);
    }
    return v == 2;
}

static bool temp_is_const(uint64_t idx, uint64_t *val)
{
    TCGTemp *t = tcg_temp((uint32_t)idx);
    TempInfo *ti;

    if (t->kind == TEMP_CONST) {
        *val = (uint64_t)t->val;
        return true;
    }
    ti = info(idx);
    if (ti->known)
        *val = ti->known_val;
    return ti->known;
}

static uint64_t const_temp_for(TCGType type, uint64_t val)
{
    if (type == TCG_TYPE_I32)
        return tcg_constant_i32((int32_t)val).idx;
    return tcg_constant_i64((int64_t)val).idx;
}

static uint64_t rotr64(uint64_t x, unsigned n)
{
    n &= 63;
    return n ? (x >> n) | (x << (64 - n)) : x;
}

static uint32_t rotr32(uint32_t x, unsigned n)
{
    n &= 31;
    return n ? (x >> n) | (x << (32 - n)) : x;
}

/* Folds a one- or two-input op; false if not foldable. */
static bool fold_i64(TCGOpcode opc, uint64_t a, uint64_t b, uint64_t *r)
{
    switch (opc) {
    case INDEX_op_mov_i64: *r = a; return true;
    case INDEX_op_add_i64: *r = a + b; return true;
    case INDEX_op_sub_i64: *r = a - b; return true;
    case INDEX_op_mul_i64: *r = a * b; return true;
    case INDEX_op_neg_i64: *r = -a; return true;
    case INDEX_op_and_i64: *r = a & b; return true;
    case INDEX_op_or_i64: *r = a | b; return true;
    case INDEX_op_xor_i64: *r = a ^ b; return true;
    case INDEX_op_not_i64: *r = ~a; return true;
    case INDEX_op_andc_i64: *r = a & ~b; return true;
    case INDEX_op_shl_i64: *r = a << (b & 63); return true;
    case INDEX_op_shr_i64: *r = a >> (b & 63); return true;
    case INDEX_op_sar_i64: *r = (uint64_t)((int64_t)a >> (b & 63)); return true;
    case INDEX_op_rotr_i64: *r = rotr64(a, (unsigned)b); return true;
    case INDEX_op_ext8s_i64: *r = (uint64_t)(int64_t)(int8_t)a; return true;
    case INDEX_op_ext8u_i64: *r = (uint8_t)a; return true;
    case INDEX_op_ext16s_i64: *r = (uint64_t)(int64_t)(int16_t)a; return true;
    case INDEX_op_ext16u_i64: *r = (uint16_t)a; return true;
    case INDEX_op_ext32s_i64: *r = (uint64_t)(int64_t)(int32_t)a; return true;
    case INDEX_op_ext32u_i64: *r = (uint32_t)a; return true;
    case INDEX_op_extu_i32_i64: *r = (uint32_t)a; return true;
    case INDEX_op_exts_i32_i64: *r = (uint64_t)(int64_t)(int32_t)a; return true;
    case INDEX_op_bswap64_i64: *r = __builtin_bswap64(a); return true;
    case INDEX_op_bswap32_i64: *r = __builtin_bswap32((uint32_t)a); return true;
    default: return false;
    }
}

static bool fold_i32(TCGOpcode opc, uint32_t a, uint32_t b, uint64_t *r)
{
    uint32_t v;

    switch (opc) {
    case INDEX_op_mov_i32: v = a; break;
    case INDEX_op_add_i32: v = a + b; break;
    case INDEX_op_sub_i32: v = a - b; break;
    case INDEX_op_mul_i32: v = a * b; break;
    case INDEX_op_neg_i32: v = -a; break;
    case INDEX_op_and_i32: v = a & b; break;
    case INDEX_op_or_i32: v = a | b; break;
    case INDEX_op_xor_i32: v = a ^ b; break;
    case INDEX_op_not_i32: v = ~a; break;
    case INDEX_op_andc_i32: v = a & ~b; break;
    case INDEX_op_shl_i32: v = a << (b & 31); break;
    case INDEX_op_shr_i32: v = a >> (b & 31); break;
    case INDEX_op_sar_i32: v = (uint32_t)((int32_t)a >> (b & 31)); break;
    case INDEX_op_rotr_i32: v = rotr32(a, b); break;
    case INDEX_op_ext8s_i32: v = (uint32_t)(int32_t)(int8_t)a; break;
    case INDEX_op_ext8u_i32: v = (uint8_t)a; break;
    case INDEX_op_ext16s_i32: v = (uint32_t)(int32_t)(int16_t)a; break;
    case INDEX_op_ext16u_i32: v = (uint16_t)a; break;
    case INDEX_op_bswap32_i32: v = __builtin_bswap32(a); break;
    case INDEX_op_bswap16_i32: v = __builtin_bswap16((uint16_t)a); break;
    case INDEX_op_extrl_i64_i32: v = a; break;
    default: return false;
    }
    *r = v;
    return true;
}

static bool fold_bitfield(TCGOp *op, uint64_t a, uint64_t *r)
{
    unsigned pos = (unsigned)op->args[2], len = (unsigned)op->args[3];
    uint64_t mask = len >= 64 ? ~0ull : (1ull << len) - 1;
    uint64_t field = (a >> pos) & mask;

    switch (op->opc) {
    case INDEX_op_extract_i32:
    case INDEX_op_extract_i64: *r = field; return true;
    case INDEX_op_sextract_i64:
        *r = (uint64_t)((int64_t)(field << (64 - len)) >> (64 - len));
        return true;
    case INDEX_op_sextract_i32:
        *r = (uint32_t)((int32_t)((uint32_t)field << (32 - len)) >> (32 - len));
        return true;
    default: return false;
    }
}

/* deposit of two known values: a with bits [pos, pos + len) from b. */
static bool fold_deposit(const TCGOp *op, uint64_t a, uint64_t b, uint64_t *r)
{
    unsigned pos = (unsigned)op->args[3], len = (unsigned)op->args[4];
    uint64_t mask = len >= 64 ? ~0ull : (1ull << len) - 1;

    if (op->opc != INDEX_op_deposit_i64 && op->opc != INDEX_op_deposit_i32)
        return false;
    *r = (a & ~(mask << pos)) | ((b & mask) << pos);
    return true;
}

static void replace_with_mov(TCGOp *op, uint64_t val)
{
    TCGType type = tcg_temp((uint32_t)op->args[0])->type;
    uint64_t out = op->args[0];

    if (type == TCG_TYPE_I32)
        val = (uint32_t)val;
    op->opc = type == TCG_TYPE_I32 ? INDEX_op_mov_i32 : INDEX_op_mov_i64;
    op->nargs = 2;
    op->args[0] = out;
    op->args[1] = const_temp_for(type, val);
    forget_temp(out);
    temp_info[out].known = true;
    temp_info[out].known_val = val;
}

/* Substitutes known constants into input args; returns the inputs seen. */
static int propagate_inputs(TCGOp *op, uint64_t *vals, bool *all_const)
{
    const TCGOpDef *def = &tcg_op_defs[op->opc];
    int first = def->nb_oargs, n = def->nb_iargs;

    if (op->opc == INDEX_op_call) {
        first = op->call_oargs;
        n = op->call_iargs;
    }
    *all_const = n > 0;
    for (int i = 0; i < n; i++) {
        uint64_t idx = op->args[first + i];
        uint64_t v;

        if (temp_is_const(idx, &v)) {
            TCGTemp *t = tcg_temp((uint32_t)idx);
            if (t->kind != TEMP_CONST)
                op->args[first + i] = const_temp_for(t->type, v);
            if (i < 2)
                vals[i] = v;
        } else {
            int32_t src = copy_source_of(idx);
            *all_const = false;
            if (src >= 0)
                op->args[first + i] = (uint64_t)src;
        }
    }
    return n;
}

static void forget_outputs(TCGOp *op)
{
    int n = op->opc == INDEX_op_call ? op->call_oargs
                                     : tcg_op_defs[op->opc].nb_oargs;

    for (int i = 0; i < n; i++)
        forget_temp(op->args[i]);
}

/* Which bits of op's single output may be set, from its inputs. */
static uint64_t output_bits(const TCGOp *op)
{
    int nin = tcg_op_defs[op->opc].nb_iargs;
    uint64_t a = nin > 0 ? bits_of(op->args[1]) : ~0ull;
    uint64_t b = nin > 1 ? bits_of(op->args[2]) : ~0ull;
    TCGTemp *bt = nin > 1 ? tcg_temp((uint32_t)op->args[2]) : NULL;

    switch (op->opc) {
    case INDEX_op_and_i64:
    case INDEX_op_and_i32: return a & b;
    case INDEX_op_or_i64:
    case INDEX_op_or_i32:
    case INDEX_op_xor_i64:
    case INDEX_op_xor_i32: return a | b;
    case INDEX_op_ext8u_i64:
    case INDEX_op_ext8u_i32: return a & 0xff;
    case INDEX_op_ext16u_i64:
    case INDEX_op_ext16u_i32: return a & 0xffff;
    case INDEX_op_ext32u_i64:
    case INDEX_op_extu_i32_i64:
    case INDEX_op_extrl_i64_i32: return a & 0xffffffffu;
    case INDEX_op_setcond_i64:
    case INDEX_op_setcond_i32: return 1;
    case INDEX_op_vec_msb_mask: return 0xffff;
    case INDEX_op_fadd_f32:
    case INDEX_op_fsub_f32:
    case INDEX_op_fmul_f32:
    case INDEX_op_fdiv_f32:
    case INDEX_op_fsqrt_f32:
    case INDEX_op_fmuladd_f32:
    case INDEX_op_fmulsub_f32:
    case INDEX_op_fnmuladd_f32:
    case INDEX_op_fnmulsub_f32: return 0xffffffffu;
    case INDEX_op_fcmp_f32:
    case INDEX_op_fcmp_f64:
    case INDEX_op_fcmpe_f32:
    case INDEX_op_fcmpe_f64: return 3;
    case INDEX_op_extract_i64:
    case INDEX_op_extract_i32:
        return op->args[3] >= 64 ? ~0ull : (1ull << op->args[3]) - 1;
    case INDEX_op_shr_i64:
        return bt->kind == TEMP_CONST ? a >> (bt->val & 63) : ~0ull;
    case INDEX_op_guest_ld_i64:
    case INDEX_op_guest_ld_i32: {
        MemOp mop = (MemOp)op->args[2];
        unsigned bits = 8u << (mop & MO_SIZE);
        if ((mop & MO_SIGN) || bits == 64)
            return op->opc == INDEX_op_guest_ld_i32 ? 0xffffffffu : ~0ull;
        return (1ull << bits) - 1;
    }
    default:
        return tcg_temp((uint32_t)op->args[0])->type == TCG_TYPE_I32
                   ? 0xffffffffu
                   : ~0ull;
    }
}

/* An extension or mask that cannot change its input becomes a move. */
static void drop_useless_extension(TCGOp *op)
{
    uint64_t a;

    if (op->opc != INDEX_op_ext32u_i64 && op->opc != INDEX_op_ext16u_i64 &&
        op->opc != INDEX_op_ext8u_i64)
        return;
    a = bits_of(op->args[1]);
    if ((op->opc == INDEX_op_ext32u_i64 && a <= 0xffffffffu) ||
        (op->opc == INDEX_op_ext16u_i64 && a <= 0xffff) ||
        (op->opc == INDEX_op_ext8u_i64 && a <= 0xff)) {
        op->opc = INDEX_op_mov_i64;
        op->nargs = 2;
    }
}

/* After "mov d, s": d reads as s until either changes. */
static void record_copy(const TCGOp *op)
{
    uint64_t d = op->args[0], src = op->args[1];
    TCGTemp *st = tcg_temp((uint32_t)src);

    uint64_t src_bits = bits_of(src);

    forget_temp(d);
    temp_info[d].maybe_one = src_bits;
    temp_info[d].bits_known = true;
    if (st->kind == TEMP_CONST || d == src)
        return;
    if (tcg_temp((uint32_t)d)->type != st->type)
        return;
    temp_info[d].copy_of = (int32_t)src;
    temp_info[d].copied_version = version[src];
}

static bool try_fold(TCGOp *op, const uint64_t *vals)
{
    uint64_t r;

    if (fold_bitfield(op, vals[0], &r) ||
        fold_deposit(op, vals[0], vals[1], &r)) {
        replace_with_mov(op, r);
        return true;
    }
    if (op->opc == INDEX_op_setcond_i64 || op->opc == INDEX_op_setcond_i32) {
        uint64_t a = vals[0], b = vals[1];
        if (op->opc == INDEX_op_setcond_i32) {
            /* Compare as 32-bit: sign-extend both for signed conditions. */
            a = (uint64_t)(int64_t)(int32_t)a;
            b = (uint64_t)(int64_t)(int32_t)b;
            TCGCond c = (TCGCond)op->args[3];
            if (c >= TCG_COND_LTU && c <= TCG_COND_GTU) {
                a = (uint32_t)a;
                b = (uint32_t)b;
            }
        }
        replace_with_mov(op, tcg_cond_holds_i64((TCGCond)op->args[3], a, b));
        return true;
    }
    if (is_i32_op(op->opc) || op->opc == INDEX_op_extrl_i64_i32) {
        if (fold_i32(op->opc, (uint32_t)vals[0], (uint32_t)vals[1], &r)) {
            replace_with_mov(op, r);
            return true;
        }
        return false;
    }
    if (fold_i64(op->opc, vals[0], vals[1], &r)) {
        replace_with_mov(op, r);
        return true;
    }
    return false;
}

/* op becomes "mov out, src": later uses of out read src. */
static void become_copy(TCGOp *op, uint64_t src)
{
    bool i32 = tcg_temp((uint32_t)op->args[0])->type == TCG_TYPE_I32;

    op->opc = i32 ? INDEX_op_mov_i32 : INDEX_op_mov_i64;
    op->nargs = 2;
    op->args[1] = src;
}

/* The binary ops the identities below know, as one kind per pair. */
typedef enum AlgKind {
    ALG_NONE,
    ALG_ADD,
    ALG_SUB,
    ALG_AND,
    ALG_OR,
    ALG_XOR,
    ALG_ANDC,
    ALG_SHIFT,
    ALG_MUL,
} AlgKind;

static AlgKind alg_kind(TCGOpcode opc)
{
    switch (opc) {
    case INDEX_op_add_i32:
    case INDEX_op_add_i64: return ALG_ADD;
    case INDEX_op_sub_i32:
    case INDEX_op_sub_i64: return ALG_SUB;
    case INDEX_op_and_i32:
    case INDEX_op_and_i64: return ALG_AND;
    case INDEX_op_or_i32:
    case INDEX_op_or_i64: return ALG_OR;
    case INDEX_op_xor_i32:
    case INDEX_op_xor_i64: return ALG_XOR;
    case INDEX_op_andc_i32:
    case INDEX_op_andc_i64: return ALG_ANDC;
    case INDEX_op_shl_i32:
    case INDEX_op_shl_i64:
    case INDEX_op_shr_i32:
    case INDEX_op_shr_i64:
    case INDEX_op_sar_i32:
    case INDEX_op_sar_i64:
    case INDEX_op_rotr_i32:
    case INDEX_op_rotr_i64: return ALG_SHIFT;
    case INDEX_op_mul_i32:
    case INDEX_op_mul_i64: return ALG_MUL;
    default: return ALG_NONE;
    }
}

/*
 * Identities with one operand known or both the same: x - 0, x ^ x,
 * x & 0, 0 | x... (the flags of a compare with zero are mostly these).
 * Returns true when op became a constant (already recorded); an op that
 * became a copy is left for the caller to record.
 */
static bool simplify_binary(TCGOp *op)
{
    AlgKind k = alg_kind((TCGOpcode)op->opc);
    uint64_t a = op->args[1], b = op->args[2], va = 0, vb = 0;
    bool ca, cb;
    uint64_t ones;

    if (k == ALG_NONE)
        return false;
    ones = tcg_temp((uint32_t)op->args[0])->type == TCG_TYPE_I32 ? 0xffffffffu
                                                                 : ~0ull;
    ca = temp_is_const(a, &va);
    cb = temp_is_const(b, &vb);
    if (cb && vb == 0) {
        if (k == ALG_AND || k == ALG_MUL) {
            replace_with_mov(op, 0);
            return true;
        }
        become_copy(op, a); /* + - | ^ &~ and shifts by 0 */
        return false;
    }
    if (ca && va == 0) {
        if (k == ALG_ADD || k == ALG_OR || k == ALG_XOR) {
            become_copy(op, b);
            return false;
        }
        if (k != ALG_SUB) {
            replace_with_mov(op, 0);
            return true;
        }
        return false;
    }
    if (cb && (vb & ones) == ones && (k == ALG_AND || k == ALG_OR)) {
        if (k == ALG_OR) {
            replace_with_mov(op, ones);
            return true;
        }
        become_copy(op, a);
        return false;
    }
    if (a == b && (k == ALG_SUB || k == ALG_XOR || k == ALG_ANDC)) {
        replace_with_mov(op, 0);
        return true;
    }
    if (a == b && (k == ALG_AND || k == ALG_OR)) {
        become_copy(op, a);
        return false;
    }
    if (k == ALG_AND && (bits_of(a) & bits_of(b)) == 0) {
        replace_with_mov(op, 0);
        return true;
    }
    return false;
}

/* Unsigned x >= 0 always holds, x < 0 never. */
static bool simplify_setcond(TCGOp *op)
{
    uint64_t vb;
    TCGCond c;

    if (op->opc != INDEX_op_setcond_i64 && op->opc != INDEX_op_setcond_i32)
        return false;
    c = (TCGCond)op->args[3];
    if (!temp_is_const(op->args[2], &vb) || vb != 0)
        return false;
    if (c == TCG_COND_GEU || c == TCG_COND_LTU) {
        replace_with_mov(op, c == TCG_COND_GEU);
        return true;
    }
    return false;
}

/* Turns a conditional branch with known operands into br or nothing. */
static void fold_brcond(TCGOp *op, const uint64_t *vals)
{
    TCGCond c = (TCGCond)op->args[2];
    uint64_t a = vals[0], b = vals[1];

    if (op->opc == INDEX_op_brcond_i32) {
        bool unsigned_cond = c >= TCG_COND_LTU && c <= TCG_COND_GTU;
        a = unsigned_cond ? (uint32_t)a : (uint64_t)(int64_t)(int32_t)a;
        b = unsigned_cond ? (uint32_t)b : (uint64_t)(int64_t)(int32_t)b;
    }
    if (tcg_cond_holds_i64(c, a, b)) {
        uint64_t label = op->args[3];
        op->opc = INDEX_op_br;
        op->nargs = 1;
        op->args[0] = label;
    } else {
        op->opc = INDEX_op_nop;
        op->nargs = 0;
    }
}

/* The label a branch op jumps to, or -1 for other ops. */
static int64_t branch_label(const TCGOp *op)
{
    if (op->opc == INDEX_op_br)
        return (int64_t)op->args[0];
    if (op->opc == INDEX_op_brcond_i32 || op->opc == INDEX_op_brcond_i64)
        return (int64_t)op->args[3];
    return -1;
}

static void make_nop(TCGOp *op)
{
    op->opc = INDEX_op_nop;
    op->nargs = 0;
}

/* The next op after i that emits code or marks a position, or NULL. */
static TCGOp *next_real_op(int i)
{
    for (i++; i < tcg_ctx.nb_ops; i++) {
        TCGOpcode opc = tcg_ctx.ops[i].opc;
        if (opc != INDEX_op_nop && opc != INDEX_op_insn_start)
            return &tcg_ctx.ops[i];
    }
    return NULL;
}

/*
 * Drops the ops no path reaches (after a br or a no-return op, up to a
 * label some reached branch jumps to), then each label no branch jumps
 * to, then each br to the label right after it (and that label when it
 * was the last branch there), so that the code around a branch folded
 * away is one basic block again: an FP op's slow path behind a mode test
 * that a fixed-mode block folds to "br done" no longer makes its temps
 * live across labels. Branches
 * only jump forward, so every branch to a label comes before it.
 */
static void prune_branches(void)
{
    static int refs[TCG_MAX_LABELS];
    bool reached = true;

    memset(refs, 0, sizeof(refs[0]) * (size_t)tcg_ctx.nb_labels);
    for (int i = 0; i < tcg_ctx.nb_ops; i++) {
        TCGOp *op = &tcg_ctx.ops[i];
        int64_t label = branch_label(op);

        if (op->opc == INDEX_op_set_label) {
            reached = reached || refs[op->args[0]] > 0;
            continue;
        }
        if (op->opc == INDEX_op_insn_start)
            continue;
        if (!reached) {
            make_nop(op);
            continue;
        }
        if (label >= 0)
            refs[label]++;
        if (op->opc == INDEX_op_br ||
            (tcg_op_defs[op->opc].flags & OPF_NO_RETURN))
            reached = false;
    }
    for (int i = 0; i < tcg_ctx.nb_ops; i++) {
        TCGOp *op = &tcg_ctx.ops[i];

        if (op->opc == INDEX_op_set_label && refs[op->args[0]] == 0)
            make_nop(op);
    }
    for (int i = 0; i < tcg_ctx.nb_ops; i++) {
        TCGOp *op = &tcg_ctx.ops[i], *next;

        if (op->opc != INDEX_op_br)
            continue;
        next = next_real_op(i);
        if (next && next->opc == INDEX_op_set_label &&
            next->args[0] == op->args[0]) {
            make_nop(op);
            if (--refs[next->args[0]] == 0)
                make_nop(next);
        }
    }
}

void tcg_optimize(void)
{
    static int label_refs[TCG_MAX_LABELS];
    bool prunable = false; /* a branch folded or a label no branch reaches */

    memset(label_refs, 0, sizeof(label_refs[0]) * (size_t)tcg_ctx.nb_labels);
    forget_all();
    for (int i = 0; i < tcg_ctx.nb_ops; i++) {
        TCGOp *op = &tcg_ctx.ops[i];
        const TCGOpDef *def = &tcg_op_defs[op->opc];
        uint64_t vals[2] = {0, 0};
        bool all_const;

        if (op->opc == INDEX_op_insn_start) {
            continue;
        }
        if (op->opc == INDEX_op_set_label) {
            prunable |= label_refs[op->args[0]] == 0;
            forget_all();
            continue;
        }
        if (op->opc == INDEX_op_br) {
            label_refs[op->args[0]]++;
            continue;
        }
        propagate_inputs(op, vals, &all_const);
        /* A copy's source may stand in for a recipe input: the recipe
         * ends where that source is written. */
        if (op->opc == INDEX_op_fault_recipe)
            continue;
        if (op->opc == INDEX_op_brcond_i32 || op->opc == INDEX_op_brcond_i64) {
            int64_t label;

            if (all_const) {
                fold_brcond(op, vals);
                prunable = true;
            }
            label = branch_label(op); /* -1 when folded away */
            if (label >= 0)
                label_refs[label]++;
            continue;
        }
        if (op->opc == INDEX_op_call) {
            if (!(op->helper->flags & TCG_CALL_NO_WRITE_GLOBALS))
                forget_globals();
            forget_outputs(op);
            continue;
        }
        if (all_const && !(def->flags & OPF_SIDE_EFFECTS) &&
            def->nb_oargs == 1 && try_fold(op, vals))
            continue;
        if (simplify_binary(op) || simplify_setcond(op))
            continue;
        drop_useless_extension(op);
        if (op->opc == INDEX_op_mov_i64 || op->opc == INDEX_op_mov_i32) {
            record_copy(op);
            continue;
        }
        if (def->nb_oargs == 1) {
            uint64_t bits = output_bits(op);
            forget_outputs(op);
            temp_info[op->args[0]].maybe_one = bits;
            temp_info[op->args[0]].bits_known = true;
            continue;
        }
        forget_outputs(op);
    }
    if (prunable)
        prune_branches();
}
