/*
 * The call descriptors of helpers.def, for translators: helper_info_<name>
 * (name, function, flags) to pass to tcg_gen_call, and HELPER_FLAGS_<name>
 * for code that builds a descriptor of its own (run-time choices,
 * adapters). Descriptors are defined once, in helper_info.c.
 */
#ifndef ARX_TARGET_ARM_HELPER_INFO_H
#define ARX_TARGET_ARM_HELPER_INFO_H

#include "tcg/ir.h"

#define DEF_HELPER(name, flags, ...)                                           \
    extern const TCGHelper helper_info_##name;                                 \
    enum { HELPER_FLAGS_##name = (flags) };
#define DEF_HELPER_CHOSEN(name, flags) enum { HELPER_FLAGS_##name = (flags) };
#include "target-arm/helpers.def"
#undef DEF_HELPER
#undef DEF_HELPER_CHOSEN

#endif
