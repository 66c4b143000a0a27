/*
 * FPSCR as AArch32 code, signal frames and ptrace see it, over the state
 * A64 keeps: control bits in env->fpcr, NZCV, QC and the cumulative flags
 * in env->fpsr (plus flags still pending in the host's FP status).
 * C only: no IR here (trans_vfp.c emits VMRS/VMSR inline).
 */
#ifndef ARX_TARGET_ARM_A32_HELPER_A32_VFP_H
#define ARX_TARGET_ARM_A32_HELPER_A32_VFP_H

#include <stdint.h>

#include "target-arm/cpu.h"

/* FPSCR bits kept in env->fpsr: NZCV, QC, IDC and IXC..IOC. */
#define A32_FPSCR_FLAGS 0xf800009fu

/* The guest's FPSCR (Len and Stride read as 0). */
uint32_t a32_vfp_fpscr_read(const CPUARMState *env);
/* FPSCR = val: control bits masked by ARM_FPCR_WRITABLE (Len, Stride and
 * the trap enables are dropped), flags to env->fpsr. Translated code
 * depending on the FP mode reads env->fpcr at run time. */
void a32_vfp_fpscr_write(CPUARMState *env, uint32_t val);

#endif
