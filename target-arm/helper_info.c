/*
 * Defines the call descriptor of each helper in helpers.def. Only the
 * table's view lives here: no helper code, no flags written by hand.
 */
#include "target-arm/helper_info.h"

#include "target-arm/helpers.h"

#define DEF_HELPER(name, flags, ...)                                           \
    const TCGHelper helper_info_##name = {#name, (void *)helper_##name,        \
                                          (flags)};
#define DEF_HELPER_CHOSEN(name, flags)
#include "target-arm/helpers.def"
#undef DEF_HELPER
#undef DEF_HELPER_CHOSEN
