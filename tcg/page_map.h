/*
 * A table of records keyed by guest page, for the code cache's per-page
 * block lists (tb.c) and user mode's code-page watch (user_pages.c). Each
 * record type starts with a PageMapEntry. Not thread-safe: callers hold
 * the translation lock.
 */
#ifndef ARX_TCG_PAGE_MAP_H
#define ARX_TCG_PAGE_MAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PAGE_MAP_PAGE_SIZE 4096u
#define PAGE_MAP_HASH_BITS 12
#define PAGE_MAP_HASH_SIZE (1u << PAGE_MAP_HASH_BITS)

typedef struct PageMapEntry {
    uint64_t addr; /* page aligned */
    struct PageMapEntry *next;
} PageMapEntry;

typedef struct PageMap {
    PageMapEntry *bucket[PAGE_MAP_HASH_SIZE];
    size_t count;
    size_t entry_size; /* of the record type, which starts with an entry */
} PageMap;

/* The record of addr's page, or NULL. Never allocates. */
PageMapEntry *page_map_find(const PageMap *map, uint64_t addr);
/* The record of addr's page, made zeroed (but for addr) when missing;
 * *created (when not NULL) says which. */
PageMapEntry *page_map_get(PageMap *map, uint64_t addr, bool *created);
/* Unlinks the record at *link and frees it. */
void page_map_remove(PageMap *map, PageMapEntry **link);

/*
 * Calls fn(map, link, arg) for each record in [start, start + len), by
 * page when the range is small, else over the whole table; fn may remove
 * the record (page_map_remove).
 */
typedef void PageMapFn(PageMap *map, PageMapEntry **link, void *arg);
void page_map_for_range(PageMap *map, uint64_t start, uint64_t len,
                        PageMapFn *fn, void *arg);
/* Calls fn on every record. */
void page_map_for_each(PageMap *map, PageMapFn *fn, void *arg);

#endif
