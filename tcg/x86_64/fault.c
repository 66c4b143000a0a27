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
#include "util/log.h"

/* ---- recording, while a block is generated ---- */

#define FAULT_BLOB_SIZE (256u << 10)
static _Alignas(8) uint8_t fault_blob[FAULT_BLOB_SIZE];
static size_t fault_blob_used;
static uint32_t nb_fault_sites;
static uint64_t current_guest_pc;

static size_t fault_site_size(uint32_t nb_regs, bool recipe)
{
    size_t size = sizeof(TCGFaultSite) + nb_regs * sizeof(TCGFaultReg);

    size = (size + 7) & ~(size_t)7;
    return recipe ? size + 3 * sizeof(TCGFaultValue) : size;
}

static TCGFaultValue *site_recipe_inputs(const TCGFaultSite *site)
{
    return (TCGFaultValue *)(void *)((uint8_t *)(uintptr_t)site +
                                     fault_site_size(site->nb_regs, false));
}

/* Where input t of a recipe is now (liveness keeps it live here). */
static TCGFaultValue recipe_input_now(const TCGTemp *t)
{
    if (t->kind == TEMP_CONST)
        return (TCGFaultValue){TCG_FAULT_IS_CONST, 0, t->val};
    if (t->val_loc == VAL_REG)
        return (TCGFaultValue){TCG_FAULT_IN_REG, (uint8_t)t->reg, 0};
    if (t->kind == TEMP_GLOBAL)
        return (TCGFaultValue){TCG_FAULT_IN_ENV, 0, t->mem_offset};
    if (t->val_loc == VAL_MEM && t->slot >= 0)
        return (TCGFaultValue){TCG_FAULT_IN_SLOT, 0, t->slot};
    if (t->val_loc == VAL_CONST)
        return (TCGFaultValue){TCG_FAULT_IS_CONST, 0, t->val};
    arx_fatal("backend: a fault recipe's input is nowhere (block at %#llx)",
              (unsigned long long)be.tb->pc);
}

/* Notes the recipe in force at the access being lowered, if any. */
static void note_recipe(TCGFaultSite *site)
{
    const TCGOp *op = be.op, *r;
    TCGFaultValue *in;

    site->recipe = 0;
    site->recipe_use = 0;
    if (!op || op->recipe < 0)
        return;
    r = &tcg_ctx.ops[op->recipe];
    site->recipe = (uint16_t)(1 + r->args[3]);
    site->recipe_use = op->recipe_use;
    in = site_recipe_inputs(site);
    for (int k = 0; k < 3; k++)
        in[k] = (op->recipe_use >> k) & 1
                    ? recipe_input_now(tcg_temp((uint32_t)r->args[k]))
                    : (TCGFaultValue){TCG_FAULT_IS_CONST, 0, 0};
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
    size_t worst = fault_site_size(16 + 16, true);

    if (fault_blob_used + worst > FAULT_BLOB_SIZE) {
        be.too_big = true;
        return NULL;
    }
    site = (TCGFaultSite *)(void *)(fault_blob + fault_blob_used);
    site->host_offset = (uint32_t)x86_asm_size(&be.as);
    site->guest_pc = current_guest_pc;
    site->kind = (uint8_t)kind;
    site->addr_reg = 0;
    site->lent_pins = (uint8_t)ra_lent_pin_mask();
    site->nb_regs = (uint16_t)ra_fault_regs(site->regs);
    site->nb_regs += (uint16_t)vcache_fault_regs(&site->regs[site->nb_regs]);
    note_recipe(site);
    fault_blob_used += fault_site_size(site->nb_regs, site->recipe != 0);
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

    if (fault_blob_used + fault_site_size(0, false) > FAULT_BLOB_SIZE) {
        be.too_big = true;
        return;
    }
    site = (TCGFaultSite *)(void *)(fault_blob + fault_blob_used);
    site->host_offset = (uint32_t)x86_asm_size(&be.as);
    site->guest_pc = current_guest_pc;
    site->kind = TCG_FAULT_CALL;
    site->addr_reg = 0;
    site->nb_regs = 0;
    site->recipe = 0;
    site->recipe_use = 0;
    site->lent_pins = (uint8_t)ra_lent_pin_mask();
    fault_blob_used += fault_site_size(0, false);
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
                                                fault_site_size(site->nb_regs,
                                                                site->recipe));
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

/* The value of a recipe's input k at the faulting access. */
static uint64_t recipe_input_at_fault(const TCGFaultSite *site, int k,
                                      const ucontext_t *uc, const uint8_t *env)
{
    const TCGFaultValue *in = &site_recipe_inputs(site)[k];
    uint64_t v = 0;

    switch ((TCGFaultWhere)in->where) {
    case TCG_FAULT_IN_REG:
        return (uint64_t)uc->uc_mcontext.gregs[host_greg_index[in->reg & 15]];
    case TCG_FAULT_IN_SLOT:
        memcpy(&v,
               (const uint8_t *)(uintptr_t)uc->uc_mcontext.gregs[REG_RSP] +
                   in->value,
               8);
        return v;
    case TCG_FAULT_IN_ENV: memcpy(&v, env + in->value, 8); return v;
    case TCG_FAULT_IS_CONST: return (uint64_t)in->value;
    }
    return 0;
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
        if ((site->lent_pins >> i) & 1)
            continue;
        uint64_t v = (uint64_t)uc->uc_mcontext.gregs[host_greg_index[r]];
        memcpy(env + t->mem_offset, &v, 8);
    }
    if (site->recipe && tcg_fault_recipe_fn) {
        uint64_t in[3];
        for (int k = 0; k < 3; k++)
            in[k] = recipe_input_at_fault(site, k, uc, env);
        tcg_fault_recipe_fn(env, site->recipe - 1u, in, site->recipe_use);
    }
    return env;
}

/* ---- checking sites read back from a file ---- */

bool tcg_fault_sites_check(const void *sites, uint32_t n, size_t bytes,
                           uint32_t code_size)
{
    const uint8_t *p = sites, *end = p + bytes;

    for (uint32_t i = 0; i < n; i++) {
        const TCGFaultSite *site = (const TCGFaultSite *)(const void *)p;
        size_t size;

        if ((size_t)(end - p) < sizeof(TCGFaultSite))
            return false;
        size = fault_site_size(site->nb_regs, site->recipe != 0);
        if ((size_t)(end - p) < size || site->host_offset > code_size ||
            site->kind > TCG_FAULT_ALIGN_WRITE || site->addr_reg >= 16)
            return false;
        for (uint32_t k = 0; k < site->nb_regs; k++)
            if (site->regs[k].host_reg >= 16 ||
                (site->regs[k].bytes != 4 && site->regs[k].bytes != 8 &&
                 site->regs[k].bytes != 16))
                return false;
        p += size;
    }
    return p == end;
}
