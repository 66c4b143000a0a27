/*
 * Out-of-line code for A64 system instructions (timer reads, DC ZVA),
 * called from translated code through the helper mechanism.
 * Must not touch the guest CPU state: these helpers are called without it.
 */
#include "target-arm/helper_sys.h"
#include "tcg/tb.h"

#include <string.h>
#include <time.h>

#include "linux-user/user.h"

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

uint64_t helper_dc_zva(uint64_t addr)
{
    /* The whole aligned block is written, whatever addr's alignment. */
    memset(g2h(addr & ~(uint64_t)(ARX_DC_ZVA_BYTES - 1)), 0, ARX_DC_ZVA_BYTES);
    return 0;
}
