/*
 * difftest guest harness: generates random encodings of one instruction
 * class, runs each from a random full register state and prints one line
 * per instruction (encoding, hash of the resulting state or the signal).
 * Built for aarch64 and run under both qemu and arx; must stay deterministic
 * (no addresses, time or environment in the output).
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <ucontext.h>

#include "difftest.h"

struct dt_known {
    uint32_t mask;
    uint32_t value;
    const char *reason;
};

#define DT_KNOWN(mask, value, reason) {mask, value, reason},
static const struct dt_known dt_known_table[] = {
#include "known-deviations.def"
    {0, 1, NULL} /* sentinel: never matches */
};
#undef DT_KNOWN

#define DT_OPTIONAL(mask, value, feature) {mask, value, feature},
static const struct dt_known dt_optional_table[] = {
#include "optional-features.def"
    {0, 1, NULL} /* sentinel: never matches */
};
#undef DT_OPTIONAL

/* The optional extension (table index) an encoding needs, or -1 for base. */
static int optional_index(uint32_t insn)
{
    for (size_t i = 0; dt_optional_table[i].reason; i++)
        if ((insn & dt_optional_table[i].mask) == dt_optional_table[i].value)
            return dt_optional_table[i].reason[0] ? (int)i : -1;
    return -1;
}

/* Global, so its address (held in base registers) is the same everywhere. */
static uint8_t dt_mem[DT_MEM_SIZE] __attribute__((aligned(64)));
static uint8_t dt_mem_in[DT_MEM_SIZE] __attribute__((aligned(64)));
static struct dt_state dt_in, dt_out;

static uint8_t *dt_code;
static size_t dt_code_size;
static volatile sig_atomic_t dt_signal;
/* FPCR bits the random state may set (run/one option): all by default. */
static uint64_t dt_fpcr_allowed = ~0ull;
/* SVE classes: whether the VL could be set to 128 (else no SVE). */
static bool dt_sve_on;

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
    static const int int_edges[] = {7, 8, 15, 16, 31, 32, 63, 64};

    switch (r % 16) {
    case 0:
        exp = 0;
        mant = 0;
        break; /* zero */
    case 1:
        exp = emax;
        mant = 0;
        break; /* inf */
    case 2:
        exp = emax;
        mant |= 1ull << (mbits - 1);
        break; /* qNaN */
    case 3:    /* sNaN */
        exp = emax;
        mant &= mmask >> 1;
        mant += mant == 0;
        break;
    case 4:
        exp = 0;
        mant += mant == 0;
        break;                                    /* denormal */
    case 5: exp = 1 + (r >> 8) % 2; break;        /* tiny */
    case 6: exp = emax - 1 - (r >> 8) % 2; break; /* huge */
    case 7:
        exp = bias;
        mant = 0;
        break; /* 1.0 */
    case 8:
    case 9:
    case 10: /* few mantissa bits: ties */
        exp = bias - 2 + (r >> 8) % 14;
        mant &= ~(mmask >> ((r >> 16) % 6));
        break;
    case 11: { /* integer conversion edges */
        int e = int_edges[(r >> 8) % 8];

        exp = bias + (e < (int)bias ? e : (int)bias) - (int)((r >> 12) % 2);
        mant = (r >> 16) % 2 ? mmask : 0;
        break;
    }
    default: exp = (r >> 8) % emax; break; /* any */
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
        case 2: v = mask; break;    /* -1 */
        case 3: v = min; break;     /* INT_MIN */
        case 4: v = min - 1; break; /* INT_MAX */
        case 5: v = min + 1; break;
        case 6: v = (r >> 8) % 9 - 4; break;
        case 7: v = (r >> 8) % lane_bits; break; /* shift counts */
        default: v = r >> 4; break;
        }
        out |= (v & mask) << lo;
    }
    return out;
}

static uint64_t chunk(uint64_t *rng, unsigned flavour)
{
    switch (flavour) {
    case 0:
    case 1: return rng_next(rng);
    case 2: return fp_value(rng, 11, 52);
    case 3:
    case 4: return fp_value(rng, 8, 23) | fp_value(rng, 8, 23) << 32;
    case 5: {
        uint64_t v = 0;

        for (int i = 0; i < 4; i++)
            v |= fp_value(rng, 5, 10) << (16 * i);
        return v;
    }
    default: return int_lanes(rng, 8 << (rng_next(rng) % 4));
    }
}

/*
 * FZ16 (FEAT_FP16, which both emulators have) for every encoding: it must
 * flush half-precision arithmetic only, never S/D nor the base FCVT
 * (FPUnpackCV/FPRoundCV ignore it).
 */
static uint64_t fpcr_value(uint64_t *rng)
{
    uint64_t r = rng_next(rng), fpcr = 0;

    if (r % 4 == 0)
        fpcr |= 1u << 26; /* AHP */
    if ((r >> 2) % 4 == 0)
        fpcr |= 1u << 25; /* DN */
    if ((r >> 4) % 4 == 0)
        fpcr |= 1u << 24; /* FZ */
    if ((r >> 6) % 2)
        fpcr |= ((r >> 8) % 4) << 22; /* RMode */
    if ((r >> 10) % 2 == 0)
        fpcr |= 1u << 19; /* FZ16 */
    return fpcr;
}

/* A predicate at VL 128: none, all, one element, a prefix, or random. */
static uint16_t pred_value(uint64_t *rng)
{
    uint64_t r = rng_next(rng);

    switch (r % 6) {
    case 0: return 0;
    case 1: return 0xffff;
    case 2: return (uint16_t)(1u << ((r >> 8) % 16));
    case 3: return (uint16_t)((1u << ((r >> 8) % 16)) - 1);
    default: return (uint16_t)(r >> 16);
    }
}

static unsigned field(uint32_t insn, int lo)
{
    return (insn >> lo) & 31;
}

/* The input state of one test depends only on (seed, encoding). */
static void state_make(const struct dt_class *c, uint64_t seed, uint32_t insn)
{
    uint64_t rng = seed * 0x2545f4914f6cdd1dull ^ insn;

    memset(&dt_in, 0, sizeof(dt_in));
    for (int i = 0; i < 29; i++) {
        uint64_t r = rng_next(&rng);

        switch (r % 6) {
        case 0: dt_in.x[i] = fp_value(&rng, 11, 52); break;
        case 1: dt_in.x[i] = fp_value(&rng, 8, 23); break;
        case 2: dt_in.x[i] = int_lanes(&rng, 8 << ((r >> 8) % 4)); break;
        default: dt_in.x[i] = rng_next(&rng); break;
        }
    }
    for (int i = 0; i < 32; i++) {
        unsigned flavour = rng_next(&rng) % 8;

        dt_in.v[i][0] = chunk(&rng, flavour);
        dt_in.v[i][1] = chunk(&rng, flavour);
    }
    if (c->flags & DT_SVE)
        for (int i = 0; i < 17; i++)
            dt_in.p[i] = pred_value(&rng);
    dt_in.nzcv = (rng_next(&rng) % 16) << 28;
    dt_in.fpcr = fpcr_value(&rng);
    dt_in.fpcr &= dt_fpcr_allowed;
    if (c->flags & DT_MEM) {
        for (size_t i = 0; i < DT_MEM_SIZE; i += 8) {
            uint64_t v = chunk(&rng, rng_next(&rng) % 8);

            memcpy(dt_mem_in + i, &v, 8);
        }
        dt_in.x[field(insn, 5)] =
            (uint64_t)(uintptr_t)(dt_mem + DT_MEM_SIZE / 2);
        if ((c->flags & DT_MEM_RM) && field(insn, 16) != 31)
            dt_in.x[field(insn, 16)] = rng_next(&rng) % 64;
    }
}

static uint32_t insn_draw(const struct dt_class *c, uint64_t *rng)
{
    for (;;) {
        const struct dt_template *t =
            &c->templates[rng_next(rng) % c->template_count];
        uint32_t insn = t->fixed | ((uint32_t)rng_next(rng) & t->random);

        if (c->flags & DT_MEM) {
            unsigned rn = rng_next(rng) % 29, rm = rng_next(rng) % 29;

            if (c->flags & DT_MEM_RM) {
                if (rm == rn || rng_next(rng) % 4 == 0)
                    rm = 31;
                insn = (insn & ~0x001f0000u) | rm << 16;
            }
            insn = (insn & ~0x3e0u) | rn << 5;
        }
        if ((c->flags & DT_GPR_RD) &&
            (field(insn, 0) == 29 || field(insn, 0) == 30))
            continue;
        if (c->allocated && !c->allocated(insn))
            continue;
        return insn;
    }
}

static void on_signal(int sig, siginfo_t *info, void *ctx)
{
    ucontext_t *uc = ctx;
    uint64_t pc = uc->uc_mcontext.pc;

    (void)info;
    if (pc < (uintptr_t)dt_code || pc >= (uintptr_t)dt_code + dt_code_size) {
        signal(sig, SIG_DFL); /* a harness bug: let it kill us */
        return;
    }
    dt_signal = sig;
    uc->uc_mcontext.pc = pc + 4; /* skip to the snippet's RET */
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

/* Bytes per snippet: insn, RET; or MOVPRFX, insn, RET (DT_MOVPRFX). */
static size_t dt_stride = 8;

static void code_alloc(size_t count)
{
    dt_code_size = (count * dt_stride + 4095) & ~(size_t)4095;
    dt_code = mmap(NULL, dt_code_size, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (dt_code == MAP_FAILED) {
        perror("mmap");
        exit(2);
    }
}

static void code_seal(void)
{
    if (mprotect(dt_code, dt_code_size, PROT_READ | PROT_EXEC) != 0) {
        perror("mprotect");
        exit(2);
    }
    __builtin___clear_cache((char *)dt_code, (char *)dt_code + dt_code_size);
}

/* A fault in insn resumes at pc + 4: the RET after it either way. */
static void code_put(size_t i, uint32_t insn)
{
    uint32_t snippet[2] = {insn, 0xd65f03c0 /* ret */};
    uint32_t pair[4] = {dt_movprfx_for(insn), insn, 0xd65f03c0, 0xd65f03c0};

    if (dt_stride == 16)
        memcpy(dt_code + 16 * i, pair, sizeof(pair));
    else
        memcpy(dt_code + 8 * i, snippet, sizeof(snippet));
}

/* Run the snippet at index i from dt_in; 0 or the signal it raised. */
static int test_run(const struct dt_class *c, size_t i)
{
    dt_out = dt_in;
    dt_out.code = (uint64_t)(uintptr_t)(dt_code + dt_stride * i);
    if (c->flags & DT_MEM)
        memcpy(dt_mem, dt_mem_in, DT_MEM_SIZE);
    dt_signal = 0;
    if (dt_sve_on)
        dt_sve_load(dt_out.p);
    dt_run(&dt_out);
    if (dt_sve_on)
        dt_sve_store(dt_out.p);
    return dt_signal;
}

static uint64_t hash_words(uint64_t h, const void *p, size_t bytes)
{
    const uint8_t *b = p;

    for (size_t i = 0; i < bytes; i += 8) {
        uint64_t w;

        memcpy(&w, b + i, 8);
        h = (h ^ w) * 0x100000001b3ull;
        h ^= h >> 29;
    }
    return h;
}

static uint64_t state_hash(const struct dt_class *c)
{
    uint64_t h = 0xcbf29ce484222325ull;

    h = hash_words(h, dt_out.x, 29 * 8);
    h = hash_words(h, dt_out.v, sizeof(dt_out.v));
    h = hash_words(h, &dt_out.nzcv, 3 * 8);
    if (c->flags & DT_SVE)
        h = hash_words(h, dt_out.p, sizeof(dt_out.p));
    if (c->flags & DT_MEM)
        h = hash_words(h, dt_mem, DT_MEM_SIZE);
    return h;
}

static int known_index(uint32_t insn)
{
    for (size_t i = 0; dt_known_table[i].reason; i++)
        if ((insn & dt_known_table[i].mask) == dt_known_table[i].value)
            return (int)i;
    return -1;
}

static uint32_t *insns_draw(const struct dt_class *c, uint64_t seed,
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

/* Only the encodings, to check templates with objdump. */
static int cmd_gen(const struct dt_class *c, uint64_t seed, size_t count)
{
    uint32_t *insns = insns_draw(c, seed, count);

    for (size_t i = 0; i < count; i++)
        printf("%08x\n", insns[i]);
    free(insns);
    return 0;
}

static int cmd_run(const struct dt_class *c, uint64_t seed, size_t count)
{
    uint32_t *insns = insns_draw(c, seed, count);

    code_alloc(count);
    for (size_t i = 0; i < count; i++)
        code_put(i, insns[i]);
    code_seal();
    for (size_t i = 0; i < count; i++) {
        int sig, known = known_index(insns[i]);

        state_make(c, seed, insns[i]);
        sig = test_run(c, i);
        if (sig)
            printf("%08x %s", insns[i], signal_label(sig));
        else
            printf("%08x %016llx", insns[i], (unsigned long long)state_hash(c));
        if (known >= 0)
            printf(" K%d", known);
        else if (optional_index(insns[i]) >= 0)
            printf(" F%d", optional_index(insns[i]));
        putchar('\n');
    }
    free(insns);
    return 0;
}

static void print_v(const char *tag, int n, const uint64_t v[2])
{
    printf("%s v%-2d = %016llx:%016llx\n", tag, n, (unsigned long long)v[1],
           (unsigned long long)v[0]);
}

/* Registers the encoding names: Rd Rn Rm Ra, for V also list successors. */
static bool reg_named(uint32_t insn, int n, bool vector)
{
    static const int lows[] = {0, 5, 16, 10};

    for (int i = 0; i < 4; i++) {
        int span = vector && i < 2 ? 4 : 1;

        for (int k = 0; k < span; k++)
            if ((int)((field(insn, lows[i]) + k) % 32) == n)
                return true;
    }
    return false;
}

static void print_state_in(uint32_t insn, const struct dt_class *c)
{
    for (int i = 0; i < 29; i++)
        if (reg_named(insn, i, false))
            printf("in  x%-2d = %016llx\n", i, (unsigned long long)dt_in.x[i]);
    for (int i = 0; i < 32; i++)
        if (reg_named(insn, i, true))
            print_v("in ", i, dt_in.v[i]);
    printf("in  nzcv = %08llx fpcr = %08llx\n", (unsigned long long)dt_in.nzcv,
           (unsigned long long)dt_in.fpcr);
    if (c->flags & DT_SVE)
        for (int i = 0; i < 17; i++)
            printf("in  %s%-2d = %04x\n", i < 16 ? "p" : "ffr", i < 16 ? i : 0,
                   dt_in.p[i]);
}

static void print_state_out(const struct dt_class *c)
{
    for (int i = 0; i < 29; i++)
        if (dt_out.x[i] != dt_in.x[i])
            printf("out x%-2d = %016llx\n", i, (unsigned long long)dt_out.x[i]);
    for (int i = 0; i < 32; i++)
        if (memcmp(dt_out.v[i], dt_in.v[i], 16) != 0)
            print_v("out", i, dt_out.v[i]);
    printf("out nzcv = %08llx\n", (unsigned long long)dt_out.nzcv);
    printf("out fpsr = %08llx\n", (unsigned long long)dt_out.fpsr);
    printf("out fpcr = %08llx\n", (unsigned long long)dt_out.fpcr);
    for (int i = 0; i < 17 && (c->flags & DT_SVE); i++)
        if (dt_out.p[i] != dt_in.p[i])
            printf("out %s%-2d = %04x\n", i < 16 ? "p" : "ffr", i < 16 ? i : 0,
                   dt_out.p[i]);
    if (!(c->flags & DT_MEM))
        return;
    for (size_t off = 0; off < DT_MEM_SIZE; off += 16) {
        if (memcmp(dt_mem + off, dt_mem_in + off, 16) == 0)
            continue;
        uint64_t in[2], out[2];

        memcpy(in, dt_mem_in + off, 16);
        memcpy(out, dt_mem + off, 16);
        printf("mem base%+5d: %016llx:%016llx (was %016llx:%016llx)\n",
               (int)off - DT_MEM_SIZE / 2, (unsigned long long)out[1],
               (unsigned long long)out[0], (unsigned long long)in[1],
               (unsigned long long)in[0]);
    }
}

static int cmd_one(const struct dt_class *c, uint64_t seed, uint32_t insn)
{
    int sig, known = known_index(insn);

    code_alloc(1);
    code_put(0, insn);
    code_seal();
    state_make(c, seed, insn);
    sig = test_run(c, 0);
    printf("insn %08x class %s seed %llu\n", insn, c->name,
           (unsigned long long)seed);
    if (c->flags & DT_MOVPRFX)
        printf("after movprfx %08x\n", dt_movprfx_for(insn));
    print_state_in(insn, c);
    if (known >= 0)
        printf("known deviation: %s\n", dt_known_table[known].reason);
    if (optional_index(insn) >= 0)
        printf("optional extension: %s\n",
               dt_optional_table[optional_index(insn)].reason);
    if (sig) {
        printf("out signal %s\n", signal_label(sig));
        return 0;
    }
    print_state_out(c);
    return 0;
}

static int cmd_list(void)
{
    for (size_t i = 0; i < dt_class_count; i++)
        printf("%-20s %s\n", dt_classes[i].name, dt_classes[i].what);
    return 0;
}

static int usage(void)
{
    fprintf(
        stderr,
        "usage: difftest list\n"
        "       difftest known\n"
        "       difftest run CLASS SEED COUNT [FPCRMASK]\n"
        "       difftest gen CLASS SEED COUNT           (encodings only)\n"
        "       difftest one CLASS SEED HEXINSN [FPCRMASK] (verbose state)\n"
        "FPCRMASK (hex): FPCR bits the random state may set (default all)\n");
    return 2;
}

int main(int argc, char **argv)
{
    const struct dt_class *c;

    /* Line buffered: when the emulator dies, every finished line is out. */
    setvbuf(stdout, NULL, _IOLBF, 0);
    signals_install();
    if (argc == 2 && strcmp(argv[1], "list") == 0)
        return cmd_list();
    if (argc == 2 && strcmp(argv[1], "known") == 0) {
        for (size_t i = 0; dt_known_table[i].reason; i++)
            printf("K%zu %08x/%08x %s\n", i, dt_known_table[i].value,
                   dt_known_table[i].mask, dt_known_table[i].reason);
        for (size_t i = 0; dt_optional_table[i].reason; i++)
            printf("F%zu %08x/%08x optional %s\n", i,
                   dt_optional_table[i].value, dt_optional_table[i].mask,
                   dt_optional_table[i].reason[0] ? dt_optional_table[i].reason
                                                  : "(base)");
        return 0;
    }
    if (argc == 6) {
        dt_fpcr_allowed = strtoull(argv[5], NULL, 16);
        argc--;
    }
    if (argc != 5)
        return usage();
    c = dt_class_find(argv[2]);
    if (!c) {
        fprintf(stderr, "difftest: unknown class %s\n", argv[2]);
        return 2;
    }
    /* SVE classes run at VL 128, where Zn is Vn (PR_SVE_SET_VL = 50). */
    if (c->flags & DT_SVE)
        dt_sve_on = prctl(50, 16, 0, 0, 0) == 16;
    if (c->flags & DT_MOVPRFX)
        dt_stride = 16;
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
