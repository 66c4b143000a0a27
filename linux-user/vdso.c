/*
 * The guest's vDSO: one page holding a small ELF shared object, built here
 * at start-up (no cross toolchain at build time), mapped read-only and
 * executable, and named by AT_SYSINFO_EHDR as Linux does: linux-vdso.so.1
 * exporting, for arm64 (version LINUX_2.6.39), __kernel_clock_gettime,
 * __kernel_gettimeofday, __kernel_clock_getres and __kernel_rt_sigreturn;
 * for 32-bit ARM (version LINUX_2.6, A32 code), __vdso_clock_gettime,
 * __vdso_clock_gettime64, __vdso_gettimeofday and __vdso_clock_getres.
 * Each clock function is `hvc #n` and a return: in this page HVC is a fast
 * call (target-arm/cpu.h) that reads the host's clock through its own
 * vDSO, without a system call on either side.
 */
#include "linux-user/vdso.h"

#include <elf.h>
#include <errno.h>
#include <stddef.h>
#include <string.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/time.h>
#include <time.h>

#include "linux-user/aarch64/aarch64.h"
#include "linux-user/arch.h"
#include "linux-user/space.h"
#include "linux-user/user.h"
#include "linux-user/vma.h"
#include "syscalls/syscalls.h"
#include "target-arm/cpu.h"
#include "tcg/exec.h"
#include "tcg/guest_mem.h"
#include "util/log.h"

/* The fast calls, as `hvc #n` immediates; the 32-bit ARM forms with
 * 32-bit time_t and long fields, but for CLOCK_GETTIME64. */
enum {
    VDSO_CLOCK_GETTIME,
    VDSO_GETTIMEOFDAY,
    VDSO_CLOCK_GETRES,
    VDSO_CLOCK_GETTIME32,
    VDSO_GETTIMEOFDAY32,
    VDSO_CLOCK_GETRES32,
    VDSO_SIGRETURN = 0xffff, /* not a call: the signal trampoline */
};

static uint64_t vdso_base, vdso_sigreturn_addr;
static unsigned vdso_arch; /* EM_AARCH64 or EM_ARM: the mapped one */

uint64_t vdso_sigreturn(void)
{
    return vdso_sigreturn_addr;
}

/* ---- the fast calls ---- */

/*
 * A bad pointer faults in the vDSO's code, as the kernel's vDSO does with
 * its user-space store: SIGSEGV at the fast call's pc. Leaves translated
 * code (the globals are in env: the call reads them).
 */
static void vdso_fault(CPUARMState *env, uint64_t pc, uint64_t addr)
{
    int prot = vma_prot_at(addr);

    arch_cpu_fault(env, pc, SIGSEGV, prot < 0 ? SEGV_MAPERR : SEGV_ACCERR, addr,
                   true);
    tcg_exec_fault_return();
}

/* Stores a guest struct timespec or timeval, fields of 4 or 8 bytes (the
 * first one signed), or faults. */
static void vdso_put_pair(CPUARMState *env, uint64_t pc, uint64_t dst,
                          int64_t a, int64_t b, int field)
{
    int64_t wide[2] = {a, b};
    int32_t narrow[2] = {(int32_t)a, (int32_t)b};
    int r = field == 8 ? (int)copy_to_guest(dst, wide, sizeof(wide))
                       : (int)copy_to_guest(dst, narrow, sizeof(narrow));

    if (r != 0)
        vdso_fault(env, pc, dst);
}

/* clock_gettime or clock_getres into x1 (field: its fields' size). */
static int64_t vdso_clock(CPUARMState *env, uint64_t pc, bool getres, int field)
{
    struct timespec ts;
    int r = getres ? clock_getres((clockid_t)(int32_t)env->x[0], &ts)
                   : clock_gettime((clockid_t)(int32_t)env->x[0], &ts);

    if (r != 0)
        return -errno;
    /* A null pointer asks only whether the clock exists. */
    if (env->x[1] != 0)
        vdso_put_pair(env, pc, env->x[1], ts.tv_sec, ts.tv_nsec, field);
    return 0;
}

static int64_t vdso_gettimeofday(CPUARMState *env, uint64_t pc, int field)
{
    struct timeval tv;

    gettimeofday(&tv, NULL);
    if (env->x[0])
        vdso_put_pair(env, pc, env->x[0], tv.tv_sec, tv.tv_usec, field);
    /* struct timezone: two ints, zeros unless settimeofday set them. */
    if (env->x[1])
        vdso_put_pair(env, pc, env->x[1], 0, 0, 4);
    return 0;
}

static void vdso_fastcall(CPUARMState *env, unsigned n, uint64_t pc)
{
    int64_t r;

    switch (n) {
    case VDSO_CLOCK_GETTIME: r = vdso_clock(env, pc, false, 8); break;
    case VDSO_GETTIMEOFDAY: r = vdso_gettimeofday(env, pc, 8); break;
    case VDSO_CLOCK_GETRES: r = vdso_clock(env, pc, true, 8); break;
    case VDSO_CLOCK_GETTIME32: r = vdso_clock(env, pc, false, 4); break;
    case VDSO_GETTIMEOFDAY32: r = vdso_gettimeofday(env, pc, 4); break;
    case VDSO_CLOCK_GETRES32: r = vdso_clock(env, pc, true, 4); break;
    default: r = -ENOSYS; break;
    }
    /* An AArch32 register is the low half of x[n], its high half zero. */
    env->x[0] = vdso_arch == EM_ARM ? (uint32_t)r : (uint64_t)r;
}

/* ---- the image ---- */

static const char vdso_soname[] = "linux-vdso.so.1";

typedef struct VdsoSymbol {
    const char *name;
    unsigned call; /* a VDSO_* fast call, or VDSO_SIGRETURN */
} VdsoSymbol;

/* What differs between the two images. write_code lays down a symbol's
 * code (at most 16 bytes) at insn and returns the entry's offset there. */
typedef struct VdsoSpec {
    unsigned machine, elf_class, elf_flags;
    const char *version;
    const VdsoSymbol *symbols;
    size_t nb_symbols;
    size_t (*write_code)(uint32_t *insn, unsigned call);
} VdsoSpec;

/* arm64: `hvc #n; ret`; nop first for the trampoline, as in Linux, so an
 * unwinder looking at pc - 4 stays inside. */
static size_t aarch64_code(uint32_t *insn, unsigned call)
{
    if (call == VDSO_SIGRETURN)
        return aarch64_signal_write_trampoline(insn);
    insn[0] = 0xd4000002u | call << 5; /* hvc #call */
    insn[1] = 0xd65f03c0u;             /* ret */
    return 0;
}

/* A32: `hvc #n; bx lr` (called with BLX from either state). */
static size_t arm_code(uint32_t *insn, unsigned call)
{
    insn[0] = 0xe1400070u | (call >> 4) << 8 | (call & 15); /* hvc #call */
    insn[1] = 0xe12fff1eu;                                  /* bx lr */
    return 0;
}

static const VdsoSymbol aarch64_symbols[] = {
    {"__kernel_rt_sigreturn", VDSO_SIGRETURN},
    {"__kernel_gettimeofday", VDSO_GETTIMEOFDAY},
    {"__kernel_clock_gettime", VDSO_CLOCK_GETTIME},
    {"__kernel_clock_getres", VDSO_CLOCK_GETRES},
};

static const VdsoSymbol arm_symbols[] = {
    {"__vdso_gettimeofday", VDSO_GETTIMEOFDAY32},
    {"__vdso_clock_gettime", VDSO_CLOCK_GETTIME32},
    {"__vdso_clock_gettime64", VDSO_CLOCK_GETTIME},
    {"__vdso_clock_getres", VDSO_CLOCK_GETRES32},
};

static const VdsoSpec aarch64_spec = {
    .machine = EM_AARCH64,
    .elf_class = ELFCLASS64,
    .version = "LINUX_2.6.39",
    .symbols = aarch64_symbols,
    .nb_symbols = sizeof(aarch64_symbols) / sizeof(aarch64_symbols[0]),
    .write_code = aarch64_code,
};

static const VdsoSpec arm_spec = {
    .machine = EM_ARM,
    .elf_class = ELFCLASS32,
    .elf_flags = EF_ARM_EABI_VER5 | EF_ARM_ABI_FLOAT_HARD,
    .version = "LINUX_2.6",
    .symbols = arm_symbols,
    .nb_symbols = sizeof(arm_symbols) / sizeof(arm_symbols[0]),
    .write_code = arm_code,
};

/* The SysV ELF hash (DT_HASH, vd_hash). */
static uint32_t elf_hash(const char *name)
{
    uint32_t h = 0;

    for (const unsigned char *p = (const unsigned char *)name; *p; p++) {
        uint32_t g;
        h = (h << 4) + *p;
        g = h & 0xf0000000u;
        if (g)
            h ^= g >> 24;
        h &= ~g;
    }
    return h;
}

/* A cursor over the page being built. */
typedef struct Builder {
    uint8_t *page;
    size_t at;
} Builder;

static size_t take(Builder *b, size_t size, size_t align)
{
    size_t at = (b->at + align - 1) & ~(align - 1);

    b->at = at + size;
    if (b->at > GUEST_PAGE_SIZE)
        arx_fatal("vdso: the image does not fit its page");
    return at;
}

static size_t add_string(Builder *b, size_t strtab, const char *s)
{
    size_t at = take(b, strlen(s) + 1, 1);

    memcpy(b->page + at, s, strlen(s) + 1);
    return at - strtab;
}

/* The base definition (the soname) and the version (index 2); Elf32 and
 * Elf64 Verdef and Verdaux have the same layout. */
#define VDSO_VERDEFS_SIZE (2 * (sizeof(Elf64_Verdef) + sizeof(Elf64_Verdaux)))

static void write_verdefs(uint8_t *at, uint32_t soname, const char *version,
                          uint32_t version_name)
{
    Elf64_Verdef *d = (Elf64_Verdef *)(void *)at;
    const uint32_t names[2] = {soname, version_name};
    const char *strings[2] = {vdso_soname, version};

    for (int i = 0; i < 2; i++) {
        Elf64_Verdaux *aux = (Elf64_Verdaux *)(void *)(d + 1);
        d->vd_version = VER_DEF_CURRENT;
        d->vd_flags = i == 0 ? VER_FLG_BASE : 0;
        d->vd_ndx = (Elf64_Half)(i + 1);
        d->vd_cnt = 1;
        d->vd_hash = elf_hash(strings[i]);
        d->vd_aux = sizeof(*d);
        d->vd_next = i == 0 ? sizeof(*d) + sizeof(*aux) : 0;
        aux->vda_name = names[i];
        aux->vda_next = 0;
        d = (Elf64_Verdef *)(void *)((uint8_t *)d + d->vd_next);
    }
}

#define VDSO_ELF(t) Elf64_##t
#define VDSO_BUILD build_image64
#include "linux-user/vdso_elf.inc"
#undef VDSO_ELF
#undef VDSO_BUILD
#define VDSO_ELF(t) Elf32_##t
#define VDSO_BUILD build_image32
#include "linux-user/vdso_elf.inc"
#undef VDSO_ELF
#undef VDSO_BUILD

/* A page for the image: in an own space (ARM) inside it, top-down. */
static void *vdso_page(void)
{
    void *page = space_map_anon(GUEST_PAGE_SIZE);

    if (page == MAP_FAILED)
        arx_fatal("cannot map the vDSO page: %s", strerror(errno));
    return page;
}

uint64_t vdso_map(const LoaderTarget *target)
{
    const VdsoSpec *spec;
    uint64_t sigreturn;
    void *page;

    if (vdso_base)
        return vdso_arch == target->machine ? vdso_base : 0;
    if (target->machine == EM_AARCH64)
        spec = &aarch64_spec;
    else if (target->machine == EM_ARM)
        spec = &arm_spec;
    else
        return 0;
    page = vdso_page();
    sigreturn = spec->elf_class == ELFCLASS64 ? build_image64(page, spec)
                                              : build_image32(page, spec);
    mprotect(page, GUEST_PAGE_SIZE, PROT_READ | PROT_EXEC);
    vdso_base = h2g(page);
    vdso_arch = target->machine;
    if (sigreturn)
        vdso_sigreturn_addr = vdso_base + sigreturn;
    vma_map_anon(vdso_base, GUEST_PAGE_SIZE, PROT_READ | PROT_EXEC, false,
                 "[vdso]");
    arm_user_fastcall_fn = vdso_fastcall;
    arm_user_fastcall_page = vdso_base;
    return vdso_base;
}
