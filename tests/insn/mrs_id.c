/*
 * MRS of the ID registers at EL0, as Linux's emulation answers: MIDR,
 * MPIDR, REVIDR and the AArch64 feature registers (CRm 4-7) read; the
 * AArch32 ones (ID_PFR0, ID_ISAR0, MVFR0-2: CRm 1-3), the rest of CRm 0
 * and CRm 8-15 raise SIGILL. Prints only which (values are the CPU's).
 */
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

static sigjmp_buf escape;

static void on_sigill(int sig)
{
    (void)sig;
    siglongjmp(escape, 1);
}

#define TRY(reg)                                                               \
    do {                                                                       \
        unsigned long v;                                                       \
        if (sigsetjmp(escape, 1) == 0) {                                       \
            __asm__ volatile("mrs %0, " #reg : "=r"(v));                       \
            printf("%-16s reads\n", #reg);                                     \
        } else {                                                               \
            printf("%-16s SIGILL\n", #reg);                                    \
        }                                                                      \
    } while (0)

int main(void)
{
    signal(SIGILL, on_sigill);
    TRY(midr_el1);
    TRY(mpidr_el1);
    TRY(revidr_el1);
    TRY(s3_0_c0_c0_1);
    TRY(id_pfr0_el1);
    TRY(id_mmfr0_el1);
    TRY(id_isar0_el1);
    TRY(mvfr0_el1);
    TRY(mvfr1_el1);
    TRY(mvfr2_el1);
    TRY(id_aa64pfr0_el1);
    TRY(id_aa64pfr1_el1);
    TRY(id_aa64dfr0_el1);
    TRY(id_aa64isar0_el1);
    TRY(id_aa64isar1_el1);
    TRY(id_aa64mmfr0_el1);
    TRY(s3_0_c0_c7_7);
    TRY(s3_0_c0_c8_0);
    TRY(s3_0_c0_c15_7);
    TRY(s3_1_c0_c0_0);
    TRY(s3_0_c1_c0_0);
    return 0;
}
