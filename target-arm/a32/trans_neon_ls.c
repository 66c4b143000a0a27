/*
 * AArch32 Advanced SIMD element and structure loads and stores (VLD1-4,
 * VST1-4: multiple structures, one lane, all lanes; patterns in
 * neon_ls.decode). Alignment qualifiers fault before any access;
 * writeback follows the accesses. VLDR/VSTR/VLDM/VSTM are the VFP
 * translator's, not here.
 */
#include "target-arm/a32/helper_a32_neon.h"
#include "target-arm/a32/trans_neon.h"

#include "target-arm/a32/neon_ls.dec.c"

static const TCGHelper helper_info_neon_interleave = {
    "neon_interleave", (void *)helper_neon_interleave, TCG_CALL_NO_GLOBALS};

/* Rn, after an alignment check when align (bytes) > 1. */
static TCGv_i64 neon_ls_base(DisasContext *s, int64_t rn, int align,
                             bool is_store)
{
    TCGv_i64 addr = load_reg(s, (int)rn);

    if (align > 1) {
        tcg_gen_guest_check_align(addr, (uint64_t)align - 1, is_store);
    }
    return addr;
}

/* Rm = 15: none; 13: Rn += the transfer size; else Rn += Rm. */
static void neon_ls_writeback(DisasContext *s, int64_t rn, int64_t rm,
                              TCGv_i64 base, int bytes)
{
    if (rm == 15) {
        return;
    }
    if (rm == 13) {
        store_reg(s, (int)rn, gen_addr_add(base, bytes));
        return;
    }
    TCGv_i64 t = tcg_temp_new_i64();
    tcg_gen_add_i64(t, base, load_reg(s, (int)rm));
    tcg_gen_ext32u_i64(t, t);
    store_reg(s, (int)rn, t);
}

/* type -> structure size, registers per element, register spacing. */
typedef struct NeonMultiShape {
    int nelem, regs, inc;
} NeonMultiShape;

static bool neon_multi_shape(int type, NeonMultiShape *out)
{
    static const NeonMultiShape shapes[11] = {
        {4, 1, 1}, {4, 1, 2}, {1, 4, 1}, {2, 2, 2}, {3, 1, 1}, {3, 1, 2},
        {1, 3, 1}, {1, 1, 1}, {2, 1, 1}, {2, 1, 2}, {1, 2, 1},
    };
    if (type > 10) {
        return false;
    }
    *out = shapes[type];
    return true;
}

static bool trans_VLDST_multi(DisasContext *s, arg_VLDST_multi *a)
{
    NeonMultiShape sh;
    int esz = (int)a->size, align = (int)a->align;

    if (!neon_multi_shape((int)a->type, &sh)) {
        return false;
    }
    /* Reserved size/align combinations of each form. */
    if (sh.nelem == 1 && (sh.regs & 1) && (align & 2)) {
        return false;
    }
    if (sh.nelem == 1 && sh.regs == 2 && align == 3) {
        return false;
    }
    if (sh.nelem > 1 && esz == 3) {
        return false;
    }
    if ((sh.nelem == 2 && sh.regs == 1 && align == 3) ||
        (sh.nelem == 3 && (align & 2))) {
        return false;
    }
    int nregs = sh.nelem * sh.regs;
    int last = (int)a->vd + (sh.nelem - 1) * sh.inc + sh.regs - 1;
    if (last > 31) {
        return false;
    }
    int bytes = 8 * nregs;
    TCGv_i64 base = neon_ls_base(s, a->rn, align ? 4 << align : 1, !a->l);

    if (sh.nelem == 1) {
        /* VLD1/VST1: the registers' bytes in order, a whole Q register
         * (an even D pair) at a time where one is covered. */
        for (int r = 0; r < nregs; r++) {
            TCGv_i64 addr = gen_addr_add(base, 8 * r);
            int64_t dreg = a->vd + r;
            if (!(dreg & 1) && r + 1 < nregs) {
                if (a->l) {
                    tcg_gen_guest_ld_vec(neon_dofs(dreg), addr, 16);
                } else {
                    tcg_gen_guest_st_vec(neon_dofs(dreg), addr, 16);
                }
                r++;
                continue;
            }
            TCGv_i64 t = tcg_temp_new_i64();
            if (a->l) {
                gen_aa32_ld(s, t, addr, MO_64);
                tcg_gen_st_i64(t, tcg_env, neon_dofs(dreg));
            } else {
                tcg_gen_ld_i64(t, tcg_env, neon_dofs(dreg));
                gen_aa32_st(s, t, addr, MO_64);
            }
        }
    } else {
        uint64_t desc = (uint64_t)(a->vd | sh.inc << 5 | sh.nelem << 7 |
                                   esz << 10 | sh.regs << 12 | !a->l << 15);
        TCGv_i64 args[2] = {tcg_ptr_as_i64(tcg_env),
                            tcg_constant_i64((int64_t)desc)};
        int32_t stage = neon_dofs(2 * NEON_STAGE_D);

        if (!a->l) {
            tcg_gen_call(&helper_info_neon_interleave, NULL, 2, args);
        }
        for (int off = 0; off < bytes; off += 16) {
            unsigned chunk = bytes - off >= 16 ? 16 : 8;
            TCGv_i64 addr = gen_addr_add(base, off);
            if (a->l) {
                tcg_gen_guest_ld_vec(stage + off, addr, chunk);
            } else {
                tcg_gen_guest_st_vec(stage + off, addr, chunk);
            }
        }
        if (a->l) {
            tcg_gen_call(&helper_info_neon_interleave, NULL, 2, args);
        }
    }
    neon_ls_writeback(s, a->rn, a->rm, base, bytes);
    return true;
}

/* The register spacing and alignment (bytes) of a one-lane access;
 * false where index_align is reserved. */
static bool neon_lane_shape(int nelem, int esz, int ia, int *inc, int *align)
{
    int ebytes = 1 << esz;

    *inc = 1;
    *align = 1;
    if (esz == 1 && (ia & 2)) {
        *inc = 2;
    }
    if (esz == 2 && (ia & 4)) {
        *inc = 2;
    }
    switch (nelem) {
    case 1:
        if ((esz == 0 && (ia & 1)) || (esz == 1 && (ia & 2)) ||
            (esz == 2 && ((ia & 4) || ((ia & 3) != 0 && (ia & 3) != 3)))) {
            return false;
        }
        *inc = 1;
        *align = (ia & 1) ? ebytes : 1;
        return true;
    case 2:
        if (esz == 2 && (ia & 2)) {
            return false;
        }
        *align = (ia & 1) ? 2 * ebytes : 1;
        return true;
    case 3:
        if ((ia & 1) || (esz == 2 && (ia & 3))) {
            return false;
        }
        return true;
    default:
        if (esz == 2 && (ia & 3) == 3) {
            return false;
        }
        if (esz == 2) {
            *align = (ia & 3) ? 4 << (ia & 3) : 1;
        } else {
            *align = (ia & 1) ? 4 * ebytes : 1;
        }
        return true;
    }
}

static bool trans_VLDST_lane(DisasContext *s, arg_VLDST_lane *a)
{
    int esz = (int)a->size, nelem = (int)a->n + 1, inc, align;

    if (esz == 3 || !neon_lane_shape(nelem, esz, (int)a->ia, &inc, &align)) {
        return false;
    }
    if (a->vd + (nelem - 1) * inc > 31) {
        return false;
    }
    int idx = (int)a->ia >> (esz + 1), ebytes = 1 << esz;
    unsigned pos = (unsigned)(idx * ebytes * 8), len = 8u << esz;
    TCGv_i64 base = neon_ls_base(s, a->rn, align, !a->l);

    for (int k = 0; k < nelem; k++) {
        int64_t dreg = a->vd + k * inc;
        TCGv_i64 addr = gen_addr_add(base, k * ebytes);
        TCGv_i64 reg = tcg_temp_new_i64();
        TCGv_i64 e = tcg_temp_new_i64();

        tcg_gen_ld_i64(reg, tcg_env, neon_dofs(dreg));
        if (a->l) {
            gen_aa32_ld(s, e, addr, (MemOp)esz);
            if (len == 64) {
                tcg_gen_mov_i64(reg, e);
            } else {
                tcg_gen_deposit_i64(reg, reg, e, pos, len);
            }
            tcg_gen_st_i64(reg, tcg_env, neon_dofs(dreg));
        } else {
            tcg_gen_extract_i64(e, reg, pos, len);
            gen_aa32_st(s, e, addr, (MemOp)esz);
        }
    }
    neon_ls_writeback(s, a->rn, a->rm, base, nelem * ebytes);
    return true;
}

static bool trans_VLD_all(DisasContext *s, arg_VLD_all *a)
{
    int nelem = (int)a->n + 1, esz = (int)a->size;
    int regs = 1, inc = (int)a->t + 1, align = 1;

    switch (nelem) {
    case 1:
        if (esz == 3 || (esz == 0 && a->a)) {
            return false;
        }
        regs = (int)a->t + 1;
        inc = 1;
        align = a->a ? 1 << esz : 1;
        break;
    case 2:
        if (esz == 3) {
            return false;
        }
        align = a->a ? 2 << esz : 1;
        break;
    case 3:
        if (esz == 3 || a->a) {
            return false;
        }
        break;
    default:
        if (esz == 3 && !a->a) {
            return false;
        }
        align = !a->a ? 1 : esz == 3 ? 16 : esz == 2 ? 8 : 4 << esz;
        if (esz == 3) {
            esz = 2;
        }
        break;
    }
    int last = (int)a->vd + (nelem - 1) * inc + regs - 1;
    if (last > 31) {
        return false;
    }
    int ebytes = 1 << esz;
    TCGv_i64 base = neon_ls_base(s, a->rn, align, false);

    for (int k = 0; k < nelem; k++) {
        TCGv_i64 e = tcg_temp_new_i64();
        gen_aa32_ld(s, e, gen_addr_add(base, k * ebytes), (MemOp)esz);
        for (int r = 0; r < regs; r++) {
            tcg_gen_vec_dup_i64((unsigned)esz, 8, 8,
                                neon_dofs(a->vd + k * inc + r), e);
        }
    }
    neon_ls_writeback(s, a->rn, a->rm, base, nelem * ebytes);
    return true;
}

bool a32_decode_neon_ls(DisasContext *s, uint32_t insn)
{
    return neon_ls_decode(s, insn);
}

const char *a32_describe_neon_ls(uint32_t insn, char *buf, size_t len)
{
    return neon_ls_describe(insn, buf, len);
}
