/*
 * The dispatcher loop: find or translate the block for the guest pc, run it,
 * chain it to its successor, repeat until the target must act (syscall,
 * exception). Also the lookup helper behind indirect branches, and the
 * exclusive section in which the code cache is flushed while other
 * threads wait outside translated code.
 */
#include "tcg/exec.h"
#include "tcg/guest_mem.h"

#include <pthread.h>
#include <setjmp.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "tcg/ir.h"
#include "tcg/tb.h"
#include "tcg/x86_64/backend.h"
#include "util/log.h"
#include "util/populate.h"

static const TCGTargetOps *target;
static TCGEnterFn enter;

static __thread JmpCache *jmp_cache;

void tb_jmp_cache_clear(JmpCache *jc)
{
    const void *stub = tcg_backend_lookup_stub();
    unsigned n = 1u << jc->bits;

    for (unsigned i = 0; i < n; i++) {
        jc->tb[i] = NULL;
        jc->entry[i].code = stub;
    }
}

/* -d stats: how blocks were found (see also tb_stats). */
static struct {
    _Atomic uint64_t dispatches; /* blocks entered from the dispatcher */
    _Atomic uint64_t indirect;  /* BR/BLR/RET lookups the inline probe missed */
    _Atomic uint64_t jc_misses; /* of either, not in the jump cache */
    _Atomic uint64_t translations; /* of either, not translated yet */
    _Atomic uint64_t jc_grown;     /* jump caches doubled */
} exec_stats;

static JmpCache *jmp_cache_new(unsigned generation)
{
    JmpCache *jc = mmap(NULL, sizeof(*jc), PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    size_t n = 1u << JMP_CACHE_MIN_BITS;

    if (jc == MAP_FAILED)
        arx_fatal("out of memory for the jump cache");
    /* Probes touch the entries in use all over: one populate costs less
     * at start-up than a fault per page. */
    populate(jc, offsetof(JmpCache, entry) + n * sizeof(jc->entry[0]));
    populate(jc->tb, n * sizeof(jc->tb[0]));
    jc->bits = JMP_CACHE_MIN_BITS;
    jc->index_mask = (n - 1) * sizeof(JmpCacheEntry);
    jc->index_mul = jmp_cache_mul(JMP_CACHE_MIN_BITS);
    tb_jmp_cache_clear(jc);
    jc->generation = generation;
    return jc;
}

/* Twice the entries, all empty, once refills show that the ones in use
 * are too few (tb.h). Only between two entries into translated code
 * (jmp_cache_for_entry): the prologue gives the probe the new multiplier
 * and mask. */
static void jmp_cache_maybe_grow(JmpCache *jc)
{
    unsigned bits = jc->bits + 1;

    if (jc->refills <= 2ull << jc->bits || bits > JMP_CACHE_MAX_BITS)
        return;
    jc->refills = 0;
    __atomic_store_n(&jc->bits, bits, __ATOMIC_RELAXED);
    jc->index_mask = ((1ull << bits) - 1) * sizeof(JmpCacheEntry);
    jc->index_mul = jmp_cache_mul(bits);
    tb_jmp_cache_clear(jc);
    if (log_enabled(LOG_STATS))
        exec_stats.jc_grown++;
}

static JmpCache *jmp_cache_get(void)
{
    JmpCache *jc = jmp_cache;
    unsigned generation = tb_flush_generation();

    if (!jc) {
        jc = jmp_cache = jmp_cache_new(generation);
        tb_jmp_cache_register(jc);
    }
    if (jc->generation != generation) {
        tb_jmp_cache_clear(jc);
        jc->generation = generation;
    }
    return jc;
}

/* The cache to enter translated code with: grown here, never in the
 * lookup helper, whose caller's frame holds the multiplier and mask it
 * entered with (its probes would miss every entry placed since). */
static JmpCache *jmp_cache_for_entry(void)
{
    JmpCache *jc = jmp_cache_get();

    jmp_cache_maybe_grow(jc);
    return jc;
}

static TranslationBlock *jmp_cache_lookup(TCGBlockState state)
{
    JmpCache *jc = jmp_cache_get();
    uint64_t key = jmp_cache_key(state.pc, state.flags);
    unsigned i = jmp_cache_index(jc, key);
    TranslationBlock *tb = jc->tb[i];

    if (tb && jc->entry[i].key == key && tb->phys == state.phys && !tb->invalid)
        return tb;
    if (log_enabled(LOG_STATS))
        exec_stats.jc_misses++;
    tb = tb_lookup_phys(state.pc, state.flags, state.phys);
    if (tb) {
        jc->refills++;
        __atomic_store_n(&jc->tb[i], tb, __ATOMIC_RELAXED);
        jc->entry[i].key = key;
        __atomic_store_n(&jc->entry[i].code, tb->code, __ATOMIC_RELAXED);
        /* tb_invalidate may have scanned this cache before our store:
         * it set invalid first, so after a full fence one of us sees it. */
        __atomic_thread_fence(__ATOMIC_SEQ_CST);
        if (tb->invalid) {
            __atomic_store_n(&jc->tb[i], NULL, __ATOMIC_RELAXED);
            __atomic_store_n(&jc->entry[i].code, tcg_backend_lookup_stub(),
                             __ATOMIC_RELAXED);
            return tb_lookup_phys(state.pc, state.flags, state.phys);
        }
    }
    return tb;
}

void tcg_exec_jmp_cache_clear(void)
{
    if (jmp_cache)
        tb_jmp_cache_clear(jmp_cache);
}

void tcg_exec_jmp_cache_clear_page(uint64_t addr)
{
    const void *stub = tcg_backend_lookup_stub();
    uint64_t page = addr & ~(uint64_t)(GUEST_PAGE_SIZE - 1);

    if (!jmp_cache)
        return;
    /* The index ignores the key's two low bits, where the flags may be. */
    for (uint64_t pc = page; pc < page + GUEST_PAGE_SIZE; pc += 4) {
        unsigned i = jmp_cache_index(jmp_cache, jmp_cache_key(pc, 0));
        jmp_cache->tb[i] = NULL;
        jmp_cache->entry[i].code = stub;
    }
}

/* Frees the calling thread's jump cache (it is leaving for good). */
void tcg_exec_thread_exit(void)
{
    if (jmp_cache) {
        tb_jmp_cache_unregister(jmp_cache);
        munmap(jmp_cache, sizeof(*jmp_cache));
    }
    jmp_cache = NULL;
}

/* ---- the exclusive section ---- */

/*
 * Threads between exec_enter and exec_leave may run translated code. A
 * flush waits until it is the only one, kicking the others out through
 * their exit flag; they wait at exec_enter until the flush is done.
 */
typedef struct ExecThread {
    void *env;
    struct ExecThread *next;
} ExecThread;

static pthread_mutex_t exec_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t exec_cond = PTHREAD_COND_INITIALIZER;
static ExecThread *running;
static int nb_running;
static bool exclusive;

/* Under exec_lock, once no flush is in progress. */
static void exec_link(ExecThread *self)
{
    while (exclusive)
        pthread_cond_wait(&exec_cond, &exec_lock);
    self->next = running;
    running = self;
    nb_running++;
}

static void exec_enter(ExecThread *self)
{
    pthread_mutex_lock(&exec_lock);
    exec_link(self);
    pthread_mutex_unlock(&exec_lock);
}

static void exec_unlink(ExecThread *self)
{
    for (ExecThread **p = &running; *p; p = &(*p)->next) {
        if (*p == self) {
            *p = self->next;
            break;
        }
    }
    nb_running--;
}

static void exec_leave(ExecThread *self)
{
    pthread_mutex_lock(&exec_lock);
    exec_unlink(self);
    if (exclusive)
        pthread_cond_broadcast(&exec_cond);
    pthread_mutex_unlock(&exec_lock);
}

/* Flushes the code cache once every other thread is out of it. */
static void exec_flush(ExecThread *self)
{
    pthread_mutex_lock(&exec_lock);
    if (exclusive) { /* another thread is flushing: step out and let it */
        exec_unlink(self);
        pthread_cond_broadcast(&exec_cond);
        exec_link(self);
        pthread_mutex_unlock(&exec_lock);
        return;
    }
    exclusive = true;
    for (ExecThread *t = running; t; t = t->next)
        if (t != self && target->kick)
            target->kick(t->env);
    while (nb_running > 1)
        pthread_cond_wait(&exec_cond, &exec_lock);
    if (tb_flush_requested())
        tb_flush();
    exclusive = false;
    pthread_cond_broadcast(&exec_cond);
    pthread_mutex_unlock(&exec_lock);
}

/*
 * fork() copies only the calling thread, which is outside translated code
 * (it is in a syscall): the child must not wait for the parent's other
 * threads to leave, nor inherit a lock one of them held.
 */
static void exec_before_fork(void)
{
    pthread_mutex_lock(&exec_lock);
}

static void exec_after_fork_parent(void)
{
    pthread_mutex_unlock(&exec_lock);
}

static void exec_after_fork_child(void)
{
    running = NULL;
    nb_running = 0;
    exclusive = false;
    pthread_mutex_init(&exec_lock, NULL);
    pthread_cond_init(&exec_cond, NULL);
}

/* ---- faults in translated code ---- */

/* Where a fault in this thread's translated code resumes: tcg_cpu_exec,
 * whose frame holds it, for the env running there. */
static __thread sigjmp_buf *fault_return;
static __thread void *fault_env;

void tcg_exec_fault_return(void)
{
    siglongjmp(*fault_return, 1);
}

bool tcg_exec_running(void **env, uintptr_t *stack_top)
{
    if (!fault_return)
        return false;
    *env = fault_env;
    *stack_top = (uintptr_t)fault_return;
    return true;
}

/* ---- running blocks ---- */

/* Called from translated code for BR/BLR/RET: next block's code or exit. */
static uint64_t helper_lookup_tb_ptr(uint64_t env)
{
    void *e = (void *)(uintptr_t)env;
    TranslationBlock *tb;
    TCGBlockState state;

    if (log_enabled(LOG_EXEC | LOG_CPU))
        return (uint64_t)(uintptr_t)tcg_backend_exit_zero();
    if (log_enabled(LOG_STATS))
        exec_stats.indirect++;
    state = target->block_state(e);

    tb = state.no_fetch ? NULL : jmp_cache_lookup(state);
    if (!tb)
        return (uint64_t)(uintptr_t)tcg_backend_exit_zero();
    return (uint64_t)(uintptr_t)tb->code;
}

static const TCGHelper lookup_helper = {
    "lookup_tb_ptr", (void *)helper_lookup_tb_ptr, TCG_CALL_NO_WRITE_GLOBALS};

void tcg_exec_init(const TCGTargetOps *ops, uintptr_t guest_base)
{
    target = ops;
    tcg_context_init();
    if (ops->init)
        ops->init();
    tcg_ctx.lookup_helper = &lookup_helper; /* the backend's stub calls it */
    tb_code_cache_init(ops, guest_base);
    /* Registered after the code cache's: prepare handlers run in reverse
     * order, so exec_lock is taken before tb_lock, as exec_flush does. */
    pthread_atfork(exec_before_fork, exec_after_fork_parent,
                   exec_after_fork_child);
    enter = tcg_backend_enter();
}

/* The block to run for state, flushing first when the cache is full. */
static TranslationBlock *find_block(ExecThread *self, void *env,
                                    TCGBlockState state)
{
    TranslationBlock *tb = jmp_cache_lookup(state);

    if (log_enabled(LOG_STATS)) {
        exec_stats.dispatches++;
        exec_stats.translations += tb == NULL;
    }
    while (!tb) {
        tb = tb_find_or_translate_phys(env, state.pc, state.flags, state.phys);
        if (!tb)
            exec_flush(self);
    }
    return tb;
}

/* Runs blocks until the target must act. */
static void run_blocks(ExecThread *self, void *env)
{
    TranslationBlock *last = NULL;
    unsigned last_slot = 0;

    /* A flush asked for outside translated code (in a syscall): now,
     * before a block made earlier runs. */
    if (tb_flush_requested())
        exec_flush(self);
    for (;;) {
        TCGBlockState state = target->block_state(env);
        TranslationBlock *tb;
        uintptr_t ret;

        if (state.no_fetch)
            return;
        tb = find_block(self, env, state);

        if (last && !log_enabled(LOG_EXEC | LOG_CPU))
            tb_add_jump(last, last_slot, tb);
        if (log_enabled(LOG_EXEC))
            arx_log("Trace: [%p] 0x%016llx\n", (void *)tb->code,
                    (unsigned long long)state.pc);
        if (log_enabled(LOG_CPU) && target->log_state)
            target->log_state(env);
        ret = enter(env, tb->code, jmp_cache_for_entry());
        if (tb_flush_requested()) {
            exec_flush(self);
            ret = 0; /* tb may be gone: nothing to chain from */
        }
        if (ret == 0) {
            last = NULL;
            if (target->must_stop(env))
                return;
            continue;
        }
        last = (TranslationBlock *)(ret & ~(uintptr_t)3);
        last_slot = (unsigned)(ret & 3);
        if (target->must_stop(env))
            return;
    }
}

void tcg_cpu_exec(void *env)
{
    ExecThread self = {env, NULL};
    sigjmp_buf jmp;

    exec_enter(&self);
    if (sigsetjmp(jmp, 0) == 0) {
        fault_env = env;
        fault_return = &jmp;
        run_blocks(&self, env);
    }
    /* Either way out: done, or a guest access faulted (state rebuilt). */
    fault_return = NULL;
    exec_leave(&self);
}

void tcg_log_stats(void)
{
    const TBStats *t = &tb_stats;
    uint64_t blocks = t->blocks;

    arx_log("stats: %llu blocks translated (%llu guest insns, %llu bytes of "
            "host code, %llu retried shorter) in %.3f ms, %.2f us/block\n",
            (unsigned long long)blocks, (unsigned long long)t->guest_insns,
            (unsigned long long)t->code_bytes, (unsigned long long)t->retries,
            (double)t->translate_ns / 1e6,
            blocks ? (double)t->translate_ns / 1e3 / (double)blocks : 0.0);
    arx_log("stats: %llu dispatcher entries, %llu indirect branches past the "
            "inline jump cache, "
            "%llu jump-cache misses (grown %llu times), %llu chained jumps, "
            "%llu cache flushes\n",
            (unsigned long long)exec_stats.dispatches,
            (unsigned long long)exec_stats.indirect,
            (unsigned long long)exec_stats.jc_misses,
            (unsigned long long)exec_stats.jc_grown,
            (unsigned long long)t->chains, (unsigned long long)t->flushes);
    arx_log("stats: %llu code pages invalidated (%llu blocks), %llu writes "
            "caught on write-protected code pages\n",
            (unsigned long long)t->page_flushes,
            (unsigned long long)t->invalidated,
            (unsigned long long)t->write_faults);
    if (t->hot_loops)
        arx_log("stats: %llu hot loop heads translated again as regions\n",
                (unsigned long long)t->hot_loops);
    if (t->persist_loaded || t->persist_saved || t->persist_rejected ||
        t->persist_unsaveable)
        arx_log("stats: %llu blocks loaded from the persistent cache, %llu "
                "saved to it, %llu saved records refused, %llu blocks it "
                "cannot hold\n",
                (unsigned long long)t->persist_loaded,
                (unsigned long long)t->persist_saved,
                (unsigned long long)t->persist_rejected,
                (unsigned long long)t->persist_unsaveable);
}
