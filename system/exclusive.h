/*
 * Exclusive monitors across vCPUs (system/exclusive.c): LDXR and STXR of
 * one register, and the hook every write to a watched RAM page passes
 * (translated code to drop, monitors to clear). Knows no JIT internals.
 */
#ifndef ARX_SYSTEM_EXCLUSIVE_H
#define ARX_SYSTEM_EXCLUSIVE_H

#include <stdbool.h>
#include <stdint.h>

#include "target-arm/cpu.h"

/* LDXR of 1 << size bytes at addr: the value, the monitor set. Faults
 * leave through the call site of retaddr. */
uint64_t exclusive_load(CPUARMState *env, uint64_t addr, unsigned size,
                        uintptr_t retaddr);
/* STXR: 0 when stored, 1 when the monitor had been lost; clears it. */
uint64_t exclusive_store(CPUARMState *env, uint64_t addr, unsigned size,
                         uint64_t value);

/* A write reached env's monitored granule since its LDXR (so its STXR
 * will fail). */
bool exclusive_monitor_lost(const CPUARMState *env);

/* SoftmmuOps.is_watched and before_write. */
bool exclusive_is_watched(uint64_t phys);
void exclusive_before_write(void *env, uint64_t phys, uint64_t pa,
                            unsigned size);

#endif
