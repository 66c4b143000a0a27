/*
 * The litmus tests' threads, one leaf function each: x0 = the round's slot
 * (x at +0, y at +64, z at +128, as LitmusSlot in litmus.h), x1 = where
 * to store the loaded values r0, r1. Written in assembly so that no
 * compiler can reorder, merge or drop the accesses under test.
 */
#define X 0
#define Y 64

    .text
    .macro  thread name
    .global \name
    .type   \name, %function
\name:
    .endm

/* ---- MP: x is the data, y the flag ---- */
thread mp_write
    mov     x2, #1
    str     x2, [x0, #X]
    str     x2, [x0, #Y]
    ret
thread mp_write_dmbst
    mov     x2, #1
    str     x2, [x0, #X]
    dmb     ishst
    str     x2, [x0, #Y]
    ret
thread mp_write_stlr
    mov     x2, #1
    add     x3, x0, #Y
    str     x2, [x0, #X]
    stlr    x2, [x3]
    ret
thread mp_read
    ldr     x2, [x0, #Y]
    ldr     x3, [x0, #X]
    stp     x2, x3, [x1]
    ret
thread mp_read_dmbld
    ldr     x2, [x0, #Y]
    dmb     ishld
    ldr     x3, [x0, #X]
    stp     x2, x3, [x1]
    ret
thread mp_read_ldar
    add     x4, x0, #Y
    ldar    x2, [x4]
    ldr     x3, [x0, #X]
    stp     x2, x3, [x1]
    ret
thread mp_read_addr                 // the address of x depends on r0
    ldr     x2, [x0, #Y]
    eor     x4, x2, x2
    ldr     x3, [x0, x4]
    stp     x2, x3, [x1]
    ret

/* ---- SB: each thread stores to its own word, loads the other's ---- */
thread sb_0
    mov     x2, #1
    str     x2, [x0, #X]
    ldr     x3, [x0, #Y]
    str     x3, [x1]
    ret
thread sb_1
    mov     x2, #1
    str     x2, [x0, #Y]
    ldr     x3, [x0, #X]
    str     x3, [x1]
    ret
thread sb_dmb_0
    mov     x2, #1
    str     x2, [x0, #X]
    dmb     ish
    ldr     x3, [x0, #Y]
    str     x3, [x1]
    ret
thread sb_dmb_1
    mov     x2, #1
    str     x2, [x0, #Y]
    dmb     ish
    ldr     x3, [x0, #X]
    str     x3, [x1]
    ret
thread sb_dmbsy_0
    mov     x2, #1
    str     x2, [x0, #X]
    dmb     sy
    ldr     x3, [x0, #Y]
    str     x3, [x1]
    ret
thread sb_dmbsy_1
    mov     x2, #1
    str     x2, [x0, #Y]
    dmb     sy
    ldr     x3, [x0, #X]
    str     x3, [x1]
    ret
thread sb_rel_acq_0                 // STLR then LDAR: ordered (RCsc)
    mov     x2, #1
    add     x4, x0, #X
    add     x5, x0, #Y
    stlr    x2, [x4]
    ldar    x3, [x5]
    str     x3, [x1]
    ret
thread sb_rel_acq_1
    mov     x2, #1
    add     x4, x0, #Y
    add     x5, x0, #X
    stlr    x2, [x4]
    ldar    x3, [x5]
    str     x3, [x1]
    ret

/* ---- LB: each thread loads one word, then stores to the other ---- */
thread lb_0
    ldr     x3, [x0, #X]
    mov     x2, #1
    str     x2, [x0, #Y]
    str     x3, [x1]
    ret
thread lb_1
    ldr     x3, [x0, #Y]
    mov     x2, #1
    str     x2, [x0, #X]
    str     x3, [x1]
    ret
thread lb_dmb_0
    ldr     x3, [x0, #X]
    dmb     ish
    mov     x2, #1
    str     x2, [x0, #Y]
    str     x3, [x1]
    ret
thread lb_dmb_1
    ldr     x3, [x0, #Y]
    dmb     ish
    mov     x2, #1
    str     x2, [x0, #X]
    str     x3, [x1]
    ret
thread lb_data_0                    // the stored value depends on r0
    ldr     x3, [x0, #X]
    eor     x2, x3, x3
    add     x2, x2, #1
    str     x2, [x0, #Y]
    str     x3, [x1]
    ret
thread lb_data_1
    ldr     x3, [x0, #Y]
    eor     x2, x3, x3
    add     x2, x2, #1
    str     x2, [x0, #X]
    str     x3, [x1]
    ret

/* ---- 2+2W: x, y end as 1, 1 only if both second stores lost ---- */
thread ww_0
    mov     x2, #1
    mov     x3, #2
    str     x2, [x0, #X]
    str     x3, [x0, #Y]
    ret
thread ww_1
    mov     x2, #1
    mov     x3, #2
    str     x2, [x0, #Y]
    str     x3, [x0, #X]
    ret
thread ww_dmb_0
    mov     x2, #1
    mov     x3, #2
    str     x2, [x0, #X]
    dmb     ish
    str     x3, [x0, #Y]
    ret
thread ww_dmb_1
    mov     x2, #1
    mov     x3, #2
    str     x2, [x0, #Y]
    dmb     ish
    str     x3, [x0, #X]
    ret
thread ww_stlr_0
    mov     x2, #1
    mov     x3, #2
    add     x4, x0, #Y
    str     x2, [x0, #X]
    stlr    x3, [x4]
    ret
thread ww_stlr_1
    mov     x2, #1
    mov     x3, #2
    add     x4, x0, #X
    str     x2, [x0, #Y]
    stlr    x3, [x4]
    ret

/* ---- S and R: a store, a barrier, then a store or a load ---- */
thread s_0
    mov     x2, #2
    mov     x3, #1
    str     x2, [x0, #X]
    dmb     ish
    str     x3, [x0, #Y]
    ret
thread s_1                          // stores 1 to x, data-dependent on y
    ldr     x3, [x0, #Y]
    eor     x2, x3, x3
    add     x2, x2, #1
    str     x2, [x0, #X]
    str     x3, [x1]
    ret
thread r_0
    mov     x2, #1
    str     x2, [x0, #X]
    dmb     ish
    str     x2, [x0, #Y]
    ret
thread r_1
    mov     x2, #2
    str     x2, [x0, #Y]
    dmb     ish
    ldr     x3, [x0, #X]
    str     x3, [x1]
    ret

/* ---- CoRR: two loads of one word never see its values go back ---- */
thread corr_write
    mov     x2, #1
    str     x2, [x0, #X]
    ret
thread corr_read
    ldr     x2, [x0, #X]
    ldr     x3, [x0, #X]
    stp     x2, x3, [x1]
    ret

/* ---- IRIW and WRC: the writers are MP's and CoRR's ---- */
thread iriw_write_y
    mov     x2, #1
    str     x2, [x0, #Y]
    ret
thread iriw_read_xy
    ldr     x2, [x0, #X]
    ldr     x3, [x0, #Y]
    stp     x2, x3, [x1]
    ret
thread iriw_read_xy_dmbld
    ldr     x2, [x0, #X]
    dmb     ishld
    ldr     x3, [x0, #Y]
    stp     x2, x3, [x1]
    ret
thread iriw_read_xy_ldar
    add     x4, x0, #X
    ldar    x2, [x4]
    ldr     x3, [x0, #Y]
    stp     x2, x3, [x1]
    ret
/* iriw_read_yx* are mp_read*: y first, then x. */
thread wrc_relay_dmb                // sees x, then writes y
    ldr     x2, [x0, #X]
    dmb     ish
    mov     x3, #1
    str     x3, [x0, #Y]
    str     x2, [x1]
    ret
thread wrc_relay_stlr
    ldr     x2, [x0, #X]
    mov     x3, #1
    add     x4, x0, #Y
    stlr    x3, [x4]
    str     x2, [x1]
    ret
