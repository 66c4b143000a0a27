/*
 * Pointer authentication (FEAT_PAuth): sign/authenticate round trips for
 * every key, modifier and instruction form, XPAC, PACGA, the combined
 * branches, returns and LDRAA/LDRAB, prctl key control, keys kept across
 * fork and threads. Keys are random per process, so only results that do
 * not depend on them are printed (equalities between forms, strip values,
 * whether a bad pointer is rejected), the same with and without FEAT_FPAC.
 * qemu-aarch64 7.2 has no FEAT_FPACCOMBINE, whose combined forms raise
 * SIGILL where this expects the fault at the pointer (tests/cpu checks it):
 * insn-arx: -cpu max,-fpaccombine
 */
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

__asm__(".arch armv8.3-a");

/* The PAC bits: 54:48, and 63:56 too in the upper range (bit 55 set). */
static uint64_t field_of(uint64_t p)
{
    return p >> 55 & 1 ? UINT64_C(0xff7f000000000000)
                       : UINT64_C(0x007f000000000000);
}

/* What a call from inline assembly may change (AAPCS64 caller-saved). */
#define CALL_CLOBBERS                                                          \
    "x0", "x1", "x2", "x3", "x4", "x5", "x6", "x7", "x8", "x9", "x10", "x11",  \
        "x12", "x13", "x14", "x15", "x16", "x17", "x18", "x30", "v0", "v1",    \
        "v2", "v3", "v4", "v5", "v6", "v7", "v16", "v17", "v18", "v19", "v20", \
        "v21", "v22", "v23", "v24", "v25", "v26", "v27", "v28", "v29", "v30",  \
        "v31", "cc", "memory"

static sigjmp_buf escape;
static volatile int caught_sig, caught_code;

static void on_signal(int sig, siginfo_t *si, void *uc)
{
    (void)uc;
    caught_sig = sig;
    caught_code = si->si_code;
    siglongjmp(escape, 1);
}

/* ---- the instructions, one function each, key by number ---- */

static uint64_t pac(int key, uint64_t p, uint64_t m)
{
    switch (key) {
    case 0: __asm__ volatile("pacia %0, %1" : "+r"(p) : "r"(m)); break;
    case 1: __asm__ volatile("pacib %0, %1" : "+r"(p) : "r"(m)); break;
    case 2: __asm__ volatile("pacda %0, %1" : "+r"(p) : "r"(m)); break;
    default: __asm__ volatile("pacdb %0, %1" : "+r"(p) : "r"(m)); break;
    }
    return p;
}

static uint64_t aut(int key, uint64_t p, uint64_t m)
{
    switch (key) {
    case 0: __asm__ volatile("autia %0, %1" : "+r"(p) : "r"(m)); break;
    case 1: __asm__ volatile("autib %0, %1" : "+r"(p) : "r"(m)); break;
    case 2: __asm__ volatile("autda %0, %1" : "+r"(p) : "r"(m)); break;
    default: __asm__ volatile("autdb %0, %1" : "+r"(p) : "r"(m)); break;
    }
    return p;
}

static uint64_t pacz(int key, uint64_t p)
{
    switch (key) {
    case 0: __asm__ volatile("paciza %0" : "+r"(p)); break;
    case 1: __asm__ volatile("pacizb %0" : "+r"(p)); break;
    case 2: __asm__ volatile("pacdza %0" : "+r"(p)); break;
    default: __asm__ volatile("pacdzb %0" : "+r"(p)); break;
    }
    return p;
}

static uint64_t autz(int key, uint64_t p)
{
    switch (key) {
    case 0: __asm__ volatile("autiza %0" : "+r"(p)); break;
    case 1: __asm__ volatile("autizb %0" : "+r"(p)); break;
    case 2: __asm__ volatile("autdza %0" : "+r"(p)); break;
    default: __asm__ volatile("autdzb %0" : "+r"(p)); break;
    }
    return p;
}

static uint64_t strip(int data, uint64_t p)
{
    if (data)
        __asm__ volatile("xpacd %0" : "+r"(p));
    else
        __asm__ volatile("xpaci %0" : "+r"(p));
    return p;
}

/* AUT of p: 1 when rejected (FPAC: SIGILL ILL_ILLOPN; otherwise a result
 * that is not the stripped pointer), 0 when it verifies. */
static int rejects(int key, uint64_t p, uint64_t m)
{
    uint64_t r;

    caught_sig = 0;
    if (sigsetjmp(escape, 1) != 0)
        return caught_sig == SIGILL && caught_code == ILL_ILLOPN;
    r = aut(key, p, m);
    return r != strip(key >= 2, p);
}

static const char *const key_names[] = {"IA", "IB", "DA", "DB"};

static int global_data = 42;

static const uint64_t pointers[] = {
    0x0000aaaabbbbcccc, 0x0000000000401000, 0x0000ffffffffff00,
    0x5a0000000040a000, /* tagged */
};
/* No pointer with bit 55 set: qemu-aarch64 7.2 does not place that
 * range's PAC as Linux's TCR_EL1 (TBI1 clear, T1SZ 16) has it. */

static const uint64_t modifiers[] = {0, 1, 0x7ffffffff000, ~UINT64_C(0)};

#define N(a) (sizeof(a) / sizeof((a)[0]))

static void test_round_trips(void)
{
    for (int key = 0; key < 4; key++) {
        int ok = 1, only_field = 1, stripped = 1, zform = 1, moved = 0;

        for (unsigned i = 0; i < N(pointers); i++)
            for (unsigned j = 0; j < N(modifiers); j++) {
                uint64_t p = pointers[i], m = modifiers[j];
                uint64_t s = pac(key, p, m);

                ok &= aut(key, s, m) == p;
                only_field &= (s & ~field_of(p)) == (p & ~field_of(p));
                stripped &= strip(key >= 2, s) == p;
                moved |= s != p;
                if (m == 0) {
                    zform &= pacz(key, p) == s;
                    zform &= autz(key, s) == p;
                }
            }
        printf("%s: round trip %d, PAC in its field only %d, XPAC strips %d, "
               "Z forms = modifier 0 %d, signs %d\n",
               key_names[key], ok, only_field, stripped, zform, moved);
    }
}

/* A flipped PAC bit always fails; of eight other modifiers, the other
 * key of the pair and the other pair, at least one fails (a 7-bit PAC
 * matches by chance 1 time in 128). */
static void test_rejections(void)
{
    for (int key = 0; key < 4; key++) {
        uint64_t p = pointers[0], s = pac(key, p, 5);
        int flipped = rejects(key, s ^ (UINT64_C(1) << 50), 5);
        int wrong_mod = 0, wrong_key = 0;

        for (uint64_t m = 6; m < 14; m++)
            wrong_mod |= rejects(key, s, m);
        for (uint64_t m = 0; m < 8; m++)
            wrong_key |= rejects(key ^ 1, pac(key, p, m), m);
        printf("%s: flipped bit rejected %d, wrong modifier %d, other key %d\n",
               key_names[key], flipped, wrong_mod, wrong_key);
    }
}

static void test_pacga(void)
{
    uint64_t r, low = 0;
    int differs = 0, same = 1;

    for (uint64_t d = 1; d < 9; d++) {
        uint64_t r2;

        __asm__ volatile("pacga %0, %1, %2" : "=r"(r) : "r"(d), "r"(d * 3));
        __asm__ volatile("pacga %0, %1, %2" : "=r"(r2) : "r"(d), "r"(d * 3));
        low |= r & 0xffffffff;
        same &= r == r2;
        __asm__ volatile("pacga %0, %1, %2"
                         : "=r"(r2)
                         : "r"(d + 1), "r"(d * 3));
        differs |= r != r2;
    }
    printf("PACGA: low half zero %d, deterministic %d, data matters %d\n",
           low == 0, same, differs);
}

/* The hint-space forms against the general ones. */
static void test_hints(void)
{
    uint64_t p = pointers[1], sp, r;

    __asm__ volatile("mov x17, %1\n"
                     "mov x16, #77\n"
                     "pacia1716\n"
                     "mov %0, x17"
                     : "=r"(r)
                     : "r"(p)
                     : "x16", "x17");
    printf("PACIA1716 = PACIA %d\n", r == pac(0, p, 77));
    __asm__ volatile("mov x17, %1\n"
                     "mov x16, #77\n"
                     "autia1716\n"
                     "mov %0, x17"
                     : "=r"(r)
                     : "r"(r)
                     : "x16", "x17");
    printf("AUTIA1716 round trip %d\n", r == p);
    __asm__ volatile("mov x17, %1\n"
                     "mov x16, #78\n"
                     "pacib1716\n"
                     "mov %0, x17"
                     : "=r"(r)
                     : "r"(p)
                     : "x16", "x17");
    printf("PACIB1716 = PACIB %d\n", r == pac(1, p, 78));
    __asm__ volatile("mov x17, %1\n"
                     "mov x16, #78\n"
                     "autib1716\n"
                     "mov %0, x17"
                     : "=r"(r)
                     : "r"(r)
                     : "x16", "x17");
    printf("AUTIB1716 round trip %d\n", r == p);

    __asm__ volatile("mov %0, sp\n"
                     "mov x30, %2\n"
                     "paciasp\n"
                     "mov %1, x30"
                     : "=&r"(sp), "=r"(r)
                     : "r"(p)
                     : "x30");
    printf("PACIASP = PACIA x30, sp %d\n", r == pac(0, p, sp));
    __asm__ volatile("mov %0, sp\n"
                     "mov x30, %2\n"
                     "pacibsp\n"
                     "autibsp\n"
                     "mov %1, x30"
                     : "=&r"(sp), "=r"(r)
                     : "r"(p)
                     : "x30");
    printf("PACIBSP/AUTIBSP round trip %d\n", r == p);
    __asm__ volatile("mov x30, %1\n"
                     "paciaz\n"
                     "mov %0, x30"
                     : "=r"(r)
                     : "r"(p)
                     : "x30");
    printf("PACIAZ = PACIZA %d\n", r == pacz(0, p));
    __asm__ volatile("mov x30, %1\n"
                     "pacibz\n"
                     "autibz\n"
                     "mov %0, x30"
                     : "=r"(r)
                     : "r"(p)
                     : "x30");
    printf("PACIBZ/AUTIBZ round trip %d\n", r == p);
    __asm__ volatile("mov x30, %1\n"
                     "xpaclri\n"
                     "mov %0, x30"
                     : "=r"(r)
                     : "r"(pac(0, p, 9))
                     : "x30");
    printf("XPACLRI strips %d\n", r == p);
}

/* ---- combined branches, returns and loads ---- */

static int leaf_calls;

static void __attribute__((noinline)) leaf(void)
{
    leaf_calls++;
}

/* Signs its return address with SP, returns with RETAA / RETAB. */
__asm__(".text\n"
        ".global signed_ret_a\n"
        "signed_ret_a:\n"
        "  paciasp\n"
        "  mov x0, #11\n"
        "  retaa\n"
        ".global signed_ret_b\n"
        "signed_ret_b:\n"
        "  pacibsp\n"
        "  mov x0, #12\n"
        "  retab\n");
uint64_t signed_ret_a(void);
uint64_t signed_ret_b(void);

static void test_branches(void)
{
    uint64_t fn = (uint64_t)(uintptr_t)leaf, m = 0x1234;
    uint64_t sa = pac(0, fn, m), sb = pac(1, fn, m), za = pacz(0, fn);

    leaf_calls = 0;
    __asm__ volatile("blraa %0, %1" : : "r"(sa), "r"(m) : CALL_CLOBBERS);
    __asm__ volatile("blrab %0, %1" : : "r"(sb), "r"(m) : CALL_CLOBBERS);
    __asm__ volatile("blraaz %0" : : "r"(za) : CALL_CLOBBERS);
    __asm__ volatile("blrabz %0" : : "r"(pacz(1, fn)) : CALL_CLOBBERS);
    printf("BLRAA, BLRAB, BLRAAZ, BLRABZ calls %d\n", leaf_calls);

    __asm__ volatile("adr x30, 1f\n"
                     "braa %0, %1\n"
                     "1:"
                     :
                     : "r"(pac(0, (uint64_t)(uintptr_t)leaf, 3)), "r"(3)
                     : CALL_CLOBBERS);
    __asm__ volatile("adr x30, 1f\n"
                     "brabz %0\n"
                     "1:"
                     :
                     : "r"(pacz(1, (uint64_t)(uintptr_t)leaf))
                     : CALL_CLOBBERS);
    printf("BRAA, BRABZ calls %d\n", leaf_calls);
    printf("RETAA %lu, RETAB %lu\n", (unsigned long)signed_ret_a(),
           (unsigned long)signed_ret_b());
}

static void test_ldra(void)
{
    uint64_t words[4] = {100, 101, 102, 103};
    uint64_t base = (uint64_t)(uintptr_t)words, v, wb;

    uint64_t da = pacz(2, base), db = pacz(3, base);
    __asm__ volatile("ldraa %0, [%1]" : "=r"(v) : "r"(da) : "memory");
    printf("LDRAA %lu", (unsigned long)v);
    __asm__ volatile("ldrab %0, [%1, #16]" : "=r"(v) : "r"(db) : "memory");
    printf(", LDRAB #16 %lu", (unsigned long)v);
    wb = da;
    __asm__ volatile("ldraa %0, [%1, #24]!" : "=r"(v), "+r"(wb) : : "memory");
    printf(", LDRAA #24! %lu, written back %d", (unsigned long)v,
           wb == base + 24);
    wb = pacz(2, base + 32);
    __asm__ volatile("ldraa %0, [%1, #-8]!" : "=r"(v), "+r"(wb) : : "memory");
    printf(", #-8! %lu %d\n", (unsigned long)v, wb == base + 24);
}

/* A corrupted pointer: the branch or load faults (SIGSEGV), or, with
 * FEAT_FPAC, a standalone AUT traps first (SIGILL): either way the
 * code at the pointer never runs. */
static void test_bad_combined(void)
{
    uint64_t fn = (uint64_t)(uintptr_t)leaf,
             data = (uint64_t)(uintptr_t)&global_data;
    uint64_t bad_fn = pac(0, fn, 7) ^ (UINT64_C(1) << 49);
    uint64_t bad_data = pacz(2, data) ^ (UINT64_C(1) << 49);
    uint64_t v = 0;

    leaf_calls = 0;
    caught_sig = 0;
    if (sigsetjmp(escape, 1) == 0)
        __asm__ volatile("blraa %0, %1"
                         :
                         : "r"(bad_fn), "r"(7)
                         : CALL_CLOBBERS);
    printf("BLRAA bad pointer: signal %d code %d, ran %d\n", caught_sig,
           caught_code, leaf_calls);
    caught_sig = 0;
    if (sigsetjmp(escape, 1) == 0)
        __asm__ volatile("ldraa %0, [%1]" : "=r"(v) : "r"(bad_data) : "memory");
    printf("LDRAA bad pointer: signal %d, loaded %lu\n", caught_sig,
           (unsigned long)v);
}

/* ---- prctl: keys reset (PR_PAC_SET_ENABLED_KEYS: tests/cpu) ---- */

static void test_prctl(void)
{
    uint64_t p = pointers[1], before = pac(0, p, 1);
    int changed = 0;

    printf("reset bad mask %d errno %d\n",
           prctl(PR_PAC_RESET_KEYS, 1 << 5, 0, 0, 0), errno);
    printf("reset IB %d, IA unchanged %d\n",
           prctl(PR_PAC_RESET_KEYS, PR_PAC_APIBKEY, 0, 0, 0),
           pac(0, p, 1) == before);
    for (uint64_t m = 0; m < 8; m++) {
        uint64_t s = pac(0, p, m);

        prctl(PR_PAC_RESET_KEYS, PR_PAC_APIAKEY, 0, 0, 0);
        changed |= pac(0, p, m) != s;
    }
    printf("reset IA changes its PACs %d\n", changed);
}

/* ---- keys across fork and threads ---- */

static uint64_t shared_signed;

static void *thread_auth(void *arg)
{
    (void)arg;
    return (void *)(uintptr_t)(aut(3, shared_signed, 99) == pointers[2]);
}

static void test_inheritance(void)
{
    pthread_t t;
    void *ok;
    int status = 0;
    pid_t pid;

    shared_signed = pac(3, pointers[2], 99);
    pthread_create(&t, NULL, thread_auth, NULL);
    pthread_join(t, &ok);
    printf("thread shares keys %d\n", ok != NULL);
    fflush(stdout);
    pid = fork();
    if (pid == 0)
        _exit(aut(3, shared_signed, 99) == pointers[2] ? 0 : 1);
    waitpid(pid, &status, 0);
    printf("fork child keeps keys %d\n",
           WIFEXITED(status) && !WEXITSTATUS(status));
}

int main(void)
{
    struct sigaction sa = {.sa_sigaction = on_signal,
                           .sa_flags = SA_SIGINFO | SA_NODEFER};

    if (!(getauxval(AT_HWCAP) & (1ul << 30))) {
        printf("no PAuth\n");
        return 0;
    }
    sigaction(SIGILL, &sa, NULL);
    sigaction(SIGSEGV, &sa, NULL);
    test_round_trips();
    test_rejections();
    test_pacga();
    test_hints();
    test_branches();
    test_ldra();
    test_bad_combined();
    test_inheritance();
    test_prctl();
    return 0;
}
