/*
 * AArch64 stage 1 address translation of the EL1&0 regime (VMSAv8-64,
 * Arm ARM D8) and the ESR_EL1 syndromes of its faults. Pure: page tables
 * are read through a callback; nothing here knows the host, the JIT or
 * the board, and nothing is cached (the caller's TLB does that).
 */
#ifndef ARX_TARGET_ARM_MMU_H
#define ARX_TARGET_ARM_MMU_H

#include <stdbool.h>
#include <stdint.h>

/* The CPU's physical address size: ID_AA64MMFR0_EL1.PARange = 5. */
#define ARM_PA_BITS 48

/* ArmTranslation.prot */
#define ARM_PROT_READ 1u
#define ARM_PROT_WRITE 2u
#define ARM_PROT_EXEC 4u

/* The system registers the walk reads, and PSTATE.PAN. */
typedef struct ArmMmuRegs {
    uint64_t sctlr_el1, tcr_el1, ttbr0_el1, ttbr1_el1;
    bool pan;
} ArmMmuRegs;

typedef enum ArmAccessType {
    ARM_ACCESS_READ,
    ARM_ACCESS_WRITE,
    ARM_ACCESS_FETCH,
    /*
     * DC/IC maintenance by VA (not DC ZVA, a WRITE): needs read
     * permission and ignores PSTATE.PAN, which Linux relies on when it
     * cleans user pages with PAN set.
     */
    ARM_ACCESS_CACHE_MAINT,
} ArmAccessType;

/*
 * Reads the 64-bit little-endian word at physical address pa (8-byte
 * aligned); false when pa is not RAM, which the walk reports as a
 * synchronous external abort.
 */
typedef bool (*ArmPhysRead64)(void *opaque, uint64_t pa, uint64_t *value);

typedef struct ArmTranslation {
    uint64_t pa;         /* the physical address of va */
    unsigned page_shift; /* log2 of the mapping's size: 12..30 (MMU off: 12) */
    unsigned prot;       /* ARM_PROT_* allowed at the requested EL and PAN */
    bool global;         /* !nG: the entry matches every ASID */
    uint16_t asid;       /* TTBR0/1.ASID as TCR.A1 and TCR.AS say */
    uint8_t attr_index;  /* AttrIndx: MAIR_EL1 field (MMU off: 0) */
    int level;           /* level of the final descriptor (MMU off: -1) */
} ArmTranslation;

typedef enum ArmFaultType {
    /* The values are FSC[5:2]; FSC[1:0] is the level. */
    ARM_FAULT_ADDRESS_SIZE = 0,  /* FSC 0b0000LL */
    ARM_FAULT_TRANSLATION = 1,   /* FSC 0b0001LL */
    ARM_FAULT_ACCESS_FLAG = 2,   /* FSC 0b0010LL */
    ARM_FAULT_PERMISSION = 3,    /* FSC 0b0011LL */
    ARM_FAULT_WALK_EXTERNAL = 5, /* FSC 0b0101LL: a descriptor was not RAM */
} ArmFaultType;

typedef struct ArmFault {
    ArmFaultType type;
    int level;    /* the lookup level that faulted, 0..3 */
    uint32_t fsc; /* ESR.DFSC/IFSC: type and level encoded */
    bool s1ptw;   /* stage 2 fault on a stage 1 walk: always false */
    uint64_t va;  /* FAR_EL1: the address as given, tag included */
    ArmAccessType type_of_access;
    bool write; /* WnR: WRITE and CACHE_MAINT accesses */
} ArmFault;

/*
 * Translates va for an access of the given type at exception level el (0
 * or 1; an unprivileged LDTR/STTR at EL1 passes 0). True: *out filled.
 * False: *fault filled (on a permission fault out->prot is also set).
 * With SCTLR_EL1.M clear the map is flat (pa = va, all permissions); a va
 * with bits at or above ARM_PA_BITS (below the tag byte when TBI applies)
 * is then an address size fault at level 0.
 */
bool arm_mmu_translate(const ArmMmuRegs *regs, uint64_t va, int el,
                       ArmAccessType type, ArmPhysRead64 read, void *opaque,
                       ArmTranslation *out, ArmFault *fault);

static inline uint64_t arm_mmu_page_size(const ArmTranslation *t)
{
    return 1ull << t->page_shift;
}

/* Exception classes (ESR_ELx.EC) of the aborts the MMU raises. */
enum {
    ARM_EC_INSN_ABORT_LOWER = 0x20, /* instruction abort from EL0 */
    ARM_EC_INSN_ABORT_SAME =
        0x21, /* instruction abort taken without EL change */
    ARM_EC_DATA_ABORT_LOWER = 0x24, /* data abort from EL0 */
    ARM_EC_DATA_ABORT_SAME = 0x25,  /* data abort taken without EL change */
};

/*
 * ESR_EL1 for a data abort: EC 0x24 (from EL0) or 0x25 (same_el), IL=1,
 * ISV=0 (no instruction syndrome), CM for cache maintenance, S1PTW, WnR,
 * DFSC. Cache maintenance faults report WnR=1 (Arm ARM, ISS encoding for
 * a data abort): the caller passes write=true with cm=true.
 */
uint64_t arm_esr_data_abort(const ArmFault *f, bool same_el, bool write,
                            bool cm);

/* ESR_EL1 for an instruction abort: EC 0x20/0x21, IL=1, S1PTW, IFSC. */
uint64_t arm_esr_insn_abort(const ArmFault *f, bool same_el);

#endif
