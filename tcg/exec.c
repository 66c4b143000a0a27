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

uint8_t *tb_code_cache_init(uintptr_t guest_base);

/* Called from translated code for BR/BLR/RET: next block's code or exit. */
static uint64_t helper_lookup_tb_ptr(uint64_t env)
{
    void *e = (void *)(uintptr_t)env;
    TranslationBlock *tb;

    if (log_enabled(LOG_EXEC))
        return (uint64_t)(uintptr_t)tcg_backend_exit_zero();
    tb = tb_lookup(hooks->get_pc(e));
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
        TranslationBlock *tb = tb_find_or_translate(pc);
        uintptr_t ret;

        if (last && !log_enabled(LOG_EXEC))
            tb_add_jump(last, last_slot, tb);
        if (log_enabled(LOG_EXEC))
            arx_log("Trace: [%p] 0x%016llx\n", (void *)tb->code,
                    (unsigned long long)pc);
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
