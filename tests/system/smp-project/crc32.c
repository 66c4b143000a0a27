/* CRC-32 (reflected, polynomial 0xEDB88320) of a generated buffer. */
#include "smp.h"

uint32_t smp_crc32(uint32_t seed)
{
    uint32_t crc = 0xffffffffu;
    for (uint32_t i = 0; i < 4096; i++) {
        crc ^= (uint8_t)(i * 7 + seed);
        for (int bit = 0; bit < 8; bit++)
            crc = (crc >> 1) ^ (0xedb88320u & -(crc & 1));
    }
    return ~crc;
}
