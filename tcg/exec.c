/*
 * The dispatcher loop: find or translate the block for the guest pc, run it,
 * chain it to its successor, repeat until the target must act (syscall,
 * exception). Also the inline lookup helper behind indirect branches.
 */
#include "tcg/exec.h"

#include "tcg/ir.h"
#include "tcg/tb.h"
#include "tcg/x86_64/backend.h"
#include "util/log.h"

static const TCGTargetHooks *hooks;
static TCGEnterFn enter;

/*
 * A direct-mapped cache in front of the hash table for indirect branches
 * (returns, calls through pointers): one compare instead of a hash walk.
 * Emptied by tb_flush through tb_jmp_cache_clear.
 */
#define JMP_CACHE_BITS 12
#define JMP_CACHE_SIZE (1u << JMP_CACHE_BITS)

static struct {
    uint64_t pc;
    TranslationBlock *tb;
} jmp_cache[JMP_CACHE_SIZE];

static unsigned jmp_cache_index(uint64_t pc)
{
    return (unsigned)((pc >> 2) ^ (pc >> (2 + JMP_CACHE_BITS))) &
           (JMP_CACHE_SIZE - 1);
}

void tb_jmp_cache_clear(void)
{
    for (unsigned i = 0; i < JMP_CACHE_SIZE; i++)
        jmp_cache[i].tb = NULL;
}

static TranslationBlock *jmp_cache_lookup(uint64_t pc)
{
    unsigned i = jmp_cache_index(pc);
    TranslationBlock *tb = jmp_cache[i].tb;

    if (tb && jmp_cache[i].pc == pc)
        return tb;
    tb = tb_lookup(pc);
    if (tb) {
        jmp_cache[i].pc = pc;
        jmp_cache[i].tb = tb;
    }
    return tb;
}

uint8_t *tb_code_cache_init(uintptr_t guest_base);

/* Called from translated code for BR/BLR/RET: next block's code or exit. */
static uint64_t helper_lookup_tb_ptr(uint64_t env)
{
    void *e = (void *)(uintptr_t)env;
    TranslationBlock *tb;

    if (log_enabled(LOG_EXEC | LOG_CPU))
        return (uint64_t)(uintptr_t)tcg_backend_exit_zero();
    tb = jmp_cache_lookup(hooks->get_pc(e));
    if (!tb)
        return (uint64_t)(uintptr_t)tcg_backend_exit_zero();
    return (uint64_t)(uintptr_t)tb->code;
}

static const TCGHelper lookup_helper = {
    "lookup_tb_ptr", (void *)helper_lookup_tb_ptr, TCG_CALL_NO_WRITE_GLOBALS
};

void tcg_exec_init(const TCGTargetHooks *target_hooks, uintptr_t guest_base)
{
    hooks = target_hooks;
    tb_code_cache_init(guest_base);
    enter = tcg_backend_enter();
    tcg_ctx.lookup_helper = &lookup_helper;
}

void tcg_cpu_exec(void *env)
{
    TranslationBlock *last = NULL;
    unsigned last_slot = 0;

    for (;;) {
        uint64_t pc = hooks->get_pc(env);
        TranslationBlock *tb = jmp_cache_lookup(pc);
        uintptr_t ret;

        if (!tb)
            tb = tb_find_or_translate(pc);
        if (last && !log_enabled(LOG_EXEC | LOG_CPU))
            tb_add_jump(last, last_slot, tb);
        if (log_enabled(LOG_EXEC))
            arx_log("Trace: [%p] 0x%016llx\n", (void *)tb->code,
                    (unsigned long long)pc);
        if (log_enabled(LOG_CPU) && hooks->log_state)
            hooks->log_state(env);
        ret = enter(env, tb->code);
        if (tb_flush_if_requested())
            ret = 0; /* tb is gone: nothing to chain from */
        if (ret == 0) {
            last = NULL;
            if (hooks->must_stop(env))
                return;
            continue;
        }
        last = (TranslationBlock *)(ret & ~(uintptr_t)3);
        last_slot = (unsigned)(ret & 3);
        if (hooks->must_stop(env))
            return;
    }
}
