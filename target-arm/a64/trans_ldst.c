/*
 * A64 loads and stores: addressing for every register form, integer
 * accesses, pairs, exclusives and acquire/release. SIMD&FP data moves and
 * structure forms live in trans_ldst_simd.c; this file must not emit host
 * code or touch guest memory other than through the IR.
 */
#include "target-arm/a64/translate.h"
#include "target-arm/a64/ldst_internal.h"
#include "target-arm/helper_info.h"
#include "target-arm/helper_mem.h"

#include "ldst.dec.c"

/* Addressing modes (the idx constant in ldst.decode). */
enum { LDST_OFFSET = 0, LDST_POST = 1, LDST_PRE = 2 };

/* Integer opc (Arm's opc field of the single-register forms). */
enum { LDST_STORE = 0, LDST_LOAD = 1, LDST_LOAD_S64 = 2, LDST_LOAD_S32 = 3 };

/* ---- addressing, shared with trans_ldst_simd.c ---- */

TCGv_i64 ldst_base(DisasContext *s, int rn)
{
    return read_cpu_reg_sp(s, rn, 1);
}

void ldst_post_writeback(DisasContext *s, int rn, TCGv_i64 base, int rm,
                         int64_t imm)
{
    TCGv_i64 next = tcg_temp_new_i64();

    if (rm == 31)
        tcg_gen_addi_i64(next, base, imm);
    else
        tcg_gen_add_i64(next, base, read_xreg(s, rm));
    write_xreg_sp(s, rn, next, 1);
}

/*
 * The address of an offset, pre- or post-index access; *wb_addr gets
 * the value written back to Xn|SP for the pre/post forms.
 */
static TCGv_i64 ldst_imm_address(DisasContext *s, int rn, int64_t offset,
                                 int idx, TCGv_i64 *wb_addr)
{
    TCGv_i64 base = ldst_base(s, rn);
    TCGv_i64 addr = tcg_temp_new_i64();

    tcg_gen_addi_i64(addr, base, offset);
    *wb_addr = addr;
    return idx == LDST_POST ? base : addr;
}

/* ExtendReg(Rm, option, shift) for the register-offset forms. */
static TCGv_i64 ldst_reg_address(DisasContext *s, int rn, int rm, int opt,
                                 int shift)
{
    TCGv_i64 offset = tcg_temp_new_i64();
    TCGv_i64 addr = ldst_base(s, rn);
    TCGv_i64 m = read_xreg(s, rm);

    switch (opt) {
    case 2: /* UXTW */ tcg_gen_ext32u_i64(offset, m); break;
    case 6: /* SXTW */ tcg_gen_ext32s_i64(offset, m); break;
    default: /* 3: LSL (UXTX), 7: SXTX */ tcg_gen_mov_i64(offset, m); break;
    }
    if (shift)
        tcg_gen_shli_i64(offset, offset, shift);
    tcg_gen_add_i64(addr, addr, offset);
    return addr;
}

/* FEAT_MTE: an access through SP with an immediate offset and no
 * writeback is Tag Unchecked; every other base register form is checked. */
static bool ldst_checked(int rn, bool wback)
{
    return rn != 31 || wback;
}

/* option<1> == 0 (byte/halfword extends) is unallocated for addresses. */
static bool ldst_reg_option_ok(int opt)
{
    return (opt & 2) != 0;
}

/* ---- integer single-register accesses ---- */

/* opc/size combinations left after the PRFM patterns took theirs. */
static bool ldst_int_valid(int opc, int size)
{
    if (opc == LDST_LOAD_S64)
        return size <= 2;
    if (opc == LDST_LOAD_S32)
        return size <= 1;
    return true;
}

/*
 * Loads or stores Rt at addr, then writes wb_addr back to Xn|SP if wback.
 * Rt == Rn with writeback is CONSTRAINED UNPREDICTABLE; arx picks, as the
 * Arm ARM allows: loads suppress the writeback (Rt gets the loaded value,
 * Constraint_WBSUPPRESS), stores store the value Rt had before the
 * writeback (Constraint_NONE).
 */
static void gen_int_access(DisasContext *s, int opc, int size, int rt,
                           TCGv_i64 addr, MemOp order, bool wback, int rn,
                           TCGv_i64 wb_addr)
{
    TCGv_i64 val;

    if (opc == LDST_STORE) {
        tcg_gen_guest_st_i64(read_xreg(s, rt), addr, (MemOp)(size | order));
        if (wback)
            write_xreg_sp(s, rn, wb_addr, 1);
        return;
    }
    val = tcg_temp_new_i64();
    tcg_gen_guest_ld_i64(
        val, addr, (MemOp)(size | order | (opc == LDST_LOAD ? 0 : MO_SIGN)));
    if (wback)
        write_xreg_sp(s, rn, wb_addr, 1);
    write_xreg(s, rt, val, opc != LDST_LOAD_S32);
}

/* STR/LDR/LDRS* (unsigned offset), STUR/LDUR*, STTR/LDTR*, pre/post. */
static bool trans_ldst_imm(DisasContext *s, arg_ldst_imm *a)
{
    int64_t offset = a->scaled ? a->imm << a->size : a->imm;
    TCGv_i64 addr, wb_addr;

    if (!ldst_int_valid(a->opc, a->size))
        return false;
    addr = ldst_imm_address(s, a->rn, offset, a->idx, &wb_addr);
    addr = gen_mte_access(s, addr, 1u << a->size, a->opc == LDST_STORE,
                          ldst_checked(a->rn, a->idx != LDST_OFFSET));
    gen_int_access(s, a->opc, a->size, a->rt, addr, 0, a->idx != LDST_OFFSET,
                   a->rn, wb_addr);
    return true;
}

/* STTR/LDTR*: at EL1 the access is checked as EL0's would be. */
static bool trans_ldst_unpriv(DisasContext *s, arg_ldst_unpriv *a)
{
    arg_ldst_imm imm = {.size = a->size,
                        .imm = a->imm,
                        .rn = a->rn,
                        .rt = a->rt,
                        .opc = a->opc,
                        .idx = a->idx,
                        .scaled = a->scaled};
    int saved = tcg_ctx.mem_index;
    bool ok;

    if (s->el == 1)
        tcg_ctx.mem_index = ARM_MMU_EL0;
    ok = trans_ldst_imm(s, &imm);
    tcg_ctx.mem_index = saved;
    return ok;
}

/* STR/LDR/LDRS* (register offset). */
static bool trans_ldst_reg(DisasContext *s, arg_ldst_reg *a)
{
    TCGv_i64 addr;

    if (!ldst_reg_option_ok(a->opt) || !ldst_int_valid(a->opc, a->size))
        return false;
    addr = ldst_reg_address(s, a->rn, a->rm, a->opt, a->s ? a->size : 0);
    addr = gen_mte_access(s, addr, 1u << a->size, a->opc == LDST_STORE, true);
    gen_int_access(s, a->opc, a->size, a->rt, addr, 0, false, a->rn, addr);
    return true;
}

/* LDR Wt/Xt (literal), LDRSW (literal): address = PC + imm19 * 4. */
static bool trans_ldr_lit(DisasContext *s, arg_ldr_lit *a)
{
    TCGv_i64 addr = tcg_constant_i64((int64_t)(s->pc_curr + a->imm * 4));

    gen_int_access(s, a->sign ? LDST_LOAD_S64 : LDST_LOAD, a->size, a->rt, addr,
                   0, false, 0, addr);
    return true;
}

/* Prefetches are hints: nothing to do (and they never fault). */
static bool trans_PRFM_lit(DisasContext *s, arg_PRFM_lit *a)
{
    (void)s;
    (void)a;
    return true;
}

static bool trans_PRFM_i(DisasContext *s, arg_PRFM_i *a)
{
    (void)s;
    (void)a;
    return true;
}

static bool trans_PRFUM(DisasContext *s, arg_PRFUM *a)
{
    (void)s;
    (void)a;
    return true;
}

static bool trans_PRFM_r(DisasContext *s, arg_PRFM_r *a)
{
    (void)s;
    return ldst_reg_option_ok(a->opt);
}

/* ---- pairs ---- */

/*
 * LDP/STP/LDNP/STNP (W, X) and LDPSW. Writeback with Rt or Rt2 == Rn
 * follows gen_int_access's choice; LDP with Rt == Rt2 leaves Rt2's value.
 */
/*
 * LSE atomics, CAS, LDAR/STLR, LDAPR/LDAPUR/STLUR: aligned to their size
 * without FEAT_LSE2; with it anywhere inside one aligned 16-byte granule
 * (an access across a granule end still faults: SCTLR_EL1.nAA = 0).
 * User mode only: arx-system's ID registers do not show LSE2.
 */
static bool dc_has_lse2(const DisasContext *s)
{
    return !arm_system_mode && dc_has_feature(s, ARM_FEAT_LSE2);
}

static bool trans_ldstp(DisasContext *s, arg_ldstp *a)
{
    TCGv_i64 addr, wb_addr, lo, hi;
    bool sign = false;
    int size;

    switch (a->opc) {
    case 0: size = 2; break;
    case 1: /* LDPSW; STGP (FEAT_MTE) and a no-allocate LDPSW do not exist */
        if (!a->ld || a->nt)
            return false;
        size = 2;
        sign = true;
        break;
    case 2: size = 3; break;
    default: return false;
    }
    addr = ldst_imm_address(s, a->rn, a->imm << size, a->idx, &wb_addr);
    addr = gen_mte_access(s, addr, 2u << size, !a->ld,
                          ldst_checked(a->rn, a->idx != LDST_OFFSET));
    lo = tcg_temp_new_i64();
    hi = tcg_temp_new_i64();

    if (size == 2 && !sign) {
        /* Two adjacent words: one 64-bit access, little-endian halves. */
        if (a->ld) {
            tcg_gen_guest_ld_i64(lo, addr, MO_64);
            tcg_gen_shri_i64(hi, lo, 32);
        } else {
            tcg_gen_deposit_i64(lo, read_xreg(s, a->rt), read_xreg(s, a->rt2),
                                32, 32);
            tcg_gen_guest_st_i64(lo, addr, MO_64);
        }
    } else if (size == 3 && dc_has_lse2(s)) {
        /* FEAT_LSE2: at a 16-aligned address one single-copy atomic
         * access (the op tests the alignment). */
        if (a->ld)
            tcg_gen_guest_ld_pair_i64(lo, hi, addr);
        else
            tcg_gen_guest_st_pair_i64(read_xreg(s, a->rt), read_xreg(s, a->rt2),
                                      addr);
    } else {
        TCGv_i64 addr2 = tcg_temp_new_i64();
        MemOp mop = (MemOp)(size | (sign ? MO_SIGN : 0));

        tcg_gen_addi_i64(addr2, addr, 1 << size);
        if (a->ld) {
            tcg_gen_guest_ld_i64(lo, addr, mop);
            tcg_gen_guest_ld_i64(hi, addr2, mop);
        } else {
            tcg_gen_guest_st_i64(read_xreg(s, a->rt), addr, mop);
            tcg_gen_guest_st_i64(read_xreg(s, a->rt2), addr2, mop);
        }
    }
    if (a->idx != LDST_OFFSET)
        write_xreg_sp(s, a->rn, wb_addr, 1);
    if (a->ld) {
        int sf = size == 3 || sign;

        write_xreg(s, a->rt, lo, sf);
        write_xreg(s, a->rt2, hi, sf);
    }
    return true;
}

/* ---- exclusives ---- */

static void gen_set_monitor(TCGv_i64 addr, int size, TCGv_i64 val,
                            TCGv_i64 high)
{
    tcg_gen_st_i64(addr, tcg_env, offsetof(CPUARMState, exclusive_addr));
    tcg_gen_st_i64(val, tcg_env, offsetof(CPUARMState, exclusive_val));
    tcg_gen_st_i64(high, tcg_env, offsetof(CPUARMState, exclusive_high));
    tcg_gen_st32_i64(tcg_constant_i64(size), tcg_env,
                     offsetof(CPUARMState, exclusive_size));
}

static void gen_clear_monitor(void)
{
    tcg_gen_st_i64(tcg_constant_i64(-1), tcg_env,
                   offsetof(CPUARMState, exclusive_addr));
}

/*
 * Exclusives must be aligned to their size: otherwise an alignment fault
 * (Linux: SIGBUS, BUS_ADRALN), before the monitor or memory is looked at.
 */
static void gen_check_align(TCGv_i64 addr, unsigned bytes, bool is_write)
{
    tcg_gen_guest_check_align(addr, bytes - 1, is_write);
}

static void gen_check_atomic_align(DisasContext *s, TCGv_i64 addr,
                                   unsigned bytes, bool is_write)
{
    TCGv_i64 last;
    TCGLabel inside;

    if (!dc_has_lse2(s)) {
        gen_check_align(addr, bytes, is_write);
        return;
    }
    if (bytes == 1)
        return;
    last = tcg_temp_new_i64();
    inside = tcg_new_label();
    tcg_gen_andi_i64(last, addr, 15);
    tcg_gen_addi_i64(last, last, bytes - 1);
    tcg_gen_brcondi_i64(TCG_COND_LEU, last, 15, inside);
    gen_check_align(addr, 16, is_write); /* crossing: not 16-aligned */
    tcg_gen_set_label(inside);
}

/* LDXR/LDAXR: load and record address, size and value in the monitor. */
static bool trans_LDXR(DisasContext *s, arg_LDXR *a)
{
    TCGv_i64 addr = ldst_base(s, a->rn);
    TCGv_i64 val = tcg_temp_new_i64();

    gen_check_align(addr, 1u << a->size, false);
    addr = gen_mte_access(s, addr, 1u << a->size, false, a->rn != 31);
    if (arm_system_mode) {
        tcg_gen_call3(&helper_info_sys_ldxr, &val, tcg_ptr_as_i64(tcg_env),
                      addr, tcg_constant_i64(a->size));
    } else {
        tcg_gen_guest_ld_i64(val, addr,
                             (MemOp)(a->size | (a->o0 ? MO_ACQUIRE : 0)));
        gen_set_monitor(addr, a->size, val, tcg_constant_i64(0));
    }
    write_xreg(s, a->rt, val, 1);
    return true;
}

/* LDXP/LDAXP: W pairs are one 64-bit access, X pairs two. */
static bool trans_LDXP(DisasContext *s, arg_LDXP *a)
{
    TCGv_i64 addr = ldst_base(s, a->rn);
    TCGv_i64 lo = tcg_temp_new_i64();
    TCGv_i64 hi = tcg_temp_new_i64();
    MemOp acq = a->o0 ? MO_ACQUIRE : 0;

    gen_check_align(addr, a->sz ? 16 : 8, false);
    addr = gen_mte_access(s, addr, a->sz ? 16 : 8, false, a->rn != 31);
    if (arm_system_mode && !a->sz) {
        /* A W pair is one 64-bit exclusive of the system mode's monitor. */
        tcg_gen_call3(&helper_info_sys_ldxr, &lo, tcg_ptr_as_i64(tcg_env), addr,
                      tcg_constant_i64(3));
        tcg_gen_shri_i64(hi, lo, 32);
        write_xreg(s, a->rt, lo, 0);
        write_xreg(s, a->rt2, hi, 0);
        return true;
    }
    tcg_gen_guest_ld_i64(lo, addr, (MemOp)(MO_64 | acq));
    if (a->sz) {
        TCGv_i64 addr2 = tcg_temp_new_i64();

        tcg_gen_addi_i64(addr2, addr, 8);
        tcg_gen_guest_ld_i64(hi, addr2, MO_64);
        gen_set_monitor(addr, 4, lo, hi);
    } else {
        gen_set_monitor(addr, 3, lo, tcg_constant_i64(0));
        tcg_gen_shri_i64(hi, lo, 32);
    }
    write_xreg(s, a->rt, lo, a->sz);
    write_xreg(s, a->rt2, hi, a->sz);
    return true;
}

/*
 * STXR/STLXR and W-pair STXP: if addr is the monitored address, swap the
 * recorded value for val (already zero-extended to the access size) and
 * succeed (Ws = 0) exactly when memory still held it; otherwise Ws = 1.
 * The monitor is cleared either way. Ws may equal Rt or Rn (CONSTRAINED
 * UNPREDICTABLE): both are read before Ws is written.
 */
static void gen_store_exclusive(DisasContext *s, int rs, int rn, TCGv_i64 addr,
                                TCGv_i64 val, int size, bool release)
{
    TCGLabel fail = tcg_new_label();
    TCGLabel done = tcg_new_label();
    TCGv_i64 mon_addr = tcg_temp_new_i64();
    TCGv_i64 expected = tcg_temp_new_i64();
    TCGv_i64 old = tcg_temp_new_i64();
    TCGv_i64 status = tcg_temp_new_i64();

    gen_check_align(addr, 1u << size, true);
    addr = gen_mte_access(s, addr, 1u << size, true, rn != 31);
    if (arm_system_mode) {
        /* The system mode's monitor also sees other CPUs' writes. */
        tcg_gen_call4(&helper_info_sys_stxr, &status, tcg_ptr_as_i64(tcg_env),
                      addr, tcg_constant_i64(size), val);
        write_xreg(s, rs, status, 0);
        return;
    }
    tcg_gen_ld_i64(mon_addr, tcg_env, offsetof(CPUARMState, exclusive_addr));
    tcg_gen_brcond_i64(TCG_COND_NE, addr, mon_addr, fail);

    tcg_gen_ld_i64(expected, tcg_env, offsetof(CPUARMState, exclusive_val));
    tcg_gen_guest_cmpxchg_i64(old, addr, expected, val,
                              (MemOp)(size | (release ? MO_RELEASE : 0)));
    tcg_gen_setcond_i64(TCG_COND_NE, status, old, expected);
    write_xreg(s, rs, status, 0);
    tcg_gen_br(done);

    tcg_gen_set_label(fail);
    write_xreg(s, rs, tcg_constant_i64(1), 0);

    tcg_gen_set_label(done);
    gen_clear_monitor();
}

static bool trans_STXR(DisasContext *s, arg_STXR *a)
{
    TCGv_i64 addr = ldst_base(s, a->rn);
    TCGv_i64 val = read_cpu_reg(s, a->rt, 1);

    switch (a->size) {
    case 0: tcg_gen_ext8u_i64(val, val); break;
    case 1: tcg_gen_ext16u_i64(val, val); break;
    case 2: tcg_gen_ext32u_i64(val, val); break;
    }
    gen_store_exclusive(s, a->rs, a->rn, addr, val, a->size, a->o0);
    return true;
}

/* STXP/STLXP: W pairs inline as one 64-bit swap, X pairs in a helper. */
static bool trans_STXP(DisasContext *s, arg_STXP *a)
{
    TCGv_i64 addr = ldst_base(s, a->rn);
    TCGv_i64 status;

    if (!a->sz) {
        TCGv_i64 val = tcg_temp_new_i64();

        tcg_gen_deposit_i64(val, read_xreg(s, a->rt), read_xreg(s, a->rt2), 32,
                            32);
        gen_store_exclusive(s, a->rs, a->rn, addr, val, MO_64, a->o0);
        return true;
    }
    /* The helper's locked swap orders it both ways, so release is free. */
    gen_check_align(addr, 16, true);
    addr = gen_mte_access(s, addr, 16, true, a->rn != 31);
    status = tcg_temp_new_i64();
    tcg_gen_call4(&helper_info_stxp128, &status, tcg_ptr_as_i64(tcg_env), addr,
                  read_xreg(s, a->rt), read_xreg(s, a->rt2));
    write_xreg(s, a->rs, status, 0);
    return true;
}

/* ---- acquire / release ---- */

/* STLR, and STLLR (FEAT_LOR, o0 = 0) treated as STLR. */
static bool trans_STLR(DisasContext *s, arg_STLR *a)
{
    TCGv_i64 addr = ldst_base(s, a->rn);

    /* User mode without FEAT_LSE2 leaves them unchecked
     * (docs/architecture.md). */
    if (arm_system_mode || dc_has_lse2(s))
        gen_check_atomic_align(s, addr, 1u << a->size, true);
    addr = gen_mte_access(s, addr, 1u << a->size, true, a->rn != 31);
    tcg_gen_guest_st_i64(read_xreg(s, a->rt), addr,
                         (MemOp)(a->size | MO_RELEASE));
    return true;
}

/* LDAR, and LDLAR (FEAT_LOR, o0 = 0) treated as LDAR. */
static bool trans_LDAR(DisasContext *s, arg_LDAR *a)
{
    TCGv_i64 addr = ldst_base(s, a->rn);
    TCGv_i64 val = tcg_temp_new_i64();

    /* User mode without FEAT_LSE2 leaves them unchecked
     * (docs/architecture.md). */
    if (arm_system_mode || dc_has_lse2(s))
        gen_check_atomic_align(s, addr, 1u << a->size, false);
    addr = gen_mte_access(s, addr, 1u << a->size, false, a->rn != 31);
    tcg_gen_guest_ld_i64(val, addr, (MemOp)(a->size | MO_ACQUIRE));
    write_xreg(s, a->rt, val, 1);
    return true;
}

/* LDAPR (FEAT_LRCPC): RCpc is weaker than RCsc, so LDAR's code serves. */
static bool trans_LDAPR(DisasContext *s, arg_LDAPR *a)
{
    arg_LDAR ldar = {.o0 = 1, .rn = a->rn, .rt = a->rt, .size = a->size};

    if (!dc_has_feature(s, ARM_FEAT_LRCPC))
        return false;
    return trans_LDAR(s, &ldar);
}

/* STLUR/LDAPUR* (FEAT_LRCPC2): unscaled offset, no writeback. */
static bool trans_ldapur(DisasContext *s, arg_ldapur *a)
{
    TCGv_i64 addr, wb_addr;

    if (!dc_has_feature(s, ARM_FEAT_LRCPC2) ||
        !ldst_int_valid(a->opc, a->size) ||
        (a->opc == LDST_LOAD_S64 && a->size == 3))
        return false;
    addr = ldst_imm_address(s, a->rn, a->imm, LDST_OFFSET, &wb_addr);
    if (dc_has_lse2(s))
        gen_check_atomic_align(s, addr, 1u << a->size, a->opc == LDST_STORE);
    addr = gen_mte_access(s, addr, 1u << a->size, a->opc == LDST_STORE,
                          a->rn != 31);
    gen_int_access(s, a->opc, a->size, a->rt, addr,
                   a->opc == LDST_STORE ? MO_RELEASE : MO_ACQUIRE, false, a->rn,
                   wb_addr);
    return true;
}

/* ---- SIMD&FP register forms: addressing here, data moves in _simd.c ---- */

/* log2 of the access size: opc<1> (q) selects 128 bits, size must be 0. */
static int vec_size_log2(int size, int q)
{
    if (q)
        return size == 0 ? 4 : -1;
    return size;
}

static void gen_vec_access(DisasContext *s, bool ld, int rt, int size,
                           TCGv_i64 addr)
{
    if (ld)
        ldst_vec_load(s, rt, size, addr);
    else
        ldst_vec_store(s, rt, size, addr);
}

/* STR/LDR (SIMD&FP): unsigned offset, unscaled, pre/post-index. */
static bool trans_ldst_imm_v(DisasContext *s, arg_ldst_imm_v *a)
{
    int size = vec_size_log2(a->size, a->q);
    TCGv_i64 addr, wb_addr;

    if (size < 0)
        return false;
    addr = ldst_imm_address(s, a->rn, a->scaled ? a->imm << size : a->imm,
                            a->idx, &wb_addr);
    addr = gen_mte_access(s, addr, 1u << size, !a->ld,
                          ldst_checked(a->rn, a->idx != LDST_OFFSET));
    gen_vec_access(s, a->ld, a->rt, size, addr);
    if (a->idx != LDST_OFFSET)
        write_xreg_sp(s, a->rn, wb_addr, 1);
    return true;
}

/* STR/LDR (SIMD&FP, register offset). */
static bool trans_ldst_reg_v(DisasContext *s, arg_ldst_reg_v *a)
{
    int size = vec_size_log2(a->size, a->q);

    if (size < 0 || !ldst_reg_option_ok(a->opt))
        return false;
    gen_vec_access(s, a->ld, a->rt, size,
                   gen_mte_access(s,
                                  ldst_reg_address(s, a->rn, a->rm, a->opt,
                                                   a->s ? size : 0),
                                  1u << size, !a->ld, true));
    return true;
}

/* LDR St/Dt/Qt (literal). */
static bool trans_LDR_vlit(DisasContext *s, arg_LDR_vlit *a)
{
    if (a->opc == 3)
        return false;
    ldst_vec_load(s, a->rt, (int)a->opc + 2,
                  tcg_constant_i64((int64_t)(s->pc_curr + a->imm * 4)));
    return true;
}

/* LDP/STP/LDNP/STNP of St, Dt and Qt. */
static bool trans_ldstp_v(DisasContext *s, arg_ldstp_v *a)
{
    int size = (int)a->opc + 2;
    TCGv_i64 addr, addr2, wb_addr;

    if (a->opc == 3)
        return false;
    addr = ldst_imm_address(s, a->rn, a->imm << size, a->idx, &wb_addr);
    addr = gen_mte_access(s, addr, 2u << size, !a->ld,
                          ldst_checked(a->rn, a->idx != LDST_OFFSET));
    addr2 = tcg_temp_new_i64();
    tcg_gen_addi_i64(addr2, addr, 1 << size);
    gen_vec_access(s, a->ld, a->rt, size, addr);
    gen_vec_access(s, a->ld, a->rt2, size, addr2);
    if (a->idx != LDST_OFFSET)
        write_xreg_sp(s, a->rn, wb_addr, 1);
    return true;
}

/* ---- Advanced SIMD structures: thin wrappers over trans_ldst_simd.c ---- */

static bool trans_ldst_mult(DisasContext *s, arg_ldst_mult *a)
{
    LdstStructArgs st = {
        .q = a->q,
        .ld = a->ld,
        .post = a->post,
        .rm = a->rm,
        .opcode = a->opcode,
        .size = a->size,
        .rn = a->rn,
        .rt = a->rt,
    };

    return ldst_simd_multiple(s, &st);
}

static bool trans_ldst_single(DisasContext *s, arg_ldst_single *a)
{
    LdstStructArgs st = {
        .q = a->q,
        .ld = a->ld,
        .post = a->post,
        .rm = a->rm,
        .opcode = a->opcode,
        .r = a->r,
        .s = a->s,
        .size = a->size,
        .rn = a->rn,
        .rt = a->rt,
    };

    return ldst_simd_single(s, &st);
}

static bool trans_ld_rep(DisasContext *s, arg_ld_rep *a)
{
    LdstStructArgs st = {
        .q = a->q,
        .ld = 1,
        .post = a->post,
        .rm = a->rm,
        .opcode = 6 | a->o,
        .r = a->r,
        .size = a->size,
        .rn = a->rn,
        .rt = a->rt,
    };

    return ldst_simd_replicate(s, &st);
}

/* ---- group entry points (translate.h) ---- */

/* ---- FEAT_LSE atomics ---- */

/*
 * LD<op>{A,L,AL}{B,H} / ST<op> (Rt = XZR): Rt = old value, memory =
 * op(old, Rs). A helper does the read-modify-write on host memory; x86's
 * locked operations order it as strongly as the AL forms ask.
 */
static void gen_atomic_rmw(DisasContext *s, int size, int op, int rs, int rn,
                           int rt)
{
    TCGv_i64 addr = ldst_base(s, rn);
    TCGv_i64 old = tcg_temp_new_i64();

    gen_check_atomic_align(s, addr, 1u << size, true);
    addr = gen_mte_access(s, addr, 1u << size, true, rn != 31);
    tcg_gen_call4(&helper_info_atomic_rmw, &old, tcg_ptr_as_i64(tcg_env), addr,
                  read_xreg(s, rs), tcg_constant_i64(size | op << 2));
    write_xreg(s, rt, old, 1);
}

static bool trans_LSE_RMW(DisasContext *s, arg_LSE_RMW *a)
{
    gen_atomic_rmw(s, (int)a->size, (int)a->opc, (int)a->rs, (int)a->rn,
                   (int)a->rt);
    return true;
}

static bool trans_LSE_SWP(DisasContext *s, arg_LSE_SWP *a)
{
    gen_atomic_rmw(s, (int)a->size, ATOMIC_SWP, (int)a->rs, (int)a->rn,
                   (int)a->rt);
    return true;
}

/* CAS: if [Xn] == Rs then [Xn] = Rt; Rs = old value (access size). */
static bool trans_CAS(DisasContext *s, arg_CAS *a)
{
    int size = (int)a->size;
    TCGv_i64 addr = ldst_base(s, a->rn);
    TCGv_i64 cmp = read_cpu_reg(s, a->rs, 1), newv = read_cpu_reg(s, a->rt, 1);
    TCGv_i64 old = tcg_temp_new_i64();

    /* System mode: the fault reports a read (WnR = 0). */
    if (arm_system_mode)
        gen_check_align(addr, 1u << a->size, false);
    if (size < 3) {
        tcg_gen_extract_i64(cmp, cmp, 0, 8u << size);
        tcg_gen_extract_i64(newv, newv, 0, 8u << size);
    }
    gen_check_atomic_align(s, addr, 1u << size, true);
    addr = gen_mte_access(s, addr, 1u << size, true, a->rn != 31);
    tcg_gen_guest_cmpxchg_i64(old, addr, cmp, newv, (MemOp)size);
    write_xreg(s, a->rs, old, 1);
    return true;
}

/* CASP: the pair Rs, Rs+1 against [Xn]; Rs and Rt must be even. */
static bool trans_CASP(DisasContext *s, arg_CASP *a)
{
    TCGv_i64 addr;

    if ((a->rs & 1) || (a->rt & 1))
        return false;
    addr = ldst_base(s, a->rn);
    gen_check_align(addr, a->sz ? 16 : 8, true);
    addr = gen_mte_access(s, addr, a->sz ? 16 : 8, true, a->rn != 31);
    tcg_gen_call4(&helper_info_casp, NULL, tcg_ptr_as_i64(tcg_env), addr,
                  tcg_constant_i64(a->sz ? 3 : 2),
                  tcg_constant_i64(a->rs | a->rt << 8));
    return true;
}

bool a64_decode_ldst(DisasContext *s, uint32_t insn)
{
    return ldst_decode(s, insn);
}

const char *a64_describe_ldst(uint32_t insn, char *buf, size_t len)
{
    return ldst_describe(insn, buf, len);
}
