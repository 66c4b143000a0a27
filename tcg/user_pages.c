/*
 * User mode's watch on code pages (tcg/user_pages.h): per guest page code
 * was translated from, its guest protection and whether arx took its
 * write right away. Blocks themselves are tb.c's: this file only asks it
 * to drop them. Nothing here knows the guest ISA.
 */
#include "tcg/user_pages.h"

#include <stdlib.h>
#include <sys/mman.h>

#include "tcg/page_map.h"
#include "tcg/tb.h"
#include "util/log.h"

#define USER_PAGE_SIZE PAGE_MAP_PAGE_SIZE
#define USER_PROT_UNKNOWN (-2)

/*
 * A guest page blocks were translated from since it was last mapped.
 * Only a page with a record is ever write-protected by arx, so a write
 * fault elsewhere is the guest's.
 */
typedef struct UserPage UserPage;
struct UserPage {
    PageMapEntry entry;   /* first: a page_map record */
    int guest_prot;       /* USER_PROT_*, or USER_PROT_UNKNOWN */
    bool write_protected; /* host page lacks the guest's write right */
    bool maintained;      /* the guest issues IC IVAU for it */
};

static PageMap user_pages = {.entry_size = sizeof(UserPage)};
static UserPagesProtFn *guest_prot_fn;
static uintptr_t pages_guest_base;

/* The last fault let through as already handled, per thread: see
 * user_pages_write_fault. */
static __thread uint64_t last_spurious_fault = 1;

void user_pages_lock(void)
{
    tb_lock_code();
}

void user_pages_unlock(void)
{
    tb_unlock_code();
}

static UserPage *user_page_find(uint64_t addr)
{
    return (UserPage *)page_map_find(&user_pages, addr);
}

static UserPage *user_page_get(uint64_t addr)
{
    bool created;
    UserPage *p = (UserPage *)page_map_get(&user_pages, addr, &created);

    if (created)
        p->guest_prot = USER_PROT_UNKNOWN;
    return p;
}

static int user_page_mprotect(const UserPage *p, int prot)
{
    return mprotect((void *)(pages_guest_base + (uintptr_t)p->entry.addr),
                    USER_PAGE_SIZE,
                    prot & (USER_PROT_READ | USER_PROT_WRITE | USER_PROT_EXEC));
}

/* The guest's own protection is back on p. */
static void user_page_unprotect(UserPage *p)
{
    if (!p->write_protected)
        return;
    user_page_mprotect(p, p->guest_prot);
    p->write_protected = false;
}

/*
 * TBPageWatch.translating: unless the guest maintains it, a writable page
 * loses its host write right so a write shows as a fault. A page without
 * execute permission only gets a block that raises the fetch fault, which
 * reads nothing from it.
 */
static void user_pages_translating(uint64_t page)
{
    UserPage *p = user_page_get(page);

    if (p->write_protected || p->maintained)
        return;
    if (p->guest_prot == USER_PROT_UNKNOWN)
        p->guest_prot = guest_prot_fn(p->entry.addr);
    if (p->guest_prot < 0 || !(p->guest_prot & USER_PROT_WRITE) ||
        !(p->guest_prot & USER_PROT_EXEC))
        return;
    if (user_page_mprotect(p, p->guest_prot & ~USER_PROT_WRITE) == 0)
        p->write_protected = true;
}

int user_pages_guest_prot(uint64_t addr)
{
    UserPage *p = user_page_get(addr);

    if (p->guest_prot == USER_PROT_UNKNOWN)
        p->guest_prot = guest_prot_fn ? guest_prot_fn(p->entry.addr)
                                      : USER_PROT_READ | USER_PROT_EXEC;
    return p->guest_prot;
}

/* TBPageWatch.maintained: the guest's IC IVAU is trusted for page. */
static void user_pages_maintained(uint64_t page)
{
    UserPage *p = user_page_get(page);

    p->maintained = true;
    user_page_unprotect(p);
}

static const TBPageWatch user_pages_watch = {
    .translating = user_pages_translating,
    .maintained = user_pages_maintained,
};

void user_pages_init(UserPagesProtFn *guest_prot, uintptr_t guest_base)
{
    guest_prot_fn = guest_prot;
    pages_guest_base = guest_base;
    tb_set_page_watch(&user_pages_watch);
}

static void user_page_forget(PageMap *map, PageMapEntry **link, void *arg)
{
    (void)arg;
    /* mremap would carry the reduced protection to the new address. */
    user_page_unprotect((UserPage *)*link);
    page_map_remove(map, link);
}

void user_pages_unmap(uint64_t start, uint64_t len)
{
    tb_lock_code();
    tb_drop_range_blocks(start, len);
    page_map_for_range(&user_pages, start, len, user_page_forget, NULL);
    tb_unlock_code();
}

/*
 * The host page has the guest's new protection already. Its blocks go: a
 * page that became writable may have been written before we got here
 * (the next translation protects it again), one that lost execute
 * permission must fault at the next fetch, one that gained it may hold
 * a block that raises the fetch fault.
 */
static void user_page_reprotect(PageMap *map, PageMapEntry **link, void *arg)
{
    UserPage *p = (UserPage *)*link;

    (void)map;
    p->guest_prot = *(const int *)arg;
    p->write_protected = false;
}

void user_pages_protect(uint64_t start, uint64_t len, int prot)
{
    tb_lock_code();
    tb_drop_range_blocks(start, len);
    page_map_for_range(&user_pages, start, len, user_page_reprotect, &prot);
    tb_unlock_code();
}

static void user_page_unprotect_one(PageMap *map, PageMapEntry **link,
                                    void *any)
{
    UserPage *p = (UserPage *)*link;

    (void)map;
    if (!p->write_protected)
        return;
    tb_drop_page_blocks(p->entry.addr);
    user_page_unprotect(p);
    *(bool *)any = true;
}

bool user_pages_unprotect_all(void)
{
    bool any = false;

    tb_lock_code();
    page_map_for_each(&user_pages, user_page_unprotect_one, &any);
    tb_unlock_code();
    return any;
}

bool user_pages_write_fault(uint64_t addr)
{
    bool ours = false;
    UserPage *p;

    tb_lock_code();
    p = user_page_find(addr);
    if (p && p->write_protected) {
        tb_drop_page_blocks(p->entry.addr);
        user_page_unprotect(p);
        last_spurious_fault = 1;
        if (log_enabled(LOG_STATS))
            tb_stats.write_faults++;
        ours = true;
    } else if (p && p->guest_prot > 0 && (p->guest_prot & USER_PROT_WRITE) &&
               last_spurious_fault != addr) {
        /* Another thread unprotected the page after this write faulted:
         * re-run it once; a second fault at the same place is real. */
        last_spurious_fault = addr;
        ours = true;
    }
    tb_unlock_code();
    return ours;
}
