/*
 * Shared declarations of the armhf difftest guest harness: the register
 * state the asm runner loads and stores, and the instruction class table.
 * Guest-only (armhf); must not depend on anything from arx itself.
 */
#ifndef DIFFTEST_ARM_H
#define DIFFTEST_ARM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Offsets are hard-coded in harness_arm.S: keep both in step. */
struct dta_state {
    uint32_t r[16]; /* r0-r12 and r14 loaded/stored; r13, r15 unused */
    uint32_t cpsr;  /* offset 64: N Z C V Q and GE are loaded */
    uint32_t fpscr; /* offset 68 */
    uint32_t code;  /* offset 72: snippet address, bit 0 set for Thumb */
    uint32_t pad;
    uint64_t d[32]; /* offset 80 */
};

/* Run the snippet at s->code with the whole state of *s; store it back. */
void dta_run(struct dta_state *s);
/* Where every snippet returns to (A32; loaded into pc by the snippet). */
extern char dta_back[];

enum {
    DTA_T32 = 1u << 0,     /* Thumb 32-bit: insn = hw1 << 16 | hw2 */
    DTA_T16 = 1u << 1,     /* Thumb 16-bit: the low halfword */
    DTA_COND = 1u << 2,    /* A32: random condition; T32: VFP with 1110 */
    DTA_MEM = 1u << 3,     /* a base register points into dta_mem */
    DTA_MEM_RM = 1u << 4,  /* an index register gets a small value */
    DTA_REGLIST = 1u << 5, /* bits 15:0 (T16: 7:0) are a register list */
    DTA_NEON_Q = 1u << 6,  /* bit 6 is Q: Vd Vn Vm made even when set */
    DTA_TO_T32 = 1u << 7,  /* A32 Advanced SIMD template, run as T32 */
    DTA_KEEP_RM = 1u << 8  /* index field 13/15 mean "no register" */
};

struct dta_template {
    uint32_t fixed;  /* bits always set */
    uint32_t random; /* bits drawn at random */
};

struct dta_class {
    const char *name;
    const char *what;
    unsigned flags;
    /* Low bits of the 4-bit (T16: 3-bit) fields naming a GPR, as a mask:
     * bit k set = field [k+3:k]. 13 and 15 are redrawn there, except in
     * the fields of pc_ok (where 15 means "none", e.g. SXTB's Rn). */
    uint32_t gpr_fields;
    uint32_t pc_ok;
    int base_at; /* DTA_MEM: low bit of the base register field */
    int rm_at;   /* DTA_MEM_RM: low bit of the index register field */
    bool (*allocated)(uint32_t insn); /* NULL: every draw is kept */
    const struct dta_template *templates;
    size_t template_count;
};

extern const struct dta_class dta_classes[];
extern const size_t dta_class_count;

const struct dta_class *dta_class_find(const char *name);

/* The scratch buffer memory classes address (base register at middle). */
#define DTA_MEM_SIZE 16384

#endif
