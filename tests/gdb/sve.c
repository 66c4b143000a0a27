/* SVE registers under gdb (run-gdb-tests.sh, case sve): Z1, P1 and the
 * FFR set, a stop in marker, where gdb reads them and writes Z2; then
 * Z2's first and last words are printed. */
#include <stdint.h>
#include <stdio.h>

void marker(void)
{
    __asm__ volatile("" ::: "memory");
}

int main(void)
{
    uint32_t out[64] = {0};
    uint64_t vl;

    __asm__ volatile("index z1.d, #5, #3\n\tptrue p1.s, vl3\n\t"
                     "wrffr p1.b\n\tdup z2.s, #7\n\tbl marker\n\t"
                     "str z2, [%[o]]\n\trdvl %[vl], #1"
                     : [vl] "=r"(vl)
                     : [o] "r"(out)
                     : "memory", "x30", "v1", "v2");
    printf("z2 %x %x vl %u\n", out[0], out[vl / 4 - 1], (unsigned)vl);
    return 47;
}
