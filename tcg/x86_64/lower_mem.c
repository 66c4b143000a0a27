/*
 * Lowering of CPU-state and guest memory accesses, atomics, barriers and
 * helper calls. A guest access is one x86 instruction addressing
 * [guest_base + addr]; on the TSO host only store->load needs a fence.
 */
#include "tcg/x86_64/lower.h"

#include <stddef.h>

#include "tcg/softmmu.h"
#include "tcg/x86_64/slowpath.h"

static X86Asm *as(void)
{
    return &be.as;
}

static X86LoadKind load_kind(MemOp mop)
{
    static const X86LoadKind unsigned_kinds[] = {X86_LD_U8, X86_LD_U16,
                                                 X86_LD_U32, X86_LD_64};
    static const X86LoadKind signed_kinds[] = {X86_LD_S8, X86_LD_S16,
                                               X86_LD_S32, X86_LD_64};
    unsigned size = mop & MO_SIZE;

    return (mop & MO_SIGN) ? signed_kinds[size] : unsigned_kinds[size];
}

static void set_out_and_free(const TCGOp *op, int nin, X86Reg rd)
{
    ra_free_dead(op, 1, 1 + nin);
    ra_set_out(arg_temp(op, 0), rd);
    if (arg_dies(op, 0))
        ra_release(rd);
}

/* The low 4 or 8 bytes of a vector the vector cache holds: from its
 * register, which stays as it is (vcache_before_op wrote nothing back). */
static bool lower_env_load_cached(const TCGOp *op, X86LoadKind kind)
{
    X86Xmm x;
    X86Reg rd;

    if ((kind != X86_LD_64 && kind != X86_LD_U32) ||
        arg_temp(op, 1)->kind != TEMP_FIXED ||
        !vcache_cached((int32_t)op->args[2], &x))
        return false;
    rd = ra_alloc(0);
    x86_movq_rx(as(), kind == X86_LD_64 ? 64 : 32, rd, x);
    set_out_and_free(op, 1, rd);
    return true;
}

static void lower_env_load(const TCGOp *op, X86LoadKind kind)
{
    int w = temp_width(arg_temp(op, 0));

    if (lower_env_load_cached(op, kind))
        return;
    X86Reg base = ra_in(arg_temp(op, 1), 0);
    X86Reg rd = ra_alloc(REGSET(base));

    x86_load(as(), kind, w, rd, x86_mem(base, (int32_t)op->args[2]));
    if (w == 32 && kind == X86_LD_S32)
        x86_mov_rr(as(), 32, rd, rd);
    set_out_and_free(op, 1, rd);
}

static void lower_env_store(const TCGOp *op, int bits)
{
    TCGTemp *val = arg_temp(op, 0);
    X86Reg base = ra_in(arg_temp(op, 1), 0);
    X86Mem m = x86_mem(base, (int32_t)op->args[2]);
    int32_t imm;

    if (ra_imm32(val, bits <= 32 ? 32 : 64, &imm)) {
        x86_store_imm(as(), bits, m, imm);
    } else {
        X86Reg rv = ra_in(val, REGSET(base));
        x86_store(as(), bits, m, rv);
    }
    ra_free_dead(op, 0, 2);
}

static X86Mem guest_addr_at(X86Reg addr, int32_t offset)
{
    return x86_mem_idx(REG_GUEST_BASE, addr, 1, offset);
}

/* guest_base + addr + the load or store's constant offset. */
static X86Mem guest_addr(const TCGOp *op, X86Reg addr)
{
    return guest_addr_at(addr, (int32_t)op->args[3]);
}

/* The low bytes (1, 2, 4, 8 or 16) of guest memory m into vector
 * register x, zeroing the rest; scratch carries 1 or 2 bytes. */
static void emit_vec_load(X86Xmm x, X86Mem m, unsigned bytes, X86Reg scratch)
{
    switch (bytes) {
    case 16: x86_movdqu_load(as(), x, m); break;
    case 8: x86_movq_load(as(), x, m); break;
    case 4: x86_movd_load(as(), x, m); break;
    default:
        x86_load(as(), bytes == 2 ? X86_LD_U16 : X86_LD_U8, 32, scratch, m);
        x86_movq_xr(as(), 32, x, scratch);
        break;
    }
}

/* The low bytes of vector register x to guest memory m. */
static void emit_vec_store(X86Mem m, X86Xmm x, unsigned bytes, X86Reg scratch)
{
    switch (bytes) {
    case 16: x86_movdqu_store(as(), m, x); break;
    case 8: x86_movq_store(as(), m, x); break;
    case 4: x86_movd_store(as(), m, x); break;
    default:
        x86_movq_rx(as(), 32, scratch, x);
        x86_store(as(), bytes * 8, m, scratch);
        break;
    }
}

/* ---- a system mode's SoftMMU: the TLB probe inline ----
 *
 *   t0 = addr + offset                      the virtual address
 *   t1 = ((t0 >> 12) & 255) * 5             entry index, * 40 bytes below
 *   tag = (t0 + size - 1) & page mask       a page-crossing access misses
 *   cmp tag, tlb[mmu][t1].tag_read/write    invalid, MMIO and code bits miss
 *   jne slow                                the helper: fill, fault, MMIO
 *   t0 += tlb[mmu][t1].addend; access [t0]
 */

static int32_t tlb_field(int mmu, size_t field)
{
    return tcg_ctx.softmmu->tlb_offset +
           (int32_t)((size_t)mmu * SOFTMMU_TLB_SIZE * sizeof(SoftTLBEntry) +
                     field);
}

/* Leaves t0 = the virtual address (ra + offset), t1 = the entry index * 5
 * and tag = the page an access of size bytes must hit; compares it and
 * jumps to sp on a miss; on a hit t0 becomes the host address. */
static void emit_tlb_probe(X86Reg ra, int32_t offset, int32_t size, int mmu,
                           X86Reg t0, X86Reg t1, X86Reg tag, size_t tag_field,
                           SlowPath *sp)
{
    x86_lea(as(), 64, t0, x86_mem(ra, offset));
    x86_mov_rr(as(), 64, t1, t0);
    x86_shift_ri(as(), 64, X86_SHR, t1, 12);
    x86_alu_ri(as(), 32, X86_AND, t1, SOFTMMU_TLB_SIZE - 1);
    x86_lea(as(), 64, t1, x86_mem_idx(t1, t1, 4, 0));
    x86_lea(as(), 64, tag, x86_mem(t0, size - 1));
    x86_alu_ri(as(), 64, X86_AND, tag, (int32_t)SOFTMMU_PAGE_MASK);
    x86_alu_rm(as(), 64, X86_CMP, tag,
               x86_mem_idx(REG_ENV, t1, 8, tlb_field(mmu, tag_field)));
    slowpath_jump_if(sp, X86_CC_NE);
    x86_alu_rm(as(), 64, X86_ADD, t0,
               x86_mem_idx(REG_ENV, t1, 8,
                           tlb_field(mmu, offsetof(SoftTLBEntry, addend))));
}

static int mop_mmu(MemOp mop)
{
    return (int)((mop & MO_MMU_MASK) >> MO_MMU_SHIFT);
}

static uint64_t slow_desc(MemOp mop)
{
    return (uint64_t)(mop & ~MO_MMU_MASK) |
           (uint64_t)((mop & MO_MMU_MASK) >> MO_MMU_SHIFT) << 8;
}

static void lower_softmmu_load(const TCGOp *op)
{
    MemOp mop = (MemOp)op->args[2];
    int w = temp_width(arg_temp(op, 0));
    X86Reg ra = ra_in(arg_temp(op, 1), 0);
    X86Reg t0 = ra_alloc(REGSET(ra) | REGSET(REG_SCRATCH));
    X86Reg rd = ra_alloc(REGSET(ra) | REGSET(t0) | REGSET(REG_SCRATCH));
    SlowPath *sp = slowpath_new_guest_call(tcg_ctx.softmmu->ld->func);

    slowpath_arg_reg(sp, t0);
    slowpath_arg_imm(sp, slow_desc(mop));
    slowpath_result_reg(sp, rd);
    emit_tlb_probe(ra, (int32_t)op->args[3], 1 << (mop & MO_SIZE), mop_mmu(mop),
                   t0, REG_SCRATCH, rd, offsetof(SoftTLBEntry, tag_read), sp);
    x86_load(as(), load_kind(mop), w, rd, x86_mem(t0, 0));
    slowpath_resume_here(sp);
    if (w == 32 && (mop & MO_SIGN))
        x86_mov_rr(as(), 32, rd, rd); /* keep i32 zero-extended */
    set_out_and_free(op, 1, rd);
}

static void lower_softmmu_store(const TCGOp *op)
{
    MemOp mop = (MemOp)op->args[2];
    int bits = 8 << (mop & MO_SIZE);
    X86Reg ra = ra_in(arg_temp(op, 1), 0);
    X86Reg rv = ra_in(arg_temp(op, 0), REGSET(ra));
    RegSet busy = REGSET(ra) | REGSET(rv) | REGSET(REG_SCRATCH);
    X86Reg t0 = ra_alloc(busy);
    X86Reg tag = ra_alloc(busy | REGSET(t0));
    SlowPath *sp = slowpath_new_guest_call(tcg_ctx.softmmu->st->func);

    slowpath_arg_reg(sp, t0);
    slowpath_arg_reg(sp, rv);
    slowpath_arg_imm(sp, slow_desc(mop));
    emit_tlb_probe(ra, (int32_t)op->args[3], 1 << (mop & MO_SIZE), mop_mmu(mop),
                   t0, REG_SCRATCH, tag, offsetof(SoftTLBEntry, tag_write), sp);
    if (mop & MO_RELEASE) {
        /* xchg orders the store before any later acquire load (RCsc). */
        x86_mov_rr(as(), 64, REG_SCRATCH, rv);
        x86_xchg_mr(as(), bits, x86_mem(t0, 0), REG_SCRATCH);
    } else {
        x86_store(as(), bits, x86_mem(t0, 0), rv);
    }
    slowpath_resume_here(sp);
    ra_free_dead(op, 0, 2);
}

/* Vector accesses: constants d/s (the vector's env offset) and bytes |
 * mmu << 8; the slow path is the SoftMMU's vector helper. */
static uint64_t vec_slow_desc(int32_t ofs, unsigned bytes, int mmu)
{
    return (uint64_t)(uint32_t)ofs | (uint64_t)bytes << 32 |
           (uint64_t)mmu << 40;
}

static void lower_softmmu_ld_vec(const TCGOp *op)
{
    int32_t d = (int32_t)op->args[1];
    unsigned bytes = (unsigned)op->args[2] & 0xff;
    int mmu = (int)(op->args[2] >> 8);
    X86Reg ra = ra_in(arg_temp(op, 0), 0);
    X86Reg t0 = ra_alloc(REGSET(ra) | REGSET(REG_SCRATCH));
    X86Reg tag = ra_alloc(REGSET(ra) | REGSET(t0) | REGSET(REG_SCRATCH));
    X86Xmm x = vcache_prepare_write(d);
    /* After the vector has its register: the slow path reloads it from
     * the CPU state, where the helper put the loaded bytes. */
    SlowPath *sp = slowpath_new_guest_call(tcg_ctx.softmmu->ld_vec->func);
    X86Mem m = x86_mem(t0, 0);

    slowpath_arg_reg(sp, t0);
    slowpath_arg_imm(sp, vec_slow_desc(d, bytes, mmu));
    emit_tlb_probe(ra, 0, (int32_t)bytes, mmu, t0, REG_SCRATCH, tag,
                   offsetof(SoftTLBEntry, tag_read), sp);
    emit_vec_load(x, m, bytes, tag);
    slowpath_resume_here(sp);
    vcache_mark_written(d);
    ra_free_dead(op, 0, 1);
}

static void lower_softmmu_st_vec(const TCGOp *op)
{
    int32_t src = (int32_t)op->args[1];
    unsigned bytes = (unsigned)op->args[2] & 0xff;
    int mmu = (int)(op->args[2] >> 8);
    X86Reg ra = ra_in(arg_temp(op, 0), 0);
    X86Reg t0 = ra_alloc(REGSET(ra) | REGSET(REG_SCRATCH));
    X86Reg tag = ra_alloc(REGSET(ra) | REGSET(t0) | REGSET(REG_SCRATCH));
    SlowPath *sp;
    X86Mem m = x86_mem(t0, 0);

    vcache_load(X86_XMM0, src, 16);
    /* The helper reads the vector from the CPU state, where the slow
     * path writes the cached dirty vectors first. */
    sp = slowpath_new_guest_call(tcg_ctx.softmmu->st_vec->func);
    slowpath_arg_reg(sp, t0);
    slowpath_arg_imm(sp, vec_slow_desc(src, bytes, mmu));
    emit_tlb_probe(ra, 0, (int32_t)bytes, mmu, t0, REG_SCRATCH, tag,
                   offsetof(SoftTLBEntry, tag_write), sp);
    emit_vec_store(m, X86_XMM0, bytes, tag);
    slowpath_resume_here(sp);
    ra_free_dead(op, 0, 1);
}

static void lower_guest_load(const TCGOp *op)
{
    MemOp mop = (MemOp)op->args[2];
    int w = temp_width(arg_temp(op, 0));
    X86Reg ra = ra_in(arg_temp(op, 1), 0);
    X86Reg rd = ra_alloc(REGSET(ra));

    fault_note_site();
    x86_load(as(), load_kind(mop), w, rd, guest_addr(op, ra));
    if (w == 32 && (mop & MO_SIGN))
        x86_mov_rr(as(), 32, rd, rd); /* keep i32 zero-extended */
    set_out_and_free(op, 1, rd);
}

static void lower_guest_store(const TCGOp *op)
{
    MemOp mop = (MemOp)op->args[2];
    int bits = 8 << (mop & MO_SIZE);
    X86Reg ra = ra_in(arg_temp(op, 1), 0);
    X86Reg rv = ra_in(arg_temp(op, 0), REGSET(ra));

    if (mop & MO_RELEASE) {
        /* xchg orders the store before any later acquire load (RCsc). */
        x86_mov_rr(as(), 64, REG_SCRATCH, rv);
        fault_note_site();
        x86_xchg_mr(as(), bits, guest_addr(op, ra), REG_SCRATCH);
    } else {
        fault_note_site();
        x86_store(as(), bits, guest_addr(op, ra), rv);
    }
    ra_free_dead(op, 0, 2);
}

/* A guest load into a vector register, through the vector cache: the
 * fault site is noted before the vector counts as written. */
static void lower_guest_ld_vec(const TCGOp *op)
{
    int32_t d = (int32_t)op->args[1];
    unsigned bytes = (unsigned)op->args[2];
    X86Reg ra = ra_in(arg_temp(op, 0), 0);
    X86Xmm x = vcache_prepare_write(d);
    X86Mem m = guest_addr_at(ra, 0);

    fault_note_site();
    emit_vec_load(x, m, bytes, REG_SCRATCH);
    vcache_mark_written(d);
    ra_free_dead(op, 0, 1);
}

static void lower_guest_st_vec(const TCGOp *op)
{
    int32_t src = (int32_t)op->args[1];
    unsigned bytes = (unsigned)op->args[2];
    X86Reg ra = ra_in(arg_temp(op, 0), 0);
    X86Mem m = guest_addr_at(ra, 0);

    vcache_load(X86_XMM0, src, 16);
    fault_note_site();
    emit_vec_store(m, X86_XMM0, bytes, REG_SCRATCH);
    ra_free_dead(op, 0, 1);
}

/*
 * FEAT_LSE2's LDP/STP of an X pair: at a 16-aligned address one movdqa,
 * single-copy atomic on x86 hosts with AVX (Intel SDM vol. 3A 9.1.1, AMD
 * APM vol. 2 7.3.2; every x86-64 CPU since 2011 has it, arx assumes it),
 * elsewhere two 8-byte moves. User mode: no SoftMMU probe.
 */
static void lower_guest_ld_pair(const TCGOp *op)
{
    X86Reg ra = ra_in(arg_temp(op, 2), 0);
    X86Reg lo = ra_alloc(REGSET(ra));
    X86Reg hi = ra_alloc(REGSET(ra) | REGSET(lo));
    uint8_t *split, *done;

    x86_test_ri(as(), 32, ra, 15);
    split = x86_jcc32(as(), X86_CC_NE);
    fault_note_site();
    x86_movdqa_load(as(), X86_XMM0, guest_addr_at(ra, 0));
    x86_movq_rx(as(), 64, lo, X86_XMM0);
    if (x86_host_has_sse41()) {
        x86_pextrq(as(), hi, X86_XMM0, 1);
    } else {
        x86_packed_rr(as(), X86_PUNPCKHQDQ, X86_XMM0, X86_XMM0);
        x86_movq_rx(as(), 64, hi, X86_XMM0);
    }
    done = x86_jmp32(as());
    x86_patch_rel32(split, be.as.p);
    fault_note_site();
    x86_load(as(), X86_LD_64, 64, lo, guest_addr_at(ra, 0));
    fault_note_site();
    x86_load(as(), X86_LD_64, 64, hi, guest_addr_at(ra, 8));
    x86_patch_rel32(done, be.as.p);
    ra_free_dead(op, 2, 3);
    ra_set_out(arg_temp(op, 0), lo);
    ra_set_out(arg_temp(op, 1), hi);
    if (arg_dies(op, 0))
        ra_release(lo);
    if (arg_dies(op, 1))
        ra_release(hi);
}

static void lower_guest_st_pair(const TCGOp *op)
{
    X86Reg ra = ra_in(arg_temp(op, 2), 0);
    X86Reg lo = ra_in(arg_temp(op, 0), REGSET(ra));
    X86Reg hi = ra_in(arg_temp(op, 1), REGSET(ra) | REGSET(lo));
    uint8_t *split, *done;

    x86_test_ri(as(), 32, ra, 15);
    split = x86_jcc32(as(), X86_CC_NE);
    x86_movq_xr(as(), 64, X86_XMM0, lo);
    if (x86_host_has_sse41()) {
        x86_pinsrq(as(), X86_XMM0, hi, 1);
    } else {
        x86_movq_xr(as(), 64, X86_XMM1, hi);
        x86_packed_rr(as(), X86_PUNPCKLQDQ, X86_XMM0, X86_XMM1);
    }
    fault_note_site();
    x86_movdqa_store(as(), guest_addr_at(ra, 0), X86_XMM0);
    done = x86_jmp32(as());
    x86_patch_rel32(split, be.as.p);
    fault_note_site();
    x86_store(as(), 64, guest_addr_at(ra, 0), lo);
    fault_note_site();
    x86_store(as(), 64, guest_addr_at(ra, 8), hi);
    x86_patch_rel32(done, be.as.p);
    ra_free_dead(op, 0, 3);
}

static void lower_cmpxchg(const TCGOp *op)
{
    MemOp mop = (MemOp)op->args[4];
    int bits = 8 << (mop & MO_SIZE);
    RegSet rax = REGSET(X86_RAX);
    X86Reg rnew, raddr;

    ra_evict(X86_RAX, rax);
    rnew = ra_in(arg_temp(op, 2), rax);
    raddr = ra_in(arg_temp(op, 3), rax | REGSET(rnew));
    ra_copy_to(X86_RAX, arg_temp(op, 1));
    fault_note_site();
    x86_lock_cmpxchg(as(), bits, guest_addr_at(raddr, 0), rnew);
    if (bits == 8)
        x86_movzx8(as(), X86_RAX, X86_RAX);
    else if (bits == 16)
        x86_movzx16(as(), X86_RAX, X86_RAX);
    else if (bits == 32)
        x86_mov_rr(as(), 32, X86_RAX, X86_RAX);
    set_out_and_free(op, 3, X86_RAX);
}

/*
 * test addr, mask; jz over; hlt. The hlt traps (#GP: SIGSEGV with
 * SI_KERNEL) at a fault site that names the address register, so the
 * fault handler raises the guest's alignment fault with every register
 * as before the access.
 */
static void lower_check_align(const TCGOp *op)
{
    X86Reg raddr = ra_in(arg_temp(op, 0), 0);
    uint8_t *over;

    x86_test_ri(as(), 64, raddr, (int32_t)op->args[1]);
    over = x86_jcc32(as(), X86_CC_E);
    fault_note_align_site(raddr, op->args[2] != 0);
    x86_hlt(as());
    x86_patch_rel32(over, be.as.p);
    ra_free_dead(op, 0, 1);
}

/* A system mode: a misaligned address goes to the SoftMMU's helper,
 * which raises the target's alignment fault. */
static void lower_softmmu_check_align(const TCGOp *op)
{
    X86Reg raddr = ra_in(arg_temp(op, 0), 0);
    SlowPath *sp = slowpath_new_guest_call(tcg_ctx.softmmu->check_align->func);

    slowpath_arg_reg(sp, raddr);
    slowpath_arg_imm(sp, op->args[1] | (uint64_t)(op->args[2] != 0) << 8);
    x86_test_ri(as(), 64, raddr, (int32_t)op->args[1]);
    slowpath_jump_if(sp, X86_CC_NE);
    slowpath_resume_here(sp);
    ra_free_dead(op, 0, 1);
}

static void lower_mb(const TCGOp *op)
{
    /* x86 keeps every order but store->load. */
    if (op->args[0] & TCG_BAR_STLD)
        x86_mfence(as());
}

static void lower_call(const TCGOp *op)
{
    static const X86Reg arg_regs[] = {X86_RDI, X86_RSI, X86_RDX,
                                      X86_RCX, X86_R8,  X86_R9};
    const TCGHelper *h = op->helper;
    int nout = op->call_oargs, nin = op->call_iargs;

    /* Globals go to memory unless the helper neither reads nor writes
     * them; they leave their registers when it may write them. */
    if ((h->flags & TCG_CALL_NO_GLOBALS) != TCG_CALL_NO_GLOBALS)
        ra_sync_globals(!(h->flags & TCG_CALL_NO_WRITE_GLOBALS));
    ra_clobber_caller_saved();
    /* Inputs now sit in callee-saved registers, memory or constants. */
    for (int i = 0; i < nin; i++)
        ra_copy_to(arg_regs[i], arg_temp(op, nout + i));
    reloc_call(h->func);
    if (h->flags & TCG_CALL_MAY_FAULT)
        fault_note_call_site();
    if (!(h->flags & TCG_CALL_NO_WRITE_GLOBALS))
        ra_reload_pins_after_call();
    ra_free_dead(op, nout, nout + nin);
    if (nout) {
        /* A C function returning 32 bits leaves rax's top half undefined:
         * i32 values are kept zero-extended in registers. */
        if (temp_width(arg_temp(op, 0)) == 32)
            x86_mov_rr(as(), 32, X86_RAX, X86_RAX);
        ra_set_out(arg_temp(op, 0), X86_RAX);
        if (arg_dies(op, 0))
            ra_release(X86_RAX);
    }
}

bool lower_mem(TCGOp *op)
{
    switch (op->opc) {
    case INDEX_op_ld8u_i64: lower_env_load(op, X86_LD_U8); return true;
    case INDEX_op_ld32u_i64: lower_env_load(op, X86_LD_U32); return true;
    case INDEX_op_ld32s_i64: lower_env_load(op, X86_LD_S32); return true;
    case INDEX_op_ld_i32: lower_env_load(op, X86_LD_U32); return true;
    case INDEX_op_ld_i64: lower_env_load(op, X86_LD_64); return true;
    case INDEX_op_st8_i64: lower_env_store(op, 8); return true;
    case INDEX_op_st32_i64:
    case INDEX_op_st_i32: lower_env_store(op, 32); return true;
    case INDEX_op_st_i64: lower_env_store(op, 64); return true;
    case INDEX_op_guest_ld_i32:
    case INDEX_op_guest_ld_i64:
        if (tcg_ctx.softmmu)
            lower_softmmu_load(op);
        else
            lower_guest_load(op);
        return true;
    case INDEX_op_guest_st_i32:
    case INDEX_op_guest_st_i64:
        if (tcg_ctx.softmmu)
            lower_softmmu_store(op);
        else
            lower_guest_store(op);
        return true;
    case INDEX_op_guest_ld_vec:
        if (tcg_ctx.softmmu)
            lower_softmmu_ld_vec(op);
        else
            lower_guest_ld_vec(op);
        return true;
    case INDEX_op_guest_st_vec:
        if (tcg_ctx.softmmu)
            lower_softmmu_st_vec(op);
        else
            lower_guest_st_vec(op);
        return true;
    case INDEX_op_guest_ld_pair_i64: lower_guest_ld_pair(op); return true;
    case INDEX_op_guest_st_pair_i64: lower_guest_st_pair(op); return true;
    case INDEX_op_guest_cmpxchg_i64: lower_cmpxchg(op); return true;
    case INDEX_op_guest_check_align:
        if (tcg_ctx.softmmu)
            lower_softmmu_check_align(op);
        else
            lower_check_align(op);
        return true;
    case INDEX_op_mb: lower_mb(op); return true;
    case INDEX_op_call: lower_call(op); return true;
    default: return false;
    }
}
