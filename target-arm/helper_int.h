/*
 * Integer helpers called from translated A64 code (CRC32) for
 * what the IR cannot express cheaply. Pure functions of their arguments:
 * they must never touch the CPU state or guest memory.
 */
#ifndef ARX_TARGET_ARM_HELPER_INT_H
#define ARX_TARGET_ARM_HELPER_INT_H

/* CRC32 and CRC32C: helpers.def, section integer. */
#include "target-arm/helpers.h"

#endif
