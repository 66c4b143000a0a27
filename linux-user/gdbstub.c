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
#include <limits.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "linux-user/arch.h"
#include "linux-user/path.h"
#include "linux-user/procfs.h"
#include "linux-user/vma.h"
#include "syscalls/syscalls.h"
#include "tcg/debug.h"
#include "tcg/exec.h"
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
static pthread_mutex_t send_lock = PTHREAD_MUTEX_INITIALIZER;

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

/* The stub's thread's own view, while the guest is stopped. */
static GdbThread *sel_g; /* Hg: registers and memory */
static GdbThread *sel_c; /* Hc */
static bool no_ack;
static bool multiprocess; /* thread ids are pPID.TID */

/* ---- the connection ---- */

static unsigned char rx_buf[4096];
static size_t rx_len, rx_pos;

/* The next byte from gdb, or -1 when it has gone. */
static int rx_byte(void)
{
    if (rx_pos == rx_len) {
        ssize_t n;

        do
            n = read(conn, rx_buf, sizeof(rx_buf));
        while (n < 0 && errno == EINTR);
        if (n <= 0)
            return -1;
        rx_len = (size_t)n;
        rx_pos = 0;
    }
    return rx_buf[rx_pos++];
}

static bool rx_pending(void)
{
    return rx_pos < rx_len;
}

static void tx_all(const char *buf, size_t len)
{
    while (len > 0) {
        ssize_t n = write(conn, buf, len);

        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return;
        buf += n;
        len -= (size_t)n;
    }
}

static const char hex_digits[] = "0123456789abcdef";

/* Sends one packet; len bytes of data, escaped as the protocol needs. */
static void send_packet_bin(const char *data, size_t len)
{
    char *out = malloc(2 * len + 8);
    size_t n = 0;
    unsigned char sum = 0;

    if (!out)
        return;
    out[n++] = '$';
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)data[i];

        if (c == '$' || c == '#' || c == '}' || c == '*') {
            out[n++] = '}';
            sum += '}';
            c ^= 0x20;
        }
        out[n++] = (char)c;
        sum += c;
    }
    out[n++] = '#';
    out[n++] = hex_digits[sum >> 4];
    out[n++] = hex_digits[sum & 15];
    pthread_mutex_lock(&send_lock);
    tx_all(out, n);
    pthread_mutex_unlock(&send_lock);
    free(out);
}

static void send_packet(const char *s)
{
    send_packet_bin(s, strlen(s));
}

static void send_fmt(const char *fmt, ...)
{
    char buf[512];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(buf, sizeof(buf), fmt, ap);
    va_end(ap);
    send_packet(buf);
}

/*
 * Reads one packet into buf (unescaped, NUL-terminated); returns its
 * length, -1 when gdb has gone, -2 for an interrupt (0x03) outside a
 * packet.
 */
static int recv_packet(char *buf, size_t size)
{
    int c;

    for (;;) {
        size_t n = 0;
        unsigned char sum = 0;
        bool escaped = false;

        do {
            c = rx_byte();
            if (c < 0)
                return -1;
            if (c == 0x03)
                return -2;
        } while (c != '$');
        while ((c = rx_byte()) >= 0 && c != '#') {
            sum += (unsigned char)c;
            if (escaped) {
                c ^= 0x20;
                escaped = false;
            } else if (c == '}') {
                escaped = true;
                continue;
            }
            if (n + 1 < size)
                buf[n++] = (char)c;
        }
        if (c < 0 || rx_byte() < 0 || rx_byte() < 0)
            return -1;
        (void)sum; /* TCP does not corrupt: the checksum is not checked */
        if (!no_ack) {
            pthread_mutex_lock(&send_lock);
            tx_all("+", 1);
            pthread_mutex_unlock(&send_lock);
        }
        buf[n] = '\0';
        return (int)n;
    }
}

/* ---- hex ---- */

static int hex_value(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Parses a hex number at *p, advancing it. */
static uint64_t parse_hex(const char **p)
{
    uint64_t v = 0;
    int d;

    while ((d = hex_value(**p)) >= 0) {
        v = v << 4 | (uint64_t)d;
        (*p)++;
    }
    return v;
}

static char *to_hex(char *out, const uint8_t *data, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        *out++ = hex_digits[data[i] >> 4];
        *out++ = hex_digits[data[i] & 15];
    }
    *out = '\0';
    return out;
}

/* Decodes len bytes of hex; false if the text is short or not hex. */
static bool from_hex(uint8_t *out, const char *hex, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        int hi = hex_value(hex[2 * i]), lo;

        if (hi < 0)
            return false;
        lo = hex_value(hex[2 * i + 1]);
        if (lo < 0)
            return false;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    return true;
}

/* ---- signal numbers ---- */

/*
 * The protocol numbers signals its own way (gdb's signals.def), not as
 * Linux does; the guest's are Linux's. 0: no such gdb signal.
 */
static const uint8_t gdb_signal_of_linux[32] = {
    [1] = 1,   [2] = 2,   [3] = 3,   [4] = 4,   [5] = 5,   [6] = 6,
    [7] = 10,  [8] = 8,   [9] = 9,   [10] = 30, [11] = 11, [12] = 31,
    [13] = 13, [14] = 14, [15] = 15, [17] = 20, [18] = 19, [19] = 17,
    [20] = 18, [21] = 21, [22] = 22, [23] = 16, [24] = 24, [25] = 25,
    [26] = 26, [27] = 27, [28] = 28, [29] = 23, [30] = 32, [31] = 12,
};
#define GDB_SIGNAL_REALTIME_32 77
#define GDB_SIGNAL_REALTIME_33 45 /* to 63: 45-75 */
#define GDB_SIGNAL_REALTIME_64 78
#define GDB_SIGNAL_UNKNOWN 143

static int gdb_signal_from_linux(int sig)
{
    if (sig > 0 && sig < 32 && gdb_signal_of_linux[sig])
        return gdb_signal_of_linux[sig];
    if (sig == 32)
        return GDB_SIGNAL_REALTIME_32;
    if (sig >= 33 && sig <= 63)
        return GDB_SIGNAL_REALTIME_33 + sig - 33;
    if (sig == 64)
        return GDB_SIGNAL_REALTIME_64;
    return GDB_SIGNAL_UNKNOWN;
}

/* 0 for gdb's "no signal" and for what Linux has no number for. */
static int linux_signal_from_gdb(int gdb_sig)
{
    for (int sig = 1; sig < 32; sig++)
        if (gdb_signal_of_linux[sig] == gdb_sig)
            return sig;
    if (gdb_sig == GDB_SIGNAL_REALTIME_32)
        return 32;
    if (gdb_sig >= GDB_SIGNAL_REALTIME_33 &&
        gdb_sig <= GDB_SIGNAL_REALTIME_33 + 30)
        return gdb_sig - GDB_SIGNAL_REALTIME_33 + 33;
    if (gdb_sig == GDB_SIGNAL_REALTIME_64)
        return 64;
    return 0;
}

/* ---- guest memory ---- */

/* Reads guest memory: how many bytes could be read (the guest's
 * mappings say, as for a syscall's buffer). */
static size_t mem_read(uint64_t addr, uint8_t *buf, size_t len)
{
    return copy_from_guest_prefix(buf, addr, len);
}

/*
 * Writes guest memory the guest may write. A page arx write-protected
 * because code was translated from it faults, and the fault handler
 * gives it back (dropping its blocks), as for the guest's own writes.
 */
static bool mem_write(uint64_t addr, const uint8_t *buf, size_t len)
{
    return copy_to_guest(addr, buf, len) == 0;
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
        parse_hex(&p); /* the pid: only ours is there */
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
    tid = (int)parse_hex(&p);
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
        if (write(wake_pipe[1], "e", 1) < 0) { /* the stub polls it too */
        }
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

static int stop_here(GdbThread *g, int sig)
{
    return stop_here_for(g, (GdbStop){.thread = g, .sig = sig});
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
                stop_here(g, SIGTRAP);
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
            stop_here(g, SIGTRAP);
            continue;
        }
        g->in_guest = true;
        pthread_mutex_unlock(&lock);
        /* Step blocks may sit in the jump cache under their pcs. */
        if (env->debug_step && !step)
            tcg_exec_jmp_cache_clear();
        env->debug_step = step;

        tcg_cpu_exec(env);

        pthread_mutex_lock(&lock);
        g->in_guest = false;
        pthread_cond_broadcast(&idle_cond);
        pthread_mutex_unlock(&lock);
        switch (env->exception) {
        case EXCP_DEBUG:
            env->exception = EXCP_NONE;
            stop_here(g, SIGTRAP);
            continue;
        case EXCP_STEP: /* a step block a plain run found: pc is right */
            env->exception = EXCP_NONE;
            if (!watch_stop(g) && stepping)
                stop_here(g, SIGTRAP);
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

int gdbstub_signal(GuestThread *t, int sig)
{
    GdbThread *g = t->gdb;
    int passed;

    if (!g || !gdbstub_active)
        return sig;
    g->step_after_exception = false;
    while ((passed = stop_here(g, sig)) < 0)
        continue;
    return passed;
}

/* The process ends with this reply: the stub's thread must not end it
 * first when gdb, told, closes the connection. */
static void send_last_reply(const char *fmt, int value)
{
    bool was_detached;

    if (!gdbstub_active || getpid() != stub_pid)
        return;
    pthread_mutex_lock(&lock);
    was_detached = detached;
    detached = true;
    pthread_mutex_unlock(&lock);
    if (!was_detached)
        send_fmt(fmt, value & 0xff);
}

void gdbstub_exited(int status)
{
    send_last_reply("W%02x", status);
}

void gdbstub_killed(int sig)
{
    send_last_reply("X%02x", gdb_signal_from_linux(sig));
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
        send_fmt("T%02xwatch:%llx;thread:%s;",
                 gdb_signal_from_linux(last_stop.sig),
                 (unsigned long long)last_stop.watch_addr, thread_id(g, id));
    else if (g)
        send_fmt("T%02xthread:%s;", gdb_signal_from_linux(last_stop.sig),
                 thread_id(g, id));
    else
        send_fmt("S%02x", gdb_signal_from_linux(last_stop.sig));
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
        send_packet("E01");
        return;
    }
    for (int n = 0; n < arch->nb_regs; n++)
        p = to_hex(p, reg, (size_t)arch->read_reg(&g->t->env, n, reg));
    send_packet(out);
    free(out);
}

static void handle_write_regs(const char *hex)
{
    GdbThread *g = reg_thread();
    uint8_t reg[64];

    if (!g) {
        send_packet("E01");
        return;
    }
    for (int n = 0; n < arch->nb_regs && *hex; n++) {
        int size = arch->read_reg(&g->t->env, n, reg);

        if (strlen(hex) < (size_t)size * 2 || !from_hex(reg, hex, (size_t)size))
            break;
        arch->write_reg(&g->t->env, n, reg);
        hex += 2 * size;
    }
    send_packet("OK");
}

static void handle_read_reg(const char *p)
{
    GdbThread *g = reg_thread();
    int n = (int)parse_hex(&p), size;
    uint8_t reg[64];
    char out[130];

    if (!g || n >= arch->nb_regs ||
        (size = arch->read_reg(&g->t->env, n, reg)) == 0) {
        send_packet("E01");
        return;
    }
    to_hex(out, reg, (size_t)size);
    send_packet(out);
}

static void handle_write_reg(const char *p)
{
    GdbThread *g = reg_thread();
    int n = (int)parse_hex(&p), size;
    uint8_t reg[64];

    if (!g || *p++ != '=' || n >= arch->nb_regs ||
        (size = arch->read_reg(&g->t->env, n, reg)) == 0 ||
        !from_hex(reg, p, (size_t)size)) {
        send_packet("E01");
        return;
    }
    arch->write_reg(&g->t->env, n, reg);
    send_packet("OK");
}

#define GDB_MAX_PACKET 0x4000

static void handle_read_mem(const char *p)
{
    uint64_t addr = parse_hex(&p), len;
    static uint8_t buf[GDB_MAX_PACKET / 2];
    static char out[GDB_MAX_PACKET + 1];
    size_t got;

    if (*p++ != ',') {
        send_packet("E01");
        return;
    }
    len = parse_hex(&p);
    if (len > sizeof(buf))
        len = sizeof(buf);
    got = mem_read(addr, buf, (size_t)len);
    if (got == 0 && len > 0) {
        send_packet("E0e"); /* EFAULT */
        return;
    }
    to_hex(out, buf, got);
    send_packet(out);
}

/* M addr,len:hex and X addr,len:binary. */
static void handle_write_mem(const char *p, size_t packet_len, bool binary)
{
    const char *start = p;
    uint64_t addr = parse_hex(&p), len;
    static uint8_t buf[GDB_MAX_PACKET];

    if (*p++ != ',') {
        send_packet("E01");
        return;
    }
    len = parse_hex(&p);
    if (*p++ != ':' || len > sizeof(buf)) {
        send_packet("E01");
        return;
    }
    if (binary) {
        /* start is the packet after 'X': its length is known. */
        if ((size_t)(p - start) + len > packet_len) {
            send_packet("E01");
            return;
        }
        memcpy(buf, p, (size_t)len);
    } else if (!from_hex(buf, p, (size_t)len)) {
        send_packet("E01");
        return;
    }
    send_packet(mem_write(addr, buf, (size_t)len) ? "OK" : "E0e");
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
    int type = (int)parse_hex(&p);
    uint64_t addr, len;
    bool ok;

    if (type > 2 || *p++ != ',') {
        send_packet(""); /* read and access watchpoints: not supported */
        return;
    }
    addr = parse_hex(&p);
    if (type == 2) {
        if (*p++ != ',') {
            send_packet("E01");
            return;
        }
        len = parse_hex(&p);
        if (insert) {
            ok = watch_insert(addr, len);
        } else {
            watch_remove(addr, len);
            ok = true;
        }
        send_packet(ok ? "OK" : "E22");
        return;
    }
    ok = insert ? tcg_debug_breakpoint_insert(addr)
                : (tcg_debug_breakpoint_remove(addr), true);
    send_packet(ok ? "OK" : "E22");
}

/* Sends the part [off, off + len) of a qXfer object. */
static void send_xfer(const char *data, size_t size, const char *range)
{
    const char *p = range;
    uint64_t off = parse_hex(&p), len;
    char *out;

    if (*p++ != ',') {
        send_packet("E01");
        return;
    }
    len = parse_hex(&p);
    if (len > GDB_MAX_PACKET - 8)
        len = GDB_MAX_PACKET - 8;
    if (off >= size) {
        send_packet("l");
        return;
    }
    if (len > size - off)
        len = size - off;
    out = malloc(len + 1);
    if (!out) {
        send_packet("E0c");
        return;
    }
    out[0] = off + len < size ? 'm' : 'l';
    memcpy(out + 1, data + off, len);
    send_packet_bin(out, len + 1);
    free(out);
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
        send_packet("E0c");
        return;
    }
    len = (size_t)snprintf(doc, cap, "<?xml version=\"1.0\"?>\n<threads>\n");
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
    len += (size_t)snprintf(doc + len, cap - len, "</threads>\n");
    send_xfer(doc, len, range);
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
    send_xfer((const char *)buf, size, range);
}

static void handle_xfer(const char *p)
{
    /* qXfer:OBJECT:read:ANNEX:OFF,LEN */
    if (strncmp(p, "features:read:target.xml:", 25) == 0) {
        send_xfer(arch->target_xml, strlen(arch->target_xml), p + 25);
    } else if (strncmp(p, "threads:read::", 14) == 0) {
        xfer_threads(p + 14);
    } else if (strncmp(p, "auxv:read::", 11) == 0) {
        xfer_auxv(p + 11);
    } else if (strncmp(p, "exec-file:read:", 15) == 0) {
        const char *range = strchr(p + 15, ':');
        char path[4096];

        if (!range || !realpath(guest_image.path, path))
            send_packet("E01");
        else
            send_xfer(path, strlen(path), range + 1);
    } else {
        send_packet("");
    }
}

static void handle_query(const char *p)
{
    if (strncmp(p, "qSupported", 10) == 0) {
        multiprocess = strstr(p, "multiprocess+") != NULL;
        send_fmt("PacketSize=%x;QStartNoAckMode+;qXfer:features:read+;"
                 "qXfer:threads:read+;qXfer:auxv:read+;"
                 "qXfer:exec-file:read+;vContSupported+%s",
                 GDB_MAX_PACKET, multiprocess ? ";multiprocess+" : "");
    } else if (strcmp(p, "qAttached") == 0 ||
               strncmp(p, "qAttached:", 10) == 0) {
        send_packet("0"); /* started by us: gdb kills it when done */
    } else if (strcmp(p, "qC") == 0) {
        GdbThread *g = last_stop.thread ? last_stop.thread : threads;
        char id[32];

        send_fmt("QC%s", g ? thread_id(g, id) : "0");
    } else if (strcmp(p, "qfThreadInfo") == 0) {
        char out[GDB_MAX_PACKET];
        size_t n = 1;

        out[0] = 'm';
        char id[32];

        for (GdbThread *g = threads; g && n + 40 < sizeof(out); g = g->next)
            n += (size_t)snprintf(out + n, sizeof(out) - n, "%s%s",
                                  n > 1 ? "," : "", thread_id(g, id));
        out[n] = '\0';
        send_packet(n > 1 ? out : "l");
    } else if (strcmp(p, "qsThreadInfo") == 0) {
        send_packet("l");
    } else if (strncmp(p, "qXfer:", 6) == 0) {
        handle_xfer(p + 6);
    } else if (strncmp(p, "qSymbol", 7) == 0) {
        send_packet("OK");
    } else if (strcmp(p, "QStartNoAckMode") == 0) {
        send_packet("OK");
        no_ack = true;
    } else {
        send_packet("");
    }
}

/* ---- vFile: files as the guest sees them, read only ---- */

/* gdb's pid for a process when the stub does not report pids. */
#define GDB_MAGIC_NULL_PID 42000

/* /proc/<gdb's pid for us>/... is /proc/self/... (in self, of size
 * PATH_MAX); other paths stay. */
static const char *vfile_proc_self(const char *path, char *self)
{
    char *end;
    long pid;

    if (strncmp(path, "/proc/", 6) != 0 || path[6] < '0' || path[6] > '9')
        return path;
    pid = strtol(path + 6, &end, 10);
    if (*end != '/' || (pid != GDB_MAGIC_NULL_PID && pid != stub_pid))
        return path;
    snprintf(self, PATH_MAX, "/proc/self%s", end);
    return self;
}

/* Paths go through the sysroot as the guest's would; /proc/self is the
 * guest's view (procfs.c). */
static int vfile_open(const char *path, int64_t *fd)
{
    char self[PATH_MAX];
    const char *p = vfile_proc_self(path, self);

    if (procfs_open(p, O_RDONLY | O_CLOEXEC, fd))
        return *fd < 0 ? (int)-*fd : 0;
    *fd = open(path_redirect(p), O_RDONLY | O_CLOEXEC);
    return *fd < 0 ? errno : 0;
}

static void put_be(uint8_t *out, uint64_t v, int size)
{
    for (int i = size - 1; i >= 0; i--, v >>= 8)
        out[i] = (uint8_t)v;
}

/* The File-I/O protocol's struct stat: big-endian fields. */
static void vfile_fstat(int fd)
{
    struct stat st;
    char reply[4 + 64];
    uint8_t *s = (uint8_t *)reply + 4;

    if (fstat(fd, &st) < 0) {
        send_fmt("F-1,%x", errno);
        return;
    }
    memcpy(reply, "F40;", 4);
    put_be(s, st.st_dev, 4);
    put_be(s + 4, st.st_ino, 4);
    put_be(s + 8, st.st_mode, 4);
    put_be(s + 12, st.st_nlink, 4);
    put_be(s + 16, st.st_uid, 4);
    put_be(s + 20, st.st_gid, 4);
    put_be(s + 24, st.st_rdev, 4);
    put_be(s + 28, (uint64_t)st.st_size, 8);
    put_be(s + 36, (uint64_t)st.st_blksize, 8);
    put_be(s + 44, (uint64_t)st.st_blocks, 8);
    put_be(s + 52, (uint64_t)st.st_atime, 4);
    put_be(s + 56, (uint64_t)st.st_mtime, 4);
    put_be(s + 60, (uint64_t)st.st_ctime, 4);
    send_packet_bin(reply, 4 + 64);
}

/* readlink as the guest sees it: its program for /proc/self/exe, paths
 * inside the sysroot without it. */
static void vfile_readlink(const char *path)
{
    char self[PATH_MAX], text[PATH_MAX + 32];
    const char *p = vfile_proc_self(path, self), *entry;
    int head = 0;
    ssize_t n;

    entry = procfs_own_entry(p);
    if (entry && strcmp(entry, "exe") == 0) {
        n = snprintf(text + 32, PATH_MAX, "%s", sys_exe_path());
    } else {
        n = readlink(path_redirect(p), text + 32, PATH_MAX - 1);
        if (n < 0) {
            send_fmt("F-1,%x", errno);
            return;
        }
        text[32 + n] = '\0';
        if (path_is_in_sysroot(text + 32))
            n = (ssize_t)path_to_guest(text + 32);
    }
    head = snprintf(text, 32, "F%zx;", (size_t)n);
    memmove(text + head, text + 32, (size_t)n);
    send_packet_bin(text, (size_t)head + (size_t)n);
}

static void handle_vfile(const char *p)
{
    if (strncmp(p, "setfs:", 6) == 0) {
        send_packet("F0");
    } else if (strncmp(p, "open:", 5) == 0) {
        char path[4096];
        const char *q = p + 5, *comma = strchr(q, ',');
        size_t n = comma ? (size_t)(comma - q) / 2 : 0;
        int64_t fd;
        int err;

        if (!comma || n >= sizeof(path) || !from_hex((uint8_t *)path, q, n)) {
            send_packet("F-1,16"); /* EINVAL */
            return;
        }
        path[n] = '\0';
        q = comma + 1;
        if (parse_hex(&q) != 0) { /* gdb's O_RDONLY: nothing else */
            send_packet("F-1,d"); /* EACCES */
            return;
        }
        err = vfile_open(path, &fd);
        if (err)
            send_fmt("F-1,%x", err);
        else
            send_fmt("F%llx", (unsigned long long)fd);
    } else if (strncmp(p, "pread:", 6) == 0) {
        const char *q = p + 6;
        int fd = (int)parse_hex(&q);
        uint64_t count = *q == ',' ? (q++, parse_hex(&q)) : 0;
        uint64_t offset = *q == ',' ? (q++, parse_hex(&q)) : 0;
        static char buf[GDB_MAX_PACKET];
        int head;
        ssize_t got;

        if (count > GDB_MAX_PACKET / 2)
            count = GDB_MAX_PACKET / 2;
        got = pread(fd, buf + 32, (size_t)count, (off_t)offset);
        if (got < 0) {
            send_fmt("F-1,%x", errno);
            return;
        }
        head = snprintf(buf, 32, "F%zx;", (size_t)got);
        memmove(buf + head, buf + 32, (size_t)got);
        send_packet_bin(buf, (size_t)head + (size_t)got);
    } else if (strncmp(p, "readlink:", 9) == 0) {
        char path[PATH_MAX];
        size_t n = strlen(p + 9) / 2;

        if (n >= sizeof(path) || !from_hex((uint8_t *)path, p + 9, n)) {
            send_packet("F-1,16");
            return;
        }
        path[n] = '\0';
        vfile_readlink(path);
    } else if (strncmp(p, "fstat:", 6) == 0) {
        const char *q = p + 6;
        vfile_fstat((int)parse_hex(&q));
    } else if (strncmp(p, "close:", 6) == 0) {
        const char *q = p + 6;
        send_packet(close((int)parse_hex(&q)) == 0 ? "F0" : "F-1,9");
    } else {
        send_packet("");
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
        sig = linux_signal_from_gdb((int)parse_hex(&p));
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
    bool set[1024] = {0}; /* by position in threads */

    bool default_set = false;

    pthread_mutex_lock(&lock);
    for (GdbThread *g = threads; g; g = g->next)
        g->action = GDB_STOP;
    new_thread_action = GDB_STOP;
    while (*p == ';') {
        char cmd = *++p;
        int sig = 0, action;
        GdbThread *target = NULL;
        bool all = true;

        p++;
        if (cmd == 'C' || cmd == 'S')
            sig = linux_signal_from_gdb((int)parse_hex(&p));
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
        int i = 0;
        for (GdbThread *g = threads; g; g = g->next, i++) {
            if ((all || g == target) && (i >= 1024 || !set[i])) {
                set_action(g, action, sig);
                if (i < 1024)
                    set[i] = true;
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
    GdbThread *g = thread_by_id(p + 1, &all);

    if (!g && !all) {
        send_packet("E01");
        return;
    }
    if (p[0] == 'g')
        sel_g = g;
    else
        sel_c = g;
    send_packet("OK");
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
        bool all;
        send_packet(thread_by_id(pkt + 1, &all) ? "OK" : "E01");
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
        send_packet("OK");
        detach();
        return true;
    case 'v':
        if (strncmp(pkt, "vCont?", 6) == 0) {
            send_packet("vCont;c;C;s;S;t");
            return false;
        }
        if (strncmp(pkt, "vCont;", 6) == 0)
            return handle_vcont(pkt + 5);
        if (strncmp(pkt, "vFile:", 6) == 0) {
            handle_vfile(pkt + 6);
            return false;
        }
        if (strncmp(pkt, "vKill", 5) == 0) {
            send_packet("OK");
            kill_guest();
        }
        send_packet(""); /* vMustReplyEmpty, vFile, ... */
        return false;
    default: send_packet(""); return false;
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

        if (!rx_pending() && poll(fds, 2, -1) < 0 && errno != EINTR)
            return false;
        if (rx_pending() || (fds[0].revents & (POLLIN | POLLHUP | POLLERR))) {
            int c = rx_byte();

            if (c < 0)
                return false;
            interrupt = c == 0x03;
        }
        if (fds[1].revents & POLLIN)
            if (read(wake_pipe[0], drain, sizeof(drain)) < 0) {
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
        int n = recv_packet(pkt, sizeof(pkt));

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

void gdbstub_start(GuestThread *main, int port)
{
    int fd, one = 1;
    pthread_t handle;
    pthread_attr_t attr;
    sigset_t all, old;

    arch = guest_image.machine == EM_ARM ? &gdb_arch_arm : &gdb_arch_aarch64;
    fd = listen_on(port);
    if (fd < 0)
        arx_fatal("cannot listen on 127.0.0.1:%d for gdb: %s", port,
                  strerror(errno));
    fprintf(stderr, "arx: waiting for gdb on 127.0.0.1:%d\n", port);
    do
        conn = accept4(fd, NULL, NULL, SOCK_CLOEXEC);
    while (conn < 0 && errno == EINTR);
    close(fd);
    if (conn < 0)
        arx_fatal("gdb connection failed: %s", strerror(errno));
    setsockopt(conn, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
    if (pipe2(wake_pipe, O_CLOEXEC | O_NONBLOCK) < 0)
        arx_fatal("cannot make the gdb stub's pipe: %s", strerror(errno));
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
