/*
 * Memory helpers for translated A64 code (see helper_mem.h). They reach
 * guest memory only through g2h and must not know about the JIT.
 */
#include <pthread.h>
#include <stdbool.h>
#include <string.h>

#include "linux-user/user.h"
#include "target-arm/cpu.h"
#include "target-arm/helper_mem.h"

/*
 * Misaligned pairs (an alignment fault on hardware) cannot use
 * cmpxchg16b; they are swapped under this lock, atomic only against each
 * other.
 */
static pthread_mutex_t helper_mem_unaligned_lock = PTHREAD_MUTEX_INITIALIZER;

/* lock cmpxchg16b: *p == old ? (*p = new, true) : false, atomically. */
static bool helper_mem_cmpxchg16b(void *p, uint64_t old_lo, uint64_t old_hi,
                                  uint64_t new_lo, uint64_t new_hi)
{
    bool ok;

    __asm__ volatile("lock cmpxchg16b %1"
                     : "=@ccz"(ok), "+m"(*(volatile unsigned __int128 *)p),
                       "+a"(old_lo), "+d"(old_hi)
                     : "b"(new_lo), "c"(new_hi)
                     : "memory");
    return ok;
}

static bool helper_mem_cmpxchg_unaligned(void *p, uint64_t old_lo,
                                         uint64_t old_hi, uint64_t new_lo,
                                         uint64_t new_hi)
{
    uint64_t cur[2], want[2] = { old_lo, old_hi }, repl[2] = { new_lo, new_hi };
    bool ok;

    pthread_mutex_lock(&helper_mem_unaligned_lock);
    memcpy(cur, p, sizeof(cur));
    ok = !memcmp(cur, want, sizeof(cur));
    if (ok)
        memcpy(p, repl, sizeof(repl));
    pthread_mutex_unlock(&helper_mem_unaligned_lock);
    return ok;
}

uint64_t helper_stxp128(uint64_t env_arg, uint64_t addr, uint64_t lo,
                        uint64_t hi)
{
    CPUARMState *env = (CPUARMState *)(uintptr_t)env_arg;
    void *host = g2h(addr);
    bool ok = false;

    if (env->exclusive_addr == addr) {
        if (((uintptr_t)host & 15) == 0)
            ok = helper_mem_cmpxchg16b(host, env->exclusive_val,
                                       env->exclusive_high, lo, hi);
        else
            ok = helper_mem_cmpxchg_unaligned(host, env->exclusive_val,
                                              env->exclusive_high, lo, hi);
    }
    env->exclusive_addr = (uint64_t)-1;
    return !ok;
}
