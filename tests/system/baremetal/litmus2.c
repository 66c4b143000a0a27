/*
 * Bare-metal test litmus2: the two-thread litmus shapes (MP, SB, LB, 2+2W,
 * S, R, CoRR) and the atomics stress on 2 vCPUs (litmus2.smp). Prints
 * only counts that the Armv8 memory model fixes, the rest as info lines.
 */
#include "lib.h"
#include "litmus.h"
#include "mmu.h"

int main(void)
{
    bm_puts("litmus2: 2 CPUs, MMU on\n");
    mmu_enable();
    if (litmus_start_cpus(2)) {
        litmus_run_all(litmus_two_thread_shapes, litmus_two_thread_count);
        litmus_atomics();
        litmus_monitor();
    }
    bm_finish("litmus2");
}
