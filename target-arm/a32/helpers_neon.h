/*
 * Prototypes of helpers_neon.def's helpers (a view of those rows, as
 * target-arm/helpers.h is of helpers.def's). Declarations only.
 */
#ifndef ARX_TARGET_ARM_A32_HELPERS_NEON_H
#define ARX_TARGET_ARM_A32_HELPERS_NEON_H

#include <stdint.h>

#define DEF_HELPER(name, flags, ...) uint64_t helper_##name(__VA_ARGS__);
#include "target-arm/a32/helpers_neon.def"
#undef DEF_HELPER

#endif
