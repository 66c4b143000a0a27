/*
 * The code cache: translation blocks found by (pc, flags) through a hash
 * table whose readers never take a lock (blocks are published with a
 * release store; an invalidated block is unlinked but its memory stays
 * until the next full flush, so a reader holding it never sees freed
 * memory), translation, chaining and invalidation under one lock, and per
 * guest page the list of its blocks. Nothing here knows the guest ISA
 * (TCGTargetOps) nor how pages are watched for writes (TBPageWatch: user
 * mode's is tcg/user_pages.c).
 */
#include "tcg/tb.h"
#include "tcg/page_map.h"

#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "tcg/exec.h"
#include "tcg/guest_mem.h"
#include "tcg/ir.h"
#include "tcg/target_ops.h"
#include "tcg/tb_persist.h"
#include "tcg/x86_64/backend.h"
#include "util/log.h"
#include "util/populate.h"

/* The block table starts with 1 << TB_HASH_MIN_BITS slots and is built
 * again, twice as big when a quarter of its slots hold live blocks,
 * whenever half are taken (live or removed): a lookup that misses (each
 * block loaded or translated starts with one) reads a slot or two, most
 * often in one cache line, and no block record. */
#define TB_HASH_MIN_BITS 12
#define TB_HASH_MAX_BITS 22
#define CODE_CACHE_SIZE (256u << 20)
#define TB_MAX_INSNS 256
/* How much stack a helper that faults may use below its caller. */
#define TB_HELPER_STACK_SCAN (64u << 10)

TBStats tb_stats;

/*
 * Blocks by pc, open addressing with linear probing: a slot holds a block
 * and its pc (blocks at one pc with other flags take the next slots). A
 * slot is never emptied until a flush: a removed block's pc becomes
 * TB_HASH_GONE and probing goes past it. Readers take no lock: a writer
 * (under tb_lock) stores the pc before the block, a reader loads the
 * block first. A table replaced by a bigger one is never freed, since a
 * reader may still be probing it.
 */
#define TB_HASH_GONE UINT64_MAX

typedef struct TBHashSlot {
    _Atomic uint64_t pc;
    TranslationBlock *_Atomic tb;
} TBHashSlot;

typedef struct TBHash {
    unsigned bits;
    size_t taken; /* slots holding a block, removed or not */
    size_t live;  /* of those, the blocks not removed */
    TBHashSlot slot[];
} TBHash;
static TBHash *_Atomic tb_hash;
/* Recursive: a write fault on a protected code page may hit arx code
 * that holds it (brk clearing memory under tb_lock_code). */
static pthread_mutex_t tb_lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
static const TCGTargetOps *target_ops;
unsigned jmp_cache_flags_shift = JMP_CACHE_FLAGS_SHIFT;

static uint8_t *code_buf;   /* whole cache, prologue first */
static uint8_t *code_start; /* first byte after the prologue */
static uint8_t *code_ptr;   /* next free byte */

/* Every block ever made since the last flush, to free them on flush. */
static TranslationBlock **all_tbs;
static size_t nb_tbs, cap_tbs;

#define HUGE_PAGE_SIZE (2u << 20)

/* A guest page blocks were translated from, and those blocks. */
typedef struct TBPage TBPage;
struct TBPage {
    PageMapEntry entry;       /* first: a page_map record */
    TranslationBlock *blocks; /* through page_next */
};
static PageMap tb_pages = {.entry_size = sizeof(TBPage)};
static void tb_pages_forget_blocks(void);
static const TBPageWatch *page_watch;
static const TBPersistOps *persist;

/*
 * The cache starts on a huge-page boundary and asks for huge pages past
 * its first 2 MiB: a program that translates more code than that pays
 * one page fault per 2 MiB instead of one per 4 KiB, while a short-lived
 * one (a start-up translates 100-500 KiB) does not wait for a whole huge
 * page to be cleared (0.35-0.45 ms of a dynamic /bin/true's 7.6 ms).
 */
static uint8_t *tb_map_code_cache(void)
{
    size_t len = CODE_CACHE_SIZE + HUGE_PAGE_SIZE;
    uint8_t *raw = mmap(NULL, len, PROT_READ | PROT_WRITE | PROT_EXEC,
                        MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    uintptr_t aligned;

    if (raw == MAP_FAILED)
        arx_fatal("cannot allocate the code cache");
    aligned = ((uintptr_t)raw + HUGE_PAGE_SIZE - 1) &
              ~(uintptr_t)(HUGE_PAGE_SIZE - 1);
    if (aligned > (uintptr_t)raw)
        munmap(raw, aligned - (uintptr_t)raw);
    munmap((uint8_t *)aligned + CODE_CACHE_SIZE,
           (uintptr_t)raw + len - aligned - CODE_CACHE_SIZE);
    madvise((void *)(aligned + HUGE_PAGE_SIZE),
            CODE_CACHE_SIZE - HUGE_PAGE_SIZE, MADV_HUGEPAGE);
    return (uint8_t *)aligned;
}

/*
 * A start-up fills fresh pages of the code cache and the arena below at
 * several hundred per millisecond (blocks loaded from the persistent
 * cache): one page fault each costs more than filling them. So memory is
 * populated ahead of use, 8 pages per madvise (bigger steps left up to
 * 128 KiB of each unused at a short process's exit). *ready is where populated
 * memory ends; limit where populating stops (the code cache's huge pages
 * come by fault, a whole 2 MiB at a time).
 */
#define POPULATE_STEP (32u << 10)

static void populate_ahead(uint8_t **ready, const uint8_t *used,
                           const uint8_t *limit)
{
    size_t len;

    if (used + POPULATE_STEP / 2 <= *ready || *ready >= limit)
        return;
    if (*ready < used)
        *ready = (uint8_t *)((uintptr_t)used & ~(uintptr_t)4095);
    len = (size_t)(limit - *ready) < POPULATE_STEP ? (size_t)(limit - *ready)
                                                   : POPULATE_STEP;
    populate(*ready, len);
    *ready += len;
}

/*
 * Block records and their fault sites come from one bump arena, emptied
 * by a full flush (which frees every block at once anyway): no malloc,
 * free or zeroing per block. Reserved, not committed: pages come as used.
 */
#define TB_ARENA_SIZE (256u << 20)
static uint8_t *tb_arena, *tb_arena_ptr, *tb_arena_ready;
static uint8_t *code_ready;

static void tb_map_arena(void)
{
    void *p = mmap(NULL, TB_ARENA_SIZE, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

    if (p == MAP_FAILED)
        arx_fatal("cannot allocate the translation block records");
    tb_arena = tb_arena_ptr = p;
}

/* 8-byte aligned, zeroed the first time round only: callers set every
 * field they read. NULL when the arena is full (flush, then retry). */
static void *tb_arena_alloc(size_t size)
{
    size = (size + 7) & ~(size_t)7;
    if ((size_t)(tb_arena + TB_ARENA_SIZE - tb_arena_ptr) < size)
        return NULL;
    tb_arena_ptr += size;
    populate_ahead(&tb_arena_ready, tb_arena_ptr, tb_arena + TB_ARENA_SIZE);
    return tb_arena_ptr - size;
}

static size_t tb_hash_bytes(unsigned bits)
{
    return sizeof(TBHash) + ((size_t)1 << bits) * sizeof(TBHashSlot);
}

/* A block record, 16-byte aligned (its lookup fields share a cache
 * line, tb.h). */
static TranslationBlock *tb_arena_alloc_block(void)
{
    uint8_t *aligned =
        (uint8_t *)(((uintptr_t)tb_arena_ptr + 15) & ~(uintptr_t)15);

    if (aligned > tb_arena + TB_ARENA_SIZE)
        return NULL;
    tb_arena_ptr = aligned;
    return tb_arena_alloc(sizeof(TranslationBlock));
}

/* Populated up front: slots are touched at random, a fault per page. */
static TBHash *tb_map_hash(unsigned bits)
{
    TBHash *t = mmap(NULL, tb_hash_bytes(bits), PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);

    if (t == MAP_FAILED)
        arx_fatal("cannot allocate the translation block table");
    t->bits = bits;
    return t;
}

/* A fork child has one thread: a translation another thread had under
 * way when the parent forked is gone, and so must be its hold on the lock. */
static void tb_before_fork(void)
{
    pthread_mutex_lock(&tb_lock);
}

static void tb_after_fork_parent(void)
{
    pthread_mutex_unlock(&tb_lock);
}

/* The child has a new tid, which a recursive mutex's owner check refuses. */
static void tb_after_fork_child(void)
{
    pthread_mutex_t fresh = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;

    tb_lock = fresh;
}

uint8_t *tb_code_cache_init(const TCGTargetOps *ops, uintptr_t guest_base)
{
    target_ops = ops;
    jmp_cache_flags_shift =
        ops->flags_in_pc_low_bits ? 0 : JMP_CACHE_FLAGS_SHIFT;
    pthread_atfork(tb_before_fork, tb_after_fork_parent, tb_after_fork_child);
    tb_hash = tb_map_hash(TB_HASH_MIN_BITS);
    tb_map_arena();
    code_buf = tb_map_code_cache();
    code_start = code_buf + tcg_backend_init(code_buf, 4096, guest_base);
    code_start = (uint8_t *)(((uintptr_t)code_start + 63) & ~(uintptr_t)63);
    code_ptr = code_start;
    return code_buf;
}

/* The first slot to probe for pc in table t. */
static size_t tb_hash_index(const TBHash *t, uint64_t pc)
{
    return (size_t)((pc * 0x9e3779b97f4a7c15ull) >> (64 - t->bits));
}

static size_t tb_hash_mask(const TBHash *t)
{
    return ((size_t)1 << t->bits) - 1;
}

/*
 * A table being replaced (tb_hash_rebuild) may miss a block for a moment.
 * Callers that must not miss look again under tb_lock, which rebuilding
 * holds. Half the slots at least are empty, so probing ends.
 */
TranslationBlock *tb_lookup_phys(uint64_t pc, uint32_t flags, uint64_t phys)
{
    TBHash *t = __atomic_load_n(&tb_hash, __ATOMIC_ACQUIRE);
    size_t mask = tb_hash_mask(t);

    for (size_t i = tb_hash_index(t, pc);; i = (i + 1) & mask) {
        TranslationBlock *tb =
            __atomic_load_n(&t->slot[i].tb, __ATOMIC_ACQUIRE);

        if (!tb)
            return NULL;
        /* An invalid block may still be in reach for a moment: skip it. */
        if (__atomic_load_n(&t->slot[i].pc, __ATOMIC_RELAXED) == pc &&
            tb->flags == flags && tb->phys == phys && !tb->invalid)
            return tb;
    }
}

TranslationBlock *tb_lookup(uint64_t pc, uint32_t flags)
{
    return tb_lookup_phys(pc, flags, pc);
}

/* Puts tb (at pc) in the first free slot of its probe sequence in t
 * (under tb_lock, or before t is published). */
static void tb_hash_put(TBHash *t, uint64_t pc, TranslationBlock *tb)
{
    size_t mask = tb_hash_mask(t), i = tb_hash_index(t, pc);

    while (t->slot[i].tb)
        i = (i + 1) & mask;
    __atomic_store_n(&t->slot[i].pc, pc, __ATOMIC_RELAXED);
    __atomic_store_n(&t->slot[i].tb, tb, __ATOMIC_RELEASE);
    t->taken++;
    t->live++;
}

/* The live blocks of the table in a new one, twice as big when they fill
 * a quarter of it (else as big, rid of removed blocks), then published
 * (under tb_lock). Only the table is read, no block record. */
static void tb_hash_rebuild(void)
{
    TBHash *old = tb_hash;
    unsigned bits = old->bits;
    size_t slots = (size_t)1 << bits;
    TBHash *fresh;

    if (old->live * 4 >= slots && bits < TB_HASH_MAX_BITS)
        bits++;
    fresh = tb_map_hash(bits);
    for (size_t i = 0; i < slots; i++) {
        TranslationBlock *tb = old->slot[i].tb;
        uint64_t pc = old->slot[i].pc;

        if (tb && pc != TB_HASH_GONE)
            tb_hash_put(fresh, pc, tb);
    }
    __atomic_store_n(&tb_hash, fresh, __ATOMIC_RELEASE);
}

static void tb_insert(TranslationBlock *tb)
{
    if ((tb_hash->taken + 1) * 2 > (size_t)1 << tb_hash->bits)
        tb_hash_rebuild();
    tb_hash_put(tb_hash, tb->pc, tb);
    if (nb_tbs == cap_tbs) {
        cap_tbs = cap_tbs ? cap_tbs * 2 : 4096;
        all_tbs = realloc(all_tbs, cap_tbs * sizeof(*all_tbs));
        if (!all_tbs)
            arx_fatal("out of memory for translation blocks");
    }
    all_tbs[nb_tbs++] = tb;
}

static _Atomic bool flush_requested;
static _Atomic unsigned flush_count;

void tb_request_flush(void)
{
    flush_requested = true;
}

bool tb_flush_requested(void)
{
    return flush_requested;
}

unsigned tb_flush_generation(void)
{
    return flush_count;
}

void tb_flush(void)
{
    pthread_mutex_lock(&tb_lock);
    flush_requested = false;
    flush_count++; /* every thread's jump cache is now stale */
    if (log_enabled(LOG_STATS))
        tb_stats.flushes++;
    memset(tb_hash->slot, 0, tb_hash_bytes(tb_hash->bits) - sizeof(TBHash));
    tb_hash->taken = tb_hash->live = 0;
    tb_pages_forget_blocks();
    nb_tbs = 0;
    tb_arena_ptr = tb_arena;
    code_ptr = code_start;
    pthread_mutex_unlock(&tb_lock);
}

/* Past a block of size bytes just written at code_ptr. */
static void code_advance(size_t size)
{
    code_ptr = (uint8_t *)(((uintptr_t)code_ptr + size + 15) & ~(uintptr_t)15);
    populate_ahead(&code_ready, code_ptr, code_buf + HUGE_PAGE_SIZE);
}

/* Translates pc into tb; returns false if the code cache is full. */
static bool tb_translate_code(TranslationBlock *tb, void *env, int max_insns)
{
    size_t avail = (size_t)(code_buf + CODE_CACHE_SIZE - code_ptr);
    int size;

    for (;;) {
        tcg_func_start(tb);
        target_ops->translate(tb, env, max_insns);
        if (tcg_ctx.overflow && max_insns > 1) {
            max_insns /= 2;
            continue;
        }
        tcg_optimize();
        tcg_sink_to_exits();
        size = tcg_gen_code(tb, code_ptr, avail);
        if (size == TCG_GEN_TOO_BIG && max_insns > 1) {
            max_insns /= 2;
            if (log_enabled(LOG_STATS))
                tb_stats.retries++;
            continue;
        }
        if (size < 0)
            return false;
        break;
    }
    tb->code = code_ptr;
    tb->code_size = (uint32_t)size;
    size_t bytes;
    tb->nb_fault_sites = tcg_fault_sites_size(&bytes);
    tb->fault_sites = NULL;
    if (tb->nb_fault_sites) {
        tb->fault_sites = tb_arena_alloc(bytes);
        if (!tb->fault_sites)
            return false; /* like a full code cache: flush */
        tcg_copy_fault_sites(tb->fault_sites);
    }
    code_advance((size_t)size);
    return true;
}

static uint64_t tb_now_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void tb_set_persist(const TBPersistOps *ops)
{
    persist = ops;
}

static void *tb_arena_alloc_cb(size_t size)
{
    return tb_arena_alloc(size);
}

/* The block made from a saved record instead of translating; false when
 * there is none (or it is unusable: then tb is as it was). */
static bool tb_load_saved(TranslationBlock *tb)
{
    size_t avail = (size_t)(code_buf + CODE_CACHE_SIZE - code_ptr), len;
    const void *rec = persist->find(tb->pc, tb->flags, &len);
    uint8_t *arena_mark = tb_arena_ptr;

    if (!rec)
        return false;
    if (!tb_record_unpack(tb, rec, len, code_ptr, avail, tb_arena_alloc_cb)) {
        tb_arena_ptr = arena_mark;
        if (log_enabled(LOG_STATS))
            tb_stats.persist_rejected++;
        return false;
    }
    code_advance(tb->code_size);
    if (log_enabled(LOG_STATS))
        tb_stats.persist_loaded++;
    return true;
}

/* Offers the block just translated to the persistent cache. */
static void tb_save(const TranslationBlock *tb)
{
    static _Alignas(8) uint8_t buf[256u << 10];
    size_t len;

    if (!tb->size || tb->tier || !persist->wants(tb->pc, tb->flags, tb->size))
        return;
    len = tb_record_pack(tb, buf, sizeof(buf));
    if (!len) {
        if (log_enabled(LOG_STATS))
            tb_stats.persist_unsaveable++;
        return;
    }
    persist->save(tb->pc, tb->flags, buf, len);
    if (log_enabled(LOG_STATS))
        tb_stats.persist_saved++;
}

/* tb_translate_code, counted for -d stats. */
static bool tb_translate(TranslationBlock *tb, void *env, int max_insns)
{
    uint64_t start;
    bool ok;

    if (!log_enabled(LOG_STATS))
        return tb_translate_code(tb, env, max_insns);
    start = tb_now_ns();
    ok = tb_translate_code(tb, env, max_insns);
    tb_stats.translate_ns += tb_now_ns() - start;
    if (ok) {
        tb_stats.blocks++;
        tb_stats.guest_insns += tb->icount;
        tb_stats.code_bytes += tb->code_size;
    }
    return ok;
}

/* -d perfmap: "host-address size name" per block, the file perf reads
 * for code without symbols. Written unbuffered: the guest may end the
 * process with exit_group at any time. A forked child gets its own. */
static void tb_perfmap(const TranslationBlock *tb)
{
    static int fd = -1;
    static pid_t fd_pid;
    pid_t pid = getpid();

    if (fd < 0 || fd_pid != pid) {
        char path[64];
        if (fd >= 0)
            close(fd);
        snprintf(path, sizeof(path), "/tmp/perf-%d.map", (int)pid);
        fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
        fd_pid = pid;
        if (fd < 0)
            return;
    }
    dprintf(fd, "%lx %x guest_%llx\n", (unsigned long)(uintptr_t)tb->code,
            tb->code_size, (unsigned long long)tb->pc);
}

static void tb_log(const TranslationBlock *tb, void *env)
{
    if (log_enabled(LOG_PERFMAP))
        tb_perfmap(tb);
    if (log_enabled(LOG_IN_ASM))
        target_ops->log_in_asm(tb, env);
    if (log_enabled(LOG_OP))
        tcg_dump_ops();
    if (log_enabled(LOG_OUT_ASM))
        tcg_log_out_asm(tb);
}

/*
 * The block for (pc, flags), translated if needed; NULL when the code cache is
 * full (the caller flushes with every thread out of translated code, then asks
 * again).
 */
TranslationBlock *tb_find_or_translate(void *env, uint64_t pc, uint32_t flags)
{
    return tb_find_or_translate_phys(env, pc, flags, pc);
}

TranslationBlock *tb_find_or_translate_phys(void *env, uint64_t pc,
                                            uint32_t flags, uint64_t phys)
{
    TranslationBlock *tb = tb_lookup_phys(pc, flags, phys);
    TBPage *page, *page2;

    if (tb)
        return tb;
    pthread_mutex_lock(&tb_lock);
    tb = tb_lookup_phys(pc, flags, phys);
    if (!tb) {
        tb = tb_arena_alloc_block();
        if (!tb) {
            pthread_mutex_unlock(&tb_lock);
            tb_request_flush();
            return NULL;
        }
        memset(tb, 0, sizeof(*tb)); /* the arena is reused after a flush */
        tb->pc = pc;
        tb->flags = flags;
        tb->phys = phys;
        /* Before reading the guest code: a write from now on is seen. */
        page = (TBPage *)page_map_get(&tb_pages, phys & ~TB_PHYS_VARIANT, NULL);
        if (page_watch)
            page_watch->translating(page->entry.addr);
        /* Only a first instruction may cross a page end (T32), and only
         * from a page's last halfword: that page is watched too. */
        page2 = NULL;
        if (((phys & ~TB_PHYS_VARIANT) & (GUEST_PAGE_SIZE - 1)) ==
            GUEST_PAGE_SIZE - 2) {
            page2 = (TBPage *)page_map_get(
                &tb_pages, page->entry.addr + GUEST_PAGE_SIZE, NULL);
            if (page_watch)
                page_watch->translating(page2->entry.addr);
        }
        /* A hot loop's head is translated again (as a region), never
         * loaded: the cache holds its first-tier block. */
        bool loaded = persist && phys == pc && !tb_loop_is_hot(pc, flags) &&
                      tb_load_saved(tb);
        if (!loaded &&
            !tb_translate(tb, env,
                          log_enabled(LOG_SINGLESTEP) ? 1 : TB_MAX_INSNS)) {
            tb_arena_ptr = (uint8_t *)tb; /* drop it and what it took */
            bool empty = nb_tbs == 0;
            pthread_mutex_unlock(&tb_lock);
            if (empty)
                arx_fatal("block at 0x%llx does not fit in the code cache",
                          (unsigned long long)pc);
            tb_request_flush();
            return NULL;
        }
        if (!loaded) {
            tb_log(tb, env);
            if (persist && phys == pc)
                tb_save(tb);
        }
        tb->page_next = page->blocks;
        page->blocks = tb;
        if (page2 &&
            (tb->phys & ~TB_PHYS_VARIANT) + tb->size > page2->entry.addr) {
            tb->page2_next = page2->blocks;
            page2->blocks = tb;
        }
        tb_insert(tb);
    }
    pthread_mutex_unlock(&tb_lock);
    return tb;
}

void tb_add_jump(TranslationBlock *from, unsigned slot, TranslationBlock *to)
{
    /* A direct branch that changes the flags (A32 BLX immediate) is
     * never chained: it goes through the dispatcher each time. */
    if (from->jmp_field_offset[slot] == TB_NO_JUMP || from->flags != to->flags)
        return;
    if (target_ops->chain_same_page &&
        ((from->pc ^ to->pc) & ~(GUEST_PAGE_SIZE - 1)))
        return;
    pthread_mutex_lock(&tb_lock);
    /* Another thread may have chained it already, or invalidated either
     * block since the dispatcher found them. */
    if (!from->invalid && !to->invalid && !from->jmp_dest[slot]) {
        tcg_patch_jump(from, slot, to->code);
        from->jmp_dest[slot] = to;
        from->jmp_next[slot] = to->jmp_first;
        to->jmp_first = (uintptr_t)from | slot;
        if (log_enabled(LOG_STATS))
            tb_stats.chains++;
    }
    pthread_mutex_unlock(&tb_lock);
}

/* The block whose code holds host_pc: blocks are laid out in the order
 * they were made, so all_tbs is sorted by code address. Under tb_lock. */
static TranslationBlock *tb_containing(uintptr_t host_pc)
{
    size_t lo = 0, hi = nb_tbs;

    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        TranslationBlock *tb = all_tbs[mid];
        if (host_pc < (uintptr_t)tb->code)
            hi = mid;
        else if (host_pc >= (uintptr_t)tb->code + tb->code_size)
            lo = mid + 1;
        else
            return tb;
    }
    return NULL;
}

static bool tb_in_code(uintptr_t host_pc)
{
    return host_pc >= (uintptr_t)code_start && host_pc < (uintptr_t)code_ptr;
}

/* The site at host_pc of a helper call (call) or of an inline access or
 * alignment trap (!call), or NULL. Under tb_lock. */
static const TCGFaultSite *tb_fault_site_at(uintptr_t host_pc, bool call)
{
    TranslationBlock *tb = tb_containing(host_pc);
    const TCGFaultSite *site = tb ? tb->fault_sites : NULL;

    for (uint32_t i = 0; tb && i < tb->nb_fault_sites; i++) {
        if ((uintptr_t)tb->code + site->host_offset == host_pc &&
            (site->kind == TCG_FAULT_CALL) == call)
            return site;
        site = tcg_fault_site_next(site);
    }
    return NULL;
}

/*
 * A fault outside translated code, in a helper that translated code
 * called: the stack between the fault's sp and the dispatcher's frame
 * holds the call's return address; a TCG_CALL_MAY_FAULT call site there
 * has the guest state in memory already. Words of the helper's frames
 * that only look like code addresses match no call site.
 */
static const TCGFaultSite *tb_scan_for_call_site(uintptr_t sp, void **env)
{
    uintptr_t top;
    const TCGFaultSite *site = NULL;

    if (!tcg_exec_running(env, &top) || sp >= top)
        return NULL;
    sp &= ~(uintptr_t)7;
    if (top - sp > TB_HELPER_STACK_SCAN)
        top = sp + TB_HELPER_STACK_SCAN;
    /* This thread was running guest code, so a helper may hold the lock
     * only on this thread (it is recursive). */
    pthread_mutex_lock(&tb_lock);
    for (const uintptr_t *w = (const uintptr_t *)sp;
         !site && (uintptr_t)w < top; w++)
        if (tb_in_code(*w))
            site = tb_fault_site_at(*w, true);
    pthread_mutex_unlock(&tb_lock);
    return site;
}

static bool tb_restore_helper_fault(void *host_ucontext, TBFault *fault)
{
    void *cpu;
    const TCGFaultSite *site =
        tb_scan_for_call_site(tcg_fault_host_sp(host_ucontext), &cpu);

    if (!site)
        return false;
    fault->env = cpu;
    fault->guest_pc = site->guest_pc;
    return true;
}

bool tb_caller_site_pc(uint64_t *guest_pc)
{
    void *cpu;
    const TCGFaultSite *site =
        tb_scan_for_call_site((uintptr_t)__builtin_frame_address(0), &cpu);

    if (site)
        *guest_pc = site->guest_pc;
    return site != NULL;
}

bool tb_call_site_pc(uintptr_t retaddr, uint64_t *guest_pc)
{
    const TCGFaultSite *site;

    if (!tb_in_code(retaddr))
        return false;
    pthread_mutex_lock(&tb_lock);
    site = tb_fault_site_at(retaddr, true);
    if (site)
        *guest_pc = site->guest_pc;
    pthread_mutex_unlock(&tb_lock);
    return site != NULL;
}

bool tb_restore_fault_state(void *host_ucontext, TBFault *fault)
{
    uintptr_t host_pc = tcg_fault_host_pc(host_ucontext);
    const TCGFaultSite *site;

    memset(fault, 0, sizeof(*fault));
    if (!tb_in_code(host_pc))
        return tb_restore_helper_fault(host_ucontext, fault);
    /* This thread was running guest code, so it does not hold the lock. */
    pthread_mutex_lock(&tb_lock);
    site = tb_fault_site_at(host_pc, false);
    if (site) {
        fault->env = tcg_fault_restore(site, host_ucontext);
        fault->guest_pc = site->guest_pc;
        fault->misaligned = site->kind != TCG_FAULT_ACCESS;
        fault->misaligned_write = site->kind == TCG_FAULT_ALIGN_WRITE;
        if (fault->misaligned)
            fault->misaligned_addr =
                tcg_fault_host_reg(host_ucontext, site->addr_reg);
    }
    pthread_mutex_unlock(&tb_lock);
    return site != NULL;
}

/* ---- jump caches of the running threads ---- */

static JmpCache **jmp_caches;
static size_t nb_jmp_caches, cap_jmp_caches;

void tb_jmp_cache_register(JmpCache *jc)
{
    pthread_mutex_lock(&tb_lock);
    if (nb_jmp_caches == cap_jmp_caches) {
        size_t cap = cap_jmp_caches ? cap_jmp_caches * 2 : 16;
        JmpCache **p = realloc(jmp_caches, cap * sizeof(*p));
        if (!p)
            arx_fatal("out of memory for the jump caches");
        jmp_caches = p;
        cap_jmp_caches = cap;
    }
    jmp_caches[nb_jmp_caches++] = jc;
    pthread_mutex_unlock(&tb_lock);
}

void tb_jmp_cache_unregister(JmpCache *jc)
{
    pthread_mutex_lock(&tb_lock);
    for (size_t i = 0; i < nb_jmp_caches; i++) {
        if (jmp_caches[i] == jc) {
            jmp_caches[i] = jmp_caches[--nb_jmp_caches];
            break;
        }
    }
    pthread_mutex_unlock(&tb_lock);
}

/*
 * Clears tb from every thread's jump cache. The owner may be filling the
 * same entry: it stores, then checks tb->invalid after a full fence (see
 * exec.c); we set invalid, fence, then look, so one of us sees the other.
 */
static void tb_jmp_cache_remove(TranslationBlock *tb)
{
    uint64_t key = jmp_cache_key(tb->pc, tb->flags);

    for (size_t k = 0; k < nb_jmp_caches; k++) {
        JmpCache *jc = jmp_caches[k];
        unsigned i = jmp_cache_index(jc, key);
        TranslationBlock *expect = tb;
        if (__atomic_compare_exchange_n(&jc->tb[i], &expect, NULL, false,
                                        __ATOMIC_RELAXED, __ATOMIC_RELAXED))
            __atomic_store_n(&jc->entry[i].code, tcg_backend_lookup_stub(),
                             __ATOMIC_RELAXED);
    }
}

/* ---- invalidating one block ---- */

/* Marks tb's slot removed; the slot stays taken until the table is
 * rebuilt or flushed, so probes for other blocks still pass it. */
static void tb_hash_remove(TranslationBlock *tb)
{
    TBHash *t = tb_hash;
    size_t mask = tb_hash_mask(t);

    for (size_t i = tb_hash_index(t, tb->pc); t->slot[i].tb;
         i = (i + 1) & mask) {
        if (t->slot[i].tb == tb && t->slot[i].pc != TB_HASH_GONE) {
            __atomic_store_n(&t->slot[i].pc, TB_HASH_GONE, __ATOMIC_RELEASE);
            t->live--;
            return;
        }
    }
}

/* Every chained jump into tb goes back to its exit to the dispatcher:
 * one atomic rel32 store each, safe while the jumping code runs. */
static void tb_unlink_incoming(TranslationBlock *tb)
{
    uintptr_t e = tb->jmp_first;

    while (e) {
        TranslationBlock *from = (TranslationBlock *)(e & ~(uintptr_t)3);
        unsigned slot = (unsigned)(e & 3);

        e = from->jmp_next[slot];
        if (from->jmp_dest[slot] != tb)
            continue;
        tcg_patch_jump(from, slot, from->code + from->jmp_reset_offset[slot]);
        from->jmp_dest[slot] = NULL;
    }
    tb->jmp_first = 0;
}

/*
 * After this, no thread enters tb at a block boundary: it is out of the
 * hash table, the jump caches and every chained jump. A thread already
 * inside finishes it, as a core may without a context synchronisation.
 */
static void tb_invalidate(TranslationBlock *tb)
{
    if (tb->invalid)
        return; /* already, through the other page of a straddling block */
    tb->invalid = true; /* seq_cst: ordered before the cache scan */
    tb_hash_remove(tb);
    tb_jmp_cache_remove(tb);
    tb_unlink_incoming(tb);
    if (log_enabled(LOG_STATS))
        tb_stats.invalidated++;
}

/* ---- hot loop heads ---- */

/* Keys (jmp_cache_key + 1; 0 is free), open addressing, under tb_lock;
 * once three quarters full no more heads are noted. */
uint32_t tb_hot_counters[TB_HOT_COUNTERS];

#define HOT_LOOP_SLOTS 8192
static uint64_t hot_loop_keys[HOT_LOOP_SLOTS];
static unsigned nb_hot_loops;

static uint64_t *hot_loop_slot(uint64_t key)
{
    unsigned i = jmp_cache_hash(key) % HOT_LOOP_SLOTS;

    while (hot_loop_keys[i] && hot_loop_keys[i] != key)
        i = (i + 1) % HOT_LOOP_SLOTS;
    return &hot_loop_keys[i];
}

void tb_loop_hot(uint64_t pc, uint32_t flags)
{
    uint64_t key = jmp_cache_key(pc, flags) + 1;
    TranslationBlock *tb;
    uint64_t *slot;

    pthread_mutex_lock(&tb_lock);
    slot = hot_loop_slot(key);
    if (!*slot && nb_hot_loops < HOT_LOOP_SLOTS / 4 * 3) {
        *slot = key;
        __atomic_store_n(&nb_hot_loops, nb_hot_loops + 1, __ATOMIC_RELEASE);
        tb = tb_lookup(pc, flags);
        if (tb && !tb->tier)
            tb_invalidate(tb);
        if (log_enabled(LOG_STATS))
            tb_stats.hot_loops++;
    }
    pthread_mutex_unlock(&tb_lock);
}

bool tb_loop_is_hot(uint64_t pc, uint32_t flags)
{
    /* Most processes note none: their table's pages are never touched. */
    if (!__atomic_load_n(&nb_hot_loops, __ATOMIC_RELAXED))
        return false;
    return *hot_loop_slot(jmp_cache_key(pc, flags) + 1) != 0;
}

/* ---- code pages ---- */

void tb_set_page_watch(const TBPageWatch *watch)
{
    page_watch = watch;
}

void tb_lock_code(void)
{
    pthread_mutex_lock(&tb_lock);
}

void tb_unlock_code(void)
{
    pthread_mutex_unlock(&tb_lock);
}

/* The link of tb on the list of the page at page_addr. */
static TranslationBlock *tb_page_link(const TranslationBlock *tb,
                                      uint64_t page_addr)
{
    uint64_t first = (tb->phys & ~TB_PHYS_VARIANT) & ~(GUEST_PAGE_SIZE - 1);

    return first == page_addr ? tb->page_next : tb->page2_next;
}

static void tb_page_drop_blocks(TBPage *p)
{
    TranslationBlock *next;

    if (persist && persist->page_dropped)
        persist->page_dropped(p->entry.addr);

    if (!p->blocks)
        return;
    for (TranslationBlock *tb = p->blocks; tb; tb = next) {
        next = tb_page_link(tb, p->entry.addr);
        tb_invalidate(tb);
    }
    p->blocks = NULL;
    if (log_enabled(LOG_STATS))
        tb_stats.page_flushes++;
}

static void tb_page_forget_blocks(PageMap *map, PageMapEntry **link, void *arg)
{
    (void)map;
    (void)arg;
    ((TBPage *)*link)->blocks = NULL;
}

/* A full flush freed every block; the page records stay. */
static void tb_pages_forget_blocks(void)
{
    page_map_for_each(&tb_pages, tb_page_forget_blocks, NULL);
}

/* Drops the blocks of addr's page; the translation lock is held. */
static void tb_drop_page_blocks_locked(uint64_t addr)
{
    TBPage *p = (TBPage *)page_map_find(&tb_pages, addr);

    if (p)
        tb_page_drop_blocks(p);
}

void tb_invalidate_page(uint64_t addr)
{
    pthread_mutex_lock(&tb_lock);
    tb_drop_page_blocks_locked(addr);
    /* From now on the guest's IC IVAU is trusted for this page. */
    if (page_watch)
        page_watch->maintained(addr & ~(uint64_t)(PAGE_MAP_PAGE_SIZE - 1));
    pthread_mutex_unlock(&tb_lock);
}

void tb_drop_page_blocks(uint64_t addr)
{
    pthread_mutex_lock(&tb_lock);
    tb_drop_page_blocks_locked(addr);
    pthread_mutex_unlock(&tb_lock);
}

/* Drops the blocks of the record at *link and frees it. */
static void tb_page_forget(PageMap *map, PageMapEntry **link, void *arg)
{
    (void)arg;
    tb_page_drop_blocks((TBPage *)*link);
    page_map_remove(map, link);
}

void tb_drop_range_blocks(uint64_t start, uint64_t len)
{
    pthread_mutex_lock(&tb_lock);
    page_map_for_range(&tb_pages, start, len, tb_page_forget, NULL);
    pthread_mutex_unlock(&tb_lock);
}
