/*
 * Helpers and constant values for A64 system instructions: the generic
 * timer, DC ZVA and the ID register values arx shows to EL0.
 * The values must agree with the HWCAPs the loader advertises (FP, ASIMD,
 * FPHP, ASIMDHP, CRC32, CPUID); nothing here may emit IR.
 */
#ifndef ARX_TARGET_ARM_HELPER_SYS_H
#define ARX_TARGET_ARM_HELPER_SYS_H

/*
 * CNTFRQ_EL0: 1 GHz, the frequency Armv8.6 makes mandatory. CNTVCT_EL0 is
 * then CLOCK_MONOTONIC in nanoseconds, with no scaling to lose precision.
 */
#define ARX_CNTFRQ_HZ 1000000000ull

/* DCZID_EL0: DZP = 0 (DC ZVA allowed), BS = 4: blocks of 4 << 4 = 64 bytes. */
#define ARX_DCZID_EL0 0x4ull
#define ARX_DC_ZVA_BYTES 64u

/*
 * CTR_EL0 0x8444c004: RES1 bit 31, CWG = ERG = 4 (64 bytes), DminLine =
 * IminLine = 4 (64-byte lines), L1Ip = PIPT, IDC = DIC = 0 so guests do
 * clean DC CVAU + IC IVAU after writing code, which arx needs to see.
 */
#define ARX_CTR_EL0 0x8444c004ull

/*
 * MIDR_EL1: implementer 0x00 ("reserved for software use"), architecture
 * 0xf, part number 0x580 ('X'), variant/revision 0: no real core, so
 * libraries pick no core-specific tuning or errata paths.
 */
#define ARX_MIDR_EL1 0x000f0580ull
/* What Linux shows for MPIDR_EL1 (only the RES1 bit) and REVIDR_EL1. */
#define ARX_MPIDR_EL1 0x80000000ull
#define ARX_REVIDR_EL1 0x0ull

/* ID_AA64PFR0_EL1: EL0 = EL1 = 1 (AArch64 only); FP = AdvSIMD = 1
 * (implemented, with half precision: FEAT_FP16); everything else 0 as
 * Linux shows it. */
#define ARX_ID_AA64PFR0_EL1 0x110011ull
/* ID_AA64ISAR0_EL1: AES = 2 (with PMULL), SHA1 = 1, SHA2 = 2 (with
 * SHA512), CRC32 = 1, Atomic = 2 (FEAT_LSE), SHA3 = 1: as AT_HWCAP says. */
#define ARX_ID_AA64ISAR0_EL1 0x100212120ull
/* ID_AA64DFR0_EL1: DebugVer = 6 (Armv8 debug), the value Linux shows. */
#define ARX_ID_AA64DFR0_EL1 0x6ull
/* All other ID registers (PFR1, ISAR1/2, MMFR0-2, DFR1, ZFR0, ...) read 0. */

/* CNTVCT, DC ZVA and IC IVAU: helpers.def, section system. */
#include "target-arm/helpers.h"

#endif
