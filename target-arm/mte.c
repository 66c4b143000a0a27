/*
 * FEAT_MTE in user mode (mte.h): the allocation tags of PROT_MTE pages in
 * a three-level table by page number, the range check, and the prctl that
 * sets a thread's tag check mode and IRG's tag mask. No IR.
 */
#include "target-arm/mte.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "target-arm/features.h"
#include "tcg/tb.h"

bool arm_mte_active;

void arm_mte_activate(void)
{
    if (__atomic_load_n(&arm_mte_active, __ATOMIC_ACQUIRE))
        return;
    __atomic_store_n(&arm_mte_active, true, __ATOMIC_RELEASE);
    /* Blocks made before neither untag nor check addresses. */
    tb_request_flush();
}

/* ---- the tag table: 48-bit addresses, 4 KiB pages, 12 bits a level ---- */

enum {
    PAGE_BITS = 12,
    LEVEL_BITS = 12,
    LEVEL_SIZE = 1 << LEVEL_BITS,
    GRANULES = (1 << PAGE_BITS) / MTE_GRANULE,
};

/* One PROT_MTE page: a tag per granule (a byte each, for simplicity). */
typedef struct TagPage {
    uint8_t tag[GRANULES];
    struct TagPage *next_free;
} TagPage;

typedef struct TagLeafTable {
    TagPage *page[LEVEL_SIZE];
} TagLeafTable;

typedef struct TagMidTable {
    TagLeafTable *leaf[LEVEL_SIZE];
} TagMidTable;

static TagMidTable *tag_root[LEVEL_SIZE];
/* Changes come from the memory syscalls; translated code only reads.
 * A page that goes is kept for reuse (a racing reader sees stale tags,
 * never freed memory). */
static pthread_mutex_t tag_lock = PTHREAD_MUTEX_INITIALIZER;
static TagPage *tag_free_pages;

static uint64_t page_number(uint64_t addr)
{
    return (addr & ((UINT64_C(1) << 48) - 1)) >> PAGE_BITS;
}

static TagPage *tag_page(uint64_t addr)
{
    uint64_t pn = page_number(addr);
    TagMidTable *mid =
        __atomic_load_n(&tag_root[pn >> (2 * LEVEL_BITS)], __ATOMIC_ACQUIRE);
    TagLeafTable *leaf;

    if (!mid)
        return NULL;
    leaf = __atomic_load_n(&mid->leaf[(pn >> LEVEL_BITS) & (LEVEL_SIZE - 1)],
                           __ATOMIC_ACQUIRE);
    if (!leaf)
        return NULL;
    return __atomic_load_n(&leaf->page[pn & (LEVEL_SIZE - 1)],
                           __ATOMIC_ACQUIRE);
}

/* The slot of addr's page, making the tables on the way (tag_lock held). */
static TagPage **tag_slot(uint64_t addr)
{
    uint64_t pn = page_number(addr);
    TagMidTable **mid = &tag_root[pn >> (2 * LEVEL_BITS)];
    TagLeafTable **leaf;

    if (!*mid) {
        TagMidTable *m = calloc(1, sizeof(*m));
        if (!m)
            abort();
        __atomic_store_n(mid, m, __ATOMIC_RELEASE);
    }
    leaf = &(*mid)->leaf[(pn >> LEVEL_BITS) & (LEVEL_SIZE - 1)];
    if (!*leaf) {
        TagLeafTable *l = calloc(1, sizeof(*l));
        if (!l)
            abort();
        __atomic_store_n(leaf, l, __ATOMIC_RELEASE);
    }
    return &(*leaf)->page[pn & (LEVEL_SIZE - 1)];
}

static TagPage *tag_page_new(void)
{
    TagPage *p = tag_free_pages;

    if (p)
        tag_free_pages = p->next_free;
    else if (!(p = malloc(sizeof(*p))))
        abort();
    memset(p, 0, sizeof(*p));
    return p;
}

/* Page-aligned [*first, *end) covering [start, start + len). */
static void page_span(uint64_t start, uint64_t len, uint64_t *first,
                      uint64_t *end)
{
    uint64_t page = UINT64_C(1) << PAGE_BITS;

    *first = start & ~(page - 1);
    *end = (start + len + page - 1) & ~(page - 1);
}

void mte_tags_map(uint64_t start, uint64_t len)
{
    uint64_t a, end;

    page_span(start, len, &a, &end);
    pthread_mutex_lock(&tag_lock);
    for (; a < end; a += UINT64_C(1) << PAGE_BITS) {
        TagPage **slot = tag_slot(a);
        if (!*slot)
            __atomic_store_n(slot, tag_page_new(), __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&tag_lock);
}

/*
 * The next page address after a that may have tags (a itself when its
 * tables exist): walks skip the holes of a huge range (a PROT_NONE
 * reservation of gigabytes) a table at a time.
 */
static uint64_t next_maybe_tagged(uint64_t a)
{
    uint64_t pn = page_number(a);
    TagMidTable *mid = tag_root[pn >> (2 * LEVEL_BITS)];
    uint64_t span;

    if (!mid)
        span = UINT64_C(1) << (2 * LEVEL_BITS + PAGE_BITS);
    else if (!mid->leaf[(pn >> LEVEL_BITS) & (LEVEL_SIZE - 1)])
        span = UINT64_C(1) << (LEVEL_BITS + PAGE_BITS);
    else
        return a;
    return (a & ~(span - 1)) + span;
}

/* Calls fn on each tagged page of [start, start + len), tag_lock held. */
static void for_each_tagged(uint64_t start, uint64_t len,
                            void (*fn)(uint64_t addr, TagPage *p))
{
    uint64_t a, end;

    if (!__atomic_load_n(&arm_mte_active, __ATOMIC_ACQUIRE))
        return; /* no page was ever tagged: nothing to walk */
    page_span(start, len, &a, &end);
    pthread_mutex_lock(&tag_lock);
    while (a < end) {
        uint64_t next = next_maybe_tagged(a);
        TagPage *p;

        if (next != a) {
            a = next;
            continue;
        }
        p = tag_page(a);
        if (p)
            fn(a, p);
        a += UINT64_C(1) << PAGE_BITS;
    }
    pthread_mutex_unlock(&tag_lock);
}

static void drop_page(uint64_t addr, TagPage *p)
{
    __atomic_store_n(tag_slot(addr), NULL, __ATOMIC_RELEASE);
    p->next_free = tag_free_pages;
    tag_free_pages = p;
}

static void zero_page(uint64_t addr, TagPage *p)
{
    (void)addr;
    memset(p->tag, 0, sizeof(p->tag));
}

void mte_tags_unmap(uint64_t start, uint64_t len)
{
    for_each_tagged(start, len, drop_page);
}

void mte_tags_zero(uint64_t start, uint64_t len)
{
    for_each_tagged(start, len, zero_page);
}

void mte_tags_move(uint64_t old_addr, uint64_t old_len, uint64_t new_addr,
                   uint64_t new_len, bool keep_old)
{
    uint64_t page = UINT64_C(1) << PAGE_BITS;
    uint64_t n = ((old_len < new_len ? old_len : new_len) + page - 1) / page;
    bool was_tagged = mte_page_tagged(old_addr);
    uint8_t(*saved)[GRANULES] = NULL;

    if (was_tagged) {
        saved = calloc(n ? n : 1, sizeof(*saved));
        if (!saved)
            abort();
        for (uint64_t i = 0; i < n; i++) {
            TagPage *p = tag_page(old_addr + i * page);
            if (p)
                memcpy(saved[i], p->tag, sizeof(saved[i]));
        }
    }
    if (!keep_old)
        mte_tags_unmap(old_addr, old_len);
    mte_tags_unmap(new_addr, new_len);
    if (!was_tagged)
        return;
    /* The region stays PROT_MTE, growth included (tag 0 there). */
    mte_tags_map(new_addr, new_len);
    for (uint64_t i = 0; i < n; i++)
        memcpy(tag_page(new_addr + i * page)->tag, saved[i], sizeof(saved[i]));
    free(saved);
}

bool mte_page_tagged(uint64_t addr)
{
    return tag_page(addr) != NULL;
}

static unsigned granule_index(uint64_t addr)
{
    return (unsigned)(addr >> 4) & (GRANULES - 1);
}

unsigned mte_tag_get(uint64_t addr)
{
    TagPage *p = tag_page(addr);

    return p ? __atomic_load_n(&p->tag[granule_index(addr)], __ATOMIC_RELAXED)
             : 0;
}

void mte_tag_set(uint64_t addr, unsigned tag)
{
    TagPage *p = tag_page(addr);

    if (p)
        __atomic_store_n(&p->tag[granule_index(addr)], (uint8_t)(tag & 0xf),
                         __ATOMIC_RELAXED);
}

/* ---- checks ---- */

bool mte_check_range(uint64_t addr, uint64_t bytes, uint64_t *fault)
{
    uint64_t clean = mte_untag(addr), last, g;
    unsigned want = mte_ptr_tag(addr);

    if (bytes == 0)
        return false;
    last = clean + bytes - 1;
    for (g = clean & ~(uint64_t)(MTE_GRANULE - 1); g <= last;
         g += MTE_GRANULE) {
        TagPage *p = tag_page(g);

        if (!p) { /* untagged: skip to the next page */
            g |= (UINT64_C(1) << PAGE_BITS) - MTE_GRANULE;
            continue;
        }
        if (p->tag[granule_index(g)] != want) {
            uint64_t at = g < clean ? clean : g;
            *fault = (addr & ~((UINT64_C(1) << 56) - 1)) |
                     (at & ((UINT64_C(1) << 56) - 1));
            return true;
        }
    }
    return false;
}

unsigned mte_choose_tag(unsigned tag, unsigned offset, unsigned exclude)
{
    tag &= 0xf;
    offset &= 0xf;
    if ((exclude & 0xffff) == 0xffff)
        return 0;
    if (offset == 0)
        while (exclude >> tag & 1)
            tag = (tag + 1) & 0xf;
    while (offset != 0) {
        offset--;
        tag = (tag + 1) & 0xf;
        while (exclude >> tag & 1)
            tag = (tag + 1) & 0xf;
    }
    return tag;
}

/* ---- prctl ---- */

enum {
    PRCTL_SET_TAGGED_ADDR_CTRL = 55,
    PRCTL_GET_TAGGED_ADDR_CTRL = 56,
};

static int64_t set_tagged_addr_ctrl(CPUARMState *env, uint64_t ctrl)
{
    uint64_t valid = MTE_CTRL_TAGGED_ADDR_ENABLE;

    if (arm_cpu_has(ARM_FEAT_MTE))
        valid |= MTE_CTRL_TCF_SYNC | MTE_CTRL_TCF_ASYNC | MTE_CTRL_TAG_MASK;
    if (ctrl & ~valid)
        return -EINVAL;
    env->tagged_addr_ctrl = (uint32_t)ctrl;
    if (ctrl)
        arm_mte_activate();
    return 0;
}

int64_t arm_mte_prctl(CPUARMState *env, int option, const uint64_t *arg)
{
    switch (option) {
    case PRCTL_SET_TAGGED_ADDR_CTRL:
        if (arg[1] || arg[2] || arg[3])
            return -EINVAL;
        return set_tagged_addr_ctrl(env, arg[0]);
    case PRCTL_GET_TAGGED_ADDR_CTRL:
        if (arg[0] || arg[1] || arg[2] || arg[3])
            return -EINVAL;
        return env->tagged_addr_ctrl;
    default: return -EINVAL;
    }
}
