/*
 * AArch64 stage 1 translation of the EL1&0 regime, after the Arm ARM's
 * AArch64.S1Translate: VA range and TBI, the table walk (4K/16K/64K
 * granules), access flag and permission checks. Reads descriptors only
 * through the caller's callback; keeps no state between calls.
 */
#include "target-arm/mmu.h"

/* SCTLR_EL1 */
#define SCTLR_M (1ull << 0)
#define SCTLR_WXN (1ull << 19)
#define SCTLR_EE (1ull << 25) /* walks read big-endian descriptors */

/* TCR_EL1 */
#define TCR_T0SZ_SHIFT 0
#define TCR_EPD0 (1ull << 7)
#define TCR_TG0_SHIFT 14
#define TCR_T1SZ_SHIFT 16
#define TCR_A1 (1ull << 22)
#define TCR_EPD1 (1ull << 23)
#define TCR_TG1_SHIFT 30
#define TCR_IPS_SHIFT 32
#define TCR_AS (1ull << 36)
#define TCR_TBI0 (1ull << 37)
#define TCR_TBI1 (1ull << 38)
#define TCR_HPD0 (1ull << 41)
#define TCR_HPD1 (1ull << 42)

/* Descriptor bits */
#define DESC_VALID (1ull << 0)
#define DESC_TABLE (1ull << 1) /* table at levels 0-2, page at level 3 */
#define DESC_ATTRINDX_SHIFT 2
#define DESC_AP1 (1ull << 6) /* AP[1]: EL0 access */
#define DESC_AP2 (1ull << 7) /* AP[2]: read-only */
#define DESC_AF (1ull << 10)
#define DESC_NG (1ull << 11)
#define DESC_PXN (1ull << 53)
#define DESC_UXN (1ull << 54)
#define DESC_PXN_TABLE (1ull << 59)
#define DESC_UXN_TABLE (1ull << 60)
#define DESC_AP_TABLE0 (1ull << 61) /* no EL0 access below */
#define DESC_AP_TABLE1 (1ull << 62) /* no write access below */

/* Without FEAT_TTST and FEAT_LVA: VA sizes 25..48 bits. */
#define TXSZ_MIN 16
#define TXSZ_MAX 39

/* What one range (TTBR0 or TTBR1) of the regime is configured to do. */
typedef struct WalkParams {
    uint64_t ttbr;
    unsigned granule_shift; /* 12, 14 or 16 */
    unsigned input_bits;    /* 64 - TxSZ */
    unsigned output_bits;   /* min(TCR.IPS, ARM_PA_BITS) */
    bool disabled;          /* EPDx */
    bool hierarchical_off;  /* HPDx: APTable, XNTable, PXNTable ignored */
} WalkParams;

/* The access controls the walk gathers, table restrictions folded in. */
typedef struct LeafPerms {
    bool read_only; /* AP[2] or APTable[1] */
    bool el0;       /* AP[1] and not APTable[0] */
    bool uxn, pxn;
} LeafPerms;

static uint64_t bit_range_mask(unsigned hi, unsigned lo)
{
    uint64_t upto_hi = hi >= 63 ? ~0ull : (2ull << hi) - 1;
    return upto_hi & ~((1ull << lo) - 1);
}

static bool report_fault(ArmFault *fault, ArmFaultType type, int level,
                         uint64_t va, ArmAccessType access)
{
    fault->type = type;
    fault->level = level;
    fault->fsc = ((uint32_t)type << 2) | (uint32_t)level;
    fault->s1ptw = false;
    fault->va = va;
    fault->type_of_access = access;
    fault->write =
        access == ARM_ACCESS_WRITE || access == ARM_ACCESS_CACHE_MAINT;
    return false;
}

/* AArch64.AddrTop(): the highest address bit that takes part. */
static unsigned addr_top(const ArmMmuRegs *regs, uint64_t va)
{
    uint64_t tbi = (va >> 55) & 1 ? TCR_TBI1 : TCR_TBI0;

    /* TBID (FEAT_PAuth) is not implemented: TBI covers fetches too. */
    return regs->tcr_el1 & tbi ? 55 : 63;
}

/* AArch64.S1DisabledOutput(): flat map, checked against PAMax. */
static bool translate_flat(const ArmMmuRegs *regs, uint64_t va,
                           ArmAccessType type, ArmTranslation *out,
                           ArmFault *fault)
{
    unsigned top = addr_top(regs, va);

    if (va & bit_range_mask(top, ARM_PA_BITS))
        return report_fault(fault, ARM_FAULT_ADDRESS_SIZE, 0, va, type);
    *out = (ArmTranslation){
        .pa = va & ((1ull << ARM_PA_BITS) - 1),
        .page_shift = 12,
        .prot = ARM_PROT_READ | ARM_PROT_WRITE | ARM_PROT_EXEC,
        .global = true,
        .level = -1,
    };
    return true;
}

/* TG0 and TG1 encode the granules differently; reserved values mean 4K. */
static unsigned tg0_granule_shift(unsigned tg0)
{
    return tg0 == 1 ? 16 : tg0 == 2 ? 14 : 12;
}

static unsigned tg1_granule_shift(unsigned tg1)
{
    return tg1 == 1 ? 14 : tg1 == 3 ? 16 : 12;
}

/* TCR.IPS, limited to what the CPU implements (reserved values: PAMax). */
static unsigned ips_bits(unsigned ips)
{
    static const unsigned bits[8] = {32, 36, 40, 42, 44, 48, 48, 48};
    unsigned b = bits[ips & 7];

    return b < ARM_PA_BITS ? b : ARM_PA_BITS;
}

/* Out-of-range TxSZ is CONSTRAINED UNPREDICTABLE; we force it in range. */
static unsigned input_bits(unsigned txsz)
{
    if (txsz < TXSZ_MIN)
        txsz = TXSZ_MIN;
    if (txsz > TXSZ_MAX)
        txsz = TXSZ_MAX;
    return 64 - txsz;
}

static WalkParams walk_params(const ArmMmuRegs *regs, bool upper)
{
    uint64_t tcr = regs->tcr_el1;
    WalkParams wp = {
        .output_bits = ips_bits((unsigned)(tcr >> TCR_IPS_SHIFT) & 7),
    };

    if (upper) {
        wp.ttbr = regs->ttbr1_el1;
        wp.granule_shift =
            tg1_granule_shift((unsigned)(tcr >> TCR_TG1_SHIFT) & 3);
        wp.input_bits = input_bits((unsigned)(tcr >> TCR_T1SZ_SHIFT) & 63);
        wp.disabled = tcr & TCR_EPD1;
        wp.hierarchical_off = tcr & TCR_HPD1;
    } else {
        wp.ttbr = regs->ttbr0_el1;
        wp.granule_shift =
            tg0_granule_shift((unsigned)(tcr >> TCR_TG0_SHIFT) & 3);
        wp.input_bits = input_bits((unsigned)(tcr >> TCR_T0SZ_SHIFT) & 63);
        wp.disabled = tcr & TCR_EPD0;
        wp.hierarchical_off = tcr & TCR_HPD0;
    }
    return wp;
}

/* The lowest VA bit a level's index covers (its block or page size). */
static unsigned level_shift(unsigned granule_shift, int level)
{
    return granule_shift + (unsigned)(3 - level) * (granule_shift - 3);
}

/* 4 - RoundUp((inputsize - grainsize) / stride) */
static int start_level(const WalkParams *wp)
{
    unsigned stride = wp->granule_shift - 3;
    unsigned levels =
        (wp->input_bits - wp->granule_shift + stride - 1) / stride;

    return 4 - (int)levels;
}

/* Blocks: 4K at levels 1-2, 16K and 64K at level 2 (no FEAT_LPA/LPA2). */
static bool block_allowed(unsigned granule_shift, int level)
{
    return level == 2 || (level == 1 && granule_shift == 12);
}

static bool read_descriptor(const ArmMmuRegs *regs, ArmPhysRead64 read,
                            void *opaque, uint64_t pa, uint64_t *desc)
{
    if (!read(opaque, pa, desc))
        return false;
    if (regs->sctlr_el1 & SCTLR_EE)
        *desc = __builtin_bswap64(*desc);
    return true;
}

/* APTable, UXNTable and PXNTable of a table descriptor restrict below it. */
static void gather_table_perms(LeafPerms *p, uint64_t desc)
{
    p->read_only |= (desc & DESC_AP_TABLE1) != 0;
    p->el0 &= !(desc & DESC_AP_TABLE0);
    p->uxn |= (desc & DESC_UXN_TABLE) != 0;
    p->pxn |= (desc & DESC_PXN_TABLE) != 0;
}

static void gather_leaf_perms(LeafPerms *p, uint64_t desc)
{
    p->read_only |= (desc & DESC_AP2) != 0;
    p->el0 &= (desc & DESC_AP1) != 0;
    p->uxn |= (desc & DESC_UXN) != 0;
    p->pxn |= (desc & DESC_PXN) != 0;
}

/*
 * The permissions at EL0 or EL1 (AArch64.S1ComputePermissions for the
 * v8.1 model): a location EL0 can write is never executable at EL1, WXN
 * makes every writable location execute-never, and PAN denies EL1 data
 * accesses to anything EL0 can read (execute-only EL0 pages stay open).
 */
static unsigned s1_prot(const LeafPerms *p, int el, bool wxn, bool pan)
{
    bool user_w = p->el0 && !p->read_only;
    unsigned prot;

    if (el == 0) {
        prot = p->el0 ? ARM_PROT_READ : 0;
        if (user_w)
            prot |= ARM_PROT_WRITE;
        if (!p->uxn && !(user_w && wxn))
            prot |= ARM_PROT_EXEC;
        return prot;
    }
    prot = ARM_PROT_READ;
    if (!p->read_only)
        prot |= ARM_PROT_WRITE;
    if (!p->pxn && !user_w && !(wxn && !p->read_only))
        prot |= ARM_PROT_EXEC;
    if (pan && p->el0)
        prot &= ~(ARM_PROT_READ | ARM_PROT_WRITE);
    return prot;
}

static bool access_allowed(const LeafPerms *p, int el, unsigned prot,
                           ArmAccessType type)
{
    switch (type) {
    case ARM_ACCESS_READ: return prot & ARM_PROT_READ;
    case ARM_ACCESS_WRITE: return prot & ARM_PROT_WRITE;
    case ARM_ACCESS_FETCH: return prot & ARM_PROT_EXEC;
    case ARM_ACCESS_CACHE_MAINT: return el != 0 || p->el0;
    }
    return false;
}

static uint16_t regime_asid(const ArmMmuRegs *regs)
{
    uint64_t ttbr = regs->tcr_el1 & TCR_A1 ? regs->ttbr1_el1 : regs->ttbr0_el1;
    uint16_t asid = (uint16_t)(ttbr >> 48);

    return regs->tcr_el1 & TCR_AS ? asid : (uint8_t)asid;
}

/* AArch64.S1Walk() and what follows it, for one VA range. */
static bool walk(const ArmMmuRegs *regs, const WalkParams *wp, uint64_t va,
                 int el, ArmAccessType type, ArmPhysRead64 read, void *opaque,
                 ArmTranslation *out, ArmFault *fault)
{
    unsigned stride = wp->granule_shift - 3;
    int level = start_level(wp);
    unsigned shift = level_shift(wp->granule_shift, level);
    unsigned index_bits = wp->input_bits - shift;
    uint64_t out_of_range = bit_range_mask(47, wp->output_bits);
    LeafPerms perms = {.el0 = true};
    uint64_t table, desc;

    if (wp->ttbr & out_of_range)
        return report_fault(fault, ARM_FAULT_ADDRESS_SIZE, 0, va, type);
    /* The table is aligned to its size: BADDR's lower bits are ignored. */
    table = wp->ttbr & bit_range_mask(47, 3 + index_bits);
    for (;;) {
        uint64_t index = (va >> shift) & ((1ull << index_bits) - 1);

        if (!read_descriptor(regs, read, opaque, table + index * 8, &desc))
            return report_fault(fault, ARM_FAULT_WALK_EXTERNAL, level, va,
                                type);
        if (!(desc & DESC_VALID))
            return report_fault(fault, ARM_FAULT_TRANSLATION, level, va, type);
        if (level == 3 || !(desc & DESC_TABLE))
            break;
        if (desc & out_of_range)
            return report_fault(fault, ARM_FAULT_ADDRESS_SIZE, level, va, type);
        /* Bits [51:48] are RES0 without FEAT_LPA: ignored, as are OA's. */
        table = desc & bit_range_mask(47, wp->granule_shift);
        if (!wp->hierarchical_off)
            gather_table_perms(&perms, desc);
        level++;
        shift -= stride;
        index_bits = stride;
    }
    /* Level 3 with bit 1 clear is reserved; blocks only where allowed. */
    if (level == 3 ? !(desc & DESC_TABLE)
                   : !block_allowed(wp->granule_shift, level))
        return report_fault(fault, ARM_FAULT_TRANSLATION, level, va, type);
    if (desc & out_of_range)
        return report_fault(fault, ARM_FAULT_ADDRESS_SIZE, level, va, type);
    /* No hardware AF update (FEAT_HAFDBS absent); AF before permission. */
    if (!(desc & DESC_AF))
        return report_fault(fault, ARM_FAULT_ACCESS_FLAG, level, va, type);

    gather_leaf_perms(&perms, desc);
    out->prot = s1_prot(&perms, el, regs->sctlr_el1 & SCTLR_WXN, regs->pan);
    if (!access_allowed(&perms, el, out->prot, type))
        return report_fault(fault, ARM_FAULT_PERMISSION, level, va, type);

    out->pa = (desc & bit_range_mask(47, shift)) | (va & ((1ull << shift) - 1));
    out->page_shift = shift;
    out->global = !(desc & DESC_NG);
    out->asid = regime_asid(regs);
    out->attr_index = (uint8_t)((desc >> DESC_ATTRINDX_SHIFT) & 7);
    out->level = level;
    return true;
}

bool arm_mmu_translate(const ArmMmuRegs *regs, uint64_t va, int el,
                       ArmAccessType type, ArmPhysRead64 read, void *opaque,
                       ArmTranslation *out, ArmFault *fault)
{
    bool upper = (va >> 55) & 1;
    WalkParams wp;
    uint64_t must_match;

    if (!(regs->sctlr_el1 & SCTLR_M))
        return translate_flat(regs, va, type, out, fault);

    wp = walk_params(regs, upper);
    /* AArch64.VAIsOutOfRange(): bits [top:inputsize] all equal bit 55. */
    must_match = bit_range_mask(addr_top(regs, va), wp.input_bits);
    if ((va & must_match) != (upper ? must_match : 0) || wp.disabled)
        return report_fault(fault, ARM_FAULT_TRANSLATION, 0, va, type);
    return walk(regs, &wp, va, el, type, read, opaque, out, fault);
}

uint64_t arm_esr_data_abort(const ArmFault *f, bool same_el, bool write,
                            bool cm)
{
    uint64_t ec = same_el ? ARM_EC_DATA_ABORT_SAME : ARM_EC_DATA_ABORT_LOWER;

    return ec << 26 | 1u << 25 /* IL */ | (uint64_t)cm << 8 |
           (uint64_t)f->s1ptw << 7 | (uint64_t)write << 6 | f->fsc;
}

uint64_t arm_esr_insn_abort(const ArmFault *f, bool same_el)
{
    uint64_t ec = same_el ? ARM_EC_INSN_ABORT_SAME : ARM_EC_INSN_ABORT_LOWER;

    return ec << 26 | 1u << 25 /* IL */ | (uint64_t)f->s1ptw << 7 | f->fsc;
}
