/*
 * The guest's memory map, as the kernel's mm_struct holds it: the regions
 * the guest owns (never arx's own code cache, heap or libraries) and where
 * exec put argv, envp and auxv. Only records; it never maps memory itself.
 */
#ifndef ARX_LINUX_USER_VMA_H
#define ARX_LINUX_USER_VMA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* aarch64's PROT_BTI: a guarded page (BTI landing pads are checked). */
#define VMA_PROT_GUARDED 0x10
/* The protection bits a region keeps. */
#define VMA_PROT_KEPT (7 | VMA_PROT_GUARDED)

/* One region [start, end), page aligned, with uniform attributes. */
typedef struct GuestVma {
    uint64_t start, end;
    int prot;         /* PROT_READ | PROT_WRITE | PROT_EXEC as the guest sees,
                         and VMA_PROT_GUARDED */
    bool shared;      /* MAP_SHARED: 's' rather than 'p' */
    uint64_t offset;  /* file offset of start; 0 when anonymous */
    uint64_t dev;     /* st_dev of the file, 0 when anonymous */
    uint64_t inode;   /* 0 when anonymous */
    const char *name; /* file path, "[heap]", "[stack]", "[vdso]" or NULL;
                         interned, valid for the life of the process */
    bool no_tags;     /* a file mapping PROT_MTE is refused on (not tmpfs,
                         shmem or hugetlbfs: arm64's VM_MTE_ALLOWED) */
} GuestVma;

/* Where exec laid out the strings, and the auxv it gave (like the kernel,
 * a copy: /proc/self/auxv does not change when the guest's stack does). */
#define VMA_MAX_AUXV 32u
typedef struct VmaExecLayout {
    uint64_t arg_start, arg_end; /* argv strings, NUL separated */
    uint64_t env_start, env_end; /* envp strings */
    uint64_t auxv[2 * VMA_MAX_AUXV];
    size_t auxv_pairs; /* including AT_NULL */
} VmaExecLayout;

/* Records an anonymous region, replacing whatever was recorded there. */
void vma_map_anon(uint64_t start, uint64_t len, int prot, bool shared,
                  const char *name);
/* Records a mapping of the file open as host fd at offset. */
void vma_map_file(uint64_t start, uint64_t len, int prot, bool shared, int fd,
                  uint64_t offset);
void vma_unmap(uint64_t start, uint64_t len);
/* Changes prot only where something is recorded, as mprotect does. */
void vma_protect(uint64_t start, uint64_t len, int prot);
/*
 * mremap succeeded: what was at [old, old + old_len) is now at
 * [new, new + new_len); growth continues the last region. keep_old
 * (MREMAP_DONTUNMAP, or old_len 0) leaves the old range recorded.
 */
void vma_remap(uint64_t old_addr, uint64_t old_len, uint64_t new_addr,
               uint64_t new_len, bool keep_old);

/* Told of every change before it is recorded (the persistent translation
 * cache follows which code comes from which file): a file mapping, or
 * anything else over [start, start + len). */
typedef struct VmaObserver {
    void (*file_map)(uint64_t start, uint64_t len, int prot, bool shared,
                     int fd, uint64_t offset);
    void (*change)(uint64_t start, uint64_t len);
    void (*protect)(uint64_t start, uint64_t len, int prot);
} VmaObserver;
void vma_set_observer(const VmaObserver *observer);

/*
 * Held across a host mapping call and its record, so changes by two
 * threads are recorded in the order the kernel made them. Nests.
 */
void vma_hold(void);
void vma_release(void);

/* The guest's protection at addr (PROT_* bits), or -1 when nothing is
 * mapped there. Allocates nothing. */
int vma_prot_at(uint64_t addr);

/*
 * Where the run of recorded regions that starts at addr and all allow
 * prot ends; addr itself when addr is in none. Syscalls check the guest
 * memory arx touches on the guest's behalf with it (syscalls/uaccess.c).
 */
uint64_t vma_allowed_end(uint64_t addr, int prot);

/* Whether a mapping of the file open as host fd may be PROT_MTE. */
bool vma_fd_takes_tags(int fd);
/* Every region recorded in [start, start + len) may become PROT_MTE. */
bool vma_tags_allowed(uint64_t start, uint64_t len);

/* Nothing is recorded in [start, start + len). */
bool vma_range_free(uint64_t start, uint64_t len);
/* The highest multiple of align (a power of two) in [lo, hi - len] whose
 * range of len bytes holds no region, or 0 when there is none: where a
 * guest with its own address space (armhf) places a new mapping. */
uint64_t vma_find_free(uint64_t len, uint64_t align, uint64_t lo, uint64_t hi);
/* A sorted copy of the table; the caller frees *out. Returns the count. */
size_t vma_snapshot(GuestVma **out);

void vma_set_exec_layout(const VmaExecLayout *layout);
void vma_exec_layout(VmaExecLayout *out);

#endif
