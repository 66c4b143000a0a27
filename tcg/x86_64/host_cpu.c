/*
 * The host CPU's feature words (host_cpu.h): three CPUID instructions and
 * one XGETBV, once. Nothing here decides what to emit.
 */
#include "tcg/x86_64/host_cpu.h"

#include <cpuid.h>

#include "tcg/ir.h"
#include "util/once.h"

static X86HostCpu host;

static void host_cpu_read(void)
{
    unsigned max, eax, ebx, ecx, edx, xcr0_lo, xcr0_hi;

    __cpuid(0, max, ebx, ecx, edx);
    if (max >= 1) {
        __cpuid(1, eax, ebx, ecx, edx);
        host.leaf1_ecx = ecx;
        host.leaf1_edx = edx;
    }
    if (max >= 7) {
        __cpuid_count(7, 0, eax, ebx, ecx, edx);
        host.leaf7_ebx = ebx;
        host.leaf7_ecx = ecx;
    }
    /* XGETBV exists where OSXSAVE says so. */
    if ((host.leaf1_ecx & bit_OSXSAVE) && (host.leaf1_ecx & bit_AVX)) {
        __asm__("xgetbv" : "=a"(xcr0_lo), "=d"(xcr0_hi) : "c"(0));
        host.avx_state = (xcr0_lo & 6) == 6;
    }
}

/* One load once read: helpers built with AES-NI ask at every call. */
const X86HostCpu *x86_host_cpu(void)
{
    static Once read = {PTHREAD_ONCE_INIT};

    once_run(&read, host_cpu_read);
    return &host;
}

bool tcg_host_has_aes(void)
{
    return (x86_host_cpu()->leaf1_ecx & bit_AES) != 0;
}

bool tcg_host_has_clmul(void)
{
    return (x86_host_cpu()->leaf1_ecx & bit_PCLMUL) != 0;
}
