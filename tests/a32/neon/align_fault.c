/*
 * An alignment qualifier on a misaligned address faults (SIGBUS) before
 * anything is loaded; the same access without the qualifier does not.
 * Output and exit status compared with qemu-arm's. Freestanding.
 */
#include "harness.h"

static uint8_t buf[64] __attribute__((aligned(32)));

int main(void)
{
    uint8_t *p = buf + 8;
    uint32_t lo;

    __asm__ volatile("vld1.64 {d0-d1}, [%1]\n"
                     "vmov %0, s0\n"
                     : "=r"(lo)
                     : "r"(p)
                     : "d0", "d1", "memory");
    SHOW("unqualified load", lo);
    out_flush();
    __asm__ volatile("vld1.64 {d0-d1}, [%0 :128]"
                     :
                     : "r"(p)
                     : "d0", "d1", "memory");
    out_str("no fault\n");
    return 0;
}
