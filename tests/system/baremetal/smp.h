/*
 * SMP for the bare-metal tests: secondary vCPUs started with PSCI CPU_ON,
 * each on its own stack with the MMU on over mmu.c's shared tables, and a
 * sense-reversing barrier. Only CPU 0 may print or call bm_finish.
 */
#ifndef BM_SMP_H
#define BM_SMP_H

#define SMP_MAX_CPUS 8
#define SMP_STACK_SIZE 16384 /* smp_start.S uses it too */

#ifndef __ASSEMBLER__
#include <stdbool.h>
#include <stdint.h>

/* Called by CPU 0 after mmu_enable(): starts CPUs 1..n-1 (MPIDR = index)
 * and waits until they run with the MMU on. Returns how many CPUs are
 * online (n, or fewer when CPU_ON failed or a CPU never came up). */
int smp_start(int n);
int smp_online(void);
/* This CPU's index: MPIDR_EL1.Aff0. */
int smp_cpu_index(void);

/* Runs fn(cpu, arg) on every online CPU, CPU 0 included, and returns when
 * all of them have returned. */
typedef void (*SmpWork)(int cpu, void *arg);
void smp_run(SmpWork fn, void *arg);

/* All online CPUs meet here; the sense reverses at every use. */
void smp_barrier(void);

/* One word per cache line, so that CPUs spinning on different words do
 * not share a line. */
typedef struct SmpWord {
    volatile uint64_t v;
    uint64_t pad[7];
} SmpWord;

static inline uint64_t smp_load_acquire(const volatile uint64_t *p)
{
    uint64_t v;
    __asm__ volatile("ldar %0, [%1]" : "=r"(v) : "r"(p) : "memory");
    return v;
}

static inline void smp_store_release(volatile uint64_t *p, uint64_t v)
{
    __asm__ volatile("stlr %1, [%0]" : : "r"(p), "r"(v) : "memory");
}

/* Waits until *p == v, as Linux's spin loops do: LDAXR arms the
 * exclusive monitor, WFE sleeps until another CPU's store to the word
 * clears it (or any other event). An idle vCPU then gives its host core
 * to the working ones when the host has fewer cores than vCPUs. Leaves
 * the monitor clear: not for a CPU that holds an LDXR of its own. */
static inline void smp_wait_equal(const volatile uint64_t *p, uint64_t v)
{
    uint64_t cur;
    for (;;) {
        __asm__ volatile("ldaxr %0, [%1]" : "=r"(cur) : "r"(p) : "memory");
        if (cur == v)
            break;
        __asm__ volatile("wfe" ::: "memory");
    }
    __asm__ volatile("clrex" ::: "memory");
}

/* *p += v with LDAXR/STLXR; returns the old value. */
static inline uint64_t smp_fetch_add(volatile uint64_t *p, uint64_t v)
{
    uint64_t old, sum;
    uint32_t fail;
    __asm__ volatile("1: ldaxr %0, [%3]\n"
                     "   add %1, %0, %4\n"
                     "   stlxr %w2, %1, [%3]\n"
                     "   cbnz %w2, 1b"
                     : "=&r"(old), "=&r"(sum), "=&r"(fail)
                     : "r"(p), "r"(v)
                     : "memory");
    return old;
}

#endif /* __ASSEMBLER__ */
#endif
