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

    liveness_init();
    live_copy(live, live_at_exit);
    for (int i = tcg_ctx.nb_ops - 1; i >= 0; i--) {
        TCGOp *op = &tcg_ctx.ops[i];
        const TCGOpDef *def = &tcg_op_defs[op->opc];
        int nout, nin, l = op_label_arg(op);
        bool any_live = false;

        if (op->opc == INDEX_op_insn_start)
            continue; /* a marker: no args, no effect on liveness */
        op_arg_counts(op, &nout, &nin);
        if (def->flags & OPF_NO_RETURN)
            live_copy(live, live_at_exit);
        /* Globals the target overwrites first are dead on this way out. */
        if (op->opc == INDEX_op_goto_tb)
            live[0] &= ~op->args[3];
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
        /* Globals nobody reads after this block end need no write-back
         * there (the op itself may still read them from registers). */
        op->dead_globals = 0;
        if (def->flags & OPF_BB_END)
            op->dead_globals = dead_globals_in(live);
        if (op->opc == INDEX_op_goto_tb)
            op->dead_globals |= op->args[3] & ~live[0];
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
}

bool liveness_live_at_label(uint64_t label, const TCGTemp *t)
{
    return live_get(live_at_label[label], (uint64_t)(t - tcg_ctx.temps));
}
