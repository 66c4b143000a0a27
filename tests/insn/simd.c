/*
 * Instruction-level checks of the A64 Advanced SIMD data-processing group:
 * each instruction over edge-value vectors, printing the full 128-bit
 * result (to check the zeroed upper half of 64-bit forms) and FPSR in hex
 * so arx's output can be diffed against qemu's. Must stay deterministic.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Half-precision forms (FEAT_FP16) without needing -march on the command line.
 */
asm(".arch armv8.2-a+fp16");

typedef struct {
    uint64_t lo, hi;
} V128;

/* Inputs: v0 = A, v1 = B, v2 = D (old destination); the insn writes v2. */
static const V128 vin[] = {
    {0x0000000000000000ull, 0xffffffffffffffffull},
    {0x8000000000000001ull, 0x7fffffffffffffffull},
    {0x0123456789abcdefull, 0xfedcba9876543210ull},
    {0x807f01ff7f80fe00ull, 0x00ff7f8080017ffeull},
    {0x3ff8000000000000ull, 0xc004000000000000ull}, /* 1.5, -2.5 */
    {0x3fc00000c0200000ull, 0x7fc000007f800000ull}, /* s: -2.5 1.5 inf qnan */
    {0x7ff4000000000001ull, 0x0000000000000001ull},
    {0x4f0000004effffffull, 0xcf000001bf000000ull},
    /* h: -qNaN inf -1 1; 0.333 65504 -denormal denormal */
    {0xfe007c00bc003c00ull, 0x35557bff83ff0001ull},
    /* h: -0 0 -5 3; -2.5 1.5 2^-14 sNaN */
    {0x80000000c5004200ull, 0xc1003e0004007d01ull},
};
#define NV (sizeof(vin) / sizeof(vin[0]))

static void clear_fpsr(void)
{
    asm volatile("msr fpsr, xzr");
}
static uint64_t get_fpsr(void)
{
    uint64_t v;
    asm volatile("mrs %0, fpsr" : "=r"(v));
    return v;
}

#define OP3(name, insn)                                                        \
    static void name(const V128 *a, const V128 *b, const V128 *d, V128 *r)     \
    {                                                                          \
        asm volatile("ldr q0, [%1]\n ldr q1, [%2]\n ldr q2, [%3]\n" insn       \
                     "\n str q2, [%0]" ::"r"(r),                               \
                     "r"(a), "r"(b), "r"(d)                                    \
                     : "v0", "v1", "v2", "v3", "memory");                      \
    }

/* Each entry: the asm text and a function running it. */
OP3(t_add16b, "add v2.16b, v0.16b, v1.16b")
OP3(t_add2d, "add v2.2d, v0.2d, v1.2d")
OP3(t_add4s, "add v2.4s, v0.4s, v1.4s")
OP3(t_sub8h, "sub v2.8h, v0.8h, v1.8h")
OP3(t_sub2s, "sub v2.2s, v0.2s, v1.2s")
OP3(t_mul8h, "mul v2.8h, v0.8h, v1.8h")
OP3(t_mul4s, "mul v2.4s, v0.4s, v1.4s")
OP3(t_mla4s, "mla v2.4s, v0.4s, v1.4s")
OP3(t_mls8b, "mls v2.8b, v0.8b, v1.8b")
OP3(t_cmeq16b, "cmeq v2.16b, v0.16b, v1.16b")
OP3(t_cmgt4s, "cmgt v2.4s, v0.4s, v1.4s")
OP3(t_cmge8h, "cmge v2.8h, v0.8h, v1.8h")
OP3(t_cmhi2d, "cmhi v2.2d, v0.2d, v1.2d")
OP3(t_cmhs16b, "cmhs v2.16b, v0.16b, v1.16b")
OP3(t_cmtst4s, "cmtst v2.4s, v0.4s, v1.4s")
OP3(t_cmeq0, "cmeq v2.16b, v0.16b, #0")
OP3(t_cmge0, "cmge v2.4s, v0.4s, #0")
OP3(t_cmgt0, "cmgt v2.8h, v0.8h, #0")
OP3(t_cmle0, "cmle v2.2d, v0.2d, #0")
OP3(t_cmlt0, "cmlt v2.8b, v0.8b, #0")
OP3(t_cmeqd, "cmeq d2, d0, d1")
OP3(t_cmged0, "cmge d2, d0, #0")
OP3(t_addp16b, "addp v2.16b, v0.16b, v1.16b")
OP3(t_addp2d, "addp v2.2d, v0.2d, v1.2d")
OP3(t_addpd, "addp d2, v0.2d")
OP3(t_umaxp16b, "umaxp v2.16b, v0.16b, v1.16b")
OP3(t_uminp8h, "uminp v2.8h, v0.8h, v1.8h")
OP3(t_smaxp4s, "smaxp v2.4s, v0.4s, v1.4s")
OP3(t_sminp8b, "sminp v2.8b, v0.8b, v1.8b")
OP3(t_umax16b, "umax v2.16b, v0.16b, v1.16b")
OP3(t_smin4s, "smin v2.4s, v0.4s, v1.4s")
OP3(t_urhadd, "urhadd v2.16b, v0.16b, v1.16b")
OP3(t_uqadd, "uqadd v2.16b, v0.16b, v1.16b")
OP3(t_sqsub, "sqsub v2.8h, v0.8h, v1.8h")
OP3(t_uabd, "uabd v2.4s, v0.4s, v1.4s")
OP3(t_saba, "saba v2.16b, v0.16b, v1.16b")
OP3(t_ushl, "ushl v2.2d, v0.2d, v1.2d")
OP3(t_sshl, "sshl v2.4s, v0.4s, v1.4s")
OP3(t_srshl, "srshl v2.16b, v0.16b, v1.16b")
OP3(t_sqdmulh, "sqdmulh v2.8h, v0.8h, v1.8h")
OP3(t_addv16b, "addv b2, v0.16b")
OP3(t_addv4s, "addv s2, v0.4s")
OP3(t_umaxv, "umaxv b2, v0.16b")
OP3(t_uminv, "uminv h2, v0.8h")
OP3(t_smaxv, "smaxv s2, v0.4s")
OP3(t_sminv, "sminv b2, v0.8b")
OP3(t_uaddlv, "uaddlv h2, v0.16b")
OP3(t_saddlv, "saddlv d2, v0.4s")
OP3(t_and, "and v2.16b, v0.16b, v1.16b")
OP3(t_orr8b, "orr v2.8b, v0.8b, v1.8b")
OP3(t_mov, "mov v2.16b, v0.16b")
OP3(t_bic, "bic v2.16b, v0.16b, v1.16b")
OP3(t_orn, "orn v2.16b, v0.16b, v1.16b")
OP3(t_eor, "eor v2.8b, v0.8b, v1.8b")
OP3(t_bsl, "bsl v2.16b, v0.16b, v1.16b")
OP3(t_bit, "bit v2.16b, v0.16b, v1.16b")
OP3(t_bif, "bif v2.8b, v0.8b, v1.8b")
OP3(t_not, "not v2.16b, v0.16b")
OP3(t_not8b, "mvn v2.8b, v0.8b")
OP3(t_abs, "abs v2.4s, v0.4s")
OP3(t_neg, "neg v2.2d, v0.2d")
OP3(t_negd, "neg d2, d0")
OP3(t_cnt, "cnt v2.16b, v0.16b")
OP3(t_clz, "clz v2.4s, v0.4s")
OP3(t_cls, "cls v2.8h, v0.8h")
OP3(t_rbit, "rbit v2.8b, v0.8b")
OP3(t_rev16, "rev16 v2.16b, v0.16b")
OP3(t_rev32, "rev32 v2.8h, v0.8h")
OP3(t_rev64, "rev64 v2.4s, v0.4s")
OP3(t_uaddlp, "uaddlp v2.8h, v0.16b")
OP3(t_sadalp, "sadalp v2.2d, v0.4s")
OP3(t_xtn, "xtn v2.8b, v0.8h")
OP3(t_xtn2, "xtn2 v2.4s, v0.2d")
OP3(t_sqxtn, "sqxtn v2.4h, v0.4s")
OP3(t_uqxtn2, "uqxtn2 v2.16b, v0.8h")
OP3(t_sqxtun, "sqxtun v2.2s, v0.2d")
OP3(t_shrn, "shrn v2.8b, v0.8h, #4")
OP3(t_shrn2, "shrn2 v2.16b, v0.8h, #3")
OP3(t_rshrn, "rshrn v2.4h, v0.4s, #16")
OP3(t_sqshrn, "sqshrn v2.2s, v0.2d, #8")
OP3(t_uqrshrn, "uqrshrn v2.8b, v0.8h, #1")
OP3(t_ushr, "ushr v2.4s, v0.4s, #7")
OP3(t_ushrd, "ushr d2, d0, #64")
OP3(t_sshr, "sshr v2.16b, v0.16b, #8")
OP3(t_ssra, "ssra v2.8h, v0.8h, #3")
OP3(t_ursra, "ursra v2.2d, v0.2d, #63")
OP3(t_srshr, "srshr v2.4s, v0.4s, #1")
OP3(t_shl, "shl v2.16b, v0.16b, #7")
OP3(t_shld, "shl d2, d0, #63")
OP3(t_sli, "sli v2.4s, v0.4s, #5")
OP3(t_sri, "sri v2.8h, v0.8h, #16")
OP3(t_ushll, "ushll v2.8h, v0.8b, #2")
OP3(t_uxtl2, "uxtl2 v2.2d, v0.4s")
OP3(t_sxtl, "sxtl v2.4s, v0.4h")
OP3(t_sshll2, "sshll2 v2.8h, v0.16b, #7")
OP3(t_sqshl, "sqshl v2.8b, v0.8b, #3")
OP3(t_shll, "shll v2.4s, v0.4h, #16")
OP3(t_ext, "ext v2.16b, v0.16b, v1.16b, #3")
OP3(t_ext8, "ext v2.8b, v0.8b, v1.8b, #7")
OP3(t_zip1, "zip1 v2.16b, v0.16b, v1.16b")
OP3(t_zip2, "zip2 v2.4s, v0.4s, v1.4s")
OP3(t_uzp1, "uzp1 v2.8h, v0.8h, v1.8h")
OP3(t_uzp2, "uzp2 v2.8b, v0.8b, v1.8b")
OP3(t_trn1, "trn1 v2.4h, v0.4h, v1.4h")
OP3(t_trn2, "trn2 v2.2d, v0.2d, v1.2d")
OP3(t_tbl1, "tbl v2.16b, {v0.16b}, v1.16b")
OP3(t_tbl2, "mov v3.16b, v1.16b\n tbl v2.8b, {v0.16b, v1.16b}, v3.8b")
OP3(t_tbx1, "tbx v2.16b, {v1.16b}, v0.16b")
OP3(t_tbl4,
    "mov v3.16b, v0.16b\n movi v4.16b, #0x1f\n and v3.16b, v3.16b, v4.16b\n"
    "tbl v2.16b, {v0.16b, v1.16b, v2.16b, v3.16b}, v3.16b")
OP3(t_umull, "umull v2.8h, v0.8b, v1.8b")
OP3(t_smull2, "smull2 v2.4s, v0.8h, v1.8h")
OP3(t_umlal, "umlal v2.2d, v0.2s, v1.2s")
OP3(t_smlsl2, "smlsl2 v2.2d, v0.4s, v1.4s")
OP3(t_uaddl, "uaddl v2.4s, v0.4h, v1.4h")
OP3(t_saddw2, "saddw2 v2.2d, v0.2d, v1.4s")
OP3(t_usubw, "usubw v2.8h, v0.8h, v1.8b")
OP3(t_sabdl, "sabdl v2.4s, v0.4h, v1.4h")
OP3(t_addhn, "addhn v2.8b, v0.8h, v1.8h")
OP3(t_raddhn2, "raddhn2 v2.4s, v0.2d, v1.2d")
OP3(t_mul_e, "mul v2.4s, v0.4s, v1.s[3]")
OP3(t_mla_e, "mla v2.8h, v0.8h, v1.h[5]")
OP3(t_umull_e, "umull v2.2d, v0.2s, v1.s[1]")
OP3(t_smlal2_e, "smlal2 v2.4s, v0.8h, v1.h[7]")
OP3(t_dup_e, "dup v2.8h, v0.h[3]")
OP3(t_dup_e2, "dup v2.2d, v0.d[1]")
OP3(t_dup_e3, "dup v2.8b, v0.b[15]")
OP3(t_dup_s, "mov d2, v0.d[1]")
OP3(t_dup_s2, "mov s2, v0.s[3]")
OP3(t_ins_e, "mov v2.s[1], v0.s[3]")
OP3(t_ins_e2, "mov v2.b[15], v0.b[0]")
OP3(t_ins_e3, "mov v2.d[0], v0.d[1]")
OP3(t_fadd4s, "fadd v2.4s, v0.4s, v1.4s")
OP3(t_fsub2d, "fsub v2.2d, v0.2d, v1.2d")
OP3(t_fmul2s, "fmul v2.2s, v0.2s, v1.2s")
OP3(t_fdiv2d, "fdiv v2.2d, v0.2d, v1.2d")
OP3(t_fmax4s, "fmax v2.4s, v0.4s, v1.4s")
OP3(t_fminnm2d, "fminnm v2.2d, v0.2d, v1.2d")
OP3(t_fmaxnm4s, "fmaxnm v2.4s, v0.4s, v1.4s")
OP3(t_fmla2d, "fmla v2.2d, v0.2d, v1.2d")
OP3(t_fmls4s, "fmls v2.4s, v0.4s, v1.4s")
OP3(t_fabd2d, "fabd v2.2d, v0.2d, v1.2d")
OP3(t_fabdd, "fabd d2, d0, d1")
OP3(t_fcmeq, "fcmeq v2.4s, v0.4s, v1.4s")
OP3(t_fcmgt, "fcmgt v2.2d, v0.2d, v1.2d")
OP3(t_fcmge, "fcmge v2.4s, v0.4s, v1.4s")
OP3(t_facgt, "facgt v2.4s, v0.4s, v1.4s")
OP3(t_fcmgt0, "fcmgt v2.4s, v0.4s, #0.0")
OP3(t_fcmle0, "fcmle v2.2d, v0.2d, #0.0")
OP3(t_faddp, "faddp v2.4s, v0.4s, v1.4s")
OP3(t_faddps, "faddp d2, v0.2d")
OP3(t_fmaxnmp, "fmaxnmp d2, v0.2d")
OP3(t_fminp, "fminp s2, v0.2s")
OP3(t_fmaxnmv, "fmaxnmv s2, v0.4s")
OP3(t_fminv, "fminv s2, v0.4s")
OP3(t_fabs, "fabs v2.2d, v0.2d")
OP3(t_fneg, "fneg v2.4s, v0.4s")
OP3(t_fsqrt, "fsqrt v2.2d, v0.2d")
OP3(t_frintn, "frintn v2.4s, v0.4s")
OP3(t_frinta, "frinta v2.2d, v0.2d")
OP3(t_frintm, "frintm v2.4s, v0.4s")
OP3(t_frintp, "frintp v2.2s, v0.2s")
OP3(t_frintz, "frintz v2.2d, v0.2d")
OP3(t_frintx, "frintx v2.4s, v0.4s")
OP3(t_frinti, "frinti v2.2d, v0.2d")
OP3(t_fcvtzs, "fcvtzs v2.4s, v0.4s")
OP3(t_fcvtzu, "fcvtzu v2.2d, v0.2d")
OP3(t_fcvtas, "fcvtas v2.2d, v0.2d")
OP3(t_fcvtms, "fcvtms v2.4s, v0.4s")
OP3(t_fcvtnu, "fcvtnu v2.4s, v0.4s")
OP3(t_fcvtzsd, "fcvtzs d2, d0")
OP3(t_fcvtzs_fix, "fcvtzs v2.4s, v0.4s, #4")
OP3(t_scvtf, "scvtf v2.4s, v0.4s")
OP3(t_ucvtf, "ucvtf v2.2d, v0.2d")
OP3(t_scvtfd, "scvtf d2, d0")
OP3(t_scvtf_fix, "scvtf v2.2d, v0.2d, #32")
OP3(t_ucvtf_fix, "ucvtf s2, s0, #1")
OP3(t_fcvtn, "fcvtn v2.2s, v0.2d")
OP3(t_fcvtn2, "fcvtn2 v2.4s, v0.2d")
OP3(t_fcvtnh, "fcvtn v2.4h, v0.4s")
OP3(t_fcvtl, "fcvtl v2.2d, v0.2s")
OP3(t_fcvtl2, "fcvtl2 v2.4s, v0.8h")
OP3(t_fmul_e, "fmul v2.4s, v0.4s, v1.s[2]")
OP3(t_fmla_e, "fmla v2.2d, v0.2d, v1.d[1]")
OP3(t_fmul_se, "fmul d2, d0, v1.d[1]")
OP3(t_fmls_se, "fmls s2, s0, v1.s[3]")
OP3(t_movi1, "movi v2.16b, #0xa5")
OP3(t_movi2, "movi v2.4s, #0x12, lsl #24")
OP3(t_movi3, "movi v2.2s, #0x34, msl #16")
OP3(t_movi4, "movi v2.4h, #0x56, lsl #8")
OP3(t_movi5, "movi d2, #0xff00ff0000ffff00")
OP3(t_movi6, "movi v2.2d, #0x00ff00ffff0000ff")
OP3(t_mvni1, "mvni v2.4s, #0x80, lsl #16")
OP3(t_mvni2, "mvni v2.8h, #0x7")
OP3(t_mvni3, "mvni v2.2s, #0x7f, msl #8")
OP3(t_orri, "orr v2.4s, #0x1, lsl #8")
OP3(t_bici, "bic v2.8h, #0xf, lsl #8")
OP3(t_bici2, "bic v2.2s, #0xff")
OP3(t_fmovv1, "fmov v2.4s, #1.5")
OP3(t_fmovv2, "fmov v2.2d, #-2.5")
OP3(t_fmovv3, "fmov v2.2s, #0.125")

/* Sizes and shapes of the forms lowered to host vector code. */
OP3(t_add8b, "add v2.8b, v0.8b, v1.8b")
OP3(t_addd, "add d2, d0, d1")
OP3(t_subd, "sub d2, d0, d1")
OP3(t_sub4h, "sub v2.4h, v0.4h, v1.4h")
OP3(t_mul16b, "mul v2.16b, v0.16b, v1.16b")
OP3(t_mul2s, "mul v2.2s, v0.2s, v1.2s")
OP3(t_mla8h, "mla v2.8h, v0.8h, v1.8h")
OP3(t_mls4s, "mls v2.4s, v0.4s, v1.4s")
OP3(t_cmeq2d, "cmeq v2.2d, v0.2d, v1.2d")
OP3(t_cmgt2d, "cmgt v2.2d, v0.2d, v1.2d")
OP3(t_cmge2d, "cmge v2.2d, v0.2d, v1.2d")
OP3(t_cmhi8b, "cmhi v2.8b, v0.8b, v1.8b")
OP3(t_cmhi4h, "cmhi v2.4h, v0.4h, v1.4h")
OP3(t_cmhs4s, "cmhs v2.4s, v0.4s, v1.4s")
OP3(t_cmhsd, "cmhs d2, d0, d1")
OP3(t_cmtst2d, "cmtst v2.2d, v0.2d, v1.2d")
OP3(t_cmgt0_2d, "cmgt v2.2d, v0.2d, #0")
OP3(t_cmlt0_2d, "cmlt v2.2d, v0.2d, #0")
OP3(t_cmeq0_2d, "cmeq v2.2d, v0.2d, #0")
OP3(t_cmle0_4s, "cmle v2.4s, v0.4s, #0")
OP3(t_smax8h, "smax v2.8h, v0.8h, v1.8h")
OP3(t_smax16b, "smax v2.16b, v0.16b, v1.16b")
OP3(t_umin4s, "umin v2.4s, v0.4s, v1.4s")
OP3(t_umin4h, "umin v2.4h, v0.4h, v1.4h")
OP3(t_addp4h, "addp v2.4h, v0.4h, v1.4h")
OP3(t_addp2s, "addp v2.2s, v0.2s, v1.2s")
OP3(t_umaxp8b, "umaxp v2.8b, v0.8b, v1.8b")
OP3(t_uminp4s, "uminp v2.4s, v0.4s, v1.4s")
OP3(t_addv4h, "addv h2, v0.4h")
OP3(t_umaxv8b, "umaxv b2, v0.8b")
OP3(t_smaxv8h, "smaxv h2, v0.8h")
OP3(t_uminv4s, "uminv s2, v0.4s")
OP3(t_abs2d, "abs v2.2d, v0.2d")
OP3(t_abs8b, "abs v2.8b, v0.8b")
OP3(t_absd, "abs d2, d0")
OP3(t_neg16b, "neg v2.16b, v0.16b")
OP3(t_rev32b, "rev32 v2.16b, v0.16b")
OP3(t_rev64b, "rev64 v2.8b, v0.8b")
OP3(t_rev64h, "rev64 v2.8h, v0.8h")
OP3(t_xtn4h, "xtn v2.4h, v0.4s")
OP3(t_xtn2s, "xtn v2.2s, v0.2d")
OP3(t_xtn2_alias, "mov v2.16b, v0.16b\n xtn2 v2.16b, v2.8h")
OP3(t_shrn4h, "shrn v2.4h, v0.4s, #16")
OP3(t_shrn2s, "shrn2 v2.4s, v0.2d, #1")
OP3(t_ushr8b, "ushr v2.8b, v0.8b, #3")
OP3(t_ushr16b8, "ushr v2.16b, v0.16b, #8")
OP3(t_ushr2d, "ushr v2.2d, v0.2d, #33")
OP3(t_sshr2d, "sshr v2.2d, v0.2d, #64")
OP3(t_sshr2d5, "sshr v2.2d, v0.2d, #5")
OP3(t_sshr8b, "sshr v2.8b, v0.8b, #1")
OP3(t_sshr4h, "sshr v2.4h, v0.4h, #16")
OP3(t_sshrd, "sshr d2, d0, #7")
OP3(t_usra4s, "usra v2.4s, v0.4s, #9")
OP3(t_usra16b, "usra v2.16b, v0.16b, #2")
OP3(t_ssra2d, "ssra v2.2d, v0.2d, #40")
OP3(t_ssrad, "ssra d2, d0, #1")
OP3(t_shl2s, "shl v2.2s, v0.2s, #13")
OP3(t_shl8h, "shl v2.8h, v0.8h, #0")
OP3(t_shl2d, "shl v2.2d, v0.2d, #32")
OP3(t_shl8b, "shl v2.8b, v0.8b, #3")
OP3(t_ushll2d, "ushll v2.2d, v0.2s, #31")
OP3(t_sshll4s, "sshll v2.4s, v0.4h, #5")
OP3(t_sxtl2d, "sxtl2 v2.2d, v0.4s")
OP3(t_uxtl8h, "uxtl v2.8h, v0.8b")
OP3(t_shll2_8h, "shll2 v2.8h, v0.16b, #8")
OP3(t_ext16_0, "ext v2.16b, v0.16b, v1.16b, #0")
OP3(t_ext16_15, "ext v2.16b, v0.16b, v1.16b, #15")
OP3(t_ext8_1, "ext v2.8b, v0.8b, v1.8b, #1")
OP3(t_zip1_8b, "zip1 v2.8b, v0.8b, v1.8b")
OP3(t_zip2_4h, "zip2 v2.4h, v0.4h, v1.4h")
OP3(t_zip2_2s, "zip2 v2.2s, v0.2s, v1.2s")
OP3(t_zip1_2d, "zip1 v2.2d, v0.2d, v1.2d")
OP3(t_uzp1_16b, "uzp1 v2.16b, v0.16b, v1.16b")
OP3(t_uzp2_4s, "uzp2 v2.4s, v0.4s, v1.4s")
OP3(t_uzp1_2s, "uzp1 v2.2s, v0.2s, v1.2s")
OP3(t_uzp2_2d, "uzp2 v2.2d, v0.2d, v1.2d")
OP3(t_uzp1_4h, "uzp1 v2.4h, v0.4h, v1.4h")
OP3(t_trn1_16b, "trn1 v2.16b, v0.16b, v1.16b")
OP3(t_trn2_8b, "trn2 v2.8b, v0.8b, v1.8b")
OP3(t_trn2_4s, "trn2 v2.4s, v0.4s, v1.4s")
OP3(t_trn1_2s, "trn1 v2.2s, v0.2s, v1.2s")
OP3(t_smull8h, "smull v2.8h, v0.8b, v1.8b")
OP3(t_umull4s, "umull v2.4s, v0.4h, v1.4h")
OP3(t_umull2_2d, "umull2 v2.2d, v0.4s, v1.4s")
OP3(t_smull2d, "smull v2.2d, v0.2s, v1.2s")
OP3(t_umlsl2_8h, "umlsl2 v2.8h, v0.16b, v1.16b")
OP3(t_smlal4s, "smlal v2.4s, v0.4h, v1.4h")
OP3(t_dup_e4, "dup v2.4s, v0.s[2]")
OP3(t_dup_e5, "dup v2.2s, v0.s[1]")
OP3(t_dup_e6, "dup v2.16b, v0.b[9]")
OP3(t_alias_add, "mov v2.16b, v0.16b\n add v2.4s, v2.4s, v2.4s")
OP3(t_alias_uzp, "mov v2.16b, v1.16b\n uzp1 v2.8h, v0.8h, v2.8h")
/* Reciprocal estimates/steps, FCVTXN, SUQADD/USQADD, SQDMLAL and friends. */
OP3(t_frecpe4s, "frecpe v2.4s, v0.4s")
OP3(t_frecpe2d, "frecpe v2.2d, v0.2d")
OP3(t_frecpe_s, "frecpe s2, s0")
OP3(t_frecpe_d, "frecpe d2, d0")
OP3(t_frsqrte4s, "frsqrte v2.4s, v0.4s")
OP3(t_frsqrte2d, "frsqrte v2.2d, v0.2d")
OP3(t_frsqrte_d, "frsqrte d2, d0")
OP3(t_frecpx_s, "frecpx s2, s0")
OP3(t_frecpx_d, "frecpx d2, d0")
OP3(t_frecps4s, "frecps v2.4s, v0.4s, v1.4s")
OP3(t_frecps2d, "frecps v2.2d, v0.2d, v1.2d")
OP3(t_frecps_s, "frecps s2, s0, s1")
OP3(t_frsqrts4s, "frsqrts v2.4s, v0.4s, v1.4s")
OP3(t_frsqrts_d, "frsqrts d2, d0, d1")
OP3(t_urecpe4s, "urecpe v2.4s, v0.4s")
OP3(t_ursqrte2s, "ursqrte v2.2s, v0.2s")
OP3(t_fcvtxn2s, "fcvtxn v2.2s, v0.2d")
OP3(t_fcvtxn2_4s, "fcvtxn2 v2.4s, v0.2d")
OP3(t_fcvtxn_s, "fcvtxn s2, d0")
OP3(t_suqadd16b, "suqadd v2.16b, v0.16b")
OP3(t_usqadd4s, "usqadd v2.4s, v0.4s")
OP3(t_suqadd_d, "suqadd d2, d0")
OP3(t_usqadd_b, "usqadd b2, b0")
OP3(t_sqdmull4s, "sqdmull v2.4s, v0.4h, v1.4h")
OP3(t_sqdmull2_2d, "sqdmull2 v2.2d, v0.4s, v1.4s")
OP3(t_sqdmlal2d, "sqdmlal v2.2d, v0.2s, v1.2s")
OP3(t_sqdmlsl2_4s, "sqdmlsl2 v2.4s, v0.8h, v1.8h")
OP3(t_sqdmull_s, "sqdmull s2, h0, h1")
OP3(t_sqdmlal_d, "sqdmlal d2, s0, s1")
OP3(t_sqdmlsl_s, "sqdmlsl s2, h0, h1")
OP3(t_sqdmull_e, "sqdmull v2.4s, v0.4h, v1.h[3]")
OP3(t_sqdmlal2_e, "sqdmlal2 v2.2d, v0.4s, v1.s[1]")
OP3(t_sqdmlsl_se, "sqdmlsl d2, s0, v1.s[3]")
OP3(t_sqdmull_se, "sqdmull s2, h0, v1.h[7]")
OP3(t_sqdmulh_se, "sqdmulh s2, s0, v1.s[2]")
OP3(t_sqrdmulh_se, "sqrdmulh h2, h0, v1.h[1]")
/* FEAT_FP16: vector, scalar, pairwise, across, by element, fixed point. */
OP3(t_h00, "fadd v2.8h, v0.8h, v1.8h")
OP3(t_h01, "fsub v2.4h, v0.4h, v1.4h")
OP3(t_h02, "fmul v2.8h, v0.8h, v1.8h")
OP3(t_h03, "fdiv v2.8h, v0.8h, v1.8h")
OP3(t_h04, "fmla v2.8h, v0.8h, v1.8h")
OP3(t_h05, "fmls v2.4h, v0.4h, v1.4h")
OP3(t_h06, "fmax v2.8h, v0.8h, v1.8h")
OP3(t_h07, "fmin v2.8h, v0.8h, v1.8h")
OP3(t_h08, "fmaxnm v2.8h, v0.8h, v1.8h")
OP3(t_h09, "fminnm v2.4h, v0.4h, v1.4h")
OP3(t_h10, "fmaxp v2.8h, v0.8h, v1.8h")
OP3(t_h11, "faddp v2.8h, v0.8h, v1.8h")
OP3(t_h12, "fminnmp v2.4h, v0.4h, v1.4h")
OP3(t_h13, "fabd v2.8h, v0.8h, v1.8h")
OP3(t_h14, "fcmeq v2.8h, v0.8h, v1.8h")
OP3(t_h15, "fcmge v2.8h, v0.8h, v1.8h")
OP3(t_h16, "fcmgt v2.4h, v0.4h, v1.4h")
OP3(t_h17, "facge v2.8h, v0.8h, v1.8h")
OP3(t_h18, "facgt v2.8h, v0.8h, v1.8h")
OP3(t_h19, "fmulx v2.8h, v0.8h, v1.8h")
OP3(t_h20, "frecps v2.8h, v0.8h, v1.8h")
OP3(t_h21, "frsqrts v2.8h, v0.8h, v1.8h")
OP3(t_h22, "fabs v2.8h, v0.8h")
OP3(t_h23, "fneg v2.4h, v0.4h")
OP3(t_h24, "fsqrt v2.8h, v0.8h")
OP3(t_h25, "frintn v2.8h, v0.8h")
OP3(t_h26, "frinta v2.8h, v0.8h")
OP3(t_h27, "frintx v2.8h, v0.8h")
OP3(t_h28, "frintm v2.4h, v0.4h")
OP3(t_h29, "fcvtzs v2.8h, v0.8h")
OP3(t_h30, "fcvtnu v2.8h, v0.8h")
OP3(t_h31, "fcvtas v2.4h, v0.4h")
OP3(t_h32, "scvtf v2.8h, v0.8h")
OP3(t_h33, "ucvtf v2.4h, v0.4h")
OP3(t_h34, "fcmgt v2.8h, v0.8h, #0.0")
OP3(t_h35, "fcmle v2.8h, v0.8h, #0.0")
OP3(t_h36, "frecpe v2.8h, v0.8h")
OP3(t_h37, "frsqrte v2.8h, v0.8h")
OP3(t_h38, "frecpx h2, h0")
OP3(t_h39, "frecpe h2, h0")
OP3(t_h40, "fmaxnmv h2, v0.8h")
OP3(t_h41, "fmaxv h2, v0.4h")
OP3(t_h42, "fminv h2, v0.8h")
OP3(t_h43, "faddp h2, v0.2h")
OP3(t_h44, "fminnmp h2, v0.2h")
OP3(t_h45, "fmla v2.8h, v0.8h, v1.h[7]")
OP3(t_h46, "fmls v2.4h, v0.4h, v1.h[2]")
OP3(t_h47, "fmul h2, h0, v1.h[5]")
OP3(t_h48, "fmulx v2.8h, v0.8h, v1.h[0]")
OP3(t_h49, "fmla h2, h0, v1.h[3]")
OP3(t_h50, "scvtf v2.8h, v0.8h, #3")
OP3(t_h51, "fcvtzu v2.4h, v0.4h, #5")
OP3(t_h52, "fcvtzs v2.8h, v0.8h, #16")
OP3(t_h53, "ucvtf h2, h0, #9")
OP3(t_h54, "fcvtzu h2, h0, #4")
OP3(t_h55, "fmov v2.8h, #1.5")
OP3(t_h56, "fmov v2.4h, #-0.125")
OP3(t_h57, "fabd h2, h0, h1")
OP3(t_h58, "fcmge h2, h0, h1")
OP3(t_h59, "facgt h2, h0, h1")
OP3(t_h60, "fmulx h2, h0, h1")
OP3(t_h61, "frsqrts h2, h0, h1")
OP3(t_h62, "fcvtas h2, h0")
OP3(t_h63, "scvtf h2, h0")
OP3(t_h64, "fcmeq h2, h0, #0.0")
OP3(t_h65, "fcvtzs h2, h0")

static const struct {
    const char *name;
    void (*fn)(const V128 *, const V128 *, const V128 *, V128 *);
} ops[] = {
#define E(f)                                                                   \
    {                                                                          \
#f, f                                                                  \
    }
    E(t_add16b),      E(t_add2d),      E(t_add4s),       E(t_sub8h),
    E(t_sub2s),       E(t_mul8h),      E(t_mul4s),       E(t_mla4s),
    E(t_mls8b),       E(t_cmeq16b),    E(t_cmgt4s),      E(t_cmge8h),
    E(t_cmhi2d),      E(t_cmhs16b),    E(t_cmtst4s),     E(t_cmeq0),
    E(t_cmge0),       E(t_cmgt0),      E(t_cmle0),       E(t_cmlt0),
    E(t_cmeqd),       E(t_cmged0),     E(t_addp16b),     E(t_addp2d),
    E(t_addpd),       E(t_umaxp16b),   E(t_uminp8h),     E(t_smaxp4s),
    E(t_sminp8b),     E(t_umax16b),    E(t_smin4s),      E(t_urhadd),
    E(t_uqadd),       E(t_sqsub),      E(t_uabd),        E(t_saba),
    E(t_ushl),        E(t_sshl),       E(t_srshl),       E(t_sqdmulh),
    E(t_addv16b),     E(t_addv4s),     E(t_umaxv),       E(t_uminv),
    E(t_smaxv),       E(t_sminv),      E(t_uaddlv),      E(t_saddlv),
    E(t_and),         E(t_orr8b),      E(t_mov),         E(t_bic),
    E(t_orn),         E(t_eor),        E(t_bsl),         E(t_bit),
    E(t_bif),         E(t_not),        E(t_not8b),       E(t_abs),
    E(t_neg),         E(t_negd),       E(t_cnt),         E(t_clz),
    E(t_cls),         E(t_rbit),       E(t_rev16),       E(t_rev32),
    E(t_rev64),       E(t_uaddlp),     E(t_sadalp),      E(t_xtn),
    E(t_xtn2),        E(t_sqxtn),      E(t_uqxtn2),      E(t_sqxtun),
    E(t_shrn),        E(t_shrn2),      E(t_rshrn),       E(t_sqshrn),
    E(t_uqrshrn),     E(t_ushr),       E(t_ushrd),       E(t_sshr),
    E(t_ssra),        E(t_ursra),      E(t_srshr),       E(t_shl),
    E(t_shld),        E(t_sli),        E(t_sri),         E(t_ushll),
    E(t_uxtl2),       E(t_sxtl),       E(t_sshll2),      E(t_sqshl),
    E(t_shll),        E(t_ext),        E(t_ext8),        E(t_zip1),
    E(t_zip2),        E(t_uzp1),       E(t_uzp2),        E(t_trn1),
    E(t_trn2),        E(t_tbl1),       E(t_tbl2),        E(t_tbx1),
    E(t_tbl4),        E(t_umull),      E(t_smull2),      E(t_umlal),
    E(t_smlsl2),      E(t_uaddl),      E(t_saddw2),      E(t_usubw),
    E(t_sabdl),       E(t_addhn),      E(t_raddhn2),     E(t_mul_e),
    E(t_mla_e),       E(t_umull_e),    E(t_smlal2_e),    E(t_dup_e),
    E(t_dup_e2),      E(t_dup_e3),     E(t_dup_s),       E(t_dup_s2),
    E(t_ins_e),       E(t_ins_e2),     E(t_ins_e3),      E(t_fadd4s),
    E(t_fsub2d),      E(t_fmul2s),     E(t_fdiv2d),      E(t_fmax4s),
    E(t_fminnm2d),    E(t_fmaxnm4s),   E(t_fmla2d),      E(t_fmls4s),
    E(t_fabd2d),      E(t_fabdd),      E(t_fcmeq),       E(t_fcmgt),
    E(t_fcmge),       E(t_facgt),      E(t_fcmgt0),      E(t_fcmle0),
    E(t_faddp),       E(t_faddps),     E(t_fmaxnmp),     E(t_fminp),
    E(t_fmaxnmv),     E(t_fminv),      E(t_fabs),        E(t_fneg),
    E(t_fsqrt),       E(t_frintn),     E(t_frinta),      E(t_frintm),
    E(t_frintp),      E(t_frintz),     E(t_frintx),      E(t_frinti),
    E(t_fcvtzs),      E(t_fcvtzu),     E(t_fcvtas),      E(t_fcvtms),
    E(t_fcvtnu),      E(t_fcvtzsd),    E(t_fcvtzs_fix),  E(t_scvtf),
    E(t_ucvtf),       E(t_scvtfd),     E(t_scvtf_fix),   E(t_ucvtf_fix),
    E(t_fcvtn),       E(t_fcvtn2),     E(t_fcvtnh),      E(t_fcvtl),
    E(t_fcvtl2),      E(t_fmul_e),     E(t_fmla_e),      E(t_fmul_se),
    E(t_fmls_se),     E(t_movi1),      E(t_movi2),       E(t_movi3),
    E(t_movi4),       E(t_movi5),      E(t_movi6),       E(t_mvni1),
    E(t_mvni2),       E(t_mvni3),      E(t_orri),        E(t_bici),
    E(t_bici2),       E(t_fmovv1),     E(t_fmovv2),      E(t_fmovv3),
    E(t_add8b),       E(t_addd),       E(t_subd),        E(t_sub4h),
    E(t_mul16b),      E(t_mul2s),      E(t_mla8h),       E(t_mls4s),
    E(t_cmeq2d),      E(t_cmgt2d),     E(t_cmge2d),      E(t_cmhi8b),
    E(t_cmhi4h),      E(t_cmhs4s),     E(t_cmhsd),       E(t_cmtst2d),
    E(t_cmgt0_2d),    E(t_cmlt0_2d),   E(t_cmeq0_2d),    E(t_cmle0_4s),
    E(t_smax8h),      E(t_smax16b),    E(t_umin4s),      E(t_umin4h),
    E(t_addp4h),      E(t_addp2s),     E(t_umaxp8b),     E(t_uminp4s),
    E(t_addv4h),      E(t_umaxv8b),    E(t_smaxv8h),     E(t_uminv4s),
    E(t_abs2d),       E(t_abs8b),      E(t_absd),        E(t_neg16b),
    E(t_rev32b),      E(t_rev64b),     E(t_rev64h),      E(t_xtn4h),
    E(t_xtn2s),       E(t_xtn2_alias), E(t_shrn4h),      E(t_shrn2s),
    E(t_ushr8b),      E(t_ushr16b8),   E(t_ushr2d),      E(t_sshr2d),
    E(t_sshr2d5),     E(t_sshr8b),     E(t_sshr4h),      E(t_sshrd),
    E(t_usra4s),      E(t_usra16b),    E(t_ssra2d),      E(t_ssrad),
    E(t_shl2s),       E(t_shl8h),      E(t_shl2d),       E(t_shl8b),
    E(t_ushll2d),     E(t_sshll4s),    E(t_sxtl2d),      E(t_uxtl8h),
    E(t_shll2_8h),    E(t_ext16_0),    E(t_ext16_15),    E(t_ext8_1),
    E(t_zip1_8b),     E(t_zip2_4h),    E(t_zip2_2s),     E(t_zip1_2d),
    E(t_uzp1_16b),    E(t_uzp2_4s),    E(t_uzp1_2s),     E(t_uzp2_2d),
    E(t_uzp1_4h),     E(t_trn1_16b),   E(t_trn2_8b),     E(t_trn2_4s),
    E(t_trn1_2s),     E(t_smull8h),    E(t_umull4s),     E(t_umull2_2d),
    E(t_smull2d),     E(t_umlsl2_8h),  E(t_smlal4s),     E(t_dup_e4),
    E(t_dup_e5),      E(t_dup_e6),     E(t_alias_add),   E(t_alias_uzp),
    E(t_frecpe4s),    E(t_frecpe2d),   E(t_frecpe_s),    E(t_frecpe_d),
    E(t_frsqrte4s),   E(t_frsqrte2d),  E(t_frsqrte_d),   E(t_frecpx_s),
    E(t_frecpx_d),    E(t_frecps4s),   E(t_frecps2d),    E(t_frecps_s),
    E(t_frsqrts4s),   E(t_frsqrts_d),  E(t_urecpe4s),    E(t_ursqrte2s),
    E(t_fcvtxn2s),    E(t_fcvtxn2_4s), E(t_fcvtxn_s),    E(t_suqadd16b),
    E(t_usqadd4s),    E(t_suqadd_d),   E(t_usqadd_b),    E(t_sqdmull4s),
    E(t_sqdmull2_2d), E(t_sqdmlal2d),  E(t_sqdmlsl2_4s), E(t_sqdmull_s),
    E(t_sqdmlal_d),   E(t_sqdmlsl_s),  E(t_sqdmull_e),   E(t_sqdmlal2_e),
    E(t_sqdmlsl_se),  E(t_sqdmull_se), E(t_sqdmulh_se),  E(t_sqrdmulh_se),
    E(t_h00),         E(t_h01),        E(t_h02),         E(t_h03),
    E(t_h04),         E(t_h05),        E(t_h06),         E(t_h07),
    E(t_h08),         E(t_h09),        E(t_h10),         E(t_h11),
    E(t_h12),         E(t_h13),        E(t_h14),         E(t_h15),
    E(t_h16),         E(t_h17),        E(t_h18),         E(t_h19),
    E(t_h20),         E(t_h21),        E(t_h22),         E(t_h23),
    E(t_h24),         E(t_h25),        E(t_h26),         E(t_h27),
    E(t_h28),         E(t_h29),        E(t_h30),         E(t_h31),
    E(t_h32),         E(t_h33),        E(t_h34),         E(t_h35),
    E(t_h36),         E(t_h37),        E(t_h38),         E(t_h39),
    E(t_h40),         E(t_h41),        E(t_h42),         E(t_h43),
    E(t_h44),         E(t_h45),        E(t_h46),         E(t_h47),
    E(t_h48),         E(t_h49),        E(t_h50),         E(t_h51),
    E(t_h52),         E(t_h53),        E(t_h54),         E(t_h55),
    E(t_h56),         E(t_h57),        E(t_h58),         E(t_h59),
    E(t_h60),         E(t_h61),        E(t_h62),         E(t_h63),
    E(t_h64),         E(t_h65),
#undef E
};

/* DUP/INS/UMOV/SMOV with general registers. */
static void test_general(void)
{
    static const uint64_t xs[] = {0, 0xffffffffffffffffull,
                                  0x8000000080008081ull, 0x0123456789abcdefull};
    for (size_t i = 0; i < 4; i++) {
        uint64_t x = xs[i];
        V128 r[8];
        asm volatile(
            "dup v2.16b, %w8\n str q2, [%0]\n"
            "dup v2.4h, %w8\n str q2, [%1]\n"
            "dup v2.4s, %w8\n str q2, [%2]\n"
            "dup v2.2d, %8\n str q2, [%3]\n"
            "ldr q2, [%9]\n mov v2.b[5], %w8\n str q2, [%4]\n"
            "ldr q2, [%9]\n mov v2.h[7], %w8\n str q2, [%5]\n"
            "ldr q2, [%9]\n mov v2.s[2], %w8\n str q2, [%6]\n"
            "ldr q2, [%9]\n mov v2.d[1], %8\n str q2, [%7]\n" ::"r"(&r[0]),
            "r"(&r[1]), "r"(&r[2]), "r"(&r[3]), "r"(&r[4]), "r"(&r[5]),
            "r"(&r[6]), "r"(&r[7]), "r"(x), "r"(&vin[2])
            : "v2", "memory");
        for (int k = 0; k < 8; k++)
            printf("gen%zu.%d %016llx %016llx\n", i, k,
                   (unsigned long long)r[k].hi, (unsigned long long)r[k].lo);
    }
    for (size_t i = 0; i < NV; i++) {
        uint64_t o[9];
        asm volatile(
            "ldr q0, [%9]\n umov %w0, v0.b[15]\n umov %w1, v0.h[3]\n"
            "mov %w2, v0.s[1]\n mov %3, v0.d[1]\n smov %w4, v0.b[8]\n"
            "smov %5, v0.b[7]\n smov %w6, v0.h[6]\n smov %7, v0.h[1]\n smov %8, v0.s[3]\n"
            : "=&r"(o[0]), "=&r"(o[1]), "=&r"(o[2]), "=&r"(o[3]), "=&r"(o[4]),
              "=&r"(o[5]), "=&r"(o[6]), "=&r"(o[7]), "=&r"(o[8])
            : "r"(&vin[i])
            : "v0");
        printf("umov/smov %zu:", i);
        for (int k = 0; k < 9; k++)
            printf(" %llx", (unsigned long long)o[k]);
        printf("\n");
    }
}

int main(void)
{
    for (size_t k = 0; k < sizeof(ops) / sizeof(ops[0]); k++) {
        for (size_t i = 0; i < NV; i++) {
            const V128 *b = &vin[(i + 3) % NV], *d = &vin[(i + 5) % NV];
            V128 r;
            clear_fpsr();
            ops[k].fn(&vin[i], b, d, &r);
            printf("%s %zu: %016llx %016llx fpsr=%llx\n", ops[k].name + 2, i,
                   (unsigned long long)r.hi, (unsigned long long)r.lo,
                   (unsigned long long)get_fpsr());
        }
    }
    test_general();
    return 0;
}
