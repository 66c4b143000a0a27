/*
 * Lowering of arithmetic, logic, shifts, bit fields, width changes and
 * comparisons to x86-64. i32 values are kept zero-extended in registers.
 * Must not touch guest memory or control flow.
 */
#include <cpuid.h>

#include "tcg/x86_64/host_cpu.h"
#include "tcg/x86_64/lower.h"

static X86Asm *as(void)
{
    return &be.as;
}

static int op_width(const TCGOp *op)
{
    return temp_width(arg_temp(op, 0));
}

/* The width an ALU op computes in: its opcode's (liveness narrows i64
 * ops whose result is only zero-extended to their i32 twins, temps kept). */
static int alu_width(const TCGOp *op)
{
    switch (op->opc) {
    case INDEX_op_add_i32:
    case INDEX_op_sub_i32:
    case INDEX_op_and_i32:
    case INDEX_op_or_i32:
    case INDEX_op_xor_i32:
    case INDEX_op_mul_i32:
    case INDEX_op_andc_i32:
    case INDEX_op_shl_i32:
    case INDEX_op_add_shl_i32: return 32;
    default: return op_width(op);
    }
}

static void finish(const TCGOp *op, int nin, X86Reg out)
{
    ra_free_dead(op, 1, 1 + nin);
    ra_set_out(arg_temp(op, 0), out);
    if (arg_dies(op, 0))
        ra_release(out);
}

/*
 * out = a + b into a new register when a stays live: one lea instead of
 * a copy and an add (lea leaves the flags alone, which nothing needs).
 */
static bool lower_add_lea(const TCGOp *op, int w, X86Reg rb, int32_t imm)
{
    TCGTemp *out = arg_temp(op, 0), *a = arg_temp(op, 1);
    X86Reg rd;
    RegSet avoid;
    X86Mem m;

    if (a == out || (arg_dies(op, 1) && a->kind == TEMP_NORMAL))
        return false;
    /* A value read again later is worth a register of its own. */
    if (a->val_loc == VAL_MEM)
        ra_in(a, rb == X86_NOREG ? 0 : REGSET(rb));
    if (a->val_loc != VAL_REG)
        return false;
    avoid = REGSET(a->reg) | (rb == X86_NOREG ? 0 : REGSET(rb));
    rd = ra_alloc(avoid);
    m = rb == X86_NOREG ? x86_mem((X86Reg)a->reg, imm)
                        : x86_mem_idx((X86Reg)a->reg, rb, 1, 0);
    x86_lea(as(), w, rd, m);
    finish(op, 2, rd);
    return true;
}

/*
 * A guest register that is only in the CPU state: an op that can read it
 * there (a memory operand, an extending load) does so instead of taking a
 * register to load it into, which pays off in blocks with more live guest
 * registers than the host has (an LPC filter's coefficients).
 */
static bool reads_in_place(const TCGTemp *t)
{
    return t->kind == TEMP_GLOBAL && t->val_loc == VAL_MEM;
}

/* The output's register with a copy of a in it, for an op that reads b
 * in place: a guest register only in memory is loaded straight there,
 * not also given a register of its own (ra_out_from's choice for a
 * value read again later, which would leave fewer for the rest). */
static X86Reg out_from_a(const TCGOp *op)
{
    TCGTemp *out = arg_temp(op, 0), *a = arg_temp(op, 1);
    X86Reg r;

    if (!reads_in_place(a) || a == out)
        return ra_out_from(op, 0, 1, 0);
    r = ra_alloc(0);
    ra_copy_to(r, a);
    return r;
}

/* rd = rd OP b, b where it is now: its register (a == b loaded it for
 * ra_out_from) or its home. */
static void alu_with_global(int w, X86AluOp aop, X86Reg rd, TCGTemp *b)
{
    if (b->val_loc == VAL_REG)
        x86_alu_rr(as(), w, aop, rd, (X86Reg)b->reg);
    else
        x86_alu_rm(as(), w, aop, rd, ra_home(b));
}

/* out = a OP b for the ALU group (add, sub, and, or, xor). */
static void lower_alu_binary(const TCGOp *op, X86AluOp aop, bool commutes)
{
    int w = alu_width(op);
    TCGTemp *a = arg_temp(op, 1), *b = arg_temp(op, 2);
    int32_t imm = 0;
    X86Reg rb = X86_NOREG, rd;

    if (commutes && a->kind == TEMP_CONST && b->kind != TEMP_CONST) {
        TCGTemp *t = a;
        a = b;
        b = t; /* keep the constant second */
        TCGOp swapped = *op;
        swapped.args[1] = op->args[2];
        swapped.args[2] = op->args[1];
        swapped.life = (uint8_t)((op->life & 1) | ((op->life >> 1) & 2) |
                                 ((op->life << 1) & 4));
        lower_alu_binary(&swapped, aop, false);
        return;
    }
    if (reads_in_place(b)) {
        rd = out_from_a(op);
        alu_with_global(w, aop, rd, b);
        finish(op, 2, rd);
        return;
    }
    if (!ra_imm32(b, w, &imm))
        rb = ra_in(b, 0);
    if (aop == X86_ADD && lower_add_lea(op, w, rb, imm))
        return;
    rd = ra_out_from(op, 0, 1, rb == X86_NOREG ? 0 : REGSET(rb));
    if (rb == X86_NOREG)
        x86_alu_ri(as(), w, aop, rd, imm);
    else
        x86_alu_rr(as(), w, aop, rd, rb);
    finish(op, 2, rd);
}

/* out = a + (b << k), k 1 to 3: one lea (liveness folds the shift in). */
static void lower_add_shl(const TCGOp *op)
{
    int w = alu_width(op);
    X86Reg ra = ra_in(arg_temp(op, 1), 0);
    X86Reg rb = ra_in(arg_temp(op, 2), REGSET(ra));
    X86Reg rd;

    ra_free_dead(op, 1, 3);
    rd = ra_alloc(0);
    x86_lea(as(), w, rd, x86_mem_idx(ra, rb, 1 << op->args[3], 0));
    ra_set_out(arg_temp(op, 0), rd);
    if (arg_dies(op, 0))
        ra_release(rd);
}

static void lower_mul(const TCGOp *op)
{
    int w = alu_width(op);
    TCGTemp *b = arg_temp(op, 2);
    int32_t imm;

    if (ra_imm32(b, w, &imm)) {
        X86Reg ra = ra_in(arg_temp(op, 1), 0);
        X86Reg rd = ra_alloc(REGSET(ra));
        x86_imul_rri(as(), w, rd, ra, imm);
        finish(op, 2, rd);
        return;
    }
    if (reads_in_place(b)) {
        X86Reg rd = out_from_a(op);
        if (b->val_loc == VAL_REG)
            x86_imul_rr(as(), w, rd, (X86Reg)b->reg);
        else
            x86_imul_rm(as(), w, rd, ra_home(b));
        finish(op, 2, rd);
        return;
    }
    X86Reg rb = ra_in(b, 0);
    X86Reg rd = ra_out_from(op, 0, 1, REGSET(rb));
    x86_imul_rr(as(), w, rd, rb);
    finish(op, 2, rd);
}

static void lower_unary(const TCGOp *op, void (*emit)(X86Asm *, int, X86Reg))
{
    X86Reg rd = ra_out_from(op, 0, 1, 0);
    emit(as(), op_width(op), rd);
    finish(op, 1, rd);
}

static void lower_andc(const TCGOp *op)
{
    int w = alu_width(op);
    TCGTemp *b = arg_temp(op, 2);
    X86Reg rb = ra_in(b, 0);
    X86Reg rd = ra_out_from(op, 0, 1, REGSET(rb));

    x86_mov_rr(as(), 64, REG_SCRATCH, rb);
    x86_not(as(), w, REG_SCRATCH);
    x86_alu_rr(as(), w, X86_AND, rd, REG_SCRATCH);
    finish(op, 2, rd);
}

/* BMI2 (CPUID.(EAX=7,ECX=0):EBX bit 8). tcg_backend_code_version hashes
 * leaf 7, so a persistent cache made with shlx is not loaded on a host
 * without it. */
static bool host_has_bmi2(void)
{
    return (x86_host_cpu()->leaf7_ebx & bit_BMI2) != 0;
}

static void lower_shift(const TCGOp *op, X86ShiftOp sop)
{
    int w = alu_width(op);
    TCGTemp *b = arg_temp(op, 2);
    X86Reg rd;

    if (b->kind == TEMP_CONST) {
        rd = ra_out_from(op, 0, 1, 0);
        if ((b->val & (w - 1)) != 0)
            x86_shift_ri(as(), w, sop, rd, (uint8_t)(b->val & (w - 1)));
        finish(op, 2, rd);
        return;
    }
    if (sop != X86_ROR && host_has_bmi2()) {
        /* shlx/shrx/sarx: the count in any register, rcx left alone. */
        X86Reg rb = ra_in(b, 0);
        rd = ra_out_from(op, 0, 1, REGSET(rb));
        x86_shiftx(as(), w, sop, rd, rd, rb);
        finish(op, 2, rd);
        return;
    }
    /* Variable counts live in cl. */
    if (!(b->val_loc == VAL_REG && b->reg == X86_RCX)) {
        ra_evict(X86_RCX, 0);
        ra_copy_to(X86_RCX, b);
    }
    rd = ra_out_from(op, 0, 1, REGSET(X86_RCX));
    x86_shift_rcl(as(), w, sop, rd);
    finish(op, 2, rd);
}

static void lower_mul2(const TCGOp *op, bool is_signed)
{
    TCGTemp *a = arg_temp(op, 2), *b = arg_temp(op, 3);
    RegSet fixed = REGSET(X86_RAX) | REGSET(X86_RDX);
    X86Reg rb;

    ra_evict(X86_RAX, fixed);
    ra_evict(X86_RDX, fixed);
    rb = ra_in(b, fixed);
    ra_copy_to(X86_RAX, a);
    if (is_signed)
        x86_imul1_r(as(), 64, rb);
    else
        x86_mul_r(as(), 64, rb);
    ra_free_dead(op, 2, 4);
    ra_set_out(arg_temp(op, 0), X86_RAX);
    ra_set_out(arg_temp(op, 1), X86_RDX);
    if (arg_dies(op, 0))
        ra_release(X86_RAX);
    if (arg_dies(op, 1))
        ra_release(X86_RDX);
}

/*
 * divu/divs: x86 traps on a zero divisor and on MIN / -1, where the IR
 * gives 0 and MIN: those take branches of their own inside the op.
 */
static void lower_div(const TCGOp *op, bool is_signed)
{
    TCGTemp *a = arg_temp(op, 1), *b = arg_temp(op, 2);
    RegSet fixed = REGSET(X86_RAX) | REGSET(X86_RDX);
    uint8_t *to_zero, *to_neg = NULL, *done[2] = {NULL, NULL};
    X86Reg rb;

    ra_evict(X86_RAX, fixed);
    ra_evict(X86_RDX, fixed);
    rb = ra_in(b, fixed);
    ra_copy_to(X86_RAX, a);
    x86_test_rr(as(), 64, rb, rb);
    to_zero = x86_jcc32(as(), X86_CC_E);
    if (is_signed) {
        x86_alu_ri(as(), 64, X86_CMP, rb, -1);
        to_neg = x86_jcc32(as(), X86_CC_E);
        x86_cqo(as());
        x86_idiv_r(as(), 64, rb);
    } else {
        x86_alu_rr(as(), 32, X86_XOR, X86_RDX, X86_RDX);
        x86_div_r(as(), 64, rb);
    }
    done[0] = x86_jmp32(as());
    if (to_neg) {
        x86_patch_rel32(to_neg, be.as.p);
        x86_neg(as(), 64, X86_RAX); /* MIN stays MIN */
        done[1] = x86_jmp32(as());
    }
    x86_patch_rel32(to_zero, be.as.p);
    x86_alu_rr(as(), 32, X86_XOR, X86_RAX, X86_RAX);
    for (int i = 0; i < 2; i++)
        x86_patch_rel32(done[i], be.as.p);
    ra_free_dead(op, 1, 3);
    ra_set_out(arg_temp(op, 0), X86_RAX);
    if (arg_dies(op, 0))
        ra_release(X86_RAX);
}

/* clz via bsr, ctz via bsf; the if-zero value comes from a scratch cmov. */
static void lower_count(const TCGOp *op, bool leading)
{
    int w = op_width(op);
    TCGTemp *z = arg_temp(op, 2);
    X86Reg ra = ra_in(arg_temp(op, 1), 0);
    X86Reg rd = ra_alloc(REGSET(ra));

    ra_copy_to(REG_SCRATCH, z);
    if (leading) {
        x86_alu_ri(as(), w, X86_XOR, REG_SCRATCH, w - 1);
        x86_bsr(as(), w, rd, ra);
        x86_cmov(as(), w, X86_CC_E, rd, REG_SCRATCH);
        x86_alu_ri(as(), w, X86_XOR, rd, w - 1);
    } else {
        x86_bsf(as(), w, rd, ra);
        x86_cmov(as(), w, X86_CC_E, rd, REG_SCRATCH);
    }
    finish(op, 2, rd);
}

static void lower_bswap(const TCGOp *op)
{
    X86Reg rd = ra_out_from(op, 0, 1, 0);

    switch (op->opc) {
    case INDEX_op_bswap16_i32:
        x86_rol16_8(as(), rd);
        x86_movzx16(as(), rd, rd);
        break;
    case INDEX_op_bswap32_i32:
    case INDEX_op_bswap32_i64: x86_bswap(as(), 32, rd); break;
    default: x86_bswap(as(), 64, rd); break;
    }
    finish(op, 1, rd);
}

/* extract/sextract as a left shift then a right shift. */
static void lower_extract(const TCGOp *op, bool is_signed)
{
    int w = op_width(op);
    unsigned pos = (unsigned)op->args[2], len = (unsigned)op->args[3];
    X86Reg rd = ra_out_from(op, 0, 1, 0);
    unsigned left = (unsigned)w - pos - len;

    if (!is_signed && pos == 0 && len == 8) {
        x86_movzx8(as(), rd, rd);
    } else if (!is_signed && pos == 0 && len == 16) {
        x86_movzx16(as(), rd, rd);
    } else if (!is_signed && pos == 0 && len == 32) {
        x86_mov_rr(as(), 32, rd, rd);
    } else {
        if (left)
            x86_shift_ri(as(), w, X86_SHL, rd, (uint8_t)left);
        if (w - len)
            x86_shift_ri(as(), w, is_signed ? X86_SAR : X86_SHR, rd,
                         (uint8_t)(w - len));
    }
    finish(op, 1, rd);
}

/* Whether v, as a w-bit operand, is an x86 sign-extended imm32. */
static bool fits_imm32(int w, uint64_t v)
{
    return w == 32 || (int64_t)v == (int32_t)v;
}

/* Clears bits [pos, pos + len) of the w-bit value in rd. */
static void clear_field(int w, X86Reg rd, unsigned pos, unsigned len)
{
    uint64_t keep;

    if (len >= (unsigned)w) {
        x86_mov_ri(as(), rd, 0);
        return;
    }
    keep = ~(((1ull << len) - 1) << pos);
    if (w == 32)
        keep = (uint32_t)keep;
    if (pos + len == (unsigned)w && pos == 32) {
        x86_mov_rr(as(), 32, rd, rd);
    } else if (pos + len == (unsigned)w) {
        x86_shift_ri(as(), w, X86_SHL, rd, (uint8_t)len);
        x86_shift_ri(as(), w, X86_SHR, rd, (uint8_t)len);
    } else if (pos == 0) {
        x86_shift_ri(as(), w, X86_SHR, rd, (uint8_t)len);
        x86_shift_ri(as(), w, X86_SHL, rd, (uint8_t)len);
    } else if (fits_imm32(w, keep)) {
        x86_alu_ri(as(), w, X86_AND, rd, (int32_t)keep);
    } else {
        x86_mov_ri(as(), REG_SCRATCH, keep);
        x86_alu_rr(as(), w, X86_AND, rd, REG_SCRATCH);
    }
}

/* The scratch register = b's low len bits moved up to pos, nothing else. */
static void field_to_scratch(int w, X86Reg rb, unsigned pos, unsigned len)
{
    if (len >= (unsigned)w) {
        x86_mov_rr(as(), w, REG_SCRATCH, rb);
        return;
    }
    if (w == 64 && pos == 0 && len == 32) {
        x86_mov_rr(as(), 32, REG_SCRATCH, rb);
        return;
    }
    x86_mov_rr(as(), 64, REG_SCRATCH, rb);
    if (pos + len == (unsigned)w) {
        x86_shift_ri(as(), w, X86_SHL, REG_SCRATCH, (uint8_t)pos);
        return;
    }
    x86_shift_ri(as(), w, X86_SHL, REG_SCRATCH, (uint8_t)(w - len));
    x86_shift_ri(as(), w, X86_SHR, REG_SCRATCH, (uint8_t)(w - len - pos));
}

/*
 * deposit: clear the field in a, or in b's bits. A constant b (MOVK onto
 * a register not known at translation) becomes an immediate.
 */
static void lower_deposit(const TCGOp *op)
{
    int w = op_width(op);
    unsigned pos = (unsigned)op->args[3], len = (unsigned)op->args[4];
    TCGTemp *b = arg_temp(op, 2);
    uint64_t bits;
    X86Reg rb, rd;

    if (b->kind == TEMP_CONST) {
        rd = ra_out_from(op, 0, 1, 0);
        bits = len >= 64 ? (uint64_t)b->val
                         : ((uint64_t)b->val & ((1ull << len) - 1)) << pos;
        if (w == 32)
            bits = (uint32_t)bits;
        clear_field(w, rd, pos, len);
        if (bits && fits_imm32(w, bits)) {
            x86_alu_ri(as(), w, X86_OR, rd, (int32_t)bits);
        } else if (bits) {
            x86_mov_ri(as(), REG_SCRATCH, bits);
            x86_alu_rr(as(), w, X86_OR, rd, REG_SCRATCH);
        }
        finish(op, 2, rd);
        return;
    }
    rb = ra_in(b, 0);
    rd = ra_out_from(op, 0, 1, REGSET(rb));
    clear_field(w, rd, pos, len);
    field_to_scratch(w, rb, pos, len);
    x86_alu_rr(as(), w, X86_OR, rd, REG_SCRATCH);
    finish(op, 2, rd);
}

static bool zero_extends_32(TCGOpcode opc)
{
    return opc == INDEX_op_ext32u_i64 || opc == INDEX_op_extu_i32_i64 ||
           opc == INDEX_op_extrl_i64_i32;
}

/*
 * Where an extension puts its result: a pinned output's own register, or
 * for a 32-bit zero-extension the register of an input that dies there
 * (a 32-bit move onto itself clears the top half), else a new one.
 */
static X86Reg ext_out_reg(const TCGOp *op, X86Reg ra)
{
    TCGTemp *out = arg_temp(op, 0), *in = arg_temp(op, 1);

    if (out->pinned)
        return (X86Reg)out->reg;
    if (zero_extends_32(op->opc) && arg_dies(op, 1) &&
        in->kind == TEMP_NORMAL) {
        ra_disown(ra);
        in->val_loc = VAL_DEAD;
        return ra;
    }
    return ra_alloc(REGSET(ra));
}

/* How an extension loads its input from memory, and the destination
 * width (an i32 result stays zero-extended); false for one that cannot. */
static bool ext_as_load(TCGOpcode opc, X86LoadKind *kind, int *width,
                        int32_t *offset)
{
    *width = 32;
    *offset = 0;
    switch (opc) {
    case INDEX_op_ext8s_i64: *width = 64; /* fall through */
    case INDEX_op_ext8s_i32: *kind = X86_LD_S8; return true;
    case INDEX_op_ext8u_i64:
    case INDEX_op_ext8u_i32: *kind = X86_LD_U8; return true;
    case INDEX_op_ext16s_i64: *width = 64; /* fall through */
    case INDEX_op_ext16s_i32: *kind = X86_LD_S16; return true;
    case INDEX_op_ext16u_i64:
    case INDEX_op_ext16u_i32: *kind = X86_LD_U16; return true;
    case INDEX_op_ext32s_i64:
    case INDEX_op_exts_i32_i64:
        *kind = X86_LD_S32;
        *width = 64;
        return true;
    case INDEX_op_extrh_i64_i32: *offset = 4; /* fall through */
    case INDEX_op_ext32u_i64:
    case INDEX_op_extrl_i64_i32:
    case INDEX_op_extu_i32_i64: *kind = X86_LD_U32; return true;
    default: return false;
    }
}

/* An extension of a guest register that is only in the CPU state: one
 * extending load into the output's register, no register for the input
 * (a 32-bit ORR move of a register, in a block with more live guest
 * registers than the host has). */
static bool lower_ext_of_global(const TCGOp *op)
{
    TCGTemp *out = arg_temp(op, 0), *in = arg_temp(op, 1);
    X86LoadKind kind;
    int width;
    int32_t offset;
    X86Mem home;
    X86Reg rd;

    if (!reads_in_place(in) || in == out ||
        !ext_as_load((TCGOpcode)op->opc, &kind, &width, &offset))
        return false;
    rd = out->pinned ? (X86Reg)out->reg : ra_alloc(0);
    home = ra_home(in);
    home.disp += offset;
    x86_load(as(), kind, width, rd, home);
    finish(op, 1, rd);
    return true;
}

static void lower_ext(const TCGOp *op)
{
    if (lower_ext_of_global(op))
        return;
    X86Reg ra = ra_in(arg_temp(op, 1), 0);
    X86Reg rd = ext_out_reg(op, ra);

    switch (op->opc) {
    case INDEX_op_ext8s_i64: x86_movsx8(as(), 64, rd, ra); break;
    case INDEX_op_ext8s_i32: x86_movsx8(as(), 32, rd, ra); break;
    case INDEX_op_ext8u_i64:
    case INDEX_op_ext8u_i32: x86_movzx8(as(), rd, ra); break;
    case INDEX_op_ext16s_i64: x86_movsx16(as(), 64, rd, ra); break;
    case INDEX_op_ext16s_i32: x86_movsx16(as(), 32, rd, ra); break;
    case INDEX_op_ext16u_i64:
    case INDEX_op_ext16u_i32: x86_movzx16(as(), rd, ra); break;
    case INDEX_op_ext32s_i64:
    case INDEX_op_exts_i32_i64: x86_movsxd(as(), rd, ra); break;
    case INDEX_op_extrh_i64_i32:
        x86_mov_rr(as(), 64, rd, ra);
        x86_shift_ri(as(), 64, X86_SHR, rd, 32);
        break;
    case INDEX_op_extu_i32_i64:
        /* An i32 value is zero-extended in its register already. */
        if (rd != ra)
            x86_mov_rr(as(), 32, rd, ra);
        break;
    default: /* ext32u, extrl: a 32-bit move zero-extends */
        x86_mov_rr(as(), 32, rd, ra);
        break;
    }
    finish(op, 1, rd);
}

/*
 * A global set from a value that stays live elsewhere (a temp used again,
 * a constant) is stored straight to its home when the block names it no
 * more soon: the block end would store it anyway, and no register or
 * copy is spent on it. One read or written again soon gets a register
 * (a copy), so a guest register set several times in a block (an
 * interpreter's scratch) is stored once, not at every write, and one
 * read again is not loaded back.
 */
static bool lower_mov_to_global(const TCGOp *op)
{
    TCGTemp *out = arg_temp(op, 0), *in = arg_temp(op, 1);
    int32_t imm;

    if (out->kind != TEMP_GLOBAL || out->pinned || ra_named_soon(out))
        return false;
    if (ra_imm32(in, temp_width(out), &imm)) {
        x86_store_imm(as(), temp_width(out), ra_home(out), imm);
    } else if (in->val_loc == VAL_REG && !arg_dies(op, 1)) {
        x86_store(as(), temp_width(out), ra_home(out), (X86Reg)in->reg);
    } else {
        return false;
    }
    if (out->val_loc == VAL_REG)
        ra_release((X86Reg)out->reg);
    out->val_loc = VAL_MEM;
    out->mem_coherent = true;
    ra_free_dead(op, 1, 2);
    return true;
}

static void lower_mov(const TCGOp *op)
{
    TCGTemp *out = arg_temp(op, 0), *in = arg_temp(op, 1);
    X86Reg rd;

    if (lower_mov_to_global(op))
        return;
    if (in->val_loc == VAL_REG && arg_dies(op, 1) && in->kind == TEMP_NORMAL) {
        rd = (X86Reg)in->reg;
        ra_disown(rd);
        in->val_loc = VAL_DEAD;
    } else {
        RegSet avoid = 0;
        if (in->val_loc == VAL_MEM && !arg_dies(op, 1))
            avoid = REGSET(ra_in(in, 0)); /* read again later: keep it */
        rd = out->val_loc == VAL_REG ? (X86Reg)out->reg : ra_alloc(avoid);
        ra_copy_to(rd, in);
        if (out->type == TCG_TYPE_I32 && in->val_loc == VAL_REG)
            x86_mov_rr(as(), 32, rd, rd);
    }
    finish(op, 1, rd);
}

X86Cond lower_compare(int w, TCGCond cond, TCGTemp *a, TCGTemp *b, RegSet avoid)
{
    static const X86Cond map[] = {
        [TCG_COND_EQ] = X86_CC_E,    [TCG_COND_NE] = X86_CC_NE,
        [TCG_COND_LT] = X86_CC_L,    [TCG_COND_GE] = X86_CC_GE,
        [TCG_COND_LE] = X86_CC_LE,   [TCG_COND_GT] = X86_CC_G,
        [TCG_COND_LTU] = X86_CC_B,   [TCG_COND_GEU] = X86_CC_AE,
        [TCG_COND_LEU] = X86_CC_BE,  [TCG_COND_GTU] = X86_CC_A,
        [TCG_COND_TSTEQ] = X86_CC_E, [TCG_COND_TSTNE] = X86_CC_NE,
    };
    bool test = cond == TCG_COND_TSTEQ || cond == TCG_COND_TSTNE;
    X86Reg ra;
    int32_t imm;

    /* A guest register only in the CPU state is compared there. */
    if (!test && reads_in_place(a) && ra_imm32(b, w, &imm)) {
        x86_alu_mi(as(), w, X86_CMP, ra_home(a), imm);
        return map[cond];
    }
    ra = ra_in(a, avoid);
    if (!test && reads_in_place(b)) {
        x86_alu_rm(as(), w, X86_CMP, ra, ra_home(b));
    } else if (ra_imm32(b, w, &imm)) {
        if (test)
            x86_test_ri(as(), w, ra, imm);
        else if (imm == 0 && (cond == TCG_COND_EQ || cond == TCG_COND_NE))
            x86_test_rr(as(), w, ra, ra);
        else
            x86_alu_ri(as(), w, X86_CMP, ra, imm);
    } else {
        X86Reg rb = ra_in(b, avoid | REGSET(ra));
        if (test)
            x86_test_rr(as(), w, ra, rb);
        else
            x86_alu_rr(as(), w, X86_CMP, ra, rb);
    }
    return map[cond];
}

static void lower_setcond(const TCGOp *op)
{
    int w = temp_width(arg_temp(op, 1));
    TCGTemp *a = arg_temp(op, 1), *b = arg_temp(op, 2);
    X86Reg rd;
    X86Cond cc;

    /* Load inputs first so the output register cannot collide. */
    ra_in(a, 0);
    if (b->kind != TEMP_CONST)
        ra_in(b, REGSET(a->reg));
    rd =
        ra_alloc(REGSET(a->reg) | (b->val_loc == VAL_REG ? REGSET(b->reg) : 0));
    cc = lower_compare(w, (TCGCond)op->args[3], a, b, REGSET(rd));
    x86_setcc(as(), cc, rd);
    x86_movzx8(as(), rd, rd);
    finish(op, 2, rd);
}

static void lower_movcond(const TCGOp *op)
{
    int w = op_width(op);
    TCGTemp *c1 = arg_temp(op, 1), *c2 = arg_temp(op, 2);
    TCGTemp *v1 = arg_temp(op, 3);
    RegSet used;
    X86Reg r1, rd;
    X86Cond cc;

    ra_in(c1, 0);
    used = REGSET(c1->reg);
    if (c2->kind != TEMP_CONST) {
        ra_in(c2, used);
        used |= REGSET(c2->reg);
    }
    r1 = ra_in(v1, used);
    used |= REGSET(r1);
    rd = ra_alloc(used);
    ra_copy_to(rd, arg_temp(op, 4));
    cc = lower_compare(w, (TCGCond)op->args[5], c1, c2, used | REGSET(rd));
    x86_cmov(as(), w, cc, rd, r1);
    finish(op, 4, rd);
}

bool lower_alu(TCGOp *op)
{
    switch (op->opc) {
    case INDEX_op_mov_i32:
    case INDEX_op_mov_i64: lower_mov(op); return true;
    case INDEX_op_add_i32:
    case INDEX_op_add_i64: lower_alu_binary(op, X86_ADD, true); return true;
    case INDEX_op_add_shl_i32:
    case INDEX_op_add_shl_i64: lower_add_shl(op); return true;
    case INDEX_op_sub_i32:
    case INDEX_op_sub_i64: lower_alu_binary(op, X86_SUB, false); return true;
    case INDEX_op_and_i32:
    case INDEX_op_and_i64: lower_alu_binary(op, X86_AND, true); return true;
    case INDEX_op_or_i32:
    case INDEX_op_or_i64: lower_alu_binary(op, X86_OR, true); return true;
    case INDEX_op_xor_i32:
    case INDEX_op_xor_i64: lower_alu_binary(op, X86_XOR, true); return true;
    case INDEX_op_andc_i32:
    case INDEX_op_andc_i64: lower_andc(op); return true;
    case INDEX_op_mul_i32:
    case INDEX_op_mul_i64: lower_mul(op); return true;
    case INDEX_op_neg_i32:
    case INDEX_op_neg_i64: lower_unary(op, x86_neg); return true;
    case INDEX_op_not_i32:
    case INDEX_op_not_i64: lower_unary(op, x86_not); return true;
    case INDEX_op_shl_i32:
    case INDEX_op_shl_i64: lower_shift(op, X86_SHL); return true;
    case INDEX_op_shr_i32:
    case INDEX_op_shr_i64: lower_shift(op, X86_SHR); return true;
    case INDEX_op_sar_i32:
    case INDEX_op_sar_i64: lower_shift(op, X86_SAR); return true;
    case INDEX_op_rotr_i32:
    case INDEX_op_rotr_i64: lower_shift(op, X86_ROR); return true;
    case INDEX_op_mulu2_i64: lower_mul2(op, false); return true;
    case INDEX_op_muls2_i64: lower_mul2(op, true); return true;
    case INDEX_op_divu_i64: lower_div(op, false); return true;
    case INDEX_op_divs_i64: lower_div(op, true); return true;
    case INDEX_op_clz_i32:
    case INDEX_op_clz_i64: lower_count(op, true); return true;
    case INDEX_op_ctz_i32:
    case INDEX_op_ctz_i64: lower_count(op, false); return true;
    case INDEX_op_bswap16_i32:
    case INDEX_op_bswap32_i32:
    case INDEX_op_bswap32_i64:
    case INDEX_op_bswap64_i64: lower_bswap(op); return true;
    case INDEX_op_extract_i32:
    case INDEX_op_extract_i64: lower_extract(op, false); return true;
    case INDEX_op_sextract_i32:
    case INDEX_op_sextract_i64: lower_extract(op, true); return true;
    case INDEX_op_deposit_i32:
    case INDEX_op_deposit_i64: lower_deposit(op); return true;
    case INDEX_op_ext8s_i64:
    case INDEX_op_ext8u_i64:
    case INDEX_op_ext16s_i64:
    case INDEX_op_ext16u_i64:
    case INDEX_op_ext32s_i64:
    case INDEX_op_ext32u_i64:
    case INDEX_op_ext8s_i32:
    case INDEX_op_ext8u_i32:
    case INDEX_op_ext16s_i32:
    case INDEX_op_ext16u_i32:
    case INDEX_op_extu_i32_i64:
    case INDEX_op_exts_i32_i64:
    case INDEX_op_extrl_i64_i32:
    case INDEX_op_extrh_i64_i32: lower_ext(op); return true;
    case INDEX_op_setcond_i32:
    case INDEX_op_setcond_i64: lower_setcond(op); return true;
    case INDEX_op_movcond_i32:
    case INDEX_op_movcond_i64: lower_movcond(op); return true;
    default: return false;
    }
}
