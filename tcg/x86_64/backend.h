/*
 * The x86-64 backend's entry points: prologue/epilogue, turning one block's
 * IR into host code, patching chained jumps. Knows nothing about the guest.
 */
#ifndef ARX_TCG_X86_64_BACKEND_H
#define ARX_TCG_X86_64_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#include "tcg/tb.h"

/* Enters translated code: returns the exit_tb value (0, or tb | slot). */
typedef uintptr_t (*TCGEnterFn)(void *env, const void *code);

/* Writes the prologue and epilogue at buf; returns their size. */
size_t tcg_backend_init(uint8_t *buf, size_t size, uintptr_t guest_base);
TCGEnterFn tcg_backend_enter(void);
/* Code that leaves translated code returning 0 (for goto_ptr misses). */
const void *tcg_backend_exit_zero(void);

enum {
    TCG_GEN_NO_SPACE = -1,  /* code buffer full: flush and retry */
    TCG_GEN_TOO_BIG = -2,   /* frame or labels exhausted: fewer insns */
};
/* Generates host code for tcg_ctx's ops into buf; returns bytes or < 0. */
int tcg_gen_code(TranslationBlock *tb, uint8_t *buf, size_t size);

/* Points slot's jump of tb at target (atomic for running threads). */
void tcg_patch_jump(TranslationBlock *tb, unsigned slot, const void *target);

/* For -d out_asm: logs host code with guest insn boundaries. */
void tcg_log_out_asm(const TranslationBlock *tb);

#endif
