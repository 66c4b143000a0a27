/*
 * Which of N, Z, C, V does the code at a block's successor overwrite
 * before reading (A32 or T32 outside an IT block)? A flag dead at every
 * way out of a block need not be stored there: a `cmp; bne` loop then
 * computes only what its branch compares. A conservative scan of raw
 * encodings: an instruction not known here, a branch, a conditional or an
 * IT ends it with the undecided flags live; an unconditional branch is
 * followed within the page.
 */
#include "target-arm/a32/translate.h"

#include "tcg/guest_mem.h"

enum { FLAG_N = 8, FLAG_Z = 4, FLAG_C = 2, FLAG_V = 1, FLAGS_ALL = 15 };

/* What one instruction does with the flags; stop: the scan ends. */
typedef struct FlagUse {
    unsigned reads, writes;
    bool stop;
} FlagUse;

static const FlagUse use_none = {0, 0, false};
static const FlagUse use_stop = {0, 0, true};

static FlagUse use_rw(unsigned reads, unsigned writes)
{
    return (FlagUse){reads, writes, false};
}

/* An A32 data-processing opcode (AND EOR SUB RSB ADD ADC SBC RSC TST
 * TEQ CMP CMN ORR MOV BIC MVN) with S set: arithmetic writes all four
 * flags, a logical op N and Z (its C is the shifter's: treated as not
 * written). */
static unsigned dp_writes(unsigned op)
{
    switch (op) {
    case 0x2:
    case 0x3:
    case 0x4:
    case 0x5:
    case 0x6:
    case 0x7:
    case 0xa:
    case 0xb: return FLAGS_ALL;
    default: return FLAG_N | FLAG_Z;
    }
}

static bool dp_reads_carry(unsigned op)
{
    return op == 0x5 || op == 0x6 || op == 0x7;
}

/* T32 numbers them otherwise: AND BIC ORR ORN EOR, ADD 8, ADC 10, SBC 11,
 * SUB 13, RSB 14 (TST TEQ CMN CMP are those with Rd 15). */
static unsigned t32_dp_writes(unsigned op)
{
    return op >= 8 ? FLAGS_ALL : FLAG_N | FLAG_Z;
}

static bool t32_dp_reads_carry(unsigned op)
{
    return op == 10 || op == 11;
}

static FlagUse t16_use(uint16_t hw)
{
    unsigned top = hw >> 11;

    if (top <= 2) /* LSLS LSRS ASRS immediate */
        return use_rw(0, FLAG_N | FLAG_Z);
    if (top == 3 || top == 5 || top == 6 || top == 7) /* ADDS SUBS CMP */
        return use_rw(0, FLAGS_ALL);
    if (top == 4) /* MOVS immediate */
        return use_rw(0, FLAG_N | FLAG_Z);
    if ((hw & 0xfc00) == 0x4000) { /* data processing, register */
        unsigned op = (hw >> 6) & 15;
        if (op == 5 || op == 6) /* ADCS SBCS */
            return use_rw(FLAG_C, FLAGS_ALL);
        return use_rw(0, (op == 9 || op == 10 || op == 11) ? FLAGS_ALL
                                                           : FLAG_N | FLAG_Z);
    }
    if ((hw & 0xff00) == 0x4500) /* CMP high registers */
        return use_rw(0, FLAGS_ALL);
    if ((hw & 0xff00) == 0x4400 || (hw & 0xff00) == 0x4600) /* ADD, MOV */
        return ((hw & 0x80) >> 4 | (hw & 7)) == 15 ? use_stop : use_none;
    if (hw >= 0x4800 && hw < 0xa000) /* literal loads, loads and stores */
        return use_none;
    if (hw >= 0xa000 && hw < 0xb000) /* ADR, ADD rd, sp */
        return use_none;
    if ((hw & 0xff00) == 0xb000 || (hw & 0xff00) == 0xb200 ||
        (hw & 0xfe00) == 0xb400 || (hw & 0xff00) == 0xba00)
        return use_none;         /* SP adjust, extends, PUSH, REV */
    if ((hw & 0xfe00) == 0xbc00) /* POP: with pc a branch */
        return (hw & 0x100) ? use_stop : use_none;
    if (hw >= 0xc000 && hw < 0xd000) /* LDM STM */
        return use_none;
    return use_stop; /* branches, CBZ, IT, SVC, BKPT, hints... */
}

/*
 * The coprocessor space (VFP, and the T32 Advanced SIMD data processing
 * in 0xef/0xff; A32 and T32 share the low 24 bits; top: the insn's first
 * byte, A32's with cond 0xe). Only VMRS APSR_nzcv touches the flags (it
 * writes all four); other core-register transfers with Rt 15 end the scan.
 */
static FlagUse vfp_neon_use(unsigned top, uint32_t insn)
{
    unsigned rt = (insn >> 12) & 15;

    if (top == 0xef || top == 0xff)
        return use_none; /* T32 Advanced SIMD data processing */
    if (top == 0xec || top == 0xed)
        return rt == 15 && ((insn >> 20) & 0xfe) == 0xc4 ? use_stop : use_none;
    if (top != 0xee)
        return use_stop;
    if (!(insn & 0x10))
        return use_none; /* VFP data processing */
    if ((insn & 0x00ff0fff) == 0x00f10a10 && rt == 15)
        return use_rw(0, FLAGS_ALL); /* VMRS APSR_nzcv, FPSCR */
    return rt == 15 ? use_stop : use_none;
}

static FlagUse t32_dp_use(unsigned op, bool s, unsigned rd, bool rrx)
{
    unsigned reads = (t32_dp_reads_carry(op) || rrx) ? FLAG_C : 0;

    if (rd == 15 && !s)
        return use_stop;
    return use_rw(reads, s ? t32_dp_writes(op) : 0);
}

static FlagUse t32_use(uint32_t insn)
{
    uint32_t hw1 = insn >> 16, hw2 = insn & 0xffff;
    unsigned rt = hw2 >> 12, rd = (hw2 >> 8) & 15;

    if ((hw1 & 0xfe00) == 0xf800) /* loads and stores: to pc a branch */
        return (hw1 & 0x10) && rt == 15 ? use_stop : use_none;
    if ((hw1 & 0xfa00) == 0xf000 && !(hw2 & 0x8000)) /* modified imm */
        return t32_dp_use((hw1 >> 5) & 15, hw1 & 0x10, rd, false);
    if ((hw1 & 0xfa00) == 0xf200 && !(hw2 & 0x8000)) /* plain imm */
        return use_none;
    if ((hw1 & 0xfe00) == 0xea00) { /* shifted register */
        bool rrx = ((hw2 >> 4) & 3) == 3 && !(hw2 & 0x70c0);
        return t32_dp_use((hw1 >> 5) & 15, hw1 & 0x10, rd, rrx);
    }
    if ((hw1 & 0xff00) == 0xfa00 && (hw2 & 0xf000) == 0xf000) {
        /* register shifts (S: N and Z), extends, parallel, misc */
        bool shift = !(hw1 & 0x80) && !(hw2 & 0xf0);
        return use_rw(0, shift && (hw1 & 0x10) ? FLAG_N | FLAG_Z : 0);
    }
    if ((hw1 & 0xff00) == 0xfb00) /* multiplies, divides */
        return use_none;
    if ((hw1 & 0xfff0) == 0xe8d0 && (hw2 & 0xffe0) == 0xf000)
        return use_stop;          /* TBB TBH */
    if ((hw1 & 0xfe40) == 0xe840) /* LDRD STRD, exclusives */
        return use_none;
    if ((hw1 & 0xfe00) == 0xe800) /* LDM STM: loading pc a branch */
        return (hw1 & 0x10) && (hw2 & 0x8000) ? use_stop : use_none;
    return vfp_neon_use(hw1 >> 8, insn);
}

static FlagUse a32_use(uint32_t insn)
{
    unsigned op = (insn >> 21) & 15, rd = (insn >> 12) & 15;
    bool s = insn & (1u << 20);

    if (insn >> 24 == 0xf2 || insn >> 24 == 0xf3 || insn >> 24 == 0xf4)
        return use_none; /* Advanced SIMD data processing, loads, stores */
    if (insn >> 28 != 0xe)
        return use_stop; /* conditional (reads flags) or unconditional */
    if ((insn & 0x0e000000) == 0x0c000000 || (insn & 0x0f000000) == 0x0e000000)
        return vfp_neon_use(0xe0 | ((insn >> 24) & 0xf), insn);
    if ((insn & 0x0c000000) == 0x04000000) { /* LDR STR (not media) */
        if ((insn & 0x02000010) == 0x02000010)
            return use_stop;
        return (insn & (1u << 20)) && rd == 15 ? use_stop : use_none;
    }
    if ((insn & 0x0e000000) == 0x08000000) /* LDM STM */
        return (insn & (1u << 20)) && (insn & 0x8000) ? use_stop : use_none;
    if ((insn & 0x0c000000) != 0)
        return use_stop; /* branches, coprocessor, SVC */
    if ((op & 0xc) == 0x8 && !s)
        return use_stop; /* MRS, MSR, BX, CLZ, MOVW/MOVT... */
    if (!(insn & 0x02000000) && (insn & 0x90) == 0x90)
        return use_stop; /* multiplies, extra loads and stores, SWP */
    if (rd == 15)
        return use_stop;
    {
        bool rrx = !(insn & 0x02000000) && (insn & 0xff0) == 0x060;
        return use_rw(dp_reads_carry(op) || rrx ? FLAG_C : 0,
                      s ? dp_writes(op) : 0);
    }
}

/*
 * The flags (FLAG_* bits) the code at pc writes before reading, reading
 * only within page (mapped: the block was translated from it). Faults on
 * the way are not considered: a handler would see stale flags in its
 * frame, the interrupted code never reads them.
 */
/* Sign-extends the low `bits` bits of v. */
static int64_t sext(uint64_t v, int bits)
{
    return (int64_t)(v << (64 - bits)) >> (64 - bits);
}

/* Where the unconditional B (T16, T32 B.W, A32 B) at pc goes, or 0 if
 * the insn is not one. */
static uint64_t t16_b_target(uint64_t pc, uint16_t hw)
{
    if ((hw & 0xf800) != 0xe000)
        return 0;
    return pc + 4 + (uint64_t)(sext(hw & 0x7ff, 11) * 2);
}

static uint64_t t32_b_target(uint64_t pc, uint32_t insn)
{
    uint32_t hw1 = insn >> 16, hw2 = insn & 0xffff;
    uint64_t s = (hw1 >> 10) & 1, j1 = (hw2 >> 13) & 1, j2 = (hw2 >> 11) & 1;
    uint64_t off;

    if ((hw1 & 0xf800) != 0xf000 || (hw2 & 0xd000) != 0x9000)
        return 0;
    off = s << 24 | (!(j1 ^ s)) << 23 | (!(j2 ^ s)) << 22 |
          (uint64_t)(hw1 & 0x3ff) << 12 | (uint64_t)(hw2 & 0x7ff) << 1;
    return pc + 4 + (uint64_t)sext(off, 25);
}

static uint64_t a32_b_target(uint64_t pc, uint32_t insn)
{
    if ((insn & 0xff000000) != 0xea000000)
        return 0;
    return pc + 8 + (uint64_t)(sext(insn & 0xffffff, 24) * 4);
}

/* The next insn's use of the flags; *pc moves past it (or to the target
 * of an unconditional branch, which the scan follows). */
static FlagUse next_use(void *env, uint64_t *pc, bool thumb, uint64_t page)
{
    uint64_t at = *pc, target;

    if (!thumb) {
        uint32_t insn = guest_fetch32(env, at);
        target = a32_b_target(at, insn);
        *pc = target ? target : at + 4;
        return target ? use_none : a32_use(insn);
    }
    uint16_t hw1 = guest_fetch16(env, at);
    if ((hw1 >> 11) < 0x1d) {
        target = t16_b_target(at, hw1);
        *pc = target ? target : at + 2;
        return target ? use_none : t16_use(hw1);
    }
    if (((at + 2) & ~(GUEST_PAGE_SIZE - 1)) != page)
        return use_stop;
    uint32_t insn = (uint32_t)hw1 << 16 | guest_fetch16(env, at + 2);
    target = t32_b_target(at, insn);
    *pc = target ? target : at + 4;
    return target ? use_none : t32_use(insn);
}

/*
 * The flags (FLAG_* bits) the code at pc writes before reading, reading
 * only within page (mapped: the block was translated from it), following
 * unconditional branches. Faults on the way are not considered: a handler
 * would see stale flags in its frame, the interrupted code never reads
 * them.
 */
unsigned a32_nzcv_dead_at(void *env, uint64_t pc, bool thumb, uint64_t page)
{
    unsigned pending = FLAGS_ALL, dead = 0;

    for (int i = 0; i < 64 && pending; i++) {
        FlagUse u;
        if ((pc & ~(GUEST_PAGE_SIZE - 1)) != page)
            break;
        u = next_use(env, &pc, thumb, page);
        if (u.stop || (u.reads & pending))
            break;
        dead |= u.writes & pending;
        pending &= ~u.writes;
    }
    return dead;
}
