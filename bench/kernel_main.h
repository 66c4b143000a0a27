/* The command line of bench/cpu.c and bench/cpu2.c: "KERNEL [SCALE]" runs
 * one kernel of the program's table and prints its name, the scale and
 * the kernel's checksum; no timing is done in here. */
#ifndef ARX_BENCH_KERNEL_MAIN_H
#define ARX_BENCH_KERNEL_MAIN_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct BenchKernel {
    const char *name;
    uint64_t (*run)(int scale);
} BenchKernel;

static int bench_kernel_main(int argc, char **argv, const BenchKernel *kernels,
                             int n, int default_scale)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s KERNEL [SCALE]\nkernels:", argv[0]);
        for (int i = 0; i < n; i++)
            fprintf(stderr, " %s", kernels[i].name);
        fprintf(stderr, "\n");
        return 2;
    }
    int scale = argc > 2 ? atoi(argv[2]) : default_scale;
    if (scale < 1)
        scale = 1;
    for (int i = 0; i < n; i++) {
        if (strcmp(argv[1], kernels[i].name) == 0) {
            printf("%s scale=%d checksum=%016llx\n", kernels[i].name, scale,
                   (unsigned long long)kernels[i].run(scale));
            return 0;
        }
    }
    fprintf(stderr, "unknown kernel '%s'\n", argv[1]);
    return 2;
}

#endif
