/*
 * Out-of-line code for A64 system instructions (timer reads, DC ZVA,
 * IC IVAU), called from translated code through the helper mechanism.
 * Must not touch the guest CPU state; guest memory only through
 * tcg/guest_mem.h (DC ZVA's env is for that interface alone).
 */
#include "target-arm/helper_sys.h"
#include "tcg/guest_mem.h"
#include "tcg/tb.h"

#include <string.h>
#include <time.h>

uint64_t helper_cntvct(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    /* ARX_CNTFRQ_HZ is 1 GHz, so one tick is one nanosecond. */
    _Static_assert(ARX_CNTFRQ_HZ == 1000000000ull, "rescale the timer");
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

uint64_t helper_ic_ivau(uint64_t addr)
{
    /* The line never crosses a page: its page's blocks are dropped. */
    tb_invalidate_page(addr);
    return 0;
}

uint64_t helper_dc_zva(uint64_t env, uint64_t addr)
{
    /* The whole aligned block is written, whatever addr's alignment. */
    uint64_t block = addr & ~(uint64_t)(ARX_DC_ZVA_BYTES - 1);
    uint8_t *host = guest_host_ptr((void *)(uintptr_t)env, block,
                                   ARX_DC_ZVA_BYTES, GUEST_WRITE);

    /* addr's byte first: a fault reports Xt itself, as Arm's FAR does
     * for DC ZVA (the block lies in one page). */
    __atomic_store_n(host + (addr - block), 0, __ATOMIC_RELAXED);
    memset(host, 0, ARX_DC_ZVA_BYTES);
    return 0;
}
