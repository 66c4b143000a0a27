/*
 * FEAT_SVE helpers: each operation element by element on copies of the
 * Z and P registers at the thread's VL, as the Arm pseudocode states it
 * (desc: helper_sve.h), with loops inlined per element size, host FP
 * where it gives Arm's result and one host pointer per one-page access
 * (docs/architecture.md, SVE). No IR.
 */
#include "target-arm/helper_sve.h"

#include <string.h>

#include "target-arm/helper_fp.h"
#include "target-arm/sve.h"
#include "target-arm/sve_mte.h"
#include "tcg/guest_mem.h"

static uint64_t elt_mask(unsigned esz)
{
    return esz == 3 ? UINT64_MAX : (UINT64_C(1) << (8u << esz)) - 1;
}

/* Clears p's bits beyond the VL (a predicate has VL / 8 of them). */
static void pred_clip(const CPUARMState *env, uint64_t *p)
{
    for (unsigned w = 0; w < SVE_PL_MAX_BYTES / 8; w++)
        p[w] &= sve_pred_vl_bits(env, w);
}

/* Pd = p, bits beyond the VL cleared. */
static void pred_write(CPUARMState *env, unsigned n, const SvePred *p)
{
    memcpy(env->preg[n], p->w, sizeof(p->w));
    pred_clip(env, env->preg[n]);
}

/* PredTest(mask, result, esz): N first active true, Z none, C !last;
 * word by word: the first and last active element are the lowest and
 * highest mask bit. */
uint64_t sve_pred_test(const CPUARMState *env, const SvePred *mask,
                       const SvePred *res, unsigned esz)
{
    bool first = false, any = false, last = false, seen = false;
    unsigned words = (sve_vl_bytes(env) + 63) / 64;

    for (unsigned w = 0; w < words; w++) {
        uint64_t m =
            mask->w[w] & sve_pred_esz_bits(esz) & sve_pred_vl_bits(env, w);
        uint64_t r = res->w[w] & m;

        if (!m)
            continue;
        if (!seen)
            first = (r >> __builtin_ctzll(m)) & 1;
        seen = true;
        any |= r != 0;
        last = (r >> (63 - __builtin_clzll(m))) & 1;
    }
    return (uint64_t)first << 31 | (uint64_t)!any << 30 | (uint64_t)!last << 29;
}

/* DecodePredCount(pattern, esize). */
static unsigned pred_count(const CPUARMState *env, unsigned pattern,
                           unsigned esz)
{
    unsigned n = sve_nelem(env, esz), want, p2 = 1;

    switch (pattern) {
    case 0:
        while (p2 * 2 <= n)
            p2 *= 2;
        return p2;
    case 29: return n - n % 4;
    case 30: return n - n % 3;
    case 31: return n;
    default: break;
    }
    if (pattern >= 1 && pattern <= 8)
        want = pattern;
    else if (pattern >= 9 && pattern <= 13)
        want = 16u << (pattern - 9);
    else
        return 0;
    return n >= want ? want : 0;
}

/* ---- integer ---- */

static uint64_t int_binop(unsigned opc, unsigned esz, uint64_t n, uint64_t m)
{
    int64_t sn = sve_elt_sext(n, esz), sm = sve_elt_sext(m, esz);
    unsigned bits = 8u << esz;

    switch (opc) {
    case 0x00: return n + m;
    case 0x01: return n - m;
    case 0x03: return m - n;
    case 0x08: return (uint64_t)(sn > sm ? sn : sm);
    case 0x09: return n > m ? n : m;
    case 0x0a: return (uint64_t)(sn < sm ? sn : sm);
    case 0x0b: return n < m ? n : m;
    case 0x0c: return (uint64_t)(sn > sm ? sn - sm : sm - sn);
    case 0x0d: return n > m ? n - m : m - n;
    case 0x10: return n * m;
    case 0x12:
        return bits == 64 ? (uint64_t)(((__int128)sn * sm) >> 64)
                          : (uint64_t)((sn * sm) >> bits);
    case 0x13:
        return bits == 64 ? (uint64_t)(((unsigned __int128)n * m) >> 64)
                          : (n * m) >> bits;
    case 0x14: /* SDIV: x / 0 is 0, INT_MIN / -1 wraps */
        return sm == 0 ? 0 : sm == -1 ? (uint64_t)0 - n : (uint64_t)(sn / sm);
    case 0x15: return m == 0 ? 0 : n / m;
    case 0x16:
        return sn == 0 ? 0 : sn == -1 ? (uint64_t)0 - m : (uint64_t)(sm / sn);
    case 0x17: return n == 0 ? 0 : m / n;
    case 0x18: return n | m;
    case 0x19: return n ^ m;
    case 0x1a: return n & m;
    case 0x1b: return n & ~m;
    default: return n; /* not reached: the translator checks opc */
    }
}

/* zzz_apply's element loop, inlined with constant esz and opc for the
 * common operations (the switch in int_binop then folds away). */
static inline __attribute__((always_inline)) void
zzz_loop(SveVec *d, const SveVec *n, const SveVec *m, const SvePred *p,
         unsigned count, unsigned esz, unsigned opc)
{
    for (unsigned i = 0; i < count; i++)
        if (sve_pred_on(p, esz, i))
            sve_elt_put(
                d, esz, i,
                int_binop(opc, esz, sve_elt(n, esz, i), sve_elt(m, esz, i)));
}

static inline __attribute__((always_inline)) void
zzz_loop_esz(SveVec *d, const SveVec *n, const SveVec *m, const SvePred *p,
             unsigned count, unsigned esz, unsigned opc)
{
    switch (opc) {
    case 0x00: zzz_loop(d, n, m, p, count, esz, 0x00); break;
    case 0x01: zzz_loop(d, n, m, p, count, esz, 0x01); break;
    case 0x03: zzz_loop(d, n, m, p, count, esz, 0x03); break;
    case 0x10: zzz_loop(d, n, m, p, count, esz, 0x10); break;
    case 0x18: zzz_loop(d, n, m, p, count, esz, 0x18); break;
    case 0x19: zzz_loop(d, n, m, p, count, esz, 0x19); break;
    case 0x1a: zzz_loop(d, n, m, p, count, esz, 0x1a); break;
    case 0x1b: zzz_loop(d, n, m, p, count, esz, 0x1b); break;
    default: zzz_loop(d, n, m, p, count, esz, opc); break;
    }
}

/* Zd = op(Zn, Zm) where Pg (16: everywhere); inactive lanes keep Zd. */
static void zzz_apply(CPUARMState *env, uint64_t desc, unsigned opc)
{
    unsigned esz = sve_desc_esz(desc), pg = sve_desc_pg(desc);
    unsigned count = sve_nelem(env, esz);
    SveVec d, n, m;
    SvePred p;

    sve_z_read(env, sve_desc_rd(desc), d.b);
    sve_z_read(env, sve_desc_rn(desc), n.b);
    sve_z_read(env, sve_desc_rm(desc), m.b);
    sve_pred_read(env, pg, &p);
    switch (esz) {
    case 0: zzz_loop_esz(&d, &n, &m, &p, count, 0, opc); break;
    case 1: zzz_loop_esz(&d, &n, &m, &p, count, 1, opc); break;
    case 2: zzz_loop_esz(&d, &n, &m, &p, count, 2, opc); break;
    default: zzz_loop_esz(&d, &n, &m, &p, count, 3, opc); break;
    }
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

static void logic_zzz(CPUARMState *env, uint64_t desc)
{
    static const unsigned opc[4] = {0x1a, 0x18, 0x19, 0x1b};

    zzz_apply(env,
              (desc & ~(UINT64_C(3) << 8)) | UINT64_C(3) << 8 |
                  UINT64_C(16) << 27,
              opc[sve_desc_aux(desc) & 3]);
}

static void movprfx(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc), mode = sve_desc_aux(desc);
    SveVec d, n;
    SvePred p;

    sve_z_read(env, sve_desc_rd(desc), d.b);
    sve_z_read(env, sve_desc_rn(desc), n.b);
    sve_pred_read(env, mode == SVE_PRED_NONE ? 16 : sve_desc_pg(desc), &p);
    for (unsigned i = 0; i < sve_nelem(env, esz); i++)
        if (sve_pred_on(&p, esz, i))
            sve_elt_put(&d, esz, i, sve_elt(&n, esz, i));
        else if (mode == SVE_PRED_ZERO)
            sve_elt_put(&d, esz, i, 0);
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

/* Vd = the value, the rest of Zd zero (an SVE write of a V register). */
static void write_scalar(CPUARMState *env, unsigned rd, uint64_t v)
{
    SveVec d;

    memset(d.b, 0, sizeof(d.b));
    memcpy(d.b, &v, 8);
    sve_z_write(env, rd, d.b);
}

static void addv(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc);
    bool is_unsigned = sve_desc_aux(desc) & 1;
    uint64_t sum = 0;
    SveVec n;
    SvePred p;

    sve_z_read(env, sve_desc_rn(desc), n.b);
    sve_pred_read(env, sve_desc_pg(desc), &p);
    for (unsigned i = 0; i < sve_nelem(env, esz); i++)
        if (sve_pred_on(&p, esz, i))
            sum += is_unsigned
                       ? sve_elt(&n, esz, i)
                       : (uint64_t)sve_elt_sext(sve_elt(&n, esz, i), esz);
    write_scalar(env, sve_desc_rd(desc), sum);
}

/* MLA/MLS: Zda +-= Zn * Zm; MAD/MSB: Zdn = Za +- Zdn * Zm (Za in rn). */
/* mla's element loop, inlined with a constant esz. */
static inline __attribute__((always_inline)) void
mla_loop(SveVec *d, const SveVec *n, const SveVec *m, const SvePred *p,
         unsigned count, unsigned esz, unsigned aux)
{
    for (unsigned i = 0; i < count; i++) {
        uint64_t acc = aux & 2 ? sve_elt(n, esz, i) : sve_elt(d, esz, i);
        uint64_t x = aux & 2 ? sve_elt(d, esz, i) : sve_elt(n, esz, i);
        uint64_t prod = x * sve_elt(m, esz, i);

        if (sve_pred_on(p, esz, i))
            sve_elt_put(d, esz, i, aux & 1 ? acc - prod : acc + prod);
    }
}

static void mla(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc), aux = sve_desc_aux(desc);
    unsigned count = sve_nelem(env, esz);
    SveVec d, n, m;
    SvePred p;

    sve_z_read(env, sve_desc_rd(desc), d.b);
    sve_z_read(env, sve_desc_rn(desc), n.b);
    sve_z_read(env, sve_desc_rm(desc), m.b);
    sve_pred_read(env, sve_desc_pg(desc), &p);
    switch (esz) {
    case 0: mla_loop(&d, &n, &m, &p, count, 0, aux); break;
    case 1: mla_loop(&d, &n, &m, &p, count, 1, aux); break;
    case 2: mla_loop(&d, &n, &m, &p, count, 2, aux); break;
    default: mla_loop(&d, &n, &m, &p, count, 3, aux); break;
    }
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

/* INDEX, DUP (scalar or immediate), INC/DEC (vector): element i of Zd
 * from a, b and i; keep: the old element's weight (INC/DEC: 1). */
static void fill(CPUARMState *env, uint64_t desc, uint64_t a, uint64_t b,
                 bool keep)
{
    unsigned esz = sve_desc_esz(desc);
    SveVec d;

    sve_z_read(env, sve_desc_rd(desc), d.b);
    for (unsigned i = 0; i < sve_nelem(env, esz); i++)
        sve_elt_put(&d, esz, i,
                    (keep ? sve_elt(&d, esz, i) : 0) + a + (uint64_t)i * b);
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

/* DUP Zd, Zn[index]: an index beyond the VL gives zero. */
static void dup_x(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc), aux = sve_desc_aux(desc);
    unsigned idx = aux & ~(unsigned)SVE_DUP_Q, vl = sve_vl_bytes(env);
    SveVec n, d = {{0}};

    sve_z_read(env, sve_desc_rn(desc), n.b);
    if (!(aux & SVE_DUP_Q)) {
        fill(env, desc, idx < sve_nelem(env, esz) ? sve_elt(&n, esz, idx) : 0,
             0, false);
        return;
    }
    for (unsigned i = 0; i < vl; i += 16)
        if ((idx + 1) * 16 <= vl)
            memcpy(d.b + i, n.b + idx * 16, 16);
        else
            memset(d.b + i, 0, 16);
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

/* CPY Zd.T, Pg/Z or Pg/M, #imm. */
static void cpy_imm(CPUARMState *env, uint64_t desc, uint64_t imm)
{
    unsigned esz = sve_desc_esz(desc);
    bool merge = sve_desc_aux(desc) & 1;
    SveVec d;
    SvePred p;

    sve_z_read(env, sve_desc_rd(desc), d.b);
    sve_pred_read(env, sve_desc_pg(desc), &p);
    for (unsigned i = 0; i < sve_nelem(env, esz); i++)
        if (sve_pred_on(&p, esz, i))
            sve_elt_put(&d, esz, i, imm);
        else if (!merge)
            sve_elt_put(&d, esz, i, 0);
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

static void sel_z(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc);
    SveVec d = {{0}}, n, m;
    SvePred p;

    sve_z_read(env, sve_desc_rn(desc), n.b);
    sve_z_read(env, sve_desc_rm(desc), m.b);
    sve_pred_read(env, sve_desc_pg(desc), &p);
    for (unsigned i = 0; i < sve_nelem(env, esz); i++)
        sve_elt_put(&d, esz, i,
                    sve_pred_on(&p, esz, i) ? sve_elt(&n, esz, i)
                                            : sve_elt(&m, esz, i));
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

/* ADD, SUB, SUBR, MUL, AND, ORR, EOR (immediate): Zdn = op(Zdn, imm),
 * aux the predicated group's opc of the same operation. */
static void arith_imm(CPUARMState *env, uint64_t desc, uint64_t imm)
{
    unsigned esz = sve_desc_esz(desc);
    SveVec d;

    sve_z_read(env, sve_desc_rd(desc), d.b);
    for (unsigned i = 0; i < sve_nelem(env, esz); i++)
        sve_elt_put(
            &d, esz, i,
            int_binop(sve_desc_aux(desc), esz, sve_elt(&d, esz, i), imm));
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

/* Which of <, =, > a compare condition accepts (bit 0, 1, 2), and
 * whether it compares unsigned (bit 3). */
static unsigned cmp_accept(unsigned cond)
{
    static const uint8_t accept[16] = {
        [SVE_CMP_EQ] = 2,     [SVE_CMP_NE] = 5,     [SVE_CMP_GE] = 6,
        [SVE_CMP_GT] = 4,     [SVE_CMP_LT] = 1,     [SVE_CMP_LE] = 3,
        [SVE_CMP_HS] = 8 | 6, [SVE_CMP_HI] = 8 | 4, [SVE_CMP_LO] = 8 | 1,
        [SVE_CMP_LS] = 8 | 3,
    };

    return accept[cond & 15];
}

/* An operand as a key whose unsigned order is the compare's order: the
 * element (esz; 3 for a wide one) zero-extended, or sign-extended with
 * the sign bit flipped. */
static inline uint64_t cmp_key(uint64_t x, unsigned esz, unsigned accept)
{
    return accept & 8 ? x
                      : (uint64_t)sve_elt_sext(x, esz) ^ (UINT64_C(1) << 63);
}

/* Whether the keys' order is one accept takes; no branch on the data
 * (compares of random data mispredict). */
static inline bool cmp_keys(uint64_t x, uint64_t y, unsigned accept)
{
    unsigned rel =
        (unsigned)(x < y) | (unsigned)(x == y) << 1 | (unsigned)(x > y) << 2;

    return (accept & rel) != 0;
}

/* cmp's element loop, inlined with a constant esz: every element
 * compared, the result then masked with Pg. Each predicate word's bits
 * gather in a register (an |= into r->w per element made every element
 * wait for the last one's store). */
static inline __attribute__((always_inline)) void
cmp_loop(SvePred *r, const SveVec *n, const SveVec *m, unsigned count,
         unsigned esz, unsigned aux, uint64_t imm)
{
    unsigned acc = cmp_accept(aux), per_word = 64u >> esz;
    uint64_t y = cmp_key(imm, 3, acc);

    for (unsigned first = 0; first < count; first += per_word) {
        unsigned end = count - first < per_word ? count : first + per_word;
        uint64_t bits = 0;

        for (unsigned i = first; i < end; i++) {
            uint64_t x = cmp_key(sve_elt(n, esz, i), esz, acc);

            if (aux & SVE_CMP_WIDE)
                y = cmp_key(sve_elt(m, 3, (i << esz) / 8), 3, acc);
            else if (!(aux & SVE_CMP_IMM))
                y = cmp_key(sve_elt(m, esz, i), esz, acc);
            bits |= (uint64_t)cmp_keys(x, y, acc) << ((i << esz) % 64);
        }
        r->w[(first << esz) / 64] = bits;
    }
}

/*
 * CMPEQ/CMPNE eight bytes at a time: the predicate bits (bit i << esz for
 * element i) of the elements of a and b that are equal. A lane of a ^ b
 * is zero when (x & low) + low, which cannot carry out of the lane, and x
 * both lack the lane's top bit; the top bits, moved to each lane's bit 0,
 * then gather into the top byte in one multiply (each lands on its own
 * bit, so nothing carries).
 */
static inline uint64_t eq_bits8(uint64_t a, uint64_t b, unsigned esz)
{
    static const uint64_t low[4] = {
        UINT64_C(0x7f7f7f7f7f7f7f7f), UINT64_C(0x7fff7fff7fff7fff),
        UINT64_C(0x7fffffff7fffffff), UINT64_C(0x7fffffffffffffff)};
    uint64_t x = a ^ b;
    uint64_t nonzero = ((x & low[esz]) + low[esz]) | x;
    uint64_t zero = (~nonzero & ~low[esz]) >> ((8u << esz) - 1);

    return (zero * UINT64_C(0x0102040810204080)) >> 56;
}

/* cmp for EQ and NE of vectors or an immediate (not wide): r's bits. */
static void cmp_eq(SvePred *r, const SveVec *n, const SveVec *m, unsigned vl,
                   unsigned esz, bool ne, uint64_t imm)
{
    uint64_t lanes = sve_pred_esz_bits(esz) & 0xff, y = imm;

    for (unsigned k = 0; k < vl / 8; k++) {
        uint64_t x, bits;

        memcpy(&x, n->b + 8 * k, 8);
        if (m)
            memcpy(&y, m->b + 8 * k, 8);
        bits = eq_bits8(x, y, esz);
        if (ne)
            bits = ~bits & lanes;
        r->w[k / 8] |= bits << (8 * (k % 8));
    }
}

/* imm (a signed 5-bit CMPEQ/CMPNE immediate) in every element of a word. */
static uint64_t replicate(uint64_t imm, unsigned esz)
{
    static const uint64_t ones[4] = {UINT64_C(0x0101010101010101),
                                     UINT64_C(0x0001000100010001),
                                     UINT64_C(0x0000000100000001), 1};
    uint64_t mask = esz == 3 ? ~UINT64_C(0) : (UINT64_C(1) << (8u << esz)) - 1;

    return (imm & mask) * ones[esz];
}

/* cmp_loop with esz a constant. */
static void cmp_elements(SvePred *r, const SveVec *n, const SveVec *m,
                         unsigned count, unsigned esz, unsigned aux,
                         uint64_t imm)
{
    switch (esz) {
    case 0: cmp_loop(r, n, m, count, 0, aux, imm); break;
    case 1: cmp_loop(r, n, m, count, 1, aux, imm); break;
    case 2: cmp_loop(r, n, m, count, 2, aux, imm); break;
    default: cmp_loop(r, n, m, count, 3, aux, imm); break;
    }
}

/* CMP<cc> Pd.T, Pg/Z, Zn.T, (Zm.T | Zm.D | #imm): NZCV per PredTest. */
static uint64_t cmp(CPUARMState *env, uint64_t desc, uint64_t imm)
{
    unsigned esz = sve_desc_esz(desc), aux = sve_desc_aux(desc);
    unsigned count = sve_nelem(env, esz);
    SveVec n, m;
    SvePred g, r;

    sve_z_read(env, sve_desc_rn(desc), n.b);
    if (!(aux & SVE_CMP_IMM))
        sve_z_read(env, sve_desc_rm(desc), m.b);
    sve_pred_read(env, sve_desc_pg(desc), &g);
    memset(&r, 0, sizeof(r));
    if (((aux & 15) == SVE_CMP_EQ || (aux & 15) == SVE_CMP_NE) &&
        !(aux & SVE_CMP_WIDE))
        cmp_eq(&r, &n, aux & SVE_CMP_IMM ? NULL : &m, sve_vl_bytes(env), esz,
               (aux & 15) == SVE_CMP_NE, replicate(imm, esz));
    else
        cmp_elements(&r, &n, &m, count, esz, aux, imm);
    for (unsigned w = 0; w < SVE_PL_MAX_BYTES / 8; w++)
        r.w[w] &= g.w[w];
    pred_write(env, sve_desc_rd(desc), &r);
    return sve_pred_test(env, &g, &r, esz);
}

/* ---- predicates ---- */

static uint64_t ptrue(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc);
    unsigned count = pred_count(env, sve_desc_aux(desc), esz);
    SvePred r;

    memset(&r, 0, sizeof(r));
    for (unsigned i = 0; i < count; i++)
        sve_pset(r.w, i << esz, true);
    pred_write(env, sve_desc_rd(desc), &r);
    return sve_pred_test(env, &r, &r,
                         esz); /* PTRUES: PredTest(result, result) */
}

/* WHILELO/LS/LT/LE: element i is (a + i) < b (<=), until the first false;
 * a + i wraps at the operands' width, as the pseudocode's does. The count
 * of true elements in closed form: a + i reaches b (b + 1) before it can
 * wrap, except that with <= and b the largest value every element is
 * true. */
static uint64_t whilex(CPUARMState *env, uint64_t desc, uint64_t a, uint64_t b)
{
    unsigned esz = sve_desc_esz(desc), aux = sve_desc_aux(desc);
    unsigned osz = aux & SVE_WHILE_64 ? 3 : 2, n = sve_nelem(env, esz), count;
    bool le = aux & SVE_WHILE_EQ, first, b_max;
    uint64_t diff;
    SvePred r;

    if (aux & SVE_WHILE_UNSIGNED) {
        a &= elt_mask(osz);
        b &= elt_mask(osz);
        first = le ? a <= b : a < b;
        b_max = b == elt_mask(osz);
    } else {
        b_max = b == elt_mask(osz) >> 1;
        first = le ? sve_elt_sext(a, osz) <= sve_elt_sext(b, osz)
                   : sve_elt_sext(a, osz) < sve_elt_sext(b, osz);
        a = (uint64_t)sve_elt_sext(a, osz);
        b = (uint64_t)sve_elt_sext(b, osz);
    }
    diff = b - a; /* the distance, exact as an unsigned number */
    if (!first)
        count = 0;
    else if (le)
        count = b_max || diff >= n - 1 ? n : (unsigned)diff + 1;
    else
        count = diff >= n ? n : (unsigned)diff;
    memset(&r, 0, sizeof(r));
    for (unsigned w = 0; w * 64 < (count << esz); w++) {
        unsigned left = (count << esz) - w * 64;

        r.w[w] = (left >= 64 ? UINT64_MAX : (UINT64_C(1) << left) - 1) &
                 sve_pred_esz_bits(esz);
    }
    memcpy(env->preg[sve_desc_rd(desc)], r.w, sizeof(r.w));
    return (uint64_t)(count > 0) << 31 | (uint64_t)(count == 0) << 30 |
           (uint64_t)(count < n) << 29;
}

static uint64_t plogic(CPUARMState *env, uint64_t desc, bool set_flags)
{
    unsigned op = sve_desc_aux(desc);
    SvePred n, m, g, r;

    sve_pred_read(env, sve_desc_rn(desc), &n);
    sve_pred_read(env, sve_desc_rm(desc), &m);
    sve_pred_read(env, sve_desc_pg(desc), &g);
    for (unsigned w = 0; w < SVE_PL_MAX_BYTES / 8; w++) {
        uint64_t x = n.w[w], y = m.w[w], v;

        switch (op) {
        case 0: v = x & y; break;
        case 1: v = x & ~y; break;
        case 2: v = x ^ y; break;
        case 3: v = (x & g.w[w]) | (y & ~g.w[w]); break; /* SEL */
        case 4: v = x | y; break;
        case 5: v = x | ~y; break;
        case 6: v = ~(x | y); break;
        default: v = ~(x & y); break;
        }
        r.w[w] = op == 3 ? v : v & g.w[w];
    }
    pred_write(env, sve_desc_rd(desc), &r);
    sve_pred_read(env, sve_desc_rd(desc), &r);
    return set_flags ? sve_pred_test(env, &g, &r, 0) : 0;
}

static uint64_t ptest(CPUARMState *env, uint64_t desc)
{
    SvePred n, g;

    sve_pred_read(env, sve_desc_rn(desc), &n);
    sve_pred_read(env, sve_desc_pg(desc), &g);
    return sve_pred_test(env, &g, &n, 0);
}

/* RDFFR(S): Pd = FFR (& Pg). */
static uint64_t rdffr(CPUARMState *env, uint64_t desc)
{
    SvePred g, r;

    sve_pred_read(env, sve_desc_pg(desc), &g);
    for (unsigned w = 0; w < SVE_PL_MAX_BYTES / 8; w++)
        r.w[w] = env->ffr[w] & g.w[w];
    pred_write(env, sve_desc_rd(desc), &r);
    sve_pred_read(env, sve_desc_rd(desc), &r);
    return sve_pred_test(env, &g, &r, 0);
}

static void wrffr(CPUARMState *env, uint64_t desc)
{
    SvePred n;

    sve_pred_read(env, sve_desc_rn(desc), &n);
    memcpy(env->ffr, n.w, sizeof(env->ffr));
    pred_clip(env, env->ffr);
}

/* ---- floating point (FPCR rounding, FPSR flags: fp_* cores) ---- */

static uint64_t fp_opc(CPUARMState *env, unsigned opc, unsigned esz, uint64_t n,
                       uint64_t m)
{
    switch (opc) {
    case 0: return fp_binop(env, FPOP_ADD, (int)esz, n, m);
    case 1: return fp_binop(env, FPOP_SUB, (int)esz, n, m);
    case 2: return fp_binop(env, FPOP_MUL, (int)esz, n, m);
    case 3: return fp_binop(env, FPOP_SUB, (int)esz, m, n);
    case 12: return fp_binop(env, FPOP_DIV, (int)esz, m, n);
    default: return fp_binop(env, FPOP_DIV, (int)esz, n, m); /* 13 */
    }
}

/*
 * The host's single and double arithmetic where it gives Arm's result:
 * FPCR asks for round-to-nearest without flushing (FPCR_NOT_INLINE clear,
 * as for the inline AdvSIMD path), and the result is neither a NaN (the
 * NaN rules differ) nor tiny (x86 detects tininess after rounding, Arm
 * before): those elements go through fp_binop, the reference. The host's
 * flags then are a subset of Arm's (see FpBracket).
 */
static bool fp_host_ok(const CPUARMState *env, unsigned esz)
{
    return (esz == 2 || esz == 3) && !(env->fpcr & FPCR_NOT_INLINE);
}

/* The fp_helper_enter bracket, entered only when an element needs the
 * reference (fp_elt): host-only work leaves its flags pending in the
 * host's FP status, as inline code does (fp_fpsr_read). */
typedef struct FpBracket {
    bool entered;
    unsigned csr;
} FpBracket;

static void fp_bracket_enter(CPUARMState *env, FpBracket *b)
{
    if (!b->entered) {
        b->csr = fp_helper_enter(env);
        b->entered = true;
    }
}

/* The end of a bracket; host: host results may have raised flags since
 * the entry, which fp_helper_leave's restore would drop. */
static void fp_bracket_leave(CPUARMState *env, FpBracket *b, bool host)
{
    if (!b->entered)
        return;
    if (host)
        env->fpsr = fp_fpsr_read(env);
    fp_helper_leave(b->csr);
}

/* Whether the host result r (size 1 << esz) stands: not a NaN, not tiny
 * (a subnormal, or the smallest normal a tiny value may round to). */
static inline bool fp_host_stands(unsigned esz, uint64_t r)
{
    if (esz == 2) {
        uint32_t u = (uint32_t)r & 0x7fffffffu;

        return u <= 0x7f800000u && u - 1 >= 0x00800000u;
    }
    r &= INT64_MAX;
    return r <= 0x7ff0000000000000ull && r - 1 >= 0x0010000000000000ull;
}

/* fp_opc's ADD, SUB, MUL and SUBR (opc 0-3) on the host; *ok false when
 * the result must come from fp_opc. */
static inline __attribute__((always_inline)) uint64_t
fp_host_opc(unsigned opc, unsigned esz, uint64_t n, uint64_t m, bool *ok)
{
    uint64_t r = 0;

    if (esz == 2) {
        float a, b, c;
        uint32_t na = (uint32_t)n, mb = (uint32_t)m, rc;

        memcpy(&a, &na, 4);
        memcpy(&b, &mb, 4);
        c = opc == 0 ? a + b : opc == 1 ? a - b : opc == 2 ? a * b : b - a;
        memcpy(&rc, &c, 4);
        r = rc;
    } else {
        double a, b, c;

        memcpy(&a, &n, 8);
        memcpy(&b, &m, 8);
        c = opc == 0 ? a + b : opc == 1 ? a - b : opc == 2 ? a * b : b - a;
        memcpy(&r, &c, 8);
    }
    *ok = fp_host_stands(esz, r);
    return r;
}

/* One element of fp_zzz: the host's result where it stands. */
static inline __attribute__((always_inline)) uint64_t
fp_elt(CPUARMState *env, FpBracket *b, bool host, unsigned opc, unsigned esz,
       uint64_t n, uint64_t m)
{
    bool ok = false;
    uint64_t r = 0;

    if (host)
        r = fp_host_opc(opc, esz, n, m, &ok);
    if (ok)
        return r;
    fp_bracket_enter(env, b);
    return fp_opc(env, opc, esz, n, m);
}

/* fp_zzz's element loop, inlined with a constant esz for the host path. */
static inline __attribute__((always_inline)) void
fp_zzz_loop(CPUARMState *env, FpBracket *b, SveVec *d, const SveVec *n,
            const SveVec *m, const SvePred *p, bool host, unsigned opc,
            unsigned esz)
{
    for (unsigned i = 0; i < sve_nelem(env, esz); i++)
        if (sve_pred_on(p, esz, i))
            sve_elt_put(d, esz, i,
                        fp_elt(env, b, host, opc, esz, sve_elt(n, esz, i),
                               sve_elt(m, esz, i)));
}

/* FADD/FSUB/FMUL (unpredicated, pg 16) and the predicated forms. */
static void fp_zzz(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc), opc = sve_desc_aux(desc);
    bool host = opc <= 3 && fp_host_ok(env, esz);
    FpBracket b = {false, 0};
    SveVec d, n, m;
    SvePred p;

    if (!host)
        fp_bracket_enter(env, &b);
    sve_z_read(env, sve_desc_rd(desc), d.b);
    sve_z_read(env, sve_desc_rn(desc), n.b);
    sve_z_read(env, sve_desc_rm(desc), m.b);
    sve_pred_read(env, sve_desc_pg(desc), &p);
    if (host && esz == 2)
        fp_zzz_loop(env, &b, &d, &n, &m, &p, true, opc, 2);
    else if (host)
        fp_zzz_loop(env, &b, &d, &n, &m, &p, true, opc, 3);
    else
        fp_zzz_loop(env, &b, &d, &n, &m, &p, false, opc, esz);
    sve_z_write(env, sve_desc_rd(desc), d.b);
    fp_bracket_leave(env, &b, host);
}

/* FMLA, FMLS, FNMLA, FNMLS: Zda = [-]Zda + [-](Zn * Zm), fused; the FMAD
 * forms (aux bit 2): Zdn = [-]Za + [-](Zdn * Zm), Za in rm, Zm in rn. */
static void fmla(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc), aux = sve_desc_aux(desc);
    unsigned opc = aux & 3; /* FMLA, FMLS, FNMLA, FNMLS */
    bool neg_prod = opc == 1 || opc == 2, neg_acc = opc >= 2, mad = aux & 4;
    unsigned csr = fp_helper_enter(env);
    SveVec d, n, m;
    SvePred p;

    sve_z_read(env, sve_desc_rd(desc), d.b);
    sve_z_read(env, sve_desc_rn(desc), n.b);
    sve_z_read(env, sve_desc_rm(desc), m.b);
    sve_pred_read(env, sve_desc_pg(desc), &p);
    for (unsigned i = 0; i < sve_nelem(env, esz); i++) {
        uint64_t acc = mad ? sve_elt(&m, esz, i) : sve_elt(&d, esz, i);
        uint64_t x = mad ? sve_elt(&d, esz, i) : sve_elt(&n, esz, i);
        uint64_t y = mad ? sve_elt(&n, esz, i) : sve_elt(&m, esz, i);

        if (sve_pred_on(&p, esz, i))
            sve_elt_put(&d, esz, i,
                        fp_muladd(env, (int)esz, acc, x, y, neg_prod, neg_acc));
    }
    sve_z_write(env, sve_desc_rd(desc), d.b);
    fp_helper_leave(csr);
}

/* FCMGE ... FACGT, FCMUO into Pd (zeroing); quiet compares raise IOC
 * for a signalling NaN only, as fp_compare_mask's. */
static void fcmp(CPUARMState *env, uint64_t desc)
{
    static const int8_t kind[8] = {FPCMP_GE, FPCMP_GT,   FPCMP_EQ, FPCMP_EQ,
                                   -1,       FPCMP_ACGE, -1,       FPCMP_ACGT};
    unsigned esz = sve_desc_esz(desc), aux = sve_desc_aux(desc), op = aux & 7;
    unsigned csr = fp_helper_enter(env);
    SveVec n, m;
    SvePred g, r;

    sve_z_read(env, sve_desc_rn(desc), n.b);
    if (aux & SVE_FCMP_ZERO)
        memset(m.b, 0, sizeof(m.b));
    else
        sve_z_read(env, sve_desc_rm(desc), m.b);
    if (aux & SVE_FCMP_SWAP) {
        SveVec t = n;

        n = m;
        m = t;
    }
    sve_pred_read(env, sve_desc_pg(desc), &g);
    memset(&r, 0, sizeof(r));
    for (unsigned i = 0; i < sve_nelem(env, esz); i++) {
        uint64_t a = sve_elt(&n, esz, i), b = sve_elt(&m, esz, i);
        bool t;

        if (!sve_pred_on(&g, esz, i))
            continue;
        if (op == 4) /* FCMUO: unordered, NZCV 0011 */
            t = fp_compare(env, (int)esz, a, b, false) == 0x30000000u;
        else
            t = fp_compare_mask(env, kind[op], (int)esz, a, b) != (op == 3);
        sve_pset(r.w, i << esz, t);
    }
    pred_write(env, sve_desc_rd(desc), &r);
    fp_helper_leave(csr);
}

/* FCMLA (vectors): each complex pair of Zda plus one partial product of
 * Zn's and Zm's pairs, rotated (the pseudocode's sel_a, sel_b, neg_r,
 * neg_i). */
static void fcmla(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc), rot = sve_desc_aux(desc);
    unsigned sel_a = rot & 1, sel_b = !(rot & 1), csr = fp_helper_enter(env);
    bool neg_i = rot >> 1, neg_r = (rot & 1) ^ (rot >> 1);
    uint64_t sign = UINT64_C(1) << ((8u << esz) - 1);
    SveVec d, n, m;
    SvePred p;

    sve_z_read(env, sve_desc_rd(desc), d.b);
    sve_z_read(env, sve_desc_rn(desc), n.b);
    sve_z_read(env, sve_desc_rm(desc), m.b);
    sve_pred_read(env, sve_desc_pg(desc), &p);
    for (unsigned e = 0; e < sve_nelem(env, esz) / 2; e++) {
        uint64_t a1 = sve_elt(&n, esz, 2 * e + sel_a);
        uint64_t a2 = sve_elt(&m, esz, 2 * e + sel_a) ^ (neg_r ? sign : 0);
        uint64_t b2 = sve_elt(&m, esz, 2 * e + sel_b) ^ (neg_i ? sign : 0);

        if (sve_pred_on(&p, esz, 2 * e))
            sve_elt_put(&d, esz, 2 * e,
                        fp_muladd(env, (int)esz, sve_elt(&d, esz, 2 * e), a1,
                                  a2, false, false));
        if (sve_pred_on(&p, esz, 2 * e + 1))
            sve_elt_put(&d, esz, 2 * e + 1,
                        fp_muladd(env, (int)esz, sve_elt(&d, esz, 2 * e + 1),
                                  a1, b2, false, false));
    }
    sve_z_write(env, sve_desc_rd(desc), d.b);
    fp_helper_leave(csr);
}

/* fadda's element loop, inlined with a constant esz for the host path. */
static inline __attribute__((always_inline)) uint64_t
fadda_loop(CPUARMState *env, FpBracket *b, uint64_t acc, const SveVec *m,
           const SvePred *p, bool host, unsigned esz)
{
    for (unsigned i = 0; i < sve_nelem(env, esz); i++)
        if (sve_pred_on(p, esz, i))
            acc = fp_elt(env, b, host, 0, esz, acc, sve_elt(m, esz, i));
    return acc;
}

/* FADDA: left to right from Vdn's element 0. */
static void fadda(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc);
    bool host = fp_host_ok(env, esz);
    FpBracket b = {false, 0};
    SveVec d, m;
    SvePred p;
    uint64_t acc;

    if (!host)
        fp_bracket_enter(env, &b);
    sve_z_read(env, sve_desc_rd(desc), d.b);
    sve_z_read(env, sve_desc_rm(desc), m.b);
    sve_pred_read(env, sve_desc_pg(desc), &p);
    acc = sve_elt(&d, esz, 0);
    if (host && esz == 2)
        acc = fadda_loop(env, &b, acc, &m, &p, true, 2);
    else if (host)
        acc = fadda_loop(env, &b, acc, &m, &p, true, 3);
    else
        acc = fadda_loop(env, &b, acc, &m, &p, false, esz);
    write_scalar(env, sve_desc_rd(desc), acc);
    fp_bracket_leave(env, &b, host);
}

/* SCVTF, UCVTF, FCVTZS, FCVTZU: each element of the larger of the two
 * sizes holds its value in the low bits; FP results are zero-extended. */
static void fcvt_int(CPUARMState *env, uint64_t desc)
{
    unsigned aux = sve_desc_aux(desc), fsz = aux & 3, isz = (aux >> 2) & 3;
    unsigned csz = fsz > isz ? fsz : isz, csr = fp_helper_enter(env);
    bool is_unsigned = aux & SVE_FCVT_UNSIGNED;
    SveVec d, n;
    SvePred p;

    sve_z_read(env, sve_desc_rd(desc), d.b);
    sve_z_read(env, sve_desc_rn(desc), n.b);
    sve_pred_read(env, sve_desc_pg(desc), &p);
    for (unsigned i = 0; i < sve_nelem(env, csz); i++) {
        uint64_t x = sve_elt(&n, csz, i), r;

        if (!sve_pred_on(&p, csz, i))
            continue;
        if (aux & SVE_FCVT_TO_INT) {
            /* Extend(FPToFixed(...), unsigned): a signed result widens
             * with its sign into the container. */
            r = fp_to_fixed(env, (int)fsz, x & elt_mask(fsz), 0, is_unsigned,
                            8 << isz, FPR_Z) &
                elt_mask(isz);
            if (!is_unsigned)
                r = (uint64_t)sve_elt_sext(r, isz);
        } else
            r = fp_from_fixed(env, (int)fsz, x & elt_mask(isz), 0, is_unsigned,
                              8 << isz);
        sve_elt_put(&d, csz, i, r);
    }
    sve_z_write(env, sve_desc_rd(desc), d.b);
    fp_helper_leave(csr);
}

/* FCVT between H, S and D: containers of the larger size; FPConvertSVE()
 * ignores FPCR.AHP. */
static void fcvt_fp(CPUARMState *env, uint64_t desc)
{
    unsigned aux = sve_desc_aux(desc), from = aux & 3, to = (aux >> 2) & 3;
    unsigned csz = from > to ? from : to, csr = fp_helper_enter(env);
    SveVec d, n;
    SvePred p;

    sve_z_read(env, sve_desc_rd(desc), d.b);
    sve_z_read(env, sve_desc_rn(desc), n.b);
    sve_pred_read(env, sve_desc_pg(desc), &p);
    for (unsigned i = 0; i < sve_nelem(env, csz); i++)
        if (sve_pred_on(&p, csz, i))
            sve_elt_put(&d, csz, i,
                        fp_convert_sve(env, (int)from, (int)to,
                                       sve_elt(&n, csz, i) & elt_mask(from)) &
                            elt_mask(to));
    sve_z_write(env, sve_desc_rd(desc), d.b);
    fp_helper_leave(csr);
}

/* SQINC ... UQDEC (scalar): x +- count, saturated to 32 or 64 bits
 * (SatQ); a 32-bit signed result is sign-extended to 64. */
static uint64_t satcnt(CPUARMState *env, uint64_t desc, uint64_t x)
{
    uint32_t aux = sve_desc_aux(desc);
    __int128 count = (__int128)pred_count(env, aux & 31, sve_desc_esz(desc)) *
                     (((aux >> 8) & 15) + 1);
    bool is_unsigned = aux & SVE_SAT_UNSIGNED, wide = aux & SVE_SAT_64;
    __int128 v, lo, hi;

    if (is_unsigned) {
        v = wide ? (__int128)x : (__int128)(uint32_t)x;
        lo = 0;
        hi = wide ? (__int128)UINT64_MAX : (__int128)UINT32_MAX;
    } else {
        v = wide ? (__int128)(int64_t)x : (__int128)(int32_t)x;
        lo = wide ? (__int128)INT64_MIN : (__int128)INT32_MIN;
        hi = wide ? (__int128)INT64_MAX : (__int128)INT32_MAX;
    }
    v = aux & SVE_SAT_DEC ? v - count : v + count;
    v = v < lo ? lo : v > hi ? hi : v;
    if (!wide && is_unsigned)
        return (uint32_t)v;
    return (uint64_t)(int64_t)v;
}

/* FADDV: the pairwise tree of the pseudocode's Reduce(), inactive
 * elements +0.0. */
static uint64_t faddv_tree(CPUARMState *env, unsigned esz, const uint64_t *v,
                           unsigned count)
{
    uint64_t lo, hi;

    if (count == 1)
        return v[0];
    lo = faddv_tree(env, esz, v, count / 2);
    hi = faddv_tree(env, esz, v + count / 2, count / 2);
    return fp_binop(env, FPOP_ADD, (int)esz, lo, hi);
}

static void faddv(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc), csr = fp_helper_enter(env);
    uint64_t v[SVE_VL_MAX_BYTES / 2];
    SveVec n;
    SvePred p;

    sve_z_read(env, sve_desc_rn(desc), n.b);
    sve_pred_read(env, sve_desc_pg(desc), &p);
    for (unsigned i = 0; i < sve_nelem(env, esz); i++)
        v[i] = sve_pred_on(&p, esz, i) ? sve_elt(&n, esz, i) : 0;
    write_scalar(env, sve_desc_rd(desc),
                 faddv_tree(env, esz, v, sve_nelem(env, esz)));
    fp_helper_leave(csr);
}

/* ---- shifts, unary operations, reductions ---- */

static uint64_t shift_one(unsigned op, unsigned esz, uint64_t x, uint64_t n)
{
    unsigned bits = 8u << esz;

    switch (op) {
    case 0:
        return (uint64_t)(sve_elt_sext(x, esz) >> (n >= bits ? bits - 1 : n));
    case 1: return n >= bits ? 0 : x >> n;
    case 2: /* ASRD: n in 1..bits; a negative x rounds toward zero */
        if (n >= 64)
            return 0;
        return (uint64_t)((sve_elt_sext(x, esz) +
                           (sve_elt_sext(x, esz) < 0
                                ? (int64_t)((UINT64_C(1) << n) - 1)
                                : 0)) >>
                          n);
    default: return n >= bits ? 0 : x << n; /* 3: LSL */
    }
}

/* ASR, LSR, LSL by an immediate or by Zm (the reversed forms shift Zm
 * by Zdn); predicated forms keep inactive elements. */
static void shift(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc), aux = sve_desc_aux(desc);
    unsigned op = aux & 7, amount = aux >> SVE_SHIFT_AMOUNT;
    SveVec d, n, m;
    SvePred p;

    sve_z_read(env, sve_desc_rd(desc), d.b);
    sve_z_read(env, sve_desc_rn(desc), n.b);
    sve_z_read(env, sve_desc_rm(desc), m.b);
    sve_pred_read(env, sve_desc_pg(desc), &p);
    for (unsigned i = 0; i < sve_nelem(env, esz); i++) {
        uint64_t x = sve_elt(&n, esz, i), y;

        if (!sve_pred_on(&p, esz, i))
            continue;
        y = aux & SVE_SHIFT_IMM ? amount : sve_elt(&m, esz, i);
        if (op & 4)
            sve_elt_put(&d, esz, i, shift_one(op & 3, esz, y, x));
        else
            sve_elt_put(&d, esz, i, shift_one(op, esz, x, y));
    }
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

static uint64_t unary_one(unsigned opc, unsigned esz, uint64_t x)
{
    unsigned bits = 8u << esz;
    int64_t sx = sve_elt_sext(x, esz);

    switch (opc) {
    case 0: return (uint64_t)(int64_t)(int8_t)x;
    case 1: return (uint8_t)x;
    case 2: return (uint64_t)(int64_t)(int16_t)x;
    case 3: return (uint16_t)x;
    case 4: return (uint64_t)(int64_t)(int32_t)x;
    case 5: return (uint32_t)x;
    case 6: return (uint64_t)(sx < 0 ? -sx : sx);
    case 7: return (uint64_t)0 - x;
    case 8: /* CLS: leading bits equal to the sign, the sign excluded */
        x = sx < 0 ? ~x : x;
        x &= elt_mask(esz);
        return x ? (uint64_t)(__builtin_clzll(x) - (64 - bits)) - 1 : bits - 1;
    case 9:
        x &= elt_mask(esz);
        return x ? (uint64_t)(__builtin_clzll(x) - (64 - bits)) : bits;
    case 10: return (uint64_t)__builtin_popcountll(x & elt_mask(esz));
    case 11: return (x & elt_mask(esz)) == 0;
    case 12: return x & ~(UINT64_C(1) << (bits - 1)); /* FABS */
    case 13: return x ^ (UINT64_C(1) << (bits - 1));  /* FNEG */
    default: return ~x;                               /* 14: NOT */
    }
}

static void unary(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc), opc = sve_desc_aux(desc);
    SveVec d, n;
    SvePred p;

    sve_z_read(env, sve_desc_rd(desc), d.b);
    sve_z_read(env, sve_desc_rn(desc), n.b);
    sve_pred_read(env, sve_desc_pg(desc), &p);
    for (unsigned i = 0; i < sve_nelem(env, esz); i++)
        if (sve_pred_on(&p, esz, i))
            sve_elt_put(&d, esz, i, unary_one(opc, esz, sve_elt(&n, esz, i)));
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

/* SMAXV ... ANDV: inactive elements count as the identity. */
static void reduce(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc), kind = sve_desc_aux(desc);
    uint64_t mask = elt_mask(esz), sign = UINT64_C(1) << ((8u << esz) - 1);
    uint64_t acc;
    SveVec n;
    SvePred p;

    switch (kind) {
    case SVE_RED_SMAX: acc = sign; break;
    case SVE_RED_SMIN: acc = sign - 1; break;
    case SVE_RED_UMIN:
    case SVE_RED_AND: acc = mask; break;
    default: acc = 0; break;
    }
    sve_z_read(env, sve_desc_rn(desc), n.b);
    sve_pred_read(env, sve_desc_pg(desc), &p);
    for (unsigned i = 0; i < sve_nelem(env, esz); i++) {
        uint64_t x = sve_elt(&n, esz, i);

        if (!sve_pred_on(&p, esz, i))
            continue;
        switch (kind) {
        case SVE_RED_SMAX:
            acc = sve_elt_sext(x, esz) > sve_elt_sext(acc, esz) ? x : acc;
            break;
        case SVE_RED_UMAX: acc = x > acc ? x : acc; break;
        case SVE_RED_SMIN:
            acc = sve_elt_sext(x, esz) < sve_elt_sext(acc, esz) ? x : acc;
            break;
        case SVE_RED_UMIN: acc = x < acc ? x : acc; break;
        case SVE_RED_OR: acc |= x; break;
        case SVE_RED_EOR: acc ^= x; break;
        default: acc &= x; break;
        }
    }
    write_scalar(env, sve_desc_rd(desc), acc & mask);
}

/* SDOT, UDOT: each element of Zda plus the four products of its quarter
 * elements of Zn and Zm. */
static void dot(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc), qsz = esz - 2;
    bool is_unsigned = sve_desc_aux(desc) & 1;
    SveVec d, n, m;

    sve_z_read(env, sve_desc_rd(desc), d.b);
    sve_z_read(env, sve_desc_rn(desc), n.b);
    sve_z_read(env, sve_desc_rm(desc), m.b);
    for (unsigned i = 0; i < sve_nelem(env, esz); i++) {
        uint64_t acc = sve_elt(&d, esz, i);

        for (unsigned k = 0; k < 4; k++) {
            uint64_t a = sve_elt(&n, qsz, 4 * i + k);
            uint64_t b = sve_elt(&m, qsz, 4 * i + k);

            acc +=
                is_unsigned
                    ? a * b
                    : (uint64_t)(sve_elt_sext(a, qsz) * sve_elt_sext(b, qsz));
        }
        sve_elt_put(&d, esz, i, acc);
    }
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

/* ---- permutes ---- */

/* Element index of ZIP/UZP/TRN's source for result element i: bit 8 set
 * for the second operand. n elements. */
unsigned sve_perm_src(unsigned opc, unsigned i, unsigned n)
{
    unsigned half = n / 2, pair = i / 2, odd = i & 1;

    switch (opc) {
    case 0: return (odd << 8) | pair;          /* ZIP1 */
    case 1: return (odd << 8) | (half + pair); /* ZIP2 */
    case 2:
    case 3: /* UZP1, UZP2: the even (odd) elements of Zn:Zm */
    {
        unsigned k = 2 * i + (opc & 1);

        return k < n ? k : (1u << 8) | (k - n);
    }
    case 4: return (odd << 8) | (i & ~1u); /* TRN1 */
    default: return (odd << 8) | (i | 1u); /* TRN2 */
    }
}

static void perm_z(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc), opc = sve_desc_aux(desc);
    unsigned n = sve_nelem(env, esz);
    SveVec d = {{0}}, a, b;

    sve_z_read(env, sve_desc_rn(desc), a.b);
    sve_z_read(env, sve_desc_rm(desc), b.b);
    for (unsigned i = 0; i < n; i++) {
        unsigned src = sve_perm_src(opc, i, n);

        sve_elt_put(&d, esz, i, sve_elt(src >> 8 ? &b : &a, esz, src & 0xff));
    }
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

/* A predicate element of esz: its 1 << esz bits. */
static unsigned pelt_get(const SvePred *p, unsigned esz, unsigned i)
{
    unsigned v = 0;

    for (unsigned b = 0; b < (1u << esz); b++)
        v |= (unsigned)sve_pbit(p->w, (i << esz) + b) << b;
    return v;
}

static void pelt_set(SvePred *p, unsigned esz, unsigned i, unsigned v)
{
    for (unsigned b = 0; b < (1u << esz); b++)
        sve_pset(p->w, (i << esz) + b, (v >> b) & 1);
}

static void perm_p(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc), opc = sve_desc_aux(desc);
    unsigned n = sve_nelem(env, esz);
    SvePred d, a, b;

    sve_pred_read(env, sve_desc_rn(desc), &a);
    sve_pred_read(env, sve_desc_rm(desc), &b);
    memset(&d, 0, sizeof(d));
    for (unsigned i = 0; i < n; i++) {
        unsigned src = sve_perm_src(opc, i, n);

        pelt_set(&d, esz, i, pelt_get(src >> 8 ? &b : &a, esz, src & 0xff));
    }
    pred_write(env, sve_desc_rd(desc), &d);
}

static void rev_z(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc), n = sve_nelem(env, esz);
    SveVec d = {{0}}, a;

    sve_z_read(env, sve_desc_rn(desc), a.b);
    for (unsigned i = 0; i < n; i++)
        sve_elt_put(&d, esz, i, sve_elt(&a, esz, n - 1 - i));
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

static void rev_p(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc), n = sve_nelem(env, esz);
    SvePred d, a;

    sve_pred_read(env, sve_desc_rn(desc), &a);
    memset(&d, 0, sizeof(d));
    for (unsigned i = 0; i < n; i++)
        pelt_set(&d, esz, i, pelt_get(&a, esz, n - 1 - i));
    pred_write(env, sve_desc_rd(desc), &d);
}

/* PUNPKLO/HI: the low (high) half's byte elements as halfword ones. */
static void punpk(CPUARMState *env, uint64_t desc)
{
    unsigned n = sve_nelem(env, 1), base = sve_desc_aux(desc) ? n : 0;
    SvePred d, a;

    sve_pred_read(env, sve_desc_rn(desc), &a);
    memset(&d, 0, sizeof(d));
    for (unsigned i = 0; i < n; i++)
        sve_pset(d.w, 2 * i, sve_pbit(a.w, base + i));
    pred_write(env, sve_desc_rd(desc), &d);
}

/* SUNPKLO/HI, UUNPKLO/HI: half-width elements of one half, extended. */
static void unpk(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc), aux = sve_desc_aux(desc);
    unsigned n = sve_nelem(env, esz), base = aux & 1 ? n : 0;
    SveVec d = {{0}}, a;

    sve_z_read(env, sve_desc_rn(desc), a.b);
    for (unsigned i = 0; i < n; i++) {
        uint64_t x = sve_elt(&a, esz - 1, base + i);

        sve_elt_put(&d, esz, i,
                    aux & 2 ? x : (uint64_t)sve_elt_sext(x, esz - 1));
    }
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

/* REVB, REVH, REVW: the bytes (halfwords, words) of each element
 * reversed, where Pg. */
static void revx(CPUARMState *env, uint64_t desc)
{
    unsigned esz = sve_desc_esz(desc), unit = sve_desc_aux(desc);
    unsigned parts = 1u << (esz - unit);
    SveVec d = {{0}}, a;
    SvePred p;

    sve_z_read(env, sve_desc_rd(desc), d.b);
    sve_z_read(env, sve_desc_rn(desc), a.b);
    sve_pred_read(env, sve_desc_pg(desc), &p);
    for (unsigned i = 0; i < sve_nelem(env, esz); i++) {
        uint64_t x = sve_elt(&a, esz, i), r = 0;
        unsigned w = 8u << unit;

        if (!sve_pred_on(&p, esz, i))
            continue;
        for (unsigned k = 0; k < parts; k++)
            r |= ((x >> (k * w)) & elt_mask(unit)) << ((parts - 1 - k) * w);
        sve_elt_put(&d, esz, i, r);
    }
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

uint64_t helper_sve_op(uint64_t envp, uint64_t desc, uint64_t a, uint64_t b)
{
    CPUARMState *env = (CPUARMState *)(uintptr_t)envp;
    unsigned esz = sve_desc_esz(desc);

    switch ((SveOp)sve_desc_op(desc)) {
    case SVE_OP_ADDSUB_ZZZ: zzz_apply(env, desc, sve_desc_aux(desc)); break;
    case SVE_OP_LOGIC_ZZZ: logic_zzz(env, desc); break;
    case SVE_OP_MOVPRFX: movprfx(env, desc); break;
    case SVE_OP_BINOP_ZPZZ: zzz_apply(env, desc, sve_desc_aux(desc)); break;
    case SVE_OP_ADDV: addv(env, desc); break;
    case SVE_OP_MLA: mla(env, desc); break;
    case SVE_OP_INDEX: fill(env, desc, a, b, false); break;
    case SVE_OP_INCDEC_Z: fill(env, desc, a, 0, true); break;
    case SVE_OP_DUP: fill(env, desc, a, 0, false); break;
    case SVE_OP_DUP_X: dup_x(env, desc); break;
    case SVE_OP_SEL_Z: sel_z(env, desc); break;
    case SVE_OP_CPY_I: cpy_imm(env, desc, a); break;
    case SVE_OP_SHIFT: shift(env, desc); break;
    case SVE_OP_UNARY: unary(env, desc); break;
    case SVE_OP_REDUCE: reduce(env, desc); break;
    case SVE_OP_PERM_Z: perm_z(env, desc); break;
    case SVE_OP_PERM_P: perm_p(env, desc); break;
    case SVE_OP_REV_Z: rev_z(env, desc); break;
    case SVE_OP_REV_P: rev_p(env, desc); break;
    case SVE_OP_PUNPK: punpk(env, desc); break;
    case SVE_OP_UNPK: unpk(env, desc); break;
    case SVE_OP_REVX: revx(env, desc); break;
    case SVE_OP_ARITH_IMM: arith_imm(env, desc, a); break;
    case SVE_OP_CMP: return cmp(env, desc, a);
    case SVE_OP_PTRUE: return ptrue(env, desc);
    case SVE_OP_PFALSE:
        memset(env->preg[sve_desc_rd(desc)], 0, sizeof(env->preg[0]));
        break;
    case SVE_OP_WHILE: return whilex(env, desc, a, b);
    case SVE_OP_PTEST: return ptest(env, desc);
    case SVE_OP_PLOGIC: return plogic(env, desc, b != 0);
    case SVE_OP_RDFFR: return rdffr(env, desc);
    case SVE_OP_WRFFR: wrffr(env, desc); break;
    case SVE_OP_FP_ZZZ:
    case SVE_OP_FP_ZPZZ: fp_zzz(env, desc); break;
    case SVE_OP_FMLA: fmla(env, desc); break;
    case SVE_OP_FADDV: faddv(env, desc); break;
    case SVE_OP_FCMP: fcmp(env, desc); break;
    case SVE_OP_FCVT: fcvt_int(env, desc); break;
    case SVE_OP_DOT: dot(env, desc); break;
    case SVE_OP_FCVT_FP: fcvt_fp(env, desc); break;
    case SVE_OP_FADDA: fadda(env, desc); break;
    case SVE_OP_FCMLA: fcmla(env, desc); break;
    case SVE_OP_SATCNT: return satcnt(env, desc, a);
    case SVE_OP_ELEMENTS: return pred_count(env, sve_desc_aux(desc), esz);
    default: break;
    }
    return 0;
}

/* ---- contiguous loads and stores ---- */

/* LD1 dtype: memory size log2, element size log2, sign-extending. */
static const uint8_t ld_msz[16] = {0, 0, 0, 0, 2, 1, 1, 1,
                                   1, 1, 2, 2, 0, 0, 0, 3};
static const uint8_t ld_esz[16] = {0, 1, 2, 3, 3, 1, 2, 3,
                                   3, 2, 2, 3, 3, 2, 1, 3};
static const uint8_t ld_signed[16] = {0, 0, 0, 0, 1, 0, 0, 0,
                                      1, 1, 0, 0, 1, 1, 1, 0};

/* LDFF1 past the first active element, LDNF1 everywhere: an element that
 * would fault is not read; it and the later ones leave the FFR. */
bool sve_may_read(CPUARMState *env, uint64_t addr, unsigned msz)
{
    return guest_readable(env, addr) &&
           guest_readable(env, addr + (1u << msz) - 1);
}

void sve_ffr_clear_from(CPUARMState *env, unsigned byte)
{
    for (unsigned i = byte; i < SVE_PL_MAX_BYTES * 8; i++)
        sve_pset(env->ffr, i, false);
}

/* Whether [addr, addr + len) lies in one guest page: one host pointer
 * then serves every element, and only the first access can fault. */
static bool one_page(uint64_t addr, uint64_t len)
{
    return (addr & (GUEST_PAGE_SIZE - 1)) + len <= GUEST_PAGE_SIZE;
}

/* Whether every element of size 1 << esz within the VL is active in p. */
static bool pred_all_active(const CPUARMState *env, const SvePred *p,
                            unsigned esz)
{
    for (unsigned w = 0; w * 64 < sve_vl_bytes(env); w++) {
        uint64_t want = sve_pred_esz_bits(esz) & sve_pred_vl_bits(env, w);

        if ((p->w[w] & want) != want)
            return false;
    }
    return true;
}

/* The number of active byte elements when they are a prefix of the
 * vector (WHILELO's predicates: small copies in glibc's __memcpy_sve),
 * else -1. Byte elements of a VL of at most 512 bits only. */
static int byte_prefix_len(const CPUARMState *env, const SvePred *p,
                           unsigned esz, unsigned msz)
{
    uint64_t bits;

    if (esz != 0 || msz != 0 || sve_vl_bytes(env) > 64)
        return -1;
    bits = p->w[0] & sve_pred_vl_bits(env, 0);
    if (bits & (bits + 1))
        return -1;
    return bits == ~UINT64_C(0) ? 64 : __builtin_ctzll(~bits);
}

/* The element loop of a one-page contiguous load, for one element and
 * memory size pair (inlined with constant sizes): inactive elements 0. */
static inline void load_elts(uint8_t *d, const uint8_t *src, const uint64_t *p,
                             unsigned n, unsigned esz, unsigned msz, bool sign)
{
    for (unsigned i = 0; i < n; i++) {
        uint64_t v = 0;

        if (sve_pbit(p, i << esz)) {
            memcpy(&v, src + ((size_t)i << msz), 1u << msz);
            if (sign)
                v = (uint64_t)sve_elt_sext(v, msz);
        }
        memcpy(d + ((size_t)i << esz), &v, 1u << esz);
    }
}

/* LD1 (and LDFF1: its later elements are on the first one's page, so
 * they cannot fault) within one page; false when the fast path does not
 * apply. The first access is the first active element's, as in load(). */
static bool load_one_page(CPUARMState *env, uint64_t desc, uint64_t addr)
{
    uint32_t aux = sve_desc_aux(desc);
    unsigned dtype = aux & 15, msz = ld_msz[dtype], esz = ld_esz[dtype];
    unsigned n = sve_nelem(env, esz);
    int64_t imm = (int8_t)(aux >> SVE_LD_IMM_SHIFT);
    bool sign = ld_signed[dtype], any = false;
    const uint8_t *src;
    int prefix;
    SveVec d;
    SvePred p;

    addr += (uint64_t)(imm * (int64_t)(n << msz));
    if ((aux & SVE_LD_NON_FAULT) || !one_page(addr, (uint64_t)n << msz))
        return false;
    sve_pred_read(env, sve_desc_pg(desc), &p);
    for (unsigned w = 0; w < (sve_vl_bytes(env) + 63) / 64; w++)
        any |=
            (p.w[w] & sve_pred_esz_bits(esz) & sve_pred_vl_bits(env, w)) != 0;
    if (!any) {
        /* No access (glibc's __memcpy_sve loads a second vector with an
         * empty predicate for every copy of up to 16 bytes): only the
         * VL's bytes are zeroed, a 256-byte memset cost more than the
         * rest of the call. */
        memset(d.b, 0, sve_vl_bytes(env));
        sve_z_write(env, sve_desc_rd(desc), d.b);
        return true;
    }
    src = guest_host_ptr(env, addr, (uint64_t)n << msz, GUEST_READ);
    prefix = byte_prefix_len(env, &p, esz, msz);
    if (prefix < 0 && esz == msz && !sign && pred_all_active(env, &p, esz))
        prefix = (int)(n << msz);
    if (prefix > 0) {
        /* The first byte first: a fault reports the first element, as
         * element order would (memcpy may start anywhere). */
        memset(d.b + prefix, 0, sve_vl_bytes(env) - (size_t)prefix);
        d.b[0] = *(const volatile uint8_t *)src;
        memcpy(d.b, src, (size_t)prefix);
    } else if (esz == msz && !sign) {
        switch (esz) {
        case 0: load_elts(d.b, src, p.w, n, 0, 0, false); break;
        case 1: load_elts(d.b, src, p.w, n, 1, 1, false); break;
        case 2: load_elts(d.b, src, p.w, n, 2, 2, false); break;
        default: load_elts(d.b, src, p.w, n, 3, 3, false); break;
        }
    } else {
        load_elts(d.b, src, p.w, n, esz, msz, sign);
    }
    sve_z_write(env, sve_desc_rd(desc), d.b);
    return true;
}

/* The element loop of a one-page contiguous store (see load_elts). */
static inline void store_elts(uint8_t *dst, const uint8_t *z, const uint64_t *p,
                              unsigned n, unsigned esz, unsigned msz)
{
    /* The active elements in order, by their predicate bits: one branch
     * per active element, not a guess per element. */
    for (unsigned w = 0; w * 64 < (n << esz); w++) {
        uint64_t bits = p[w] & sve_pred_esz_bits(esz);

        if ((n << esz) - w * 64 < 64)
            bits &= (UINT64_C(1) << ((n << esz) - w * 64)) - 1;
        for (; bits; bits &= bits - 1) {
            unsigned i = (w * 64 + (unsigned)__builtin_ctzll(bits)) >> esz;

            memcpy(dst + ((size_t)i << msz), z + ((size_t)i << esz), 1u << msz);
        }
    }
}

/* ST1 within one page (see load_one_page); false when it does not
 * apply. */
static bool store_one_page(CPUARMState *env, uint64_t desc, uint64_t addr)
{
    uint32_t aux = sve_desc_aux(desc);
    unsigned msz = aux & 3, esz = (aux >> 2) & 3, n = sve_nelem(env, esz);
    int64_t imm = (int8_t)(aux >> SVE_LD_IMM_SHIFT);
    bool any = false;
    int prefix;
    uint8_t *dst;
    SveVec d;
    SvePred p;

    addr += (uint64_t)(imm * (int64_t)(n << msz));
    if (!one_page(addr, (uint64_t)n << msz))
        return false;
    sve_pred_read(env, sve_desc_pg(desc), &p);
    for (unsigned w = 0; w < (sve_vl_bytes(env) + 63) / 64; w++)
        any |=
            (p.w[w] & sve_pred_esz_bits(esz) & sve_pred_vl_bits(env, w)) != 0;
    if (!any)
        return true;
    sve_z_read(env, sve_desc_rd(desc), d.b);
    dst = guest_host_ptr(env, addr, (uint64_t)n << msz, GUEST_WRITE);
    prefix = byte_prefix_len(env, &p, esz, msz);
    if (prefix < 0 && esz == msz && pred_all_active(env, &p, esz))
        prefix = (int)(n << msz);
    if (prefix > 0) {
        *(volatile uint8_t *)dst = d.b[0]; /* the first byte first */
        memcpy(dst, d.b, (size_t)prefix);
        return true;
    }
    switch (esz == msz ? esz : 4) {
    case 0: store_elts(dst, d.b, p.w, n, 0, 0); break;
    case 1: store_elts(dst, d.b, p.w, n, 1, 1); break;
    case 2: store_elts(dst, d.b, p.w, n, 2, 2); break;
    case 3: store_elts(dst, d.b, p.w, n, 3, 3); break;
    default: store_elts(dst, d.b, p.w, n, esz, msz); break;
    }
    return true;
}

/* addr keeps its tag byte (each access drops it). */
static void load(CPUARMState *env, uint64_t desc, uint64_t addr)
{
    uint32_t aux = sve_desc_aux(desc);
    unsigned dtype = aux & 15, msz = ld_msz[dtype], esz = ld_esz[dtype];
    unsigned n = sve_nelem(env, esz);
    int64_t imm = (int8_t)(aux >> SVE_LD_IMM_SHIFT);
    bool first = true;
    SveVec d;
    SvePred p;

    addr += (uint64_t)(imm * (int64_t)(n << msz));
    sve_z_read(env, sve_desc_rd(desc), d.b);
    sve_pred_read(env, sve_desc_pg(desc), &p);
    for (unsigned i = 0; i < n; i++) {
        uint64_t ea = addr + ((uint64_t)i << msz), v;

        if (!sve_pred_on(&p, esz, i)) {
            sve_elt_put(&d, esz, i, 0);
            continue;
        }
        if (((aux & SVE_LD_FIRST_FAULT) && !first) ||
            (aux & SVE_LD_NON_FAULT)) {
            if (!sve_may_read(env, arm_user_untag(ea), msz) ||
                !sve_mte_matches(env, ea, 1u << msz)) {
                sve_ffr_clear_from(env, i << esz);
                for (; i < n; i++)
                    sve_elt_put(&d, esz, i, 0);
                break;
            }
        }
        first = false;
        v = sve_mem_read(env, arm_user_untag(ea), msz);
        sve_elt_put(&d, esz, i,
                    ld_signed[dtype] ? (uint64_t)sve_elt_sext(v, msz) : v);
    }
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

static void store(CPUARMState *env, uint64_t desc, uint64_t addr)
{
    uint32_t aux = sve_desc_aux(desc);
    unsigned msz = aux & 3, esz = (aux >> 2) & 3, n = sve_nelem(env, esz);
    int64_t imm = (int8_t)(aux >> SVE_LD_IMM_SHIFT);
    SveVec d;
    SvePred p;

    addr += (uint64_t)(imm * (int64_t)(n << msz));
    sve_z_read(env, sve_desc_rd(desc), d.b);
    sve_pred_read(env, sve_desc_pg(desc), &p);
    for (unsigned i = 0; i < n; i++) {
        uint64_t ea = addr + ((uint64_t)i << msz), v = sve_elt(&d, esz, i);

        if (sve_pred_on(&p, esz, i))
            memcpy(guest_host_ptr(env, ea, 1u << msz, GUEST_WRITE), &v,
                   1u << msz);
    }
}

/* LD1R*: one element from addr + imm6 times its size, to every active
 * element; no access when none is active. */
static void load_replicate(CPUARMState *env, uint64_t desc, uint64_t addr)
{
    uint32_t aux = sve_desc_aux(desc);
    unsigned dtype = aux & 15, msz = ld_msz[dtype], esz = ld_esz[dtype];
    uint64_t v = 0;
    bool any = false;
    SveVec d;
    SvePred p;

    sve_pred_read(env, sve_desc_pg(desc), &p);
    for (unsigned i = 0; i < sve_nelem(env, esz); i++)
        any |= sve_pred_on(&p, esz, i);
    if (any) {
        v = sve_mem_read(env, addr + ((uint64_t)(aux >> 8) << msz), msz);
        if (ld_signed[dtype])
            v = (uint64_t)sve_elt_sext(v, msz);
    }
    for (unsigned i = 0; i < sve_nelem(env, esz); i++)
        sve_elt_put(&d, esz, i, sve_pred_on(&p, esz, i) ? v : 0);
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

/* LD2..LD4, ST2..ST4 (and LDNT1, STNT1: count 1): element i of register
 * r at addr + (i * count + r) << msz. */
static void load_store_n(CPUARMState *env, uint64_t desc, uint64_t addr,
                         bool st)
{
    uint32_t aux = sve_desc_aux(desc);
    unsigned msz = aux & 3, count = ((aux >> 2) & 3) + 1,
             n = sve_nelem(env, msz);
    int64_t imm = (int8_t)(aux >> SVE_LD_IMM_SHIFT);
    unsigned rd = sve_desc_rd(desc);
    SveVec z[4];
    SvePred p;

    /* aux bits 2-3: the register count less one (LDNT1 ... LD4). */
    addr += (uint64_t)(imm * (int64_t)(count * (n << msz)));
    sve_pred_read(env, sve_desc_pg(desc), &p);
    for (unsigned r = 0; r < count; r++)
        sve_z_read(env, (rd + r) % 32, z[r].b);
    for (unsigned i = 0; i < n; i++)
        for (unsigned r = 0; r < count; r++) {
            uint64_t ea = addr + ((uint64_t)(i * count + r) << msz);
            uint64_t v = sve_elt(&z[r], msz, i);

            if (!sve_pred_on(&p, msz, i))
                sve_elt_put(&z[r], msz, i, 0);
            else if (st)
                memcpy(guest_host_ptr(env, ea, 1u << msz, GUEST_WRITE), &v,
                       1u << msz);
            else
                sve_elt_put(&z[r], msz, i, sve_mem_read(env, ea, msz));
        }
    if (st)
        return;
    for (unsigned r = 0; r < count; r++)
        sve_z_write(env, (rd + r) % 32, z[r].b);
}

/* LDR, STR (vector, predicate): the register's bytes in order, at
 * addr + imm9 times its size; a load changes nothing when it faults. */
static void ldr_str(CPUARMState *env, uint64_t desc, uint64_t addr, bool st)
{
    uint32_t aux = sve_desc_aux(desc);
    bool pred = aux & SVE_LDR_PRED;
    unsigned len = pred ? sve_vl_bytes(env) / 8 : sve_vl_bytes(env);
    int64_t imm = (int64_t)(aux & 0x1ff) - (aux & 0x100 ? 0x200 : 0);
    unsigned rd = sve_desc_rd(desc);
    uint8_t buf[SVE_VL_MAX_BYTES];

    addr += (uint64_t)(imm * (int64_t)len);
    if (st) {
        if (pred)
            memcpy(buf, env->preg[rd], len);
        else
            sve_z_read(env, rd, buf);
    }
    for (unsigned i = 0; i < len; i++) {
        uint8_t *host =
            guest_host_ptr(env, addr + i, 1, st ? GUEST_WRITE : GUEST_READ);

        if (st)
            *host = buf[i];
        else
            buf[i] = *host;
    }
    if (st)
        return;
    if (pred) {
        memset(env->preg[rd], 0, sizeof(env->preg[rd]));
        memcpy(env->preg[rd], buf, len);
    } else {
        sve_z_write(env, rd, buf);
    }
}

/* Contiguous LD1/ST1 and LD2..4/ST2..4 (count registers): the tag check
 * of each active element, in the order of the accesses. LDFF1 checks
 * its first active element (load() asks for the later ones), LDNF1 none. */
static void mte_check_elements(CPUARMState *env, uint64_t desc, uint64_t addr,
                               unsigned msz, unsigned esz, unsigned count)
{
    uint32_t aux = sve_desc_aux(desc);
    bool st =
        sve_desc_op(desc) == SVE_OP_ST1 || sve_desc_op(desc) == SVE_OP_STN;
    bool ld1 = sve_desc_op(desc) == SVE_OP_LD1;
    unsigned n = sve_nelem(env, esz);
    int64_t imm = (int8_t)(aux >> SVE_LD_IMM_SHIFT);
    SvePred p;

    if (ld1 && (aux & SVE_LD_NON_FAULT))
        return;
    addr += (uint64_t)(imm * (int64_t)(count * (n << msz)));
    sve_pred_read(env, sve_desc_pg(desc), &p);
    for (unsigned i = 0; i < n; i++) {
        if (!sve_pred_on(&p, esz, i))
            continue;
        sve_mte_check(env, addr + ((uint64_t)i * count << msz),
                      (uint64_t)count << msz, st);
        if (ld1 && (aux & SVE_LD_FIRST_FAULT))
            return;
    }
}

/* MTE: every element an SVE access will make, checked against the tag of
 * the (tagged) addr before any is made, as qemu probes them first. */
static void mte_check_access(CPUARMState *env, uint64_t desc, uint64_t addr)
{
    uint32_t aux = sve_desc_aux(desc);
    unsigned dtype = aux & 15, len;
    int64_t imm;
    SvePred p;

    switch (sve_desc_op(desc)) {
    case SVE_OP_LD1:
        mte_check_elements(env, desc, addr, ld_msz[dtype], ld_esz[dtype], 1);
        break;
    case SVE_OP_ST1:
        mte_check_elements(env, desc, addr, aux & 3, (aux >> 2) & 3, 1);
        break;
    case SVE_OP_LDN:
    case SVE_OP_STN:
        mte_check_elements(env, desc, addr, aux & 3, aux & 3,
                           ((aux >> 2) & 3) + 1);
        break;
    case SVE_OP_LD1R:
        sve_pred_read(env, sve_desc_pg(desc), &p);
        for (unsigned i = 0; i < sve_nelem(env, ld_esz[dtype]); i++)
            if (sve_pred_on(&p, ld_esz[dtype], i)) {
                sve_mte_check(env,
                              addr + ((uint64_t)(aux >> 8) << ld_msz[dtype]),
                              1u << ld_msz[dtype], false);
                break;
            }
        break;
    default: /* LDR, STR */
        len = aux & SVE_LDR_PRED ? sve_vl_bytes(env) / 8 : sve_vl_bytes(env);
        imm = (int64_t)(aux & 0x1ff) - (aux & 0x100 ? 0x200 : 0);
        sve_mte_check(env, addr + (uint64_t)(imm * (int64_t)len), len,
                      sve_desc_op(desc) == SVE_OP_STR);
        break;
    }
}

uint64_t helper_sve_mem(uint64_t envp, uint64_t desc, uint64_t addr)
{
    CPUARMState *env = (CPUARMState *)(uintptr_t)envp;

    bool checking = sve_mte_checking(env);

    if (checking)
        mte_check_access(env, desc, addr);
    if (sve_desc_op(desc) == SVE_OP_LD1) {
        /* Tagged: LDFF1 and LDNF1 check their elements in load(). */
        if (checking || !load_one_page(env, desc, arm_user_untag(addr)))
            load(env, desc, addr);
        return 0;
    }
    addr = arm_user_untag(addr); /* the tag byte, as A64 loads drop it */
    switch (sve_desc_op(desc)) {
    case SVE_OP_ST1:
        if (!store_one_page(env, desc, addr))
            store(env, desc, addr);
        break;
    case SVE_OP_LDR: ldr_str(env, desc, addr, false); break;
    case SVE_OP_LD1R: load_replicate(env, desc, addr); break;
    case SVE_OP_LDN: load_store_n(env, desc, addr, false); break;
    case SVE_OP_STN: load_store_n(env, desc, addr, true); break;
    default: ldr_str(env, desc, addr, true); break;
    }
    return 0;
}
