/*
 * arx's entry point: command line, loading the guest, then the CPU loop
 * (linux-user/<arch>/cpu_loop.c) on the main thread.
 * arx's own messages go to stderr or the -D log, never to the guest's stdout.
 */
#include <elf.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "config.h"
#include "linux-user/arch.h"
#include "linux-user/binfmt.h"
#include "linux-user/gdbstub.h"
#include "linux-user/loader.h"
#include "linux-user/path.h"
#include "linux-user/thread.h"
#include "linux-user/signal.h"
#include "linux-user/user.h"
#include "tcg/exec.h"
#include "util/log.h"

const char *arx_self_path;
char **arx_reexec_args;

typedef struct Options {
    const char *sysroot;
    const char *log_items;
    const char *log_file;
    const char *argv0;
    const char *gdb_port;
} Options;

static void usage(FILE *out)
{
    fprintf(out,
            "usage: arx [options] PROGRAM [ARGS...]\n"
            "Runs an AArch64 Linux program on this x86-64 host.\n\n"
            "options:\n"
            "  -L DIR       sysroot for the dynamic linker and libraries\n"
            "               (default: $ARX_LD_PREFIX)\n"
            "  -0 ARGV0     pass ARGV0 to the guest as argv[0]\n"
            "  -d LIST      log items, comma-separated (-d help lists them)\n"
            "  -D FILE      write the log to FILE instead of stderr\n"
            "  -g PORT      wait for gdb on 127.0.0.1:PORT ($ARX_GDB)\n"
            "  -strace      same as -d strace\n"
            "  -h, --help   show this help and exit\n"
            "  --version    show the version and exit\n");
}

static const char *need_value(int argc, char **argv, int *i)
{
    if (*i + 1 >= argc) {
        fprintf(stderr, "arx: option %s needs a value\n", argv[*i]);
        exit(1);
    }
    return argv[++*i];
}

static void parse_log_items(const char *list)
{
    unsigned mask;
    const char *bad;

    if (strcmp(list, "help") == 0) {
        printf("log items for -d:\n");
        log_print_items(stdout);
        exit(0);
    }
    if (!log_parse_mask(list, &mask, &bad)) {
        fprintf(stderr, "arx: unknown log item '%s' (try -d help)\n", bad);
        exit(1);
    }
    arx_log_mask |= mask;
}

/* Returns the index of the guest program in argv. */
static int parse_options(int argc, char **argv, Options *opt)
{
    int i;

    for (i = 1; i < argc; i++) {
        const char *a = argv[i];

        if (a[0] != '-')
            break;
        if (strcmp(a, "--") == 0) {
            i++;
            break;
        }
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            usage(stdout);
            exit(0);
        } else if (strcmp(a, "--version") == 0) {
            printf("arx %s\n", PACKAGE_VERSION);
            exit(0);
        } else if (strcmp(a, "-L") == 0) {
            opt->sysroot = need_value(argc, argv, &i);
        } else if (strcmp(a, "-0") == 0) {
            opt->argv0 = need_value(argc, argv, &i);
        } else if (strcmp(a, "-d") == 0) {
            parse_log_items(need_value(argc, argv, &i));
            opt->log_items = argv[i];
        } else if (strcmp(a, "-D") == 0) {
            opt->log_file = need_value(argc, argv, &i);
        } else if (strcmp(a, "-g") == 0) {
            opt->gdb_port = need_value(argc, argv, &i);
        } else if (strcmp(a, "-strace") == 0) {
            arx_log_mask |= LOG_STRACE;
        } else {
            fprintf(stderr, "arx: unknown option '%s' (try --help)\n", a);
            exit(1);
        }
    }
    if (i >= argc) {
        usage(stderr);
        exit(1);
    }
    return i;
}

/* Options a re-executed arx (guest execve) must repeat. */
static void set_reexec_args(const Options *opt)
{
    static char *args[8];
    int n = 0;

    if (opt->sysroot) {
        args[n++] = "-L";
        args[n++] = (char *)opt->sysroot;
    }
    if (opt->log_items) {
        args[n++] = "-d";
        args[n++] = (char *)opt->log_items;
    }
    args[n] = NULL;
    arx_reexec_args = args;
}

static void find_self_path(const char *argv0)
{
    static char path[4096];
    ssize_t n = readlink("/proc/self/exe", path, sizeof(path) - 1);

    /* binfmt_misc may start arx in a chroot without /proc: keep going,
     * re-executing arx then takes binfmt_self_fd() or binfmt_misc. */
    if (n <= 0) {
        arx_self_path = argv0;
        return;
    }
    path[n] = '\0';
    arx_self_path = path;
}

/* Debian's cross sysroots (libc6-arm64-cross, libc6-armhf-cross), used
 * when no -L. */
#define DEFAULT_SYSROOT                                                        \
    (loader_target->machine == EM_ARM ? "/usr/arm-linux-gnueabihf"             \
                                      : "/usr/aarch64-linux-gnu")

/*
 * A dynamic program whose interpreter is not on the host gets a second
 * try with the default sysroot, when neither -L nor ARX_LD_PREFIX gave
 * one and it exists (whatever the interpreter's name). On failure the
 * caller reports the first attempt's reason, which suggests -L.
 */
static bool load_with_default_sysroot(Options *opt, const char *path, int argc,
                                      char **argv, char **envp)
{
    char err[512];

    if (opt->sysroot || access(DEFAULT_SYSROOT, F_OK) != 0)
        return false;
    loader_set_sysroot(DEFAULT_SYSROOT);
    if (!loader_exec(path, argc, argv, envp, &guest_image, err, sizeof(err))) {
        loader_set_sysroot("");
        return false;
    }
    opt->sysroot = DEFAULT_SYSROOT;
    path_set_sysroot(DEFAULT_SYSROOT);
    set_reexec_args(opt);
    return true;
}

void guest_exit(int status)
{
    if (log_enabled(LOG_STATS))
        tcg_log_stats();
    gdbstub_exited(status);
    _exit(status & 0xff);
}

int main(int argc, char **argv, char **envp)
{
    static GuestThread main_thread;
    Options opt = {0};
    BinfmtArgs kernel_args = {.exec_fd = -1};
    char err[512], **guest_argv;
    const char *path;
    int prog, guest_argc;

    /* Opened before the guest can chroot away from arx's own path. */
    binfmt_self_fd();
    /* The environment's sysroot is the default; -L wins. An empty one is
     * none, so ARX_LD_PREFIX= turns the default sysroot back on. A set-id
     * start ignores it (binfmt_getenv). */
    opt.sysroot = binfmt_getenv("ARX_LD_PREFIX");
    /* Not passed on: the guest's children are not debugged. */
    opt.gdb_port = binfmt_getenv("ARX_GDB");
    unsetenv("ARX_GDB");
    /* Started by binfmt_misc: argv is the guest's, never arx options. */
    if (binfmt_parse_args(argc, argv, &kernel_args)) {
        path = binfmt_load_path(&kernel_args);
        guest_argc = kernel_args.argc;
        guest_argv = kernel_args.argv;
    } else {
        prog = parse_options(argc, argv, &opt);
        path = argv[prog];
        if (opt.argv0)
            argv[prog] = (char *)opt.argv0;
        guest_argc = argc - prog;
        guest_argv = argv + prog;
    }
    if (opt.sysroot && opt.sysroot[0] == '\0')
        opt.sysroot = NULL;
    if (opt.log_file && !log_open(opt.log_file))
        arx_fatal("cannot open log file %s: %s", opt.log_file, strerror(errno));
    find_self_path(argv[0]);
    if (opt.sysroot) {
        /* Made absolute: the guest may chdir, and a re-executed arx
         * starts in the guest's cwd. */
        path_set_sysroot(opt.sysroot);
        if (path_sysroot())
            opt.sysroot = path_sysroot();
        loader_set_sysroot(opt.sysroot);
    }
    set_reexec_args(&opt);
    if (!loader_exec(path, guest_argc, guest_argv, envp, &guest_image, err,
                     sizeof(err)) &&
        !load_with_default_sysroot(&opt, path, guest_argc, guest_argv, envp)) {
        fprintf(stderr, "arx: %s\n", err);
        return 1;
    }
    binfmt_close_exec_fd(&kernel_args);

    /* ps, top and /proc/self/comm name the guest program, not arx. */
    prctl(PR_SET_NAME, strrchr(path, '/') ? strrchr(path, '/') + 1 : path);
    if (guest_image.machine == EM_ARM)
        guest_arch = &arch_arm;
    tcg_exec_init(guest_arch->tcg_ops, guest_base);
    signal_init();
    if (guest_arch->process_init)
        guest_arch->process_init();

    arch_start_thread(&main_thread, guest_image.entry, guest_image.initial_sp);
    main_thread.env.thread = &main_thread;
    main_thread.tid = (int)getpid();
    if (opt.gdb_port && opt.gdb_port[0])
        gdbstub_start(&main_thread, opt.gdb_port);
    cpu_loop(&main_thread);
    return 0;
}
