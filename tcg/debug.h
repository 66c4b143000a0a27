/*
 * Debugger breakpoints for the translator: a set of guest pcs at which a
 * block must stop before running the instruction (the target raises its
 * debug exception there). Knows no debugger protocol and no guest ISA;
 * guest code is never written to.
 */
#ifndef ARX_TCG_DEBUG_H
#define ARX_TCG_DEBUG_H

#include <stdbool.h>
#include <stdint.h>

/* How many breakpoints are set: the translator's fast path when 0. */
extern _Atomic int tcg_debug_nb_breakpoints;

/* Adds or removes a breakpoint at pc and drops the translated blocks of
 * its page, so that the next lookup translates it anew. False when the
 * set is full (insert) or has no such breakpoint (remove). */
bool tcg_debug_breakpoint_insert(uint64_t pc);
bool tcg_debug_breakpoint_remove(uint64_t pc);
/* Removes every breakpoint (a debugger went away). */
void tcg_debug_breakpoint_remove_all(void);

/* Whether a breakpoint is set at pc: the table's walk. */
bool tcg_debug_breakpoint_find(uint64_t pc);

/* The same, cheap while none is set (the translator asks per insn). */
static inline bool tcg_debug_breakpoint_at(uint64_t pc)
{
    return __atomic_load_n(&tcg_debug_nb_breakpoints, __ATOMIC_ACQUIRE) &&
           tcg_debug_breakpoint_find(pc);
}

#endif
