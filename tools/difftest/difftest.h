/*
 * Shared declarations of the difftest guest harness: the register-state
 * layout the asm runner reads and writes, and the instruction class table.
 * Guest-only (aarch64); must not depend on anything from arx itself.
 */
#ifndef DIFFTEST_H
#define DIFFTEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Offsets are hard-coded in harness.S: keep both in step. */
struct dt_state {
    uint64_t x[32];    /* x0-x28 loaded/stored; x29-x31 unused (0) */
    uint64_t v[32][2]; /* [n][0] = low 64 bits of qN, [n][1] = high */
    uint64_t nzcv;     /* offset 768 */
    uint64_t fpcr;     /* offset 776 */
    uint64_t fpsr;     /* offset 784 */
    uint64_t code;     /* offset 792: address of the snippet to call */
    /* SVE classes, at VL 128 (Z is v): P0-P15, then the FFR; 17-19 pad. */
    uint16_t p[20];
};

/* Run the snippet at s->code with the whole state of *s; store it back. */
void dt_run(struct dt_state *s);
/* SVE at VL 128: P0-P15 and the FFR from p[0..16], and back. */
void dt_sve_load(const uint16_t *p);
void dt_sve_store(uint16_t *p);

enum {
    DT_GPR_RD = 1u << 0, /* bits 4:0 may name a GPR destination */
    DT_MEM = 1u << 1,    /* bits 9:5 are a base register into dt_mem */
    DT_MEM_RM = 1u << 2, /* bits 20:16 are an index/post-increment GPR */
    DT_FP16 = 1u << 3,   /* half-precision (FEAT_FP16) encodings */
    DT_FPTYPE = 1u << 4, /* bits 23:22 are the scalar FP type (11 = half) */
    DT_SVE = 1u << 5,    /* SVE: the predicates join the state, VL 128 */
    DT_MOVPRFX = 1u << 6 /* run dt_movprfx_for(insn), then insn */
};

struct dt_template {
    uint32_t fixed;  /* bits always set */
    uint32_t random; /* bits drawn at random */
};

struct dt_class {
    const char *name;
    const char *what;
    unsigned flags;
    bool (*allocated)(uint32_t insn); /* NULL: every draw is kept */
    const struct dt_template *templates;
    size_t template_count;
};

extern const struct dt_class dt_classes[];
extern const size_t dt_class_count;

const struct dt_class *dt_class_find(const char *name);
/* DT_MOVPRFX classes: the MOVPRFX (unpredicated, or with insn's Pg and
 * element size, zeroing or merging) put before insn, from insn alone. */
uint32_t dt_movprfx_for(uint32_t insn);

/* Size of the random data buffer memory classes address (base at middle). */
#define DT_MEM_SIZE 4096

#endif
