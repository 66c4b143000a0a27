/*
 * The GDB remote stub (gdbstub.h): one host thread owns the connection and
 * answers gdb's packets while the guest is stopped; guest threads stop
 * themselves at breakpoints, steps and signals and wait here until gdb
 * resumes them. All-stop: when one thread stops, the others are kicked out
 * of translated code and wait too (a thread blocked in a syscall counts as
 * stopped; it waits as soon as the syscall returns). Guest memory is
 * reached by guest address, checked against the guest's mappings. One
 * process per connection: a fork child gdb follows takes the connection
 * over, and so does the program a followed execve starts.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "linux-user/gdbstub.h"

#include <arpa/inet.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "linux-user/arch.h"
#include "linux-user/gdb_protocol.h"
#include "linux-user/vma.h"
#include "syscalls/arm_eabi.h"
#include "syscalls/syscalls.h"
#include "tcg/debug.h"
#include "tcg/exec.h"
#include "tcg/tb.h"
#include "util/fd_all.h"
#include "util/log.h"

/* What gdb last asked a thread to do. */
enum { GDB_STOP, GDB_CONT, GDB_STEP };

typedef struct GdbThread {
    GuestThread *t;
    struct GdbThread *next;
    bool in_guest; /* inside tcg_cpu_exec: must be kicked out to stop */
    int action;
    int resume_sig; /* the signal gdb passes on when it resumes this one */
    /* The stepped instruction left through an exception (a syscall): the
     * step is reported once the CPU loop has handled it. */
    bool step_after_exception;
    bool vcont_named;     /* an action of this vCont packet named it */
    GuestSiginfo siginfo; /* of its last stop, for qXfer:siginfo */
    pid_t fork_child;     /* it forked: gdb is told on its next way in */
    /* A vfork (run as a fork under gdb): the end of a pipe that the child
     * holds until it executes or exits. */
    int vfork_done_fd;
} GdbThread;

/* Why the guest stopped, for '?' and the stop reply. */
typedef struct GdbStop {
    GdbThread *thread;
    int sig;
    int watch; /* a watchpoint at watch_addr hit: its Z type (2, 3, 4) */
    uint64_t watch_addr;
    pid_t fork_pid;  /* the thread forked this child (fork events) */
    bool vfork;      /* ... by a vfork */
    bool vfork_done; /* the vfork child has executed or exited */
    bool exec;       /* the process has just executed a new program */
} GdbStop;

/*
 * Watchpoints: while any is set, every running thread steps one
 * instruction at a time. Write watchpoints (Z2) compare the watched bytes
 * after each one (and after each syscall), so a write by any thread, or
 * by the kernel for it, is seen. Read (Z3) and access (Z4) watchpoints
 * look at the guest memory the step read and wrote (env's debug_* spans,
 * noted by step blocks, tcg_ctx.access_probe); an access watchpoint also
 * sees a change. The stop comes after the instruction.
 */
#define GDB_MAX_WATCH 16
#define GDB_WATCH_MAX_LEN 64

typedef struct GdbWatch {
    uint64_t addr;
    uint32_t len;
    int type; /* 2 write, 3 read, 4 access */
    uint8_t old[GDB_WATCH_MAX_LEN];
} GdbWatch;

/*
 * Following forks (fork-events): a forked child waits, before its first
 * guest instruction, for what gdb decides about it, which the parent's
 * stub sends on a socket pair: run free ('D', gdb detached it) or take the
 * connection over ('F', gdb detached the parent and follows the child).
 * Until then, Z/z packets gdb addresses to the child (its copy of the
 * parent's breakpoints) are recorded and replayed by the child.
 */
typedef struct GdbBreakOp {
    bool insert;
    int type;
    uint64_t addr, len;
} GdbBreakOp;

/* 'D' run free; 'F' take over, stopped; 'C' or 'S' take over with the
 * child continuing or stepping (gdb resumed it while the parent waited). */
typedef struct GdbVerdict {
    char kind;
    uint32_t nb_ops;
} GdbVerdict;

#define GDB_MAX_CHILD_OPS 1024

typedef struct GdbForkChild {
    pid_t pid;
    /* Its registers, for gdb before it runs: the forking thread's at the
     * fork, with what the clone changes (view.t points there). */
    GuestThread *regs;
    GdbThread view;
    int verdict_fd; /* the parent's end of the socket pair */
    GdbBreakOp ops[GDB_MAX_CHILD_OPS];
    uint32_t nb_ops;
    struct GdbForkChild *next;
} GdbForkChild;

/* The state GDBSTUB_EXEC_OPTION hands to the next arx:
 * FD,FLAGS,PASS,FORMER (FORMER: former_pid, 0 for none). */
enum {
    GDB_EXEC_NO_ACK = 1,
    GDB_EXEC_MULTIPROCESS = 2,
    GDB_EXEC_FORK_EVENTS = 4,
    GDB_EXEC_EXEC_EVENTS = 8,
    GDB_EXEC_VFORK_EVENTS = 16
};

bool gdbstub_active;

static const GdbArch *arch;
static int conn = -1;
static int wake_pipe[2] = {-1, -1};
static pid_t stub_pid;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t park_cond = PTHREAD_COND_INITIALIZER; /* resumed */
static pthread_cond_t idle_cond = PTHREAD_COND_INITIALIZER; /* left guest */

/* Under lock. */
static GdbThread *threads;
static bool running; /* gdb waits for a stop reply */
/* What a thread born while running does: what the last resume asked of
 * every thread (vCont;c), or stay stopped when it named threads alone
 * (vCont;s:TID, stepping one over a breakpoint gdb took out). */
static int new_thread_action = GDB_STOP;
static bool detached; /* gdb has gone: everyone runs free */
static bool event_posted;
static GdbStop event; /* posted by a guest thread for the stub's thread */
static GdbStop last_stop;
static GdbWatch watches[GDB_MAX_WATCH];
static _Atomic int nb_watches;
/* Linux signals gdb passes on without a stop (QPassSignals), bit n-1. */
static _Atomic uint64_t pass_signals;

/* The stub's thread's own view, while the guest is stopped. */
static GdbThread *sel_g;  /* Hg: registers and memory */
static GdbThread *sel_c;  /* Hc */
static bool multiprocess; /* thread ids are pPID.TID */
static bool fork_events;  /* gdb follows forks (qSupported) */
static bool vfork_events; /* and vforks */
static bool exec_events;  /* gdb follows execs */

/* Fork children gdb has not decided about (under lock); the one Hg
 * names, if any (the stub's thread). */
static GdbForkChild *fork_children;
static GdbForkChild *sel_child;
/* The verdict channel of a fork in progress (the forking thread, under
 * lock); in the child, its end until the verdict comes. */
static int fork_pipe[2] = {-1, -1};
static int vfork_pipe[2] = {-1, -1}; /* the vfork's done pipe */
static int verdict_fd = -1;
/* A fork child that took the connection over: gdb may still name its
 * parent (former_pid), whose state is not here; Hg named it. Resumed by
 * the verdict: the stub's thread waits for a stop first. */
static long former_pid;
static bool sel_former;
static bool resume_on_start;
/* Started by a guest execve gdb follows: the stop reply comes first. */
static bool exec_stop_pending;

static void fork_child_wait(GuestThread *t);
static void report_fork(GdbThread *g);
static void detach(void);

/* ---- guest memory ---- */

/* Reads guest memory: how many bytes could be read (the guest's
 * mappings say, as for a syscall's buffer). */
static size_t mem_read(uint64_t addr, uint8_t *buf, size_t len)
{
    return copy_from_guest_prefix(buf, addr, len);
}

/* Mapped memory the guest may not write (its code): as ptrace would,
 * through /proc/self/mem. */
static bool mem_write_forced(uint64_t addr, const uint8_t *buf, size_t len)
{
    int fd;
    ssize_t n;

    if (!guest_range_ok(addr, len, PROT_READ))
        return false;
    fd = open("/proc/self/mem", O_RDWR | O_CLOEXEC);
    if (fd < 0)
        return false;
    n = pwrite(fd, buf, len, (off_t)(uintptr_t)g2h(addr));
    close(fd);
    return n == (ssize_t)len;
}

/*
 * Writes guest memory. Where the guest may write, directly: a page arx
 * write-protected because code was translated from it faults, and the
 * fault handler gives it back, as for the guest's own writes. Either
 * way the blocks translated from the pages written are dropped (a page
 * whose code the guest maintains itself is not write-protected).
 */
static bool mem_write(uint64_t addr, const uint8_t *buf, size_t len)
{
    bool ok =
        copy_to_guest(addr, buf, len) == 0 || mem_write_forced(addr, buf, len);

    if (ok && len > 0)
        for (uint64_t page = addr & ~(uint64_t)(GUEST_PAGE_SIZE - 1);
             page < addr + len; page += GUEST_PAGE_SIZE)
            tb_drop_page_blocks(page);
    return ok;
}

/* ---- threads ---- */

static GdbThread *find_thread(int tid)
{
    for (GdbThread *g = threads; g; g = g->next)
        if (g->t->tid == tid)
            return g;
    return NULL;
}

/* The pid a pPID.TID id names (0: none or any, -1: all). */
static long id_pid(const char *id)
{
    const char *p = id + 1;

    if (id[0] != 'p')
        return 0;
    if (*p == '-')
        return -1;
    return (long)gdb_parse_hex(&p);
}

/*
 * The thread an Hg/Hc/T/vCont id names: TID, or pPID.TID once gdb and the
 * stub agreed on multiprocess; -1 (NULL, *all) is every one, 0 any. A
 * pid not this process's (a fork child's) names none of its threads.
 */
static GdbThread *thread_by_id(const char *id, bool *all)
{
    const char *p = id;
    long pid = id_pid(id);
    int tid;

    *all = false;
    if (pid > 0 && pid != stub_pid)
        return NULL;
    if (*p == 'p') {
        p++;
        if (*p == '-') {
            *all = true;
            return NULL;
        }
        gdb_parse_hex(&p);
        if (*p != '.') {
            *all = true;
            return NULL;
        }
        p++;
    }
    if (*p == '-') {
        *all = true;
        return NULL;
    }
    tid = (int)gdb_parse_hex(&p);
    if (tid == 0)
        return last_stop.thread ? last_stop.thread : threads;
    return find_thread(tid);
}

/* gdb's name for a thread: "pPID.TID" (multiprocess) or "TID". */
static const char *thread_id(const GdbThread *g, char buf[32])
{
    if (multiprocess)
        snprintf(buf, 32, "p%x.%x", (unsigned)stub_pid, (unsigned)g->t->tid);
    else
        snprintf(buf, 32, "%x", (unsigned)g->t->tid);
    return buf;
}

void gdbstub_thread_start(GuestThread *t)
{
    GdbThread *g;

    if (!gdbstub_active)
        return;
    g = calloc(1, sizeof(*g));
    if (!g)
        arx_fatal("out of memory for a debugged thread");
    g->t = t;
    g->vfork_done_fd = -1;
    pthread_mutex_lock(&lock);
    g->action = detached ? GDB_CONT : running ? new_thread_action : GDB_STOP;
    g->next = threads;
    threads = g;
    t->gdb = g;
    pthread_mutex_unlock(&lock);
}

void gdbstub_thread_exit(GuestThread *t)
{
    GdbThread *g = t->gdb;

    if (!g)
        return;
    pthread_mutex_lock(&lock);
    for (GdbThread **p = &threads; *p; p = &(*p)->next) {
        if (*p == g) {
            *p = g->next;
            break;
        }
    }
    if (sel_g == g)
        sel_g = NULL;
    if (sel_c == g)
        sel_c = NULL;
    if (last_stop.thread == g)
        last_stop.thread = NULL;
    if (event_posted && event.thread == g)
        event.thread = NULL;
    t->gdb = NULL;
    pthread_cond_broadcast(&idle_cond);
    pthread_mutex_unlock(&lock);
    free(g);
}

/* ---- stopping and resuming (under lock) ---- */

/* Kicks every thread out of translated code and waits until all are out
 * (or in a syscall). */
static void stop_all(void)
{
    bool busy;

    for (GdbThread *g = threads; g; g = g->next) {
        g->action = GDB_STOP;
        if (g->in_guest)
            g->t->env.exit_request = 1;
    }
    do {
        busy = false;
        for (GdbThread *g = threads; g; g = g->next)
            busy |= g->in_guest;
        if (busy)
            pthread_cond_wait(&idle_cond, &lock);
    } while (busy);
    running = false;
}

/* Tells the stub's thread, in poll, that an event is posted. */
static void wake_stub(void)
{
    ssize_t n = write(wake_pipe[1], "e", 1);

    (void)n; /* a full pipe already wakes it */
}

/*
 * The calling guest thread stops for sig and waits until gdb resumes it.
 * Returns the signal gdb passes on, or -1 when another thread's stop was
 * reported instead (the caller tries again once resumed).
 */
static int stop_here_for(GdbThread *g, GdbStop why)
{
    int sig = why.sig, passed = -1;

    arch->sync(&g->t->env);
    pthread_mutex_lock(&lock);
    if (detached) {
        pthread_mutex_unlock(&lock);
        return sig;
    }
    if (running && !event_posted) {
        event_posted = true;
        event = why;
        wake_stub();
        passed = 0;
    }
    g->action = GDB_STOP;
    while (g->action == GDB_STOP && !detached)
        pthread_cond_wait(&park_cond, &lock);
    if (passed == 0 || detached)
        passed = g->resume_sig;
    g->resume_sig = 0;
    pthread_mutex_unlock(&lock);
    return passed;
}

/* A breakpoint (TRAP_BRKPT) or a step (TRAP_TRACE): SIGTRAP, as the
 * kernel would report it. */
static int stop_trap(GdbThread *g, int code)
{
    g->siginfo = (GuestSiginfo){.signo = SIGTRAP, .code = code};
    return stop_here_for(g, (GdbStop){.thread = g, .sig = SIGTRAP});
}

/* Whether [lo, hi) meets the watched range. */
static bool watch_overlaps(const GdbWatch *w, uint64_t lo, uint64_t hi)
{
    return lo < hi && lo < w->addr + w->len && w->addr < hi;
}

/* Whether w's bytes changed since they were last looked at (then they are
 * remembered as they are now). */
static bool watch_value_changed(GdbWatch *w)
{
    uint8_t now[GDB_WATCH_MAX_LEN];

    if (mem_read(w->addr, now, w->len) != w->len ||
        memcmp(now, w->old, w->len) == 0)
        return false;
    memcpy(w->old, now, w->len);
    return true;
}

/* Whether the step env made (or the syscall after it) hit a watchpoint:
 * then why says which. Clears env's spans of the step. */
static bool watch_hit(CPUARMState *env, GdbStop *why)
{
    bool hit = false;

    pthread_mutex_lock(&lock);
    for (int i = 0; i < nb_watches && !hit; i++) {
        GdbWatch *w = &watches[i];
        bool read = watch_overlaps(w, env->debug_read_lo, env->debug_read_hi);
        bool wrote =
            watch_overlaps(w, env->debug_write_lo, env->debug_write_hi);

        if (w->type == 2)
            hit = watch_value_changed(w);
        else if (w->type == 3)
            hit = read;
        else
            hit = watch_value_changed(w) || read || wrote;
        if (hit) {
            why->watch = w->type;
            why->watch_addr = w->addr;
        }
    }
    pthread_mutex_unlock(&lock);
    env->debug_read_lo = env->debug_read_hi = 0;
    env->debug_write_lo = env->debug_write_hi = 0;
    return hit;
}

/* Stops g if a watchpoint was hit; returns whether it was. */
static bool watch_stop(GdbThread *g)
{
    GdbStop why = {.thread = g, .sig = SIGTRAP};

    if (!nb_watches || !watch_hit(&g->t->env, &why))
        return false;
    g->siginfo = (GuestSiginfo){
        .signo = SIGTRAP, .code = TRAP_HWBKPT, .addr = why.watch_addr};
    /* The change now counts as seen: it is reported even when another
     * thread's stop came first. */
    while (stop_here_for(g, why) < 0)
        continue;
    return true;
}

/*
 * A thread no debugger drives (a forked or vforked child, a thread after
 * detach) may still meet the debugged process's breakpoints in shared
 * translated code: it runs past them, one instruction as a step (step
 * blocks never stop at breakpoints).
 */
static void cpu_exec_undebugged(CPUARMState *env)
{
    env->debug_step = 0;
    for (;;) {
        tcg_cpu_exec(env);
        if (env->exception == EXCP_STEP) { /* a step block, found cached */
            env->exception = EXCP_NONE;
            continue;
        }
        if (env->exception != EXCP_DEBUG)
            return;
        env->exception = EXCP_NONE;
        env->debug_step = 1;
        tcg_cpu_exec(env);
        env->debug_step = 0;
        if (env->exception != EXCP_STEP)
            return; /* the instruction raised something, or did not run */
        env->exception = EXCP_NONE;
    }
}

void gdbstub_cpu_exec(GuestThread *t)
{
    GdbThread *g;
    CPUARMState *env = &t->env;

    if (verdict_fd >= 0)
        fork_child_wait(t);
    g = t->gdb;
    if (!g || !gdbstub_active) {
        cpu_exec_undebugged(env);
        return;
    }
    if (g->fork_child)
        report_fork(g);
    for (;;) {
        bool step, stepping;

        if (g->step_after_exception) {
            g->step_after_exception = false;
            if (!watch_stop(g) && g->action == GDB_STEP)
                stop_trap(g, TRAP_TRACE);
        }
        pthread_mutex_lock(&lock);
        while (g->action == GDB_STOP && !detached)
            pthread_cond_wait(&park_cond, &lock);
        if (detached) {
            pthread_mutex_unlock(&lock);
            cpu_exec_undebugged(env);
            return;
        }
        stepping = g->action == GDB_STEP;
        step = stepping || nb_watches;
        /* Stepping for the watches, it must see the breakpoints itself. */
        if (step && !stepping && tcg_debug_breakpoint_at(env->pc)) {
            pthread_mutex_unlock(&lock);
            stop_trap(g, TRAP_BRKPT);
            continue;
        }
        g->in_guest = true;
        pthread_mutex_unlock(&lock);
        /* Step blocks may sit in the jump cache under their pcs. */
        if (env->debug_step && !step)
            tcg_exec_jmp_cache_clear();
        env->debug_step = step;
        env->debug_read_lo = env->debug_read_hi = 0;
        env->debug_write_lo = env->debug_write_hi = 0;

        tcg_cpu_exec(env);
        /* Out of translated code it may be stopped and read: its FP
         * flags go to env first. */
        arch->sync(env);

        pthread_mutex_lock(&lock);
        g->in_guest = false;
        pthread_cond_broadcast(&idle_cond);
        pthread_mutex_unlock(&lock);
        switch (env->exception) {
        case EXCP_DEBUG:
            env->exception = EXCP_NONE;
            stop_trap(g, TRAP_BRKPT);
            continue;
        case EXCP_STEP: /* a step block a plain run found: pc is right */
            env->exception = EXCP_NONE;
            if (!watch_stop(g) && stepping)
                stop_trap(g, TRAP_TRACE);
            continue;
        case EXCP_NONE: return;
        default:
            /* Reported (or the watches checked) once the CPU loop has
             * handled the exception. */
            g->step_after_exception = step;
            return;
        }
    }
}

int gdbstub_signal(GuestThread *t, const GuestSiginfo *info)
{
    GdbThread *g;
    int sig = info->signo, passed;

    if (verdict_fd >= 0)
        fork_child_wait(t);
    g = t->gdb;
    if (!g || !gdbstub_active)
        return sig;
    if (sig >= 1 && sig <= 64 && (pass_signals >> (sig - 1) & 1))
        return sig;
    g->step_after_exception = false;
    g->siginfo = *info;
    while ((passed = stop_here_for(g, (GdbStop){.thread = g, .sig = sig})) < 0)
        continue;
    return passed;
}

/* The process ends with this reply: the stub's thread must not end it
 * first when gdb, told, closes the connection. */
static void send_last_reply(char kind, int value)
{
    bool was_detached;

    if (!gdbstub_active || getpid() != stub_pid)
        return;
    pthread_mutex_lock(&lock);
    was_detached = detached;
    detached = true;
    pthread_mutex_unlock(&lock);
    if (!was_detached && multiprocess)
        gdb_send_fmt("%c%02x;process:%x", kind, value & 0xff,
                     (unsigned)stub_pid);
    else if (!was_detached)
        gdb_send_fmt("%c%02x", kind, value & 0xff);
}

void gdbstub_exited(int status)
{
    send_last_reply('W', status);
}

void gdbstub_killed(int sig)
{
    send_last_reply('X', gdb_signal_from_linux(sig));
}

/* ---- packets (the stub's thread, guest stopped) ---- */

/* T05exec:HEX-PATH;thread:ID; the program as the guest names it. */
static void send_exec_stop_reply(GdbThread *g)
{
    static char out[2 * 4096 + 96];
    const char *path = sys_exe_path();
    size_t len = strlen(path);
    char id[32], *p;

    if (len > 4096)
        len = 4096;
    p = out + snprintf(out, sizeof(out),
                       "T%02xexec:", gdb_signal_from_linux(SIGTRAP));
    p = gdb_to_hex(p, (const uint8_t *)path, len);
    snprintf(p, sizeof(out) - (size_t)(p - out), ";thread:%s;",
             thread_id(g, id));
    gdb_send(out);
}

static void send_stop_reply(void)
{
    GdbThread *g = last_stop.thread;
    char id[32];

    if (g && last_stop.exec)
        send_exec_stop_reply(g);
    else if (g && last_stop.fork_pid)
        gdb_send_fmt(
            "T%02x%s:p%x.%x;thread:%s;", gdb_signal_from_linux(last_stop.sig),
            last_stop.vfork ? "vfork" : "fork", (unsigned)last_stop.fork_pid,
            (unsigned)last_stop.fork_pid, thread_id(g, id));
    else if (g && last_stop.vfork_done)
        gdb_send_fmt("T%02xvforkdone:;thread:%s;",
                     gdb_signal_from_linux(last_stop.sig), thread_id(g, id));
    else if (g && last_stop.watch)
        gdb_send_fmt(
            "T%02x%s:%llx;thread:%s;", gdb_signal_from_linux(last_stop.sig),
            last_stop.watch == 3   ? "rwatch"
            : last_stop.watch == 4 ? "awatch"
                                   : "watch",
            (unsigned long long)last_stop.watch_addr, thread_id(g, id));
    else if (g)
        gdb_send_fmt("T%02xthread:%s;", gdb_signal_from_linux(last_stop.sig),
                     thread_id(g, id));
    else
        gdb_send_fmt("S%02x", gdb_signal_from_linux(last_stop.sig));
}

/* The thread whose registers g/G/p/P name; for a fork child (Hg), its
 * registers as the fork left them. */
static GdbThread *reg_thread(void)
{
    if (sel_former)
        return NULL;
    if (sel_child)
        return &sel_child->view;
    if (sel_g)
        return sel_g;
    return last_stop.thread ? last_stop.thread : threads;
}

/* Register n of g: its size (0: none). */
static int read_reg(GdbThread *g, int n, uint8_t *buf)
{
    return arch->read_reg(&g->t->env, n, buf);
}

/* A fork child's registers are its own once it runs: not written here. */
static GdbThread *reg_thread_to_write(void)
{
    return sel_child ? NULL : reg_thread();
}

static void handle_read_regs(void)
{
    GdbThread *g = reg_thread();
    char *out = malloc(GDB_MAX_PACKET), *p = out;
    uint8_t reg[GDB_MAX_REG_BYTES];

    if (!g || !out) {
        free(out);
        gdb_send("E01");
        return;
    }
    /* As many whole registers as a packet holds (SVE's Z registers may
     * not all fit): gdb fetches the others with 'p'. */
    for (int n = 0; n < arch->nb_regs; n++) {
        size_t size = (size_t)read_reg(g, n, reg);

        if ((size_t)(p - out) + 2 * size > GDB_MAX_PACKET - 16)
            break;
        p = gdb_to_hex(p, reg, size);
    }
    gdb_send(out);
    free(out);
}

static void handle_write_regs(const char *hex)
{
    GdbThread *g = reg_thread_to_write();
    uint8_t reg[GDB_MAX_REG_BYTES];

    if (!g) {
        gdb_send("E01");
        return;
    }
    for (int n = 0; n < arch->nb_regs && *hex; n++) {
        int size = arch->read_reg(&g->t->env, n, reg);

        if (strlen(hex) < (size_t)size * 2 ||
            !gdb_from_hex(reg, hex, (size_t)size))
            break;
        arch->write_reg(&g->t->env, n, reg);
        hex += 2 * size;
    }
    gdb_send("OK");
}

static void handle_read_reg(const char *p)
{
    GdbThread *g = reg_thread();
    int n = (int)gdb_parse_hex(&p), size;
    uint8_t reg[GDB_MAX_REG_BYTES];
    char out[2 * GDB_MAX_REG_BYTES + 1];

    if (!g || n >= arch->nb_regs || (size = read_reg(g, n, reg)) == 0) {
        gdb_send("E01");
        return;
    }
    gdb_to_hex(out, reg, (size_t)size);
    gdb_send(out);
}

static void handle_write_reg(const char *p)
{
    GdbThread *g = reg_thread_to_write();
    int n = (int)gdb_parse_hex(&p), size;
    uint8_t reg[GDB_MAX_REG_BYTES];

    if (!g || *p++ != '=' || n >= arch->nb_regs ||
        (size = arch->read_reg(&g->t->env, n, reg)) == 0 ||
        !gdb_from_hex(reg, p, (size_t)size)) {
        gdb_send("E01");
        return;
    }
    arch->write_reg(&g->t->env, n, reg);
    gdb_send("OK");
}

static void handle_read_mem(const char *p)
{
    uint64_t addr = gdb_parse_hex(&p), len;
    static uint8_t buf[GDB_MAX_PACKET / 2];
    static char out[GDB_MAX_PACKET + 1];
    size_t got;

    if (sel_former || *p++ != ',') { /* the former parent's: not here */
        gdb_send("E01");
        return;
    }
    len = gdb_parse_hex(&p);
    if (len > sizeof(buf))
        len = sizeof(buf);
    got = mem_read(addr, buf, (size_t)len);
    if (got == 0 && len > 0) {
        gdb_send("E0e"); /* EFAULT */
        return;
    }
    gdb_to_hex(out, buf, got);
    gdb_send(out);
}

/* M addr,len:hex and X addr,len:binary. */
static void handle_write_mem(const char *p, size_t packet_len, bool binary)
{
    const char *start = p;
    uint64_t addr = gdb_parse_hex(&p), len;
    static uint8_t buf[GDB_MAX_PACKET];

    if (sel_child || sel_former || *p++ != ',') { /* not this process's */
        gdb_send("E01");
        return;
    }
    len = gdb_parse_hex(&p);
    if (*p++ != ':' || len > sizeof(buf)) {
        gdb_send("E01");
        return;
    }
    if (binary) {
        /* start is the packet after 'X': its length is known. */
        if ((size_t)(p - start) + len > packet_len) {
            gdb_send("E01");
            return;
        }
        memcpy(buf, p, (size_t)len);
    } else if (!gdb_from_hex(buf, p, (size_t)len)) {
        gdb_send("E01");
        return;
    }
    gdb_send(mem_write(addr, buf, (size_t)len) ? "OK" : "E0e");
}

/* Z2/z2, Z3/z3, Z4/z4 (type): a watchpoint on [addr, addr + len). */
static bool watch_insert(uint64_t addr, uint64_t len, int type)
{
    bool ok = false;

    if (len == 0 || len > GDB_WATCH_MAX_LEN)
        return false;
    pthread_mutex_lock(&lock);
    if (nb_watches < GDB_MAX_WATCH) {
        GdbWatch *w = &watches[nb_watches];

        w->addr = addr;
        w->len = (uint32_t)len;
        w->type = type;
        ok = mem_read(addr, w->old, w->len) == w->len;
        if (ok)
            nb_watches++;
    }
    pthread_mutex_unlock(&lock);
    return ok;
}

static void watch_remove(uint64_t addr, uint64_t len, int type)
{
    pthread_mutex_lock(&lock);
    for (int i = 0; i < nb_watches; i++) {
        if (watches[i].addr == addr && watches[i].len == len &&
            watches[i].type == type) {
            watches[i] = watches[nb_watches - 1];
            nb_watches--;
            break;
        }
    }
    pthread_mutex_unlock(&lock);
}

/* Inserts or removes a breakpoint (Z0/Z1: no hardware needed here) or a
 * watchpoint (Z2 write, Z3 read, Z4 access) in this process. */
static bool break_op_apply(const GdbBreakOp *op)
{
    if (op->type >= 2 && op->insert)
        return watch_insert(op->addr, op->len, op->type);
    if (op->type >= 2)
        watch_remove(op->addr, op->len, op->type);
    else if (op->insert)
        return tcg_debug_breakpoint_insert(op->addr);
    else
        tcg_debug_breakpoint_remove(op->addr);
    return true;
}

/* A fork child's breakpoints change: it replays this once it runs. */
static bool child_op_record(GdbForkChild *c, const GdbBreakOp *op)
{
    if (c->nb_ops == GDB_MAX_CHILD_OPS)
        return false;
    c->ops[c->nb_ops++] = *op;
    return true;
}

static void handle_breakpoint(const char *p, bool insert)
{
    GdbBreakOp op = {.insert = insert, .type = (int)gdb_parse_hex(&p)};
    bool ok;

    if (op.type > 4 || *p++ != ',') {
        gdb_send("");
        return;
    }
    op.addr = gdb_parse_hex(&p);
    if (op.type >= 2) {
        if (*p++ != ',') {
            gdb_send("E01");
            return;
        }
        op.len = gdb_parse_hex(&p);
    }
    /* The former parent's breakpoints went when it was detached. */
    if (sel_former)
        ok = true;
    else if (sel_child)
        ok = child_op_record(sel_child, &op);
    else
        ok = break_op_apply(&op);
    gdb_send(ok ? "OK" : "E22");
}

static void thread_name(int tid, char *name, size_t size)
{
    char path[64];
    FILE *f;

    name[0] = '\0';
    snprintf(path, sizeof(path), "/proc/self/task/%d/comm", tid);
    f = fopen(path, "r");
    if (!f)
        return;
    if (fgets(name, (int)size, f))
        name[strcspn(name, "\n<>&\"")] = '\0';
    fclose(f);
}

static void xfer_threads(const char *range)
{
    size_t cap = 256, len;
    char *doc = malloc(cap), name[64], id[32];

    if (!doc) {
        gdb_send("E0c");
        return;
    }
    len = (size_t)snprintf(doc, cap, "<?xml version=\"1.0\"?>\n<threads>\n");
    pthread_mutex_lock(&lock);
    for (GdbThread *g = threads; g; g = g->next) {
        char *grown;

        thread_name(g->t->tid, name, sizeof(name));
        if (len + 200 > cap) {
            cap *= 2;
            grown = realloc(doc, cap);
            if (!grown)
                break;
            doc = grown;
        }
        len += (size_t)snprintf(doc + len, cap - len,
                                "<thread id=\"%s\" name=\"%s\"/>\n",
                                thread_id(g, id), name);
    }
    pthread_mutex_unlock(&lock);
    len += (size_t)snprintf(doc + len, cap - len, "</threads>\n");
    gdb_send_xfer(doc, len, range);
    free(doc);
}

static void xfer_auxv(const char *range)
{
    VmaExecLayout l;
    uint8_t buf[sizeof(l.auxv)];
    size_t size = 0;

    vma_exec_layout(&l);
    for (size_t i = 0; i < 2 * l.auxv_pairs; i++) {
        if (guest_image.machine == EM_ARM) {
            uint32_t w = (uint32_t)l.auxv[i];
            memcpy(buf + size, &w, 4);
            size += 4;
        } else {
            memcpy(buf + size, &l.auxv[i], 8);
            size += 8;
        }
    }
    gdb_send_xfer((const char *)buf, size, range);
}

/* The siginfo of the selected thread's last stop, in the guest's layout
 * (gdb's $_siginfo). */
static void xfer_siginfo(const char *range)
{
    GdbThread *g = reg_thread();
    ArmSiginfo arm;

    if (!g) {
        gdb_send("E01");
        return;
    }
    if (guest_image.machine == EM_ARM) {
        arm_convert_siginfo(&g->siginfo, &arm);
        gdb_send_xfer((const char *)&arm, sizeof(arm), range);
    } else {
        gdb_send_xfer((const char *)&g->siginfo, sizeof(g->siginfo), range);
    }
}

static void handle_xfer(const char *p)
{
    /* qXfer:OBJECT:read:ANNEX:OFF,LEN */
    if (strncmp(p, "features:read:target.xml:", 25) == 0) {
        gdb_send_xfer(arch->target_xml, strlen(arch->target_xml), p + 25);
    } else if (strncmp(p, "threads:read::", 14) == 0) {
        xfer_threads(p + 14);
    } else if (strncmp(p, "auxv:read::", 11) == 0) {
        xfer_auxv(p + 11);
    } else if (strncmp(p, "siginfo:read::", 14) == 0) {
        xfer_siginfo(p + 14);
    } else if (strncmp(p, "exec-file:read:", 15) == 0) {
        const char *range = strchr(p + 15, ':');
        const char *path = sys_exe_path(); /* as /proc/self/exe reads */

        if (!range)
            gdb_send("E01");
        else
            gdb_send_xfer(path, strlen(path), range + 1);
    } else {
        gdb_send("");
    }
}

/* Whether gdb's qSupported:F1;F2... offers feature (e.g. "fork-events+"). */
static bool gdb_offers(const char *p, const char *feature)
{
    size_t len = strlen(feature);

    for (p = strchr(p, ':'); p; p = strchr(p, ';')) {
        p++;
        if (strncmp(p, feature, len) == 0 && (p[len] == ';' || p[len] == '\0'))
            return true;
    }
    return false;
}

static void handle_supported(const char *p)
{
    multiprocess = gdb_offers(p, "multiprocess+");
    /* Fork events name the child by pid. */
    fork_events = multiprocess && gdb_offers(p, "fork-events+");
    vfork_events = fork_events && gdb_offers(p, "vfork-events+");
    exec_events = gdb_offers(p, "exec-events+");
    gdb_send_fmt("PacketSize=%x;QStartNoAckMode+;qXfer:features:read+;"
                 "qXfer:threads:read+;qXfer:auxv:read+;qXfer:siginfo:read+;"
                 "qXfer:exec-file:read+;vContSupported+;QPassSignals+%s%s%s%s",
                 GDB_MAX_PACKET, multiprocess ? ";multiprocess+" : "",
                 fork_events ? ";fork-events+" : "",
                 vfork_events ? ";vfork-events+" : "",
                 exec_events ? ";exec-events+" : "");
}

static void handle_query(const char *p)
{
    if (strncmp(p, "qSupported", 10) == 0) {
        handle_supported(p);
    } else if (strcmp(p, "qAttached") == 0 ||
               strncmp(p, "qAttached:", 10) == 0) {
        gdb_send("0"); /* started by us: gdb kills it when done */
    } else if (strcmp(p, "qC") == 0) {
        GdbThread *g = last_stop.thread ? last_stop.thread : threads;
        char id[32];

        gdb_send_fmt("QC%s", g ? thread_id(g, id) : "0");
    } else if (strcmp(p, "qfThreadInfo") == 0) {
        char out[GDB_MAX_PACKET], id[32];
        size_t n = 1;

        out[0] = 'm';
        /* Threads a syscall starts while stopped join the list. */
        pthread_mutex_lock(&lock);
        for (GdbThread *g = threads; g && n + 40 < sizeof(out); g = g->next)
            n += (size_t)snprintf(out + n, sizeof(out) - n, "%s%s",
                                  n > 1 ? "," : "", thread_id(g, id));
        pthread_mutex_unlock(&lock);
        out[n] = '\0';
        gdb_send(n > 1 ? out : "l");
    } else if (strcmp(p, "qsThreadInfo") == 0) {
        gdb_send("l");
    } else if (strncmp(p, "qXfer:", 6) == 0) {
        handle_xfer(p + 6);
    } else if (strncmp(p, "qSymbol", 7) == 0) {
        gdb_send("OK");
    } else if (strncmp(p, "QPassSignals:", 13) == 0) {
        /* gdb's numbers, hex, ';'-separated: the whole set each time. */
        const char *q = p + 13;
        uint64_t set = 0;

        while (*q) {
            int sig = gdb_signal_to_linux((int)gdb_parse_hex(&q));

            if (sig >= 1 && sig <= 64)
                set |= 1ull << (sig - 1);
            if (*q != ';')
                break;
            q++;
        }
        pass_signals = set;
        gdb_send("OK");
    } else if (strcmp(p, "QStartNoAckMode") == 0) {
        gdb_send("OK");
        gdb_set_no_ack();
    } else {
        gdb_send("");
    }
}

/* ---- fork children gdb has not decided about (under lock) ---- */

static GdbForkChild *fork_child_find(long pid)
{
    for (GdbForkChild *c = fork_children; c; c = c->next)
        if (c->pid == pid)
            return c;
    return NULL;
}

/* Takes the child off the list (pid 0: the first one). */
static GdbForkChild *fork_child_take(long pid)
{
    for (GdbForkChild **p = &fork_children; *p; p = &(*p)->next) {
        GdbForkChild *c = *p;

        if (pid == 0 || c->pid == pid) {
            *p = c->next;
            if (sel_child == c)
                sel_child = NULL;
            return c;
        }
    }
    return NULL;
}

static void send_all(int fd, const void *data, size_t len)
{
    const char *p = data;

    while (len > 0) {
        ssize_t n = send(fd, p, len, MSG_NOSIGNAL);

        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return; /* the child has gone */
        p += n;
        len -= (size_t)n;
    }
}

/* Tells a child (off the list) gdb's verdict: 'D' run free, 'F' take the
 * connection over, with the breakpoint changes gdb made in it. */
static void fork_child_release(GdbForkChild *c, char kind)
{
    GdbVerdict v = {.kind = kind, .nb_ops = kind == 'D' ? 0 : c->nb_ops};

    send_all(c->verdict_fd, &v, sizeof(v));
    send_all(c->verdict_fd, c->ops, v.nb_ops * sizeof(c->ops[0]));
    close(c->verdict_fd);
    free(c->regs);
    free(c);
}

/* Every child still waiting runs free: gdb resumes without deciding
 * (detach-on-fork off), which this stub, one process per connection,
 * cannot serve. */
static void fork_children_release_all(void)
{
    GdbForkChild *c;

    while ((c = fork_child_take(0)) != NULL)
        fork_child_release(c, 'D');
}

/* Sets every thread's action for a resume; under lock. */
static void resume_all(void)
{
    fork_children_release_all();
    running = true;
    last_stop.thread = NULL;
    for (GdbThread *g = threads; g; g = g->next)
        g->step_after_exception = false;
    pthread_cond_broadcast(&park_cond);
}

static void set_action(GdbThread *g, int action, int sig)
{
    g->action = action;
    g->resume_sig = sig;
}

/* c/s/C/S: the current thread (Hc) acts, the others continue. */
static void handle_resume_simple(char cmd, const char *p)
{
    GdbThread *cur = sel_c ? sel_c : last_stop.thread;
    int sig = 0;

    if (cmd == 'C' || cmd == 'S')
        sig = gdb_signal_to_linux((int)gdb_parse_hex(&p));
    if (!cur)
        cur = threads;
    pthread_mutex_lock(&lock);
    for (GdbThread *g = threads; g; g = g->next)
        set_action(g, GDB_CONT, 0);
    new_thread_action = GDB_CONT;
    if (cur)
        set_action(cur, cmd == 's' || cmd == 'S' ? GDB_STEP : GDB_CONT, sig);
    resume_all();
    pthread_mutex_unlock(&lock);
}

/* Whether a thread is to run; under lock. */
static bool resumes_any(void)
{
    for (GdbThread *g = threads; g; g = g->next)
        if (g->action != GDB_STOP)
            return true;
    return false;
}

/* The fork child a vCont's actions resume, if any ('C' or 'S' in *kind):
 * gdb resumes it while this process still waits (detach-on-fork off, a
 * vfork followed to the child). Under lock. */
static GdbForkChild *vcont_child(const char *p, char *kind)
{
    while (*p == ';') {
        char cmd = p[1];
        GdbForkChild *c = NULL;

        p += 2;
        while (*p && *p != ':' && *p != ';')
            p++;
        if (*p == ':')
            c = fork_child_find(id_pid(p + 1));
        if (c && (cmd == 'c' || cmd == 'C' || cmd == 's' || cmd == 'S')) {
            *kind = cmd == 's' || cmd == 'S' ? 'S' : 'C';
            return c;
        }
        while (*p && *p != ';')
            p++;
    }
    return NULL;
}

/*
 * This process cannot serve two: the child gdb resumes takes the
 * connection over and runs; this one is detached (gdb, still counting it
 * attached, finds it gone: a vfork parent gdb detaches itself once the
 * child has executed). The child answers the resume with its stop.
 * Called under lock, with c off the list.
 */
static bool vcont_hand_over(GdbForkChild *c, char kind)
{
    fork_children_release_all();
    pthread_mutex_unlock(&lock);
    fork_child_release(c, kind);
    detach();
    return true;
}

/* vCont;ACTION[:TID]...: the leftmost action naming a thread wins. */
static bool handle_vcont(const char *p)
{
    bool default_set = false;
    GdbForkChild *child;
    char kind = 'C';

    pthread_mutex_lock(&lock);
    child = vcont_child(p, &kind);
    if (child) {
        fork_child_take(child->pid);
        return vcont_hand_over(child, kind);
    }
    for (GdbThread *g = threads; g; g = g->next) {
        g->action = GDB_STOP;
        g->vcont_named = false;
    }
    new_thread_action = GDB_STOP;
    while (*p == ';') {
        char cmd = *++p;
        int sig = 0, action;
        GdbThread *target = NULL;
        bool all = true;

        p++;
        if (cmd == 'C' || cmd == 'S')
            sig = gdb_signal_to_linux((int)gdb_parse_hex(&p));
        if (cmd == 'c' || cmd == 'C')
            action = GDB_CONT;
        else if (cmd == 's' || cmd == 'S')
            action = GDB_STEP;
        else if (cmd == 't')
            action = GDB_STOP;
        else
            break;
        if (*p == ':') {
            target = thread_by_id(++p, &all);
            while (*p && *p != ';')
                p++;
            if (!target && !all)
                continue;
        }
        if (all && !default_set) {
            new_thread_action = action == GDB_STOP ? GDB_STOP : GDB_CONT;
            default_set = true;
        }
        for (GdbThread *g = threads; g; g = g->next) {
            if ((all || g == target) && !g->vcont_named) {
                set_action(g, action, sig);
                g->vcont_named = true;
            }
        }
    }
    if (!resumes_any()) {
        /* Only threads gone or another process's (a fork child that
         * already runs free): no stop would ever answer. */
        pthread_mutex_unlock(&lock);
        gdb_send("E01");
        return false;
    }
    resume_all();
    pthread_mutex_unlock(&lock);
    return true;
}

static void handle_set_thread(const char *p)
{
    long pid = id_pid(p + 1);
    bool all;
    GdbThread *g;

    pthread_mutex_lock(&lock);
    if (p[0] == 'g') {
        sel_child = pid > 0 && pid != stub_pid ? fork_child_find(pid) : NULL;
        sel_former = pid > 0 && pid == former_pid;
    }
    g = thread_by_id(p + 1, &all);
    pthread_mutex_unlock(&lock);
    if (sel_child || sel_former) {
        sel_g = NULL;
        gdb_send("OK");
        return;
    }
    if (!g && !all) {
        gdb_send("E01");
        return;
    }
    if (p[0] == 'g')
        sel_g = g;
    else
        sel_c = g;
    gdb_send("OK");
}

static void kill_guest(void)
{
    _exit(137);
}

/* gdb detaches: breakpoints go, everyone runs on without the stub. */
static void detach(void)
{
    tcg_debug_breakpoint_remove_all();
    pthread_mutex_lock(&lock);
    nb_watches = 0;
    detached = true;
    for (GdbThread *g = threads; g; g = g->next)
        set_action(g, GDB_CONT, 0);
    pthread_cond_broadcast(&park_cond);
    pthread_mutex_unlock(&lock);
}

/*
 * D, D;PID: gdb detaches this process, or a fork child (which then runs
 * free). Detached while a fork child waits, gdb goes on with the child
 * (follow-fork-mode child): it takes the connection over once this
 * process has answered and stopped reading. True when the guest runs.
 */
static bool handle_detach(const char *p)
{
    GdbForkChild *c;
    long pid = 0;

    if (*p == ';') {
        p++;
        pid = (long)gdb_parse_hex(&p);
    }
    if (pid > 0 && pid == former_pid) { /* detached already */
        gdb_send("OK");
        return false;
    }
    if (pid > 0 && pid != stub_pid) {
        pthread_mutex_lock(&lock);
        c = fork_child_take(pid);
        pthread_mutex_unlock(&lock);
        gdb_send(c ? "OK" : "E01");
        if (c)
            fork_child_release(c, 'D');
        return false;
    }
    gdb_send("OK");
    pthread_mutex_lock(&lock);
    c = fork_child_take(last_stop.fork_pid);
    if (!c)
        c = fork_child_take(0);
    fork_children_release_all();
    pthread_mutex_unlock(&lock);
    if (c)
        fork_child_release(c, 'F');
    detach();
    return true;
}

/* vKill, vKill;PID: a fork child gdb has not detached dies alone, and
 * so does the parent a followed child took the connection from. */
static void handle_kill(const char *p)
{
    GdbForkChild *c;
    long pid = *p == ';' ? (p++, (long)gdb_parse_hex(&p)) : 0;
    bool found;

    if (pid <= 0 || pid == stub_pid) {
        gdb_send("OK");
        kill_guest();
    }
    if (pid == former_pid) {
        found = getppid() == (pid_t)pid && kill((pid_t)pid, SIGKILL) == 0;
        gdb_send(found ? "OK" : "E01");
        return;
    }
    pthread_mutex_lock(&lock);
    c = fork_child_take(pid);
    pthread_mutex_unlock(&lock);
    found = c != NULL;
    if (c) {
        kill((pid_t)pid, SIGKILL);
        close(c->verdict_fd);
        free(c->regs);
        free(c);
    }
    gdb_send(found ? "OK" : "E01");
}

/* Answers one packet while stopped; true when the guest now runs. */
static bool handle_packet(char *pkt, size_t len)
{
    switch (pkt[0]) {
    case '?': send_stop_reply(); return false;
    case 'g': handle_read_regs(); return false;
    case 'G': handle_write_regs(pkt + 1); return false;
    case 'p': handle_read_reg(pkt + 1); return false;
    case 'P': handle_write_reg(pkt + 1); return false;
    case 'm': handle_read_mem(pkt + 1); return false;
    case 'M': handle_write_mem(pkt + 1, len - 1, false); return false;
    case 'X': handle_write_mem(pkt + 1, len - 1, true); return false;
    case 'Z': handle_breakpoint(pkt + 1, true); return false;
    case 'z': handle_breakpoint(pkt + 1, false); return false;
    case 'H': handle_set_thread(pkt + 1); return false;
    case 'T': {
        bool all, alive;

        pthread_mutex_lock(&lock);
        alive = thread_by_id(pkt + 1, &all) != NULL ||
                fork_child_find(id_pid(pkt + 1)) != NULL;
        pthread_mutex_unlock(&lock);
        gdb_send(alive ? "OK" : "E01");
        return false;
    }
    case 'q':
    case 'Q': handle_query(pkt); return false;
    case 'c':
    case 'C':
    case 's':
    case 'S': handle_resume_simple(pkt[0], pkt + 1); return true;
    case 'k': kill_guest(); return false;
    case 'D': return handle_detach(pkt + 1);
    case 'v':
        if (strncmp(pkt, "vCont?", 6) == 0) {
            gdb_send("vCont;c;C;s;S;t");
            return false;
        }
        if (strncmp(pkt, "vCont;", 6) == 0)
            return handle_vcont(pkt + 5);
        if (strncmp(pkt, "vFile:", 6) == 0) {
            gdb_vfile_packet(pkt + 6, stub_pid);
            return false;
        }
        if (strncmp(pkt, "vKill", 5) == 0) {
            handle_kill(pkt + 5);
            return false;
        }
        gdb_send(""); /* vMustReplyEmpty, vFile, ... */
        return false;
    default: gdb_send(""); return false;
    }
}

/* ---- the stub's thread ---- */

/* Waits, while the guest runs, for a thread's stop or gdb's interrupt;
 * then stops everyone. False when gdb has gone. */
static bool wait_for_stop(void)
{
    for (;;) {
        struct pollfd fds[2] = {{conn, POLLIN, 0}, {wake_pipe[0], POLLIN, 0}};
        bool interrupt = false;
        char drain[64];

        if (!gdb_rx_pending() && poll(fds, 2, -1) < 0 && errno != EINTR)
            return false;
        if (gdb_rx_pending() ||
            (fds[0].revents & (POLLIN | POLLHUP | POLLERR))) {
            int c = gdb_rx_byte();

            if (c < 0)
                return false;
            interrupt = c == 0x03;
        }
        if (fds[1].revents & POLLIN) {
            ssize_t n = read(wake_pipe[0], drain, sizeof(drain));

            (void)n; /* drained; the event itself is event_posted */
        }
        pthread_mutex_lock(&lock);
        if (event_posted || interrupt) {
            stop_all();
            if (event_posted) {
                last_stop = event;
                event_posted = false;
            } else {
                last_stop = (GdbStop){.thread = threads, .sig = SIGINT};
            }
            pthread_mutex_unlock(&lock);
            sel_g = sel_c = NULL;
            return true;
        }
        pthread_mutex_unlock(&lock);
    }
}

static void *stub_main(void *opaque)
{
    static char pkt[GDB_MAX_PACKET + 64];

    (void)opaque;
    if (exec_stop_pending) {
        exec_stop_pending = false;
        send_stop_reply();
    }
    for (;;) {
        /* A fork child taking over, resumed: gdb waits for its stop. */
        if (resume_on_start) {
            resume_on_start = false;
        } else {
            int n = gdb_recv_packet(pkt, sizeof(pkt));

            if (n == -2)
                continue; /* an interrupt while stopped */
            if (n < 0)
                break;
            if (!handle_packet(pkt, (size_t)n))
                continue;
            pthread_mutex_lock(&lock);
            bool gone = detached;
            pthread_mutex_unlock(&lock);
            if (gone)
                break;
        }
        if (!wait_for_stop())
            break;
        send_stop_reply();
    }
    /* gdb went away without killing: as gdbserver does, the guest goes
     * with it. */
    pthread_mutex_lock(&lock);
    bool was_detached = detached;
    pthread_mutex_unlock(&lock);
    if (!was_detached)
        kill_guest();
    close(conn);
    return NULL;
}

/* The guest numbers its descriptors from 0 up (and shells dup2 onto
 * small ones): the stub's move high, below RLIMIT_NOFILE, as binfmt.c's
 * own does. */
static int fd_move_high(int fd)
{
    struct rlimit rl;
    int floor = 1010, high;

    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
        rl.rlim_cur <= (rlim_t)floor + 8)
        floor = rl.rlim_cur > 32 ? (int)rl.rlim_cur - 24 : fd;
    high = fcntl(fd, F_DUPFD_CLOEXEC, floor);
    if (high < 0)
        return fd;
    close(fd);
    return high;
}

static int listen_on(int port)
{
    struct sockaddr_in addr = {.sin_family = AF_INET,
                               .sin_port = htons((uint16_t)port),
                               .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    int one = 1;
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);

    if (fd < 0)
        return -1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
    if (bind(fd, (struct sockaddr *)&addr, sizeof(addr)) < 0 ||
        listen(fd, 1) < 0) {
        int err = errno;
        close(fd);
        errno = err;
        return -1;
    }
    return fd;
}

/* The stub's own thread (and the pipe guest threads wake it with). */
static void start_stub_thread(void)
{
    pthread_t handle;
    pthread_attr_t attr;
    sigset_t all, old;

    if (pipe2(wake_pipe, O_CLOEXEC | O_NONBLOCK) < 0)
        arx_fatal("cannot make the gdb stub's pipe: %s", strerror(errno));
    wake_pipe[0] = fd_move_high(wake_pipe[0]);
    wake_pipe[1] = fd_move_high(wake_pipe[1]);
    /* The guest's signals are for guest threads; faults stay on. */
    sigfillset(&all);
    sigdelset(&all, SIGSEGV);
    sigdelset(&all, SIGBUS);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    if (pthread_create(&handle, &attr, stub_main, NULL) != 0)
        arx_fatal("cannot start the gdb stub's thread");
    pthread_attr_destroy(&attr);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
}

void gdbstub_start(GuestThread *main, const char *port_text)
{
    struct sockaddr_in bound;
    socklen_t bound_len = sizeof(bound);
    char *end;
    long port = strtol(port_text, &end, 10);
    int fd, one = 1;

    arch = guest_image.machine == EM_ARM
               ? &gdb_arch_arm
               : gdb_arch_aarch64_select(main->env.sve_vq);
    if (*end || end == port_text || port < 0 || port > 65535)
        arx_fatal("bad port for gdb '%s' (-g, ARX_GDB): 0 to 65535", port_text);
    fd = listen_on((int)port);
    if (fd < 0)
        arx_fatal("cannot listen on 127.0.0.1:%ld for gdb: %s", port,
                  strerror(errno));
    /* Port 0: the kernel's choice, which gdb must be told. */
    if (getsockname(fd, (struct sockaddr *)&bound, &bound_len) == 0)
        port = ntohs(bound.sin_port);
    fprintf(stderr, "arx: waiting for gdb on 127.0.0.1:%ld\n", port);
    do
        conn = accept4(fd, NULL, NULL, SOCK_CLOEXEC);
    while (conn < 0 && errno == EINTR);
    close(fd);
    if (conn < 0)
        arx_fatal("gdb connection failed: %s", strerror(errno));
    setsockopt(conn, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
    conn = fd_move_high(conn);
    gdb_protocol_init(conn);
    stub_pid = getpid();
    gdbstub_active = true;
    gdbstub_thread_start(main);
    last_stop = (GdbStop){.thread = main->gdb, .sig = SIGTRAP};
    start_stub_thread();
}

/* ---- following forks ---- */

/* The child's verdict channel: a socket pair, so that a child gone
 * before the verdict is no SIGPIPE for this process. A vfork also gets a
 * pipe whose write end only the child holds, till it executes or exits. */
static void make_verdict_channel(bool vfork)
{
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fork_pipe) != 0) {
        fork_pipe[0] = fork_pipe[1] = -1;
        return;
    }
    fork_pipe[0] = fd_move_high(fork_pipe[0]);
    fork_pipe[1] = fd_move_high(fork_pipe[1]);
    if (vfork && pipe2(vfork_pipe, O_CLOEXEC) == 0) {
        vfork_pipe[0] = fd_move_high(vfork_pipe[0]);
        vfork_pipe[1] = fd_move_high(vfork_pipe[1]);
    }
}

bool gdbstub_follows_vfork(GuestThread *t)
{
    bool follows;

    if (!gdbstub_active || !vfork_events || !t->gdb || getpid() != stub_pid)
        return false;
    pthread_mutex_lock(&lock);
    follows = !detached;
    pthread_mutex_unlock(&lock);
    return follows;
}

void gdbstub_before_fork(GuestThread *t, bool vfork)
{
    if (!gdbstub_active)
        return;
    /* Held across the fork: the child's copy of the state is whole. */
    pthread_mutex_lock(&lock);
    if (fork_events && t->gdb && !detached && getpid() == stub_pid)
        make_verdict_channel(vfork && vfork_events);
}

static void close_pair(int fds[2])
{
    for (int i = 0; i < 2; i++)
        if (fds[i] >= 0)
            close(fds[i]);
    fds[0] = fds[1] = -1;
}

/* The fork child's registers as the clone left them, or NULL. */
static GuestThread *child_regs(const GuestThread *t, uint64_t newsp,
                               bool set_tls, uint64_t tls)
{
    GuestThread *regs = malloc(sizeof(*regs));

    if (regs) {
        *regs = *t;
        arch_clone_regs(regs, newsp, set_tls, tls);
    }
    return regs;
}

void gdbstub_after_fork_parent(GuestThread *t, int child, uint64_t newsp,
                               bool set_tls, uint64_t tls)
{
    GdbForkChild *c = NULL;

    if (!gdbstub_active)
        return;
    if (fork_pipe[0] >= 0) {
        if (child > 0)
            c = calloc(1, sizeof(*c));
        if (c && !(c->regs = child_regs(t, newsp, set_tls, tls))) {
            free(c);
            c = NULL;
        }
        if (c) {
            c->pid = child;
            c->view = (GdbThread){.t = c->regs, .vfork_done_fd = -1};
            c->verdict_fd = fork_pipe[1];
            c->next = fork_children;
            fork_children = c;
            t->gdb->fork_child = child;
            fork_pipe[1] = -1;
            if (vfork_pipe[0] >= 0) {
                t->gdb->vfork_done_fd = vfork_pipe[0];
                vfork_pipe[0] = -1;
            }
        }
        /* Without c the child, if any, sees its channel close: it runs
         * free. */
        close_pair(fork_pipe);
        close_pair(vfork_pipe);
    }
    pthread_mutex_unlock(&lock);
}

/* A fork child without the debugger: breakpoints (its own copy) go. */
static void fork_child_run_free(void)
{
    gdbstub_active = false;
    tcg_debug_breakpoint_remove_all();
    nb_watches = 0;
    close(conn);
    close(wake_pipe[0]);
    close(wake_pipe[1]);
}

void gdbstub_after_fork(void)
{
    if (!gdbstub_active)
        return;
    /* Threads of the parent's may have held them; none is here. */
    pthread_mutex_init(&lock, NULL);
    pthread_cond_init(&park_cond, NULL);
    pthread_cond_init(&idle_cond, NULL);
    gdb_protocol_after_fork();
    /* The parent's other children are the parent's to tell. */
    while (fork_children) {
        GdbForkChild *c = fork_children;

        fork_children = c->next;
        close(c->verdict_fd);
        free(c->regs);
        free(c);
    }
    sel_child = NULL;
    /* A vfork's done pipe: its write end stays open (close-on-exec). */
    if (vfork_pipe[0] >= 0)
        close(vfork_pipe[0]);
    vfork_pipe[0] = vfork_pipe[1] = -1;
    if (fork_pipe[0] < 0) {
        fork_child_run_free();
        return;
    }
    close(fork_pipe[1]);
    verdict_fd = fork_pipe[0];
    fork_pipe[0] = fork_pipe[1] = -1;
}

/* gdb follows this fork child: it debugs this process from now on, the
 * thread stopped ('F') or resumed as gdb asked ('C', 'S'). */
static void fork_child_take_over(GuestThread *t, char kind)
{
    GdbThread *g = t->gdb;
    int action = kind == 'C' ? GDB_CONT : kind == 'S' ? GDB_STEP : GDB_STOP;

    /* The parent's other threads are not here. */
    *g = (GdbThread){.t = t, .action = action, .vfork_done_fd = -1};
    threads = g;
    former_pid = stub_pid;
    stub_pid = getpid();
    running = action != GDB_STOP;
    resume_on_start = running;
    detached = false;
    event_posted = false;
    new_thread_action = running ? GDB_CONT : GDB_STOP;
    last_stop = (GdbStop){.thread = g, .sig = SIGTRAP};
    sel_g = sel_c = NULL;
    sel_former = false;
    close(wake_pipe[0]); /* the parent's */
    close(wake_pipe[1]);
    start_stub_thread();
}

/* In a fork child, before its first instruction: waits for the parent's
 * stub to say what gdb decided. */
static void fork_child_wait(GuestThread *t)
{
    int fd = verdict_fd;
    GdbVerdict v = {0};
    GdbBreakOp op;
    bool follow;

    verdict_fd = -1;
    follow = read_all(fd, &v, sizeof(v)) && v.kind != 'D' && t->gdb;
    for (uint32_t i = 0; follow && i < v.nb_ops; i++) {
        follow = read_all(fd, &op, sizeof(op));
        if (follow)
            break_op_apply(&op);
    }
    close(fd);
    if (follow)
        fork_child_take_over(t, v.kind);
    else
        fork_child_run_free();
}

/* A vfork's parent thread: back to guest code only once the child has
 * executed or exited, as the kernel's CLONE_VFORK. */
static void wait_vfork_done(GdbThread *g)
{
    char byte;
    ssize_t n;

    do
        n = read(g->vfork_done_fd, &byte, 1);
    while (n < 0 && errno == EINTR);
    close(g->vfork_done_fd);
    g->vfork_done_fd = -1;
}

/*
 * The forking thread, back from the syscall (its result in place):
 * T05fork:pCHILD.CHILD (or vfork:), then what gdb decides happens in the
 * packets. A vfork's parent then waits for the child and reports
 * T05vforkdone (gdb puts back the breakpoints it took out meanwhile).
 */
static void report_fork(GdbThread *g)
{
    bool vfork = g->vfork_done_fd >= 0;
    GdbStop why = {
        .thread = g, .sig = SIGTRAP, .fork_pid = g->fork_child, .vfork = vfork};

    g->fork_child = 0;
    g->siginfo = (GuestSiginfo){.signo = SIGTRAP};
    while (stop_here_for(g, why) < 0)
        continue;
    if (!vfork)
        return;
    wait_vfork_done(g);
    why = (GdbStop){.thread = g, .sig = SIGTRAP, .vfork_done = true};
    while (stop_here_for(g, why) < 0)
        continue;
}

/* ---- following execs ---- */

bool gdbstub_follows_exec(void)
{
    bool follows;

    if (!gdbstub_active || !exec_events || getpid() != stub_pid)
        return false;
    pthread_mutex_lock(&lock);
    follows = !detached;
    pthread_mutex_unlock(&lock);
    return follows;
}

/*
 * Holds the lock until the execve has replaced the process (or failed):
 * no stop can be reported meanwhile, so the new arx's exec stop is the
 * answer to gdb's last resume. While gdb holds the guest stopped, the
 * exec waits for it to resume (the thread was in a syscall).
 */
const char *gdbstub_exec_begin(void)
{
    static char option[96];
    int flags;

    if (!gdbstub_active || !exec_events || getpid() != stub_pid)
        return NULL;
    pthread_mutex_lock(&lock);
    while (!running && !detached)
        pthread_cond_wait(&park_cond, &lock);
    if (detached || fcntl(conn, F_SETFD, 0) != 0) {
        pthread_mutex_unlock(&lock);
        return NULL;
    }
    flags = (gdb_no_ack() ? GDB_EXEC_NO_ACK : 0) |
            (multiprocess ? GDB_EXEC_MULTIPROCESS : 0) |
            (fork_events ? GDB_EXEC_FORK_EVENTS : 0) |
            (vfork_events ? GDB_EXEC_VFORK_EVENTS : 0) |
            (exec_events ? GDB_EXEC_EXEC_EVENTS : 0);
    snprintf(option, sizeof(option), GDBSTUB_EXEC_OPTION "%d,%x,%llx,%lx", conn,
             flags, (unsigned long long)pass_signals,
             (unsigned long)former_pid);
    return option;
}

void gdbstub_exec_failed(void)
{
    fcntl(conn, F_SETFD, FD_CLOEXEC);
    pthread_mutex_unlock(&lock);
}

/* fd is a connected TCP socket (what gdbstub_start accepted). */
static bool is_gdb_connection(int fd)
{
    struct sockaddr_storage peer;
    socklen_t peer_len = sizeof(peer);
    int type = 0, domain = 0;
    socklen_t len = sizeof(type);
    struct stat st;

    if (fd < 3 || fstat(fd, &st) != 0 || !S_ISSOCK(st.st_mode) ||
        getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &len) != 0 ||
        type != SOCK_STREAM)
        return false;
    len = sizeof(domain);
    if (getsockopt(fd, SOL_SOCKET, SO_DOMAIN, &domain, &len) != 0 ||
        (domain != AF_INET && domain != AF_INET6))
        return false;
    return getpeername(fd, (struct sockaddr *)&peer, &peer_len) == 0;
}

void gdbstub_start_after_exec(GuestThread *main, const char *state)
{
    unsigned flags;
    unsigned long long pass;
    unsigned long former;
    int fd, used = 0;

    if (sscanf(state, "%d,%x,%llx,%lx%n", &fd, &flags, &pass, &former, &used) !=
            4 ||
        state[used] != '\0' || !is_gdb_connection(fd)) {
        fprintf(stderr, "arx: %s%s: not a gdb connection, ignored\n",
                GDBSTUB_EXEC_OPTION, state);
        return;
    }
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    arch = guest_image.machine == EM_ARM
               ? &gdb_arch_arm
               : gdb_arch_aarch64_select(main->env.sve_vq);
    conn = fd;
    gdb_protocol_init(conn);
    if (flags & GDB_EXEC_NO_ACK)
        gdb_set_no_ack();
    multiprocess = flags & GDB_EXEC_MULTIPROCESS;
    fork_events = flags & GDB_EXEC_FORK_EVENTS;
    vfork_events = flags & GDB_EXEC_VFORK_EVENTS;
    exec_events = flags & GDB_EXEC_EXEC_EVENTS;
    pass_signals = pass;
    former_pid = (long)former;
    stub_pid = getpid();
    gdbstub_active = true;
    gdbstub_thread_start(main);
    last_stop = (GdbStop){.thread = main->gdb, .sig = SIGTRAP, .exec = true};
    exec_stop_pending = true;
    start_stub_thread();
}
