/*
 * AArch32 Advanced SIMD data processing: each line is one intrinsic (or
 * inline asm instruction) on fixed inputs, printed as hex; the output
 * under arx must equal qemu-arm's. Freestanding (harness.h).
 */
#include <arm_neon.h>

#include "harness.h"

static uint8_t in8[64];
static float inf[16] = {1.5f,     -2.25f, 3.0f,   0.1f,  -0.0f, 1e30f,
                        -1e-40f,  7.75f,  100.5f, -3.5f, 2.5f,  -2.5f,
                        65536.7f, -1.0f,  0.5f,   1e-3f};

/* Keeps the compiler from folding the operations away. */
#define OPAQUE(p) __asm__ volatile("" : "+r"(p))

static void test_int(void)
{
    const uint8_t *p = in8;
    OPAQUE(p);
    uint8x16_t a = vld1q_u8(p), b = vld1q_u8(p + 16);
    uint8x8_t ad = vld1_u8(p + 32), bd = vld1_u8(p + 40);
    int16x8_t sa = vreinterpretq_s16_u8(a), sb = vreinterpretq_s16_u8(b);
    int32x4_t wa = vreinterpretq_s32_u8(a), wb = vreinterpretq_s32_u8(b);
    int16x4_t sad = vreinterpret_s16_u8(ad), sbd = vreinterpret_s16_u8(bd);
    int32x2_t wad = vreinterpret_s32_u8(ad), wbd = vreinterpret_s32_u8(bd);
    uint64x2_t qa = vreinterpretq_u64_u8(a), qb = vreinterpretq_u64_u8(b);

    SHOW("vadd.i8", vaddq_u8(a, b));
    SHOW("vadd.i8 d", vadd_u8(ad, bd));
    SHOW("vsub.i16", vsubq_s16(sa, sb));
    SHOW("vadd.i64", vaddq_u64(qa, qb));
    SHOW("vmul.i16", vmulq_s16(sa, sb));
    SHOW("vmul.i32 d", vmul_s32(wad, wbd));
    SHOW("vmla.i32", vmlaq_s32(wa, wb, wa));
    SHOW("vmls.i16 d", vmls_s16(sad, sbd, sad));
    SHOW("vqadd.s8", vqaddq_s8(vreinterpretq_s8_u8(a), vreinterpretq_s8_u8(b)));
    SHOW("vqadd.u8", vqaddq_u8(a, b));
    SHOW("vqsub.u16",
         vqsubq_u16(vreinterpretq_u16_u8(a), vreinterpretq_u16_u8(b)));
    SHOW("vqsub.s64",
         vqsubq_s64(vreinterpretq_s64_u8(a), vreinterpretq_s64_u8(b)));
    SHOW("vhadd.u8", vhaddq_u8(a, b));
    SHOW("vrhadd.s16", vrhaddq_s16(sa, sb));
    SHOW("vhsub.s32 d", vhsub_s32(wad, wbd));
    SHOW("vand", vandq_u8(a, b));
    SHOW("vbic", vbicq_u8(a, b));
    SHOW("vorr d", vorr_u8(ad, bd));
    SHOW("vorn", vornq_u8(a, b));
    SHOW("veor d", veor_u8(ad, bd));
    SHOW("vbsl", vbslq_u8(a, b, vdupq_n_u8(0x5a)));
    SHOW("vcgt.s8", vcgtq_s8(vreinterpretq_s8_u8(a), vreinterpretq_s8_u8(b)));
    SHOW("vcgt.u16",
         vcgtq_u16(vreinterpretq_u16_u8(a), vreinterpretq_u16_u8(b)));
    SHOW("vcge.s32 d", vcge_s32(wad, wbd));
    SHOW("vceq.i8", vceqq_u8(a, vandq_u8(a, b)));
    SHOW("vtst.i16", vtstq_s16(sa, sb));
    SHOW("vmax.u8", vmaxq_u8(a, b));
    SHOW("vmin.s16", vminq_s16(sa, sb));
    SHOW("vmax.s32 d", vmax_s32(wad, wbd));
    SHOW("vabd.u8", vabdq_u8(a, b));
    SHOW("vabd.s16 d", vabd_s16(sad, sbd));
    SHOW("vaba.u8", vabaq_u8(a, b, vdupq_n_u8(3)));
    SHOW("vshl.s8", vshlq_s8(vreinterpretq_s8_u8(a), vdupq_n_s8(-3)));
    SHOW("vshl.u16", vshlq_u16(vreinterpretq_u16_u8(a), vdupq_n_s16(5)));
    SHOW("vrshl.s32", vrshlq_s32(wa, vdupq_n_s32(-7)));
    SHOW("vqshl.u8", vqshlq_u8(a, vdupq_n_s8(2)));
    SHOW("vqrshl.s16", vqrshlq_s16(sa, vdupq_n_s16(3)));
    SHOW("vpadd.i8", vpadd_u8(ad, bd));
    SHOW("vpmax.s16", vpmax_s16(sad, sbd));
    SHOW("vpmin.u32",
         vpmin_u32(vreinterpret_u32_u8(ad), vreinterpret_u32_u8(bd)));
    SHOW("vqdmulh.s16", vqdmulhq_s16(sa, sb));
    SHOW("vqrdmulh.s32", vqrdmulhq_s32(wa, wb));
    SHOW("vmul.p8", vmulq_p8(vreinterpretq_p8_u8(a), vreinterpretq_p8_u8(b)));
}

static void test_long(void)
{
    const uint8_t *p = in8;
    OPAQUE(p);
    uint8x8_t ad = vld1_u8(p + 32), bd = vld1_u8(p + 40);
    uint8x16_t a = vld1q_u8(p);
    int16x4_t sad = vreinterpret_s16_u8(ad), sbd = vreinterpret_s16_u8(bd);
    int32x2_t wad = vreinterpret_s32_u8(ad), wbd = vreinterpret_s32_u8(bd);
    int16x8_t sa = vreinterpretq_s16_u8(a);
    int32x4_t wa = vreinterpretq_s32_u8(a);
    int64x2_t la = vreinterpretq_s64_u8(a);

    SHOW("vaddl.u8", vaddl_u8(ad, bd));
    SHOW("vaddl.s16", vaddl_s16(sad, sbd));
    SHOW("vaddw.s8", vaddw_s8(sa, vreinterpret_s8_u8(bd)));
    SHOW("vsubl.u16",
         vsubl_u16(vreinterpret_u16_u8(ad), vreinterpret_u16_u8(bd)));
    SHOW("vsubw.u32",
         vsubw_u32(vreinterpretq_u64_u8(a), vreinterpret_u32_u8(bd)));
    SHOW("vaddhn.i16", vaddhn_s16(sa, sa));
    SHOW("vraddhn.i32", vraddhn_s32(wa, wa));
    SHOW("vsubhn.i64", vsubhn_s64(la, vdupq_n_s64(12345)));
    SHOW("vabal.u8", vabal_u8(vreinterpretq_u16_u8(a), ad, bd));
    SHOW("vabdl.s16", vabdl_s16(sad, sbd));
    SHOW("vmlal.s8",
         vmlal_s8(sa, vreinterpret_s8_u8(ad), vreinterpret_s8_u8(bd)));
    SHOW("vmlsl.u16",
         vmlsl_u16(vreinterpretq_u32_u8(a), vreinterpret_u16_u8(ad),
                   vreinterpret_u16_u8(bd)));
    SHOW("vmull.u32",
         vmull_u32(vreinterpret_u32_u8(ad), vreinterpret_u32_u8(bd)));
    SHOW("vmull.p8", vmull_p8(vreinterpret_p8_u8(ad), vreinterpret_p8_u8(bd)));
    SHOW("vqdmlal.s16", vqdmlal_s16(wa, sad, sbd));
    SHOW("vqdmlsl.s32", vqdmlsl_s32(la, wad, wbd));
    SHOW("vqdmull.s16", vqdmull_s16(sad, sbd));
    SHOW("vmul_lane.s16", vmulq_lane_s16(sa, sbd, 3));
    SHOW("vmla_lane.s32", vmlaq_lane_s32(wa, wa, wbd, 1));
    SHOW("vmlal_lane.u16",
         vmlal_lane_u16(vreinterpretq_u32_u8(a), vreinterpret_u16_u8(ad),
                        vreinterpret_u16_u8(bd), 2));
    SHOW("vqdmulh_lane.s16", vqdmulhq_lane_s16(sa, sbd, 1));
    SHOW("vqrdmulh_lane.s32", vqrdmulh_lane_s32(wad, wbd, 0));
    SHOW("vmull_lane.s32", vmull_lane_s32(wad, wbd, 1));
}

static void test_shift(void)
{
    const uint8_t *p = in8;
    OPAQUE(p);
    uint8x16_t a = vld1q_u8(p);
    uint8x8_t ad = vld1_u8(p + 32);
    int16x8_t sa = vreinterpretq_s16_u8(a);
    int32x4_t wa = vreinterpretq_s32_u8(a);
    int64x2_t la = vreinterpretq_s64_u8(a);

    SHOW("vshr.u8", vshrq_n_u8(a, 3));
    SHOW("vshr.s16", vshrq_n_s16(sa, 16));
    SHOW("vshr.s64", vshrq_n_s64(la, 13));
    SHOW("vsra.u32",
         vsraq_n_u32(vreinterpretq_u32_u8(a), vreinterpretq_u32_u8(a), 9));
    SHOW("vrshr.s8", vrshrq_n_s8(vreinterpretq_s8_u8(a), 2));
    SHOW("vrsra.u16",
         vrsraq_n_u16(vreinterpretq_u16_u8(a), vreinterpretq_u16_u8(a), 4));
    SHOW("vsri.8", vsriq_n_u8(a, vdupq_n_u8(0xf0), 3));
    SHOW("vshl.i32", vshlq_n_s32(wa, 7));
    SHOW("vshl.i8 d", vshl_n_u8(ad, 1));
    SHOW("vsli.16",
         vsliq_n_u16(vreinterpretq_u16_u8(a), vdupq_n_u16(0x1234), 4));
    SHOW("vqshl.s8", vqshlq_n_s8(vreinterpretq_s8_u8(a), 3));
    SHOW("vqshlu.s16", vqshluq_n_s16(sa, 2));
    SHOW("vqshl.u64", vqshlq_n_u64(vreinterpretq_u64_u8(a), 1));
    SHOW("vshrn.i16", vshrn_n_s16(sa, 5));
    SHOW("vrshrn.i32", vrshrn_n_s32(wa, 9));
    SHOW("vqshrn.s16", vqshrn_n_s16(sa, 2));
    SHOW("vqrshrn.u32", vqrshrn_n_u32(vreinterpretq_u32_u8(a), 3));
    SHOW("vqshrun.s16", vqshrun_n_s16(sa, 1));
    SHOW("vqrshrun.s64", vqrshrun_n_s64(la, 17));
    SHOW("vshll.u8", vshll_n_u8(ad, 3));
    SHOW("vshll.s16 max", vshll_n_s16(vreinterpret_s16_u8(ad), 16));
    SHOW("vmovl.s8", vmovl_s8(vreinterpret_s8_u8(ad)));
    SHOW("vmovl.u32", vmovl_u32(vreinterpret_u32_u8(ad)));
    SHOW("vmovn.i32", vmovn_s32(wa));
    SHOW("vqmovn.s16", vqmovn_s16(sa));
    SHOW("vqmovn.u64", vqmovn_u64(vreinterpretq_u64_u8(a)));
    SHOW("vqmovun.s32", vqmovun_s32(wa));
}

static void test_misc(void)
{
    const uint8_t *p = in8;
    OPAQUE(p);
    uint8x16_t a = vld1q_u8(p), b = vld1q_u8(p + 16);
    uint8x8_t ad = vld1_u8(p + 32), bd = vld1_u8(p + 40);
    int16x8_t sa = vreinterpretq_s16_u8(a);
    int32x4_t wa = vreinterpretq_s32_u8(a);

    SHOW("vrev64.8", vrev64q_u8(a));
    SHOW("vrev32.16", vrev32q_u16(vreinterpretq_u16_u8(a)));
    SHOW("vrev16.8 d", vrev16_u8(ad));
    SHOW("vpaddl.u8", vpaddlq_u8(a));
    SHOW("vpaddl.s32 d", vpaddl_s32(vreinterpret_s32_u8(ad)));
    SHOW("vpadal.s16", vpadalq_s16(wa, sa));
    SHOW("vcls.s8", vclsq_s8(vreinterpretq_s8_u8(a)));
    SHOW("vclz.i16", vclzq_u16(vreinterpretq_u16_u8(a)));
    SHOW("vcnt.8", vcntq_u8(a));
    SHOW("vmvn", vmvnq_u8(a));
    SHOW("vqabs.s8", vqabsq_s8(vreinterpretq_s8_u8(a)));
    SHOW("vqneg.s32", vqnegq_s32(wa));
    SHOW("vabs.s16", vabsq_s16(sa));
    SHOW("vneg.s8 d", vneg_s8(vreinterpret_s8_u8(ad)));
    SHOW("vcgt0.s8", vcgtq_s8(vreinterpretq_s8_u8(a), vdupq_n_s8(0)));
    SHOW("vceq0.i16",
         vceqq_s16(vandq_s16(sa, vdupq_n_s16(0x00ff)), vdupq_n_s16(0)));
    SHOW("vcle0.s32", vcleq_s32(wa, vdupq_n_s32(0)));
    SHOW("vclt0.s8", vcltq_s8(vreinterpretq_s8_u8(a), vdupq_n_s8(0)));
    SHOW("vext.8", vextq_u8(a, b, 5));
    SHOW("vext.8 d", vext_u8(ad, bd, 3));
    uint8x8x2_t z = vzip_u8(ad, bd);
    SHOW("vzip.8 0", z.val[0]);
    SHOW("vzip.8 1", z.val[1]);
    uint16x8x2_t uz =
        vuzpq_u16(vreinterpretq_u16_u8(a), vreinterpretq_u16_u8(b));
    SHOW("vuzp.16 0", uz.val[0]);
    SHOW("vuzp.16 1", uz.val[1]);
    uint32x4x2_t tr =
        vtrnq_u32(vreinterpretq_u32_u8(a), vreinterpretq_u32_u8(b));
    SHOW("vtrn.32 0", tr.val[0]);
    SHOW("vtrn.32 1", tr.val[1]);
    uint8x8x2_t tbl2 = {{ad, bd}};
    uint8x8_t idx = vand_u8(vld1_u8(p + 48), vdup_n_u8(0x1f));
    SHOW("vtbl1", vtbl1_u8(ad, idx));
    SHOW("vtbl2", vtbl2_u8(tbl2, idx));
    SHOW("vtbx1", vtbx1_u8(bd, ad, idx));
    SHOW("vdup.8 lane", vdupq_lane_u8(ad, 5));
    SHOW("vdup.16 lane", vdup_lane_u16(vreinterpret_u16_u8(bd), 3));
    SHOW("vdup.32 lane", vdupq_lane_u32(vreinterpret_u32_u8(bd), 1));
    SHOW("vmov.i8 imm", vdupq_n_u8(0xa5));
    SHOW("vmov.i32 imm", vdupq_n_u32(0x00ab0000));
    SHOW("vmvn.i16 imm", vdupq_n_u16(0xfeff));
    SHOW("vmov.i64 imm", vdupq_n_u64(0xff00ff0000ff00ffull));
    SHOW("vorr.i32 imm",
         vorrq_u32(vreinterpretq_u32_u8(a), vdupq_n_u32(0x3f00)));
    SHOW("vbic.i16 imm",
         vbicq_u16(vreinterpretq_u16_u8(a), vdupq_n_u16(0x00f0)));
    SHOW("vmov.f32 imm", vdupq_n_f32(0.375f));
}

static void test_float(void)
{
    const float *q = inf;
    OPAQUE(q);
    float32x4_t a = vld1q_f32(q), b = vld1q_f32(q + 4), c = vld1q_f32(q + 8);
    float32x2_t ad = vld1_f32(q + 12), bd = vld1_f32(q + 2);

    SHOW("vadd.f32", vaddq_f32(a, b));
    SHOW("vsub.f32", vsubq_f32(a, c));
    SHOW("vmul.f32", vmulq_f32(a, c));
    SHOW("vmul.f32 denorm", vmulq_f32(b, vdupq_n_f32(1e-3f)));
    SHOW("vmla.f32", vmlaq_f32(a, b, c));
    SHOW("vmls.f32 d", vmls_f32(ad, bd, ad));
    SHOW("vfma.f32", vfmaq_f32(a, b, c));
    SHOW("vfms.f32", vfmsq_f32(a, b, c));
    SHOW("vpadd.f32", vpadd_f32(ad, bd));
    SHOW("vabd.f32", vabdq_f32(a, c));
    SHOW("vceq.f32", vceqq_f32(a, b));
    SHOW("vcge.f32", vcgeq_f32(a, c));
    SHOW("vcgt.f32", vcgtq_f32(a, c));
    SHOW("vacge.f32", vcageq_f32(a, c));
    SHOW("vacgt.f32", vcagtq_f32(a, b));
    SHOW("vmax.f32", vmaxq_f32(a, c));
    SHOW("vmin.f32", vminq_f32(a, b));
    SHOW("vpmax.f32", vpmax_f32(ad, bd));
    SHOW("vrecps.f32", vrecpsq_f32(a, c));
    SHOW("vrsqrts.f32", vrsqrtsq_f32(a, c));
    SHOW("vrecpe.f32", vrecpeq_f32(a));
    SHOW("vrsqrte.f32", vrsqrteq_f32(c));
    SHOW("vrecpe.u32", vrecpeq_u32(vreinterpretq_u32_f32(a)));
    SHOW("vabs.f32", vabsq_f32(a));
    SHOW("vneg.f32", vnegq_f32(b));
    SHOW("vcgt0.f32", vcgtq_f32(a, vdupq_n_f32(0)));
    SHOW("vcvt.s32.f32", vcvtq_s32_f32(c));
    SHOW("vcvt.u32.f32", vcvtq_u32_f32(a));
    SHOW("vcvt.f32.s32", vcvtq_f32_s32(vreinterpretq_s32_f32(a)));
    SHOW("vcvt.f32.u32", vcvtq_f32_u32(vreinterpretq_u32_f32(b)));
    SHOW("vcvt.s32.f32 #8", vcvtq_n_s32_f32(c, 8));
    SHOW("vcvt.f32.u32 #4", vcvtq_n_f32_u32(vreinterpretq_u32_f32(a), 4));
    SHOW("vmul_lane.f32", vmulq_lane_f32(a, ad, 1));
    SHOW("vmla_lane.f32", vmlaq_lane_f32(a, c, bd, 0));
}

/* Newton steps on many values: the rounded product shows in the last
 * bits. */
static void test_steps(void)
{
    uint32_t x = 0x2545f491, h1 = 0, h2 = 0;

    for (int i = 0; i < 256; i++) {
        uint32_t w[4];
        for (int j = 0; j < 4; j++) {
            x = x * 1664525u + 1013904223u;
            w[j] = (x & 0x83ffffffu) | 0x3c000000u; /* |v| in [2^-7, 2^9) */
        }
        float32x4_t a = vreinterpretq_f32_u32(vld1q_u32(w));
        float32x4_t e = vrecpeq_f32(a), r = vrsqrteq_f32(vabsq_f32(a));
        uint32x4_t s1 = vreinterpretq_u32_f32(vrecpsq_f32(a, e));
        uint32x4_t s2 = vreinterpretq_u32_f32(vrsqrtsq_f32(vmulq_f32(a, r), r));
        for (int j = 0; j < 4; j++) {
            h1 = (h1 ^ vgetq_lane_u32(s1, 0)) * 16777619u;
            h2 = (h2 ^ vgetq_lane_u32(s2, 0)) * 16777619u;
            s1 = vextq_u32(s1, s1, 1);
            s2 = vextq_u32(s2, s2, 1);
        }
    }
    SHOW("vrecps hash", h1);
    SHOW("vrsqrts hash", h2);
}

/* Saturation sets FPSCR.QC (sticky); nothing else does. */
static void test_qc(void)
{
    uint32_t before, after_plain, after_sat;
    int8x16_t big = vdupq_n_s8(100);

    __asm__ volatile("vmrs %0, fpscr\n"
                     "bic %0, %0, #0x08000000\n"
                     "vmsr fpscr, %0\n"
                     : "=r"(before));
    int8x16_t s = vaddq_s8(big, big);
    __asm__ volatile("vmrs %0, fpscr" : "=r"(after_plain) : "w"(s));
    s = vqaddq_s8(big, big);
    __asm__ volatile("vmrs %0, fpscr" : "=r"(after_sat) : "w"(s));
    SHOW("qc after vadd", after_plain >> 27 & 1);
    SHOW("qc after vqadd", after_sat >> 27 & 1);
    SHOW("vqadd result", s);
}

int main(void)
{
    uint32_t x = 0x12345678;
    for (int i = 0; i < 64; i++) {
        x = x * 1103515245u + 12345u;
        in8[i] = (uint8_t)(x >> 16);
    }
    test_int();
    test_long();
    test_shift();
    test_misc();
    test_float();
    test_steps();
    test_qc();
    return 0;
}
