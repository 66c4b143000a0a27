/*
 * AArch32 data-processing, multiply and media instructions over edge
 * values: each prints its operands, result and the APSR (NZCVQ, GE) after
 * starting from two flag states. Built -marm and -mthumb; the output under
 * arx must equal qemu-arm's. Freestanding: only write and exit syscalls.
 */
#include "dp_harness.h"

static void test_dp(void)
{
    TEST("ands", "ands %[r], %[a], %[b]");
    TEST("eors", "eors %[r], %[a], %[b]");
    TEST("subs", "subs %[r], %[a], %[b]");
    TEST("rsbs", "rsbs %[r], %[a], %[b]");
    TEST("adds", "adds %[r], %[a], %[b]");
    TEST("adcs", "adcs %[r], %[a], %[b]");
    TEST("sbcs", "sbcs %[r], %[a], %[b]");
    TEST("adc", "adc %[r], %[a], %[b]");
    TEST("sbc", "sbc %[r], %[a], %[b]");
    TEST("orrs", "orrs %[r], %[a], %[b]");
    TEST("bics", "bics %[r], %[a], %[b]");
    TEST("mvns", "mvns %[r], %[b]");
    TEST("tst", "tst %[a], %[b]");
    TEST("teq", "teq %[a], %[b]");
    TEST("cmp", "cmp %[a], %[b]");
    TEST("cmn", "cmn %[a], %[b]");
    TEST("add", "add %[r], %[a], %[b]");
    TEST("sub", "sub %[r], %[a], %[b]");
    TEST("bic", "bic %[r], %[a], %[b]");
    TEST("ands_lsl1", "ands %[r], %[a], %[b], lsl #1");
    TEST("ands_lsl31", "ands %[r], %[a], %[b], lsl #31");
    TEST("eors_lsr1", "eors %[r], %[a], %[b], lsr #1");
    TEST("eors_lsr32", "eors %[r], %[a], %[b], lsr #32");
    TEST("orrs_asr1", "orrs %[r], %[a], %[b], asr #1");
    TEST("orrs_asr32", "orrs %[r], %[a], %[b], asr #32");
    TEST("bics_ror7", "bics %[r], %[a], %[b], ror #7");
    TEST("movs_rrx", "movs %[r], %[b], rrx");
    TEST("mvns_ror1", "mvns %[r], %[b], ror #1");
    TEST("adds_lsl3", "adds %[r], %[a], %[b], lsl #3");
    TEST("subs_asr5", "subs %[r], %[a], %[b], asr #5");
    TEST("cmp_lsr4", "cmp %[a], %[b], lsr #4");
    TEST("tst_ror31", "tst %[a], %[b], ror #31");
    TEST("adcs_rrx", "adcs %[r], %[a], %[b], rrx");
    TEST("lsls_r", "lsls %[r], %[a], %[b]");
    TEST("lsrs_r", "lsrs %[r], %[a], %[b]");
    TEST("asrs_r", "asrs %[r], %[a], %[b]");
    TEST("rors_r", "rors %[r], %[a], %[b]");
    TEST("lsl_r", "lsl %[r], %[a], %[b]");
    TEST("lsls_i1", "lsls %[r], %[a], #1");
    TEST("lsrs_i32", "lsrs %[r], %[a], #32");
    TEST("asrs_i31", "asrs %[r], %[a], #31");
    TEST("ands_i", "ands %[r], %[a], #0xff000000");
    TEST("orrs_i", "orrs %[r], %[a], #0x80000000");
    TEST("eors_i", "eors %[r], %[a], #0x3fc");
    TEST("movs_i", "movs %[r], #0xff");
    TEST("tst_i", "tst %[a], #0xc0000000");
    TEST("adds_i", "adds %[r], %[a], #0x80000000");
    TEST("subs_i", "subs %[r], %[a], #1");
    TEST("rsbs_i", "rsbs %[r], %[a], #0");
    TEST("cmp_i", "cmp %[a], #32");
    TEST("cmn_i", "cmn %[a], #1");
    TEST("adcs_i", "adcs %[r], %[a], #0xff");
    TEST("sbcs_i", "sbcs %[r], %[a], #0xff");
    TEST("movw", "movw %[r], #0xbeef");
    TEST("movt", "movt %[h], #0xdead");
#ifdef __thumb__
    TEST("orns", "orns %[r], %[a], %[b]");
    TEST("orns_i", "orns %[r], %[a], #0x00ff00ff");
    TEST("ands_i2", "ands %[r], %[a], #0xab00ab00");
    TEST("addw", "addw %[r], %[a], #0xfff");
    TEST("subw", "subw %[r], %[a], #0xabc");
    TEST("it_add", "cmp %[a], %[b]\n\tit hi\n\taddhi %[r], %[a], %[b]");
    TEST("it_lsl", "cmp %[a], %[b]\n\tite cc\n\tlslcc %[r], %[a], %[b]\n\t"
                   "movcs %[r], %[a]");
#else
    TEST("rscs", "rscs %[r], %[a], %[b]");
    TEST("rsc", "rsc %[r], %[a], %[b]");
    TEST("rsb_lsl_r", "rsbs %[r], %[a], %[b], lsl %[a]");
    TEST("ands_ror_r", "ands %[r], %[a], %[b], ror %[a]");
    TEST("adc_asr_r", "adcs %[r], %[a], %[b], asr %[b]");
    TEST("orrs_i_c", "orrs %[r], %[a], #0x3f0000");
    TEST("mvns_i", "mvns %[r], #0xf000000f");
    TEST("add_pc", "add %[r], pc, #8\n\tsub %[r], %[r], pc");
    TEST("moveq", "cmp %[a], %[b]\n\tmoveq %[r], %[a]");
#endif
}

static void test_mul(void)
{
    TEST("mul", "mul %[r], %[a], %[b]");
    TEST("mla", "mla %[r], %[a], %[b], %[h]");
    TEST("mls", "mls %[r], %[a], %[b], %[h]");
    TEST("umull", "umull %[r], %[h], %[a], %[b]");
    TEST("smull", "smull %[r], %[h], %[a], %[b]");
    TEST("umlal", "umlal %[r], %[h], %[a], %[b]");
    TEST("smlal", "smlal %[r], %[h], %[a], %[b]");
    TEST("umaal", "umaal %[r], %[h], %[a], %[b]");
#ifndef __thumb__
    TEST("muls", "muls %[r], %[a], %[b]");
    TEST("mlas", "mlas %[r], %[a], %[b], %[h]");
    TEST("umulls", "umulls %[r], %[h], %[a], %[b]");
    TEST("smlals", "smlals %[r], %[h], %[a], %[b]");
#endif
    TEST("smlabb", "smlabb %[r], %[a], %[b], %[h]");
    TEST("smlabt", "smlabt %[r], %[a], %[b], %[h]");
    TEST("smlatb", "smlatb %[r], %[a], %[b], %[h]");
    TEST("smlatt", "smlatt %[r], %[a], %[b], %[h]");
    TEST("smulbb", "smulbb %[r], %[a], %[b]");
    TEST("smultt", "smultt %[r], %[a], %[b]");
    TEST("smlawb", "smlawb %[r], %[a], %[b], %[h]");
    TEST("smlawt", "smlawt %[r], %[a], %[b], %[h]");
    TEST("smulwb", "smulwb %[r], %[a], %[b]");
    TEST("smulwt", "smulwt %[r], %[a], %[b]");
    TEST("smlalbt", "smlalbt %[r], %[h], %[a], %[b]");
    TEST("smlaltb", "smlaltb %[r], %[h], %[a], %[b]");
    TEST("smlad", "smlad %[r], %[a], %[b], %[h]");
    TEST("smladx", "smladx %[r], %[a], %[b], %[h]");
    TEST("smlsd", "smlsd %[r], %[a], %[b], %[h]");
    TEST("smlsdx", "smlsdx %[r], %[a], %[b], %[h]");
    TEST("smuad", "smuad %[r], %[a], %[b]");
    TEST("smuadx", "smuadx %[r], %[a], %[b]");
    TEST("smusd", "smusd %[r], %[a], %[b]");
    TEST("smusdx", "smusdx %[r], %[a], %[b]");
    TEST("smlald", "smlald %[r], %[h], %[a], %[b]");
    TEST("smlaldx", "smlaldx %[r], %[h], %[a], %[b]");
    TEST("smlsld", "smlsld %[r], %[h], %[a], %[b]");
    TEST("smlsldx", "smlsldx %[r], %[h], %[a], %[b]");
    TEST("smmul", "smmul %[r], %[a], %[b]");
    TEST("smmulr", "smmulr %[r], %[a], %[b]");
    TEST("smmla", "smmla %[r], %[a], %[b], %[h]");
    TEST("smmlar", "smmlar %[r], %[a], %[b], %[h]");
    TEST("smmls", "smmls %[r], %[a], %[b], %[h]");
    TEST("smmlsr", "smmlsr %[r], %[a], %[b], %[h]");
    TEST("sdiv", "sdiv %[r], %[a], %[b]");
    TEST("udiv", "udiv %[r], %[a], %[b]");
}

static void test_media(void)
{
    TEST("clz", "clz %[r], %[a]");
    TEST("rbit", "rbit %[r], %[a]");
    TEST("rev", "rev %[r], %[a]");
    TEST("rev16", "rev16 %[r], %[a]");
    TEST("revsh", "revsh %[r], %[a]");
    TEST("bfc", "bfc %[h], #4, #9");
    TEST("bfi", "bfi %[h], %[a], #8, #16");
    TEST("bfi2", "bfi %[h], %[a], #31, #1");
    TEST("ubfx", "ubfx %[r], %[a], #3, #7");
    TEST("sbfx", "sbfx %[r], %[a], #20, #12");
    TEST("sbfx2", "sbfx %[r], %[a], #0, #32");
    TEST("sxtb", "sxtb %[r], %[a]");
    TEST("sxth", "sxth %[r], %[a]");
    TEST("uxtb", "uxtb %[r], %[a]");
    TEST("uxth", "uxth %[r], %[a]");
    TEST("sxtb_r8", "sxtb %[r], %[a], ror #8");
    TEST("uxth_r24", "uxth %[r], %[a], ror #24");
    TEST("sxtb16", "sxtb16 %[r], %[a], ror #8");
    TEST("uxtb16", "uxtb16 %[r], %[a]");
    TEST("sxtab", "sxtab %[r], %[a], %[b], ror #16");
    TEST("sxtah", "sxtah %[r], %[a], %[b]");
    TEST("uxtab", "uxtab %[r], %[a], %[b], ror #24");
    TEST("uxtah", "uxtah %[r], %[a], %[b], ror #8");
    TEST("sxtab16", "sxtab16 %[r], %[a], %[b]");
    TEST("uxtab16", "uxtab16 %[r], %[a], %[b], ror #16");
    TEST("pkhbt", "pkhbt %[r], %[a], %[b], lsl #8");
    TEST("pkhtb", "pkhtb %[r], %[a], %[b], asr #12");
    TEST("pkhtb32", "pkhtb %[r], %[a], %[b], asr #32");
    TEST("ssat", "ssat %[r], #8, %[a]");
    TEST("ssat_lsl", "ssat %[r], #16, %[a], lsl #4");
    TEST("ssat32", "ssat %[r], #32, %[a], asr #3");
    TEST("usat", "usat %[r], #8, %[a]");
    TEST("usat0", "usat %[r], #0, %[a]");
    TEST("usat_asr", "usat %[r], #31, %[a], asr #1");
    TEST("ssat16", "ssat16 %[r], #4, %[a]");
    TEST("usat16", "usat16 %[r], #9, %[a]");
    TEST("qadd", "qadd %[r], %[a], %[b]");
    TEST("qsub", "qsub %[r], %[a], %[b]");
    TEST("qdadd", "qdadd %[r], %[a], %[b]");
    TEST("qdsub", "qdsub %[r], %[a], %[b]");
    TEST("sel", "sel %[r], %[a], %[b]");
    TEST("usad8", "usad8 %[r], %[a], %[b]");
    TEST("usada8", "usada8 %[r], %[a], %[b], %[h]");
    TEST("crc32b", "crc32b %[r], %[a], %[b]");
    TEST("crc32h", "crc32h %[r], %[a], %[b]");
    TEST("crc32w", "crc32w %[r], %[a], %[b]");
    TEST("crc32cb", "crc32cb %[r], %[a], %[b]");
    TEST("crc32ch", "crc32ch %[r], %[a], %[b]");
    TEST("crc32cw", "crc32cw %[r], %[a], %[b]");
    TEST("msr_f", "msr APSR_nzcvq, %[a]");
    TEST("msr_g", "msr APSR_g, %[a]");
#ifndef __thumb__
    TEST("msr_i", "msr APSR_nzcvq, #0x50000000");
#endif
}

#define PAR(op)                                                                \
    TEST("s" op, "s" op " %[r], %[a], %[b]");                                  \
    TEST("q" op, "q" op " %[r], %[a], %[b]");                                  \
    TEST("sh" op, "sh" op " %[r], %[a], %[b]");                                \
    TEST("u" op, "u" op " %[r], %[a], %[b]");                                  \
    TEST("uq" op, "uq" op " %[r], %[a], %[b]");                                \
    TEST("uh" op, "uh" op " %[r], %[a], %[b]");

static void test_parallel(void)
{
    PAR("add16");
    PAR("asx");
    PAR("sax");
    PAR("sub16");
    PAR("add8");
    PAR("sub8");
}

void _start(void)
{
    asm volatile(".arch armv8-a\n\t.arch_extension crc");
    test_dp();
    test_mul();
    test_media();
    test_parallel();
    dp_exit();
}
