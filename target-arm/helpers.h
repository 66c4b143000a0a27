/*
 * Prototypes of every helper in helpers.def: uint64_t helper_<name>(...).
 * Included by the helper_*.h headers; declares functions only, so it
 * needs nothing from tcg/ and must not grow anything else.
 */
#ifndef ARX_TARGET_ARM_HELPERS_H
#define ARX_TARGET_ARM_HELPERS_H

#include <stdint.h>

#define DEF_HELPER(name, flags, ...) uint64_t helper_##name(__VA_ARGS__);
#define DEF_HELPER_CHOSEN(name, flags)
#include "target-arm/helpers.def"
#undef DEF_HELPER
#undef DEF_HELPER_CHOSEN

#endif
