/*
 * Sorted indexes of persistent cache files (pcache_index.h). Written
 * whole and renamed into place, so readers see an old index or a new one;
 * read through a read-only mapping and trusted for nothing but hints.
 */
#include "linux-user/pcache_index.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/fd_all.h"
#include "util/hash64.h"

#define PCACHE_INDEX_MAGIC "ARXPCIDX"
#define PCACHE_INDEX_VERSION 1u

typedef struct PCacheIndexHead {
    char magic[8];
    uint32_t version;
    uint32_t head_size;
    uint64_t build, options, ident;
    uint64_t covered;
    uint64_t count;
    uint64_t check; /* of the fields above */
} PCacheIndexHead;
_Static_assert(sizeof(PCacheIndexHead) == 64, "index header layout");

static void make_head(PCacheIndexHead *h, const PCacheIndexOwner *owner,
                      uint64_t covered, uint64_t count)
{
    memset(h, 0, sizeof(*h));
    memcpy(h->magic, PCACHE_INDEX_MAGIC, 8);
    h->version = PCACHE_INDEX_VERSION;
    h->head_size = sizeof(*h);
    h->build = owner->build;
    h->options = owner->options;
    h->ident = owner->ident;
    h->covered = covered;
    h->count = count;
    h->check = hash64(0, h, offsetof(PCacheIndexHead, check));
}

/* Whether the mapped index of len bytes is whole and owner's. */
static bool index_fits(const void *map, size_t len,
                       const PCacheIndexOwner *owner, size_t data_len)
{
    const PCacheIndexHead *h = map;
    PCacheIndexHead want;

    if (len < sizeof(*h) ||
        h->count > (len - sizeof(*h)) / sizeof(PCacheIndexEntry))
        return false;
    if (h->covered > data_len || h->covered % 8)
        return false;
    make_head(&want, owner, h->covered, h->count);
    return memcmp(h, &want, sizeof(want)) == 0;
}

bool pcache_index_open(PCacheIndex *ix, const char *path,
                       const PCacheIndexOwner *owner, size_t data_len)
{
    struct stat st;
    void *map;
    int fd;

    memset(ix, 0, sizeof(*ix));
    fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0)
        return false;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != geteuid() ||
        st.st_size < (off_t)sizeof(PCacheIndexHead)) {
        close(fd);
        return false;
    }
    map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (map == MAP_FAILED)
        return false;
    if (!index_fits(map, (size_t)st.st_size, owner, data_len)) {
        munmap(map, (size_t)st.st_size);
        return false;
    }
    ix->map = map;
    ix->map_len = (size_t)st.st_size;
    ix->entries = (const PCacheIndexEntry *)((const PCacheIndexHead *)map + 1);
    ix->count = ((const PCacheIndexHead *)map)->count;
    ix->covered = ((const PCacheIndexHead *)map)->covered;
    return true;
}

void pcache_index_close(PCacheIndex *ix)
{
    if (ix->map)
        munmap(ix->map, ix->map_len);
    memset(ix, 0, sizeof(*ix));
}

/* Orders by key; for one key, the later record first. */
static int compare_entries(const void *a, const void *b)
{
    const PCacheIndexEntry *x = a, *y = b;

    if (x->pc != y->pc)
        return x->pc < y->pc ? -1 : 1;
    if (x->flags != y->flags)
        return x->flags < y->flags ? -1 : 1;
    if (x->file_offset != y->file_offset)
        return x->file_offset < y->file_offset ? -1 : 1;
    return x->at > y->at ? -1 : x->at < y->at;
}

uint32_t pcache_index_find(const PCacheIndex *ix, uint64_t pc, uint32_t flags,
                           uint64_t file_offset)
{
    PCacheIndexEntry key = {pc, file_offset, flags, UINT32_MAX};
    size_t lo = 0, hi = ix->count;

    /* The first entry not before key; a damaged index only misses. */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (compare_entries(&ix->entries[mid], &key) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == ix->count)
        return 0;
    const PCacheIndexEntry *e = &ix->entries[lo];
    return e->pc == pc && e->flags == flags && e->file_offset == file_offset
               ? e->at
               : 0;
}

/* Keeps the first entry of each key; the count kept. */
static size_t keep_latest(PCacheIndexEntry *e, size_t n)
{
    size_t out = 0;

    for (size_t i = 0; i < n; i++) {
        if (out && e[out - 1].pc == e[i].pc && e[out - 1].flags == e[i].flags &&
            e[out - 1].file_offset == e[i].file_offset)
            continue;
        e[out++] = e[i];
    }
    return out;
}

bool pcache_index_write(const char *path, const char *tmp,
                        const PCacheIndexOwner *owner,
                        PCacheIndexEntry *entries, size_t n, size_t covered)
{
    PCacheIndexHead h;
    bool ok;
    int fd;

    qsort(entries, n, sizeof(*entries), compare_entries);
    n = keep_latest(entries, n);
    fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0)
        return false;
    make_head(&h, owner, covered, n);
    ok = write_all(fd, &h, sizeof(h)) &&
         write_all(fd, entries, n * sizeof(*entries));
    close(fd);
    if (ok && rename(tmp, path) == 0)
        return true;
    unlink(tmp);
    return false;
}
