/*
 * The table of per-page records (tcg/page_map.h): hashed chains of
 * records, found by page address. Knows nothing of what the records hold.
 */
#include "tcg/page_map.h"

#include <stdlib.h>

#include "util/log.h"

static uint64_t page_of(uint64_t addr)
{
    return addr & ~(uint64_t)(PAGE_MAP_PAGE_SIZE - 1);
}

static unsigned page_map_hash(uint64_t addr)
{
    return (unsigned)(((addr / PAGE_MAP_PAGE_SIZE) * 0x9e3779b97f4a7c15ull) >>
                      (64 - PAGE_MAP_HASH_BITS));
}

/* The link that points at page's record, or at the chain's NULL end. */
static PageMapEntry **page_map_link(PageMap *map, uint64_t page)
{
    PageMapEntry **link = &map->bucket[page_map_hash(page)];

    while (*link && (*link)->addr != page)
        link = &(*link)->next;
    return link;
}

PageMapEntry *page_map_find(const PageMap *map, uint64_t addr)
{
    return *page_map_link((PageMap *)map, page_of(addr));
}

PageMapEntry *page_map_get(PageMap *map, uint64_t addr, bool *created)
{
    uint64_t page = page_of(addr);
    PageMapEntry **link = page_map_link(map, page);
    PageMapEntry *e = *link;

    if (created)
        *created = !e;
    if (e)
        return e;
    e = calloc(1, map->entry_size);
    if (!e)
        arx_fatal("out of memory for a code page record");
    e->addr = page;
    *link = e;
    map->count++;
    return e;
}

void page_map_remove(PageMap *map, PageMapEntry **link)
{
    PageMapEntry *e = *link;

    *link = e->next;
    map->count--;
    free(e);
}

/* Calls fn on *link, then steps past the record unless fn removed it. */
static PageMapEntry **page_map_visit(PageMap *map, PageMapEntry **link,
                                     PageMapFn *fn, void *arg)
{
    PageMapEntry *e = *link;

    fn(map, link, arg);
    return *link == e ? &e->next : link;
}

void page_map_for_range(PageMap *map, uint64_t start, uint64_t len,
                        PageMapFn *fn, void *arg)
{
    uint64_t first = page_of(start), end = start + len;

    if (len == 0 || end < start || map->count == 0)
        return;
    if (len / PAGE_MAP_PAGE_SIZE <= map->count) {
        for (uint64_t a = first; a < end; a += PAGE_MAP_PAGE_SIZE) {
            PageMapEntry **link = page_map_link(map, a);
            if (*link)
                fn(map, link, arg);
        }
        return;
    }
    for (unsigned h = 0; h < PAGE_MAP_HASH_SIZE; h++) {
        PageMapEntry **link = &map->bucket[h];
        while (*link) {
            if ((*link)->addr >= first && (*link)->addr < end)
                link = page_map_visit(map, link, fn, arg);
            else
                link = &(*link)->next;
        }
    }
}

void page_map_for_each(PageMap *map, PageMapFn *fn, void *arg)
{
    for (unsigned h = 0; h < PAGE_MAP_HASH_SIZE; h++) {
        PageMapEntry **link = &map->bucket[h];
        while (*link)
            link = page_map_visit(map, link, fn, arg);
    }
}
