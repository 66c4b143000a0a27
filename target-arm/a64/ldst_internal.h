/*
 * What trans_ldst.c (addressing, integer forms, the generated decoder) and
 * trans_ldst_simd.c (SIMD&FP data moves, structure loads/stores) share.
 * Only those two files may include this; it must not grow decode logic.
 */
#ifndef ARX_TARGET_ARM_A64_LDST_INTERNAL_H
#define ARX_TARGET_ARM_A64_LDST_INTERNAL_H

#include <stdbool.h>

#include "target-arm/a64/translate.h"

/* ---- from trans_ldst.c ---- */

/* A new temp holding Xn, 31 meaning SP (the base of every address). */
TCGv_i64 ldst_base(DisasContext *s, int rn);
/* Post-index writeback: Xn|SP = base + Xm, or + imm when rm == 31. */
void ldst_post_writeback(DisasContext *s, int rn, TCGv_i64 base, int rm,
                         int64_t imm);

/* ---- from trans_ldst_simd.c ---- */

/* Vt = the 1 << size bytes (size 0..4) at addr, the rest of Vt zeroed. */
void ldst_vec_load(DisasContext *s, int rt, int size, TCGv_i64 addr);
/* The low 1 << size bytes of Vt to addr. */
void ldst_vec_store(DisasContext *s, int rt, int size, TCGv_i64 addr);

/*
 * Fields of the Advanced SIMD structure forms, as Arm names them.
 * Replicate forms pass opcode = 0b110 | o, ld = 1 and s = 0.
 */
typedef struct LdstStructArgs {
    int q, ld, post, rm, opcode, r, s, size, rn, rt;
} LdstStructArgs;

/* LD1-LD4 / ST1-ST4 (multiple structures); false: unallocated. */
bool ldst_simd_multiple(DisasContext *s, const LdstStructArgs *a);
/* LD1-LD4 / ST1-ST4 (single structure, one lane); false: unallocated. */
bool ldst_simd_single(DisasContext *s, const LdstStructArgs *a);
/* LD1R-LD4R (single structure to all lanes); false: unallocated. */
bool ldst_simd_replicate(DisasContext *s, const LdstStructArgs *a);

#endif
