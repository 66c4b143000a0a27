/*
 * The target-independent IR: typed value handles, temps, ops and the
 * builder API that frontends use to emit a translation block's IR.
 * Nothing here may name a guest or host architecture.
 */
#ifndef ARX_TCG_IR_H
#define ARX_TCG_IR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- opcodes, from the X-macro table ---- */

enum {
    OPF_NONE = 0,
    OPF_BB_END = 1 << 0,       /* ends a basic block: globals synced */
    OPF_SIDE_EFFECTS = 1 << 1, /* never removed even if outputs are dead */
    OPF_CALL = 1 << 2,
    OPF_GUEST_MEM = 1 << 3, /* guest memory access: never reordered */
    OPF_NO_RETURN = 1 << 4, /* control does not reach the next op */
};

typedef enum TCGOpcode {
#define DEF(name, oargs, iargs, cargs, flags, op_class) INDEX_op_##name,
#include "tcg/ops.def"
#undef DEF
    NB_OPS,
} TCGOpcode;

typedef struct TCGOpDef {
    const char *name;
    uint8_t nb_oargs, nb_iargs, nb_cargs;
    uint8_t flags;
} TCGOpDef;

extern const TCGOpDef tcg_op_defs[NB_OPS];

/* ---- conditions, memory ops, barriers ---- */

typedef enum TCGCond {
    TCG_COND_NEVER,
    TCG_COND_ALWAYS,
    TCG_COND_EQ,
    TCG_COND_NE,
    TCG_COND_LT,
    TCG_COND_GE,
    TCG_COND_LE,
    TCG_COND_GT, /* signed */
    TCG_COND_LTU,
    TCG_COND_GEU,
    TCG_COND_LEU,
    TCG_COND_GTU, /* unsigned */
    TCG_COND_TSTEQ,
    TCG_COND_TSTNE, /* (a & b) == 0, (a & b) != 0 */
} TCGCond;

TCGCond tcg_invert_cond(TCGCond c);
TCGCond tcg_swap_cond(TCGCond c); /* for swapped operands: a < b == b > a */
bool tcg_cond_holds_i64(TCGCond c, uint64_t a, uint64_t b);
const char *tcg_cond_name(TCGCond c);

typedef enum MemOp {
    MO_8 = 0,
    MO_16 = 1,
    MO_32 = 2,
    MO_64 = 3,
    MO_SIZE = 3,
    MO_SIGN = 1 << 2,    /* sign-extend the loaded value */
    MO_ACQUIRE = 1 << 3, /* load-acquire: later accesses stay after it */
    MO_RELEASE = 1 << 4, /* store-release: ordered after earlier accesses
                            and before any later acquire (RCsc) */
    MO_UB = MO_8,
    MO_UW = MO_16,
    MO_UL = MO_32,
    MO_UQ = MO_64,
    MO_SB = MO_8 | MO_SIGN,
    MO_SW = MO_16 | MO_SIGN,
    MO_SL = MO_32 | MO_SIGN,
    /* A system mode's MMU index of the access (tcg/softmmu.h), bits 8-9. */
    MO_MMU_SHIFT = 8,
    MO_MMU_MASK = 3 << MO_MMU_SHIFT,
} MemOp;

/* Which earlier/later access pairs a barrier orders. */
typedef enum TCGBar {
    TCG_BAR_LDLD = 1 << 0, /* earlier loads before later loads */
    TCG_BAR_STLD = 1 << 1, /* earlier stores before later loads */
    TCG_BAR_LDST = 1 << 2, /* earlier loads before later stores */
    TCG_BAR_STST = 1 << 3, /* earlier stores before later stores */
    TCG_BAR_ALL = 0xf,
} TCGBar;

/* ---- temps and typed handles ---- */

typedef enum TCGType { TCG_TYPE_I32, TCG_TYPE_I64 } TCGType;

typedef enum TCGTempKind {
    TEMP_NORMAL, /* lives within one translation block */
    TEMP_GLOBAL, /* backed by the CPU state at mem_offset; survives blocks */
    TEMP_FIXED,  /* pinned to a host register for all code (the env) */
    TEMP_CONST,  /* read-only constant, interned per block */
} TCGTempKind;

/* Where a temp's value is while a block is compiled. */
enum { VAL_DEAD, VAL_REG, VAL_MEM, VAL_CONST };

typedef struct TCGTemp {
    TCGType type;
    TCGTempKind kind;
    int64_t val;        /* TEMP_CONST */
    int32_t mem_offset; /* TEMP_GLOBAL: byte offset in the CPU state */
    int8_t fixed_reg;   /* TEMP_FIXED: backend register number */
    const char *name;   /* globals and fixed temps */
    /* Bits a global can ever have set (tcg_global_set_bits): what the
     * optimizer assumes of it when it knows nothing else. 0 = all. */
    uint64_t bits_bound;

    /* Register allocator state (tcg/x86_64/regalloc): set for a new temp
     * when it is made, reset for globals at each block (all eight bytes
     * at once, through alloc_state). */
    union {
        struct {
            uint8_t val_loc; /* where the value is: VAL_DEAD, VAL_REG, ... */
            int8_t reg;
            bool mem_coherent; /* memory copy up to date */
            bool pinned;       /* a global held in one register the block */
            int32_t slot;      /* TEMP_NORMAL: frame offset once spilled */
        };
        uint64_t alloc_state;
    };
} TCGTemp;

/* Distinct struct types so mixing widths fails to compile. */
typedef struct {
    uint32_t idx;
} TCGv_i32;
typedef struct {
    uint32_t idx;
} TCGv_i64;
typedef struct {
    uint32_t idx;
} TCGv_ptr; /* a host pointer (64-bit) */
typedef struct {
    uint32_t id;
} TCGLabel;

#define TCG_MAX_OP_ARGS 8
#define TCG_MAX_CALL_ARGS 6

typedef struct TCGHelper {
    const char *name;
    void *func; /* uint64_t f(uint64_t...) with up to 6 arguments */
    unsigned flags;
} TCGHelper;

/*
 * A helper's promises about the IR globals: the guest registers a frontend
 * declares with tcg_global_mem_new_*, which the backend holds in host
 * registers inside a block. No other CPU-state memory (vectors, FPSR, the
 * exclusive monitor) is held anywhere across a call (the vector cache is
 * written back and dropped before every call), so a helper may read and
 * write it whatever its flags. No flag lets a call be moved or removed:
 * every call is a side effect. A host fault inside a helper becomes a
 * guest signal only for helpers marked TCG_CALL_MAY_FAULT.
 */
enum {
    /* Reads no global through env: liveness does not count the call as a
     * read of every global (an earlier write nothing else reads may go);
     * with NO_WRITE_GLOBALS, nothing is stored before the call. */
    TCG_CALL_NO_READ_GLOBALS = 1 << 0,
    /* Writes no global through env: globals stay in their host registers
     * across the call (stored first unless NO_READ_GLOBALS, never
     * reloaded, pinned ones included); the optimizer keeps what it knows
     * of them; a compare before the call may fuse with a branch after. */
    TCG_CALL_NO_WRITE_GLOBALS = 1 << 1,
    /* Both: the call costs no store or reload of any global. */
    TCG_CALL_NO_GLOBALS = TCG_CALL_NO_READ_GLOBALS | TCG_CALL_NO_WRITE_GLOBALS,
    /* Touches guest memory, so a host fault inside it is the calling guest
     * instruction's: the backend records the call's return address as a
     * fault site, and every global is in memory at the call (never with
     * NO_READ_GLOBALS), where the fault finds the guest state. */
    TCG_CALL_MAY_FAULT = 1 << 2,
};

typedef struct TCGOp {
    uint16_t opc;
    uint8_t nargs;         /* number of used args */
    uint8_t life;          /* liveness: bit i set = arg i dies at this op */
    uint64_t dead_globals; /* block ends: globals (bit = index) not read
                              after this op, so not written back here */
    uint64_t args[TCG_MAX_OP_ARGS]; /* temp indices, then constant args */
    const TCGHelper *helper;        /* INDEX_op_call only */
    uint8_t call_oargs, call_iargs; /* INDEX_op_call only */
    /* Guest accesses (set by the backend's liveness): the index of the
     * fault_recipe op in force here, or -1; bit k of recipe_use: its
     * input k is read here, of recipe_life: input k dies here. */
    int16_t recipe;
    uint8_t recipe_use, recipe_life;
} TCGOp;

/*
 * A system mode's guest memory accesses: the helpers the builders call
 * instead of emitting guest_* ops (tcg/softmmu.c). Each takes env, the
 * address and the operands, then a descriptor word (see softmmu.c).
 */
typedef struct TCGSoftmmuHelpers {
    const TCGHelper *ld, *st, *ld_vec, *st_vec, *cmpxchg, *check_align;
    /* Integer loads and stores stay guest_ld/st ops (their MemOp carries
     * the MMU index) which the backend lowers to an inline TLB probe with
     * ld/st as the slow path; tlb_offset is the TLB's offset from env. */
    int32_t tlb_offset;
} TCGSoftmmuHelpers;

#define TCG_MAX_TEMPS 4096
#define TCG_MAX_OPS 8192
#define TCG_MAX_LABELS 512

struct TranslationBlock;

typedef struct TCGContext {
    TCGTemp temps[TCG_MAX_TEMPS];
    int nb_globals; /* temps[0 .. nb_globals) survive across blocks */
    int nb_temps;
    TCGOp ops[TCG_MAX_OPS];
    int nb_ops;
    int nb_labels;
    bool overflow; /* too many ops/temps/labels: retry with fewer insns */
    /* Globals (bit = temp index < 64) whose values no successor reads
     * before writing them: stores to them may be dropped at exits. */
    uint64_t globals_dead_at_exit;
    /* Globals kept in host registers in all translated code (the backend
     * loads them on entry and stores them on every way out). */
    int nb_pins;
    uint32_t pins[4];
    int nb_calls;   /* call ops emitted */
    bool goto_self; /* a goto_tb leads back to the block's own start */
    struct TranslationBlock *tb; /* block being translated */
    /* Returns host code for the guest state's pc, or the dispatcher exit. */
    const TCGHelper *lookup_helper;
    /* NULL: guest accesses are inline ops (user mode); else the calls. */
    const TCGSoftmmuHelpers *softmmu;
    /* The MMU index of the accesses being built (the target sets it per
     * block, and around unprivileged accesses). */
    int mem_index;
    /* Non-NULL (the target sets it per block): every guest access built
     * first calls it with (env, addr, bytes << 2 | read << 1 | write), a
     * debugger's view of what a stepped instruction touches. */
    const TCGHelper *access_probe;
} TCGContext;

extern TCGContext tcg_ctx;
extern TCGv_ptr tcg_env; /* the CPU state pointer, in a fixed host register */

static inline TCGTemp *tcg_temp(uint32_t idx)
{
    return &tcg_ctx.temps[idx];
}
static inline TCGv_i64 tcg_ptr_as_i64(TCGv_ptr p)
{
    return (TCGv_i64){p.idx};
}

/* ---- context setup (once) and per block ---- */

void tcg_context_init(void);
/* Registers a global held in the CPU state at byte offset ofs. */
TCGv_i32 tcg_global_mem_new_i32(int ofs, const char *name);
TCGv_i64 tcg_global_mem_new_i64(int ofs, const char *name);
/* The frontend promises that g never holds a bit outside bits (every
 * write it emits, and every helper's, respects it): AArch32 registers
 * live zero-extended in 64-bit globals. The optimizer then drops
 * extensions of them that change nothing. */
void tcg_global_set_bits(TCGv_i64 g, uint64_t bits);
/* Starts a new block: drops all non-global temps, ops and labels. */
void tcg_func_start(struct TranslationBlock *tb);
/* Asks the backend to keep globals g[0..n) (the most used guest
 * registers, n <= 4) in host registers across blocks. Before the code
 * cache is set up; a global's memory copy is then current only outside
 * translated code and wherever a helper may read it. */
void tcg_pin_globals(const TCGv_i64 *g, int n);

TCGv_i32 tcg_temp_new_i32(void);
TCGv_i64 tcg_temp_new_i64(void);
TCGv_i32 tcg_constant_i32(int32_t val);
TCGv_i64 tcg_constant_i64(int64_t val);
TCGLabel tcg_new_label(void);

/* ---- the builder: tcg_gen_<op>[i]_<type>; immediates canonicalise ---- */

void tcg_gen_mov_i32(TCGv_i32 ret, TCGv_i32 a);
void tcg_gen_mov_i64(TCGv_i64 ret, TCGv_i64 a);
void tcg_gen_movi_i32(TCGv_i32 ret, int32_t val);
void tcg_gen_movi_i64(TCGv_i64 ret, int64_t val);

#define TCG_BINARY(op)                                                         \
    void tcg_gen_##op##_i32(TCGv_i32 ret, TCGv_i32 a, TCGv_i32 b);             \
    void tcg_gen_##op##_i64(TCGv_i64 ret, TCGv_i64 a, TCGv_i64 b);             \
    void tcg_gen_##op##i_i32(TCGv_i32 ret, TCGv_i32 a, int32_t b);             \
    void tcg_gen_##op##i_i64(TCGv_i64 ret, TCGv_i64 a, int64_t b);
TCG_BINARY(add)
TCG_BINARY(sub)
TCG_BINARY(mul)
TCG_BINARY(and)
TCG_BINARY(or)
TCG_BINARY(xor)
TCG_BINARY(andc)
TCG_BINARY(shl) /* shifts: count taken modulo the width */
TCG_BINARY(shr)
TCG_BINARY(sar)
TCG_BINARY(rotr)
#undef TCG_BINARY
void tcg_gen_rotl_i32(TCGv_i32 ret, TCGv_i32 a, TCGv_i32 b);
void tcg_gen_rotl_i64(TCGv_i64 ret, TCGv_i64 a, TCGv_i64 b);
void tcg_gen_rotli_i32(TCGv_i32 ret, TCGv_i32 a, int32_t b);
void tcg_gen_rotli_i64(TCGv_i64 ret, TCGv_i64 a, int64_t b);
void tcg_gen_orc_i32(TCGv_i32 ret, TCGv_i32 a, TCGv_i32 b); /* a | ~b */
void tcg_gen_orc_i64(TCGv_i64 ret, TCGv_i64 a, TCGv_i64 b);
void tcg_gen_eqv_i32(TCGv_i32 ret, TCGv_i32 a, TCGv_i32 b); /* a ^ ~b */
void tcg_gen_eqv_i64(TCGv_i64 ret, TCGv_i64 a, TCGv_i64 b);
void tcg_gen_subfi_i64(TCGv_i64 ret, int64_t a, TCGv_i64 b); /* a - b */

void tcg_gen_neg_i32(TCGv_i32 ret, TCGv_i32 a);
void tcg_gen_neg_i64(TCGv_i64 ret, TCGv_i64 a);
void tcg_gen_not_i32(TCGv_i32 ret, TCGv_i32 a);
void tcg_gen_not_i64(TCGv_i64 ret, TCGv_i64 a);

void tcg_gen_mulu2_i64(TCGv_i64 lo, TCGv_i64 hi, TCGv_i64 a, TCGv_i64 b);
/* divu_i64/divs_i64 (ops.def): no trap; x / 0 = 0, MIN / -1 = MIN. */
void tcg_gen_divu_i64(TCGv_i64 ret, TCGv_i64 a, TCGv_i64 b);
void tcg_gen_divs_i64(TCGv_i64 ret, TCGv_i64 a, TCGv_i64 b);
void tcg_gen_muls2_i64(TCGv_i64 lo, TCGv_i64 hi, TCGv_i64 a, TCGv_i64 b);

/* IEEE arithmetic on raw bits (the f32/f64 ops of ops.def): opc names a
 * two-input op (fadd_f32 ... fdiv_f64) or a square root. */
void tcg_gen_fp_binary(TCGOpcode opc, TCGv_i64 ret, TCGv_i64 a, TCGv_i64 b);
void tcg_gen_fp_unary(TCGOpcode opc, TCGv_i64 ret, TCGv_i64 a);
void tcg_gen_fp_ternary(TCGOpcode opc, TCGv_i64 ret, TCGv_i64 n, TCGv_i64 m,
                        TCGv_i64 a);
void tcg_gen_clz_i32(TCGv_i32 ret, TCGv_i32 a, TCGv_i32 if_zero);
void tcg_gen_clz_i64(TCGv_i64 ret, TCGv_i64 a, TCGv_i64 if_zero);
void tcg_gen_clzi_i64(TCGv_i64 ret, TCGv_i64 a, int64_t if_zero);
void tcg_gen_clzi_i32(TCGv_i32 ret, TCGv_i32 a, int32_t if_zero);
void tcg_gen_ctz_i32(TCGv_i32 ret, TCGv_i32 a, TCGv_i32 if_zero);
void tcg_gen_ctz_i64(TCGv_i64 ret, TCGv_i64 a, TCGv_i64 if_zero);
void tcg_gen_bswap16_i32(TCGv_i32 ret, TCGv_i32 a);
void tcg_gen_bswap32_i32(TCGv_i32 ret, TCGv_i32 a);
void tcg_gen_bswap32_i64(TCGv_i64 ret, TCGv_i64 a);
void tcg_gen_bswap64_i64(TCGv_i64 ret, TCGv_i64 a);
/* crc32c_i64 (ops.def): acc updated with the low size bytes of val;
 * only where tcg_can_emit_crc32c(). */
void tcg_gen_crc32c_i64(TCGv_i64 ret, TCGv_i64 acc, TCGv_i64 val,
                        unsigned size);
/* fround_f32/_f64 (ops.def): mode = direction | 4 for inexact. */
void tcg_gen_fround(TCGOpcode opc, TCGv_i64 ret, TCGv_i64 a, unsigned mode);

void tcg_gen_extract_i32(TCGv_i32 ret, TCGv_i32 a, unsigned pos, unsigned len);
void tcg_gen_extract_i64(TCGv_i64 ret, TCGv_i64 a, unsigned pos, unsigned len);
void tcg_gen_sextract_i32(TCGv_i32 ret, TCGv_i32 a, unsigned pos, unsigned len);
void tcg_gen_sextract_i64(TCGv_i64 ret, TCGv_i64 a, unsigned pos, unsigned len);
void tcg_gen_deposit_i32(TCGv_i32 ret, TCGv_i32 a, TCGv_i32 b, unsigned pos,
                         unsigned len);
void tcg_gen_deposit_i64(TCGv_i64 ret, TCGv_i64 a, TCGv_i64 b, unsigned pos,
                         unsigned len);

void tcg_gen_ext8s_i64(TCGv_i64 ret, TCGv_i64 a);
void tcg_gen_ext8u_i64(TCGv_i64 ret, TCGv_i64 a);
void tcg_gen_ext16s_i64(TCGv_i64 ret, TCGv_i64 a);
void tcg_gen_ext16u_i64(TCGv_i64 ret, TCGv_i64 a);
void tcg_gen_ext32s_i64(TCGv_i64 ret, TCGv_i64 a);
void tcg_gen_ext32u_i64(TCGv_i64 ret, TCGv_i64 a);
void tcg_gen_ext8s_i32(TCGv_i32 ret, TCGv_i32 a);
void tcg_gen_ext8u_i32(TCGv_i32 ret, TCGv_i32 a);
void tcg_gen_ext16s_i32(TCGv_i32 ret, TCGv_i32 a);
void tcg_gen_ext16u_i32(TCGv_i32 ret, TCGv_i32 a);
void tcg_gen_extu_i32_i64(TCGv_i64 ret, TCGv_i32 a);
void tcg_gen_exts_i32_i64(TCGv_i64 ret, TCGv_i32 a);
void tcg_gen_extrl_i64_i32(TCGv_i32 ret, TCGv_i64 a);
void tcg_gen_extrh_i64_i32(TCGv_i32 ret, TCGv_i64 a);

void tcg_gen_setcond_i32(TCGCond c, TCGv_i32 ret, TCGv_i32 a, TCGv_i32 b);
void tcg_gen_setcond_i64(TCGCond c, TCGv_i64 ret, TCGv_i64 a, TCGv_i64 b);
void tcg_gen_setcondi_i64(TCGCond c, TCGv_i64 ret, TCGv_i64 a, int64_t b);
void tcg_gen_setcondi_i32(TCGCond c, TCGv_i32 ret, TCGv_i32 a, int32_t b);
/* ret = (c1 cond c2) ? v1 : v2 */
void tcg_gen_movcond_i32(TCGCond c, TCGv_i32 ret, TCGv_i32 c1, TCGv_i32 c2,
                         TCGv_i32 v1, TCGv_i32 v2);
void tcg_gen_movcond_i64(TCGCond c, TCGv_i64 ret, TCGv_i64 c1, TCGv_i64 c2,
                         TCGv_i64 v1, TCGv_i64 v2);

/* Only forward branches: a label is set after every branch to it. */
void tcg_gen_brcond_i32(TCGCond c, TCGv_i32 a, TCGv_i32 b, TCGLabel l);
void tcg_gen_brcond_i64(TCGCond c, TCGv_i64 a, TCGv_i64 b, TCGLabel l);
void tcg_gen_brcondi_i64(TCGCond c, TCGv_i64 a, int64_t b, TCGLabel l);
void tcg_gen_brcondi_i32(TCGCond c, TCGv_i32 a, int32_t b, TCGLabel l);
void tcg_gen_br(TCGLabel l);
void tcg_gen_set_label(TCGLabel l);

/* CPU state access: base pointer + constant offset. */
void tcg_gen_ld8u_i64(TCGv_i64 ret, TCGv_ptr base, int32_t ofs);
void tcg_gen_ld32u_i64(TCGv_i64 ret, TCGv_ptr base, int32_t ofs);
void tcg_gen_ld32s_i64(TCGv_i64 ret, TCGv_ptr base, int32_t ofs);
void tcg_gen_ld_i32(TCGv_i32 ret, TCGv_ptr base, int32_t ofs);
void tcg_gen_ld_i64(TCGv_i64 ret, TCGv_ptr base, int32_t ofs);
void tcg_gen_st8_i64(TCGv_i64 val, TCGv_ptr base, int32_t ofs);
void tcg_gen_st32_i64(TCGv_i64 val, TCGv_ptr base, int32_t ofs);
void tcg_gen_st_i32(TCGv_i32 val, TCGv_ptr base, int32_t ofs);
void tcg_gen_st_i64(TCGv_i64 val, TCGv_ptr base, int32_t ofs);

/* Guest memory (addr is a guest virtual address). */
void tcg_gen_guest_ld_i32(TCGv_i32 ret, TCGv_i64 addr, MemOp mop);
void tcg_gen_guest_ld_i64(TCGv_i64 ret, TCGv_i64 addr, MemOp mop);
void tcg_gen_guest_st_i32(TCGv_i32 val, TCGv_i64 addr, MemOp mop);
void tcg_gen_guest_st_i64(TCGv_i64 val, TCGv_i64 addr, MemOp mop);
/* Guest memory at addr to / from the vector at env offset d / s: bytes of
 * 1, 2, 4, 8 or 16; a load zeroes the rest of the 16-byte vector. */
void tcg_gen_guest_ld_vec(int32_t d, TCGv_i64 addr, unsigned bytes);
void tcg_gen_guest_st_vec(int32_t s, TCGv_i64 addr, unsigned bytes);
/* The 8-byte words at addr and addr + 8, as one single-copy atomic access
 * when addr is 16-aligned (the op tests it). User mode only. */
void tcg_gen_guest_ld_pair_i64(TCGv_i64 lo, TCGv_i64 hi, TCGv_i64 addr);
void tcg_gen_guest_st_pair_i64(TCGv_i64 lo, TCGv_i64 hi, TCGv_i64 addr);
/* Faults as a misaligned access (tb_restore_fault_state says so) when addr
 * & mask is not 0: for accesses the guest architecture requires aligned.
 * Costs a test and a not-taken branch. */
void tcg_gen_guest_check_align(TCGv_i64 addr, uint64_t mask, bool is_write);
/* Atomically: old = *addr; if (old == cmp) *addr = newv; ret = old. */
void tcg_gen_guest_cmpxchg_i64(TCGv_i64 ret, TCGv_i64 addr, TCGv_i64 cmp,
                               TCGv_i64 newv, MemOp mop);
void tcg_gen_mb(TCGBar bar);

/* Helper calls: ret may be NULL; args are i64 (extend i32 first). */
void tcg_gen_call(const TCGHelper *h, const TCGv_i64 *ret, int nargs,
                  const TCGv_i64 *args);
void tcg_gen_call0(const TCGHelper *h, const TCGv_i64 *ret);
void tcg_gen_call1(const TCGHelper *h, const TCGv_i64 *ret, TCGv_i64 a);
void tcg_gen_call2(const TCGHelper *h, const TCGv_i64 *ret, TCGv_i64 a,
                   TCGv_i64 b);
void tcg_gen_call3(const TCGHelper *h, const TCGv_i64 *ret, TCGv_i64 a,
                   TCGv_i64 b, TCGv_i64 c);
void tcg_gen_call4(const TCGHelper *h, const TCGv_i64 *ret, TCGv_i64 a,
                   TCGv_i64 b, TCGv_i64 c, TCGv_i64 d);

/*
 * Fault recipes. Globals a target computes only for a fault's sake (the
 * NZCV words of a compare between the compare and its branch, when no way
 * out reads them) need not be computed at all if a fault can rebuild
 * them. After tcg_gen_fault_recipe(kind, globals, x, y, z), where any two
 * of x, y, z determine globals (for a subtraction: its operands and its
 * result; pass one value three times when it alone does), a guest access
 * that faults sees globals as tcg_fault_recipe_fn writes them from the
 * inputs still as they were (valid: bit k for input k; two at least),
 * and the accesses on the way no longer keep their computation alive. It
 * holds until one of globals is written, fewer than two inputs are
 * unchanged, a call may write globals, or code joins from a branch taken
 * before it. User mode only (a system mode's slow paths read every global
 * from memory): elsewhere it emits nothing.
 */
typedef void TCGFaultRecipeFn(void *env, unsigned kind, const uint64_t in[3],
                              unsigned valid);
extern TCGFaultRecipeFn *tcg_fault_recipe_fn; /* set once by the target */
void tcg_gen_fault_recipe(unsigned kind, uint64_t globals, TCGv_i64 x,
                          TCGv_i64 y, TCGv_i64 z);

/* Block exits. */
void tcg_gen_insn_start(uint64_t guest_pc);
/* Leaves the block for guest pc dest: a patchable direct jump through
 * chaining slot 0 or 1; until chained, stores dest in pc (the global) and
 * returns to the dispatcher, which then chains the slot to the block for
 * dest only if it has this block's flags (a branch that changes them
 * stores the new state in the CPU state first). dead_globals:
 * globals (bit = temp index < 64) the code at dest overwrites before
 * reading them, which this way out need not write back. */
void tcg_gen_goto_tb(unsigned slot, TCGv_i64 pc, uint64_t dest,
                     uint64_t dead_globals);
/* The dead_globals argument of a way out to a known pc (goto_tb,
 * goto_lookup); 0 for any other op. */
uint64_t tcg_exit_dead_globals(const TCGOp *op);
/* A way out in the middle of a block (a loop region's): when the brcond
 * at index br is followed by ops that end no basic block, a way out (an
 * op that does not return) and, past markers, its own label, the way
 * out's index (*label: the label's); else -1. */
int tcg_way_out_before_label(int br, int *label);

/* op's output and input arg counts (a call's are its own). */
static inline void tcg_op_arg_counts(const TCGOp *op, int *nout, int *nin)
{
    if (op->opc == INDEX_op_call) {
        *nout = op->call_oargs;
        *nin = op->call_iargs;
    } else {
        *nout = tcg_op_defs[op->opc].nb_oargs;
        *nin = tcg_op_defs[op->opc].nb_iargs;
    }
}
/* Or'ed into goto_tb's slot: a loop's back edge, counted in the loop
 * head's counter (tb_hot_counter); every 256th time it calls
 * tb_loop_hot(dest, the block's flags) before jumping (tcg/tb.h). */
#define TCG_GOTO_TB_HOT 0x100u
/* Leaves the block, with pc (the global) set to pc_value, when the 32-bit
 * flag at env offset flag_offset is nonzero; otherwise does nothing. */
void tcg_gen_exit_check(int32_t flag_offset, TCGv_i64 pc, uint64_t pc_value);
/* Returns to the dispatcher; slot >= 0 asks it to chain that slot. */
void tcg_gen_exit_tb(int slot);
/*
 * Jumps to the block for (pc, flags), which the frontend has just stored
 * in the CPU state (the target's block_state reads them back there): the
 * jump cache inline, else lookup_helper. flags is a constant when the
 * branch keeps the block's own (A64: BR, RET), a value when it computes
 * them (T32 BX: the Thumb bit from the address); constant 0 costs nothing.
 * dead_globals: as tcg_gen_goto_tb's, for a way out to a known pc.
 */
void tcg_gen_lookup_and_goto_ptr(TCGv_i64 pc, TCGv_i32 flags,
                                 uint64_t dead_globals);

/* ---- vectors in the CPU state ---- */

/*
 * Element-wise operations on vectors stored in the CPU state (see
 * vec_* in ops.def). "Element" means 8 << vece bits; lanes are little-endian.
 * Comparisons give all ones (true) or zero per element.
 */
typedef enum TCGVecOp {
    /* tcg_gen_vec_bin: d = a op b */
    TCG_VEC_ADD,
    TCG_VEC_SUB,
    TCG_VEC_MUL,
    TCG_VEC_AND,
    TCG_VEC_OR,
    TCG_VEC_XOR,
    TCG_VEC_ANDC,
    TCG_VEC_ORC, /* a & ~b, a | ~b */
    TCG_VEC_CMPEQ,
    TCG_VEC_CMPGT,
    TCG_VEC_CMPGE, /* signed */
    TCG_VEC_CMPGTU,
    TCG_VEC_CMPGEU,
    TCG_VEC_CMPTST, /* (a & b) != 0 */
    TCG_VEC_SMIN,
    TCG_VEC_SMAX,
    TCG_VEC_UMIN,
    TCG_VEC_UMAX,
    TCG_VEC_ABDU,
    TCG_VEC_ABDS, /* absolute difference |a - b| */
    /* Saturating add / subtract, signed and unsigned; a lane that
     * saturates sets the target's sticky flag (tcg_set_vec_sat_flag). */
    TCG_VEC_SQADD,
    TCG_VEC_UQADD,
    TCG_VEC_SQSUB,
    TCG_VEC_UQSUB,
    /* Saturating doubling multiply returning the high half, truncated and
     * rounded: (2 * a * b (+ (1 << (bits - 1)))) >> bits (16- and 32-bit
     * lanes); -min * -min saturates and sets the sticky flag. */
    TCG_VEC_SQDMULH,
    TCG_VEC_SQRDMULH,
    /* Pairwise: the elements of a then b (oprsz each) taken two by two. */
    TCG_VEC_ADDP,
    TCG_VEC_SMINP,
    TCG_VEC_SMAXP,
    TCG_VEC_UMINP,
    TCG_VEC_UMAXP,
    TCG_VEC_ZIPLO,
    TCG_VEC_ZIPHI, /* interleave the low / high halves */
    TCG_VEC_UZPEVEN,
    TCG_VEC_UZPODD, /* even / odd elements of a then b */
    TCG_VEC_TRNEVEN,
    TCG_VEC_TRNODD, /* even (odd) elements of a and b,
                       alternating */
    /* Widening: the elements in the low 8 bytes of a and b, zero/sign-
     * extended to twice their size, then multiplied, |a - b|, added or
     * subtracted (oprsz 16). */
    TCG_VEC_MULLU,
    TCG_VEC_MULLS,
    TCG_VEC_ABDLU,
    TCG_VEC_ABDLS,
    TCG_VEC_ADDLU,
    TCG_VEC_ADDLS,
    TCG_VEC_SUBLU,
    TCG_VEC_SUBLS,
    /* Wide: a holds elements of twice vece (16 bytes); the elements in the
     * low 8 bytes of b are extended to that size and added or subtracted. */
    TCG_VEC_ADDWU,
    TCG_VEC_ADDWS,
    TCG_VEC_SUBWU,
    TCG_VEC_SUBWS,
    TCG_VEC_EXTRACT, /* bytes imm.. of the oprsz-byte pair b:a (vece 0) */
    /* Table lookup (vece 0): byte i is a[b[i] - imm] when b[i] - imm is
     * 0..15, else 0; a is always 16 bytes, b and d oprsz. With ACC the
     * lookups of several 16-byte tables (imm 0, 16, 32...) add up into
     * one, as at most one of them selects each byte. */
    TCG_VEC_TBL,
    /* Shifts by a signed count per element: the low byte of b's element,
     * as -128..127, shifts a's element left when positive, right when
     * negative (logical / arithmetic); shifted out entirely, an element
     * is 0 (an arithmetic right shift: copies of its sign). a and b are
     * at 16-byte aligned offsets (the backend reads them in place). */
    TCG_VEC_USHLV,
    TCG_VEC_SSHLV,

    /* tcg_gen_vec_un: d = op a */
    TCG_VEC_NOT,
    TCG_VEC_NEG,
    TCG_VEC_ABS,
    /* |a| and -a saturating: the most negative value gives the most
     * positive one and sets the sticky flag. */
    TCG_VEC_SQABS,
    TCG_VEC_SQNEG,
    TCG_VEC_CMPEQZ,
    TCG_VEC_CMPGTZ,
    TCG_VEC_CMPGEZ, /* against zero, signed */
    TCG_VEC_CMPLEZ,
    TCG_VEC_CMPLTZ,
    /* Reverse the order of elements within each 16/32/64-bit container. */
    TCG_VEC_REV16,
    TCG_VEC_REV32,
    TCG_VEC_REV64,
    /* Reductions of the oprsz bytes of a into element 0 of d; the rest of
     * d up to maxsz is zeroed. */
    TCG_VEC_REDADD,
    TCG_VEC_REDSMIN,
    TCG_VEC_REDSMAX,
    TCG_VEC_REDUMIN,
    TCG_VEC_REDUMAX,
    /* Sums of all elements, each zero/sign-extended, as one of twice vece. */
    TCG_VEC_REDADDLU,
    TCG_VEC_REDADDLS,
    /* Pairwise add long: each pair of adjacent elements of a, extended,
     * summed into one element of twice vece (oprsz bytes in and out). */
    TCG_VEC_ADDLPU,
    TCG_VEC_ADDLPS,
    /* tcg_gen_vec_shi: by the immediate (0 < imm <= element bits for
     * right shifts, < element bits for left) */
    TCG_VEC_SHLI,
    TCG_VEC_SHRI,
    TCG_VEC_SARI,
    /* Rounding right shifts: (a + (1 << (imm - 1))) >> imm without
     * overflow, 1 <= imm <= element bits (logical / arithmetic). */
    TCG_VEC_SHRI_RND,
    TCG_VEC_SARI_RND,
    /* Shift and insert (no flags): a shifted left by imm (0 <= imm <
     * element bits) or right, logically, by imm (1 <= imm <= element
     * bits), with the bits the shift vacated taken from d. */
    TCG_VEC_SLI,
    TCG_VEC_SRI,
    /* The 16 bytes of a as elements of twice vece, shifted right by imm
     * (0 allowed) and truncated to vece: oprsz (8) bytes of result. */
    TCG_VEC_SHRI_NARROW,
    /* The 16 bytes of a as elements of twice vece narrowed to vece with
     * saturation: signed to signed, unsigned to unsigned, signed to
     * unsigned; a lane that saturates sets the sticky flag
     * (tcg_set_vec_sat_flag). oprsz (8) bytes of result; vece 0 to 2. */
    TCG_VEC_SQXTN,
    TCG_VEC_UQXTN,
    TCG_VEC_SQXTUN,
    /* The same with rounding, as TCG_VEC_SHRI_RND (1 <= imm <= vece bits). */
    TCG_VEC_RSHRI_NARROW,
    /* The low 8 bytes of a zero/sign-extended to twice vece, then shifted
     * left by imm (0 <= imm <= vece bits): 16 bytes of result. */
    TCG_VEC_ZEXT_SHLI,
    TCG_VEC_SEXT_SHLI,
    /* Element imm of a (16 bytes), zero-extended to the whole of d. */
    TCG_VEC_GETEL,
    /* Saturating shifts left by imm (0 <= imm < element bits): signed to
     * signed, unsigned to unsigned, signed to unsigned (a negative lane
     * gives 0); a lane that saturates sets the sticky flag. */
    TCG_VEC_SQSHLI,
    TCG_VEC_UQSHLI,
    TCG_VEC_SQSHLUI,
    TCG_VEC_NB_OPS,

    /* Flags: the result is added to (subtracted from) d's elements rather
     * than stored; the element size is the result's. */
    TCG_VEC_ACC = 1 << 8,
    TCG_VEC_ACC_SUB = 1 << 9,
    TCG_VEC_OP_MASK = 0xff,
} TCGVecOp;

/*
 * The target's sticky saturation flag: bit (a mask) of the 32-bit word at
 * byte offset ofs in the CPU state. Until it is set the saturating vector
 * kinds are never emitted inline.
 */
void tcg_set_vec_sat_flag(int32_t ofs, uint32_t bit);
/* The flag tcg_set_vec_sat_flag named (bit 0: none). */
void tcg_vec_sat_flag(int32_t *ofs, uint32_t *bit);

/* d, a, b, sel, t, f: byte offsets in the CPU state (from tcg_env). */
void tcg_gen_vec_bin(unsigned op, unsigned vece, unsigned oprsz, unsigned maxsz,
                     int32_t d, int32_t a, int32_t b);
void tcg_gen_vec_extract(unsigned oprsz, unsigned maxsz, int32_t d, int32_t a,
                         int32_t b, unsigned pos);
/* TCG_VEC_TBL (op: it or'ed with TCG_VEC_ACC) with table base imm. */
void tcg_gen_vec_tbl(unsigned op, unsigned oprsz, unsigned maxsz, int32_t d,
                     int32_t table, int32_t idx, unsigned base);
void tcg_gen_vec_un(unsigned op, unsigned vece, unsigned oprsz, unsigned maxsz,
                    int32_t d, int32_t a);
void tcg_gen_vec_shi(unsigned op, unsigned vece, unsigned oprsz, unsigned maxsz,
                     int32_t d, int32_t a, unsigned imm);
/* d = (t & sel) | (f & ~sel), bitwise. */
void tcg_gen_vec_bitsel(unsigned oprsz, unsigned maxsz, int32_t d, int32_t sel,
                        int32_t t, int32_t f);
/* Every element of d = the low element-sized bits of val. */
void tcg_gen_vec_dup_i64(unsigned vece, unsigned oprsz, unsigned maxsz,
                         int32_t d, TCGv_i64 val);
/* ret = the top bit of byte i of the 16-byte vector a as bit i (x86
 * pmovmskb): 0..0xffff. */
void tcg_gen_vec_msb_mask(TCGv_i64 ret, int32_t a);
/* Element i of the 16-byte d = all ones when bit i << vece of bits is set,
 * else zero: the inverse of tcg_gen_vec_msb_mask for vece 0. */
void tcg_gen_vec_expand_bits(unsigned vece, int32_t d, TCGv_i64 bits);

/*
 * IEEE arithmetic on each single (vece 2) or double (vece 3) element of
 * vectors in the CPU state, rounding to nearest even: d = a op b, or for
 * the fused kinds d = d +- a * b with one rounding. The inline result
 * stands when the 32-bit mode word at env offset mode_ofs has no bit of
 * mode_mask set and no element of the result is a NaN (NaN rules differ
 * between architectures); otherwise the backend calls slow->func(env,
 * slow_arg, d, a, b) (offsets), which must compute d in the CPU state from
 * the unchanged a, b and d. mode_ofs TCG_FP_MODE_FIXED (below): nothing
 * is tested, the block being translated for a mode with no bit of
 * mode_mask set. Use only when tcg_can_emit_vec_fp says so.
 * The slow helpers of vec_fp and fp_guarded(_env) must be
 * TCG_CALL_NO_GLOBALS: no call op reaches the IR, so the backend stores
 * and reloads no global around them, whatever their flags say.
 */
typedef enum TCGVecFpKind {
    TCG_VEC_FADD,
    TCG_VEC_FSUB,
    TCG_VEC_FMUL,
    TCG_VEC_FDIV,
    TCG_VEC_FMLA, /* d += a * b, fused */
    TCG_VEC_FMLS, /* d -= a * b, fused */
    /* d = the two single elements of a's low (FCVTL2: high) half widened
     * to doubles (vece 3, oprsz 16; b unused); exact, so only NaNs and the
     * mode word send it to the helper. */
    TCG_VEC_FCVTL,
    TCG_VEC_FCVTL2,
} TCGVecFpKind;

void tcg_gen_vec_fp(TCGVecFpKind kind, unsigned vece, unsigned oprsz,
                    unsigned maxsz, int32_t d, int32_t a, int32_t b,
                    int32_t mode_ofs, uint32_t mode_mask, const TCGHelper *slow,
                    uint64_t slow_arg);
bool tcg_can_emit_vec_fp(TCGVecFpKind kind, unsigned vece, unsigned oprsz);

/*
 * ret = inner(in...) for an IEEE op inner (fadd_f32 ... fnmulsub_f64)
 * when the 32-bit mode word at env offset mode_ofs has no bit of
 * mode_mask set and the result is not a NaN; otherwise ret =
 * slow->func(env, in[0], in[1], in[2], slow_arg), in[i] for i beyond the
 * inner op's inputs being 0. No branch in the IR: the backend places the
 * slow path out of line. Only where tcg_can_emit_fp_guarded(inner).
 */
void tcg_gen_fp_guarded(TCGOpcode inner, TCGv_i64 ret, const TCGv_i64 *in,
                        int32_t mode_ofs, uint32_t mode_mask,
                        const TCGHelper *slow, uint64_t slow_arg);
/*
 * The bits of a mode word that ask for flush-to-zero (the target's, set
 * once). A guarded op whose mode_mask leaves them out stays inline while
 * one is set as long as no input is subnormal and the result is neither
 * below the smallest normal magnitude nor zero: the flushed and the IEEE
 * results and flags then agree; otherwise its slow path runs, with the
 * host's flags as before the attempt.
 */
extern uint32_t tcg_fp_flush_mask;
/*
 * mode_ofs of a guarded op whose block is translated for one FP mode
 * (the frontend keys its blocks by it): nothing is tested at run time,
 * and mode_mask is the mode's flush bits that are set (0: none), which
 * choose the flushing attempt or the plain one.
 */
#define TCG_FP_MODE_FIXED (-1)
/*
 * In a fixed mode's mode_mask with a flush bit: the target's inexact flag
 * is known to be set whenever the block runs. The only host flag a
 * flushing attempt the slow path takes over can raise that the target's
 * rules may not is inexact (a tiny result the target flushes without
 * it), so the attempt then neither saves nor restores the host flags.
 */
#define TCG_FP_MODE_INEXACT_SET (1u << 31)
bool tcg_can_emit_fp_guarded(TCGOpcode inner);
/*
 * The same with operands in the CPU state: the low elements of the
 * vectors at env offsets in[] (the slow helper gets their low 8 bytes),
 * the result written to the low element of d and the rest of d's 16 bytes
 * zeroed. Chains of such ops keep their values in host vector registers.
 */
void tcg_gen_fp_guarded_env(TCGOpcode inner, int32_t d, const int32_t *in,
                            int32_t mode_ofs, uint32_t mode_mask,
                            const TCGHelper *slow, uint64_t slow_arg);

/* Implemented by the backend: whether op (flags included) on elements of
 * vece over oprsz bytes lowers inline on this host. A frontend must not
 * emit a vector op the backend cannot lower: it calls a helper instead. */
bool tcg_can_emit_vec(unsigned op, unsigned vece, unsigned oprsz);
/* Implemented by the backend: whether the fused multiply-add ops
 * (fmuladd_f32 ...) lower inline on this host. */
bool tcg_can_emit_fma(void);
/* Implemented by the backend: whether crc32c_i64 lowers inline here. */
bool tcg_can_emit_crc32c(void);
/* Implemented by the backend: whether fround_f32/_f64 lower inline. */
bool tcg_can_emit_fround(void);
/* Implemented by the backend: whether the host has AES-NI and carry-less
 * multiply, for helpers built with them (read once: asking the CPU can
 * trap to a hypervisor). */
bool tcg_host_has_aes(void);
bool tcg_host_has_clmul(void);
/* For tests: limits the backend to the host's baseline vector ISA. */
void tcg_vec_baseline_only(bool on);

/* ---- passes and debugging ---- */

bool tcg_validate(char *err, size_t errlen); /* checks the op list */
void tcg_optimize(void);                     /* constant folding/propagation */
/* Moves pure ops only one way out of a final two-way branch needs into
 * that way (tcg/sink.c). */
void tcg_sink_to_exits(void);
void tcg_dump_ops(void); /* -d op, to the log */

/* Low-level: appends an op; used by the builder and by tests. */
TCGOp *tcg_emit_op(TCGOpcode opc, int nargs, const uint64_t *args);

#endif
