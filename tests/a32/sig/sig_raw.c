/* sig-cflags: -nostdlib -ffreestanding -O1 */
/*
 * Signals without libc (no startup code, raw syscalls): rt_sigaction
 * without SA_RESTORER so that every handler returns through the kernel's
 * return code (A32/T32 x sigreturn/rt_sigreturn), a handler changing r4 in
 * the ucontext, SIGSEGV with fault address, write bit, trap_no 14 and the
 * pc skipped, D0-D31/FPSCR across a handler, a kuser call. Expected:
 * qemu-arm's, except the fault line (qemu leaves fault_address, error_code
 * and trap_no 0; the arm kernel reports them).
 */

#include <stdint.h>
static long sys(long nr, long a, long b, long c, long d)
{
    register long r0 __asm__("r0") = a;
    register long r1 __asm__("r1") = b;
    register long r2 __asm__("r2") = c;
    register long r3 __asm__("r3") = d;
    register long r7 __asm__("r7") = nr;
    __asm__ volatile("svc #0"
                     : "+r"(r0)
                     : "r"(r1), "r"(r2), "r"(r3), "r"(r7)
                     : "memory");
    return r0;
}
static void puts_(const char *s)
{
    long n = 0;
    while (s[n])
        n++;
    sys(4, 1, (long)s, n, 0);
}
static void putn(unsigned long v)
{
    char b[12];
    int i = 11;
    b[i] = 0;
    do {
        b[--i] = '0' + v % 10;
        v /= 10;
    } while (v);
    puts_(b + i);
}
struct ksa {
    uintptr_t h;
    unsigned long f;
    uintptr_t r;
    uint32_t m[2];
};
static volatile int hits;
static volatile uint32_t seen[8];
__attribute__((target("thumb"))) static void th_plain(int s)
{
    hits += s;
}
__attribute__((target("arm"))) static void arm_plain(int s)
{
    hits += s;
}
__attribute__((target("thumb"))) static void th_info(int s, void *i, void *uc)
{
    hits += s;
    seen[0] = ((uint32_t *)i)[0];
    uint32_t *m = (uint32_t *)uc + 5;
    if (seen[7])
        m[3 + 4] = 0x4444;
}
__attribute__((target("arm"))) static void arm_info(int s, void *i, void *uc)
{
    hits += s;
    seen[1] = ((uint32_t *)i)[3];
}
static void segv(int s, void *i, void *ucv)
{
    uint32_t *sc = (uint32_t *)ucv + 5;
    seen[2] = sc[20];
    seen[3] = (sc[1] >> 11) & 1;
    seen[4] = sc[0];
    sc[3 + 15] += 4;
    hits += 100;
}
static void install(int sig, void *h, unsigned long f)
{
    struct ksa k = {(uintptr_t)h, f, 0, {0, 0}};
    sys(174, sig, (long)&k, 0, 8);
}
#ifdef __thumb__
#define ISA_DIRECTIVE ".thumb\n\t.thumb_func\n\t"
#else
#define ISA_DIRECTIVE ".arm\n\t"
#endif
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

static uint64_t junk[32], in[32], out[32];
static void vh(int s)
{
    vfp_clobber(junk);
    hits += s;
}
extern char fault_insn[];
#ifdef __thumb__
#define W "str.w"
#else
#define W "str"
#endif
/* sigaltstack and nesting: USR2's handler runs on the altstack and
 * raises USR1, whose handler (no SA_ONSTACK) must run on it too. */
static char altstack[16384];
static volatile int alt_outer, alt_inner, depth, max_depth;
static long raw_tid;

static int on_alt(void)
{
    char c;
    return &c >= altstack && &c < altstack + sizeof(altstack);
}

static void inner(int s)
{
    (void)s;
    depth++;
    if (depth > max_depth)
        max_depth = depth;
    alt_inner = on_alt();
    depth--;
}

static void outer(int s)
{
    (void)s;
    depth++;
    alt_outer = on_alt();
    sys(268, raw_tid, raw_tid, 10, 0);
    depth--;
}

static void test_altstack_nested(void)
{
    struct {
        uint32_t sp;
        int32_t flags;
        uint32_t size;
    } ss = {(uint32_t)(uintptr_t)altstack, 0, sizeof(altstack)}, cur;

    sys(186, (long)&ss, 0, 0, 0);
    install(10, inner, 0);
    install(12, outer, 0x08000000 | 4); /* SA_ONSTACK | SA_SIGINFO */
    sys(268, raw_tid, raw_tid, 12, 0);
    sys(186, 0, (long)&cur, 0, 0);
    puts_("altstack outer ");
    putn(alt_outer);
    puts_(" inner ");
    putn(alt_inner);
    puts_(" max depth ");
    putn(max_depth);
    puts_(" depth ");
    putn(depth);
    puts_(" flags after ");
    putn(cur.flags);
    puts_("\n");
}

void _start(void)
{
    long tid = sys(224, 0, 0, 0, 0);
    void *hs[4] = {th_plain, arm_plain, th_info, arm_info};
    for (int i = 0; i < 4; i++) {
        hits = 0;
        install(10, hs[i], i >= 2 ? 4 : 0);
        sys(268, tid, tid, 10, 0);
        sys(268, tid, tid, 10, 0);
        puts_("case ");
        putn(i);
        puts_(" hits ");
        putn(hits);
        puts_("\n");
    }
    puts_("info signo ");
    putn(seen[0]);
    puts_(" pid ");
    putn(seen[1] == tid);
    puts_("\n");
    /* r4 changed by th_info: */
    install(10, th_info, 4);
    seen[7] = 1;
    {
        register uint32_t r4 __asm__("r4") = 1;
        register long r0 __asm__("r0") = tid;
        register long r1 __asm__("r1") = tid;
        register long r2 __asm__("r2") = 10;
        register long r7 __asm__("r7") = 268;
        __asm__ volatile("svc #0"
                         : "+r"(r0), "+r"(r4)
                         : "r"(r1), "r"(r2), "r"(r7)
                         : "memory");
        puts_("r4 after ");
        putn(r4);
        puts_("\n");
    }
    install(11, segv, 4);
    hits = 0;
    __asm__ volatile(".globl fault_insn\nfault_insn: " W " r0, [%0]" ::"r"(0x40)
                     : "memory");
    puts_("segv hits ");
    putn(hits);
    puts_(" addr ");
    putn(seen[2]);
    puts_(" write ");
    putn(seen[3]);
    puts_(" trap ");
    putn(seen[4]);
    puts_("\n");
    {
        int v = 5;
        int (*cx)(int, int, volatile int *) = (void *)0xffff0fc0;
        int r = cx(5, 9, &v);
        puts_("kuser cx ");
        putn(r);
        puts_(" ");
        putn(v);
        puts_(" version ");
        putn(*(int *)0xffff0ffc);
        puts_("\n");
    }
    for (int i = 0; i < 32; i++) {
        in[i] = 0x0123456789abcdefull * (uint64_t)(i + 1);
        junk[i] = ~in[i];
    }
    install(10, vh, 0);
    {
        uint32_t f = vfp_svc(in, out, 0x60c00010, tid);
        int same = 0;
        for (int i = 0; i < 32; i++)
            same += in[i] == out[i];
        puts_("vfp same ");
        putn(same);
        puts_(" fpscr ok ");
        putn(f == 0x60c00010);
        puts_("\n");
    }
    raw_tid = tid;
    test_altstack_nested();
    sys(1, 0, 0, 0, 0);
}
