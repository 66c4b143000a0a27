@ vfp_run(VfpState *st, void (*code)(void)): loads the state (d0-d31,
@ FPSCR, APSR flags, r0-r3), calls code, stores the state back.
.syntax unified
.fpu neon-fp-armv8
.arch armv8-a
.arm
.text
.global vfp_run
vfp_run:
    push {r4-r11, lr}
    vpush {d8-d15}
    mov r4, r0
    mov r5, r1
    vldmia r4, {d0-d15}
    add r6, r4, #128
    vldmia r6, {d16-d31}
    ldr r7, [r4, #256]
    vmsr fpscr, r7
    ldr r7, [r4, #276]
    msr APSR_nzcvq, r7
    add r7, r4, #260
    ldm r7, {r0-r3}
    blx r5
    add r7, r4, #260
    stm r7, {r0-r3}
    mrs r7, APSR
    str r7, [r4, #276]
    vmrs r7, fpscr
    str r7, [r4, #256]
    mov r7, #0
    vmsr fpscr, r7
    vstmia r4, {d0-d15}
    add r6, r4, #128
    vstmia r6, {d16-d31}
    vpop {d8-d15}
    pop {r4-r11, pc}
