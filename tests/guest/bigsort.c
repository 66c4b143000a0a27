/* Guest test: sorting large arrays with several hand-written algorithms
 * (quicksort, merge sort, heap sort, LSD radix sort, shell sort) over 32- and
 * 64-bit keys; every result is cross-checked and summarised by a checksum. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 200000

static uint64_t state = 0x9e3779b97f4a7c15ull;
static uint64_t next_rand(void)
{
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return state * 2685821657736338717ull;
}

static void quicksort(uint32_t *a, long lo, long hi)
{
    while (hi - lo > 16) {
        uint32_t p = a[lo + (hi - lo) / 2];
        long i = lo, j = hi;
        while (i <= j) {
            while (a[i] < p)
                i++;
            while (a[j] > p)
                j--;
            if (i <= j) {
                uint32_t t = a[i];
                a[i] = a[j];
                a[j] = t;
                i++;
                j--;
            }
        }
        if (j - lo < hi - i) {
            quicksort(a, lo, j);
            lo = i;
        } else {
            quicksort(a, i, hi);
            hi = j;
        }
    }
    for (long i = lo + 1; i <= hi; i++) {
        uint32_t v = a[i];
        long k = i - 1;
        while (k >= lo && a[k] > v) {
            a[k + 1] = a[k];
            k--;
        }
        a[k + 1] = v;
    }
}

static void merge_sort(uint64_t *a, uint64_t *tmp, size_t n)
{
    for (size_t w = 1; w < n; w *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * w) {
            size_t mid = lo + w < n ? lo + w : n;
            size_t hi = lo + 2 * w < n ? lo + 2 * w : n;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                tmp[k++] = a[i] <= a[j] ? a[i++] : a[j++];
            while (i < mid)
                tmp[k++] = a[i++];
            while (j < hi)
                tmp[k++] = a[j++];
        }
        memcpy(a, tmp, n * sizeof(*a));
    }
}

static void sift(int32_t *a, size_t start, size_t end)
{
    size_t root = start;
    while (2 * root + 1 <= end) {
        size_t child = 2 * root + 1;
        if (child + 1 <= end && a[child] < a[child + 1])
            child++;
        if (a[root] >= a[child])
            return;
        int32_t t = a[root];
        a[root] = a[child];
        a[child] = t;
        root = child;
    }
}

static void heap_sort(int32_t *a, size_t n)
{
    for (size_t s = n / 2; s-- > 0;)
        sift(a, s, n - 1);
    for (size_t end = n - 1; end > 0; end--) {
        int32_t t = a[0];
        a[0] = a[end];
        a[end] = t;
        sift(a, 0, end - 1);
    }
}

static void radix_sort(uint32_t *a, uint32_t *tmp, size_t n)
{
    for (int shift = 0; shift < 32; shift += 8) {
        size_t count[257] = {0};
        for (size_t i = 0; i < n; i++)
            count[((a[i] >> shift) & 0xff) + 1]++;
        for (int b = 0; b < 256; b++)
            count[b + 1] += count[b];
        for (size_t i = 0; i < n; i++)
            tmp[count[(a[i] >> shift) & 0xff]++] = a[i];
        memcpy(a, tmp, n * sizeof(*a));
    }
}

static void shell_sort(int16_t *a, size_t n)
{
    static const size_t gaps[] = {701, 301, 132, 57, 23, 10, 4, 1};
    for (unsigned g = 0; g < 8; g++) {
        size_t gap = gaps[g];
        for (size_t i = gap; i < n; i++) {
            int16_t v = a[i];
            size_t j = i;
            while (j >= gap && a[j - gap] > v) {
                a[j] = a[j - gap];
                j -= gap;
            }
            a[j] = v;
        }
    }
}

static uint64_t checksum(const void *p, size_t bytes)
{
    const unsigned char *b = p;
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < bytes; i++)
        h = (h ^ b[i]) * 1099511628211ull;
    return h;
}

int main(void)
{
    uint32_t *a = malloc(N * sizeof(*a)), *b = malloc(N * sizeof(*b));
    uint32_t *t32 = malloc(N * sizeof(*t32));
    uint64_t *c = malloc(N * sizeof(*c)), *t64 = malloc(N * sizeof(*t64));
    int32_t *d = malloc(N * sizeof(*d));
    int16_t *e = malloc(20000 * sizeof(*e));
    for (size_t i = 0; i < N; i++) {
        uint64_t r = next_rand();
        a[i] = b[i] = (uint32_t)r;
        c[i] = r;
        d[i] = (int32_t)(r >> 20) % 100000;
    }
    for (size_t i = 0; i < 20000; i++)
        e[i] = (int16_t)(next_rand() >> 48);
    printf("input a0=%u c0=%llu d0=%d\n", a[0], (unsigned long long)c[0], d[0]);
    quicksort(a, 0, N - 1);
    radix_sort(b, t32, N);
    merge_sort(c, t64, N);
    heap_sort(d, N);
    shell_sort(e, 20000);
    printf("quick==radix %d\n", memcmp(a, b, N * sizeof(*a)) == 0);
    int ok = 1;
    for (size_t i = 1; i < N; i++)
        ok &= a[i - 1] <= a[i] && c[i - 1] <= c[i] && d[i - 1] <= d[i];
    for (size_t i = 1; i < 20000; i++)
        ok &= e[i - 1] <= e[i];
    printf("all sorted %d\n", ok);
    printf("sum32 %016llx\n", (unsigned long long)checksum(a, N * sizeof(*a)));
    printf("sum64 %016llx\n", (unsigned long long)checksum(c, N * sizeof(*c)));
    printf("sumi32 %016llx\n", (unsigned long long)checksum(d, N * sizeof(*d)));
    printf("sumi16 %016llx\n",
           (unsigned long long)checksum(e, 20000 * sizeof(*e)));
    for (size_t i = 0; i < N; i += N / 20)
        printf("sample %6zu %10u %20llu %6d\n", i, a[i],
               (unsigned long long)c[i], d[i]);
    printf("min/max i16 %d %d\n", e[0], e[19999]);
    free(a);
    free(b);
    free(t32);
    free(c);
    free(t64);
    free(d);
    free(e);
    return 0;
}
