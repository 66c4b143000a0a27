/*
 * Where PSCI CPU_ON starts a secondary vCPU (MMU off, EL1, x0 = the
 * context smp.c passed: the CPU index): its own stack, then C. Must not
 * touch anything CPU 0 owns; the vectors and the MMU are set up in C.
 */
#include "smp.h"

    .text
    .global smp_secondary_entry
smp_secondary_entry:
    mov     x19, x0
    ldr     x1, =smp_stacks
    add     x2, x0, #1
    mov     x3, #SMP_STACK_SIZE
    madd    x1, x2, x3, x1          // the top of stack number x0
    mov     sp, x1
    mov     x1, #(3 << 20)          // CPACR_EL1.FPEN: no FP traps
    msr     cpacr_el1, x1
    isb
    mov     x0, x19
    bl      smp_secondary_main
1:  wfi
    b       1b
