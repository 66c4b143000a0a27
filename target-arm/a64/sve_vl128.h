/*
 * SVE at VL 128 inline (sve_vl128.c): the predicated forms the SVE
 * translators emit as IR when s->sve_vl128. Each returns false where it
 * does not apply (other VL, a size the host cannot do), and the caller
 * then calls its helper; nothing here decodes.
 */
#ifndef ARX_A64_SVE_VL128_H
#define ARX_A64_SVE_VL128_H

#include "target-arm/a64/translate.h"

/* A branch to slow unless every element of size 1 << esz in Pg is active. */
void sve_vl128_unless_all_active(int pg, unsigned esz, TCGLabel slow);

/* Pd = (Zn cond Zm) where Pg (zeroing), NZCV as PredTest; cond an
 * SVE_CMP_* (helper_sve.h), the imm forms comparing with imm. */
bool sve_vl128_cmp(DisasContext *s, unsigned cond, unsigned esz, int rd, int rn,
                   int rm, int pg);
bool sve_vl128_cmp_imm(DisasContext *s, unsigned cond, unsigned esz, int rd,
                       int rn, int64_t imm, int pg);

/* PTRUE(S) Pd.T, pattern; PFALSE Pd. */
bool sve_vl128_ptrue(DisasContext *s, unsigned esz, int rd, unsigned pattern,
                     bool set_flags);
bool sve_vl128_pfalse(DisasContext *s, int rd);
/* BRKA/BRKB(S) Pd, Pg/Z or /M, Pn. */
bool sve_vl128_brk(DisasContext *s, bool before, bool merge, bool set_flags,
                   int rd, int rn, int pg);
/* PTEST Pg, Pn.B. */
bool sve_vl128_ptest(DisasContext *s, int pg, int pn);
/* AND ... NAND, SEL (op as helper_sve.c's plogic), with flags when s. */
bool sve_vl128_plogic(DisasContext *s, unsigned op, bool set_flags, int rd,
                      int rn, int rm, int pg);
/* The active elements of size 1 << esz in Pn (and Pg unless pg < 0). */
bool sve_vl128_cntp(DisasContext *s, unsigned esz, int pn, int pg,
                    TCGv_i64 *count);

/* Zdn = Zdn op Zm where Pg, else Zdn (BINOP_zpzz opc). */
bool sve_vl128_binop(DisasContext *s, unsigned opc, unsigned esz, int rd,
                     int rm, int pg);
/* MLA/MLS (mad false): Zda +-= Zn * Zm; MAD/MSB: Zdn = Za +- Zdn * Zm
 * (Za in rn); where Pg. */
bool sve_vl128_mla(DisasContext *s, bool sub, bool mad, unsigned esz, int rd,
                   int rn, int rm, int pg);
/* Zd = Pg ? Zn shifted by amount (op TCG_VEC_SHLI, SHRI, SARI) : Zd. */
bool sve_vl128_shift_imm(DisasContext *s, unsigned op, unsigned esz, int rd,
                         int rn, unsigned amount, int pg);
/* Zd = Pg ? op(Zn) : Zd (UNARY_zpz opc: SXT*, UXT*, ABS, NEG, FABS, FNEG,
 * NOT inline). */
bool sve_vl128_unary(DisasContext *s, unsigned opc, unsigned esz, int rd,
                     int rn, int pg);
/* FP_zpzz FADD, FSUB, FMUL, FSUBR (opc 0-3) on singles and doubles:
 * Zdn = Pg ? Zdn op Zm : Zdn. */
bool sve_vl128_fp_binop(DisasContext *s, unsigned opc, unsigned esz, int rd,
                        int rm, int pg);
/* FMLA ... FNMLS (opc 0-3), FMAD ... FNMSB (mad; Za in rm, Zm in rn) on
 * singles and doubles: inline when Pg is all true at run time. */
bool sve_vl128_fmla(DisasContext *s, unsigned opc, bool mad, unsigned esz,
                    int rd, int rn, int rm, int pg);
/* Zd = Pg ? Zn : Zm. */
bool sve_vl128_sel(DisasContext *s, unsigned esz, int rd, int rn, int rm,
                   int pg);
/* Zd = Pg ? Zn : (merge ? Zd : 0); pg < 0: Zd = Zn. */
bool sve_vl128_movprfx(DisasContext *s, unsigned esz, int rd, int rn, int pg,
                       bool merge);
/* Zd = Pg ? imm : (merge ? Zd : 0). */
bool sve_vl128_cpy_imm(DisasContext *s, unsigned esz, int rd, int64_t imm,
                       int pg, bool merge);
/* Zd's elements where bits (a predicate's, bit i << esz for element i)
 * has no bit zeroed. */
void sve_vl128_zero_inactive(unsigned esz, int rd, TCGv_i64 bits);
/* ST1 with a partial predicate (bits: its element bits) at ea, within
 * one page: one store per active element. */
void sve_vl128_store_active(unsigned esz, int rd, TCGv_i64 ea, TCGv_i64 bits);
/* Zd's first n bytes at ea, bits (a byte predicate) being 2^n - 1 with
 * n 1..15, the 16 bytes in one page. */
void sve_vl128_store_prefix(int rd, TCGv_i64 ea, TCGv_i64 bits);
/* Every element of Zd += v (INC/DEC vector by a count). */
bool sve_vl128_add_each(DisasContext *s, unsigned esz, int rd, TCGv_i64 v);

#endif
