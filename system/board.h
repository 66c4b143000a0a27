/*
 * The virt board of arx-system put together from its parts: RAM, the
 * GICv2, PL011, PL031, 32 virtio-mmio slots (disks from the highest, as
 * qemu places -device virtio-blk-device), the vCPUs, the boot.
 */
#ifndef ARX_SYSTEM_BOARD_H
#define ARX_SYSTEM_BOARD_H

#include <stdbool.h>
#include <stdint.h>

#include "system/boot.h"

#define BOARD_MAX_DRIVES 8

typedef struct BoardDrive {
    const char *path;
    bool read_only;
} BoardDrive;

typedef struct BoardConfig {
    int ncpus;
    uint64_t ram_size;
    const char *bootargs; /* NULL: empty */
    BootConfig boot;
    BoardDrive drives[BOARD_MAX_DRIVES];
    int ndrives;
} BoardConfig;

/* Builds the machine and loads what it boots; a bad file or option is a
 * message on stderr and exit status 1. */
void board_create(const BoardConfig *cfg);
/* Runs the vCPUs until the machine stops. */
void board_run(void);
/* Puts disks and the terminal in order before arx-system exits. */
void board_finish(void);

#endif
