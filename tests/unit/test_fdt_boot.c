/*
 * Unit tests of system/fdt.c and system/boot.c: the generated device tree
 * parses and has the virt board's nodes; kernels (Image, gzip'd Image,
 * ELF), initrd and DTB land where qemu 7.2 puts them; bad inputs fail.
 */
#include <check.h>
#include <elf.h>
#include <libfdt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "system/boot.h"
#include "system/fdt.h"

#define MIB (1ull << 20)

static GuestRam ram;

static void ram_setup(uint64_t size)
{
    free(ram.host);
    ram = (GuestRam){calloc(1, size), VIRT_RAM_BASE, size, NULL, NULL};
}

static void ram_teardown(void)
{
    free(ram.host);
    ram.host = NULL;
}

static uint8_t *at(uint64_t pa)
{
    return ram.host + (pa - ram.base);
}

/* ---- device tree ---- */

static void *build(int ncpus, int nvirtio)
{
    VirtBoardInfo info = {
        ncpus,      VIRT_RAM_BASE, 512 * MIB, "console=ttyAMA0",
        0x48000000, 0x48100000,    nvirtio};
    char err[128];
    size_t size;
    void *fdt = virt_fdt_build(&info, &size, err, sizeof(err));
    ck_assert_msg(fdt != NULL, "%s", err);
    ck_assert_int_eq(fdt_check_header(fdt), 0);
    ck_assert_uint_eq(fdt_totalsize(fdt), size);
    return fdt;
}

static int node(const void *fdt, const char *path)
{
    int off = fdt_path_offset(fdt, path);
    ck_assert_msg(off >= 0, "no node %s", path);
    return off;
}

static uint32_t cell(const void *fdt, const char *path, const char *prop, int i)
{
    int len;
    const fdt32_t *v = fdt_getprop(fdt, node(fdt, path), prop, &len);
    ck_assert_msg(v && len >= (i + 1) * 4, "%s:%s", path, prop);
    return fdt32_to_cpu(v[i]);
}

static const char *str(const void *fdt, const char *path, const char *prop)
{
    const char *s = fdt_getprop(fdt, node(fdt, path), prop, NULL);
    ck_assert_msg(s != NULL, "%s:%s", path, prop);
    return s;
}

START_TEST(fdt_root_and_chosen)
{
    void *fdt = build(1, 2);
    ck_assert_str_eq(str(fdt, "/", "compatible"), "linux,dummy-virt");
    ck_assert_uint_eq(cell(fdt, "/", "#address-cells", 0), 2);
    ck_assert_uint_eq(cell(fdt, "/", "#size-cells", 0), 2);
    ck_assert_str_eq(str(fdt, "/chosen", "bootargs"), "console=ttyAMA0");
    ck_assert_int_ge(node(fdt, str(fdt, "/chosen", "stdout-path")), 0);
    ck_assert_uint_eq(cell(fdt, "/chosen", "linux,initrd-start", 1),
                      0x48000000);
    ck_assert_uint_eq(cell(fdt, "/chosen", "linux,initrd-end", 1), 0x48100000);
    ck_assert_ptr_null(
        fdt_getprop(fdt, node(fdt, "/chosen"), "kaslr-seed", NULL));
    ck_assert_ptr_null(
        fdt_getprop(fdt, node(fdt, "/chosen"), "rng-seed", NULL));
    ck_assert_uint_eq(cell(fdt, "/memory@40000000", "reg", 1), 0x40000000);
    ck_assert_uint_eq(cell(fdt, "/memory@40000000", "reg", 3), 512 * MIB);
    free(fdt);
}
END_TEST

START_TEST(fdt_devices)
{
    void *fdt = build(2, 4);
    uint32_t gic = cell(fdt, "/intc@8000000", "phandle", 0);
    ck_assert_uint_eq(cell(fdt, "/", "interrupt-parent", 0), gic);
    ck_assert_uint_eq(cell(fdt, "/intc@8000000", "#interrupt-cells", 0), 3);
    ck_assert_uint_eq(cell(fdt, "/intc@8000000", "reg", 5), 0x08010000);
    ck_assert_str_eq(str(fdt, "/intc@8000000", "compatible"),
                     "arm,cortex-a15-gic");
    ck_assert_uint_eq(cell(fdt, "/pl011@9000000", "interrupts", 1), 1);
    ck_assert_uint_eq(cell(fdt, "/pl011@9000000", "interrupts", 2), 4);
    ck_assert_uint_eq(cell(fdt, "/pl031@9010000", "interrupts", 1), 2);
    uint32_t clk = cell(fdt, "/apb-pclk", "phandle", 0);
    ck_assert_uint_eq(cell(fdt, "/pl011@9000000", "clocks", 1), clk);
    ck_assert_uint_eq(cell(fdt, "/apb-pclk", "clock-frequency", 0), 24000000);
    ck_assert_uint_eq(cell(fdt, "/virtio_mmio@a000600", "interrupts", 1), 19);
    ck_assert_uint_eq(cell(fdt, "/virtio_mmio@a000600", "interrupts", 2), 1);
    ck_assert_int_lt(fdt_path_offset(fdt, "/virtio_mmio@a000800"), 0);
    ck_assert_str_eq(str(fdt, "/cpus/cpu@1", "enable-method"), "psci");
    ck_assert_str_eq(str(fdt, "/cpus/cpu@1", "compatible"), "arm,cortex-a57");
    ck_assert_uint_eq(cell(fdt, "/cpus/cpu@1", "reg", 0), 1);
    ck_assert_str_eq(str(fdt, "/psci", "method"), "hvc");
    /* PPI 13 first, flags: level high, CPUs 0 and 1. */
    ck_assert_uint_eq(cell(fdt, "/timer", "interrupts", 1), 13);
    ck_assert_uint_eq(cell(fdt, "/timer", "interrupts", 2), 0x304);
    ck_assert_uint_eq(cell(fdt, "/timer", "interrupts", 7), 11);
    free(fdt);
}
END_TEST

START_TEST(fdt_bad_board)
{
    VirtBoardInfo info = {0, VIRT_RAM_BASE, 512 * MIB, NULL, 0, 0, 1};
    char err[128] = "";
    size_t size;
    ck_assert_ptr_null(virt_fdt_build(&info, &size, err, sizeof(err)));
    ck_assert_ptr_nonnull(strstr(err, "ncpus"));
    info.ncpus = 1;
    info.nvirtio = 33;
    ck_assert_ptr_null(virt_fdt_build(&info, &size, err, sizeof(err)));
}
END_TEST

/* ---- kernels ---- */

static size_t make_image(uint8_t *buf, size_t len, uint64_t text_offset,
                         uint64_t image_size, uint64_t flags)
{
    memset(buf, 0xa5, len);
    memset(buf, 0, ARM64_IMAGE_HEADER_SIZE);
    uint32_t code0 = 0x14000000;
    memcpy(buf, &code0, 4);
    memcpy(buf + 8, &text_offset, 8);
    memcpy(buf + 16, &image_size, 8);
    memcpy(buf + 24, &flags, 8);
    memcpy(buf + ARM64_IMAGE_MAGIC_OFFSET, "ARM\x64", 4);
    return len;
}

START_TEST(image_placement)
{
    static const struct {
        uint64_t text_offset, image_size, entry;
    } cases[] = {
        {0, 0x10000, 0x40200000},       /* every kernel since 5.8 */
        {0x80000, 0x10000, 0x40080000}, /* older kernels */
        {0x1000, 0x10000, 0x40001000},
        {0x80000, 0, 0x40080000}, /* image_size 0: default offset */
        {0, 0, 0x40080000},
    };
    uint8_t img[0x10000];
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        ram_setup(128 * MIB);
        BootResult r = {0};
        make_image(img, sizeof(img), cases[i].text_offset, cases[i].image_size,
                   0xa);
        ck_assert_int_eq(boot_place_kernel(&ram, img, sizeof(img), &r), 0);
        ck_assert_uint_eq(r.entry, cases[i].entry);
        ck_assert_int_eq(r.kind, BOOT_KERNEL_IMAGE);
        ck_assert_mem_eq(at(r.entry), img, sizeof(img));
    }
    ram_teardown();
}
END_TEST

START_TEST(image_bad)
{
    uint8_t img[0x1000];
    char err[128];
    Arm64ImageHeader hdr;
    ram_setup(16 * MIB);
    BootResult r = {0};
    make_image(img, sizeof(img), 0, 0x1000, 0xa);
    img[ARM64_IMAGE_MAGIC_OFFSET] = 'X'; /* no Image: raw code, as qemu */
    ck_assert_int_eq(boot_place_kernel(&ram, img, sizeof(img), &r), 0);
    ck_assert_int_eq(r.kind, BOOT_KERNEL_RAW);
    ck_assert_uint_eq(r.entry, ram.base + BOOT_RAW_OFFSET);
    ck_assert_int_eq(boot_place_kernel(&ram, img, 0, &r), -1);
    ck_assert_ptr_nonnull(strstr(r.error, "empty"));
    ck_assert_int_eq(boot_parse_image_header(img, 32, &hdr, err, sizeof(err)),
                     -1);
    make_image(img, sizeof(img), 0, 0x1000, 0xb); /* big-endian */
    ck_assert_int_eq(boot_place_kernel(&ram, img, sizeof(img), &r), -1);
    ck_assert_ptr_nonnull(strstr(r.error, "big-endian"));
    make_image(img, sizeof(img), 0x123, 0x1000, 0xa);
    ck_assert_int_eq(boot_place_kernel(&ram, img, sizeof(img), &r), -1);
    make_image(img, sizeof(img), 0, 15 * MIB, 0xa); /* 2M + 15M > 16M */
    ck_assert_int_eq(boot_place_kernel(&ram, img, sizeof(img), &r), -1);
    ck_assert_ptr_nonnull(strstr(r.error, "too large"));
    ram_teardown();
}
END_TEST

static size_t gzip_buf(const uint8_t *in, size_t len, uint8_t *out, size_t cap)
{
    z_stream z = {0};
    ck_assert_int_eq(
        deflateInit2(&z, 9, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY),
        Z_OK);
    z.next_in = (Bytef *)in;
    z.avail_in = len;
    z.next_out = out;
    z.avail_out = cap;
    ck_assert_int_eq(deflate(&z, Z_FINISH), Z_STREAM_END);
    deflateEnd(&z);
    return cap - z.avail_out;
}

START_TEST(image_gzip)
{
    static uint8_t img[0x20000], gz[0x20000];
    make_image(img, sizeof(img), 0, sizeof(img), 0xa);
    size_t gzlen = gzip_buf(img, sizeof(img), gz, sizeof(gz));
    ram_setup(64 * MIB);
    BootResult r = {0};
    ck_assert_int_eq(boot_place_kernel(&ram, gz, gzlen, &r), 0);
    ck_assert_int_eq(r.kind, BOOT_KERNEL_IMAGE_GZIP);
    ck_assert_uint_eq(r.entry, 0x40200000);
    ck_assert_mem_eq(at(0x40200000), img, sizeof(img));
    /* Cut short, and corrupted. */
    ck_assert_int_eq(boot_place_kernel(&ram, gz, gzlen / 2, &r), -1);
    ck_assert_ptr_nonnull(strstr(r.error, "gzip"));
    gz[gzlen / 2] ^= 0xff;
    gz[gzlen / 2 + 1] ^= 0xff;
    ck_assert_int_eq(boot_place_kernel(&ram, gz, gzlen, &r), -1);
    ram_teardown();
}
END_TEST

/* An ELF with one PT_LOAD: 8 bytes of file, 16 of memory. */
static size_t make_elf(uint8_t *buf, uint64_t paddr, uint64_t entry)
{
    Elf64_Ehdr eh = {.e_type = ET_EXEC,
                     .e_machine = EM_AARCH64,
                     .e_version = EV_CURRENT,
                     .e_entry = entry,
                     .e_phoff = sizeof(Elf64_Ehdr),
                     .e_ehsize = sizeof(Elf64_Ehdr),
                     .e_phentsize = sizeof(Elf64_Phdr),
                     .e_phnum = 1};
    memcpy(eh.e_ident, ELFMAG, SELFMAG);
    eh.e_ident[EI_CLASS] = ELFCLASS64;
    eh.e_ident[EI_DATA] = ELFDATA2LSB;
    eh.e_ident[EI_VERSION] = EV_CURRENT;
    size_t off = sizeof(eh) + sizeof(Elf64_Phdr);
    Elf64_Phdr ph = {.p_type = PT_LOAD,
                     .p_offset = off,
                     .p_vaddr = paddr,
                     .p_paddr = paddr,
                     .p_filesz = 8,
                     .p_memsz = 16};
    memcpy(buf, &eh, sizeof(eh));
    memcpy(buf + sizeof(eh), &ph, sizeof(ph));
    memcpy(buf + off, "ELFDATA!", 8);
    return off + 8;
}

START_TEST(elf_kernel)
{
    uint8_t elf[512];
    ram_setup(16 * MIB);
    memset(ram.host, 0xee, ram.size);
    BootResult r = {0};
    size_t len = make_elf(elf, 0x40100000, 0x40100004);
    ck_assert_int_eq(boot_place_kernel(&ram, elf, len, &r), 0);
    ck_assert_int_eq(r.kind, BOOT_KERNEL_ELF);
    ck_assert_uint_eq(r.entry, 0x40100004);
    ck_assert_mem_eq(at(0x40100000), "ELFDATA!\0\0\0\0\0\0\0\0", 16);
    len = make_elf(elf, 0x80000000, 0x80000000); /* outside RAM */
    ck_assert_int_eq(boot_place_kernel(&ram, elf, len, &r), -1);
    ck_assert_ptr_nonnull(strstr(r.error, "outside RAM"));
    ck_assert_int_eq(boot_place_kernel(&ram, elf, 40, &r), -1);
    ram_teardown();
}
END_TEST

/* ---- initrd and DTB ---- */

START_TEST(initrd_and_dtb_placement)
{
    static const struct {
        uint64_t ram, image_size, initrd_len, initrd, dtb;
    } cases[] = {
        /* Seen under qemu 7.2 with the same sizes. */
        {512 * MIB, 0x10000, 1 * MIB, 0x48000000, 0x48200000},
        {128 * MIB, 0x10000, 1 * MIB, 0x44000000, 0x44200000},
        {2048 * MIB, 0x10000, 1 * MIB, 0x48000000, 0x48200000},
        {512 * MIB, 0x10000, 3000000, 0x48000000, 0x48400000},
        {512 * MIB, 0x9000000, 1 * MIB, 0x49200000, 0x49400000},
        {512 * MIB, 0x10000, 0, 0, 0x48000000}, /* no initrd */
    };
    static uint8_t img[0x10000];
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        ram_setup(cases[i].ram);
        BootResult r = {0};
        make_image(img, sizeof(img), 0, cases[i].image_size, 0xa);
        ck_assert_int_eq(boot_place_kernel(&ram, img, sizeof(img), &r), 0);
        if (cases[i].initrd_len) {
            uint8_t *rd = calloc(1, cases[i].initrd_len);
            ck_assert_int_eq(
                boot_place_initrd(&ram, rd, cases[i].initrd_len, &r), 0);
            free(rd);
        }
        ck_assert_uint_eq(r.initrd_start, cases[i].initrd);
        void *fdt = build(1, 1);
        ck_assert_int_eq(boot_place_dtb(&ram, fdt, &r), 0);
        ck_assert_uint_eq(r.x0, cases[i].dtb);
        ck_assert_int_eq(fdt_check_header(at(r.x0)), 0);
        free(fdt);
    }
    ram_teardown();
}
END_TEST

START_TEST(initrd_too_large)
{
    static uint8_t img[0x1000], rd[0x100000];
    ram_setup(2 * MIB + 0x1000 + 0x80000); /* room for half of it */
    BootResult r = {0};
    make_image(img, sizeof(img), 0, sizeof(img), 0xa);
    ck_assert_int_eq(boot_place_kernel(&ram, img, sizeof(img), &r), 0);
    ck_assert_int_eq(boot_place_initrd(&ram, rd, sizeof(rd), &r), -1);
    ck_assert_ptr_nonnull(strstr(r.error, "too large"));
    ram_teardown();
}
END_TEST

/* ---- the whole job, from files ---- */

static char *temp_file(const void *data, size_t len)
{
    char *path = strdup("/tmp/arx-test-boot.XXXXXX");
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, data, len), (ssize_t)len);
    close(fd);
    return path;
}

START_TEST(boot_load_files)
{
    static uint8_t img[0x10000], rd[0x3000];
    make_image(img, sizeof(img), 0, sizeof(img), 0xa);
    memset(rd, 0x5a, sizeof(rd));
    char *kernel = temp_file(img, sizeof(img));
    char *initrd = temp_file(rd, sizeof(rd));
    char dump[] = "/tmp/arx-test-dtb.XXXXXX";
    close(mkstemp(dump));
    ram_setup(512 * MIB);
    VirtBoardInfo board = {1, VIRT_RAM_BASE, 512 * MIB, "quiet", 0, 0, 2};
    BootConfig cfg = {kernel, initrd, NULL, dump};
    BootResult r;
    ck_assert_msg(boot_load(&ram, &cfg, &board, &r) == 0, "%s", r.error);
    ck_assert_uint_eq(r.entry, 0x40200000);
    ck_assert_uint_eq(r.x0, 0x48200000);
    ck_assert_uint_eq(board.initrd_start, 0x48000000);
    ck_assert_mem_eq(at(0x48000000), rd, sizeof(rd));
    const void *fdt = at(r.x0);
    ck_assert_uint_eq(cell(fdt, "/chosen", "linux,initrd-end", 1),
                      0x48000000 + sizeof(rd));
    ck_assert_str_eq(str(fdt, "/chosen", "bootargs"), "quiet");
    /* -dtb: the dumped blob again, /chosen rewritten with new bootargs. */
    board.bootargs = "console=ttyAMA0 loglevel=8";
    cfg.dtb = dump;
    cfg.dumpdtb = NULL;
    ck_assert_msg(boot_load(&ram, &cfg, &board, &r) == 0, "%s", r.error);
    ck_assert_str_eq(str(at(r.x0), "/chosen", "bootargs"), board.bootargs);
    /* Missing and corrupt files name the file. */
    cfg.dtb = kernel; /* not a device tree */
    ck_assert_int_eq(boot_load(&ram, &cfg, &board, &r), -1);
    ck_assert_ptr_nonnull(strstr(r.error, "dtb"));
    cfg.dtb = NULL;
    cfg.initrd = "/nonexistent/initrd";
    ck_assert_int_eq(boot_load(&ram, &cfg, &board, &r), -1);
    ck_assert_ptr_nonnull(strstr(r.error, "/nonexistent/initrd"));
    /* Any other file would load as raw code (as qemu does): an empty one
     * cannot. */
    cfg.initrd = NULL;
    fclose(fopen(initrd, "w"));
    cfg.kernel = initrd;
    ck_assert_int_eq(boot_load(&ram, &cfg, &board, &r), -1);
    ck_assert_ptr_nonnull(strstr(r.error, "kernel"));
    ck_assert_ptr_nonnull(strstr(r.error, "empty"));
    unlink(kernel);
    unlink(initrd);
    unlink(dump);
    free(kernel);
    free(initrd);
    ram_teardown();
}
END_TEST

/* qemu 7.2 gives an ELF kernel no DTB and no initrd: x0 = 0. */
START_TEST(boot_load_elf)
{
    uint8_t elf[512], rd[16] = {1};
    char *kernel = temp_file(elf, make_elf(elf, 0x40200000, 0x40200000));
    char *initrd = temp_file(rd, sizeof(rd));
    ram_setup(128 * MIB);
    VirtBoardInfo board = {1, VIRT_RAM_BASE, 128 * MIB, NULL, 0, 0, 0};
    BootConfig cfg = {kernel, initrd, NULL, NULL};
    BootResult r;
    ck_assert_msg(boot_load(&ram, &cfg, &board, &r) == 0, "%s", r.error);
    ck_assert_uint_eq(r.entry, 0x40200000);
    ck_assert_uint_eq(r.x0, 0);
    ck_assert_uint_eq(r.initrd_start, 0);
    unlink(kernel);
    unlink(initrd);
    free(kernel);
    free(initrd);
    ram_teardown();
}
END_TEST

int main(void)
{
    Suite *s = suite_create("fdt_boot");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, fdt_root_and_chosen);
    tcase_add_test(tc, fdt_devices);
    tcase_add_test(tc, fdt_bad_board);
    tcase_add_test(tc, image_placement);
    tcase_add_test(tc, image_bad);
    tcase_add_test(tc, image_gzip);
    tcase_add_test(tc, elf_kernel);
    tcase_add_test(tc, initrd_and_dtb_placement);
    tcase_add_test(tc, initrd_too_large);
    tcase_add_test(tc, boot_load_files);
    tcase_add_test(tc, boot_load_elf);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
