/*
 * ELF loader interface beyond user.h: sysroot for PT_INTERP, HWCAP bits,
 * the saved auxv (for /proc/self/auxv) and the loader's internal stack step.
 * Nothing here parses ELF or touches the JIT.
 */
#ifndef ARX_LINUX_USER_LOADER_H
#define ARX_LINUX_USER_LOADER_H

#include <stddef.h>
#include <stdint.h>

#include "linux-user/user.h"

/* AArch64 Linux AT_HWCAP bits (arch/arm64 uapi hwcap.h); only those arx has. */
enum {
    LOADER_HWCAP_FP = 1u << 0,
    LOADER_HWCAP_ASIMD = 1u << 1,
    LOADER_HWCAP_ATOMICS = 1u << 8,  /* FEAT_LSE */
    LOADER_HWCAP_FPHP = 1u << 9,     /* FEAT_FP16, scalar */
    LOADER_HWCAP_ASIMDHP = 1u << 10, /* FEAT_FP16, Advanced SIMD */
    LOADER_HWCAP_CRC32 = 1u << 7,
    LOADER_HWCAP_CPUID = 1u << 11,
    /* The Cryptographic Extension (target-arm/helper_crypto.c). */
    LOADER_HWCAP_AES = 1u << 3,
    LOADER_HWCAP_PMULL = 1u << 4,
    LOADER_HWCAP_SHA1 = 1u << 5,
    LOADER_HWCAP_SHA2 = 1u << 6,
    LOADER_HWCAP_SHA3 = 1u << 17,
    LOADER_HWCAP_SHA512 = 1u << 21,
};

/* arm Linux AT_HWCAP / AT_HWCAP2 bits (arch/arm uapi hwcap.h). */
enum {
    LOADER_ARM_HWCAP_HALF = 1u << 1,
    LOADER_ARM_HWCAP_THUMB = 1u << 2,
    LOADER_ARM_HWCAP_FAST_MULT = 1u << 4,
    LOADER_ARM_HWCAP_VFP = 1u << 6,
    LOADER_ARM_HWCAP_EDSP = 1u << 7,
    LOADER_ARM_HWCAP_NEON = 1u << 12,
    LOADER_ARM_HWCAP_VFPv3 = 1u << 13,
    LOADER_ARM_HWCAP_TLS = 1u << 15,
    LOADER_ARM_HWCAP_VFPv4 = 1u << 16,
    LOADER_ARM_HWCAP_IDIVA = 1u << 17,
    LOADER_ARM_HWCAP_IDIVT = 1u << 18,
    LOADER_ARM_HWCAP_VFPD32 = 1u << 19,
    LOADER_ARM_HWCAP_LPAE = 1u << 20,
    LOADER_ARM_HWCAP2_AES = 1u << 0,
    LOADER_ARM_HWCAP2_PMULL = 1u << 1,
    LOADER_ARM_HWCAP2_SHA1 = 1u << 2,
    LOADER_ARM_HWCAP2_SHA2 = 1u << 3,
    LOADER_ARM_HWCAP2_CRC32 = 1u << 4,
};

/* Stack the kernel gives a process. */
#define LOADER_STACK_SIZE (8ul << 20)
#define LOADER_STACK_TOP 0x7ff000000000ull

/*
 * What differs between the guest ELF kinds arx runs (the main program's
 * header chooses; its interpreter must be of the same kind): AArch64,
 * and arm EABI5 (armhf), which gets a 4 GiB address space of its own.
 */
typedef struct LoaderTarget {
    const char *name;     /* for messages: "AArch64", "ARM" */
    unsigned machine;     /* EM_AARCH64, EM_ARM */
    unsigned elf_class;   /* ELFCLASS64, ELFCLASS32 */
    unsigned word;        /* bytes of a pointer on the stack: 8, 4 */
    const char *platform; /* AT_PLATFORM */
    uint64_t hwcap, hwcap2;
    uint32_t minsigstksz; /* AT_MINSIGSTKSZ, or 0 for none */
    uint64_t stack_top;
    uint64_t space_end; /* an own address space's end, or 0 */
    uint64_t pie_base;  /* where a position-independent program goes */
} LoaderTarget;

extern const LoaderTarget loader_target_aarch64, loader_target_arm;
/* The main program's kind (loader_target_aarch64 before loader_exec). */
extern const LoaderTarget *loader_target;
#define LOADER_MAX_PHNUM 64u
#define LOADER_MAX_AUXV 24u

/*
 * Directory holding an arm64 root (-L). PT_INTERP is looked up there first.
 * NULL or "" clears it. The string is copied.
 */
void loader_set_sysroot(const char *dir);

/* Who maps the guest's vDSO for a program of a kind (returning its guest
 * address, or 0 for none): called once the kind is known, before the
 * stack is built. Unset: no vDSO. */
void loader_set_vdso_mapper(uint64_t (*map)(const LoaderTarget *target));
/* Where the interpreter should go (0: anywhere): the persistent
 * translation cache places libraries where their saved code applies. */
void loader_set_place_hint(uint64_t (*hint)(int fd, uint64_t len, int prot));

/* Guest load address of the interpreter (AT_BASE); 0 without PT_INTERP. */
uint64_t loader_interp_base(void);

/*
 * The auxv as given to the guest, as (type, value) pairs ending with AT_NULL;
 * *pairs receives the count including AT_NULL. Valid after loader_exec.
 */
const uint64_t *loader_auxv(size_t *pairs);

/* What loader_stack.c needs from the ELF step. */
typedef struct LoaderStackInput {
    const char *path; /* for error messages and AT_EXECFN */
    int argc;
    char **argv;
    char **envp;          /* NULL-terminated; may be NULL */
    uint64_t phdr;        /* AT_PHDR */
    uint64_t phnum;       /* AT_PHNUM */
    uint64_t entry;       /* AT_ENTRY: the program's, never the interpreter's */
    uint64_t interp_base; /* AT_BASE */
    bool exec_stack; /* PT_GNU_STACK asks for PF_X: the stack is executable */
    uint64_t phent;  /* AT_PHENT: the size of a program header */
    uint64_t sysinfo_ehdr; /* AT_SYSINFO_EHDR: the vDSO, or 0 for none */
} LoaderStackInput;

/*
 * Maps the guest stack and lays out strings, AT_RANDOM, auxv, envp, argv
 * and argc as arm64 Linux does. Sets info->stack_top and info->initial_sp.
 */
bool loader_build_stack(const LoaderStackInput *in, ImageInfo *info, char *err,
                        size_t errlen);

#endif
