/*
 * The exclusive monitors of arx-system's vCPUs (LDXR/STXR) and the writes
 * other vCPUs make to monitored memory. Each 64-byte reservation granule
 * of RAM hashes to a generation counter that every write to a monitored
 * page bumps before it lands; LDXR records the generation before it
 * reads, STXR succeeds only if the generation is unchanged and the value
 * still there (one host cmpxchg). A page becomes monitored (and every
 * vCPU's TLB sends its writes here) at an LDXR, and stops being so at a
 * write when no vCPU's monitor is on it any more.
 */
#include "system/exclusive.h"

#include "system/machine.h"
#include "system/vcpu.h"
#include "target-arm/sys.h"
#include "tcg/guest_mem.h"
#include "tcg/softmmu.h"
#include "tcg/tb.h"

#define GRANULE_SHIFT 6 /* CTR_EL0.ERG: 16 words */
#define NB_GENERATIONS 4096

static _Atomic uint32_t generation[NB_GENERATIONS];

static _Atomic uint32_t *generation_of(uint64_t pa)
{
    uint64_t granule = pa >> GRANULE_SHIFT;

    return &generation[(granule ^ (granule >> 12)) % NB_GENERATIONS];
}

/* Some vCPU's monitor is set on the page of phys. */
static bool monitor_on_page(uint64_t phys)
{
    for (int i = 0; i < machine.ncpus; i++) {
        const CPUARMState *env = &machine.cpu[i]->env;
        if (env->exclusive_addr != (uint64_t)-1 &&
            (env->sys.excl_phys & ~(uint64_t)(GUEST_PAGE_SIZE - 1)) == phys)
            return true;
    }
    return false;
}

bool exclusive_is_watched(uint64_t phys)
{
    return machine_is_code_page(phys) || machine_is_monitored_page(phys);
}

void exclusive_before_write(void *env, uint64_t phys, uint64_t pa,
                            unsigned size)
{
    uint64_t end = pa + size;

    (void)env;
    if (machine_is_code_page(phys)) {
        tb_drop_page_blocks(phys);
        machine_clear_code_page(phys);
    }
    if (!machine_is_monitored_page(phys))
        return;
    if (end > phys + GUEST_PAGE_SIZE)
        end = phys + GUEST_PAGE_SIZE;
    for (uint64_t g = pa >> GRANULE_SHIFT; g <= (end - 1) >> GRANULE_SHIFT; g++)
        __atomic_fetch_add(generation_of(g << GRANULE_SHIFT), 1,
                           __ATOMIC_SEQ_CST);
    if (!monitor_on_page(phys))
        machine_clear_monitored_page(phys);
    vcpu_wake_wfe();
}

bool exclusive_monitor_lost(const CPUARMState *env)
{
    return __atomic_load_n(generation_of(env->sys.excl_phys),
                           __ATOMIC_SEQ_CST) != env->sys.excl_gen;
}

/*
 * From now on the other vCPUs' writes to the page come through the hook
 * (the monitor's own CPU may write there: its STXR's outcome is then
 * CONSTRAINED UNPREDICTABLE, arx keeps the value check). Alone, a vCPU
 * has no one to watch.
 */
static void monitor_page(CPUARMState *env, uint64_t phys)
{
    uint64_t page = phys & ~(uint64_t)(GUEST_PAGE_SIZE - 1);

    if (machine.ncpus == 1 || machine_is_monitored_page(page))
        return;
    machine_set_monitored_page(page);
    for (int i = 0; i < machine.ncpus; i++)
        if (&machine.cpu[i]->env != env)
            softmmu_watch_page(&machine.cpu[i]->tlb, page);
}

uint64_t exclusive_load(CPUARMState *env, uint64_t addr, unsigned size,
                        uintptr_t retaddr)
{
    int mmu_idx = arm_mmu_index(env);
    uint64_t phys, value;
    uint32_t gen;

    /* Translate (and fault) first, then watch, then read. */
    softmmu_load(env, addr, 1u << size, mmu_idx, retaddr);
    if (!softmmu_peek_phys(env, addr, GUEST_READ, mmu_idx, &phys))
        phys = (uint64_t)-1; /* device memory: no watch, value only */
    else
        monitor_page(env, phys);
    gen = __atomic_load_n(generation_of(phys), __ATOMIC_SEQ_CST);
    value = softmmu_load(env, addr, 1u << size, mmu_idx, retaddr);
    env->exclusive_addr = addr;
    env->exclusive_size = size;
    env->exclusive_val = value;
    env->sys.excl_phys = phys;
    env->sys.excl_gen = gen;
    return value;
}

uint64_t exclusive_store(CPUARMState *env, uint64_t addr, unsigned size,
                         uint64_t value)
{
    int mmu_idx = arm_mmu_index(env);
    unsigned bytes = 1u << size;
    uint64_t expected = env->exclusive_val & softmmu_size_mask(bytes);
    uint64_t old;
    uint8_t *host;
    bool ok;

    /* The generation before the write's own bump (in softmmu_host_ptr);
     * a write landing after this check changes the value, which the
     * cmpxchg sees. */
    ok = env->exclusive_addr == addr && env->exclusive_size == size &&
         __atomic_load_n(generation_of(env->sys.excl_phys), __ATOMIC_SEQ_CST) ==
             env->sys.excl_gen;
    host = softmmu_host_ptr(env, addr, GUEST_WRITE, mmu_idx);
    env->exclusive_addr = (uint64_t)-1;
    if (!ok)
        return 1;
    /* Other monitors of the granule fail from now on, whatever we store. */
    __atomic_fetch_add(generation_of(env->sys.excl_phys), 1, __ATOMIC_SEQ_CST);
    value &= softmmu_size_mask(bytes);
    old = softmmu_host_cmpxchg(host, bytes, expected, value);
    vcpu_wake_wfe();
    return old == expected ? 0 : 1;
}
