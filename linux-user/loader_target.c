/*
 * The guest ELF kinds arx runs (loader.h's LoaderTarget): AArch64 and
 * arm EABI5, with what differs between them for the loader, the initial
 * stack and /proc. Data only.
 */
#include <elf.h>

#include "linux-user/aarch64/target_signal.h"
#include "linux-user/loader.h"
#include "target-arm/features.h"

const LoaderTarget loader_target_aarch64 = {
    .name = "AArch64",
    .machine = EM_AARCH64,
    .elf_class = ELFCLASS64,
    .word = 8,
    .platform = "aarch64",
    .hwcap = LOADER_HWCAP_FP | LOADER_HWCAP_ASIMD | LOADER_HWCAP_FPHP |
             LOADER_HWCAP_ASIMDHP | LOADER_HWCAP_CRC32 | LOADER_HWCAP_ATOMICS |
             LOADER_HWCAP_CPUID | LOADER_HWCAP_AES | LOADER_HWCAP_PMULL |
             LOADER_HWCAP_SHA1 | LOADER_HWCAP_SHA2 | LOADER_HWCAP_SHA3 |
             LOADER_HWCAP_SHA512,
    .minsigstksz = 5120,
    .stack_top = LOADER_STACK_TOP,
    .pie_base = 0x2aaa00000000ull,
};

/*
 * As an arm64 kernel runs a compat task: 4 GiB less the vectors page at
 * 0xffff0000 (the kuser helpers), the stack below it, position-independent
 * programs at two thirds of the space (COMPAT_ELF_ET_DYN_BASE).
 */
const LoaderTarget loader_target_arm = {
    .name = "ARM",
    .machine = EM_ARM,
    .elf_class = ELFCLASS32,
    .word = 4,
    .platform = "v8l",
    .hwcap = LOADER_ARM_HWCAP_HALF | LOADER_ARM_HWCAP_THUMB |
             LOADER_ARM_HWCAP_FAST_MULT | LOADER_ARM_HWCAP_VFP |
             LOADER_ARM_HWCAP_EDSP | LOADER_ARM_HWCAP_NEON |
             LOADER_ARM_HWCAP_VFPv3 | LOADER_ARM_HWCAP_TLS |
             LOADER_ARM_HWCAP_VFPv4 | LOADER_ARM_HWCAP_IDIVA |
             LOADER_ARM_HWCAP_IDIVT | LOADER_ARM_HWCAP_VFPD32 |
             LOADER_ARM_HWCAP_LPAE,
    .hwcap2 = LOADER_ARM_HWCAP2_AES | LOADER_ARM_HWCAP2_PMULL |
              LOADER_ARM_HWCAP2_SHA1 | LOADER_ARM_HWCAP2_SHA2 |
              LOADER_ARM_HWCAP2_CRC32,
    .minsigstksz = 0,
    .stack_top = 0xfffe0000ull,
    .space_end = 0x100000000ull,
    .pie_base = 0xaaaa0000ull,
};

const LoaderTarget *loader_target = &loader_target_aarch64;

/* AArch64: the base plus the -cpu model's optional features. */
uint64_t loader_hwcap(void)
{
    if (loader_target == &loader_target_aarch64)
        return loader_target->hwcap | arm_cpu_hwcap();
    return loader_target->hwcap;
}

/* AArch64 with sve: the larger frame of the largest VL. */
uint64_t loader_minsigstksz(void)
{
    if (loader_target == &loader_target_aarch64 && arm_cpu_has(ARM_FEAT_SVE))
        return AARCH64_SVE_MINSIGSTKSZ;
    return loader_target->minsigstksz;
}

uint64_t loader_hwcap2(void)
{
    if (loader_target == &loader_target_aarch64)
        return loader_target->hwcap2 | arm_cpu_hwcap2();
    return loader_target->hwcap2;
}
