/*
 * Integer helpers called from translated A64 code (CRC32) for
 * what the IR cannot express cheaply. Pure functions of their arguments:
 * they must never touch the CPU state or guest memory.
 */
#ifndef ARX_TARGET_ARM_HELPER_INT_H
#define ARX_TARGET_ARM_HELPER_INT_H

#include <stdint.h>

/* CRC32{B,H,W,X} / CRC32C{B,H,W,X}: acc (low 32 bits) updated with the low
 * `bytes` bytes of val, least significant first; no pre/post inversion. */
uint64_t helper_crc32(uint64_t acc, uint64_t val, uint64_t bytes);
uint64_t helper_crc32c(uint64_t acc, uint64_t val, uint64_t bytes);

#endif
