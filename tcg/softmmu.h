/*
 * The SoftMMU of a system mode: a per-CPU software TLB in front of the
 * target's page-table walk, and the guest memory accesses translated code
 * makes through it. Knows no ISA and no board: the mode fills entries and
 * routes MMIO through SoftmmuOps.
 */
#ifndef ARX_TCG_SOFTMMU_H
#define ARX_TCG_SOFTMMU_H

#include <stdbool.h>
#include <stdint.h>

#include "tcg/guest_mem.h"

#define SOFTMMU_NB_MMU 4 /* MMU indexes: the target's translation regimes */
/* Entries per MMU index, direct mapped: 8192 pages = 32 MiB within reach
 * (a guest striding over a large array must not walk on every access);
 * flushes clear only the entries used since the last one. */
#define SOFTMMU_TLB_BITS 13
#define SOFTMMU_TLB_SIZE (1u << SOFTMMU_TLB_BITS)
#define SOFTMMU_PAGE_MASK (~(uint64_t)(GUEST_PAGE_SIZE - 1))

/* Bits below the page in a tag: a hit needs the tag to equal the page, so
 * any of these sends the access to the slow path. */
#define SOFTMMU_TAG_INVALID 1u /* no translation for this kind */
#define SOFTMMU_TAG_MMIO 2u    /* a device: every access goes to it */
#define SOFTMMU_TAG_WATCH 4u   /* a write must first be told to the mode */

/*
 * One entry: the page's tag for reads, writes and fetches, and the addend
 * that makes a host pointer of a guest virtual address. phys is the
 * physical page (for code tracking and MMIO).
 */
typedef struct SoftTLBEntry {
    uint64_t tag_read;
    uint64_t tag_write;
    uint64_t tag_fetch;
    uintptr_t addend;
    uint64_t phys;
} SoftTLBEntry;

_Static_assert(sizeof(SoftTLBEntry) == 40, "the backend indexes by * 5 * 8");

/*
 * Translated code reads the entries without a lock (each tag is one
 * aligned 64-bit word); every write to an entry (the owner's fill and
 * flush, another thread marking a code page) holds lock.
 */
typedef struct SoftTLB {
    SoftTLBEntry entry[SOFTMMU_NB_MMU][SOFTMMU_TLB_SIZE];
    /* A bit per entry filled since the last flush. */
    uint64_t used[SOFTMMU_NB_MMU][SOFTMMU_TLB_SIZE / 64];
    _Atomic int lock;
} SoftTLB;

/* What the mode found for a virtual page. */
typedef struct SoftmmuFill {
    uint64_t phys; /* physical page address */
    uint8_t *host; /* host address of the page, NULL for MMIO */
    bool read, write, fetch;
    /* RAM whose data accesses must reach the mode's mmio_read/mmio_write
     * (a watchpoint there); fetches still use host. */
    bool data_via_mmio;
} SoftmmuFill;

typedef struct SoftmmuOps {
    /* Where env keeps its TLB. */
    SoftTLB *(*tlb)(void *env);
    /*
     * Translates the page of va for an access of kind access with MMU
     * index mmu_idx. false: the access faults, and the target has recorded
     * its exception in env (the caller sets the pc and leaves).
     */
    bool (*fill)(void *env, uint64_t va, GuestAccess access, int mmu_idx,
                 SoftmmuFill *out);
    /* An access of size bytes at physical address pa that is not RAM. */
    uint64_t (*mmio_read)(void *env, uint64_t pa, unsigned size);
    void (*mmio_write)(void *env, uint64_t pa, uint64_t value, unsigned size);
    /* The faulting access belongs to the guest instruction at pc: the
     * target makes it the exception's pc. */
    void (*fault_at)(void *env, uint64_t pc);
    /* An access misaligned for its kind (exclusives, atomics): the
     * target records its alignment fault at addr. */
    void (*misaligned)(void *env, uint64_t addr, bool is_write);
    /*
     * Physical pages whose writes the mode must see first (translated
     * code to drop, exclusive monitors to clear). before_write runs
     * before every write to such a page, [pa, pa + size) on the page of
     * phys; once is_watched says no more, the entry stops asking.
     */
    bool (*is_watched)(uint64_t phys);
    void (*before_write)(void *env, uint64_t phys, uint64_t pa, unsigned size);
} SoftmmuOps;

/* Guest memory ops of every block translated from now on go through the
 * SoftMMU: integer loads and stores as an inline TLB probe with a helper
 * call on a miss, the rest as calls. tlb_offset: where ops->tlb(env) is,
 * from env (the backend addresses it from its env register). */
void softmmu_init(const SoftmmuOps *ops, int32_t tlb_offset);
/* A new TLB: every entry empty. */
void softmmu_tlb_init(SoftTLB *tlb);
/* Empties the TLB of env (every MMU index) and the calling thread's jump
 * cache (its virtual pcs may now lead elsewhere). */
void softmmu_flush(void *env);
/* Drops the entries of the page of va in every MMU index. */
void softmmu_flush_page(void *env, uint64_t va);
/* The mode now watches the physical page phys: writes through tlb must
 * take the slow path. Any thread (tlb may belong to a running vCPU). */
void softmmu_watch_page(SoftTLB *tlb, uint64_t phys);
/* The physical address of addr if the TLB holds its page for access with
 * mmu_idx now, else false; never fills nor raises. */
bool softmmu_peek_phys(void *env, uint64_t addr, GuestAccess access,
                       int mmu_idx, uint64_t *phys);

/*
 * For the mode's dispatcher and translator: the physical address of pc
 * for an instruction fetch with mmu_idx. false: the fetch faults (the
 * target recorded its exception; no pc to set: it is pc itself).
 */
bool softmmu_fetch_phys(void *env, uint64_t pc, int mmu_idx, uint64_t *phys);
/* The host pointer of the page of pc, after softmmu_fetch_phys succeeded. */
const uint8_t *softmmu_fetch_host(void *env, uint64_t pc, int mmu_idx);

/* Data accesses from C (the mode's helpers): like translated code's,
 * faults leave through tcg_exec_fault_return with the pc of the
 * instruction that made the helper call (retaddr: its return address). */
uint64_t softmmu_load(void *env, uint64_t addr, unsigned size, int mmu_idx,
                      uintptr_t retaddr);
void softmmu_store(void *env, uint64_t addr, unsigned size, uint64_t value,
                   int mmu_idx, uintptr_t retaddr);

/* Raises the fault the mode recorded, from an SoftmmuOps callback run by
 * a helper of translated code (the call site is found on the stack). */
void softmmu_raise(void *env) __attribute__((noreturn));

/* The host address of addr for a read with mmu_idx if the TLB holds its
 * page as RAM now, else NULL; never fills nor raises. */
const void *softmmu_peek_host(void *env, uint64_t addr, int mmu_idx);

/* The low size bytes of a value (size 1, 2, 4 or 8). */
static inline uint64_t softmmu_size_mask(unsigned size)
{
    return size >= 8 ? ~0ull : (1ull << (8 * size)) - 1;
}

/* One host access of size bytes (1, 2, 4 or 8) at host, single-copy
 * atomic when aligned, as the guest's own access is to other CPUs; the
 * compare-and-swap returns the old value (operands masked to size). */
uint64_t softmmu_host_load(const void *host, unsigned size);
void softmmu_host_store(void *host, unsigned size, uint64_t value);
uint64_t softmmu_host_cmpxchg(void *host, unsigned size, uint64_t cmp,
                              uint64_t newv);

/* From a TCG_CALL_MAY_FAULT helper some frames up: the host pointer of
 * addr's page for access (a write must be readable too); faults raise
 * (the call site is found on the stack); device memory is fatal. */
void *softmmu_host_ptr(void *env, uint64_t addr, GuestAccess access,
                       int mmu_idx);

#endif
