/*
 * Translator of FEAT_SVE gathers, scatters, prefetches and LD1RQ
 * (sve_mem.decode, chained after sve.decode by a64_decode_sve): one call
 * of helper_sve_gs per instruction (helper_sve_mem.h); prefetches emit
 * nothing.
 */
#include "target-arm/a64/translate.h"

#include "target-arm/helper_info.h"
#include "target-arm/helper_sve_mem.h"

#include "sve_mem.dec.c"

static void gen_gs(SveMemOp op, unsigned esz, unsigned rd, unsigned rm,
                   unsigned pg, uint32_t aux, TCGv_i64 base)
{
    uint64_t desc = sve_desc((SveOp)op, esz, rd, 0, rm, pg, aux);

    tcg_gen_call3(&helper_info_sve_gs, NULL, tcg_ptr_as_i64(tcg_env),
                  const_arg((int64_t)desc), base);
}

/* ---- prefetches: decoded, no effect (and never a fault) ---- */

static bool trans_PRF_si(DisasContext *s, arg_PRF_si *a)
{
    (void)s;
    (void)a;
    return true;
}

static bool trans_PRF_ss(DisasContext *s, arg_PRF_ss *a)
{
    (void)s;
    return a->rm != 31;
}

static bool trans_PRF_g32(DisasContext *s, arg_PRF_g32 *a)
{
    (void)s;
    (void)a;
    return true;
}

static bool trans_PRF_v32(DisasContext *s, arg_PRF_v32 *a)
{
    (void)s;
    (void)a;
    return true;
}

static bool trans_PRF_g64(DisasContext *s, arg_PRF_g64 *a)
{
    (void)s;
    (void)a;
    return true;
}

static bool trans_PRF_g64x32(DisasContext *s, arg_PRF_g64x32 *a)
{
    (void)s;
    (void)a;
    return true;
}

static bool trans_PRF_v64(DisasContext *s, arg_PRF_v64 *a)
{
    (void)s;
    (void)a;
    return true;
}

/* ---- gather loads ---- */

/* Whether msz, esz and the extension name a load (LD1SW only for .D,
 * no LD1SD, no LD1SW/LD1W... to a narrower element). */
static bool gather_valid(int64_t msz, unsigned esz, int64_t u)
{
    if (msz > esz)
        return false;
    return u || msz < esz;
}

static uint32_t gather_aux(int64_t msz, int64_t u, int64_t ff, bool scaled,
                           unsigned kind)
{
    return (uint32_t)msz | (u ? 0 : SVE_GS_SIGNED) | (ff ? SVE_GS_FF : 0) |
           (scaled ? SVE_GS_SCALED : 0) | kind << SVE_GS_KIND_SHIFT;
}

/* Scalar plus vector: Xn|SP + the offsets (scaled forms: not bytes). */
static bool gen_gather_sv(DisasContext *s, unsigned esz, int64_t msz, int64_t u,
                          int64_t ff, int64_t sc, unsigned kind, int rd, int rn,
                          int rm, int pg)
{
    if (!gather_valid(msz, esz, u) || (sc && msz == 0))
        return false;
    gen_gs(SVE_MEM_GATHER, esz, (unsigned)rd, (unsigned)rm, (unsigned)pg,
           gather_aux(msz, u, ff, sc, kind), read_xreg_sp(s, rn));
    return true;
}

/* Vector plus immediate: Zn + imm5 times the memory size. */
static bool gen_gather_vi(unsigned esz, int64_t msz, int64_t u, int64_t ff,
                          int64_t imm, int rd, int rn, int pg)
{
    if (!gather_valid(msz, esz, u))
        return false;
    gen_gs(SVE_MEM_GATHER, esz, (unsigned)rd, (unsigned)rn, (unsigned)pg,
           gather_aux(msz, u, ff, false, SVE_GS_VEC_IMM),
           const_arg(imm << msz));
    return true;
}

static unsigned xs_kind(int64_t xs)
{
    return xs ? SVE_GS_SXTW : SVE_GS_UXTW;
}

static bool trans_GLD_s32(DisasContext *s, arg_GLD_s32 *a)
{
    return gen_gather_sv(s, 2, a->msz, a->u, a->ff, a->sc, xs_kind(a->xs),
                         a->rd, a->rn, a->rm, a->pg);
}

static bool trans_GLD_v32(DisasContext *s, arg_GLD_v32 *a)
{
    (void)s;
    return gen_gather_vi(2, a->msz, a->u, a->ff, a->imm, a->rd, a->rn, a->pg);
}

static bool trans_GLD_s64(DisasContext *s, arg_GLD_s64 *a)
{
    return gen_gather_sv(s, 3, a->msz, a->u, a->ff, a->sc, SVE_GS_OFF64, a->rd,
                         a->rn, a->rm, a->pg);
}

static bool trans_GLD_s64x32(DisasContext *s, arg_GLD_s64x32 *a)
{
    return gen_gather_sv(s, 3, a->msz, a->u, a->ff, a->sc, xs_kind(a->xs),
                         a->rd, a->rn, a->rm, a->pg);
}

static bool trans_GLD_v64(DisasContext *s, arg_GLD_v64 *a)
{
    (void)s;
    return gen_gather_vi(3, a->msz, a->u, a->ff, a->imm, a->rd, a->rn, a->pg);
}

/* ---- scatter stores ---- */

static bool gen_scatter(DisasContext *s, unsigned esz, int64_t msz, int64_t sc,
                        unsigned kind, int rd, int rn, int rm, int pg)
{
    TCGv_i64 base;

    if (msz > esz || (sc && msz == 0))
        return false;
    base = kind == SVE_GS_VEC_IMM ? const_arg((int64_t)rn << msz)
                                  : read_xreg_sp(s, rn);
    gen_gs(SVE_MEM_SCATTER, esz, (unsigned)rd, (unsigned)rm, (unsigned)pg,
           gather_aux(msz, 1, 0, sc, kind), base);
    return true;
}

static bool trans_SST_s64(DisasContext *s, arg_SST_s64 *a)
{
    return gen_scatter(s, 3, a->msz, a->sc, SVE_GS_OFF64, a->rd, a->rn, a->rm,
                       a->pg);
}

static bool trans_SST_s64x32(DisasContext *s, arg_SST_s64x32 *a)
{
    return gen_scatter(s, 3, a->msz, a->sc, xs_kind(a->xs), a->rd, a->rn, a->rm,
                       a->pg);
}

static bool trans_SST_s32(DisasContext *s, arg_SST_s32 *a)
{
    return gen_scatter(s, 2, a->msz, a->sc, xs_kind(a->xs), a->rd, a->rn, a->rm,
                       a->pg);
}

/* Vector plus immediate: rn carries imm5, rm the base vector. */
static bool trans_SST_v64(DisasContext *s, arg_SST_v64 *a)
{
    return gen_scatter(s, 3, a->msz, 0, SVE_GS_VEC_IMM, a->rd, a->imm, a->rn,
                       a->pg);
}

static bool trans_SST_v32(DisasContext *s, arg_SST_v32 *a)
{
    return gen_scatter(s, 2, a->msz, 0, SVE_GS_VEC_IMM, a->rd, a->imm, a->rn,
                       a->pg);
}

/* ---- LD1RQ ---- */

static bool trans_LD1RQ_si(DisasContext *s, arg_LD1RQ_si *a)
{
    TCGv_i64 addr = tcg_temp_new_i64();

    tcg_gen_addi_i64(addr, read_xreg_sp(s, a->rn), a->imm * 16);
    gen_gs(SVE_MEM_LD1RQ, (unsigned)a->msz, (unsigned)a->rd, 0, (unsigned)a->pg,
           0, addr);
    return true;
}

static bool trans_LD1RQ_ss(DisasContext *s, arg_LD1RQ_ss *a)
{
    TCGv_i64 addr = tcg_temp_new_i64();

    if (a->rm == 31)
        return false;
    tcg_gen_shli_i64(addr, read_xreg(s, a->rm), a->msz);
    tcg_gen_add_i64(addr, addr, read_xreg_sp(s, a->rn));
    gen_gs(SVE_MEM_LD1RQ, (unsigned)a->msz, (unsigned)a->rd, 0, (unsigned)a->pg,
           0, addr);
    return true;
}

/* ---- entry point (a64_decode_sve, after sve.decode) ---- */

bool a64_decode_sve_mem(DisasContext *s, uint32_t insn)
{
    return sve_mem_decode(s, insn);
}

/* -d in_asm: the pattern's name. */
const char *a64_describe_sve_mem(uint32_t insn, char *buf, size_t len)
{
    return sve_mem_describe(insn, buf, len);
}
