/*
 * Puts the kernel, initrd and device tree into guest RAM where qemu 7.2's
 * virt machine puts them (the rules are in boot.h). Parses the arm64 Image
 * header, inflates gzip'd Images, loads ELF PT_LOAD segments. Must not set
 * CPU state or touch devices: it returns the entry pc and x0.
 */
#include "system/boot.h"

#include <elf.h>
#include <errno.h>
#include <inttypes.h>
#include <libfdt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#define PAGE_SIZE_4K 4096ull

static int fail(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return -1;
}

static uint64_t align_up(uint64_t v, uint64_t align)
{
    return (v + align - 1) & ~(align - 1);
}

static uint32_t le32(const uint8_t *p)
{
    return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t le64(const uint8_t *p)
{
    return le32(p) | (uint64_t)le32(p + 4) << 32;
}

/* True when [pa, pa + len) lies inside RAM. */
static bool in_ram(const GuestRam *ram, uint64_t pa, uint64_t len)
{
    return guest_ram_ptr(ram, pa, len) != NULL;
}

static void copy_to_ram(const GuestRam *ram, uint64_t pa, const void *data,
                        size_t len)
{
    memcpy(guest_ram_ptr(ram, pa, len), data, len);
    guest_ram_written(ram, pa, len);
}

/* Reads a whole file, at most max bytes (else "too large"). */
static int read_whole_file(const char *what, const char *path, size_t max,
                           uint8_t **data, size_t *len, char *err,
                           size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return fail(err, errlen, "%s %s: %s", what, path, strerror(errno));
    size_t cap = 1 << 20, n = 0;
    uint8_t *buf = malloc(cap);
    int read_errno = 0;
    while (buf) {
        errno = 0;
        n += fread(buf + n, 1, cap - n, f);
        read_errno = errno;
        if (n < cap || n > max)
            break;
        uint8_t *bigger = realloc(buf, cap * 2);
        if (!bigger)
            free(buf);
        buf = bigger;
        cap *= 2;
    }
    /* The reason fread failed (a directory: EISDIR), EIO if it kept none. */
    int bad = !buf ? ENOMEM : ferror(f) ? (read_errno ? read_errno : EIO) : 0;
    fclose(f);
    if (bad) {
        free(buf);
        return fail(err, errlen, "%s %s: %s", what, path, strerror(bad));
    }
    if (n > max) {
        free(buf);
        return fail(err, errlen, "%s %s: too large for RAM (over %zu bytes)",
                    what, path, max);
    }
    if (n == 0) {
        free(buf);
        return fail(err, errlen, "%s %s: empty file", what, path);
    }
    *data = buf;
    *len = n;
    return 0;
}

static bool is_gzip(const uint8_t *data, size_t len)
{
    return len >= 2 && data[0] == 0x1f && data[1] == 0x8b;
}

/* Doubles a buffer; NULL, or why not (the buffer is then left as it was). */
static const char *grow(uint8_t **buf, size_t *cap)
{
    uint8_t *bigger = realloc(*buf, *cap * 2);
    if (!bigger)
        return "out of memory";
    *buf = bigger;
    *cap *= 2;
    return NULL;
}

/* Inflates a gzip stream of at most max bytes into a malloc'd buffer. */
static int gunzip(const uint8_t *in, size_t inlen, size_t max, uint8_t **out,
                  size_t *outlen, char *err, size_t errlen)
{
    z_stream z = {.next_in = (Bytef *)in, .avail_in = (uInt)inlen};
    if (inlen > UINT32_MAX || inflateInit2(&z, 16 + MAX_WBITS) != Z_OK)
        return fail(err, errlen, "cannot inflate");
    size_t cap = inlen < (1 << 20) ? 4 << 20 : inlen * 4, n = 0;
    uint8_t *buf = malloc(cap);
    const char *why = buf ? NULL : "out of memory";
    while (!why) {
        z.next_out = buf + n;
        z.avail_out = (uInt)(cap - n);
        int ret = inflate(&z, Z_NO_FLUSH);
        n = cap - z.avail_out;
        if (ret == Z_STREAM_END)
            break;
        if (ret != Z_OK && ret != Z_BUF_ERROR)
            why = "corrupt gzip data";
        else if (z.avail_out != 0)
            why = "truncated gzip data";
        else if (cap > max)
            why = "inflates to more than RAM";
        else
            why = grow(&buf, &cap);
    }
    inflateEnd(&z);
    if (!why && n > max)
        why = "inflates to more than RAM";
    if (why) {
        free(buf);
        return fail(err, errlen, "%s", why);
    }
    *out = buf;
    *outlen = n;
    return 0;
}

int boot_parse_image_header(const uint8_t *data, size_t len,
                            Arm64ImageHeader *hdr, char *err, size_t errlen)
{
    if (len < ARM64_IMAGE_HEADER_SIZE ||
        memcmp(data + ARM64_IMAGE_MAGIC_OFFSET, "ARM\x64", 4) != 0)
        return fail(err, errlen, "not an arm64 Image (no ARM\\x64 magic)");
    hdr->code0 = le32(data);
    hdr->code1 = le32(data + 4);
    hdr->text_offset = le64(data + 8);
    hdr->image_size = le64(data + 16);
    hdr->flags = le64(data + 24);
    if (hdr->image_size != 0 && (hdr->flags & 1))
        return fail(err, errlen, "big-endian Image: arx runs little-endian");
    if (hdr->text_offset % PAGE_SIZE_4K)
        return fail(err, errlen, "text_offset 0x%" PRIx64 " not 4K aligned",
                    hdr->text_offset);
    return 0;
}

static int place_image(const GuestRam *ram, const uint8_t *data, size_t len,
                       BootResult *out)
{
    Arm64ImageHeader hdr = {0};
    if (boot_parse_image_header(data, len, &hdr, out->error,
                                sizeof(out->error)))
        return -1;
    uint64_t offset = BOOT_IMAGE_DEFAULT_OFFSET, size = len;
    if (hdr.image_size != 0) {
        offset = hdr.text_offset ? hdr.text_offset : BOOT_IMAGE_ZERO_OFFSET;
        size = hdr.image_size > len ? hdr.image_size : len;
    }
    uint64_t start = ram->base + offset;
    if (!in_ram(ram, start, size))
        return fail(out->error, sizeof(out->error),
                    "kernel too large: 0x%" PRIx64 " bytes at 0x%" PRIx64
                    " pass the end of RAM",
                    size, start);
    copy_to_ram(ram, start, data, len);
    out->entry = start;
    out->kernel_start = start;
    out->kernel_end = start + size;
    return 0;
}

/* Raw code: copied to RAM + BOOT_RAW_OFFSET and entered there. */
static int place_raw(const GuestRam *ram, const uint8_t *data, size_t len,
                     BootResult *out)
{
    uint64_t start = ram->base + BOOT_RAW_OFFSET;

    if (!in_ram(ram, start, len))
        return fail(out->error, sizeof(out->error),
                    "kernel too large: 0x%zx bytes at 0x%" PRIx64
                    " pass the end of RAM",
                    len, start);
    copy_to_ram(ram, start, data, len);
    out->entry = start;
    out->kernel_start = start;
    out->kernel_end = start + len;
    return 0;
}

/* PT_LOAD segments at their physical addresses; bss zeroed. */
static int place_elf(const GuestRam *ram, const uint8_t *data, size_t len,
                     BootResult *out)
{
    char *err = out->error;
    size_t errlen = sizeof(out->error);
    Elf64_Ehdr eh;
    if (len < sizeof(eh))
        return fail(err, errlen, "truncated ELF header");
    memcpy(&eh, data, sizeof(eh));
    if (eh.e_ident[EI_CLASS] != ELFCLASS64 ||
        eh.e_ident[EI_DATA] != ELFDATA2LSB || eh.e_machine != EM_AARCH64)
        return fail(err, errlen, "not a little-endian AArch64 ELF64 file");
    if (eh.e_phentsize != sizeof(Elf64_Phdr) || eh.e_phoff > len ||
        (uint64_t)eh.e_phnum * sizeof(Elf64_Phdr) > len - eh.e_phoff)
        return fail(err, errlen, "corrupt ELF program headers");
    uint64_t low = UINT64_MAX, high = 0;
    for (int i = 0; i < eh.e_phnum; i++) {
        Elf64_Phdr ph;
        memcpy(&ph, data + eh.e_phoff + i * sizeof(ph), sizeof(ph));
        if (ph.p_type != PT_LOAD || ph.p_memsz == 0)
            continue;
        if (ph.p_filesz > ph.p_memsz || ph.p_offset > len ||
            ph.p_filesz > len - ph.p_offset)
            return fail(err, errlen, "corrupt ELF segment %d", i);
        if (!in_ram(ram, ph.p_paddr, ph.p_memsz))
            return fail(err, errlen,
                        "ELF segment %d at 0x%" PRIx64 "+0x%" PRIx64
                        " is outside RAM",
                        i, ph.p_paddr, ph.p_memsz);
        copy_to_ram(ram, ph.p_paddr, data + ph.p_offset, ph.p_filesz);
        memset(guest_ram_ptr(ram, ph.p_paddr + ph.p_filesz,
                             ph.p_memsz - ph.p_filesz),
               0, ph.p_memsz - ph.p_filesz);
        low = ph.p_paddr < low ? ph.p_paddr : low;
        high = ph.p_paddr + ph.p_memsz > high ? ph.p_paddr + ph.p_memsz : high;
    }
    if (high == 0)
        return fail(err, errlen, "ELF file has nothing to load");
    out->entry = eh.e_entry;
    out->kernel_start = low;
    out->kernel_end = high;
    return 0;
}

int boot_place_kernel(const GuestRam *ram, const uint8_t *data, size_t len,
                      BootResult *out)
{
    if (len >= SELFMAG && memcmp(data, ELFMAG, SELFMAG) == 0) {
        out->kind = BOOT_KERNEL_ELF;
        return place_elf(ram, data, len, out);
    }
    if (is_gzip(data, len)) {
        uint8_t *image = NULL;
        size_t size = 0;
        if (gunzip(data, len, ram->size, &image, &size, out->error,
                   sizeof(out->error)))
            return -1;
        int ret = place_image(ram, image, size, out);
        free(image);
        out->kind = BOOT_KERNEL_IMAGE_GZIP;
        return ret;
    }
    if (len == 0)
        return fail(out->error, sizeof(out->error), "the file is empty");
    if (len >= ARM64_IMAGE_HEADER_SIZE &&
        memcmp(data + ARM64_IMAGE_MAGIC_OFFSET, "ARM\x64", 4) == 0) {
        out->kind = BOOT_KERNEL_IMAGE;
        return place_image(ram, data, len, out);
    }
    out->kind = BOOT_KERNEL_RAW;
    return place_raw(ram, data, len, out);
}

/* Where the initrd goes, and the DTB after it when there is none. */
static uint64_t initrd_base(const GuestRam *ram, const BootResult *out)
{
    uint64_t offset = ram->size / 2;
    if (offset > BOOT_INITRD_MAX_OFFSET)
        offset = BOOT_INITRD_MAX_OFFSET;
    uint64_t base = ram->base + offset;
    if (out->kernel_end > base)
        base = align_up(out->kernel_end, PAGE_SIZE_4K);
    return base;
}

int boot_place_initrd(const GuestRam *ram, const uint8_t *data, size_t len,
                      BootResult *out)
{
    uint64_t start = initrd_base(ram, out);
    if (!in_ram(ram, start, len))
        return fail(out->error, sizeof(out->error),
                    "initrd too large: %zu bytes at 0x%" PRIx64
                    " pass the end of RAM",
                    len, start);
    copy_to_ram(ram, start, data, len);
    out->initrd_start = start;
    out->initrd_end = start + len;
    return 0;
}

int boot_place_dtb(const GuestRam *ram, const void *fdt, BootResult *out)
{
    uint64_t after = out->initrd_end ? out->initrd_end : initrd_base(ram, out);
    uint64_t start = align_up(after, BOOT_DTB_ALIGN);
    uint64_t size = fdt_totalsize(fdt);
    if (!in_ram(ram, start, size))
        return fail(out->error, sizeof(out->error),
                    "no room for the device tree at 0x%" PRIx64, start);
    copy_to_ram(ram, start, fdt, size);
    out->dtb_start = start;
    out->dtb_size = size;
    out->x0 = start;
    return 0;
}

/* A -dtb file: checked, then /chosen gets bootargs and the initrd. */
static void *load_user_dtb(const BootConfig *cfg, const VirtBoardInfo *board,
                           size_t max, BootResult *out)
{
    uint8_t *file;
    size_t len;
    if (read_whole_file("dtb", cfg->dtb, max, &file, &len, out->error,
                        sizeof(out->error)))
        return NULL;
    int extra = 1024 + (board->bootargs ? (int)strlen(board->bootargs) : 0);
    void *fdt = NULL;
    int ret = len < sizeof(struct fdt_header) ? -FDT_ERR_TRUNCATED
                                              : fdt_check_header(file);
    if (ret == 0 && fdt_totalsize(file) > len)
        ret = -FDT_ERR_TRUNCATED;
    if (ret == 0) {
        int size = (int)fdt_totalsize(file) + extra;
        fdt = malloc(size);
        ret = fdt ? fdt_open_into(file, fdt, size) : -FDT_ERR_NOSPACE;
    }
    int chosen = ret ? ret : fdt_path_offset(fdt, "/chosen");
    if (chosen == -FDT_ERR_NOTFOUND)
        chosen = fdt_add_subnode(fdt, 0, "chosen");
    ret = chosen < 0 ? chosen : 0;
    if (ret == 0 && board->bootargs)
        ret = fdt_setprop_string(fdt, chosen, "bootargs", board->bootargs);
    if (ret == 0 && board->initrd_end) {
        ret = fdt_setprop_u64(fdt, chosen, "linux,initrd-start",
                              board->initrd_start);
        if (ret == 0)
            ret = fdt_setprop_u64(fdt, chosen, "linux,initrd-end",
                                  board->initrd_end);
    }
    if (ret == 0)
        ret = fdt_pack(fdt);
    free(file);
    if (ret) {
        free(fdt);
        fail(out->error, sizeof(out->error), "dtb %s: %s", cfg->dtb,
             fdt_strerror(ret));
        return NULL;
    }
    return fdt;
}

static int load_initrd(const GuestRam *ram, const char *path, BootResult *out)
{
    uint8_t *data;
    size_t len;
    if (read_whole_file("initrd", path, ram->size, &data, &len, out->error,
                        sizeof(out->error)))
        return -1;
    int ret = boot_place_initrd(ram, data, len, out);
    free(data);
    if (ret) {
        char why[BOOT_ERROR_LEN];
        snprintf(why, sizeof(why), "%s", out->error);
        fail(out->error, sizeof(out->error), "initrd %s: %s", path, why);
    }
    return ret;
}

static int load_kernel(const GuestRam *ram, const char *path, BootResult *out)
{
    uint8_t *data;
    size_t len;
    if (read_whole_file("kernel", path, ram->size, &data, &len, out->error,
                        sizeof(out->error)))
        return -1;
    int ret = boot_place_kernel(ram, data, len, out);
    free(data);
    if (ret) {
        char why[BOOT_ERROR_LEN];
        snprintf(why, sizeof(why), "%s", out->error);
        fail(out->error, sizeof(out->error), "kernel %s: %s", path, why);
    }
    return ret;
}

int boot_load(const GuestRam *ram, const BootConfig *cfg, VirtBoardInfo *board,
              BootResult *out)
{
    memset(out, 0, sizeof(*out));
    if (!cfg->kernel)
        return fail(out->error, sizeof(out->error), "no kernel given");
    if (load_kernel(ram, cfg->kernel, out))
        return -1;
    /* qemu 7.2 loads neither initrd nor DTB for an ELF kernel: x0 = 0. */
    bool elf = out->kind == BOOT_KERNEL_ELF;
    if (cfg->initrd && !elf && load_initrd(ram, cfg->initrd, out))
        return -1;
    board->initrd_start = out->initrd_start;
    board->initrd_end = out->initrd_end;
    void *fdt;
    if (cfg->dtb) {
        fdt = load_user_dtb(cfg, board, ram->size, out);
    } else {
        size_t size = 0;
        fdt = virt_fdt_build(board, &size, out->error, sizeof(out->error));
    }
    if (!fdt)
        return -1;
    int ret = elf ? 0 : boot_place_dtb(ram, fdt, out);
    if (ret == 0 && cfg->dumpdtb)
        ret = virt_fdt_write_file(fdt, cfg->dumpdtb, out->error,
                                  sizeof(out->error));
    free(fdt);
    return ret;
}
