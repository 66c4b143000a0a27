/*
 * The dispatcher: runs translated code for one CPU state until the target
 * says it must stop (an exception such as a syscall), which the caller
 * then dispatches. Target-independent: the guest is reached only through
 * its TCGTargetOps (tcg/target_ops.h).
 */
#ifndef ARX_TCG_EXEC_H
#define ARX_TCG_EXEC_H

#include <stdbool.h>
#include <stdint.h>

#include "tcg/target_ops.h"

/* Sets up the IR context, the target's globals (ops->init), the code
 * cache and the backend; guest_base is fixed from now. */
void tcg_exec_init(const TCGTargetOps *ops, uintptr_t guest_base);
/* Runs blocks from env's block state until ops->must_stop(env), then
 * returns: exceptions are the caller's to dispatch (user mode: the CPU
 * loop in linux-user/). Any number of threads may run it at once, each
 * with its own env. */
void tcg_cpu_exec(void *env);
/* From a host signal handler, after tb_restore_fault_state: leaves the
 * translated code of this thread's tcg_cpu_exec, which returns. */
void tcg_exec_fault_return(void) __attribute__((noreturn));
/* Whether this thread runs tcg_cpu_exec: then its env, and a stack
 * address above every frame of translated code and of the helpers it
 * calls (for a fault handler looking for a helper's caller). */
bool tcg_exec_running(void **env, uintptr_t *stack_top);
/* Empties the calling thread's jump cache: a system mode's mappings
 * changed, so its virtual pcs may lead to other blocks. */
void tcg_exec_jmp_cache_clear(void);
/* The same for the pcs of one guest page (blocks never cross a page). */
void tcg_exec_jmp_cache_clear_page(uint64_t addr);
/* Releases the calling thread's per-thread state before it exits. */
void tcg_exec_thread_exit(void);
/* -d stats: the translation and dispatch counters, to the log. */
void tcg_log_stats(void);

#endif
