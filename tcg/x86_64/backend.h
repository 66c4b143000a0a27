/*
 * The x86-64 backend's entry points: prologue/epilogue, turning one block's
 * IR into host code, patching chained jumps. Knows nothing about the guest.
 */
#ifndef ARX_TCG_X86_64_BACKEND_H
#define ARX_TCG_X86_64_BACKEND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tcg/tb.h"

/* Enters translated code with the calling thread's jump cache (probed by
 * goto_lookup): returns the exit_tb value (0, or tb | slot). */
typedef uintptr_t (*TCGEnterFn)(void *env, const void *code,
                                JmpCache *jmp_cache);

/* Writes the prologue and epilogue at buf; returns their size. */
size_t tcg_backend_init(uint8_t *buf, size_t size, uintptr_t guest_base);
TCGEnterFn tcg_backend_enter(void);
/* Code that leaves translated code returning 0 (for goto_ptr misses). */
const void *tcg_backend_exit_zero(void);
/* Code that jumps to the block for the guest pc in the CPU state, found
 * by tcg_ctx.lookup_helper: where empty jump-cache entries point. */
const void *tcg_backend_lookup_stub(void);

enum {
    TCG_GEN_NO_SPACE = -1, /* code buffer full: flush and retry */
    TCG_GEN_TOO_BIG = -2,  /* frame or labels exhausted: fewer insns */
};
/* Generates host code for tcg_ctx's ops into buf; returns bytes or < 0. */
int tcg_gen_code(TranslationBlock *tb, uint8_t *buf, size_t size);

/*
 * One guest memory access in generated code: its host offset, the guest
 * pc of its instruction, and which guest registers (globals, by CPU-state
 * offset) live only in which host registers at that point. Or a call of a
 * TCG_CALL_MAY_FAULT helper: host_offset is the call's return address and
 * the guest state is all in memory.
 */
typedef struct TCGFaultReg {
    int32_t env_offset;
    uint8_t host_reg;
    uint8_t bytes; /* 4 or 8: a general register; 16: an xmm register */
} TCGFaultReg;

typedef enum TCGFaultKind {
    TCG_FAULT_ACCESS, /* an inline access: the fault's host pc */
    TCG_FAULT_CALL,   /* a helper call: its return address */
    /* guest_check_align's trap (a hlt), the address in host reg addr_reg */
    TCG_FAULT_ALIGN_READ,
    TCG_FAULT_ALIGN_WRITE,
} TCGFaultKind;

/* Where a fault recipe's input is at a site: a host register, a frame
 * slot (offset from the host rsp), a global's home in the CPU state
 * (offset from env), or a constant. */
typedef enum TCGFaultWhere {
    TCG_FAULT_IN_REG,
    TCG_FAULT_IN_SLOT,
    TCG_FAULT_IN_ENV,
    TCG_FAULT_IS_CONST,
} TCGFaultWhere;

typedef struct TCGFaultValue {
    uint8_t where; /* TCGFaultWhere */
    uint8_t reg;
    int64_t value; /* slot or env offset, or the constant */
} TCGFaultValue;

typedef struct TCGFaultSite {
    uint32_t host_offset;
    uint16_t nb_regs;
    uint8_t kind; /* TCGFaultKind */
    uint8_t addr_reg;
    uint64_t guest_pc;
    /* 0, or 1 + the kind of the fault recipe in force: then its inputs
     * follow regs as three TCGFaultValues, those of bit k of recipe_use
     * meaningful, and a fault calls tcg_fault_recipe_fn with them once
     * the registers are restored. */
    uint16_t recipe;
    uint8_t recipe_use;
    /* Bit i: global pin i's register was lent to a loop's own pin here
     * (its global is in the CPU state; regs lists the register). */
    uint8_t lent_pins;
    TCGFaultReg regs[];
} TCGFaultSite;

/* The fault sites of the block just generated, packed: their count, and
 * how many bytes tcg_copy_fault_sites writes (8-byte aligned). */
uint32_t tcg_fault_sites_size(size_t *bytes);
void tcg_copy_fault_sites(void *dst);
/* Whether n packed sites of bytes bytes read back from a file are well
 * formed for a block of code_size bytes. */
bool tcg_fault_sites_check(const void *sites, uint32_t n, size_t bytes,
                           uint32_t code_size);
/* The record after site in a block's packed list. */
const TCGFaultSite *tcg_fault_site_next(const TCGFaultSite *site);
/* Fills the CPU state from a host signal context at an access site;
 * returns env. */
void *tcg_fault_restore(const TCGFaultSite *site, void *host_ucontext);
/* The host pc and stack pointer of a host signal context, and a general
 * register (X86Reg number). */
uintptr_t tcg_fault_host_pc(void *host_ucontext);
uintptr_t tcg_fault_host_sp(void *host_ucontext);
uint64_t tcg_fault_host_reg(void *host_ucontext, unsigned reg);

/*
 * What a block's code names outside itself, so that a copy of it can run
 * elsewhere (the persistent translation cache): an absolute address or a
 * rel32 into arx's image (helpers; addend: the target less an anchor in
 * the image), a rel32 to a shared stub, the block's own record (tb |
 * slot, addend: slot). Offsets are of the field in the code.
 */
typedef enum TCGRelocKind {
    TCG_RELOC_IMAGE_REL32 = 1,
    TCG_RELOC_IMAGE_ABS64,
    TCG_RELOC_STUB_REL32,
    TCG_RELOC_TB_ABS64,
} TCGRelocKind;

typedef struct TCGReloc {
    uint32_t offset;
    uint8_t kind; /* TCGRelocKind */
    uint8_t stub; /* TCG_RELOC_STUB_REL32: which stub */
    uint16_t reserved;
    int64_t addend;
} TCGReloc;

/* The relocations of the block just generated. */
uint32_t tcg_block_relocs(const TCGReloc **relocs);
/* False when the block's code holds a reference no relocation records. */
bool tcg_block_relocatable(void);
/* Fixes up tb's code (a copy, tb->code and code_size set) for this
 * process; false when a target is out of reach or a record is bad. */
bool tcg_relocate(TranslationBlock *tb, const TCGReloc *relocs, uint32_t n);

/* A word that changes whenever code generated on this host would differ
 * for the same IR (host CPU features, record layout). */
uint64_t tcg_backend_code_version(void);

/* Points slot's jump of tb at target (atomic for running threads). */
void tcg_patch_jump(TranslationBlock *tb, unsigned slot, const void *target);

/* For -d out_asm: logs host code with guest insn boundaries. */
void tcg_log_out_asm(const TranslationBlock *tb);

#endif
