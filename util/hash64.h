/*
 * A fast 64-bit non-cryptographic hash of bytes (checksums and keys of the
 * persistent translation cache). Detects corruption, not forgery.
 */
#ifndef ARX_UTIL_HASH64_H
#define ARX_UTIL_HASH64_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

static inline uint64_t hash64_mix(uint64_t h)
{
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ull;
    h ^= h >> 33;
    return h;
}

/* Continues seed over len bytes at p. */
static inline uint64_t hash64(uint64_t seed, const void *p, size_t len)
{
    const uint8_t *b = p;
    uint64_t h = seed ^ (len * 0x9e3779b97f4a7c15ull), w;

    for (; len >= 8; b += 8, len -= 8) {
        memcpy(&w, b, 8);
        h = (h ^ hash64_mix(w)) * 0x9e3779b97f4a7c15ull;
        h = (h << 27) | (h >> 37);
    }
    w = 0;
    memcpy(&w, b, len);
    return hash64_mix(h ^ w ^ ((uint64_t)len << 56));
}

#endif
