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
    const TCGOp *b; /* goto_tb after the label */
} Tails;

static bool find_tails(Tails *t)
{
    int gb = prev_op(tcg_ctx.nb_ops), lab = prev_op(gb), ga = prev_op(lab);
    int br = prev_op(ga);
    const TCGOp *ops = tcg_ctx.ops;

    if (br < 0 || ops[gb].opc != INDEX_op_goto_tb ||
        ops[lab].opc != INDEX_op_set_label || ops[ga].opc != INDEX_op_goto_tb)
        return false;
    if (ops[br].opc != INDEX_op_brcond_i64 &&
        ops[br].opc != INDEX_op_brcond_i32)
        return false;
    if (ops[br].args[3] != ops[lab].args[0])
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

static void need_at_exits(const Tails *t)
{
    uint64_t dead = tcg_ctx.globals_dead_at_exit;

    memset(need, 0, sizeof(need[0]) * (size_t)tcg_ctx.nb_temps);
    memset(written_by_stay, 0, sizeof(bool) * (size_t)tcg_ctx.nb_temps);
    for (int g = 0; g < tcg_ctx.nb_globals; g++) {
        uint64_t bit = g < 64 ? 1ull << g : 0;
        need[g] = NEED_STAY; /* globals at 64 and above: always live */
        if (!bit)
            continue;
        need[g] = 0;
        if (!(dead & bit) && !(t->a->args[3] & bit))
            need[g] |= NEED_A;
        if (!(dead & bit) && !(t->b->args[3] & bit))
            need[g] |= NEED_B;
    }
    /* goto_tb writes pc; the branch reads its operands. */
    need[t->a->args[0]] = NEED_STAY;
    written_by_stay[t->a->args[0]] = true;
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

/* Rebuilds the op list with the moved ops at the heads of their tails. */
static void reorder(const Tails *t)
{
    static TCGOp out[TCG_MAX_OPS];
    int first = 0, n;

    while (!dest[first])
        first++; /* ops before the first moved one stay where they are */
    n = first;
    for (int i = first; i < t->branch; i++)
        if (!dest[i])
            out[n++] = tcg_ctx.ops[i];
    out[n++] = tcg_ctx.ops[t->branch];
    for (int i = first; i < t->branch; i++)
        if (dest[i] == NEED_A)
            out[n++] = tcg_ctx.ops[i];
    for (int i = t->branch + 1; i <= t->label; i++)
        out[n++] = tcg_ctx.ops[i];
    for (int i = first; i < t->branch; i++)
        if (dest[i] == NEED_B)
            out[n++] = tcg_ctx.ops[i];
    for (int i = t->label + 1; i < tcg_ctx.nb_ops; i++)
        out[n++] = tcg_ctx.ops[i];
    memcpy(tcg_ctx.ops + first, out + first,
           sizeof(out[0]) * (size_t)(n - first));
}

void tcg_sink_to_exits(void)
{
    Tails t;

    if (!find_tails(&t))
        return;
    /* Only a global one way reads and the other does not can pull ops. */
    if (!((t.a->args[3] ^ t.b->args[3]) & ~tcg_ctx.globals_dead_at_exit))
        return;
    need_at_exits(&t);
    if (choose_moves(&t))
        reorder(&t);
}
