/*
 * Saturating Advanced SIMD forms that arx lowers inline (SQADD UQADD SQSUB
 * UQSUB on 8- and 16-bit lanes; SQXTN UQXTN SQXTUN from 16-bit lanes) over
 * edge values, with FPSR.QC after each: lanes that saturate and lanes
 * that do not. Output compared with qemu-aarch64's.
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
            printf("\n");
        }
    return 0;
}
