/*
 * The code cache: translation blocks found by guest pc through a hash table
 * whose readers never take a lock (blocks are published with a release
 * store and only removed by a full flush), translation under one lock.
 */
#include "tcg/tb.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "tcg/ir.h"
#include "tcg/x86_64/backend.h"
#include "util/log.h"

#define TB_HASH_BITS 16
#define TB_HASH_SIZE (1u << TB_HASH_BITS)
#define CODE_CACHE_SIZE (256u << 20)
#define TB_MAX_INSNS 256

TBStats tb_stats;

static TranslationBlock *_Atomic *tb_hash; /* TB_HASH_SIZE buckets */
static pthread_mutex_t tb_lock = PTHREAD_MUTEX_INITIALIZER;

static uint8_t *code_buf;   /* whole cache, prologue first */
static uint8_t *code_start; /* first byte after the prologue */
static uint8_t *code_ptr;   /* next free byte */

/* Every block ever made since the last flush, to free them on flush. */
static TranslationBlock **all_tbs;
static size_t nb_tbs, cap_tbs;

#define HUGE_PAGE_SIZE (2u << 20)

/*
 * The cache starts on a huge-page boundary and asks for huge pages, so
 * new code costs one page fault per 2 MiB instead of one per 4 KiB.
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
    madvise((void *)aligned, CODE_CACHE_SIZE, MADV_HUGEPAGE);
    return (uint8_t *)aligned;
}

/* Populated up front: buckets are touched at random, a fault per page. */
static void tb_map_hash(void)
{
    void *p =
        mmap(NULL, TB_HASH_SIZE * sizeof(*tb_hash), PROT_READ | PROT_WRITE,
             MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);

    if (p == MAP_FAILED)
        arx_fatal("cannot allocate the translation block table");
    tb_hash = p;
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

static void tb_after_fork_child(void)
{
    pthread_mutex_init(&tb_lock, NULL);
}

uint8_t *tb_code_cache_init(uintptr_t guest_base)
{
    pthread_atfork(tb_before_fork, tb_after_fork_parent, tb_after_fork_child);
    tb_map_hash();
    code_buf = tb_map_code_cache();
    code_start = code_buf + tcg_backend_init(code_buf, 4096, guest_base);
    code_start = (uint8_t *)(((uintptr_t)code_start + 63) & ~(uintptr_t)63);
    code_ptr = code_start;
    return code_buf;
}

static uint32_t tb_hash_of(uint64_t pc)
{
    uint64_t h = (pc >> 2) * 0x9e3779b97f4a7c15ull;
    return (uint32_t)(h >> (64 - TB_HASH_BITS));
}

TranslationBlock *tb_lookup(uint64_t pc)
{
    TranslationBlock *tb =
        __atomic_load_n(&tb_hash[tb_hash_of(pc)], __ATOMIC_ACQUIRE);

    while (tb && tb->pc != pc)
        tb = __atomic_load_n(&tb->hash_next, __ATOMIC_ACQUIRE);
    return tb;
}

static void tb_insert(TranslationBlock *tb)
{
    uint32_t h = tb_hash_of(tb->pc);

    tb->hash_next = tb_hash[h];
    __atomic_store_n(&tb_hash[h], tb, __ATOMIC_RELEASE);
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
    memset(tb_hash, 0, TB_HASH_SIZE * sizeof(*tb_hash));
    for (size_t i = 0; i < nb_tbs; i++) {
        free(all_tbs[i]->fault_sites);
        free(all_tbs[i]);
    }
    nb_tbs = 0;
    code_ptr = code_start;
    pthread_mutex_unlock(&tb_lock);
}

/* Translates pc into tb; returns false if the code cache is full. */
static bool tb_translate_code(TranslationBlock *tb, int max_insns)
{
    size_t avail = (size_t)(code_buf + CODE_CACHE_SIZE - code_ptr);
    int size;

    for (;;) {
        tcg_func_start(tb);
        gen_intermediate_code(tb, max_insns);
        if (tcg_ctx.overflow && max_insns > 1) {
            max_insns /= 2;
            continue;
        }
        tcg_optimize();
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
    tb->nb_fault_sites = tcg_take_fault_sites(&tb->fault_sites);
    code_ptr =
        (uint8_t *)(((uintptr_t)code_ptr + (size_t)size + 15) & ~(uintptr_t)15);
    return true;
}

static uint64_t tb_now_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* tb_translate_code, counted for -d stats. */
static bool tb_translate(TranslationBlock *tb, int max_insns)
{
    uint64_t start;
    bool ok;

    if (!log_enabled(LOG_STATS))
        return tb_translate_code(tb, max_insns);
    start = tb_now_ns();
    ok = tb_translate_code(tb, max_insns);
    tb_stats.translate_ns += tb_now_ns() - start;
    if (ok) {
        tb_stats.blocks++;
        tb_stats.guest_insns += tb->icount;
        tb_stats.code_bytes += tb->code_size;
    }
    return ok;
}

static void tb_log(const TranslationBlock *tb)
{
    if (log_enabled(LOG_IN_ASM))
        target_log_in_asm(tb);
    if (log_enabled(LOG_OP))
        tcg_dump_ops();
    if (log_enabled(LOG_OUT_ASM))
        tcg_log_out_asm(tb);
}

/*
 * The block for pc, translated if needed; NULL when the code cache is full
 * (the caller flushes with every thread out of translated code, then asks
 * again).
 */
TranslationBlock *tb_find_or_translate(uint64_t pc)
{
    TranslationBlock *tb = tb_lookup(pc);

    if (tb)
        return tb;
    pthread_mutex_lock(&tb_lock);
    tb = tb_lookup(pc);
    if (!tb) {
        tb = calloc(1, sizeof(*tb));
        if (!tb)
            arx_fatal("out of memory for a translation block");
        tb->pc = pc;
        if (!tb_translate(tb, TB_MAX_INSNS)) {
            free(tb);
            bool empty = nb_tbs == 0;
            pthread_mutex_unlock(&tb_lock);
            if (empty)
                arx_fatal("block at 0x%llx does not fit in the code cache",
                          (unsigned long long)pc);
            tb_request_flush();
            return NULL;
        }
        tb_log(tb);
        tb_insert(tb);
    }
    pthread_mutex_unlock(&tb_lock);
    return tb;
}

void tb_add_jump(TranslationBlock *from, unsigned slot, TranslationBlock *to)
{
    if (from->jmp_field_offset[slot] == TB_NO_JUMP)
        return;
    pthread_mutex_lock(&tb_lock);
    tcg_patch_jump(from, slot, to->code);
    if (log_enabled(LOG_STATS))
        tb_stats.chains++;
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

bool tb_restore_fault_state(void *host_ucontext, void **env, uint64_t *guest_pc)
{
    uintptr_t host_pc = tcg_fault_host_pc(host_ucontext);
    const TCGFaultSite *site;
    TranslationBlock *tb;
    bool found = false;

    if (host_pc < (uintptr_t)code_start || host_pc >= (uintptr_t)code_ptr)
        return false;
    /* This thread was running guest code, so it does not hold the lock. */
    pthread_mutex_lock(&tb_lock);
    tb = tb_containing(host_pc);
    site = tb ? tb->fault_sites : NULL;
    for (uint32_t i = 0; tb && i < tb->nb_fault_sites; i++) {
        if ((uintptr_t)tb->code + site->host_offset == host_pc) {
            *env = tcg_fault_restore(site, host_ucontext);
            *guest_pc = site->guest_pc;
            found = true;
            break;
        }
        site = tcg_fault_site_next(site);
    }
    pthread_mutex_unlock(&tb_lock);
    return found;
}
