/*
 * Fault sites: recorded for each guest access while a block is generated,
 * then used on a host fault in translated code to copy guest registers held
 * in host registers (general or xmm) from the signal context to the CPU
 * state. Emits no code.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* REG_* indices of ucontext_t */
#endif
#include <string.h>
#include <ucontext.h>

#include "tcg/x86_64/fault.h"

#include "tcg/x86_64/backend.h"
#include "tcg/x86_64/regalloc.h"
#include "tcg/x86_64/vcache.h"

/* ---- recording, while a block is generated ---- */

#define FAULT_BLOB_SIZE (256u << 10)
static _Alignas(8) uint8_t fault_blob[FAULT_BLOB_SIZE];
static size_t fault_blob_used;
static uint32_t nb_fault_sites;
static uint64_t current_guest_pc;

static size_t fault_site_size(uint32_t nb_regs)
{
    size_t size = sizeof(TCGFaultSite) + nb_regs * sizeof(TCGFaultReg);
    return (size + 7) & ~(size_t)7;
}

void fault_sites_reset(void)
{
    fault_blob_used = 0;
    nb_fault_sites = 0;
}

void fault_sites_at_insn(uint64_t guest_pc)
{
    current_guest_pc = guest_pc;
}

uint64_t fault_sites_current_pc(void)
{
    return current_guest_pc;
}

/* A site at the next instruction, with the register map, or NULL. */
static TCGFaultSite *fault_note(unsigned kind)
{
    TCGFaultSite *site;
    size_t worst = fault_site_size(16 + 16);

    if (fault_blob_used + worst > FAULT_BLOB_SIZE) {
        be.too_big = true;
        return NULL;
    }
    site = (TCGFaultSite *)(void *)(fault_blob + fault_blob_used);
    site->host_offset = (uint32_t)x86_asm_size(&be.as);
    site->guest_pc = current_guest_pc;
    site->kind = (uint8_t)kind;
    site->addr_reg = 0;
    site->nb_regs = (uint16_t)ra_fault_regs(site->regs);
    site->nb_regs += (uint16_t)vcache_fault_regs(&site->regs[site->nb_regs]);
    fault_blob_used += fault_site_size(site->nb_regs);
    nb_fault_sites++;
    return site;
}

void fault_note_site(void)
{
    fault_note(TCG_FAULT_ACCESS);
}

void fault_note_align_site(int addr_reg, bool is_write)
{
    TCGFaultSite *site =
        fault_note(is_write ? TCG_FAULT_ALIGN_WRITE : TCG_FAULT_ALIGN_READ);

    if (site)
        site->addr_reg = (uint8_t)addr_reg;
}

void fault_note_call_site(void)
{
    TCGFaultSite *site;

    if (fault_blob_used + fault_site_size(0) > FAULT_BLOB_SIZE) {
        be.too_big = true;
        return;
    }
    site = (TCGFaultSite *)(void *)(fault_blob + fault_blob_used);
    site->host_offset = (uint32_t)x86_asm_size(&be.as);
    site->guest_pc = current_guest_pc;
    site->kind = TCG_FAULT_CALL;
    site->addr_reg = 0;
    site->nb_regs = 0;
    fault_blob_used += fault_site_size(0);
    nb_fault_sites++;
}

uint32_t tcg_fault_sites_size(size_t *bytes)
{
    *bytes = fault_blob_used;
    return nb_fault_sites;
}

void tcg_copy_fault_sites(void *dst)
{
    memcpy(dst, fault_blob, fault_blob_used);
}

const TCGFaultSite *tcg_fault_site_next(const TCGFaultSite *site)
{
    return (const TCGFaultSite *)(const void *)((const uint8_t *)site +
                                                fault_site_size(site->nb_regs));
}

/* ---- restoring, in a host signal handler ---- */

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

uintptr_t tcg_fault_host_sp(void *host_ucontext)
{
    ucontext_t *uc = host_ucontext;
    return (uintptr_t)uc->uc_mcontext.gregs[REG_RSP];
}

uint64_t tcg_fault_host_reg(void *host_ucontext, unsigned reg)
{
    ucontext_t *uc = host_ucontext;
    return (uint64_t)uc->uc_mcontext.gregs[host_greg_index[reg & 15]];
}

void *tcg_fault_restore(const TCGFaultSite *site, void *host_ucontext)
{
    ucontext_t *uc = host_ucontext;
    uint8_t *env =
        (uint8_t *)(uintptr_t)uc->uc_mcontext.gregs[host_greg_index[REG_ENV]];

    for (uint32_t i = 0; i < site->nb_regs; i++) {
        if (site->regs[i].bytes == 16) {
            memcpy(env + site->regs[i].env_offset,
                   &uc->uc_mcontext.fpregs->_xmm[site->regs[i].host_reg], 16);
            continue;
        }
        uint64_t v =
            (uint64_t)
                uc->uc_mcontext.gregs[host_greg_index[site->regs[i].host_reg]];
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
