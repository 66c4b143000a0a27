/*
 * Out-of-line slow paths: a lowering that usually finishes inline (an IEEE
 * op whose result the host computes right unless it is a NaN) jumps here
 * for the rest. The code, placed after the block, saves what a call
 * destroys (live caller-saved registers, the xmm vector cache), calls the
 * frontend's helper and rejoins the inline code with the result in an xmm
 * register, so what follows cannot tell which way was taken.
 */
#include "tcg/x86_64/slowpath.h"

#include "tcg/x86_64/backend.h"
#include "tcg/x86_64/fault.h"
#include "tcg/x86_64/regalloc.h"
#include "tcg/x86_64/reloc.h"
#include "tcg/x86_64/vcache.h"

#define MAX_SLOW_PATHS 64
#define MAX_SLOW_ARGS 4

typedef struct SlowArg {
    bool from_reg; /* a general register */
    X86Reg reg;
    bool from_xmm; /* the low bytes of xmm, else the constant imm */
    int bits;      /* from xmm: 64, or 32 (zero-extended) */
    X86Xmm xmm;
    uint64_t imm;
} SlowArg;

struct SlowPath {
    uint8_t *jumps[8]; /* rel32 fields of the jumps here */
    int nb_jumps;
    uint32_t resume;      /* code offset to rejoin */
    VCacheSlot cache[16]; /* the vector cache when jumping here */
    int nb_cache;
    RegSet live; /* caller-saved registers holding values */
    const void *func;
    SlowArg args[MAX_SLOW_ARGS];
    int nb_args;
    X86Xmm result;
    int32_t mxcsr_slot;    /* >= 0: ldmxcsr from this frame offset first */
    int32_t result_ofs;    /* >= 0: load result from the CPU state */
    unsigned result_bytes; /* 8 or 16 (from the CPU state) */
    /* slowpath_new_guest_call: */
    bool guest_call;
    X86Reg result_reg; /* X86_NOREG: none */
    uint64_t guest_pc;
    TCGFaultReg spill[16]; /* guest registers only in host registers */
    int nb_spill;
};

static SlowPath paths[MAX_SLOW_PATHS];
static int nb_paths;

static X86Asm *as(void)
{
    return &be.as;
}

static X86Mem env_at(int32_t ofs)
{
    return x86_mem(REG_ENV, ofs);
}

void slowpaths_reset(void)
{
    nb_paths = 0;
}

SlowPath *slowpath_new(const void *func, X86Xmm result)
{
    SlowPath *sp;

    if (nb_paths >= MAX_SLOW_PATHS) {
        be.too_big = true;
        sp = &paths[0]; /* the block is retranslated smaller anyway */
    } else {
        sp = &paths[nb_paths++];
    }
    *sp = (SlowPath){
        .func = func, .result = result, .result_ofs = -1, .mxcsr_slot = -1};
    sp->nb_cache = vcache_snapshot(sp->cache);
    sp->live = ra_live_caller_saved();
    return sp;
}

SlowPath *slowpath_new_guest_call(const void *func)
{
    SlowPath *sp = slowpath_new(func, X86_XMM0);
    TCGFaultReg regs[32];
    int n = ra_fault_regs(regs);

    sp->guest_call = true;
    sp->result_reg = X86_NOREG;
    sp->guest_pc = fault_sites_current_pc();
    for (int i = 0; i < n && sp->nb_spill < 16; i++)
        if (regs[i].bytes != 16) /* vectors: the vector cache's */
            sp->spill[sp->nb_spill++] = regs[i];
    return sp;
}

void slowpath_arg_reg(SlowPath *sp, X86Reg r)
{
    if (sp->nb_args < MAX_SLOW_ARGS)
        sp->args[sp->nb_args++] = (SlowArg){.from_reg = true, .reg = r};
}

void slowpath_result_reg(SlowPath *sp, X86Reg rd)
{
    sp->result_reg = rd;
}

void slowpath_arg_imm(SlowPath *sp, uint64_t imm)
{
    if (sp->nb_args < MAX_SLOW_ARGS)
        sp->args[sp->nb_args++] = (SlowArg){.imm = imm};
}

void slowpath_arg_xmm(SlowPath *sp, X86Xmm x, int bits)
{
    if (sp->nb_args < MAX_SLOW_ARGS)
        sp->args[sp->nb_args++] =
            (SlowArg){.from_xmm = true, .bits = bits, .xmm = x};
}

void slowpath_restore_mxcsr(SlowPath *sp, int32_t slot)
{
    sp->mxcsr_slot = slot;
}

void slowpath_result_from_env(SlowPath *sp, int32_t ofs, unsigned bytes)
{
    sp->result_ofs = ofs;
    sp->result_bytes = bytes;
}

void slowpath_jump_if(SlowPath *sp, X86Cond cc)
{
    uint8_t *field = x86_jcc32(as(), cc);

    if (!field)
        return;
    if (sp->nb_jumps >= 8) {
        be.too_big = true; /* a jump nobody patches would fall through */
        return;
    }
    sp->jumps[sp->nb_jumps++] = field;
}

void slowpath_resume_here(SlowPath *sp)
{
    sp->resume = (uint32_t)x86_asm_size(&be.as);
}

static int push_live(RegSet live, X86Reg *saved)
{
    int n = 0;

    for (int r = 0; r < 16; r++)
        if (live & REGSET(r))
            saved[n++] = (X86Reg)r;
    for (int i = 0; i < n; i++)
        x86_push(as(), saved[i]);
    if (n % 2)
        x86_alu_ri(as(), 64, X86_SUB, X86_RSP, 8); /* keep rsp 16-aligned */
    return n;
}

static void pop_live(const X86Reg *saved, int n)
{
    if (n % 2)
        x86_alu_ri(as(), 64, X86_ADD, X86_RSP, 8);
    for (int i = n - 1; i >= 0; i--)
        x86_pop(as(), saved[i]);
}

/* The guest registers held only in host registers, and the pinned ones,
 * to the CPU state: a fault in the helper finds the state whole. */
static void spill_guest_regs(const SlowPath *sp)
{
    for (int i = 0; i < sp->nb_spill; i++)
        x86_store(as(), sp->spill[i].bytes * 8, env_at(sp->spill[i].env_offset),
                  (X86Reg)sp->spill[i].host_reg);
    for (int i = 0; be.global_pin_regs && i < tcg_ctx.nb_pins; i++)
        if (ra_global_pins_in_place() & REGSET(ra_global_pin_reg(i)))
            x86_store(as(), 64, env_at(tcg_temp(tcg_ctx.pins[i])->mem_offset),
                      ra_global_pin_reg(i));
}

/* General registers (the second staged in the scratch register so the
 * first's move cannot clobber it), then constants, then env into rdi,
 * which may have held an argument. */
static void load_guest_call_args(const SlowPath *sp)
{
    static const X86Reg arg_regs[MAX_SLOW_ARGS] = {X86_RSI, X86_RDX, X86_RCX,
                                                   X86_R8};

    if (sp->nb_args > 1 && sp->args[1].from_reg)
        x86_mov_rr(as(), 64, REG_SCRATCH, sp->args[1].reg);
    if (sp->nb_args > 0 && sp->args[0].from_reg)
        x86_mov_rr(as(), 64, arg_regs[0], sp->args[0].reg);
    if (sp->nb_args > 1 && sp->args[1].from_reg)
        x86_mov_rr(as(), 64, arg_regs[1], REG_SCRATCH);
    for (int i = 0; i < sp->nb_args; i++)
        if (!sp->args[i].from_reg)
            x86_mov_ri(as(), arg_regs[i], sp->args[i].imm);
    x86_mov_rr(as(), 64, X86_RDI, REG_ENV);
}

/*
 * The vector cache as it was at the jump, from the CPU state. A register
 * whose bytes 8-15 were zero gets 8 bytes, so they are zero on this path
 * too (the vector's other bytes are in memory, or zero: the helpers write
 * only a vector the lowering then replaces or marked written).
 */
static void reload_cache(const SlowPath *sp)
{
    for (int i = 0; i < sp->nb_cache; i++) {
        if (sp->cache[i].hi_zero)
            x86_movq_load(as(), sp->cache[i].xmm, env_at(sp->cache[i].ofs));
        else
            x86_movdqu_load(as(), sp->cache[i].xmm, env_at(sp->cache[i].ofs));
    }
}

static void emit_guest_call(const SlowPath *sp)
{
    X86Reg saved[16];
    int nb_saved;

    for (int j = 0; j < sp->nb_jumps; j++)
        x86_patch_rel32(sp->jumps[j], be.as.p);
    for (int i = 0; i < sp->nb_cache; i++)
        if (sp->cache[i].dirty)
            x86_movdqu_store(as(), env_at(sp->cache[i].ofs), sp->cache[i].xmm);
    spill_guest_regs(sp);
    nb_saved = push_live(sp->live, saved);
    load_guest_call_args(sp);
    reloc_call(sp->func);
    fault_sites_at_insn(sp->guest_pc);
    fault_note_call_site();
    if (sp->result_reg != X86_NOREG)
        x86_mov_rr(as(), 64, sp->result_reg, X86_RAX);
    pop_live(saved, nb_saved);
    reload_cache(sp);
    x86_jmp_to(as(), be.as.start + sp->resume);
}

static void emit_path(const SlowPath *sp)
{
    if (sp->guest_call) {
        emit_guest_call(sp);
        return;
    }
    static const X86Reg arg_regs[MAX_SLOW_ARGS] = {X86_RSI, X86_RDX, X86_RCX,
                                                   X86_R8};
    X86Reg saved[16];
    int nb_saved;

    for (int j = 0; j < sp->nb_jumps; j++)
        x86_patch_rel32(sp->jumps[j], be.as.p);
    if (sp->mxcsr_slot >= 0)
        x86_ldmxcsr(as(), x86_mem(X86_RSP, sp->mxcsr_slot));
    /* The helper may read the CPU state: cached vectors go there first. */
    for (int i = 0; i < sp->nb_cache; i++)
        if (sp->cache[i].dirty)
            x86_movdqu_store(as(), env_at(sp->cache[i].ofs), sp->cache[i].xmm);
    nb_saved = push_live(sp->live, saved);
    x86_mov_rr(as(), 64, X86_RDI, REG_ENV);
    for (int i = 0; i < sp->nb_args; i++) {
        if (sp->args[i].from_xmm)
            x86_movq_rx(as(), sp->args[i].bits, arg_regs[i], sp->args[i].xmm);
        else
            x86_mov_ri(as(), arg_regs[i], sp->args[i].imm);
    }
    reloc_call(sp->func);
    if (sp->result_ofs < 0)
        x86_movq_xr(as(), 64, X86_XMM0, X86_RAX);
    pop_live(saved, nb_saved);
    /* Every xmm register was the call's: the cache comes back from memory
     * (where the helper may also have written). */
    reload_cache(sp);
    /* The result may go to a cached vector's register (reloaded above). */
    if (sp->result_ofs < 0 && sp->result != X86_XMM0)
        x86_movq_rr(as(), sp->result, X86_XMM0);
    if (sp->result_ofs >= 0 && sp->result_bytes == 8)
        x86_movq_load(as(), sp->result, env_at(sp->result_ofs));
    else if (sp->result_ofs >= 0)
        x86_movdqu_load(as(), sp->result, env_at(sp->result_ofs));
    x86_jmp_to(as(), be.as.start + sp->resume);
}

void slowpaths_finish(void)
{
    for (int i = 0; i < nb_paths && !be.as.overflow; i++)
        emit_path(&paths[i]);
}
