/*
 * Translator of FEAT_MOPS (mops.decode): CPY*, CPYF*, SET* call one helper
 * per stage, which works on env's registers and may fault part way.
 * Without the mops feature (and in arx-system) they UNDEF.
 */
#include "target-arm/a64/translate.h"

#include "target-arm/helper_info.h"
#include "target-arm/helper_mops.h"

#include "mops.dec.c"

static bool mops_active(const DisasContext *s)
{
    return dc_has_feature(s, ARM_FEAT_MOPS) && !arm_system_mode;
}

/*
 * The prologue copies or sets nothing (an IMPLEMENTATION DEFINED amount):
 * it saturates Xn and puts the registers in option A's format, NZCV 0000.
 * Forward: Xd, Xs at the ends, Xn minus the size; backward (CPY only,
 * IsMemCpyForward: the source starts below an overlapping destination;
 * without overlap arx goes forward): Xd, Xs as they were, Xn the size.
 */
static void gen_mops_prologue(DisasContext *s, unsigned kind, unsigned rd,
                              unsigned rs, unsigned rn)
{
    TCGv_i64 n = read_xreg(s, (int)rn);
    TCGv_i64 max =
        tcg_constant_i64((int64_t)(kind == MOPS_CPY ? MOPS_CPY_MAX : MOPS_MAX));
    TCGv_i64 size = tcg_temp_new_i64(), step = tcg_temp_new_i64();
    TCGv_i64 neg = tcg_temp_new_i64(), d = tcg_temp_new_i64();

    tcg_gen_movcond_i64(TCG_COND_GTU, size, n, max, max, n);
    tcg_gen_neg_i64(neg, size);
    tcg_gen_mov_i64(step, size);
    if (kind == MOPS_CPY) {
        TCGv_i64 to = tcg_temp_new_i64(), from = tcg_temp_new_i64();
        TCGv_i64 below = tcg_temp_new_i64(), over = tcg_temp_new_i64();

        tcg_gen_andi_i64(to, read_xreg(s, (int)rd), (int64_t)MOPS_ADDR_MASK);
        tcg_gen_andi_i64(from, read_xreg(s, (int)rs), (int64_t)MOPS_ADDR_MASK);
        tcg_gen_setcond_i64(TCG_COND_LTU, below, from, to);
        tcg_gen_add_i64(over, from, size);
        tcg_gen_setcond_i64(TCG_COND_GTU, over, over, to);
        tcg_gen_and_i64(below, below, over); /* backward */
        tcg_gen_movcond_i64(TCG_COND_NE, step, below, tcg_constant_i64(0),
                            tcg_constant_i64(0), size);
        tcg_gen_movcond_i64(TCG_COND_NE, neg, below, tcg_constant_i64(0), size,
                            neg);
    }
    if (kind != MOPS_SET) {
        TCGv_i64 src = tcg_temp_new_i64();

        tcg_gen_add_i64(src, read_xreg(s, (int)rs), step);
        write_xreg(s, (int)rs, src, 1);
    }
    tcg_gen_add_i64(d, read_xreg(s, (int)rd), step);
    write_xreg(s, (int)rd, d, 1);
    write_xreg(s, (int)rn, neg, 1);
    gen_set_nzcv_imm(0);
}

/*
 * Main and epilogue: the helper reads and writes the registers in env
 * (the call stores the globals before and reloads them after) and says
 * where to go on: the next insn, where the block goes on, or the
 * prologue when the sequence is rewound, through the dispatcher.
 */
static void gen_mops(DisasContext *s, unsigned kind, unsigned stage,
                     unsigned rd, unsigned rs, unsigned rn)
{
    TCGv_i64 next = tcg_temp_new_i64();
    TCGLabel go_on;

    if (stage == MOPS_PROLOGUE) {
        gen_mops_prologue(s, kind, rd, rs, rn);
        return;
    }
    tcg_gen_call3(&helper_info_mops, &next, tcg_ptr_as_i64(tcg_env),
                  tcg_constant_i64((int64_t)mops_desc(kind, stage, rd, rs, rn)),
                  tcg_constant_i64((int64_t)s->pc_curr));
    go_on = tcg_new_label();
    note_unknown_exit(s);
    tcg_gen_brcondi_i64(TCG_COND_EQ, next, (int64_t)s->pc_next, go_on);
    tcg_gen_mov_i64(cpu_pc, next);
    tcg_gen_exit_tb(-1);
    tcg_gen_set_label(go_on);
}

/*
 * CheckCPYConstrainedUnpredictable(): Xd, Xs, Xn the same register or
 * XZR is CONSTRAINED UNPREDICTABLE; arx takes the UNDEF choice (SIGILL).
 */
static bool trans_cpy(DisasContext *s, arg_cpy *a)
{
    if (!mops_active(s) || a->stage == 3)
        return false;
    if (a->rd == 31 || a->rs == 31 || a->rn == 31 || a->rd == a->rs ||
        a->rd == a->rn || a->rs == a->rn)
        return false;
    gen_mops(s, a->forward_only ? MOPS_CPYF : MOPS_CPY, (unsigned)a->stage,
             (unsigned)a->rd, (unsigned)a->rs, (unsigned)a->rn);
    return true;
}

/*
 * CheckSETConstrainedUnpredictable(): Xd or Xn XZR, or two of Xd, Xn, Xs
 * the same register, UNDEFs as above; Xs may be XZR (the value 0).
 */
static bool trans_SET(DisasContext *s, arg_SET *a)
{
    if (!mops_active(s) || a->stage == 3)
        return false;
    if (a->rd == 31 || a->rn == 31 || a->rd == a->rn || a->rs == a->rd ||
        a->rs == a->rn)
        return false;
    gen_mops(s, MOPS_SET, (unsigned)a->stage, (unsigned)a->rd, (unsigned)a->rs,
             (unsigned)a->rn);
    return true;
}

/* ---- group entry points (translate.h) ---- */

bool a64_decode_mops(DisasContext *s, uint32_t insn)
{
    return mops_decode(s, insn);
}

const char *a64_describe_mops(uint32_t insn, char *buf, size_t len)
{
    return mops_describe(insn, buf, len);
}
