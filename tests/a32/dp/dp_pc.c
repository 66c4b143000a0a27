/*
 * The AArch32 data-processing forms dp_test.c leaves out: low-register
 * (T16) encodings, IT blocks (16-bit forms set no flags inside one),
 * PC-relative ADD/SUB/ADR, writes to the PC and SP arithmetic. The
 * binary is static, so addresses print the same under arx and qemu-arm.
 */
#define REG(x) "l"(x)
#define OPND(x) "l"(x)
#include "dp_harness.h"

static void test_low(void)
{
    TEST("adds_r", "adds %[r], %[a], %[b]");
    TEST("subs_r", "subs %[r], %[a], %[b]");
    TEST("adds_i3", "adds %[r], %[a], #3");
    TEST("subs_i3", "subs %[r], %[a], #7");
    TEST("movs_i8", "movs %[r], #200");
    TEST("cmp_i8", "cmp %[a], #31");
    TEST("adds_i8", "adds %[h], #255");
    TEST("subs_i8", "subs %[h], #1");
    TEST("lsls_i", "lsls %[r], %[a], #4");
    TEST("lsls_0", "lsls %[r], %[a], #0");
    TEST("lsrs_i", "lsrs %[r], %[a], #1");
    TEST("asrs_i", "asrs %[r], %[a], #32");
    TEST("ands", "ands %[h], %[b]");
    TEST("eors", "eors %[h], %[b]");
    TEST("lsls_r", "lsls %[h], %[b]");
    TEST("lsrs_r", "lsrs %[h], %[b]");
    TEST("asrs_r", "asrs %[h], %[b]");
    TEST("adcs", "adcs %[h], %[b]");
    TEST("sbcs", "sbcs %[h], %[b]");
    TEST("rors_r", "rors %[h], %[b]");
    TEST("tst", "tst %[a], %[b]");
    TEST("negs", "negs %[r], %[a]");
    TEST("cmp", "cmp %[a], %[b]");
    TEST("cmn", "cmn %[a], %[b]");
    TEST("orrs", "orrs %[h], %[b]");
    TEST("muls", "muls %[h], %[b], %[h]");
    TEST("bics", "bics %[h], %[b]");
    TEST("mvns", "mvns %[r], %[b]");
    TEST("mov_r", "mov %[r], %[b]");
    TEST("add_r", "add %[h], %[b]");
    TEST("sxth", "sxth %[r], %[a]");
    TEST("sxtb", "sxtb %[r], %[a]");
    TEST("uxth", "uxth %[r], %[a]");
    TEST("uxtb", "uxtb %[r], %[a]");
    TEST("rev", "rev %[r], %[a]");
    TEST("rev16", "rev16 %[r], %[a]");
    TEST("revsh", "revsh %[r], %[a]");
#ifdef __thumb__
    /* inside an IT block: no flags from the 16-bit forms */
    TEST("it_adds", "cmp %[a], %[b]\n\tite eq\n\taddeq %[r], %[a], %[b]\n\t"
                    "subne %[r], %[a], %[b]");
    TEST("it_lsl", "cmp %[a], %[b]\n\titt hi\n\tlslhi %[h], %[b]\n\t"
                   "eorhi %[h], %[a]");
    TEST("it_mov", "tst %[a], %[b]\n\tite mi\n\tmovmi %[r], #1\n\t"
                   "mvnpl %[r], %[a]");
    TEST("it_mul", "cmp %[a], #0\n\tit ne\n\tmulne %[h], %[b], %[h]");
    TEST("it_cmp", "cmp %[a], %[b]\n\tit cs\n\tcmpcs %[b], %[a]");
#endif
}

static void test_pc(void)
{
    TEST("adr_f", "adr %[r], 1f\n\tnop\n\t.align 2\n1:");
    TEST("adr_b", "1:\tnop\n\tnop\n\tadr %[r], 1b");
    TEST("add_pc", "add %[r], pc, #0");
    TEST("mov_from_pc", "mov %[r], pc");
    TEST("add_r_pc", "add %[h], pc");
    TEST("mov_pc", "adr %[h], 1f\n\tmov pc, %[h]\n\tmov %[r], #1\n\t"
                   ".align 2\n1:");
    TEST("add_pc_r", "mov %[h], #4\n\tadd pc, %[h]\n\tmov %[r], #1\n\t"
                     "mov %[r], #2\n\tmov %[r], #3\n\tmov %[r], #4");
#ifdef __thumb__
    TEST("adr_w", "adr.w %[r], 1f\n\tnop\n\t.align 2\n1:");
    TEST("adr_wb", "1:\tnop\n\tadr.w %[r], 1b");
#else
    TEST("sub_pc", "sub %[r], pc, #12");
    TEST("add_pc_lsl", "add %[r], pc, %[a], lsl #2");
    TEST("movs_pc_c", "adr %[h], 1f\n\tmov pc, %[h]\n\tmov %[r], #1\n1:");
#endif
    /* a conditional SUBS, then a condition on the flags it may have left */
#ifdef __thumb__
    TEST("subs_cond", "subs %[h], %[a], #8\n\tit cs\n\tsubscs.w %[h], %[h], "
                      "%[b]\n\tite cs\n\tmovcs %[r], #1\n\tmovcc %[r], #2");
    TEST("cmp_cond", "cmp %[a], %[b]\n\tit hi\n\tcmphi %[b], #100\n\t"
                     "ite ls\n\tmovls %[r], #1\n\tmovhi %[r], #2");
#else
    TEST("subs_cond", "subs %[h], %[a], #8\n\tsubscs %[h], %[h], %[b]\n\t"
                      "movcs %[r], #1\n\tmovcc %[r], #2");
    TEST("cmp_cond", "cmp %[a], %[b]\n\tcmphi %[b], #100\n\t"
                     "movls %[r], #1\n\tmovhi %[r], #2");
#endif
    TEST("sp_add", "add %[r], sp, #16\n\tsub %[r], sp");
    TEST("sp_imm", "sub sp, #128\n\tmov %[r], sp\n\tadd sp, #128\n\t"
                   "sub %[r], sp");
}

void _start(void)
{
    test_low();
    test_pc();
    dp_exit();
}
