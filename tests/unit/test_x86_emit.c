/* Byte-exact tests of the x86-64 encoder (tcg/x86_64/emit.c): every golden
 * sequence below was produced by GNU as and read back with objdump -d, so a
 * mismatch means the encoder disagrees with the assembler. Also runs a few
 * generated functions natively. Must not depend on any other arx module. */
#include "tcg/x86_64/emit.h"

#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define ARRAY_LEN(x) (sizeof(x) / sizeof((x)[0]))

/* One instruction (or short fixed sequence) as GNU as encodes it. */
typedef struct Golden {
    const char *text; /* the AT&T source given to as */
    uint8_t len;
    uint8_t bytes[16];
} Golden;

/* Room on both sides of the emission point so relative targets computed in
 * the tests stay inside one object. */
static uint8_t golden_buf[1 << 16];
static X86Asm golden_asm;

/* Far enough from any mapping of this binary that rel32 cannot reach it. */
static const void *const far_target =
    (const void *)(uintptr_t)0x123456789000ull;

static X86Asm *golden_begin(void)
{
    x86_asm_init(&golden_asm, golden_buf + sizeof golden_buf / 2,
                 sizeof golden_buf / 2);
    return &golden_asm;
}

/* A target `offset` bytes from the current emission point. */
static const void *at(const X86Asm *a, intptr_t offset)
{
    return (const void *)((uintptr_t)a->p + (uintptr_t)offset);
}

static void hex(char *out, size_t size, const uint8_t *p, size_t n)
{
    out[0] = '\0';
    for (size_t i = 0; i < n && (i + 1) * 3 < size; i++)
        snprintf(out + i * 3, size - i * 3, "%02x ", p[i]);
}

/* The emitted stream must be exactly the goldens, in order; a mismatch names
 * the first instruction that differs. */
static void golden_check(const X86Asm *a, const Golden *g, size_t count)
{
    size_t off = 0;
    size_t emitted = x86_asm_size(a);
    ck_assert_msg(!a->overflow, "buffer overflow");
    for (size_t i = 0; i < count; i++) {
        char want[64], got[64];
        size_t avail = emitted > off ? emitted - off : 0;
        hex(want, sizeof want, g[i].bytes, g[i].len);
        hex(got, sizeof got, a->start + off,
            avail < g[i].len ? avail : g[i].len);
        ck_assert_msg(avail >= g[i].len &&
                          memcmp(a->start + off, g[i].bytes, g[i].len) == 0,
                      "%s: want [%s] got [%s]", g[i].text, want, got);
        off += g[i].len;
    }
    ck_assert_msg(off == emitted, "emitted %zu bytes, goldens hold %zu",
                  emitted, off);
}

static const Golden mov_golden[] = {
    {"mov %rsi,%rax", 3, {0x48, 0x89, 0xf0}},
    {"mov %esi,%eax", 2, {0x89, 0xf0}},
    {"mov %r8,%r15", 3, {0x4d, 0x89, 0xc7}},
    {"mov %r9d,%edx", 3, {0x44, 0x89, 0xca}},
    {"mov %rsp,%rbp", 3, {0x48, 0x89, 0xe5}},
    {"mov $0x0,%eax", 5, {0xb8, 0x00, 0x00, 0x00, 0x00}},
    {"mov $0x5,%ebx", 5, {0xbb, 0x05, 0x00, 0x00, 0x00}},
    {"mov $0xffffffff,%r10d", 6, {0x41, 0xba, 0xff, 0xff, 0xff, 0xff}},
    {"mov $-1,%rax", 7, {0x48, 0xc7, 0xc0, 0xff, 0xff, 0xff, 0xff}},
    {"mov $-0x80000000,%r12", 7, {0x49, 0xc7, 0xc4, 0x00, 0x00, 0x00, 0x80}},
    {"movabs $0x123456789abcdef0,%rdi",
     10,
     {0x48, 0xbf, 0xf0, 0xde, 0xbc, 0x9a, 0x78, 0x56, 0x34, 0x12}},
    {"movabs $0x100000000,%r13",
     10,
     {0x49, 0xbd, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00}},
};

START_TEST(test_mov)
{
    X86Asm *a = golden_begin();

    x86_mov_rr(a, 64, X86_RAX, X86_RSI);         /* mov %rsi,%rax */
    x86_mov_rr(a, 32, X86_RAX, X86_RSI);         /* mov %esi,%eax */
    x86_mov_rr(a, 64, X86_R15, X86_R8);          /* mov %r8,%r15 */
    x86_mov_rr(a, 32, X86_RDX, X86_R9);          /* mov %r9d,%edx */
    x86_mov_rr(a, 64, X86_RBP, X86_RSP);         /* mov %rsp,%rbp */
    x86_mov_ri(a, X86_RAX, 0);                   /* mov $0x0,%eax */
    x86_mov_ri(a, X86_RBX, 5);                   /* mov $0x5,%ebx */
    x86_mov_ri(a, X86_R10, 0xffffffffu);         /* mov $0xffffffff,%r10d */
    x86_mov_ri(a, X86_RAX, UINT64_MAX);          /* mov $-1,%rax */
    x86_mov_ri(a, X86_R12, 0xffffffff80000000u); /* mov $-0x80000000,%r12 */
    x86_mov_ri(a, X86_RDI,
               0x123456789abcdef0u);      /* movabs $0x123456789abcdef0,%rdi */
    x86_mov_ri(a, X86_R13, 0x100000000u); /* movabs $0x100000000,%r13 */
    golden_check(a, mov_golden, ARRAY_LEN(mov_golden));
}
END_TEST

static const Golden alu_reg_golden[] = {
    {"add %rsi,%rax", 3, {0x48, 0x01, 0xf0}},
    {"sub %r9d,%r8d", 3, {0x45, 0x29, 0xc8}},
    {"xor %eax,%eax", 2, {0x31, 0xc0}},
    {"cmp %r15,%rsp", 3, {0x4c, 0x39, 0xfc}},
    {"and %rbx,%r12", 3, {0x49, 0x21, 0xdc}},
    {"or %ecx,%edi", 2, {0x09, 0xcf}},
    {"adc %rdx,%rax", 3, {0x48, 0x11, 0xd0}},
    {"sbb %rax,%rdx", 3, {0x48, 0x19, 0xc2}},
};

START_TEST(test_alu_reg)
{
    X86Asm *a = golden_begin();

    x86_alu_rr(a, 64, X86_ADD, X86_RAX, X86_RSI); /* add %rsi,%rax */
    x86_alu_rr(a, 32, X86_SUB, X86_R8, X86_R9);   /* sub %r9d,%r8d */
    x86_alu_rr(a, 32, X86_XOR, X86_RAX, X86_RAX); /* xor %eax,%eax */
    x86_alu_rr(a, 64, X86_CMP, X86_RSP, X86_R15); /* cmp %r15,%rsp */
    x86_alu_rr(a, 64, X86_AND, X86_R12, X86_RBX); /* and %rbx,%r12 */
    x86_alu_rr(a, 32, X86_OR, X86_RDI, X86_RCX);  /* or %ecx,%edi */
    x86_alu_rr(a, 64, X86_ADC, X86_RAX, X86_RDX); /* adc %rdx,%rax */
    x86_alu_rr(a, 64, X86_SBB, X86_RDX, X86_RAX); /* sbb %rax,%rdx */
    golden_check(a, alu_reg_golden, ARRAY_LEN(alu_reg_golden));
}
END_TEST

static const Golden alu_imm_golden[] = {
    {"add $0x1,%rax", 4, {0x48, 0x83, 0xc0, 0x01}},
    {"sub $0x7f,%ecx", 3, {0x83, 0xe9, 0x7f}},
    {"and $-0x80,%r11", 4, {0x49, 0x83, 0xe3, 0x80}},
    {"add $0x80,%eax", 5, {0x05, 0x80, 0x00, 0x00, 0x00}},
    {"cmp $0x1000,%rax", 6, {0x48, 0x3d, 0x00, 0x10, 0x00, 0x00}},
    {"xor $0x12345678,%r13", 7, {0x49, 0x81, 0xf5, 0x78, 0x56, 0x34, 0x12}},
    {"or $-0x80000000,%edx", 6, {0x81, 0xca, 0x00, 0x00, 0x00, 0x80}},
    {"cmp $-0x100,%eax", 5, {0x3d, 0x00, 0xff, 0xff, 0xff}},
    {"sub $0x100,%rsp", 7, {0x48, 0x81, 0xec, 0x00, 0x01, 0x00, 0x00}},
};

START_TEST(test_alu_imm)
{
    X86Asm *a = golden_begin();

    x86_alu_ri(a, 64, X86_ADD, X86_RAX, 1);          /* add $0x1,%rax */
    x86_alu_ri(a, 32, X86_SUB, X86_RCX, 127);        /* sub $0x7f,%ecx */
    x86_alu_ri(a, 64, X86_AND, X86_R11, -128);       /* and $-0x80,%r11 */
    x86_alu_ri(a, 32, X86_ADD, X86_RAX, 128);        /* add $0x80,%eax */
    x86_alu_ri(a, 64, X86_CMP, X86_RAX, 0x1000);     /* cmp $0x1000,%rax */
    x86_alu_ri(a, 64, X86_XOR, X86_R13, 0x12345678); /* xor $0x12345678,%r13 */
    x86_alu_ri(a, 32, X86_OR, X86_RDX, INT32_MIN);   /* or $-0x80000000,%edx */
    x86_alu_ri(a, 32, X86_CMP, X86_RAX, -256);       /* cmp $-0x100,%eax */
    x86_alu_ri(a, 64, X86_SUB, X86_RSP, 256);        /* sub $0x100,%rsp */
    golden_check(a, alu_imm_golden, ARRAY_LEN(alu_imm_golden));
}
END_TEST

static const Golden alu_mem_golden[] = {
    {"add (%rdi),%rax", 3, {0x48, 0x03, 0x07}},
    {"sub 0x8(%rsp),%ecx", 4, {0x2b, 0x4c, 0x24, 0x08}},
    {"cmp 0x1000(%r13),%r8", 7, {0x4d, 0x3b, 0x85, 0x00, 0x10, 0x00, 0x00}},
    {"add %rax,0x0(%rbp)", 4, {0x48, 0x01, 0x45, 0x00}},
    {"or %r9d,-0x8(%r12)", 5, {0x45, 0x09, 0x4c, 0x24, 0xf8}},
    {"addq $0x1,(%rdi)", 4, {0x48, 0x83, 0x07, 0x01}},
    {"cmpl $0x100,0x10(%r14,%rcx,4)",
     9,
     {0x41, 0x81, 0x7c, 0x8e, 0x10, 0x00, 0x01, 0x00, 0x00}},
    {"andq $-0x10,(%rsp)", 5, {0x48, 0x83, 0x24, 0x24, 0xf0}},
};

START_TEST(test_alu_mem)
{
    X86Asm *a = golden_begin();

    x86_alu_rm(a, 64, X86_ADD, X86_RAX,
               x86_mem(X86_RDI, 0)); /* add (%rdi),%rax */
    x86_alu_rm(a, 32, X86_SUB, X86_RCX,
               x86_mem(X86_RSP, 8)); /* sub 0x8(%rsp),%ecx */
    x86_alu_rm(a, 64, X86_CMP, X86_R8,
               x86_mem(X86_R13, 0x1000)); /* cmp 0x1000(%r13),%r8 */
    x86_alu_mr(a, 64, X86_ADD, x86_mem(X86_RBP, 0),
               X86_RAX); /* add %rax,0x0(%rbp) */
    x86_alu_mr(a, 32, X86_OR, x86_mem(X86_R12, -8),
               X86_R9);                                 /* or %r9d,-0x8(%r12) */
    x86_alu_mi(a, 64, X86_ADD, x86_mem(X86_RDI, 0), 1); /* addq $0x1,(%rdi) */
    x86_alu_mi(a, 32, X86_CMP, x86_mem_idx(X86_R14, X86_RCX, 4, 0x10),
               0x100); /* cmpl $0x100,0x10(%r14,%rcx,4) */
    x86_alu_mi(a, 64, X86_AND, x86_mem(X86_RSP, 0),
               -16); /* andq $-0x10,(%rsp) */
    golden_check(a, alu_mem_golden, ARRAY_LEN(alu_mem_golden));
}
END_TEST

static const Golden test_golden[] = {
    {"test %rsi,%rax", 3, {0x48, 0x85, 0xf0}},
    {"test %r8d,%r8d", 3, {0x45, 0x85, 0xc0}},
    {"test $0x1,%al", 2, {0xa8, 0x01}},
    {"test $0x40,%dil", 4, {0x40, 0xf6, 0xc7, 0x40}},
    {"test $0x1,%r9b", 4, {0x41, 0xf6, 0xc1, 0x01}},
    {"test $0x80,%eax", 5, {0xa9, 0x80, 0x00, 0x00, 0x00}},
    {"test $0x100,%rcx", 7, {0x48, 0xf7, 0xc1, 0x00, 0x01, 0x00, 0x00}},
    {"test $-1,%ebx", 6, {0xf7, 0xc3, 0xff, 0xff, 0xff, 0xff}},
};

START_TEST(test_test)
{
    X86Asm *a = golden_begin();

    x86_test_rr(a, 64, X86_RAX, X86_RSI); /* test %rsi,%rax */
    x86_test_rr(a, 32, X86_R8, X86_R8);   /* test %r8d,%r8d */
    x86_test_ri(a, 64, X86_RAX, 1);       /* test $0x1,%al */
    x86_test_ri(a, 32, X86_RDI, 0x40);    /* test $0x40,%dil */
    x86_test_ri(a, 64, X86_R9, 1);        /* test $0x1,%r9b */
    x86_test_ri(a, 32, X86_RAX, 0x80);    /* test $0x80,%eax */
    x86_test_ri(a, 64, X86_RCX, 0x100);   /* test $0x100,%rcx */
    x86_test_ri(a, 32, X86_RBX, -1);      /* test $-1,%ebx */
    golden_check(a, test_golden, ARRAY_LEN(test_golden));
}
END_TEST

static const Golden shift_golden[] = {
    {"shl $1,%rax", 3, {0x48, 0xd1, 0xe0}},
    {"shr $0x3,%ecx", 3, {0xc1, 0xe9, 0x03}},
    {"sar $0x3f,%r12", 4, {0x49, 0xc1, 0xfc, 0x3f}},
    {"rol $0x10,%r8d", 4, {0x41, 0xc1, 0xc0, 0x10}},
    {"ror $1,%edi", 2, {0xd1, 0xcf}},
    {"shl %cl,%rdx", 3, {0x48, 0xd3, 0xe2}},
    {"sar %cl,%r10d", 3, {0x41, 0xd3, 0xfa}},
    {"ror %cl,%rax", 3, {0x48, 0xd3, 0xc8}},
};

START_TEST(test_shift)
{
    X86Asm *a = golden_begin();

    x86_shift_ri(a, 64, X86_SHL, X86_RAX, 1);  /* shl $1,%rax */
    x86_shift_ri(a, 32, X86_SHR, X86_RCX, 3);  /* shr $0x3,%ecx */
    x86_shift_ri(a, 64, X86_SAR, X86_R12, 63); /* sar $0x3f,%r12 */
    x86_shift_ri(a, 32, X86_ROL, X86_R8, 16);  /* rol $0x10,%r8d */
    x86_shift_ri(a, 32, X86_ROR, X86_RDI, 1);  /* ror $1,%edi */
    x86_shift_rcl(a, 64, X86_SHL, X86_RDX);    /* shl %cl,%rdx */
    x86_shift_rcl(a, 32, X86_SAR, X86_R10);    /* sar %cl,%r10d */
    x86_shift_rcl(a, 64, X86_ROR, X86_RAX);    /* ror %cl,%rax */
    golden_check(a, shift_golden, ARRAY_LEN(shift_golden));
}
END_TEST

static const Golden muldiv_golden[] = {
    {"neg %rax", 3, {0x48, 0xf7, 0xd8}},
    {"neg %r9d", 3, {0x41, 0xf7, 0xd9}},
    {"not %rsi", 3, {0x48, 0xf7, 0xd6}},
    {"not %r15d", 3, {0x41, 0xf7, 0xd7}},
    {"imul %rsi,%rax", 4, {0x48, 0x0f, 0xaf, 0xc6}},
    {"imul %r12d,%ecx", 4, {0x41, 0x0f, 0xaf, 0xcc}},
    {"imul $0x10,%rdx,%rax", 4, {0x48, 0x6b, 0xc2, 0x10}},
    {"imul $0x12345,%r13,%r14", 7, {0x4d, 0x69, 0xf5, 0x45, 0x23, 0x01, 0x00}},
    {"imul $-0x3,%ebp,%ebp", 3, {0x6b, 0xed, 0xfd}},
    {"imul 0x60(%r14),%r10d", 5, {0x45, 0x0f, 0xaf, 0x56, 0x60}},
    {"imul 0xd8(%r14),%rax",
     8,
     {0x49, 0x0f, 0xaf, 0x86, 0xd8, 0x00, 0x00, 0x00}},
    {"mul %rcx", 3, {0x48, 0xf7, 0xe1}},
    {"imul %r8", 3, {0x49, 0xf7, 0xe8}},
    {"div %esi", 2, {0xf7, 0xf6}},
    {"idiv %r11", 3, {0x49, 0xf7, 0xfb}},
    {"cqto", 2, {0x48, 0x99}},
    {"cltd", 1, {0x99}},
};

START_TEST(test_muldiv)
{
    X86Asm *a = golden_begin();

    x86_neg(a, 64, X86_RAX);                   /* neg %rax */
    x86_neg(a, 32, X86_R9);                    /* neg %r9d */
    x86_not(a, 64, X86_RSI);                   /* not %rsi */
    x86_not(a, 32, X86_R15);                   /* not %r15d */
    x86_imul_rr(a, 64, X86_RAX, X86_RSI);      /* imul %rsi,%rax */
    x86_imul_rr(a, 32, X86_RCX, X86_R12);      /* imul %r12d,%ecx */
    x86_imul_rri(a, 64, X86_RAX, X86_RDX, 16); /* imul $0x10,%rdx,%rax */
    x86_imul_rri(a, 64, X86_R14, X86_R13,
                 0x12345);                     /* imul $0x12345,%r13,%r14 */
    x86_imul_rri(a, 32, X86_RBP, X86_RBP, -3); /* imul $-0x3,%ebp,%ebp */
    x86_imul_rm(a, 32, X86_R10, x86_mem(X86_R14, 0x60));
    /* imul 0x60(%r14),%r10d */
    x86_imul_rm(a, 64, X86_RAX, x86_mem(X86_R14, 0xd8));
    /* imul 0xd8(%r14),%rax */
    x86_mul_r(a, 64, X86_RCX);  /* mul %rcx */
    x86_imul1_r(a, 64, X86_R8); /* imul %r8 */
    x86_div_r(a, 32, X86_RSI);  /* div %esi */
    x86_idiv_r(a, 64, X86_R11); /* idiv %r11 */
    x86_cqo(a);                 /* cqto */
    x86_cdq(a);                 /* cltd */
    golden_check(a, muldiv_golden, ARRAY_LEN(muldiv_golden));
}
END_TEST

static const Golden extend_golden[] = {
    {"movzbl %sil,%eax", 4, {0x40, 0x0f, 0xb6, 0xc6}},
    {"movzbl %al,%ecx", 3, {0x0f, 0xb6, 0xc8}},
    {"movzbl %r9b,%r10d", 4, {0x45, 0x0f, 0xb6, 0xd1}},
    {"movzbl %spl,%edx", 4, {0x40, 0x0f, 0xb6, 0xd4}},
    {"movzwl %di,%eax", 3, {0x0f, 0xb7, 0xc7}},
    {"movzwl %r8w,%r8d", 4, {0x45, 0x0f, 0xb7, 0xc0}},
    {"movsbq %dil,%rax", 4, {0x48, 0x0f, 0xbe, 0xc7}},
    {"movsbl %bl,%ecx", 3, {0x0f, 0xbe, 0xcb}},
    {"movsbl %bpl,%r11d", 4, {0x44, 0x0f, 0xbe, 0xdd}},
    {"movswq %si,%r12", 4, {0x4c, 0x0f, 0xbf, 0xe6}},
    {"movswl %ax,%eax", 3, {0x0f, 0xbf, 0xc0}},
    {"movslq %edi,%rax", 3, {0x48, 0x63, 0xc7}},
    {"movslq %r14d,%r15", 3, {0x4d, 0x63, 0xfe}},
};

START_TEST(test_extend)
{
    X86Asm *a = golden_begin();

    x86_movzx8(a, X86_RAX, X86_RSI);      /* movzbl %sil,%eax */
    x86_movzx8(a, X86_RCX, X86_RAX);      /* movzbl %al,%ecx */
    x86_movzx8(a, X86_R10, X86_R9);       /* movzbl %r9b,%r10d */
    x86_movzx8(a, X86_RDX, X86_RSP);      /* movzbl %spl,%edx */
    x86_movzx16(a, X86_RAX, X86_RDI);     /* movzwl %di,%eax */
    x86_movzx16(a, X86_R8, X86_R8);       /* movzwl %r8w,%r8d */
    x86_movsx8(a, 64, X86_RAX, X86_RDI);  /* movsbq %dil,%rax */
    x86_movsx8(a, 32, X86_RCX, X86_RBX);  /* movsbl %bl,%ecx */
    x86_movsx8(a, 32, X86_R11, X86_RBP);  /* movsbl %bpl,%r11d */
    x86_movsx16(a, 64, X86_R12, X86_RSI); /* movswq %si,%r12 */
    x86_movsx16(a, 32, X86_RAX, X86_RAX); /* movswl %ax,%eax */
    x86_movsxd(a, X86_RAX, X86_RDI);      /* movslq %edi,%rax */
    x86_movsxd(a, X86_R15, X86_R14);      /* movslq %r14d,%r15 */
    golden_check(a, extend_golden, ARRAY_LEN(extend_golden));
}
END_TEST

static const Golden bits_golden[] = {
    {"bswap %eax", 2, {0x0f, 0xc8}},
    {"bswap %rdx", 3, {0x48, 0x0f, 0xca}},
    {"bswap %r12d", 3, {0x41, 0x0f, 0xcc}},
    {"bswap %r9", 3, {0x49, 0x0f, 0xc9}},
    {"rol $0x8,%ax", 4, {0x66, 0xc1, 0xc0, 0x08}},
    {"rol $0x8,%r10w", 5, {0x66, 0x41, 0xc1, 0xc2, 0x08}},
    {"bsr %rsi,%rax", 4, {0x48, 0x0f, 0xbd, 0xc6}},
    {"bsf %r8d,%ecx", 4, {0x41, 0x0f, 0xbc, 0xc8}},
    {"lzcnt %rdi,%rax", 5, {0xf3, 0x48, 0x0f, 0xbd, 0xc7}},
    {"tzcnt %r9d,%r10d", 5, {0xf3, 0x45, 0x0f, 0xbc, 0xd1}},
    {"popcnt %rbx,%r15", 5, {0xf3, 0x4c, 0x0f, 0xb8, 0xfb}},
};

START_TEST(test_bits)
{
    X86Asm *a = golden_begin();

    x86_bswap(a, 32, X86_RAX);           /* bswap %eax */
    x86_bswap(a, 64, X86_RDX);           /* bswap %rdx */
    x86_bswap(a, 32, X86_R12);           /* bswap %r12d */
    x86_bswap(a, 64, X86_R9);            /* bswap %r9 */
    x86_rol16_8(a, X86_RAX);             /* rol $0x8,%ax */
    x86_rol16_8(a, X86_R10);             /* rol $0x8,%r10w */
    x86_bsr(a, 64, X86_RAX, X86_RSI);    /* bsr %rsi,%rax */
    x86_bsf(a, 32, X86_RCX, X86_R8);     /* bsf %r8d,%ecx */
    x86_lzcnt(a, 64, X86_RAX, X86_RDI);  /* lzcnt %rdi,%rax */
    x86_tzcnt(a, 32, X86_R10, X86_R9);   /* tzcnt %r9d,%r10d */
    x86_popcnt(a, 64, X86_R15, X86_RBX); /* popcnt %rbx,%r15 */
    golden_check(a, bits_golden, ARRAY_LEN(bits_golden));
}
END_TEST

static const Golden shiftx_golden[] = {
    {"shlx %rcx,%rax,%rdx", 5, {0xc4, 0xe2, 0xf1, 0xf7, 0xd0}},
    {"shrx %ecx,%eax,%edx", 5, {0xc4, 0xe2, 0x73, 0xf7, 0xd0}},
    {"sarx %r9,%r10,%r11", 5, {0xc4, 0x42, 0xb2, 0xf7, 0xda}},
    {"shlx %r11d,%ebx,%r8d", 5, {0xc4, 0x62, 0x21, 0xf7, 0xc3}},
    {"sarx %eax,%r13d,%esi", 5, {0xc4, 0xc2, 0x7a, 0xf7, 0xf5}},
    {"shrx %r15,%rsi,%r12", 5, {0xc4, 0x62, 0x83, 0xf7, 0xe6}},
};

START_TEST(test_shiftx)
{
    X86Asm *a = golden_begin();

    x86_shiftx(a, 64, X86_SHL, X86_RDX, X86_RAX, X86_RCX);
    x86_shiftx(a, 32, X86_SHR, X86_RDX, X86_RAX, X86_RCX);
    x86_shiftx(a, 64, X86_SAR, X86_R11, X86_R10, X86_R9);
    x86_shiftx(a, 32, X86_SHL, X86_R8, X86_RBX, X86_R11);
    x86_shiftx(a, 32, X86_SAR, X86_RSI, X86_R13, X86_RAX);
    x86_shiftx(a, 64, X86_SHR, X86_R12, X86_RSI, X86_R15);
    golden_check(a, shiftx_golden, ARRAY_LEN(shiftx_golden));
}
END_TEST

static const Golden vex_golden[] = {
    {"vpaddd %xmm12,%xmm4,%xmm5", 5, {0xc4, 0xc1, 0x59, 0xfe, 0xec}},
    {"vpaddq %xmm2,%xmm9,%xmm8", 4, {0xc5, 0x31, 0xd4, 0xc2}},
    {"vpandn %xmm5,%xmm6,%xmm7", 4, {0xc5, 0xc9, 0xdf, 0xfd}},
    {"vpmulld %xmm3,%xmm13,%xmm14", 5, {0xc4, 0x62, 0x11, 0x40, 0xf3}},
    {"vpcmpgtq %xmm11,%xmm4,%xmm15", 5, {0xc4, 0x42, 0x59, 0x37, 0xfb}},
    {"vpxor %xmm7,%xmm6,%xmm5", 4, {0xc5, 0xc9, 0xef, 0xef}},
    {"vpsrld $0x13,%xmm4,%xmm5", 5, {0xc5, 0xd1, 0x72, 0xd4, 0x13}},
    {"vpsllq $0x3,%xmm12,%xmm9", 6, {0xc4, 0xc1, 0x31, 0x73, 0xf4, 0x03}},
    {"vpsraw $0xf,%xmm10,%xmm4", 6, {0xc4, 0xc1, 0x59, 0x71, 0xe2, 0x0f}},
    {"vaddsd %xmm5,%xmm4,%xmm0", 4, {0xc5, 0xdb, 0x58, 0xc5}},
    {"vsqrtsd %xmm12,%xmm12,%xmm0", 5, {0xc4, 0xc1, 0x1b, 0x51, 0xc4}},
    {"vmulss %xmm9,%xmm10,%xmm0", 5, {0xc4, 0xc1, 0x2a, 0x59, 0xc1}},
    {"vdivsd %xmm3,%xmm11,%xmm0", 4, {0xc5, 0xa3, 0x5e, 0xc3}},
    {"vsubss %xmm15,%xmm7,%xmm1", 5, {0xc4, 0xc1, 0x42, 0x5c, 0xcf}},
    {"vpsllvd %xmm12,%xmm4,%xmm5", 5, {0xc4, 0xc2, 0x59, 0x47, 0xec}},
    {"vpsrlvd %xmm2,%xmm9,%xmm8", 5, {0xc4, 0x62, 0x31, 0x45, 0xc2}},
    {"vpsravd %xmm3,%xmm13,%xmm1", 5, {0xc4, 0xe2, 0x11, 0x46, 0xcb}},
    {"vpsllvq %xmm11,%xmm4,%xmm15", 5, {0xc4, 0x42, 0xd9, 0x47, 0xfb}},
    {"vpsrlvq %xmm5,%xmm6,%xmm0", 5, {0xc4, 0xe2, 0xc9, 0x45, 0xc5}},
    {"pblendw $0x55,%xmm1,%xmm0", 6, {0x66, 0x0f, 0x3a, 0x0e, 0xc1, 0x55}},
    {"pblendw $0xaa,%xmm9,%xmm3",
     7,
     {0x66, 0x41, 0x0f, 0x3a, 0x0e, 0xd9, 0xaa}},
    {"pinsrq $0x1,%r13,%xmm0", 7, {0x66, 0x49, 0x0f, 0x3a, 0x22, 0xc5, 0x01}},
    {"pinsrq $0x1,%rax,%xmm9", 7, {0x66, 0x4c, 0x0f, 0x3a, 0x22, 0xc8, 0x01}},
    {"pextrq $0x1,%xmm0,%r9", 7, {0x66, 0x49, 0x0f, 0x3a, 0x16, 0xc1, 0x01}},
    {"pextrq $0x1,%xmm10,%rax", 7, {0x66, 0x4c, 0x0f, 0x3a, 0x16, 0xd0, 0x01}},
    {"vaddpd %xmm5,%xmm4,%xmm0", 4, {0xc5, 0xd9, 0x58, 0xc5}},
    {"vmulps %xmm9,%xmm12,%xmm0", 5, {0xc4, 0xc1, 0x18, 0x59, 0xc1}},
    {"vcmpunordpd %xmm0,%xmm0,%xmm3", 5, {0xc5, 0xf9, 0xc2, 0xd8, 0x03}},
    {"vcmpunordps %xmm11,%xmm2,%xmm1", 6, {0xc4, 0xc1, 0x68, 0xc2, 0xcb, 0x03}},
    {"ptest %xmm3,%xmm3", 5, {0x66, 0x0f, 0x38, 0x17, 0xdb}},
    {"ptest %xmm9,%xmm1", 6, {0x66, 0x41, 0x0f, 0x38, 0x17, 0xc9}},
};

/* The bytes GNU as gives for the same instructions. */
START_TEST(test_vex)
{
    X86Asm *a = golden_begin();

    x86_vpacked_rrr(a, X86_PADDD, X86_XMM5, X86_XMM4, X86_XMM12);
    x86_vpacked_rrr(a, X86_PADDQ, X86_XMM8, X86_XMM9, X86_XMM2);
    x86_vpacked_rrr(a, X86_PANDN, X86_XMM7, X86_XMM6, X86_XMM5);
    x86_vpacked_rrr(a, X86_PMULLD, X86_XMM14, X86_XMM13, X86_XMM3);
    x86_vpacked_rrr(a, X86_PCMPGTQ, X86_XMM15, X86_XMM4, X86_XMM11);
    x86_vpacked_rrr(a, X86_PXOR, X86_XMM5, X86_XMM6, X86_XMM7);
    x86_vpshift_ri(a, X86_PSRLD, X86_XMM5, X86_XMM4, 19);
    x86_vpshift_ri(a, X86_PSLLQ, X86_XMM9, X86_XMM12, 3);
    x86_vpshift_ri(a, X86_PSRAW, X86_XMM4, X86_XMM10, 15);
    x86_vsse_rrr(a, X86_ADDSD, X86_XMM0, X86_XMM4, X86_XMM5);
    x86_vsse_rrr(a, X86_SQRTSD, X86_XMM0, X86_XMM12, X86_XMM12);
    x86_vsse_rrr(a, X86_MULSS, X86_XMM0, X86_XMM10, X86_XMM9);
    x86_vsse_rrr(a, X86_DIVSD, X86_XMM0, X86_XMM11, X86_XMM3);
    x86_vsse_rrr(a, X86_SUBSS, X86_XMM1, X86_XMM7, X86_XMM15);
    x86_vpacked_rrr(a, X86_VPSLLVD, X86_XMM5, X86_XMM4, X86_XMM12);
    x86_vpacked_rrr(a, X86_VPSRLVD, X86_XMM8, X86_XMM9, X86_XMM2);
    x86_vpacked_rrr(a, X86_VPSRAVD, X86_XMM1, X86_XMM13, X86_XMM3);
    x86_vpacked_rrr(a, X86_VPSLLVQ, X86_XMM15, X86_XMM4, X86_XMM11);
    x86_vpacked_rrr(a, X86_VPSRLVQ, X86_XMM0, X86_XMM6, X86_XMM5);
    x86_pblendw(a, X86_XMM0, X86_XMM1, 0x55);
    x86_pblendw(a, X86_XMM3, X86_XMM9, 0xaa);
    x86_pinsrq(a, X86_XMM0, X86_R13, 1);
    x86_pinsrq(a, X86_XMM9, X86_RAX, 1);
    x86_pextrq(a, X86_R9, X86_XMM0, 1);
    x86_pextrq(a, X86_RAX, X86_XMM10, 1);
    x86_vpacked_fp(a, X86_FP_ADD, 64, X86_XMM0, X86_XMM4, X86_XMM5);
    x86_vpacked_fp(a, X86_FP_MUL, 32, X86_XMM0, X86_XMM12, X86_XMM9);
    x86_vcmp_unord(a, 64, X86_XMM3, X86_XMM0, X86_XMM0);
    x86_vcmp_unord(a, 32, X86_XMM1, X86_XMM2, X86_XMM11);
    x86_packed_rr(a, X86_PTEST, X86_XMM3, X86_XMM3);
    x86_packed_rr(a, X86_PTEST, X86_XMM1, X86_XMM9);
    golden_check(a, vex_golden, ARRAY_LEN(vex_golden));
}
END_TEST

static const Golden load_golden[] = {
    {"movzbl (%rdi),%eax", 3, {0x0f, 0xb6, 0x07}},
    {"movsbq 0x1(%rsi),%rcx", 5, {0x48, 0x0f, 0xbe, 0x4e, 0x01}},
    {"movsbl -0x1(%r13),%edx", 5, {0x41, 0x0f, 0xbe, 0x55, 0xff}},
    {"movzwl 0x7f(%r12),%r8d", 6, {0x45, 0x0f, 0xb7, 0x44, 0x24, 0x7f}},
    {"movswq 0x80(%rbp),%rax",
     8,
     {0x48, 0x0f, 0xbf, 0x85, 0x80, 0x00, 0x00, 0x00}},
    {"movswl (%rax,%rbx,2),%ecx", 4, {0x0f, 0xbf, 0x0c, 0x58}},
    {"mov 0x0(%r13),%eax", 4, {0x41, 0x8b, 0x45, 0x00}},
    {"movslq (%rsp),%r9", 4, {0x4c, 0x63, 0x0c, 0x24}},
    {"mov 0x4(%rdi),%esi", 3, {0x8b, 0x77, 0x04}},
    {"mov (%r14,%r15,8),%rax", 4, {0x4b, 0x8b, 0x04, 0xfe}},
    {"mov 0x12345678(%rbp,%r12,1),%rdx",
     8,
     {0x4a, 0x8b, 0x94, 0x25, 0x78, 0x56, 0x34, 0x12}},
    {"mov 0x0(%rbp,%rcx,4),%rdi", 5, {0x48, 0x8b, 0x7c, 0x8d, 0x00}},
    {"mov 0x0(%r13,%rax,1),%r8", 5, {0x4d, 0x8b, 0x44, 0x05, 0x00}},
    {"mov (%rsp,%r12,2),%rbx", 4, {0x4a, 0x8b, 0x1c, 0x64}},
    {"mov 0x1000,%rax", 8, {0x48, 0x8b, 0x04, 0x25, 0x00, 0x10, 0x00, 0x00}},
    {"mov 0x8(,%rcx,8),%rax",
     8,
     {0x48, 0x8b, 0x04, 0xcd, 0x08, 0x00, 0x00, 0x00}},
    {"mov (%r12),%r12", 4, {0x4d, 0x8b, 0x24, 0x24}},
    {"mov 0x80(%rsp),%rax",
     8,
     {0x48, 0x8b, 0x84, 0x24, 0x80, 0x00, 0x00, 0x00}},
    {"mov -0x80(%rsp),%rax", 5, {0x48, 0x8b, 0x44, 0x24, 0x80}},
};

START_TEST(test_load)
{
    X86Asm *a = golden_begin();

    x86_load(a, X86_LD_U8, 32, X86_RAX,
             x86_mem(X86_RDI, 0)); /* movzbl (%rdi),%eax */
    x86_load(a, X86_LD_S8, 64, X86_RCX,
             x86_mem(X86_RSI, 1)); /* movsbq 0x1(%rsi),%rcx */
    x86_load(a, X86_LD_S8, 32, X86_RDX,
             x86_mem(X86_R13, -1)); /* movsbl -0x1(%r13),%edx */
    x86_load(a, X86_LD_U16, 32, X86_R8,
             x86_mem(X86_R12, 127)); /* movzwl 0x7f(%r12),%r8d */
    x86_load(a, X86_LD_S16, 64, X86_RAX,
             x86_mem(X86_RBP, 128)); /* movswq 0x80(%rbp),%rax */
    x86_load(
        a, X86_LD_S16, 32, X86_RCX,
        x86_mem_idx(X86_RAX, X86_RBX, 2, 0)); /* movswl (%rax,%rbx,2),%ecx */
    x86_load(a, X86_LD_U32, 32, X86_RAX,
             x86_mem(X86_R13, 0)); /* mov 0x0(%r13),%eax */
    x86_load(a, X86_LD_S32, 64, X86_R9,
             x86_mem(X86_RSP, 0)); /* movslq (%rsp),%r9 */
    x86_load(a, X86_LD_S32, 32, X86_RSI,
             x86_mem(X86_RDI, 4)); /* mov 0x4(%rdi),%esi */
    x86_load(a, X86_LD_64, 64, X86_RAX,
             x86_mem_idx(X86_R14, X86_R15, 8, 0)); /* mov (%r14,%r15,8),%rax */
    x86_load(a, X86_LD_64, 64, X86_RDX,
             x86_mem_idx(X86_RBP, X86_R12, 1,
                         0x12345678)); /* mov 0x12345678(%rbp,%r12,1),%rdx */
    x86_load(
        a, X86_LD_64, 64, X86_RDI,
        x86_mem_idx(X86_RBP, X86_RCX, 4, 0)); /* mov 0x0(%rbp,%rcx,4),%rdi */
    x86_load(
        a, X86_LD_64, 64, X86_R8,
        x86_mem_idx(X86_R13, X86_RAX, 1, 0)); /* mov 0x0(%r13,%rax,1),%r8 */
    x86_load(a, X86_LD_64, 64, X86_RBX,
             x86_mem_idx(X86_RSP, X86_R12, 2, 0)); /* mov (%rsp,%r12,2),%rbx */
    x86_load(a, X86_LD_64, 64, X86_RAX,
             x86_mem_abs(0x1000)); /* mov 0x1000,%rax */
    x86_load(a, X86_LD_64, 64, X86_RAX,
             x86_mem_idx(X86_NOREG, X86_RCX, 8, 8)); /* mov 0x8(,%rcx,8),%rax */
    x86_load(a, X86_LD_64, 64, X86_R12,
             x86_mem(X86_R12, 0)); /* mov (%r12),%r12 */
    x86_load(a, X86_LD_64, 64, X86_RAX,
             x86_mem(X86_RSP, 128)); /* mov 0x80(%rsp),%rax */
    x86_load(a, X86_LD_64, 64, X86_RAX,
             x86_mem(X86_RSP, -128)); /* mov -0x80(%rsp),%rax */
    golden_check(a, load_golden, ARRAY_LEN(load_golden));
}
END_TEST

static const Golden store_golden[] = {
    {"mov %al,(%rdi)", 2, {0x88, 0x07}},
    {"mov %sil,0x1(%rdi)", 4, {0x40, 0x88, 0x77, 0x01}},
    {"mov %r8b,(%rsp)", 4, {0x44, 0x88, 0x04, 0x24}},
    {"mov %cx,0x2(%rbp)", 4, {0x66, 0x89, 0x4d, 0x02}},
    {"mov %r9w,(%r12,%rax,2)", 5, {0x66, 0x45, 0x89, 0x0c, 0x44}},
    {"mov %edx,0x0(%r13)", 4, {0x41, 0x89, 0x55, 0x00}},
    {"mov %rax,-0x8(%rsp)", 5, {0x48, 0x89, 0x44, 0x24, 0xf8}},
    {"mov %r15,0x12345(%rbx,%rsi,8)",
     8,
     {0x4c, 0x89, 0xbc, 0xf3, 0x45, 0x23, 0x01, 0x00}},
    {"movb $0x7f,(%rdi)", 3, {0xc6, 0x07, 0x7f}},
    {"movb $0x1,(%r12)", 5, {0x41, 0xc6, 0x04, 0x24, 0x01}},
    {"movw $0x1234,0x2(%rsi)", 6, {0x66, 0xc7, 0x46, 0x02, 0x34, 0x12}},
    {"movl $0xdeadbeef,(%r12)",
     8,
     {0x41, 0xc7, 0x04, 0x24, 0xef, 0xbe, 0xad, 0xde}},
    {"movq $-0x1,0x8(%rbp)",
     8,
     {0x48, 0xc7, 0x45, 0x08, 0xff, 0xff, 0xff, 0xff}},
    {"lea 0x8(%rdi),%rax", 4, {0x48, 0x8d, 0x47, 0x08}},
    {"lea (%rax,%rbx,1),%ecx", 3, {0x8d, 0x0c, 0x18}},
    {"lea -0x1(%r13,%r12,4),%r8", 5, {0x4f, 0x8d, 0x44, 0xa5, 0xff}},
    {"lea 0x0(,%rax,8),%rdx",
     8,
     {0x48, 0x8d, 0x14, 0xc5, 0x00, 0x00, 0x00, 0x00}},
};

START_TEST(test_store)
{
    X86Asm *a = golden_begin();

    x86_store(a, 8, x86_mem(X86_RDI, 0), X86_RAX);  /* mov %al,(%rdi) */
    x86_store(a, 8, x86_mem(X86_RDI, 1), X86_RSI);  /* mov %sil,0x1(%rdi) */
    x86_store(a, 8, x86_mem(X86_RSP, 0), X86_R8);   /* mov %r8b,(%rsp) */
    x86_store(a, 16, x86_mem(X86_RBP, 2), X86_RCX); /* mov %cx,0x2(%rbp) */
    x86_store(a, 16, x86_mem_idx(X86_R12, X86_RAX, 2, 0),
              X86_R9);                              /* mov %r9w,(%r12,%rax,2) */
    x86_store(a, 32, x86_mem(X86_R13, 0), X86_RDX); /* mov %edx,0x0(%r13) */
    x86_store(a, 64, x86_mem(X86_RSP, -8), X86_RAX); /* mov %rax,-0x8(%rsp) */
    x86_store(a, 64, x86_mem_idx(X86_RBX, X86_RSI, 8, 0x12345),
              X86_R15); /* mov %r15,0x12345(%rbx,%rsi,8) */
    x86_store_imm(a, 8, x86_mem(X86_RDI, 0), 0x7f); /* movb $0x7f,(%rdi) */
    x86_store_imm(a, 8, x86_mem(X86_R12, 0), 1);    /* movb $0x1,(%r12) */
    x86_store_imm(a, 16, x86_mem(X86_RSI, 2),
                  0x1234); /* movw $0x1234,0x2(%rsi) */
    x86_store_imm(a, 32, x86_mem(X86_R12, 0),
                  (int32_t)0xdeadbeef);            /* movl $0xdeadbeef,(%r12) */
    x86_store_imm(a, 64, x86_mem(X86_RBP, 8), -1); /* movq $-0x1,0x8(%rbp) */
    x86_lea(a, 64, X86_RAX, x86_mem(X86_RDI, 8));  /* lea 0x8(%rdi),%rax */
    x86_lea(a, 32, X86_RCX,
            x86_mem_idx(X86_RAX, X86_RBX, 1, 0)); /* lea (%rax,%rbx,1),%ecx */
    x86_lea(
        a, 64, X86_R8,
        x86_mem_idx(X86_R13, X86_R12, 4, -1)); /* lea -0x1(%r13,%r12,4),%r8 */
    x86_lea(a, 64, X86_RDX,
            x86_mem_idx(X86_NOREG, X86_RAX, 8, 0)); /* lea 0x0(,%rax,8),%rdx */
    golden_check(a, store_golden, ARRAY_LEN(store_golden));
}
END_TEST

static const Golden flags_golden[] = {
    {"sete %al", 3, {0x0f, 0x94, 0xc0}},
    {"setne %sil", 4, {0x40, 0x0f, 0x95, 0xc6}},
    {"setb %r10b", 4, {0x41, 0x0f, 0x92, 0xc2}},
    {"setg %bl", 3, {0x0f, 0x9f, 0xc3}},
    {"seto %bpl", 4, {0x40, 0x0f, 0x90, 0xc5}},
    {"cmove %rsi,%rax", 4, {0x48, 0x0f, 0x44, 0xc6}},
    {"cmovl %r9d,%ecx", 4, {0x41, 0x0f, 0x4c, 0xc9}},
    {"cmova %r15,%r14", 4, {0x4d, 0x0f, 0x47, 0xf7}},
};

START_TEST(test_flags)
{
    X86Asm *a = golden_begin();

    x86_setcc(a, X86_CC_E, X86_RAX);             /* sete %al */
    x86_setcc(a, X86_CC_NE, X86_RSI);            /* setne %sil */
    x86_setcc(a, X86_CC_B, X86_R10);             /* setb %r10b */
    x86_setcc(a, X86_CC_G, X86_RBX);             /* setg %bl */
    x86_setcc(a, X86_CC_O, X86_RBP);             /* seto %bpl */
    x86_cmov(a, 64, X86_CC_E, X86_RAX, X86_RSI); /* cmove %rsi,%rax */
    x86_cmov(a, 32, X86_CC_L, X86_RCX, X86_R9);  /* cmovl %r9d,%ecx */
    x86_cmov(a, 64, X86_CC_A, X86_R14, X86_R15); /* cmova %r15,%r14 */
    golden_check(a, flags_golden, ARRAY_LEN(flags_golden));
}
END_TEST

static const Golden branch_golden[] = {
    {"{disp32} jne 1f; 1:", 6, {0x0f, 0x85, 0x00, 0x00, 0x00, 0x00}},
    {"{disp32} jmp 1f; 1:", 5, {0xe9, 0x00, 0x00, 0x00, 0x00}},
    {"jmp .+0x12", 2, {0xeb, 0x10}},
    {"jmp .+0x81", 2, {0xeb, 0x7f}},
    {"jmp .+0x82", 5, {0xe9, 0x7d, 0x00, 0x00, 0x00}},
    {"jmp .-0x7e", 2, {0xeb, 0x80}},
    {"jmp .-0x7f", 5, {0xe9, 0x7c, 0xff, 0xff, 0xff}},
    {"jmp .+0x12345678", 5, {0xe9, 0x73, 0x56, 0x34, 0x12}},
    {"je .+0x10", 2, {0x74, 0x0e}},
    {"jl .-0x100", 6, {0x0f, 0x8c, 0xfa, 0xfe, 0xff, 0xff}},
    {"jbe .", 2, {0x76, 0xfe}},
    {"jmp *%rax", 2, {0xff, 0xe0}},
    {"jmp *%r11", 3, {0x41, 0xff, 0xe3}},
    {"jmp *0x8(%r8)", 4, {0x41, 0xff, 0x60, 0x08}},
    {"jmp *0x208(%rax)", 6, {0xff, 0xa0, 0x08, 0x02, 0x00, 0x00}},
    {"lea 0x10(%rip),%r11", 7, {0x4c, 0x8d, 0x1d, 0x10, 0x00, 0x00, 0x00}},
    {"lea -0x20(%rip),%rax", 7, {0x48, 0x8d, 0x05, 0xe0, 0xff, 0xff, 0xff}},
    {"call *%rbx", 2, {0xff, 0xd3}},
    {"call *%r11", 3, {0x41, 0xff, 0xd3}},
    {"call .+0x1000", 5, {0xe8, 0xfb, 0x0f, 0x00, 0x00}},
    {"call .-0x10000", 5, {0xe8, 0xfb, 0xff, 0xfe, 0xff}},
};

START_TEST(test_branch)
{
    X86Asm *a = golden_begin();

    x86_jcc32(a, X86_CC_NE);                  /* {disp32} jne 1f; 1: */
    x86_jmp32(a);                             /* {disp32} jmp 1f; 1: */
    x86_jmp_to(a, at(a, 0x12));               /* jmp .+0x12 */
    x86_jmp_to(a, at(a, 0x81));               /* jmp .+0x81 */
    x86_jmp_to(a, at(a, 0x82));               /* jmp .+0x82 */
    x86_jmp_to(a, at(a, -0x7e));              /* jmp .-0x7e */
    x86_jmp_to(a, at(a, -0x7f));              /* jmp .-0x7f */
    x86_jmp_to(a, at(a, 0x12345678));         /* jmp .+0x12345678 */
    x86_jcc_to(a, X86_CC_E, at(a, 0x10));     /* je .+0x10 */
    x86_jcc_to(a, X86_CC_L, at(a, -0x100));   /* jl .-0x100 */
    x86_jcc_to(a, X86_CC_BE, at(a, 0));       /* jbe . */
    x86_jmp_r(a, X86_RAX);                    /* jmp *%rax */
    x86_jmp_r(a, X86_R11);                    /* jmp *%r11 */
    x86_jmp_m(a, x86_mem(X86_R8, 8));         /* jmp *0x8(%r8) */
    x86_jmp_m(a, x86_mem(X86_RAX, 0x208));    /* jmp *0x208(%rax) */
    x86_lea_rip(a, X86_R11, at(a, 7 + 0x10)); /* lea 0x10(%rip),%r11 */
    x86_lea_rip(a, X86_RAX, at(a, 7 - 0x20)); /* lea -0x20(%rip),%rax */
    x86_call_r(a, X86_RBX);                   /* call *%rbx */
    x86_call_r(a, X86_R11);                   /* call *%r11 */
    x86_call_abs(a, at(a, 0x1000));           /* call .+0x1000 */
    x86_call_abs(a, at(a, -0x10000));         /* call .-0x10000 */
    golden_check(a, branch_golden, ARRAY_LEN(branch_golden));
}
END_TEST

static const Golden branch_far_golden[] = {
    {"movabs $0x123456789000,%r11; call *%r11",
     13,
     {0x49, 0xbb, 0x00, 0x90, 0x78, 0x56, 0x34, 0x12, 0x00, 0x00, 0x41, 0xff,
      0xd3}},
    {"jmp *0x0(%rip); .quad 0x123456789000",
     14,
     {0xff, 0x25, 0x00, 0x00, 0x00, 0x00, 0x00, 0x90, 0x78, 0x56, 0x34, 0x12,
      0x00, 0x00}},
    {"jae .+16; jmp *0x0(%rip); .quad 0x123456789000",
     16,
     {0x73, 0x0e, 0xff, 0x25, 0x00, 0x00, 0x00, 0x00, 0x00, 0x90, 0x78, 0x56,
      0x34, 0x12, 0x00, 0x00}},
};

START_TEST(test_branch_far)
{
    X86Asm *a = golden_begin();

    x86_call_abs(a, far_target); /* movabs $0x123456789000,%r11; call *%r11 */
    x86_jmp_to(a, far_target);   /* jmp *0x0(%rip); .quad 0x123456789000 */
    x86_jcc_to(a, X86_CC_B,
               far_target); /* jae .+16; jmp *0x0(%rip); .quad 0x123456789000 */
    golden_check(a, branch_far_golden, ARRAY_LEN(branch_far_golden));
}
END_TEST

static const Golden misc_golden[] = {
    {"push %rbp", 1, {0x55}},
    {"push %r12", 2, {0x41, 0x54}},
    {"pop %rbx", 1, {0x5b}},
    {"pop %r15", 2, {0x41, 0x5f}},
    {"ret", 1, {0xc3}},
    {"mfence", 3, {0x0f, 0xae, 0xf0}},
    {"ud2", 2, {0x0f, 0x0b}},
    {"int3", 1, {0xcc}},
    {"nop", 1, {0x90}},
    {"xchg %ax,%ax", 2, {0x66, 0x90}},
    {"nopl (%rax)", 3, {0x0f, 0x1f, 0x00}},
    {"{disp8} nopl 0x0(%rax)", 4, {0x0f, 0x1f, 0x40, 0x00}},
    {"{disp8} nopl 0x0(%rax,%rax,1)", 5, {0x0f, 0x1f, 0x44, 0x00, 0x00}},
    {"{disp8} nopw 0x0(%rax,%rax,1)", 6, {0x66, 0x0f, 0x1f, 0x44, 0x00, 0x00}},
    {"{disp32} nopl 0x0(%rax)", 7, {0x0f, 0x1f, 0x80, 0x00, 0x00, 0x00, 0x00}},
    {"{disp32} nopl 0x0(%rax,%rax,1)",
     8,
     {0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00}},
    {"{disp32} nopw 0x0(%rax,%rax,1)",
     9,
     {0x66, 0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00}},
};

START_TEST(test_misc)
{
    X86Asm *a = golden_begin();

    x86_push(a, X86_RBP); /* push %rbp */
    x86_push(a, X86_R12); /* push %r12 */
    x86_pop(a, X86_RBX);  /* pop %rbx */
    x86_pop(a, X86_R15);  /* pop %r15 */
    x86_ret(a);           /* ret */
    x86_mfence(a);        /* mfence */
    x86_ud2(a);           /* ud2 */
    x86_int3(a);          /* int3 */
    x86_nop(a, 1);        /* nop */
    x86_nop(a, 2);        /* xchg %ax,%ax */
    x86_nop(a, 3);        /* nopl (%rax) */
    x86_nop(a, 4);        /* {disp8} nopl 0x0(%rax) */
    x86_nop(a, 5);        /* {disp8} nopl 0x0(%rax,%rax,1) */
    x86_nop(a, 6);        /* {disp8} nopw 0x0(%rax,%rax,1) */
    x86_nop(a, 7);        /* {disp32} nopl 0x0(%rax) */
    x86_nop(a, 8);        /* {disp32} nopl 0x0(%rax,%rax,1) */
    x86_nop(a, 9);        /* {disp32} nopw 0x0(%rax,%rax,1) */
    golden_check(a, misc_golden, ARRAY_LEN(misc_golden));
}
END_TEST

static const Golden atomic_golden[] = {
    {"lock cmpxchg %rcx,(%rdi)", 5, {0xf0, 0x48, 0x0f, 0xb1, 0x0f}},
    {"lock cmpxchg %esi,0x8(%r12)",
     7,
     {0xf0, 0x41, 0x0f, 0xb1, 0x74, 0x24, 0x08}},
    {"lock cmpxchg %cx,(%rdi)", 5, {0x66, 0xf0, 0x0f, 0xb1, 0x0f}},
    {"lock cmpxchg %sil,(%rdx)", 5, {0xf0, 0x40, 0x0f, 0xb0, 0x32}},
    {"lock cmpxchg16b (%rsi)", 5, {0xf0, 0x48, 0x0f, 0xc7, 0x0e}},
    {"lock cmpxchg16b 0x10(%r13)", 6, {0xf0, 0x49, 0x0f, 0xc7, 0x4d, 0x10}},
    {"xchg %rax,(%rdi)", 3, {0x48, 0x87, 0x07}},
    {"xchg %r8d,(%rsp)", 4, {0x44, 0x87, 0x04, 0x24}},
    {"xchg %dil,(%rax)", 3, {0x40, 0x86, 0x38}},
    {"xchg %dx,(%rbx)", 3, {0x66, 0x87, 0x13}},
    {"lock xadd %rax,(%rdi)", 5, {0xf0, 0x48, 0x0f, 0xc1, 0x07}},
    {"lock xadd %r9b,(%rcx)", 5, {0xf0, 0x44, 0x0f, 0xc0, 0x09}},
    {"lock add %rax,(%rdi)", 4, {0xf0, 0x48, 0x01, 0x07}},
    {"lock or %ecx,0x4(%rbp)", 4, {0xf0, 0x09, 0x4d, 0x04}},
    {"lock and %r10,(%r12,%rcx,8)", 5, {0xf0, 0x4d, 0x21, 0x14, 0xcc}},
    {"lock xor %sil,(%rdi)", 4, {0xf0, 0x40, 0x30, 0x37}},
    {"lock sub %eax,(%rdx)", 3, {0xf0, 0x29, 0x02}},
};

START_TEST(test_atomic)
{
    X86Asm *a = golden_begin();

    x86_lock_cmpxchg(a, 64, x86_mem(X86_RDI, 0),
                     X86_RCX); /* lock cmpxchg %rcx,(%rdi) */
    x86_lock_cmpxchg(a, 32, x86_mem(X86_R12, 8),
                     X86_RSI); /* lock cmpxchg %esi,0x8(%r12) */
    x86_lock_cmpxchg(a, 16, x86_mem(X86_RDI, 0),
                     X86_RCX); /* lock cmpxchg %cx,(%rdi) */
    x86_lock_cmpxchg(a, 8, x86_mem(X86_RDX, 0),
                     X86_RSI);                   /* lock cmpxchg %sil,(%rdx) */
    x86_lock_cmpxchg16b(a, x86_mem(X86_RSI, 0)); /* lock cmpxchg16b (%rsi) */
    x86_lock_cmpxchg16b(
        a, x86_mem(X86_R13, 0x10)); /* lock cmpxchg16b 0x10(%r13) */
    x86_xchg_mr(a, 64, x86_mem(X86_RDI, 0), X86_RAX); /* xchg %rax,(%rdi) */
    x86_xchg_mr(a, 32, x86_mem(X86_RSP, 0), X86_R8);  /* xchg %r8d,(%rsp) */
    x86_xchg_mr(a, 8, x86_mem(X86_RAX, 0), X86_RDI);  /* xchg %dil,(%rax) */
    x86_xchg_mr(a, 16, x86_mem(X86_RBX, 0), X86_RDX); /* xchg %dx,(%rbx) */
    x86_lock_xadd(a, 64, x86_mem(X86_RDI, 0),
                  X86_RAX); /* lock xadd %rax,(%rdi) */
    x86_lock_xadd(a, 8, x86_mem(X86_RCX, 0),
                  X86_R9); /* lock xadd %r9b,(%rcx) */
    x86_lock_alu_mr(a, 64, X86_ADD, x86_mem(X86_RDI, 0),
                    X86_RAX); /* lock add %rax,(%rdi) */
    x86_lock_alu_mr(a, 32, X86_OR, x86_mem(X86_RBP, 4),
                    X86_RCX); /* lock or %ecx,0x4(%rbp) */
    x86_lock_alu_mr(a, 64, X86_AND, x86_mem_idx(X86_R12, X86_RCX, 8, 0),
                    X86_R10); /* lock and %r10,(%r12,%rcx,8) */
    x86_lock_alu_mr(a, 8, X86_XOR, x86_mem(X86_RDI, 0),
                    X86_RSI); /* lock xor %sil,(%rdi) */
    x86_lock_alu_mr(a, 32, X86_SUB, x86_mem(X86_RDX, 0),
                    X86_RAX); /* lock sub %eax,(%rdx) */
    golden_check(a, atomic_golden, ARRAY_LEN(atomic_golden));
}
END_TEST

static const Golden sse_golden[] = {
    {"movq %rax,%xmm0", 5, {0x66, 0x48, 0x0f, 0x6e, 0xc0}},
    {"movd %r9d,%xmm10", 5, {0x66, 0x45, 0x0f, 0x6e, 0xd1}},
    {"movq %xmm15,%rdi", 5, {0x66, 0x4c, 0x0f, 0x7e, 0xff}},
    {"movd %xmm1,%eax", 4, {0x66, 0x0f, 0x7e, 0xc8}},
    {"movaps %xmm1,%xmm9", 4, {0x44, 0x0f, 0x28, 0xc9}},
    {"xorps %xmm2,%xmm2", 3, {0x0f, 0x57, 0xd2}},
    {"movsd (%rdi),%xmm1", 4, {0xf2, 0x0f, 0x10, 0x0f}},
    {"movsd %xmm8,0x8(%rsp)", 7, {0xf2, 0x44, 0x0f, 0x11, 0x44, 0x24, 0x08}},
    {"movss 0x4(%r13),%xmm2", 6, {0xf3, 0x41, 0x0f, 0x10, 0x55, 0x04}},
    {"movss %xmm3,(%rax)", 4, {0xf3, 0x0f, 0x11, 0x18}},
    {"addsd %xmm1,%xmm0", 4, {0xf2, 0x0f, 0x58, 0xc1}},
    {"subsd %xmm9,%xmm8", 5, {0xf2, 0x45, 0x0f, 0x5c, 0xc1}},
    {"mulss %xmm2,%xmm3", 4, {0xf3, 0x0f, 0x59, 0xda}},
    {"divss (%rsi),%xmm4", 4, {0xf3, 0x0f, 0x5e, 0x26}},
    {"sqrtsd %xmm1,%xmm1", 4, {0xf2, 0x0f, 0x51, 0xc9}},
    {"minsd %xmm3,%xmm2", 4, {0xf2, 0x0f, 0x5d, 0xd3}},
    {"maxss %xmm12,%xmm5", 5, {0xf3, 0x41, 0x0f, 0x5f, 0xec}},
    {"ucomisd %xmm1,%xmm0", 4, {0x66, 0x0f, 0x2e, 0xc1}},
    {"ucomiss %xmm11,%xmm2", 4, {0x41, 0x0f, 0x2e, 0xd3}},
    {"comisd %xmm1,%xmm0", 4, {0x66, 0x0f, 0x2f, 0xc1}},
    {"comiss %xmm11,%xmm2", 4, {0x41, 0x0f, 0x2f, 0xd3}},
    {"vfmadd231sd %xmm2,%xmm1,%xmm0", 5, {0xc4, 0xe2, 0xf1, 0xb9, 0xc2}},
    {"vfmadd231ss %xmm2,%xmm1,%xmm0", 5, {0xc4, 0xe2, 0x71, 0xb9, 0xc2}},
    {"vfnmadd231sd %xmm2,%xmm1,%xmm0", 5, {0xc4, 0xe2, 0xf1, 0xbd, 0xc2}},
    {"vfmsub231sd %xmm2,%xmm1,%xmm0", 5, {0xc4, 0xe2, 0xf1, 0xbb, 0xc2}},
    {"vfnmsub231ss %xmm2,%xmm1,%xmm0", 5, {0xc4, 0xe2, 0x71, 0xbf, 0xc2}},
    {"vfmadd231sd %xmm10,%xmm9,%xmm8", 5, {0xc4, 0x42, 0xb1, 0xb9, 0xc2}},
    {"cvtsd2ss %xmm1,%xmm0", 4, {0xf2, 0x0f, 0x5a, 0xc1}},
    {"cvtsi2sdq %rax,%xmm0", 5, {0xf2, 0x48, 0x0f, 0x2a, 0xc0}},
    {"cvtsi2ssl %r8d,%xmm1", 5, {0xf3, 0x41, 0x0f, 0x2a, 0xc8}},
    {"cvttsd2si %xmm0,%rax", 5, {0xf2, 0x48, 0x0f, 0x2c, 0xc0}},
    {"cvttss2si %xmm9,%ecx", 5, {0xf3, 0x41, 0x0f, 0x2c, 0xc9}},
    {"roundsd $4,%xmm1,%xmm0", 6, {0x66, 0x0f, 0x3a, 0x0b, 0xc1, 0x04}},
    {"roundss $11,%xmm9,%xmm2", 7, {0x66, 0x41, 0x0f, 0x3a, 0x0a, 0xd1, 0x0b}},
    {"crc32b %sil,%eax", 6, {0xf2, 0x40, 0x0f, 0x38, 0xf0, 0xc6}},
    {"crc32b %r9b,%r10d", 6, {0xf2, 0x45, 0x0f, 0x38, 0xf0, 0xd1}},
    {"crc32w %cx,%edx", 6, {0x66, 0xf2, 0x0f, 0x38, 0xf1, 0xd1}},
    {"crc32l %r8d,%eax", 6, {0xf2, 0x41, 0x0f, 0x38, 0xf1, 0xc0}},
    {"crc32q %rbx,%rax", 6, {0xf2, 0x48, 0x0f, 0x38, 0xf1, 0xc3}},
    {"crc32q %rdi,%r11", 6, {0xf2, 0x4c, 0x0f, 0x38, 0xf1, 0xdf}},
};

START_TEST(test_sse)
{
    X86Asm *a = golden_begin();

    x86_movq_xr(a, 64, X86_XMM0, X86_RAX);            /* movq %rax,%xmm0 */
    x86_movq_xr(a, 32, X86_XMM10, X86_R9);            /* movd %r9d,%xmm10 */
    x86_movq_rx(a, 64, X86_RDI, X86_XMM15);           /* movq %xmm15,%rdi */
    x86_movq_rx(a, 32, X86_RAX, X86_XMM1);            /* movd %xmm1,%eax */
    x86_movaps_rr(a, X86_XMM9, X86_XMM1);             /* movaps %xmm1,%xmm9 */
    x86_xorps_rr(a, X86_XMM2, X86_XMM2);              /* xorps %xmm2,%xmm2 */
    x86_movsd_load(a, X86_XMM1, x86_mem(X86_RDI, 0)); /* movsd (%rdi),%xmm1 */
    x86_movsd_store(a, x86_mem(X86_RSP, 8),
                    X86_XMM8); /* movsd %xmm8,0x8(%rsp) */
    x86_movss_load(a, X86_XMM2,
                   x86_mem(X86_R13, 4)); /* movss 0x4(%r13),%xmm2 */
    x86_movss_store(a, x86_mem(X86_RAX, 0), X86_XMM3); /* movss %xmm3,(%rax) */
    x86_sse_rr(a, X86_ADDSD, X86_XMM0, X86_XMM1);      /* addsd %xmm1,%xmm0 */
    x86_sse_rr(a, X86_SUBSD, X86_XMM8, X86_XMM9);      /* subsd %xmm9,%xmm8 */
    x86_sse_rr(a, X86_MULSS, X86_XMM3, X86_XMM2);      /* mulss %xmm2,%xmm3 */
    x86_sse_rm(a, X86_DIVSS, X86_XMM4,
               x86_mem(X86_RSI, 0));                 /* divss (%rsi),%xmm4 */
    x86_sse_rr(a, X86_SQRTSD, X86_XMM1, X86_XMM1);   /* sqrtsd %xmm1,%xmm1 */
    x86_sse_rr(a, X86_MINSD, X86_XMM2, X86_XMM3);    /* minsd %xmm3,%xmm2 */
    x86_sse_rr(a, X86_MAXSS, X86_XMM5, X86_XMM12);   /* maxss %xmm12,%xmm5 */
    x86_sse_rr(a, X86_UCOMISD, X86_XMM0, X86_XMM1);  /* ucomisd %xmm1,%xmm0 */
    x86_sse_rr(a, X86_UCOMISS, X86_XMM2, X86_XMM11); /* ucomiss %xmm11,%xmm2 */
    x86_sse_rr(a, X86_COMISD, X86_XMM0, X86_XMM1);
    x86_sse_rr(a, X86_COMISS, X86_XMM2, X86_XMM11);
    x86_vfma231(a, X86_VFMADD231, 64, X86_XMM0, X86_XMM1, X86_XMM2);
    x86_vfma231(a, X86_VFMADD231, 32, X86_XMM0, X86_XMM1, X86_XMM2);
    x86_vfma231(a, X86_VFNMADD231, 64, X86_XMM0, X86_XMM1, X86_XMM2);
    x86_vfma231(a, X86_VFMSUB231, 64, X86_XMM0, X86_XMM1, X86_XMM2);
    x86_vfma231(a, X86_VFNMSUB231, 32, X86_XMM0, X86_XMM1, X86_XMM2);
    x86_vfma231(a, X86_VFMADD231, 64, X86_XMM8, X86_XMM9, X86_XMM10);
    x86_sse_rr(a, X86_CVTSD2SS, X86_XMM0, X86_XMM1); /* cvtsd2ss %xmm1,%xmm0 */
    x86_cvtsi2sd(a, 64, X86_XMM0, X86_RAX);          /* cvtsi2sdq %rax,%xmm0 */
    x86_cvtsi2ss(a, 32, X86_XMM1, X86_R8);           /* cvtsi2ssl %r8d,%xmm1 */
    x86_cvttsd2si(a, 64, X86_RAX, X86_XMM0);         /* cvttsd2si %xmm0,%rax */
    x86_cvttss2si(a, 32, X86_RCX, X86_XMM9);         /* cvttss2si %xmm9,%ecx */
    x86_round_scalar(a, 64, X86_XMM0, X86_XMM1, 4);  /* roundsd $4 */
    x86_round_scalar(a, 32, X86_XMM2, X86_XMM9, 11); /* roundss $11 */
    x86_crc32(a, 8, X86_RAX, X86_RSI);               /* crc32b %sil,%eax */
    x86_crc32(a, 8, X86_R10, X86_R9);                /* crc32b %r9b,%r10d */
    x86_crc32(a, 16, X86_RDX, X86_RCX);              /* crc32w %cx,%edx */
    x86_crc32(a, 32, X86_RAX, X86_R8);               /* crc32l %r8d,%eax */
    x86_crc32(a, 64, X86_RAX, X86_RBX);              /* crc32q %rbx,%rax */
    x86_crc32(a, 64, X86_R11, X86_RDI);              /* crc32q %rdi,%r11 */
    golden_check(a, sse_golden, ARRAY_LEN(sse_golden));
}
END_TEST

static const Golden packed_golden[] = {
    {"paddb %xmm1,%xmm0", 4, {0x66, 0x0f, 0xfc, 0xc1}},
    {"paddq %xmm15,%xmm8", 5, {0x66, 0x45, 0x0f, 0xd4, 0xc7}},
    {"psubd %xmm3,%xmm2", 4, {0x66, 0x0f, 0xfa, 0xd3}},
    {"pmullw %xmm1,%xmm0", 4, {0x66, 0x0f, 0xd5, 0xc1}},
    {"pmuludq %xmm9,%xmm1", 5, {0x66, 0x41, 0x0f, 0xf4, 0xc9}},
    {"pandn %xmm0,%xmm1", 4, {0x66, 0x0f, 0xdf, 0xc8}},
    {"pxor %xmm2,%xmm2", 4, {0x66, 0x0f, 0xef, 0xd2}},
    {"pcmpeqd %xmm1,%xmm0", 4, {0x66, 0x0f, 0x76, 0xc1}},
    {"pcmpgtb %xmm0,%xmm3", 4, {0x66, 0x0f, 0x64, 0xd8}},
    {"pmaxub %xmm1,%xmm0", 4, {0x66, 0x0f, 0xde, 0xc1}},
    {"punpcklqdq %xmm1,%xmm0", 4, {0x66, 0x0f, 0x6c, 0xc1}},
    {"punpckhbw %xmm1,%xmm0", 4, {0x66, 0x0f, 0x68, 0xc1}},
    {"packuswb %xmm1,%xmm0", 4, {0x66, 0x0f, 0x67, 0xc1}},
    {"packssdw %xmm2,%xmm0", 4, {0x66, 0x0f, 0x6b, 0xc2}},
    {"pshufb %xmm1,%xmm0", 5, {0x66, 0x0f, 0x38, 0x00, 0xc1}},
    {"pabsd %xmm12,%xmm0", 6, {0x66, 0x41, 0x0f, 0x38, 0x1e, 0xc4}},
    {"pmulld %xmm1,%xmm0", 5, {0x66, 0x0f, 0x38, 0x40, 0xc1}},
    {"pmuldq %xmm1,%xmm0", 5, {0x66, 0x0f, 0x38, 0x28, 0xc1}},
    {"pminsb %xmm1,%xmm10", 6, {0x66, 0x44, 0x0f, 0x38, 0x38, 0xd1}},
    {"pmaxud %xmm1,%xmm0", 5, {0x66, 0x0f, 0x38, 0x3f, 0xc1}},
    {"pcmpeqq %xmm1,%xmm0", 5, {0x66, 0x0f, 0x38, 0x29, 0xc1}},
    {"pcmpgtq %xmm1,%xmm0", 5, {0x66, 0x0f, 0x38, 0x37, 0xc1}},
    {"psubusb %xmm1,%xmm0", 4, {0x66, 0x0f, 0xd8, 0xc1}},
    {"psubusw %xmm9,%xmm2", 5, {0x66, 0x41, 0x0f, 0xd9, 0xd1}},
    {"pmaddwd %xmm1,%xmm0", 4, {0x66, 0x0f, 0xf5, 0xc1}},
    {"psadbw %xmm1,%xmm8", 5, {0x66, 0x44, 0x0f, 0xf6, 0xc1}},
    {"pmaddubsw %xmm1,%xmm0", 5, {0x66, 0x0f, 0x38, 0x04, 0xc1}},
    {"pmaddubsw %xmm10,%xmm3", 6, {0x66, 0x41, 0x0f, 0x38, 0x04, 0xda}},
    {"pmulhrsw %xmm1,%xmm0", 5, {0x66, 0x0f, 0x38, 0x0b, 0xc1}},
    {"pmovsxbw %xmm0,%xmm0", 5, {0x66, 0x0f, 0x38, 0x20, 0xc0}},
    {"pmovsxwd %xmm1,%xmm2", 5, {0x66, 0x0f, 0x38, 0x23, 0xd1}},
    {"pmovsxdq %xmm11,%xmm0", 6, {0x66, 0x41, 0x0f, 0x38, 0x25, 0xc3}},
    {"pmovzxbw %xmm0,%xmm9", 6, {0x66, 0x44, 0x0f, 0x38, 0x30, 0xc8}},
    {"pmovzxwd %xmm1,%xmm0", 5, {0x66, 0x0f, 0x38, 0x33, 0xc1}},
    {"pmovzxdq %xmm3,%xmm3", 5, {0x66, 0x0f, 0x38, 0x35, 0xdb}},
    {"paddd 0x10(%r14),%xmm1", 6, {0x66, 0x41, 0x0f, 0xfe, 0x4e, 0x10}},
    {"pminud 0x120(%r14),%xmm0",
     10,
     {0x66, 0x41, 0x0f, 0x38, 0x3b, 0x86, 0x20, 0x01, 0x00, 0x00}},
    {"movdqu 0x110(%r14),%xmm0",
     9,
     {0xf3, 0x41, 0x0f, 0x6f, 0x86, 0x10, 0x01, 0x00, 0x00}},
    {"movdqu %xmm1,0x20(%r14)", 6, {0xf3, 0x41, 0x0f, 0x7f, 0x4e, 0x20}},
    {"movdqu (%rsp),%xmm9", 6, {0xf3, 0x44, 0x0f, 0x6f, 0x0c, 0x24}},
    {"movdqa (%rax),%xmm1", 4, {0x66, 0x0f, 0x6f, 0x08}},
    {"movdqa %xmm10,(%rdx,%r15,1)", 6, {0x66, 0x46, 0x0f, 0x7f, 0x14, 0x3a}},
    {"movq 0x18(%r14),%xmm2", 6, {0xf3, 0x41, 0x0f, 0x7e, 0x56, 0x18}},
    {"movq %xmm3,0x200(%r14)",
     9,
     {0x66, 0x41, 0x0f, 0xd6, 0x9e, 0x00, 0x02, 0x00, 0x00}},
    {"movq %xmm8,(%rax)", 5, {0x66, 0x44, 0x0f, 0xd6, 0x00}},
    {"movhps 0x178(%r14),%xmm0",
     8,
     {0x41, 0x0f, 0x16, 0x86, 0x78, 0x01, 0x00, 0x00}},
    {"movhps 0x8(%rax),%xmm9", 5, {0x44, 0x0f, 0x16, 0x48, 0x08}},
    {"pshufd $0x1b,%xmm1,%xmm0", 5, {0x66, 0x0f, 0x70, 0xc1, 0x1b}},
    {"pshuflw $0x0,%xmm0,%xmm0", 5, {0xf2, 0x0f, 0x70, 0xc0, 0x00}},
    {"pshufhw $0xb1,%xmm11,%xmm0", 6, {0xf3, 0x41, 0x0f, 0x70, 0xc3, 0xb1}},
    {"shufps $0x88,%xmm1,%xmm0", 4, {0x0f, 0xc6, 0xc1, 0x88}},
    {"psllw $0x3,%xmm0", 5, {0x66, 0x0f, 0x71, 0xf0, 0x03}},
    {"psraw $0xf,%xmm1", 5, {0x66, 0x0f, 0x71, 0xe1, 0x0f}},
    {"psrld $0x1f,%xmm9", 6, {0x66, 0x41, 0x0f, 0x72, 0xd1, 0x1f}},
    {"psrad $0x10,%xmm2", 5, {0x66, 0x0f, 0x72, 0xe2, 0x10}},
    {"pslld $0x10,%xmm2", 5, {0x66, 0x0f, 0x72, 0xf2, 0x10}},
    {"psrlq $0x20,%xmm0", 5, {0x66, 0x0f, 0x73, 0xd0, 0x20}},
    {"psllq $0x3f,%xmm1", 5, {0x66, 0x0f, 0x73, 0xf1, 0x3f}},
    {"psrldq $0x8,%xmm1", 5, {0x66, 0x0f, 0x73, 0xd9, 0x08}},
    {"pslldq $0x4,%xmm15", 6, {0x66, 0x41, 0x0f, 0x73, 0xff, 0x04}},
};

/* Checked against GNU as. */
static const Golden packed_fp_golden[] = {
    {"addps %xmm1,%xmm0", 3, {0x0f, 0x58, 0xc1}},
    {"addpd %xmm9,%xmm8", 5, {0x66, 0x45, 0x0f, 0x58, 0xc1}},
    {"subps %xmm1,%xmm0", 3, {0x0f, 0x5c, 0xc1}},
    {"mulpd %xmm1,%xmm0", 4, {0x66, 0x0f, 0x59, 0xc1}},
    {"divps %xmm3,%xmm2", 3, {0x0f, 0x5e, 0xd3}},
    {"cmpunordps %xmm3,%xmm3", 4, {0x0f, 0xc2, 0xdb, 0x03}},
    {"cmpunordpd %xmm10,%xmm3", 6, {0x66, 0x41, 0x0f, 0xc2, 0xda, 0x03}},
    {"pmovmskb %xmm3,%r11d", 5, {0x66, 0x44, 0x0f, 0xd7, 0xdb}},
    {"vfmadd231ps %xmm1,%xmm0,%xmm2", 5, {0xc4, 0xe2, 0x79, 0xb8, 0xd1}},
    {"vfmadd231pd %xmm9,%xmm8,%xmm10", 5, {0xc4, 0x42, 0xb9, 0xb8, 0xd1}},
    {"vfnmadd231ps %xmm1,%xmm0,%xmm2", 5, {0xc4, 0xe2, 0x79, 0xbc, 0xd1}},
    {"movq %xmm4,%xmm0", 4, {0xf3, 0x0f, 0x7e, 0xc4}},
    {"movss %xmm0,%xmm3", 4, {0xf3, 0x0f, 0x10, 0xd8}},
};

START_TEST(test_packed_fp)
{
    X86Asm *a = golden_begin();

    x86_packed_fp(a, X86_FP_ADD, 32, X86_XMM0, X86_XMM1);
    x86_packed_fp(a, X86_FP_ADD, 64, X86_XMM8, X86_XMM9);
    x86_packed_fp(a, X86_FP_SUB, 32, X86_XMM0, X86_XMM1);
    x86_packed_fp(a, X86_FP_MUL, 64, X86_XMM0, X86_XMM1);
    x86_packed_fp(a, X86_FP_DIV, 32, X86_XMM2, X86_XMM3);
    x86_cmp_unord(a, 32, X86_XMM3, X86_XMM3);
    x86_cmp_unord(a, 64, X86_XMM3, X86_XMM10);
    x86_pmovmskb(a, X86_R11, X86_XMM3);
    x86_vfma231_packed(a, X86_VFMADD231, 32, X86_XMM2, X86_XMM0, X86_XMM1);
    x86_vfma231_packed(a, X86_VFMADD231, 64, X86_XMM10, X86_XMM8, X86_XMM9);
    x86_vfma231_packed(a, X86_VFNMADD231, 32, X86_XMM2, X86_XMM0, X86_XMM1);
    x86_movq_rr(a, X86_XMM0, X86_XMM4);
    x86_movss_rr(a, X86_XMM3, X86_XMM0);
    golden_check(a, packed_fp_golden, ARRAY_LEN(packed_fp_golden));
}
END_TEST

START_TEST(test_packed)
{
    X86Asm *a = golden_begin();

    x86_packed_rr(a, X86_PADDB, X86_XMM0, X86_XMM1);   /* paddb %xmm1,%xmm0 */
    x86_packed_rr(a, X86_PADDQ, X86_XMM8, X86_XMM15);  /* paddq %xmm15,%xmm8 */
    x86_packed_rr(a, X86_PSUBD, X86_XMM2, X86_XMM3);   /* psubd %xmm3,%xmm2 */
    x86_packed_rr(a, X86_PMULLW, X86_XMM0, X86_XMM1);  /* pmullw %xmm1,%xmm0 */
    x86_packed_rr(a, X86_PMULUDQ, X86_XMM1, X86_XMM9); /* pmuludq %xmm9,%xmm1 */
    x86_packed_rr(a, X86_PANDN, X86_XMM1, X86_XMM0);   /* pandn %xmm0,%xmm1 */
    x86_packed_rr(a, X86_PXOR, X86_XMM2, X86_XMM2);    /* pxor %xmm2,%xmm2 */
    x86_packed_rr(a, X86_PCMPEQD, X86_XMM0, X86_XMM1); /* pcmpeqd %xmm1,%xmm0 */
    x86_packed_rr(a, X86_PCMPGTB, X86_XMM3, X86_XMM0); /* pcmpgtb %xmm0,%xmm3 */
    x86_packed_rr(a, X86_PMAXUB, X86_XMM0, X86_XMM1);  /* pmaxub %xmm1,%xmm0 */
    x86_packed_rr(a, X86_PUNPCKLQDQ, X86_XMM0,
                  X86_XMM1); /* punpcklqdq %xmm1,%xmm0 */
    x86_packed_rr(a, X86_PUNPCKHBW, X86_XMM0,
                  X86_XMM1); /* punpckhbw %xmm1,%xmm0 */
    x86_packed_rr(a, X86_PACKUSWB, X86_XMM0,
                  X86_XMM1); /* packuswb %xmm1,%xmm0 */
    x86_packed_rr(a, X86_PACKSSDW, X86_XMM0,
                  X86_XMM2);                          /* packssdw %xmm2,%xmm0 */
    x86_packed_rr(a, X86_PSHUFB, X86_XMM0, X86_XMM1); /* pshufb %xmm1,%xmm0 */
    x86_packed_rr(a, X86_PABSD, X86_XMM0, X86_XMM12); /* pabsd %xmm12,%xmm0 */
    x86_packed_rr(a, X86_PMULLD, X86_XMM0, X86_XMM1); /* pmulld %xmm1,%xmm0 */
    x86_packed_rr(a, X86_PMULDQ, X86_XMM0, X86_XMM1); /* pmuldq %xmm1,%xmm0 */
    x86_packed_rr(a, X86_PMINSB, X86_XMM10, X86_XMM1); /* pminsb %xmm1,%xmm10 */
    x86_packed_rr(a, X86_PMAXUD, X86_XMM0, X86_XMM1);  /* pmaxud %xmm1,%xmm0 */
    x86_packed_rr(a, X86_PCMPEQQ, X86_XMM0, X86_XMM1); /* pcmpeqq %xmm1,%xmm0 */
    x86_packed_rr(a, X86_PCMPGTQ, X86_XMM0, X86_XMM1); /* pcmpgtq %xmm1,%xmm0 */
    x86_packed_rr(a, X86_PSUBUSB, X86_XMM0, X86_XMM1);
    x86_packed_rr(a, X86_PSUBUSW, X86_XMM2, X86_XMM9);
    x86_packed_rr(a, X86_PMADDWD, X86_XMM0, X86_XMM1);
    x86_packed_rr(a, X86_PSADBW, X86_XMM8, X86_XMM1);
    x86_packed_rr(a, X86_PMADDUBSW, X86_XMM0, X86_XMM1);
    x86_packed_rr(a, X86_PMADDUBSW, X86_XMM3, X86_XMM10);
    x86_packed_rr(a, X86_PMULHRSW, X86_XMM0, X86_XMM1);
    x86_packed_rr(a, X86_PMOVSXBW, X86_XMM0, X86_XMM0);
    x86_packed_rr(a, X86_PMOVSXWD, X86_XMM2, X86_XMM1);
    x86_packed_rr(a, X86_PMOVSXDQ, X86_XMM0, X86_XMM11);
    x86_packed_rr(a, X86_PMOVZXBW, X86_XMM9, X86_XMM0);
    x86_packed_rr(a, X86_PMOVZXWD, X86_XMM0, X86_XMM1);
    x86_packed_rr(a, X86_PMOVZXDQ, X86_XMM3, X86_XMM3);
    x86_packed_rm(a, X86_PADDD, X86_XMM1,
                  x86_mem(X86_R14, 0x10)); /* paddd 0x10(%r14),%xmm1 */
    x86_packed_rm(a, X86_PMINUD, X86_XMM0,
                  x86_mem(X86_R14, 0x120)); /* pminud 0x120(%r14),%xmm0 */
    x86_movdqu_load(a, X86_XMM0,
                    x86_mem(X86_R14, 0x110)); /* movdqu 0x110(%r14),%xmm0 */
    x86_movdqu_store(a, x86_mem(X86_R14, 0x20),
                     X86_XMM1); /* movdqu %xmm1,0x20(%r14) */
    x86_movdqu_load(a, X86_XMM9, x86_mem(X86_RSP, 0)); /* movdqu (%rsp),%xmm9 */
    x86_movdqa_load(a, X86_XMM1, x86_mem(X86_RAX, 0)); /* movdqa (%rax),%xmm1 */
    x86_movdqa_store(a, x86_mem_idx(X86_RDX, X86_R15, 1, 0),
                     X86_XMM10); /* movdqa %xmm10,(%rdx,%r15,1) */
    x86_movq_load(a, X86_XMM2,
                  x86_mem(X86_R14, 0x18)); /* movq 0x18(%r14),%xmm2 */
    x86_movq_store(a, x86_mem(X86_R14, 0x200),
                   X86_XMM3); /* movq %xmm3,0x200(%r14) */
    x86_movq_store(a, x86_mem(X86_RAX, 0), X86_XMM8); /* movq %xmm8,(%rax) */
    x86_movhps_load(a, X86_XMM0,
                    x86_mem(X86_R14, 0x178)); /* movhps 0x178(%r14),%xmm0 */
    x86_movhps_load(a, X86_XMM9,
                    x86_mem(X86_RAX, 8));       /* movhps 0x8(%rax),%xmm9 */
    x86_pshufd(a, X86_XMM0, X86_XMM1, 0x1b);    /* pshufd $0x1b,%xmm1,%xmm0 */
    x86_pshuflw(a, X86_XMM0, X86_XMM0, 0x00);   /* pshuflw $0x0,%xmm0,%xmm0 */
    x86_pshufhw(a, X86_XMM0, X86_XMM11, 0xb1);  /* pshufhw $0xb1,%xmm11,%xmm0 */
    x86_shufps(a, X86_XMM0, X86_XMM1, 0x88);    /* shufps $0x88,%xmm1,%xmm0 */
    x86_pshift_ri(a, X86_PSLLW, X86_XMM0, 3);   /* psllw $0x3,%xmm0 */
    x86_pshift_ri(a, X86_PSRAW, X86_XMM1, 15);  /* psraw $0xf,%xmm1 */
    x86_pshift_ri(a, X86_PSRLD, X86_XMM9, 31);  /* psrld $0x1f,%xmm9 */
    x86_pshift_ri(a, X86_PSRAD, X86_XMM2, 16);  /* psrad $0x10,%xmm2 */
    x86_pshift_ri(a, X86_PSLLD, X86_XMM2, 16);  /* pslld $0x10,%xmm2 */
    x86_pshift_ri(a, X86_PSRLQ, X86_XMM0, 32);  /* psrlq $0x20,%xmm0 */
    x86_pshift_ri(a, X86_PSLLQ, X86_XMM1, 63);  /* psllq $0x3f,%xmm1 */
    x86_pshift_ri(a, X86_PSRLDQ, X86_XMM1, 8);  /* psrldq $0x8,%xmm1 */
    x86_pshift_ri(a, X86_PSLLDQ, X86_XMM15, 4); /* pslldq $0x4,%xmm15 */
    golden_check(a, packed_golden, ARRAY_LEN(packed_golden));
}
END_TEST

/* ---- behaviour beyond single encodings ---- */

START_TEST(test_far_target_is_far)
{
    /* The branch_far goldens assume this; if it ever fails they mean nothing.
     */
    int64_t distance = (const uint8_t *)far_target - golden_buf;
    ck_assert(!x86_fits_i32(distance));
}
END_TEST

START_TEST(test_overflow_writes_nothing)
{
    uint8_t buf[8];
    X86Asm a;
    memset(buf, 0xaa, sizeof buf);
    x86_asm_init(&a, buf, sizeof buf);
    x86_mov_rr(&a, 64, X86_RAX, X86_RSI); /* 3 bytes: fits */
    ck_assert(!a.overflow);
    x86_mov_ri(&a, X86_RDI, 0x123456789abcdef0u); /* 10 bytes: does not */
    ck_assert(a.overflow);
    ck_assert_uint_eq(x86_asm_size(&a), 3);
    x86_ret(&a); /* would fit, but the stream is already broken */
    ck_assert_uint_eq(x86_asm_size(&a), 3);
    ck_assert_ptr_null(x86_jmp32(&a));
    x86_patch_rel32(NULL, buf);
    for (size_t i = 3; i < sizeof buf; i++)
        ck_assert_uint_eq(buf[i], 0xaa);
}
END_TEST

START_TEST(test_exact_fit)
{
    uint8_t buf[5];
    X86Asm a;
    x86_asm_init(&a, buf, sizeof buf);
    x86_nop(&a, 4);
    x86_ret(&a);
    ck_assert(!a.overflow);
    ck_assert_uint_eq(x86_asm_size(&a), 5);
    x86_nop(&a, 1);
    ck_assert(a.overflow);
}
END_TEST

START_TEST(test_patch_rel32)
{
    X86Asm *a = golden_begin();
    uint8_t *fwd = x86_jcc32(a, X86_CC_E);
    uint8_t *back = x86_jmp32(a);
    ck_assert_ptr_eq(fwd, a->start + 2);
    ck_assert_ptr_eq(back, a->start + 7);
    x86_patch_rel32(fwd, a->start + 0x100); /* 0x100 - 6 */
    x86_patch_rel32(back, a->start);        /* -11 */
    static const uint8_t want[] = {0x0f, 0x84, 0xfa, 0x00, 0x00, 0x00,
                                   0xe9, 0xf5, 0xff, 0xff, 0xff};
    ck_assert_uint_eq(x86_asm_size(a), sizeof want);
    ck_assert_mem_eq(a->start, want, sizeof want);
}
END_TEST

START_TEST(test_align_rel32)
{
    for (int skew = 0; skew < 8; skew++) {
        X86Asm *a = golden_begin();
        x86_nop(a, skew);
        x86_align_rel32(a, 1);
        uint8_t *field = x86_jmp32(a);
        ck_assert_uint_eq((uintptr_t)field & 3, 0);
        ck_assert_uint_le(x86_asm_size(a), (size_t)skew + 3 + 5);
        x86_align_rel32(a, 2);
        field = x86_jcc32(a, X86_CC_NE);
        ck_assert_uint_eq((uintptr_t)field & 3, 0);
    }
}
END_TEST

/* Any length is the 9-byte nop repeated plus one shorter one. */
START_TEST(test_nop_lengths)
{
    static const uint8_t nop9[] = {0x66, 0x0f, 0x1f, 0x84, 0x00,
                                   0x00, 0x00, 0x00, 0x00};
    for (int n = 0; n <= 40; n++) {
        X86Asm *a = golden_begin();
        x86_nop(a, n);
        ck_assert_uint_eq(x86_asm_size(a), (size_t)n);
        for (int i = 0; i + 9 <= n; i += 9)
            ck_assert_mem_eq(a->start + i, nop9, 9);
    }
}
END_TEST

/* ---- generated code runs natively ---- */

typedef struct ExecBuf {
    uint8_t *mem;
    size_t size;
    X86Asm a;
} ExecBuf;

static bool exec_begin(ExecBuf *e)
{
    e->size = 1 << 16;
    e->mem = mmap(NULL, e->size, PROT_READ | PROT_WRITE | PROT_EXEC,
                  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (e->mem == MAP_FAILED)
        return false;
    x86_asm_init(&e->a, e->mem, e->size);
    return true;
}

static void *exec_func(ExecBuf *e)
{
    void *fn = e->a.p;
    ck_assert(!e->a.overflow);
    return fn;
}

static uint64_t exec_helper(uint64_t x)
{
    return x * 3 + 1;
}

START_TEST(test_exec)
{
    ExecBuf e;
    if (!exec_begin(&e)) {
        fprintf(stderr, "test_exec: no executable memory, skipped\n");
        return;
    }
    X86Asm *a = &e.a;

    /* (x * y + 7) >> 1, in 64-bit */
    uint64_t (*arith)(uint64_t, uint64_t) = exec_func(&e);
    x86_mov_rr(a, 64, X86_RAX, X86_RDI);
    x86_imul_rr(a, 64, X86_RAX, X86_RSI);
    x86_alu_ri(a, 64, X86_ADD, X86_RAX, 7);
    x86_shift_ri(a, 64, X86_SHR, X86_RAX, 1);
    x86_ret(a);

    /* sum of 1..n with a backward rel8 jcc */
    uint64_t (*sum)(uint64_t) = exec_func(&e);
    x86_alu_rr(a, 32, X86_XOR, X86_RAX, X86_RAX);
    const uint8_t *loop = a->p;
    x86_alu_rr(a, 64, X86_ADD, X86_RAX, X86_RDI);
    x86_alu_ri(a, 64, X86_SUB, X86_RDI, 1);
    x86_jcc_to(a, X86_CC_NE, loop);
    x86_ret(a);

    /* base[index + 1] via SIB, plus a sign-extended mov_ri (r10: callers
     * need no saving of it, unlike r12) */
    uint64_t (*load)(const uint64_t *, uint64_t) = exec_func(&e);
    x86_load(a, X86_LD_64, 64, X86_RAX, x86_mem_idx(X86_RDI, X86_RSI, 8, 8));
    x86_mov_ri(a, X86_R10, 0xffffffff80000000u);
    x86_alu_rr(a, 64, X86_ADD, X86_RAX, X86_R10);
    x86_ret(a);

    /* call a C helper through call_abs, keeping the stack 16-byte aligned */
    uint64_t (*call)(uint64_t) = exec_func(&e);
    x86_push(a, X86_RBX);
    x86_call_abs(a, (const void *)exec_helper);
    x86_pop(a, X86_RBX);
    x86_ret(a);

    /* compare-and-swap: returns the old value, stores new when it matched */
    uint64_t (*cas)(uint64_t *, uint64_t, uint64_t) = exec_func(&e);
    x86_mov_rr(a, 64, X86_RAX, X86_RSI);
    x86_lock_cmpxchg(a, 64, x86_mem(X86_RDI, 0), X86_RDX);
    x86_ret(a);

    /* setcc on sil-class registers and movzx back */
    uint64_t (*less)(int64_t, int64_t) = exec_func(&e);
    x86_alu_rr(a, 64, X86_CMP, X86_RDI, X86_RSI);
    x86_setcc(a, X86_CC_L, X86_RSI);
    x86_movzx8(a, X86_RAX, X86_RSI);
    x86_ret(a);

    ck_assert(!a->overflow);
    ck_assert_uint_eq(arith(6, 7), 24);
    ck_assert_uint_eq(sum(10), 55);
    uint64_t table[4] = {1, 2, 0x80000005u, 4};
    ck_assert_uint_eq(load(table, 1), 0x80000005u + 0xffffffff80000000u);
    ck_assert_uint_eq(call(5), 16);
    uint64_t cell = 10;
    ck_assert_uint_eq(cas(&cell, 10, 20), 10);
    ck_assert_uint_eq(cell, 20);
    ck_assert_uint_eq(cas(&cell, 10, 30), 20);
    ck_assert_uint_eq(cell, 20);
    ck_assert_uint_eq(less(-1, 1), 1);
    ck_assert_uint_eq(less(1, -1), 0);
    munmap(e.mem, e.size);
}
END_TEST

static Suite *x86_emit_suite(void)
{
    Suite *s = suite_create("x86_emit");
    TCase *golden = tcase_create("golden");
    TCase *behaviour = tcase_create("behaviour");
    tcase_add_test(golden, test_mov);
    tcase_add_test(golden, test_alu_reg);
    tcase_add_test(golden, test_alu_imm);
    tcase_add_test(golden, test_alu_mem);
    tcase_add_test(golden, test_test);
    tcase_add_test(golden, test_shift);
    tcase_add_test(golden, test_muldiv);
    tcase_add_test(golden, test_extend);
    tcase_add_test(golden, test_bits);
    tcase_add_test(golden, test_shiftx);
    tcase_add_test(golden, test_vex);
    tcase_add_test(golden, test_load);
    tcase_add_test(golden, test_store);
    tcase_add_test(golden, test_flags);
    tcase_add_test(golden, test_branch);
    tcase_add_test(golden, test_branch_far);
    tcase_add_test(golden, test_misc);
    tcase_add_test(golden, test_atomic);
    tcase_add_test(golden, test_sse);
    tcase_add_test(golden, test_packed);
    tcase_add_test(golden, test_packed_fp);
    tcase_add_test(behaviour, test_far_target_is_far);
    tcase_add_test(behaviour, test_overflow_writes_nothing);
    tcase_add_test(behaviour, test_exact_fit);
    tcase_add_test(behaviour, test_patch_rel32);
    tcase_add_test(behaviour, test_align_rel32);
    tcase_add_test(behaviour, test_nop_lengths);
    tcase_add_test(behaviour, test_exec);
    suite_add_tcase(s, golden);
    suite_add_tcase(s, behaviour);
    return s;
}

int main(void)
{
    SRunner *runner = srunner_create(x86_emit_suite());
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
