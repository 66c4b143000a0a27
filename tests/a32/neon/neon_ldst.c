/*
 * AArch32 Advanced SIMD element and structure loads and stores: VLD1-4 /
 * VST1-4 (multiple structures, one lane, all lanes), alignment qualifiers
 * on aligned data, post-index writeback by the transfer size and by a
 * register. Output compared with qemu-arm's. Freestanding (harness.h).
 */
#include <arm_neon.h>

#include "harness.h"

static uint8_t src[128] __attribute__((aligned(32)));
static uint8_t dst[128] __attribute__((aligned(32)));

#define OPAQUE(p) __asm__ volatile("" : "+r"(p))

static void show_dst(const char *name)
{
    out_str(name);
    out_str(": ");
    out_hex(dst, 32);
    out_char(' ');
    out_hex(dst + 32, 32);
    out_char('\n');
    memset(dst, 0, sizeof(dst));
}

static void test_multi(void)
{
    const uint8_t *p = src;
    uint8_t *q = dst;
    OPAQUE(p);
    OPAQUE(q);

    uint8x16x2_t l2 = vld2q_u8(p);
    SHOW("vld2.8 q 0", l2.val[0]);
    SHOW("vld2.8 q 1", l2.val[1]);
    uint16x4x2_t l2d = vld2_u16((const uint16_t *)(p + 2));
    SHOW("vld2.16 d 0", l2d.val[0]);
    SHOW("vld2.16 d 1", l2d.val[1]);
    uint16x4x3_t l3 = vld3_u16((const uint16_t *)(p + 6));
    SHOW("vld3.16 0", l3.val[0]);
    SHOW("vld3.16 1", l3.val[1]);
    SHOW("vld3.16 2", l3.val[2]);
    uint8x16x3_t l3q = vld3q_u8(p + 5);
    SHOW("vld3.8 q 0", l3q.val[0]);
    SHOW("vld3.8 q 2", l3q.val[2]);
    uint32x4x4_t l4 = vld4q_u32((const uint32_t *)p);
    SHOW("vld4.32 q 0", l4.val[0]);
    SHOW("vld4.32 q 3", l4.val[3]);
    uint8x8x4_t l4d = vld4_u8(p + 7);
    SHOW("vld4.8 d 1", l4d.val[1]);
    SHOW("vld4.8 d 2", l4d.val[2]);
    SHOW("vld1.64 q", vld1q_u64((const uint64_t *)(p + 8)));

    vst2q_u8(q, l2);
    show_dst("vst2.8 q");
    vst3_u16((uint16_t *)(q + 2), l3);
    show_dst("vst3.16");
    vst4q_u32((uint32_t *)q, l4);
    show_dst("vst4.32 q");
    vst4_u8(q + 2, l4d);
    show_dst("vst4.8");
    vst3q_u8(q, l3q);
    show_dst("vst3.8 q");
}

static void test_lanes(void)
{
    const uint8_t *p = src;
    uint8_t *q = dst;
    OPAQUE(p);
    OPAQUE(q);
    uint8x16_t a = vld1q_u8(p + 64);
    uint16x8_t h = vreinterpretq_u16_u8(a);
    uint32x4_t w = vreinterpretq_u32_u8(a);

    SHOW("vld1.8 lane", vld1q_lane_u8(p + 3, a, 13));
    SHOW("vld1.16 lane", vld1q_lane_u16((const uint16_t *)(p + 6), h, 2));
    SHOW("vld1.32 lane", vld1q_lane_u32((const uint32_t *)(p + 4), w, 3));
    uint16x4x2_t l2 = {{vget_low_u16(h), vget_high_u16(h)}};
    l2 = vld2_lane_u16((const uint16_t *)(p + 10), l2, 3);
    SHOW("vld2.16 lane 0", l2.val[0]);
    SHOW("vld2.16 lane 1", l2.val[1]);
    uint32x4x3_t l3 = {{w, vreinterpretq_u32_u16(h), w}};
    l3 = vld3q_lane_u32((const uint32_t *)(p + 20), l3, 1);
    SHOW("vld3.32 lane 0", l3.val[0]);
    SHOW("vld3.32 lane 2", l3.val[2]);
    uint8x8x4_t l4 = {
        {vget_low_u8(a), vget_high_u8(a), vget_low_u8(a), vget_high_u8(a)}};
    l4 = vld4_lane_u8(p + 33, l4, 6);
    SHOW("vld4.8 lane 0", l4.val[0]);
    SHOW("vld4.8 lane 3", l4.val[3]);

    vst1q_lane_u16((uint16_t *)(q + 2), h, 5);
    vst1q_lane_u32((uint32_t *)(q + 8), w, 2);
    vst1q_lane_u8(q + 15, a, 9);
    show_dst("vst1 lanes");
    vst2_lane_u16((uint16_t *)(q + 2), l2, 1);
    vst3q_lane_u32((uint32_t *)(q + 8), l3, 3);
    vst4_lane_u8(q + 40, l4, 2);
    show_dst("vst2/3/4 lanes");

    SHOW("vld1.8 dup", vld1q_dup_u8(p + 17));
    SHOW("vld1.32 dup", vld1_dup_u32((const uint32_t *)(p + 12)));
    uint16x4x2_t d2 = vld2_dup_u16((const uint16_t *)(p + 22));
    SHOW("vld2.16 dup 0", d2.val[0]);
    SHOW("vld2.16 dup 1", d2.val[1]);
    uint8x8x3_t d3 = vld3_dup_u8(p + 41);
    SHOW("vld3.8 dup 2", d3.val[2]);
    uint32x2x4_t d4 = vld4_dup_u32((const uint32_t *)(p + 48));
    SHOW("vld4.32 dup 0", d4.val[0]);
    SHOW("vld4.32 dup 3", d4.val[3]);
}

/* Alignment qualifiers (on aligned data) and writeback forms. */
static void test_writeback(void)
{
    const uint8_t *p = src;
    uint8_t *q = dst;
    uint64_t r0, r1, r2, r3;
    int step = 24;

    __asm__ volatile("vld1.8 {d0-d3}, [%[p] :256]!\n"
                     "vmov %Q[r0], %R[r0], d0\n"
                     "vmov %Q[r3], %R[r3], d3\n"
                     "vld1.32 {d1}, [%[p] :64], %[step]\n"
                     "vmov %Q[r1], %R[r1], d1\n"
                     "vld4.16 {d4[], d5[], d6[], d7[]}, [%[p] :64]!\n"
                     "vmov %Q[r2], %R[r2], d6\n"
                     : [p] "+r"(p), [r0] "=r"(r0), [r1] "=r"(r1), [r2] "=r"(r2),
                       [r3] "=r"(r3)
                     : [step] "r"(step)
                     : "d0", "d1", "d2", "d3", "d4", "d5", "d6", "d7",
                       "memory");
    SHOW("wb d0", r0);
    SHOW("wb d3", r3);
    SHOW("wb d1", r1);
    SHOW("wb d6", r2);
    uint32_t off = (uint32_t)(p - src);
    SHOW("wb offset", off);
    __asm__ volatile("vld1.8 {d0-d1}, [%[p] :128]\n"
                     "vst2.8 {d0-d1}, [%[q] :128]!\n"
                     "vst1.16 {d0[2]}, [%[q] :16], %[step]\n"
                     : [q] "+r"(q)
                     : [p] "r"(src + 32), [step] "r"(step)
                     : "d0", "d1", "memory");
    off = (uint32_t)(q - dst);
    SHOW("wb st offset", off);
    show_dst("wb st");
}

int main(void)
{
    for (int i = 0; i < 128; i++) {
        src[i] = (uint8_t)(i * 37 + 11);
    }
    test_multi();
    test_lanes();
    test_writeback();
    return 0;
}
