/*
 * The guest's region table: a sorted array under one mutex, split and
 * merged the way the kernel splits and merges VMAs, so procfs.c can print
 * the guest's own /proc/self/maps. Must not map or unmap host memory.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "linux-user/vma.h"

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#define VMA_PAGE 4096ull

/* Paths and labels, kept forever so GuestVma.name compares by pointer. */
typedef struct VmaName {
    struct VmaName *next;
    char text[];
} VmaName;

/* Recursive: mm.c holds it across a host call and the record it makes. */
static pthread_mutex_t vma_mutex = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
static pthread_once_t vma_once = PTHREAD_ONCE_INIT;
static GuestVma *vma_table;
static size_t vma_count, vma_capacity;
static VmaName *vma_names;
static VmaExecLayout vma_layout;

static void vma_atfork_prepare(void)
{
    pthread_mutex_lock(&vma_mutex);
}
static void vma_atfork_parent(void)
{
    pthread_mutex_unlock(&vma_mutex);
}

/* The child has a new tid, which a recursive mutex's owner check refuses. */
static void vma_atfork_child(void)
{
    pthread_mutex_t fresh = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;

    vma_mutex = fresh;
}

/* A fork while another thread changes the table must not copy it half-done. */
static void vma_init(void)
{
    pthread_atfork(vma_atfork_prepare, vma_atfork_parent, vma_atfork_child);
}

static void vma_lock(void)
{
    pthread_once(&vma_once, vma_init);
    pthread_mutex_lock(&vma_mutex);
}

static void vma_unlock(void)
{
    pthread_mutex_unlock(&vma_mutex);
}

void vma_hold(void)
{
    vma_lock();
}

void vma_release(void)
{
    vma_unlock();
}

static uint64_t vma_page_up(uint64_t x)
{
    return (x + VMA_PAGE - 1) & ~(VMA_PAGE - 1);
}

/* Called with the lock held. NULL stays NULL; NULL too when out of memory. */
static const char *vma_intern(const char *s)
{
    VmaName *n;
    size_t len;

    if (!s)
        return NULL;
    for (n = vma_names; n; n = n->next)
        if (strcmp(n->text, s) == 0)
            return n->text;
    len = strlen(s) + 1;
    n = malloc(sizeof(*n) + len);
    if (!n)
        return NULL;
    memcpy(n->text, s, len);
    n->next = vma_names;
    vma_names = n;
    return n->text;
}

static bool vma_is_file(const GuestVma *v)
{
    return v->inode != 0;
}

static bool vma_insert_at(size_t i, const GuestVma *v)
{
    if (vma_count == vma_capacity) {
        size_t cap = vma_capacity ? 2 * vma_capacity : 64;
        GuestVma *t = realloc(vma_table, cap * sizeof(*t));
        if (!t)
            return false;
        vma_table = t;
        vma_capacity = cap;
    }
    memmove(&vma_table[i + 1], &vma_table[i],
            (vma_count - i) * sizeof(*vma_table));
    vma_table[i] = *v;
    vma_count++;
    return true;
}

static void vma_remove_range(size_t i, size_t j)
{
    memmove(&vma_table[i], &vma_table[j], (vma_count - j) * sizeof(*vma_table));
    vma_count -= j - i;
}

/* Index of the first region ending above addr (vma_count if none). */
static size_t vma_find(uint64_t addr)
{
    size_t lo = 0, hi = vma_count;

    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (vma_table[mid].end <= addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Makes addr a boundary: no region straddles it afterwards. */
static void vma_split_at(uint64_t addr)
{
    size_t i = vma_find(addr);
    GuestVma upper;

    if (i == vma_count || vma_table[i].start >= addr)
        return;
    upper = vma_table[i];
    upper.start = addr;
    if (vma_is_file(&upper))
        upper.offset += addr - vma_table[i].start;
    if (vma_insert_at(i + 1, &upper))
        vma_table[i].end = addr;
}

static void vma_cut(uint64_t start, uint64_t end)
{
    size_t i, j;

    vma_split_at(start);
    vma_split_at(end);
    i = vma_find(start);
    for (j = i; j < vma_count && vma_table[j].start < end; j++)
        ;
    vma_remove_range(i, j);
}

/* Neighbours the kernel would have merged into one VMA. */
static bool vma_mergeable(const GuestVma *a, const GuestVma *b)
{
    if (a->end != b->start || a->prot != b->prot || a->shared != b->shared ||
        a->name != b->name || a->dev != b->dev || a->inode != b->inode ||
        a->no_tags != b->no_tags)
        return false;
    return !vma_is_file(a) || a->offset + (a->end - a->start) == b->offset;
}

static void vma_merge_all(void)
{
    size_t out = 0;

    for (size_t i = 0; i < vma_count; i++) {
        if (out > 0 && vma_mergeable(&vma_table[out - 1], &vma_table[i]))
            vma_table[out - 1].end = vma_table[i].end;
        else
            vma_table[out++] = vma_table[i];
    }
    vma_count = out;
}

/* With the lock held: v replaces whatever lies in its range. */
static void vma_insert_locked(GuestVma v)
{
    if (v.end <= v.start)
        return;
    v.name = vma_intern(v.name);
    vma_cut(v.start, v.end);
    vma_insert_at(vma_find(v.start), &v);
    vma_merge_all();
}

static const VmaObserver *observer;

void vma_set_observer(const VmaObserver *o)
{
    observer = o;
}

static void vma_notify_change(uint64_t start, uint64_t len)
{
    if (observer)
        observer->change(start, len);
}

static void vma_notify_file_map(uint64_t start, uint64_t len, int prot,
                                bool shared, int fd, uint64_t offset)
{
    if (observer)
        observer->file_map(start, len, prot, shared, fd, offset);
}

void vma_map_anon(uint64_t start, uint64_t len, int prot, bool shared,
                  const char *name)
{
    GuestVma v = {.start = start,
                  .end = start + vma_page_up(len),
                  .prot = prot & VMA_PROT_KEPT,
                  .shared = shared,
                  .name = name};

    vma_notify_change(start, v.end - start);
    vma_lock();
    vma_insert_locked(v);
    vma_unlock();
}

/* Whether the file open as fd is RAM-backed, so its mappings may carry
 * allocation tags as arm64 Linux allows (shmem, memfd, hugetlbfs). */
bool vma_fd_takes_tags(int fd)
{
    enum { TMPFS_FS = 0x01021994, HUGETLBFS_FS = 0x958458f6 };
    struct statfs fs;

    if (fstatfs(fd, &fs) != 0)
        return false;
    return (uint32_t)fs.f_type == TMPFS_FS ||
           (uint32_t)fs.f_type == HUGETLBFS_FS;
}

void vma_map_file(uint64_t start, uint64_t len, int prot, bool shared, int fd,
                  uint64_t offset)
{
    GuestVma v = {.start = start,
                  .end = start + vma_page_up(len),
                  .prot = prot & VMA_PROT_KEPT,
                  .shared = shared};
    char link[64], path[PATH_MAX];
    struct stat st;
    ssize_t n;

    snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
    n = readlink(link, path, sizeof(path) - 1);
    if (fstat(fd, &st) == 0 && n > 0) {
        path[n] = '\0';
        v.name = path;
        v.dev = st.st_dev;
        v.inode = st.st_ino;
        v.offset = offset;
    }
    v.no_tags = !vma_fd_takes_tags(fd);
    vma_notify_file_map(start, v.end - start, prot, shared, fd, offset);
    vma_lock();
    vma_insert_locked(v);
    vma_unlock();
}

void vma_unmap(uint64_t start, uint64_t len)
{
    vma_notify_change(start, vma_page_up(len));
    vma_lock();
    vma_cut(start, start + vma_page_up(len));
    vma_unlock();
}

void vma_protect(uint64_t start, uint64_t len, int prot)
{
    uint64_t end = start + vma_page_up(len);

    if (observer)
        observer->protect(start, end - start, prot);
    vma_lock();
    vma_split_at(start);
    vma_split_at(end);
    for (size_t i = vma_find(start); i < vma_count && vma_table[i].start < end;
         i++)
        vma_table[i].prot = prot & VMA_PROT_KEPT;
    vma_merge_all();
    vma_unlock();
}

/* Copies of the regions inside [start, end), clipped; count in *n. */
static GuestVma *vma_collect(uint64_t start, uint64_t end, size_t *n)
{
    size_t i = vma_find(start), count = 0;
    GuestVma *out = malloc((vma_count - i + 1) * sizeof(*out));

    for (; out && i < vma_count && vma_table[i].start < end; i++) {
        GuestVma v = vma_table[i];
        if (v.start < start) {
            if (vma_is_file(&v))
                v.offset += start - v.start;
            v.start = start;
        }
        if (v.end > end)
            v.end = end;
        out[count++] = v;
    }
    *n = count;
    return out;
}

void vma_remap(uint64_t old_addr, uint64_t old_len, uint64_t new_addr,
               uint64_t new_len, bool keep_old)
{
    uint64_t keep = old_len < new_len ? old_len : new_len;
    size_t n;
    GuestVma *moved;

    old_len = vma_page_up(old_len);
    new_len = vma_page_up(new_len);
    vma_notify_change(old_addr, old_len);
    vma_notify_change(new_addr, new_len);
    vma_lock();
    /* old_len 0 duplicates a shared mapping: its first region grows. */
    moved = vma_collect(old_addr,
                        old_addr + (keep ? vma_page_up(keep) : VMA_PAGE), &n);
    if (!keep_old)
        vma_cut(old_addr, old_addr + old_len);
    vma_cut(new_addr, new_addr + new_len);
    for (size_t i = 0; moved && i < n; i++) {
        GuestVma v = moved[i];
        v.start = v.start - old_addr + new_addr;
        v.end = i + 1 == n ? new_addr + new_len : v.end - old_addr + new_addr;
        vma_insert_at(vma_find(v.start), &v);
    }
    vma_merge_all();
    vma_unlock();
    free(moved);
}

int vma_prot_at(uint64_t addr)
{
    size_t lo = 0, hi;
    int prot = -1;

    vma_lock();
    hi = vma_count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (addr < vma_table[mid].start) {
            hi = mid;
        } else if (addr >= vma_table[mid].end) {
            lo = mid + 1;
        } else {
            prot = vma_table[mid].prot;
            break;
        }
    }
    vma_unlock();
    return prot;
}

/* PROT_WRITE alone still reads on arm64: no page is write-only there. */
static bool vma_allows(const GuestVma *v, int prot)
{
    int have = v->prot;

    if (have & PROT_WRITE)
        have |= PROT_READ;
    return (have & prot) == prot;
}

uint64_t vma_allowed_end(uint64_t addr, int prot)
{
    uint64_t end = addr;
    size_t i;

    vma_lock();
    for (i = vma_find(addr); i < vma_count; i++) {
        if (vma_table[i].start > end || !vma_allows(&vma_table[i], prot))
            break;
        end = vma_table[i].end;
    }
    vma_unlock();
    return end;
}

bool vma_tags_allowed(uint64_t start, uint64_t len)
{
    bool allowed = true;

    vma_lock();
    for (size_t i = 0; i < vma_count && allowed; i++)
        if (vma_table[i].end > start && vma_table[i].start < start + len)
            allowed = !vma_table[i].no_tags;
    vma_unlock();
    return allowed;
}

bool vma_range_free(uint64_t start, uint64_t len)
{
    bool free = true;

    vma_lock();
    for (size_t i = 0; i < vma_count && free; i++)
        free = vma_table[i].end <= start || vma_table[i].start >= start + len;
    vma_unlock();
    return free;
}

uint64_t vma_find_free(uint64_t len, uint64_t align, uint64_t lo, uint64_t hi)
{
    uint64_t found = 0, upper = hi;

    if (len == 0 || hi < lo || len > hi - lo)
        return 0;
    vma_lock();
    /* The gaps from the top down: [end of region k - 1 (or lo), upper). */
    for (size_t k = vma_count;; k--) {
        uint64_t lower = k ? vma_table[k - 1].end : lo;
        if (lower < lo)
            lower = lo;
        if (upper > lower && upper - lower >= len &&
            ((upper - len) & ~(align - 1)) >= lower) {
            found = (upper - len) & ~(align - 1);
            break;
        }
        if (k == 0)
            break;
        if (vma_table[k - 1].start < upper)
            upper = vma_table[k - 1].start;
        if (upper <= lo)
            break;
    }
    vma_unlock();
    return found;
}

size_t vma_snapshot(GuestVma **out)
{
    size_t n;

    vma_lock();
    n = vma_count;
    *out = malloc((n ? n : 1) * sizeof(**out));
    if (*out)
        memcpy(*out, vma_table, n * sizeof(**out));
    else
        n = 0;
    vma_unlock();
    return n;
}

void vma_set_exec_layout(const VmaExecLayout *layout)
{
    vma_lock();
    vma_layout = *layout;
    vma_unlock();
}

void vma_exec_layout(VmaExecLayout *out)
{
    vma_lock();
    *out = vma_layout;
    vma_unlock();
}
