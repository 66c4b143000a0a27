/* Guest test: checksums implemented in C -- bitwise and table CRC-32,
 * CRC-32C, Adler-32, FNV-1a and a 64-bit multiply-rotate hash over data of
 * many lengths and alignments. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static uint32_t table[256], table_c[256];

static void make_table(uint32_t *t, uint32_t poly)
{
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++)
            c = (c >> 1) ^ (-(c & 1) & poly);
        t[i] = c;
    }
}

static uint32_t crc_bitwise(const uint8_t *p, size_t n)
{
    uint32_t c = 0xffffffffu;
    for (size_t i = 0; i < n; i++) {
        c ^= p[i];
        for (int k = 0; k < 8; k++)
            c = (c >> 1) ^ (0xedb88320u & -(c & 1));
    }
    return ~c;
}

static uint32_t crc_table(const uint32_t *t, const uint8_t *p, size_t n)
{
    uint32_t c = 0xffffffffu;
    while (n--)
        c = t[(c ^ *p++) & 0xff] ^ (c >> 8);
    return ~c;
}

static uint32_t adler32(const uint8_t *p, size_t n)
{
    uint32_t a = 1, b = 0;
    for (size_t i = 0; i < n; i++) {
        a = (a + p[i]) % 65521;
        b = (b + a) % 65521;
    }
    return (b << 16) | a;
}

static uint32_t fnv1a(const uint8_t *p, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 16777619u;
    return h;
}

static uint64_t mix64(const uint8_t *p, size_t n)
{
    uint64_t h = 0x243f6a8885a308d3ull ^ n;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        h ^= w * 0x9e3779b97f4a7c15ull;
        h = (h << 27) | (h >> 37);
        h *= 0xff51afd7ed558ccdull;
    }
    for (; i < n; i++)
        h = (h ^ p[i]) * 0x100000001b3ull;
    h ^= h >> 33;
    return h;
}

static uint8_t data[70000 + 64];

int main(void)
{
    make_table(table, 0xedb88320u);
    make_table(table_c, 0x82f63b78u);
    printf("check crc32(\"123456789\")=%08x crc32c=%08x\n",
           crc_table(table, (const uint8_t *)"123456789", 9),
           crc_table(table_c, (const uint8_t *)"123456789", 9));
    uint32_t s = 1;
    for (size_t i = 0; i < sizeof(data); i++) {
        s = s * 1103515245u + 12345u;
        data[i] = (uint8_t)(s >> 16);
    }
    size_t lens[] = {0,  1,  2,   3,   4,   7,    8,    15,   16,    31,
                     63, 64, 100, 255, 256, 1000, 4096, 4097, 65535, 70000};
    for (unsigned i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
        for (unsigned a = 0; a < 8; a += 3) {
            const uint8_t *p = data + a;
            size_t n = lens[i];
            uint32_t cb =
                n <= 4097 ? crc_bitwise(p, n) : crc_table(table, p, n);
            printf(
                "len=%5zu a=%u crc=%08x bit-ok=%d crc32c=%08x adler=%08x fnv=%08x mix=%016llx\n",
                n, a, crc_table(table, p, n), cb == crc_table(table, p, n),
                crc_table(table_c, p, n), adler32(p, n), fnv1a(p, n),
                (unsigned long long)mix64(p, n));
        }
    }
    uint32_t acc = 0;
    for (int round = 0; round < 300; round++)
        acc ^= crc_table(table, data + (round % 64), 20000) + (uint32_t)round;
    printf("rounds acc=%08x\n", acc);
    for (int i = 0; i < 256; i += 17)
        printf("table[%3d]=%08x c=%08x\n", i, table[i], table_c[i]);
    return 0;
}
