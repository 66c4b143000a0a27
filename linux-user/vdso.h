/*
 * The guest's vDSO (vdso.c): one page holding an ELF shared object that
 * the loader names in AT_SYSINFO_EHDR, as arm64 Linux maps its vDSO into
 * every process. Its clock functions reach the host's clock without a
 * system call; __kernel_rt_sigreturn is the signal trampoline.
 */
#ifndef ARX_LINUX_USER_VDSO_H
#define ARX_LINUX_USER_VDSO_H

#include <stdint.h>

#include "linux-user/loader.h"

/*
 * Maps the vDSO for a program of kind target (once per process) and
 * returns its guest address, or 0 when that kind has none (ARM). For
 * loader_set_vdso_mapper.
 */
uint64_t vdso_map(const LoaderTarget *target);
/* The guest address of __kernel_rt_sigreturn, or 0 without a vDSO. */
uint64_t vdso_sigreturn(void);

#endif
