/*
 * Host-side check of the a17-ldst decoders' reach: reads "A32 xxxxxxxx",
 * "T32 xxxxxxxx" (hw1 << 16 | hw2) or "T16 xxxx" lines and prints the
 * pattern each group decoder describes (or "-"). decode_check.sh
 * compares that with objdump's mnemonics. Calls no trans_ function.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "tcg/ir.h"

typedef struct DisasContext DisasContext;

#pragma GCC diagnostic ignored "-Wunused-function"
#include "target-arm/a32/a32_ldst.dec.c"
#include "target-arm/a32/a32_uncond.dec.c"
#include "target-arm/a32/t16_ldst.dec.c"
#include "target-arm/a32/t32_ldst.dec.c"

int main(void)
{
    char kind[8], buf[160];
    unsigned insn;

    while (scanf("%7s %x", kind, &insn) == 2) {
        const char *d;

        if (kind[1] == '1')
            d = t16_ldst_describe((uint16_t)insn, buf, sizeof(buf));
        else if (kind[0] == 'T')
            d = t32_ldst_describe(insn, buf, sizeof(buf));
        else if ((insn >> 28) == 0xf)
            d = a32_uncond_describe(insn, buf, sizeof(buf));
        else
            d = a32_ldst_describe(insn, buf, sizeof(buf));
        printf("%s %08x %s\n", kind, insn, d ? d : "-");
    }
    return 0;
}
