/*
 * The vCPUs of arx-system: one host thread each runs translated code and
 * turns its exits into what the architecture and the firmware do
 * (exceptions, interrupts, PSCI, WFI); one more host thread each raises
 * the generic timer's outputs on time. The SoftMMU's fill and the
 * target's hooks (TLB maintenance, timer changes, AT) are here.
 */
#include "system/vcpu.h"

#include <errno.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hw/gicv2.h"
#include "system/exclusive.h"
#include "system/machine.h"
#include "target-arm/mmu.h"
#include "target-arm/sys.h"
#include "tcg/exec.h"
#include "tcg/tb.h"
#include "util/log.h"

/* Generic timer PPIs (INTIDs): non-secure physical and virtual. */
#define PPI_PHYS_TIMER 30
#define PPI_VIRT_TIMER 27

/* ---- the SoftMMU's view of the machine ---- */

static SoftTLB *sys_tlb(void *env)
{
    return &vcpu_of(env)->tlb;
}

static bool phys_read64(void *opaque, uint64_t pa, uint64_t *value)
{
    uint8_t *page = machine_ram_page(pa);

    (void)opaque;
    if (!page)
        return false;
    memcpy(value, page + (pa & (GUEST_PAGE_SIZE - 1)), 8);
    return true;
}

static ArmAccessType access_type(GuestAccess access)
{
    if (access == GUEST_READ)
        return ARM_ACCESS_READ;
    return access == GUEST_WRITE ? ARM_ACCESS_WRITE : ARM_ACCESS_FETCH;
}

static void record_abort(CPUARMState *env, const ArmFault *f,
                         GuestAccess access)
{
    bool same_el = arm_current_el(env) == 1;

    if (access == GUEST_FETCH) {
        env->exception = EXCP_PREFETCH_ABORT;
        env->sys.excp_esr = arm_esr_insn_abort(f, same_el);
    } else {
        env->exception = EXCP_DATA_ABORT;
        env->sys.excp_esr =
            arm_esr_data_abort(f, same_el, access == GUEST_WRITE, false);
    }
    env->sys.excp_far = f->va;
}

static ArmMmuRegs mmu_regs(const CPUARMState *env, int mmu_idx)
{
    return (ArmMmuRegs){.sctlr_el1 = env->sys.sctlr_el1,
                        .tcr_el1 = env->sys.tcr_el1,
                        .ttbr0_el1 = env->sys.ttbr0_el1,
                        .ttbr1_el1 = env->sys.ttbr1_el1,
                        .pan = mmu_idx == ARM_MMU_EL1_PAN};
}

static bool sys_fill(void *opaque, uint64_t va, GuestAccess access, int mmu_idx,
                     SoftmmuFill *out)
{
    CPUARMState *env = opaque;
    ArmMmuRegs regs = mmu_regs(env, mmu_idx);
    ArmTranslation t;
    ArmFault f;

    if (!arm_mmu_translate(&regs, va, mmu_idx == ARM_MMU_EL0 ? 0 : 1,
                           access_type(access), phys_read64, NULL, &t, &f)) {
        if (log_enabled(LOG_MMU))
            arx_log("mmu: fault va 0x%llx access %d idx %d fsc 0x%x\n",
                    (unsigned long long)va, access, mmu_idx, f.fsc);
        record_abort(env, &f, access);
        return false;
    }
    out->phys = t.pa & ~(uint64_t)(GUEST_PAGE_SIZE - 1);
    out->host = machine_ram_page(t.pa);
    if (out->host && arm_sys_watchpoint_on_page(env, va & ~0xfffull)) {
        /* Its data accesses come to sys_mmio_*, which checks them. */
        ArmSysCPU *cpu = vcpu_of(env);
        out->data_via_mmio = true;
        cpu->watch_va[cpu->nwatch % 2] = va & ~0xfffull;
        cpu->watch_pa[cpu->nwatch % 2] = out->phys;
        cpu->nwatch++;
    }
    out->read = t.prot & ARM_PROT_READ;
    out->write = t.prot & ARM_PROT_WRITE;
    out->fetch = (t.prot & ARM_PROT_EXEC) && out->host;
    if (access == GUEST_FETCH && !out->fetch) {
        /* Executing a device window: a synchronous external abort. */
        memset(&f, 0, sizeof(f));
        f.fsc = 0x10;
        f.va = va;
        record_abort(env, &f, access);
        return false;
    }
    if (log_enabled(LOG_MMU))
        arx_log("mmu: va 0x%llx -> pa 0x%llx prot %u idx %d\n",
                (unsigned long long)va, (unsigned long long)t.pa, t.prot,
                mmu_idx);
    return true;
}

/* A RAM access sent here by a watchpoint on its page: the exception, or
 * the access done on the RAM. */
static uint8_t *watched_ram(CPUARMState *env, uint64_t pa, unsigned size,
                            bool write)
{
    ArmSysCPU *cpu = vcpu_of(env);
    uint64_t page = pa & ~0xfffull;
    uint8_t *host = machine_ram_page(pa);

    for (int i = 0; host && i < 2; i++) {
        uint64_t va = cpu->watch_va[i] | (pa & 0xfff);
        if (cpu->watch_pa[i] != page ||
            arm_sys_watchpoint_hit(env, va, size, write) < 0)
            continue;
        env->exception = EXCP_DATA_ABORT;
        env->sys.excp_esr = arm_sys_watchpoint_esr(env, write);
        env->sys.excp_far = va;
        softmmu_raise(env);
    }
    return host ? host + (pa & 0xfff) : NULL;
}

static uint64_t sys_mmio_read(void *env, uint64_t pa, unsigned size)
{
    uint8_t *ram = watched_ram(env, pa, size, false);

    if (!ram)
        return machine_mmio_read(vcpu_of(env)->index, pa, size);
    return softmmu_host_load(ram, size);
}

static void sys_mmio_write(void *env, uint64_t pa, uint64_t value,
                           unsigned size)
{
    uint8_t *ram = watched_ram(env, pa, size, true);

    if (!ram)
        machine_mmio_write(vcpu_of(env)->index, pa, value, size);
    else
        softmmu_host_store(ram, size, value);
}

static void sys_fault_at(void *opaque, uint64_t pc)
{
    ((CPUARMState *)opaque)->pc = pc;
}

/* An exclusive or atomic access that is not aligned: alignment fault. */
static void sys_misaligned(void *opaque, uint64_t addr, bool is_write)
{
    CPUARMState *env = opaque;
    ArmFault f = {.fsc = 0x21, .va = addr, .write = is_write};

    record_abort(env, &f, is_write ? GUEST_WRITE : GUEST_READ);
}

static const SoftmmuOps sys_softmmu_ops = {
    .tlb = sys_tlb,
    .fill = sys_fill,
    .mmio_read = sys_mmio_read,
    .mmio_write = sys_mmio_write,
    .fault_at = sys_fault_at,
    .misaligned = sys_misaligned,
    .is_watched = exclusive_is_watched,
    .before_write = exclusive_before_write,
};

/* Blocks are being made from a physical page: writes to it must drop
 * them, so every vCPU's TLB sends writes there to the slow path. */
static void code_page_translating(uint64_t page)
{
    /* Known already: every entry filled since has the code bit. */
    if (machine_is_code_page(page))
        return;
    machine_set_code_page(page);
    for (int i = 0; i < machine.ncpus; i++)
        softmmu_watch_page(&machine.cpu[i]->tlb, page);
}

static void code_page_maintained(uint64_t page)
{
    (void)page;
}

static const TBPageWatch sys_page_watch = {
    .translating = code_page_translating,
    .maintained = code_page_maintained,
};

/* ---- the target's hooks ---- */

/*
 * TLBI ...IS: the other vCPUs drop the entries themselves (only a vCPU's
 * own thread fills or flushes its TLB and jump cache) and the issuer
 * waits until each running one has, serving requests made to itself
 * meanwhile (two vCPUs may broadcast at once). A vCPU asleep in WFI is
 * woken to serve; one powered off has nothing to drop (CPU_ON starts it
 * with an empty TLB). The wait is the DSB that the architecture puts
 * after a broadcast TLBI: done before the TLBI instruction retires.
 */
static pthread_mutex_t requests_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t requests_cond = PTHREAD_COND_INITIALIZER;

static uint64_t post_flush(ArmSysCPU *target, bool all, uint64_t va)
{
    uint64_t seq;

    pthread_mutex_lock(&requests_lock);
    if (all || target->req_npages == 16)
        target->req_flush_all = true;
    else
        target->req_pages[target->req_npages++] = va;
    seq = ++target->req_seq;
    pthread_cond_broadcast(&requests_cond);
    pthread_mutex_unlock(&requests_lock);
    vcpu_kick(target);
    return seq;
}

/* On cpu's own thread: does what others asked of its TLB. */
static void serve_requests(ArmSysCPU *cpu)
{
    uint64_t seq, pages[16];
    bool all;
    int n;

    pthread_mutex_lock(&requests_lock);
    seq = cpu->req_seq;
    if (cpu->done_seq == seq) {
        pthread_mutex_unlock(&requests_lock);
        return;
    }
    all = cpu->req_flush_all;
    n = cpu->req_npages;
    memcpy(pages, cpu->req_pages, sizeof(pages));
    cpu->req_flush_all = false;
    cpu->req_npages = 0;
    pthread_mutex_unlock(&requests_lock);
    if (all)
        softmmu_flush(&cpu->env);
    for (int i = 0; !all && i < n; i++)
        softmmu_flush_page(&cpu->env, pages[i]);
    pthread_mutex_lock(&requests_lock);
    cpu->done_seq = seq;
    pthread_cond_broadcast(&requests_cond);
    pthread_mutex_unlock(&requests_lock);
}

static void flush_others(CPUARMState *env, bool all, uint64_t va)
{
    ArmSysCPU *self = vcpu_of(env);
    uint64_t seq[MACHINE_MAX_CPUS] = {0};

    for (int i = 0; i < machine.ncpus; i++)
        if (machine.cpu[i] != self && machine.cpu[i]->powered)
            seq[i] = post_flush(machine.cpu[i], all, va);
    for (int i = 0; i < machine.ncpus; i++) {
        ArmSysCPU *target = machine.cpu[i];
        pthread_mutex_lock(&requests_lock);
        while (seq[i] && target->done_seq < seq[i] && target->powered &&
               !machine.shutdown) {
            if (self->done_seq != self->req_seq) {
                pthread_mutex_unlock(&requests_lock);
                serve_requests(self);
                pthread_mutex_lock(&requests_lock);
                continue;
            }
            pthread_cond_wait(&requests_cond, &requests_lock);
        }
        pthread_mutex_unlock(&requests_lock);
    }
}

static void hook_tlb_flush(CPUARMState *env, bool is)
{
    softmmu_flush(env);
    if (is)
        flush_others(env, true, 0);
}

static void hook_tlb_flush_page(CPUARMState *env, uint64_t va, bool is)
{
    softmmu_flush_page(env, va);
    if (is)
        flush_others(env, false, va);
}

static void timer_update(ArmSysCPU *cpu);

static void hook_timer_changed(CPUARMState *env)
{
    ArmSysCPU *cpu = vcpu_of(env);

    timer_update(cpu);
    pthread_mutex_lock(&cpu->lock);
    pthread_cond_signal(&cpu->timer_wake);
    pthread_mutex_unlock(&cpu->lock);
}

/* PAR_EL1 after AT: the PA and MAIR attribute, or F with the FSC. */
static uint64_t hook_address_translate(CPUARMState *env, uint64_t va, int el,
                                       bool write)
{
    ArmMmuRegs regs =
        mmu_regs(env, el == 0                          ? ARM_MMU_EL0
                      : (env->sys.pstate & PSTATE_PAN) ? ARM_MMU_EL1_PAN
                                                       : ARM_MMU_EL1);
    ArmTranslation t;
    ArmFault f;
    uint64_t attr;

    if (!arm_mmu_translate(&regs, va, el,
                           write ? ARM_ACCESS_WRITE : ARM_ACCESS_READ,
                           phys_read64, NULL, &t, &f))
        return 1 | (uint64_t)f.fsc << 1;
    attr = (env->sys.mair_el1 >> (8 * t.attr_index)) & 0xff;
    return attr << 56 | (t.pa & 0xfffffffff000ull) | 0x800 /* RES1 */;
}

/* SEV: every CPU's event register, and the CPUs asleep in WFE. */
static void hook_send_event(CPUARMState *env)
{
    (void)env;
    for (int i = 0; i < machine.ncpus; i++)
        __atomic_store_n(&machine.cpu[i]->env.sys.event, 1, __ATOMIC_SEQ_CST);
    vcpu_wake_wfe();
}

static const ArmSysHooks sys_hooks = {
    .tlb_flush = hook_tlb_flush,
    .tlb_flush_page = hook_tlb_flush_page,
    .timer_changed = hook_timer_changed,
    .address_translate = hook_address_translate,
    .send_event = hook_send_event,
    .load_exclusive = exclusive_load,
    .store_exclusive = exclusive_store,
};

void vcpu_init_accelerator(void)
{
    arm_sys_init(&sys_hooks);
    tcg_exec_init(&arm_a64_sys_tcg_ops, 0);
    softmmu_init(&sys_softmmu_ops, (int32_t)offsetof(ArmSysCPU, tlb));
    tb_set_page_watch(&sys_page_watch);
}

/* ---- interrupts and kicks ---- */

void vcpu_kick(ArmSysCPU *cpu)
{
    pthread_mutex_lock(&cpu->lock);
    cpu->kicked = true;
    cpu->env.exit_request = 1;
    pthread_cond_broadcast(&cpu->wake);
    pthread_cond_signal(&cpu->timer_wake);
    pthread_mutex_unlock(&cpu->lock);
}

void vcpu_irq_line(void *opaque, int line, bool level)
{
    ArmSysCPU *cpu = opaque;

    (void)line;
    cpu->env.sys.irq_line = level;
    if (level)
        vcpu_kick(cpu);
}

void vcpu_fiq_line(void *opaque, int line, bool level)
{
    ArmSysCPU *cpu = opaque;

    (void)line;
    cpu->env.sys.fiq_line = level;
}

/* ---- the generic timer ---- */

/* Tells the GIC the outputs of both timers (called on any thread, never
 * with cpu->lock held: the GIC calls back into vcpu_irq_line). Under
 * timer_lock, so that the last update reads the timers after their last
 * change: an update that read them before a guest's write cannot land
 * after the update that write caused. */
static void timer_update(ArmSysCPU *cpu)
{
    static const int ppi[2] = {PPI_PHYS_TIMER, PPI_VIRT_TIMER};

    pthread_mutex_lock(&cpu->timer_lock);
    for (int virt = 0; virt < 2; virt++) {
        bool level = arm_sys_timer_output(&cpu->env, virt);
        gicv2_set_ppi(machine.gic, cpu->index, ppi[virt], level);
        __atomic_store_n(&cpu->timer_level[virt], level, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&cpu->timer_lock);
}

/* The next time (counter value) the timer thread must update the
 * outputs, or UINT64_MAX. A deadline that has passed is due now unless
 * its output was told high already (it then waits for the guest to
 * change the timer): the counter may pass it between an update and this
 * look, and that expiry must still be told. */
static uint64_t timer_next_deadline(const ArmSysCPU *cpu)
{
    uint64_t now = arm_sys_counter(), next = UINT64_MAX;

    for (int virt = 0; virt < 2; virt++) {
        uint64_t d = arm_sys_timer_deadline(&cpu->env, virt);
        if (d <= now &&
            __atomic_load_n(&cpu->timer_level[virt], __ATOMIC_ACQUIRE))
            continue;
        if (d < next)
            next = d;
    }
    return next;
}

static void *timer_thread(void *arg)
{
    ArmSysCPU *cpu = arg;

    pthread_mutex_lock(&cpu->lock);
    while (!machine.shutdown) {
        uint64_t deadline = timer_next_deadline(cpu);
        if (deadline == UINT64_MAX) {
            pthread_cond_wait(&cpu->timer_wake, &cpu->lock);
        } else {
            /* The counter is CLOCK_MONOTONIC in nanoseconds. */
            struct timespec ts = {(time_t)(deadline / 1000000000ull),
                                  (long)(deadline % 1000000000ull)};
            pthread_cond_timedwait(&cpu->timer_wake, &cpu->lock, &ts);
        }
        pthread_mutex_unlock(&cpu->lock);
        timer_update(cpu);
        pthread_mutex_lock(&cpu->lock);
    }
    pthread_mutex_unlock(&cpu->lock);
    return NULL;
}

/* ---- PSCI 1.0 over HVC or SMC (function id in x0, result in x0) ---- */

enum {
    PSCI_VERSION = 0x84000000,
    PSCI_CPU_SUSPEND = 0x84000001,
    PSCI_CPU_OFF = 0x84000002,
    PSCI_CPU_ON = 0x84000003,
    PSCI_AFFINITY_INFO = 0x84000004,
    PSCI_MIGRATE_INFO_TYPE = 0x84000006,
    PSCI_SYSTEM_OFF = 0x84000008,
    PSCI_SYSTEM_RESET = 0x84000009,
    PSCI_FEATURES = 0x8400000a,
    PSCI_64 = 0x40000000, /* the SMC64 form of a function */
};

enum {
    PSCI_SUCCESS = 0,
    PSCI_NOT_SUPPORTED = -1,
    PSCI_INVALID_PARAMETERS = -2,
    PSCI_ALREADY_ON = -4,
};

static ArmSysCPU *cpu_by_mpidr(uint64_t mpidr)
{
    uint64_t aff = mpidr & 0xff00ffffffull;

    for (int i = 0; i < machine.ncpus; i++)
        if ((machine.cpu[i]->env.sys.mpidr_el1 & 0xff00ffffffull) == aff)
            return machine.cpu[i];
    return NULL;
}

static int64_t psci_cpu_on(uint64_t mpidr, uint64_t entry, uint64_t context)
{
    ArmSysCPU *target = cpu_by_mpidr(mpidr);
    int64_t ret = PSCI_SUCCESS;

    if (!target)
        return PSCI_INVALID_PARAMETERS;
    pthread_mutex_lock(&target->lock);
    if (target->powered || target->start_pending) {
        ret = PSCI_ALREADY_ON;
    } else {
        target->start_pending = true;
        target->start_pc = entry;
        target->start_x0 = context;
        pthread_cond_broadcast(&target->wake);
    }
    pthread_mutex_unlock(&target->lock);
    return ret;
}

static bool psci_implemented(uint32_t fn)
{
    switch (fn & ~(uint32_t)PSCI_64) {
    case PSCI_VERSION:
    case PSCI_CPU_SUSPEND:
    case PSCI_CPU_OFF:
    case PSCI_CPU_ON:
    case PSCI_AFFINITY_INFO:
    case PSCI_MIGRATE_INFO_TYPE:
    case PSCI_SYSTEM_OFF:
    case PSCI_SYSTEM_RESET:
    case PSCI_FEATURES: return true;
    default: return false;
    }
}

static void vcpu_wfi(ArmSysCPU *cpu);

static void psci_call(ArmSysCPU *cpu)
{
    CPUARMState *env = &cpu->env;
    uint32_t fn = (uint32_t)env->x[0];
    int64_t ret = PSCI_NOT_SUPPORTED;
    ArmSysCPU *target;

    if (log_enabled(LOG_INT))
        arx_log("psci: cpu %d function 0x%x (0x%llx 0x%llx 0x%llx)\n",
                cpu->index, fn, (unsigned long long)env->x[1],
                (unsigned long long)env->x[2], (unsigned long long)env->x[3]);
    if (!psci_implemented(fn)) {
        env->x[0] = (uint64_t)ret; /* SMCCC: unknown function */
        return;
    }
    switch (fn & ~(uint32_t)PSCI_64) {
    case PSCI_VERSION: ret = 0x10000; break; /* 1.0 */
    case PSCI_CPU_SUSPEND:
        vcpu_wfi(cpu);
        ret = PSCI_SUCCESS;
        break;
    case PSCI_CPU_OFF:
        pthread_mutex_lock(&cpu->lock);
        cpu->powered = false;
        pthread_mutex_unlock(&cpu->lock);
        return;
    case PSCI_CPU_ON: ret = psci_cpu_on(env->x[1], env->x[2], env->x[3]); break;
    case PSCI_AFFINITY_INFO:
        target = cpu_by_mpidr(env->x[1]);
        ret = !target || env->x[2] != 0 ? PSCI_INVALID_PARAMETERS
              : target->powered         ? 0
                                        : 1;
        break;
    case PSCI_MIGRATE_INFO_TYPE: ret = 2; break; /* no Trusted OS */
    case PSCI_SYSTEM_OFF: machine_request_shutdown(0); return;
    case PSCI_SYSTEM_RESET:
        /* arx-system has no reset: the machine stops, as qemu's
         * -no-reboot does. */
        machine_request_shutdown(0);
        return;
    case PSCI_FEATURES:
        ret = psci_implemented((uint32_t)env->x[1]) ? PSCI_SUCCESS
                                                    : PSCI_NOT_SUPPORTED;
        break;
    }
    env->x[0] = (uint64_t)ret;
}

/* ---- the CPU loop ---- */

/* WFI: sleeps until an interrupt is pending (masked or not), a kick or
 * the end. */
static void vcpu_wfi(ArmSysCPU *cpu)
{
    pthread_mutex_lock(&cpu->lock);
    while (!cpu->env.sys.irq_line && !cpu->kicked && !machine.shutdown)
        pthread_cond_wait(&cpu->wake, &cpu->lock);
    cpu->kicked = false;
    pthread_mutex_unlock(&cpu->lock);
}

/* The counter value of the next event of the event stream (CNTKCTL_EL1
 * EVNTEN: a transition of counter bit EVNTI), or UINT64_MAX. */
static uint64_t event_stream_next(const CPUARMState *env, uint64_t now)
{
    uint64_t kctl = env->sys.cntkctl_el1;
    uint64_t period = 2ull << ((kctl >> 4) & 15);

    if (!(kctl & 4))
        return UINT64_MAX;
    return (now | (period - 1)) + 1;
}

/* The monitored value has changed: another CPU's store cleared the
 * global monitor, which is an event. */
static bool monitor_cleared(const CPUARMState *env, const void *host)
{
    unsigned size = env->exclusive_size >= 3 ? 8 : 1u << env->exclusive_size;

    __atomic_thread_fence(__ATOMIC_ACQUIRE);
    return softmmu_host_load(host, size) !=
           (env->exclusive_val & softmmu_size_mask(size));
}

/* Something a WFE wakes for: an interrupt pending, an SEV, a kick, the
 * end, or the monitor lost to another CPU's write (the value changed, or
 * a write reached the granule and is about to land). */
static bool wfe_woken(const ArmSysCPU *cpu, const void *mon)
{
    const CPUARMState *env = &cpu->env;

    return env->sys.irq_line ||
           __atomic_load_n(&env->sys.event, __ATOMIC_ACQUIRE) ||
           env->exit_request || machine.shutdown ||
           (mon && (monitor_cleared(env, mon) || exclusive_monitor_lost(env)));
}

/* How long a WFE polls before it sleeps: a write that woke it is then
 * seen landing without a second wake-up, and a short wait costs no
 * host sleep. */
#define WFE_POLL_NS 10000

/*
 * WFE: nothing to wait for when the event register is set (it is then
 * cleared); else until wfe_woken or the next event of the event stream
 * (at most 1 ms: WFE may always wake early). It polls briefly, then
 * sleeps on cpu->wake, which SEV, kicks and writes to monitored pages
 * (vcpu_wake_wfe) signal: an idle vCPU leaves its host core to the
 * others when the host has fewer cores than vCPUs.
 */
static void vcpu_wfe(ArmSysCPU *cpu)
{
    CPUARMState *env = &cpu->env;
    uint64_t now = arm_sys_counter(), deadline = now + 1000000;
    const void *mon = NULL;

    if (__atomic_exchange_n(&env->sys.event, 0, __ATOMIC_ACQ_REL))
        return;
    if (event_stream_next(env, now) < deadline)
        deadline = event_stream_next(env, now);
    if (env->exclusive_addr != (uint64_t)-1)
        mon = softmmu_peek_host(env, env->exclusive_addr, arm_mmu_index(env));
    /* Spins, not sched_yield: a yield to a busy host process would give
     * it the core for a whole time slice. */
    while (!wfe_woken(cpu, mon) && arm_sys_counter() < now + WFE_POLL_NS &&
           arm_sys_counter() < deadline)
        ;
    pthread_mutex_lock(&cpu->lock);
    __atomic_store_n(&cpu->in_wfe, true, __ATOMIC_SEQ_CST);
    while (!wfe_woken(cpu, mon) && arm_sys_counter() < deadline) {
        /* The counter is CLOCK_MONOTONIC in nanoseconds. */
        struct timespec ts = {(time_t)(deadline / 1000000000ull),
                              (long)(deadline % 1000000000ull)};
        pthread_cond_timedwait(&cpu->wake, &cpu->lock, &ts);
    }
    __atomic_store_n(&cpu->in_wfe, false, __ATOMIC_RELAXED);
    pthread_mutex_unlock(&cpu->lock);
    __atomic_store_n(&env->sys.event, 0, __ATOMIC_RELEASE);
}

void vcpu_wake_wfe(void)
{
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    for (int i = 0; i < machine.ncpus; i++) {
        ArmSysCPU *cpu = machine.cpu[i];
        if (!__atomic_load_n(&cpu->in_wfe, __ATOMIC_SEQ_CST))
            continue;
        pthread_mutex_lock(&cpu->lock);
        pthread_cond_broadcast(&cpu->wake);
        pthread_mutex_unlock(&cpu->lock);
    }
}

/* Waits while the vCPU is powered off; false when the machine stops. */
static bool vcpu_wait_powered(ArmSysCPU *cpu)
{
    bool run, started = false;

    pthread_mutex_lock(&cpu->lock);
    while (!cpu->powered && !cpu->start_pending && !machine.shutdown)
        pthread_cond_wait(&cpu->wake, &cpu->lock);
    if (!cpu->powered && cpu->start_pending) {
        arm_sys_reset(&cpu->env, cpu->start_pc, cpu->env.sys.mpidr_el1);
        cpu->env.x[0] = cpu->start_x0;
        cpu->start_pending = false;
        cpu->powered = true;
        started = true;
    }
    run = !machine.shutdown;
    pthread_mutex_unlock(&cpu->lock);
    /* What it cached before a CPU_OFF is stale; nobody flushed it since. */
    if (started)
        softmmu_flush(&cpu->env);
    return run;
}

static const char *exception_name(uint32_t excp)
{
    static const char *const names[] = {
        [EXCP_NONE] = "none",
        [EXCP_SVC] = "svc",
        [EXCP_UDEF] = "undef",
        [EXCP_BRK] = "brk",
        [EXCP_HLT] = "hlt",
        [EXCP_ALIGN] = "pc alignment",
        [EXCP_FAULT] = "fault",
        [EXCP_PREFETCH_ABORT] = "prefetch abort",
        [EXCP_DATA_ABORT] = "data abort",
        [EXCP_HVC] = "hvc",
        [EXCP_SMC] = "smc",
        [EXCP_WFI] = "wfi",
        [EXCP_WFE] = "wfe",
        [EXCP_STEP] = "step",
        [EXCP_BKPT] = "breakpoint",
    };

    return excp < sizeof(names) / sizeof(names[0]) && names[excp] ? names[excp]
                                                                  : "?";
}

static void vcpu_take_exception(ArmSysCPU *cpu)
{
    CPUARMState *env = &cpu->env;
    uint32_t excp = env->exception;
    uint64_t pc = env->pc;

    arm_sys_take_exception(env);
    if (log_enabled(LOG_INT))
        arx_log("int: cpu %d %s at 0x%llx -> 0x%llx esr 0x%llx far 0x%llx\n",
                cpu->index, exception_name(excp), (unsigned long long)pc,
                (unsigned long long)env->pc,
                (unsigned long long)env->sys.esr_el1,
                (unsigned long long)env->sys.far_el1);
}

static void vcpu_handle_exit(ArmSysCPU *cpu)
{
    CPUARMState *env = &cpu->env;

    switch (env->exception) {
    case EXCP_NONE: break;
    case EXCP_HVC:
    case EXCP_SMC:
        env->exception = EXCP_NONE;
        psci_call(cpu);
        break;
    case EXCP_WFI:
        env->exception = EXCP_NONE;
        vcpu_wfi(cpu);
        break;
    case EXCP_WFE:
        env->exception = EXCP_NONE;
        vcpu_wfe(cpu);
        break;
    default: vcpu_take_exception(cpu); break;
    }
}

static void vcpu_take_interrupts(ArmSysCPU *cpu)
{
    uint64_t pc = cpu->env.pc;

    if (arm_sys_take_interrupt(&cpu->env) && log_enabled(LOG_INT))
        arx_log("int: cpu %d irq at 0x%llx -> 0x%llx\n", cpu->index,
                (unsigned long long)pc, (unsigned long long)cpu->env.pc);
}

/*
 * Software step (MDSCR_EL1.SS with debug exceptions enabled): with
 * PSTATE.SS set one instruction runs (its block keyed by ARM_PHYS_STEP)
 * and PSTATE.SS clears; with it clear the step exception is taken before
 * anything else runs. false: the exception was taken, nothing to run.
 */
static bool vcpu_step_before(ArmSysCPU *cpu, bool *stepping)
{
    CPUARMState *env = &cpu->env;

    *stepping = arm_sys_step_active(env);
    if (*stepping && !(env->sys.pstate & PSTATE_SS)) {
        arm_sys_take_step(env, cpu->stepped);
        cpu->stepped = false;
        return false;
    }
    return true;
}

static void vcpu_step_after(ArmSysCPU *cpu, bool stepping)
{
    CPUARMState *env = &cpu->env;

    if (env->exception == EXCP_STEP) {
        env->exception = EXCP_NONE;
        if (stepping) {
            env->sys.pstate &= ~PSTATE_SS;
            cpu->stepped = true;
        }
    }
}

static void *vcpu_thread(void *arg)
{
    ArmSysCPU *cpu = arg;
    CPUARMState *env = &cpu->env;
    bool stepping;

    while (vcpu_wait_powered(cpu)) {
        env->exit_request = 0;
        serve_requests(cpu);
        vcpu_take_interrupts(cpu);
        if (!vcpu_step_before(cpu, &stepping))
            continue;
        tcg_cpu_exec(env);
        vcpu_step_after(cpu, stepping);
        vcpu_handle_exit(cpu);
    }
    tcg_exec_thread_exit();
    return NULL;
}

ArmSysCPU *vcpu_new(int index, bool boot, uint64_t entry, uint64_t x0)
{
    ArmSysCPU *cpu = calloc(1, sizeof(*cpu));
    pthread_condattr_t attr;

    if (!cpu)
        arx_fatal("out of memory for a vCPU");
    cpu->index = index;
    /* MPIDR_EL1: RES1 bit 31, uniprocessor bit 30 when alone, Aff0. */
    arm_sys_reset(&cpu->env, entry,
                  0x80000000ull | (uint64_t)index |
                      (machine.ncpus == 1 ? 1ull << 30 : 0));
    cpu->env.x[0] = x0;
    cpu->env.sys.cpu = cpu;
    cpu->powered = boot;
    softmmu_tlb_init(&cpu->tlb);
    pthread_mutex_init(&cpu->lock, NULL);
    pthread_mutex_init(&cpu->timer_lock, NULL);
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&cpu->wake, &attr);
    pthread_cond_init(&cpu->timer_wake, &attr);
    pthread_condattr_destroy(&attr);
    return cpu;
}

void vcpu_start(ArmSysCPU *cpu)
{
    if (pthread_create(&cpu->thread, NULL, vcpu_thread, cpu) ||
        pthread_create(&cpu->timer_thread, NULL, timer_thread, cpu))
        arx_fatal("cannot start the threads of vCPU %d", cpu->index);
}
