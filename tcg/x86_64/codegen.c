/*
 * The backend driver: turns one block's IR into host code by running
 * liveness and handing each op to its class's lowering; the prologue,
 * epilogue and shared exit stubs; patching chained jumps; -d out_asm.
 */
#include "tcg/x86_64/backend.h"

#include <stddef.h>

#include "tcg/x86_64/lower.h"
#include "util/log.h"

/* The lowering class of each op (the last column of ops.def); NONE: ops
 * the driver handles itself (insn_start, nop). An op without a class, or
 * a class not named here, does not compile. fault_recipe is the driver's
 * too. */
typedef enum LowerClass {
    LOWER_NONE,
    LOWER_ALU,
    LOWER_MEM,
    LOWER_CTL,
    LOWER_VEC,
    LOWER_FP,
    LOWER_VEC_FP,
    LOWER_FP_GUARDED,
} LowerClass;

static const uint8_t lower_class[NB_OPS] = {
#define DEF(name, oargs, iargs, cargs, flags, op_class)                        \
    [INDEX_op_##name] = LOWER_##op_class,
#include "tcg/ops.def"
#undef DEF
};

/* A switch rather than a table of function pointers: direct calls, which
 * link-time optimisation inlines here (translation speed is start-up). */
static bool lower_op(TCGOp *op)
{
    switch ((LowerClass)lower_class[op->opc]) {
    case LOWER_ALU: return lower_alu(op);
    case LOWER_MEM: return lower_mem(op);
    case LOWER_CTL: return lower_ctl(op);
    case LOWER_VEC: return lower_vec(op);
    case LOWER_FP: return lower_fp(op);
    case LOWER_VEC_FP: return lower_vec_fp(op);
    case LOWER_FP_GUARDED: return lower_fp_guarded(op);
    case LOWER_NONE: break;
    }
    return false;
}

/* Host code offsets of each guest insn, for -d out_asm. */
#define MAX_INSN_MARKS 512
static struct {
    uint64_t pc;
    uint32_t offset;
} insn_marks[MAX_INSN_MARKS];
static int nb_insn_marks;

int tcg_gen_code(TranslationBlock *tb, uint8_t *buf, size_t size)
{
    liveness_run();
    ra_begin_block();
    vcache_reset();
    labels_reset();
    slowpaths_reset();
    reloc_reset();
    x86_asm_init(&be.as, buf, size);
    be.tb = tb;
    for (int n = 0; n < TB_MAX_JUMPS; n++)
        tb->jmp_field_offset[n] = tb->jmp_reset_offset[n] = TB_NO_JUMP;
    nb_insn_marks = 0;
    be.fcmp_code = NULL;
    fault_sites_reset();
    ra_prepare_loop();
    if (be.loop && vcache_prepare_loop())
        be.loop_head = (uint32_t)x86_asm_size(&be.as); /* after the loads */

    for (int i = 0; i < tcg_ctx.nb_ops; i++) {
        TCGOp *op = &tcg_ctx.ops[i];

        if (op->opc == INDEX_op_nop)
            continue;
        if (op->opc == INDEX_op_insn_start) {
            fault_sites_at_insn(op->args[0]);
            if (nb_insn_marks < MAX_INSN_MARKS) {
                insn_marks[nb_insn_marks].pc = op->args[0];
                insn_marks[nb_insn_marks].offset =
                    (uint32_t)x86_asm_size(&be.as);
                nb_insn_marks++;
            }
            continue;
        }
        if (op->opc == INDEX_op_fault_recipe)
            continue; /* no code: the accesses it covers note it */
        be.dead_globals = op->dead_globals;
        be.op = op;
        vcache_before_op(op);
        if (!lower_op(op))
            arx_fatal("backend: no lowering for op %s",
                      tcg_op_defs[op->opc].name);
        if (op->recipe_life)
            ra_free_recipe_inputs(op);
        if (be.as.overflow)
            return TCG_GEN_NO_SPACE;
        if (be.too_big)
            return TCG_GEN_TOO_BIG;
    }
    lower_ctl_finish();
    slowpaths_finish();
    if (be.as.overflow)
        return TCG_GEN_NO_SPACE;
    return (int)x86_asm_size(&be.as);
}

void tcg_log_out_asm(const TranslationBlock *tb)
{
    int mark = 0;

    arx_log("OUT: [guest 0x%016llx] %u bytes at %p\n",
            (unsigned long long)tb->pc, tb->code_size, (void *)tb->code);
    for (uint32_t off = 0; off < tb->code_size;) {
        uint32_t end = tb->code_size;
        if (mark < nb_insn_marks && insn_marks[mark].offset <= off) {
            arx_log("  -- guest 0x%llx\n",
                    (unsigned long long)insn_marks[mark].pc);
            mark++;
        }
        if (mark < nb_insn_marks && insn_marks[mark].offset < end)
            end = insn_marks[mark].offset;
        if (end - off > 16)
            end = off + 16;
        if (end == off) {
            mark++;
            continue;
        }
        arx_log("  %04x:", off);
        for (uint32_t k = off; k < end; k++)
            arx_log(" %02x", tb->code[k]);
        arx_log("\n");
        off = end;
    }
}

/* ---- prologue, epilogue, patching ---- */

static TCGEnterFn enter_fn;

size_t tcg_backend_init(uint8_t *buf, size_t size, uintptr_t guest_base)
{
    static const X86Reg saved[] = {X86_RBP, X86_RBX, X86_R12,
                                   X86_R13, X86_R14, X86_R15};
    X86Asm *a = &be.as;

    x86_asm_init(a, buf, size);
    enter_fn = (TCGEnterFn)(void *)a->p;
    for (int i = 0; i < 6; i++)
        x86_push(a, saved[i]);
    x86_mov_rr(a, 64, REG_ENV, X86_RDI);
    x86_mov_ri(a, REG_GUEST_BASE, guest_base);
    ra_prologue_global_pins(!log_enabled(LOG_EXEC | LOG_CPU));
    x86_alu_ri(a, 64, X86_SUB, X86_RSP, FRAME_SIZE);
    x86_store(a, 64, x86_mem(X86_RSP, FRAME_JMP_CACHE), X86_RDX);
    x86_load(a, X86_LD_64, 64, X86_RAX,
             x86_mem(X86_RDX, offsetof(JmpCache, index_mask)));
    x86_store(a, 64, x86_mem(X86_RSP, FRAME_JMP_MASK), X86_RAX);
    x86_load(a, X86_LD_64, 64, X86_RAX,
             x86_mem(X86_RDX, offsetof(JmpCache, index_mul)));
    x86_store(a, 64, x86_mem(X86_RSP, FRAME_JMP_MUL), X86_RAX);
    x86_jmp_r(a, X86_RSI);

    be.exit_zero = a->p;
    x86_mov_ri(a, X86_RAX, 0);
    be.epilogue = a->p;
    ra_epilogue_global_pins();
    x86_alu_ri(a, 64, X86_ADD, X86_RSP, FRAME_SIZE);
    for (int i = 5; i >= 0; i--)
        x86_pop(a, saved[i]);
    x86_ret(a);

    be.lookup_stub = a->p;
    if (tcg_ctx.lookup_helper) {
        x86_mov_rr(a, 64, X86_RDI, REG_ENV);
        x86_call_abs(a, tcg_ctx.lookup_helper->func);
        x86_jmp_r(a, X86_RAX);
    }

    /* r11 points at the LeaveData; registers other than the pinned ones
     * are free on a way out. */
    be.leave_stub = a->p;
    x86_load(a, X86_LD_64, 64, X86_RAX,
             x86_mem(REG_SCRATCH, offsetof(LeaveData, pc)));
    x86_load(a, X86_LD_S32, 64, X86_RCX,
             x86_mem(REG_SCRATCH, offsetof(LeaveData, pc_offset)));
    x86_store(a, 64, x86_mem_idx(REG_ENV, X86_RCX, 1, 0), X86_RAX);
    x86_load(a, X86_LD_64, 64, X86_RAX,
             x86_mem(REG_SCRATCH, offsetof(LeaveData, exit_value)));
    x86_jmp_to(a, be.epilogue);
    return x86_asm_size(a);
}

TCGEnterFn tcg_backend_enter(void)
{
    return enter_fn;
}

const void *tcg_backend_exit_zero(void)
{
    return be.exit_zero;
}

const void *tcg_backend_lookup_stub(void)
{
    return be.lookup_stub;
}

void tcg_patch_jump(TranslationBlock *tb, unsigned slot, const void *target)
{
    uint8_t *field = tb->code + tb->jmp_field_offset[slot];
    int32_t rel = (int32_t)((const uint8_t *)target - (field + 4));

    /* The field is 4-byte aligned, so this store is atomic on x86-64. */
    __atomic_store_n((int32_t *)(void *)field, rel, __ATOMIC_RELEASE);
}
