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
#include "linux-user/guest_env.h"
#include "linux-user/loader.h"
#include "linux-user/path.h"
#include "linux-user/pcache.h"
#include "linux-user/thread.h"
#include "linux-user/signal.h"
#include "linux-user/user.h"
#include "linux-user/vdso.h"
#include "target-arm/features.h"
#include "target-arm/sve.h"
#include "tcg/exec.h"
#include "util/log.h"

const char *arx_self_path;
char **arx_reexec_args;

typedef struct Options {
    const char *sysroot;
    const char *log_items; /* every -d list, comma-joined, or ARX_LOG's */
    unsigned log_mask;
    bool log_from_env; /* log_items came from ARX_LOG: -d replaces them */
    const char *log_file;
    bool log_file_append; /* ARX_LOG_FILE: shared with re-executed children */
    const char *argv0;
    bool strace;
    GuestEnv env;
    const char *source; /* the variable being read, or NULL: the command line */
    const char *gdb_port;
    const char *gdb_exec; /* GDBSTUB_EXEC_OPTION's value: gdb followed exec */
    bool cpu_set;       /* -cpu or ARX_CPU given: re-executed arx repeats it */
    const char *sve_vl; /* -sve-vl's value: re-executed arx repeats it */
    const char *cache;  /* --cache=off|DIR, or NULL: ARX_CACHE or the default */
} Options;

/*
 * An option: its flag, the variable that sets it when the command line
 * does not (also under binfmt_misc; never in secure mode), and what it
 * does with its value (NULL for a switch). A list variable holds
 * comma-separated values, each applied as if the flag were repeated.
 */
typedef struct OptionDef {
    const char *flag;
    const char *value_name; /* NULL: a switch */
    const char *variable;   /* NULL: command line only */
    bool variable_is_list;
    void (*apply)(Options *opt, const char *value);
    const char *help;
} OptionDef;

/* "arx: -E: expected WHAT, got 'VALUE'" (or the variable's name), exit 1. */
static void option_error(const Options *opt, const char *flag, const char *what,
                         const char *value)
{
    fprintf(stderr, "arx: %s: expected %s, got '%s'\n",
            opt->source ? opt->source : flag, what, value);
    exit(1);
}

static void apply_sysroot(Options *opt, const char *dir)
{
    opt->sysroot = dir;
}

static void apply_argv0(Options *opt, const char *argv0)
{
    opt->argv0 = argv0;
}

/* -d: lists add up, but the first one replaces ARX_LOG's. */
static void apply_log(Options *opt, const char *list)
{
    static char items[1024];
    unsigned mask;
    const char *bad;
    size_t n;

    if (strcmp(list, "help") == 0) {
        printf("log items for -d:\n");
        log_print_items(stdout);
        exit(0);
    }
    if (!log_parse_mask(list, &mask, &bad)) {
        if (opt->source)
            fprintf(stderr, "arx: unknown log item '%s' in %s (try -d help)\n",
                    bad, opt->source);
        else
            fprintf(stderr, "arx: unknown log item '%s' (try -d help)\n", bad);
        exit(1);
    }
    if (opt->log_from_env && !opt->source) {
        items[0] = '\0';
        opt->log_mask = 0;
    }
    opt->log_from_env = opt->source != NULL;
    opt->log_mask |= mask;
    n = strlen(items);
    snprintf(items + n, sizeof(items) - n, "%s%s", n ? "," : "", list);
    opt->log_items = items;
}

/* A guest execve's arx logs to its parent's -D file, appending. */
#define LOG_APPEND_OPTION "--log-append="

static void apply_log_file(Options *opt, const char *file)
{
    opt->log_file = file;
    opt->log_file_append = opt->source != NULL;
}

static void apply_strace(Options *opt, const char *unused)
{
    (void)unused;
    opt->strace = true;
}

static void apply_set_env(Options *opt, const char *assignment)
{
    if (!guest_env_set(&opt->env, assignment))
        option_error(opt, "-E", "VAR=VALUE", assignment);
}

static void apply_unset_env(Options *opt, const char *name)
{
    if (!guest_env_unset(&opt->env, name))
        option_error(opt, "-U", "a variable name", name);
}

static void apply_gdb(Options *opt, const char *port)
{
    opt->gdb_port = port;
}

/* -cpu: a model and feature changes (target-arm/features.def). */
static void apply_cpu(Options *opt, const char *spec)
{
    const char *bad;

    if (strcmp(spec, "help") == 0) {
        arm_cpu_print_help(stdout);
        exit(0);
    }
    if (!arm_cpu_select(spec, &bad)) {
        fprintf(stderr,
                "arx: %s: unknown CPU model or feature '%s' (try -cpu "
                "help)\n",
                opt->source ? opt->source : "-cpu", bad);
        exit(1);
    }
    opt->cpu_set = true;
}

/* -sve-vl: the SVE vector length threads start with (with +sve). */
static void apply_sve_vl(Options *opt, const char *bits)
{
    if (!arm_sve_set_default_vl(bits)) {
        fprintf(stderr,
                "arx: %s: SVE vector length '%s': 128, 256, 512, 1024 or "
                "2048 bits\n",
                opt->source ? opt->source : "-sve-vl", bits);
        exit(1);
    }
    opt->sve_vl = bits;
}

static const OptionDef option_defs[] = {
    {"-L", "DIR", "ARX_LD_PREFIX", false, apply_sysroot,
     "sysroot for the dynamic linker and libraries"},
    {"-0", "ARGV0", NULL, false, apply_argv0,
     "pass ARGV0 to the guest as argv[0]"},
    {"-d", "LIST", "ARX_LOG", false, apply_log,
     "log items, comma-separated (-d help lists them)"},
    {"-D", "FILE", "ARX_LOG_FILE", false, apply_log_file,
     "write the log to FILE instead of stderr"},
    {"-g", "PORT", "ARX_GDB", false, apply_gdb,
     "wait for gdb on 127.0.0.1:PORT (0: any free one)"},
    {"-cpu", "MODEL", "ARX_CPU", false, apply_cpu,
     "AArch64 CPU model and features (-cpu help lists them)"},
    {"-sve-vl", "BITS", "ARX_SVE_VL", false, apply_sve_vl,
     "SVE vector length at start (128)"},
    {"-strace", NULL, "ARX_STRACE", false, apply_strace,
     "same as -d strace (ARX_STRACE=1)"},
    {"-E", "VAR=VALUE", "ARX_SET_ENV", true, apply_set_env,
     "set VAR in the guest's environment"},
    {"-U", "VAR", "ARX_UNSET_ENV", true, apply_unset_env,
     "remove VAR from the guest's environment"},
};

#define OPTION_COUNT (sizeof(option_defs) / sizeof(option_defs[0]))

static void usage(FILE *out)
{
    char flag[32];

    fprintf(out, "usage: arx [options] PROGRAM [ARGS...]\n"
                 "Runs an AArch64 or 32-bit ARM (armhf, armel) Linux program "
                 "on this x86-64 host.\n\n"
                 "options:       variable:\n");
    for (size_t i = 0; i < OPTION_COUNT; i++) {
        const OptionDef *d = &option_defs[i];

        snprintf(flag, sizeof(flag), "%s%s%s", d->flag,
                 d->value_name ? " " : "", d->value_name ? d->value_name : "");
        fprintf(out, "  %-12s  %-14s %s\n", flag,
                d->variable ? d->variable : "", d->help);
    }
    fprintf(
        out,
        "  -h, --help                   show this help and exit\n"
        "  --version                    show the version and exit\n"
        "  --cache=on|off|DIR ARX_CACHE persistent translation cache (on:\n"
        "                               $XDG_CACHE_HOME/arx or "
        "~/.cache/arx)\n"
        "  --cache-stats                show the cache's files and size\n"
        "  --cache-clear                empty the cache\n\n"
        "A variable sets its option when the command line does not, also\n"
        "when binfmt_misc starts arx; set-id programs ignore them.\n"
        "-E and -U repeat; ARX_SET_ENV and ARX_UNSET_ENV take comma-separated\n"
        "lists, applied before the command line's.\n");
}

static const OptionDef *find_option(const char *flag)
{
    for (size_t i = 0; i < OPTION_COUNT; i++)
        if (strcmp(option_defs[i].flag, flag) == 0)
            return &option_defs[i];
    return NULL;
}

/* A list variable's items, each applied in turn; empty items are skipped. */
static void apply_list(Options *opt, const OptionDef *d, const char *list)
{
    char *copy = strdup(list), *save = NULL;

    if (!copy)
        arx_fatal("out of memory");
    for (char *item = strtok_r(copy, ",", &save); item;
         item = strtok_r(NULL, ",", &save))
        d->apply(opt, item);
    /* copy stays allocated: the guest's environment points into it. */
}

/* The variables' settings; an empty variable counts as unset. */
static void parse_variables(Options *opt)
{
    for (size_t i = 0; i < OPTION_COUNT; i++) {
        const OptionDef *d = &option_defs[i];
        const char *value = d->variable ? binfmt_getenv(d->variable) : NULL;

        if (!value || value[0] == '\0')
            continue;
        if (!d->value_name && strcmp(value, "0") == 0)
            continue;
        opt->source = d->variable;
        if (d->variable_is_list)
            apply_list(opt, d, value);
        else
            d->apply(opt, value);
    }
    opt->source = NULL;
}

/* Returns the index of the guest program in argv. */
static int parse_options(int argc, char **argv, Options *opt)
{
    int i;

    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        const OptionDef *d;

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
        } else if (strncmp(a, "--cache=", 8) == 0) {
            opt->cache = a + 8;
            continue;
        } else if (strncmp(a, LOG_APPEND_OPTION, strlen(LOG_APPEND_OPTION)) ==
                   0) {
            /* Internal: the parent's -D file, which a guest execve's arx
             * appends to (set_reexec_args). */
            opt->log_file = a + strlen(LOG_APPEND_OPTION);
            opt->log_file_append = true;
            continue;
        } else if (strcmp(a, "--cache-stats") == 0 ||
                   strcmp(a, "--cache-clear") == 0) {
            pcache_configure(opt->cache);
            exit(a[8] == 's' ? pcache_print_stats(stdout)
                             : pcache_clear(stdout));
        } else if (strncmp(a, GDBSTUB_EXEC_OPTION,
                           strlen(GDBSTUB_EXEC_OPTION)) == 0) {
            /* Internal: a guest execve under gdb (syscalls/task.c). */
            opt->gdb_exec = a + strlen(GDBSTUB_EXEC_OPTION);
            continue;
        } else if (strncmp(a, ARM_SVE_EXEC_OPTION,
                           strlen(ARM_SVE_EXEC_OPTION)) == 0) {
            /* Internal: the VL a guest execve hands on (syscalls/task.c). */
            if (!arm_sve_exec_parse(a + strlen(ARM_SVE_EXEC_OPTION))) {
                fprintf(stderr, "arx: bad option '%s'\n", a);
                exit(1);
            }
            continue;
        }
        d = find_option(a);
        if (!d) {
            fprintf(stderr, "arx: unknown option '%s' (try --help)\n", a);
            exit(1);
        }
        if (d->value_name && i + 1 >= argc) {
            fprintf(stderr, "arx: option %s needs a value\n", a);
            exit(1);
        }
        d->apply(opt, d->value_name ? argv[++i] : NULL);
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
    static char *args[16];
    static char log_arg[4096 + 16];
    static char cache_arg[4096 + 8];
    static char cpu_spec[512];
    int n = 0;

    if (opt->sysroot) {
        args[n++] = "-L";
        args[n++] = (char *)opt->sysroot;
    }
    if (opt->log_items) {
        args[n++] = "-d";
        args[n++] = (char *)opt->log_items;
    }
    if (opt->strace)
        args[n++] = "-strace";
    if (opt->log_file) {
        char cwd[4096];
        bool relative = opt->log_file[0] != '/' && getcwd(cwd, sizeof(cwd));

        /* The child may run elsewhere: a relative path from here. */
        snprintf(log_arg, sizeof(log_arg), "%s%s%s%s", LOG_APPEND_OPTION,
                 relative ? cwd : "", relative ? "/" : "", opt->log_file);
        args[n++] = log_arg;
    }
    if (opt->cache) {
        snprintf(cache_arg, sizeof(cache_arg), "--cache=%s", opt->cache);
        args[n++] = cache_arg;
    }
    if (opt->sve_vl) {
        args[n++] = "-sve-vl";
        args[n++] = (char *)opt->sve_vl;
    }
    if (opt->cpu_set) {
        arm_cpu_spec(cpu_spec, sizeof(cpu_spec));
        args[n++] = "-cpu";
        args[n++] = cpu_spec;
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
    pcache_flush();
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
    /* The variables first, the command line wins. ARX_LD_PREFIX= (empty)
     * is none, so it turns the default sysroot back on. A set-id start
     * ignores them all (binfmt_getenv). */
    guest_env_init(&opt.env, envp);
    parse_variables(&opt);
    /* Not passed on: the guest's children are not debugged. */
    guest_env_unset(&opt.env, "ARX_GDB");
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
    arx_log_mask |= opt.log_mask | (opt.strace ? LOG_STRACE : 0);
    envp = guest_env_vector(&opt.env);
    if (opt.log_file && !(opt.log_file_append ? log_open_append(opt.log_file)
                                              : log_open(opt.log_file)))
        arx_fatal("cannot open log file %s: %s", opt.log_file, strerror(errno));
    find_self_path(argv[0]);
    /* Before loading: the loader's mappings are what the cache keys on. */
    pcache_configure(opt.cache);
    if (log_enabled(LOG_IN_ASM | LOG_OP | LOG_OUT_ASM | LOG_PERFMAP |
                    LOG_UNIMP) ||
        (opt.gdb_port && opt.gdb_port[0]) || opt.gdb_exec)
        pcache_disable(); /* these must see every translation */
    if (opt.sysroot) {
        /* Made absolute: the guest may chdir, and a re-executed arx
         * starts in the guest's cwd. */
        path_set_sysroot(opt.sysroot);
        if (path_sysroot())
            opt.sysroot = path_sysroot();
        loader_set_sysroot(opt.sysroot);
    }
    set_reexec_args(&opt);
    loader_set_vdso_mapper(vdso_map);
    loader_set_place_hint(pcache_place_hint);
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
    pcache_start();
    signal_init();
    if (guest_arch->process_init)
        guest_arch->process_init();

    arch_start_thread(&main_thread, guest_image.entry, guest_image.initial_sp);
    main_thread.env.thread = &main_thread;
    main_thread.tid = (int)getpid();
    if (opt.gdb_exec)
        gdbstub_start_after_exec(&main_thread, opt.gdb_exec);
    else if (opt.gdb_port && opt.gdb_port[0])
        gdbstub_start(&main_thread, opt.gdb_port);
    cpu_loop(&main_thread);
    return 0;
}
