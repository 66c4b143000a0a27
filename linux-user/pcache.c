/*
 * User mode's persistent translation cache (pcache.h): the policy (where,
 * whether, for which code) and the hooks tb.c calls. Code qualifies when
 * it lies in a private, executable, never writable mapping of a file; the
 * file's content identity (GNU build-id, else a hash of the mapped bytes),
 * the block's file offset, guest address and flags key a record, and the
 * arx build and translation options select the file. Files: pcache_file.c.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* dl_iterate_phdr */
#endif
#include "linux-user/pcache.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <link.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"
#include "linux-user/binfmt.h"
#include "linux-user/pcache_file.h"
#include "linux-user/user.h"
#include "linux-user/vma.h"
#include "target-arm/cpu.h"
#include "target-arm/features.h"
#include "tcg/guest_mem.h"
#include "tcg/tb_persist.h"
#include "util/fd_all.h"
#include "util/hash64.h"
#include "util/log.h"

#define MAX_REGIONS 128
#define MAX_TAINTED 256
/* A file without a build-id is hashed; past this size it is not cached. */
#define MAX_HASHED_SEGMENT (64u << 20)

/* A mapping whose code may be saved and loaded. */
typedef struct PCacheRegion {
    uint64_t start, end;
    uint64_t offset; /* in the file, of start */
    PCacheFile *file;
} PCacheRegion;

static bool enabled;
static char dir[PATH_MAX];
/* The cache directory's random placement seed (place_seed). */
static uint64_t seed;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static PCacheRegion regions[MAX_REGIONS];
static int nb_regions;
/* Pages whose blocks were dropped while mapped (code changed): never
 * served from the cache. Written under the translation lock. */
static uint64_t tainted[MAX_TAINTED];
static int nb_tainted;
static bool taint_overflow;

bool pcache_enabled(void)
{
    return enabled;
}

const char *pcache_dir(void)
{
    return dir;
}

void pcache_disable(void)
{
    enabled = false;
    vma_set_observer(NULL);
}

static uint64_t build_hash(void);
static uint64_t options_hash(void);
static const VmaObserver pcache_observer;

/* ---- the directory ---- */

/* mkdir -m 0700 path unless it exists; then it must be this user's,
 * a directory, and closed to others. */
static bool private_dir(const char *path, bool create)
{
    struct stat st;

    if (create && mkdir(path, 0700) != 0 && errno != EEXIST)
        return false;
    return lstat(path, &st) == 0 && S_ISDIR(st.st_mode) &&
           st.st_uid == geteuid() && (st.st_mode & 077) == 0;
}

static bool default_dir(void)
{
    const char *xdg = getenv("XDG_CACHE_HOME");
    const char *home = getenv("HOME");
    char parent[PATH_MAX];

    if (xdg && xdg[0] == '/') {
        snprintf(parent, sizeof(parent), "%s", xdg);
    } else if (home && home[0] == '/') {
        snprintf(parent, sizeof(parent), "%s/.cache", home);
    } else {
        return false;
    }
    /* ~/.cache is the user's to create; ours must be private. */
    if (mkdir(parent, 0700) != 0 && errno != EEXIST)
        return false;
    if ((size_t)snprintf(dir, sizeof(dir), "%s/arx", parent) >= sizeof(dir))
        return false;
    return private_dir(dir, true);
}

/*
 * Where libraries go (pcache_place_hint) repeats from process to process,
 * so that saved code applies again, but not from one cache to another: a
 * random seed kept in the directory (made by the first process; link()
 * lets one of several racing writers win) picks the spots. --cache-clear
 * removes it. A seed that cannot be read or made: 0, the spots still work.
 */
#define SEED_NAME "placement-seed"

static void seed_path(char *path, size_t len)
{
    snprintf(path, len, "%s/" SEED_NAME, dir);
}

static uint64_t read_seed(const char *path)
{
    uint64_t v = 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);

    if (fd < 0)
        return 0;
    if (!read_all(fd, &v, sizeof(v)))
        v = 0;
    close(fd);
    return v;
}

static uint64_t place_seed(void)
{
    char path[PATH_MAX], tmp[PATH_MAX];
    uint64_t v = 0;
    int fd;

    seed_path(path, sizeof(path));
    v = read_seed(path);
    if (v || getrandom(&v, sizeof(v), 0) != (ssize_t)sizeof(v))
        return v;
    snprintf(tmp, sizeof(tmp), "%s/.tmp-%d-" SEED_NAME, dir, (int)getpid());
    fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0)
        return 0;
    if (!write_all(fd, &v, sizeof(v))) {
        close(fd);
        unlink(tmp);
        return 0;
    }
    close(fd);
    if (link(tmp, path) != 0)
        v = read_seed(path); /* another process made it first */
    unlink(tmp);
    return v;
}

void pcache_configure(const char *setting)
{
    enabled = false;
    if (!setting)
        setting = binfmt_getenv("ARX_CACHE");
    if (!setting || !*setting)
        setting = "on"; /* the default */
    /* A set-id program never reads nor writes a user's cache. */
    if (binfmt_secure_mode() || strcmp(setting, "off") == 0)
        return;
    if (strcmp(setting, "on") != 0) {
        if (setting[0] != '/' ||
            (size_t)snprintf(dir, sizeof(dir), "%s", setting) >= sizeof(dir))
            return;
        enabled = private_dir(dir, true);
    } else {
        enabled = default_dir();
    }
    if (!enabled && log_enabled(LOG_PCACHE))
        arx_log("pcache: no usable cache directory, cache off\n");
    if (enabled) {
        seed = place_seed();
        pcache_file_setup(dir, build_hash(), options_hash());
        vma_set_observer(&pcache_observer);
    }
}

/* ---- what selects a file: arx's build and its translation options ---- */

/* The GNU build-id in the notes [p, p + len), hashed into *h. */
static bool hash_build_id_notes(const uint8_t *p, size_t len, uint64_t *h)
{
    while (len >= 12) {
        uint32_t namesz, descsz, type;
        size_t name_pad, desc_pad;

        memcpy(&namesz, p, 4);
        memcpy(&descsz, p + 4, 4);
        memcpy(&type, p + 8, 4);
        name_pad = ((size_t)namesz + 3) & ~(size_t)3;
        desc_pad = ((size_t)descsz + 3) & ~(size_t)3;
        if (name_pad > len - 12 || desc_pad > len - 12 - name_pad)
            return false;
        if (type == NT_GNU_BUILD_ID && namesz == 4 &&
            memcmp(p + 12, "GNU", 4) == 0 && descsz > 0) {
            *h = hash64(*h, p + 12 + name_pad, descsz);
            return true;
        }
        p += 12 + name_pad + desc_pad;
        len -= 12 + name_pad + desc_pad;
    }
    return false;
}

static int self_build_id(struct dl_phdr_info *info, size_t size, void *data)
{
    (void)size;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type == PT_NOTE &&
            hash_build_id_notes(
                (const uint8_t *)(info->dlpi_addr + ph->p_vaddr), ph->p_memsz,
                data))
            return 1;
    }
    return 1; /* the first object is arx itself */
}

/* arx's build-id (its version and build date without one), and the
 * internal ARX_CACHE_SALT a test uses to play another build. */
static uint64_t build_hash(void)
{
    uint64_t h = hash64(0, PACKAGE_VERSION, sizeof(PACKAGE_VERSION));
    const char *salt = binfmt_getenv("ARX_CACHE_SALT");

    if (!dl_iterate_phdr(self_build_id, &h) || h == 0)
        h = hash64(h, __DATE__ __TIME__, sizeof(__DATE__ __TIME__));
    if (salt)
        h = hash64(h, salt, strlen(salt));
    return h;
}

/* What else the code depends on: the CPU model and features, the host
 * backend's choices, the log items that change generated code (-d region
 * adds loop counters: blocks saved without them would never make a
 * region). */
static uint64_t options_hash(void)
{
    char spec[512];
    uint64_t h = tb_persist_code_version();
    unsigned mask =
        arx_log_mask & (LOG_EXEC | LOG_CPU | LOG_SINGLESTEP | LOG_REGION);

    arm_cpu_spec(spec, sizeof(spec));
    h = hash64(h, spec, strlen(spec));
    return hash64(h, &mask, sizeof(mask));
}

/* ---- a mapped file's content identity ---- */

static bool read_at(int fd, void *buf, size_t len, uint64_t off)
{
    return pread(fd, buf, len, (off_t)off) == (ssize_t)len;
}

/* The GNU build-id of the ELF file at fd, hashed into *h. */
static bool file_build_id(int fd, uint64_t *h)
{
    unsigned char e[64];
    uint64_t phoff;
    unsigned phnum, phentsize;
    bool is64;

    if (!read_at(fd, e, sizeof(e), 0) || memcmp(e, ELFMAG, SELFMAG) != 0 ||
        e[EI_DATA] != ELFDATA2LSB)
        return false;
    is64 = e[EI_CLASS] == ELFCLASS64;
    if (is64) {
        const Elf64_Ehdr *eh = (const void *)e;
        phoff = eh->e_phoff;
        phnum = eh->e_phnum;
        phentsize = eh->e_phentsize;
    } else {
        Elf32_Ehdr eh;
        memcpy(&eh, e, sizeof(eh));
        phoff = eh.e_phoff;
        phnum = eh.e_phnum;
        phentsize = eh.e_phentsize;
    }
    if (phnum > 64 ||
        phentsize < (is64 ? sizeof(Elf64_Phdr) : sizeof(Elf32_Phdr)))
        return false;
    for (unsigned i = 0; i < phnum; i++) {
        uint64_t off, size;
        uint8_t notes[1024];
        uint32_t type;

        if (is64) {
            Elf64_Phdr ph;
            if (!read_at(fd, &ph, sizeof(ph), phoff + (uint64_t)i * phentsize))
                return false;
            type = ph.p_type, off = ph.p_offset, size = ph.p_filesz;
        } else {
            Elf32_Phdr ph;
            if (!read_at(fd, &ph, sizeof(ph), phoff + (uint64_t)i * phentsize))
                return false;
            type = ph.p_type, off = ph.p_offset, size = ph.p_filesz;
        }
        if (type != PT_NOTE)
            continue;
        if (size > sizeof(notes))
            size = sizeof(notes);
        if (read_at(fd, notes, (size_t)size, off) &&
            hash_build_id_notes(notes, (size_t)size, h))
            return true;
    }
    return false;
}

/* The bytes [offset, offset + len) of the file (as far as it goes). */
static bool file_hash_bytes(int fd, uint64_t offset, uint64_t len,
                            uint64_t size, uint64_t *h)
{
    static uint8_t buf[64u << 10];

    if (len > MAX_HASHED_SEGMENT)
        return false;
    while (len && offset < size) {
        size_t n = len < sizeof(buf) ? (size_t)len : sizeof(buf);
        ssize_t got = pread(fd, buf, n, (off_t)offset);
        if (got <= 0)
            return false;
        *h = hash64(*h, buf, (size_t)got);
        offset += (uint64_t)got;
        len -= (uint64_t)got;
    }
    return true;
}

static bool file_identity(int fd, uint64_t offset, uint64_t len,
                          uint64_t *ident)
{
    struct stat st;
    uint64_t h;

    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
        return false;
    h = hash64(0, &st.st_size, sizeof(st.st_size));
    if (file_build_id(fd, &h)) {
        *ident = hash64(h, "build-id", 8);
        return true;
    }
    if (!file_hash_bytes(fd, offset, len, (uint64_t)st.st_size, &h))
        return false;
    *ident = hash64(h, &offset, sizeof(offset));
    return true;
}

/* ---- where a library goes ---- */

/*
 * Translated code holds guest addresses, so a saved block serves only
 * where its file is mapped at the same address again. Shared libraries
 * are therefore placed at a spot their identity picks, the same in every
 * program (when it is free; else the kernel picks as usual).
 */
#define PLACE_BASE 0x300000000000ull
#define PLACE_SLOTS (1u << 16)
#define PLACE_STRIDE (16ull << 20)

/*
 * A reservation the guest's dynamic linker makes before it maps a library
 * into it (anonymous, PROT_NONE): the n-th such mapping of a process goes
 * to the same spot in every run of the program, from a cursor that only
 * moves down. Bounded: past the first few, the kernel places them.
 */
#define RESERVE_TOP 0x2f0000000000ull
#define RESERVE_MAX_HINTS 256
#define RESERVE_MAX_LEN (1ull << 32)

static uint64_t reserve_hint(uint64_t len)
{
    static uint64_t cursor;
    static unsigned count;

    len = (len + 0xffff) & ~0xffffull;
    if (count >= RESERVE_MAX_HINTS || len > RESERVE_MAX_LEN)
        return 0;
    if (!count++) /* up to 64 GiB down, by the seed */
        cursor = RESERVE_TOP - (seed >> 44) * 0x10000;
    cursor -= len + 0x10000; /* a gap: neighbours never merge */
    return cursor;
}

uint64_t pcache_place_hint(int fd, uint64_t len, int prot)
{
    struct stat st;
    uint64_t h = 0;

    if (!enabled)
        return 0;
    if (fd < 0)
        return prot == PROT_NONE ? reserve_hint(len) : 0;
    if (len > PLACE_STRIDE * 64 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
        return 0;
    if (!file_build_id(fd, &h)) {
        if (!(prot & PROT_EXEC))
            return 0;
        h = hash64(h, &st.st_ino, sizeof(st.st_ino));
        h = hash64(h, &st.st_size, sizeof(st.st_size));
    }
    return PLACE_BASE + (hash64_mix(h ^ seed) % PLACE_SLOTS) * PLACE_STRIDE;
}

/* ---- regions ---- */

/* Under lock. */
static PCacheRegion *region_of(uint64_t pc)
{
    for (int i = 0; i < nb_regions; i++)
        if (pc >= regions[i].start && pc < regions[i].end)
            return &regions[i];
    return NULL;
}

/* Cuts [start, end) out of the regions: what is left on either side of
 * a region stays cacheable. */
static void forget_regions(uint64_t start, uint64_t end)
{
    for (int i = 0; i < nb_regions;) {
        PCacheRegion r = regions[i];

        if (r.end <= start || end <= r.start) {
            i++;
            continue;
        }
        regions[i] = regions[--nb_regions];
        if (r.start < start)
            regions[nb_regions++] =
                (PCacheRegion){r.start, start, r.offset, r.file};
        if (end < r.end && nb_regions < MAX_REGIONS)
            regions[nb_regions++] =
                (PCacheRegion){end, r.end, r.offset + (end - r.start), r.file};
    }
}

static void pcache_note_change(uint64_t start, uint64_t len)
{
    if (!enabled)
        return;
    pthread_mutex_lock(&lock);
    forget_regions(start, start + len);
    pthread_mutex_unlock(&lock);
}

/* New content at [start, end): what was dropped there before is gone. */
static void untaint(uint64_t start, uint64_t end)
{
    for (int i = 0; i < nb_tainted;) {
        if (tainted[i] >= start && tainted[i] < end)
            tainted[i] = tainted[--nb_tainted];
        else
            i++;
    }
}

static void pcache_note_file_map(uint64_t start, uint64_t len, int prot,
                                 bool shared, int fd, uint64_t offset)
{
    uint64_t ident;
    PCacheFile *file;

    if (!enabled)
        return;
    pcache_note_change(start, len);
    if (shared || !(prot & PROT_EXEC) || (prot & PROT_WRITE) || len == 0 ||
        !file_identity(fd, offset, len, &ident))
        return;
    pthread_mutex_lock(&lock);
    file = pcache_file_get(ident);
    if (file && nb_regions < MAX_REGIONS) {
        if (log_enabled(LOG_PCACHE))
            arx_log("pcache: code at 0x%llx-0x%llx (file offset 0x%llx) "
                    "in %s\n",
                    (unsigned long long)start,
                    (unsigned long long)(start + len),
                    (unsigned long long)offset, pcache_file_name(file));
        regions[nb_regions++] =
            (PCacheRegion){start, start + len, offset, file};
        untaint(start, start + len);
    }
    pthread_mutex_unlock(&lock);
}

/* ---- hooks for tb.c (under the translation lock) ---- */

static bool is_tainted(uint64_t pc, uint32_t size)
{
    uint64_t first = pc & ~(uint64_t)(GUEST_PAGE_SIZE - 1);
    uint64_t last =
        (pc + (size ? size - 1 : 0)) & ~(uint64_t)(GUEST_PAGE_SIZE - 1);

    if (taint_overflow)
        return true;
    for (int i = 0; i < nb_tainted; i++)
        if (tainted[i] == first || tainted[i] == last)
            return true;
    return false;
}

/*
 * Once tagged pointers may exist (FEAT_MTE), blocks untag and check every
 * access (arm_mte_active); once a page was guarded (FEAT_BTI), blocks keep
 * BTYPE and those of guarded pages check their landing pad
 * (arm_bti_active). Neither is in a block's key, so a saved block may
 * lack them or have them where another process needs otherwise: the
 * cache is neither read nor written from then on.
 */
static bool state_outside_key(void)
{
    return __atomic_load_n(&arm_mte_active, __ATOMIC_ACQUIRE) ||
           __atomic_load_n(&arm_bti_active, __ATOMIC_ACQUIRE);
}

/*
 * The hash of the guest code [pc, pc + size) a record is made from and
 * must be used with: a translation is a function of its guest bytes (with
 * its key and the options the file name holds), so a record whose bytes
 * changed is never used, even where a file's identity says "same" (an
 * edit in place that kept the build-id and size).
 */
static uint64_t guest_code_hash(uint64_t pc, uint32_t size)
{
    return hash64(pc, g2h(pc), size);
}

static const void *pcache_find(uint64_t pc, uint32_t flags, size_t *len)
{
    const void *rec = NULL;
    uint64_t guest_hash = 0;
    PCacheRegion *r;
    uint32_t size;

    if (is_tainted(pc, 1) || state_outside_key())
        return NULL;
    pthread_mutex_lock(&lock);
    r = region_of(pc);
    if (r)
        rec = pcache_file_find(r->file, pc, flags, r->offset + (pc - r->start),
                               len, &guest_hash);
    /* The block must lie in the mapping (its first word: guest bytes). */
    if (rec && (*len < 4 || (memcpy(&size, rec, 4), size == 0) ||
                size > r->end - pc || is_tainted(pc, size)))
        rec = NULL;
    if (rec && guest_code_hash(pc, size) != guest_hash) {
        if (log_enabled(LOG_PCACHE))
            arx_log("pcache: 0x%llx: guest code changed, record ignored\n",
                    (unsigned long long)pc);
        rec = NULL;
    }
    pthread_mutex_unlock(&lock);
    return rec;
}

static bool pcache_wants(uint64_t pc, uint32_t flags, uint32_t size)
{
    PCacheRegion *r;
    bool ok;

    (void)flags;
    if (is_tainted(pc, size) || state_outside_key())
        return false;
    pthread_mutex_lock(&lock);
    r = region_of(pc);
    ok = r && size <= r->end - pc;
    pthread_mutex_unlock(&lock);
    return ok;
}

static void pcache_save(uint64_t pc, uint32_t flags, const void *rec,
                        size_t len)
{
    PCacheRegion *r;
    uint32_t size;

    if (len < 4)
        return;
    memcpy(&size, rec, 4); /* guest bytes, inside the region (wants) */
    pthread_mutex_lock(&lock);
    r = region_of(pc);
    if (r && size <= r->end - pc)
        pcache_file_add(r->file, pc, flags, r->offset + (pc - r->start),
                        guest_code_hash(pc, size), rec, len);
    pthread_mutex_unlock(&lock);
}

/* May run in a SIGSEGV handler: no lock, no allocation. */
static void pcache_page_dropped(uint64_t page)
{
    if (nb_tainted == MAX_TAINTED)
        taint_overflow = true;
    else
        tainted[nb_tainted++] = page;
}

/* Code made writable (text relocations, a JIT) or no longer executable
 * stops being cacheable; the loader's protect to the same R+X keeps it. */
static void pcache_note_protect(uint64_t start, uint64_t len, int prot)
{
    if ((prot & PROT_WRITE) || !(prot & PROT_EXEC))
        pcache_note_change(start, len);
}

static const VmaObserver pcache_observer = {
    .file_map = pcache_note_file_map,
    .change = pcache_note_change,
    .protect = pcache_note_protect,
};

static const TBPersistOps pcache_ops = {
    .find = pcache_find,
    .wants = pcache_wants,
    .save = pcache_save,
    .page_dropped = pcache_page_dropped,
};

static void pcache_after_fork_child(void)
{
    pthread_mutex_t fresh = PTHREAD_MUTEX_INITIALIZER;

    lock = fresh;
    pcache_file_forget_pending();
}

void pcache_start(void)
{
    if (!enabled)
        return;
    pthread_atfork(NULL, NULL, pcache_after_fork_child);
    tb_set_persist(&pcache_ops);
}

void pcache_flush(void)
{
    if (!enabled)
        return;
    tb_lock_code();
    /* A fatal signal may come while this thread holds the lock. */
    if (pthread_mutex_trylock(&lock) == 0) {
        pcache_file_flush_all();
        pthread_mutex_unlock(&lock);
    }
    tb_unlock_code();
}

int pcache_print_stats(FILE *out)
{
    if (!enabled) {
        fprintf(out, "cache: off\n");
        return 0;
    }
    return pcache_file_print_stats(out);
}

int pcache_clear(FILE *out)
{
    if (!enabled) {
        fprintf(out, "cache: off\n");
        return 0;
    }
    char path[PATH_MAX];

    seed_path(path, sizeof(path));
    unlink(path); /* the next process picks new spots */
    return pcache_file_clear(out);
}
