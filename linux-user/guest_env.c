/*
 * The guest's initial environment (-E, -U, ARX_SET_ENV, ARX_UNSET_ENV):
 * a copy of envp's pointer vector edited in place; the strings are shared.
 * Must not call setenv/unsetenv: arx's own environment stays the host's.
 */
#include "linux-user/guest_env.h"

#include <stdlib.h>
#include <string.h>

#include "util/log.h"

static void guest_env_reserve(GuestEnv *env, size_t n)
{
    if (n <= env->capacity)
        return;
    env->capacity = n * 2;
    env->vars = realloc(env->vars, env->capacity * sizeof(*env->vars));
    if (!env->vars)
        arx_fatal("out of memory for the guest's environment");
}

void guest_env_init(GuestEnv *env, char **envp)
{
    size_t n = 0;

    while (envp && envp[n])
        n++;
    env->vars = NULL;
    env->count = 0;
    env->capacity = 0;
    guest_env_reserve(env, n + 1);
    if (n)
        memcpy(env->vars, envp, n * sizeof(*envp));
    env->count = n;
    env->vars[n] = NULL;
}

/* The index of NAME (len bytes) in env, or env->count. */
static size_t guest_env_find(const GuestEnv *env, const char *name, size_t len)
{
    for (size_t i = 0; i < env->count; i++)
        if (strncmp(env->vars[i], name, len) == 0 && env->vars[i][len] == '=')
            return i;
    return env->count;
}

bool guest_env_set(GuestEnv *env, const char *assignment)
{
    const char *eq = strchr(assignment, '=');
    size_t i;

    if (!eq || eq == assignment)
        return false;
    i = guest_env_find(env, assignment, (size_t)(eq - assignment));
    if (i == env->count) {
        guest_env_reserve(env, env->count + 2);
        env->count++;
        env->vars[env->count] = NULL;
    }
    env->vars[i] = (char *)assignment;
    return true;
}

bool guest_env_unset(GuestEnv *env, const char *name)
{
    size_t len = strlen(name), i;

    if (len == 0 || strchr(name, '='))
        return false;
    while ((i = guest_env_find(env, name, len)) < env->count) {
        memmove(&env->vars[i], &env->vars[i + 1],
                (env->count - i) * sizeof(*env->vars));
        env->count--;
    }
    return true;
}

char **guest_env_vector(GuestEnv *env)
{
    return env->vars;
}
