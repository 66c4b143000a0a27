/*
 * FEAT_LSE2: LDP and STP of two X registers at a 16-aligned address are
 * one single-copy atomic access. One thread stores pairs (n, n) with STP
 * while another loads them with LDP; a pair whose halves differ is torn.
 * The x86-64 build does the same with aligned 16-byte SSE moves (atomic
 * on hosts with AVX). arx -cpu max,-lse2 splits them, and tears show.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

/* The reader stops at the first torn pair, or after this many reads and
 * at least this long (so both threads overlap on a busy machine). */
#define MIN_READS 2000000
#define MIN_NS 700000000ll

static _Alignas(16) volatile uint64_t slot[2];
static volatile int reader_done;

#ifdef __aarch64__
static void store_pair(uint64_t v)
{
    __asm__ volatile("stp %0, %0, [%1]" : : "r"(v), "r"(slot) : "memory");
}

static void load_pair(uint64_t *lo, uint64_t *hi)
{
    __asm__ volatile("ldp %0, %1, [%2]"
                     : "=&r"(*lo), "=&r"(*hi)
                     : "r"(slot)
                     : "memory");
}
#else
#include <emmintrin.h>

static void store_pair(uint64_t v)
{
    _mm_store_si128((__m128i *)slot, _mm_set1_epi64x((long long)v));
}

static void load_pair(uint64_t *lo, uint64_t *hi)
{
    __m128i x = _mm_load_si128((const __m128i *)slot);

    *lo = (uint64_t)_mm_cvtsi128_si64(x);
    *hi = (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(x, x));
}
#endif

static void *writer(void *arg)
{
    (void)arg;
    for (uint64_t n = 1; !reader_done; n++)
        store_pair(n * 0x0101010101010101ull);
    return NULL;
}

static long long now_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000000000ll + ts.tv_nsec;
}

int main(void)
{
    pthread_t t;
    uint64_t lo, hi, reads = 0, torn = 0;
    long long start = now_ns();

    pthread_create(&t, NULL, writer, NULL);
    while (!torn && (reads < MIN_READS || now_ns() - start < MIN_NS)) {
        for (int i = 0; i < 1000; i++) {
            load_pair(&lo, &hi);
            torn += lo != hi;
        }
        reads += 1000;
    }
    reader_done = 1;
    pthread_join(t, NULL);
    load_pair(&lo, &hi);
    printf("last pair %s, torn pairs seen: %s\n",
           lo == hi && lo != 0 ? "ok" : "WRONG", torn ? "yes" : "none");
    return 0;
}
