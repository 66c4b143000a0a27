/*
 * The A32/T32 user-mode target as the accelerator sees it: its
 * TCGTargetOps (blocks keyed by the Thumb bit and ITSTATE), the CPSR a
 * user program sees, and -d in_asm's dispatch over the group decoders.
 */
#include "target-arm/cpu.h"

#include "target-arm/a32/translate.h"
#include "target-arm/helper_fp.h" /* FPCR_FZ, FPCR_RMODE_MASK */
#include "target-arm/sys.h"       /* ARM_PHYS_STEP */
#include "tcg/target_ops.h"
#include "util/log.h"

const char *a32_describe(const DisasContext *s, char *buf, size_t len)
{
    const char *d;

    /* The unconditional A32 space is mostly Advanced SIMD, whose words
     * other groups' patterns (with a cond field) would misname. */
    if (!s->thumb && (s->insn >> 28) == 0xf) {
        d = a32_describe_neon(s, buf, len);
        if (d)
            return d;
    }
    d = a32_describe_dp(s, buf, len);
    d = d ? d : a32_describe_ldst(s, buf, len);
    d = d ? d : a32_describe_vfp(s, buf, len);
    return d ? d : a32_describe_neon(s, buf, len);
}

static TCGBlockState a32_block_state(void *opaque)
{
    const CPUARMState *env = opaque;
    uint32_t flags = (env->thumb ? A32_TBFLAG_THUMB : 0) |
                     (env->condexec & 0xff) << A32_TBFLAG_CONDEXEC_SHIFT;

    if (env->fpcr & FPCR_FZ)
        flags |= A32_TBFLAG_FZ;
    flags |= ((env->fpcr & FPCR_RMODE_MASK) >> FPCR_RMODE_SHIFT)
             << A32_TBFLAG_RMODE_SHIFT;

    TCGBlockState state = {.pc = env->pc, .flags = flags, .phys = env->pc};

    if (env->debug_step) /* a debugger's step: blocks of one insn */
        state.phys |= ARM_PHYS_STEP;
    return state;
}

static bool a32_must_stop(void *opaque)
{
    const CPUARMState *env = opaque;

    return env->exception != EXCP_NONE || env->exit_request;
}

static void a32_log_state(void *opaque)
{
    const CPUARMState *env = opaque;
    static const char *const names[16] = {"r0", "r1", "r2", "r3", "r4",  "r5",
                                          "r6", "r7", "r8", "r9", "r10", "fp",
                                          "ip", "sp", "lr", "pc"};

    for (int i = 0; i < 16; i++)
        arx_log("%s%-3s=%08llx%s", i % 4 ? " " : "", names[i],
                (unsigned long long)(i == 15 ? env->pc : env->x[i]),
                i % 4 == 3 ? "\n" : "");
    arx_log("cpsr=%08x\n", cpu_get_cpsr(env));
}

static void a32_kick(void *opaque)
{
    ((CPUARMState *)opaque)->exit_request = 1;
}

const TCGTargetOps arm_a32_tcg_ops = {
    .init = a32_translate_init,
    .translate = a32_translate_block,
    .log_in_asm = a32_log_in_asm,
    .log_state = a32_log_state,
    .block_state = a32_block_state,
    .must_stop = a32_must_stop,
    .kick = a32_kick,
};
