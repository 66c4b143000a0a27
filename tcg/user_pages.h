/*
 * User mode's watch on code pages: a page blocks were translated from
 * loses its host write right, so a guest write faults and drops the
 * blocks (design decision 8). Accelerator code only user mode links in:
 * no target nor system-mode code may call it.
 */
#ifndef ARX_TCG_USER_PAGES_H
#define ARX_TCG_USER_PAGES_H

#include <stdbool.h>
#include <stdint.h>

/* Guest protection bits, as mmap's (the host's have the same values). */
enum {
    USER_PROT_READ = 1,
    USER_PROT_WRITE = 2,
    USER_PROT_EXEC = 4,
    USER_PROT_GUARDED = 0x10, /* guest_fetch_guarded (aarch64 PROT_BTI) */
};

/*
 * Answers the guest's protection of the page at addr (USER_PROT_* bits,
 * -1 when unmapped). Called with the translation lock held.
 */
typedef int UserPagesProtFn(uint64_t addr);

/* Starts watching the code pages of a guest mapped at guest_base. Until
 * then (unit tests) no page is write-protected. */
void user_pages_init(UserPagesProtFn *guest_prot, uintptr_t guest_base);

/*
 * The guest's protection of addr's page (USER_PROT_* bits, -1 when
 * unmapped), for instruction fetch: remembered with the page's blocks and
 * updated by user_pages_unmap/user_pages_protect. Translation lock held.
 */
int user_pages_guest_prot(uint64_t addr);

/*
 * For the memory-map syscalls: held around a host mmap/munmap/mprotect
 * and the user_pages_* call after it, so no block is translated from the
 * range in between (the translation lock, recursive). Lock order: this
 * lock, then the guest region table's (UserPagesProtFn reads it).
 */
void user_pages_lock(void);
void user_pages_unlock(void);

/*
 * [start, start + len) was unmapped or mapped anew: its blocks are
 * dropped and whatever arx knew of its pages forgotten (the new mapping's
 * protection is the host's already).
 */
void user_pages_unmap(uint64_t start, uint64_t len);
/* The guest changed the protection of [start, start + len) to prot (host
 * mprotect done): the blocks of its pages are dropped (the page may have
 * become writable, lost or gained execute permission). */
void user_pages_protect(uint64_t start, uint64_t len, int prot);
/*
 * A host write fault at guest address addr: true when it hit a page arx
 * write-protected because code was translated from it (its blocks are now
 * dropped and the guest's protection is back: re-run the access), false
 * when the fault is the guest's. Called from the SIGSEGV handler of the
 * faulting thread; takes the translation lock, never allocates.
 */
bool user_pages_write_fault(uint64_t addr);
/*
 * The kernel cannot write a page arx write-protected (a syscall gets
 * EFAULT where the guest expects success): gives every such page back its
 * guest protection, dropping its blocks. True if there was any.
 */
bool user_pages_unprotect_all(void);

#endif
