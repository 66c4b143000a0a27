/*
 * Guest memory as a target's translator and helpers reach it: instruction
 * fetch, loads and stores, and host pointers for guest ranges. The
 * execution mode implements it: user mode with the fixed guest_base offset
 * (linux-user/guest_mem.c), a system mode with its SoftMMU. Knows no ISA.
 */
#ifndef ARX_TCG_GUEST_MEM_H
#define ARX_TCG_GUEST_MEM_H

#include <stdbool.h>
#include <stdint.h>

/* The granule of guest_host_ptr ranges, of blocks (none crosses a page
 * end, the next page may be unmapped) and of write protection. */
#define GUEST_PAGE_SIZE 4096ul

/* What an access does: a SoftMMU checks permissions and reports faults by
 * kind. Read-modify-write accesses are GUEST_WRITE. */
typedef enum GuestAccess {
    GUEST_READ,
    GUEST_WRITE,
    GUEST_FETCH,
} GuestAccess;

/*
 * The host address of the guest range [addr, addr + len), which must not
 * cross a guest page, for an access of the given kind by the thread
 * running env. In user mode a bad address faults when the pointer is
 * used, exactly as the guest's own access would.
 */
void *guest_host_ptr(void *env, uint64_t addr, uint64_t len,
                     GuestAccess access);

/* Whether the thread running env may read the byte at addr without a
 * fault (SVE first-fault and non-fault loads ask before each element);
 * a system mode may say no where a read would work. */
bool guest_readable(void *env, uint64_t addr);

/* Whether instructions may be fetched from pc's page. */
typedef enum GuestFetchState {
    GUEST_FETCH_OK,
    GUEST_FETCH_UNMAPPED, /* nothing mapped there */
    GUEST_FETCH_DENIED,   /* mapped without execute permission */
} GuestFetchState;

/*
 * Asked by a translator before it fetches from a page (blocks never cross
 * one), under the translation lock: translated code then needs no check,
 * and the execution mode drops the page's blocks when its permission
 * changes.
 */
GuestFetchState guest_fetch_state(void *env, uint64_t pc);
/*
 * Whether pc's page is guarded: an indirect branch may only land on the
 * target's landing pads there (Arm BTI, mapped with PROT_BTI). Asked as
 * guest_fetch_state is; a change drops the page's blocks the same way.
 */
bool guest_fetch_guarded(void *env, uint64_t pc);

/* Instruction fetch of the aligned 32-bit unit at pc. */
uint32_t guest_fetch32(void *env, uint64_t pc);
/* Instruction fetch of the 16-bit unit at pc (T32). */
uint16_t guest_fetch16(void *env, uint64_t pc);

/* Data accesses of size 1, 2, 4 or 8 bytes, zero-extended; no ordering
 * beyond program order on the calling thread. */
uint64_t guest_load(void *env, uint64_t addr, unsigned size);
void guest_store(void *env, uint64_t addr, unsigned size, uint64_t value);

#endif
