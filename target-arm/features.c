/*
 * The -cpu model (features.def): parsing, help, and the HWCAP bits and ID
 * register fields that follow from the enabled features. Runs before the
 * first translation; no IR, no host.
 */
#include "target-arm/features.h"

#include <string.h>

#include "target-arm/helper_sys.h"

typedef struct FeatureInfo {
    const char *name;
    int hwcap_word; /* 1 or 2 */
    int hwcap_bit;
    int id_reg; /* ArmIdReg */
    int shift;
    int value;
    const char *what;
} FeatureInfo;

/* The row's register names (features.def) as ArmIdReg values. */
enum {
    ISAR0 = ARM_ID_ISAR0,
    ISAR1 = ARM_ID_ISAR1,
    ISAR2 = ARM_ID_ISAR2,
    PFR0 = ARM_ID_PFR0,
    PFR1 = ARM_ID_PFR1,
    MMFR2 = ARM_ID_MMFR2,
    ZFR0 = ARM_ID_ZFR0,
};

static const FeatureInfo feature_info[ARM_FEAT_COUNT] = {
#define ARM_FEATURE(id, name, hw, bit, reg, shift, value, what)                \
    {name, hw, bit, reg, shift, value, what},
#include "target-arm/features.def"
#undef ARM_FEATURE
};

/* The features that need sve2. */
#define ARM_FEATURES_ON_SVE2                                                   \
    (UINT64_C(1) << ARM_FEAT_SVE2BITPERM | UINT64_C(1) << ARM_FEAT_SVE2AES |   \
     UINT64_C(1) << ARM_FEAT_SVE2SHA3 | UINT64_C(1) << ARM_FEAT_SVE2SM4)

/* max: every feature arx has, SVE and SVE2 with their subsets included
 * (as qemu-aarch64 -cpu max). */
#define ARM_FEATURES_MAX ((UINT64_C(1) << ARM_FEAT_COUNT) - 1)

uint64_t arm_cpu_features = ARM_FEATURES_MAX;

/* Features that are SVE instructions only: in max, but neither reported
 * (HWCAP2, ID_AA64ZFR0) nor kept (-cpu) without sve. */
#define SVE_ONLY_FEATURES                                                      \
    ((UINT64_C(1) << ARM_FEAT_F32MM) | (UINT64_C(1) << ARM_FEAT_F64MM))

/* Enabled, and its prerequisite sve too where it has one. */
static bool reported(int f)
{
    return arm_cpu_has((ArmFeature)f) &&
           (!((SVE_ONLY_FEATURES >> f) & 1) || arm_cpu_has(ARM_FEAT_SVE));
}

static int find_feature(const char *name, size_t len)
{
    for (int i = 0; i < ARM_FEAT_COUNT; i++)
        if (strlen(feature_info[i].name) == len &&
            strncmp(feature_info[i].name, name, len) == 0)
            return i;
    return -1;
}

/* A feature that builds on another goes when that one goes. */
static void apply_dependencies(void)
{
    if (!arm_cpu_has(ARM_FEAT_FLAGM))
        arm_cpu_features &= ~(UINT64_C(1) << ARM_FEAT_FLAGM2);
    if (!arm_cpu_has(ARM_FEAT_LRCPC))
        arm_cpu_features &= ~(UINT64_C(1) << ARM_FEAT_LRCPC2);
    if (!arm_cpu_has(ARM_FEAT_PAUTH))
        arm_cpu_features &= ~(UINT64_C(1) << ARM_FEAT_FPAC);
    if (!arm_cpu_has(ARM_FEAT_FPAC))
        arm_cpu_features &= ~(UINT64_C(1) << ARM_FEAT_FPACCOMBINE);
    if (!arm_cpu_has(ARM_FEAT_SVE))
        arm_cpu_features &= ~(SVE_ONLY_FEATURES | UINT64_C(1) << ARM_FEAT_SVE2);
    if (!arm_cpu_has(ARM_FEAT_SVE2))
        arm_cpu_features &= ~ARM_FEATURES_ON_SVE2;
}

/* One comma-separated item: a model (first only) or [+-]feature. */
static bool apply_item(const char *item, size_t len, bool first)
{
    bool on = true;
    int f;

    if (first && len == 3 && strncmp(item, "max", 3) == 0) {
        arm_cpu_features = ARM_FEATURES_MAX;
        return true;
    }
    if (first && len == 4 && strncmp(item, "v8.0", 4) == 0) {
        arm_cpu_features = 0;
        return true;
    }
    if (len > 0 && (item[0] == '+' || item[0] == '-')) {
        on = item[0] == '+';
        item++;
        len--;
    }
    f = find_feature(item, len);
    if (f < 0)
        return false;
    if (on)
        arm_cpu_features |= UINT64_C(1) << f;
    else
        arm_cpu_features &= ~(UINT64_C(1) << f);
    return true;
}

bool arm_cpu_select(const char *spec, const char **bad)
{
    static char bad_item[64];
    const char *p = spec;
    bool first = true;

    for (;;) {
        size_t len = strcspn(p, ",");

        if (!apply_item(p, len, first)) {
            snprintf(bad_item, sizeof(bad_item), "%.*s", (int)len, p);
            *bad = bad_item;
            return false;
        }
        first = false;
        if (p[len] == '\0')
            break;
        p += len + 1;
    }
    apply_dependencies();
    return true;
}

void arm_cpu_spec(char *buf, size_t len)
{
    size_t n = (size_t)snprintf(buf, len, "v8.0");

    for (int i = 0; i < ARM_FEAT_COUNT && n < len; i++)
        if (arm_cpu_has((ArmFeature)i))
            n += (size_t)snprintf(buf + n, len - n, ",+%s",
                                  feature_info[i].name);
}

void arm_cpu_print_help(FILE *out)
{
    fputs("CPU models for -cpu MODEL[,+feature,-feature...]:\n"
          "  max    every feature below (the default)\n"
          "  v8.0   none of them: Armv8.0 with FP16, CRC32, LSE, AES, PMULL,\n"
          "         SHA1, SHA2, SHA3, SHA512 (always present)\n"
          "features:\n",
          out);
    for (int i = 0; i < ARM_FEAT_COUNT; i++)
        fprintf(out, "  %-11s %s\n", feature_info[i].name,
                feature_info[i].what);
}

static uint64_t hwcap_word(int word)
{
    uint64_t caps = 0;

    for (int i = 0; i < ARM_FEAT_COUNT; i++)
        if (reported(i) && feature_info[i].hwcap_word == word)
            caps |= UINT64_C(1) << feature_info[i].hwcap_bit;
    return caps;
}

/* PAuth brings the generic key too (PACGA): HWCAP_PACG, ID_AA64ISAR1.GPA. */
#define HWCAP_PACG (UINT64_C(1) << 31)
#define ISAR1_GPA_QARMA5 (UINT64_C(1) << 24)
/* ID_AA64ZFR0_EL1.BF16, .I8MM: the SVE forms of bf16 and i8mm. */
#define ZFR0_BF16 (UINT64_C(1) << 20)
#define ZFR0_I8MM (UINT64_C(1) << 44)

uint64_t arm_cpu_hwcap(void)
{
    return hwcap_word(1) | (arm_cpu_has(ARM_FEAT_PAUTH) ? HWCAP_PACG : 0);
}

/* HWCAP2_SVEI8MM, HWCAP2_SVEBF16: the SVE forms of i8mm, bf16;
 * FEAT_SVE_PMULL128 comes with sve2aes (ID_AA64ZFR0.AES = 2). */
#define HWCAP2_SVEI8MM (UINT64_C(1) << 9)
#define HWCAP2_SVEBF16 (UINT64_C(1) << 12)
#define HWCAP2_SVEPMULL (UINT64_C(1) << 3)

uint64_t arm_cpu_hwcap2(void)
{
    uint64_t caps = hwcap_word(2);

    if (arm_cpu_has(ARM_FEAT_SVE) && arm_cpu_has(ARM_FEAT_I8MM))
        caps |= HWCAP2_SVEI8MM;
    if (arm_cpu_has(ARM_FEAT_SVE) && arm_cpu_has(ARM_FEAT_BF16))
        caps |= HWCAP2_SVEBF16;
    if (arm_cpu_has(ARM_FEAT_SVE2AES))
        caps |= HWCAP2_SVEPMULL;
    return caps;
}

ArmIdReg arm_cpu_id_reg_of(unsigned crm, unsigned op2)
{
    if (crm == 6 && op2 <= 2)
        return (ArmIdReg)(ARM_ID_ISAR0 + op2);
    if (crm == 4 && op2 <= 1)
        return op2 ? ARM_ID_PFR1 : ARM_ID_PFR0;
    if (crm == 7 && op2 == 2)
        return ARM_ID_MMFR2;
    if (crm == 4 && op2 == 4)
        return ARM_ID_ZFR0;
    return ARM_ID_NONE;
}

uint64_t arm_cpu_id_reg(ArmIdReg n)
{
    uint64_t reg = n == ARM_ID_ISAR0  ? ARX_ID_AA64ISAR0_EL1
                   : n == ARM_ID_PFR0 ? ARX_ID_AA64PFR0_EL1
                                      : 0;

    for (int i = 0; i < ARM_FEAT_COUNT; i++) {
        const FeatureInfo *fi = &feature_info[i];
        uint64_t field;

        if (!reported(i) || fi->id_reg != (int)n)
            continue;
        field = (reg >> fi->shift) & 0xf;
        if ((uint64_t)fi->value > field)
            reg = (reg & ~(UINT64_C(0xf) << fi->shift)) | (uint64_t)fi->value
                                                              << fi->shift;
    }
    if (n == 1 && arm_cpu_has(ARM_FEAT_PAUTH))
        reg |= ISAR1_GPA_QARMA5;
    if (n == ARM_ID_ZFR0 && arm_cpu_has(ARM_FEAT_SVE))
        reg |= (arm_cpu_has(ARM_FEAT_BF16) ? ZFR0_BF16 : 0) |
               (arm_cpu_has(ARM_FEAT_I8MM) ? ZFR0_I8MM : 0);
    return reg;
}
