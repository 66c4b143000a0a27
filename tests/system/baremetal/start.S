/*
 * Entry of the bare-metal test images: an arm64 Image header (so qemu and
 * arx-system load them as they load Linux), then EL1 set-up as the Linux
 * boot protocol leaves it (MMU off, x0 = DTB): stack, bss, vectors, main.
 * Also the exception vectors and the trip to EL0 and back.
 */
    .section .text.head, "ax"
    .global _head
_head:
    b       start                   // code0
    .long   0                       // code1
    .quad   0                       // text_offset: 0 means RAM + 2 MiB
    .quad   _image_size             // image_size (bss and stack included)
    .quad   0xa                     // flags: LE, 4K pages, anywhere
    .quad   0, 0, 0                 // res2..res4
    .ascii  "ARM\x64"               // magic
    .long   0                       // res5

start:
    mov     x19, x0                 // the DTB
    ldr     x1, =_stack_top
    mov     sp, x1
    ldr     x1, =_bss_start
    ldr     x2, =_bss_end
1:  cmp     x1, x2
    b.hs    2f
    str     xzr, [x1], #8
    b       1b
2:  ldr     x1, =vectors
    msr     vbar_el1, x1
    mov     x1, #(3 << 20)          // CPACR_EL1.FPEN: no FP traps
    msr     cpacr_el1, x1
    isb
    mov     x0, x19
    bl      main
    bl      bm_system_off
3:  wfi
    b       3b

/* A vector: room for the frame, x0/x1 saved, x1 = vector index. */
    .macro  vent idx
    .balign 0x80
    sub     sp, sp, #272
    stp     x0, x1, [sp]
    mov     x1, #\idx
    b       exc_common
    .endm

    .text
    .balign 2048
vectors:
    vent 0      // current EL, SP_EL0: sync
    vent 1      //   irq
    vent 2      //   fiq
    vent 3      //   serror
    vent 4      // current EL, SP_ELx: sync
    vent 5      //   irq
    vent 6      //   fiq
    vent 7      //   serror
    vent 8      // lower EL, AArch64: sync
    vent 9      //   irq
    vent 10     //   fiq
    vent 11     //   serror
    vent 12     // lower EL, AArch32
    vent 13
    vent 14
    vent 15

/* Frame (ExcFrame in lib.h): x0..x30, elr, spsr. The handler may change
 * any of them; eret then resumes with the changed values. */
exc_common:
    stp     x2, x3, [sp, #16]
    stp     x4, x5, [sp, #32]
    stp     x6, x7, [sp, #48]
    stp     x8, x9, [sp, #64]
    stp     x10, x11, [sp, #80]
    stp     x12, x13, [sp, #96]
    stp     x14, x15, [sp, #112]
    stp     x16, x17, [sp, #128]
    stp     x18, x19, [sp, #144]
    stp     x20, x21, [sp, #160]
    stp     x22, x23, [sp, #176]
    stp     x24, x25, [sp, #192]
    stp     x26, x27, [sp, #208]
    stp     x28, x29, [sp, #224]
    mrs     x2, elr_el1
    stp     x30, x2, [sp, #240]
    mrs     x2, spsr_el1
    str     x2, [sp, #256]
    mov     x0, sp
    bl      bm_exception
    ldr     x2, [sp, #256]
    msr     spsr_el1, x2
    ldp     x30, x2, [sp, #240]
    msr     elr_el1, x2
    ldp     x0, x1, [sp]
    ldp     x2, x3, [sp, #16]
    ldp     x4, x5, [sp, #32]
    ldp     x6, x7, [sp, #48]
    ldp     x8, x9, [sp, #64]
    ldp     x10, x11, [sp, #80]
    ldp     x12, x13, [sp, #96]
    ldp     x14, x15, [sp, #112]
    ldp     x16, x17, [sp, #128]
    ldp     x18, x19, [sp, #144]
    ldp     x20, x21, [sp, #160]
    ldp     x22, x23, [sp, #176]
    ldp     x24, x25, [sp, #192]
    ldp     x26, x27, [sp, #208]
    ldp     x28, x29, [sp, #224]
    add     sp, sp, #272
    eret

/* uint64_t bm_run_el0(uint64_t pc, uint64_t arg): runs pc at EL0t with
 * x0 = arg until it does svc #0xff; returns its x0 then. */
    .global bm_run_el0
bm_run_el0:
    stp     x29, x30, [sp, #-96]!
    stp     x19, x20, [sp, #16]
    stp     x21, x22, [sp, #32]
    stp     x23, x24, [sp, #48]
    stp     x25, x26, [sp, #64]
    stp     x27, x28, [sp, #80]
    mov     x9, sp
    ldr     x10, =el0_saved_sp
    str     x9, [x10]
    msr     elr_el1, x0
    mov     x0, x1
    mov     x9, #0x3c0              // EL0t, DAIF masked
    msr     spsr_el1, x9
    isb
    eret

/* bm_exception sends the EL0 exit here, at EL1h, x0 = EL0's x0. */
    .global bm_el0_return
bm_el0_return:
    ldr     x10, =el0_saved_sp
    ldr     x9, [x10]
    mov     sp, x9
    ldp     x19, x20, [sp, #16]
    ldp     x21, x22, [sp, #32]
    ldp     x23, x24, [sp, #48]
    ldp     x25, x26, [sp, #64]
    ldp     x27, x28, [sp, #80]
    ldp     x29, x30, [sp], #96
    ret

/* EL0 snippets, position independent (mmu tests copy them to a page). */
    .global bm_el0_svc, bm_el0_svc_end
bm_el0_svc:                         // x0 = arg: svc #0x42 doubles it
    svc     #0x42
    add     x0, x0, #1
    svc     #0xff
bm_el0_svc_end:

    .global bm_el0_load, bm_el0_load_end
bm_el0_load:                        // x0 = address to load from
    ldr     x1, [x0]
    svc     #0xff
bm_el0_load_end:

    .bss
    .balign 8
el0_saved_sp:
    .quad   0
