/*
 * FPSCR read and write for C code outside translated code (signal frames,
 * ptrace, tests): see helper_a32_vfp.h. Nothing here emits IR.
 */
#include "target-arm/a32/helper_a32_vfp.h"

#include "target-arm/helper_fp.h"

uint32_t a32_vfp_fpscr_read(const CPUARMState *env)
{
    return env->fpcr | fp_fpsr_read(env);
}

void a32_vfp_fpscr_write(CPUARMState *env, uint32_t val)
{
    env->fpcr = val & ARM_FPCR_WRITABLE;
    fp_fpsr_write(env, val & A32_FPSCR_FLAGS);
}
