/*
 * A64 SIMD&FP loads and stores: moves between guest memory and V registers
 * (env->v[n], little-endian lanes) and the Advanced SIMD structure forms.
 * Decoding stays in ldst.decode / trans_ldst.c; nothing here is host code.
 */
#include "target-arm/a64/translate.h"
#include "target-arm/a64/ldst_internal.h"

/* ---- V register pieces ---- */

static void vec_write_d(int reg, int half, TCGv_i64 val)
{
    tcg_gen_st_i64(val, tcg_env, vreg_offset(reg) + half * 8);
}

static TCGv_i64 vec_read_d(int reg, int half)
{
    TCGv_i64 val = tcg_temp_new_i64();

    tcg_gen_ld_i64(val, tcg_env, vreg_offset(reg) + half * 8);
    return val;
}

/* Lane idx (1 << size bytes) of Vreg, zero-extended. */
static TCGv_i64 vec_read_lane(int reg, int idx, int size)
{
    int bit = (idx << size) % 8 * 8;
    TCGv_i64 val = vec_read_d(reg, (idx << size) / 8);

    if (size < 3)
        tcg_gen_extract_i64(val, val, bit, 8 << size);
    return val;
}

/* Lane idx of Vreg = low bits of val; the other lanes keep their value. */
static void vec_write_lane(int reg, int idx, int size, TCGv_i64 val)
{
    int ofs = vreg_elem_offset(reg, idx, size);
    TCGv_i64 word;

    switch (size) {
    case 0: tcg_gen_st8_i64(val, tcg_env, ofs); break;
    case 2: tcg_gen_st32_i64(val, tcg_env, ofs); break;
    case 3: tcg_gen_st_i64(val, tcg_env, ofs); break;
    default: /* no 16-bit store to env: merge into the 64-bit word */
        word = vec_read_d(reg, idx / 4);
        tcg_gen_deposit_i64(word, word, val, idx % 4 * 16, 16);
        vec_write_d(reg, idx / 4, word);
        break;
    }
}

/* ---- single-register moves (LDR/STR/LDP/STP of B/H/S/D/Q) ---- */

/* size: 0-3 for B, H, S, D, 4 for Q; the bytes go straight between guest
 * memory and the vector register (a load zeroes the rest of it). */
void ldst_vec_load(DisasContext *s, int rt, int size, TCGv_i64 addr)
{
    (void)s;
    tcg_gen_guest_ld_vec(vreg_offset(rt), addr, 1u << size);
}

void ldst_vec_store(DisasContext *s, int rt, int size, TCGv_i64 addr)
{
    (void)s;
    tcg_gen_guest_st_vec(vreg_offset(rt), addr, 1u << size);
}

/* ---- multiple structures: LD1-LD4, ST1-ST4 ---- */

/* Registers per structure (selem) and repeats (rpt) for each opcode. */
static bool mult_layout(int opcode, int *rpt, int *selem)
{
    static const signed char table[16][2] = {
        [0x0] = {1, 4}, [0x2] = {4, 1}, [0x4] = {1, 3}, [0x6] = {3, 1},
        [0x7] = {1, 1}, [0x8] = {1, 2}, [0xa] = {2, 1},
    };

    *rpt = table[opcode][0];
    *selem = table[opcode][1];
    return *rpt != 0;
}

static TCGv_i64 addr_plus(TCGv_i64 base, int64_t ofs)
{
    TCGv_i64 addr = tcg_temp_new_i64();

    tcg_gen_addi_i64(addr, base, ofs);
    return addr;
}

/*
 * LD1/ST1 of 1-4 registers: memory holds the registers back to back, so
 * whatever the element size they move as 64-bit halves (little-endian).
 */
static void gen_mult_consecutive(const LdstStructArgs *a, int nregs,
                                 TCGv_i64 base)
{
    int halves = a->q ? 2 : 1;

    for (int r = 0; r < nregs; r++) {
        int reg = (a->rt + r) % 32;
        TCGv_i64 val[2];

        for (int h = 0; h < halves; h++) {
            TCGv_i64 addr = addr_plus(base, (r * halves + h) * 8);

            if (a->ld) {
                val[h] = tcg_temp_new_i64();
                tcg_gen_guest_ld_i64(val[h], addr, MO_64);
            } else {
                tcg_gen_guest_st_i64(vec_read_d(reg, h), addr, MO_64);
            }
        }
        if (!a->ld)
            continue;
        for (int h = 0; h < halves; h++)
            vec_write_d(reg, h, val[h]);
        if (!a->q)
            clear_vreg_high(reg);
    }
}

/*
 * LD2-LD4/ST2-ST4: element e of register k is at (e * selem + k) * esize.
 * Loads gather each register's 64-bit halves in temps, then write them.
 */
static void gen_mult_interleaved(const LdstStructArgs *a, int selem,
                                 TCGv_i64 base)
{
    int ebytes = 1 << a->size;
    int elements = (a->q ? 16 : 8) / ebytes;
    int halves = a->q ? 2 : 1;
    TCGv_i64 part[4][2];

    for (int k = 0; k < selem; k++) {
        for (int h = 0; h < halves; h++) {
            int reg = (a->rt + k) % 32;

            if (a->ld) {
                part[k][h] = tcg_temp_new_i64();
                tcg_gen_movi_i64(part[k][h], 0);
            } else {
                part[k][h] = vec_read_d(reg, h);
            }
        }
    }
    for (int e = 0; e < elements; e++) {
        int h = e * ebytes / 8, bit = e * ebytes % 8 * 8;

        for (int k = 0; k < selem; k++) {
            TCGv_i64 addr = addr_plus(base, (e * selem + k) * ebytes);
            TCGv_i64 elem = tcg_temp_new_i64();

            if (a->ld) {
                tcg_gen_guest_ld_i64(elem, addr, (MemOp)a->size);
                if (ebytes == 8)
                    tcg_gen_mov_i64(part[k][h], elem);
                else
                    tcg_gen_deposit_i64(part[k][h], part[k][h], elem, bit,
                                        ebytes * 8);
            } else {
                tcg_gen_shri_i64(elem, part[k][h], bit);
                tcg_gen_guest_st_i64(elem, addr, (MemOp)a->size);
            }
        }
    }
    if (!a->ld)
        return;
    for (int k = 0; k < selem; k++) {
        int reg = (a->rt + k) % 32;

        for (int h = 0; h < halves; h++)
            vec_write_d(reg, h, part[k][h]);
        if (!a->q)
            clear_vreg_high(reg);
    }
}

bool ldst_simd_multiple(DisasContext *s, const LdstStructArgs *a)
{
    int rpt, selem;
    TCGv_i64 base, at;

    if (!mult_layout(a->opcode, &rpt, &selem))
        return false;
    if (a->size == 3 && !a->q && selem > 1)
        return false;
    base = ldst_base(s, a->rn);
    at = gen_mte_access(s, base, (unsigned)(rpt * selem * (a->q ? 16 : 8)),
                        !a->ld, a->post || a->rn != 31);
    if (selem == 1)
        gen_mult_consecutive(a, rpt, at);
    else
        gen_mult_interleaved(a, selem, at);
    if (a->post)
        ldst_post_writeback(s, a->rn, base, a->rm,
                            (int64_t)rpt * selem * (a->q ? 16 : 8));
    return true;
}

/* ---- single structure: one lane, or replicated to all lanes ---- */

/* Registers per structure: opcode<0>:R + 1. */
static int single_selem(const LdstStructArgs *a)
{
    return ((a->opcode & 1) << 1 | a->r) + 1;
}

/* Element size (log2) and lane index of a one-lane form; false: UNDEF. */
static bool single_lane(const LdstStructArgs *a, int *scale, int *index)
{
    *scale = a->opcode >> 1;
    switch (*scale) {
    case 0: *index = a->q << 3 | a->s << 2 | a->size; return true;
    case 1:
        *index = a->q << 2 | a->s << 1 | a->size >> 1;
        return (a->size & 1) == 0;
    case 2:
        if (a->size & 2)
            return false;
        if (a->size & 1) { /* doubleword lanes */
            *scale = 3;
            *index = a->q;
            return a->s == 0;
        }
        *index = a->q << 1 | a->s;
        return true;
    default: /* 3: replicate, only with L=1 S=0 (its own pattern) */
        return false;
    }
}

bool ldst_simd_single(DisasContext *s, const LdstStructArgs *a)
{
    int selem = single_selem(a);
    int scale, index;
    TCGv_i64 base, at;

    if (!single_lane(a, &scale, &index))
        return false;
    base = ldst_base(s, a->rn);
    at = gen_mte_access(s, base, (unsigned)(selem << scale), !a->ld,
                        a->post || a->rn != 31);
    for (int k = 0; k < selem; k++) {
        int reg = (a->rt + k) % 32;
        TCGv_i64 addr = addr_plus(at, k << scale);

        if (a->ld) {
            TCGv_i64 elem = tcg_temp_new_i64();

            tcg_gen_guest_ld_i64(elem, addr, (MemOp)scale);
            vec_write_lane(reg, index, scale, elem);
        } else {
            tcg_gen_guest_st_i64(vec_read_lane(reg, index, scale), addr,
                                 (MemOp)scale);
        }
    }
    if (a->post)
        ldst_post_writeback(s, a->rn, base, a->rm, selem << scale);
    return true;
}

/* A zero-extended element times this copies it into every lane. */
static int64_t replicate_multiplier(int size)
{
    static const uint64_t mul[4] = {
        0x0101010101010101ull,
        0x0001000100010001ull,
        0x0000000100000001ull,
        1,
    };

    return (int64_t)mul[size];
}

bool ldst_simd_replicate(DisasContext *s, const LdstStructArgs *a)
{
    int selem = single_selem(a);
    TCGv_i64 base = ldst_base(s, a->rn);
    TCGv_i64 at = gen_mte_access(s, base, (unsigned)(selem << a->size), false,
                                 a->post || a->rn != 31);

    for (int k = 0; k < selem; k++) {
        int reg = (a->rt + k) % 32;
        TCGv_i64 elem = tcg_temp_new_i64();

        tcg_gen_guest_ld_i64(elem, addr_plus(at, k << a->size), (MemOp)a->size);
        tcg_gen_muli_i64(elem, elem, replicate_multiplier(a->size));
        vec_write_d(reg, 0, elem);
        if (a->q)
            vec_write_d(reg, 1, elem);
        else
            clear_vreg_high(reg);
    }
    if (a->post)
        ldst_post_writeback(s, a->rn, base, a->rm, selem << a->size);
    return true;
}
