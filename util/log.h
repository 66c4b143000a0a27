/*
 * Diagnostic logging for arx itself (-d LIST, -D FILE).
 * Never writes to the guest's stdout: the log goes to stderr or the -D file.
 */
#ifndef ARX_UTIL_LOG_H
#define ARX_UTIL_LOG_H

#include <stdbool.h>
#include <stdio.h>

enum {
    LOG_IN_ASM = 1 << 0,  /* guest instructions of each new block */
    LOG_OP = 1 << 1,      /* IR of each new block, after optimisation */
    LOG_OUT_ASM = 1 << 2, /* host code of each new block */
    LOG_EXEC = 1 << 3,    /* every block entered by the dispatcher */
    LOG_UNIMP = 1 << 4,   /* unimplemented instructions and syscalls */
    LOG_STRACE = 1 << 5,  /* every guest syscall with its result */
    LOG_CPU = 1 << 6,     /* guest registers at each block entry */
    LOG_STATS = 1 << 7,   /* translation and dispatch counters at exit */
    LOG_PERFMAP = 1 << 8, /* /tmp/perf-PID.map: blocks named for perf */
    LOG_INT = 1 << 9,     /* arx-system: exceptions, interrupts, PSCI */
    LOG_MMU = 1 << 10,    /* arx-system: page-table walks and their faults */
    LOG_GUEST_ERROR = 1 << 11, /* arx-system: guest misuse of a device */
    LOG_SINGLESTEP = 1 << 12,  /* one guest instruction per block */
    LOG_PCACHE = 1 << 13, /* the persistent translation cache's decisions */
    LOG_REGION = 1 << 14, /* the second tier's loop regions (off: first tier) */
};

extern unsigned arx_log_mask;

/* Parses "in_asm,op,..." into a mask; returns false and names the bad item. */
bool log_parse_mask(const char *list, unsigned *mask, const char **bad_item);
/* Prints the item names with one-line descriptions, for --help and -d help. */
void log_print_items(FILE *out);
/* Directs the log to FILE (NULL: stderr). Returns false with errno set. */
bool log_open(const char *path);
/* The same, appending: for a file that the processes a guest starts share. */
bool log_open_append(const char *path);

static inline bool log_enabled(unsigned mask)
{
    return (arx_log_mask & mask) != 0;
}

void arx_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Logs fmt once per distinct key (used for unknown syscalls and ioctls). */
void arx_log_once(unsigned long key, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Fatal error in arx itself: "arx: message" on stderr, exit status 1. */
void arx_fatal(const char *fmt, ...)
    __attribute__((format(printf, 1, 2), noreturn));

#endif
