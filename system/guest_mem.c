/*
 * tcg/guest_mem.h for arx-system: the translator fetches through the
 * SoftMMU (the dispatcher's lookup made the page's entry), helpers reach
 * guest memory through it and fault as the guest instruction would.
 */
#include "tcg/guest_mem.h"

#include <string.h>

#include "target-arm/sys.h"
#include "tcg/softmmu.h"

GuestFetchState guest_fetch_state(void *env, uint64_t pc)
{
    uint64_t phys;

    return softmmu_fetch_phys(env, pc, arm_mmu_index(env), &phys)
               ? GUEST_FETCH_OK
               : GUEST_FETCH_UNMAPPED;
}

/* Stage 1's GP bit is not modelled: no page is guarded. */
/* SVE is user mode's for now: no non-faulting probe of the SoftMMU. */
bool guest_readable(void *env, uint64_t addr)
{
    (void)env;
    (void)addr;
    return false;
}

bool guest_fetch_guarded(void *env, uint64_t pc)
{
    (void)env;
    (void)pc;
    return false;
}

uint32_t guest_fetch32(void *env, uint64_t pc)
{
    const uint8_t *page = softmmu_fetch_host(env, pc, arm_mmu_index(env));
    uint32_t insn;

    memcpy(&insn, page + (pc & (GUEST_PAGE_SIZE - 1)), 4);
    return insn;
}

void *guest_host_ptr(void *env, uint64_t addr, uint64_t len, GuestAccess access)
{
    (void)len; /* callers never cross a page */
    return softmmu_host_ptr(env, addr, access, arm_mmu_index(env));
}

uint64_t guest_load(void *env, uint64_t addr, unsigned size)
{
    return softmmu_load(env, addr, size, arm_mmu_index(env), 0);
}

void guest_store(void *env, uint64_t addr, unsigned size, uint64_t value)
{
    softmmu_store(env, addr, size, value, arm_mmu_index(env), 0);
}
