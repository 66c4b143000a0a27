/*
 * Diagnostic logging for arx itself (-d LIST, -D FILE).
 * Writes only to stderr or the -D file, unbuffered so nothing is lost on exit.
 */
#include "util/log.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

unsigned arx_log_mask;
static FILE *log_file;
static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;

static const struct {
    const char *name;
    unsigned mask;
    const char *help;
} log_items[] = {
    {"in_asm", LOG_IN_ASM, "guest instructions of each translated block"},
    {"op", LOG_OP, "IR of each translated block, after optimisation"},
    {"out_asm", LOG_OUT_ASM, "host code generated for each block"},
    {"exec", LOG_EXEC, "each block as the dispatcher enters it"},
    {"unimp", LOG_UNIMP, "unimplemented instructions, syscalls and ioctls"},
    {"strace", LOG_STRACE, "every guest syscall, its arguments and result"},
    {"cpu", LOG_CPU, "guest registers as each block is entered (no chaining)"},
    {"stats", LOG_STATS, "translation and dispatch counters, printed at exit"},
    {"pcache", LOG_PCACHE,
     "persistent translation cache: files used, ignored or written"},
    {"int", LOG_INT, "arx-system: exceptions, interrupts and PSCI calls"},
    {"mmu", LOG_MMU, "arx-system: page-table walks and translation faults"},
    {"guest_errors", LOG_GUEST_ERROR,
     "arx-system: accesses a device does not implement"},
    {"singlestep", LOG_SINGLESTEP,
     "one guest instruction per block (with cpu: a register dump per insn)"},
    {"perfmap", LOG_PERFMAP,
     "name each block by guest pc in /tmp/perf-PID.map"},
    {"region", LOG_REGION,
     "second tier, experimental: hot loops translated again as regions"},
};

bool log_parse_mask(const char *list, unsigned *mask, const char **bad_item)
{
    static char bad[64];
    const char *p = list;

    *mask = 0;
    while (*p) {
        size_t len = strcspn(p, ",");
        bool found = false;

        for (size_t i = 0; i < sizeof(log_items) / sizeof(log_items[0]); i++) {
            if (strlen(log_items[i].name) == len &&
                strncmp(log_items[i].name, p, len) == 0) {
                *mask |= log_items[i].mask;
                found = true;
            }
        }
        if (!found) {
            snprintf(bad, sizeof(bad), "%.*s", (int)len, p);
            *bad_item = bad;
            return false;
        }
        p += len;
        if (*p == ',')
            p++;
    }
    return true;
}

void log_print_items(FILE *out)
{
    for (size_t i = 0; i < sizeof(log_items) / sizeof(log_items[0]); i++)
        fprintf(out, "  %-8s %s\n", log_items[i].name, log_items[i].help);
}

/* Every write goes to the file's end (O_APPEND), also after truncating:
 * the children a process starts (re-executed arx) append to the same
 * file, and a writer at its own offset would overwrite their lines. */
static bool log_open_mode(const char *path, bool truncate)
{
    FILE *f;
    int fd;

    if (!path) {
        log_file = NULL;
        return true;
    }
    fd = open(path,
              O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC |
                  (truncate ? O_TRUNC : 0),
              0666);
    if (fd < 0)
        return false;
    f = fdopen(fd, "a");
    if (!f) {
        close(fd);
        return false;
    }
    setvbuf(f, NULL, _IOLBF, 0);
    log_file = f;
    return true;
}

bool log_open(const char *path)
{
    return log_open_mode(path, true);
}

bool log_open_append(const char *path)
{
    return log_open_mode(path, false);
}

static FILE *log_stream(void)
{
    return log_file ? log_file : stderr;
}

void arx_log(const char *fmt, ...)
{
    va_list ap;

    pthread_mutex_lock(&log_lock);
    va_start(ap, fmt);
    vfprintf(log_stream(), fmt, ap);
    va_end(ap);
    pthread_mutex_unlock(&log_lock);
}

#define LOG_ONCE_SLOTS 1024

void arx_log_once(unsigned long key, const char *fmt, ...)
{
    static unsigned long seen[LOG_ONCE_SLOTS];
    static unsigned nseen;
    va_list ap;

    pthread_mutex_lock(&log_lock);
    for (unsigned i = 0; i < nseen; i++) {
        if (seen[i] == key) {
            pthread_mutex_unlock(&log_lock);
            return;
        }
    }
    if (nseen < LOG_ONCE_SLOTS)
        seen[nseen++] = key;
    va_start(ap, fmt);
    vfprintf(log_stream(), fmt, ap);
    va_end(ap);
    pthread_mutex_unlock(&log_lock);
}

void arx_fatal(const char *fmt, ...)
{
    va_list ap;

    fputs("arx: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(1);
}
