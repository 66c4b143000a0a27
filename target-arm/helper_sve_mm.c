/*
 * The SVE forms of BF16, I8MM, F32MM and F64MM: per 128-bit segment (the
 * .D FMMLA: 256-bit) on copies of Z at the thread's VL, BFloat16 and FP
 * element cores from helper_feat.c and helper_fp.c. No IR, no memory.
 */
#include "target-arm/helper_sve_mm.h"

#include <string.h>

#include "target-arm/helper_feat.h"
#include "target-arm/helper_fp.h"
#include "target-arm/sve.h"

/* The three operands of desc (d also the accumulator). */
static void read3(CPUARMState *env, uint64_t desc, SveVec *d, SveVec *n,
                  SveVec *m)
{
    sve_z_read(env, sve_desc_rd(desc), d->b);
    sve_z_read(env, sve_desc_rn(desc), n->b);
    sve_z_read(env, sve_desc_rm(desc), m->b);
}

/* The .S element of Zm paired with element i: i itself, or the index'th
 * of i's 128-bit segment (the by-element forms). */
static unsigned m_word(uint32_t aux, unsigned i)
{
    return aux & SVE_MM_BY_ELEM ? (i & ~3u) + (aux & 7) : i;
}

/* ---- BF16 ---- */

/* BFCVT: .S to BF16 in the even halves (the odd ones zero); BFCVTNT: in
 * the odd halves, the even ones kept. Inactive elements are kept. */
static void bfcvt(CPUARMState *env, uint64_t desc)
{
    bool nt = sve_desc_aux(desc) & 1;
    unsigned pg = sve_desc_pg(desc);
    SveVec d, n;

    sve_z_read(env, sve_desc_rd(desc), d.b);
    sve_z_read(env, sve_desc_rn(desc), n.b);
    for (unsigned i = 0; i < sve_vl_bytes(env) / 4; i++) {
        uint16_t h;

        if (!sve_pbit(env->preg[pg], i * 4))
            continue;
        h = feat_bf_convert(env, (uint32_t)sve_elt(&n, 2, i));
        if (nt)
            sve_elt_put(&d, 1, 2 * i + 1, h);
        else
            sve_elt_put(&d, 2, i, h);
    }
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

static void bfdot(CPUARMState *env, uint64_t desc)
{
    uint32_t aux = sve_desc_aux(desc);
    SveVec d, n, m;

    read3(env, desc, &d, &n, &m);
    for (unsigned i = 0; i < sve_vl_bytes(env) / 4; i++)
        sve_elt_put(&d, 2, i,
                    feat_bf_dot_add((uint32_t)sve_elt(&d, 2, i),
                                    (uint32_t)sve_elt(&n, 2, i),
                                    (uint32_t)sve_elt(&m, 2, m_word(aux, i))));
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

/* BFMLALB/T: FPMulAdd() of the even (odd) BF16 elements, widened; the
 * by-element forms take half index of each 128-bit segment of Zm. */
static void bfmlal(CPUARMState *env, uint64_t desc)
{
    uint32_t aux = sve_desc_aux(desc);
    unsigned top = aux & SVE_MM_TOP ? 1 : 0;
    SveVec d, n, m;

    read3(env, desc, &d, &n, &m);
    for (unsigned i = 0; i < sve_vl_bytes(env) / 4; i++) {
        unsigned mi =
            aux & SVE_MM_BY_ELEM ? (2 * i & ~7u) + (aux & 7) : 2 * i + top;
        uint64_t a = sve_elt(&n, 1, 2 * i + top) << 16, b = sve_elt(&m, 1, mi)
                                                            << 16;

        sve_elt_put(
            &d, 2, i,
            fp_muladd(env, FP_S, sve_elt(&d, 2, i), a, b, false, false));
    }
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

/* BFMMLA: in each 128-bit segment, Zda (2x2 of S) += Zn (2x4 BF16) times
 * the transpose of Zm, pair by pair with BFDotAdd(). */
static void bfmmla(CPUARMState *env, uint64_t desc)
{
    SveVec d, n, m;

    read3(env, desc, &d, &n, &m);
    for (unsigned s = 0; s < sve_vl_bytes(env) / 4; s += 4)
        for (unsigned i = 0; i < 2; i++)
            for (unsigned j = 0; j < 2; j++) {
                uint32_t sum = (uint32_t)sve_elt(&d, 2, s + 2 * i + j);

                for (unsigned k = 0; k < 2; k++)
                    sum = feat_bf_dot_add(
                        sum, (uint32_t)sve_elt(&n, 2, s + 2 * i + k),
                        (uint32_t)sve_elt(&m, 2, s + 2 * j + k));
                sve_elt_put(&d, 2, s + 2 * i + j, sum);
            }
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

/* FMMLA (FPMatMulAdd()): in each segment of four elements, Zda (2x2) +=
 * Zn (2x2) times the transpose of Zm, the products rounded, then their
 * sum, then the accumulation (not fused). Segments are 128 (.S) or 256
 * bits (.D; the translator makes VL 128 UNDEFINED). */
static void fmmla(CPUARMState *env, uint64_t desc)
{
    int esz = (int)sve_desc_esz(desc);
    unsigned n_elts = sve_vl_bytes(env) >> esz;
    SveVec d, n, m;

    read3(env, desc, &d, &n, &m);
    for (unsigned s = 0; s < n_elts; s += 4)
        for (unsigned i = 0; i < 2; i++)
            for (unsigned j = 0; j < 2; j++) {
                uint64_t p0 =
                    fp_binop(env, FPOP_MUL, esz, sve_elt(&n, esz, s + 2 * i),
                             sve_elt(&m, esz, s + 2 * j));
                uint64_t p1 = fp_binop(env, FPOP_MUL, esz,
                                       sve_elt(&n, esz, s + 2 * i + 1),
                                       sve_elt(&m, esz, s + 2 * j + 1));
                uint64_t sum = fp_binop(env, FPOP_ADD, esz, p0, p1);

                sve_elt_put(&d, esz, s + 2 * i + j,
                            fp_binop(env, FPOP_ADD, esz,
                                     sve_elt(&d, esz, s + 2 * i + j), sum));
            }
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

/* ---- I8MM ---- */

static int32_t byte_of(const SveVec *z, unsigned i, bool is_unsigned)
{
    return is_unsigned ? (int32_t)z->b[i] : (int32_t)(int8_t)z->b[i];
}

/* The dot product of the len bytes of n from ni and of m from mi. */
static uint32_t byte_dot(const SveVec *n, unsigned ni, const SveVec *m,
                         unsigned mi, unsigned len, uint32_t aux)
{
    int32_t sum = 0;

    for (unsigned k = 0; k < len; k++)
        sum += byte_of(n, ni + k, aux & SVE_MM_N_UNSIGNED) *
               byte_of(m, mi + k, aux & SVE_MM_M_UNSIGNED);
    return (uint32_t)sum;
}

/* SMMLA, UMMLA, USMMLA: in each 128-bit segment, Zda (2x2 of S) += Zn
 * (2x8 bytes) times the transpose of Zm (modulo 2^32). */
static void immla(CPUARMState *env, uint64_t desc)
{
    uint32_t aux = sve_desc_aux(desc);
    SveVec d, n, m;

    read3(env, desc, &d, &n, &m);
    for (unsigned s = 0; s < sve_vl_bytes(env); s += 16)
        for (unsigned i = 0; i < 2; i++)
            for (unsigned j = 0; j < 2; j++) {
                unsigned e = s / 4 + 2 * i + j;

                sve_elt_put(&d, 2, e,
                            (uint32_t)sve_elt(&d, 2, e) +
                                byte_dot(&n, s + 8 * i, &m, s + 8 * j, 8, aux));
            }
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

/* USDOT, SUDOT: each .S += the dot product of its four bytes of Zn and
 * of Zm's matching (or indexed) word. */
static void mixed_dot(CPUARMState *env, uint64_t desc)
{
    uint32_t aux = sve_desc_aux(desc);
    SveVec d, n, m;

    read3(env, desc, &d, &n, &m);
    for (unsigned i = 0; i < sve_vl_bytes(env) / 4; i++)
        sve_elt_put(&d, 2, i,
                    (uint32_t)sve_elt(&d, 2, i) +
                        byte_dot(&n, 4 * i, &m, 4 * m_word(aux, i), 4, aux));
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

/* ---- F64MM: ZIP1 ... TRN2 of 128-bit elements ---- */

/* Over the largest multiple of 256 bits in VL; the 128 bits past it (VL
 * an odd number of quadwords) become zero. */
static void perm_q(CPUARMState *env, uint64_t desc)
{
    unsigned opc = sve_desc_aux(desc), n = (sve_vl_bytes(env) / 16) & ~1u;
    SveVec d = {{0}}, a, b;

    sve_z_read(env, sve_desc_rn(desc), a.b);
    sve_z_read(env, sve_desc_rm(desc), b.b);
    for (unsigned i = 0; i < n; i++) {
        unsigned src = sve_perm_src(opc, i, n);

        memcpy(d.b + 16 * i, (src >> 8 ? &b : &a)->b + 16 * (src & 0xff), 16);
    }
    sve_z_write(env, sve_desc_rd(desc), d.b);
}

uint64_t helper_sve_mm(uint64_t envp, uint64_t desc)
{
    CPUARMState *env = (CPUARMState *)(uintptr_t)envp;
    unsigned csr = fp_helper_enter(env);

    switch ((SveMmOp)sve_desc_op(desc)) {
    case SVE_MM_BFCVT: bfcvt(env, desc); break;
    case SVE_MM_BFDOT: bfdot(env, desc); break;
    case SVE_MM_BFMLAL: bfmlal(env, desc); break;
    case SVE_MM_BFMMLA: bfmmla(env, desc); break;
    case SVE_MM_FMMLA: fmmla(env, desc); break;
    case SVE_MM_IMMLA: immla(env, desc); break;
    case SVE_MM_DOT: mixed_dot(env, desc); break;
    case SVE_MM_PERM_Q: perm_q(env, desc); break;
    }
    fp_helper_leave(csr);
    return 0;
}
