/*
 * What the host x86-64 CPU offers, read once per process: under
 * virtualisation every CPUID instruction traps to the hypervisor (8-10 us
 * each on the VM this was measured on), and a start-up that asked each
 * lowering's question separately paid a dozen of them.
 */
#ifndef ARX_TCG_X86_64_HOST_CPU_H
#define ARX_TCG_X86_64_HOST_CPU_H

#include <stdbool.h>
#include <stdint.h>

typedef struct X86HostCpu {
    uint32_t leaf1_ecx, leaf1_edx; /* CPUID leaf 1 */
    uint32_t leaf7_ebx, leaf7_ecx; /* leaf 7 subleaf 0; 0 if absent */
    bool avx_state;                /* the OS saves AVX state (XCR0 bits 1-2) */
} X86HostCpu;

const X86HostCpu *x86_host_cpu(void);

#endif
