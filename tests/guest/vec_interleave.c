/* Differential test: strided and interleaved access that GCC vectorises at
 * -O3 with structure loads/stores: ld2/st2 (complex pairs, stride 2), ld3/st3
 * (float RGB, byte RGB max, planar to RGB), ld4/st4 (RGBA, int32 quads),
 * plus tbl/uzp permutes and widening multiplies (umull, umlal, smlal, shrn;
 * checked with objdump). Odd pixel counts leave scalar tails. It must not
 * depend on float reassociation (no -ffast-math). */
#pragma GCC optimize("O3,tree-vectorize")
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define MAXP 1003

struct rgb {
    uint8_t r, g, b;
};
struct rgba {
    uint8_t r, g, b, a;
};
struct cplx {
    float re, im;
};
struct rgbf {
    float r, g, b;
};
struct quad {
    int32_t a, b, c, d;
};
struct pt16 {
    int16_t x, y;
};

static struct rgb rgb_in[MAXP], rgb_out[MAXP];
static struct rgba rgba_in[MAXP], rgba_out[MAXP];
static struct cplx ca[MAXP], cb[MAXP], cr[MAXP];
static struct pt16 pts[MAXP];
static uint8_t gray[MAXP], plane_r[MAXP], plane_g[MAXP], plane_b[MAXP];
static int32_t i32s[3 * MAXP], i32d[MAXP];
static double dpairs[2 * MAXP], dsum[MAXP];

static struct rgbf fpx_in[MAXP], fpx_out[MAXP];
static float luma[MAXP];
static struct quad quads[MAXP];
static uint16_t sum4[MAXP];
static uint8_t maxc[MAXP];

static uint64_t rng = 0xda942042e4dd58b5ull;

static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static uint64_t hash(const void *p, size_t n)
{
    const unsigned char *b = p;
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

/* ld3: BT.601-style integer luma. */
__attribute__((noinline)) static void k_gray(size_t n)
{
    for (size_t i = 0; i < n; i++)
        gray[i] = (uint8_t)((rgb_in[i].r * 77 + rgb_in[i].g * 150 +
                             rgb_in[i].b * 29) >>
                            8);
}

/* ld3 then three planes (AoS to SoA), and st3 back with channels swapped. */
__attribute__((noinline)) static void k_planes(size_t n)
{
    for (size_t i = 0; i < n; i++) {
        plane_r[i] = rgb_in[i].r;
        plane_g[i] = rgb_in[i].g;
        plane_b[i] = rgb_in[i].b;
    }
    for (size_t i = 0; i < n; i++) {
        rgb_out[i].r = plane_b[i];
        rgb_out[i].g = (uint8_t)(plane_g[i] ^ 0x5a);
        rgb_out[i].b = plane_r[i];
    }
}

/* ld4/st4: premultiply alpha, keep alpha. */
__attribute__((noinline)) static void k_rgba(size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned a = rgba_in[i].a;
        rgba_out[i].r = (uint8_t)((rgba_in[i].r * a + 127) / 255);
        rgba_out[i].g = (uint8_t)((rgba_in[i].g * a + 127) / 255);
        rgba_out[i].b = (uint8_t)((rgba_in[i].b * a + 127) / 255);
        rgba_out[i].a = (uint8_t)a;
    }
}

/* ld2/st2: complex multiply, exact in any order (no reduction). */
__attribute__((noinline)) static void k_cmul(size_t n)
{
    for (size_t i = 0; i < n; i++) {
        float re = ca[i].re * cb[i].re - ca[i].im * cb[i].im;
        float im = ca[i].re * cb[i].im + ca[i].im * cb[i].re;
        cr[i].re = re;
        cr[i].im = im;
    }
}

/* ld2 on int16 pairs, widening to 32 bits; stride-3 gather; pair sums. */
__attribute__((noinline)) static void k_strided(size_t n)
{
    for (size_t i = 0; i < n; i++)
        i32d[i] = pts[i].x * pts[i].x + pts[i].y * pts[i].y;
    for (size_t i = 0; i < n; i++)
        i32d[i] ^= i32s[3 * i + 1] - i32s[3 * i + 2];
    for (size_t i = 0; i < n; i++)
        dsum[i] = dpairs[2 * i] * 0.25 + dpairs[2 * i + 1];
    for (size_t i = 0; i < n; i++) {
        int16_t t = pts[i].x;
        pts[i].x = pts[i].y;
        pts[i].y = t;
    }
}

/* Shapes GCC 12 turns into ld3/st3, ld4/st4 rather than tbl permutes; the
 * arrays come in as pointers (noipa), as with static arrays GCC permutes. */
__attribute__((noipa)) static void
k_lanes_f(struct rgbf *o, const struct rgbf *in, float *y, int n)
{
    for (int i = 0; i < n; i++) {
        o[i].r = in[i].b * 2.0f;
        o[i].g = in[i].g + in[i].r;
        o[i].b = in[i].r - in[i].b;
    }
    for (int i = 0; i < n; i++)
        y[i] = in[i].r * 0.25f + in[i].g * 0.5f + in[i].b * 0.25f;
}

__attribute__((noipa)) static void
k_lanes_rgba(struct rgba *o, const struct rgba *in, uint16_t *sum, int n)
{
    for (int i = 0; i < n; i++) {
        o[i].r = in[i].g;
        o[i].g = in[i].b;
        o[i].b = in[i].a;
        o[i].a = in[i].r;
    }
    for (int i = 0; i < n; i++)
        sum[i] = (uint16_t)(in[i].r + in[i].g + in[i].b + in[i].a);
}

__attribute__((noipa)) static void k_lanes_int(int32_t *o, const struct quad *q,
                                               uint8_t *mx,
                                               const struct rgb *in, int n)
{
    for (int i = 0; i < n; i++)
        o[i] = q[i].a * q[i].b + q[i].c * q[i].d;
    for (int i = 0; i < n; i++) {
        unsigned m = in[i].r > in[i].g ? in[i].r : in[i].g;
        mx[i] = (uint8_t)(m > in[i].b ? m : in[i].b);
    }
}

__attribute__((noipa)) static void k_lanes_st3(struct rgb *o, const uint8_t *r,
                                               const uint8_t *g,
                                               const uint8_t *b, int n)
{
    for (int i = 0; i < n; i++) {
        o[i].r = r[i];
        o[i].g = g[i];
        o[i].b = b[i];
    }
}

static void k_lanes(size_t n)
{
    k_lanes_f(fpx_out, fpx_in, luma, (int)n);
    k_lanes_rgba(rgba_out, rgba_in, sum4, (int)n);
    k_lanes_int(i32d, quads, maxc, rgb_in, (int)n);
    k_lanes_st3(rgb_out, plane_g, plane_b, gray, (int)n);
}

static void fill(void)
{
    for (size_t i = 0; i < MAXP; i++) {
        uint64_t r = next();
        rgb_in[i] =
            (struct rgb){(uint8_t)r, (uint8_t)(r >> 8), (uint8_t)(r >> 16)};
        rgba_in[i] = (struct rgba){(uint8_t)(r >> 24), (uint8_t)(r >> 32),
                                   (uint8_t)(r >> 40), (uint8_t)(r >> 48)};
        ca[i].re = (float)(int16_t)r / 64.0f;
        ca[i].im = (float)(int16_t)(r >> 16) / 64.0f;
        cb[i].re = (float)(int16_t)(r >> 32) / 128.0f;
        cb[i].im = (float)(int16_t)(r >> 48) / 128.0f;
        pts[i].x = (int16_t)(r >> 3);
        pts[i].y = (int16_t)(r >> 29);
        dpairs[2 * i] = (double)(int32_t)r / 3.0;
        dpairs[2 * i + 1] = (double)(int32_t)(r >> 32) / 7.0;
        fpx_in[i] = (struct rgbf){(float)(r & 0xffff) / 3.0f,
                                  (float)((r >> 16) & 0xffff) / 5.0f,
                                  (float)(int16_t)(r >> 32) / 9.0f};
        quads[i] = (struct quad){(int16_t)r, (int16_t)(r >> 16),
                                 (int16_t)(r >> 32), (int16_t)(r >> 48)};
    }
    for (size_t i = 0; i < 3 * MAXP; i++)
        i32s[i] = (int32_t)(next() >> 34);
}

int main(void)
{
    static const size_t lens[] = {1,  2,  3,  5,  8,   15,  16,
                                  17, 33, 64, 65, 127, 999, 1003};
    fill();
    for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
        size_t n = lens[li];
        k_gray(n);
        k_planes(n);
        k_rgba(n);
        k_cmul(n);
        k_strided(n);
        printf("n=%zu gray %016llx planes %016llx %016llx rgba %016llx\n", n,
               (unsigned long long)hash(gray, n),
               (unsigned long long)hash(plane_g, n),
               (unsigned long long)hash(rgb_out, 3 * n),
               (unsigned long long)hash(rgba_out, 4 * n));
        printf("  cmul %016llx strided %016llx %016llx pts %016llx\n",
               (unsigned long long)hash(cr, n * sizeof cr[0]),
               (unsigned long long)hash(i32d, 4 * n),
               (unsigned long long)hash(dsum, 8 * n),
               (unsigned long long)hash(pts, n * sizeof pts[0]));
        k_lanes(n);
        printf(
            "  lanes %016llx %016llx %016llx %016llx %016llx %016llx %016llx\n",
            (unsigned long long)hash(fpx_out, n * sizeof fpx_out[0]),
            (unsigned long long)hash(luma, 4 * n),
            (unsigned long long)hash(rgba_out, 4 * n),
            (unsigned long long)hash(i32d, 4 * n),
            (unsigned long long)hash(maxc, n),
            (unsigned long long)hash(rgb_out, 3 * n),
            (unsigned long long)hash(sum4, 2 * n));
    }
    printf("px0 %u %u %u -> %u, rgba0 %u %u %u %u, c0 %a %a\n", rgb_in[0].r,
           rgb_in[0].g, rgb_in[0].b, gray[0], rgba_out[0].r, rgba_out[0].g,
           rgba_out[0].b, rgba_out[0].a, (double)cr[0].re, (double)cr[0].im);
    return 0;
}
