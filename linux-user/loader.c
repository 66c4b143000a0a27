/*
 * ELF loader: validates an AArch64 or arm EABI5 executable with libelf,
 * maps its PT_LOAD segments (and its PT_INTERP) into guest memory (an arm
 * guest's own 4 GiB space, space.h), then hands off to loader_stack.c. It
 * must not run guest code or know about the JIT.
 */
#include "linux-user/loader.h"
#include "linux-user/mmap.h"
#include "linux-user/space.h"
#include "linux-user/vma.h"
#include "target-arm/features.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

uintptr_t guest_base;
ImageInfo guest_image;

#define PAGE GUEST_PAGE_SIZE
/* AArch64 user space is at most 48 bits of VA with 4 KiB pages; an arm
 * guest's ends with its own space. */
#define GUEST_ADDR_LIMIT                                                       \
    (loader_target->space_end ? loader_target->space_end : 1ull << 48)
/* Largest p_align honoured when placing ET_DYN images (arm64 max page). */
#define LOADER_MAX_ALIGN (64ul << 10)

/* One opened, validated ELF file. */
typedef struct LoaderElf {
    const char *path;
    int fd;
    Elf *elf;
    uint64_t file_size;
    GElf_Ehdr ehdr;
    GElf_Phdr phdr[LOADER_MAX_PHNUM];
    size_t phnum;
    char interp[PATH_MAX]; /* "" when there is no PT_INTERP */
} LoaderElf;

static char loader_sysroot[PATH_MAX];
static uint64_t loader_interp_addr;

void loader_set_sysroot(const char *dir)
{
    if (!dir) {
        dir = "";
    }
    snprintf(loader_sysroot, sizeof(loader_sysroot), "%s", dir);
}

uint64_t loader_interp_base(void)
{
    return loader_interp_addr;
}

static uint64_t page_down(uint64_t addr)
{
    return addr & ~(PAGE - 1);
}

static uint64_t page_up(uint64_t addr)
{
    return (addr + PAGE - 1) & ~(PAGE - 1);
}

/* Writes "path: reason" into err; always returns false for tail calls. */
static bool __attribute__((format(printf, 4, 5)))
loader_fail(char *err, size_t errlen, const char *path, const char *fmt, ...)
{
    int n = snprintf(err, errlen, "%s: ", path);
    if (n < 0 || (size_t)n >= errlen) {
        return false;
    }
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
    va_end(ap);
    return false;
}

static const char *loader_machine_name(unsigned machine, char *buf, size_t len)
{
    static const struct {
        unsigned machine;
        const char *name;
    } names[] = {
        {EM_X86_64, "x86-64"}, {EM_386, "i386"},        {EM_ARM, "ARM"},
        {EM_RISCV, "RISC-V"},  {EM_PPC64, "PowerPC64"}, {EM_S390, "s390"},
        {EM_MIPS, "MIPS"},
    };
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        if (names[i].machine == machine) {
            return names[i].name;
        }
    }
    snprintf(buf, len, "machine %u", machine);
    return buf;
}

static const char *loader_type_name(unsigned type, char *buf, size_t len)
{
    switch (type) {
    case ET_REL: return "REL";
    case ET_EXEC: return "EXEC";
    case ET_DYN: return "DYN";
    case ET_CORE: return "CORE";
    }
    snprintf(buf, len, "%u", type);
    return buf;
}

/* Reads exactly len bytes at off; false on error or short file. */
static bool loader_pread_all(int fd, void *buf, size_t len, uint64_t off)
{
    char *p = buf;
    while (len > 0) {
        ssize_t n = pread(fd, p, len, (off_t)off);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            return false;
        }
        p += n;
        len -= (size_t)n;
        off += (uint64_t)n;
    }
    return true;
}

/* Opens path and checks it is something we may execute at all. */
static bool loader_open_file(LoaderElf *f, char *err, size_t errlen)
{
    struct stat st;

    f->fd = open(f->path, O_RDONLY | O_CLOEXEC);
    if (f->fd < 0) {
        return loader_fail(err, errlen, f->path, "%s", strerror(errno));
    }
    if (fstat(f->fd, &st) != 0) {
        return loader_fail(err, errlen, f->path, "%s", strerror(errno));
    }
    if (!S_ISREG(st.st_mode)) {
        return loader_fail(err, errlen, f->path, "not a regular file");
    }
    if (access(f->path, X_OK) != 0) {
        return loader_fail(err, errlen, f->path, "%s", strerror(EACCES));
    }
    f->file_size = (uint64_t)st.st_size;
    return true;
}

/*
 * Checks e_ident by hand before libelf: libelf reports a bad class as
 * "not ELF", but a file with the ELF magic deserves a precise reason.
 */
static bool loader_check_ident(LoaderElf *f, char *err, size_t errlen)
{
    unsigned char ident[EI_NIDENT] = {0};
    ssize_t n = pread(f->fd, ident, sizeof(ident), 0);

    if (n < SELFMAG || memcmp(ident, ELFMAG, SELFMAG) != 0) {
        return loader_fail(err, errlen, f->path, "not an ELF file");
    }
    if (ident[EI_CLASS] != ELFCLASS64 && ident[EI_CLASS] != ELFCLASS32) {
        return loader_fail(err, errlen, f->path,
                           "corrupt ELF header (bad class)");
    }
    if (ident[EI_DATA] == ELFDATA2MSB) {
        return loader_fail(err, errlen, f->path,
                           "big-endian ELF is not supported");
    }
    if (ident[EI_DATA] != ELFDATA2LSB) {
        return loader_fail(err, errlen, f->path,
                           "corrupt ELF header (bad data encoding)");
    }
    f->elf = elf_begin(f->fd, ELF_C_READ, NULL);
    if (!f->elf || elf_kind(f->elf) != ELF_K_ELF) {
        return loader_fail(err, errlen, f->path,
                           "truncated or corrupt ELF (ELF identification)");
    }
    return true;
}

/* An arm EABI version 5 ELF (armhf or armel: the float ABI is the
 * program's business); the old ABI is refused. */
static bool loader_check_arm_abi(const LoaderElf *f, char *err, size_t errlen)
{
    unsigned version = (unsigned)(f->ehdr.e_flags >> 24);

    if (version != 5) {
        return loader_fail(err, errlen, f->path,
                           "ARM ELF with EABI version %u (only EABI5 is "
                           "supported)",
                           version);
    }
    return true;
}

/*
 * The main program chooses the guest (AArch64, or a 32-bit ARM EABI5
 * program); its interpreter must be of the same kind.
 */
static bool loader_check_machine(LoaderElf *f, bool interp, char *err,
                                 size_t errlen)
{
    char buf[32];
    const LoaderTarget *t = NULL;
    unsigned elf_class = (unsigned)gelf_getclass(f->elf);

    if (f->ehdr.e_machine == EM_AARCH64 && elf_class == ELFCLASS64) {
        t = &loader_target_aarch64;
    } else if (f->ehdr.e_machine == EM_ARM && elf_class == ELFCLASS32) {
        t = &loader_target_arm;
    } else if (f->ehdr.e_machine == EM_AARCH64 || f->ehdr.e_machine == EM_ARM) {
        return loader_fail(err, errlen, f->path,
                           "corrupt ELF header (%u-bit class for %s)",
                           elf_class == ELFCLASS32 ? 32u : 64u,
                           f->ehdr.e_machine == EM_ARM ? "ARM" : "AArch64");
    }
    if (!t) {
        return loader_fail(
            err, errlen, f->path, "ELF machine is %s, not AArch64 or ARM",
            loader_machine_name(f->ehdr.e_machine, buf, sizeof(buf)));
    }
    if (t == &loader_target_arm && !loader_check_arm_abi(f, err, errlen)) {
        return false;
    }
    if (interp && t != loader_target) {
        return loader_fail(err, errlen, f->path,
                           "interpreter is %s, the program %s", t->name,
                           loader_target->name);
    }
    loader_target = t;
    return true;
}

static bool loader_check_ehdr(LoaderElf *f, bool interp, char *err,
                              size_t errlen)
{
    char buf[32];

    if (!gelf_getehdr(f->elf, &f->ehdr)) {
        return loader_fail(err, errlen, f->path,
                           "truncated or corrupt ELF (ELF header)");
    }
    if (!loader_check_machine(f, interp, err, errlen)) {
        return false;
    }
    unsigned type = f->ehdr.e_type;
    if (type != ET_EXEC && type != ET_DYN) {
        return loader_fail(err, errlen, f->path,
                           "not an executable (ELF type %s)",
                           loader_type_name(type, buf, sizeof(buf)));
    }
    if (interp && type != ET_DYN) {
        return loader_fail(err, errlen, f->path,
                           "interpreter is not a shared object (ELF type %s)",
                           loader_type_name(type, buf, sizeof(buf)));
    }
    return true;
}

static bool loader_read_phdrs(LoaderElf *f, char *err, size_t errlen)
{
    size_t phnum;

    size_t phent = loader_target->elf_class == ELFCLASS32 ? sizeof(Elf32_Phdr)
                                                          : sizeof(Elf64_Phdr);

    if (f->ehdr.e_phentsize != phent) {
        return loader_fail(err, errlen, f->path,
                           "truncated or corrupt ELF (e_phentsize %u)",
                           f->ehdr.e_phentsize);
    }
    /* elfutils clamps the count to what the file holds; check the header's. */
    phnum = f->ehdr.e_phnum;
    if (phnum == PN_XNUM && elf_getphdrnum(f->elf, &phnum) != 0) {
        return loader_fail(err, errlen, f->path,
                           "truncated or corrupt ELF (program header count)");
    }
    if (phnum == 0 || phnum > LOADER_MAX_PHNUM) {
        return loader_fail(err, errlen, f->path,
                           "truncated or corrupt ELF (%zu program headers)",
                           phnum);
    }
    uint64_t table = (uint64_t)phnum * phent;
    if (f->ehdr.e_phoff > f->file_size ||
        table > f->file_size - f->ehdr.e_phoff) {
        return loader_fail(
            err, errlen, f->path,
            "truncated or corrupt ELF (program headers past end of file)");
    }
    for (size_t i = 0; i < phnum; i++) {
        if (!gelf_getphdr(f->elf, (int)i, &f->phdr[i])) {
            return loader_fail(err, errlen, f->path,
                               "truncated or corrupt ELF (program header %zu)",
                               i);
        }
    }
    f->phnum = phnum;
    return true;
}

/* One PT_LOAD on its own: inside the file, congruent, in range. */
static bool loader_check_load(const LoaderElf *f, size_t i, char *err,
                              size_t errlen)
{
    const GElf_Phdr *ph = &f->phdr[i];

    if (ph->p_filesz > ph->p_memsz) {
        return loader_fail(
            err, errlen, f->path,
            "truncated or corrupt ELF (PT_LOAD %zu file size exceeds memory "
            "size)",
            i);
    }
    if (ph->p_offset > f->file_size ||
        ph->p_filesz > f->file_size - ph->p_offset) {
        return loader_fail(
            err, errlen, f->path,
            "truncated or corrupt ELF (PT_LOAD %zu past end of file)", i);
    }
    if ((ph->p_offset - ph->p_vaddr) % PAGE != 0) {
        return loader_fail(
            err, errlen, f->path,
            "truncated or corrupt ELF (PT_LOAD %zu offset and address not "
            "congruent modulo the page size)",
            i);
    }
    if (ph->p_vaddr >= GUEST_ADDR_LIMIT ||
        ph->p_memsz > GUEST_ADDR_LIMIT - ph->p_vaddr) {
        return loader_fail(
            err, errlen, f->path,
            "truncated or corrupt ELF (PT_LOAD %zu address out of range)", i);
    }
    return true;
}

/* All PT_LOADs together: at least one, sorted by address, disjoint. */
static bool loader_check_loads(const LoaderElf *f, char *err, size_t errlen)
{
    const GElf_Phdr *prev = NULL;

    for (size_t i = 0; i < f->phnum; i++) {
        const GElf_Phdr *ph = &f->phdr[i];
        if (ph->p_type != PT_LOAD) {
            continue;
        }
        if (!loader_check_load(f, i, err, errlen)) {
            return false;
        }
        if (prev && ph->p_vaddr < prev->p_vaddr + prev->p_memsz) {
            return loader_fail(
                err, errlen, f->path,
                "truncated or corrupt ELF (PT_LOAD %zu overlaps or is out of "
                "order)",
                i);
        }
        prev = ph;
    }
    if (!prev) {
        return loader_fail(err, errlen, f->path,
                           "truncated or corrupt ELF (no PT_LOAD)");
    }
    return true;
}

static bool loader_read_interp(LoaderElf *f, char *err, size_t errlen)
{
    f->interp[0] = '\0';
    for (size_t i = 0; i < f->phnum; i++) {
        const GElf_Phdr *ph = &f->phdr[i];
        if (ph->p_type != PT_INTERP) {
            continue;
        }
        if (ph->p_filesz < 2 || ph->p_filesz > sizeof(f->interp) ||
            ph->p_offset > f->file_size ||
            ph->p_filesz > f->file_size - ph->p_offset ||
            !loader_pread_all(f->fd, f->interp, ph->p_filesz, ph->p_offset) ||
            f->interp[ph->p_filesz - 1] != '\0' || f->interp[0] == '\0') {
            f->interp[0] = '\0';
            return loader_fail(err, errlen, f->path,
                               "truncated or corrupt ELF (PT_INTERP)");
        }
        /* Like the kernel: the path ends at the first NUL. */
        return true; /* the kernel honours only the first */
    }
    return true;
}

static void loader_close(LoaderElf *f)
{
    if (f->elf) {
        elf_end(f->elf);
        f->elf = NULL;
    }
    if (f->fd >= 0) {
        close(f->fd);
        f->fd = -1;
    }
}

/* Opens and validates path in the order the error messages promise. */
static bool loader_open(LoaderElf *f, const char *path, bool interp, char *err,
                        size_t errlen)
{
    memset(f, 0, sizeof(*f));
    f->path = path;
    f->fd = -1;
    if (elf_version(EV_CURRENT) == EV_NONE) {
        return loader_fail(err, errlen, path, "libelf: %s", elf_errmsg(-1));
    }
    if (loader_open_file(f, err, errlen) &&
        loader_check_ident(f, err, errlen) &&
        loader_check_ehdr(f, interp, err, errlen) &&
        loader_read_phdrs(f, err, errlen) &&
        loader_check_loads(f, err, errlen) &&
        loader_read_interp(f, err, errlen)) {
        return true;
    }
    loader_close(f);
    return false;
}

static int loader_prot(uint32_t flags)
{
    int prot = 0;
    if (flags & PF_R) {
        prot |= PROT_READ;
    }
    if (flags & PF_W) {
        prot |= PROT_WRITE;
    }
    /* The JIT reads guest code through g2h, so code must stay readable. */
    if (flags & PF_X) {
        prot |= PROT_EXEC | PROT_READ;
    }
    return prot;
}

static uint64_t loader_max_align(const LoaderElf *f)
{
    uint64_t align = PAGE;
    for (size_t i = 0; i < f->phnum; i++) {
        uint64_t a = f->phdr[i].p_align;
        if (f->phdr[i].p_type == PT_LOAD && a > align && (a & (a - 1)) == 0) {
            align = a;
        }
    }
    return align < LOADER_MAX_ALIGN ? align : LOADER_MAX_ALIGN;
}

/* Lowest page and end of the highest page the PT_LOADs cover (unbiased). */
static void loader_load_span(const LoaderElf *f, uint64_t *lo, uint64_t *hi)
{
    *lo = UINT64_MAX;
    *hi = 0;
    for (size_t i = 0; i < f->phnum; i++) {
        const GElf_Phdr *ph = &f->phdr[i];
        if (ph->p_type != PT_LOAD) {
            continue;
        }
        if (page_down(ph->p_vaddr) < *lo) {
            *lo = page_down(ph->p_vaddr);
        }
        if (page_up(ph->p_vaddr + ph->p_memsz) > *hi) {
            *hi = page_up(ph->p_vaddr + ph->p_memsz);
        }
    }
}

/*
 * Where a position-independent program goes: like Linux's ELF_ET_DYN_BASE,
 * away from the mmap area (near the top) and from arx's own image (which
 * the host put at its ELF_ET_DYN_BASE), so that brk, which starts right
 * after the program, has room to grow. The interpreter goes anywhere.
 */
/* The whole span at exactly the target's PIE base (kept aligned), or
 * false. */
static bool loader_reserve_pie(uint64_t lo, uint64_t span, uint64_t align,
                               uint64_t *bias)
{
    uint64_t spot = loader_target->pie_base + (lo & (align - 1));

    if (space_own()) {
        if (!space_contains(spot, span) || !vma_range_free(spot, span)) {
            return false;
        }
        vma_map_anon(spot, span, PROT_NONE, false, NULL);
        *bias = spot - lo;
        return true;
    }
    void *got =
        mmap(g2h(spot), span, PROT_NONE,
             MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED_NOREPLACE,
             -1, 0);

    if (got == MAP_FAILED)
        return false;
    if (got != g2h(spot)) { /* a kernel without MAP_FIXED_NOREPLACE */
        munmap(got, span);
        return false;
    }
    vma_map_anon(spot, span, PROT_NONE, false, NULL);
    *bias = spot - lo;
    return true;
}

static uint64_t (*loader_place_hint)(int fd, uint64_t len, int prot);

void loader_set_place_hint(uint64_t (*hint)(int fd, uint64_t len, int prot))
{
    loader_place_hint = hint;
}

/*
 * ET_DYN: the main program at LOADER_PIE_BASE when it is free; otherwise
 * (and for the interpreter) the host picks a free, suitably aligned spot.
 * The span stays reserved (PROT_NONE) until the segments replace it.
 */
static bool loader_reserve_dyn(const LoaderElf *f, bool is_main, uint64_t *bias,
                               char *err, size_t errlen)
{
    uint64_t lo, hi;
    loader_load_span(f, &lo, &hi);
    uint64_t span = hi - lo;
    uint64_t align = loader_max_align(f);

    if (is_main && loader_reserve_pie(lo, span, align, bias)) {
        return true;
    }
    if (space_own()) {
        /* The space is reserved already: choose a free range in it. */
        uint64_t offset = lo & (align - 1);
        uint64_t spot = space_find(span + offset, align, 0);
        if (!spot) {
            return loader_fail(err, errlen, f->path,
                               "no room for %#llx bytes of image",
                               (unsigned long long)span);
        }
        vma_map_anon(spot + offset, span, PROT_NONE, false, NULL);
        *bias = spot + offset - lo;
        return true;
    }
    uint64_t hint = loader_place_hint
                        ? loader_place_hint(f->fd, span + align, PROT_EXEC)
                        : 0;
    char *raw = mmap(hint ? g2h(hint) : NULL, span + align, PROT_NONE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (raw == MAP_FAILED) {
        return loader_fail(err, errlen, f->path,
                           "cannot reserve %#llx bytes for the image: %s",
                           (unsigned long long)span, strerror(errno));
    }
    /* The bias must be a multiple of align, so spot == lo modulo align. */
    uint64_t offset = lo & (align - 1);
    uint64_t spot = ((h2g(raw) - offset + align - 1) & ~(align - 1)) + offset;
    if (spot < h2g(raw)) {
        spot += align;
    }
    uint64_t raw_end = h2g(raw) + span + align;
    if (spot > h2g(raw)) {
        munmap(raw, spot - h2g(raw));
    }
    if (raw_end > spot + span) {
        munmap(g2h(spot + span), raw_end - (spot + span));
    }
    vma_map_anon(spot, span, PROT_NONE, false, NULL);
    *bias = spot - lo;
    return true;
}

/* Reserves [lo, hi) at exactly that guest address, failing if anything is
 * there. */
static bool loader_reserve_fixed(const LoaderElf *f, uint64_t lo, uint64_t hi,
                                 char *err, size_t errlen)
{
    void *want = g2h(lo);

    if (space_own()) {
        if (space_contains(lo, hi - lo) && vma_range_free(lo, hi - lo)) {
            vma_map_anon(lo, hi - lo, PROT_NONE, false, NULL);
            return true;
        }
        return loader_fail(err, errlen, f->path,
                           "cannot map segment at %#llx: %s",
                           (unsigned long long)lo, strerror(EEXIST));
    }
    void *got = mmap(want, hi - lo, PROT_NONE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
    if (got == want) {
        vma_map_anon(lo, hi - lo, PROT_NONE, false, NULL);
        return true;
    }
    int e = errno;
    if (got != MAP_FAILED) { /* a kernel without MAP_FIXED_NOREPLACE */
        munmap(got, hi - lo);
        e = EEXIST;
    }
    return loader_fail(err, errlen, f->path, "cannot map segment at %#llx: %s",
                       (unsigned long long)lo, strerror(e));
}

/*
 * The first page of a segment may hold the end of the previous one: copy
 * only this segment's bytes into it instead of replacing the page.
 */
static bool loader_fill_shared_page(const LoaderElf *f, const GElf_Phdr *ph,
                                    uint64_t bias, uint64_t page)
{
    uint64_t start = bias + ph->p_vaddr;
    uint64_t file_end = start + ph->p_filesz;
    uint64_t mem_end = start + ph->p_memsz;
    uint64_t page_end = page + PAGE;

    if (mprotect(g2h(page), PAGE, PROT_READ | PROT_WRITE) != 0) {
        return false;
    }
    if (file_end > start) {
        uint64_t copy_end = file_end < page_end ? file_end : page_end;
        if (!loader_pread_all(f->fd, g2h(start), copy_end - start,
                              ph->p_offset)) {
            errno = EIO;
            return false;
        }
    }
    uint64_t zero_start = file_end > start ? file_end : start;
    uint64_t zero_end = mem_end < page_end ? mem_end : page_end;
    if (zero_end > zero_start) {
        memset(g2h(zero_start), 0, zero_end - zero_start);
    }
    return true;
}

/* Maps [lo, end of segment) from the file, then anonymous pages for bss. */
static bool loader_map_body(const LoaderElf *f, const GElf_Phdr *ph,
                            uint64_t bias, uint64_t lo, int prot)
{
    uint64_t start = bias + ph->p_vaddr;
    uint64_t file_end = start + ph->p_filesz;
    uint64_t mem_end = start + ph->p_memsz;
    uint64_t anon_lo = lo;

    if (file_end > lo) {
        uint64_t file_hi = page_up(file_end);
        /*
         * Like the kernel's padzero(), the rest of the last file page
         * after p_filesz reads as zero in a writable segment: ld.so's
         * early allocator hands out that space assuming it is clean.
         */
        bool pad = mem_end > file_end || (prot & PROT_WRITE);
        int map_prot = pad ? prot | PROT_WRITE : prot;
        void *p = mmap(g2h(lo), file_hi - lo, map_prot, MAP_PRIVATE | MAP_FIXED,
                       f->fd, (off_t)(ph->p_offset + (lo - start)));
        if (p == MAP_FAILED) {
            return false;
        }
        vma_map_file(lo, file_hi - lo, map_prot, false, f->fd,
                     ph->p_offset + (lo - start));
        if (pad)
            memset(g2h(file_end), 0, file_hi - file_end);
        anon_lo = file_hi;
    }
    uint64_t hi = page_up(mem_end);
    if (hi > anon_lo) {
        void *p = mmap(g2h(anon_lo), hi - anon_lo, prot,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
        if (p == MAP_FAILED) {
            return false;
        }
        vma_map_anon(anon_lo, hi - anon_lo, prot, false, NULL);
    }
    if (mprotect(g2h(lo), hi - lo, prot) != 0) {
        return false;
    }
    vma_protect(lo, hi - lo, prot);
    return true;
}

/* Where the mapping loop is, so segments can share a page and gaps free up. */
typedef struct LoaderMapState {
    uint64_t bias;
    uint64_t prev_hi; /* end of the previous segment's pages; 0 at first */
    int prev_prot;
} LoaderMapState;

static bool loader_map_segment(const LoaderElf *f, const GElf_Phdr *ph,
                               LoaderMapState *st, char *err, size_t errlen)
{
    uint64_t start = st->bias + ph->p_vaddr;
    uint64_t lo = page_down(start);
    uint64_t hi = page_up(start + ph->p_memsz);
    int prot = loader_prot(ph->p_flags);
    bool is_exec = f->ehdr.e_type == ET_EXEC;

    if (ph->p_memsz == 0) {
        return true;
    }
    if (st->prev_hi > lo) {
        if (!loader_fill_shared_page(f, ph, st->bias, lo) ||
            mprotect(g2h(lo), PAGE, prot | st->prev_prot) != 0) {
            return loader_fail(err, errlen, f->path,
                               "cannot map segment at %#llx: %s",
                               (unsigned long long)lo, strerror(errno));
        }
        vma_protect(lo, PAGE, prot | st->prev_prot);
        lo += PAGE;
    } else if (!is_exec && st->prev_hi != 0 && lo > st->prev_hi) {
        /* Like the kernel, leave no reservation in the holes between loads. */
        space_release(st->prev_hi, lo - st->prev_hi);
        vma_unmap(st->prev_hi, lo - st->prev_hi);
    }
    if (lo < hi) {
        if (is_exec && !loader_reserve_fixed(f, lo, hi, err, errlen)) {
            return false;
        }
        if (!loader_map_body(f, ph, st->bias, lo, prot)) {
            int e = errno;
            if (is_exec) {
                space_release(lo, hi - lo);
                vma_unmap(lo, hi - lo);
            }
            errno = e;
            return loader_fail(err, errlen, f->path,
                               "cannot map segment at %#llx: %s",
                               (unsigned long long)lo, strerror(errno));
        }
    }
    st->prev_hi = hi;
    st->prev_prot = prot;
    return true;
}

/* Guest address of the program headers, as AT_PHDR wants it. */
static uint64_t loader_phdr_addr(const LoaderElf *f, uint64_t bias)
{
    uint64_t table = f->phnum * f->ehdr.e_phentsize;
    for (size_t i = 0; i < f->phnum; i++) {
        if (f->phdr[i].p_type == PT_PHDR) {
            return f->phdr[i].p_vaddr + bias;
        }
    }
    for (size_t i = 0; i < f->phnum; i++) {
        const GElf_Phdr *ph = &f->phdr[i];
        if (ph->p_type == PT_LOAD && ph->p_offset <= f->ehdr.e_phoff &&
            f->ehdr.e_phoff + table <= ph->p_offset + ph->p_filesz) {
            return ph->p_vaddr + (f->ehdr.e_phoff - ph->p_offset) + bias;
        }
    }
    return 0;
}

static void loader_fill_info(const LoaderElf *f, uint64_t bias, ImageInfo *info)
{
    uint64_t start_code = UINT64_MAX, end_code = 0;
    uint64_t start_data = UINT64_MAX, end_data = 0, end_mem = 0;

    for (size_t i = 0; i < f->phnum; i++) {
        const GElf_Phdr *ph = &f->phdr[i];
        if (ph->p_type != PT_LOAD) {
            continue;
        }
        uint64_t start = ph->p_vaddr + bias;
        uint64_t file_end = start + ph->p_filesz;
        if (ph->p_flags & PF_X) {
            start_code = start < start_code ? start : start_code;
            end_code = file_end > end_code ? file_end : end_code;
        } else {
            start_data = start < start_data ? start : start_data;
            end_data = file_end > end_data ? file_end : end_data;
        }
        if (start + ph->p_memsz > end_mem) {
            end_mem = start + ph->p_memsz;
        }
    }
    if (start_code == UINT64_MAX) {
        start_code = end_code = 0;
    }
    if (start_data == UINT64_MAX) {
        start_data = end_data = end_code;
    }
    memset(info, 0, sizeof(*info));
    info->load_bias = bias;
    info->entry = f->ehdr.e_entry + bias;
    info->phdr = loader_phdr_addr(f, bias);
    info->phnum = f->phnum;
    info->start_code = start_code;
    info->end_code = end_code;
    info->start_data = start_data;
    info->end_data = end_data;
    info->start_brk = page_up(end_mem);
    info->brk = info->start_brk;
    info->path = f->path;
}

/* Undoes the PT_LOADs before index end (ET_EXEC: the gaps are not ours). */
static void loader_unmap_loads(const LoaderElf *f, uint64_t bias, size_t end)
{
    for (size_t i = 0; i < end; i++) {
        const GElf_Phdr *ph = &f->phdr[i];
        if (ph->p_type == PT_LOAD && ph->p_memsz != 0) {
            uint64_t lo = page_down(bias + ph->p_vaddr);
            uint64_t hi = page_up(bias + ph->p_vaddr + ph->p_memsz);
            space_release(lo, hi - lo);
            vma_unmap(lo, hi - lo);
        }
    }
}

/* The GNU property note's words (PT_GNU_PROPERTY, NT_GNU_PROPERTY_TYPE_0). */
enum {
    LOADER_PT_GNU_PROPERTY = 0x6474e553,
    LOADER_NT_GNU_PROPERTY_TYPE_0 = 5,
    LOADER_GNU_PROPERTY_AARCH64_FEATURE_1_AND = 0xc0000000u,
    LOADER_GNU_PROPERTY_AARCH64_FEATURE_1_BTI = 1,
    LOADER_PROPERTY_MAX = 1024,
};

/* Whether f's AArch64 feature property says BTI: the first note of
 * PT_GNU_PROPERTY, owner "GNU", as arm64 Linux reads it. */
static bool loader_marked_bti(const LoaderElf *f)
{
    uint32_t note[LOADER_PROPERTY_MAX / 4];

    for (size_t i = 0; i < f->phnum; i++) {
        const GElf_Phdr *ph = &f->phdr[i];
        size_t len = ph->p_filesz, at = 16;

        if (ph->p_type != LOADER_PT_GNU_PROPERTY)
            continue;
        if (len < 16 || len > sizeof(note) ||
            !loader_pread_all(f->fd, note, len, ph->p_offset) || note[0] != 4 ||
            note[2] != LOADER_NT_GNU_PROPERTY_TYPE_0 ||
            memcmp(&note[3], "GNU", 4) != 0 || note[1] > len - 16)
            return false;
        len = 16 + note[1];
        /* Properties: type, size, data padded to 8 bytes (ELF64). */
        while (at + 8 <= len) {
            uint32_t type = note[at / 4], size = note[at / 4 + 1];

            if (size > len - at - 8)
                return false;
            if (type == LOADER_GNU_PROPERTY_AARCH64_FEATURE_1_AND)
                return size >= 4 && (note[at / 4 + 2] &
                                     LOADER_GNU_PROPERTY_AARCH64_FEATURE_1_BTI);
            at += 8 + ((size + 7) & ~7u);
        }
        return false;
    }
    return false;
}

/*
 * As arm64 Linux: the executable segments of a BTI-marked image are
 * guarded (PROT_BTI) when it is the interpreter, or the program when it
 * has none (a dynamic program's own pages are ld.so's to guard).
 */
static void loader_guard_code(const LoaderElf *f, uint64_t bias)
{
    if (loader_target->machine != EM_AARCH64 || f->interp[0] != '\0' ||
        !arm_cpu_has(ARM_FEAT_BTI) || !loader_marked_bti(f))
        return;
    for (size_t i = 0; i < f->phnum; i++) {
        const GElf_Phdr *ph = &f->phdr[i];

        if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_X) || !ph->p_memsz)
            continue;
        for (uint64_t page = page_down(bias + ph->p_vaddr);
             page < bias + ph->p_vaddr + ph->p_memsz; page += PAGE) {
            int prot = vma_prot_at(page);

            if (prot >= 0)
                vma_protect(page, PAGE, prot | VMA_PROT_GUARDED);
        }
    }
    mmap_note_guarded();
}

/* Maps every PT_LOAD of f; on failure nothing of it stays mapped. */
static bool loader_map(const LoaderElf *f, bool is_main, ImageInfo *info,
                       char *err, size_t errlen)
{
    LoaderMapState st = {0};
    uint64_t lo, hi;

    loader_load_span(f, &lo, &hi);
    if (f->ehdr.e_type == ET_DYN &&
        !loader_reserve_dyn(f, is_main, &st.bias, err, errlen)) {
        return false;
    }
    for (size_t i = 0; i < f->phnum; i++) {
        if (f->phdr[i].p_type == PT_LOAD &&
            !loader_map_segment(f, &f->phdr[i], &st, err, errlen)) {
            if (f->ehdr.e_type == ET_DYN) {
                space_release(lo + st.bias, hi - lo);
                vma_unmap(lo + st.bias, hi - lo);
            } else {
                loader_unmap_loads(f, 0, i);
            }
            return false;
        }
    }
    loader_guard_code(f, st.bias);
    loader_fill_info(f, st.bias, info);
    return true;
}

/* sysroot + interp when that exists, else interp itself; NULL if neither. */
static const char *loader_resolve_interp(const char *interp, char *buf,
                                         size_t len)
{
    if (loader_sysroot[0] != '\0') {
        int n = snprintf(buf, len, "%s%s%s", loader_sysroot,
                         interp[0] == '/' ? "" : "/", interp);
        if (n > 0 && (size_t)n < len && access(buf, F_OK) == 0) {
            return buf;
        }
    }
    return access(interp, F_OK) == 0 ? interp : NULL;
}

/* Loads the program's PT_INTERP; *entry becomes the interpreter's entry. */
static bool loader_load_interp(const LoaderElf *prog, uint64_t *entry,
                               char *err, size_t errlen)
{
    static char resolved[PATH_MAX];
    static LoaderElf interp;
    ImageInfo interp_info;

    const char *path =
        loader_resolve_interp(prog->interp, resolved, sizeof(resolved));
    if (!path) {
        return loader_fail(err, errlen, prog->path,
                           "interpreter %s not found (use -L SYSROOT to point "
                           "at an arm64 sysroot)",
                           prog->interp);
    }
    if (!loader_open(&interp, path, true, err, errlen)) {
        return false;
    }
    bool ok = loader_map(&interp, false, &interp_info, err, errlen);
    loader_close(&interp);
    if (ok) {
        loader_interp_addr = interp_info.load_bias;
        *entry = interp_info.entry;
    }
    return ok;
}

/* As arm64 Linux: executable only when PT_GNU_STACK says PF_X (no
 * PT_GNU_STACK: not executable). */
static bool loader_wants_exec_stack(const LoaderElf *f)
{
    for (size_t i = 0; i < f->phnum; i++)
        if (f->phdr[i].p_type == PT_GNU_STACK)
            return (f->phdr[i].p_flags & PF_X) != 0;
    return false;
}

static uint64_t (*loader_vdso_mapper)(const LoaderTarget *target);

void loader_set_vdso_mapper(uint64_t (*map)(const LoaderTarget *target))
{
    loader_vdso_mapper = map;
}

/* Builds the stack for a mapped program; entry is where the guest starts. */
static bool loader_start(const LoaderElf *prog, ImageInfo *image, int argc,
                         char **argv, char **envp, char *err, size_t errlen)
{
    uint64_t entry = image->entry;
    if (prog->interp[0] != '\0' &&
        !loader_load_interp(prog, &entry, err, errlen)) {
        return false;
    }
    LoaderStackInput in = {
        .path = prog->path,
        .argc = argc,
        .argv = argv,
        .envp = envp,
        .phdr = image->phdr,
        .phnum = image->phnum,
        .entry = image->entry,
        .interp_base = loader_interp_addr,
        .exec_stack = loader_wants_exec_stack(prog),
        .phent = prog->ehdr.e_phentsize,
        .sysinfo_ehdr =
            loader_vdso_mapper ? loader_vdso_mapper(loader_target) : 0,
    };
    if (!loader_build_stack(&in, image, err, errlen)) {
        return false;
    }
    image->entry = entry;
    return true;
}

/* An arm guest's 4 GiB are reserved before anything goes there: from
 * now on nothing of arx's own can land in them. */
static bool loader_make_space(const LoaderElf *prog, char *err, size_t errlen)
{
    if (!loader_target->space_end || space_own()) {
        return true;
    }
    if (!space_reserve(loader_target->space_end)) {
        return loader_fail(err, errlen, prog->path,
                           "cannot reserve the 4 GiB address space of an ARM "
                           "program: %s",
                           strerror(errno));
    }
    /* The stack (and its room to grow) and a gap stay above mmaps. */
    space_set_mmap_top(loader_target->stack_top - LOADER_STACK_SIZE -
                       (128ul << 20));
    return true;
}

bool loader_exec(const char *path, int argc, char **argv, char **envp,
                 ImageInfo *info, char *err, size_t errlen)
{
    /* Static: a LoaderElf holds PATH_MAX bytes and 64 program headers. */
    static LoaderElf prog;
    ImageInfo image;

    loader_interp_addr = 0;
    if (!loader_open(&prog, path, false, err, errlen)) {
        return false;
    }
    if (!loader_make_space(&prog, err, errlen)) {
        loader_close(&prog);
        return false;
    }
    bool ok = loader_map(&prog, true, &image, err, errlen);
    if (ok && !loader_start(&prog, &image, argc, argv, envp, err, errlen)) {
        loader_unmap_loads(&prog, image.load_bias, prog.phnum);
        ok = false;
    }
    loader_close(&prog);
    if (ok) {
        image.machine = loader_target->machine;
        *info = image;
        /* brk and /proc emulation read guest_image whatever the caller passed.
         */
        guest_image = image;
    }
    return ok;
}
