/*
 * Random encodings of each sve_arith.decode pattern (fixed bits, the rest
 * drawn) run once each from a random Z0-Z31, P0-P15 and FPCR at VL 128,
 * 256 and 512 bits; prints the encoding, a hash of Z and P afterwards and
 * FPSR, or ILL. The reference is qemu-aarch64 -cpu max.
 * insn-cflags: -march=armv8.2-a+sve -O1
 * insn-arx: -cpu max,+sve
 */
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>

/* sve_arith.decode's patterns: the fixed bits, and the field bits to draw. */
static const struct {
    uint32_t value, mask;
    const char *name;
} templates[] = {
    {0x04201000, 0x00df0fff, "SATADD_zzz"},
    {0x2524c000, 0x00c33fff, "SATADD_zi"},
    {0x0420c000, 0x00cf0fff, "SATCNT_z"},
    {0x04188000, 0x00c71fff, "SHIFTW_zpzw"},
    {0x04208000, 0x00df0fff, "SHIFTW_zzw"},
    {0x0420a000, 0x00df0fff, "ADR"},
    {0x44a00000, 0x001f07ff, "DOT_idx_s"},
    {0x44e00000, 0x001f07ff, "DOT_idx_d"},
    {0x0420b800, 0x00c003ff, "FEXPA"},
    {0x0420b000, 0x00df03ff, "FTSSEL"},
    {0x65108000, 0x00c703ff, "FTMAD"},
    {0x65000000, 0x00df1fff, "FP_zzz"},
    {0x65008000, 0x00cf1fff, "FP_zpzz"},
    {0x65188000, 0x00c71c3f, "FP_zpzi"},
    {0x650e3000, 0x00c103ff, "FRECPE"},
    {0x6500a000, 0x00df1fff, "FUNARY_zpz"},
    {0x65002000, 0x00c71fff, "FREDUCE"},
    {0x64200000, 0x005f07ff, "FMLA_idx_h"},
    {0x64a00000, 0x001f07ff, "FMLA_idx_s"},
    {0x64e00000, 0x001f07ff, "FMLA_idx_d"},
    {0x64202000, 0x005f03ff, "FMUL_idx_h"},
    {0x64a02000, 0x001f03ff, "FMUL_idx_s"},
    {0x64e02000, 0x001f03ff, "FMUL_idx_d"},
    {0x64a01000, 0x001f0fff, "FCMLA_idx_h"},
    {0x64e01000, 0x001f0fff, "FCMLA_idx_s"},
    {0x64008000, 0x00c11fff, "FCADD"},
};

static uint8_t state[32 * 256 + 16 * 32] __attribute__((aligned(16)));
static uint64_t rng = 0x123456789abcdefull;
static sigjmp_buf ill_jmp;

static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

uint64_t run_snippet(uint8_t *st, void *code, uint64_t fpcr);
__asm__(".arch armv8.2-a+sve\n"
        ".globl run_snippet\nrun_snippet:\n"
        "stp x29, x30, [sp, #-96]!\n"
        "stp d8, d9, [sp, #16]\nstp d10, d11, [sp, #32]\n"
        "stp d12, d13, [sp, #48]\nstp d14, d15, [sp, #64]\n"
        "str x19, [sp, #80]\nmov x19, x0\n"
#define Z(n) "ldr z" #n ", [x19, #" #n ", mul vl]\n"
        Z(0) Z(1) Z(2) Z(3) Z(4) Z(5) Z(6) Z(7) Z(8) Z(9) Z(10) Z(11) Z(12)
            Z(13) Z(14) Z(15) Z(16) Z(17) Z(18) Z(19) Z(20) Z(21) Z(22) Z(23)
                Z(24) Z(25) Z(26) Z(27) Z(28) Z(29) Z(30) Z(31)
#undef Z
                    "addvl x3, x19, #31\naddvl x3, x3, #1\n"
#define P(n) "ldr p" #n ", [x3, #" #n ", mul vl]\n"
        P(0) P(1) P(2) P(3) P(4) P(5) P(6) P(7) P(8) P(9) P(10) P(11) P(12) P(
            13) P(14) P(15)
#undef P
            "msr fpcr, x2\nmsr fpsr, xzr\nblr x1\nmrs x0, fpsr\nmsr fpcr, xzr\n"
#define Z(n) "str z" #n ", [x19, #" #n ", mul vl]\n"
        Z(0) Z(1) Z(2) Z(3) Z(4) Z(5) Z(6) Z(7) Z(8) Z(9) Z(10) Z(11) Z(12)
            Z(13) Z(14) Z(15) Z(16) Z(17) Z(18) Z(19) Z(20) Z(21) Z(22) Z(23)
                Z(24) Z(25) Z(26) Z(27) Z(28) Z(29) Z(30) Z(31)
#undef Z
                    "addvl x3, x19, #31\naddvl x3, x3, #1\n"
#define P(n) "str p" #n ", [x3, #" #n ", mul vl]\n"
        P(0) P(1) P(2) P(3) P(4) P(5) P(6) P(7) P(8) P(9) P(10) P(11) P(12)
            P(13) P(14) P(15)
#undef P
                "ldp d8, d9, [sp, #16]\nldp d10, d11, [sp, #32]\n"
                "ldp d12, d13, [sp, #48]\nldp d14, d15, [sp, #64]\n"
                "ldr x19, [sp, #80]\nldp x29, x30, [sp], #96\nret\n");

static void on_ill(int sig)
{
    (void)sig;
    siglongjmp(ill_jmp, 1);
}

static uint64_t special(void)
{
    static const uint64_t d[] = {0x7ff8000000000000,
                                 0x7ff0000000000001,
                                 0x7ff0000000000000,
                                 0xfff0000000000000,
                                 0,
                                 0x8000000000000000,
                                 1,
                                 0x800fffffffffffff,
                                 0x7fefffffffffffff,
                                 0x3ff0000000000000,
                                 0x0010000000000000,
                                 0xc000000000000000};
    static const uint32_t s[] = {0x7fc00000, 0x7f800001, 0x7f800000, 0xff800000,
                                 0,          0x80000000, 1,          0x807fffff,
                                 0x7f7fffff, 0x3f800000, 0x00800000, 0xbf000000,
                                 0x3f000000};
    static const uint16_t h[] = {0x7e00, 0x7c01, 0x7c00, 0xfc00, 0,
                                 0x8000, 1,      0x83ff, 0x7bff, 0x3c00,
                                 0x0400, 0xb800, 0x3800};
    uint64_t r = next();

    switch (r % 6) {
    case 0: return d[(r >> 8) % 12];
    case 1: return (uint64_t)s[(r >> 8) % 13] << 32 | s[(r >> 16) % 13];
    case 2:
        return (uint64_t)h[(r >> 8) % 13] << 48 |
               (uint64_t)h[(r >> 12) % 13] << 32 |
               (uint64_t)h[(r >> 16) % 13] << 16 | h[(r >> 20) % 13];
    case 3: return next() % 70; /* small: shift amounts, scales */
    case 4: {                   /* normal-ish floats */
        uint64_t x = next() & 0x3fff3fff3fff3fffull;
        return x | 0x3000300030003000ull;
    }
    default: return next();
    }
}

/* FUNARY_zpz's opc 8-11 and 14-31 are FCVT, BFCVT, FCVTX, FLOGB: other
 * decoders' (sve.decode, SVE2, BF16), not drawn here. */
static uint32_t draw(unsigned t)
{
    for (;;) {
        uint32_t insn =
            templates[t].value | ((uint32_t)next() & templates[t].mask);
        unsigned opc = (insn >> 16) & 31;

        if (strcmp(templates[t].name, "FUNARY_zpz") != 0 || opc < 8 ||
            opc == 12 || opc == 13)
            return insn;
    }
}

int main(int argc, char **argv)
{
    static const uint64_t fpcrs[] = {0,
                                     1 << 24,
                                     1 << 25,
                                     1 << 22,
                                     2 << 22,
                                     3 << 22,
                                     1 << 19,
                                     (1 << 24) | (1 << 19) | (3 << 22),
                                     (1 << 25) | (1 << 24)};
    static const unsigned lengths[] = {16, 32, 64};
    unsigned per = argc > 1 ? (unsigned)atoi(argv[1]) : 200;
    uint8_t *code = mmap(NULL, 1 << 16, PROT_READ | PROT_WRITE | PROT_EXEC,
                         MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    unsigned slot = 0;

    setvbuf(stdout, NULL, _IOFBF, 1 << 16);
    signal(SIGILL, on_ill);
    for (unsigned k = 0; k < 3; k++) {
        unsigned vl;

        prctl(50, lengths[k], 0, 0, 0);
        vl = lengths[k];
        for (unsigned t = 0; t < sizeof(templates) / sizeof(templates[0]);
             t++) {
            for (unsigned i = 0; i < per; i++) {
                uint32_t insn = draw(t);
                uint32_t *p = (uint32_t *)(code + 8 * (slot++ % 8192));
                uint64_t fpcr = fpcrs[next() % 9], fpsr,
                         h = 0xcbf29ce484222325ull;

                for (unsigned b = 0; b < 32 * vl; b += 8) {
                    uint64_t v = special();
                    memcpy(state + b, &v, 8);
                }
                for (unsigned b = 0; b < 16 * vl / 8; b++)
                    state[32 * vl + b] = (uint8_t)next();
                p[0] = insn;
                p[1] = 0xd65f03c0; /* ret */
                __builtin___clear_cache((char *)p, (char *)(p + 2));
                if (sigsetjmp(ill_jmp, 1)) {
                    __asm__ volatile("msr fpcr, xzr");
                    printf("%u %s %08x ILL\n", vl, templates[t].name, insn);
                    continue;
                }
                fpsr = run_snippet(state, p, fpcr);
                for (unsigned b = 0; b < 32 * vl + 2 * vl; b++)
                    h = (h ^ state[b]) * 0x100000001b3ull;
                printf("%u %s %08x %07llx %016llx %llx\n", vl,
                       templates[t].name, insn, (unsigned long long)fpcr,
                       (unsigned long long)h, (unsigned long long)fpsr);
            }
        }
    }
    return 0;
}
