/*
 * The register allocator (regalloc.c) that the lowerings use: where each
 * temp lives and how to get it into a host register, and the state of the
 * block being generated. Internal to the backend; lowers no op itself.
 */
#ifndef ARX_TCG_X86_64_REGALLOC_H
#define ARX_TCG_X86_64_REGALLOC_H

#include <stdbool.h>
#include <stdint.h>

#include "tcg/ir.h"
#include "tcg/tb.h"
#include "tcg/x86_64/emit.h"
#include "tcg/x86_64/liveness.h"

/* Reserved host registers. */
#define REG_ENV X86_R14
#define REG_GUEST_BASE X86_R15
#define REG_SCRATCH X86_R11 /* free for any lowering; clobbered by calls */

typedef uint32_t RegSet;
#define REGSET(r) (1u << (r))

#define FRAME_SLOTS 256
/* The slots, then the thread's JmpCache pointer, its index_mask and
 * its index_mul (24 bytes keep rsp 16-byte aligned). */
#define FRAME_SIZE (FRAME_SLOTS * 8 + 24)
#define FRAME_JMP_CACHE (FRAME_SLOTS * 8)
#define FRAME_JMP_MASK (FRAME_SLOTS * 8 + 8)
#define FRAME_JMP_MUL (FRAME_SLOTS * 8 + 16)

typedef struct Backend {
    X86Asm as;
    TranslationBlock *tb;
    TCGTemp *reg_owner[16]; /* change through ra_own / ra_disown */
    RegSet owned;           /* registers with an owner */
    int nb_slots;
    int32_t mxcsr_slot; /* the block's frame slot for a saved MXCSR, or -1 */
    bool too_big;
    uint64_t dead_globals; /* of the op being lowered */
    const TCGOp *op;       /* the op being lowered */
    /* An FP compare fused with the brcond after it (lower_fp.c): the
     * host flags hold its code's test as fcmp_cc, for the brcond on
     * fcmp_code; NULL when none. */
    const TCGTemp *fcmp_code;
    X86Cond fcmp_cc;
    /* A block that branches back to its own start loops inside its code:
     * loop_head is where, and the globals it uses most stay pinned to
     * registers (pinned_regs) across the back edge. */
    bool loop;
    uint32_t loop_head;
    RegSet pinned_regs;
    /* Of those, the ones tcg_pin_globals pinned in all code: the epilogue
     * stores them, exits need not. */
    RegSet global_pin_regs;
    /* Of global_pin_regs, those a looping block lends to its own loop
     * pins: their globals, which the block never names, are stored at
     * its entry and reloaded at each way out (ra_sync_for_exit). */
    RegSet lent_regs;
    /* Code the prologue (codegen.c) lays down once, where exits jump. */
    const void *epilogue;
    const void *exit_zero;
    const void *lookup_stub; /* see tcg_backend_lookup_stub */
    /* Jumped to on a cold way out with r11 pointing at a LeaveData:
     * stores the pc and leaves with the exit value. */
    const void *leave_stub;
} Backend;

extern Backend be;

static inline void ra_own(X86Reg r, TCGTemp *t)
{
    be.reg_owner[r] = t;
    be.owned |= REGSET(r);
}

static inline void ra_disown(X86Reg r)
{
    be.reg_owner[r] = NULL;
    be.owned &= ~REGSET(r);
}

/* The lowest register in *set, removed from it; for set-walking loops. */
static inline int ra_next_reg(RegSet *set)
{
    int r = __builtin_ctz(*set);

    *set &= *set - 1;
    return r;
}

static inline int temp_width(const TCGTemp *t)
{
    return t->type == TCG_TYPE_I32 ? 32 : 64;
}

/* A register holding t's value (loaded if needed), not in avoid. */
X86Reg ra_in(TCGTemp *t, RegSet avoid);
/* A free register not in avoid (evicting if needed). */
X86Reg ra_alloc(RegSet avoid);
/* Copies t's value into r without changing where t lives. */
void ra_copy_to(X86Reg r, TCGTemp *t);
/* Makes r hold output t (dirty); r must be free or already t's. */
void ra_set_out(TCGTemp *t, X86Reg r);
/* Frees the registers of inputs that die at op (arg indices from..to-1). */
void ra_free_dead(const TCGOp *op, int from, int to);
/* After guest access op: frees the inputs of its fault recipe that die
 * there (op->recipe_life). */
void ra_free_recipe_inputs(const TCGOp *op);
/* Empties r, moving or spilling its temp. */
void ra_evict(X86Reg r, RegSet avoid);
/* Frees r's temp from r (it must be dead or saved). */
void ra_release(X86Reg r);
/* Output register for a two-address op "out = a op ...": in place when
 * possible, else a fresh register holding a copy of a. */
X86Reg ra_out_from(const TCGOp *op, int out_arg, int a_arg, RegSet avoid);
/* True if t is a constant usable as a sign-extended imm32 at width w. */
bool ra_imm32(const TCGTemp *t, int width, int32_t *imm);
/* Whether an op soon after the current one (in the spill choice's
 * lookahead) reads or writes t. */
bool ra_named_soon(const TCGTemp *t);
/* Memory operand of a temp's home location. */
X86Mem ra_home(TCGTemp *t);
/* A frame slot (rsp offset) for MXCSR, the same for the whole block. */
int32_t ra_mxcsr_slot(void);
/* Empties every caller-saved register before a call. */
void ra_clobber_caller_saved(void);
/* Frees every register (after a label all values are in memory). */
void ra_forget_regs(void);
/* After a branch to label that only it reaches, past a way out inline
 * (brcond L; ...; goto_tb; set_label L): keeps the allocator's state
 * (registers, globals, the temps in registers) for ra_resume_at_label to
 * take back at L (the registers still hold those values there). */
void ra_keep_for_label(uint64_t label);
/* At label: the kept state back (true), or nothing kept (false). */
bool ra_resume_at_label(uint64_t label);
/* Basic-block boundary: write back globals and live temps (other than
 * op's inputs that die at op; op may be NULL). */
void ra_save_all(const TCGOp *op);
/* Writes back dirty globals only (before calls that read them, and at
 * block exits), pinned ones included. */
void ra_sync_globals(bool and_free);
/* Before leaving the block: write back what the dispatcher and the next
 * block read from memory (globally pinned globals stay: the epilogue
 * stores them when the dispatcher is where the exit leads). */
void ra_sync_for_exit(void);
/* The global pin registers that hold their globals here (those not lent
 * to a loop), and the pins lent (bit i: tcg_ctx.pins[i]). */
RegSet ra_global_pins_in_place(void);
unsigned ra_lent_pin_mask(void);
/* Reloads the globals whose registers the block lent (a way out). */
void ra_reload_lent_pins(void);
/* After a helper that may write globals: the pinned ones come back. */
void ra_reload_global_pins(void);
/* After a call that may write globals: every pinned global again from
 * the CPU state (in a looping block, its loop pins too; lent pins stay
 * lent). */
void ra_reload_pins_after_call(void);
/* The host register of the i-th global pin (fault.c restores them). */
X86Reg ra_global_pin_reg(int i);
/* The back edge of a looping block: memory and registers as at its head. */
void ra_enter_loop_head(void);

/* Caller-saved registers that hold a value now. */
RegSet ra_live_caller_saved(void);
/* The guest registers that live only in host registers now (the global
 * pins excepted: they are always in theirs), as fault-site entries;
 * returns the count (at most 16). */
struct TCGFaultReg;
int ra_fault_regs(struct TCGFaultReg *regs);

/* For the driver. A new block: no register holds a value but the global
 * pins. */
void ra_begin_block(void);
/* At the start of the block's code: if it loops (jumps back to its own
 * start, makes no call), pins its most used globals and sets the loop
 * head here. */
void ra_prepare_loop(void);
/* In the prologue: pins the frontend's pinned globals to their registers
 * in all translated code (when enable) and loads them. */
void ra_prologue_global_pins(bool enable);
/* In the epilogue: stores them. */
void ra_epilogue_global_pins(void);

#endif
