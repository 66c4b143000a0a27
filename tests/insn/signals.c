/*
 * Signal delivery checks: SIGILL/SIGTRAP from instructions, edits to the
 * ucontext seen after return, SA_* flags, masks, sigaltstack, sigsuspend,
 * alarm. Output is compared with qemu-aarch64, so it prints nothing that
 * differs between correct implementations (pids, addresses, SVE records).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <ucontext.h>
#include <unistd.h>

#ifndef FPSIMD_MAGIC
#define FPSIMD_MAGIC 0x46508001u
#endif

static volatile sig_atomic_t got_sig, got_code, depth, max_depth, count;
static volatile uintptr_t got_addr, got_pc;
static volatile int got_pid_ok, got_fpsimd, got_onstack, got_align;
static volatile int edit_x0, clobber_v16, clobber_flags;
static char *alt_base;
static size_t alt_size;

static void install(int sig, void (*fn)(int, siginfo_t *, void *), int flags)
{
    struct sigaction sa;

    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = fn;
    sa.sa_flags = SA_SIGINFO | flags;
    sigemptyset(&sa.sa_mask);
    if (sigaction(sig, &sa, NULL) != 0)
        perror("sigaction");
}

/* Walks uc_mcontext.__reserved as the kernel lays it out. */
static int has_fpsimd(ucontext_t *uc)
{
    unsigned char *p = (unsigned char *)uc->uc_mcontext.__reserved;
    unsigned char *end = p + sizeof(uc->uc_mcontext.__reserved);

    while (p + 8 <= end) {
        uint32_t magic, size;

        memcpy(&magic, p, 4);
        memcpy(&size, p + 4, 4);
        if (magic == FPSIMD_MAGIC)
            return size == 528;
        if (magic == 0 || size == 0)
            return 0;
        p += size;
    }
    return 0;
}

static void fault_handler(int sig, siginfo_t *si, void *ucv)
{
    ucontext_t *uc = ucv;

    got_sig = sig;
    got_code = si->si_code;
    got_addr = (uintptr_t)si->si_addr;
    got_pc = uc->uc_mcontext.pc;
    got_fpsimd = has_fpsimd(uc);
    got_align = ((uintptr_t)uc & 15) == 0;
    if (edit_x0)
        uc->uc_mcontext.regs[0] = 222;
    /*
     * Only clobbered, not edited in the frame: qemu's SVE record overrides
     * fpsimd_context on sigreturn, a kernel without live SVE state does not.
     */
    if (clobber_v16)
        __asm__ volatile("movi v16.2d, #0" ::: "v16");
    if (clobber_flags)
        __asm__ volatile("cmp xzr, xzr" ::: "cc");
    uc->uc_mcontext.pc += 4; /* skip the faulting instruction */
}

static void report_fault(const char *what, uintptr_t insn)
{
    int code_ok = got_sig == SIGILL
                      ? (got_code == ILL_ILLOPC || got_code == ILL_ILLOPN)
                      : got_code == TRAP_BRKPT;

    printf("%s: signo=%d code_ok=%d addr-insn=%ld pc-insn=%ld fpsimd=%d "
           "aligned=%d\n",
           what, (int)got_sig, code_ok, (long)(got_addr - insn),
           (long)(got_pc - insn), got_fpsimd, got_align);
    got_sig = 0;
}

static void test_faults(void)
{
    uintptr_t insn;

    install(SIGILL, fault_handler, 0);
    install(SIGTRAP, fault_handler, 0);

    __asm__ volatile("adr %0, 1f\n1: .inst 0x00000000" : "=&r"(insn)::"memory");
    report_fault("udf word 0", insn);
    __asm__ volatile("adr %0, 1f\n1: udf #0" : "=&r"(insn)::"memory");
    report_fault("udf #0", insn);
    __asm__ volatile("adr %0, 1f\n1: brk #0" : "=&r"(insn)::"memory");
    report_fault("brk #0", insn);
}

static void test_context_edits(void)
{
    register uint64_t x0 __asm__("x0") = 111;
    uint64_t v16, lt;

    edit_x0 = 1;
    __asm__ volatile("brk #1" : "+r"(x0)::"memory");
    edit_x0 = 0;
    printf("x0 after handler edit: %llu\n", (unsigned long long)x0);

    clobber_v16 = 1;
    __asm__ volatile("movi v16.2d, #0xff\n\tbrk #2\n\tfmov %0, d16"
                     : "=r"(v16)::"v16", "memory");
    clobber_v16 = 0;
    printf("v16 kept across handler: %016llx\n", (unsigned long long)v16);

    clobber_flags = 1;
    __asm__ volatile("cmp %1, %2\n\tbrk #3\n\tcset %0, lt"
                     : "=r"(lt)
                     : "r"((uint64_t)1), "r"((uint64_t)2)
                     : "cc", "memory");
    clobber_flags = 0;
    printf("flags survive handler: lt=%llu\n", (unsigned long long)lt);
}

static void usr_handler(int sig, siginfo_t *si, void *ucv)
{
    (void)ucv;
    got_sig = sig;
    got_code = si->si_code;
    got_pid_ok = si->si_pid == getpid();
    count++;
}

static void test_async_basic(void)
{
    install(SIGUSR1, usr_handler, 0);
    raise(SIGUSR1);
    printf("raise: signo=%d code=%d (SI_TKILL=%d) pid_ok=%d\n", (int)got_sig,
           (int)got_code, SI_TKILL, got_pid_ok);
    kill(getpid(), SIGUSR1);
    printf("kill: signo=%d code=%d (SI_USER=%d) pid_ok=%d\n", (int)got_sig,
           (int)got_code, SI_USER, got_pid_ok);
}

static void nested_handler(int sig, siginfo_t *si, void *ucv)
{
    (void)si;
    (void)ucv;
    depth++;
    if (depth > max_depth)
        max_depth = depth;
    count++;
    if (count == 1)
        raise(sig); /* nests with SA_NODEFER, else waits for sigreturn */
    depth--;
}

static void test_flags(void)
{
    struct sigaction old;

    count = 0;
    max_depth = 0;
    install(SIGUSR1, nested_handler, 0);
    raise(SIGUSR1);
    printf("default defer: runs=%d max_depth=%d\n", (int)count, (int)max_depth);

    count = 0;
    max_depth = 0;
    install(SIGUSR1, nested_handler, SA_NODEFER);
    raise(SIGUSR1);
    printf("SA_NODEFER: runs=%d max_depth=%d\n", (int)count, (int)max_depth);

    count = 0;
    install(SIGUSR2, usr_handler, SA_RESETHAND);
    raise(SIGUSR2);
    sigaction(SIGUSR2, NULL, &old);
    printf("SA_RESETHAND: runs=%d now_default=%d\n", (int)count,
           old.sa_handler == SIG_DFL);
}

static void test_mask(void)
{
    sigset_t set, pending, now;

    count = 0;
    install(SIGUSR2, usr_handler, 0);
    sigemptyset(&set);
    sigaddset(&set, SIGUSR2);
    sigprocmask(SIG_BLOCK, &set, NULL);
    raise(SIGUSR2);
    sigpending(&pending);
    printf("blocked: runs=%d pending=%d\n", (int)count,
           sigismember(&pending, SIGUSR2));
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    printf("unblocked: runs=%d\n", (int)count);

    /* The handler's mask is undone by sigreturn. */
    sigprocmask(SIG_SETMASK, NULL, &now);
    printf("mask after: usr2_blocked=%d\n", sigismember(&now, SIGUSR2));

    /* rt_sigsuspend: wakes for the pending signal, restores the mask. */
    count = 0;
    sigprocmask(SIG_BLOCK, &set, NULL);
    raise(SIGUSR2);
    sigemptyset(&now);
    errno = 0;
    int r = sigsuspend(&now);
    int e = errno;
    sigprocmask(SIG_SETMASK, NULL, &now);
    printf("sigsuspend: ret=%d eintr=%d runs=%d still_blocked=%d\n", r,
           e == EINTR, (int)count, sigismember(&now, SIGUSR2));
    sigprocmask(SIG_UNBLOCK, &set, NULL);
}

static void alt_handler(int sig, siginfo_t *si, void *ucv)
{
    char local;
    stack_t cur;

    (void)sig;
    (void)si;
    (void)ucv;
    got_onstack = &local >= alt_base && &local < alt_base + alt_size;
    if (sigaltstack(NULL, &cur) == 0 && got_onstack)
        got_onstack += (cur.ss_flags & SS_ONSTACK) ? 1 : 0;
}

static void test_altstack(void)
{
    stack_t ss, old;

    alt_size = 64 * 1024;
    alt_base = malloc(alt_size);
    ss.ss_sp = alt_base;
    ss.ss_size = alt_size;
    ss.ss_flags = 0;
    if (sigaltstack(&ss, NULL) != 0)
        perror("sigaltstack");

    install(SIGUSR1, alt_handler, SA_ONSTACK);
    raise(SIGUSR1);
    printf("SA_ONSTACK: on_alt_stack=%d (2: and ss_flags says so)\n",
           got_onstack);

    install(SIGUSR1, alt_handler, 0);
    raise(SIGUSR1);
    printf("no SA_ONSTACK: on_alt_stack=%d\n", got_onstack);

    sigaltstack(NULL, &old);
    printf("after: ss_flags=%d size_ok=%d\n", old.ss_flags,
           old.ss_size == alt_size);
    ss.ss_flags = SS_DISABLE;
    sigaltstack(&ss, NULL);
}

/* Feature probes (OpenSSL's armcap) leave SIGILL handlers by siglongjmp. */
static sigjmp_buf probe_env;

static void probe_handler(int sig)
{
    (void)sig;
    count++;
    siglongjmp(probe_env, 1);
}

static void test_longjmp_and_rt(void)
{
    count = 0;
    signal(SIGILL, probe_handler);
    for (volatile int i = 0; i < 3; i++) {
        if (!sigsetjmp(probe_env, 1))
            __asm__ volatile(".inst 0x00000000" ::: "memory");
    }
    printf("siglongjmp out of SIGILL: runs=%d\n", (int)count);

    count = 0;
    got_sig = 0;
    install(SIGRTMIN + 1, usr_handler, 0);
    raise(SIGRTMIN + 1);
    printf("SIGRTMIN+1: runs=%d signo_ok=%d code=%d\n", (int)count,
           got_sig == SIGRTMIN + 1, (int)got_code);
    signal(SIGRTMIN + 1, SIG_IGN);
    raise(SIGRTMIN + 1);
    printf("ignored: runs=%d\n", (int)count);
}

static void alarm_handler(int sig, siginfo_t *si, void *ucv)
{
    (void)si;
    (void)ucv;
    got_sig = sig;
    count++;
}

static void test_alarm(void)
{
    count = 0;
    got_sig = 0;
    install(SIGALRM, alarm_handler, 0);
    alarm(1);
    errno = 0;
    int r = pause();
    printf("alarm: ret=%d eintr=%d signo=%d runs=%d\n", r, errno == EINTR,
           (int)got_sig, (int)count);
}

int main(void)
{
    setvbuf(stdout, NULL, _IONBF, 0);
    test_faults();
    test_context_edits();
    test_async_basic();
    test_flags();
    test_mask();
    test_altstack();
    test_longjmp_and_rt();
    test_alarm();
    printf("done\n");
    return 0;
}
