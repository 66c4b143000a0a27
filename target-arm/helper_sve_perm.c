/*
 * SVE permutes, element moves, predicate partitioning (BRK*, PFIRST,
 * PNEXT) and counts by predicate, element by element on copies of Z and
 * P at the thread's VL as the Arm pseudocode states them. No IR.
 */
#include "target-arm/helper_sve_perm.h"

#include <string.h>

#include "target-arm/sve.h"

/* LastActiveElement(mask, esize), -1 when none is. */
static int last_active(const CPUARMState *env, const SvePred *p, unsigned esz)
{
    for (int i = (int)sve_nelem(env, esz) - 1; i >= 0; i--)
        if (sve_pred_on(p, esz, (unsigned)i))
            return i;
    return -1;
}

static int first_active(const CPUARMState *env, const SvePred *p, unsigned esz)
{
    for (unsigned i = 0; i < sve_nelem(env, esz); i++)
        if (sve_pred_on(p, esz, i))
            return (int)i;
    return -1;
}

/* Vd = v (esize bits, zero-extended): an SVE write of V zeroes Zd. */
static void vreg_put(CPUARMState *env, unsigned rd, uint64_t v)
{
    SveVec d;

    memset(d.b, 0, sizeof(d.b));
    memcpy(d.b, &v, 8);
    sve_z_write(env, rd, d.b);
}

static uint64_t low_bits(uint64_t v, unsigned esz)
{
    return esz == 3 ? v : v & ((UINT64_C(1) << (8u << esz)) - 1);
}

/* ---- element extraction and insertion ---- */

/* The element LASTA (after the last active, wrapping to 0) or LASTB (the
 * last active; the last element when none is) picks. */
static unsigned last_index(const CPUARMState *env, const SvePred *p,
                           unsigned esz, bool before)
{
    int last = last_active(env, p, esz);

    if (before)
        return last < 0 ? sve_nelem(env, esz) - 1 : (unsigned)last;
    return (unsigned)(last + 1) >= sve_nelem(env, esz) ? 0 : (unsigned)last + 1;
}

/* The element of Z[zreg] that LASTA/CLASTA (aux without SVE_PERM_B) or
 * LASTB/CLASTB picks under Pg, into *v; false when none is active. */
static bool pick(CPUARMState *env, uint64_t desc, unsigned zreg, uint64_t *v)
{
    unsigned esz = sve_desc_esz(desc);
    SveVec z;
    SvePred p;

    sve_z_read(env, zreg, z.b);
    sve_pred_read(env, sve_desc_pg(desc), &p);
    *v = sve_elt(&z, esz,
                 last_index(env, &p, esz, sve_desc_aux(desc) & SVE_PERM_B));
    return last_active(env, &p, esz) >= 0;
}

/* LASTA, LASTB: the element, to Vd (aux SVE_PERM_TO_V) or returned. */
static uint64_t last(CPUARMState *env, uint64_t desc)
{
    uint64_t v;

    pick(env, desc, sve_desc_rn(desc), &v);
    if (sve_desc_aux(desc) & SVE_PERM_TO_V)
        vreg_put(env, sve_desc_rd(desc), v);
    return v;
}

/* Vn's low 64 bits, for the SIMD&FP source forms. */
static uint64_t vreg_low(const CPUARMState *env, unsigned n)
{
    uint64_t v;

    memcpy(&v, env->v[n].b, 8);
    return v;
}

/* CLASTA, CLASTB to Rdn (a) or Vdn: no active element keeps the old
 * value's low esize bits, zero-extended. */
static uint64_t clast(CPUARMState *env, uint64_t desc, uint64_t a)
{
    bool to_v = sve_desc_aux(desc) & SVE_PERM_TO_V;
    uint64_t v;

    if (to_v)
        a = vreg_low(env, sve_desc_rd(desc));
    if (!pick(env, desc, sve_desc_rm(desc), &v))
        v = low_bits(a, sve_desc_esz(desc));
    if (to_v)
        vreg_put(env, sve_desc_rd(desc), v);
    return v;
}

/* CLASTA, CLASTB (vectors): Zdn = that element everywhere, unless none
 * is active. */
static void clast_z(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc);
    SveVec d;
    uint64_t v;

    if (!pick(env, desc, sve_desc_rm(desc), &v))
        return;
    for (unsigned i = 0; i < sve_nelem(env, esz); i++)
        sve_elt_put(&d, esz, i, v);
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

/* CPY Zd.T, Pg/M, (Rn|SP|Vn): a where Pg. */
static void cpy(CPUARMState *env, uint64_t desc, uint64_t a)
{
    unsigned esz = sve_desc_esz(desc);
    SveVec d;
    SvePred p;

    if (sve_desc_aux(desc) & SVE_PERM_TO_V)
        a = vreg_low(env, sve_desc_rn(desc));
    sve_z_read(env, sve_desc_rd(desc), d.b);
    sve_pred_read(env, sve_desc_pg(desc), &p);
    for (unsigned i = 0; i < sve_nelem(env, esz); i++)
        if (sve_pred_on(&p, esz, i))
            sve_elt_put(&d, esz, i, a);
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

/* INSR: Zdn's elements move up one, a (or Vm) enters element 0. */
static void insr(CPUARMState *env, uint64_t desc, uint64_t a)
{
    unsigned esz = sve_desc_esz(desc), vl = sve_vl_bytes(env);
    SveVec d, r = {{0}};

    if (sve_desc_aux(desc) & SVE_PERM_TO_V)
        a = vreg_low(env, sve_desc_rn(desc));
    sve_z_read(env, sve_desc_rd(desc), d.b);
    memcpy(r.b + (1u << esz), d.b, vl - (1u << esz));
    sve_elt_put(&r, esz, 0, a);
    sve_z_write(env, sve_desc_rd(desc), r.b);
}

/* ---- permutes ---- */

/* EXT: bytes pos .. of Zm:Zdn (pos beyond the VL: 0). */
static void ext(CPUARMState *env, uint64_t desc)
{
    unsigned vl = sve_vl_bytes(env), pos = sve_desc_aux(desc);
    uint8_t pair[2 * SVE_VL_MAX_BYTES];

    if (pos >= vl)
        pos = 0;
    sve_z_read(env, sve_desc_rd(desc), pair);
    sve_z_read(env, sve_desc_rm(desc), pair + vl);
    sve_z_write(env, sve_desc_rd(desc), pair + pos);
}

/* SPLICE: Zdn's elements from the first to the last active one, then
 * Zm's from element 0. */
static void splice(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc), x = 0;
    SveVec d, m, r = {{0}};
    SvePred p;
    int first, lastn;

    sve_z_read(env, sve_desc_rd(desc), d.b);
    sve_z_read(env, sve_desc_rm(desc), m.b);
    sve_pred_read(env, sve_desc_pg(desc), &p);
    first = first_active(env, &p, esz);
    lastn = last_active(env, &p, esz);
    for (int e = first; first >= 0 && e <= lastn; e++)
        sve_elt_put(&r, esz, x++, sve_elt(&d, esz, (unsigned)e));
    for (unsigned e = 0; x < sve_nelem(env, esz); e++)
        sve_elt_put(&r, esz, x++, sve_elt(&m, esz, e));
    sve_z_write(env, sve_desc_rd(desc), r.b);
}

/* COMPACT: Zn's active elements in order from element 0, zeros after. */
static void compact(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc), x = 0;
    SveVec n, r = {{0}};
    SvePred p;

    sve_z_read(env, sve_desc_rn(desc), n.b);
    sve_pred_read(env, sve_desc_pg(desc), &p);
    for (unsigned i = 0; i < sve_nelem(env, esz); i++)
        if (sve_pred_on(&p, esz, i))
            sve_elt_put(&r, esz, x++, sve_elt(&n, esz, i));
    sve_z_write(env, sve_desc_rd(desc), r.b);
}

/* TBL (one register): Zn[Zm[i]], zero where the index is out of range. */
static void tbl(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc), count = sve_nelem(env, esz);
    SveVec n, m, r = {{0}};

    sve_z_read(env, sve_desc_rn(desc), n.b);
    sve_z_read(env, sve_desc_rm(desc), m.b);
    for (unsigned i = 0; i < count; i++) {
        uint64_t k = sve_elt(&m, esz, i);

        sve_elt_put(&r, esz, i, k < count ? sve_elt(&n, esz, (unsigned)k) : 0);
    }
    sve_z_write(env, sve_desc_rd(desc), r.b);
}

/* RBIT: each active element's bits reversed; inactive ones keep Zd. */
static void rbit(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc), bits = 8u << esz;
    SveVec n, d;
    SvePred p;

    sve_z_read(env, sve_desc_rd(desc), d.b);
    sve_z_read(env, sve_desc_rn(desc), n.b);
    sve_pred_read(env, sve_desc_pg(desc), &p);
    for (unsigned i = 0; i < sve_nelem(env, esz); i++) {
        uint64_t x = sve_elt(&n, esz, i), r = 0;

        if (!sve_pred_on(&p, esz, i))
            continue;
        for (unsigned k = 0; k < bits; k++)
            r |= (x >> k & 1) << (bits - 1 - k);
        sve_elt_put(&d, esz, i, r);
    }
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

/* ---- predicate partitioning (byte elements) ---- */

/* BRKA (the break element included), BRKB (excluded), zeroing or merging
 * the inactive elements; NZCV = PredTest(Pg, Pd). */
static uint64_t brk(CPUARMState *env, uint64_t desc)
{
    unsigned aux = sve_desc_aux(desc);
    bool before = aux & SVE_PERM_B, stop = false;
    SvePred g, n, d, r;

    sve_pred_read(env, sve_desc_pg(desc), &g);
    sve_pred_read(env, sve_desc_rn(desc), &n);
    sve_pred_read(env, sve_desc_rd(desc), &d);
    memset(&r, 0, sizeof(r));
    for (unsigned i = 0; i < sve_nelem(env, 0); i++) {
        if (!sve_pred_on(&g, 0, i)) {
            if (aux & SVE_PERM_MERGE)
                sve_pset(r.w, i, sve_pred_on(&d, 0, i));
            continue;
        }
        if (before)
            stop |= sve_pred_on(&n, 0, i);
        sve_pset(r.w, i, !stop);
        stop |= sve_pred_on(&n, 0, i);
    }
    memcpy(env->preg[sve_desc_rd(desc)], r.w, sizeof(r.w));
    return sve_pred_test(env, &g, &r, 0);
}

/* BRKN: Pdm stays when Pn's last active element (under Pg) is true, else
 * it becomes all false; NZCV = PredTest(all true, Pdm). */
static uint64_t brkn(CPUARMState *env, uint64_t desc)
{
    SvePred g, n, r, all;
    int lastn;

    sve_pred_read(env, sve_desc_pg(desc), &g);
    sve_pred_read(env, sve_desc_rn(desc), &n);
    sve_pred_read(env, sve_desc_rd(desc), &r);
    lastn = last_active(env, &g, 0);
    if (lastn < 0 || !sve_pred_on(&n, 0, (unsigned)lastn))
        memset(&r, 0, sizeof(r));
    memcpy(env->preg[sve_desc_rd(desc)], r.w, sizeof(r.w));
    sve_pred_read(env, ARM_SVE_NPREGS, &all);
    return sve_pred_test(env, &all, &r, 0);
}

/* BRKPA, BRKPB: when Pn's last active element is true, the active
 * elements up to the first true one of Pm (included by BRKPA). */
static uint64_t brkp(CPUARMState *env, uint64_t desc)
{
    bool before = sve_desc_aux(desc) & SVE_PERM_B, go;
    SvePred g, n, m, r;
    int lastn;

    sve_pred_read(env, sve_desc_pg(desc), &g);
    sve_pred_read(env, sve_desc_rn(desc), &n);
    sve_pred_read(env, sve_desc_rm(desc), &m);
    memset(&r, 0, sizeof(r));
    lastn = last_active(env, &g, 0);
    go = lastn >= 0 && sve_pred_on(&n, 0, (unsigned)lastn);
    for (unsigned i = 0; i < sve_nelem(env, 0); i++) {
        if (!sve_pred_on(&g, 0, i))
            continue;
        if (before)
            go = go && !sve_pred_on(&m, 0, i);
        sve_pset(r.w, i, go);
        go = go && !sve_pred_on(&m, 0, i);
    }
    memcpy(env->preg[sve_desc_rd(desc)], r.w, sizeof(r.w));
    return sve_pred_test(env, &g, &r, 0);
}

/* PFIRST: Pdn with Pg's first active element set. */
static uint64_t pfirst(CPUARMState *env, uint64_t desc)
{
    SvePred g, r;
    int first;

    sve_pred_read(env, sve_desc_pg(desc), &g);
    sve_pred_read(env, sve_desc_rd(desc), &r);
    first = first_active(env, &g, 0);
    if (first >= 0)
        sve_pset(r.w, (unsigned)first, true);
    memcpy(env->preg[sve_desc_rd(desc)], r.w, sizeof(r.w));
    return sve_pred_test(env, &g, &r, 0);
}

/* PNEXT: only the next active element of Pg after Pdn's last true one. */
static uint64_t pnext(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc), count = sve_nelem(env, esz);
    SvePred g, r;
    unsigned next;

    sve_pred_read(env, sve_desc_pg(desc), &g);
    sve_pred_read(env, sve_desc_rd(desc), &r);
    next = (unsigned)(last_active(env, &r, esz) + 1);
    while (next < count && !sve_pred_on(&g, esz, next))
        next++;
    memset(&r, 0, sizeof(r));
    if (next < count)
        sve_pset(r.w, next << esz, true);
    memcpy(env->preg[sve_desc_rd(desc)], r.w, sizeof(r.w));
    return sve_pred_test(env, &g, &r, esz);
}

/* ---- counts by predicate ---- */

/* CNTP: the elements active in Pn and Pg (16: all). */
static uint64_t cntp(const CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc), count = 0;
    SvePred g, n;

    sve_pred_read(env, sve_desc_pg(desc), &g);
    sve_pred_read(env, sve_desc_rn(desc), &n);
    for (unsigned w = 0; w * 64 < sve_vl_bytes(env); w++)
        count += (unsigned)__builtin_popcountll(g.w[w] & n.w[w] &
                                                sve_pred_esz_bits(esz) &
                                                sve_pred_vl_bits(env, w));
    return count;
}

/* x (esize bits) +- count: wrapping, else saturated to the signed or
 * unsigned range of esize (SatQ); the result's low esize bits. */
static uint64_t step_sat(uint64_t x, uint64_t count, unsigned esz,
                         unsigned flags)
{
    unsigned bits = 8u << esz;
    __int128 v, lo = 0, hi = ((__int128)1 << bits) - 1;

    if (flags & SVE_PERM_SAT_WRAP)
        return low_bits(flags & SVE_PERM_SAT_DEC ? x - count : x + count, esz);
    if (flags & SVE_PERM_SAT_UNSIGNED) {
        v = (__int128)low_bits(x, esz);
    } else {
        v = (__int128)((int64_t)(x << (64 - bits)) >> (64 - bits));
        lo = -((__int128)1 << (bits - 1));
        hi = ((__int128)1 << (bits - 1)) - 1;
    }
    v = flags & SVE_PERM_SAT_DEC ? v - (__int128)count : v + (__int128)count;
    return low_bits((uint64_t)(v < lo ? lo : v > hi ? hi : v), esz);
}

/* INCP ... UQDECP (scalar): Xdn +- CNTP(Pm); a 32-bit signed result is
 * sign-extended into Xdn, an unsigned one zero-extended. */
static uint64_t satp(const CPUARMState *env, uint64_t desc, uint64_t x)
{
    unsigned flags = sve_desc_aux(desc), rsz = flags & SVE_PERM_SAT_64 ? 3 : 2;
    uint64_t r = step_sat(x, cntp(env, desc), rsz, flags);

    if (rsz == 2 && !(flags & SVE_PERM_SAT_UNSIGNED))
        return (uint64_t)(int64_t)(int32_t)(uint32_t)r;
    return r;
}

/* INCP ... UQDECP, SQINCH ... UQDECD (vector): every element +- count
 * (pg < 16: CNTP(Pm), else a). */
static void incdec_z(CPUARMState *env, uint64_t desc, uint64_t count)
{
    unsigned esz = sve_desc_esz(desc), flags = sve_desc_aux(desc);
    SveVec d;

    if (sve_desc_pg(desc) < ARM_SVE_NPREGS)
        count = cntp(env, desc);
    sve_z_read(env, sve_desc_rd(desc), d.b);
    for (unsigned i = 0; i < sve_nelem(env, esz); i++)
        sve_elt_put(&d, esz, i,
                    step_sat(sve_elt(&d, esz, i), count, esz, flags));
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

/* CTERMEQ, CTERMNE: N the termination, V !C when not terminated (Z, C
 * kept); diff is op1 ^ op2 at the operand size. */
static uint64_t cterm(uint64_t desc, uint64_t diff, uint64_t nzcv)
{
    bool term = sve_desc_aux(desc) & 1 ? diff != 0 : diff == 0;
    uint64_t zc = nzcv & (UINT64_C(6) << 28);

    if (term)
        return zc | UINT64_C(1) << 31;
    return zc | (uint64_t) !(nzcv >> 29 & 1) << 28;
}

uint64_t helper_sve_perm(uint64_t envp, uint64_t desc, uint64_t a, uint64_t b)
{
    CPUARMState *env = (CPUARMState *)(uintptr_t)envp;

    switch ((SvePermOp)sve_desc_op(desc)) {
    case SVE_PERM_LAST: return last(env, desc);
    case SVE_PERM_CLAST: return clast(env, desc, a);
    case SVE_PERM_CLAST_Z: clast_z(env, desc); break;
    case SVE_PERM_CPY: cpy(env, desc, a); break;
    case SVE_PERM_INSR: insr(env, desc, a); break;
    case SVE_PERM_EXT: ext(env, desc); break;
    case SVE_PERM_SPLICE: splice(env, desc); break;
    case SVE_PERM_COMPACT: compact(env, desc); break;
    case SVE_PERM_TBL: tbl(env, desc); break;
    case SVE_PERM_RBIT: rbit(env, desc); break;
    case SVE_PERM_BRK: return brk(env, desc);
    case SVE_PERM_BRKN: return brkn(env, desc);
    case SVE_PERM_BRKP: return brkp(env, desc);
    case SVE_PERM_PFIRST: return pfirst(env, desc);
    case SVE_PERM_PNEXT: return pnext(env, desc);
    case SVE_PERM_CNTP: return cntp(env, desc);
    case SVE_PERM_SATP: return satp(env, desc, a);
    case SVE_PERM_INCDEC_Z: incdec_z(env, desc, a); break;
    case SVE_PERM_CTERM: return cterm(desc, a, b);
    }
    return 0;
}
