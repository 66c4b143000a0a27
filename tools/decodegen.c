/*
 * decodegen: build-time generator that turns a .decode pattern file into a C
 * decoder (format: tools/README-decodegen.md). It must stay plain C with no
 * dependencies and never leave a partial output file behind on error.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define DG_NAME_LEN 64
#define DG_MEMBERS_MAX 48   /* 32 one-bit fields plus constants */
#define DG_MAX_BUCKET_BITS 8 /* widest first-level switch */

typedef struct {
    char name[DG_NAME_LEN];
    bool is_const;
    bool is_signed;
    int pos, len;   /* fields: lsb position and width */
    int64_t value;  /* constants */
} DecodeMember;

typedef struct {
    char name[DG_NAME_LEN];
    char handler[DG_NAME_LEN];
    int line;
    int bits;       /* bits consumed so far; must end at 32 */
    uint32_t mask, value;
    bool has_consts;
    int n_members;
    DecodeMember members[DG_MEMBERS_MAX];
} DecodePattern;

typedef struct {
    char name[DG_NAME_LEN];
    int line;       /* first pattern using it, for error messages */
    int n_members;
    char members[DG_MEMBERS_MAX][DG_NAME_LEN];  /* sorted by name */
} DecodeHandler;

static const char *dg_input;
static DecodePattern *dg_patterns;
static int dg_n_patterns;
static DecodeHandler *dg_handlers;
static int dg_n_handlers;

static void dg_fail(int line, const char *fmt, ...)
{
    va_list ap;

    fprintf(stderr, "%s:%d: ", dg_input, line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(1);
}

static bool dg_is_ident(const char *s)
{
    if (!isalpha((unsigned char)*s) && *s != '_')
        return false;
    for (s++; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '_')
            return false;
    return true;
}

static void dg_copy_ident(char *dst, const char *src, int line, const char *what)
{
    if (!dg_is_ident(src))
        dg_fail(line, "bad %s '%s' (expected an identifier)", what, src);
    if (strlen(src) >= DG_NAME_LEN)
        dg_fail(line, "%s '%s' is too long", what, src);
    strcpy(dst, src);
}

static DecodeMember *dg_add_member(DecodePattern *p, const char *name)
{
    DecodeMember *m;

    for (int i = 0; i < p->n_members; i++)
        if (!strcmp(p->members[i].name, name))
            dg_fail(p->line, "pattern %s: '%s' appears twice", p->name, name);
    if (p->n_members == DG_MEMBERS_MAX)
        dg_fail(p->line, "pattern %s: too many fields", p->name);
    m = &p->members[p->n_members++];
    memset(m, 0, sizeof(*m));
    dg_copy_ident(m->name, name, p->line, "field name");
    return m;
}

/* Bits are placed from bit 31 down; past 32 we only count, to report N. */
static void dg_add_bits(DecodePattern *p, const char *tok)
{
    for (; *tok; tok++, p->bits++) {
        uint32_t bit = p->bits < 32 ? 1u << (31 - p->bits) : 0;

        if (*tok == '.')
            continue;
        p->mask |= bit;
        if (*tok == '1')
            p->value |= bit;
    }
}

/* "name:N" or "name:sN" */
static void dg_add_field(DecodePattern *p, char *tok)
{
    char *colon = strchr(tok, ':');
    char *width = colon + 1;
    bool is_signed = *width == 's';
    char *end;
    long len;
    DecodeMember *m;

    *colon = '\0';
    if (is_signed)
        width++;
    errno = 0;
    len = strtol(width, &end, 10);
    if (!isdigit((unsigned char)*width) || *end || errno || len < 1 || len > 32)
        dg_fail(p->line, "pattern %s: bad width '%s' for field %s (1..32, "
                "optionally prefixed with s)", p->name, colon + 1, tok);
    m = dg_add_member(p, tok);
    m->is_signed = is_signed;
    m->len = (int)len;
    m->pos = 32 - p->bits - m->len;   /* checked once the total is known */
    p->bits += m->len;
}

/* "{name=V, name2=V2}": *cur points at '{'; on return, just past '}'. */
static void dg_parse_consts(DecodePattern *p, char **cur)
{
    char *close = strchr(*cur, '}');
    char *item;

    if (!close)
        dg_fail(p->line, "pattern %s: '{' without '}'", p->name);
    if (p->has_consts)
        dg_fail(p->line, "pattern %s: more than one {...} group", p->name);
    p->has_consts = true;
    *close = '\0';
    for (item = strtok(*cur + 1, ", \t"); item; item = strtok(NULL, ", \t")) {
        char *eq = strchr(item, '=');
        char *end;
        DecodeMember *m;

        if (!eq || eq[1] == '\0')
            dg_fail(p->line, "pattern %s: bad constant '%s' (expected "
                    "name=value)", p->name, item);
        *eq = '\0';
        m = dg_add_member(p, item);
        m->is_const = true;
        errno = 0;
        m->value = strtoll(eq + 1, &end, 0);
        if (*end || errno)
            dg_fail(p->line, "pattern %s: bad value '%s' for %s", p->name,
                    eq + 1, item);
    }
    *cur = close + 1;
}

/* Copies the next word (ends at blank, '{' or end) into buf. */
static bool dg_next_word(char **cur, char *buf, size_t size, int line)
{
    size_t n;

    *cur += strspn(*cur, " \t");
    n = strcspn(*cur, " \t{");
    if (n == 0)
        return false;
    if (n >= size)
        dg_fail(line, "token too long");
    memcpy(buf, *cur, n);
    buf[n] = '\0';
    *cur += n;
    return true;
}

/* Makes room for one more element of an array of n. */
static void *dg_grow(void *array, int n, size_t size, int line)
{
    array = realloc(array, (size_t)(n + 1) * size);
    if (!array)
        dg_fail(line, "out of memory");
    return array;
}

static int dg_cmp_names(const void *a, const void *b)
{
    return strcmp(a, b);
}

/* Patterns sharing a handler share its arg struct, so names must agree. */
static void dg_bind_handler(const DecodePattern *p)
{
    DecodeHandler h = { .line = p->line, .n_members = p->n_members };

    strcpy(h.name, p->handler);
    for (int i = 0; i < p->n_members; i++)
        strcpy(h.members[i], p->members[i].name);
    qsort(h.members, h.n_members, DG_NAME_LEN, dg_cmp_names);
    for (int i = 0; i < dg_n_handlers; i++) {
        DecodeHandler *old = &dg_handlers[i];

        if (strcmp(old->name, h.name))
            continue;
        if (old->n_members != h.n_members ||
            memcmp(old->members, h.members, sizeof(h.members)))
            dg_fail(p->line, "pattern %s: fields differ from those of "
                    "handler %s (first used at line %d)", p->name, h.name,
                    old->line);
        return;
    }
    dg_handlers = dg_grow(dg_handlers, dg_n_handlers, sizeof(h), p->line);
    dg_handlers[dg_n_handlers++] = h;
}

static void dg_parse_pattern(char *text, int line)
{
    DecodePattern p = { .line = line };
    char tok[256];
    char *cur = text;
    bool tail = false;  /* seen "{...}" or "->": no more bit tokens */

    if (!dg_next_word(&cur, tok, sizeof(tok), line))
        return;
    if (tok[0] == '%')
        dg_fail(line, "directive '%s' is not supported", tok);
    dg_copy_ident(p.name, tok, line, "pattern name");
    for (;;) {
        cur += strspn(cur, " \t");
        if (*cur == '{') {
            dg_parse_consts(&p, &cur);
            tail = true;
            continue;
        }
        if (!dg_next_word(&cur, tok, sizeof(tok), line))
            break;
        if (!strncmp(tok, "->", 2)) {
            if (p.handler[0])
                dg_fail(line, "pattern %s: more than one '->'", p.name);
            /* "->name" or "-> name" */
            if (tok[2])
                memmove(tok, tok + 2, strlen(tok + 2) + 1);
            else if (!dg_next_word(&cur, tok, sizeof(tok), line))
                dg_fail(line, "pattern %s: '->' without a handler name",
                        p.name);
            dg_copy_ident(p.handler, tok, line, "handler name");
            tail = true;
        } else if (tail) {
            dg_fail(line, "pattern %s: '%s' after '{...}' or '->'", p.name,
                    tok);
        } else if (strchr(tok, ':')) {
            dg_add_field(&p, tok);
        } else if (strspn(tok, "01.") == strlen(tok)) {
            dg_add_bits(&p, tok);
        } else if (strchr(tok, '=')) {
            dg_fail(line, "pattern %s: constant '%s' must go inside {...} at "
                    "the end of the line", p.name, tok);
        } else {
            dg_fail(line, "pattern %s: unknown token '%s' (expected 0/1/. "
                    "bits, name:N or name:sN)", p.name, tok);
        }
    }
    if (p.bits != 32)
        dg_fail(line, "pattern %s has %d bits", p.name, p.bits);
    for (int i = 0; i < dg_n_patterns; i++)
        if (!strcmp(dg_patterns[i].name, p.name))
            dg_fail(line, "pattern %s already defined at line %d", p.name,
                    dg_patterns[i].line);
    if (!p.handler[0])
        strcpy(p.handler, p.name);
    dg_bind_handler(&p);
    dg_patterns = dg_grow(dg_patterns, dg_n_patterns, sizeof(p), line);
    dg_patterns[dg_n_patterns++] = p;
}

/* Joins '\' continuations and strips '#' comments; reports the first line. */
static void dg_parse_file(FILE *in)
{
    char *phys = NULL, *logical = NULL;
    size_t phys_size = 0, logical_len = 0;
    int line = 0, start = 0;

    while (getline(&phys, &phys_size, in) >= 0) {
        size_t n;
        bool more;

        line++;
        if (!logical_len)
            start = line;
        phys[strcspn(phys, "#\r\n")] = '\0';
        n = strlen(phys);
        while (n && isspace((unsigned char)phys[n - 1]))
            n--;
        more = n && phys[n - 1] == '\\';
        if (more)
            n--;
        logical = realloc(logical, logical_len + n + 2);
        if (!logical)
            dg_fail(line, "out of memory");
        memcpy(logical + logical_len, phys, n);
        logical_len += n;
        logical[logical_len++] = ' ';
        logical[logical_len] = '\0';
        if (!more) {
            dg_parse_pattern(logical, start);
            logical_len = 0;
        }
    }
    if (logical_len)
        dg_parse_pattern(logical, start);
    free(phys);
    free(logical);
}

static void dg_emit_prologue(FILE *f, const char *prefix)
{
    fprintf(f, "/* generated by tools/decodegen from %s; do not edit */\n\n",
            dg_input);
    fputs("#include <stdbool.h>\n#include <stddef.h>\n#include <stdint.h>\n"
          "#include <stdio.h>\n\n", f);
    fprintf(f, "static inline __attribute__((unused)) int64_t\n"
            "%s_field(uint32_t insn, int pos, int len)\n{\n"
            "    return (insn >> pos) & (0xffffffffu >> (32 - len));\n}\n\n",
            prefix);
    /* Shift the field to the top, then arithmetic-shift it back down. */
    fprintf(f, "static inline __attribute__((unused)) int64_t\n"
            "%s_sfield(uint32_t insn, int pos, int len)\n{\n"
            "    return (int32_t)(insn << (32 - pos - len)) >> (32 - len);\n"
            "}\n\n", prefix);
}

static void dg_emit_handlers(FILE *f)
{
    for (int i = 0; i < dg_n_handlers; i++) {
        const DecodeHandler *h = &dg_handlers[i];

        fputs("typedef struct {\n", f);
        for (int j = 0; j < h->n_members; j++)
            fprintf(f, "    int64_t %s;\n", h->members[j]);
        if (!h->n_members)
            fputs("    int no_fields_;\n", f);
        fprintf(f, "} arg_%s;\n\n", h->name);
        fprintf(f, "static bool trans_%s(DisasContext *s, arg_%s *a);\n\n",
                h->name, h->name);
    }
}

static void dg_emit_value(FILE *f, const char *prefix, const DecodeMember *m)
{
    if (m->is_const)
        fprintf(f, "%" PRId64, m->value);
    else
        fprintf(f, "%s_%s(insn, %d, %d)", prefix,
                m->is_signed ? "sfield" : "field", m->pos, m->len);
}

static void dg_emit_try(FILE *f, const char *prefix, const DecodePattern *p)
{
    fprintf(f, "static bool %s_try_%s(DisasContext *s, uint32_t insn)\n{\n",
            prefix, p->name);
    fprintf(f, "    arg_%s a;\n\n", p->handler);
    fprintf(f, "    if ((insn & 0x%08" PRIx32 "u) != 0x%08" PRIx32 "u)\n"
            "        return false;\n", p->mask, p->value);
    if (!p->n_members)
        fputs("    a.no_fields_ = 0;\n", f);
    for (int i = 0; i < p->n_members; i++) {
        fprintf(f, "    a.%s = ", p->members[i].name);
        dg_emit_value(f, prefix, &p->members[i]);
        fputs(";\n", f);
    }
    fprintf(f, "    return trans_%s(s, &a);\n}\n\n", p->handler);
}

/* The first-level switch: insn bits lo .. lo + dg_bucket_bits - 1. */
static int dg_bucket_bits;

/* Whether pattern p can match an insn whose window bits equal key. */
static bool dg_in_bucket(const DecodePattern *p, int lo, uint32_t key)
{
    uint32_t m = (p->mask >> lo) & ((1u << dg_bucket_bits) - 1);

    return ((p->value >> lo) & m) == (key & m);
}

/*
 * Picks the window (position and width) whose buckets are shortest for
 * the instruction being decoded: the cost is the sum over buckets of the
 * square of their pattern count, i.e. the chain lengths the patterns see.
 * Bits every pattern fixes alike split nothing and win nothing; a
 * don't-care bit puts a pattern in two buckets. Ties go to the narrower
 * switch. Returns -1 when no window beats a plain chain.
 */
static int dg_pick_window(void)
{
    long best_cost = (long)dg_n_patterns * dg_n_patterns;
    int best = -1, best_bits = 0;

    for (int bits = 4; bits <= DG_MAX_BUCKET_BITS; bits++) {
        dg_bucket_bits = bits;
        for (int lo = 32 - bits; lo >= 0; lo--) {
            long cost = 0;

            for (uint32_t key = 0; key < 1u << bits; key++) {
                long n = 0;
                for (int i = 0; i < dg_n_patterns; i++)
                    n += dg_in_bucket(&dg_patterns[i], lo, key);
                cost += n * n;
            }
            if (cost < best_cost) {
                best_cost = cost;
                best = lo;
                best_bits = bits;
            }
        }
    }
    dg_bucket_bits = best_bits;
    return best;
}

static bool dg_same_bucket(int lo, uint32_t k1, uint32_t k2)
{
    for (int i = 0; i < dg_n_patterns; i++)
        if (dg_in_bucket(&dg_patterns[i], lo, k1) !=
            dg_in_bucket(&dg_patterns[i], lo, k2))
            return false;
    return true;
}

/* "return try_A(s, insn) || try_B(s, insn) ..." in file order. */
static void dg_emit_chain(FILE *f, const char *prefix, int lo, uint32_t key,
                          const char *indent)
{
    bool first = true;

    for (int i = 0; i < dg_n_patterns; i++) {
        if (lo >= 0 && !dg_in_bucket(&dg_patterns[i], lo, key))
            continue;
        fprintf(f, first ? "%sreturn " : " ||\n%s       ", indent);
        fprintf(f, "%s_try_%s(s, insn)", prefix, dg_patterns[i].name);
        first = false;
    }
    if (first)
        fprintf(f, "%sreturn false", indent);
    fputs(";\n", f);
}

static void dg_emit_decode(FILE *f, const char *prefix)
{
    int lo = dg_pick_window();
    const uint32_t n_keys = 1u << dg_bucket_bits;

    fputs("/* Tries patterns in file order; false means UNDEF. */\n", f);
    fprintf(f, "static __attribute__((unused)) bool\n"
            "%s_decode(DisasContext *s, uint32_t insn)\n{\n", prefix);
    if (lo < 0) {
        if (!dg_n_patterns)
            fputs("    (void)s;\n    (void)insn;\n", f);
        dg_emit_chain(f, prefix, -1, 0, "    ");
        fputs("}\n\n", f);
        return;
    }
    fprintf(f, "    switch ((insn >> %d) & 0x%x) {\n", lo, n_keys - 1);
    for (uint32_t key = 0; key < n_keys; key++) {
        bool seen = false, empty = true;

        for (uint32_t k = 0; k < key && !seen; k++)
            seen = dg_same_bucket(lo, k, key);
        for (int i = 0; i < dg_n_patterns; i++)
            empty = empty && !dg_in_bucket(&dg_patterns[i], lo, key);
        if (seen || empty)
            continue;
        for (uint32_t k = key; k < n_keys; k++)
            if (dg_same_bucket(lo, k, key))
                fprintf(f, "    case 0x%x:\n", k);
        dg_emit_chain(f, prefix, lo, key, "        ");
    }
    fputs("    }\n    return false;\n}\n\n", f);
}

static void dg_emit_describe(FILE *f, const char *prefix)
{
    fputs("/* \"NAME field=value ...\" (decimal) of the first match, for "
          "-d in_asm. */\n", f);
    fprintf(f, "static __attribute__((unused)) const char *\n"
            "%s_describe(uint32_t insn, char *buf, size_t len)\n{\n", prefix);
    if (!dg_n_patterns)
        fputs("    (void)insn;\n    (void)buf;\n    (void)len;\n", f);
    for (int i = 0; i < dg_n_patterns; i++) {
        const DecodePattern *p = &dg_patterns[i];

        fprintf(f, "    if ((insn & 0x%08" PRIx32 "u) == 0x%08" PRIx32 "u) {\n"
                "        snprintf(buf, len, \"%s", p->mask, p->value, p->name);
        for (int j = 0; j < p->n_members; j++) {
            const DecodeMember *m = &p->members[j];

            if (m->is_const)
                fprintf(f, " %s=%" PRId64, m->name, m->value);
            else
                fprintf(f, " %s=%%lld", m->name);
        }
        fputc('"', f);
        for (int j = 0; j < p->n_members; j++) {
            if (p->members[j].is_const)
                continue;
            fputs(",\n                 (long long)", f);
            dg_emit_value(f, prefix, &p->members[j]);
        }
        fputs(");\n        return buf;\n    }\n", f);
    }
    fputs("    return NULL;\n}\n", f);
}

static void dg_usage(void)
{
    fputs("usage: decodegen -p PREFIX -o OUT.c IN.decode\n", stderr);
    exit(1);
}

int main(int argc, char **argv)
{
    const char *prefix = NULL, *out = NULL;
    char tmp[4096];
    FILE *in, *f;
    int opt;
    bool bad;

    while ((opt = getopt(argc, argv, "p:o:")) != -1) {
        if (opt == 'p')
            prefix = optarg;
        else if (opt == 'o')
            out = optarg;
        else
            dg_usage();
    }
    if (!prefix || !out || optind != argc - 1)
        dg_usage();
    if (!dg_is_ident(prefix)) {
        fprintf(stderr, "decodegen: bad prefix '%s'\n", prefix);
        return 1;
    }
    dg_input = argv[optind];
    in = fopen(dg_input, "r");
    if (!in) {
        fprintf(stderr, "decodegen: %s: %s\n", dg_input, strerror(errno));
        return 1;
    }
    dg_parse_file(in);
    fclose(in);

    /* Write aside and rename, so make never sees a half-written file. */
    snprintf(tmp, sizeof(tmp), "%s.tmp", out);
    f = fopen(tmp, "w");
    if (!f) {
        fprintf(stderr, "decodegen: %s: %s\n", tmp, strerror(errno));
        return 1;
    }
    dg_emit_prologue(f, prefix);
    dg_emit_handlers(f);
    for (int i = 0; i < dg_n_patterns; i++)
        dg_emit_try(f, prefix, &dg_patterns[i]);
    dg_emit_decode(f, prefix);
    dg_emit_describe(f, prefix);
    bad = ferror(f);
    bad |= fclose(f) != 0;
    if (bad || rename(tmp, out)) {
        fprintf(stderr, "decodegen: writing %s: %s\n", out, strerror(errno));
        remove(tmp);
        return 1;
    }
    return 0;
}
