/*
 * Translation blocks and the code cache: lookup by guest pc (lock-free for
 * readers), translation under a lock, direct chaining by patching jumps.
 * Knows nothing about the guest ISA: the frontend is reached through
 * tb_gen_code's hook, gen_intermediate_code.
 */
#ifndef ARX_TCG_TB_H
#define ARX_TCG_TB_H

#include <stdbool.h>
#include <stdint.h>

#define TB_NO_JUMP 0xffff

typedef struct TranslationBlock {
    uint64_t pc;        /* guest address of the first instruction */
    uint32_t size;      /* guest bytes covered */
    uint16_t icount;    /* guest instructions */
    uint8_t *code;      /* host code */
    uint32_t code_size;
    /* Offset in code of the rel32 field of goto_tb slot n, and of the code
     * the unchained jump falls through to; TB_NO_JUMP when unused. */
    uint16_t jmp_field_offset[2];
    uint16_t jmp_reset_offset[2];
    struct TranslationBlock *_Atomic hash_next;
    /* Where guest memory accesses may fault, and how to rebuild the
     * guest state there (backend-specific records, see tcg_fault_*). */
    struct TCGFaultSite *fault_sites;
    uint32_t nb_fault_sites;
} TranslationBlock;

/*
 * -d stats counters, kept only while LOG_STATS is on (relaxed atomics:
 * several threads translate and dispatch).
 */
typedef struct TBStats {
    _Atomic uint64_t blocks;      /* translated */
    _Atomic uint64_t guest_insns; /* in those blocks */
    _Atomic uint64_t code_bytes;  /* host code written */
    _Atomic uint64_t translate_ns;
    _Atomic uint64_t retries;     /* block too big: translated again, shorter */
    _Atomic uint64_t flushes;     /* whole code cache */
    _Atomic uint64_t chains;      /* direct jumps patched between blocks */
} TBStats;
extern TBStats tb_stats;

/*
 * Per thread, a direct-mapped cache in front of the hash table for
 * indirect branches (returns, calls through pointers): one compare instead
 * of a hash walk. A flush makes it stale (generation mismatch); every
 * thread passes through the dispatcher, which clears it, before running
 * translated code again. The backend probes it inline (goto_lookup).
 */
#define JMP_CACHE_BITS 12
#define JMP_CACHE_SIZE (1u << JMP_CACHE_BITS)

typedef struct JmpCache {
    unsigned generation;
    struct {
        uint64_t pc;
        TranslationBlock *tb; /* NULL: empty */
    } entry[JMP_CACHE_SIZE];
} JmpCache;

static inline unsigned jmp_cache_index(uint64_t pc)
{
    return (unsigned)((pc >> 2) ^ (pc >> (2 + JMP_CACHE_BITS))) &
           (JMP_CACHE_SIZE - 1);
}

/* The frontend's entry point: fills tcg_ctx with the block's IR. */
void gen_intermediate_code(TranslationBlock *tb, int max_insns);
/* For -d in_asm: prints the guest instructions of tb to the log. */
void target_log_in_asm(const TranslationBlock *tb);

/* Maps the code cache and writes the backend's prologue (exec.c). */
uint8_t *tb_code_cache_init(uintptr_t guest_base);
/* The block for pc, or NULL (never blocks). */
TranslationBlock *tb_lookup(uint64_t pc);
/* The block for pc, translating it if needed; NULL when the code cache
 * is full (a flush has been requested: flush, then ask again). */
TranslationBlock *tb_find_or_translate(uint64_t pc);
/* Patches slot n of from so it jumps straight into to. */
void tb_add_jump(TranslationBlock *from, unsigned slot, TranslationBlock *to);
/* Drops every block (the code cache is full or code changed). The caller
 * guarantees no thread runs translated code (tcg_exec_flush). */
void tb_flush(void);
/* Asks for a flush once the running block has exited; safe to call from
 * helpers running inside translated code. */
void tb_request_flush(void);
bool tb_flush_requested(void);
/*
 * A host fault at host_pc inside translated code: writes the guest
 * registers held in host registers (from the host signal context) back to
 * their CPU state and returns the faulting instruction's guest pc and the
 * env pointer. False when host_pc is not a guest memory access.
 */
bool tb_restore_fault_state(void *host_ucontext, void **env,
                            uint64_t *guest_pc);
/* Counts flushes, so per-thread caches of block pointers can tell they
 * are stale. */
unsigned tb_flush_generation(void);

#endif
