/*
 * A freestanding harness for the AArch32 Advanced SIMD tests: _start,
 * write/exit syscalls and hex printing, so the tests run with no libc
 * (only the loader and the exit/write syscalls). Not for hosted builds.
 */
#ifndef NEON_HARNESS_H
#define NEON_HARNESS_H

#include <stddef.h>
#include <stdint.h>

static long sys_call3(long nr, long a, long b, long c)
{
    register long r0 __asm__("r0") = a;
    register long r1 __asm__("r1") = b;
    register long r2 __asm__("r2") = c;
    register long r7 __asm__("r7") = nr;
    __asm__ volatile("svc 0" : "+r"(r0) : "r"(r1), "r"(r2), "r"(r7) : "memory");
    return r0;
}

static char out_buf[4096];
static int out_len;

static void out_flush(void)
{
    sys_call3(4, 1, (long)out_buf, out_len);
    out_len = 0;
}

static void out_char(char c)
{
    if (out_len == (int)sizeof(out_buf)) {
        out_flush();
    }
    out_buf[out_len++] = c;
}

static void out_str(const char *s)
{
    while (*s) {
        out_char(*s++);
    }
}

static void out_hex(const void *p, int bytes)
{
    const uint8_t *b = p;
    for (int i = bytes - 1; i >= 0; i--) {
        out_char("0123456789abcdef"[b[i] >> 4]);
        out_char("0123456789abcdef"[b[i] & 15]);
    }
}

/* name: the 8- or 16-byte value as hex, high byte first. */
#define SHOW(name, v)                                                          \
    do {                                                                       \
        __typeof__(v) show_tmp = (v);                                          \
        out_str(name);                                                         \
        out_str(": ");                                                         \
        out_hex(&show_tmp, sizeof(show_tmp));                                  \
        out_char('\n');                                                        \
    } while (0)

void *memcpy(void *d, const void *s, size_t n)
{
    uint8_t *dd = d;
    const uint8_t *ss = s;
    while (n--) {
        *dd++ = *ss++;
    }
    return d;
}

void *memset(void *d, int c, size_t n)
{
    uint8_t *dd = d;
    while (n--) {
        *dd++ = (uint8_t)c;
    }
    return d;
}

int main(void);

void __attribute__((noreturn, used)) start_c(void)
{
    int rc = main();
    out_flush();
    sys_call3(248, rc, 0, 0);
    for (;;) {
    }
}

__asm__(".globl _start\n"
        ".type _start, %function\n"
        "_start:\n"
        "  bl start_c\n");

#endif
