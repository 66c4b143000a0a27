/*
 * Translator of pointer authentication (pauth.decode and the hint-space
 * forms trans_HINT hands over): PAC*, AUT*, XPAC*, PACGA, the combined
 * branches, RETAA/RETAB, LDRAA/LDRAB. Without the pauth feature (and in
 * arx-system, whose ID registers do not offer it) the hints stay NOPs and
 * the rest UNDEF.
 */
#include "target-arm/a64/translate.h"

#include "target-arm/helper_info.h"
#include "target-arm/helper_pauth.h"

#include "pauth.dec.c"

/* The PAC of a Linux user pointer: bits 54:48, and 63:56 too when bit 55
 * is set (TBI1 clear; target-arm/pauth.c). */
#define PAC_LOW_FIELD INT64_C(0x007f000000000000)
#define PAC_HIGH_FIELD ((int64_t)UINT64_C(0xff7f000000000000))

static bool pauth_active(const DisasContext *s)
{
    return dc_has_feature(s, ARM_FEAT_PAUTH) && !arm_system_mode;
}

/* AddPAC(ptr, modifier, key). */
static TCGv_i64 gen_pac(TCGv_i64 ptr, TCGv_i64 modifier, int key)
{
    TCGv_i64 r = tcg_temp_new_i64();

    tcg_gen_call4(&helper_info_pauth_pac, &r, tcg_ptr_as_i64(tcg_env), ptr,
                  modifier, tcg_constant_i64(key));
    return r;
}

/*
 * Auth(ptr, modifier, key). A standalone AUT* under FEAT_FPAC raises
 * EXCP_PAUTH at this instruction when the PAC does not match; a combined
 * one (branch, return, load) does so under FEAT_FPACCOMBINE, before it
 * writes anything, and otherwise goes on with the pointer Auth() gives.
 */
static TCGv_i64 gen_aut(DisasContext *s, TCGv_i64 ptr, TCGv_i64 modifier,
                        int key, bool combined)
{
    TCGv_i64 r = tcg_temp_new_i64(), fail;

    tcg_gen_call4(&helper_info_pauth_aut, &r, tcg_ptr_as_i64(tcg_env), ptr,
                  modifier,
                  tcg_constant_i64(key | (combined ? PAUTH_COMBINED : 0)));
    if (!dc_has_feature(s, ARM_FEAT_FPAC) ||
        (combined && !dc_has_feature(s, ARM_FEAT_FPACCOMBINE)))
        return r;
    fail = tcg_temp_new_i64();
    tcg_gen_ld32u_i64(fail, tcg_env, offsetof(CPUARMState, pauth_fail));
    gen_exception_insn_if(s, fail, EXCP_PAUTH, (uint32_t)key);
    return r;
}

/* Strip(): the PAC field becomes copies of bit 55. */
static TCGv_i64 gen_strip(TCGv_i64 x)
{
    TCGv_i64 r = tcg_temp_new_i64(), ext = tcg_temp_new_i64();

    tcg_gen_sextract_i64(ext, x, 55, 1);
    tcg_gen_andi_i64(ext, ext, PAC_HIGH_FIELD);
    tcg_gen_andi_i64(r, x, ~PAC_LOW_FIELD);
    tcg_gen_or_i64(r, r, ext);
    return r;
}

/* ---- Data processing (1 and 2 source) ---- */

static TCGv_i64 modifier_of(DisasContext *s, bool zero, int rn)
{
    return zero ? tcg_constant_i64(0) : read_xreg_sp(s, rn);
}

static bool trans_PAC(DisasContext *s, arg_PAC *a)
{
    if (!pauth_active(s) || (a->z && a->rn != 31))
        return false;
    write_xreg(
        s, a->rd,
        gen_pac(read_xreg(s, a->rd), modifier_of(s, a->z, a->rn), (int)a->key),
        1);
    return true;
}

static bool trans_AUT(DisasContext *s, arg_AUT *a)
{
    if (!pauth_active(s) || (a->z && a->rn != 31))
        return false;
    write_xreg(s, a->rd,
               gen_aut(s, read_xreg(s, a->rd), modifier_of(s, a->z, a->rn),
                       (int)a->key, false),
               1);
    return true;
}

static bool trans_XPAC(DisasContext *s, arg_XPAC *a)
{
    if (!pauth_active(s))
        return false;
    write_xreg(s, a->rd, gen_strip(read_xreg(s, a->rd)), 1);
    return true;
}

static bool trans_PACGA(DisasContext *s, arg_PACGA *a)
{
    TCGv_i64 r = tcg_temp_new_i64();

    if (!pauth_active(s))
        return false;
    tcg_gen_call3(&helper_info_pauth_pacga, &r, tcg_ptr_as_i64(tcg_env),
                  read_xreg(s, a->rn), read_xreg_sp(s, a->rm));
    write_xreg(s, a->rd, r, 1);
    return true;
}

/* ---- branches and loads with authentication (combined forms) ---- */

/* BRAA, BRAB, BLRAA, BLRAB and their Z forms: Xn is read before X30 is
 * written, so BLRAA X30 works. */
static bool trans_BRA(DisasContext *s, arg_BRA *a)
{
    TCGv_i64 dest;

    if (!pauth_active(s) || (!a->z && a->rm != 31))
        return false;
    dest = gen_aut(s, read_xreg(s, a->rn), modifier_of(s, !a->z, a->rm),
                   a->m ? ARM_PAUTH_IB : ARM_PAUTH_IA, true);
    if (a->link)
        write_xreg(s, 30, tcg_constant_i64((int64_t)s->pc_next), 1);
    gen_branch_btype(s, (int)a->rn, a->link); /* BTI: as BR/BLR */
    gen_jump_reg(s, dest);
    return true;
}

static bool trans_RETA(DisasContext *s, arg_RETA *a)
{
    if (!pauth_active(s))
        return false;
    gen_jump_reg(s, gen_aut(s, read_xreg(s, 30), read_xreg_sp(s, 31),
                            a->m ? ARM_PAUTH_IB : ARM_PAUTH_IA, true));
    return true;
}

/* LDRAA, LDRAB: a 64-bit load from AuthDA/DB(Xn|SP, 0) + imm; W: the
 * address written back after the load (a faulting load changes nothing). */
static bool trans_LDRA(DisasContext *s, arg_LDRA *a)
{
    TCGv_i64 addr, val = tcg_temp_new_i64();

    if (!pauth_active(s))
        return false;
    addr = gen_aut(s, read_xreg_sp(s, a->rn), tcg_constant_i64(0),
                   a->m ? ARM_PAUTH_DB : ARM_PAUTH_DA, true);
    tcg_gen_addi_i64(addr, addr, a->ldra_imm * 8);
    tcg_gen_guest_ld_i64(
        val, gen_mte_access(s, addr, 8, false, a->w || a->rn != 31), MO_64);
    if (a->w)
        write_xreg_sp(s, a->rn, addr, 1);
    write_xreg(s, a->rt, val, 1);
    return true;
}

/* ---- the hint space ---- */

/* Which register a hint signs or authenticates, with which modifier. */
static void hint_operands(DisasContext *s, unsigned crm, unsigned op2, int *reg,
                          TCGv_i64 *modifier)
{
    if (crm == 1) { /* PACIA1716 ... AUTIB1716: X17 with X16 */
        *reg = 17;
        *modifier = read_xreg(s, 16);
    } else { /* crm 3: PACIAZ, PACIASP ... AUTIBSP: X30 with 0 or SP */
        *reg = 30;
        *modifier = op2 & 1 ? read_xreg_sp(s, 31) : tcg_constant_i64(0);
    }
}

bool a64_trans_pauth_hint(DisasContext *s, unsigned crm, unsigned op2)
{
    int reg, key = (op2 >> 1) & 1 ? ARM_PAUTH_IB : ARM_PAUTH_IA;
    TCGv_i64 modifier, r;

    if (!pauth_active(s))
        return false;
    if (crm == 0 && op2 == 7) { /* XPACLRI */
        write_xreg(s, 30, gen_strip(read_xreg(s, 30)), 1);
        return true;
    }
    if (!(crm == 3 || (crm == 1 && !(op2 & 1))))
        return false;
    hint_operands(s, crm, op2, &reg, &modifier);
    if (op2 & 4)
        r = gen_aut(s, read_xreg(s, reg), modifier, key, false);
    else
        r = gen_pac(read_xreg(s, reg), modifier, key);
    write_xreg(s, reg, r, 1);
    return true;
}

/* ---- group entry points (translate.h) ---- */

bool a64_decode_pauth(DisasContext *s, uint32_t insn)
{
    return pauth_decode(s, insn);
}

const char *a64_describe_pauth(uint32_t insn, char *buf, size_t len)
{
    return pauth_describe(insn, buf, len);
}
