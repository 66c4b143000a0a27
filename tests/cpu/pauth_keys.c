/*
 * Pointer authentication behaviour that depends on the -cpu model or on
 * prctl controls qemu-aarch64 7.2 lacks (so tests/insn cannot compare it):
 * PR_PAC_SET/GET_ENABLED_KEYS, FEAT_FPAC's SIGILL and ESR, PAuth error
 * codes, FEAT_FPACCOMBINE's SIGILL from BRAA/BLRAB/RETAA/LDRAA/LDRAB, the
 * known-answer PACGA under ARX_PAUTH_TEST_KEYS. Mode argument: "fpac",
 * "nofpac", "combine", "nocombine", "keys", "exec-child", "kat";
 * run-cpu-tests.sh holds the expected output.
 */
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <ucontext.h>
#include <unistd.h>

__asm__(".arch armv8.3-a");

#ifndef PR_PAC_SET_ENABLED_KEYS
#define PR_PAC_SET_ENABLED_KEYS 60
#define PR_PAC_GET_ENABLED_KEYS 61
#endif

static sigjmp_buf escape;
static volatile int caught_sig, caught_code;
static volatile uint64_t caught_addr, caught_esr;

/* The ESR record of the signal frame (arm64 uapi sigcontext). */
static uint64_t frame_esr(const ucontext_t *uc)
{
    const uint8_t *p = (const uint8_t *)uc->uc_mcontext.__reserved;

    for (;;) {
        uint32_t magic, size;

        memcpy(&magic, p, 4);
        memcpy(&size, p + 4, 4);
        if (magic == 0 || size == 0)
            return 0;
        if (magic == 0x45535201) {
            uint64_t esr;

            memcpy(&esr, p + 8, 8);
            return esr;
        }
        p += size;
    }
}

static void on_signal(int sig, siginfo_t *si, void *uc)
{
    caught_sig = sig;
    caught_code = si->si_code;
    caught_addr = (uint64_t)(uintptr_t)si->si_addr;
    caught_esr = frame_esr(uc);
    siglongjmp(escape, 1);
}

static uint64_t pacia(uint64_t p, uint64_t m)
{
    __asm__ volatile("pacia %0, %1" : "+r"(p) : "r"(m));
    return p;
}

static uint64_t pacib(uint64_t p, uint64_t m)
{
    __asm__ volatile("pacib %0, %1" : "+r"(p) : "r"(m));
    return p;
}

/* AUTIA / AUTDB of p at a known pc: the address of the instruction. */
__asm__(".text\n"
        ".global autia_at\n"
        ".type autia_at, %function\n"
        "autia_at:\n"
        "  autia x0, x1\n"
        "  ret\n"
        ".global autdb_at\n"
        ".type autdb_at, %function\n"
        "autdb_at:\n"
        "  autdb x0, x1\n"
        "  ret\n");
uint64_t autia_at(uint64_t p, uint64_t m);
uint64_t autdb_at(uint64_t p, uint64_t m);

static const uint64_t ptr = 0x0000aaaabbbb1000;

/* A failed AUT: FPAC's SIGILL, or PAuth's error code in bits 54:53. */
static void failed_auth(const char *name, uint64_t (*fn)(uint64_t, uint64_t),
                        uint64_t signed_ptr)
{
    uint64_t r;

    caught_sig = 0;
    if (sigsetjmp(escape, 1) == 0) {
        r = fn(signed_ptr ^ (UINT64_C(1) << 50), 5);
        printf("%s bad: result %016llx\n", name, (unsigned long long)r);
        return;
    }
    printf("%s bad: signal %d code %d at the insn %d, ESR EC 0x%llx ISS %llu\n",
           name, caught_sig, caught_code,
           caught_addr == (uint64_t)(uintptr_t)fn,
           (unsigned long long)(caught_esr >> 26),
           (unsigned long long)(caught_esr & 0x1ffffff));
}

static void test_failures(void)
{
    uint64_t sa = pacia(ptr, 5), sdb = ptr;

    __asm__ volatile("pacdb %0, %1" : "+r"(sdb) : "r"(5));
    failed_auth("AUTIA", autia_at, sa);
    failed_auth("AUTDB", autdb_at, sdb);
}

/* The combined forms at known pcs: x0 the bad pointer, x1 the modifier;
 * retaa_at signs x0 as the return address with SP and spoils it. */
__asm__(".text\n"
        ".global braa_at\n"
        ".type braa_at, %function\n"
        "braa_at:\n"
        "  braa x0, x1\n"
        ".global blrab_at\n"
        ".type blrab_at, %function\n"
        "blrab_at:\n"
        "  blrab x0, x1\n"
        ".global retaa_at\n"
        ".type retaa_at, %function\n"
        "retaa_at:\n"
        "  mov x30, x0\n"
        "  paciasp\n"
        "  eor x30, x30, #0x4000000000000\n"
        ".global retaa_insn\n"
        "retaa_insn:\n"
        "  retaa\n"
        ".global ldraa_at\n"
        ".type ldraa_at, %function\n"
        "ldraa_at:\n"
        "  ldraa x0, [x0]\n"
        "  ret\n"
        ".global ldrab_at\n"
        ".type ldrab_at, %function\n"
        "ldrab_at:\n"
        "  ldrab x0, [x0]\n"
        "  ret\n");
void braa_at(uint64_t p, uint64_t m);
void blrab_at(uint64_t p, uint64_t m);
void retaa_at(uint64_t p, uint64_t m);
void retaa_insn(void);
void ldraa_at(uint64_t p, uint64_t m);
void ldrab_at(uint64_t p, uint64_t m);

/* FPACCOMBINE: SIGILL ILL_ILLOPN at the instruction with the FPAC ESR
 * (ISS: bit 1 data key, bit 0 key B); without it the branch or load
 * goes on and faults at the spoiled pointer (SIGSEGV). */
static void failed_combined(const char *name, void (*fn)(uint64_t, uint64_t),
                            const void *insn, uint64_t bad)
{
    caught_sig = 0;
    if (sigsetjmp(escape, 1) == 0) {
        fn(bad, 5);
        printf("%s bad: no signal\n", name);
    } else if (caught_sig != SIGILL) {
        printf("%s bad: signal %d\n", name, caught_sig);
    } else {
        printf("%s bad: signal %d code %d at the insn %d, ESR EC 0x%llx ISS "
               "%llu\n",
               name, caught_sig, caught_code,
               caught_addr == (uint64_t)(uintptr_t)insn,
               (unsigned long long)(caught_esr >> 26),
               (unsigned long long)(caught_esr & 0x1ffffff));
    }
}

static void test_combined(void)
{
    uint64_t bit50 = UINT64_C(1) << 50, da = ptr, db = ptr;

    __asm__ volatile("pacdza %0" : "+r"(da));
    __asm__ volatile("pacdzb %0" : "+r"(db));
    failed_combined("BRAA", braa_at, (const void *)braa_at,
                    pacia(ptr, 5) ^ bit50);
    failed_combined("BLRAB", blrab_at, (const void *)blrab_at,
                    pacib(ptr, 5) ^ bit50);
    failed_combined("RETAA", retaa_at, (const void *)retaa_insn, ptr);
    failed_combined("LDRAA", ldraa_at, (const void *)ldraa_at, da ^ bit50);
    failed_combined("LDRAB", ldrab_at, (const void *)ldrab_at, db ^ bit50);
}

static void *thread_enabled(void *arg)
{
    (void)arg;
    return (void *)(intptr_t)prctl(PR_PAC_GET_ENABLED_KEYS, 0, 0, 0, 0);
}

static int leaf_calls;

static void __attribute__((noinline)) leaf(void)
{
    leaf_calls++;
}

static void test_enabled_keys(const char *self)
{
    uint64_t bad = ptr | UINT64_C(0x0015) << 48, r = bad;
    int pacib_signs = 0;
    void *in_thread;
    pthread_t t;

    printf("enabled %d\n", prctl(PR_PAC_GET_ENABLED_KEYS, 0, 0, 0, 0));
    printf("disable IA %d, enabled %d\n",
           prctl(PR_PAC_SET_ENABLED_KEYS, PR_PAC_APIAKEY, 0, 0, 0),
           prctl(PR_PAC_GET_ENABLED_KEYS, 0, 0, 0, 0));
    __asm__ volatile("autia %0, %1" : "+r"(r) : "r"(1));
    printf("IA off: PACIA leaves %d, AUTIA leaves %d\n", pacia(ptr, 1) == ptr,
           r == bad);
    for (uint64_t m = 0; m < 8; m++)
        pacib_signs |= pacib(ptr, m) != ptr;
    printf("IB still signs %d\n", pacib_signs);
    leaf_calls = 0;
    __asm__ volatile("blraa %0, %1"
                     :
                     : "r"((uint64_t)(uintptr_t)leaf), "r"(3)
                     : "x0", "x1", "x2", "x3", "x4", "x5", "x6", "x7", "x8",
                       "x9", "x10", "x11", "x12", "x13", "x14", "x15", "x16",
                       "x17", "x18", "x30", "memory", "cc");
    printf("IA off: BLRAA of an unsigned pointer calls %d\n", leaf_calls);
    pthread_create(&t, NULL, thread_enabled, NULL);
    pthread_join(t, &in_thread);
    printf("thread inherits enabled %d\n", (int)(intptr_t)in_thread);
    printf("errors: enable outside keys %d %d, GA %d %d, GET arg %d %d, RESET "
           "arg3 %d %d\n",
           prctl(PR_PAC_SET_ENABLED_KEYS, PR_PAC_APIAKEY, PR_PAC_APIBKEY, 0, 0),
           errno, prctl(PR_PAC_SET_ENABLED_KEYS, PR_PAC_APGAKEY, 0, 0, 0),
           errno, prctl(PR_PAC_GET_ENABLED_KEYS, 1, 0, 0, 0), errno,
           prctl(PR_PAC_RESET_KEYS, 0, 1, 0, 0), errno);
    fflush(stdout);
    execl(self, self, "exec-child", (char *)NULL);
    perror("execl");
}

int main(int argc, char **argv)
{
    struct sigaction sa = {.sa_sigaction = on_signal,
                           .sa_flags = SA_SIGINFO | SA_NODEFER};
    const char *mode = argc > 1 ? argv[1] : "";

    sigaction(SIGILL, &sa, NULL);
    if (strcmp(mode, "fpac") == 0 || strcmp(mode, "nofpac") == 0) {
        test_failures();
    } else if (strcmp(mode, "combine") == 0 || strcmp(mode, "nocombine") == 0) {
        sigaction(SIGSEGV, &sa, NULL);
        test_combined();
    } else if (strcmp(mode, "keys") == 0) {
        test_enabled_keys(argv[0]);
    } else if (strcmp(mode, "exec-child") == 0) {
        printf("after exec enabled %d\n",
               prctl(PR_PAC_GET_ENABLED_KEYS, 0, 0, 0, 0));
    } else if (strcmp(mode, "kat") == 0) {
        uint64_t r, d = UINT64_C(0xfb623599da6e8127);
        uint64_t m = UINT64_C(0x477d469dec0b8762);

        __asm__ volatile("pacga %0, %1, %2" : "=r"(r) : "r"(d), "r"(m));
        printf("PACGA %016llx\n", (unsigned long long)r);
    } else {
        printf("prctl %d errno %d\n",
               prctl(PR_PAC_GET_ENABLED_KEYS, 0, 0, 0, 0), errno);
    }
    return 0;
}
