/*
 * The SVE vector length of a user-mode thread as Linux manages it
 * (arch/arm64 fpsimd.c's rules): the default at exec, PR_SVE_SET_VL with
 * PR_SVE_SET_VL_ONEXEC and PR_SVE_VL_INHERIT, PR_SVE_GET_VL, and what an
 * exec hands to the next image. CPUARMState's sve_* fields only.
 */
#include "target-arm/sve.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "target-arm/features.h"

/* The arm64 prctl numbers and flags (uapi linux/prctl.h). */
enum {
    SVE_SET_VL = 50,
    SVE_GET_VL = 51,
    SVE_VL_LEN_MASK = 0xffff,
    SVE_VL_INHERIT = 1 << 17,
    SVE_SET_VL_ONEXEC = 1 << 18,
    SVE_VL_MAX = 0x2000, /* SVE_VL_MAX of uapi sigcontext.h: 8192 bytes */
};

unsigned arm_sve_default_vq = 1;

/* What the exec that started this image asked for (arm_sve_exec_arg),
 * applied to the first thread; exec_vq 0: nothing. */
static unsigned exec_vq, exec_onexec_vq, exec_inherit;

/* arx offers the power-of-two lengths 128 to 2048 bits, as the Arm ARM
 * now requires of implementations. */
unsigned arm_sve_supported_vq(unsigned vl)
{
    unsigned vq = ARM_SVE_VQ_MAX;

    while (vq > 1 && vq * 16 > vl)
        vq /= 2;
    return vq;
}

/* Z above 128 bits, P and the FFR zero (Linux drops the SVE state when
 * the VL changes and at exec; the V registers stay). */
static void clear_sve_regs(CPUARMState *env)
{
    env->zhi_live = 0;
    memset(env->preg, 0, sizeof(env->preg));
    memset(env->ffr, 0, sizeof(env->ffr));
}

void arm_sve_exec_start(CPUARMState *env)
{
    clear_sve_regs(env);
    env->sve_vq = exec_vq ? exec_vq : arm_sve_default_vq;
    env->sve_vq_onexec = exec_vq ? exec_onexec_vq : 0;
    env->sve_inherit = exec_inherit;
    exec_vq = 0;
}

/* The prctl's return value: the VL (or the ONEXEC one) and the flag. */
static int64_t vl_status(const CPUARMState *env, bool onexec)
{
    unsigned vq = onexec ? env->sve_vq_onexec : env->sve_vq;

    return (int64_t)(vq * 16) | (env->sve_inherit ? SVE_VL_INHERIT : 0);
}

static int64_t set_vl(CPUARMState *env, uint64_t arg)
{
    uint64_t vl = arg & SVE_VL_LEN_MASK, flags = arg & ~(uint64_t)vl;
    unsigned vq;

    if (flags & ~(uint64_t)(SVE_VL_INHERIT | SVE_SET_VL_ONEXEC))
        return -EINVAL;
    if (vl % 16 || vl < 16 || vl > SVE_VL_MAX)
        return -EINVAL;
    vq = arm_sve_supported_vq((unsigned)vl);
    env->sve_vq_onexec = flags ? vq : 0;
    env->sve_inherit = (flags & SVE_VL_INHERIT) != 0;
    if (!(flags & SVE_SET_VL_ONEXEC) && vq != env->sve_vq) {
        env->sve_vq = vq;
        clear_sve_regs(env);
    }
    return vl_status(env, (flags & SVE_SET_VL_ONEXEC) != 0);
}

int64_t arm_sve_prctl(CPUARMState *env, int option, uint64_t arg)
{
    if (!arm_cpu_has(ARM_FEAT_SVE))
        return -EINVAL;
    if (option == SVE_SET_VL)
        return set_vl(env, arg);
    return vl_status(env, false);
}

/*
 * An exec: the next image's first thread gets the ONEXEC VL (else the
 * default), keeps the inherit flag and, with it, the ONEXEC VL. NULL when
 * the next image starts as a fresh arx would.
 */
const char *arm_sve_exec_arg(const CPUARMState *env)
{
    static char arg[64];

    if (!env->sve_vq_onexec && !env->sve_inherit)
        return NULL;
    snprintf(arg, sizeof(arg), ARM_SVE_EXEC_OPTION "%u,%u,%u",
             env->sve_vq_onexec ? env->sve_vq_onexec : arm_sve_default_vq,
             env->sve_inherit ? env->sve_vq_onexec : 0, env->sve_inherit);
    return arg;
}

bool arm_sve_exec_parse(const char *value)
{
    unsigned vq, onexec, inherit;

    if (sscanf(value, "%u,%u,%u", &vq, &onexec, &inherit) != 3 || vq < 1 ||
        vq > ARM_SVE_VQ_MAX || onexec > ARM_SVE_VQ_MAX || inherit > 1)
        return false;
    exec_vq = vq;
    exec_onexec_vq = onexec;
    exec_inherit = inherit;
    return true;
}

bool arm_sve_set_default_vl(const char *bits)
{
    char *end;
    unsigned long vl = strtoul(bits, &end, 10);

    if (*end || vl < 128 || vl > 2048 || vl % 128)
        return false;
    arm_sve_default_vq = arm_sve_supported_vq((unsigned)(vl / 8));
    return arm_sve_default_vq * 128 == vl;
}
