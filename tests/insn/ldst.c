/*
 * Instruction-level checks of the A64 loads and stores: each test runs a
 * few instructions from one fixed register/buffer state and prints what
 * changed (registers, V registers, buffer words) as hex, one line a test.
 * Output must be identical under qemu-aarch64 and arx; addresses inside the
 * buffer print as B+offset so that they do not depend on the layout.
 *
 * Build: aarch64-linux-gnu-gcc -static -O1 tests/insn/ldst.c -o ldst
 */
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/*
 * Initial state of every test (see ldst_init):
 *   x0 = B+256, x1 = B+512, x2 = 16, x3 = -8, x4 = 0xfffffff8 (w4 = -8),
 *   x5 = 3, x6 = 0x8877665544332211, x7 = 0xfedcba9876543210,
 *   x8 = B+4096 (store target), x9 = 32, x10..x17 = 0xa0a0a0a0a0a0a0aN,
 *   sp = B+2048, V registers and the buffer hold distinct byte patterns.
 * Tests use x0-x17, v0-v31 and sp only; the runner saves everything else.
 */
#define LDST_TESTS(X)                                                          \
    /* integer, unsigned offset */                                             \
    X(ldr_x, "ldr x10, [x0]")                                                  \
    X(ldr_x_ui, "ldr x10, [x0, #8]")                                           \
    X(ldr_x_ui_max, "ldr x10, [x0, #4088]")                                    \
    X(ldr_w_ui, "ldr w10, [x0, #4]")                                           \
    X(ldrh_ui, "ldrh w10, [x0, #2]")                                           \
    X(ldrb_ui, "ldrb w10, [x0, #1]")                                           \
    X(ldrsb_x_ui, "ldrsb x10, [x0, #3]; ldrsb x11, [x0, #4]")                  \
    X(ldrsb_w_ui, "ldrsb w10, [x0, #5]; ldrsb w11, [x0, #6]")                  \
    X(ldrsh_x_ui, "ldrsh x10, [x0, #6]; ldrsh x11, [x0, #12]")                 \
    X(ldrsh_w_ui, "ldrsh w10, [x0, #10]; ldrsh w11, [x0, #16]")                \
    X(ldrsw_ui, "ldrsw x10, [x0, #12]; ldrsw x11, [x0, #20]")                  \
    X(ldr_sp, "ldr x10, [sp, #8]; ldr w11, [sp, #4]")                          \
    X(ldr_xzr, "ldr xzr, [x0]; ldr wzr, [x0, #4]")                             \
    X(str_x_ui, "str x6, [x0]; str x7, [x0, #16]")                             \
    X(str_w_ui, "str w6, [x0, #4]")                                            \
    X(strh_ui, "strh w6, [x0, #6]; strh w7, [x0, #4094]")                      \
    X(strb_ui, "strb w6, [x0, #7]; strb w7, [x0, #4095]")                      \
    X(str_zr, "str xzr, [x0]; str wzr, [x0, #12]; strb wzr, [x0, #17]")        \
    X(str_sp, "str x6, [sp, #16]")                                             \
    /* unscaled */                                                             \
    X(ldur,                                                                    \
      "ldur x10, [x0, #-1]; ldur w11, [x0, #255]; ldur x12, [x0, #-256]")      \
    X(ldurh, "ldurh w10, [x0, #-3]; ldurb w11, [x0, #-5]")                     \
    X(ldurs, "ldursb x10, [x0, #-7]; ldursb w11, [x0, #-9]; "                  \
             "ldursh x12, [x0, #-11]; ldursh w13, [x0, #13]; "                 \
             "ldursw x14, [x0, #-15]")                                         \
    X(stur, "stur x7, [x0, #-3]; stur w6, [x0, #9]; sturh w7, [x0, #-13]; "    \
            "sturb w6, [x0, #255]")                                            \
    /* pre/post index */                                                       \
    X(ldr_pre, "ldr x10, [x0, #16]!")                                          \
    X(ldr_post, "ldr x10, [x0], #-16")                                         \
    X(ldrb_pre_neg, "ldrb w10, [x0, #-256]!")                                  \
    X(ldrsw_post, "ldrsw x10, [x0], #255")                                     \
    X(ldrsh_w_pre, "ldrsh w10, [x0, #2]!")                                     \
    X(ldrsb_x_post, "ldrsb x10, [x1], #1; ldrsb x11, [x1], #1")                \
    X(ldrh_post, "ldrh w10, [x1], #-2; ldr w11, [x1, #-4]!")                   \
    X(str_pre, "str x7, [x0, #8]!")                                            \
    X(strb_post, "strb w7, [x0], #-1; strb w6, [x0], #-1")                     \
    X(strh_pre, "strh w6, [x1, #-2]!; str w7, [x1], #12")                      \
    X(sp_push_pop, "str x6, [sp, #-16]!; str x7, [sp, #-16]!; "                \
                   "ldr x10, [sp], #16; ldr x11, [sp], #16")                   \
    /* unprivileged */                                                         \
    X(ldtr, "ldtr x10, [x0, #-8]; ldtr w11, [x0, #3]; ldtrb w12, [x0, #1]; "   \
            "ldtrh w13, [x0, #2]")                                             \
    X(ldtrs, "ldtrsb x10, [x0, #3]; ldtrsb w11, [x0, #4]; "                    \
             "ldtrsh x12, [x0, #6]; ldtrsh w13, [x0, #-6]; "                   \
             "ldtrsw x14, [x0, #-4]")                                          \
    X(sttr, "sttr x6, [x0, #-8]; sttr w7, [x0, #1]; sttrb w6, [x0, #20]; "     \
            "sttrh w7, [x0, #22]")                                             \
    /* register offset */                                                      \
    X(ldr_reg, "ldr x10, [x0, x2]; ldr x11, [x0, x2, lsl #3]")                 \
    X(ldr_reg_sxtw, "ldr w10, [x0, w4, sxtw]; ldr w11, [x0, w4, sxtw #2]")     \
    X(ldr_reg_uxtw, "ldr x10, [x0, w5, uxtw #3]; ldr x11, [x0, w2, uxtw]")     \
    X(ldr_reg_sxtx, "ldr x10, [x0, x3, sxtx]; ldr x11, [x0, x3, sxtx #3]")     \
    X(ldrh_reg, "ldrh w10, [x0, x5, lsl #1]; ldrh w11, [x0, x5]; "             \
                "ldrb w12, [x0, x3]; ldrb w13, [x0, x5, lsl #0]")              \
    X(ldrs_reg, "ldrsb x10, [x0, x3]; ldrsb w11, [x0, w4, sxtw]; "             \
                "ldrsh w12, [x0, w4, sxtw #1]; ldrsh x13, [x0, x5]; "          \
                "ldrsw x14, [x0, x5, lsl #2]")                                 \
    X(str_reg, "strb w6, [x0, x3]; str x7, [x0, w4, sxtw #3]; "                \
               "strh w7, [x0, x5, lsl #1]; str w6, [x0, x2]")                  \
    X(ldr_reg_sp, "ldr x10, [sp, x3]; ldr x11, [sp, x2, lsl #3]")              \
    X(ldr_reg_xzr, "ldr x10, [x0, xzr]")                                       \
    /* prefetch: nothing visible */                                            \
    X(prfm, "prfm pldl1keep, [x0]; prfm pstl2strm, [x0, #8]; "                 \
            "prfum pldl1keep, [x0, #-1]; prfm pldl3keep, [x0, x2]; "           \
            "prfm pldl1keep, .+64")                                            \
    /* literal: reads the test code itself */                                  \
    X(ldr_lit, "ldr x10, .+16; ldr w11, .-4; ldrsw x12, .+4; nop; nop")        \
    X(ldr_lit_v, "ldr s10, .+8; ldr d11, .+8; ldr q12, .-8; nop; nop")         \
    /* pairs */                                                                \
    X(ldp_x, "ldp x10, x11, [x0]; ldp x12, x13, [x1, #-512]")                  \
    X(ldp_w, "ldp w10, w11, [x0, #-8]; ldp w12, w13, [x0, #252]")              \
    X(ldp_pre, "ldp x10, x11, [x0, #16]!; ldp w12, w13, [x1, #-8]!")           \
    X(ldp_post, "ldp x10, x11, [x0], #-16; ldp w12, w13, [x1], #8")            \
    X(ldpsw, "ldpsw x10, x11, [x0, #8]; ldpsw x12, x13, [x0, #-16]")           \
    X(ldpsw_wb, "ldpsw x10, x11, [x0], #-8; ldpsw x12, x13, [x1, #4]!")        \
    X(ldnp, "ldnp x10, x11, [x0, #32]; ldnp w12, w13, [x0, #-4]")              \
    X(stp_x, "stp x6, x7, [x0]; stp x7, x6, [x0, #-32]")                       \
    X(stp_w, "stp w6, w7, [x0, #-8]; stp w7, w6, [x0, #12]")                   \
    X(stp_wb, "stp x6, x7, [x0, #-16]!; stp w6, w7, [x1], #4")                 \
    X(stnp, "stnp x6, x7, [x0, #8]; stnp w6, w7, [x0, #-12]")                  \
    X(stp_zr, "stp xzr, x6, [x0]; stp w7, wzr, [x0, #16]")                     \
    X(sp_pair, "stp x6, x7, [sp, #-16]!; ldp x10, x11, [sp], #16; "            \
               "ldp x12, x13, [sp, #-64]")                                     \
    /* exclusives */                                                           \
    X(ldxr_stxr_ok, "ldxr x10, [x0]; stxr w12, x6, [x0]")                      \
    X(ldxr_stxr_clrex, "ldxr x10, [x0]; clrex; stxr w12, x6, [x0]")            \
    X(stxr_no_monitor, "stxr w12, x6, [x0]")                                   \
    X(stxr_other_addr, "ldxr x10, [x0]; stxr w12, x6, [x1]")                   \
    X(stxr_value_changed, "ldxr x10, [x0]; str x7, [x0]; stxr w12, x6, [x0]")  \
    X(stxr_twice, "ldxr x10, [x0]; stxr w12, x6, [x0]; stxr w13, x7, [x0]")    \
    X(ldxr_w, "ldxr w10, [x1]; stxr w12, w7, [x1]")                            \
    X(ldxrb, "ldxrb w10, [x1]; stxrb w12, w6, [x1]")                           \
    X(ldxrh, "ldxrh w10, [x1]; stxrh w12, w7, [x1]")                           \
    X(ldaxr_stlxr, "ldaxr x10, [x0]; stlxr w12, x7, [x0]")                     \
    X(ldaxrb_stlxrb, "ldaxrb w10, [x0]; clrex; stlxrb w12, w7, [x0]")          \
    X(ldaxrh_stlxrh, "ldaxrh w10, [x0]; stlxrh w12, w6, [x0]")                 \
    X(ldxp_x, "ldxp x10, x11, [x0]; stxp w12, x6, x7, [x0]")                   \
    X(ldxp_w, "ldxp w10, w11, [x0]; stxp w12, w6, w7, [x0]")                   \
    X(ldaxp_stlxp, "ldaxp x10, x11, [x1]; stlxp w12, x7, x6, [x1]")            \
    X(ldaxp_w, "ldaxp w10, w11, [x1]; stlxp w12, w7, w6, [x1]")                \
    X(ldxp_clrex, "ldxp x10, x11, [x0]; clrex; stxp w12, x6, x7, [x0]")        \
    X(ldxp_w_clrex, "ldxp w10, w11, [x0]; clrex; stxp w12, w6, w7, [x0]")      \
    X(stxp_changed, "ldxp x10, x11, [x0]; str x6, [x0, #8]; "                  \
                    "stxp w12, x6, x7, [x0]")                                  \
    X(ldxr_sp, "ldxr x10, [sp]; stxr w12, x7, [sp]")                           \
    /* acquire / release (aligned: unaligned ones fault on hardware) */        \
    X(ldar, "ldar x10, [x0]; ldar w11, [x0]; ldarh w12, [x0]; "                \
            "ldarb w13, [x0]")                                                 \
    X(stlr, "stlr x6, [x0]; stlr w7, [x1]; stlrh w7, [x8]; stlrb w6, [sp]")    \
    X(lor, "ldlar x10, [x0]; ldlarb w11, [x1]; stllr x7, [x0]; "               \
           "stllrh w6, [x1]")                                                  \
    X(ldapr, "ldapr x10, [x0]; ldapr w11, [x1]; ldaprh w12, [x0]; "            \
             "ldaprb w13, [x1]")                                               \
    X(rcpc2_ld, "ldapur x10, [x0, #-8]; ldapur w11, [x0, #4]; "                \
                "ldapurh w12, [x0, #-2]; ldapurb w13, [x0, #255]")             \
    X(rcpc2_lds, "ldapursb x10, [x0, #3]; ldapursb w11, [x0, #4]; "            \
                 "ldapursh x12, [x0, #6]; ldapursh w13, [x0, #-6]; "           \
                 "ldapursw x14, [x0, #-4]")                                    \
    X(rcpc2_st, "stlur x6, [x0, #-8]; stlur w7, [x0, #12]; "                   \
                "stlurh w6, [x0, #-256]; stlurb w7, [x0, #20]")                \
    /* SIMD&FP registers */                                                    \
    X(ldr_bhsdq, "ldr b10, [x0, #3]; ldr h11, [x0, #2]; ldr s12, [x0, #4]; "   \
                 "ldr d13, [x0, #8]; ldr q14, [x0, #16]")                      \
    X(ldr_v_max, "ldr q10, [x0, #4080]; ldr b11, [x0, #4095]")                 \
    X(ldur_v, "ldur q10, [x0, #-1]; ldur d11, [x0, #3]; ldur s12, [x0, #-5]; " \
              "ldur h13, [x0, #7]; ldur b14, [x0, #-9]")                       \
    X(ldr_v_wb, "ldr q10, [x0, #16]!; ldr d11, [x1], #-8; "                    \
                "ldr h12, [sp, #-2]!; ldr b13, [sp], #3")                      \
    X(ldr_v_reg, "ldr s10, [x0, x2]; ldr q11, [x0, x5, lsl #4]; "              \
                 "ldr h12, [x0, w4, sxtw #1]; ldr b13, [x0, x3]; "             \
                 "ldr d14, [x0, x3, sxtx #3]; ldr b15, [x0, x5, lsl #0]")      \
    X(str_bhsdq, "str b0, [x8]; str h1, [x8, #2]; str s2, [x8, #4]; "          \
                 "str d3, [x8, #8]; str q4, [x8, #16]")                        \
    X(stur_v, "stur q5, [x8, #-1]; stur d6, [x8, #33]; stur s7, [x8, #-9]")    \
    X(str_v_wb, "str q6, [x8, #32]!; str d7, [x8], #-8; str s9, [x8, #-4]!")   \
    X(str_v_reg, "str s8, [x8, x2]; str q9, [x8, x5, lsl #4]; "                \
                 "str h10, [x8, w4, sxtw #1]; str b11, [x8, x3]")              \
    X(ldp_v, "ldp s10, s11, [x0]; ldp d12, d13, [x0, #-16]; "                  \
             "ldp q14, q15, [x0, #32]")                                        \
    X(ldp_v_wb, "ldp q10, q11, [x0, #32]!; ldp q12, q13, [x1], #-512; "        \
                "ldp s14, s15, [x8, #-8]!")                                    \
    X(ldnp_v, "ldnp q10, q11, [x0]; ldnp d12, d13, [x0, #8]; "                 \
              "ldnp s14, s15, [x0, #-4]")                                      \
    X(stp_v, "stp s0, s1, [x8]; stp d2, d3, [x8, #-16]!; "                     \
             "stp q4, q5, [x8], #32; stnp q6, q7, [x8, #64]; "                 \
             "stnp d8, d9, [x8, #-40]; stnp s10, s11, [x8, #-48]")             \
    /* LD1/ST1 multiple */                                                     \
    X(ld1_1, "ld1 {v10.16b}, [x0]; ld1 {v11.8b}, [x1]; ld1 {v12.1d}, [x0]")    \
    X(ld1_2, "ld1 {v10.4h, v11.4h}, [x0]; ld1 {v12.8h, v13.8h}, [x1]")         \
    X(ld1_3, "ld1 {v10.4s, v11.4s, v12.4s}, [x0], #48")                        \
    X(ld1_4, "ld1 {v10.2d, v11.2d, v12.2d, v13.2d}, [x0]; "                    \
             "ld1 {v14.2s, v15.2s, v16.2s, v17.2s}, [x1], #32")                \
    X(ld1_wrap, "ld1 {v30.2s, v31.2s, v0.2s}, [x0]")                           \
    X(ld1_post_reg, "ld1 {v10.16b}, [x0], x2; ld1 {v11.8b, v12.8b}, [x1], x3") \
    X(st1, "st1 {v0.16b}, [x8]; st1 {v1.8b, v2.8b}, [x1]")                     \
    X(st1_multi, "st1 {v3.4s, v4.4s, v5.4s}, [x8], #48; "                      \
                 "st1 {v6.1d, v7.1d, v8.1d, v9.1d}, [x8], x9")                 \
    /* LD2-LD4/ST2-ST4 multiple (interleaved) */                               \
    X(ld2_b, "ld2 {v10.16b, v11.16b}, [x0]; ld2 {v12.8b, v13.8b}, [x1], #16")  \
    X(ld2_h, "ld2 {v10.4h, v11.4h}, [x0]; ld2 {v12.8h, v13.8h}, [x1], x9")     \
    X(ld2_sd, "ld2 {v10.2s, v11.2s}, [x0]; ld2 {v12.4s, v13.4s}, [x1]; "       \
              "ld2 {v14.2d, v15.2d}, [x0]")                                    \
    X(ld3_b, "ld3 {v10.8b, v11.8b, v12.8b}, [x0]; "                            \
             "ld3 {v13.16b, v14.16b, v15.16b}, [x1], #48")                     \
    X(ld3_hsd, "ld3 {v10.4h, v11.4h, v12.4h}, [x0]; "                          \
               "ld3 {v13.8h, v14.8h, v15.8h}, [x1]; "                          \
               "ld3 {v16.2s, v17.2s, v18.2s}, [x0]; "                          \
               "ld3 {v19.4s, v20.4s, v21.4s}, [x1]; "                          \
               "ld3 {v22.2d, v23.2d, v24.2d}, [x0], x2")                       \
    X(ld4_b, "ld4 {v10.8b, v11.8b, v12.8b, v13.8b}, [x0]; "                    \
             "ld4 {v14.16b, v15.16b, v16.16b, v17.16b}, [x1], #64")            \
    X(ld4_hsd, "ld4 {v10.4h, v11.4h, v12.4h, v13.4h}, [x0]; "                  \
               "ld4 {v14.8h, v15.8h, v16.8h, v17.8h}, [x1]; "                  \
               "ld4 {v18.2s, v19.2s, v20.2s, v21.2s}, [x0]; "                  \
               "ld4 {v22.4s, v23.4s, v24.4s, v25.4s}, [x1]; "                  \
               "ld4 {v26.2d, v27.2d, v28.2d, v29.2d}, [x0], #64")              \
    X(ld4_wrap, "ld4 {v30.4s, v31.4s, v0.4s, v1.4s}, [x0]")                    \
    X(st2, "st2 {v0.16b, v1.16b}, [x8]; st2 {v2.4h, v3.4h}, [x1]")             \
    X(st2_post, "st2 {v4.2d, v5.2d}, [x8], #32; st2 {v6.2s, v7.2s}, [x8], x3") \
    X(st3, "st3 {v0.8b, v1.8b, v2.8b}, [x8], #24; "                            \
           "st3 {v3.8h, v4.8h, v5.8h}, [x8], #48; "                            \
           "st3 {v6.4s, v7.4s, v8.4s}, [x8], #48; "                            \
           "st3 {v9.2d, v10.2d, v11.2d}, [x8]")                                \
    X(st4, "st4 {v0.16b, v1.16b, v2.16b, v3.16b}, [x8], #64; "                 \
           "st4 {v4.4h, v5.4h, v6.4h, v7.4h}, [x8], #32; "                     \
           "st4 {v8.4s, v9.4s, v10.4s, v11.4s}, [x8], #64; "                   \
           "st4 {v12.2d, v13.2d, v14.2d, v15.2d}, [x8]")                       \
    X(st4_wrap, "st4 {v29.8b, v30.8b, v31.8b, v0.8b}, [x8]")                   \
    /* single structure, one lane */                                           \
    X(ld1_lane, "ld1 {v10.b}[0], [x0]; ld1 {v11.b}[15], [x0]; "                \
                "ld1 {v12.h}[3], [x0]; ld1 {v13.h}[7], [x1]; "                 \
                "ld1 {v14.s}[1], [x0]; ld1 {v15.s}[3], [x1]; "                 \
                "ld1 {v16.d}[0], [x0]; ld1 {v17.d}[1], [x1]")                  \
    X(ld234_lane, "ld2 {v10.h, v11.h}[5], [x0], #4; "                          \
                  "ld3 {v12.s, v13.s, v14.s}[2], [x0], x2; "                   \
                  "ld4 {v15.d, v16.d, v17.d, v18.d}[1], [x1], #32; "           \
                  "ld4 {v30.b, v31.b, v0.b, v1.b}[9], [x1]")                   \
    X(ld1_lane_post, "ld1 {v10.b}[7], [x0], #1; ld1 {v11.h}[2], [x0], #2; "    \
                     "ld1 {v12.s}[0], [x0], #4; ld1 {v13.d}[1], [x0], x3")     \
    X(st_lane,                                                                 \
      "st1 {v0.b}[5], [x8]; st1 {v1.h}[6], [x1]; "                             \
      "st2 {v2.s, v3.s}[3], [x1], #8; "                                        \
      "st3 {v4.d, v5.d, v6.d}[1], [x1]; "                                      \
      "st4 {v7.h, v8.h, v9.h, v10.h}[7], [x8], x2; "                           \
      "st1 {v11.d}[0], [x8], #8; st3 {v12.b, v13.b, v14.b}[14], [x8], #3")     \
    /* single structure, replicated */                                         \
    X(ld1r, "ld1r {v10.16b}, [x0]; ld1r {v11.8b}, [x0], #1; "                  \
            "ld1r {v12.4h}, [x0]; ld1r {v13.8h}, [x0], x3; "                   \
            "ld1r {v14.1d}, [x1]; ld1r {v15.2d}, [x1]")                        \
    X(ld234r, "ld2r {v10.4s, v11.4s}, [x0], #8; "                              \
              "ld3r {v12.2d, v13.2d, v14.2d}, [x0]; "                          \
              "ld4r {v15.2s, v16.2s, v17.2s, v18.2s}, [x1], x2; "              \
              "ld4r {v19.16b, v20.16b, v21.16b, v22.16b}, [x1]; "              \
              "ld3r {v30.4h, v31.4h, v0.4h}, [x0]")                            \
    /* unallocated encodings: each must raise SIGILL */                        \
    X(undef_ldnp_sw,                                                           \
      ".inst 0x68400000 | (11 << 10) | 10") /* LDNP opc=01 V=0 */              \
    X(undef_ldr_reg_uxtb,                                                      \
      ".inst 0xf8600800 | (2 << 16) | 10") /* option=000 */                    \
    X(undef_ldr_reg_sxth,                                                      \
      ".inst 0xf860a800 | (2 << 16) | 10")       /* option=101 */              \
    X(undef_ldrsw_opc3, ".inst 0xb9c00000 | 10") /* size=10 opc=11 */          \
    X(undef_prfm_pre, ".inst 0xf8800c00 | 10")   /* size=11 opc=10 pre */      \
    X(undef_ldtr_s64_x, ".inst 0xf8800800 | 10") /* size=11 opc=10 unpriv */   \
    X(undef_ldrq_size, ".inst 0x7dc00000 | 10")  /* LDR Q with size=01 */      \
    X(undef_ldr_vlit,                                                          \
      ".inst 0xdc000000 | 10") /* LDR (literal, SIMD) opc=11 */                \
    X(undef_ldp_v_opc3,                                                        \
      ".inst 0xed400000 | (11 << 10) | 10")                 /* LDP V opc=11 */ \
    X(undef_ldp_opc3, ".inst 0xe9400000 | (11 << 10) | 10") /* LDP opc=11 */   \
    X(undef_ld2_1d, ".inst 0x0c408c0a")                     /* LD2 {.1D} */    \
    X(undef_ld1_mult_op, ".inst 0x0c40100a")                /* opcode=0001 */  \
    X(undef_ld1_lane_h, ".inst 0x0d40440a")        /* H lane, size<0>=1 */     \
    X(undef_ld1_lane_d, ".inst 0x0d40940a")        /* D lane with S=1 */       \
    X(undef_st1r, ".inst 0x0d00c00a")              /* ST with opcode=110 */    \
    X(undef_ld1r_s, ".inst 0x0d40d00a")            /* LD1R with S=1 */         \
    X(undef_ldapur_s64_x, ".inst 0xd9800000 | 10") /* LDAPURS* size=11 */

#define LDST_BUF_SIZE 8192
#define LDST_NX 18

typedef struct LdstState {
    uint64_t x[LDST_NX];
    uint64_t sp;
    const void *code;
    uint8_t v[32][16];
} LdstState;

/* Declared by the test table's asm below. */
#define LDST_DECLARE(name, text) extern const char ldst_t_##name[];
/* clang-format off */
LDST_TESTS(LDST_DECLARE)
/* clang-format on */

#define LDST_ASM(name, text)                                                   \
    ".globl ldst_t_" #name "\n.balign 16\nldst_t_" #name ":\n" text "\n\tret\n"
__asm__(".text\n.arch armv8.4-a\n" LDST_TESTS(LDST_ASM) ".arch armv8-a\n");

/*
 * ldst_run(state): loads x0-x17, sp and v0-v31 from *state, clears the
 * exclusive monitor, calls state->code, stores them back. x18-x28 and
 * the original sp are kept in callee-saved registers.
 */
__asm__(".text\n.balign 16\n.globl ldst_run\nldst_run:\n"
        "\tsub sp, sp, #160\n"
        "\tstp x19, x20, [sp]\n\tstp x21, x22, [sp, #16]\n"
        "\tstp x23, x24, [sp, #32]\n\tstp x25, x26, [sp, #48]\n"
        "\tstp x27, x28, [sp, #64]\n\tstp x29, x30, [sp, #80]\n"
        "\tstp d8, d9, [sp, #96]\n\tstp d10, d11, [sp, #112]\n"
        "\tstp d12, d13, [sp, #128]\n\tstp d14, d15, [sp, #144]\n"
        "\tmov x28, x0\n"
        "\tadd x27, x28, #160\n"
        "\tld1 {v0.16b, v1.16b, v2.16b, v3.16b}, [x27], #64\n"
        "\tld1 {v4.16b, v5.16b, v6.16b, v7.16b}, [x27], #64\n"
        "\tld1 {v8.16b, v9.16b, v10.16b, v11.16b}, [x27], #64\n"
        "\tld1 {v12.16b, v13.16b, v14.16b, v15.16b}, [x27], #64\n"
        "\tld1 {v16.16b, v17.16b, v18.16b, v19.16b}, [x27], #64\n"
        "\tld1 {v20.16b, v21.16b, v22.16b, v23.16b}, [x27], #64\n"
        "\tld1 {v24.16b, v25.16b, v26.16b, v27.16b}, [x27], #64\n"
        "\tld1 {v28.16b, v29.16b, v30.16b, v31.16b}, [x27], #64\n"
        "\tldr x26, [x28, #152]\n"
        "\tldr x25, [x28, #144]\n"
        "\tmov x24, sp\n"
        "\tmov sp, x25\n"
        "\tldp x0, x1, [x28]\n\tldp x2, x3, [x28, #16]\n"
        "\tldp x4, x5, [x28, #32]\n\tldp x6, x7, [x28, #48]\n"
        "\tldp x8, x9, [x28, #64]\n\tldp x10, x11, [x28, #80]\n"
        "\tldp x12, x13, [x28, #96]\n\tldp x14, x15, [x28, #112]\n"
        "\tldp x16, x17, [x28, #128]\n"
        "\tclrex\n"
        "\tblr x26\n"
        "\tmov x25, sp\n"
        "\tmov sp, x24\n"
        "\tstr x25, [x28, #144]\n"
        "\tstp x0, x1, [x28]\n\tstp x2, x3, [x28, #16]\n"
        "\tstp x4, x5, [x28, #32]\n\tstp x6, x7, [x28, #48]\n"
        "\tstp x8, x9, [x28, #64]\n\tstp x10, x11, [x28, #80]\n"
        "\tstp x12, x13, [x28, #96]\n\tstp x14, x15, [x28, #112]\n"
        "\tstp x16, x17, [x28, #128]\n"
        "\tadd x27, x28, #160\n"
        "\tst1 {v0.16b, v1.16b, v2.16b, v3.16b}, [x27], #64\n"
        "\tst1 {v4.16b, v5.16b, v6.16b, v7.16b}, [x27], #64\n"
        "\tst1 {v8.16b, v9.16b, v10.16b, v11.16b}, [x27], #64\n"
        "\tst1 {v12.16b, v13.16b, v14.16b, v15.16b}, [x27], #64\n"
        "\tst1 {v16.16b, v17.16b, v18.16b, v19.16b}, [x27], #64\n"
        "\tst1 {v20.16b, v21.16b, v22.16b, v23.16b}, [x27], #64\n"
        "\tst1 {v24.16b, v25.16b, v26.16b, v27.16b}, [x27], #64\n"
        "\tst1 {v28.16b, v29.16b, v30.16b, v31.16b}, [x27], #64\n"
        "\tldp x19, x20, [sp]\n\tldp x21, x22, [sp, #16]\n"
        "\tldp x23, x24, [sp, #32]\n\tldp x25, x26, [sp, #48]\n"
        "\tldp x27, x28, [sp, #64]\n\tldp x29, x30, [sp, #80]\n"
        "\tldp d8, d9, [sp, #96]\n\tldp d10, d11, [sp, #112]\n"
        "\tldp d12, d13, [sp, #128]\n\tldp d14, d15, [sp, #144]\n"
        "\tadd sp, sp, #160\n"
        "\tret\n");
void ldst_run(LdstState *state);

typedef struct LdstTest {
    const char *name;
    const char *text;
    const void *code;
} LdstTest;

#define LDST_ENTRY(name, text) {#name, text, ldst_t_##name},
static const LdstTest ldst_tests[] = {LDST_TESTS(LDST_ENTRY)};

static uint8_t ldst_buf[LDST_BUF_SIZE] __attribute__((aligned(4096)));
static uint8_t ldst_buf_before[LDST_BUF_SIZE];
static sigjmp_buf ldst_sigill_jmp;

static uint64_t ldst_buf_addr(uint64_t offset)
{
    return (uint64_t)(uintptr_t)ldst_buf + offset;
}

static void ldst_init(LdstState *st)
{
    static const uint64_t fixed[10] = {
        0,
        0,
        16,
        (uint64_t)-8,
        0xfffffff8u,
        3,
        0x8877665544332211ull,
        0xfedcba9876543210ull,
        0,
        32,
    };

    for (int i = 0; i < LDST_BUF_SIZE; i++)
        ldst_buf[i] = (uint8_t)((i * 37 + 11) ^ (i >> 8) ^ (i >> 3));
    memcpy(ldst_buf_before, ldst_buf, LDST_BUF_SIZE);
    for (int i = 0; i < LDST_NX; i++)
        st->x[i] = i < 10 ? fixed[i] : 0xa0a0a0a0a0a0a0a0ull + (uint64_t)i;
    st->x[0] = ldst_buf_addr(256);
    st->x[1] = ldst_buf_addr(512);
    st->x[8] = ldst_buf_addr(4096);
    st->sp = ldst_buf_addr(2048);
    for (int n = 0; n < 32; n++)
        for (int j = 0; j < 16; j++)
            st->v[n][j] = (uint8_t)((n * 16 + j) * 7 + 1);
}

/* Buffer addresses print as B+offset: the same under any layout. */
static void ldst_print_value(const char *name, uint64_t v)
{
    uint64_t base = ldst_buf_addr(0);

    if (v >= base && v < base + LDST_BUF_SIZE)
        printf(" %s=B+0x%llx", name, (unsigned long long)(v - base));
    else
        printf(" %s=%016llx", name, (unsigned long long)v);
}

static void ldst_print_changes(const LdstState *before, const LdstState *after)
{
    char name[16];

    for (int i = 0; i < LDST_NX; i++) {
        if (after->x[i] == before->x[i])
            continue;
        snprintf(name, sizeof(name), "x%d", i);
        ldst_print_value(name, after->x[i]);
    }
    if (after->sp != before->sp)
        ldst_print_value("sp", after->sp);
    for (int n = 0; n < 32; n++) {
        uint64_t lo, hi;

        if (!memcmp(after->v[n], before->v[n], 16))
            continue;
        memcpy(&lo, after->v[n], 8);
        memcpy(&hi, after->v[n] + 8, 8);
        printf(" v%d=%016llx:%016llx", n, (unsigned long long)hi,
               (unsigned long long)lo);
    }
    for (int i = 0; i < LDST_BUF_SIZE; i += 8) {
        uint64_t w;

        if (!memcmp(ldst_buf + i, ldst_buf_before + i, 8))
            continue;
        memcpy(&w, ldst_buf + i, 8);
        printf(" m[0x%x]=%016llx", i, (unsigned long long)w);
    }
}

static void ldst_on_sigill(int sig)
{
    (void)sig;
    siglongjmp(ldst_sigill_jmp, 1);
}

/* SIGILL runs on its own stack: the test's sp points into the buffer. */
static void ldst_install_sigill(void)
{
    static uint8_t altstack[65536];
    stack_t ss = {.ss_sp = altstack, .ss_size = sizeof(altstack)};
    struct sigaction sa;

    sigaltstack(&ss, NULL);
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = ldst_on_sigill;
    sa.sa_flags = SA_ONSTACK | SA_NODEFER;
    sigaction(SIGILL, &sa, NULL);
}

int main(void)
{
    static volatile int i; /* survives the SIGILL longjmp */
    int n = (int)(sizeof(ldst_tests) / sizeof(ldst_tests[0]));

    setvbuf(stdout, NULL, _IOLBF, 0);
    ldst_install_sigill();
    for (i = 0; i < n; i++) {
        static LdstState before, after;

        ldst_init(&before);
        before.code = ldst_tests[i].code;
        after = before;
        printf("%s:", ldst_tests[i].name);
        if (sigsetjmp(ldst_sigill_jmp, 1)) {
            printf(" SIGILL\n");
            continue;
        }
        ldst_run(&after);
        ldst_print_changes(&before, &after);
        printf("\n");
    }
    return 0;
}
