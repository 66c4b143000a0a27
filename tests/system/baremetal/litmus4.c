/*
 * Bare-metal test litmus4: on 4 vCPUs (litmus4.smp) the shapes of three
 * and four threads (IRIW, WRC), the two-thread shapes as two instances at
 * once, and the atomics stress. Prints as litmus2 does.
 */
#include "lib.h"
#include "litmus.h"
#include "mmu.h"

int main(void)
{
    bm_puts("litmus4: 4 CPUs, MMU on\n");
    mmu_enable();
    if (litmus_start_cpus(4)) {
        litmus_run_all(litmus_multi_thread_shapes, litmus_multi_thread_count);
        litmus_run_all(litmus_two_thread_shapes, litmus_two_thread_count);
        litmus_atomics();
        litmus_monitor();
    }
    bm_finish("litmus4");
}
