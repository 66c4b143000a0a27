/*
 * Translator of memory tagging (FEAT_MTE, mte.decode): IRG, GMI, SUBP(S),
 * ADDG/SUBG, STG/STZG/ST2G/STZ2G, STGP, LDG, DC GVA/GZVA, and
 * gen_mte_access, the tag check every data access makes once tagged
 * pointers may exist. Without the mte feature (and in arx-system) the
 * encodings UNDEF.
 */
#include "target-arm/a64/translate.h"

#include "target-arm/helper_info.h"
#include "target-arm/helper_mte.h"
#include "target-arm/helper_sys.h"
#include "target-arm/mte.h"

#include "mte.dec.c"

/* Addressing of the tag stores (op2 of mte.decode). */
enum { MTE_POST = 1, MTE_OFFSET = 2, MTE_PRE = 3 };

static bool mte_insns(const DisasContext *s)
{
    return dc_has_feature(s, ARM_FEAT_MTE) && !arm_system_mode;
}

/* ---- the check of ordinary accesses ---- */

static TCGv_i64 gen_untag(TCGv_i64 addr)
{
    TCGv_i64 clean = tcg_temp_new_i64();

    tcg_gen_sextract_i64(clean, addr, 0, 56);
    return clean;
}

/* The check of desc's bytes at addr (helper_mte.h); addr untagged. */
static TCGv_i64 gen_mte_check(DisasContext *s, TCGv_i64 addr, uint64_t desc,
                              bool is_write)
{
    TCGv_i64 clean = tcg_temp_new_i64(), fail = tcg_temp_new_i64();

    tcg_gen_call3(&helper_info_mte_check, &clean, tcg_ptr_as_i64(tcg_env), addr,
                  tcg_constant_i64((int64_t)desc));
    tcg_gen_ld32u_i64(fail, tcg_env, offsetof(CPUARMState, mte_fail));
    gen_exception_insn_if(s, fail, EXCP_MTE, is_write);
    return clean;
}

TCGv_i64 gen_mte_access(DisasContext *s, TCGv_i64 addr, unsigned bytes,
                        bool is_write, bool checked)
{
    if (!s->mte)
        return addr;
    if (!checked || !dc_has_feature(s, ARM_FEAT_MTE))
        return gen_untag(addr);
    return gen_mte_check(s, addr, bytes & MTE_DESC_BYTES, is_write);
}

TCGv_i64 gen_mte_block_access(DisasContext *s, TCGv_i64 addr, unsigned bytes)
{
    if (!s->mte)
        return addr;
    if (!dc_has_feature(s, ARM_FEAT_MTE))
        return gen_untag(addr);
    return gen_mte_check(s, addr, (bytes & MTE_DESC_BYTES) | MTE_DESC_BLOCK,
                         true);
}

/* ---- data processing ---- */

/* IRG Xd|SP, Xn|SP{, Xm}: a random tag outside the excluded ones. */
static bool trans_IRG(DisasContext *s, arg_IRG *a)
{
    TCGv_i64 r;

    if (!mte_insns(s))
        return false;
    r = tcg_temp_new_i64();
    tcg_gen_call3(&helper_info_mte_irg, &r, tcg_ptr_as_i64(tcg_env),
                  read_xreg_sp(s, a->rn), read_xreg(s, a->rm));
    write_xreg_sp(s, a->rd, r, 1);
    return true;
}

/* GMI Xd, Xn|SP, Xm: Xm with bit tag(Xn) set. */
static bool trans_GMI(DisasContext *s, arg_GMI *a)
{
    TCGv_i64 bit, tag;

    if (!mte_insns(s))
        return false;
    bit = tcg_temp_new_i64();
    tag = tcg_temp_new_i64();
    tcg_gen_extract_i64(tag, read_xreg_sp(s, a->rn), 56, 4);
    tcg_gen_shl_i64(bit, tcg_constant_i64(1), tag);
    tcg_gen_or_i64(bit, bit, read_xreg(s, a->rm));
    write_xreg(s, a->rd, bit, 1);
    return true;
}

/* SUBP(S) Xd, Xn|SP, Xm|SP: the 56-bit addresses' difference. */
static bool trans_SUBP(DisasContext *s, arg_SUBP *a)
{
    TCGv_i64 n, m, d;

    if (!mte_insns(s))
        return false;
    n = gen_untag(read_xreg_sp(s, a->rn));
    m = gen_untag(read_xreg_sp(s, a->rm));
    d = tcg_temp_new_i64();
    if (a->s)
        gen_sub_cc(1, d, n, m);
    else
        tcg_gen_sub_i64(d, n, m);
    write_xreg(s, a->rd, d, 1);
    return true;
}

/* ADDG/SUBG Xd|SP, Xn|SP, #imm6 * 16, #imm4. */
static bool trans_ADDG(DisasContext *s, arg_ADDG *a)
{
    int64_t offset = (int64_t)a->imm6 * MTE_GRANULE;
    TCGv_i64 xn, ptr, tag;

    if (!mte_insns(s))
        return false;
    xn = read_xreg_sp(s, a->rn);
    ptr = tcg_temp_new_i64();
    tag = tcg_temp_new_i64();
    tcg_gen_addi_i64(ptr, xn, a->sub ? -offset : offset);
    /* desc: the tag offset, Xn's tag in bits 7:4. */
    tcg_gen_extract_i64(tag, xn, 56, 4);
    tcg_gen_shli_i64(tag, tag, 4);
    tcg_gen_ori_i64(tag, tag, a->imm4);
    tcg_gen_call3(&helper_info_mte_addg, &ptr, tcg_ptr_as_i64(tcg_env), ptr,
                  tag);
    write_xreg_sp(s, a->rd, ptr, 1);
    return true;
}

/* ---- tag stores and loads: Tag Unchecked, granule-aligned ---- */

/* The address of a tag access and the value written back (the Xn|SP
 * base for post-index). */
static TCGv_i64 tag_address(DisasContext *s, int rn, int64_t offset, int idx,
                            TCGv_i64 *wb)
{
    TCGv_i64 base = read_cpu_reg_sp(s, rn, 1);
    TCGv_i64 addr = tcg_temp_new_i64();

    tcg_gen_addi_i64(addr, base, offset);
    *wb = addr;
    return idx == MTE_POST ? base : addr;
}

/* Zeroes bytes (a multiple of 16) at the untagged address clean. */
static void gen_zero_granules(TCGv_i64 clean, unsigned bytes)
{
    for (unsigned i = 0; i < bytes; i += 8) {
        TCGv_i64 at = tcg_temp_new_i64();

        tcg_gen_addi_i64(at, clean, i);
        tcg_gen_guest_st_i64(tcg_constant_i64(0), at, MO_64);
    }
}

/* STG, STZG, ST2G, STZ2G <Xt|SP>, [<Xn|SP>...]: the tag of Xt. */
static bool trans_STG(DisasContext *s, arg_STG *a)
{
    unsigned granules = a->two ? 2 : 1;
    TCGv_i64 addr, wb, clean;

    if (!mte_insns(s) || a->idx == 0)
        return false;
    addr = tag_address(s, a->rn, a->imm * (int64_t)MTE_GRANULE, a->idx, &wb);
    clean = gen_untag(addr);
    tcg_gen_guest_check_align(clean, MTE_GRANULE - 1, true);
    if (a->zero)
        gen_zero_granules(clean, granules * MTE_GRANULE);
    tcg_gen_call4(&helper_info_mte_stg, NULL, tcg_ptr_as_i64(tcg_env), addr,
                  read_xreg_sp(s, a->rt), tcg_constant_i64(granules));
    if (a->idx != MTE_OFFSET)
        write_xreg_sp(s, a->rn, wb, 1);
    return true;
}

/* STGP Xt, Xt2, [<Xn|SP>...]: 16 bytes of data and the address's tag. */
static bool trans_STGP(DisasContext *s, arg_STGP *a)
{
    TCGv_i64 addr, wb, clean, hi;

    if (!mte_insns(s) || a->idx == 0)
        return false;
    addr = tag_address(s, a->rn, a->imm * (int64_t)MTE_GRANULE, a->idx, &wb);
    clean = gen_untag(addr);
    tcg_gen_guest_check_align(clean, MTE_GRANULE - 1, true);
    hi = tcg_temp_new_i64();
    tcg_gen_addi_i64(hi, clean, 8);
    tcg_gen_guest_st_i64(read_xreg(s, a->rt), clean, MO_64);
    tcg_gen_guest_st_i64(read_xreg(s, a->rt2), hi, MO_64);
    tcg_gen_call4(&helper_info_mte_stg, NULL, tcg_ptr_as_i64(tcg_env), addr,
                  addr, tcg_constant_i64(1));
    if (a->idx != MTE_OFFSET)
        write_xreg_sp(s, a->rn, wb, 1);
    return true;
}

/* LDG Xt, [Xn|SP, #imm]: Xt's tag becomes the granule's. */
static bool trans_LDG(DisasContext *s, arg_LDG *a)
{
    TCGv_i64 addr, tag, xt;

    if (!mte_insns(s))
        return false;
    addr = read_cpu_reg_sp(s, a->rn, 1);
    tag = tcg_temp_new_i64();
    xt = read_cpu_reg(s, a->rt, 1);
    tcg_gen_addi_i64(addr, addr, a->imm * (int64_t)MTE_GRANULE);
    tcg_gen_call2(&helper_info_mte_ldg, &tag, tcg_ptr_as_i64(tcg_env), addr);
    tcg_gen_deposit_i64(xt, xt, tag, 56, 4);
    write_xreg(s, a->rt, xt, 1);
    return true;
}

/* DC GVA, DC GZVA Xt: the tags of DC ZVA's block at Xt become Xt's
 * (Tag Unchecked); GZVA zeroes the block first. */
static bool trans_dc_gva(DisasContext *s, arg_dc_gva *a)
{
    TCGv_i64 block;

    if (!mte_insns(s))
        return false;
    block = tcg_temp_new_i64();
    tcg_gen_andi_i64(block, read_xreg(s, a->rt), -(int64_t)ARX_DC_ZVA_BYTES);
    if (a->zero) {
        /* Where a fault inside the helper is reported (as DC ZVA). */
        tcg_gen_movi_i64(cpu_pc, (int64_t)s->pc_curr);
        tcg_gen_call2(&helper_info_dc_zva, NULL, tcg_ptr_as_i64(tcg_env),
                      gen_untag(read_xreg(s, a->rt)));
    }
    tcg_gen_call4(&helper_info_mte_stg, NULL, tcg_ptr_as_i64(tcg_env), block,
                  block, tcg_constant_i64(ARX_DC_ZVA_BYTES / MTE_GRANULE));
    return true;
}

/* ---- group entry points (translate.h) ---- */

bool a64_decode_mte(DisasContext *s, uint32_t insn)
{
    return mte_decode(s, insn);
}

const char *a64_describe_mte(uint32_t insn, char *buf, size_t len)
{
    return mte_describe(insn, buf, len);
}
