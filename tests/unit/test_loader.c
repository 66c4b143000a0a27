/*
 * Check suite for linux-user/loader.c: the initial stack of a real aarch64
 * static executable (ARX_TEST_STATIC_ELF) and the refusal messages.
 * Needs no JIT: it only reads guest memory the loader mapped.
 */
#include <check.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "linux-user/loader.h"
#include "linux-user/mmap.h"

/* linux-user/mmap.c, not linked here: a BTI-marked image was guarded. */
void mmap_note_guarded(void) {}

static char test_err[512];
static char *test_argv[] = {"prog-name", "first arg", "", NULL};
static char *test_envp[] = {"A=1", "LONGER_VARIABLE=some value", NULL};

static const char *static_elf(void)
{
    return getenv("ARX_TEST_STATIC_ELF");
}

static bool load(const char *path, ImageInfo *info)
{
    return loader_exec(path, 3, test_argv, test_envp, info, test_err,
                       sizeof(test_err));
}

/* Loads path, expecting failure with exactly "path: reason". */
static void expect_error(const char *path, const char *reason)
{
    ImageInfo info;
    char want[600];
    snprintf(want, sizeof(want), "%s: %s", path, reason);
    ck_assert_msg(!load(path, &info), "%s loaded", path);
    ck_assert_str_eq(test_err, want);
}

static void write_file(const char *path, const void *data, size_t len,
                       mode_t mode)
{
    unlink(path);
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(data, 1, len, f), len);
    fclose(f);
    ck_assert_int_eq(chmod(path, mode), 0);
}

/* Reads the whole static test ELF into a malloc'd buffer. */
static unsigned char *read_static(size_t *len)
{
    FILE *f = fopen(static_elf(), "rb");
    ck_assert_ptr_nonnull(f);
    fseek(f, 0, SEEK_END);
    *len = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *buf = malloc(*len);
    ck_assert_uint_eq(fread(buf, 1, *len, f), *len);
    fclose(f);
    return buf;
}

static uint64_t guest_u64(uint64_t addr)
{
    uint64_t v;
    memcpy(&v, g2h(addr), sizeof(v));
    return v;
}

static const char *guest_str(uint64_t addr)
{
    return (const char *)g2h(addr);
}

/* Finds type in the auxv that starts at addr; fails the test if absent. */
static uint64_t auxv_get(uint64_t auxv, uint64_t type)
{
    for (uint64_t p = auxv;; p += 16) {
        uint64_t t = guest_u64(p);
        if (t == type) {
            return guest_u64(p + 8);
        }
        ck_assert_msg(t != AT_NULL, "auxv has no entry %lu",
                      (unsigned long)type);
    }
}

START_TEST(test_stack_layout)
{
    ImageInfo info;
    const char *path = static_elf();
    if (!path) {
        return;
    }
    ck_assert_msg(load(path, &info), "%s", test_err);
    uint64_t sp = info.initial_sp;
    ck_assert_uint_eq(sp % 16, 0);
    ck_assert_uint_gt(info.stack_top, sp);
    ck_assert_uint_eq(guest_u64(sp), 3);
    ck_assert_str_eq(guest_str(guest_u64(sp + 8)), "prog-name");
    ck_assert_str_eq(guest_str(guest_u64(sp + 16)), "first arg");
    ck_assert_str_eq(guest_str(guest_u64(sp + 24)), "");
    ck_assert_uint_eq(guest_u64(sp + 32), 0);
    ck_assert_str_eq(guest_str(guest_u64(sp + 40)), "A=1");
    ck_assert_str_eq(guest_str(guest_u64(sp + 48)),
                     "LONGER_VARIABLE=some value");
    ck_assert_uint_eq(guest_u64(sp + 56), 0);

    uint64_t auxv = sp + 64;
    size_t len;
    unsigned char *file = read_static(&len);
    Elf64_Ehdr ehdr;
    memcpy(&ehdr, file, sizeof(ehdr));
    ck_assert_uint_eq(auxv_get(auxv, AT_PAGESZ), 4096);
    ck_assert_uint_eq(auxv_get(auxv, AT_ENTRY), ehdr.e_entry);
    ck_assert_uint_eq(info.entry, ehdr.e_entry);
    ck_assert_uint_eq(auxv_get(auxv, AT_BASE), 0);
    ck_assert_uint_eq(auxv_get(auxv, AT_PHENT), sizeof(Elf64_Phdr));
    ck_assert_uint_eq(auxv_get(auxv, AT_PHNUM), ehdr.e_phnum);
    ck_assert_uint_eq(auxv_get(auxv, AT_HWCAP), loader_hwcap());
    ck_assert_uint_eq(auxv_get(auxv, AT_UID), getuid());
    ck_assert_str_eq(guest_str(auxv_get(auxv, AT_EXECFN)), path);
    ck_assert_str_eq(guest_str(auxv_get(auxv, AT_PLATFORM)), "aarch64");

    /* The program headers and the entry code are the file's bytes. */
    uint64_t phdr = auxv_get(auxv, AT_PHDR);
    ck_assert_int_eq(memcmp(g2h(phdr), file + ehdr.e_phoff,
                            ehdr.e_phnum * sizeof(Elf64_Phdr)),
                     0);
    ck_assert_uint_eq(info.phdr, phdr);

    uint64_t random = auxv_get(auxv, AT_RANDOM);
    ck_assert_uint_gt(random, auxv);
    ck_assert_uint_le(random + 16, info.stack_top);
    ck_assert_uint_eq(info.start_brk % 4096, 0);
    ck_assert_uint_ge(info.start_brk, info.end_data);
    ck_assert_uint_eq(guest_image.initial_sp, sp);

    /* The ET_EXEC range is taken now: a second load must not clobber it. */
    char want[600];
    snprintf(want, sizeof(want), "%s: cannot map segment at %#llx: %s", path,
             (unsigned long long)(phdr & ~4095ull), strerror(EEXIST));
    ck_assert(!load(path, &info));
    ck_assert_str_eq(test_err, want);

    /* Leave the address space clean for CK_FORK=no runs. */
    munmap(g2h(guest_image.start_code & ~4095ull),
           guest_image.start_brk - (guest_image.start_code & ~4095ull));
    munmap(g2h(guest_image.stack_top - LOADER_STACK_SIZE), LOADER_STACK_SIZE);
    free(file);
}
END_TEST

START_TEST(test_static_pie)
{
    ImageInfo info;
    const char *path = getenv("ARX_TEST_STATIC_PIE_ELF");
    if (!path) {
        return;
    }
    ck_assert_msg(load(path, &info), "%s", test_err);
    ck_assert_uint_eq(info.load_bias % 65536, 0);
    ck_assert_uint_ne(info.load_bias, 0);
    uint64_t auxv = info.initial_sp + 8 * (1 + 4 + 3);
    ck_assert_uint_eq(auxv_get(auxv, AT_ENTRY), info.entry);
    ck_assert_uint_eq(auxv_get(auxv, AT_PHDR), info.phdr);
    uint32_t first_type = (uint32_t)guest_u64(info.phdr);
    ck_assert(first_type == PT_PHDR || first_type == PT_LOAD);
}
END_TEST

START_TEST(test_error_missing)
{
    expect_error("/nonexistent/arx-test", "No such file or directory");
}
END_TEST

START_TEST(test_error_directory)
{
    expect_error("/tmp", "not a regular file");
}
END_TEST

START_TEST(test_error_text_file)
{
    char path[64];
    snprintf(path, sizeof(path), "/tmp/arx_test_loader_%d.txt", getpid());
    write_file(path, "#!/bin/sh\necho hi\n", 18, 0644);
    expect_error(path, "Permission denied");
    chmod(path, 0755);
    expect_error(path, "not an ELF file");
    unlink(path);
}
END_TEST

START_TEST(test_error_truncated)
{
    size_t len;
    char path[64];
    if (!static_elf()) {
        return;
    }
    unsigned char *file = read_static(&len);
    snprintf(path, sizeof(path), "/tmp/arx_test_loader_%d.elf", getpid());
    write_file(path, file, 100, 0755);
    expect_error(path, "truncated or corrupt ELF (program headers past end "
                       "of file)");
    unlink(path);
    free(file);
}
END_TEST

START_TEST(test_error_x86_64)
{
    expect_error("/bin/true", "ELF machine is x86-64, not AArch64 or ARM");
}
END_TEST

START_TEST(test_error_patched)
{
    size_t len;
    char path[64];
    if (!static_elf()) {
        return;
    }
    unsigned char *file = read_static(&len);
    snprintf(path, sizeof(path), "/tmp/arx_test_loader_%d.elf", getpid());
    file[16] = ET_REL; /* e_type, little-endian */
    write_file(path, file, len, 0755);
    expect_error(path, "not an executable (ELF type REL)");
    file[16] = ET_EXEC;
    file[EI_CLASS] = ELFCLASS32;
    write_file(path, file, len, 0755);
    expect_error(path, "corrupt ELF header (32-bit class for AArch64)");
    file[EI_CLASS] = ELFCLASS64;
    file[EI_DATA] = ELFDATA2MSB;
    write_file(path, file, len, 0755);
    expect_error(path, "big-endian ELF is not supported");
    file[EI_DATA] = ELFDATA2LSB;
    file[18] = 62; /* e_machine */
    write_file(path, file, len, 0755);
    expect_error(path, "ELF machine is x86-64, not AArch64 or ARM");
    file[18] = 0xb7;
    write_file(path, file, 3, 0755);
    expect_error(path, "not an ELF file");
    unlink(path);
    free(file);
}
END_TEST

/* Rewrites field (a byte offset into Elf64_Phdr) of the first PT_LOAD. */
static void patch_first_load(unsigned char *file, size_t field, uint64_t v)
{
    Elf64_Ehdr ehdr;
    memcpy(&ehdr, file, sizeof(ehdr));
    for (int i = 0; i < ehdr.e_phnum; i++) {
        unsigned char *ph = file + ehdr.e_phoff + i * sizeof(Elf64_Phdr);
        if (((Elf64_Phdr *)ph)->p_type == PT_LOAD) {
            memcpy(ph + field, &v, sizeof(v));
            return;
        }
    }
}

START_TEST(test_error_corrupt_load)
{
    size_t len;
    char path[64];
    if (!static_elf()) {
        return;
    }
    unsigned char *file = read_static(&len);
    unsigned char *copy = malloc(len);
    snprintf(path, sizeof(path), "/tmp/arx_test_loader_%d.elf", getpid());

    memcpy(copy, file, len);
    patch_first_load(copy, offsetof(Elf64_Phdr, p_filesz), len + 1);
    write_file(path, copy, len, 0755);
    expect_error(path, "truncated or corrupt ELF (PT_LOAD 0 file size "
                       "exceeds memory size)");

    memcpy(copy, file, len);
    patch_first_load(copy, offsetof(Elf64_Phdr, p_offset), 8);
    write_file(path, copy, len, 0755);
    expect_error(path, "truncated or corrupt ELF (PT_LOAD 0 offset and "
                       "address not congruent modulo the page size)");

    memcpy(copy, file, len);
    patch_first_load(copy, offsetof(Elf64_Phdr, p_memsz), 1ull << 40);
    write_file(path, copy, len, 0755);
    expect_error(path, "truncated or corrupt ELF (PT_LOAD 1 overlaps or is "
                       "out of order)");
    unlink(path);
    free(copy);
    free(file);
}
END_TEST

START_TEST(test_error_interp_missing)
{
    size_t len;
    char path[64];
    if (!static_elf()) {
        return;
    }
    /* Turn the PT_NOTE (or any non-LOAD header) into a bogus PT_INTERP. */
    unsigned char *file = read_static(&len);
    Elf64_Ehdr ehdr;
    memcpy(&ehdr, file, sizeof(ehdr));
    const char *interp = "/nonexistent/ld.so";
    for (int i = 0; i < ehdr.e_phnum; i++) {
        Elf64_Phdr ph;
        memcpy(&ph, file + ehdr.e_phoff + i * sizeof(ph), sizeof(ph));
        if (ph.p_type == PT_LOAD) {
            continue;
        }
        ph.p_type = PT_INTERP;
        ph.p_offset = len;
        ph.p_filesz = strlen(interp) + 1;
        memcpy(file + ehdr.e_phoff + i * sizeof(ph), &ph, sizeof(ph));
        break;
    }
    file = realloc(file, len + 32);
    memcpy(file + len, interp, strlen(interp) + 1);
    snprintf(path, sizeof(path), "/tmp/arx_test_loader_%d.elf", getpid());
    write_file(path, file, len + strlen(interp) + 1, 0755);
    expect_error(path, "interpreter /nonexistent/ld.so not found (use -L "
                       "SYSROOT to point at an arm64 sysroot)");
    unlink(path);
    free(file);
}
END_TEST

static Suite *loader_suite(void)
{
    Suite *s = suite_create("loader");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_stack_layout);
    tcase_add_test(tc, test_static_pie);
    tcase_add_test(tc, test_error_missing);
    tcase_add_test(tc, test_error_directory);
    tcase_add_test(tc, test_error_text_file);
    tcase_add_test(tc, test_error_truncated);
    tcase_add_test(tc, test_error_x86_64);
    tcase_add_test(tc, test_error_patched);
    tcase_add_test(tc, test_error_corrupt_load);
    tcase_add_test(tc, test_error_interp_missing);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    if (!static_elf()) {
        printf("test_loader: ARX_TEST_STATIC_ELF unset, skipping the tests "
               "that need an aarch64 static executable\n");
    }
    SRunner *sr = srunner_create(loader_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
