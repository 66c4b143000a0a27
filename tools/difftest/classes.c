/*
 * Instruction classes of the difftest harness: per Arm ARM encoding group,
 * templates (fixed bits + bits drawn at random) and a filter that drops
 * draws the A64 encoding index marks UNALLOCATED. Must not execute anything.
 */
#include <string.h>

#include "difftest.h"

/* Field masks (A64 encoding index names). */
enum {
    F_SF = 0x80000000u,
    F_Q = 0x40000000u,
    F_U = 0x20000000u,
    F_SIZE = 0x00c00000u, /* also "type" of scalar FP */
    F_RM = 0x001f0000u,
    F_RA = 0x00007c00u,
    F_RN = 0x000003e0u,
    F_RD = 0x0000001fu,
    F_LDST_SIZE = 0xc0000000u
};

static unsigned bits(uint32_t insn, int lo, int width)
{
    return (insn >> lo) & ((1u << width) - 1);
}

/* Scalar FP "type" 10 is unallocated except for a few FMOV forms. */
static bool fp_type_ok(uint32_t insn)
{
    return bits(insn, 22, 2) != 2;
}

static bool fp_int_ok(uint32_t insn)
{
    unsigned rmode = bits(insn, 19, 2), opcode = bits(insn, 16, 3);

    if (bits(insn, 22, 2) == 2) /* FMOV Xd, Vn.D[1] / Vd.D[1], Xn only */
        return bits(insn, 31, 1) && rmode == 1 && (opcode >> 1) == 3;
    if (opcode <= 1) /* FCVT[NPMZ][SU] */
        return true;
    if (opcode <= 5) /* SCVTF UCVTF FCVTA[SU] */
        return rmode == 0;
    /* FMOV, or FJCVTZS (double to W, rmode 11, opcode 110) */
    return rmode == 0 || (rmode == 3 && opcode == 6);
}

static bool fp_fixed_ok(uint32_t insn)
{
    unsigned rmode = bits(insn, 19, 2), opcode = bits(insn, 16, 3);

    if (!fp_type_ok(insn))
        return false;
    if (!bits(insn, 31, 1) && !bits(insn, 15, 1)) /* 32-bit: scale >= 32 */
        return false;
    return (rmode == 0 && (opcode == 2 || opcode == 3)) ||
           (rmode == 3 && opcode <= 1);
}

static bool immh_nonzero(uint32_t insn)
{
    return bits(insn, 19, 4) != 0;
}

static bool across_lanes_ok(uint32_t insn)
{
    switch (bits(insn, 12, 5)) {
    case 3:
    case 10:
    case 12:
    case 15:
    case 26:
    case 27: return true;
    default: return false;
    }
}

static bool copy_ok(uint32_t insn)
{
    return bits(insn, 16, 4) != 0;
}

static bool permute_ok(uint32_t insn)
{
    unsigned opcode = bits(insn, 12, 3);

    return opcode != 0 && opcode != 4;
}

static uint32_t opcode_set(const int *ops, int n)
{
    uint32_t set = 0;

    for (int i = 0; i < n; i++)
        set |= 1u << ops[i];
    return set;
}

/*
 * FP16 two-register misc: only the allocated (U, a, opcode) triples. Also
 * required because qemu 7.2 aborts (g_assert_not_reached in
 * disas_simd_two_reg_misc_fp16) on some unallocated ones.
 */
static bool fp16_misc_ok(uint32_t insn, bool scalar)
{
    static const int v00[] = {24, 25, 26, 27, 28, 29};
    static const int v01[] = {12, 13, 14, 15, 24, 25, 26, 27, 29};
    static const int v11[] = {12, 13, 15, 25, 26, 27, 29, 31};
    static const int s00[] = {26, 27, 28, 29};
    static const int s01[] = {12, 13, 14, 26, 27, 29, 31};
    static const int s11[] = {12, 13, 26, 27, 29};
    unsigned u = bits(insn, 29, 1), a = bits(insn, 23, 1);
    uint32_t set;

    if (!a)
        set = scalar ? opcode_set(s00, 4) : opcode_set(v00, 6);
    else if (!u)
        set = scalar ? opcode_set(s01, 7) : opcode_set(v01, 9);
    else
        set = scalar ? opcode_set(s11, 5) : opcode_set(v11, 8);
    return (set >> bits(insn, 12, 5)) & 1;
}

static bool simd_fp16_misc_ok(uint32_t insn)
{
    return fp16_misc_ok(insn, false);
}

static bool scalar_fp16_misc_ok(uint32_t insn)
{
    return fp16_misc_ok(insn, true);
}

static bool ldst_multi_ok(uint32_t insn)
{
    switch (bits(insn, 12, 4)) {
    case 0:
    case 2:
    case 4:
    case 6:
    case 7:
    case 8:
    case 10: return true;
    default: return false;
    }
}

static bool ldst_roff_ok(uint32_t insn)
{
    return bits(insn, 14, 1) != 0; /* option 010, 011, 110, 111 */
}

static bool ldst_pair_ok(uint32_t insn)
{
    if (bits(insn, 30, 2) == 3)
        return false;
    /* LDP with Rt == Rt2 is CONSTRAINED UNPREDICTABLE. */
    return !(bits(insn, 22, 1) && bits(insn, 0, 5) == bits(insn, 10, 5));
}

/* Bit 11 tells the two-register SHA group from the three-register one. */
static bool sha_ok(uint32_t insn)
{
    if (bits(insn, 11, 1))
        return bits(insn, 12, 2) != 3;
    return bits(insn, 12, 3) != 7;
}

static bool sha3_ok(uint32_t insn)
{
    /* four-register group: Op0 11 is unallocated */
    return (insn & 0xffe00000u) != 0xce600000u;
}

static bool crc32_ok(uint32_t insn)
{
    return bits(insn, 31, 1) == (bits(insn, 10, 2) == 3);
}

static const struct dt_template t_fp_1src[] = {
    {0x1e204000, F_SIZE | 0x001f8000 | F_RN | F_RD}};
static const struct dt_template t_fp_2src[] = {
    {0x1e200800, F_SIZE | F_RM | 0xf000 | F_RN | F_RD}};
static const struct dt_template t_fp_3src[] = {{0x1f000000, 0x00ffffff}};
static const struct dt_template t_fp_cmp[] = {
    {0x1e202000, F_SIZE | F_RM | F_RN | 0x18}};
static const struct dt_template t_fp_ccmp[] = {
    {0x1e200400, F_SIZE | F_RM | 0xf000 | F_RN | 0x1f}};
static const struct dt_template t_fp_csel[] = {
    {0x1e200c00, F_SIZE | F_RM | 0xf000 | F_RN | F_RD}};
static const struct dt_template t_fp_imm[] = {
    {0x1e201000, F_SIZE | 0x001fe000 | F_RD}};
static const struct dt_template t_fp_int[] = {
    {0x1e200000, F_SF | F_SIZE | 0x001f0000 | F_RN | F_RD}};
static const struct dt_template t_fp_fixed[] = {
    {0x1e000000, F_SF | F_SIZE | 0x001f0000 | 0xfc00 | F_RN | F_RD}};
static const struct dt_template t_fp_frint[] = {
    {0x1e244000, F_SIZE | 0x38000 | F_RN | F_RD},
    {0x1e284000, F_SIZE | 0x18000 | F_RN | F_RD}};
static const struct dt_template t_fp_recip[] = {
    {0x5ea1d800, F_U | 0x00400000 | F_RN | F_RD},       /* FRECPE/FRSQRTE */
    {0x5ea1f800, 0x00400000 | F_RN | F_RD},             /* FRECPX */
    {0x5e20fc00, 0x00c00000 | F_RM | F_RN | F_RD},      /* FRECPS/FRSQRTS */
    {0x0ea1d800, F_Q | F_U | 0x00400000 | F_RN | F_RD}, /* vector */
    {0x0e20fc00, F_Q | 0x00c00000 | F_RM | F_RN | F_RD},
    {0x0ea1c800, F_Q | F_U | F_RN | F_RD}, /* URECPE/URSQRTE */
    {0x5ef9d800, F_U | F_RN | F_RD},       /* half */
    {0x5ef9f800, F_RN | F_RD},
    {0x5e403c00, 0x00800000 | F_RM | F_RN | F_RD},
    {0x0ef9d800, F_Q | F_U | F_RN | F_RD},
    {0x0e403c00, F_Q | 0x00800000 | F_RM | F_RN | F_RD}};

static const struct dt_template t_simd_3same_int[] = {
    {0x0e200400, F_Q | F_U | F_SIZE | F_RM | 0x7800 | F_RN | F_RD},
    {0x0e208400, F_Q | F_U | F_SIZE | F_RM | 0x3800 | F_RN | F_RD}};
static const struct dt_template t_simd_3same_fp[] = {
    {0x0e20c400, F_Q | F_U | F_SIZE | F_RM | 0x3800 | F_RN | F_RD}};
static const struct dt_template t_simd_3same_fp16[] = {
    {0x0e400400, F_Q | F_U | 0x00800000 | F_RM | 0x3800 | F_RN | F_RD}};
static const struct dt_template t_simd_3same_extra[] = {
    {0x0e008400, F_Q | F_U | F_SIZE | F_RM | 0x7800 | F_RN | F_RD}};
static const struct dt_template t_simd_3diff[] = {
    {0x0e200000, F_Q | F_U | F_SIZE | F_RM | 0xf000 | F_RN | F_RD}};
static const struct dt_template t_simd_2misc_lo[] = {
    {0x0e200800, F_Q | F_U | F_SIZE | 0xf000 | F_RN | F_RD}};
static const struct dt_template t_simd_2misc_hi[] = {
    {0x0e210800, F_Q | F_U | F_SIZE | 0xf000 | F_RN | F_RD}};
static const struct dt_template t_simd_2misc_fp16[] = {
    {0x0e780800, F_Q | F_U | 0x00800000 | 0x1f000 | F_RN | F_RD}};
static const struct dt_template t_simd_across[] = {
    {0x0e300800, F_Q | F_U | F_SIZE | 0x1f000 | F_RN | F_RD}};
static const struct dt_template t_simd_copy[] = {
    {0x0e000400, F_Q | F_U | 0x1f0000 | 0x7800 | F_RN | F_RD}};
static const struct dt_template t_simd_modimm[] = {
    {0x0f000400, F_Q | F_U | 0x70000 | 0xf000 | 0x800 | 0x3e0 | F_RD}};
static const struct dt_template t_simd_shift[] = {
    {0x0f000400, F_Q | F_U | 0x780000 | 0x70000 | 0xf800 | F_RN | F_RD}};
static const struct dt_template t_simd_elem[] = {
    {0x0f000000,
     F_Q | F_U | F_SIZE | 0x300000 | 0xf0000 | 0xf000 | 0x800 | F_RN | F_RD}};
static const struct dt_template t_simd_permute[] = {
    {0x0e000800, F_Q | F_SIZE | F_RM | 0x7000 | F_RN | F_RD}};
static const struct dt_template t_simd_ext[] = {
    {0x2e000000, F_Q | F_RM | 0x7800 | F_RN | F_RD}};
static const struct dt_template t_simd_tbl[] = {
    {0x0e000000, F_Q | F_RM | 0x7000 | F_RN | F_RD}};

static const struct dt_template t_scalar_3same[] = {
    {0x5e200400, F_U | F_SIZE | F_RM | 0xf800 | F_RN | F_RD}};
static const struct dt_template t_scalar_3same_fp16[] = {
    {0x5e400400, F_U | 0x00800000 | F_RM | 0x3800 | F_RN | F_RD}};
/* Scalar groups with few allocated opcodes: only those, to save draws. */
static const struct dt_template t_scalar_3same_extra[] = {
    {0x7e008400, F_SIZE | F_RM | 0x0800 | F_RN | F_RD}}; /* SQRDMLAH/SH */
static const struct dt_template t_scalar_3diff[] = {
    {0x5e209000, F_SIZE | F_RM | F_RN | F_RD},  /* SQDMLAL */
    {0x5e20b000, F_SIZE | F_RM | F_RN | F_RD},  /* SQDMLSL */
    {0x5e20d000, F_SIZE | F_RM | F_RN | F_RD}}; /* SQDMULL */
static const struct dt_template t_scalar_2misc[] = {
    {0x5e200800, F_U | F_SIZE | 0x1f000 | F_RN | F_RD}};
static const struct dt_template t_scalar_2misc_fp16[] = {
    {0x5e780800, F_U | 0x00800000 | 0x1f000 | F_RN | F_RD}};
static const struct dt_template t_scalar_pairwise[] = {
    {0x5e31b800, F_SIZE | F_RN | F_RD},                 /* ADDP */
    {0x5e30c800, F_U | F_SIZE | 0x3000 | F_RN | F_RD}}; /* FP */
static const struct dt_template t_scalar_copy[] = {
    {0x5e000400, 0x1f0000 | F_RN | F_RD}};
static const struct dt_template t_scalar_shift[] = {
    {0x5f000400, F_U | 0x780000 | 0x70000 | 0xf800 | F_RN | F_RD}};
static const struct dt_template t_scalar_elem[] = {
    {0x5f000000,
     F_U | F_SIZE | 0x300000 | 0xf0000 | 0xf000 | 0x800 | F_RN | F_RD}};

/* Rn (and Rm) of memory classes are rewritten by the generator. */
static const struct dt_template t_ldst_multi[] = {
    {0x0c000000, F_Q | 0x400000 | 0xf000 | 0xc00 | F_RD}};
static const struct dt_template t_ldst_multi_post[] = {
    {0x0c800000, F_Q | 0x400000 | 0xf000 | 0xc00 | F_RD}};
static const struct dt_template t_ldst_single[] = {
    {0x0d000000, F_Q | 0x600000 | 0xe000 | 0x1000 | 0xc00 | F_RD}};
static const struct dt_template t_ldst_single_post[] = {
    {0x0d800000, F_Q | 0x600000 | 0xe000 | 0x1000 | 0xc00 | F_RD}};
static const struct dt_template t_ldst_uimm[] = {
    {0x3d000000, F_LDST_SIZE | 0xc00000 | 0xfc00 | F_RD}};
static const struct dt_template t_ldst_imm9[] = {
    {0x3c000000, F_LDST_SIZE | 0xc00000 | 0x1ff000 | F_RD},
    {0x3c000400, F_LDST_SIZE | 0xc00000 | 0x1ff000 | F_RD},
    {0x3c000c00, F_LDST_SIZE | 0xc00000 | 0x1ff000 | F_RD}};
static const struct dt_template t_ldst_roff[] = {
    {0x3c200800, F_LDST_SIZE | 0xc00000 | 0xe000 | 0x1000 | F_RD}};
static const struct dt_template t_ldst_pair[] = {
    {0x2c000000, 0xc0000000 | 0x1800000 | 0x400000 | 0x3f8000 | 0x7c00 | F_RD}};

static const struct dt_template t_crypto_aes[] = {
    {0x4e284800, 0x3000 | F_RN | F_RD}};
static const struct dt_template t_crypto_sha[] = {
    {0x5e000000, F_RM | 0x7000 | F_RN | F_RD},
    {0x5e280800, 0x3000 | F_RN | F_RD}};
static const struct dt_template t_crypto_sha512[] = {
    {0xce608000, F_RM | 0x4000 | 0xc00 | F_RN | F_RD},
    {0xcec08000, 0xc00 | F_RN | F_RD}};
static const struct dt_template t_crypto_sha3[] = {
    {0xce000000, 0x600000 | F_RM | F_RA | F_RN | F_RD}, /* EOR3 BCAX SM3SS1 */
    {0xce800000, F_RM | 0xfc00 | F_RN | F_RD},          /* XAR */
    {0xce408000, F_RM | 0x3000 | 0xc00 | F_RN | F_RD}}; /* SM3TT* */
static const struct dt_template t_crypto_pmull[] = {
    {0x0e20e000, F_Q | F_RM | F_RN | F_RD},
    {0x0ee0e000, F_Q | F_RM | F_RN | F_RD}};
static const struct dt_template t_crc32[] = {
    {0x1ac04000, F_SF | F_RM | 0x1000 | 0xc00 | F_RN | F_RD}};

/* The optional features arx implements (target-arm/features.def). */
static const struct dt_template t_feat_gpr[] = {
    {0xba000400, 0x001f8000 | F_RN | 0xf}, /* RMIF */
    {0x3a00080d, 0x4000 | F_RN},           /* SETF8, SETF16 */
    {0xd500401f, 0x60},                    /* CFINV, XAFLAG, AXFLAG (11) */
};
static const struct dt_template t_feat_dot[] = {
    {0x0e809400, F_Q | F_U | F_RM | F_RN | F_RD},             /* SDOT, UDOT */
    {0x0f80e000, F_Q | F_U | 0x3f0000 | 0x800 | F_RN | F_RD}, /* by element */
    {0x0e809c00, F_Q | F_RM | F_RN | F_RD},                   /* USDOT */
    {0x0f00f000, F_Q | 0x800000 | 0x3f0000 | 0x800 | F_RN | F_RD}, /* xDOT */
    {0x4e80a400, F_U | F_RM | F_RN | F_RD}, /* SMMLA, UMMLA */
    {0x4e80ac00, F_RM | F_RN | F_RD},       /* USMMLA */
};
static const struct dt_template t_feat_fcma[] = {
    {0x2e00c400, F_Q | F_SIZE | F_RM | 0x1800 | F_RN | F_RD},     /* FCMLA */
    {0x2e00e400, F_Q | F_SIZE | F_RM | 0x1000 | F_RN | F_RD},     /* FCADD */
    {0x2f001000, F_Q | F_SIZE | 0x3f0000 | 0x6800 | F_RN | F_RD}, /* elem */
};
static const struct dt_template t_feat_sm[] = {
    {0xce400000, F_RM | F_RA | F_RN | F_RD},   /* SM3SS1 */
    {0xce408000, F_RM | 0x3c00 | F_RN | F_RD}, /* SM3TT1A/1B/2A/2B */
    {0xce60c000, F_RM | 0x0c00 | F_RN | F_RD}, /* SM3PARTW1/2, SM4EKEY */
    {0xcec08400, F_RN | F_RD},                 /* SM4E */
};
static const struct dt_template t_feat_bf16[] = {
    {0x1e634000, F_RN | F_RD},                          /* BFCVT */
    {0x0ea16800, F_Q | F_RN | F_RD},                    /* BFCVTN{2} */
    {0x2e40fc00, F_Q | F_RM | F_RN | F_RD},             /* BFDOT */
    {0x6e40ec00, F_RM | F_RN | F_RD},                   /* BFMMLA */
    {0x2ec0fc00, F_Q | F_RM | F_RN | F_RD},             /* BFMLALB/T */
    {0x0f40f000, F_Q | 0x3f0000 | 0x800 | F_RN | F_RD}, /* BFDOT elem */
    {0x0fc0f000, F_Q | 0x3f0000 | 0x800 | F_RN | F_RD}, /* BFMLAL elem */
};
static const struct dt_template t_feat_frint[] = {
    {0x1e284000, 0x00400000 | 0x18000 | F_RN | F_RD},            /* scalar */
    {0x0e21e800, F_Q | F_U | 0x00400000 | 0x1000 | F_RN | F_RD}, /* vector */
};

/* AXFLAG/XAFLAG/CFINV: op2 11 is not one of them. */
static bool feat_gpr_ok(uint32_t insn)
{
    return (insn & 0xffffff9f) != 0xd500401f || bits(insn, 5, 2) != 3;
}

/* Vector FRINT32/64 of D elements needs Q. */
static bool feat_frint_ok(uint32_t insn)
{
    return !(bits(insn, 28, 1) == 0 && bits(insn, 22, 1) && !bits(insn, 30, 1));
}

/* ---- SVE (VL 128: Zn is Vn; the predicates are in the state) ---- */

/* LASTA/B, CLASTA/B (scalar, SIMD&FP, vectors), CPY (scalar, SIMD&FP),
 * INSR (scalar, SIMD&FP). */
static const struct dt_template t_sve_extract[] = {
    {0x0520a000, 0x00c11fff}, {0x05228000, 0x00c11fff},
    {0x0530a000, 0x00c11fff}, {0x052a8000, 0x00c11fff},
    {0x05288000, 0x00c11fff}, {0x0528a000, 0x00c01fff},
    {0x05208000, 0x00c01fff}, {0x05243800, 0x00c003ff},
    {0x05343800, 0x00c003ff}};
/* EXT, SPLICE, COMPACT, TBL, RBIT. */
static const struct dt_template t_sve_permute[] = {{0x05200000, 0x001f1fff},
                                                   {0x052c8000, 0x00c01fff},
                                                   {0x05218000, 0x00c01fff},
                                                   {0x05203000, 0x00df03ff},
                                                   {0x05278000, 0x00c01fff}};
/* BRKA/B(S), BRKN(S), BRKPA/B(S), PFIRST, PNEXT. */
static const struct dt_template t_sve_break[] = {{0x25104000, 0x00c03dff},
                                                 {0x25184000, 0x00403def},
                                                 {0x2500c000, 0x004f3dff},
                                                 {0x2558c000, 0x000001ef},
                                                 {0x2519c400, 0x00c001ef}};
/* CNTP, INCP/DECP, SQINCP ... UQDECP (scalar, vector), CTERMEQ/NE,
 * SQINC ... UQDEC (vector, by pattern). */
static const struct dt_template t_sve_count[] = {
    {0x25208000, 0x00c03dff}, {0x252c8800, 0x00c101ff},
    {0x252c8000, 0x00c101ff}, {0x25288800, 0x00c305ff},
    {0x25288000, 0x00c301ff}, {0x25a02000, 0x005f03f0},
    {0x0420c000, 0x00cf0fff}};

/* The foundation's predicate group: PTRUE(S), PFALSE, PTEST, AND ...
 * NAND(S), RDFFR(S), SETFFR, WRFFR, WHILELO/LS/LT/LE, CMP* (vectors,
 * wide, signed and unsigned immediates). */
static const struct dt_template t_sve_pred[] = {
    {0x2518e000, 0x00c103ef}, {0x2518e400, 0x0000000f},
    {0x2550c000, 0x00003de0}, {0x25004000, 0x00cf3fff},
    {0x2518f000, 0x004001ef}, {0x2519f000, 0x0000000f},
    {0x252c9000, 0x00000000}, {0x25289000, 0x000001e0},
    {0x25200400, 0x00df1bff}, {0x24000000, 0x00dfbfff},
    {0x25000000, 0x00dfbfff}, {0x24200000, 0x00dfffff}};
/* The foundation's permutes: ZIP/UZP/TRN (P, Z), REV (P, Z), PUNPK,
 * S/UUNPK, REVB/H/W, DUP (indexed), SEL. */
static const struct dt_template t_sve_perm_base[] = {
    {0x05204000, 0x00cf1def}, {0x05344000, 0x00c001ef},
    {0x05304000, 0x000101ef}, {0x05206000, 0x00df1fff},
    {0x05303800, 0x00c303ff}, {0x05383800, 0x00c003ff},
    {0x05248000, 0x00c31fff}, {0x05202000, 0x00df03ff},
    {0x0520c000, 0x00df3fff}};

/* The foundation's element counts: CNT*, INC/DEC (scalar, vector),
 * SQINC ... UQDEC (scalar), ADDVL, ADDPL, RDVL. */
static const struct dt_template t_sve_elements[] = {
    {0x0420e000, 0x00cf03ff}, {0x0430e000, 0x00cf07ff},
    {0x0430c000, 0x00cf07ff}, {0x0420f000, 0x00df0fff},
    {0x04205000, 0x001f07ff}, {0x04605000, 0x001f07ff},
    {0x04bf5000, 0x000007ff}};

/* ---- SVE data processing (VL 128) ---- */

/* Integer: binary predicated (ADD..UDIVR, ORR..BIC), reductions (SADDV..
 * ANDV), MLA MLS MAD MSB, shifts predicated (by immediate, vector, wide),
 * unary (SXT* UXT* ABS NEG CLS CLZ CNT CNOT FABS FNEG NOT), unpredicated
 * ADD..UQSUB and AND..BIC, INDEX, shifts unpredicated (wide, immediate),
 * ADR, bitwise immediate and DUPM, CPY/FCPY (immediate), wide immediates
 * (ADD..UQSUB, SMAX..UMIN, MUL, DUP, FDUP), SDOT UDOT (vectors, indexed). */
static const struct dt_template t_sve_int[] = {
    {0x04000000, 0x00df1fff}, {0x04002000, 0x00df1fff},
    {0x04004000, 0x00dfbfff}, {0x04008000, 0x00c71fff},
    {0x04108000, 0x00cf1fff}, {0x0410a000, 0x00cf1fff},
    {0x04200000, 0x00df1fff}, {0x04203000, 0x00df03ff},
    {0x04204000, 0x00df0fff}, {0x04208000, 0x00df1fff},
    {0x0420a000, 0x00df0fff}, {0x05000000, 0x00c3ffff},
    {0x05100000, 0x00cfffff}, {0x2520c000, 0x00df3fff},
    {0x44800000, 0x007f07ff}};

/* CMP<cc> (vectors, wide, unsigned and signed immediates), FCM<cc> and
 * FAC<cc> (vectors), FCM<cc> with #0.0. */
static const struct dt_template t_sve_cmp[] = {{0x24000000, 0x00dfffff},
                                               {0x24200000, 0x00dfffff},
                                               {0x25000000, 0x00dfbfff},
                                               {0x65004000, 0x00dfbfff},
                                               {0x65102000, 0x00c31fff}};

/* FP: unpredicated (FADD FSUB FMUL FTSMUL FRECPS FRSQRTS), predicated
 * (FADD..FDIV), FTMAD, with an immediate, FMLA..FNMSB, FMLA/FMLS/FMUL
 * (indexed), FCMLA (vectors), FCADD, FCMLA (indexed), unary and converts
 * (FRINT* FRECPX FSQRT FCVT SCVTF UCVTF FCVTZS FCVTZU), FADDV..FMINV,
 * FADDA, FRECPE FRSQRTE, FTSSEL, FEXPA, FDUP, FCPY. */
static const struct dt_template t_sve_fp[] = {
    {0x65000000, 0x00df1fff}, {0x65008000, 0x00cf1fff},
    {0x65108000, 0x00c703ff}, {0x65188000, 0x00c71c3f},
    {0x65200000, 0x00dfffff}, {0x64200000, 0x00df07ff},
    {0x64202000, 0x00df03ff}, {0x64000000, 0x00df7fff},
    {0x64008000, 0x00c11fff}, {0x64a01000, 0x005f0fff},
    {0x6500a000, 0x00df1fff}, {0x65002000, 0x00c71fff},
    {0x65182000, 0x00c01fff}, {0x650e3000, 0x00c103ff},
    {0x0420b000, 0x00df03ff}, {0x0420b800, 0x00c003ff},
    {0x2539c000, 0x00c01fff}, {0x0510c000, 0x00cf1fff}};

/* SVE2: one template per allocated group (named as the a64/sve2.decode
 * patterns; not the non-temporal loads and stores, which would need DT_MEM
 * with a vector base), and the
 * whole 0x44 (bit 21 = 0) and 0x45 spaces, where an allocated encoding
 * arx does not decode shows as arx-ILL. */
static const struct dt_template t_sve_sve2[] = {
    {0x44000000, 0x00dfffff}, /* the 0x44 space, bit 21 = 0 */
    {0x45000000, 0x00ffffff}, /* the 0x45 space */
    {0x44108000, 0x00c71fff}, /* HALVE */
    {0x4410a000, 0x00c71fff}, /* PAIRWISE */
    {0x45000000, 0x00df3fff}, /* ADDSUB_long */
    {0x45004000, 0x00df1fff}, /* ADDSUB_wide */
    {0x45006000, 0x00df1fff}, /* MUL_long */
    {0x4500a000, 0x005f0fff}, /* SHLL */
    {0x45200000, 0x005f3fff}, /* SHRN */
    {0x45204000, 0x00581fff}, /* XTN */
    {0x45206000, 0x00df1fff}, /* ADDHN */
    {0x04203800, 0x00df07ff}, /* TERNARY */
    {0x04203400, 0x00df03ff}, /* XAR */
    {0x4500e000, 0x00df0fff}, /* SRA */
    {0x04206000, 0x00df0fff}, /* MUL_zzz */
    {0x04207000, 0x00df07ff}, /* SQDMULH_zzz */
    {0x44007000, 0x00df07ff}, /* SQRDMLAH_zzz */
    {0x44200000, 0x005fffff}, /* IDX_h */
    {0x44a00000, 0x001fffff}, /* IDX_s */
    {0x44e00000, 0x001fffff}, /* IDX_d */
    {0x25200000, 0x00df1bff}, /* WHILE_down */
    {0x25203000, 0x00df03ff}, /* WHILE_ptr */
    {0x45208000, 0x00df1fff}, /* MATCH */
    {0x05600000, 0x001f1fff}, /* EXT_con */
    {0x05202800, 0x00df03ff}, /* TBL2 */
    {0x05202c00, 0x00df03ff}, /* TBX */
    {0x4520c000, 0x00df1fff}, /* HISTCNT */
    {0x4520a000, 0x001f03ff}, /* HISTSEG */
    {0x4500b000, 0x00df0fff}, /* BITPERM */
    {0x44004000, 0x00df1fff}, /* MLAL */
    {0x44006000, 0x00df0fff}, /* SQDMLAL */
    {0x4500f800, 0x00df07ff}, /* ABA */
    {0x4500c000, 0x00df0fff}, /* ABAL */
    {0x4404a000, 0x00c11fff}, /* ADALP */
    {0x4500d000, 0x00df07ff}, /* ADCL */
    {0x4500f000, 0x00df07ff}, /* SRI_SLI */
    {0x44188000, 0x00c71fff}, /* SATADD */
    {0x44008000, 0x00cf1fff}, /* SHL_zpzz */
    {0x04008000, 0x00cf1fff}, /* SHIFT2_zpzi */
    {0x4408a000, 0x00c11fff}, /* SQABS */
    {0x4500d800, 0x00c107ff}, /* CADD */
    {0x45009000, 0x00df07ff}, /* EORBT */
    {0x45008000, 0x00df0fff}, /* ADDSUB_lbt */
    {0x4522e000, 0x000007ff}, /* AESE */
    {0x4520e000, 0x0000041f}, /* AESMC */
    {0x4523e000, 0x000003ff}, /* SM4E */
    {0x4520f000, 0x001f03ff}, /* SM4EKEY */
    {0x4520f400, 0x001f03ff}, /* RAX1 */
    {0x64108000, 0x00c71fff}, /* FP_PAIRWISE */
    {0x6408a000, 0x00c31fff}, /* FCVT_nt */
    {0x650aa000, 0x00001fff}, /* FCVTX */
    {0x6518a000, 0x00061fff}, /* FLOGB */
    {0x4480a000, 0x00011fff}, /* URECPE */
    {0x44002000, 0x00df1fff}, /* CMLA */
    {0x44801000, 0x005f0fff}, /* CDOT */
    {0x44000800, 0x00df07ff}, /* SQDMLALBT */
    {0x64a08000, 0x001f27ff}, /* FMLAL */
    {0x64a04000, 0x001f2fff} /* FMLAL_idx */};

/* The SVE forms of BF16, F32MM and F64MM: BFCVT(NT), BFDOT, BFMLALB/T,
 * BFMMLA, FMMLA (I8MM's are in the 0x45 space of sve_sve2). */
static const struct dt_template t_sve_mm[] = {
    {0x648aa000, 0x01001fff}, {0x64608000, 0x001f03ff},
    {0x64604000, 0x001f03ff}, {0x64e08000, 0x001f07ff},
    {0x64e04000, 0x001f0fff}, {0x6420e400, 0x00df03ff}};

/* Destructive forms MOVPRFX may prefix: binary predicated, MLA..MSB,
 * shifts (immediate, vector, wide), unary predicated, FP binary predicated
 * and immediate, FMLA family, FCADD, FCMLA, SDOT/UDOT, FTMAD, the
 * unpredicated wide immediates (not DUP/FDUP: sve_movprfx_ok). */
static const struct dt_template t_sve_movprfx[] = {
    {0x04000000, 0x00df1fff}, {0x04004000, 0x00dfbfff},
    {0x04008000, 0x00c71fff}, {0x04108000, 0x00cf1fff},
    {0x0410a000, 0x00cf1fff}, {0x65008000, 0x00cf1fff},
    {0x65188000, 0x00c71c3f}, {0x65200000, 0x00dfffff},
    {0x64008000, 0x00c11fff}, {0x64000000, 0x00df7fff},
    {0x44800000, 0x007f07ff}, {0x65108000, 0x00c703ff},
    {0x2520c000, 0x00df3fff}};

/* Whether insn is governed by Pg in bits 12:10 on elements of the size in
 * bits 23:22 (so a predicated MOVPRFX with the same may prefix it): not the
 * wide immediates, DOT, FTMAD, or the shifts by immediate (tsz). */
static bool movprfx_pg_size(uint32_t insn)
{
    unsigned top = insn >> 24;

    if (top == 0x25 || top == 0x44)
        return false;
    if (top == 0x04 && bits(insn, 13, 3) == 4 && !bits(insn, 20, 1))
        return false;
    return !(top == 0x65 && bits(insn, 19, 3) == 2);
}

uint32_t dt_movprfx_for(uint32_t insn)
{
    uint32_t h = insn * 0x9e3779b1u;
    unsigned rd = bits(insn, 0, 5), form = (h >> 8) % 3;
    unsigned zs = (rd + 1 + (h >> 27) % 31) % 32;

    if (form == 0 || !movprfx_pg_size(insn))
        return 0x0420bc00u | zs << 5 | rd;
    return 0x04102000u | (insn & 0x00c01c00u) | (form == 2 ? 1u << 16 : 0) |
           zs << 5 | rd;
}

/* A prefixed instruction must not read Zd other than as its destructive
 * operand (CONSTRAINED UNPREDICTABLE): Zd differs from the fields at 9:5
 * and 20:16 (where those are immediates, a few draws too many go). DUP and
 * FDUP (immediate) are not destructive. */
static bool sve_movprfx_ok(uint32_t insn)
{
    unsigned rd = bits(insn, 0, 5);

    if ((insn & 0xff38c000u) == 0x2538c000u)
        return false;
    return rd != bits(insn, 5, 5) && rd != bits(insn, 16, 5);
}

/* MOVPRFX (predicated) alone, before the RET, is CONSTRAINED UNPREDICTABLE:
 * only a prefix of a destructive instruction is defined. */
static bool sve_int_ok(uint32_t insn)
{
    return (insn & 0xff3ee000u) != 0x04102000u;
}

/* ADDVL, ADDPL with SP: the stack differs (and the harness needs it). */
static bool sve_elements_ok(uint32_t insn)
{
    return (insn & 0xffa0f800u) != 0x04205000u ||
           (bits(insn, 16, 5) != 31 && bits(insn, 0, 5) != 31);
}

/* CPY Zd, Pg/M, SP: the stack differs between the emulators. */
static bool sve_extract_ok(uint32_t insn)
{
    return (insn & 0xff3fe000u) != 0x0528a000u || bits(insn, 5, 5) != 31;
}

#define DT_CLASS(name, what, flags, filter, templates)                         \
    {                                                                          \
        name, what, flags, filter, templates,                                  \
            sizeof(templates) / sizeof(templates[0])                           \
    }

const struct dt_class dt_classes[] = {
    DT_CLASS("fp_1src",
             "FP data-processing 1 source (FMOV FABS FNEG FSQRT FCVT FRINT*)",
             DT_FPTYPE, fp_type_ok, t_fp_1src),
    DT_CLASS(
        "fp_2src",
        "FP data-processing 2 source (FMUL FDIV FADD FSUB FMAX FMIN FMAXNM FMINNM FNMUL)",
        DT_FPTYPE, fp_type_ok, t_fp_2src),
    DT_CLASS("fp_3src",
             "FP data-processing 3 source (FMADD FMSUB FNMADD FNMSUB)",
             DT_FPTYPE, fp_type_ok, t_fp_3src),
    DT_CLASS("fp_cmp", "FP compare (FCMP FCMPE, with zero)", DT_FPTYPE,
             fp_type_ok, t_fp_cmp),
    DT_CLASS("fp_ccmp", "FP conditional compare (FCCMP FCCMPE)", DT_FPTYPE,
             fp_type_ok, t_fp_ccmp),
    DT_CLASS("fp_csel", "FP conditional select (FCSEL)", DT_FPTYPE, fp_type_ok,
             t_fp_csel),
    DT_CLASS("fp_imm", "FP immediate (FMOV)", DT_FPTYPE, fp_type_ok, t_fp_imm),
    DT_CLASS("fp_int",
             "FP <-> integer (FCVT[NPMZA][SU] SCVTF UCVTF FMOV FJCVTZS)",
             DT_GPR_RD | DT_FPTYPE, fp_int_ok, t_fp_int),
    DT_CLASS("fp_fixed",
             "FP <-> fixed point (SCVTF UCVTF FCVTZS FCVTZU #fbits)",
             DT_GPR_RD | DT_FPTYPE, fp_fixed_ok, t_fp_fixed),
    DT_CLASS("fp_frint", "FRINT[NPMZAXI] FRINT32/64[ZX] scalar", DT_FPTYPE,
             fp_type_ok, t_fp_frint),
    DT_CLASS("fp_recip", "FRECPE FRSQRTE FRECPS FRSQRTS FRECPX URECPE URSQRTE",
             0, NULL, t_fp_recip),
    DT_CLASS("simd_3same_int", "AdvSIMD three same, integer opcodes", 0, NULL,
             t_simd_3same_int),
    DT_CLASS("simd_3same_fp", "AdvSIMD three same, FP opcodes (S/D)", 0, NULL,
             t_simd_3same_fp),
    DT_CLASS("simd_3same_fp16", "AdvSIMD three same (FP16)", DT_FP16, NULL,
             t_simd_3same_fp16),
    DT_CLASS("simd_3same_extra",
             "AdvSIMD three same extra (SQRDMLAH SDOT FCMLA FCADD ...)", 0,
             NULL, t_simd_3same_extra),
    DT_CLASS("simd_3diff", "AdvSIMD three different (long/wide/narrow, PMULL)",
             0, NULL, t_simd_3diff),
    DT_CLASS(
        "simd_2misc_lo",
        "AdvSIMD two-register misc, opcodes 0-15 (REV CNT CLS SADDLP ABS NEG CM*0 ...)",
        0, NULL, t_simd_2misc_lo),
    DT_CLASS(
        "simd_2misc_hi",
        "AdvSIMD two-register misc, opcodes 16-31 (XTN SHLL FCVT* FRINT* SCVTF FRECPE FSQRT ...)",
        0, NULL, t_simd_2misc_hi),
    DT_CLASS("simd_2misc_fp16", "AdvSIMD two-register misc (FP16)", DT_FP16,
             simd_fp16_misc_ok, t_simd_2misc_fp16),
    DT_CLASS("simd_across",
             "AdvSIMD across lanes (ADDV SADDLV SMAXV FMAXNMV ...)", 0,
             across_lanes_ok, t_simd_across),
    DT_CLASS("simd_copy", "AdvSIMD copy (DUP INS UMOV SMOV)", DT_GPR_RD,
             copy_ok, t_simd_copy),
    DT_CLASS("simd_modimm",
             "AdvSIMD modified immediate (MOVI MVNI ORR BIC FMOV)", 0, NULL,
             t_simd_modimm),
    DT_CLASS("simd_shift", "AdvSIMD shift by immediate", 0, immh_nonzero,
             t_simd_shift),
    DT_CLASS("simd_elem", "AdvSIMD vector x indexed element", 0, NULL,
             t_simd_elem),
    DT_CLASS("simd_permute", "AdvSIMD permute (ZIP UZP TRN)", 0, permute_ok,
             t_simd_permute),
    DT_CLASS("simd_ext", "AdvSIMD EXT", 0, NULL, t_simd_ext),
    DT_CLASS("simd_tbl", "AdvSIMD TBL TBX", 0, NULL, t_simd_tbl),
    DT_CLASS("scalar_3same", "AdvSIMD scalar three same", 0, NULL,
             t_scalar_3same),
    DT_CLASS("scalar_3same_fp16", "AdvSIMD scalar three same (FP16)", DT_FP16,
             NULL, t_scalar_3same_fp16),
    DT_CLASS("scalar_3same_extra",
             "AdvSIMD scalar three same extra (SQRDMLAH SQRDMLSH)", 0, NULL,
             t_scalar_3same_extra),
    DT_CLASS("scalar_3diff",
             "AdvSIMD scalar three different (SQDMLAL SQDMLSL SQDMULL)", 0,
             NULL, t_scalar_3diff),
    DT_CLASS("scalar_2misc", "AdvSIMD scalar two-register misc", 0, NULL,
             t_scalar_2misc),
    DT_CLASS("scalar_2misc_fp16", "AdvSIMD scalar two-register misc (FP16)",
             DT_FP16, scalar_fp16_misc_ok, t_scalar_2misc_fp16),
    DT_CLASS("scalar_pairwise",
             "AdvSIMD scalar pairwise (ADDP FADDP FMAXP ...)", 0, NULL,
             t_scalar_pairwise),
    DT_CLASS("scalar_copy", "AdvSIMD scalar copy (DUP/MOV element)", 0, copy_ok,
             t_scalar_copy),
    DT_CLASS("scalar_shift", "AdvSIMD scalar shift by immediate", 0,
             immh_nonzero, t_scalar_shift),
    DT_CLASS("scalar_elem", "AdvSIMD scalar x indexed element", 0, NULL,
             t_scalar_elem),
    DT_CLASS("ldst_multi", "LD1-4/ST1-4 multiple structures", DT_MEM,
             ldst_multi_ok, t_ldst_multi),
    DT_CLASS("ldst_multi_post", "LD1-4/ST1-4 multiple structures, post-index",
             DT_MEM | DT_MEM_RM, ldst_multi_ok, t_ldst_multi_post),
    DT_CLASS("ldst_single", "LD1-4/ST1-4 single structure, LD1R-LD4R", DT_MEM,
             NULL, t_ldst_single),
    DT_CLASS("ldst_single_post",
             "LD1-4/ST1-4 single structure, LDnR, post-index",
             DT_MEM | DT_MEM_RM, NULL, t_ldst_single_post),
    DT_CLASS("ldst_uimm", "LDR/STR B/H/S/D/Q unsigned offset", DT_MEM, NULL,
             t_ldst_uimm),
    DT_CLASS("ldst_imm9", "LDUR/STUR and pre/post-index LDR/STR B/H/S/D/Q",
             DT_MEM, NULL, t_ldst_imm9),
    DT_CLASS("ldst_roff", "LDR/STR B/H/S/D/Q register offset",
             DT_MEM | DT_MEM_RM, ldst_roff_ok, t_ldst_roff),
    DT_CLASS("ldst_pair", "LDP/STP/LDNP/STNP S/D/Q", DT_MEM, ldst_pair_ok,
             t_ldst_pair),
    DT_CLASS("crypto_aes", "AESE AESD AESMC AESIMC", 0, NULL, t_crypto_aes),
    DT_CLASS("crypto_sha", "SHA1 and SHA256 (three- and two-register)", 0,
             sha_ok, t_crypto_sha),
    DT_CLASS("crypto_sha512", "SHA512H/H2/SU0/SU1 RAX1 SM3PARTW SM4E SM4EKEY",
             0, NULL, t_crypto_sha512),
    DT_CLASS("crypto_sha3", "EOR3 BCAX XAR SM3SS1 SM3TT*", 0, sha3_ok,
             t_crypto_sha3),
    DT_CLASS("crypto_pmull", "PMULL/PMULL2 8B and 1Q", 0, NULL, t_crypto_pmull),
    DT_CLASS("crc32", "CRC32B/H/W/X CRC32CB/H/W/X", DT_GPR_RD, crc32_ok,
             t_crc32),
    DT_CLASS("feat_flagm",
             "RMIF SETF8 SETF16 CFINV XAFLAG AXFLAG (FlagM, FlagM2)", 0,
             feat_gpr_ok, t_feat_gpr),
    DT_CLASS("feat_dot",
             "SDOT UDOT USDOT SUDOT SMMLA UMMLA USMMLA (DotProd, I8MM)", 0,
             NULL, t_feat_dot),
    DT_CLASS("feat_fcma", "FCMLA (vector, by element) FCADD (FCMA)", 0, NULL,
             t_feat_fcma),
    DT_CLASS("feat_sm", "SM3SS1 SM3TT* SM3PARTW1/2 SM4E SM4EKEY (SM3, SM4)", 0,
             NULL, t_feat_sm),
    DT_CLASS("feat_bf16", "BFCVT BFCVTN BFDOT BFMMLA BFMLALB/T (BF16)", 0, NULL,
             t_feat_bf16),
    DT_CLASS("feat_frint", "FRINT32Z FRINT32X FRINT64Z FRINT64X (FRINTTS)", 0,
             feat_frint_ok, t_feat_frint),
    DT_CLASS("sve_pred",
             "SVE PTRUE PFALSE PTEST P-logic RDFFR WRFFR WHILE CMP (P, Z)",
             DT_SVE, NULL, t_sve_pred),
    DT_CLASS("sve_perm_base",
             "SVE ZIP/UZP/TRN REV (P, Z) PUNPK UNPK REVB/H/W DUP(x) SEL",
             DT_SVE, NULL, t_sve_perm_base),
    DT_CLASS("sve_elements", "SVE CNT* INC/DEC SQINC..UQDEC ADDVL ADDPL RDVL",
             DT_SVE | DT_GPR_RD, sve_elements_ok, t_sve_elements),
    DT_CLASS("sve_extract", "SVE LASTA/B CLASTA/B CPY INSR (scalar, V, Z)",
             DT_SVE | DT_GPR_RD, sve_extract_ok, t_sve_extract),
    DT_CLASS("sve_permute", "SVE EXT SPLICE COMPACT TBL RBIT", DT_SVE, NULL,
             t_sve_permute),
    DT_CLASS("sve_break", "SVE BRKA/B BRKN BRKPA/B (S) PFIRST PNEXT", DT_SVE,
             NULL, t_sve_break),
    DT_CLASS("sve_count",
             "SVE CNTP INCP DECP SQINCP..UQDECP CTERM SQINC..UQDEC (vector)",
             DT_SVE | DT_GPR_RD, NULL, t_sve_count),
    DT_CLASS("sve_int",
             "SVE integer arithmetic, logic, shifts, reductions, immediates, "
             "INDEX ADR DOT",
             DT_SVE, sve_int_ok, t_sve_int),
    DT_CLASS("sve_cmp",
             "SVE CMP<cc> (vectors, wide, immediate) FCM<cc> FAC<cc>", DT_SVE,
             NULL, t_sve_cmp),
    DT_CLASS("sve_fp",
             "SVE FP arithmetic, FMLA family, FCMLA FCADD, unary, converts, "
             "estimates, reductions, FTMAD FTSMUL FTSSEL FEXPA",
             DT_SVE, NULL, t_sve_fp),
    DT_CLASS("sve_sve2",
             "SVE2 integer, widening, narrowing, bitwise, complex, crypto, "
             "WHILE*, TBL/TBX, FP pairwise, FCVTNT/LT, FMLAL*",
             DT_SVE, NULL, t_sve_sve2),
    DT_CLASS("sve_mm",
             "SVE BFCVT BFDOT BFMLALB/T BFMMLA FMMLA (BF16, F32MM, "
             "F64MM)",
             DT_SVE, NULL, t_sve_mm),
    DT_CLASS("sve_movprfx",
             "SVE MOVPRFX (unpredicated, zeroing, merging) + a destructive "
             "instruction",
             DT_SVE | DT_MOVPRFX, sve_movprfx_ok, t_sve_movprfx),
};

const size_t dt_class_count = sizeof(dt_classes) / sizeof(dt_classes[0]);

const struct dt_class *dt_class_find(const char *name)
{
    for (size_t i = 0; i < dt_class_count; i++)
        if (strcmp(dt_classes[i].name, name) == 0)
            return &dt_classes[i];
    return NULL;
}
