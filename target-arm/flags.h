/*
 * What the A64 and A32/T32 translators share (target-arm/flags.c): the
 * TCG globals of the guest's general registers, pc and NZCV, and NZCV
 * production and condition tests. An AArch32 register Rn is the low half
 * of Xn, its high half kept zero; AArch32 flag-setting operations are the
 * sf = 0 forms. Nothing here knows about the host.
 */
#ifndef ARX_TARGET_ARM_FLAGS_H
#define ARX_TARGET_ARM_FLAGS_H

#include <stdbool.h>
#include <stdint.h>

#include "tcg/ir.h"

/* TCG globals for the guest state (arm_translate_globals_init). */
extern TCGv_i64 cpu_X[32]; /* cpu_X[31] is SP (A64) */
extern TCGv_i64 cpu_pc;
extern TCGv_i64 cpu_NF, cpu_ZF, cpu_CF, cpu_VF; /* see CPUARMState */

/* Creates the globals above, once (the target's init, which then pins
 * the ones it uses most). */
void arm_translate_globals_init(void);
/* A block starts, or code joins from a branch that skipped a compare:
 * forget the last compare (arm_fused_compare). */
void arm_flags_block_start(void);
/* Code joins from a branch whose ops start at index branch_op: a compare
 * made after that may not have run (one made before still holds, unless
 * a flag write since then says otherwise). */
void arm_flags_join(int branch_op);

/* ---- flags (lazy representation in cpu.h) ---- */

/* NZ from result (width per sf), C and V untouched: AArch32's logical
 * operations (their C is the shifter's). */
void gen_nz_cc(int sf, TCGv_i64 result);
/* NZ from result (width per sf), C = V = 0: ANDS, BICS, TST. */
void gen_logic_cc(int sf, TCGv_i64 result);
/* dest = a + b (or a - b, a + b + C, a - b - 1 + C) setting NZCV.
 * dest may alias a or b; width per sf (32: result zero-extended). */
void gen_add_cc(int sf, TCGv_i64 dest, TCGv_i64 a, TCGv_i64 b);
void gen_sub_cc(int sf, TCGv_i64 dest, TCGv_i64 a, TCGv_i64 b);
void gen_adc_cc(int sf, TCGv_i64 dest, TCGv_i64 a, TCGv_i64 b);
void gen_sbc_cc(int sf, TCGv_i64 dest, TCGv_i64 a, TCGv_i64 b);
/* dest = a + b + C / a + ~b + C without touching flags (ADC, SBC). */
void gen_adc(int sf, TCGv_i64 dest, TCGv_i64 a, TCGv_i64 b);
/* NZCV = nzcv (4-bit immediate, N in bit 3). */
void gen_set_nzcv_imm(unsigned nzcv);
/* NZCV from / to bits 31:28 of a register value (MRS/MSR NZCV). */
TCGv_i64 gen_get_nzcv(void);
void gen_set_nzcv(TCGv_i64 val);
/* NZCV (bits 31:28) from an IEEE compare op's code (fcmp_f32...: 0 less,
 * 1 equal, 2 greater, 3 unordered), as FCMP and VCMP set it. */
TCGv_i64 gen_nzcv_of_fp_compare(TCGv_i64 code);

/* A condition (Arm cond 0-15) as "value cond 0". */
typedef struct DisasCompare {
    TCGCond cond;
    TCGv_i64 value;
    TCGv_i64 value2; /* set only by users comparing two values */
} DisasCompare;
DisasCompare arm_test_cc(int cc);
/*
 * When the flags still hold a SUBS/CMP of this block, condition cc as
 * "a cond b" on its operands; false when cc or the history does not allow.
 */
bool arm_fused_compare(int cc, TCGCond *cond, TCGv_i64 *a, TCGv_i64 *b);
/*
 * At a way out whose target leaves the flags to code only a call or an
 * indirect branch reaches (A64_NZCV_ESCAPES): when they come from the
 * last SUBS/CMP, stores its operands and a lazy tag in cf (cpu.h)
 * instead of NZCV, and returns the flag globals that way out must not
 * write back; 0 (nothing emitted) when they do not. The last op before
 * the way out: a block that may read the flags first settles them
 * (a64_translate_block), as every C reader does.
 */
uint64_t arm_gen_lazy_flags(void);
/* The flags were just set from an IEEE compare's code (0 less, 1 equal,
 * 2 greater, 3 unordered): until the next flag write, conditions test
 * the code (one compare) instead of decoding NZCV. */
void arm_flags_of_fp_compare(TCGv_i64 code);
/* Condition cc as "value cond value2": on the operands of the last
 * SUBS/CMP or the code of the last FP compare when either still holds
 * the flags, else decoded from NZCV (arm_test_cc, value2 zero). */
DisasCompare arm_compare_cc(int cc);
/* Branch to label when Arm condition cc holds. */
void gen_brcond_cc(int cc, TCGLabel l);

#endif
