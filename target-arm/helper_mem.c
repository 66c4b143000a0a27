/*
 * Memory helpers for translated A64 code (helpers.def, guest memory). They
 * reach guest memory only through tcg/guest_mem.h and must not know about
 * the JIT or the execution mode.
 */
#include <stdbool.h>
#include <string.h>

#include "target-arm/cpu.h"
#include "target-arm/helper_mem.h"
#include "tcg/guest_mem.h"

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

uint64_t helper_stxp128(uint64_t env_arg, uint64_t addr, uint64_t lo,
                        uint64_t hi)
{
    CPUARMState *env = (CPUARMState *)(uintptr_t)env_arg;
    bool ok = false;

    /* The translator checked that addr is 16-byte aligned. */
    if (env->exclusive_addr == addr)
        ok = helper_mem_cmpxchg16b(guest_host_ptr(env, addr, 16, GUEST_WRITE),
                                   env->exclusive_val, env->exclusive_high, lo,
                                   hi);
    env->exclusive_addr = (uint64_t)-1;
    return !ok;
}

/* ---- LSE atomics ---- */

static uint64_t atomic_apply(unsigned op, unsigned size, uint64_t old,
                             uint64_t value)
{
    unsigned bits = 8u << size;
    uint64_t mask = bits == 64 ? ~0ull : (1ull << bits) - 1;
    int64_t sold = (int64_t)(old << (64 - bits)) >> (64 - bits);
    int64_t sval = (int64_t)(value << (64 - bits)) >> (64 - bits);

    old &= mask;
    value &= mask;
    switch (op) {
    case ATOMIC_ADD: return old + value;
    case ATOMIC_CLR: return old & ~value;
    case ATOMIC_EOR: return old ^ value;
    case ATOMIC_SET: return old | value;
    case ATOMIC_SMAX: return sold > sval ? old : value;
    case ATOMIC_SMIN: return sold < sval ? old : value;
    case ATOMIC_UMAX: return old > value ? old : value;
    case ATOMIC_UMIN: return old < value ? old : value;
    default: return value; /* SWP */
    }
}

/*
 * LDADD and SWP have host equivalents (lock xadd, xchg) that never retry,
 * which matters on a contended counter; `handled` is false for the rest.
 */
static uint64_t atomic_rmw_direct(void *env, uint64_t addr, uint64_t value,
                                  unsigned op, unsigned size, bool *handled)
{
    void *host;

    *handled = op == ATOMIC_ADD || op == ATOMIC_SWP;
    if (!*handled)
        return 0;
    host = guest_host_ptr(env, addr, 1u << size, GUEST_WRITE);
    switch (size) {
    case 0:
        return op == ATOMIC_ADD
                   ? __atomic_fetch_add((uint8_t *)host, (uint8_t)value,
                                        __ATOMIC_SEQ_CST)
                   : __atomic_exchange_n((uint8_t *)host, (uint8_t)value,
                                         __ATOMIC_SEQ_CST);
    case 1:
        return op == ATOMIC_ADD
                   ? __atomic_fetch_add((uint16_t *)host, (uint16_t)value,
                                        __ATOMIC_SEQ_CST)
                   : __atomic_exchange_n((uint16_t *)host, (uint16_t)value,
                                         __ATOMIC_SEQ_CST);
    case 2:
        return op == ATOMIC_ADD
                   ? __atomic_fetch_add((uint32_t *)host, (uint32_t)value,
                                        __ATOMIC_SEQ_CST)
                   : __atomic_exchange_n((uint32_t *)host, (uint32_t)value,
                                         __ATOMIC_SEQ_CST);
    default:
        return op == ATOMIC_ADD ? __atomic_fetch_add((uint64_t *)host, value,
                                                     __ATOMIC_SEQ_CST)
                                : __atomic_exchange_n((uint64_t *)host, value,
                                                      __ATOMIC_SEQ_CST);
    }
}

/*
 * FEAT_LSE2: a field across the middle of its 16-byte granule (the
 * translator faulted those crossing the granule's end): one cmpxchg16b
 * loop on the whole granule. A torn first read only costs a retry.
 */
static uint64_t atomic_rmw_granule(void *env, uint64_t addr, uint64_t value,
                                   unsigned op, unsigned size)
{
    typedef unsigned __int128 u128;
    volatile u128 *granule =
        guest_host_ptr(env, addr & ~15ull, 16, GUEST_WRITE);
    unsigned shift = (unsigned)(addr & 15) * 8;
    u128 mask = (((u128)1 << (8u << size)) - 1) << shift;
    u128 cur, next;
    uint64_t old;

    do {
        cur = *granule;
        old = (uint64_t)((cur & mask) >> shift);
        next = (cur & ~mask) |
               (((u128)atomic_apply(op, size, old, value) << shift) & mask);
    } while (!helper_mem_cmpxchg16b((void *)granule, (uint64_t)cur,
                                    (uint64_t)(cur >> 64), (uint64_t)next,
                                    (uint64_t)(next >> 64)));
    return old;
}

/*
 * One 64-bit compare-and-swap loop for every other size: a field aligned
 * to its size sits inside one aligned 8-byte word of the same page (with
 * FEAT_LSE2, one that does not takes atomic_rmw_granule). x86 lock cmpxchg is a
 * full barrier, which covers every ordering variant (A, L, AL).
 */
uint64_t helper_atomic_rmw(uint64_t env_arg, uint64_t addr, uint64_t value,
                           uint64_t desc)
{
    void *env = (void *)(uintptr_t)env_arg;
    unsigned size = desc & 3, op = (unsigned)(desc >> 2);
    unsigned bits = 8u << size;
    unsigned shift = (unsigned)(addr & 7) * 8;
    uint64_t field_mask = (bits == 64 ? ~0ull : (1ull << bits) - 1) << shift;
    uint64_t *word, cur, old, next;
    bool handled;

    old = atomic_rmw_direct(env, addr, value, op, size, &handled);
    if (handled)
        return old;
    if ((addr & 7) + (1u << size) > 8)
        return atomic_rmw_granule(env, addr, value, op, size);
    word = guest_host_ptr(env, addr & ~7ull, 8, GUEST_WRITE);
    cur = __atomic_load_n(word, __ATOMIC_RELAXED);
    do {
        old = (cur & field_mask) >> shift;
        next = (cur & ~field_mask) |
               ((atomic_apply(op, size, old, value) << shift) & field_mask);
    } while (!__atomic_compare_exchange_n(word, &cur, next, false,
                                          __ATOMIC_SEQ_CST, __ATOMIC_RELAXED));
    return old;
}

/* Xn for CASP's register pairs: 31 is XZR (reads 0, writes dropped). */
static uint64_t casp_reg(const CPUARMState *env, unsigned r)
{
    return r == 31 ? 0 : env->x[r];
}

static void casp_set_reg(CPUARMState *env, unsigned r, uint64_t v)
{
    if (r != 31)
        env->x[r] = v;
}

uint64_t helper_casp(uint64_t env_arg, uint64_t addr, uint64_t desc,
                     uint64_t regs)
{
    CPUARMState *env = (CPUARMState *)(uintptr_t)env_arg;
    unsigned size = desc & 3, rs = (unsigned)(regs & 31);
    unsigned rt = (unsigned)(regs >> 8) & 31;
    uint64_t cmp_lo = casp_reg(env, rs), cmp_hi = casp_reg(env, rs + 1);
    uint64_t new_lo = casp_reg(env, rt), new_hi = casp_reg(env, rt + 1);

    if (size == 2) {
        uint64_t *p = guest_host_ptr(env, addr, 8, GUEST_WRITE);
        uint64_t expect = (uint32_t)cmp_lo | (uint64_t)(uint32_t)cmp_hi << 32;
        uint64_t desired = (uint32_t)new_lo | (uint64_t)(uint32_t)new_hi << 32;
        __atomic_compare_exchange_n(p, &expect, desired, false,
                                    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
        casp_set_reg(env, rs, (uint32_t)expect);
        casp_set_reg(env, rs + 1, expect >> 32);
        return 0;
    }
    /* 64-bit pair: cmpxchg16b needs 16-byte alignment (CASP requires it). */
    uint64_t *p = guest_host_ptr(env, addr, 16, GUEST_WRITE);
    uint64_t old_lo = cmp_lo, old_hi = cmp_hi;
    __asm__ volatile("lock cmpxchg16b %2"
                     : "+a"(old_lo), "+d"(old_hi), "+m"(*(__int128 *)p)
                     : "b"(new_lo), "c"(new_hi)
                     : "memory", "cc");
    casp_set_reg(env, rs, old_lo);
    casp_set_reg(env, rs + 1, old_hi);
    return 0;
}

uint64_t helper_debug_access(uint64_t env_arg, uint64_t addr, uint64_t desc)
{
    cpu_debug_note_access((CPUARMState *)(uintptr_t)env_arg, addr, desc >> 2,
                          desc & 2, desc & 1);
    return 0;
}
