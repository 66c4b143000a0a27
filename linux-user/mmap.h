/*
 * The guest address space as the memory syscalls change it (mmap.c): each
 * call changes the host mapping, the region table (vma.h) and the code
 * cache's view of the range together. Guest addresses and aarch64
 * protections in; results as the kernel gives them (-errno on failure).
 */
#ifndef ARX_LINUX_USER_MMAP_H
#define ARX_LINUX_USER_MMAP_H

#include <stdbool.h>
#include <stdint.h>

/* brk(2): the new break, or the unchanged one on any failure. */
int64_t mmap_brk(uint64_t want);
/* mmap(2) with host flags (the guest's, less bits only x86-64 defines). */
int64_t mmap_map(uint64_t addr, uint64_t len, uint64_t prot, uint64_t flags,
                 uint64_t fd, uint64_t offset);
int64_t mmap_unmap(uint64_t addr, uint64_t len);
int64_t mmap_protect(uint64_t addr, uint64_t len, uint64_t prot);
int64_t mmap_remap(uint64_t old_addr, uint64_t old_len, uint64_t new_len,
                   uint64_t flags, uint64_t new_addr);
int64_t mmap_advise(uint64_t addr, uint64_t len, uint64_t advice);

/*
 * shmat(2)/shmdt(2): the attachment is recorded as a shared region
 * (executable with SHM_EXEC) and the code cache forgets what it knew of
 * the range, so code there runs as attached and blocks from a detached
 * segment go.
 */
int64_t mmap_shm_attach(uint64_t shmid, uint64_t addr, uint64_t flags);
int64_t mmap_shm_detach(uint64_t addr);

/*
 * The kernel cannot write a page arx write-protected because code was
 * translated from it, so a syscall writing there fails with EFAULT: gives
 * every such page its guest protection back. True if there was any, and
 * the syscall should be run again.
 */
bool mmap_unprotect_code_pages(void);

/*
 * Guarded pages (PROT_BTI) exist from now on: the A64 translator keeps
 * PSTATE.BTYPE (arm_bti_active) and blocks translated before go.
 */
void mmap_note_guarded(void);

#endif
