/*
 * The memory-model litmus suite's driver: runs a shape's threads on the
 * online CPUs round after round, each round starting on all CPUs together,
 * and counts the outcome of interest. Lines that may vary between runs
 * (relaxed outcomes, timings) start with "info:", which run-baremetal.sh
 * leaves out of the comparison.
 */
#ifndef BM_LITMUS_H
#define BM_LITMUS_H

#include <stdbool.h>
#include <stdint.h>

#include "smp.h"

/* Rounds per shape: the Makefile builds a short and a long variant. */
#ifndef LITMUS_ROUNDS
#define LITMUS_ROUNDS 20000
#endif
#define LITMUS_ATOMIC_ADDS (4 * LITMUS_ROUNDS)

/* One round's memory, each word on its own cache line; litmus_threads.S
 * relies on the offsets (x +0, y +64). */
typedef struct LitmusSlot {
    SmpWord x, y;
} LitmusSlot;

/* A thread: loads what it loads into r[0], r[1]. */
typedef void (*LitmusThread)(LitmusSlot *s, uint64_t *r);
/* Whether a round ended with the outcome of interest; r[t] is what
 * thread t loaded, s the memory after all threads finished. */
typedef bool (*LitmusOutcome)(const LitmusSlot *s, uint64_t r[][2]);

typedef enum LitmusKind {
    LITMUS_ALLOWED,   /* counted on an info line only */
    LITMUS_FORBIDDEN, /* a check: never seen */
    /* Forbidden, but qemu-system-aarch64 7.2 (whose output the .expected
     * files are) shows it: on an info line, which check-litmus-system
     * still fails when the count is not 0. */
    LITMUS_FORBIDDEN_INFO,
} LitmusKind;

typedef struct LitmusShape {
    const char *name;
    int threads;
    LitmusThread thread[4];
    LitmusOutcome outcome;
    const char *outcome_text;
    LitmusKind kind;
} LitmusShape;

/* Runs a shape on as many instances as the online CPUs hold (CPU c is
 * thread c % threads of instance c / threads), LITMUS_ROUNDS rounds each;
 * a forbidden shape is a check, an allowed one an info line. CPU 0 only. */
void litmus_run(const LitmusShape *shape);
void litmus_run_all(const LitmusShape *shapes, int n);

/* Every online CPU adds 1 LITMUS_ATOMIC_ADDS times to one counter with
 * LDXR/STXR and to another with LDADD (LDAXR/STLXR without LSE); both
 * must end at CPUs * LITMUS_ATOMIC_ADDS. */
void litmus_atomics(void);

/* CPU 1 stores to a word between CPU 0's LDXR and STXR, with another
 * value (a check) and with the same value (an info line): STXR must fail. */
void litmus_monitor(void);

/* Starts n CPUs and checks that they came up; false if they did not. */
bool litmus_start_cpus(int n);

extern const LitmusShape litmus_two_thread_shapes[];
extern const int litmus_two_thread_count;
extern const LitmusShape litmus_multi_thread_shapes[];
extern const int litmus_multi_thread_count;

#endif
