/*
 * Work done once per process, on first use, checked with one acquire load
 * afterwards: for what a helper on a hot path needs (the CRC tables, the
 * host's CPUID words) and start-up should not pay for.
 */
#ifndef ARX_UTIL_ONCE_H
#define ARX_UTIL_ONCE_H

#include <pthread.h>
#include <stdbool.h>

/* Initialised as {PTHREAD_ONCE_INIT}. */
typedef struct Once {
    pthread_once_t once;
    bool done; /* after init's effects, with release */
} Once;

static inline void once_run_slow(Once *o, void (*init)(void))
{
    pthread_once(&o->once, init);
    __atomic_store_n(&o->done, true, __ATOMIC_RELEASE);
}

/* Runs init unless it ran (racing callers wait for the one running it). */
static inline void once_run(Once *o, void (*init)(void))
{
    if (!__atomic_load_n(&o->done, __ATOMIC_ACQUIRE))
        once_run_slow(o, init);
}

#endif
