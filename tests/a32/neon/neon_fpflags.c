/*
 * NEON F32 arithmetic under the standard FPSCR value on edge operands
 * (zeros, denormals, the smallest normals, huge values, infinities, NaNs):
 * results and the cumulative FPSCR flags each operation leaves (IOC, DZC,
 * OFC, UFC, IXC, IDC) for every pair, compared with qemu-arm's.
 * Freestanding (harness.h).
 */
#include <arm_neon.h>

#include "harness.h"

static const uint32_t edge[] = {
    0x4f000000, 0xcf000001, 0x4f7fffff, 0xbf7fffff, 0x40bfffff, 0xc0200001,
    0x00000000, 0x80000000, 0x00000001, 0x807fffff, 0x00800000, 0x80800000,
    0x00800001, 0x3f800000, 0xbf800001, 0x40490fdb, 0x7f7fffff, 0xff7fffff,
    0x7f800000, 0xff800000, 0x7fc00000, 0x7f800001, 0x1f800000, 0x20000001,
    0x5f000000, 0x3eaaaaab, 0x00ffffff, 0x33800000, 0xb3800001, 0x4b800000,
};
#define NEDGE (int)(sizeof(edge) / sizeof(edge[0]))

static uint32_t fpscr_clear(void)
{
    uint32_t v;
    __asm__ volatile("vmrs %0, fpscr\n"
                     "bic %0, %0, #0x9f\n"
                     "vmsr fpscr, %0\n"
                     : "=r"(v));
    return v;
}

static uint32_t fpscr_flags(void)
{
    uint32_t v;
    __asm__ volatile("vmrs %0, fpscr" : "=r"(v));
    return v & 0x9f;
}

#define OPAQUE(x) __asm__ volatile("" : "+w"(x))

int main(void)
{
    static const char *const names[] = {"vadd", "vsub", "vmul",
                                        "vmla", "vmls", "vrecps"};
    for (int op = 0; op < 6; op++) {
        uint32_t hr = 2166136261u, hf = 2166136261u;
        for (int i = 0; i < NEDGE; i++) {
            for (int j = 0; j < NEDGE; j++) {
                float32x2_t a = vreinterpret_f32_u32(vdup_n_u32(edge[i]));
                float32x2_t b = vreinterpret_f32_u32(vdup_n_u32(edge[j]));
                float32x2_t c =
                    vreinterpret_f32_u32(vdup_n_u32(edge[(i + j) % NEDGE]));
                float32x2_t r;
                OPAQUE(a);
                OPAQUE(b);
                OPAQUE(c);
                fpscr_clear();
                switch (op) {
                case 0: r = vadd_f32(a, b); break;
                case 1: r = vsub_f32(a, b); break;
                case 2: r = vmul_f32(a, b); break;
                case 3: r = vmla_f32(c, a, b); break;
                case 4: r = vmls_f32(c, a, b); break;
                case 5: r = vrecps_f32(a, b); break;
                case 6: r = vmax_f32(a, b); break;
                case 7: r = vmin_f32(a, b); break;
                case 8: r = vreinterpret_f32_u32(vceq_f32(a, b)); break;
                case 9: r = vreinterpret_f32_u32(vcge_f32(a, b)); break;
                case 10: r = vreinterpret_f32_u32(vcgt_f32(a, b)); break;
                case 11:
                    r = vreinterpret_f32_s32(vcvt_s32_f32(vmul_f32(a, b)));
                    break;
                case 12:
                    r = vreinterpret_f32_u32(vcvt_u32_f32(vmul_f32(a, b)));
                    break;
                case 13: r = vcvt_f32_s32(vreinterpret_s32_f32(a)); break;
                case 14: r = vcvt_f32_u32(vreinterpret_u32_f32(b)); break;
                default: r = vrsqrts_f32(a, b); break;
                }
                OPAQUE(r);
                uint32_t flags = fpscr_flags();
                uint32_t bits = vget_lane_u32(vreinterpret_u32_f32(r), 0);
                hr = (hr ^ bits) * 16777619u;
                hf = (hf ^ flags) * 16777619u;
                if (i == j || i + 1 == j) {
                    out_str(names[op]);
                    out_char(' ');
                    out_hex(&edge[i], 4);
                    out_char(' ');
                    out_hex(&edge[j], 4);
                    out_str(" = ");
                    out_hex(&bits, 4);
                    out_str(" flags ");
                    out_hex(&flags, 1);
                    out_char('\n');
                }
            }
        }
        out_str(names[op]);
        out_str(" hashes: ");
        out_hex(&hr, 4);
        out_char(' ');
        out_hex(&hf, 4);
        out_char('\n');
    }
    return 0;
}
