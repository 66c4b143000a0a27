/*
 * Register allocator state shared by the lowering files: where each temp
 * lives and how to get it into a host register. Internal to the backend.
 */
#ifndef ARX_TCG_X86_64_REGALLOC_H
#define ARX_TCG_X86_64_REGALLOC_H

#include <stdbool.h>
#include <stdint.h>

#include "tcg/ir.h"
#include "tcg/tb.h"
#include "tcg/x86_64/emit.h"

/* Reserved host registers. */
#define REG_ENV X86_R14
#define REG_GUEST_BASE X86_R15
#define REG_SCRATCH X86_R11 /* free for any lowering; clobbered by calls */

typedef uint32_t RegSet;
#define REGSET(r) (1u << (r))

#define FRAME_SLOTS 256
#define FRAME_SIZE (FRAME_SLOTS * 8 + 8) /* keeps rsp 16-byte aligned */
/* The last 8 bytes of the frame: the thread's JmpCache pointer. */
#define FRAME_JMP_CACHE (FRAME_SLOTS * 8)

typedef struct Backend {
    X86Asm as;
    TranslationBlock *tb;
    TCGTemp *reg_owner[16]; /* change through ra_own / ra_disown */
    RegSet owned;            /* registers with an owner */
    int nb_slots;
    bool too_big;
    const void *epilogue;
    uint64_t dead_globals; /* of the op being lowered */
    /* A block that branches back to its own start loops inside its code:
     * loop_head is where, and the globals it uses most stay pinned to
     * registers (pinned_regs) across the back edge. */
    bool loop;
    uint32_t loop_head;
    RegSet pinned_regs;
    /* Of those, the ones tcg_pin_globals pinned in all code: the epilogue
     * stores them, exits need not. */
    RegSet global_pin_regs;
    const void *exit_zero;
    const void *lookup_stub; /* see tcg_backend_lookup_stub */
    /* Jumped to on a cold way out with r11 pointing at a LeaveData:
     * stores the pc and leaves with the exit value. */
    const void *leave_stub;
} Backend;

/* The data after "lea r11, [rip + 5]; jmp leave_stub" in a block. */
typedef struct LeaveData {
    uint64_t pc;         /* the guest pc to store */
    uint64_t exit_value; /* for the dispatcher: 0 or tb | slot */
    int32_t pc_offset;   /* where in the CPU state the pc goes */
} __attribute__((packed)) LeaveData;

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

static inline TCGTemp *arg_temp(const TCGOp *op, int i)
{
    return tcg_temp((uint32_t)op->args[i]);
}

static inline bool arg_dies(const TCGOp *op, int i)
{
    return (op->life >> i) & 1;
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
/* Empties r, moving or spilling its temp. */
void ra_evict(X86Reg r, RegSet avoid);
/* Frees r's temp from r (it must be dead or saved). */
void ra_release(X86Reg r);
/* Output register for a two-address op "out = a op ...": in place when
 * possible, else a fresh register holding a copy of a. */
X86Reg ra_out_from(const TCGOp *op, int out_arg, int a_arg, RegSet avoid);
/* True if t is a constant usable as a sign-extended imm32 at width w. */
bool ra_imm32(const TCGTemp *t, int width, int32_t *imm);
/* Memory operand of a temp's home location. */
X86Mem ra_home(TCGTemp *t);
/* Empties every caller-saved register before a call. */
void ra_clobber_caller_saved(void);
/* Frees every register (after a label all values are in memory). */
void ra_forget_regs(void);
/* Emits the flag-setting compare for cond (lower_alu.c); returns the x86
 * condition that holds when "a cond b" does. */
X86Cond lower_compare(int w, TCGCond cond, TCGTemp *a, TCGTemp *b,
                      RegSet avoid);
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
/* After a helper that may write globals: the pinned ones come back. */
void ra_reload_global_pins(void);
/* The host register of the i-th global pin (fault.c restores them). */
X86Reg ra_global_pin_reg(int i);
/* The back edge of a looping block: memory and registers as at its head. */
void ra_enter_loop_head(void);

/* Records that the next instruction emitted is a guest memory access
 * that may fault (with the current guest pc and register map). */
void ra_note_fault_site(void);

/* Vectors of the CPU state cached in xmm registers (vcache.c). */
void vcache_reset(void);
/* Copies bytes (8: upper half zeroed, or 16) at env offset ofs into x. */
void vcache_load(X86Xmm x, int32_t ofs, unsigned bytes);
/* Makes x's low oprsz bytes the vector at ofs, zeroed up to maxsz. */
void vcache_store(int32_t ofs, X86Xmm x, unsigned oprsz, unsigned maxsz);
/* A whole new value for the vector at ofs is about to be written into
 * the returned register (its old value stays the one a fault sees until
 * vcache_mark_written). */
X86Xmm vcache_prepare_write(int32_t ofs);
void vcache_mark_written(int32_t ofs);
/* Before other code reads (or writes) env bytes [ofs, ofs + len). */
void vcache_sync_range(int32_t ofs, unsigned len, bool writes);
/* Writes every cached vector back; forget: and drops them. */
void vcache_flush(bool forget);
/* Called before each op is lowered: syncs what op may touch. */
void vcache_before_op(const TCGOp *op);
/* The cached vectors (at most 16): which xmm, which env bytes, dirty. */
typedef struct VCacheSlot {
    X86Xmm xmm;
    int32_t ofs;
    bool dirty;
} VCacheSlot;
int vcache_snapshot(VCacheSlot *out);
/* The dirty cached vectors as fault-site registers; returns the count. */
struct TCGFaultReg;
int vcache_fault_regs(struct TCGFaultReg *regs);

/* Caller-saved registers that hold a value now. */
RegSet ra_live_caller_saved(void);

/* Lowerings: each returns false if it does not handle op->opc. */
bool lower_alu(TCGOp *op);
bool lower_mem(TCGOp *op);
bool lower_ctl(TCGOp *op);
bool lower_vec(TCGOp *op);
bool lower_fp(TCGOp *op);
bool lower_vec_fp(TCGOp *op);
bool lower_fp_guarded(TCGOp *op);

/*
 * Out-of-line slow paths (slowpath.c), emitted after the block: made at a
 * point where the allocator's state stays put until slowpath_resume_here;
 * they call func(env, args...) and rejoin with the result in xmm result
 * (from the helper's return value, or reloaded from the CPU state).
 */
typedef struct SlowPath SlowPath;
SlowPath *slowpath_new(const void *func, X86Xmm result);
void slowpath_arg_imm(SlowPath *sp, uint64_t imm);
/* The low 64 (or 32, zero-extended) bits of x. */
void slowpath_arg_xmm(SlowPath *sp, X86Xmm x, int bits);
void slowpath_result_from_env(SlowPath *sp, int32_t ofs, unsigned bytes);
void slowpath_jump_if(SlowPath *sp, X86Cond cc);
void slowpath_resume_here(SlowPath *sp);
void slowpaths_reset(void);
void slowpaths_finish(void);
/* Jumps to sp when the mode word (env offset << 32 | mask) has a bit of
 * mask set (lower_vec_fp.c). */
void lower_jump_if_mode(SlowPath *sp, uint64_t mode);

/* How lower_fp does a scalar IEEE op (lower_fp_guarded uses the same). */
typedef enum { FP_ARITH, FP_FMA, FP_CMP } FpKind;

typedef struct FpLowering {
    TCGOpcode opc;
    FpKind kind;
    int op;   /* X86SseOp (arith, compare) or X86FmaOp */
    int bits; /* 32: movd, single; 64: movq, double */
} FpLowering;

/* The lowering of opc (fadd_f32 ... fcmpe_f64), or NULL. */
const FpLowering *fp_lowering(TCGOpcode opc);

/* Labels and out-of-line exits (lower_ctl.c): reset per block, and the
 * exits emitted after the block's last op. */
void labels_reset(void);
void lower_ctl_finish(void);

#endif
