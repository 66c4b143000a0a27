/*
 * Recording the fault sites of the block being generated (fault.c): where
 * each guest access that may fault is, for which guest pc, and which guest
 * registers live only in host registers there. Emits no code.
 */
#ifndef ARX_TCG_X86_64_FAULT_H
#define ARX_TCG_X86_64_FAULT_H

#include <stdbool.h>
#include <stdint.h>

/* A new block: no sites yet. */
void fault_sites_reset(void);
/* The guest instruction at guest_pc starts: later sites are its. */
void fault_sites_at_insn(uint64_t guest_pc);
/* The guest pc later sites are recorded for. */
uint64_t fault_sites_current_pc(void);
/* Records that the next instruction emitted is a guest memory access
 * that may fault (with the current guest pc and register map). */
void fault_note_site(void);
/* Records that the call just emitted may fault inside its helper: every
 * guest register is in memory there. */
void fault_note_call_site(void);
/* Records that the next instruction emitted traps for a misaligned
 * access whose guest address is in host register addr_reg. */
void fault_note_align_site(int addr_reg, bool is_write);

#endif
