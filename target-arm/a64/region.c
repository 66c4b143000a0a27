/*
 * Loop regions: the shape of a loop whose body is more than one basic
 * block, found by reading the branches that follow a block's start.
 *
 * A block at S whose code, within A64_REGION_MAX_INSNS and its page,
 * branches back to S after some other branch is translated as one
 * region from S to its last back edge E (translate.c): forward branches
 * to instructions in (S, E] become branches to labels inside the
 * block, branches back to S the block's back edge (the backend then
 * keeps the loop's most used registers in host registers across the
 * whole body), and every other branch a way out. Only the branch
 * classes are decoded here; translation decides the rest.
 *
 * FP and SIMD data processing with branches inside the body stays in the
 * first tier: the backend writes its vector cache back at every label,
 * and such a region ran slower than the chain of blocks (fpmix, docs/
 * performance.md) until FP values can stay in registers across labels.
 */
#include "target-arm/a64/translate.h"

#include "tcg/debug.h"
#include "tcg/guest_mem.h"

static int64_t sext(uint32_t v, unsigned bits)
{
    return (int64_t)((uint64_t)v << (64 - bits)) >> (64 - bits);
}

A64BranchKind a64_branch_kind(uint32_t insn, uint64_t pc, uint64_t *dest)
{
    if ((insn & 0xfc000000u) == 0x14000000u) { /* B */
        *dest = pc + (uint64_t)(sext(insn & 0x3ffffff, 26) * 4);
        return A64_BRANCH_ALWAYS;
    }
    if ((insn & 0xff000000u) == 0x54000000u) { /* B.cond, BC.cond */
        *dest = pc + (uint64_t)(sext((insn >> 5) & 0x7ffff, 19) * 4);
        return (insn & 0xf) >= 14 ? A64_BRANCH_ALWAYS : A64_BRANCH_COND;
    }
    if ((insn & 0x7e000000u) == 0x34000000u) { /* CBZ, CBNZ */
        *dest = pc + (uint64_t)(sext((insn >> 5) & 0x7ffff, 19) * 4);
        return A64_BRANCH_COND;
    }
    if ((insn & 0x7e000000u) == 0x36000000u) { /* TBZ, TBNZ */
        *dest = pc + (uint64_t)(sext((insn >> 5) & 0x3fff, 14) * 4);
        return A64_BRANCH_COND;
    }
    if ((insn & 0xfc000000u) == 0x94000000u || /* BL */
        (insn & 0xfe000000u) == 0xd6000000u || /* branch (register) */
        (insn & 0xff000000u) == 0xd4000000u)   /* exception generation */
        return A64_BRANCH_STOP;
    return A64_BRANCH_NONE;
}

/*
 * Fills r and returns true when the code from start is a loop region:
 * a branch back to start (the last one before the code stops falling
 * through is E) with at least one other branch before it. Branch
 * targets in (start, E] are noted in r->targets.
 */
bool a64_find_loop_region(void *env, uint64_t start, int max_insns,
                          A64Region *r)
{
    uint64_t page = start & ~(uint64_t)(GUEST_PAGE_SIZE - 1);
    uint64_t reach = start, targets = 0, end = 0, pc = start;
    int limit =
        max_insns < A64_REGION_MAX_INSNS ? max_insns : A64_REGION_MAX_INSNS;
    int branches = 0, branches_before_end = -1;
    bool fp_simd = false;

    for (int i = 0;
         i < limit && (pc & ~(uint64_t)(GUEST_PAGE_SIZE - 1)) == page;
         i++, pc += 4) {
        uint64_t dest = 0;
        uint32_t insn;
        A64BranchKind k;

        if (tcg_debug_breakpoint_at(pc))
            return false;
        insn = guest_fetch32(env, pc);
        k = a64_branch_kind(insn, pc, &dest);
        if (k == A64_BRANCH_NONE) {
            fp_simd |= ((insn >> 25) & 7) == 7; /* op0 x111 */
            continue;
        }
        if (k != A64_BRANCH_STOP && dest == start) {
            end = pc;
            branches_before_end = branches;
        } else if (k != A64_BRANCH_STOP && dest > pc &&
                   dest - start < 4 * A64_REGION_MAX_INSNS) {
            targets |= 1ull << ((dest - start) / 4);
            reach = dest > reach ? dest : reach;
        }
        branches++;
        if (k != A64_BRANCH_COND && reach <= pc)
            break;
    }
    if (branches_before_end < 1)
        return false;
    r->end = end;
    /* Targets past E are ways out. */
    r->targets = targets & (~0ull >> (63 - (end - start) / 4));
    return !(fp_simd && r->targets);
}
