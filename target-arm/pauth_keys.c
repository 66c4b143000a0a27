/*
 * The pointer authentication keys of a user-mode thread as Linux manages
 * them: random at exec, inherited by fork and clone, replaced by
 * PR_PAC_RESET_KEYS, enabled and disabled by PR_PAC_SET_ENABLED_KEYS.
 * Only CPUARMState's pauth_* fields; no cipher, no IR.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "target-arm/cpu.h"
#include "target-arm/features.h"

/* The arm64 prctl numbers and key bits (uapi linux/prctl.h). */
enum {
    PAC_RESET_KEYS = 54,
    PAC_SET_ENABLED_KEYS = 60,
    PAC_GET_ENABLED_KEYS = 61,
    PAC_ALL_KEYS = 0x1f,    /* PR_PAC_APIAKEY ... PR_PAC_APGAKEY */
    PAC_ENABLE_KEYS = 0x0f, /* the keys SCTLR_EL1.EnIA/IB/DA/DB cover */
};

/* ARX_PAUTH_TEST_KEYS=HI:LO (hex): every key that value. */
static bool test_key(ArmPauthKey *key)
{
    const char *spec = getenv("ARX_PAUTH_TEST_KEYS");
    char *end;

    if (!spec)
        return false;
    key->hi = strtoull(spec, &end, 16);
    key->lo = *end == ':' ? strtoull(end + 1, NULL, 16) : 0;
    return true;
}

/* New values for the keys in mask (bit n: key n, as PR_PAC_AP*KEY). */
static void reset_keys(CPUARMState *env, unsigned mask)
{
    ArmPauthKey fixed;
    bool use_fixed = test_key(&fixed);

    memset(env->pauth_cache, 0, sizeof(env->pauth_cache));
    for (unsigned n = 0; n < ARM_PAUTH_NKEYS; n++) {
        ArmPauthKey *key = &env->pauth_keys[n];

        if (!(mask >> n & 1))
            continue;
        if (use_fixed) {
            *key = fixed;
            continue;
        }
        /* getrandom of 16 bytes from the urandom pool cannot be short. */
        if (getrandom(key, sizeof(*key), 0) != (ssize_t)sizeof(*key))
            abort();
    }
}

void arm_pauth_exec_keys(CPUARMState *env)
{
    reset_keys(env, PAC_ALL_KEYS);
    env->pauth_enabled = PAC_ENABLE_KEYS;
}

int64_t arm_pauth_prctl(CPUARMState *env, int option, const uint64_t *arg)
{
    if (!arm_cpu_has(ARM_FEAT_PAUTH))
        return -EINVAL;
    switch (option) {
    case PAC_RESET_KEYS:
        if (arg[1] || arg[2] || arg[3] || (arg[0] & ~(uint64_t)PAC_ALL_KEYS))
            return -EINVAL;
        reset_keys(env, arg[0] ? (unsigned)arg[0] : PAC_ALL_KEYS);
        return 0;
    case PAC_SET_ENABLED_KEYS:
        if (arg[2] || arg[3] || (arg[0] & ~(uint64_t)PAC_ENABLE_KEYS) ||
            (arg[1] & ~arg[0]))
            return -EINVAL;
        env->pauth_enabled =
            (env->pauth_enabled & ~(uint32_t)arg[0]) | (uint32_t)arg[1];
        return 0;
    case PAC_GET_ENABLED_KEYS:
        if (arg[0] || arg[1] || arg[2] || arg[3])
            return -EINVAL;
        return env->pauth_enabled;
    default: return -EINVAL;
    }
}
