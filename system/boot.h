/*
 * Loading what arx-system boots into guest RAM: the kernel (arm64 Image,
 * gzip'd Image or ELF), the initrd and the device tree, at the addresses
 * qemu-system-aarch64 7.2 -M virt uses, so both run a test image alike.
 * Touches RAM only; the vCPUs' registers are the caller's to set.
 */
#ifndef ARX_SYSTEM_BOOT_H
#define ARX_SYSTEM_BOOT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hw/hw.h"
#include "system/fdt.h"

/*
 * Where things go (found by booting probe images under qemu 7.2, -m 128 to
 * 2048, and reading its registers and RAM; Documentation/arm64/booting.rst):
 *  - Image with image_size != 0: ram_base + text_offset, and text_offset 0
 *    (every kernel since 5.8) means ram_base + 2 MiB; image_size == 0 (a
 *    pre-3.17 kernel): ram_base + 512 KiB. Flags bit 3 is not looked at.
 *  - ELF: each PT_LOAD at its p_paddr, pc = e_entry; like qemu, no initrd
 *    and no DTB are loaded then, and x0 = 0.
 *  - initrd: ram_base + min(ram_size / 2, 128 MiB), or just after the
 *    kernel's image_size when the kernel reaches that far.
 *  - DTB: the next 2 MiB boundary at or after the initrd's end (or after
 *    where it would be). x0 = its address, x1..x3 = 0.
 * The boot CPU starts at EL1h with DAIF masked, MMU and caches off.
 * Secondary CPUs start powered off: the guest starts them with PSCI CPU_ON
 * (hvc), whatever enable-method the tree gives; nothing is loaded for them.
 */
#define BOOT_IMAGE_DEFAULT_OFFSET 0x80000ull /* image_size == 0 */
#define BOOT_IMAGE_ZERO_OFFSET 0x200000ull   /* text_offset == 0 */
/* A file that is no Image, gzip'd Image nor ELF is raw code run from here,
 * as qemu-system-aarch64 does (kvm-unit-tests' .flat files, for one). */
#define BOOT_RAW_OFFSET 0x10000ull
#define BOOT_INITRD_MAX_OFFSET (128ull << 20)
#define BOOT_DTB_ALIGN (2ull << 20)

#define BOOT_ERROR_LEN 256

/* The 64-byte header at the start of an arm64 Image (booting.rst). */
typedef struct Arm64ImageHeader {
    uint32_t code0, code1;
    uint64_t text_offset;
    uint64_t image_size; /* 0: unknown (old kernel) */
    uint64_t flags;      /* bit 0 big-endian, 1-2 page size, 3 placement */
} Arm64ImageHeader;

#define ARM64_IMAGE_MAGIC_OFFSET 0x38
#define ARM64_IMAGE_HEADER_SIZE 64

typedef enum BootKernelKind {
    BOOT_KERNEL_IMAGE,
    BOOT_KERNEL_IMAGE_GZIP,
    BOOT_KERNEL_ELF,
    BOOT_KERNEL_RAW, /* none of those: raw code at RAM + BOOT_RAW_OFFSET */
} BootKernelKind;

typedef struct BootConfig {
    const char *kernel;  /* path, required */
    const char *initrd;  /* NULL: none */
    const char *dtb;     /* NULL: generate from the board */
    const char *dumpdtb; /* non-NULL: also write the final blob here */
} BootConfig;

typedef struct BootResult {
    uint64_t entry; /* pc of the boot CPU */
    uint64_t x0;    /* the DTB's address (0 for ELF); x1..x3 are 0 */
    BootKernelKind kind;
    uint64_t kernel_start, kernel_end; /* end covers image_size / memsz */
    uint64_t initrd_start, initrd_end; /* 0, 0 when none */
    uint64_t dtb_start, dtb_size;      /* 0, 0 for ELF */
    char error[BOOT_ERROR_LEN];        /* set when a function returns -1 */
} BootResult;

/*
 * The whole job: loads cfg's files into ram and fills out. board gives
 * ncpus, nvirtio, bootargs and RAM; its initrd fields are set here. 0, or
 * -1 with out->error saying which file and what is wrong (missing,
 * corrupt, too large for RAM); the caller then exits non-zero.
 */
int boot_load(const GuestRam *ram, const BootConfig *cfg, VirtBoardInfo *board,
              BootResult *out);

/* The steps, on data already in memory (unit tests use these). */
int boot_parse_image_header(const uint8_t *data, size_t len,
                            Arm64ImageHeader *hdr, char *err, size_t errlen);
int boot_place_kernel(const GuestRam *ram, const uint8_t *data, size_t len,
                      BootResult *out);
int boot_place_initrd(const GuestRam *ram, const uint8_t *data, size_t len,
                      BootResult *out);
int boot_place_dtb(const GuestRam *ram, const void *fdt, BootResult *out);

#endif
