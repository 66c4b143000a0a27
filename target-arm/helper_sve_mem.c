/*
 * FEAT_SVE gather loads, scatter stores and LD1RQ (helper_sve_mem.h):
 * element by element in element order, as the Arm pseudocode states
 * them, so a fault is the first active faulting element's. No IR.
 */
#include "target-arm/helper_sve_mem.h"

#include <string.h>

#include "target-arm/sve.h"
#include "target-arm/sve_mte.h"
#include "tcg/guest_mem.h"

static uint64_t zelt(const uint8_t *z, unsigned esz, unsigned i)
{
    uint64_t v = 0;

    memcpy(&v, z + (i << esz), 1u << esz);
    return v;
}

static void zelt_set(uint8_t *z, unsigned esz, unsigned i, uint64_t v)
{
    memcpy(z + (i << esz), &v, 1u << esz);
}

/* Pg (desc's pg) with element i of size 1 << esz active. */
static bool elt_active(const CPUARMState *env, uint64_t desc, unsigned esz,
                       unsigned i)
{
    return sve_pbit(env->preg[sve_desc_pg(desc)], i << esz);
}

/* Element e's address from the offset (or base vector) element m and
 * base, its tag byte kept (each element may carry its own tag). */
static uint64_t gs_tagged_addr(uint32_t aux, unsigned msz, uint64_t m,
                               uint64_t base)
{
    unsigned kind = (aux >> SVE_GS_KIND_SHIFT) & 3;
    unsigned shift = aux & SVE_GS_SCALED ? msz : 0;
    uint64_t addr;

    switch (kind) {
    case SVE_GS_VEC_IMM: addr = m + base; break;
    case SVE_GS_OFF64: addr = base + (m << shift); break;
    case SVE_GS_UXTW: addr = base + ((uint64_t)(uint32_t)m << shift); break;
    default: addr = base + ((uint64_t)(int64_t)(int32_t)m << shift); break;
    }
    return addr;
}

/* The same without the tag byte once tagged pointers may exist. */
static uint64_t gs_addr(uint32_t aux, unsigned msz, uint64_t m, uint64_t base)
{
    return arm_user_untag(gs_tagged_addr(aux, msz, m, base));
}

/* MTE: the tag check of every active element (an LDFF1 gather: its first
 * one) before any access, in element order, as qemu probes them. */
static void mte_check_gs(CPUARMState *env, uint64_t desc, uint64_t base)
{
    uint32_t aux = sve_desc_aux(desc);
    unsigned esz = sve_desc_esz(desc), msz = aux & 3;
    unsigned n = sve_vl_bytes(env) >> esz;
    uint8_t zm[SVE_VL_MAX_BYTES];

    sve_z_read(env, sve_desc_rm(desc), zm);
    for (unsigned i = 0; i < n; i++) {
        if (!elt_active(env, desc, esz, i))
            continue;
        sve_mte_check(env, gs_tagged_addr(aux, msz, zelt(zm, esz, i), base),
                      1u << msz, sve_desc_op(desc) == SVE_MEM_SCATTER);
        if (aux & SVE_GS_FF)
            return;
    }
}

/* MTE: LD1RQ (seg 16), LD1RO (seg 32), the active elements of the
 * segment at the tagged addr. */
static void mte_check_segment(CPUARMState *env, uint64_t desc, uint64_t addr,
                              unsigned seg)
{
    unsigned esz = sve_desc_esz(desc);

    for (unsigned i = 0; i < seg >> esz; i++)
        if (elt_active(env, desc, esz, i))
            sve_mte_check(env, addr + ((uint64_t)i << esz), 1u << esz, false);
}

/* The 1 << msz bytes v as an element: zero- or sign-extended. */
static uint64_t extend(uint64_t v, unsigned msz, bool sign)
{
    unsigned shift = 64 - (8u << msz);

    return sign ? (uint64_t)((int64_t)(v << shift) >> shift) : v;
}

/* LD1*, LD1S*, LDFF1* (gather): inactive elements zero; the FF forms
 * fault only at the first active element, a later unreadable one clears
 * the FFR (and zeroes Zt) from it on. Zt is written after every access,
 * so a fault leaves it as it was. */
static inline __attribute__((always_inline)) void
gather_loop(CPUARMState *env, uint64_t desc, uint64_t base, const uint8_t *zm,
            uint8_t *zt, unsigned esz, unsigned msz)
{
    uint32_t aux = sve_desc_aux(desc);
    unsigned n = sve_vl_bytes(env) >> esz;
    bool first = true;

    for (unsigned i = 0; i < n; i++) {
        uint64_t ea;

        if (!elt_active(env, desc, esz, i))
            continue;
        ea = gs_addr(aux, msz, zelt(zm, esz, i), base);
        if ((aux & SVE_GS_FF) && !first &&
            (!sve_may_read(env, ea, msz) ||
             !sve_mte_matches(env,
                              gs_tagged_addr(aux, msz, zelt(zm, esz, i), base),
                              1u << msz))) {
            sve_ffr_clear_from(env, i << esz);
            break;
        }
        first = false;
        zelt_set(zt, esz, i,
                 extend(sve_mem_read(env, ea, msz), msz, aux & SVE_GS_SIGNED));
    }
}

/* The element loop inlined with constant sizes for the same-size forms. */
static void gather(CPUARMState *env, uint64_t desc, uint64_t base)
{
    unsigned esz = sve_desc_esz(desc), msz = sve_desc_aux(desc) & 3;
    uint8_t zm[SVE_VL_MAX_BYTES], zt[SVE_VL_MAX_BYTES];

    sve_z_read(env, sve_desc_rm(desc), zm);
    memset(zt, 0, sizeof(zt));
    if (esz == 2 && msz == 2)
        gather_loop(env, desc, base, zm, zt, 2, 2);
    else if (esz == 3 && msz == 3)
        gather_loop(env, desc, base, zm, zt, 3, 3);
    else
        gather_loop(env, desc, base, zm, zt, esz, msz);
    sve_z_write(env, sve_desc_rd(desc), zt);
}

static void store_elt(CPUARMState *env, uint64_t ea, unsigned msz, uint64_t v)
{
    memcpy(guest_host_ptr(env, ea, 1u << msz, GUEST_WRITE), &v, 1u << msz);
}

/* ST1* (scatter): the low 1 << msz bytes of each active element, in
 * element order. An element whose bytes are not all mapped readable is
 * stored first (faulting there, as qemu's probe does, before any other
 * element is written); were it to succeed, the ordered pass rewrites it. */
static void scatter(CPUARMState *env, uint64_t desc, uint64_t base)
{
    uint32_t aux = sve_desc_aux(desc);
    unsigned esz = sve_desc_esz(desc), msz = aux & 3;
    unsigned n = sve_vl_bytes(env) >> esz;
    uint8_t zm[SVE_VL_MAX_BYTES], zt[SVE_VL_MAX_BYTES];

    sve_z_read(env, sve_desc_rm(desc), zm);
    sve_z_read(env, sve_desc_rd(desc), zt);
    for (int pass = 0; pass < 2; pass++)
        for (unsigned i = 0; i < n; i++) {
            uint64_t ea;

            if (!elt_active(env, desc, esz, i))
                continue;
            ea = gs_addr(aux, msz, zelt(zm, esz, i), base);
            if (pass == 1 || !sve_may_read(env, ea, msz))
                store_elt(env, ea, msz, zelt(zt, esz, i));
        }
}

/* LD1RQ* (seg 16), LD1RO* (seg 32): the active elements of the first seg
 * bytes from addr (the rest zero), that segment replicated over Zt. */
static void ld1rq(CPUARMState *env, uint64_t desc, uint64_t addr, unsigned seg)
{
    unsigned esz = sve_desc_esz(desc), vl = sve_vl_bytes(env);
    uint8_t zt[SVE_VL_MAX_BYTES];

    memset(zt, 0, seg);
    for (unsigned i = 0; i < seg >> esz; i++)
        if (elt_active(env, desc, esz, i))
            zelt_set(zt, esz, i,
                     sve_mem_read(env, addr + ((uint64_t)i << esz), esz));
    for (unsigned off = seg; off < vl; off += seg)
        memcpy(zt + off, zt, seg);
    sve_z_write(env, sve_desc_rd(desc), zt);
}

uint64_t helper_sve_gs(uint64_t envp, uint64_t desc, uint64_t base)
{
    CPUARMState *env = (CPUARMState *)(uintptr_t)envp;
    unsigned op = sve_desc_op(desc);

    if (sve_mte_checking(env) && op <= SVE_MEM_SCATTER)
        mte_check_gs(env, desc, base);
    else if (sve_mte_checking(env))
        mte_check_segment(env, desc, base, op == SVE_MEM_LD1RO ? 32 : 16);
    switch (op) {
    case SVE_MEM_GATHER: gather(env, desc, base); break;
    case SVE_MEM_SCATTER: scatter(env, desc, base); break;
    case SVE_MEM_LD1RO: ld1rq(env, desc, arm_user_untag(base), 32); break;
    default: ld1rq(env, desc, arm_user_untag(base), 16); break;
    }
    return 0;
}
