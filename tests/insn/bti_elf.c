/*
 * A static program whose GNU property note says BTI (built without libc,
 * every object marked): the loader guards its code, as Linux does. A BLR
 * to a function with its BTI c runs; a BR X9 to code without a landing
 * pad ends the process with SIGILL (exit status 132 under a shell).
 * insn-cflags: -nostdlib -mbranch-protection=bti -fno-stack-protector
 */
#include <stddef.h>

static long sys_write(const char *s, size_t len)
{
    register long x0 __asm__("x0") = 1;
    register const char *x1 __asm__("x1") = s;
    register size_t x2 __asm__("x2") = len;
    register long x8 __asm__("x8") = 64; /* write */

    __asm__ volatile("svc #0"
                     : "+r"(x0)
                     : "r"(x1), "r"(x2), "r"(x8)
                     : "memory");
    return x0;
}

static void say(const char *s)
{
    size_t n = 0;

    while (s[n])
        n++;
    sys_write(s, n);
}

/* Called through a pointer: the compiler starts it with BTI c. */
__attribute__((noinline)) void landing(void)
{
    say("blr to bti c: ok\n");
}

/* No landing pad; entered by BR X9 (BTYPE 3) from cmain. */
__asm__(".text\n.p2align 2\nno_pad:\n    nop\n    ret\n"
        ".globl _start\n_start:\n    mov x29, #0\n    bl cmain\n"
        "    mov x0, #0\n    mov x8, #93\n    svc #0\n");

void cmain(void)
{
    void (*volatile fn)(void) = landing;

    say("start\n");
    fn();
    say("br x9 to no landing pad:\n");
    __asm__ volatile("adr x30, 1f\n    adr x9, no_pad\n    br x9\n1:"
                     :
                     :
                     : "x9", "x30", "memory");
    say("not reached\n");
}
