/*
 * Host signal contexts for faults in translated code: reads the faulting
 * host pc and copies guest registers held in host registers (general or
 * xmm) back to the CPU state, as a fault site recorded by the allocator
 * says.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* REG_* indices of ucontext_t */
#endif
#include <string.h>
#include <ucontext.h>

#include "tcg/x86_64/backend.h"
#include "tcg/x86_64/regalloc.h"

/* ucontext general-register slots, in X86Reg order (rax, rcx, ...). */
static const int host_greg_index[16] = {
    REG_RAX, REG_RCX, REG_RDX, REG_RBX, REG_RSP, REG_RBP, REG_RSI, REG_RDI,
    REG_R8,  REG_R9,  REG_R10, REG_R11, REG_R12, REG_R13, REG_R14, REG_R15,
};

uintptr_t tcg_fault_host_pc(void *host_ucontext)
{
    ucontext_t *uc = host_ucontext;
    return (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
}

void *tcg_fault_restore(const TCGFaultSite *site, void *host_ucontext)
{
    ucontext_t *uc = host_ucontext;
    uint8_t *env = (uint8_t *)(uintptr_t)uc->uc_mcontext.gregs[host_greg_index[REG_ENV]];

    for (uint32_t i = 0; i < site->nb_regs; i++) {
        if (site->regs[i].bytes == 16) {
            memcpy(env + site->regs[i].env_offset,
                   &uc->uc_mcontext.fpregs->_xmm[site->regs[i].host_reg], 16);
            continue;
        }
        uint64_t v = (uint64_t)uc->uc_mcontext.gregs[host_greg_index[site->regs[i].host_reg]];
        if (site->regs[i].bytes == 8)
            memcpy(env + site->regs[i].env_offset, &v, 8);
        else
            memcpy(env + site->regs[i].env_offset, &v, 4);
    }
    /* The globally pinned guest registers live in their host registers
     * everywhere in translated code; sites do not list them. */
    for (int i = 0; be.global_pin_regs && i < tcg_ctx.nb_pins; i++) {
        const TCGTemp *t = tcg_temp(tcg_ctx.pins[i]);
        X86Reg r = ra_global_pin_reg(i);
        uint64_t v = (uint64_t)uc->uc_mcontext.gregs[host_greg_index[r]];
        memcpy(env + t->mem_offset, &v, 8);
    }
    return env;
}

