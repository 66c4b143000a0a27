/*
 * Backward liveness for one block: dying inputs, dead ops, globals no later
 * code reads, address offsets folded into guest accesses. Rewrites ops in
 * place; emits no code and knows nothing of host registers.
 */
#include "tcg/x86_64/liveness.h"

#define LIVE_WORDS (TCG_MAX_TEMPS / 64)
typedef uint64_t LiveSet[LIVE_WORDS];

static LiveSet live_at_label[TCG_MAX_LABELS];
/* Words of a LiveSet the current block uses: temps are numbered densely. */
static int live_words;
/* Live at every exit from the block: the globals successors may read. */
static LiveSet live_at_exit;
/* Every global: what a helper reading globals, or a fault, may see. */
static LiveSet all_globals;

static bool live_get(const uint64_t *s, uint64_t i)
{
    return (s[i / 64] >> (i % 64)) & 1;
}

static void live_set(uint64_t *s, uint64_t i, bool v)
{
    if (v)
        s[i / 64] |= 1ull << (i % 64);
    else
        s[i / 64] &= ~(1ull << (i % 64));
}

static void live_copy(uint64_t *to, const uint64_t *from)
{
    for (int w = 0; w < live_words; w++)
        to[w] = from[w];
}

static void live_union(uint64_t *to, const uint64_t *from)
{
    for (int w = 0; w < live_words; w++)
        to[w] |= from[w];
}

static void liveness_init(void)
{
    int globals = tcg_ctx.nb_globals;

    live_words = (tcg_ctx.nb_temps + 63) / 64;
    /* Globals are temps 0..nb_globals-1: whole words, then a partial one. */
    for (int w = 0; w < live_words; w++) {
        int n = globals - w * 64;
        all_globals[w] = n >= 64 ? ~0ull : n > 0 ? (1ull << n) - 1 : 0;
        live_at_exit[w] = all_globals[w];
    }
    live_at_exit[0] &= ~tcg_ctx.globals_dead_at_exit;
}

/* Globals that may be dropped and are not live in live. */
static uint64_t dead_globals_in(const uint64_t *live)
{
    uint64_t maybe_dead = tcg_ctx.globals_dead_at_exit;

    if (tcg_ctx.nb_globals < 64)
        maybe_dead &= (1ull << tcg_ctx.nb_globals) - 1;
    return maybe_dead & ~live[0];
}

static bool is_guest_access(const TCGOp *op)
{
    switch (op->opc) {
    case INDEX_op_guest_ld_i32:
    case INDEX_op_guest_ld_i64:
    case INDEX_op_guest_st_i32:
    case INDEX_op_guest_st_i64: return true;
    default: return false;
    }
}

/*
 * Guest access ops[i] whose address t dies there (live says so) and was
 * computed just before by "add t, base, constant": the access addresses
 * base + constant itself (one x86 addressing mode) and the add goes.
 */
static void fold_address_offset(int i, const uint64_t *live)
{
    TCGOp *op = &tcg_ctx.ops[i], *prev = NULL;
    uint64_t t = op->args[1];
    int64_t offset;

    if (!is_guest_access(op) || tcg_temp((uint32_t)t)->kind != TEMP_NORMAL ||
        live_get(live, t) || op->args[0] == t)
        return;
    while (--i >= 0 && tcg_ctx.ops[i].opc == INDEX_op_insn_start)
        ;
    if (i >= 0)
        prev = &tcg_ctx.ops[i];
    if (!prev || prev->opc != INDEX_op_add_i64 || prev->args[0] != t ||
        tcg_temp((uint32_t)prev->args[2])->kind != TEMP_CONST)
        return;
    offset = (int64_t)((uint64_t)tcg_temp((uint32_t)prev->args[2])->val +
                       op->args[3]);
    if (offset != (int32_t)offset)
        return;
    op->args[1] = prev->args[1];
    op->args[3] = (uint64_t)offset;
    prev->opc = INDEX_op_nop;
    prev->nargs = 0;
}

/* ---- fault recipes ---- */

/* The first op branching to each label (branches only go forward). */
static int first_branch_to[TCG_MAX_LABELS];

/* The temps an op writes, as a test: does it write t? */
static bool op_writes(const TCGOp *op, uint64_t t)
{
    int nout, nin;

    tcg_op_arg_counts(op, &nout, &nin);
    for (int o = 0; o < nout; o++)
        if (op->args[o] == t)
            return true;
    return false;
}

/* Does op end every recipe: leave the block, or call code that may
 * write globals? */
static bool ends_all_recipes(const TCGOp *op)
{
    const TCGOpDef *def = &tcg_op_defs[op->opc];

    if (def->flags & OPF_NO_RETURN)
        return true;
    return op->opc == INDEX_op_call &&
           !(op->helper->flags & TCG_CALL_NO_WRITE_GLOBALS);
}

/* Does op write one of the globals recipe r rebuilds? */
static bool writes_rebuilt(const TCGOp *op, const TCGOp *r)
{
    int nout, nin;

    tcg_op_arg_counts(op, &nout, &nin);
    for (int o = 0; o < nout; o++)
        if (op->args[o] < 64 && ((r->args[4] >> op->args[o]) & 1))
            return true;
    return false;
}

/* The inputs of recipe r that op leaves as they were, of valid. */
static unsigned inputs_kept(const TCGOp *op, const TCGOp *r, unsigned valid)
{
    for (int k = 0; k < 3; k++)
        if (op_writes(op, r->args[k]))
            valid &= ~(1u << k);
    return valid;
}

/* The two valid inputs a fault reads: the first pair of (x, y), (z, y),
 * (x, z) that is; 0 if none. */
static uint8_t recipe_pair(unsigned valid)
{
    static const uint8_t pairs[3] = {3, 6, 5};

    for (int i = 0; i < 3; i++)
        if ((valid & pairs[i]) == pairs[i])
            return pairs[i];
    return 0;
}

/*
 * Forward: the recipe in force at each guest access (op->recipe) and the
 * inputs it reads there (op->recipe_use). One ends where an op writes its
 * globals or leaves fewer than two inputs as they were, at a call that may
 * write globals, at a way out, and at a label some branch from before the
 * recipe reaches (that path brings other values); past a loop region's way
 * out in the middle (brcond_past_exit) it goes on.
 */
static void find_recipes(void)
{
    int active = -1, skip_label = -1, skip_recipe = -1;
    unsigned valid = 0, skip_valid = 0;

    for (int l = 0; l < tcg_ctx.nb_labels; l++)
        first_branch_to[l] = tcg_ctx.nb_ops;
    for (int i = 0; i < tcg_ctx.nb_ops; i++) {
        TCGOp *op = &tcg_ctx.ops[i];
        int l = op_label_arg(op);

        op->recipe = -1;
        op->recipe_use = op->recipe_life = 0;
        if (op->opc == INDEX_op_insn_start || op->opc == INDEX_op_nop)
            continue;
        if (op->opc != INDEX_op_set_label && l >= 0 &&
            first_branch_to[op->args[l]] > i)
            first_branch_to[op->args[l]] = i;
        if (l == 3 && first_branch_to[op->args[3]] == i &&
            brcond_past_exit(op)) {
            skip_label = (int)op->args[3];
            skip_recipe = active;
            skip_valid = valid;
        }
        if (op->opc == INDEX_op_fault_recipe) {
            active = i;
            valid = 7;
            continue;
        }
        if (op->opc == INDEX_op_set_label) {
            if ((int)op->args[0] == skip_label && skip_recipe >= 0) {
                active = skip_recipe;
                valid = skip_valid;
            } else if (first_branch_to[op->args[0]] < active) {
                active = -1;
            }
            continue;
        }
        if (active < 0)
            continue;
        valid = inputs_kept(op, &tcg_ctx.ops[active], valid);
        if (ends_all_recipes(op) || writes_rebuilt(op, &tcg_ctx.ops[active]) ||
            !recipe_pair(valid)) {
            active = -1;
            continue;
        }
        if (tcg_op_defs[op->opc].flags & OPF_GUEST_MEM) {
            op->recipe = (int16_t)active;
            op->recipe_use = recipe_pair(valid);
        }
    }
}

/* A guest access under a recipe: the globals it rebuilds need not be
 * live, the inputs it reads must (bit k of recipe_life: input k dies
 * here). */
static void access_under_recipe(TCGOp *op, uint64_t *live)
{
    const TCGOp *r = &tcg_ctx.ops[op->recipe];
    uint64_t rebuilt = r->args[4];

    for (int w = 0; w < live_words; w++)
        live[w] |= all_globals[w] & (w == 0 ? ~rebuilt : ~0ull);
    for (int k = 0; k < 3; k++) {
        uint64_t t = r->args[k];
        if (!((op->recipe_use >> k) & 1))
            continue;
        if (temp_tracked(tcg_temp((uint32_t)t)) && !live_get(live, t))
            op->recipe_life |= (uint8_t)(1u << k);
        live_set(live, t, true);
    }
}

/* A constant shift count below 32: the low half of the shift then
 * depends only on the low half of the value. */
static bool count_below_32(const TCGOp *op)
{
    const TCGTemp *c = arg_temp(op, 2);

    return c->kind == TEMP_CONST && c->val < 32;
}

/* The 32-bit twin of an i64 op whose low half depends only on its inputs'
 * low halves, or 0. */
static TCGOpcode narrow_twin(const TCGOp *op)
{
    switch (op->opc) {
    case INDEX_op_add_i64: return INDEX_op_add_i32;
    case INDEX_op_sub_i64: return INDEX_op_sub_i32;
    case INDEX_op_and_i64: return INDEX_op_and_i32;
    case INDEX_op_or_i64: return INDEX_op_or_i32;
    case INDEX_op_xor_i64: return INDEX_op_xor_i32;
    case INDEX_op_mul_i64: return INDEX_op_mul_i32;
    case INDEX_op_andc_i64: return INDEX_op_andc_i32;
    case INDEX_op_shl_i64: return count_below_32(op) ? INDEX_op_shl_i32 : 0;
    default: return 0;
    }
}

/*
 * An i64 op whose result the next op only zero-extends (ext32u_i64 of it,
 * which it dies at or which writes it back in place) becomes its 32-bit
 * twin writing the extension's output: an x86 32-bit instruction clears
 * the top half. Its temps stay i64: the lowerings take the width from
 * the opcode. Frontends with 32-bit guest registers in 64-bit globals
 * (armhf) emit that pair for every operation.
 */
/* The index of the first op after i that is not a nop (nor an
 * insn_start marker when skip_markers), or -1. */
static int next_op_index(int i, bool skip_markers)
{
    while (++i < tcg_ctx.nb_ops) {
        TCGOpcode opc = (TCGOpcode)tcg_ctx.ops[i].opc;

        if (opc != INDEX_op_nop &&
            !(skip_markers && opc == INDEX_op_insn_start))
            return i;
    }
    return -1;
}

static void narrow_zero_extended(void)
{
    static bool recipe_used[TCG_MAX_OPS];

    for (int i = 0; i < tcg_ctx.nb_ops; i++)
        recipe_used[i] = false;
    for (int i = 0; i < tcg_ctx.nb_ops; i++)
        if (tcg_ctx.ops[i].recipe >= 0)
            recipe_used[tcg_ctx.ops[i].recipe] = true;
    for (int i = 0; i + 1 < tcg_ctx.nb_ops; i++) {
        TCGOp *op = &tcg_ctx.ops[i], *ext, *recipe = NULL;
        TCGOpcode twin = narrow_twin(op);
        TCGTemp *out;
        int e;

        if (!twin)
            continue;
        out = arg_temp(op, 0);
        e = next_op_index(i, false);

        /* A flag-setting add's recipe no access uses (the flags are
         * overwritten first) does not keep the 64-bit sum. */
        if (e >= 0 && tcg_ctx.ops[e].opc == INDEX_op_fault_recipe &&
            !recipe_used[e]) {
            recipe = &tcg_ctx.ops[e];
            e = next_op_index(e, false);
        }
        ext = e >= 0 ? &tcg_ctx.ops[e] : NULL;
        if (!ext || ext->opc != INDEX_op_ext32u_i64 ||
            ext->args[1] != op->args[0])
            continue;
        if (ext->args[0] != op->args[0] &&
            !((ext->life >> 1) & 1 && out->kind == TEMP_NORMAL))
            continue;
        op->opc = (uint16_t)twin;
        op->args[0] = ext->args[0];
        op->life = (uint8_t)((op->life & ~1u) | (ext->life & 1u));
        ext->opc = INDEX_op_nop;
        ext->nargs = 0;
        if (recipe) {
            recipe->opc = INDEX_op_nop;
            recipe->nargs = 0;
        }
    }
}

/* Integer ops with one output and no effect but it. */
static bool pure_alu(TCGOpcode opc)
{
    switch (opc) {
    case INDEX_op_add_i32:
    case INDEX_op_add_i64:
    case INDEX_op_sub_i32:
    case INDEX_op_sub_i64:
    case INDEX_op_and_i32:
    case INDEX_op_and_i64:
    case INDEX_op_or_i32:
    case INDEX_op_or_i64:
    case INDEX_op_xor_i32:
    case INDEX_op_xor_i64:
    case INDEX_op_andc_i32:
    case INDEX_op_andc_i64:
    case INDEX_op_mul_i32:
    case INDEX_op_mul_i64:
    case INDEX_op_shl_i32:
    case INDEX_op_shl_i64:
    case INDEX_op_shr_i64:
    case INDEX_op_sar_i64:
    case INDEX_op_ext32u_i64:
    case INDEX_op_ext32s_i64: return true;
    default: return false;
    }
}

/*
 * `op t, ...; mov g, t` with t dying there becomes `op g, ...`: the value
 * goes straight to the global's register (an x86 two-address op in place
 * when g is also an input) instead of through a copy.
 */
static void coalesce_into_globals(void)
{
    for (int i = 0; i + 1 < tcg_ctx.nb_ops; i++) {
        TCGOp *op = &tcg_ctx.ops[i], *mov;
        int m;

        if (!pure_alu((TCGOpcode)op->opc) ||
            arg_temp(op, 0)->kind != TEMP_NORMAL)
            continue;
        m = next_op_index(i, false);
        if (m < 0)
            break;
        mov = &tcg_ctx.ops[m];
        if (mov->opc != INDEX_op_mov_i64 || mov->args[1] != op->args[0] ||
            !((mov->life >> 1) & 1) || arg_temp(mov, 0)->kind != TEMP_GLOBAL)
            continue;
        op->args[0] = mov->args[0];
        op->life &= (uint8_t)~1u;
        mov->opc = INDEX_op_nop;
        mov->nargs = 0;
    }
}

/* The add of width a shift by 1 to 3 may fold into (an i32 add reads only
 * the low half of either shift), or 0. */
static TCGOpcode scaled_add_for(const TCGOp *shl, const TCGOp *add)
{
    const TCGTemp *k = arg_temp(shl, 2);

    if (k->kind != TEMP_CONST || k->val < 1 || k->val > 3)
        return 0;
    if (add->opc == INDEX_op_add_i32)
        return INDEX_op_add_shl_i32;
    if (add->opc == INDEX_op_add_i64 && shl->opc == INDEX_op_shl_i64)
        return INDEX_op_add_shl_i64;
    return 0;
}

/*
 * `shl t, x, k` (k 1 to 3) whose result only the next op adds to another
 * value becomes one `add_shl out, a, x, k` there: a single lea on x86.
 * Guest code indexes arrays that way (T32 `ldr r, [rn, rm, lsl #2]`).
 */
static void fold_scaled_adds(void)
{
    for (int i = 0; i < tcg_ctx.nb_ops; i++) {
        TCGOp *shl = &tcg_ctx.ops[i], *add;
        TCGTemp *t;
        TCGOpcode opc;
        int ti, ai;

        if (shl->opc != INDEX_op_shl_i32 && shl->opc != INDEX_op_shl_i64)
            continue;
        ai = next_op_index(i, true);
        add = ai >= 0 ? &tcg_ctx.ops[ai] : NULL;
        t = arg_temp(shl, 0);
        if (!add || t->kind != TEMP_NORMAL || !(opc = scaled_add_for(shl, add)))
            continue;
        ti = add->args[2] == shl->args[0] ? 2 : 1;
        if (add->args[ti] != shl->args[0] ||
            add->args[3 - ti] == shl->args[0] || !((add->life >> ti) & 1) ||
            arg_temp(add, 3 - ti)->kind == TEMP_CONST)
            continue;
        add->opc = (uint16_t)opc;
        add->args[1] = add->args[3 - ti];
        add->args[2] = shl->args[1];
        add->args[3] = arg_temp(shl, 2)->val;
        add->nargs = 4;
        add->life =
            (uint8_t)((add->life & 1) | ((add->life >> (3 - ti)) & 1) << 1 |
                      (shl->life & 2) << 1);
        if (add->args[1] == add->args[2] && (add->life & 2))
            add->life &= (uint8_t)~2u; /* an input given twice dies once */
        shl->opc = INDEX_op_nop;
        shl->nargs = 0;
    }
}

/* Way out ops[i] straight before a label: the temps live at the label stay
 * live through the way out, whose registers the backend carries to the
 * label from the branch before it (a loop region's way out in the
 * middle: lower_ctl.c), so they must not be freed on the way out. */
static void keep_temps_past_exit(int i, uint64_t *live)
{
    const TCGOp *next = NULL;

    while (++i < tcg_ctx.nb_ops) {
        next = &tcg_ctx.ops[i];
        if (next->opc != INDEX_op_insn_start && next->opc != INDEX_op_nop)
            break;
    }
    if (i >= tcg_ctx.nb_ops || next->opc != INDEX_op_set_label)
        return;
    for (int w = 0; w < live_words; w++)
        live[w] |= live_at_label[next->args[0]][w] & ~all_globals[w];
}

/*
 * Backward pass: marks the input args that die at each op and deletes ops
 * whose outputs are all dead. Branches only go forward, so a label's
 * live-in set is known before any branch to it is reached. Globals are
 * tracked only to drop writes nobody reads (globals_dead_at_exit); they
 * never get die marks, the allocator keeps them until the block end.
 */
void liveness_run(void)
{
    static LiveSet live;
    /* Which of the peephole passes below have an op to start from. */
    bool any_ext32u = false, any_mov = false, any_shl = false;

    liveness_init();
    find_recipes();
    live_copy(live, live_at_exit);
    for (int i = tcg_ctx.nb_ops - 1; i >= 0; i--) {
        TCGOp *op = &tcg_ctx.ops[i];
        const TCGOpDef *def = &tcg_op_defs[op->opc];
        int nout, nin, l = op_label_arg(op);
        bool any_live = false;

        if (op->opc == INDEX_op_insn_start)
            continue; /* a marker: no args, no effect on liveness */
        /* A recipe reads nothing itself: the accesses it covers keep the
         * inputs they use live (access_under_recipe), so a compare's
         * result that only a fault could need is not computed. */
        if (op->opc == INDEX_op_fault_recipe) {
            op->life = 0;
            continue;
        }
        tcg_op_arg_counts(op, &nout, &nin);
        if (def->flags & OPF_NO_RETURN) {
            live_copy(live, live_at_exit);
            keep_temps_past_exit(i, live);
        }
        /* Globals the target overwrites first are dead on this way out. */
        live[0] &= ~tcg_exit_dead_globals(op);
        if (op->opc == INDEX_op_exit_check)
            live_union(live, live_at_exit);
        if (op->opc == INDEX_op_call &&
            !(op->helper->flags & TCG_CALL_NO_READ_GLOBALS))
            live_union(live, all_globals);
        if (op->opc == INDEX_op_set_label) {
            live_copy(live_at_label[op->args[0]], live);
            op->dead_globals = dead_globals_in(live);
            continue;
        }
        if (l > 0 || op->opc == INDEX_op_br)
            live_union(live, live_at_label[op->args[l]]);
        for (int o = 0; o < nout; o++) {
            TCGTemp *t = arg_temp(op, o);
            if (t->kind == TEMP_FIXED || live_get(live, op->args[o]))
                any_live = true;
        }
        if (nout > 0 && !any_live && !(def->flags & OPF_SIDE_EFFECTS)) {
            op->opc = INDEX_op_nop;
            op->nargs = 0;
            continue;
        }
        op->life = 0;
        any_ext32u |= op->opc == INDEX_op_ext32u_i64;
        any_mov |= op->opc == INDEX_op_mov_i64;
        any_shl |= op->opc == INDEX_op_shl_i32 || op->opc == INDEX_op_shl_i64;
        /* Globals nobody reads after this block end need no write-back
         * there (the op itself may still read them from registers). */
        op->dead_globals = 0;
        if (def->flags & OPF_BB_END)
            op->dead_globals = dead_globals_in(live);
        op->dead_globals |= tcg_exit_dead_globals(op) & ~live[0];
        for (int o = 0; o < nout; o++) {
            TCGTemp *t = arg_temp(op, o);
            if (temp_tracked(t) && !live_get(live, op->args[o]))
                op->life |= 1u << o; /* output dead on arrival */
            if (temp_tracked(t) || t->kind == TEMP_GLOBAL)
                live_set(live, op->args[o], false);
        }
        /* A guest access may fault: the guest then sees every register
         * as it was before the access, so no earlier write may go. */
        if (def->flags & OPF_GUEST_MEM) {
            if (op->recipe >= 0)
                access_under_recipe(op, live);
            else
                live_union(live, all_globals);
            fold_address_offset(i, live);
        }
        for (int k = nout; k < nout + nin; k++) {
            TCGTemp *t = arg_temp(op, k);
            if (t->kind == TEMP_GLOBAL)
                live_set(live, op->args[k], true);
            if (!temp_tracked(t))
                continue;
            if (!live_get(live, op->args[k]))
                op->life |= 1u << k;
            live_set(live, op->args[k], true);
        }
        /* An input given twice must not die twice: keep the last mark. */
        for (int k = nout; k < nout + nin; k++)
            for (int j = k + 1; j < nout + nin; j++)
                if (op->args[k] == op->args[j])
                    op->life &= ~(1u << k);
    }
    if (any_ext32u)
        narrow_zero_extended();
    if (any_mov)
        coalesce_into_globals();
    if (any_shl)
        fold_scaled_adds();
}

bool liveness_live_at_label(uint64_t label, const TCGTemp *t)
{
    return live_get(live_at_label[label], (uint64_t)(t - tcg_ctx.temps));
}
