/*
 * Pointer authentication arithmetic (FEAT_PAuth, FEAT_PAuth2): the QARMA5
 * cipher of ComputePAC() and AddPAC(), Auth(), Strip() for Linux user
 * space (48-bit VA; TBI0 set, TBI1 clear, for data and instructions alike).
 * Pure functions of their arguments: no CPU state, no IR.
 */
#ifndef ARX_TARGET_ARM_PAUTH_H
#define ARX_TARGET_ARM_PAUTH_H

#include <stdbool.h>
#include <stdint.h>

/* One 128-bit key: K<127:64> is hi, K<63:0> lo (APxxKeyHi/Lo_EL1). */
typedef struct ArmPauthKey {
    uint64_t lo, hi;
} ArmPauthKey;

/*
 * A thread's recent ComputePAC() results: a function signs and
 * authenticates its return address with the same SP, and a loop calls it
 * from the same place, so most PACs are asked for again. Direct-mapped;
 * cleared when the thread's keys change.
 */
#define ARM_PAUTH_CACHE_SIZE 64
typedef struct ArmPauthCacheEntry {
    uint64_t data, modifier, pac;
    uint32_t key; /* ARM_PAUTH_IA..GA, + 1: 0 marks an empty entry */
    uint32_t pad;
} ArmPauthCacheEntry;

/* The keys, in the order of the key number the helpers pass. */
enum {
    ARM_PAUTH_IA,
    ARM_PAUTH_IB,
    ARM_PAUTH_DA,
    ARM_PAUTH_DB,
    ARM_PAUTH_GA,
    ARM_PAUTH_NKEYS,
};

/* ComputePAC(data, modifier, key0 = K<127:64>, key1 = K<63:0>): QARMA5. */
uint64_t pauth_compute_pac(uint64_t data, uint64_t modifier, uint64_t key0,
                           uint64_t key1);

/* AddPAC(): ptr with its PAC in bits 54:48 (63:56 too when bit 55 is
 * set). pauth2: FEAT_PAuth2's XOR of
 * the PAC into the pointer, else PAuth's insertion. */
uint64_t pauth_add_pac(uint64_t ptr, uint64_t modifier, const ArmPauthKey *key,
                       bool pauth2);

/*
 * Auth(): ptr without its PAC when it verifies. On failure, PAuth puts
 * the error code of key B (key_b) or A in bits 54:53; PAuth2 leaves the
 * XOR of the PAC (a non-canonical pointer). *failed: whether the PAC
 * did not match (what FEAT_FPAC traps on).
 */
uint64_t pauth_auth(uint64_t ptr, uint64_t modifier, const ArmPauthKey *key,
                    bool key_b, bool pauth2, bool *failed);

/* The same two with pac = ComputePAC(pauth_strip(ptr), modifier, K) given
 * (a caller that caches PACs). */
uint64_t pauth_add_pac_with(uint64_t ptr, uint64_t pac, bool pauth2);
uint64_t pauth_auth_with(uint64_t ptr, uint64_t pac, bool key_b, bool pauth2,
                         bool *failed);

/* Strip(): the PAC field replaced by copies of bit 55 (XPACI, XPACD). */
uint64_t pauth_strip(uint64_t ptr);

#endif
