/*
 * Which optional A64 features the emulated CPU has (features.def): the
 * -cpu model, the ID register values and HWCAP bits derived from it. The
 * translator asks here; nothing here emits IR or knows the host.
 */
#ifndef ARX_TARGET_ARM_FEATURES_H
#define ARX_TARGET_ARM_FEATURES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef enum ArmFeature {
#define ARM_FEATURE(id, name, hw, bit, reg, shift, value, what) ARM_FEAT_##id,
#include "target-arm/features.def"
#undef ARM_FEATURE
    ARM_FEAT_COUNT
} ArmFeature;

/* The enabled features, one bit per ArmFeature; set before translating. */
extern uint64_t arm_cpu_features;

static inline bool arm_cpu_has(ArmFeature f)
{
    return (arm_cpu_features >> f) & 1;
}

/*
 * Applies "MODEL[,+feat,-feat,...]" (MODEL: max, v8.0 or help; a bare
 * feature name counts as +name). False with *bad naming the unknown part.
 */
bool arm_cpu_select(const char *spec, const char **bad);
/* The enabled set as a -cpu value ("v8.0,+flagm,..."), for a re-executed
 * arx. */
void arm_cpu_spec(char *buf, size_t len);
/* The -cpu help text: models and features. */
void arm_cpu_print_help(FILE *out);

/* AT_HWCAP / AT_HWCAP2 bits of the enabled features (the base not included). */
uint64_t arm_cpu_hwcap(void);
uint64_t arm_cpu_hwcap2(void);

/* The ID registers whose fields features.def rows give. */
typedef enum ArmIdReg {
    ARM_ID_ISAR0, /* ID_AA64ISAR0_EL1 */
    ARM_ID_ISAR1,
    ARM_ID_ISAR2,
    ARM_ID_PFR1,  /* ID_AA64PFR1_EL1 */
    ARM_ID_PFR0,  /* ID_AA64PFR0_EL1 */
    ARM_ID_MMFR2, /* ID_AA64MMFR2_EL1 */
    ARM_ID_ZFR0,  /* ID_AA64ZFR0_EL1 */
    ARM_ID_NONE,
} ArmIdReg;

/* The ID register S3_0_C0_C<crm>_<op2> when features.def rows own it,
 * else ARM_ID_NONE. */
ArmIdReg arm_cpu_id_reg_of(unsigned crm, unsigned op2);
/* An ID register as EL0 reads it: the Armv8.0 base plus the enabled
 * features' fields. */
uint64_t arm_cpu_id_reg(ArmIdReg n);

#endif
