/*
 * Operation codes and descriptor fields of the SVE gather, scatter and
 * LD1RQ helper (helper_sve_mem.c), shared with the translator
 * (trans_sve_mem.c). The descriptor layout is helper_sve.h's sve_desc().
 */
#ifndef ARX_TARGET_ARM_HELPER_SVE_MEM_H
#define ARX_TARGET_ARM_HELPER_SVE_MEM_H

#include "target-arm/helper_sve.h"

/* What helper_sve_gs does (desc bits 0-7). */
typedef enum SveMemOp {
    SVE_MEM_GATHER,  /* rd: Zt, rm: the offsets or base vector, esz 2-3 */
    SVE_MEM_SCATTER, /* the same */
    SVE_MEM_LD1RQ,   /* rd: Zt, esz = msz; the address is the argument */
    SVE_MEM_LD1RO,   /* the same, a 32-byte segment (trans_sve_mm.c) */
} SveMemOp;

/* aux: the memory size (log2) in bits 0-1, then these. */
enum {
    SVE_GS_SIGNED = 1 << 2, /* LD1S*: sign-extend to the element */
    SVE_GS_FF = 1 << 3,     /* LDFF1*: first-fault, the FFR */
    SVE_GS_SCALED = 1 << 4, /* offsets shifted left by the memory size */
    SVE_GS_KIND_SHIFT = 5,  /* bits 5-6: how an element's address is made */
};

/* The address of element e, from Zm's element m and the scalar base. */
enum {
    SVE_GS_VEC_IMM, /* m + base (the immediate times the memory size) */
    SVE_GS_OFF64,   /* base + m */
    SVE_GS_UXTW,    /* base + m's low word, zero-extended */
    SVE_GS_SXTW,    /* base + m's low word, sign-extended */
};

#endif
