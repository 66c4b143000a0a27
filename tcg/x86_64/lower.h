/*
 * The lowering files (lower_*.c): one entry point per op class of ops.def,
 * called only by the driver (codegen.c), and what one lowering lends
 * another. Lowerings use the allocator and the emitter, never the driver.
 */
#ifndef ARX_TCG_X86_64_LOWER_H
#define ARX_TCG_X86_64_LOWER_H

#include <stdbool.h>
#include <stdint.h>

#include "tcg/ir.h"
#include "tcg/x86_64/emit.h"
#include "tcg/x86_64/fault.h"
#include "tcg/x86_64/regalloc.h"
#include "tcg/x86_64/reloc.h"
#include "tcg/x86_64/slowpath.h"
#include "tcg/x86_64/vcache.h"

/* Lowerings, one per op class: each returns false for an op it does not
 * handle (the class column of ops.def and the lowering disagree). */
bool lower_alu(TCGOp *op);
bool lower_mem(TCGOp *op);
bool lower_ctl(TCGOp *op);
bool lower_vec(TCGOp *op);
bool lower_fp(TCGOp *op);
bool lower_vec_fp(TCGOp *op);
bool lower_fp_guarded(TCGOp *op);

/* Labels and out-of-line exits (lower_ctl.c): reset per block, and the
 * exits emitted after the block's last op. */
void labels_reset(void);
void lower_ctl_finish(void);

/* The data after "lea r11, [rip + 5]; jmp leave_stub" in a block
 * (lower_ctl.c writes it, the driver's leave stub reads it). */
typedef struct LeaveData {
    uint64_t pc;         /* the guest pc to store */
    uint64_t exit_value; /* for the dispatcher: 0 or tb | slot */
    int32_t pc_offset;   /* where in the CPU state the pc goes */
} __attribute__((packed)) LeaveData;

/* Emits the flag-setting compare for cond (lower_alu.c); returns the x86
 * condition that holds when "a cond b" does. */
X86Cond lower_compare(int w, TCGCond cond, TCGTemp *a, TCGTemp *b,
                      RegSet avoid);

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

/* Whether the host has AVX and the OS saves its state (cpuid, XCR0). */
bool x86_host_has_avx(void);
/* Whether the host has SSE4.1 (roundsd, pinsrq, pextrq...). */
bool x86_host_has_sse41(void);

/* The lowering of opc (fadd_f32 ... fcmpe_f64), or NULL. */
const FpLowering *fp_lowering(TCGOpcode opc);

#endif
