/* Typed x86-64 machine-code encoder for the JIT backend: one small x86_<insn>()
 * per host instruction, each picking the shortest encoding. It only writes
 * bytes: it must not know about IR ops, guest state or register allocation. */
#ifndef ARX_TCG_X86_64_EMIT_H
#define ARX_TCG_X86_64_EMIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum {
    X86_RAX,
    X86_RCX,
    X86_RDX,
    X86_RBX,
    X86_RSP,
    X86_RBP,
    X86_RSI,
    X86_RDI,
    X86_R8,
    X86_R9,
    X86_R10,
    X86_R11,
    X86_R12,
    X86_R13,
    X86_R14,
    X86_R15,
    X86_NOREG = -1
} X86Reg;

typedef enum {
    X86_XMM0,
    X86_XMM1,
    X86_XMM2,
    X86_XMM3,
    X86_XMM4,
    X86_XMM5,
    X86_XMM6,
    X86_XMM7,
    X86_XMM8,
    X86_XMM9,
    X86_XMM10,
    X86_XMM11,
    X86_XMM12,
    X86_XMM13,
    X86_XMM14,
    X86_XMM15
} X86Xmm;

/* Values are the hardware condition codes, so cc ^ 1 is the inverse. */
typedef enum {
    X86_CC_O,
    X86_CC_NO,
    X86_CC_B,
    X86_CC_AE,
    X86_CC_E,
    X86_CC_NE,
    X86_CC_BE,
    X86_CC_A,
    X86_CC_S,
    X86_CC_NS,
    X86_CC_P,
    X86_CC_NP,
    X86_CC_L,
    X86_CC_GE,
    X86_CC_LE,
    X86_CC_G
} X86Cond;

/* Values are the ModRM /digit of the 80..83 group. */
typedef enum {
    X86_ADD,
    X86_OR,
    X86_ADC,
    X86_SBB,
    X86_AND,
    X86_SUB,
    X86_XOR,
    X86_CMP
} X86AluOp;

/* Values are the ModRM /digit of the C0/C1/D1/D3 group. */
typedef enum {
    X86_ROL = 0,
    X86_ROR = 1,
    X86_SHL = 4,
    X86_SHR = 5,
    X86_SAR = 7
} X86ShiftOp;

typedef enum {
    X86_LD_U8,
    X86_LD_S8,
    X86_LD_U16,
    X86_LD_S16,
    X86_LD_U32,
    X86_LD_S32,
    X86_LD_64
} X86LoadKind;

/* Scalar SSE arithmetic; ucomis* only sets flags. */
typedef enum {
    X86_ADDSD,
    X86_SUBSD,
    X86_MULSD,
    X86_DIVSD,
    X86_SQRTSD,
    X86_MINSD,
    X86_MAXSD,
    X86_ADDSS,
    X86_SUBSS,
    X86_MULSS,
    X86_DIVSS,
    X86_SQRTSS,
    X86_MINSS,
    X86_MAXSS,
    X86_UCOMISD,
    X86_UCOMISS,
    X86_COMISD, /* comis*: invalid for quiet NaNs too; ucomis*: signalling only
                 */
    X86_COMISS,
    X86_CVTSD2SS,
    X86_CVTSS2SD
} X86SseOp;

/* Packed integer SSE: SSE2 unless marked; the caller checks the host. */
typedef enum {
    X86_PADDB,
    X86_PADDW,
    X86_PADDD,
    X86_PADDQ,
    X86_PSUBB,
    X86_PSUBW,
    X86_PSUBD,
    X86_PSUBQ,
    X86_PMULLW,
    X86_PMULHW,
    X86_PMULHUW,
    X86_PMULUDQ,
    X86_PAND,
    X86_PANDN,
    X86_POR,
    X86_PXOR, /* pandn: dst = ~dst & src */
    X86_PCMPEQB,
    X86_PCMPEQW,
    X86_PCMPEQD,
    X86_PCMPGTB,
    X86_PCMPGTW,
    X86_PCMPGTD,
    X86_PMINUB,
    X86_PMAXUB,
    X86_PMINSW,
    X86_PMAXSW,
    X86_PUNPCKLBW,
    X86_PUNPCKLWD,
    X86_PUNPCKLDQ,
    X86_PUNPCKLQDQ,
    X86_PUNPCKHBW,
    X86_PUNPCKHWD,
    X86_PUNPCKHDQ,
    X86_PUNPCKHQDQ,
    X86_PACKSSWB,
    X86_PACKUSWB,
    X86_PACKSSDW,
    X86_PSHUFB,
    X86_PABSB,
    X86_PABSW,
    X86_PABSD, /* SSSE3 */
    X86_PMULLD,
    X86_PMULDQ,
    X86_PMINSB,
    X86_PMINSD,
    X86_PMINUW, /* SSE4.1 */
    X86_PMINUD,
    X86_PMAXSB,
    X86_PMAXSD,
    X86_PMAXUW,
    X86_PMAXUD,
    X86_PCMPEQQ,
    X86_PTEST, /* SSE4.1: no destination; ZF = ((dst & src) == 0) */
    X86_PACKUSDW,
    X86_PCMPGTQ, /* SSE4.2 */
    X86_PSUBUSB,
    X86_PSUBUSW,
    X86_PMADDWD,
    X86_PSADBW,
    X86_PMADDUBSW, /* SSSE3 */
    X86_PMOVSXBW,
    X86_PMOVSXWD,
    X86_PMOVSXDQ, /* SSE4.1 */
    X86_PMOVZXBW,
    X86_PMOVZXWD,
    X86_PMOVZXDQ,
    X86_PADDSB,
    X86_PADDSW,
    X86_PADDUSB,
    X86_PADDUSW,
    X86_PSUBSB,
    X86_PSUBSW,
    X86_PMULHRSW, /* SSSE3 */
    /* AVX2, VEX only (x86_vpacked_rrr): each element of src1 shifted by
     * the count in the same element of src2, unsigned (a count of at least
     * the element's bits gives 0, or sign copies for vpsravd). */
    X86_VPSLLVD,
    X86_VPSRLVD,
    X86_VPSRAVD,
    X86_VPSLLVQ,
    X86_VPSRLVQ,
} X86PackedOp;

/* Packed shifts by immediate: opcode << 8 | ModRM /digit. */
typedef enum {
    X86_PSRLW = 0x7102,
    X86_PSRAW = 0x7104,
    X86_PSLLW = 0x7106,
    X86_PSRLD = 0x7202,
    X86_PSRAD = 0x7204,
    X86_PSLLD = 0x7206,
    X86_PSRLQ = 0x7302,
    X86_PSLLQ = 0x7306,
    X86_PSRLDQ = 0x7303,
    X86_PSLLDQ = 0x7307, /* whole register, in bytes */
} X86PShiftOp;

/* Emitting past end sets overflow and writes nothing, then or afterwards:
 * a whole instruction is either written or not, so the caller can retry the
 * block in a fresh buffer without looking at partial output. */
typedef struct X86Asm {
    uint8_t *start, *p, *end;
    bool overflow;
} X86Asm;

/* base or index may be X86_NOREG; both NOREG means absolute [disp32].
 * index must not be rsp (the encoding has no rsp index). */
typedef struct X86Mem {
    X86Reg base;
    X86Reg index;
    uint8_t scale; /* 1, 2, 4 or 8 */
    int32_t disp;
} X86Mem;

static inline X86Mem x86_mem(X86Reg base, int32_t disp)
{
    return (X86Mem){.base = base, .index = X86_NOREG, .scale = 1, .disp = disp};
}

static inline X86Mem x86_mem_idx(X86Reg base, X86Reg index, int scale,
                                 int32_t disp)
{
    return (X86Mem){
        .base = base, .index = index, .scale = (uint8_t)scale, .disp = disp};
}

static inline X86Mem x86_mem_abs(int32_t addr)
{
    return (X86Mem){
        .base = X86_NOREG, .index = X86_NOREG, .scale = 1, .disp = addr};
}

static inline bool x86_fits_i8(int64_t v)
{
    return v >= INT8_MIN && v <= INT8_MAX;
}
static inline bool x86_fits_i32(int64_t v)
{
    return v >= INT32_MIN && v <= INT32_MAX;
}

void x86_asm_init(X86Asm *a, void *buf, size_t size);
static inline size_t x86_asm_size(const X86Asm *a)
{
    return (size_t)(a->p - a->start);
}

/* sz is always 32 or 64; 32-bit results zero-extend into the full register. */

/* Moves and integer ALU. */
void x86_mov_rr(X86Asm *a, int sz, X86Reg dst, X86Reg src);
/* Shortest of mov r32,imm32 / REX.W C7 imm32 / movabs; never xor (flags
 * survive). */
void x86_mov_ri(X86Asm *a, X86Reg dst, uint64_t imm);
void x86_alu_rr(X86Asm *a, int sz, X86AluOp op, X86Reg dst, X86Reg src);
void x86_alu_ri(X86Asm *a, int sz, X86AluOp op, X86Reg dst, int32_t imm);
void x86_alu_rm(X86Asm *a, int sz, X86AluOp op, X86Reg dst,
                X86Mem m); /* dst op= [m] */
void x86_alu_mr(X86Asm *a, int sz, X86AluOp op, X86Mem m,
                X86Reg src); /* [m] op= src */
void x86_alu_mi(X86Asm *a, int sz, X86AluOp op, X86Mem m, int32_t imm);
void x86_test_rr(X86Asm *a, int sz, X86Reg r1, X86Reg r2);
/* imm 0..127 uses test r8,imm8: every flag comes out the same. */
void x86_test_ri(X86Asm *a, int sz, X86Reg r, int32_t imm);
void x86_shift_ri(X86Asm *a, int sz, X86ShiftOp op, X86Reg dst, uint8_t count);
void x86_shift_rcl(X86Asm *a, int sz, X86ShiftOp op,
                   X86Reg dst); /* count in cl */
void x86_neg(X86Asm *a, int sz, X86Reg r);
void x86_not(X86Asm *a, int sz, X86Reg r);
void x86_imul_rr(X86Asm *a, int sz, X86Reg dst, X86Reg src);
void x86_imul_rm(X86Asm *a, int sz, X86Reg dst, X86Mem m);
void x86_imul_rri(X86Asm *a, int sz, X86Reg dst, X86Reg src, int32_t imm);
void x86_mul_r(X86Asm *a, int sz, X86Reg r);   /* rdx:rax = rax * r, unsigned */
void x86_imul1_r(X86Asm *a, int sz, X86Reg r); /* rdx:rax = rax * r, signed */
void x86_div_r(X86Asm *a, int sz,
               X86Reg r); /* rax, rdx = rdx:rax / r, unsigned */
void x86_idiv_r(X86Asm *a, int sz, X86Reg r);
void x86_cqo(X86Asm *a); /* rdx = sign of rax */
void x86_cdq(X86Asm *a); /* edx = sign of eax */

/* Extensions; byte sources 4..7 get a REX so they mean spl..dil, not ah..bh. */
void x86_movzx8(X86Asm *a, X86Reg dst,
                X86Reg src); /* 32-bit dst zero-extends */
void x86_movzx16(X86Asm *a, X86Reg dst, X86Reg src);
void x86_movsx8(X86Asm *a, int sz, X86Reg dst, X86Reg src);
void x86_movsx16(X86Asm *a, int sz, X86Reg dst, X86Reg src);
void x86_movsxd(X86Asm *a, X86Reg dst, X86Reg src);

/* Bit manipulation. lzcnt/tzcnt/popcnt need the host feature (ABM/BMI1/POPCNT).
 */
void x86_bswap(X86Asm *a, int sz, X86Reg r);
void x86_rol16_8(X86Asm *a, X86Reg r); /* rol r16,8: swaps the low two bytes */
void x86_bsr(X86Asm *a, int sz, X86Reg dst, X86Reg src);
void x86_bsf(X86Asm *a, int sz, X86Reg dst, X86Reg src);
void x86_lzcnt(X86Asm *a, int sz, X86Reg dst, X86Reg src);
void x86_tzcnt(X86Asm *a, int sz, X86Reg dst, X86Reg src);
void x86_popcnt(X86Asm *a, int sz, X86Reg dst, X86Reg src);
/* BMI2 shlx/shrx/sarx (op X86_SHL, X86_SHR, X86_SAR): dst = src shifted by
 * count modulo sz, flags untouched; the host needs BMI2. */
void x86_shiftx(X86Asm *a, int sz, X86ShiftOp op, X86Reg dst, X86Reg src,
                X86Reg count);

/* Loads and stores. sz is the destination size of sign-extending kinds;
 * zero-extending kinds always write 32 bits (which clears the top half). */
void x86_load(X86Asm *a, X86LoadKind kind, int sz, X86Reg dst, X86Mem m);
void x86_store(X86Asm *a, int bits, X86Mem m, X86Reg src); /* bits 8/16/32/64 */
void x86_store_imm(X86Asm *a, int bits, X86Mem m,
                   int32_t imm); /* 64: sign-extended */
void x86_lea(X86Asm *a, int sz, X86Reg dst, X86Mem m);
/* lea dst, [rip + ...]: the address of target (within 2 GiB). */
void x86_lea_rip(X86Asm *a, X86Reg dst, const void *target);

/* Flags consumers. setcc writes only the low byte of r. */
void x86_setcc(X86Asm *a, X86Cond cc, X86Reg r);
void x86_cmov(X86Asm *a, int sz, X86Cond cc, X86Reg dst, X86Reg src);

/* Branches. jcc32/jmp32 emit rel32 = 0 and return the rel32 field to patch,
 * or NULL when the buffer overflowed (x86_patch_rel32 ignores NULL). */
uint8_t *x86_jcc32(X86Asm *a, X86Cond cc);
uint8_t *x86_jmp32(X86Asm *a);
/* One 4-byte store; other threads see old or new target when the field is
 * 4-byte aligned (see x86_align_rel32). */
void x86_patch_rel32(uint8_t *field, const void *target);
/* Pads with nops so the rel32 field of the next instruction, which follows
 * opcode_len opcode bytes, is 4-byte aligned and can be patched atomically. */
void x86_align_rel32(X86Asm *a, int opcode_len);
/* rel8 when it fits, else rel32; beyond +-2 GiB an indirect jump through an
 * inline 8-byte literal (jcc: inverted jcc over it). */
void x86_jmp_to(X86Asm *a, const void *target);
void x86_jcc_to(X86Asm *a, X86Cond cc, const void *target);
void x86_jmp_r(X86Asm *a, X86Reg r);
void x86_jmp_m(X86Asm *a, X86Mem m); /* jmp *m */
void x86_call_r(X86Asm *a, X86Reg r);
/* call rel32 when fn is within reach of a->p, else mov r11,fn; call r11.
 * Clobbers r11 either way as far as callers may assume. */
void x86_call_abs(X86Asm *a, const void *fn);

/* Stack and miscellany. */
void x86_push(X86Asm *a, X86Reg r);
void x86_pop(X86Asm *a, X86Reg r);
/* Raw bytes in the instruction stream (data a stub reads). */
void x86_data(X86Asm *a, const void *bytes, size_t n);
void x86_ret(X86Asm *a);
void x86_mfence(X86Asm *a);
void x86_ud2(X86Asm *a);
void x86_hlt(X86Asm *a); /* #GP at user level: SIGSEGV, si_code SI_KERNEL */
void x86_int3(X86Asm *a);
void x86_nop(X86Asm *a,
             int bytes); /* recommended multi-byte nops, any length */

/* Atomics. cmpxchg compares with rax/eax/ax/al, which also receives the old
 * value; cmpxchg16b compares rdx:rax and stores rcx:rbx (m 16-byte aligned).
 * xchg with memory is locked implicitly. lock_alu_mr: any op but CMP. */
void x86_lock_cmpxchg(X86Asm *a, int bits, X86Mem m, X86Reg src);
void x86_lock_cmpxchg16b(X86Asm *a, X86Mem m);
void x86_xchg_mr(X86Asm *a, int bits, X86Mem m, X86Reg r);
void x86_lock_xadd(X86Asm *a, int bits, X86Mem m, X86Reg r);
void x86_lock_alu_mr(X86Asm *a, int bits, X86AluOp op, X86Mem m, X86Reg r);

/* SSE2 scalar basics. sz selects movd/movq and 32/64-bit integer conversions.
 */
void x86_movq_xr(X86Asm *a, int sz, X86Xmm dst, X86Reg src);
void x86_movq_rx(X86Asm *a, int sz, X86Reg dst, X86Xmm src);
void x86_movaps_rr(X86Asm *a, X86Xmm dst, X86Xmm src);
void x86_xorps_rr(X86Asm *a, X86Xmm dst, X86Xmm src);
void x86_movsd_load(X86Asm *a, X86Xmm dst, X86Mem m);
void x86_movsd_store(X86Asm *a, X86Mem m, X86Xmm src);
void x86_movss_load(X86Asm *a, X86Xmm dst, X86Mem m);
void x86_movss_store(X86Asm *a, X86Mem m, X86Xmm src);
void x86_sse_rr(X86Asm *a, X86SseOp op, X86Xmm dst, X86Xmm src);
void x86_sse_rm(X86Asm *a, X86SseOp op, X86Xmm dst, X86Mem m);
/* AVX (the caller has checked the host): dst = src1 op src2 on the low
 * element, the rest of dst from src1 (vsqrtsd: the root of src2). */
void x86_vsse_rrr(X86Asm *a, X86SseOp op, X86Xmm dst, X86Xmm src1, X86Xmm src2);
/* Scalar fused multiply-add (FMA3, VEX): dst = +-(src1 * src2) +- dst,
 * single (bits 32) or double (64). The caller checks the host has FMA. */
typedef enum {
    X86_VFMADD231,  /* dst = src1 * src2 + dst */
    X86_VFMSUB231,  /* dst = src1 * src2 - dst */
    X86_VFNMADD231, /* dst = -(src1 * src2) + dst */
    X86_VFNMSUB231, /* dst = -(src1 * src2) - dst */
} X86FmaOp;
void x86_vfma231(X86Asm *a, X86FmaOp op, int bits, X86Xmm dst, X86Xmm src1,
                 X86Xmm src2);
/* The same on each element of a 128-bit register (packed). */
void x86_vfma231_packed(X86Asm *a, X86FmaOp op, int bits, X86Xmm dst,
                        X86Xmm src1, X86Xmm src2);
/* Packed IEEE arithmetic on single (bits 32) or double (64) elements. */
typedef enum {
    X86_FP_ADD = 0x58,
    X86_FP_MUL = 0x59,
    X86_FP_SUB = 0x5c,
    X86_FP_DIV = 0x5e,
    X86_FP_CVT = 0x5a, /* bits 32: cvtps2pd (the low two singles) */
} X86PackedFpOp;
void x86_packed_fp(X86Asm *a, X86PackedFpOp op, int bits, X86Xmm dst,
                   X86Xmm src);
/* MXCSR to and from memory (its flags are the guest's cumulative ones). */
void x86_stmxcsr(X86Asm *a, X86Mem m);
void x86_ldmxcsr(X86Asm *a, X86Mem m);
/* cmpunordps/pd: all ones in each element of dst that is a NaN in dst or
 * src. */
void x86_cmp_unord(X86Asm *a, int bits, X86Xmm dst, X86Xmm src);
/* AVX three-operand forms of the two above (VEX.128, the caller has
 * checked the host): dst = src1 op src2; vcmpunord: all ones in each
 * element that is a NaN in src1 or src2. */
void x86_vpacked_fp(X86Asm *a, X86PackedFpOp op, int bits, X86Xmm dst,
                    X86Xmm src1, X86Xmm src2);
void x86_vcmp_unord(X86Asm *a, int bits, X86Xmm dst, X86Xmm src1, X86Xmm src2);
/* pmovmskb: the top bit of each byte of src, as 16 bits of dst. */
void x86_pmovmskb(X86Asm *a, X86Reg dst, X86Xmm src);
void x86_cvtsi2sd(X86Asm *a, int sz, X86Xmm dst, X86Reg src);
void x86_cvtsi2ss(X86Asm *a, int sz, X86Xmm dst, X86Reg src);
void x86_cvttsd2si(X86Asm *a, int sz, X86Reg dst, X86Xmm src);
void x86_cvttss2si(X86Asm *a, int sz, X86Reg dst, X86Xmm src);
/* roundss/roundsd (SSE4.1), bits 32 or 64; imm: rounding control in 1:0,
 * bit 2 takes MXCSR's instead, bit 3 suppresses the inexact flag. */
void x86_round_scalar(X86Asm *a, int bits, X86Xmm dst, X86Xmm src, uint8_t imm);
/* crc32 (SSE4.2): dst's low 32 bits updated with the low `bits` (8, 16,
 * 32, 64) of src; the result is zero-extended. */
void x86_crc32(X86Asm *a, int bits, X86Reg dst, X86Reg src);

/* Packed integer SSE. Unaligned 16-byte moves, and 8-byte moves whose load
 * zeroes bits 127:64; register-memory packed ops need 16-byte alignment. */
void x86_packed_rr(X86Asm *a, X86PackedOp op, X86Xmm dst, X86Xmm src);
void x86_packed_rm(X86Asm *a, X86PackedOp op, X86Xmm dst, X86Mem m);
void x86_movdqu_load(X86Asm *a, X86Xmm dst, X86Mem m);
void x86_movdqu_store(X86Asm *a, X86Mem m, X86Xmm src);
/* Aligned 16-byte moves (#GP if m is not 16-aligned): one single-copy
 * atomic access on hosts with AVX (Intel SDM 9.1.1, AMD APM 7.3.2). */
void x86_movdqa_load(X86Asm *a, X86Xmm dst, X86Mem m);
void x86_movdqa_store(X86Asm *a, X86Mem m, X86Xmm src);
void x86_movq_rr(X86Asm *a, X86Xmm dst, X86Xmm src);  /* upper zeroed */
void x86_movss_rr(X86Asm *a, X86Xmm dst, X86Xmm src); /* low 4 bytes */
void x86_movq_load(X86Asm *a, X86Xmm dst, X86Mem m);
void x86_movq_store(X86Asm *a, X86Mem m, X86Xmm src);
void x86_movd_load(X86Asm *a, X86Xmm dst, X86Mem m); /* rest cleared */
void x86_movd_store(X86Asm *a, X86Mem m, X86Xmm src);
void x86_movhps_load(X86Asm *a, X86Xmm dst, X86Mem m); /* bits 127:64 */
void x86_pshufd(X86Asm *a, X86Xmm dst, X86Xmm src, uint8_t imm);
/* pinsrq / pextrq (SSE4.1): qword index (0 or 1) of dst from src, of
 * src into dst. */
void x86_pinsrq(X86Asm *a, X86Xmm dst, X86Reg src, uint8_t index);
void x86_pextrq(X86Asm *a, X86Reg dst, X86Xmm src, uint8_t index);
/* pblendw (SSE4.1): word i of dst from src where bit i of imm is set. */
void x86_pblendw(X86Asm *a, X86Xmm dst, X86Xmm src, uint8_t imm);
void x86_pshuflw(X86Asm *a, X86Xmm dst, X86Xmm src, uint8_t imm);
void x86_pshufhw(X86Asm *a, X86Xmm dst, X86Xmm src, uint8_t imm);
void x86_shufps(X86Asm *a, X86Xmm dst, X86Xmm src, uint8_t imm);
void x86_pshift_ri(X86Asm *a, X86PShiftOp op, X86Xmm r, uint8_t count);
/* AVX three-operand forms (VEX.128, the caller has checked the host):
 * dst = src1 op src2 (vpandn: ~src1 & src2), dst = src shifted; bits
 * 255:128 of dst cleared. */
void x86_vpacked_rrr(X86Asm *a, X86PackedOp op, X86Xmm dst, X86Xmm src1,
                     X86Xmm src2);
void x86_vpshift_ri(X86Asm *a, X86PShiftOp op, X86Xmm dst, X86Xmm src,
                    uint8_t count);

#endif
