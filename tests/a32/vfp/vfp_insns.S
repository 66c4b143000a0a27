@ The instructions vfp_test.c and vfp_harness.c run, one case each (see
@ vfp_cases.h for the operands' registers). Assembled as A32 and as T32.
.syntax unified
.fpu neon-fp-armv8
.arch armv8-a
#ifdef __thumb__
.thumb
#else
.arm
#endif
.text
vadd.f32 s0, s2, s4
vsub.f32 s0, s2, s4
vmul.f32 s0, s2, s4
vnmul.f32 s0, s2, s4
vdiv.f32 s0, s2, s4
vmla.f32 s0, s2, s4
vmls.f32 s0, s2, s4
vnmla.f32 s0, s2, s4
vnmls.f32 s0, s2, s4
vfma.f32 s0, s2, s4
vfms.f32 s0, s2, s4
vfnma.f32 s0, s2, s4
vfnms.f32 s0, s2, s4
vadd.f64 d4, d5, d6
vsub.f64 d4, d5, d6
vmul.f64 d4, d5, d6
vnmul.f64 d4, d5, d6
vdiv.f64 d4, d5, d6
vmla.f64 d4, d5, d6
vmls.f64 d4, d5, d6
vnmla.f64 d4, d5, d6
vnmls.f64 d4, d5, d6
vfma.f64 d4, d5, d6
vfms.f64 d4, d5, d6
vfnma.f64 d4, d5, d6
vfnms.f64 d4, d5, d6
vmaxnm.f32 s0, s2, s4
vminnm.f32 s0, s2, s4
vmaxnm.f64 d4, d5, d6
vminnm.f64 d4, d5, d6
vseleq.f32 s0, s2, s4
vselvs.f32 s0, s2, s4
vselge.f64 d4, d5, d6
vselgt.f64 d4, d5, d6
vabs.f32 s0, s2
vneg.f32 s0, s2
vsqrt.f32 s0, s2
vmov.f32 s0, s2
vabs.f64 d4, d5
vneg.f64 d4, d5
vsqrt.f64 d4, d5
vmov.f64 d17, d5
vmov.f32 s1, #-1.5
vmov.f64 d16, #0.125
vcmp.f32 s2, s4
vcmpe.f32 s2, s4
vcmp.f32 s2, #0
vcmpe.f64 d5, d6
vcmp.f64 d5, #0
vcvt.f64.f32 d4, s2
vcvt.f32.f64 s0, d5
vcvt.f32.s32 s0, s2
vcvt.f32.u32 s0, s2
vcvt.f64.s32 d4, s2
vcvt.f64.u32 d4, s2
vcvt.s32.f32 s0, s2
vcvt.u32.f32 s0, s2
vcvtr.s32.f32 s0, s2
vcvtr.u32.f64 s0, d5
vcvt.s32.f64 s0, d5
vcvt.s16.f32 s2, s2, #3
vcvt.u16.f32 s2, s2, #16
vcvt.s32.f32 s2, s2, #1
vcvt.u32.f64 d5, d5, #20
vcvt.s16.f64 d5, d5, #8
vcvt.f32.s16 s2, s2, #3
vcvt.f32.u32 s2, s2, #31
vcvt.f64.s32 d5, d5, #16
vcvt.f64.u16 d5, d5, #1
vcvtb.f32.f16 s0, s2
vcvtt.f32.f16 s0, s2
vcvtb.f16.f32 s0, s2
vcvtt.f16.f32 s0, s2
vcvtb.f64.f16 d4, s2
vcvtt.f16.f64 s0, d5
vrintr.f32 s0, s2
vrintz.f32 s0, s2
vrintx.f32 s0, s2
vrinta.f32 s0, s2
vrintn.f64 d4, d5
vrintp.f64 d4, d5
vrintm.f32 s0, s2
vrintx.f64 d4, d5
vcvta.s32.f32 s0, s2
vcvtn.u32.f64 s0, d5
vcvtp.s32.f64 s0, d5
vcvtm.u32.f32 s0, s2
vldr s0, [r2, #4]
vldr d4, [r2, #-8]
vstr s2, [r2, #12]
vstr d5, [r2, #-32]
vldmia r2!, {s0-s3}
vldmdb r2!, {d4-d7}
vstmia r2, {d16-d17}
vstmdb r2!, {s1-s4}
vldmia r2, {d4-d5}
vmov r0, s2
vmov s0, r1
vmov r0, r1, d5
vmov d4, r0, r1
vmov r0, r1, s2, s3
vmov s1, s2, r0, r1
vmov.32 d4[1], r0
vmov.16 d4[3], r0
vmov.8 d4[5], r1
vmov.8 d17[2], r0
vmov.u16 r1, d16[0]
vmov.s8 r0, d5[7]
vmov.u8 r0, d5[6]
vmov.s16 r0, d5[1]
vmov.u16 r0, d5[3]
vmov.32 r1, d5[1]
vmrs r0, fpscr
vmrs APSR_nzcv, fpscr
vmsr fpscr, r0
#ifdef __thumb__
vldr s0, [pc, #-4]
#else
vldr s0, [pc, #-8]
@ conditional (the core's cond test before the VFP code), APSR from the case
vaddne.f32 s0, s2, s4
vmulgt.f64 d4, d5, d6
vmovlt r0, s2
vldrcs s0, [r2]
vstmiavs r2!, {s0-s1}
vcmpeq.f32 s2, s4
vmrsmi APSR_nzcv, fpscr
vmsrpl fpscr, r0
vcvtle.s32.f64 s0, d5
#endif
