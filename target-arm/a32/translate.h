/*
 * Shared state and helpers of the AArch32 user-mode translator (A32 and
 * T32): register access with r15's pc offsets, conditional execution and
 * IT blocks, interworking branches, guest memory with 32-bit addresses,
 * block exits. Each trans_*.c file decodes one group of encodings
 * (its own .decode files) and includes this; nothing here knows about
 * the host or about linux-user/.
 *
 * Registers: Rn lives in the low half of CPUARMState.x[n] (cpu_X[n]),
 * the high half always zero, so a value read with load_reg is already a
 * zero-extended 32-bit number and a guest address. Flags: target-arm/
 * flags.h with sf = 0.
 */
#ifndef ARX_TARGET_ARM_A32_TRANSLATE_H
#define ARX_TARGET_ARM_A32_TRANSLATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "target-arm/cpu.h"
#include "target-arm/flags.h"
#include "tcg/ir.h"

struct TranslationBlock;

/* Block flags (TCGBlockState.flags) of an AArch32 block. */
#define A32_TBFLAG_THUMB 1u
#define A32_TBFLAG_CONDEXEC_SHIFT 1 /* ITSTATE, 8 bits */
/* The FP mode VFP code is translated for: FPSCR.FZ and FPSCR.RMode. */
#define A32_TBFLAG_FZ (1u << 9)
#define A32_TBFLAG_RMODE_SHIFT 10
#define A32_TBFLAG_RMODE_MASK (3u << A32_TBFLAG_RMODE_SHIFT)
#define A32_TBFLAG_FP_MODE (A32_TBFLAG_FZ | A32_TBFLAG_RMODE_MASK)

typedef enum DisasJumpType {
    DISAS_NEXT,     /* keep translating */
    DISAS_TOO_MANY, /* block full: chain to pc_next */
    DISAS_JUMP,     /* pc (and the Thumb bit) stored: look the target up */
    DISAS_EXIT,     /* pc stored in env: return to the dispatcher */
    DISAS_NORETURN, /* the insn emitted its own exit */
} DisasJumpType;

typedef struct DisasContext {
    struct TranslationBlock *tb;
    void *env;         /* the thread translating: for guest_fetch* */
    uint64_t pc_first; /* first guest insn of the block */
    uint64_t pc_curr;  /* the insn being translated */
    uint64_t pc_next;  /* the insn after it */
    uint32_t insn;     /* A32: the word; T32: hw1 << 16 | hw2; T16: hw */
    bool thumb;        /* T32 (this block's instruction set) */
    uint32_t fp_mode;  /* the block's A32_TBFLAG_FP_MODE bits */
    /* The FPSCR.NZCV an unconditional VCMP just stored (bits 31:28),
     * valid for the insn at fp_nzcv_at (0: none). */
    TCGv_i64 fp_nzcv;
    uint64_t fp_nzcv_at;
    bool fp_code_valid; /* fp_code: the inline compare's code (FZ off) */
    TCGv_i64 fp_code;
    bool is_t16; /* the insn is a 16-bit T32 encoding */
    /* ITSTATE before this insn (0: outside an IT block). trans_IT sets
     * it for the next insn through condexec_next. */
    uint32_t condexec;
    uint32_t condexec_next;
    /* The insn is conditional: its code is skipped by a branch to
     * cond_label when the condition fails. */
    bool cond_active;
    TCGLabel cond_label;
    int cond_op; /* the op index where the condition test starts */
    DisasJumpType is_jmp;
    int insn_count;
    /* The flag globals (as a dead-globals mask) dead at every chained
     * exit so far; an exit elsewhere (lookup, exception) clears
     * all_exits_known. */
    uint64_t dead_at_exits;
    bool all_exits_known;
    /* A debugger's step (ARM_PHYS_STEP): one insn, whose every exit
     * raises EXCP_STEP with pc the next one. */
    bool single_step;
} DisasContext;

/* The TCGTargetOps entries (target-arm/a32/cpu.c holds the structure). */
void a32_translate_init(void);
void a32_translate_block(struct TranslationBlock *tb, void *env, int max_insns);
void a32_log_in_asm(const struct TranslationBlock *tb, void *env);

/* Inside an IT block: 16-bit data-processing encodings do not set flags. */
static inline bool a32_in_it_block(const DisasContext *s)
{
    return (s->condexec & 0xf) != 0;
}

/* ---- registers ---- */
/* A T32 branch to val, known to be even (TBB/TBH): store_reg's pc write
 * without its alignment mask. */
void gen_thumb_jmp_even(DisasContext *s, TCGv_i64 val);

/* A new temp holding Rn; r15 reads as the insn's address + 8 (A32) or
 * + 4 (T32). */
TCGv_i64 load_reg(DisasContext *s, int reg);
/* Align(PC, 4) + imm as T32/A32 literal and ADR addressing use it. */
TCGv_i64 load_pc_aligned(DisasContext *s, int64_t imm);
/* Rn = val (low 32 bits). r15: a branch (A32: BXWritePC, interworking as
 * ARMv7+ ALU writes to the pc are; T32: BranchWritePC) ending the
 * block. */
void store_reg(DisasContext *s, int reg, TCGv_i64 val);
/* Rn = val; r15: BXWritePC (interworking), as loads to the pc, BX, BLX
 * and POP do. */
void store_reg_bx(DisasContext *s, int reg, TCGv_i64 val);
/* The value of a register whose writes must go through store_reg:
 * cpu_X[n] itself for n < 15 (read only). */
static inline TCGv_i64 reg_global(int reg)
{
    return cpu_X[reg];
}

/* ---- branches and exits ---- */

/* Ends the block branching to dest in the same instruction set. */
void gen_jmp(DisasContext *s, uint64_t dest);
/* Ends the block at the next insn through the dispatcher (never chained):
 * after the insn changed the FP mode blocks are keyed by. */
void a32_gen_exit_to_next(DisasContext *s);
/* The chained jump of gen_jmp through slot (0 or 1), for branches that
 * emit their own two ways out; in_it: dest runs inside an IT block. The
 * flags the code at dest overwrites before reading are not stored. */
void a32_goto_tb(DisasContext *s, unsigned slot, uint64_t dest, bool in_it);
/* Which of N, Z, C, V (bits 3..0) the code at pc writes before reading
 * them, read from page only (target-arm/a32/nzcv_use.c). */
unsigned a32_nzcv_dead_at(void *env, uint64_t pc, bool thumb, uint64_t page);
/* Ends the block branching to dest in the other instruction set (BLX
 * immediate): the Thumb bit is stored, the target looked up. */
void gen_jmp_exchange(DisasContext *s, uint64_t dest, bool to_thumb);
/* Ends the block at the address in val: bit 0 chooses T32 (BX). */
void gen_bx(DisasContext *s, TCGv_i64 val);
/* Raises excp at the current insn (pc = pc_curr; EXCP_SVC: pc_next)
 * with a syndrome value. */
void a32_gen_exception(DisasContext *s, uint32_t excp, uint32_t syndrome);
/* UNDEF: the guest gets SIGILL; -d unimp names the encoding and pc. */
bool a32_undef(DisasContext *s);
/* Ends the block after this insn, returning to the dispatcher. */
void a32_exit_after_insn(DisasContext *s);

/* ---- guest memory: 32-bit addresses ---- */

/* A new temp: (base + offset) mod 2^32. */
TCGv_i64 gen_addr_add(TCGv_i64 base, int64_t offset);
/* Loads (zero- or sign-extended per mop) and stores at a 32-bit address
 * (a load_reg value or gen_addr_add's). */
void gen_aa32_ld(DisasContext *s, TCGv_i64 val, TCGv_i64 addr, MemOp mop);
void gen_aa32_st(DisasContext *s, TCGv_i64 val, TCGv_i64 addr, MemOp mop);

/* ---- group decoders: each returns false for "not mine" ---- */

/* A32 (cond field already handled: insn[31:28] != 0xf for these). */
bool a32_decode_dp(DisasContext *s, uint32_t insn);
bool a32_decode_ldst(DisasContext *s, uint32_t insn);
bool a32_decode_vfp(DisasContext *s, uint32_t insn);
/* A32 unconditional space (insn[31:28] == 0xf): NEON, BLX imm, PLD... */
bool a32_decode_uncond(DisasContext *s, uint32_t insn);
bool a32_decode_neon(DisasContext *s, uint32_t insn);
/* T32 32-bit (hw1 << 16 | hw2) and 16-bit encodings. */
bool t32_decode_dp(DisasContext *s, uint32_t insn);
bool t32_decode_ldst(DisasContext *s, uint32_t insn);
bool t32_decode_vfp(DisasContext *s, uint32_t insn);
bool t32_decode_neon(DisasContext *s, uint32_t insn);
bool t16_decode_dp(DisasContext *s, uint16_t insn);
bool t16_decode_ldst(DisasContext *s, uint16_t insn);

/* For -d in_asm: "PATTERN field=value ..." for s->insn (s->thumb and
 * s->is_t16 say which encoding), or NULL; a32_describe tries each group's. */
const char *a32_describe(const DisasContext *s, char *buf, size_t len);
const char *a32_describe_dp(const DisasContext *s, char *buf, size_t len);
const char *a32_describe_ldst(const DisasContext *s, char *buf, size_t len);
const char *a32_describe_vfp(const DisasContext *s, char *buf, size_t len);
const char *a32_describe_neon(const DisasContext *s, char *buf, size_t len);

#endif
