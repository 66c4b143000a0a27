/*
 * FEAT_MOPS for translated A64 code: the main or epilogue stage of CPY*,
 * CPYF* or SET* on the X registers in env (option A's formats; the
 * translator does the prologue). Guest memory only through
 * tcg/guest_mem.h; nothing of the JIT or the mode.
 */
#include "target-arm/helper_mops.h"

#include <string.h>

#include "target-arm/cpu.h"
#include "tcg/guest_mem.h"

typedef struct MopsOp {
    unsigned kind, stage, rd, rs, rn;
} MopsOp;

static MopsOp mops_decode(uint64_t desc)
{
    MopsOp op = {
        .kind = desc & 3,
        .stage = (desc >> 2) & 3,
        .rd = (desc >> 8) & 31,
        .rs = (desc >> 16) & 31,
        .rn = (desc >> 24) & 31,
    };
    return op;
}

static uint64_t min3(uint64_t a, uint64_t b, uint64_t c)
{
    uint64_t m = a < b ? a : b;

    return m < c ? m : c;
}

/* Bytes from addr to the end of its page; bytes below end in its page. */
static uint64_t page_above(uint64_t addr)
{
    return GUEST_PAGE_SIZE - (addr & (GUEST_PAGE_SIZE - 1));
}

static uint64_t page_below(uint64_t end)
{
    return ((end - 1) & (GUEST_PAGE_SIZE - 1)) + 1;
}

/*
 * A chunk lies in one page on each side, so it faults, if at all, at its
 * first access and before it changed anything: the registers env holds
 * then describe the stage exactly and the instruction can run again. The
 * first byte (in copy order) goes alone to make that the faulting one.
 */
static void copy_up(void *env, uint64_t dst, uint64_t src, uint64_t len)
{
    const uint8_t *s = guest_host_ptr(env, src, len, GUEST_READ);
    uint8_t *d = guest_host_ptr(env, dst, len, GUEST_WRITE);

    *(volatile uint8_t *)d = *(const volatile uint8_t *)s;
    memmove(d + 1, s + 1, len - 1);
}

static void copy_down(void *env, uint64_t dst_end, uint64_t src_end,
                      uint64_t len)
{
    const uint8_t *s = guest_host_ptr(env, src_end - len, len, GUEST_READ);
    uint8_t *d = guest_host_ptr(env, dst_end - len, len, GUEST_WRITE);

    *(volatile uint8_t *)(d + len - 1) =
        *(const volatile uint8_t *)(s + len - 1);
    memmove(d, s, len - 1);
}

static void set_up(void *env, uint64_t dst, uint64_t len, uint8_t value)
{
    uint8_t *d = guest_host_ptr(env, dst, len, GUEST_WRITE);

    *(volatile uint8_t *)d = value;
    memset(d + 1, value, len - 1);
}

/* Option A, forward (Xn < 0): bytes at Xd + Xn and Xs + Xn, Xn counting
 * up to 0; backward (Xn > 0, CPY only): the ones below Xd + Xn and
 * Xs + Xn, Xn counting down to 0. env's Xn follows each chunk. */
static void mops_copy(CPUARMState *env, const MopsOp *op)
{
    uint64_t *n = &env->x[op->rn];
    uint64_t dst = env->x[op->rd], src = env->x[op->rs];

    while ((int64_t)*n < 0) {
        uint64_t len = min3(-*n, page_above(src + *n), page_above(dst + *n));

        copy_up(env, dst + *n, src + *n, len);
        *n += len;
    }
    while (op->kind == MOPS_CPY && (int64_t)*n > 0) {
        uint64_t len = min3(*n, page_below(src + *n), page_below(dst + *n));

        copy_down(env, dst + *n, src + *n, len);
        *n -= len;
    }
}

/* Option A: the bytes at Xd + Xn, Xn counting up to 0, get Xs<7:0>
 * (XZR when Rs is 31). */
static void mops_set(CPUARMState *env, const MopsOp *op)
{
    uint64_t *n = &env->x[op->rn];
    uint64_t dst = env->x[op->rd];
    uint8_t value = op->rs == 31 ? 0 : (uint8_t)env->x[op->rs];

    while ((int64_t)*n < 0) {
        uint64_t len = -*n < page_above(dst + *n) ? -*n : page_above(dst + *n);

        set_up(env, dst + *n, len, value);
        *n += len;
    }
}

/*
 * PSTATE.C set at a main or epilogue stage: the registers are in option
 * B's format (another CPU's prologue, or code that set C). Hardware
 * takes a MOPS exception; Linux (arm64_mops_reset_regs) turns option B's
 * registers back into a prologue's and restarts there, which is done
 * here: a backward copy (N set) had Xd, Xs at the top ends.
 */
static uint64_t mops_wrong_option(CPUARMState *env, const MopsOp *op,
                                  uint64_t pc)
{
    if (op->kind != MOPS_SET && env->nf < 0) {
        env->x[op->rd] -= env->x[op->rn];
        env->x[op->rs] -= env->x[op->rn];
    }
    return pc - (op->stage == MOPS_EPILOGUE ? 8 : 4);
}

uint64_t helper_mops(uint64_t env_arg, uint64_t desc, uint64_t pc)
{
    CPUARMState *env = (CPUARMState *)(uintptr_t)env_arg;
    MopsOp op = mops_decode(desc);

    arm_flags_settle(env); /* the block reads C first: never lazy here */
    if (env->cf)
        return mops_wrong_option(env, &op, pc);
    /* The main stage does the whole job; the epilogue has nothing left
     * unless a handler changed the registers after a fault. */
    if (op.kind == MOPS_SET)
        mops_set(env, &op);
    else
        mops_copy(env, &op);
    if (op.stage == MOPS_EPILOGUE)
        env->x[op.rn] = 0;
    return pc + 4;
}
