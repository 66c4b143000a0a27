/*
 * The seam between the accelerator (tcg/) and a guest target: everything
 * tcg/ calls in the target goes through one TCGTargetOps, which the target
 * defines (A64: target-arm/cpu.c) and the execution mode hands to
 * tcg_exec_init. tcg/ links against no target symbol.
 *
 * Exception dispatch is not here: tcg_cpu_exec returns once must_stop
 * says so, and the mode's CPU loop (user mode: linux-user/, the caller of
 * tcg_cpu_exec) turns the target's exception into a syscall or a signal.
 */
#ifndef ARX_TCG_TARGET_OPS_H
#define ARX_TCG_TARGET_OPS_H

#include <stdbool.h>
#include <stdint.h>

struct TranslationBlock;

/*
 * What a block is keyed by besides its pc: a word the target defines from
 * the CPU state the translated code depends on (A32/T32: the Thumb bit;
 * later EL, MMU index). A64 user mode: always 0.
 */
typedef struct TCGBlockState {
    uint64_t pc;
    uint32_t flags;
    /* Where the code lies: user mode pc itself; a system mode the
     * physical address of pc, so one block serves every mapping of its
     * page and a write to the physical page finds it. */
    uint64_t phys;
    /* (phys may carry TB_PHYS_VARIANT bits: a variant of the block, e.g.
     * one instruction only; they never name an address.) */
    /* pc cannot be fetched (a system mode's instruction abort): the target
     * has raised its exception, must_stop says so, nothing runs. */
    bool no_fetch;
} TCGBlockState;

typedef struct TCGTargetOps {
    /*
     * Creates the target's TCG globals, once: tcg_exec_init calls it
     * after tcg_context_init and before setting up the backend (which
     * may give pinned globals host registers). May be NULL.
     */
    void (*init)(void);
    /*
     * Fills tcg_ctx with the IR of the block at tb->pc, tb->flags, at
     * most max_insns guest instructions, and sets tb->size and
     * tb->icount. Guest code is read through tcg/guest_mem.h for env (the
     * thread that asked; a system mode needs its MMU state).
     */
    void (*translate)(struct TranslationBlock *tb, void *env, int max_insns);
    /* -d in_asm: prints the guest instructions of tb to the log. */
    void (*log_in_asm)(const struct TranslationBlock *tb, void *env);
    /* -d cpu: prints the guest registers to the log. May be NULL. */
    void (*log_state)(void *env);
    /* The block env runs next: its pc and flags. */
    TCGBlockState (*block_state)(void *env);
    /* True when the last exit needs the target's attention. */
    bool (*must_stop)(void *env);
    /* Makes the thread running env leave translated code soon. May be
     * NULL (a single-threaded user of tcg/). */
    void (*kick)(void *env);
    /* A system mode: a direct jump is chained only to a block of the same
     * guest page, whose mapping the block's own lookup proved (the jump
     * cache is emptied whenever mappings change). */
    bool chain_same_page;
    /* jmp_cache_key folds the flags into the pc's low bits rather than at
     * JMP_CACHE_FLAGS_SHIFT (tcg/tb.h): A64 system mode, whose flags
     * (< 4) fit the two low bits of its 4-aligned pcs, keeping the key
     * one-to-one for 64-bit pcs. */
    bool flags_in_pc_low_bits;
} TCGTargetOps;

#endif
