/* Guest test: function pointers -- dispatch tables, callbacks, functions
 * returning function pointers, indirect calls through structs, and indirect
 * tail calls. Nothing here prints a code address. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef long (*binop_fn)(long, long);

static long op_add(long a, long b)
{
    return a + b;
}
static long op_sub(long a, long b)
{
    return a - b;
}
static long op_mul(long a, long b)
{
    return a * b;
}
static long op_and(long a, long b)
{
    return a & b;
}
static long op_or(long a, long b)
{
    return a | b;
}
static long op_xor(long a, long b)
{
    return a ^ b;
}
static long op_max(long a, long b)
{
    return a > b ? a : b;
}
static long op_min(long a, long b)
{
    return a < b ? a : b;
}

static const struct {
    const char *name;
    binop_fn fn;
} ops[] = {
    {"add", op_add}, {"sub", op_sub}, {"mul", op_mul}, {"and", op_and},
    {"or", op_or},   {"xor", op_xor}, {"max", op_max}, {"min", op_min},
};
#define NOPS (sizeof(ops) / sizeof(ops[0]))

static binop_fn lookup(const char *name)
{
    for (unsigned i = 0; i < NOPS; i++)
        if (strcmp(ops[i].name, name) == 0)
            return ops[i].fn;
    return NULL;
}

static long fold(const long *v, int n, binop_fn f, long init)
{
    long acc = init;
    for (int i = 0; i < n; i++)
        acc = f(acc, v[i]);
    return acc;
}

struct shape {
    const struct shape_ops *ops;
    long a, b;
};
struct shape_ops {
    const char *kind;
    long (*area)(const struct shape *);
    long (*perimeter)(const struct shape *);
};
static long rect_area(const struct shape *s)
{
    return s->a * s->b;
}
static long rect_perim(const struct shape *s)
{
    return 2 * (s->a + s->b);
}
static long sq_area(const struct shape *s)
{
    return s->a * s->a;
}
static long sq_perim(const struct shape *s)
{
    return 4 * s->a;
}
static long tri_area(const struct shape *s)
{
    return s->a * s->b / 2;
}
static long tri_perim(const struct shape *s)
{
    return s->a + s->b + (s->a > s->b ? s->a : s->b);
}
static const struct shape_ops rect_ops = {"rect", rect_area, rect_perim};
static const struct shape_ops sq_ops = {"square", sq_area, sq_perim};
static const struct shape_ops tri_ops = {"tri", tri_area, tri_perim};

typedef int (*state_fn)(int *acc, int input);
static int st_even(int *acc, int in);
static int st_odd(int *acc, int in);
static int st_even(int *acc, int in)
{
    *acc += in;
    return in & 1;
}
static int st_odd(int *acc, int in)
{
    *acc *= 3;
    *acc -= in;
    return !(in % 3);
}
static state_fn states[2] = {st_even, st_odd};

/* Indirect tail call chain: compiled as br, not blr, at -O2. */
typedef unsigned (*step_fn)(unsigned x, int n);
static unsigned step_a(unsigned x, int n);
static unsigned step_b(unsigned x, int n);
static step_fn steps[2] = {step_a, step_b};
static unsigned step_a(unsigned x, int n)
{
    if (n == 0)
        return x;
    return steps[x & 1](x * 5 + 1, n - 1);
}
static unsigned step_b(unsigned x, int n)
{
    if (n == 0)
        return x;
    return steps[(x >> 3) & 1](x ^ (x >> 7), n - 1);
}

typedef long (*pick_fn)(long, long);
static pick_fn choose(int k)
{
    return ops[k % NOPS].fn;
}

static int cmp_desc(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return (x < y) - (x > y);
}

int main(int argc, char **argv)
{
    (void)argv;
    long v[] = {3, -7, 12, 255, -1024, 77, 0, 1 << 20, -3, 9};
    int n = (int)(sizeof(v) / sizeof(v[0]));
    for (unsigned i = 0; i < NOPS; i++) {
        binop_fn f = lookup(ops[i].name);
        printf("%s fold=%ld", ops[i].name, fold(v, n, f, i == 2 ? 1 : 0));
        for (int j = 0; j < n; j++)
            printf(" %ld", f(v[j], v[(j + 3) % n]));
        printf("\n");
    }
    printf("lookup missing: %s\n", lookup("div") ? "found" : "null");
    struct shape shapes[] = {{&rect_ops, 3, 4},
                             {&sq_ops, 5, 0},
                             {&tri_ops, 6, 8},
                             {&rect_ops, 10, 1},
                             {&sq_ops, 12, 0}};
    for (unsigned i = 0; i < 5; i++)
        printf("%s area=%ld perim=%ld\n", shapes[i].ops->kind,
               shapes[i].ops->area(&shapes[i]),
               shapes[i].ops->perimeter(&shapes[i]));
    int acc = 1, st = 0;
    for (int i = 0; i < 60; i++) {
        st = states[st](&acc, i + argc);
        if (i % 5 == 0)
            printf("state %d acc=%d st=%d\n", i, acc, st);
    }
    for (unsigned x = 0; x < 20; x++)
        printf("chain %u -> %u\n", x, step_a(x, 1000 + (int)x));
    for (int k = 0; k < 16; k++)
        printf("choose %d -> %ld\n", k, choose(k)(k * 3, 7 - k));
    qsort(v, (size_t)n, sizeof(v[0]), cmp_desc);
    for (int j = 0; j < n; j++)
        printf("%ld%c", v[j], j == n - 1 ? '\n' : ' ');
    return 0;
}
