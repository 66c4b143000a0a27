/*
 * Advanced SIMD helpers: element loops over copies of env->v[] (so a
 * destination may alias a source), results stored with the bytes above
 * the operation size zeroed. FP elements go through helper_fp.c's cores.
 * Simple bitwise vector ops are inline IR in trans_simd.c, not here.
 */
#include <string.h>

#include "target-arm/helper_fp.h"
#include "target-arm/helper_simd.h"

typedef __int128 i128;

/* ---- descriptor and element access ---- */

typedef struct SimdDesc {
    int op;
    int esz;
    int oprsz;
    bool part2;
    bool is_unsigned;
    int imm;
} SimdDesc;

static SimdDesc simd_unpack(uint64_t desc)
{
    return (SimdDesc){
        .op = (int)(desc & 0xff),
        .esz = (int)((desc >> SIMD_DESC_ESZ_SHIFT) & 3),
        .oprsz = (int)((desc >> SIMD_DESC_OPRSZ_SHIFT) & 0x1f),
        .part2 = (desc & SIMD_DESC_PART2) != 0,
        .is_unsigned = (desc & SIMD_DESC_UNSIGNED) != 0,
        .imm = (int)((desc >> SIMD_DESC_IMM_SHIFT) & 0xff),
    };
}

static uint64_t esz_mask(int esz)
{
    return esz == 3 ? ~0ull : (1ull << (8 << esz)) - 1;
}

static uint64_t vget(const ARMVReg *v, int i, int esz)
{
    switch (esz) {
    case 0: return v->b[i];
    case 1: return v->h[i];
    case 2: return v->s[i];
    default: return v->d[i];
    }
}

static int64_t sext(uint64_t x, int esz)
{
    int shift = 64 - (8 << esz);
    return (int64_t)(x << shift) >> shift;
}

static int64_t vsget(const ARMVReg *v, int i, int esz)
{
    return sext(vget(v, i, esz), esz);
}

/* Element i, sign- or zero-extended. */
static int64_t vxget(const ARMVReg *v, int i, int esz, bool is_unsigned)
{
    return is_unsigned ? (int64_t)vget(v, i, esz) : vsget(v, i, esz);
}

static void vset(ARMVReg *v, int i, int esz, uint64_t x)
{
    switch (esz) {
    case 0: v->b[i] = (uint8_t)x; break;
    case 1: v->h[i] = (uint16_t)x; break;
    case 2: v->s[i] = (uint32_t)x; break;
    default: v->d[i] = x; break;
    }
}

/* Vd = the first bytes of r; the rest of the 128 bits is zeroed. */
static void simd_store(CPUARMState *env, uint64_t rd, const ARMVReg *r,
                       int bytes)
{
    ARMVReg out;
    memset(&out, 0, sizeof(out));
    memcpy(out.b, r->b, (size_t)bytes);
    env->v[rd & 31] = out;
}

static CPUARMState *env_of(uint64_t env)
{
    return (CPUARMState *)env;
}

/* ---- saturation (FPSR.QC) ---- */

static uint64_t sat_signed(CPUARMState *env, i128 v, int esz)
{
    int bits = 8 << esz;
    i128 max = ((i128)1 << (bits - 1)) - 1;
    i128 min = -max - 1;

    if (v > max) {
        env->fpsr |= FPSR_QC;
        v = max;
    } else if (v < min) {
        env->fpsr |= FPSR_QC;
        v = min;
    }
    return (uint64_t)v & esz_mask(esz);
}

static uint64_t sat_unsigned(CPUARMState *env, i128 v, int esz)
{
    i128 max = ((i128)1 << (8 << esz)) - 1;

    if (v > max) {
        env->fpsr |= FPSR_QC;
        v = max;
    } else if (v < 0) {
        env->fpsr |= FPSR_QC;
        v = 0;
    }
    return (uint64_t)v;
}

/* v >> n with optional rounding, n from 0 up to 128. */
static i128 shift_right(i128 v, int n, bool round)
{
    if (n == 0) {
        return v;
    }
    if (n >= 127) {
        return v < 0 && !round ? -1 : 0;
    }
    if (round) {
        v += (i128)1 << (n - 1);
    }
    return v >> n;
}

/*
 * USHL/SSHL family: the shift is the signed low byte of b; left shifts
 * saturate or wrap, right shifts may round. Result as a wide value.
 */
static i128 shift_by_reg(i128 v, uint64_t b, int bits, bool round)
{
    int shift = (int8_t)(b & 0xff);

    if (shift >= bits) {
        /* Out of range: a value whose low bits are 0 and that saturates. */
        i128 huge = (i128)1 << 100;
        return v == 0 ? 0 : v < 0 ? -huge : huge;
    }
    if (shift >= 0) {
        return v * ((i128)1 << shift);
    }
    return shift_right(v, -shift, round);
}

/* ---- integer element operations ---- */

static uint64_t pmul8(uint64_t a, uint64_t b)
{
    uint64_t r = 0;
    for (int i = 0; i < 8; i++) {
        if (b & (1u << i)) {
            r ^= a << i;
        }
    }
    return r;
}

/* One element of an SI_* op; d is the old destination element. */
static uint64_t simd_int_op(CPUARMState *env, int op, int esz, uint64_t a,
                            uint64_t b, uint64_t d)
{
    int bits = 8 << esz;
    uint64_t mask = esz_mask(esz);
    int64_t sa = sext(a, esz), sb = sext(b, esz);
    uint64_t r;

    switch (op) {
    case SI_ADD: r = a + b; break;
    case SI_SUB: r = a - b; break;
    case SI_MUL: r = a * b; break;
    case SI_MLA: r = d + a * b; break;
    case SI_MLS: r = d - a * b; break;
    case SI_CMEQ: r = a == b ? mask : 0; break;
    case SI_CMGT: r = sa > sb ? mask : 0; break;
    case SI_CMGE: r = sa >= sb ? mask : 0; break;
    case SI_CMHI: r = a > b ? mask : 0; break;
    case SI_CMHS: r = a >= b ? mask : 0; break;
    case SI_CMTST: r = (a & b) ? mask : 0; break;
    case SI_UMAX: r = a > b ? a : b; break;
    case SI_UMIN: r = a < b ? a : b; break;
    case SI_SMAX: r = sa > sb ? a : b; break;
    case SI_SMIN: r = sa < sb ? a : b; break;
    case SI_USHL: r = (uint64_t)shift_by_reg(a, b, bits, false); break;
    case SI_SSHL: r = (uint64_t)shift_by_reg(sa, b, bits, false); break;
    case SI_URSHL: r = (uint64_t)shift_by_reg(a, b, bits, true); break;
    case SI_SRSHL: r = (uint64_t)shift_by_reg(sa, b, bits, true); break;
    case SI_UQSHL:
    case SI_UQRSHL:
        r = sat_unsigned(env, shift_by_reg(a, b, bits, op == SI_UQRSHL), esz);
        break;
    case SI_SQSHL:
    case SI_SQRSHL:
        r = sat_signed(env, shift_by_reg(sa, b, bits, op == SI_SQRSHL), esz);
        break;
    case SI_UHADD: r = (uint64_t)(((i128)a + b) >> 1); break;
    case SI_SHADD: r = (uint64_t)(((i128)sa + sb) >> 1); break;
    case SI_URHADD: r = (uint64_t)(((i128)a + b + 1) >> 1); break;
    case SI_SRHADD: r = (uint64_t)(((i128)sa + sb + 1) >> 1); break;
    case SI_UHSUB: r = (uint64_t)(((i128)a - b) >> 1); break;
    case SI_SHSUB: r = (uint64_t)(((i128)sa - sb) >> 1); break;
    case SI_UQADD: r = sat_unsigned(env, (i128)a + b, esz); break;
    case SI_SQADD: r = sat_signed(env, (i128)sa + sb, esz); break;
    case SI_UQSUB: r = sat_unsigned(env, (i128)a - b, esz); break;
    case SI_SQSUB: r = sat_signed(env, (i128)sa - sb, esz); break;
    case SI_UABD: r = a > b ? a - b : b - a; break;
    case SI_SABD: r = sa > sb ? a - b : b - a; break;
    case SI_UABA: r = d + (a > b ? a - b : b - a); break;
    case SI_SABA: r = d + (sa > sb ? a - b : b - a); break;
    case SI_SQDMULH:
        r = sat_signed(env, ((i128)sa * sb * 2) >> bits, esz);
        break;
    case SI_SQRDMULH:
        r = sat_signed(
            env, ((i128)sa * sb * 2 + ((i128)1 << (bits - 1))) >> bits, esz);
        break;
    case SI_PMUL: r = pmul8(a, b); break;
    default: r = 0; break;
    }
    return r & mask;
}

/* ADDP/UMAXP/...: the pairwise op's element operation. */
static int simd_pairwise_base(int op)
{
    switch (op) {
    case SI_ADDP: return SI_ADD;
    case SI_UMAXP: return SI_UMAX;
    case SI_UMINP: return SI_UMIN;
    case SI_SMAXP: return SI_SMAX;
    case SI_SMINP: return SI_SMIN;
    default: return -1;
    }
}

static int simd_3same_core(CPUARMState *env, SimdDesc d, const ARMVReg *vd,
                           const ARMVReg *vn, const ARMVReg *vm, ARMVReg *r)
{
    int elems = d.oprsz >> d.esz;
    int base = simd_pairwise_base(d.op);

    for (int i = 0; i < elems; i++) {
        uint64_t a, b;
        if (base >= 0) {
            const ARMVReg *src = i < elems / 2 ? vn : vm;
            int j = (i % (elems / 2)) * 2;
            a = vget(src, j, d.esz);
            b = vget(src, j + 1, d.esz);
            vset(r, i, d.esz, simd_int_op(env, base, d.esz, a, b, 0));
        } else {
            a = vget(vn, i, d.esz);
            b = vget(vm, i, d.esz);
            vset(r, i, d.esz,
                 simd_int_op(env, d.op, d.esz, a, b, vget(vd, i, d.esz)));
        }
    }
    return d.oprsz;
}

uint64_t helper_simd_3same(uint64_t env, uint64_t desc, uint64_t rd,
                           uint64_t rn, uint64_t rm)
{
    CPUARMState *e = env_of(env);
    ARMVReg vd = e->v[rd], vn = e->v[rn], vm = e->v[rm], r;

    memset(&r, 0, sizeof(r));
    simd_store(e, rd, &r,
               simd_3same_core(e, simd_unpack(desc), &vd, &vn, &vm, &r));
    return 0;
}

/* ---- floating-point elements ---- */

static int simd_fp_pairwise_base(int op)
{
    switch (op) {
    case SF_ADDP: return FPOP_ADD;
    case SF_MAXP: return FPOP_MAX;
    case SF_MINP: return FPOP_MIN;
    case SF_MAXNMP: return FPOP_MAXNM;
    case SF_MINNMP: return FPOP_MINNM;
    default: return -1;
    }
}

static uint64_t simd_fp_op(CPUARMState *env, int op, int esz, uint64_t a,
                           uint64_t b, uint64_t d)
{
    uint64_t ones = esz_mask(esz);

    switch (op) {
    case SF_MLA: return fp_muladd(env, esz, d, a, b, false, false);
    case SF_MLS: return fp_muladd(env, esz, d, a, b, true, false);
    case SF_CMEQ: return fp_compare_mask(env, FPCMP_EQ, esz, a, b) ? ones : 0;
    case SF_CMGE: return fp_compare_mask(env, FPCMP_GE, esz, a, b) ? ones : 0;
    case SF_CMGT: return fp_compare_mask(env, FPCMP_GT, esz, a, b) ? ones : 0;
    case SF_ACGE: return fp_compare_mask(env, FPCMP_ACGE, esz, a, b) ? ones : 0;
    case SF_ACGT: return fp_compare_mask(env, FPCMP_ACGT, esz, a, b) ? ones : 0;
    case SF_MULX: return fp_mulx(env, esz, a, b);
    case SF_RECPS: return fp_recip_step(env, esz, a, b, false);
    case SF_RSQRTS: return fp_recip_step(env, esz, a, b, true);
    default: return fp_binop(env, op, esz, a, b);
    }
}

static int simd_3same_fp_core(CPUARMState *env, SimdDesc d, const ARMVReg *vd,
                              const ARMVReg *vn, const ARMVReg *vm, ARMVReg *r)
{
    int elems = d.oprsz >> d.esz;
    int base = simd_fp_pairwise_base(d.op);

    for (int i = 0; i < elems; i++) {
        uint64_t res;
        if (base >= 0) {
            const ARMVReg *src = i < elems / 2 ? vn : vm;
            int j = (i % (elems / 2)) * 2;
            res = fp_binop(env, base, d.esz, vget(src, j, d.esz),
                           vget(src, j + 1, d.esz));
        } else {
            res = simd_fp_op(env, d.op, d.esz, vget(vn, i, d.esz),
                             vget(vm, i, d.esz), vget(vd, i, d.esz));
        }
        vset(r, i, d.esz, res);
    }
    return d.oprsz;
}

uint64_t helper_simd_3same_fp(uint64_t env, uint64_t desc, uint64_t rd,
                              uint64_t rn, uint64_t rm)
{
    CPUARMState *e = env_of(env);
    ARMVReg vd = e->v[rd], vn = e->v[rn], vm = e->v[rm], r;
    unsigned csr = fp_helper_enter(e);

    memset(&r, 0, sizeof(r));
    simd_store(e, rd, &r,
               simd_3same_fp_core(e, simd_unpack(desc), &vd, &vn, &vm, &r));
    fp_helper_leave(csr);
    return 0;
}

/* ---- three different: long, wide and narrowing-high forms ---- */

static uint64_t abs_diff(int64_t a, int64_t b)
{
    return a > b ? (uint64_t)(a - b) : (uint64_t)(b - a);
}

/* SQDMULL, SQDMLAL, SQDMLSL: SignedSatQ(2*a*b), then the saturating sum. */
static uint64_t simd_sqdml(CPUARMState *env, int op, int wide, int64_t a,
                           int64_t b, uint64_t acc)
{
    uint64_t product = sat_signed(env, (i128)a * b * 2, wide);
    if (op == SD_SQDMULL) {
        return product;
    }
    i128 p = sext(product, wide), old = sext(acc, wide);
    return sat_signed(env, op == SD_SQDMLAL ? old + p : old - p, wide);
}

static int simd_3diff_core(CPUARMState *env, SimdDesc d, const ARMVReg *vd,
                           const ARMVReg *vn, const ARMVReg *vm, ARMVReg *r)
{
    bool scalar = d.oprsz == (1 << d.esz);
    int elems = scalar ? 1 : 8 >> d.esz;
    int off = d.part2 ? elems : 0;
    int wide = d.esz + 1;
    bool u = d.is_unsigned;

    if (d.op >= SD_ADDHN && d.op <= SD_RSUBHN) {
        /* Narrowing high half: Vd gets (n op m) >> esize in lane off+i. */
        *r = d.part2 ? *vd : *r;
        for (int i = 0; i < elems; i++) {
            uint64_t a = vget(vn, i, wide), b = vget(vm, i, wide);
            bool sub = d.op == SD_SUBHN || d.op == SD_RSUBHN;
            bool round = d.op == SD_RADDHN || d.op == SD_RSUBHN;
            uint64_t v = sub ? a - b : a + b;
            if (round) {
                v += 1ull << ((8 << d.esz) - 1);
            }
            vset(r, off + i, d.esz, v >> (8 << d.esz));
        }
        return d.part2 ? 16 : 8;
    }
    for (int i = 0; i < elems; i++) {
        int64_t b = vxget(vm, off + i, d.esz, u);
        int64_t a = (d.op == SD_ADDW || d.op == SD_SUBW)
                        ? (int64_t)vget(vn, i, wide)
                        : vxget(vn, off + i, d.esz, u);
        uint64_t acc = vget(vd, i, wide);
        uint64_t res;
        switch (d.op) {
        case SD_ADDL:
        case SD_ADDW: res = (uint64_t)a + (uint64_t)b; break;
        case SD_SUBL:
        case SD_SUBW: res = (uint64_t)a - (uint64_t)b; break;
        case SD_MULL: res = (uint64_t)(a * b); break;
        case SD_MLAL: res = acc + (uint64_t)(a * b); break;
        case SD_MLSL: res = acc - (uint64_t)(a * b); break;
        case SD_ABDL: res = abs_diff(a, b); break;
        case SD_SQDMULL:
        case SD_SQDMLAL:
        case SD_SQDMLSL: res = simd_sqdml(env, d.op, wide, a, b, acc); break;
        default: res = acc + abs_diff(a, b); break; /* SD_ABAL */
        }
        vset(r, i, wide, res);
    }
    return scalar ? 2 << d.esz : 16;
}

uint64_t helper_simd_3diff(uint64_t env, uint64_t desc, uint64_t rd,
                           uint64_t rn, uint64_t rm)
{
    CPUARMState *e = env_of(env);
    ARMVReg vd = e->v[rd], vn = e->v[rn], vm = e->v[rm], r;

    memset(&r, 0, sizeof(r));
    simd_store(e, rd, &r,
               simd_3diff_core(e, simd_unpack(desc), &vd, &vn, &vm, &r));
    return 0;
}

/* ---- two-register miscellaneous ---- */

static uint64_t count_leading_zeros(uint64_t x, int bits)
{
    int n = 0;
    for (int i = bits - 1; i >= 0 && !(x >> i & 1); i--) {
        n++;
    }
    return (uint64_t)n;
}

static uint64_t rbit8(uint64_t x)
{
    uint64_t r = 0;
    for (int i = 0; i < 8; i++) {
        r |= ((x >> i) & 1) << (7 - i);
    }
    return r;
}

/* Narrow 2misc ops: is this a scalar (one element) form? */
static bool simd_is_scalar(SimdDesc d)
{
    return d.oprsz == (1 << d.esz) && d.esz < 3;
}

/* XTN, SQXTN, UQXTN, SQXTUN, FCVTN: esz is the narrow size. */
static int simd_narrow_misc(CPUARMState *env, SimdDesc d, const ARMVReg *vd,
                            const ARMVReg *vn, ARMVReg *r)
{
    bool scalar = simd_is_scalar(d);
    int elems = scalar ? 1 : 8 >> d.esz;
    int off = d.part2 ? elems : 0;
    int wide = d.esz + 1;

    if (d.part2) {
        *r = *vd;
    }
    for (int i = 0; i < elems; i++) {
        uint64_t a = vget(vn, i, wide);
        uint64_t res;
        switch (d.op) {
        case SM_SQXTN: res = sat_signed(env, sext(a, wide), d.esz); break;
        case SM_UQXTN: res = sat_unsigned(env, a, d.esz); break;
        case SM_SQXTUN: res = sat_unsigned(env, sext(a, wide), d.esz); break;
        case SM_FCVTN: res = fp_convert(env, wide, d.esz, a); break;
        case SM_FCVTXN: res = fp_convert_odd(env, a); break;
        default: res = a; break;
        }
        vset(r, off + i, d.esz, res);
    }
    return scalar ? 1 << d.esz : d.part2 ? 16 : 8;
}

/* SHLL, FCVTL: esz is the narrow source size; off picks the half. */
static int simd_long_misc(CPUARMState *env, SimdDesc d, const ARMVReg *vn,
                          ARMVReg *r)
{
    int elems = 8 >> d.esz;
    int off = d.part2 ? elems : 0;

    for (int i = 0; i < elems; i++) {
        uint64_t a = vget(vn, off + i, d.esz);
        uint64_t res = d.op == SM_FCVTL ? fp_convert(env, d.esz, d.esz + 1, a)
                                        : a << (8 << d.esz);
        vset(r, i, d.esz + 1, res);
    }
    return 16;
}

/* SADDLP, UADDLP, SADALP, UADALP: esz is the source size. */
static int simd_pairwise_long(SimdDesc d, const ARMVReg *vd, const ARMVReg *vn,
                              ARMVReg *r)
{
    int wide = d.esz + 1;
    int elems = d.oprsz >> wide;
    bool u = d.op == SM_UADDLP || d.op == SM_UADALP;
    bool acc = d.op == SM_SADALP || d.op == SM_UADALP;

    for (int i = 0; i < elems; i++) {
        uint64_t sum = (uint64_t)vxget(vn, 2 * i, d.esz, u) +
                       (uint64_t)vxget(vn, 2 * i + 1, d.esz, u);
        vset(r, i, wide, sum + (acc ? vget(vd, i, wide) : 0));
    }
    return d.oprsz;
}

/* SUQADD (signed Vd + unsigned Vn) and USQADD (unsigned Vd + signed Vn). */
static int simd_sat_accumulate(CPUARMState *env, SimdDesc d, const ARMVReg *vd,
                               const ARMVReg *vn, ARMVReg *r)
{
    for (int i = 0; i < d.oprsz >> d.esz; i++) {
        uint64_t res;
        if (d.op == SM_SUQADD) {
            res = sat_signed(
                env, (i128)vsget(vd, i, d.esz) + (i128)vget(vn, i, d.esz),
                d.esz);
        } else {
            res = sat_unsigned(
                env, (i128)vget(vd, i, d.esz) + (i128)vsget(vn, i, d.esz),
                d.esz);
        }
        vset(r, i, d.esz, res);
    }
    return d.oprsz;
}

/* URECPE and URSQRTE (32-bit lanes): UnsignedRecip[Sqrt]Estimate(). */
static uint64_t simd_unsigned_estimate(bool rsqrt, uint64_t a)
{
    if ((a & 0xffffffffu) >> (rsqrt ? 30 : 31) == 0) {
        return 0xffffffffu;
    }
    unsigned top = (unsigned)(a >> 23) & 0x1ff;
    unsigned est =
        rsqrt ? fp_rsqrt_estimate_int(top) : fp_recip_estimate_int(top);
    return (uint64_t)(est & 0x1ff) << 23;
}

static uint64_t simd_misc_elem(CPUARMState *env, SimdDesc d, uint64_t a)
{
    int esz = d.esz, bits = 8 << esz;
    uint64_t ones = esz_mask(esz);
    uint64_t sign = 1ull << (bits - 1);
    int64_t sa = sext(a, esz);

    switch (d.op) {
    case SM_CNT: return (uint64_t)__builtin_popcountll(a);
    case SM_CLZ: return count_leading_zeros(a, bits);
    case SM_CLS:
        /* CountLeadingSignBits(): CLZ of x<N-1:1> EOR x<N-2:0>. */
        return count_leading_zeros(((a >> 1) ^ a) & (ones >> 1), bits - 1);
    case SM_RBIT: return rbit8(a);
    case SM_ABS: return (uint64_t)(sa < 0 ? -sa : sa);
    case SM_NEG: return (uint64_t)-sa;
    case SM_SQABS: return sat_signed(env, sa < 0 ? -(i128)sa : sa, esz);
    case SM_SQNEG: return sat_signed(env, -(i128)sa, esz);
    case SM_CMGT0: return sa > 0 ? ones : 0;
    case SM_CMGE0: return sa >= 0 ? ones : 0;
    case SM_CMEQ0: return a == 0 ? ones : 0;
    case SM_CMLE0: return sa <= 0 ? ones : 0;
    case SM_CMLT0: return sa < 0 ? ones : 0;
    case SM_FABS: return a & ~sign;
    case SM_FNEG: return a ^ sign;
    case SM_FSQRT: return fp_sqrt(env, esz, a);
    case SM_FRINT: return fp_round_int(env, esz, a, d.imm, false);
    case SM_FRINTX: return fp_round_int(env, esz, a, d.imm, true);
    case SM_FCVTS: return fp_to_fixed(env, esz, a, 0, false, bits, d.imm);
    case SM_FCVTU: return fp_to_fixed(env, esz, a, 0, true, bits, d.imm);
    case SM_SCVTF: return fp_from_fixed(env, esz, a, 0, false, bits);
    case SM_UCVTF: return fp_from_fixed(env, esz, a, 0, true, bits);
    case SM_FCMGT0: return fp_compare_mask(env, FPCMP_GT, esz, a, 0) ? ones : 0;
    case SM_FCMGE0: return fp_compare_mask(env, FPCMP_GE, esz, a, 0) ? ones : 0;
    case SM_FCMEQ0: return fp_compare_mask(env, FPCMP_EQ, esz, a, 0) ? ones : 0;
    case SM_FCMLE0: return fp_compare_mask(env, FPCMP_GE, esz, 0, a) ? ones : 0;
    case SM_FCMLT0: return fp_compare_mask(env, FPCMP_GT, esz, 0, a) ? ones : 0;
    case SM_FRECPE: return fp_recip_estimate(env, esz, a);
    case SM_FRSQRTE: return fp_rsqrt_estimate(env, esz, a);
    case SM_FRECPX: return fp_recpx(env, esz, a);
    case SM_URECPE: return simd_unsigned_estimate(false, a);
    case SM_URSQRTE: return simd_unsigned_estimate(true, a);
    default: return a;
    }
}

/* REV16/32/64: reverse elements within 2-, 4- or 8-byte containers. */
static int simd_rev(SimdDesc d, const ARMVReg *vn, ARMVReg *r)
{
    int container = d.op == SM_REV16 ? 2 : d.op == SM_REV32 ? 4 : 8;
    int flip = (container >> d.esz) - 1;
    int elems = d.oprsz >> d.esz;

    for (int i = 0; i < elems; i++) {
        vset(r, i ^ flip, d.esz, vget(vn, i, d.esz));
    }
    return d.oprsz;
}

uint64_t helper_simd_2misc(uint64_t env, uint64_t desc, uint64_t rd,
                           uint64_t rn)
{
    CPUARMState *e = env_of(env);
    SimdDesc d = simd_unpack(desc);
    ARMVReg vd = e->v[rd], vn = e->v[rn], r;
    int bytes;
    unsigned csr = fp_helper_enter(e);

    memset(&r, 0, sizeof(r));
    switch (d.op) {
    case SM_REV16:
    case SM_REV32:
    case SM_REV64: bytes = simd_rev(d, &vn, &r); break;
    case SM_XTN:
    case SM_SQXTN:
    case SM_UQXTN:
    case SM_SQXTUN:
    case SM_FCVTN:
    case SM_FCVTXN: bytes = simd_narrow_misc(e, d, &vd, &vn, &r); break;
    case SM_SHLL:
    case SM_FCVTL: bytes = simd_long_misc(e, d, &vn, &r); break;
    case SM_SADDLP:
    case SM_UADDLP:
    case SM_SADALP:
    case SM_UADALP: bytes = simd_pairwise_long(d, &vd, &vn, &r); break;
    case SM_SUQADD:
    case SM_USQADD: bytes = simd_sat_accumulate(e, d, &vd, &vn, &r); break;
    default:
        for (int i = 0; i < d.oprsz >> d.esz; i++) {
            vset(&r, i, d.esz, simd_misc_elem(e, d, vget(&vn, i, d.esz)));
        }
        bytes = d.oprsz;
        break;
    }
    simd_store(e, rd, &r, bytes);
    fp_helper_leave(csr);
    return 0;
}

/* ---- across lanes ---- */

static int simd_across_fp_op(int op)
{
    switch (op) {
    case SA_FMAXV: return FPOP_MAX;
    case SA_FMINV: return FPOP_MIN;
    case SA_FMAXNMV: return FPOP_MAXNM;
    case SA_FMINNMV: return FPOP_MINNM;
    default: return FPOP_ADD;
    }
}

/* Reduce(): halves combined recursively, as Arm orders FP reductions. */
static uint64_t simd_reduce_fp(CPUARMState *env, int fpop, int esz,
                               const ARMVReg *v, int lo, int n)
{
    if (n == 1) {
        return vget(v, lo, esz);
    }
    uint64_t a = simd_reduce_fp(env, fpop, esz, v, lo, n / 2);
    uint64_t b = simd_reduce_fp(env, fpop, esz, v, lo + n / 2, n / 2);
    return fp_binop(env, fpop, esz, a, b);
}

uint64_t helper_simd_across(uint64_t env, uint64_t desc, uint64_t rd,
                            uint64_t rn)
{
    CPUARMState *e = env_of(env);
    SimdDesc d = simd_unpack(desc);
    ARMVReg vn = e->v[rn], r;
    int elems = d.oprsz >> d.esz;
    int out_esz = d.esz;
    uint64_t acc;
    unsigned csr = fp_helper_enter(e);

    memset(&r, 0, sizeof(r));
    if (d.op >= SA_FMAXV) {
        acc = simd_reduce_fp(e, simd_across_fp_op(d.op), d.esz, &vn, 0, elems);
    } else {
        bool u = d.op == SA_UADDLV || d.op == SA_UMAXV || d.op == SA_UMINV;
        int64_t best = vxget(&vn, 0, d.esz, u);
        uint64_t sum = 0;
        for (int i = 0; i < elems; i++) {
            int64_t x = vxget(&vn, i, d.esz, u);
            sum += (uint64_t)x;
            bool take_max = d.op == SA_SMAXV || d.op == SA_UMAXV;
            if (u ? (take_max ? (uint64_t)x > (uint64_t)best
                              : (uint64_t)x < (uint64_t)best)
                  : (take_max ? x > best : x < best)) {
                best = x;
            }
        }
        bool is_sum = d.op <= SA_UADDLV;
        acc = is_sum ? sum : (uint64_t)best;
        if (d.op == SA_SADDLV || d.op == SA_UADDLV) {
            out_esz = d.esz + 1;
        }
    }
    vset(&r, 0, out_esz, acc & esz_mask(out_esz));
    simd_store(e, rd, &r, 1 << out_esz);
    fp_helper_leave(csr);
    return 0;
}

/* ---- shift by immediate ---- */

static uint64_t simd_shift_elem(CPUARMState *env, SimdDesc d, uint64_t a,
                                uint64_t acc)
{
    int esz = d.esz, bits = 8 << esz, sh = d.imm;
    uint64_t mask = esz_mask(esz);
    int64_t sa = sext(a, esz);

    switch (d.op) {
    case SS_SSHR: return (uint64_t)shift_right(sa, sh, false);
    case SS_USHR: return (uint64_t)shift_right(a, sh, false);
    case SS_SSRA: return acc + (uint64_t)shift_right(sa, sh, false);
    case SS_USRA: return acc + (uint64_t)shift_right(a, sh, false);
    case SS_SRSHR: return (uint64_t)shift_right(sa, sh, true);
    case SS_URSHR: return (uint64_t)shift_right(a, sh, true);
    case SS_SRSRA: return acc + (uint64_t)shift_right(sa, sh, true);
    case SS_URSRA: return acc + (uint64_t)shift_right(a, sh, true);
    case SS_SHL: return sh >= 64 ? 0 : a << sh;
    case SS_SLI: {
        uint64_t keep = sh >= 64 ? ~0ull : (1ull << sh) - 1;
        return (a << sh) | (acc & keep);
    }
    case SS_SRI: {
        if (sh >= bits) {
            return acc;
        }
        uint64_t insert = mask >> sh;
        return (a >> sh) | (acc & ~insert);
    }
    case SS_SQSHL: return sat_signed(env, (i128)sa << sh, esz);
    case SS_UQSHL: return sat_unsigned(env, (i128)a << sh, esz);
    case SS_SQSHLU: return sat_unsigned(env, (i128)sa << sh, esz);
    case SS_SCVTF: return fp_from_fixed(env, esz, a, sh, false, bits);
    case SS_UCVTF: return fp_from_fixed(env, esz, a, sh, true, bits);
    case SS_FCVTZS: return fp_to_fixed(env, esz, a, sh, false, bits, FPR_Z);
    case SS_FCVTZU: return fp_to_fixed(env, esz, a, sh, true, bits, FPR_Z);
    default: return a;
    }
}

/* SHRN family: esz is the narrow destination size. */
static int simd_shift_narrow(CPUARMState *env, SimdDesc d, const ARMVReg *vd,
                             const ARMVReg *vn, ARMVReg *r)
{
    bool scalar = simd_is_scalar(d);
    int elems = scalar ? 1 : 8 >> d.esz;
    int off = d.part2 ? elems : 0;
    int wide = d.esz + 1;
    bool round = d.op == SS_RSHRN || d.op == SS_SQRSHRN || d.op == SS_UQRSHRN ||
                 d.op == SS_SQRSHRUN;
    bool src_signed = d.op == SS_SQSHRN || d.op == SS_SQRSHRN ||
                      d.op == SS_SQSHRUN || d.op == SS_SQRSHRUN;

    if (d.part2) {
        *r = *vd;
    }
    for (int i = 0; i < elems; i++) {
        i128 v =
            src_signed ? (i128)vsget(vn, i, wide) : (i128)vget(vn, i, wide);
        v = shift_right(v, d.imm, round);
        uint64_t res;
        switch (d.op) {
        case SS_SQSHRN:
        case SS_SQRSHRN: res = sat_signed(env, v, d.esz); break;
        case SS_SHRN:
        case SS_RSHRN: res = (uint64_t)v; break;
        default: res = sat_unsigned(env, v, d.esz); break;
        }
        vset(r, off + i, d.esz, res);
    }
    return scalar ? 1 << d.esz : d.part2 ? 16 : 8;
}

uint64_t helper_simd_shift_imm(uint64_t env, uint64_t desc, uint64_t rd,
                               uint64_t rn)
{
    CPUARMState *e = env_of(env);
    SimdDesc d = simd_unpack(desc);
    ARMVReg vd = e->v[rd], vn = e->v[rn], r;
    int bytes = d.oprsz;
    unsigned csr = fp_helper_enter(e);

    memset(&r, 0, sizeof(r));
    if (d.op >= SS_SHRN && d.op <= SS_SQRSHRUN) {
        bytes = simd_shift_narrow(e, d, &vd, &vn, &r);
    } else if (d.op == SS_SSHLL || d.op == SS_USHLL) {
        int elems = 8 >> d.esz;
        int off = d.part2 ? elems : 0;
        for (int i = 0; i < elems; i++) {
            int64_t x = vxget(&vn, off + i, d.esz, d.op == SS_USHLL);
            vset(&r, i, d.esz + 1, (uint64_t)x << d.imm);
        }
        bytes = 16;
    } else {
        for (int i = 0; i < d.oprsz >> d.esz; i++) {
            vset(&r, i, d.esz,
                 simd_shift_elem(e, d, vget(&vn, i, d.esz),
                                 vget(&vd, i, d.esz)));
        }
    }
    simd_store(e, rd, &r, bytes);
    fp_helper_leave(csr);
    return 0;
}

/* ---- permutes, EXT, TBL/TBX ---- */

uint64_t helper_simd_permute(uint64_t env, uint64_t desc, uint64_t rd,
                             uint64_t rn, uint64_t rm)
{
    CPUARMState *e = env_of(env);
    SimdDesc d = simd_unpack(desc);
    ARMVReg vn = e->v[rn], vm = e->v[rm], r;
    int elems = d.oprsz >> d.esz, half = elems / 2;

    memset(&r, 0, sizeof(r));
    for (int i = 0; i < elems; i++) {
        const ARMVReg *src;
        int j;
        switch (d.op) {
        case SP_UZP1:
        case SP_UZP2:
            j = 2 * i + (d.op == SP_UZP2);
            src = j < elems ? &vn : &vm;
            j %= elems;
            break;
        case SP_ZIP1:
        case SP_ZIP2:
            src = (i & 1) ? &vm : &vn;
            j = i / 2 + (d.op == SP_ZIP2 ? half : 0);
            break;
        default: /* TRN1, TRN2 */
            src = (i & 1) ? &vm : &vn;
            j = (i & ~1) + (d.op == SP_TRN2);
            break;
        }
        vset(&r, i, d.esz, vget(src, j, d.esz));
    }
    simd_store(e, rd, &r, d.oprsz);
    return 0;
}

uint64_t helper_simd_ext(uint64_t env, uint64_t desc, uint64_t rd, uint64_t rn,
                         uint64_t rm)
{
    CPUARMState *e = env_of(env);
    SimdDesc d = simd_unpack(desc);
    uint8_t concat[32];
    ARMVReg r;

    memcpy(concat, e->v[rn].b, (size_t)d.oprsz);
    memcpy(concat + d.oprsz, e->v[rm].b, (size_t)d.oprsz);
    memset(&r, 0, sizeof(r));
    memcpy(r.b, concat + d.imm, (size_t)d.oprsz);
    simd_store(e, rd, &r, d.oprsz);
    return 0;
}

uint64_t helper_simd_tbl(uint64_t env, uint64_t desc, uint64_t rd, uint64_t rn,
                         uint64_t rm)
{
    CPUARMState *e = env_of(env);
    SimdDesc d = simd_unpack(desc);
    uint8_t table[64];
    ARMVReg vm = e->v[rm], r = e->v[rd];
    int nregs = d.imm;

    for (int i = 0; i < nregs; i++) {
        memcpy(table + 16 * i, e->v[(rn + (uint64_t)i) & 31].b, 16);
    }
    for (int i = 0; i < d.oprsz; i++) {
        unsigned idx = vm.b[i];
        if (idx < 16u * (unsigned)nregs) {
            r.b[i] = table[idx];
        } else if (d.op == 0) {
            r.b[i] = 0; /* TBL; TBX keeps the old byte */
        }
    }
    simd_store(e, rd, &r, d.oprsz);
    return 0;
}

/* ---- by element: rm's lane idx broadcast, then the same-shape core ---- */

uint64_t helper_simd_by_elem(uint64_t env, uint64_t desc, uint64_t rd,
                             uint64_t rn, uint64_t rm, uint64_t kind_idx)
{
    CPUARMState *e = env_of(env);
    SimdDesc d = simd_unpack(desc);
    int kind = (int)(kind_idx & 0xff), idx = (int)(kind_idx >> 8);
    ARMVReg vd = e->v[rd], vn = e->v[rn], dup, r;
    uint64_t x = vget(&e->v[rm], idx, d.esz);
    int bytes;
    unsigned csr = fp_helper_enter(e);

    for (int i = 0; i < 16 >> d.esz; i++) {
        vset(&dup, i, d.esz, x);
    }
    memset(&r, 0, sizeof(r));
    if (kind == SE_FP) {
        bytes = simd_3same_fp_core(e, d, &vd, &vn, &dup, &r);
    } else if (kind == SE_LONG) {
        bytes = simd_3diff_core(e, d, &vd, &vn, &dup, &r);
    } else {
        bytes = simd_3same_core(e, d, &vd, &vn, &dup, &r);
    }
    simd_store(e, rd, &r, bytes);
    fp_helper_leave(csr);
    return 0;
}
