/*
 * A64 "Data Processing -- Immediate" translator: ADR/ADRP, add/sub, logical,
 * move wide, bitfield and extract with an immediate operand (dp_imm.decode).
 * Emits IR only; reserved encodings return false so the core raises UNDEF.
 */
#include "target-arm/a64/translate.h"

#include "dp_imm.dec.c"

/* ---- PC-relative addressing ---- */

static bool trans_pcrel(DisasContext *s, arg_pcrel *a)
{
    int64_t imm = a->imm;
    uint64_t base = s->pc_curr;

    if (a->page) {
        base &= ~(uint64_t)0xfff;
        imm *= 4096;
    }
    write_xreg(s, a->rd, tcg_constant_i64((int64_t)(base + (uint64_t)imm)), 1);
    return true;
}

/* ---- Add/subtract (immediate) ---- */

/* Without flags Rd and Rn may be SP; ADDS/SUBS read SP but write XZR. */
static bool trans_addsub_i(DisasContext *s, arg_addsub_i *a)
{
    int64_t imm = a->imm << (a->sh ? 12 : 0);
    TCGv_i64 src = read_cpu_reg_sp(s, a->rn, a->sf);
    TCGv_i64 result = tcg_temp_new_i64();

    if (a->setflags) {
        TCGv_i64 b = tcg_constant_i64(imm);

        if (a->sub)
            gen_sub_cc(a->sf, result, src, b);
        else
            gen_add_cc(a->sf, result, src, b);
        write_xreg(s, a->rd, result, a->sf);
    } else {
        tcg_gen_addi_i64(result, src, a->sub ? -imm : imm);
        write_xreg_sp(s, a->rd, result, a->sf);
    }
    return true;
}

/* ---- Logical (immediate) ---- */

/* ROR(x, r) within an element of esize bits (x already fits in esize). */
static uint64_t bitmask_ror(uint64_t x, unsigned r, unsigned esize)
{
    uint64_t emask = esize == 64 ? ~(uint64_t)0 : ((uint64_t)1 << esize) - 1;

    if (r == 0)
        return x;
    return ((x >> r) | (x << (esize - r))) & emask;
}

/*
 * DecodeBitMasks(immN, imms, immr, immediate=TRUE, M=datasize): the wmask
 * of a logical immediate. False for the reserved encodings (len < 1, an
 * all-ones element, an element wider than the register).
 */
bool a64_decode_bit_masks(unsigned n, unsigned imms, unsigned immr,
                          unsigned datasize, uint64_t *wmask)
{
    unsigned combined = (n << 6) | (~imms & 0x3f);
    unsigned len, levels, s_val, r_val, esize;
    uint64_t welem;

    if (combined < 2) /* HighestSetBit() < 1 */
        return false;
    len = 31 - (unsigned)__builtin_clz(combined);
    levels = (1u << len) - 1;
    if ((imms & levels) == levels)
        return false;
    esize = 1u << len;
    if (esize > datasize)
        return false;
    s_val = imms & levels;
    r_val = immr & levels;
    /* s_val + 1 < esize <= 64, so the shift below is defined. */
    welem = bitmask_ror(((uint64_t)1 << (s_val + 1)) - 1, r_val, esize);
    for (unsigned e = esize; e < 64; e *= 2)
        welem |= welem << e; /* Replicate() */
    *wmask = datasize == 32 ? (uint32_t)welem : welem;
    return true;
}

/* AND/ORR/EOR may write SP; ANDS writes XZR and sets NZ, clears CV. */
static bool trans_logic_i(DisasContext *s, arg_logic_i *a)
{
    unsigned datasize = a->sf ? 64 : 32;
    uint64_t imm;
    TCGv_i64 src, result;

    if (!a->sf && a->n)
        return false;
    if (!a64_decode_bit_masks(a->n, a->imms, a->immr, datasize, &imm))
        return false;

    src = read_cpu_reg(s, a->rn, a->sf);
    result = tcg_temp_new_i64();
    switch (a->opc) {
    case 0:
    case 3: tcg_gen_andi_i64(result, src, (int64_t)imm); break;
    case 1: tcg_gen_ori_i64(result, src, (int64_t)imm); break;
    default: tcg_gen_xori_i64(result, src, (int64_t)imm); break;
    }
    if (a->opc == 3) {
        gen_logic_cc(a->sf, result);
        write_xreg(s, a->rd, result, a->sf);
    } else {
        write_xreg_sp(s, a->rd, result, a->sf);
    }
    return true;
}

/* ---- Move wide (immediate): hw selects a 16-bit lane ---- */

/* The W forms have only two lanes: hw >= 2 is reserved. */
static bool movewide_pos(int64_t sf, int64_t hw, unsigned *pos)
{
    if (!sf && hw >= 2)
        return false;
    *pos = (unsigned)hw * 16;
    return true;
}

static bool trans_MOVN(DisasContext *s, arg_movewide *a)
{
    unsigned pos;

    if (!movewide_pos(a->sf, a->hw, &pos))
        return false;
    /* write_xreg truncates to 32 bits for the W form. */
    write_xreg(s, a->rd, tcg_constant_i64(~((uint64_t)a->imm << pos)), a->sf);
    return true;
}

static bool trans_MOVZ(DisasContext *s, arg_movewide *a)
{
    unsigned pos;

    if (!movewide_pos(a->sf, a->hw, &pos))
        return false;
    write_xreg(s, a->rd, tcg_constant_i64((int64_t)((uint64_t)a->imm << pos)),
               a->sf);
    return true;
}

static bool trans_MOVK(DisasContext *s, arg_movewide *a)
{
    unsigned pos;
    TCGv_i64 result;

    if (!movewide_pos(a->sf, a->hw, &pos))
        return false;
    result = read_cpu_reg(s, a->rd, a->sf);
    tcg_gen_deposit_i64(result, result, tcg_constant_i64(a->imm), pos, 16);
    write_xreg(s, a->rd, result, a->sf);
    return true;
}

/* ---- Bitfield ---- */

/*
 * The reserved cases of SBFM/BFM/UBFM: N != sf, and for the W forms
 * immr<5> or imms<5> set. The remaining ones are valid for
 * DecodeBitMasks(immediate=FALSE), so every alias can use extract/deposit.
 */
static bool bitfield_valid(int64_t sf, int64_t n, int64_t immr, int64_t imms)
{
    if (n != sf)
        return false;
    return sf || (immr < 32 && imms < 32);
}

static bool trans_SBFM(DisasContext *s, arg_bitfield *a)
{
    unsigned bits = a->sf ? 64 : 32;
    unsigned immr = (unsigned)a->immr, imms = (unsigned)a->imms;
    TCGv_i64 src, result;

    if (!bitfield_valid(a->sf, a->n, a->immr, a->imms))
        return false;
    src = read_cpu_reg(s, a->rn, a->sf);
    result = tcg_temp_new_i64();
    if (imms >= immr) {
        /* ASR, SBFX, SXTB/H/W: Rd = SignExtend(Rn<imms:immr>) */
        tcg_gen_sextract_i64(result, src, immr, imms - immr + 1);
    } else {
        /* SBFIZ: the low imms+1 bits, sign-extended, moved up (write_xreg
         * truncates the W form) */
        tcg_gen_shli_i64(result, src, 64 - (imms + 1));
        tcg_gen_sari_i64(result, result, 64 - (imms + 1) - (bits - immr));
    }
    write_xreg(s, a->rd, result, a->sf);
    return true;
}

static bool trans_UBFM(DisasContext *s, arg_bitfield *a)
{
    unsigned bits = a->sf ? 64 : 32;
    unsigned immr = (unsigned)a->immr, imms = (unsigned)a->imms;
    TCGv_i64 src, result;

    if (!bitfield_valid(a->sf, a->n, a->immr, a->imms))
        return false;
    src = read_cpu_reg(s, a->rn, a->sf);
    result = tcg_temp_new_i64();
    if (imms == bits - 1) {
        /* LSR: src is zero-extended when !sf, so one shift does */
        tcg_gen_shri_i64(result, src, immr);
    } else if (imms >= immr) {
        /* UBFX, UXTB/H: Rd = ZeroExtend(Rn<imms:immr>) */
        tcg_gen_extract_i64(result, src, immr, imms - immr + 1);
    } else if (imms + 1 == immr) {
        /* LSL: the bits shifted past the top vanish (write_xreg truncates
         * the W form) */
        tcg_gen_shli_i64(result, src, bits - immr);
    } else {
        /* UBFIZ: the low imms+1 bits moved up, zeros elsewhere */
        tcg_gen_shli_i64(result, src, 64 - (imms + 1));
        tcg_gen_shri_i64(result, result, 64 - (imms + 1) - (bits - immr));
    }
    write_xreg(s, a->rd, result, a->sf);
    return true;
}

static bool trans_BFM(DisasContext *s, arg_bitfield *a)
{
    unsigned bits = a->sf ? 64 : 32;
    unsigned immr = (unsigned)a->immr, imms = (unsigned)a->imms;
    TCGv_i64 src, result;

    if (!bitfield_valid(a->sf, a->n, a->immr, a->imms))
        return false;
    src = read_cpu_reg(s, a->rn, a->sf);
    result = read_cpu_reg(s, a->rd, a->sf);
    if (imms >= immr) {
        /* BFXIL: Rd<imms-immr:0> = Rn<imms:immr> */
        TCGv_i64 field = tcg_temp_new_i64();

        tcg_gen_extract_i64(field, src, immr, imms - immr + 1);
        tcg_gen_deposit_i64(result, result, field, 0, imms - immr + 1);
    } else {
        /* BFI: Rd<bits-immr+imms:bits-immr> = Rn<imms:0> */
        tcg_gen_deposit_i64(result, result, src, bits - immr, imms + 1);
    }
    write_xreg(s, a->rd, result, a->sf);
    return true;
}

/* ---- Extract: Rd = (Rn:Rm)<lsb+datasize-1:lsb>; ROR when Rn == Rm ---- */

static bool trans_EXTR(DisasContext *s, arg_EXTR *a)
{
    unsigned lsb = (unsigned)a->imms;
    TCGv_i64 lo, hi, result;

    if (a->n != a->sf || (!a->sf && lsb >= 32))
        return false;
    lo = read_cpu_reg(s, a->rm, a->sf);
    result = tcg_temp_new_i64();
    if (!a->sf && a->rn == a->rm) {
        /* ROR (immediate), W form: one 32-bit rotate. */
        TCGv_i32 v = tcg_temp_new_i32();
        tcg_gen_extrl_i64_i32(v, lo);
        tcg_gen_rotri_i32(v, v, lsb);
        tcg_gen_extu_i32_i64(result, v);
    } else if (!a->sf) {
        /* W form: build Rn:Rm in 64 bits, shift; write_xreg truncates. */
        tcg_gen_deposit_i64(result, lo, read_xreg(s, a->rn), 32, 32);
        tcg_gen_shri_i64(result, result, lsb);
    } else if (lsb == 0) {
        tcg_gen_mov_i64(result, lo);
    } else if (a->rn == a->rm) {
        tcg_gen_rotri_i64(result, lo, lsb);
    } else {
        hi = tcg_temp_new_i64();
        tcg_gen_shli_i64(hi, read_xreg(s, a->rn), 64 - lsb);
        tcg_gen_shri_i64(result, lo, lsb);
        tcg_gen_or_i64(result, result, hi);
    }
    write_xreg(s, a->rd, result, a->sf);
    return true;
}

/* ---- group entry points (translate.h) ---- */

bool a64_decode_dp_imm(DisasContext *s, uint32_t insn)
{
    return dp_imm_decode(s, insn);
}

const char *a64_describe_dp_imm(uint32_t insn, char *buf, size_t len)
{
    return dp_imm_describe(insn, buf, len);
}
