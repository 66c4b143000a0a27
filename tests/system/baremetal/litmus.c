/*
 * The litmus driver (litmus.h): batches of rounds, a per-round start
 * line-up, outcome counting and the atomics stress. Only CPU 0 prints;
 * every line without "info:" must read the same on every run.
 */
#include "litmus.h"
#include "lib.h"

/* Rounds run in batches: the slots are reset before a batch and the
 * outcomes counted after it, so CPU 0 reads results only between rounds. */
#define LITMUS_BATCH 2048
#define LITMUS_MAX_INSTANCES (SMP_MAX_CPUS / 2)

static LitmusSlot slots[LITMUS_MAX_INSTANCES][LITMUS_BATCH];
static uint64_t results[SMP_MAX_CPUS][LITMUS_BATCH][2];
/* arrived[c]: how many rounds CPU c has lined up for. */
static SmpWord arrived[SMP_MAX_CPUS];
/* How many of a shape's rounds each CPU started lined up: info only. */
static SmpWord lined_up[SMP_MAX_CPUS];

typedef struct LitmusJob {
    const LitmusShape *shape;
    int instances;
    uint64_t seen;
} LitmusJob;

/* ---- a line of text for bm_check, without libc ---- */

typedef struct Line {
    char text[160];
    int len;
} Line;

static void line_str(Line *l, const char *s)
{
    while (*s && l->len < (int)sizeof(l->text) - 1)
        l->text[l->len++] = *s++;
    l->text[l->len] = 0;
}

static void line_dec(Line *l, uint64_t v)
{
    char digits[21];
    int n = 0;
    do {
        digits[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (n && l->len < (int)sizeof(l->text) - 1)
        l->text[l->len++] = digits[--n];
    l->text[l->len] = 0;
}

static uint64_t now_ms(void)
{
    return read_sysreg(cntvct_el0) * 1000 / read_sysreg(cntfrq_el0);
}

/* ---- rounds ---- */

/* A CPU waits here until the other threads of its instance (CPUs first to
 * first + threads - 1) have reached the same round, so the threads of a
 * round start within a few stores' latency. Every CPU counts every round,
 * so the counts agree at each batch's start. The wait is
 * bounded, and after a timeout short until a line-up succeeds again: on a
 * host with fewer cores than vCPUs a descheduled vCPU would otherwise cost
 * a host time slice per round. Rounds that start apart still count; they
 * only show fewer interleavings. */
#define LINE_UP_SPINS 4096
#define LINE_UP_SPINS_LAGGING 1024

static int line_up_budget[SMP_MAX_CPUS];

static bool line_up(int cpu, int first, int threads)
{
    uint64_t round = arrived[cpu].v + 1;
    int spins = line_up_budget[cpu] ? line_up_budget[cpu] : LINE_UP_SPINS;

    smp_store_release(&arrived[cpu].v, round);
    for (int c = first; c < first + threads; c++)
        while (smp_load_acquire(&arrived[c].v) < round && --spins > 0)
            ;
    line_up_budget[cpu] = spins > 0 ? LINE_UP_SPINS : LINE_UP_SPINS_LAGGING;
    return spins > 0;
}

/* A few dozen instructions of round- and CPU-dependent delay, so that the
 * threads meet at different offsets in different rounds. */
static void skew(int cpu)
{
    uint64_t h = arrived[cpu].v * 0x9e3779b97f4a7c15ul;
    unsigned n = (unsigned)(h >> (40 + 5 * (cpu & 3))) & 31;
    for (unsigned i = 0; i < n; i++)
        __asm__ volatile("" ::: "memory");
}

static void reset_slots(int instances, int n)
{
    for (int k = 0; k < instances; k++)
        for (int i = 0; i < n; i++)
            slots[k][i].x.v = slots[k][i].y.v = 0;
}

static void count_outcomes(LitmusJob *job, int n)
{
    const LitmusShape *shape = job->shape;
    uint64_t r[4][2];

    for (int k = 0; k < job->instances; k++)
        for (int i = 0; i < n; i++) {
            for (int t = 0; t < shape->threads; t++) {
                r[t][0] = results[k * shape->threads + t][i][0];
                r[t][1] = results[k * shape->threads + t][i][1];
            }
            if (shape->outcome(&slots[k][i], r))
                job->seen++;
        }
}

static void litmus_worker(int cpu, void *arg)
{
    LitmusJob *job = arg;
    const LitmusShape *shape = job->shape;
    int instance = cpu / shape->threads, t = cpu % shape->threads;
    bool active = instance < job->instances;

    for (uint64_t done = 0; done < LITMUS_ROUNDS; done += LITMUS_BATCH) {
        int n = LITMUS_ROUNDS - done < LITMUS_BATCH
                    ? (int)(LITMUS_ROUNDS - done)
                    : LITMUS_BATCH;
        if (cpu == 0)
            reset_slots(job->instances, n);
        smp_barrier();
        for (int i = 0; i < n; i++) {
            if (!active) {
                arrived[cpu].v++;
                continue;
            }
            if (line_up(cpu, cpu - t, shape->threads))
                lined_up[cpu].v++;
            skew(cpu);
            shape->thread[t](&slots[instance][i], results[cpu][i]);
        }
        smp_barrier();
        if (cpu == 0)
            count_outcomes(job, n);
    }
}

void litmus_run(const LitmusShape *shape)
{
    LitmusJob job = {shape, smp_online() / shape->threads, 0};
    uint64_t rounds, start = now_ms();
    Line l = {{0}, 0};

    if (job.instances > LITMUS_MAX_INSTANCES)
        job.instances = LITMUS_MAX_INSTANCES;
    rounds = (uint64_t)LITMUS_ROUNDS * (uint64_t)job.instances;
    uint64_t lined = 0, runs = rounds * (uint64_t)shape->threads;
    for (int c = 0; c < SMP_MAX_CPUS; c++)
        lined_up[c].v = 0;
    smp_run(litmus_worker, &job);
    for (int c = 0; c < SMP_MAX_CPUS; c++)
        lined += lined_up[c].v;
    if (shape->kind == LITMUS_FORBIDDEN) {
        line_str(&l, shape->name);
        line_str(&l, ": forbidden ");
        line_str(&l, shape->outcome_text);
        line_str(&l, job.seen ? " seen " : " never seen");
        if (job.seen) {
            line_dec(&l, job.seen);
            line_str(&l, " times in ");
            line_dec(&l, rounds);
            line_str(&l, " rounds");
        }
        bm_check(job.seen == 0, l.text);
    }
    bm_puts("info: ");
    bm_puts(shape->name);
    bm_puts(": ");
    bm_puts(shape->outcome_text);
    bm_puts(shape->kind == LITMUS_ALLOWED ? " (allowed) " : " (forbidden) ");
    bm_put_dec(job.seen);
    bm_puts(" of ");
    bm_put_dec(rounds);
    bm_puts(", ");
    bm_put_dec(now_ms() - start);
    bm_puts(" ms, ");
    bm_put_dec(lined * 100 / runs);
    bm_puts("% lined up\n");
}

void litmus_run_all(const LitmusShape *shapes, int n)
{
    for (int i = 0; i < n; i++)
        litmus_run(&shapes[i]);
}

/* ---- atomics ---- */

static SmpWord exclusive_counter, add_counter;
static bool have_lse;

static void exclusive_add(volatile uint64_t *p)
{
    uint64_t v;
    uint32_t fail;
    __asm__ volatile("1: ldxr %0, [%2]\n"
                     "   add %0, %0, #1\n"
                     "   stxr %w1, %0, [%2]\n"
                     "   cbnz %w1, 1b"
                     : "=&r"(v), "=&r"(fail)
                     : "r"(p)
                     : "memory");
}

static void lse_add(volatile uint64_t *p)
{
    uint64_t old;
    __asm__ volatile(".arch_extension lse\n"
                     "ldadd %1, %0, [%2]"
                     : "=r"(old)
                     : "r"(1ul), "r"(p)
                     : "memory");
}

static void atomics_worker(int cpu, void *arg)
{
    (void)cpu;
    (void)arg;
    for (int k = 0; k < LITMUS_ATOMIC_ADDS; k++) {
        exclusive_add(&exclusive_counter.v);
        if (have_lse)
            lse_add(&add_counter.v);
        else
            smp_fetch_add(&add_counter.v, 1);
    }
}

void litmus_atomics(void)
{
    uint64_t want = (uint64_t)smp_online() * LITMUS_ATOMIC_ADDS;
    uint64_t start = now_ms();

    /* ID_AA64ISAR0_EL1.Atomic: 2 = LSE (cortex-a57 has none). */
    have_lse = ((read_sysreg(id_aa64isar0_el1) >> 20) & 0xf) >= 2;
    exclusive_counter.v = add_counter.v = 0;
    smp_run(atomics_worker, 0);
    bm_check(exclusive_counter.v == want,
             "atomics: LDXR/STXR counter = CPUs * adds");
    bm_check(add_counter.v == want,
             "atomics: LDADD (LDAXR/STLXR without LSE) counter = CPUs * adds");
    if (exclusive_counter.v != want)
        bm_print_hex("LDXR/STXR counter", exclusive_counter.v);
    if (add_counter.v != want)
        bm_print_hex("LDADD counter", add_counter.v);
    bm_puts(have_lse ? "info: LSE: LDADD used, " : "info: no LSE, ");
    bm_put_dec(now_ms() - start);
    bm_puts(" ms\n");
}

/* ---- the global exclusive monitor ---- */

/* CPU 0 marks a word with LDXR, CPU 1 then stores to it (the value CPU 0
 * read, or another), CPU 0's STXR must fail either way: a store by
 * another observer clears the global monitor whatever it writes. */
#define MONITOR_ROUNDS 2000

static SmpWord monitor_word, monitor_marked, monitor_stored;

typedef struct MonitorJob {
    bool same_value;
    uint64_t successes;
} MonitorJob;

static uint64_t monitor_mark(volatile uint64_t *p)
{
    uint64_t v;
    __asm__ volatile("ldxr %0, [%1]" : "=r"(v) : "r"(p) : "memory");
    return v;
}

static uint32_t monitor_store(volatile uint64_t *p, uint64_t v)
{
    uint32_t fail;
    __asm__ volatile("stxr %w0, %1, [%2]\n"
                     "clrex"
                     : "=&r"(fail)
                     : "r"(v), "r"(p)
                     : "memory");
    return fail;
}

/* CPU 0 holds its LDXR while it waits, so no LDAXR of its own here: a
 * WFE, woken by CPU 1's store to the marked word (which clears the
 * monitor) or its SEV, gives the host core to CPU 1 meanwhile. */
static void wait_holding_monitor(volatile uint64_t *p, uint64_t v)
{
    while (smp_load_acquire(p) != v)
        __asm__ volatile("wfe" ::: "memory");
}

static void monitor_worker(int cpu, void *arg)
{
    MonitorJob *job = arg;
    for (uint64_t i = 1; i <= MONITOR_ROUNDS; i++) {
        if (cpu == 0) {
            uint64_t v = monitor_mark(&monitor_word.v);
            smp_store_release(&monitor_marked.v, i);
            wait_holding_monitor(&monitor_stored.v, i);
            if (monitor_store(&monitor_word.v, v + 1) == 0)
                job->successes++;
        } else if (cpu == 1) {
            smp_wait_equal(&monitor_marked.v, i);
            uint64_t v = monitor_word.v;
            monitor_word.v = job->same_value ? v : v + 1;
            smp_store_release(&monitor_stored.v, i);
            __asm__ volatile("sev" ::: "memory");
        }
    }
}

static void monitor_run(bool same_value)
{
    MonitorJob job = {same_value, 0};
    monitor_marked.v = monitor_stored.v = 0;
    smp_run(monitor_worker, &job);
    if (!same_value)
        bm_check(job.successes == 0, "monitor: STXR fails after another "
                                     "CPU's store between LDXR and STXR");
    /* qemu 7.2 compares values (cmpxchg), so its STXR succeeds after an
     * ABA store: an info line, which check-litmus-system still checks. */
    bm_puts(same_value ? "info: monitor+ABA: STXR succeeded (forbidden) "
                       : "info: monitor: STXR succeeded (forbidden) ");
    bm_put_dec(job.successes);
    bm_puts(" of ");
    bm_put_dec(MONITOR_ROUNDS);
    bm_puts("\n");
}

void litmus_monitor(void)
{
    monitor_run(false);
    monitor_run(true);
}

/* ---- CPUs ---- */

static SmpWord cpu_seen[SMP_MAX_CPUS];
extern uint8_t smp_stacks[SMP_MAX_CPUS][SMP_STACK_SIZE];

static void hello_worker(int cpu, void *arg)
{
    uint8_t here;
    uint8_t *stack = smp_stacks[cpu];
    (void)arg;
    /* Own index, and (secondaries) a stack inside its own slot. */
    if (smp_cpu_index() == cpu &&
        (cpu == 0 || (&here > stack && &here < stack + SMP_STACK_SIZE)))
        cpu_seen[cpu].v = 1;
}

bool litmus_start_cpus(int n)
{
    int online = smp_start(n);
    bool all = online == n;

    bm_check(all, "CPUs came up with PSCI CPU_ON");
    if (!all) {
        bm_print_hex("CPUs online", online);
        return false;
    }
    smp_run(hello_worker, 0);
    for (int c = 0; c < n; c++)
        all = all && cpu_seen[c].v;
    bm_check(all, "every CPU runs with its own MPIDR index and stack");
    return all;
}
