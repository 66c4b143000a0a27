/*
 * The kuser helpers at their fixed addresses (0xffff0fxx), called through
 * function pointers as old libgcc and Android's libc do: version, get_tls,
 * cmpxchg and cmpxchg64 (success, failure, two threads counting), the
 * memory barrier. Output compared with qemu-arm's.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

typedef int (*kuser_cmpxchg_fn)(int32_t oldval, int32_t newval,
                                volatile int32_t *ptr);
typedef int (*kuser_cmpxchg64_fn)(const int64_t *oldval, const int64_t *newval,
                                  volatile int64_t *ptr);
typedef void *(*kuser_get_tls_fn)(void);
typedef void (*kuser_memory_barrier_fn)(void);

#define kuser_helper_version (*(const int32_t *)0xffff0ffc)
#define kuser_cmpxchg ((kuser_cmpxchg_fn)0xffff0fc0)
#define kuser_cmpxchg64 ((kuser_cmpxchg64_fn)0xffff0f60)
#define kuser_get_tls ((kuser_get_tls_fn)0xffff0fe0)
#define kuser_memory_barrier ((kuser_memory_barrier_fn)0xffff0fa0)

#define ROUNDS 20000

static volatile int32_t counter32;
static volatile int64_t counter64;

static void add32(void)
{
    int32_t old;

    do
        old = counter32;
    while (kuser_cmpxchg(old, old + 1, &counter32) != 0);
}

static void add64(void)
{
    int64_t old, new;

    do {
        old = counter64;
        new = old + 0x100000001ll;
    } while (kuser_cmpxchg64(&old, &new, &counter64) != 0);
}

static void *worker(void *arg)
{
    (void)arg;
    for (int i = 0; i < ROUNDS; i++) {
        add32();
        add64();
    }
    kuser_memory_barrier();
    return NULL;
}

/* cmpxchg sets C on success: read it right after the call. */
static unsigned cmpxchg_carry(int32_t oldval, int32_t newval,
                              volatile int32_t *ptr, int *ret)
{
    register int32_t r0 __asm__("r0") = oldval;
    register int32_t r1 __asm__("r1") = newval;
    register volatile int32_t *r2 __asm__("r2") = ptr;
    register uint32_t r3 __asm__("r3");
    unsigned psr;

    __asm__ volatile("blx %[fn]\n\tmrs %[psr], apsr"
                     : "+r"(r0), "+r"(r1), "+r"(r2), "=r"(r3), [psr] "=r"(psr)
                     : [fn] "r"(0xffff0fc0u)
                     : "ip", "lr", "cc", "memory");
    *ret = r0;
    return (psr >> 29) & 1;
}

int main(void)
{
    volatile int32_t v = 5;
    volatile int64_t v64 = 0x123456789ll;
    int64_t old64 = 0x123456789ll, new64 = -2, wrong64 = 7;
    pthread_t th[2];
    void *tp;
    int r;
    unsigned c;

    printf("helper version >= 5: %d\n", kuser_helper_version >= 5);
    tp = kuser_get_tls();
    printf("get_tls == thread pointer: %d\n", tp == __builtin_thread_pointer());
    kuser_memory_barrier();
    printf("barrier returned\n");

    c = cmpxchg_carry(5, 9, &v, &r);
    printf("cmpxchg 5->9 on 5: ret %d C %u value %d\n", r, c, (int)v);
    c = cmpxchg_carry(5, 11, &v, &r);
    printf("cmpxchg 5->11 on 9: ret nonzero %d C %u value %d\n", r != 0, c,
           (int)v);

    r = kuser_cmpxchg64(&old64, &new64, &v64);
    printf("cmpxchg64 success: ret %d value %lld\n", r, (long long)v64);
    r = kuser_cmpxchg64(&wrong64, &old64, &v64);
    printf("cmpxchg64 failure: ret nonzero %d value %lld\n", r != 0,
           (long long)v64);

    for (int i = 0; i < 2; i++)
        pthread_create(&th[i], NULL, worker, NULL);
    for (int i = 0; i < 2; i++)
        pthread_join(th[i], NULL);
    printf("two threads: counter32 %d counter64 0x%llx\n", (int)counter32,
           (unsigned long long)counter64);
    return 0;
}
