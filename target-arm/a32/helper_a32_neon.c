/*
 * Advanced SIMD helpers of the AArch32 translator: the A64 element loops
 * of helper_simd.c / helper_crypto.c run on D and Q registers staged in
 * V16-V31 (which AArch32 never sees), VTBL/VTBX, and the (de)interleaving
 * of VLDn/VSTn. Guest memory is the translator's: nothing here faults.
 */
#include <math.h>
#include <string.h>

#include "target-arm/a32/helper_a32_neon.h"
#include "target-arm/helper_crypto.h"
#include "target-arm/helper_fp.h"
#include "target-arm/helper_simd.h"

static uint8_t *dreg_bytes(CPUARMState *env, int dreg)
{
    return (uint8_t *)env->v + 8 * (dreg & 63);
}

static int opnd_bytes(uint64_t opnd)
{
    return (opnd & NEON_OPND_Q) ? 16 : 8;
}

/* V[stage] = the operand, zero-extended to 16 bytes. */
static void stage_in(CPUARMState *env, int stage, uint64_t opnd)
{
    memset(&env->v[stage], 0, sizeof(env->v[stage]));
    memcpy(env->v[stage].b, dreg_bytes(env, (int)(opnd & 63)),
           (size_t)opnd_bytes(opnd));
}

static void stage_out(CPUARMState *env, uint64_t opnd, int stage)
{
    memcpy(dreg_bytes(env, (int)(opnd & 63)), env->v[stage].b,
           (size_t)opnd_bytes(opnd));
}

/* Every lane of V[stage] = its lane idx (the "by scalar" forms). */
static void stage_dup(CPUARMState *env, int stage, int esz, int idx)
{
    ARMVReg *v = &env->v[stage];
    int bytes = 1 << esz;
    uint8_t lane[8];

    memcpy(lane, v->b + idx * bytes, (size_t)bytes);
    for (int i = 0; i < 16; i += bytes) {
        memcpy(v->b + i, lane, (size_t)bytes);
    }
}

/* StandardFPSCRValue(): flush-to-zero, default NaN, round to nearest. */
static uint32_t standard_fpcr(uint32_t fpcr)
{
    return (fpcr & FPCR_AHP) | FPCR_FZ | FPCR_DN;
}

/* Neither a denormal, an infinity nor a NaN. */
static bool f32_is_plain(uint32_t x)
{
    uint32_t exp = x & 0x7f800000u;
    return (exp != 0 && exp != 0x7f800000u) || (x & 0x7fffffffu) == 0;
}

/*
 * a op b (add, subtract, multiply) under the standard FPSCR value. Plain
 * operands take the host: in double, where the product is exact and the
 * sum rounds innocuously before the one rounding to single (53 >= 2*24+2),
 * a result below the smallest normal flushes to zero with UFC alone, and
 * the conversion raises OFC/IXC in MXCSR as Arm would. The rest go
 * through helper_fp.c's fp_binop.
 */
static uint32_t neon_f32_binop(CPUARMState *env, int op, uint32_t a, uint32_t b)
{
    if (!f32_is_plain(a) || !f32_is_plain(b) ||
        (op != FPOP_ADD && op != FPOP_SUB && op != FPOP_MUL)) {
        return (uint32_t)fp_binop(env, op, FP_S, a, b);
    }
    float fa, fb;
    memcpy(&fa, &a, 4);
    memcpy(&fb, &b, 4);
    volatile double x = fa, y = fb;
    double d = op == FPOP_ADD ? x + y : op == FPOP_SUB ? x - y : x * y;
    if (d != 0 && fabs(d) < 0x1p-126) {
        env->fpsr |= FPSR_UFC;
        return signbit(d) ? 0x80000000u : 0;
    }
    volatile float r = (float)d;
    float rf = r;
    uint32_t out;
    memcpy(&out, &rf, 4);
    return out;
}

static float f32_of(uint32_t x)
{
    float f;
    memcpy(&f, &x, 4);
    return f;
}

/* FPMax()/FPMin() and the compares on plain operands: no flags. */
static bool neon_f32_select(int op, uint32_t a, uint32_t b, uint32_t *out)
{
    float fa = f32_of(a), fb = f32_of(b);
    uint32_t ones = 0xffffffffu;

    if (!f32_is_plain(a) || !f32_is_plain(b)) {
        return false;
    }
    switch (op) {
    case FPOP_MAX:
    case FPOP_MIN:
        if (fa == fb) { /* +0 and -0: max is +0, min -0 */
            *out = op == FPOP_MAX ? a & b : a | b;
        } else {
            *out = (fa > fb) == (op == FPOP_MAX) ? a : b;
        }
        return true;
    case SF_CMEQ: *out = fa == fb ? ones : 0; return true;
    case SF_CMGE: *out = fa >= fb ? ones : 0; return true;
    case SF_CMGT: *out = fa > fb ? ones : 0; return true;
    default: return false;
    }
}

/* VCVT between F32 and S32/U32 (towards zero) where the host's
 * conversion raises what Arm would (IXC when inexact), else false. */
static bool neon_f32_convert(int op, uint32_t a, uint32_t *out)
{
    switch (op) {
    case SM_SCVTF: {
        volatile float f = (float)(int32_t)a;
        float r = f;
        memcpy(out, &r, 4);
        return true;
    }
    case SM_UCVTF: {
        volatile float f = (float)(int64_t)(uint64_t)a;
        float r = f;
        memcpy(out, &r, 4);
        return true;
    }
    case SM_FCVTS:
    case SM_FCVTU: {
        float f = f32_of(a);
        bool is_unsigned = op == SM_FCVTU;
        if (!f32_is_plain(a) || !(f < (is_unsigned ? 0x1p32f : 0x1p31f)) ||
            !(f > (is_unsigned ? -1.0f : -0x1p31f - 1.0f))) {
            return false;
        }
        volatile int64_t v = (int64_t)f;
        *out = (uint32_t)v;
        return true;
    }
    default: return false;
    }
}

/* The F32 ops with a fast path: d = n op m, d = op m (VCVT), or for
 * VMLA/VMLS (kind NK_MLA_F, NK_MLS_F) d = d +- n * m rounded twice. */
static void neon_f32_loop(CPUARMState *env, uint64_t desc, int kind)
{
    const ARMVReg *n = &env->v[NEON_STAGE_N], *m = &env->v[NEON_STAGE_M];
    ARMVReg *d = &env->v[NEON_STAGE_D];
    int oprsz = (int)((desc >> SIMD_DESC_OPRSZ_SHIFT) & 0x1f);
    int op = (int)(desc & 0xff);
    unsigned csr = fp_helper_enter(env);

    for (int i = 0; i < oprsz / 4; i++) {
        uint32_t r;
        if (kind == NK_2MISC) {
            if (!neon_f32_convert(op, m->s[i], &r)) {
                r = (uint32_t)(op == SM_SCVTF || op == SM_UCVTF
                                   ? fp_from_fixed(env, FP_S, m->s[i], 0,
                                                   op == SM_UCVTF, 32)
                                   : fp_to_fixed(env, FP_S, m->s[i], 0,
                                                 op == SM_FCVTU, 32, FPR_Z));
            }
        } else if (kind != NK_3SAME_FP) {
            uint32_t p = neon_f32_binop(env, FPOP_MUL, n->s[i], m->s[i]);
            r = neon_f32_binop(env, kind == NK_MLA_F ? FPOP_ADD : FPOP_SUB,
                               d->s[i], p);
        } else if (op == FPOP_ADD || op == FPOP_SUB || op == FPOP_MUL) {
            r = neon_f32_binop(env, op, n->s[i], m->s[i]);
        } else if (!neon_f32_select(op, n->s[i], m->s[i], &r)) {
            r = op == FPOP_MAX || op == FPOP_MIN
                    ? (uint32_t)fp_binop(env, op, FP_S, n->s[i], m->s[i])
                : fp_compare_mask(env,
                                  op == SF_CMEQ   ? FPCMP_EQ
                                  : op == SF_CMGE ? FPCMP_GE
                                                  : FPCMP_GT,
                                  FP_S, n->s[i], m->s[i])
                    ? 0xffffffffu
                    : 0;
        }
        d->s[i] = r;
    }
    env->fpsr = fp_fpsr_read(env);
    fp_helper_leave(csr);
}

static bool neon_f32_has_loop(uint64_t desc, int kind)
{
    int op = (int)(desc & 0xff);
    int esz = (int)((desc >> SIMD_DESC_ESZ_SHIFT) & 3);

    if (esz != FP_S) {
        return false;
    }
    switch (kind) {
    case NK_MLA_F:
    case NK_MLS_F: return true;
    case NK_3SAME_FP:
        return op == FPOP_ADD || op == FPOP_SUB || op == FPOP_MUL ||
               op == FPOP_MAX || op == FPOP_MIN || op == SF_CMEQ ||
               op == SF_CMGE || op == SF_CMGT;
    case NK_2MISC:
        /* VCVT to integer rounds towards zero only (not VCVTA and co). */
        return op == SM_SCVTF || op == SM_UCVTF ||
               ((op == SM_FCVTS || op == SM_FCVTU) &&
                ((desc >> SIMD_DESC_IMM_SHIFT) & 0xff) == FPR_Z);
    default: return false;
    }
}

static bool f32_is_inf(uint32_t x)
{
    return (x & 0x7fffffffu) == 0x7f800000u;
}

/* Zero once flushed (the standard FPSCR value flushes denormals). */
static bool f32_is_zero_flushed(uint32_t x)
{
    return (x & 0x7f800000u) == 0;
}

/*
 * VRECPS: 2 - n * m; VRSQRTS: (3 - n * m) / 2. FPRecipStep() and
 * FPRSqrtStep() round the product, unlike A64's fused FRECPS/FRSQRTS;
 * infinity times zero gives 2 (1.5) exactly.
 */
static void neon_recip_step(CPUARMState *env, uint64_t desc, bool rsqrt)
{
    const ARMVReg *n = &env->v[NEON_STAGE_N], *m = &env->v[NEON_STAGE_M];
    ARMVReg *d = &env->v[NEON_STAGE_D];
    int oprsz = (int)((desc >> SIMD_DESC_OPRSZ_SHIFT) & 0x1f);
    const uint32_t two = 0x40000000u, three = 0x40400000u;
    const uint32_t half = 0x3f000000u, one_half = 0x3fc00000u;
    unsigned csr = fp_helper_enter(env);

    for (int i = 0; i < oprsz / 4; i++) {
        uint32_t a = n->s[i], b = m->s[i], r;
        if ((f32_is_inf(a) && f32_is_zero_flushed(b)) ||
            (f32_is_zero_flushed(a) && f32_is_inf(b))) {
            r = rsqrt ? one_half : two;
            /* FPUnpack() flushed a denormal zero: IDC. */
            if ((a & 0x7fffffffu) != 0 && (b & 0x7fffffffu) != 0) {
                env->fpsr |= FPSR_IDC;
            }
        } else {
            uint64_t p = fp_binop(env, FPOP_MUL, FP_S, a, b);
            r = (uint32_t)fp_binop(env, FPOP_SUB, FP_S, rsqrt ? three : two, p);
            if (rsqrt) {
                r = (uint32_t)fp_binop(env, FPOP_MUL, FP_S, r, half);
            }
        }
        d->s[i] = r;
    }
    env->fpsr = fp_fpsr_read(env);
    fp_helper_leave(csr);
}

static void neon_run(uint64_t env, uint64_t desc, int kind)
{
    const uint64_t d = NEON_STAGE_D, n = NEON_STAGE_N, m = NEON_STAGE_M;

    switch (kind) {
    case NK_3SAME: helper_simd_3same(env, desc, d, n, m); break;
    case NK_3SAME_FP: helper_simd_3same_fp(env, desc, d, n, m); break;
    case NK_3DIFF: helper_simd_3diff(env, desc, d, n, m); break;
    case NK_2MISC: helper_simd_2misc(env, desc, d, m); break;
    case NK_SHIFT: helper_simd_shift_imm(env, desc, d, m); break;
    case NK_PERMUTE: helper_simd_permute(env, desc, d, n, m); break;
    case NK_EXT: helper_simd_ext(env, desc, d, n, m); break;
    case NK_RECPS: neon_recip_step((CPUARMState *)env, desc, false); break;
    case NK_RSQRTS: neon_recip_step((CPUARMState *)env, desc, true); break;
    case NK_CRYPTO:
        helper_crypto_fn((int)(desc & 0xff), 0)(env, d, n, m, 0);
        break;
    default: break;
    }
}

uint64_t helper_neon_call(uint64_t env, uint64_t desc, uint64_t regs,
                          uint64_t extra)
{
    CPUARMState *e = (CPUARMState *)env;
    uint64_t opnd_d = regs & 127, opnd_n = (regs >> 7) & 127;
    uint64_t opnd_m = (regs >> 14) & 127;
    int dup = (int)(extra >> 16);
    uint32_t fpcr = e->fpcr;

    stage_in(e, NEON_STAGE_D, opnd_d);
    stage_in(e, NEON_STAGE_N, opnd_n);
    stage_in(e, NEON_STAGE_M, opnd_m);
    if (dup) {
        stage_dup(e, NEON_STAGE_M, (dup - 1) & 3, (dup - 1) >> 2);
    }
    if (extra & NEON_STD_FP) {
        e->fpcr = standard_fpcr(fpcr);
    }
    if ((extra & NEON_STD_FP) && neon_f32_has_loop(desc, (int)(extra & 0xff))) {
        neon_f32_loop(e, desc, (int)(extra & 0xff));
    } else {
        neon_run(env, desc, (int)(extra & 0xff));
    }
    e->fpcr = fpcr;
    stage_out(e, opnd_d, NEON_STAGE_D);
    return 0;
}

uint64_t helper_neon_tbl(uint64_t env, uint64_t desc)
{
    CPUARMState *e = (CPUARMState *)env;
    int d = (int)(desc & 31), n = (int)((desc >> 5) & 31);
    int m = (int)((desc >> 10) & 31), regs = (int)((desc >> 15) & 3) + 1;
    bool tbx = (desc >> 17) & 1;
    uint8_t table[32], index[8], out[8];

    for (int r = 0; r < regs; r++) {
        memcpy(table + 8 * r, dreg_bytes(e, n + r), 8);
    }
    memcpy(index, dreg_bytes(e, m), 8);
    memcpy(out, dreg_bytes(e, d), 8);
    for (int i = 0; i < 8; i++) {
        if (index[i] < 8 * regs) {
            out[i] = table[index[i]];
        } else if (!tbx) {
            out[i] = 0;
        }
    }
    memcpy(dreg_bytes(e, d), out, 8);
    return 0;
}

/* One element of 1 << esz bytes (constant-size copies the compiler
 * inlines). */
static void copy_elem(uint8_t *to, const uint8_t *from, int esz)
{
    switch (esz) {
    case 0: *to = *from; break;
    case 1: memcpy(to, from, 2); break;
    case 2: memcpy(to, from, 4); break;
    default: memcpy(to, from, 8); break;
    }
}

/*
 * VLDn/VSTn (multiple n-element structures): for r < regs, e < elements,
 * k < nelem, memory element (r * elements + e) * nelem + k is element e
 * of D[d + k * inc + r]. The memory bytes sit in V16 onwards.
 */
uint64_t helper_neon_interleave(uint64_t env, uint64_t desc)
{
    CPUARMState *e = (CPUARMState *)env;
    int d = (int)(desc & 31), inc = (int)((desc >> 5) & 3);
    int nelem = (int)((desc >> 7) & 7), esz = (int)((desc >> 10) & 3);
    int regs = (int)((desc >> 12) & 7);
    bool store = (desc >> 15) & 1;
    int ebytes = 1 << esz, elements = 8 >> esz;
    uint8_t *mem = e->v[NEON_STAGE_D].b;

    for (int r = 0; r < regs; r++) {
        for (int el = 0; el < elements; el++) {
            for (int k = 0; k < nelem; k++) {
                uint8_t *reg = dreg_bytes(e, d + k * inc + r) + el * ebytes;
                uint8_t *at = mem + ((r * elements + el) * nelem + k) * ebytes;
                if (store) {
                    copy_elem(at, reg, esz);
                } else {
                    copy_elem(reg, at, esz);
                }
            }
        }
    }
    return 0;
}
