/*
 * FEAT_LSE atomics: every LD<op> and SWP in each size and ordering, the
 * ST<op> aliases, CAS in each size (success and failure) and CASP, over
 * edge values; prints old values, results and memory.
 */
#include <stdint.h>
#include <stdio.h>

__asm__(".arch_extension lse");

static const uint64_t vals[] = {
    0,
    1,
    0x7f,
    0x80,
    0xff,
    0x7fff,
    0x8000,
    0xffff,
    0x7fffffff,
    0x80000000,
    0xffffffff,
    0x123456789abcdef0,
    0x8000000000000000,
    0xffffffffffffffff,
};
#define NV (sizeof(vals) / sizeof(vals[0]))

static uint64_t mem[2] __attribute__((aligned(16)));

#define RMW(name, sfx, reg)                                                    \
    static void t_##name##sfx(uint64_t m, uint64_t v)                          \
    {                                                                          \
        uint64_t old;                                                          \
        mem[0] = m;                                                            \
        __asm__ volatile(#name #sfx " %" reg "1, %" reg "0, [%2]"              \
                         : "=&r"(old)                                          \
                         : "r"(v), "r"(mem)                                    \
                         : "memory");                                          \
        printf(#name #sfx " %016llx %016llx -> old %016llx mem %016llx\n",     \
               (unsigned long long)m, (unsigned long long)v,                   \
               (unsigned long long)old, (unsigned long long)mem[0]);           \
    }

/* clang-format off */
#define RMW_ALL(name)                                                         \
    RMW(name, , "x") RMW(name, a, "w") RMW(name, l, "x") RMW(name, al, "w")  \
    RMW(name, b, "w") RMW(name, ah, "w") RMW(name, lb, "w")
/* clang-format on */

/* clang-format off */
RMW_ALL(ldadd) RMW_ALL(ldclr) RMW_ALL(ldeor) RMW_ALL(ldset)
RMW_ALL(ldsmax) RMW_ALL(ldsmin) RMW_ALL(ldumax) RMW_ALL(ldumin) RMW_ALL(swp)
/* clang-format on */

#define LIST(name)                                                             \
    t_##name, t_##name##a, t_##name##l, t_##name##al, t_##name##b,             \
        t_##name##ah, t_##name##lb
        static void (*const rmw_tests[])(uint64_t, uint64_t) = {
            LIST(ldadd),  LIST(ldclr),  LIST(ldeor),  LIST(ldset), LIST(ldsmax),
            LIST(ldsmin), LIST(ldumax), LIST(ldumin), LIST(swp),
};

#define CAS(name, reg)                                                         \
    static void t_##name(uint64_t m, uint64_t cmp, uint64_t v)                 \
    {                                                                          \
        uint64_t rs = cmp;                                                     \
        mem[0] = m;                                                            \
        __asm__ volatile(#name " %" reg "0, %" reg "1, [%2]"                   \
                         : "+&r"(rs)                                           \
                         : "r"(v), "r"(mem)                                    \
                         : "memory");                                          \
        printf(#name " %016llx cmp %016llx new %016llx -> rs %016llx mem "     \
                     "%016llx\n",                                              \
               (unsigned long long)m, (unsigned long long)cmp,                 \
               (unsigned long long)v, (unsigned long long)rs,                  \
               (unsigned long long)mem[0]);                                    \
    }
/* clang-format off */
CAS(cas, "x") CAS(casa, "w") CAS(casal, "x") CAS(caslb, "w") CAS(cash, "w")
    /* clang-format on */

    static void t_casp(uint64_t m0, uint64_t m1, uint64_t c0, uint64_t c1)
{
    register uint64_t x0 __asm__("x0") = c0, x1 __asm__("x1") = c1;
    register uint64_t x2 __asm__("x2") = 0x1111, x3 __asm__("x3") = 0x2222;

    mem[0] = m0;
    mem[1] = m1;
    __asm__ volatile("caspal x0, x1, x2, x3, [%2]"
                     : "+r"(x0), "+r"(x1)
                     : "r"(mem), "r"(x2), "r"(x3)
                     : "memory");
    printf("caspal %llx %llx cmp %llx %llx -> %llx %llx mem %llx %llx\n",
           (unsigned long long)m0, (unsigned long long)m1,
           (unsigned long long)c0, (unsigned long long)c1,
           (unsigned long long)x0, (unsigned long long)x1,
           (unsigned long long)mem[0], (unsigned long long)mem[1]);
}

int main(void)
{
    for (unsigned t = 0; t < sizeof(rmw_tests) / sizeof(rmw_tests[0]); t++)
        for (unsigned i = 0; i < NV; i++)
            for (unsigned j = 0; j < NV; j += 3)
                rmw_tests[t](vals[i], vals[j]);
    for (unsigned i = 0; i < NV; i++) {
        uint64_t m = vals[i];
        t_cas(m, m, 0x55);
        t_cas(m, m + 1, 0x55);
        t_casa(m, m, 0x66);
        t_casa(m, ~m, 0x66);
        t_casal(m, m, 0x77);
        t_caslb(m, m & 0xff, 0x88);
        t_caslb(m, 3, 0x88);
        t_cash(m, m & 0xffff, 0x99);
        t_casp(m, ~m, m, ~m);
        t_casp(m, ~m, m, m);
    }
    return 0;
}
