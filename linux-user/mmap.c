/*
 * The guest address space: brk emulated on guest_image, the mmap family
 * passed through with guest<->host address translation, each change
 * recorded in vma.c and told to the code cache (user_pages_unmap,
 * user_pages_protect) under its lock, so no block is made from a range while
 * it changes. Must not decode syscall arguments (syscalls/mm.c does) nor
 * look into translated code beyond those calls.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/shm.h>

#include "linux-user/mmap.h"
#include "linux-user/pcache.h"
#include "linux-user/space.h"
#include "linux-user/user.h"
#include "linux-user/vma.h"
#include "syscalls/syscalls.h"
#include "target-arm/cpu.h"
#include "target-arm/features.h"
#include "target-arm/mte.h"
#include "tcg/tb.h"
#include "tcg/user_pages.h"

/* aarch64-only protection bits the x86-64 kernel would reject. */
enum {
    GUEST_PROT_BTI = 0x10,
    GUEST_PROT_MTE = 0x20,
};

void mmap_note_guarded(void)
{
    if (arm_bti_active)
        return;
    arm_bti_active = true;
    /* Blocks made before do not keep BTYPE: none may run again. */
    tb_request_flush();
}

/*
 * PROT_BTI as arm64 Linux takes it: mmap ignores it and mprotect refuses
 * it (EINVAL) on a CPU without BTI; with BTI the range is guarded.
 */
static bool mm_bti_prot(uint64_t *prot)
{
    if (!(*prot & GUEST_PROT_BTI))
        return true;
    if (!arm_cpu_has(ARM_FEAT_BTI)) {
        *prot &= ~(uint64_t)GUEST_PROT_BTI;
        return false;
    }
    mmap_note_guarded();
    return true;
}

/*
 * PROT_MTE as arm64 Linux takes it: refused (EINVAL) on a CPU without
 * MTE, and for a file mapping unless the file is RAM-backed (tmpfs,
 * memfd, hugetlbfs); fd < 0: anonymous.
 */
static bool mm_mte_prot_ok(uint64_t prot, int fd)
{
    if (!(prot & GUEST_PROT_MTE))
        return true;
    if (!arm_cpu_has(ARM_FEAT_MTE))
        return false;
    return fd < 0 || vma_fd_takes_tags(fd);
}

/* The allocation tags of a range the guest (re)mapped or mprotected:
 * there exactly when it is PROT_MTE, tag 0 where new. */
static void mm_set_tagged(uint64_t start, uint64_t len, uint64_t prot)
{
    if (!(prot & GUEST_PROT_MTE)) {
        mte_tags_unmap(start, len);
        return;
    }
    mte_tags_map(start, len);
    arm_mte_activate();
}

static uint64_t mm_page_align(uint64_t addr)
{
    return (addr + GUEST_PAGE_SIZE - 1) & ~(GUEST_PAGE_SIZE - 1);
}

/* The translator reads code through the host mapping: an executable
 * page stays readable there (x86 may make PROT_EXEC alone execute-only). */
static uint64_t mm_host_prot(uint64_t guest_prot)
{
    uint64_t prot = guest_prot & ~(uint64_t)(GUEST_PROT_BTI | GUEST_PROT_MTE);

    return prot & PROT_EXEC ? prot | PROT_READ : prot;
}

/* Maps [start, end) for the heap without clobbering anything there. */
static bool mm_brk_grow(uint64_t start, uint64_t end)
{
    void *want = g2h(start);

    if (space_own()) {
        if (!space_contains(start, end - start) ||
            !vma_range_free(start, end - start))
            return false;
        return !host_is_error(host_syscall6(
            SYS_mmap, (uint64_t)(uintptr_t)want, end - start,
            PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED,
            (uint64_t)-1, 0));
    }
    int64_t r = host_syscall6(SYS_mmap, (uint64_t)(uintptr_t)want, end - start,
                              PROT_READ | PROT_WRITE,
                              MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE,
                              (uint64_t)-1, 0);

    if (host_is_error(r))
        return false;
    /* Kernels before 4.17 treat the flag as a hint and map elsewhere. */
    if ((uintptr_t)r != (uintptr_t)want) {
        host_syscall3(SYS_munmap, (uint64_t)r, end - start, 0);
        return false;
    }
    return true;
}

static int64_t mm_brk_locked(uint64_t want)
{
    uint64_t old_end = mm_page_align(guest_image.brk);
    uint64_t new_end = mm_page_align(want);

    if (want < guest_image.start_brk)
        return (int64_t)guest_image.brk;
    if (new_end > old_end) {
        if (!mm_brk_grow(old_end, new_end))
            return (int64_t)guest_image.brk;
        vma_map_anon(old_end, new_end - old_end, PROT_READ | PROT_WRITE, false,
                     "[heap]");
        /* A jump there while it was unmapped left a faulting block. */
        user_pages_unmap(old_end, new_end - old_end);
    }
    if (new_end < old_end) {
        user_pages_unmap(new_end, old_end - new_end);
        space_release(new_end, old_end - new_end);
        vma_unmap(new_end, old_end - new_end);
        mte_tags_unmap(new_end, old_end - new_end);
    }
    /* glibc's malloc assumes memory handed out by brk reads as zero. */
    if (want < guest_image.brk && new_end > want)
        memset(g2h(want), 0, new_end - want);
    guest_image.brk = want;
    return (int64_t)want;
}

/* Like the kernel: on any failure the unchanged break is the answer. */
int64_t mmap_brk(uint64_t want)
{
    int64_t r;

    user_pages_lock();
    vma_hold();
    r = mm_brk_locked(want);
    vma_release();
    user_pages_unlock();
    return r;
}

/* MAP_SHARED and MAP_SHARED_VALIDATE show as 's' in maps. */
static bool mm_is_shared(uint64_t flags)
{
    return (flags & MAP_TYPE) != MAP_PRIVATE;
}

/*
 * In a guest's own space, arx places what the host kernel would: a
 * mapping without MAP_FIXED goes where space_find says (the hint if
 * free), MAP_FIXED_NOREPLACE fails on a recorded region; either then
 * replaces the reservation with MAP_FIXED. 0, or -errno.
 */
static int64_t mm_place_in_space(uint64_t *addr, uint64_t len, uint64_t *flags)
{
    uint64_t span = mm_page_align(len);

    if (span == 0 || span < len)
        return -EINVAL;
    if (*flags & MAP_FIXED_NOREPLACE) {
        if (!space_contains(*addr, span))
            return -ENOMEM;
        if (!vma_range_free(*addr, span))
            return -EEXIST;
    } else if (*flags & MAP_FIXED) {
        if (!space_contains(*addr, span))
            return -ENOMEM;
    } else {
        *addr =
            space_find(span, GUEST_PAGE_SIZE, *addr & ~(GUEST_PAGE_SIZE - 1));
        if (*addr == 0)
            return -ENOMEM;
    }
    *flags = (*flags & ~(uint64_t)MAP_FIXED_NOREPLACE) | MAP_FIXED;
    return 0;
}

int64_t mmap_map(uint64_t addr, uint64_t len, uint64_t prot, uint64_t flags,
                 uint64_t fd, uint64_t offset)
{
    uint64_t start, asked = flags;
    int64_t r;

    mm_bti_prot(&prot);
    if (!mm_mte_prot_ok(prot, flags & MAP_ANONYMOUS ? -1 : (int)fd))
        return -EINVAL;
    user_pages_lock();
    vma_hold();
    if (addr == 0 && !(flags & MAP_FIXED) && !space_own())
        addr = pcache_place_hint(flags & MAP_ANONYMOUS ? -1 : (int)fd, len,
                                 (int)prot);
    if (space_own()) {
        r = mm_place_in_space(&addr, len, &flags);
        if (r < 0) {
            vma_release();
            user_pages_unlock();
            return r;
        }
    }
    /* Whatever code was there goes (before: its protection may be arx's). */
    if ((flags & MAP_FIXED) && !(flags & MAP_FIXED_NOREPLACE))
        user_pages_unmap(addr, len);
    r = host_syscall6(SYS_mmap, sys_hp(addr), len, mm_host_prot(prot), flags,
                      fd, offset);
    if (!host_is_error(r)) {
        start = h2g((void *)(uintptr_t)r);
        /* Blocks made while the range was unmapped only raise the fetch
         * fault: they go with what arx knew of its pages. */
        if (!(asked & MAP_FIXED) || (asked & MAP_FIXED_NOREPLACE))
            user_pages_unmap(start, len);
        if (flags & MAP_ANONYMOUS)
            vma_map_anon(start, len, (int)prot, mm_is_shared(flags), NULL);
        else
            vma_map_file(start, len, (int)prot, mm_is_shared(flags), (int)fd,
                         offset);
        mm_set_tagged(start, len, prot);
        r = (int64_t)start;
    }
    vma_release();
    user_pages_unlock();
    return r;
}

int64_t mmap_unmap(uint64_t addr, uint64_t len)
{
    int64_t r;

    user_pages_lock();
    vma_hold();
    user_pages_unmap(addr, len);
    if (space_own())
        r = (addr & (GUEST_PAGE_SIZE - 1)) || len == 0 ? -EINVAL
            : space_contains(addr, mm_page_align(len))
                ? space_release(addr, mm_page_align(len))
                : -EINVAL;
    else
        r = host_syscall3(SYS_munmap, sys_hp(addr), len, 0);
    if (r == 0) {
        vma_unmap(addr, len);
        mte_tags_unmap(addr, len);
    }
    vma_release();
    user_pages_unlock();
    return r;
}

int64_t mmap_protect(uint64_t addr, uint64_t len, uint64_t prot)
{
    int64_t r;

    if (!mm_bti_prot(&prot))
        return -EINVAL;
    user_pages_lock();
    vma_hold();
    if (!mm_mte_prot_ok(prot, -1) ||
        ((prot & GUEST_PROT_MTE) && !vma_tags_allowed(addr, len))) {
        vma_release();
        user_pages_unlock();
        return -EINVAL;
    }
    r = host_syscall3(SYS_mprotect, sys_hp(addr), len, mm_host_prot(prot));
    if (r == 0) {
        mm_set_tagged(addr, len, prot);
        vma_protect(addr, len, (int)prot);
        user_pages_protect(addr, len, (int)(prot & (7 | USER_PROT_GUARDED)));
    }
    vma_release();
    user_pages_unlock();
    return r;
}

/*
 * mremap in a guest's own space: the host call needs free host space
 * where the mapping grows or moves, so arx chooses the place (in place
 * when the pages after it are free, else where space_find says with
 * MREMAP_MAYMOVE), frees that part of the reservation first, and
 * reserves again what the mapping left. The result, or -errno.
 */
static int64_t mm_remap_in_space(uint64_t old_addr, uint64_t old_len,
                                 uint64_t new_len, uint64_t flags,
                                 uint64_t new_addr)
{
    uint64_t old_span = mm_page_align(old_len),
             new_span = mm_page_align(new_len);
    bool keep_old = (flags & MREMAP_DONTUNMAP) || old_len == 0;
    uint64_t dest = old_addr;
    int64_t r;

    if (new_span == 0 || !space_contains(old_addr, old_span))
        return -EINVAL;
    if (flags & MREMAP_FIXED) {
        if (!space_contains(new_addr, new_span))
            return -ENOMEM;
        dest = new_addr;
    } else if (new_span > old_span &&
               !(space_contains(old_addr + old_span, new_span - old_span) &&
                 vma_range_free(old_addr + old_span, new_span - old_span))) {
        if (!(flags & MREMAP_MAYMOVE))
            return -ENOMEM;
        dest = space_find(new_span, GUEST_PAGE_SIZE, 0);
        if (dest == 0)
            return -ENOMEM;
        flags |= MREMAP_FIXED;
    }
    if (dest == old_addr && new_span > old_span)
        space_unreserve(old_addr + old_span, new_span - old_span);
    r = host_syscall6(SYS_mremap, sys_hp(old_addr), old_len, new_len, flags,
                      dest == old_addr ? 0 : sys_hp(dest), 0);
    if (host_is_error(r)) {
        if (dest == old_addr && new_span > old_span)
            space_release(old_addr + old_span, new_span - old_span);
        return r;
    }
    if (dest != old_addr && !keep_old)
        space_release(old_addr, old_span);
    else if (dest == old_addr && new_span < old_span)
        space_release(old_addr + new_span, old_span - new_span);
    return (int64_t)dest;
}

int64_t mmap_remap(uint64_t old_addr, uint64_t old_len, uint64_t new_len,
                   uint64_t flags, uint64_t new_addr)
{
    uint64_t host_new = (flags & MREMAP_FIXED) ? sys_hp(new_addr) : 0;
    bool keep_old = (flags & MREMAP_DONTUNMAP) || old_len == 0;
    int64_t r;

    user_pages_lock();
    vma_hold();
    /* Before: the pages would carry arx's write protection with them. */
    user_pages_unmap(old_addr, old_len);
    if (flags & MREMAP_FIXED)
        user_pages_unmap(new_addr, new_len);
    if (space_own()) {
        r = mm_remap_in_space(old_addr, old_len, new_len, flags, new_addr);
    } else {
        r = host_syscall6(SYS_mremap, sys_hp(old_addr), old_len, new_len, flags,
                          host_new, 0);
        if (!host_is_error(r))
            r = (int64_t)h2g((void *)(uintptr_t)r);
    }
    if (!host_is_error(r)) {
        if (!(flags & MREMAP_FIXED))
            user_pages_unmap((uint64_t)r, new_len);
        vma_remap(old_addr, old_len, (uint64_t)r, new_len, keep_old);
        mte_tags_move(old_addr, old_len, (uint64_t)r, new_len, keep_old);
    }
    vma_release();
    user_pages_unlock();
    return r;
}

/* Advice after which the range reads as zeroes or as the file again:
 * whatever code was translated from it is gone. */
static bool madvise_discards(uint64_t advice)
{
    return advice == MADV_DONTNEED || advice == MADV_FREE ||
           advice == MADV_REMOVE;
}

int64_t mmap_advise(uint64_t addr, uint64_t len, uint64_t advice)
{
    int64_t r;

    if (!madvise_discards(advice))
        return host_syscall3(SYS_madvise, sys_hp(addr), len, advice);
    user_pages_lock();
    user_pages_unmap(addr, len);
    r = host_syscall3(SYS_madvise, sys_hp(addr), len, advice);
    /* Pages read as zero again with tag 0 (MADV_FREE: when reclaimed). */
    if (r == 0 && advice != MADV_FREE)
        mte_tags_zero(addr, len);
    user_pages_unlock();
    return r;
}

/* ---- System V shared memory ---- */

/* Attached segments by address, as shmdt needs their length (the region
 * table merges neighbours). Under vma_hold. */
typedef struct MmShm {
    uint64_t addr, len;
} MmShm;
static MmShm *mm_shms;
static size_t mm_nb_shms, mm_cap_shms;

static void mm_shm_add(uint64_t addr, uint64_t len)
{
    if (mm_nb_shms == mm_cap_shms) {
        size_t cap = mm_cap_shms ? 2 * mm_cap_shms : 16;
        MmShm *grown = realloc(mm_shms, cap * sizeof(*grown));
        if (!grown)
            return; /* shmdt then finds no length: the kernel's answer */
        mm_shms = grown;
        mm_cap_shms = cap;
    }
    mm_shms[mm_nb_shms++] = (MmShm){addr, len};
}

/* The length attached at addr (taken off the list), or 0. */
static uint64_t mm_shm_take(uint64_t addr)
{
    for (size_t i = 0; i < mm_nb_shms; i++) {
        if (mm_shms[i].addr == addr) {
            uint64_t len = mm_shms[i].len;
            mm_shms[i] = mm_shms[--mm_nb_shms];
            return len;
        }
    }
    return 0;
}

/* Forgets attachments the kernel dropped under [addr, addr + len). */
static void mm_shm_forget(uint64_t addr, uint64_t len)
{
    for (size_t i = 0; i < mm_nb_shms;) {
        if (mm_shms[i].addr >= addr && mm_shms[i].addr < addr + len)
            mm_shms[i] = mm_shms[--mm_nb_shms];
        else
            i++;
    }
}

int64_t mmap_shm_attach(uint64_t shmid, uint64_t addr, uint64_t flags)
{
    struct shmid_ds ds;
    uint64_t len, start;
    int prot;
    int64_t r;

    r = host_syscall3(SYS_shmctl, shmid, IPC_STAT, (uint64_t)(uintptr_t)&ds);
    if (host_is_error(r)) /* shmat would fail the same way */
        return r;
    len = mm_page_align(ds.shm_segsz);
    prot = PROT_READ | (flags & SHM_RDONLY ? 0 : PROT_WRITE) |
           (flags & SHM_EXEC ? PROT_EXEC : 0);
    user_pages_lock();
    vma_hold();
    /* In an own space arx chooses (SHM_RND rounds to SHMLBA, 16 KiB on
     * arm), and SHM_REMAP replaces the reservation. */
    if (space_own()) {
        if (addr && (flags & SHM_RND))
            addr &= ~(uint64_t)(16384 - 1);
        if (!addr)
            addr = space_find(len, 16384, 0);
        else if (!(flags & SHM_REMAP) && !vma_range_free(addr, len))
            addr = 0;
        if (!addr || !space_contains(addr, len)) {
            vma_release();
            user_pages_unlock();
            return -EINVAL;
        }
        flags |= SHM_REMAP;
    }
    /* What SHM_REMAP replaces goes first (its protection may be arx's). */
    if (addr && (flags & SHM_REMAP))
        user_pages_unmap(addr, len);
    r = host_syscall3(SYS_shmat, shmid, sys_hp(addr), flags);
    if (!host_is_error(r)) {
        start = h2g((void *)(uintptr_t)r);
        user_pages_unmap(start, len);
        mm_shm_forget(start, len);
        vma_map_anon(start, len, prot, true, NULL);
        mm_shm_add(start, len);
        r = (int64_t)start;
    }
    vma_release();
    user_pages_unlock();
    return r;
}

int64_t mmap_shm_detach(uint64_t addr)
{
    uint64_t len;
    int64_t r;

    user_pages_lock();
    vma_hold();
    len = mm_shm_take(addr);
    if (len)
        user_pages_unmap(addr, len);
    r = host_syscall3(SYS_shmdt, sys_hp(addr), 0, 0);
    if (r == 0 && len && space_own())
        space_release(addr, len);
    if (r == 0 && len) {
        vma_unmap(addr, len);
        mte_tags_unmap(addr, len);
    } else if (len)
        mm_shm_add(addr, len);
    vma_release();
    user_pages_unlock();
    return r;
}

bool mmap_unprotect_code_pages(void)
{
    return user_pages_unprotect_all();
}
