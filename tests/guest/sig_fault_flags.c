/*
 * Guest test: a compare, then a store that faults, then code reading the
 * flags. arx computes no flags for a compare whose branch reads only its
 * operands: a fault between them rebuilds NZCV from the operands (a fault
 * recipe). The SIGSEGV handler must see the compare's NZCV in its context,
 * and the code after the retried store must read them too. On the host
 * the flags of a - b are computed in C.
 */
#define _GNU_SOURCE
#include <inttypes.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

static volatile uint32_t *page;
static volatile unsigned handler_nzcv;
static volatile int faults;

static void on_segv(int sig, siginfo_t *si, void *ctx)
{
    (void)sig;
    (void)si;
    (void)ctx;
#if defined(__aarch64__)
    handler_nzcv = (unsigned)(((ucontext_t *)ctx)->uc_mcontext.pstate >> 28);
#elif defined(__arm__)
    handler_nzcv = (unsigned)(((ucontext_t *)ctx)->uc_mcontext.arm_cpsr >> 28);
#endif
    faults++;
    if (mprotect((void *)page, 4096, PROT_READ | PROT_WRITE) != 0)
        _exit(4);
}

/* NZCV of a - b at the given width, as the Arm ARM's AddWithCarry(a, NOT
 * b, 1) sets them. */
static unsigned sub_nzcv(uint64_t a, uint64_t b, int bits)
{
    uint64_t mask = bits == 64 ? ~0ull : (1ull << bits) - 1;
    uint64_t sign = 1ull << (bits - 1);
    uint64_t r;
    unsigned n, z, c, v;

    a &= mask;
    b &= mask;
    r = (a - b) & mask;
    n = (r & sign) != 0;
    z = r == 0;
    c = a >= b;
    v = ((a ^ b) & (a ^ r) & sign) != 0;
    return n << 3 | z << 2 | c << 1 | v;
}

/* NZCV of a + b at 32 bits, and N Z of a & b with C V given. */
static unsigned add_nzcv32(uint32_t a, uint32_t b)
{
    uint32_t r = a + b;
    unsigned n = r >> 31, z = r == 0, c = r < a;
    unsigned v = ((r ^ a) & ~(a ^ b)) >> 31;
    return n << 3 | z << 2 | c << 1 | v;
}

static unsigned and_nzcv32(uint32_t a, uint32_t b, unsigned cv)
{
    uint32_t r = a & b;
    return (r >> 31) << 3 | (r == 0) << 2 | cv;
}

/* The flag-setting operations that overwrite their first operand, each
 * followed by a faulting store and a branch, the flags then overwritten:
 * the recipe rebuilds them from the result and the second operand. */
enum { OP_SUBS, OP_ADDS, OP_ANDS, NB_OPS };
static const char *const op_names[NB_OPS] = {"subs", "adds", "ands"};

#define ALIAS_CASE(insn, pre)                                                  \
    __asm__ volatile(pre insn "\n\t"                                           \
                              "str %3, [%2]\n\t" BRANCH " 1f\n\t"              \
                              "mov %1, #0\n"                                   \
                              "1:\n\t"                                         \
                              "cmp %1, %1"                                     \
                     : "+r"(x), "+&r"(lt)                                      \
                     : "r"(page), "r"(zero), "r"(y)                            \
                     : "cc", "memory")

#if defined(__aarch64__)
#define BRANCH "b.lt"
#define PRESET ""
#elif defined(__arm__)
#define BRANCH "blt"
#define PRESET "cmp %3, %3\n\t" /* C = 1, V = 0 for ANDS to keep */
#endif

#if defined(__aarch64__) || defined(__arm__)
/* Returns whether the branch was taken (lt); x becomes the result. */
static int alias_op(int op, uint32_t *xp, uint32_t y)
{
    uint32_t x = *xp, zero = 0;
    int lt = 1;

    switch (op) {
#if defined(__aarch64__)
    case OP_SUBS: ALIAS_CASE("subs %w0, %w0, %w4", ""); break;
    case OP_ADDS: ALIAS_CASE("adds %w0, %w0, %w4", ""); break;
    default: ALIAS_CASE("ands %w0, %w0, %w4", ""); break;
#else
    case OP_SUBS: ALIAS_CASE("subs %0, %0, %4", ""); break;
    case OP_ADDS: ALIAS_CASE("adds %0, %0, %4", ""); break;
    default: ALIAS_CASE("ands %0, %0, %4", PRESET); break;
#endif
    }
    *xp = x;
    return lt;
}
#endif

#if defined(__aarch64__)
static unsigned cmp_store_x(uint64_t a, uint64_t b)
{
    uint64_t f;
    __asm__ volatile("cmp %1, %2\n\t"
                     "str wzr, [%3]\n\t"
                     "mrs %0, nzcv"
                     : "=r"(f)
                     : "r"(a), "r"(b), "r"(page)
                     : "cc", "memory");
    return (unsigned)(f >> 28);
}

static unsigned cmp_store_w(uint64_t a, uint64_t b)
{
    uint64_t f;
    __asm__ volatile("cmp %w1, %w2\n\t"
                     "str wzr, [%3]\n\t"
                     "mrs %0, nzcv"
                     : "=r"(f)
                     : "r"(a), "r"(b), "r"(page)
                     : "cc", "memory");
    return (unsigned)(f >> 28);
}

/* A branch on the compare after the faulting store. */
static int cmp_store_branch(uint64_t a, uint64_t b)
{
    int lt;
    __asm__ volatile("mov %w0, #1\n\t"
                     "cmp %w1, %w2\n\t"
                     "str wzr, [%3]\n\t"
                     "b.lt 1f\n\t"
                     "mov %w0, #0\n"
                     "1:\n\t"
                     "cmp %w0, %w0" /* the flags die: nothing but a fault
                                        needs the first compare's */
                     : "=&r"(lt)
                     : "r"(a), "r"(b), "r"(page)
                     : "cc", "memory");
    return lt;
}

/* The same in a hot loop, which -d region translates again as one
 * region: the compare, a way out of the loop on it in the middle, then
 * the store and the branch; each iteration that goes on counts a < b.
 * The flags are computed nowhere but by the recipe at a fault. */
static __attribute__((noinline)) int loop_cmp_store(uint64_t a, uint64_t b,
                                                    int n)
{
    int lt = 0;
    uint64_t i = 0;
    __asm__ volatile("1:\n\t"
                     "cmp %w2, %w3\n\t"
                     "b.eq 3f\n\t"
                     "str wzr, [%4]\n\t"
                     "b.ge 2f\n\t"
                     "add %w0, %w0, #1\n"
                     "2:\n\t"
                     "add %1, %1, #1\n\t"
                     "cmp %1, %5\n\t"
                     "b.lt 1b\n"
                     "3:\n\t"
                     "cmp %1, %1" /* the way out overwrites the flags */
                     : "+r"(lt), "+r"(i)
                     : "r"(a), "r"(b), "r"(page), "r"((uint64_t)n)
                     : "cc", "memory");
    return lt;
}
#elif defined(__arm__)
static unsigned cmp_store_w(uint64_t a, uint64_t b)
{
    uint32_t f, zero = 0;
    __asm__ volatile("cmp %1, %2\n\t"
                     "str %4, [%3]\n\t"
                     "mrs %0, apsr"
                     : "=r"(f)
                     : "r"((uint32_t)a), "r"((uint32_t)b), "r"(page), "r"(zero)
                     : "cc", "memory");
    return f >> 28;
}

static int cmp_store_branch(uint64_t a, uint64_t b)
{
    int lt;
    uint32_t zero = 0;
    __asm__ volatile("mov %0, #1\n\t"
                     "cmp %1, %2\n\t"
                     "str %4, [%3]\n\t"
                     "blt 1f\n\t"
                     "mov %0, #0\n"
                     "1:\n\t"
                     "cmp %0, %0" /* the flags die: nothing but a fault
                                     needs the first compare's */
                     : "=&r"(lt)
                     : "r"((uint32_t)a), "r"((uint32_t)b), "r"(page), "r"(zero)
                     : "cc", "memory");
    return lt;
}
#endif

static void arm_page(void)
{
    if (mprotect((void *)page, 4096, PROT_NONE) != 0)
        _exit(5);
}

static const uint64_t values[] = {
    0,
    1,
    2,
    0x7fffffff,
    0x80000000,
    0xffffffff,
    0x100000000ull,
    0x7fffffffffffffffull,
    0x8000000000000000ull,
    0xffffffffffffffffull,
    0x123456789abcdef0ull,
};
#define NVALUES (sizeof(values) / sizeof(values[0]))

/* Expected faults: one per case that runs a guest store. */
static int cases;

/* One case: "W a b: handler NZCV, after NZCV" at width bits (32-bit ARM
 * has no 64-bit compare: it prints what one would give). */
static void one_case(char width, uint64_t a, uint64_t b, int bits)
{
    unsigned after, expected = sub_nzcv(a, b, bits);

    arm_page();
    handler_nzcv = 99;
#if defined(__aarch64__)
    after = bits == 64 ? cmp_store_x(a, b) : cmp_store_w(a, b);
    cases++;
#elif defined(__arm__)
    if (bits == 32) {
        after = cmp_store_w(a, b);
        cases++;
    } else {
        after = handler_nzcv = expected;
    }
#else
    after = handler_nzcv = expected;
#endif
    printf("%c %016" PRIx64 " %016" PRIx64 ": handler %x after %x%s\n", width,
           a, b, handler_nzcv, after,
           handler_nzcv == expected && after == expected ? "" : " WRONG");
}

/* A signed 32-bit branch on the compare after the faulting store, the
 * flags overwritten after it: the handler's NZCV come from the recipe. */
static void branch_case(uint64_t a, uint64_t b)
{
    int lt, want = (int32_t)a < (int32_t)b;
    unsigned expected = sub_nzcv(a, b, 32);

    arm_page();
    handler_nzcv = 99;
#if defined(__aarch64__) || defined(__arm__)
    lt = cmp_store_branch(a, b);
#else
    lt = want;
    handler_nzcv = expected;
#endif
    printf("lt %08" PRIx32 " %08" PRIx32 ": %d handler %x%s\n", (uint32_t)a,
           (uint32_t)b, lt, handler_nzcv,
           lt == want && handler_nzcv == expected ? "" : " WRONG");
}

/* loop_cmp_store run warm (its loop made a region under -d region),
 * then once with the page armed: the first store faults (A64 only: the
 * 32-bit build prints what it would give and counts no case). */
static void loop_case(uint64_t a, uint64_t b)
{
    int n = 300, lt,
        want = (uint32_t)a == (uint32_t)b ? 0
               : (int32_t)a < (int32_t)b  ? n
                                          : 0;
    unsigned expected = sub_nzcv(a, b, 32);

#if defined(__aarch64__)
    for (int k = 0; k < 4; k++)
        loop_cmp_store(a, b, n);
    arm_page();
    handler_nzcv = 99;
    lt = loop_cmp_store(a, b, n);
    cases++;
    if ((uint32_t)a == (uint32_t)b) { /* left before the store */
        handler_nzcv = expected;
        faults++;
        if (mprotect((void *)page, 4096, PROT_READ | PROT_WRITE) != 0)
            _exit(4);
    }
#else
    lt = want;
    handler_nzcv = expected;
#endif
    printf("loop %08" PRIx32 " %08" PRIx32 ": %d handler %x%s\n", (uint32_t)a,
           (uint32_t)b, lt, handler_nzcv,
           lt == want && handler_nzcv == expected ? "" : " WRONG");
}

static void alias_case(int op, uint32_t a, uint32_t b)
{
    unsigned expected;
    uint32_t r = a;
    int lt;

    switch (op) {
    case OP_SUBS: expected = sub_nzcv(a, b, 32); break;
    case OP_ADDS: expected = add_nzcv32(a, b); break;
    default:
#if defined(__aarch64__)
        expected = and_nzcv32(a, b, 0); /* ANDS clears C and V */
#else
        expected = and_nzcv32(a, b, 2); /* the preset's C, V kept */
#endif
        break;
    }
    arm_page();
    handler_nzcv = 99;
#if defined(__aarch64__) || defined(__arm__)
    lt = alias_op(op, &r, b);
#else
    r = op == OP_SUBS ? a - b : op == OP_ADDS ? a + b : a & b;
    lt = ((expected >> 3) ^ expected) & 1;
    handler_nzcv = expected;
#endif
    printf("%s %08" PRIx32 " %08" PRIx32 ": %08" PRIx32 " %d%s\n", op_names[op],
           a, b, r, lt,
           handler_nzcv == expected &&
                   lt == (int)(((expected >> 3) ^ expected) & 1)
               ? ""
               : " WRONG");
}

int main(void)
{
    struct sigaction sa;

    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = on_segv;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGSEGV, &sa, NULL);
    page = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                -1, 0);
    if (page == MAP_FAILED)
        return 2;
    for (unsigned i = 0; i < NVALUES; i++)
        for (unsigned j = 0; j < NVALUES; j++)
            one_case('w', values[i], values[j], 32);
    for (unsigned i = 0; i < NVALUES; i++)
        for (unsigned j = 0; j < NVALUES; j++)
            one_case('x', values[i], values[j], 64);
    for (unsigned i = 0; i < NVALUES; i++) {
        for (unsigned j = 0; j < NVALUES; j++) {
            branch_case(values[i], values[j]);
            cases++;
        }
    }
    for (unsigned i = 0; i < NVALUES; i++)
        for (unsigned j = 0; j < NVALUES; j++)
            loop_case(values[i], values[j]);
    for (int op = 0; op < NB_OPS; op++) {
        for (unsigned i = 0; i < NVALUES; i++) {
            for (unsigned j = 0; j < NVALUES; j++) {
                alias_case(op, (uint32_t)values[i], (uint32_t)values[j]);
                cases++;
            }
        }
    }
#if !defined(__aarch64__) && !defined(__arm__)
    faults = cases; /* the host runs no guest store */
#endif
    printf("faults %s\n", faults == cases ? "as many as cases" : "WRONG");
    return 0;
}
