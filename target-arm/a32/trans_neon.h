/*
 * Shared between the AArch32 Advanced SIMD translator files
 * (trans_neon.c: data processing, trans_neon_ls.c: element and
 * structure loads/stores). Both take A32-layout encodings.
 */
#ifndef ARX_TARGET_ARM_A32_TRANS_NEON_H
#define ARX_TARGET_ARM_A32_TRANS_NEON_H

#include "target-arm/a32/translate.h"

/* The env offset of Dn (n up to 63: 32-63 are the staging V16-V31). */
int32_t neon_dofs(int64_t dreg);
/* 1111 0100 xxx0 ... (VLDn/VSTn); false for UNDEF. */
bool a32_decode_neon_ls(DisasContext *s, uint32_t insn);
const char *a32_describe_neon_ls(uint32_t insn, char *buf, size_t len);

#endif
