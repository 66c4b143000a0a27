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
#define DG_MEMBERS_MAX 48    /* 32 one-bit fields plus constants */
#define DG_PARTS_MAX 8       /* bit ranges in one join */
#define DG_MAX_BUCKET_BITS 8 /* widest first-level switch */

typedef enum { DG_FIELD, DG_JOIN, DG_CONST } DecodeKind;

/* A bit range of the instruction: lsb position and width. */
typedef struct {
    int pos, len;
} DecodeRange;

/* A named value a line produces: a field, a join of fields or a constant. */
typedef struct {
    char name[DG_NAME_LEN];
    DecodeKind kind;
    bool is_signed;    /* fields and joins */
    bool is_part;      /* a field a join on its line consumes: no member */
    DecodeRange range; /* fields */
    int join;          /* joins: index in dg_joins */
    int n_parts;       /* joins: resolved ranges, most significant first */
    DecodeRange parts[DG_PARTS_MAX];
    int64_t value;            /* constants without a symbol */
    char symbol[DG_NAME_LEN]; /* constants: C identifier, emitted verbatim */
} DecodeMember;

/* "%name[:s] a:b:c [fn=F]": a value joined from fields of the same line. */
typedef struct {
    char name[DG_NAME_LEN];
    int line;
    bool is_signed;
    char function[DG_NAME_LEN];
    int n_parts;
    char parts[DG_PARTS_MAX][DG_NAME_LEN];
} DecodeJoin;

/* An argument struct: declared with "&name ..." or implied by a handler. */
typedef struct {
    char name[DG_NAME_LEN];
    int line;
    bool is_declared;
    bool emitted;
    int n_members;
    char members[DG_MEMBERS_MAX][DG_NAME_LEN];
} DecodeArgSet;

/* A pattern, or with is_format a format ("@name ...") patterns build on. */
typedef struct {
    char name[DG_NAME_LEN];
    char handler[DG_NAME_LEN];
    int line;
    bool is_format;
    bool used;  /* formats: some pattern refers to it */
    int format; /* patterns: index in dg_formats or -1 */
    int argset; /* index in dg_argsets or -1 until bound */
    int bits;   /* bits consumed so far; must end at dg_width */
    uint32_t mask, value;
    uint32_t field_mask; /* bits its own fields cover */
    bool has_consts;
    int n_members;
    DecodeMember members[DG_MEMBERS_MAX];
} DecodeLine;

typedef struct {
    char name[DG_NAME_LEN];
    int line; /* first pattern using it, for error messages */
    int argset;
} DecodeHandler;

static const char *dg_input;
static int dg_width = 32;
static bool dg_seen_line; /* "%width" must come before any other line */
static DecodeLine *dg_patterns;
static int dg_n_patterns;
static DecodeLine *dg_formats;
static int dg_n_formats;
static DecodeJoin *dg_joins;
static int dg_n_joins;
static DecodeArgSet *dg_argsets;
static int dg_n_argsets;
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

static void dg_copy_ident(char *dst, const char *src, int line,
                          const char *what)
{
    if (!dg_is_ident(src))
        dg_fail(line, "bad %s '%s' (expected an identifier)", what, src);
    if (strlen(src) >= DG_NAME_LEN)
        dg_fail(line, "%s '%s' is too long", what, src);
    strcpy(dst, src);
}

/* Makes room for one more element of an array of n. */
static void *dg_grow(void *array, int n, size_t size, int line)
{
    array = realloc(array, (size_t)(n + 1) * size);
    if (!array)
        dg_fail(line, "out of memory");
    return array;
}

static const char *dg_kind_word(const DecodeLine *p)
{
    return p->is_format ? "format" : "pattern";
}

static int dg_find_join(const char *name)
{
    for (int i = 0; i < dg_n_joins; i++)
        if (!strcmp(dg_joins[i].name, name))
            return i;
    return -1;
}

static int dg_find_argset(const char *name)
{
    for (int i = 0; i < dg_n_argsets; i++)
        if (!strcmp(dg_argsets[i].name, name))
            return i;
    return -1;
}

static int dg_find_format(const char *name)
{
    for (int i = 0; i < dg_n_formats; i++)
        if (!strcmp(dg_formats[i].name, name))
            return i;
    return -1;
}

/* ---- one pattern or format line ---- */

static DecodeMember *dg_add_member(DecodeLine *p, const char *name)
{
    DecodeMember *m;

    for (int i = 0; i < p->n_members; i++)
        if (!strcmp(p->members[i].name, name))
            dg_fail(p->line, "%s %s: '%s' appears twice", dg_kind_word(p),
                    p->name, name);
    if (p->n_members == DG_MEMBERS_MAX)
        dg_fail(p->line, "%s %s: too many fields", dg_kind_word(p), p->name);
    m = &p->members[p->n_members++];
    memset(m, 0, sizeof(*m));
    dg_copy_ident(m->name, name, p->line, "field name");
    return m;
}

/* Bits are placed from the top bit down; past the width we only count. */
static void dg_add_bits(DecodeLine *p, const char *tok)
{
    for (; *tok; tok++, p->bits++) {
        uint32_t bit = p->bits < dg_width ? 1u << (dg_width - 1 - p->bits) : 0;

        if (*tok == '.')
            continue;
        p->mask |= bit;
        if (*tok == '1')
            p->value |= bit;
    }
}

/* "name:N" or "name:sN" */
static void dg_add_field(DecodeLine *p, char *tok)
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
    if (!isdigit((unsigned char)*width) || *end || errno || len < 1 ||
        len > dg_width)
        dg_fail(p->line,
                "%s %s: bad width '%s' for field %s (1..%d, "
                "optionally prefixed with s)",
                dg_kind_word(p), p->name, colon + 1, tok, dg_width);
    m = dg_add_member(p, tok);
    m->kind = DG_FIELD;
    m->is_signed = is_signed;
    m->range.len = (int)len;
    /* checked once the total is known */
    m->range.pos = dg_width - p->bits - m->range.len;
    if (m->range.pos >= 0)
        p->field_mask |= (uint32_t)((1ull << len) - 1) << m->range.pos;
    p->bits += m->range.len;
}

/* "name=V": V a number or a C identifier emitted as is. */
static void dg_add_const(DecodeLine *p, char *item)
{
    char *eq = strchr(item, '=');
    char *end;
    DecodeMember *m;

    if (!eq || eq[1] == '\0')
        dg_fail(p->line, "%s %s: bad constant '%s' (expected name=value)",
                dg_kind_word(p), p->name, item);
    *eq = '\0';
    m = dg_add_member(p, item);
    m->kind = DG_CONST;
    if (isalpha((unsigned char)eq[1]) || eq[1] == '_') {
        dg_copy_ident(m->symbol, eq + 1, p->line, "constant value");
        return;
    }
    errno = 0;
    m->value = strtoll(eq + 1, &end, 0);
    if (*end || errno)
        dg_fail(p->line,
                "%s %s: bad value '%s' for %s (a number or a C "
                "identifier)",
                dg_kind_word(p), p->name, eq + 1, item);
}

/* "{name=V, name2=V2}": *cur points at '{'; on return, just past '}'. */
static void dg_parse_consts(DecodeLine *p, char **cur)
{
    char *close = strchr(*cur, '}');

    if (!close)
        dg_fail(p->line, "%s %s: '{' without '}'", dg_kind_word(p), p->name);
    if (p->has_consts)
        dg_fail(p->line, "%s %s: more than one {...} group", dg_kind_word(p),
                p->name);
    p->has_consts = true;
    *close = '\0';
    for (char *item = strtok(*cur + 1, ", \t"); item;
         item = strtok(NULL, ", \t"))
        dg_add_const(p, item);
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

/* "%name": a member joined from fields of this line. */
static void dg_add_join_ref(DecodeLine *p, const char *name)
{
    int j = dg_find_join(name);
    DecodeMember *m;

    if (j < 0)
        dg_fail(p->line,
                "%s %s: unknown join %%%s (declare it above with "
                "'%%%s part:part...')",
                dg_kind_word(p), p->name, name, name);
    m = dg_add_member(p, name);
    m->kind = DG_JOIN;
    m->join = j;
    m->is_signed = dg_joins[j].is_signed;
}

static void dg_set_argset(DecodeLine *p, const char *name)
{
    int a = dg_find_argset(name);

    if (a < 0 || !dg_argsets[a].is_declared)
        dg_fail(p->line, "%s %s: unknown argument set &%s", dg_kind_word(p),
                p->name, name);
    if (p->argset >= 0)
        dg_fail(p->line, "%s %s: more than one argument set", dg_kind_word(p),
                p->name);
    p->argset = a;
}

static void dg_set_format(DecodeLine *p, const char *name)
{
    if (p->is_format)
        dg_fail(p->line, "format %s: formats cannot use other formats",
                p->name);
    if (p->format >= 0)
        dg_fail(p->line, "pattern %s: more than one format", p->name);
    p->format = dg_find_format(name);
    if (p->format < 0)
        dg_fail(p->line, "pattern %s: unknown format @%s", p->name, name);
}

static void dg_set_handler(DecodeLine *p, char **cur, char *tok, size_t size)
{
    if (p->is_format)
        dg_fail(p->line, "format %s: '->' belongs on patterns", p->name);
    if (p->handler[0])
        dg_fail(p->line, "pattern %s: more than one '->'", p->name);
    /* "->name" or "-> name" */
    if (tok[2])
        memmove(tok, tok + 2, strlen(tok + 2) + 1);
    else if (!dg_next_word(cur, tok, size, p->line))
        dg_fail(p->line, "pattern %s: '->' without a handler name", p->name);
    dg_copy_ident(p->handler, tok, p->line, "handler name");
}

/* Reads the bit tokens, references and tail of a pattern or format. */
static void dg_parse_tokens(DecodeLine *p, char *cur)
{
    char tok[256];
    bool tail = false; /* seen "{...}" or "->": no more bit tokens */

    for (;;) {
        cur += strspn(cur, " \t");
        if (*cur == '{') {
            dg_parse_consts(p, &cur);
            tail = true;
            continue;
        }
        if (!dg_next_word(&cur, tok, sizeof(tok), p->line))
            break;
        if (!strncmp(tok, "->", 2)) {
            dg_set_handler(p, &cur, tok, sizeof(tok));
            tail = true;
        } else if (tok[0] == '&') {
            dg_set_argset(p, tok + 1);
        } else if (tok[0] == '@') {
            dg_set_format(p, tok + 1);
        } else if (tok[0] == '%') {
            dg_add_join_ref(p, tok + 1);
        } else if (tail) {
            dg_fail(p->line, "%s %s: '%s' after '{...}' or '->'",
                    dg_kind_word(p), p->name, tok);
        } else if (strchr(tok, ':')) {
            dg_add_field(p, tok);
        } else if (strspn(tok, "01.") == strlen(tok)) {
            dg_add_bits(p, tok);
        } else if (strchr(tok, '=')) {
            dg_fail(p->line,
                    "%s %s: constant '%s' must go inside {...} at "
                    "the end of the line",
                    dg_kind_word(p), p->name, tok);
        } else {
            dg_fail(p->line,
                    "%s %s: unknown token '%s' (expected 0/1/. "
                    "bits, name:N, name:sN, %%join, &args or @format)",
                    dg_kind_word(p), p->name, tok);
        }
    }
}

static DecodeMember *dg_find_member(DecodeLine *p, const char *name)
{
    for (int i = 0; i < p->n_members; i++)
        if (!strcmp(p->members[i].name, name))
            return &p->members[i];
    return NULL;
}

/* Gives each join on the line the ranges of its parts, which it consumes. */
static void dg_resolve_joins(DecodeLine *p)
{
    for (int i = 0; i < p->n_members; i++) {
        DecodeMember *m = &p->members[i];
        const DecodeJoin *j;

        if (m->kind != DG_JOIN)
            continue;
        j = &dg_joins[m->join];
        m->n_parts = j->n_parts;
        for (int k = 0; k < j->n_parts; k++) {
            DecodeMember *part = dg_find_member(p, j->parts[k]);

            if (!part || part->kind != DG_FIELD)
                dg_fail(p->line,
                        "%s %s: join %%%s needs a field '%s' on "
                        "this line",
                        dg_kind_word(p), p->name, j->name, j->parts[k]);
            if (part->is_signed)
                dg_fail(p->line,
                        "%s %s: field %s is part of join %%%s and "
                        "must be unsigned (declare the join as %%%s:s to "
                        "sign-extend it)",
                        dg_kind_word(p), p->name, part->name, j->name, j->name);
            part->is_part = true;
            m->parts[k] = part->range;
        }
    }
}

/*
 * The members a line gives its argument struct, in describe order: fields
 * and joins of its format, its own, then the format's constants, its own.
 */
static int dg_line_members(const DecodeLine *p, const DecodeMember **out)
{
    const DecodeLine *f = p->format >= 0 ? &dg_formats[p->format] : NULL;
    int n = 0;

    for (int pass = 0; pass < 2; pass++) {
        bool want_const = pass == 1;

        for (const DecodeLine *l = f ? f : p; l; l = l == p ? NULL : p)
            for (int i = 0; i < l->n_members; i++) {
                const DecodeMember *m = &l->members[i];

                if (!m->is_part && (m->kind == DG_CONST) == want_const)
                    out[n++] = m;
            }
    }
    return n;
}

/* A pattern's bits and fields must fit in the gaps its format leaves. */
static void dg_merge_format(DecodeLine *p)
{
    DecodeLine *f = &dg_formats[p->format];
    uint32_t both = p->mask & f->mask;

    f->used = true;
    if ((p->value ^ f->value) & both)
        dg_fail(p->line,
                "pattern %s: fixed bits differ from those of format "
                "%s (mask 0x%" PRIx32 ")",
                p->name, f->name, (p->value ^ f->value) & both);
    if (p->mask & f->field_mask)
        dg_fail(p->line,
                "pattern %s fixes bits (mask 0x%" PRIx32 ") that "
                "format %s uses for fields; write them as '.'",
                p->name, p->mask & f->field_mask, f->name);
    if (p->field_mask & (f->field_mask | f->mask))
        dg_fail(p->line,
                "pattern %s: its fields overlap bits of format %s "
                "(mask 0x%" PRIx32 ")",
                p->name, f->name, p->field_mask & (f->field_mask | f->mask));
    p->mask |= f->mask;
    p->value |= f->value;
}

static int dg_cmp_names(const void *a, const void *b)
{
    return strcmp(a, b);
}

static bool dg_argset_has(const DecodeArgSet *a, const char *name)
{
    for (int i = 0; i < a->n_members; i++)
        if (!strcmp(a->members[i], name))
            return true;
    return false;
}

/* The struct a handler implies when no "&name" is given: its own. */
static int dg_imply_argset(const DecodeLine *p, const DecodeMember **list,
                           int n)
{
    DecodeArgSet a = {.line = p->line, .n_members = n};

    strcpy(a.name, p->handler);
    for (int i = 0; i < n; i++)
        strcpy(a.members[i], list[i]->name);
    qsort(a.members, a.n_members, DG_NAME_LEN, dg_cmp_names);
    dg_argsets = dg_grow(dg_argsets, dg_n_argsets, sizeof(a), p->line);
    dg_argsets[dg_n_argsets] = a;
    return dg_n_argsets++;
}

/* Every member of the struct set exactly once, and nothing else. */
static void dg_check_members(const DecodeLine *p, const DecodeArgSet *a,
                             const DecodeMember **list, int n)
{
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < i; k++)
            if (!strcmp(list[k]->name, list[i]->name))
                dg_fail(p->line,
                        "pattern %s: '%s' set by both the pattern "
                        "and its format",
                        p->name, list[i]->name);
        if (!dg_argset_has(a, list[i]->name))
            dg_fail(p->line,
                    "pattern %s: '%s' is not a member of arg_%s "
                    "(line %d)",
                    p->name, list[i]->name, a->name, a->line);
    }
    for (int i = 0; i < a->n_members; i++) {
        bool found = false;

        for (int k = 0; k < n && !found; k++)
            found = !strcmp(list[k]->name, a->members[i]);
        if (!found)
            dg_fail(p->line,
                    "pattern %s leaves member '%s' of arg_%s (line "
                    "%d) unset",
                    p->name, a->members[i], a->name, a->line);
    }
}

/* Patterns sharing a handler share its arg struct, so names must agree. */
static void dg_bind(DecodeLine *p)
{
    const DecodeMember *list[2 * DG_MEMBERS_MAX];
    int n = dg_line_members(p, list);
    const DecodeLine *f = p->format >= 0 ? &dg_formats[p->format] : NULL;

    if (f && p->argset >= 0 && p->argset != f->argset)
        dg_fail(p->line, "pattern %s: &%s differs from &%s of format %s",
                p->name, dg_argsets[p->argset].name, dg_argsets[f->argset].name,
                f->name);
    if (f)
        p->argset = f->argset;
    if (p->argset < 0)
        p->argset = dg_find_argset(p->handler);
    if (p->argset < 0)
        p->argset = dg_imply_argset(p, list, n);
    dg_check_members(p, &dg_argsets[p->argset], list, n);

    for (int i = 0; i < dg_n_handlers; i++) {
        const DecodeHandler *h = &dg_handlers[i];

        if (strcmp(h->name, p->handler))
            continue;
        if (h->argset != p->argset)
            dg_fail(p->line,
                    "pattern %s: handler %s takes arg_%s (line %d), "
                    "not arg_%s",
                    p->name, h->name, dg_argsets[h->argset].name, h->line,
                    dg_argsets[p->argset].name);
        return;
    }
    dg_handlers =
        dg_grow(dg_handlers, dg_n_handlers, sizeof(DecodeHandler), p->line);
    dg_handlers[dg_n_handlers] =
        (DecodeHandler){.line = p->line, .argset = p->argset};
    strcpy(dg_handlers[dg_n_handlers++].name, p->handler);
}

static void dg_check_format_members(const DecodeLine *f)
{
    const DecodeArgSet *a;

    if (f->argset < 0)
        dg_fail(f->line, "format %s names no argument set (&name)", f->name);
    a = &dg_argsets[f->argset];
    for (int i = 0; i < f->n_members; i++)
        if (!f->members[i].is_part && !dg_argset_has(a, f->members[i].name))
            dg_fail(f->line,
                    "format %s: '%s' is not a member of arg_%s "
                    "(line %d)",
                    f->name, f->members[i].name, a->name, a->line);
}

static void dg_parse_rule(char *cur, int line, const char *name, bool format)
{
    DecodeLine p = {.line = line, .format = -1, .argset = -1};

    p.is_format = format;
    dg_copy_ident(p.name, name, line, format ? "format name" : "pattern name");
    dg_parse_tokens(&p, cur);
    if (p.bits != dg_width)
        dg_fail(line, "%s %s has %d bits, not %d", dg_kind_word(&p), p.name,
                p.bits, dg_width);
    dg_resolve_joins(&p);
    if (format) {
        if (dg_find_format(p.name) >= 0)
            dg_fail(line, "format %s already defined at line %d", p.name,
                    dg_formats[dg_find_format(p.name)].line);
        dg_check_format_members(&p);
        dg_formats = dg_grow(dg_formats, dg_n_formats, sizeof(p), line);
        dg_formats[dg_n_formats++] = p;
        return;
    }
    for (int i = 0; i < dg_n_patterns; i++)
        if (!strcmp(dg_patterns[i].name, p.name))
            dg_fail(line, "pattern %s already defined at line %d", p.name,
                    dg_patterns[i].line);
    if (!p.handler[0])
        strcpy(p.handler, p.name);
    if (p.format >= 0)
        dg_merge_format(&p);
    dg_bind(&p);
    dg_patterns = dg_grow(dg_patterns, dg_n_patterns, sizeof(p), line);
    dg_patterns[dg_n_patterns++] = p;
}

/* ---- declarations: %width, %join, &argset ---- */

static void dg_parse_width(char *cur, int line)
{
    char tok[256];

    if (dg_seen_line)
        dg_fail(line, "%%width must come before every other line");
    if (!dg_next_word(&cur, tok, sizeof(tok), line) ||
        (strcmp(tok, "16") && strcmp(tok, "32")))
        dg_fail(line, "%%width takes 16 or 32");
    dg_width = atoi(tok);
    if (dg_next_word(&cur, tok, sizeof(tok), line))
        dg_fail(line, "%%width: unexpected '%s'", tok);
}

/* "a:b:c", most significant first */
static void dg_parse_parts(DecodeJoin *j, char *text, int line)
{
    for (char *part = strtok(text, ":"); part; part = strtok(NULL, ":")) {
        if (j->n_parts == DG_PARTS_MAX)
            dg_fail(line, "join %%%s: more than %d parts", j->name,
                    DG_PARTS_MAX);
        for (int k = 0; k < j->n_parts; k++)
            if (!strcmp(j->parts[k], part))
                dg_fail(line, "join %%%s: part '%s' appears twice", j->name,
                        part);
        dg_copy_ident(j->parts[j->n_parts++], part, line, "join part");
    }
}

/* "%name[:s] part:part... [fn=FUNCTION]" */
static void dg_parse_join(char *cur, int line, char *name)
{
    DecodeJoin j = {.line = line};
    char *colon = strchr(name, ':');
    char tok[256];

    if (colon) {
        if (strcmp(colon, ":s"))
            dg_fail(line,
                    "join %%%s: only ':s' (sign-extend) may follow the "
                    "name",
                    name);
        *colon = '\0';
        j.is_signed = true;
    }
    dg_copy_ident(j.name, name, line, "join name");
    if (dg_find_join(j.name) >= 0)
        dg_fail(line, "join %%%s already defined at line %d", j.name,
                dg_joins[dg_find_join(j.name)].line);
    if (!dg_next_word(&cur, tok, sizeof(tok), line) || tok[0] == ':' ||
        tok[strlen(tok) - 1] == ':' || strstr(tok, "::"))
        dg_fail(line, "join %%%s: expected its parts, e.g. 'hi:lo'", j.name);
    dg_parse_parts(&j, tok, line);
    while (dg_next_word(&cur, tok, sizeof(tok), line)) {
        if (strncmp(tok, "fn=", 3) || j.function[0])
            dg_fail(line,
                    "join %%%s: unexpected '%s' (expected one "
                    "fn=FUNCTION)",
                    j.name, tok);
        dg_copy_ident(j.function, tok + 3, line, "function name");
    }
    dg_joins = dg_grow(dg_joins, dg_n_joins, sizeof(j), line);
    dg_joins[dg_n_joins++] = j;
}

/* "&name member member ..." */
static void dg_parse_argset(char *cur, int line, const char *name)
{
    DecodeArgSet a = {.line = line, .is_declared = true};
    char tok[256];
    int old;

    dg_copy_ident(a.name, name, line, "argument set name");
    old = dg_find_argset(a.name);
    if (old >= 0)
        dg_fail(line, "argument set %s already defined at line %d", a.name,
                dg_argsets[old].line);
    while (dg_next_word(&cur, tok, sizeof(tok), line)) {
        if (a.n_members == DG_MEMBERS_MAX)
            dg_fail(line, "argument set %s: too many members", a.name);
        if (dg_argset_has(&a, tok))
            dg_fail(line, "argument set %s: '%s' appears twice", a.name, tok);
        dg_copy_ident(a.members[a.n_members++], tok, line, "member name");
    }
    if (*cur)
        dg_fail(line, "argument set %s: unexpected '%s'", a.name, cur);
    dg_argsets = dg_grow(dg_argsets, dg_n_argsets, sizeof(a), line);
    dg_argsets[dg_n_argsets++] = a;
}

static void dg_parse_line(char *text, int line)
{
    char tok[256];
    char *cur = text;

    if (!dg_next_word(&cur, tok, sizeof(tok), line)) {
        if (*cur)
            dg_fail(line, "line starts with '%c'", *cur);
        return;
    }
    if (!strcmp(tok, "%width")) {
        dg_parse_width(cur, line);
        return;
    }
    dg_seen_line = true;
    if (tok[0] == '%')
        dg_parse_join(cur, line, tok + 1);
    else if (tok[0] == '&')
        dg_parse_argset(cur, line, tok + 1);
    else if (tok[0] == '@')
        dg_parse_rule(cur, line, tok + 1, true);
    else
        dg_parse_rule(cur, line, tok, false);
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
            dg_parse_line(logical, start);
            logical_len = 0;
        }
    }
    if (logical_len)
        dg_parse_line(logical, start);
    free(phys);
    free(logical);
}

/* ---- output ---- */

static const char *dg_insn_type(void)
{
    return dg_width == 16 ? "uint16_t" : "uint32_t";
}

static void dg_emit_prologue(FILE *f, const char *prefix)
{
    fprintf(f, "/* generated by tools/decodegen from %s; do not edit */\n\n",
            dg_input);
    fputs("#include <stdbool.h>\n#include <stddef.h>\n#include <stdint.h>\n"
          "#include <stdio.h>\n\n",
          f);
    fprintf(f,
            "static inline __attribute__((unused)) int64_t\n"
            "%s_field(uint32_t insn, int pos, int len)\n{\n"
            "    return (insn >> pos) & (0xffffffffu >> (32 - len));\n}\n\n",
            prefix);
    /* Shift the field to the top, then arithmetic-shift it back down. */
    fprintf(f,
            "static inline __attribute__((unused)) int64_t\n"
            "%s_sfield(uint32_t insn, int pos, int len)\n{\n"
            "    return (int32_t)(insn << (32 - pos - len)) >> (32 - len);\n"
            "}\n\n",
            prefix);
    if (!dg_n_joins)
        return;
    fprintf(f,
            "/* Appends a field below the bits joined so far. */\n"
            "static inline __attribute__((unused)) int64_t\n"
            "%s_join(int64_t high, uint32_t insn, int pos, int len)\n{\n"
            "    return (int64_t)((uint64_t)high << len) | "
            "%s_field(insn, pos, len);\n}\n\n",
            prefix, prefix);
    fprintf(f,
            "static inline __attribute__((unused)) int64_t\n"
            "%s_sext(int64_t value, int len)\n{\n"
            "    return (int64_t)((uint64_t)value << (64 - len)) >> "
            "(64 - len);\n}\n\n",
            prefix);
}

static void dg_emit_argset(FILE *f, DecodeArgSet *a)
{
    a->emitted = true;
    fputs("typedef struct {\n", f);
    for (int j = 0; j < a->n_members; j++)
        fprintf(f, "    int64_t %s;\n", a->members[j]);
    if (!a->n_members)
        fputs("    int no_fields_;\n", f);
    fprintf(f, "} arg_%s;\n\n", a->name);
}

/* Declared sets first, then each handler's (implied set and) prototype. */
static void dg_emit_handlers(FILE *f)
{
    for (int i = 0; i < dg_n_argsets; i++)
        if (dg_argsets[i].is_declared)
            dg_emit_argset(f, &dg_argsets[i]);
    for (int i = 0; i < dg_n_handlers; i++) {
        const DecodeHandler *h = &dg_handlers[i];
        DecodeArgSet *a = &dg_argsets[h->argset];

        if (!a->emitted)
            dg_emit_argset(f, a);
        fprintf(f, "static bool trans_%s(DisasContext *s, arg_%s *a);\n\n",
                h->name, a->name);
    }
}

/* prefix_join(prefix_join(hi, ...), ...), optionally sign-extended. */
static void dg_emit_join(FILE *f, const char *prefix, const DecodeMember *m)
{
    const DecodeJoin *j = &dg_joins[m->join];
    int total = 0;

    if (j->function[0])
        fprintf(f, "%s(", j->function);
    if (m->is_signed)
        fprintf(f, "%s_sext(", prefix);
    for (int k = 1; k < m->n_parts; k++)
        fprintf(f, "%s_join(", prefix);
    for (int k = 0; k < m->n_parts; k++) {
        const DecodeRange *r = &m->parts[k];

        if (k == 0)
            fprintf(f, "%s_field(insn, %d, %d)", prefix, r->pos, r->len);
        else
            fprintf(f, ", insn, %d, %d)", r->pos, r->len);
        total += r->len;
    }
    if (m->is_signed)
        fprintf(f, ", %d)", total);
    if (j->function[0])
        fputc(')', f);
}

static void dg_emit_value(FILE *f, const char *prefix, const DecodeMember *m)
{
    if (m->kind == DG_CONST && m->symbol[0])
        fputs(m->symbol, f);
    else if (m->kind == DG_CONST)
        fprintf(f, "%" PRId64, m->value);
    else if (m->kind == DG_JOIN)
        dg_emit_join(f, prefix, m);
    else
        fprintf(f, "%s_%s(insn, %d, %d)", prefix,
                m->is_signed ? "sfield" : "field", m->range.pos, m->range.len);
}

/* "    a.x = ...;" for each member the line itself sets. */
static void dg_emit_assignments(FILE *f, const char *prefix,
                                const DecodeLine *p, const char *a)
{
    for (int i = 0; i < p->n_members; i++) {
        if (p->members[i].is_part)
            continue;
        fprintf(f, "    %s%s = ", a, p->members[i].name);
        dg_emit_value(f, prefix, &p->members[i]);
        fputs(";\n", f);
    }
}

/* One function per used format fills the struct for all its patterns. */
static void dg_emit_extract(FILE *f, const char *prefix, const DecodeLine *fmt)
{
    fprintf(f, "static void %s_extract_%s(arg_%s *a, %s insn)\n{\n", prefix,
            fmt->name, dg_argsets[fmt->argset].name, dg_insn_type());
    if (!fmt->n_members)
        fputs("    (void)a;\n    (void)insn;\n", f);
    dg_emit_assignments(f, prefix, fmt, "a->");
    fputs("}\n\n", f);
}

static void dg_emit_mask_test(FILE *f, const DecodeLine *p, const char *op)
{
    int digits = dg_width / 4;

    fprintf(f, "    if ((insn & 0x%0*" PRIx32 "u) %s 0x%0*" PRIx32 "u)", digits,
            p->mask, op, digits, p->value);
}

static void dg_emit_try(FILE *f, const char *prefix, const DecodeLine *p)
{
    const DecodeArgSet *a = &dg_argsets[p->argset];

    fprintf(f, "static bool %s_try_%s(DisasContext *s, %s insn)\n{\n", prefix,
            p->name, dg_insn_type());
    fprintf(f, "    arg_%s a;\n\n", a->name);
    dg_emit_mask_test(f, p, "!=");
    fputs("\n        return false;\n", f);
    if (!a->n_members)
        fputs("    a.no_fields_ = 0;\n", f);
    if (p->format >= 0)
        fprintf(f, "    %s_extract_%s(&a, insn);\n", prefix,
                dg_formats[p->format].name);
    dg_emit_assignments(f, prefix, p, "a.");
    fprintf(f, "    return trans_%s(s, &a);\n}\n\n", p->handler);
}

/* The first-level switch: insn bits lo .. lo + dg_bucket_bits - 1. */
static int dg_bucket_bits;

/* Whether pattern p can match an insn whose window bits equal key. */
static bool dg_in_bucket(const DecodeLine *p, int lo, uint32_t key)
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
        for (int lo = dg_width - bits; lo >= 0; lo--) {
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
    fprintf(f,
            "static __attribute__((unused)) bool\n"
            "%s_decode(DisasContext *s, %s insn)\n{\n",
            prefix, dg_insn_type());
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

/* Numeric constants go into the format string; the rest are arguments. */
static void dg_emit_describe_one(FILE *f, const char *prefix,
                                 const DecodeLine *p)
{
    const DecodeMember *list[2 * DG_MEMBERS_MAX];
    int n = dg_line_members(p, list);

    dg_emit_mask_test(f, p, "==");
    fprintf(f, " {\n        snprintf(buf, len, \"%s", p->name);
    for (int j = 0; j < n; j++) {
        if (list[j]->kind == DG_CONST && !list[j]->symbol[0])
            fprintf(f, " %s=%" PRId64, list[j]->name, list[j]->value);
        else
            fprintf(f, " %s=%%lld", list[j]->name);
    }
    fputc('"', f);
    for (int j = 0; j < n; j++) {
        if (list[j]->kind == DG_CONST && !list[j]->symbol[0])
            continue;
        fputs(",\n                 (long long)", f);
        dg_emit_value(f, prefix, list[j]);
    }
    fputs(");\n        return buf;\n    }\n", f);
}

static void dg_emit_describe(FILE *f, const char *prefix)
{
    fputs("/* \"NAME field=value ...\" (decimal) of the first match, for "
          "-d in_asm. */\n",
          f);
    fprintf(f,
            "static __attribute__((unused)) const char *\n"
            "%s_describe(%s insn, char *buf, size_t len)\n{\n",
            prefix, dg_insn_type());
    if (!dg_n_patterns)
        fputs("    (void)insn;\n    (void)buf;\n    (void)len;\n", f);
    for (int i = 0; i < dg_n_patterns; i++)
        dg_emit_describe_one(f, prefix, &dg_patterns[i]);
    fputs("    return NULL;\n}\n", f);
}

static void dg_emit(FILE *f, const char *prefix)
{
    dg_emit_prologue(f, prefix);
    dg_emit_handlers(f);
    for (int i = 0; i < dg_n_formats; i++)
        if (dg_formats[i].used)
            dg_emit_extract(f, prefix, &dg_formats[i]);
    for (int i = 0; i < dg_n_patterns; i++)
        dg_emit_try(f, prefix, &dg_patterns[i]);
    dg_emit_decode(f, prefix);
    dg_emit_describe(f, prefix);
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
    dg_emit(f, prefix);
    bad = ferror(f);
    bad |= fclose(f) != 0;
    if (bad || rename(tmp, out)) {
        fprintf(stderr, "decodegen: writing %s: %s\n", out, strerror(errno));
        remove(tmp);
        return 1;
    }
    return 0;
}
