/*
 * Translation blocks and the code cache: lookup by guest pc (lock-free for
 * readers), translation under a lock, direct chaining by patching jumps,
 * invalidation per guest page. Knows nothing about the guest ISA nor its
 * memory map: the target translates through its TCGTargetOps.
 */
#ifndef ARX_TCG_TB_H
#define ARX_TCG_TB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define TB_NO_JUMP 0xffff
/* Chaining slots per block: a slot is also the low two bits of a block
 * pointer in an exit value and in the incoming-jump lists. */
#define TB_MAX_JUMPS 4

/*
 * A block is keyed by (pc, flags): flags is the target's word for the CPU
 * state its code was translated for (TCGBlockState). Two blocks at one pc
 * with different flags are different code; a chained jump only ever
 * leads to a block with the flags of the block it leaves.
 */
/* Bits of TCGBlockState.phys a target may set to key variants of a block
 * (A64 system mode: single step); page tracking ignores them. */
#define TB_PHYS_VARIANT (3ull << 62)

typedef struct TranslationBlock {
    /* What a lookup compares once a slot's pc matches (tb_lookup_phys,
     * the jump cache) is in the first 16 bytes: blocks are allocated
     * 16-byte aligned, so that is one cache line. */
    uint64_t phys;  /* where its code lies (TCGBlockState.phys) */
    uint32_t flags; /* the target's block state word */
    /* Set once the block's guest code may have changed: it is out of the
     * hash table and no jump leads into it any more. Its code stays until
     * the next full flush (a thread may still be inside it). */
    _Atomic bool invalid;
    /* 0: first tier; 1: second tier, a hot loop's region (the target
     * says), which the persistent cache does not keep: a later process
     * makes its own when the loop is hot there. */
    uint8_t tier;
    uint16_t icount; /* guest instructions */
    uint64_t pc;     /* guest address of the first instruction */
    uint32_t size;   /* guest bytes covered */
    uint32_t code_size;
    uint8_t *code; /* host code */
    /* Offset in code of the rel32 field of goto_tb slot n, and of the code
     * the unchained jump falls through to; TB_NO_JUMP when unused. */
    uint16_t jmp_field_offset[TB_MAX_JUMPS];
    uint16_t jmp_reset_offset[TB_MAX_JUMPS];
    /* Where guest memory accesses may fault, and how to rebuild the
     * guest state there (backend-specific records, see tcg_fault_*). */
    struct TCGFaultSite *fault_sites;
    uint32_t nb_fault_sites;
    /* Chaining, under the translation lock: where slot n is patched to go
     * (NULL: unchained), and the list of jumps into this block, each entry
     * a block pointer | slot (0 ends it), linked through jmp_next. */
    struct TranslationBlock *jmp_dest[TB_MAX_JUMPS];
    uintptr_t jmp_next[TB_MAX_JUMPS];
    uintptr_t jmp_first;
    /* The other blocks translated from the same guest page; a block whose
     * first instruction straddles into the next page (T32) is also on
     * that page's list, through page2_next. */
    struct TranslationBlock *page_next;
    struct TranslationBlock *page2_next;
} TranslationBlock;
_Static_assert(offsetof(TranslationBlock, invalid) + 1 <= 16,
               "lookup fields in the first 16 bytes");

/*
 * -d stats counters, kept only while LOG_STATS is on (relaxed atomics:
 * several threads translate and dispatch).
 */
typedef struct TBStats {
    _Atomic uint64_t blocks;      /* translated */
    _Atomic uint64_t guest_insns; /* in those blocks */
    _Atomic uint64_t code_bytes;  /* host code written */
    _Atomic uint64_t translate_ns;
    _Atomic uint64_t retries; /* block too big: translated again, shorter */
    _Atomic uint64_t flushes; /* whole code cache */
    _Atomic uint64_t page_flushes; /* guest pages whose blocks were dropped */
    _Atomic uint64_t invalidated;  /* blocks dropped by those */
    _Atomic uint64_t write_faults; /* writes caught on write-protected code */
    _Atomic uint64_t chains;       /* direct jumps patched between blocks */
    /* The persistent cache (tb_persist.h): blocks loaded from it instead
     * of translated, blocks given to it, records it refused, translated
     * blocks it could not take (code no relocation covers). */
    _Atomic uint64_t persist_loaded;
    _Atomic uint64_t persist_saved;
    _Atomic uint64_t persist_rejected;
    _Atomic uint64_t persist_unsaveable;
    /* Loop heads whose back-edge counter ran out (tb_loop_hot). */
    _Atomic uint64_t hot_loops;
} TBStats;
extern TBStats tb_stats;

/*
 * Per thread, a direct-mapped cache in front of the hash table for
 * indirect branches (returns, calls through pointers): one compare instead
 * of a hash walk. Each entry holds a key, the block's pc and flags folded
 * into one word (jmp_cache_key), and the host code to run for it, which
 * translated code probes inline (goto_lookup: compare the key, jump
 * through code); tb[] holds the entry's block for the C side. An
 * entry without a block points at the backend's lookup stub
 * (tcg_backend_lookup_stub), which asks the hash table, so no probe ever
 * tests for empty. A flush makes the cache stale (generation mismatch);
 * every thread passes through the dispatcher, which clears it, before
 * running translated code again. Invalidating a page empties the entries
 * of its blocks in every registered cache (tb_jmp_cache_register): tb
 * first (one compare-and-swap), then code.
 *
 * A thread's cache starts with 1 << JMP_CACHE_MIN_BITS entries (a short
 * process pays for no more) and doubles, up to JMP_CACHE_MAX_BITS, each
 * time it has been refilled from the hash table twice its size since it
 * last grew: a program with more hot code than entries (a compiler, a
 * JS engine) would otherwise miss on most indirect branches. Space for
 * the largest is reserved up front. An entry's index is Fibonacci
 * hashing at the size in use (jmp_cache_index): the inline probe reads
 * the size's multiplier and mask from the frame, where the prologue put
 * them, so the cache grows only at the dispatcher, between two entries
 * into translated code.
 */
#define JMP_CACHE_MIN_BITS 10
#define JMP_CACHE_MAX_BITS 16
#define JMP_CACHE_MAX (1u << JMP_CACHE_MAX_BITS)

typedef struct JmpCacheEntry {
    uint64_t key;     /* jmp_cache_key(pc, flags) */
    const void *code; /* the block's code, or the lookup stub */
} JmpCacheEntry;
_Static_assert(sizeof(JmpCacheEntry) == 16, "goto_lookup indexes by << 4");

typedef struct JmpCache {
    unsigned generation;
    unsigned bits;       /* 1 << bits entries in use */
    uint64_t index_mask; /* ((1 << bits) - 1) * sizeof(JmpCacheEntry) */
    uint64_t index_mul;  /* jmp_cache_mul(bits) */
    uint64_t refills;    /* entries filled from the hash table since the
                          * cache last grew */
    JmpCacheEntry entry[JMP_CACHE_MAX];
    TranslationBlock *tb[JMP_CACHE_MAX]; /* NULL: empty */
} JmpCache;

/* Empties every entry of jc. */
void tb_jmp_cache_clear(JmpCache *jc);

/*
 * The flags are folded into the pc's word so that the probe stays one
 * compare, and costs nothing when they are a constant 0 (key == pc: A64
 * user mode in its default state). The fold is one-to-one for every
 * target whose pcs fit in 32 bits (A32/T32: the Thumb bit changes at BX),
 * whose flags are 0, or whose flags use only bits 16 and up while its
 * pcs stay below 2^48 (A64 user mode, target-arm/cpu.h); a
 * target with wider pcs and non-zero flags (A64 system mode: EL, MMU
 * index) needs the flags as a word of their own in the entry and a
 * second compare in the probe.
 */
#define JMP_CACHE_FLAGS_SHIFT 32

/* The target's fold (TCGTargetOps.jmp_key_shift), set by tcg_exec_init. */
extern unsigned jmp_cache_flags_shift;

static inline uint64_t jmp_cache_key(uint64_t pc, uint32_t flags)
{
    return pc ^ ((uint64_t)flags << jmp_cache_flags_shift);
}

/*
 * Bits 2-31 of the key only, so a key's index is its pc's: multiplied
 * (Fibonacci hashing), the top bits taken. An xor of two bit ranges sent
 * gawk's interpreter blocks at structured distances (0x30028 apart) to
 * the same entry: 600k lookups a run missed the inline probe.
 */
#define JMP_CACHE_HASH_MUL 0x9e3779b1u

/* The top JMP_CACHE_MAX_BITS of the hash (loop counters, loop slots). */
static inline unsigned jmp_cache_hash(uint64_t key)
{
    return ((uint32_t)key >> 2) * JMP_CACHE_HASH_MUL >>
           (32 - JMP_CACHE_MAX_BITS);
}

/*
 * The multiplier for 1 << bits entries: the golden ratio scaled so that
 * bits 16 and up of the 64-bit product (pc >> 2) * mul are the top bits
 * of the fraction (pc >> 2) * 0.618..., as Fibonacci hashing takes them,
 * for any size with one fixed shift (the probe's). Taking the low bits
 * of a 16-bit hash for a smaller cache instead kept pcs whose hashes
 * differ only in the top bit (bash's loop, 0x5584 bytes apart) on one
 * entry.
 */
static inline uint64_t jmp_cache_mul(unsigned bits)
{
    return JMP_CACHE_HASH_MUL >> (JMP_CACHE_MAX_BITS - bits);
}

/* key's entry in jc (its owner, or another thread after a fence). */
static inline unsigned jmp_cache_index(const JmpCache *jc, uint64_t key)
{
    unsigned bits = __atomic_load_n(&jc->bits, __ATOMIC_RELAXED);
    uint64_t x = (uint32_t)key >> 2;

    return (unsigned)((x * jmp_cache_mul(bits)) >> 16) & ((1u << bits) - 1);
}
_Static_assert(JMP_CACHE_FLAGS_SHIFT >= 32,
               "the flags must not change a key's jump cache index");

struct TCGTargetOps;

/* Maps the code cache and writes the backend's prologue (exec.c); blocks
 * are translated by ops->translate. */
uint8_t *tb_code_cache_init(const struct TCGTargetOps *ops,
                            uintptr_t guest_base);
/* The block for (pc, flags), or NULL (never blocks). */
TranslationBlock *tb_lookup(uint64_t pc, uint32_t flags);
/* The same for a block whose code lies at phys (TCGBlockState.phys;
 * tb_lookup: phys == pc). */
TranslationBlock *tb_lookup_phys(uint64_t pc, uint32_t flags, uint64_t phys);
/* The block for (pc, flags), translating it for env if needed; NULL when
 * the code cache is full (a flush has been requested: flush, then ask
 * again). */
TranslationBlock *tb_find_or_translate(void *env, uint64_t pc, uint32_t flags);
TranslationBlock *tb_find_or_translate_phys(void *env, uint64_t pc,
                                            uint32_t flags, uint64_t phys);
/*
 * Hot loops: a first-tier block's back edge counts down (TCG_GOTO_TB_HOT)
 * and, when its count runs out, calls tb_loop_hot from translated code:
 * (pc, flags) is noted as a hot loop head and its block dropped, so the
 * next entry translates it again, and tb_loop_is_hot (asked by the target
 * while translating, under the translation lock) says to make a region.
 */
void tb_loop_hot(uint64_t pc, uint32_t flags);
bool tb_loop_is_hot(uint64_t pc, uint32_t flags);

/* The back-edge counters, by loop head (heads that share one count
 * together, which only makes them hot sooner). Data, never in the code
 * cache: a store near code being run costs the host a pipeline flush.
 * Counted in the top byte: 256 steps of TB_HOT_STEP wrap it to zero. */
#define TB_HOT_COUNTERS 4096
#define TB_HOT_STEP (1u << 24)
extern uint32_t tb_hot_counters[TB_HOT_COUNTERS];

static inline uint32_t *tb_hot_counter(uint64_t pc, uint32_t flags)
{
    return &tb_hot_counters[jmp_cache_hash(jmp_cache_key(pc, flags)) %
                            TB_HOT_COUNTERS];
}

/* Patches slot n of from so it jumps straight into to; nothing when
 * their flags differ (the slot keeps exiting to the dispatcher). */
void tb_add_jump(TranslationBlock *from, unsigned slot, TranslationBlock *to);
/* Drops every block (the code cache is full or code changed). The caller
 * guarantees no thread runs translated code (tcg_exec_flush). */
void tb_flush(void);
/* Asks for a flush once the running block has exited; safe to call from
 * helpers running inside translated code. */
void tb_request_flush(void);
bool tb_flush_requested(void);
/* A host fault that a guest instruction raised, as tb_restore_fault_state
 * finds it. */
typedef struct TBFault {
    void *env;
    uint64_t guest_pc; /* the faulting instruction */
    /* guest_check_align's trap: the access at misaligned_addr (a write
     * when misaligned_write) must be aligned; the host signal says
     * nothing of it. */
    bool misaligned;
    bool misaligned_write;
    uint64_t misaligned_addr;
} TBFault;

/*
 * A host fault at host_pc inside translated code: writes the guest
 * registers held in host registers (from the host signal context) back to
 * their CPU state and fills *fault. Also a fault inside a
 * TCG_CALL_MAY_FAULT helper called from translated code (the state is in
 * env already). False when the fault is neither.
 */
bool tb_restore_fault_state(void *host_ucontext, TBFault *fault);
/* The guest instruction whose TCG_CALL_MAY_FAULT helper call returns to
 * retaddr (a helper's __builtin_return_address(0)); false when retaddr is
 * no such call site. Every global is in memory at such a call. */
bool tb_call_site_pc(uintptr_t retaddr, uint64_t *guest_pc);
/* The same for a function some frames below such a helper: the call site
 * is found on this thread's stack. */
bool tb_caller_site_pc(uint64_t *guest_pc);
/* Counts flushes, so per-thread caches of block pointers can tell they
 * are stale. */
unsigned tb_flush_generation(void);

/* The jump caches that invalidation must clear entries of. */
void tb_jmp_cache_register(JmpCache *jc);
void tb_jmp_cache_unregister(JmpCache *jc);

/* ---- code that changes (design decision 8) ---- */

/*
 * The translation lock, recursive: held while a block is made, chained or
 * dropped. An execution mode holds it around a change of the guest's
 * memory map and the tb_drop_* call after it (user mode: user_pages_lock),
 * so no block is translated from the range in between.
 */
void tb_lock_code(void);
void tb_unlock_code(void);

/*
 * The guest changed code at addr (IC IVAU): drops the blocks of its page.
 * The page is remembered as one the guest maintains (TBPageWatch): user
 * mode no longer write-protects it when blocks are made from it.
 */
void tb_invalidate_page(uint64_t addr);
/* Drops the blocks made from the page at addr. Takes the translation
 * lock, never allocates nor frees (a SIGSEGV handler calls it). */
void tb_drop_page_blocks(uint64_t addr);
/* Drops the blocks made from [start, start + len) and what tb.c knew of
 * those pages (unmapped, remapped or made writable). */
void tb_drop_range_blocks(uint64_t start, uint64_t len);

/*
 * How an execution mode watches the pages code is translated from: user
 * mode write-protects them to see writes (tcg/user_pages.c); a system
 * mode would track them in its TLB. Called with the translation lock
 * held, page aligned. Without a watch (unit tests), pages go unwatched.
 */
typedef struct TBPageWatch {
    /* Blocks are about to be made from page: a write from now on must
     * reach tb_drop_page_blocks. */
    void (*translating)(uint64_t page);
    /* The guest invalidates page itself (IC IVAU): writes need no watch. */
    void (*maintained)(uint64_t page);
} TBPageWatch;
void tb_set_page_watch(const TBPageWatch *watch);

#endif
