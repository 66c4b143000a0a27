/*
 * The vector cache (vcache.c): 16-byte vectors of the CPU state kept in
 * xmm4-xmm15 between the vector ops of a block. Lowerings reach CPU-state
 * vectors only through it; it knows nothing of any guest architecture.
 */
#ifndef ARX_TCG_X86_64_VCACHE_H
#define ARX_TCG_X86_64_VCACHE_H

#include <stdbool.h>
#include <stdint.h>

#include "tcg/ir.h"
#include "tcg/x86_64/emit.h"

void vcache_reset(void);
/* Copies bytes (8: upper half zeroed, or 16) at env offset ofs into x. */
void vcache_load(X86Xmm x, int32_t ofs, unsigned bytes);
/* Whether the vector at env offset ofs can be cached (16-byte aligned). */
bool vcache_can_hold(int32_t ofs);
/* The register holding the whole vector at ofs (loaded if missing), for
 * an op that reads it where it is; ofs as vcache_can_hold accepts. */
X86Xmm vcache_reg(int32_t ofs);
/* The same for a read of bytes 0-7 only: the rest of the register is
 * not loaded (anything may be there). */
X86Xmm vcache_reg_low(int32_t ofs);
/* Whether the vector at env offset ofs is cached, and where (*x):
 * nothing is loaded or written back, a read of its low 4 or 8 bytes can
 * take them from that register (vcache_before_op then leaves it be). */
bool vcache_cached(int32_t ofs, X86Xmm *x);
/* Makes x's low oprsz bytes the vector at ofs, zeroed up to maxsz. */
void vcache_store(int32_t ofs, X86Xmm x, unsigned oprsz, unsigned maxsz);
/* A whole new value for the vector at ofs is about to be written into
 * the returned register (its old value stays the one a fault sees until
 * vcache_mark_written). */
X86Xmm vcache_prepare_write(int32_t ofs);
void vcache_mark_written(int32_t ofs);
/* Whether x is a cached vector's register with bytes 8-15 zero. */
bool vcache_hi_zero(X86Xmm x);
/* A scalar op about to compute the vector at ofs (bytes 8-15 zero) in
 * place: *out is the register to compute it in, none of the nin inputs
 * in[] (they stay for a slow path, even where one is ofs's old value);
 * false when that cannot be (a loop pin read by the op). Then
 * vcache_end_scalar(ofs, *out) once both paths have it there. */
bool vcache_begin_scalar(int32_t ofs, const X86Xmm *in, int nin, X86Xmm *out);
void vcache_end_scalar(int32_t ofs, X86Xmm x);
/* Before other code reads (or writes) env bytes [ofs, ofs + len). */
void vcache_sync_range(int32_t ofs, unsigned len, bool writes);
/* Writes every cached vector back; forget: and drops them. */
void vcache_flush(bool forget);
/* In the preheader of a looping block (regalloc.h): loads the vectors
 * its FP ops read before writing (at most four, the most read) into
 * entries they keep at every block boundary inside the block; false when
 * none (or the block makes a call). */
bool vcache_prepare_loop(void);
/* Called before each op is lowered: syncs what op may touch. */
void vcache_before_op(const TCGOp *op);
/* The cached vectors (at most 16): which xmm, which env bytes, dirty. */
typedef struct VCacheSlot {
    X86Xmm xmm;
    int32_t ofs;
    bool dirty;
    bool hi_zero; /* bytes 8-15 zero: reloaded with 8 bytes */
} VCacheSlot;
int vcache_snapshot(VCacheSlot *out);
/* The dirty cached vectors as fault-site registers; returns the count. */
struct TCGFaultReg;
int vcache_fault_regs(struct TCGFaultReg *regs);

#endif
