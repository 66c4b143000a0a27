/*
 * FEAT_MTE in user mode: the allocation tags of PROT_MTE pages (4 bits per
 * 16-byte granule, kept only for such pages), the tag check an access
 * makes, and the switch that makes the translator emit checks. Guest
 * addresses in, no IR, no host mappings (linux-user/mmap.c maps).
 */
#ifndef ARX_TARGET_ARM_MTE_H
#define ARX_TARGET_ARM_MTE_H

#include <stdbool.h>
#include <stdint.h>

#include "target-arm/cpu.h"

#define MTE_GRANULE 16u

/* The tag-related bits of PR_SET_TAGGED_ADDR_CTRL (uapi linux/prctl.h). */
enum {
    MTE_CTRL_TAGGED_ADDR_ENABLE = 1u << 0,
    MTE_CTRL_TCF_SYNC = 1u << 1,
    MTE_CTRL_TCF_ASYNC = 1u << 2,
    MTE_CTRL_TAG_SHIFT = 3,
    MTE_CTRL_TAG_MASK = 0xffffu << 3, /* tags IRG may choose */
};

/* arm_mte_active: target-arm/cpu.h. Sets it, dropping every block translated
 * without it. */
void arm_mte_activate(void);

/* ---- allocation tags (mte.c); addresses without their tag byte ---- */

/* [start, start + len) became PROT_MTE: its granules get tag 0 where the
 * page had no tags yet. */
void mte_tags_map(uint64_t start, uint64_t len);
/* [start, start + len) is no longer PROT_MTE (or no longer mapped). */
void mte_tags_unmap(uint64_t start, uint64_t len);
/* The tagged pages of [start, start + len) have tag 0 again (their data
 * was discarded, MADV_DONTNEED). */
void mte_tags_zero(uint64_t start, uint64_t len);
/* mremap: the tags of [old, old + old_len) are now those of [new,
 * new + new_len) (growth untagged); keep_old leaves the old ones. */
void mte_tags_move(uint64_t old_addr, uint64_t old_len, uint64_t new_addr,
                   uint64_t new_len, bool keep_old);
/* Whether addr's page is PROT_MTE (has allocation tags). */
bool mte_page_tagged(uint64_t addr);
/* The allocation tag of addr's granule; 0 where the page is untagged. */
unsigned mte_tag_get(uint64_t addr);
/* Sets it; nothing where the page is untagged (tags are not stored in
 * untagged memory). */
void mte_tag_set(uint64_t addr, unsigned tag);

/* ---- the tag check ---- */

/* The address an access uses: bits 63:56 are the ignored top byte (TBI0;
 * a user address has bit 55 clear). */
static inline uint64_t mte_untag(uint64_t addr)
{
    return (uint64_t)((int64_t)(addr << 8) >> 8);
}

/* The logical tag of a pointer (bits 59:56). */
static inline unsigned mte_ptr_tag(uint64_t addr)
{
    return (unsigned)(addr >> 56) & 0xf;
}

/*
 * The first byte of the bytes at the tagged address addr whose granule's
 * allocation tag differs from addr's (the address itself, or a later
 * granule's start, tag kept), or false when every tag matches.
 */
bool mte_check_range(uint64_t addr, uint64_t bytes, uint64_t *fault);

/* GCR_EL1.Exclude as Linux derives it from the thread's PR_MTE_TAG_MASK. */
static inline unsigned mte_exclude(const CPUARMState *env)
{
    return ~(env->tagged_addr_ctrl >> MTE_CTRL_TAG_SHIFT) & 0xffffu;
}

/* Arm's ChooseNonExcludedTag(): tag advanced offset non-excluded steps;
 * 0 when all are excluded. */
unsigned mte_choose_tag(unsigned tag, unsigned offset, unsigned exclude);

#endif
