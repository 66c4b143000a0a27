/*
 * Backward liveness over one block's ops (liveness.c), and how the later
 * stages read its results: die marks on op args, live-in sets at labels.
 * Emits no code and knows nothing of host registers.
 */
#ifndef ARX_TCG_X86_64_LIVENESS_H
#define ARX_TCG_X86_64_LIVENESS_H

#include <stdbool.h>
#include <stdint.h>

#include "tcg/ir.h"

/* Over tcg_ctx's ops, before allocation: marks the inputs that die at
 * each op, deletes ops whose outputs nobody reads, folds address offsets
 * into guest accesses and notes the globals dead at each block end. */
void liveness_run(void);
/* Is t live where label starts (read there before being written)? */
bool liveness_live_at_label(uint64_t label, const TCGTemp *t);

static inline TCGTemp *arg_temp(const TCGOp *op, int i)
{
    return tcg_temp((uint32_t)op->args[i]);
}

static inline bool arg_dies(const TCGOp *op, int i)
{
    return (op->life >> i) & 1;
}

/* Temps that get die marks: the block's own temps and its constants
 * (globals stay in registers until the block end). */
static inline bool temp_tracked(const TCGTemp *t)
{
    return t->kind == TEMP_NORMAL || t->kind == TEMP_CONST;
}

/* The index of op's label argument, or -1 if it names no label. */
static inline int op_label_arg(const TCGOp *op)
{
    switch (op->opc) {
    case INDEX_op_br:
    case INDEX_op_set_label: return 0;
    case INDEX_op_brcond_i32:
    case INDEX_op_brcond_i64: return 3;
    default: return -1;
    }
}

/*
 * Is brcond op a loop region's way out in the middle: "brcond L; ops that
 * end no basic block; a way out; set_label L"? If op is also L's first
 * branch, it is L's only one (branches go forward), and the backend
 * carries op's registers, temps included, to L (lower_brcond,
 * ra_keep_for_label): a fault recipe in force at op still is at L.
 */
static inline bool brcond_past_exit(const TCGOp *op)
{
    int label;

    return tcg_way_out_before_label((int)(op - tcg_ctx.ops), &label) >= 0;
}

#endif
