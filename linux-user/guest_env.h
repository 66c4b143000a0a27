/*
 * The guest's initial environment: arx's own, edited by -E/-U and
 * ARX_SET_ENV/ARX_UNSET_ENV in the order given. Never changes arx's own
 * environment (getenv in arx still sees the host's).
 */
#ifndef ARX_LINUX_USER_GUEST_ENV_H
#define ARX_LINUX_USER_GUEST_ENV_H

#include <stdbool.h>
#include <stddef.h>

typedef struct GuestEnv {
    char **vars; /* NAME=VALUE strings, NULL-terminated once used */
    size_t count;
    size_t capacity;
} GuestEnv;

/* Starts from envp (not copied: its strings must outlive the guest's start). */
void guest_env_init(GuestEnv *env, char **envp);

/* "NAME=VALUE": replaces NAME in place or appends it. False for no '=' or
 * an empty NAME. */
bool guest_env_set(GuestEnv *env, const char *assignment);

/* Removes every NAME=... entry. False for an empty NAME or one with '='. */
bool guest_env_unset(GuestEnv *env, const char *name);

/* The NULL-terminated vector for the loader. */
char **guest_env_vector(GuestEnv *env);

#endif
