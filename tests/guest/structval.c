/* Guest test: structs passed and returned by value -- 1 to 64-byte integer
 * structs, homogeneous float/double aggregates, mixed structs, nested and
 * array members, and functions with more arguments than argument registers. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define NOINLINE __attribute__((noinline))

struct s1 {
    uint8_t a;
};
struct s3 {
    uint8_t a, b, c;
};
struct s8 {
    int32_t a, b;
};
struct s12 {
    int32_t a, b, c;
};
struct s16 {
    int64_t a, b;
};
struct s24 {
    int64_t a, b, c;
};
struct s64 {
    int64_t v[8];
};
struct hfa2 {
    double x, y;
};
struct hfa4f {
    float a, b, c, d;
};
struct hfa3 {
    double x, y, z;
};
struct mixed {
    int8_t tag;
    double d;
    int16_t h;
    float f;
};
struct nested {
    struct s3 head;
    struct hfa2 pt;
    char name[7];
};

NOINLINE static struct s1 f_s1(struct s1 x)
{
    x.a = (uint8_t)(x.a * 3 + 1);
    return x;
}
NOINLINE static struct s3 f_s3(struct s3 x, int k)
{
    struct s3 r = {(uint8_t)(x.c + k), (uint8_t)(x.a + k), (uint8_t)(x.b + k)};
    return r;
}
NOINLINE static struct s8 f_s8(struct s8 x)
{
    struct s8 r = {x.b * 2, x.a - 5};
    return r;
}
NOINLINE static struct s12 f_s12(struct s12 x, struct s12 y)
{
    struct s12 r = {x.a + y.c, x.b * y.b, x.c - y.a};
    return r;
}
NOINLINE static struct s16 f_s16(struct s16 x)
{
    struct s16 r = {x.b ^ 0x5555, x.a + x.b};
    return r;
}
NOINLINE static struct s24 f_s24(struct s24 x, int64_t k)
{
    struct s24 r = {x.c * k, x.a * k, x.b * k};
    return r;
}
NOINLINE static struct s64 f_s64(struct s64 x)
{
    struct s64 r;
    for (int i = 0; i < 8; i++)
        r.v[i] = x.v[7 - i] * (i + 1);
    return r;
}
NOINLINE static struct hfa2 f_hfa2(struct hfa2 a, struct hfa2 b)
{
    struct hfa2 r = {a.x * b.y + 1, a.y - b.x};
    return r;
}
NOINLINE static struct hfa4f f_hfa4f(struct hfa4f a)
{
    struct hfa4f r = {a.d, a.c * 2, a.b + 0.5f, a.a - 1};
    return r;
}
NOINLINE static struct hfa3 f_hfa3(struct hfa3 a, double s)
{
    struct hfa3 r = {a.x * s, a.y * s, a.z * s};
    return r;
}
NOINLINE static struct mixed f_mixed(struct mixed m)
{
    m.tag = (int8_t)(m.tag - 100);
    m.d *= -2;
    m.h = (int16_t)(m.h + 1000);
    m.f /= 4;
    return m;
}
NOINLINE static struct nested f_nested(struct nested n)
{
    n.head.a++;
    n.pt.x += n.pt.y;
    for (int i = 0; n.name[i]; i++)
        n.name[i] = (char)(n.name[i] - 32);
    return n;
}

/* 12 integer and 10 double arguments: some travel on the stack. */
NOINLINE static double many_args(int a0, int a1, int a2, int a3, int a4, int a5,
                                 int a6, int a7, int a8, int a9, long a10,
                                 long a11, double d0, double d1, double d2,
                                 double d3, double d4, double d5, double d6,
                                 double d7, double d8, double d9)
{
    long isum = a0 + 2 * a1 + 3 * a2 + 4 * a3 + 5 * a4 + 6 * a5 + 7 * a6 +
                8 * a7 + 9 * a8 + 10 * a9 + 11 * a10 + 12 * a11;
    double dsum = d0 + 2 * d1 + 3 * d2 + 4 * d3 + 5 * d4 + 6 * d5 + 7 * d6 +
                  8 * d7 + 9 * d8 + 10 * d9;
    return (double)isum + dsum;
}

NOINLINE static long many_structs(struct s16 a, struct s16 b, struct s16 c,
                                  struct s16 d, struct s16 e, struct s8 f,
                                  struct s24 g)
{
    return a.a + b.b * 2 + c.a * 3 + d.b * 4 + e.a * 5 + f.b * 6 + g.c * 7;
}

int main(void)
{
    for (int i = 0; i < 5; i++) {
        struct s1 a = {(uint8_t)(i * 90)};
        struct s3 b = {(uint8_t)i, (uint8_t)(i * 2), (uint8_t)(250 + i)};
        struct s8 c = {i * 1000, -i};
        struct s12 d = {i, i * i, -i * 7};
        struct s16 e = {0x123456789LL * i, -i};
        struct s24 f = {i, i + 1, i + 2};
        struct s64 g;
        for (int k = 0; k < 8; k++)
            g.v[k] = k * 10 + i;
        a = f_s1(a);
        b = f_s3(b, i + 3);
        c = f_s8(c);
        d = f_s12(d, d);
        e = f_s16(e);
        f = f_s24(f, -3);
        g = f_s64(g);
        printf(
            "s1=%u s3=%u,%u,%u s8=%d,%d s12=%d,%d,%d s16=%lld,%lld s24=%lld,%lld,%lld\n",
            a.a, b.a, b.b, b.c, c.a, c.b, d.a, d.b, d.c, (long long)e.a,
            (long long)e.b, (long long)f.a, (long long)f.b, (long long)f.c);
        printf("s64");
        for (int k = 0; k < 8; k++)
            printf(" %lld", (long long)g.v[k]);
        printf("\n");
        struct hfa2 h =
            f_hfa2((struct hfa2){i + 0.5, i * 1.25}, (struct hfa2){-1.5, 3.0});
        struct hfa4f q =
            f_hfa4f((struct hfa4f){1.0f * i, 2.5f, -3.25f, 100.0f / (i + 1)});
        struct hfa3 t = f_hfa3((struct hfa3){0.1 * i, 1e10, -7.0}, 1.5);
        struct mixed m = f_mixed((struct mixed){(int8_t)(i * 50), i * 0.3,
                                                (int16_t)(i * -9000), 8.5f});
        struct nested n = f_nested(
            (struct nested){{(uint8_t)i, 1, 2}, {1.0, 2.0 * i}, "abcdef"});
        printf("hfa2=%a,%a hfa4f=%a,%a,%a,%a hfa3=%a,%a,%a\n", h.x, h.y,
               (double)q.a, (double)q.b, (double)q.c, (double)q.d, t.x, t.y,
               t.z);
        printf("mixed=%d,%a,%d,%a nested=%u,%a,%s\n", m.tag, m.d, m.h,
               (double)m.f, n.head.a, n.pt.x, n.name);
        printf("many=%a\n",
               many_args(i, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10L * i, -11, 0.5, 1.5,
                         2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, i * 0.25));
        printf("many_structs=%ld\n",
               many_structs((struct s16){i, 1}, (struct s16){2, i},
                            (struct s16){3, 3}, (struct s16){4, i * 4},
                            (struct s16){i * 5, 5}, (struct s8){6, i},
                            (struct s24){7, 7, i}));
    }
    struct s64 big = {{1, 2, 3, 4, 5, 6, 7, 8}};
    struct s64 copy = big;
    copy.v[3] = 99;
    printf("copy semantics %lld %lld\n", (long long)big.v[3],
           (long long)copy.v[3]);
    return 0;
}
