/*
 * Integer helpers for the A64 translator: division with Arm's results for
 * the cases C leaves undefined, and the CRC32 instructions. Nothing here
 * may touch the CPU state, guest memory or anything host-specific.
 */
#include "target-arm/helper_int.h"

uint64_t helper_udiv64(uint64_t n, uint64_t m)
{
    return m ? n / m : 0;
}

uint64_t helper_sdiv64(uint64_t n, uint64_t m)
{
    if (m == 0)
        return 0;
    /* INT64_MIN / -1 overflows in C (and traps on x86); Arm gives INT64_MIN,
     * which is what unsigned negation yields. */
    if (m == UINT64_MAX)
        return -n;
    return (uint64_t)((int64_t)n / (int64_t)m);
}

uint64_t helper_udiv32(uint64_t n, uint64_t m)
{
    uint32_t d = (uint32_t)m;

    return d ? (uint32_t)n / d : 0;
}

uint64_t helper_sdiv32(uint64_t n, uint64_t m)
{
    int32_t a = (int32_t)n, b = (int32_t)m;

    if (b == 0)
        return 0;
    if (b == -1)
        return (uint32_t)(0u - (uint32_t)a);
    return (uint32_t)(a / b);
}

/*
 * Arm's CRC32 pseudocode bit-reverses its operands, reduces modulo the
 * polynomial and bit-reverses the result: that is the usual LSB-first CRC
 * with the reflected polynomial, computed here four bits at a time.
 * Tables: entry i is nibble i shifted through four steps of the LFSR.
 */
static const uint32_t crc32_nibble_table[16] = { /* 0x04C11DB7 reflected */
    0x00000000, 0x1db71064, 0x3b6e20c8, 0x26d930ac,
    0x76dc4190, 0x6b6b51f4, 0x4db26158, 0x5005713c,
    0xedb88320, 0xf00f9344, 0xd6d6a3e8, 0xcb61b38c,
    0x9b64c2b0, 0x86d3d2d4, 0xa00ae278, 0xbdbdf21c,
};

static const uint32_t crc32c_nibble_table[16] = { /* 0x1EDC6F41 reflected */
    0x00000000, 0x105ec76f, 0x20bd8ede, 0x30e349b1,
    0x417b1dbc, 0x5125dad3, 0x61c69362, 0x7198540d,
    0x82f63b78, 0x92a8fc17, 0xa24bb5a6, 0xb21572c9,
    0xc38d26c4, 0xd3d3e1ab, 0xe330a81a, 0xf36e6f75,
};

static uint64_t crc_update(const uint32_t *table, uint64_t acc, uint64_t val,
                           uint64_t bytes)
{
    uint32_t crc = (uint32_t)acc;

    for (uint64_t i = 0; i < bytes; i++) {
        crc ^= (uint8_t)(val >> (8 * i));
        crc = (crc >> 4) ^ table[crc & 15];
        crc = (crc >> 4) ^ table[crc & 15];
    }
    return crc;
}

uint64_t helper_crc32(uint64_t acc, uint64_t val, uint64_t bytes)
{
    return crc_update(crc32_nibble_table, acc, val, bytes);
}

uint64_t helper_crc32c(uint64_t acc, uint64_t val, uint64_t bytes)
{
    return crc_update(crc32c_nibble_table, acc, val, bytes);
}
