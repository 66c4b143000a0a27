/*
 * MTE tag checks of SVE memory accesses (sve_mte.h): called by the SVE
 * memory helpers before they access an element; a synchronous fault
 * leaves translated code from the helper as a host fault there would.
 */
#include "target-arm/sve_mte.h"

#include "target-arm/features.h"
#include "target-arm/mte.h"
#include "tcg/exec.h"
#include "tcg/tb.h"
#include "util/log.h"

bool sve_mte_checking(const CPUARMState *env)
{
    return __atomic_load_n(&arm_mte_active, __ATOMIC_RELAXED) &&
           arm_cpu_has(ARM_FEAT_MTE) &&
           (env->tagged_addr_ctrl & (MTE_CTRL_TCF_SYNC | MTE_CTRL_TCF_ASYNC));
}

bool sve_mte_matches(const CPUARMState *env, uint64_t addr, uint64_t bytes)
{
    uint64_t fault;

    return !sve_mte_checking(env) || !mte_check_range(addr, bytes, &fault);
}

void sve_mte_check(CPUARMState *env, uint64_t addr, uint64_t bytes,
                   bool is_write)
{
    uint64_t fault, pc;

    if (!mte_check_range(addr, bytes, &fault))
        return;
    /* Both modes asked: synchronous, as helper_mte_check prefers. */
    if (!(env->tagged_addr_ctrl & MTE_CTRL_TCF_SYNC)) {
        env->mte_async_fault = 1;
        env->exit_request = 1;
        return;
    }
    if (!tb_caller_site_pc(&pc))
        arx_fatal("SVE tag check fault outside a helper call site");
    env->pc = pc;
    env->exception = EXCP_MTE;
    env->excp_syndrome = is_write;
    env->fault_addr = fault;
    tcg_exec_fault_return();
}
