/*
 * Liveness and local register allocation for one block, and the driver that
 * walks the ops handing each to its lowering. Guest registers (IR globals)
 * stay in host registers within a basic block and are written back at its
 * end; temps live in registers and spill to a fixed stack frame.
 */
#include "tcg/x86_64/regalloc.h"

#include <stdlib.h>
#include <string.h>

#include "tcg/x86_64/backend.h"
#include "util/log.h"

Backend be;

/* Allocation order: callee-saved first, so values survive helper calls. */
static const X86Reg alloc_order[] = {
    X86_RBX, X86_RBP, X86_R12, X86_R13, X86_RSI, X86_RDI,
    X86_R8,  X86_R9,  X86_R10, X86_RAX, X86_RDX, X86_RCX,
};
#define NB_ALLOC_REGS (int)(sizeof(alloc_order) / sizeof(alloc_order[0]))

/*
 * The globals the frontend pins (tcg_pin_globals) live in these
 * callee-saved registers in all translated code: the prologue loads them,
 * the epilogue (every way out to the dispatcher) stores them, and helper
 * calls keep them. Disabled under -d cpu/exec, whose dumps read env.
 */
static const X86Reg global_pin_order[4] = { X86_RBX, X86_RBP, X86_R12,
                                            X86_R13 };

static const RegSet caller_saved =
    REGSET(X86_RAX) | REGSET(X86_RCX) | REGSET(X86_RDX) | REGSET(X86_RSI) |
    REGSET(X86_RDI) | REGSET(X86_R8) | REGSET(X86_R9) | REGSET(X86_R10);

/* ---- liveness ---- */

#define LIVE_WORDS (TCG_MAX_TEMPS / 64)
typedef uint64_t LiveSet[LIVE_WORDS];

static LiveSet live_at_label[TCG_MAX_LABELS];
/* Words of a LiveSet the current block uses: temps are numbered densely. */
static int live_words;
/* Live at every exit from the block: the globals successors may read. */
static LiveSet live_at_exit;
/* Every global: what a helper reading globals, or a fault, may see. */
static LiveSet all_globals;

static bool tracked(const TCGTemp *t)
{
    return t->kind == TEMP_NORMAL || t->kind == TEMP_CONST;
}

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

static void op_arg_counts(const TCGOp *op, int *nout, int *nin)
{
    if (op->opc == INDEX_op_call) {
        *nout = op->call_oargs;
        *nin = op->call_iargs;
    } else {
        *nout = tcg_op_defs[op->opc].nb_oargs;
        *nin = tcg_op_defs[op->opc].nb_iargs;
    }
}

static int label_arg(const TCGOp *op)
{
    switch (op->opc) {
    case INDEX_op_br:
    case INDEX_op_set_label:
        return 0;
    case INDEX_op_brcond_i32:
    case INDEX_op_brcond_i64:
        return 3;
    default:
        return -1;
    }
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
    case INDEX_op_guest_st_i64:
        return true;
    default:
        return false;
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
static void liveness(void)
{
    static LiveSet live;

    liveness_init();
    live_copy(live, live_at_exit);
    for (int i = tcg_ctx.nb_ops - 1; i >= 0; i--) {
        TCGOp *op = &tcg_ctx.ops[i];
        const TCGOpDef *def = &tcg_op_defs[op->opc];
        int nout, nin, l = label_arg(op);
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
            if (tracked(t) && !live_get(live, op->args[o]))
                op->life |= 1u << o; /* output dead on arrival */
            if (tracked(t) || t->kind == TEMP_GLOBAL)
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
            if (!tracked(t))
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

/* ---- temp locations ---- */

X86Mem ra_home(TCGTemp *t)
{
    if (t->kind == TEMP_GLOBAL)
        return x86_mem(REG_ENV, t->mem_offset);
    if (t->slot < 0) {
        if (be.nb_slots >= FRAME_SLOTS) {
            be.too_big = true;
            t->slot = 0;
        } else {
            t->slot = be.nb_slots++ * 8;
        }
    }
    return x86_mem(X86_RSP, t->slot);
}

static void store_temp(TCGTemp *t, X86Reg r)
{
    x86_store(&be.as, temp_width(t), ra_home(t), r);
}

static void load_temp(TCGTemp *t, X86Reg r)
{
    X86LoadKind kind = t->type == TCG_TYPE_I32 ? X86_LD_U32 : X86_LD_64;
    x86_load(&be.as, kind, 64, r, ra_home(t));
}

/* Writes t's register value to memory if memory is stale. */
static void save_temp(TCGTemp *t)
{
    if (t->val_loc == VAL_REG && !t->mem_coherent && t->kind != TEMP_CONST &&
        t->kind != TEMP_FIXED) {
        store_temp(t, t->reg);
        t->mem_coherent = true;
    }
}

void ra_release(X86Reg r)
{
    TCGTemp *t = be.reg_owner[r];

    if (!t)
        return;
    ra_disown(r);
    if (t->kind == TEMP_CONST)
        t->val_loc = VAL_CONST;
    else if (t->mem_coherent)
        t->val_loc = VAL_MEM;
    else
        t->val_loc = VAL_DEAD;
}

static X86Reg find_free(RegSet avoid)
{
    for (int i = 0; i < NB_ALLOC_REGS; i++) {
        X86Reg r = alloc_order[i];
        if (!be.reg_owner[r] && !(avoid & REGSET(r)))
            return r;
    }
    return X86_NOREG;
}

void ra_evict(X86Reg r, RegSet avoid)
{
    TCGTemp *t = be.reg_owner[r];
    X86Reg to;

    if (!t)
        return;
    if (t->pinned) {
        be.too_big = true; /* lowerings name only registers never pinned */
        return;
    }
    if (t->kind == TEMP_CONST || t->mem_coherent) {
        ra_release(r);
        return;
    }
    to = find_free(avoid | REGSET(r));
    if (to != X86_NOREG) {
        x86_mov_rr(&be.as, 64, to, r);
        ra_own(to, t);
        ra_disown(r);
        t->reg = (int8_t)to;
        return;
    }
    save_temp(t);
    ra_release(r);
}

X86Reg ra_alloc(RegSet avoid)
{
    X86Reg r = find_free(avoid);

    if (r != X86_NOREG)
        return r;
    /* Spill the first register we may take; prefer clean ones. */
    for (int i = 0; i < NB_ALLOC_REGS; i++) {
        X86Reg c = alloc_order[i];
        TCGTemp *t = be.reg_owner[c];
        if (!(avoid & REGSET(c)) && !t->pinned &&
            (t->kind == TEMP_CONST || t->mem_coherent)) {
            ra_release(c);
            return c;
        }
    }
    for (int i = 0; i < NB_ALLOC_REGS; i++) {
        X86Reg c = alloc_order[i];
        if (!(avoid & REGSET(c)) && !be.reg_owner[c]->pinned) {
            save_temp(be.reg_owner[c]);
            ra_release(c);
            return c;
        }
    }
    be.too_big = true; /* every register avoided: cannot happen */
    return X86_RAX;
}

void ra_copy_to(X86Reg r, TCGTemp *t)
{
    switch (t->val_loc) {
    case VAL_REG:
        if (t->reg != r)
            x86_mov_rr(&be.as, 64, r, (X86Reg)t->reg);
        break;
    case VAL_CONST:
        x86_mov_ri(&be.as, r,
                   t->type == TCG_TYPE_I32 ? (uint32_t)t->val
                                           : (uint64_t)t->val);
        break;
    case VAL_MEM:
        load_temp(t, r);
        break;
    default:
        /* Read of a never-written temp: the frontend's bug; give zero. */
        x86_mov_ri(&be.as, r, 0);
        break;
    }
}

X86Reg ra_in(TCGTemp *t, RegSet avoid)
{
    X86Reg r;

    if (t->val_loc == VAL_REG && !(avoid & REGSET(t->reg)))
        return (X86Reg)t->reg;
    if (t->kind == TEMP_FIXED)
        return (X86Reg)t->reg;
    r = ra_alloc(avoid);
    if (t->pinned) {
        /* In an avoided register that it may not leave: a copy. */
        x86_mov_rr(&be.as, 64, r, (X86Reg)t->reg);
        return r;
    }
    if (t->val_loc == VAL_REG) {
        /* In an avoided register: move it. */
        x86_mov_rr(&be.as, 64, r, (X86Reg)t->reg);
        ra_disown(t->reg);
    } else {
        ra_copy_to(r, t);
        t->mem_coherent = t->val_loc == VAL_MEM;
    }
    t->val_loc = VAL_REG;
    t->reg = (int8_t)r;
    ra_own(r, t);
    return r;
}

void ra_set_out(TCGTemp *t, X86Reg r)
{
    if (t->pinned) {
        if (t->reg != r) {
            x86_mov_rr(&be.as, 64, (X86Reg)t->reg, r);
            if (be.reg_owner[r] == t)
                ra_disown(r);
        }
        t->mem_coherent = false;
        return;
    }
    if (t->val_loc == VAL_REG && t->reg != r)
        ra_disown(t->reg);
    if (be.reg_owner[r] && be.reg_owner[r] != t)
        ra_release(r);
    ra_own(r, t);
    t->val_loc = VAL_REG;
    t->reg = (int8_t)r;
    t->mem_coherent = false;
}

void ra_free_dead(const TCGOp *op, int from, int to)
{
    for (int i = from; i < to; i++) {
        TCGTemp *t = arg_temp(op, i);
        if (arg_dies(op, i) && t->val_loc == VAL_REG && tracked(t)) {
            ra_disown(t->reg);
            t->val_loc = t->kind == TEMP_CONST ? VAL_CONST : VAL_DEAD;
        } else if (arg_dies(op, i) && t->kind == TEMP_NORMAL) {
            t->val_loc = VAL_DEAD;
        }
    }
}

X86Reg ra_out_from(const TCGOp *op, int out_arg, int a_arg, RegSet avoid)
{
    TCGTemp *out = arg_temp(op, out_arg), *a = arg_temp(op, a_arg);
    X86Reg r;

    /* In place when a is the output itself or a dies here. */
    if (a->val_loc == VAL_REG && !(avoid & REGSET(a->reg)) &&
        (a == out || (arg_dies(op, a_arg) && a->kind == TEMP_NORMAL))) {
        r = (X86Reg)a->reg;
        if (a != out) {
            ra_disown(r);
            a->val_loc = VAL_DEAD;
        }
        return r;
    }
    if (out->val_loc == VAL_REG && !(avoid & REGSET(out->reg)) && out != a) {
        /* Reuse out's own register unless another input lives there. */
        bool used_as_input = false;
        int nout, nin;
        op_arg_counts(op, &nout, &nin);
        for (int k = nout; k < nout + nin; k++)
            if (arg_temp(op, k) == out)
                used_as_input = true;
        if (!used_as_input) {
            r = (X86Reg)out->reg;
            ra_copy_to(r, a);
            return r;
        }
    }
    /* A value read again later is worth a register of its own. */
    if (a->val_loc == VAL_MEM && !arg_dies(op, a_arg))
        avoid |= REGSET(ra_in(a, avoid));
    r = ra_alloc(avoid);
    ra_copy_to(r, a);
    /* Keep r out of others' hands until the caller sets the output. */
    return r;
}

bool ra_imm32(const TCGTemp *t, int width, int32_t *imm)
{
    if (t->kind != TEMP_CONST)
        return false;
    if (width == 32) {
        *imm = (int32_t)(uint32_t)t->val;
        return true;
    }
    if (t->val < INT32_MIN || t->val > INT32_MAX)
        return false;
    *imm = (int32_t)t->val;
    return true;
}

/* Only values in host registers can be newer than their memory copy. */
static bool global_needs_write_back(const TCGTemp *t)
{
    int idx = (int)(t - tcg_ctx.temps);

    if (t->kind != TEMP_GLOBAL)
        return false;
    /* Nobody reads it after this op: no write-back. */
    return idx >= 64 || !((be.dead_globals >> idx) & 1);
}

/* Which pinned globals a write-back includes. */
enum { SYNC_UNPINNED, SYNC_BLOCK_PINS, SYNC_ALL };

static bool sync_skips(const TCGTemp *t, int r, int which)
{
    if (!t->pinned)
        return false;
    if (be.global_pin_regs & REGSET(r))
        return which != SYNC_ALL; /* the epilogue stores those */
    return which == SYNC_UNPINNED;
}

static void sync_globals(bool and_free, int which)
{
    for (RegSet m = be.owned; m;) {
        int r = ra_next_reg(&m);
        TCGTemp *t = be.reg_owner[r];
        if (!global_needs_write_back(t) || sync_skips(t, r, which))
            continue;
        save_temp(t);
        if (t->pinned)
            t->mem_coherent = false; /* it may change before the next exit */
        else if (and_free)
            ra_release((X86Reg)r);
    }
}

void ra_sync_globals(bool and_free)
{
    sync_globals(and_free, SYNC_ALL);
}

void ra_sync_for_exit(void)
{
    sync_globals(false, SYNC_BLOCK_PINS);
}

X86Reg ra_global_pin_reg(int i)
{
    return global_pin_order[i];
}

void ra_reload_global_pins(void)
{
    for (int i = 0; i < tcg_ctx.nb_pins; i++)
        load_temp(tcg_temp(tcg_ctx.pins[i]), global_pin_order[i]);
}

static bool dies_at(const TCGOp *op, const TCGTemp *t)
{
    int nout, nin;

    op_arg_counts(op, &nout, &nin);
    for (int k = nout; k < nout + nin; k++)
        if (arg_temp(op, k) == t && arg_dies(op, k))
            return true;
    return false;
}

/* Does a branch's target label read t? (Registers do not survive the
 * jump; the fall-through way keeps them.) */
static bool read_at_label(const TCGOp *op, const TCGTemp *t)
{
    int l = op ? label_arg(op) : -1;

    if (l <= 0)
        return true;
    return live_get(live_at_label[op->args[l]],
                    (uint64_t)(t - tcg_ctx.temps));
}

/* Pinned globals stay in their registers across branches and labels. */
void ra_save_all(const TCGOp *op)
{
    sync_globals(false, SYNC_UNPINNED);
    for (RegSet m = be.owned; m;) {
        TCGTemp *t = be.reg_owner[ra_next_reg(&m)];
        /* An input of op that dies at op need not survive it. */
        if (t->kind != TEMP_GLOBAL && !(op && dies_at(op, t)) &&
            read_at_label(op, t))
            save_temp(t);
    }
}

RegSet ra_live_caller_saved(void)
{
    return be.owned & caller_saved;
}

void ra_clobber_caller_saved(void)
{
    for (RegSet m = be.owned & caller_saved; m;)
        ra_evict((X86Reg)ra_next_reg(&m), caller_saved);
}

void ra_forget_regs(void)
{
    for (RegSet m = be.owned & ~be.pinned_regs; m;)
        ra_release((X86Reg)ra_next_reg(&m));
}

void ra_enter_loop_head(void)
{
    sync_globals(false, SYNC_UNPINNED);
    ra_forget_regs();
    x86_jmp_to(&be.as, be.as.start + be.loop_head);
}

/* t lives in r for the whole block, its memory copy not current (the
 * caller has loaded it or the prologue and the back edge keep it there). */
static void pin_to(TCGTemp *t, X86Reg r)
{
    t->pinned = true;
    t->val_loc = VAL_REG;
    t->reg = (int8_t)r;
    t->mem_coherent = false;
    ra_own(r, t);
    be.pinned_regs |= REGSET(r);
}

/* ---- looping blocks ---- */

/* Registers never named by a lowering (rax, rcx, rdx are: division,
 * shifts, cmpxchg, calls), at most this many, leaving the rest for temps;
 * those the globally pinned globals hold are skipped. */
static const X86Reg pin_order[] = { X86_RBX, X86_RBP, X86_R12,
                                    X86_R13, X86_RSI, X86_RDI };
#define NB_PIN_REGS (int)(sizeof(pin_order) / sizeof(pin_order[0]))

/* Does the block jump back to its own start, and make no calls? */
static bool block_loops(void)
{
    return tcg_ctx.goto_self && tcg_ctx.nb_calls == 0;
}

/* How often each global is an argument of the block's ops. */
static void count_global_uses(uint32_t *uses)
{
    for (int i = 0; i < tcg_ctx.nb_ops; i++) {
        const TCGOp *op = &tcg_ctx.ops[i];
        int nout, nin;

        if (op->opc == INDEX_op_insn_start || op->opc == INDEX_op_nop ||
            op->opc == INDEX_op_goto_tb)
            continue;
        op_arg_counts(op, &nout, &nin);
        for (int k = 0; k < nout + nin; k++)
            if (op->args[k] < (uint64_t)tcg_ctx.nb_globals)
                uses[op->args[k]]++;
    }
}

/* The most used globals go to pin_order's registers, loaded once here. */
static void pin_globals(void)
{
    uint32_t uses[64] = { 0 };
    int nb_globals = tcg_ctx.nb_globals < 64 ? tcg_ctx.nb_globals : 64;

    count_global_uses(uses);
    for (int p = 0; p < NB_PIN_REGS; p++) {
        int best = -1;
        for (int g = 0; g < nb_globals; g++) {
            const TCGTemp *t = &tcg_ctx.temps[g];
            if (t->kind == TEMP_GLOBAL && !t->pinned && uses[g] > 0 &&
                (best < 0 || uses[g] > uses[best]))
                best = g;
        }
        if (best < 0)
            break;
        TCGTemp *t = &tcg_ctx.temps[best];
        X86Reg r = pin_order[p];
        if (be.global_pin_regs & REGSET(r))
            continue;
        load_temp(t, r);
        pin_to(t, r); /* the back edge brings changed values */
    }
}

static void loop_prepare(void)
{
    be.loop = block_loops();
    if (!be.loop)
        return;
    pin_globals();
    be.loop_head = (uint32_t)x86_asm_size(&be.as);
}

/* ---- per-block driver ---- */

/* A global's allocator state at block start, for its kind. */
static uint64_t initial_state(TCGTempKind kind)
{
    TCGTemp t = { .slot = -1 };

    t.val_loc = kind == TEMP_FIXED ? VAL_REG : VAL_MEM;
    t.mem_coherent = kind == TEMP_GLOBAL;
    t.reg = kind == TEMP_FIXED ? (int8_t)REG_ENV : 0;
    return t.alloc_state;
}

static void reset_temps(void)
{
    const uint64_t global = initial_state(TEMP_GLOBAL);
    const uint64_t fixed = initial_state(TEMP_FIXED);

    memset(be.reg_owner, 0, sizeof(be.reg_owner));
    be.owned = 0;
    /* The block's own temps start out right (temp_alloc); globals and
     * fixed temps carry the previous block's state. */
    for (int i = 0; i < tcg_ctx.nb_globals; i++) {
        TCGTemp *t = &tcg_ctx.temps[i];
        t->alloc_state = t->kind == TEMP_FIXED ? fixed : global;
    }
    be.nb_slots = 0;
    be.too_big = false;
    be.pinned_regs = 0;
    for (int i = 0; be.global_pin_regs && i < tcg_ctx.nb_pins; i++)
        pin_to(tcg_temp(tcg_ctx.pins[i]), global_pin_order[i]);
}

/* ---- fault sites: how to rebuild guest state at a faulting access ---- */

#define FAULT_BLOB_SIZE (256u << 10)
static _Alignas(8) uint8_t fault_blob[FAULT_BLOB_SIZE];
static size_t fault_blob_used;
static uint32_t nb_fault_sites;
static uint64_t current_guest_pc;

static size_t fault_site_size(uint32_t nb_regs)
{
    size_t size = sizeof(TCGFaultSite) + nb_regs * sizeof(TCGFaultReg);
    return (size + 7) & ~(size_t)7;
}

void ra_note_fault_site(void)
{
    TCGFaultSite *site;
    size_t worst = fault_site_size(16 + 16);

    if (fault_blob_used + worst > FAULT_BLOB_SIZE) {
        be.too_big = true;
        return;
    }
    site = (TCGFaultSite *)(void *)(fault_blob + fault_blob_used);
    site->host_offset = (uint32_t)x86_asm_size(&be.as);
    site->guest_pc = current_guest_pc;
    site->nb_regs = 0;
    /* The global pins are always where fault.c looks for them. */
    for (RegSet m = be.owned & ~be.global_pin_regs; m;) {
        int r = ra_next_reg(&m);
        const TCGTemp *t = be.reg_owner[r];
        if (t->kind != TEMP_GLOBAL || t->mem_coherent)
            continue;
        site->regs[site->nb_regs++] = (TCGFaultReg){
            t->mem_offset, (uint8_t)r, (uint8_t)(temp_width(t) / 8)};
    }
    site->nb_regs += (uint32_t)vcache_fault_regs(&site->regs[site->nb_regs]);
    fault_blob_used += fault_site_size(site->nb_regs);
    nb_fault_sites++;
}

uint32_t tcg_fault_sites_size(size_t *bytes)
{
    *bytes = fault_blob_used;
    return nb_fault_sites;
}

void tcg_copy_fault_sites(void *dst)
{
    memcpy(dst, fault_blob, fault_blob_used);
}

const TCGFaultSite *tcg_fault_site_next(const TCGFaultSite *site)
{
    return (const TCGFaultSite *)(const void *)((const uint8_t *)site +
                                                fault_site_size(site->nb_regs));
}

/* Host code offsets of each guest insn, for -d out_asm. */
#define MAX_INSN_MARKS 512
static struct {
    uint64_t pc;
    uint32_t offset;
} insn_marks[MAX_INSN_MARKS];
static int nb_insn_marks;

int tcg_gen_code(TranslationBlock *tb, uint8_t *buf, size_t size)
{
    liveness();
    reset_temps();
    vcache_reset();
    labels_reset();
    slowpaths_reset();
    x86_asm_init(&be.as, buf, size);
    be.tb = tb;
    tb->jmp_field_offset[0] = tb->jmp_field_offset[1] = TB_NO_JUMP;
    tb->jmp_reset_offset[0] = tb->jmp_reset_offset[1] = TB_NO_JUMP;
    nb_insn_marks = 0;
    fault_blob_used = 0;
    nb_fault_sites = 0;
    loop_prepare();

    for (int i = 0; i < tcg_ctx.nb_ops; i++) {
        TCGOp *op = &tcg_ctx.ops[i];

        if (op->opc == INDEX_op_nop)
            continue;
        if (op->opc == INDEX_op_insn_start) {
            current_guest_pc = op->args[0];
            if (nb_insn_marks < MAX_INSN_MARKS) {
                insn_marks[nb_insn_marks].pc = op->args[0];
                insn_marks[nb_insn_marks].offset =
                    (uint32_t)x86_asm_size(&be.as);
                nb_insn_marks++;
            }
            continue;
        }
        be.dead_globals = op->dead_globals;
        vcache_before_op(op);
        if (!lower_alu(op) && !lower_mem(op) && !lower_ctl(op) &&
            !lower_vec(op) && !lower_fp(op) && !lower_vec_fp(op) &&
            !lower_fp_guarded(op))
            arx_fatal("backend: no lowering for op %s",
                      tcg_op_defs[op->opc].name);
        if (be.as.overflow)
            return TCG_GEN_NO_SPACE;
        if (be.too_big)
            return TCG_GEN_TOO_BIG;
    }
    lower_ctl_finish();
    slowpaths_finish();
    if (be.as.overflow)
        return TCG_GEN_NO_SPACE;
    return (int)x86_asm_size(&be.as);
}

void tcg_log_out_asm(const TranslationBlock *tb)
{
    int mark = 0;

    arx_log("OUT: [guest 0x%016llx] %u bytes at %p\n",
            (unsigned long long)tb->pc, tb->code_size, (void *)tb->code);
    for (uint32_t off = 0; off < tb->code_size;) {
        uint32_t end = tb->code_size;
        if (mark < nb_insn_marks && insn_marks[mark].offset <= off) {
            arx_log("  -- guest 0x%llx\n",
                    (unsigned long long)insn_marks[mark].pc);
            mark++;
        }
        if (mark < nb_insn_marks && insn_marks[mark].offset < end)
            end = insn_marks[mark].offset;
        if (end - off > 16)
            end = off + 16;
        if (end == off) {
            mark++;
            continue;
        }
        arx_log("  %04x:", off);
        for (uint32_t k = off; k < end; k++)
            arx_log(" %02x", tb->code[k]);
        arx_log("\n");
        off = end;
    }
}

/* ---- prologue, epilogue, patching ---- */

static TCGEnterFn enter_fn;

size_t tcg_backend_init(uint8_t *buf, size_t size, uintptr_t guest_base)
{
    static const X86Reg saved[] = {X86_RBP, X86_RBX, X86_R12,
                                   X86_R13, X86_R14, X86_R15};
    X86Asm *a = &be.as;

    x86_asm_init(a, buf, size);
    enter_fn = (TCGEnterFn)(void *)a->p;
    for (int i = 0; i < 6; i++)
        x86_push(a, saved[i]);
    x86_mov_rr(a, 64, REG_ENV, X86_RDI);
    x86_mov_ri(a, REG_GUEST_BASE, guest_base);
    be.global_pin_regs = 0;
    if (!log_enabled(LOG_EXEC | LOG_CPU)) {
        for (int i = 0; i < tcg_ctx.nb_pins; i++)
            be.global_pin_regs |= REGSET(global_pin_order[i]);
        ra_reload_global_pins();
    }
    x86_alu_ri(a, 64, X86_SUB, X86_RSP, FRAME_SIZE);
    x86_store(a, 64, x86_mem(X86_RSP, FRAME_JMP_CACHE), X86_RDX);
    x86_jmp_r(a, X86_RSI);

    be.exit_zero = a->p;
    x86_mov_ri(a, X86_RAX, 0);
    be.epilogue = a->p;
    for (int i = 0; be.global_pin_regs && i < tcg_ctx.nb_pins; i++)
        store_temp(tcg_temp(tcg_ctx.pins[i]), global_pin_order[i]);
    x86_alu_ri(a, 64, X86_ADD, X86_RSP, FRAME_SIZE);
    for (int i = 5; i >= 0; i--)
        x86_pop(a, saved[i]);
    x86_ret(a);

    be.lookup_stub = a->p;
    if (tcg_ctx.lookup_helper) {
        x86_mov_rr(a, 64, X86_RDI, REG_ENV);
        x86_call_abs(a, tcg_ctx.lookup_helper->func);
        x86_jmp_r(a, X86_RAX);
    }

    /* r11 points at the LeaveData; registers other than the pinned ones
     * are free on a way out. */
    be.leave_stub = a->p;
    x86_load(a, X86_LD_64, 64, X86_RAX,
             x86_mem(REG_SCRATCH, offsetof(LeaveData, pc)));
    x86_load(a, X86_LD_S32, 64, X86_RCX,
             x86_mem(REG_SCRATCH, offsetof(LeaveData, pc_offset)));
    x86_store(a, 64, x86_mem_idx(REG_ENV, X86_RCX, 1, 0), X86_RAX);
    x86_load(a, X86_LD_64, 64, X86_RAX,
             x86_mem(REG_SCRATCH, offsetof(LeaveData, exit_value)));
    x86_jmp_to(a, be.epilogue);
    return x86_asm_size(a);
}

TCGEnterFn tcg_backend_enter(void)
{
    return enter_fn;
}

const void *tcg_backend_exit_zero(void)
{
    return be.exit_zero;
}

const void *tcg_backend_lookup_stub(void)
{
    return be.lookup_stub;
}

void tcg_patch_jump(TranslationBlock *tb, unsigned slot, const void *target)
{
    uint8_t *field = tb->code + tb->jmp_field_offset[slot];
    int32_t rel = (int32_t)((const uint8_t *)target - (field + 4));

    /* The field is 4-byte aligned, so this store is atomic on x86-64. */
    __atomic_store_n((int32_t *)(void *)field, rel, __ATOMIC_RELEASE);
}
