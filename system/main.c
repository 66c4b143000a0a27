/*
 * arx-system: the command line (in qemu-system-aarch64's spirit), the
 * virt board put together (RAM, GICv2, PL011, PL031, virtio-mmio, the
 * vCPUs), the boot, and the exit status. Links nothing of user mode.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "config.h"
#include "hw/gicv2.h"
#include "hw/pl011.h"
#include "hw/pl031.h"
#include "system/board.h"
#include "system/boot.h"
#include "system/console.h"
#include "system/fdt.h"
#include "system/machine.h"
#include "system/vcpu.h"
#include "util/log.h"

#define DEFAULT_RAM_MB 128

void hw_guest_error(const char *fmt, ...)
{
    char line[256];
    va_list ap;

    if (!log_enabled(LOG_GUEST_ERROR))
        return;
    va_start(ap, fmt);
    vsnprintf(line, sizeof(line), fmt, ap);
    va_end(ap);
    arx_log("guest_errors: %s\n", line);
}

static void usage(FILE *out)
{
    fprintf(out,
            "usage: arx-system [options]\n"
            "Runs an arm64 kernel or bare-metal image on an emulated virt "
            "board.\n\n"
            "  -M virt            the machine (the only one)\n"
            "  -cpu NAME          cortex-a57 or max: both mean arx's CPU\n"
            "  -m SIZE            RAM, e.g. 512M or 2G (default %dM)\n"
            "  -smp N             vCPUs (1..%d, default 1)\n"
            "  -kernel FILE       arm64 Image (raw or gzip) or ELF\n"
            "  -initrd FILE       initial ramdisk\n"
            "  -append ARGS       kernel command line\n"
            "  -dtb FILE          device tree (default: generated)\n"
            "  -dumpdtb FILE      also write the device tree used to FILE\n"
            "  -drive file=F,format=raw,if=virtio[,readonly=on]\n"
            "                     a virtio-blk disk (up to %d)\n"
            "  -nographic         UART on stdin/stdout (the default; Ctrl-A "
            "x quits)\n"
            "  -d ITEMS           log items (-d help lists them)\n"
            "  -D FILE            log to FILE instead of stderr\n"
            "  -h, --help         this text\n"
            "  --version          arx's version\n",
            DEFAULT_RAM_MB, MACHINE_MAX_CPUS, BOARD_MAX_DRIVES);
}

static void __attribute__((noreturn)) bad_usage(const char *fmt, ...)
{
    va_list ap;

    fprintf(stderr, "arx-system: ");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry 'arx-system --help'.\n");
    exit(2);
}

/* "512M", "2G", "1024" (MiB, as qemu reads a bare number). */
static uint64_t parse_size(const char *s)
{
    char *end;
    unsigned long long n = strtoull(s, &end, 10);
    uint64_t mult = 1ull << 20;

    if (end == s)
        bad_usage("bad size '%s'", s);
    switch (*end) {
    case 'G':
    case 'g':
        mult = 1ull << 30;
        end++;
        break;
    case 'M':
    case 'm': end++; break;
    case 'K':
    case 'k':
        mult = 1ull << 10;
        end++;
        break;
    default: break;
    }
    if (*end || n == 0 || n > (1ull << 40) / mult)
        bad_usage("bad size '%s'", s);
    return n * mult;
}

/* -drive file=PATH,format=raw,if=virtio[,readonly=on] */
static void parse_drive(BoardConfig *cfg, const char *spec)
{
    char *copy = strdup(spec), *save = NULL;
    BoardDrive d = {0};

    if (cfg->ndrives == BOARD_MAX_DRIVES)
        bad_usage("at most %d drives", BOARD_MAX_DRIVES);
    for (char *opt = strtok_r(copy, ",", &save); opt;
         opt = strtok_r(NULL, ",", &save)) {
        if (strncmp(opt, "file=", 5) == 0)
            d.path = strdup(opt + 5);
        else if (strcmp(opt, "format=raw") == 0 ||
                 strcmp(opt, "if=virtio") == 0)
            continue;
        else if (strcmp(opt, "readonly=on") == 0)
            d.read_only = true;
        else if (strcmp(opt, "readonly=off") == 0)
            d.read_only = false;
        else
            bad_usage("-drive: '%s' not supported (format=raw, if=virtio, "
                      "readonly=on|off)",
                      opt);
    }
    free(copy);
    if (!d.path)
        bad_usage("-drive needs file=PATH");
    cfg->drives[cfg->ndrives++] = d;
}

static void parse_log(const char *items)
{
    unsigned mask;
    const char *bad;

    if (strcmp(items, "help") == 0) {
        log_print_items(stdout);
        exit(0);
    }
    if (!log_parse_mask(items, &mask, &bad))
        bad_usage("unknown log item '%s' (-d help lists them)", bad);
    arx_log_mask |= mask;
}

static const char *next_arg(int argc, char **argv, int *i)
{
    if (*i + 1 >= argc)
        bad_usage("%s needs an argument", argv[*i]);
    return argv[++*i];
}

static void parse_args(int argc, char **argv, BoardConfig *cfg)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            exit(0);
        } else if (!strcmp(a, "--version") || !strcmp(a, "-version")) {
            printf("arx-system %s\n", PACKAGE_VERSION);
            exit(0);
        } else if (!strcmp(a, "-M") || !strcmp(a, "-machine")) {
            const char *m = next_arg(argc, argv, &i);
            if (strcmp(m, "virt") != 0)
                bad_usage("machine '%s' not supported (virt only)", m);
        } else if (!strcmp(a, "-cpu")) {
            const char *c = next_arg(argc, argv, &i);
            if (strcmp(c, "cortex-a57") && strcmp(c, "max"))
                bad_usage("cpu '%s' not supported (cortex-a57, max)", c);
        } else if (!strcmp(a, "-m")) {
            cfg->ram_size = parse_size(next_arg(argc, argv, &i));
        } else if (!strcmp(a, "-smp")) {
            cfg->ncpus = atoi(next_arg(argc, argv, &i));
            if (cfg->ncpus < 1 || cfg->ncpus > MACHINE_MAX_CPUS)
                bad_usage("-smp must be 1..%d", MACHINE_MAX_CPUS);
        } else if (!strcmp(a, "-kernel")) {
            cfg->boot.kernel = next_arg(argc, argv, &i);
        } else if (!strcmp(a, "-initrd")) {
            cfg->boot.initrd = next_arg(argc, argv, &i);
        } else if (!strcmp(a, "-append")) {
            cfg->bootargs = next_arg(argc, argv, &i);
        } else if (!strcmp(a, "-dtb")) {
            cfg->boot.dtb = next_arg(argc, argv, &i);
        } else if (!strcmp(a, "-dumpdtb")) {
            cfg->boot.dumpdtb = next_arg(argc, argv, &i);
        } else if (!strcmp(a, "-drive")) {
            parse_drive(cfg, next_arg(argc, argv, &i));
        } else if (!strcmp(a, "-nographic")) {
            continue;
        } else if (!strcmp(a, "-d")) {
            parse_log(next_arg(argc, argv, &i));
        } else if (!strcmp(a, "-D")) {
            const char *path = next_arg(argc, argv, &i);
            if (!log_open(path))
                bad_usage("cannot open log file %s: %s", path, strerror(errno));
        } else {
            bad_usage("unknown option '%s'", a);
        }
    }
    if (!cfg->boot.kernel)
        bad_usage("no -kernel given");
}

int main(int argc, char **argv)
{
    BoardConfig cfg = {.ncpus = 1, .ram_size = DEFAULT_RAM_MB << 20};

    parse_args(argc, argv, &cfg);
    board_create(&cfg);
    board_run();
    board_finish();
    return machine.exit_status;
}
