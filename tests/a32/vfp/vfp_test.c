/*
 * armhf side of the VFP instruction tests: runs each instruction of
 * vfp_insns.S (A32 and T32 tables, linked in as binary blobs) from an
 * executable buffer over the cases of vfp_cases.h and prints the state.
 * Run it under qemu-arm (the reference) or arx; vfp_harness.c prints the
 * same from arx's translator in process.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "vfp_cases.h"

void vfp_run(VfpState *st, void (*code)(void));
extern const uint8_t vfp_a32_start[], vfp_a32_end[];
extern const uint8_t vfp_t32_start[], vfp_t32_end[];

static uint8_t scratch[VFP_SCRATCH];

static void run_case(uint8_t *buf, const uint8_t *insn, unsigned bytes,
                     int thumb, unsigned i, unsigned j, unsigned mode)
{
    VfpState st;
    uint32_t word = 0;

    memcpy(buf, insn, bytes);
    if (thumb) {
        memcpy(buf + 4, "\x70\x47", 2); /* bx lr */
        word = (uint32_t)insn[0] << 16 | insn[1] << 24 | insn[2] | insn[3] << 8;
    } else {
        memcpy(buf + 4, "\x1e\xff\x2f\xe1", 4); /* bx lr */
        memcpy(&word, insn, 4);
    }
    __builtin___clear_cache((char *)buf, (char *)buf + 8);
    vfp_case_state(&st, i, j, mode);
    vfp_scratch_init(scratch);
    st.r[2] = (uint32_t)(uintptr_t)(scratch + VFP_SCRATCH / 2);
    vfp_run(&st, (void (*)(void))((uintptr_t)buf | (thumb ? 1 : 0)));
    vfp_print(thumb ? "T32" : "A32", word, i, j, mode, &st,
              st.r[2] - (uint32_t)(uintptr_t)(scratch + VFP_SCRATCH / 2),
              scratch);
}

int main(int argc, char **argv)
{
    uint8_t *buf = mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC,
                        MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    int full = argc > 1 && strcmp(argv[1], "full") == 0;

    if (buf == MAP_FAILED)
        return 1;
    for (int thumb = 0; thumb < 2; thumb++) {
        const uint8_t *p = thumb ? vfp_t32_start : vfp_a32_start;
        const uint8_t *end = thumb ? vfp_t32_end : vfp_a32_end;
        for (; p < end; p += 4)
            for (unsigned i = 0; i < VFP_NVALUES; i++)
                for (unsigned j = 0; j < VFP_NVALUES; j++)
                    for (unsigned m = 0; m < VFP_NMODES; m++)
                        if (full || m == (i + 2 * j) % VFP_NMODES)
                            run_case(buf, p, 4, thumb, i, j, m);
    }
    return 0;
}
