/*
 * The dispatcher: runs translated code for one CPU state until the target
 * says it must stop (an exception such as a syscall). Target-independent:
 * the guest is reached only through the hooks below.
 */
#ifndef ARX_TCG_EXEC_H
#define ARX_TCG_EXEC_H

#include <stdbool.h>
#include <stdint.h>

typedef struct TCGTargetHooks {
    uint64_t (*get_pc)(void *env);
    /* True when the last exit needs the target's attention. */
    bool (*must_stop)(void *env);
    /* Logs the guest registers (-d cpu). */
    void (*log_state)(void *env);
    /* Makes the thread running env leave translated code soon. */
    void (*kick)(void *env);
} TCGTargetHooks;

/* Sets up the code cache and the backend; guest_base is fixed from now. */
void tcg_exec_init(const TCGTargetHooks *hooks, uintptr_t guest_base);
/* Runs blocks from the guest pc until hooks->must_stop(env). Any number of
 * threads may run it at once, each with its own env. */
void tcg_cpu_exec(void *env);
/* From a host signal handler, after tb_restore_fault_state: leaves the
 * translated code of this thread's tcg_cpu_exec, which returns. */
void tcg_exec_fault_return(void) __attribute__((noreturn));
/* Releases the calling thread's per-thread state before it exits. */
void tcg_exec_thread_exit(void);
/* -d stats: the translation and dispatch counters, to the log. */
void tcg_log_stats(void);

#endif
