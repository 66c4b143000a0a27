/*
 * Instruction test for the A64 "branches, exception generation and system"
 * group: B.cond (16 conditions x 16 NZCV), CBZ/CBNZ, TBZ/TBNZ (every bit),
 * B/BL/BR/BLR/RET, SVC, every hint, barriers, CLREX, CFINV, MRS/MSR of the
 * EL0 registers, DC/IC, self-modifying code, then BRK/HLT/UNDEF signals.
 * stdout must match between qemu and arx byte for byte; values that may
 * differ between implementations (ID registers, timer frequency) go to
 * stderr as "info:" lines.
 *
 * Built for aarch64 it runs everything itself; built for another host only
 * the generated-code sections run, through an external insn_slot_* harness.
 */
#include <inttypes.h>
#include <setjmp.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Registers around one generated sequence: x0..x5, then SP, then NZCV. */
typedef struct RegFrame {
    uint64_t x[7];
    uint64_t nzcv;
} RegFrame;

#if defined(__aarch64__)
#include <sys/mman.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

/* Frame pointer in x16, host SP in x10; sequences use x0..x5 only. */
__asm__(".text\n"
        ".p2align 2\n"
        ".globl bs_slot_head, bs_slot_head_end, bs_slot_tail_end\n"
        "bs_slot_head:\n"
        "    mov x16, x0\n"
        "    mov x10, sp\n"
        "    ldr x9, [x16, #56]\n"
        "    msr nzcv, x9\n"
        "    ldp x0, x1, [x16, #0]\n"
        "    ldp x2, x3, [x16, #16]\n"
        "    ldp x4, x5, [x16, #32]\n"
        "    ldr x6, [x16, #48]\n"
        "    mov sp, x6\n"
        "bs_slot_head_end:\n"
        "    mov x6, sp\n"
        "    mov sp, x10\n"
        "    mrs x9, nzcv\n"
        "    stp x0, x1, [x16, #64]\n"
        "    stp x2, x3, [x16, #80]\n"
        "    stp x4, x5, [x16, #96]\n"
        "    stp x6, x9, [x16, #112]\n"
        "    ret\n"
        "bs_slot_tail_end:\n");
extern const uint32_t bs_slot_head[], bs_slot_head_end[], bs_slot_tail_end[];

static uint32_t *code_buf;
static size_t code_used, code_cap;

static void die(const char *why)
{
    fflush(stdout);
    fprintf(stderr, "branch_sys: %s\n", why);
    _exit(2);
}

/* Each sequence gets fresh memory: code is written once, never modified. */
static const uint32_t *insn_slot_build(const uint32_t *insns, int n)
{
    size_t head = ((uintptr_t)bs_slot_head_end - (uintptr_t)bs_slot_head) / 4;
    size_t tail =
        ((uintptr_t)bs_slot_tail_end - (uintptr_t)bs_slot_head_end) / 4;
    uint32_t *p;

    if (!code_buf) {
        code_cap = (4u << 20) / 4;
        code_buf = mmap(NULL, code_cap * 4, PROT_READ | PROT_WRITE | PROT_EXEC,
                        MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (code_buf == MAP_FAILED)
            die("mmap of the code buffer failed");
    }
    if (code_used + head + (size_t)n + tail > code_cap)
        die("code buffer full");
    p = code_buf + code_used;
    memcpy(p, bs_slot_head, head * 4);
    memcpy(p + head, insns, (size_t)n * 4);
    memcpy(p + head + n, bs_slot_head_end, tail * 4);
    code_used += head + (size_t)n + tail;
    __builtin___clear_cache((char *)p, (char *)(p + head + n + tail));
    return p;
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
    if (verbose || section_cases % 29 == 0)
        printf("  %s\n", line);
    section_cases++;
}

static void run_case(const char *what, const uint32_t *slot, uint32_t insn,
                     const RegFrame *in)
{
    RegFrame out;
    char line[512];

    insn_slot_run(slot, in, &out);
    snprintf(line, sizeof(line),
             "%s %08" PRIx32 " in %" PRIx64 " %" PRIx64 " f=%" PRIx64
             " -> %" PRIx64 " %" PRIx64 " %" PRIx64 " %" PRIx64 " %" PRIx64
             " %" PRIx64 " sp=%" PRIx64 " f=%" PRIx64,
             what, insn, in->x[0], in->x[1], in->nzcv >> 28, out.x[0], out.x[1],
             out.x[2], out.x[3], out.x[4], out.x[5], out.x[6], out.nzcv >> 28);
    report(line);
}

static RegFrame frame_with(uint64_t x0, uint64_t x1, uint64_t nzcv)
{
    RegFrame f = {{x0, x1, 0x2222222222222222, 0x3333333333333333,
                   0x4444444444444444, 0x5555555555555555, 0x0000100000000000},
                  nzcv << 28};
    return f;
}

/* ---- encoders (Arm ARM C4.1.87 layouts) ---- */

static uint32_t enc_b(int64_t words)
{
    return 0x14000000u | (uint32_t)(words & 0x3ffffff);
}

static uint32_t enc_bcond(unsigned cond, int64_t words)
{
    return 0x54000000u | (uint32_t)(words & 0x7ffff) << 5 | cond;
}

static uint32_t enc_cb(unsigned sf, unsigned nz, int64_t words, unsigned rt)
{
    return sf << 31 | 0x34000000u | nz << 24 |
           (uint32_t)(words & 0x7ffff) << 5 | rt;
}

static uint32_t enc_tb(unsigned bit, unsigned nz, int64_t words, unsigned rt)
{
    return (bit >> 5) << 31 | 0x36000000u | nz << 24 | (bit & 31) << 19 |
           (uint32_t)(words & 0x3fff) << 5 | rt;
}

static uint32_t enc_movz(unsigned rd, unsigned imm16)
{
    return 0xd2800000u | imm16 << 5 | rd;
}

static uint32_t enc_sys(unsigned l, unsigned op0, unsigned op1, unsigned crn,
                        unsigned crm, unsigned op2, unsigned rt)
{
    return 0xd5000000u | l << 21 | op0 << 19 | op1 << 16 | crn << 12 |
           crm << 8 | op2 << 5 | rt;
}

/* ---- generated-code sections (also run by a host harness) ---- */

static const uint64_t edge_values[] = {
    0,
    1,
    0x80,
    0x7fffffff,
    0x80000000,
    0xffffffff,
    0x100000000,
    0x8000000000000000,
    0xffffffffffffffff,
    0x0123456789abcdef,
};
#define N_EDGE (sizeof(edge_values) / sizeof(edge_values[0]))

/*
 * Conditional branches, each in a slot of the same shape:
 *   0: <branch to 3>   1: movz x0,#1   2: b 4   3: movz x0,#2
 * and a backward one:  4: b 7   5: movz x3,#7   6: b 9
 *   7: <branch to 5>   8: movz x3,#9   (9: end)
 */
static void run_branch_shape(const char *what, uint32_t fwd, uint32_t back,
                             const RegFrame *in)
{
    uint32_t insns[9] = {
        fwd,
        enc_movz(0, 1),
        enc_b(2),
        enc_movz(0, 2),
        enc_b(3),
        enc_movz(3, 7),
        enc_b(3),
        back,
        enc_movz(3, 9),
    };
    const uint32_t *slot = insn_slot_build(insns, 9);

    run_case(what, slot, fwd, in);
}

static void test_bcond_generated(void)
{
    section_begin("b.cond generated");
    for (unsigned cond = 0; cond < 16; cond++)
        for (unsigned f = 0; f < 16; f++) {
            RegFrame in = frame_with(0, 0, f);

            run_branch_shape("b.cond", enc_bcond(cond, 3), enc_bcond(cond, -2),
                             &in);
        }
    section_end();
}

static void test_cb_tb_generated(void)
{
    section_begin("cbz/cbnz generated");
    for (unsigned sf = 0; sf < 2; sf++)
        for (unsigned nz = 0; nz < 2; nz++)
            for (size_t v = 0; v < N_EDGE; v++) {
                RegFrame in = frame_with(0, edge_values[v], 0);

                run_branch_shape("cb", enc_cb(sf, nz, 3, 1),
                                 enc_cb(sf, nz, -2, 1), &in);
            }
    /* Rt = XZR: CBZ always taken, CBNZ never. */
    for (unsigned nz = 0; nz < 2; nz++) {
        RegFrame in = frame_with(0, 5, 0);

        run_branch_shape("cb-zr", enc_cb(1, nz, 3, 31), enc_cb(1, nz, -2, 31),
                         &in);
    }
    section_end();

    section_begin("tbz/tbnz generated");
    for (unsigned bit = 0; bit < 64; bit++)
        for (unsigned nz = 0; nz < 2; nz++) {
            uint64_t one = (uint64_t)1 << bit;
            const uint64_t values[] = {one, ~one, 0, ~(uint64_t)0};

            for (size_t v = 0; v < 4; v++) {
                RegFrame in = frame_with(0, values[v], 0);

                run_branch_shape("tb", enc_tb(bit, nz, 3, 1),
                                 enc_tb(bit, nz, -2, 1), &in);
            }
        }
    section_end();
}

/* PAuth hints are left to test_pac_pairs: qemu implements them. */
static bool hint_is_pac(unsigned op)
{
    return (op >= 8 && op <= 15) || (op >= 24 && op <= 31);
}

static void test_hints_barriers(void)
{
    section_begin("hints");
    for (unsigned op = 0; op < 128; op++) {
        uint32_t insn = enc_sys(0, 0, 3, 2, op >> 3, op & 7, 31);
        const uint32_t *slot;
        RegFrame in = frame_with(0x0123456789abcdef, op, op & 15);

        if (hint_is_pac(op))
            continue;
        slot = insn_slot_build(&insn, 1);
        run_case("hint", slot, insn, &in);
    }
    section_end();

    section_begin("barriers");
    for (unsigned crm = 0; crm < 16; crm++) {
        uint32_t insns[4] = {
            enc_sys(0, 0, 3, 3, crm, 4, 31), /* DSB (SSBB, PSSBB at 0, 4) */
            enc_sys(0, 0, 3, 3, crm, 5, 31), /* DMB */
            enc_sys(0, 0, 3, 3, crm, 6, 31), /* ISB */
            enc_sys(0, 0, 3, 3, crm, 2, 31), /* CLREX */
        };
        const uint32_t *slot = insn_slot_build(insns, 4);
        RegFrame in = frame_with(crm, ~(uint64_t)crm, crm);

        run_case("barrier", slot, insns[0], &in);
    }
    {
        uint32_t insn = enc_sys(0, 0, 3, 3, 0, 7, 31); /* SB */
        const uint32_t *slot = insn_slot_build(&insn, 1);
        RegFrame in = frame_with(1, 2, 3);

        run_case("sb", slot, insn, &in);
    }
    section_end();
}

static void test_cfinv_nzcv_generated(void)
{
    /* CFINV; MRS x0, NZCV; MSR NZCV, x1; MRS x2, NZCV */
    uint32_t insns[4] = {
        0xd500401fu,
        enc_sys(1, 3, 3, 4, 2, 0, 0),
        enc_sys(0, 3, 3, 4, 2, 0, 1),
        enc_sys(1, 3, 3, 4, 2, 0, 2),
    };
    const uint32_t *slot = insn_slot_build(insns, 4);

    section_begin("cfinv, mrs/msr nzcv");
    for (unsigned f = 0; f < 16; f++) {
        const uint64_t writes[] = {(uint64_t)f << 28,
                                   (uint64_t)f << 28 | 0x0fffffff,
                                   ~(uint64_t)0 ^ (uint64_t)f << 28};

        for (size_t w = 0; w < 3; w++) {
            RegFrame in = frame_with(0, writes[w], f);

            run_case("nzcv", slot, insns[0], &in);
        }
    }
    section_end();
}

#if defined(__aarch64__)
/* ---- static inline-asm sections: aarch64 only ---- */

/* Bit k set when B.<cond k> fell through. */
static unsigned bcond_not_taken(uint64_t nzcv)
{
    uint64_t m = 0;

    __asm__ volatile("msr nzcv, %[f]\n"
                     "b.eq 1f\n orr %[m], %[m], #0x1\n 1:\n"
                     "b.ne 1f\n orr %[m], %[m], #0x2\n 1:\n"
                     "b.cs 1f\n orr %[m], %[m], #0x4\n 1:\n"
                     "b.cc 1f\n orr %[m], %[m], #0x8\n 1:\n"
                     "b.mi 1f\n orr %[m], %[m], #0x10\n 1:\n"
                     "b.pl 1f\n orr %[m], %[m], #0x20\n 1:\n"
                     "b.vs 1f\n orr %[m], %[m], #0x40\n 1:\n"
                     "b.vc 1f\n orr %[m], %[m], #0x80\n 1:\n"
                     "b.hi 1f\n orr %[m], %[m], #0x100\n 1:\n"
                     "b.ls 1f\n orr %[m], %[m], #0x200\n 1:\n"
                     "b.ge 1f\n orr %[m], %[m], #0x400\n 1:\n"
                     "b.lt 1f\n orr %[m], %[m], #0x800\n 1:\n"
                     "b.gt 1f\n orr %[m], %[m], #0x1000\n 1:\n"
                     "b.le 1f\n orr %[m], %[m], #0x2000\n 1:\n"
                     "b.al 1f\n orr %[m], %[m], #0x4000\n 1:\n"
                     "b.nv 1f\n orr %[m], %[m], #0x8000\n 1:\n"
                     : [m] "+r"(m)
                     : [f] "r"(nzcv << 28)
                     : "cc");
    return (unsigned)m;
}

static void test_bcond_static(void)
{
    unsigned sum = 0;

    printf("b.cond (bit k: cond k not taken; eq ne cs cc mi pl vs vc hi ls "
           "ge lt gt le al nv):\n");
    for (unsigned f = 0; f < 16; f++)
        printf("  nzcv=%x%x%x%x -> %04x\n", f >> 3 & 1, f >> 2 & 1, f >> 1 & 1,
               f & 1, bcond_not_taken(f));
    /* Backward conditional branches: sum 10..1. */
    __asm__ volatile("mov x9, #10\n"
                     "1: add %w[s], %w[s], w9\n"
                     "subs x9, x9, #1\n"
                     "b.ne 1b\n"
                     : [s] "+r"(sum)
                     :
                     : "x9", "cc");
    printf("backward b.ne loop: %u\n", sum);
}

/* Bit 0: CBZ X fell through, 1: CBNZ X, 2: CBZ W, 3: CBNZ W. */
static unsigned cb_not_taken(uint64_t v)
{
    uint64_t m = 0;

    __asm__ volatile("cbz %x[v], 1f\n orr %[m], %[m], #1\n 1:\n"
                     "cbnz %x[v], 1f\n orr %[m], %[m], #2\n 1:\n"
                     "cbz %w[v], 1f\n orr %[m], %[m], #4\n 1:\n"
                     "cbnz %w[v], 1f\n orr %[m], %[m], #8\n 1:\n"
                     "tbz %x[v], #63, 1f\n orr %[m], %[m], #16\n 1:\n"
                     "tbnz %x[v], #32, 1f\n orr %[m], %[m], #32\n 1:\n"
                     "tbz %w[v], #0, 1f\n orr %[m], %[m], #64\n 1:\n"
                     "tbnz %w[v], #31, 1f\n orr %[m], %[m], #128\n 1:\n"
                     : [m] "+r"(m)
                     : [v] "r"(v));
    return (unsigned)m;
}

static void test_cb_static(void)
{
    printf("cbz/cbnz/tbz/tbnz (static):\n");
    for (size_t v = 0; v < N_EDGE; v++)
        printf("  %016" PRIx64 " -> %02x\n", edge_values[v],
               cb_not_taken(edge_values[v]));
}

static void test_calls(void)
{
    uint64_t lr = 0, expect = 0, reached = 0;

    /* BL: X30 = address of the next insn. */
    __asm__ volatile("adr %[e], 1f\n"
                     "bl 2f\n"
                     "1: b 3f\n"
                     "2: mov %[l], x30\n"
                     "ret\n"
                     "3:\n"
                     : [l] "=&r"(lr), [e] "=&r"(expect)
                     :
                     : "x30");
    printf("bl: x30 %s\n", lr == expect ? "= next insn" : "WRONG");

    /* BLR X30: the target is read before X30 is written. */
    __asm__ volatile("adr x30, 2f\n"
                     "adr %[e], 1f\n"
                     "blr x30\n"
                     "1: b 3f\n"
                     "2: mov %[l], x30\n"
                     "ret\n"
                     "3:\n"
                     : [l] "=&r"(lr), [e] "=&r"(expect)
                     :
                     : "x30");
    printf("blr x30: x30 %s\n", lr == expect ? "= next insn" : "WRONG");

    /* BLR Xn, Xn != X30. */
    __asm__ volatile("adr x3, 2f\n"
                     "adr %[e], 1f\n"
                     "blr x3\n"
                     "1: b 3f\n"
                     "2: mov %[l], x30\n"
                     "ret\n"
                     "3:\n"
                     : [l] "=&r"(lr), [e] "=&r"(expect)
                     :
                     : "x3", "x30");
    printf("blr x3: x30 %s\n", lr == expect ? "= next insn" : "WRONG");

    /* BR and RET Xn, RET (X30): each skips a marker write. */
    __asm__ volatile("mov %[r], #0\n"
                     "adr x3, 1f\n"
                     "br x3\n"
                     "orr %[r], %[r], #1\n"
                     "1: adr x5, 2f\n"
                     "ret x5\n"
                     "orr %[r], %[r], #2\n"
                     "2: mov x9, x30\n"
                     "adr x30, 3f\n"
                     "ret\n"
                     "orr %[r], %[r], #4\n"
                     "3: mov x30, x9\n"
                     "orr %[r], %[r], #8\n"
                     : [r] "=&r"(reached)
                     :
                     : "x3", "x5", "x9", "x30");
    printf("br/ret: markers %" PRIx64 " (8 expected)\n", reached);

    /* B forward and backward. */
    __asm__ volatile("mov %[r], #0\n"
                     "b 2f\n"
                     "1: orr %[r], %[r], #1\n"
                     "b 3f\n"
                     "2: orr %[r], %[r], #2\n"
                     "b 1b\n"
                     "orr %[r], %[r], #4\n"
                     "3:\n"
                     : [r] "=&r"(reached));
    printf("b: markers %" PRIx64 " (3 expected)\n", reached);
}

/* write(1, msg, len) through SVC #imm; Linux ignores the immediate. */
static void test_svc(void)
{
    static const char msg0[] = "svc #0 wrote this\n";
    static const char msg1[] = "svc #0x1234 wrote this\n";
    register uint64_t x0 __asm__("x0");
    register uint64_t x1 __asm__("x1");
    register uint64_t x2 __asm__("x2");
    register uint64_t x8 __asm__("x8");
    uint64_t r0, r1;

    fflush(stdout);
    x0 = 1, x1 = (uint64_t)(uintptr_t)msg0, x2 = sizeof(msg0) - 1, x8 = 64;
    __asm__ volatile("svc #0"
                     : "+r"(x0)
                     : "r"(x1), "r"(x2), "r"(x8)
                     : "memory");
    r0 = x0;
    x0 = 1, x1 = (uint64_t)(uintptr_t)msg1, x2 = sizeof(msg1) - 1, x8 = 64;
    __asm__ volatile("svc #0x1234"
                     : "+r"(x0)
                     : "r"(x1), "r"(x2), "r"(x8)
                     : "memory");
    r1 = x0;
    printf("svc results: %" PRIu64 " %" PRIu64 "\n", r0, r1);
}

/* PACIxx/AUTIxx pairs round-trip with or without PAuth. */
static void test_pac_pairs(void)
{
    uint64_t lr = 0, x17 = 0, ok = 0;
    static uint64_t target;

    __asm__ volatile("mov x9, x30\n"
                     "adr x30, 1f\n"
                     "mov %[a], x30\n"
                     "hint #25\n hint #29\n" /* PACIASP, AUTIASP */
                     "hint #27\n hint #31\n" /* PACIBSP, AUTIBSP */
                     "hint #24\n hint #28\n" /* PACIAZ, AUTIAZ */
                     "hint #26\n hint #30\n" /* PACIBZ, AUTIBZ */
                     "hint #7\n"             /* XPACLRI */
                     "mov %[l], x30\n"
                     "mov x30, x9\n"
                     "1:\n"
                     : [l] "=&r"(lr), [a] "=&r"(ok)
                     :
                     : "x9", "x30");
    printf("pac hints on lr: %s\n", lr == ok ? "unchanged" : "CHANGED");
    __asm__ volatile("mov x17, %[t]\n"
                     "mov x16, #0x40\n"
                     "hint #8\n hint #12\n"  /* PACIA1716, AUTIA1716 */
                     "hint #10\n hint #14\n" /* PACIB1716, AUTIB1716 */
                     "mov %[o], x17\n"
                     : [o] "=&r"(x17)
                     : [t] "r"(&target)
                     : "x16", "x17");
    printf("pac hints on x17: %s\n",
           x17 == (uint64_t)(uintptr_t)&target ? "unchanged" : "CHANGED");
}

static void test_clrex(void)
{
    static uint64_t word = 5;
    uint64_t old, status;

    __asm__ volatile("ldxr %[o], [%[p]]\n"
                     "clrex\n"
                     "stxr %w[s], %[n], [%[p]]\n"
                     : [o] "=&r"(old), [s] "=&r"(status)
                     : [p] "r"(&word), [n] "r"((uint64_t)6)
                     : "memory");
    printf("clrex: loaded %" PRIu64 ", stxr status %" PRIu64 ", word %" PRIu64
           "\n",
           old, status, word);
}

static uint64_t read_fpcr(void)
{
    uint64_t v;

    __asm__ volatile("mrs %0, fpcr" : "=r"(v));
    return v;
}

static void write_fpcr(uint64_t v)
{
    __asm__ volatile("msr fpcr, %0" : : "r"(v));
}

static void test_sysregs(void)
{
    uint64_t saved = read_fpcr(), v, tp, tpro, t1, t2, frq, ctr, dczid;
    static const uint64_t fpcr_values[] = {
        0,        1u << 25, 1u << 24, 1u << 26,
        1u << 22, 2u << 22, 3u << 22, 0x07c00000,
    };

    printf("fpcr:");
    for (size_t i = 0; i < sizeof(fpcr_values) / sizeof(fpcr_values[0]); i++) {
        write_fpcr(fpcr_values[i]);
        printf(" %" PRIx64, read_fpcr());
    }
    write_fpcr(~(uint64_t)0);
    v = read_fpcr();
    write_fpcr(saved);
    printf("\n");
    fprintf(stderr, "info: fpcr after writing all ones: %" PRIx64 "\n", v);

    __asm__ volatile("mrs x9, fpsr\n"
                     "mov x10, #0x9f\n"
                     "orr x10, x10, #0x08000000\n"
                     "msr fpsr, x10\n"
                     "mrs %[a], fpsr\n"
                     "msr fpsr, xzr\n"
                     "mrs %[b], fpsr\n"
                     "msr fpsr, x9\n"
                     : [a] "=&r"(t1), [b] "=&r"(t2)
                     :
                     : "x9", "x10");
    printf("fpsr: %" PRIx64 " %" PRIx64 "\n", t1, t2);

    /* TPIDR_EL0 is libc's thread pointer: restore it before any call. */
    __asm__ volatile("mrs x9, tpidr_el0\n"
                     "msr tpidr_el0, %[n]\n"
                     "mrs %[t], tpidr_el0\n"
                     "msr tpidr_el0, x9\n"
                     : [t] "=&r"(tp)
                     : [n] "r"((uint64_t)0x123456789abcdef0)
                     : "x9");
    __asm__ volatile("mrs %0, tpidrro_el0" : "=r"(tpro));
    printf("tpidr_el0 round trip: %" PRIx64 ", tpidrro_el0: %" PRIx64 "\n", tp,
           tpro);

    __asm__ volatile("mrs %0, cntfrq_el0" : "=r"(frq));
    __asm__ volatile("mrs %0, cntvct_el0" : "=r"(t1));
    {
        struct timespec ts = {0, 20 * 1000 * 1000};

        nanosleep(&ts, NULL);
    }
    __asm__ volatile("mrs %0, cntvct_el0" : "=r"(t2));
    v = frq ? (t2 - t1) * 1000 / frq : 0; /* milliseconds */
    printf("cntvct: monotonic %s, 20 ms sleep measured %s\n",
           t2 > t1 ? "yes" : "NO", v >= 15 && v < 2000 ? "plausibly" : "WRONG");
    fprintf(stderr, "info: cntfrq %" PRIu64 ", 20 ms = %" PRIu64 " ticks\n",
            frq, t2 - t1);

    __asm__ volatile("mrs %0, ctr_el0" : "=r"(ctr));
    __asm__ volatile("mrs %0, dczid_el0" : "=r"(dczid));
    printf("ctr_el0: bit31 %u, dminline >= 16 bytes %s; dczid: dzp %u\n",
           (unsigned)(ctr >> 31 & 1), (ctr >> 16 & 0xf) >= 2 ? "yes" : "NO",
           (unsigned)(dczid >> 4 & 1));
    fprintf(stderr, "info: ctr_el0 %" PRIx64 ", dczid_el0 %" PRIx64 "\n", ctr,
            dczid);
}

static void test_id_regs(void)
{
    uint64_t midr, mpidr, revidr, pfr0, pfr1, isar0, isar1, isar2, mmfr0;
    uint64_t mmfr1, mmfr2, dfr0, dfr1, zfr0, raz;

    __asm__ volatile("mrs %0, midr_el1" : "=r"(midr));
    __asm__ volatile("mrs %0, mpidr_el1" : "=r"(mpidr));
    __asm__ volatile("mrs %0, revidr_el1" : "=r"(revidr));
    __asm__ volatile("mrs %0, id_aa64pfr0_el1" : "=r"(pfr0));
    __asm__ volatile("mrs %0, id_aa64pfr1_el1" : "=r"(pfr1));
    __asm__ volatile("mrs %0, id_aa64isar0_el1" : "=r"(isar0));
    __asm__ volatile("mrs %0, id_aa64isar1_el1" : "=r"(isar1));
    __asm__ volatile("mrs %0, S3_0_C0_C6_2" : "=r"(isar2));
    __asm__ volatile("mrs %0, id_aa64mmfr0_el1" : "=r"(mmfr0));
    __asm__ volatile("mrs %0, id_aa64mmfr1_el1" : "=r"(mmfr1));
    __asm__ volatile("mrs %0, S3_0_C0_C7_2" : "=r"(mmfr2));
    __asm__ volatile("mrs %0, id_aa64dfr0_el1" : "=r"(dfr0));
    __asm__ volatile("mrs %0, id_aa64dfr1_el1" : "=r"(dfr1));
    __asm__ volatile("mrs %0, S3_0_C0_C4_4" : "=r"(zfr0));
    __asm__ volatile("mrs %0, S3_0_C0_C7_7" : "=r"(raz));
    /* Fields every AArch64 Linux system shows alike. */
    printf("id: pfr0.el0 %u, fp %s, advsimd %s, crc32 %s\n",
           (unsigned)(pfr0 & 0xf), (pfr0 >> 16 & 0xf) != 0xf ? "yes" : "no",
           (pfr0 >> 20 & 0xf) != 0xf ? "yes" : "no",
           (isar0 >> 16 & 0xf) ? "yes" : "no");
    fprintf(stderr,
            "info: midr %" PRIx64 " mpidr %" PRIx64 " revidr %" PRIx64 "\n"
            "info: pfr0 %" PRIx64 " pfr1 %" PRIx64 " isar0 %" PRIx64
            " isar1 %" PRIx64 " isar2 %" PRIx64 "\n"
            "info: mmfr0 %" PRIx64 " mmfr1 %" PRIx64 " mmfr2 %" PRIx64
            " dfr0 %" PRIx64 " dfr1 %" PRIx64 " zfr0 %" PRIx64
            " S3_0_C0_C7_7 %" PRIx64 "\n",
            midr, mpidr, revidr, pfr0, pfr1, isar0, isar1, isar2, mmfr0, mmfr1,
            mmfr2, dfr0, dfr1, zfr0, raz);
}

static void test_dc_ic(void)
{
    /* DCZID allows blocks of up to 2 KiB. */
    static unsigned char buf[6144] __attribute__((aligned(2048)));
    uint64_t dczid, block;
    size_t first = sizeof(buf), last = 0, zeros = 0;

    __asm__ volatile("mrs %0, dczid_el0" : "=r"(dczid));
    block = (uint64_t)4 << (dczid & 0xf);
    memset(buf, 0xff, sizeof(buf));
    __asm__ volatile("dc zva, %0" : : "r"(buf + 2048 + 13) : "memory");
    for (size_t i = 0; i < sizeof(buf); i++) {
        if (buf[i])
            continue;
        zeros++;
        if (i < first)
            first = i;
        last = i;
    }
    printf("dc zva: zeroed one aligned block of dczid size holding the "
           "address: %s\n",
           zeros == block && first == 2048 && last == 2048 + block - 1 ? "yes"
                                                                       : "NO");
    __asm__ volatile("dc cvau, %0\n"
                     "dc cvac, %0\n"
                     "dc civac, %0\n"
                     "dsb ish\n"
                     "ic ivau, %0\n"
                     "dsb ish\n"
                     "isb\n"
                     :
                     : "r"(buf)
                     : "memory");
    printf("dc cvau/cvac/civac, ic ivau: executed\n");
}

/* Code rewritten in place must run in its new form (design decision 8). */
static void test_self_modifying(void)
{
    uint32_t *code = mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC,
                          MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    uint64_t (*fn)(void) = (uint64_t(*)(void))(uintptr_t)code;
    uint64_t r[3];

    if (code == MAP_FAILED)
        die("mmap");
    for (unsigned i = 0; i < 3; i++) {
        code[0] = enc_movz(0, 100 + i);
        code[1] = 0xd65f03c0u; /* ret */
        __builtin___clear_cache((char *)code, (char *)(code + 2));
        r[i] = fn();
    }
    printf("self-modifying code: %" PRIu64 " %" PRIu64 " %" PRIu64 "\n", r[0],
           r[1], r[2]);
    munmap(code, 4096);
}

/* ---- signals: BRK, HLT and encodings that must UNDEF ---- */

static volatile sig_atomic_t last_signal;
static volatile uint64_t last_pc;

static void on_signal(int sig, siginfo_t *si, void *ctx)
{
    ucontext_t *uc = ctx;

    (void)si;
    last_signal = sig;
    last_pc = uc->uc_mcontext.pc;
    uc->uc_mcontext.pc += 4; /* resume after the faulting insn */
}

/* Runs insn alone in a slot; returns the signal and the faulting offset. */
static void expect_signal(const char *what, uint32_t insn, bool to_stdout)
{
    const uint32_t *slot = insn_slot_build(&insn, 1);
    uint64_t pc = (uint64_t)(uintptr_t)slot + (uintptr_t)bs_slot_head_end -
                  (uintptr_t)bs_slot_head;
    RegFrame in = frame_with(1, 2, 0), out;
    char line[160];

    last_signal = 0;
    last_pc = 0;
    insn_slot_run(slot, &in, &out);
    snprintf(line, sizeof(line), "%-26s %08" PRIx32 ": %s at %s\n", what, insn,
             last_signal == SIGILL    ? "SIGILL"
             : last_signal == SIGTRAP ? "SIGTRAP"
             : last_signal            ? "other signal"
                                      : "no signal",
             !last_signal    ? "-"
             : last_pc == pc ? "insn"
                             : "WRONG PC");
    if (to_stdout)
        fputs(line, stdout);
    else
        fprintf(stderr, "info: %s", line);
}

static void test_signals(void)
{
    static char alt_stack[65536];
    stack_t ss = {.ss_sp = alt_stack, .ss_size = sizeof(alt_stack)};
    struct sigaction sa;

    /* The slot moves SP away: handlers need their own stack. */
    sigaltstack(&ss, NULL);
    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = on_signal;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigaction(SIGILL, &sa, NULL);
    sigaction(SIGTRAP, &sa, NULL);
    fflush(stdout);

    expect_signal("brk #0", 0xd4200000u, true);
    expect_signal("brk #0xffff", 0xd43fffe0u, true);
    expect_signal("hlt #0", 0xd4400000u, true);
    expect_signal("udf #0", 0x00000000u, true);
    expect_signal("hvc #0", 0xd4000002u, true);
    expect_signal("smc #0", 0xd4000003u, true);
    expect_signal("eret", 0xd69f03e0u, true);
    expect_signal("dcps1", 0xd4a00001u, true);
    expect_signal("msr daifset, #2", 0xd50342dfu, true);
    expect_signal("mrs sctlr_el1", enc_sys(1, 3, 0, 1, 0, 0, 0), true);
    expect_signal("msr tpidrro_el0", enc_sys(0, 3, 3, 13, 0, 3, 0), true);
    expect_signal("msr cntvct_el0", enc_sys(0, 3, 3, 14, 0, 2, 0), true);
    expect_signal("msr midr_el1", enc_sys(0, 3, 0, 0, 0, 0, 0), true);
    expect_signal("dc ivac", enc_sys(0, 1, 0, 7, 6, 1, 0), true);
    expect_signal("sys #0, c0, c0, #0", enc_sys(0, 1, 0, 0, 0, 0, 0), true);
    /* Implementations may differ on these: qemu emulates newer features. */
    expect_signal("mrs cntvctss_el0", enc_sys(1, 3, 3, 14, 0, 6, 0), false);
    expect_signal("mrs id_pfr0_el1 (crm=1)", enc_sys(1, 3, 0, 0, 1, 0, 0),
                  false);
    expect_signal("mrs crm=0 op2=2", enc_sys(1, 3, 0, 0, 0, 2, 0), false);
    expect_signal("mrs daif", enc_sys(1, 3, 3, 4, 2, 1, 0), false);
    expect_signal("mrs mdccsr_el0 (op0=2)", enc_sys(1, 2, 3, 0, 1, 0, 0),
                  false);
    expect_signal("msr dit, #1", 0xd503415fu, false);
    expect_signal("bc.eq (FEAT_HBC)", 0x54000030u, false);
    /* DC CVAP on x1 (FEAT_DPB; arx: NOP). */
    expect_signal("dc cvap", enc_sys(0, 1, 3, 7, 12, 1, 1), false);
}
#endif

int main(int argc, char **argv)
{
    verbose = argc > 1 && !strcmp(argv[1], "-v");
    setvbuf(stdout, NULL, _IOFBF, 1 << 16);
    test_bcond_generated();
    test_cb_tb_generated();
    test_hints_barriers();
    test_cfinv_nzcv_generated();
#if defined(__aarch64__)
    test_bcond_static();
    test_cb_static();
    test_calls();
    test_svc();
    test_pac_pairs();
    test_clrex();
    test_sysregs();
    test_id_regs();
    test_dc_ic();
    test_self_modifying();
    test_signals();
#endif
    return 0;
}
