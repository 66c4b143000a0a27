/*
 * Relocations of one block's host code: every place where it names
 * something outside itself (helpers, the shared stubs, its own block
 * record), so a copy can run at another address in another process.
 */
#ifndef ARX_TCG_X86_64_RELOC_H
#define ARX_TCG_X86_64_RELOC_H

#include <stdint.h>

#include "tcg/x86_64/emit.h"

/* The shared code a block jumps to (codegen.c lays it down). */
typedef enum RelocStub {
    RELOC_STUB_EPILOGUE,
    RELOC_STUB_LOOKUP,
    RELOC_STUB_LEAVE,
} RelocStub;

/* Forgets the previous block's relocations. */
void reloc_reset(void);
/* call fn (a function of arx's own image). */
void reloc_call(const void *fn);
/* jmp / jcc to a stub, always rel32 (a copy may lie far from it). */
void reloc_jmp_stub(RelocStub stub);
void reloc_jcc_stub(X86Cond cc, RelocStub stub);
/* rel32 field of an emitted jmp32 that must reach stub. */
void reloc_patch_stub(uint8_t *field, RelocStub stub);
/* movabs r, p: an address in arx's own image (its data, say). */
void reloc_mov_image(X86Reg r, const void *p);
/* movabs r, tb | slot (this block's record). */
void reloc_mov_tb(X86Reg r, unsigned slot);
/* The 8 bytes just emitted at field hold tb | slot. */
void reloc_note_tb_data(const uint8_t *field, unsigned slot);

#endif
