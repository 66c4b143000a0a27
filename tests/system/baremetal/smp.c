/*
 * SMP for the bare-metal tests (smp.h): PSCI CPU_ON, the secondaries'
 * idle loop that runs CPU 0's work, and a sense-reversing barrier built on
 * LDAXR/STLXR. Secondaries never print: a fault on one ends the test
 * through lib.c's unexpected-exception path, which powers off.
 */
#include "smp.h"
#include "lib.h"
#include "mmu.h"

#define PSCI_CPU_ON_64 0xc4000003ul
#define CPU_UP_TIMEOUT_SECONDS 5

/* Stack i's top is smp_stacks[i + 1] (smp_start.S); stack 0 is unused,
 * CPU 0 keeps start.S's. */
uint8_t smp_stacks[SMP_MAX_CPUS][SMP_STACK_SIZE] __attribute__((aligned(16)));
extern char smp_secondary_entry[];

/* Written by CPU 0 before CPU_ON, read by secondaries with the MMU off:
 * emulators keep no caches, real hardware would need them cleaned. */
static volatile uint64_t secondary_vbar;
static volatile int barrier_cpus;

static SmpWord cpus_up;
static SmpWord barrier_count, barrier_sense;
static SmpWord local_sense[SMP_MAX_CPUS];
static SmpWork volatile work_fn;
static void *volatile work_arg;
static int online = 1;

int smp_cpu_index(void)
{
    return (int)(read_sysreg(mpidr_el1) & 0xff);
}

int smp_online(void)
{
    return online;
}

static int64_t psci_cpu_on(uint64_t mpidr, uint64_t entry, uint64_t context)
{
    register uint64_t x0 __asm__("x0") = PSCI_CPU_ON_64;
    register uint64_t x1 __asm__("x1") = mpidr;
    register uint64_t x2 __asm__("x2") = entry;
    register uint64_t x3 __asm__("x3") = context;
    __asm__ volatile("hvc #0"
                     : "+r"(x0), "+r"(x1), "+r"(x2), "+r"(x3)
                     :
                     : "memory");
    return (int64_t)x0;
}

void smp_barrier(void)
{
    int cpu = smp_cpu_index();
    uint64_t sense = !local_sense[cpu].v;

    local_sense[cpu].v = sense;
    if (smp_fetch_add(&barrier_count.v, 1) == (uint64_t)barrier_cpus - 1) {
        /* The release below publishes the reset before anyone can
         * arrive at the next barrier. */
        barrier_count.v = 0;
        smp_store_release(&barrier_sense.v, sense);
        return;
    }
    smp_wait_equal(&barrier_sense.v, sense);
}

void smp_secondary_main(uint64_t cpu)
{
    write_sysreg(vbar_el1, secondary_vbar);
    isb();
    mmu_enable_cpu();
    smp_fetch_add(&cpus_up.v, 1);
    for (;;) {
        smp_barrier(); /* CPU 0 has published work_fn */
        SmpWork fn = work_fn;
        if (fn)
            fn((int)cpu, work_arg);
        smp_barrier();
    }
}

int smp_start(int n)
{
    uint64_t freq = read_sysreg(cntfrq_el0);
    uint64_t deadline;
    int asked = 1;

    if (n > SMP_MAX_CPUS)
        n = SMP_MAX_CPUS;
    secondary_vbar = read_sysreg(vbar_el1);
    barrier_cpus = n;
    cpus_up.v = 1;
    dsb(sy);
    for (int i = 1; i < n; i++)
        if (psci_cpu_on((uint64_t)i, (uint64_t)smp_secondary_entry,
                        (uint64_t)i) == 0)
            asked++;
    deadline = read_sysreg(cntvct_el0) + freq * CPU_UP_TIMEOUT_SECONDS;
    while (smp_load_acquire(&cpus_up.v) < (uint64_t)asked &&
           read_sysreg(cntvct_el0) < deadline)
        ;
    online = (int)smp_load_acquire(&cpus_up.v);
    return online;
}

void smp_run(SmpWork fn, void *arg)
{
    work_fn = fn;
    work_arg = arg;
    smp_barrier();
    fn(0, arg);
    smp_barrier();
}
