// dt_run(struct dt_state *s): load x0-x28, v0-v31, NZCV, FPCR, FPSR from *s,
// call the one-instruction snippet at s->code, store everything back.
// x29 holds s and x30 the return address: generated code must not write them.
    .text
    .global dt_run
    .type dt_run, %function
dt_run:
    stp x29, x30, [sp, #-176]!
    stp x19, x20, [sp, #16]
    stp x21, x22, [sp, #32]
    stp x23, x24, [sp, #48]
    stp x25, x26, [sp, #64]
    stp x27, x28, [sp, #80]
    stp d8, d9, [sp, #96]
    stp d10, d11, [sp, #112]
    stp d12, d13, [sp, #128]
    stp d14, d15, [sp, #144]
    mov x29, x0

    add x1, x29, #256
    ld1 {v0.2d, v1.2d, v2.2d, v3.2d}, [x1], #64
    ld1 {v4.2d, v5.2d, v6.2d, v7.2d}, [x1], #64
    ld1 {v8.2d, v9.2d, v10.2d, v11.2d}, [x1], #64
    ld1 {v12.2d, v13.2d, v14.2d, v15.2d}, [x1], #64
    ld1 {v16.2d, v17.2d, v18.2d, v19.2d}, [x1], #64
    ld1 {v20.2d, v21.2d, v22.2d, v23.2d}, [x1], #64
    ld1 {v24.2d, v25.2d, v26.2d, v27.2d}, [x1], #64
    ld1 {v28.2d, v29.2d, v30.2d, v31.2d}, [x1], #64
    ldr x1, [x29, #768]
    msr nzcv, x1
    ldr x1, [x29, #776]
    msr fpcr, x1
    ldr x1, [x29, #784]
    msr fpsr, x1

    ldp x0, x1, [x29, #0]
    ldp x2, x3, [x29, #16]
    ldp x4, x5, [x29, #32]
    ldp x6, x7, [x29, #48]
    ldp x8, x9, [x29, #64]
    ldp x10, x11, [x29, #80]
    ldp x12, x13, [x29, #96]
    ldp x14, x15, [x29, #112]
    ldp x16, x17, [x29, #128]
    ldp x18, x19, [x29, #144]
    ldp x20, x21, [x29, #160]
    ldp x22, x23, [x29, #176]
    ldp x24, x25, [x29, #192]
    ldp x26, x27, [x29, #208]
    ldr x28, [x29, #224]
    ldr x30, [x29, #792]
    blr x30

    stp x0, x1, [x29, #0]
    stp x2, x3, [x29, #16]
    stp x4, x5, [x29, #32]
    stp x6, x7, [x29, #48]
    stp x8, x9, [x29, #64]
    stp x10, x11, [x29, #80]
    stp x12, x13, [x29, #96]
    stp x14, x15, [x29, #112]
    stp x16, x17, [x29, #128]
    stp x18, x19, [x29, #144]
    stp x20, x21, [x29, #160]
    stp x22, x23, [x29, #176]
    stp x24, x25, [x29, #192]
    stp x26, x27, [x29, #208]
    str x28, [x29, #224]
    mrs x0, nzcv
    str x0, [x29, #768]
    mrs x0, fpcr
    str x0, [x29, #776]
    mrs x0, fpsr
    str x0, [x29, #784]
    add x0, x29, #256
    st1 {v0.2d, v1.2d, v2.2d, v3.2d}, [x0], #64
    st1 {v4.2d, v5.2d, v6.2d, v7.2d}, [x0], #64
    st1 {v8.2d, v9.2d, v10.2d, v11.2d}, [x0], #64
    st1 {v12.2d, v13.2d, v14.2d, v15.2d}, [x0], #64
    st1 {v16.2d, v17.2d, v18.2d, v19.2d}, [x0], #64
    st1 {v20.2d, v21.2d, v22.2d, v23.2d}, [x0], #64
    st1 {v24.2d, v25.2d, v26.2d, v27.2d}, [x0], #64
    st1 {v28.2d, v29.2d, v30.2d, v31.2d}, [x0], #64
    // The C caller expects the default FP environment back.
    msr fpcr, xzr
    msr fpsr, xzr

    ldp d14, d15, [sp, #144]
    ldp d12, d13, [sp, #128]
    ldp d10, d11, [sp, #112]
    ldp d8, d9, [sp, #96]
    ldp x27, x28, [sp, #80]
    ldp x25, x26, [sp, #64]
    ldp x23, x24, [sp, #48]
    ldp x21, x22, [sp, #32]
    ldp x19, x20, [sp, #16]
    ldp x29, x30, [sp], #176
    ret
    .size dt_run, . - dt_run
    .section .note.GNU-stack, "", %progbits

// SVE classes (VL 128, so a predicate is 2 bytes): dt_sve_load(p) sets
// the FFR from p[16], then P0-P15 from p[0..15]; dt_sve_store(p) stores
// them back. Called around dt_run only once the VL is 128.
    .arch armv8.2-a+sve
    .text
    .global dt_sve_load
    .type dt_sve_load, %function
dt_sve_load:
    ldr p0, [x0, #16, mul vl]
    wrffr p0.b
    .irp n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
    ldr p\n, [x0, #\n, mul vl]
    .endr
    ret
    .size dt_sve_load, . - dt_sve_load

    .global dt_sve_store
    .type dt_sve_store, %function
dt_sve_store:
    .irp n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
    str p\n, [x0, #\n, mul vl]
    .endr
    rdffr p0.b
    str p0, [x0, #16, mul vl]
    ret
    .size dt_sve_store, . - dt_sve_store
