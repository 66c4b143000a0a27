@ dta_run(struct dta_state *s): load r0-r12, r14, APSR (NZCVQ GE), FPSCR
@ and d0-d31 from *s, jump to the snippet at s->code (A32 or Thumb), which
@ returns by loading dta_back into pc; store everything back. r13 stays the
@ harness stack (state pointer on top): generated code must not write it.
    .syntax unified
    .arch armv7-a
    .fpu neon
    .arm
    .text
    .global dta_run
    .type dta_run, %function
dta_run:
    push {r4-r11, lr}
    vpush {d8-d15}
    ldr r1, [r0, #72]
    push {r0}                  @ [sp+4] = state
    push {r1}                  @ [sp] = snippet address
    add r1, r0, #80
    vldmia r1!, {d0-d15}
    vldmia r1, {d16-d31}
    ldr r1, [r0, #68]
    vmsr fpscr, r1
    ldr r1, [r0, #64]
    msr APSR_nzcvqg, r1
    ldr r14, [r0, #56]
    ldm r0, {r0-r12}           @ consecutive words: r14 is not at +52
    pop {pc}                   @ interworking: bit 0 selects Thumb

    .global dta_back
    .type dta_back, %function
dta_back:
    push {r0-r12, r14}         @ 14 words; the state pointer is at [sp+56]
    ldr r0, [sp, #56]
    mrs r1, APSR
    str r1, [r0, #64]
    vmrs r1, fpscr
    str r1, [r0, #68]
    add r1, r0, #80
    vstmia r1!, {d0-d15}
    vstmia r1, {d16-d31}
    pop {r1-r7}                @ r0-r6
    stmia r0, {r1-r7}
    pop {r1-r7}                @ r7-r12, r14
    add r8, r0, #28
    stmia r8, {r1-r6}
    str r7, [r0, #56]
    add sp, sp, #4
    @ The C caller expects the default FP environment and flags back.
    mov r1, #0
    vmsr fpscr, r1
    msr APSR_nzcvqg, r1
    vpop {d8-d15}
    pop {r4-r11, pc}
    .size dta_run, . - dta_run
    .section .note.GNU-stack, "", %progbits
