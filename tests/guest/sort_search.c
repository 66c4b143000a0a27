/* Guest test: qsort and bsearch over ints, strings and structs. Comparators
 * are total orders (ties broken explicitly) so the result never depends on
 * the sort algorithm's stability. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t rng = 12345;
static uint32_t next_rand(void)
{
    rng = rng * 1664525u + 1013904223u;
    return rng >> 8;
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

struct rec {
    char name[12];
    int age;
    double score;
    unsigned id;
};

static int cmp_rec(const void *a, const void *b)
{
    const struct rec *x = a, *y = b;
    if (x->age != y->age)
        return x->age < y->age ? -1 : 1;
    if (x->score != y->score)
        return x->score > y->score ? -1 : 1;
    int c = strcmp(x->name, y->name);
    if (c)
        return c;
    return (x->id > y->id) - (x->id < y->id);
}

static void ints(void)
{
    enum { N = 5000 };
    static int v[N];
    for (int i = 0; i < N; i++)
        v[i] = (int)(next_rand() % 2000) - 1000;
    qsort(v, N, sizeof(int), cmp_int);
    long sum = 0;
    int sorted = 1;
    for (int i = 0; i < N; i++) {
        sum += (long)v[i] * (i % 17);
        if (i && v[i - 1] > v[i])
            sorted = 0;
    }
    printf("ints sorted=%d weighted=%ld first=%d last=%d median=%d\n", sorted,
           sum, v[0], v[N - 1], v[N / 2]);
    for (int key = -1010; key <= 1010; key += 37) {
        int *p = bsearch(&key, v, N, sizeof(int), cmp_int);
        /* Report whether found and the value, not which duplicate. */
        printf("bsearch %d %s\n", key, p ? "found" : "absent");
    }
    int small[] = {5, 3, 9, 1, 7, -2, 0, 8, 8, -2};
    qsort(small, 10, sizeof(int), cmp_int);
    for (int i = 0; i < 10; i++)
        printf("%d ", small[i]);
    printf("\n");
    qsort(small, 0, sizeof(int), cmp_int);
    qsort(small, 1, sizeof(int), cmp_int);
}

static void strings(void)
{
    enum { N = 400 };
    static char store[N][16];
    static char *ptrs[N];
    for (int i = 0; i < N; i++) {
        int len = 1 + (int)(next_rand() % 12);
        for (int k = 0; k < len; k++)
            store[i][k] = (char)('a' + next_rand() % 6);
        store[i][len] = 0;
        ptrs[i] = store[i];
    }
    qsort(ptrs, N, sizeof(char *), cmp_str);
    for (int i = 0; i < N; i += 7)
        printf("str %3d %s\n", i, ptrs[i]);
    const char *keys[] = {"a",    "abc", "fff",  "bad",
                          "cafe", "zzz", "dead", "ace"};
    for (unsigned i = 0; i < 8; i++) {
        char **p = bsearch(&keys[i], ptrs, N, sizeof(char *), cmp_str);
        printf("find %s: %s\n", keys[i], p ? *p : "(none)");
    }
}

static void records(void)
{
    enum { N = 300 };
    static struct rec r[N];
    for (int i = 0; i < N; i++) {
        /* Separate statements: argument evaluation order is unspecified. */
        int c1 = 'a' + (int)(next_rand() % 5);
        int c2 = 'a' + (int)(next_rand() % 5);
        unsigned d = next_rand() % 10;
        snprintf(r[i].name, sizeof(r[i].name), "n%c%c%u", c1, c2, d);
        r[i].age = 18 + (int)(next_rand() % 20);
        r[i].score = (double)(next_rand() % 1000) / 8.0;
        r[i].id = (unsigned)i;
    }
    qsort(r, N, sizeof(struct rec), cmp_rec);
    for (int i = 0; i < N; i += 5)
        printf("rec %3d %-8s age=%d score=%.3f id=%u\n", i, r[i].name, r[i].age,
               r[i].score, r[i].id);
    struct rec key = r[123];
    struct rec *hit = bsearch(&key, r, N, sizeof(struct rec), cmp_rec);
    printf("rec bsearch id=%u\n", hit ? hit->id : 9999u);
}

int main(void)
{
    ints();
    strings();
    records();
    return 0;
}
