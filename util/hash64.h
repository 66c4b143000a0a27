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

/*
 * Continues seed over len bytes at p. Four independent lanes take 32 bytes
 * a step (each step a bijection of its lane's state for a fixed word, and
 * of the word for a fixed state, so any one changed word changes the
 * result): about four times the speed of one chain of multiplies, which
 * matters since a cache record's checksum is checked each time it loads.
 */
static inline uint64_t hash64(uint64_t seed, const void *p, size_t len)
{
    const uint64_t k = 0x9e3779b97f4a7c15ull;
    const uint8_t *b = p;
    uint64_t lane[4], h, w;

    h = seed ^ (len * k);
    for (int i = 0; i < 4; i++)
        lane[i] = h + (uint64_t)(i + 1) * 0xc2b2ae3d27d4eb4full;
    for (; len >= 32; b += 32, len -= 32) {
        for (int i = 0; i < 4; i++) {
            memcpy(&w, b + 8 * i, 8);
            lane[i] = (lane[i] ^ w) * k;
            lane[i] = (lane[i] << 29) | (lane[i] >> 35);
        }
    }
    h = hash64_mix(lane[0]) ^ hash64_mix(lane[1] + 1) ^
        hash64_mix(lane[2] + 2) ^ hash64_mix(lane[3] + 3);
    for (; len >= 8; b += 8, len -= 8) {
        memcpy(&w, b, 8);
        h = (h ^ hash64_mix(w)) * k;
        h = (h << 27) | (h >> 37);
    }
    w = 0;
    memcpy(&w, b, len);
    return hash64_mix(h ^ w ^ ((uint64_t)len << 56));
}

#endif
