/*
 * A32/T32 loads and stores (single, dual, multiple, exclusive,
 * acquire/release), branches, IT, barriers, hints, SVC/BKPT/UDF and the
 * few p15 registers user mode sees. Decoders: a32_ldst, a32_uncond,
 * t32_ldst and t16_ldst.decode. Data processing, VFP and NEON are other
 * groups'; guest memory only through the IR (one guest access a datum).
 */
#include "target-arm/a32/translate.h"
#include "target-arm/helper_info.h"
#include "target-arm/helper_sys.h"
#include "tcg/guest_mem.h"

#include "target-arm/a32/a32_ldst.dec.c"
#include "target-arm/a32/a32_uncond.dec.c"
#include "target-arm/a32/t16_ldst.dec.c"
#include "target-arm/a32/t32_ldst.dec.c"

/* ---- addressing ---- */

/* DecodeImmShift()/Shift() of a register offset (A32: any shift, ROR #0
 * being RRX; T32: LSL #0-3). */
static TCGv_i64 gen_shifted_reg(DisasContext *s, int rm, int shtype, int amt)
{
    TCGv_i64 v = load_reg(s, rm);

    switch (shtype) {
    case 0: /* LSL */
        if (amt) {
            tcg_gen_shli_i64(v, v, amt);
            tcg_gen_ext32u_i64(v, v);
        }
        break;
    case 1: /* LSR #1-32 */ tcg_gen_shri_i64(v, v, amt ? amt : 32); break;
    case 2: /* ASR #1-32 */
        tcg_gen_ext32s_i64(v, v);
        tcg_gen_sari_i64(v, v, amt ? amt : 31);
        tcg_gen_ext32u_i64(v, v);
        break;
    default:
        if (amt) { /* ROR: a 64-bit rotate of the doubled word */
            tcg_gen_deposit_i64(v, v, v, 32, 32);
            tcg_gen_shri_i64(v, v, amt);
            tcg_gen_ext32u_i64(v, v);
        } else { /* RRX */
            TCGv_i64 c = tcg_temp_new_i64();

            tcg_gen_shli_i64(c, cpu_CF, 31);
            tcg_gen_shri_i64(v, v, 1);
            tcg_gen_or_i64(v, v, c);
        }
        break;
    }
    return v;
}

/* (base +/- off) mod 2^32. */
static TCGv_i64 gen_addr_reg(TCGv_i64 base, TCGv_i64 off, bool add)
{
    TCGv_i64 t = tcg_temp_new_i64();

    if (add)
        tcg_gen_add_i64(t, base, off);
    else
        tcg_gen_sub_i64(t, base, off);
    tcg_gen_ext32u_i64(t, t);
    return t;
}

/*
 * One load or store of Rt: at offset_addr (p = 1, offset or pre-index)
 * or at base (post-index); Rn = offset_addr when writing back. A loaded
 * value is written last (it wins over the writeback when Rt == Rn); a
 * load to the pc is an interworking branch.
 */
static void gen_single(DisasContext *s, int rn, int rt, TCGv_i64 base,
                       TCGv_i64 offset_addr, bool p, bool wback, MemOp mop,
                       bool load)
{
    TCGv_i64 addr = p ? offset_addr : base;

    if (load) {
        TCGv_i64 val = tcg_temp_new_i64();

        gen_aa32_ld(s, val, addr, mop);
        if (wback)
            store_reg(s, rn, offset_addr);
        store_reg_bx(s, rt, val);
    } else {
        gen_aa32_st(s, load_reg(s, rt), addr, mop);
        if (wback)
            store_reg(s, rn, offset_addr);
    }
}

/* A byte or halfword load to the pc is a preload hint (T32). */
static bool is_preload(int rt, MemOp mop, bool load)
{
    return load && rt == 15 && (mop & 3) != MO_32;
}

static bool gen_single_imm(DisasContext *s, int rn, int rt, int64_t imm, bool p,
                           bool u, bool w, MemOp mop, bool load)
{
    bool wback = !p || w;

    if (wback && rn == 15)
        return false;
    TCGv_i64 base = load_reg(s, rn);
    gen_single(s, rn, rt, base, gen_addr_add(base, u ? imm : -imm), p, wback,
               mop, load);
    return true;
}

static bool gen_single_reg(DisasContext *s, int rn, int rt, int rm, int shtype,
                           int shimm, bool p, bool u, bool w, MemOp mop,
                           bool load)
{
    bool wback = !p || w;

    if ((wback && rn == 15) || rm == 15)
        return false;
    TCGv_i64 base = load_reg(s, rn);
    TCGv_i64 off = gen_shifted_reg(s, rm, shtype, shimm);
    gen_single(s, rn, rt, base, gen_addr_reg(base, off, u), p, wback, mop,
               load);
    return true;
}

/*
 * LDRD/STRD: one 64-bit access, Rt at the lower address. offset_addr as
 * in gen_single.
 */
static void gen_dual(DisasContext *s, int rn, int rt, int rt2, TCGv_i64 base,
                     TCGv_i64 offset_addr, bool p, bool wback, bool load)
{
    TCGv_i64 addr = p ? offset_addr : base;
    TCGv_i64 val = tcg_temp_new_i64();

    if (load) {
        TCGv_i64 hi = tcg_temp_new_i64();

        gen_aa32_ld(s, val, addr, MO_64);
        tcg_gen_shri_i64(hi, val, 32);
        if (wback)
            store_reg(s, rn, offset_addr);
        store_reg(s, rt, val);
        store_reg(s, rt2, hi);
    } else {
        tcg_gen_deposit_i64(val, load_reg(s, rt), load_reg(s, rt2), 32, 32);
        gen_aa32_st(s, val, addr, MO_64);
        if (wback)
            store_reg(s, rn, offset_addr);
    }
}

/*
 * LDM/STM (and PUSH/POP): list ascending from the lowest address. Rn is
 * written back after the transfers (a loaded Rn wins; a stored Rn is its
 * old value); a loaded pc is an interworking return, taken last.
 */
static bool gen_ldm(DisasContext *s, int rn, unsigned list, bool before,
                    bool inc, bool w, bool load)
{
    int n = __builtin_popcount(list);
    int64_t start = inc ? (before ? 4 : 0) : -4 * n + (before ? 0 : 4);
    TCGv_i64 base, loaded_rn = {0}, loaded_pc = {0};
    bool rn_loaded = false, pc_loaded = false;
    int k = 0;

    if (n == 0 || rn == 15)
        return false;
    base = load_reg(s, rn);
    for (int i = 0; i < 16; i++) {
        if (!(list & (1u << i)))
            continue;
        TCGv_i64 addr = gen_addr_add(base, start + 4 * k++);
        if (!load) {
            gen_aa32_st(s, load_reg(s, i), addr, MO_UL);
            continue;
        }
        TCGv_i64 val = tcg_temp_new_i64();
        gen_aa32_ld(s, val, addr, MO_UL);
        if (i == rn) {
            loaded_rn = val;
            rn_loaded = true;
        } else if (i == 15) {
            loaded_pc = val;
            pc_loaded = true;
        } else {
            tcg_gen_mov_i64(cpu_X[i], val);
        }
    }
    if (w && !rn_loaded)
        store_reg(s, rn, gen_addr_add(base, inc ? 4 * n : -4 * n));
    if (rn_loaded)
        store_reg(s, rn, loaded_rn);
    if (pc_loaded)
        store_reg_bx(s, 15, loaded_pc);
    return true;
}

/* ---- exclusives and acquire/release ---- */

static void gen_check_align(TCGv_i64 addr, unsigned bytes, bool is_write)
{
    if (bytes > 1)
        tcg_gen_guest_check_align(addr, bytes - 1, is_write);
}

/*
 * LDREX{B,H,D}/LDAEX*: load, recording address, size and value in the
 * monitor (the A64 design: STREX compares and swaps that value). size 3
 * is the LDREXD pair, one 64-bit access.
 */
static void gen_ldrex(DisasContext *s, int rt, int rt2, TCGv_i64 addr, int size,
                      bool acquire)
{
    TCGv_i64 val = tcg_temp_new_i64();

    gen_check_align(addr, 1u << size, false);
    tcg_gen_guest_ld_i64(val, addr, (MemOp)(size | (acquire ? MO_ACQUIRE : 0)));
    tcg_gen_st_i64(addr, tcg_env, offsetof(CPUARMState, exclusive_addr));
    tcg_gen_st_i64(val, tcg_env, offsetof(CPUARMState, exclusive_val));
    tcg_gen_st_i64(tcg_constant_i64(0), tcg_env,
                   offsetof(CPUARMState, exclusive_high));
    tcg_gen_st32_i64(tcg_constant_i64(size), tcg_env,
                     offsetof(CPUARMState, exclusive_size));
    if (size == 3) {
        TCGv_i64 hi = tcg_temp_new_i64();

        tcg_gen_shri_i64(hi, val, 32);
        store_reg(s, rt, val);
        store_reg(s, rt2, hi);
    } else {
        store_reg(s, rt, val);
    }
}

/*
 * STREX/STLEX (B, H, D): if addr is the monitored address, swap the recorded
 * value for Rt (Rt2:Rt for STREXD) and succeed (Rd = 0) exactly when
 * memory still held it; else Rd = 1. The monitor is cleared either way.
 */
static void gen_strex(DisasContext *s, int rd, int rt, int rt2, TCGv_i64 addr,
                      int size, bool release)
{
    TCGLabel fail = tcg_new_label(), done = tcg_new_label();
    TCGv_i64 val = load_reg(s, rt);
    TCGv_i64 mon_addr = tcg_temp_new_i64();
    TCGv_i64 expected = tcg_temp_new_i64();
    TCGv_i64 old = tcg_temp_new_i64();
    TCGv_i64 status = tcg_temp_new_i64();

    switch (size) {
    case 0: tcg_gen_ext8u_i64(val, val); break;
    case 1: tcg_gen_ext16u_i64(val, val); break;
    case 3: tcg_gen_deposit_i64(val, val, load_reg(s, rt2), 32, 32); break;
    }
    gen_check_align(addr, 1u << size, true);
    tcg_gen_ld_i64(mon_addr, tcg_env, offsetof(CPUARMState, exclusive_addr));
    tcg_gen_brcond_i64(TCG_COND_NE, addr, mon_addr, fail);
    tcg_gen_ld_i64(expected, tcg_env, offsetof(CPUARMState, exclusive_val));
    tcg_gen_guest_cmpxchg_i64(old, addr, expected, val,
                              (MemOp)(size | (release ? MO_RELEASE : 0)));
    tcg_gen_setcond_i64(TCG_COND_NE, status, old, expected);
    store_reg(s, rd, status);
    tcg_gen_br(done);
    tcg_gen_set_label(fail);
    store_reg(s, rd, tcg_constant_i64(1));
    tcg_gen_set_label(done);
    tcg_gen_st_i64(tcg_constant_i64(-1), tcg_env,
                   offsetof(CPUARMState, exclusive_addr));
}

/* The A32/T32 size fields: 00 word, 01 dual, 10 byte, 11 halfword. */
static int excl_size(int sz)
{
    static const int sizes[4] = {MO_32, MO_64, MO_8, MO_16};

    return sizes[sz];
}

/* LDA/STL (not exclusive): acquire loads and release stores. */
static bool gen_lda_stl(DisasContext *s, int rn, int rt, int size, bool load)
{
    TCGv_i64 addr = load_reg(s, rn);

    if (size == MO_64 || rt == 15)
        return false;
    if (load) {
        TCGv_i64 val = tcg_temp_new_i64();

        tcg_gen_guest_ld_i64(val, addr, (MemOp)(size | MO_ACQUIRE));
        store_reg(s, rt, val);
    } else {
        tcg_gen_guest_st_i64(load_reg(s, rt), addr, (MemOp)(size | MO_RELEASE));
    }
    return true;
}

static void gen_clrex(void)
{
    tcg_gen_st_i64(tcg_constant_i64(-1), tcg_env,
                   offsetof(CPUARMState, exclusive_addr));
}

/* DMB/DSB: option<1:0> picks the access types (01 loads, 10 stores, else
 * all); the shareability domain does not matter to a process. */
static void gen_barrier(int option)
{
    switch (option & 3) {
    case 1: tcg_gen_mb(TCG_BAR_LDLD | TCG_BAR_LDST); break;
    case 2: tcg_gen_mb(TCG_BAR_STST); break;
    default: tcg_gen_mb(TCG_BAR_ALL); break;
    }
}

/* ISB: ends the block so that code written before it is fetched anew. */
static void gen_isb(DisasContext *s)
{
    s->is_jmp = DISAS_TOO_MANY;
}

/* ---- branches ---- */

/* A branch on its own condition (T16/T32 B<cond>, CBZ): the core emits
 * nothing after a NORETURN insn outside an IT block, so both ways out
 * are chained here (slot 0 taken, slot 1 not). */
static bool gen_cond_branch(DisasContext *s, int cond, uint64_t dest)
{
    TCGLabel skip = tcg_new_label();

    if (a32_in_it_block(s))
        return false; /* UNPREDICTABLE */
    gen_brcond_cc(cond ^ 1, skip);
    a32_goto_tb(s, 0, dest, false);
    tcg_gen_set_label(skip);
    a32_goto_tb(s, 1, s->pc_next, false);
    s->is_jmp = DISAS_NORETURN;
    return true;
}

/* LR = the return address (bit 0 set from T32). */
static void gen_set_lr(DisasContext *s)
{
    tcg_gen_movi_i64(cpu_X[14], (uint32_t)(s->pc_next | (s->thumb ? 1 : 0)));
}

/* BLX (register): the target is read before LR is written (Rm may be
 * LR). */
static bool gen_blx_reg(DisasContext *s, int rm)
{
    TCGv_i64 target;

    if (rm == 15)
        return false;
    target = load_reg(s, rm);
    gen_set_lr(s);
    gen_bx(s, target);
    return true;
}

/* ---- system: SVC, BKPT, p15 ---- */

/* MCR p15: TPIDRURW writes and the CP15 barriers of ARMv6. */
static bool gen_mcr(DisasContext *s, int opc1, int crn, int rt, int opc2,
                    int crm)
{
    if (rt == 15 || opc1 != 0)
        return false;
    if (crn == 7 && crm == 10 && opc2 == 5) {
        gen_barrier(3); /* DMB */
    } else if (crn == 7 && crm == 10 && opc2 == 4) {
        gen_barrier(3); /* DSB */
    } else if (crn == 7 && crm == 5 && opc2 == 4) {
        gen_isb(s);
    } else if (crn == 13 && crm == 0 && opc2 == 2) {
        tcg_gen_st_i64(load_reg(s, rt), tcg_env,
                       offsetof(CPUARMState, tpidr_el0));
    } else {
        return false;
    }
    return true;
}

/* MRC p15: TPIDRURO, TPIDRURW and CNTFRQ. */
static bool gen_mrc(DisasContext *s, int opc1, int crn, int rt, int opc2,
                    int crm)
{
    TCGv_i64 val = tcg_temp_new_i64();

    if (rt == 15 || opc1 != 0 || crm != 0)
        return false;
    if (crn == 13 && opc2 == 3)
        tcg_gen_ld_i64(val, tcg_env, offsetof(CPUARMState, tpidrro_el0));
    else if (crn == 13 && opc2 == 2)
        tcg_gen_ld_i64(val, tcg_env, offsetof(CPUARMState, tpidr_el0));
    else if (crn == 14 && opc2 == 0)
        tcg_gen_movi_i64(val, (int64_t)ARX_CNTFRQ_HZ);
    else
        return false;
    store_reg(s, rt, val);
    return true;
}

/* MRRC p15: CNTPCT (opc1 0) and CNTVCT (opc1 1), both the host's
 * monotonic counter. */
static bool gen_mrrc(DisasContext *s, int opc1, int rt, int rt2, int crm)
{
    TCGv_i64 val = tcg_temp_new_i64(), hi = tcg_temp_new_i64();

    if (crm != 14 || opc1 > 1 || rt == 15 || rt2 == 15 || rt == rt2)
        return false;
    tcg_gen_call0(&helper_info_cntvct, &val);
    tcg_gen_shri_i64(hi, val, 32);
    store_reg(s, rt, val);
    store_reg(s, rt2, hi);
    return true;
}

/* ==== A32 ==== */

static bool trans_a_ldst_ri(DisasContext *s, arg_a_ri *a)
{
    return gen_single_imm(s, a->rn, a->rt, a->imm, a->p, a->u, a->w,
                          (MemOp)a->mop, a->load);
}

static bool trans_a_ldst_rr(DisasContext *s, arg_a_rr *a)
{
    return gen_single_reg(s, a->rn, a->rt, a->rm, a->shtype, a->shimm, a->p,
                          a->u, a->w, (MemOp)a->mop, a->load);
}

static bool trans_a_ldrd_i(DisasContext *s, arg_a_rd_i *a)
{
    bool wback = !a->p || a->w;

    if ((a->rt & 1) || a->rt == 14 || (wback && a->rn == 15))
        return false;
    TCGv_i64 base = load_reg(s, a->rn);
    gen_dual(s, a->rn, a->rt, a->rt + 1, base,
             gen_addr_add(base, a->u ? a->imm : -a->imm), a->p, wback, a->load);
    return true;
}

static bool trans_a_ldrd_r(DisasContext *s, arg_a_rd_r *a)
{
    bool wback = !a->p || a->w;

    if ((a->rt & 1) || a->rt == 14 || a->rm == 15 || (wback && a->rn == 15))
        return false;
    TCGv_i64 base = load_reg(s, a->rn);
    gen_dual(s, a->rn, a->rt, a->rt + 1, base,
             gen_addr_reg(base, load_reg(s, a->rm), a->u), a->p, wback,
             a->load);
    return true;
}

static bool trans_a_ldm(DisasContext *s, arg_a_ldm *a)
{
    return gen_ldm(s, a->rn, a->list, a->b, a->i, a->w, a->load);
}

static bool trans_a_ldrex(DisasContext *s, arg_a_ldrex *a)
{
    int size = excl_size(a->sz);

    if (a->kind == 1 || a->rn == 15)
        return false;
    if (a->kind == 0)
        return gen_lda_stl(s, a->rn, a->rt, size, true);
    if (size == MO_64 && ((a->rt & 1) || a->rt == 14))
        return false;
    gen_ldrex(s, a->rt, a->rt + 1, load_reg(s, a->rn), size, a->kind == 2);
    return true;
}

static bool trans_a_strex(DisasContext *s, arg_a_strex *a)
{
    int size = excl_size(a->sz);

    if (a->kind == 1 || a->rn == 15)
        return false;
    if (a->kind == 0)
        return gen_lda_stl(s, a->rn, a->rt, size, false);
    if (a->rd == 15 || (size == MO_64 && ((a->rt & 1) || a->rt == 14)))
        return false;
    gen_strex(s, a->rd, a->rt, a->rt + 1, load_reg(s, a->rn), size,
              a->kind == 2);
    return true;
}

static bool trans_a_b(DisasContext *s, arg_a_b *a)
{
    gen_jmp(s, s->pc_curr + 8 + a->imm * 4);
    return true;
}

static bool trans_a_bl(DisasContext *s, arg_a_bl *a)
{
    gen_set_lr(s);
    gen_jmp(s, s->pc_curr + 8 + a->imm * 4);
    return true;
}

static bool trans_a_bx(DisasContext *s, arg_a_bx *a)
{
    gen_bx(s, load_reg(s, a->rm));
    return true;
}

static bool trans_a_blx_r(DisasContext *s, arg_a_blx_r *a)
{
    return gen_blx_reg(s, a->rm);
}

static bool trans_a_svc(DisasContext *s, arg_a_svc *a)
{
    a32_gen_exception(s, EXCP_SVC, a->imm);
    return true;
}

static bool trans_a_bkpt(DisasContext *s, arg_a_bkpt *a)
{
    a32_gen_exception(s, EXCP_BRK, a->hi << 4 | a->lo);
    return true;
}

/* HVC is UNDEFINED at EL0, but in the vDSO's page a fast call
 * (target-arm/cpu.h). */
static bool trans_HVC(DisasContext *s, arg_HVC *a)
{
    if (s->thumb || !arm_user_fastcall_page ||
        (s->pc_curr & ~(uint64_t)(GUEST_PAGE_SIZE - 1)) !=
            arm_user_fastcall_page)
        return false;
    tcg_gen_call3(&helper_info_user_fastcall, NULL, tcg_ptr_as_i64(tcg_env),
                  tcg_constant_i64(a->hi << 4 | a->lo),
                  tcg_constant_i64((int64_t)s->pc_curr));
    return true;
}

static bool trans_a_udf(DisasContext *s, arg_a_udf *a)
{
    (void)a;
    return a32_undef(s);
}

/* NOP, YIELD, WFE, WFI, SEV, SEVL, DBG...: nothing to do in user mode. */
static bool trans_a_hint(DisasContext *s, arg_a_hint *a)
{
    (void)s;
    (void)a;
    return true;
}

static bool trans_a_mcr(DisasContext *s, arg_a_mcr *a)
{
    return gen_mcr(s, a->opc1, a->crn, a->rt, a->opc2, a->crm);
}

static bool trans_a_mrc(DisasContext *s, arg_a_mrc *a)
{
    return gen_mrc(s, a->opc1, a->crn, a->rt, a->opc2, a->crm);
}

static bool trans_a_mrrc(DisasContext *s, arg_a_mrrc *a)
{
    return gen_mrrc(s, a->opc1, a->rt, a->rt2, a->crm);
}

/* ---- A32 unconditional space ---- */

static bool trans_u_blx_i(DisasContext *s, arg_u_blx_i *a)
{
    gen_set_lr(s);
    gen_jmp_exchange(s, (uint32_t)(s->pc_curr + 8 + a->imm * 4 + a->h * 2),
                     true);
    return true;
}

static bool trans_u_clrex(DisasContext *s, arg_u_clrex *a)
{
    (void)s;
    (void)a;
    gen_clrex();
    return true;
}

static bool trans_u_barrier(DisasContext *s, arg_u_barrier *a)
{
    (void)s;
    gen_barrier(a->opt);
    return true;
}

static bool trans_u_isb(DisasContext *s, arg_u_isb *a)
{
    (void)a;
    gen_isb(s);
    return true;
}

static bool trans_u_preload(DisasContext *s, arg_u_preload *a)
{
    (void)s;
    (void)a;
    return true;
}

/* ==== T16 ==== */

static bool trans_h_ldst_rr(DisasContext *s, arg_h_rr *a)
{
    return gen_single_reg(s, a->rn, a->rt, a->rm, 0, 0, true, true, false,
                          (MemOp)a->mop, a->load);
}

/* Immediate offsets are scaled by the access size. */
static bool trans_h_ldst_ri(DisasContext *s, arg_h_ri *a)
{
    return gen_single_imm(s, a->rn, a->rt, a->imm << (a->mop & 3), true, true,
                          false, (MemOp)a->mop, a->load);
}

static bool trans_h_ldr_lit(DisasContext *s, arg_h_ldr_lit *a)
{
    TCGv_i64 val = tcg_temp_new_i64();

    gen_aa32_ld(s, val, load_pc_aligned(s, a->imm * 4), MO_UL);
    store_reg(s, a->rt, val);
    return true;
}

/* STM: always writes back. */
static bool trans_h_stm(DisasContext *s, arg_h_stm *a)
{
    return gen_ldm(s, a->rn, a->list, false, true, true, false);
}

/* LDM: writes back unless Rn is in the list. */
static bool trans_h_ldm(DisasContext *s, arg_h_ldm *a)
{
    return gen_ldm(s, a->rn, a->list, false, true, !(a->list & (1u << a->rn)),
                   true);
}

static bool trans_h_push(DisasContext *s, arg_h_push *a)
{
    return gen_ldm(s, 13, a->list | a->m << 14, true, false, true, false);
}

static bool trans_h_pop(DisasContext *s, arg_h_pop *a)
{
    return gen_ldm(s, 13, a->list | a->p << 15, false, true, true, true);
}

static bool trans_h_bx(DisasContext *s, arg_h_bx *a)
{
    gen_bx(s, load_reg(s, a->rm));
    return true;
}

static bool trans_h_blx_r(DisasContext *s, arg_h_blx_r *a)
{
    return gen_blx_reg(s, a->rm);
}

/* CBZ/CBNZ: forward only, never in an IT block. */
static bool trans_h_cbz(DisasContext *s, arg_h_cbz *a)
{
    TCGLabel skip = tcg_new_label();
    uint64_t dest = s->pc_curr + 4 + (a->i << 6 | a->imm5 << 1);

    if (a32_in_it_block(s))
        return false;
    tcg_gen_brcondi_i64(a->nz ? TCG_COND_EQ : TCG_COND_NE, cpu_X[a->rn], 0,
                        skip);
    a32_goto_tb(s, 0, dest, false);
    tcg_gen_set_label(skip);
    a32_goto_tb(s, 1, s->pc_next, false);
    s->is_jmp = DISAS_NORETURN;
    return true;
}

static bool trans_h_hint(DisasContext *s, arg_h_hint *a)
{
    (void)s;
    (void)a;
    return true;
}

/* IT: the next insns' ITSTATE is firstcond:mask. */
static bool trans_h_it(DisasContext *s, arg_h_it *a)
{
    if (a32_in_it_block(s) || a->cond == 15 ||
        (a->cond == 14 && __builtin_popcount((unsigned)a->mask) != 1))
        return false;
    s->condexec_next = (uint32_t)(a->cond << 4 | a->mask);
    return true;
}

static bool trans_h_bkpt(DisasContext *s, arg_h_bkpt *a)
{
    a32_gen_exception(s, EXCP_BRK, a->imm);
    return true;
}

static bool trans_h_udf(DisasContext *s, arg_h_udf *a)
{
    (void)a;
    return a32_undef(s);
}

static bool trans_h_svc(DisasContext *s, arg_h_svc *a)
{
    a32_gen_exception(s, EXCP_SVC, a->imm);
    return true;
}

static bool trans_h_b_cond(DisasContext *s, arg_h_b_cond *a)
{
    return gen_cond_branch(s, a->cond, s->pc_curr + 4 + a->imm * 2);
}

static bool trans_h_b(DisasContext *s, arg_h_b *a)
{
    gen_jmp(s, s->pc_curr + 4 + a->imm * 2);
    return true;
}

/* ==== T32 ==== */

static bool trans_w_ldr_lit(DisasContext *s, arg_w_lit *a)
{
    TCGv_i64 val = tcg_temp_new_i64();

    if (is_preload(a->rt, (MemOp)a->mop, true))
        return true;
    gen_aa32_ld(s, val, load_pc_aligned(s, a->u ? a->imm : -a->imm),
                (MemOp)a->mop);
    store_reg_bx(s, a->rt, val);
    return true;
}

/* imm8 forms with P = 0 and W = 0 are unallocated; stores to the pc and
 * stores based on the pc are UNDEFINED. */
static bool trans_w_ldst_ri(DisasContext *s, arg_w_ri *a)
{
    if ((!a->p && !a->w) || (!a->load && (a->rn == 15 || a->rt == 15)))
        return false;
    if (is_preload(a->rt, (MemOp)a->mop, a->load))
        return true;
    return gen_single_imm(s, a->rn, a->rt, a->imm, a->p, a->u, a->w,
                          (MemOp)a->mop, a->load);
}

static bool trans_w_ldst_rr(DisasContext *s, arg_w_rr *a)
{
    if (a->rn == 15 || (!a->load && a->rt == 15) || a->rm == 13)
        return false;
    if (is_preload(a->rt, (MemOp)a->mop, a->load))
        return true;
    return gen_single_reg(s, a->rn, a->rt, a->rm, 0, a->shimm, true, true,
                          false, (MemOp)a->mop, a->load);
}

static bool trans_w_strex_w(DisasContext *s, arg_w_strex_w *a)
{
    if (a->rn == 15 || a->rd == 15 || a->rt == 15)
        return false;
    gen_strex(s, a->rd, a->rt, 0, gen_addr_add(load_reg(s, a->rn), a->imm * 4),
              MO_32, false);
    return true;
}

static bool trans_w_ldrex_w(DisasContext *s, arg_w_ldrex_w *a)
{
    if (a->rn == 15 || a->rt == 15)
        return false;
    gen_ldrex(s, a->rt, 0, gen_addr_add(load_reg(s, a->rn), a->imm * 4), MO_32,
              false);
    return true;
}

/* op (bits 7:4): 01xx {B,H,-,D} exclusives, 10xx LDA/STL {B,H,word},
 * 11xx LDAEX/STLEX {B,H,word,D}. */
static int t32_excl_size(int op)
{
    static const int sizes[4] = {MO_8, MO_16, MO_32, MO_64};

    return sizes[op & 3];
}

static bool trans_w_ldrex_x(DisasContext *s, arg_w_ldrex_x *a)
{
    int size = t32_excl_size(a->op);

    if (a->rn == 15 || a->rt == 15 || a->op < 4 || a->op == 6)
        return false;
    if ((a->op >> 2) == 2)
        return a->rt2 == 15 && gen_lda_stl(s, a->rn, a->rt, size, true);
    if (size == MO_64 ? (a->rt2 == 15 || a->rt2 == a->rt) : a->rt2 != 15)
        return false;
    gen_ldrex(s, a->rt, a->rt2, load_reg(s, a->rn), size, (a->op >> 2) == 3);
    return true;
}

static bool trans_w_strex_x(DisasContext *s, arg_w_strex_x *a)
{
    int size = t32_excl_size(a->op);

    if (a->rn == 15 || a->rt == 15 || a->op < 4 || a->op == 6)
        return false;
    if ((a->op >> 2) == 2)
        return a->rt2 == 15 && a->rd == 15 &&
               gen_lda_stl(s, a->rn, a->rt, size, false);
    if (a->rd == 15 || (size == MO_64 ? a->rt2 == 15 : a->rt2 != 15))
        return false;
    gen_strex(s, a->rd, a->rt, a->rt2, load_reg(s, a->rn), size,
              (a->op >> 2) == 3);
    return true;
}

/* TBB/TBH: pc + 2 * the table's entry at Rn + Rm (TBH: + 2 * Rm). */
static bool trans_w_tbb(DisasContext *s, arg_w_tbb *a)
{
    TCGv_i64 off = load_reg(s, a->rm), val = tcg_temp_new_i64();

    if (a->rm == 13 || a->rm == 15)
        return false;
    if (a->h)
        tcg_gen_shli_i64(off, off, 1);
    gen_aa32_ld(s, val, gen_addr_reg(load_reg(s, a->rn), off, true),
                a->h ? MO_UW : MO_UB);
    tcg_gen_shli_i64(val, val, 1);
    tcg_gen_addi_i64(val, val, (uint32_t)(s->pc_curr + 4));
    gen_thumb_jmp_even(s, val);
    return true;
}

static bool trans_w_ldrd(DisasContext *s, arg_w_ldrd *a)
{
    bool wback = a->w;
    TCGv_i64 base, offset_addr;
    int64_t imm = a->u ? a->imm * 4 : -a->imm * 4;

    if ((!a->p && !a->w) || a->rt == 15 || a->rt2 == 15 ||
        (a->l && a->rt == a->rt2) || (wback && a->rn == 15))
        return false;
    if (a->rn == 15) {
        if (!a->l)
            return false;
        base = load_pc_aligned(s, 0);
    } else {
        base = load_reg(s, a->rn);
    }
    offset_addr = gen_addr_add(base, imm);
    gen_dual(s, a->rn, a->rt, a->rt2, base, offset_addr, a->p, wback, a->l);
    return true;
}

/* LDM/STM: SP never in the list; STM never stores the pc. */
static bool trans_w_ldm(DisasContext *s, arg_w_ldm *a)
{
    if ((a->list & (1u << 13)) || (!a->load && (a->list & (1u << 15))))
        return false;
    return gen_ldm(s, a->rn, a->list, a->b, a->i, a->w, a->load);
}

static bool trans_w_hint(DisasContext *s, arg_w_hint *a)
{
    (void)s;
    (void)a;
    return true;
}

static bool trans_w_clrex(DisasContext *s, arg_w_clrex *a)
{
    (void)s;
    (void)a;
    gen_clrex();
    return true;
}

static bool trans_w_barrier(DisasContext *s, arg_w_barrier *a)
{
    (void)s;
    gen_barrier(a->opt);
    return true;
}

static bool trans_w_isb(DisasContext *s, arg_w_isb *a)
{
    (void)a;
    gen_isb(s);
    return true;
}

/* BXJ: Jazelle is never entered, so BX. */
static bool trans_w_bxj(DisasContext *s, arg_w_bxj *a)
{
    gen_bx(s, load_reg(s, a->rm));
    return true;
}

static bool trans_w_udf(DisasContext *s, arg_w_udf *a)
{
    (void)a;
    return a32_undef(s);
}

/* B T4, BL, BLX: SignExtend(S:I1:I2:imm10:imm11:'0'), In = NOT(Jn XOR S). */
static int64_t t32_branch_offset(int64_t sign, int64_t j1, int64_t j2,
                                 int64_t imm10, int64_t imm11)
{
    int64_t i1 = !(j1 ^ sign), i2 = !(j2 ^ sign);
    int64_t off = i1 << 23 | i2 << 22 | imm10 << 12 | imm11 << 1;

    return sign ? off - (1 << 24) : off;
}

/* B T3: SignExtend(S:J2:J1:imm6:imm11:'0'). */
static bool trans_w_b_cond(DisasContext *s, arg_w_b_cond *a)
{
    int64_t off = a->j2 << 19 | a->j1 << 18 | a->imm6 << 12 | a->imm11 << 1;

    if (a->s)
        off -= 1 << 20;
    return gen_cond_branch(s, (int)(a->ch << 2 | a->cl), s->pc_curr + 4 + off);
}

static bool trans_w_b(DisasContext *s, arg_w_b *a)
{
    gen_jmp(s, s->pc_curr + 4 +
                   t32_branch_offset(a->s, a->j1, a->j2, a->imm10, a->imm11));
    return true;
}

static bool trans_w_bl(DisasContext *s, arg_w_bl *a)
{
    gen_set_lr(s);
    gen_jmp(s, s->pc_curr + 4 +
                   t32_branch_offset(a->s, a->j1, a->j2, a->imm10, a->imm11));
    return true;
}

/* BLX immediate: to A32 at Align(PC, 4) + offset; H (imm11 bit 0) is 0. */
static bool trans_w_blx_i(DisasContext *s, arg_w_blx_i *a)
{
    uint64_t pc = (s->pc_curr + 4) & ~(uint64_t)3;

    if (a->imm11 & 1)
        return false;
    gen_set_lr(s);
    gen_jmp_exchange(s,
                     (uint32_t)(pc + t32_branch_offset(a->s, a->j1, a->j2,
                                                       a->imm10, a->imm11)),
                     false);
    return true;
}

static bool trans_w_mcr(DisasContext *s, arg_w_mcr *a)
{
    return gen_mcr(s, a->opc1, a->crn, a->rt, a->opc2, a->crm);
}

static bool trans_w_mrc(DisasContext *s, arg_w_mrc *a)
{
    return gen_mrc(s, a->opc1, a->crn, a->rt, a->opc2, a->crm);
}

static bool trans_w_mrrc(DisasContext *s, arg_w_mrrc *a)
{
    return gen_mrrc(s, a->opc1, a->rt, a->rt2, a->crm);
}

/* ==== the group's entry points ==== */

bool a32_decode_ldst(DisasContext *s, uint32_t insn)
{
    return a32_ldst_decode(s, insn);
}

bool a32_decode_uncond(DisasContext *s, uint32_t insn)
{
    return a32_uncond_decode(s, insn);
}

bool t32_decode_ldst(DisasContext *s, uint32_t insn)
{
    return t32_ldst_decode(s, insn);
}

bool t16_decode_ldst(DisasContext *s, uint16_t insn)
{
    return t16_ldst_decode(s, insn);
}

const char *a32_describe_ldst(const DisasContext *s, char *buf, size_t len)
{
    if (s->thumb && s->is_t16)
        return t16_ldst_describe((uint16_t)s->insn, buf, len);
    if (s->thumb)
        return t32_ldst_describe(s->insn, buf, len);
    if ((s->insn >> 28) == 0xf)
        return a32_uncond_describe(s->insn, buf, len);
    return a32_ldst_describe(s->insn, buf, len);
}
