/*
 * FEAT_LSE2 (arx -cpu max; qemu-aarch64 7.2 lacks it): LSE atomics, CAS
 * and LDAR/STLR/LDAPR at addresses not aligned to their size but inside
 * one 16-byte granule work, also across the granule's middle; one
 * crossing the granule's end is an alignment fault (SIGBUS, BUS_ADRALN).
 * The x86-64 build computes the same values in plain C.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static _Alignas(16) unsigned char buf[32];

static uint64_t get(unsigned off, unsigned size)
{
    uint64_t v = 0;

    memcpy(&v, buf + off, size);
    return v;
}

static void put(unsigned off, unsigned size, uint64_t v)
{
    memcpy(buf + off, &v, size);
}

#ifdef __aarch64__
__asm__(".arch_extension lse");
#define ATOMIC3(name, insn)                                                    \
    static uint64_t name(unsigned size, void *p, uint64_t v)                   \
    {                                                                          \
        uint64_t old = 0;                                                      \
        if (size == 2)                                                         \
            __asm__ volatile(insn "h %w1, %w0, [%2]"                           \
                             : "=&r"(old)                                      \
                             : "r"(v), "r"(p)                                  \
                             : "memory");                                      \
        else if (size == 4)                                                    \
            __asm__ volatile(insn " %w1, %w0, [%2]"                            \
                             : "=&r"(old)                                      \
                             : "r"(v), "r"(p)                                  \
                             : "memory");                                      \
        else                                                                   \
            __asm__ volatile(insn " %1, %0, [%2]"                              \
                             : "=&r"(old)                                      \
                             : "r"(v), "r"(p)                                  \
                             : "memory");                                      \
        return old;                                                            \
    }
ATOMIC3(op_ldadd, "ldaddal")
ATOMIC3(op_ldset, "ldset")
ATOMIC3(op_ldeor, "ldeora")
ATOMIC3(op_swp, "swpl")

static uint64_t op_cas(unsigned size, void *p, uint64_t v)
{
    uint64_t cmp = get((unsigned)((unsigned char *)p - buf), size);

    if (size == 2)
        __asm__ volatile("casalh %w0, %w1, [%2]"
                         : "+r"(cmp)
                         : "r"(v), "r"(p)
                         : "memory");
    else if (size == 4)
        __asm__ volatile("casal %w0, %w1, [%2]"
                         : "+r"(cmp)
                         : "r"(v), "r"(p)
                         : "memory");
    else
        __asm__ volatile("casal %0, %1, [%2]"
                         : "+r"(cmp)
                         : "r"(v), "r"(p)
                         : "memory");
    return cmp;
}

static uint64_t op_ldar(unsigned size, void *p, uint64_t v)
{
    uint64_t r;

    (void)v;
    if (size == 2)
        __asm__ volatile("ldarh %w0, [%1]" : "=r"(r) : "r"(p) : "memory");
    else if (size == 4)
        __asm__ volatile("ldar %w0, [%1]" : "=r"(r) : "r"(p) : "memory");
    else
        __asm__ volatile("ldar %0, [%1]" : "=r"(r) : "r"(p) : "memory");
    return r;
}

static uint64_t op_stlr(unsigned size, void *p, uint64_t v)
{
    if (size == 2)
        __asm__ volatile("stlrh %w0, [%1]" ::"r"(v), "r"(p) : "memory");
    else if (size == 4)
        __asm__ volatile("stlr %w0, [%1]" ::"r"(v), "r"(p) : "memory");
    else
        __asm__ volatile("stlr %0, [%1]" ::"r"(v), "r"(p) : "memory");
    return 0;
}
#else
/* The same, in C, on buf. */
static uint64_t mask_of(unsigned size)
{
    return size == 8 ? ~0ull : (1ull << (8 * size)) - 1;
}
#define C_OP(name, expr)                                                       \
    static uint64_t name(unsigned size, void *p, uint64_t v)                   \
    {                                                                          \
        unsigned off = (unsigned)((unsigned char *)p - buf);                   \
        uint64_t old = get(off, size);                                         \
        put(off, size, (expr)&mask_of(size));                                  \
        return old;                                                            \
    }
C_OP(op_ldadd, old + v)
C_OP(op_ldset, old | v)
C_OP(op_ldeor, old ^ v)
C_OP(op_swp, v)
C_OP(op_cas, v)
C_OP(op_ldar, old)
static uint64_t op_stlr(unsigned size, void *p, uint64_t v)
{
    put((unsigned)((unsigned char *)p - buf), size, v & mask_of(size));
    return 0;
}
#endif

typedef uint64_t OpFn(unsigned size, void *p, uint64_t v);
static const struct {
    const char *name;
    OpFn *fn;
} ops[] = {
    {"ldaddal", op_ldadd}, {"ldset", op_ldset}, {"ldeora", op_ldeor},
    {"swpl", op_swp},      {"casal", op_cas},   {"ldar", op_ldar},
    {"stlr", op_stlr},
};

static sigjmp_buf escape;
static volatile int seen_sig, seen_code;
static volatile uintptr_t seen_addr;

static void on_bus(int sig, siginfo_t *si, void *ctx)
{
    (void)ctx;
    seen_sig = sig;
    seen_code = si->si_code;
    seen_addr = (uintptr_t)si->si_addr;
    siglongjmp(escape, 1);
}

static uint64_t checksum(void)
{
    uint64_t h = 1469598103934665603ull;

    for (unsigned i = 0; i < sizeof(buf); i++)
        h = (h ^ buf[i]) * 1099511628211ull;
    return h;
}

int main(void)
{
    static const unsigned sizes[] = {2, 4, 8};
    static const unsigned offsets[] = {1, 3, 5, 6, 7, 9, 13};
    struct sigaction sa;

    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = on_bus;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGBUS, &sa, NULL);
    for (unsigned i = 0; i < sizeof(buf); i++)
        buf[i] = (unsigned char)(i * 37 + 11);

    for (size_t o = 0; o < sizeof(ops) / sizeof(ops[0]); o++)
        for (unsigned s = 0; s < 3; s++)
            for (unsigned k = 0; k < 7; k++) {
                unsigned off = offsets[k], size = sizes[s];
                uint64_t v = 0x0123456789abcdefull * (off + 1) + size, old;

                if (off % 16 + size > 16)
                    continue;
                old = ops[o].fn(size, buf + off, v);
                printf("%s size %u +%u: old %#llx now %#llx\n", ops[o].name,
                       size, off, (unsigned long long)old,
                       (unsigned long long)get(off, size));
            }
    printf("checksum %#llx\n", (unsigned long long)checksum());

    /* Across the granule's end: the alignment fault, memory unchanged. */
    for (size_t o = 0; o < sizeof(ops) / sizeof(ops[0]); o++) {
#ifdef __aarch64__
        seen_sig = 0;
        if (sigsetjmp(escape, 1) == 0)
            ops[o].fn(4, buf + 14, 0);
#else
        seen_sig = SIGBUS;
        seen_code = BUS_ADRALN;
        seen_addr = (uintptr_t)(buf + 14);
#endif
        printf("%s size 4 +14: sig %d code %d addr ok %d\n", ops[o].name,
               seen_sig, seen_code, seen_addr == (uintptr_t)(buf + 14));
    }
    printf("checksum %#llx\n", (unsigned long long)checksum());
    return 0;
}
