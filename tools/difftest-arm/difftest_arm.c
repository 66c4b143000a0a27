/*
 * armhf difftest guest harness: generates random A32/T32 encodings of one
 * instruction class, runs each from a random full register state and prints
 * one line per instruction (encoding, hash of the resulting state or the
 * signal). Built for armhf and run under both qemu-arm and arx; must stay
 * deterministic (no addresses, time or environment in the output).
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>

#include "difftest_arm.h"

/* APSR bits the harness loads and compares: N Z C V Q and GE[3:0]. */
#define DTA_APSR_MASK 0xf80f0000u
/* Bytes per snippet: insn (T16: plus a NOP), the return, its address. */
#define DTA_SNIPPET 12

/* Globals, so their addresses (held in base registers) match everywhere. */
static uint8_t dta_mem[DTA_MEM_SIZE] __attribute__((aligned(64)));
static uint8_t dta_mem_in[DTA_MEM_SIZE] __attribute__((aligned(64)));
static struct dta_state dta_in, dta_out;

static uint8_t *dta_code;
static size_t dta_code_size;
static volatile sig_atomic_t dta_signal;

static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* A float of the given format, biased to the values FP code gets wrong. */
static uint64_t fp_value(uint64_t *rng, int ebits, int mbits)
{
    uint64_t r = rng_next(rng), m = rng_next(rng);
    uint64_t emax = (1ull << ebits) - 1, bias = emax >> 1;
    uint64_t mmask = (1ull << mbits) - 1;
    uint64_t sign = r >> 63, exp, mant = m & mmask;

    switch (r % 14) {
    case 0: exp = 0, mant = 0; break;                       /* zero */
    case 1: exp = emax, mant = 0; break;                    /* inf */
    case 2: exp = emax, mant |= 1ull << (mbits - 1); break; /* qNaN */
    case 3:                                                 /* sNaN */
        exp = emax;
        mant &= mmask >> 1;
        mant += mant == 0;
        break;
    case 4: exp = 0, mant += mant == 0; break; /* denormal */
    case 5: exp = 1 + (r >> 8) % 2; break;     /* tiny */
    case 6: exp = emax - 1 - (r >> 8) % 2; break;
    case 7: exp = bias, mant = 0; break; /* 1.0 */
    case 8:
    case 9: /* few mantissa bits: ties; integer conversion edges */
        exp = bias - 2 + (r >> 8) % 34;
        mant &= ~(mmask >> ((r >> 16) % 6));
        break;
    default: exp = (r >> 8) % emax; break;
    }
    return sign << (ebits + mbits) | exp << mbits | mant;
}

/* Integer lanes around the edges of saturating and narrowing arithmetic. */
static uint64_t int_lanes(uint64_t *rng, int lane_bits)
{
    uint64_t out = 0;

    for (int lo = 0; lo < 64; lo += lane_bits) {
        uint64_t r = rng_next(rng),
                 mask = lane_bits == 64 ? ~0ull : (1ull << lane_bits) - 1;
        uint64_t min = 1ull << (lane_bits - 1), v;

        switch (r % 10) {
        case 0: v = 0; break;
        case 1: v = 1; break;
        case 2: v = mask; break;
        case 3: v = min; break;
        case 4: v = min - 1; break;
        case 5: v = min + 1; break;
        case 6: v = (r >> 8) % 9 - 4; break;
        case 7: v = (r >> 8) % lane_bits; break; /* shift counts */
        default: v = r >> 4; break;
        }
        out |= (v & mask) << lo;
    }
    return out;
}

static uint64_t d_value(uint64_t *rng)
{
    switch (rng_next(rng) % 6) {
    case 0: return rng_next(rng);
    case 1: return fp_value(rng, 11, 52);
    case 2:
    case 3: return fp_value(rng, 8, 23) | fp_value(rng, 8, 23) << 32;
    default: return int_lanes(rng, 8 << (rng_next(rng) % 4));
    }
}

static uint32_t gpr_value(uint64_t *rng)
{
    uint64_t r = rng_next(rng);

    switch (r % 6) {
    case 0: return (uint32_t)fp_value(rng, 8, 23);
    case 1: return (uint32_t)int_lanes(rng, 8 << ((r >> 8) % 3));
    case 2: return (uint32_t)(r >> 16) % 64; /* small, shift amounts */
    default: return (uint32_t)rng_next(rng);
    }
}

/* FPSCR: NZCV, AHP, DN, FZ, RMode; Len/Stride and trap enables stay 0. */
static uint32_t fpscr_value(uint64_t *rng)
{
    uint64_t r = rng_next(rng);
    uint32_t fpscr = (uint32_t)(r % 16) << 28;

    if ((r >> 4) % 4 == 0)
        fpscr |= 1u << 26;
    if ((r >> 6) % 4 == 0)
        fpscr |= 1u << 25;
    if ((r >> 8) % 4 == 0)
        fpscr |= 1u << 24;
    if ((r >> 10) % 2)
        fpscr |= (uint32_t)((r >> 12) % 4) << 22;
    return fpscr;
}

/* The input state of one test depends only on (seed, encoding). */
static void state_make(const struct dta_class *c, uint64_t seed, uint32_t insn)
{
    uint64_t rng = seed * 0x2545f4914f6cdd1dull ^ insn;

    memset(&dta_in, 0, sizeof(dta_in));
    for (int i = 0; i < 15; i++)
        if (i != 13)
            dta_in.r[i] = gpr_value(&rng);
    for (int i = 0; i < 32; i++)
        dta_in.d[i] = d_value(&rng);
    dta_in.cpsr = (uint32_t)rng_next(&rng) & DTA_APSR_MASK;
    dta_in.fpscr = fpscr_value(&rng);
    if (c->flags & DTA_MEM) {
        unsigned bits = (c->flags & DTA_T16) ? 7 : 15;

        for (size_t i = 0; i < DTA_MEM_SIZE; i += 8) {
            uint64_t v = d_value(&rng);

            memcpy(dta_mem_in + i, &v, 8);
        }
        if (c->flags & DTA_MEM_RM) {
            unsigned rm = (insn >> c->rm_at) & bits;

            if (rm != 13 && rm != 15)
                dta_in.r[rm] = (uint32_t)(rng_next(&rng) % 64) * 4;
        }
        dta_in.r[(insn >> c->base_at) & bits] =
            (uint32_t)(uintptr_t)(dta_mem + DTA_MEM_SIZE / 2);
    }
}

/* A register for a field of `bits` (7 or 15): not r13, r15 nor `avoid`. */
static unsigned reg_pick(uint64_t *rng, unsigned bits, unsigned avoid)
{
    for (;;) {
        unsigned r = (unsigned)(rng_next(rng) % (bits + 1));

        if (r != 13 && r != 15 && r != avoid)
            return r;
    }
}

static uint32_t field_set(uint32_t insn, int lo, unsigned bits, unsigned v)
{
    return (insn & ~(bits << lo)) | v << lo;
}

/* Advanced SIMD: A32 1111001U -> T32 111U1111; A32 11110100 -> 11111001. */
static uint32_t neon_to_t32(uint32_t insn)
{
    if ((insn >> 25) == 0x79)
        return 0xef000000u | ((insn >> 24) & 1) << 28 | (insn & 0x00ffffffu);
    return 0xf9000000u | (insn & 0x00ffffffu);
}

static uint32_t insn_fix_regs(const struct dta_class *c, uint32_t insn,
                              uint64_t *rng)
{
    unsigned bits = (c->flags & DTA_T16) ? 7 : 15, base = 16;

    if (c->flags & DTA_MEM) {
        base = reg_pick(rng, bits, 16);
        insn = field_set(insn, c->base_at, bits, base);
        if (c->flags & DTA_MEM_RM) {
            unsigned rm = (insn >> c->rm_at) & bits;
            bool keep = (c->flags & DTA_KEEP_RM) && (rm == 13 || rm == 15);

            if (!keep && (rm == base || rm == 13 || rm == 15))
                insn =
                    field_set(insn, c->rm_at, bits, reg_pick(rng, bits, base));
        }
    }
    for (int lo = 0; lo < 32; lo++) {
        unsigned v;

        if (!(c->gpr_fields >> lo & 1))
            continue;
        v = (insn >> lo) & bits;
        if (v == 15 && (c->pc_ok >> lo & 1))
            continue;
        if (v == 13 || v == 15 || ((c->flags & DTA_MEM) && v == base))
            insn = field_set(insn, lo, bits, reg_pick(rng, bits, base));
    }
    if (c->flags & DTA_REGLIST) {
        uint32_t keep = (c->flags & DTA_T16) ? 0xffu : 0x5fffu;

        insn &= ~((0xffffu & ~keep) | (base < 16 ? 1u << base : 0));
        if ((insn & keep) == 0)
            insn |= base == 0 ? 2 : 1;
    }
    return insn;
}

static uint32_t insn_draw(const struct dta_class *c, uint64_t *rng)
{
    for (;;) {
        const struct dta_template *t =
            &c->templates[rng_next(rng) % c->template_count];
        uint32_t insn = t->fixed | ((uint32_t)rng_next(rng) & t->random);

        /* A32: cond 1111 is another space unless the template says so;
         * T32 VFP is the A32 encoding with cond 1110. */
        if ((c->flags & DTA_COND) && (t->fixed >> 28) != 15 &&
            ((insn >> 28) == 15 || (c->flags & DTA_T32)))
            insn = (insn & 0x0fffffffu) | 0xe0000000u;
        if ((c->flags & DTA_NEON_Q) && (insn & 0x40))
            insn &= ~0x00011001u; /* Q: even Vd, Vn, Vm */
        insn = insn_fix_regs(c, insn, rng);
        if (c->allocated && !c->allocated(insn))
            continue;
        if (c->flags & DTA_TO_T32)
            insn = neon_to_t32(insn);
        return insn;
    }
}

static bool class_thumb(const struct dta_class *c)
{
    return (c->flags & (DTA_T32 | DTA_T16 | DTA_TO_T32)) != 0;
}

static void on_signal(int sig, siginfo_t *info, void *ctx)
{
    ucontext_t *uc = ctx;
    uintptr_t pc = uc->uc_mcontext.arm_pc;

    (void)info;
    if (pc < (uintptr_t)dta_code || pc >= (uintptr_t)dta_code + dta_code_size) {
        signal(sig, SIG_DFL); /* a harness bug: let it kill us */
        return;
    }
    dta_signal = sig;
    /* Skip to the snippet's return, 4 bytes in (A32 and Thumb alike). */
    uc->uc_mcontext.arm_pc =
        (pc - (uintptr_t)dta_code) / DTA_SNIPPET * DTA_SNIPPET +
        (uintptr_t)dta_code + 4;
    uc->uc_mcontext.arm_cpsr &= ~0x0600fc00u; /* ITSTATE */
}

static void signals_install(void)
{
    static const int sigs[] = {SIGILL, SIGSEGV, SIGBUS, SIGFPE, SIGTRAP};
    struct sigaction sa;

    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = on_signal;
    sa.sa_flags = SA_SIGINFO | SA_NODEFER;
    for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
        sigaction(sigs[i], &sa, NULL);
}

static const char *signal_label(int sig)
{
    switch (sig) {
    case SIGILL: return "ILL";
    case SIGSEGV: return "SEGV";
    case SIGBUS: return "BUS";
    case SIGFPE: return "FPE";
    case SIGTRAP: return "TRAP";
    default: return "SIG?";
    }
}

static void code_alloc(size_t count)
{
    dta_code_size = (count * DTA_SNIPPET + 4095) & ~(size_t)4095;
    dta_code = mmap(NULL, dta_code_size, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (dta_code == MAP_FAILED) {
        perror("mmap");
        exit(2);
    }
}

static void code_seal(void)
{
    if (mprotect(dta_code, dta_code_size, PROT_READ | PROT_EXEC) != 0) {
        perror("mprotect");
        exit(2);
    }
    __builtin___clear_cache((char *)dta_code, (char *)dta_code + dta_code_size);
}

/*
 * A32: insn; ldr pc, [pc, #-4]; .word dta_back.
 * T32: hw1 hw2 (T16: insn, nop); ldr.w pc, [pc, #0]; .word dta_back.
 * Both reach the return 4 bytes in, which the signal handler relies on.
 */
static void code_put(const struct dta_class *c, size_t i, uint32_t insn)
{
    uint8_t *p = dta_code + DTA_SNIPPET * i;
    uint32_t back = (uint32_t)(uintptr_t)dta_back;
    uint16_t h[4];

    if (!class_thumb(c)) {
        uint32_t w[3] = {insn, 0xe51ff004u, back};

        memcpy(p, w, sizeof(w));
        return;
    }
    if (c->flags & DTA_T16) {
        h[0] = (uint16_t)insn;
        h[1] = 0xbf00; /* nop */
    } else {
        h[0] = (uint16_t)(insn >> 16);
        h[1] = (uint16_t)insn;
    }
    h[2] = 0xf8df; /* ldr.w pc, [pc, #0]: Align(here + 4, 4) = the word */
    h[3] = 0xf000;
    memcpy(p, h, sizeof(h));
    memcpy(p + 8, &back, 4);
}

static int test_run(const struct dta_class *c, size_t i)
{
    dta_out = dta_in;
    dta_out.code = (uint32_t)(uintptr_t)(dta_code + DTA_SNIPPET * i) |
                   (class_thumb(c) ? 1 : 0);
    if (c->flags & DTA_MEM)
        memcpy(dta_mem, dta_mem_in, DTA_MEM_SIZE);
    dta_signal = 0;
    dta_run(&dta_out);
    return dta_signal;
}

static uint64_t hash_words(uint64_t h, const void *p, size_t bytes)
{
    const uint8_t *b = p;

    for (size_t i = 0; i < bytes; i += 4) {
        uint32_t w;

        memcpy(&w, b + i, 4);
        h = (h ^ w) * 0x100000001b3ull;
        h ^= h >> 29;
    }
    return h;
}

static uint64_t state_hash(const struct dta_class *c)
{
    uint64_t h = 0xcbf29ce484222325ull;
    uint32_t apsr = dta_out.cpsr & DTA_APSR_MASK;

    dta_out.r[13] = 0;
    dta_out.r[15] = 0;
    h = hash_words(h, dta_out.r, sizeof(dta_out.r));
    h = hash_words(h, &apsr, 4);
    h = hash_words(h, &dta_out.fpscr, 4);
    h = hash_words(h, dta_out.d, sizeof(dta_out.d));
    if (c->flags & DTA_MEM)
        h = hash_words(h, dta_mem, DTA_MEM_SIZE);
    return h;
}

static uint32_t *insns_draw(const struct dta_class *c, uint64_t seed,
                            size_t count)
{
    uint64_t rng = seed ^ 0x6a09e667f3bcc909ull;
    uint32_t *insns = malloc(count * sizeof(*insns));

    for (const char *p = c->name; *p; p++)
        rng = rng * 31 + (uint8_t)*p;
    for (size_t i = 0; i < count; i++)
        insns[i] = insn_draw(c, &rng);
    return insns;
}

static int cmd_gen(const struct dta_class *c, uint64_t seed, size_t count)
{
    uint32_t *insns = insns_draw(c, seed, count);

    for (size_t i = 0; i < count; i++)
        printf((c->flags & DTA_T16) ? "%04x\n" : "%08x\n", insns[i]);
    free(insns);
    return 0;
}

static int cmd_run(const struct dta_class *c, uint64_t seed, size_t count)
{
    uint32_t *insns = insns_draw(c, seed, count);

    code_alloc(count);
    for (size_t i = 0; i < count; i++)
        code_put(c, i, insns[i]);
    code_seal();
    for (size_t i = 0; i < count; i++) {
        int sig;

        state_make(c, seed, insns[i]);
        sig = test_run(c, i);
        if (sig)
            printf("%08x %s\n", insns[i], signal_label(sig));
        else
            printf("%08x %016llx\n", insns[i],
                   (unsigned long long)state_hash(c));
    }
    free(insns);
    return 0;
}

static void print_state(const char *tag, const struct dta_state *s,
                        const struct dta_state *was)
{
    for (int i = 0; i < 15; i++)
        if (i != 13 && (!was || s->r[i] != was->r[i]))
            printf("%s r%-2d = %08x\n", tag, i, s->r[i]);
    for (int i = 0; i < 32; i++)
        if (!was || s->d[i] != was->d[i])
            printf("%s d%-2d = %016llx\n", tag, i, (unsigned long long)s->d[i]);
    printf("%s apsr = %08x\n", tag, s->cpsr & DTA_APSR_MASK);
    printf("%s fpscr = %08x\n", tag, s->fpscr);
}

static void print_mem(void)
{
    for (size_t off = 0; off < DTA_MEM_SIZE; off += 16) {
        uint32_t in[4], out[4];

        if (memcmp(dta_mem + off, dta_mem_in + off, 16) == 0)
            continue;
        memcpy(in, dta_mem_in + off, 16);
        memcpy(out, dta_mem + off, 16);
        printf("mem base%+6d: %08x %08x %08x %08x (was %08x %08x %08x %08x)\n",
               (int)off - DTA_MEM_SIZE / 2, out[0], out[1], out[2], out[3],
               in[0], in[1], in[2], in[3]);
    }
}

static int cmd_one(const struct dta_class *c, uint64_t seed, uint32_t insn)
{
    int sig;

    code_alloc(1);
    code_put(c, 0, insn);
    code_seal();
    state_make(c, seed, insn);
    sig = test_run(c, 0);
    printf("insn %08x class %s seed %llu\n", insn, c->name,
           (unsigned long long)seed);
    print_state("in ", &dta_in, NULL);
    if (sig) {
        printf("out signal %s\n", signal_label(sig));
        return 0;
    }
    print_state("out", &dta_out, &dta_in);
    if (c->flags & DTA_MEM)
        print_mem();
    return 0;
}

/* Does the emulator deliver SIGILL to a handler? A32 UDF #0. */
static int cmd_probe(void)
{
    static const struct dta_class probe = {"probe", "", 0,    0,    0,
                                           0,       0,  NULL, NULL, 0};

    code_alloc(1);
    code_put(&probe, 0, 0xe7f000f0u);
    code_seal();
    state_make(&probe, 1, 0);
    printf("probe %s\n", test_run(&probe, 0) == SIGILL ? "ILL" : "none");
    return 0;
}

static int cmd_list(void)
{
    for (size_t i = 0; i < dta_class_count; i++)
        printf("%-18s %-5s %s\n", dta_classes[i].name,
               (dta_classes[i].flags & DTA_T16) ? "t16"
               : class_thumb(&dta_classes[i])   ? "t32"
                                                : "a32",
               dta_classes[i].what);
    return 0;
}

static int usage(void)
{
    fprintf(stderr,
            "usage: difftest-arm list\n"
            "       difftest-arm probe   (is SIGILL delivered?)\n"
            "       difftest-arm run CLASS SEED COUNT\n"
            "       difftest-arm gen CLASS SEED COUNT   (encodings only)\n"
            "       difftest-arm one CLASS SEED HEXINSN (verbose state)\n");
    return 2;
}

int main(int argc, char **argv)
{
    const struct dta_class *c;

    setvbuf(stdout, NULL, _IOLBF, 0);
    signals_install();
    if (argc == 2 && strcmp(argv[1], "list") == 0)
        return cmd_list();
    if (argc == 2 && strcmp(argv[1], "probe") == 0)
        return cmd_probe();
    if (argc != 5)
        return usage();
    c = dta_class_find(argv[2]);
    if (!c) {
        fprintf(stderr, "difftest-arm: unknown class %s\n", argv[2]);
        return 2;
    }
    if (strcmp(argv[1], "run") == 0)
        return cmd_run(c, strtoull(argv[3], NULL, 0),
                       strtoull(argv[4], NULL, 0));
    if (strcmp(argv[1], "gen") == 0)
        return cmd_gen(c, strtoull(argv[3], NULL, 0),
                       strtoull(argv[4], NULL, 0));
    if (strcmp(argv[1], "one") == 0)
        return cmd_one(c, strtoull(argv[3], NULL, 0),
                       (uint32_t)strtoul(argv[4], NULL, 16));
    return usage();
}
