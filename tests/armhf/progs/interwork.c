/*
 * ARM/Thumb interworking: A32 and T32 functions calling each other
 * directly, through pointers and as callbacks (qsort), with conditional
 * code GCC turns into IT blocks or A32 conditional execution. Portable C:
 * on the host the target attributes are left out and the output matches.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef __arm__
#define IN_A32 __attribute__((target("arm"), noinline))
#define IN_T32 __attribute__((target("thumb"), noinline))
#else
#define IN_A32 __attribute__((noinline))
#define IN_T32 __attribute__((noinline))
#endif

IN_T32 static uint32_t t32_mix(uint32_t a, uint32_t b)
{
    uint32_t r = a ^ (b << 7 | b >> 25);

    if (a > b) /* IT blocks */
        r += a - b;
    else
        r -= b - a;
    return r < 1000 ? r * 3 : r >> 1;
}

IN_A32 static uint32_t a32_mix(uint32_t a, uint32_t b)
{
    uint32_t r = a * 2654435761u + b;

    r = (int32_t)r < 0 ? ~r : r; /* conditional execution */
    return t32_mix(r, b ^ a);
}

IN_T32 static uint32_t t32_chain(uint32_t x, int depth)
{
    return depth ? a32_mix(x, (uint32_t)depth) + t32_chain(x + 1, depth - 1)
                 : x;
}

IN_A32 static int a32_compare(const void *pa, const void *pb)
{
    uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;

    return (a > b) - (a < b);
}

IN_T32 static int t32_compare(const void *pa, const void *pb)
{
    return -a32_compare(pa, pb);
}

typedef uint32_t (*mix_fn)(uint32_t, uint32_t);

int main(void)
{
    static const mix_fn fns[] = {t32_mix, a32_mix};
    uint32_t v[64], acc = 1;

    for (int i = 0; i < 64; i++) {
        acc = fns[i & 1](acc, (uint32_t)i * 977u);
        v[i] = acc;
    }
    printf("mix chain %08x\n", acc);
    printf("t32_chain %08x\n", t32_chain(12345, 40));
    qsort(v, 64, sizeof(v[0]), a32_compare);
    printf("a32 sort first %08x last %08x\n", v[0], v[63]);
    qsort(v, 64, sizeof(v[0]), t32_compare);
    printf("t32 sort first %08x last %08x\n", v[0], v[63]);
    return (int)(acc & 0x3f);
}
