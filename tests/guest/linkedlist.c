/* Guest test: singly and doubly linked lists -- push, reverse, merge sort,
 * filtering, splicing and an LRU cache built on a doubly linked list. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct node {
    struct node *next;
    long v;
};

static struct node *push(struct node *head, long v)
{
    struct node *n = malloc(sizeof(*n));
    n->v = v;
    n->next = head;
    return n;
}

static struct node *reverse(struct node *h)
{
    struct node *prev = NULL;
    while (h) {
        struct node *next = h->next;
        h->next = prev;
        prev = h;
        h = next;
    }
    return prev;
}

static struct node *merge(struct node *a, struct node *b)
{
    struct node head = {0, 0}, *t = &head;
    while (a && b) {
        if (a->v <= b->v) {
            t->next = a;
            a = a->next;
        } else {
            t->next = b;
            b = b->next;
        }
        t = t->next;
    }
    t->next = a ? a : b;
    return head.next;
}

static struct node *sort(struct node *h)
{
    if (!h || !h->next)
        return h;
    struct node *slow = h, *fast = h->next;
    while (fast && fast->next) {
        slow = slow->next;
        fast = fast->next->next;
    }
    struct node *right = slow->next;
    slow->next = NULL;
    return merge(sort(h), sort(right));
}

static void print_list(const char *tag, struct node *h, int max)
{
    printf("%s:", tag);
    int n = 0;
    long sum = 0;
    for (; h; h = h->next, n++) {
        if (n < max)
            printf(" %ld", h->v);
        sum += h->v;
    }
    printf(" (len=%d sum=%ld)\n", n, sum);
}

static void free_list(struct node *h)
{
    while (h) {
        struct node *n = h->next;
        free(h);
        h = n;
    }
}

/* Doubly linked LRU cache of fixed capacity. */
struct lru_node {
    struct lru_node *prev, *next;
    int key, value;
};

struct lru {
    struct lru_node sentinel;
    int size, cap;
    long hits, misses;
};

static void lru_unlink(struct lru_node *n)
{
    n->prev->next = n->next;
    n->next->prev = n->prev;
}

static void lru_front(struct lru *c, struct lru_node *n)
{
    n->next = c->sentinel.next;
    n->prev = &c->sentinel;
    c->sentinel.next->prev = n;
    c->sentinel.next = n;
}

static int lru_get(struct lru *c, int key)
{
    for (struct lru_node *n = c->sentinel.next; n != &c->sentinel;
         n = n->next) {
        if (n->key == key) {
            lru_unlink(n);
            lru_front(c, n);
            c->hits++;
            return n->value;
        }
    }
    c->misses++;
    struct lru_node *n;
    if (c->size == c->cap) {
        n = c->sentinel.prev;
        lru_unlink(n);
    } else {
        n = malloc(sizeof(*n));
        c->size++;
    }
    n->key = key;
    n->value = key * key % 1009;
    lru_front(c, n);
    return n->value;
}

int main(void)
{
    struct node *h = NULL;
    uint32_t s = 7;
    for (int i = 0; i < 5000; i++) {
        s = s * 1103515245u + 12345u;
        h = push(h, (long)(s >> 16) % 1000 - 500);
    }
    print_list("orig", h, 15);
    h = reverse(h);
    print_list("rev", h, 15);
    h = sort(h);
    print_list("sorted", h, 30);
    /* Remove negative values. */
    for (struct node **pp = &h; *pp;) {
        if ((*pp)->v < 0) {
            struct node *d = *pp;
            *pp = d->next;
            free(d);
        } else {
            pp = &(*pp)->next;
        }
    }
    print_list("nonneg", h, 15);
    struct node *odd = NULL;
    for (int i = 99; i >= 1; i -= 2)
        odd = push(odd, i);
    h = merge(h, odd);
    print_list("merged", h, 40);
    free_list(h);

    struct lru c = {{0}, 0, 50, 0, 0};
    c.sentinel.next = c.sentinel.prev = &c.sentinel;
    long acc = 0;
    for (int i = 0; i < 20000; i++) {
        s = s * 1103515245u + 12345u;
        int key = (int)((s >> 16) % ((i & 1024) ? 60 : 200));
        acc += lru_get(&c, key);
    }
    printf("lru hits=%ld misses=%ld acc=%ld order:", c.hits, c.misses, acc);
    for (struct lru_node *n = c.sentinel.next; n != &c.sentinel; n = n->next)
        printf(" %d", n->key);
    printf("\n");
    while (c.sentinel.next != &c.sentinel) {
        struct lru_node *n = c.sentinel.next;
        lru_unlink(n);
        free(n);
    }
    return 0;
}
