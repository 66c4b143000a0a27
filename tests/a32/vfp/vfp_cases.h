/*
 * The VFP instruction tests shared by both runners: each case is one A32
 * or T32 instruction run from a state built from the value tables below;
 * the runner prints the state after it. vfp_test.c (armhf, run under
 * qemu-arm or arx) and vfp_harness.c (arx's translator in process) must
 * print the same lines. Operands: S forms use s0 (accumulator), s2, s4;
 * D forms d4 (accumulator), d5, d6; r0, r1 core values; r2 a scratch
 * area's middle.
 */
#include <stdint.h>
#include <stdio.h>

typedef struct VfpState {
    uint64_t d[32];
    uint32_t fpscr;
    uint32_t r[4];
    uint32_t apsr;
} VfpState;

static const uint32_t vfp_values32[] = {
    0x00000000, 0x80000000, 0x3f800000, 0xbfc00000, 0x00011111, 0x80400000,
    0x7f800000, 0xff800000, 0x7fc00001, 0x7f800001, 0xffc00002, 0x7f7fffff,
    0x00800000, 0x40400000, 0x3dcccccd, 0x4f000000, 0xcf000001, 0x477fe000,
    0x3effffff, 0x40200000, 0x007fffff,
};
static const uint64_t vfp_values64[] = {
    0x0000000000000000ull, 0x8000000000000000ull,
    0x3ff0000000000000ull, 0xbff8000000000000ull,
    0x0000000000011111ull, 0x8008000000000000ull,
    0x7ff0000000000000ull, 0xfff0000000000000ull,
    0x7ff8000000000001ull, 0x7ff0000000000001ull,
    0xfff8000000000002ull, 0x7fefffffffffffffull,
    0x0010000000000000ull, 0x4008000000000000ull,
    0x3fb999999999999aull, 0x41e0000000000000ull,
    0xc1e0000000200000ull, 0x47efffffe0000000ull,
    0x3fdfffffffffffffull, 0x4004000000000000ull,
    0x380fffffe0000000ull, /* rounds up to single's smallest normal */
};
#define VFP_NVALUES (sizeof(vfp_values32) / sizeof(vfp_values32[0]))

/* FPSCR settings: RN, RP, RM, RZ, FZ, DN, FZ|DN|RM, AHP, flags preset. */
static const uint32_t vfp_modes[] = {
    0x00000000, 0x00400000, 0x00800000, 0x00c00000, 0x01000000,
    0x02000000, 0x03800000, 0x04000000, 0xa000009f,
};
#define VFP_NMODES (sizeof(vfp_modes) / sizeof(vfp_modes[0]))

#define VFP_SCRATCH 64 /* bytes; r2 points at its middle */

/* The state of case (i, j, mode). */
static void vfp_case_state(VfpState *st, unsigned i, unsigned j, unsigned mode)
{
    unsigned k = (i + j) % VFP_NVALUES;

    for (unsigned n = 0; n < 32; n++)
        st->d[n] = 0x1111111111111111ull * (n & 15) ^ 0x0123456789abcdefull;
    st->d[0] = (uint64_t)vfp_values32[j] << 32 | vfp_values32[k];
    st->d[1] = (uint64_t)vfp_values32[k] << 32 | vfp_values32[i];
    st->d[2] = (uint64_t)vfp_values32[i] << 32 | vfp_values32[j];
    st->d[4] = vfp_values64[k];
    st->d[5] = vfp_values64[i];
    st->d[6] = vfp_values64[j];
    st->fpscr = vfp_modes[mode];
    /* VMSR FPSCR: Len and Stride stay 0 (short vectors UNDEF). */
    st->r[0] = (vfp_values32[i] ^ (j << 24)) & ~0x00370000u;
    st->r[1] = vfp_values32[j] + i;
    st->r[3] = 0xdeadbeef;
    st->apsr = (i & 15) << 28;
}

static void vfp_scratch_init(uint8_t *scratch)
{
    for (unsigned n = 0; n < VFP_SCRATCH; n++)
        scratch[n] = (uint8_t)(n * 37 + 11);
}

static void vfp_print(const char *tag, uint32_t insn, unsigned i, unsigned j,
                      unsigned mode, const VfpState *st, uint32_t r2_off,
                      const uint8_t *scratch)
{
    printf("%s %08x %u %u %u: fpscr=%08x nzcv=%x r0=%08x r1=%08x r2=%+d "
           "r3=%08x",
           tag, insn, i, j, mode, st->fpscr, st->apsr >> 28, st->r[0], st->r[1],
           (int)r2_off, st->r[3]);
    for (unsigned n = 0; n < 8; n++)
        printf(" d%u=%016llx", n, (unsigned long long)st->d[n]);
    printf(" d16=%016llx d17=%016llx m=", (unsigned long long)st->d[16],
           (unsigned long long)st->d[17]);
    for (unsigned n = 0; n < VFP_SCRATCH; n++)
        printf("%02x", scratch[n]);
    printf("\n");
}
