/*
 * The pointer authentication helpers (helpers_feat.def): the thread's
 * keys and enables from CPUARMState, the arithmetic from pauth.c, the
 * FEAT_PAuth2 and FEAT_FPAC choices from the -cpu model. No IR.
 */
#include "target-arm/helper_pauth.h"

#include "target-arm/cpu.h"
#include "target-arm/features.h"
#include "target-arm/pauth.h"

static bool key_enabled(const CPUARMState *env, unsigned key)
{
    return (env->pauth_enabled >> key) & 1;
}

/* ComputePAC(data, modifier, key) through the thread's cache. */
static uint64_t cached_pac(CPUARMState *env, unsigned key, uint64_t data,
                           uint64_t modifier)
{
    uint64_t hash = (data ^ (modifier * UINT64_C(0x9e3779b97f4a7c15)) ^ key) *
                    UINT64_C(0xff51afd7ed558ccd);
    ArmPauthCacheEntry *e =
        &env->pauth_cache[hash >> 58 & (ARM_PAUTH_CACHE_SIZE - 1)];
    const ArmPauthKey *k = &env->pauth_keys[key];

    if (e->key == key + 1 && e->data == data && e->modifier == modifier)
        return e->pac;
    e->key = key + 1;
    e->data = data;
    e->modifier = modifier;
    e->pac = pauth_compute_pac(data, modifier, k->hi, k->lo);
    return e->pac;
}

/* FEAT_FPAC implies FEAT_PAuth2 (ID_AA64ISAR1.APA 4). */
static bool pauth2(void)
{
    return arm_cpu_has(ARM_FEAT_FPAC);
}

uint64_t helper_pauth_pac(uint64_t envp, uint64_t ptr, uint64_t modifier,
                          uint64_t key)
{
    CPUARMState *env = (CPUARMState *)(uintptr_t)envp;

    if (!key_enabled(env, (unsigned)key))
        return ptr;
    return pauth_add_pac_with(
        ptr, cached_pac(env, (unsigned)key, pauth_strip(ptr), modifier),
        pauth2());
}

uint64_t helper_pauth_aut(uint64_t envp, uint64_t ptr, uint64_t modifier,
                          uint64_t desc)
{
    CPUARMState *env = (CPUARMState *)(uintptr_t)envp;
    unsigned key = (unsigned)desc & PAUTH_KEY_MASK;
    bool failed;
    uint64_t result;

    env->pauth_fail = 0;
    if (!key_enabled(env, key))
        return ptr;
    result =
        pauth_auth_with(ptr, cached_pac(env, key, pauth_strip(ptr), modifier),
                        key & 1, pauth2(), &failed);
    /* FEAT_FPAC without FEAT_FPACCOMBINE: the combined forms (RETAA,
     * BRAA, LDRAA...) go on with the bad pointer, which faults on use. */
    if (failed && pauth2() &&
        (!(desc & PAUTH_COMBINED) || arm_cpu_has(ARM_FEAT_FPACCOMBINE)))
        env->pauth_fail = 1;
    return result;
}

uint64_t helper_pauth_pacga(uint64_t envp, uint64_t data, uint64_t modifier)
{
    CPUARMState *env = (CPUARMState *)(uintptr_t)envp;
    return cached_pac(env, ARM_PAUTH_GA, data, modifier) &
           UINT64_C(0xffffffff00000000);
}
