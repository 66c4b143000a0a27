/*
 * Does code at a block's successor overwrite NZCV before reading it?
 * When every successor does, the block need not store the flags it
 * computes (only its own branch reads them). A conservative scan of raw
 * encodings: anything not known to be flag-neutral stops it.
 */
#include "target-arm/a64/translate.h"

#include "tcg/guest_mem.h"

typedef enum NZCVUse { NZCV_NONE, NZCV_WRITE, NZCV_READ, NZCV_STOP } NZCVUse;

typedef struct NZCVRule {
    uint32_t mask, value;
    NZCVUse use;
} NZCVRule;

/* First match wins. Checked against GNU as output for each class. */
static const NZCVRule nzcv_rules[] = {
    {0x7f800000, 0x72000000, NZCV_WRITE}, /* ANDS (immediate) */
    {0x7f000000, 0x6a000000, NZCV_WRITE}, /* ANDS/BICS (shifted) */
    {0xff20fc07, 0x1e202000, NZCV_WRITE}, /* FCMP/FCMPE */
    {0xff000000, 0x54000000, NZCV_READ},  /* B.cond, BC.cond */
    {0x3fe00000, 0x1a800000, NZCV_READ},  /* CSEL, CSINC, CSINV, CSNEG */
    {0x3fe00000, 0x3a400000, NZCV_READ},  /* CCMP/CCMN */
    {0x1fe00000, 0x1a000000, NZCV_READ},  /* ADC/SBC(S) */
    {0xfffff000, 0xd53b4000, NZCV_READ},  /* MRS NZCV */
    {0xff200c00, 0x1e200c00, NZCV_READ},  /* FCSEL */
    {0xff200c00, 0x1e200400, NZCV_READ},  /* FCCMP/FCCMPE */
    {0x7c000000, 0x14000000, NZCV_STOP},  /* B, BL */
    {0x7e000000, 0x34000000, NZCV_STOP},  /* CBZ/CBNZ */
    {0x7e000000, 0x36000000, NZCV_STOP},  /* TBZ/TBNZ */
    {0xfe000000, 0xd6000000, NZCV_STOP},  /* BR, BLR, RET, ERET */
    {0xff000000, 0xd4000000, NZCV_STOP},  /* SVC, BRK, HLT */
    {0xffffffff, 0xd503201f, NZCV_NONE},  /* NOP */
    {0xff000000, 0xd5000000, NZCV_STOP},  /* system: MSR NZCV, CFINV... */
};

/* FEAT_MOPS (in the loads and stores): a prologue (CPY op1 00, SET
 * op2<3:2> 00) sets NZCV, the main and epilogue stages read C. */
static NZCVUse nzcv_use_mops(uint32_t insn)
{
    bool set = ((insn >> 22) & 3) == 3;
    unsigned stage = set ? (insn >> 14) & 3 : (insn >> 22) & 3;

    return stage == 0 ? NZCV_WRITE : NZCV_READ;
}

static NZCVUse nzcv_use(uint32_t insn)
{
    if ((insn & 0x3b200c00) == 0x19000400)
        return nzcv_use_mops(insn);
    /* Loads and stores (op0 x1x0), the commonest, match no rule below. */
    if ((insn & 0x0a000000) == 0x08000000)
        return NZCV_NONE;
    /* ADD/SUB immediate, shifted or extended register: S is bit 29. */
    if ((insn & 0x1f800000) == 0x11000000 || (insn & 0x1f000000) == 0x0b000000)
        return (insn >> 29) & 1 ? NZCV_WRITE : NZCV_NONE;
    for (size_t i = 0; i < sizeof(nzcv_rules) / sizeof(nzcv_rules[0]); i++)
        if ((insn & nzcv_rules[i].mask) == nzcv_rules[i].value)
            return nzcv_rules[i].use;
    return NZCV_NONE;
}

/*
 * Whether every path from pc writes NZCV before reading it, following B
 * and both ways of CBZ/TBZ (which leave the flags alone) within the
 * page, at most *budget insns in all and three branches deep.
 */
static bool dead_from(void *env, uint64_t pc, uint64_t page, int *budget,
                      int depth)
{
    for (; *budget > 0; (*budget)--) {
        uint32_t insn;
        uint64_t dest;
        A64BranchKind kind;
        bool conditional;

        if ((pc & ~(GUEST_PAGE_SIZE - 1)) != page)
            return false;
        insn = guest_fetch32(env, pc);
        switch (nzcv_use(insn)) {
        case NZCV_WRITE: return true;
        case NZCV_READ: return false;
        case NZCV_NONE: pc += 4; continue;
        case NZCV_STOP: break;
        }
        /* B.cond read the flags above: a conditional branch here is
         * CBZ or TBZ, which leave them alone. */
        kind = a64_branch_kind(insn, pc, &dest);
        conditional = kind == A64_BRANCH_COND;
        if (depth >= 3 || (kind != A64_BRANCH_ALWAYS && !conditional))
            return false;
        if (conditional && !dead_from(env, dest, page, budget, depth + 1))
            return false;
        pc = conditional ? pc + 4 : dest;
        depth++;
    }
    return false;
}

/*
 * Reads only the page the block was translated from, which is mapped;
 * faults on the way to the overwrite are not considered: a handler would
 * see stale flags in its frame, but the interrupted code never reads them.
 */
bool a64_nzcv_dead_at(void *env, uint64_t pc, uint64_t page)
{
    int budget = 64;

    return dead_from(env, pc, page, &budget, 0);
}
