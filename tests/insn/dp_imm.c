/*
 * Instruction test for the A64 "data processing -- immediate" group: ADR,
 * ADRP, ADD/SUB(S) imm, AND/ORR/EOR/ANDS imm (every valid bitmask), MOVN/Z/K,
 * SBFM/BFM/UBFM (every immr/imms) and EXTR, run from code generated at run
 * time over edge-value inputs. Prints one line per section (count and hash
 * of every result) plus sampled cases; "-v" prints every case. The output
 * must not depend on addresses or timing, so it can be compared with qemu.
 * Reserved encodings are checked last, through SIGILL.
 *
 * Built for aarch64 it runs the instructions itself; built for another host
 * it calls insn_slot_build/insn_slot_run from an external harness instead.
 */
#include <inttypes.h>
#include <setjmp.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Registers around one test sequence: x0..x5, then SP, then NZCV. */
typedef struct RegFrame {
    uint64_t x[7]; /* x[6] is SP while the sequence runs */
    uint64_t nzcv;
} RegFrame;

/* ---- running generated code ---- */

#if defined(__aarch64__)
#include <sys/mman.h>
#include <unistd.h>

/*
 * The frame pointer stays in x16, the host SP in x10; the sequence under
 * test may use x0..x5 and register 31 (SP or XZR) only.
 */
__asm__(".text\n"
        ".p2align 2\n"
        ".globl slot_head, slot_head_end, slot_tail_end\n"
        "slot_head:\n"
        "    mov x16, x0\n"
        "    mov x10, sp\n"
        "    ldr x9, [x16, #56]\n"
        "    msr nzcv, x9\n"
        "    ldp x0, x1, [x16, #0]\n"
        "    ldp x2, x3, [x16, #16]\n"
        "    ldp x4, x5, [x16, #32]\n"
        "    ldr x6, [x16, #48]\n"
        "    mov sp, x6\n"
        "slot_head_end:\n"
        "    mov x6, sp\n"
        "    mov sp, x10\n"
        "    mrs x9, nzcv\n"
        "    stp x0, x1, [x16, #64]\n"
        "    stp x2, x3, [x16, #80]\n"
        "    stp x4, x5, [x16, #96]\n"
        "    stp x6, x9, [x16, #112]\n"
        "    ret\n"
        "slot_tail_end:\n");
extern const uint32_t slot_head[], slot_head_end[], slot_tail_end[];

static uint32_t *code_buf;
static size_t code_used, code_cap;

static void die(const char *why)
{
    fflush(stdout);
    fprintf(stderr, "dp_imm: %s\n", why);
    _exit(2);
}

/* Each sequence gets fresh memory: code is written once, never modified. */
static const uint32_t *insn_slot_build(const uint32_t *insns, int n)
{
    /* Distinct symbols: compare addresses, not pointers. */
    size_t head = ((uintptr_t)slot_head_end - (uintptr_t)slot_head) / 4;
    size_t tail = ((uintptr_t)slot_tail_end - (uintptr_t)slot_head_end) / 4;
    uint32_t *p;

    if (!code_buf) {
        code_cap = (16u << 20) / 4;
        code_buf = mmap(NULL, code_cap * 4, PROT_READ | PROT_WRITE | PROT_EXEC,
                        MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (code_buf == MAP_FAILED)
            die("mmap of the code buffer failed");
    }
    if (code_used + head + (size_t)n + tail > code_cap)
        die("code buffer full");
    p = code_buf + code_used;
    memcpy(p, slot_head, head * 4);
    memcpy(p + head, insns, (size_t)n * 4);
    memcpy(p + head + n, slot_head_end, tail * 4);
    code_used += head + (size_t)n + tail;
    __builtin___clear_cache((char *)p, (char *)(p + head + n + tail));
    return p;
}

/* The guest address of the first instruction under test. */
static uint64_t insn_slot_pc(const uint32_t *slot)
{
    return (uint64_t)(uintptr_t)slot + (uintptr_t)slot_head_end -
           (uintptr_t)slot_head;
}

static void insn_slot_run(const uint32_t *slot, const RegFrame *in,
                          RegFrame *out)
{
    RegFrame frames[2];

    frames[0] = *in;
    ((void (*)(RegFrame *))(uintptr_t)slot)(frames);
    *out = frames[1];
}
#else
const uint32_t *insn_slot_build(const uint32_t *insns, int n);
uint64_t insn_slot_pc(const uint32_t *slot);
void insn_slot_run(const uint32_t *slot, const RegFrame *in, RegFrame *out);
#endif

/* ---- output: hashed per section, sampled, or all with -v ---- */

static bool verbose;
static uint64_t section_hash;
static unsigned long section_cases;
static const char *section_name;

static void section_begin(const char *name)
{
    section_name = name;
    section_hash = 0xcbf29ce484222325ull; /* FNV-1a */
    section_cases = 0;
}

static void section_end(void)
{
    printf("%s: %lu cases, hash %016" PRIx64 "\n", section_name, section_cases,
           section_hash);
}

static void report(const char *line)
{
    for (const char *c = line; *c; c++) {
        section_hash ^= (unsigned char)*c;
        section_hash *= 0x100000001b3ull;
    }
    if (verbose || section_cases % 61 == 0)
        printf("  %s\n", line);
    section_cases++;
}

/*
 * Runs insns (already built into slot) with in and reports the result.
 * x[i] of the result is shown relative to base_i (for PC-relative values).
 */
static void run_case(const char *what, const uint32_t *slot, uint32_t insn,
                     const RegFrame *in, uint64_t rel)
{
    RegFrame out;
    char line[512];

    insn_slot_run(slot, in, &out);
    snprintf(line, sizeof(line),
             "%s %08" PRIx32 " in %" PRIx64 " %" PRIx64 " %" PRIx64
             " sp=%" PRIx64 " f=%" PRIx64 " -> %" PRIx64 " %" PRIx64 " %" PRIx64
             " %" PRIx64 " %" PRIx64 " %" PRIx64 " sp=%" PRIx64 " f=%" PRIx64,
             what, insn, in->x[0], in->x[1], in->x[2], in->x[6], in->nzcv >> 28,
             out.x[0] - rel, out.x[1], out.x[2], out.x[3], out.x[4], out.x[5],
             out.x[6], out.nzcv >> 28);
    report(line);
}

static const uint64_t edge_values[] = {
    0,
    1,
    2,
    0xfff,
    0x1000,
    0x7fffffff,
    0x80000000,
    0xffffffff,
    0x100000000,
    0x00000000fffff000,
    0x7fffffffffffffff,
    0x8000000000000000,
    0xffffffffffffffff,
    0x0123456789abcdef,
    0xfedcba9876543210,
    0x5555555555555555,
    0xaaaaaaaaaaaaaaaa,
    0xfffffffffffff001,
};
#define N_EDGE (sizeof(edge_values) / sizeof(edge_values[0]))

static RegFrame frame_with(uint64_t x0, uint64_t x1, uint64_t x2, uint64_t nzcv)
{
    RegFrame f = {{x0, x1, x2, 0x3333333333333333, 0x4444444444444444,
                   0x5555555555555555, 0x0000100000000000},
                  nzcv << 28};
    return f;
}

/* ---- encoders (Arm ARM C4.1.86 layouts) ---- */

static uint32_t enc_pcrel(unsigned op, int64_t imm, unsigned rd)
{
    return op << 31 | (uint32_t)(imm & 3) << 29 | 0x10u << 24 |
           (uint32_t)((imm >> 2) & 0x7ffff) << 5 | rd;
}

static uint32_t enc_addsub_i(unsigned sf, unsigned op, unsigned s, unsigned sh,
                             unsigned imm12, unsigned rn, unsigned rd)
{
    return sf << 31 | op << 30 | s << 29 | 0x22u << 23 | sh << 22 |
           imm12 << 10 | rn << 5 | rd;
}

/* Logical immediate (0x24) and bitfield (0x26) share one layout. */
static uint32_t enc_nrs(unsigned group, unsigned sf, unsigned opc, unsigned n,
                        unsigned immr, unsigned imms, unsigned rn, unsigned rd)
{
    return sf << 31 | opc << 29 | group << 23 | n << 22 | immr << 16 |
           imms << 10 | rn << 5 | rd;
}

static uint32_t enc_movw(unsigned sf, unsigned opc, unsigned hw, unsigned imm16,
                         unsigned rd)
{
    return sf << 31 | opc << 29 | 0x25u << 23 | hw << 21 | imm16 << 5 | rd;
}

static uint32_t enc_extr(unsigned sf, unsigned n, unsigned rm, unsigned imms,
                         unsigned rn, unsigned rd)
{
    return sf << 31 | 0x27u << 23 | n << 22 | rm << 16 | imms << 10 | rn << 5 |
           rd;
}

/* ---- sections ---- */

static void test_pcrel(void)
{
    static const int64_t offsets[] = {
        0,     1,      2,       3,         4,       -1,      -4,
        0xfff, 0x1000, 0xfffff, -0x100000, 0x7ffff, -0x80000};

    section_begin("adr/adrp");
    for (unsigned op = 0; op < 2; op++) {
        for (size_t i = 0; i < sizeof(offsets) / sizeof(offsets[0]); i++) {
            uint32_t insn = enc_pcrel(op, offsets[i], 0);
            const uint32_t *slot = insn_slot_build(&insn, 1);
            uint64_t pc = insn_slot_pc(slot);
            RegFrame in = frame_with(0x1111, 0, 0, 0);

            run_case(op ? "adrp" : "adr", slot, insn, &in,
                     op ? pc & ~(uint64_t)0xfff : pc);
        }
    }
    /* Rd = 31 is XZR: nothing changes. */
    {
        uint32_t insn = enc_pcrel(0, 64, 31);
        const uint32_t *slot = insn_slot_build(&insn, 1);
        RegFrame in = frame_with(0x1111, 0, 0, 0);

        run_case("adr-xzr", slot, insn, &in, 0);
    }
    section_end();
}

static void test_addsub_imm(void)
{
    static const unsigned imms[] = {0, 1, 2, 0x7ff, 0x800, 0xfff, 0x123};
    /* (rd, rn): plain, same register, SP as source, SP as destination. */
    static const unsigned regs[][2] = {{0, 1}, {1, 1}, {0, 31}, {31, 1}};

    section_begin("add/sub imm");
    for (unsigned bits = 0; bits < 16; bits++) {
        unsigned sf = bits & 1, op = bits >> 1 & 1, s = bits >> 2 & 1;
        unsigned sh = bits >> 3 & 1;

        for (size_t k = 0; k < sizeof(imms) / sizeof(imms[0]); k++) {
            for (size_t r = 0; r < 4; r++) {
                uint32_t insn = enc_addsub_i(sf, op, s, sh, imms[k], regs[r][1],
                                             regs[r][0]);
                const uint32_t *slot = insn_slot_build(&insn, 1);

                for (size_t v = 0; v < N_EDGE; v++) {
                    RegFrame in = frame_with(0xdeadbeefdeadbeef, edge_values[v],
                                             0, v & 0xf);

                    if (regs[r][1] == 31) /* source is SP */
                        in.x[6] = edge_values[v];
                    run_case("addsub", slot, insn, &in, 0);
                }
            }
        }
    }
    section_end();
}

/* DecodeBitMasks() validity, written from the Arm ARM independently. */
static bool bitmask_valid(unsigned sf, unsigned n, unsigned imms)
{
    unsigned combined = n << 6 | (~imms & 0x3f);
    unsigned len = 0, levels;

    if (!sf && n)
        return false;
    for (unsigned b = 0; b < 7; b++)
        if (combined & (1u << b))
            len = b;
    if (len < 1)
        return false;
    levels = (1u << len) - 1;
    return (imms & levels) != levels;
}

static void test_logic_imm(void)
{
    static const uint64_t inputs[] = {0, 0xffffffffffffffff,
                                      0x0123456789abcdef};
    unsigned long valid = 0;

    section_begin("logical imm");
    for (unsigned sf = 0; sf < 2; sf++) {
        for (unsigned n = 0; n < 2; n++) {
            for (unsigned immr = 0; immr < 64; immr++) {
                for (unsigned imms = 0; imms < 64; imms++) {
                    uint32_t insns[4];
                    const uint32_t *slot;

                    if (!bitmask_valid(sf, n, imms) || (!sf && immr >= 32))
                        continue;
                    valid++;
                    insns[0] = enc_nrs(0x24, sf, 0, n, immr, imms, 1, 0);
                    insns[1] = enc_nrs(0x24, sf, 1, n, immr, imms, 1, 2);
                    insns[2] = enc_nrs(0x24, sf, 2, n, immr, imms, 1, 3);
                    insns[3] = enc_nrs(0x24, sf, 3, n, immr, imms, 1, 4);
                    slot = insn_slot_build(insns, 4);
                    for (size_t v = 0; v < 3; v++) {
                        RegFrame in = frame_with(0, inputs[v], 0, 0xa);

                        run_case("logic", slot, insns[0], &in, 0);
                    }
                }
            }
        }
    }
    section_end();
    printf("logical imm: %lu valid encodings\n", valid);

    /* SP as destination of AND/ORR/EOR, XZR as that of ANDS (TST). */
    section_begin("logical imm sp/xzr");
    for (unsigned sf = 0; sf < 2; sf++) {
        for (unsigned opc = 0; opc < 4; opc++) {
            uint32_t insns[2] = {
                enc_nrs(0x24, sf, opc, sf, 4, 3, 1, 31),   /* Rd = SP/XZR */
                enc_nrs(0x24, sf, opc, 0, 1, 0x3c, 31, 2), /* Rn = XZR */
            };
            const uint32_t *slot = insn_slot_build(insns, 2);

            for (size_t v = 0; v < N_EDGE; v++) {
                RegFrame in = frame_with(0, edge_values[v], 0x77, 0);

                run_case("logic-sp", slot, insns[0], &in, 0);
            }
        }
    }
    section_end();
}

static void test_movewide(void)
{
    static const unsigned imms[] = {0, 1, 0x8000, 0xffff, 0x1234, 0x7fff};
    static const unsigned opcs[] = {0, 2, 3};

    section_begin("movn/movz/movk");
    for (unsigned sf = 0; sf < 2; sf++) {
        for (unsigned o = 0; o < 3; o++) {
            for (unsigned hw = 0; hw < (sf ? 4u : 2u); hw++) {
                for (size_t k = 0; k < sizeof(imms) / sizeof(imms[0]); k++) {
                    uint32_t insns[2] = {
                        enc_movw(sf, opcs[o], hw, imms[k], 0),
                        enc_movw(sf, opcs[o], hw, imms[k], 31), /* XZR */
                    };
                    const uint32_t *slot = insn_slot_build(insns, 2);

                    for (size_t v = 0; v < N_EDGE; v += 3) {
                        RegFrame in = frame_with(edge_values[v], 0, 0, 0);

                        run_case("movw", slot, insns[0], &in, 0);
                    }
                }
            }
        }
    }
    section_end();
}

static void test_bitfield(void)
{
    static const uint64_t inputs[] = {0x0123456789abcdef, 0xfedcba9876543210};

    section_begin("sbfm/bfm/ubfm");
    for (unsigned sf = 0; sf < 2; sf++) {
        unsigned bits = sf ? 64 : 32;

        for (unsigned immr = 0; immr < bits; immr++) {
            for (unsigned imms = 0; imms < bits; imms++) {
                uint32_t insns[3] = {
                    enc_nrs(0x26, sf, 0, sf, immr, imms, 1, 2), /* SBFM */
                    enc_nrs(0x26, sf, 1, sf, immr, imms, 1, 0), /* BFM */
                    enc_nrs(0x26, sf, 2, sf, immr, imms, 1, 3), /* UBFM */
                };
                const uint32_t *slot = insn_slot_build(insns, 3);

                for (size_t v = 0; v < 2; v++) {
                    RegFrame in =
                        frame_with(0xa5a5a5a5c3c3c3c3, inputs[v], 0, 0);

                    run_case("bfm", slot, insns[0], &in, 0);
                }
            }
        }
    }
    /* Rn = XZR and Rd = XZR. */
    for (unsigned sf = 0; sf < 2; sf++) {
        uint32_t insns[3] = {
            enc_nrs(0x26, sf, 0, sf, 3, 7, 31, 0),
            enc_nrs(0x26, sf, 1, sf, 3, 7, 31, 2),
            enc_nrs(0x26, sf, 2, sf, 3, 7, 1, 31),
        };
        const uint32_t *slot = insn_slot_build(insns, 3);
        RegFrame in = frame_with(~0ull, ~0ull, ~0ull, 0);

        run_case("bfm-zr", slot, insns[0], &in, 0);
    }
    section_end();
}

static void test_extr(void)
{
    section_begin("extr/ror");
    for (unsigned sf = 0; sf < 2; sf++) {
        for (unsigned lsb = 0; lsb < (sf ? 64u : 32u); lsb++) {
            uint32_t insns[3] = {
                enc_extr(sf, sf, 2, lsb, 1, 0),  /* EXTR x0, x1, x2 */
                enc_extr(sf, sf, 1, lsb, 1, 3),  /* ROR x3, x1 */
                enc_extr(sf, sf, 2, lsb, 31, 4), /* Rn = XZR */
            };
            const uint32_t *slot = insn_slot_build(insns, 3);

            for (size_t v = 0; v + 1 < N_EDGE; v += 2) {
                RegFrame in = frame_with(0, edge_values[v],
                                         edge_values[v + 1] ^ 0x0f0f, 0);

                run_case("extr", slot, insns[0], &in, 0);
            }
        }
    }
    section_end();
}

/* ---- reserved encodings must raise SIGILL ---- */

static sigjmp_buf undef_jmp;

static void on_sigill(int sig)
{
    (void)sig;
    siglongjmp(undef_jmp, 1);
}

static void expect_undef(const char *what, uint32_t insn)
{
    const uint32_t *slot = insn_slot_build(&insn, 1);
    RegFrame in = frame_with(1, 2, 3, 0), out;
    volatile bool trapped = false;

    if (sigsetjmp(undef_jmp, 1))
        trapped = true;
    else
        insn_slot_run(slot, &in, &out);
    printf("undef %-28s %08" PRIx32 ": %s\n", what, insn,
           trapped ? "SIGILL" : "executed");
}

static void test_undef(void)
{
    struct sigaction sa;

    static char alt_stack[65536];
    stack_t ss = {.ss_sp = alt_stack, .ss_size = sizeof(alt_stack)};

    /* The slot points SP elsewhere: the handler needs its own stack. */
    sigaltstack(&ss, NULL);
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_sigill;
    sa.sa_flags = SA_ONSTACK;
    sigaction(SIGILL, &sa, NULL);
    expect_undef("and w N=1", enc_nrs(0x24, 0, 0, 1, 0, 0, 1, 0));
    expect_undef("orr x imms=111111 N=1", enc_nrs(0x24, 1, 1, 1, 0, 63, 1, 0));
    expect_undef("eor x imms=111101 N=0", enc_nrs(0x24, 1, 2, 0, 0, 61, 1, 0));
    expect_undef("ands w imms=111101 N=0", enc_nrs(0x24, 0, 3, 0, 0, 61, 1, 0));
    expect_undef("and x imms=011111 N=0", enc_nrs(0x24, 1, 0, 0, 0, 31, 1, 0));
    expect_undef("movn w hw=2", enc_movw(0, 0, 2, 1, 0));
    expect_undef("movz w hw=3", enc_movw(0, 2, 3, 1, 0));
    expect_undef("movk w hw=2", enc_movw(0, 3, 2, 1, 0));
    expect_undef("move wide opc=01", enc_movw(1, 1, 0, 1, 0));
    expect_undef("sbfm x N=0", enc_nrs(0x26, 1, 0, 0, 1, 2, 1, 0));
    expect_undef("ubfm w N=1", enc_nrs(0x26, 0, 2, 1, 1, 2, 1, 0));
    expect_undef("bfm w immr=32", enc_nrs(0x26, 0, 1, 0, 32, 2, 1, 0));
    expect_undef("ubfm w imms=32", enc_nrs(0x26, 0, 2, 0, 1, 32, 1, 0));
    expect_undef("bitfield opc=11", enc_nrs(0x26, 1, 3, 1, 1, 2, 1, 0));
    expect_undef("extr x N=0", enc_extr(1, 0, 2, 3, 1, 0));
    expect_undef("extr w N=1", enc_extr(0, 1, 2, 3, 1, 0));
    expect_undef("extr w imms=32", enc_extr(0, 0, 2, 32, 1, 0));
    expect_undef("extr op21=01", enc_extr(1, 1, 2, 3, 1, 0) | 1u << 29);
    expect_undef("extr o0=1", enc_extr(1, 1, 2, 3, 1, 0) | 1u << 21);
}

int main(int argc, char **argv)
{
    verbose = argc > 1 && !strcmp(argv[1], "-v");
    setvbuf(stdout, NULL, _IOFBF, 1 << 16);
    test_pcrel();
    test_addsub_imm();
    test_logic_imm();
    test_movewide();
    test_bitfield();
    test_extr();
    test_undef();
    return 0;
}
