/*
 * Vectors of the CPU state kept in xmm4-xmm15 from one vec_* op to the
 * next inside a block, so a chain of guest SIMD instructions does not go
 * through memory at every step. Memory stays the truth everywhere else:
 * before any other access to those bytes, a call, or a block end the
 * cached copies are written back, and a faulting guest access finds the
 * dirty ones in its fault site. Knows nothing of any guest architecture.
 */
#include "tcg/x86_64/vcache.h"

#include "tcg/x86_64/backend.h"
#include "tcg/x86_64/regalloc.h"

#define VCACHE_FIRST X86_XMM4 /* xmm0-xmm3 are the lowerings' scratch */
#define VCACHE_SIZE 12
#define VEC_BYTES 16

typedef struct VCacheEntry {
    int32_t ofs;       /* env offset of the 16 bytes held */
    uint32_t last_use; /* for choosing a victim */
} VCacheEntry;

static VCacheEntry entries[VCACHE_SIZE];
/* Bit i: entries[i] holds a vector; is newer than the CPU state. Most
 * blocks use no vector at all: every walk below starts from these. */
static uint32_t valid_mask, dirty_mask;
/* Bit i: entries[i] holds only bytes 0-7 of its vector, loaded for an
 * 8-byte read (bytes 8-15 are in memory, so it is never dirty); a whole
 * read loads the rest first. */
static uint32_t half_mask;
/* Bit i: entries[i]'s register has bytes 8-15 zero (a scalar result, or
 * bytes 0-7 loaded alone), so a VEX scalar op reading it first gives a
 * result with bytes 8-15 zero too. Kept on every path: a slow path
 * reloads such a register with 8 bytes (vcache_snapshot). */
static uint32_t hi_zero_mask;
static uint32_t use_clock;

/*
 * A looping block's loop pins: entries[i] for i < nb_loop_pins holds
 * loop_pin_ofs[i], clean, at the loop head and at every block boundary
 * inside the block (branches, labels, the back edge), so a vector the
 * loop reads before writing it (an accumulator, a coefficient) stays in
 * its register from one iteration to the next instead of being stored
 * and loaded again. It is still written back at each boundary: memory
 * stays current wherever the block can leave.
 */
#define VCACHE_MAX_LOOP_PINS 4
static int nb_loop_pins;
static int32_t loop_pin_ofs[VCACHE_MAX_LOOP_PINS];

static X86Asm *as(void)
{
    return &be.as;
}

static int entry_index(const VCacheEntry *e)
{
    return (int)(e - entries);
}

static X86Xmm entry_xmm(const VCacheEntry *e)
{
    return (X86Xmm)(VCACHE_FIRST + entry_index(e));
}

static bool is_valid(const VCacheEntry *e)
{
    return (valid_mask >> entry_index(e)) & 1;
}

static X86Mem env_at(int32_t ofs)
{
    return x86_mem(REG_ENV, ofs);
}

void vcache_reset(void)
{
    valid_mask = dirty_mask = half_mask = hi_zero_mask = 0;
    nb_loop_pins = 0;
}

static void write_back(VCacheEntry *e)
{
    uint32_t bit = 1u << entry_index(e);

    if (dirty_mask & bit) {
        x86_movdqu_store(as(), env_at(e->ofs), entry_xmm(e));
        dirty_mask &= ~bit;
    }
}

void vcache_flush(bool forget)
{
    for (int i = 0; dirty_mask && i < VCACHE_SIZE; i++)
        write_back(&entries[i]);
    if (forget)
        valid_mask = 0;
}

void vcache_sync_range(int32_t ofs, unsigned len, bool writes)
{
    for (int i = 0; valid_mask >> i && i < VCACHE_SIZE; i++) {
        VCacheEntry *e = &entries[i];
        if (!is_valid(e) || ofs >= e->ofs + VEC_BYTES ||
            ofs + (int32_t)len <= e->ofs)
            continue;
        write_back(e);
        if (writes)
            valid_mask &= ~(1u << i);
    }
}

static VCacheEntry *lookup(int32_t ofs)
{
    for (int i = 0; valid_mask >> i && i < VCACHE_SIZE; i++)
        if (is_valid(&entries[i]) && entries[i].ofs == ofs)
            return &entries[i];
    return NULL;
}

/* A free entry, or the least recently used one written back (a loop
 * pin's last: the next block boundary would load it again). */
static VCacheEntry *claim(int32_t ofs)
{
    VCacheEntry *victim = &entries[nb_loop_pins];

    for (int i = nb_loop_pins; i < VCACHE_SIZE; i++) {
        if (!is_valid(&entries[i])) {
            victim = &entries[i];
            break;
        }
        if (entries[i].last_use < victim->last_use)
            victim = &entries[i];
    }
    write_back(victim);
    victim->ofs = ofs;
    valid_mask |= 1u << entry_index(victim);
    hi_zero_mask &= ~(1u << entry_index(victim));
    return victim;
}

static bool cacheable(int32_t ofs)
{
    return ofs % VEC_BYTES == 0;
}

/* entries[i] := the vector at ofs, from memory, clean. Two 8-byte loads:
 * the halves are often just written by two 8-byte stores (guest loads
 * into a vector register), which cannot forward to one 16-byte load. */
static void load_entry(int i, int32_t ofs)
{
    VCacheEntry *e = &entries[i];

    e->ofs = ofs;
    e->last_use = ++use_clock;
    valid_mask |= 1u << i;
    dirty_mask &= ~(1u << i);
    half_mask &= ~(1u << i);
    hi_zero_mask &= ~(1u << i);
    x86_movq_load(as(), entry_xmm(e), env_at(ofs));
    x86_movhps_load(as(), entry_xmm(e), env_at(ofs + 8));
}

/* The entry holding at least bytes 0-7 of the vector at ofs: a missing
 * one is loaded with those only. */
static VCacheEntry *entry_low(int32_t ofs)
{
    VCacheEntry *e = lookup(ofs);

    if (!e) {
        e = claim(ofs);
        dirty_mask &= ~(1u << entry_index(e));
        half_mask |= 1u << entry_index(e);
        hi_zero_mask |= 1u << entry_index(e);
        x86_movq_load(as(), entry_xmm(e), env_at(ofs));
    }
    e->last_use = ++use_clock;
    return e;
}

/* At a block boundary of a looping block with loop pins: everything
 * written back, the pins kept (or loaded again where the block lost
 * them), the rest dropped. */
static void flush_keep_loop_pins(void)
{
    vcache_flush(false);
    hi_zero_mask = 0; /* the loop head's state: pins loaded whole */
    for (int i = 0; i < VCACHE_SIZE; i++) {
        bool pin_in_place = i < nb_loop_pins && is_valid(&entries[i]) &&
                            entries[i].ofs == loop_pin_ofs[i];
        if (!pin_in_place)
            valid_mask &= ~(1u << i);
    }
    for (int i = 0; i < nb_loop_pins; i++)
        if (!is_valid(&entries[i]))
            load_entry(i, loop_pin_ofs[i]);
}

/* Notes a vector op's access to ofs: reads (first access a read: a
 * candidate pin) and the count of reads. */
static void note_access(int32_t *ofs_seen, int *reads, bool *read_first, int *n,
                        int32_t ofs, bool read)
{
    int i;

    if (!cacheable(ofs))
        return;
    for (i = 0; i < *n && ofs_seen[i] != ofs; i++)
        ;
    if (i == *n) {
        if (*n == VCACHE_SIZE * 2)
            return;
        ofs_seen[i] = ofs;
        reads[i] = 0;
        read_first[i] = read;
        (*n)++;
    }
    reads[i] += read;
}

/* The vectors a scalar or vector FP op reads and writes. */
static void note_fp_op(const TCGOp *op, int32_t *ofs_seen, int *reads,
                       bool *read_first, int *n)
{
    if (op->opc == INDEX_op_fp_guarded_env) {
        int nin = tcg_op_defs[op->args[0]].nb_iargs;
        for (int i = 0; i < nin; i++)
            note_access(ofs_seen, reads, read_first, n,
                        (int32_t)op->args[2 + i], true);
        note_access(ofs_seen, reads, read_first, n, (int32_t)op->args[1],
                    false);
        return;
    }
    TCGVecFpKind kind = (TCGVecFpKind)(op->args[0] & 0xff);
    note_access(ofs_seen, reads, read_first, n, (int32_t)op->args[2], true);
    note_access(ofs_seen, reads, read_first, n, (int32_t)op->args[3], true);
    note_access(ofs_seen, reads, read_first, n, (int32_t)op->args[1],
                kind == TCG_VEC_FMLA || kind == TCG_VEC_FMLS);
}

/* The vectors an integer vector op (vec_bin, vec_un) reads and writes:
 * d counts as read first only when the op accumulates into it. */
static void note_vec_op(const TCGOp *op, int32_t *ofs_seen, int *reads,
                        bool *read_first, int *n)
{
    bool acc = op->args[0] & (TCG_VEC_ACC | TCG_VEC_ACC_SUB);

    note_access(ofs_seen, reads, read_first, n, (int32_t)op->args[5], true);
    if (op->opc == INDEX_op_vec_bin)
        note_access(ofs_seen, reads, read_first, n, (int32_t)op->args[6], true);
    note_access(ofs_seen, reads, read_first, n, (int32_t)op->args[4], acc);
}

bool vcache_prepare_loop(void)
{
    int32_t ofs_seen[VCACHE_SIZE * 2];
    int reads[VCACHE_SIZE * 2], n = 0;
    bool read_first[VCACHE_SIZE * 2];

    for (int i = 0; i < tcg_ctx.nb_ops; i++) {
        const TCGOp *op = &tcg_ctx.ops[i];
        if (op->opc == INDEX_op_call)
            return false; /* it drops every vector anyway */
        if (op->opc == INDEX_op_fp_guarded_env || op->opc == INDEX_op_vec_fp)
            note_fp_op(op, ofs_seen, reads, read_first, &n);
        else if (op->opc == INDEX_op_vec_bin || op->opc == INDEX_op_vec_un)
            note_vec_op(op, ofs_seen, reads, read_first, &n);
        else if (op->opc == INDEX_op_guest_ld_vec ||
                 op->opc == INDEX_op_guest_st_vec)
            note_access(ofs_seen, reads, read_first, &n, (int32_t)op->args[1],
                        op->opc == INDEX_op_guest_st_vec);
    }
    while (nb_loop_pins < VCACHE_MAX_LOOP_PINS) {
        int best = -1;
        for (int i = 0; i < n; i++)
            if (read_first[i] && reads[i] > 0 &&
                (best < 0 || reads[i] > reads[best]))
                best = i;
        if (best < 0)
            break;
        loop_pin_ofs[nb_loop_pins] = ofs_seen[best];
        load_entry(nb_loop_pins++, ofs_seen[best]);
        reads[best] = 0;
    }
    return nb_loop_pins > 0;
}

void vcache_load(X86Xmm x, int32_t ofs, unsigned bytes)
{
    if (!cacheable(ofs) || (bytes != 8 && bytes != VEC_BYTES)) {
        vcache_sync_range(ofs, bytes, false);
        x86_movq_load(as(), x, env_at(ofs));
        if (bytes == VEC_BYTES)
            x86_movhps_load(as(), x, env_at(ofs + 8));
        return;
    }
    if (bytes == 8)
        x86_movq_rr(as(), x, vcache_reg_low(ofs)); /* upper half zero */
    else
        x86_movaps_rr(as(), x, vcache_reg(ofs));
}

bool vcache_can_hold(int32_t ofs)
{
    return cacheable(ofs);
}

X86Xmm vcache_reg(int32_t ofs)
{
    VCacheEntry *e = lookup(ofs);
    uint32_t bit;

    if (!e) {
        e = claim(ofs);
        load_entry(entry_index(e), ofs);
    }
    bit = 1u << entry_index(e);
    if (half_mask & bit) {
        x86_movhps_load(as(), entry_xmm(e), env_at(ofs + 8));
        half_mask &= ~bit;
        hi_zero_mask &= ~bit;
    }
    e->last_use = ++use_clock;
    return entry_xmm(e);
}

bool vcache_cached(int32_t ofs, X86Xmm *x)
{
    VCacheEntry *e = lookup(ofs);

    if (!e)
        return false;
    e->last_use = ++use_clock;
    *x = entry_xmm(e);
    return true;
}

X86Xmm vcache_reg_low(int32_t ofs)
{
    return entry_xmm(entry_low(ofs));
}

/* The entry that will hold ofs's new value (its old one is not loaded). */
static VCacheEntry *entry_to_write(int32_t ofs)
{
    VCacheEntry *e = lookup(ofs);

    if (!e)
        e = claim(ofs);
    half_mask &= ~(1u << entry_index(e)); /* the new value is whole */
    hi_zero_mask &= ~(1u << entry_index(e));
    e->last_use = ++use_clock;
    return e;
}

void vcache_store(int32_t ofs, X86Xmm x, unsigned oprsz, unsigned maxsz)
{
    VCacheEntry *e;

    if (!cacheable(ofs) || maxsz != VEC_BYTES ||
        (oprsz != 8 && oprsz != VEC_BYTES)) {
        vcache_sync_range(ofs, maxsz, true);
        if (oprsz == VEC_BYTES) {
            x86_movdqu_store(as(), env_at(ofs), x);
            return;
        }
        x86_movq_store(as(), env_at(ofs), x);
        if (maxsz == VEC_BYTES)
            x86_store_imm(as(), 64, env_at(ofs + 8), 0);
        return;
    }
    e = entry_to_write(ofs);
    dirty_mask |= 1u << entry_index(e);
    if (oprsz == 8) {
        x86_movq_rr(as(), entry_xmm(e), x); /* zeroes bytes 8-15 */
        hi_zero_mask |= 1u << entry_index(e);
    } else {
        x86_movaps_rr(as(), entry_xmm(e), x);
    }
}

X86Xmm vcache_prepare_write(int32_t ofs)
{
    if (!cacheable(ofs))
        return X86_XMM0; /* never asked for: the callers pass vectors */
    return entry_xmm(entry_to_write(ofs));
}

void vcache_mark_written(int32_t ofs)
{
    VCacheEntry *e = lookup(ofs);

    if (e)
        dirty_mask |= 1u << entry_index(e);
}

static int entry_of_xmm(X86Xmm x)
{
    int i = (int)x - (int)VCACHE_FIRST;

    return i >= 0 && i < VCACHE_SIZE && ((valid_mask >> i) & 1) ? i : -1;
}

bool vcache_hi_zero(X86Xmm x)
{
    int i = entry_of_xmm(x);

    return i >= 0 && ((hi_zero_mask >> i) & 1);
}

static bool is_input(X86Xmm x, const X86Xmm *in, int nin)
{
    for (int k = 0; k < nin; k++)
        if (in[k] == x)
            return true;
    return false;
}

bool vcache_begin_scalar(int32_t ofs, const X86Xmm *in, int nin, X86Xmm *out)
{
    VCacheEntry *e = lookup(ofs);

    if (!cacheable(ofs))
        return false;
    if (e && is_input(entry_xmm(e), in, nin)) {
        if (entry_index(e) < nb_loop_pins)
            return false; /* a pin stays in its register */
        e = claim(ofs);   /* inputs are the newest: never the victim */
    } else if (!e) {
        e = claim(ofs);
    }
    half_mask &= ~(1u << entry_index(e));
    hi_zero_mask &= ~(1u << entry_index(e));
    e->last_use = ++use_clock;
    *out = entry_xmm(e);
    return true;
}

void vcache_end_scalar(int32_t ofs, X86Xmm x)
{
    int i = entry_of_xmm(x);

    for (int k = 0; k < VCACHE_SIZE; k++)
        if (k != i && is_valid(&entries[k]) && entries[k].ofs == ofs) {
            valid_mask &= ~(1u << k); /* the input it replaces */
            dirty_mask &= ~(1u << k);
        }
    dirty_mask |= 1u << i;
    hi_zero_mask |= 1u << i;
}

int vcache_snapshot(VCacheSlot *out)
{
    int n = 0;

    for (int i = 0; valid_mask >> i && i < VCACHE_SIZE; i++)
        if (is_valid(&entries[i]))
            out[n++] =
                (VCacheSlot){entry_xmm(&entries[i]), entries[i].ofs,
                             (dirty_mask >> i) & 1, (hi_zero_mask >> i) & 1};
    return n;
}

int vcache_fault_regs(TCGFaultReg *regs)
{
    int n = 0;

    for (int i = 0; dirty_mask >> i && i < VCACHE_SIZE; i++)
        if ((dirty_mask >> i) & 1)
            regs[n++] = (TCGFaultReg){
                entries[i].ofs, (uint8_t)entry_xmm(&entries[i]), VEC_BYTES};
    return n;
}

static bool is_env(const TCGTemp *base)
{
    return base->kind == TEMP_FIXED;
}

void vcache_before_op(const TCGOp *op)
{
    const TCGOpDef *def = &tcg_op_defs[op->opc];
    const TCGTemp *base;

    if (!valid_mask)
        return; /* nothing cached, nothing to keep in step */
    switch (op->opc) {
    case INDEX_op_vec_bin:
    case INDEX_op_vec_un:
    case INDEX_op_vec_bitsel:
    case INDEX_op_vec_dup:
    case INDEX_op_vec_msb_mask:
    case INDEX_op_vec_expand_bits:
    case INDEX_op_vec_fp:
    case INDEX_op_fp_guarded_env:
    case INDEX_op_guest_ld_vec:
    case INDEX_op_guest_st_vec: return;
    case INDEX_op_ld32u_i64:
    case INDEX_op_ld_i32:
    case INDEX_op_ld_i64:
        /* The low bytes of a cached vector: lower_env_load reads its
         * register (a scalar FP compare or move to a general register). */
        if (is_env(arg_temp(op, 1)) && lookup((int32_t)op->args[2]))
            return;
        /* fall through */
    case INDEX_op_ld8u_i64:
    case INDEX_op_ld32s_i64:
        base = arg_temp(op, 1);
        if (is_env(base))
            vcache_sync_range((int32_t)op->args[2], 8, false);
        else
            vcache_flush(false);
        return;
    case INDEX_op_st8_i64:
    case INDEX_op_st32_i64:
    case INDEX_op_st_i32:
    case INDEX_op_st_i64:
        base = arg_temp(op, 1);
        if (is_env(base))
            vcache_sync_range((int32_t)op->args[2], 8, true);
        else
            vcache_flush(true);
        return;
    case INDEX_op_call:
        vcache_flush(true); /* it may use the state; xmm are caller-saved */
        return;
    case INDEX_op_exit_check:
        vcache_flush(false); /* its exit reads the state from memory */
        return;
    default:
        if ((def->flags & OPF_BB_END) && nb_loop_pins)
            flush_keep_loop_pins();
        else if (def->flags & OPF_BB_END)
            vcache_flush(true);
        return;
    }
}
