@ The A32 and T32 assemblies of vfp_insns.S as data for vfp_test.c.
.section .rodata
.global vfp_a32_start, vfp_a32_end, vfp_t32_start, vfp_t32_end
.balign 4
vfp_a32_start:
.incbin "vfp_insns.a32.bin"
vfp_a32_end:
vfp_t32_start:
.incbin "vfp_insns.t32.bin"
vfp_t32_end:
