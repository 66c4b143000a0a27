/*
 * User mode's watch on code pages (tcg/user_pages.h): per guest page code
 * was translated from, its guest protection and whether arx took its
 * write right away. Blocks themselves are tb.c's: this file only asks it
 * to drop them. Nothing here knows the guest ISA.
 */
#include "tcg/user_pages.h"

#include <stdlib.h>
#include <sys/mman.h>

#include "tcg/tb.h"
#include "util/log.h"

#define USER_PAGE_SIZE 4096u
#define USER_PAGE_HASH_BITS 12
#define USER_PAGE_HASH_SIZE (1u << USER_PAGE_HASH_BITS)
#define USER_PROT_UNKNOWN (-2)

/*
 * A guest page blocks were translated from since it was last mapped.
 * Only a page with a record is ever write-protected by arx, so a write
 * fault elsewhere is the guest's.
 */
typedef struct UserPage UserPage;
struct UserPage {
    uint64_t addr;
    UserPage *next;       /* hash chain */
    int guest_prot;       /* USER_PROT_*, or USER_PROT_UNKNOWN */
    bool write_protected; /* host page lacks the guest's write right */
    bool maintained;      /* the guest issues IC IVAU for it */
};

static UserPage *user_pages[USER_PAGE_HASH_SIZE];
static size_t nb_pages;
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

static unsigned user_page_hash(uint64_t addr)
{
    return (unsigned)(((addr / USER_PAGE_SIZE) * 0x9e3779b97f4a7c15ull) >>
                      (64 - USER_PAGE_HASH_BITS));
}

static UserPage *user_page_find(uint64_t addr)
{
    addr &= ~(uint64_t)(USER_PAGE_SIZE - 1);
    for (UserPage *p = user_pages[user_page_hash(addr)]; p; p = p->next)
        if (p->addr == addr)
            return p;
    return NULL;
}

static UserPage *user_page_get(uint64_t addr)
{
    UserPage *p = user_page_find(addr);
    unsigned h;

    if (p)
        return p;
    p = calloc(1, sizeof(*p));
    if (!p)
        arx_fatal("out of memory for a code page record");
    p->addr = addr & ~(uint64_t)(USER_PAGE_SIZE - 1);
    p->guest_prot = USER_PROT_UNKNOWN;
    h = user_page_hash(p->addr);
    p->next = user_pages[h];
    user_pages[h] = p;
    nb_pages++;
    return p;
}

static int user_page_mprotect(const UserPage *p, int prot)
{
    return mprotect((void *)(pages_guest_base + (uintptr_t)p->addr),
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
 * loses its host write right so a write shows as a fault.
 */
static void user_pages_translating(uint64_t page)
{
    UserPage *p = user_page_get(page);

    if (p->write_protected || p->maintained)
        return;
    if (p->guest_prot == USER_PROT_UNKNOWN)
        p->guest_prot = guest_prot_fn(p->addr);
    if (p->guest_prot < 0 || !(p->guest_prot & USER_PROT_WRITE))
        return;
    if (user_page_mprotect(p, p->guest_prot & ~USER_PROT_WRITE) == 0)
        p->write_protected = true;
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

/* Calls fn on each record in [start, start + len), by page when the range
 * is small, else over the whole table. fn may free the record. */
static void user_pages_in_range(uint64_t start, uint64_t len,
                                void (*fn)(UserPage **link, int prot), int prot)
{
    uint64_t first = start & ~(uint64_t)(USER_PAGE_SIZE - 1);
    uint64_t end = start + len;

    if (len == 0 || end < start || nb_pages == 0)
        return;
    if (len / USER_PAGE_SIZE <= nb_pages) {
        for (uint64_t a = first; a < end; a += USER_PAGE_SIZE) {
            UserPage **link = &user_pages[user_page_hash(a)];
            while (*link && (*link)->addr != a)
                link = &(*link)->next;
            if (*link)
                fn(link, prot);
        }
        return;
    }
    for (unsigned h = 0; h < USER_PAGE_HASH_SIZE; h++) {
        UserPage **link = &user_pages[h];
        while (*link) {
            UserPage *p = *link;
            if (p->addr >= first && p->addr < end)
                fn(link, prot);
            if (*link == p)
                link = &p->next;
        }
    }
}

static void user_page_forget(UserPage **link, int prot)
{
    UserPage *p = *link;

    (void)prot;
    /* mremap would carry the reduced protection to the new address. */
    user_page_unprotect(p);
    *link = p->next;
    nb_pages--;
    free(p);
}

void user_pages_unmap(uint64_t start, uint64_t len)
{
    tb_lock_code();
    tb_drop_range_blocks(start, len);
    user_pages_in_range(start, len, user_page_forget, 0);
    tb_unlock_code();
}

/*
 * The host page has the guest's new protection already. A page that
 * became writable may have been written before we got here: its blocks
 * go (the next translation protects it again).
 */
static void user_page_reprotect(UserPage **link, int prot)
{
    UserPage *p = *link;

    p->guest_prot = prot;
    p->write_protected = false;
}

void user_pages_protect(uint64_t start, uint64_t len, int prot)
{
    tb_lock_code();
    if (prot & USER_PROT_WRITE)
        tb_drop_range_blocks(start, len);
    user_pages_in_range(start, len, user_page_reprotect, prot);
    tb_unlock_code();
}

bool user_pages_unprotect_all(void)
{
    bool any = false;

    tb_lock_code();
    for (unsigned h = 0; h < USER_PAGE_HASH_SIZE; h++) {
        for (UserPage *p = user_pages[h]; p; p = p->next) {
            if (!p->write_protected)
                continue;
            tb_drop_page_blocks(p->addr);
            user_page_unprotect(p);
            any = true;
        }
    }
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
        tb_drop_page_blocks(p->addr);
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
