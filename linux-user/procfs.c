/*
 * /proc files whose host content would show arx instead of the guest:
 * maps and smaps (from vma.c, exact fields from the host's lines), auxv,
 * cmdline, environ and an arm64 cpuinfo, served from a memfd at open time.
 * Must not change the table or serve paths of other processes.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <ctype.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "linux-user/loader.h"
#include "linux-user/path.h"
#include "linux-user/procfs.h"
#include "linux-user/user.h"
#include "linux-user/vma.h"
#include "target-arm/helper_sys.h"
#include "util/fd_all.h"

/* Kernel's show_map_vma(): the name starts after this column and a space. */
#define PROCFS_MAPS_NAME_COLUMN 72

enum { PROCFS_AT_HWCAP = 16, PROCFS_AT_HWCAP2 = 26 };

/* ---- reading host files ---- */

/* Whole file, NUL-terminated, or NULL; the length goes to *len. */
static char *procfs_read_host(const char *path, size_t *len)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    size_t cap = 65536, n = 0;
    char *buf = malloc(cap);

    if (fd < 0 || !buf) {
        if (fd >= 0)
            close(fd);
        free(buf);
        return NULL;
    }
    for (;;) {
        if (n + 1 >= cap) {
            char *grown = realloc(buf, 2 * cap);
            if (!grown)
                break;
            buf = grown;
            cap *= 2;
        }
        ssize_t r = read(fd, buf + n, cap - n - 1);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0) {
            close(fd);
            buf[n] = '\0';
            *len = n;
            return buf;
        }
        n += (size_t)r;
    }
    close(fd);
    free(buf);
    return NULL;
}

/* One host maps/smaps entry; strings point into the read buffer. */
typedef struct HostMap {
    uint64_t start, end, offset, inode;
    unsigned major, minor;
    const char *path;   /* "" for none */
    const char *fields; /* smaps: first field line; lines NUL-separated */
    size_t nfields;
} HostMap;

/* Parses a maps header line; false for smaps field lines. */
static bool procfs_parse_header(const char *line, HostMap *h)
{
    char perms[8];
    int name_at = 0;

    if (sscanf(line,
               "%" SCNx64 "-%" SCNx64 " %7s %" SCNx64 " %x:%x %" SCNu64 " %n",
               &h->start, &h->end, perms, &h->offset, &h->major, &h->minor,
               &h->inode, &name_at) < 7 ||
        name_at == 0)
        return false;
    h->path = line + name_at;
    h->fields = NULL;
    h->nfields = 0;
    return true;
}

/* Splits buf into lines in place; returns the entries in address order. */
static HostMap *procfs_parse_host(char *buf, size_t *count)
{
    size_t n = 0, cap = 256;
    HostMap *maps = malloc(cap * sizeof(*maps));

    for (char *line = buf; maps && *line;) {
        char *nl = strchr(line, '\n');
        char *next = nl ? nl + 1 : line + strlen(line);
        if (nl)
            *nl = '\0';
        if (n == cap) {
            HostMap *grown = realloc(maps, (cap *= 2) * sizeof(*maps));
            if (!grown) {
                free(maps);
                return NULL;
            }
            maps = grown;
        }
        if (procfs_parse_header(line, &maps[n])) {
            n++;
        } else if (n > 0) {
            if (!maps[n - 1].fields)
                maps[n - 1].fields = line;
            maps[n - 1].nfields++;
        }
        line = next;
    }
    *count = n;
    return maps;
}

/* ---- maps: the guest table cut along the host's lines ---- */

typedef struct MapsLine {
    uint64_t start, end, offset, inode;
    unsigned major, minor;
    char perms[5];
    const char *path;
    size_t host_first, host_last; /* host entries it was cut from */
} MapsLine;

static bool procfs_is_label(const char *name)
{
    return name && name[0] == '[';
}

/* Names the guest gave its own anonymous memory (PR_SET_VMA_ANON_NAME). */
static bool procfs_is_anon_name(const char *name)
{
    return strncmp(name, "[anon:", 6) == 0 ||
           strncmp(name, "[anon_shmem:", 12) == 0;
}

/* One piece: guest v over host h, both covering [start, end). */
static MapsLine procfs_piece(const GuestVma *v, const HostMap *h, size_t hi,
                             uint64_t start, uint64_t end)
{
    MapsLine l = {.start = start,
                  .end = end,
                  .path = "",
                  .host_first = hi,
                  .host_last = hi};

    snprintf(l.perms, sizeof(l.perms), "%c%c%c%c",
             v->prot & PROT_READ ? 'r' : '-', v->prot & PROT_WRITE ? 'w' : '-',
             v->prot & PROT_EXEC ? 'x' : '-', v->shared ? 's' : 'p');
    if (procfs_is_label(v->name)) {
        l.path = v->name;
    } else if (h->inode != 0 || (h->path[0] && !procfs_is_label(h->path)) ||
               procfs_is_anon_name(h->path)) {
        /* The host line is the file's own: its identity is exact. */
        l.offset = h->offset + (start - h->start);
        l.major = h->major;
        l.minor = h->minor;
        l.inode = h->inode;
        l.path = path_guest_view(h->path);
    } else if (v->inode != 0) {
        l.offset = v->offset + (start - v->start);
        l.major = major(v->dev);
        l.minor = minor(v->dev);
        l.inode = v->inode;
        l.path = v->name ? path_guest_view(v->name) : "";
    }
    return l;
}

static bool procfs_joinable(const MapsLine *a, const MapsLine *b)
{
    return a->end == b->start && strcmp(a->perms, b->perms) == 0 &&
           a->major == b->major && a->minor == b->minor &&
           a->inode == b->inode && strcmp(a->path, b->path) == 0 &&
           (a->inode == 0 || a->offset + (a->end - a->start) == b->offset);
}

/*
 * Only what both the guest table and the host hold is shown: a recorded
 * region the host no longer maps is gone, and arx's own mappings never
 * appear because the guest never recorded them.
 */
static MapsLine *procfs_cut(const GuestVma *v, size_t nv, const HostMap *h,
                            size_t nh, size_t *count)
{
    MapsLine *out = malloc((nv + nh + 1) * sizeof(*out));
    size_t n = 0, i = 0, j = 0;

    while (out && i < nv && j < nh) {
        uint64_t start = v[i].start > h[j].start ? v[i].start : h[j].start;
        uint64_t end = v[i].end < h[j].end ? v[i].end : h[j].end;
        if (start < end) {
            MapsLine l = procfs_piece(&v[i], &h[j], j, start, end);
            if (n > 0 && procfs_joinable(&out[n - 1], &l)) {
                out[n - 1].end = l.end;
                out[n - 1].host_last = j;
            } else {
                out[n++] = l;
            }
        }
        if (v[i].end <= h[j].end)
            i++;
        else
            j++;
    }
    *count = n;
    return out;
}

static void procfs_print_header(FILE *f, const MapsLine *l)
{
    int n = fprintf(
        f,
        "%08" PRIx64 "-%08" PRIx64 " %s %08" PRIx64 " %02x:%02x %" PRIu64 " ",
        l->start, l->end, l->perms, l->offset, l->major, l->minor, l->inode);

    if (l->path[0])
        fprintf(f, "%*s%s",
                n < PROCFS_MAPS_NAME_COLUMN ? PROCFS_MAPS_NAME_COLUMN - n + 1
                                            : 1,
                " ", l->path);
    fputc('\n', f);
}

/* ---- smaps: the host's fields, summed over the pieces a line covers ---- */

#define PROCFS_MAX_FIELDS 48

typedef struct SmapsField {
    char key[40]; /* "Rss:" and the padding before the number */
    int width;    /* columns taken by key and number together */
    uint64_t kb;
    bool sized; /* a "N kB" line; else text is printed as is */
    const char *text;
} SmapsField;

/* "Key:      123 kB" -> key with padding, value and total width. */
static bool procfs_parse_kb(const char *line, SmapsField *fld)
{
    const char *colon = strchr(line, ':');
    const char *digits, *end;
    size_t keylen;

    if (!colon)
        return false;
    for (digits = colon + 1; *digits == ' '; digits++)
        ;
    for (end = digits; isdigit((unsigned char)*end); end++)
        ;
    if (end == digits || strcmp(end, " kB") != 0)
        return false;
    keylen = (size_t)(colon + 1 - line);
    if (keylen >= sizeof(fld->key))
        return false;
    memcpy(fld->key, line, keylen);
    fld->key[keylen] = '\0';
    fld->width = (int)(end - line);
    fld->kb = strtoull(digits, NULL, 10);
    fld->sized = true;
    return true;
}

/* Fields of the first host entry, as the template for the line. */
static size_t procfs_smaps_template(const HostMap *h, SmapsField *fields)
{
    const char *line = h->fields;
    size_t n = 0;

    for (size_t i = 0; i < h->nfields && n < PROCFS_MAX_FIELDS; i++) {
        SmapsField *f = &fields[n];
        memset(f, 0, sizeof(*f));
        /* x86 protection keys mean nothing to an arm64 guest. */
        if (strncmp(line, "ProtectionKey:", 14) != 0) {
            if (!procfs_parse_kb(line, f))
                f->text = line;
            f->kb = 0;
            n++;
        }
        line += strlen(line) + 1;
    }
    return n;
}

/* Adds the share of host entry h that [start, end) covers. */
static void procfs_smaps_add(SmapsField *fields, size_t n, const HostMap *h,
                             uint64_t start, uint64_t end)
{
    uint64_t lo = start > h->start ? start : h->start;
    uint64_t hi = end < h->end ? end : h->end;
    const char *line = h->fields;

    if (lo >= hi)
        return;
    for (size_t i = 0; i < h->nfields; i++, line += strlen(line) + 1) {
        SmapsField got;
        if (!procfs_parse_kb(line, &got))
            continue;
        for (size_t k = 0; k < n; k++) {
            if (!fields[k].sized || strcmp(fields[k].key, got.key) != 0)
                continue;
            if (strstr(got.key, "PageSize"))
                fields[k].kb = got.kb;
            else
                fields[k].kb += (uint64_t)((unsigned __int128)got.kb *
                                           (hi - lo) / (h->end - h->start));
            break;
        }
    }
}

static void procfs_print_smaps_fields(FILE *f, const MapsLine *l,
                                      const HostMap *h)
{
    SmapsField fields[PROCFS_MAX_FIELDS];
    size_t n = procfs_smaps_template(&h[l->host_first], fields);

    for (size_t j = l->host_first; j <= l->host_last; j++)
        procfs_smaps_add(fields, n, &h[j], l->start, l->end);
    for (size_t k = 0; k < n; k++) {
        if (!fields[k].sized) {
            fprintf(f, "%s\n", fields[k].text);
            continue;
        }
        if (strcmp(fields[k].key, "Size:") == 0)
            fields[k].kb = (l->end - l->start) / 1024;
        int keylen = (int)strlen(fields[k].key);
        fprintf(f, "%s%*" PRIu64 " kB\n", fields[k].key,
                fields[k].width > keylen ? fields[k].width - keylen : 1,
                fields[k].kb);
    }
}

static bool procfs_gen_maps(FILE *f, bool smaps)
{
    size_t len, nh, nv, nl;
    char *buf =
        procfs_read_host(smaps ? "/proc/self/smaps" : "/proc/self/maps", &len);
    HostMap *h = buf ? procfs_parse_host(buf, &nh) : NULL;
    GuestVma *v = NULL;
    MapsLine *lines = NULL;
    bool ok = false;

    if (h) {
        nv = vma_snapshot(&v);
        lines = v ? procfs_cut(v, nv, h, nh, &nl) : NULL;
    }
    for (size_t i = 0; lines && i < nl; i++) {
        procfs_print_header(f, &lines[i]);
        if (smaps)
            procfs_print_smaps_fields(f, &lines[i], h);
    }
    ok = lines != NULL;
    free(lines);
    free(v);
    free(h);
    free(buf);
    return ok;
}

/* ---- exec-time facts ---- */

static bool procfs_gen_auxv(FILE *f)
{
    VmaExecLayout l;

    vma_exec_layout(&l);
    if (l.auxv_pairs == 0)
        return false;
    if (loader_target->word == 8) {
        fwrite(l.auxv, 2 * sizeof(uint64_t), l.auxv_pairs, f);
        return true;
    }
    for (size_t i = 0; i < 2 * l.auxv_pairs; i++) {
        uint32_t word = (uint32_t)l.auxv[i];
        fwrite(&word, sizeof(word), 1, f);
    }
    return true;
}

/* cmdline and environ read the guest's memory, as the kernel does. */
static bool procfs_gen_strings(FILE *f, bool env)
{
    VmaExecLayout l;
    uint64_t start, end;

    vma_exec_layout(&l);
    start = env ? l.env_start : l.arg_start;
    end = env ? l.env_end : l.arg_end;
    if (l.auxv_pairs == 0 || end < start)
        return false;
    fwrite(g2h(start), 1, end - start, f);
    return true;
}

/* ---- cpuinfo: what an arm64 kernel prints for the CPU arx emulates ---- */

/* arm64 hwcap names in the kernel's order: AT_HWCAP bits, then AT_HWCAP2. */
static const char *const procfs_hwcap_names[] = {
    "fp",     "asimd",   "evtstrm",  "aes",     "pmull", "sha1",     "sha2",
    "crc32",  "atomics", "fphp",     "asimdhp", "cpuid", "asimdrdm", "jscvt",
    "fcma",   "lrcpc",   "dcpop",    "sha3",    "sm3",   "sm4",      "asimddp",
    "sha512", "sve",     "asimdfhm", "dit",     "uscat", "ilrcpc",   "flagm",
    "ssbs",   "sb",      "paca",     "pacg",
};
static const char *const procfs_hwcap2_names[] = {
    "dcpodp",     "sve2",      "sveaes",    "svepmull",  "svebitperm",
    "svesha3",    "svesm4",    "flagm2",    "frint",     "svei8mm",
    "svef32mm",   "svef64mm",  "svebf16",   "i8mm",      "bf16",
    "dgh",        "rng",       "bti",       "mte",       "ecv",
    "afp",        "rpres",     "mte3",      "sme",       "smei16i64",
    "smef64f64",  "smei8i32",  "smef16f32", "smeb16f32", "smef32f32",
    "smefa64",    "wfxt",      "ebf16",     "sveebf16",  "cssc",
    "rprfm",      "sve2p1",    "sme2",      "sme2p1",    "smei16i32",
    "smebi32i32", "smeb16b16", "smef16f16", "mops",      "hbc",
};

/* What an arm64 kernel prints for a 32-bit (compat) task: the arm names. */
static const char *const procfs_arm_hwcap_names[] = {
    "swp",   "half",   "thumb",    "26bit",   "fastmult", "fpa",
    "vfp",   "edsp",   "java",     "iwmmxt",  "crunch",   "thumbee",
    "neon",  "vfpv3",  "vfpv3d16", "tls",     "vfpv4",    "idiva",
    "idivt", "vfpd32", "lpae",     "evtstrm",
};
static const char *const procfs_arm_hwcap2_names[] = {
    "aes", "pmull", "sha1", "sha2", "crc32",
};

static uint64_t procfs_auxv_value(const VmaExecLayout *l, uint64_t type)
{
    for (size_t i = 0; i < l->auxv_pairs; i++)
        if (l->auxv[2 * i] == type)
            return l->auxv[2 * i + 1];
    return 0;
}

static void procfs_print_names(FILE *f, uint64_t caps, const char *const *names,
                               size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (caps & (1ull << i))
            fprintf(f, " %s", names[i]);
}

static void procfs_print_features(FILE *f)
{
    VmaExecLayout l;
    uint64_t caps, caps2;

    vma_exec_layout(&l);
    caps = procfs_auxv_value(&l, PROCFS_AT_HWCAP);
    caps2 = procfs_auxv_value(&l, PROCFS_AT_HWCAP2);
    fputs("Features\t:", f);
    if (loader_target->machine == EM_ARM) {
        procfs_print_names(f, caps, procfs_arm_hwcap_names,
                           sizeof(procfs_arm_hwcap_names) / sizeof(char *));
        procfs_print_names(f, caps2, procfs_arm_hwcap2_names,
                           sizeof(procfs_arm_hwcap2_names) / sizeof(char *));
    } else {
        procfs_print_names(f, caps, procfs_hwcap_names,
                           sizeof(procfs_hwcap_names) / sizeof(char *));
        procfs_print_names(f, caps2, procfs_hwcap2_names,
                           sizeof(procfs_hwcap2_names) / sizeof(char *));
    }
    fputc('\n', f);
}

static void procfs_print_cpu(FILE *f, long cpu)
{
    /* arm64 derives BogoMIPS from the generic timer: 2 * CNTFRQ / 1e6. */
    uint64_t centi_mips = 2 * ARX_CNTFRQ_HZ / 10000;
    uint64_t midr = ARX_MIDR_EL1;

    fprintf(f, "processor\t: %ld\n", cpu);
    if (loader_target->machine == EM_ARM)
        fprintf(f, "model name\t: ARMv8 Processor rev %u (v8l)\n",
                (unsigned)midr & 0xf);
    fprintf(f, "BogoMIPS\t: %" PRIu64 ".%02" PRIu64 "\n", centi_mips / 100,
            centi_mips % 100);
    procfs_print_features(f);
    fprintf(f, "CPU implementer\t: 0x%02x\n", (unsigned)(midr >> 24) & 0xff);
    fputs("CPU architecture: 8\n", f);
    fprintf(f, "CPU variant\t: 0x%x\n", (unsigned)(midr >> 20) & 0xf);
    fprintf(f, "CPU part\t: 0x%03x\n", (unsigned)(midr >> 4) & 0xfff);
    fprintf(f, "CPU revision\t: %u\n\n", (unsigned)midr & 0xf);
}

/* One block per CPU the host lists, with the host's numbering. */
static bool procfs_gen_cpuinfo(FILE *f)
{
    size_t len;
    char *host = procfs_read_host("/proc/cpuinfo", &len);
    long cpus = 0;

    for (char *line = host; line && *line;) {
        char *colon;
        if (strncmp(line, "processor", 9) == 0 &&
            (colon = strchr(line, ':')) != NULL) {
            procfs_print_cpu(f, strtol(colon + 1, NULL, 10));
            cpus++;
        }
        line = strchr(line, '\n');
        line = line ? line + 1 : NULL;
    }
    free(host);
    for (long i = 0; cpus == 0 && i < sysconf(_SC_NPROCESSORS_ONLN); i++)
        procfs_print_cpu(f, i);
    return true;
}

/* ---- which paths ---- */

/* Parses a decimal number ending at '/'; *rest points after the slash. */
static bool procfs_number(const char *s, long *value, const char **rest)
{
    char *end;

    if (!isdigit((unsigned char)*s))
        return false;
    *value = strtol(s, &end, 10);
    if (*end != '/')
        return false;
    *rest = end + 1;
    return true;
}

static bool procfs_is_own_task(long tid)
{
    char dir[48];

    snprintf(dir, sizeof(dir), "/proc/self/task/%ld", tid);
    return access(dir, F_OK) == 0;
}

const char *procfs_own_entry(const char *path)
{
    const char *rest;
    long id;

    if (!path || strncmp(path, "/proc/", 6) != 0)
        return NULL;
    path += 6;
    if (strncmp(path, "thread-self/", 12) == 0)
        return path + 12;
    if (strncmp(path, "self/", 5) == 0)
        rest = path + 5;
    else if (!procfs_number(path, &id, &rest) || id != (long)getpid())
        return NULL;
    if (strncmp(rest, "task/", 5) != 0)
        return rest;
    if (!procfs_number(rest + 5, &id, &rest) || !procfs_is_own_task(id))
        return NULL;
    return rest;
}

/* The generator for path, or false when the host's file is right. */
static bool procfs_generate(const char *path, FILE *f, bool *handled)
{
    const char *entry = procfs_own_entry(path);

    *handled = true;
    if (strcmp(path, "/proc/cpuinfo") == 0)
        return procfs_gen_cpuinfo(f);
    if (entry && strcmp(entry, "maps") == 0)
        return procfs_gen_maps(f, false);
    if (entry && strcmp(entry, "smaps") == 0)
        return procfs_gen_maps(f, true);
    if (entry && strcmp(entry, "auxv") == 0)
        return procfs_gen_auxv(f);
    if (entry && strcmp(entry, "cmdline") == 0)
        return procfs_gen_strings(f, false);
    if (entry && strcmp(entry, "environ") == 0)
        return procfs_gen_strings(f, true);
    *handled = false;
    return false;
}

/*
 * A read-only descriptor of a memfd holding data, at offset 0, as an
 * open of the real file would give (writes fail with EBADF).
 */
/*
 * The memfd's name carries the file's path as the kernel would name it
 * (/proc/<pid>/maps for /proc/self/maps), so readlink of the guest's
 * /proc/self/fd/N can show that instead of the memfd.
 */
#define PROCFS_MEMFD_TAG "arx-proc:"
#define PROCFS_MEMFD_DELETED " (deleted)"

static void procfs_memfd_name(const char *path, char *name, size_t len)
{
    long pid = (long)getpid();

    if (strncmp(path, "/proc/self/", 11) == 0)
        snprintf(name, len, PROCFS_MEMFD_TAG "/proc/%ld/%s", pid, path + 11);
    else if (strncmp(path, "/proc/thread-self/", 18) == 0)
        snprintf(name, len, PROCFS_MEMFD_TAG "/proc/%ld/task/%ld/%s", pid,
                 (long)gettid(), path + 18);
    else
        snprintf(name, len, PROCFS_MEMFD_TAG "%s", path);
}

bool procfs_link_text(char *text)
{
    size_t len = strlen(text), tag = strlen(PROCFS_LINK_PREFIX),
           deleted = strlen(PROCFS_MEMFD_DELETED);

    if (len < tag + deleted || strncmp(text, PROCFS_LINK_PREFIX, tag) != 0 ||
        strcmp(text + len - deleted, PROCFS_MEMFD_DELETED) != 0)
        return false;
    len -= tag + deleted;
    memmove(text, text + tag, len);
    text[len] = '\0';
    return true;
}

static int64_t procfs_memfd(const char *path, const char *data, size_t len,
                            int flags)
{
    /* memfd names are at most 249 bytes; a longer one is cut. */
    char name[250];
    int fd;

    procfs_memfd_name(path, name, sizeof(name));
    fd = memfd_create(name, MFD_CLOEXEC);
    int cloexec = flags & O_CLOEXEC;
    char link[48];
    int ro, e;

    if (fd < 0)
        return -errno;
    if (!write_all(fd, data, len)) {
        e = errno ? errno : EIO;
        close(fd);
        return -e;
    }
    snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
    ro = open(link, O_RDONLY | O_CLOEXEC | (flags & O_NONBLOCK));
    /* The guest gets the lowest free number, as its own open would. */
    if (ro < 0 || dup3(ro, fd, cloexec) < 0) {
        e = errno;
        if (ro >= 0)
            close(ro);
        close(fd);
        return -e;
    }
    close(ro);
    return fd;
}

bool procfs_open(const char *path, int host_flags, int64_t *result)
{
    char *data = NULL;
    size_t len = 0;
    bool handled;
    FILE *f;

    if (!path || strncmp(path, "/proc/", 6) != 0 ||
        (host_flags & O_ACCMODE) != O_RDONLY ||
        (host_flags & (O_DIRECTORY | O_PATH | O_CREAT)))
        return false;
    f = open_memstream(&data, &len);
    if (!f)
        return false;
    bool ok = procfs_generate(path, f, &handled);
    if (fclose(f) != 0)
        ok = false;
    if (handled && ok)
        *result = procfs_memfd(path, data, len, host_flags);
    free(data);
    return handled && ok;
}
