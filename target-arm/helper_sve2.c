/*
 * FEAT_SVE2 helpers: each operation element by element on copies of the
 * Z and P registers at the thread's VL, as the Arm pseudocode states it
 * (desc: helper_sve2.h). SVE2's saturating forms leave FPSR.QC alone.
 * No IR.
 */
#include "target-arm/helper_sve2.h"

#include <string.h>

#include "target-arm/helper_crypto.h"
#include "target-arm/helper_feat.h"
#include "target-arm/helper_fp.h"
#include "target-arm/sve.h"
#include "target-arm/sve_mte.h"
#include "tcg/guest_mem.h"

typedef __int128 i128;

/* ---- element access ---- */

/* Element i of size esz, sign- or zero-extended. */
static int64_t zget_s(const SveVec *z, unsigned esz, unsigned i)
{
    return sve_elt_sext(sve_elt(z, esz, i), esz);
}

static i128 zget_x(const SveVec *z, unsigned esz, unsigned i, bool is_unsigned)
{
    return is_unsigned ? (i128)sve_elt(z, esz, i) : (i128)zget_s(z, esz, i);
}

static void zload(CPUARMState *env, unsigned n, SveVec *z)
{
    sve_z_read(env, n, z->b);
}

/* PredTest(mask, result, esz) as NZCV bits 31:28, and Pd = result. */
static uint64_t pstore_test(CPUARMState *env, unsigned rd, const SvePred *mask,
                            const SvePred *res, unsigned esz)
{
    memcpy(env->preg[rd], res->w, sizeof(res->w));
    return sve_pred_test(env, mask, res, esz);
}

/* ---- saturation and shifts, without FPSR.QC ---- */

static uint64_t sat_s(i128 v, unsigned esz)
{
    i128 max = ((i128)1 << ((8u << esz) - 1)) - 1;

    return (uint64_t)(v > max ? max : v < -max - 1 ? -max - 1 : v);
}

static uint64_t sat_u(i128 v, unsigned esz)
{
    i128 max = ((i128)1 << (8u << esz)) - 1;

    return (uint64_t)(v > max ? max : v < 0 ? 0 : v);
}

/* v >> n (n 1 ... 64), rounding to nearest (ties up) when round. */
static i128 shr_round(i128 v, unsigned n, bool round)
{
    return (v + (round ? (i128)1 << (n - 1) : 0)) >> n;
}

/* ---- integer predicated ---- */

/* SHADD ... UHSUBR (op R:S:U): the full-precision result halved. */
static uint64_t halve_one(unsigned op, i128 n, i128 m)
{
    bool round = op & 4, sub = op & 2;

    if (sub && round) /* SHSUBR, UHSUBR */
        return (uint64_t)((m - n) >> 1);
    if (sub)
        return (uint64_t)((n - m) >> 1);
    return (uint64_t)((n + m + round) >> 1);
}

/* One pair's result for pairwise(): op is the encoding's opc field. */
typedef uint64_t PairFn(CPUARMState *env, unsigned op, unsigned esz, uint64_t a,
                        uint64_t b);

/* ADDP, SMAXP, UMAXP, SMINP, UMINP (op opc:U). */
static uint64_t int_pair(CPUARMState *env, unsigned op, unsigned esz,
                         uint64_t a, uint64_t b)
{
    unsigned shift = 64 - (8u << esz);
    i128 x = op & 1 ? (i128)a : (i128)((int64_t)(a << shift) >> shift);
    i128 y = op & 1 ? (i128)b : (i128)((int64_t)(b << shift) >> shift);

    (void)env;
    if (op == 1)
        return (uint64_t)(x + y);
    return (uint64_t)((op & 2 ? x < y : x > y) ? x : y);
}

/* FADDP, FMAXNMP, FMINNMP, FMAXP, FMINP (opc 0, 4-7). */
static uint64_t fp_pair(CPUARMState *env, unsigned op, unsigned esz, uint64_t a,
                        uint64_t b)
{
    static const int8_t fpop[8] = {FPOP_ADD,   -1,         -1,       -1,
                                   FPOP_MAXNM, FPOP_MINNM, FPOP_MAX, FPOP_MIN};

    return fp_binop(env, fpop[op & 7], (int)esz, a, b);
}

/* The pairwise forms: even elements pair Zdn's neighbours, odd ones Zm's;
 * inactive elements keep Zdn. */
static void pairwise(CPUARMState *env, uint64_t desc, PairFn *fn)
{
    unsigned esz = sve_desc_esz(desc), op = sve_desc_aux(desc);
    SveVec d, m, r;
    SvePred p;

    zload(env, sve_desc_rd(desc), &d);
    zload(env, sve_desc_rm(desc), &m);
    sve_pred_read(env, sve_desc_pg(desc), &p);
    r = d;
    for (unsigned i = 0; i < sve_nelem(env, esz); i++) {
        const SveVec *src = i & 1 ? &m : &d;
        unsigned j = i & ~1u;

        if (sve_pred_on(&p, esz, i))
            sve_elt_put(&r, esz, i,
                        fn(env, op, esz, sve_elt(src, esz, j),
                           sve_elt(src, esz, j + 1)));
    }
    sve_z_write(env, sve_desc_rd(desc), r.b);
}

/* ---- widening ---- */

/* Polynomial product of two bit strings of width bits. */
static uint64_t pmul_bits(uint64_t a, uint64_t b, unsigned bits)
{
    uint64_t r = 0;

    for (unsigned k = 0; k < bits; k++)
        if (b >> k & 1)
            r ^= a << k;
    return r;
}

/* One wide result of the widening forms: x, y the narrow operands
 * (extended), wide_n Zn's wide element, acc Zda's. */
static uint64_t long_one(uint32_t aux, unsigned nesz, i128 acc, i128 wide_n,
                         i128 x, i128 y)
{
    bool sub = aux & SVE2_LONG_SUBTRACT;

    switch (aux & 0x2e) {
    case SVE2_LONG_ADD: return (uint64_t)(x + y);
    case SVE2_LONG_SUB: return (uint64_t)(x - y);
    case SVE2_LONG_ABD: return (uint64_t)(x > y ? x - y : y - x);
    case SVE2_LONG_ADDW: return (uint64_t)(wide_n + y);
    case SVE2_LONG_SUBW: return (uint64_t)(wide_n - y);
    case SVE2_LONG_MUL: return (uint64_t)(x * y);
    case SVE2_LONG_SQDMUL: return sat_s(2 * x * y, nesz + 1);
    case SVE2_LONG_PMUL: return pmul_bits((uint64_t)x, (uint64_t)y, 8u << nesz);
    case SVE2_LONG_MLA: return (uint64_t)(sub ? acc - x * y : acc + x * y);
    case SVE2_LONG_SQDMLA: {
        i128 p = (i128)(int64_t)sat_s(2 * x * y, nesz + 1);

        return sat_s(sub ? acc - p : acc + p, nesz + 1);
    }
    case SVE2_LONG_ABA: return (uint64_t)(acc + (x > y ? x - y : y - x));
    case SVE2_LONG_ADDBT: return (uint64_t)(x + y);
    default: return (uint64_t)(x - y); /* SVE2_LONG_SUBBT */
    }
}

/* Zm's narrow element for wide element i: 2i + top, 2i + 1 - top for
 * the BT forms, or the indexed one of i's 128-bit segment. */
static unsigned long_m_index(unsigned esz, uint32_t aux, unsigned i)
{
    unsigned form = aux & 0x2e;

    if (aux & SVE2_INDEXED)
        return (i - i % (16u >> esz)) * 2 + (aux >> SVE2_INDEX & 0xf);
    if (form == SVE2_LONG_ADDBT || form == SVE2_LONG_SUBBT ||
        aux & SVE2_LONG_BT)
        return 2 * i + 1 - (aux & 1);
    return 2 * i + (aux & 1);
}

/* The B and T forms: wide element i from narrow elements 2i + T. */
static void widen(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc);
    uint32_t aux = sve_desc_aux(desc);
    unsigned form = aux & 0x2e, top = aux & 1;
    bool is_unsigned = aux & SVE2_LONG_UNSIGNED || form == SVE2_LONG_PMUL;
    SveVec d, n, m;

    zload(env, sve_desc_rd(desc), &d);
    zload(env, sve_desc_rn(desc), &n);
    zload(env, sve_desc_rm(desc), &m);
    for (unsigned i = 0; i < sve_nelem(env, esz); i++) {
        i128 acc = zget_x(&d, esz, i, is_unsigned);
        i128 wide = zget_x(&n, esz, i, is_unsigned);
        i128 x = zget_x(&n, esz - 1, 2 * i + top, is_unsigned);
        i128 y = zget_x(&m, esz - 1, long_m_index(esz, aux, i), is_unsigned);

        sve_elt_put(&d, esz, i, long_one(aux, esz - 1, acc, wide, x, y));
    }
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

/* SSHLLB/T, USHLLB/T (aux U:T). */
static void shll(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc), aux = sve_desc_aux(desc);
    unsigned shift = aux >> SVE2_SHIFT & 0xff;
    SveVec d = {{0}}, n;

    zload(env, sve_desc_rn(desc), &n);
    for (unsigned i = 0; i < sve_nelem(env, esz); i++)
        sve_elt_put(&d, esz, i,
                    (uint64_t)zget_x(&n, esz - 1, 2 * i + (aux & 1), aux & 2)
                        << shift);
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

/* ---- narrowing: results go to the even (B) or odd (T) narrow elements;
 * B zeroes the others, T keeps them ---- */

static void narrow_start(CPUARMState *env, uint64_t desc, SveVec *d)
{
    if (sve_desc_aux(desc) & 1)
        zload(env, sve_desc_rd(desc), d);
    else
        memset(d->b, 0, sizeof(d->b));
}

/* The shift right narrow family (op op:U:R of the encoding). */
static uint64_t shrn_one(unsigned op, unsigned esz, uint64_t raw, unsigned sh)
{
    bool round = op & 1, is_signed = op <= 1 || op == 4 || op == 5;
    unsigned wide_shift = 64 - (16u << esz);
    i128 v = is_signed ? (i128)((int64_t)(raw << wide_shift) >> wide_shift)
                       : (i128)raw;

    v = shr_round(v, sh, round);
    switch (op >> 1) {
    case 0: return sat_u(v, esz); /* SQSHRUN, SQRSHRUN */
    case 1: return (uint64_t)v;   /* SHRN, RSHRN */
    case 2: return sat_s(v, esz); /* SQSHRN, SQRSHRN */
    default: return sat_u(v, esz);
    }
}

static void shrn(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc), aux = sve_desc_aux(desc);
    unsigned op = aux >> 1 & 7, sh = aux >> SVE2_SHIFT & 0xff;
    SveVec d, n;

    zload(env, sve_desc_rn(desc), &n);
    narrow_start(env, desc, &d);
    for (unsigned i = 0; i < sve_nelem(env, esz + 1); i++)
        sve_elt_put(&d, esz, 2 * i + (aux & 1),
                    shrn_one(op, esz, sve_elt(&n, esz + 1, i), sh));
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

/* SQXTN, UQXTN, SQXTUN (opc 0-2). */
static void xtn(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc), aux = sve_desc_aux(desc);
    unsigned opc = aux >> 1;
    SveVec d, n;

    zload(env, sve_desc_rn(desc), &n);
    narrow_start(env, desc, &d);
    for (unsigned i = 0; i < sve_nelem(env, esz + 1); i++) {
        i128 v = zget_x(&n, esz + 1, i, opc == 1);

        sve_elt_put(&d, esz, 2 * i + (aux & 1),
                    opc == 0 ? sat_s(v, esz) : sat_u(v, esz));
    }
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

/* ADDHN, RADDHN, SUBHN, RSUBHN (S:R): the high half of the wide sum. */
static void addhn(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc), aux = sve_desc_aux(desc);
    unsigned bits = 8u << esz;
    SveVec d, n, m;

    zload(env, sve_desc_rn(desc), &n);
    zload(env, sve_desc_rm(desc), &m);
    narrow_start(env, desc, &d);
    for (unsigned i = 0; i < sve_nelem(env, esz + 1); i++) {
        unsigned __int128 x = sve_elt(&n, esz + 1, i),
                          y = sve_elt(&m, esz + 1, i);
        unsigned __int128 v = aux & 4 ? x - y : x + y;

        if (aux & 2)
            v += (unsigned __int128)1 << (bits - 1);
        sve_elt_put(&d, esz, 2 * i + (aux & 1), (uint64_t)(v >> bits));
    }
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

/* ---- bitwise ---- */

/* EOR3, BSL, BCAX, BSL1N, BSL2N, NBSL (opc:o2) on Zdn, Zm, Zk. */
static uint64_t ternary_one(unsigned op, uint64_t d, uint64_t m, uint64_t k)
{
    switch (op) {
    case 0: return d ^ m ^ k;
    case 1: return (d & k) | (m & ~k);
    case 2: return d ^ (m & ~k);
    case 3: return (~d & k) | (m & ~k);
    case 5: return (d & k) | (~m & ~k);
    default: return ~((d & k) | (m & ~k));
    }
}

static void ternary(CPUARMState *env, uint64_t desc)
{
    SveVec d, m, k;

    zload(env, sve_desc_rd(desc), &d);
    zload(env, sve_desc_rn(desc), &m);
    zload(env, sve_desc_rm(desc), &k);
    for (unsigned i = 0; i < sve_nelem(env, 3); i++)
        sve_elt_put(&d, 3, i,
                    ternary_one(sve_desc_aux(desc), sve_elt(&d, 3, i),
                                sve_elt(&m, 3, i), sve_elt(&k, 3, i)));
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

/* XAR: (Zdn ^ Zm) rotated right by aux (1 ... esize). */
static void xar(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc), rot = sve_desc_aux(desc);
    unsigned bits = 8u << esz;
    SveVec d, m;

    zload(env, sve_desc_rd(desc), &d);
    zload(env, sve_desc_rm(desc), &m);
    for (unsigned i = 0; i < sve_nelem(env, esz); i++) {
        uint64_t v = sve_elt(&d, esz, i) ^ sve_elt(&m, esz, i);

        sve_elt_put(&d, esz, i, rot == bits ? v : v >> rot | v << (bits - rot));
    }
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

/* SSRA, USRA, SRSRA, URSRA (aux R:U): Zda += Zn >> shift. */
static void sra(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc), aux = sve_desc_aux(desc);
    unsigned sh = aux >> SVE2_SHIFT & 0xff;
    SveVec d, n;

    zload(env, sve_desc_rd(desc), &d);
    zload(env, sve_desc_rn(desc), &n);
    for (unsigned i = 0; i < sve_nelem(env, esz); i++)
        sve_elt_put(
            &d, esz, i,
            sve_elt(&d, esz, i) +
                (uint64_t)shr_round(zget_x(&n, esz, i, aux & 1), sh, aux & 2));
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

/* ---- multiplies ---- */

/* Zm's element for element i: itself, or the indexed one of i's
 * 128-bit segment. */
static unsigned mul_index(unsigned esz, uint32_t aux, unsigned i)
{
    unsigned per_segment = 16u >> esz;

    if (!(aux & SVE2_INDEXED))
        return i;
    return i - i % per_segment + (aux >> SVE2_INDEX & 0xf);
}

/* SQDMULH / SQRDMULH (and SQRDMLAH / SQRDMLSH with acc): the high half
 * of acc << esize +- 2 * n * m, rounded when round, saturated. Halved
 * first so that the 64-bit forms fit in 128 bits. */
static uint64_t sqrdmulh_one(unsigned esz, i128 acc, i128 n, i128 m, bool sub,
                             bool round)
{
    unsigned bits = 8u << esz;
    i128 v = acc * ((i128)1 << (bits - 1)) + (sub ? -(n * m) : n * m);

    if (round)
        v += (i128)1 << (bits - 2);
    return sat_s(v >> (bits - 1), esz);
}

static uint64_t mul_one(unsigned op, unsigned esz, uint64_t n, uint64_t m)
{
    unsigned bits = 8u << esz, shift = 64 - bits;
    i128 sn = (int64_t)(n << shift) >> shift,
         sm = (int64_t)(m << shift) >> shift;

    switch (op) {
    case SVE2_MUL_MUL: return n * m;
    case SVE2_MUL_PMUL: return pmul_bits(n, m, 8);
    case SVE2_MUL_SMULH: return (uint64_t)((sn * sm) >> bits);
    case SVE2_MUL_UMULH: return (uint64_t)(((unsigned __int128)n * m) >> bits);
    default:
        return sqrdmulh_one(esz, 0, sn, sm, false, op == SVE2_MUL_SQRDMULH);
    }
}

static void mul(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc);
    uint32_t aux = sve_desc_aux(desc);
    SveVec d = {{0}}, n, m;

    zload(env, sve_desc_rn(desc), &n);
    zload(env, sve_desc_rm(desc), &m);
    for (unsigned i = 0; i < sve_nelem(env, esz); i++)
        sve_elt_put(&d, esz, i,
                    mul_one(aux & 7, esz, sve_elt(&n, esz, i),
                            sve_elt(&m, esz, mul_index(esz, aux, i))));
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

/* MLA, MLS (indexed), SQRDMLAH, SQRDMLSH: Zda op= Zn * Zm. */
static void muladd(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc), op;
    uint32_t aux = sve_desc_aux(desc);
    SveVec d, n, m;

    op = aux & 3;
    zload(env, sve_desc_rd(desc), &d);
    zload(env, sve_desc_rn(desc), &n);
    zload(env, sve_desc_rm(desc), &m);
    for (unsigned i = 0; i < sve_nelem(env, esz); i++) {
        unsigned j = mul_index(esz, aux, i);
        uint64_t r;

        if (op == SVE2_MLA_MLA)
            r = sve_elt(&d, esz, i) + sve_elt(&n, esz, i) * sve_elt(&m, esz, j);
        else if (op == SVE2_MLA_MLS)
            r = sve_elt(&d, esz, i) - sve_elt(&n, esz, i) * sve_elt(&m, esz, j);
        else
            r = sqrdmulh_one(esz, zget_s(&d, esz, i), zget_s(&n, esz, i),
                             zget_s(&m, esz, j), op == SVE2_MLA_SQRDMLSH, true);
        sve_elt_put(&d, esz, i, r);
    }
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

/* ---- predicates ---- */

/* WHILEGE, WHILEGT, WHILEHS, WHILEHI: from the last element down, a
 * compared with b, a decremented at the operands' width each step. */
static uint64_t while_down(CPUARMState *env, uint64_t desc, uint64_t a,
                           uint64_t b)
{
    unsigned esz = sve_desc_esz(desc), aux = sve_desc_aux(desc);
    unsigned width = aux & SVE_WHILE_64 ? 64 : 32;
    bool last = true;
    SvePred r, all;

    memset(&r, 0, sizeof(r));
    for (unsigned i = sve_nelem(env, esz); i-- > 0 && last;) {
        uint64_t ua = a << (64 - width) >> (64 - width);
        uint64_t ub = b << (64 - width) >> (64 - width);
        int64_t sa = (int64_t)(a << (64 - width)) >> (64 - width);
        int64_t sb = (int64_t)(b << (64 - width)) >> (64 - width);

        if (aux & SVE_WHILE_UNSIGNED)
            last = aux & SVE_WHILE_EQ ? ua >= ub : ua > ub;
        else
            last = aux & SVE_WHILE_EQ ? sa >= sb : sa > sb;
        sve_pset(r.w, i << esz, last);
        a--;
    }
    sve_pred_read(env, 16, &all);
    return pstore_test(env, sve_desc_rd(desc), &all, &r, esz);
}

/* WHILEWR, WHILERW: the elements before the first that may alias. The
 * pseudocode's diff is (b - a) DIV esize on unbounded integers, for RW its
 * absolute value; every element is true when diff <= 0 (WR) or diff == 0
 * (RW), so also when the pointers are less than one element apart. */
static uint64_t while_ptr(CPUARMState *env, uint64_t desc, uint64_t a,
                          uint64_t b)
{
    unsigned esz = sve_desc_esz(desc), n = sve_nelem(env, esz);
    bool rw = sve_desc_aux(desc) != 0;
    uint64_t limit;
    SvePred r, all;

    if (b > a)
        limit = (b - a) >> esz;
    else
        limit = rw ? (a - b) >> esz : 0;
    if (limit == 0)
        limit = n;
    memset(&r, 0, sizeof(r));
    for (unsigned i = 0; i < n; i++)
        sve_pset(r.w, i << esz, i < limit);
    sve_pred_read(env, 16, &all);
    return pstore_test(env, sve_desc_rd(desc), &all, &r, esz);
}

/* MATCH, NMATCH: does element i of Zn occur in Zm's 128-bit segment? */
static uint64_t match(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc), per_segment = 16u >> esz;
    SveVec n, m;
    SvePred g, r;

    zload(env, sve_desc_rn(desc), &n);
    zload(env, sve_desc_rm(desc), &m);
    sve_pred_read(env, sve_desc_pg(desc), &g);
    memset(&r, 0, sizeof(r));
    for (unsigned i = 0; i < sve_nelem(env, esz); i++) {
        unsigned base = i - i % per_segment;
        bool found = false;

        for (unsigned k = 0; k < per_segment; k++)
            found |= sve_elt(&n, esz, i) == sve_elt(&m, esz, base + k);
        if (sve_pred_on(&g, esz, i))
            sve_pset(r.w, i << esz, found != (sve_desc_aux(desc) != 0));
    }
    return pstore_test(env, sve_desc_rd(desc), &g, &r, esz);
}

/* ---- permutes and tables ---- */

/* EXT (constructive): VL bytes of Zn:Zn+1 from byte aux (0 when beyond). */
static void ext(CPUARMState *env, uint64_t desc)
{
    unsigned vl = sve_vl_bytes(env), pos = sve_desc_aux(desc);
    SveVec both[2], d = {{0}};

    zload(env, sve_desc_rn(desc), &both[0]);
    zload(env, (sve_desc_rn(desc) + 1) % 32, &both[1]);
    if (pos >= vl)
        pos = 0;
    for (unsigned i = 0; i < vl; i++) {
        unsigned k = pos + i;

        d.b[i] = k < vl ? both[0].b[k] : both[1].b[k - vl];
    }
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

/* TBL (two tables Zn, Zn+1) and TBX (Zn; out of range keeps Zd). */
static void tbl(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc), n = sve_nelem(env, esz);
    bool tbx = sve_desc_aux(desc) != 0;
    SveVec d, t0, t1, m;

    zload(env, sve_desc_rd(desc), &d);
    zload(env, sve_desc_rn(desc), &t0);
    zload(env, (sve_desc_rn(desc) + 1) % 32, &t1);
    zload(env, sve_desc_rm(desc), &m);
    for (unsigned i = 0; i < n; i++) {
        uint64_t k = sve_elt(&m, esz, i);

        if (k < n)
            sve_elt_put(&d, esz, i, sve_elt(&t0, esz, (unsigned)k));
        else if (!tbx && k < 2 * (uint64_t)n)
            sve_elt_put(&d, esz, i, sve_elt(&t1, esz, (unsigned)(k - n)));
        else if (!tbx)
            sve_elt_put(&d, esz, i, 0);
    }
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

/* HISTCNT: for active i, how many active j <= i have Zm[j] == Zn[i]. */
static void histcnt(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc);
    SveVec d, n, m;
    SvePred g;

    zload(env, sve_desc_rn(desc), &n);
    zload(env, sve_desc_rm(desc), &m);
    sve_pred_read(env, sve_desc_pg(desc), &g);
    memset(d.b, 0, sizeof(d.b));
    for (unsigned i = 0; i < sve_nelem(env, esz); i++) {
        uint64_t hits = 0;

        if (!sve_pred_on(&g, esz, i))
            continue;
        for (unsigned j = 0; j <= i; j++)
            hits += sve_pred_on(&g, esz, j) &&
                    sve_elt(&m, esz, j) == sve_elt(&n, esz, i);
        sve_elt_put(&d, esz, i, hits);
    }
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

/* HISTSEG: per 128-bit segment, how many bytes of Zm equal Zn's byte. */
static void histseg(CPUARMState *env, uint64_t desc)
{
    SveVec d = {{0}}, n, m;

    zload(env, sve_desc_rn(desc), &n);
    zload(env, sve_desc_rm(desc), &m);
    for (unsigned i = 0; i < sve_vl_bytes(env); i++) {
        unsigned base = i - i % 16, hits = 0;

        /* A mask, then its count: GCC 12 -O3 vectorised a byte sum of
         * the compares as a sum of 0xff masks (1 match gave 255). */
        for (unsigned k = 0; k < 16; k++)
            hits |= (unsigned)(m.b[base + k] == n.b[i]) << k;
        d.b[i] = (uint8_t)__builtin_popcount(hits);
    }
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

/* BEXT, BDEP, BGRP (op 0-2) on one element of bits bits. */
static uint64_t bitperm_one(unsigned op, unsigned bits, uint64_t n, uint64_t m)
{
    uint64_t r = 0, hi = 0;
    unsigned k = 0, kh = 0;

    for (unsigned b = 0; b < bits; b++) {
        if (op == 1) { /* BDEP: the low bits of n into m's set places */
            if (m >> b & 1)
                r |= (n >> k++ & 1) << b;
        } else if (m >> b & 1) {
            r |= (n >> b & 1) << k++;
        } else {
            hi |= (n >> b & 1) << kh++;
        }
    }
    return op == 2 && k < 64 ? r | hi << k : r;
}

/* ---- same-size element operations (SVE2_OP_ELEMENTWISE) ---- */

/* SQADD ... UQSUBR (op of the encoding) on Zdn's n and Zm's m. */
static uint64_t satadd_one(unsigned op, unsigned esz, const SveVec *zn,
                           const SveVec *zm, unsigned i)
{
    i128 sn = zget_s(zn, esz, i), sm = zget_s(zm, esz, i);
    i128 un = sve_elt(zn, esz, i), um = sve_elt(zm, esz, i);

    switch (op) {
    case 0: return sat_s(sn + sm, esz);
    case 1: return sat_u(un + um, esz);
    case 2: return sat_s(sn - sm, esz);
    case 3: return sat_u(un - um, esz);
    case 4: return sat_s(sn + um, esz); /* SUQADD */
    case 5: return sat_u(un + sm, esz); /* USQADD */
    case 6: return sat_s(sm - sn, esz);
    default: return sat_u(um - un, esz);
    }
}

/* x shifted left by shift (right when negative, rounding when round):
 * the exact value, or one as large as a saturating shift needs. */
static i128 shift_exact(i128 x, int shift, unsigned bits, bool round)
{
    if (shift < 0)
        return shr_round(x, (unsigned)-shift, round);
    if ((unsigned)shift >= bits && x != 0)
        return x < 0 ? -((i128)1 << 100) : (i128)1 << 100;
    return x * ((i128)1 << shift);
}

/* SRSHL ... UQRSHLR (op q:n:r:u; n swaps the operands), and the
 * immediate forms SRSHR, URSHR, SQSHL, UQSHL, SQSHLU (aux flags). */
static uint64_t shl_one(uint32_t aux, unsigned esz, const SveVec *zd,
                        const SveVec *zm, unsigned i)
{
    unsigned op = aux & 15, bits = 8u << esz;
    bool is_unsigned = op & 1 && !(aux & SVE2_EW_SHIFT_SU);
    const SveVec *value = op & 4 ? zm : zd, *amount = op & 4 ? zd : zm;
    i128 x = zget_x(value, esz, i, is_unsigned), v;
    int shift;

    if (aux & SVE2_EW_SHIFT_IMM) {
        shift = (int)(aux >> SVE2_EW_AMOUNT & 0xff);
        shift = aux & SVE2_EW_SHIFT_LEFT ? shift : -shift;
    } else {
        int64_t raw = zget_s(amount, esz, i), lim = (int64_t)bits + 1;

        shift = (int)(raw > lim ? lim : raw < -lim ? -lim : raw);
    }
    v = shift_exact(x, shift, bits, op & 2);
    if (!(op & 8))
        return (uint64_t)v;
    return op & 1 || aux & SVE2_EW_SHIFT_SU ? sat_u(v, esz) : sat_s(v, esz);
}

/* CADD, SQCADD (bit 1) #90 / #270 (bit 0) of element i (re even, im odd). */
static uint64_t cadd_one(uint32_t aux, unsigned esz, const SveVec *zn,
                         const SveVec *zm, unsigned i)
{
    unsigned pair = i & ~1u;
    i128 x = zget_s(zn, esz, i);
    i128 y = zget_s(zm, esz, pair + 1 - (i & 1));
    bool add = (i & 1) != (aux & 1); /* re: 90 subtracts; im: 90 adds */
    i128 v = add ? x + y : x - y;

    return aux & 2 ? sat_s(v, esz) : (uint64_t)v;
}

/* SRI, SLI by amount: Zn's shifted bits into Zd, the others kept. */
static uint64_t insert_one(bool left, unsigned esz, unsigned amount, uint64_t d,
                           uint64_t n)
{
    uint64_t ones = esz == 3 ? UINT64_MAX : (UINT64_C(1) << (8u << esz)) - 1;
    uint64_t mask;

    if (amount >= 64)
        return d;
    mask = (left ? ones << amount : ones >> amount) & ones;
    return (d & ~mask) | ((left ? n << amount : n >> amount) & mask);
}

/* ADCLB/T, SBCLB/T for pair e: Zda[2e] += Zn[2e+T] (inverted for SBC)
 * + Zm[2e+1]<0>, the carry out in Zda[2e+1]. */
static void adcl_pair(uint32_t aux, unsigned esz, SveVec *d, const SveVec *n,
                      const SveVec *m, unsigned e)
{
    uint64_t x = sve_elt(n, esz, 2 * e + (aux & 1)),
             acc = sve_elt(d, esz, 2 * e);
    unsigned __int128 sum;

    if (aux & 2)
        x = esz == 3 ? ~x : ~x & 0xffffffffu;
    sum = (unsigned __int128)acc + x + (sve_elt(m, esz, 2 * e + 1) & 1);
    sve_elt_put(d, esz, 2 * e, (uint64_t)sum);
    sve_elt_put(d, esz, 2 * e + 1, (uint64_t)(sum >> (8u << esz)) & 1);
}

static uint64_t elementwise_one(uint32_t aux, unsigned esz, const SveVec *d,
                                const SveVec *n, const SveVec *m, unsigned i)
{
    unsigned amount = aux >> SVE2_EW_AMOUNT & 0xff;
    bool u = aux & 1;
    i128 x, y;

    switch (aux & 0xf0) {
    case SVE2_EW_ABA:
        x = zget_x(n, esz, i, u);
        y = zget_x(m, esz, i, u);
        return sve_elt(d, esz, i) + (uint64_t)(x > y ? x - y : y - x);
    case SVE2_EW_ADALP:
        return sve_elt(d, esz, i) +
               (uint64_t)(zget_x(n, esz - 1, 2 * i, u) +
                          zget_x(n, esz - 1, 2 * i + 1, u));
    case SVE2_EW_SRI:
    case SVE2_EW_SLI:
        return insert_one((aux & 0xf0) == SVE2_EW_SLI, esz, amount,
                          sve_elt(d, esz, i), sve_elt(n, esz, i));
    case SVE2_EW_SATADD: return satadd_one(aux & 7, esz, d, m, i);
    case SVE2_EW_SHL: return shl_one(aux, esz, d, m, i);
    case SVE2_EW_SQABS:
        x = zget_s(n, esz, i);
        return sat_s(u ? -x : x < 0 ? -x : x, esz);
    case SVE2_EW_CADD: return cadd_one(aux, esz, d, m, i);
    case SVE2_EW_BITPERM:
        return bitperm_one(aux & 3, 8u << esz, sve_elt(n, esz, i),
                           sve_elt(m, esz, i));
    case SVE2_EW_HALVE:
        return halve_one(aux & 7, zget_x(d, esz, i, u), zget_x(m, esz, i, u));
    default: /* SVE2_EW_EORBT: only the elements of parity tb change */
        if ((i & 1) != u)
            return sve_elt(d, esz, i);
        return sve_elt(n, esz, i) ^ sve_elt(m, esz, i ^ 1);
    }
}

static void elementwise(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc);
    uint32_t aux = sve_desc_aux(desc);
    SveVec d, n, m, r;
    SvePred p;

    zload(env, sve_desc_rd(desc), &d);
    zload(env, sve_desc_rn(desc), &n);
    zload(env, sve_desc_rm(desc), &m);
    sve_pred_read(env, sve_desc_pg(desc), &p);
    r = d;
    for (unsigned i = 0; i < sve_nelem(env, esz); i++) {
        if ((aux & 0xf0) == SVE2_EW_ADCL) {
            if (!(i & 1))
                adcl_pair(aux, esz, &r, &n, &m, i / 2);
        } else if (sve_pred_on(&p, esz, i)) {
            sve_elt_put(&r, esz, i, elementwise_one(aux, esz, &d, &n, &m, i));
        }
    }
    sve_z_write(env, sve_desc_rd(desc), r.b);
}

/* ---- crypto: AdvSIMD's helpers work on V registers, so each 128-bit
 * segment is lent to them in the V registers the instruction names
 * (the low halves of its Z registers), and restored after ---- */

static void crypto_segment(CPUARMState *env, unsigned op, unsigned rd,
                           unsigned rn, unsigned rm)
{
    uint64_t e = (uint64_t)(uintptr_t)env;

    switch (op) {
    case SVE2_CRYPTO_AESE:
        helper_crypto_fn(CRYPTO_AESE, 0)(e, rd, rm, 0, 0);
        break;
    case SVE2_CRYPTO_AESD:
        helper_crypto_fn(CRYPTO_AESD, 0)(e, rd, rm, 0, 0);
        break;
    case SVE2_CRYPTO_AESMC:
        helper_crypto_fn(CRYPTO_AESMC, 0)(e, rd, rd, 0, 0);
        break;
    case SVE2_CRYPTO_AESIMC:
        helper_crypto_fn(CRYPTO_AESIMC, 0)(e, rd, rd, 0, 0);
        break;
    case SVE2_CRYPTO_SM4E: helper_feat_sm(e, FEAT_SM4E, rd, rm, rm); break;
    case SVE2_CRYPTO_SM4EKEY:
        helper_feat_sm(e, FEAT_SM4EKEY, rd, rn, rm);
        break;
    case SVE2_CRYPTO_RAX1:
        helper_crypto_fn(CRYPTO_RAX1, 0)(e, rd, rn, rm, 0);
        break;
    default: /* PMULLB/T .Q: the even or odd doubleword's product */
        helper_crypto_fn(CRYPTO_PMULL64, 0)(e, rd, rn, rm,
                                            op == SVE2_CRYPTO_PMULLT);
        break;
    }
}

static void crypto(CPUARMState *env, uint64_t desc)
{
    unsigned rd = sve_desc_rd(desc), rn = sve_desc_rn(desc);
    unsigned rm = sve_desc_rm(desc);
    SveVec d, n, m, r;

    zload(env, rd, &d);
    zload(env, rn, &n);
    zload(env, rm, &m);
    for (unsigned k = 0; k < sve_vl_bytes(env); k += 16) {
        memcpy(env->v[rn].b, n.b + k, 16);
        memcpy(env->v[rm].b, m.b + k, 16);
        memcpy(env->v[rd].b, d.b + k, 16);
        crypto_segment(env, sve_desc_aux(desc), rd, rn, rm);
        memcpy(r.b + k, env->v[rd].b, 16);
    }
    memcpy(env->v[rn].b, n.b, 16);
    memcpy(env->v[rm].b, m.b, 16);
    sve_z_write(env, rd, r.b);
}

/* ---- floating point ---- */

static void fp_pairwise(CPUARMState *env, uint64_t desc)
{
    unsigned csr = fp_helper_enter(env);

    pairwise(env, desc, fp_pair);
    fp_helper_leave(csr);
}

/* FLOGB: floor(log2(|x|)) as a signed integer; zero and NaN give the
 * most negative value (Invalid Operation), infinity the most positive. */
static uint64_t flogb_one(CPUARMState *env, unsigned esz, uint64_t x)
{
    static const uint8_t frac_bits[4] = {0, 10, 23, 52};
    unsigned fb = frac_bits[esz], eb = (8u << esz) - 1 - fb;
    uint64_t frac = x & ((UINT64_C(1) << fb) - 1);
    int64_t exp = (int64_t)(x >> fb & ((UINT64_C(1) << eb) - 1));
    int64_t bias = ((int64_t)1 << (eb - 1)) - 1;
    uint64_t min = UINT64_C(1) << ((8u << esz) - 1);
    bool flush = esz == 1 ? env->fpcr & FPCR_FZ16 : env->fpcr & FPCR_FZ;

    if (exp == ((int64_t)1 << eb) - 1) {
        if (frac == 0)
            return min - 1; /* infinity */
        env->fpsr |= FPSR_IOC;
        return min;
    }
    if (exp == 0 && frac != 0 && flush) {
        if (esz > 1)
            env->fpsr |= FPSR_IDC;
        frac = 0;
    }
    if (exp == 0 && frac == 0) {
        env->fpsr |= FPSR_IOC;
        return min;
    }
    if (exp == 0)
        return (uint64_t)(1 - bias - (int64_t)fb + 63 - __builtin_clzll(frac));
    return (uint64_t)(exp - bias);
}

/* URECPE, URSQRTE: the 9-bit estimate of the top bits, or all ones. */
static uint64_t unsigned_estimate(bool rsqrt, uint64_t x)
{
    if (rsqrt ? !(x >> 30 & 3) : !(x >> 31 & 1))
        return 0xffffffffu;
    return (uint64_t)((rsqrt ? fp_rsqrt_estimate_int((unsigned)(x >> 23))
                             : fp_recip_estimate_int((unsigned)(x >> 23))) &
                      0x1ff)
           << 23;
}

/* FCVTNT and FCVTLT convert with FPConvertSVE() (FPCR.AHP taken as 0). */
static void fp_unary_one(CPUARMState *env, unsigned op, unsigned esz, SveVec *r,
                         const SveVec *n, unsigned i)
{
    uint64_t x = sve_elt(n, esz, i);

    switch (op) {
    case SVE2_FPU_FCVTNT:
        sve_elt_put(r, esz - 1, 2 * i + 1,
                    fp_convert_sve(env, (int)esz, (int)esz - 1, x));
        break;
    case SVE2_FPU_FCVTLT:
        sve_elt_put(r, esz, i,
                    fp_convert_sve(env, (int)esz - 1, (int)esz,
                                   sve_elt(n, esz - 1, 2 * i + 1)));
        break;
    case SVE2_FPU_FCVTX: sve_elt_put(r, 3, i, fp_convert_odd(env, x)); break;
    case SVE2_FPU_FCVTXNT:
        sve_elt_put(r, 2, 2 * i + 1, fp_convert_odd(env, x));
        break;
    case SVE2_FPU_FLOGB: sve_elt_put(r, esz, i, flogb_one(env, esz, x)); break;
    default: sve_elt_put(r, 2, i, unsigned_estimate(op == SVE2_FPU_URSQRTE, x));
    }
}

static void fp_unary(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc), op = sve_desc_aux(desc);
    unsigned csr = fp_helper_enter(env);
    SveVec r, n;
    SvePred p;

    zload(env, sve_desc_rd(desc), &r);
    zload(env, sve_desc_rn(desc), &n);
    sve_pred_read(env, sve_desc_pg(desc), &p);
    for (unsigned i = 0; i < sve_nelem(env, esz); i++)
        if (sve_pred_on(&p, esz, i))
            fp_unary_one(env, op, esz, &r, &n, i);
    sve_z_write(env, sve_desc_rd(desc), r.b);
    fp_helper_leave(csr);
}

/* ---- complex integer ---- */

/* CMLA, SQRDCMLAH: the pair at 2e of Zda += rotated Zn * Zm (Zm's pair
 * mpair: 2e, or the indexed one). */
static void cmla_pair(uint32_t aux, unsigned esz, SveVec *d, const SveVec *n,
                      const SveVec *m, unsigned e, unsigned mpair)
{
    unsigned rot = aux >> 2 & 3, sel = rot & 1;
    bool sub_re = rot == 1 || rot == 2, sub_im = rot >= 2;
    i128 a = zget_s(n, esz, 2 * e + sel);
    i128 m_re = zget_s(m, esz, mpair + sel),
         m_im = zget_s(m, esz, mpair + 1 - sel);
    i128 re = zget_s(d, esz, 2 * e), im = zget_s(d, esz, 2 * e + 1);

    if ((aux & 3) == SVE2_CPLX_SQRDCMLAH) {
        sve_elt_put(d, esz, 2 * e,
                    sqrdmulh_one(esz, re, a, m_re, sub_re, true));
        sve_elt_put(d, esz, 2 * e + 1,
                    sqrdmulh_one(esz, im, a, m_im, sub_im, true));
        return;
    }
    sve_elt_put(d, esz, 2 * e,
                (uint64_t)(sub_re ? re - a * m_re : re + a * m_re));
    sve_elt_put(d, esz, 2 * e + 1,
                (uint64_t)(sub_im ? im - a * m_im : im + a * m_im));
}

/* CDOT: Zda's wide element e += two rotated complex products of Zn's and
 * Zm's quarter-size elements (Zm's four from mq). */
static uint64_t cdot_one(uint32_t aux, unsigned esz, uint64_t acc,
                         const SveVec *n, const SveVec *m, unsigned e,
                         unsigned mq)
{
    unsigned rot = aux >> 2 & 3, sel = rot & 1, nesz = esz - 2;
    bool sub = rot == 0 || rot == 3;
    i128 res = (int64_t)acc;

    for (unsigned k = 0; k < 2; k++) {
        i128 n_re = zget_s(n, nesz, 4 * e + 2 * k);
        i128 n_im = zget_s(n, nesz, 4 * e + 2 * k + 1);
        i128 m_a = zget_s(m, nesz, mq + 2 * k + sel);
        i128 m_b = zget_s(m, nesz, mq + 2 * k + 1 - sel);

        res += n_re * m_a + (sub ? -(n_im * m_b) : n_im * m_b);
    }
    return (uint64_t)res;
}

static void complex_op(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc);
    uint32_t aux = sve_desc_aux(desc);
    unsigned idx = aux >> SVE2_INDEX & 0xf, seg = 16u >> esz;
    SveVec d, n, m;

    zload(env, sve_desc_rd(desc), &d);
    zload(env, sve_desc_rn(desc), &n);
    zload(env, sve_desc_rm(desc), &m);
    for (unsigned e = 0; e < sve_nelem(env, esz); e++) {
        unsigned base = e - e % seg;

        if ((aux & 3) == SVE2_CPLX_CDOT)
            sve_elt_put(
                &d, esz, e,
                cdot_one(aux, esz, sve_elt(&d, esz, e), &n, &m, e,
                         aux & SVE2_INDEXED ? 4 * (base + idx) : 4 * e));
        else if (!(e & 1))
            cmla_pair(aux, esz, &d, &n, &m, e / 2,
                      aux & SVE2_INDEXED ? base + 2 * idx : e);
    }
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

static bool half_is_snan(uint64_t h)
{
    return (h & 0x7e00) == 0x7c00 && (h & 0x1ff);
}

/* FPMulAddH()'s FPUnpack of a half operand: the IEEE format (AHP ignored),
 * a denormal flushed to zero under FZ16 (no IDC); then exact in single. */
static uint64_t fmlal_widen(CPUARMState *env, uint64_t h)
{
    if ((env->fpcr & FPCR_FZ16) && !(h & 0x7c00))
        h &= 0x8000;
    return fp_convert_sve(env, FP_H, FP_S, h);
}

/* FPMulAddH(addend, a, b), a negated first (FMLSL*): FPProcessNaNs3H
 * takes a signalling half operand before a quiet addend, which the
 * widened (quieted) one is not. */
static uint64_t fmlal_one(CPUARMState *env, uint64_t addend, uint64_t a,
                          uint64_t b, bool negate)
{
    bool addend_snan =
        (addend & 0x7fc00000) == 0x7f800000 && (addend & 0x3fffff);
    uint64_t x, y;

    a ^= negate ? 0x8000 : 0;
    x = fmlal_widen(env, a);
    y = fmlal_widen(env, b);

    if (!addend_snan && (half_is_snan(a) || half_is_snan(b))) {
        /* FPUnpack(addend) came first: a flushed denormal sets IDC. */
        if ((env->fpcr & FPCR_FZ) && !(addend & 0x7f800000) &&
            (addend & 0x7fffff))
            env->fpsr |= FPSR_IDC;
        return half_is_snan(a) ? x : y;
    }
    return fp_muladd(env, FP_S, addend, x, y, false, false);
}

/* FMLALB/T, FMLSLB/T: Zda.S += (-)Zn.H[2e + T] * Zm.H[2e + T] (or the
 * indexed one), widened exactly, then fused. */
static void fmlal(CPUARMState *env, uint64_t desc)
{
    uint32_t aux = sve_desc_aux(desc);
    unsigned csr = fp_helper_enter(env), t = aux & 1;
    SveVec d, n, m;

    zload(env, sve_desc_rd(desc), &d);
    zload(env, sve_desc_rn(desc), &n);
    zload(env, sve_desc_rm(desc), &m);
    for (unsigned e = 0; e < sve_nelem(env, 2); e++) {
        unsigned j = aux & SVE2_INDEXED
                         ? (e - e % 4) * 2 + (aux >> SVE2_INDEX & 7)
                         : 2 * e + t;
        sve_elt_put(&d, 2, e,
                    fmlal_one(env, sve_elt(&d, 2, e), sve_elt(&n, 1, 2 * e + t),
                              sve_elt(&m, 1, j), aux & 2));
    }
    sve_z_write(env, sve_desc_rd(desc), d.b);
    fp_helper_leave(csr);
}

uint64_t helper_sve2_op(uint64_t envp, uint64_t desc, uint64_t a, uint64_t b)
{
    CPUARMState *env = (CPUARMState *)(uintptr_t)envp;

    switch ((Sve2Op)sve_desc_op(desc)) {
    case SVE2_OP_PAIRWISE: pairwise(env, desc, int_pair); break;
    case SVE2_OP_LONG: widen(env, desc); break;
    case SVE2_OP_SHLL: shll(env, desc); break;
    case SVE2_OP_SHRN: shrn(env, desc); break;
    case SVE2_OP_XTN: xtn(env, desc); break;
    case SVE2_OP_ADDHN: addhn(env, desc); break;
    case SVE2_OP_TERNARY: ternary(env, desc); break;
    case SVE2_OP_XAR: xar(env, desc); break;
    case SVE2_OP_MUL: mul(env, desc); break;
    case SVE2_OP_MULADD: muladd(env, desc); break;
    case SVE2_OP_SRA: sra(env, desc); break;
    case SVE2_OP_WHILE_DOWN: return while_down(env, desc, a, b);
    case SVE2_OP_WHILE_PTR: return while_ptr(env, desc, a, b);
    case SVE2_OP_EXT: ext(env, desc); break;
    case SVE2_OP_TBL: tbl(env, desc); break;
    case SVE2_OP_MATCH: return match(env, desc);
    case SVE2_OP_HISTCNT: histcnt(env, desc); break;
    case SVE2_OP_HISTSEG: histseg(env, desc); break;
    case SVE2_OP_ELEMENTWISE: elementwise(env, desc); break;
    case SVE2_OP_CRYPTO: crypto(env, desc); break;
    case SVE2_OP_FP_PAIRWISE: fp_pairwise(env, desc); break;
    case SVE2_OP_FP_UNARY: fp_unary(env, desc); break;
    case SVE2_OP_COMPLEX: complex_op(env, desc); break;
    case SVE2_OP_FMLAL: fmlal(env, desc); break;
    case SVE2_OP_LDNT1:
    case SVE2_OP_STNT1: break; /* helper_sve2_mem */
    }
    return 0;
}

/* LDNT1 (gather, inactive elements zero) and STNT1 (scatter) at Zn's
 * elements plus xm (the tag byte dropped once tagged pointers may
 * exist, as translated accesses do), in element order, so that a fault
 * is the first active faulting element's (and a faulting gather leaves
 * Zt as it was). With MTE checks on, every active element is checked
 * first (sve_mte.h), so a tag check fault accesses nothing. */
uint64_t helper_sve2_mem(uint64_t envp, uint64_t desc, uint64_t xm)
{
    CPUARMState *env = (CPUARMState *)(uintptr_t)envp;
    unsigned esz = sve_desc_esz(desc), aux = sve_desc_aux(desc);
    unsigned msz = aux & 3, mbits = 8u << msz;
    bool store = sve_desc_op(desc) == SVE2_OP_STNT1;
    SveVec t, n;
    SvePred p;

    zload(env, sve_desc_rd(desc), &t);
    zload(env, sve_desc_rn(desc), &n);
    sve_pred_read(env, sve_desc_pg(desc), &p);
    for (unsigned i = 0; i < sve_nelem(env, esz) && sve_mte_checking(env); i++)
        if (sve_pred_on(&p, esz, i))
            sve_mte_check(env, sve_elt(&n, esz, i) + xm, 1u << msz, store);
    for (unsigned i = 0; i < sve_nelem(env, esz); i++) {
        uint64_t addr = arm_user_untag(sve_elt(&n, esz, i) + xm), v;

        if (store) {
            if (sve_pred_on(&p, esz, i))
                guest_store(env, addr, 1u << msz, sve_elt(&t, esz, i));
            continue;
        }
        v = sve_pred_on(&p, esz, i) ? guest_load(env, addr, 1u << msz) : 0;
        if (aux & SVE2_MEM_SIGNED && mbits < 64)
            v = (uint64_t)((int64_t)(v << (64 - mbits)) >> (64 - mbits));
        sve_elt_put(&t, esz, i, v);
    }
    if (!store)
        sve_z_write(env, sve_desc_rd(desc), t.b);
    return 0;
}
