/*
 * The harness of the AArch32 data-processing tests: output through the
 * write syscall only (freestanding), and TEST(name, insn), which runs insn
 * over edge values from several flag states and prints operands, result
 * and APSR. REG/OPND pick the register class ("l" asks T16 encodings).
 */
#ifndef DP_HARNESS_H
#define DP_HARNESS_H

#ifndef REG
#define REG(x) "r"(x)
#define OPND(x) "r"(x)
#endif

#include <stdint.h>

static char buf[4096];
static int len;

static void flush(void)
{
    register uint32_t r0 asm("r0") = 1;
    register const char *r1 asm("r1") = buf;
    register uint32_t r2 asm("r2") = (uint32_t)len;
    register uint32_t r7 asm("r7") = 4;

    asm volatile("svc 0" : "+r"(r0) : "r"(r1), "r"(r2), "r"(r7) : "memory");
    len = 0;
}

static void put(const char *s)
{
    while (*s) {
        if (len == sizeof(buf))
            flush();
        buf[len++] = *s++;
    }
}

static void hex(uint32_t v)
{
    char t[10];

    for (int i = 0; i < 8; i++)
        t[i] = "0123456789abcdef"[(v >> (28 - 4 * i)) & 15];
    t[8] = ' ';
    t[9] = 0;
    put(t);
}

static void line(const char *name, uint32_t a, uint32_t b, uint32_t f,
                 uint32_t r, uint32_t h, uint32_t c)
{
    put(name);
    put(" ");
    hex(a);
    hex(b);
    hex(f);
    put("-> ");
    hex(r);
    hex(h);
    hex(c & 0xf80f0000);
    put("\n");
}

static const uint32_t vals[] = {
    0,          1,          2,          31,         32,
    33,         0x7fffffff, 0x80000000, 0xffffffff, 0x12345678,
    0x8000ffff, 0xfffe7fff, 0x00ff7f80,
};
#define NV (sizeof(vals) / sizeof(vals[0]))
static const uint32_t flags_in[] = {0x00000000, 0xf8050000, 0x200a0000};
#define NF (sizeof(flags_in) / sizeof(flags_in[0]))

/* r = insn(a, b); d is a second in/out operand preset to h0 */
#define TEST(name, insn)                                                       \
    for (unsigned i = 0; i < NV; i++)                                          \
        for (unsigned j = 0; j < NV; j++)                                      \
            for (unsigned k = 0; k < NF; k++) {                                \
                uint32_t a = vals[i], b = vals[j], f = flags_in[k];            \
                uint32_t r = 0x5a5a5a5a, h = a ^ 0x3c3c3c3c, c;                \
                asm volatile("msr APSR_nzcvqg, %[f]\n\t" insn                  \
                             "\n\tmrs %[c], APSR"                              \
                             : [r] "+&" REG(r), [h] "+&" REG(h), [c] "=&r"(c)  \
                             : [a] OPND(a), [b] OPND(b), [f] "r"(f)            \
                             : "cc");                                          \
                line(name, a, b, f, r, h, c);                                  \
            }

static void dp_exit(void)
{
    flush();
    asm volatile("mov r0, #0\n\tmov r7, #248\n\tsvc 0" ::: "r0", "r7");
    for (;;)
        ;
}

#endif
