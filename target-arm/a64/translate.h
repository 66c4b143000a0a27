/*
 * Shared state and helpers of the A64 translator: register access, flags,
 * conditions, block exits. Each trans_*.c file handles one encoding group
 * and includes this; nothing here knows about the host.
 */
#ifndef ARX_TARGET_ARM_A64_TRANSLATE_H
#define ARX_TARGET_ARM_A64_TRANSLATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "target-arm/cpu.h"
#include "target-arm/features.h"
#include "target-arm/flags.h"
#include "target-arm/sys.h"
#include "tcg/ir.h"

struct TranslationBlock;

typedef enum DisasJumpType {
    DISAS_NEXT,     /* keep translating */
    DISAS_TOO_MANY, /* block full: chain to pc_next */
    DISAS_JUMP,     /* pc stored in env by the insn: look the target up */
    DISAS_EXIT,     /* pc stored in env: return to the dispatcher */
    DISAS_NORETURN, /* the insn emitted its own exit */
} DisasJumpType;

/* The most instructions a loop region (region.c) spans. */
#define A64_REGION_MAX_INSNS 64

/* A loop region's shape: its last back edge, and the branch targets
 * inside (bit i: the instruction at the block's start + 4 * i). */
typedef struct A64Region {
    uint64_t end;
    uint64_t targets;
} A64Region;

typedef struct DisasContext {
    struct TranslationBlock *tb;
    void *env;         /* the thread translating: for guest_fetch32 */
    uint64_t pc_first; /* first guest insn of the block */
    uint64_t pc_curr;  /* the insn being translated */
    uint64_t pc_next;  /* the insn after it */
    uint32_t insn;
    int el;           /* exception level the block runs at (user mode: 0) */
    bool single_step; /* system mode: one instruction, then EXCP_STEP */
    DisasJumpType is_jmp;
    int insn_count;
    /* Where the block can go: direct exits, or somewhere unknown. */
    uint64_t exit_pc[2];
    bool exit_flags_dead[2]; /* code at exit_pc[i] sets NZCV before reading */
    int nb_exits;
    bool unknown_exit;
    uint64_t features; /* arm_cpu_features when the block was translated */
    bool keep_btype;   /* BR/BLR set env->btype (arm_bti_active) */
    bool guarded;      /* the block's page is guarded (BTI) */
    bool mte;          /* arm_mte_active: addresses lose their tag byte
                          and checked accesses call helper_mte_check */
    bool sve_vl128;    /* the block's VL is 128 bits (no
                          ARM_TBFLAG_SVE_VL_OTHER): SVE forms may work on
                          the V registers inline */
    /* User mode: the block is translated for one FP mode (cpu.h), FPCR's
     * FZ and RMode bits in fp_mode; inline FP code tests nothing at run
     * time (a64_fp_mode_allows). System mode tests FPCR at run time. */
    bool fp_fixed;
    uint32_t fp_mode;
    /* User mode, FZ set: FPSR.IXC was clear at lookup
     * (ARM_TBFLAG_FP_IXC_CLEAR): flushing attempts save the host flags,
     * every way out goes through the dispatcher. */
    bool fp_ixc_clear;
    /* A loop region (region.c): the block runs from pc_first to the back
     * edge at region.end; forward branches to the instructions in
     * region.targets go to labels, made when first needed (labels_made)
     * and bound when reached (labels_bound); ways out take the chaining
     * slots in turn (next_slot), then the jump-cache lookup. */
    bool in_region;
    A64Region region;
    TCGLabel region_labels[A64_REGION_MAX_INSNS];
    uint64_t labels_made, labels_bound;
    unsigned next_slot;
} DisasContext;

/* Whether the CPU model has optional feature f: its encodings UNDEF if not. */
static inline bool dc_has_feature(const DisasContext *s, ArmFeature f)
{
    return (s->features >> f) & 1;
}

/* The A64 target's TCGTargetOps entries (target-arm/cpu.c holds the
 * structure): init, translate and log_in_asm. */
void a64_translate_init(void);
void a64_translate_block(struct TranslationBlock *tb, void *env, int max_insns);
void a64_log_in_asm(const struct TranslationBlock *tb, void *env);

/* ---- general registers: reg 31 is XZR or SP as each accessor says ---- */

/* The 64-bit value of Xn (31: zero). Do not write to the result. */
TCGv_i64 read_xreg(DisasContext *s, int reg);
/* The 64-bit value of Xn (31: SP). Do not write to the result. */
TCGv_i64 read_xreg_sp(DisasContext *s, int reg);
/* A new temp holding Xn, or Wn zero-extended when !sf (31: zero). */
TCGv_i64 read_cpu_reg(DisasContext *s, int reg, int sf);
/* Same, with 31 meaning SP. */
TCGv_i64 read_cpu_reg_sp(DisasContext *s, int reg, int sf);
/* Xn = val (31: discarded). When !sf, the low 32 bits zero-extended. */
void write_xreg(DisasContext *s, int reg, TCGv_i64 val, int sf);
/* Same, with 31 meaning SP. */
void write_xreg_sp(DisasContext *s, int reg, TCGv_i64 val, int sf);

/* ---- block exits and exceptions ---- */

/* Ends the block jumping to dest through chaining slot (0 or 1). */
void gen_goto_tb(DisasContext *s, unsigned slot, uint64_t dest);
/*
 * A conditional branch to dest: begin gives the label the caller's
 * brcond goes to, taken when the condition holds or, with invert, when
 * it fails; end emits the ways out. In a loop region a forward target
 * inside is its own label (nothing more: execution goes on), and a way
 * out before the last back edge is put inline with invert set.
 */
typedef struct CondBranch {
    TCGLabel label;
    uint64_t dest;
    bool invert;
    bool inside;
} CondBranch;
CondBranch gen_cond_branch_begin(DisasContext *s, uint64_t dest);
void gen_cond_branch_end(DisasContext *s, const CondBranch *b);
/* Ends the block jumping to the address in val (indirect branch). */
void gen_jump_reg(DisasContext *s, TCGv_i64 val);
/* PSTATE.BTYPE an indirect branch leaves (Arm ARM BTypeNext): BR Xn (and
 * BRAA...) with link false, BLR (BLRAA...) with link true. Call before
 * gen_jump_reg; nothing unless guarded pages exist. */
void gen_branch_btype(DisasContext *s, int rn, bool link);
/* Raises excp at the current insn (pc = pc_curr) with a syndrome value. */
void gen_exception_insn(DisasContext *s, uint32_t excp, uint32_t syndrome);
/* Raises excp at the current insn when flag is nonzero; else the block
 * goes on. */
void gen_exception_insn_if(DisasContext *s, TCGv_i64 flag, uint32_t excp,
                           uint32_t syndrome);
/* UNDEF: the guest gets SIGILL; -d unimp names the encoding and pc. */
bool unallocated_encoding(DisasContext *s);
/* Ends the block after this insn, returning to the dispatcher. */
void gen_exit_after_insn(DisasContext *s);
/* Leaves the block some way other than gen_goto_tb (exception, syscall). */
static inline void note_unknown_exit(DisasContext *s)
{
    s->unknown_exit = true;
}
/* Vector FADD/FSUB/FMUL/FDIV/FMLA/FMLS (FPOP_* / SF_* op) inline when the
 * host can (trans_vfp_inline.c); false: the caller calls the helper. */
bool a64_gen_vfp_3same_inline(const DisasContext *s, int op, int esz, bool q,
                              int rd, int rn, int rm);
/* FMUL, FMLA, FMLS by element (vector forms, S or D) inline; false when
 * the host cannot (then the caller emits the helper). */
bool a64_gen_vfp_by_elem_inline(const DisasContext *s, int op, int esz, bool q,
                                int rd, int rn, int rm, int idx);
/* FCVTL/FCVTL2 single to double inline; desc: the 2misc helper's. */
bool a64_gen_fcvtl_inline(const DisasContext *s, bool q, int rd, int rn,
                          uint64_t desc);
/* SCVTF/UCVTF (vector, integer), scalar S or D: Vd = the integer in Vn's
 * low element, converted as the general-register forms are (trans_fp.c);
 * false for other sizes. */
bool a64_gen_int_to_fp_scalar(DisasContext *s, int rd, int rn, int esz, bool u);
/* Scalar FABD (S or D) inline; false: the caller calls the helper. */
bool a64_gen_fabd_scalar(const DisasContext *s, int esz, int rd, int rn,
                         int rm);

/*
 * Scalar IEEE op inner (fadd_f32 ... fnmulsub_f64) on in[] into d inline,
 * with the helper_fp_* that slow names as the out-of-line slow path, desc
 * its last argument (trans_fp_guarded.c); false: the host cannot.
 */
typedef enum A64FpGuard {
    A64_FP_GUARD_BINOP,  /* helper_fp_binop: in = n, m */
    A64_FP_GUARD_MULADD, /* helper_fp_muladd: in = n, m, addend */
    A64_FP_GUARD_SQRT,   /* helper_fp_sqrt: in = n; desc = esz */
} A64FpGuard;
bool a64_gen_fp_guarded(const DisasContext *s, TCGOpcode inner, TCGv_i64 d,
                        const TCGv_i64 *in, A64FpGuard slow, uint64_t desc);
/* The same on the FP registers themselves (Vd = inner(Vn...)): values
 * stay in host vector registers from one FP instruction to the next. */
bool a64_gen_fp_guarded_env(const DisasContext *s, TCGOpcode inner, int rd,
                            const int *rin, A64FpGuard slow, uint64_t desc);
/*
 * The mode word inline FP code tests for FPCR's bits in mask (the
 * mode_ofs of tcg_gen_vec_fp and fp_guarded): none (TCG_FP_MODE_FIXED)
 * in a block translated for an FP mode with none of them set, else FPCR,
 * at run time (system mode, or a user-mode block translated for such a
 * mode: its inline code then always takes the helper).
 */
int32_t a64_fp_mode_ofs(const DisasContext *s, uint32_t mask);

/* DecodeBitMasks(immN, imms, immr, immediate=TRUE, M=datasize) of a
 * logical immediate (trans_dp_imm.c): false for a reserved encoding. */
bool a64_decode_bit_masks(unsigned n, unsigned imms, unsigned immr,
                          unsigned datasize, uint64_t *wmask);
/* VFPExpandImm() of imm8 for element size esz (FP_H, FP_S, FP_D). */
uint64_t a64_fp_expand_imm(int esz, unsigned imm8);

/* The direct branch classes (region.c; nzcv_use.c follows them too). */
typedef enum A64BranchKind {
    A64_BRANCH_NONE,   /* not a branch: execution goes on */
    A64_BRANCH_COND,   /* B.cond, BC.cond, CBZ/CBNZ, TBZ/TBNZ */
    A64_BRANCH_ALWAYS, /* B, B.AL/NV: never falls through */
    A64_BRANCH_STOP,   /* BL, BR/BLR/RET..., SVC/BRK...: leaves the code */
} A64BranchKind;
/* The kind of insn at pc and, for a direct branch, where it goes. */
A64BranchKind a64_branch_kind(uint32_t insn, uint64_t pc, uint64_t *dest);
/* Whether the code from start (the block's first insn) is a loop region,
 * its shape in r (region.c); no more than max_insns insns. */
bool a64_find_loop_region(void *env, uint64_t start, int max_insns,
                          A64Region *r);

/* What code at pc (in the block's page) does with NZCV before reading
 * it; env is the translating thread's, to fetch guest code. */
typedef enum A64NZCVFate {
    A64_NZCV_DEAD,    /* written before any read on every path */
    A64_NZCV_ESCAPES, /* no read seen; a call or indirect branch first */
    A64_NZCV_LIVE,    /* may be read (or the scan could not tell) */
} A64NZCVFate;
A64NZCVFate a64_nzcv_fate(void *env, uint64_t pc, uint64_t page);
/* Does the first-tier block at pc (at most max_insns, one page) read
 * NZCV before writing it? */
bool a64_nzcv_read_first(void *env, uint64_t pc, int max_insns);
/* True when code at pc sets NZCV before reading it (A64_NZCV_DEAD). */
bool a64_nzcv_dead_at(void *env, uint64_t pc, uint64_t page);

/* ---- FEAT_MTE (trans_mte.c) ---- */

/*
 * The address a data access of bytes at the guest address addr uses:
 * addr itself unless tagged pointers may exist (s->mte); then addr
 * without its tag byte, and for a Tag Checked access (checked) the
 * thread's tag check first: a synchronous fault raises EXCP_MTE at this
 * instruction before anything is accessed. A new temp when it differs;
 * addr is left as is (writeback keeps the tag). Call once per
 * instruction, over all the bytes it accesses.
 */
TCGv_i64 gen_mte_access(DisasContext *s, TCGv_i64 addr, unsigned bytes,
                        bool is_write, bool checked);
/* The same for a write of the aligned block of bytes (a power of two)
 * holding addr (DC ZVA): a fault reports addr. */
TCGv_i64 gen_mte_block_access(DisasContext *s, TCGv_i64 addr, unsigned bytes);

/* ---- helpers and vector registers ---- */

/* Offsets into CPUARMState for FP/SIMD registers. */
static inline int vreg_offset(int reg)
{
    return (int)offsetof(CPUARMState, v) + reg * (int)sizeof(ARMVReg);
}
/* Offset of element idx of size (1 << esize_log2) bytes in Vreg. */
static inline int vreg_elem_offset(int reg, int idx, int esize_log2)
{
    return vreg_offset(reg) + (idx << esize_log2);
}
/* Zeroes bits 127:64 of Vreg (writes to Dn/Sn/Hn/Bn and 64-bit vectors). */
void clear_vreg_high(int reg);

/* Address of a guest register or constant as a call argument. */
static inline TCGv_i64 const_arg(int64_t v)
{
    return tcg_constant_i64(v);
}

/* ---- group decoders: each returns false for "not mine / UNDEF" ---- */

bool a64_decode_branch_sys(DisasContext *s, uint32_t insn);
bool a64_decode_dp_imm(DisasContext *s, uint32_t insn);
bool a64_decode_dp_reg(DisasContext *s, uint32_t insn);
bool a64_decode_ldst(DisasContext *s, uint32_t insn);
bool a64_decode_fp(DisasContext *s, uint32_t insn);
bool a64_decode_simd(DisasContext *s, uint32_t insn);
bool a64_decode_crypto(DisasContext *s, uint32_t insn);
/* The optional features' encodings (feat.decode), after every group. */
bool a64_decode_feat(DisasContext *s, uint32_t insn);
/* Pointer authentication (pauth.decode), after feat; the hint-space forms
 * (crm, op2 of HINT): false when the hint is not one or pauth is off (a
 * NOP then). */
bool a64_decode_pauth(DisasContext *s, uint32_t insn);
bool a64_trans_pauth_hint(DisasContext *s, unsigned crm, unsigned op2);
/* FEAT_MOPS (mops.decode), after pauth. */
bool a64_decode_mops(DisasContext *s, uint32_t insn);
/* Memory tagging (mte.decode), after pauth. */
bool a64_decode_mte(DisasContext *s, uint32_t insn);
/* FEAT_SVE (sve.decode): the op0 = 0010 space; false without sve. */
bool a64_decode_sve(DisasContext *s, uint32_t insn);
/* The SVE permutes, predicate partitioning and counts by predicate
 * (trans_sve_perm.c). */
bool a64_decode_sve_perm(DisasContext *s, uint32_t insn);
const char *a64_describe_sve_perm(uint32_t insn, char *buf, size_t len);
/* The SVE arithmetic beyond the foundation (trans_sve_arith.c). */
bool a64_decode_sve_arith(DisasContext *s, uint32_t insn);
const char *a64_describe_sve_arith(uint32_t insn, char *buf, size_t len);
/* SVE gathers, scatters, prefetches, LD1RQ (sve_mem.decode): after sve. */
bool a64_decode_sve_mem(DisasContext *s, uint32_t insn);
const char *a64_describe_sve_mem(uint32_t insn, char *buf, size_t len);
/* FEAT_SVE2 (sve2.decode), tried by a64_decode_sve after sve.decode. */
bool a64_decode_sve2(DisasContext *s, uint32_t insn);
const char *a64_describe_sve2(uint32_t insn, char *buf, size_t len);
/* The SVE forms of BF16, I8MM, F32MM, F64MM (sve_mm.decode): after sve. */
bool a64_decode_sve_mm(DisasContext *s, uint32_t insn);
const char *a64_describe_sve_mm(uint32_t insn, char *buf, size_t len);
/* With sve: after an AdvSIMD/FP instruction, the V registers it wrote
 * lose their Z bits above 128 (zhi_live, target-arm/sve.h). */
void a64_sve_note_vreg_writes(DisasContext *s, uint32_t insn);

/* For -d in_asm: "PATTERN field=value ..." or NULL when nothing matches. */
const char *a64_describe_branch_sys(uint32_t insn, char *buf, size_t len);
const char *a64_describe_dp_imm(uint32_t insn, char *buf, size_t len);
const char *a64_describe_dp_reg(uint32_t insn, char *buf, size_t len);
const char *a64_describe_ldst(uint32_t insn, char *buf, size_t len);
const char *a64_describe_fp(uint32_t insn, char *buf, size_t len);
const char *a64_describe_simd(uint32_t insn, char *buf, size_t len);
const char *a64_describe_crypto(uint32_t insn, char *buf, size_t len);
const char *a64_describe_feat(uint32_t insn, char *buf, size_t len);
const char *a64_describe_pauth(uint32_t insn, char *buf, size_t len);
const char *a64_describe_mops(uint32_t insn, char *buf, size_t len);
const char *a64_describe_mte(uint32_t insn, char *buf, size_t len);
const char *a64_describe_sve(uint32_t insn, char *buf, size_t len);

#endif
