/*
 * Debugger breakpoints (tcg/debug.h): a small table of guest pcs, read by
 * the translator under the translation lock and changed under it too, so
 * no block is made from a page between a change and the drop of the
 * page's blocks.
 */
#include "tcg/debug.h"

#include "tcg/exec.h"
#include "tcg/guest_mem.h"
#include "tcg/tb.h"

#define TCG_DEBUG_MAX_BREAKPOINTS 256

_Atomic int tcg_debug_nb_breakpoints;
static uint64_t breakpoints[TCG_DEBUG_MAX_BREAKPOINTS];

bool tcg_debug_breakpoint_find(uint64_t pc)
{
    int n = __atomic_load_n(&tcg_debug_nb_breakpoints, __ATOMIC_ACQUIRE);

    for (int i = 0; i < n; i++)
        if (breakpoints[i] == pc)
            return true;
    return false;
}

static int breakpoint_index(uint64_t pc)
{
    for (int i = 0; i < tcg_debug_nb_breakpoints; i++)
        if (breakpoints[i] == pc)
            return i;
    return -1;
}

bool tcg_debug_breakpoint_insert(uint64_t pc)
{
    bool ok = true;

    tb_lock_code();
    if (breakpoint_index(pc) < 0) {
        if (tcg_debug_nb_breakpoints == TCG_DEBUG_MAX_BREAKPOINTS) {
            ok = false;
        } else {
            breakpoints[tcg_debug_nb_breakpoints] = pc;
            __atomic_store_n(&tcg_debug_nb_breakpoints,
                             tcg_debug_nb_breakpoints + 1, __ATOMIC_RELEASE);
        }
    }
    /* A T32 instruction at a page's last halfword lies in a block of the
     * page before: tb.c lists such a block on both pages. */
    if (ok)
        tb_drop_page_blocks(pc);
    tb_unlock_code();
    return ok;
}

bool tcg_debug_breakpoint_remove(uint64_t pc)
{
    int i;

    tb_lock_code();
    i = breakpoint_index(pc);
    if (i >= 0) {
        int last = tcg_debug_nb_breakpoints - 1;

        breakpoints[i] = breakpoints[last];
        __atomic_store_n(&tcg_debug_nb_breakpoints, last, __ATOMIC_RELEASE);
        tb_drop_page_blocks(pc);
    }
    tb_unlock_code();
    return i >= 0;
}

void tcg_debug_breakpoint_remove_all(void)
{
    tb_lock_code();
    while (tcg_debug_nb_breakpoints > 0)
        tcg_debug_breakpoint_remove(breakpoints[0]);
    tb_unlock_code();
}
