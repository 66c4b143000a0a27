/*
 * ARMv8 AArch32 Advanced SIMD: AESE/AESD/AESMC/AESIMC, SHA1*, SHA256*,
 * VMULL.P64, VRINT*, VCVT{A,N,P,M}, VMAXNM/VMINNM, and the half-precision
 * conversions. Output compared with qemu-arm's. Freestanding (harness.h).
 * FPU: crypto-neon-fp-armv8
 * CFLAGS: -march=armv8-a -mfp16-format=ieee
 */
#include <arm_neon.h>

#include "harness.h"

static uint8_t in8[64];
static float inf[8] = {1.5f, -2.5f, 2.5f, -0.49f, 3.5f, -7.5f, 1e10f, 0.5f};

#define OPAQUE(p) __asm__ volatile("" : "+r"(p))

/* One instruction with no intrinsic: Qd/Dd = op(Qm/Dm). */
#define Q_OP1(insn, x)                                                         \
    ({                                                                         \
        uint32x4_t q_res;                                                      \
        __asm__(insn " %q0, %q1" : "=w"(q_res) : "w"(x));                      \
        q_res;                                                                 \
    })
#define D_OP1(insn, x)                                                         \
    ({                                                                         \
        uint32x2_t d_res;                                                      \
        __asm__(insn " %P0, %P1" : "=w"(d_res) : "w"(x));                      \
        d_res;                                                                 \
    })

static void test_crypto(void)
{
    const uint8_t *p = in8;
    OPAQUE(p);
    uint8x16_t a = vld1q_u8(p), b = vld1q_u8(p + 16);
    uint32x4_t wa = vreinterpretq_u32_u8(a), wb = vreinterpretq_u32_u8(b);
    uint32x4_t wc = vld1q_u32((const uint32_t *)(p + 32));

    SHOW("aese", vaeseq_u8(a, b));
    SHOW("aesd", vaesdq_u8(a, b));
    SHOW("aesmc", vaesmcq_u8(a));
    SHOW("aesimc", vaesimcq_u8(b));
    SHOW("sha1c", vsha1cq_u32(wa, 0x12345678, wb));
    SHOW("sha1p", vsha1pq_u32(wa, 0x9abcdef0, wb));
    SHOW("sha1m", vsha1mq_u32(wb, 0x0f1e2d3c, wa));
    SHOW("sha1h", vsha1h_u32(0xdeadbeef));
    SHOW("sha1su0", vsha1su0q_u32(wa, wb, wc));
    SHOW("sha1su1", vsha1su1q_u32(wa, wb));
    SHOW("sha256h", vsha256hq_u32(wa, wb, wc));
    SHOW("sha256h2", vsha256h2q_u32(wa, wb, wc));
    SHOW("sha256su0", vsha256su0q_u32(wa, wb));
    SHOW("sha256su1", vsha256su1q_u32(wa, wb, wc));
    poly64_t x = vgetq_lane_p64(vreinterpretq_p64_u8(a), 1);
    poly64_t y = vgetq_lane_p64(vreinterpretq_p64_u8(b), 0);
    SHOW("vmull.p64", vmull_p64(x, y));
}

static void test_fp(void)
{
    const float *q = inf;
    OPAQUE(q);
    float32x4_t a = vld1q_f32(q), b = vld1q_f32(q + 4);

    SHOW("vrintn", vrndnq_f32(a));
    SHOW("vrinta", vrndaq_f32(a));
    SHOW("vrintz", vrndq_f32(b));
    SHOW("vrintm", vrndmq_f32(a));
    SHOW("vrintp", vrndpq_f32(b));
    SHOW("vrintx", vrndxq_f32(a));
    SHOW("vcvta.s32", Q_OP1("vcvta.s32.f32", a));
    SHOW("vcvtn.s32", Q_OP1("vcvtn.s32.f32", a));
    SHOW("vcvtp.u32", Q_OP1("vcvtp.u32.f32", b));
    SHOW("vcvtm.s32", Q_OP1("vcvtm.s32.f32", b));
    SHOW("vcvta.u32 d", D_OP1("vcvta.u32.f32", vget_high_f32(b)));
    SHOW("vmaxnm", vmaxnmq_f32(a, b));
    SHOW("vminnm", vminnmq_f32(a, b));
    float16x4_t h = vcvt_f16_f32(a);
    SHOW("vcvt.f16.f32", h);
    SHOW("vcvt.f32.f16", vcvt_f32_f16(h));
}

int main(void)
{
    uint32_t x = 0x9e3779b9;
    for (int i = 0; i < 64; i++) {
        x = x * 1664525u + 1013904223u;
        in8[i] = (uint8_t)(x >> 24);
    }
    test_crypto();
    test_fp();
    return 0;
}
