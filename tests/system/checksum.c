/*
 * Guest program for the arx-system boot test: fills a buffer from a fixed
 * xorshift sequence and prints its CRC-32 and a 64-bit sum, the same on
 * every machine. Must stay deterministic: no time, no pid, no addresses.
 */
#include <stdint.h>
#include <stdio.h>

static uint32_t crc32_update(uint32_t crc, uint8_t byte)
{
    crc ^= byte;
    for (int bit = 0; bit < 8; bit++)
        crc = (crc >> 1) ^ (0xedb88320u & -(crc & 1));
    return crc;
}

int main(void)
{
    static uint8_t buf[1 << 20];
    uint64_t x = 0x9e3779b97f4a7c15ull, sum = 0;
    for (size_t i = 0; i < sizeof(buf); i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        buf[i] = (uint8_t)x;
        sum += x;
    }
    uint32_t crc = 0xffffffffu;
    for (size_t i = 0; i < sizeof(buf); i++)
        crc = crc32_update(crc, buf[i]);
    printf("ARX-CHECKSUM crc32=%08x sum=%016llx\n", crc ^ 0xffffffffu,
           (unsigned long long)sum);
    return 0;
}
