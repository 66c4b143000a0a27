/*
 * Operation codes of helper_sve_perm (SVE permutes, element moves,
 * predicate partitioning and counts by predicate), shared by
 * trans_sve_perm.c and helper_sve_perm.c. The descriptor is
 * helper_sve.h's; nothing here emits IR.
 */
#ifndef ARX_TARGET_ARM_HELPER_SVE_PERM_H
#define ARX_TARGET_ARM_HELPER_SVE_PERM_H

#include <stdint.h>

#include "target-arm/helper_sve.h"

/* What helper_sve_perm does (the descriptor's op field). */
typedef enum SvePermOp {
    SVE_PERM_LAST,     /* aux: SVE_PERM_*; returns the element */
    SVE_PERM_CLAST,    /* a: Rdn or Vdn's value; returns the result */
    SVE_PERM_CLAST_Z,  /* aux: SVE_PERM_B */
    SVE_PERM_CPY,      /* a: the value; Zd = a where Pg */
    SVE_PERM_INSR,     /* a: the value shifted in at element 0 */
    SVE_PERM_EXT,      /* aux: the byte position */
    SVE_PERM_SPLICE,   /* Zdn from Zdn's active segment, then Zm */
    SVE_PERM_COMPACT,  /* Zd = Zn's active elements, packed */
    SVE_PERM_TBL,      /* Zd[i] = Zn[Zm[i]], 0 out of range */
    SVE_PERM_RBIT,     /* Zd = bit-reversed Zn where Pg */
    SVE_PERM_BRK,      /* aux: SVE_PERM_B | SVE_PERM_MERGE; NZCV */
    SVE_PERM_BRKN,     /* Pd = last active Pn ? Pd : 0; NZCV */
    SVE_PERM_BRKP,     /* aux: SVE_PERM_B; NZCV */
    SVE_PERM_PFIRST,   /* NZCV */
    SVE_PERM_PNEXT,    /* NZCV */
    SVE_PERM_CNTP,     /* returns the active elements of Pn (and Pg) */
    SVE_PERM_SATP,     /* a: Xdn; aux: SVE_PERM_SAT_*; returns Xdn */
    SVE_PERM_INCDEC_Z, /* aux: SVE_PERM_SAT_*; a: the count, unsigned */
    SVE_PERM_CTERM,    /* a: op1 ^ op2; b: NZCV; aux: 1 NE; NZCV */
} SvePermOp;

/* LASTB, CLASTB, BRKB, BRKPB (else the A forms); merging BRKA/BRKB;
 * LAST and CLAST to a V register (the value zero-extended in Zd). */
enum {
    SVE_PERM_B = 1 << 0,
    SVE_PERM_MERGE = 1 << 1,
    SVE_PERM_TO_V = 1 << 2,
};

/* Increment or decrement, saturating (signed or unsigned) or wrapping,
 * 64 or 32-bit scalar (the vector forms: the element size). */
enum {
    SVE_PERM_SAT_DEC = 1 << 0,
    SVE_PERM_SAT_UNSIGNED = 1 << 1,
    SVE_PERM_SAT_64 = 1 << 2,
    SVE_PERM_SAT_WRAP = 1 << 3,
};

/* The descriptor of op (sve_desc's layout, op in bits 0-7). */
static inline uint64_t sve_perm_desc(SvePermOp op, unsigned esz, unsigned rd,
                                     unsigned rn, unsigned rm, unsigned pg,
                                     uint32_t aux)
{
    return sve_desc((SveOp)0, esz, rd, rn, rm, pg, aux) | (uint64_t)op;
}

#endif
