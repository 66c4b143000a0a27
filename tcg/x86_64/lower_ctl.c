/*
 * Lowering of control flow: labels and branches inside a block, and the
 * three ways out of it (chained jump, exit to the dispatcher, jump to a
 * looked-up block). Every basic-block end writes guest registers back.
 */
#include "tcg/x86_64/lower.h"

#include <stddef.h>

#include "tcg/x86_64/backend.h"
#include "util/log.h"

static X86Asm *as(void)
{
    return &be.as;
}

#define MAX_LABEL_REFS 8

typedef struct Label {
    uint8_t *refs[MAX_LABEL_REFS]; /* rel32 fields waiting for the label */
    int nb_refs;
} Label;

static Label labels[TCG_MAX_LABELS];

/* exit_check's exits, placed after the block so the check falls through. */
#define MAX_EXIT_STUBS 4

typedef struct ExitStub {
    uint8_t *field; /* rel32 of the jcc to the stub */
    X86Mem pc_home;
    uint64_t pc;
    TCGTemp *pinned[16]; /* globals the stub writes back (looping block) */
    int nb_pinned;
} ExitStub;

static ExitStub exit_stubs[MAX_EXIT_STUBS];
static int nb_exit_stubs;

/* Counted back edges' calls to tb_loop_hot, placed after the block. */
#define MAX_HOT_STUBS 8

typedef struct HotStub {
    uint8_t *field;  /* rel32 of the jz to the stub */
    uint8_t *resume; /* where the back edge goes on */
    uint64_t pc;     /* the loop head */
} HotStub;

static HotStub hot_stubs[MAX_HOT_STUBS];
static int nb_hot_stubs;

void labels_reset(void)
{
    for (int i = 0; i < tcg_ctx.nb_labels; i++)
        labels[i].nb_refs = 0;
    nb_exit_stubs = 0;
    nb_hot_stubs = 0;
}

static void add_label_ref(uint64_t id, uint8_t *field)
{
    Label *l = &labels[id];

    if (l->nb_refs >= MAX_LABEL_REFS) {
        be.too_big = true;
        return;
    }
    l->refs[l->nb_refs++] = field;
}

static void bind_label(uint64_t id)
{
    Label *l = &labels[id];

    if (be.as.overflow)
        return;
    for (int i = 0; i < l->nb_refs; i++)
        x86_patch_rel32(l->refs[i], be.as.p);
}

/* In a looping block: the back edge (a goto_tb to the block itself) when
 * label id, found after op, is bound just before it; else NULL. */
static const TCGOp *label_back_edge(const TCGOp *op, uint64_t id)
{
    const TCGOp *end = &tcg_ctx.ops[tcg_ctx.nb_ops];

    if (!be.loop)
        return NULL;
    for (op++; op < end; op++) {
        if (op->opc != INDEX_op_set_label || op->args[0] != id)
            continue;
        for (op++; op < end; op++)
            if (op->opc != INDEX_op_nop && op->opc != INDEX_op_insn_start)
                return op->opc == INDEX_op_goto_tb && op->args[2] == be.tb->pc
                           ? op
                           : NULL;
        return NULL;
    }
    return NULL;
}

/* Does only op branch to its label, which lies just past a way out
 * that follows op (a loop region's exit in the middle)? op's reference,
 * about to be added, must be the label's first. */
static bool label_only_past_exit(const TCGOp *op)
{
    return labels[op->args[3]].nb_refs == 0 && brcond_past_exit(op);
}

static void lower_brcond(const TCGOp *op)
{
    TCGTemp *a = arg_temp(op, 0), *b = arg_temp(op, 1);
    int w = temp_width(a);
    X86Cond cc;
    uint8_t *field;

    const TCGOp *back_edge = label_back_edge(op, op->args[3]);
    bool keep = !back_edge && label_only_past_exit(op);

    /* Straight to the loop head, the branch needs memory only as the head
     * does: what the loop overwrites first (the flags a compare at its end
     * set, say) stays in registers for the other way out to write. */
    if (back_edge)
        be.dead_globals = back_edge->dead_globals;
    /* A loop's way out in the middle writes back what it needs itself
     * (goto_tb): the loop goes on past it with every value where it was,
     * nothing stored on its path. */
    if (!keep || !be.loop)
        ra_save_all(op);
    /* Saves are moves: the flags of a fused FP compare are still there. */
    if (be.fcmp_code == a)
        cc = be.fcmp_cc;
    else
        cc = lower_compare(w, (TCGCond)op->args[2], a, b, 0);
    be.fcmp_code = NULL;
    field = x86_jcc32(as(), cc);
    if (field && back_edge)
        x86_patch_rel32(field, be.as.start + be.loop_head);
    else if (field)
        add_label_ref(op->args[3], field);
    ra_free_dead(op, 0, 2);
    if (keep)
        ra_keep_for_label(op->args[3]);
}

static void lower_br(const TCGOp *op)
{
    uint8_t *field;

    ra_save_all(NULL);
    field = x86_jmp32(as());
    if (field)
        add_label_ref(op->args[0], field);
}

static void lower_set_label(const TCGOp *op)
{
    if (!ra_resume_at_label(op->args[0])) {
        ra_save_all(NULL);
        ra_forget_regs();
    }
    bind_label(op->args[0]);
}

static void store_u64(X86Mem m, uint64_t v)
{
    if ((int64_t)v == (int32_t)v) {
        x86_store_imm(as(), 64, m, (int32_t)v);
        return;
    }
    x86_mov_ri(as(), REG_SCRATCH, v);
    x86_store(as(), 64, m, REG_SCRATCH);
}

/* Leaves for the dispatcher with val (0, or tb | slot) in rax. */
static void leave_block(uintptr_t val)
{
    if (val)
        reloc_mov_tb(X86_RAX, (unsigned)(val & 3));
    else
        x86_mov_ri(as(), X86_RAX, 0);
    reloc_jmp_stub(RELOC_STUB_EPILOGUE);
}

/*
 * Stores pc at pc_home (in the CPU state) and leaves with val, through
 * the shared leave stub: a lea, a jump and the data instead of a store,
 * a 64-bit move and a jump to encode (these ways out run once, before
 * chaining, or when a signal is pending).
 */
static void leave_with_pc(X86Mem pc_home, uint64_t pc, uintptr_t val)
{
    LeaveData d = {pc, val, pc_home.disp};
    const int lea_len = 7, jmp_len = 5;
    uint8_t *field;

    if (pc_home.base != REG_ENV || pc_home.index != X86_NOREG) {
        store_u64(pc_home, pc);
        leave_block(val);
        return;
    }
    x86_lea_rip(as(), REG_SCRATCH, be.as.p + lea_len + jmp_len);
    field = x86_jmp32(as()); /* always 5 bytes: the lea counts on it */
    reloc_patch_stub(field, RELOC_STUB_LEAVE);
    x86_data(as(), &d, sizeof(d));
    if (val && !be.as.overflow)
        reloc_note_tb_data(be.as.p - sizeof(d) +
                               offsetof(LeaveData, exit_value),
                           (unsigned)(val & 3));
}

/*
 * A counted back edge, with every guest value already in the CPU state:
 * movabs r11, counter; add dword [r11], TB_HOT_STEP; jz stub (which
 * calls tb_loop_hot and comes back). Without room for another stub the
 * edge is not counted.
 */
static void emit_hot_count(uint64_t head)
{
    uint8_t *jz_field;

    if (nb_hot_stubs >= MAX_HOT_STUBS)
        return;
    reloc_mov_image(REG_SCRATCH, tb_hot_counter(head, be.tb->flags));
    x86_alu_mi(as(), 32, X86_ADD, x86_mem(REG_SCRATCH, 0),
               (int32_t)TB_HOT_STEP);
    jz_field = x86_jcc32(as(), X86_CC_E);
    if (jz_field)
        hot_stubs[nb_hot_stubs++] = (HotStub){jz_field, be.as.p, head};
}

/* rsp is 16-aligned in block code; nothing caller-saved is live on a
 * way out once its values are written back. */
static void emit_hot_stubs(void)
{
    for (int i = 0; i < nb_hot_stubs && !be.as.overflow; i++) {
        x86_patch_rel32(hot_stubs[i].field, be.as.p);
        x86_mov_ri(as(), X86_RDI, hot_stubs[i].pc);
        x86_mov_ri(as(), X86_RSI, be.tb->flags);
        reloc_call((const void *)tb_loop_hot);
        x86_jmp_to(as(), hot_stubs[i].resume);
    }
}

static void lower_goto_tb(const TCGOp *op)
{
    TCGTemp *pc = arg_temp(op, 0);
    unsigned slot = (unsigned)op->args[1] & (TB_MAX_JUMPS - 1);
    uint8_t *field;

    if (be.loop && op->args[2] == be.tb->pc) {
        ra_enter_loop_head();
        return;
    }
    ra_sync_for_exit();
    if (pc->val_loc == VAL_REG && !pc->pinned)
        ra_release((X86Reg)pc->reg); /* its memory copy is written below */
    if (op->args[1] & TCG_GOTO_TB_HOT)
        emit_hot_count(op->args[2]);
    /* Align the rel32 field so patching it is one atomic store. */
    x86_align_rel32(as(), 1);
    field = x86_jmp32(as());
    if (!field)
        return;
    be.tb->jmp_field_offset[slot] = (uint16_t)(field - be.as.start);
    be.tb->jmp_reset_offset[slot] = (uint16_t)(be.as.p - be.as.start);
    /* Unchained, the jump falls through to the code that follows. */
    x86_patch_rel32(field, be.as.p);
    leave_with_pc(ra_home(pc), op->args[2], (uintptr_t)be.tb | slot);
}

static void lower_exit_check(const TCGOp *op)
{
    ExitStub *stub;

    if (nb_exit_stubs >= MAX_EXIT_STUBS) {
        be.too_big = true;
        return;
    }
    /* Memory must be current where the stub leaves; pinned globals stay
     * in their registers on the hot path and the stub writes them. */
    ra_save_all(NULL);
    x86_alu_mi(as(), 32, X86_CMP, x86_mem(REG_ENV, (int32_t)op->args[0]), 0);
    stub = &exit_stubs[nb_exit_stubs];
    stub->nb_pinned = 0;
    for (int r = 0; r < 16; r++)
        if (be.pinned_regs & ~ra_global_pins_in_place() & REGSET(r))
            stub->pinned[stub->nb_pinned++] = be.reg_owner[r];
    stub->field = x86_jcc32(as(), X86_CC_NE);
    stub->pc_home = ra_home(tcg_temp((uint32_t)op->args[1]));
    stub->pc = op->args[2];
    if (stub->field)
        nb_exit_stubs++;
}

void lower_ctl_finish(void)
{
    for (int i = 0; i < nb_exit_stubs && !be.as.overflow; i++) {
        x86_patch_rel32(exit_stubs[i].field, be.as.p);
        for (int k = 0; k < exit_stubs[i].nb_pinned; k++) {
            TCGTemp *t = exit_stubs[i].pinned[k];
            x86_store(as(), temp_width(t), ra_home(t), (X86Reg)t->reg);
        }
        ra_reload_lent_pins();
        leave_with_pc(exit_stubs[i].pc_home, exit_stubs[i].pc, 0);
    }
    emit_hot_stubs();
}

static void lower_exit_tb(const TCGOp *op)
{
    int64_t slot = (int64_t)op->args[0];
    uintptr_t val = slot < 0 ? 0 : (uintptr_t)be.tb | (uintptr_t)slot;

    ra_sync_for_exit();
    leave_block(val);
}

/*
 * The jump cache probed inline with the operand, the key (the pc when the
 * flags are 0, see jmp_cache_key): index as jmp_cache_index() computes
 * it, compare the entry's key, jump through its code pointer (the lookup
 * stub when the entry is empty). A mismatch (or -d exec/cpu, which must
 * see every block) goes to the lookup stub.
 */
static void lower_goto_lookup(const TCGOp *op)
{
    X86Reg rp = ra_in(arg_temp(op, 0), 0);
    const int32_t entries = (int32_t)offsetof(JmpCache, entry);
    const int32_t key_at = entries + (int32_t)offsetof(JmpCacheEntry, key);
    const int32_t code_at = entries + (int32_t)offsetof(JmpCacheEntry, code);

    ra_sync_for_exit();
    if (!log_enabled(LOG_EXEC | LOG_CPU)) {
        X86Reg rt = ra_alloc(REGSET(rp));

        x86_mov_rr(as(), 32, rt, rp);
        x86_shift_ri(as(), 32, X86_SHR, rt, 2);
        /* The frame's probe words are read through r11, not rsp: on this
         * AMD core, rsp-relative loads of them after nearby stores to the
         * CPU state (a block storing two more words before its way out)
         * stalled the probe, gawk 1.48 -> 2.1 s (docs/performance.md). */
        x86_lea(as(), 64, REG_SCRATCH, x86_mem(X86_RSP, FRAME_JMP_CACHE));
        /* The index (jmp_cache_index) times 16, the entry size: bits 16
         * and up of the 64-bit product, masked to the entries in use. */
        x86_imul_rm(as(), 64, rt,
                    x86_mem(REG_SCRATCH, FRAME_JMP_MUL - FRAME_JMP_CACHE));
        x86_shift_ri(as(), 64, X86_SHR, rt, 16 - 4);
        x86_alu_rm(as(), 64, X86_AND, rt,
                   x86_mem(REG_SCRATCH, FRAME_JMP_MASK - FRAME_JMP_CACHE));
        x86_alu_rm(as(), 64, X86_ADD, rt, x86_mem(REG_SCRATCH, 0));
        x86_alu_rm(as(), 64, X86_CMP, rp, x86_mem(rt, key_at));
        reloc_jcc_stub(X86_CC_NE, RELOC_STUB_LOOKUP);
        x86_jmp_m(as(), x86_mem(rt, code_at));
        return;
    }
    reloc_jmp_stub(RELOC_STUB_LOOKUP);
}

static void lower_goto_ptr(const TCGOp *op)
{
    X86Reg r = ra_in(arg_temp(op, 0), 0);

    ra_sync_for_exit();
    x86_jmp_r(as(), r);
}

bool lower_ctl(TCGOp *op)
{
    switch (op->opc) {
    case INDEX_op_brcond_i32:
    case INDEX_op_brcond_i64: lower_brcond(op); return true;
    case INDEX_op_br: lower_br(op); return true;
    case INDEX_op_set_label: lower_set_label(op); return true;
    case INDEX_op_goto_tb: lower_goto_tb(op); return true;
    case INDEX_op_exit_tb: lower_exit_tb(op); return true;
    case INDEX_op_exit_check: lower_exit_check(op); return true;
    case INDEX_op_goto_ptr: lower_goto_ptr(op); return true;
    case INDEX_op_goto_lookup: lower_goto_lookup(op); return true;
    default: return false;
    }
}
