/*
 * The GDB remote stub (gdbstub.h): one host thread owns the connection and
 * answers gdb's packets while the guest is stopped; guest threads stop
 * themselves at breakpoints, steps and signals and wait here until gdb
 * resumes them. All-stop: when one thread stops, the others are kicked out
 * of translated code and wait too (a thread blocked in a syscall counts as
 * stopped; it waits as soon as the syscall returns). Guest memory is
 * reached by guest address, checked against the guest's mappings.
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
#include <unistd.h>

#include "linux-user/arch.h"
#include "linux-user/gdb_protocol.h"
#include "linux-user/vma.h"
#include "syscalls/arm_eabi.h"
#include "syscalls/syscalls.h"
#include "tcg/debug.h"
#include "tcg/exec.h"
#include "tcg/tb.h"
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
} GdbThread;

/* Why the guest stopped, for '?' and the stop reply. */
typedef struct GdbStop {
    GdbThread *thread;
    int sig;
    bool watch; /* a write watchpoint at watch_addr changed */
    uint64_t watch_addr;
} GdbStop;

/*
 * Write watchpoints (Z2): while any is set, every running thread steps
 * one instruction at a time and compares the watched bytes after each
 * one (and after each syscall), so a write by any thread, or by the
 * kernel for it, is seen; the stop comes after the writing instruction.
 */
#define GDB_MAX_WATCH 16
#define GDB_WATCH_MAX_LEN 64

typedef struct GdbWatch {
    uint64_t addr;
    uint32_t len;
    uint8_t old[GDB_WATCH_MAX_LEN];
} GdbWatch;

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

/*
 * The thread an Hg/Hc/T/vCont id names: TID, or pPID.TID once gdb and the
 * stub agreed on multiprocess; -1 (NULL, *all) is every one, 0 any.
 */
static GdbThread *thread_by_id(const char *id, bool *all)
{
    const char *p = id;
    int tid;

    *all = false;
    if (*p == 'p') {
        p++;
        if (*p == '-') {
            *all = true;
            return NULL;
        }
        gdb_parse_hex(&p); /* the pid: only ours is there */
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

/* Whether a watched range changed since it was last looked at (then it
 * is remembered as it is now); *addr is the range's. */
static bool watch_changed(uint64_t *addr)
{
    uint8_t now[GDB_WATCH_MAX_LEN];
    bool changed = false;

    pthread_mutex_lock(&lock);
    for (int i = 0; i < nb_watches && !changed; i++) {
        GdbWatch *w = &watches[i];

        if (mem_read(w->addr, now, w->len) == w->len &&
            memcmp(now, w->old, w->len) != 0) {
            memcpy(w->old, now, w->len);
            *addr = w->addr;
            changed = true;
        }
    }
    pthread_mutex_unlock(&lock);
    return changed;
}

/* Stops g if a watched range changed; returns whether it did. */
static bool watch_stop(GdbThread *g)
{
    GdbStop why = {.thread = g, .sig = SIGTRAP, .watch = true};

    if (!nb_watches || !watch_changed(&why.watch_addr))
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
    GdbThread *g = t->gdb;
    CPUARMState *env = &t->env;

    if (!g || !gdbstub_active) {
        cpu_exec_undebugged(env);
        return;
    }
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
    GdbThread *g = t->gdb;
    int sig = info->signo, passed;

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
    if (!was_detached)
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

void gdbstub_after_fork(void)
{
    if (!gdbstub_active)
        return;
    gdbstub_active = false;
    tcg_debug_breakpoint_remove_all(); /* this process's own copy */
    nb_watches = 0;
    close(conn);
    close(wake_pipe[0]);
    close(wake_pipe[1]);
}

/* ---- packets (the stub's thread, guest stopped) ---- */

static void send_stop_reply(void)
{
    GdbThread *g = last_stop.thread;
    char id[32];

    if (g && last_stop.watch)
        gdb_send_fmt(
            "T%02xwatch:%llx;thread:%s;", gdb_signal_from_linux(last_stop.sig),
            (unsigned long long)last_stop.watch_addr, thread_id(g, id));
    else if (g)
        gdb_send_fmt("T%02xthread:%s;", gdb_signal_from_linux(last_stop.sig),
                     thread_id(g, id));
    else
        gdb_send_fmt("S%02x", gdb_signal_from_linux(last_stop.sig));
}

static GdbThread *reg_thread(void)
{
    if (sel_g)
        return sel_g;
    return last_stop.thread ? last_stop.thread : threads;
}

static void handle_read_regs(void)
{
    GdbThread *g = reg_thread();
    char *out = malloc((size_t)arch->nb_regs * 64 + 1), *p = out;
    uint8_t reg[64];

    if (!g || !out) {
        free(out);
        gdb_send("E01");
        return;
    }
    for (int n = 0; n < arch->nb_regs; n++)
        p = gdb_to_hex(p, reg, (size_t)arch->read_reg(&g->t->env, n, reg));
    gdb_send(out);
    free(out);
}

static void handle_write_regs(const char *hex)
{
    GdbThread *g = reg_thread();
    uint8_t reg[64];

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
    uint8_t reg[64];
    char out[130];

    if (!g || n >= arch->nb_regs ||
        (size = arch->read_reg(&g->t->env, n, reg)) == 0) {
        gdb_send("E01");
        return;
    }
    gdb_to_hex(out, reg, (size_t)size);
    gdb_send(out);
}

static void handle_write_reg(const char *p)
{
    GdbThread *g = reg_thread();
    int n = (int)gdb_parse_hex(&p), size;
    uint8_t reg[64];

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

    if (*p++ != ',') {
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

    if (*p++ != ',') {
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

/* Z2/z2: a write watchpoint on [addr, addr + len). */
static bool watch_insert(uint64_t addr, uint64_t len)
{
    bool ok = false;

    if (len == 0 || len > GDB_WATCH_MAX_LEN)
        return false;
    pthread_mutex_lock(&lock);
    if (nb_watches < GDB_MAX_WATCH) {
        GdbWatch *w = &watches[nb_watches];

        w->addr = addr;
        w->len = (uint32_t)len;
        ok = mem_read(addr, w->old, w->len) == w->len;
        if (ok)
            nb_watches++;
    }
    pthread_mutex_unlock(&lock);
    return ok;
}

static void watch_remove(uint64_t addr, uint64_t len)
{
    pthread_mutex_lock(&lock);
    for (int i = 0; i < nb_watches; i++) {
        if (watches[i].addr == addr && watches[i].len == len) {
            watches[i] = watches[nb_watches - 1];
            nb_watches--;
            break;
        }
    }
    pthread_mutex_unlock(&lock);
}

/* Z0/z0 (and Z1/z1, which need no hardware here); Z2/z2. */
static void handle_breakpoint(const char *p, bool insert)
{
    int type = (int)gdb_parse_hex(&p);
    uint64_t addr, len;
    bool ok;

    if (type > 2 || *p++ != ',') {
        gdb_send(""); /* read and access watchpoints: not supported */
        return;
    }
    addr = gdb_parse_hex(&p);
    if (type == 2) {
        if (*p++ != ',') {
            gdb_send("E01");
            return;
        }
        len = gdb_parse_hex(&p);
        if (insert) {
            ok = watch_insert(addr, len);
        } else {
            watch_remove(addr, len);
            ok = true;
        }
        gdb_send(ok ? "OK" : "E22");
        return;
    }
    ok = insert ? tcg_debug_breakpoint_insert(addr)
                : (tcg_debug_breakpoint_remove(addr), true);
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

static void handle_query(const char *p)
{
    if (strncmp(p, "qSupported", 10) == 0) {
        multiprocess = strstr(p, "multiprocess+") != NULL;
        gdb_send_fmt("PacketSize=%x;QStartNoAckMode+;qXfer:features:read+;"
                     "qXfer:threads:read+;qXfer:auxv:read+;qXfer:siginfo:read+;"
                     "qXfer:exec-file:read+;vContSupported+;QPassSignals+%s",
                     GDB_MAX_PACKET, multiprocess ? ";multiprocess+" : "");
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

/* Sets every thread's action for a resume; under lock. */
static void resume_all(void)
{
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

/* vCont;ACTION[:TID]...: the leftmost action naming a thread wins. */
static bool handle_vcont(const char *p)
{
    bool default_set = false;

    pthread_mutex_lock(&lock);
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
    resume_all();
    pthread_mutex_unlock(&lock);
    return true;
}

static void handle_set_thread(const char *p)
{
    bool all;
    GdbThread *g;

    pthread_mutex_lock(&lock);
    g = thread_by_id(p + 1, &all);
    pthread_mutex_unlock(&lock);
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
        alive = thread_by_id(pkt + 1, &all) != NULL;
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
    case 'D':
        gdb_send("OK");
        detach();
        return true;
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
            gdb_send("OK");
            kill_guest();
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
    for (;;) {
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

void gdbstub_start(GuestThread *main, const char *port_text)
{
    struct sockaddr_in bound;
    socklen_t bound_len = sizeof(bound);
    char *end;
    long port = strtol(port_text, &end, 10);
    int fd, one = 1;
    pthread_t handle;
    pthread_attr_t attr;
    sigset_t all, old;

    arch = guest_image.machine == EM_ARM ? &gdb_arch_arm : &gdb_arch_aarch64;
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
    if (pipe2(wake_pipe, O_CLOEXEC | O_NONBLOCK) < 0)
        arx_fatal("cannot make the gdb stub's pipe: %s", strerror(errno));
    wake_pipe[0] = fd_move_high(wake_pipe[0]);
    wake_pipe[1] = fd_move_high(wake_pipe[1]);
    stub_pid = getpid();
    gdbstub_active = true;
    gdbstub_thread_start(main);
    last_stop = (GdbStop){.thread = main->gdb, .sig = SIGTRAP};

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
