/*
 * The sorted index beside a persistent cache file: where each record's
 * key lies in the file, for the records of its first `covered` bytes, so a
 * process finds its blocks by binary search instead of reading every
 * record header of a file that all programs using a library add to.
 * An index is a hint: every entry is checked against the record it names.
 */
#ifndef ARX_LINUX_USER_PCACHE_INDEX_H
#define ARX_LINUX_USER_PCACHE_INDEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct PCacheIndexEntry {
    uint64_t pc;
    uint64_t file_offset;
    uint32_t flags;
    uint32_t at; /* the record's offset in the cache file; 0: none */
} PCacheIndexEntry;

/* What an index must name to belong to a cache file (its header's). */
typedef struct PCacheIndexOwner {
    uint64_t build, options, ident;
} PCacheIndexOwner;

typedef struct PCacheIndex {
    const PCacheIndexEntry *entries; /* sorted by key, one per key */
    size_t count;
    size_t covered; /* bytes of the cache file the entries cover */
    void *map;
    size_t map_len;
} PCacheIndex;

/*
 * Maps the index at path if it is whole, belongs to owner and covers no
 * more than data_len bytes; else leaves ix empty (covered 0). Returns
 * whether it did.
 */
bool pcache_index_open(PCacheIndex *ix, const char *path,
                       const PCacheIndexOwner *owner, size_t data_len);
void pcache_index_close(PCacheIndex *ix);

/* The offset of the record for the key, or 0. */
uint32_t pcache_index_find(const PCacheIndex *ix, uint64_t pc, uint32_t flags,
                           uint64_t file_offset);

/*
 * Sorts entries (n of them, reordered), keeps the latest record of each
 * key and publishes them as the index at path covering covered bytes:
 * written under tmp, then renamed over path.
 */
bool pcache_index_write(const char *path, const char *tmp,
                        const PCacheIndexOwner *owner,
                        PCacheIndexEntry *entries, size_t n, size_t covered);

#endif
