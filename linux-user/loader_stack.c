/*
 * Initial guest stack for a new process, laid out as Linux's
 * create_elf_tables() does: strings at the top, then auxv/envp/argv/argc
 * in words of the guest's pointer size (loader_target). It must not parse
 * ELF; loader.c hands it the few values auxv needs.
 */
#include "linux-user/loader.h"
#include "linux-user/space.h"
#include "linux-user/binfmt.h"
#include "linux-user/path.h"
#include "linux-user/vma.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

static uint64_t loader_saved_auxv[2 * LOADER_MAX_AUXV];
static size_t loader_saved_pairs;

const uint64_t *loader_auxv(size_t *pairs)
{
    *pairs = loader_saved_pairs;
    return loader_saved_auxv;
}

/* Prefers a fixed, kernel-like top so runs are reproducible; else anywhere. */
static uint64_t loader_map_stack(bool exec)
{
    int prot = PROT_READ | PROT_WRITE | (exec ? PROT_EXEC : 0);
    uint64_t low = loader_target->stack_top - LOADER_STACK_SIZE;
    void *want = g2h(low);

    if (space_own()) {
        if (!vma_range_free(low, LOADER_STACK_SIZE) ||
            mmap(want, LOADER_STACK_SIZE, prot,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == MAP_FAILED)
            return 0;
        vma_map_anon(low, LOADER_STACK_SIZE, prot, false, "[stack]");
        return loader_target->stack_top;
    }
    void *p = mmap(want, LOADER_STACK_SIZE, prot,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
    if (p != MAP_FAILED && p != want) {
        munmap(p, LOADER_STACK_SIZE);
        p = MAP_FAILED;
    }
    if (p == MAP_FAILED) {
        p = mmap(NULL, LOADER_STACK_SIZE, prot, MAP_PRIVATE | MAP_ANONYMOUS, -1,
                 0);
    }
    if (p == MAP_FAILED) {
        return 0;
    }
    vma_map_anon(h2g(p), LOADER_STACK_SIZE, prot, false, "[stack]");
    return h2g(p) + LOADER_STACK_SIZE;
}

static uint64_t loader_push(uint64_t sp, const void *data, size_t len)
{
    sp -= len;
    memcpy(g2h(sp), data, len);
    return sp;
}

static uint64_t loader_push_string(uint64_t sp, const char *s)
{
    return loader_push(sp, s, strlen(s) + 1);
}

static void loader_random_bytes(unsigned char *buf, size_t len)
{
    size_t got = 0;
    while (got < len) {
        ssize_t n = getrandom(buf + got, len - got, 0);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            break;
        }
        got += (size_t)n;
    }
    /* No entropy source: still vary the stack guard from run to run. */
    for (uint64_t seed = (uint64_t)time(NULL) ^ (uint64_t)getpid(); got < len;
         got++) {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        buf[got] = (unsigned char)(seed >> 56);
    }
}

static size_t loader_count(char **strings)
{
    size_t n = 0;
    while (strings && strings[n]) {
        n++;
    }
    return n;
}

/* Bytes the strings and pointer arrays need, to refuse oversized exec. */
static size_t loader_stack_need(const LoaderStackInput *in, size_t envc)
{
    size_t need = strlen(in->path) + 1 + 64;
    for (int i = 0; i < in->argc; i++) {
        need += strlen(in->argv[i]) + 1 + loader_target->word;
    }
    for (size_t i = 0; i < envc; i++) {
        need += strlen(in->envp[i]) + 1 + loader_target->word;
    }
    return need + 2 * sizeof(uint64_t) * LOADER_MAX_AUXV + 256;
}

/* The auxv in the kernel's order (ARCH_DLINFO entries first);
 * AT_SYSINFO_EHDR only with a vDSO, AT_MINSIGSTKSZ only where the
 * architecture has it. */
static size_t loader_fill_auxv(const LoaderStackInput *in, uint64_t execfn,
                               uint64_t platform, uint64_t random,
                               uint64_t *auxv)
{
    const uint64_t pairs[][2] = {
        {AT_SYSINFO_EHDR, in->sysinfo_ehdr},
        {AT_MINSIGSTKSZ, loader_minsigstksz()},
        {AT_HWCAP, loader_hwcap()},
        {AT_PAGESZ, GUEST_PAGE_SIZE},
        {AT_CLKTCK, (uint64_t)sysconf(_SC_CLK_TCK)},
        {AT_PHDR, in->phdr},
        {AT_PHENT, in->phent},
        {AT_PHNUM, in->phnum},
        {AT_BASE, in->interp_base},
        {AT_FLAGS, 0},
        {AT_ENTRY, in->entry},
        {AT_UID, getuid()},
        {AT_EUID, geteuid()},
        {AT_GID, getgid()},
        {AT_EGID, getegid()},
        {AT_SECURE, binfmt_secure_mode()},
        {AT_RANDOM, random},
        {AT_HWCAP2, loader_hwcap2()},
        {AT_EXECFN, execfn},
        {AT_PLATFORM, platform},
        {AT_NULL, 0},
    };
    size_t n = 0;
    _Static_assert(sizeof(pairs) / sizeof(pairs[0]) <= LOADER_MAX_AUXV,
                   "raise LOADER_MAX_AUXV");
    for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
        if ((pairs[i][0] == AT_MINSIGSTKSZ || pairs[i][0] == AT_SYSINFO_EHDR) &&
            pairs[i][1] == 0) {
            continue;
        }
        auxv[2 * n] = pairs[i][0];
        auxv[2 * n + 1] = pairs[i][1];
        n++;
    }
    return n;
}

/* Copies argv then envp strings below sp; their guest addresses go to addrs. */
static uint64_t loader_push_strings(const LoaderStackInput *in, size_t envc,
                                    uint64_t sp, uint64_t *addrs)
{
    /* Pushed last-first so that argv[0] ends up lowest, as on Linux. */
    for (size_t i = envc; i-- > 0;) {
        sp = loader_push_string(sp, in->envp[i]);
        addrs[(size_t)in->argc + i] = sp;
    }
    for (int i = in->argc; i-- > 0;) {
        sp = loader_push_string(sp, in->argv[i]);
        addrs[i] = sp;
    }
    return sp;
}

/* One stack word of the guest's pointer size at guest address w; returns
 * the address after it. */
static uint64_t loader_put_word(uint64_t w, uint64_t value)
{
    if (loader_target->word == 4) {
        uint32_t v32 = (uint32_t)value;
        memcpy(g2h(w), &v32, sizeof(v32));
    } else {
        memcpy(g2h(w), &value, sizeof(value));
    }
    return w + loader_target->word;
}

/* Writes argc, argv[], NULL, envp[], NULL, auxv at sp (16-byte aligned). */
static void loader_write_vectors(uint64_t sp, int argc, size_t envc,
                                 const uint64_t *addrs, const uint64_t *auxv,
                                 size_t auxv_pairs)
{
    uint64_t w = sp;

    w = loader_put_word(w, (uint64_t)argc);
    for (int i = 0; i < argc; i++) {
        w = loader_put_word(w, addrs[i]);
    }
    w = loader_put_word(w, 0);
    for (size_t i = 0; i < envc; i++) {
        w = loader_put_word(w, addrs[(size_t)argc + i]);
    }
    w = loader_put_word(w, 0);
    for (size_t i = 0; i < 2 * auxv_pairs; i++) {
        w = loader_put_word(w, auxv[i]);
    }
}

/* For /proc/self/cmdline, environ and auxv (vma.c keeps them). */
static void loader_record_layout(const LoaderStackInput *in, size_t envc,
                                 uint64_t strings, uint64_t execfn,
                                 const uint64_t *addrs)
{
    VmaExecLayout layout = {0};

    layout.arg_start = strings;
    layout.arg_end = envc > 0 ? addrs[in->argc] : execfn;
    layout.env_start = layout.arg_end;
    layout.env_end = execfn;
    _Static_assert(LOADER_MAX_AUXV <= VMA_MAX_AUXV, "raise VMA_MAX_AUXV");
    memcpy(layout.auxv, loader_saved_auxv,
           loader_saved_pairs * 2 * sizeof(uint64_t));
    layout.auxv_pairs = loader_saved_pairs;
    vma_set_exec_layout(&layout);
}

bool loader_build_stack(const LoaderStackInput *in, ImageInfo *info, char *err,
                        size_t errlen)
{
    size_t envc = loader_count(in->envp);

    /* Linux allows a quarter of the stack limit for argument strings. */
    if (loader_stack_need(in, envc) > LOADER_STACK_SIZE / 4) {
        snprintf(err, errlen, "%s: %s", in->path, strerror(E2BIG));
        return false;
    }
    uint64_t top = loader_map_stack(in->exec_stack);
    if (top == 0) {
        snprintf(err, errlen, "%s: cannot map the stack: %s", in->path,
                 strerror(errno));
        return false;
    }
    uint64_t *addrs = calloc((size_t)in->argc + envc + 1, sizeof(uint64_t));
    if (!addrs) {
        space_release(top - LOADER_STACK_SIZE, LOADER_STACK_SIZE);
        vma_unmap(top - LOADER_STACK_SIZE, LOADER_STACK_SIZE);
        snprintf(err, errlen, "%s: %s", in->path, strerror(ENOMEM));
        return false;
    }

    uint64_t end_marker = 0;
    uint64_t sp = loader_push(top, &end_marker, sizeof(end_marker));
    /* The guest's name for a program in the sysroot, not the host's. */
    uint64_t execfn = loader_push_string(sp, path_guest_view(in->path));
    uint64_t strings = loader_push_strings(in, envc, execfn, addrs);
    sp = strings & ~15ull;
    uint64_t platform = loader_push_string(sp, loader_target->platform);
    unsigned char random_bytes[16];
    loader_random_bytes(random_bytes, sizeof(random_bytes));
    uint64_t random = loader_push(platform, random_bytes, sizeof(random_bytes));

    size_t pairs =
        loader_fill_auxv(in, execfn, platform, random, loader_saved_auxv);
    loader_saved_pairs = pairs;
    loader_record_layout(in, envc, strings, execfn, addrs);
    size_t words = 1 + (size_t)in->argc + 1 + envc + 1 + 2 * pairs;
    sp = (random - words * loader_target->word) & ~15ull;
    loader_write_vectors(sp, in->argc, envc, addrs, loader_saved_auxv, pairs);
    free(addrs);

    info->stack_top = top;
    info->initial_sp = sp;
    return true;
}
