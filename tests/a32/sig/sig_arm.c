/*
 * arm-specific signal frames: the ucontext's registers (pc, r4/r5, CPSR
 * flags changed by a handler take effect after sigreturn), SIGSEGV with
 * the fault address, the write bit and the skipped instruction, handlers
 * in the other instruction set, the kernel's return code (no SA_RESTORER)
 * for sigreturn and rt_sigreturn, VFP D0-D31 and FPSCR kept across a
 * handler that changes them. Output compared with sig_arm.expected:
 * qemu-arm 7.2's output, except that qemu leaves sigcontext's
 * fault_address and error_code 0 where the kernel (arm, or arm64's compat
 * layer) gives the address and bit 11 (write).
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/ucontext.h>
#include <unistd.h>

#ifdef __thumb__
#define ISA_DIRECTIVE ".thumb\n\t.thumb_func\n\t"
#define WIDE ".w"
#else
#define ISA_DIRECTIVE ".arm\n\t"
#define WIDE ""
#endif

/* ---- faults ---- */

extern char fault_load_insn[], fault_store_insn[];
static volatile uintptr_t seen_pc, seen_addr, seen_si_addr;
static volatile int seen_write, seen_code;

static uint32_t load_at(const volatile uint32_t *p)
{
    uint32_t r = 7;

    __asm__ volatile(".globl fault_load_insn\nfault_load_insn:\n\t"
                     "ldr" WIDE " %0, [%1]\n"
                     : "+r"(r)
                     : "r"(p)
                     : "memory");
    return r;
}

static void store_at(volatile uint32_t *p, uint32_t v)
{
    __asm__ volatile(".globl fault_store_insn\nfault_store_insn:\n\t"
                     "str" WIDE " %0, [%1]\n"
                     :
                     : "r"(v), "r"(p)
                     : "memory");
}

static void segv_handler(int sig, siginfo_t *info, void *ucv)
{
    ucontext_t *uc = ucv;

    (void)sig;
    seen_pc = uc->uc_mcontext.arm_pc;
    seen_addr = uc->uc_mcontext.fault_address;
    seen_si_addr = (uintptr_t)info->si_addr;
    seen_write = (uc->uc_mcontext.error_code >> 11) & 1;
    seen_code = info->si_code;
    uc->uc_mcontext.arm_pc += 4; /* both faulting insns are 4 bytes */
}

static void test_segv(void)
{
    struct sigaction sa;
    uint32_t *ro =
        mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    uint32_t r;

    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = segv_handler;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGSEGV, &sa, NULL);

    r = load_at((volatile uint32_t *)0x40);
    printf("load fault: pc ok %d addr 0x%lx si_addr 0x%lx write %d code %s "
           "r %u\n",
           seen_pc == ((uintptr_t)fault_load_insn & ~1u),
           (unsigned long)seen_addr, (unsigned long)seen_si_addr, seen_write,
           seen_code == SEGV_MAPERR ? "MAPERR" : "other", r);
    store_at(ro + 3, 5);
    printf("store fault: pc ok %d addr ok %d si_addr ok %d write %d code "
           "%s\n",
           seen_pc == ((uintptr_t)fault_store_insn & ~1u),
           seen_addr == (uintptr_t)(ro + 3),
           seen_si_addr == (uintptr_t)(ro + 3), seen_write,
           seen_code == SEGV_ACCERR ? "ACCERR" : "other");
    munmap(ro, 4096);
}

/* ---- registers changed in the ucontext ---- */

static volatile uint32_t handler_saw_r4, handler_saw_cpsr_t;

static void regs_handler(int sig, siginfo_t *info, void *ucv)
{
    ucontext_t *uc = ucv;

    (void)sig;
    (void)info;
    handler_saw_r4 = uc->uc_mcontext.arm_r4;
    handler_saw_cpsr_t = (uc->uc_mcontext.arm_cpsr >> 5) & 1;
    uc->uc_mcontext.arm_r4 = 0x11111111;
    uc->uc_mcontext.arm_r5 = 0x22222222;
    uc->uc_mcontext.arm_cpsr |= 1u << 30; /* Z */
}

/* r0 = tid: tgkill(tid, tid, SIGUSR1) with r4 = 4, r5 = 5 and Z clear;
 * returns r4, r5 after, and r6 = 1 if Z was set on return. */
uint32_t regs_svc(uint32_t tid, uint32_t out[3]);
__asm__(".text\n\t.syntax unified\n\t.globl regs_svc\n\t"
        ".type regs_svc, %function\n\t" ISA_DIRECTIVE "regs_svc:\n\t"
        "push {r4, r5, r6, r7, lr}\n\t"
        "mov r3, r1\n\t"
        "mov r1, r0\n\t"
        "mov r2, #10\n\t"
        "mov r7, #268\n\t"
        "mov r4, #4\n\t"
        "mov r5, #5\n\t"
        "mov r6, #0\n\t"
        "movs r6, #1\n\t" /* Z clear */
        "svc #0\n\t"
        "it eq\n\t"
        "moveq r6, #7\n\t"
        "str r4, [r3]\n\t"
        "str r5, [r3, #4]\n\t"
        "str r6, [r3, #8]\n\t"
        "pop {r4, r5, r6, r7, pc}\n\t"
        ".size regs_svc, . - regs_svc\n");

static void test_regs(void)
{
    struct sigaction sa;
    uint32_t out[3];

    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = regs_handler;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGUSR1, &sa, NULL);
    regs_svc(syscall(SYS_gettid), out);
    printf("ucontext: handler saw r4 %u, T %s; after: r4 0x%x r5 0x%x "
           "Z-set path %u\n",
           handler_saw_r4,
#ifdef __thumb__
           handler_saw_cpsr_t ? "ok" : "bad",
#else
           handler_saw_cpsr_t ? "bad" : "ok",
#endif
           out[0], out[1], out[2]);
}

/* ---- handlers in either instruction set, with and without SA_RESTORER */

static volatile int isa_hits;
static volatile uint32_t isa_uc_ok;

__attribute__((target("thumb"))) static void thumb_plain(int sig)
{
    (void)sig;
    isa_hits++;
}

__attribute__((target("arm"))) static void arm_plain(int sig)
{
    (void)sig;
    isa_hits++;
}

__attribute__((target("thumb"))) static void
thumb_info(int sig, siginfo_t *info, void *ucv)
{
    ucontext_t *uc = ucv;

    isa_hits++;
    isa_uc_ok += info->si_signo == sig && uc->uc_mcontext.arm_sp != 0;
}

__attribute__((target("arm"))) static void arm_info(int sig, siginfo_t *info,
                                                    void *ucv)
{
    ucontext_t *uc = ucv;

    isa_hits++;
    isa_uc_ok += info->si_signo == sig && uc->uc_mcontext.arm_sp != 0;
}

/* The kernel's struct sigaction, to install a handler without glibc's
 * SA_RESTORER: the return goes through the kernel's return code. */
struct kernel_sigaction {
    uintptr_t handler;
    unsigned long flags;
    uintptr_t restorer;
    uint32_t mask[2];
};

static void install_raw(int sig, uintptr_t handler, unsigned long flags)
{
    struct kernel_sigaction ka = {handler, flags, 0, {0, 0}};

    syscall(SYS_rt_sigaction, sig, &ka, NULL, 8);
}

static void install_glibc(int sig, uintptr_t handler, int flags)
{
    struct sigaction sa;

    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = (void (*)(int))handler;
    sa.sa_flags = flags;
    sigaction(sig, &sa, NULL);
}

static void test_isa(void)
{
    const struct {
        const char *name;
        uintptr_t fn;
        unsigned long flags;
    } cases[] = {
        {"thumb plain", (uintptr_t)thumb_plain, 0},
        {"arm plain", (uintptr_t)arm_plain, 0},
        {"thumb siginfo", (uintptr_t)thumb_info, SA_SIGINFO},
        {"arm siginfo", (uintptr_t)arm_info, SA_SIGINFO},
    };

    for (unsigned i = 0; i < 4; i++) {
        isa_hits = 0;
        install_raw(SIGUSR2, cases[i].fn, cases[i].flags);
        raise(SIGUSR2);
        raise(SIGUSR2);
        install_glibc(SIGUSR2, cases[i].fn, (int)cases[i].flags);
        raise(SIGUSR2);
        printf("%s: fn bit0 %u, %d calls returned\n", cases[i].name,
               (unsigned)(cases[i].fn & 1), isa_hits);
    }
    printf("siginfo handlers saw their frame: %u of 6\n", isa_uc_ok);
}

/* ---- VFP across a handler ---- */

uint32_t vfp_svc(const uint64_t in[32], uint64_t out[32], uint32_t fpscr,
                 uint32_t tid);
__asm__(".text\n\t.syntax unified\n\t.fpu neon\n\t.globl vfp_svc\n\t"
        ".type vfp_svc, %function\n\t" ISA_DIRECTIVE "vfp_svc:\n\t"
        "push {r4, r5, r6, r7, lr}\n\t"
        "vpush {d8-d15}\n\t"
        "mov r4, r0\n\t"
        "mov r5, r1\n\t"
        "vmsr fpscr, r2\n\t"
        "vldmia r4!, {d0-d15}\n\t"
        "vldmia r4, {d16-d31}\n\t"
        "mov r0, r3\n\t"
        "mov r1, r3\n\t"
        "mov r2, #10\n\t"
        "mov r7, #268\n\t"
        "svc #0\n\t"
        "vstmia r5!, {d0-d15}\n\t"
        "vstmia r5, {d16-d31}\n\t"
        "vmrs r0, fpscr\n\t"
        "vpop {d8-d15}\n\t"
        "pop {r4, r5, r6, r7, pc}\n\t"
        ".size vfp_svc, . - vfp_svc\n");

/* Loads junk into every D register and FPSCR (vfp_svc's loads, with the
 * handler's own return path). */
void vfp_clobber(const uint64_t junk[32]);
__asm__(".text\n\t.syntax unified\n\t.fpu neon\n\t.globl vfp_clobber\n\t"
        ".type vfp_clobber, %function\n\t" ISA_DIRECTIVE "vfp_clobber:\n\t"
        "vpush {d8-d15}\n\t"
        "vldmia r0!, {d0-d15}\n\t"
        "vldmia r0, {d16-d31}\n\t"
        "mov r1, #0\n\t"
        "vmsr fpscr, r1\n\t"
        "vpop {d8-d15}\n\t"
        "bx lr\n\t"
        ".size vfp_clobber, . - vfp_clobber\n");

static uint64_t vfp_junk[32];
static volatile double handler_sum;

static void vfp_handler(int sig)
{
    volatile double a = 1.5, b = 2.25;

    (void)sig;
    vfp_clobber(vfp_junk);
    handler_sum = a * b + (double)sig;
}

static void test_vfp(void)
{
    uint64_t in[32], out[32];
    uint32_t fpscr_in = 0x60c00010; /* Z C, round to zero, IXC */
    uint32_t fpscr_out;
    int same = 0;

    for (int i = 0; i < 32; i++) {
        in[i] = 0x0123456789abcdefull * (uint64_t)(i + 1);
        vfp_junk[i] = ~in[i];
    }
    install_glibc(SIGUSR1, (uintptr_t)vfp_handler, 0);
    fpscr_out = vfp_svc(in, out, fpscr_in, syscall(SYS_gettid));
    for (int i = 0; i < 32; i++)
        same += in[i] == out[i];
    printf("vfp: %d of 32 D registers kept, fpscr 0x%08x (was 0x%08x), "
           "handler %.4f\n",
           same, fpscr_out, fpscr_in, handler_sum);
}

int main(void)
{
    setvbuf(stdout, NULL, _IONBF, 0);
    test_segv();
    test_regs();
    test_isa();
    test_vfp();
    return 0;
}
