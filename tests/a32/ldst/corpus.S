.syntax unified
.macro ALLFORMS
    ldr r0, [r1]
    ldr r0, [r1, #4]
    ldr r0, [r1, #-4]
    ldr r0, [r1, #4]!
    ldr r0, [r1, #-4]!
    ldr r0, [r1], #4
    ldr r0, [r1], #-4
    ldrb r0, [r1, #255]
    ldrh r0, [r1, #254]
    ldrsb r0, [r1, #-3]
    ldrsh r0, [r1, #6]!
    strb r0, [r1], #-1
    strh r0, [r1, #2]!
    str r0, [r1, r2]
    str r0, [r1, r2, lsl #2]
    ldr r0, [r1, r2, lsl #3]
    ldrb r0, [r1, r2]
    ldrh r0, [r1, r2]
    ldrsb r0, [r1, r2]
    ldrsh r0, [r1, r2]
    strh r0, [r1, r2]
    ldrd r0, r1, [r2]
    ldrd r0, r1, [r2, #8]!
    ldrd r0, r1, [r2], #-8
    strd r0, r1, [r2, #16]
    ldr pc, [sp], #4
    ldr r0, =0x12345678
    ldrex r0, [r1]
    strex r2, r0, [r1]
    ldrexb r0, [r1]
    strexb r2, r0, [r1]
    ldrexh r0, [r1]
    strexh r2, r0, [r1]
    ldrexd r0, r1, [r2]
    strexd r3, r0, r1, [r2]
    lda r0, [r1]
    ldab r0, [r1]
    ldah r0, [r1]
    stl r0, [r1]
    stlb r0, [r1]
    stlh r0, [r1]
    ldaex r0, [r1]
    stlex r2, r0, [r1]
    ldaexb r0, [r1]
    stlexh r2, r0, [r1]
    ldaexd r0, r1, [r2]
    stlexd r3, r0, r1, [r2]
    clrex
    dmb ish
    dmb ishst
    dsb sy
    isb
    nop
    yield
    wfe
    wfi
    sev
    pld [r0, #64]
    pldw [r0, #64]
    pli [r0, #64]
    pld [r0, r1]
    ldmia r0!, {r1, r2, r3}
    ldmdb r0, {r1, r2, r3}
    stmdb sp!, {r4-r11, lr}
    ldmia sp!, {r4-r11, pc}
    stmia r0, {r1, r2}
    push {r0, r1, lr}
    pop {r0, r1, pc}
    push {r4}
    pop {r4}
    bx lr
    blx r3
    svc #0
    bkpt #5
    udf #7
    mrc p15, 0, r0, c13, c0, 3
    mcr p15, 0, r0, c13, c0, 2
    mcr p15, 0, r0, c7, c10, 5
    mrrc p15, 1, r0, r1, c14
    bl 1f
    b 1f
    beq 1f
1:  nop
.endm
.arm
a32:
    ALLFORMS
    ldrt r0, [r1], #4
    strbt r0, [r1], #1
    ldrht r0, [r1], #2
    ldr r0, [r1, r2, ror #3]
    ldr r0, [r1, -r2, asr #32]
    ldr r0, [r1, r2, rrx]!
    ldmib r0, {r1, r2}
    stmda r0!, {r1, r2}
    ldrd r2, r3, [r0, -r1]
    bxj r0
    blx t32
    ldrexeq r0, [r1]
    setend be
    cpsid i
    srsdb sp!, #19
    rfeia r0
    msr cpsr_c, r0
    mrs r0, apsr
    mov pc, lr
    mul r0, r1, r2
    smulbb r0, r1, r2
    qadd r0, r1, r2
    clz r0, r1
    vldr d0, [r0]
    vmov r0, s0
    mcr p14, 0, r0, c0, c0, 0
.thumb
t32:
    ALLFORMS
    it eq
    moveq r0, r1
    itte ne
    movne r0, r1
    movne r0, r1
    moveq r0, r1
    cbz r0, 3f
    cbnz r1, 3f
3:  nop
    tbb [pc, r0]
    tbh [pc, r0, lsl #1]
    ldrt r0, [r1, #4]
    ldr.w r0, [r1, r2, lsl #2]
    ldr r0, [r1, #4095]
    ldr r0, [r1, #-255]
    ldr.w r0, [pc, #-8]
    ldrd r0, r1, [pc, #8]
    ldrb r0, [r1, #1]
    ldr r0, [sp, #8]
    str r0, [sp, #8]
    ldr r0, [r1, r2]
    b.w 2f
    beq.w 2f
    bl 2f
    blx a32
    bxj r0
    dsb ish
    udf.w #300
    mov r0, r1
    add r0, r1, r2
    adds r0, #1
    cmp r0, r1
    mov.w r0, #1
    mrs r0, apsr
    msr apsr_nzcvq, r0
    rev r0, r1
    sxtb r0, r1
    adr r0, 2f
    add sp, #8
    sub sp, #8
    add r0, sp, #8
    smull r0, r1, r2, r3
    vpush {d8}
    vldr d0, [r0]
    cpsid i
    setend be
    srsdb sp!, #19
    rfeia r0
    subs pc, lr, #4
    bfi r0, r1, #3, #4
    ubfx r0, r1, #2, #3
2:  nop
