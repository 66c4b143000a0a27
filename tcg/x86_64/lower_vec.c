/*
 * Lowering of the vector ops (vec_* in ops.def) to SSE2 .. SSE4.2: operands
 * are fetched into xmm0-xmm3 (from the CPU state, or from the xmm copies
 * vcache.c keeps of it), combined there and handed back to vcache.c.
 * These four are free scratch; nothing may stay in them from one op to
 * the next.
 */
#include <cpuid.h>

#include "tcg/x86_64/host_cpu.h"
#include "tcg/x86_64/lower.h"
#include "util/log.h"

enum { ISA_SSE2, ISA_SSSE3, ISA_SSE41, ISA_SSE42, ISA_AVX, ISA_AVX2, ISA_NONE };

static int detected_isa = -1;
static bool baseline_only;

static X86Asm *as(void)
{
    return &be.as;
}

/* ---- host features ---- */

static int detect_isa(void)
{
    unsigned ecx = x86_host_cpu()->leaf1_ecx;

    if (!(ecx & bit_SSSE3))
        return ISA_SSE2;
    if (!(ecx & bit_SSE4_1))
        return ISA_SSSE3;
    if (!(ecx & bit_SSE4_2))
        return ISA_SSE41;
    if (!x86_host_has_avx())
        return ISA_SSE42;
    return (x86_host_cpu()->leaf7_ebx & bit_AVX2) ? ISA_AVX2 : ISA_AVX;
}

/* Several translating threads may race here; they all store the same. */
static int host_isa(void)
{
    int isa = __atomic_load_n(&detected_isa, __ATOMIC_RELAXED);

    if (isa < 0) {
        isa = detect_isa();
        __atomic_store_n(&detected_isa, isa, __ATOMIC_RELAXED);
    }
    return __atomic_load_n(&baseline_only, __ATOMIC_RELAXED) ? ISA_SSE2 : isa;
}

void tcg_vec_baseline_only(bool on)
{
    __atomic_store_n(&baseline_only, on, __ATOMIC_RELAXED);
}

/* ---- what each op needs ---- */

static int need_minmax(bool is_signed, unsigned vece)
{
    if (vece == 3)
        return ISA_NONE;
    if (vece == (is_signed ? 1u : 0u))
        return ISA_SSE2;
    return ISA_SSE41;
}

/* Shuffles that pair elements need two of them in each operand. */
static bool has_pairs(unsigned vece, unsigned oprsz)
{
    return (oprsz >> vece) >= 2;
}

static bool has_sat_flag(void)
{
    int32_t ofs;
    uint32_t bit;

    tcg_vec_sat_flag(&ofs, &bit);
    return bit != 0;
}

static int need_bin(unsigned kind, unsigned vece, unsigned oprsz)
{
    switch (kind) {
    case TCG_VEC_ADD:
    case TCG_VEC_SUB:
    case TCG_VEC_AND:
    case TCG_VEC_OR:
    case TCG_VEC_XOR:
    case TCG_VEC_ANDC:
    case TCG_VEC_ORC:
    case TCG_VEC_CMPEQ:
    case TCG_VEC_CMPTST: return ISA_SSE2;
    case TCG_VEC_MUL:
        return vece < 2 ? ISA_SSE2 : vece == 2 ? ISA_SSE41 : ISA_NONE;
    case TCG_VEC_CMPGT:
    case TCG_VEC_CMPGE:
    case TCG_VEC_CMPGTU:
    case TCG_VEC_CMPGEU: return vece == 3 ? ISA_SSE42 : ISA_SSE2;
    case TCG_VEC_SMIN:
    case TCG_VEC_SMAX: return need_minmax(true, vece);
    case TCG_VEC_UMIN:
    case TCG_VEC_UMAX: return need_minmax(false, vece);
    case TCG_VEC_ABDU:
    case TCG_VEC_ABDS: return vece < 3 ? ISA_SSE2 : ISA_NONE;
    case TCG_VEC_SQADD:
    case TCG_VEC_SQSUB: return has_sat_flag() ? ISA_SSE2 : ISA_NONE;
    case TCG_VEC_UQADD:
    case TCG_VEC_UQSUB:
        return !has_sat_flag() ? ISA_NONE : vece == 3 ? ISA_SSE42 : ISA_SSE2;
    case TCG_VEC_SQDMULH:
    case TCG_VEC_SQRDMULH:
        if (!has_sat_flag() || (vece != 1 && vece != 2))
            return ISA_NONE;
        if (vece == 2)
            return ISA_SSE41;                                   /* pmuldq */
        return kind == TCG_VEC_SQRDMULH ? ISA_SSSE3 : ISA_SSE2; /* pmulhrsw */
    case TCG_VEC_ADDP:
    case TCG_VEC_ZIPLO:
    case TCG_VEC_ZIPHI:
    case TCG_VEC_UZPEVEN:
    case TCG_VEC_UZPODD:
    case TCG_VEC_TRNEVEN:
    case TCG_VEC_TRNODD: return has_pairs(vece, oprsz) ? ISA_SSE2 : ISA_NONE;
    case TCG_VEC_SMINP:
    case TCG_VEC_SMAXP:
        return has_pairs(vece, oprsz) ? need_minmax(true, vece) : ISA_NONE;
    case TCG_VEC_UMINP:
    case TCG_VEC_UMAXP:
        return has_pairs(vece, oprsz) ? need_minmax(false, vece) : ISA_NONE;
    case TCG_VEC_MULLU: return vece < 3 && oprsz == 16 ? ISA_SSE2 : ISA_NONE;
    case TCG_VEC_MULLS:
        return vece > 2 || oprsz != 16 ? ISA_NONE
               : vece == 2             ? ISA_SSE41
                                       : ISA_SSE2;
    case TCG_VEC_ABDLU:
    case TCG_VEC_ABDLS:
    case TCG_VEC_ADDLU:
    case TCG_VEC_ADDLS:
    case TCG_VEC_SUBLU:
    case TCG_VEC_SUBLS:
    case TCG_VEC_ADDWU:
    case TCG_VEC_ADDWS:
    case TCG_VEC_SUBWU:
    case TCG_VEC_SUBWS: return vece < 3 && oprsz == 16 ? ISA_SSE2 : ISA_NONE;
    case TCG_VEC_EXTRACT: return ISA_SSE2;
    case TCG_VEC_TBL: return vece == 0 ? ISA_SSSE3 : ISA_NONE;
    /* vpsllvd and kin: no 16-bit form (done on dwords), no 64-bit
     * arithmetic one. */
    case TCG_VEC_USHLV: return vece > 0 ? ISA_AVX2 : ISA_NONE;
    case TCG_VEC_SSHLV: return vece == 1 || vece == 2 ? ISA_AVX2 : ISA_NONE;
    default: return ISA_NONE;
    }
}

static int need_un(unsigned kind, unsigned vece, unsigned oprsz)
{
    switch (kind) {
    case TCG_VEC_NOT:
    case TCG_VEC_NEG:
    case TCG_VEC_ABS:
    case TCG_VEC_CMPEQZ:
    case TCG_VEC_CMPGEZ:
    case TCG_VEC_CMPLTZ:
    case TCG_VEC_SHLI:
    case TCG_VEC_SHRI:
    case TCG_VEC_SARI:
    case TCG_VEC_SHRI_RND:
    case TCG_VEC_SARI_RND:
    case TCG_VEC_SLI:
    case TCG_VEC_SRI: return ISA_SSE2;
    case TCG_VEC_CMPGTZ:
    case TCG_VEC_CMPLEZ: return vece == 3 ? ISA_SSE42 : ISA_SSE2;
    case TCG_VEC_REV16:
    case TCG_VEC_REV32:
    case TCG_VEC_REV64:
        return (8u << vece) < (16u << (kind - TCG_VEC_REV16)) ? ISA_SSE2
                                                              : ISA_NONE;
    case TCG_VEC_REDADD: return has_pairs(vece, oprsz) ? ISA_SSE2 : ISA_NONE;
    case TCG_VEC_REDSMIN:
    case TCG_VEC_REDSMAX:
        return has_pairs(vece, oprsz) ? need_minmax(true, vece) : ISA_NONE;
    case TCG_VEC_REDUMIN:
    case TCG_VEC_REDUMAX:
        return has_pairs(vece, oprsz) ? need_minmax(false, vece) : ISA_NONE;
    case TCG_VEC_REDADDLU:
    case TCG_VEC_REDADDLS:
    case TCG_VEC_ADDLPU:
    case TCG_VEC_ADDLPS:
        return vece < 3 && has_pairs(vece, oprsz) ? ISA_SSE2 : ISA_NONE;
    case TCG_VEC_SHRI_NARROW:
    case TCG_VEC_RSHRI_NARROW:
        return vece < 3 && oprsz == 8 ? ISA_SSE2 : ISA_NONE;
    case TCG_VEC_SQXTN:
    case TCG_VEC_UQXTN:
    case TCG_VEC_SQXTUN:
        if (vece > 2 || oprsz != 8 || !has_sat_flag())
            return ISA_NONE;
        /* packusdw narrows signed dwords to unsigned words */
        return vece == 1 && kind == TCG_VEC_SQXTUN ? ISA_SSE41 : ISA_SSE2;
    case TCG_VEC_SQABS:
    case TCG_VEC_SQNEG: return has_sat_flag() ? ISA_SSE2 : ISA_NONE;
    case TCG_VEC_ZEXT_SHLI:
    case TCG_VEC_SEXT_SHLI:
        return vece < 3 && oprsz == 16 ? ISA_SSE2 : ISA_NONE;
    case TCG_VEC_GETEL: return oprsz == 16 ? ISA_SSE2 : ISA_NONE;
    case TCG_VEC_SQSHLI:
    case TCG_VEC_UQSHLI:
    case TCG_VEC_SQSHLUI: return has_sat_flag() ? ISA_SSE2 : ISA_NONE;
    default: return ISA_NONE;
    }
}

static bool is_reduction(unsigned kind)
{
    return kind >= TCG_VEC_REDADD && kind <= TCG_VEC_REDADDLS;
}

static int vec_need(unsigned op, unsigned vece, unsigned oprsz)
{
    unsigned kind = op & TCG_VEC_OP_MASK;

    if ((oprsz != 8 && oprsz != 16) || vece > 3 || kind >= TCG_VEC_NB_OPS)
        return ISA_NONE;
    if ((op & TCG_VEC_ACC) && (op & TCG_VEC_ACC_SUB))
        return ISA_NONE;
    if ((op & (TCG_VEC_ACC | TCG_VEC_ACC_SUB)) &&
        (is_reduction(kind) || kind == TCG_VEC_EXTRACT ||
         kind == TCG_VEC_GETEL || kind == TCG_VEC_SLI || kind == TCG_VEC_SRI))
        return ISA_NONE;
    if (kind < TCG_VEC_NOT)
        return need_bin(kind, vece, oprsz);
    return need_un(kind, vece, oprsz);
}

bool tcg_can_emit_vec(unsigned op, unsigned vece, unsigned oprsz)
{
    return vec_need(op, vece, oprsz) <= host_isa();
}

/* ---- building blocks ---- */

static const X86PackedOp op_add[4] = {X86_PADDB, X86_PADDW, X86_PADDD,
                                      X86_PADDQ};
static const X86PackedOp op_sub[4] = {X86_PSUBB, X86_PSUBW, X86_PSUBD,
                                      X86_PSUBQ};
static const X86PackedOp op_cmpgt[4] = {X86_PCMPGTB, X86_PCMPGTW, X86_PCMPGTD,
                                        X86_PCMPGTQ};
static const X86PackedOp op_unpacklo[4] = {X86_PUNPCKLBW, X86_PUNPCKLWD,
                                           X86_PUNPCKLDQ, X86_PUNPCKLQDQ};
static const X86PackedOp op_unpackhi[4] = {X86_PUNPCKHBW, X86_PUNPCKHWD,
                                           X86_PUNPCKHDQ, X86_PUNPCKHQDQ};
/* Shifts of 16..64-bit elements, indexed by vece (byte shifts have none). */
static const X86PShiftOp op_shl[4] = {X86_PSLLW, X86_PSLLW, X86_PSLLD,
                                      X86_PSLLQ};
static const X86PShiftOp op_shr[4] = {X86_PSRLW, X86_PSRLW, X86_PSRLD,
                                      X86_PSRLQ};
static const X86PShiftOp op_sar[3] = {X86_PSRAW, X86_PSRAW, X86_PSRAD};

static X86PackedOp op_minmax(unsigned kind, unsigned vece)
{
    static const X86PackedOp smin[3] = {X86_PMINSB, X86_PMINSW, X86_PMINSD};
    static const X86PackedOp smax[3] = {X86_PMAXSB, X86_PMAXSW, X86_PMAXSD};
    static const X86PackedOp umin[3] = {X86_PMINUB, X86_PMINUW, X86_PMINUD};
    static const X86PackedOp umax[3] = {X86_PMAXUB, X86_PMAXUW, X86_PMAXUD};

    switch (kind) {
    case TCG_VEC_SMIN:
    case TCG_VEC_SMINP:
    case TCG_VEC_REDSMIN: return smin[vece];
    case TCG_VEC_SMAX:
    case TCG_VEC_SMAXP:
    case TCG_VEC_REDSMAX: return smax[vece];
    case TCG_VEC_UMIN:
    case TCG_VEC_UMINP:
    case TCG_VEC_REDUMIN: return umin[vece];
    default: return umax[vece];
    }
}

/* The upper half of a vector register (the "2" forms) is taken from the
 * whole register, which vcache.c may hold, rather than from memory: a
 * partial load would make it write the register back first. */
static void vload(X86Xmm x, uint64_t ofs, unsigned bytes)
{
    int32_t o = (int32_t)ofs;

    if (bytes == 8 && (o & 15) == 8) {
        vcache_load(x, o - 8, 16);
        x86_pshift_ri(as(), X86_PSRLDQ, x, 8);
        return;
    }
    vcache_load(x, o, bytes);
}

static void vstore(uint64_t ofs, X86Xmm x, unsigned oprsz, unsigned maxsz)
{
    vcache_store((int32_t)ofs, x, oprsz, maxsz);
}

static void vmov(X86Xmm dst, X86Xmm src)
{
    if (dst != src)
        x86_movaps_rr(as(), dst, src);
}

static void vzero(X86Xmm x)
{
    x86_packed_rr(as(), X86_PXOR, x, x);
}

static void vones(X86Xmm x)
{
    x86_packed_rr(as(), X86_PCMPEQB, x, x);
}

static void vnot(X86Xmm x, X86Xmm tmp)
{
    vones(tmp);
    x86_packed_rr(as(), X86_PXOR, x, tmp);
}

/* x = the element-sized constant v (low bits) in every element. */
static void vsplat(X86Xmm x, unsigned vece, uint64_t v)
{
    static const uint64_t rep[4] = {
        0x0101010101010101ull, 0x0001000100010001ull, 0x0000000100000001ull, 1};
    unsigned bits = 8u << vece;

    if (bits < 64)
        v &= (1ull << bits) - 1;
    x86_mov_ri(as(), REG_SCRATCH, v * rep[vece]);
    x86_movq_xr(as(), 64, x, REG_SCRATCH);
    x86_packed_rr(as(), X86_PUNPCKLQDQ, x, x);
}

/* Byte shifts: a 16-bit shift, then clear the bits that crossed bytes. */
static void vshift_bytes(X86Xmm x, bool left, unsigned n, X86Xmm tmp)
{
    x86_pshift_ri(as(), left ? X86_PSLLW : X86_PSRLW, x, (uint8_t)n);
    vsplat(tmp, 0, left ? 0xffu << n : 0xffu >> n);
    x86_packed_rr(as(), X86_PAND, x, tmp);
}

static void vshl(X86Xmm x, unsigned vece, unsigned n, X86Xmm tmp)
{
    if (n == 0)
        return;
    if (vece == 0)
        vshift_bytes(x, true, n, tmp);
    else
        x86_pshift_ri(as(), op_shl[vece], x, (uint8_t)n);
}

static void vshr(X86Xmm x, unsigned vece, unsigned n, X86Xmm tmp)
{
    if (n == 0)
        return;
    if (vece == 0)
        vshift_bytes(x, false, n, tmp);
    else
        x86_pshift_ri(as(), op_shr[vece], x, (uint8_t)n);
}

/* Shifting by the width or more gives the sign in every bit, as width-1. */
static void vsar(X86Xmm x, unsigned vece, unsigned n, X86Xmm tmp)
{
    unsigned bits = 8u << vece;

    if (n >= bits)
        n = bits - 1;
    if (n == 0)
        return;
    if (vece == 1 || vece == 2) {
        x86_pshift_ri(as(), op_sar[vece], x, (uint8_t)n);
        return;
    }
    /* No byte or 64-bit arithmetic shift: shift logically, then
     * sign-extend from the moved sign bit m with (x ^ m) - m. */
    vshr(x, vece, n, tmp);
    vsplat(tmp, vece, 1ull << (bits - 1 - n));
    x86_packed_rr(as(), X86_PXOR, x, tmp);
    x86_packed_rr(as(), op_sub[vece], x, tmp);
}

/* dst = all ones where src's element is negative. */
static void vsignmask(X86Xmm dst, X86Xmm src, unsigned vece)
{
    if (vece == 0) {
        vzero(dst);
        x86_packed_rr(as(), X86_PCMPGTB, dst, src);
        return;
    }
    vmov(dst, src);
    if (vece == 1) {
        x86_pshift_ri(as(), X86_PSRAW, dst, 15);
    } else {
        x86_pshift_ri(as(), X86_PSRAD, dst, 31);
        if (vece == 3)
            x86_pshufd(as(), dst, dst, 0xf5); /* high dwords to both */
    }
}

/* a = (a == b); tmp clobbered. */
static void vcmpeq(X86Xmm a, X86Xmm b, unsigned vece, X86Xmm tmp)
{
    static const X86PackedOp eq[3] = {X86_PCMPEQB, X86_PCMPEQW, X86_PCMPEQD};

    if (vece < 3) {
        x86_packed_rr(as(), eq[vece], a, b);
    } else if (host_isa() >= ISA_SSE41) {
        x86_packed_rr(as(), X86_PCMPEQQ, a, b);
    } else {
        /* Both dword halves equal. */
        x86_packed_rr(as(), X86_PCMPEQD, a, b);
        x86_pshufd(as(), tmp, a, 0xb1);
        x86_packed_rr(as(), X86_PAND, a, tmp);
    }
}

/* a = (a >u b); b and tmp clobbered. Biasing by the sign bit turns the
 * unsigned order into the signed one. */
static void vcmpgtu(X86Xmm a, X86Xmm b, unsigned vece, X86Xmm tmp)
{
    vsplat(tmp, vece, 1ull << ((8u << vece) - 1));
    x86_packed_rr(as(), X86_PXOR, a, tmp);
    x86_packed_rr(as(), X86_PXOR, b, tmp);
    x86_packed_rr(as(), op_cmpgt[vece], a, b);
}

/*
 * a = the even (or odd) elements of a then of b, each oprsz bytes; for 8
 * bytes the result is the low 8. b is clobbered.
 */
static void vuzp(X86Xmm a, X86Xmm b, unsigned vece, unsigned oprsz, bool odd)
{
    X86Xmm second = b;

    if (oprsz == 8) {
        x86_packed_rr(as(), X86_PUNPCKLQDQ, a, b);
        second = a;
    }
    switch (vece) {
    case 0:
        /* Keep the wanted byte of each word, zero-extended; pack. */
        if (!odd) {
            x86_pshift_ri(as(), X86_PSLLW, a, 8);
            if (second != a)
                x86_pshift_ri(as(), X86_PSLLW, second, 8);
        }
        x86_pshift_ri(as(), X86_PSRLW, a, 8);
        if (second != a)
            x86_pshift_ri(as(), X86_PSRLW, second, 8);
        x86_packed_rr(as(), X86_PACKUSWB, a, second);
        break;
    case 1:
        /* Sign-extend the wanted half of each dword: packssdw is exact. */
        if (!odd) {
            x86_pshift_ri(as(), X86_PSLLD, a, 16);
            if (second != a)
                x86_pshift_ri(as(), X86_PSLLD, second, 16);
        }
        x86_pshift_ri(as(), X86_PSRAD, a, 16);
        if (second != a)
            x86_pshift_ri(as(), X86_PSRAD, second, 16);
        x86_packed_rr(as(), X86_PACKSSDW, a, second);
        break;
    case 2:
        if (oprsz == 8)
            x86_pshufd(as(), a, a, odd ? 0x0d : 0x08);
        else
            x86_shufps(as(), a, b, odd ? 0xdd : 0x88);
        break;
    default:
        x86_packed_rr(as(), odd ? X86_PUNPCKHQDQ : X86_PUNPCKLQDQ, a, b);
        break;
    }
}

/* a = (a, b) transposed: even (odd) elements of both, alternating. */
static void vtrn(X86Xmm a, X86Xmm b, unsigned vece, bool odd)
{
    uint8_t e = (uint8_t)(8u << vece);

    if (vece == 3) {
        x86_packed_rr(as(), odd ? X86_PUNPCKHQDQ : X86_PUNPCKLQDQ, a, b);
        return;
    }
    /* In each double-width container: a's element low, b's high. */
    if (odd) {
        x86_pshift_ri(as(), op_shr[vece + 1], a, e);
        x86_pshift_ri(as(), op_shr[vece + 1], b, e);
    } else {
        x86_pshift_ri(as(), op_shl[vece + 1], a, e);
        x86_pshift_ri(as(), op_shr[vece + 1], a, e);
    }
    x86_pshift_ri(as(), op_shl[vece + 1], b, e);
    x86_packed_rr(as(), X86_POR, a, b);
}

/* x = the low 8 bytes of x, each element extended to twice its size. */
static void vwiden(X86Xmm x, unsigned vece, bool is_signed, X86Xmm tmp)
{
    static const X86PackedOp zx[3] = {X86_PMOVZXBW, X86_PMOVZXWD, X86_PMOVZXDQ};
    static const X86PackedOp sx[3] = {X86_PMOVSXBW, X86_PMOVSXWD, X86_PMOVSXDQ};

    if (host_isa() >= ISA_SSE41) {
        x86_packed_rr(as(), is_signed ? sx[vece] : zx[vece], x, x);
    } else if (!is_signed) {
        vzero(tmp);
        x86_packed_rr(as(), op_unpacklo[vece], x, tmp);
    } else if (vece < 2) {
        /* Each element next to itself, then shifted down arithmetically. */
        x86_packed_rr(as(), op_unpacklo[vece], x, x);
        x86_pshift_ri(as(), op_sar[vece + 1], x, (uint8_t)(8u << vece));
    } else {
        vsignmask(tmp, x, 2);
        x86_packed_rr(as(), X86_PUNPCKLDQ, x, tmp);
    }
}

/* a = the widening product of the low 8 bytes of a and b. */
static void vmull(X86Xmm a, X86Xmm b, unsigned vece, bool is_signed, X86Xmm tmp)
{
    switch (vece) {
    case 0:
        vwiden(a, 0, is_signed, tmp);
        vwiden(b, 0, is_signed, tmp);
        x86_packed_rr(as(), X86_PMULLW, a, b);
        break;
    case 1:
        vmov(tmp, a);
        x86_packed_rr(as(), X86_PMULLW, a, b);
        x86_packed_rr(as(), is_signed ? X86_PMULHW : X86_PMULHUW, tmp, b);
        x86_packed_rr(as(), X86_PUNPCKLWD, a, tmp);
        break;
    default:
        /* pmul[u]dq multiplies dwords 0 and 2. */
        x86_pshufd(as(), a, a, 0x50);
        x86_pshufd(as(), b, b, 0x50);
        x86_packed_rr(as(), is_signed ? X86_PMULDQ : X86_PMULUDQ, a, b);
        break;
    }
}

/* Byte multiply: products of even and odd bytes in 16-bit lanes. */
static void vmul_bytes(X86Xmm a, X86Xmm b, X86Xmm t1, X86Xmm t2)
{
    vmov(t1, a);
    vmov(t2, b);
    x86_packed_rr(as(), X86_PMULLW, a, b);
    x86_pshift_ri(as(), X86_PSLLW, a, 8);
    x86_pshift_ri(as(), X86_PSRLW, a, 8);
    x86_pshift_ri(as(), X86_PSRLW, t1, 8);
    x86_pshift_ri(as(), X86_PSRLW, t2, 8);
    x86_packed_rr(as(), X86_PMULLW, t1, t2);
    x86_pshift_ri(as(), X86_PSLLW, t1, 8);
    x86_packed_rr(as(), X86_POR, a, t1);
}

/*
 * a = |a - b| per element (vece < 3), which fits the element unsigned
 * whether a and b are signed or not; b, t1 and t2 clobbered. max - min
 * where the host has the min/max, else the difference negated where b > a.
 */
static void vabd(X86Xmm a, X86Xmm b, unsigned vece, bool is_signed, X86Xmm t1,
                 X86Xmm t2)
{
    if (need_minmax(is_signed, vece) <= host_isa()) {
        unsigned kmax = is_signed ? TCG_VEC_SMAX : TCG_VEC_UMAX;
        unsigned kmin = is_signed ? TCG_VEC_SMIN : TCG_VEC_UMIN;
        vmov(t1, a);
        x86_packed_rr(as(), op_minmax(kmax, vece), a, b);
        x86_packed_rr(as(), op_minmax(kmin, vece), t1, b);
        x86_packed_rr(as(), op_sub[vece], a, t1);
        return;
    }
    if (!is_signed && vece < 2) {
        /* One of the two saturating differences is zero. */
        X86PackedOp subus = vece == 0 ? X86_PSUBUSB : X86_PSUBUSW;
        vmov(t1, a);
        x86_packed_rr(as(), subus, a, b);
        x86_packed_rr(as(), subus, b, t1);
        x86_packed_rr(as(), X86_POR, a, b);
        return;
    }
    if (!is_signed) {
        /* Biasing both by the sign bit keeps a - b and makes the order
         * signed. */
        vsplat(t1, vece, 1ull << ((8u << vece) - 1));
        x86_packed_rr(as(), X86_PXOR, a, t1);
        x86_packed_rr(as(), X86_PXOR, b, t1);
    }
    vmov(t2, b);
    x86_packed_rr(as(), op_cmpgt[vece], t2, a);
    x86_packed_rr(as(), op_sub[vece], a, b);
    x86_packed_rr(as(), X86_PXOR, a, t2);
    x86_packed_rr(as(), op_sub[vece], a, t2);
}

/* x = 1 in every element of size vece. */
static void vsplat_one(X86Xmm x, unsigned vece)
{
    if (vece == 0) {
        if (host_isa() < ISA_SSSE3) {
            vsplat(x, 0, 1);
            return;
        }
        vones(x);
        x86_packed_rr(as(), X86_PABSB, x, x);
        return;
    }
    vones(x);
    x86_pshift_ri(as(), op_shr[vece], x, (uint8_t)((8u << vece) - 1));
}

/*
 * Rounding right shift by n (1..element bits): the truncated shift plus
 * the last bit shifted out, which is exact where adding the rounding
 * constant first could overflow. t1 and t2 clobbered.
 */
static void vshr_round(X86Xmm x, unsigned vece, unsigned n, bool is_signed,
                       X86Xmm t1, X86Xmm t2)
{
    vmov(t1, x);
    if (is_signed)
        vsar(x, vece, n, t2);
    else
        vshr(x, vece, n, t2);
    /* Bit 0 of each element after a word shift by n - 1 < 8 is still that
     * byte's own bit n - 1, so bytes need no mask here. */
    if (n > 1)
        x86_pshift_ri(as(), op_shr[vece], t1, (uint8_t)(n - 1));
    vsplat_one(t2, vece);
    x86_packed_rr(as(), X86_PAND, t1, t2);
    x86_packed_rr(as(), op_add[vece], x, t1);
}

/*
 * SLI / SRI: x (a) shifted by n with the vacated bits from d's element;
 * t1 and t2 clobbered.
 */
static void vshift_insert(X86Xmm x, uint64_t d, unsigned vece, unsigned oprsz,
                          unsigned n, bool left, X86Xmm t1, X86Xmm t2)
{
    unsigned bits = 8u << vece;
    uint64_t ones = bits == 64 ? ~0ull : (1ull << bits) - 1;
    uint64_t keep = left ? (n ? ones >> (bits - n) : 0)
                         : (n >= bits ? ones : ones & ~(ones >> n));

    if (keep == 0)
        return; /* SLI by 0: a itself */
    if (keep == ones) {
        vload(x, d, oprsz); /* SRI by the width: d itself */
        return;
    }
    if (left)
        vshl(x, vece, n, t1);
    else
        vshr(x, vece, n, t1);
    vload(t2, d, oprsz);
    vsplat(t1, vece, keep);
    x86_packed_rr(as(), X86_PAND, t2, t1);
    x86_packed_rr(as(), X86_POR, x, t2);
}

/* x = the sums of adjacent pairs of its elements, extended to twice the
 * size; t1 and t2 clobbered. */
static void vaddlp(X86Xmm x, unsigned vece, bool is_signed, X86Xmm t1,
                   X86Xmm t2)
{
    uint8_t half = (uint8_t)(8u << vece);

    if (vece == 0 && host_isa() >= ISA_SSSE3) {
        /* pmaddubsw: unsigned bytes of dst times signed bytes of src,
         * pairs summed; with ones on one side the sums are exact. */
        vsplat_one(t1, 0);
        if (is_signed) {
            x86_packed_rr(as(), X86_PMADDUBSW, t1, x);
            vmov(x, t1);
        } else {
            x86_packed_rr(as(), X86_PMADDUBSW, x, t1);
        }
        return;
    }
    if (vece == 1 && is_signed) {
        vsplat_one(t1, 1);
        x86_packed_rr(as(), X86_PMADDWD, x, t1);
        return;
    }
    if (vece == 2 && is_signed) {
        /* No 64-bit arithmetic shift: extend the even and odd halves. */
        x86_pshufd(as(), t1, x, 0x0d);
        x86_pshufd(as(), x, x, 0x08);
        vwiden(x, 2, true, t2);
        vwiden(t1, 2, true, t2);
        x86_packed_rr(as(), X86_PADDQ, x, t1);
        return;
    }
    /* The odd element shifted down, the even one isolated in place. */
    vmov(t1, x);
    if (is_signed) {
        x86_pshift_ri(as(), op_sar[vece + 1], t1, half);
        x86_pshift_ri(as(), op_shl[vece + 1], x, half);
        x86_pshift_ri(as(), op_sar[vece + 1], x, half);
    } else {
        x86_pshift_ri(as(), op_shr[vece + 1], t1, half);
        x86_pshift_ri(as(), op_shl[vece + 1], x, half);
        x86_pshift_ri(as(), op_shr[vece + 1], x, half);
    }
    x86_packed_rr(as(), op_add[vece + 1], x, t1);
}

/* Stores x (result elements of size vece) to d, or accumulates into d. */
static void vfinish(unsigned op, unsigned vece, unsigned oprsz, unsigned maxsz,
                    uint64_t d, X86Xmm x)
{
    if (op & (TCG_VEC_ACC | TCG_VEC_ACC_SUB)) {
        vload(X86_XMM3, d, oprsz);
        x86_packed_rr(as(), (op & TCG_VEC_ACC) ? op_add[vece] : op_sub[vece],
                      X86_XMM3, x);
        x = X86_XMM3;
    }
    vstore(d, x, oprsz, maxsz);
}

/* ---- saturation ---- */

/* Sets the sticky flag unless the byte signs of mask are all `fine`. */
static void set_sat_flag_unless(X86Xmm mask, int32_t fine)
{
    int32_t ofs;
    uint32_t bit;
    uint8_t *skip;

    tcg_vec_sat_flag(&ofs, &bit);
    x86_pmovmskb(as(), REG_SCRATCH, mask);
    x86_alu_ri(as(), 32, X86_CMP, REG_SCRATCH, fine);
    skip = x86_jcc32(as(), X86_CC_E);
    x86_alu_mi(as(), 32, X86_OR, x86_mem(REG_ENV, ofs), (int32_t)bit);
    x86_patch_rel32(skip, be.as.p);
}

/* mask: all ones in the lanes that did not saturate. */
static void set_sat_flag_unless_all_ones(X86Xmm mask)
{
    set_sat_flag_unless(mask, 0xffff);
}

/* mask: all ones in the lanes that saturated, zero elsewhere. */
static void set_sat_flag_if_any(X86Xmm mask)
{
    set_sat_flag_unless(mask, 0);
}

/*
 * a = a op b saturating, 8- and 16-bit lanes (which SSE2 has): the
 * wrapping result differs from it in some lane exactly when one
 * saturated, and then the sticky flag is set. Lanes beyond an 8-byte
 * operation hold zero in both, so they never differ.
 */
static void vsat_arith_narrow(unsigned kind, unsigned vece, X86Xmm a, X86Xmm b,
                              X86Xmm t)
{
    static const X86PackedOp sat[4][2] = {
        [TCG_VEC_SQADD - TCG_VEC_SQADD] = {X86_PADDSB, X86_PADDSW},
        [TCG_VEC_UQADD - TCG_VEC_SQADD] = {X86_PADDUSB, X86_PADDUSW},
        [TCG_VEC_SQSUB - TCG_VEC_SQADD] = {X86_PSUBSB, X86_PSUBSW},
        [TCG_VEC_UQSUB - TCG_VEC_SQADD] = {X86_PSUBUSB, X86_PSUBUSW},
    };
    bool add = kind == TCG_VEC_SQADD || kind == TCG_VEC_UQADD;

    vmov(t, a);
    x86_packed_rr(as(), add ? op_add[vece] : op_sub[vece], t, b);
    x86_packed_rr(as(), sat[kind - TCG_VEC_SQADD][vece], a, b);
    x86_packed_rr(as(), X86_PCMPEQB, t, a);
    set_sat_flag_unless_all_ones(t);
}

/*
 * Signed saturating add / subtract of 32- and 64-bit lanes: r wraps; the
 * lanes whose sign went wrong ((r ^ a) & (r ^ b) for an add, (a ^ b) &
 * (a ^ r) for a subtract) take the limit on a's side of zero.
 */
static void vsat_arith_signed(bool add, unsigned vece, X86Xmm a, X86Xmm b,
                              X86Xmm t, X86Xmm t2)
{
    uint64_t max = (1ull << ((8u << vece) - 1)) - 1;

    vmov(t, a);
    x86_packed_rr(as(), add ? op_add[vece] : op_sub[vece], t, b);
    if (add) {
        vmov(t2, t);
        x86_packed_rr(as(), X86_PXOR, t2, a);
        x86_packed_rr(as(), X86_PXOR, b, t);
    } else {
        vmov(t2, a);
        x86_packed_rr(as(), X86_PXOR, t2, b);
        vmov(b, a);
        x86_packed_rr(as(), X86_PXOR, b, t);
    }
    x86_packed_rr(as(), X86_PAND, t2, b);
    vsignmask(b, t2, vece); /* the lanes that overflowed */
    vsignmask(t2, a, vece); /* a < 0 */
    vsplat(a, vece, max);
    x86_packed_rr(as(), X86_PXOR, a, t2); /* the limit */
    /* a = t where no overflow, else the limit */
    x86_packed_rr(as(), X86_PXOR, a, t);
    x86_packed_rr(as(), X86_PAND, a, b);
    x86_packed_rr(as(), X86_PXOR, a, t);
    set_sat_flag_if_any(b);
}

/* Unsigned saturating add / subtract of 32- and 64-bit lanes: the carry
 * (a >u a + b) or borrow (b >u a) mask forces all ones or zero. */
static void vsat_arith_unsigned(bool add, unsigned vece, X86Xmm a, X86Xmm b,
                                X86Xmm t, X86Xmm t2)
{
    vmov(t, a);
    x86_packed_rr(as(), add ? op_add[vece] : op_sub[vece], t, b);
    if (add) {
        vmov(b, t);
        vcmpgtu(a, b, vece, t2);
        set_sat_flag_if_any(a);
        x86_packed_rr(as(), X86_POR, a, t);
        return;
    }
    vcmpgtu(b, a, vece, t2);
    set_sat_flag_if_any(b);
    x86_packed_rr(as(), X86_PANDN, b, t);
    vmov(a, b);
}

static void vsat_arith(unsigned kind, unsigned vece, X86Xmm a, X86Xmm b,
                       X86Xmm t, X86Xmm t2)
{
    bool add = kind == TCG_VEC_SQADD || kind == TCG_VEC_UQADD;

    if (vece < 2)
        vsat_arith_narrow(kind, vece, a, b, t);
    else if (kind == TCG_VEC_SQADD || kind == TCG_VEC_SQSUB)
        vsat_arith_signed(add, vece, a, b, t, t2);
    else
        vsat_arith_unsigned(add, vece, a, b, t, t2);
}

/*
 * SQDMULH, SQRDMULH: the high half of the doubled product, (a * b) >> 15
 * for 16-bit lanes (pmulhrsw has the rounded one), the high dword of the
 * doubled 64-bit product for 32-bit lanes. Only -min * -min reaches the
 * value min there, which is where Arm saturates to max instead.
 */
static void vsat_doubling_mulh(bool round, unsigned vece, X86Xmm a, X86Xmm b,
                               X86Xmm t, X86Xmm t2)
{
    if (vece == 1 && round) {
        x86_packed_rr(as(), X86_PMULHRSW, a, b);
    } else if (vece == 1) {
        vmov(t, a);
        x86_packed_rr(as(), X86_PMULLW, t, b);
        x86_packed_rr(as(), X86_PMULHW, a, b);
        x86_pshift_ri(as(), X86_PSLLW, a, 1);
        x86_pshift_ri(as(), X86_PSRLW, t, 15);
        x86_packed_rr(as(), X86_POR, a, t);
    } else {
        /* pmuldq multiplies dwords 0 and 2: the even lanes in t, then
         * the odd ones moved down into a. */
        vmov(t, a);
        x86_packed_rr(as(), X86_PMULDQ, t, b);
        x86_pshift_ri(as(), X86_PSRLQ, a, 32);
        x86_pshift_ri(as(), X86_PSRLQ, b, 32);
        x86_packed_rr(as(), X86_PMULDQ, a, b);
        x86_packed_rr(as(), X86_PADDQ, t, t);
        x86_packed_rr(as(), X86_PADDQ, a, a);
        if (round) {
            vsplat(t2, 3, 1ull << 31);
            x86_packed_rr(as(), X86_PADDQ, t, t2);
            x86_packed_rr(as(), X86_PADDQ, a, t2);
        }
        x86_pshift_ri(as(), X86_PSRLQ, t, 32);
        x86_pshift_ri(as(), X86_PSRLQ, a, 32);
        x86_pshift_ri(as(), X86_PSLLQ, a, 32);
        x86_packed_rr(as(), X86_POR, a, t);
    }
    vsplat(t, vece, 1ull << ((8u << vece) - 1));
    x86_packed_rr(as(), vece == 1 ? X86_PCMPEQW : X86_PCMPEQD, t, a);
    x86_packed_rr(as(), X86_PXOR, a, t);
    set_sat_flag_if_any(t);
}

/*
 * SQXTN, UQXTN, SQXTUN of 16-bit lanes to bytes (x: 16 bytes in, 8 out).
 * A lane is out of range exactly when (x + bias) -sat 0xff is not zero,
 * unsigned: bias 0x80 for a signed result from signed lanes, none
 * otherwise (a negative lane is a large unsigned one).
 */
static void vsat_narrow_bytes(unsigned kind, X86Xmm x, X86Xmm t, X86Xmm t2)
{
    vmov(t, x);
    if (kind == TCG_VEC_SQXTN) {
        vsplat(t2, 1, 0x80);
        x86_packed_rr(as(), X86_PADDW, t, t2);
    }
    vsplat(t2, 1, 0xff);
    x86_packed_rr(as(), X86_PSUBUSW, t, t2);
    if (kind == TCG_VEC_UQXTN)
        x86_packed_rr(as(), X86_PSUBW, x, t); /* min(x, 0xff) */
    x86_packed_rr(as(), kind == TCG_VEC_SQXTN ? X86_PACKSSWB : X86_PACKUSWB, x,
                  x);
    vzero(t2);
    x86_packed_rr(as(), X86_PCMPEQB, t, t2);
    set_sat_flag_unless_all_ones(t);
}

/*
 * The same from 32-bit lanes to 16: a lane is in range exactly when
 * (x + bias) >> 16 is zero (bias 0x8000 for SQXTN). packssdw and
 * packusdw narrow the signed forms; UQXTN sets the out-of-range lanes to
 * all ones, then packs the low halves sign-extended, which is exact.
 */
static void vsat_narrow_halves(unsigned kind, X86Xmm x, X86Xmm t, X86Xmm t2)
{
    vmov(t, x);
    if (kind == TCG_VEC_SQXTN) {
        vsplat(t2, 2, 0x8000);
        x86_packed_rr(as(), X86_PADDD, t, t2);
    }
    x86_pshift_ri(as(), X86_PSRLD, t, 16);
    vzero(t2);
    x86_packed_rr(as(), X86_PCMPEQD, t, t2); /* in range */
    set_sat_flag_unless_all_ones(t);
    if (kind == TCG_VEC_UQXTN) {
        vnot(t, t2);
        x86_packed_rr(as(), X86_POR, x, t);
        x86_pshift_ri(as(), X86_PSLLD, x, 16);
        x86_pshift_ri(as(), X86_PSRAD, x, 16);
    }
    x86_packed_rr(as(), kind == TCG_VEC_SQXTUN ? X86_PACKUSDW : X86_PACKSSDW, x,
                  x);
}

/*
 * The same from 64-bit lanes to 32 (SSE has neither a 64-bit arithmetic
 * shift nor a qword pack): an SQXTN lane is in range when its high dword
 * is the sign of its low one, an unsigned result's when its high dword
 * is zero. The other lanes take the limit on their side of zero: sign ^
 * 0x7fffffff for SQXTN, ~sign for SQXTUN, all ones for UQXTN; pshufd
 * then gathers the low dwords.
 */
static void vsat_narrow_words(unsigned kind, X86Xmm x, X86Xmm t, X86Xmm t2,
                              X86Xmm t3)
{
    x86_pshufd(as(), t2, x, 0xf5); /* each lane's high dword, twice */
    if (kind == TCG_VEC_SQXTN) {
        x86_pshufd(as(), t, x, 0xa0); /* each lane's low dword, twice */
        x86_pshift_ri(as(), X86_PSRAD, t, 31);
    } else {
        vzero(t);
    }
    x86_packed_rr(as(), X86_PCMPEQD, t, t2); /* in range */
    set_sat_flag_unless_all_ones(t);
    if (kind == TCG_VEC_UQXTN) {
        vones(t3);
    } else {
        x86_pshift_ri(as(), X86_PSRAD, t2, 31); /* the lane's sign */
        if (kind == TCG_VEC_SQXTN)
            vsplat(t3, 2, 0x7fffffff);
        else
            vones(t3);
        x86_packed_rr(as(), X86_PXOR, t3, t2);
    }
    /* x = in range ? x : limit */
    x86_packed_rr(as(), X86_PXOR, x, t3);
    x86_packed_rr(as(), X86_PAND, x, t);
    x86_packed_rr(as(), X86_PXOR, x, t3);
    x86_pshufd(as(), x, x, 0x08);
}

/*
 * SQSHL, UQSHL, SQSHLU by n: a lane is in range when shifting x << n
 * back (arithmetically for SQSHL's signed result) gives x. The others take
 * the limit: sign ^ max for SQSHL, all ones for UQSHL; SQSHLU gives 0
 * for a negative lane (saturated too) and all ones past the range.
 */
static void vsat_shl(unsigned kind, unsigned vece, unsigned n, X86Xmm x,
                     X86Xmm t, X86Xmm t2, X86Xmm t3)
{
    uint64_t max = (1ull << ((8u << vece) - 1)) - 1;

    vmov(t, x);
    vshl(t, vece, n, t2);
    vmov(t2, t);
    if (kind == TCG_VEC_SQSHLI)
        vsar(t2, vece, n, t3);
    else
        vshr(t2, vece, n, t3);
    vcmpeq(t2, x, vece, t3); /* in range */
    if (kind == TCG_VEC_SQSHLI) {
        set_sat_flag_unless_all_ones(t2);
        vsignmask(t3, x, vece);
        vsplat(x, vece, max);
        x86_packed_rr(as(), X86_PXOR, x, t3); /* the limit */
        x86_packed_rr(as(), X86_PXOR, x, t);
        x86_packed_rr(as(), X86_PANDN, t2, x); /* ~in & (limit ^ t) */
        x86_packed_rr(as(), X86_PXOR, t2, t);
        vmov(x, t2);
        return;
    }
    if (kind == TCG_VEC_UQSHLI) {
        set_sat_flag_unless_all_ones(t2);
        vnot(t2, t3);
        x86_packed_rr(as(), X86_POR, t, t2);
        vmov(x, t);
        return;
    }
    vsignmask(t3, x, vece);
    vmov(x, t3);                            /* the sign */
    x86_packed_rr(as(), X86_PANDN, t3, t2); /* in range and not negative */
    set_sat_flag_unless_all_ones(t3);
    vnot(t2, t3);
    x86_packed_rr(as(), X86_POR, t, t2);
    x86_packed_rr(as(), X86_PANDN, x, t); /* ~sign & (t | ~in) */
}

/* x = |x| lane by lane (the most negative value stays); t is clobbered. */
static void vabs(unsigned vece, X86Xmm x, X86Xmm t)
{
    static const X86PackedOp abs[3] = {X86_PABSB, X86_PABSW, X86_PABSD};

    if (vece < 3 && host_isa() >= ISA_SSSE3) {
        x86_packed_rr(as(), abs[vece], x, x);
        return;
    }
    vsignmask(t, x, vece);
    x86_packed_rr(as(), X86_PXOR, x, t);
    x86_packed_rr(as(), op_sub[vece], x, t);
}

/* SQABS, SQNEG: the plain result, then the lanes that came out as the
 * most negative value (from it, the only one that overflows) inverted. */
static void vsat_abs_neg(unsigned kind, unsigned vece, X86Xmm x, X86Xmm t,
                         X86Xmm t2)
{
    if (kind == TCG_VEC_SQNEG) {
        vzero(t);
        x86_packed_rr(as(), op_sub[vece], t, x);
        x86_packed_rr(as(), X86_PAND, x, t); /* negative only for min */
        vsignmask(t2, x, vece);
        vmov(x, t);
    } else {
        vabs(vece, x, t);
        vsignmask(t2, x, vece);
    }
    x86_packed_rr(as(), X86_PXOR, x, t2);
    set_sat_flag_if_any(t2);
}

static void lower_elementwise(unsigned kind, unsigned vece)
{
    const X86Xmm a = X86_XMM0, b = X86_XMM1, t = X86_XMM2;

    switch (kind) {
    case TCG_VEC_ADD: x86_packed_rr(as(), op_add[vece], a, b); break;
    case TCG_VEC_SUB: x86_packed_rr(as(), op_sub[vece], a, b); break;
    case TCG_VEC_MUL:
        if (vece == 0)
            vmul_bytes(a, b, t, X86_XMM3);
        else
            x86_packed_rr(as(), vece == 1 ? X86_PMULLW : X86_PMULLD, a, b);
        break;
    case TCG_VEC_AND: x86_packed_rr(as(), X86_PAND, a, b); break;
    case TCG_VEC_OR: x86_packed_rr(as(), X86_POR, a, b); break;
    case TCG_VEC_XOR: x86_packed_rr(as(), X86_PXOR, a, b); break;
    case TCG_VEC_ANDC:
        x86_packed_rr(as(), X86_PANDN, b, a);
        vmov(a, b);
        break;
    case TCG_VEC_ORC:
        vnot(b, t);
        x86_packed_rr(as(), X86_POR, a, b);
        break;
    case TCG_VEC_CMPEQ: vcmpeq(a, b, vece, t); break;
    case TCG_VEC_CMPGT: x86_packed_rr(as(), op_cmpgt[vece], a, b); break;
    case TCG_VEC_CMPGE: /* !(b > a) */
        x86_packed_rr(as(), op_cmpgt[vece], b, a);
        vnot(b, t);
        vmov(a, b);
        break;
    case TCG_VEC_CMPGTU: vcmpgtu(a, b, vece, t); break;
    case TCG_VEC_CMPGEU: /* !(b >u a) */
        vcmpgtu(b, a, vece, t);
        vnot(b, t);
        vmov(a, b);
        break;
    case TCG_VEC_CMPTST:
        x86_packed_rr(as(), X86_PAND, a, b);
        vzero(b);
        vcmpeq(a, b, vece, t);
        vnot(a, t);
        break;
    case TCG_VEC_ABDU:
    case TCG_VEC_ABDS:
        vabd(a, b, vece, kind == TCG_VEC_ABDS, t, X86_XMM3);
        break;
    case TCG_VEC_SQADD:
    case TCG_VEC_UQADD:
    case TCG_VEC_SQSUB:
    case TCG_VEC_UQSUB: vsat_arith(kind, vece, a, b, t, X86_XMM3); break;
    case TCG_VEC_SQDMULH:
    case TCG_VEC_SQRDMULH:
        vsat_doubling_mulh(kind == TCG_VEC_SQRDMULH, vece, a, b, t, X86_XMM3);
        break;
    default: /* min and max */
        x86_packed_rr(as(), op_minmax(kind, vece), a, b);
        break;
    }
}

/* TBL on one 16-byte table: table = table[idx - base] where that is
 * 0..15, else 0. pshufb takes an index's low four bits and gives 0 for
 * one with bit 7 set: adding 0x70 with unsigned saturation keeps the
 * low four bits of 0..15 (0x70..0x7f) and sets bit 7 for 16 and above.
 * idx is clobbered. */
static void vtbl(X86Xmm table, X86Xmm idx, unsigned base, X86Xmm t1)
{
    if (base) {
        vsplat(t1, 0, base);
        x86_packed_rr(as(), X86_PSUBB, idx, t1);
    }
    vsplat(t1, 0, 0x70);
    x86_packed_rr(as(), X86_PADDUSB, idx, t1);
    x86_packed_rr(as(), X86_PSHUFB, table, idx);
}

/* ---- AVX: elementwise ops on the cached registers themselves ---- */

/* The one packed op that is kind on elements of size vece, if any
 * (ANDC: vpandn, whose first source is the one inverted). */
static bool avx_bin_op(unsigned kind, unsigned vece, X86PackedOp *p)
{
    switch (kind) {
    case TCG_VEC_ADD: *p = op_add[vece]; return true;
    case TCG_VEC_SUB: *p = op_sub[vece]; return true;
    case TCG_VEC_AND: *p = X86_PAND; return true;
    case TCG_VEC_OR: *p = X86_POR; return true;
    case TCG_VEC_XOR: *p = X86_PXOR; return true;
    case TCG_VEC_ANDC: *p = X86_PANDN; return true;
    case TCG_VEC_CMPGT: *p = op_cmpgt[vece]; return true;
    case TCG_VEC_MUL:
        if (vece != 1 && vece != 2)
            return false;
        *p = vece == 1 ? X86_PMULLW : X86_PMULLD;
        return true;
    case TCG_VEC_SMIN:
    case TCG_VEC_SMAX:
    case TCG_VEC_UMIN:
    case TCG_VEC_UMAX:
        if (vece == 3)
            return false;
        *p = op_minmax(kind, vece);
        return true;
    default: return false;
    }
}

/* Whether op (args: op, vece, oprsz, maxsz, d, sources...) may be done
 * in place in the vector cache: AVX, no accumulation, a whole register
 * written (an 8-byte result then has its upper half cleared), every
 * vector cacheable. */
static bool avx_in_place(const TCGOp *op, int nsrc)
{
    unsigned opf = (unsigned)op->args[0], oprsz = (unsigned)op->args[2];

    if (host_isa() < ISA_AVX || (opf & (TCG_VEC_ACC | TCG_VEC_ACC_SUB)) ||
        op->args[3] != 16 || (oprsz != 8 && oprsz != 16))
        return false;
    for (int i = 0; i <= nsrc; i++)
        if (!vcache_can_hold((int32_t)op->args[4 + i]))
            return false;
    return true;
}

/* The register of a source of an oprsz-byte in-place op: for 8 bytes
 * only its low half need be loaded (the result's upper half is cleared). */
static X86Xmm avx_source(int32_t ofs, unsigned oprsz)
{
    return oprsz == 8 ? vcache_reg_low(ofs) : vcache_reg(ofs);
}

/* The result register of an in-place op at d, written: its upper half
 * cleared for an 8-byte result. */
static void avx_finish(int32_t d, X86Xmm xd, unsigned oprsz)
{
    if (oprsz == 8)
        x86_movq_rr(as(), xd, xd);
    vcache_mark_written(d);
}

/* d = a op b in one VEX instruction on the cached registers, instead
 * of copies into scratch registers around a two-operand one. */
static bool lower_vec_bin_avx(const TCGOp *op)
{
    unsigned kind = (unsigned)op->args[0] & TCG_VEC_OP_MASK;
    int32_t d = (int32_t)op->args[4];
    X86Xmm xa, xb, xd;
    X86PackedOp p;

    if (!avx_bin_op(kind, (unsigned)op->args[1], &p) || !avx_in_place(op, 2))
        return false;
    xa = avx_source((int32_t)op->args[5], (unsigned)op->args[2]);
    xb = avx_source((int32_t)op->args[6], (unsigned)op->args[2]);
    xd = vcache_prepare_write(d);
    if (kind == TCG_VEC_ANDC)
        x86_vpacked_rrr(as(), p, xd, xb, xa);
    else
        x86_vpacked_rrr(as(), p, xd, xa, xb);
    avx_finish(d, xd, (unsigned)op->args[2]);
    return true;
}

/* d = a shifted by an immediate, likewise: elements of 16 to 64 bits
 * (x86 has no byte shifts), a count from 1 (0 is a move) and an
 * arithmetic one of 16 or 32 bits. */
static bool lower_vec_shift_avx(const TCGOp *op)
{
    unsigned kind = (unsigned)op->args[0] & TCG_VEC_OP_MASK;
    unsigned vece = (unsigned)op->args[1], n = (unsigned)op->args[6];
    int32_t d = (int32_t)op->args[4];
    X86PShiftOp p;
    X86Xmm xa, xd;

    if (vece == 0 || n == 0 || !avx_in_place(op, 1))
        return false;
    if (kind == TCG_VEC_SHLI)
        p = op_shl[vece];
    else if (kind == TCG_VEC_SHRI)
        p = op_shr[vece];
    else if (kind == TCG_VEC_SARI && vece < 3)
        p = op_sar[vece];
    else
        return false;
    if (kind == TCG_VEC_SARI && n >= 8u << vece)
        n = (8u << vece) - 1;
    xa = avx_source((int32_t)op->args[5], (unsigned)op->args[2]);
    xd = vcache_prepare_write(d);
    x86_vpshift_ri(as(), p, xd, xa, (uint8_t)n);
    avx_finish(d, xd, (unsigned)op->args[2]);
    return true;
}

/* ---- shifts by a count per element (AVX2) ---- */

/* x = the low byte of each element of src (vece 2 or 3) as a count,
 * 0..255 or, is_signed (vece 2), -128..127. */
static void vcount_byte(X86Xmm x, X86Xmm src, unsigned vece, bool is_signed)
{
    uint8_t up = (uint8_t)((8u << vece) - 8);

    x86_vpshift_ri(as(), op_shl[vece], x, src, up);
    x86_pshift_ri(as(), is_signed ? op_sar[vece] : op_shr[vece], x, up);
}

/*
 * USHLV of dwords or qwords: the count c = 0..255 shifts left by c
 * (c of 128 and above: more than the width, 0) and right by 256 - c
 * (c below 128: likewise 0); c = 0 gives a both ways. Result in xmm0.
 */
static void vushlv_wide(X86Xmm a, X86Xmm b, unsigned vece)
{
    static const X86PackedOp shlv[2] = {X86_VPSLLVD, X86_VPSLLVQ};
    static const X86PackedOp shrv[2] = {X86_VPSRLVD, X86_VPSRLVQ};
    const X86Xmm left = X86_XMM0, count = X86_XMM1, right = X86_XMM2;
    uint8_t up = (uint8_t)((8u << vece) - 8);

    vcount_byte(count, b, vece, false);
    x86_vpacked_rrr(as(), shlv[vece - 2], left, a, count);
    vzero(right);
    x86_packed_rr(as(), op_sub[vece], right, count);
    x86_pshift_ri(as(), op_shl[vece], right, up);
    x86_pshift_ri(as(), op_shr[vece], right, up); /* (256 - c) & 255 */
    x86_vpacked_rrr(as(), shrv[vece - 2], right, a, right);
    x86_packed_rr(as(), X86_POR, left, right);
}

/* SSHLV of dwords: left by s = -128..127 where s >= 0 (negative: a
 * huge unsigned count, 0), arithmetic right by -s where s < 0. Result
 * in xmm1. */
static void vsshlv_dwords(X86Xmm a, X86Xmm b)
{
    const X86Xmm left = X86_XMM0, s = X86_XMM1, right = X86_XMM2;

    vcount_byte(s, b, 2, true);
    x86_vpacked_rrr(as(), X86_VPSLLVD, left, a, s);
    vzero(right);
    x86_packed_rr(as(), X86_PSUBD, right, s);
    x86_vpacked_rrr(as(), X86_VPSRAVD, right, a, right);
    x86_pshift_ri(as(), X86_PSRAD, s, 31); /* the mask of s < 0 */
    x86_packed_rr(as(), X86_PAND, right, s);
    x86_packed_rr(as(), X86_PANDN, s, left);
    x86_packed_rr(as(), X86_POR, s, right);
}

/*
 * One word of each dword shifted by its count: word, the dword with the
 * word in its upper half and zeros below; its count byte at bits
 * 8 * at .. 8 * at + 7 of b. A right shift of word by 16 - s (at least
 * 0: s above 16 leaves the zeros) puts the word shifted by s (left when
 * positive) in the lower half; a right shift of 32 or more gives 0 (or
 * sign copies). sixteen holds 16 in each dword; t is clobbered.
 */
static void vshlv_words_half(X86Xmm word, X86Xmm b, unsigned at, X86Xmm sixteen,
                             X86Xmm t, bool is_signed)
{
    x86_vpshift_ri(as(), X86_PSLLD, t, b, (uint8_t)(24 - 8 * at));
    x86_pshift_ri(as(), X86_PSRAD, t, 24);
    x86_vpacked_rrr(as(), X86_PSUBD, t, sixteen, t);
    vzero(sixteen);
    x86_packed_rr(as(), X86_PMAXSD, t, sixteen);
    x86_vpacked_rrr(as(), is_signed ? X86_VPSRAVD : X86_VPSRLVD, word, word, t);
}

/* USHLV and SSHLV of words: the odd words, then the even ones, each as
 * the upper half of a dword. Result in xmm0. */
static void vshlv_words(X86Xmm a, X86Xmm b, bool is_signed)
{
    const X86Xmm odd = X86_XMM0, even = X86_XMM1, sixteen = X86_XMM2;

    x86_vpshift_ri(as(), X86_PSRLD, odd, a, 16);
    x86_pshift_ri(as(), X86_PSLLD, odd, 16);
    vones(sixteen);
    x86_pshift_ri(as(), X86_PSRLD, sixteen, 31);
    x86_pshift_ri(as(), X86_PSLLD, sixteen, 4);
    vmov(X86_XMM3, sixteen);
    vshlv_words_half(odd, b, 2, X86_XMM3, even, is_signed);
    x86_pshift_ri(as(), X86_PSLLD, odd, 16);
    x86_vpshift_ri(as(), X86_PSLLD, even, a, 16);
    vshlv_words_half(even, b, 0, sixteen, X86_XMM3, is_signed);
    x86_pblendw(as(), odd, even, 0x55);
}

/* The sources are read where the vector cache holds them, leaving all
 * four scratch registers to the sequences above. */
static void lower_vec_shlv(const TCGOp *op)
{
    unsigned opf = (unsigned)op->args[0], vece = (unsigned)op->args[1];
    unsigned oprsz = (unsigned)op->args[2];
    int32_t aofs = (int32_t)op->args[5], bofs = (int32_t)op->args[6];
    bool is_signed = (opf & TCG_VEC_OP_MASK) == TCG_VEC_SSHLV;
    X86Xmm a, b, result = X86_XMM0;

    if (!vcache_can_hold(aofs) || !vcache_can_hold(bofs))
        arx_fatal("backend: a per-element shift of unaligned vectors");
    a = avx_source(aofs, oprsz);
    b = avx_source(bofs, oprsz);
    if (vece == 1) {
        vshlv_words(a, b, is_signed);
    } else if (is_signed) {
        vsshlv_dwords(a, b);
        result = X86_XMM1;
    } else {
        vushlv_wide(a, b, vece);
    }
    vfinish(opf, vece, oprsz, (unsigned)op->args[3], op->args[4], result);
}

static void lower_vec_bin(const TCGOp *op)
{
    unsigned opf = (unsigned)op->args[0], kind = opf & TCG_VEC_OP_MASK;
    unsigned vece = (unsigned)op->args[1], oprsz = (unsigned)op->args[2];
    unsigned maxsz = (unsigned)op->args[3], pos = (unsigned)op->args[7];
    unsigned a_size = oprsz, b_size = oprsz, out_vece = vece;
    const X86Xmm a = X86_XMM0, b = X86_XMM1, t = X86_XMM2;

    if (lower_vec_bin_avx(op))
        return;
    if (kind == TCG_VEC_USHLV || kind == TCG_VEC_SSHLV) {
        lower_vec_shlv(op);
        return;
    }
    if (kind >= TCG_VEC_MULLU && kind <= TCG_VEC_SUBWS) {
        a_size = kind >= TCG_VEC_ADDWU ? 16 : 8;
        b_size = 8;
        out_vece = vece + 1;
    }
    if (kind == TCG_VEC_TBL)
        a_size = 16; /* the table, whatever the result's size */
    vload(a, op->args[5], a_size);
    vload(b, op->args[6], b_size);
    switch (kind) {
    case TCG_VEC_ADDP:
    case TCG_VEC_SMINP:
    case TCG_VEC_SMAXP:
    case TCG_VEC_UMINP:
    case TCG_VEC_UMAXP:
        vmov(X86_XMM2, a);
        vmov(X86_XMM3, b);
        vuzp(a, b, vece, oprsz, false);
        vuzp(X86_XMM2, X86_XMM3, vece, oprsz, true);
        x86_packed_rr(
            as(), kind == TCG_VEC_ADDP ? op_add[vece] : op_minmax(kind, vece),
            a, X86_XMM2);
        break;
    case TCG_VEC_ZIPLO: x86_packed_rr(as(), op_unpacklo[vece], a, b); break;
    case TCG_VEC_ZIPHI:
        if (oprsz == 16) {
            x86_packed_rr(as(), op_unpackhi[vece], a, b);
        } else {
            x86_packed_rr(as(), op_unpacklo[vece], a, b);
            x86_pshift_ri(as(), X86_PSRLDQ, a, 8);
        }
        break;
    case TCG_VEC_UZPEVEN:
    case TCG_VEC_UZPODD: vuzp(a, b, vece, oprsz, kind == TCG_VEC_UZPODD); break;
    case TCG_VEC_TRNEVEN:
    case TCG_VEC_TRNODD: vtrn(a, b, vece, kind == TCG_VEC_TRNODD); break;
    case TCG_VEC_MULLU:
    case TCG_VEC_MULLS: vmull(a, b, vece, kind == TCG_VEC_MULLS, t); break;
    case TCG_VEC_ABDLU:
    case TCG_VEC_ABDLS:
        vabd(a, b, vece, kind == TCG_VEC_ABDLS, t, X86_XMM3);
        vwiden(a, vece, false, t);
        break;
    case TCG_VEC_ADDLU:
    case TCG_VEC_ADDLS:
    case TCG_VEC_SUBLU:
    case TCG_VEC_SUBLS: {
        bool is_signed = kind == TCG_VEC_ADDLS || kind == TCG_VEC_SUBLS;
        vwiden(a, vece, is_signed, t);
        vwiden(b, vece, is_signed, t);
        x86_packed_rr(
            as(), kind <= TCG_VEC_ADDLS ? op_add[vece + 1] : op_sub[vece + 1],
            a, b);
        break;
    }
    case TCG_VEC_ADDWU:
    case TCG_VEC_ADDWS:
    case TCG_VEC_SUBWU:
    case TCG_VEC_SUBWS:
        vwiden(b, vece, kind == TCG_VEC_ADDWS || kind == TCG_VEC_SUBWS, t);
        x86_packed_rr(
            as(), kind <= TCG_VEC_ADDWS ? op_add[vece + 1] : op_sub[vece + 1],
            a, b);
        break;
    case TCG_VEC_EXTRACT:
        if (oprsz == 8) {
            x86_packed_rr(as(), X86_PUNPCKLQDQ, a, b);
            x86_pshift_ri(as(), X86_PSRLDQ, a, (uint8_t)pos);
        } else if (pos) {
            x86_pshift_ri(as(), X86_PSRLDQ, a, (uint8_t)pos);
            x86_pshift_ri(as(), X86_PSLLDQ, b, (uint8_t)(16 - pos));
            x86_packed_rr(as(), X86_POR, a, b);
        }
        break;
    case TCG_VEC_TBL: vtbl(a, b, pos, t); break;
    default: lower_elementwise(kind, vece); break;
    }
    vfinish(opf, out_vece, oprsz, maxsz, op->args[4], a);
}

/* ---- one operand ---- */

static void vrev_bytes_in_words(X86Xmm x, X86Xmm tmp)
{
    vmov(tmp, x);
    x86_pshift_ri(as(), X86_PSLLW, x, 8);
    x86_pshift_ri(as(), X86_PSRLW, tmp, 8);
    x86_packed_rr(as(), X86_POR, x, tmp);
}

/* Reverses elements within containers of 16 << level bits. */
static void vrev(X86Xmm x, unsigned vece, unsigned level, X86Xmm tmp)
{
    if (vece == 0) {
        vrev_bytes_in_words(x, tmp);
        if (level == 0)
            return;
        vece = 1;
    }
    if (vece == 2) {
        x86_pshufd(as(), x, x, 0xb1);
        return;
    }
    /* Halfwords: swap pairs (within dwords) or reverse fours (qwords). */
    uint8_t sel = level == 1 ? 0xb1 : 0x1b;
    x86_pshuflw(as(), x, x, sel);
    x86_pshufhw(as(), x, x, sel);
}

/* Element 0 of x = the reduction of its first oprsz bytes. */
static void vreduce(X86Xmm x, unsigned kind, unsigned vece, unsigned oprsz,
                    X86Xmm tmp)
{
    X86PackedOp combine =
        kind == TCG_VEC_REDADD ? op_add[vece] : op_minmax(kind, vece);

    for (unsigned s = oprsz / 2; s >= (1u << vece); s /= 2) {
        vmov(tmp, x);
        x86_pshift_ri(as(), X86_PSRLDQ, tmp, (uint8_t)s);
        x86_packed_rr(as(), combine, x, tmp);
    }
}

/* Element 0 of x (of twice vece) = the sum of its first oprsz bytes'
 * elements, each extended. */
static void vreduce_long(X86Xmm x, unsigned vece, unsigned oprsz,
                         bool is_signed, X86Xmm t1, X86Xmm t2)
{
    if (vece == 0 && !is_signed) {
        /* psadbw against zero: the byte sums of each 8-byte half. */
        vzero(t1);
        x86_packed_rr(as(), X86_PSADBW, x, t1);
        if (oprsz == 16) {
            x86_pshufd(as(), t1, x, 0xee);
            x86_packed_rr(as(), X86_PADDW, x, t1);
        }
        return;
    }
    /* The sums fit the wide element, so pairs first, then a plain sum. */
    vaddlp(x, vece, is_signed, t1, t2);
    if (oprsz > (2u << vece))
        vreduce(x, TCG_VEC_REDADD, vece + 1, oprsz, t1);
}

/* Writes element 0 of x, zero-extended, as d's low 8 bytes. */
static void store_element0(uint64_t d, X86Xmm x, unsigned vece, unsigned maxsz)
{
    x86_movq_rx(as(), 64, REG_SCRATCH, x);
    if (vece == 0)
        x86_movzx8(as(), REG_SCRATCH, REG_SCRATCH);
    else if (vece == 1)
        x86_movzx16(as(), REG_SCRATCH, REG_SCRATCH);
    else if (vece == 2)
        x86_mov_rr(as(), 32, REG_SCRATCH, REG_SCRATCH);
    x86_movq_xr(as(), 64, x, REG_SCRATCH); /* upper half zero */
    vstore(d, x, 8, maxsz);
}

static void lower_vec_un(const TCGOp *op)
{
    unsigned opf = (unsigned)op->args[0], kind = opf & TCG_VEC_OP_MASK;
    unsigned vece = (unsigned)op->args[1], oprsz = (unsigned)op->args[2];
    unsigned maxsz = (unsigned)op->args[3], imm = (unsigned)op->args[6];
    unsigned in_size = oprsz, out_vece = vece;
    const X86Xmm x = X86_XMM0, t = X86_XMM1, t2 = X86_XMM2;

    if (lower_vec_shift_avx(op))
        return;
    if (kind == TCG_VEC_SHRI_NARROW || kind == TCG_VEC_RSHRI_NARROW ||
        kind == TCG_VEC_SQXTN || kind == TCG_VEC_UQXTN ||
        kind == TCG_VEC_SQXTUN)
        in_size = 16;
    if (kind == TCG_VEC_ZEXT_SHLI || kind == TCG_VEC_SEXT_SHLI) {
        in_size = 8;
        out_vece = vece + 1;
    }
    if (kind == TCG_VEC_ADDLPU || kind == TCG_VEC_ADDLPS)
        out_vece = vece + 1;
    vload(x, op->args[5], in_size);
    switch (kind) {
    case TCG_VEC_NOT: vnot(x, t); break;
    case TCG_VEC_NEG:
        vzero(t);
        x86_packed_rr(as(), op_sub[vece], t, x);
        vmov(x, t);
        break;
    case TCG_VEC_ABS: vabs(vece, x, t); break;
    case TCG_VEC_CMPEQZ:
        vzero(t);
        vcmpeq(x, t, vece, t2);
        break;
    case TCG_VEC_CMPGTZ:
    case TCG_VEC_CMPLEZ:
        vzero(t);
        x86_packed_rr(as(), op_cmpgt[vece], x, t);
        if (kind == TCG_VEC_CMPLEZ)
            vnot(x, t);
        break;
    case TCG_VEC_CMPLTZ:
    case TCG_VEC_CMPGEZ:
        vsignmask(t, x, vece);
        vmov(x, t);
        if (kind == TCG_VEC_CMPGEZ)
            vnot(x, t);
        break;
    case TCG_VEC_REV16:
    case TCG_VEC_REV32:
    case TCG_VEC_REV64: vrev(x, vece, kind - TCG_VEC_REV16, t); break;
    case TCG_VEC_SHLI: vshl(x, vece, imm, t); break;
    case TCG_VEC_SHRI: vshr(x, vece, imm, t); break;
    case TCG_VEC_SARI: vsar(x, vece, imm, t); break;
    case TCG_VEC_SHRI_RND:
    case TCG_VEC_SARI_RND:
        vshr_round(x, vece, imm, kind == TCG_VEC_SARI_RND, t, t2);
        break;
    case TCG_VEC_SLI:
    case TCG_VEC_SRI:
        vshift_insert(x, op->args[4], vece, oprsz, imm, kind == TCG_VEC_SLI, t,
                      t2);
        break;
    case TCG_VEC_SHRI_NARROW:
    case TCG_VEC_RSHRI_NARROW:
        if (kind == TCG_VEC_RSHRI_NARROW)
            vshr_round(x, vece + 1, imm, false, t, t2);
        else if (imm)
            x86_pshift_ri(as(), op_shr[vece + 1], x, (uint8_t)imm);
        if (vece == 2) {
            x86_pshufd(as(), x, x, 0x08);
        } else {
            vmov(t, x);
            vuzp(x, t, vece, 16, false);
        }
        break;
    case TCG_VEC_SQXTN:
    case TCG_VEC_UQXTN:
    case TCG_VEC_SQXTUN:
        if (vece == 0)
            vsat_narrow_bytes(kind, x, t, t2);
        else if (vece == 1)
            vsat_narrow_halves(kind, x, t, t2);
        else
            vsat_narrow_words(kind, x, t, t2, X86_XMM3);
        break;
    case TCG_VEC_SQABS:
    case TCG_VEC_SQNEG: vsat_abs_neg(kind, vece, x, t, t2); break;
    case TCG_VEC_SQSHLI:
    case TCG_VEC_UQSHLI:
    case TCG_VEC_SQSHLUI: vsat_shl(kind, vece, imm, x, t, t2, X86_XMM3); break;
    case TCG_VEC_ZEXT_SHLI:
    case TCG_VEC_SEXT_SHLI:
        vwiden(x, vece, kind == TCG_VEC_SEXT_SHLI, t);
        vshl(x, vece + 1, imm, t);
        break;
    case TCG_VEC_ADDLPU:
    case TCG_VEC_ADDLPS: vaddlp(x, vece, kind == TCG_VEC_ADDLPS, t, t2); break;
    case TCG_VEC_GETEL: {
        /* Down to byte 0, then clear everything above the element. */
        unsigned drop = 16 - (1u << vece);
        if (imm)
            x86_pshift_ri(as(), X86_PSRLDQ, x, (uint8_t)(imm << vece));
        x86_pshift_ri(as(), X86_PSLLDQ, x, (uint8_t)drop);
        x86_pshift_ri(as(), X86_PSRLDQ, x, (uint8_t)drop);
        break;
    }
    case TCG_VEC_REDADDLU:
    case TCG_VEC_REDADDLS:
        vreduce_long(x, vece, oprsz, kind == TCG_VEC_REDADDLS, t, t2);
        store_element0(op->args[4], x, vece + 1, maxsz);
        return;
    default:
        vreduce(x, kind, vece, oprsz, t);
        store_element0(op->args[4], x, vece, maxsz);
        return;
    }
    vfinish(opf, out_vece, oprsz, maxsz, op->args[4], x);
}

/* ---- select and broadcast ---- */

static void lower_vec_bitsel(const TCGOp *op)
{
    unsigned oprsz = (unsigned)op->args[0], maxsz = (unsigned)op->args[1];

    /* f ^ ((t ^ f) & sel) */
    vload(X86_XMM0, op->args[4], oprsz);
    vload(X86_XMM1, op->args[5], oprsz);
    vload(X86_XMM2, op->args[3], oprsz);
    x86_packed_rr(as(), X86_PXOR, X86_XMM0, X86_XMM1);
    x86_packed_rr(as(), X86_PAND, X86_XMM0, X86_XMM2);
    x86_packed_rr(as(), X86_PXOR, X86_XMM0, X86_XMM1);
    vstore(op->args[2], X86_XMM0, oprsz, maxsz);
}

static void lower_vec_dup(const TCGOp *op)
{
    unsigned vece = (unsigned)op->args[1], oprsz = (unsigned)op->args[2];
    X86Reg r = ra_in(arg_temp(op, 0), 0);
    const X86Xmm x = X86_XMM0;

    x86_movq_xr(as(), 64, x, r);
    ra_free_dead(op, 0, 1);
    /* Widen the element step by step until it fills a dword or qword. */
    if (vece == 0)
        x86_packed_rr(as(), X86_PUNPCKLBW, x, x);
    if (vece <= 1)
        x86_pshuflw(as(), x, x, 0);
    if (vece <= 2)
        x86_pshufd(as(), x, x, 0);
    else
        x86_packed_rr(as(), X86_PUNPCKLQDQ, x, x);
    vstore(op->args[4], x, oprsz, (unsigned)op->args[3]);
}

/* ---- element masks to and from bits ---- */

static void lower_vec_msb_mask(const TCGOp *op)
{
    X86Reg rd;

    vload(X86_XMM0, op->args[1], 16);
    rd = ra_alloc(0);
    x86_pmovmskb(as(), rd, X86_XMM0);
    ra_set_out(arg_temp(op, 0), rd);
    if (arg_dies(op, 0))
        ra_release(rd);
}

/* Byte j of x gets byte j / 8 of the value (three unpacks: SSE2), then
 * keeps the bit that decides its element: bit j rounded down to the
 * element's first byte, modulo 8. */
static void lower_vec_expand_bits(const TCGOp *op)
{
    static const uint64_t element_bit[4] = {
        0x8040201008040201ull, 0x4040101004040101ull, 0x1010101001010101ull,
        0x0101010101010101ull};
    unsigned vece = (unsigned)op->args[1] & 3;
    X86Reg r = ra_in(arg_temp(op, 0), 0);

    x86_movq_xr(as(), 64, X86_XMM0, r);
    ra_free_dead(op, 0, 1);
    x86_packed_rr(as(), X86_PUNPCKLBW, X86_XMM0, X86_XMM0);
    x86_packed_rr(as(), X86_PUNPCKLWD, X86_XMM0, X86_XMM0);
    x86_packed_rr(as(), X86_PUNPCKLDQ, X86_XMM0, X86_XMM0);
    vsplat(X86_XMM1, 3, element_bit[vece]);
    x86_packed_rr(as(), X86_PAND, X86_XMM0, X86_XMM1);
    x86_packed_rr(as(), X86_PCMPEQB, X86_XMM0, X86_XMM1);
    vstore(op->args[2], X86_XMM0, 16, 16);
}

bool lower_vec(TCGOp *op)
{
    switch (op->opc) {
    case INDEX_op_vec_bin:
    case INDEX_op_vec_un:
        if (vec_need((unsigned)op->args[0], (unsigned)op->args[1],
                     (unsigned)op->args[2]) > host_isa())
            arx_fatal("backend: vector op %u/%u/%u not available on host",
                      (unsigned)op->args[0], (unsigned)op->args[1],
                      (unsigned)op->args[2]);
        if (op->opc == INDEX_op_vec_bin)
            lower_vec_bin(op);
        else
            lower_vec_un(op);
        return true;
    case INDEX_op_vec_bitsel: lower_vec_bitsel(op); return true;
    case INDEX_op_vec_dup: lower_vec_dup(op); return true;
    case INDEX_op_vec_msb_mask: lower_vec_msb_mask(op); return true;
    case INDEX_op_vec_expand_bits: lower_vec_expand_bits(op); return true;
    default: return false;
    }
}
