/*
 * Out-of-line slow paths (slowpath.c) for lowerings that usually finish
 * inline; placed after the block. Knows nothing of the guest.
 */
#ifndef ARX_TCG_X86_64_SLOWPATH_H
#define ARX_TCG_X86_64_SLOWPATH_H

#include <stdint.h>

#include "tcg/x86_64/emit.h"

/*
 * A slow path is made at a point where the allocator's state stays put
 * until slowpath_resume_here; it calls func(env, args...) and rejoins with
 * the result in xmm result (from the helper's return value, or reloaded
 * from the CPU state).
 */
typedef struct SlowPath SlowPath;
SlowPath *slowpath_new(const void *func, X86Xmm result);
void slowpath_arg_imm(SlowPath *sp, uint64_t imm);
/* The low 64 (or 32, zero-extended) bits of x. */
void slowpath_arg_xmm(SlowPath *sp, X86Xmm x, int bits);
void slowpath_result_from_env(SlowPath *sp, int32_t ofs, unsigned bytes);
/* The slow path first puts back the MXCSR saved at frame offset slot (the
 * inline attempt's flags are dropped: the helper raises its own). */
void slowpath_restore_mxcsr(SlowPath *sp, int32_t slot);
void slowpath_jump_if(SlowPath *sp, X86Cond cc);

/*
 * A slow path whose helper may fault like the guest access it completes
 * (the SoftMMU's miss): before the call it stores every guest register
 * held only in a host register, so the CPU state is whole, and the call
 * is recorded as a fault site of the current guest instruction. Arguments
 * after env: general registers (at most two, first), then constants; the
 * result, if any, comes back in a general register.
 */
SlowPath *slowpath_new_guest_call(const void *func);
void slowpath_arg_reg(SlowPath *sp, X86Reg r);
void slowpath_result_reg(SlowPath *sp, X86Reg rd);
void slowpath_resume_here(SlowPath *sp);
/* Per block, from the driver: forget the last block's, emit this one's. */
void slowpaths_reset(void);
void slowpaths_finish(void);

#endif
