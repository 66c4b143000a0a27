/* Guest test: a small open-addressing hash table with string keys --
 * insert, update, lookup, delete with tombstones, and growth by rehashing.
 * Iteration order depends only on the hash function, never on addresses. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct entry {
    char *key; /* NULL: empty; TOMB: deleted */
    long value;
};

struct table {
    struct entry *slots;
    size_t cap, used, tombs;
};

static char tomb_marker;
#define TOMB (&tomb_marker)

static uint32_t hash_str(const char *s)
{
    uint32_t h = 5381;
    while (*s)
        h = h * 33 ^ (unsigned char)*s++;
    return h;
}

static void table_init(struct table *t, size_t cap)
{
    t->slots = calloc(cap, sizeof(*t->slots));
    t->cap = cap;
    t->used = t->tombs = 0;
}

static void table_put(struct table *t, const char *key, long value);

static void table_grow(struct table *t)
{
    struct entry *old = t->slots;
    size_t old_cap = t->cap;
    table_init(t, old_cap * 2);
    for (size_t i = 0; i < old_cap; i++) {
        if (old[i].key && old[i].key != TOMB) {
            table_put(t, old[i].key, old[i].value);
            free(old[i].key);
        }
    }
    free(old);
}

static struct entry *table_find(struct table *t, const char *key)
{
    size_t i = hash_str(key) & (t->cap - 1);
    for (;;) {
        struct entry *e = &t->slots[i];
        if (!e->key)
            return NULL;
        if (e->key != TOMB && strcmp(e->key, key) == 0)
            return e;
        i = (i + 1) & (t->cap - 1);
    }
}

static void table_put(struct table *t, const char *key, long value)
{
    if ((t->used + t->tombs + 1) * 4 > t->cap * 3)
        table_grow(t);
    struct entry *e = table_find(t, key);
    if (e) {
        e->value = value;
        return;
    }
    size_t i = hash_str(key) & (t->cap - 1);
    while (t->slots[i].key && t->slots[i].key != TOMB)
        i = (i + 1) & (t->cap - 1);
    if (t->slots[i].key == TOMB)
        t->tombs--;
    t->slots[i].key = strdup(key);
    t->slots[i].value = value;
    t->used++;
}

static int table_del(struct table *t, const char *key)
{
    struct entry *e = table_find(t, key);
    if (!e)
        return 0;
    free(e->key);
    e->key = TOMB;
    t->used--;
    t->tombs++;
    return 1;
}

static void make_key(char *buf, unsigned n)
{
    static const char *syl[] = {"ka", "lo", "mi", "nu", "pe",
                                "ra", "so", "ti", "zu", "x"};
    buf[0] = 0;
    do {
        strcat(buf, syl[n % 10]);
        n /= 10;
    } while (n);
}

int main(void)
{
    struct table t;
    table_init(&t, 8);
    char key[64];
    for (unsigned i = 0; i < 20000; i++) {
        make_key(key, i * 7919 % 30011);
        struct entry *e = table_find(&t, key);
        table_put(&t, key, e ? e->value + (long)i : (long)i);
        if (i % 2000 == 0)
            printf("insert %u cap=%zu used=%zu\n", i, t.cap, t.used);
    }
    unsigned deleted = 0;
    for (unsigned i = 0; i < 30011; i += 3) {
        make_key(key, i);
        deleted += (unsigned)table_del(&t, key);
    }
    printf("deleted=%u used=%zu tombs=%zu cap=%zu\n", deleted, t.used, t.tombs,
           t.cap);
    long total = 0;
    unsigned found = 0;
    for (unsigned i = 0; i < 30011; i++) {
        make_key(key, i);
        struct entry *e = table_find(&t, key);
        if (e) {
            found++;
            total += e->value;
        }
    }
    printf("found=%u total=%ld\n", found, total);
    /* Slot-order walk: deterministic since it only depends on the hash. */
    size_t shown = 0;
    uint32_t walk = 0;
    for (size_t i = 0; i < t.cap; i++) {
        struct entry *e = &t.slots[i];
        if (!e->key || e->key == TOMB)
            continue;
        walk = walk * 31 + hash_str(e->key) + (uint32_t)e->value;
        if (shown++ < 40)
            printf("slot %5zu %-16s %ld\n", i, e->key, e->value);
    }
    printf("walk=%08x\n", walk);
    for (unsigned i = 0; i < 200; i++) {
        make_key(key, i);
        table_put(&t, key, -1);
    }
    make_key(key, 3);
    printf("after reinsert used=%zu %s=%ld\n", t.used, key,
           table_find(&t, key)->value);
    for (size_t i = 0; i < t.cap; i++)
        if (t.slots[i].key && t.slots[i].key != TOMB)
            free(t.slots[i].key);
    free(t.slots);
    return 0;
}
