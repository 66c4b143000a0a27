/*
 * The FEAT_MTE helpers (helpers_feat.def): tag checks under the thread's
 * PR_SET_TAGGED_ADDR_CTRL mode, IRG's random tag from the host, ADDG/SUBG
 * tag arithmetic, and allocation tag reads and writes (mte.h). No IR.
 */
#include "target-arm/helper_mte.h"

#include <stdlib.h>
#include <sys/random.h>

#include "target-arm/cpu.h"
#include "target-arm/mte.h"

#define TAG_FIELD (UINT64_C(0xf) << 56)

static uint64_t with_tag(uint64_t ptr, unsigned tag)
{
    return (ptr & ~TAG_FIELD) | (uint64_t)(tag & 0xf) << 56;
}

uint64_t helper_mte_check(uint64_t envp, uint64_t addr, uint64_t desc)
{
    CPUARMState *env = (CPUARMState *)(uintptr_t)envp;
    uint32_t tcf =
        env->tagged_addr_ctrl & (MTE_CTRL_TCF_SYNC | MTE_CTRL_TCF_ASYNC);
    uint64_t bytes = desc & MTE_DESC_BYTES, start = addr, fault;

    env->mte_fail = 0;
    if (desc & MTE_DESC_BLOCK)
        start &= ~(bytes - 1);
    if (!tcf || !mte_check_range(start, bytes, &fault))
        return mte_untag(addr);
    if (desc & MTE_DESC_BLOCK)
        fault = addr;
    /* Both modes asked: arx prefers synchronous (Linux: the CPU's
     * mte_tcf_preferred). */
    if (tcf & MTE_CTRL_TCF_SYNC) {
        env->mte_fail = 1;
        env->fault_addr = fault;
    } else {
        env->mte_async_fault = 1;
        env->exit_request = 1;
    }
    return mte_untag(addr);
}

/* 4-bit random numbers from the host, a buffer per thread. */
static unsigned random_nibble(void)
{
    static __thread uint8_t pool[64];
    static __thread unsigned left;

    if (left == 0) {
        if (getrandom(pool, sizeof(pool), 0) != (ssize_t)sizeof(pool))
            abort();
        left = 2 * sizeof(pool);
    }
    left--;
    return (pool[left / 2] >> (left & 1 ? 4 : 0)) & 0xf;
}

uint64_t helper_mte_irg(uint64_t envp, uint64_t xn, uint64_t xm)
{
    CPUARMState *env = (CPUARMState *)(uintptr_t)envp;
    unsigned exclude = (mte_exclude(env) | (unsigned)xm) & 0xffff;
    unsigned tag;

    if (exclude == 0xffff)
        return with_tag(xn, 0);
    do
        tag = random_nibble();
    while (exclude >> tag & 1);
    return with_tag(xn, tag);
}

uint64_t helper_mte_addg(uint64_t envp, uint64_t ptr, uint64_t desc)
{
    CPUARMState *env = (CPUARMState *)(uintptr_t)envp;
    unsigned tag = mte_choose_tag((unsigned)(desc >> 4) & 0xf,
                                  (unsigned)desc & 0xf, mte_exclude(env));

    return with_tag(ptr, tag);
}

uint64_t helper_mte_stg(uint64_t envp, uint64_t addr, uint64_t tag,
                        uint64_t desc)
{
    uint64_t clean = mte_untag(addr);

    (void)envp;
    for (uint64_t i = 0; i < desc; i++)
        mte_tag_set(clean + i * MTE_GRANULE, mte_ptr_tag(tag));
    return 0;
}

uint64_t helper_mte_ldg(uint64_t envp, uint64_t addr)
{
    (void)envp;
    return mte_tag_get(mte_untag(addr));
}
