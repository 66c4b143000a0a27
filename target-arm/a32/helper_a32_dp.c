/*
 * The AArch32 media instructions trans_dp.c leaves to helpers: parallel
 * add/subtract (GE), SEL, USAD8, saturation and the saturating Q
 * arithmetic (Q), RBIT. Functions of their arguments plus env->ge and
 * env->qf; they touch no other state and no guest memory.
 */
#include "target-arm/a32/helper_a32_dp.h"

#include <stdbool.h>
#include <stdint.h>

#include "target-arm/cpu.h"
#include "target-arm/helpers.h"

/* One lane of a parallel operation: its width in bits, signedness and
 * kind decide how the exact result is brought back to the lane. */
static int64_t lane_value(uint32_t x, int pos, int bits, bool is_signed)
{
    uint32_t v = (x >> pos) & ((1u << bits) - 1);

    if (is_signed && (v >> (bits - 1)))
        return (int64_t)v - ((int64_t)1 << bits);
    return v;
}

static uint32_t lane_result(int64_t r, int bits, int kind)
{
    int64_t lo, hi;

    switch (kind) {
    case A32_PK_SH:
    case A32_PK_UH:
        r >>= 1; /* arithmetic: halving of the exact value */
        break;
    case A32_PK_Q:
        lo = -((int64_t)1 << (bits - 1));
        hi = ((int64_t)1 << (bits - 1)) - 1;
        r = r < lo ? lo : r > hi ? hi : r;
        break;
    case A32_PK_UQ:
        hi = ((int64_t)1 << bits) - 1;
        r = r < 0 ? 0 : r > hi ? hi : r;
        break;
    default: break;
    }
    return (uint32_t)r & ((1u << bits) - 1);
}

/* GE bits of a lane for the S and U kinds: S: result >= 0; U: add carries
 * out (>= 2^bits), subtract does not borrow (>= 0). */
static bool lane_ge(int64_t r, int bits, int kind, bool is_add)
{
    if (kind == A32_PK_S)
        return r >= 0;
    return is_add ? r >= ((int64_t)1 << bits) : r >= 0;
}

uint64_t helper_a32_parallel(uint64_t env, uint64_t a, uint64_t b,
                             uint64_t desc)
{
    CPUARMState *e = (CPUARMState *)env;
    int op = desc & 7, kind = (int)(desc >> 3) & 7;
    bool is_signed = kind <= A32_PK_SH;
    bool sets_ge = kind == A32_PK_S || kind == A32_PK_U;
    int bits = op >= A32_PAR_ADD8 ? 8 : 16, lanes = 32 / bits;
    uint32_t x = (uint32_t)a, y = (uint32_t)b, result = 0, ge = 0;

    for (int i = 0; i < lanes; i++) {
        int pos = i * bits;
        int64_t n = lane_value(x, pos, bits, is_signed), m, r;
        bool is_add;

        switch (op) {
        case A32_PAR_ASX: /* hi: n.hi + m.lo; lo: n.lo - m.hi */
            m = lane_value(y, 16 - pos, 16, is_signed);
            is_add = i == 1;
            break;
        case A32_PAR_SAX: /* hi: n.hi - m.lo; lo: n.lo + m.hi */
            m = lane_value(y, 16 - pos, 16, is_signed);
            is_add = i == 0;
            break;
        default:
            m = lane_value(y, pos, bits, is_signed);
            is_add = op == A32_PAR_ADD16 || op == A32_PAR_ADD8;
            break;
        }
        r = is_add ? n + m : n - m;
        result |= lane_result(r, bits, kind) << pos;
        if (sets_ge && lane_ge(r, bits, kind, is_add))
            ge |= (bits == 8 ? 1u : 3u) << (pos / 8);
    }
    if (sets_ge)
        e->ge = ge;
    return result;
}

uint64_t helper_a32_sel(uint64_t env, uint64_t a, uint64_t b)
{
    const CPUARMState *e = (const CPUARMState *)env;
    uint32_t mask = 0;

    for (int i = 0; i < 4; i++)
        if (e->ge & (1u << i))
            mask |= 0xffu << (i * 8);
    return ((uint32_t)a & mask) | ((uint32_t)b & ~mask);
}

uint64_t helper_a32_usad8(uint64_t a, uint64_t b)
{
    uint32_t sum = 0;

    for (int i = 0; i < 32; i += 8) {
        int x = (int)((a >> i) & 0xff), y = (int)((b >> i) & 0xff);
        sum += (uint32_t)(x > y ? x - y : y - x);
    }
    return sum;
}

/* SignedSatQ / UnsignedSatQ of v to bits. */
static int64_t saturate(int64_t v, int bits, bool is_unsigned, bool *sat)
{
    int64_t lo = is_unsigned ? 0 : -((int64_t)1 << (bits - 1));
    int64_t hi =
        is_unsigned ? ((int64_t)1 << bits) - 1 : ((int64_t)1 << (bits - 1)) - 1;

    if (v < lo || v > hi) {
        *sat = true;
        return v < lo ? lo : hi;
    }
    return v;
}

uint64_t helper_a32_sat(uint64_t env, uint64_t a, uint64_t desc)
{
    CPUARMState *e = (CPUARMState *)env;
    int bits = desc & 0xff;
    bool is_unsigned = desc & 0x100, halves = desc & 0x200, sat = false;
    uint32_t r;

    if (halves) {
        int64_t lo = saturate((int16_t)a, bits, is_unsigned, &sat);
        int64_t hi = saturate((int16_t)(a >> 16), bits, is_unsigned, &sat);
        r = ((uint32_t)lo & 0xffff) | (uint32_t)hi << 16;
    } else {
        r = (uint32_t)saturate((int32_t)a, bits, is_unsigned, &sat);
    }
    if (sat)
        e->qf = 1;
    return r;
}

uint64_t helper_a32_qaddsub(uint64_t env, uint64_t m, uint64_t n, uint64_t op)
{
    CPUARMState *e = (CPUARMState *)env;
    int64_t x = (int32_t)m, y = (int32_t)n;
    bool sat = false;

    if (op & 2) /* QDADD, QDSUB: SignedSat(2 * Rn) first */
        y = saturate(2 * y, 32, false, &sat);
    x = saturate(op & 1 ? x - y : x + y, 32, false, &sat);
    if (sat)
        e->qf = 1;
    return (uint32_t)x;
}

uint64_t helper_a32_rbit(uint64_t a)
{
    uint32_t x = (uint32_t)a, r = 0;

    for (int i = 0; i < 32; i++)
        r |= ((x >> i) & 1u) << (31 - i);
    return r;
}
