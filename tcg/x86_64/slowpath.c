/*
 * Out-of-line slow paths: a lowering that usually finishes inline (an IEEE
 * op whose result the host computes right unless it is a NaN) jumps here
 * for the rest. The code, placed after the block, saves what a call
 * destroys (live caller-saved registers, the xmm vector cache), calls the
 * frontend's helper and rejoins the inline code with the result in an xmm
 * register, so what follows cannot tell which way was taken.
 */
#include "tcg/x86_64/slowpath.h"

#include "tcg/x86_64/regalloc.h"
#include "tcg/x86_64/vcache.h"

#define MAX_SLOW_PATHS 64
#define MAX_SLOW_ARGS 4

typedef struct SlowArg {
    bool from_xmm; /* the low bytes of xmm, else the constant imm */
    int bits;      /* from xmm: 64, or 32 (zero-extended) */
    X86Xmm xmm;
    uint64_t imm;
} SlowArg;

struct SlowPath {
    uint8_t *jumps[4]; /* rel32 fields of the jumps here */
    int nb_jumps;
    uint32_t resume;      /* code offset to rejoin */
    VCacheSlot cache[16]; /* the vector cache when jumping here */
    int nb_cache;
    RegSet live; /* caller-saved registers holding values */
    const void *func;
    SlowArg args[MAX_SLOW_ARGS];
    int nb_args;
    X86Xmm result;
    int32_t result_ofs;    /* >= 0: load result from the CPU state */
    unsigned result_bytes; /* 8 or 16 (from the CPU state) */
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
    *sp = (SlowPath){.func = func, .result = result, .result_ofs = -1};
    sp->nb_cache = vcache_snapshot(sp->cache);
    sp->live = ra_live_caller_saved();
    return sp;
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
    if (sp->nb_jumps >= 4) {
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

static void emit_path(const SlowPath *sp)
{
    static const X86Reg arg_regs[MAX_SLOW_ARGS] = {X86_RSI, X86_RDX, X86_RCX,
                                                   X86_R8};
    X86Reg saved[16];
    int nb_saved;

    for (int j = 0; j < sp->nb_jumps; j++)
        x86_patch_rel32(sp->jumps[j], be.as.p);
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
    x86_call_abs(as(), sp->func);
    if (sp->result_ofs < 0)
        x86_movq_xr(as(), 64, sp->result, X86_RAX);
    pop_live(saved, nb_saved);
    /* Every xmm register was the call's: the cache comes back from memory
     * (where the helper may also have written). */
    for (int i = 0; i < sp->nb_cache; i++)
        x86_movdqu_load(as(), sp->cache[i].xmm, env_at(sp->cache[i].ofs));
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
