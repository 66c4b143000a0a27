/*
 * Integer helpers called from translated A64 code (division, CRC32) for
 * what the IR cannot express cheaply. Pure functions of their arguments:
 * they must never touch the CPU state or guest memory.
 */
#ifndef ARX_TARGET_ARM_HELPER_INT_H
#define ARX_TARGET_ARM_HELPER_INT_H

#include <stdint.h>

/* UDIV/SDIV with Arm semantics: x / 0 = 0, INT_MIN / -1 = INT_MIN.
 * The 32-bit forms use the low 32 bits and return them zero-extended. */
uint64_t helper_udiv64(uint64_t n, uint64_t m);
uint64_t helper_sdiv64(uint64_t n, uint64_t m);
uint64_t helper_udiv32(uint64_t n, uint64_t m);
uint64_t helper_sdiv32(uint64_t n, uint64_t m);

/* CRC32{B,H,W,X} / CRC32C{B,H,W,X}: acc (low 32 bits) updated with the low
 * `bytes` bytes of val, least significant first; no pre/post inversion. */
uint64_t helper_crc32(uint64_t acc, uint64_t val, uint64_t bytes);
uint64_t helper_crc32c(uint64_t acc, uint64_t val, uint64_t bytes);

#endif
