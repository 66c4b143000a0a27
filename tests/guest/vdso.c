/*
 * Guest test: the vDSO. AT_SYSINFO_EHDR names an ELF image that a
 * program can parse as the Go runtime does (program headers, dynamic
 * section, SysV hash, symbols, version definitions) to find the clock
 * function (__kernel_clock_gettime on arm64, __vdso_clock_gettime on
 * x86-64) in version LINUX_2.6.39 / LINUX_2.6; calling it directly must
 * agree with clock_gettime(). glibc's own clock calls go through it too.
 * The output is the same on any architecture with a vDSO.
 */
#define _GNU_SOURCE
#include <elf.h>
#include <errno.h>
#include <signal.h>
#include <unistd.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/time.h>
#include <time.h>

#if defined(__aarch64__)
#define CLOCK_SYM "__kernel_clock_gettime"
#define GETRES_SYM "__kernel_clock_getres"
#define TOD_SYM "__kernel_gettimeofday"
#define VERSION "LINUX_2.6.39"
#else
#define CLOCK_SYM "__vdso_clock_gettime"
#define GETRES_SYM "__vdso_clock_getres"
#define TOD_SYM "__vdso_gettimeofday"
#define VERSION "LINUX_2.6"
#endif

typedef struct Vdso {
    uintptr_t bias;
    const ElfW(Sym) * symtab;
    const char *strtab;
    const uint32_t *hash;
    const ElfW(Half) * versym;
    const ElfW(Verdef) * verdef;
} Vdso;

static int vdso_open(Vdso *v, const ElfW(Ehdr) * eh)
{
    const ElfW(Phdr) *ph = (const void *)((const char *)eh + eh->e_phoff);
    const ElfW(Dyn) *dyn = NULL;
    int have_load = 0;

    if (memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 || eh->e_type != ET_DYN)
        return -1;
    memset(v, 0, sizeof(*v));
    for (int i = 0; i < eh->e_phnum; i++) {
        if (ph[i].p_type == PT_LOAD && !have_load) {
            v->bias = (uintptr_t)eh + ph[i].p_offset - ph[i].p_vaddr;
            have_load = 1;
        } else if (ph[i].p_type == PT_DYNAMIC) {
            dyn = (const void *)((const char *)eh + ph[i].p_offset);
        }
    }
    if (!have_load || !dyn)
        return -2;
    for (; dyn->d_tag != DT_NULL; dyn++) {
        const void *p = (const void *)(v->bias + dyn->d_un.d_ptr);
        switch (dyn->d_tag) {
        case DT_SYMTAB: v->symtab = p; break;
        case DT_STRTAB: v->strtab = p; break;
        case DT_HASH: v->hash = p; break;
        case DT_VERSYM: v->versym = p; break;
        case DT_VERDEF: v->verdef = p; break;
        }
    }
    return v->symtab && v->strtab && v->hash ? 0 : -3;
}

/* The index of version name in the version definitions, or -1. */
static int vdso_version_index(const Vdso *v, const char *name)
{
    const ElfW(Verdef) *d = v->verdef;

    while (d) {
        const ElfW(Verdaux) *aux = (const void *)((const char *)d + d->vd_aux);
        if (!(d->vd_flags & VER_FLG_BASE) &&
            strcmp(v->strtab + aux->vda_name, name) == 0)
            return d->vd_ndx & 0x7fff;
        if (!d->vd_next)
            break;
        d = (const void *)((const char *)d + d->vd_next);
    }
    return -1;
}

/* Walks the SysV hash chain of name, as a dynamic linker does. */
static void *vdso_sym(const Vdso *v, const char *name, int version)
{
    uint32_t nbucket = v->hash[0], h = 0, g;
    const uint32_t *bucket = v->hash + 2, *chain = bucket + nbucket;

    for (const unsigned char *p = (const void *)name; *p; p++) {
        h = (h << 4) + *p;
        g = h & 0xf0000000u;
        if (g)
            h ^= g >> 24;
        h &= ~g;
    }
    for (uint32_t i = bucket[h % nbucket]; i; i = chain[i]) {
        const ElfW(Sym) *s = &v->symtab[i];
        if (strcmp(v->strtab + s->st_name, name) != 0 ||
            s->st_shndx == SHN_UNDEF || ELF64_ST_TYPE(s->st_info) != STT_FUNC)
            continue;
        if (v->versym && version >= 0 && (v->versym[i] & 0x7fff) != version)
            continue;
        return (void *)(v->bias + s->st_value);
    }
    return NULL;
}

/* A bad pointer faults in the vDSO (a user-space store), as natively. */
static void on_segv(int sig, siginfo_t *si, void *ctx)
{
    (void)ctx;
    printf("bad pointer: signal %d code %d at %s\n", sig, si->si_code,
           si->si_addr == (void *)16 ? "16" : "elsewhere");
    fflush(stdout);
    _exit(0);
}

static int64_t ns(const struct timespec *t)
{
    return (int64_t)t->tv_sec * 1000000000 + t->tv_nsec;
}

int main(void)
{
    const ElfW(Ehdr) *eh = (const void *)getauxval(AT_SYSINFO_EHDR);
    int (*vgettime)(clockid_t, struct timespec *);
    int (*vgetres)(clockid_t, struct timespec *);
    int (*vtod)(struct timeval *, void *);
    struct timespec a, b, c, res;
    struct timeval tv;
    Vdso v;
    int version, r;
    time_t now;

    if (!eh) {
        printf("no AT_SYSINFO_EHDR\n");
        return 1;
    }
    printf("parse: %d\n", vdso_open(&v, eh));
    version = vdso_version_index(&v, VERSION);
    printf("version: %s\n", version > 0 ? "found" : "missing");
    vgettime =
        (int (*)(clockid_t, struct timespec *))vdso_sym(&v, CLOCK_SYM, version);
    vgetres = (int (*)(clockid_t, struct timespec *))vdso_sym(&v, GETRES_SYM,
                                                              version);
    vtod = (int (*)(struct timeval *, void *))vdso_sym(&v, TOD_SYM, version);
    printf("clock_gettime %s, clock_getres %s, gettimeofday %s\n",
           vgettime ? "found" : "missing", vgetres ? "found" : "missing",
           vtod ? "found" : "missing");
    if (!vgettime || !vgetres || !vtod)
        return 1;

    /* Monotonic: libc, the vDSO directly, libc again, never backwards. */
    clock_gettime(CLOCK_MONOTONIC, &a);
    printf("vdso monotonic: %d\n", vgettime(CLOCK_MONOTONIC, &b));
    clock_gettime(CLOCK_MONOTONIC, &c);
    printf("ordered: %s\n",
           ns(&a) <= ns(&b) && ns(&b) <= ns(&c) ? "yes" : "no");
    /* Realtime against time() and gettimeofday, within a second. */
    r = vgettime(CLOCK_REALTIME, &b);
    now = time(NULL);
    printf("vdso realtime: %d, near time(): %s\n", r,
           b.tv_sec - now <= 1 && now - b.tv_sec <= 1 ? "yes" : "no");
    r = vtod(&tv, NULL);
    printf("vdso gettimeofday: %d, near: %s, usec in range: %s\n", r,
           tv.tv_sec - b.tv_sec <= 1 ? "yes" : "no",
           tv.tv_usec >= 0 && tv.tv_usec < 1000000 ? "yes" : "no");
    r = vgetres(CLOCK_MONOTONIC, &res);
    printf("vdso getres monotonic: %d, res %ld ns\n", r, (long)res.tv_nsec);
    /* The thread's CPU clock and a clock that does not exist. */
    printf("vdso thread cputime: %d\n", vgettime(CLOCK_THREAD_CPUTIME_ID, &b));
    errno = 0;
    r = vgettime(1000, &b);
    printf("vdso clock 1000: %s\n", r == -EINVAL || (r == -1 && errno == EINVAL)
                                        ? "EINVAL"
                                        : "accepted");
    printf("libc getres null: %d\n", clock_getres(CLOCK_MONOTONIC, NULL));
    {
        struct sigaction sa;
        memset(&sa, 0, sizeof(sa));
        sa.sa_sigaction = on_segv;
        sa.sa_flags = SA_SIGINFO;
        sigaction(SIGSEGV, &sa, NULL);
    }
    fflush(stdout);
    vgettime(CLOCK_MONOTONIC, (struct timespec *)16);
    printf("bad pointer: no fault\n");
    return 1;
}
