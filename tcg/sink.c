/*
 * Sinking into exits. A block that ends
 *
 *     brcond a, b, cond, L;  goto_tb A;  set_label L;  goto_tb B
 *
 * often computes values only one of its two ways out needs: the NZCV
 * words of a compare, say, when the branch target overwrites the flags
 * but the other successor may read them. Such ops move past the branch
 * into the tail that needs them, so the other way does not compute them.
 *
 * A way out in the middle of a block (a loop region's),
 *
 *     brcond a, b, cond, L;  ...;  goto_tb A (or goto_lookup);  set_label L
 *
 * gets the same for the ops only it needs: those whose results the code
 * after L overwrites before reading (up to that code's first op that is
 * not pure; past it, everything counts as read).
 *
 * Only pure integer ops move, and only those after the block's last op
 * with any other effect (a guest access may fault and must see every
 * earlier write; a call may read globals) but a fault recipe. Moved ops
 * keep their order.
 */
#include "tcg/ir.h"

#include <stdbool.h>
#include <string.h>

/* Who reads a value: the fall-through tail, the taken tail, code that
 * stays where it is. */
enum { NEED_A = 1, NEED_B = 2, NEED_STAY = 4 };

static uint8_t need[TCG_MAX_TEMPS];
static bool written_by_stay[TCG_MAX_TEMPS];
static uint8_t dest[TCG_MAX_OPS]; /* NEED_A or NEED_B for a moved op */

static bool is_marker(const TCGOp *op)
{
    return op->opc == INDEX_op_nop || op->opc == INDEX_op_insn_start;
}

/* The previous op before index i that is not a marker, or -1. */
static int prev_op(int i)
{
    while (--i >= 0 && is_marker(&tcg_ctx.ops[i]))
        ;
    return i;
}

typedef struct Tails {
    int branch;     /* the brcond */
    int label;      /* the set_label it branches to */
    const TCGOp *a; /* goto_tb on the fall-through way */
    const TCGOp *b; /* goto_tb after the label; NULL for a way out in the
                       middle, whose label the rest of the block follows */
} Tails;

static bool is_brcond(const TCGOp *op)
{
    return op->opc == INDEX_op_brcond_i64 || op->opc == INDEX_op_brcond_i32;
}

/* The last op before index i that ends a basic block; the ops between
 * that end none (a tail's own ops: the target's stores before its
 * goto_tb) are skipped. */
static int prev_bb_end(int i)
{
    while ((i = prev_op(i)) >= 0 &&
           !(tcg_op_defs[tcg_ctx.ops[i].opc].flags & OPF_BB_END))
        ;
    return i;
}

static bool find_tails(Tails *t)
{
    int gb = prev_op(tcg_ctx.nb_ops), lab = prev_bb_end(gb);
    int ga = prev_op(lab), br = prev_bb_end(ga);
    const TCGOp *ops = tcg_ctx.ops;

    if (gb < 0 || lab < 0 || ga < 0 || br < 0 ||
        ops[gb].opc != INDEX_op_goto_tb || ops[lab].opc != INDEX_op_set_label ||
        ops[ga].opc != INDEX_op_goto_tb)
        return false;
    if (!is_brcond(&ops[br]) || ops[br].args[3] != ops[lab].args[0])
        return false;
    t->branch = br;
    t->label = lab;
    t->a = &ops[ga];
    t->b = &ops[gb];
    return true;
}

/* Integer ops that only compute their outputs from their inputs. */
static bool is_pure(const TCGOp *op)
{
    const TCGOpDef *def = &tcg_op_defs[op->opc];

    if (def->flags != OPF_NONE || def->nb_oargs == 0)
        return false;
    switch (op->opc) {
    case INDEX_op_ld8u_i64:
    case INDEX_op_ld32u_i64:
    case INDEX_op_ld32s_i64:
    case INDEX_op_ld_i32:
    case INDEX_op_ld_i64:
    case INDEX_op_vec_msb_mask:
        return false; /* reads the CPU state, which later stores change */
    default: return true;
    }
}

/* Is the brcond at br a way out in the middle (tcg_way_out_before_label)
 * through a goto_tb or goto_lookup? */
static bool find_side_exit(int br, Tails *t)
{
    const TCGOp *ops = tcg_ctx.ops;
    int lab, i = tcg_way_out_before_label(br, &lab);

    if (i < 0 ||
        (ops[i].opc != INDEX_op_goto_tb && ops[i].opc != INDEX_op_goto_lookup))
        return false;
    t->branch = br;
    t->label = lab;
    t->a = &ops[i];
    t->b = NULL;
    return true;
}

/* Globals: NEED_A where the way out a reads them (not dead at its target
 * nor at every exit), NEED_B likewise for b; globals at 64 and above are
 * always live. */
static void need_globals(const Tails *t)
{
    uint64_t dead = tcg_ctx.globals_dead_at_exit;
    uint64_t dead_a = dead | tcg_exit_dead_globals(t->a);
    uint64_t dead_b = t->b ? dead | tcg_exit_dead_globals(t->b) : ~0ull;

    for (int g = 0; g < tcg_ctx.nb_globals; g++) {
        uint64_t bit = g < 64 ? 1ull << g : 0;
        if (!bit) {
            need[g] = NEED_STAY;
            continue;
        }
        need[g] = (dead_a & bit ? 0 : NEED_A) | (dead_b & bit ? 0 : NEED_B);
    }
}

/* A tail's own ops, from after its branch or label to its way out
 * (goto_tb writes pc, a lookup reads its key, a target's stores read
 * theirs): what they write stays, what they read that way needs. */
static void need_in_tail(const TCGOp *op, const TCGOp *way_out, uint8_t way)
{
    for (; op <= way_out; op++) {
        int first, n;

        tcg_op_arg_counts(op, &first, &n);
        for (int o = 0; o < first; o++) {
            need[op->args[o]] = NEED_STAY;
            written_by_stay[op->args[o]] = true;
        }
        for (int k = first; k < first + n; k++)
            need[op->args[k]] |= way;
    }
}

/* A way out in the middle: the code after its label needs what it reads
 * before writing. Up to its first op that is not pure it runs straight
 * on (no branch, no fault): what it writes there is dead at the label;
 * past that, every global and everything else it reads counts as read. */
static void need_after_label(const Tails *t)
{
    static bool written[TCG_MAX_TEMPS];
    int i = t->label + 1, first, n;

    memset(written, 0, sizeof(bool) * (size_t)tcg_ctx.nb_temps);
    for (; i < tcg_ctx.nb_ops; i++) {
        const TCGOp *op = &tcg_ctx.ops[i];
        if (is_marker(op))
            continue;
        if (!is_pure(op))
            break;
        tcg_op_arg_counts(op, &first, &n);
        for (int k = first; k < first + n; k++)
            if (!written[op->args[k]])
                need[op->args[k]] |= NEED_B;
        for (int o = 0; o < first; o++)
            written[op->args[o]] = true;
    }
    for (; i < tcg_ctx.nb_ops; i++) {
        const TCGOp *op = &tcg_ctx.ops[i];
        tcg_op_arg_counts(op, &first, &n);
        for (int k = first; k < first + n; k++)
            if (!written[op->args[k]])
                need[op->args[k]] |= NEED_B;
    }
    for (int g = 0; g < tcg_ctx.nb_globals; g++)
        if (!written[g])
            need[g] |= NEED_B;
}

static void need_at_exits(const Tails *t)
{
    memset(need, 0, sizeof(need[0]) * (size_t)tcg_ctx.nb_temps);
    memset(written_by_stay, 0, sizeof(bool) * (size_t)tcg_ctx.nb_temps);
    need_globals(t);
    need_in_tail(&tcg_ctx.ops[t->branch + 1], t->a, NEED_A);
    if (t->b)
        need_in_tail(&tcg_ctx.ops[t->label + 1], t->b, NEED_B);
    else
        need_after_label(t);
    /* The branch reads its operands. */
    for (int k = 0; k < 2; k++)
        need[tcg_ctx.ops[t->branch].args[k]] |= NEED_STAY;
}

/* Does op read or write a temp that code staying after it writes? */
static bool crosses_stay_write(const TCGOp *op)
{
    const TCGOpDef *def = &tcg_op_defs[op->opc];

    for (int k = 0; k < def->nb_oargs + def->nb_iargs; k++)
        if (written_by_stay[op->args[k]])
            return true;
    return false;
}

/* Backward from the branch: which ops move, and where (dest[]). */
static int choose_moves(const Tails *t)
{
    int moved = 0;

    memset(dest, 0, sizeof(dest[0]) * (size_t)t->branch);
    for (int i = t->branch - 1; i >= 0; i--) {
        TCGOp *op = &tcg_ctx.ops[i];
        const TCGOpDef *def = &tcg_op_defs[op->opc];
        uint8_t m = 0;

        if (is_marker(op))
            continue;
        /* A recipe reads its inputs where it stands; moving a write of the
         * globals it rebuilds past it only ends it early. */
        if (op->opc == INDEX_op_fault_recipe) {
            for (int k = 0; k < 3; k++)
                need[op->args[k]] |= NEED_STAY;
            continue;
        }
        if (!is_pure(op))
            break;
        for (int o = 0; o < def->nb_oargs; o++)
            m |= need[op->args[o]];
        if (m == 0)
            continue; /* dead: the backend's liveness deletes it */
        /* Past a way out in the middle, the rest of the block runs: moving
         * an op there gains nothing. */
        if (m == NEED_B && !t->b)
            m = NEED_STAY;
        if ((m == NEED_A || m == NEED_B) && !crosses_stay_write(op)) {
            dest[i] = m;
            moved++;
        } else {
            m = NEED_STAY;
        }
        for (int o = 0; o < def->nb_oargs; o++) {
            need[op->args[o]] = 0;
            if (m == NEED_STAY)
                written_by_stay[op->args[o]] = true;
        }
        for (int k = def->nb_oargs; k < def->nb_oargs + def->nb_iargs; k++)
            need[op->args[k]] |= m;
    }
    return moved;
}

/* Rebuilds the op list up to the label with the moved ops at the heads
 * of their tails; returns the branch's new index. */
static int reorder(const Tails *t)
{
    static TCGOp out[TCG_MAX_OPS];
    int first = 0, n, branch;

    while (!dest[first])
        first++; /* ops before the first moved one stay where they are */
    n = first;
    for (int i = first; i < t->branch; i++)
        if (!dest[i])
            out[n++] = tcg_ctx.ops[i];
    branch = n;
    out[n++] = tcg_ctx.ops[t->branch];
    for (int i = first; i < t->branch; i++)
        if (dest[i] == NEED_A)
            out[n++] = tcg_ctx.ops[i];
    for (int i = t->branch + 1; i <= t->label; i++)
        out[n++] = tcg_ctx.ops[i];
    for (int i = first; i < t->branch; i++)
        if (dest[i] == NEED_B)
            out[n++] = tcg_ctx.ops[i];
    memcpy(tcg_ctx.ops + first, out + first,
           sizeof(out[0]) * (size_t)(n - first));
    return branch;
}

void tcg_sink_to_exits(void)
{
    Tails t;
    int br = tcg_ctx.nb_ops;

    /* Only a global one way reads and the other does not can pull ops. */
    if (find_tails(&t) &&
        (t.a->args[3] ^ t.b->args[3]) & ~tcg_ctx.globals_dead_at_exit) {
        need_at_exits(&t);
        if (choose_moves(&t))
            reorder(&t);
    }
    /* Ways out in the middle (the final branch's first way too, the rest
     * of the block its taken tail), last first: a reordering moves no op
     * from before its branch past another branch. */
    while (--br >= 0) {
        if (!find_side_exit(br, &t))
            continue;
        need_at_exits(&t);
        if (choose_moves(&t))
            br = reorder(&t);
    }
}
