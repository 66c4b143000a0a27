/*
 * AArch32 Advanced SIMD forms neon_ops.c does not reach through
 * intrinsics: VSWP, VTRN/VZIP/VUZP on D and Q, VBIT/VBIF, 64-bit element
 * shifts, VTBL/VTBX with 3-4 registers, VEXT on Q, scalar forms with
 * D16-D31, high register numbers. Output compared with qemu-arm's.
 * Freestanding (harness.h).
 */
#include <arm_neon.h>

#include "harness.h"

static uint8_t in8[128] __attribute__((aligned(16)));

/* Loads q8-q15 (d16-d31) from in8, runs insns, stores q8-q15 to out. */
#define RUN(name, insns)                                                       \
    do {                                                                       \
        uint8_t out[128] __attribute__((aligned(16)));                         \
        const uint8_t *src = in8;                                              \
        uint8_t *dst = out;                                                    \
        __asm__ volatile("vld1.8 {d16-d19}, [%0]!\n"                           \
                         "vld1.8 {d20-d23}, [%0]!\n"                           \
                         "vld1.8 {d24-d27}, [%0]!\n"                           \
                         "vld1.8 {d28-d31}, [%0]\n" insns "\n"                 \
                         "vst1.8 {d16-d19}, [%1]!\n"                           \
                         "vst1.8 {d20-d23}, [%1]!\n"                           \
                         "vst1.8 {d24-d27}, [%1]!\n"                           \
                         "vst1.8 {d28-d31}, [%1]\n"                            \
                         : "+r"(src), "+r"(dst)                                \
                         :                                                     \
                         : "d16", "d17", "d18", "d19", "d20", "d21", "d22",    \
                           "d23", "d24", "d25", "d26", "d27", "d28", "d29",    \
                           "d30", "d31", "memory");                            \
        out_str(name);                                                         \
        out_str(":");                                                          \
        for (int k = 0; k < 8; k++) {                                          \
            out_char(' ');                                                     \
            out_hex(out + 16 * k, 16);                                         \
        }                                                                      \
        out_char('\n');                                                        \
    } while (0)

int main(void)
{
    uint32_t x = 0xdeadbeef;
    for (int i = 0; i < 128; i++) {
        x = x * 1103515245u + 12345u;
        in8[i] = (uint8_t)(x >> 16);
    }
    in8[5] = 0x80;
    in8[6] = 0x7f;

    RUN("vswp d", "vswp d16, d31");
    RUN("vswp q", "vswp q8, q13");
    RUN("vtrn.8 d", "vtrn.8 d16, d17");
    RUN("vtrn.16 q", "vtrn.16 q9, q10");
    RUN("vtrn.32 d", "vtrn.32 d30, d19");
    RUN("vzip.8 d", "vzip.8 d16, d21");
    RUN("vzip.16 d", "vzip.16 d22, d23");
    RUN("vzip.32 q", "vzip.32 q8, q15");
    RUN("vuzp.8 q", "vuzp.8 q11, q12");
    RUN("vuzp.16 d", "vuzp.16 d16, d17");
    RUN("vbit", "vbit q8, q9, q10");
    RUN("vbif d", "vbif d16, d17, d18");
    RUN("vbsl q", "vbsl q15, q8, q9");
    RUN("vmov q", "vmov q14, q9");
    RUN("vmvn d", "vmvn d31, d16");
    RUN("vadd.i64 d", "vadd.i64 d16, d17, d31");
    RUN("vshl.i64 d", "vshl.i64 d16, d17, #63");
    RUN("vshr.u64 q #64", "vshr.u64 q8, q9, #64");
    RUN("vshr.s64 d #64", "vshr.s64 d18, d19, #64");
    RUN("vsra.s64 q", "vsra.s64 q10, q11, #3");
    RUN("vrsra.u8 d", "vrsra.u8 d20, d21, #8");
    RUN("vsli.64 d", "vsli.64 d22, d23, #17");
    RUN("vsri.32 q", "vsri.32 q12, q13, #32");
    RUN("vqshl.s64 reg", "vqshl.s64 q8, q9, q10");
    RUN("vqrshl.u32 reg", "vqrshl.u32 d16, d17, d18");
    RUN("vshl.s16 reg", "vshl.s16 q8, q9, q10");
    RUN("vrshl.u64 reg", "vrshl.u64 d16, d17, d18");
    RUN("vqshlu.s8", "vqshlu.s8 q8, q9, #5");
    RUN("vqshl.u16 imm", "vqshl.u16 d16, d17, #13");
    RUN("vqrshrn.s64", "vqrshrn.s64 d16, q9, #31");
    RUN("vshrn.i64", "vshrn.i64 d31, q8, #32");
    RUN("vtbl3", "vtbl.8 d16, {d17, d18, d19}, d20");
    RUN("vtbl4", "vshr.u8 d21, d21, #3\n vtbl.8 d31, {d17-d20}, d21");
    RUN("vtbx2", "vtbx.8 d16, {d30, d31}, d17");
    RUN("vext q 12", "vext.8 q8, q9, q10, #12");
    RUN("vext d 0", "vext.8 d16, d17, d18, #0");
    RUN("vmul.s16 scalar", "vmul.i16 q8, q9, d7[3]");
    RUN("vmla.i32 scalar", "vmla.i32 q15, q9, d15[1]");
    RUN("vqdmull.s16 scalar", "vqdmull.s16 q8, d18, d3[2]");
    RUN("vmlsl.u32 scalar", "vmlsl.u32 q8, d18, d15[0]");
    RUN("vmul.f32 scalar", "vmul.f32 d16, d17, d15[1]");
    RUN("vdup.8 scalar", "vdup.8 q8, d31[7]");
    RUN("vdup.32 scalar", "vdup.32 d16, d19[1]");
    RUN("vrev64.32", "vrev64.32 q8, q9");
    RUN("vrev32.8 d", "vrev32.8 d16, d31");
    RUN("vcls.s32", "vcls.s32 q8, q9");
    RUN("vclz.i8", "vclz.i8 d16, d17");
    RUN("vpadal.u32", "vpadal.u32 q8, q9");
    RUN("vpaddl.u16 d", "vpaddl.u16 d16, d17");
    RUN("vqabs.s16", "vqabs.s16 q8, q9");
    RUN("vabs.s32 d", "vabs.s32 d16, d17");
    RUN("vcge.s16 #0", "vcge.s16 q8, q9, #0");
    RUN("vceq.i32 #0", "vceq.i32 d16, d17, #0");
    RUN("vmovn.i64", "vmovn.i64 d16, q9");
    RUN("vqmovun.s64", "vqmovun.s64 d16, q9");
    RUN("vshll.i32 max", "vshll.i32 q8, d18, #32");
    RUN("vmov.i16 imm", "vmov.i16 q8, #0x4a00");
    RUN("vmvn.i32 imm", "vmvn.i32 d16, #0x56ff");
    RUN("vorr.i16 imm", "vorr.i16 d16, #0x81");
    RUN("vbic.i32 imm", "vbic.i32 q8, #0xff000000");
    RUN("vmov.f32 imm", "vmov.f32 q8, #-1.25");
    RUN("vmov.i64 imm", "vmov.i64 d16, #0xff0000ff00ffff00");
    RUN("vpmin.s8", "vpmin.s8 d16, d17, d18");
    RUN("vpadd.i32", "vpadd.i32 d16, d17, d31");
    RUN("vaddhn.i64", "vaddhn.i64 d16, q9, q10");
    RUN("vrsubhn.i16", "vrsubhn.i16 d16, q9, q10");
    RUN("vsubw.s8", "vsubw.s8 q8, q9, d20");
    RUN("vabdl.u32", "vabdl.u32 q8, d18, d19");
    RUN("vmull.p8", "vmull.p8 q8, d18, d19");
    RUN("vmul.p8 d", "vmul.p8 d16, d17, d18");
    /* Register lists starting on an odd D: 8-byte ends, a 16-byte middle. */
    RUN("vld1 odd start", "vld1.8 {d17-d20}, [%0]");
    RUN("vst1 odd start", "vst1.16 {d21-d23}, [%0]\n vld1.32 {d24-d27}, [%0]");
    RUN("vld1 q writeback",
        "vld1.64 {d18-d19}, [%0]!\n vld1.64 {d20-d21}, [%0]");
    return 0;
}
