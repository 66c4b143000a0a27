/*
 * Local register allocation for one block: guest registers (IR globals)
 * stay in host registers within a basic block and are written back at its
 * end; temps live in registers and spill to a fixed stack frame. Lowers no
 * op itself: the lowerings call it.
 */
#include "tcg/x86_64/regalloc.h"

#include <string.h>

#include "tcg/x86_64/backend.h"

Backend be;

/*
 * Allocation order: callee-saved first, so values survive helper calls:
 * rbx, rbp, r12, r13, rsi, rdi, r8, r9, r10, rax, rdx, rcx. Written as
 * sets taken in turn, each in register-number order, so that the first
 * register of a set of candidates in that order is the lowest of its
 * first non-empty part (first_in_order).
 */
static const RegSet alloc_sets[] = {
    REGSET(X86_RBX) | REGSET(X86_RBP) | REGSET(X86_R12) | REGSET(X86_R13),
    REGSET(X86_RSI) | REGSET(X86_RDI) | REGSET(X86_R8) | REGSET(X86_R9) |
        REGSET(X86_R10),
    REGSET(X86_RAX) | REGSET(X86_RDX),
    REGSET(X86_RCX),
};
#define NB_ALLOC_SETS (sizeof(alloc_sets) / sizeof(alloc_sets[0]))

/* The first register of m in allocation order, or X86_NOREG. */
static X86Reg first_in_order(RegSet m)
{
    for (size_t i = 0; i < NB_ALLOC_SETS; i++)
        if (alloc_sets[i] & m)
            return (X86Reg)__builtin_ctz(alloc_sets[i] & m);
    return X86_NOREG;
}

/* Every register the allocator hands out. */
static RegSet alloc_regs(void)
{
    RegSet all = 0;

    for (size_t i = 0; i < NB_ALLOC_SETS; i++)
        all |= alloc_sets[i];
    return all;
}

/*
 * The globals the frontend pins (tcg_pin_globals) live in these
 * callee-saved registers in all translated code: the prologue loads them,
 * the epilogue (every way out to the dispatcher) stores them, and helper
 * calls keep them. Disabled under -d cpu/exec, whose dumps read env.
 */
static const X86Reg global_pin_order[4] = {X86_RBX, X86_RBP, X86_R12, X86_R13};

static const RegSet caller_saved =
    REGSET(X86_RAX) | REGSET(X86_RCX) | REGSET(X86_RDX) | REGSET(X86_RSI) |
    REGSET(X86_RDI) | REGSET(X86_R8) | REGSET(X86_R9) | REGSET(X86_R10);

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

int32_t ra_mxcsr_slot(void)
{
    if (be.mxcsr_slot < 0) {
        if (be.nb_slots >= FRAME_SLOTS) {
            be.too_big = true;
            return 0;
        }
        be.mxcsr_slot = be.nb_slots++ * 8;
    }
    return be.mxcsr_slot;
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
    return first_in_order(~(be.owned | avoid));
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

/* How far ahead spill choices look for a register's next read. */
#define SPILL_LOOKAHEAD 96

/*
 * For each register of cands, the ops from index from until its owner is
 * next read: SPILL_LOOKAHEAD when it is not read again that soon (or is
 * written first, so its value is dead). One walk for all of them.
 */
static void next_read_distances(RegSet cands, int from, int *dist)
{
    int end = from + SPILL_LOOKAHEAD < tcg_ctx.nb_ops ? from + SPILL_LOOKAHEAD
                                                      : tcg_ctx.nb_ops;
    RegSet open = cands; /* registers whose distance is not known yet */

    for (int i = from; i < end && open; i++) {
        const TCGOp *op = &tcg_ctx.ops[i];
        int nout, nin;

        if (op->opc == INDEX_op_insn_start || op->opc == INDEX_op_nop)
            continue;
        tcg_op_arg_counts(op, &nout, &nin);
        /* A read at this op counts even when the op also writes it. */
        for (int k = nout; k < nout + nin; k++) {
            const TCGTemp *t = arg_temp(op, k);

            if (t->val_loc == VAL_REG && (open & REGSET(t->reg)) &&
                be.reg_owner[t->reg] == t) {
                dist[t->reg] = i - from;
                open &= ~REGSET(t->reg);
            }
        }
        for (int k = 0; k < nout; k++) {
            const TCGTemp *t = arg_temp(op, k);

            if (t->val_loc == VAL_REG && (open & REGSET(t->reg)) &&
                be.reg_owner[t->reg] == t)
                open &= ~REGSET(t->reg); /* written first: dead */
        }
    }
}

/* The index of the op being lowered, or -1 outside the op loop. */
static int current_op_index(void)
{
    ptrdiff_t i = be.op ? be.op - tcg_ctx.ops : -1;

    return i >= 0 && i < tcg_ctx.nb_ops ? (int)i : -1;
}

bool ra_named_soon(const TCGTemp *t)
{
    int from = current_op_index() + 1;
    int end = from + SPILL_LOOKAHEAD < tcg_ctx.nb_ops ? from + SPILL_LOOKAHEAD
                                                      : tcg_ctx.nb_ops;

    for (int i = from > 0 ? from : end; i < end; i++) {
        const TCGOp *op = &tcg_ctx.ops[i];
        int nout, nin;

        if (op->opc == INDEX_op_insn_start || op->opc == INDEX_op_nop)
            continue;
        tcg_op_arg_counts(op, &nout, &nin);
        for (int k = 0; k < nout + nin; k++)
            if (arg_temp(op, k) == t)
                return true;
    }
    return false;
}

/*
 * The register to spill: the one whose value is read again last (Belady),
 * a clean value (nothing to store) winning a tie. Pinned values stay.
 */
static X86Reg choose_spill(RegSet avoid)
{
    int from = current_op_index(), best_score = -1;
    int dist[16];
    RegSet cands = 0;
    X86Reg best = X86_NOREG;

    for (RegSet m = alloc_regs() & ~avoid; m;) {
        int c = ra_next_reg(&m);

        dist[c] = from < 0 ? 0 : SPILL_LOOKAHEAD;
        if (!be.reg_owner[c]->pinned)
            cands |= REGSET(c);
    }
    if (from >= 0)
        next_read_distances(cands, from, dist);
    /* In allocation order: the first of equal scores wins. */
    for (RegSet m = cands; m;) {
        X86Reg c = first_in_order(m);
        const TCGTemp *t = be.reg_owner[c];
        bool clean;
        int score;

        m &= ~REGSET(c);
        clean = t->kind == TEMP_CONST || t->mem_coherent;
        score = dist[c] * 2 + clean;
        if (score > best_score) {
            best_score = score;
            best = c;
        }
    }
    return best;
}

X86Reg ra_alloc(RegSet avoid)
{
    X86Reg r = find_free(avoid);

    if (r != X86_NOREG)
        return r;
    r = choose_spill(avoid);
    if (r == X86_NOREG) {
        be.too_big = true; /* every register avoided: cannot happen */
        return X86_RAX;
    }
    save_temp(be.reg_owner[r]);
    ra_release(r);
    return r;
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
    case VAL_MEM: load_temp(t, r); break;
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
        if (arg_dies(op, i) && t->val_loc == VAL_REG && temp_tracked(t)) {
            ra_disown(t->reg);
            t->val_loc = t->kind == TEMP_CONST ? VAL_CONST : VAL_DEAD;
        } else if (arg_dies(op, i) && t->kind == TEMP_NORMAL) {
            t->val_loc = VAL_DEAD;
        }
    }
}

void ra_free_recipe_inputs(const TCGOp *op)
{
    const TCGOp *r = &tcg_ctx.ops[op->recipe];

    for (int k = 0; k < 3; k++) {
        TCGTemp *t = arg_temp(r, k);
        if (!((op->recipe_life >> k) & 1) || t->kind != TEMP_NORMAL)
            continue;
        if (t->val_loc == VAL_REG)
            ra_disown(t->reg);
        t->val_loc = VAL_DEAD;
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
        tcg_op_arg_counts(op, &nout, &nin);
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

RegSet ra_global_pins_in_place(void)
{
    return be.global_pin_regs & ~be.lent_regs;
}

static bool sync_skips(const TCGTemp *t, int r, int which)
{
    if (!t->pinned)
        return false;
    if (ra_global_pins_in_place() & REGSET(r))
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
    ra_reload_lent_pins();
}

unsigned ra_lent_pin_mask(void)
{
    unsigned mask = 0;

    for (int i = 0; i < tcg_ctx.nb_pins; i++)
        if (be.lent_regs & REGSET(global_pin_order[i]))
            mask |= 1u << i;
    return mask;
}

void ra_reload_lent_pins(void)
{
    for (int i = 0; i < tcg_ctx.nb_pins; i++)
        if (be.lent_regs & REGSET(global_pin_order[i]))
            load_temp(tcg_temp(tcg_ctx.pins[i]), global_pin_order[i]);
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

void ra_reload_pins_after_call(void)
{
    if (!be.loop) {
        ra_reload_global_pins();
        return;
    }
    /* A loop's pins and the global pins it kept; lent ones stay lent. */
    for (RegSet m = be.pinned_regs; m;) {
        int r = ra_next_reg(&m);
        load_temp(be.reg_owner[r], (X86Reg)r);
    }
}

static bool dies_at(const TCGOp *op, const TCGTemp *t)
{
    int nout, nin;

    tcg_op_arg_counts(op, &nout, &nin);
    for (int k = nout; k < nout + nin; k++)
        if (arg_temp(op, k) == t && arg_dies(op, k))
            return true;
    return false;
}

/* Does a branch's target label read t? (Registers do not survive the
 * jump; the fall-through way keeps them.) */
static bool read_at_label(const TCGOp *op, const TCGTemp *t)
{
    int l = op ? op_label_arg(op) : -1;

    if (l <= 0)
        return true;
    return liveness_live_at_label(op->args[l], t);
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

/* ---- a label only one branch reaches, past a way out ---- */

static struct {
    uint64_t label; /* the label it is for; valid only while taken */
    bool taken;
    TCGTemp *reg_owner[16];
    RegSet owned;
    uint64_t owner_state[16];             /* of each register's owner */
    uint64_t global_state[TCG_MAX_TEMPS]; /* of the globals */
} snap;

/* The registers' owners (globals, and temps live past the label: a fault
 * recipe's inputs) as the branch leaves them; the way out in between
 * runs only when the branch is not taken. */
void ra_keep_for_label(uint64_t label)
{
    memcpy(snap.reg_owner, be.reg_owner, sizeof(snap.reg_owner));
    snap.owned = be.owned;
    for (RegSet m = be.owned; m;) {
        int r = ra_next_reg(&m);
        snap.owner_state[r] = be.reg_owner[r]->alloc_state;
    }
    for (int g = 0; g < tcg_ctx.nb_globals; g++)
        snap.global_state[g] = tcg_ctx.temps[g].alloc_state;
    snap.label = label;
    snap.taken = true;
}

bool ra_resume_at_label(uint64_t label)
{
    if (!snap.taken || snap.label != label)
        return false;
    snap.taken = false;
    ra_forget_regs();
    memcpy(be.reg_owner, snap.reg_owner, sizeof(be.reg_owner));
    be.owned = snap.owned;
    for (RegSet m = be.owned; m;) {
        int r = ra_next_reg(&m);
        be.reg_owner[r]->alloc_state = snap.owner_state[r];
    }
    for (int g = 0; g < tcg_ctx.nb_globals; g++)
        tcg_ctx.temps[g].alloc_state = snap.global_state[g];
    return true;
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
static const X86Reg pin_order[] = {X86_RBX, X86_RBP, X86_R12, X86_R13,
                                   X86_RSI, X86_RDI, X86_R8,  X86_R9};
#define NB_PIN_REGS (int)(sizeof(pin_order) / sizeof(pin_order[0]))

/* Does the block jump back to its own start? (With calls, its pins are
 * only callee-saved registers: pin_globals.) */
static bool block_loops(void)
{
    return tcg_ctx.goto_self;
}

/* Is op a way out of the block other than its back edge? */
static bool leaves_loop(const TCGOp *op)
{
    if (!(tcg_op_defs[op->opc].flags & OPF_NO_RETURN))
        return false;
    return op->opc != INDEX_op_goto_tb || op->args[2] != be.tb->pc;
}

/*
 * How often each global is an argument of the block's ops (uses) and of
 * those on the loop's path, not in the tails that only lead out of it
 * (loop_uses: the flags a compare computes for a way out are not); false
 * when the block has an indirect way out (its target register must
 * survive the reloads of lent pins: such a block lends none).
 */
static bool count_global_uses(uint32_t *uses, uint32_t *loop_uses)
{
    bool direct_exits_only = true, in_exit_tail = false;

    for (int i = tcg_ctx.nb_ops - 1; i >= 0; i--) {
        const TCGOp *op = &tcg_ctx.ops[i];
        int nout, nin;

        if (op->opc == INDEX_op_goto_lookup || op->opc == INDEX_op_goto_ptr)
            direct_exits_only = false;
        if (leaves_loop(op))
            in_exit_tail = true;
        else if (tcg_op_defs[op->opc].flags & OPF_BB_END)
            in_exit_tail = false;
        if (op->opc == INDEX_op_insn_start || op->opc == INDEX_op_nop ||
            op->opc == INDEX_op_goto_tb)
            continue;
        tcg_op_arg_counts(op, &nout, &nin);
        for (int k = 0; k < nout + nin; k++) {
            if (op->args[k] >= (uint64_t)tcg_ctx.nb_globals ||
                op->args[k] >= 64)
                continue;
            uses[op->args[k]]++;
            loop_uses[op->args[k]] += !in_exit_tail;
        }
    }
    return direct_exits_only;
}

/*
 * The globally pinned globals the block never names give their registers
 * to the loop: stored once here, reloaded at every way out.
 */
static void lend_unused_global_pins(const uint32_t *uses)
{
    for (int i = 0; be.global_pin_regs && i < tcg_ctx.nb_pins; i++) {
        TCGTemp *t = tcg_temp(tcg_ctx.pins[i]);
        X86Reg r = global_pin_order[i];

        if (tcg_ctx.pins[i] < 64 && uses[tcg_ctx.pins[i]] > 0)
            continue;
        store_temp(t, r);
        ra_disown(r);
        t->pinned = false;
        t->val_loc = VAL_MEM;
        t->mem_coherent = true;
        be.pinned_regs &= ~REGSET(r);
        be.lent_regs |= REGSET(r);
    }
}

/* The most used globals go to pin_order's registers, loaded once here. */
static void pin_globals(void)
{
    uint32_t uses[64] = {0}, loop_uses[64] = {0};
    int nb_globals = tcg_ctx.nb_globals < 64 ? tcg_ctx.nb_globals : 64;

    if (count_global_uses(uses, loop_uses))
        lend_unused_global_pins(uses);
    for (int p = 0; p < NB_PIN_REGS; p++) {
        int best = -1;
        for (int g = 0; g < nb_globals; g++) {
            const TCGTemp *t = &tcg_ctx.temps[g];
            if (t->kind == TEMP_GLOBAL && !t->pinned && loop_uses[g] > 0 &&
                (best < 0 || loop_uses[g] > loop_uses[best]))
                best = g;
        }
        if (best < 0)
            break;
        TCGTemp *t = &tcg_ctx.temps[best];
        X86Reg r = pin_order[p];
        if (ra_global_pins_in_place() & REGSET(r))
            continue;
        if (tcg_ctx.nb_calls && (caller_saved & REGSET(r)))
            break; /* a call would clobber it */
        load_temp(t, r);
        pin_to(t, r); /* the back edge brings changed values */
    }
}

void ra_prepare_loop(void)
{
    be.loop = block_loops();
    if (!be.loop)
        return;
    pin_globals();
    be.loop_head = (uint32_t)x86_asm_size(&be.as);
}

/* ---- per block ---- */

/* A global's allocator state at block start, for its kind. */
static uint64_t initial_state(TCGTempKind kind)
{
    TCGTemp t = {.slot = -1};

    t.val_loc = kind == TEMP_FIXED ? VAL_REG : VAL_MEM;
    t.mem_coherent = kind == TEMP_GLOBAL;
    t.reg = kind == TEMP_FIXED ? (int8_t)REG_ENV : 0;
    return t.alloc_state;
}

void ra_begin_block(void)
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
    be.mxcsr_slot = -1;
    be.too_big = false;
    be.pinned_regs = 0;
    be.lent_regs = 0;
    for (int i = 0; be.global_pin_regs && i < tcg_ctx.nb_pins; i++)
        pin_to(tcg_temp(tcg_ctx.pins[i]), global_pin_order[i]);
}

/* ---- global pins in the prologue and epilogue ---- */

void ra_prologue_global_pins(bool enable)
{
    be.global_pin_regs = 0;
    if (!enable)
        return;
    for (int i = 0; i < tcg_ctx.nb_pins; i++)
        be.global_pin_regs |= REGSET(global_pin_order[i]);
    ra_reload_global_pins();
}

void ra_epilogue_global_pins(void)
{
    for (int i = 0; be.global_pin_regs && i < tcg_ctx.nb_pins; i++)
        store_temp(tcg_temp(tcg_ctx.pins[i]), global_pin_order[i]);
}

/* ---- fault sites ---- */

int ra_fault_regs(TCGFaultReg *regs)
{
    int n = 0;

    /* The global pins are always where fault.c looks for them, unless
     * lent (the site's lent_pins says which). */
    for (RegSet m = be.owned & ~ra_global_pins_in_place(); m;) {
        int r = ra_next_reg(&m);
        const TCGTemp *t = be.reg_owner[r];
        if (t->kind != TEMP_GLOBAL || t->mem_coherent)
            continue;
        regs[n++] = (TCGFaultReg){t->mem_offset, (uint8_t)r,
                                  (uint8_t)(temp_width(t) / 8)};
    }
    return n;
}
