/* x86-64 instruction encoder: builds each instruction in a small local buffer
 * (prefixes, REX, opcode, ModRM/SIB, displacement, immediate) and commits it
 * whole. Must not allocate, log or decide anything beyond the encoding. */
#include "tcg/x86_64/emit.h"

#include <assert.h>
#include <string.h>

/* Longest thing committed at once: the 14-byte far jump plus slack. */
enum { INSN_MAX = 16 };

/*
 * An instruction being built: its bytes go straight into the code buffer
 * when that has room for the longest one plus insn_le's 8-byte stores,
 * else into scratch (copied at commit if it fits). insn_byte is on the
 * hot path and checks nothing; the room makes that safe.
 */
typedef struct X86Insn {
    uint8_t *start;
    uint8_t *p; /* the next byte */
    uint8_t scratch[INSN_MAX + 8];
} X86Insn;

static inline void insn_begin(X86Asm *a, X86Insn *in)
{
    in->start = a->end - a->p >= INSN_MAX + 8 ? a->p : in->scratch;
    in->p = in->start;
}

/* How insn_op() frames the ModRM instruction. Prefixes come out in the order
 * 66, F0/F2/F3, REX, which is the order GNU as uses. */
enum {
    ENC_W = 1 << 0,        /* REX.W: 64-bit operand size */
    ENC_BYTE_REG = 1 << 1, /* ModRM.reg is a byte register */
    ENC_BYTE_RM = 1 << 2,  /* ModRM.rm is a byte register */
    ENC_0F = 1 << 3,       /* two-byte opcode map */
    ENC_66 = 1 << 4,
    ENC_LOCK = 1 << 5,
    ENC_F2 = 1 << 6,
    ENC_F3 = 1 << 7,
    ENC_0F38 = 1 << 8, /* three-byte opcode maps (SSSE3 and later) */
    ENC_0F3A = 1 << 9,
};

/* A ModRM r/m operand: a register number (GPR or XMM) or memory. */
typedef struct X86Rm {
    bool is_mem;
    int reg;
    X86Mem mem;
} X86Rm;

static X86Rm rm_reg(int reg)
{
    assert(reg >= 0 && reg < 16);
    return (X86Rm){.is_mem = false, .reg = reg};
}

static X86Rm rm_mem(X86Mem m)
{
    return (X86Rm){.is_mem = true, .reg = -1, .mem = m};
}

void x86_asm_init(X86Asm *a, void *buf, size_t size)
{
    a->start = buf;
    a->p = buf;
    a->end = a->start + size;
    a->overflow = false;
}

static inline void insn_byte(X86Insn *in, unsigned b)
{
    *in->p++ = (uint8_t)b;
}

/* n of 0, 1, 2, 4 or 8 bytes, little-endian (x86 is too: one store). */
static inline void insn_le(X86Insn *in, uint64_t v, int n)
{
    memcpy(in->p, &v, 8);
    in->p += n;
}

static void insn_commit(X86Asm *a, const X86Insn *in)
{
    ptrdiff_t len = in->p - in->start;

    assert(len <= INSN_MAX);
    if (in->start == a->p) {
        a->p = in->p; /* built in place */
        return;
    }
    if (a->overflow || a->end - a->p < len) {
        a->overflow = true;
        return;
    }
    memcpy(a->p, in->start, (size_t)len);
    a->p += len;
}

static unsigned sz_flags(int sz)
{
    assert(sz == 32 || sz == 64);
    return sz == 64 ? ENC_W : 0;
}

/* Prefixes for an access of `bits` whose opcode has a byte form (low bit 0)
 * and a full-size form (low bit 1). */
static unsigned bits_flags(int bits)
{
    switch (bits) {
    case 8: return ENC_BYTE_REG;
    case 16: return ENC_66;
    case 32: return 0;
    case 64: return ENC_W;
    }
    assert(0 && "access size must be 8, 16, 32 or 64");
    return 0;
}

static unsigned bits_opcode(int bits, unsigned opcode)
{
    return bits == 8 ? opcode : opcode | 1;
}

static int scale_bits(int scale)
{
    switch (scale) {
    case 1: return 0;
    case 2: return 1;
    case 4: return 2;
    case 8: return 3;
    }
    assert(0 && "scale must be 1, 2, 4 or 8");
    return 0;
}

static bool is_low_byte_reg_needing_rex(int reg)
{
    return reg >= 4 && reg <= 7; /* spl, bpl, sil, dil rather than ah..bh */
}

static void insn_prefixes(X86Insn *in, unsigned flags)
{
    if (!(flags & (ENC_66 | ENC_LOCK | ENC_F2 | ENC_F3)))
        return;
    if (flags & ENC_66)
        insn_byte(in, 0x66);
    if (flags & ENC_LOCK)
        insn_byte(in, 0xf0);
    if (flags & ENC_F2)
        insn_byte(in, 0xf2);
    if (flags & ENC_F3)
        insn_byte(in, 0xf3);
}

static void insn_rex(X86Insn *in, bool w, int r, int x, int b, bool force)
{
    unsigned rex = (w ? 8u : 0u) | ((r >> 3) & 1) << 2 | ((x >> 3) & 1) << 1 |
                   ((b >> 3) & 1);
    if (rex || force)
        insn_byte(in, 0x40 | rex);
}

static void insn_modrm(X86Insn *in, int mod, int reg, int rm)
{
    insn_byte(in, (unsigned)(mod << 6 | (reg & 7) << 3 | (rm & 7)));
}

/* ModRM, SIB and displacement for a memory operand. rbp/r13 as base have no
 * mod=00 form (that slot means rip-relative / no base), so they take a disp8
 * of 0; rsp/r12 as base can only be named through a SIB byte. */
static void insn_mem(X86Insn *in, int reg, X86Mem m)
{
    assert(m.index != X86_RSP);
    int index = m.index == X86_NOREG ? 4 : m.index;
    int ss = m.index == X86_NOREG ? 0 : scale_bits(m.scale);

    if (m.base == X86_NOREG) {
        insn_modrm(in, 0, reg, 4);
        insn_modrm(in, ss, index,
                   5); /* SIB base 101 with mod 00: disp32 only */
        insn_le(in, (uint32_t)m.disp, 4);
        return;
    }
    int mod = 2;
    if (m.disp == 0 && (m.base & 7) != X86_RBP)
        mod = 0;
    else if (x86_fits_i8(m.disp))
        mod = 1;
    bool need_sib = m.index != X86_NOREG || (m.base & 7) == X86_RSP;
    insn_modrm(in, mod, reg, need_sib ? 4 : m.base);
    if (need_sib)
        insn_modrm(in, ss, index, m.base);
    if (mod == 1)
        insn_byte(in, (uint8_t)m.disp);
    else if (mod == 2)
        insn_le(in, (uint32_t)m.disp, 4);
}

/* The general ModRM instruction: prefixes, REX, opcode, operand bytes.
 * reg is a register number or a /digit opcode extension. */
static void insn_op(X86Insn *in, unsigned flags, unsigned opcode, int reg,
                    X86Rm rm)
{
    bool force = (flags & ENC_BYTE_REG) && is_low_byte_reg_needing_rex(reg);
    int x = 0, b = 0;
    if (rm.is_mem) {
        x = rm.mem.index == X86_NOREG ? 0 : rm.mem.index;
        b = rm.mem.base == X86_NOREG ? 0 : rm.mem.base;
    } else {
        b = rm.reg;
        force |= (flags & ENC_BYTE_RM) && is_low_byte_reg_needing_rex(rm.reg);
    }
    insn_prefixes(in, flags);
    insn_rex(in, flags & ENC_W, reg, x, b, force);
    if (flags & (ENC_0F | ENC_0F38 | ENC_0F3A))
        insn_byte(in, 0x0f);
    if (flags & ENC_0F38)
        insn_byte(in, 0x38);
    if (flags & ENC_0F3A)
        insn_byte(in, 0x3a);
    insn_byte(in, opcode);
    if (rm.is_mem)
        insn_mem(in, reg, rm.mem);
    else
        insn_modrm(in, 3, reg, rm.reg);
}

/* Emits one ModRM instruction followed by an immediate of imm_len bytes. */
static void emit_op_imm(X86Asm *a, unsigned flags, unsigned opcode, int reg,
                        X86Rm rm, int64_t imm, int imm_len)
{
    X86Insn in;
    insn_begin(a, &in);
    insn_op(&in, flags, opcode, reg, rm);
    insn_le(&in, (uint64_t)imm, imm_len);
    insn_commit(a, &in);
}

static void emit_op(X86Asm *a, unsigned flags, unsigned opcode, int reg,
                    X86Rm rm)
{
    emit_op_imm(a, flags, opcode, reg, rm, 0, 0);
}

/* Instructions with the register in the opcode's low three bits. */
static void emit_op_plus_reg(X86Asm *a, unsigned flags, unsigned opcode,
                             X86Reg r, uint64_t imm, int imm_len)
{
    X86Insn in;
    insn_begin(a, &in);
    assert(r >= 0 && r < 16);
    insn_rex(&in, flags & ENC_W, 0, 0, r, false);
    if (flags & ENC_0F)
        insn_byte(&in, 0x0f);
    insn_byte(&in, opcode + (r & 7));
    insn_le(&in, imm, imm_len);
    insn_commit(a, &in);
}

static void emit_bytes(X86Asm *a, const uint8_t *bytes, int n)
{
    X86Insn in;
    insn_begin(a, &in);
    for (int i = 0; i < n; i++)
        insn_byte(&in, bytes[i]);
    insn_commit(a, &in);
}

/* ---- moves and integer ALU ---- */

void x86_mov_rr(X86Asm *a, int sz, X86Reg dst, X86Reg src)
{
    emit_op(a, sz_flags(sz), 0x89, src, rm_reg(dst));
}

void x86_mov_ri(X86Asm *a, X86Reg dst, uint64_t imm)
{
    if (imm <= UINT32_MAX)
        emit_op_plus_reg(a, 0, 0xb8, dst, imm, 4);
    else if (x86_fits_i32((int64_t)imm))
        emit_op_imm(a, ENC_W, 0xc7, 0, rm_reg(dst), (int64_t)imm, 4);
    else
        emit_op_plus_reg(a, ENC_W, 0xb8, dst, imm, 8);
}

void x86_alu_rr(X86Asm *a, int sz, X86AluOp op, X86Reg dst, X86Reg src)
{
    emit_op(a, sz_flags(sz), op * 8u + 1, src, rm_reg(dst));
}

/* 83 /op ib when the immediate fits a sign-extended byte, else the short
 * accumulator form or 81 /op id. */
static void emit_alu_imm(X86Asm *a, unsigned flags, X86AluOp op, X86Rm rm,
                         int32_t imm)
{
    if (x86_fits_i8(imm)) {
        emit_op_imm(a, flags, 0x83, op, rm, imm, 1);
    } else if (!rm.is_mem && rm.reg == X86_RAX) {
        X86Insn in;
        insn_begin(a, &in);
        insn_prefixes(&in, flags);
        insn_rex(&in, flags & ENC_W, 0, 0, 0, false);
        insn_byte(&in, op * 8u + 5);
        insn_le(&in, (uint32_t)imm, 4);
        insn_commit(a, &in);
    } else {
        emit_op_imm(a, flags, 0x81, op, rm, imm, 4);
    }
}

void x86_alu_ri(X86Asm *a, int sz, X86AluOp op, X86Reg dst, int32_t imm)
{
    emit_alu_imm(a, sz_flags(sz), op, rm_reg(dst), imm);
}

void x86_alu_rm(X86Asm *a, int sz, X86AluOp op, X86Reg dst, X86Mem m)
{
    emit_op(a, sz_flags(sz), op * 8u + 3, dst, rm_mem(m));
}

void x86_alu_mr(X86Asm *a, int sz, X86AluOp op, X86Mem m, X86Reg src)
{
    emit_op(a, sz_flags(sz), op * 8u + 1, src, rm_mem(m));
}

void x86_alu_mi(X86Asm *a, int sz, X86AluOp op, X86Mem m, int32_t imm)
{
    emit_alu_imm(a, sz_flags(sz), op, rm_mem(m), imm);
}

void x86_test_rr(X86Asm *a, int sz, X86Reg r1, X86Reg r2)
{
    emit_op(a, sz_flags(sz), 0x85, r2, rm_reg(r1));
}

void x86_test_ri(X86Asm *a, int sz, X86Reg r, int32_t imm)
{
    unsigned flags = sz_flags(sz);
    X86Insn in;
    insn_begin(a, &in);
    /* With 0 <= imm <= 127 the result's bits 7.. are zero at any width, so
     * a byte test gives identical ZF/SF/PF and clears CF/OF the same way. */
    bool byte_form = imm >= 0 && imm <= 127;
    if (byte_form)
        flags = ENC_BYTE_RM;
    if (r == X86_RAX) {
        insn_rex(&in, flags & ENC_W, 0, 0, 0, false);
        insn_byte(&in, byte_form ? 0xa8 : 0xa9);
        insn_le(&in, (uint32_t)imm, byte_form ? 1 : 4);
        insn_commit(a, &in);
        return;
    }
    emit_op_imm(a, flags, byte_form ? 0xf6 : 0xf7, 0, rm_reg(r), imm,
                byte_form ? 1 : 4);
}

void x86_shift_ri(X86Asm *a, int sz, X86ShiftOp op, X86Reg dst, uint8_t count)
{
    if (count == 1)
        emit_op(a, sz_flags(sz), 0xd1, op, rm_reg(dst));
    else
        emit_op_imm(a, sz_flags(sz), 0xc1, op, rm_reg(dst), count, 1);
}

void x86_shift_rcl(X86Asm *a, int sz, X86ShiftOp op, X86Reg dst)
{
    emit_op(a, sz_flags(sz), 0xd3, op, rm_reg(dst));
}

/* The F7 group: /2 not, /3 neg, /4 mul, /5 imul, /6 div, /7 idiv. */
static void emit_group3(X86Asm *a, int sz, int digit, X86Reg r)
{
    emit_op(a, sz_flags(sz), 0xf7, digit, rm_reg(r));
}

void x86_not(X86Asm *a, int sz, X86Reg r)
{
    emit_group3(a, sz, 2, r);
}
void x86_neg(X86Asm *a, int sz, X86Reg r)
{
    emit_group3(a, sz, 3, r);
}
void x86_mul_r(X86Asm *a, int sz, X86Reg r)
{
    emit_group3(a, sz, 4, r);
}
void x86_imul1_r(X86Asm *a, int sz, X86Reg r)
{
    emit_group3(a, sz, 5, r);
}
void x86_div_r(X86Asm *a, int sz, X86Reg r)
{
    emit_group3(a, sz, 6, r);
}
void x86_idiv_r(X86Asm *a, int sz, X86Reg r)
{
    emit_group3(a, sz, 7, r);
}

void x86_imul_rr(X86Asm *a, int sz, X86Reg dst, X86Reg src)
{
    emit_op(a, sz_flags(sz) | ENC_0F, 0xaf, dst, rm_reg(src));
}

void x86_imul_rm(X86Asm *a, int sz, X86Reg dst, X86Mem m)
{
    emit_op(a, sz_flags(sz) | ENC_0F, 0xaf, dst, rm_mem(m));
}

void x86_imul_rri(X86Asm *a, int sz, X86Reg dst, X86Reg src, int32_t imm)
{
    if (x86_fits_i8(imm))
        emit_op_imm(a, sz_flags(sz), 0x6b, dst, rm_reg(src), imm, 1);
    else
        emit_op_imm(a, sz_flags(sz), 0x69, dst, rm_reg(src), imm, 4);
}

void x86_cqo(X86Asm *a)
{
    static const uint8_t cqo[] = {0x48, 0x99};
    emit_bytes(a, cqo, 2);
}

void x86_cdq(X86Asm *a)
{
    static const uint8_t cdq[] = {0x99};
    emit_bytes(a, cdq, 1);
}

/* ---- extensions ---- */

void x86_movzx8(X86Asm *a, X86Reg dst, X86Reg src)
{
    emit_op(a, ENC_0F | ENC_BYTE_RM, 0xb6, dst, rm_reg(src));
}

void x86_movzx16(X86Asm *a, X86Reg dst, X86Reg src)
{
    emit_op(a, ENC_0F, 0xb7, dst, rm_reg(src));
}

void x86_movsx8(X86Asm *a, int sz, X86Reg dst, X86Reg src)
{
    emit_op(a, sz_flags(sz) | ENC_0F | ENC_BYTE_RM, 0xbe, dst, rm_reg(src));
}

void x86_movsx16(X86Asm *a, int sz, X86Reg dst, X86Reg src)
{
    emit_op(a, sz_flags(sz) | ENC_0F, 0xbf, dst, rm_reg(src));
}

void x86_movsxd(X86Asm *a, X86Reg dst, X86Reg src)
{
    emit_op(a, ENC_W, 0x63, dst, rm_reg(src));
}

/* ---- bit manipulation ---- */

void x86_bswap(X86Asm *a, int sz, X86Reg r)
{
    emit_op_plus_reg(a, sz_flags(sz) | ENC_0F, 0xc8, r, 0, 0);
}

void x86_rol16_8(X86Asm *a, X86Reg r)
{
    emit_op_imm(a, ENC_66, 0xc1, X86_ROL, rm_reg(r), 8, 1);
}

void x86_bsr(X86Asm *a, int sz, X86Reg dst, X86Reg src)
{
    emit_op(a, sz_flags(sz) | ENC_0F, 0xbd, dst, rm_reg(src));
}

void x86_bsf(X86Asm *a, int sz, X86Reg dst, X86Reg src)
{
    emit_op(a, sz_flags(sz) | ENC_0F, 0xbc, dst, rm_reg(src));
}

void x86_lzcnt(X86Asm *a, int sz, X86Reg dst, X86Reg src)
{
    emit_op(a, sz_flags(sz) | ENC_F3 | ENC_0F, 0xbd, dst, rm_reg(src));
}

void x86_tzcnt(X86Asm *a, int sz, X86Reg dst, X86Reg src)
{
    emit_op(a, sz_flags(sz) | ENC_F3 | ENC_0F, 0xbc, dst, rm_reg(src));
}

void x86_popcnt(X86Asm *a, int sz, X86Reg dst, X86Reg src)
{
    emit_op(a, sz_flags(sz) | ENC_F3 | ENC_0F, 0xb8, dst, rm_reg(src));
}

/* ---- loads and stores ---- */

void x86_load(X86Asm *a, X86LoadKind kind, int sz, X86Reg dst, X86Mem m)
{
    X86Rm rm = rm_mem(m);
    switch (kind) {
    case X86_LD_U8: emit_op(a, ENC_0F, 0xb6, dst, rm); return;
    case X86_LD_S8: emit_op(a, sz_flags(sz) | ENC_0F, 0xbe, dst, rm); return;
    case X86_LD_U16: emit_op(a, ENC_0F, 0xb7, dst, rm); return;
    case X86_LD_S16: emit_op(a, sz_flags(sz) | ENC_0F, 0xbf, dst, rm); return;
    case X86_LD_U32: emit_op(a, 0, 0x8b, dst, rm); return;
    case X86_LD_S32:
        /* A 32-bit destination needs no extension: a plain mov is shorter. */
        if (sz_flags(sz))
            emit_op(a, ENC_W, 0x63, dst, rm);
        else
            emit_op(a, 0, 0x8b, dst, rm);
        return;
    case X86_LD_64: emit_op(a, ENC_W, 0x8b, dst, rm); return;
    }
    assert(0 && "bad load kind");
}

void x86_store(X86Asm *a, int bits, X86Mem m, X86Reg src)
{
    emit_op(a, bits_flags(bits), bits_opcode(bits, 0x88), src, rm_mem(m));
}

void x86_store_imm(X86Asm *a, int bits, X86Mem m, int32_t imm)
{
    unsigned flags = bits_flags(bits) & ~(unsigned)ENC_BYTE_REG;
    int imm_len = bits == 8 ? 1 : bits == 16 ? 2 : 4;
    emit_op_imm(a, flags, bits_opcode(bits, 0xc6), 0, rm_mem(m), imm, imm_len);
}

void x86_lea(X86Asm *a, int sz, X86Reg dst, X86Mem m)
{
    emit_op(a, sz_flags(sz), 0x8d, dst, rm_mem(m));
}

/* lea dst, [rip + disp32]: REX.W 8D with ModRM mod 00, r/m 101. */
void x86_lea_rip(X86Asm *a, X86Reg dst, const void *target)
{
    X86Insn in;
    const int len = 7;

    insn_begin(a, &in);
    insn_rex(&in, true, dst, 0, 0, false);
    insn_byte(&in, 0x8d);
    insn_modrm(&in, 0, dst, 5);
    insn_le(&in, (uint32_t)((const uint8_t *)target - (a->p + len)), 4);
    insn_commit(a, &in);
}

/* ---- flags consumers ---- */

void x86_setcc(X86Asm *a, X86Cond cc, X86Reg r)
{
    emit_op(a, ENC_0F | ENC_BYTE_RM, 0x90 + cc, 0, rm_reg(r));
}

void x86_cmov(X86Asm *a, int sz, X86Cond cc, X86Reg dst, X86Reg src)
{
    emit_op(a, sz_flags(sz) | ENC_0F, 0x40 + cc, dst, rm_reg(src));
}

/* ---- branches ---- */

static uint8_t *emit_rel32_branch(X86Asm *a, const uint8_t *opcode, int n)
{
    X86Insn in;
    insn_begin(a, &in);
    for (int i = 0; i < n; i++)
        insn_byte(&in, opcode[i]);
    insn_le(&in, 0, 4);
    insn_commit(a, &in);
    return a->overflow ? NULL : a->p - 4;
}

uint8_t *x86_jcc32(X86Asm *a, X86Cond cc)
{
    const uint8_t opcode[] = {0x0f, (uint8_t)(0x80 + cc)};
    return emit_rel32_branch(a, opcode, 2);
}

uint8_t *x86_jmp32(X86Asm *a)
{
    const uint8_t opcode[] = {0xe9};
    return emit_rel32_branch(a, opcode, 1);
}

void x86_patch_rel32(uint8_t *field, const void *target)
{
    if (!field)
        return;
    int64_t rel = (const uint8_t *)target - (field + 4);
    assert(x86_fits_i32(rel));
    uint32_t v = (uint32_t)rel;
    if (((uintptr_t)field & 3) == 0)
        __atomic_store_n((uint32_t *)(void *)field, v, __ATOMIC_RELEASE);
    else
        memcpy(field, &v, 4);
}

void x86_align_rel32(X86Asm *a, int opcode_len)
{
    int misalign = (int)(((uintptr_t)a->p + (uintptr_t)opcode_len) & 3);
    if (misalign)
        x86_nop(a, 4 - misalign);
}

/* Distance from the end of an instruction of insn_len bytes at a->p. */
static int64_t rel_from(const X86Asm *a, int insn_len, const void *target)
{
    return (const uint8_t *)target - (a->p + insn_len);
}

/* jmp *0(%rip) followed by the 8-byte target: reaches anywhere. */
static void insn_far_jump(X86Insn *in, const void *target)
{
    insn_byte(in, 0xff);
    insn_modrm(in, 0, 4, 5);
    insn_le(in, 0, 4);
    insn_le(in, (uint64_t)(uintptr_t)target, 8);
}

void x86_jmp_to(X86Asm *a, const void *target)
{
    X86Insn in;
    insn_begin(a, &in);
    if (x86_fits_i8(rel_from(a, 2, target))) {
        insn_byte(&in, 0xeb);
        insn_byte(&in, (uint8_t)rel_from(a, 2, target));
    } else if (x86_fits_i32(rel_from(a, 5, target))) {
        insn_byte(&in, 0xe9);
        insn_le(&in, (uint64_t)rel_from(a, 5, target), 4);
    } else {
        insn_far_jump(&in, target);
    }
    insn_commit(a, &in);
}

void x86_jcc_to(X86Asm *a, X86Cond cc, const void *target)
{
    X86Insn in;
    insn_begin(a, &in);
    if (x86_fits_i8(rel_from(a, 2, target))) {
        insn_byte(&in, 0x70 + cc);
        insn_byte(&in, (uint8_t)rel_from(a, 2, target));
    } else if (x86_fits_i32(rel_from(a, 6, target))) {
        insn_byte(&in, 0x0f);
        insn_byte(&in, 0x80 + cc);
        insn_le(&in, (uint64_t)rel_from(a, 6, target), 4);
    } else {
        insn_byte(&in, 0x70 + (cc ^ 1)); /* skip the 14-byte far jump */
        insn_byte(&in, 14);
        insn_far_jump(&in, target);
    }
    insn_commit(a, &in);
}

void x86_jmp_r(X86Asm *a, X86Reg r)
{
    emit_op(a, 0, 0xff, 4, rm_reg(r));
}

void x86_jmp_m(X86Asm *a, X86Mem m)
{
    emit_op(a, 0, 0xff, 4, rm_mem(m));
}

void x86_call_r(X86Asm *a, X86Reg r)
{
    emit_op(a, 0, 0xff, 2, rm_reg(r));
}

void x86_call_abs(X86Asm *a, const void *fn)
{
    int64_t rel = rel_from(a, 5, fn);
    if (x86_fits_i32(rel)) {
        X86Insn in;
        insn_begin(a, &in);
        insn_byte(&in, 0xe8);
        insn_le(&in, (uint64_t)rel, 4);
        insn_commit(a, &in);
        return;
    }
    x86_mov_ri(a, X86_R11, (uint64_t)(uintptr_t)fn);
    x86_call_r(a, X86_R11);
}

/* ---- stack and miscellany ---- */

void x86_data(X86Asm *a, const void *bytes, size_t n)
{
    if (a->overflow || (size_t)(a->end - a->p) < n) {
        a->overflow = true;
        return;
    }
    memcpy(a->p, bytes, n);
    a->p += n;
}

void x86_push(X86Asm *a, X86Reg r)
{
    emit_op_plus_reg(a, 0, 0x50, r, 0, 0);
}

void x86_pop(X86Asm *a, X86Reg r)
{
    emit_op_plus_reg(a, 0, 0x58, r, 0, 0);
}

void x86_ret(X86Asm *a)
{
    static const uint8_t ret[] = {0xc3};
    emit_bytes(a, ret, 1);
}

void x86_mfence(X86Asm *a)
{
    static const uint8_t mfence[] = {0x0f, 0xae, 0xf0};
    emit_bytes(a, mfence, 3);
}

void x86_ud2(X86Asm *a)
{
    static const uint8_t ud2[] = {0x0f, 0x0b};
    emit_bytes(a, ud2, 2);
}

void x86_hlt(X86Asm *a)
{
    static const uint8_t hlt[] = {0xf4};
    emit_bytes(a, hlt, 1);
}

void x86_int3(X86Asm *a)
{
    static const uint8_t int3[] = {0xcc};
    emit_bytes(a, int3, 1);
}

/* The multi-byte nops recommended in the Intel SDM (NOP, 0F 1F /0). */
static const uint8_t nop_table[9][9] = {
    {0x90},
    {0x66, 0x90},
    {0x0f, 0x1f, 0x00},
    {0x0f, 0x1f, 0x40, 0x00},
    {0x0f, 0x1f, 0x44, 0x00, 0x00},
    {0x66, 0x0f, 0x1f, 0x44, 0x00, 0x00},
    {0x0f, 0x1f, 0x80, 0x00, 0x00, 0x00, 0x00},
    {0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00},
    {0x66, 0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00},
};

void x86_nop(X86Asm *a, int bytes)
{
    if (bytes <= 0)
        return;
    /* All or nothing, like a single instruction. */
    if (a->overflow || a->end - a->p < bytes) {
        a->overflow = true;
        return;
    }
    while (bytes > 0) {
        int n = bytes > 9 ? 9 : bytes;
        emit_bytes(a, nop_table[n - 1], n);
        bytes -= n;
    }
}

/* ---- atomics ---- */

void x86_lock_cmpxchg(X86Asm *a, int bits, X86Mem m, X86Reg src)
{
    emit_op(a, bits_flags(bits) | ENC_LOCK | ENC_0F, bits_opcode(bits, 0xb0),
            src, rm_mem(m));
}

void x86_lock_cmpxchg16b(X86Asm *a, X86Mem m)
{
    emit_op(a, ENC_LOCK | ENC_W | ENC_0F, 0xc7, 1, rm_mem(m));
}

void x86_xchg_mr(X86Asm *a, int bits, X86Mem m, X86Reg r)
{
    emit_op(a, bits_flags(bits), bits_opcode(bits, 0x86), r, rm_mem(m));
}

void x86_lock_xadd(X86Asm *a, int bits, X86Mem m, X86Reg r)
{
    emit_op(a, bits_flags(bits) | ENC_LOCK | ENC_0F, bits_opcode(bits, 0xc0), r,
            rm_mem(m));
}

void x86_lock_alu_mr(X86Asm *a, int bits, X86AluOp op, X86Mem m, X86Reg r)
{
    assert(op != X86_CMP);
    emit_op(a, bits_flags(bits) | ENC_LOCK, bits_opcode(bits, op * 8u), r,
            rm_mem(m));
}

/* ---- SSE2 scalar ---- */

/*
 * VEX.128 (AVX) with register operands: ModRM.reg = reg, VEX.vvvv =
 * vvvv, ModRM.rm = rm; the legacy prefix (ENC_66, ENC_F3, ENC_F2 or 0)
 * and map (ENC_0F, ENC_0F38, ENC_0F3A) and VEX.W (ENC_W) as in the
 * flags. The two-byte form where it can say the same (map 0F, rm below
 * xmm8, W 0). An imm8
 * follows unless imm is negative.
 */
static void emit_vex(X86Asm *a, unsigned flags, uint8_t opcode, unsigned reg,
                     X86Xmm vvvv, X86Xmm rm, int imm)
{
    unsigned mmmmm = flags & ENC_0F38 ? 2 : flags & ENC_0F3A ? 3 : 1;
    unsigned pp = flags & ENC_66   ? 1
                  : flags & ENC_F3 ? 2
                  : flags & ENC_F2 ? 3
                                   : 0;
    unsigned vpp = (~(unsigned)vvvv & 0xf) << 3 | pp; /* L 0 */
    X86Insn in;

    insn_begin(a, &in);
    if (mmmmm == 1 && rm < 8 && !(flags & ENC_W)) {
        insn_byte(&in, 0xc5);
        insn_byte(&in, (unsigned)((~reg >> 3 & 1) << 7) | vpp);
    } else {
        insn_byte(&in, 0xc4);
        insn_byte(&in, (unsigned)((~reg >> 3 & 1) << 7 | 1 << 6 |
                                  (~(unsigned)rm >> 3 & 1) << 5) |
                           mmmmm);
        insn_byte(&in, (flags & ENC_W ? 0x80u : 0) | vpp);
    }
    insn_byte(&in, opcode);
    insn_modrm(&in, 3, (int)(reg & 7), (int)(rm & 7));
    if (imm >= 0)
        insn_byte(&in, (unsigned)imm);
    insn_commit(a, &in);
}

typedef struct X86SseInfo {
    unsigned prefix; /* ENC_66 / ENC_F2 / ENC_F3 or 0 */
    uint8_t opcode;  /* in the 0F map */
} X86SseInfo;

static const X86SseInfo sse_table[] = {
    [X86_ADDSD] = {ENC_F2, 0x58},    [X86_SUBSD] = {ENC_F2, 0x5c},
    [X86_MULSD] = {ENC_F2, 0x59},    [X86_DIVSD] = {ENC_F2, 0x5e},
    [X86_SQRTSD] = {ENC_F2, 0x51},   [X86_MINSD] = {ENC_F2, 0x5d},
    [X86_MAXSD] = {ENC_F2, 0x5f},    [X86_ADDSS] = {ENC_F3, 0x58},
    [X86_SUBSS] = {ENC_F3, 0x5c},    [X86_MULSS] = {ENC_F3, 0x59},
    [X86_DIVSS] = {ENC_F3, 0x5e},    [X86_SQRTSS] = {ENC_F3, 0x51},
    [X86_MINSS] = {ENC_F3, 0x5d},    [X86_MAXSS] = {ENC_F3, 0x5f},
    [X86_UCOMISD] = {ENC_66, 0x2e},  [X86_UCOMISS] = {0, 0x2e},
    [X86_COMISD] = {ENC_66, 0x2f},   [X86_COMISS] = {0, 0x2f},
    [X86_CVTSD2SS] = {ENC_F2, 0x5a}, [X86_CVTSS2SD] = {ENC_F3, 0x5a},
};

void x86_sse_rr(X86Asm *a, X86SseOp op, X86Xmm dst, X86Xmm src)
{
    emit_op(a, sse_table[op].prefix | ENC_0F, sse_table[op].opcode, dst,
            rm_reg(src));
}

void x86_vsse_rrr(X86Asm *a, X86SseOp op, X86Xmm dst, X86Xmm src1, X86Xmm src2)
{
    emit_vex(a, sse_table[op].prefix | ENC_0F, sse_table[op].opcode, dst, src1,
             src2, -1);
}

void x86_sse_rm(X86Asm *a, X86SseOp op, X86Xmm dst, X86Mem m)
{
    emit_op(a, sse_table[op].prefix | ENC_0F, sse_table[op].opcode, dst,
            rm_mem(m));
}

/* Three-byte VEX, map 0F38, pp = 66, L = 0 (128 bits): the FMA3 forms,
 * W = double. */
static void emit_vfma231(X86Asm *a, uint8_t opcode, int bits, X86Xmm dst,
                         X86Xmm src1, X86Xmm src2)
{
    X86Insn in;
    insn_begin(a, &in);

    insn_byte(&in, 0xc4);
    insn_byte(&in, (unsigned)((~dst >> 3 & 1) << 7 | 1 << 6 |
                              (~src2 >> 3 & 1) << 5 | 0x02));
    insn_byte(&in, (unsigned)((bits == 64) << 7 | (~src1 & 0xf) << 3 | 0x1));
    insn_byte(&in, opcode);
    insn_modrm(&in, 3, dst, src2);
    insn_commit(a, &in);
}

/* VEX.LZ.0F38.W F7 /r, the prefix (pp) choosing the shift: 66 shlx, F3
 * sarx, F2 shrx. ModRM.reg = dst, ModRM.rm = src, VEX.vvvv = count. */
void x86_shiftx(X86Asm *a, int sz, X86ShiftOp op, X86Reg dst, X86Reg src,
                X86Reg count)
{
    unsigned pp = op == X86_SHL ? 1 : op == X86_SAR ? 2 : 3;
    X86Insn in;

    insn_begin(a, &in);
    insn_byte(&in, 0xc4);
    insn_byte(&in, (unsigned)((~dst >> 3 & 1) << 7 | 1 << 6 |
                              (~src >> 3 & 1) << 5 | 0x02));
    insn_byte(&in, (unsigned)((sz == 64) << 7 | (~count & 0xf) << 3 | pp));
    insn_byte(&in, 0xf7);
    insn_modrm(&in, 3, dst, src);
    insn_commit(a, &in);
}

/* The packed opcodes are the scalar ones minus one. */
static const uint8_t vfma231_scalar_opcode[] = {
    [X86_VFMADD231] = 0xb9,
    [X86_VFMSUB231] = 0xbb,
    [X86_VFNMADD231] = 0xbd,
    [X86_VFNMSUB231] = 0xbf,
};

void x86_vfma231(X86Asm *a, X86FmaOp op, int bits, X86Xmm dst, X86Xmm src1,
                 X86Xmm src2)
{
    emit_vfma231(a, vfma231_scalar_opcode[op], bits, dst, src1, src2);
}

void x86_vfma231_packed(X86Asm *a, X86FmaOp op, int bits, X86Xmm dst,
                        X86Xmm src1, X86Xmm src2)
{
    emit_vfma231(a, (uint8_t)(vfma231_scalar_opcode[op] - 1), bits, dst, src1,
                 src2);
}

void x86_packed_fp(X86Asm *a, X86PackedFpOp op, int bits, X86Xmm dst,
                   X86Xmm src)
{
    emit_op(a, (bits == 64 ? ENC_66 : 0) | ENC_0F, op, dst, rm_reg(src));
}

void x86_cmp_unord(X86Asm *a, int bits, X86Xmm dst, X86Xmm src)
{
    emit_op_imm(a, (bits == 64 ? ENC_66 : 0) | ENC_0F, 0xc2, dst, rm_reg(src),
                3, 1);
}

void x86_vpacked_fp(X86Asm *a, X86PackedFpOp op, int bits, X86Xmm dst,
                    X86Xmm src1, X86Xmm src2)
{
    emit_vex(a, (bits == 64 ? ENC_66 : 0) | ENC_0F, op, dst, src1, src2, -1);
}

void x86_vcmp_unord(X86Asm *a, int bits, X86Xmm dst, X86Xmm src1, X86Xmm src2)
{
    emit_vex(a, (bits == 64 ? ENC_66 : 0) | ENC_0F, 0xc2, dst, src1, src2, 3);
}

void x86_pmovmskb(X86Asm *a, X86Reg dst, X86Xmm src)
{
    emit_op(a, ENC_66 | ENC_0F, 0xd7, dst, rm_reg(src));
}

void x86_movq_xr(X86Asm *a, int sz, X86Xmm dst, X86Reg src)
{
    emit_op(a, ENC_66 | sz_flags(sz) | ENC_0F, 0x6e, dst, rm_reg(src));
}

void x86_movq_rx(X86Asm *a, int sz, X86Reg dst, X86Xmm src)
{
    emit_op(a, ENC_66 | sz_flags(sz) | ENC_0F, 0x7e, src, rm_reg(dst));
}

void x86_movaps_rr(X86Asm *a, X86Xmm dst, X86Xmm src)
{
    emit_op(a, ENC_0F, 0x28, dst, rm_reg(src));
}

void x86_xorps_rr(X86Asm *a, X86Xmm dst, X86Xmm src)
{
    emit_op(a, ENC_0F, 0x57, dst, rm_reg(src));
}

void x86_movsd_load(X86Asm *a, X86Xmm dst, X86Mem m)
{
    emit_op(a, ENC_F2 | ENC_0F, 0x10, dst, rm_mem(m));
}

void x86_movsd_store(X86Asm *a, X86Mem m, X86Xmm src)
{
    emit_op(a, ENC_F2 | ENC_0F, 0x11, src, rm_mem(m));
}

void x86_movss_load(X86Asm *a, X86Xmm dst, X86Mem m)
{
    emit_op(a, ENC_F3 | ENC_0F, 0x10, dst, rm_mem(m));
}

void x86_movss_store(X86Asm *a, X86Mem m, X86Xmm src)
{
    emit_op(a, ENC_F3 | ENC_0F, 0x11, src, rm_mem(m));
}

void x86_cvtsi2sd(X86Asm *a, int sz, X86Xmm dst, X86Reg src)
{
    emit_op(a, ENC_F2 | sz_flags(sz) | ENC_0F, 0x2a, dst, rm_reg(src));
}

void x86_cvtsi2ss(X86Asm *a, int sz, X86Xmm dst, X86Reg src)
{
    emit_op(a, ENC_F3 | sz_flags(sz) | ENC_0F, 0x2a, dst, rm_reg(src));
}

void x86_cvttsd2si(X86Asm *a, int sz, X86Reg dst, X86Xmm src)
{
    emit_op(a, ENC_F2 | sz_flags(sz) | ENC_0F, 0x2c, dst, rm_reg(src));
}

void x86_cvttss2si(X86Asm *a, int sz, X86Reg dst, X86Xmm src)
{
    emit_op(a, ENC_F3 | sz_flags(sz) | ENC_0F, 0x2c, dst, rm_reg(src));
}

void x86_round_scalar(X86Asm *a, int bits, X86Xmm dst, X86Xmm src, uint8_t imm)
{
    emit_op_imm(a, ENC_66 | ENC_0F3A, bits == 64 ? 0x0b : 0x0a, dst,
                rm_reg(src), imm, 1);
}

/* F2 0F 38 F0 /r takes a byte source (any of the 16, hence ENC_BYTE_RM);
 * F1 the 16 (66), 32 or 64-bit (REX.W) one. */
void x86_crc32(X86Asm *a, int bits, X86Reg dst, X86Reg src)
{
    unsigned flags = ENC_F2 | ENC_0F38;

    if (bits == 8)
        flags |= ENC_BYTE_RM;
    else if (bits == 16)
        flags |= ENC_66;
    else if (bits == 64)
        flags |= ENC_W;
    emit_op(a, flags, bits == 8 ? 0xf0 : 0xf1, dst, rm_reg(src));
}

/* ---- packed integer SSE (SSE2 unless the table says otherwise) ---- */

typedef struct X86PackedInfo {
    unsigned map; /* ENC_0F, ENC_0F38 or ENC_0F3A; all take the 66 prefix */
    uint8_t opcode;
} X86PackedInfo;

static const X86PackedInfo packed_table[] = {
    [X86_PADDB] = {ENC_0F, 0xfc},
    [X86_PADDW] = {ENC_0F, 0xfd},
    [X86_PADDD] = {ENC_0F, 0xfe},
    [X86_PADDQ] = {ENC_0F, 0xd4},
    [X86_PSUBB] = {ENC_0F, 0xf8},
    [X86_PSUBW] = {ENC_0F, 0xf9},
    [X86_PSUBD] = {ENC_0F, 0xfa},
    [X86_PSUBQ] = {ENC_0F, 0xfb},
    [X86_PMULLW] = {ENC_0F, 0xd5},
    [X86_PMULHW] = {ENC_0F, 0xe5},
    [X86_PMULHUW] = {ENC_0F, 0xe4},
    [X86_PMULUDQ] = {ENC_0F, 0xf4},
    [X86_PAND] = {ENC_0F, 0xdb},
    [X86_PANDN] = {ENC_0F, 0xdf},
    [X86_POR] = {ENC_0F, 0xeb},
    [X86_PXOR] = {ENC_0F, 0xef},
    [X86_PCMPEQB] = {ENC_0F, 0x74},
    [X86_PCMPEQW] = {ENC_0F, 0x75},
    [X86_PCMPEQD] = {ENC_0F, 0x76},
    [X86_PCMPGTB] = {ENC_0F, 0x64},
    [X86_PCMPGTW] = {ENC_0F, 0x65},
    [X86_PCMPGTD] = {ENC_0F, 0x66},
    [X86_PMINUB] = {ENC_0F, 0xda},
    [X86_PMAXUB] = {ENC_0F, 0xde},
    [X86_PMINSW] = {ENC_0F, 0xea},
    [X86_PMAXSW] = {ENC_0F, 0xee},
    [X86_PUNPCKLBW] = {ENC_0F, 0x60},
    [X86_PUNPCKLWD] = {ENC_0F, 0x61},
    [X86_PUNPCKLDQ] = {ENC_0F, 0x62},
    [X86_PUNPCKLQDQ] = {ENC_0F, 0x6c},
    [X86_PUNPCKHBW] = {ENC_0F, 0x68},
    [X86_PUNPCKHWD] = {ENC_0F, 0x69},
    [X86_PUNPCKHDQ] = {ENC_0F, 0x6a},
    [X86_PUNPCKHQDQ] = {ENC_0F, 0x6d},
    [X86_PACKSSWB] = {ENC_0F, 0x63},
    [X86_PACKUSWB] = {ENC_0F, 0x67},
    [X86_PACKSSDW] = {ENC_0F, 0x6b},
    [X86_PSHUFB] = {ENC_0F38, 0x00},
    [X86_PABSB] = {ENC_0F38, 0x1c},
    [X86_PABSW] = {ENC_0F38, 0x1d},
    [X86_PABSD] = {ENC_0F38, 0x1e},
    [X86_PMULLD] = {ENC_0F38, 0x40},
    [X86_PMULDQ] = {ENC_0F38, 0x28},
    [X86_PMINSB] = {ENC_0F38, 0x38},
    [X86_PMINSD] = {ENC_0F38, 0x39},
    [X86_PMINUW] = {ENC_0F38, 0x3a},
    [X86_PMINUD] = {ENC_0F38, 0x3b},
    [X86_PMAXSB] = {ENC_0F38, 0x3c},
    [X86_PMAXSD] = {ENC_0F38, 0x3d},
    [X86_PMAXUW] = {ENC_0F38, 0x3e},
    [X86_PMAXUD] = {ENC_0F38, 0x3f},
    [X86_PCMPEQQ] = {ENC_0F38, 0x29},
    [X86_PTEST] = {ENC_0F38, 0x17},
    [X86_PACKUSDW] = {ENC_0F38, 0x2b},
    [X86_PCMPGTQ] = {ENC_0F38, 0x37},
    [X86_PSUBUSB] = {ENC_0F, 0xd8},
    [X86_PSUBUSW] = {ENC_0F, 0xd9},
    [X86_PMADDWD] = {ENC_0F, 0xf5},
    [X86_PSADBW] = {ENC_0F, 0xf6},
    [X86_PMADDUBSW] = {ENC_0F38, 0x04},
    [X86_PMOVSXBW] = {ENC_0F38, 0x20},
    [X86_PMOVSXWD] = {ENC_0F38, 0x23},
    [X86_PMOVSXDQ] = {ENC_0F38, 0x25},
    [X86_PMOVZXBW] = {ENC_0F38, 0x30},
    [X86_PMOVZXWD] = {ENC_0F38, 0x33},
    [X86_PMOVZXDQ] = {ENC_0F38, 0x35},
    [X86_PADDSB] = {ENC_0F, 0xec},
    [X86_PADDSW] = {ENC_0F, 0xed},
    [X86_PADDUSB] = {ENC_0F, 0xdc},
    [X86_PADDUSW] = {ENC_0F, 0xdd},
    [X86_PSUBSB] = {ENC_0F, 0xe8},
    [X86_PSUBSW] = {ENC_0F, 0xe9},
    [X86_PMULHRSW] = {ENC_0F38, 0x0b},
    [X86_VPSRLVD] = {ENC_0F38, 0x45},
    [X86_VPSRAVD] = {ENC_0F38, 0x46},
    [X86_VPSLLVD] = {ENC_0F38, 0x47},
    [X86_VPSRLVQ] = {ENC_0F38 | ENC_W, 0x45},
    [X86_VPSLLVQ] = {ENC_0F38 | ENC_W, 0x47},
};

void x86_packed_rr(X86Asm *a, X86PackedOp op, X86Xmm dst, X86Xmm src)
{
    emit_op(a, ENC_66 | packed_table[op].map, packed_table[op].opcode, dst,
            rm_reg(src));
}

void x86_packed_rm(X86Asm *a, X86PackedOp op, X86Xmm dst, X86Mem m)
{
    emit_op(a, ENC_66 | packed_table[op].map, packed_table[op].opcode, dst,
            rm_mem(m));
}

void x86_vpacked_rrr(X86Asm *a, X86PackedOp op, X86Xmm dst, X86Xmm src1,
                     X86Xmm src2)
{
    emit_vex(a, ENC_66 | packed_table[op].map, packed_table[op].opcode, dst,
             src1, src2, -1);
}

void x86_vpshift_ri(X86Asm *a, X86PShiftOp op, X86Xmm dst, X86Xmm src,
                    uint8_t count)
{
    emit_vex(a, ENC_66 | ENC_0F, (uint8_t)((unsigned)op >> 8), (unsigned)op & 7,
             dst, src, count);
}

void x86_movdqu_load(X86Asm *a, X86Xmm dst, X86Mem m)
{
    emit_op(a, ENC_F3 | ENC_0F, 0x6f, dst, rm_mem(m));
}

void x86_stmxcsr(X86Asm *a, X86Mem m)
{
    emit_op(a, ENC_0F, 0xae, 3, rm_mem(m));
}

void x86_ldmxcsr(X86Asm *a, X86Mem m)
{
    emit_op(a, ENC_0F, 0xae, 2, rm_mem(m));
}

void x86_movdqu_store(X86Asm *a, X86Mem m, X86Xmm src)
{
    emit_op(a, ENC_F3 | ENC_0F, 0x7f, src, rm_mem(m));
}

void x86_movdqa_load(X86Asm *a, X86Xmm dst, X86Mem m)
{
    emit_op(a, ENC_66 | ENC_0F, 0x6f, dst, rm_mem(m));
}

void x86_movdqa_store(X86Asm *a, X86Mem m, X86Xmm src)
{
    emit_op(a, ENC_66 | ENC_0F, 0x7f, src, rm_mem(m));
}

/* movss xmm, xmm: the low 4 bytes of src into dst, dst's others kept. */
void x86_movss_rr(X86Asm *a, X86Xmm dst, X86Xmm src)
{
    emit_op(a, ENC_F3 | ENC_0F, 0x10, dst, rm_reg(src));
}

/* movq xmm, xmm: the low 8 bytes, the upper 8 cleared. */
void x86_movq_rr(X86Asm *a, X86Xmm dst, X86Xmm src)
{
    emit_op(a, ENC_F3 | ENC_0F, 0x7e, dst, rm_reg(src));
}

void x86_movq_load(X86Asm *a, X86Xmm dst, X86Mem m)
{
    emit_op(a, ENC_F3 | ENC_0F, 0x7e, dst, rm_mem(m));
}

/* movd xmm, m32 (bits 127:32 cleared) and movd m32, xmm. */
void x86_movd_load(X86Asm *a, X86Xmm dst, X86Mem m)
{
    emit_op(a, ENC_66 | ENC_0F, 0x6e, dst, rm_mem(m));
}

void x86_movd_store(X86Asm *a, X86Mem m, X86Xmm src)
{
    emit_op(a, ENC_66 | ENC_0F, 0x7e, src, rm_mem(m));
}

void x86_movhps_load(X86Asm *a, X86Xmm dst, X86Mem m)
{
    emit_op(a, ENC_0F, 0x16, dst, rm_mem(m));
}

void x86_movq_store(X86Asm *a, X86Mem m, X86Xmm src)
{
    emit_op(a, ENC_66 | ENC_0F, 0xd6, src, rm_mem(m));
}

void x86_pshufd(X86Asm *a, X86Xmm dst, X86Xmm src, uint8_t imm)
{
    emit_op_imm(a, ENC_66 | ENC_0F, 0x70, dst, rm_reg(src), imm, 1);
}

void x86_pinsrq(X86Asm *a, X86Xmm dst, X86Reg src, uint8_t index)
{
    emit_op_imm(a, ENC_66 | ENC_W | ENC_0F3A, 0x22, dst, rm_reg(src), index, 1);
}

void x86_pextrq(X86Asm *a, X86Reg dst, X86Xmm src, uint8_t index)
{
    emit_op_imm(a, ENC_66 | ENC_W | ENC_0F3A, 0x16, src, rm_reg(dst), index, 1);
}

void x86_pblendw(X86Asm *a, X86Xmm dst, X86Xmm src, uint8_t imm)
{
    emit_op_imm(a, ENC_66 | ENC_0F3A, 0x0e, dst, rm_reg(src), imm, 1);
}

void x86_pshuflw(X86Asm *a, X86Xmm dst, X86Xmm src, uint8_t imm)
{
    emit_op_imm(a, ENC_F2 | ENC_0F, 0x70, dst, rm_reg(src), imm, 1);
}

void x86_pshufhw(X86Asm *a, X86Xmm dst, X86Xmm src, uint8_t imm)
{
    emit_op_imm(a, ENC_F3 | ENC_0F, 0x70, dst, rm_reg(src), imm, 1);
}

void x86_shufps(X86Asm *a, X86Xmm dst, X86Xmm src, uint8_t imm)
{
    emit_op_imm(a, ENC_0F, 0xc6, dst, rm_reg(src), imm, 1);
}

/* Values are opcode << 8 | ModRM /digit of the 66 0F 71..73 groups. */
void x86_pshift_ri(X86Asm *a, X86PShiftOp op, X86Xmm r, uint8_t count)
{
    emit_op_imm(a, ENC_66 | ENC_0F, (unsigned)op >> 8, (int)(op & 7), rm_reg(r),
                count, 1);
}
