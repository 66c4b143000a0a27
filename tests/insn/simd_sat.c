/*
 * Saturating Advanced SIMD forms that arx lowers inline (SQADD UQADD SQSUB
 * UQSUB on 8- to 64-bit lanes; SQXTN UQXTN SQXTUN and the saturating
 * narrowing shifts from 16- and 32-bit lanes; SQDMULH SQRDMULH, vector and
 * by element; SQABS SQNEG; SQDMULL SQDMLAL SQDMLSL, vector, by element and
 * scalar; the narrows from 64-bit lanes; B, H, S scalar SQADD UQADD SQSUB
 * UQSUB SQABS SQNEG SQDMULH SQRDMULH; SQSHL UQSHL SQSHLU by immediate)
 * over edge values, with
 * FPSR.QC after each: lanes that saturate and lanes that do not. Output
 * compared with qemu-aarch64's.
 */
#include <arm_neon.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static const int16_t edges[] = {-32768, -129, -128, -127, -1,  0,   1,
                                126,    127,  128,  254,  255, 256, 32767};
#define NB_EDGES (int)(sizeof(edges) / sizeof(edges[0]))

static void clear_qc(void)
{
    __asm__ volatile("msr fpsr, %0" ::"r"(0ull));
}

static unsigned qc(void)
{
    uint64_t v;

    __asm__ volatile("mrs %0, fpsr" : "=r"(v));
    return (unsigned)(v >> 27 & 1);
}

static void show(const char *name, const void *v, size_t bytes, unsigned q)
{
    const uint8_t *b = v;

    printf(" %s ", name);
    for (size_t i = bytes; i-- > 0;)
        printf("%02x", b[i]);
    printf(" %u", q);
}

static void narrows(int16x8_t v)
{
    uint8_t out[16];
    unsigned q;

    clear_qc();
    int8x8_t a = vqmovn_s16(v);
    q = qc();
    memcpy(out, &a, 8);
    show("sqxtn", out, 8, q);
    clear_qc();
    uint8x8_t b = vqmovn_u16(vreinterpretq_u16_s16(v));
    q = qc();
    memcpy(out, &b, 8);
    show("uqxtn", out, 8, q);
    clear_qc();
    uint8x8_t c = vqmovun_s16(v);
    q = qc();
    memcpy(out, &c, 8);
    show("sqxtun", out, 8, q);
    clear_qc();
    uint8x16_t d = vqmovun_high_s16(vdup_n_u8(7), v);
    q = qc();
    memcpy(out, &d, 16);
    show("sqxtun2", out, 16, q);
}

static void adds(int16x8_t x, int16x8_t y)
{
    int8x16_t x8 = vreinterpretq_s8_s16(x), y8 = vreinterpretq_s8_s16(y);
    int16x8_t r16;
    int8x16_t r8;
    int16x4_t h;
    unsigned q;

    clear_qc();
    r16 = vqaddq_s16(x, y);
    q = qc();
    show("sqadd.8h", &r16, 16, q);
    clear_qc();
    r16 = vreinterpretq_s16_u16(
        vqsubq_u16(vreinterpretq_u16_s16(x), vreinterpretq_u16_s16(y)));
    q = qc();
    show("uqsub.8h", &r16, 16, q);
    clear_qc();
    r8 = vreinterpretq_s8_u8(
        vqaddq_u8(vreinterpretq_u8_s8(x8), vreinterpretq_u8_s8(y8)));
    q = qc();
    show("uqadd.16b", &r8, 16, q);
    clear_qc();
    r8 = vqsubq_s8(x8, y8);
    q = qc();
    show("sqsub.16b", &r8, 16, q);
    clear_qc();
    h = vqadd_s16(vget_low_s16(x), vget_low_s16(y));
    q = qc();
    show("sqadd.4h", &h, 8, q);
}

/* The low four 16-bit edges e of v as 32-bit lanes: e << 16 in lanes 0
 * and 1 (INT32_MIN from -32768), e << 16 | e in lanes 2 and 3. */
static int32x4_t widen_edges(int16x8_t v)
{
    int32x4_t lo = vmovl_s16(vget_low_s16(v)), hi = vshlq_n_s32(lo, 16);
    int32x4_t mixed = vorrq_s32(hi, vandq_s32(lo, vdupq_n_s32(0xffff)));
    return vcombine_s32(vget_low_s32(hi), vget_high_s32(mixed));
}

/* The low two edges of v as 64-bit lanes, e << 48 (INT64_MIN too). */
static int64x2_t widen_edges64(int16x8_t v)
{
    return vshlq_n_s64(vmovl_s32(vget_low_s32(vmovl_s16(vget_low_s16(v)))), 48);
}

#define SAT1(name, expr, bytes)                                                \
    do {                                                                       \
        clear_qc();                                                            \
        __typeof__(expr) r_ = (expr);                                          \
        unsigned q_ = qc();                                                    \
        show(name, &r_, bytes, q_);                                            \
    } while (0)

static void wide_forms(int16x8_t x, int16x8_t y)
{
    int32x4_t x32 = widen_edges(x), y32 = widen_edges(y);
    int32x4_t x32s = vmovl_s16(vget_low_s16(x));
    int64x2_t x64 = widen_edges64(x), y64 = widen_edges64(y);

    SAT1("sqadd.4s", vqaddq_s32(x32, y32), 16);
    SAT1("sqsub.4s", vqsubq_s32(x32, y32), 16);
    SAT1("uqadd.4s",
         vqaddq_u32(vreinterpretq_u32_s32(x32), vreinterpretq_u32_s32(y32)),
         16);
    SAT1("uqsub.2s",
         vqsub_u32(vreinterpret_u32_s32(vget_low_s32(x32)),
                   vreinterpret_u32_s32(vget_low_s32(y32))),
         8);
    SAT1("sqadd.2d", vqaddq_s64(x64, y64), 16);
    SAT1("sqsub.2d", vqsubq_s64(x64, y64), 16);
    SAT1("uqadd.2d",
         vqaddq_u64(vreinterpretq_u64_s64(x64), vreinterpretq_u64_s64(y64)),
         16);
    SAT1("uqsub.2d",
         vqsubq_u64(vreinterpretq_u64_s64(x64), vreinterpretq_u64_s64(y64)),
         16);
    SAT1("sqadd.d", vqaddd_s64(vgetq_lane_s64(x64, 0), vgetq_lane_s64(y64, 1)),
         8);
    SAT1("sqdmulh.8h", vqdmulhq_s16(x, y), 16);
    SAT1("sqrdmulh.8h", vqrdmulhq_s16(x, y), 16);
    SAT1("sqrdmulh.4h", vqrdmulh_s16(vget_low_s16(x), vget_low_s16(y)), 8);
    SAT1("sqdmulh.4s", vqdmulhq_s32(x32, y32), 16);
    SAT1("sqrdmulh.4s", vqrdmulhq_s32(x32, y32), 16);
    SAT1("sqdmulh.h[i]", vqdmulhq_laneq_s16(x, y, 0), 16);
    SAT1("sqrdmulh.s[i]", vqrdmulhq_laneq_s32(x32, y32, 1), 16);
    SAT1("sqabs.8h", vqabsq_s16(x), 16);
    SAT1("sqneg.16b", vqnegq_s8(vreinterpretq_s8_s16(x)), 16);
    SAT1("sqabs.4s", vqabsq_s32(x32), 16);
    SAT1("sqneg.2d", vqnegq_s64(x64), 16);
    SAT1("sqxtn.4h", vqmovn_s32(x32), 8);
    SAT1("uqxtn.4h", vqmovn_u32(vreinterpretq_u32_s32(x32)), 8);
    SAT1("sqxtun.4h", vqmovun_s32(x32s), 8);
    SAT1("sqxtn2.8h", vqmovn_high_s32(vget_low_s16(y), x32), 16);
    SAT1("sqshrn.8b", vqshrn_n_s16(x, 3), 8);
    SAT1("uqrshrn.8b", vqrshrn_n_u16(vreinterpretq_u16_s16(x), 8), 8);
    SAT1("sqrshrun.8b", vqrshrun_n_s16(x, 1), 8);
    SAT1("sqshrn.4h", vqshrn_n_s32(x32, 16), 8);
    SAT1("sqrshrn.4h", vqrshrn_n_s32(x32s, 1), 8);
    SAT1("uqshrn.4h", vqshrn_n_u32(vreinterpretq_u32_s32(x32), 9), 8);
    SAT1("sqshrun2.8h",
         vqshrun_high_n_s32(vget_low_u16(vreinterpretq_u16_s16(y)), x32, 5),
         16);
}

/* 64-bit lanes around the 32-bit limits from the low two edges of v:
 * e << 16 (INT32_MIN from -32768), (e << 16) | 0xffff (INT32_MAX from
 * 32767), e << 17 and e << 31 (mostly out of range). */
static void wide_narrows(int16x8_t v)
{
    int64x2_t s = vmovl_s32(vget_low_s32(vmovl_s16(vget_low_s16(v))));
    int64x2_t a = vshlq_n_s64(s, 16);
    int64x2_t b = vorrq_s64(a, vdupq_n_s64(0xffff));
    int64x2_t c = vshlq_n_s64(s, 17), d = vshlq_n_s64(s, 31);
    int32x2_t low = vdup_n_s32(-7);

    SAT1("sqxtn.2s", vqmovn_s64(a), 8);
    SAT1("sqxtn.2s", vqmovn_s64(b), 8);
    SAT1("sqxtn.2s", vqmovn_s64(c), 8);
    SAT1("sqxtn2.4s", vqmovn_high_s64(low, d), 16);
    SAT1("uqxtn.2s", vqmovn_u64(vreinterpretq_u64_s64(b)), 8);
    SAT1("uqxtn.2s", vqmovn_u64(vreinterpretq_u64_s64(vshrq_n_s64(d, 30))), 8);
    SAT1("sqxtun.2s", vqmovun_s64(b), 8);
    SAT1("sqxtun.2s", vqmovun_s64(vshrq_n_s64(d, 30)), 8);
    SAT1("sqshrn.2s", vqshrn_n_s64(c, 1), 8);
    SAT1("sqshrn.2s", vqshrn_n_s64(d, 5), 8);
    SAT1("sqrshrn.2s", vqrshrn_n_s64(b, 1), 8);
    SAT1("sqrshrun.2s", vqrshrun_n_s64(d, 16), 8);
    SAT1("uqrshrn.2s", vqrshrn_n_u64(vreinterpretq_u64_s64(d), 32), 8);
    SAT1("sqshrun2.4s", vqshrun_high_n_s64(vreinterpret_u32_s32(low), c, 2),
         16);
}

/* SQDMULL, SQDMLAL, SQDMLSL (vector, "2", by element, scalar): the
 * doubling saturates only for min * min, the accumulation near the
 * limits of the accumulator lanes. */
static void long_forms(int16x8_t x, int16x8_t y)
{
    int32x4_t x32 = widen_edges(x), y32 = widen_edges(y);
    int64x2_t acc64 = widen_edges64(y);

    SAT1("sqdmull.4s", vqdmull_s16(vget_low_s16(x), vget_low_s16(y)), 16);
    SAT1("sqdmull2.4s", vqdmull_high_s16(x, y), 16);
    SAT1("sqdmull.2d", vqdmull_s32(vget_low_s32(x32), vget_low_s32(y32)), 16);
    SAT1("sqdmull2.2d", vqdmull_high_s32(x32, y32), 16);
    SAT1("sqdmlal.4s", vqdmlal_s16(y32, vget_low_s16(x), vget_low_s16(y)), 16);
    SAT1("sqdmlsl2.4s", vqdmlsl_high_s16(x32, x, y), 16);
    SAT1("sqdmlal2.2d", vqdmlal_high_s32(acc64, x32, y32), 16);
    SAT1("sqdmlsl.2d", vqdmlsl_s32(acc64, vget_low_s32(x32), vget_low_s32(y32)),
         16);
    SAT1("sqdmull.h[i]", vqdmull_laneq_s16(vget_low_s16(x), y, 0), 16);
    SAT1("sqdmlal2.h[i]", vqdmlal_high_laneq_s16(y32, x, x, 7), 16);
    SAT1("sqdmlsl.s[i]", vqdmlsl_laneq_s32(acc64, vget_low_s32(x32), y32, 1),
         16);
    SAT1("sqdmull2.s[i]", vqdmull_high_laneq_s32(x32, x32, 0), 16);
    SAT1("sqdmull.s",
         vqdmulls_s32(vgetq_lane_s32(x32, 0), vgetq_lane_s32(y32, 0)), 8);
    SAT1("sqdmlal.s",
         vqdmlals_s32(vgetq_lane_s64(acc64, 0), vgetq_lane_s32(x32, 1),
                      vgetq_lane_s32(y32, 1)),
         8);
    SAT1("sqdmlsl.s[i]",
         vqdmlsls_laneq_s32(vgetq_lane_s64(acc64, 1), vgetq_lane_s32(x32, 0),
                            y32, 1),
         8);
    SAT1("sqdmull.h", vqdmullh_s16(vgetq_lane_s16(x, 0), vgetq_lane_s16(y, 0)),
         4);
    SAT1("sqdmlal.h",
         vqdmlalh_s16(vgetq_lane_s32(y32, 0), vgetq_lane_s16(x, 0),
                      vgetq_lane_s16(y, 0)),
         4);
    SAT1("sqdmlsl.h",
         vqdmlslh_s16(vgetq_lane_s32(x32, 1), vgetq_lane_s16(x, 1),
                      vgetq_lane_s16(y, 0)),
         4);
    SAT1("sqdmull.h[i]", vqdmullh_laneq_s16(vgetq_lane_s16(x, 0), y, 0), 4);
    SAT1("sqdmlal.h[i]",
         vqdmlalh_laneq_s16(vgetq_lane_s32(x32, 0), vgetq_lane_s16(y, 0), x, 1),
         4);
}

/* The B, H and S scalar forms: SQADD UQADD SQSUB UQSUB SQABS SQNEG. */
static void scalar_forms(int16x8_t x, int16x8_t y)
{
    int32x4_t x32 = widen_edges(x), y32 = widen_edges(y);
    int16_t xh = vgetq_lane_s16(x, 0), yh = vgetq_lane_s16(y, 0);
    int8_t xb = (int8_t)vgetq_lane_s16(x, 1), yb = (int8_t)xh;
    int32_t xs = vgetq_lane_s32(x32, 1), ys = vgetq_lane_s32(y32, 2);

    SAT1("sqadd.b", vqaddb_s8(xb, yb), 1);
    SAT1("uqadd.b", vqaddb_u8((uint8_t)xb, (uint8_t)yb), 1);
    SAT1("sqsub.b", vqsubb_s8(xb, yb), 1);
    SAT1("uqsub.b", vqsubb_u8((uint8_t)xb, (uint8_t)yb), 1);
    SAT1("sqadd.h", vqaddh_s16(xh, yh), 2);
    SAT1("uqadd.h", vqaddh_u16((uint16_t)xh, (uint16_t)yh), 2);
    SAT1("sqsub.h", vqsubh_s16(xh, yh), 2);
    SAT1("uqsub.h", vqsubh_u16((uint16_t)xh, (uint16_t)yh), 2);
    SAT1("sqadd.s", vqadds_s32(xs, ys), 4);
    SAT1("uqadd.s", vqadds_u32((uint32_t)xs, (uint32_t)ys), 4);
    SAT1("sqsub.s", vqsubs_s32(xs, ys), 4);
    SAT1("uqsub.s", vqsubs_u32((uint32_t)xs, (uint32_t)ys), 4);
    SAT1("sqabs.b", vqabsb_s8(xb), 1);
    SAT1("sqneg.h", vqnegh_s16(xh), 2);
    SAT1("sqabs.s", vqabss_s32(xs), 4);
    SAT1("sqneg.s", vqnegs_s32(ys), 4);
    SAT1("sqdmulh.h", vqdmulhh_s16(xh, yh), 2);
    SAT1("sqrdmulh.h", vqrdmulhh_s16(xh, (int16_t)vgetq_lane_s16(x, 1)), 2);
    SAT1("sqdmulh.s", vqdmulhs_s32(xs, ys), 4);
    SAT1("sqrdmulh.s", vqrdmulhs_s32(xs, xs), 4);
    SAT1("sqdmulh.s[i]", vqdmulhs_laneq_s32(ys, x32, 0), 4);
    SAT1("sqrdmulh.h[i]", vqrdmulhh_laneq_s16(yh, x, 4), 2);
    SAT1("sqxtn.b", vqmovnh_s16(xh), 1);
    SAT1("uqxtn.b", vqmovnh_u16((uint16_t)yh), 1);
    SAT1("sqxtun.b", vqmovunh_s16(xh), 1);
    SAT1("sqxtn.h", vqmovns_s32(xs), 2);
    SAT1("uqxtn.h", vqmovns_u32((uint32_t)ys), 2);
    SAT1("sqxtun.h", vqmovuns_s32(ys), 2);
    int64x2_t w64 = vshlq_n_s64(vmovl_s32(vget_low_s32(x32)), 1);
    SAT1("sqxtn.s", vqmovnd_s64(vgetq_lane_s64(w64, 0)), 4);
    SAT1("uqxtn.s", vqmovnd_u64((uint64_t)vgetq_lane_s64(w64, 1)), 4);
    SAT1("sqxtun.s", vqmovund_s64(vgetq_lane_s64(w64, 1) >> 1), 4);
}

/* SQSHL, UQSHL, SQSHLU by immediate: vector (every lane size) and B, H,
 * S, D scalars, shifts from 0 to the width less one. */
static void shift_forms(int16x8_t x)
{
    int8x16_t x8 = vreinterpretq_s8_s16(x);
    int32x4_t x32 = widen_edges(x);
    int64x2_t x64 = widen_edges64(x);

    SAT1("sqshl.16b", vqshlq_n_s8(x8, 1), 16);
    SAT1("uqshl.8b", vqshl_n_u8(vreinterpret_u8_s16(vget_low_s16(x)), 7), 8);
    SAT1("sqshlu.16b", vqshluq_n_s8(x8, 0), 16);
    SAT1("sqshl.8h", vqshlq_n_s16(x, 3), 16);
    SAT1("uqshl.8h", vqshlq_n_u16(vreinterpretq_u16_s16(x), 8), 16);
    SAT1("sqshlu.4h", vqshlu_n_s16(vget_low_s16(x), 1), 8);
    SAT1("sqshl.4s", vqshlq_n_s32(x32, 0), 16);
    SAT1("sqshl.2s", vqshl_n_s32(vget_low_s32(x32), 31), 8);
    SAT1("uqshl.4s", vqshlq_n_u32(vreinterpretq_u32_s32(x32), 1), 16);
    SAT1("sqshlu.4s", vqshluq_n_s32(x32, 16), 16);
    SAT1("sqshl.2d", vqshlq_n_s64(x64, 1), 16);
    SAT1("uqshl.2d", vqshlq_n_u64(vreinterpretq_u64_s64(x64), 63), 16);
    SAT1("sqshlu.2d", vqshluq_n_s64(vshrq_n_s64(x64, 20), 20), 16);
    SAT1("sqshl.b", vqshlb_n_s8(vgetq_lane_s8(x8, 0), 2), 1);
    SAT1("uqshl.h", vqshlh_n_u16((uint16_t)vgetq_lane_s16(x, 1), 4), 2);
    SAT1("sqshlu.h", vqshluh_n_s16(vgetq_lane_s16(x, 0), 1), 2);
    SAT1("sqshl.s", vqshls_n_s32(vgetq_lane_s32(x32, 2), 17), 4);
    SAT1("sqshlu.s", vqshlus_n_s32(vgetq_lane_s32(x32, 1), 0), 4);
    SAT1("uqshl.s", vqshls_n_u32((uint32_t)vgetq_lane_s32(x32, 3), 31), 4);
    SAT1("sqshl.d", vqshld_n_s64(vgetq_lane_s64(x64, 0), 15), 8);
}

int main(void)
{
    for (int i = 0; i < NB_EDGES; i++)
        for (int j = 0; j < NB_EDGES; j += 3) {
            int16_t in[8] = {edges[i], edges[j], 0,        1,
                             edges[i], 5,        edges[j], 100};
            int16_t in2[8] = {edges[j], 3, -2, edges[i], 0, edges[j], 1, -100};
            int16x8_t v = vld1q_s16(in), w = vld1q_s16(in2);

            printf("%d %d", i, j);
            narrows(v);
            adds(v, w);
            wide_forms(v, w);
            wide_narrows(v);
            long_forms(v, w);
            scalar_forms(v, w);
            shift_forms(v);
            printf("\n");
        }
    return 0;
}
