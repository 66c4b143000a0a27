/*
 * The A64 target as the accelerator sees it: its TCGTargetOps (translate,
 * -d in_asm and cpu logs, block state, exit test, kick). Exceptions are
 * not dispatched here but by the execution mode's CPU loop.
 */
#include "target-arm/cpu.h"

#include "target-arm/a64/translate.h"
#include "target-arm/helper_fp.h"
#include "target-arm/sys.h"
#include "target-arm/sve.h"
#include "tcg/softmmu.h"
#include "tcg/target_ops.h"
#include "util/log.h"

/* A64 user mode has one translation regime and no instruction-set
 * switch: blocks are keyed by the FP mode and the SVE vector length
 * (cpu.h), 0 in the default state. A debugger's step runs blocks of one
 * instruction, keyed apart like system mode's software step. */
static TCGBlockState arm_block_state(void *opaque)
{
    CPUARMState *env = opaque;
    TCGBlockState state = {.pc = env->pc, .phys = env->pc};

    /* A block that may read the flags first leaves to here when they are
     * lazy (a64_translate_block): they are computed before it runs. */
    arm_flags_settle(env);
    state.flags = (env->fpcr & ARM_TBFLAG_FP_MODE_FPCR) >> ARM_TBFLAG_FP_SHIFT;
    if ((env->fpcr & FPCR_FZ) && !(fp_fpsr_read(env) & FPSR_IXC))
        state.flags |= ARM_TBFLAG_FP_IXC_CLEAR;
    if (env->sve_vq != 1)
        state.flags |= ARM_TBFLAG_SVE_VL_OTHER;

    if (env->debug_step)
        state.phys |= ARM_PHYS_STEP;
    return state;
}

static bool arm_must_stop(void *opaque)
{
    const CPUARMState *env = opaque;

    return env->exception != EXCP_NONE || env->exit_request;
}

static void arm_log_state(void *opaque)
{
    const CPUARMState *env = opaque;

    for (int i = 0; i < 32; i++)
        arx_log("%s%-3s=%016llx%s", i % 4 ? " " : "",
                i == 31 ? "sp"
                        : (char[4]){'x', (char)('0' + i / 10),
                                    (char)('0' + i % 10), 0},
                (unsigned long long)env->x[i], i % 4 == 3 ? "\n" : "");
    arx_log("pc =%016llx nzcv=%x\n", (unsigned long long)env->pc,
            cpu_get_nzcv(env) >> 28);
}

static void arm_kick(void *opaque)
{
    ((CPUARMState *)opaque)->exit_request = 1;
}

const TCGTargetOps arm_a64_tcg_ops = {
    .init = a64_translate_init,
    .translate = a64_translate_block,
    .log_in_asm = a64_log_in_asm,
    .log_state = arm_log_state,
    .block_state = arm_block_state,
    .must_stop = arm_must_stop,
    .kick = arm_kick,
};

/*
 * arx-system: blocks are keyed by EL and PAN (the MMU index of their
 * accesses) and by the physical address of pc, found through the SoftMMU.
 * A pc that cannot be fetched raises its exception here: a misaligned pc
 * (never a key: its low bits hold the flags), or an instruction abort,
 * which the fill recorded.
 */
static TCGBlockState arm_sys_block_state(void *opaque)
{
    CPUARMState *env = opaque;
    TCGBlockState state = {.pc = env->pc};

    if (arm_current_el(env) == 1) {
        state.flags = ARM_TBFLAG_EL1;
        if (env->sys.pstate & PSTATE_PAN)
            state.flags |= ARM_TBFLAG_PAN;
    }
    if (env->pc & 3) {
        env->exception = EXCP_ALIGN;
        state.no_fetch = true;
    } else if (!softmmu_fetch_phys(env, env->pc, arm_mmu_index(env),
                                   &state.phys)) {
        state.no_fetch = true;
    } else if ((env->sys.pstate & PSTATE_SS) && arm_sys_step_active(env)) {
        state.phys |= ARM_PHYS_STEP; /* one instruction, then EXCP_STEP */
    }
    return state;
}

static void arm_sys_log_state(void *opaque)
{
    const CPUARMState *env = opaque;

    arm_log_state(opaque);
    arx_log("EL%d pstate=%08x elr=%016llx spsr=%08llx esr=%08llx "
            "far=%016llx\n",
            arm_current_el(env), env->sys.pstate,
            (unsigned long long)env->sys.elr_el1,
            (unsigned long long)env->sys.spsr_el1,
            (unsigned long long)env->sys.esr_el1,
            (unsigned long long)env->sys.far_el1);
}

/* Also an interrupt that is pending and not masked, and a software step
 * exception that is pending (the CPU loop takes both). */
static bool arm_sys_must_stop(void *opaque)
{
    const CPUARMState *env = opaque;

    return arm_must_stop(opaque) ||
           (env->sys.irq_line && !(env->sys.pstate & PSTATE_I)) ||
           ((env->sys.mdscr_el1 & 1) && !(env->sys.pstate & PSTATE_SS) &&
            arm_sys_step_active(env));
}

const TCGTargetOps arm_a64_sys_tcg_ops = {
    .init = a64_translate_init,
    .translate = a64_translate_block,
    .log_in_asm = a64_log_in_asm,
    .log_state = arm_sys_log_state,
    .block_state = arm_sys_block_state,
    .must_stop = arm_sys_must_stop,
    .kick = arm_kick,
    .chain_same_page = true,
    .flags_in_pc_low_bits = true,
};
