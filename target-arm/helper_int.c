/*
 * Integer helpers for the A64 translator: the CRC32 instructions (the
 * Castagnoli forms only where the host has no crc32 instruction). Nothing here
 * may touch the CPU state, guest memory or anything host-specific.
 */
#include "target-arm/helper_int.h"

#include "util/once.h"

/*
 * Arm's CRC32 pseudocode bit-reverses its operands, reduces modulo the
 * polynomial and bit-reverses the result: that is the usual LSB-first CRC
 * with the reflected polynomial. Tables (slicing by 8): entry [k][i] is
 * byte i followed by k zero bytes through the LFSR, so the eight bytes of
 * an X form are eight independent lookups instead of a serial chain.
 * Filled by the first CRC instruction run (code loaded from the persistent
 * cache runs without being translated), not at start-up: most programs
 * never run one, and every process would pay the 16 KiB.
 */
enum { CRC32_POLY = 0xedb88320u, CRC32C_POLY = 0x82f63b78u }; /* reflected */

static uint32_t crc32_tables[8][256], crc32c_tables[8][256];

static void crc_tables_fill(uint32_t t[8][256], uint32_t poly)
{
    for (unsigned i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int bit = 0; bit < 8; bit++)
            c = (c >> 1) ^ ((c & 1) ? poly : 0);
        t[0][i] = c;
    }
    for (int k = 1; k < 8; k++)
        for (unsigned i = 0; i < 256; i++)
            t[k][i] = (t[k - 1][i] >> 8) ^ t[0][t[k - 1][i] & 0xff];
}

static void crc_tables_init(void)
{
    crc_tables_fill(crc32_tables, CRC32_POLY);
    crc_tables_fill(crc32c_tables, CRC32C_POLY);
}

/* One load on the way of every CRC instruction (zlib's crc32 runs one
 * per 8 bytes) once the tables are there. */
static inline void crc_tables_ready(void)
{
    static Once tables = {PTHREAD_ONCE_INIT};

    once_run(&tables, crc_tables_init);
}

static uint64_t crc_update(const uint32_t t[8][256], uint64_t acc, uint64_t val,
                           uint64_t bytes)
{
    uint32_t crc = (uint32_t)acc;

    if (bytes == 8) {
        uint64_t x = val ^ crc;
        return t[7][x & 0xff] ^ t[6][(x >> 8) & 0xff] ^ t[5][(x >> 16) & 0xff] ^
               t[4][(x >> 24) & 0xff] ^ t[3][(x >> 32) & 0xff] ^
               t[2][(x >> 40) & 0xff] ^ t[1][(x >> 48) & 0xff] ^ t[0][x >> 56];
    }
    for (uint64_t i = 0; i < bytes; i++)
        crc = (crc >> 8) ^ t[0][(crc ^ (uint32_t)(val >> (8 * i))) & 0xff];
    return crc;
}

uint64_t helper_crc32(uint64_t acc, uint64_t val, uint64_t bytes)
{
    crc_tables_ready();
    return crc_update(crc32_tables, acc, val, bytes);
}

uint64_t helper_crc32c(uint64_t acc, uint64_t val, uint64_t bytes)
{
    crc_tables_ready();
    return crc_update(crc32c_tables, acc, val, bytes);
}
