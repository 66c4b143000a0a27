/*
 * A64 "Data Processing -- Register" translator (patterns in dp_reg.decode):
 * logical, add/sub, carry, conditional compare/select, multiply, divide,
 * variable shifts, CRC32 and the 1-source bit operations. Flags are produced
 * only through translate.h's gen_*_cc; no flag arithmetic is duplicated here.
 */
#include "target-arm/a64/translate.h"
#include "target-arm/helper_info.h"
#include "target-arm/helper_int.h"

#include "dp_reg.dec.c"

/* ShiftType() of the shifted-register forms and of LSLV..RORV. */
enum { SHIFT_TYPE_LSL, SHIFT_TYPE_LSR, SHIFT_TYPE_ASR, SHIFT_TYPE_ROR };

/* ---- operand shaping ---- */

/* 32-bit rotate of the low half of src; the result is zero-extended. */
static void gen_rotr32(TCGv_i64 ret, TCGv_i64 src, TCGv_i64 count)
{
    TCGv_i32 v = tcg_temp_new_i32();
    TCGv_i32 c = tcg_temp_new_i32();

    tcg_gen_extrl_i64_i32(v, src);
    tcg_gen_extrl_i64_i32(c, count);
    tcg_gen_rotr_i32(v, v, c);
    tcg_gen_extu_i32_i64(ret, v);
}

/*
 * ShiftReg() by a constant. src must be zero-extended when !sf; the result
 * is too, because gen_*_cc compute flags from the operands they are given.
 */
static TCGv_i64 gen_shift_imm(TCGv_i64 src, int sf, int type, int amount)
{
    TCGv_i64 ret;

    if (amount == 0)
        return src;
    ret = tcg_temp_new_i64();
    switch (type) {
    case SHIFT_TYPE_LSL:
        tcg_gen_shli_i64(ret, src, amount);
        if (!sf)
            tcg_gen_ext32u_i64(ret, ret);
        break;
    case SHIFT_TYPE_LSR: tcg_gen_shri_i64(ret, src, amount); break;
    case SHIFT_TYPE_ASR:
        if (sf) {
            tcg_gen_sari_i64(ret, src, amount);
        } else {
            /* one 32-bit sar, zero-extended */
            TCGv_i32 v = tcg_temp_new_i32();
            tcg_gen_extrl_i64_i32(v, src);
            tcg_gen_sari_i32(v, v, amount);
            tcg_gen_extu_i32_i64(ret, v);
        }
        break;
    default:
        if (sf)
            tcg_gen_rotri_i64(ret, src, amount);
        else
            gen_rotr32(ret, src, tcg_constant_i64(amount));
        break;
    }
    return ret;
}

/* LSLV/LSRV/ASRV/RORV: count already reduced modulo the width; src
 * zero-extended when !sf. Upper bits of a 32-bit result are don't-care. */
static void gen_shift_var(TCGv_i64 ret, TCGv_i64 src, int sf, int type,
                          TCGv_i64 count)
{
    switch (type) {
    case SHIFT_TYPE_LSL: tcg_gen_shl_i64(ret, src, count); break;
    case SHIFT_TYPE_LSR: tcg_gen_shr_i64(ret, src, count); break;
    case SHIFT_TYPE_ASR:
        if (sf) {
            tcg_gen_sar_i64(ret, src, count);
        } else {
            tcg_gen_ext32s_i64(ret, src);
            tcg_gen_sar_i64(ret, ret, count);
        }
        break;
    default:
        if (sf)
            tcg_gen_rotr_i64(ret, src, count);
        else
            gen_rotr32(ret, src, count);
        break;
    }
}

/* ExtendReg(): UXTB..SXTX of src, then shifted left by 0-4. */
static TCGv_i64 gen_extend_reg(TCGv_i64 src, int option, int shift)
{
    TCGv_i64 ret = tcg_temp_new_i64();

    switch (option) {
    case 0: tcg_gen_ext8u_i64(ret, src); break;
    case 1: tcg_gen_ext16u_i64(ret, src); break;
    case 2: tcg_gen_ext32u_i64(ret, src); break;
    case 4: tcg_gen_ext8s_i64(ret, src); break;
    case 5: tcg_gen_ext16s_i64(ret, src); break;
    case 6: tcg_gen_ext32s_i64(ret, src); break;
    default: tcg_gen_mov_i64(ret, src); break; /* UXTX, SXTX */
    }
    if (shift)
        tcg_gen_shli_i64(ret, ret, shift);
    return ret;
}

/* ---- logical and add/sub ---- */

static void gen_logic_op(int opc, bool invert, TCGv_i64 d, TCGv_i64 n,
                         TCGv_i64 m)
{
    switch (opc) {
    case 1: (invert ? tcg_gen_orc_i64 : tcg_gen_or_i64)(d, n, m); break;
    case 2: (invert ? tcg_gen_eqv_i64 : tcg_gen_xor_i64)(d, n, m); break;
    default: /* AND, ANDS */
        (invert ? tcg_gen_andc_i64 : tcg_gen_and_i64)(d, n, m);
        break;
    }
}

static bool trans_logic_r(DisasContext *s, arg_logic_r *a)
{
    TCGv_i64 n, m, d;

    if (!a->sf && a->imm6 >= 32)
        return false;
    /* MOV (register): ORR Rd, ZR, Rm is the commonest form; copy directly. */
    if (a->opc == 1 && !a->invert && a->rn == 31 && a->imm6 == 0) {
        write_xreg(s, a->rd, read_xreg(s, a->rm), a->sf);
        return true;
    }
    m = gen_shift_imm(read_cpu_reg(s, a->rm, a->sf), a->sf, a->shift, a->imm6);
    n = read_cpu_reg(s, a->rn, a->sf);
    d = tcg_temp_new_i64();
    gen_logic_op(a->opc, a->invert, d, n, m);
    if (a->opc == 3) {
        if (!a->sf)
            tcg_gen_ext32u_i64(d, d);
        gen_logic_cc(a->sf, d);
    }
    write_xreg(s, a->rd, d, a->sf);
    return true;
}

/* d = n +/- m; operands zero-extended when !sf (what gen_*_cc expect). */
static void gen_addsub(int sf, bool sub, bool setflags, TCGv_i64 d, TCGv_i64 n,
                       TCGv_i64 m)
{
    if (setflags)
        (sub ? gen_sub_cc : gen_add_cc)(sf, d, n, m);
    else
        (sub ? tcg_gen_sub_i64 : tcg_gen_add_i64)(d, n, m);
}

static bool trans_addsub_r(DisasContext *s, arg_addsub_r *a)
{
    TCGv_i64 n, m, d;

    if (a->shift == SHIFT_TYPE_ROR || (!a->sf && a->imm6 >= 32))
        return false;
    n = read_cpu_reg(s, a->rn, a->sf);
    m = gen_shift_imm(read_cpu_reg(s, a->rm, a->sf), a->sf, a->shift, a->imm6);
    d = tcg_temp_new_i64();
    gen_addsub(a->sf, a->sub, a->setflags, d, n, m);
    write_xreg(s, a->rd, d, a->sf);
    return true;
}

/* Extended register: Rn (and Rd unless flags are set) may be SP. */
static bool trans_addsub_x(DisasContext *s, arg_addsub_x *a)
{
    TCGv_i64 n, m, d;

    if (a->imm3 > 4)
        return false;
    n = read_cpu_reg_sp(s, a->rn, a->sf);
    m = gen_extend_reg(read_xreg(s, a->rm), a->option, a->imm3);
    if (!a->sf)
        tcg_gen_ext32u_i64(m, m);
    d = tcg_temp_new_i64();
    gen_addsub(a->sf, a->sub, a->setflags, d, n, m);
    if (a->setflags)
        write_xreg(s, a->rd, d, a->sf);
    else
        write_xreg_sp(s, a->rd, d, a->sf);
    return true;
}

/* ADC, ADCS, SBC, SBCS (NGC, NGCS): SBC is Rn + NOT(Rm) + C. */
static bool trans_addsub_c(DisasContext *s, arg_addsub_c *a)
{
    TCGv_i64 n = read_cpu_reg(s, a->rn, a->sf);
    TCGv_i64 m = read_cpu_reg(s, a->rm, a->sf);
    TCGv_i64 d = tcg_temp_new_i64();

    if (a->setflags) {
        (a->sub ? gen_sbc_cc : gen_adc_cc)(a->sf, d, n, m);
    } else {
        if (a->sub) {
            tcg_gen_not_i64(m, m);
            if (!a->sf)
                tcg_gen_ext32u_i64(m, m);
        }
        gen_adc(a->sf, d, n, m);
    }
    write_xreg(s, a->rd, d, a->sf);
    return true;
}

/* ---- conditional compare and select ---- */

/* flag = cond_value holds ? flag : imm (imm in cpu.h's flag encoding). */
static void gen_flag_or_imm(DisasCompare c, TCGv_i64 flag, int64_t imm)
{
    tcg_gen_movcond_i64(c.cond, flag, c.value, tcg_constant_i64(0), flag,
                        tcg_constant_i64(imm));
}

/*
 * CCMN/CCMP: NZCV = ConditionHolds(cond) ? flags of Rn +/- op2 : #nzcv.
 * The condition is read before the compare overwrites the flags it
 * depends on; AL/NV (1110, 1111) always hold.
 */
static void gen_ccmp(DisasContext *s, int sf, bool sub, int cond, int rn,
                     TCGv_i64 op2, int nzcv)
{
    TCGv_i64 n = read_cpu_reg(s, rn, sf);
    TCGv_i64 result = tcg_temp_new_i64();
    DisasCompare c;
    TCGv_i64 holds;

    if (cond >= 14) {
        gen_addsub(sf, sub, true, result, n, op2);
        return;
    }
    c = arm_test_cc(cond);
    holds = tcg_temp_new_i64();
    tcg_gen_mov_i64(holds, c.value);
    c.value = holds;
    gen_addsub(sf, sub, true, result, n, op2);
    gen_flag_or_imm(c, cpu_NF, (nzcv & 8) ? -1 : 0);
    gen_flag_or_imm(c, cpu_ZF, (nzcv & 4) ? 0 : 1);
    gen_flag_or_imm(c, cpu_CF, (nzcv & 2) ? 1 : 0);
    gen_flag_or_imm(c, cpu_VF, (nzcv & 1) ? -1 : 0);
}

static bool trans_ccmp_r(DisasContext *s, arg_ccmp_r *a)
{
    gen_ccmp(s, a->sf, a->sub, a->cond, a->rn, read_cpu_reg(s, a->rm, a->sf),
             a->nzcv);
    return true;
}

static bool trans_ccmp_i(DisasContext *s, arg_ccmp_i *a)
{
    gen_ccmp(s, a->sf, a->sub, a->cond, a->rn, tcg_constant_i64(a->imm),
             a->nzcv);
    return true;
}

/* CSET / CSETM: CSINC/CSINV Rd, ZR, ZR, cond is 0 or 1 / -1 from !cond. */
static void gen_cset(DisasCompare c, bool all_ones, TCGv_i64 d)
{
    tcg_gen_setcond_i64(tcg_invert_cond(c.cond), d, c.value, c.value2);
    if (all_ones)
        tcg_gen_neg_i64(d, d);
}

/* CSEL, CSINC, CSINV, CSNEG (CSET, CSETM, CINC, CINV, CNEG). */
static bool trans_csel(DisasContext *s, arg_csel *a)
{
    TCGv_i64 d = tcg_temp_new_i64();
    TCGv_i64 m;
    DisasCompare c;

    if (a->cond >= 14) {
        write_xreg(s, a->rd, read_xreg(s, a->rn), a->sf);
        return true;
    }
    c = arm_compare_cc(a->cond);
    if (a->rn == 31 && a->rm == 31 && (a->else_inc ^ a->else_inv)) {
        gen_cset(c, a->else_inv, d);
        write_xreg(s, a->rd, d, a->sf);
        return true;
    }
    m = read_cpu_reg(s, a->rm, a->sf);
    if (a->else_inv && a->else_inc)
        tcg_gen_neg_i64(m, m);
    else if (a->else_inv)
        tcg_gen_not_i64(m, m);
    else if (a->else_inc)
        tcg_gen_addi_i64(m, m, 1);
    tcg_gen_movcond_i64(c.cond, d, c.value, c.value2, read_xreg(s, a->rn), m);
    write_xreg(s, a->rd, d, a->sf);
    return true;
}

/* ---- multiply and divide ---- */

/* d = acc +/- product */
static void gen_accumulate(bool sub, TCGv_i64 d, TCGv_i64 acc, TCGv_i64 product)
{
    (sub ? tcg_gen_sub_i64 : tcg_gen_add_i64)(d, acc, product);
}

/* MADD, MSUB (MUL, MNEG): the low 32 bits of a 64-bit product are the
 * 32-bit product, so both widths multiply in 64 bits. */
static bool trans_madd(DisasContext *s, arg_madd *a)
{
    TCGv_i64 d = tcg_temp_new_i64();

    tcg_gen_mul_i64(d, read_xreg(s, a->rn), read_xreg(s, a->rm));
    if (a->ra != 31 || a->sub)
        gen_accumulate(a->sub, d, read_xreg(s, a->ra), d);
    write_xreg(s, a->rd, d, a->sf);
    return true;
}

/* SMADDL, SMSUBL, UMADDL, UMSUBL (SMULL, SMNEGL, UMULL, UMNEGL). */
static bool trans_maddl(DisasContext *s, arg_maddl *a)
{
    TCGv_i64 n = tcg_temp_new_i64();
    TCGv_i64 m = tcg_temp_new_i64();
    TCGv_i64 d = tcg_temp_new_i64();

    (a->is_signed ? tcg_gen_ext32s_i64
                  : tcg_gen_ext32u_i64)(n, read_xreg(s, a->rn));
    (a->is_signed ? tcg_gen_ext32s_i64
                  : tcg_gen_ext32u_i64)(m, read_xreg(s, a->rm));
    tcg_gen_mul_i64(d, n, m);
    if (a->ra != 31 || a->sub)
        gen_accumulate(a->sub, d, read_xreg(s, a->ra), d);
    write_xreg(s, a->rd, d, 1);
    return true;
}

/* SMULH, UMULH: the high half of the 128-bit product. */
static bool trans_mulh(DisasContext *s, arg_mulh *a)
{
    TCGv_i64 lo = tcg_temp_new_i64();
    TCGv_i64 hi = tcg_temp_new_i64();

    (a->is_signed ? tcg_gen_muls2_i64 : tcg_gen_mulu2_i64)(
        lo, hi, read_xreg(s, a->rn), read_xreg(s, a->rm));
    write_xreg(s, a->rd, hi, 1);
    return true;
}

/* UDIV, SDIV: helpers give Arm's x / 0 = 0 and INT_MIN / -1 = INT_MIN. */
/*
 * UDIV/SDIV: the IR's division has Arm's rules (x / 0 = 0, MIN / -1 =
 * MIN). 32-bit operands are extended to 64 bits: the 64-bit quotient
 * truncated to 32 bits is the 32-bit one, INT32_MIN / -1 included.
 */
static bool trans_div(DisasContext *s, arg_div *a)
{
    TCGv_i64 n = read_xreg(s, a->rn), m = read_xreg(s, a->rm);
    TCGv_i64 d = tcg_temp_new_i64();

    if (!a->sf) {
        TCGv_i64 n32 = tcg_temp_new_i64(), m32 = tcg_temp_new_i64();
        if (a->is_signed) {
            tcg_gen_ext32s_i64(n32, n);
            tcg_gen_ext32s_i64(m32, m);
        } else {
            tcg_gen_ext32u_i64(n32, n);
            tcg_gen_ext32u_i64(m32, m);
        }
        n = n32;
        m = m32;
    }
    if (a->is_signed)
        tcg_gen_divs_i64(d, n, m);
    else
        tcg_gen_divu_i64(d, n, m);
    write_xreg(s, a->rd, d, a->sf);
    return true;
}

/* ---- 2-source shifts and CRC32 ---- */

/* The W forms of LSLV..RORV as i32 ops, which take the count modulo 32
 * as Arm does (no mask, no sign-extension for ASRV). */
static void gen_shift_var32(TCGv_i64 ret, TCGv_i64 src, int type,
                            TCGv_i64 count)
{
    TCGv_i32 v = tcg_temp_new_i32();
    TCGv_i32 c = tcg_temp_new_i32();

    tcg_gen_extrl_i64_i32(v, src);
    tcg_gen_extrl_i64_i32(c, count);
    switch (type) {
    case SHIFT_TYPE_LSL: tcg_gen_shl_i32(v, v, c); break;
    case SHIFT_TYPE_LSR: tcg_gen_shr_i32(v, v, c); break;
    case SHIFT_TYPE_ASR: tcg_gen_sar_i32(v, v, c); break;
    default: tcg_gen_rotr_i32(v, v, c); break;
    }
    tcg_gen_extu_i32_i64(ret, v);
}

/* LSLV, LSRV, ASRV, RORV: the count is Rm modulo the data size. */
static bool trans_shiftv(DisasContext *s, arg_shiftv *a)
{
    TCGv_i64 count = tcg_temp_new_i64();
    TCGv_i64 d = tcg_temp_new_i64();

    if (!a->sf) {
        gen_shift_var32(d, read_xreg(s, a->rn), a->kind, read_xreg(s, a->rm));
        write_xreg(s, a->rd, d, 0);
        return true;
    }
    tcg_gen_andi_i64(count, read_xreg(s, a->rm), 63);
    gen_shift_var(d, read_cpu_reg(s, a->rn, a->sf), a->sf, a->kind, count);
    write_xreg(s, a->rd, d, a->sf);
    return true;
}

/*
 * CRC32{B,H,W,X}, CRC32C{B,H,W,X}: Wd = CRC of Wn updated with Rm. The
 * Castagnoli forms are the IR's crc32c where the host has it (Arm's
 * bit-reversed pseudocode is that reflected CRC); the others, a helper.
 */
static bool trans_crc32(DisasContext *s, arg_crc32 *a)
{
    const TCGHelper *h =
        a->castagnoli ? &helper_info_crc32c : &helper_info_crc32;
    TCGv_i64 d = tcg_temp_new_i64();

    if (a->castagnoli && tcg_can_emit_crc32c()) {
        tcg_gen_crc32c_i64(d, read_xreg(s, a->rn), read_xreg(s, a->rm),
                           1u << a->sz);
    } else {
        tcg_gen_call3(h, &d, read_xreg(s, a->rn), read_xreg(s, a->rm),
                      tcg_constant_i64(1 << a->sz));
    }
    write_xreg(s, a->rd, d, 0);
    return true;
}

/* ---- 1-source bit operations ---- */

/* d = ((d >> n) & mask) | ((d & mask) << n): swaps adjacent n-bit groups. */
static void gen_swap_groups(TCGv_i64 d, int n, uint64_t mask)
{
    TCGv_i64 hi = tcg_temp_new_i64();
    TCGv_i64 lo = tcg_temp_new_i64();

    tcg_gen_shri_i64(hi, d, n);
    tcg_gen_andi_i64(hi, hi, (int64_t)mask);
    tcg_gen_andi_i64(lo, d, (int64_t)mask);
    tcg_gen_shli_i64(lo, lo, n);
    tcg_gen_or_i64(d, hi, lo);
}

/* RBIT: reverse the bytes, then the nibbles, bit pairs and bits in each. */
static bool trans_RBIT(DisasContext *s, arg_RBIT *a)
{
    TCGv_i64 d = tcg_temp_new_i64();
    uint64_t ones = a->sf ? UINT64_MAX : UINT32_MAX;

    if (a->sf)
        tcg_gen_bswap64_i64(d, read_xreg(s, a->rn));
    else
        tcg_gen_bswap32_i64(d, read_xreg(s, a->rn));
    gen_swap_groups(d, 4, ones / 0x11 /* 0x0f0f... */);
    gen_swap_groups(d, 2, ones / 5 /* 0x3333... */);
    gen_swap_groups(d, 1, ones / 3 /* 0x5555... */);
    write_xreg(s, a->rd, d, a->sf);
    return true;
}

/* REV16: swap the bytes of each halfword. */
static bool trans_REV16(DisasContext *s, arg_REV16 *a)
{
    TCGv_i64 d = read_cpu_reg(s, a->rn, a->sf);

    gen_swap_groups(d, 8, (a->sf ? UINT64_MAX : UINT32_MAX) / 0x101);
    write_xreg(s, a->rd, d, a->sf);
    return true;
}

/* REV32 (64-bit only): swap the bytes of each word. */
static bool trans_REV32(DisasContext *s, arg_REV32 *a)
{
    TCGv_i64 d = tcg_temp_new_i64();

    tcg_gen_bswap64_i64(d, read_xreg(s, a->rn));
    tcg_gen_rotri_i64(d, d, 32);
    write_xreg(s, a->rd, d, 1);
    return true;
}

/* REV: byte-reverse the whole register (W or X). */
static bool trans_rev(DisasContext *s, arg_rev *a)
{
    TCGv_i64 d = tcg_temp_new_i64();

    if (a->sf)
        tcg_gen_bswap64_i64(d, read_xreg(s, a->rn));
    else
        tcg_gen_bswap32_i64(d, read_xreg(s, a->rn));
    write_xreg(s, a->rd, d, a->sf);
    return true;
}

static bool trans_CLZ(DisasContext *s, arg_CLZ *a)
{
    TCGv_i64 d = tcg_temp_new_i64();

    if (a->sf) {
        tcg_gen_clzi_i64(d, read_xreg(s, a->rn), 64);
    } else {
        TCGv_i32 t = tcg_temp_new_i32();

        tcg_gen_extrl_i64_i32(t, read_xreg(s, a->rn));
        tcg_gen_clzi_i32(t, t, 32);
        tcg_gen_extu_i32_i64(d, t);
    }
    write_xreg(s, a->rd, d, a->sf);
    return true;
}

/*
 * CLS: bit i of x ^ (x >> 1, arithmetic) is set where bits i and i+1
 * differ, and its top bit is always clear, so CLS(x) = CLZ(that) - 1
 * (0 and -1 give width - 1).
 */
static bool trans_CLS(DisasContext *s, arg_CLS *a)
{
    TCGv_i64 d = tcg_temp_new_i64();

    if (a->sf) {
        TCGv_i64 x = read_xreg(s, a->rn);

        tcg_gen_sari_i64(d, x, 1);
        tcg_gen_xor_i64(d, d, x);
        tcg_gen_clzi_i64(d, d, 64);
        tcg_gen_subi_i64(d, d, 1);
    } else {
        TCGv_i32 x = tcg_temp_new_i32();
        TCGv_i32 t = tcg_temp_new_i32();

        tcg_gen_extrl_i64_i32(x, read_xreg(s, a->rn));
        tcg_gen_sari_i32(t, x, 1);
        tcg_gen_xor_i32(t, t, x);
        tcg_gen_clzi_i32(t, t, 32);
        tcg_gen_subi_i32(t, t, 1);
        tcg_gen_extu_i32_i64(d, t);
    }
    write_xreg(s, a->rd, d, a->sf);
    return true;
}

/* ---- group entry points (translate.h) ---- */

bool a64_decode_dp_reg(DisasContext *s, uint32_t insn)
{
    return dp_reg_decode(s, insn);
}

const char *a64_describe_dp_reg(uint32_t insn, char *buf, size_t len)
{
    return dp_reg_describe(insn, buf, len);
}
