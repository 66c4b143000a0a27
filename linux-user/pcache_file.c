/*
 * Files of the persistent translation cache (pcache_file.h). Writers
 * append whole records with one O_APPEND write (no locks: concurrent
 * processes interleave records, never bytes); a new file is published by
 * link() of a complete header. Readers map the file read-only, find
 * records through the sorted index beside it (pcache_index.h) and a table
 * of the records appended since it was written, and check a record's key
 * and checksum when they use it; a damaged spot is skipped, a foreign
 * header ignores the whole file. A process that finds many records outside
 * the index (a writer after appending, any other at exit) writes it again.
 */
#include "linux-user/pcache_file.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "linux-user/pcache_index.h"
#include "util/fd_all.h"
#include "util/hash64.h"
#include "util/log.h"

#define PCACHE_MAGIC "ARXPCACH"
#define PCACHE_VERSION 2u
#define PCACHE_RECORD_MAGIC 0x43525841u /* "AXRC" */
#define PCACHE_SUFFIX ".arxtc"
#define PCACHE_INDEX_SUFFIX ".arxix"
/* A writer writes the index again once the records outside it are a
 * sixteenth of those inside (rewriting costs the whole file's headers). */
#define PCACHE_REINDEX_RATIO 16u
/* Queued records are written early past this many bytes. */
#define PCACHE_PENDING_LIMIT (8u << 20)
#define PCACHE_DEFAULT_BOUND (1ull << 30)

typedef struct PCacheHead {
    char magic[8];
    uint32_t version;
    uint32_t head_size;
    uint64_t build, options, ident;
    uint64_t check; /* of the fields above */
    uint8_t reserved[16];
} PCacheHead;
_Static_assert(sizeof(PCacheHead) == 64, "file header layout");

typedef struct PCacheRecordHead {
    uint32_t magic;
    uint32_t total; /* this header, the payload and padding to 8 */
    uint64_t check; /* of pc .. the payload's end */
    uint64_t pc;
    uint64_t file_offset;
    uint32_t flags;
    uint32_t payload_len;
    uint64_t guest_hash; /* of the guest code the payload was made from */
} PCacheRecordHead;
_Static_assert(sizeof(PCacheRecordHead) == 48, "record header layout");

/* The checksum of a record: its key, guest hash and payload. */
static uint64_t record_check(const PCacheRecordHead *r)
{
    return hash64(0, &r->pc,
                  sizeof(*r) - offsetof(PCacheRecordHead, pc) +
                      (size_t)r->payload_len);
}

struct PCacheFile {
    uint64_t ident;
    char name[40], index_name[40];
    bool opened;
    const uint8_t *map;
    size_t map_len;
    PCacheIndex sorted;     /* the index file */
    PCacheIndexEntry *tail; /* a table of the records past sorted.covered */
    size_t tail_mask, tail_count;
    /* A bit set for each key in tail (tail_key_bit), 16 bits or more a
     * key: most lookups, for keys only the index has, end here instead
     * of at a cache miss in the sparse table. */
    uint64_t *tail_filter;
    size_t tail_filter_mask;
    bool stale_index; /* too many records outside it: write it again */
    uint8_t *pending;
    size_t pending_len, pending_cap;
    PCacheFile *next;
};

static char cache_dir[PATH_MAX];
static uint64_t build_hash, options_hash;
static PCacheFile *files;

void pcache_file_setup(const char *dir, uint64_t build, uint64_t options)
{
    snprintf(cache_dir, sizeof(cache_dir), "%s", dir);
    build_hash = build;
    options_hash = options;
}

static void make_head(PCacheHead *h, uint64_t ident)
{
    memset(h, 0, sizeof(*h));
    memcpy(h->magic, PCACHE_MAGIC, 8);
    h->version = PCACHE_VERSION;
    h->head_size = sizeof(*h);
    h->build = build_hash;
    h->options = options_hash;
    h->ident = ident;
    h->check = hash64(0, h, offsetof(PCacheHead, check));
}

PCacheFile *pcache_file_get(uint64_t ident)
{
    PCacheFile *f;
    uint64_t key;

    for (f = files; f; f = f->next)
        if (f->ident == ident)
            return f;
    f = calloc(1, sizeof(*f));
    if (!f)
        return NULL;
    f->ident = ident;
    key = hash64(build_hash ^ options_hash, &ident, sizeof(ident));
    snprintf(f->name, sizeof(f->name), "%016llx" PCACHE_SUFFIX,
             (unsigned long long)key);
    snprintf(f->index_name, sizeof(f->index_name),
             "%016llx" PCACHE_INDEX_SUFFIX, (unsigned long long)key);
    f->next = files;
    files = f;
    return f;
}

const char *pcache_file_name(const PCacheFile *f)
{
    return f->name;
}

static void file_path(const char *name, char *path, size_t len)
{
    snprintf(path, len, "%s/%s", cache_dir, name);
}

static PCacheIndexOwner file_owner(const PCacheFile *f)
{
    return (PCacheIndexOwner){build_hash, options_hash, f->ident};
}

/* ---- reading ---- */

static bool same_key(const PCacheIndexEntry *e, const PCacheRecordHead *r)
{
    return e->pc == r->pc && e->flags == r->flags &&
           e->file_offset == r->file_offset;
}

static uint64_t tail_hash(uint64_t pc, uint32_t flags, uint64_t file_offset)
{
    return hash64_mix(pc ^ ((uint64_t)flags << 40) ^ (file_offset << 1));
}

/* A key's first slot in the table and its filter bit, from its hash:
 * the bit from other bits of the hash than the slot's. */
static size_t tail_slot(const PCacheFile *f, uint64_t hash)
{
    return hash & f->tail_mask;
}

static size_t tail_key_bit(const PCacheFile *f, uint64_t hash)
{
    return (size_t)(hash >> 32) & f->tail_filter_mask;
}

/* Later records win: a damaged copy is followed by a good one. */
static void tail_put(void *ctx, const PCacheRecordHead *r, uint32_t at)
{
    PCacheFile *f = ctx;
    uint64_t hash = tail_hash(r->pc, r->flags, r->file_offset);
    size_t i = tail_slot(f, hash), bit = tail_key_bit(f, hash);

    f->tail_filter[bit / 64] |= 1ull << (bit % 64);

    for (;; i = (i + 1) & f->tail_mask) {
        PCacheIndexEntry *e = &f->tail[i];
        if (!e->at || same_key(e, r)) {
            f->tail_count += !e->at;
            *e = (PCacheIndexEntry){r->pc, r->file_offset, r->flags, at};
            return;
        }
    }
}

static uint32_t tail_find(const PCacheFile *f, uint64_t pc, uint32_t flags,
                          uint64_t file_offset)
{
    uint64_t hash;
    size_t bit;

    if (!f->tail)
        return 0;
    hash = tail_hash(pc, flags, file_offset);
    bit = tail_key_bit(f, hash);
    if (!(f->tail_filter[bit / 64] & (1ull << (bit % 64))))
        return 0;
    for (size_t i = tail_slot(f, hash);; i = (i + 1) & f->tail_mask) {
        const PCacheIndexEntry *e = &f->tail[i];
        if (!e->at)
            return 0;
        if (e->pc == pc && e->flags == flags && e->file_offset == file_offset)
            return e->at;
    }
}

/* Where the record for the key is, or 0. */
static uint32_t file_lookup(const PCacheFile *f, uint64_t pc, uint32_t flags,
                            uint64_t file_offset)
{
    uint32_t at = tail_find(f, pc, flags, file_offset);

    return at ? at : pcache_index_find(&f->sorted, pc, flags, file_offset);
}

/* The record header at off of the len bytes at map if it looks whole,
 * else NULL. */
static const PCacheRecordHead *record_at(const uint8_t *map, size_t len,
                                         size_t off)
{
    const PCacheRecordHead *r;

    if (off > len || len - off < sizeof(*r) || off % 8)
        return NULL;
    r = (const PCacheRecordHead *)(const void *)(map + off);
    if (r->magic != PCACHE_RECORD_MAGIC || r->total % 8 ||
        r->total < sizeof(*r) || r->total > len - off ||
        r->payload_len > r->total - sizeof(*r))
        return NULL;
    return r;
}

typedef void RecordVisit(void *ctx, const PCacheRecordHead *r, uint32_t at);

static void count_visit(void *ctx, const PCacheRecordHead *r, uint32_t at)
{
    (void)r;
    (void)at;
    (*(size_t *)ctx)++;
}

/* Visits the whole records of map[from, len), skipping damage 8 bytes at
 * a time. Returns the end of the last one (from if none). */
static size_t scan_records(const uint8_t *map, size_t len, size_t from,
                           RecordVisit *visit, void *ctx)
{
    size_t off = from, end = from;

    while (off + sizeof(PCacheRecordHead) <= len) {
        const PCacheRecordHead *r = record_at(map, len, off);
        if (!r) {
            off += 8;
            continue;
        }
        visit(ctx, r, (uint32_t)off);
        off += r->total;
        end = off;
    }
    return end;
}

static bool head_ok(const PCacheHead *h, uint64_t ident)
{
    PCacheHead want;

    make_head(&want, ident);
    return memcmp(h, &want, sizeof(want)) == 0;
}

/* Whether, with appended more records, so many are outside the index
 * that it is worth writing again. */
static bool index_stale(const PCacheFile *f, size_t appended)
{
    size_t outside = f->tail_count + appended;

    return outside && outside * PCACHE_REINDEX_RATIO >= f->sorted.count;
}

/* Indexes the records the sorted index does not cover. */
static void file_index_tail(PCacheFile *f)
{
    size_t from = f->sorted.covered, n = 0, cap;

    if (from < sizeof(PCacheHead))
        from = sizeof(PCacheHead);
    scan_records(f->map, f->map_len, from, count_visit, &n);
    if (!n)
        return;
    for (cap = 16; cap < 2 * n; cap *= 2)
        ;
    f->tail = calloc(cap, sizeof(*f->tail));
    /* 8 bits a slot: 16 a key or more (cap >= 16 slots, 2 words). */
    f->tail_filter = calloc(cap / 8, sizeof(uint64_t));
    if (!f->tail || !f->tail_filter) {
        free(f->tail);
        free(f->tail_filter);
        f->tail = NULL;
        f->tail_filter = NULL;
        return;
    }
    f->tail_mask = cap - 1;
    f->tail_filter_mask = cap * 8 - 1;
    scan_records(f->map, f->map_len, from, tail_put, f);
}

static void file_close(PCacheFile *f)
{
    if (f->map)
        munmap((void *)f->map, f->map_len);
    pcache_index_close(&f->sorted);
    free(f->tail);
    free(f->tail_filter);
    f->tail_filter = NULL;
    f->tail_filter_mask = 0;
    f->map = NULL;
    f->map_len = 0;
    f->tail = NULL;
    f->tail_mask = f->tail_count = 0;
    f->opened = false;
}

/*
 * The cache file at path mapped read-only (populated: for a reader of
 * every record), its length in *len; NULL when it cannot be opened or
 * mapped, and when it is no cache file (not a regular file of this user,
 * a size no header or offset fits), which is logged.
 */
static const uint8_t *map_cache_file(const char *path, size_t *len,
                                     bool populate)
{
    struct stat st;
    void *map;
    int fd;

    fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0)
        return NULL;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != geteuid() ||
        st.st_size < (off_t)sizeof(PCacheHead) ||
        st.st_size > (off_t)UINT32_MAX) {
        if (log_enabled(LOG_PCACHE))
            arx_log("pcache: %s: not a cache file, ignored\n", path);
        close(fd);
        return NULL;
    }
    map = mmap(NULL, (size_t)st.st_size, PROT_READ,
               MAP_PRIVATE | (populate ? MAP_POPULATE : 0), fd, 0);
    close(fd);
    if (map == MAP_FAILED)
        return NULL;
    *len = (size_t)st.st_size;
    return map;
}

static void file_open(PCacheFile *f)
{
    char path[PATH_MAX];
    PCacheIndexOwner owner = file_owner(f);
    const uint8_t *map;
    size_t len;

    f->opened = true;
    file_path(f->name, path, sizeof(path));
    map = map_cache_file(path, &len, false);
    if (!map)
        return;
    if (!head_ok((const PCacheHead *)(const void *)map, f->ident)) {
        if (log_enabled(LOG_PCACHE))
            arx_log("pcache: %s: foreign or damaged header, ignored\n", path);
        munmap((void *)map, len);
        return;
    }
    f->map = map;
    f->map_len = len;
    file_path(f->index_name, path, sizeof(path));
    pcache_index_open(&f->sorted, path, &owner, f->map_len);
    file_index_tail(f);
    f->stale_index = index_stale(f, 0);
    if (log_enabled(LOG_PCACHE))
        arx_log("pcache: %s/%s: %zu records (%zu indexed)\n", cache_dir,
                f->name, f->sorted.count + f->tail_count, f->sorted.count);
}

const void *pcache_file_find(PCacheFile *f, uint64_t pc, uint32_t flags,
                             uint64_t file_offset, size_t *len,
                             uint64_t *guest_hash)
{
    PCacheIndexEntry want = {pc, file_offset, flags, 0};
    const PCacheRecordHead *r;
    uint32_t at;

    if (!f->opened)
        file_open(f);
    if (!f->map)
        return NULL;
    at = file_lookup(f, pc, flags, file_offset);
    if (!at)
        return NULL;
    r = record_at(f->map, f->map_len, at);
    if (!r || !same_key(&want, r) || record_check(r) != r->check) {
        if (log_enabled(LOG_PCACHE))
            arx_log("pcache: %s: damaged record at %u, ignored\n", f->name, at);
        return NULL;
    }
    *len = r->payload_len;
    *guest_hash = r->guest_hash;
    return r + 1;
}

/* ---- writing ---- */

void pcache_file_add(PCacheFile *f, uint64_t pc, uint32_t flags,
                     uint64_t file_offset, uint64_t guest_hash,
                     const void *payload, size_t len)
{
    size_t total = (sizeof(PCacheRecordHead) + len + 7) & ~(size_t)7;
    PCacheRecordHead *r;

    if (len > UINT32_MAX / 2)
        return;
    if (f->pending_len + total > f->pending_cap) {
        size_t cap = f->pending_cap ? f->pending_cap : 64u << 10;
        uint8_t *p;
        while (cap < f->pending_len + total)
            cap *= 2;
        p = realloc(f->pending, cap);
        if (!p)
            return;
        f->pending = p;
        f->pending_cap = cap;
    }
    r = (PCacheRecordHead *)(void *)(f->pending + f->pending_len);
    memset(r, 0, total);
    r->magic = PCACHE_RECORD_MAGIC;
    r->total = (uint32_t)total;
    r->pc = pc;
    r->file_offset = file_offset;
    r->flags = flags;
    r->payload_len = (uint32_t)len;
    r->guest_hash = guest_hash;
    memcpy(r + 1, payload, len);
    r->check = record_check(r);
    f->pending_len += total;
    if (f->pending_len >= PCACHE_PENDING_LIMIT)
        pcache_file_flush_all();
}

/* A complete file (header, then extra) under a temporary name; the name,
 * or false. */
static bool write_temp(const PCacheFile *f, const void *extra, size_t len,
                       char *tmp, size_t tmp_len)
{
    PCacheHead h;
    int fd;
    bool ok;

    snprintf(tmp, tmp_len, "%s/.tmp-%d-%s", cache_dir, (int)getpid(), f->name);
    fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0)
        return false;
    make_head(&h, f->ident);
    ok = write_all(fd, &h, sizeof(h)) && write_all(fd, extra, len);
    close(fd);
    if (!ok)
        unlink(tmp);
    return ok;
}

/* A header-only file at path unless one is there (another process may
 * publish the same name at once: link() lets exactly one win). */
static void publish_empty(const PCacheFile *f, const char *path)
{
    char tmp[PATH_MAX];

    if (!write_temp(f, NULL, 0, tmp, sizeof(tmp)))
        return;
    if (link(tmp, path) != 0 && errno != EEXIST && log_enabled(LOG_PCACHE))
        arx_log("pcache: cannot create %s: %s\n", path, strerror(errno));
    unlink(tmp);
}

/* The existing file's header is not ours (damaged, truncated, older):
 * a new file with the queued records replaces it. */
static void replace_file(const PCacheFile *f, const char *path)
{
    char tmp[PATH_MAX], index_path[PATH_MAX];

    if (!write_temp(f, f->pending, f->pending_len, tmp, sizeof(tmp)))
        return;
    if (rename(tmp, path) != 0)
        unlink(tmp);
    file_path(f->index_name, index_path, sizeof(index_path));
    unlink(index_path);
    if (log_enabled(LOG_PCACHE))
        arx_log("pcache: %s: replaced a damaged or foreign file\n", path);
}

static size_t count_records(const uint8_t *p, size_t len)
{
    size_t n = 0;

    for (size_t off = 0; off < len; n++)
        off += ((const PCacheRecordHead *)(const void *)(p + off))->total;
    return n;
}

/* Another process appended since this one read the file (a shell's fork
 * children all translate the same child path): reads it again and drops
 * the queued records it already holds. */
static void drop_known_pending(PCacheFile *f, off_t size_now)
{
    size_t in = 0, out = 0;

    if (f->opened && (size_t)size_now == f->map_len)
        return;
    file_close(f);
    file_open(f);
    while (in < f->pending_len) {
        PCacheRecordHead *r = (PCacheRecordHead *)(void *)(f->pending + in);
        uint32_t total = r->total;
        if (!file_lookup(f, r->pc, r->flags, r->file_offset)) {
            memmove(f->pending + out, r, total);
            out += total;
        }
        in += total;
    }
    f->pending_len = out;
}

static void collect_visit(void *ctx, const PCacheRecordHead *r, uint32_t at)
{
    PCacheIndexEntry **next = ctx;

    *(*next)++ = (PCacheIndexEntry){r->pc, r->file_offset, r->flags, at};
}

/* Writes the index of every whole record in the file at path. */
static void write_index(const PCacheFile *f, const char *path)
{
    char index_path[PATH_MAX], tmp[PATH_MAX];
    PCacheIndexOwner owner = file_owner(f);
    PCacheIndexEntry *entries, *next;
    size_t covered, len;
    const uint8_t *map = map_cache_file(path, &len, true);

    if (!map)
        return;
    entries = malloc(len / sizeof(PCacheRecordHead) * sizeof(*entries));
    if (entries && head_ok((const PCacheHead *)(const void *)map, f->ident)) {
        next = entries;
        covered =
            scan_records(map, len, sizeof(PCacheHead), collect_visit, &next);
        file_path(f->index_name, index_path, sizeof(index_path));
        snprintf(tmp, sizeof(tmp), "%s/.tmp-%d-%s", cache_dir, (int)getpid(),
                 f->index_name);
        if (pcache_index_write(index_path, tmp, &owner, entries,
                               (size_t)(next - entries), covered) &&
            log_enabled(LOG_PCACHE))
            arx_log("pcache: %s: index of %zu records written\n", f->name,
                    (size_t)(next - entries));
    }
    free(entries);
    munmap((void *)map, len);
}

static bool file_write_pending(PCacheFile *f)
{
    char path[PATH_MAX];
    PCacheHead h;
    int fd;
    bool ok = false;

    file_path(f->name, path, sizeof(path));
    fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0 && errno == ENOENT) {
        publish_empty(f, path);
        fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC | O_NOFOLLOW);
    }
    if (fd < 0)
        return false;
    if (pread(fd, &h, sizeof(h), 0) != (ssize_t)sizeof(h) ||
        !head_ok(&h, f->ident)) {
        int rfd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
        /* Reopened for reading: an O_WRONLY descriptor cannot pread. */
        if (rfd >= 0 && (pread(rfd, &h, sizeof(h), 0) != (ssize_t)sizeof(h) ||
                         !head_ok(&h, f->ident))) {
            close(fd);
            close(rfd);
            replace_file(f, path);
            return true;
        }
        if (rfd >= 0)
            close(rfd);
        else {
            close(fd);
            return false;
        }
    }
    struct stat st;
    if (fstat(fd, &st) == 0)
        drop_known_pending(f, st.st_size);
    ok = !f->pending_len || write_all(fd, f->pending, f->pending_len);
    close(fd);
    if (ok && index_stale(f, count_records(f->pending, f->pending_len)))
        write_index(f, path);
    f->stale_index = false;
    if (log_enabled(LOG_PCACHE) && ok)
        arx_log("pcache: %s: %zu records (%zu bytes) appended\n", f->name,
                count_records(f->pending, f->pending_len), f->pending_len);
    return ok;
}

typedef struct CacheEntry {
    char name[64];
    off_t size;
    time_t used;
} CacheEntry;

static int compare_used(const void *a, const void *b)
{
    const CacheEntry *x = a, *y = b;

    return x->used < y->used ? -1 : x->used > y->used;
}

static uint64_t cache_bound(void)
{
    const char *s = getenv("ARX_CACHE_MAX");
    char *end;
    unsigned long long v;

    if (!s || !*s)
        return PCACHE_DEFAULT_BOUND;
    v = strtoull(s, &end, 0);
    return *end || v == 0 ? PCACHE_DEFAULT_BOUND : v;
}

static bool is_cache_name(const char *name, const char *suffix)
{
    size_t n = strlen(name), s = strlen(suffix);

    return n > s && n < 64 && name[0] != '.' &&
           strcmp(name + n - s, suffix) == 0;
}

/* The directory's files named with suffix (cache files, or their
 * indexes); the caller frees *out. */
static size_t list_files(const char *suffix, CacheEntry **out, uint64_t *total)
{
    DIR *d = opendir(cache_dir);
    struct dirent *de;
    CacheEntry *v = NULL;
    size_t n = 0, cap = 0;
    struct stat st;

    *total = 0;
    *out = NULL;
    if (!d)
        return 0;
    while ((de = readdir(d))) {
        if (!is_cache_name(de->d_name, suffix) ||
            fstatat(dirfd(d), de->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0)
            continue;
        if (n == cap) {
            CacheEntry *p;
            cap = cap ? cap * 2 : 64;
            p = realloc(v, cap * sizeof(*v));
            if (!p)
                break;
            v = p;
        }
        snprintf(v[n].name, sizeof(v[n].name), "%s", de->d_name);
        v[n].size = st.st_size;
        v[n].used = st.st_mtime > st.st_atime ? st.st_mtime : st.st_atime;
        *total += (uint64_t)st.st_size;
        n++;
    }
    closedir(d);
    *out = v;
    return n;
}

/* The bytes of the directory's indexes. */
static uint64_t index_bytes(void)
{
    uint64_t total;
    CacheEntry *v;

    list_files(PCACHE_INDEX_SUFFIX, &v, &total);
    free(v);
    return total;
}

/* Removes the cache file name and its index; whether the file went. */
static bool remove_file(const char *name)
{
    char path[PATH_MAX];
    size_t n = strlen(name) - strlen(PCACHE_SUFFIX);
    bool removed;

    snprintf(path, sizeof(path), "%s/%s", cache_dir, name);
    removed = unlink(path) == 0;
    snprintf(path, sizeof(path), "%s/%.*s" PCACHE_INDEX_SUFFIX, cache_dir,
             (int)n, name);
    unlink(path);
    return removed;
}

/* Least recently used files (and their indexes) go until the directory
 * is under 90% of its bound. */
static void evict(void)
{
    uint64_t bound = cache_bound(), total;
    CacheEntry *v;
    size_t n = list_files(PCACHE_SUFFIX, &v, &total);

    total += index_bytes();
    if (total > bound) {
        qsort(v, n, sizeof(*v), compare_used);
        for (size_t i = 0; i < n && total > bound / 10 * 9; i++)
            if (remove_file(v[i].name))
                total -= (uint64_t)v[i].size;
    }
    free(v);
}

void pcache_file_flush_all(void)
{
    bool wrote = false;

    char path[PATH_MAX];

    for (PCacheFile *f = files; f; f = f->next) {
        if (f->pending_len) {
            wrote |= file_write_pending(f);
            f->pending_len = 0;
        } else if (f->stale_index) {
            /* Missing, foreign or behind, with nothing to append. */
            file_path(f->name, path, sizeof(path));
            write_index(f, path);
            f->stale_index = false;
        }
    }
    if (wrote)
        evict();
}

void pcache_file_forget_pending(void)
{
    for (PCacheFile *f = files; f; f = f->next)
        f->pending_len = 0;
}

/* ---- arx --cache-stats, --cache-clear ---- */

/* The whole records in the cache file name (repeats included). */
static size_t records_in(const char *name)
{
    char path[PATH_MAX];
    size_t n = 0, len;
    const uint8_t *map;

    file_path(name, path, sizeof(path));
    map = map_cache_file(path, &len, false);
    if (!map)
        return 0;
    scan_records(map, len, sizeof(PCacheHead), count_visit, &n);
    munmap((void *)map, len);
    return n;
}

int pcache_file_print_stats(FILE *out)
{
    uint64_t total;
    CacheEntry *v;
    size_t n = list_files(PCACHE_SUFFIX, &v, &total), records = 0;

    for (size_t i = 0; i < n; i++)
        records += records_in(v[i].name);
    total += index_bytes();
    fprintf(out, "cache directory: %s\n", cache_dir);
    fprintf(out, "files: %zu\nrecords: %zu\nbytes: %llu\nbound: %llu\n", n,
            records, (unsigned long long)total,
            (unsigned long long)cache_bound());
    free(v);
    return 0;
}

/* Cache files and their indexes, and indexes left without a file. */
int pcache_file_clear(FILE *out)
{
    uint64_t total;
    CacheEntry *v;
    size_t n = list_files(PCACHE_SUFFIX, &v, &total), removed = 0;
    char path[PATH_MAX];

    for (size_t i = 0; i < n; i++)
        removed += remove_file(v[i].name);
    free(v);
    n = list_files(PCACHE_INDEX_SUFFIX, &v, &total);
    for (size_t i = 0; i < n; i++) {
        snprintf(path, sizeof(path), "%s/%s", cache_dir, v[i].name);
        unlink(path);
    }
    free(v);
    fprintf(out, "removed %zu files from %s\n", removed, cache_dir);
    return 0;
}
