/*
 * Blocks saved for other processes (a persistent translation cache): a
 * block's host code, relocations and fault sites as one position-free
 * record, and the hooks an execution mode gives tb.c to find and keep
 * them. Where records live and which blocks qualify is the mode's
 * business (user mode: linux-user/pcache.c); tcg/ only packs, checks and
 * unpacks.
 */
#ifndef ARX_TCG_TB_PERSIST_H
#define ARX_TCG_TB_PERSIST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tcg/tb.h"

typedef struct TBPersistOps {
    /* The record saved for the block (pc, flags), or NULL; *len its
     * size. Under the translation lock; the memory stays valid. */
    const void *(*find)(uint64_t pc, uint32_t flags, size_t *len);
    /* Whether the block just translated at (pc, flags), covering size
     * guest bytes, may be saved. */
    bool (*wants)(uint64_t pc, uint32_t flags, uint32_t size);
    /* Keeps a copy of rec (len bytes) for (pc, flags). */
    void (*save)(uint64_t pc, uint32_t flags, const void *rec, size_t len);
    /* The blocks of the guest page at page were dropped (code changed). */
    void (*page_dropped)(uint64_t page);
} TBPersistOps;

/* Changes whenever this host's backend would generate other code for the
 * same IR (host CPU features, record layout): part of a record's key. */
uint64_t tb_persist_code_version(void);

/* Installs ops (NULL: no persistent cache). */
void tb_set_persist(const TBPersistOps *ops);

/* Packs the block just generated (tb, its code, the backend's relocations
 * and tb's fault sites) into buf; the record's size, or 0 when it does
 * not fit in cap or the code cannot be relocated. */
size_t tb_record_pack(const TranslationBlock *tb, void *buf, size_t cap);

/*
 * Unpacks rec into tb: its code copied to code (avail bytes there) and
 * relocated, its fault sites into memory from alloc. Fills size, icount,
 * code, code_size, the jump offsets and the fault sites. False when the
 * record is malformed, does not fit, or cannot be relocated here.
 */
bool tb_record_unpack(TranslationBlock *tb, const void *rec, size_t len,
                      uint8_t *code, size_t avail, void *(*alloc)(size_t size));

#endif
