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
 * The helper reads and writes the registers in env (the call stores the
 * globals before and reloads them after) and says where to go on: the
 * next insn, or the prologue when the sequence is rewound, so the block
 * ends here.
 */
static void gen_mops(DisasContext *s, unsigned kind, unsigned stage,
                     unsigned rd, unsigned rs, unsigned rn)
{
    TCGv_i64 next = tcg_temp_new_i64();

    tcg_gen_call3(&helper_info_mops, &next, tcg_ptr_as_i64(tcg_env),
                  tcg_constant_i64((int64_t)mops_desc(kind, stage, rd, rs, rn)),
                  tcg_constant_i64((int64_t)s->pc_curr));
    gen_jump_reg(s, next);
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
