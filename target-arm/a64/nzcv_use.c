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

/* Does insn leave for code the scan cannot follow, which compiled code
 * never expects flags from (BL, BR, BLR, RET and their authenticated
 * forms)? */
static bool escapes(uint32_t insn)
{
    return (insn & 0xfc000000u) == 0x94000000u || /* BL */
           (insn & 0xfe1f0000u) == 0xd61f0000u;   /* BR, BLR, RET (+PAC) */
}

/*
 * What every path from pc does with NZCV, following B and both ways of
 * CBZ/TBZ (which leave the flags alone) within the page, at most *budget
 * insns in all and three branches deep: A64_NZCV_DEAD when each writes
 * them before any read, A64_NZCV_ESCAPES when some path instead leaves
 * through a call or an indirect branch first (and none reads), else
 * A64_NZCV_LIVE.
 */
static A64NZCVFate fate_from(void *env, uint64_t pc, uint64_t page, int *budget,
                             int depth)
{
    for (; *budget > 0; (*budget)--) {
        uint32_t insn;
        uint64_t dest;
        A64BranchKind kind;
        bool conditional;

        if ((pc & ~(GUEST_PAGE_SIZE - 1)) != page)
            return A64_NZCV_LIVE;
        insn = guest_fetch32(env, pc);
        switch (nzcv_use(insn)) {
        case NZCV_WRITE: return A64_NZCV_DEAD;
        case NZCV_READ: return A64_NZCV_LIVE;
        case NZCV_NONE: pc += 4; continue;
        case NZCV_STOP: break;
        }
        if (escapes(insn))
            return A64_NZCV_ESCAPES;
        /* B.cond read the flags above: a conditional branch here is
         * CBZ or TBZ, which leave them alone. */
        kind = a64_branch_kind(insn, pc, &dest);
        conditional = kind == A64_BRANCH_COND;
        if (depth >= 3 || (kind != A64_BRANCH_ALWAYS && !conditional))
            return A64_NZCV_LIVE;
        if (conditional) {
            A64NZCVFate taken = fate_from(env, dest, page, budget, depth + 1);
            A64NZCVFate rest = fate_from(env, pc + 4, page, budget, depth + 1);
            if (taken == A64_NZCV_LIVE || rest == A64_NZCV_LIVE)
                return A64_NZCV_LIVE;
            return taken == A64_NZCV_DEAD && rest == A64_NZCV_DEAD
                       ? A64_NZCV_DEAD
                       : A64_NZCV_ESCAPES;
        }
        pc = dest;
        depth++;
    }
    return A64_NZCV_LIVE;
}

/*
 * Reads only the page the block was translated from, which is mapped;
 * faults on the way to the overwrite are not considered: a handler would
 * see stale flags in its frame, but the interrupted code never reads them.
 */
A64NZCVFate a64_nzcv_fate(void *env, uint64_t pc, uint64_t page)
{
    int budget = 64;

    return fate_from(env, pc, page, &budget, 0);
}

/* nzcv_use, exact for system insns (the rules above stop at them all,
 * or take any MRS of CRn 4 for a read): MRS NZCV reads, MSR NZCV
 * writes, CFINV, XAFLAG and AXFLAG read and write, the rest (MRS
 * TPIDR_EL0, MRS FPCR, barriers, hints) leave NZCV alone. */
static NZCVUse nzcv_use_exact(uint32_t insn)
{
    if ((insn & 0xff000000u) != 0xd5000000u)
        return nzcv_use(insn);
    if ((insn & 0xffffffe0u) == 0xd53b4200u)
        return NZCV_READ;
    if ((insn & 0xffffffe0u) == 0xd51b4200u)
        return NZCV_WRITE;
    if ((insn & 0xffffff1fu) == 0xd500401fu)
        return NZCV_READ;
    return NZCV_NONE;
}

bool a64_nzcv_read_first(void *env, uint64_t pc, int max_insns)
{
    uint64_t page = pc & ~(GUEST_PAGE_SIZE - 1);

    for (int i = 0; i < max_insns && (pc & ~(GUEST_PAGE_SIZE - 1)) == page;
         i++, pc += 4) {
        switch (nzcv_use_exact(guest_fetch32(env, pc))) {
        case NZCV_WRITE: return false;
        case NZCV_READ: return true;
        case NZCV_NONE: break;
        case NZCV_STOP: return false; /* a branch: the block ends there */
        }
    }
    return false;
}

bool a64_nzcv_dead_at(void *env, uint64_t pc, uint64_t page)
{
    return a64_nzcv_fate(env, pc, page) == A64_NZCV_DEAD;
}
