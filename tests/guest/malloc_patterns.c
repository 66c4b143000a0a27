/* Guest test: malloc/calloc/realloc/free patterns, small and large (mmap
 * sized) blocks, content preserved across realloc, alignment requests.
 * Prints checksums and booleans only: never addresses or usable sizes. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t rng = 0x2545f491u;
static uint32_t next_rand(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

static void pattern(unsigned char *p, size_t n, unsigned tag)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (unsigned char)(tag + i * 7 + (i >> 8));
}

static int check(const unsigned char *p, size_t n, unsigned tag)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] != (unsigned char)(tag + i * 7 + (i >> 8)))
            return 0;
    return 1;
}

#define SLOTS 512

static void churn(void)
{
    static unsigned char *slot[SLOTS];
    static size_t size[SLOTS];
    unsigned bad = 0, live = 0, ops = 0;
    uint64_t bytes = 0;
    for (int round = 0; round < 40000; round++) {
        unsigned i = next_rand() % SLOTS;
        unsigned r = next_rand();
        if (slot[i]) {
            bad += !check(slot[i], size[i], i);
            if (r & 1) {
                free(slot[i]);
                slot[i] = NULL;
                live--;
            } else {
                size_t ns = (r >> 4) % ((r & 2) ? 70000 : 300);
                unsigned char *p = realloc(slot[i], ns ? ns : 1);
                if (!p) {
                    bad++;
                    continue;
                }
                size_t keep = ns < size[i] ? ns : size[i];
                bad += !check(p, keep, i);
                pattern(p, ns, i);
                slot[i] = p;
                size[i] = ns;
            }
        } else {
            size_t ns = (r >> 8) % ((r & 0xf) == 0 ? 200000 : 512);
            slot[i] = (r & 0x10) ? calloc(1, ns + 1) : malloc(ns + 1);
            if (!slot[i]) {
                bad++;
                continue;
            }
            if (r & 0x10)
                for (size_t k = 0; k <= ns; k++)
                    bad += slot[i][k] != 0;
            pattern(slot[i], ns, i);
            size[i] = ns;
            live++;
            bytes += ns;
        }
        ops++;
        if (round % 5000 == 0)
            printf("churn round=%d live=%u bytes=%llu bad=%u\n", round, live,
                   (unsigned long long)bytes, bad);
    }
    for (unsigned i = 0; i < SLOTS; i++) {
        if (slot[i])
            bad += !check(slot[i], size[i], i);
        free(slot[i]);
    }
    printf("churn ops=%u bad=%u\n", ops, bad);
}

static void big_blocks(void)
{
    size_t sizes[] = {1 << 16, 1 << 17, 1 << 20, 3 << 20, 16 << 20, 40 << 20};
    for (unsigned i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
        unsigned char *p = malloc(sizes[i]);
        if (!p) {
            printf("big %zu failed\n", sizes[i]);
            continue;
        }
        memset(p, (int)i + 1, sizes[i]);
        uint64_t sum = 0;
        for (size_t k = 0; k < sizes[i]; k += 4093)
            sum += p[k];
        p = realloc(p, sizes[i] * 2);
        int ok = p && p[sizes[i] - 1] == i + 1 && p[0] == i + 1;
        if (p)
            memset(p + sizes[i], 0xee, sizes[i]);
        p = realloc(p, 100);
        ok = ok && p[99] == i + 1;
        printf("big %zu sum=%llu ok=%d\n", sizes[i], (unsigned long long)sum,
               ok);
        free(p);
    }
    unsigned char *z = calloc(1 << 20, 8);
    size_t nz = 0;
    for (size_t k = 0; k < (8u << 20); k++)
        nz += z[k] != 0;
    printf("calloc 8MiB nonzero=%zu\n", nz);
    free(z);
}

static void aligned(void)
{
    for (size_t al = 8; al <= 65536; al *= 2) {
        void *p = NULL;
        int r = posix_memalign(&p, al, 1000);
        void *q = aligned_alloc(al, al * 3);
        printf("align %zu r=%d ok=%d ok2=%d\n", al, r,
               p && ((uintptr_t)p % al) == 0, q && ((uintptr_t)q % al) == 0);
        free(p);
        free(q);
    }
    void *m = malloc(0);
    printf("malloc(0) %s\n", m ? "non-null" : "null");
    free(m);
    free(NULL);
    char *r = realloc(NULL, 10);
    strcpy(r, "realloc!");
    printf("%s\n", r);
    free(r);
}

struct node {
    struct node *next;
    int v;
    char pad[20];
};

static void many_small(void)
{
    struct node *head = NULL;
    for (int i = 0; i < 100000; i++) {
        struct node *n = malloc(sizeof(*n));
        n->v = i;
        n->next = head;
        head = n;
    }
    long sum = 0;
    int count = 0;
    /* Free every other node, then sum survivors. */
    for (struct node **pp = &head; *pp;) {
        struct node *n = *pp;
        if (n->v % 2) {
            *pp = n->next;
            free(n);
        } else {
            pp = &n->next;
        }
    }
    while (head) {
        struct node *n = head;
        sum += n->v;
        count++;
        head = n->next;
        free(n);
    }
    printf("small nodes count=%d sum=%ld\n", count, sum);
}

int main(void)
{
    churn();
    big_blocks();
    aligned();
    many_small();
    return 0;
}
