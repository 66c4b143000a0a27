/*
 * a17-ldst's guest test: loads and stores in every addressing mode,
 * LDM/STM shapes, exclusives, acquire/release, branches (IT, CBZ, TBB,
 * interworking), barriers, hints and the p15 registers, printing what
 * it sees. Built -marm and -mthumb, static and without libc (only write
 * and exit); run.sh compares its output under arx with qemu-arm's.
 */
#include <stdint.h>

#define NOINLINE __attribute__((noinline))

static long sys3(long nr, long a, long b, long c)
{
    register long r0 __asm__("r0") = a;
    register long r1 __asm__("r1") = b;
    register long r2 __asm__("r2") = c;
    register long r7 __asm__("r7") = nr;

    __asm__ volatile("svc #0"
                     : "+r"(r0)
                     : "r"(r1), "r"(r2), "r"(r7)
                     : "memory");
    return r0;
}

/* What gcc may call for a zeroed array. */
void *memset(void *d, int c, unsigned n)
{
    volatile char *p = d;

    while (n--)
        *p++ = (char)c;
    return d;
}

static char out[8192];
static unsigned out_len;

static void put_str(const char *s)
{
    while (*s && out_len < sizeof(out))
        out[out_len++] = *s++;
}

static void put_hex(uint32_t v)
{
    char b[11];

    b[0] = ' ';
    b[1] = '0';
    b[2] = 'x';
    for (int i = 0; i < 8; i++)
        b[3 + i] = "0123456789abcdef"[(v >> (28 - 4 * i)) & 0xf];
    for (int i = 0; i < 11 && out_len < sizeof(out); i++)
        out[out_len++] = b[i];
}

static void line(const char *name, int n, const uint32_t *v)
{
    put_str(name);
    put_str(":");
    for (int i = 0; i < n; i++)
        put_hex(v[i]);
    put_str("\n");
}

static uint32_t words[16];
static uint8_t bytes[32] __attribute__((aligned(8)));

static void fill(void)
{
    for (int i = 0; i < 16; i++)
        words[i] = 0x11111111u * (uint32_t)i + 0x01020304u;
    for (int i = 0; i < 32; i++)
        bytes[i] = (uint8_t)(0x70 + 7 * i);
}

/* Offset, pre-indexed and post-indexed immediates, both signs. */
static void test_imm(void)
{
    uint32_t v[8], *p = &words[4], *q;

    fill();
    __asm__ volatile("ldr %0, [%2, #4]\n\t"
                     "ldr %1, [%2, #-8]\n\t"
                     : "=&r"(v[0]), "=&r"(v[1])
                     : "r"(p));
    q = p;
    __asm__ volatile("ldr %0, [%1, #8]!" : "=r"(v[2]), "+r"(q));
    v[3] = (uint32_t)(q - p);
    __asm__ volatile("ldr %0, [%1], #-12" : "=r"(v[4]), "+r"(q));
    v[5] = (uint32_t)(q - p);
    __asm__ volatile("str %2, [%1, #-4]!"
                     : "+m"(words), "+r"(q)
                     : "r"(0xabcdu));
    v[6] = (uint32_t)(q - p);
    v[7] = words[0];
    line("imm", 8, v);
}

/* Bytes, halfwords, signed, unaligned words. */
static void test_sizes(void)
{
    uint32_t v[10];
    uint8_t *b = bytes;

    fill();
    __asm__ volatile("ldrb %0, [%5, #3]\n\t"
                     "ldrsb %1, [%5, #5]\n\t"
                     "ldrh %2, [%5, #6]\n\t"
                     "ldrsh %3, [%5, #8]\n\t"
                     "ldr %4, [%5, #1]\n\t"
                     : "=&r"(v[0]), "=&r"(v[1]), "=&r"(v[2]), "=&r"(v[3]),
                       "=&r"(v[4])
                     : "r"(b));
    __asm__ volatile("strb %1, [%0, #1]\n\t"
                     "strh %1, [%0, #2]\n\t"
                     "str %1, [%0, #5]\n\t"
                     :
                     : "r"(b), "r"(0xfedcba98u)
                     : "memory");
    __asm__ volatile("ldrsh %0, [%1], #2" : "=r"(v[5]), "+r"(b));
    __asm__ volatile("ldrsb %0, [%1, #1]!" : "=r"(v[6]), "+r"(b));
    v[7] = (uint32_t)(b - bytes);
    __asm__ volatile("ldr %0, [%1]" : "=r"(v[8]) : "r"(bytes));
    __asm__ volatile("ldr %0, [%1, #4]" : "=r"(v[9]) : "r"(bytes));
    line("sizes", 10, v);
}

/* Register offsets (T32: LSL #0-3; A32: any shift, subtract, writeback). */
static void test_reg(void)
{
    uint32_t v[10] = {0};
    uint32_t *p = words, i = 3;

    fill();
    __asm__ volatile("ldr %0, [%3, %4, lsl #2]\n\t"
                     "ldrb %1, [%3, %4]\n\t"
                     "ldrsh %2, [%3, %4]\n\t"
                     : "=&r"(v[0]), "=&r"(v[1]), "=&r"(v[2])
                     : "r"(p), "r"(i));
    __asm__ volatile("str %1, [%0, %2, lsl #3]"
                     :
                     : "r"(p), "r"(0x5555u), "r"(i)
                     : "memory");
    v[3] = words[6];
#ifndef __thumb__
    {
        uint32_t *q = p + 8, n = 8, big = 0x80000010u;

        __asm__ volatile("ldr %0, [%1, -%2]" : "=r"(v[4]) : "r"(q), "r"(n));
        __asm__ volatile("ldr %0, [%1, %2, lsr #2]"
                         : "=r"(v[5])
                         : "r"(p), "r"(0x20u));
        __asm__ volatile("ldr %0, [%1, %2, asr #28]"
                         : "=r"(v[6])
                         : "r"(q), "r"(big));
        __asm__ volatile("ldr %0, [%1, %2, ror #28]"
                         : "=r"(v[7])
                         : "r"(p), "r"(1u));
        __asm__ volatile("msr cpsr_f, #0x20000000\n\t"
                         "ldr %0, [%1, %2, rrx]"
                         : "=r"(v[8])
                         : "r"((uintptr_t)p - 0x80000000u), "r"(8u)
                         : "cc");
        __asm__ volatile("ldr %0, [%1, %2, lsl #2]!"
                         : "=r"(v[9]), "+r"(q)
                         : "r"(2u));
        v[9] ^= (uint32_t)(q - p);
    }
#endif
    line("reg", 10, v);
}

/* LDRD/STRD and the literal pool. */
static void test_dual(void)
{
    uint32_t v[8];
    uint32_t *p = words;
    register uint32_t a __asm__("r4"), b __asm__("r5");

    fill();
    __asm__ volatile("ldrd %0, %1, [%2, #8]" : "=r"(a), "=r"(b) : "r"(p));
    v[0] = a;
    v[1] = b;
    a = 0x12345678;
    b = 0x9abcdef0;
    p = &words[6];
    __asm__ volatile("strd %1, %2, [%0, #-8]!"
                     : "+r"(p)
                     : "r"(a), "r"(b)
                     : "memory");
    v[2] = (uint32_t)(p - words);
    p = &words[4];
    __asm__ volatile("strd %1, %2, [%0], #16"
                     : "+r"(p)
                     : "r"(a), "r"(b)
                     : "memory");
    v[3] = (uint32_t)(p - words);
    v[4] = words[4];
    v[5] = words[5];
    __asm__ volatile("ldr %0, =0xcafef00d" : "=r"(v[6]));
    __asm__ volatile("ldrd %0, %1, [%2, #4]" : "=r"(a), "=r"(b) : "r"(words));
    v[7] = a ^ b;
    line("dual", 8, v);
}

/* LDM/STM: every mode, writeback, the base in the list. */
static void test_ldm(void)
{
    uint32_t v[12];
    uint32_t *p;

    fill();
    p = &words[2];
    __asm__ volatile("ldmia %0!, {r4, r5, r6}\n\t"
                     "mov %1, r4\n\t"
                     "mov %2, r6\n\t"
                     : "+r"(p), "=r"(v[0]), "=r"(v[1])
                     :
                     : "r4", "r5", "r6");
    v[2] = (uint32_t)(p - words);
    __asm__ volatile("ldmdb %0!, {r4, r5}\n\t"
                     "mov %1, r4\n\t"
                     "mov %2, r5\n\t"
                     : "+r"(p), "=r"(v[3]), "=r"(v[4])
                     :
                     : "r4", "r5");
    v[5] = (uint32_t)(p - words);
    __asm__ volatile("mov r4, #0x44\n\t"
                     "mov r5, #0x55\n\t"
                     "stmdb %0!, {r4, r5}\n\t"
                     : "+r"(p)
                     :
                     : "r4", "r5", "memory");
    v[6] = (uint32_t)(p - words);
    v[7] = words[2] + (words[3] << 8);
#ifndef __thumb__
    __asm__ volatile("ldmib %0, {r4, r5}\n\t"
                     "mov %1, r5\n\t"
                     "stmda %0!, {r4, r5}\n\t"
                     : "+r"(p), "=r"(v[8])
                     :
                     : "r4", "r5", "memory");
    v[9] = (uint32_t)(p - words);
#else
    v[8] = v[9] = 0;
#endif
    /* The base in the list: the loaded value wins. */
    p = &words[1];
    __asm__ volatile("mov r4, %0\n\t"
                     "ldmia r4, {r3, r4}\n\t"
                     "mov %0, r4\n\t"
                     : "+r"(p)
                     :
                     : "r3", "r4");
    v[10] = (uint32_t)(uintptr_t)p;
    __asm__ volatile("push {r4, r5, r6}\n\t"
                     "mov r4, #1\n\t"
                     "mov r5, #2\n\t"
                     "mov r6, #3\n\t"
                     "push {r4, r5, r6}\n\t"
                     "pop {r5}\n\t"
                     "pop {r4, r6}\n\t"
                     "add %0, r4, r5, lsl #4\n\t"
                     "add %0, %0, r6, lsl #8\n\t"
                     "pop {r4, r5, r6}\n\t"
                     : "=r"(v[11]));
    line("ldm", 12, v);
}

/* Exclusives and acquire/release. */
static uint32_t excl_word;
static uint64_t excl_dword;
static uint16_t excl_half;
static uint8_t excl_byte;

static void test_excl(void)
{
    uint32_t v[12], st, old;
    uint32_t lo, hi;

    excl_word = 5;
    __asm__ volatile("ldrex %0, [%2]\n\t"
                     "add %0, %0, #1\n\t"
                     "strex %1, %0, [%2]\n\t"
                     : "=&r"(old), "=&r"(st)
                     : "r"(&excl_word)
                     : "memory");
    v[0] = st;
    v[1] = excl_word;
    __asm__ volatile("ldrex %0, [%2]\n\t"
                     "clrex\n\t"
                     "strex %1, %0, [%2]\n\t"
                     : "=&r"(old), "=&r"(st)
                     : "r"(&excl_word)
                     : "memory");
    v[2] = st;
    excl_half = 0xfffe;
    excl_byte = 0x7f;
    __asm__ volatile("ldrexh %0, [%2]\n\t"
                     "add %0, %0, #3\n\t"
                     "strexh %1, %0, [%2]\n\t"
                     : "=&r"(old), "=&r"(st)
                     : "r"(&excl_half)
                     : "memory");
    v[3] = st | excl_half << 8;
    __asm__ volatile("ldrexb %0, [%2]\n\t"
                     "add %0, %0, #3\n\t"
                     "strexb %1, %0, [%2]\n\t"
                     : "=&r"(old), "=&r"(st)
                     : "r"(&excl_byte)
                     : "memory");
    v[4] = st | excl_byte << 8;
    excl_dword = 0x1122334455667788ull;
    {
        register uint32_t r4 __asm__("r4"), r5 __asm__("r5");

        __asm__ volatile("ldrexd %0, %1, [%3]\n\t"
                         "adds %0, %0, #0x80000000\n\t"
                         "adc %1, %1, #0\n\t"
                         "adds %0, %0, #0x80000000\n\t"
                         "adc %1, %1, #0\n\t"
                         "strexd %2, %0, %1, [%3]\n\t"
                         : "=&r"(r4), "=&r"(r5), "=&r"(st)
                         : "r"(&excl_dword)
                         : "memory", "cc");
        lo = r4;
        hi = r5;
    }
    v[5] = st;
    v[6] = (uint32_t)excl_dword;
    v[7] = (uint32_t)(excl_dword >> 32);
    v[8] = lo ^ hi;
    /* A STREX to another address than the LDREX's fails. */
    __asm__ volatile("ldrex %0, [%2]\n\t"
                     "strex %1, %0, [%3]\n\t"
                     : "=&r"(old), "=&r"(st)
                     : "r"(&excl_word), "r"(&words[0])
                     : "memory");
    v[9] = st;
    __asm__ volatile("ldaex %0, [%2]\n\t"
                     "add %0, %0, #16\n\t"
                     "stlex %1, %0, [%2]\n\t"
                     : "=&r"(old), "=&r"(st)
                     : "r"(&excl_word)
                     : "memory");
    v[10] = st | excl_word << 4;
    __asm__ volatile("stl %1, [%2]\n\t"
                     "lda %0, [%2]\n\t"
                     "stlb %1, [%3]\n\t"
                     "ldab %1, [%3]\n\t"
                     "add %0, %0, %1\n\t"
                     : "=&r"(old), "+&r"(st)
                     : "r"(&excl_word), "r"(&excl_byte)
                     : "memory");
    v[11] = old;
    line("excl", 12, v);
}

/* Branches: conditions, IT blocks, CBZ, a dense switch (TBB/TBH in T32),
 * calls across instruction sets. */
static NOINLINE int cond_chain(int x)
{
    int r = 0;

    __asm__ volatile("cmp %1, #5\n\t"
                     "ite gt\n\t"
                     "movgt %0, #1\n\t"
                     "movle %0, #2\n\t"
                     "it eq\n\t"
                     "addeq %0, %0, #16\n\t"
                     : "+r"(r)
                     : "r"(x)
                     : "cc");
    return r;
}

static NOINLINE int cbz_test(int x)
{
    int r = 7;

#ifdef __thumb__
    __asm__ volatile("cbz %1, 1f\n\t"
                     "mov %0, #9\n\t"
                     "1:\n\t"
                     : "+l"(r)
                     : "l"(x));
#else
    r = x ? 9 : 7;
#endif
    return r;
}

static NOINLINE int sw(int x)
{
    switch (x) {
    case 0: return 11;
    case 1: return 22;
    case 2: return 33;
    case 3: return 47;
    case 4: return 51;
    case 5: return 69;
    case 6: return 71;
    case 7: return 88;
    case 8: return 99;
    case 9: return 105;
    default: return -1;
    }
}

static NOINLINE int big_sw(int x)
{
    switch (x) {
    case 0: return x * 3 + 1;
    case 1: return x ^ 0x55;
    case 2: return sw(x) + sw(x + 1);
    case 3: return cond_chain(x) * 100;
    case 4: return cbz_test(x) + 1000;
    case 5: return sw(x) * sw(x);
    case 6: return x << 9;
    case 7: return (x << 9) + 3;
    case 8: return sw(x) - 3;
    default: return -x;
    }
}

/* Conditional loads, stores and returns (IT blocks in T32, cond fields
 * in A32), a conditional branch ending an IT block. */
static NOINLINE uint32_t cond_mem(uint32_t x)
{
    uint32_t r = 0, t = 0;

    __asm__ volatile("cmp %2, #3\n\t"
                     "itt eq\n\t"
                     "ldreq %0, [%3, #4]\n\t"
                     "streq %2, [%3, #8]\n\t"
                     "ite ne\n\t"
                     "ldrbne %1, [%3, #1]\n\t"
                     "ldrheq %1, [%3, #2]\n\t"
                     "add %0, %0, %1\n\t"
                     "cmp %2, #5\n\t"
                     "it hi\n\t"
                     "bhi 1f\n\t"
                     "add %0, %0, #0x100\n\t"
                     "1:\n\t"
                     : "+&r"(r), "+&r"(t)
                     : "r"(x), "r"(words)
                     : "cc", "memory");
    return r;
}

__attribute__((naked, noinline)) static int cond_ret(int x)
{
    (void)x;
    __asm__ volatile("push {r4, lr}\n\t"
                     "mov r4, r0\n\t"
                     "cmp r0, #2\n\t"
                     "it lt\n\t"
                     "poplt {r4, pc}\n\t"
                     "add r0, r0, #100\n\t"
                     "cmp r4, #4\n\t"
                     "itt eq\n\t"
                     "addeq r0, r0, #1000\n\t"
                     "ldmiaeq sp!, {r4, pc}\n\t"
                     "add r0, r0, r4, lsl #12\n\t"
                     "pop {r4, pc}\n\t");
}

__attribute__((target("thumb"), noinline)) static int in_thumb(int x)
{
    return x * 3 + 1;
}

__attribute__((target("arm"), noinline)) static int in_arm(int x)
{
    return in_thumb(x) + 100;
}

static void test_branch(void)
{
    uint32_t v[12];
    int (*volatile fp)(int) = in_thumb;

    v[0] = (uint32_t)cond_chain(3) | (uint32_t)cond_chain(5) << 8 |
           (uint32_t)cond_chain(9) << 16;
#ifdef __thumb__
    v[1] = (uint32_t)cbz_test(0) | (uint32_t)cbz_test(4) << 8;
#else
    v[1] = 0x907;
#endif
    v[2] = 0;
    for (int i = -1; i < 12; i++)
        v[2] = v[2] * 31 + (uint32_t)sw(i);
    v[3] = 0;
    for (int i = -1; i < 12; i++)
        v[3] = v[3] * 37 + (uint32_t)big_sw(i);
    v[4] = (uint32_t)in_arm(5);
    v[5] = (uint32_t)fp(7);
    fp = in_arm;
    v[6] = (uint32_t)fp(7);
    {
        int n = 0;

        for (int i = 0; i < 100; i++)
            if (i % 3 == 0 || (i & 5) == 4)
                n += i;
        v[7] = (uint32_t)n;
    }
    {
        uint32_t r;

        /* LDR to the pc: an interworking branch. */
        __asm__ volatile("adr r3, 1f\n\t"
#ifdef __thumb__
                         "orr r3, r3, #1\n\t"
#endif
                         "push {r3}\n\t"
                         "mov %0, #1\n\t"
                         "ldr pc, [sp], #4\n\t"
                         "mov %0, #2\n\t"
                         ".balign 4\n\t"
                         "1: add %0, %0, #40\n\t"
                         : "=r"(r)
                         :
                         : "r3", "memory");
        v[8] = r;
    }
    fill();
    v[9] = 0;
    for (uint32_t i = 0; i < 8; i++)
        v[9] = v[9] * 41 + cond_mem(i);
    v[10] = 0;
    for (int i = 0; i < 6; i++)
        v[10] = v[10] * 43 + (uint32_t)cond_ret(i);
    v[11] = 0;
    line("branch", 12, v);
}

/* Barriers, hints, TPIDRURO/URW. */
static void test_sys(void)
{
    uint32_t v[6];

    sys3(0xf0005, 0x12345000, 0, 0); /* set_tls */
    __asm__ volatile("mrc p15, 0, %0, c13, c0, 3" : "=r"(v[0]));
    __asm__ volatile("mcr p15, 0, %0, c13, c0, 2" : : "r"(0xbeef));
    __asm__ volatile("mrc p15, 0, %0, c13, c0, 2" : "=r"(v[1]));
    __asm__ volatile("dmb ish\n\tdsb sy\n\tisb\n\tdmb ishst\n\t"
                     "nop\n\tyield\n\tsev\n\tpld [%0]\n\tpldw [%0, #64]\n\t"
                     "pli [%0]\n\t"
                     "mcr p15, 0, %1, c7, c10, 5\n\t"
                     "mcr p15, 0, %1, c7, c10, 4\n\t"
                     "mcr p15, 0, %1, c7, c5, 4\n\t"
                     :
                     : "r"(words), "r"(0)
                     : "memory");
    /* CNTVCT (MRRC p15, 1, c14) is left out: qemu-arm 7.2 UNDEFs it. */
    v[2] = v[3] = 0;
    v[4] = v[5] = 0;
    line("sys", 6, v);
}

int main(void)
{
    test_imm();
    test_sizes();
    test_reg();
    test_dual();
    test_ldm();
    test_excl();
    test_branch();
    test_sys();
    put_str("done\n");
    sys3(4, 1, (long)out, out_len);
    return 0;
}

__attribute__((naked, noreturn)) void _start(void)
{
    __asm__ volatile("bl main\n\t"
                     "mov r7, #248\n\t"
                     "svc #0\n\t");
}
